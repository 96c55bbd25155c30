"""TypedMemEval-Temporal: occurrence-order 20, interval-position 15, recency 15 (SPEC §3).

A haystack follows several people's projects. Each project is a chain of four to six milestones
with invented names (up to eight for an occurrence-order question five links wide), and each
link of a chain — one relation between two adjacent milestones — is stated in its own session,
with no time expression: milestones are placed only against each other. Every session states
exactly one link, so each session's link is some chain's, and which session states which link
is a uniform draw, independent of where the link sits in its chain (the sessions naming the
asked chain's key values are then reordered among themselves to put the answer at its drawn
place, below): session order carries no event order (ORD003 measures it over the corpus).

The asked chain is one of the haystack's chains, all built by the same code: every chain is
given a question of its own — drawn from the corpus's plan of shapes and gold counts — and its
twins and mentions are drawn the same way whether or not that question is the one asked. So the
unasked chains are the haystack's questions not asked. Besides its links, a chain has
value-bearing twins (someone else's project and its order; a milestone said to have happened
against one of its own, which did not; a milestone planned against one of its own and called
off) and near-miss mentions of the project; every session's twin and mention slots are filled
from these or, where no chain claims them, from projects that come up once. A chain asked at
recency also has two end twins (`end_twins`), said in its own link sessions: one that puts its
last milestone first and one that puts its first milestone last. A twin is told in
a link's own words, as a link of the person's project, and the user's next turn says what it
was (`milestones.MILESTONE_STATUSES`); an order sentence names its two milestones in either
order (`said_order`), so neither the words of a turn nor which milestone it names last says
whether it is a link.

Shapes. **occurrence-order** names two inner milestones of the asked chain (neither its first
nor its last) two to five links apart and asks which came first (the earlier one is named first
in half of the questions);
**interval-position** names two milestones two links apart and asks which came between;
**recency** asks which milestone came last, over a chain of four to six, so every link has to
be followed. Gold is the sessions stating the links between the events the answer involves
(G = 2–5), and the dispersion band is G − 1. Where an occurrence-order or interval-position
answer stands among the values its question's key sentences name, by its last mention and by
its first, is drawn over the shape's questions from equal strata (`settle_answer`), so no
place is the answer's more often than another.

Relations. One event of each chain (drawn) carries no relation; every other event carries the
one link towards it (`before` the next event on one side of it, `after` the previous one on the
other), stated in its own session. The `events` block records them and the checker derives the
order from them alone (ORD001), reads each one back from its session's text (ORD002), and finds
exactly one order.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field, replace

from checker.formats.corpus import Event, Relation, Twin, TypedMemEvalBlock
from checker.formats.ids import question_id
from corpora.generate.core.allocate import MENTION_SLOT, TWIN_SLOT, AllocationError
from corpora.generate.core.bank import OTHER_PEOPLE, RELATIONS
from corpora.generate.core.clock import question_moment, start_date, varied_schedule
from corpora.generate.core.echo import stand_then_take_back
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
    equal_strata,
    question_rng,
)
from corpora.generate.core.world import (
    MENTION,
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Family,
    Gender,
    Move,
    Person,
    SessionPlan,
    draw_people,
)
from corpora.generate.temporal.milestones import (
    INTERVAL_QUESTIONS,
    LINK,
    MILESTONE_BANK,
    MILESTONE_NOUNS,
    NAMED_MENTION,
    OCCURRENCE_QUESTIONS,
    PROJECT_TWINS,
    PROJECTS,
    RECENCY_QUESTIONS,
    RELATION_WORDS,
    TWIN_BETWEEN,
)

VERTICAL = "temporal"
ABBREV = "tem"
SEED = 20261207
VERSION = "1.0.0"

OCCURRENCE, INTERVAL, RECENCY = "occurrence-order", "interval-position", "recency"
#: Occurrence-order arms: the answer is the milestone the question names first, or second.
FIRST_NAMED, SECOND_NAMED = "first-named", "second-named"
#: Milestones per chain.
CHAIN_EVENTS = (4, 6)
#: Non-gold sessions per haystack.
H_RANGE = (15, 25)
#: Every session's slots: one link, one twin, one mention.
RECIPE = (LINK, TWIN_SLOT, MENTION_SLOT)
#: (shape, gold sessions) of every question, in question-id order: occurrence-order at G 2-5,
#: interval-position at G 2, recency at G 3-5 (a chain of G + 1 milestones).
PLAN: tuple[tuple[str, int], ...] = (
    *((OCCURRENCE, g) for g in (2, 3, 4, 5) for _ in range(5)),
    *((INTERVAL, 2) for _ in range(15)),
    *((RECENCY, g) for g in (3, 4, 5) for _ in range(5)),
)
#: How often the relation word is the plain one (`after`, `before`) rather than the other.
PLAIN_RELATION_WORD = 0.75
#: How often a twin or a named mention is placed against a milestone its chain's question
#: names (where it names any).
NAMED_ANCHOR_SHARE = 0.85
#: How often a chain whose question names two milestones has a plan between them, called off.
BETWEEN_TWIN_SHARE = 0.75
#: How often a sentence of an order names its two milestones the other way round.
REVERSED_SHARE = 0.5
#: How often a chain's near-miss mention names one of its milestones rather than a topic.
NAMED_MENTION_SHARE = 0.7


def haystack_token(seed: int, key: int) -> str:
    """An opaque token for one haystack, from the corpus seed and the haystack's number only."""
    digest = hashlib.sha256(f"typedmemeval/{VERTICAL}/{seed}/haystack/{key}".encode()).hexdigest()
    return "h" + digest[:10]


