"""Prospective: acting on time — reminders, expiring validity, not-yet-true, due windows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import (
    AnswerClass,
    AnswerRules,
    JudgeRules,
    JudgeState,
    Pairing,
    Prose,
    Shape,
    StatePhrasing,
    StateRule,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    if q.shape == "due-window":
        return {"answer_items": [f"item{i}" for i in q.gold]}
    return {}


#: The judge's part for Prospective: the state an answer asserts about the pivotal instant is
#: what pair consistency reads, and firing on a before-arm is premature by declaration.
JUDGE = JudgeRules(
    instructions=(
        "Questions here turn on time: whether a reminder has fallen due, whether something is "
        "still valid, whether something the user said would happen has happened yet, and how "
        "long is left. Judge against the query time given, never against today's date. The "
        "pivotal instant is the due, expiry or start instant the gold answer names."
    ),
    states=(
        JudgeState(
            "fired",
            "the answer asserts the pivotal instant has passed at the moment the question asks "
            "about: the reminder is due or overdue, the validity has run out, the thing has "
            "happened, or at least one reminder of a set has fallen due",
        ),
        JudgeState(
            "not-yet",
            "the answer asserts the pivotal instant is still ahead: nothing is due yet, it is "
            "still valid, it has not happened yet, or some time is still left",
        ),
        JudgeState(
            "other",
            "the answer asserts neither (it declines, or answers something else)",
        ),
    ),
    records_state=True,
    state_rules=(
        StateRule("fired", "premature", arms=("before",)),
        StateRule("not-yet", "missed", arms=("after",)),
    ),
    shape_instructions=(
        (
            "due-window",
            "The answer is a set: list in asserted_items every reminder the answer says has "
            "fallen due, and none that it mentions only as still ahead.",
        ),
        (
            "not-yet-true",
            "The question asks what the record shows, not what really happened: an answer that "
            "says that, going by what the user said, it should have happened by now asserts "
            "fired.",
        ),
        (
            "expiring-validity",
            "Fired means the validity has run out; not-yet means it still holds.",
        ),
    ),
    empty_set_arms=("before",),
    valueless_arms=("before",),
)


#: How the deterministic judge reads an answer: a leading yes or no where the question asks
#: one, else "not yet" before "fell due" (a set that has not come due says both).
ANSWERS = AnswerRules(
    forms=(("as-of", "yes-no"), ("current", "duration"), ("prospective", "duration")),
    states=(
        StatePhrasing(
            "not-yet",
            (
                r"\bnot yet\b",
                r"\bnothing yet\b",
                r"\bfor now\b",
                r"\bnone of\b",
                r"\bstill (valid|ahead|to come|left)\b",
                r"\b(hours?|days?|weeks?) (left|away)\b",
            ),
        ),
        StatePhrasing(
            "fired",
            (
                r"\bfell due\b",
                r"\b(has|have) (fallen|come|become) due\b",
                r"\b(is|are) (now )?overdue\b",
                r"\bran out\b",
                r"\bhas (run out|expired|started|happened)\b",
                r"\bexpired\b",
                r"\bago\b",
                r"\balready\b",
            ),
        ),
    ),
    yes_no=(
        ("due-later-reminder", "fired", "not-yet"),
        ("expiring-validity", "not-yet", "fired"),
        ("not-yet-true", "fired", "not-yet"),
    ),
)


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
    judge=JUDGE,
    answer_rules=ANSWERS,
    synthetic=Synthetic(h_range=(12, 20), g_range=(1, 4), block=_synthetic_block),
)
