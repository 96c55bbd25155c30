"""Ladder verdicts: validated, does-not-slope, falls-only-by-ceiling, and the guards around
them (scaffolding-stripped ranking, thin end bands, a permutation test, a single band, an oracle
that is not flat)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from checker.formats.sidecar import ProbeRecord
from checker.load import load_with_sidecar
from checker.retrieval import measure_ladder
from checker.retrieval.ladder import MIN_BAND_N, PERMUTATIONS, judge_dial, permutation_p
from tests.retrieval.cal_builder import FIXTURES, PER_BAND, haystack, ladder, question
from tests.retrieval.conftest import CorpusOf


def test_judge_validated() -> None:
    verdict = judge_dial(
        "distance", {1: [1.0] * 8, 5: [0.5] * 8}, {1: [1.0] * 8, 5: [1.0] * 8}, None
    )
    assert verdict.kind == "validated" and verdict.validated
    assert verdict.relative_drop == 0.5
    assert "oracle unmeasured" in verdict.reason


def test_judge_does_not_slope() -> None:
    verdict = judge_dial(
        "distance", {1: [1.0] * 8, 5: [0.9] * 8}, {1: [1.0] * 8, 5: [1.0] * 8}, None
    )
    assert verdict.kind == "does-not-slope" and not verdict.validated
    assert verdict.relative_drop == pytest.approx(0.1)


def test_judge_falls_only_by_ceiling() -> None:
    # Coverage falls 1.0 → 0.5, but G went from 1 to 10: against its ceiling it is flat.
    verdict = judge_dial(
        "dispersion", {1: [1.0] * 8, 5: [0.5] * 8}, {1: [1.0] * 8, 5: [0.5] * 8}, None
    )
    assert verdict.kind == "falls-only-by-ceiling" and not verdict.validated
    assert verdict.coverage_drop == 0.5 and verdict.relative_drop == 0.0


def test_threshold_is_inclusive() -> None:
    verdict = judge_dial(
        "distance", {1: [1.0] * 8, 5: [0.85] * 8}, {1: [1.0] * 8, 5: [1.0] * 8}, None
    )
    assert verdict.kind == "validated"


def test_thin_end_band_cannot_certify() -> None:
    verdict = judge_dial(
        "discrimination", {1: [1.0] * 7, 5: [0.5] * 9}, {1: [1.0] * 7, 5: [1.0] * 9}, None
    )
    assert verdict.kind == "thin-band" and not verdict.validated
    assert f"band 1 holds fewer than {MIN_BAND_N}" in verdict.reason


def test_a_fall_made_by_one_question_of_four_is_thin() -> None:
    """The old floor of four: one question buried in four falls by 0.25, past the threshold."""
    verdict = judge_dial(
        "distance", {1: [1.0] * 8, 5: [1.0, 0.0, 1.0, 1.0]}, {1: [1.0] * 8, 5: [1.0] * 4}, None
    )
    assert verdict.relative_drop == 0.25
    assert verdict.kind == "thin-band" and not verdict.validated


def exact_permutation_p(easy: list[float], hard: list[float]) -> float:
    """The definition: the share of every way to deal the pooled values into the two bands
    whose fall is at least the observed one."""
    values = easy + hard
    observed = sum(easy) / len(easy) - sum(hard) / len(hard)
    at_least = 0
    splits = list(itertools.combinations(range(len(values)), len(easy)))
    for chosen in splits:
        first = [values[i] for i in chosen]
        rest = [values[i] for i in range(len(values)) if i not in chosen]
        if sum(first) / len(first) - sum(rest) / len(rest) >= observed - 1e-9:
            at_least += 1
    return at_least / len(splits)


@pytest.mark.parametrize(
    ("easy", "hard"),
    [
        ([1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0], [1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]),
        ([1.0, 0.5, 1.0, 0.0, 1.0, 1.0], [0.5, 0.5, 1.0, 0.0, 0.0]),
        ([1.0] * 6, [0.0] * 6),
        ([0.5, 0.5, 0.5], [0.5, 0.5, 0.5]),
    ],
)
def test_permutation_p_is_the_share_of_labellings(easy: list[float], hard: list[float]) -> None:
    exact = exact_permutation_p(easy, hard)
    drawn = permutation_p(easy, hard)
    # Monte Carlo over PERMUTATIONS draws (the observed labelling counted in): within four
    # standard errors of the exact share, and never below 1 / (1 + PERMUTATIONS).
    error = math.sqrt(max(exact * (1 - exact), 1e-4) / PERMUTATIONS)
    assert abs(drawn - exact) <= 4 * error + 1 / PERMUTATIONS
    assert drawn >= 1 / (1 + PERMUTATIONS)


def test_permutation_p_is_seeded() -> None:
    easy, hard = [1.0, 0.0, 1.0, 1.0], [0.0, 1.0, 0.0, 0.0]
    assert permutation_p(easy, hard) == permutation_p(easy, hard)
    assert permutation_p(easy, hard, seed=1) != permutation_p(easy, hard)


def test_a_fall_chance_makes_often_is_not_significant() -> None:
    verdict = judge_dial(
        "distance",
        {1: [1, 0, 1, 1, 1, 0, 1, 1], 5: [0, 1, 0, 1, 1, 0, 1, 0]},
        {1: [1.0] * 8, 5: [1.0] * 8},
        None,
    )
    assert verdict.relative_drop == 0.25
    assert verdict.permutation_p is not None and verdict.permutation_p > 0.05
    assert verdict.kind == "not-significant" and not verdict.validated


def _fixture(name: str) -> Path:
    return next((FIXTURES / "CAL003" / "fail" / name).glob("typedmemeval-*[0-9].json"))


@pytest.mark.parametrize("name", ["thin-band", "not-significant"])
def test_the_stamped_ladder_fixtures_fail_for_their_own_reason(name: str) -> None:
    (verdict,) = measure_ladder(load_with_sidecar(_fixture(name))).verdicts
    assert verdict.kind == name and not verdict.validated


def test_single_band() -> None:
    verdict = judge_dial("distance", {3: [0.5] * 6}, {3: [1.0] * 6}, None)
    assert verdict.kind == "single-band" and not verdict.validated


def test_oracle_that_is_not_flat_blocks_validation() -> None:
    verdict = judge_dial(
        "dispersion",
        {1: [1.0] * 8, 5: [0.5] * 8},
        {1: [1.0] * 8, 5: [1.0] * 8},
        {1: [True, False, False, True] * 2, 5: [True] * 8},
    )
    assert verdict.kind == "oracle-not-flat" and not verdict.validated
    assert verdict.oracle_spread == 0.5


def test_measured_ladder_has_each_verdict(corpus_of: CorpusOf) -> None:
    record = measure_ladder(corpus_of(ladder(lambda dial: False)))
    kinds = {v.dial: v.kind for v in record.verdicts}
    assert kinds == {
        "dispersion": "falls-only-by-ceiling",
        "distance": "validated",
        "interference": "does-not-slope",
    }
    distance = next(v for v in record.verdicts if v.dial == "distance")
    assert distance.n_by_band == {"1": PER_BAND, "5": PER_BAND}
    assert distance.by_band == {"1": 1.0, "5": 0.0}
    assert record.strip == "generic" and record.threshold == 0.15


def test_a_slope_made_of_scaffolding_does_not_validate(corpus_of: CorpusOf) -> None:
    """The design record's WorkingMemory case: the far rung is harder only because its
    distractors carry a keyword clause. Ranked on stripped text the ladder is flat."""
    questions = [question(n, haystack(n, 1, 0), band=1, dial="distance") for n in range(1, 5)]
    questions += [
        question(n, haystack(n, 1, 6, "bracketed"), band=5, dial="distance") for n in range(5, 9)
    ]
    (verdict,) = measure_ladder(corpus_of(questions)).verdicts
    assert verdict.kind == "does-not-slope"
    assert verdict.coverage_by_band == {"1": 1.0, "5": 1.0}


def test_unbanded_questions_and_questions_without_gold_are_left_out(corpus_of: CorpusOf) -> None:
    questions = ladder(lambda dial: False)[: 2 * PER_BAND]  # distance only
    questions.append(question(60, haystack(60, 1, 0)))  # unbanded
    questions.append(question(61, ["filler"] * 8, band=5, dial="distance"))  # G = 0
    (verdict,) = measure_ladder(corpus_of(questions)).verdicts
    assert verdict.n_by_band == {"1": PER_BAND, "5": PER_BAND}


def test_oracle_read_from_a_measured_v1_record() -> None:
    corpus = load_with_sidecar(
        next((FIXTURES / "CAL003" / "pass").glob("typedmemeval-*[0-9].json"))
    )
    assert corpus.sidecar is not None
    outcomes = {
        q.question_id: ("pass" if q.typedmemeval.difficulty == 1 else "fail")
        for q in corpus.questions
        if q.typedmemeval.difficulty_dial == "distance"
    }
    corpus.sidecar.probes["v1"] = ProbeRecord(
        status="measured", model="m", date="2026-09-01", outcomes=outcomes
    )
    distance = next(v for v in measure_ladder(corpus).verdicts if v.dial == "distance")
    assert distance.kind == "oracle-not-flat"
    assert distance.oracle_by_band == {"1": 1.0, "5": 0.0}
