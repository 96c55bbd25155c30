"""How often one person holds one kind of thing within a haystack.

A person has one birthday, one sofa delivery at a time, one washing machine under guarantee: a
haystack in which the user's brother takes delivery of five sofas in six weeks reads as
nonsense, whether each sofa is the true one or a rival that the next turn takes back. This
module counts, per haystack, the distinct values told for each (holder, family) pair over
every value-bearing move — true statements and rivals alike — and the days between the first
and last telling, so a test or a reader can see the rate.

Prospective spreads its rivals this way (`spread_rivals`). Forgetting does not: spread there,
its asked pairs kept a single rival of their own holder, and a learned reranker then found every
gold session in its top five (competent-retriever coverage 1.00 against the goal of at most 0.90),
so its rivals stay with their holder and every one is taken back. Run as a script to print the
distributions of every vertical (or those named)::

    python -m corpora.generate.core.rates [VERTICAL ...]
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from corpora.generate.core.allocate import AllocationError, Kit
from corpora.generate.core.bank import OTHER_PEOPLE
from corpora.generate.core.world import (
    EVENT_KINDS,
    MENTION,
    TWIN_KINDS,
    TWIN_OTHERS,
    Family,
    Gender,
    Move,
    Person,
    SessionPlan,
)

#: How many things of a family one person is told to hold within a haystack, true and rival
#: alike, where it is more than one: several parcels or library books in two months are
#: ordinary, several sofas, birthdays, permits or washing-machine guarantees are not.
PER_PERSON: dict[str, int] = {
    "parcel": 3,
    "library": 2,
    "prescription": 2,
    "tickets": 2,
    "flowers": 2,
    "voucher": 2,
    "holiday": 2,
}
#: Rival values of its own holder a hot pair keeps beyond its rate: the competition a question
#: about the pair needs is a rival of the same person and family, which the text always takes
#: back (a plan called off, an old one long finished, someone else's after all). Every hot
#: pair keeps as many, asked or not, so the asked one is never the pair told most often.
SAME_HOLDER_RIVALS = 1


def per_person(family: Family) -> int:
    """How many values of `family` one person may be told with in a haystack."""
    return PER_PERSON.get(family.key, 1)


def _told(move: Move) -> bool:
    """Whether a move tells a value a person holds (a statement, or a rival told as one)."""
    return move.value is not None and move.kind != MENTION and move.kind not in EVENT_KINDS


class Tally:
    """The values told so far for each (person, family) pair of one haystack, and the room
    each pair has left: `per_person`, plus `SAME_HOLDER_RIVALS` for a hot pair."""

    def __init__(self, hot: Sequence[tuple[Person, Family]] = ()) -> None:
        self.hot = {(p.key, f.key) for p, f in hot}
        self.values: dict[tuple[str, str], set[str]] = {}

    def limit(self, person: Person, family: Family) -> int:
        extra = SAME_HOLDER_RIVALS if (person.key, family.key) in self.hot else 0
        return per_person(family) + extra

    def room(self, person: Person, family: Family, value: str | None = None) -> bool:
        """Whether the pair may be told with `value` (or a fresh value, when None)."""
        told = self.values.get((person.key, family.key), set())
        return (value is not None and value in told) or len(told) < self.limit(person, family)

    def add(self, move: Move) -> None:
        if _told(move):
            assert move.value is not None
            self.values.setdefault((move.person.key, move.family.key), set()).add(move.value)


def other_for(person: Person, rng: random.Random) -> tuple[str, Gender]:
    """Someone a rival may belong to after all, who is not `person` (never `my neighbour's
    neighbour`)."""
    choices = [o for o in OTHER_PEOPLE if o[0] not in person.relation.noun.split()]
    noun, fixed = rng.choice(choices)
    drawn: Gender = rng.choice(("f", "m"))
    return noun, fixed if fixed is not None else drawn


def spread_rivals(
    kits: Sequence[Kit],
    slots: Sequence[Mapping[str, Move]],
    people: Sequence[Person],
    rng: random.Random,
    tally: Tally,
) -> None:
    """Keep `SAME_HOLDER_RIVALS` of each hot kit's rival values with its holder, whether or
    not the kit's own value is ever stated, and give the others to other people of the cast,
    each with room for one more of the family and owning no hot kit of it: a person is told
    to hold a family at a plausible rate, and the rivals still compete on the family. A rival
    said twice (an echo) moves as one. Every kit alike, asked or not. Counts every hot move
    into `tally` (the true statements first)."""
    for kit in kits:
        for s in kit.sessions:
            for move in slots[s].values():
                if move.person == kit.person and move.family == kit.family and not _is_twin(move):
                    tally.add(move)
    owned = {(k.person.key, k.family.key) for k in kits}
    for kit in kits:
        by_value: dict[str, list[Move]] = {}
        for s in sorted(kit.sessions):
            for move in slots[s].values():
                if _is_twin(move) and move.person == kit.person and move.family == kit.family:
                    assert move.value is not None
                    by_value.setdefault(move.value, []).append(move)
        # Which rivals stay the holder's is drawn, not the earliest: where they sit says nothing.
        told = list(by_value.items())
        rng.shuffle(told)
        kept = 0
        for value, moves in told:
            if kept < SAME_HOLDER_RIVALS and tally.room(kit.person, kit.family, value):
                kept += 1
                for move in moves:
                    tally.add(move)
                continue
            options = [
                p
                for p in people
                if p != kit.person
                and (p.key, kit.family.key) not in owned
                and tally.room(p, kit.family)
            ]
            if not options:
                raise AllocationError(f"no one left to hold a rival {kit.family.key}")
            holder = rng.choice(options)
            other = other_for(holder, rng) if moves[0].kind == TWIN_OTHERS else None
            for move in moves:
                move.person = holder
                if other is not None:
                    move.other = other
                tally.add(move)


def _is_twin(move: Move) -> bool:
    return move.kind in TWIN_KINDS or move.kind.split("/")[0] in TWIN_KINDS


@dataclass(frozen=True)
class Holding:
    """One (holder, family) pair of a haystack: the distinct values told and their span."""

    holder: str
    family: str
    values: int
    days: float


def holdings(plans: Sequence[SessionPlan]) -> list[Holding]:
    """Every (holder, family) pair that a value-bearing move names, true or rival: a statement
    (of any statement kind) or a twin told as one. Events re-tell a value already counted and
    mentions name none."""
    told: dict[tuple[str, str], set[str]] = {}
    when: dict[tuple[str, str], list[float]] = {}
    for plan in plans:
        for move in plan.moves:
            if move.value is None or move.kind == MENTION or move.kind in EVENT_KINDS:
                continue
            key = (move.person.key, move.family.key)
            told.setdefault(key, set()).add(move.value)
            when.setdefault(key, []).append(plan.moment.timestamp() / 86400)
    return [
        Holding(holder, family, len(values), max(when[holder, family]) - min(when[holder, family]))
        for (holder, family), values in sorted(told.items())
    ]


@contextmanager
def capture(module: object) -> Iterator[dict[str, list[SessionPlan]]]:
    """Record the plans every `assemble_question` call of a generator module receives, by
    session owner (one haystack each)."""
    original = module.assemble_question  # type: ignore[attr-defined]
    seen: dict[str, list[SessionPlan]] = {}

    def spy(**kwargs: object) -> object:
        seen[str(kwargs["session_owner"])] = list(kwargs["plans"])  # type: ignore[call-overload]
        return original(**kwargs)

    module.assemble_question = spy  # type: ignore[attr-defined]
    try:
        yield seen
    finally:
        module.assemble_question = original  # type: ignore[attr-defined]


def survey(vertical: str) -> dict[str, list[Holding]]:
    """Every haystack's holdings of one vertical, built at its first lever setting."""
    import importlib

    module = importlib.import_module(f"corpora.generate.{vertical}.generator")
    generator = module.GENERATOR
    with capture(module) as seen:
        generator.build(generator.seed, "2026.12", generator.levers[0])
    return {owner: holdings(plans) for owner, plans in seen.items()}


