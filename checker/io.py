"""Reading files: bytes → hash → JSON → models, with the errors a user sees for bad input.

Anything that prevents a file from being read at all raises `InputError`, which the CLI turns
into one line and exit 2. Anything that can be read but is wrong is a finding of some rule.
"""

from __future__ import annotations

import gc
import hashlib
import json
import math
import os
import re
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from checker.entries import describe, inspect_entry, kind_of_mode
from checker.escape import escape, quoted
from checker.findings import MESSAGE_LIMIT, PATH_LIMIT, QUESTION_ID_LIMIT

M = TypeVar("M", bound=BaseModel)

#: Largest corpus file the checker will read.
MAX_CORPUS_BYTES = 200 * 1024 * 1024
#: Largest result file a submission may carry.
MAX_RESULT_BYTES = 5 * 1024 * 1024


class InputError(Exception):
    """A file could not be read as what it should be. The message is one line, says where
    (file, question id, JSON path) and, where it can, how to fix it. Like a finding, it is
    escaped when it is made (file names and keys come from submissions)."""

    def __init__(self, path: Path | str, message: str, question_id: str | None = None) -> None:
        self.path = escape(str(path), PATH_LIMIT)
        self.question_id = None if question_id is None else escape(question_id, QUESTION_ID_LIMIT)
        self.message = escape(message, MESSAGE_LIMIT)
        where = self.path + (f":{self.question_id}" if self.question_id else "")
        super().__init__(f"{where}: {self.message}")


def normalise_newlines(data: bytes) -> bytes:
    """CRLF → LF (R-ID-5): the hashed form of every file."""
    return data.replace(b"\r\n", b"\n")


def sha256_bytes(data: bytes) -> str:
    """The family's one hash: sha256 over the bytes after CRLF → LF normalisation (R-ID-5)."""
    return hashlib.sha256(normalise_newlines(data)).hexdigest()


def sha256_file(path: Path) -> str:
    return sha256_bytes(path.read_bytes())


#: Open flags for reading a file the checker has judged regular: never through a link at the
#: last step, and never blocking (a FIFO swapped in after the `lstat` is refused, not waited on).
_OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def _open_regular(path: Path) -> int:
    """A descriptor on `path` if it is a regular file: `lstat` first (a link, FIFO, device or
    socket is refused by name and never opened), then opened without following a link or
    blocking, and checked again on the open descriptor."""
    entry = inspect_entry(path)
    if entry.kind == "missing":
        raise InputError(path, "no such file")
    if entry.linked_folder is not None:
        raise InputError(
            path,
            f"goes through the linked folder {entry.linked_folder}; the checker does not follow "
            "links here (it was not opened; pass the path of the file itself)",
        )
    if not entry.regular:
        raise InputError(
            path,
            f"is {entry.describe()}, not a regular file; the checker reads regular files only "
            "(it was not opened)",
        )
    try:
        fd = os.open(entry.location, _OPEN_FLAGS)  # where `path` resolves (`..` and `.` gone)
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror}") from None
    kind = kind_of_mode(os.fstat(fd).st_mode)
    if kind != "file":
        os.close(fd)
        raise InputError(path, f"is {describe(kind)}, not a regular file (it was not read)")
    return fd


def read_head(path: Path, size: int = 4096) -> bytes:
    """The first `size` bytes of a regular file (to tell its kind)."""
    fd = _open_regular(path)
    with os.fdopen(fd, "rb") as fh:
        return fh.read(size)


def read_bytes(path: Path, *, limit: int | None = None) -> bytes:
    """Read a regular file, refusing what is missing, unreadable, not a regular file or too
    large (default limit: a corpus)."""
    limit = MAX_CORPUS_BYTES if limit is None else limit
    fd = _open_regular(path)
    with os.fdopen(fd, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > limit:
            raise InputError(
                path,
                f"file is {size:,} bytes, over the {limit:,}-byte limit for this kind of file",
            )
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise InputError(path, f"cannot read: {exc.strerror}") from None
    if len(data) > limit:  # it grew while being read
        raise InputError(path, f"file is over the {limit:,}-byte limit for this kind of file")
    return data


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON (numbers must be finite)")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    for key, _ in pairs:  # name the first key given twice
        if key in seen:
            break
        seen.add(key)
    raise ValueError(f"duplicate key {quoted(key)} in one object")


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
    # Parsing makes only acyclic containers, so the cycle collector has nothing to find in
    # them; paused, it does not re-walk every object alive each time the parser allocates
    # (with the rules loaded that is millions, and a file of nested arrays allocates millions).
    collecting = gc.isenabled()
    gc.disable()
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
    finally:
        if collecting:
            gc.enable()


def json_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a JSON path: ('root', 3, 'answer') → `$[3].answer`. A key
    is a submitter's text, so each is shown escaped and shortened."""
    out = "$"
    for part in loc:
        if part == "root":
            continue
        out += f"[{part}]" if isinstance(part, int) else f".{escape(str(part), 64)}"
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
