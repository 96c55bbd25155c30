"""TypedMemEval-Episodic: assistant-stated 20, list-order 15, participant-attribution 15 (SPEC §3).

Every session of every question makes the same five moves in a shuffled order (`exchanges`): a
request the assistant answers by putting a value forward, a proposal the user makes (which the
assistant either takes up as its own pick or only engages with), one entry of someone's
running list, a value-bearing twin and a neutral mention. Exactly one of them belongs to a hot
pair's kit (`allocate`); the rest are cold.

A haystack's hot kits are the questions it could have been asked, drawn from the corpus's own
mix of shapes: a suggestion the assistant made (with, sometimes, the user's own earlier idea for
the same thing as a rival), a suggestion made by the user, by the assistant or by both, or a
list of four to seven entries. Each kit carries value-bearing twins and near-miss mentions; the
asked kit is one of them, so it is never the haystack's centre of mass. A list-order haystack
always holds a rival list of the same family kept by someone else.

A twin is told in the frames and clauses of the move it rivals (`Move.told_as`), about the
person, and the user's next turn says what it was (`exchanges.EPISODIC_STATUSES`): an entry that
was someone else's, a rumour or only a plan is told as an entry; a suggestion the user made to
someone else, or someone else made, as the user's proposal; a request for someone else as a
request, which the assistant answers with a value. An assistant-stated kit's twins are all such
requests, so the values the assistant names for a pair outnumber the one the user alone names.

- assistant-stated: gold is the session whose request for the asked pair the assistant answered;
  the value is said in that reply and in no user turn anywhere in the corpus.
- list-order: gold is the entries' sessions, placed at random among the haystack's sessions, so
  the order is only the order of mention and the last entry is not the last session.
- participant-attribution: gold is the one suggestion for the asked pair; who made it (me, you
  or both of us) is drawn in equal numbers, and the question's frame is drawn from a bank of six
  independently of it (each frame used once per arm).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from checker.formats.corpus import ListOrder, Twin, TypedMemEvalBlock
from checker.formats.ids import question_id
from corpora.generate.core.allocate import (
    MENTION_SLOT,
    TWIN_SLOT,
    AllocationError,
    Kit,
    fit_kits,
    place_hot,
)
from corpora.generate.core.bank import OTHER_PEOPLE, RELATIONS
from corpora.generate.core.clock import question_moment, start_date, varied_schedule
from corpora.generate.core.haystack import AssembledQuestion, World, assemble_question, capitalise
from corpora.generate.core.haystack import moment_since as _moment_since
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
    MENTION,
    Family,
    Gender,
    Move,
    Person,
    SessionPlan,
    draw_people,
)
from corpora.generate.episodic.exchanges import (
    ATTRIBUTION_FRAMES,
    EPISODIC_BANK,
    EPISODIC_FAMILIES,
    ITEM,
    ITEM_TWINS,
    LIST_FAMILIES,
    LIST_FRAMES,
    OTHER_TWINS,
    PROPOSAL,
    PROPOSAL_AGREED,
    REQUEST,
    REQUEST_OTHERS,
    SPEAKERS,
    STATED_BY,
    SUGGESTION_KINDS,
    SUGGESTION_TWINS,
    TOLD_AS,
    EpisodicFamily,
    ask_placeholders,
)

VERTICAL = "episodic"
ABBREV = "epi"
SEED = 20261204
VERSION = "1.0.0"

AS, LO, PA = "assistant-stated", "list-order", "participant-attribution"
N_AS, N_LO, N_PA = 20, 15, 15
N_QUESTIONS = N_AS + N_LO + N_PA
H_RANGE = (15, 25)
#: List lengths of the fifteen list-order questions (the dispersion dial's bands).
LIST_LENGTHS = (4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7)
#: Who makes an attribution question's suggestion: the user (me), the assistant (you), both.
ARMS = (PROPOSAL, REQUEST, PROPOSAL_AGREED)
#: Slots every session fills, one move each: a twin of a suggestion and a twin of a list entry
#: each have their own slot, so every session carries one of each whatever its hot move is.
REQUEST_SLOT, PROPOSAL_SLOT, ITEM_SLOT = REQUEST, PROPOSAL, ITEM
ITEM_TWIN_SLOT = "item-twin"
RECIPE = (REQUEST_SLOT, PROPOSAL_SLOT, ITEM_SLOT, TWIN_SLOT, ITEM_TWIN_SLOT, MENTION_SLOT)
#: The shapes an unasked hot kit is drawn from, with the corpus's own shares.
KIT_SHARES = ((AS, N_AS / N_QUESTIONS), (LO, N_LO / N_QUESTIONS), (PA, N_PA / N_QUESTIONS))
#: `REQUEST_OTHERS` is a twin the assistant says: a request told as one about the person ("my
#: aunt wants a gym, any ideas?"), answered with a value the assistant puts forward, and then
#: said to be for someone seen through the person. Without it the one value of a pair said in
#: an assistant turn was the answer of every assistant-stated question (issue 24: +0.79 over
#: chance).
#: The twins a suggestion pair draws, asked or not, hot or cold (a request for someone else
#: five times as often as each other kind, so most pairs have a rival the assistant said).
TWIN_CHOICES = (*SUGGESTION_TWINS, *(REQUEST_OTHERS,) * 5)
#: The twins of an assistant-stated kit: requests for someone else only, so the values the
#: assistant names for the pair outnumber those only the user names (the user's own idea, a
#: rival proposal, is the one such value), and picking a value the assistant said is little
#: better than picking any (issue 24: +0.12 to +0.18 over chance with user-told twins).
AS_TWIN_CHOICES = (REQUEST_OTHERS,)
#: Most requests of one person's that a haystack says were for someone else: past it, a
#: person's every request read as followed by the same redirect. An assistant-stated kit keeps
#: fewer twins; another kit's or a cold twin is drawn among the suggestion twins instead.
MAX_REDIRECTS = 3
#: Share of cold proposals the assistant takes up as its own pick.
AGREED_SHARE = 0.5
#: The cast: relations of one word, so the asked person weighs as much in every question's
#: wording (a two-word "best friend" doubles the person's share of a short sentence).
CAST = tuple(r for r in RELATIONS if " " not in r.noun)


def slot_of(kind: str) -> str:
    """The recipe slot a move of `kind` fills."""
    if kind in (PROPOSAL, PROPOSAL_AGREED):
        return PROPOSAL_SLOT
    if kind in TWIN_CHOICES:
        return TWIN_SLOT
    if kind in ITEM_TWINS:
        return ITEM_TWIN_SLOT
    return kind


def removable(kind: str) -> bool:
    """Kit moves `fit_kits` may drop: twins and mentions, never a suggestion or an entry."""
    return slot_of(kind) in (TWIN_SLOT, ITEM_TWIN_SLOT, MENTION_SLOT)


def difficulty_band(length: int) -> int:
    """The dispersion dial: lists of 4, 5, 6 and 7 entries are bands 2, 3, 4 and 5."""
    return min(5, max(1, length - 2))


def haystack_token(seed: int, key: int) -> str:
    """An opaque token for one haystack, from the corpus seed and the haystack's number only."""
    digest = hashlib.sha256(f"typedmemeval/{VERTICAL}/{seed}/haystack/{key}".encode()).hexdigest()
    return "h" + digest[:10]


