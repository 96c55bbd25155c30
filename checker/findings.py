"""Findings: what a rule reports.

A finding's text can hold what a submitter wrote (a file name, a key, a value), so every field
is escaped when the finding is made (`checker.escape`): whatever reporter prints it, a finding
is one line of printable text."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from checker.escape import escape

#: Longest path, question id and message a finding shows.
PATH_LIMIT = 400
QUESTION_ID_LIMIT = 80
MESSAGE_LIMIT = 1000


@dataclass(frozen=True)
class Finding:
    """One violation: where (file, question id), which rule (code), and what."""

    path: str
    question_id: str | None
    code: str
    message: str

    def __post_init__(self) -> None:
        # Frozen: the escaped text replaces what was passed, once, before anyone reads it.
        object.__setattr__(self, "path", escape(self.path, PATH_LIMIT))
        if self.question_id is not None:
            object.__setattr__(self, "question_id", escape(self.question_id, QUESTION_ID_LIMIT))
        object.__setattr__(self, "code", escape(self.code, 16))
        object.__setattr__(self, "message", escape(self.message, MESSAGE_LIMIT))

    def sort_key(self) -> tuple[str, str, str, str]:
        return (self.path, self.question_id or "", self.code, self.message)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Violation:
    """What a rule function yields; the registry adds the code and the file."""

    question_id: str | None
    message: str
    #: True when the violation is a property of the question's haystack (a session's text or
    #: dates), not of the question: `audit` reports it once per haystack, with the number of
    #: questions that share it.
    haystack: bool = False