def report(vertical: str) -> str:
    found = survey(vertical)
    pairs = [h for hs in found.values() for h in hs]
    counts = Counter(h.values for h in pairs)
    worst = Counter(max((h.values for h in hs), default=0) for hs in found.values())
    lines = [f"{vertical}: {len(found)} haystacks, {len(pairs)} (holder, family) pairs"]
    lines.append("  values per pair: " + ", ".join(f"{k}: {counts[k]}" for k in sorted(counts)))
    lines.append("  largest per haystack: " + ", ".join(f"{k}: {worst[k]}" for k in sorted(worst)))
    multi = [h for h in pairs if h.values > 1]
    if multi:
        spans = sorted(h.days for h in multi)
        lines.append(
            f"  pairs told with more than one value: {len(multi)}; their span in days: "
            f"min {spans[0]:.0f}, median {spans[len(spans) // 2]:.0f}, max {spans[-1]:.0f}"
        )
    return "\n".join(lines)


def surveyed() -> list[str]:
    """Every vertical whose generator assembles its questions from session plans."""
    import importlib

    from checker.family import VERTICALS

    return [
        v.key
        for v in VERTICALS
        if hasattr(
            importlib.import_module(f"corpora.generate.{v.key}.generator"), "assemble_question"
        )
    ]


def main(argv: Sequence[str]) -> None:
    for vertical in argv or surveyed():
        print(report(vertical), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
