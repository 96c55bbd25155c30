"""The runner against a hostile checkout and hostile servers: it writes only where it means to,
never prints or stores a key, never crashes on a reply, refuses at the start what the result
would refuse at the end, and bounds every call in time and size.

Each test is one point of the hardening issue; every server is local (127.0.0.1)."""

from __future__ import annotations

import json
import socket
import stat
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from checker.runner.cache import DiskCache
from checker.runner.client import (
    CallFailed,
    CallStats,
    Endpoint,
    EndpointDown,
    ModelClient,
    RetryPolicy,
)
from checker.runner.fake import Reply, _schema_of, placeholder_value
from checker.runner.http_system import HttpSystem, SystemInfoError
from checker.runner.judge import Judge, JudgeSettings, Verdict, case_for
from checker.runner.negotiate import PREFLIGHT_MESSAGES
from checker.runner.system import SystemFailed
from tests.conftest import run_cli
from tests.runner.conftest import INDEX
from tests.runner.scripted import is_judge
from tests.runner.test_run_end_to_end import run_args, scripted

FORGETTING = "typedmemeval-forgetting-2026.12"
ARITHMETIC = "typedmemeval-arithmetic-2026.12"


def every_text(tmp_path: Path, *streams: str) -> str:
    """Every stream and every file the run left under tmp_path, as one text."""
    parts = list(streams)
    for path in tmp_path.rglob("*"):
        if path.is_file() and not path.is_symlink():
            parts.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(parts)


# --- 1. writes never go through a link --------------------------------------------------


def _victim(tmp_path: Path) -> Path:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    victim.chmod(0o644)
    return victim


@pytest.mark.parametrize("name", ["answers.jsonl", "judge-raw.jsonl"])
def test_a_linked_local_file_is_refused_and_its_target_untouched(
    serve: Callable[..., Any], tmp_path: Path, forgetting: Any, name: str
) -> None:
    server = serve(scripted(forgetting))
    victim = _victim(tmp_path)
    folder = tmp_path / "work" / "runs" / FORGETTING / "bm25" / "l1"
    folder.mkdir(parents=True)
    (folder / name).symlink_to(victim)
    rc, out, err = run_cli(*run_args(server.url, FORGETTING, tmp_path, "l1", "--system", "bm25"))
    assert rc == 2, (out, err)
    assert "symbolic link" in err and name in err
    assert victim.read_text() == "precious\n"
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644
    assert server.requests == [], "the run spent calls before refusing"


def test_a_linked_folder_on_the_work_path_is_refused(
    serve: Callable[..., Any], tmp_path: Path, forgetting: Any
) -> None:
    server = serve(scripted(forgetting))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "runs").symlink_to(elsewhere, target_is_directory=True)
    rc, _, err = run_cli(*run_args(server.url, FORGETTING, tmp_path, "l2", "--system", "bm25"))
    assert rc == 2 and "symbolic link" in err and "runs" in err
    assert list(elsewhere.iterdir()) == []


