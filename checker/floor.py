"""The floor one fixed answer sets: the best single reply given to every question of a corpus,
judged by the deterministic rules judge, counted by question and by pair.

A shape's questions are worded alike whatever their gold (Forgetting asks "What car does my dad
have now?" of an invalidated fact, a still-valid one and one never told), so a reply that names
the commonest state is right wherever that state is the gold: "No longer." is right on all 20 of
Forgetting's invalidated questions, 20 of 50, without reading a word of a haystack. A rate is
read against this floor. The two arms of a pair take different answers, so no fixed reply is
right on both: the pair count is the figure a fixed reply cannot raise.

The replies tried are the first sentence of every distinct gold answer of the corpus (the
commonest first), so a state ("No longer.", "Not yet."), a count ("Two: …") or a value said by
many answers is tried as it is worded, and a plain "I don't know." Each is judged on every
question as a system's answer would be (`RulesJudge.judge`). As in a run, a question the judge
reads no verdict on (the reply asserts nothing its rules read there) is inconclusive and enters
no rate: the floor is correct over measured, like a run's rate, with measured over questions
beside it. The best is the one right on most questions (the first tried on a tie).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from checker.family import BY_KEY
from checker.formats.corpus import Question
from checker.runner.judge import Verdict, case_for
from checker.runner.rules import RulesJudge

#: Tried besides the gold answers' first sentences.
REFUSAL = "I don't know."


@dataclass(frozen=True)
class ShapeFloor:
    shape: str
    correct: int
    #: Questions the judge gave a verdict on, and all the shape's questions.
    measured: int
    questions: int


@dataclass(frozen=True)
class ConstantFloor:
    """The best fixed reply and what it scores."""

    answer: str
    correct: int
    #: Questions the judge gave a verdict on (the rest are inconclusive), and all questions.
    measured: int
    questions: int
    #: Pairs with both arms in the corpus, and those the reply gets right on both arms.
    pairs: int
    pairs_both: int
    shapes: tuple[ShapeFloor, ...]
    #: Fixed replies tried.
    tried: int

    @property
    def rate(self) -> float:
        """Correct over measured, as a run's rate is."""
        return self.correct / self.measured if self.measured else 0.0


def first_sentence(answer: str) -> str:
    """The answer up to its first `.`, `!` or `?` followed by a space (not `checker.text`'s
    `sentences`, which also ends one inside "£45.26" and would try "£45." as a reply)."""
    text = " ".join(answer.split())
    return re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]


def fixed_replies(questions: Sequence[Question]) -> list[str]:
    """The replies tried: gold answers' first sentences, commonest first (ties in text order),
    then `REFUSAL`."""
    counts = Counter(first_sentence(q.answer) for q in questions if q.answer.strip())
    tried = [a for a, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    return [*tried, REFUSAL] if REFUSAL not in counts else tried


def judged(questions: Sequence[Question]) -> list[Question]:
    """The questions the rules judge can take: ours, of a vertical this checker knows."""
    return [q for q in questions if q.typedmemeval and q.typedmemeval.vertical in BY_KEY]


def constant_floor(questions: Sequence[Question]) -> ConstantFloor | None:
    """The best fixed reply over `questions`, or None when the rules judge can take none."""
    mine = judged(questions)
    if not mine:
        return None
    judge = RulesJudge(questions)  # names are read from the whole corpus, as in a run
    cases = [case_for(q) for q in mine]
    replies = fixed_replies(mine)
    best: tuple[int, list[str], str] | None = None
    for reply in replies:
        outcomes = []
        for case in cases:
            result = judge.judge(case, reply).result
            outcomes.append(result.outcome if isinstance(result, Verdict) else "inconclusive")
        right = outcomes.count("correct")
        if best is None or right > best[0]:
            best = (right, outcomes, reply)
    assert best is not None
    correct, outcomes, reply = best
    shapes: dict[str, list[str]] = {}
    arms: dict[str, list[str]] = {}
    for q, outcome in zip(mine, outcomes, strict=True):
        block = q.typedmemeval
        assert block is not None
        shapes.setdefault(block.shape, []).append(outcome)
        if block.pair_id:
            arms.setdefault(block.pair_id, []).append(outcome)
    pairs = [found for found in arms.values() if len(found) >= 2]
    return ConstantFloor(
        answer=reply,
        correct=correct,
        measured=_measured(outcomes),
        questions=len(mine),
        pairs=len(pairs),
        pairs_both=sum(1 for found in pairs if all(o == "correct" for o in found)),
        shapes=tuple(
            ShapeFloor(s, found.count("correct"), _measured(found), len(found))
            for s, found in sorted(shapes.items())
        ),
        tried=len(replies),
    )


def _measured(outcomes: Sequence[str]) -> int:
    return sum(1 for o in outcomes if o != "inconclusive")


def describe(floor: ConstantFloor) -> str:
    """One line: the reply, its questions and its pairs."""
    line = (
        f"one fixed reply for every question, {floor.answer!r}, is judged correct on "
        f"{floor.correct} of {floor.measured} measured ({floor.rate:.3f}; {floor.measured} of "
        f"{floor.questions} questions measured; best of {floor.tried} tried)"
    )
    if floor.pairs:
        line += f"; both arms correct on {floor.pairs_both} of {floor.pairs} pairs"
    return line
