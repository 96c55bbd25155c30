"""Forgetting: three states held apart — invalidated, still valid, never known."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import (
    AnswerClass,
    AnswerRules,
    ComponentOrder,
    JudgeRules,
    JudgeState,
    Prose,
    Shape,
    StatePhrasing,
    StateRule,
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


#: The judge's part for Forgetting: three states held apart. The answer's state decides the
#: outcome and the sub-count on every shape, so the invalidation acknowledgement governs ("it
#: was the X, but you sold it" is correct) and a negative on a never-known probe is gold.
JUDGE = JudgeRules(
    instructions=(
        "Questions here ask for the current state of a fact the user may have told the system, "
        "which may later have been declared no longer true. Three states are held apart: a "
        "fact that was invalidated, a fact that still stands, and a fact that was never "
        "mentioned. An answer that recalls the old value while saying it no longer holds "
        "asserts no-longer: that acknowledgement governs. A hedged value ('probably the X') "
        "asserts that value."
    ),
    states=(
        JudgeState(
            "recorded-current",
            "the answer gives the value the conversation recorded for this person (the gold "
            "evidence's statement) as holding now",
        ),
        JudgeState(
            "no-longer",
            "the answer says the fact no longer holds (it was sold, ended, given up or otherwise "
            "invalidated), with or without naming the old value, and gives no new value",
        ),
        JudgeState("other-value", "the answer gives some other value as holding now"),
        JudgeState(
            "never-told",
            "the answer says it was never told, has no record of it, or it never came up",
        ),
        JudgeState("declined", "the answer declines to commit to any value or state"),
    ),
    state_rules=(
        StateRule("no-longer", "correct", shapes=("invalidated",)),
        StateRule("recorded-current", "wrong", shapes=("invalidated",), sub_label="stale-recall"),
        StateRule("other-value", "wrong", shapes=("invalidated",)),
        StateRule("never-told", "missed", shapes=("invalidated",)),
        StateRule("declined", "abstained", shapes=("invalidated",)),
        StateRule("recorded-current", "correct", shapes=("still-valid",)),
        StateRule("no-longer", "wrong", shapes=("still-valid",), sub_label="over-forgetting"),
        StateRule("other-value", "wrong", shapes=("still-valid",)),
        StateRule("never-told", "missed", shapes=("still-valid",), sub_label="over-forgetting"),
        StateRule("declined", "abstained", shapes=("still-valid",)),
        StateRule("never-told", "correct", shapes=("never-known",)),
        StateRule("declined", "correct", shapes=("never-known",)),
        StateRule(
            "no-longer", "wrong", shapes=("never-known",), sub_label="mis-attributed-forgetting"
        ),
        StateRule("recorded-current", "wrong", shapes=("never-known",)),
        StateRule("other-value", "wrong", shapes=("never-known",)),
    ),
)


#: How the deterministic judge reads the three states: a stated end governs, then "never told",
#: then the value named (a hedged value asserts it), then declining.
ANSWERS = AnswerRules(
    states=(
        StatePhrasing(
            "no-longer",
            (
                r"\bno longer\b",
                r"\bnot any ?more\b",
                r"\b(sold|gave up|given up|ended|cancell?ed|stopped|moved out of|quit)\b",
                r"\b(got|gotten) rid of\b",
                r"\bhanded (it|them|\w+(\s\w+)?) back\b",
            ),
            about_the_question=True,
        ),
        StatePhrasing(
            "never-told",
            (
                r"\bnever (told|mentioned|said|stated|came up)\b",
                r"\bunknown\b",
                r"\bno (record|mention)\b",
                r"\b(did not|didn't|have not|haven't) (tell|mention|say|told)\b",
            ),
        ),
        StatePhrasing("recorded-current", names="gold"),
        StatePhrasing("other-value", names="other"),
        StatePhrasing(
            "declined",
            (r"\b(do not|don't) know\b", r"\bnot sure\b", r"\b(cannot|can't) (say|tell)\b"),
        ),
    ),
)


PROFILE = Vertical(
    answer_value_shapes=("still-valid",),
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
    judge=JUDGE,
    answer_rules=ANSWERS,
    synthetic=Synthetic(g_range=(2, 2), block=_synthetic_block),
)
