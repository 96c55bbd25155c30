"""Findings: what a rule reports."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True, order=True)
class Finding:
    """One violation: where (file, question id), which rule (code), and what."""

    path: str
    question_id: str | None
    code: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Violation:
    """What a rule function yields; the registry adds the code and the file."""

    question_id: str | None
    message: str