@dataclass(frozen=True)
class Plan:
    """One question: its shape, what it asks about, its haystack's size and competition."""

    n: int
    shape: str
    relation: str
    family: str
    h: int
    people: int
    families: int
    #: List-order: the list's length.
    length: int = 0
    #: Participant-attribution: the suggestion's kind (who made it).
    arm: str = REQUEST
    #: Index of the question's frame in its shape's frame bank.
    frame: int = 0
    #: Questions with the same clock key share their sessions' spacing, times of day and the
    #: question's offset from the last session; each is shifted by whole weeks from the
    #: clock's start (so weekdays and hours agree too).
    clock_key: int = 0
    clock_weeks: int = 0


def _plans(seed: int, levers: Levers) -> list[Plan]:
    """Every question's plan. Families cycle so every family is asked about. Attribution
    questions come in five triples, one question per arm (me, you, both of us); a triple
    shares everything a system is shown besides the conversations — the question (frame,
    person and family), the haystack's size, its sessions' spacing and times of day, and when
    the question is asked relative to them — so nothing but the conversations says who made
    the suggestion. The frame is drawn per triple from the bank, independently of the arms."""
    rng = question_rng(seed, VERTICAL, 0, "plans")
    plans: list[Plan] = []

    def competition() -> tuple[str, int, int, int]:
        return (
            rng.choice(CAST).key,
            rng.randint(*H_RANGE),
            rng.randint(levers["people_min"], levers["people_max"]),
            rng.randint(levers["families_min"], levers["families_max"]),
        )

    suggestion_cycle = list(EPISODIC_FAMILIES) * 3
    rng.shuffle(suggestion_cycle)
    for _ in range(N_AS):
        relation, h, people, fams = competition()
        n = len(plans) + 1
        plans.append(Plan(n, AS, relation, suggestion_cycle.pop(), h, people, fams, clock_key=n))
    list_cycle = list(LIST_FAMILIES) * 2
    rng.shuffle(list_cycle)
    lengths = list(LIST_LENGTHS)
    rng.shuffle(lengths)
    for length in lengths:
        relation, h, people, fams = competition()
        n = len(plans) + 1
        plans.append(
            Plan(
                n,
                LO,
                relation,
                list_cycle.pop(),
                h,
                people,
                fams,
                length=length,
                frame=rng.randrange(len(LIST_FRAMES)),
                clock_key=n,
            )
        )
    frames = list(range(len(ATTRIBUTION_FRAMES)))
    rng.shuffle(frames)
    members: list[tuple[int, str, int]] = []
    triples: dict[int, tuple[str, str, int, int, int]] = {}
    for t in range(N_PA // len(ARMS)):
        relation, h, people, fams = competition()
        triples[t] = (relation, suggestion_cycle.pop(), h, people, fams)
        weeks = rng.sample(range(60), len(ARMS))
        members += [(t, arm, w) for arm, w in zip(ARMS, weeks, strict=True)]
    rng.shuffle(members)
    first = len(plans) + 1
    for t, arm, shift in members:
        relation, family, h, people, fams = triples[t]
        plans.append(
            Plan(
                len(plans) + 1,
                PA,
                relation,
                family,
                h,
                people,
                fams,
                arm=arm,
                frame=frames[t],
                clock_key=first + t,
                clock_weeks=shift,
            )
        )
    return plans


# --- kits -----------------------------------------------------------------------------------


@dataclass
class EpisodicKit(Kit):
    """A hot kit and what the moves it placed said."""

    #: The shape of question the kit could answer (AS, LO or PA).
    shape: str = AS
    #: The suggestion's value (suggestion kits).
    value: str | None = None
    #: (session, value) of every entry of the list, in kit order (list kits).
    items: list[tuple[int, str]] = field(default_factory=list)
    #: (kind, session, value) of every value-bearing twin (rival proposals included).
    twins: list[tuple[str, int, str]] = field(default_factory=list)


def _draw_shape(layout: random.Random) -> str:
    u, acc = layout.random(), 0.0
    for shape, share in KIT_SHARES:
        acc += share
        if u < acc:
            return shape
    return KIT_SHARES[-1][0]


def _kit(
    layout: random.Random,
    shape: str,
    person: Person,
    family: EpisodicFamily,
    levers: Levers,
    *,
    arm: str | None = None,
    length: int | None = None,
) -> EpisodicKit:
    """A kit of `shape` for one pair: its core (a suggestion, or a list's entries), its twins,
    an assistant-stated kit's rival proposals, and its mentions."""
    twins = layout.randint(levers["twins_min"], levers["twins_max"])
    mentions = layout.randint(levers["mentions_min"], levers["mentions_max"])
    if shape == LO:
        size = length if length is not None else layout.randint(4, 7)
        twins = layout.randint(levers["list_twins_min"], levers["list_twins_max"])
        kinds = [ITEM] * size + [layout.choice(ITEM_TWINS) for _ in range(twins)]
    else:
        core = REQUEST if shape == AS else (arm or layout.choice(ARMS))
        choices = AS_TWIN_CHOICES if shape == AS else TWIN_CHOICES
        kinds = [core, *(layout.choice(choices) for _ in range(twins))]
        if shape == AS:
            kinds += [PROPOSAL] * layout.randint(levers["rivals_min"], levers["rivals_max"])
    kinds += [MENTION] * mentions
    return EpisodicKit(person, family, None, kinds, shape=shape)


def _cap_redirects(kit: EpisodicKit, used: dict[str, int], layout: random.Random) -> None:
    """Keep the requests for someone else of `kit`'s person within `MAX_REDIRECTS` over the
    haystack (`used`: per person, so far): an assistant-stated kit drops the excess, whose
    twins are all such requests; any other kit draws a suggestion twin in its place."""
    key = kit.person.key
    kinds: list[str] = []
    for kind in kit.kinds:
        if kind == REQUEST_OTHERS:
            if used.get(key, 0) >= MAX_REDIRECTS:
                if kit.shape == AS:
                    continue
                kind = layout.choice(SUGGESTION_TWINS)
            else:
                used[key] = used.get(key, 0) + 1
        kinds.append(kind)
    kit.kinds = kinds


def _cores(kit: EpisodicKit) -> int:
    return sum(1 for k in kit.kinds if not removable(k))


def _other(rng: random.Random, person: Person) -> tuple[str, Gender]:
    """Who a twin of someone else's entry or fact is about, seen through `person`."""
    choices = [o for o in OTHER_PEOPLE if o[0] not in person.relation.noun.split()]
    noun, fixed = rng.choice(choices)
    drawn: Gender = rng.choice(("f", "m"))
    return noun, fixed if fixed is not None else drawn


def _move(
    kind: str,
    person: Person,
    family: Family,
    world: World,
    rng: random.Random,
    *,
    value: str | None = None,
    evidence: bool = False,
) -> Move:
    """One move about a pair: a fresh value unless one is given; mentions carry none."""
    if kind == MENTION:
        return Move(MENTION, person, family)
    said = value if value is not None else world.value(family, rng)
    other = _other(rng, person) if kind in OTHER_TWINS else None
    roles = SPEAKERS.get(TOLD_AS.get(kind, kind), ("user",))
    # A request (or a twin told as one) asks for what its family's value is: a name, a place,
    # a person or firm to go to.
    extra = ask_placeholders(family) if TOLD_AS.get(kind, kind) == REQUEST else {}
    # A twin is told as the move it rivals (its status, in the next turn, says what it was).
    return Move(
        kind,
        person,
        family,
        said,
        evidence=evidence,
        extra=extra,
        other=other,
        answer_roles=roles,
        told_as=TOLD_AS.get(kind),
    )


def hot_moves(
    kits: list[EpisodicKit], sessions: int, world: World, rng: random.Random
) -> list[dict[str, Move]]:
    """Every kit move in its session's slot. The first kit is the asked one: its core moves
    (the suggestion, or every entry of its list) carry the evidence."""
    slots: list[dict[str, Move]] = [{} for _ in range(sessions)]
    for ki, kit in enumerate(kits):
        for mi, (kind, s) in enumerate(zip(kit.kinds, kit.sessions, strict=True)):
            core = (kit.shape == LO and kind == ITEM) or (kit.shape != LO and mi == 0)
            value = None
            if core and kit.shape != LO:
                kit.value = world.value(kit.family, rng)
                value = kit.value
            move = _move(
                kind, kit.person, kit.family, world, rng, value=value, evidence=core and ki == 0
            )
            if kind == ITEM:
                kit.items.append((s, move.value or ""))
            elif not core and move.value is not None:
                kit.twins.append((kind, s, move.value))
            slots[s][slot_of(kind)] = move
    return slots


def fill_cold(
    slots: list[dict[str, Move]],
    cold: list[tuple[Person, EpisodicFamily]],
    world: World,
    rng: random.Random,
    layout: random.Random,
) -> None:
    """Every empty slot gets a cold move about a pair no hot kit owns: a request, a proposal
    (taken up or not), an entry, a twin of each kind, or a mention."""
    listing = [(p, f) for p, f in cold if f.keeps_list]
    used: dict[str, int] = {}
    for move in (m for slot in slots for m in slot.values()):
        if move.kind == REQUEST_OTHERS:
            used[move.person.key] = used.get(move.person.key, 0) + 1
    for slot in slots:
        for name in RECIPE:
            if name in slot:
                continue
            options = listing if name in (ITEM_SLOT, ITEM_TWIN_SLOT) else cold
            p, f = joining(rng, options, list(slot.values()), plain)
            if name == PROPOSAL_SLOT:
                kind = PROPOSAL_AGREED if layout.random() < AGREED_SHARE else PROPOSAL
            elif name == TWIN_SLOT:
                kind = rng.choice(TWIN_CHOICES)
                if kind == REQUEST_OTHERS and used.get(p.key, 0) >= MAX_REDIRECTS:
                    kind = rng.choice(SUGGESTION_TWINS)
                elif kind == REQUEST_OTHERS:
                    used[p.key] = used.get(p.key, 0) + 1
            elif name == ITEM_TWIN_SLOT:
                kind = rng.choice(ITEM_TWINS)
            else:
                kind = name
            slot[name] = _move(kind, p, f, world, rng)


def _cast(rng: random.Random, plan: Plan) -> tuple[list[Person], list[EpisodicFamily]]:
    """The haystack's people and families, the asked ones first."""
    people = draw_people(rng, CAST)
    asked = next(p for p in people if p.key == plan.relation)
    others = [p for p in people if p.key != plan.relation]
    rng.shuffle(others)
    fams = [k for k in EPISODIC_FAMILIES if k != plan.family]
    rng.shuffle(fams)
    chosen = [EPISODIC_FAMILIES[k] for k in (plan.family, *fams[: plan.families - 1])]
    # Three families keep no list, so any six hold list-keeping ones for the cold entries.
    return [asked, *others[: plan.people - 1]], chosen


def _kits(
    plan: Plan,
    world: World,
    people: list[Person],
    families: list[EpisodicFamily],
    layout: random.Random,
    rng: random.Random,
    levers: Levers,
    count: int,
) -> list[EpisodicKit]:
    """The asked kit first, then a rival list where the question is a list, then unasked kits
    drawn from the corpus's mix of shapes until every session has its hot move."""
    person, family = people[0], families[0]
    kits = [_kit(layout, plan.shape, person, family, levers, arm=plan.arm, length=plan.length)]
    used: dict[str, int] = {}
    _cap_redirects(kits[0], used, layout)
    hot = {(person.key, family.key)}
    if plan.shape == LO:
        rival = rng.choice(people[1:])
        kits.append(_kit(layout, LO, rival, family, levers))
        hot.add((rival.key, family.key))
    while sum(len(k.kinds) for k in kits) < count:
        options = [(p, f) for p in people for f in families if (p.key, f.key) not in hot]
        p, f = rng.choice(options)
        shape = _draw_shape(layout)
        if shape == LO and not f.keeps_list:
            shape = AS if layout.random() < N_AS / (N_AS + N_PA) else PA
        kit = _kit(layout, shape, p, f, levers)
        if sum(_cores(k) for k in kits) + _cores(kit) > count:
            kit = _kit(layout, AS, p, f, levers)
        _cap_redirects(kit, used, layout)
        hot.add((p.key, f.key))
        kits.append(kit)
    fit_kits(layout, kits, count, removable=removable)
    if not any(slot_of(k) in (TWIN_SLOT, ITEM_TWIN_SLOT) for k in kits[0].kinds):
        # The asked pair always keeps a value-bearing twin; draw the layout again.
        raise AllocationError("the asked kit lost every twin while fitting the haystack")
    place_hot(layout, kits, count)
    return kits


# --- questions ------------------------------------------------------------------------------


def _answer(plan: Plan, kit: EpisodicKit, person: Person) -> str:
    family = kit.family
    assert isinstance(family, EpisodicFamily)
    forms = person.forms()
    if plan.shape == LO:
        items = [v for _, v in sorted(kit.items)]
        return ", then ".join(items) + "."
    assert kit.value is not None
    named = family.answer_value.format(V=kit.value)
    if plan.shape == AS:
        return capitalise(named) + "."
    topic = family.suggestion.format_map({**forms, "holder": forms["your"]})
    if plan.arm == PROPOSAL:
        return f"You did: you suggested {named} as {topic}."
    if plan.arm == REQUEST:
        return f"I did: I suggested {named} as {topic}."
    return f"Both of us: you suggested {named} as {topic}, and I agreed."


def _question(plan: Plan, family: EpisodicFamily, person: Person) -> str:
    forms = person.forms()
    if plan.shape == AS:
        return family.questions[0].format_map(forms)
    if plan.shape == LO:
        assert family.listed is not None
        return LIST_FRAMES[plan.frame].format(list=family.listed.format_map(forms))
    return ATTRIBUTION_FRAMES[plan.frame].format(topic=family.suggestion.format_map(forms))


def _schedule(seed: int, plan: Plan, count: int) -> tuple[list[datetime], datetime]:
    """The sessions' timestamps and the question's, from the plan's clock (shared by the
    questions of an attribution triple), shifted by the plan's whole weeks."""
    clock = question_rng(seed, VERTICAL, plan.clock_key, "clock")
    shift = timedelta(weeks=plan.clock_weeks)
    moments = [m + shift for m in varied_schedule(clock, start_date(clock), count)]
    asked = question_moment(clock, moments[-1])
    return moments, asked


def build_question(
    *, seed: int, revision: str, plan: Plan, names: NameRegistry, levers: Levers
) -> AssembledQuestion:
    """One question: its hot kits and where each move sits come from the layout generator;
    people, values, wording and dates from the question's own."""
    qid = question_id(ABBREV, revision, plan.n)
    rng = question_rng(seed, VERTICAL, plan.n)
    layout = question_rng(seed, VERTICAL, plan.n, "layout")
    people, fams = _cast(rng, plan)
    world = World(rng, names, qid, people, fams)
    g = plan.length if plan.shape == LO else 1
    count = plan.h + g
    moments, asked_at = _schedule(seed, plan, count)
    for _ in range(20):
        try:
            kits = _kits(plan, world, people, fams, layout, rng, levers, count)
            break
        except AllocationError:
            continue
    else:
        raise AllocationError(f"{qid}: no kit layout fits {count} sessions")
    hot = {(k.person.key, k.family.key) for k in kits}
    cold = [(p, f) for p in people for f in fams if (p.key, f.key) not in hot]
    slots = hot_moves(kits, count, world, rng)
    fill_cold(slots, cold, world, rng, layout)

    plans = []
    for s in range(count):
        moves = [slots[s][name] for name in RECIPE]
        rng.shuffle(moves)
        for move in moves:
            move.when = _moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))

    target = kits[0]
    family = target.family
    assert isinstance(family, EpisodicFamily)
    person = target.person
    twins = [
        Twin(kind=k, session_index=s, value=v)
        for k, s, v in sorted(target.twins, key=lambda t: t[1])
    ]
    list_order = None
    if plan.shape == LO:
        entries = sorted(target.items)
        list_order = ListOrder(
            items=[v for _, v in entries], item_session_indices=[s for s, _ in entries]
        )
    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=plan.shape,
        stated_by=STATED_BY[target.kinds[0]] if plan.shape != LO else None,
        list_order=list_order,
        fact_family=family.key,
        twins=twins or None,
        difficulty=difficulty_band(plan.length) if plan.shape == LO else None,
        difficulty_dial="dispersion" if plan.shape == LO else None,
        seeded_from=f"{VERTICAL} seed {seed}, question {plan.n}",
    )
    return assemble_question(
        question_id=qid,
        session_owner=haystack_token(seed, plan.n),
        question=_question(plan, family, person),
        answer=_answer(plan, target, person),
        question_date=asked_at,
        plans=plans,
        block=block,
        rng=rng,
        bank=EPISODIC_BANK,
    )


