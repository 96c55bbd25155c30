"""A memory system written in any language, run by URL: the JSON-over-HTTP adapter.

The contract (documented in docs/running.md, "The HTTP adapter contract"):

- `GET  <url>/info` → `{"name", "version", "answer_model"?, "configuration"?, "sampling"?,
  "max_concurrency"?}`
- `POST <url>/reset`  `{"episode"}` → a JSON object
- `POST <url>/ingest` `{"episode", "session": {"session_id", "timestamp", "turns": [{"role",
  "content"}]}}` → a JSON object
- `POST <url>/answer` `{"episode", "question", "query_time"}` → `{"answer": str, "evidence"?:
  {"answer_context"?: [session_id…], "retrieved"?: [session_id…]}}`

An episode is one question: an opaque token made fresh at every reset, so that a system serving
several workers keeps their state apart. Requests carry nothing from the answer key (no question
id, no gold, no `has_answer`; session ids are the runner's opaque handles).
"""

from __future__ import annotations

import http.client
import json
import re
import secrets as tokens
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from checker.formats.result import LABEL_PATTERN
from checker.runner import secrets
from checker.runner.client import CallStats, EndpointDown, RetryPolicy
from checker.runner.replies import BadReply, load_bounded
from checker.runner.system import Evidence, Sampling, SystemAnswer, SystemFailed, SystemInfo
from checker.runner.transport import (
    BoundedHTTPConnection,
    BoundedHTTPSConnection,
    CallLimits,
    ReplyTooLarge,
    bounded,
)
from checker.runner.view import Session

_LABEL_RE = re.compile(LABEL_PATTERN)
TEMPERATURE_DISPOSITIONS = ("honoured", "ignored", "overridden", "not-requested", "unknown")
SEED_DISPOSITIONS = ("honoured", "ignored", "unsupported", "not-requested", "unknown")


class SystemInfoError(Exception):
    """`/info` is missing or does not follow the contract (a usage error)."""


class _Transient(Exception):
    pass


