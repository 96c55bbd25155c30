"""Reporters: text (ruff-style), json, github. The CLI builds its `--format` choices from
`REPORTERS`, so the two cannot drift.

Every field of a finding is escaped when the finding is made (`checker.findings`), so each
finding prints as exactly one line whatever a submitter put in a file name, key or value. The
`Found N findings.` summary is printed only for a complete run: when some file could not be
read at all (exit 2), a count of the others' findings would read as a verdict on all of them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol, TextIO

from checker.findings import Finding


class Reporter(Protocol):
    def __call__(
        self, findings: Sequence[Finding], out: TextIO, *, complete: bool = True
    ) -> None: ...


def _location(f: Finding) -> str:
    return f"{f.path}:{f.question_id}" if f.question_id else f.path


def _summary(findings: Sequence[Finding], out: TextIO) -> None:
    n = len(findings)
    out.write(f"Found {n} finding{'s' if n != 1 else ''}.\n")


def report_text(findings: Sequence[Finding], out: TextIO, *, complete: bool = True) -> None:
    for f in findings:
        out.write(f"{_location(f)}: {f.code} {f.message}\n")
    if complete:
        _summary(findings, out)


def report_json(findings: Sequence[Finding], out: TextIO, *, complete: bool = True) -> None:
    json.dump([f.as_dict() for f in findings], out, indent=2, sort_keys=True)
    out.write("\n")


def _gh_escape(value: str, *, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


def report_github(findings: Sequence[Finding], out: TextIO, *, complete: bool = True) -> None:
    for f in findings:
        title = f"{f.code}" + (f" {f.question_id}" if f.question_id else "")
        out.write(
            f"::error file={_gh_escape(f.path, prop=True)},title={_gh_escape(title, prop=True)}"
            f"::{_gh_escape(f.message)}\n"
        )
    if complete:
        _summary(findings, out)


REPORTERS: dict[str, Reporter] = {
    "text": report_text,
    "json": report_json,
    "github": report_github,
}
