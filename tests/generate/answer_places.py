"""Where a question's answer falls among the values said in the sentences that carry its key
words, counted from the latest and from the first: a reader who answers with the k-th value
must not be right much more often than chance (SHC001's answerers, place by place)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import checker.separability.shortcuts as shc
from checker.formats.corpus import Question

#: The places a k-th-value reader tries, from the latest value or from the first.
PLACES = range(1, 6)


@dataclass(frozen=True)
class Place:
    """One answer's place among `said` values, from the latest value and from the first."""

    said: int
    from_latest: int
    from_first: int

    def rewards(self, k: int, latest: bool) -> bool:
        """Whether the reader answering with the k-th value is right (past the last value it
        starts again from the first, as `shortcuts.without_best` does)."""
        place = self.from_latest if latest else self.from_first
        return (k - 1) % self.said == place - 1


def answer_place(q: Question) -> Place | None:
    """The answer's place, or None when the answer is not a single value said in a sentence
    carrying the question's key words."""
    declared = shc.declared_values(q.typedmemeval)
    gold = shc.gold_value(q, declared)
    if gold is None or shc.gold_list(q, declared):
        return None
    values = declared | {gold}
    keys = shc.key_words(q.question, values)
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    for index, said in enumerate(shc.said_in(q)):
        if not shc.carries_key(said, keys):
            continue
        for order, value in enumerate(w for w in said.capitals if w in values):
            at = index * 1000 + order
            first.setdefault(value, at)
            last[value] = at
    if gold not in last:
        return None
    latest = 1 + sum(1 for v in last if last[v] > last[gold])
    earliest = 1 + sum(1 for v in first if first[v] < first[gold])
    return Place(len(last), latest, earliest)


def place_lifts(questions: Iterable[Question]) -> dict[str, dict[tuple[str, int], float]]:
    """Per shape, each k-th-value reader's share of right answers over chance (one over the
    values said), from the latest (`latest`) and from the first (`first`)."""
    by_shape: dict[str, list[Place]] = defaultdict(list)
    for q in questions:
        place = answer_place(q)
        if place is not None and q.typedmemeval is not None:
            by_shape[q.typedmemeval.shape].append(place)
    out: dict[str, dict[tuple[str, int], float]] = {}
    for shape, places in by_shape.items():
        chance = sum(1 / p.said for p in places) / len(places)
        out[shape] = {
            (side, k): sum(p.rewards(k, side == "latest") for p in places) / len(places) - chance
            for side in ("latest", "first")
            for k in PLACES
        }
    return out


def places_from_latest(questions: Iterable[Question], shape: str) -> list[int]:
    """The answers' places from the latest value, for one shape."""
    out = []
    for q in questions:
        place = answer_place(q)
        if place is not None and q.typedmemeval is not None and q.typedmemeval.shape == shape:
            out.append(place.from_latest)
    return out
