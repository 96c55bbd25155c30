"""TypedMemEval-Semantic: current-value 20, co-reference 15, source-attribution 15 (SPEC §3).

Every session of every question makes the same four moves — a statement of someone's fact, a
change (a replacement of a value stated earlier, or an alias giving someone's name), a
value-bearing twin and a neutral mention — and exactly one of them belongs to a *hot* kit
(`allocate`). A haystack's hot kits are of three kinds, drawn alike for the asked pair and for
the pairs nobody asks about, so the asked one is one of several built the same way:

- a *chain*: a statement and two to four replacements of one person's fact, each naming the
  value it replaces, with twins beside it — a switch considered and not made, a rumour,
  someone else's value or someone else's switch;
- an *aliased* fact: an alias move (`my boss is called Tarvish`) and, in another session, the
  fact stated under one of the two designations, with twins under either;
- a *belief*: a statement whose value recurs in twins that say it of someone else (`my aunt's
  friend has a Korvane too`), beside twins with values of their own.

Current-value questions ask a chain's holder for the value it ends in (gold: every link);
co-reference questions ask an aliased fact's holder by the designation the fact was *not*
stated under (gold: the alias and the fact); source-attribution questions state a belief and
ask what else was said in the conversation it came from (gold: the stating session; the answer
lists the values only that session names). The `events` block holds every value of the asked
family in the haystack, every alias, and for a source what else its session said, so the
checker recomputes each gold from the events alone (`checker.verticals.semantic.rules`).
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from types import MappingProxyType
from typing import TypeVar

from checker.formats.corpus import (
    Event,
    GoldComponent,
    Question,
    Relation,
    Twin,
    TypedMemEvalBlock,
)
from checker.formats.ids import question_id
from checker.retrieval.strips import is_keyword_sentence
from checker.text import bm25_tokens, sentences
from checker.verticals.semantic.rules import names as text_names
from corpora.generate.core.allocate import AllocationError, Kit, place_hot
from corpora.generate.core.bank import (
    FAMILY_REPLIES,
    FOLLOW_UPS,
    FRAMES,
    OTHER_PEOPLE,
    REACTIONS,
    RELATIONS,
    REPLIES,
    STATUS_REPLIES,
    STATUSES,
    THREAD_CLOSES,
)
from corpora.generate.core.clock import start_date, varied_schedule
from corpora.generate.core.haystack import (
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    moment_since,
)
from corpora.generate.core.names import NameRegistry, given_kind
from corpora.generate.core.render import Bank, speaker_person
from corpora.generate.core.topics import joining, plain
from corpora.generate.core.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    equal_strata,
    kit_levers,
    question_rng,
)
from corpora.generate.core.world import (
    MENTION,
    STATEMENT,
    TWIN_CONSIDERED,
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Family,
    Gender,
    Move,
    Person,
    SessionPlan,
    draw_people,
)
from corpora.generate.semantic.aliases import (
    ALIAS,
    ALIAS_FRAMES,
    ALIAS_REPLIES,
    alias_move,
    by_name,
    relation_designation,
)
from corpora.generate.semantic.replacements import (
    ASKED_BELIEFS,
    BELIEFS,
    ECHO_MOVE,
    REPLACEMENT,
    REPLACEMENT_STATUS_REPLIES,
    REPLACEMENT_STATUSES,
    RUMOUR_STATUSES,
    SEMANTIC_FAMILIES,
    SEMANTIC_STATUS_UNFIT,
    SWITCH_STATUS_REPLIES,
    SWITCH_STATUSES,
    TWIN_OTHERS_SWITCH,
    old_name,
)

VERTICAL = "semantic"
ABBREV = "sem"
SEED = 20261208
VERSION = "1.0.0"

N_CURRENT, N_COREF, N_SOURCE = 20, 15, 15
#: Non-gold sessions per haystack.
H_RANGE = (15, 25)
#: Values in an asked chain (its gold sessions), by question: the dispersion dial's ends hold
#: eight questions each so the ladder can test them.
CHAIN_LENGTHS = (3,) * 8 + (4,) * 4 + (5,) * 8
#: The recipe's slots; the change slot holds a replacement or an alias.
CHANGE_SLOT = "change"
TWIN_SLOT, MENTION_SLOT = "twin", MENTION
RECIPE = (STATEMENT, CHANGE_SLOT, TWIN_SLOT, MENTION_SLOT)
#: Kit kinds, and the share of a haystack's unasked kits of each (the asked shapes' shares).
CHAIN, ALIASED, BELIEF = "chain", "aliased", "belief"
KIT_SHARES = ((CHAIN, 0.4), (ALIASED, 0.3), (BELIEF, 0.3))
SHAPE_KIT = {"current-value": CHAIN, "co-reference": ALIASED, "source-attribution": BELIEF}
#: A belief's value recurs in this many twins that say it of someone else.
ECHOES = (3, 4)
#: A twin that repeats a belief's value (rendered as someone else's fact).
ECHO = "echo"
#: Twin kinds per kit kind (echoes are added to beliefs on top of these).
KIT_TWINS = {
    CHAIN: (TWIN_CONSIDERED, TWIN_RUMOUR, TWIN_OTHERS, TWIN_OTHERS_SWITCH),
    ALIASED: (TWIN_CONSIDERED, TWIN_RUMOUR, TWIN_OTHERS),
    BELIEF: (TWIN_CONSIDERED, TWIN_RUMOUR, TWIN_OTHERS),
}
TWIN_KINDS = (TWIN_CONSIDERED, TWIN_RUMOUR, TWIN_OTHERS, TWIN_OTHERS_SWITCH, ECHO)
#: A move about a named person that is free to name them uses the name this often.
NAME_SHARE = 0.35
#: Cold change slots give someone a name this often (the rest replace a value).
COLD_ALIAS_SHARE = 0.25
# How many of an unasked chain's rivals come after its last link is drawn uniformly from none to
# all of them in `_order_chains`. Drawn so for the asked chain too, over the twenty current-value
# questions the answer still fell third latest among the values said of the holder in six and
# latest in five (the third most recent value was the answer in 0.300, chance 0.123, n=20): a
# uniform draw per question is no even spread over a shape. So the asked chain's number is
# planned (`Spec.place`): a share of the way from its latest place to its earliest, the middles
# of equal strata, one per question, shuffled. Drawn as placement had it, with two or more
# rivals moved after the last link, the third latest value was the answer in 0.375 of the
# current-value questions (chance 0.135); with one rival put after the last link in nine
# chains of ten, the second latest was, in 0.44 (chance 0.13); at one half, the latest was, in
# 0.40 (chance 0.11, issue 24).

#: Rivals a chain keeps when a haystack is cut to size (`_fit`): with one, the current value is
#: the latest or the second latest value said of the holder whatever the draw.
KEPT_RIVALS = 2
#: Tries at drawing a haystack whose kits fit before giving up.
TRIES = 40


def _with_echo(mapping: Mapping[str, V]) -> dict[str, V]:
    """A shared per-kind mapping with a belief's echo read as someone else's news."""
    return {**mapping, ECHO_MOVE: mapping[TWIN_OTHERS]}


#: Replacements and every rival kind are told as statements (`Move.told_as`) and say what they
#: are in a status turn after; an echo is someone else's news, said as theirs, with no status.
SEMANTIC_BANK = Bank(
    frames=MappingProxyType({**_with_echo(FRAMES), ALIAS: ALIAS_FRAMES}),
    replies=MappingProxyType({**_with_echo(REPLIES), ALIAS: ALIAS_REPLIES}),
    family_replies=MappingProxyType(FAMILY_REPLIES),
    reactions=MappingProxyType(_with_echo(REACTIONS)),
    follow_ups=MappingProxyType(_with_echo(FOLLOW_UPS)),
    thread_closes=MappingProxyType(_with_echo(THREAD_CLOSES)),
    statuses=MappingProxyType(
        {
            **STATUSES,
            REPLACEMENT: REPLACEMENT_STATUSES,
            TWIN_OTHERS_SWITCH: SWITCH_STATUSES,
            TWIN_RUMOUR: RUMOUR_STATUSES,
        }
    ),
    status_unfit=MappingProxyType(SEMANTIC_STATUS_UNFIT),
    status_replies=MappingProxyType(
        {
            **STATUS_REPLIES,
            REPLACEMENT: REPLACEMENT_STATUS_REPLIES,
            TWIN_OTHERS_SWITCH: SWITCH_STATUS_REPLIES,
        }
    ),
)


V = TypeVar("V")


def haystack_token(seed: int, key: int) -> str:
    """An opaque token for one haystack, from the corpus seed and the haystack's number only."""
    digest = hashlib.sha256(f"typedmemeval/{VERTICAL}/{seed}/haystack/{key}".encode()).hexdigest()
    return "h" + digest[:10]


