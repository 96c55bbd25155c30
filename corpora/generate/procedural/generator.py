"""TypedMemEval-Procedural: step-order 20, precondition 20, amended-step 20, retired-step 20
(SPEC §3).

A haystack follows several people's procedures (closing up the allotment shed, feeding the
sourdough starter …). A procedure is four steps with invented names, a true order among them
and, depending on what is said about it, dependencies, a precondition, an amendment or a
retirement (`procedures`). Every session makes three moves — one procedure move (a listing or
a second hop), a value-bearing twin and a neutral mention. Exactly one of its procedure and
mention moves belongs to a *hot* procedure's kit (its listing, its second hops or its near-miss
mentions); a hot procedure's twins sit in the twin slots of sessions drawn uniformly, gold or
not (never beside their own procedure's listing or hops), so a procedure can have as many twins
as it has rivals without the haystack growing: two to four each, at most `TWIN_SHARE` of the
twin slots, cold twins in the rest.

The asked procedure is one of a haystack's hot procedures, all built by the same code: the
asked person has the asked procedure and two to four *rival* procedures of the same shape (the
same kind of second hop, over steps of their own), and a second person has two or three
procedures of a drawn shape, built alike. So the asked person is not the haystack's centre of
mass, and losing the asked listing leaves a reader choosing among three or more complete
candidates: three dependency chains, three preconditions, three amendments or three
retirements, each naming the same person and none the procedure. Everything else is cold:
procedures that come up once or twice, of families no hot procedure uses.

Shapes. **step-order** asks for the order of all four steps: gold is the listing and the three
dependencies (adjacent pairs of the true order, each in its own session, each said either way
round); the listing names the steps in another order. **precondition** asks what has to be
ready and which step waits for it. **amended-step** and **retired-step** ask which steps the
procedure has now (a set): the listing and the one edit, which comes after the listing. Gold
is the listing and the asked hops; the listing's gold component declares the rivals' hop
sessions, which the leave-one-out probe shows in its place.

Competition that survives reading: the listing competes with the asked procedure's twins,
each told as a listing of four steps of its own (someone else's way, a wrong account, a way
tried and dropped), what it was coming in the user's next turn, and with near-miss mentions; a
second hop competes with the rivals' hops, which carry the same person and the same cue word
(`order`, `wait … ready`, `steps`). Every listing says `order` and `steps`, the asked
procedure's, its rivals' and its twins' alike, so the asked person's rival procedures are said
under an order or steps question's key words in their listings as the asked one is, not in
their hops alone: told without them, the asked steps were the most said in the question's
sentences (listing and hops against hops alone), and the first said in an edited procedure's.
An amendment also competes with twins told as one: an
amendment the person considered and dropped (the person, `steps`, a step that never was one,
one that never came in and, as every amendment does about half the time, a step beside it), a
twin kind every procedure draws alike, hot or cold, asked or not. Without it the question's one
word past the person and the task (`steps`) was carried by the asked person's three to five
edits alone. An amendment naming the step beside the one it replaces at times says a current
step again, as the replaced one is always said again: told without it, an amended procedure's
current steps were the least said in the question's sentences in every question.
The difficulty dial is interference: the number of rival procedures.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import timedelta

from checker.formats.corpus import Event, GoldComponent, Relation, Twin, TypedMemEvalBlock
from checker.formats.ids import haystack_token, question_id
from checker.verticals.procedural.profile import (
    AMENDED,
    PRECONDITION,
    PROCEDURES,
    RETIRED,
    STEP_ORDER,
)
from corpora.generate.core.allocate import MENTION_SLOT, TWIN_SLOT, AllocationError
from corpora.generate.core.bank import OTHER_PEOPLE, RELATIONS
from corpora.generate.core.clock import start_date, varied_schedule
from corpora.generate.core.haystack import (
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    moment_since,
)
from corpora.generate.core.names import STEP, TOWN, NameRegistry, pool_sizes
from corpora.generate.core.topics import joining, plain
from corpora.generate.core.vertical import Built, Levers, VerticalGenerator, question_rng
from corpora.generate.core.world import (
    MENTION,
    TWIN_OTHERS,
    Family,
    Gender,
    Move,
    Person,
    SessionPlan,
    draw_people,
)
from corpora.generate.procedural.procedures import (
    AMENDMENT,
    CONDITION_NOUNS,
    CURRENT_QUESTIONS,
    DEPENDENCY,
    LISTING,
    ORDER_QUESTIONS,
    ORDER_WORDS,
    PRECONDITION_QUESTIONS,
    PROCEDURE_BANK,
    RETIREMENT,
    SIDE_WORDS,
    STEP_NOUNS,
    TOLD_AS,
    TWIN_AMENDMENT,
    TWIN_KINDS,
)
from corpora.generate.procedural.procedures import PRECONDITION as PRECONDITION_MOVE
from corpora.generate.procedural.procedures import (
    PROCEDURES as FAMILIES,
)

VERTICAL = "procedural"
ABBREV = "prc"
SEED = 20261210
VERSION = "1.1.0"

#: The questions in id order.
PLAN = (STEP_ORDER,) * 20 + (PRECONDITION,) * 20 + (AMENDED,) * 20 + (RETIRED,) * 20
#: The second hop each shape's procedures carry.
HOP = {
    STEP_ORDER: DEPENDENCY,
    PRECONDITION: PRECONDITION_MOVE,
    AMENDED: AMENDMENT,
    RETIRED: RETIREMENT,
}
#: The people a haystack's procedures belong to: every shared relation of one word. (The one
#: relation of two words, `best friend`, leaves `best` unmasked where every other relation
#: reads `my R`, so a turn about that person, weighed with the asked person's because the reply
#: before it names them, would carry a word no gold turn of another person's question has.)
PEOPLE = tuple(r for r in RELATIONS if " " not in r.noun)
#: Steps per procedure.
STEPS = 4
#: Non-gold sessions per haystack.
H_RANGE = (15, 25)
#: Every session's slots: one procedure move, one twin, one mention.
PROCEDURE_SLOT = "procedure"
RECIPE = (PROCEDURE_SLOT, TWIN_SLOT, MENTION_SLOT)
#: The mix of cold procedure moves: the same mix as the gold sessions' procedure moves over the
#: corpus (80 listings, 60 dependencies, 20 of each edit and precondition), so no kind of
#: procedure move is commoner in gold than elsewhere.
COLD_MIX = (
    (LISTING, 0.4),
    (DEPENDENCY, 0.3),
    (PRECONDITION_MOVE, 0.1),
    (AMENDMENT, 0.1),
    (RETIREMENT, 0.1),
)


# --- a procedure and what is said about it -----------------------------------------------


@dataclass
class Hop:
    """One second-hop move: its kind, the steps it names (indices into the true order) and,
    for a precondition or an amendment, the new name it brings."""

    kind: str
    steps: tuple[int, ...]
    value: str | None = None
    session: int = -1


@dataclass
class TwinPlan:
    kind: str
    value: str
    #: Someone else's version of the task: their steps (the first is `value`) and who they are;
    #: for an amendment twin, the step it replaces and the one beside it.
    steps: tuple[str, ...] = ()
    other: tuple[str, Gender] | None = None
    session: int = -1
    #: An amendment twin's side word: where its step sits beside the other.
    side: str = ""


@dataclass
class Kit:
    """One hot procedure: person, family, steps in their true order, the order the listing
    gives, its second hops, twins and near-miss mentions, and where each move sits."""

    person: Person
    family: Family
    shape: str
    steps: list[str]
    listed: list[int]
    hops: list[Hop]
    twins: list[TwinPlan] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    listing: int = -1

    @property
    def size(self) -> int:
        """Sessions the kit's own moves take (its twins sit in other sessions' twin slots)."""
        return 1 + len(self.hops) + len(self.mentions)


#: Step names come from the step pool and the town pool together, uniformly over both (each
#: pool drawn in proportion to its size): a twin told as a listing names four steps of its own,
#: more than the step pool alone holds over a corpus.
STEP_POOLS = (STEP, TOWN)


def step_name(rng: random.Random, world: World, noun: str) -> str:
    sizes = pool_sizes()
    u = rng.random() * sum(sizes[k] for k in STEP_POOLS)
    kind = STEP_POOLS[0] if u < sizes[STEP_POOLS[0]] else STEP_POOLS[1]
    return f"{world.names.issue(rng, world.owner, kind=kind)} {noun}"


def draw_steps(rng: random.Random, world: World) -> list[str]:
    return [step_name(rng, world, noun) for noun in rng.sample(STEP_NOUNS, STEPS)]


def listing_order(rng: random.Random, n: int) -> list[int]:
    """A listing order that is never the true one (a uniform draw among the others)."""
    while True:
        order = rng.sample(range(n), n)
        if order != list(range(n)):
            return order


def draw_hops(rng: random.Random, world: World, shape: str, steps: Sequence[str]) -> list[Hop]:
    """The second hops of a procedure of `shape`: the dependency chain (every adjacent pair of
    the true order), or one precondition, amendment or retirement on a drawn step."""
    n = len(steps)
    if shape == STEP_ORDER:
        return [Hop(DEPENDENCY, (i, i + 1)) for i in range(n - 1)]
    at = rng.randrange(n)
    if shape == PRECONDITION:
        return [Hop(PRECONDITION_MOVE, (at,), step_name(rng, world, rng.choice(CONDITION_NOUNS)))]
    # An amendment or a retirement names its step and the one beside it: the one it followed
    # (or, for the first step, the one it preceded). An amendment's frames name the one beside
    # at times, a retirement's always.
    beside = at - 1 if at > 0 else at + 1
    if shape == AMENDED:
        noun = steps[at].rsplit(" ", 1)[1]
        return [Hop(AMENDMENT, (at, beside), step_name(rng, world, noun))]
    return [Hop(RETIREMENT, (at, beside))]


def other_person(rng: random.Random, person: Person) -> tuple[str, Gender]:
    """Whose version a someone-else's twin is: someone the person is not."""
    choices = [o for o in OTHER_PEOPLE if o[0] not in person.relation.noun.split()]
    noun, fixed = rng.choice(choices)
    drawn: Gender = rng.choice(("f", "m"))
    return noun, fixed if fixed is not None else drawn


