"""Bitemporal: when something was true against when the record learned it."""

from __future__ import annotations

from checker.verticals.events import synthetic_events
from checker.verticals.profile import JudgeRules, Prose, Shape, Synthetic, Vertical

JUDGE = JudgeRules(
    instructions=(
        "Questions here separate when something was true from when the record learned it: they "
        "ask what the record showed as of one instant about the state at another. A value the "
        "record only learned after the as-of instant, or one already corrected by then, is "
        "wrong."
    ),
)


PROFILE = Vertical(
    name="Bitemporal",
    abbrev="bit",
    position=6,
    shapes=(Shape("belief-at-instant", 36), Shape("correction-depth", 24)),
    required_fields=("events",),
    prose=Prose(
        measures=(
            "The difference between when something was true and when the record learned it: "
            "what did the record show as of one date about the state at another."
        ),
        construction=(
            "Belief-at-instant questions ask about a past belief; correction-depth questions "
            "stack revisions (recorded, corrected, corrected again) and ask at an instant "
            "between them. Gold is recomputed from each event's recorded and validity times."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(1, 1), block=synthetic_events),
)
