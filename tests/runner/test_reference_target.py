"""`make reference`'s logic against the fake server: a stand-in reference environment whose
"llama_cpp.server" is the fake in its llama-cpp-python mode, so that starting the server on a
free port, waiting for it, running the systems with the rules judge, writing results that pass
`check`, printing wall time and tokens per second, and stopping the server are all exercised
without building the real one (`make test-real` runs the real one)."""

from __future__ import annotations

import hashlib
import json
import re
import socket
import stat
import sys
from pathlib import Path

import pytest

from checker.api import Options, check_paths
from checker.family import VERTICALS
from checker.results.band import band
from checker.results.validate import load_result
from checker.runner import reference_run
from checker.runner.fake import FakeServer, prompt_text
from checker.runner.models import SMOLLM2_135M
from site_gen.results_view import agreement_record
from tests.conftest import ROOT
from tests.runner.conftest import INDEX

STAND_IN = """#!/usr/bin/env bash
# A stand-in for the reference environment's python.
if [ "$1" = "-c" ]; then echo "{gguf}"; exit 0; fi
port=""; alias="m"
while [ $# -gt 0 ]; do
  case "$1" in --port) port="$2"; shift;; --model_alias) alias="$2"; shift;; esac; shift
done
exec "{python}" -m checker.runner.fake --port "$port" --mode llama-cpp-python --model "$alias" \\
  --context-window 8192
"""


def stand_in(tmp: Path) -> Path:
    gguf = tmp / "model.gguf"
    gguf.write_bytes(b"GGUF")
    script = tmp / "python"
    script.write_text(STAND_IN.format(gguf=gguf, python=sys.executable))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def args(
    tmp: Path,
    *extra: str,
    verticals: str = "forgetting,workingmemory",
    systems: str = "no-memory,oracle",
) -> list[str]:
    return [
        "--verticals",
        verticals,
        "--systems",
        systems,
        "--limit",
        "3",
        "--work",
        str(tmp / "work"),
        "--results",
        str(tmp / "results"),
        "--index",
        str(INDEX),
        *extra,
    ]


def at(url: str, model: str, tmp: Path, *extra: str, **chosen: str) -> list[str]:
    """`args` against an endpoint already serving `model` (no local server)."""
    return args(tmp, "--base-url", url, "--model", model, *extra, **chosen)


