"""Expected findings: the one visible place where known findings may be marked as expected.

A file of lines `<corpus path>:<question id>: <CODE>` (or `<corpus path>: <CODE>` for a
corpus-level finding), paths relative to the file's own folder, `#` starting a comment. With
`typedmemeval check --expected FILE`, a finding that matches a line is still printed, but does
not fail the run; every other finding does, and so does a line that no longer matches any
finding (a stale expectation must be removed, so the file can only shrink as defects are fixed).
Rules are never loosened to pass: an expectation names the finding and keeps it visible.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.findings import Finding
from checker.io import InputError

_LINE = re.compile(r"^(?P<path>[^:]+?)(?::(?P<question>[^:\s]+))?:\s+(?P<code>[A-Z]{3}\d{3})$")


@dataclass(frozen=True)
class Expectation:
    """One expected finding: which corpus file, which question (None: the corpus), which rule."""

    path: Path
    question_id: str | None
    code: str
    #: Where it is written, for messages: `FILE:LINE`.
    origin: str

    def matches(self, finding: Finding) -> bool:
        return (
            finding.code == self.code
            and finding.question_id == self.question_id
            and Path(finding.path).resolve() == self.path
        )


@dataclass(frozen=True)
class Partition:
    unexpected: list[Finding]
    expected: list[Finding]
    #: Expectations no finding matched.
    stale: list[Expectation]


def read_expectations(path: Path) -> list[Expectation]:
    """Parse an expected-findings file; InputError (exit 2) names the line that does not parse."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(path, f"cannot read the expected-findings file: {exc.strerror}") from None
    base = path.resolve().parent
    out: list[Expectation] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        found = _LINE.match(line)
        if found is None:
            raise InputError(
                f"{path}:{number}",
                f"cannot read {line!r}; write `<corpus path>:<question id>: CODE` or "
                "`<corpus path>: CODE`, the path relative to this file's folder",
            )
        out.append(
            Expectation(
                path=(base / found["path"]).resolve(),
                question_id=found["question"],
                code=found["code"],
                origin=f"{path}:{number}",
            )
        )
    return out


def partition(findings: Sequence[Finding], expectations: Sequence[Expectation]) -> Partition:
    """Split findings into expected and unexpected, and list the expectations that matched none."""
    unexpected: list[Finding] = []
    expected: list[Finding] = []
    used: set[int] = set()
    for finding in findings:
        hits = [i for i, e in enumerate(expectations) if e.matches(finding)]
        if hits:
            expected.append(finding)
            used.update(hits)
        else:
            unexpected.append(finding)
    stale = [e for i, e in enumerate(expectations) if i not in used]
    return Partition(unexpected, expected, stale)
