"""Conjunction: two memory types in one question, neither half sufficient alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.arithmetic.profile import NUMERIC_PARSING
from checker.verticals.profile import (
    AnswerClass,
    Composition,
    JudgeRules,
    Prose,
    Shape,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)

#: Gold component kinds of the half that resolves (gold, but never counted or summed).
RESOLVING = ("resolved-value", "alias", "order", "statement", "invalidation")


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    """A block of the right structure for the bench (its text is synthetic, so the
    composition rules' read-back findings on it are expected)."""
    first, rest = q.gold[0], q.gold[1:]
    events: list[dict[str, Any]] = [
        {"event_id": f"e{i}", "kind": "value", "subject": "s", "value": "v", "session_index": g}
        for i, g in enumerate(q.gold)
    ]
    block: dict[str, Any] = {"events": events, "gold_components_load_bearing": True}
    if q.shape in ("value-then-count", "alias-then-count"):
        kind = "resolved-value" if q.shape == "value-then-count" else "alias"
        block["gold_components"] = [{"kind": kind, "session_index": first}] + [
            {"kind": "counted", "session_index": g} for g in rest
        ]
        block["count_predicate"] = "shares what the first half resolved"
        block["candidates"] = [{"session_index": g, "matches": True} for g in rest]
        block["derivation"] = {
            "operation": "count",
            "inputs": [{"session_index": g, "value": 1.0} for g in rest],
            "value": float(len(rest)),
            "unit": "people",
        }
    elif q.shape == "order-then-value":
        block["arm"] = "last"
        block["gold_components"] = [{"kind": "order", "session_index": g} for g in q.gold[:-1]]
        block["gold_components"].append({"kind": "answer-value", "session_index": q.gold[-1]})
    else:
        inputs, (stated, invalidated) = q.gold[:-2], q.gold[-2:]
        values = [float(q.rng.randint(10, 90)) for _ in inputs]
        block["gold_components"] = [{"kind": "input", "session_index": g} for g in inputs] + [
            {"kind": "statement", "session_index": stated},
            {"kind": "invalidation", "session_index": invalidated},
        ]
        block["gold_components_load_bearing"] = None
        block["derivation"] = {
            "operation": "sum",
            "inputs": [
                {"session_index": g, "value": x} for g, x in zip(inputs, values, strict=True)
            ],
            "value": sum(values),
            "unit": "GBP",
        }
    return block


JUDGE = JudgeRules(
    instructions=(
        "Questions here need two kinds of memory at once: a fact resolved (a value, another "
        "name for someone, an order, which facts were later cancelled) and an operation applied "
        "to it (a count, a lookup, a sum). Judge the final result only; a result built on an "
        "unresolved, misattributed or cancelled fact is wrong."
    ),
    shape_instructions=(
        (
            "value-then-count",
            "The result is a whole number of people; the person the question names is not counted.",
        ),
        (
            "alias-then-count",
            "The result is a whole number of clubs; memberships stated under the person's "
            "other name count, rumours and clubs only considered do not.",
        ),
        (
            "order-then-value",
            "The result is the club of the member who joined first or most recently, as the "
            "question asks; the person may be named or not.",
        ),
        (
            "invalidation-then-sum",
            "The result is a monthly total in the gold currency; a cancelled membership is left "
            "out.",
        ),
    ),
    numeric_parsing=NUMERIC_PARSING,
)

COUNTED = ("gold_components", "derivation", "count_predicate", "candidates")

PROFILE = Vertical(
    name="Conjunction",
    abbrev="con",
    position=9,
    shapes=(
        Shape("value-then-count", 20, required_fields=COUNTED),
        Shape("alias-then-count", 15, required_fields=COUNTED),
        Shape("order-then-value", 15, required_fields=("gold_components", "arm")),
        # Three named shapes make 50 questions of a 65-question vertical; the fourth combines
        # Forgetting's invalidation with Arithmetic's sum.
        Shape("invalidation-then-sum", 15, required_fields=("gold_components", "derivation")),
    ),
    required_fields=("events",),
    compositions=(
        Composition("value-then-count", resolve="value", apply="count"),
        Composition("alias-then-count", resolve="alias", apply="count"),
        Composition("order-then-value", resolve="order", apply="value"),
        Composition("invalidation-then-sum", resolve="invalidation", apply="sum"),
    ),
    resolving_components=RESOLVING,
    # A count's answer is its G less one, and G is the difficulty band: the metadata adversary
    # tests that nothing but the conversations tells a count (or a chain's or sum's size).
    answer_class=AnswerClass(
        field="difficulty",
        strata="shape",
        strata_reason="each shape draws its gold sizes from its own range",
    ),
    prose=Prose(
        measures=(
            "Two memory types in one question: a fact of one type must be resolved and an "
            "operation of another type applied to it, so a stack strong on one and weak on the "
            "other fails, and retrieving either half alone is not enough."
        ),
        construction=(
            "Every haystack is a circle of people and the clubs they belong to, and every "
            "question composes two halves. value-then-count: the club one named person belongs "
            "to, then how many other people belong to it (another club of the same kind has its "
            "own members, and clubs of other kinds fill the haystack). alias-then-count: the "
            "other name the question's person goes by, introduced once in passing, then how "
            "many clubs are stated under "
            "that name (other people go by other names and belong to other numbers of clubs). "
            "order-then-value: who of everyone in one kind of club joined first or most "
            "recently, from statements that relate two members at a time and never follow the "
            "conversations' order, then that member's club. The fourth shape, "
            "invalidation-then-sum, combines Forgetting's invalidation with Arithmetic's sum: "
            "a person's monthly club fees are stated one membership per session, one membership "
            "is cancelled later in the haystack, and the total must leave it out: the fee "
            "statements without the cancellation give a total too high, the cancellation "
            "without them gives no amount at all, so either half is necessary and neither is "
            "sufficient. In every "
            "haystack the asked person, club or chain is one of several built the same way, "
            "with considered and rumoured memberships that name values and fees but must not "
            "be counted. Each question records both halves as events, from which the checker "
            "recomputes the answer."
        ),
        reading=(
            "Read the shapes, not the mean: the vertical's figures pool four compositions whose "
            "retrieval difficulty differs. alias-then-count is the one lexical retrieval finds "
            "least: its memberships are stated under a name the question never uses. "
            "order-then-value is not saturated: the member's own statement is one of several of "
            "its kind of club, and only the order sentences say which. For "
            "invalidation-then-sum the cancelled membership's "
            "statement is gold (the fact the invalidation removes) but not load-bearing under "
            "leave-one-out, so that shape declares no load-bearing flag."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(3, 6), block=_synthetic_block),
)
