"""Semantic: resolving rather than recalling — current values, aliases, sources."""

from __future__ import annotations

from checker.verticals.events import synthetic_events
from checker.verticals.profile import Prose, Shape, Synthetic, Vertical

PROFILE = Vertical(
    name="Semantic",
    abbrev="sem",
    position=8,
    shapes=(Shape("current-value", 20), Shape("co-reference", 15), Shape("source-attribution", 15)),
    required_fields=("events",),
    prose=Prose(
        measures=(
            "Resolution rather than recall: the current value after a chain of replacements, "
            "a fact stated under another designation, and which conversation a belief came "
            "from."
        ),
        construction=(
            "Each question carries structured events (values, replacements, aliases, sources) "
            "from which the checker recomputes the gold without reading prose."
        ),
    ),
    synthetic=Synthetic(g_range=(1, 5), block=synthetic_events),
)
