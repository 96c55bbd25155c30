"""Semantic: resolving rather than recalling — current values, aliases, sources."""

from __future__ import annotations

from checker.verticals.events import synthetic_events
from checker.verticals.profile import JudgeRules, Prose, Shape, Synthetic, Vertical

JUDGE = JudgeRules(
    instructions=(
        "Questions here ask the system to resolve rather than recall: the value that holds "
        "after a chain of replacements, a fact stated under another name, or which earlier "
        "conversation a belief came from. A value that was later replaced is wrong."
    ),
)


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
    judge=JUDGE,
    synthetic=Synthetic(g_range=(1, 5), block=synthetic_events),
)