def build(
    seed: int, revision: str, levers: Levers, *, only: Collection[int] | None = None
) -> Built:
    """The corpus for one setting of the competition levers (`only`: just these question
    numbers, for tests)."""
    names = NameRegistry()
    assembled = [
        build_question(seed=seed, revision=revision, plan=plan, names=names, levers=levers)
        for plan in _plans(seed, levers)
        if only is None or plan.n in only
    ]
    return Built(assembled, names, levers)


def _levers(
    twins: tuple[int, int],
    list_twins: tuple[int, int],
    rivals: tuple[int, int],
    **ranges: tuple[int, int],
) -> Levers:
    """Kit levers, with a list's twins and an assistant-stated kit's rival proposals."""
    base = dict(kit_levers(twins=twins, **ranges))
    base.update(
        list_twins_min=list_twins[0],
        list_twins_max=list_twins[1],
        rivals_min=rivals[0],
        rivals_max=rivals[1],
    )
    return base


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        _levers((4, 6), (1, 3), (0, 1), mentions=(1, 2), people=(8, 11), families=(5, 6)),
        _levers((3, 5), (1, 3), (0, 1), mentions=(1, 2), people=(8, 11), families=(5, 6)),
        _levers((2, 4), (1, 2), (0, 1), mentions=(1, 2), people=(8, 11), families=(7, 9)),
        _levers((4, 6), (2, 3), (1, 1), mentions=(1, 2), people=(7, 10), families=(6, 8)),
    ),
    build=build,
)

__all__ = ["GENERATOR", "SUGGESTION_KINDS", "build"]
