"""The fake server's imitations of real OpenAI-compatible servers, and what the runner does with
each: the structured output it negotiates, the context window it reads, an over-long prompt made
`unrun` with reason `context-overflow` (never wrong), a refused format stopping the run after one
call with the server's message and the fix, a reply cut at `max_tokens`, a reply with no usage."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.formats.result import ResultFile
from checker.runner.client import (
    CallFailed,
    CallStats,
    ContextOverflow,
    Endpoint,
    EndpointDown,
    ModelClient,
    RetryPolicy,
)
from checker.runner.fake import MODES, FakeServer, Reply, default_script, prompt_text
from checker.runner.negotiate import PREFLIGHT_SCHEMA, negotiate
from tests.conftest import run_cli
from tests.runner.conftest import run_forgetting

SHORT = {"messages": [{"role": "user", "content": "hello"}], "max_tokens": 20}
LONG = {"messages": [{"role": "user", "content": "word " * 4000}], "max_tokens": 20}


@pytest.fixture
def modes() -> Iterator[Any]:
    started: list[FakeServer] = []
    clients: list[ModelClient] = []

    def start(mode: str, **options: Any) -> tuple[FakeServer, ModelClient]:
        server = FakeServer(mode=mode, model="m", **options).start()
        started.append(server)
        client = ModelClient(
            Endpoint(server.url, "m", "test-key", timeout=5.0),
            role="judge",
            stats=CallStats(),
            cache=None,
            namespace="modes",
            retry=RetryPolicy(attempts=4, base=0.01, cap=0.05),
        )
        clients.append(client)
        return server, client

    yield start
    for client in clients:
        client.close()
    for server in started:
        server.stop()


def prose_unless_json_object(request: dict[str, Any]) -> Reply:
    """A model that writes JSON only when a grammar forces it (`json_object`): what a small
    model does when `json_schema` is accepted but not enforced."""
    fmt = request.get("response_format") or {}
    if fmt.get("type") == "json_object" and '{"ok": true}' in prompt_text(request):
        return Reply('{"ok": true}')
    return Reply("Sure! Here is what you asked for.")


@pytest.mark.parametrize(
    ("mode", "script", "chosen", "window", "source"),
    [
        ("llama-cpp-python", None, "json_object_schema", None, None),
        ("llama-server", prose_unless_json_object, "json_object_schema", 2048, "/props"),
        ("vllm", None, "json_schema", 2048, "/v1/models"),
        ("ollama", None, "json_schema", 2048, "/api/ps"),
    ],
)
def test_preflight_negotiates_each_server(
    modes: Any, mode: str, script: Any, chosen: str, window: int | None, source: str | None
) -> None:
    server, client = modes(mode, script=script)
    result = negotiate(client)
    assert result.response_format == chosen
    assert (result.context_window, result.window_source) == (window, source)
    assert client.context_window == window
    if mode == "llama-cpp-python":
        first = result.attempts[0]
        assert first.status == 500 and "but got: json_schema" in first.outcome
    if mode == "llama-server":
        assert result.attempts[0].outcome.startswith("ignored")  # accepted, not enforced
    assert len(server.requests) == len(result.attempts) <= 2  # a cheap preflight


def refuses_schema_in_json_object(request: dict[str, Any]) -> Reply:
    """A strict server: `json_schema` unknown, `json_object` known, extra fields refused."""
    fmt = request.get("response_format") or {}
    if fmt.get("type") == "json_schema" or set(fmt) - {"type"}:
        return Reply('{"error": {"message": "Unrecognized field in response_format"}}', status=400)
    if fmt.get("type") == "json_object":
        return Reply('{"ok": true}')
    return Reply("Sure!")


def test_a_server_refusing_the_schema_field_falls_through_to_bare_json_object(modes: Any) -> None:
    server, client = modes("vllm", script=refuses_schema_in_json_object)
    result = negotiate(client)
    assert result.response_format == "json_object"
    assert [a.response_format for a in result.attempts] == [
        "json_schema",
        "json_object_schema",
        "json_object",
    ]
    assert [a.status for a in result.attempts] == [400, 400, 200]
    assert server.requests[1]["response_format"]["schema"] == PREFLIGHT_SCHEMA


@pytest.mark.parametrize("mode", ["llama-cpp-python", "llama-server", "vllm"])
def test_an_over_long_prompt_is_a_context_overflow(modes: Any, mode: str) -> None:
    server, client = modes(mode)
    with pytest.raises(ContextOverflow, match=r"^context-overflow: .*window 2048"):
        client.chat(LONG)
    assert len(server.requests) == 1  # never retried
    assert client.chat(SHORT).content  # the endpoint is not written off


def test_ollama_truncates_silently_and_the_client_sees_it(modes: Any) -> None:
    _server, client = modes("ollama")
    reply = client.chat(LONG)  # without the window, the truncation cannot be seen
    assert reply.prompt_tokens == 2048
    negotiate(client, structured=False)
    with pytest.raises(ContextOverflow, match="used its whole window of 2048"):
        client.chat({**LONG, "seed": 1})
    assert client.chat(SHORT).prompt_tokens < 2048


def test_a_refused_format_stops_after_one_call_with_the_fix(modes: Any) -> None:
    server, client = modes("llama-cpp-python")
    body = {**SHORT, "response_format": {"type": "json_schema", "json_schema": {"schema": {}}}}
    with pytest.raises(EndpointDown) as raised:
        client.chat(body)
    message = str(raised.value)
    assert "HTTP 500" in message and "but got: json_schema" in message
    assert "--judge-response-format auto" in message
    assert len(server.requests) == 1


def test_a_long_reply_is_cut_with_finish_reason_length(modes: Any) -> None:
    _server, client = modes("vllm", script=lambda r: Reply("many words " * 100))
    reply = client.chat(SHORT)
    assert reply.finish_reason == "length" and len(reply.content or "") == 80
    assert "1 reply(ies) cut at max_tokens" in "\n".join(client.stats.lines())


def test_a_reply_without_usage_is_counted_as_such(modes: Any) -> None:
    _server, client = modes("vllm", usage=False)
    reply = client.chat(SHORT)
    assert reply.content and not reply.usage_reported
    assert "1 call(s) reported no usage" in "\n".join(client.stats.lines())


def test_every_mode_is_tested() -> None:
    assert set(MODES) == {"llama-cpp-python", "llama-server", "vllm", "ollama"}
    assert default_script(SHORT).content == "I do not know."


def test_full_context_over_a_small_window_is_unrun_never_wrong(tmp_path: Path) -> None:
    with FakeServer(mode="llama-cpp-python", context_window=3000) as server:
        rc, out, err = run_forgetting(
            server.url,
            tmp_path,
            "small",
            "small.json",
            "--system",
            "full-context",
            "--judge",
            "rules",
        )
    assert rc in (0, 11), err
    result = ResultFile.model_validate_json((tmp_path / "small.json").read_text())
    overflow = [r for r in result.rows if (r.reason or "").startswith("context-overflow")]
    assert overflow and all(r.outcome == "unrun" for r in overflow)
    assert "passes `typedmemeval check`" in out
    assert result.judge.model == "typedmemeval-rules" and result.judge.response_format is None


def test_the_default_judge_negotiates_and_records_its_format(tmp_path: Path) -> None:
    with FakeServer(mode="llama-cpp-python", context_window=100_000) as server:
        rc, out, err = run_forgetting(
            server.url, tmp_path, "auto", "auto.json", "--system", "no-memory", "--judge-model", "m"
        )
        asked = len(server.requests)
    assert rc in (0, 11), err
    assert "judge preflight: structured output: json_object_schema" in err
    result = ResultFile.model_validate_json((tmp_path / "auto.json").read_text())
    assert result.judge.response_format == "json_object_schema"
    judged = [r for r in server.requests if "verdict" in prompt_text(r)]
    assert judged and all(
        r["response_format"]["type"] == "json_object"
        and r["response_format"]["schema"]["properties"]["outcome"]["enum"]
        for r in judged
    )
    # 2 preflight calls, then per question one answer and one judge call: the schema in the
    # json_object request constrains the verdict, as llama-cpp-python's grammar does, so no
    # judge reply is unusable and none is asked again; no HTTP 500 anywhere.
    assert asked == 2 + 2 * len(result.rows)
    assert "http 500" not in out


def test_a_forced_refused_format_stops_the_run_with_the_fix(tmp_path: Path) -> None:
    with FakeServer(mode="llama-cpp-python", context_window=100_000) as server:
        rc, _, err = run_forgetting(
            server.url,
            tmp_path,
            "forced",
            "forced.json",
            "--system",
            "no-memory",
            "--judge-model",
            "m",
            "--judge-response-format",
            "json_schema",
            "--concurrency",
            "1",
        )
        judge_calls = [r for r in server.requests if "response_format" in r]
    assert rc == 2
    assert "but got: json_schema" in err and "--judge-response-format auto" in err
    assert len(judge_calls) == 1
    assert not (tmp_path / "forced.json").exists()


def test_a_call_failing_for_good_is_typed(modes: Any) -> None:
    _server, client = modes("vllm", script=lambda r: Reply(status=422))
    with pytest.raises(CallFailed, match="HTTP 422"):
        client.chat(SHORT)


@pytest.mark.parametrize(
    ("mode", "printed"),
    [
        ("llama-cpp-python", "structured output: json_object_schema"),
        ("vllm", "context window: 2048 tokens (from /v1/models)"),
    ],
)
def test_probe_endpoint_prints_what_the_server_accepts(mode: str, printed: str) -> None:
    with FakeServer(mode=mode, model="m") as server:
        rc, out, err = run_cli("probe", "--endpoint", "--base-url", server.url, "--model", "m")
    assert rc == 0, err
    assert out.startswith(f"endpoint {server.url}, model m:") and printed in out
    if mode == "llama-cpp-python":
        assert "json_schema: HTTP 500, refused: response_format type must be one of" in out


def test_probe_endpoint_against_nothing_says_so(tmp_path: Path) -> None:
    with FakeServer() as server:
        url = server.url
    rc, _, err = run_cli("probe", "--endpoint", "--base-url", url, "--model", "m")
    assert rc == 2 and "did not answer" in err
