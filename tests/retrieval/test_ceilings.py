"""Structural ceilings: min(1, K_ref/G), the table, and coverage read against it."""

from __future__ import annotations

import pytest

from checker.retrieval import (
    ceiling_relative,
    ceiling_table,
    measure_coverage,
    shortfall,
    structural_ceiling,
)
from tests.retrieval.cal_builder import PER_BAND, ladder
from tests.retrieval.conftest import CorpusOf


@pytest.mark.parametrize(
    ("g", "ceiling"), [(0, 1.0), (1, 1.0), (5, 1.0), (6, 5 / 6), (7, 5 / 7), (10, 0.5)]
)
def test_structural_ceiling(g: int, ceiling: float) -> None:
    assert structural_ceiling(g) == pytest.approx(ceiling)


def test_ceiling_follows_the_budget() -> None:
    assert structural_ceiling(4, k_ref=2) == 0.5


def test_shortfall_and_ceiling_relative() -> None:
    # G = 10: any retriever gets at most half; the reference retriever got 0.4.
    assert shortfall(0.4, 10) == pytest.approx(0.1)
    assert ceiling_relative(0.4, 10) == pytest.approx(0.8)
    assert ceiling_relative(0.5, 10) == 1.0


def test_ceiling_table_and_questions_over_k_ref(corpus_of: CorpusOf) -> None:
    corpus = corpus_of(ladder(lambda dial: False))
    table = ceiling_table(corpus)
    assert table.by_g == {"1": 1.0, "10": 0.5}
    assert table.min == 0.5
    # The hardest dispersion band's questions (the last PER_BAND) need ten sessions with a
    # budget of five.
    last = 6 * PER_BAND
    assert table.questions_over_k_ref == [
        f"tme-pro-2612-{n:03d}" for n in range(last - PER_BAND + 1, last + 1)
    ]


def test_coverage_record_reads_against_the_ceiling(corpus_of: CorpusOf) -> None:
    record = measure_coverage(corpus_of(ladder(lambda dial: False)))
    # 24 gold-bearing questions: 20 with G = 1 (ceiling 1), 4 with G = 10 (ceiling 0.5).
    assert record.ceiling_mean == pytest.approx((20 + 4 * 0.5) / 24, abs=1e-4)
    # Coverage: 16 G = 1 questions found, 4 buried; the G = 10 ones reach their ceiling of 0.5.
    assert record.gold_bearing_mean == pytest.approx((16 + 4 * 0.5) / 24, abs=1e-4)
    assert record.shortfall_mean == pytest.approx(4 / 24, abs=1e-4)
    assert record.ceiling_relative_mean == pytest.approx(20 / 24, abs=1e-4)