# --- what a chain's question asks ------------------------------------------------------------


@dataclass(frozen=True)
class Ask:
    """A question about one chain: the milestones it names (in the order it names them), the
    milestones its answer names, and the range of the chain it needs (`low`..`high`)."""

    shape: str
    named: tuple[int, ...]
    answer: tuple[int, ...]
    low: int
    high: int

    @property
    def gold_links(self) -> range:
        """Links (link i joins milestones i and i + 1) the answer needs."""
        return range(self.low, self.high)


def chain_length(rng: random.Random, shape: str, g: int) -> int:
    """Milestones in a chain asked at `shape` with `g` gold links."""
    if shape == RECENCY:
        return g + 1
    if shape == OCCURRENCE:
        # Room for a milestone on either side of the two it names (`draw_ask`).
        least = max(CHAIN_EVENTS[0], g + 3)
        return rng.randint(least, max(CHAIN_EVENTS[1], least))
    return rng.randint(max(CHAIN_EVENTS[0], g + 1), CHAIN_EVENTS[1])


def draw_ask(
    rng: random.Random, shape: str, g: int, n: int, earlier_first: bool | None = None
) -> Ask:
    """Which milestones of an n-milestone chain a question of `shape` with `g` gold links asks
    about (the two named ones in either order: `earlier_first`, or drawn when None)."""
    if shape == RECENCY:
        return Ask(shape, (), (n - 1,), 0, n - 1)
    span = g if shape == OCCURRENCE else 2
    # An occurrence-order question names two inner milestones, never a chain's first or last:
    # each is then said once on the earlier side of an order word and once on the later side
    # (its two links), so which side of "before" or "after" a named milestone stands on says
    # nothing of which came first. A chain's first milestone is never said after anything, so
    # asked at an end, the side alone answered every question it decided.
    inner = shape == OCCURRENCE
    low = rng.randint(int(inner), n - 1 - span - int(inner))
    high = low + span
    if earlier_first is None:
        earlier_first = rng.random() < 0.5
    named = (low, high) if earlier_first else (high, low)
    answer = (low,) if shape == OCCURRENCE else (low + 1,)
    return Ask(shape, named, answer, low, high)


def anchors(ask: Ask, n: int) -> list[int]:
    """Milestones a twin or a named mention may be placed against: any but the answer's when
    the question names its answer's neighbours, so the answer is named only where gold names
    it; for recency, only inner milestones, so the chain's two ends are each named twice (a
    link and an end twin, `end_twins`) and how often a milestone comes up never says which end
    is the last."""
    if ask.shape == RECENCY:
        return [i for i in range(1, n - 1) if i not in ask.answer]
    return [i for i in range(n) if i not in ask.answer or i in ask.named]


def draw_anchor(rng: random.Random, ask: Ask, n: int) -> int | None:
    """One anchor: a milestone the question names, more often than not (competition on the
    question's own words), else any allowed one; None when none is allowed.

    An occurrence-order question's answer is one of the two milestones it names, so nothing is
    placed against either of those: each would then be said more often than any rival, and the
    one said most would be the answer half the time. Its twins and mentions sit beside a
    neighbour of one of the two instead, so the neighbours come up as often as the named ones,
    and compete on the question's words through their nouns (`twin_noun`)."""
    if ask.shape == OCCURRENCE:
        free = [i for i in range(n) if i not in ask.named]
        near = [i for i in free if any(abs(i - j) == 1 for j in ask.named)]
        return rng.choice(near or free)
    allowed = anchors(ask, n)
    named = [i for i in ask.named if i in allowed]
    if named and rng.random() < NAMED_ANCHOR_SHARE:
        return rng.choice(named)
    return rng.choice(allowed) if allowed else None


def twin_noun(rng: random.Random, ask: Ask, nouns: Sequence[str]) -> str | None:
    """The milestone noun of a twin of a chain: for a question naming two milestones, the
    noun of one of them (a `Kelso review` beside the asked `Qalmor review`), so a twin shares
    the question's words as often as a link does, wherever it is placed; else any (None)."""
    if ask.shape == RECENCY:
        return None
    return nouns[rng.choice(ask.named)]


# --- chains and their placement --------------------------------------------------------------


@dataclass
class TwinPlan:
    kind: str
    value: str
    rel: str
    #: The chain milestone it is placed against, or None for someone else's project.
    anchor: int | None
    #: A plan between two milestones: the second one it is placed between.
    second_anchor: int | None = None
    #: Someone else's project: the other milestone (invented) and whose project it is.
    other_value: str | None = None
    other: tuple[str, Gender] | None = None
    session: int = -1
    #: The plan's second saying (a plan between two milestones is said twice, as the answer
    #: between them is: see `echo_between`).
    echo: bool = False
    #: A twin against an end of a recency chain, said in one of the chain's own link sessions
    #: (`end_twins`); never dropped.
    end: bool = False