def draw_twin(
    rng: random.Random,
    world: World,
    person: Person,
    kind: str | None = None,
    steps: Sequence[str] | None = None,
) -> TwinPlan:
    """One twin, its kind drawn alike for every procedure, hot or cold, asked or not: three
    told as a listing of the procedure (four fresh steps, competing with its listing) and an
    amendment considered and dropped, told as an amendment of a fresh step by another (the
    holder and the `steps` cue, competing with amendments; its value is the step that never
    came in). A listing twin names `steps` (a hot procedure's twins' one set, where they share
    one: `name_twins`) in a sequence of its own, or four fresh steps."""
    kind = kind or rng.choice(TWIN_KINDS)
    if kind == TWIN_AMENDMENT:
        noun, other_noun = rng.sample(STEP_NOUNS, 2)
        old, new = step_name(rng, world, noun), step_name(rng, world, noun)
        beside = step_name(rng, world, other_noun)
        return TwinPlan(kind, new, (old, beside), side=rng.choice(sorted(SIDE_WORDS.values())))
    named = tuple(rng.sample(list(steps), len(steps))) if steps else tuple(draw_steps(rng, world))
    other = other_person(rng, person) if kind == TWIN_OTHERS else None
    return TwinPlan(kind, named[0], named, other)


def make_kit(
    rng: random.Random, world: World, person: Person, family: Family, shape: str, levers: Levers
) -> Kit:
    world.reserve(person, family)
    steps = draw_steps(rng, world)
    kit = Kit(
        person, family, shape, steps, listing_order(rng, STEPS), draw_hops(rng, world, shape, steps)
    )
    key = "order" if shape == STEP_ORDER else "edit"
    for _ in range(rng.randint(levers[f"twins_{key}_min"], levers[f"twins_{key}_max"])):
        # (Named once `fit` has kept it: see `name_twins`.)
        kit.twins.append(TwinPlan(rng.choice(TWIN_KINDS), ""))
    kit.mentions = [-1] * rng.randint(levers["mentions_min"], levers["mentions_max"])
    return kit


