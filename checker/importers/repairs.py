"""The log of what an importer changed: every repair is one entry, and the kinds are counted."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Repairs:
    """Repairs made while importing: `add(kind, where, detail)` per repair."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, kind: str, where: str, detail: str) -> None:
        self.counts[kind] += 1
        self.entries.append({"kind": kind, "where": where, "detail": detail})

    def summary(self) -> str:
        """`kind n, kind n, …` in name order, or `none`."""
        if not self.counts:
            return "none"
        return ", ".join(f"{kind} {n}" for kind, n in sorted(self.counts.items()))
