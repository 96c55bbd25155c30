"""A scripted OpenAI-compatible chat-completions server on localhost.

The tests, `make bench` and the worked example in docs/running.md start it in place of a real
model: a *script* maps each request body to a reply (a message, an HTTP error, a malformed body,
a delay, a dropped connection). Its answers and verdicts are scripted, so nothing a run against
it records is a measurement of anything; it exists to exercise the runner's plumbing.

    python -m checker.runner.fake --port 8765 --latency 0.05
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """What the server does with one request."""

    #: The assistant message's content (a completion with HTTP 200).
    content: str | None = None
    #: HTTP status; anything but 200 sends an OpenAI-style error body.
    status: int = 200
    #: A raw body sent instead of a completion (a malformed reply).
    raw: bytes | None = None
    #: Seconds to wait before replying (on top of the server's fixed latency).
    delay: float = 0.0
    #: Extra response headers (e.g. Retry-After on a 429).
    headers: dict[str, str] = field(default_factory=dict)
    #: Close the connection without replying.
    drop: bool = False
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


Script = Callable[[dict[str, Any]], Reply]

#: Servers the fake can imitate (`FakeServer(mode=…)`). What each does differently, as their
#: documentation and issue trackers describe it:
#:
#: - `llama-cpp-python` (`python -m llama_cpp.server`): `response_format` types `text` and
#:   `json_object` only — `json_schema` is answered with HTTP 500 naming the format, and a
#:   `schema` field in a `json_object` request constrains the reply to it; an over-long
#:   prompt is HTTP 400 `This model's maximum context length is N tokens …` (code
#:   `context_length_exceeded`); `/v1/models` names no window.
#: - `llama-server` (llama.cpp): `json_schema` accepted with HTTP 200 but not enforced (the reply
#:   is whatever the model wrote); an over-long prompt is HTTP 400 of type
#:   `exceed_context_size_error` with `n_prompt_tokens` and `n_ctx`; the window is in `/props`.
#: - `vllm`: `json_schema` enforced; an over-long prompt is HTTP 400 `This model's maximum
#:   context length is N tokens. However, you requested M tokens …`; the window is
#:   `max_model_len` in `/v1/models`.
#: - `ollama`: `json_schema` enforced; an over-long prompt is truncated silently to the window
#:   (HTTP 200, `prompt_tokens` equal to the window); the window of the loaded model is
#:   `context_length` in `/api/ps`.
#:
#: Every mode cuts a reply longer than `max_tokens` (about four characters a token) and says
#: `finish_reason: length`, as every server does. `usage=False` drops `usage` from replies (a
#: server that does not count).
MODES = ("llama-cpp-python", "llama-server", "vllm", "ollama")


def _tokens(text: str | bytes) -> int:
    """The fake's token count: about four characters a token."""
    return max(1, len(text) // 4)


def mode_refusal(mode: str, request: dict[str, Any], window: int, size: int) -> Reply | None:
    """What `mode`'s server answers instead of a completion (a refused format, a context
    error), or None when it would complete the request."""
    fmt = request.get("response_format")
    kind = fmt.get("type") if isinstance(fmt, dict) else None
    if mode == "llama-cpp-python" and kind not in (None, "text", "json_object"):
        message = f'response_format type must be one of "text" or "json_object", but got: {kind}'
        body: dict[str, Any] = {"error": {"code": 500, "message": message, "type": "server_error"}}
        return Reply(status=500, raw=json.dumps(body).encode())
    prompt = _tokens(b"x" * size)
    max_tokens = request.get("max_tokens")
    wanted = prompt + (max_tokens if isinstance(max_tokens, int) else 0)
    if mode == "ollama" or (prompt + 1 <= window and wanted <= window):
        return None
    if mode == "llama-server":
        error = {
            "code": 400,
            "message": "the request exceeds the available context size, try increasing it",
            "type": "exceed_context_size_error",
            "n_prompt_tokens": prompt,
            "n_ctx": window,
        }
        return Reply(status=400, raw=json.dumps({"error": error}).encode())
    message = (
        f"This model's maximum context length is {window} tokens. However, you requested "
        f"{wanted} tokens ({prompt} in the messages, {wanted - prompt} in the completion). "
        "Please reduce the length of the messages or completion."
    )
    if mode == "vllm":
        body = {
            "object": "error",
            "message": message,
            "type": "BadRequestError",
            "param": None,
            "code": 400,
        }
    else:
        body = {
            "error": {
                "message": message,
                "type": "invalid_request_error",
                "param": "messages",
                "code": "context_length_exceeded",
            }
        }
    return Reply(status=400, raw=json.dumps(body).encode())


def mode_info(mode: str, path: str, model: str, window: int) -> dict[str, Any] | None:
    """The body of `mode`'s server for an informational GET, or None (404)."""
    path = path.rstrip("/")
    if path.endswith("/models"):
        entry: dict[str, Any] = {"id": model, "object": "model", "owned_by": mode}
        if mode == "vllm":
            entry["max_model_len"] = window
        return {"object": "list", "data": [entry]}
    if mode == "llama-server" and path == "/props":
        return {"default_generation_settings": {"n_ctx": window}, "total_slots": 1}
    if mode == "llama-server" and path == "/health":
        return {"status": "ok"}
    if mode == "ollama" and path == "/api/ps":
        return {"models": [{"name": model, "model": model, "context_length": window}]}
    return None


def _schema_of(request: dict[str, Any]) -> dict[str, Any] | None:
    """The schema a request constrains its reply to: `json_schema`'s, or the `schema` field of a
    `json_object` request (llama-cpp-python's grammar-constrained JSON)."""
    fmt = request.get("response_format")
    if not isinstance(fmt, dict):
        return None
    if fmt.get("type") == "json_schema":
        schema = fmt.get("json_schema", {}).get("schema")
    elif fmt.get("type") == "json_object":
        schema = fmt.get("schema")
    else:
        return None
    return schema if isinstance(schema, dict) else None


def placeholder_value(schema: dict[str, Any]) -> Any:
    """A value that satisfies a (simple) JSON schema: the first enum member, an empty array,
    null where allowed, false, 0 or a short string."""
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    if "null" in kinds:
        return None
    if "object" in kinds:
        props = schema.get("properties", {})
        return {name: placeholder_value(sub) for name, sub in props.items()}
    if "array" in kinds:
        return []
    if "boolean" in kinds:
        return False
    if "integer" in kinds or "number" in kinds:
        return 0
    return "scripted"


def default_script(request: dict[str, Any]) -> Reply:
    """Judge requests (a JSON schema in `response_format`, either way) get a placeholder verdict that fits
    the schema; a request for the preflight's object gets it; every other request gets a fixed
    non-answer."""
    schema = _schema_of(request)
    if schema is not None:
        return Reply(json.dumps(placeholder_value(schema)))
    if '{"ok": true}' in prompt_text(request):
        return Reply('{"ok": true}')
    return Reply("I do not know.")


def prompt_text(request: dict[str, Any]) -> str:
    """Every message's text of a chat request, joined (what a script reads to decide)."""
    parts = []
    for message in request.get("messages", []):
        content = message.get("content")
        if isinstance(content, str):
            parts.append(content)
    return "\n".join(parts)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # socketserver's default backlog of 5 drops the SYNs of a burst of new connections, and
    # each dropped one costs the client a second's retransmission.
    request_queue_size = 128


class FakeServer:
    """The server, run on a background thread. Use as a context manager; `url` is the base URL
    an OpenAI client takes (it ends in `/v1`)."""

    def __init__(
        self,
        script: Script | None = None,
        *,
        latency: float = 0.0,
        host: str = "127.0.0.1",
        port: int = 0,
        mode: str | None = None,
        context_window: int = 2048,
        usage: bool = True,
        model: str = "fake",
    ) -> None:
        if mode is not None and mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} (one of {', '.join(MODES)})")
        self.script = script or default_script
        self.mode = mode
        self.context_window = context_window
        self.usage = usage
        self.model = model
        self.latency = latency
        self.requests: list[dict[str, Any]] = []
        #: The Authorization header of every request, in arrival order.
        self.authorizations: list[str] = []
        self._lock = threading.Lock()
        self._connections: set[socket.socket] = set()
        self._serial = itertools.count(1)
        self._stopped = False
        self._server = _Server((host, port), self._handler_class())
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def start(self) -> FakeServer:
        self._thread.start()
        return self

    def __enter__(self) -> FakeServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop accepting and close every open connection: later calls are refused, as when a
        server dies."""
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
            connections = list(self._connections)
        self._server.shutdown()
        self._server.server_close()
        for conn in connections:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)

    def stop_soon(self) -> None:
        """Stop from inside a script (a request handler cannot wait for its own server)."""
        threading.Thread(target=self.stop, daemon=True).start()

    def _record(self, body: dict[str, Any], authorization: str) -> int:
        with self._lock:
            self.requests.append(body)
            self.authorizations.append(authorization)
            return len(self.requests)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                super().setup()
                # Replies go out in one write with Nagle off, as a real server's do; otherwise
                # a delayed ACK adds ~40 ms to every call on localhost.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                with owner._lock:
                    owner._connections.add(self.connection)

            def finish(self) -> None:
                with owner._lock:
                    owner._connections.discard(self.connection)
                with contextlib.suppress(OSError):
                    super().finish()

            def log_message(self, format: str, *args: Any) -> None:
                return

            def _send(self, status: int, body: bytes, headers: dict[str, str]) -> None:
                reason = self.responses.get(status, ("",))[0]
                lines = [
                    f"HTTP/1.1 {status} {reason}",
                    "Content-Type: application/json",
                    f"Content-Length: {len(body)}",
                    *(f"{name}: {value}" for name, value in headers.items()),
                ]
                # One write for the whole reply (see `setup`).
                self.wfile.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)

            def do_GET(self) -> None:
                if owner.mode is not None:
                    info = mode_info(owner.mode, self.path, owner.model, owner.context_window)
                    if info is None:
                        self._send(404, b'{"error": {"message": "not found"}}', {})
                    else:
                        self._send(200, json.dumps(info).encode(), {})
                elif self.path.rstrip("/").endswith("/models"):
                    body = json.dumps({"object": "list", "data": []}).encode()
                    self._send(200, body, {})
                else:
                    self._send(404, b'{"error": {"message": "not found"}}', {})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                data = self.rfile.read(length)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, b'{"error": {"message": "not found"}}', {})
                    return
                try:
                    request = json.loads(data)
                except json.JSONDecodeError:
                    self._send(400, b'{"error": {"message": "body is not JSON"}}', {})
                    return
                owner._record(request, self.headers.get("Authorization", ""))
                refusal = None
                if owner.mode is not None:
                    refusal = mode_refusal(owner.mode, request, owner.context_window, length)
                reply = refusal or owner.script(request)
                wait = owner.latency + reply.delay
                if wait > 0:
                    time.sleep(wait)
                if reply.drop:
                    self.close_connection = True
                    with contextlib.suppress(OSError):
                        self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if reply.raw is not None:
                    self._send(reply.status, reply.raw, reply.headers)
                    return
                if reply.status != 200:
                    body = json.dumps(
                        {"error": {"message": f"scripted status {reply.status}", "type": "fake"}}
                    ).encode()
                    self._send(reply.status, body, reply.headers)
                    return
                content = reply.content or ""
                # Token counts are rough (a word is about four characters of JSON); they exist
                # so that usage accounting has something to sum.
                prompt = reply.prompt_tokens
                if prompt is None:
                    prompt = max(1, length // 4)
                finish = "stop"
                if owner.mode is not None:
                    prompt = min(prompt, owner.context_window)  # Ollama truncates silently
                    limit = request.get("max_tokens")
                    if isinstance(limit, int) and _tokens(content) > limit:
                        content, finish = content[: limit * 4], "length"
                completion = reply.completion_tokens
                if completion is None:
                    completion = max(1, len(content) // 4)
                usage = {
                    "prompt_tokens": prompt,
                    "completion_tokens": completion,
                    "total_tokens": prompt + completion,
                }
                body = json.dumps(
                    {
                        "id": f"chatcmpl-fake-{next(owner._serial)}",
                        "object": "chat.completion",
                        "created": 0,
                        "model": str(request.get("model", "fake")),
                        "choices": [
                            {
                                "index": 0,
                                "message": {"role": "assistant", "content": content},
                                "finish_reason": finish,
                            }
                        ],
                    }
                    | ({"usage": usage} if owner.usage else {})
                ).encode()
                self._send(200, body, reply.headers)

        return Handler


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m checker.runner.fake",
        description="A scripted OpenAI-compatible server on localhost (replies are placeholders, "
        "never measurements).",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument(
        "--latency", type=float, default=0.0, help="seconds added to every reply (default 0)"
    )
    parser.add_argument("--mode", choices=MODES, default=None, help="imitate this server")
    parser.add_argument(
        "--context-window", type=int, default=2048, help="the imitated window (default 2048)"
    )
    parser.add_argument("--model", default="fake", help="the served model's name")
    args = parser.parse_args(argv)
    server = FakeServer(
        latency=args.latency,
        host=args.host,
        port=args.port,
        mode=args.mode,
        context_window=args.context_window,
        model=args.model,
    )
    print(f"fake OpenAI-compatible server at {server.url}", flush=True)
    try:
        server._server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server._server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