def slot_of(kind: str) -> str:
    if kind in (REPLACEMENT, ALIAS):
        return CHANGE_SLOT
    if kind in TWIN_KINDS:
        return TWIN_SLOT
    return kind


@dataclass(frozen=True)
class Spec:
    """What one question asks about and how much competition its haystack gets."""

    n: int
    shape: str
    relation: str
    family: str
    h: int
    people: int
    families: int
    #: Values in the asked chain (current-value), else 1.
    length: int = 1
    #: Co-reference: the question names the person by name (True) or by relation.
    by_name: bool = False
    #: The question ends in `now` (half of each shape that asks a present value, so the word
    #: says nothing of whether the value changed).
    now: bool = False
    #: Current-value: how far back among the holder's values the answer is said, as a share of
    #: the way from the latest place it can take to the earliest (`answer_places`).
    place: float | None = None


def _specs(seed: int, levers: Levers) -> list[Spec]:
    rng = question_rng(seed, VERTICAL, 0, "specs")
    shapes = (
        ["current-value"] * N_CURRENT
        + ["co-reference"] * N_COREF
        + ["source-attribution"] * N_SOURCE
    )
    keys = [f.key for f in SEMANTIC_FAMILIES]
    fams = keys * 5
    rng.shuffle(fams)
    lengths = list(CHAIN_LENGTHS)
    rng.shuffle(lengths)
    # Co-reference questions ask by name and by relation about equally often.
    directions = [i % 2 == 0 for i in range(N_COREF)]
    rng.shuffle(directions)
    # `now` in half the questions of each present-value shape, from a draw of its own (so the
    # other draws, and the haystacks, are as they were).
    nows = {shape: [k % 2 == 0 for k in range(shapes.count(shape))] for shape in set(shapes)}
    now_rng = question_rng(seed, VERTICAL, 0, "now")
    for shape in sorted(nows):
        now_rng.shuffle(nows[shape])
    seen = {shape: 0 for shape in nows}
    places = answer_places(seed, shapes.count("current-value"))
    specs = []
    for i, shape in enumerate(shapes):
        now = nows[shape][seen[shape]] and shape in ("current-value", "co-reference")
        seen[shape] += 1
        specs.append(
            Spec(
                n=i + 1,
                shape=shape,
                relation=rng.choice(RELATIONS).key,
                family=fams[i],
                h=rng.randint(*H_RANGE),
                people=rng.randint(levers["people_min"], levers["people_max"]),
                families=rng.randint(levers["families_min"], levers["families_max"]),
                length=lengths[i] if shape == "current-value" else 1,
                by_name=directions[i - N_CURRENT] if shape == "co-reference" else False,
                now=now,
                place=next(places) if shape == "current-value" else None,
            )
        )
    return specs


