"""Per-question ranking statistics from one sort equal their per-question definitions, and the
Newton fit equals scikit-learn's logistic regression."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import rankdata
from sklearn.linear_model import LogisticRegression

from checker.retrieval.logistic import fit_logistic
from checker.retrieval.rankings import by_question, plain_by_question, pooled_auc, ranks_within
from checker.separability.stats import Layout, within_question_auc


@st.composite
def corpora(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    sizes = draw(st.lists(st.integers(0, 9), min_size=1, max_size=6))
    starts = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    n = int(starts[-1])
    scores = np.asarray(
        draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.5, -1.0]), min_size=n, max_size=n))
    )
    gold = np.asarray(draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=bool)
    return scores, starts, gold


@settings(max_examples=300, deadline=None)
@given(corpora(), st.sampled_from([1, 2, 5]))
def test_coverage_and_top1_equal_the_per_question_definitions(
    corpus: tuple[np.ndarray, np.ndarray, np.ndarray], k: int
) -> None:
    scores, starts, gold = corpus
    fast, plain = by_question(scores, starts, gold, k), plain_by_question(scores, starts, gold, k)
    assert np.allclose(fast[0], plain[0]) and np.allclose(fast[1], plain[1])


@settings(max_examples=200, deadline=None)
@given(corpora())
def test_ranks_are_scipys_average_ranks_per_question(
    corpus: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> None:
    scores, starts, _ = corpus
    ranks = ranks_within(scores, starts)
    for a, b in itertools.pairwise(starts.tolist()):
        if b > a:
            assert np.allclose(ranks[a:b], rankdata(scores[a:b], method="average"))


@settings(max_examples=200, deadline=None)
@given(corpora())
def test_pooled_auc_is_v7s_within_question_auc(
    corpus: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> None:
    scores, starts, gold = corpus
    found = pooled_auc(scores, starts, gold)
    questions = np.repeat(np.arange(len(starts) - 1), np.diff(starts))
    g = np.bincount(questions, weights=gold, minlength=len(starts) - 1)
    pairs = (g * (np.diff(starts) - g)).sum()
    if pairs == 0:
        assert found is None
        return
    assert found == pytest.approx(within_question_auc(scores, Layout(starts, gold)))


@pytest.mark.parametrize(("n", "d", "share"), [(200, 3, 0.5), (1500, 9, 0.1), (400, 5, 0.03)])
def test_the_newton_fit_is_sklearns_logistic_regression(n: int, d: int, share: float) -> None:
    rng = np.random.default_rng(n)
    x = rng.random((n, d))
    signal = x @ rng.normal(size=d) + 0.3 * rng.normal(size=n)
    labels = signal > np.quantile(signal, 1 - share)
    ours = fit_logistic(x, labels, 1.0)
    theirs = LogisticRegression(
        C=1.0, class_weight="balanced", solver="lbfgs", tol=1e-12, max_iter=100_000
    ).fit(x, labels)
    assert ours.weights == pytest.approx(theirs.coef_[0], abs=1e-4)
    assert ours.intercept == pytest.approx(theirs.intercept_[0], abs=1e-4)
    assert ours.decision_function(x) == pytest.approx(theirs.decision_function(x), abs=1e-3)


def test_the_fit_converges_on_separable_data_and_refuses_one_class() -> None:
    x = np.r_[np.zeros((20, 2)), np.ones((20, 2)) * 3]
    labels = np.r_[np.zeros(20, dtype=bool), np.ones(20, dtype=bool)]
    model = fit_logistic(x, labels)
    assert (
        np.all(np.isfinite(model.weights))
        and (model.decision_function(x) > 0).tolist() == labels.tolist()
    )
    with pytest.raises(ValueError, match="both classes"):
        fit_logistic(x, np.zeros(40, dtype=bool))


def test_a_warm_start_reaches_the_same_optimum() -> None:
    rng = np.random.default_rng(7)
    x = rng.random((600, 6))
    signal = x @ rng.normal(size=6)
    labels = signal > np.quantile(signal, 0.8)
    cold = fit_logistic(x, labels)
    warm = fit_logistic(x[:400], labels[:400], start=cold)
    fresh = fit_logistic(x[:400], labels[:400])
    assert warm.weights == pytest.approx(fresh.weights, abs=1e-7)
    assert warm.intercept == pytest.approx(fresh.intercept, abs=1e-7)