def name_twins(rng: random.Random, world: World, kits: Sequence[Kit]) -> None:
    """Name the twins `fit` kept (their kinds drawn in `make_kit`), so no name is issued for a
    twin that is dropped. Twins told as listings say their steps as often as the procedure's
    own are said. Where its hops always name two or more of its steps again (a dependency
    chain, a retirement and the step beside it), a hot procedure's twins told as listings all
    name one set of four steps of their own (each in its own sequence), so their names recur
    across sessions as the listing's recur in its hops: the muddle a reader is told about is one
    other way. Where a hop names one step again, and a second only at times (a precondition, an
    amendment), each such twin names four fresh steps: shared, a twin's steps would be said once
    a twin, and the steps said least in the question's sentences would be the ones the
    procedure has now."""
    for kit in kits:
        named: list[TwinPlan] = []
        shared: list[str] = []
        recurring = any(hop.kind in (DEPENDENCY, RETIREMENT) for hop in kit.hops)
        for t in kit.twins:
            twin = draw_twin(rng, world, kit.person, t.kind, shared or None)
            if twin.kind != TWIN_AMENDMENT and not shared and recurring:
                shared = list(twin.steps)
            named.append(twin)
        kit.twins = named


#: Hot procedures' twins fill at most this share of a haystack's twin slots (cold twins the
#: rest).
TWIN_SHARE = 0.6


