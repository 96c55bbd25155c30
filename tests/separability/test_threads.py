"""The single-feature table measured on two threads (checker/separability/gate.py) equals the
same table measured on one, array for array."""

from __future__ import annotations

import numpy as np
import pytest

from checker.separability import gate
from checker.separability.stats import FeatureStats
from checker.separability.synthetic import build_clean_corpus


def _table(workers: int, monkeypatch: pytest.MonkeyPatch) -> gate.Table:
    monkeypatch.setattr(gate, "WORKERS", workers)
    monkeypatch.setattr(gate, "_BLOCK", 64)  # several column blocks even on a small corpus
    corpus = build_clean_corpus(questions=30, sessions=(12, 16), seed=5)
    return gate.table(corpus)


def test_two_threads_measure_what_one_does(monkeypatch: pytest.MonkeyPatch) -> None:
    one = _table(1, monkeypatch)
    two = _table(2, monkeypatch)
    assert len(one.ngrams.phrases) > 3 * 64  # the blocks really are several
    assert one.names == two.names and one.families == two.families
    assert np.array_equal(one.numeric.values, two.numeric.values, equal_nan=True)
    assert (one.ngrams.counts != two.ngrams.counts).nnz == 0
    assert np.array_equal(one.ngrams.include, two.ngrams.include)
    for field in FeatureStats.__dataclass_fields__:
        assert np.array_equal(
            getattr(one.stats, field), getattr(two.stats, field), equal_nan=True
        ), field
