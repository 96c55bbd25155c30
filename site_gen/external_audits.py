"""The published audits of other publishers' benchmarks (LoCoMo, a LongMemEval sample).

Each audit is committed as a small JSON summary in `site_gen/audits/` (`AuditData`), made from
`typedmemeval audit --report` and the importer's repair counts by `python -m
site_gen.external_audits` (see docs/auditing.md): each finding class with its count and two
short examples, the rules not applicable and why, and the reference retriever's coverage per
question type with its denominators. The page functions here turn one summary into markdown."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from site_gen.markup import Md, code, esc, table
from site_gen.numerals import fraction, project_text, rate

AUDITS_DIR = Path(__file__).with_name("audits")
INDEX_PAGE = "audits/index.md"

#: What each finding class means for a score on the audited benchmark.
MEANING = {
    "IDN004": "The session ids say which sessions are gold: a system (or a retrieval stage) that "
    "sees the ids can find the evidence without reading it. In LongMemEval's `_s` and `_m` "
    "files the same `answer_` prefix marks the gold sessions among the distractors, so any "
    "pipeline that passes ids through inflates its retrieval figures.",
    "LEK001": "The answer's rare words also appear in a session the answer key does not mark as "
    "evidence. Either the key is incomplete (the fact is stated twice and retrieval of the "
    "unmarked session is scored as a miss) or the distractor restates the answer; both bias "
    "retrieval recall against the system.",
    "LEK003": "The answer key's own text (a field name, a gold id, the answer after a label) "
    "is inside a message a system reads: it can copy the key instead of remembering.",
    "STR009": "A question is asked before (or at the same time as) a session that holds its "
    "evidence, or sessions are listed out of time order. A system that respects time must "
    "not use a session from after the question; one that does is rewarded for it.",
    "STR004": "Empty sessions or turns: nothing to remember, but they count in every haystack "
    "size and position figure.",
    "STR006": "Turn-level evidence flags and session-level gold disagree: two answer keys, and "
    "retrieval scores depend on which one a harness reads.",
    "STR007": "A gold id that is not in the haystack, or listed twice: coverage is computed "
    "over evidence that does not exist.",
    "QST001": "The same question is asked twice about the same conversation: it is counted "
    "twice in every score.",
    "QST002": "The same question carries two labels (answerable and adversarial, or two "
    "answers): whatever a system says, one of the two is scored wrong.",
    "QST003": "An answerable question with no evidence: retrieval counts it solved "
    "vacuously, and nothing shows where its answer is stated.",
    "QST004": "The question text holds its own answer: a system can copy it without memory.",
    "QST005": "The question names its answer among options: a guess is right 1/k of the time "
    "with no memory, so accuracy on these questions must be read against that floor.",
    "SEP001": "One surface feature tells gold sessions from the others.",
    "SEP002": "One surface feature identifies gold outright in many questions.",
    "SEP003": "A phrase marks gold sessions and never appears in a distractor.",
    "SEP004": "A classifier finds gold without the question.",
    "SEP008": "A classifier finds gold from how a session sits in its haystack alone.",
}
GENERIC_MEANING = "See the rule's reference page for what it re-derives."


@dataclass(frozen=True)
class AuditData:
    """One published audit: the report plus where the benchmark comes from."""

    slug: str
    title: str
    source: str
    license: str
    citation: str
    import_command: str
    audit_command: str
    repairs: dict[str, int]
    report: dict[str, Any]
    notes: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, slug: str, raw: dict[str, Any]) -> AuditData:
        return cls(
            slug=slug,
            title=str(raw["title"]),
            source=str(raw["source"]),
            license=str(raw["license"]),
            citation=str(raw["citation"]),
            import_command=str(raw["import_command"]),
            audit_command=str(raw["audit_command"]),
            repairs={str(k): int(v) for k, v in raw.get("repairs", {}).items()},
            report=dict(raw["report"]),
            notes=tuple(str(n) for n in raw.get("notes", ())),
        )


def read_audits(folder: Path = AUDITS_DIR) -> list[AuditData]:
    """Every committed audit summary, in name order."""
    return [
        AuditData.from_json(path.stem, json.loads(path.read_text(encoding="utf-8")))
        for path in sorted(folder.glob("*.json"))
    ]


def page_name(audit: AuditData) -> str:
    return f"audits/{audit.slug}.md"


def audits_index(audits: Sequence[AuditData]) -> Md:
    rows = [
        [
            Md(f"[{esc(a.title)}]({a.slug}.md)"),
            fraction(a.report["questions"], a.report["questions"]),
            str(len(a.report["classes"])),
            str(a.report["findings_total"]),
        ]
        for a in audits
    ]
    return Md(
        "# Audits of other benchmarks\n\n"
        "The two benchmarks memory-system papers report, read line by line by the same checker "
        "that gates our corpora, with only the rules that apply to them "
        "([how to audit a benchmark](../auditing.md)). Each page lists every finding class "
        "with its count, two short examples quoted with attribution, what the class means for "
        "scores, and the reference retriever's coverage per question type with its "
        "denominators.\n\n"
        + table(["benchmark", "questions audited", "finding classes", "findings"], rows)
    )


def _class_section(entry: dict[str, Any]) -> Md:
    lines = [
        Md(f"### {esc(entry['code'])} {esc(entry['name'])}\n"),
        Md(
            f"**{entry['count']}** findings on {entry['questions']} questions. "
            if entry["questions"]
            else f"**{entry['count']}** findings on the corpus as a whole. "
        )
        + Md("Rule: ")
        + project_text(entry["summary"])
        + Md("\n"),
        Md("**What it means for scores.** ")
        + project_text(MEANING.get(entry["code"], GENERIC_MEANING))
        + Md("\n"),
        Md("Examples:\n"),
    ]
    for ex in entry["examples"]:
        lines.append(
            Md("- ") + code(ex["question_id"] or "(corpus)") + Md(": ") + code(ex["message"])
        )
    return Md("\n".join(lines) + "\n")


def audit_page(audit: AuditData) -> Md:
    r = audit.report
    parts: list[Md] = [
        Md(f"# Audit: {esc(audit.title)}\n"),
        Md("**Source.** ")
        + esc(audit.source)
        + Md(". **License.** ")
        + esc(audit.license)
        + Md(". **Cite.** ")
        + esc(audit.citation)
        + Md(
            ". Messages are quoted briefly from the audited file for review; nothing else of "
            "it is republished.\n"
        ),
        Md("**How it was audited.**\n\n```\n")
        + Md(f"{audit.import_command}\n{audit.audit_command}\n```\n"),
        Md(
            f"The audited file holds {r['questions']} questions over {r['haystacks']} distinct "
            "haystacks (sha256 "
        )
        + code(r["sha256"])
        + Md(").\n"),
    ]
    for note in audit.notes:
        parts.append(Md("!!! note\n\n    ") + esc(note) + Md("\n"))
    if audit.repairs:
        parts.append(Md("## Import repairs\n\nEach is logged per record by the importer.\n"))
        parts.append(
            table(["repair", "count"], [[k, str(v)] for k, v in sorted(audit.repairs.items())])
        )
    parts.append(Md("## Findings\n"))
    classes = r["classes"]
    if classes:
        parts.append(
            table(
                ["code", "finding", "findings", "questions"],
                [
                    [
                        Md(f"[{esc(c['code'])}](#{c['code'].lower()}-{c['name']})"),
                        c["name"],
                        str(c["count"]),
                        fraction(c["questions"], r["questions"]) if c["questions"] else "corpus",
                    ]
                    for c in classes
                ],
            )
        )
        parts.extend(_class_section(c) for c in classes)
    else:
        parts.append(Md("No rule that applies found anything.\n"))
    bm25 = r["bm25"]
    parts.append(
        Md(
            f"## Reference retriever per question type\n\nBM25 ({code(bm25['retriever'])}) "
            f"with the question as the query; coverage is the share of a question's gold "
            f"sessions in its top {bm25['k_ref']}, averaged over gold-bearing questions. "
            "Overall: "
        )
        + rate(bm25["coverage"], bm25["gold_bearing"], 4)
        + Md(".\n")
    )
    parts.append(
        table(
            ["question type", "questions", "gold-bearing", "BM25 coverage at K_ref"],
            [
                [
                    row["type"],
                    str(row["questions"]),
                    fraction(row["gold_bearing"], row["questions"]),
                    rate(row["bm25_coverage"], row["gold_bearing"], 4),
                ]
                for row in bm25["by_type"]
            ],
        )
    )
    if r["not_applicable"]:
        parts.append(
            Md("## Not applicable\n\nRules that need what this benchmark does not have:\n")
        )
        for skipped in r["not_applicable"]:
            parts.append(
                Md("- ") + join_codes(skipped["codes"]) + Md(": ") + project_text(skipped["reason"])
            )
        parts.append(Md(""))
    return Md("\n".join(parts) + "\n")


def join_codes(codes: Sequence[str]) -> Md:
    return Md(", ".join(code(c) for c in codes))


def assemble(
    meta: dict[str, Any], report: dict[str, Any], repairs: dict[str, int]
) -> dict[str, Any]:
    """The committed summary: the page's metadata, the report, the repair counts."""
    return {**meta, "repairs": dict(sorted(repairs.items())), "report": report}


def _repair_counts(path: Path) -> dict[str, int]:
    """Counts per kind from an importer's repair log."""
    counts: dict[str, int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            kind = json.loads(line)["kind"]
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="write a published audit summary")
    parser.add_argument("meta", help="JSON: title, source, license, citation, commands, notes")
    parser.add_argument("report", help="what `typedmemeval audit --report` wrote")
    parser.add_argument("--repairs", default=None, help="the importer's repair log")
    parser.add_argument("--repair-counts", default=None, help="JSON counts, overriding the log")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    meta = json.loads(Path(args.meta).read_text(encoding="utf-8"))
    report = json.loads(Path(args.report).read_text(encoding="utf-8"))
    repairs: dict[str, int] = {}
    if args.repairs:
        repairs = _repair_counts(Path(args.repairs))
    if args.repair_counts:
        repairs = json.loads(Path(args.repair_counts).read_text(encoding="utf-8"))
    Path(args.out).write_text(
        json.dumps(assemble(meta, report, repairs), indent=2, sort_keys=True, ensure_ascii=False)
        + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
