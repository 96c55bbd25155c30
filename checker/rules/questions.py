"""Question-level rules (QST): duplicate questions, contradicting labels, answerable questions
without gold, and answers a reader can take from the question itself.

These are defects a benchmark's own pipeline rarely looks for, because each question is right
on its own: they show only across questions (a question asked twice in one conversation, once
as answerable and once as adversarial) or against the question text (a two-way question any
guess answers half the time). Questions asked at different times are different questions (a
before/after pair asks the same words at two instants), so duplicates share a question date."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Question
from checker.load import LoadedCorpus
from checker.registry import rule
from checker.rules.leaks import negative_gold
from checker.text import STOPWORDS, raw_tokens

#: LongMemEval's abstention suffix (and the one `import` gives LoCoMo's adversarial questions).
ABSTENTION_SUFFIX = "_abs"
#: Answers that are a verdict on the question, not an option named in it.
VERDICTS = frozenset({"yes", "no", "true", "false", "none", "neither", "both"})


def is_abstention(q: Question) -> bool:
    """The question's gold is an abstention: declared by its shape (ours) or by the `_abs`
    suffix of the LongMemEval record shape."""
    return negative_gold(q) or q.question_id.endswith(ABSTENTION_SUFFIX)


def _normal(text: str) -> str:
    return " ".join(raw_tokens(text))


#: Words that make two questions different questions, though BM25 drops them as stopwords.
ASKING = frozenset("what when where who whom whose which why how".split())
#: Words that open a question (the head of `Which came first, A or B?`).
HEADS = ASKING | frozenset("did do does is are was were would could can should will".split())
#: The longest option (in words) a choice question is read as naming.
OPTION_WORDS = 8


def _content(text: str) -> tuple[str, ...]:
    return tuple(t for t in raw_tokens(text) if t not in STOPWORDS or t in ASKING)


@dataclass(frozen=True)
class Asked:
    """One question's place among the corpus's questions."""

    index: int
    haystack: int
    exact: str
    content: tuple[str, ...]


def _asked(corpus: LoadedCorpus) -> list[Asked]:
    from checker.auditing import haystack_keys

    keys = haystack_keys(corpus)
    return [
        Asked(qi, keys[qi], _normal(q.question), _content(q.question))
        for qi, q in enumerate(corpus.questions)
    ]


def _groups(corpus: LoadedCorpus) -> list[list[int]]:
    """Questions asking the same thing at the same time, in order: the same words (case,
    punctuation and spacing aside), or the same content words, about the same haystack."""
    by_key: dict[tuple[int, str, str], list[int]] = {}
    for a in _asked(corpus):
        date = corpus.questions[a.index].question_date
        key = (a.haystack, date, " ".join(a.content) or a.exact)
        by_key.setdefault(key, []).append(a.index)
    return [g for g in by_key.values() if len(g) > 1]


def _label(q: Question) -> str:
    return "abstention" if is_abstention(q) else f"answer {q.answer!r}"


@rule(
    "QST001",
    "duplicate-question",
    example="asks what conv-48-q010 asks (the same words), about the same haystack",
)
def duplicate_question(ctx: CorpusContext) -> Iterator[Violation]:
    """No question asks what another question of the same haystack asks at the same time.

    A duplicate counts one question twice in every score (and, with a different label, makes
    one of the two wrong for everyone); LoCoMo's conversation 48 asks eleven questions twice.
    Near-duplicates (the same content words in other function words or punctuation) count too."""
    qs = ctx.corpus.questions
    for group in _groups(ctx.corpus):
        first = qs[group[0]]
        for qi in group[1:]:
            q = qs[qi]
            how = (
                "the same words"
                if _normal(q.question) == _normal(first.question)
                else ("the same content words")
            )
            yield Violation(
                q.question_id,
                f"asks what {first.question_id} asks ({how}), about the same haystack",
            )


@rule(
    "QST002",
    "contradicting-labels",
    example="asked 2 times with different labels: conv-30-q070 answer 'yes', "
    "conv-30-q105_abs abstention",
)
def contradicting_labels(ctx: CorpusContext) -> Iterator[Violation]:
    """A question asked twice about the same haystack carries one label.

    The same question labelled answerable once and adversarial (or with two different answers)
    once scores every system wrong on one of them, whatever it answers."""
    qs = ctx.corpus.questions
    for group in _groups(ctx.corpus):
        labels = {_label(qs[qi]) for qi in group}
        if len(labels) > 1:
            shown = ", ".join(f"{qs[qi].question_id} {_label(qs[qi])}" for qi in group[:4])
            yield Violation(
                qs[group[0]].question_id,
                f"asked {len(group)} times with different labels: {shown}",
            )


@rule(
    "QST003",
    "answerable-without-gold",
    example="an answerable question names no gold session",
)
def answerable_without_gold(ctx: CorpusContext) -> Iterator[Violation]:
    """An answerable question names at least one gold session.

    Without gold, retrieval coverage counts the question as solved vacuously and nothing shows
    where the answer is stated (LoCoMo: non-adversarial questions with no evidence)."""
    for q in ctx.corpus.questions:
        if not q.answer_session_ids and not is_abstention(q):
            yield Violation(
                q.question_id,
                "an answerable question names no gold session (no evidence): coverage counts it "
                "solved and no reader can check it",
            )


_CHOICE = re.compile(r"\bor\b", re.I)


def _inside(needle: tuple[str, ...], hay: tuple[str, ...]) -> bool:
    n = len(needle)
    return n > 0 and any(hay[i : i + n] == needle for i in range(len(hay) - n + 1))


def _answer_in_question(q: Question) -> tuple[str, ...] | None:
    """The answer's tokens when the question text holds them all, in order (verdicts aside)."""
    answer = tuple(raw_tokens(q.answer))
    if not answer or " ".join(answer) in VERDICTS or is_abstention(q):
        return None
    if not any(t not in STOPWORDS for t in answer):
        return None
    return answer if _inside(answer, tuple(raw_tokens(q.question))) else None


