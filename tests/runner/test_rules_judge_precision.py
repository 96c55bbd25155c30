"""What the deterministic judge does not read as an answer (rules versions 3 to 5): the answer
instructions a reply repeats, and a state phrase in a sentence about something else. Both were
found in the answers SmolLM2-135M-Instruct gave in the reference runs and probes: "If they do not
contain the answer, say that you don't know." read as declining (or, on a never-known question,
as correct), and "(Former session ended with a brief, unrelated reply)" read as "no longer"."""

from __future__ import annotations

import re
from functools import cache

import pytest

from checker.family import VERTICALS, Vertical
from checker.formats.corpus import Question
from checker.load import load_ours
from checker.runner.judge import NoVerdict, Verdict, case_for
from checker.runner.reference import ANSWER_INSTRUCTIONS
from checker.runner.rules import RulesJudge, without_instructions
from checker.verticals.profile import StatePhrasing
from tests.runner.conftest import shipped

KEYS = [v.key for v in VERTICALS]


@cache
def corpus(vertical: str) -> tuple[list[Question], RulesJudge]:
    questions = load_ours(shipped(vertical)).questions
    return questions, RulesJudge(questions)


def judged(vertical: str, question: Question, answer: str) -> Verdict | NoVerdict:
    return corpus(vertical)[1].judge(case_for(question), answer).result


def outcome(result: Verdict | NoVerdict) -> str:
    return result.outcome if isinstance(result, Verdict) else "inconclusive"


def answerable(vertical: str) -> Question:
    """A question with something to find (declining to answer it is `abstained`)."""
    return next(q for q in corpus(vertical)[0] if not case_for(q).shape.negative_gold)


# --- the instructions repeated --------------------------------------------------------------

PARAPHRASED = (
    "You're an assistant that remembers earlier conversations with the user. The sessions below "
    "are those conversations, oldest first. If they do not contain the answer to your question, "
    "say that you don't know."
)


@pytest.mark.parametrize("vertical", KEYS)
def test_the_instructions_repeated_are_no_answer(vertical: str) -> None:
    for q in corpus(vertical)[0]:
        result = judged(vertical, q, ANSWER_INSTRUCTIONS)
        assert isinstance(result, NoVerdict), (q.question_id, result)
        assert "repeats the answer instructions" in result.reason
        # Recited with a few words changed, what is left of it commits to nothing either.
        assert isinstance(judged(vertical, q, PARAPHRASED), NoVerdict), q.question_id


@pytest.mark.parametrize("vertical", KEYS)
def test_declining_in_its_own_words_is_still_abstained(vertical: str) -> None:
    q = answerable(vertical)
    assert outcome(judged(vertical, q, "I do not know the answer to that question.")) == (
        "abstained"
    )
    assert without_instructions("I don't know. Sorry.") == "I don't know. Sorry."


@pytest.mark.parametrize("vertical", KEYS)
def test_an_answer_beside_recited_instructions_is_read(vertical: str) -> None:
    """Only the recited words are set aside: an answer after them, or in the same sentence,
    is read as if they were not there."""
    for q in corpus(vertical)[0]:
        for lead in ("Answer in one or two sentences: ", "From what the sessions say, "):
            answer = lead + q.answer
            assert outcome(judged(vertical, q, answer)) == "correct", answer
    assert without_instructions("Answer in one or two sentences: The X.") == "The X."
    assert without_instructions("From what the sessions say, 42.") == "42."


# --- a state phrase about something else ---------------------------------------------------

SCOPED: list[tuple[Vertical, StatePhrasing]] = [
    (v, p) for v in VERTICALS for p in v.answer_rules.states if p.about_the_question
]


def test_some_vertical_scopes_a_state_phrasing() -> None:
    assert SCOPED


def _word(phrasing: StatePhrasing) -> str:
    """A word or two that the phrasing's patterns read."""
    for candidate in ("ended", "stopped", "no longer", "sold", "quit", "expired"):
        if any(re.search(p, f"it {candidate} there", re.I) for p in phrasing.patterns):
            return candidate
    raise AssertionError(f"no test word for {phrasing.state}")


def _asked_word(question: Question) -> str | None:
    """Whose value the question asks about: the word after "my" ("my dad", "my uncle's")."""
    found = re.search(r"\bmy ([a-z]+)", question.question)
    return found.group(1) if found else None


