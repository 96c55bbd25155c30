"""The oracle reference system (the gold sessions only), `run --limit`, and the agreement of two
judges on the same answers."""

from __future__ import annotations

import json
from pathlib import Path

from checker.formats.result import ResultFile
from checker.load import LoadedCorpus
from checker.runner.fake import FakeServer, prompt_text
from tests.conftest import run_cli
from tests.runner.conftest import INDEX, run_forgetting
from tests.runner.scripted import SESSION_MARK


def test_oracle_sees_only_gold_sessions_and_limit_runs_n(
    tmp_path: Path, forgetting: LoadedCorpus
) -> None:
    with FakeServer() as server:
        rc, out, err = run_forgetting(
            server.url,
            tmp_path,
            "o1",
            "o1.json",
            "--system",
            "oracle",
            "--judge",
            "rules",
            "--limit",
            "6",
        )
        prompts = [prompt_text(r) for r in server.requests]
    assert rc == 0, err
    assert "passes `typedmemeval check`" in out
    result = ResultFile.model_validate_json((tmp_path / "o1.json").read_text())
    assert result.system.name == "reference-oracle"
    limited = [r for r in result.rows if (r.reason or "").startswith("limit")]
    assert len(limited) == len(forgetting.questions) - 6
    asked = [r for r in result.rows if r not in limited]
    shapes = {q.question_id: q.typedmemeval.shape for q in forgetting.questions}
    assert {shapes[r.question_id] for r in asked} == set(shapes.values())  # spread over shapes
    gold = {len(q.answer_session_ids) for q in forgetting.questions}
    assert len(prompts) == 6  # the rules judge makes no call
    assert {p.count(SESSION_MARK) for p in prompts} <= gold
    assert any(p.count(SESSION_MARK) == 2 for p in prompts)


def test_agreement_of_two_judges_on_the_same_answers(tmp_path: Path) -> None:
    with FakeServer() as server:
        rc, _, err = run_forgetting(
            server.url,
            tmp_path,
            "same",
            "rules.json",
            "--system",
            "no-memory",
            "--judge",
            "rules",
            "--limit",
            "10",
        )
        assert rc == 0, err
        answers = len(server.requests)
        rc, _, err = run_forgetting(
            server.url,
            tmp_path,
            "same",
            "model.json",
            "--system",
            "no-memory",
            "--judge-model",
            "j",
            "--limit",
            "10",
        )
        assert rc in (0, 11), err
        judge_calls = len(server.requests) - answers
    # The second run takes every answer from the run's cache: only the judge (and its
    # preflight) was asked.
    assert judge_calls >= 10 and all("response_format" in r for r in server.requests[answers:])
    rc, out, err = run_cli(
        "agreement",
        str(tmp_path / "rules.json"),
        str(tmp_path / "model.json"),
        "--index",
        str(INDEX),
    )
    assert rc == 0, err
    assert out.startswith("forgetting: judge typedmemeval-rules")
    assert any(line.split()[:2] == ["all", "10"] for line in out.splitlines())
    rc, out, _ = run_cli(
        "agreement",
        str(tmp_path / "rules.json"),
        str(tmp_path / "model.json"),
        "--index",
        str(INDEX),
        "--format",
        "json",
    )
    report = json.loads(out)
    strata = report["strata"]
    assert strata["all"]["n"] == 10 and strata["all"]["unmeasured"] == 40  # 40 not asked
    assert sum(s["n"] for k, s in strata.items() if k != "all") == strata["all"]["n"]


def test_agreement_refuses_results_over_different_answers(tmp_path: Path) -> None:
    with FakeServer() as server:
        for run_id in ("r1", "r2"):
            rc, _, err = run_forgetting(
                server.url,
                tmp_path,
                run_id,
                f"{run_id}.json",
                "--system",
                "no-memory",
                "--judge",
                "rules",
                "--limit",
                "2",
            )
            assert rc == 0, err
    rc, _, err = run_cli(
        "agreement", str(tmp_path / "r1.json"), str(tmp_path / "r2.json"), "--index", str(INDEX)
    )
    assert rc == 2 and "did not judge the same answers" in err
