"""Procedural: a procedure told across sessions — steps, order, preconditions, edits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import (
    AnswerClass,
    AnswerRules,
    JudgeRules,
    Procedures,
    Prose,
    Shape,
    StepQuestion,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)

STEP_ORDER, PRECONDITION, AMENDED, RETIRED = (
    "step-order",
    "precondition",
    "amended-step",
    "retired-step",
)

PROCEDURES = Procedures(
    questions=(
        StepQuestion(STEP_ORDER, "order", "dependency", rivals=2),
        StepQuestion(PRECONDITION, "condition", "precondition", rivals=2),
        StepQuestion(AMENDED, "current", "amendment", rivals=2),
        StepQuestion(RETIRED, "current", "retirement", rivals=2),
    ),
    before_words=("before", "ahead of"),
    after_words=("after", "later than"),
)

JUDGE = JudgeRules(
    instructions=(
        "Questions here ask about a procedure told across conversations: its steps and their "
        "order, what must hold before a step, and steps later amended or retired. A step "
        "order is correct only if the whole order matches; a retired step given as still part "
        "of the procedure is wrong; an amended step must be given under its amended name."
    ),
    shape_instructions=(
        (
            STEP_ORDER,
            "Correct only when the answer gives every step of the procedure in the gold order; "
            "a missing step, an extra step or any two steps the wrong way round is wrong.",
        ),
        (
            PRECONDITION,
            "Correct only when the answer names the condition that has to be ready and the "
            "step that waits for it; a condition of another step or procedure is wrong.",
        ),
        (
            AMENDED,
            "The asserted items are the steps the answer says the procedure has now. The old "
            "name of the amended step, given as a current step, is wrong.",
        ),
        (
            RETIRED,
            "The asserted items are the steps the answer says the procedure has now. The "
            "retired step, given as a current step, is wrong; so is a step put in its place.",
        ),
    ),
)


def synthetic_procedure(q: SyntheticQuestion) -> Mapping[str, Any]:
    """One procedure listed in the first gold session, a second hop in each other gold
    session (a dependency chain for step-order), for the bench to exercise every rule."""
    ask = PROCEDURES.question(q.shape)
    assert ask is not None
    listing, hops = q.gold[0], q.gold[1:]
    n_steps = max(3, len(hops) + 1)
    p = PROCEDURES
    events: list[dict[str, Any]] = [
        {
            "event_id": "p",
            "kind": p.procedure,
            "subject": "s",
            "value": "v",
            "session_index": listing,
        }
    ]
    events += [
        {
            "event_id": f"s{i}",
            "kind": p.step,
            "subject": "s",
            "value": f"step{i}",
            "session_index": listing,
            "relations": [{"kind": p.member_of, "other_event_id": "p"}],
        }
        for i in range(n_steps)
    ]
    for k, si in enumerate(hops):
        if ask.hop == p.dependency:
            relations = [
                {"kind": p.first, "other_event_id": f"s{k}"},
                {"kind": p.then, "other_event_id": f"s{k + 1}"},
            ]
        else:
            kind = {p.precondition: p.waits, p.amendment: p.amends, p.retirement: p.retires}
            relations = [{"kind": kind[ask.hop], "other_event_id": f"s{k}"}]
        events.append(
            {
                "event_id": f"h{k}",
                "kind": ask.hop,
                "subject": "s",
                "value": "w",
                "session_index": si,
                "relations": relations,
            }
        )
    block: dict[str, Any] = {
        "events": events,
        "gold_components": [{"kind": p.membership, "session_index": listing, "load_bearing": True}]
        + [{"kind": ask.hop, "session_index": si, "load_bearing": True} for si in hops],
        "gold_components_load_bearing": True,
    }
    if ask.answer == "current":
        block["answer_items"] = [f"step{i}" for i in range(n_steps)]
    return block


#: The deterministic judge: a step order names every step, in order.
ANSWERS = AnswerRules(forms=(("step-order", "order"),))


PROFILE = Vertical(
    name="Procedural",
    abbrev="prc",
    position=10,
    shapes=(
        Shape(STEP_ORDER, 20, required_fields=("gold_components",)),
        Shape(PRECONDITION, 20, required_fields=("gold_components",)),
        Shape(AMENDED, 20, required_fields=("gold_components", "answer_items"), set_answer=True),
        Shape(RETIRED, 20, required_fields=("gold_components", "answer_items"), set_answer=True),
    ),
    required_fields=("events",),
    procedures=PROCEDURES,
    # Amended-step and retired-step questions share their wording: whether a step was replaced
    # or dropped is a class no question text, date or id may tell. The other two shapes ask
    # for an order and a condition by their wording, by design.
    answer_class=AnswerClass(field="shape", shapes=(AMENDED, RETIRED)),
    prose=Prose(
        measures=(
            "Memory of a procedure told across sessions: its steps and the one order they must "
            "run in, the condition a step waits for, and which steps were later amended or "
            "retired. It does not measure whether a system can carry the procedure out, or "
            "whether it gets better at it."
        ),
        construction=(
            "Exactly one gold session names the procedure: it lists every step, in an order "
            "that is never the answer. Dependencies, preconditions, amendments and retirements "
            "name a step or condition pair and the person whose procedure it is, never the "
            "procedure, so every question needs two hops: from the question to the listing, "
            "then from the listing's steps to the pairs. Each haystack also holds two or more "
            "rival procedures of the same person with complete second hops of the same kind "
            "(rival dependency chains over steps of their own, rival preconditions, rival "
            "amendments or retirements), so without the listing a reader is left choosing "
            "among three or more candidates; the listing's gold component declares them, and "
            "the leave-one-out probe shows them in its place. A retired step leaves the "
            "sequence with nothing in its place, which is not an invalidated value replaced "
            "by a newer one."
        ),
        reading=(
            "Step-order answers are the one order the dependencies allow (the checker "
            "recomputes it and finds exactly one); amended-step and retired-step answers are "
            "the set of steps the procedure has now. Read the shapes apart: step-order has "
            "four gold sessions and the others two, so their retrieval figures differ by "
            "construction."
        ),
    ),
    judge=JUDGE,
    answer_rules=ANSWERS,
    synthetic=Synthetic(g_range=(2, 4), block=synthetic_procedure),
)
