"""`typedmemeval band`: refuses mismatched runs naming the field; reports min–max and flips on
matched ones; labels a two-run set minimum evidence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checker.formats.result import ResultFile
from checker.io import dump_json
from checker.load import load_index
from checker.results.band import BandRefused, band
from checker.results.validate import load_indexed_corpus
from tests.conftest import FIXTURES, run_cli
from tests.results.result_cases import apply_patches, read_case
from tests.results.result_examples import example_result

CORPUS_ID = "typedmemeval-forgetting-2026.12"


def _run(index: Path, seed: int, run_id: str) -> dict[str, Any]:
    entry = load_index(index).corpora[CORPUS_ID]
    corpus = load_indexed_corpus(index, entry)
    return example_result(corpus, CORPUS_ID, entry.revision, "varied", seed=seed, run_id=run_id)


def _write(folder: Path, doc: dict[str, Any]) -> Path:
    path = folder / "results" / "forgetting" / "example-system" / f"{doc['run_id']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_json(doc), encoding="utf-8")
    return path


def test_band_over_matched_runs_reports_min_max_and_flips(corpora_index: Path) -> None:
    runs = [_run(corpora_index, seed, f"run-{seed}") for seed in (1, 2, 3)]
    models = [(d["run_id"], ResultFile.model_validate(d)) for d in runs]
    b = band(models)
    assert not b.minimum_evidence and b.questions_compared == 50
    outcomes = [{r["question_id"]: r["outcome"] for r in d["rows"]} for d in runs]
    expected_flips = sorted(q for q in outcomes[0] if len({o[q] for o in outcomes}) > 1)
    assert list(b.flipped) == expected_flips and expected_flips
    correct = [sum(r["outcome"] == "correct" for r in d["rows"]) for d in runs]
    got = next(x for x in b.bands if x.outcome == "correct")
    assert (got.low, got.high) == (min(correct), max(correct))


def test_two_runs_are_minimum_evidence(corpora_index: Path) -> None:
    runs = [ResultFile.model_validate(_run(corpora_index, s, f"run-{s}")) for s in (1, 2)]
    assert band([("a", runs[0]), ("b", runs[1])]).minimum_evidence


REFUSALS = [
    ("corpus.sha256", lambda d: d["corpus"].__setitem__("sha256", "1" * 64)),
    ("judge.fingerprint", lambda d: d["judge"].__setitem__("fingerprint", "f" * 16)),
    ("configuration_fingerprint", lambda d: d.__setitem__("configuration_fingerprint", "a" * 24)),
    (
        "answer_sampling.temperature_disposition",
        lambda d: d["answer_sampling"].__setitem__("temperature_disposition", "ignored"),
    ),
    (
        "answer_sampling.seed_disposition",
        lambda d: d["answer_sampling"].__setitem__("seed_disposition", "unsupported"),
    ),
    ("grounding", lambda d: d.__setitem__("grounding", "timestamps-and-text")),
]


@pytest.mark.parametrize(("field", "change"), REFUSALS, ids=[f for f, _ in REFUSALS])
def test_band_refuses_runs_of_different_experiments(
    corpora_index: Path, field: str, change: Any
) -> None:
    first, second = _run(corpora_index, 1, "run-1"), _run(corpora_index, 2, "run-2")
    change(second)
    with pytest.raises(BandRefused) as refused:
        band(
            [
                ("run-1", ResultFile.model_validate(first)),
                ("run-2", ResultFile.model_validate(second)),
            ]
        )
    assert refused.value.field == field
    assert field in str(refused.value)


def test_band_refuses_the_same_run_twice(corpora_index: Path) -> None:
    run = ResultFile.model_validate(_run(corpora_index, 1, "run-1"))
    with pytest.raises(BandRefused, match="run_id"):
        band([("a", run), ("b", run)])


def test_varied_seeds_are_allowed_and_reported(corpora_index: Path) -> None:
    first, second = _run(corpora_index, 1, "run-1"), _run(corpora_index, 2, "run-2")
    second["answer_sampling"]["seed"] = 8
    b = band([(d["run_id"], ResultFile.model_validate(d)) for d in (first, second)])
    assert b.seeds == (7, 8)


def test_band_cli_matched_and_refused(corpora_index: Path, case_root: Path) -> None:
    paths = [_write(case_root, _run(corpora_index, s, f"run-{s}")) for s in (1, 2)]
    rc, out, err = run_cli("band", *map(str, paths))
    assert rc == 0, err
    assert "MINIMUM EVIDENCE" in out and "questions whose outcome flipped:" in out
    rc, out, _ = run_cli("band", *map(str, paths), "--format", "json")
    assert rc == 0 and json.loads(out)["minimum_evidence"] is True

    other = _run(corpora_index, 3, "run-3")
    other["judge"]["fingerprint"] = "0123456789ab"
    rc, out, err = run_cli("band", str(paths[0]), str(_write(case_root, other)))
    assert rc == 1
    assert "band refused: runs differ in judge.fingerprint" in err


def test_band_cli_needs_two_runs_and_valid_files(corpora_index: Path, case_root: Path) -> None:
    one = _write(case_root, _run(corpora_index, 1, "run-1"))
    rc, _, err = run_cli("band", str(one))
    assert rc == 2 and "at least 2" in err
    bad = _run(corpora_index, 2, "run-2")
    bad["rows"] = bad["rows"][1:]
    bad.pop("summary")
    rc, out, err = run_cli("band", str(one), str(_write(case_root, bad)))
    assert rc == 1 and "RES012" in out and "nothing is banded" in err


BAND_CASES = sorted(p.parent for p in (FIXTURES / "band").glob("*/case.toml"))


@pytest.mark.parametrize("case_dir", BAND_CASES, ids=[d.name for d in BAND_CASES])
def test_band_fixture(case_dir: Path, corpora_index: Path, case_root: Path) -> None:
    """Band fixtures are data: tests/fixtures/band/<case>/case.toml lists the runs (a seed for
    the example policy, and patches) and what `typedmemeval band` must say."""
    case = read_case(case_dir)
    paths = []
    for i, run in enumerate(case["run"], 1):
        doc = apply_patches(_run(corpora_index, run["seed"], f"run-{i}"), run.get("patch", []))
        paths.append(_write(case_root, doc))
    expect = case["expect"]
    rc, out, err = run_cli("band", *map(str, paths))
    assert rc == expect["exit"], out + err
    if "stdout" in expect:
        assert expect["stdout"] in out, out
    if "stderr" in expect:
        assert expect["stderr"] in err, err
    if "minimum_evidence" in expect:
        rc, out, _ = run_cli("band", *map(str, paths), "--format", "json")
        assert json.loads(out)["minimum_evidence"] is expect["minimum_evidence"]