def fit(rng: random.Random, kits: Sequence[Kit], sessions: int) -> None:
    """Make the kits' procedure-slot and mention moves number exactly `sessions` (one a
    session): drop mentions drawn uniformly over every kit's, the asked one's alike, or add
    mentions to kits drawn uniformly. Listings and second hops are never dropped; twins sit in
    twin slots (`place`), at most `TWIN_SHARE` of them, dropped uniformly over every kit's."""
    while sum(len(k.twins) for k in kits) > sessions * TWIN_SHARE:
        kit = rng.choice([k for k in kits for _ in k.twins])
        del kit.twins[rng.randrange(len(kit.twins))]
    while sum(k.size for k in kits) > sessions:
        removable = [k for k in kits for _ in k.mentions]
        if not removable:
            raise AllocationError(f"listings and hops alone need more than {sessions} sessions")
        rng.choice(removable).mentions.pop()
    while sum(k.size for k in kits) < sessions:
        rng.choice(kits).mentions.append(-1)


def place(rng: random.Random, kits: Sequence[Kit], sessions: int) -> None:
    """Every listing, hop and mention in its own session (a uniform draw), then each edit moved
    after its listing by swapping the two moves' sessions where it fell before; then every twin
    in the twin slot of a session drawn uniformly among those no twin has yet and that hold none
    of its own procedure's listing and hops (a gold hop never sits beside a twin naming its
    procedure). A twin told as a listing of an amended or retired procedure takes the earlier of
    two such draws, as that procedure's listing sits ahead of its edit: drawn uniformly, its
    steps came later than the listing's in the question's sentences, and the first steps said
    there were the listing's, most of them the answer."""
    order = rng.sample(range(sessions), sessions)
    it = iter(order)
    for kit in kits:
        kit.listing = next(it)
        for hop in kit.hops:
            hop.session = next(it)
        kit.mentions = [next(it) for _ in kit.mentions]
        for hop in kit.hops:
            if hop.kind in (AMENDMENT, RETIREMENT) and hop.session < kit.listing:
                hop.session, kit.listing = kit.listing, hop.session
    free = set(range(sessions))
    for kit in kits:
        own = {kit.listing, *(hop.session for hop in kit.hops)}
        edited = any(hop.kind in (AMENDMENT, RETIREMENT) for hop in kit.hops)
        for twin in kit.twins:
            options = sorted(free - own)
            if not options:
                raise AllocationError(f"no twin slot left among {sessions} sessions")
            twin.session = rng.choice(options)
            if edited and TOLD_AS[twin.kind] == LISTING:
                # Told as a listing of an edited procedure, it sits where such a listing sits:
                # the earlier of two draws, as a listing is ahead of its edit.
                twin.session = min(twin.session, rng.choice(options))
            free.discard(twin.session)


# --- moves -------------------------------------------------------------------------------


