"""Conjunction: two memory types in one question, neither half sufficient alone."""

from __future__ import annotations

from checker.verticals.arithmetic import NUMERIC_PARSING
from checker.verticals.events import synthetic_events
from checker.verticals.profile import JudgeRules, Prose, Shape, Synthetic, Vertical

JUDGE = JudgeRules(
    instructions=(
        "Questions here need two kinds of memory at once: a fact resolved (a current value, an "
        "alias, an order) and an operation applied to it (a count, a sum, a selection). Judge "
        "the final result only; a result built on an unresolved or superseded fact is wrong."
    ),
    numeric_parsing=NUMERIC_PARSING,
)


PROFILE = Vertical(
    name="Conjunction",
    abbrev="con",
    position=9,
    shapes=(
        Shape("value-then-count", 20),
        Shape("alias-then-count", 15),
        Shape("order-then-value", 15),
        # Three named shapes make 50 questions of a 65-question vertical; the fourth combines
        # Forgetting's invalidation with Arithmetic's sum.
        Shape("invalidation-then-sum", 15),
    ),
    required_fields=("events",),
    prose=Prose(
        measures=(
            "Two memory types in one question: a fact of one type must be resolved and an "
            "operation of another type applied to it, so a stack strong on one and weak on the "
            "other fails."
        ),
        construction=(
            "Value-then-count, alias-then-count and order-then-value combine resolution with "
            "counting or ordering. The fourth shape, invalidation-then-sum, combines "
            "Forgetting's invalidation with Arithmetic's sum: one input of the sum is "
            "invalidated later in the haystack and must be left out."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(2, 8), block=synthetic_events),
)
