"""Beside a result judged by a model, its agreement with the rules judge on the same answers, per
shape with n; and every results table names the answer model's identity and the judge.

The answers and both judges' verdicts come from the runner against the fake server (the model
judge is the fake's); the record is `typedmemeval agreement --format json`, published from
`agreement/<vertical>/<system>/<run-id>.json`.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from checker.family import BY_KEY
from checker.runner.fake import FakeServer
from checker.runner.models import SMOLLM2_135M
from site_gen import results
from site_gen.markup import esc
from site_gen.results_view import ResultsView, load_results
from tests.conftest import run_cli
from tests.runner.conftest import INDEX, run_forgetting

ALIAS = SMOLLM2_135M.alias
ASKED = 4


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository stand-in: the model-judged run under `results/`, its agreement record under
    `agreement/`, and the rules-judged run of the same answers under `rules/`."""
    tmp = tmp_path_factory.mktemp("agreement")
    common = ("--system", "no-memory", "--model", ALIAS, "--limit", str(ASKED))
    with FakeServer(model=ALIAS) as server:
        rc, _, err = run_forgetting(
            server.url, tmp, "same", "rules.json", *common, "--judge", "rules"
        )
        assert rc == 0, err
        rc, _, err = run_forgetting(
            server.url, tmp, "same", "model.json", *common, "--judge-model", ALIAS
        )
        assert rc == 0, err
    rc, out, err = run_cli(
        "agreement",
        str(tmp / "rules.json"),
        str(tmp / "model.json"),
        "--index",
        str(INDEX),
        "--format",
        "json",
    )
    assert rc == 0, err
    record = tmp / "repo" / "agreement" / "forgetting" / "reference-no-memory" / "same.json"
    record.parent.mkdir(parents=True)
    record.write_text(out)
    published = tmp / "repo" / "results" / "forgetting" / "reference-no-memory" / "same.json"
    published.parent.mkdir(parents=True)
    shutil.copy(tmp / "model.json", published)
    return tmp


@pytest.fixture(scope="module")
def view(root: Path) -> ResultsView:
    return load_results(root / "repo" / "results", INDEX)


def test_the_record_carries_the_run_it_describes_and_counts(root: Path) -> None:
    record = json.loads(
        (root / "repo/agreement/forgetting/reference-no-memory/same.json").read_text()
    )
    assert record["run_id"] == "same" and record["system"] == "reference-no-memory"
    whole = record["strata"]["all"]
    assert whole["n"] + whole["unmeasured"] == 50  # every question of the corpus, asked or not
    assert whole["n"] <= ASKED and 0 <= whole["agreed"] <= whole["n"]


def test_the_model_judged_run_shows_its_agreement_per_shape_with_n(
    root: Path, view: ResultsView
) -> None:
    data = view.by_vertical["forgetting"]
    assert not view.unplaced and not data.refused
    assert len(data.runs) == 1 and len(data.agreements) == 1
    page = results.vertical_results_page(data)
    record = json.loads(
        (root / "repo/agreement/forgetting/reference-no-memory/same.json").read_text()
    )
    whole = record["strata"]["all"]
    assert "Agreement of this run's model judge with the rules judge" in page
    assert f"| all | {whole['agreed']}/{whole['n']} |" in page
    for shape, stratum in record["strata"].items():
        if shape != "all":
            assert f"| {esc(shape)} | {stratum['agreed']}/{stratum['n']} |" in page
    assert "not measured" not in page


def test_the_rules_judged_run_shows_the_model_judge_that_also_ran(root: Path) -> None:
    """The published run is the rules judge's; the record of a model judging the same answers
    is shown beside it, naming that model."""
    repo = root / "rules-repo"
    published = repo / "results" / "forgetting" / "reference-no-memory" / "same.json"
    published.parent.mkdir(parents=True)
    shutil.copy(root / "rules.json", published)
    shutil.copytree(root / "repo" / "agreement", repo / "agreement")
    data = load_results(repo / "results", INDEX).by_vertical["forgetting"]
    assert len(data.runs) == 1 and len(data.agreements) == 1
    page = results.vertical_results_page(data)
    record = json.loads((repo / "agreement/forgetting/reference-no-memory/same.json").read_text())
    whole = record["strata"]["all"]
    assert "Judged by the deterministic rules judge" in page
    assert "The same answers were also judged by a model judge, `" + ALIAS in page
    assert f"| all | {whole['agreed']}/{whole['n']} |" in page
    # Without the record, the rules-judged run says nothing about a model judge.
    bare = results.vertical_results_page(results.VerticalResults(data.vertical, runs=data.runs))
    assert "also judged by a model judge" not in bare and "not measured" not in bare


def test_without_a_record_the_model_judge_is_said_to_be_unchecked(view: ResultsView) -> None:
    data = view.by_vertical["forgetting"]
    bare = results.VerticalResults(data.vertical, runs=data.runs)
    page = results.vertical_results_page(bare)
    assert "Agreement with the rules judge: **not measured**" in page


def test_every_results_table_names_the_model_and_the_judge(view: ResultsView) -> None:
    page = results.vertical_results_page(view.by_vertical["forgetting"])
    table = page.split("## Runs\n", 1)[1].split("\n## ", 1)[0]
    assert "| answer model | judge |" in table
    short = f"SmolLM2-135M-Instruct, 135M, Q4_1, sha256 {SMOLLM2_135M.sha256[:12]}…"
    assert table.count(short) == 2  # the answer model and the model judge
    detail = page.split("### Run 1", 1)[1]
    assert SMOLLM2_135M.sha256 in detail and "Q4_1" in detail and "model judge" in detail


def test_an_unknown_model_and_the_rules_judge_are_named_as_such() -> None:
    assert "identity not recorded" in results.model_cell("my-model")
    assert "identity not recorded" in results.model_detail("my-model")
    assert "deterministic rules, no model" in results.judge_cell("typedmemeval-rules")


def test_a_malformed_record_is_listed_not_published(tmp_path: Path) -> None:
    folder = tmp_path / "agreement" / "forgetting"
    folder.mkdir(parents=True)
    (folder / "bad.json").write_text('{"vertical": "forgetting"}')
    (folder / "lying.json").write_text(
        json.dumps(
            {
                "vertical": "forgetting",
                "corpus_sha256": "x",
                "system": "s",
                "run_id": "r",
                "judges": [],
                "strata": {"all": {"n": 2, "agreed": 3, "unmeasured": 0}},
            }
        )
    )
    got = load_results(tmp_path / "results", INDEX)
    reasons = sorted(r.reason for r in got.unplaced)
    assert len(reasons) == 2 and "missing field 'judges'" in reasons[0]
    assert "3 agreed of 2" in reasons[1]
    assert not got.by_vertical[BY_KEY["forgetting"].key].agreements
