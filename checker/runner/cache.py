"""The response cache on disk: one file per request, named by the hash of the full request.

An interrupted run resumes where it stopped because every completed call is on disk under the
hash of exactly what was sent (model, messages, sampling, response format, and the run's
namespace, so that a new run id asks afresh — a band of repeated runs must never be served
from one run's cache). Failed calls are never stored, so a rerun retries them.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from checker.runner.safefiles import verified_folder, verified_subfolder


def canonical(value: Any) -> bytes:
    """The JSON bytes a request hash is taken over: sorted keys, no whitespace."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def request_key(value: Any) -> str:
    """sha256 hex of the canonical request."""
    return hashlib.sha256(canonical(value)).hexdigest()


class DiskCache:
    """Entries are JSON objects stored at `<folder>/<key[:2]>/<key>.json`, written atomically
    (a temporary file renamed into place) so that a run killed mid-write leaves no torn entry."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._made: set[Path] = set()
        self._root_verified = False
        # The keys on disk, listed once: a miss then costs no file system call (most calls of
        # a fresh run are misses).
        self._keys = {entry.stem for entry in folder.glob("*/*.json")} if folder.is_dir() else set()

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        if key not in self._keys:
            return None
        try:
            data = self._path(key).read_bytes()
        except FileNotFoundError:
            return None
        try:
            value = json.loads(data)
        except json.JSONDecodeError:
            return None  # a damaged entry is a miss: the call is made again
        return value if isinstance(value, dict) else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        path = self._path(key)
        if path.parent not in self._made:
            # A link anywhere on the cache's path is refused (see `safefiles`): the whole path
            # once, then each `<key[:2]>` subfolder by its own name. The entry itself is a fresh
            # temporary file renamed into place, which never follows one.
            if not self._root_verified:
                verified_folder(self.folder, private=True)
                self._root_verified = True
            verified_subfolder(self.folder, path.parent.name, private=True)
            self._made.add(path.parent)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(canonical(value))
            os.replace(tmp, path)
            self._keys.add(key)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def __len__(self) -> int:
        return len(self._keys)
