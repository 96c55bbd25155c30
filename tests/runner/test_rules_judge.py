"""Golden tests of the deterministic judge (`--judge rules`): every shipped gold answer is judged
correct; another question's gold of the same shape is never judged correct where its value
differs; and hand-written answers per vertical are judged right, wrong, abstained, missed,
premature or inconclusive as the family's outcome definitions say."""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

import pytest

from checker.family import VERTICALS
from checker.formats.corpus import Question
from checker.load import load_ours
from checker.runner.judge import NoVerdict, Verdict, case_for
from checker.runner.rules import RulesJudge, read_duration, read_number, yes_or_no
from tests.runner.conftest import shipped

KEYS = [v.key for v in VERTICALS]


@cache
def corpus(vertical: str) -> tuple[list[Question], RulesJudge]:
    questions = load_ours(shipped(vertical)).questions
    return questions, RulesJudge(questions)


def outcome(vertical: str, question: Question, answer: str) -> str:
    result = corpus(vertical)[1].judge(case_for(question), answer).result
    return result.outcome if isinstance(result, Verdict) else "inconclusive"


def first(vertical: str, shape: str, arm: str | None = None) -> Question:
    return next(
        q
        for q in corpus(vertical)[0]
        if q.typedmemeval.shape == shape and (arm is None or q.typedmemeval.arm == arm)
    )


@pytest.mark.parametrize("vertical", KEYS)
def test_every_gold_answer_is_judged_correct(vertical: str) -> None:
    questions, judge = corpus(vertical)
    wrong = {}
    for q in questions:
        result = judge.judge(case_for(q), q.answer).result
        if not (isinstance(result, Verdict) and result.outcome == "correct"):
            wrong[q.question_id] = result
    assert not wrong, wrong


#: Shapes whose answer is a class (a state, a speaker, a small count) rather than a value:
#: another question's gold of the same class is rightly correct there. Every Prospective shape
#: is a state, a yes or no, or a duration, so the vertical is left out whole.
CLASS_ANSWERS = {
    ("conjunction", "value-then-count"),
    ("conjunction", "alias-then-count"),
    ("episodic", "participant-attribution"),
    ("forgetting", "invalidated"),
    ("forgetting", "never-known"),
}


@pytest.mark.parametrize("vertical", KEYS)
def test_another_questions_gold_is_not_correct(vertical: str) -> None:
    questions, judge = corpus(vertical)
    by_shape: dict[tuple[str, str | None], list[Question]] = defaultdict(list)
    for q in questions:
        by_shape[(q.typedmemeval.shape, q.typedmemeval.arm)].append(q)
    judged = 0
    for (shape, _), group in by_shape.items():
        if (vertical, shape) in CLASS_ANSWERS or vertical == "prospective":
            continue
        for i, q in enumerate(group):
            other = group[(i + 1) % len(group)]
            if other.answer == q.answer:
                continue
            result = judge.judge(case_for(q), other.answer).result
            assert not (isinstance(result, Verdict) and result.outcome == "correct"), (
                q.question_id,
                other.answer,
            )
            judged += 1
    assert judged > 0 or vertical == "prospective", "nothing was compared"


