"""Within-question statistics on hand-sized inputs whose answers can be worked out on paper."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from scipy import sparse
from scipy.stats import poisson_binom, rankdata

from checker.arrays import distinct, distinct_counts, sorted_counts
from checker.separability.stats import (
    FeatureStats,
    Layout,
    column_ranks,
    cross_question_auc,
    draw_permutations,
    measure,
    measure_counts,
    perfect_split_chance,
    poisson_binomial_sf,
    poisson_binomial_tail,
    quantile_rows,
)


def layout(sizes: list[int], gold: list[list[int]]) -> Layout:
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    mask = np.zeros(int(offsets[-1]), dtype=bool)
    for q, picked in enumerate(gold):
        for i in picked:
            mask[offsets[q] + i] = True
    return Layout(offsets, mask)


def test_pairs_are_formed_within_questions_only() -> None:
    # Question 0 is long everywhere, question 1 short everywhere; gold is the longest of its
    # own haystack in both. Within-question pairing sees 1.0; pairing across questions would not.
    values = np.array([[100.0], [90.0], [95.0], [10.0], [3.0], [5.0]])
    lay = layout([3, 3], [[0], [0]])
    stats = measure(values, lay)
    assert stats.auc[0] == 1.0
    assert stats.perfect[0] == 2
    assert cross_question_auc(values[:, 0], lay.gold) < 1.0


def test_ties_count_one_half_and_fold_once() -> None:
    values = np.array([[1.0], [1.0], [0.0], [2.0]])
    stats = measure(values, layout([4], [[0]]))
    # gold 1 vs (1, 0, 2): tie 0.5 + win 1 + loss 0 → 1.5 / 3
    assert stats.auc_raw[0] == pytest.approx(0.5)
    stats = measure(-values, layout([4], [[3]]))
    assert stats.auc_raw[0] == pytest.approx(0.0)
    assert stats.auc[0] == pytest.approx(1.0)


def test_questions_without_gold_contribute_no_pairs() -> None:
    with_abstentions = layout([2, 3], [[0], []])
    values = np.array([[5.0], [1.0], [9.0], [9.0], [9.0]])
    stats = measure(values, with_abstentions)
    assert stats.auc[0] == 1.0
    assert stats.questions[0] == 1


def test_include_mask_drops_a_question_for_one_feature() -> None:
    values = np.array([[5.0, 5.0], [1.0, 1.0], [0.0, 0.0], [4.0, 4.0]])
    lay = layout([2, 2], [[0], [0]])
    include = np.array([[True, True], [True, False]])
    stats = measure(values, lay, include=include)
    assert list(stats.questions) == [2, 1]
    assert stats.auc_raw[0] == pytest.approx(0.5)
    assert stats.auc_raw[1] == pytest.approx(1.0)


def test_perfect_split_chance_without_and_with_ties() -> None:
    distinct = np.sort(np.array([[1.0], [2.0], [3.0], [4.0], [5.0]]), axis=0)
    assert perfect_split_chance(distinct, 1)[0] == pytest.approx(2 / 5)
    assert perfect_split_chance(distinct, 2)[0] == pytest.approx(2 / comb(5, 2))
    tied_top = np.sort(np.array([[5.0], [5.0], [1.0], [2.0], [3.0]]), axis=0)
    assert perfect_split_chance(tied_top, 1)[0] == pytest.approx(1 / 5)
    constant = np.ones((4, 1))
    assert perfect_split_chance(constant, 1)[0] == 0.0


def test_exact_tail_keeps_tiny_probabilities() -> None:
    chances = np.full(35, 0.0043)
    assert poisson_binomial_tail(chances, 0) == 1.0
    assert poisson_binomial_tail(chances, 1) == pytest.approx(1 - (1 - 0.0043) ** 35)
    assert 0 < poisson_binomial_tail(chances, 35) == pytest.approx(0.0043**35)
    assert poisson_binomial_tail(np.array([0.5]), 2) == 0.0


def test_null_percentile_sits_above_half_and_below_a_real_tell() -> None:
    rng = np.random.default_rng(0)
    sizes = [15] * 30
    lay = layout(sizes, [[int(rng.integers(15))] for _ in sizes])
    noise = rng.normal(size=(sum(sizes), 1))
    tell = noise + 3 * lay.gold[:, None]
    stats = measure(np.hstack([noise, tell]), lay, permutations=draw_permutations(lay, 200, 0))
    assert 0.5 < stats.null_p95[0] < 0.75
    assert stats.auc[1] > stats.null_p95[1]


def test_permutations_are_seeded() -> None:
    lay = layout([5, 6], [[0], [1, 2]])
    a, b = draw_permutations(lay, 10, 7), draw_permutations(lay, 10, 7)
    assert all((a[q] == b[q]).all() for q in a)
    assert a[1].shape == (10, 2)


def _random_case(seed: int) -> tuple[np.ndarray, Layout, np.ndarray | None, dict | None]:
    rng = np.random.default_rng(seed)
    n_questions = int(rng.integers(1, 8))
    sizes = rng.integers(1, 12, n_questions)
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    gold = np.zeros(int(offsets[-1]), dtype=bool)
    for q in range(n_questions):
        g = int(rng.integers(0, sizes[q] + 1))  # G = 0 and G = H + G both occur
        gold[offsets[q] + rng.choice(sizes[q], g, replace=False)] = True
    lay = Layout(offsets, gold)
    n_features = int(rng.integers(1, 30))
    density = rng.random()  # from nearly empty columns to columns present everywhere
    present = rng.random((lay.n_sessions, n_features)) < density
    values = (present * rng.integers(1, 4, present.shape)).astype(np.float64)  # many ties
    include = rng.random((n_questions, n_features)) < 0.8 if rng.random() < 0.5 else None
    permutations = draw_permutations(lay, 20, seed) if rng.random() < 0.8 else None
    return values, lay, include, permutations


@pytest.mark.parametrize("block", range(10))
def test_sparse_counts_measure_bit_for_bit_as_the_dense_table(block: int) -> None:
    # measure_counts is how the n-gram columns are measured; measure is the definition. Every
    # statistic, null and tail must be identical, not merely close, or a record could change.
    for seed in range(block * 150, (block + 1) * 150):
        values, lay, include, permutations = _random_case(seed)
        kwargs = {"include": include, "permutations": permutations, "share_floor": 0.2}
        dense = measure(values, lay, **kwargs)
        sparse_ = measure_counts(sparse.csr_matrix(values), lay, **kwargs)
        for name in FeatureStats.__dataclass_fields__:
            assert np.array_equal(getattr(dense, name), getattr(sparse_, name), equal_nan=True), (
                f"seed {seed}: {name}"
            )


def test_sparse_counts_refuse_negative_values() -> None:
    lay = layout([3], [[0]])
    with pytest.raises(ValueError, match="non-negative"):
        measure_counts(sparse.csr_matrix(np.array([[1.0], [-1.0], [0.0]])), lay)


def test_distinct_is_unique() -> None:
    # Negative values, values that fit 32 bits (sorted narrow) and values that do not.
    rng = np.random.default_rng(7)
    for low, high in ((-50, 50), (0, 50), (0, 1 << 32), (1 << 31, 1 << 40)):
        for size in (0, 1, 2, 1000):
            values = rng.integers(low, high, size)
            assert np.array_equal(distinct(values), np.unique(values))
            found, counts = distinct_counts(values)
            expected, expected_counts = np.unique(values, return_counts=True)
            assert found.dtype == np.int64 and counts.dtype == np.int64
            assert np.array_equal(found, expected) and np.array_equal(counts, expected_counts)
            # The same runs read off values already sorted, as V7's candidate search has them.
            run_found, run_counts = sorted_counts(np.sort(values))
            assert run_found.dtype == np.int64 and run_counts.dtype == np.int64
            assert np.array_equal(run_found, expected)
            assert np.array_equal(run_counts, expected_counts)


def _scipy_sf(chances: np.ndarray) -> np.ndarray:
    m, n = chances.shape
    pmf = poisson_binom.pmf(np.arange(n + 1)[None, :], chances[:, None, :]).reshape(m, n + 1)
    return np.minimum(np.cumsum(pmf[:, ::-1], axis=1)[:, ::-1], 1.0)


def test_poisson_binomial_sf_is_scipys_bit_for_bit() -> None:
    # The chances the gate meets: many zeros, 1/C(n, g) and 2/C(n, g) for the family's haystack
    # sizes.
    rng = np.random.default_rng(3)
    typical = [0.0, 0.0, 0.0, 1 / 20, 2 / 20, 1 / comb(25, 2), 2 / comb(15, 3), 2 / 61]
    for trial in range(200):
        m, n = int(rng.integers(1, 30)), int(rng.integers(1, 70))
        chances = rng.choice(typical, (m, n)) if trial % 3 else rng.random((m, n))
        assert np.array_equal(poisson_binomial_sf(chances), _scipy_sf(chances)), trial


def test_quantile_rows_is_numpys_bit_for_bit() -> None:
    rng = np.random.default_rng(11)
    for n in (1, 2, 3, 20, 200, 201):
        for q in (0.0, 0.5, 0.95, 0.999, 1.0):
            rows = np.round(rng.random((50, n)) * 8) / 8  # ties, as folded AUCs have
            expected = np.quantile(rows, q, axis=1)
            assert np.array_equal(quantile_rows(rows.copy(), q), expected), (n, q)


def test_column_ranks_are_scipys() -> None:
    rng = np.random.default_rng(5)
    for n in (1, 2, 3, 25, 300):
        for width in (1, 7):
            block = np.round(rng.normal(size=(n, width)) * 2) / 2  # many ties
            assert np.array_equal(column_ranks(block), rankdata(block, axis=0)), (n, width)
    with_nan = np.array([[1.0, 2.0], [np.nan, 1.0], [0.5, 1.0]])
    assert np.array_equal(column_ranks(with_nan), rankdata(with_nan, axis=0), equal_nan=True)
