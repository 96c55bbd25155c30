"""Reading files: bytes → hash → JSON → models, with the errors a user sees for bad input.

Anything that prevents a file from being read at all raises `InputError`, which the CLI turns
into one line and exit 2. Anything that can be read but is wrong is a finding of some rule.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

#: Largest corpus file the checker will read.
MAX_CORPUS_BYTES = 200 * 1024 * 1024
#: Largest result file a submission may carry.
MAX_RESULT_BYTES = 5 * 1024 * 1024


class InputError(Exception):
    """A file could not be read as what it should be. The message is one line, says where
    (file, question id, JSON path) and, where it can, how to fix it."""

    def __init__(self, path: Path | str, message: str, question_id: str | None = None) -> None:
        self.path = str(path)
        self.question_id = question_id
        self.message = message
        where = self.path + (f":{question_id}" if question_id else "")
        super().__init__(f"{where}: {message}")


def normalise_newlines(data: bytes) -> bytes:
    """CRLF → LF (R-ID-5): the hashed form of every file."""
    return data.replace(b"\r\n", b"\n")


def sha256_bytes(data: bytes) -> str:
    """The family's one hash: sha256 over the bytes after CRLF → LF normalisation (R-ID-5)."""
    return hashlib.sha256(normalise_newlines(data)).hexdigest()


def sha256_file(path: Path) -> str:
    return sha256_bytes(path.read_bytes())


def read_bytes(path: Path, *, limit: int | None = None) -> bytes:
    """Read a file, refusing what is missing, unreadable or too large (default limit: a corpus)."""
    limit = MAX_CORPUS_BYTES if limit is None else limit
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror}") from None
    if not path.is_file():
        raise InputError(path, "not a regular file")
    if size > limit:
        raise InputError(
            path, f"file is {size:,} bytes, over the {limit:,}-byte limit for this kind of file"
        )
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror}") from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON (numbers must be finite)")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r} in one object")
        out[key] = value
    return out


def parse_json(path: Path, data: bytes) -> Any:
    """Bytes → JSON value with a one-line error naming line and column."""
    if not data.strip():
        raise InputError(path, "file is empty (expected a JSON document)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            path, f"not UTF-8 text (byte {exc.start} is 0x{data[exc.start]:02x}); is this binary?"
        ) from None
    if "\x00" in text:
        raise InputError(path, f"contains a NUL character at offset {text.index(chr(0))}; binary?")
    try:
        return json.loads(
            text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicate_keys
        )
    except json.JSONDecodeError as exc:
        raise InputError(
            path, f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except ValueError as exc:  # our hooks
        raise InputError(path, f"malformed JSON: {exc}") from None
    except RecursionError:
        raise InputError(path, "malformed JSON: nested too deeply") from None


def json_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a JSON path: ('root', 3, 'answer') → `$[3].answer`."""
    out = "$"
    for part in loc:
        if part == "root":
            continue
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def question_id_at(raw: Any, loc: tuple[int | str, ...]) -> str | None:
    """The question id of the array element an error location points into, if any."""
    parts = [p for p in loc if p != "root"]
    if isinstance(raw, list) and parts and isinstance(parts[0], int) and parts[0] < len(raw):
        item = raw[parts[0]]
        if isinstance(item, dict) and isinstance(item.get("question_id"), str):
            return str(item["question_id"])
    return None


def describe_validation_error(
    path: Path, raw: Any, exc: ValidationError, what: str, fix: str
) -> InputError:
    """The first error of a pydantic validation as one line with question id and JSON path."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = tuple(first["loc"])
    qid = question_id_at(raw, loc)
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return InputError(
        path, f"not a valid {what}: at {json_path(loc)}: {first['msg']}{more}; {fix}", qid
    )


def validate_model(model: type[M], path: Path, raw: Any, what: str, fix: str) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise describe_validation_error(path, raw, exc, what, fix) from None


def load_json_file(path: Path, *, limit: int | None = None) -> tuple[bytes, Any]:
    data = read_bytes(path, limit=limit)
    return data, parse_json(path, data)


def is_finite_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


SAFE_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


def dump_json(value: Any) -> str:
    """The family's one JSON writer: sorted keys, two-space indent, trailing newline, UTF-8."""
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
