"""The audit as data: what `audit --report FILE` writes and the site's audit pages read.

Each finding class with its count, the number of questions it touches and two examples; the
rules not applicable and why; the reference retriever's coverage per question type with its
denominators. Examples are cut short (`EXAMPLE_CHARS`): the report quotes, it never copies."""

from __future__ import annotations

from collections import Counter
from typing import Any

from checker.api import CheckOutcome
from checker.auditing import haystack_keys
from checker.registry import get_rule
from checker.retrieval import measure_coverage
from checker.retrieval.bm25 import shape_of

#: Examples per finding class, and the longest example message kept.
EXAMPLES = 2
EXAMPLE_CHARS = 240


def _short(text: str) -> str:
    return text if len(text) <= EXAMPLE_CHARS else text[: EXAMPLE_CHARS - 1] + "…"


def build_report(outcome: CheckOutcome) -> dict[str, Any]:
    """The audit of one corpus (`outcome` of `checker.api.audit`) as a JSON-ready dict."""
    corpus = outcome.corpora[0]
    by_code: dict[str, list[Any]] = {}
    for f in outcome.findings:
        by_code.setdefault(f.code, []).append(f)
    classes = []
    for code, found in sorted(by_code.items()):
        r = get_rule(code)
        # Examples from different questions where there are several.
        examples, seen = [], set()
        for f in found:
            if f.question_id in seen:
                continue
            seen.add(f.question_id)
            examples.append({"question_id": f.question_id, "message": _short(f.message)})
            if len(examples) == EXAMPLES:
                break
        classes.append(
            {
                "code": code,
                "name": r.name,
                "summary": r.summary,
                "count": len(found),
                "questions": len({f.question_id for f in found if f.question_id}),
                "examples": examples,
            }
        )
    coverage = measure_coverage(corpus)
    types = Counter(shape_of(corpus, qi) for qi in range(len(corpus.questions)))
    table = [
        {
            "type": name.removeprefix("type "),
            "questions": n,
            "gold_bearing": coverage.per_shape_n.get(name, 0),
            "bm25_coverage": coverage.per_shape.get(name),
        }
        for name, n in sorted(types.items())
    ]
    return {
        "file": corpus.path.name,
        "sha256": corpus.sha256,
        "questions": len(corpus.questions),
        "haystacks": len(set(haystack_keys(corpus))),
        "findings_total": len(outcome.findings),
        "classes": classes,
        "not_applicable": [
            {"need": n.need, "reason": n.reason, "codes": list(n.codes)}
            for n in outcome.not_applicable
        ],
        "bm25": {
            "retriever": coverage.retriever,
            "k_ref": coverage.k_ref,
            "gold_bearing": coverage.gold_bearing_n,
            "coverage": coverage.gold_bearing_mean,
            "by_type": table,
        },
    }
