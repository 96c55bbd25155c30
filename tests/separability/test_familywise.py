"""The distribution test's family-wise condition (Westfall–Young min-p over label shuffles).

The null tails and adjusted p are recomputed here by brute force — every shuffle's perfect
splits counted from the values, the chance enumerated, the tail convolved — and compared with
the checker; then the calibration that motivated the condition is run on a small G = 1 corpus
where the per-feature test alone refuses several label-shuffled copies.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy.stats import binom

from checker.load import load_ours
from checker.selftest import CALIBRATION_ALLOWED, CALIBRATION_COPIES, shuffled_copies
from checker.separability import measure_separability, refusals, table
from checker.separability.gate import familywise
from checker.separability.stats import FeatureStats, Layout, draw_permutations, measure
from checker.separability.synthetic import build_clean_corpus
from tests.separability.test_independent import (
    perfect_chance_by_enumeration,
    poisson_binomial_tail,
)
from tests.separability.test_stats import layout

# The gate's rules, written down again here on purpose.
SHARE_FLOOR = 0.20
TAIL_P = 0.0062
AUC_REFUSE = 0.75
FAMILYWISE_ALPHA = 0.05


def _splits(x: np.ndarray, gold: set[int]) -> bool:
    inside = [x[i] for i in gold]
    outside = [v for i, v in enumerate(x) if i not in gold]
    return bool(min(inside) > max(outside) or max(inside) < min(outside))


def _brute_force_null(
    values: np.ndarray, lay: Layout, perms: dict[int, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """(observed tail p per feature, null tail per shuffle × feature) by enumeration."""
    n_perm = next(iter(perms.values())).shape[0]
    n_features = values.shape[1]
    observed = np.ones(n_features)
    null = np.ones((n_perm, n_features))
    questions = lay.eligible()
    for f in range(n_features):
        blocks = [values[slice(*lay.span(q)), f] for q in questions]
        chances = [
            perfect_chance_by_enumeration(list(x), lay.gold_count(q))
            for q, x in zip(questions, blocks, strict=True)
        ]
        gold = [set(np.flatnonzero(lay.gold[slice(*lay.span(q))]).tolist()) for q in questions]
        perfect = sum(_splits(x, g) for x, g in zip(blocks, gold, strict=True))
        if perfect:
            observed[f] = poisson_binomial_tail(chances, perfect)
        for b in range(n_perm):
            shuffled = sum(
                _splits(x, set(perms[q][b].tolist()))
                for q, x in zip(questions, blocks, strict=True)
            )
            if shuffled and shuffled / len(questions) >= SHARE_FLOOR:
                null[b, f] = poisson_binomial_tail(chances, shuffled)
    return observed, null


@pytest.fixture(scope="module")
def small() -> tuple[np.ndarray, Layout, dict[int, np.ndarray]]:
    rng = np.random.default_rng(11)
    sizes = [4, 5, 6, 4, 5, 6, 5, 4]
    gold = [
        [int(rng.integers(n))] if q % 3 else sorted(rng.choice(n, 2, replace=False).tolist())
        for q, n in enumerate(sizes)
    ]
    lay = layout(sizes, gold)
    # Small integer values, so ties (and tie-aware chances below 2/C(n, g)) are common.
    values = rng.integers(0, 4, size=(sum(sizes), 6)).astype(np.float64)
    values[:, 5] = np.where(lay.gold, 9.0, values[:, 5])  # one real tell
    return values, lay, draw_permutations(lay, 60, 3)


Measured = tuple[np.ndarray, FeatureStats, np.ndarray, np.ndarray]


@pytest.fixture(scope="module")
def measured(small: tuple[np.ndarray, Layout, dict[int, np.ndarray]]) -> Measured:
    """The small case measured, beside its brute-force observed and null tails."""
    values, lay, perms = small
    stats = measure(values, lay, permutations=perms, share_floor=SHARE_FLOOR)
    observed, null = _brute_force_null(values, lay, perms)
    return values, stats, observed, null


def test_null_tails_match_brute_force(measured: Measured) -> None:
    values, stats, observed, null = measured
    assert stats.tail_p == pytest.approx(observed, rel=1e-9)
    assert stats.null_tail.shape == (60, values.shape[1])
    assert stats.null_tail == pytest.approx(null, rel=1e-9)
    assert (null < 1).any(), "the fixture must let some shuffles reach the share floor"


def test_adjusted_p_is_the_share_of_shuffles_whose_smallest_tail_is_as_small(
    measured: Measured,
) -> None:
    values, stats, observed, null = measured
    for exempt_column in (None, 2):
        exempt = np.zeros(values.shape[1], dtype=bool)
        if exempt_column is not None:
            exempt[exempt_column] = True
        smallest = null[:, ~exempt].min(axis=1)
        expected = [(1 + int((smallest <= p).sum())) / (len(smallest) + 1) for p in observed]
        assert familywise(stats, exempt) == pytest.approx(expected, rel=1e-12)
    # The planted tell (gold is always the largest value) is as extreme as the null allows.
    assert familywise(stats, np.zeros(values.shape[1], dtype=bool))[5] == pytest.approx(1 / 61)


def test_no_shuffles_means_no_family_wise_refusal() -> None:
    lay = layout([3, 3], [[0], [1]])
    values = np.array([[3.0], [1.0], [2.0], [0.0], [5.0], [1.0]])
    stats = measure(values, lay)
    assert stats.null_tail.shape == (0, 1)
    assert familywise(stats, np.zeros(1, dtype=bool)).tolist() == [1.0]


def _per_feature_only(st: FeatureStats) -> bool:
    """The distribution test as the spec states it per feature, or the AUC bar."""
    share = st.perfect / np.maximum(st.questions, 1)
    by_distribution = (share >= SHARE_FLOOR) & (st.tail_p < TAIL_P)
    return bool(by_distribution.any() or (st.auc >= AUC_REFUSE).any())


def test_calibration_on_a_g1_corpus_needs_the_family_wise_condition() -> None:
    # Mostly G = 1 with 15–25 sessions: the shape on which the per-feature test over ~1,700
    # features refuses label-shuffled copies far more often than one in twenty.
    corpus = build_clean_corpus(questions=20, sessions=(15, 25), gold_counts=(1,), seed=0)
    per_feature = family_wise = 0
    for copy in shuffled_copies(corpus):
        record = measure_separability(copy, [], adversary=False)
        assert record.thresholds.familywise_alpha == FAMILYWISE_ALPHA
        per_feature += _per_feature_only(table(copy).stats)
        family_wise += bool(refusals(record))
    assert per_feature > CALIBRATION_ALLOWED, per_feature
    assert family_wise <= CALIBRATION_ALLOWED, (family_wise, per_feature)
    assert CALIBRATION_COPIES == 20


PROSPECTIVE = (
    Path(__file__).resolve().parents[2]
    / "corpora/prospective/typedmemeval-prospective-2026.12.json"
)


#: Label-shuffled copies of the real Prospective draft, and the one-sided level below which their
#: count of refusals says the gate refuses more often than its family-wise alpha.
REAL_COPIES = 60
REAL_LEVEL = 0.01


@pytest.mark.skipif(not PROSPECTIVE.exists(), reason="the Prospective draft is not checked out")
def test_calibration_on_the_real_prospective_corpus() -> None:
    """The real corpus behind the family-wise fix: 31 distinct haystacks, nearly all G = 1, on
    which per feature alone the self-test's 20 copies were refused 3 times.

    A gate calibrated at the family-wise alpha refuses a label-shuffled copy with that
    probability, so "at most one of 20" (the synthetic self-test's bound) fails a calibrated
    gate on about one corpus draw in four (P(X >= 2) = `0.26`): the draw shipped at 35f5e0b was
    refused on 1 of 20 copies (2 of 60), the next on 3 of 20 (6 of 60). Held here instead: 60
    copies, and a count no calibrated gate reaches with probability under 1% (the per-feature
    test alone refuses 15 of the 60 copies of this draw: chance under 1e-6)."""
    corpus = load_ours(PROSPECTIVE)
    refused = sum(
        bool(refusals(measure_separability(copy, [], adversary=False)))
        for copy in shuffled_copies(corpus, copies=REAL_COPIES)
    )
    chance = float(binom.sf(refused - 1, REAL_COPIES, FAMILYWISE_ALPHA))
    assert chance > REAL_LEVEL, (refused, REAL_COPIES, chance)
