"""What an OpenAI-compatible server's error body says, read the way a user would read it.

Servers word the same failure differently. A prompt longer than the context window is
`This model's maximum context length is N tokens. However, you requested M tokens …` from vLLM,
llama-cpp-python and OpenAI itself (code `context_length_exceeded`); `the request exceeds the
available context size …` with type `exceed_context_size_error` and `n_ctx` from llama.cpp's
`llama-server`; `Requested tokens (M) exceed context window of N` from llama-cpp-python's
model class. A refused structured-output request is a 500 or 4xx naming `response_format`
or `json_schema` (llama-cpp-python answers `json_schema` with HTTP 500). These functions turn
such bodies into one line for the user, the context window where one is named, and the fix.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

_WINDOW_PATTERNS = (
    re.compile(r"maximum context length is (\d+) tokens", re.IGNORECASE),
    re.compile(r"exceed context window of (\d+)", re.IGNORECASE),
    re.compile(r'"n_ctx"\s*:\s*(\d+)'),
)
_OVERFLOW_MARKERS = (
    "context_length_exceeded",
    "exceed_context_size_error",
    "maximum context length",
    "exceeds the available context size",
    "exceed context window",
    "prompt is too long",
    "is too long and exceeds limit",
)
_FORMAT_MARKERS = ("response_format", "json_schema", "json_object", "grammar")


@dataclass(frozen=True)
class Overflow:
    """A context overflow: the server's own line and the window it names, if any."""

    message: str
    window: int | None


def server_message(body: str, width: int = 200) -> str:
    """The error message inside an error body (`{"error": {"message": …}}`, `{"message": …}`,
    `{"detail": …}`), or the body itself, on one line of at most `width` characters."""
    text = body
    try:
        value: Any = json.loads(body)
    except (json.JSONDecodeError, RecursionError, ValueError):
        value = None
    if isinstance(value, dict):
        inner = value.get("error", value)
        if isinstance(inner, dict):
            message = inner.get("message", inner.get("detail"))
            if isinstance(message, str):
                text = message
        elif isinstance(inner, str):
            text = inner
        if isinstance(value.get("detail"), str):
            text = value["detail"]
    one_line = " ".join(text.split())
    return one_line[:width] + ("…" if len(one_line) > width else "")


def context_overflow(body: str) -> Overflow | None:
    """The overflow an error body reports, or None when it reports something else."""
    lowered = body.lower()
    if not any(marker in lowered for marker in _OVERFLOW_MARKERS):
        return None
    window = None
    for pattern in _WINDOW_PATTERNS:
        found = pattern.search(body)
        if found:
            window = int(found.group(1))
            break
    return Overflow(server_message(body), window)


def refuses_format(body: str) -> bool:
    """The body refuses the request's structured-output option."""
    lowered = body.lower()
    return any(marker in lowered for marker in _FORMAT_MARKERS)


def fix_for(body: str, role: str) -> str:
    """What the user can do about a non-transient refusal."""
    if refuses_format(body):
        option = "--judge-response-format" if role == "judge" else "the response format"
        return (
            f"this server does not accept that structured-output request; pass {option} auto "
            "(a preflight picks what the server accepts) or json_object"
        )
    return (
        "the server refuses this request as sent, so repeating it cannot help; check "
        "--model, --base-url and the options against the server's documentation"
    )