@dataclass
class Chain:
    """One person's project: its milestones in order, its question, twins and mentions."""

    person: Person
    family: Family
    values: list[str]
    ask: Ask
    #: The milestone that carries no relation.
    root: int
    twins: list[TwinPlan] = field(default_factory=list)
    #: Per near-miss mention, the milestone it names, or None for a topic of the project.
    mentions: list[int | None] = field(default_factory=list)
    #: Session of each link (link i joins milestones i and i + 1).
    link_sessions: list[int] = field(default_factory=list)
    #: Per link of the answer of the asked chain, whether its sentence names the answer after
    #: the other milestone (`settle_answer`); every other link names them either way round.
    said_last: dict[int, bool] = field(default_factory=dict)
    mention_sessions: list[int] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.values)

    def carrier(self, link: int) -> int:
        """The milestone whose relation states link `link`: below the root a milestone is
        placed before the next one, from the root on after the previous one."""
        return link if link < self.root else link + 1

    def subject(self) -> str:
        return f"{self.person.forms()['holder']}'s {self.family.noun}"


def relation_word(rng: random.Random, kind: str) -> str:
    plain, other = RELATION_WORDS[kind]
    return plain if rng.random() < PLAIN_RELATION_WORD else other


def milestone(rng: random.Random, world: World, noun: str | None = None) -> str:
    return f"{world.names.issue(rng, world.owner)} {noun or rng.choice(MILESTONE_NOUNS)}"


def other_person(rng: random.Random, person: Person) -> tuple[str, Gender]:
    """Whose project a someone-else's twin is: someone the person is not."""
    choices = [o for o in OTHER_PEOPLE if o[0] not in person.relation.noun.split()]
    noun, fixed = rng.choice(choices)
    drawn: Gender = rng.choice(("f", "m"))
    return noun, fixed if fixed is not None else drawn


def make_chain(
    rng: random.Random,
    world: World,
    person: Person,
    family: Family,
    shape: str,
    g: int,
    levers: Levers,
    n: int | None = None,
    earlier_first: bool | None = None,
    ends: random.Random | None = None,
) -> Chain:
    """One chain asked at `shape` with `g` gold links; its end twins (`end_twins`) are drawn
    from `ends` (a generator of their own, so every other draw is what it was without them)."""
    n = n if n is not None else chain_length(rng, shape, g)
    nouns = rng.sample(MILESTONE_NOUNS, n)
    ask = draw_ask(rng, shape, g, n, earlier_first)
    if ask.shape == OCCURRENCE:
        # Each neighbour of a milestone the question names takes the noun of one of the two
        # (`the Kelso review` next to the asked `Qalmor review`), so it comes up beside the
        # question's words in its two links as often as a named one does: else the two named
        # milestones, said twice each, stood together among the most said values (in a draft
        # without it, the fifth most said value was the answer in 0.33 of the questions
        # against a chance of 0.12, the attacker coming back round to that tier, n=20).
        for i in sorted({j for k in ask.named for j in (k - 1, k + 1)} - set(ask.named)):
            nouns[i] = nouns[rng.choice(ask.named)]
    values = [milestone(rng, world, noun) for noun in nouns]
    chain = Chain(person, family, values, ask, root=rng.randrange(n))
    twins = rng.randint(levers["twins_min"], levers["twins_max"])
    if ask.shape == INTERVAL and twins and rng.random() < BETWEEN_TWIN_SHARE:
        # A plan between the two milestones the question names, naming them in either order.
        first, second = rng.sample(ask.named, 2)
        rel = relation_word(rng, "after")
        chain.twins.append(
            TwinPlan(
                TWIN_BETWEEN,
                milestone(rng, world, twin_noun(rng, ask, nouns)),
                rel,
                first,
                second_anchor=second,
            )
        )
        # Said twice, in two sessions, as the milestone between them is (its two links):
        # said once, the plan was the one value near both named milestones said less often
        # and less late than the answer.
        chain.twins.append(replace(chain.twins[-1], echo=True))
        twins -= 1
    for _ in range(twins):
        kind = rng.choice(PROJECT_TWINS)
        rel = relation_word(rng, rng.choice(("after", "before")))
        anchor = draw_anchor(rng, ask, n)
        if kind == TWIN_OTHERS or anchor is None:
            chain.twins.append(
                TwinPlan(
                    TWIN_OTHERS,
                    milestone(rng, world, twin_noun(rng, ask, nouns)),
                    rel,
                    None,
                    other_value=milestone(rng, world),
                    other=other_person(rng, person),
                )
            )
        else:
            value = milestone(rng, world, twin_noun(rng, ask, nouns))
            chain.twins.append(TwinPlan(kind, value, rel, anchor))
            if ask.shape == INTERVAL:
                # Said twice, as the answer is (its two links) and the plan between: said
                # once, every twin ranked below the answer by how often the sentences with
                # the question's words name it, so dropping the most said tier (the named
                # milestones) left the answer nearly alone at the top of the rest.
                chain.twins.append(replace(chain.twins[-1], echo=True))
    chain.twins += end_twins(ends or rng, world, ask, n)
    for _ in range(rng.randint(levers["mentions_min"], levers["mentions_max"])):
        named = rng.random() < NAMED_MENTION_SHARE
        chain.mentions.append(draw_anchor(rng, ask, n) if named else None)
    return chain


