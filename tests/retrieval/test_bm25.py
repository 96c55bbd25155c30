"""The reference retriever: rank_bm25's scores, tie-aware coverage, the record, the band."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rank_bm25 import BM25Okapi

import checker.load
from checker.formats.retrieval import CoverageRecord
from checker.retrieval import (
    EPSILON,
    RETRIEVER,
    band_refusals,
    coverage_of_question,
    measure_coverage,
    measure_ladder,
    measure_scaffolding,
)
from checker.retrieval.bm25 import (
    array_scores,
    expected_coverage,
    inclusion_probabilities,
    session_scores,
)
from checker.text import bm25_tokens
from tests.retrieval.cal_builder import haystack, in_band, ladder, question, saturated
from tests.retrieval.conftest import CorpusOf

DOCS = [
    "alpha beta beta gamma".split(),
    "alpha delta".split(),
    "alpha beta epsilon epsilon epsilon".split(),
    "zeta".split(),
    "alpha gamma gamma".split(),
]


@pytest.mark.parametrize(
    "query", [["alpha"], ["beta", "gamma"], ["alpha", "alpha", "zeta"], ["nope"]]
)
def test_scores_are_rank_bm25s_own(query: list[str]) -> None:
    # "alpha" is in 4 of 5 sessions: its IDF is negative and floored at epsilon × mean IDF.
    plain = BM25Okapi(DOCS, k1=1.5, b=0.75, epsilon=EPSILON).get_scores(query)
    ours = session_scores([Counter(d) for d in DOCS], query)
    assert np.allclose(ours, plain, rtol=0, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(
    docs=st.lists(
        st.lists(st.sampled_from("abcdefgh"), min_size=0, max_size=12), min_size=1, max_size=12
    ).filter(lambda d: any(d)),
    query=st.lists(st.sampled_from("abcdefghz"), min_size=1, max_size=5),
)
def test_scores_match_rank_bm25_on_any_haystack(docs: list[list[str]], query: list[str]) -> None:
    plain = BM25Okapi(docs, k1=1.5, b=0.75, epsilon=EPSILON).get_scores(query)
    ours = session_scores([Counter(d) for d in docs], query)
    assert np.allclose(ours, plain, rtol=1e-12, atol=1e-12)


def test_bm25_tokens_are_raw_tokens_minus_stopwords(corpus_of: CorpusOf) -> None:
    corpus = corpus_of(in_band())
    assert corpus.session_bm25_tokens == [
        [bm25_tokens(text) for text in texts] for texts in corpus.session_text
    ]


def test_epsilon_is_pinned_and_recorded(corpus_of: CorpusOf) -> None:
    record = measure_coverage(corpus_of(in_band()))
    assert (record.k1, record.b, record.epsilon) == (1.5, 0.75, 0.25)
    assert record.retriever == RETRIEVER == "bm25okapi-k1.5-b0.75-eps0.25"
    assert record.tokenizer == "raw-nostop-v1"


def test_ties_at_the_boundary_share_the_free_slots() -> None:
    probability, tie = inclusion_probabilities(np.array([3.0, 2.0, 2.0, 2.0, 1.0]), 2)
    assert tie
    assert probability.tolist() == pytest.approx([1.0, 1 / 3, 1 / 3, 1 / 3, 0.0])
    probability, tie = inclusion_probabilities(np.array([3.0, 2.0, 1.0]), 2)
    assert not tie
    assert probability.tolist() == [1.0, 1.0, 0.0]


def test_haystack_no_larger_than_k_is_always_covered() -> None:
    probability, tie = inclusion_probabilities(np.array([0.0, 5.0, 0.0]), 5)
    assert probability.tolist() == [1.0, 1.0, 1.0] and not tie


def test_no_gold_reads_one_vacuously() -> None:
    assert expected_coverage(np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), [], 5) == (1.0, False)


def test_gold_inside_the_tie_is_counted(corpus_of: CorpusOf) -> None:
    # Five distractors repeat the gold session word for word: six sessions score the same for
    # five slots, so gold is retrieved with probability 5/6 whatever its position. (Fewer than
    # half the sessions share the words, so their IDF is positive and no floor interferes.)
    questions = [question(n, ["gold"] + ["filler"] * 13) for n in range(1, 3)]
    for q in questions:
        gold_turns = q["haystack_sessions"][0]
        for session in q["haystack_sessions"][1:6]:
            for turn, source in zip(session, gold_turns, strict=True):
                turn["content"] = source["content"]
    record = measure_coverage(corpus_of(questions))
    assert record.gold_tie_rate == 1.0
    assert record.gold_bearing_mean == pytest.approx(5 / 6, abs=1e-4)


def test_all_zero_scores_are_one_big_tie() -> None:
    # Seven sessions nobody's query matches: each is retrieved with probability 5/7.
    coverage, tie = expected_coverage(np.zeros(7), [2], 5)
    assert tie and coverage == pytest.approx(5 / 7)


@settings(max_examples=40, deadline=None)
@given(
    scores=st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0]), min_size=6, max_size=14),
    seed=st.integers(0, 10_000),
)
def test_session_order_never_breaks_ties(scores: list[float], seed: int) -> None:
    """Shuffling the sessions (and gold with them) never changes coverage: no position signal."""
    gold = [0, len(scores) - 1]
    before, _ = expected_coverage(np.array(scores), gold, 5)
    order = list(range(len(scores)))
    random.Random(seed).shuffle(order)
    shuffled = np.array([scores[i] for i in order])
    moved_gold = [order.index(g) for g in gold]
    after, _ = expected_coverage(shuffled, moved_gold, 5)
    assert after == pytest.approx(before)


def test_in_band_record(corpus_of: CorpusOf) -> None:
    corpus = corpus_of(in_band())
    record = measure_coverage(corpus)
    assert record.gold_bearing_n == 10 and record.all_n == 10
    assert record.gold_bearing_mean == pytest.approx(0.6)
    assert record.per_shape == {"current": pytest.approx(0.6)}
    assert record.per_vertical == {"prospective": pytest.approx(0.6)}
    assert record.distribution == {"0.00": 4, "1.00": 6}
    # Clean questions end the top 5 inside a tie of unmatched fillers, but gold is never in it.
    assert record.tie_rate is not None and record.tie_rate > 0
    assert record.gold_tie_rate == 0.0 and record.gold_tied_questions == []
    assert record.shortfall_mean == pytest.approx(0.4)
    assert [coverage_of_question(corpus, qi) for qi in range(10)] == [1.0] * 6 + [0.0] * 4
    assert band_refusals(record) == []


def test_gold_bearing_mean_leaves_out_questions_without_gold(corpus_of: CorpusOf) -> None:
    questions = in_band()[5:]  # one clean (1.0), four buried (0.0)
    questions.append(question(20, ["filler"] * 8))  # no gold: 1.0 by definition
    record = measure_coverage(corpus_of(questions))
    assert record.gold_bearing_n == 5 and record.gold_bearing_mean == pytest.approx(0.2)
    assert record.all_n == 6 and record.all_mean == pytest.approx(2 / 6, abs=1e-4)


def test_band_refusals_say_which_side_and_how_to_fix(corpus_of: CorpusOf) -> None:
    above = band_refusals(measure_coverage(corpus_of(saturated())))
    assert len(above) == 1 and "above the calibration band 0.5–0.9" in above[0]
    assert "never injected keywords" in above[0]
    buried = [question(n, haystack(n, 1, 6)) for n in range(1, 5)]
    below = band_refusals(measure_coverage(corpus_of(buried)))
    assert len(below) == 1 and "below the calibration band" in below[0]
    empty = CoverageRecord(
        retriever=RETRIEVER, tokenizer="t", k_ref=5, gold_bearing_mean=None, all_mean=None
    )
    assert band_refusals(empty) == []


def test_each_session_is_tokenized_once_per_run(
    corpus_of: CorpusOf, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = 0
    real = checker.load.raw_tokens

    def counting(text: str) -> list[str]:
        nonlocal calls
        calls += 1
        return real(text)

    monkeypatch.setattr(checker.load, "raw_tokens", counting)
    corpus = corpus_of(ladder(lambda dial: dial == "distance"))
    measure_coverage(corpus)
    measure_scaffolding(corpus, None)
    measure_ladder(corpus)
    measure_coverage(corpus)
    # Once per distinct turn text: sessions are their turns' tokens end to end.
    texts = {t.content for q in corpus.questions for s in q.haystack_sessions for t in s}
    assert calls == len(texts)


@settings(max_examples=150, deadline=None)
@given(
    docs=st.lists(
        st.lists(st.sampled_from("abcdefgh"), min_size=0, max_size=12), min_size=1, max_size=12
    ),
    query=st.lists(st.sampled_from("abcdefghz"), min_size=0, max_size=5),
)
def test_array_scores_are_the_counter_scores_bit_for_bit(
    docs: list[list[str]], query: list[str]
) -> None:
    # Coverage is scored from token arrays; the Counter path is rank_bm25's own arithmetic.
    # Equal bits, not merely close ones: a tie at the top-K boundary must read the same.
    vocabulary = {w: i for i, w in enumerate("hgfedcba")}
    sessions = np.asarray([si for si, d in enumerate(docs) for _ in d], dtype=np.int64)
    terms = np.asarray([vocabulary[w] for d in docs for w in d], dtype=np.int64)
    ours = array_scores(sessions, terms, len(docs), [vocabulary.get(w) for w in query])
    counted = session_scores([Counter(d) for d in docs], query)
    assert np.array_equal(ours, counted)
