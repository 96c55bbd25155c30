"""Identifiers: the opaque haystack token, the readings IDN004 makes of an id, and STR002's
acceptance of `<haystack-token>-sNNN`."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.api import check_corpus
from checker.formats.ids import HAYSTACK_TOKEN_RE, haystack_token, session_id
from checker.load import load_ours
from checker.registry import get_rule
from checker.rules.identifiers import class_words, skeleton, words_in
from checker.separability.synthetic import build_clean_corpus
from tests.conftest import BASES


def test_haystack_tokens_are_opaque_distinct_and_seeded() -> None:
    tokens = {haystack_token(20261201, n) for n in range(1, 2001)}
    assert len(tokens) == 2000
    assert all(HAYSTACK_TOKEN_RE.match(t) and t.startswith("h") for t in tokens)
    assert haystack_token(1, 5) != haystack_token(2, 5)
    assert haystack_token(1, 5) == haystack_token(1, 5)


@pytest.mark.parametrize(
    ("identifier", "shape"),
    [
        ("tme-for-2612-036_abs-s000", "x-x-x-x_x-x/25"),
        ("h3f0c9a41d2-s004", "x-x/16"),
        ("tg-asof-001-s1", "x-x-x-x/14"),
    ],
)
def test_skeleton(identifier: str, shape: str) -> None:
    assert skeleton(identifier) == shape


def test_words_an_id_spells() -> None:
    corpus = build_clean_corpus(questions=2, sessions=(3, 3), seed=1)
    words = class_words(corpus)
    assert words_in("tme-for-2612-036_abs-s000", words) == ["abs"]
    assert words_in("tg-asof-001-s1", words) == ["as-of"]
    assert words_in("x-still-valid-s001", words) == ["still-valid"]
    assert words_in("q7-gold2-s001", words) == ["gold"]
    # An opaque token spells nothing, whatever its letters.
    assert words_in(session_id(haystack_token(0, 3), 1), words) == []
    assert words_in("habsent-s001", words) == []  # a word inside a part is not a part


def _findings(corpus_path: Path, code: str) -> list[str]:
    corpus = load_ours(corpus_path)
    return [f.message for f in check_corpus(corpus, None, [get_rule(code)])]


def test_every_base_is_clean_for_the_identifier_rules() -> None:
    for folder in sorted(p for p in BASES.iterdir() if p.is_dir()):
        corpus = next(
            p for p in folder.glob("typedmemeval-*.json") if not p.name.endswith(".meta.json")
        )
        assert _findings(corpus, "IDN004") == [], folder.name
        assert _findings(corpus, "STR002") == [], folder.name


def test_the_synthetic_corpus_is_clean_for_the_identifier_rules() -> None:
    corpus = build_clean_corpus(seed=0)
    rules = [get_rule("IDN004"), get_rule("STR002"), get_rule("TIM003")]
    assert check_corpus(corpus, None, rules) == []


def test_str002_accepts_the_question_id_form_which_idn004_reports() -> None:
    corpus = build_clean_corpus(questions=3, sessions=(4, 4), seed=2)
    for q in corpus.questions:
        ids = [session_id(q.question_id, i) for i in range(len(q.haystack_session_ids))]
        gold = [ids[q.haystack_session_ids.index(s)] for s in q.answer_session_ids]
        q.haystack_session_ids, q.answer_session_ids = ids, gold
    fresh = corpus.with_questions(corpus.questions)
    assert check_corpus(fresh, None, [get_rule("STR002")]) == []
    found = check_corpus(fresh, None, [get_rule("IDN004")])
    assert len(found) == 3 and all("the question or pair id" in f.message for f in found)


def test_two_haystacks_may_not_share_a_token() -> None:
    corpus = build_clean_corpus(questions=2, sessions=(4, 4), seed=2)
    first, second = corpus.questions
    token = first.haystack_session_ids[0].rsplit("-s", 1)[0]
    ids = [session_id(token, i) for i in range(len(second.haystack_session_ids))]
    second.answer_session_ids = [
        ids[second.haystack_session_ids.index(s)] for s in second.answer_session_ids
    ]
    second.haystack_session_ids = ids
    found = check_corpus(corpus.with_questions([first, second]), None, [get_rule("STR002")])
    assert [f.question_id for f in found] == [second.question_id]
    assert "also names the different haystack" in found[0].message
