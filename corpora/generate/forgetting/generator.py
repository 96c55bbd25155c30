"""TypedMemEval-Forgetting: invalidated 20, still-valid 15, never-known 15 (SPEC §3).

Every session of every question makes the same four moves — a statement of some person's fact,
an event on some fact (an explicit invalidation or a re-affirmation), a value-bearing twin
(someone else's fact, a rumour that was wrong, a choice considered and dropped) and a neutral
mention — and exactly one of them belongs to a *hot* pair (`allocate`). The asked pair is one of
a haystack's hot pairs; the others are its questions not asked, drawn from the same mix of
kinds (invalidated, re-affirmed, never stated) and given the same twins and near misses. Gold
is the asked pair's statement and event; everything else is competition that survives reading.
Every rival is said twice, as a stated answer is: first in a statement's words, then (unless it
is a plan dropped) as an event on it — a re-affirmation, or an ending when it is someone else's
news. Its first saying stands, followed by the status a true statement gets; its second,
sessions later, by what became of it, taking back both ("I've had that wrong all along",
`core/echo.py`), so neither how often a value is said nor the frame it is said in marks the
answer, and no rival is said to hold still after it was taken back. A rival said once is taken
back in the next turn(s). Every question asks what holds now, after the last session, when
every rival has been taken back.

Invalidated questions state first and invalidate 5–15 sessions later (so 4–14 sessions sit
between, inside the published 4–15 whichever way the gap is counted). Each still-valid control
shares its partner's plan — person, family, gap, haystack size and kits — but places them and
dates its sessions afresh, as its own haystack, and its two components restate each other. Never-known probes ask
about a hot pair whose value no session states, though its twins and near misses come up.

A still-valid answer's place among the values said of its holder, counted from the latest
(its re-affirmation against each rival's second saying) and from the first (its statement
against each rival's first saying), is planned so that over the controls every place is taken
about equally often, and a control's placement is drawn again until its answer falls there
(`AnswerPlaces`).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from checker.formats.corpus import GoldComponent, Twin, TypedMemEvalBlock
from checker.formats.ids import pair_id, question_id
from corpora.generate.core.allocate import (
    EVENT_SLOT,
    MENTION_SLOT,
    STATEMENT_SLOT,
    TWIN_SLOT,
    Kit,
    cold_pairs,
    fill_cold,
    fit_kits,
    hot_moves,
    kit_kinds,
    place_hot,
    slot_of,
    supported_twins,
    twins_of,
)
from corpora.generate.core.bank import FORGETTING_FAMILIES, RELATIONS, families
from corpora.generate.core.clock import start_date, varied_schedule
from corpora.generate.core.echo import ColdEchoes, plan_echoes, stand_then_take_back
from corpora.generate.core.haystack import (
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    moment_since,
)
from corpora.generate.core.names import NameRegistry
from corpora.generate.core.topics import joining, plain
from corpora.generate.core.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    kit_levers,
    question_rng,
)
from corpora.generate.core.world import (
    INVALIDATION,
    MENTION,
    REAFFIRMATION,
    STATEMENT,
    TWIN_CONSIDERED,
    TWIN_KINDS,
    TWIN_OTHERS,
    Fact,
    Family,
    Move,
    Person,
    SessionPlan,
    draw_people,
)

VERTICAL = "forgetting"
ABBREV = "for"
SEED = 20261201
VERSION = "2.0.0"

N_INVALIDATED, N_STILL_VALID, N_NEVER_KNOWN = 20, 15, 15
N_QUESTIONS = N_INVALIDATED + N_STILL_VALID + N_NEVER_KNOWN
H_RANGE = (15, 25)
#: Statement-to-event distance in session indices: 4–14 sessions lie between.
GAP_RANGE = (5, 15)
#: The slots every session fills, one move each.
RECIPE = (STATEMENT_SLOT, EVENT_SLOT, TWIN_SLOT, MENTION_SLOT)
#: Kinds a hot pair's kit can be, with the share of questions that ask about each kind.
KIT_SHARES = (
    ("invalidated", N_INVALIDATED / N_QUESTIONS),
    ("still-valid", N_STILL_VALID / N_QUESTIONS),
    ("never-known", N_NEVER_KNOWN / N_QUESTIONS),
)
#: Chance that two twins of a hot pair are one rival said twice (`core/echo.py`): a stated and
#: then ended or re-affirmed answer is said twice, so every rival is too (a kit's twins are
#: made even in number, `_paired`); at 0.9, with odd twin counts, a rival said once was common
#: and the value said most often was the still-valid answer at +0.135 over chance (n=14).
#: Cold rivals echo at the same rate whenever an earlier one is open.
ECHO = 1.0
#: Share of cold events that are invalidations (the asked pairs' share).
INVALIDATION_SHARE = N_INVALIDATED / (N_INVALIDATED + N_STILL_VALID)
#: Placements drawn for a still-valid control, at most, to put its answer at its planned place
#: (`AnswerPlaces`); the nearest found is kept when none does.
PLACE_DRAWS = 400


@dataclass(frozen=True)
class TargetPlan:
    """What a question asks about and how much competition each hot pair gets; a still-valid
    control reuses its invalidated partner's plan."""

    relation: str
    family: str
    gap: int
    h: int
    #: People and families the haystack's pairs are drawn from.
    people: int
    families: int