# (vertical, shape, arm, what the gold starts with, answer, expected outcome)
CASES: list[tuple[str, str, str | None, str, str, str]] = [
    ("arithmetic", "count", None, "5 times", "She went to the vet 5 times.", "correct"),
    ("arithmetic", "count", None, "5 times", "Five times, as far as I can tell.", "correct"),
    ("arithmetic", "count", None, "5 times", "1 + 1 + 1 + 1 + 1 = 5 visits.", "correct"),
    ("arithmetic", "count", None, "5 times", "4 times.", "wrong"),
    ("arithmetic", "count", None, "5 times", "It was 2 times, or maybe 3.", "inconclusive"),
    ("arithmetic", "count", None, "5 times", "I'm not sure, sorry.", "abstained"),
    ("arithmetic", "sum", None, "4493.10", "4,493.10 pounds in total.", "correct"),
    ("arithmetic", "sum", None, "4493.10", "About 4,490 pounds.", "correct"),
    ("arithmetic", "sum", None, "4493.10", "4,490 pounds.", "wrong"),
    ("arithmetic", "sum", None, "4493.10", "You never told me about any flights.", "missed"),
    ("bitemporal", "belief-at-instant", "before", "Dodson", "Dodson Bank.", "correct"),
    ("bitemporal", "belief-at-instant", "before", "Dodson", "It was Guariento Bank.", "wrong"),
    (
        "bitemporal",
        "belief-at-instant",
        "before",
        "Dodson",
        "Guariento Bank, and before that Dodson Bank.",
        "wrong",
    ),
    ("bitemporal", "belief-at-instant", "before", "Dodson", "A bank, I think.", "inconclusive"),
    ("conjunction", "value-then-count", None, "One", "Just one other member.", "correct"),
    ("conjunction", "value-then-count", None, "One", "Two of them.", "wrong"),
    (
        "conjunction",
        "order-then-value",
        "first",
        "The Gibbswick",
        "Your gran started first; she is in the Gibbswick cycling club.",
        "correct",
    ),
    ("episodic", "assistant-stated", None, "Sahni", "I suggested Sahni.", "correct"),
    ("episodic", "assistant-stated", None, "Sahni", "I suggested Viklund.", "wrong"),
    ("episodic", "assistant-stated", None, "Sahni", "I do not remember.", "abstained"),
    (
        "episodic",
        "assistant-stated",
        None,
        "Sahni",
        "I'm sorry, I don't have access to personal information.",
        "abstained",
    ),
    ("episodic", "participant-attribution", None, "You did", "You suggested it.", "correct"),
    ("episodic", "participant-attribution", None, "You did", "I did.", "wrong"),
    ("episodic", "participant-attribution", None, "You did", "Both of us agreed.", "wrong"),
    ("episodic", "participant-attribution", None, "You did", "A bank.", "inconclusive"),
    (
        "episodic",
        "list-order",
        None,
        "Gour",
        "Gour, Bowles, Rout, Klein, Bonomo and Blin.",
        "correct",
    ),
    ("episodic", "list-order", None, "Gour", "Bowles, then Gour.", "wrong"),
    (
        "forgetting",
        "invalidated",
        "invalidated",
        "No longer",
        "Your dad sold the Comencini, so no car now.",
        "correct",
    ),
    (
        "forgetting",
        "invalidated",
        "invalidated",
        "No longer",
        "Your dad got rid of the Comencini.",
        "correct",  # the corpus's own wording for an ended fact
    ),
    ("forgetting", "invalidated", "invalidated", "No longer", "The Comencini.", "wrong"),
    ("forgetting", "invalidated", "invalidated", "No longer", "You never told me.", "missed"),
    ("forgetting", "invalidated", "invalidated", "No longer", "I don't know.", "abstained"),
    (
        "forgetting",
        "invalidated",
        "invalidated",
        "No longer",
        "I'm not sure, but probably the Comencini.",
        "wrong",  # a stated value outranks hedging
    ),
    (
        "arithmetic",
        "count",
        None,
        "5 times",
        "I'm not sure, but probably 5 times.",
        "correct",  # a stated value outranks hedging
    ),
    ("forgetting", "still-valid", "control", "The Crane", "Still the Crane.", "correct"),
    ("forgetting", "still-valid", "control", "The Crane", "He no longer has one.", "wrong"),
    ("forgetting", "never-known", None, "Unknown", "You never mentioned it.", "correct"),
    (
        "forgetting",
        "never-known",
        None,
        "Unknown",
        "She is in the Manganstead book club.",
        "wrong",
    ),
    (
        "procedural",
        "step-order",
        None,
        "First the Cartoncombe",
        "Cartoncombe turn, Barlowfield run, Jarvisbury drill, Baum stage.",
        "correct",
    ),
    (
        "procedural",
        "step-order",
        None,
        "First the Cartoncombe",
        "Barlowfield run, Cartoncombe turn, Jarvisbury drill, Baum stage.",
        "wrong",
    ),
    (
        "procedural",
        "precondition",
        None,
        "The Maganford",
        "The Deborah sort waits until the Maganford permit is ready.",
        "correct",
    ),
    ("procedural", "precondition", None, "The Maganford", "The Maganford permit.", "wrong"),
    (
        "procedural",
        "amended-step",
        None,
        "The Holtford",
        "Holtford round, Kayleigh pass, Tuckerley tally and Disdero turn.",
        "correct",
    ),
    (
        "procedural",
        "amended-step",
        None,
        "The Holtford",
        "Holtford round, Tuckerley tally and Disdero turn.",
        "wrong",
    ),
    (
        "procedural",
        "amended-step",
        None,
        "The Holtford",
        "Holtford round, Kayleigh pass, Agazzi tally and Disdero turn.",
        "wrong",  # the steps before the amendment
    ),
    ("prospective", "due-later-reminder", "before", "Not yet", "Not yet.", "correct"),
    (
        "prospective",
        "due-later-reminder",
        "before",
        "Not yet",
        "Yes, it fell due an hour ago.",
        "premature",
    ),
    ("prospective", "due-later-reminder", "after", "Yes", "Yes, it is overdue.", "correct"),
    ("prospective", "due-later-reminder", "after", "Yes", "Not yet, still ahead.", "missed"),
    ("prospective", "due-later-reminder", "after", "Yes", "Hard to say.", "inconclusive"),
    ("prospective", "as-of", None, "Yes.", "Yes, it was still valid then.", "correct"),
    ("prospective", "as-of", None, "Yes.", "No, it had run out.", "wrong"),
    ("prospective", "current", None, "About 5 days", "About 5 days left.", "correct"),
    ("prospective", "current", None, "About 5 days", "Roughly 6 days.", "correct"),
    ("prospective", "current", None, "About 5 days", "About 9 days.", "wrong"),
    ("prospective", "current", None, "About 5 days", "It already ran out.", "wrong"),
    ("semantic", "current-value", None, "The Megawton", "The Megawton book club.", "correct"),
    ("semantic", "current-value", None, "The Megawton", "The Harperton book club.", "wrong"),
    (
        "semantic",
        "source-attribution",
        None,
        "In that conversation",
        "Aloisio.",
        "correct",
    ),
    (
        "temporal",
        "occurrence-order",
        "second-named",
        "The Cormick",
        "The Cormick walkthrough came first.",
        "correct",
    ),
    (
        "temporal",
        "occurrence-order",
        "second-named",
        "The Cormick",
        "The Fioravanti call.",
        "wrong",
    ),
    (
        "temporal",
        "occurrence-order",
        "second-named",
        "The Cormick",
        "Both were in spring.",
        "inconclusive",
    ),
    (
        "temporal",
        "recency",
        None,
        "The Loughlin",
        "The Loughlin visit was the latest.",
        "correct",
    ),
    (
        "workingmemory",
        "fact-at-distance",
        None,
        "The Zavala",
        "Your cousin drives the Zavala.",
        "correct",
    ),
    ("workingmemory", "fact-at-distance", None, "The Zavala", "The Niemeier.", "wrong"),
    ("workingmemory", "fact-at-distance", None, "The Zavala", "A Zorblatt, I believe.", "wrong"),
    ("workingmemory", "fact-at-distance", None, "The Zavala", "A red one.", "inconclusive"),
]