def steps_text(names: Sequence[str]) -> str:
    """`the A, the B and the C`."""
    named = [f"the {n}" for n in names]
    return ", ".join(named[:-1]) + " and " + named[-1]


def listing_move(person: Person, family: Family, names: Sequence[str], evidence: bool) -> Move:
    return Move(
        LISTING, person, family, names[0], evidence=evidence, extra={"steps": steps_text(names)}
    )


def hop_move(
    rng: random.Random,
    person: Person,
    family: Family,
    steps: Sequence[str],
    hop: Hop,
    evidence: bool,
) -> Move:
    """A second-hop move: `{V}` and `{W}` as the frames read them."""
    if hop.kind == DEPENDENCY:
        a, b = (steps[i] for i in hop.steps)
        way = rng.choice(("before", "after"))
        v, w = (a, b) if way == "before" else (b, a)
        extra = {"W": w, "rel": rng.choice(ORDER_WORDS[way])}
    elif hop.kind == PRECONDITION_MOVE:
        v, extra = steps[hop.steps[0]], {"W": hop.value or ""}
    elif hop.kind == AMENDMENT:
        at, beside = hop.steps
        v = steps[at]
        side = SIDE_WORDS["after" if beside < at else "before"]
        extra = {"W": hop.value or "", "X": steps[beside], "side": side}
    else:
        at, beside = hop.steps
        v = steps[at]
        extra = {"W": steps[beside], "side": SIDE_WORDS["after" if beside < at else "before"]}
    return Move(hop.kind, person, family, v, evidence=evidence, extra=extra)


def twin_move(person: Person, family: Family, twin: TwinPlan) -> Move:
    """A twin told as what it competes with (`TOLD_AS`): a listing of its steps, or an
    amendment of its one old step by its value."""
    told_as = TOLD_AS[twin.kind]
    if told_as == AMENDMENT:
        old, beside = twin.steps
        extra = {"W": twin.value, "X": beside, "side": twin.side}
        return Move(twin.kind, person, family, old, extra=extra, told_as=told_as)
    extra = {"steps": steps_text(twin.steps)}
    return Move(
        twin.kind, person, family, twin.value, other=twin.other, extra=extra, told_as=told_as
    )


@dataclass
class ColdProcedure:
    person: Person
    family: Family
    steps: list[str]
    listed_in: int | None
    hops: int = 0


def cold_procedure_move(
    rng: random.Random,
    world: World,
    s: int,
    cold: Sequence[tuple[Person, Family]],
    listed: list[ColdProcedure],
) -> Move:
    """A procedure move nobody follows: a listing, or a second hop on a procedure listed
    earlier in the haystack (its steps come up twice), else on one never listed."""
    u, acc, kind = rng.random(), 0.0, COLD_MIX[-1][0]
    for option, share in COLD_MIX:
        acc += share
        if u < acc:
            kind = option
            break
    if kind == LISTING:
        options = [(p, f) for p, f in cold if not world.taken(p, f)]
        if not options:
            raise AllocationError(f"no cold procedure left for session {s} of {world.owner}")
        person, family = rng.choice(options)
        world.reserve(person, family)
        procedure = ColdProcedure(person, family, draw_steps(rng, world), s)
        listed.append(procedure)
        order = listing_order(rng, STEPS)
        return listing_move(person, family, [procedure.steps[i] for i in order], False)
    earlier = [c for c in listed if c.listed_in is not None and c.listed_in < s and not c.hops]
    shape = {DEPENDENCY: STEP_ORDER, PRECONDITION_MOVE: PRECONDITION, AMENDMENT: AMENDED}.get(
        kind, RETIRED
    )
    if earlier:
        procedure = rng.choice(earlier)
        hop = rng.choice(draw_hops(rng, world, shape, procedure.steps))
    else:
        options = [(p, f) for p, f in cold if not world.taken(p, f)]
        if not options:
            raise AllocationError(f"no cold procedure left for session {s} of {world.owner}")
        person, family = rng.choice(options)
        world.reserve(person, family)
        # A procedure never listed: only the steps its hop names are ever said, so only they
        # are named (`draw_hops` reads a step's noun alone).
        nouns = rng.sample(STEP_NOUNS, STEPS)
        procedure = ColdProcedure(person, family, [f"- {noun}" for noun in nouns], None)
        hop = rng.choice(draw_hops(rng, world, shape, procedure.steps))
        for i in hop.steps:
            procedure.steps[i] = step_name(rng, world, nouns[i])
    procedure.hops += 1
    return hop_move(rng, procedure.person, procedure.family, procedure.steps, hop, False)


