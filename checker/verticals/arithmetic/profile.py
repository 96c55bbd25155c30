"""Arithmetic: counts, sums, deltas and durations over values spread one per session."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import (
    JudgeRules,
    Prose,
    Shape,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    values = [float(q.rng.randint(10, 400)) for _ in q.gold]
    derivation: dict[str, Any] = {
        "operation": q.shape,
        "inputs": [{"session_index": g, "value": x} for g, x in zip(q.gold, values, strict=True)],
        "value": sum(values),
        "unit": "EUR",
    }
    block: dict[str, Any] = {
        "derivation": derivation,
        "difficulty": min(5, len(q.gold) - 1),
        "difficulty_dial": "dispersion",
    }
    if q.shape == "delta":
        derivation["sides"] = ["a"] * (len(q.gold) - 1) + ["b"]
    if q.shape == "count":
        block["count_predicate"] = "a purchase"
        block["candidates"] = [{"session_index": g, "matches": True} for g in q.gold]
    return block


#: How the judge reads a number from an answer (shared by every vertical whose gold carries a
#: derivation).
NUMERIC_PARSING = (
    "read the one number the answer commits to as its result and convert it to the gold unit. "
    "Digits and spelled-out numbers both count ('three' is 3). A comma or point between groups "
    "of three digits separates thousands ('1,250' and '1.250' are 1250); a comma or point "
    "followed by one or two digits is a decimal separator ('12,5' is 12.5). Magnitude words and "
    "suffixes multiply ('2.5 thousand' and '2.5k' are 2500, 'million' and 'm' a million). "
    "Currency symbols, codes and names are units, not digits. Durations convert to the gold "
    "unit (two weeks is 14 when the unit is days). If the answer gives several candidate "
    "results or only a range, stated_value is null."
)

JUDGE = JudgeRules(
    instructions=(
        "Questions here ask for a count, a sum, a difference or a duration over values spread "
        "across conversations. Judge the number, not the wording: a wrong result is wrong even "
        "when the method is described well, and a right result is right however it is phrased."
    ),
    shape_instructions=(
        ("count", "A count is a whole number of items that satisfy the question."),
        ("delta", "A difference is side a's total minus side b's."),
        ("duration", "A duration runs from one session's time to another's."),
    ),
    numeric_parsing=NUMERIC_PARSING,
)


PROFILE = Vertical(
    name="Arithmetic",
    abbrev="ari",
    position=3,
    shapes=(
        Shape("count", 14, required_fields=("count_predicate", "candidates")),
        Shape("sum", 14),
        Shape("delta", 10),
        Shape("duration", 12, time_dependent=True),
    ),
    required_fields=("derivation",),
    prose=Prose(
        measures=(
            "Arithmetic over memory: counts, sums, deltas and durations whose inputs are "
            "spread one per session, so a missed input makes the answer wrong rather than "
            "slightly off."
        ),
        construction=(
            "Every question records its derivation (inputs with their sessions, operation, "
            "value, unit, tolerance), which the checker recomputes from the corpus alone. Sums, "
            "counts and deltas combine payments, each person paying in one of four currencies "
            "spread evenly over the haystack; no other combination of up to G+1 values of the "
            "asked currency reaches the gold, and the gold value is never stated. Durations add "
            "up the calendar days from a batch going off to each of its returns, read from the "
            "session timestamps. Count candidates (every payment or twin of the asked family) "
            "each carry a match record. G runs 3-6, equally often in every shape, and sets the "
            "dispersion band."
        ),
        reading=(
            "Questions with more gold sessions than the retrieval budget cannot be fully "
            "covered by any top-K retriever; the ceiling table below names how many there are."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(3, 6), gold_amount_unit="EUR", block=_synthetic_block),
)
