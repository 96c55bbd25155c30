"""Conformance: the competent retriever, the shallow reader and the identifier rule on the
peer's corpora, beside BM25.

The peer's Forgetting v5 stamps BM25 coverage only; here the same haystacks are ranked by the
learned reranker and read by the shallow reader, and IDN004 reads its ids. One bound is held:
IDN004 must find the `_abs` in the session ids of every question without gold — a tell that
exists, which a rule that could not see it would be no rule.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from checker.api import Options, audit
from checker.conformance.structure import FORGETTING, TIMEGROUNDED
from checker.load import LoadedCorpus
from checker.retrieval import measure_competent, measure_coverage, measure_shallow_reader

#: Per-question IDN004 findings printed before the rest are counted.
SHOWN = 4


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.4f}"


def _retrievers(corpus: LoadedCorpus) -> None:
    bm25 = measure_coverage(corpus)
    competent = measure_competent(corpus)
    shallow = measure_shallow_reader(corpus)
    n = competent.gold_bearing_n
    print(f"  {'retriever':<44} {'coverage@K_ref':>14} {'top-1':>8}  (gold-bearing n={n})")
    rows = [
        (f"BM25 {bm25.retriever}", bm25.gold_bearing_mean, competent.bm25_top1_mean),
        (
            f"competent {competent.retriever} ({competent.folds} folds)",
            competent.gold_bearing_mean,
            competent.top1_mean,
        ),
        ("shallow reader, graded", shallow.graded_coverage_mean, shallow.graded_top1_mean),
    ]
    for name, coverage, first in rows:
        print(f"  {name:<44} {_fmt(coverage):>14} {_fmt(first):>8}")
    mean = competent.gold_bearing_mean
    goal = "n/a" if mean is None else ("within" if mean <= competent.goal + 1e-9 else "ABOVE")
    print(f"  competent retriever vs the goal <= {competent.goal}: {goal} (published, not gating)")
    print(
        "  competent per shape: "
        + ", ".join(
            f"{shape} {value:.4f} (n={competent.per_shape_n.get(shape, 0)})"
            for shape, value in competent.per_shape.items()
        )
    )
    print(f"  competent leans on: {', '.join(competent.leans[:5])}")
    abstentions = (
        f"; flags a session in {shallow.without_gold_flagged} of {shallow.without_gold_n} "
        "questions without gold"
        if shallow.without_gold_n
        else ""
    )
    print(
        f"  shallow reader: recall {_fmt(shallow.recall_mean)} (n={shallow.gold_bearing_n}), "
        f"precision {_fmt(shallow.precision_mean)} (n={shallow.precision_n}), graded "
        f"within-question AUC {_fmt(shallow.graded_auc)}{abstentions}"
    )


def _identifiers(path: Path) -> tuple[LoadedCorpus, bool]:
    outcome = audit(path, Options(select=["IDN004", "STR002"]))
    corpus = outcome.corpora[0]
    found = [f for f in outcome.findings if f.code == "IDN004"]
    counts = Counter(f.code for f in outcome.findings)
    print(f"  IDN004 / STR002 findings: {dict(sorted(counts.items()))}")
    corpus_level = [f for f in found if f.question_id is None]
    per_question = [f for f in found if f.question_id is not None]
    for f in corpus_level + per_question[:SHOWN]:
        print(f"    {f.question_id or '-'}: {f.code} {f.message}")
    if len(per_question) > SHOWN:
        print(f"    … and {len(per_question) - SHOWN} more per-question IDN004 findings")
    without_gold = {
        q.question_id for qi, q in enumerate(corpus.questions) if not corpus.gold_indices(qi)
    }
    marked = {
        f.question_id for f in per_question if f.question_id and "the word 'abs'" in f.message
    }
    abs_ids = {
        q.question_id
        for q in corpus.questions
        if q.question_id in without_gold and any("_abs" in s for s in q.haystack_session_ids)
    }
    seen = abs_ids <= marked
    if abs_ids:
        print(
            f"  bound: IDN004 names the '_abs' in the session ids of all {len(abs_ids)} "
            f"questions without gold that carry it: {'met' if seen else 'NOT met'} "
            f"({len(abs_ids & marked)}/{len(abs_ids)})"
        )
    return corpus, seen


def run(folder: Path) -> bool:
    ok = True
    for rel in (FORGETTING, TIMEGROUNDED):
        path = folder / rel
        if not path.exists():
            print(f"{path}: missing")
            ok = False
            continue
        print(f"{path.name}:")
        corpus, seen = _identifiers(path)
        ok = ok and seen
        _retrievers(corpus)
    return ok


SECTION = (40, "competent retriever, shallow reader and identifiers (IDN004)", run)
