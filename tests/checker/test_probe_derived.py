"""V8 and V9 read from reference runs (`probe --from-results`, `checker.runner.derive`): what is
refused when reading, and REC002 re-deriving a stamped record from the file it names."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from checker.formats.result import ResultFile
from checker.io import dump_json
from checker.load import load_index, load_with_sidecar, sidecar_path_for
from checker.runner.derive import DerivationRefused, derive
from checker.runner.reference import reference_name
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]
BM25 = reference_name("bm25")


@pytest.fixture
def release(tmp_path: Path) -> Path:
    """A copy of a release holding the first shipped corpus (with its sidecar) and that
    vertical's reference runs, laid out as shipped: corpora/<v>/…, results/<v>/…."""
    entry = next(iter(load_index(ROOT / "corpora" / "index.json").corpora.values()))
    corpus = ROOT / "corpora" / entry.file
    into = tmp_path / "corpora" / entry.vertical
    into.mkdir(parents=True)
    shutil.copy(corpus, into / corpus.name)
    shutil.copy(sidecar_path_for(corpus), into / sidecar_path_for(corpus).name)
    shutil.copytree(ROOT / "results" / entry.vertical, tmp_path / "results" / entry.vertical)
    shutil.copy(ROOT / "corpora" / "index.json", tmp_path / "corpora" / "index.json")
    return into / corpus.name


def _source(corpus: Path) -> str:
    return f"results/{corpus.parent.name}/{BM25}/reference-1.json"


def _result(corpus: Path) -> ResultFile:
    return ResultFile.model_validate_json((corpus.parents[2] / _source(corpus)).read_text())


def _stamp(corpus: Path, **changes: object) -> None:
    record = derive(load_with_sidecar(corpus), "v9", _result(corpus), _source(corpus))
    meta = sidecar_path_for(corpus)
    sidecar = json.loads(meta.read_text())
    sidecar["probes"]["v9"] = record.model_dump(mode="json") | changes
    meta.write_text(dump_json(sidecar))


def _rec002(corpus: Path) -> list[str]:
    _, out, _ = run_cli("check", str(corpus), "--select", "REC002")
    return [line for line in out.splitlines() if "REC002" in line]


def test_a_record_read_from_its_run_is_accepted(release: Path) -> None:
    _stamp(release)
    assert _rec002(release) == []


def test_an_outcome_that_is_not_the_runs_is_reported(release: Path) -> None:
    record = derive(load_with_sidecar(release), "v9", _result(release), _source(release))
    qid, outcome = next(iter(record.outcomes.items()))
    flipped = "correct" if outcome != "correct" else "wrong"
    _stamp(release, outcomes=record.outcomes | {qid: flipped})
    (line,) = _rec002(release)
    assert "other outcomes" in line and qid in line


@pytest.mark.parametrize(
    ("derived_from", "says"),
    [
        ("results/../corpora/x.json", "must be a path under results/"),
        ("/etc/passwd", "must be a path under results/"),
        ("results/nowhere/reference-1.json", "which is not a file of the release"),
    ],
)
def test_a_record_naming_no_run_of_the_release_is_reported(
    release: Path, derived_from: str, says: str
) -> None:
    _stamp(release, derived_from=derived_from)
    (line,) = _rec002(release)
    assert says in line


def test_v8_is_not_read_from_a_bm25_run(release: Path) -> None:
    with pytest.raises(DerivationRefused, match="reference-full-context system's run"):
        derive(load_with_sidecar(release), "v8", _result(release), _source(release))


def test_v1_is_not_read_from_any_run(release: Path) -> None:
    with pytest.raises(DerivationRefused, match="only v8"):
        derive(load_with_sidecar(release), "v1", _result(release), _source(release))


