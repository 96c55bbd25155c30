"""Model calls over any OpenAI-compatible endpoint, with retries, a disk cache and accounting.

Every model call of the runner, the judge and the probes goes through `ModelClient.chat`: the
`openai` package (its own retries switched off, so that each retry is ours and counted), a
timeout per call, exponential backoff with full jitter on 429, 5xx, timeouts, dropped
connections and malformed bodies, and the response cache keyed by the hash of the full request.

Failures are typed so that nothing is ever fabricated from them:

- `CallFailed` — this one request will not succeed (a 4xx refusal, a 5xx that repeats with
  the same body, or retries exhausted on a 5xx, a timeout or a malformed body): the question
  records why (`unrun` or `inconclusive`), with the server's own message and the fix. A refused
  structured-output format, or a refusal that every call of a role meets, stops the run.
- `ContextOverflow` — the prompt is longer than the server's window: `unrun`, reason
  `context-overflow`.
- `EndpointDown` — the endpoint is gone or refuses everything (connections refused, 429 that
  never clears, 401/403/404): the run stops cleanly, and a rerun resumes from the cache.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

from checker.runner import secrets, transport
from checker.runner.cache import DiskCache, request_key
from checker.runner.replies import BadReply, load_bounded
from checker.runner.servererrors import (
    context_overflow,
    fix_for,
    refuses_format,
    server_message,
)

#: The same refusal met this many times by a role that never had a reply stops the run.
REFUSALS_TO_STOP = 3

if TYPE_CHECKING:
    import openai


def _openai() -> Any:
    """The `openai` package, imported on first use: it takes a second or more to import, and
    every `typedmemeval` command would otherwise pay for it at start-up."""
    import openai

    return openai


class CallFailed(Exception):
    """One request that will not succeed; `reason` is one short line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class EndpointDown(Exception):
    """The endpoint cannot serve the run; stop cleanly (a rerun resumes from the cache)."""


class MalformedReply(Exception):
    """A 200 response whose body is not a chat completion."""


class ContextOverflow(CallFailed):
    """The prompt does not fit the server's context window: the question is `unrun` with reason
    `context-overflow`, never wrong."""


@dataclass(frozen=True)
class RawReply:
    """One request's HTTP status and body text, sent once (no retry, no cache): what a
    preflight reads. Status 0: no response (the connection failed)."""

    status: int
    text: str


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with full jitter: attempt k waits uniform(0, min(cap, base·2^k))
    seconds, or at least what a 429's Retry-After asks (capped)."""

    attempts: int = 6
    base: float = 0.5
    cap: float = 20.0

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        wait = random.uniform(0, min(self.cap, self.base * 2**attempt))
        if retry_after is not None:
            wait = max(wait, min(self.cap, retry_after))
        return wait


@dataclass(frozen=True)
class Endpoint:
    """Where one role's model is served. The key is read from the environment by the caller and
    never printed or cached."""

    base_url: str
    model: str
    api_key: str = field(repr=False)
    timeout: float = 60.0


@dataclass(frozen=True)
class ChatReply:
    """One completion, fresh or from the cache."""

    content: str | None
    #: The response body exactly as received (kept in the judge's raw file).
    raw: str
    #: The model the endpoint says served the call.
    served_model: str | None
    finish_reason: str | None
    prompt_tokens: int
    completion_tokens: int
    from_cache: bool

    @property
    def usage_reported(self) -> bool:
        """The server reported token usage (some omit `usage`; the counts are then 0)."""
        return self.prompt_tokens > 0 or self.completion_tokens > 0


@dataclass
class Usage:
    """Calls and tokens of one role over a run."""

    calls: int = 0
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_prompt_tokens: int = 0
    cached_completion_tokens: int = 0
    #: Fresh calls whose reply carried no token usage.
    unreported: int = 0
    #: Fresh calls the server cut at `max_tokens` (`finish_reason: length`).
    cut: int = 0


