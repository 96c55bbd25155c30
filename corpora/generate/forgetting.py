"""TypedMemEval-Forgetting: invalidated 20, still-valid 15, never-known 15 (SPEC §3).

Every session of every question carries the same three moves — a statement of some person's
fact, an event on some fact (an explicit invalidation or a re-affirmation), and a neutral
mention of some person and topic — so a gold session is an ordinary session whose statement or
event happens to concern the person and family the question asks about. Competition is earned,
never injected: decoys of the same family held by other people, other facts of the same
person, and near-miss mentions of the asked person and family that state nothing.

Invalidated questions state first and invalidate 5–15 sessions later (so 4–14 sessions sit
between, inside the documents' 4–15 whichever way the gap is counted). Each still-valid control
shares its partner's plan — person, family, gap, haystack size and competition — but is drawn
afresh as its own haystack, and its two components restate each other. Never-known probes ask
about a person and family no session states, next to that person's other facts and other
people's facts of that family.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import timedelta

from checker.formats.corpus import GoldComponent, TypedMemEvalBlock
from checker.formats.ids import pair_id, question_id
from corpora.generate.bank import FORGETTING_FAMILIES, RELATIONS, families
from corpora.generate.clock import start_date, varied_schedule
from corpora.generate.haystack import (
    TARGET_FAMILY,
    TARGET_PERSON,
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    draw_category,
    moment_since,
)
from corpora.generate.names import NameRegistry
from corpora.generate.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    competition_levers,
    question_rng,
)
from corpora.generate.world import (
    INVALIDATION,
    MENTION,
    REAFFIRMATION,
    STATEMENT,
    Fact,
    Move,
    SessionPlan,
    draw_people,
)

VERTICAL = "forgetting"
ABBREV = "for"
SEED = 20261201
VERSION = "1.0.0"

N_INVALIDATED, N_STILL_VALID, N_NEVER_KNOWN = 20, 15, 15
H_RANGE = (15, 25)
#: Statement-to-invalidation distance in session indices: 4–14 sessions lie between.
GAP_RANGE = (5, 15)
#: Share of non-target events that are invalidations (the gold share is 20 of 35 events).
INVALIDATION_SHARE = N_INVALIDATED / (N_INVALIDATED + N_STILL_VALID)
#: Chance that a non-target fact stated in the haystack gets a later event in it.
EVENT_CHANCE = 0.6
KINDS = (STATEMENT, INVALIDATION, REAFFIRMATION)


@dataclass(frozen=True)
class TargetPlan:
    """What a question asks about and how much competition surrounds it; a still-valid
    control reuses its invalidated partner's plan."""

    relation: str
    family: str
    gap: int
    h: int
    near_misses: int
    same_family: int
    same_person: int


#: Difficulty bands of the discrimination dial: the gaps each band spans.
GAP_BANDS = {1: (5, 6), 2: (7, 8), 3: (9, 10), 4: (11, 12), 5: (13, 15)}


def gap_band(gap: int) -> int:
    """Difficulty band of the discrimination dial: the statement-to-invalidation gap."""
    return next(band for band, (lo, hi) in GAP_BANDS.items() if lo <= gap <= hi)


def _target_plans(seed: int, levers: Levers) -> list[TargetPlan]:
    rng = question_rng(seed, VERTICAL, 0, "plans")
    fams = list(FORGETTING_FAMILIES) * 5
    rng.shuffle(fams)
    # Invalidated gaps fill the five bands evenly (four questions each); the rest are uniform.
    bands = [1 + i % len(GAP_BANDS) for i in range(N_INVALIDATED)]
    rng.shuffle(bands)
    gaps = [rng.randint(*GAP_BANDS[b]) for b in bands]
    gaps += [rng.randint(*GAP_RANGE) for _ in range(N_NEVER_KNOWN)]
    plans = []
    for i in range(N_INVALIDATED + N_NEVER_KNOWN):
        lo, hi = levers["near_min"], levers["near_max"]
        plans.append(
            TargetPlan(
                relation=rng.choice(RELATIONS).key,
                family=fams[i],
                gap=gaps[i],
                h=rng.randint(*H_RANGE),
                near_misses=rng.randint(lo, hi),
                same_family=rng.randint(levers["family_min"], levers["family_max"]),
                same_person=rng.randint(levers["person_min"], levers["person_max"]),
            )
        )
    return plans


