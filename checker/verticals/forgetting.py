"""Forgetting: three states held apart — invalidated, still valid, never known."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import (
    AnswerClass,
    ComponentOrder,
    Prose,
    Shape,
    SubLabel,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    if q.shape == "never-known":
        return {}
    second = "invalidation" if q.shape == "invalidated" else "reaffirmation"
    block: dict[str, Any] = {
        "gold_components": [
            {"kind": "statement", "session_index": q.gold[0]},
            {"kind": second, "session_index": q.gold[1]},
        ],
        "pair_id": q.pair_id,
        "arm": q.shape,
    }
    if q.shape == "invalidated":
        block.update(difficulty=1 + q.number % 5, difficulty_dial="discrimination")
    return block


PROFILE = Vertical(
    name="Forgetting",
    abbrev="for",
    position=5,
    shapes=(
        Shape("invalidated", 20, required_fields=("gold_components",)),
        Shape("still-valid", 15, required_fields=("gold_components", "pair_id", "arm")),
        Shape("never-known", 15, negative_gold=True),
    ),
    component_order=ComponentOrder(
        first="statement", later=("invalidation", "reaffirmation"), gap=(4, 15)
    ),
    sub_labels=(
        SubLabel(
            "stale-recall",
            "invalidated",
            ("wrong",),
            "stale recall",
            "the invalidated value given as current",
        ),
        SubLabel(
            "over-forgetting",
            "still-valid",
            ("wrong", "missed"),
            "over-forgetting",
            "a still-valid fact declared gone",
        ),
        SubLabel(
            "mis-attributed-forgetting",
            "never-known",
            ("wrong",),
            "mis-attributed forgetting",
            "a never-known fact described as forgotten",
        ),
    ),
    arm_coverage_gap=0.10,
    answer_class=AnswerClass(field="shape"),
    prose=Prose(
        measures=(
            "Whether a system holds three states apart: a fact that was invalidated, a fact "
            "that still stands, and a fact it was never told."
        ),
        construction=(
            "Invalidated questions carry a statement and a later explicit invalidation, four "
            "to fifteen sessions apart. Still-valid controls carry a statement and a "
            "re-affirmation of the same value, are paired with an invalidated question, and "
            "must be no easier or harder to retrieve than their treatment. Never-known probes "
            "have no gold session and a near-miss neighbour."
        ),
        reading=(
            "Three sub-counts travel with every result: stale recall (the invalidated value "
            "given as current), over-forgetting (a still-valid fact declared gone) and "
            "mis-attributed forgetting (a never-known fact described as forgotten)."
        ),
    ),
    synthetic=Synthetic(g_range=(2, 2), block=_synthetic_block),
)