# --- one question ------------------------------------------------------------------------


@dataclass(frozen=True)
class QuestionPlan:
    n: int
    shape: str
    relation: str
    family: str
    rivals: int
    #: The second person's procedures: how many, and their shape.
    others: int
    others_shape: str
    h: int


def _plans(seed: int, levers: Levers) -> list[QuestionPlan]:
    rng = question_rng(seed, VERTICAL, 0, "plans")
    families = list(FAMILIES) * 5
    rng.shuffle(families)
    out = []
    for n, shape in enumerate(PLAN, start=1):
        key = "order" if shape == STEP_ORDER else "edit"
        out.append(
            QuestionPlan(
                n=n,
                shape=shape,
                relation=rng.choice(PEOPLE).key,
                family=families[n - 1],
                rivals=rng.randint(levers["rivals_min"], levers[f"rivals_{key}_max"]),
                others=rng.randint(levers["others_min"], levers["others_max"]),
                others_shape=rng.choice(PLAN),
                h=rng.randint(*H_RANGE),
            )
        )
    return out


def interference_band(rivals: int) -> int:
    """Difficulty band of the interference dial: two rivals (or fewer, which the gate refuses)
    are band 1, each more one up."""
    return max(1, rivals - 1)


def events_of(kits: Sequence[Kit], rng: random.Random) -> list[Event]:
    """Every hot procedure's events, with opaque ids drawn as a permutation (an id says
    nothing of which procedure is asked, or of a step's place in the order)."""
    p = PROCEDURES
    planned: list[tuple[str, str, str | None, int, list[tuple[str, int]]]] = []
    # (kind, subject, value, session, [(relation, index into `planned`)])
    for kit in kits:
        subject = f"{kit.person.forms()['holder']}: {kit.family.noun}"
        at = len(planned)
        planned.append((p.procedure, subject, kit.family.questions[0], kit.listing, []))
        step_at = []
        for name in kit.steps:
            step_at.append(len(planned))
            planned.append((p.step, subject, name, kit.listing, [(p.member_of, at)]))
        for hop in kit.hops:
            if hop.kind == DEPENDENCY:
                a, b = hop.steps
                planned.append(
                    (
                        p.dependency,
                        subject,
                        None,
                        hop.session,
                        [(p.first, step_at[a]), (p.then, step_at[b])],
                    )
                )
            elif hop.kind == PRECONDITION_MOVE:
                planned.append(
                    (
                        p.precondition,
                        subject,
                        hop.value,
                        hop.session,
                        [(p.waits, step_at[hop.steps[0]])],
                    )
                )
            elif hop.kind == AMENDMENT:
                planned.append(
                    (
                        p.amendment,
                        subject,
                        hop.value,
                        hop.session,
                        [(p.amends, step_at[hop.steps[0]])],
                    )
                )
            else:
                planned.append(
                    (p.retirement, subject, None, hop.session, [(p.retires, step_at[hop.steps[0]])])
                )
    ids = [f"e{k:02d}" for k in rng.sample(range(1, len(planned) + 1), len(planned))]
    events = [
        Event(
            event_id=ids[i],
            kind=kind,
            subject=subject,
            value=value,
            session_index=session,
            relations=[Relation(kind=r, other_event_id=ids[j]) for r, j in relations],
        )
        for i, (kind, subject, value, session, relations) in enumerate(planned)
    ]
    return sorted(events, key=lambda e: e.event_id)


