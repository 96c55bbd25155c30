"""Which fact each move of each session concerns: asked and unasked pairs treated alike.

A haystack talks about many (person, family) pairs. A few of them are *hot*: each gets a kit of
moves spread over the haystack — its statement (and, where the vertical has them, an event on
it), value-bearing twins (someone else's, a rumour that was wrong, a choice considered and
dropped) and near-miss mentions. The question asks about one hot pair; the others are the
haystack's questions not asked, built by the same code from the same distribution, so the
asked pair is never the haystack's centre of mass. Everything else is *cold*: pairs that come
up once or twice.

Every session makes the same moves — one per slot of the vertical's recipe (for example a
statement, an event, a twin and a mention) — and exactly one of them belongs to a hot kit. So
a gold session is an ordinary session whose hot move happens to be the asked pair's statement
or event, and no count of slots, values or recurring topics can tell it apart.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from corpora.generate.core.bank import OTHER_PEOPLE
from corpora.generate.core.echo import ColdEchoes
from corpora.generate.core.haystack import World
from corpora.generate.core.topics import joining, plain
from corpora.generate.core.world import (
    EVENT_KINDS,
    MENTION,
    STATEMENT,
    TWIN_KINDS,
    TWIN_OTHERS,
    Fact,
    Family,
    Gender,
    Move,
    Person,
)

#: Slot names a recipe is made of. A statement fills the slot named by its family's statement
#: kind (`statement`, or a timed family's `reminder` …); events, twins and mentions their own.
STATEMENT_SLOT, EVENT_SLOT, TWIN_SLOT, MENTION_SLOT = STATEMENT, "event", "twin", MENTION


def slot_of(kind: str) -> str:
    """The recipe slot a move of `kind` fills."""
    if kind in EVENT_KINDS:
        return EVENT_SLOT
    if kind in TWIN_KINDS:
        return TWIN_SLOT
    return kind


class AllocationError(RuntimeError):
    """The constraints cannot be met for this haystack (the caller redraws)."""


@dataclass
class Kit:
    """One hot pair's moves in a haystack."""

    person: Person
    family: Family
    #: The pair's fact (its value); None when the haystack never states it.
    fact: Fact | None
    #: Move kinds of the kit, statement first and its event second where it has them.
    kinds: list[str]
    #: Sessions between statement and event: (smallest, largest), when the kit has both.
    gap: tuple[int, int] | None = None
    #: Session a move must sit in, by index into `kinds` (WorkingMemory's distance).
    pins: dict[int, int] = field(default_factory=dict)
    #: Where each move landed (filled by `place_hot`).
    sessions: list[int] = field(default_factory=list)
    #: (source, echo) move indices: twins that are one rival said twice (`core/echo.py`),
    #: placed a gap apart like a statement and its event.
    echoes: list[tuple[int, int]] = field(default_factory=list)


def kit_kinds(
    rng: random.Random,
    *,
    family: Family,
    stated: bool,
    event: str | None,
    twins: int,
    mentions: int,
    twin_kinds: Sequence[str] = TWIN_KINDS,
) -> list[str]:
    """A kit's move kinds: statement (and event) first, then twins and mentions."""
    kinds = [family.statement_kind] if stated else []
    if event is not None:
        kinds.append(event)
    kinds += [rng.choice(tuple(twin_kinds)) for _ in range(twins)]
    kinds += [MENTION] * mentions
    return kinds


def fit_kits(
    rng: random.Random,
    kits: Sequence[Kit],
    sessions: int,
    removable: Callable[[str], bool] | None = None,
) -> None:
    """Make the kits' moves number exactly `sessions` (one hot move per session): remove twins
    or mentions from randomly drawn kits, or add mentions to them — every kit alike, the asked
    one included. Statements, events and pinned moves are never removed (`removable` says
    which kinds may go, for a vertical with twin kinds of its own)."""
    can_go = removable or (lambda kind: slot_of(kind) in (TWIN_SLOT, MENTION_SLOT))
    total = sum(len(k.kinds) for k in kits)
    while total > sessions:
        removable_moves = [
            (i, j)
            for i, k in enumerate(kits)
            for j, kind in enumerate(k.kinds)
            if can_go(kind) and j not in k.pins
        ]
        if not removable_moves:
            raise AllocationError(f"{total} kit moves cannot fit {sessions} sessions")
        i, j = rng.choice(removable_moves)
        del kits[i].kinds[j]
        total -= 1
    while total < sessions:
        rng.choice(kits).kinds.append(MENTION)
        total += 1


