"""A scripted judge policy whose verdicts are self-consistent (no declared rule needs to change
them), so that what a run writes can be compared with what the verdicts imply."""

from __future__ import annotations

from typing import Any

from checker.formats.corpus import Question
from tests.runner.conftest import pick

#: (state, outcome, sub_label) a Forgetting answer may be judged with, per shape.
FORGETTING = {
    "invalidated": [
        ("no-longer", "correct", "none"),
        ("recorded-current", "wrong", "stale-recall"),
        ("never-told", "missed", "none"),
        ("declined", "abstained", "none"),
    ],
    "still-valid": [
        ("recorded-current", "correct", "none"),
        ("no-longer", "wrong", "over-forgetting"),
        ("never-told", "missed", "over-forgetting"),
        ("declined", "abstained", "none"),
    ],
    "never-known": [
        ("never-told", "correct", "none"),
        ("no-longer", "wrong", "mis-attributed-forgetting"),
        ("other-value", "wrong", "none"),
    ],
}
#: (asserted state, outcome) a Prospective answer may be judged with, per arm.
PROSPECTIVE = {
    "before": [("not-yet", "correct"), ("fired", "premature"), ("other", "abstained")],
    "after": [("fired", "correct"), ("not-yet", "missed"), ("other", "wrong")],
    None: [("not-yet", "correct"), ("other", "wrong"), ("other", "abstained")],
}


def consistent_verdict(question: Question, fields: dict[str, Any]) -> dict[str, Any]:
    """A verdict for `question` chosen from the answer text, consistent with the declared
    rules, with every field the prompt asks for."""
    block = question.typedmemeval
    key = question.question_id + "\0" + fields["answer"]
    verdict: dict[str, Any] = {"reason": "scripted"}
    if block.vertical == "forgetting":
        state, outcome, sub = pick(key, FORGETTING[block.shape])
        verdict |= {"state": state, "outcome": outcome, "sub_label": sub}
    elif block.vertical == "prospective":
        state, outcome = pick(key, PROSPECTIVE[block.arm])
        verdict |= {"state": state, "outcome": outcome}
        if "asserted_items" in fields["fields"]:
            if outcome == "correct":
                items = list(fields["gold_set"])
            elif outcome == "premature":
                items = fields["named"][:1]
            elif outcome == "wrong":
                items = fields["gold_set"][:1] if len(fields["gold_set"]) > 1 else ["a stray item"]
            else:
                items = []
            verdict["asserted_items"] = items
    else:
        verdict["outcome"] = pick(key, ["correct", "wrong", "abstained", "missed"])
    return {name: verdict[name] for name in fields["fields"]}
