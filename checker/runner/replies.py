"""Reading JSON a server sent, within bounds: size, nesting depth and numbers.

`json.loads` recurses once per nesting level (a reply nested 200,000 deep raises
`RecursionError`), turns `1e400` into infinity and accepts `NaN`, and the arithmetic after it
then raises `OverflowError` or `decimal.InvalidOperation`. Every reply from a server is read
here first; what does not fit the bounds is refused with a one-line reason, and is never cached
or used.
"""

from __future__ import annotations

import json
import math
from typing import Any

#: Deepest nesting a reply may have (a verdict is two levels deep, a completion four).
MAX_DEPTH = 32
#: Largest reply text read as JSON.
MAX_CHARS = 4 * 1024 * 1024
#: Largest magnitude a number in a reply may have.
MAX_NUMBER = 1e15


class BadReply(ValueError):
    """The reply is not JSON within the bounds; `reason` says which bound, in one short line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def nesting_depth(text: str, limit: int) -> int:
    """The deepest bracket nesting of JSON text (strings skipped), stopping once past `limit`."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise BadReply(f"the reply holds the non-finite number {name}")


def _bounded_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise BadReply(f"the reply holds a number out of range ({text[:24]})")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 18:
        raise BadReply(f"the reply holds a number out of range ({text[:24]}…)")
    return int(text)


def load_bounded(
    text: str | bytes, *, max_depth: int = MAX_DEPTH, max_chars: int = MAX_CHARS
) -> Any:
    """The JSON value of `text`, or BadReply: too long, too deep, not JSON, or a number that is
    not finite, a fraction beyond ±10^15 or an integer of more than 18 digits."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadReply("the reply is not UTF-8") from None
    if len(text) > max_chars:
        raise BadReply(f"the reply is longer than {max_chars:,} characters")
    if nesting_depth(text, max_depth) > max_depth:
        raise BadReply(f"the reply is nested deeper than {max_depth} levels")
    try:
        return json.loads(
            text,
            parse_constant=_no_constant,
            parse_float=_bounded_float,
            parse_int=_bounded_int,
        )
    except json.JSONDecodeError as exc:
        raise BadReply(f"the reply is not JSON ({exc.msg})") from None
    except RecursionError:
        raise BadReply(f"the reply is nested deeper than {max_depth} levels") from None