def answer_places(seed: int, count: int) -> Iterator[float]:
    """`count` shares of the way from the latest place to the earliest: the middles of equal
    strata of [0, 1), shuffled by a generator of their own (so every other draw is as it was).
    Over the shape, each place the answer can take is then taken about equally often."""
    return iter(equal_strata(question_rng(seed, VERTICAL, 0, "answer places"), count))


# --- kits -----------------------------------------------------------------------------------


@dataclass
class HotKit:
    """A hot kit with what the shared `Kit` does not say: its kind, and for an aliased fact
    the designation its fact is stated under."""

    kind: str
    kit: Kit
    #: Aliased facts: the fact is stated under the person's name (True) or relation.
    fact_by_name: bool = False
    #: The values of a chain, first to current (a belief or aliased fact: one).
    values: list[str] = field(default_factory=list)


def _kit_kind(rng: random.Random) -> str:
    u, acc = rng.random(), 0.0
    for kind, share in KIT_SHARES:
        acc += share
        if u < acc:
            return kind
    return KIT_SHARES[-1][0]


def _draw_length(rng: random.Random) -> int:
    return rng.choice(CHAIN_LENGTHS)


def _make_kit(
    kind: str,
    person: Person,
    family: Family,
    world: World,
    rng: random.Random,
    levers: Levers,
    *,
    length: int,
    fact_by_name: bool,
) -> HotKit:
    """One hot kit's moves: its evidence first (statement, replacements; or alias, statement),
    then twins and near-miss mentions, drawn alike for asked and unasked pairs."""
    fact = world.fact(person, family)
    if kind == CHAIN:
        kinds = [STATEMENT] + [REPLACEMENT] * (length - 1)
        values = [fact.value] + [world.value(family, rng) for _ in range(length - 1)]
    elif kind == ALIASED:
        kinds = [ALIAS, STATEMENT]
        values = [fact.value]
    else:
        kinds = [STATEMENT] + [ECHO] * rng.randint(*ECHOES)
        values = [fact.value]
    twins = rng.randint(levers["twins_min"], levers["twins_max"])
    kinds += [rng.choice(KIT_TWINS[kind]) for _ in range(twins)]
    kinds += [MENTION] * rng.randint(levers["mentions_min"], levers["mentions_max"])
    return HotKit(kind, Kit(person, family, fact, kinds), fact_by_name, values)


def _evidence_count(hot: HotKit) -> int:
    """Leading moves of a kit that are its evidence (never removed, placed in order)."""
    return {CHAIN: len(hot.values), ALIASED: 2, BELIEF: 1}[hot.kind]


def _fit(rng: random.Random, kits: list[HotKit], sessions: int) -> None:
    """Make the kits' moves number exactly `sessions`: remove twins or mentions from randomly
    drawn kits (every kit keeps its evidence, its echoes and one twin of its own, a chain
    `KEPT_RIVALS`), or add mentions — the asked kit treated like every other."""
    total = sum(len(h.kit.kinds) for h in kits)
    while total > sessions:
        removable = []
        for i, h in enumerate(kits):
            own_twins = [j for j, k in enumerate(h.kit.kinds) if k in TWIN_KINDS and k != ECHO]
            for j, k in enumerate(h.kit.kinds):
                kept = KEPT_RIVALS if h.kind == CHAIN else 1
                if k == MENTION or (k in TWIN_KINDS and k != ECHO and len(own_twins) > kept):
                    removable.append((i, j))
        if not removable:
            raise AllocationError(f"{total} kit moves cannot fit {sessions} sessions")
        i, j = rng.choice(removable)
        del kits[i].kit.kinds[j]
        total -= 1
    while total < sessions:
        rng.choice(kits).kit.kinds.append(MENTION)
        total += 1