def test_a_run_of_other_bytes_other_sampling_or_a_few_questions_is_refused(release: Path) -> None:
    corpus = load_with_sidecar(release)
    result = _result(release)
    other_bytes = result.model_copy(
        update={"corpus": result.corpus.model_copy(update={"sha256": "b" * 64})}
    )
    with pytest.raises(DerivationRefused, match="run it again on these bytes"):
        derive(corpus, "v9", other_bytes, _source(release))
    with pytest.raises(DerivationRefused, match=r"temperature 0\.7"):
        derive(corpus, "v9", result, _source(release), temperature=0.7)
    first = result.rows[0]
    limited = result.model_copy(
        update={
            "rows": [
                first.model_copy(
                    update={"outcome": "unrun", "reason": "limit: not among the 2 questions"}
                ),
                *result.rows[1:],
            ]
        }
    )
    with pytest.raises(DerivationRefused, match="were not asked in this run"):
        derive(corpus, "v9", limited, _source(release))
    reconfigured = result.model_copy(update={"configuration_fingerprint": "0" * 16})
    with pytest.raises(DerivationRefused, match="configuration fingerprint"):
        derive(corpus, "v9", reconfigured, _source(release))


def test_a_call_that_failed_in_the_run_is_inconclusive_as_in_a_probe(release: Path) -> None:
    corpus = load_with_sidecar(release)
    result = _result(release)
    first = result.rows[0]
    failed = result.model_copy(
        update={
            "rows": [
                first.model_copy(update={"outcome": "unrun", "reason": "context-overflow: …"}),
                *result.rows[1:],
            ]
        }
    )
    record = derive(corpus, "v9", failed, _source(release))
    assert record.outcomes[first.question_id] == "inconclusive"
    assert record.derived_from == _source(release)


def test_the_command_reads_a_run_and_stamps_it_into_the_shipped_sidecar_only(
    release: Path,
) -> None:
    index = release.parents[1] / "index.json"
    run = str(release.parents[2] / _source(release))
    args = ("probe", str(release), "--probes", "v9", "--from-results", run, "--index", str(index))
    code, _, err = run_cli(*args, "--stamp", str(release.parents[2] / "copy"))
    assert code == 2 and "use --stamp-shipped" in err
    code, out, _ = run_cli(*args, "--stamp-shipped")
    assert code == 0, out
    assert "v9: smollm2-135m-instruct" in out and "stamped v9 into the shipped sidecar" in out
    record = load_with_sidecar(release).sidecar
    assert record is not None and record.probes["v9"].derived_from == _source(release)
    assert _rec002(release) == []


def test_a_release_without_its_results_folder_is_reported(release: Path) -> None:
    _stamp(release)
    shutil.rmtree(release.parents[2] / "results")
    lines = _rec002(release)
    assert any("probe v9" in line for line in lines)
    assert lines and all("which is not a file of the release" in line for line in lines)


def test_a_corpus_outside_any_release_is_not_held_to_a_run(release: Path, tmp_path: Path) -> None:
    _stamp(release)
    alone = tmp_path / "alone" / "x" / "y"
    alone.mkdir(parents=True)
    shutil.copy(release, alone / release.name)
    shutil.copy(sidecar_path_for(release), alone / sidecar_path_for(release).name)
    assert _rec002(alone / release.name) == []


def test_a_run_whose_every_call_failed_is_not_stamped(release: Path) -> None:
    path = release.parents[2] / _source(release)
    raw = json.loads(path.read_text())
    for row in raw["rows"]:
        row.update(outcome="unrun", reason="context-overflow: over the window")
        for key in ("asserted_state", "asserted_items", "sub_label", "list_order"):
            row.pop(key, None)
    path.write_text(json.dumps(raw))
    before = sidecar_path_for(release).read_bytes()
    index = release.parents[1] / "index.json"
    code, _, err = run_cli(
        "probe",
        str(release),
        "--probes",
        "v9",
        "--from-results",
        str(path),
        "--stamp-shipped",
        "--index",
        str(index),
    )
    assert code == 11 and "measured nothing" in err
    assert sidecar_path_for(release).read_bytes() == before


def test_a_draft_folder_with_an_index_is_no_release(release: Path, tmp_path: Path) -> None:
    """The generator gates each draft in a folder of its own with an index beside it (`make
    reproduce` among them); a draft has no results to be read against."""
    _stamp(release)
    draft = tmp_path / "elsewhere" / "draft" / release.parent.name
    draft.mkdir(parents=True)
    shutil.copy(release, draft / release.name)
    shutil.copy(sidecar_path_for(release), draft / sidecar_path_for(release).name)
    shutil.copy(release.parents[1] / "index.json", draft.parent / "index.json")
    assert _rec002(draft / release.name) == []