#: Difficulty bands of the discrimination dial: the gaps each band spans.
GAP_BANDS = {1: (5, 6), 2: (7, 8), 3: (9, 10), 4: (11, 12), 5: (13, 15)}


def _holder(fact: Fact) -> tuple[Person, Family]:
    """A fact's person and family, as `joining` reads an option."""
    return fact.person, fact.family


def gap_band(gap: int) -> int:
    """Difficulty band of the discrimination dial: the statement-to-invalidation gap."""
    return next(band for band, (lo, hi) in GAP_BANDS.items() if lo <= gap <= hi)


def haystack_token(seed: int, key: int) -> str:
    """An opaque token for one haystack, from the corpus seed and the haystack's number only."""
    digest = hashlib.sha256(f"typedmemeval/{VERTICAL}/{seed}/haystack/{key}".encode()).hexdigest()
    return "h" + digest[:10]


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
        plans.append(
            TargetPlan(
                relation=rng.choice(RELATIONS).key,
                family=fams[i],
                gap=gaps[i],
                h=rng.randint(*H_RANGE),
                people=rng.randint(levers["people_min"], levers["people_max"]),
                families=rng.randint(levers["families_min"], levers["families_max"]),
            )
        )
    return plans


def _kit_kind(rng: random.Random) -> str:
    u, acc = rng.random(), 0.0
    for kind, share in KIT_SHARES:
        acc += share
        if u < acc:
            return kind
    return KIT_SHARES[-1][0]


def _kit(
    rng: random.Random,
    kind: str,
    person: Person,
    family_key: str,
    world: World,
    levers: Levers,
    gap: tuple[int, int],
) -> Kit:
    family = world.family(family_key)
    stated = kind != "never-known"
    event = {"invalidated": INVALIDATION, "still-valid": REAFFIRMATION}.get(kind)
    kinds = kit_kinds(
        rng,
        family=family,
        stated=stated,
        event=event,
        twins=rng.randint(levers["twins_min"], levers["twins_max"]),
        mentions=rng.randint(levers["mentions_min"], levers["mentions_max"]),
        twin_kinds=supported_twins(family),
    )
    fact = world.fact(person, family) if stated else None
    if not stated:
        world.reserve(person, family)
    return Kit(person, family, fact, kinds, gap=gap if event else None)


def _cast(rng: random.Random, plan: TargetPlan) -> tuple[list[Person], list[str]]:
    """The haystack's people (the asked one among them) and families (the asked one among them)."""
    people = draw_people(rng, RELATIONS)
    asked = next(p for p in people if p.key == plan.relation)
    others = [p for p in people if p.key != plan.relation]
    rng.shuffle(others)
    cast = [asked, *others[: plan.people - 1]]
    fams = [f for f in FORGETTING_FAMILIES if f != plan.family]
    rng.shuffle(fams)
    return cast, [plan.family, *fams[: plan.families - 1]]


def _answer(shape: str, world: World, plan: TargetPlan, value: str | None) -> str:
    person = world.person(plan.relation).forms()
    family = world.family(plan.family)
    noun = family.noun
    if shape == "never-known":
        return f"Unknown: {person['your']}'s {noun} was never stated in our conversations."
    assert value is not None
    named = family.answer_value.format(V=value)
    if shape == "invalidated":
        return (
            f"No longer. {person['Your']}'s {noun} was {named}, but that no longer holds, "
            f"and no newer {noun} is known."
        )
    return f"{capitalise(named)}, and that still holds for {person['your']}: it was reaffirmed afterwards."


#: Hours of the day a question may be asked at (first, last): when a person is about.
ASKED_HOURS = (8, 21)