def _order_chains(kits: Sequence[HotKit], rng: random.Random, place: float | None) -> None:
    """A chain's statement and replacements in session order, with a number of its rivals after
    the last link: for the asked chain, the share `place` of all of them (rounded down; None:
    drawn as for the others), for every other chain drawn uniformly from none to all. Placement drew the sessions of the
    chain's links and rivals at random; they are dealt out again among the same moves (so every
    other kit keeps its sessions): the last link takes the session that leaves the drawn number of
    rivals after it, the earlier links sessions drawn from those before, the rivals the rest."""
    for n, h in enumerate(kits):
        if h.kind != CHAIN:
            continue
        k = len(h.values)
        rivals = [i for i, kind in enumerate(h.kit.kinds) if kind in TWIN_KINDS and i >= k]
        pool = sorted(h.kit.sessions[i] for i in [*range(k), *rivals])
        after = rng.randint(0, len(rivals))
        if n == 0 and place is not None:
            after = min(int(place * (len(rivals) + 1)), len(rivals))
        last = len(pool) - 1 - after
        earlier = sorted(rng.sample(range(last), k - 1))
        links = [pool[j] for j in earlier] + [pool[last]]
        rest = [s for j, s in enumerate(pool) if j != last and j not in earlier]
        rng.shuffle(rest)
        h.kit.sessions[:k] = links
        for i, s in zip(rivals, rest, strict=True):
            h.kit.sessions[i] = s


# --- one question ---------------------------------------------------------------------------


@dataclass
class Said:
    """A value-bearing move as the events block records it."""

    session: int
    move: Move
    designation: str
    #: The fact it states or replaces: (relation key, family key); None for aliases and twins.
    fact: tuple[str, str] | None = None


def _designation(move: Move) -> str:
    return move.extra.get("holder") or relation_designation(move.person)


def _other(rng: random.Random, person: Person) -> tuple[str, Gender]:
    choices = [o for o in OTHER_PEOPLE if o[0] not in person.relation.noun.split()]
    noun, fixed = rng.choice(choices)
    drawn: Gender = rng.choice(("f", "m"))
    return noun, fixed if fixed is not None else drawn


def _twin(
    kind: str, person: Person, family: Family, value: str, world: World, rng: random.Random
) -> Move:
    """A twin move: someone else's value (or switch), a rumour, or a choice not taken, each
    told as a statement of the person's value and put right in the next turn; or a belief's
    echo, said as someone else's."""
    if kind == ECHO:
        return Move(ECHO_MOVE, person, family, value, other=_other(rng, person))
    if kind == TWIN_OTHERS_SWITCH:
        # Told as the person's statement of the value switched to; the value switched from is
        # never said, so none is drawn (a drawn name is one no question may say).
        fresh = world.value(family, rng)
        return Move(kind, person, family, fresh, other=_other(rng, person), told_as=STATEMENT)
    fresh = world.value(family, rng)
    other = _other(rng, person) if kind == TWIN_OTHERS else None
    extra = {"named": old_name(family, fresh)} if kind == TWIN_RUMOUR else {}
    return Move(kind, person, family, fresh, extra=extra, other=other, told_as=STATEMENT)


def _replacement(person: Person, family: Family, value: str, old: str, evidence: bool) -> Move:
    """A replacement, told as a statement of the new value; its status names the old one."""
    return Move(
        REPLACEMENT,
        person,
        family,
        value,
        evidence=evidence,
        extra={"W": old, "old": old_name(family, old)},
        told_as=STATEMENT,
    )


@dataclass
class Haystack:
    """Everything one question's haystack is built from, before rendering."""

    world: World
    kits: list[HotKit]
    slots: list[dict[str, Move]]
    names: dict[str, str]
    #: (kind, session, value) of the asked kit's twins.
    twins: list[tuple[str, int, str]]


def _cast(rng: random.Random, spec: Spec) -> tuple[list[Person], list[Family]]:
    people = draw_people(rng, RELATIONS)
    asked = next(p for p in people if p.key == spec.relation)
    others = [p for p in people if p.key != spec.relation]
    rng.shuffle(others)
    fams = [f for f in SEMANTIC_FAMILIES if f.key != spec.family]
    rng.shuffle(fams)
    asked_family = next(f for f in SEMANTIC_FAMILIES if f.key == spec.family)
    return [asked, *others[: spec.people - 1]], [asked_family, *fams[: spec.families - 1]]