def _answer(shape: str, world: World, plan: TargetPlan, value: str | None) -> str:
    person = world.person(plan.relation).forms()
    family = world.family(plan.family)
    noun = family.noun
    if shape == "never-known":
        return f"Unknown: {person['your']}'s {noun} has never been mentioned."
    assert value is not None
    named = family.answer_value.format(V=value)
    if shape == "invalidated":
        return (
            f"No longer. {person['Your']}'s {noun} was {named}, but that no longer holds, "
            f"and no newer {noun} is known."
        )
    return f"{capitalise(named)}, and that still holds for {person['your']}: it was reaffirmed afterwards."


def build_question(
    *,
    seed: int,
    revision: str,
    n: int,
    layout_key: int,
    shape: str,
    plan: TargetPlan,
    names: NameRegistry,
    pair: str | None,
) -> AssembledQuestion:
    """One question. Structure (where the target, the decoys, the events and the near misses
    sit, and how every other move relates to the target) comes from the layout generator, which
    a still-valid control shares with its invalidated partner; people, values, wording and
    dates come from the question's own generator."""
    qid = question_id(ABBREV, revision, n, abstention=shape == "never-known")
    rng = question_rng(seed, VERTICAL, n)
    layout = question_rng(seed, VERTICAL, layout_key, "layout")
    world = World(rng, names, qid, draw_people(rng, RELATIONS), families(FORGETTING_FAMILIES))
    person, family = world.person(plan.relation), world.family(plan.family)
    target = (person, family)
    gold_bearing = shape != "never-known"
    count = plan.h + (2 if gold_bearing else 0)
    moments = varied_schedule(rng, start_date(rng), count)
    asked = moments[-1] + timedelta(days=rng.randint(1, 3), hours=rng.randint(1, 9))

    def category() -> str:
        return draw_category(layout, len(world.people), len(world.families))

    statements: list[Move | None] = [None] * count
    events: list[Move | None] = [None] * count
    mentions: list[Move | None] = [None] * count
    gold: list[int] = []
    value: str | None = None
    if gold_bearing:
        first = layout.randint(0, count - 1 - plan.gap)
        second = first + plan.gap
        gold = [first, second]
        value = world.fact(person, family).value
        event_kind = INVALIDATION if shape == "invalidated" else REAFFIRMATION
        statements[first] = Move(STATEMENT, person, family, value, evidence=True)
        events[second] = Move(event_kind, person, family, value, evidence=True)
    else:
        world.reserve(person, family)

    # Competition: other people's facts of the asked family, the asked person's other facts;
    # every other statement relates to the target as a uniformly drawn combination would.
    free_slots = [s for s in range(count) if statements[s] is None]
    layout.shuffle(free_slots)
    wanted = [TARGET_FAMILY] * plan.same_family + [TARGET_PERSON] * plan.same_person
    wanted += [category() for _ in range(len(free_slots) - len(wanted))]
    stated: list[Fact] = []
    for slot, kind in zip(free_slots, wanted, strict=False):
        fact = world.fact_in(kind, target, KINDS)
        fact.stated_in = slot
        stated.append(fact)
        statements[slot] = Move(STATEMENT, fact.person, fact.family, fact.value)

    # Events: some stated facts change or are confirmed later; the rest concern facts stated
    # before the haystack began. The same share of invalidations as the questions carry.
    def draw_kind() -> str:
        return INVALIDATION if layout.random() < INVALIDATION_SHARE else REAFFIRMATION

    for fact in sorted(stated, key=lambda f: f.stated_in or 0):
        assert fact.stated_in is not None
        if layout.random() >= EVENT_CHANCE:
            continue
        later = [s for s in range(fact.stated_in + 1, count) if events[s] is None]
        if later:
            slot = layout.choice(later)
            fact.event = (draw_kind(), slot)
            events[slot] = Move(fact.event[0], fact.person, fact.family, fact.value)
    for slot in range(count):
        if events[slot] is None:
            fact = world.fact_in(category(), target, KINDS)
            fact.event = (draw_kind(), slot)
            events[slot] = Move(fact.event[0], fact.person, fact.family, fact.value)

    # Mentions: near misses of the asked person and family, never in a gold session.
    near = [s for s in range(count) if s not in gold]
    layout.shuffle(near)
    for slot in near[: plan.near_misses]:
        mentions[slot] = Move(MENTION, person, family)
    for slot in range(count):
        if mentions[slot] is None:
            p, f = world.mention_in(category(), target)
            mentions[slot] = Move(MENTION, p, f)

    plans = []
    for slot in range(count):
        moves = [m for m in (statements[slot], events[slot], mentions[slot]) if m is not None]
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, slot)
        plans.append(SessionPlan(moments[slot], moves))

    components = None
    if gold_bearing:
        kinds = ("statement", "invalidation" if shape == "invalidated" else "reaffirmation")
        components = [
            GoldComponent(kind=k, session_index=s) for k, s in zip(kinds, gold, strict=True)
        ]
    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=shape,
        pair_id=pair,
        arm={"invalidated": "invalidated", "still-valid": "control"}.get(shape),
        distance_sessions=plan.gap if gold_bearing else None,
        gold_components=components,
        gold_components_load_bearing=True if shape == "invalidated" else None,
        gold_components_redundant=True if shape == "still-valid" else None,
        fact_family=family.key,
        difficulty=gap_band(plan.gap) if shape == "invalidated" else None,
        difficulty_dial="discrimination" if shape == "invalidated" else None,
        seeded_from=f"{VERTICAL} seed {seed}, question {n}",
    )
    question = family.questions[0].format(holder=person.forms()["holder"]).replace("?", " now?")
    return assemble_question(
        question_id=qid,
        session_owner=qid,
        question=question,
        answer=_answer(shape, world, plan, value),
        question_date=asked,
        plans=plans,
        block=block,
        rng=rng,
    )


