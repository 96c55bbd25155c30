"""Bitemporal: when something was true against when the record learned it."""

from __future__ import annotations

from checker.verticals.events import synthetic_events
from checker.verticals.profile import Prose, Shape, Synthetic, Vertical

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
    synthetic=Synthetic(g_range=(1, 1), block=synthetic_events),
)