def _draw_kits(
    spec: Spec, world: World, count: int, layout: random.Random, cast: random.Random, levers: Levers
) -> list[HotKit]:
    person = world.person(spec.relation)
    family = world.family(spec.family)
    asked_kind = SHAPE_KIT[spec.shape]
    kits = [
        _make_kit(
            asked_kind,
            person,
            family,
            world,
            cast,
            levers,
            length=spec.length,
            fact_by_name=not spec.by_name,
        )
    ]
    aliased = {person.key} if asked_kind == ALIASED else set()
    # The first unasked kit is of the asked kind, so the asked one is one of several built the
    # same way; the rest are drawn from the shapes' shares.
    while sum(len(h.kit.kinds) for h in kits) < count:
        kind = asked_kind if len(kits) == 1 else _kit_kind(layout)
        options = [
            (p, f)
            for p in world.people
            for f in world.families
            if not world.taken(p, f) and not (kind == ALIASED and p.key in aliased)
        ]
        if not options:
            raise AllocationError(f"no free pair left for a {kind} kit in {world.owner}")
        p, f = cast.choice(options)
        if kind == ALIASED:
            aliased.add(p.key)
        kits.append(
            _make_kit(
                kind,
                p,
                f,
                world,
                cast,
                levers,
                length=_draw_length(layout),
                fact_by_name=layout.random() < 0.5,
            )
        )
    return kits


def _hot_moves(
    kits: Sequence[HotKit], count: int, world: World, rng: random.Random, names: dict[str, str]
) -> list[dict[str, Move]]:
    slots: list[dict[str, Move]] = [{} for _ in range(count)]
    for ki, h in enumerate(kits):
        person, family = h.kit.person, h.kit.family
        for mi, (kind, s) in enumerate(zip(h.kit.kinds, h.kit.sessions, strict=True)):
            evidence = ki == 0 and mi < _evidence_count(h)
            if kind == STATEMENT:
                move = Move(STATEMENT, person, family, h.values[0], evidence=evidence)
                if h.kind == ALIASED and h.fact_by_name:
                    by_name(move, names[person.key])
            elif kind == REPLACEMENT:
                move = _replacement(person, family, h.values[mi], h.values[mi - 1], evidence)
            elif kind == ALIAS:
                move = alias_move(person, names[person.key])
                move.evidence = evidence
            elif kind == MENTION:
                move = Move(MENTION, person, family)
                if h.kind == ALIASED and rng.random() < 0.5:
                    by_name(move, names[person.key])
            else:
                # An aliased fact's value-bearing twins name its holder as the fact does. At
                # even odds a twin under the designation the question uses was never the
                # answer (the fact is stated under the other), so the designation told rival
                # from gold: the marker adversary leaned on `my R` (in gold turns 0.87, in
                # rivals 0.56, over ten seeds).
                move = _twin(kind, person, family, h.values[0], world, rng)
                # (The designation once drawn here is still drawn, so the rest of the
                # haystack's draws are as they were.)
                rng.random()
                if h.kind == ALIASED and h.fact_by_name:
                    by_name(move, names[person.key])
            slots[s][slot_of(kind)] = move
    return slots


def _cold(
    slots: list[dict[str, Move]],
    kits: Sequence[HotKit],
    world: World,
    rng: random.Random,
    names: dict[str, str],
) -> None:
    """Fill every empty slot with a cold move: statements of pairs nobody else states,
    replacements of values stated earlier, names for people nobody has named, twins and
    mentions of pairs no kit owns. Twin kinds follow the haystack's hot twins, so a twin slot
    reads the same whichever kind of session it sits in."""
    hot = {(h.kit.person.key, h.kit.family.key) for h in kits}
    cold = [(p, f) for p in world.people for f in world.families if (p.key, f.key) not in hot]
    # (Echoes too: someone else's value said as theirs comes up in any session, gold or not.)
    hot_twins = [k for h in kits for k in h.kit.kinds if k in TWIN_KINDS]
    current: dict[tuple[str, str], tuple[str, int]] = {}
    replaced: set[tuple[str, str]] = set()
    for s, slot in enumerate(slots):
        # The change first: it is the cold move with the fewest choices, and the freer ones
        # then join topics (`core.topics.joining`) the same way whatever the hot move is.
        if CHANGE_SLOT not in slot:
            unnamed = [p for p in world.people if p.key not in names]
            # A cold value is replaced at most once: cold pairs come up once or twice, and the
            # chains a question could be asked about are the hot ones.
            earlier = sorted(k for k, (_, at) in current.items() if at < s and k not in replaced)
            if unnamed and (not earlier or rng.random() < COLD_ALIAS_SHARE):
                p = rng.choice(unnamed)
                names[p.key] = world.names.issue(rng, world.owner, kind=given_kind(p.gender))
                slot[CHANGE_SLOT] = alias_move(p, names[p.key])
            elif earlier:
                key = rng.choice(earlier)
                old, _ = current[key]
                p, f = world.person(key[0]), world.family(key[1])
                fresh = world.value(f, rng)
                slot[CHANGE_SLOT] = _replacement(p, f, fresh, old, False)
                current[key] = (fresh, s)
                replaced.add(key)
            else:
                raise AllocationError(f"nothing to change in session {s} of {world.owner}")
        if STATEMENT not in slot:
            options = [(p, f) for p, f in cold if not world.taken(p, f)]
            if not options:
                raise AllocationError(f"no unstated pair left for session {s} of {world.owner}")
            p, f = joining(rng, options, list(slot.values()), plain)
            fact = world.fact(p, f)
            slot[STATEMENT] = Move(STATEMENT, p, f, fact.value)
        if TWIN_SLOT not in slot:
            p, f = joining(rng, cold, list(slot.values()), plain)
            kind = rng.choice(hot_twins)
            value = world.value(f, rng) if kind == ECHO else ""
            slot[TWIN_SLOT] = _twin(kind, p, f, value, world, rng)
        if MENTION_SLOT not in slot:
            p, f = joining(rng, cold, list(slot.values()), plain)
            slot[MENTION_SLOT] = Move(MENTION, p, f)
        move = slot[STATEMENT]
        key = (move.person.key, move.family.key)
        if key not in hot and move.value is not None:
            current[key] = (move.value, s)