@pytest.mark.parametrize(
    ("vertical", "shape", "arm", "gold", "answer", "expected"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{c[5]}-{i}" for i, c in enumerate(CASES)],
)
def test_hand_written_answers(
    vertical: str, shape: str, arm: str | None, gold: str, answer: str, expected: str
) -> None:
    q = first(vertical, shape, arm)
    assert q.answer.startswith(gold), q.answer  # the case was written against this question
    assert outcome(vertical, q, answer) == expected


def test_every_vertical_has_hand_written_cases() -> None:
    assert {c[0] for c in CASES} == set(KEYS)
    for key in KEYS:
        expected = {c[5] for c in CASES if c[0] == key}
        assert {"correct", "wrong"} <= expected, key


def test_stale_recall_carries_its_sub_label() -> None:
    q = first("forgetting", "invalidated")
    result = corpus("forgetting")[1].judge(case_for(q), "Your dad has the Comencini.").result
    assert isinstance(result, Verdict) and result.sub_label == "stale-recall"


def test_the_asserted_state_is_recorded_where_the_vertical_records_it() -> None:
    q = first("prospective", "due-later-reminder", "before")
    result = corpus("prospective")[1].judge(case_for(q), "Yes, it fell due.").result
    assert isinstance(result, Verdict) and result.asserted_state == "fired"
    q = first("prospective", "current")
    result = corpus("prospective")[1].judge(case_for(q), "About 6 hours.").result
    assert isinstance(result, Verdict) and result.asserted_state == "other"


def test_an_empty_answer_is_inconclusive() -> None:
    q = first("semantic", "current-value")
    result = corpus("semantic")[1].judge(case_for(q), "   ").result
    assert isinstance(result, NoVerdict) and "empty" in result.reason


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5 times", (5.0, False)),
        ("about 1,200 dollars", (1200.0, True)),
        ("€56.61 a month.", (56.61, False)),
        ("Three: your dad is in three clubs.", (3.0, False)),
        ("2 + 3 = 5", (5.0, False)),
        ("between 4 and 6", None),
        ("none", None),
    ],
)
def test_read_number(text: str, expected: Any) -> None:
    assert read_number(text) == expected


def test_read_duration_and_yes_or_no() -> None:
    assert read_duration("About 10 hours. It runs out on Thursday.") == ("left", 10.0, 1.0)
    assert read_duration("About 3 days") == ("left", 72.0, 24.0)
    assert read_duration("None: it already fell due, about 4 hours ago.")[0] == "passed"  # type: ignore[index]
    assert read_duration("Soon.") is None
    assert yes_or_no("Yes, for now.") == "yes" and yes_or_no("No. It ran out.") == "no"
    assert yes_or_no("Not yet.") is None and yes_or_no("No longer.") is None