def end_twins(rng: random.Random, world: World, ask: Ask, n: int) -> list[TwinPlan]:
    """For a chain asked at recency (asked or not, so the asked chain's are like any other's):
    a twin that puts the chain's last milestone first ("the Kelso fitting came after <last>",
    or "<last> came before the Kelso fitting") and one that puts its first milestone last, each
    a milestone said to have happened, which did not: its status names the twin as never having
    gone ahead, or takes the whole sentence back. Never a plan called off, whose status ("it
    has since been dropped") could be read of the chain milestone the sentence names.

    Every true order sentence puts the earlier milestone first, so without these a chain's
    last milestone was only ever said last: the value the order words put last was the answer
    of 0.283 of the recency questions against a chance of 0.132 (n=15). With them each end is
    said once on either side, as an inner milestone is in its two links, and twice in all, as
    an inner milestone is. Each is said in one of the chain's own link sessions (`_place`), so
    the last milestone is named only in sessions that state a link of its chain: gold for the
    asked chain, whose question needs every link."""
    if ask.shape != RECENCY:
        return []
    out = []
    for anchor, kind in ((n - 1, "after"), (0, "before")):
        # A draw kept from when an end twin was a plan called off as often as not, so the
        # names it takes (and every later draw of the corpus) are what they were.
        rng.choice((0, 1))
        value = milestone(rng, world)
        out.append(TwinPlan(TWIN_RUMOUR, value, relation_word(rng, kind), anchor, end=True))
    return out


def end_twin_links(chain: Chain, twin: TwinPlan) -> list[int]:
    """The links whose sessions an end twin may be said in: any of its chain's but the one
    stating the link of the milestone it is placed against."""
    own = 0 if twin.anchor == 0 else chain.n - 2
    return [link for link in range(chain.n - 1) if link != own]


def _drop_twin(rng: random.Random, chains: Sequence[Chain]) -> None:
    """Drop one twin drawn uniformly over every chain's, the asked one's alike (never an end
    twin, `end_twins`)."""
    owners = [(c, i) for c in chains for i, t in enumerate(c.twins) if not t.end]
    if not owners:
        raise AllocationError("no twin left to drop")
    chain, i = rng.choice(owners)
    del chain.twins[i]


def fit(rng: random.Random, chains: Sequence[Chain], sessions: int) -> None:
    """At most one twin and one mention per session: drop twins (and mentions) drawn uniformly
    over every chain's, the asked one's alike, until they fit."""
    while sum(not t.end for c in chains for t in c.twins) > sessions:
        _drop_twin(rng, chains)
    while sum(len(c.mentions) for c in chains) > sessions:
        owners = [c for c in chains for _ in c.mentions]
        chain = rng.choice(owners)
        del chain.mentions[rng.randrange(len(chain.mentions))]


def place(
    rng: random.Random,
    chains: Sequence[Chain],
    sessions: int,
    tries: int = 200,
    ends: random.Random | None = None,
) -> None:
    """Every link in its own session (a uniform draw), then each chain's twins and mentions in
    sessions that state none of its own links, one per slot (`fit` first: a twin that finds no
    slot in any of the tries is dropped, drawn as `fit` draws); then each end twin in one of
    its own chain's link sessions (`_place_ends`, drawn from `ends`)."""
    fit(rng, chains, sessions)
    while True:
        try:
            _place(rng, chains, sessions, tries)
            return _place_ends(ends or rng, chains, sessions)
        except AllocationError:
            _drop_twin(rng, chains)


def _place_ends(rng: random.Random, chains: Sequence[Chain], sessions: int) -> None:
    """Each end twin in a session stating one of its chain's links (not the link of the
    milestone it is placed against, `end_twin_links`), drawn uniformly among those whose twin
    slot is free; where none is, a drawn one is freed by moving the twin there to a free
    session stating none of its own chain's links."""
    owner = {id(t): c for c in chains for t in c.twins}
    held = {t.session: t for c in chains for t in c.twins if not t.end}
    free = set(range(sessions)) - set(held)
    for chain in chains:
        for twin in (t for t in chain.twins if t.end):
            allowed = sorted({chain.link_sessions[k] for k in end_twin_links(chain, twin)})
            options = [s for s in allowed if s in free]
            if options:
                twin.session = rng.choice(options)
                free.discard(twin.session)
                continue
            spot = rng.choice([s for s in allowed if s in held])
            moved = held.pop(spot)
            away = sorted(free - set(owner[id(moved)].link_sessions))
            if not away:
                raise AllocationError("no free session for a twin an end twin displaces")
            moved.session = rng.choice(away)
            free.discard(moved.session)
            held[moved.session] = moved
            twin.session = spot


def _place(rng: random.Random, chains: Sequence[Chain], sessions: int, tries: int) -> None:
    for _ in range(tries):
        order = list(range(sessions))
        rng.shuffle(order)
        it = iter(order)
        for chain in chains:
            chain.link_sessions = [next(it) for _ in range(chain.n - 1)]
        twin_free = set(range(sessions))
        mention_free = set(range(sessions))
        ok = True
        for chain in chains:
            own = set(chain.link_sessions)
            for twin in (t for t in chain.twins if not t.end):
                options = sorted(twin_free - own)
                if not options:
                    ok = False
                    break
                twin.session = rng.choice(options)
                twin_free.discard(twin.session)
            chosen = sorted(mention_free - own)
            if not ok or len(chosen) < len(chain.mentions):
                ok = False
                break
            chain.mention_sessions = rng.sample(chosen, len(chain.mentions))
            mention_free -= set(chain.mention_sessions)
        if ok:
            return
    raise AllocationError(f"no placement of {len(chains)} chains' twins over {sessions} sessions")


