"""The published audits of other benchmarks: every committed summary renders a page with each
finding class, its count, two examples, what it means for scores, and the per-type BM25 table
with its denominators; quoted text is inert."""

from __future__ import annotations

import json
from pathlib import Path

from site_gen.external_audits import AUDITS_DIR, MEANING, AuditData, audit_page, read_audits


def test_both_benchmarks_are_published() -> None:
    assert [a.slug for a in read_audits()] == ["locomo", "longmemeval-oracle-sample"]


def test_each_page_carries_every_class_with_examples_and_denominators() -> None:
    for audit in read_audits():
        page = audit_page(audit)
        report = audit.report
        for entry in report["classes"]:
            assert f"### {entry['code']} " in page
            assert f"**{entry['count']}** findings" in page
            assert entry["code"] in MEANING, f"say what {entry['code']} means for scores"
            assert 1 <= len(entry["examples"]) <= 2
        for row in report["bm25"]["by_type"]:
            assert f"(n={row['gold_bearing']})" in page
            assert f"{row['gold_bearing']}/{row['questions']}" in page
        assert audit.license and audit.citation and audit.source


def test_summaries_are_small_and_quote_briefly() -> None:
    for path in AUDITS_DIR.glob("*.json"):
        assert path.stat().st_size < 20_000, path
        report = json.loads(path.read_text(encoding="utf-8"))["report"]
        for entry in report["classes"]:
            assert all(len(e["message"]) <= 240 for e in entry["examples"])


def test_quoted_text_is_inert(tmp_path: Path) -> None:
    raw = json.loads((AUDITS_DIR / "locomo.json").read_text(encoding="utf-8"))
    raw["report"]["classes"][0]["examples"][0]["message"] = "<script>tme()</script> | [x](y)"
    page = audit_page(AuditData.from_json("hostile", raw))
    assert "<script>" not in page and "[x](y)" not in page
