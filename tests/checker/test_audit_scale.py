"""`audit` at LongMemEval-S size: the shortcuts it takes to stay bounded give what the plain
definitions give (per distinct session instead of per haystack copy), and its bounded samples
reach every haystack and keep file order."""

from __future__ import annotations

import json
from itertools import pairwise

import numpy as np
import pytest

from checker.auditing import haystack_by_haystack, haystack_keys
from checker.bench.audit import synthetic_s
from checker.load import LoadedCorpus, load_foreign
from checker.rules import separability as sep_rules
from checker.rules.leaks import plain_question_frequency, question_frequency
from checker.separability import shortcuts as shc
from checker.text import raw_tokens
from tests.conftest import FIXTURES

LOCOMO = FIXTURES / "external" / "locomo-excerpt.imported.json"
LME = FIXTURES / "external" / "longmemeval-excerpt.json"


@pytest.fixture(scope="module")
def pooled(tmp_path_factory: pytest.TempPathFactory) -> LoadedCorpus:
    """Twelve LongMemEval-S-shaped questions whose haystacks share pool sessions."""
    path = tmp_path_factory.mktemp("pooled") / "s.json"
    path.write_text(json.dumps(synthetic_s(1, questions=12)))
    return load_foreign(path)


def _corpora(pooled: LoadedCorpus) -> list[LoadedCorpus]:
    ours = load_foreign(LME)
    ours.mode = "ours"  # counted per question, as `check` counts
    return [pooled, load_foreign(LOCOMO), ours]


def test_pool_sessions_are_shared(pooled: LoadedCorpus) -> None:
    sets = pooled.session_token_sets
    assert len(sets.ids) < len(sets.of)  # the case the distinct sessions are for


def test_session_token_sets_are_each_sessions_words(pooled: LoadedCorpus) -> None:
    for corpus in _corpora(pooled):
        sets, words = corpus.session_token_sets, corpus.text_token_ids.words
        for qi, q in enumerate(corpus.questions):
            for session, ids in zip(
                q.haystack_sessions, sets.of_question(corpus.session_starts, qi), strict=True
            ):
                plain = {w for t in session for w in raw_tokens(t.content)}
                assert [words[i] for i in ids.tolist()] == [words[i] for i in sorted(ids.tolist())]
                assert {words[i] for i in ids.tolist()} == plain
                assert len(ids) == len(plain)


def test_question_frequency_is_its_plain_definition(pooled: LoadedCorpus) -> None:
    for corpus in _corpora(pooled):
        fast = question_frequency(corpus)
        words = corpus.text_token_ids.words
        assert {w: int(fast[i]) for i, w in enumerate(words) if fast[i]} == (
            plain_question_frequency(corpus)
        )


def test_the_token_table_agrees_with_the_text_table(pooled: LoadedCorpus) -> None:
    # `token_ids` (what `check`'s array measurements read) is built on `text_token_ids`.
    ids, texts = pooled.token_ids, pooled.text_token_ids
    assert ids.vocabulary is texts.vocabulary and ids.text_ids is texts.text_ids
    session_words = [
        set(ids.token[a:b].tolist()) for a, b in pairwise(ids.session_offsets.tolist())
    ]
    sets = pooled.session_token_sets
    assert session_words == [set(sets.ids[d].tolist()) for d in sets.of.tolist()]


def test_samples_reach_every_haystack_first() -> None:
    corpus = load_foreign(LOCOMO)  # three questions of one conversation, then others
    keys = haystack_keys(corpus)
    order = haystack_by_haystack(corpus)
    assert sorted(order) == list(range(len(corpus.questions)))
    first_round = order[: len(set(keys))]
    assert sorted(keys[qi] for qi in first_round) == sorted(set(keys))


def test_separability_sample_stops_at_its_word_bound(
    pooled: LoadedCorpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = pooled.with_questions(pooled.questions, sha256=pooled.sha256)
    whole = sep_rules.audit_sample(corpus)
    assert whole is corpus  # 600 rows, under both bounds
    words = sep_rules._words(corpus.questions[0])
    monkeypatch.setattr(sep_rules, "AUDIT_WORDS", 2 * words)
    bounded = pooled.with_questions(pooled.questions, sha256=pooled.sha256)
    sample = sep_rules.audit_sample(bounded)
    assert 2 <= len(sample.questions) <= 3
    assert [q.question_id for q in sample.questions] == sorted(
        q.question_id for q in sample.questions
    )
    assert "[measured on" in sep_rules.sampled_note(bounded)


def _candidates(corpus: LoadedCorpus) -> list[tuple[str, str, bool]]:
    found = shc.candidate_turns(corpus)
    return [
        (corpus.questions[int(qi)].question_id, text, bool(label))
        for text, label, qi in zip(found.texts, found.gold, found.question, strict=True)
    ]


def test_marker_candidates_under_the_bound_are_every_questions(
    pooled: LoadedCorpus,
) -> None:
    audited = pooled.with_questions(pooled.questions, sha256=pooled.sha256)
    checked = pooled.with_questions(pooled.questions, sha256=pooled.sha256)
    checked.mode = "ours"  # `check`: never sampled
    assert not shc.candidate_turns(audited).sampled
    assert _candidates(audited) == _candidates(checked)


def test_marker_candidates_over_the_bound_are_a_file_order_sample(
    pooled: LoadedCorpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = pooled.with_questions(pooled.questions, sha256=pooled.sha256)
    checked.mode = "ours"
    every = _candidates(checked)
    per_question = max(sum(1 for row in every if row[0] == q.question_id) for q in pooled.questions)
    monkeypatch.setattr(shc, "AUDIT_WORDS", 3 * per_question * 150)
    audited = pooled.with_questions(pooled.questions, sha256=pooled.sha256)
    found = shc.candidate_turns(audited)
    assert found.sampled
    sampled = _candidates(audited)
    kept = {row[0] for row in sampled}
    assert 1 <= len(kept) < len(pooled.questions)
    assert sampled == [row for row in every if row[0] in kept]  # the same rows, in file order
    assert np.all(np.diff(found.question) >= 0)
