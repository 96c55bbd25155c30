"""What an endpoint accepts, found by a cheap preflight before a run.

Structured output is negotiated `json_schema` → `json_object_schema` → `json_object` → `none`:
each is asked once with a one-field schema and a few tokens, and the first whose reply is a JSON
object that fits the schema wins (a server that accepts `json_schema` without enforcing it, as
some llama.cpp builds do, falls through when its reply does not fit). `json_object_schema` is
`json_object` with the schema in a `schema` field, which llama-cpp-python's server turns into a
grammar: a small model then can only write what the schema allows, where bare `json_object`
lets it write any JSON. A server that refuses the extra field falls through to bare
`json_object`. `none` means the prompt alone asks for JSON and the reply is read by the strict
parser (`judge.parse_reply`). The outcome is recorded in the result and enters the judge
fingerprint, so verdicts obtained one way are never banded with verdicts obtained another.

The context window is read where a server offers it: `/props` (llama.cpp's `llama-server`:
`default_generation_settings.n_ctx`, or `n_ctx`), `/v1/models` (vLLM: `max_model_len`), and
Ollama's `/api/ps` (`context_length` of the loaded model). Ollama truncates an over-long prompt
silently instead of refusing it, so a reply that used the whole window as prompt is read as an
overflow (`checker.runner.client.ModelClient.context_window`).
"""

from __future__ import annotations

import json
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from checker.runner.client import ModelClient, RawReply
from checker.runner.judge import RESPONSE_FORMATS, ResponseFormat, format_body, parse_reply
from checker.runner.replies import BadReply, load_bounded
from checker.runner.servererrors import server_message
from checker.runner.transport import (
    BoundedHTTPConnection,
    BoundedHTTPSConnection,
    CallLimits,
    bounded,
)

#: The preflight's verdict schema: small enough for any model to fill in a few tokens.
PREFLIGHT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}},
    "required": ["ok"],
    "additionalProperties": False,
}
PREFLIGHT_MESSAGES = [
    {"role": "system", "content": "Reply with one JSON object only."},
    {"role": "user", "content": 'Return exactly this JSON object: {"ok": true}'},
]
PREFLIGHT_MAX_TOKENS = 24


@dataclass(frozen=True)
class Attempt:
    """One format the preflight tried and what happened."""

    response_format: ResponseFormat
    status: int
    #: `accepted`, `refused: <server message>`, or `ignored: <why the reply did not fit>`.
    outcome: str


@dataclass(frozen=True)
class Negotiated:
    """What the preflight found for one endpoint."""

    response_format: ResponseFormat
    attempts: tuple[Attempt, ...]
    context_window: int | None = None
    #: Where the window was read (`/props`, `/v1/models`, `/api/ps`), or None.
    window_source: str | None = None

    def lines(self) -> list[str]:
        """What `probe --endpoint` prints."""
        out = [f"{a.response_format}: HTTP {a.status}, {a.outcome}" for a in self.attempts]
        out.append(f"structured output: {self.response_format}")
        if self.context_window is not None:
            out.append(f"context window: {self.context_window} tokens (from {self.window_source})")
        else:
            out.append("context window: not offered by the server")
        return out


def _judge_attempt(response_format: ResponseFormat, reply: RawReply) -> Attempt:
    if reply.status != 200:
        return Attempt(response_format, reply.status, f"refused: {server_message(reply.text)}")
    try:
        body = load_bounded(reply.text)
        content = body["choices"][0]["message"]["content"]
    except (BadReply, KeyError, IndexError, TypeError):
        return Attempt(response_format, 200, "ignored: the body is not a chat completion")
    value = parse_reply(content if isinstance(content, str) else "")
    if not isinstance(value, dict) or not isinstance(value.get("ok"), bool):
        return Attempt(response_format, 200, "ignored: the reply does not fit the schema")
    return Attempt(response_format, 200, "accepted")


