"""Episodic: memory of the conversation as an event — who said what, and in what order."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from checker.verticals.profile import Prose, Shape, Synthetic, SyntheticQuestion, Vertical


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    if q.shape == "list-order":
        return {
            "list_order": {"items": [f"item{i}" for i in q.gold], "item_session_indices": q.gold},
            "difficulty": min(5, max(1, len(q.gold) - 2)),
            "difficulty_dial": "dispersion",
        }
    return {"stated_by": "assistant" if q.shape == "assistant-stated" else "both"}


PROFILE = Vertical(
    name="Episodic",
    abbrev="epi",
    position=2,
    shapes=(
        Shape("assistant-stated", 20, required_fields=("stated_by",)),
        Shape("list-order", 15, required_fields=("list_order",), list_order=True),
        Shape(
            "participant-attribution",
            15,
            chance_floor=Fraction(1, 3),
            required_fields=("stated_by",),
            attribution=True,
        ),
    ),
    list_length=(4, 7),
    # From the assistant's side: "me" in the question is the user, "you" the assistant.
    speaker_leads=(("user", "You did"), ("assistant", "I did"), ("both", "Both of us")),
    prose=Prose(
        measures=(
            "Memory of the conversation as an event: what the assistant said (never the "
            "user), the order in which items came up, and who said something — me, you or "
            "both of us."
        ),
        construction=(
            "Assistant-stated answers appear only in assistant turns anywhere in the corpus. "
            "List-order questions mention one item per session in an arbitrary order (lists of "
            "four to seven) and are scored pairwise on the items an answer mentions. "
            "Attribution statements are plausible from either speaker, and the framing is "
            "drawn per question from a bank independently of who holds the answer."
        ),
        reading=(
            "Attribution has three arms, so its chance floor is 1/3; compare systems on the "
            "distance above it."
        ),
    ),
    synthetic=Synthetic(g_range=(1, 7), block=_synthetic_block),
)