def place_hot(
    rng: random.Random,
    kits: Sequence[Kit],
    sessions: int,
    tries: int = 200,
    echo_gap: tuple[int, int] = (1, 1),
) -> None:
    """Give every kit move its own session, one hot move per session: pins first, then each
    statement and its event at a gap drawn from the kit's range, then each echo pair at a gap
    from `echo_gap`, then the rest at random.
    Fills `Kit.sessions`; AllocationError when no placement is found."""
    for _ in range(tries):
        free = set(range(sessions))
        placed: list[list[int | None]] = [[None] * len(k.kinds) for k in kits]
        ok = True
        for ki, kit in enumerate(kits):
            for mi, s in kit.pins.items():
                if s not in free:
                    raise AllocationError(f"two pinned moves share session {s}")
                placed[ki][mi] = s
                free.discard(s)
        order = list(range(len(kits)))
        rng.shuffle(order)
        # Pairs placed a gap apart: each kit's statement and event, then (mixed in among
        # them, so neither kind gets first pick of the sessions) the echo pairs.
        jobs: list[tuple[int, int, int, tuple[int, int]]] = [
            (ki, 0, 1, kits[ki].gap or (0, 0))
            for ki in order
            if kits[ki].gap is not None
            and len(kits[ki].kinds) >= 2
            and slot_of(kits[ki].kinds[1]) == EVENT_SLOT
        ]
        echo_jobs = [(ki, a, b, echo_gap) for ki in order for a, b in kits[ki].echoes]
        if echo_jobs:
            jobs += echo_jobs
            rng.shuffle(jobs)
        for ki, first, second, (low, high) in jobs:
            first_pin, second_pin = placed[ki][first], placed[ki][second]
            options = [
                (a, a + g)
                for g in range(low, high + 1)
                for a in range(sessions - g)
                if ((first_pin is None and a in free) or first_pin == a)
                and ((second_pin is None and a + g in free) or second_pin == a + g)
            ]
            if not options:
                ok = False
                break
            a, b = rng.choice(options)
            placed[ki][first], placed[ki][second] = a, b
            free.discard(a)
            free.discard(b)
        if not ok:
            continue
        rest = [(ki, mi) for ki, row in enumerate(placed) for mi, s in enumerate(row) if s is None]
        if len(rest) != len(free):
            raise AllocationError(f"{len(rest)} kit moves for {len(free)} free sessions")
        slots = sorted(free)
        rng.shuffle(slots)
        for (ki, mi), s in zip(rest, slots, strict=True):
            placed[ki][mi] = s
        for kit, row in zip(kits, placed, strict=True):
            kit.sessions = [s for s in row if s is not None]
        return
    raise AllocationError(f"no placement of {len(kits)} kits over {sessions} sessions")


def pair_move(
    kind: str,
    person: Person,
    family: Family,
    fact: Fact | None,
    world: World,
    rng: random.Random,
    *,
    evidence: bool = False,
) -> Move:
    """A move of `kind` about a pair: statements and events carry the fact's value; twins a
    fresh value of the same family; mentions none."""
    if kind in TWIN_KINDS:
        value = world.value(family, rng)
        other: tuple[str, Gender] | None = None
        if kind == TWIN_OTHERS:
            # Never `my neighbour's neighbour`: the other is someone the person is not.
            choices = [o for o in OTHER_PEOPLE if o[0] not in person.relation.noun.split()]
            noun, fixed = rng.choice(choices)
            drawn: Gender = rng.choice(("f", "m"))
            other = (noun, fixed if fixed is not None else drawn)
        # Told in a true statement's own words; what makes it a rival comes in the next turn.
        return Move(kind, person, family, value, other=other, told_as=STATEMENT)
    if kind == MENTION:
        return Move(MENTION, person, family)
    if fact is None:
        raise AllocationError(f"a {kind} needs a fact")
    return Move(kind, person, family, fact.value, evidence=evidence)


def supported_twins(family: Family) -> tuple[str, ...]:
    return tuple(k for k in TWIN_KINDS if family.supports(k)) or (TWIN_OTHERS,)