def _name_cold_moves(
    slots: Sequence[dict[str, Move]],
    kits: Sequence[HotKit],
    rng: random.Random,
    names: dict[str, str],
) -> None:
    """Cold moves about a named person use the name now and then, as people do once a name is
    known; a kit's own moves keep the designation the kit gave them."""
    hot = {(h.kit.person.key, h.kit.family.key) for h in kits}
    for slot in slots:
        for kind in (STATEMENT, CHANGE_SLOT, TWIN_SLOT, MENTION_SLOT):
            move = slot[kind]
            if move.kind == ALIAS or (move.person.key, move.family.key) in hot:
                continue
            name = names.get(move.person.key)
            if name is not None and rng.random() < NAME_SHARE:
                by_name(move, name)


def _twin_kind(kind: str) -> str:
    return TWIN_OTHERS if kind == ECHO_MOVE else kind


def build_haystack(
    spec: Spec, world: World, count: int, layout: random.Random, cast: random.Random, levers: Levers
) -> Haystack:
    kits = _draw_kits(spec, world, count, layout, cast, levers)
    names: dict[str, str] = {}
    for h in kits:
        if h.kind == ALIASED:
            names[h.kit.person.key] = world.names.issue(
                cast, world.owner, kind=given_kind(h.kit.person.gender)
            )
    _fit(layout, kits, count)
    place_hot(layout, [h.kit for h in kits], count)
    _order_chains(kits, layout, spec.place)
    slots = _hot_moves(kits, count, world, cast, names)
    _cold(slots, kits, world, cast, names)
    _name_cold_moves(slots, kits, cast, names)
    asked = kits[0]
    # (An echo is someone else's value, recorded as such.)
    twins = sorted(
        (s, _twin_kind(slots[s][TWIN_SLOT].kind), slots[s][TWIN_SLOT].value or "")
        for kind, s in zip(asked.kit.kinds, asked.kit.sessions, strict=True)
        if kind in TWIN_KINDS
    )
    return Haystack(world, kits, slots, names, [(k, s, v) for s, k, v in twins])


# --- the events block -----------------------------------------------------------------------


def _said(slots: Sequence[dict[str, Move]], family: str) -> list[Said]:
    """Every statement and replacement of `family`, every value of it said of someone seen
    through a person (`my aunt's friend has a Korvane`: that someone's own fact), and every
    alias, in session order."""
    out = []
    for s, slot in enumerate(slots):
        for kind in (STATEMENT, CHANGE_SLOT, TWIN_SLOT):
            move = slot[kind]
            if move.kind == ALIAS:
                out.append(Said(s, move, relation_designation(move.person)))
            elif move.family.key != family:
                continue
            elif move.kind in (STATEMENT, REPLACEMENT):
                out.append(Said(s, move, _designation(move), (move.person.key, move.family.key)))
            elif move.other is not None and move.kind in (
                TWIN_OTHERS,
                TWIN_OTHERS_SWITCH,
                ECHO_MOVE,
            ):
                whose = move.extra.get("seen") or speaker_person(move).forms()["holder"]
                out.append(Said(s, move, whose, (f"{move.person.key}/{move.other[0]}", family)))
    return out


def events_of(slots: Sequence[dict[str, Move]], family: str) -> list[Event]:
    """Value events of `family` (a replacement relates to the value it replaces) and alias
    events, in session order."""
    events: list[Event] = []
    latest: dict[tuple[str, str], str] = {}
    for said in _said(slots, family):
        event_id = f"e{len(events) + 1:02d}"
        move = said.move
        if move.kind == ALIAS:
            events.append(
                Event(
                    event_id=event_id,
                    kind="alias",
                    subject=said.designation,
                    value=move.value,
                    session_index=said.session,
                )
            )
            continue
        assert said.fact is not None
        relations = []
        if move.kind == REPLACEMENT and said.fact in latest:
            relations.append(Relation(kind="replaces", other_event_id=latest[said.fact]))
        events.append(
            Event(
                event_id=event_id,
                kind="value",
                subject=said.designation,
                value=move.value,
                session_index=said.session,
                relations=relations,
            )
        )
        latest[said.fact] = event_id
    return events


