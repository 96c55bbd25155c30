"""Findings: what a rule reports."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Finding:
    """One violation: where (file, question id), which rule (code), and what."""

    path: str
    question_id: str | None
    code: str
    message: str

    def sort_key(self) -> tuple[str, str, str, str]:
        return (self.path, self.question_id or "", self.code, self.message)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Violation:
    """What a rule function yields; the registry adds the code and the file."""

    question_id: str | None
    message: str