def key_sessions(chain: Chain) -> dict[str, set[int]]:
    """Per value a reader of the question's key sentences weighs — the chain's milestones and
    its twins — the sessions that name it beside a word of the question: a link or a named
    mention naming a milestone with a noun the question names, and every twin (a twin takes
    a named milestone's noun, `twin_noun`) with the milestone it is placed against. A
    recency question names no milestone: every link."""
    asked = set(chain.ask.named)
    values = chain.values
    nouns = {noun_of(values[i]) for i in asked}
    keyed = {i for i, v in enumerate(values) if noun_of(v) in nouns}
    out: dict[str, set[int]] = {}
    for link, s in enumerate(chain.link_sessions):
        if not asked or {link, link + 1} & keyed:
            out.setdefault(values[link], set()).add(s)
            out.setdefault(values[link + 1], set()).add(s)
    for twin in chain.twins:
        out.setdefault(twin.value, set()).add(twin.session)
        if twin.anchor is not None:
            out.setdefault(values[twin.anchor], set()).add(twin.session)
    for s, named in zip(chain.mention_sessions, chain.mentions, strict=True):
        if named is not None and named in keyed:
            out.setdefault(values[named], set()).add(s)
    return out


def noun_of(value: str) -> str:
    """A milestone's noun (`review` of `Qalmor review`)."""
    return value.rsplit(" ", 1)[-1]


def answer_ranks(
    mentions: dict[str, set[int]], gold: str
) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the gold value stands among the values by its last mention (1: said last of
    all) and by its first (1: said first), each as the place it takes when it is named ahead
    of a value said in the same session and the place it takes when named behind it (the
    same place when none is)."""
    last = {v: max(s) for v, s in mentions.items()}
    first = {v: min(s) for v, s in mentions.items()}
    others = [v for v in mentions if v != gold]
    recent = 1 + sum(last[v] > last[gold] for v in others)
    earliest = 1 + sum(first[v] < first[gold] for v in others)
    return (
        (recent, recent + sum(last[v] == last[gold] for v in others)),
        (earliest, earliest + sum(first[v] == first[gold] for v in others)),
    )


def wanted_rank(share: float, values: int) -> int:
    """The place a share of the way down `values` places stands for (1 to `values`)."""
    return 1 + min(int(share * values), values - 1)


def settle_answer(
    rng: random.Random, chain: Chain, place: tuple[float, float], tries: int = 800
) -> dict[int, int]:
    """A reordering of the sessions that name the chain's key values among the places they
    already hold (every other session stays where it is), drawn until the answer stands at
    the wanted place by its last mention and by its first (`place`: shares of the way down,
    `_answer_places`), or as near as any draw came; and, for each of the answer's two links,
    whether its sentence names the answer after the neighbour it shares the session with
    (`Chain.said_last`): the answer is never said last (or first) of all in a session alone,
    so the sentence's order puts it ahead of that neighbour or behind it.

    Drawn uniformly, the milestones the question names — said in two links each and beside
    most twins — were said both before and after the answer, which fell third by its last
    mention and by its first (0.40 against a chance of 0.17, n=15)."""
    mentions = key_sessions(chain)
    gold = chain.values[chain.ask.answer[0]]
    spots = sorted(set().union(*mentions.values()))
    want = (wanted_rank(place[0], len(mentions)), wanted_rank(place[1], len(mentions)))
    best: tuple[int, dict[int, int]] = (len(spots) * 4, {s: s for s in spots})
    for _ in range(tries):
        moved = dict(zip(spots, rng.sample(spots, len(spots)), strict=True))
        ranks = answer_ranks({v: {moved[s] for s in ss} for v, ss in mentions.items()}, gold)
        miss = sum(min(abs(w - r) for r in got) for w, got in zip(want, ranks, strict=True))
        if miss < best[0]:
            best = (miss, moved)
        if miss == 0:
            break
    moved = best[1]
    recent, earliest = answer_ranks({v: {moved[s] for s in ss} for v, ss in mentions.items()}, gold)
    links = sorted(
        (link for link in range(chain.n - 1) if gold in chain.values[link : link + 2]),
        key=lambda link: moved.get(chain.link_sessions[link], chain.link_sessions[link]),
    )
    # Named last in its last link: said after the neighbour there; named first in its first
    # link: said before it.
    chain.said_last = {
        links[0]: earliest[1] > earliest[0] and want[1] != earliest[0],
        links[-1]: not (recent[1] > recent[0] and want[0] != recent[0]),
    }
    return moved


def move_sessions(chains: Sequence[Chain], moved: dict[int, int]) -> None:
    """Every chain's links, twins and mentions follow their sessions to their new places."""
    for chain in chains:
        chain.link_sessions = [moved.get(s, s) for s in chain.link_sessions]
        chain.mention_sessions = [moved.get(s, s) for s in chain.mention_sessions]
        for twin in chain.twins:
            twin.session = moved.get(twin.session, twin.session)


# --- one question ------------------------------------------------------------------------------


