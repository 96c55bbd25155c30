"""What the conversations may and may not say: no word of how they were made, no dates, no
answer vocabulary, no strippable keyword sentences; every session alternates user and
assistant whatever its gold; and every reply fits its move."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from checker.retrieval.strips import is_keyword_sentence
from checker.rules.dates import ABSOLUTE_DATE_PATTERNS, YEAR_RE
from checker.rules.leaks import PRODUCTION_WORDS
from checker.text import bm25_tokens, raw_tokens, sentences
from corpora.generate.core.bank import (
    ANSWER_WORDS,
    CLOSERS,
    FAMILIES,
    FAMILY_FOLLOW_UPS,
    FAMILY_REPLIES,
    FAMILY_THINGS,
    FOLLOW_UPS,
    FRAMES,
    NEUTRAL_CLOSES,
    REACTIONS,
    REPLIES,
    THREAD_CLOSES,
    BankError,
    check_bank,
    openers_at,
    sign_offs_at,
)
from corpora.generate.core.grammar import flatten
from corpora.generate.core.vertical import Built
from corpora.generate.episodic import generator as episodic
from corpora.generate.forgetting import generator as forgetting
from corpora.generate.semantic import generator as semantic
from corpora.generate.workingmemory import generator as workingmemory

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(
    p for p in (ROOT / "corpora").glob("*/typedmemeval-*.json") if not p.name.endswith(".meta.json")
)
#: Words about the making of a corpus, beyond the checker's own list.
MAKING_WORDS = re.compile(r"\b(decoys?|near.misses?|evidence|competitors?)\b", re.I)


def _contents(questions: list[dict[str, object]]) -> Iterator[tuple[str, str]]:
    for q in questions:
        for session in q["haystack_sessions"]:  # type: ignore[attr-defined]
            for turn in session:
                yield str(q["question_id"]), str(turn["content"])


def _built_contents(built: Built) -> Iterator[tuple[str, str]]:
    for a in built.assembled:
        for session in a.question.haystack_sessions:
            for turn in session:
                yield a.question.question_id, turn.content


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_content_says_nothing_of_its_making(path: Path) -> None:
    questions = json.loads(path.read_text(encoding="utf-8"))
    found = [
        (qid, m.group(0))
        for qid, text in _contents(questions)
        for m in (PRODUCTION_WORDS.search(text), MAKING_WORDS.search(text))
        if m
    ]
    assert found == []


@pytest.mark.parametrize(
    "corpus", ["forgetting_corpus", "workingmemory_corpus", "episodic_corpus", "semantic_corpus"]
)
def test_content_has_no_dates_years_or_answer_words(
    corpus: str, request: pytest.FixtureRequest
) -> None:
    built: Built = request.getfixturevalue(corpus)
    for qid, text in _built_contents(built):
        assert not PRODUCTION_WORDS.search(text), (qid, text)
        assert not MAKING_WORDS.search(text), (qid, text)
        assert not YEAR_RE.search(text), (qid, text)
        assert not any(p.search(text) for _, p in ABSOLUTE_DATE_PATTERNS), (qid, text)
        assert not re.search(r"\d", text), (qid, text)
        assert not ANSWER_WORDS & set(raw_tokens(text)), (qid, text)


@pytest.mark.parametrize(
    ("corpus", "moves"),
    [
        ("forgetting_corpus", len(forgetting.RECIPE)),
        ("workingmemory_corpus", len(workingmemory.RECIPE)),
        ("episodic_corpus", len(episodic.RECIPE)),
        ("semantic_corpus", len(semantic.RECIPE)),
    ],
)
def test_every_session_alternates_and_its_length_does_not_know_gold(
    corpus: str, moves: int, request: pytest.FixtureRequest
) -> None:
    """Every session alternates user and assistant turns, one user turn per move plus the short
    threads drawn after follow-up questions; how many threads a session gets is drawn the same
    way for gold and other sessions (the share with a thread differs by chance only)."""
    built: Built = request.getfixturevalue(corpus)
    threaded = {True: [0, 0], False: [0, 0]}
    extra: dict[bool, list[int]] = {True: [], False: []}
    topics: dict[bool, list[int]] = {True: [], False: []}
    for a in built.assembled:
        for session, rendered in zip(a.question.haystack_sessions, a.sessions, strict=True):
            roles = [t.role for t in session]
            assert roles == ["user", "assistant"] * (len(roles) // 2), roles
            assert len(rendered.move_turns) == moves
            assert all(session[i].role == "user" for i in rendered.move_turns)
            assert all(t.content.strip() for t in session)
            is_gold = any(t.has_answer for t in session)
            threaded[is_gold][0] += len(session) > 2 * moves
            threaded[is_gold][1] += 1
            extra[is_gold].append(len(session) - 2 * moves)
            topics[is_gold].append(rendered.topics)
    shares = {k: n / total for k, (n, total) in threaded.items() if total}
    assert shares[False] > 0, "threads never drawn"
    assert abs(shares[True] - shares[False]) < 0.2, shares
    # Threads (follow-up answers, statuses) add turns alike to gold and other sessions.
    means = {k: sum(v) / len(v) for k, v in extra.items() if v}
    assert abs(means[True] - means[False]) < 1.0, means
    # A session's topics, which leave room for asides, do not know gold either: a cold move
    # drawn after the hot one joins topics the same way whatever the hot move is.
    per = {k: sum(v) / len(v) for k, v in topics.items()}
    assert abs(per[True] - per[False]) < 0.15, per


@pytest.mark.parametrize(
    "corpus", ["forgetting_corpus", "workingmemory_corpus", "episodic_corpus", "semantic_corpus"]
)
def test_no_sentence_is_made_of_the_question_s_keywords(
    corpus: str, request: pytest.FixtureRequest
) -> None:
    """The generic scaffolding strip has nothing to remove, in gold or anywhere else."""
    built: Built = request.getfixturevalue(corpus)
    for a in built.assembled:
        keywords = frozenset(bm25_tokens(a.question.question))
        for session in a.question.haystack_sessions:
            for turn in session:
                hits = [s for s in sentences(turn.content) if is_keyword_sentence(s, keywords)]
                assert hits == [], (a.question.question_id, hits)


def _bank_texts() -> Iterator[str]:
    for kind in (FRAMES, REPLIES, REACTIONS, THREAD_CLOSES):
        for options in kind.values():
            yield from options
    for pairs in FOLLOW_UPS.values():
        for pair in pairs:
            yield from pair
    for replies in FAMILY_REPLIES.values():
        for options in replies.values():
            yield from options
    for follow_ups in FAMILY_FOLLOW_UPS.values():
        for pairs in follow_ups.values():
            for pair in pairs:
                yield from pair
    yield from FAMILY_THINGS.values()
    yield from NEUTRAL_CLOSES
    for hour in (9, 14, 20):
        yield from openers_at(hour)
        yield from sign_offs_at(hour)
    yield from CLOSERS
    for family in FAMILIES.values():
        yield from family.questions
        yield from family.topics
        for clauses in family.clauses.values():
            yield from clauses


@pytest.mark.parametrize("text", sorted(set(_bank_texts())))
def test_bank_text_is_plain(text: str) -> None:
    """No digit, bracket, em dash, or answer word in any template (grammar brackets aside:
    every word of every alternative is checked)."""
    plain = flatten(text)
    assert not re.search(r"[\d()\[\]\u2014]", plain)
    assert not ANSWER_WORDS & set(raw_tokens(plain))


def test_the_bank_refuses_a_template_that_breaks_its_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    car = FAMILIES["car"]
    broken = type(car)(
        car.key, car.noun, car.questions, car.answer_value, car.clauses, ("a (bracketed) topic",)
    )
    monkeypatch.setitem(FAMILIES, "car", broken)
    with pytest.raises(BankError, match="bracket"):
        check_bank()
    keywordless = type(car)(
        car.key, car.noun, car.questions, car.answer_value, car.clauses, ("the weather",)
    )
    monkeypatch.setitem(FAMILIES, "car", keywordless)
    with pytest.raises(BankError, match="keywords"):
        check_bank()


#: No assistant reply may recur in more than this share of a corpus's assistant turns (sessions
#: should read like a person talking to an assistant that listens, not to a canned line).
MAX_REPLY_SHARE = 0.02


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_no_reply_recurs_in_more_than_two_percent_of_turns(path: Path) -> None:
    questions = json.loads(path.read_text(encoding="utf-8"))
    seen: set[tuple[str, ...]] = set()
    replies: Counter[str] = Counter()
    for q in questions:
        key = tuple(q["haystack_session_ids"])
        if key in seen:  # the arms of a pair share one haystack: count it once
            continue
        seen.add(key)
        for session in q["haystack_sessions"]:
            replies.update(t["content"] for t in session if t["role"] == "assistant")
    text, most = replies.most_common(1)[0]
    share = most / sum(replies.values())
    assert share <= MAX_REPLY_SHARE, f"{text!r} is {most} of {sum(replies.values())} replies"


@pytest.mark.parametrize(
    "corpus",
    [
        "forgetting_corpus",
        "workingmemory_corpus",
        "prospective_corpus",
        "episodic_corpus",
        "semantic_corpus",
    ],
)
def test_every_reply_answers_its_own_move(corpus: str, request: pytest.FixtureRequest) -> None:
    """Each assistant turn is drawn for the move its user turn made: the move kind's replies, or
    the move's own family's; never another kind's or another family's."""
    built: Built = request.getfixturevalue(corpus)
    checked = 0
    for a in built.assembled:
        for rendered in a.sessions:
            frames = [t for t in rendered.templates if t[1].startswith("frame:") and ":" in t[1]]
            replies = [t for t in rendered.templates if t[1].startswith("reply:")]
            assert len(replies) == len(rendered.move_turns)
            answers = [rendered.turns[i + 1] for i in rendered.move_turns]
            for (kind, reply_id), turn in zip(replies, answers, strict=True):
                _, key, where, _ = reply_id.split(":")
                assert key.split("/")[0] == kind, (a.question.question_id, reply_id)
                moved = [f for f in frames if f[0] == kind]
                assert moved, (a.question.question_id, reply_id)
                if where != "any":
                    clause = [
                        t
                        for t in rendered.templates
                        if (t[0] == kind and t[1].startswith(f"clause:{where}:"))
                        or t[1].startswith(f"topic:{where}:")
                    ]
                    assert clause, (
                        a.question.question_id,
                        reply_id,
                        "family reply without its family",
                    )
                assert turn.role == "assistant" and turn.content
                checked += 1
    assert checked > 0


#: Words a reply to a move of each kind must never say (a cheerful word after an ending or a
#: plan dropped, sympathy after news): the reply fits what was said.
NEVER_SAID = {
    "statement": {"sorry", "shame", "pity", "unlucky"},
    "invalidation": {"congratulations", "treat", "exciting", "lovely"},
    "reaffirmation": {"sorry", "shame", "congratulations", "exciting"},
    "twin-considered": {"congratulations", "treat", "exciting", "lovely"},
    "twin-rumour": {"congratulations", "treat", "lovely", "sorry"},
}


@pytest.mark.parametrize("corpus", ["forgetting_corpus", "workingmemory_corpus"])
def test_no_reply_contradicts_its_move(corpus: str, request: pytest.FixtureRequest) -> None:
    """Each move's reply (and the thread after it) is composed for the move's kind: no word
    of the wrong sentiment, and every thread's user turn answers a question just asked or
    says what became of the move (its status, replied to in the status's own sentiment)."""
    built: Built = request.getfixturevalue(corpus)
    checked = 0
    statuses = 0
    for a in built.assembled:
        for rendered in a.sessions:
            kinds: list[str] = []
            told: list[bool] = []
            for k, t in rendered.templates:
                if t.startswith("frame:") and k != "frame":
                    kinds.append(k)
                    told.append(False)
                elif t.startswith("status:") and t.split(":")[1] != kinds[-1]:
                    # A rival told as a statement: the reply to the telling is a statement's,
                    # and the status and its reply are the rival's own.
                    kinds[-1], told[-1] = t.split(":")[1], True
            # A move's turns end where the next move's aside or user turn begins, less a
            # status told there later for the move before, plus its own status told later.
            aside_at = {end: first for first, end in rendered.aside_turns}
            ends = [aside_at.get(i, i) for i in [*rendered.move_turns[1:], len(rendered.turns)]]
            spans = [set(range(*r)) if r else set() for r in rendered.status_turns]
            for m, (kind, rival, start, end) in enumerate(
                zip(kinds, told, rendered.move_turns, ends, strict=True)
            ):
                own = set(range(start + 1, end)) | spans[m]
                own -= {t for j, span in enumerate(spans) if j != m for t in span}
                # A rival's status is the user's own correction ("Sorry, I'd got it muddled"):
                # the sentiment to hold is the assistant's reply to it.
                if rival:
                    own -= {start + 1}
                said = [
                    rendered.turns[t]
                    for t in sorted(own)
                    if not rival or rendered.turns[t].role == "assistant"
                ]
                words = {w for t in said for w in raw_tokens(t.content)}
                found = NEVER_SAID.get(kind, set()) & words
                assert not found, (a.question.question_id, kind, found)
                if len(own) > 1 or spans[m]:
                    asked = rendered.turns[start + 1].content.endswith("?")
                    statuses += not asked
                    assert asked or any(
                        t.startswith(f"status-reply:{kind}:") for _, t in rendered.templates
                    ), (a.question.question_id, kind)
                checked += 1
    assert checked > 0 and statuses > 0
