"""The family judge's declared scoring rules, as plain functions over what a verdict extracted.

The judge model reads the answer and extracts (a number, the items of a set, the items of a
list in the answer's order); these rules turn the extraction into correct or wrong, the same way
for every answer, so that numeric tolerance, set semantics and pairwise list order are never
left to the model's discretion.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

#: Bumped whenever a rule below changes meaning; part of the judge fingerprint.
SCORING_VERSION = 1

_EDGE = re.compile(r"^[\s\"'“”‘’.,;:!?()\[\]-]+|[\s\"'“”‘’.,;:!?()\[\]-]+$")


def normalise_item(text: str) -> str:
    """An item as compared: NFKC, case-folded, inner whitespace collapsed, surrounding
    punctuation and quotes removed."""
    folded = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    return _EDGE.sub("", folded)


def same_set(asserted: Sequence[str], gold: Sequence[str]) -> bool:
    """Set semantics: the answer asserted exactly the gold items (order and repeats ignored)."""
    return {normalise_item(x) for x in asserted} - {""} == {normalise_item(x) for x in gold}


def list_order_score(mentioned: Sequence[str], gold: Sequence[str]) -> tuple[int, int, int]:
    """(gold items mentioned, ordered pairs among them, pairs in the wrong order), scoring the
    answer's order pairwise on the gold items it mentions (first mention counts; other items
    are ignored)."""
    position = {normalise_item(item): i for i, item in enumerate(gold)}
    seen: list[int] = []
    for item in mentioned:
        at = position.get(normalise_item(item))
        if at is not None and at not in seen:
            seen.append(at)
    m = len(seen)
    inversions = sum(1 for i in range(m) for j in range(i + 1, m) if seen[i] > seen[j])
    return m, m * (m - 1) // 2, inversions


def list_order_outcome(pairs: int, inversions: int) -> Literal["correct", "wrong"]:
    """All mentioned pairs in order (and at least one pair) is correct; any inversion, or
    nothing ordered, is wrong."""
    return "correct" if pairs > 0 and inversions == 0 else "wrong"


def _decimal(value: float) -> Decimal:
    return Decimal(repr(float(value)))


def offered_step(value: float) -> Decimal:
    """The precision a rounded number offers: its last significant digit (1200 offers
    hundreds, 1235 units, 12.5 tenths; 0 offers units)."""
    if value == 0:
        return Decimal(1)
    exponent = _decimal(value).normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return Decimal(1).scaleb(exponent)


def numeric_outcome(
    stated: float, approximate: bool, gold: float, tolerance: float
) -> Literal["correct", "wrong"]:
    """An exact value is correct within the gold tolerance; a value the answer offers as
    rounded is also correct when gold rounds (half away from zero) to it at the precision it
    offers."""
    slack = Decimal(repr(tolerance)) + Decimal("1e-9") * max(Decimal(1), abs(_decimal(gold)))
    if abs(_decimal(stated) - _decimal(gold)) <= slack:
        return "correct"
    if approximate:
        step = offered_step(stated)
        rounded = (_decimal(gold) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step
        if rounded == _decimal(stated):
            return "correct"
    return "wrong"
