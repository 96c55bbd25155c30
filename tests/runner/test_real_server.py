"""The real reference server, end to end: `make test-real` (deselected from `make test`, because
it needs `make reference-env`, which builds llama-cpp-python from source, and takes minutes on two
cores). It starts llama-cpp-python's server with the bundled SmolLM2-135M-Instruct GGUF on a free
port, runs one vertical with the no-memory and oracle systems and the rules judge, and checks
the results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.api import Options, check_paths
from checker.runner import reference_run
from checker.runner.models import SMOLLM2_135M
from tests.conftest import ROOT
from tests.runner.conftest import INDEX

REFERENCE_PYTHON = ROOT / ".reference-venv" / "bin" / "python"


@pytest.mark.real
def test_the_real_server_runs_one_vertical_end_to_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert REFERENCE_PYTHON.is_file(), "run `make reference-env` first (make test-real does)"
    code = reference_run.main(
        [
            "--server-python",
            str(REFERENCE_PYTHON),
            "--verticals",
            "forgetting",
            "--systems",
            "no-memory,oracle",
            "--limit",
            "5",
            "--work",
            str(tmp_path / "work"),
            "--results",
            str(tmp_path / "results"),
            "--index",
            str(INDEX),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    files = sorted((tmp_path / "results").rglob("*.json"))
    assert len(files) == 2
    checked = check_paths(files, Options(index_path=INDEX))
    assert not checked.findings and not checked.errors
    for path in files:
        result = json.loads(path.read_text())
        measured = [r for r in result["rows"] if r["outcome"] not in ("unrun", "inconclusive")]
        assert measured, f"{path}: the real model's answers were all unjudged"
    summary = json.loads((tmp_path / "work" / "reference-summary.json").read_text())
    assert all(m["prompt_tokens"] > 0 for m in summary["runs"])  # the real server counts
    assert summary["model"]["gguf"] == SMOLLM2_135M.gguf
    assert summary["model"]["sha256"] == SMOLLM2_135M.sha256  # the pinned identity, measured
    assert summary["model"]["quantisation"] == "Q4_1"
