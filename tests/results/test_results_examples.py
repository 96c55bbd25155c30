"""Example results (built from declared outcomes by the test helper) pass the checker and report
every figure with its denominator — for every shipped corpus and for each test corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from checker.io import dump_json
from checker.load import load_index
from checker.results.validate import load_indexed_corpus
from checker.schemas import render_all
from tests.conftest import ROOT, run_cli
from tests.results.result_examples import POLICIES, ee_example, example_result, write_examples

SHIPPED_INDEX = ROOT / "corpora" / "index.json"
SHIPPED = sorted(load_index(SHIPPED_INDEX).corpora) if SHIPPED_INDEX.is_file() else []
TEST_CORPORA = ("prospective", "forgetting", "workingmemory", "episodic")


@pytest.mark.parametrize("corpus_id", SHIPPED)
def test_example_for_each_shipped_corpus_passes(corpus_id: str, tmp_path: Path) -> None:
    entry = load_index(SHIPPED_INDEX).corpora[corpus_id]
    corpus = load_indexed_corpus(SHIPPED_INDEX, entry)
    doc = example_result(corpus, corpus_id, entry.revision, "varied")
    path = tmp_path / "example-run.json"
    path.write_text(dump_json(doc), encoding="utf-8")
    rc, out, err = run_cli("check", str(path), "--index", str(SHIPPED_INDEX))
    assert rc == 0, out + err
    rc, out, err = run_cli("report", str(path), "--index", str(SHIPPED_INDEX))
    assert rc == 0, err
    assert f"n={len(corpus.questions)}" in out


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("vertical", TEST_CORPORA)
def test_example_passes_check_and_reports(
    vertical: str, policy: str, corpora_index: Path, case_root: Path
) -> None:
    corpus_id = f"typedmemeval-{vertical}-2026.12"
    entry = load_index(corpora_index).corpora[corpus_id]
    corpus = load_indexed_corpus(corpora_index, entry)
    doc = example_result(corpus, corpus_id, entry.revision, policy)
    path = case_root / "results" / vertical / "example-system" / f"{doc['run_id']}.json"
    path.parent.mkdir(parents=True)
    path.write_text(dump_json(doc), encoding="utf-8")
    rc, out, err = run_cli("check", str(path))
    assert (rc, out) == (0, "Found 0 findings.\n"), err
    rc, out, err = run_cli("report", str(path))
    assert rc == 0, err
    n = len(corpus.questions)
    assert f"n={n}" in out
    assert "by shape:" in out and "evidence attribution" in out and "calibrated floor" in out
    rc, out, _ = run_cli("report", str(path), "--format", "json")
    assert rc == 0 and json.loads(out)["overall"]["n"] == n


def test_examples_validate_against_the_generated_schemas(corpora_index: Path) -> None:
    schemas = render_all()
    result_schema = Draft202012Validator(json.loads(schemas["result"]))
    for vertical in TEST_CORPORA:
        corpus_id = f"typedmemeval-{vertical}-2026.12"
        entry = load_index(corpora_index).corpora[corpus_id]
        corpus = load_indexed_corpus(corpora_index, entry)
        result_schema.validate(example_result(corpus, corpus_id, entry.revision, "varied"))
    Draft202012Validator(json.loads(schemas["ee-result"])).validate(ee_example())


def test_write_examples_lays_out_results(corpora_index: Path, case_root: Path) -> None:
    written = write_examples(corpora_index, case_root)
    assert sorted(p.relative_to(case_root).parts[:2] for p in written) == [
        ("results", v) for v in sorted(TEST_CORPORA)
    ]
    rc, out, err = run_cli("check", str(case_root / "results"))
    assert (rc, out) == (0, "Found 0 findings.\n"), err


def test_report_refuses_an_invalid_result(corpora_index: Path, case_root: Path) -> None:
    corpus_id = "typedmemeval-forgetting-2026.12"
    entry = load_index(corpora_index).corpora[corpus_id]
    doc = example_result(load_indexed_corpus(corpora_index, entry), corpus_id, "2026.12")
    doc["summary"]["outcomes"]["correct"] = 49
    path = case_root / "example-run.json"
    path.write_text(dump_json(doc), encoding="utf-8")
    rc, out, err = run_cli("report", str(path))
    assert rc == 1
    assert "RES017 summary says correct 49, the rows say 50" in out
    assert "nothing is reported" in err


def test_the_shipped_results_folder_holds_no_example() -> None:
    shipped = [p for p in (ROOT / "results").rglob("*.json")]
    assert not [p for p in shipped if "example" in p.name], "examples never go under results/"