def negotiate_format(client: ModelClient) -> tuple[ResponseFormat, tuple[Attempt, ...]]:
    """The first structured-output format the endpoint honours (`none` when neither is)."""
    attempts: list[Attempt] = []
    for response_format in RESPONSE_FORMATS:
        if response_format == "none":
            break
        body = {
            "messages": PREFLIGHT_MESSAGES,
            "max_tokens": PREFLIGHT_MAX_TOKENS,
            "temperature": 0,
            **format_body(response_format, PREFLIGHT_SCHEMA),
        }
        attempt = _judge_attempt(response_format, client.send_once(body))
        attempts.append(attempt)
        if attempt.status == 0:
            break  # no server: nothing else will answer either
        if attempt.outcome == "accepted":
            return response_format, tuple(attempts)
    return "none", tuple(attempts)


def _root(base_url: str) -> str:
    """The server root of an OpenAI-style base URL (`…/v1` stripped)."""
    parts = urlsplit(base_url)
    path = parts.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[: -len("/v1")]
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are not followed (an info reply that moves elsewhere is no reply)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class _BoundedHTTP(urllib.request.HTTPHandler):
    """Plain HTTP over a connection that answers to the call's whole-call deadline."""

    def http_open(self, req: Any) -> Any:
        return self.do_open(BoundedHTTPConnection, req)


class _BoundedHTTPS(urllib.request.HTTPSHandler):
    """The same over TLS."""

    def https_open(self, req: Any) -> Any:
        return self.do_open(BoundedHTTPSConnection, req)


_OPENER = urllib.request.build_opener(_NoRedirect, _BoundedHTTP, _BoundedHTTPS)
#: Largest info reply read.
INFO_BYTES = 1_000_000


def _get_json(url: str, api_key: str, timeout: float) -> Any:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {api_key}"})
    try:
        # The whole request within `timeout` (a server that drips its reply is cut off).
        with (
            bounded(CallLimits(timeout, INFO_BYTES + 64 * 1024)),
            _OPENER.open(request, timeout=timeout) as response,
        ):
            if response.status != 200:
                return None
            data = response.read(INFO_BYTES + 1)
    except (OSError, ValueError):
        return None
    if len(data) > INFO_BYTES:
        return None
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


def _positive(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def window_from(source: str, body: Any, model: str) -> int | None:
    """The context window a server's info reply names for `model`, or None."""
    if not isinstance(body, dict):
        return None
    if source == "/props":
        settings = body.get("default_generation_settings")
        if isinstance(settings, dict) and _positive(settings.get("n_ctx")):
            return _positive(settings.get("n_ctx"))
        return _positive(body.get("n_ctx"))
    entries = body.get("data") if source == "/v1/models" else body.get("models")
    if not isinstance(entries, list):
        return None
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        name = entry.get("id", entry.get("name", entry.get("model")))
        if name != model and len(entries) > 1:
            continue
        for key in ("max_model_len", "context_length", "n_ctx"):
            found = _positive(entry.get(key))
            if found:
                return found
        meta = entry.get("meta")
        if isinstance(meta, dict) and _positive(meta.get("n_ctx")):
            return _positive(meta.get("n_ctx"))
    return None


def context_window(client: ModelClient, timeout: float = 10.0) -> tuple[int | None, str | None]:
    """The served model's context window and where it was read, or (None, None)."""
    endpoint = client.endpoint
    root = _root(endpoint.base_url)
    for source, url in (
        ("/props", f"{root}/props"),
        ("/v1/models", f"{endpoint.base_url.rstrip('/')}/models"),
        ("/api/ps", f"{root}/api/ps"),
    ):
        window = window_from(source, _get_json(url, endpoint.api_key, timeout), endpoint.model)
        if window is not None:
            return window, source
    return None, None


def negotiate(client: ModelClient, *, structured: bool = True) -> Negotiated:
    """The preflight: the structured-output format (when `structured`) and the window. The
    window is also set on the client, so that a silently truncated prompt is caught."""
    if structured:
        chosen, attempts = negotiate_format(client)
    else:
        chosen, attempts = "none", ()
    window, source = context_window(client)
    client.context_window = window
    return Negotiated(chosen, attempts, window, source)
