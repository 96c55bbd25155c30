"""Prospective: acting on time — reminders, expiring validity, not-yet-true, due windows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import (
    AnswerClass,
    Pairing,
    Prose,
    Shape,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    if q.shape == "due-window":
        return {"answer_items": [f"item{i}" for i in q.gold]}
    return {}


PROFILE = Vertical(
    name="Prospective",
    abbrev="pro",
    position=1,
    shapes=(
        Shape("as-of", 4),
        Shape("current", 4),
        Shape("prospective", 4),
        Shape("due-later-reminder", 8),
        Shape("expiring-validity", 6),
        Shape("not-yet-true", 6),
        Shape("due-window", 18, required_fields=("answer_items",), set_answer=True),
    ),
    time_dependent=True,
    pairing=Pairing(
        first_arm="before",
        second_arm="after",
        pivot=True,
        premature=True,
        asserted_states=("fired", "not-yet", "other"),
    ),
    answer_class=AnswerClass(
        field="arm",
        strata="shape",
        strata_reason=(
            "each shape is worded its own way by design (a due-window question names no "
            "reminder and asks for a set; a validity question asks whether something still "
            "held), so the arm is tested within each shape"
        ),
    ),
    prose=Prose(
        measures=(
            "Whether a memory system acts on time: a reminder that falls due later, a fact "
            "that stops being valid, something that is not yet true, and a set of reminders "
            "told apart only by when each falls due. The system is given the query time "
            "explicitly; the conversations never print a calendar date."
        ),
        construction=(
            "Most questions come in before/after pairs: one haystack asked twice, once before "
            "and once after the pivotal instant, with gold flipping between the arms. The "
            "pivot lies strictly between the two query times and is re-derived from the "
            'stating session\'s own timestamp and its relative expression ("in three weeks"). '
            "Message content carries no absolute date and no four-digit year. The due-window "
            "shape names nothing: several reminders compete, and the answer is the set whose "
            "due instants fall in the window. not-yet-true after-arms ask what the record "
            "shows, not what happened."
        ),
        reading=(
            "Read pair consistency from the judge's asserted states, not from outcome labels: "
            "gold flips between arms, so a system that never received the query time asserts "
            "the same state on both arms while its outcome labels differ."
        ),
    ),
    synthetic=Synthetic(h_range=(12, 20), g_range=(1, 4), block=_synthetic_block),
)