class CallStats:
    """Thread-safe accounting of a run's calls: usage per role, retries per reason, and the
    stop signal every worker checks."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.usage: dict[str, Usage] = {}
        self.retries: Counter[str] = Counter()
        self.failures: Counter[str] = Counter()
        self.stopping = threading.Event()
        self.stop_reason: str | None = None
        self._refusals: Counter[str] = Counter()

    def record(self, role: str, reply: ChatReply) -> None:
        with self._lock:
            u = self.usage.setdefault(role, Usage())
            u.calls += 1
            if reply.from_cache:
                u.cached += 1
                u.cached_prompt_tokens += reply.prompt_tokens
                u.cached_completion_tokens += reply.completion_tokens
            else:
                u.prompt_tokens += reply.prompt_tokens
                u.completion_tokens += reply.completion_tokens
                u.unreported += not reply.usage_reported
                u.cut += reply.finish_reason == "length"

    def retry(self, reason: str) -> None:
        with self._lock:
            self.retries[reason] += 1

    def failed(self, reason: str) -> None:
        with self._lock:
            self.failures[reason] += 1

    @property
    def retry_count(self) -> int:
        with self._lock:
            return sum(self.retries.values())

    def refused(self, signature: str) -> int:
        """Count one non-transient refusal by its signature (status and body); how many calls
        have met it so far."""
        with self._lock:
            self._refusals[signature] += 1
            return self._refusals[signature]

    def answered(self, role: str) -> bool:
        """Some call of this role got a reply."""
        with self._lock:
            found = self.usage.get(role)
            return found is not None and found.calls > 0

    def stop(self, reason: str) -> None:
        with self._lock:
            if self.stop_reason is None:
                self.stop_reason = secrets.mask(reason)
        self.stopping.set()

    def check(self) -> None:
        if self.stopping.is_set():
            raise EndpointDown(self.stop_reason or "the run is stopping")

    def lines(self) -> list[str]:
        """The token usage and retry summary a run prints."""
        with self._lock:
            out = []
            for role, u in sorted(self.usage.items()):
                fresh = u.calls - u.cached
                line = (
                    f"tokens, {role}: {u.prompt_tokens:,} prompt + {u.completion_tokens:,} "
                    f"completion over {fresh:,} call(s)"
                )
                if u.cached:
                    line += (
                        f"; {u.cached:,} call(s) served from the cache (originally "
                        f"{u.cached_prompt_tokens:,} + {u.cached_completion_tokens:,}, not "
                        "billed again)"
                    )
                if u.unreported:
                    line += f"; {u.unreported:,} call(s) reported no usage (not counted)"
                if u.cut:
                    line += f"; {u.cut:,} reply(ies) cut at max_tokens (finish_reason length)"
                out.append(line)
            total = sum(self.retries.values())
            detail = ", ".join(f"{k} {v}" for k, v in sorted(self.retries.items()))
            out.append(f"retries: {total}" + (f" ({detail})" if detail else ""))
            if self.failures:
                failed = ", ".join(f"{k} {v}" for k, v in sorted(self.failures.items()))
                out.append(f"calls that failed for good: {sum(self.failures.values())} ({failed})")
            return out


def parse_completion(text: str) -> tuple[str | None, str | None, str | None, int, int]:
    """(content, served model, finish reason, prompt tokens, completion tokens) from a chat
    completion body; MalformedReply when it is not one."""
    try:
        body = load_bounded(text)
    except BadReply as exc:
        raise MalformedReply(exc.reason) from None
    if not isinstance(body, dict):
        raise MalformedReply("body is not a JSON object")
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise MalformedReply("body has no choices")
    message = choices[0].get("message")
    if not isinstance(message, dict):
        raise MalformedReply("first choice has no message")
    content = message.get("content")
    if content is not None and not isinstance(content, str):
        raise MalformedReply("message content is not a string")
    usage = body.get("usage") if isinstance(body.get("usage"), dict) else {}
    assert isinstance(usage, dict)

    def count(name: str) -> int:
        value = usage.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    finish = choices[0].get("finish_reason")
    model = body.get("model")
    return (
        content,
        model if isinstance(model, str) else None,
        finish if isinstance(finish, str) else None,
        count("prompt_tokens"),
        count("completion_tokens"),
    )


def short_error(exc: Exception, width: int = 120) -> str:
    """An error message on one short line, with every configured key, URL credential and
    anything key-shaped masked."""
    text = secrets.mask(" ".join(str(exc).split()))
    return text[:width] + ("…" if len(text) > width else "")


def _error_body(exc: Any) -> str:
    """An error response's body text ('' when there is none)."""
    response = getattr(exc, "response", None)
    try:
        return str(response.text) if response is not None else ""
    except Exception:  # a streamed body that cannot be read again
        return str(getattr(exc, "message", ""))