def answer_of(kit: Kit) -> tuple[str, list[str] | None]:
    """The gold answer and, for current-steps shapes, its items."""
    if kit.shape == STEP_ORDER:
        names = [f"the {s}" for s in kit.steps]
        return (
            "First " + ", then ".join(names[:-1]) + ", and last " + names[-1] + ".",
            None,
        )
    hop = kit.hops[0]
    if kit.shape == PRECONDITION:
        return (
            f"The {hop.value} has to be ready, and the {kit.steps[hop.steps[0]]} waits for it.",
            None,
        )
    if kit.shape == AMENDED:
        current = [hop.value or "" if i == hop.steps[0] else s for i, s in enumerate(kit.steps)]
    else:
        current = [s for i, s in enumerate(kit.steps) if i != hop.steps[0]]
    return capitalise(steps_text(current)) + ".", current


def question_text(rng: random.Random, kit: Kit) -> str:
    options = {STEP_ORDER: ORDER_QUESTIONS, PRECONDITION: PRECONDITION_QUESTIONS}.get(
        kit.shape, CURRENT_QUESTIONS
    )
    holder = kit.person.forms()["holder"]
    return capitalise(rng.choice(options).format(holder=holder, task=kit.family.noun))


def build_question(
    *, seed: int, revision: str, plan: QuestionPlan, names: NameRegistry, levers: Levers
) -> AssembledQuestion:
    qid = question_id(ABBREV, revision, plan.n)
    rng = question_rng(seed, VERTICAL, plan.n)
    everyone = draw_people(rng, PEOPLE)
    world = World(rng, names, qid, everyone, list(FAMILIES.values()))
    asked_person = world.person(plan.relation)
    second = rng.choice([p for p in everyone if p.key != plan.relation])
    others = [f for f in FAMILIES if f != plan.family]
    rng.shuffle(others)
    families = [plan.family, *others]

    # The asked procedure and its rivals (the asked person, the asked shape), then the second
    # person's procedures (a drawn shape), each family used once.
    kits = [make_kit(rng, world, asked_person, FAMILIES[families[0]], plan.shape, levers)]
    taken = 1
    for _ in range(plan.rivals):
        kits.append(
            make_kit(rng, world, asked_person, FAMILIES[families[taken]], plan.shape, levers)
        )
        taken += 1
    for _ in range(plan.others):
        kits.append(
            make_kit(rng, world, second, FAMILIES[families[taken]], plan.others_shape, levers)
        )
        taken += 1
    target = kits[0]
    g = 1 + len(target.hops)
    # The second person's procedures give way (last first) when listings and hops alone would
    # exceed the haystack's size; the haystack grows to hold them when they are fewer.
    while len(kits) > 2 + plan.rivals and sum(1 + len(k.hops) for k in kits) > g + H_RANGE[1]:
        kits.pop()
    count = g + max(plan.h, sum(1 + len(k.hops) for k in kits) - g)
    fit(rng, kits, count)
    name_twins(rng, world, kits)
    place(rng, kits, count)

    slots: list[dict[str, Move]] = [{} for _ in range(count)]
    for ki, kit in enumerate(kits):
        asked = ki == 0
        listed = [kit.steps[i] for i in kit.listed]
        slots[kit.listing][PROCEDURE_SLOT] = listing_move(kit.person, kit.family, listed, asked)
        for hop in kit.hops:
            slots[hop.session][PROCEDURE_SLOT] = hop_move(
                rng, kit.person, kit.family, kit.steps, hop, asked
            )
        for twin in kit.twins:
            slots[twin.session][TWIN_SLOT] = twin_move(kit.person, kit.family, twin)
        for s in kit.mentions:
            slots[s][MENTION_SLOT] = Move(MENTION, kit.person, kit.family)

    # Cold moves: procedures of families no hot procedure uses, of anyone the user knows.
    hot_families = {k.family.key for k in kits}
    cold = [(p, f) for p in everyone for f in FAMILIES.values() if f.key not in hot_families]
    listed_cold: list[ColdProcedure] = []
    for s, slot in enumerate(slots):
        if PROCEDURE_SLOT not in slot:
            slot[PROCEDURE_SLOT] = cold_procedure_move(rng, world, s, cold, listed_cold)
        if TWIN_SLOT not in slot:
            person, family = joining(rng, cold, list(slot.values()), plain)
            slot[TWIN_SLOT] = twin_move(person, family, draw_twin(rng, world, person))
        if MENTION_SLOT not in slot:
            person, family = joining(rng, cold, list(slot.values()), plain)
            slot[MENTION_SLOT] = Move(MENTION, person, family)

    moments = varied_schedule(rng, start_date(rng), count)
    asked_at = moments[-1] + timedelta(days=rng.randint(1, 3), hours=rng.randint(1, 9))
    plans = []
    for s in range(count):
        moves = [slots[s][slot] for slot in RECIPE]
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))

    hop_kind = HOP[plan.shape]
    rivals = sorted(h.session for k in kits[1 : 1 + plan.rivals] for h in k.hops)
    # Every component is needed on its own: the listing because the rivals' hops leave a choice
    # without it, each hop because the listing alone gives no order, condition or edit.
    components = [
        GoldComponent(
            kind=PROCEDURES.membership,
            session_index=target.listing,
            rivals=rivals,
            load_bearing=True,
        )
    ] + [
        GoldComponent(kind=hop_kind, session_index=h.session, load_bearing=True)
        for h in target.hops
    ]
    answer, items = answer_of(target)
    twins = sorted(
        (Twin(kind=t.kind, session_index=t.session, value=t.value) for t in target.twins),
        key=lambda t: (t.session_index, t.value),
    )
    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=plan.shape,
        events=events_of(kits, rng),
        gold_components=sorted(components, key=lambda c: c.session_index),
        gold_components_load_bearing=True,
        answer_items=items,
        twins=twins or None,
        difficulty=interference_band(plan.rivals),
        difficulty_dial="interference",
        seeded_from=f"{VERTICAL} seed {seed}, question {plan.n}",
    )
    return assemble_question(
        question_id=qid,
        session_owner=haystack_token(seed, plan.n),
        question=question_text(rng, target),
        answer=answer,
        question_date=asked_at,
        plans=plans,
        block=block,
        rng=rng,
        bank=PROCEDURE_BANK,
    )