def _asked_at(rng: random.Random, last: datetime) -> datetime:
    """When a question is asked: one to three days after the last session, at a quarter hour
    of the waking day (an offset in hours from the last session put questions at 04:30)."""
    day = last.replace(hour=0, minute=0) + timedelta(days=rng.randint(1, 3))
    return day + timedelta(hours=rng.randint(*ASKED_HOURS), minutes=15 * rng.randint(0, 3))


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
    levers: Levers,
    places: AnswerPlaces | None = None,
) -> AssembledQuestion:
    """One question. Its hot kits (which kinds, how many twins and near misses, where each
    move sits) come from the layout generator, which a still-valid control shares with its
    invalidated partner; people, values, wording and dates come from the question's own
    generator."""
    qid = question_id(ABBREV, revision, n, abstention=shape == "never-known")
    rng = question_rng(seed, VERTICAL, n)
    layout = question_rng(seed, VERTICAL, layout_key, "layout")
    # The cast, the kits and which pairs every move names come from a generator the
    # still-valid control shares with its invalidated partner, so the two arms are asked over
    # haystacks of one build and differ in the event, the values and the wording (their
    # retrieval difficulty must match: CAL005). Where the moves sit and when the sessions are
    # held are the question's own: a control that repeated its partner's sessions and dates
    # put its gold where the partner's is, and a model trained on the partner found it there
    # (position-only AUC 0.849 with the partners, 0.423 without them).
    cast = question_rng(seed, VERTICAL, layout_key, "cast")
    people, family_keys = _cast(cast, plan)
    world = World(cast, names, qid, people, families(tuple(family_keys)))
    person, family = world.person(plan.relation), world.family(plan.family)
    gold_bearing = shape != "never-known"
    count = plan.h + (2 if gold_bearing else 0)
    clock = question_rng(seed, VERTICAL, n, "clock")
    moments = varied_schedule(clock, start_date(clock), count)
    # A control's sessions start on a date of its own, so its question is never asked at its
    # partner's instant (no two questions of the corpus share their text and their date).
    asked = _asked_at(rng, moments[-1])

    # Hot kits: the asked pair's, then unasked ones of the same kinds until every session has
    # one hot move.
    target = _kit(layout, shape, person, plan.family, world, levers, (plan.gap, plan.gap))
    kits = [target]
    hot_pairs = [(person, family)]
    while sum(len(k.kinds) for k in kits) < count:
        options = [
            (p, f)
            for p in world.people
            for f in world.families
            if (p, f) not in hot_pairs and not world.taken(p, f)
        ]
        p, f = cast.choice(options)
        hot_pairs.append((p, f))
        kits.append(_kit(layout, _kit_kind(layout), p, f.key, world, levers, GAP_RANGE))
    fit_kits(layout, kits, count)
    for kit in kits:
        _paired(kit)
        twin_moves = [i for i, kind in enumerate(kit.kinds) if kind in TWIN_KINDS]
        kit.echoes = plan_echoes(layout, twin_moves, ECHO)
    _placed(question_rng(seed, VERTICAL, n, "place"), kits, count, places)

    slots, gold = hot_moves(
        kits,
        count,
        world,
        cast,
        evidence=lambda ki, kind: ki == 0 and slot_of(kind) in (STATEMENT_SLOT, EVENT_SLOT),
    )
    # Cold moves fill every other slot; cold events fall on cold facts stated 5-15 sessions
    # earlier where there is one, else on the nearest fact stated in an earlier session.
    # Nothing is ever ended or re-affirmed that the haystack did not state, nor in the session
    # that states it ("started work there" and "left earlier today" in one chat); when nothing
    # is open yet, the slot states another fact.
    retell = question_rng(seed, VERTICAL, n, "retell")
    for kit in kits:
        for first, second in kit.echoes:
            echo = slots[kit.sessions[second]][TWIN_SLOT]
            _retold(echo, retell)
            # The first saying stands till the echo takes both back (`core/echo.py`): every
            # question asks what holds now, after the last session.
            stand_then_take_back(slots[kit.sessions[first]][TWIN_SLOT], echo)
    cold = cold_pairs(world, hot_pairs)
    echoes = RetoldEchoes(layout, ECHO, (1, GAP_RANGE[1]), retell)

    def cold_event(s: int, pending: list[Fact]) -> None:
        if EVENT_SLOT in slots[s]:
            return
        open_ = [(f, f.stated_in) for f in pending if f.event is None and f.stated_in is not None]
        due = [f for f, at in open_ if GAP_RANGE[0] <= s - at <= GAP_RANGE[1]]
        if not due:
            nearest = max((at for _, at in open_ if at < s), default=None)
            due = [f for f, at in open_ if at == nearest]
        kind = INVALIDATION if layout.random() < INVALIDATION_SHARE else REAFFIRMATION
        said = list(slots[s].values())
        if due:
            fact = joining(cast, due, said, _holder)
            fact.event = (kind, s)
            slots[s][EVENT_SLOT] = Move(kind, fact.person, fact.family, fact.value)
        else:
            options = [(p, f) for p, f in cold if not world.taken(p, f)]
            p, f = joining(cast, options, said, plain)
            fact = world.fact(p, f)
            fact.stated_in = s
            pending.append(fact)
            slots[s][EVENT_SLOT] = Move(STATEMENT, fact.person, fact.family, fact.value)

    fill_cold(slots, cold, world, cast, echoes=echoes, events=cold_event)
    for source, echo in echoes.pairs:
        stand_then_take_back(source, echo)

    plans = []
    for s in range(count):
        moves = [slots[s][slot] for slot in RECIPE]
        rng.shuffle(moves)
        _stated_first(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))

    components = None
    if gold_bearing:
        kinds = ("statement", "invalidation" if shape == "invalidated" else "reaffirmation")
        components = [
            GoldComponent(kind=k, session_index=s) for k, s in zip(kinds, gold, strict=True)
        ]
    twins = [Twin(kind=k, session_index=s, value=v) for k, s, v in twins_of(target, slots)]
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
        twins=twins or None,
        difficulty=gap_band(plan.gap) if shape == "invalidated" else None,
        difficulty_dial="discrimination" if shape == "invalidated" else None,
        seeded_from=f"{VERTICAL} seed {seed}, question {n}",
    )
    question = family.questions[0].format(holder=person.forms()["holder"]).replace("?", " now?")
    return assemble_question(
        question_id=qid,
        session_owner=haystack_token(seed, n),
        question=question,
        answer=_answer(shape, world, plan, target.fact.value if target.fact else None),
        question_date=asked,
        plans=plans,
        block=block,
        rng=rng,
    )


