"""A progress bar on stderr for long runs: items done, rate, ETA, retries.

On a terminal the bar redraws in place at most ten times a second; anywhere else (CI, a log
file, a test) it prints one line every `every` seconds and a last line at the end, so a log is
never flooded.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO


def _clock(seconds: float) -> str:
    whole = max(0, round(seconds))
    minutes, s = divmod(whole, 60)
    hours, m = divmod(minutes, 60)
    return f"{hours}:{m:02d}:{s:02d}" if hours else f"{m}:{s:02d}"


class Progress:
    """Thread-safe; `advance()` once per finished item."""

    def __init__(
        self,
        label: str,
        total: int,
        *,
        unit: str = "questions",
        retries: Callable[[], int] = lambda: 0,
        stream: TextIO | None = None,
        every: float = 5.0,
    ) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.retries = retries
        self.stream = stream if stream is not None else sys.stderr
        self.every = every
        self.done = 0
        self.started = time.monotonic()
        self._last = 0.0
        self._lock = threading.Lock()
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def line(self) -> str:
        elapsed = time.monotonic() - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = _clock(left / rate) if rate > 0 else "?"
        width = 24
        filled = width * self.done // self.total if self.total else width
        bar = "#" * filled + "." * (width - filled)
        return (
            f"{self.label} [{bar}] {self.done}/{self.total} {self.unit} · {rate:.1f}/s · "
            f"ETA {eta} · elapsed {_clock(elapsed)} · retries {self.retries()}"
        )

    def advance(self, n: int = 1) -> None:
        with self._lock:
            self.done += n
            now = time.monotonic()
            interval = 0.1 if self._tty else self.every
            if now - self._last >= interval or self.done >= self.total:
                self._last = now
                self._draw()

    def _draw(self) -> None:
        if self._tty:
            self.stream.write("\r" + self.line())
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()

    def close(self) -> None:
        with self._lock:
            if self._tty:
                self._draw()
                self.stream.write("\n")
            elif self.done < self.total:
                self._draw()
            self.stream.flush()