def _retry_after(exc: Any) -> float | None:
    value = exc.response.headers.get("retry-after") if exc.response is not None else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


class ModelClient:
    """One role's model (answer model, judge, probe reference model) with its cache."""

    def __init__(
        self,
        endpoint: Endpoint,
        *,
        role: str,
        stats: CallStats,
        cache: DiskCache | None,
        namespace: str,
        retry: RetryPolicy | None = None,
    ) -> None:
        self.endpoint = endpoint
        self.role = role
        self.stats = stats
        self.cache = cache
        self.namespace = namespace
        self.retry = retry or RetryPolicy()
        secrets.register(endpoint.api_key)
        secrets.register_url(endpoint.base_url)
        #: The served model's context window where the preflight read one: a reply whose
        #: prompt filled it was truncated by the server (Ollama does so silently).
        self.context_window: int | None = None
        self._client: openai.OpenAI = _openai().OpenAI(
            base_url=endpoint.base_url,
            api_key=endpoint.api_key,
            max_retries=0,
            timeout=endpoint.timeout,
            # `--timeout` bounds the whole call (connect and every read), replies are bounded in
            # size, and redirects are not followed.
            http_client=transport.model_http_client(transport.CallLimits(endpoint.timeout)),
            # Sent on every request, including the plain `post` below.
            default_headers={"Authorization": f"Bearer {endpoint.api_key}"},
        )

    @property
    def model(self) -> str:
        return self.endpoint.model

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> ModelClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _refuse(self, status: int, error_body: str) -> NoReturn:
        """A non-transient refusal: no retry; the server's message and the fix. A refused
        request option (a structured-output format) would be refused on every call, and so would
        a refusal met three times by a role that has had no reply at all: the run stops."""
        message = (
            f"the {self.role} endpoint refused the request with HTTP {status}: "
            f"{short_error(Exception(server_message(error_body)), 200)}; "
            f"{fix_for(error_body, self.role)}"
        )
        self.stats.failed(f"http {status}")
        met = self.stats.refused(f"{self.role}\0{status}\0{error_body}")
        answered = self.stats.answered(self.role)
        if refuses_format(error_body) or (met >= REFUSALS_TO_STOP and not answered):
            self.stats.stop(message)
            raise EndpointDown(message)
        raise CallFailed(message)

    def send_once(self, body: dict[str, Any], *, timeout: float | None = None) -> RawReply:
        """One request exactly as built, no retry and no cache (a preflight's probe)."""
        openai = _openai()
        try:
            text = self._client.post(
                "/chat/completions",
                cast_to=str,
                body={"model": self.endpoint.model, **body},
                options={"timeout": timeout or self.endpoint.timeout},
            )
        except openai.APIStatusError as exc:
            return RawReply(exc.status_code, secrets.mask(_error_body(exc)))
        except openai.APIError as exc:
            return RawReply(0, short_error(exc))
        return RawReply(200, secrets.mask(text))

    def key(self, body: dict[str, Any], attempt: int = 0) -> str:
        """The cache key: the hash of everything sent, the endpoint, and the run's namespace."""
        return request_key(
            {
                "base_url": self.endpoint.base_url,
                "model": self.endpoint.model,
                "body": body,
                "namespace": self.namespace,
                "attempt": attempt,
            }
        )

    def chat(
        self,
        body: dict[str, Any],
        *,
        attempt: int = 0,
        usable: Callable[[ChatReply], bool] | None = None,
    ) -> ChatReply:
        """One chat completion for `body` (messages and sampling; the model is the endpoint's).
        `attempt` > 0 asks the same request again under its own cache entry (a re-ask after an
        unusable reply). With `usable`, a reply is cached only once it passes, and a cached
        entry that does not pass (written by an older version) is ignored and asked again."""
        self.stats.check()
        key = self.key(body, attempt)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None and isinstance(hit.get("raw"), str):
                try:
                    content, model, finish, prompt, completion = parse_completion(hit["raw"])
                except MalformedReply:
                    pass
                else:
                    reply = ChatReply(content, hit["raw"], model, finish, prompt, completion, True)
                    if usable is None or usable(reply):
                        self.stats.record(self.role, reply)
                        return reply
        reason = "unknown"
        last_error: str | None = None
        openai = _openai()
        for n in range(self.retry.attempts):
            self.stats.check()
            retry_after: float | None = None
            try:
                # The chat-completions endpoint through the client's plain `post`: the request
                # goes out exactly as built (no client-side re-validation of the messages, which
                # costs more than the rest of a call), and the body comes back as text that
                # `parse_completion` checks.
                text = self._client.post(
                    "/chat/completions",
                    cast_to=str,
                    body={"model": self.endpoint.model, **body},
                )
                # A server that echoes the key back has it masked before anything is kept.
                text = secrets.mask(text)
                content, model, finish, prompt, completion = parse_completion(text)
            except openai.RateLimitError as exc:
                reason, retry_after = "429", _retry_after(exc)
            except openai.APITimeoutError:
                reason = "timeout"
            except openai.APIConnectionError as exc:
                reason = transport.failure_reason(exc) or "connection"
            except openai.APIStatusError as exc:
                status = exc.status_code
                error_body = _error_body(exc)
                overflow = context_overflow(error_body)
                if overflow is not None:
                    self.stats.failed("context-overflow")
                    window = f" (window {overflow.window} tokens)" if overflow.window else ""
                    raise ContextOverflow(
                        f"context-overflow: the prompt does not fit the {self.role}'s context"
                        f"{window}: {short_error(Exception(overflow.message), 160)}"
                    ) from None
                if status >= 500 and error_body != last_error and not refuses_format(error_body):
                    # The first 5xx with this body may be transient; the same body again, or
                    # one refusing a request option, is the server's answer, not a hiccup.
                    reason, last_error = f"http {status}", error_body
                elif status in (401, 403, 404):
                    message = (
                        f"the {self.role} endpoint refused the request with HTTP {status} "
                        f"({short_error(exc)}); check --base-url, the model name and the API key"
                    )
                    self.stats.stop(message)
                    raise EndpointDown(message) from None
                elif status in (408, 409, 425):
                    reason = f"http {status}"
                else:
                    self._refuse(status, error_body)
            except MalformedReply:
                reason = "malformed reply"
            else:
                reply = ChatReply(content, text, model, finish, prompt, completion, False)
                if self.context_window is not None and prompt >= self.context_window:
                    self.stats.failed("context-overflow")
                    raise ContextOverflow(
                        f"context-overflow: the {self.role}'s server used its whole window of "
                        f"{self.context_window} tokens for the prompt (it truncated it)"
                    )
                if self.cache is not None and (usable is None or usable(reply)):
                    self.cache.put(key, {"raw": text})
                self.stats.record(self.role, reply)
                return reply
            if n + 1 == self.retry.attempts:
                break
            self.stats.retry(reason)
            if self.stats.stopping.wait(self.retry.delay(n, retry_after)):
                self.stats.check()
        self.stats.failed(reason)
        if reason in ("connection", "429"):
            message = (
                f"the {self.role} endpoint at {secrets.display_url(self.endpoint.base_url)} is "
                f"unreachable or "
                f"refusing ({reason}) after {self.retry.attempts} attempts"
            )
            self.stats.stop(message)
            raise EndpointDown(message)
        raise CallFailed(
            f"no usable reply from the {self.role} after {self.retry.attempts} "
            f"attempts (last: {reason})"
        )
