"""WorkingMemory: one fact asked about at a growing distance, haystack size held constant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import (
    JudgeRules,
    Prose,
    Rungs,
    Shape,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)

#: Sessions between the fact and the question on each rung; non-gold sessions on every rung.
RUNGS = Rungs(distances=(8, 15, 25, 40, 60), non_gold=60)


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    d = RUNGS.distances[q.number % len(RUNGS.distances)]
    return {
        "fact_family": f"family-{q.number % 12}",
        "distance_sessions": d,
        "difficulty": RUNGS.distances.index(d) + 1,
        "difficulty_dial": "distance",
    }


JUDGE = JudgeRules(
    instructions=(
        "Questions here ask for one fact about one person, told in a single earlier "
        "conversation. Other conversations state the same kind of fact about other people; "
        "giving a value that belongs to someone else is wrong."
    ),
)


PROFILE = Vertical(
    name="WorkingMemory",
    abbrev="wm",
    position=4,
    shapes=(Shape("fact-at-distance", 60),),
    required_fields=("fact_family", "distance_sessions"),
    position_pin=(
        "WorkingMemory: gold position is set by the distance rung (the independent variable)"
    ),
    rungs=RUNGS,
    distance_curve=True,
    prose=Prose(
        measures=(
            "How a memory degrades with distance: one fact, asked about after 8, 15, 25, 40 "
            "or 60 intervening sessions."
        ),
        construction=(
            "Twelve fact families cross five distances; every cell has its own haystack so no "
            "probe rehearses another. Every haystack holds the same number of non-gold "
            "sessions, so the gold session's position is the only thing that moves between "
            "rungs; that position is the declared independent variable and is exempt from the "
            "separability gate for that reason. Spacing between sessions is constant. "
            "Interference comes from other people's facts of the same family, never from a "
            "contradiction, and the fact is never restated."
        ),
        reading=(
            "Results are an outcome-by-distance curve, never one number: averaging over the "
            "rungs removes the only thing the vertical measures. Each rung holds twelve "
            "questions and is a diagnostic."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(h_range=(60, 60), g_range=(1, 1), block=_synthetic_block),
)
