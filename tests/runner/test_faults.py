"""Faults: malformed bodies, timeouts, 429 then success, 5xx, refused connections, a server that
dies mid-run, a verdict outside the schema, a provider that refuses one request. The run never
records a fabricated outcome — a question is inconclusive or unrun with its reason, or the run
stops cleanly — and a rerun resumes from the cache."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checker.formats.result import ResultFile
from checker.load import LoadedCorpus
from checker.runner.cache import DiskCache
from checker.runner.client import (
    CallFailed,
    CallStats,
    Endpoint,
    EndpointDown,
    ModelClient,
    RetryPolicy,
)
from checker.runner.fake import FakeServer, Reply
from tests.conftest import run_cli
from tests.runner.conftest import INDEX
from tests.runner.policy import consistent_verdict
from tests.runner.scripted import ScriptedModels, TinySystem, is_judge

BODY = {"messages": [{"role": "user", "content": "hello"}]}


OPENED: list[ModelClient] = []


@pytest.fixture(autouse=True)
def _close_clients() -> Any:
    yield
    while OPENED:
        OPENED.pop().close()


def client_for(url: str, tmp: Path, *, attempts: int = 4, timeout: float = 2.0) -> ModelClient:
    client = ModelClient(
        Endpoint(url, "m", "test-key", timeout=timeout),
        role="answer model",
        stats=CallStats(),
        cache=DiskCache(tmp / "cache"),
        namespace="faults",
        retry=RetryPolicy(attempts=attempts, base=0.01, cap=0.05),
    )
    OPENED.append(client)
    return client


def first_then(fault: Reply, good: str = "fine") -> Callable[[dict[str, Any]], Reply]:
    seen: list[int] = []

    def script(request: dict[str, Any]) -> Reply:
        seen.append(1)
        return fault if len(seen) == 1 else Reply(good)

    return script


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        (Reply(status=429, headers={"Retry-After": "0.01"}), "429"),
        (Reply(status=503), "http 503"),
        (Reply(raw=b"{not json"), "malformed reply"),
        (Reply(raw=b'{"id": "x"}'), "malformed reply"),
        (Reply("late", delay=1.0), "timeout"),
        (Reply(drop=True), "connection"),
    ],
    ids=["429", "503", "malformed-json", "no-choices", "timeout", "dropped"],
)
def test_one_fault_then_success_is_retried_and_counted(
    fault: Reply, reason: str, serve: Callable[..., Any], tmp_path: Path
) -> None:
    server = serve(first_then(fault))
    client = client_for(server.url, tmp_path, timeout=0.4)
    reply = client.chat(BODY)
    assert reply.content == "fine" and not reply.from_cache
    assert client.stats.retries == {reason: 1}
    assert len(server.requests) == 2
    again = client.chat(BODY)
    assert again.from_cache and again.content == "fine" and len(server.requests) == 2
    assert client.chat(BODY, attempt=1).from_cache is False  # a re-ask has its own entry


def test_persistent_failures_are_typed(serve: Callable[..., Any], tmp_path: Path) -> None:
    bodies = iter(range(100))
    server = serve(lambda r: Reply(status=500, raw=f'{{"n": {next(bodies)}}}'.encode()))
    with pytest.raises(CallFailed, match="after 3 attempts"):
        client_for(server.url, tmp_path, attempts=3).chat(BODY)
    assert len(server.requests) == 3  # 5xx bodies that differ look transient
    server = serve(lambda r: Reply(status=500))
    with pytest.raises(CallFailed, match=r"HTTP 500: scripted status 500; .*repeating"):
        client_for(server.url, tmp_path, attempts=6).chat(BODY)
    assert len(server.requests) == 2  # the same 500 again is the server's answer, not a hiccup
    server = serve(lambda r: Reply(status=400))
    client = client_for(server.url, tmp_path)
    with pytest.raises(CallFailed, match="HTTP 400"):
        client.chat(BODY)
    assert len(server.requests) == 1  # a refused request is not retried
    for n in range(2):
        assert not client.stats.stopping.is_set()
        with pytest.raises((CallFailed, EndpointDown), match="HTTP 400"):
            client.chat({"messages": [{"role": "user", "content": f"again {n}"}]})
    assert client.stats.stopping.is_set()  # met three times, never a reply: every call would
    server = serve(lambda r: Reply(status=401))
    client = client_for(server.url, tmp_path)
    with pytest.raises(EndpointDown, match="401"):
        client.chat(BODY)
    assert client.stats.stopping.is_set()
    server = serve(lambda r: Reply("x"))
    url = server.url
    server.stop()
    client = client_for(url, tmp_path, attempts=3)
    with pytest.raises(EndpointDown, match="unreachable"):
        client.chat(BODY)
    assert client.stats.retries["connection"] == 2
    with pytest.raises(EndpointDown):
        client.chat(BODY)  # once stopped, nothing more is sent


def run(url: str, tmp: Path, run_id: str, *extra: str) -> tuple[int, str, str]:
    return run_cli(
        "run",
        "typedmemeval-forgetting-2026.12",
        "--index",
        str(INDEX),
        "--system",
        "bm25",
        "--base-url",
        url,
        "--model",
        "scripted-answer",
        "--judge-model",
        "scripted-judge",
        "--run-id",
        run_id,
        "--work",
        str(tmp / "work"),
        "--out",
        str(tmp / f"{run_id}.json"),
        "--retries",
        "3",
        "--retry-base",
        "0.01",
        "--timeout",
        "1",
        "--concurrency",
        "4",
        *extra,
    )


def result_of(tmp: Path, run_id: str) -> ResultFile:
    path = tmp / f"{run_id}.json"
    rc, out, err = run_cli("check", str(path), "--index", str(INDEX))
    assert rc == 0, (out, err)
    return ResultFile.model_validate(json.loads(path.read_text()))


def test_faulty_judge_replies_are_inconclusive(
    serve: Callable[..., Any], tmp_path: Path, forgetting: LoadedCorpus
) -> None:
    by_id = {q.question_id: q for q in forgetting.questions}
    ids = [q.question_id for q in forgetting.questions]
    broken = {ids[0]: "{not json", ids[1]: json.dumps({"outcome": "stale"}), ids[2]: "slow"}

    def decide(qid: str, fields: dict[str, Any]) -> dict[str, Any] | str:
        return broken.get(qid) or consistent_verdict(by_id[qid], fields)

    models = ScriptedModels(forgetting.questions, decide)

    def script(request: dict[str, Any]) -> Reply:
        reply = models(request)
        if reply.content == "slow":
            return Reply("{}", delay=1.5)  # every attempt times out
        return reply

    server = serve(script)
    rc, out, err = run(server.url, tmp_path, "j1")
    assert rc == 0, err
    rows = {r.question_id: r for r in result_of(tmp_path, "j1").rows}
    assert rows[ids[0]].outcome == "inconclusive" and "not a JSON object" in (
        rows[ids[0]].reason or ""
    )
    assert rows[ids[1]].outcome == "inconclusive" and "verdict schema" in (
        rows[ids[1]].reason or ""
    )
    assert rows[ids[2]].outcome == "inconclusive" and "timeout" in (rows[ids[2]].reason or "")
    measured = [r for r in rows.values() if r.outcome != "inconclusive"]
    assert len(measured) == len(ids) - 3
    assert "retries:" in out and "timeout" in out


def test_429_then_success_gives_the_clean_result(
    serve: Callable[..., Any], tmp_path: Path, forgetting: LoadedCorpus
) -> None:
    by_id = {q.question_id: q for q in forgetting.questions}
    clean = ScriptedModels(forgetting.questions, lambda q, f: consistent_verdict(by_id[q], f))
    assert run(serve(clean).url, tmp_path, "clean")[0] == 0
    limited = ScriptedModels(forgetting.questions, lambda q, f: consistent_verdict(by_id[q], f))
    seen: set[str] = set()
    lock = threading.Lock()

    def script(request: dict[str, Any]) -> Reply:
        key = json.dumps(request, sort_keys=True)
        with lock:
            first = key not in seen
            seen.add(key)
        return Reply(status=429, headers={"Retry-After": "0"}) if first else limited(request)

    rc, out, err = run(serve(script).url, tmp_path, "limited")
    assert rc == 0, err
    assert f"retries: {2 * len(forgetting.questions)} (429 {2 * len(forgetting.questions)})" in out
    a, b = result_of(tmp_path, "clean"), result_of(tmp_path, "limited")
    assert [r.model_dump() for r in a.rows] == [r.model_dump() for r in b.rows]


def test_provider_refusing_one_answer_makes_that_question_unrun(
    serve: Callable[..., Any], tmp_path: Path, forgetting: LoadedCorpus
) -> None:
    by_id = {q.question_id: q for q in forgetting.questions}
    models = ScriptedModels(forgetting.questions, lambda q, f: consistent_verdict(by_id[q], f))
    target = forgetting.questions[3].question

    def script(request: dict[str, Any]) -> Reply:
        if not is_judge(request) and target in request["messages"][1]["content"]:
            return Reply(status=400)
        return models(request)

    rc, _, err = run(serve(script).url, tmp_path, "u1")
    assert rc == 0, err
    rows = result_of(tmp_path, "u1").rows
    unrun = [r for r in rows if r.outcome == "unrun"]
    assert unrun and all("HTTP 400" in (r.reason or "") for r in unrun)
    assert all(r.evidence is None or r.evidence.status == "unobserved" for r in unrun)


def test_server_dying_mid_run_stops_cleanly_and_the_rerun_resumes(
    tmp_path: Path, forgetting: LoadedCorpus
) -> None:
    by_id = {q.question_id: q for q in forgetting.questions}
    models = ScriptedModels(forgetting.questions, lambda q, f: consistent_verdict(by_id[q], f))
    holder: dict[str, FakeServer] = {}

    def dying(request: dict[str, Any]) -> Reply:
        reply = models(request)
        if len(holder["server"].requests) == 40:
            holder["server"].stop_soon()
        return reply

    first = FakeServer(dying).start()
    holder["server"] = first
    port = int(first.url.rsplit(":", 1)[1].split("/")[0])
    try:
        rc, out, err = run(first.url, tmp_path, "d1")
    finally:
        first.stop()
    assert rc == 2, err
    assert "the run stopped" in err and "Rerun the same command to resume" in err
    assert not (tmp_path / "d1.json").exists(), "a stopped run must not write a result"
    asked_first = len(first.requests)
    again = ScriptedModels(forgetting.questions, lambda q, f: consistent_verdict(by_id[q], f))
    with FakeServer(again, port=port) as second:
        rc, out, err = run(second.url, tmp_path, "d1")
        asked_second = len(second.requests)
    assert rc == 0, err
    total = 2 * len(forgetting.questions)
    assert asked_second < total, "the rerun asked everything again instead of resuming"
    assert asked_first + asked_second >= total
    assert "served from the cache" in out
    assert len(result_of(tmp_path, "d1").rows) == len(forgetting.questions)


def test_http_system_dying_mid_run_stops_cleanly_and_the_rerun_resumes(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    by_id = {q.question_id: q for q in forgetting.questions}
    judge = serve(
        ScriptedModels(forgetting.questions, lambda q, f: consistent_verdict(by_id[q], f))
    )
    sessions = sum(len(q.haystack_sessions) for q in forgetting.questions)
    args = [
        "run",
        "typedmemeval-forgetting-2026.12",
        "--index",
        str(INDEX),
        "--base-url",
        judge.url,
        "--judge-model",
        "j",
        "--run-id",
        "s1",
        "--work",
        str(tmp_path / "work"),
        "--out",
        str(tmp_path / "s1.json"),
        "--retries",
        "2",
        "--retry-base",
        "0.01",
        "--timeout",
        "1",
        "--concurrency",
        "4",
    ]
    with TinySystem(die_after=sessions // 2) as dying:
        port = int(dying.url.rsplit(":", 1)[1])
        rc, _, err = run_cli(*args, "--system-url", dying.url)
    assert rc == 2, err
    assert "the system at" in err and "unreachable" in err and "Rerun the same command" in err
    assert not (tmp_path / "s1.json").exists()
    answered = sum(1 for path, _ in dying.requests if path == "/answer")
    assert 0 < answered < len(forgetting.questions)
    with TinySystem(port=port) as again:
        rc, out, err = run_cli(*args, "--system-url", again.url)
        asked = sum(1 for path, _ in again.requests if path == "/answer")
    assert rc == 0, err
    assert asked <= len(forgetting.questions) - answered + 2, "answered questions were asked again"
    assert "served from the cache" in out
    assert len(result_of(tmp_path, "s1").rows) == len(forgetting.questions)


class FlakyMemory:
    """An in-process system (the Python protocol): keeps sessions, answers with the last one,
    and raises on one question."""

    def __init__(self, bad_question: str) -> None:
        self.bad = bad_question
        self.sessions: list[Any] = []

    def reset(self) -> None:
        self.sessions = []

    def ingest(self, session: Any) -> None:
        self.sessions.append(session)

    def answer(self, question: str, query_time: str) -> Any:
        from checker.runner.system import Evidence, SystemAnswer

        if question == self.bad and query_time:
            raise ValueError("index out of range in my store")
        last = self.sessions[-1]
        return SystemAnswer(last.turns[0].content, Evidence(answer_context=(last.session_id,)))


def test_an_in_process_system_error_makes_that_question_unrun(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    from checker.formats.sidecar import IndexEntry
    from checker.runner.judge import Judge, JudgeSettings
    from checker.runner.run import RunPlan, run_corpus
    from checker.runner.system import SystemInfo

    by_id = {q.question_id: q for q in forgetting.questions}
    server = serve(
        ScriptedModels(forgetting.questions, lambda q, f: consistent_verdict(by_id[q], f))
    )
    bad = forgetting.questions[5].question

    class Flaky:
        info = SystemInfo(name="flaky", version="1", answer_model="none")

        def instance(self) -> FlakyMemory:
            return FlakyMemory(bad)

    entry = IndexEntry(
        vertical="forgetting",
        revision="2026.12",
        status="draft",
        file="x.json",
        sha256=forgetting.sha256,
        question_count=50,
        shape_counts={},
    )
    plan = RunPlan(
        forgetting,
        entry,
        "typedmemeval-forgetting-2026.12",
        "flaky",
        "timestamps-only",
        tmp_path / "flaky.json",
        tmp_path / "work",
        concurrency=4,
    )
    stats = CallStats()
    with client_for(server.url, tmp_path) as judge_client:
        judge_client.stats = stats
        outcome = run_corpus(plan, Flaky(), Judge(judge_client, JudgeSettings(model="j")), stats)
    assert outcome.result is not None
    rows = {r.question_id: r for r in outcome.result.rows}
    hit = [q.question_id for q in forgetting.questions if q.question == bad]
    for qid in hit:
        assert rows[qid].outcome == "unrun"
        assert "ValueError" in (rows[qid].reason or "")
    assert sum(r.outcome == "unrun" for r in rows.values()) == len(hit)
    assert all(
        r.evidence is not None and r.evidence.source == "answer-context"
        for r in rows.values()
        if r.outcome != "unrun" and r.evidence is not None
    )
