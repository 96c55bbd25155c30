"""Procedural: a procedure told across sessions — steps, order, preconditions, edits."""

from __future__ import annotations

from checker.verticals.events import synthetic_events
from checker.verticals.profile import JudgeRules, Prose, Shape, Synthetic, Vertical

JUDGE = JudgeRules(
    instructions=(
        "Questions here ask about a procedure told across conversations: its steps and their "
        "order, what must hold before it starts, and steps later amended or retired. A step "
        "order is correct only if the whole order matches; a retired step given as still part "
        "of the procedure is wrong; an amended step must be given as amended."
    ),
)


PROFILE = Vertical(
    name="Procedural",
    abbrev="prc",
    position=10,
    shapes=(
        Shape("step-order", 20),
        Shape("precondition", 20),
        Shape("amended-step", 20),
        Shape("retired-step", 20),
    ),
    required_fields=("events",),
    prose=Prose(
        measures=(
            "Memory of a procedure told across sessions: its steps and their order, what must "
            "hold before it starts, and which steps were later amended or retired. It does not "
            "measure whether a system can execute the procedure."
        ),
        construction=(
            "Exactly one gold session names the procedure and lists its steps in an order that "
            "is never the answer. Dependencies, preconditions, amendments and retirements name "
            "step pairs and never the procedure, so every question needs two hops. Each "
            "step-order haystack carries two complete rival chains and each amended or retired "
            "haystack two rival edits."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(2, 4), block=synthetic_events),
)