def _scoped_cases(vertical: Vertical, phrasing: StatePhrasing) -> list[Question]:
    questions, judge = corpus(vertical.key)
    return [
        q
        for q in questions
        if judge.state_of(case_for(q), q.answer) == phrasing.state and _asked_word(q)
    ]


@pytest.mark.parametrize(("vertical", "phrasing"), SCOPED, ids=[v.key for v, _ in SCOPED])
def test_a_state_phrase_about_something_else_is_not_read(
    vertical: Vertical, phrasing: StatePhrasing
) -> None:
    cases = _scoped_cases(vertical, phrasing)
    assert cases
    judge = corpus(vertical.key)[1]
    word = _word(phrasing)
    for q in cases:
        case = case_for(q)
        unrelated = f"Sorry, that was a long session. The film {word} at midnight, I think."
        assert judge.state_of(case, unrelated) != phrasing.state, unrelated
        assert outcome(judged(vertical.key, q, unrelated)) != "correct"


@pytest.mark.parametrize(("vertical", "phrasing"), SCOPED, ids=[v.key for v, _ in SCOPED])
def test_a_state_phrase_about_the_question_is_read(
    vertical: Vertical, phrasing: StatePhrasing
) -> None:
    judge = corpus(vertical.key)[1]
    word = _word(phrasing)
    for q in _scoped_cases(vertical, phrasing):
        case = case_for(q)
        naming = f"Good question. Your {_asked_word(q)} {word} it a while ago."
        personal = f"They {word} it a while ago."
        later_personal = f"Good question. They {word} it a while ago."
        assert judge.state_of(case, naming) == phrasing.state, naming
        assert judge.state_of(case, personal) == phrasing.state, personal
        # A pronoun alone ties only the first sentence to the question.
        assert judge.state_of(case, later_personal) != phrasing.state, later_personal
        # A reply that opens with the state says it of what was asked.
        assert judge.state_of(case, f"{word.capitalize()}.") == phrasing.state
        assert judge.state_of(case, f"It {word} some time back.") == phrasing.state
        # A sentence naming a value the gold answer names is about the asked thing, wherever
        # it stands.
        named = judge.names.found(q.answer, gold=True)
        if named:
            value = named[0].capitalize()
            said = f"Good question. The {value} {word} a while ago."
            assert judge.state_of(case, said) == phrasing.state, said
        # A first sentence about the conversation itself is not.
        for meta in (f"The session {word} there.", f"(The last chat {word} abruptly.)"):
            assert judge.state_of(case, meta) != phrasing.state, meta


# --- a leading yes or no that answers nothing ----------------------------------------------

YES_NO: list[tuple[Vertical, str]] = [
    (v, shape) for v in VERTICALS for shape, _, _ in v.answer_rules.yes_no
]


def test_some_vertical_reads_a_leading_yes_or_no() -> None:
    assert YES_NO


@pytest.mark.parametrize(("vertical", "shape"), YES_NO, ids=[f"{v.key}-{s}" for v, s in YES_NO])
def test_a_leading_no_that_is_no_answer_is_not_read_as_one(vertical: Vertical, shape: str) -> None:
    questions, judge = corpus(vertical.key)
    q = next(q for q in questions if q.typedmemeval.shape == shape)
    case = case_for(q)
    _, said_no = vertical.answer_rules.yes_no_states(shape) or ("", "")
    assert judge.state_of(case, "No.") == said_no
    said_yes, _ = vertical.answer_rules.yes_no_states(shape) or ("", "")
    # A yes or no that stands alone answers, whatever the next sentence says; so does one
    # followed by a pronoun or a dash, and one that goes on to hedge in its own sentence.
    for answer, state in (
        ("Yes. I can't say exactly when.", said_yes),
        ("No it isn't.", said_no),
        ("Yes \u2013 it is.", said_yes),
        ("Yes, although I don't know the exact time.", said_yes),
    ):
        assert judge.state_of(case, answer) == state, answer
    # "No" as a determiner opens no answer.
    assert judge.state_of(case, "No previous session was given.") != said_no
    # A no that goes on to decline in its own sentence declines.
    assert outcome(judged(vertical.key, q, "No, I'm not sure. Sorry.")) == "abstained"
    assert outcome(judged(vertical.key, q, "No, I do not know.")) == "abstained"