class _Link:
    """One HTTP connection to the system, kept alive across requests and reopened after a
    failure (a worker's episodes share one; a fresh connection per request would cost more
    than the requests on a long haystack)."""

    def __init__(self, system: HttpSystem) -> None:
        self.system = system
        parts = urllib.parse.urlsplit(system.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise SystemInfoError(f"{system.url} is not an http(s) URL")
        self.https = parts.scheme == "https"
        self.host = parts.hostname
        self.port = parts.port
        self.prefix = parts.path.rstrip("/")
        self.conn: http.client.HTTPConnection | None = None

    def _connection(self) -> http.client.HTTPConnection:
        if self.conn is None:
            kind = BoundedHTTPSConnection if self.https else BoundedHTTPConnection
            self.conn = kind(self.host, self.port, timeout=self.system.timeout)
        return self.conn

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def send(self, method: str, path: str, payload: dict[str, Any] | None) -> Any:
        data = None if payload is None else json.dumps(payload).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        # The whole call (connect, send, every read) within `--timeout`, and the reply within
        # the size bound: a server that drips or never stops is cut off, not waited for.
        limits = CallLimits(self.system.timeout, self.system.max_reply_bytes)
        try:
            with bounded(limits):
                conn = self._connection()
                conn.request(method, self.prefix + path, body=data, headers=headers)
                response = conn.getresponse()
                status, body = response.status, response.read()
            if response.will_close:
                self.close()
        except ReplyTooLarge as exc:
            self.close()
            raise SystemFailed(f"the system's reply to {path}: {exc}") from None
        except TimeoutError:  # the whole-call deadline, or a read that ran into it
            self.close()
            raise _Transient("timeout") from None
        except (OSError, http.client.HTTPException) as exc:
            self.close()
            raise _Transient(type(exc).__name__) from None
        if status >= 500:
            raise _Transient(f"HTTP {status}")
        if 300 <= status < 400:
            raise SystemFailed(
                f"the system answered {path} with a redirect (HTTP {status}); redirects are not "
                "followed, so give the URL it serves from"
            )
        if status >= 400:
            raise SystemFailed(f"the system answered {path} with HTTP {status}")
        try:
            return load_bounded(body)
        except BadReply as exc:
            raise SystemFailed(f"the system's reply to {path} is refused: {exc.reason}") from None


@dataclass
class HttpSystem:
    """A system behind the contract at `url`."""

    url: str
    stats: CallStats
    timeout: float = 120.0
    #: Largest reply accepted from the system (an answer is one line of text).
    max_reply_bytes: int = 1024 * 1024
    retry: RetryPolicy = field(default_factory=lambda: RetryPolicy(attempts=4, base=0.25, cap=5.0))

    def __post_init__(self) -> None:
        self.url = self.url.rstrip("/")
        secrets.register_url(self.url)
        self._info = self._read_info()

    @property
    def info(self) -> SystemInfo:
        return self._info

    def instance(self) -> HttpEpisode:
        return HttpEpisode(self)

    def request(
        self, method: str, path: str, payload: dict[str, Any] | None, link: _Link | None = None
    ) -> Any:
        """One JSON request with retries on refused connections, timeouts and 5xx; over
        `link` (a kept-alive connection) when given."""
        reason = "unknown"
        for n in range(self.retry.attempts):
            self.stats.check()
            once = link or _Link(self)
            try:
                return once.send(method, path, payload)
            except _Transient as exc:
                reason = str(exc)
            finally:
                if link is None:
                    once.close()
            if n + 1 < self.retry.attempts:
                self.stats.retry(f"system {reason}")
                if self.stats.stopping.wait(self.retry.delay(n)):
                    self.stats.check()
        message = (
            f"the system at {secrets.display_url(self.url)} is unreachable ({reason} on {path}) after "
            f"{self.retry.attempts} attempts"
        )
        self.stats.stop(message)
        raise EndpointDown(message)

    def _read_info(self) -> SystemInfo:
        link = _Link(self)
        try:
            raw = link.send("GET", "/info", None)
        except (_Transient, SystemFailed) as exc:
            raise SystemInfoError(f"cannot read {self.url}/info: {exc}") from None
        finally:
            link.close()
        if not isinstance(raw, dict):
            raise SystemInfoError(f"{self.url}/info must return a JSON object")
        for name in ("name", "version"):
            value = raw.get(name)
            if not isinstance(value, str) or not _LABEL_RE.fullmatch(value):
                raise SystemInfoError(
                    f"{self.url}/info: {name!r} must be a label of letters, digits, spaces and "
                    "._+:/@()- (at most 80 characters)"
                )
        model = raw.get("answer_model", "unreported")
        if not isinstance(model, str) or not _LABEL_RE.fullmatch(model):
            raise SystemInfoError(f"{self.url}/info: 'answer_model' must be a label")
        configuration = raw.get("configuration", {})
        if not isinstance(configuration, dict):
            raise SystemInfoError(f"{self.url}/info: 'configuration' must be an object")
        limit = raw.get("max_concurrency")
        if limit is not None and (
            not isinstance(limit, int) or isinstance(limit, bool) or limit < 1
        ):
            raise SystemInfoError(f"{self.url}/info: 'max_concurrency' must be a positive integer")
        return SystemInfo(
            name=raw["name"],
            version=raw["version"],
            answer_model=model,
            sampling=_sampling(raw.get("sampling"), self.url),
            configuration=configuration,
            max_concurrency=limit,
        )


def _sampling(raw: Any, url: str) -> Sampling:
    """The system's own account of its answer sampling; unknown when it gives none."""
    if raw is None:
        return Sampling(None, None, "unknown", "unknown")
    if not isinstance(raw, dict):
        raise SystemInfoError(f"{url}/info: 'sampling' must be an object")
    temperature = raw.get("temperature")
    seed = raw.get("seed")
    if temperature is not None and (
        isinstance(temperature, bool) or not isinstance(temperature, int | float)
    ):
        raise SystemInfoError(f"{url}/info: sampling.temperature must be a number or null")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SystemInfoError(f"{url}/info: sampling.seed must be an integer or null")
    t_disp = raw.get("temperature_disposition", "unknown")
    s_disp = raw.get("seed_disposition", "unknown")
    if t_disp not in TEMPERATURE_DISPOSITIONS or s_disp not in SEED_DISPOSITIONS:
        raise SystemInfoError(
            f"{url}/info: sampling dispositions must be one of {TEMPERATURE_DISPOSITIONS} / "
            f"{SEED_DISPOSITIONS}"
        )
    return Sampling(float(temperature) if temperature is not None else None, seed, t_disp, s_disp)


def _handles(raw: Any, field: str) -> tuple[str, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise SystemFailed(f"the system's evidence.{field} is not a list of session ids")
    return tuple(raw)


class HttpEpisode:
    """One worker's view of the system: an episode per question, over one kept-alive
    connection."""

    def __init__(self, system: HttpSystem) -> None:
        self.system = system
        self.episode = ""
        self.link = _Link(system)

    def close(self) -> None:
        """Close the worker's connection (the runner calls it when the run ends)."""
        self.link.close()

    def reset(self) -> None:
        self.episode = tokens.token_hex(8)
        self.system.request("POST", "/reset", {"episode": self.episode}, self.link)

    def ingest(self, session: Session) -> None:
        self.system.request(
            "POST", "/ingest", {"episode": self.episode, "session": session.as_json()}, self.link
        )

    def answer(self, question: str, query_time: str) -> SystemAnswer:
        raw = self.system.request(
            "POST",
            "/answer",
            {"episode": self.episode, "question": question, "query_time": query_time},
            self.link,
        )
        if not isinstance(raw, dict) or not isinstance(raw.get("answer"), str):
            raise SystemFailed("the system's /answer reply has no 'answer' string")
        evidence_raw = raw.get("evidence")
        evidence = None
        if evidence_raw is not None:
            if not isinstance(evidence_raw, dict):
                raise SystemFailed("the system's evidence is not an object")
            evidence = Evidence(
                answer_context=_handles(evidence_raw.get("answer_context"), "answer_context"),
                retrieved=_handles(evidence_raw.get("retrieved"), "retrieved"),
            )
            if evidence.answer_context is None and evidence.retrieved is None:
                evidence = None
        return SystemAnswer(raw["answer"], evidence)
