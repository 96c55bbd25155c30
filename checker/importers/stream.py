"""Read a JSON array of records, or JSON Lines, one record at a time.

The whole file is never held: a record is parsed (ijson, a C-backed incremental parser), handed
on and dropped. The bytes are hashed as they pass, with the family's CRLF → LF normalisation,
so the sha256 matches `checker.io.sha256_bytes` of the whole file."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import ijson

from checker.io import InputError, _open_regular

CHUNK = 1 << 20


class HashingReader:
    """A binary reader that hashes what passes through it (CRLF read as LF)."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.digest = hashlib.sha256()
        self._carry = b""  # a trailing CR, held until the next byte says whether it ends CRLF
        self.read_bytes = 0

    def read(self, size: int = -1) -> bytes:
        data = self.raw.read(size if size and size > 0 else CHUNK)
        self.read_bytes += len(data)
        block = self._carry + data
        if data and block.endswith(b"\r"):
            block, self._carry = block[:-1], b"\r"
        else:
            self._carry = b""
        self.digest.update(block.replace(b"\r\n", b"\n"))
        return data

    def hexdigest(self) -> str:
        if self._carry:
            self.digest.update(self._carry)
            self._carry = b""
        return self.digest.hexdigest()


def file_size(path: Path) -> int:
    fd = _open_regular(path)
    try:
        return os.fstat(fd).st_size
    finally:
        os.close(fd)


def check_size(path: Path, limit: int) -> int:
    size = file_size(path)
    if size > limit:
        raise InputError(
            path,
            f"file is {size:,} bytes, over the {limit:,}-byte limit; pass --max-bytes "
            f"{size} (or more) to read it (it is streamed, so memory follows the records, "
            "not the file)",
        )
    return size


def _first_byte(reader: HashingReader) -> tuple[bytes, bytes]:
    """The first byte that is not whitespace or a BOM, and everything read up to and with it."""
    seen = b""
    while True:
        data = reader.read(CHUNK)
        if not data:
            return b"", seen
        seen += data
        stripped = seen.lstrip(b"\xef\xbb\xbf \t\r\n")
        if stripped:
            return stripped[:1], seen


class _Prefixed:
    """A reader that replays `head` before the rest of `reader`."""

    def __init__(self, head: bytes, reader: HashingReader) -> None:
        self.head, self.reader = head, reader

    def read(self, size: int = -1) -> bytes:
        if self.head:
            cut = len(self.head) if size is None or size < 0 else size
            out, self.head = self.head[:cut], self.head[cut:]
            return out
        return self.reader.read(size)


def iter_records(path: Path, reader: HashingReader) -> Iterator[Any]:
    """Each top-level record of a JSON array or of a JSON Lines file, in order."""
    first, head = _first_byte(reader)
    if not first:
        raise InputError(path, "file is empty (expected a JSON array or JSON Lines)")
    source = _Prefixed(head.removeprefix(b"\xef\xbb\xbf"), reader)
    if first == b"[":
        try:
            yield from ijson.items(source, "item", use_float=True)
        except ijson.JSONError as exc:
            raise InputError(path, f"malformed JSON: {exc}") from None
        return
    if first != b"{":
        raise InputError(path, "expected a JSON array of records or JSON Lines (one per line)")
    yield from _json_lines(path, source)


def _json_lines(path: Path, source: _Prefixed) -> Iterator[Any]:
    pending = b""
    number = 0
    while True:
        data = source.read(CHUNK)
        pending += data
        lines = pending.split(b"\n")
        pending = lines.pop() if data else b""
        for line in lines:
            number += 1
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise InputError(
                    path, f"JSON Lines: line {number} is not one JSON value: {exc}"
                ) from None
        if not data:
            return


def open_stream(path: Path) -> tuple[IO[bytes], HashingReader]:
    fh = os.fdopen(_open_regular(path), "rb")
    return fh, HashingReader(fh)