@dataclass
class AnswerPlaces:
    """Where the still-valid answers have fallen among the values said of their holders,
    counted from the latest (its re-affirmation against each rival's second saying) and from
    the first (its statement against each rival's first saying), and where the next goes.

    Placed as drawn, the still-valid answer was the third latest value said of the holder and
    the attribute in 0.571 of the controls (chance 0.375, n=14). So each control's answer is put
    at the places, of those its rivals leave it, that the controls so far have taken least
    often, counted both ways (ties drawn at random), and its placement is drawn again until it
    falls there: over the shape every place is taken about equally often."""

    rng: random.Random
    from_latest: Counter[int] = field(default_factory=Counter)
    from_first: Counter[int] = field(default_factory=Counter)

    def plan(self, rivals: int) -> tuple[int, int]:
        """(rival values said after the answer's last saying, rival values said before its
        first) for a control whose answer has `rivals` rival values."""
        options = []
        for after in range(rivals + 1):
            for before in range(rivals + 1):
                seen = [self.from_latest[k] for k in answered_by(1 + after, rivals + 1)]
                seen += [self.from_first[k] for k in answered_by(1 + before, rivals + 1)]
                options.append((max(seen), sum(seen), self.rng.random(), after, before))
        best = min(options)
        return best[-2], best[-1]

    def took(self, after: int, before: int, rivals: int) -> None:
        for k in answered_by(1 + after, rivals + 1):
            self.from_latest[k] += 1
        for k in answered_by(1 + before, rivals + 1):
            self.from_first[k] += 1


#: The places a reader who answers with the k-th value may try, the latest (or first) first.
READER_PLACES = range(1, 6)


def answered_by(place: int, said: int) -> list[int]:
    """The k-th-place readers an answer at `place` among `said` values rewards: past the last
    value such a reader starts again from the first, so with three values the fourth place is
    the first."""
    return [k for k in READER_PLACES if (k - 1) % said == place - 1]


