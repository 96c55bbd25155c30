"""`audit` on excerpts cut from LoCoMo and LongMemEval (tests/fixtures/external): each false
finding class is gone or says "not applicable", each missed defect is found, and the lenient
reader takes what real files hold (JSON Lines, integer ids, system turns, large files)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checker.importers import foreign
from checker.load import load_foreign
from checker.rules.leaks import PRODUCTION_WORDS
from tests.conftest import FIXTURES, ROOT, run_cli

EXTERNAL = FIXTURES / "external"
LME = EXTERNAL / "longmemeval-excerpt.json"
LOCOMO = EXTERNAL / "locomo-excerpt.imported.json"


def _audit(path: Path, *args: str) -> tuple[int, list[dict[str, Any]], str]:
    rc, out, err = run_cli("audit", str(path), "--format", "json", *args)
    assert rc in (0, 1), err
    return rc, json.loads(out), err


def _codes(findings: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for f in findings:
        counts[f["code"]] = counts.get(f["code"], 0) + 1
    return counts


def _records() -> list[dict[str, Any]]:
    return list(json.loads(LME.read_text(encoding="utf-8")))


def test_english_words_are_not_production_words_in_a_foreign_corpus() -> None:
    texts = [t["content"] for r in _records() for s in r["haystack_sessions"] for t in s]
    assert any(PRODUCTION_WORDS.search(t) for t in texts)  # 'template' is in the excerpt
    _, findings, _ = _audit(LME, "--select", "LEK003")
    assert findings == []


def test_the_answer_key_carried_into_text_is_found(tmp_path: Path) -> None:
    records = _records()
    turns = records[0]["haystack_sessions"][0]
    gold = records[1]["answer_session_ids"][0]
    turns[0]["content"] += ' {"has_answer": true}'
    turns[1]["content"] += f" (see {gold})"
    turns[2]["content"] += f" Answer: {records[0]['answer']}"
    path = tmp_path / "leaky.json"
    path.write_text(json.dumps(records))
    _, findings, _ = _audit(path, "--select", "LEK003")
    messages = sorted(f["message"] for f in findings)
    assert len(messages) == 3, messages
    assert any("'has_answer'" in m for m in messages)
    assert any(repr(gold) in m for m in messages)
    assert any("own answer after 'Answer:'" in m for m in messages)


def test_distractor_rules_are_not_applicable_on_an_oracle_file() -> None:
    _, findings, err = _audit(LME)
    line = next(x for x in err.splitlines() if "no distractor sessions" in x)
    for code in ("CAL001", "SEP001", "SEP003", "STR010", "LEK001"):
        assert code in line
    assert not {"CAL001", "SEP003", "STR010"} & set(_codes(findings))
    assert err.count("not applicable") == 5, err  # once per missing need


def test_house_rules_run_only_when_asked() -> None:
    _, plain, err = _audit(LME)
    assert not {"STR001", "STR002", "FMT001"} & set(_codes(plain))
    assert "pass --house-rules" in err
    _, house, _ = _audit(LME, "--house-rules")
    assert {"STR001", "STR002", "FMT001"} <= set(_codes(house))
    _, named, _ = _audit(LME, "--select", "STR001")
    assert set(_codes(named)) == {"STR001"}


def test_a_haystack_finding_is_reported_once_with_its_sharers(tmp_path: Path) -> None:
    records = [r for r in _records() if r["question_id"] == "993da5e2"]
    twin = dict(records[0], question_id="993da5e2-twin")
    path = tmp_path / "shared.json"
    path.write_text(json.dumps([records[0], twin]))
    _, findings, _ = _audit(path, "--select", "STR009")
    order = [f for f in findings if "dated before session" in f["message"]]
    assert len(order) == 1
    assert order[0]["message"].endswith("(haystack shared by 2 questions; reported once)")
    asked = [f for f in findings if "not asked after" in f["message"]]
    assert sorted(f["question_id"] for f in asked) == ["993da5e2", "993da5e2-twin"]


def test_the_question_date_is_compared_with_the_latest_session() -> None:
    _, findings, _ = _audit(LME, "--select", "STR009")
    asked = [f for f in findings if "not asked after" in f["message"]]
    assert [f["question_id"] for f in asked] == ["993da5e2"]
    assert "latest session (session 0" in asked[0]["message"]
    assert "gold session(s) 0 dated at or after the question" in asked[0]["message"]


def test_rarity_is_counted_over_haystacks() -> None:
    # Three conv-26 questions share one conversation: counted per question copy, no token of
    # it would ever be rare.
    _, findings, _ = _audit(LOCOMO, "--select", "LEK001")
    assert [(f["question_id"], f["message"]) for f in findings] == [
        ("conv-26-q001", "answer token(s) 'counseling' appear in non-gold session 1")
    ]


def test_question_checks_on_the_locomo_excerpt() -> None:
    _, findings, _ = _audit(LOCOMO, "--select", "QST")
    assert _codes(findings) == {"QST001": 3, "QST002": 1, "QST003": 1, "QST004": 1, "QST005": 1}


def test_types_break_down_the_summary_when_no_shape_is_declared() -> None:
    rc, _, err = run_cli("audit", str(LOCOMO), "--summary", "--select", "STR003")
    assert rc == 0, err
    assert "questions per type (no shapes declared): {'adversarial': 1," in err
    assert "per shape: type adversarial" in err


def test_json_lines_integer_ids_and_system_turns_are_read(tmp_path: Path) -> None:
    records = _records()
    records[0]["question_id"] = 12345
    records[1]["haystack_sessions"][0].insert(0, {"role": "system", "content": "Be brief."})
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    _, findings, _ = _audit(path, "--select", "FMT001")
    notes = {(f["question_id"], f["message"]) for f in findings}
    assert ("12345", "question_id is a number; read as text") in notes
    assert (records[1]["question_id"], "system turns set aside") in notes


def test_a_large_file_is_refused_until_allowed() -> None:
    rc, _, err = run_cli("audit", str(LME), "--max-bytes", "1000")
    assert rc == 2 and "--max-bytes" in err


def test_streaming_reads_what_the_whole_file_reader_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = load_foreign(LME)
    monkeypatch.setattr(foreign, "STREAM_ABOVE", 0)
    streamed = load_foreign(LME)
    assert streamed.sha256 == whole.sha256
    assert streamed.questions == whole.questions


def test_check_on_a_foreign_file_points_at_audit() -> None:
    rc, _, err = run_cli("check", str(LME))
    assert rc == 2
    assert "typedmemeval audit FILE" in err and "docs/auditing.md" in err
    assert (ROOT / "docs" / "auditing.md").is_file()


def test_import_logs_every_repair(tmp_path: Path) -> None:
    out = tmp_path / "locomo.json"
    rc, _, err = run_cli(
        "import", "locomo", str(EXTERNAL / "locomo-excerpt.json"), "--out", str(out)
    )
    assert rc == 0, err
    assert "Imported 11 questions" in err
    assert "repairs: question-date-supplied 11 " in err
    log_file = out.with_name("locomo.json.repairs.jsonl")
    log = [json.loads(x) for x in log_file.read_text().splitlines()]
    assert [e["where"] for e in log][:2] == ["conv-26-q000", "conv-26-q001"]
    assert {e["kind"] for e in log} == {"question-date-supplied"} and len(log) == 11
    assert out.read_bytes() == LOCOMO.read_bytes()


def test_each_finding_class_is_listed_once_with_its_count() -> None:
    rc, out, err = run_cli("audit", str(LME))
    assert rc == 1
    assert out.splitlines()[-1] == "Found 5 findings."
    assert err.splitlines()[-1] == "typedmemeval: findings by class: IDN004 3, STR009 2"


def test_a_duplicate_session_id_is_found_without_house_rules(tmp_path: Path) -> None:
    records = _records()
    ids = records[2]["haystack_session_ids"]
    ids[1] = ids[0]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(records))
    _, plain, _ = _audit(path)
    assert [f["message"] for f in plain if f["code"] == "STR002"] == [
        f"session id {ids[0]!r} appears twice"
    ]
    _, named, _ = _audit(path, "--select", "STR002")  # named: the id scheme is judged too
    assert len(named) > 1 and f"session id {ids[0]!r} appears twice" in {
        f["message"] for f in named
    }
