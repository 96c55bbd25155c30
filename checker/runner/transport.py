"""Bounds on one HTTP call, for both endpoints the runner talks to: a whole-call deadline and a
largest reply.

A socket timeout bounds one read, not one call: a server that sends a byte every few seconds
never trips it, and a server that never stops sending fills memory. Here every call carries a
`Budget` (its deadline and the bytes it may still read), and every read and write on the
connection takes its timeout from what is left of the deadline and its bytes from what is left
of the budget. Both the model endpoint (the `openai` package over `httpx2`) and the HTTP adapter
(`http.client`) read through it. Redirects are never followed: a 3xx is an answer like any
other refusal, and the request body never goes to a second host.
"""

from __future__ import annotations

import http.client
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

#: Default whole-call ceiling on the bytes of one reply (headers and body).
MAX_REPLY_BYTES = 4 * 1024 * 1024


class CallDeadline(TimeoutError):
    """The call ran past its whole-call deadline."""


class ReplyTooLarge(OSError):
    """The reply went past the largest size a call accepts."""


@dataclass(frozen=True)
class CallLimits:
    """What one call may take: seconds from the first connect to the last byte, and bytes."""

    seconds: float
    max_bytes: int = MAX_REPLY_BYTES


class Budget:
    """The deadline and byte allowance of one call in flight."""

    def __init__(self, limits: CallLimits) -> None:
        self.limits = limits
        self.end = time.monotonic() + limits.seconds
        self.left = limits.max_bytes

    def timeout(self, asked: float | None) -> float:
        """The timeout for the next read or write: what is left of the deadline (or less)."""
        remaining = self.end - time.monotonic()
        if remaining <= 0:
            raise CallDeadline(f"no complete reply within {self.limits.seconds:g} s")
        return remaining if asked is None else min(asked, remaining)

    def take(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            raise ReplyTooLarge(f"the reply is larger than {self.limits.max_bytes:,} bytes")


_local = threading.local()


def current() -> Budget | None:
    """The budget of the call this thread is making, if any."""
    found: Budget | None = getattr(_local, "budget", None)
    return found


@contextmanager
def bounded(budget: Budget | CallLimits) -> Iterator[Budget]:
    """Every read and write of this thread inside the block is charged to `budget`."""
    chosen = budget if isinstance(budget, Budget) else Budget(budget)
    previous = current()
    _local.budget = chosen
    try:
        yield chosen
    finally:
        _local.budget = previous


def failure_reason(exc: BaseException) -> str | None:
    """'reply too large' or 'timeout' when `exc` (or what caused it) was a budget running out."""
    seen: BaseException | None = exc
    for _ in range(8):
        if seen is None:
            return None
        if isinstance(seen, ReplyTooLarge) or "larger than" in str(seen):
            return "reply too large"
        if isinstance(seen, CallDeadline):
            return "timeout"
        seen = seen.__cause__ or seen.__context__
    return None


# --- the model endpoint: httpx2 under the openai package -----------------------------------


def model_http_client(limits: CallLimits) -> Any:
    """An `httpx2.Client` for the `openai` package: no redirects, every call bounded."""
    import httpx2

    return httpx2.Client(
        transport=_transport_class()(limits),
        follow_redirects=False,
        timeout=limits.seconds,
        limits=httpx2.Limits(max_connections=256, max_keepalive_connections=64),
    )


def _wait(asked: float | None, kind: type[Exception]) -> float | None:
    """The timeout for the next step of the current call; `kind` once its deadline passed."""
    budget = current()
    if budget is None:
        return asked
    try:
        return budget.timeout(asked)
    except CallDeadline as exc:
        raise kind(str(exc)) from exc


def _bounded_backend(inner: Any) -> Any:
    import httpcore2

    class Stream(httpcore2.NetworkStream):
        def __init__(self, stream: Any) -> None:
            self._stream = stream

        def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
            data: bytes = self._stream.read(max_bytes, _wait(timeout, httpcore2.ReadTimeout))
            budget = current()
            if budget is not None:
                try:
                    budget.take(len(data))
                except ReplyTooLarge as exc:
                    raise httpcore2.ReadError(str(exc)) from exc
            return data

        def write(self, buffer: bytes, timeout: float | None = None) -> None:
            self._stream.write(buffer, _wait(timeout, httpcore2.WriteTimeout))

        def close(self) -> None:
            self._stream.close()

        def start_tls(
            self, ssl_context: Any, server_hostname: Any = None, timeout: Any = None
        ) -> Any:
            wait = _wait(timeout, httpcore2.ConnectTimeout)
            return Stream(self._stream.start_tls(ssl_context, server_hostname, wait))

        def get_extra_info(self, info: str) -> Any:
            return self._stream.get_extra_info(info)

    class Backend(httpcore2.NetworkBackend):
        def connect_tcp(
            self,
            host: str,
            port: int,
            timeout: float | None = None,
            local_address: str | None = None,
            socket_options: Any = None,
        ) -> Any:
            wait = _wait(timeout, httpcore2.ConnectTimeout)
            return Stream(inner.connect_tcp(host, port, wait, local_address, socket_options))

        def connect_unix_socket(
            self, path: str, timeout: Any = None, socket_options: Any = None
        ) -> Any:
            return Stream(inner.connect_unix_socket(path, timeout, socket_options))

        def sleep(self, seconds: float) -> None:
            inner.sleep(seconds)

    return Backend()


def _transport_class() -> Any:
    import httpx2

    class Transport(httpx2.HTTPTransport):
        def __init__(self, limits: CallLimits) -> None:
            super().__init__()
            self.limits = limits
            # The pool makes its connections through this backend: every read and write of a
            # call then answers to the call's budget.
            self._pool._network_backend = _bounded_backend(self._pool._network_backend)

        def handle_request(self, request: Any) -> Any:
            budget = Budget(self.limits)
            with bounded(budget):
                response = super().handle_request(request)
            response.stream = Body(response.stream, budget)
            return response

    class Body(httpx2.SyncByteStream):
        """A response body whose reads are charged to the budget of the call that asked."""

        def __init__(self, stream: Any, budget: Budget) -> None:
            self._stream = stream
            self._budget = budget

        def __iter__(self) -> Iterator[bytes]:
            with bounded(self._budget):
                yield from self._stream

        def close(self) -> None:
            self._stream.close()

    return Transport


# --- the HTTP adapter: http.client ---------------------------------------------------------


class _Budgeted:
    """Socket reads and writes charged to the current call's budget (a mixin over the socket
    classes, so that `makefile` and closing behave exactly as on a plain socket)."""

    def recv_into(self, buffer: Any, *args: Any) -> int:
        budget = current()
        if budget is not None:
            self.settimeout(budget.timeout(None))  # type: ignore[attr-defined]
        count: int = super().recv_into(buffer, *args)  # type: ignore[misc]
        if budget is not None:
            budget.take(count)
        return count

    def sendall(self, data: Any, *args: Any) -> None:
        budget = current()
        if budget is not None:
            self.settimeout(budget.timeout(None))  # type: ignore[attr-defined]
        super().sendall(data, *args)  # type: ignore[misc]


class _BoundedSocket(_Budgeted, socket.socket):
    pass


class _BoundedSSLSocket(_Budgeted, ssl.SSLSocket):
    pass


def _deadline_timeout(timeout: float | None) -> float | None:
    budget = current()
    return timeout if budget is None else budget.timeout(timeout)


class BoundedHTTPConnection(http.client.HTTPConnection):
    """`http.client` over a socket that answers to the call's budget."""

    def connect(self) -> None:
        self.timeout = _deadline_timeout(self.timeout)
        super().connect()
        plain = self.sock
        self.sock = _BoundedSocket(plain.family, plain.type, plain.proto, fileno=plain.detach())


class BoundedHTTPSConnection(http.client.HTTPSConnection):
    """The same over TLS."""

    def __init__(self, host: str, port: int | None = None, **kwargs: Any) -> None:
        context = ssl.create_default_context()
        context.sslsocket_class = _BoundedSSLSocket
        super().__init__(host, port, context=context, **kwargs)

    def connect(self) -> None:
        self.timeout = _deadline_timeout(self.timeout)
        super().connect()