def hot_moves(
    kits: Sequence[Kit],
    sessions: int,
    world: World,
    rng: random.Random,
    *,
    evidence: Callable[[int, str], bool],
) -> tuple[list[dict[str, Move]], list[int]]:
    """Every kit move as a Move in its session's slot; `evidence(kit index, kind)` says which
    moves carry the question's evidence. The echo of a kit's echo pair repeats its source
    (`core/echo.py`). Returns the per-session slots and the gold sessions."""
    slots: list[dict[str, Move]] = [{} for _ in range(sessions)]
    gold: list[int] = []
    for ki, kit in enumerate(kits):
        echoes = {second: first for first, second in kit.echoes}
        made: dict[int, Move] = {}
        order = list(enumerate(kit.sessions))
        if echoes:
            order.sort(key=lambda t: t[1])
        for mi, s in order:
            kind = kit.kinds[mi]
            carries = evidence(ki, kind)
            if carries:
                gold.append(s)
            if mi in echoes:
                source = made[echoes[mi]]
                move = replace(source, extra=dict(source.extra))
                kit.kinds[mi] = source.kind
            else:
                move = pair_move(
                    kind, kit.person, kit.family, kit.fact, world, rng, evidence=carries
                )
            made[mi] = move
            slots[s][slot_of(move.kind)] = move
    return slots, sorted(gold)


def fill_cold(
    slots: list[dict[str, Move]],
    cold: Sequence[tuple[Person, Family]],
    world: World,
    rng: random.Random,
    statement_slots: Sequence[str] = (STATEMENT_SLOT,),
    twin_kinds: Callable[[Family], tuple[str, ...]] | None = None,
    echoes: ColdEchoes | None = None,
    events: Callable[[int, list[Fact]], None] | None = None,
    room: Callable[[Person, Family], bool] | None = None,
    told: Callable[[Move], None] | None = None,
) -> list[Fact]:
    """Fill every session's empty statement slots (one per statement kind in
    `statement_slots`), twin and mention slot with a cold move: a statement of a pair nobody
    else states, a twin or mention of any pair no hot kit owns. Returns the cold facts stated,
    in session order (a vertical may give them events or instants). With `echoes`, a cold twin
    may repeat an earlier one, as hot kits' twins do, so whether a twin's value recurs says
    nothing about the session. `events(s, stated)`, when given, fills session `s`'s cold event
    from the facts stated so far, before its other cold moves: the move with the fewest choices
    comes first in every session, so the freer ones join topics (`core.topics.joining`) the
    same way whatever the session's hot move is. `room(person, family)`, when given, says
    which pairs may be told with one more value (a cold statement or a fresh cold twin), and
    `told(move)` hears of every cold statement and twin made (`core/rates.py`)."""
    stated: list[Fact] = []
    fits = room or (lambda p, f: True)
    hear = told or (lambda move: None)
    for s, slot in enumerate(slots):
        if events is not None:
            events(s, stated)
        for kind in statement_slots:
            if kind in slot:
                continue
            options = [
                (p, f)
                for p, f in cold
                if f.statement_kind == kind and not world.taken(p, f) and fits(p, f)
            ]
            if not options:
                raise AllocationError(
                    f"no unstated {kind} pair left for session {s} of {world.owner}"
                )
            p, f = joining(rng, options, list(slot.values()), plain)
            fact = world.fact(p, f)
            fact.stated_in = s
            stated.append(fact)
            slot[kind] = Move(kind, p, f, fact.value)
            hear(slot[kind])
        if TWIN_SLOT not in slot:
            repeated = echoes.take(s) if echoes is not None else None
            if repeated is not None:
                slot[TWIN_SLOT] = repeated
            else:
                free = [(p, f) for p, f in cold if fits(p, f)] if room is not None else cold
                p, f = joining(rng, free, list(slot.values()), plain)
                kinds = (twin_kinds or supported_twins)(f)
                slot[TWIN_SLOT] = pair_move(rng.choice(kinds), p, f, None, world, rng)
                if echoes is not None:
                    echoes.add(s, slot[TWIN_SLOT])
            hear(slot[TWIN_SLOT])
        if MENTION_SLOT not in slot:
            p, f = joining(rng, cold, list(slot.values()), plain)
            slot[MENTION_SLOT] = Move(MENTION, p, f)
    return stated


def twins_of(kit: Kit, slots: Sequence[dict[str, Move]]) -> list[tuple[str, int, str]]:
    """(kind, session, value) of every value-bearing twin in a kit that is still its holder's
    (not one given to someone else, `rates.spread_rivals`), in session order."""
    out = [
        (kind, s, slots[s][TWIN_SLOT].value or "")
        for kind, s in zip(kit.kinds, kit.sessions, strict=True)
        if kind in TWIN_KINDS and slots[s][TWIN_SLOT].person == kit.person
    ]
    return sorted(out, key=lambda t: t[1])


def cold_pairs(world: World, hot: Sequence[tuple[Person, Family]]) -> list[tuple[Person, Family]]:
    """Pairs a cold twin or mention may name: any the hot kits do not own."""
    owned = {(p.key, f.key) for p, f in hot}
    return [(p, f) for p in world.people for f in world.families if (p.key, f.key) not in owned]
