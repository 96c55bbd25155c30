"""The runner's sensitive local files: answer texts, raw judge replies, the cache.

They hold what a result must not (answers can quote a user's memory back; raw judge replies
quote the answers), so they live under the run's work folder, readable by the owner only, and
are never part of a submission.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from checker.runner import secrets
from checker.runner.safefiles import open_private, verified_folder


def private_folder(path: Path) -> Path:
    """Create `path` (and parents) readable by the owner only; a link anywhere on the path is
    refused (`safefiles.UnsafePath`)."""
    return verified_folder(path, private=True)


class JsonLines:
    """An owner-only JSON-lines file, truncated when opened, appended to by many threads
    (buffered; complete once closed — a stopped run's resume rewrites it from the cache)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        fd = open_private(path)
        self._handle = os.fdopen(fd, "w", encoding="utf-8")
        self._lock = threading.Lock()

    def write(self, record: dict[str, Any]) -> None:
        line = secrets.mask(json.dumps(record, sort_keys=True, ensure_ascii=False))
        with self._lock:
            self._handle.write(line + "\n")

    def close(self) -> None:
        with self._lock:
            self._handle.close()