@pytest.mark.slow
def test_reference_starts_runs_and_stops_the_server(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The stand-in GGUF is not the pinned SmolLM2 file: it is served under another alias.
    code = reference_run.main(
        args(tmp_path, "--server-python", str(stand_in(tmp_path)), "--model", "stand-in")
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "server ready at http://127.0.0.1:" in out and "server stopped" in out
    files = sorted((tmp_path / "results").rglob("*.json"))
    assert [f.relative_to(tmp_path / "results").as_posix() for f in files] == [
        "forgetting/reference-no-memory/reference-1.json",
        "forgetting/reference-oracle/reference-1.json",
        "workingmemory/reference-no-memory/reference-1.json",
        "workingmemory/reference-oracle/reference-1.json",
    ]
    checked = check_paths(files, Options(index_path=INDEX))
    assert not checked.findings and not checked.errors
    assert "wall time:" in out and out.count("tokens/s") == 4
    summary = json.loads((tmp_path / "work" / "reference-summary.json").read_text())
    runs = summary["runs"]
    assert {m["status"] for m in runs} == {0} and all(m["questions"] == 3 for m in runs)
    assert all(sum(m["outcomes"].values()) == 3 for m in runs)
    assert len(re.findall(r"correct \d+/\d+ measured", out)) == 4
    assert summary["model"]["sha256"] == hashlib.sha256(b"GGUF").hexdigest()
    assert summary["model"]["bytes"] == 4 and summary["model"]["n_ctx"] == 8192
    result = json.loads(files[0].read_text())
    assert result["judge"]["model"] == "typedmemeval-rules"
    assert result["answer_model"] == "stand-in"


def test_reference_against_any_endpoint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with FakeServer(mode="vllm", model="big") as server:
        code = reference_run.main(
            at(server.url, "big", tmp_path, "--runs", "2", verticals="semantic", systems="bm25")
        )
    out = capsys.readouterr().out
    assert code == 0, out
    found = sorted(p.name for p in (tmp_path / "results").rglob("*.json"))
    assert found == ["reference-1.json", "reference-2.json"]
    assert "starting" not in out  # no local server


@pytest.mark.slow
def test_a_sampled_run_set_draws_each_run_with_its_own_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--runs 3 --temperature 0.7 --run-prefix sampled`: three files beside the temperature-0
    ones, each asked at 0.7, run k with seed k - 1, and one configuration (the seed is not
    part of it), so the set is a band of one experiment."""
    with FakeServer(mode="vllm", model="big") as server:
        code = reference_run.main(
            at(
                server.url,
                "big",
                tmp_path,
                *("--runs", "3", "--temperature", "0.7", "--run-prefix", "sampled"),
                verticals=VERTICALS[0].key,
                systems="no-memory",
            )
        )
    out = capsys.readouterr().out
    assert code == 0, out
    files = sorted((tmp_path / "results").rglob("sampled-*.json"))
    assert [p.name for p in files] == ["sampled-1.json", "sampled-2.json", "sampled-3.json"]
    sampling = [json.loads(p.read_text())["answer_sampling"] for p in files]
    assert [s["temperature"] for s in sampling] == [0.7, 0.7, 0.7]
    assert [s["seed"] for s in sampling] == [0, 1, 2]
    # The seed is what the set varies: the three are one experiment, and band.
    loaded = [load_result(p) for p in files]
    assert len({r.configuration_fingerprint for r in loaded}) == 1
    found = band([(r.run_id, r) for r in loaded])
    assert found.runs == ("sampled-1", "sampled-2", "sampled-3") and found.seeds == (0, 1, 2)


def test_agreement_judges_the_same_answers_with_the_served_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeServer(mode="llama-cpp-python", model="m", context_window=100_000) as server:
        code = reference_run.main(
            at(
                server.url,
                "m",
                tmp_path,
                "--agreement",
                "--agreement-dir",
                str(tmp_path / "agreement"),
                verticals="forgetting",
                systems="no-memory",
            )
        )
        answers = [r for r in server.requests if "response_format" not in r]
        judged = [r for r in server.requests if "verdict" in prompt_text(r)]
    out = capsys.readouterr().out
    assert code == 0, out
    # Three answers, asked once: the model-judged pass took them from the run's cache.
    assert len(answers) == 3
    assert len(judged) == 3 and all(r["response_format"]["schema"] for r in judged)
    record = tmp_path / "agreement" / "forgetting" / "reference-no-memory" / "reference-1.json"
    vertical, parsed = agreement_record(json.loads(record.read_text()))
    assert vertical == "forgetting" and parsed.run_id == "reference-1"
    rules = json.loads(
        (tmp_path / "results/forgetting/reference-no-memory/reference-1.json").read_text()
    )
    assert rules["judge"]["fingerprint"] in parsed.judge_fingerprints
    assert re.search(r"judge agreement \(model m against the rules judge", out)
    assert re.search(r"forgetting +no-memory +reference-1 +agreed \d+/\d+ both measured", out)
    # One published result per run id: the model-judged one stays in the work folder.
    assert len(list((tmp_path / "results").rglob("*.json"))) == 1


def test_a_missing_reference_environment_says_how_to_make_it(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="make reference-env"):
        reference_run.find_gguf(sys.executable)  # the project's venv has no bundled model


def test_a_pinned_alias_on_other_weights_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.gguf"
    other.write_bytes(b"GGUF")
    with pytest.raises(SystemExit, match="not the pinned b179c9523d0e"):
        reference_run.model_identity(other, "smollm2-135m-instruct")
    identity = reference_run.model_identity(other, "stand-in")
    assert identity["sha256"] == hashlib.sha256(b"GGUF").hexdigest()
    assert "quantisation" not in identity  # nothing is claimed for an unpinned alias


@pytest.mark.skipif(
    not (ROOT / ".reference-venv" / "bin" / "python").exists(),
    reason="needs the reference environment (make reference-env) to hash the bundled GGUF",
)
def test_the_pinned_identity_is_the_bundled_file() -> None:
    gguf = reference_run.find_gguf(str(ROOT / ".reference-venv" / "bin" / "python"))
    identity = reference_run.model_identity(gguf, "smollm2-135m-instruct")
    assert identity["sha256"] == SMOLLM2_135M.sha256 and identity["bytes"] == SMOLLM2_135M.bytes
    assert identity["quantisation"] == "Q4_1" and gguf.name == SMOLLM2_135M.gguf


def test_the_same_port_resumes_from_the_cache(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """With `--port`, the same command asks the model nothing it was asked before: a cache key
    names the endpoint, and the endpoint is the same."""
    port = reference_run.free_port()
    command = args(
        tmp_path,
        "--server-python",
        str(stand_in(tmp_path)),
        "--model",
        "stand-in",
        "--port",
        str(port),
        verticals="forgetting",
        systems="no-memory",
    )
    assert reference_run.main(command) == 0
    first = capfd.readouterr().out
    assert f"server ready at http://127.0.0.1:{port}/v1" in first
    assert "served from the cache" not in first
    for written in (tmp_path / "results").rglob("*.json"):
        written.unlink()  # a published run is run again only once its file is gone
    assert reference_run.main(command) == 0
    second = capfd.readouterr().out
    assert "over 0 call(s); 3 call(s) served from the cache" in second, second


def test_a_port_in_use_is_refused() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit, match=f"port {port} on 127.0.0.1 is in use"):
            reference_run.chosen_port(port)
    assert reference_run.chosen_port(0) > 0
