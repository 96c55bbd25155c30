"""Temporal: the order of events that are never dated."""

from __future__ import annotations

from fractions import Fraction

from checker.verticals.events import synthetic_events
from checker.verticals.profile import JudgeRules, Prose, Shape, Synthetic, Vertical

JUDGE = JudgeRules(
    instructions=(
        "Questions here ask about the order of events that are never dated; the conversations "
        "relate the events to one another. Judge the order or position the answer commits to; "
        "where the question names two candidates, the answer must choose the one the gold names."
    ),
)


PROFILE = Vertical(
    name="Temporal",
    abbrev="tem",
    position=7,
    shapes=(
        Shape("occurrence-order", 20, chance_floor=Fraction(1, 2)),
        Shape("interval-position", 15),
        Shape("recency", 15),
    ),
    time_dependent=True,
    required_fields=("events",),
    prose=Prose(
        measures=(
            "Ordering events that are never dated: which came first, where an event sits in "
            "an interval, and which is most recent across a chain."
        ),
        construction=(
            'Events are related to one another ("the survey came after the rewiring") and '
            "gold order is recomputed from those relations; session order never encodes event "
            "order. Milestone names are invented and checked against real-name lists, so world "
            "knowledge cannot answer. No absolute dates appear in message content."
        ),
        reading=(
            "Occurrence-order questions name their two candidates, so a coin reaches gold half "
            "the time: its chance floor is 1/2."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(2, 5), block=synthetic_events),
)
