"""`import` and `audit` on the shared copies of LoCoMo and the LongMemEval oracle sample
(`../shared/external`, beside the repository): the missed defects are found, with the counts
re-derived here independently from the raw files where that can be done in a few lines."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli

SHARED = ROOT.parent / "shared" / "external"
LOCOMO = SHARED / "locomo10.json"
LME = SHARED / "longmemeval_oracle_sample.json"

pytestmark = pytest.mark.skipif(
    not (LOCOMO.is_file() and LME.is_file()),
    reason="needs ../shared/external (locomo10.json, longmemeval_oracle_sample.json) beside "
    "the repository; CI clones have it there",
)


def _findings(path: Path, *args: str) -> list[dict[str, Any]]:
    rc, out, err = run_cli("audit", str(path), "--format", "json", *args)
    assert rc in (0, 1), err
    return list(json.loads(out))


def _count(findings: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for f in findings:
        counts[f["code"]] = counts.get(f["code"], 0) + 1
    return counts


@pytest.fixture(scope="module")
def locomo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("locomo") / "locomo10.typedmemeval.json"
    rc, _, err = run_cli("import", "locomo", str(LOCOMO), "--out", str(out))
    assert rc == 0, err
    return out, err


def test_locomo_imports_with_every_repair_counted(locomo: tuple[Path, str]) -> None:
    _, err = locomo
    assert (
        "Imported 1986 questions from" in err
        and "repairs: answer-as-text 6, evidence-id-dropped 1, evidence-id-mended 2, "
        "evidence-id-split 4, evidence-turn-missing 2, question-date-supplied 1986, "
        "session-date-without-session 1 "
        in err
    ), err


def test_locomo_question_defects(locomo: tuple[Path, str]) -> None:
    path, _ = locomo
    found = _findings(path, "--select", "QST", "--max-bytes", "400000000")
    assert _count(found) == {"QST001": 12, "QST002": 1, "QST003": 4, "QST004": 1, "QST005": 8}
    # Conversation 48 asks eleven questions twice, word for word.
    assert sum(1 for f in found if f["code"] == "QST001" and "conv-48" in f["question_id"]) == 11
    # Independently: non-adversarial questions with no evidence at all.
    raw = json.loads(LOCOMO.read_text(encoding="utf-8"))
    unevidenced = sum(1 for c in raw for q in c["qa"] if q["category"] != 5 and not q["evidence"])
    assert _count(found)["QST003"] == unevidenced


def _date(value: str) -> datetime:
    return datetime.strptime(value[:10] + value[16:], "%Y/%m/%d %H:%M")


def test_longmemeval_questions_asked_before_their_latest_session() -> None:
    raw = json.loads(LME.read_text(encoding="utf-8"))
    before_latest = {
        q["question_id"]
        for q in raw
        if _date(q["question_date"]) <= max(map(_date, q["haystack_dates"]))
    }
    before_last = {
        q["question_id"] for q in raw if _date(q["question_date"]) <= _date(q["haystack_dates"][-1])
    }
    found = _findings(LME, "--select", "STR009")
    asked = {f["question_id"] for f in found if "not asked after" in f["message"]}
    assert asked == before_latest
    assert len(asked) == 11 and len(before_last) == 6  # the last-listed reading missed five
    assert len(found) == 18  # with the 7 sessions listed before an earlier one


def test_longmemeval_false_findings_are_gone() -> None:
    rc, out, err = run_cli("audit", str(LME), "--format", "json")
    codes = _count(json.loads(out))
    # Before: 61 LEK003 ('Needle', 'template', 'gold'), 1,779 SEP003, 140 STR001/STR002/FMT001.
    assert not {"LEK003", "SEP003", "CAL001", "STR010", "STR001", "STR002", "FMT001"} & set(codes)
    assert codes == {"IDN004": 140, "QST005": 3, "STR009": 18}, codes
    assert "SEP003" in next(x for x in err.splitlines() if "no distractor sessions" in x)
    assert rc == 1