def test_a_linked_default_result_path_is_refused_before_any_call(
    serve: Callable[..., Any],
    tmp_path: Path,
    forgetting: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = serve(scripted(forgetting))
    victim = _victim(tmp_path)
    checkout = tmp_path / "checkout"
    folder = checkout / "results" / "forgetting" / "reference-no-memory"
    folder.mkdir(parents=True)
    (folder / "l3.json").symlink_to(victim)
    monkeypatch.chdir(checkout)
    args = run_args(server.url, FORGETTING, tmp_path, "l3", "--system", "no-memory")
    rc, out, err = run_cli(*args)
    assert rc == 2, (out, err)
    assert "symbolic link" in err and "l3.json" in err
    assert victim.read_text() == "precious\n"
    assert server.requests == []


def test_out_onto_an_existing_file_needs_force(
    serve: Callable[..., Any], tmp_path: Path, forgetting: Any
) -> None:
    server = serve(scripted(forgetting))
    out = tmp_path / "mine.json"
    out.write_text("my own notes\n")
    args = run_args(server.url, FORGETTING, tmp_path, "f1", "--system", "bm25", "--out", str(out))
    rc, _, err = run_cli(*args)
    assert rc == 2 and "already exists" in err and "--force" in err
    assert out.read_text() == "my own notes\n"
    assert server.requests == []
    rc, _, err = run_cli(*args, "--force")
    assert rc == 0, err
    assert json.loads(out.read_text())["run_id"] == "f1"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_out_through_a_link_is_refused_even_with_force(
    serve: Callable[..., Any], tmp_path: Path, forgetting: Any
) -> None:
    server = serve(scripted(forgetting))
    victim = _victim(tmp_path)
    out = tmp_path / "linked.json"
    out.symlink_to(victim)
    args = run_args(server.url, FORGETTING, tmp_path, "f2", "--system", "bm25", "--out", str(out))
    rc, _, err = run_cli(*args, "--force")
    assert rc == 2 and "symbolic link" in err
    assert victim.read_text() == "precious\n"


# --- 3. no key in any line or file ---------------------------------------------------------

CANARIES = {
    "sk": "sk-canaryA1b2C3d4E5f6G7h8",
    "gsk": "gsk_canary9Z8y7X6w5V4u3T2s",
    "plain": "PlainCanary0q9w8e7r6t5y",
}


def _echo_key_script(status: int, key: str) -> Callable[[dict[str, Any]], Reply]:
    """Every request refused with `status`, the body echoing the key it was sent."""

    def script(request: dict[str, Any]) -> Reply:
        message = f"invalid api key {key}; you sent Bearer {key}"
        body = {"error": {"message": message, "type": "auth"}}
        return Reply(status=status, raw=json.dumps(body).encode())

    return script


@pytest.mark.parametrize("kind", sorted(CANARIES))
@pytest.mark.parametrize("status", [400, 401, 403, 404, 500])
def test_the_key_never_appears_in_an_error_line_or_a_file(
    serve: Callable[..., Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    kind: str,
    status: int,
) -> None:
    key = CANARIES[kind]
    monkeypatch.setenv("OPENAI_API_KEY", key)
    monkeypatch.chdir(tmp_path)  # a result, if one is written, lands under tmp_path/results
    server = serve(_echo_key_script(status, key))
    args = run_args(server.url, FORGETTING, tmp_path, "k1", "--system", "no-memory")
    rc, out, err = run_cli(*args, "--retries", "1")
    assert server.requests, "the endpoint was never called"
    assert f"Bearer {key}" in server.authorizations[0]
    assert key not in every_text(tmp_path, out, err)
    if status in (401, 403, 404):
        assert rc == 2 and f"HTTP {status}" in err and "[redacted]" in err


def test_an_echoed_key_in_completions_is_masked_in_every_file(
    serve: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = CANARIES["plain"]
    monkeypatch.setenv("OPENAI_API_KEY", key)
    monkeypatch.chdir(tmp_path)  # the result lands under tmp_path/results, and is scanned too

    def script(request: dict[str, Any]) -> Reply:
        schema = _schema_of(request)
        if schema is not None:
            verdict = placeholder_value(schema)
            verdict["reason"] = f"the key is {key}"
            return Reply(json.dumps(verdict))
        return Reply(f"I do not know, but your key is {key}")

    server = serve(script)
    args = run_args(server.url, FORGETTING, tmp_path, "k2", "--system", "no-memory")
    rc, out, err = run_cli(*args)
    assert rc in (0, 11), err
    assert len(server.requests) > 1
    assert key not in every_text(tmp_path, out, err)
    answers = tmp_path / "work" / "runs" / FORGETTING / "no-memory" / "k2" / "answers.jsonl"
    assert "[redacted]" in answers.read_text()
    assert list((tmp_path / "results").rglob("k2.json")), "no result was written"


def test_url_credentials_are_masked_in_the_stop_message(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://alice:UrlCanary5t4r3e2w1q@127.0.0.1:{port}/v1"
    args = run_args(url, FORGETTING, tmp_path, "k3", "--system", "no-memory")
    rc, out, err = run_cli(*args, "--retries", "1")
    assert rc == 2, err
    assert "unreachable" in err
    text = every_text(tmp_path, out, err)
    assert "UrlCanary5t4r3e2w1q" not in text and "alice:" not in text


# --- 4. poisoned verdicts never crash a run and are never cached ----------------------------

DEEP = "[" * 200_000 + "]" * 200_000
POISON = {
    0: DEEP,
    1: "overflow",  # stated_value 1e400
    2: "nan",  # stated_value NaN
}


def _good_verdict(schema: dict[str, Any]) -> dict[str, Any]:
    verdict: dict[str, Any] = placeholder_value(schema)
    verdict["outcome"] = "wrong"
    if "stated_value" in verdict:
        verdict["stated_value"] = 1.0
    return verdict


def _poisoning_judge(poisoned: dict[str, str], asked: list[str]) -> Callable[..., Reply]:
    def script(request: dict[str, Any]) -> Reply:
        if request.get("messages") == PREFLIGHT_MESSAGES:
            return Reply('{"ok": true}')  # the judge preflight: json_schema is honoured
        schema = _schema_of(request)
        if schema is None or not is_judge(request):
            return Reply("I do not know.")
        text = request["messages"][1]["content"]
        question = next(
            line[len("Question: ") :] for line in text.splitlines() if line.startswith("Question: ")
        )
        asked.append(question)
        verdict = _good_verdict(schema)
        kind = poisoned.get(question)
        if kind is None:
            return Reply(json.dumps(verdict))
        if kind == "deep":
            return Reply(DEEP)
        body = json.dumps(verdict).replace('"stated_value": 1.0', '"stated_value": STATED')
        return Reply(body.replace("STATED", "1e400" if kind == "overflow" else "NaN"))

    return script


def test_poisoned_verdicts_are_inconclusive_and_a_rerun_asks_again(
    serve: Callable[..., Any], tmp_path: Path
) -> None:
    from tests.runner.conftest import shipped

    corpus = json.loads(shipped("arithmetic").read_text())
    texts = Counter(q["question"] for q in corpus)
    # The judge knows a question by its text: three questions whose text is their own.
    questions = [q for q in corpus if texts[q["question"]] == 1][:3]
    poisoned = {
        questions[0]["question"]: "deep",
        questions[1]["question"]: "overflow",
        questions[2]["question"]: "nan",
    }
    ids = [q["question_id"] for q in questions]
    asked: list[str] = []
    server = serve(_poisoning_judge(poisoned, asked))
    out_path = tmp_path / "p1.json"
    args = run_args(
        server.url, ARITHMETIC, tmp_path, "p1", "--system", "no-memory", "--out", str(out_path)
    )
    rc, out, err = run_cli(*args)
    assert rc == 0, (out, err)
    rows = {r["question_id"]: r for r in json.loads(out_path.read_text())["rows"]}
    assert rows[ids[0]]["outcome"] == "inconclusive"
    assert "nested deeper" in rows[ids[0]]["reason"]
    assert rows[ids[1]]["outcome"] == "inconclusive" and "out of range" in rows[ids[1]]["reason"]
    assert rows[ids[2]]["outcome"] == "inconclusive" and "non-finite" in rows[ids[2]]["reason"]
    assert all(rows[i]["outcome"] != "inconclusive" for i in rows if i not in ids), [
        (i, rows[i].get("reason")) for i in rows if rows[i]["outcome"] == "inconclusive"
    ]
    # The rerun (same run id) asks the judge again for the three, and only for them.
    poisoned.clear()
    asked.clear()
    rc, out, err = run_cli(*args, "--force")
    assert rc == 0, err
    assert sorted(asked) == sorted(q["question"] for q in questions)
    rows = {r["question_id"]: r for r in json.loads(out_path.read_text())["rows"]}
    assert all(rows[i]["outcome"] != "inconclusive" for i in ids)


def test_a_poisoned_entry_an_older_version_cached_is_ignored(
    serve: Callable[..., Any], tmp_path: Path, forgetting: Any
) -> None:
    asked: list[str] = []
    server = serve(_poisoning_judge({}, asked))
    stats = CallStats()
    cache = DiskCache(tmp_path / "cache")
    client = ModelClient(
        Endpoint(server.url, "judge", "test-key", timeout=5.0),
        role="judge",
        stats=stats,
        cache=cache,
        namespace="n",
    )
    judge = Judge(client, JudgeSettings(model="judge"))
    case = case_for(forgetting.questions[0])
    body = judge.body(case, "an answer")
    completion = {
        "choices": [{"message": {"role": "assistant", "content": DEEP}, "finish_reason": "stop"}]
    }
    cache.put(client.key(body, 0), {"raw": json.dumps(completion)})
    with client:
        judgement = judge.judge(case, "an answer")
    assert isinstance(judgement.result, Verdict)
    assert len(asked) == 1, "the poisoned entry was served instead of asking again"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (DEEP, "nested deeper"),
        ('{"x": 1e400}', "out of range"),
        ('{"x": NaN}', "non-finite"),
        ('{"x": -Infinity}', "non-finite"),
        ('{"x": ' + "9" * 5000 + "}", "out of range"),
    ],
)
def test_bounded_reading_refuses_with_a_reason(text: str, reason: str) -> None:
    from checker.runner.replies import BadReply, load_bounded

    with pytest.raises(BadReply, match=reason):
        load_bounded(text)


# --- 5. refused at the start, not at the end ---------------------------------------------


class InfoServer:
    """A system behind the adapter contract whose /info is given; records every path asked."""

    def __init__(self, info: bytes, answer: str = "I do not know.") -> None:
        owner = self
        reply = json.dumps({"answer": answer}).encode()
        self.paths: list[str] = []

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def _reply(self, body: bytes) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                owner.paths.append(self.path)
                self._reply(info)

            def do_POST(self) -> None:
                owner.paths.append(self.path)
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self._reply(reply)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def info_server() -> Iterator[Callable[[bytes], InfoServer]]:
    made: list[InfoServer] = []

    def start(info: bytes) -> InfoServer:
        made.append(InfoServer(info))
        return made[-1]

    yield start
    for server in made:
        server.close()


def _http_system_args(url: str, model_url: str, tmp_path: Path, run_id: str) -> list[str]:
    args = run_args(model_url, FORGETTING, tmp_path, run_id, "--system-url", url)
    return args


@pytest.mark.parametrize(
    "info",
    [
        {"name": "evil\n", "version": "1"},
        {"name": "ok", "version": "1\n"},
        {"name": "ok", "version": "1", "answer_model": "m\n"},
        {"name": "ok", "version": "1", "sampling": {"temperature": 1e999}},
    ],
    ids=["name", "version", "answer-model", "temperature-inf"],
)
def test_info_the_result_would_refuse_is_refused_before_any_call(
    serve: Callable[..., Any],
    info_server: Callable[[bytes], InfoServer],
    tmp_path: Path,
    info: dict[str, Any],
) -> None:
    model = serve(lambda request: Reply("{}"))
    body = json.dumps(info).replace("Infinity", "1e999").encode()
    system = info_server(body)
    rc, out, err = run_cli(*_http_system_args(system.url, model.url, tmp_path, "s1"))
    assert rc == 2, (out, err)
    assert "Traceback" not in err
    assert system.paths == ["/info"], "the run went on past /info"
    assert model.requests == []


def test_a_system_name_that_echoes_the_key_is_refused(
    serve: Callable[..., Any],
    info_server: Callable[[bytes], InfoServer],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    key = CANARIES["gsk"]
    monkeypatch.setenv("OPENAI_API_KEY", key)
    model = serve(lambda request: Reply("{}"))
    system = info_server(json.dumps({"name": f"echo {key}", "version": "1"}).encode())
    rc, out, err = run_cli(*_http_system_args(system.url, model.url, tmp_path, "s3"))
    assert rc == 2 and "holds a configured API key" in err
    assert key not in every_text(tmp_path, out, err)
    assert system.paths == ["/info"]


def test_deep_info_is_refused_with_a_reason(
    serve: Callable[..., Any], info_server: Callable[[bytes], InfoServer], tmp_path: Path
) -> None:
    model = serve(lambda request: Reply("{}"))
    system = info_server(DEEP.encode())
    rc, _, err = run_cli(*_http_system_args(system.url, model.url, tmp_path, "s2"))
    assert rc == 2 and "nested deeper" in err and "Traceback" not in err


@pytest.mark.parametrize("run_id", ["o5\n", "o5\r", "O5"])
def test_a_run_id_with_a_trailing_newline_is_refused(
    serve: Callable[..., Any], tmp_path: Path, run_id: str
) -> None:
    server = serve(lambda request: Reply("{}"))
    rc, _, err = run_cli(*run_args(server.url, FORGETTING, tmp_path, run_id, "--system", "bm25"))
    assert rc == 2 and "--run-id" in err
    assert server.requests == []


@pytest.mark.parametrize("temperature", ["nan", "1e999", "-0.5", "2.5"])
def test_a_temperature_the_result_would_refuse_is_refused_first(
    serve: Callable[..., Any], tmp_path: Path, temperature: str
) -> None:
    server = serve(lambda request: Reply("{}"))
    args = run_args(server.url, FORGETTING, tmp_path, "t1", "--system", "no-memory")
    rc, _, err = run_cli(*args, "--temperature", temperature)
    assert rc == 2 and "temperature" in err
    assert server.requests == []


def test_a_judge_model_name_with_a_newline_is_refused_first(
    serve: Callable[..., Any], tmp_path: Path
) -> None:
    server = serve(lambda request: Reply("{}"))
    args = run_args(server.url, FORGETTING, tmp_path, "t2", "--system", "no-memory")
    args[args.index("--judge-model") + 1] = "judge\n"
    rc, _, err = run_cli(*args)
    assert rc == 2 and "judge model" in err
    assert server.requests == []


# --- 6. every call bounded in time and size; no redirects -------------------------------


class RawServer:
    """A TCP server that hands every connection to `behave(conn)` (hostile HTTP)."""

    def __init__(self, behave: Callable[[socket.socket], None]) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.behave = behave
        self.stopped = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        try:
            conn.recv(65536)
            self.behave(conn)
        except OSError:
            pass
        finally:
            conn.close()

    def close(self) -> None:
        self.stopped.set()
        self.sock.close()


def drip_body(conn: socket.socket) -> None:
    conn.sendall(
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 999\r\n\r\n"
    )
    for _ in range(200):
        conn.sendall(b" ")
        time.sleep(0.2)


def drip_headers(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\n")
    for _ in range(200):
        conn.sendall(b"X")
        time.sleep(0.2)


def endless(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n[")
    chunk = b"1," * 32768
    for _ in range(1000):  # 64 MB at most, far past the bound, without flooding the machine
        conn.sendall(chunk)


@pytest.fixture
def raw_server() -> Iterator[Callable[[Callable[[socket.socket], None]], RawServer]]:
    made: list[RawServer] = []

    def start(behave: Callable[[socket.socket], None]) -> RawServer:
        made.append(RawServer(behave))
        return made[-1]

    yield start
    for server in made:
        server.close()


def _client(url: str, timeout: float, attempts: int = 1) -> ModelClient:
    return ModelClient(
        Endpoint(url, "m", "test-key", timeout=timeout),
        role="answer model",
        stats=CallStats(),
        cache=None,
        namespace="n",
        retry=RetryPolicy(attempts=attempts, base=0.01, cap=0.01),
    )


@pytest.mark.parametrize("behave", [drip_body, drip_headers], ids=["body", "headers"])
def test_a_slow_drip_model_endpoint_is_cut_off_at_the_deadline(
    raw_server: Callable[..., RawServer], behave: Callable[[socket.socket], None]
) -> None:
    server = raw_server(behave)
    started = time.monotonic()
    with (
        _client(f"http://127.0.0.1:{server.port}/v1", timeout=1.0) as client,
        pytest.raises(CallFailed, match="timeout"),
    ):
        client.chat({"messages": [{"role": "user", "content": "hi"}]})
    assert time.monotonic() - started < 2.5


def test_an_endless_model_reply_is_cut_off_at_its_size(
    raw_server: Callable[..., RawServer],
) -> None:
    server = raw_server(endless)
    started = time.monotonic()
    with (
        _client(f"http://127.0.0.1:{server.port}/v1", timeout=20.0) as client,
        pytest.raises(CallFailed, match="reply too large"),
    ):
        client.chat({"messages": [{"role": "user", "content": "hi"}]})
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("behave", [drip_body, drip_headers], ids=["body", "headers"])
def test_a_slow_drip_system_is_cut_off_at_the_deadline(
    raw_server: Callable[..., RawServer], behave: Callable[[socket.socket], None]
) -> None:
    server = raw_server(behave)
    started = time.monotonic()
    with pytest.raises(SystemInfoError, match="timeout"):
        HttpSystem(f"http://127.0.0.1:{server.port}", CallStats(), timeout=1.0)
    assert time.monotonic() - started < 2.5


def test_an_endless_system_reply_is_cut_off_at_its_size(
    raw_server: Callable[..., RawServer],
) -> None:
    server = raw_server(endless)
    started = time.monotonic()
    with pytest.raises(SystemInfoError, match="larger than"):
        HttpSystem(f"http://127.0.0.1:{server.port}", CallStats(), timeout=20.0)
    assert time.monotonic() - started < 10


def test_an_endless_info_stops_the_run_command_without_a_traceback(
    serve: Callable[..., Any], raw_server: Callable[..., RawServer], tmp_path: Path
) -> None:
    model = serve(lambda request: Reply("{}"))
    system = raw_server(endless)
    args = _http_system_args(f"http://127.0.0.1:{system.port}", model.url, tmp_path, "e1")
    rc, _, err = run_cli(*args, "--timeout", "20")
    assert rc == 2 and "larger than" in err and "Traceback" not in err


def test_a_redirect_is_not_followed(
    serve: Callable[..., Any], raw_server: Callable[..., RawServer]
) -> None:
    other = serve(lambda request: Reply("redirected"))

    def redirect(conn: socket.socket) -> None:
        conn.sendall(
            b"HTTP/1.1 307 Temporary Redirect\r\nLocation: "
            + f"{other.url}/chat/completions".encode()
            + b"\r\nContent-Length: 0\r\n\r\n"
        )

    server = raw_server(redirect)
    with (
        _client(f"http://127.0.0.1:{server.port}/v1", timeout=5.0) as client,
        pytest.raises((CallFailed, EndpointDown), match="307"),
    ):
        client.chat({"messages": [{"role": "user", "content": "secret prompt"}]})
    assert other.requests == [], "the prompt was sent on to the redirect's target"


def test_an_oversized_answer_from_a_system_makes_the_question_unrun() -> None:
    info = json.dumps({"name": "big", "version": "1"}).encode()
    server = InfoServer(info, answer="x" * 100_000)
    try:
        system = HttpSystem(server.url, CallStats(), timeout=5.0)
        episode = system.instance()
        episode.reset()
        system.max_reply_bytes = 10_000
        with pytest.raises(SystemFailed, match="larger than"):
            episode.answer("what?", "2026-01-01")
        episode.close()
    finally:
        server.close()


def test_the_probe_work_folder_through_a_link_is_refused(
    serve: Callable[..., Any], tmp_path: Path
) -> None:
    server = serve(lambda request: Reply("{}"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "probes").symlink_to(elsewhere, target_is_directory=True)
    rc, _, err = run_cli(
        "probe",
        FORGETTING,
        "--index",
        str(INDEX),
        "--base-url",
        server.url,
        "--model",
        "ref",
        "--judge-model",
        "judge",
        "--work",
        str(tmp_path / "work"),
    )
    assert rc == 2 and "symbolic link" in err
    assert list(elsewhere.iterdir()) == [] and server.requests == []


@pytest.mark.parametrize("behave", [drip_body, drip_headers], ids=["body", "headers"])
def test_a_slow_drip_info_endpoint_is_cut_off_at_the_deadline(
    raw_server: Callable[..., RawServer], behave: Callable[[socket.socket], None]
) -> None:
    from checker.runner.negotiate import _get_json

    server = raw_server(behave)
    started = time.monotonic()
    assert _get_json(f"http://127.0.0.1:{server.port}/props", "test-key", 1.0) is None
    assert time.monotonic() - started < 2.5


def test_two_systems_under_one_run_id_keep_their_own_answer_files(
    serve: Callable[..., Any], tmp_path: Path, forgetting: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make reference` runs every system under one run id: each keeps its own local answer
    file (they shared one folder, and the later system's run replaced the earlier's)."""
    monkeypatch.chdir(tmp_path)  # the default result paths land under tmp_path/results
    server = serve(scripted(forgetting))
    for system in ("no-memory", "bm25"):
        rc, _, err = run_cli(
            *run_args(server.url, FORGETTING, tmp_path, "same", "--system", system)
        )
        assert rc in (0, 11), err
    runs = tmp_path / "work" / "runs" / FORGETTING
    for system in ("no-memory", "bm25"):
        lines = (runs / system / "same" / "answers.jsonl").read_text().splitlines()
        assert len(lines) == len(forgetting.questions), system