def _stems(text: str) -> set[str]:
    return {t[:5] for t in _content(text)}


def choice_of(q: Question) -> tuple[int, str] | None:
    """(options offered, the option the answer names) for a question that names its answer
    among options: `Which came first, A or B?` answered with (a sentence naming) A, or any
    question whose text holds the answer beside an `or`. Abstentions name no option."""
    if is_abstention(q):
        return None
    sentence = next((p for p in re.split(r"[?!]", q.question) if _CHOICE.search(p)), "")
    head, comma, rest = sentence.partition(",")
    asks = HEADS & set(raw_tokens(head))
    if comma and asks and _CHOICE.search(rest) and not _CHOICE.search(head):
        options = [o.strip() for o in re.split(r",|\bor\b", rest) if _content(o)]
        if any(len(raw_tokens(o)) > OPTION_WORDS for o in options):
            options = []
        said = _stems(q.answer)
        named = [o for o in options if len(_stems(o) & said) >= max(1, round(0.6 * len(_stems(o))))]
        if len(options) >= 2 and len(named) == 1:
            return len(options), named[0]
    answer = _answer_in_question(q)
    if answer is not None and sentence:
        return 1 + len(_CHOICE.findall(sentence)), " ".join(answer)
    return None


@rule(
    "QST004",
    "answer-in-question",
    example="the question text holds the answer 'the blue one' (and offers no choice)",
)
def answer_in_question(ctx: CorpusContext) -> Iterator[Violation]:
    """The question text does not hold its own answer (unless it offers a choice, QST005).

    An answer a reader can copy from the question needs no memory."""
    for q in ctx.corpus.questions:
        answer = _answer_in_question(q)
        if answer is not None and choice_of(q) is None:
            yield Violation(
                q.question_id,
                f"the question text holds the answer {' '.join(answer)!r} (and offers no choice)",
            )


def declared_floor(q: Question) -> Fraction | None:
    """The chance floor the family table declares for the question's shape (results are
    reported against it), or None."""
    block = q.typedmemeval
    if block is None or block.vertical not in BY_KEY:
        return None
    shape = BY_KEY[block.vertical].shape(block.shape)
    return shape.chance_floor if shape is not None else None


@rule(
    "QST005",
    "choice-chance-floor",
    example="offers 2 options and the answer names one of them ('tea'): a guess scores 1/2",
)
def choice_chance_floor(ctx: CorpusContext) -> Iterator[Violation]:
    """A question that names its answer among options ("A or B?") is reported with its chance
    floor, unless its shape declares one.

    A guess among k named options is right 1/k of the time with no memory at all, so a score
    on such questions means nothing until it is read against 1/k (a two-way question: 1/2).
    Where the family table declares the floor (Temporal's occurrence order: 1/2), every result
    is already reported against it."""
    for q in ctx.corpus.questions:
        choice = choice_of(q)
        if choice is not None and declared_floor(q) is None:
            k, named = choice
            yield Violation(
                q.question_id,
                f"offers {k} options and the answer names one of them ({named!r}): a guess "
                f"scores 1/{k}",
            )