def rival_sides(kit: Kit) -> tuple[int, int, int]:
    """(rival values, how many are last said after the kit's event, how many first said before
    its statement), from where the kit's moves sit: an echo pair is one value said twice."""
    statement, event = kit.sessions[0], kit.sessions[1]
    partner = {b: a for a, b in kit.echoes}
    said: dict[int, list[int]] = {}
    for i, kind in enumerate(kit.kinds):
        if kind in TWIN_KINDS:
            said.setdefault(partner.get(i, i), []).append(kit.sessions[i])
    after = sum(1 for ss in said.values() if max(ss) > event)
    before = sum(1 for ss in said.values() if min(ss) < statement)
    return len(said), after, before


def _placed(
    rng: random.Random, kits: Sequence[Kit], count: int, places: AnswerPlaces | None
) -> None:
    """Place the hot kits (`place_hot`); for a still-valid control (`places`), draw the
    placement again until its answer falls where planned, else keep the nearest found."""
    place_hot(rng, kits, count, echo_gap=GAP_RANGE)
    if places is None:
        return
    rivals, after, before = rival_sides(kits[0])
    want = places.plan(rivals)
    best = (abs(after - want[0]) + abs(before - want[1]), [list(k.sessions) for k in kits])
    for _ in range(PLACE_DRAWS):
        if best[0] == 0:
            break
        place_hot(rng, kits, count, echo_gap=GAP_RANGE)
        _, after, before = rival_sides(kits[0])
        miss = abs(after - want[0]) + abs(before - want[1])
        if miss < best[0]:
            best = (miss, [list(k.sessions) for k in kits])
    for kit, sessions in zip(kits, best[1], strict=True):
        kit.sessions = sessions
    _, after, before = rival_sides(kits[0])
    places.took(after, before, rivals)


def _paired(kit: Kit) -> None:
    """An odd twin out becomes a near miss, so every rival of a kit can be said twice."""
    twins = [i for i, kind in enumerate(kit.kinds) if kind in TWIN_KINDS]
    if len(twins) % 2:
        kit.kinds[twins[-1]] = MENTION


def _retold(move: Move, rng: random.Random) -> None:
    """A rival said a second time is told as the answer's second saying is, as an event on it,
    and its status follows as the first time: someone else's news may be an ending or be said
    to hold still, a rumour may be said to hold still ("scratch that: it was only gossip"
    retracts either). A rumoured ending is never told ("scratch that" after "she left it" would
    say she still has it), and a plan dropped is told again as a statement: "he changed his
    mind" after "he is still growing beans there" would say he had the allotment, and a
    never-known question would read as one whose answer no longer holds. Told in statement
    frames only, the event frames marked the answer's second saying among the turns that name
    the holder and the thing (SHC003 0.644 before, 0.503 after)."""
    if move.kind == TWIN_CONSIDERED:
        move.told_as = STATEMENT
    elif move.kind == TWIN_OTHERS and rng.random() < INVALIDATION_SHARE:
        move.told_as = INVALIDATION
    else:
        move.told_as = REAFFIRMATION


class RetoldEchoes(ColdEchoes):
    """Cold rivals echoed and retold as the hot ones are (`_retold`)."""

    def __init__(
        self, rng: random.Random, share: float, gap: tuple[int, int], retell: random.Random
    ) -> None:
        super().__init__(rng, share, gap)
        self.retell = retell

    def take(self, s: int) -> Move | None:
        move = super().take(s)
        if move is not None:
            _retold(move, self.retell)
        return move


def _stated_first(moves: list[Move]) -> None:
    """Within a session, an event never comes before the statement of the fact it is on."""
    for i, move in enumerate(moves):
        if move.kind not in (INVALIDATION, REAFFIRMATION):
            continue
        for j in range(i + 1, len(moves)):
            other = moves[j]
            if (
                other.kind == STATEMENT
                and other.person.key == move.person.key
                and other.family.key == move.family.key
            ):
                moves[i], moves[j] = other, move
                break


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
    # Where the still-valid answers have fallen so far, with its own generator for ties.
    places = AnswerPlaces(question_rng(seed, VERTICAL, 0, "answer places"))
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
            levers=levers,
            places=places if shape == "still-valid" else None,
        )
        for n, shape, plan_index, layout_key, pair in _question_specs(revision)
        if only is None or n in only
    ]
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        kit_levers(twins=(4, 6), mentions=(0, 1), people=(8, 11), families=(7, 9)),
        kit_levers(twins=(4, 6), mentions=(0, 1), people=(9, 12), families=(7, 9)),
        kit_levers(twins=(5, 6), mentions=(0, 1), people=(8, 11), families=(8, 10)),
        kit_levers(twins=(4, 6), mentions=(0, 0), people=(8, 11), families=(7, 9)),
    ),
    build=build,
)