# --- what else a conversation said ----------------------------------------------------------


def _named(family: Family, value: str) -> str:
    return family.answer_value.format(V=value)


def _your(move: Move) -> tuple[str, str]:
    """(second-person designation, possessive pronoun) of the move's person, always by
    relation: a name may recur in other sessions, so it cannot place this one."""
    forms = move.person.forms()
    return forms["your"], forms["poss"]


def describe(move: Move) -> str | None:
    """What a move told, in the second person, for an answer that places a conversation by it
    (None for a move that tells nothing a question could place a conversation by)."""
    your, poss = _your(move)
    family = move.family
    if move.kind == ALIAS:
        return f"{your} is called {move.value}"
    if move.value is None or move.kind == MENTION:
        return None
    value = _named(family, move.value)
    if move.other is not None:
        whose = f"{your}'s {move.other[0]}"
        if move.kind == TWIN_OTHERS_SWITCH:
            return f"{whose} switched to {value}"
        return belief(BELIEFS[family.key], whose, move.value)
    if move.kind == REPLACEMENT:
        # The replaced value was named in an earlier session too, so it cannot place this one.
        return f"{your} switched {poss} {family.noun} to {value}"
    if move.kind == TWIN_RUMOUR:
        heard = belief(BELIEFS[family.key], your, move.value)
        return f"you had heard that {heard}, which was not true"
    if move.kind == TWIN_CONSIDERED:
        return f"{your} thought about {value} as {poss} {family.noun} and did not go ahead"
    return belief(BELIEFS[family.key], your, move.value)


def belief(template: str, holder: str, value: str) -> str:
    """A belief phrase filled, its article fitting the value (`an Alm`, `a Korvane`)."""
    text = template.format(holder=holder, V=value)
    return re.sub(r"\ba ([AEIOU])", r"an \1", text)


def discussed_in(
    slots: Sequence[dict[str, Move]], s: int, texts: Sequence[str]
) -> list[tuple[str, str]]:
    """(description, value) of every other move of session `s` that places it: its value is
    named in that session's text and in no other session's."""
    out = []
    for kind in (CHANGE_SLOT, TWIN_SLOT):
        move = slots[s][kind]
        said = describe(move)
        value = move.value
        if said is None or value is None:
            continue
        if all(not text_names(t, value) for i, t in enumerate(texts) if i != s):
            out.append((said, value))
    return out


# --- the question ---------------------------------------------------------------------------


def _question_text(spec: Spec, hay: Haystack) -> str:
    asked = hay.kits[0]
    person, family = asked.kit.person, asked.kit.family
    if spec.shape in ("current-value", "co-reference"):
        named = spec.shape == "co-reference" and spec.by_name
        holder = hay.names[person.key] if named else relation_designation(person)
        text = family.questions[0].format(holder=holder)
        return text.replace("?", " now?") if spec.now else text
    said = belief(ASKED_BELIEFS[family.key], relation_designation(person), asked.values[0])
    return (
        f"I am sure I told you that {said}. What else did we talk about in the conversation "
        "where I said it?"
    )


def _source_answer(items: Sequence[tuple[str, str]]) -> str:
    said = [d for d, _ in items]
    joined = said[0] if len(said) == 1 else ", and that ".join(said)
    return f"In that conversation you also told me that {joined}."


def _keyword_sentences(question: str, record: Question) -> list[str]:
    """Sentences of the haystack made mostly of the question's own words: the generic
    scaffolding strip would remove them, so a haystack holding one is redrawn."""
    keywords = frozenset(bm25_tokens(question))
    return [
        sentence
        for session in record.haystack_sessions
        for turn in session
        for sentence in sentences(turn.content)
        if is_keyword_sentence(sentence, keywords)
    ]


@dataclass
class Drawn:
    """One question's haystack as drawn and rendered, before its answer is written."""

    hay: Haystack
    assembled: AssembledQuestion
    events: list[Event]
    gold: list[int]
    #: Source attribution: (description, value) of what else the source session said.
    items: list[tuple[str, str]]