def build(
    seed: int, revision: str, levers: Levers, *, only: Collection[int] | None = None
) -> Built:
    """The corpus for one setting of the levers (`only`: just these question numbers, for
    tests; the others are skipped without changing what the kept ones contain)."""
    names = NameRegistry()
    assembled = [
        build_question(seed=seed, revision=revision, plan=plan, names=names, levers=levers)
        for plan in _plans(seed, levers)
        if only is None or plan.n in only
    ]
    return Built(assembled, names, levers)


def procedure_levers(
    *,
    rivals: tuple[int, int, int],
    others: tuple[int, int],
    twins_order: tuple[int, int],
    twins_edit: tuple[int, int],
    mentions: tuple[int, int],
) -> Levers:
    """A lever setting: rival procedures of the asked person (least, most for step-order, most
    for the other shapes), the second person's procedures, twins per procedure (step-order
    procedures, the others) and near-miss mentions per procedure."""
    return {
        "rivals_min": rivals[0],
        "rivals_order_max": rivals[1],
        "rivals_edit_max": rivals[2],
        "others_min": others[0],
        "others_max": others[1],
        "twins_order_min": twins_order[0],
        "twins_order_max": twins_order[1],
        "twins_edit_min": twins_edit[0],
        "twins_edit_max": twins_edit[1],
        "mentions_min": mentions[0],
        "mentions_max": mentions[1],
    }


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        procedure_levers(
            rivals=(2, 3, 4), others=(2, 3), twins_order=(2, 4), twins_edit=(2, 4), mentions=(0, 1)
        ),
        procedure_levers(
            rivals=(2, 3, 3), others=(2, 3), twins_order=(1, 3), twins_edit=(1, 3), mentions=(0, 1)
        ),
        procedure_levers(
            rivals=(2, 2, 3), others=(1, 2), twins_order=(1, 2), twins_edit=(1, 2), mentions=(0, 0)
        ),
    ),
    build=build,
    notes=(
        "every session makes one procedure move, one twin and one mention; exactly one of its "
        "procedure and mention moves belongs to a hot procedure, whose two to four twins sit in "
        "twin slots of sessions drawn uniformly (never beside their own listing or hops)",
        "the asked procedure is one of three to five procedures of the asked person with the "
        "same kind of second hop; a second person's procedures are built alike",
    ),
)
