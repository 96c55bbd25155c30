"""Result rows from verdicts, failures and evidence: exactly the types the result format holds."""

from __future__ import annotations

import re
from typing import Any

from checker.formats.result import ResultRow
from checker.runner.attribution import Attribution
from checker.runner.judge import Case, Verdict

_UNSAFE = re.compile(r"[^A-Za-z0-9 .,:;()/_+=%'#&*!?@\[\]{}|~^$-]")


def safe_reason(text: str) -> str:
    """A reason as a result may carry it: one line of plain ASCII, at most 200 characters."""
    one_line = " ".join(text.split())
    cleaned = _UNSAFE.sub("", one_line).strip() or "no reason given"
    return cleaned[:200]


def _evidence(attribution: Attribution) -> dict[str, Any]:
    return {
        "evidence": attribution.evidence.model_dump(mode="json") if attribution.evidence else None,
        "realised_coverage": (
            attribution.coverage.model_dump(mode="json") if attribution.coverage else None
        ),
    }


def measured_row(
    question_id: str, case: Case, verdict: Verdict, attribution: Attribution
) -> ResultRow:
    """A row with a verdict."""
    row: dict[str, Any] = {"question_id": question_id, "outcome": verdict.outcome}
    if verdict.asserted_state is not None:
        row["asserted_state"] = verdict.asserted_state
    if case.shape.set_answer and verdict.asserted_items is not None:
        row["asserted_items"] = list(verdict.asserted_items)
    if verdict.sub_label is not None:
        row["sub_label"] = verdict.sub_label
    if case.shape.list_order and verdict.list_order is not None:
        mentioned, pairs, inversions = verdict.list_order
        row["list_order"] = {"mentioned": mentioned, "pairs": pairs, "inversions": inversions}
    row |= _evidence(attribution)
    return ResultRow.model_validate(row)


def unmeasured_row(
    question_id: str, outcome: str, reason: str, attribution: Attribution
) -> ResultRow:
    """An `unrun` (the system gave no answer) or `inconclusive` (the judge gave no verdict) row."""
    row: dict[str, Any] = {
        "question_id": question_id,
        "outcome": outcome,
        "reason": safe_reason(reason),
    }
    row |= _evidence(attribution)
    return ResultRow.model_validate(row)