def _question_specs(
    revision: str,
) -> list[tuple[int, str, int, int, str | None]]:
    """(question number, shape, plan index, layout key, pair id) for every question."""
    specs: list[tuple[int, str, int, int, str | None]] = []
    for i in range(N_INVALIDATED):
        pair = pair_id(ABBREV, revision, i + 1) if i < N_STILL_VALID else None
        specs.append((len(specs) + 1, "invalidated", i, i + 1, pair))
    for i in range(N_STILL_VALID):
        specs.append((len(specs) + 1, "still-valid", i, i + 1, pair_id(ABBREV, revision, i + 1)))
    for i in range(N_NEVER_KNOWN):
        k = N_INVALIDATED + i
        specs.append((len(specs) + 1, "never-known", k, k + 1, None))
    return specs


def build(
    seed: int, revision: str, levers: Levers, *, only: Collection[int] | None = None
) -> Built:
    """The corpus for one setting of the competition levers (`only`: just these question
    numbers, for tests; the rest are skipped without changing what the others contain)."""
    names = NameRegistry()
    plans = _target_plans(seed, levers)
    assembled = [
        build_question(
            seed=seed,
            revision=revision,
            n=n,
            layout_key=layout_key,
            shape=shape,
            plan=plans[plan_index],
            names=names,
            pair=pair,
        )
        for n, shape, plan_index, layout_key, pair in _question_specs(revision)
        if only is None or n in only
    ]
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__name__,
    version=VERSION,
    seed=SEED,
    levers=(
        competition_levers((2, 4), (2, 4), (2, 3)),
        competition_levers((3, 5), (2, 4), (2, 3)),
        competition_levers((2, 4), (3, 5), (2, 3)),
        competition_levers((2, 4), (2, 4), (3, 4)),
        competition_levers((1, 3), (2, 4), (2, 3)),
        competition_levers((3, 5), (3, 5), (2, 4)),
    ),
    build=build,
)
