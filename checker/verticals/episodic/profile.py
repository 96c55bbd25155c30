"""Episodic: memory of the conversation as an event — who said what, and in what order."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from checker.verticals.profile import (
    AnswerClass,
    JudgeRules,
    Prose,
    Shape,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    if q.shape == "list-order":
        return {
            "list_order": {"items": [f"item{i}" for i in q.gold], "item_session_indices": q.gold},
            "difficulty": min(5, max(1, len(q.gold) - 2)),
            "difficulty_dial": "dispersion",
        }
    return {"stated_by": "assistant" if q.shape == "assistant-stated" else "both"}


JUDGE = JudgeRules(
    instructions=(
        "Questions here ask about the conversation as an event: what the assistant said, the "
        "order in which things came up, and who said something."
    ),
    shape_instructions=(
        (
            "assistant-stated",
            "The gold value was said by the assistant in an earlier conversation; the answer is "
            "correct only if it gives that value.",
        ),
        (
            "list-order",
            "List in mentioned_items the gold items the answer mentions, in the answer's order; "
            "the benchmark scores the order, so do not leave out an item because it is out of "
            "place.",
        ),
        (
            "participant-attribution",
            "The gold names who made the statement: the user, the assistant, or both. The answer "
            "speaks to the user, so in it 'you' is the user and 'I' is the assistant.",
        ),
    ),
)


PROFILE = Vertical(
    answer_value_shapes=("assistant-stated",),
    name="Episodic",
    abbrev="epi",
    position=2,
    # Answers speak from the assistant's side: "me" in a question is the user, "you" the
    # assistant.
    attribution_shapes=("participant-attribution",),
    speaker_leads=(("user", "You did"), ("assistant", "I did"), ("both", "Both of us")),
    shapes=(
        Shape("assistant-stated", 20, required_fields=("stated_by",)),
        Shape("list-order", 15, required_fields=("list_order",), list_order=True),
        Shape(
            "participant-attribution",
            15,
            chance_floor=Fraction(1, 3),
            required_fields=("stated_by",),
        ),
    ),
    list_length=(4, 7),
    answer_class=AnswerClass(
        field="stated_by",
        strata="shape",
        strata_reason=(
            "an assistant-stated question asks what the assistant said by definition; who "
            "said it is the open question only in participant attribution"
        ),
    ),
    prose=Prose(
        measures=(
            "Memory of the conversation as an event: what the assistant said (never the "
            "user), the order in which items came up, and who said something — me, you or "
            "both of us."
        ),
        construction=(
            "Every session makes the same six moves: the user asks for help with something "
            "for someone and the assistant's reply puts a value forward; the user puts a value "
            "forward, which the assistant either only engages with or names again as its own "
            "pick; one entry of someone's running list; a value-bearing twin of a suggestion "
            "(one made to or by someone else, or a request for someone else) and one of a list "
            "entry (someone else's, a rumour that was wrong, one that was dropped), each told "
            "in the words of the move it rivals with what became of it said in the next turn; "
            "and a neutral mention. Assistant-stated answers are named by the "
            "assistant only and appear in no user turn of the corpus. List-order questions "
            "ask for four to seven entries placed at random among the sessions, with a rival "
            "list of the same kind kept by someone else in the same haystack, and are scored "
            "pairwise on the entries an answer mentions. Attribution questions come in "
            "triples, one per speaker, that share the question, the haystack's size and its "
            "clock; the frame is drawn per triple from a bank of six, independently of who "
            "made the suggestion."
        ),
        reading=(
            "Attribution has three arms, so its chance floor is 1/3; compare systems on the "
            "distance above it. A list's rival list shares every word but the person's, so "
            "list-order is the hardest shape for a lexical retriever."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(1, 7), block=_synthetic_block),
)
