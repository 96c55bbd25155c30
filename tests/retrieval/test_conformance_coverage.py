"""The peer's Forgetting v5 (read from ../shared/conformance when present): our coverage, and
the variant that explains every difference from their stamped per-question values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.conformance.coverage import FORGETTING, PEER_SCAFFOLDING, VARIANTS, run
from checker.load import load_foreign
from checker.retrieval import measure_coverage, measure_scaffolding

PEER = Path(__file__).resolve().parents[2].parent / "shared" / "conformance"
pytestmark = pytest.mark.skipif(not (PEER / FORGETTING).exists(), reason="no conformance corpora")


def test_every_disagreement_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(PEER)
    out = capsys.readouterr().out
    assert "agree exactly: 46/50" in out
    assert "NO VARIANT" not in out


def test_their_idf_form_reproduces_all_their_values() -> None:
    path = PEER / FORGETTING
    corpus = load_foreign(path)
    stamped = json.loads(path.with_name(path.name[:-5] + ".meta.json").read_text())
    theirs = stamped["coverage"]["per_question"]
    (variant,) = [v for v in VARIANTS if v.name.startswith("non-negative IDF")]
    assert all(
        abs(variant.coverage(corpus, qi) - theirs[q.question_id]) < 1e-9
        for qi, q in enumerate(corpus.questions)
    )
    assert measure_coverage(corpus).gold_bearing_mean == pytest.approx(0.6571, abs=1e-4)


def test_their_scaffolding_is_worth_a_quarter_of_coverage() -> None:
    record = measure_scaffolding(load_foreign(PEER / FORGETTING), PEER_SCAFFOLDING)
    assert record.declared_dependence == pytest.approx(0.2429, abs=1e-4)
    assert record.generic_dependence == pytest.approx(0.2429, abs=1e-4)
