"""Ladder verdicts: validated, does-not-slope, falls-only-by-ceiling, and the guards around
them (scaffolding-stripped ranking, thin end bands, a single band, an oracle that is not flat)."""

from __future__ import annotations

import pytest

from checker.formats.sidecar import ProbeRecord
from checker.load import load_with_sidecar
from checker.retrieval import measure_ladder
from checker.retrieval.ladder import judge_dial
from tests.retrieval.cal_builder import FIXTURES, haystack, ladder, question
from tests.retrieval.conftest import CorpusOf


def test_judge_validated() -> None:
    verdict = judge_dial(
        "distance", {1: [1.0] * 4, 5: [0.5] * 4}, {1: [1.0] * 4, 5: [1.0] * 4}, None
    )
    assert verdict.kind == "validated" and verdict.validated
    assert verdict.relative_drop == 0.5
    assert "oracle unmeasured" in verdict.reason


def test_judge_does_not_slope() -> None:
    verdict = judge_dial(
        "distance", {1: [1.0] * 4, 5: [0.9] * 4}, {1: [1.0] * 4, 5: [1.0] * 4}, None
    )
    assert verdict.kind == "does-not-slope" and not verdict.validated
    assert verdict.relative_drop == pytest.approx(0.1)


def test_judge_falls_only_by_ceiling() -> None:
    # Coverage falls 1.0 → 0.5, but G went from 1 to 10: against its ceiling it is flat.
    verdict = judge_dial(
        "dispersion", {1: [1.0] * 4, 5: [0.5] * 4}, {1: [1.0] * 4, 5: [0.5] * 4}, None
    )
    assert verdict.kind == "falls-only-by-ceiling" and not verdict.validated
    assert verdict.coverage_drop == 0.5 and verdict.relative_drop == 0.0


def test_threshold_is_inclusive() -> None:
    verdict = judge_dial(
        "distance", {1: [1.0] * 4, 5: [0.85] * 4}, {1: [1.0] * 4, 5: [1.0] * 4}, None
    )
    assert verdict.kind == "validated"


def test_thin_end_band_cannot_certify() -> None:
    verdict = judge_dial(
        "discrimination", {1: [1.0] * 2, 5: [0.5] * 9}, {1: [1.0] * 2, 5: [1.0] * 9}, None
    )
    assert verdict.kind == "thin-band" and not verdict.validated
    assert "band 1 holds fewer than 4" in verdict.reason


def test_single_band() -> None:
    verdict = judge_dial("distance", {3: [0.5] * 6}, {3: [1.0] * 6}, None)
    assert verdict.kind == "single-band" and not verdict.validated


def test_oracle_that_is_not_flat_blocks_validation() -> None:
    verdict = judge_dial(
        "dispersion",
        {1: [1.0] * 4, 5: [0.5] * 4},
        {1: [1.0] * 4, 5: [1.0] * 4},
        {1: [True, False, False, True], 5: [True] * 4},
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
    assert distance.n_by_band == {"1": 4, "5": 4}
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
    questions = ladder(lambda dial: False)[:8]  # distance only
    questions.append(question(30, haystack(30, 1, 0)))  # unbanded
    questions.append(question(31, ["filler"] * 8, band=5, dial="distance"))  # G = 0
    (verdict,) = measure_ladder(corpus_of(questions)).verdicts
    assert verdict.n_by_band == {"1": 4, "5": 4}


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