def _draw(
    *, seed: int, qid: str, spec: Spec, names: NameRegistry, levers: Levers, attempt: int
) -> Drawn | None:
    """One draw of the question's haystack, rendered; None when its kits cannot fit, a
    sentence is made of the question's words, or a source names nothing only it names."""
    layout = question_rng(seed, VERTICAL, spec.n, f"layout/{attempt}")
    cast = question_rng(seed, VERTICAL, spec.n, f"cast/{attempt}")
    rng = question_rng(seed, VERTICAL, spec.n, *([f"render/{attempt}"] if attempt else []))
    people, fams = _cast(cast, spec)
    world = World(cast, names, qid, people, fams)
    count = spec.h + (
        spec.length if spec.shape == "current-value" else 2 if spec.shape == "co-reference" else 1
    )
    try:
        hay = build_haystack(spec, world, count, layout, cast, levers)
    except AllocationError:
        return None
    moments = varied_schedule(cast, start_date(cast), count)
    # Asked one to three days after the last session, at a waking hour.
    day = moments[-1].replace(hour=0, minute=0) + timedelta(days=cast.randint(1, 3))
    asked_at = day + timedelta(hours=cast.randint(8, 21), minutes=15 * cast.randint(0, 3))
    plans = []
    for s in range(count):
        moves = [hay.slots[s][slot] for slot in RECIPE]
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))
    asked = hay.kits[0]
    events = events_of(hay.slots, asked.kit.family.key)
    gold = sorted(asked.kit.sessions[: _evidence_count(asked)])
    question = _question_text(spec, hay)
    assembled = assemble_question(
        question_id=qid,
        session_owner=haystack_token(seed, spec.n),
        question=question,
        answer="",
        question_date=asked_at,
        plans=plans,
        block=TypedMemEvalBlock(vertical=VERTICAL, shape=spec.shape, events=events),
        rng=rng,
        bank=SEMANTIC_BANK,
    )
    if _keyword_sentences(question, assembled.question):
        return None
    items: list[tuple[str, str]] = []
    if spec.shape == "source-attribution":
        texts = [
            "\n".join(t.content for t in session)
            for session in assembled.question.haystack_sessions
        ]
        items = discussed_in(hay.slots, gold[0], texts)
        if not items:
            return None
    return Drawn(hay, assembled, events, gold, items)


def build_question(
    *, seed: int, revision: str, spec: Spec, names: NameRegistry, levers: Levers
) -> AssembledQuestion:
    """One question: its haystack drawn (redrawn when its kits cannot fit or its text would
    give the scaffolding strip something to remove), rendered, and its block recording every
    value of the asked family, every alias and the gold's derivation."""
    qid = question_id(ABBREV, revision, spec.n)
    for attempt in range(TRIES):
        trial = names.fork()
        drawn = _draw(seed=seed, qid=qid, spec=spec, names=trial, levers=levers, attempt=attempt)
        if drawn is not None:
            break
    else:
        raise AllocationError(f"{qid}: no haystack fits after {TRIES} draws")
    names.adopt(trial)
    hay, assembled, events, gold = drawn.hay, drawn.assembled, drawn.events, drawn.gold
    asked = hay.kits[0]
    family = asked.kit.family
    record = assembled.question
    if spec.shape == "source-attribution":
        items = drawn.items
        source = next(
            e
            for e in events
            if e.kind == "value" and e.value == asked.values[0] and e.session_index == gold[0]
        )
        for description, value in items:
            events.append(
                Event(
                    event_id=f"e{len(events) + 1:02d}",
                    kind="discussed",
                    subject=description,
                    value=value,
                    session_index=gold[0],
                    relations=[Relation(kind="alongside", other_event_id=source.event_id)],
                )
            )
        answer = _source_answer(items)
        components = [GoldComponent(kind="statement", session_index=gold[0])]
    else:
        answer = capitalise(_named(family, asked.values[-1]))
        kinds = (
            [STATEMENT, *[REPLACEMENT] * (len(asked.values) - 1)]
            if spec.shape == "current-value"
            else [ALIAS, STATEMENT]
        )
        components = [
            GoldComponent(kind=k, session_index=s)
            for k, s in zip(kinds, asked.kit.sessions, strict=False)
        ]
    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=spec.shape,
        events=events,
        fact_family=family.key,
        gold_components=components,
        gold_components_load_bearing=True if spec.shape == "co-reference" else None,
        twins=[Twin(kind=k, session_index=s, value=v) for k, s, v in hay.twins] or None,
        difficulty=spec.length - 2 if spec.shape == "current-value" else None,
        difficulty_dial="dispersion" if spec.shape == "current-value" else None,
        seeded_from=f"{VERTICAL} seed {seed}, question {spec.n}",
    )
    record = record.model_copy(update={"answer": answer, "typedmemeval": block})
    assert [
        i for i, sid in enumerate(record.haystack_session_ids) if sid in record.answer_session_ids
    ] == gold
    return AssembledQuestion(record, assembled.sessions)


def build(
    seed: int, revision: str, levers: Levers, *, only: Collection[int] | None = None
) -> Built:
    """The corpus for one setting of the competition levers (`only`: just these question
    numbers, for tests; the rest are skipped without changing what the others contain)."""
    names = NameRegistry()
    assembled = [
        build_question(seed=seed, revision=revision, spec=spec, names=names, levers=levers)
        for spec in _specs(seed, levers)
        if only is None or spec.n in only
    ]
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        kit_levers(twins=(3, 5), mentions=(0, 1), people=(8, 11), families=(6, 8)),
        kit_levers(twins=(4, 6), mentions=(0, 1), people=(8, 11), families=(6, 8)),
        kit_levers(twins=(3, 5), mentions=(0, 1), people=(7, 10), families=(5, 7)),
        kit_levers(twins=(2, 4), mentions=(0, 0), people=(8, 11), families=(6, 8)),
    ),
    build=build,
)