@dataclass(frozen=True)
class QuestionPlan:
    n: int
    shape: str
    g: int
    relation: str
    family: str
    chains: int
    people: int
    families: int
    #: Occurrence-order: whether the question names the earlier milestone first.
    earlier_first: bool | None = None
    #: Occurrence-order and interval-position: where the answer stands among the values the
    #: question's key sentences name, by its last mention and by its first, as shares of the
    #: way down (`_answer_places`).
    place: tuple[float, float] | None = None


def _plans(seed: int, levers: Levers) -> list[QuestionPlan]:
    rng = question_rng(seed, VERTICAL, 0, "plans")
    projects = list(PROJECTS) * 4
    rng.shuffle(projects)
    # Exactly half the occurrence-order questions name their answer first.
    occurrence = sum(1 for shape, _ in PLAN if shape == OCCURRENCE)
    firsts = [k < occurrence // 2 for k in range(occurrence)]
    rng.shuffle(firsts)
    places = _answer_places(seed)
    out = []
    for n, (shape, g) in enumerate(PLAN, start=1):
        out.append(
            QuestionPlan(
                n=n,
                shape=shape,
                g=g,
                relation=rng.choice(RELATIONS).key,
                family=projects[n - 1],
                chains=rng.randint(levers["chains_min"], levers["chains_max"]),
                people=rng.randint(levers["people_min"], levers["people_max"]),
                families=rng.randint(levers["families_min"], levers["families_max"]),
                earlier_first=firsts.pop() if shape == OCCURRENCE else None,
                place=next(places[shape]) if shape in places else None,
            )
        )
    return out


def _answer_places(seed: int) -> dict[str, Iterator[tuple[float, float]]]:
    """Per shape whose answer is one value among several the question's key sentences name
    (occurrence-order, interval-position), where each question's answer stands by its last
    mention and by its first: the middles of equal strata of [0, 1), one per question, each
    ordering shuffled on its own. So over the shape every place, from the last said to the
    first, is taken about equally often, and no reader who picks the k-th most recent or the
    k-th named value is right more often than chance. Drawn from a generator of their own."""
    rng = question_rng(seed, VERTICAL, 0, "answer places")
    out: dict[str, Iterator[tuple[float, float]]] = {}
    for shape in (OCCURRENCE, INTERVAL):
        count = sum(1 for s, _ in PLAN if s == shape)
        recent = equal_strata(rng, count)
        first = equal_strata(rng, count)
        out[shape] = iter(list(zip(recent, first, strict=True)))
    return out


def _cast(
    rng: random.Random, plan: QuestionPlan
) -> tuple[list[Person], list[Family], list[Person]]:
    """The people and projects the chains are drawn from (the asked ones first), and everyone
    the user may mention (each person with one gender for the whole haystack)."""
    everyone = draw_people(rng, RELATIONS)
    asked = next(p for p in everyone if p.key == plan.relation)
    others = [p for p in everyone if p.key != plan.relation]
    rng.shuffle(others)
    keys = [k for k in PROJECTS if k != plan.family]
    rng.shuffle(keys)
    cast = [asked, *others[: plan.people - 1]]
    projects = [PROJECTS[plan.family], *(PROJECTS[k] for k in keys[: plan.families - 1])]
    return cast, projects, everyone


def inverse_word(word: str) -> str:
    """The relation word that says the same order the other way round (`after` → `before`,
    `later than` → `earlier than`)."""
    after, before = RELATION_WORDS["after"], RELATION_WORDS["before"]
    if word in after:
        return before[after.index(word)]
    return after[before.index(word)]


def said_order(rng: random.Random, v: str, w: str, rel: str) -> dict[str, str]:
    """The placeholders of a sentence saying `v` came `rel` `w`: named in that order, or as
    often the other way round (`w`, the inverse word, `v`), so which of two milestones a
    sentence names last says nothing of either (the checker reads the order both ways)."""
    if rng.random() < REVERSED_SHARE:
        return {"V": w, "W": v, "rel": inverse_word(rel)}
    return {"V": v, "W": w, "rel": rel}


def with_gone(rng: random.Random, extra: dict[str, str], value: str) -> dict[str, str]:
    """`extra` with `gone`: `value`, the twin's own milestone, which a status that takes the
    link back names as never having gone ahead; never the chain milestone it was placed
    against (or the other one of someone else's project). It draws once, as it did when it
    drew which words said where the sentence named `value`, so every later draw of the corpus
    (its sessions, dates and ids) is what it was."""
    if value not in (extra["V"], extra["W"]):
        raise ValueError(f"{value!r} is neither milestone of the link {extra}")
    rng.choice((0, 1))
    return {**extra, "gone": value}


def _link_move(chain: Chain, link: int, rng: random.Random, evidence: bool) -> Move:
    carrier = chain.carrier(link)
    other = link + 1 if carrier == link else link
    kind = "before" if carrier < other else "after"
    rel = relation_word(rng, kind)
    extra = said_order(rng, chain.values[carrier], chain.values[other], rel)
    if link in chain.said_last:
        gold = chain.values[chain.ask.answer[0]]
        if (extra["W"] == gold) != chain.said_last[link]:
            extra = {"V": extra["W"], "W": extra["V"], "rel": inverse_word(extra["rel"])}
    return Move(
        LINK, chain.person, chain.family, chain.values[carrier], evidence=evidence, extra=extra
    )


def _twin_move(chain: Chain, twin: TwinPlan, rng: random.Random) -> Move:
    """A twin told as a link of the person's own project (its status says what it was)."""
    if twin.anchor is None:
        assert twin.other_value is not None
        return Move(
            TWIN_OTHERS,
            chain.person,
            chain.family,
            twin.value,
            other=twin.other,
            extra=with_gone(
                rng, said_order(rng, twin.value, twin.other_value, twin.rel), twin.value
            ),
            told_as=LINK,
        )
    extra = with_gone(
        rng, said_order(rng, twin.value, chain.values[twin.anchor], twin.rel), twin.value
    )
    if twin.second_anchor is not None:
        extra["W2"] = chain.values[twin.second_anchor]
    return Move(twin.kind, chain.person, chain.family, twin.value, extra=extra, told_as=LINK)


def echo_between(chain: Chain, slots: Sequence[dict[str, Move]]) -> None:
    """A twin said twice — the plan between two milestones, and every twin placed against a
    milestone of an interval question's chain — (both sayings placed, `fit` may drop one): the
    earlier saying stands and the later one takes both back (`core.echo`), so the twin is not
    taken back and then said again. Every chain's plan alike, asked or not; every question asks
    the order as known after the last session, when the plan has been called off."""
    twins = chain.twins
    pairs = [(a, b) for a in twins for b in twins if not a.echo and b.echo and a.value == b.value]
    for a, b in pairs:
        first, second = sorted((a, b), key=lambda t: t.session)
        stand_then_take_back(slots[first.session][TWIN_SLOT], slots[second.session][TWIN_SLOT])


def _cold_twin(rng: random.Random, world: World, pairs: Sequence[tuple[Person, Family]]) -> Move:
    """A twin of a project no chain follows: every name in it is invented for it alone."""
    person, family = rng.choice(pairs)
    kind = rng.choice(PROJECT_TWINS)
    rel = relation_word(rng, rng.choice(("after", "before")))
    other = other_person(rng, person) if kind == TWIN_OTHERS else None
    value = milestone(rng, world)
    return Move(
        kind,
        person,
        family,
        value,
        other=other,
        extra=with_gone(rng, said_order(rng, value, milestone(rng, world), rel), value),
        told_as=LINK,
    )


def events_of(chain: Chain, rng: random.Random) -> list[Event]:
    """The asked chain's events: opaque ids (a drawn permutation, so an id says nothing of the
    order), each non-root event with the one relation it carries, in its own session; the root
    in the session of one of its links."""
    ids = [f"m{k}" for k in rng.sample(range(1, chain.n + 1), chain.n)]
    root_links = [i for i in (chain.root - 1, chain.root) if 0 <= i < chain.n - 1]
    root_session = chain.link_sessions[rng.choice(root_links)]
    events = []
    for j in range(chain.n):
        if j == chain.root:
            session, relations = root_session, []
        else:
            link = j if j < chain.root else j - 1
            other = j + 1 if j < chain.root else j - 1
            kind = "before" if j < chain.root else "after"
            session = chain.link_sessions[link]
            relations = [Relation(kind=kind, other_event_id=ids[other])]
        events.append(
            Event(
                event_id=ids[j],
                kind="milestone",
                subject=chain.subject(),
                value=chain.values[j],
                session_index=session,
                relations=relations,
            )
        )
    return sorted(events, key=lambda e: e.event_id)


def _question_text(rng: random.Random, chain: Chain) -> str:
    ask = chain.ask
    subject = chain.subject()
    if ask.shape == RECENCY:
        return capitalise(rng.choice(RECENCY_QUESTIONS).format(subject=subject))
    a, b = (chain.values[i] for i in ask.named)
    options = OCCURRENCE_QUESTIONS if ask.shape == OCCURRENCE else INTERVAL_QUESTIONS
    return capitalise(rng.choice(options).format(subject=subject, A=a, B=b))


def answer_arm(ask: Ask) -> str | None:
    """Occurrence-order's answer class: whether the answer is the milestone the question names
    first or the one it names second (half the questions each, worded alike)."""
    if ask.shape != OCCURRENCE:
        return None
    return FIRST_NAMED if ask.named[0] == ask.answer[0] else SECOND_NAMED


def _answer(chain: Chain) -> str:
    value = chain.values[chain.ask.answer[0]]
    if chain.ask.shape == OCCURRENCE:
        return f"The {value} came first."
    return f"The {value}."


def build_question(
    *, seed: int, revision: str, plan: QuestionPlan, names: NameRegistry, levers: Levers
) -> AssembledQuestion:
    qid = question_id(ABBREV, revision, plan.n)
    rng = question_rng(seed, VERTICAL, plan.n)
    people, fams, everyone = _cast(rng, plan)
    world = World(rng, names, qid, people, fams)
    person, family = world.person(plan.relation), world.family(plan.family)

    # The asked chain, then as many unasked ones, each with a question drawn from the plan;
    # the unasked ones are drawn again until the haystack holds H_RANGE non-gold sessions.
    # End twins (`end_twins`) draw from a generator of their own.
    ends = question_rng(seed, VERTICAL, plan.n, "end twins")
    target = make_chain(
        rng,
        world,
        person,
        family,
        plan.shape,
        plan.g,
        levers,
        earlier_first=plan.earlier_first,
        ends=ends,
    )
    combos = [(p, f) for p in world.people for f in world.families if (p, f) != (person, family)]
    for _ in range(100):
        rng.shuffle(combos)
        rivals = [(p, f, *rng.choice(PLAN)) for p, f in combos[: plan.chains - 1]]
        lengths = [chain_length(rng, shape, g) for _, _, shape, g in rivals]
        if H_RANGE[0] <= target.n - 1 + sum(n - 1 for n in lengths) - plan.g <= H_RANGE[1]:
            break
    else:
        raise AllocationError(f"{qid}: no draw of rival chains fits {H_RANGE} non-gold sessions")
    chains = [target]
    for (p, f, shape, g), n in zip(rivals, lengths, strict=True):
        chains.append(make_chain(rng, world, p, f, shape, g, levers, n=n, ends=ends))
    # Cold slots talk about any project no chain follows, of anyone the user knows.
    followed = {(c.person.key, c.family.key) for c in chains}
    cold = [(p, f) for p in everyone for f in PROJECTS.values() if (p.key, f.key) not in followed]
    count = sum(c.n - 1 for c in chains)
    place(rng, chains, count, ends=ends)
    if plan.place is not None:
        settle = question_rng(seed, VERTICAL, plan.n, "answer place")
        move_sessions(chains, settle_answer(settle, target, plan.place))

    slots: list[dict[str, Move]] = [{} for _ in range(count)]
    # End twins (`end_twins`) take their slots once every other move of the session is drawn,
    # in the place of the twin of a project no chain follows that would have been there.
    end_moves: dict[int, Move] = {}
    for ci, chain in enumerate(chains):
        for link, s in enumerate(chain.link_sessions):
            evidence = ci == 0 and link in chain.ask.gold_links
            slots[s][LINK] = _link_move(chain, link, rng, evidence)
        for twin in chain.twins:
            if twin.end:
                end_moves[twin.session] = _twin_move(chain, twin, ends)
            else:
                slots[twin.session][TWIN_SLOT] = _twin_move(chain, twin, rng)
        echo_between(chain, slots)
        for s, named in zip(chain.mention_sessions, chain.mentions, strict=True):
            if named is None:
                slots[s][MENTION_SLOT] = Move(MENTION, chain.person, chain.family)
            else:
                value = chain.values[named]
                slots[s][MENTION_SLOT] = Move(NAMED_MENTION, chain.person, chain.family, value)
    for s, slot in enumerate(slots):
        if TWIN_SLOT not in slot:
            slot[TWIN_SLOT] = _cold_twin(rng, world, cold)
        if MENTION_SLOT not in slot:
            p, f = joining(rng, cold, list(slot.values()), plain)
            slot[MENTION_SLOT] = Move(MENTION, p, f)
        if s in end_moves:
            slot[TWIN_SLOT] = end_moves[s]

    moments = varied_schedule(rng, start_date(rng), count)
    asked = question_moment(rng, moments[-1])
    plans = []
    for s in range(count):
        moves = [slots[s][slot] for slot in RECIPE]
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))

    # A twin is recorded where it is competition outside gold (DRV009): a recency chain's end
    # twins are said in its own link sessions, every one gold, and are not recorded.
    gold = {target.link_sessions[link] for link in target.ask.gold_links}
    twins = sorted(
        (
            Twin(kind=t.kind, session_index=t.session, value=t.value)
            for t in target.twins
            if t.session not in gold
        ),
        key=lambda t: (t.session_index, t.value),
    )
    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=plan.shape,
        arm=answer_arm(target.ask),
        events=events_of(target, rng),
        twins=twins or None,
        difficulty=plan.g - 1,
        difficulty_dial="dispersion",
        seeded_from=f"{VERTICAL} seed {seed}, question {plan.n}",
    )
    return assemble_question(
        question_id=qid,
        session_owner=haystack_token(seed, plan.n),
        question=_question_text(rng, target),
        answer=_answer(target),
        question_date=asked,
        plans=plans,
        block=block,
        rng=rng,
        bank=MILESTONE_BANK,
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


def chain_levers(
    *,
    chains: tuple[int, int],
    twins: tuple[int, int],
    mentions: tuple[int, int],
    people: tuple[int, int],
    families: tuple[int, int],
) -> Levers:
    """A lever setting from (min, max) ranges: chains per haystack, twins and near-miss
    mentions per chain, and the people and projects the chains are drawn from (fewer of each:
    more chains share a person or a project with the asked one)."""
    return {
        "chains_min": chains[0],
        "chains_max": chains[1],
        "twins_min": twins[0],
        "twins_max": twins[1],
        "mentions_min": mentions[0],
        "mentions_max": mentions[1],
        "people_min": people[0],
        "people_max": people[1],
        "families_min": families[0],
        "families_max": families[1],
    }


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        chain_levers(chains=(5, 6), twins=(2, 4), mentions=(1, 2), people=(3, 4), families=(3, 4)),
        chain_levers(chains=(5, 6), twins=(2, 3), mentions=(1, 2), people=(3, 4), families=(3, 4)),
        chain_levers(chains=(5, 7), twins=(1, 3), mentions=(0, 2), people=(3, 4), families=(3, 4)),
    ),
    build=build,
    notes=(
        "every session states one link of some chain; which session states which link is a "
        "uniform draw, independent of the link's place in its chain",
        "every chain, asked or not, is given a question drawn from the corpus plan; its "
        "twins and mentions are drawn alike",
    ),
)
