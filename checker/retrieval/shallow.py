"""The shallow-reader probe (R-CHK-HAYSTACK): how much of a corpus's gold a reader finds that
looks for one turn holding the question's content words and a value, and reads nothing else.

A session is **flagged** for a question when one of its turns holds every content word of the
question and a value-like word that is not a word of the question (definitions in
`checker.retrieval.evidence`). Per gold-bearing question: **recall** is the share of its gold
sessions flagged, **precision** the share of its flagged sessions that are gold (defined where
it flags any). Its **graded** reading ranks each haystack by the largest share of the content
words that a value-bearing turn holds (`overlap.value_turn`), and is read as coverage at K_ref
and top-1 (ties counted as BM25's are) and as the pooled within-question AUC of V7. Published
beside BM25, not gating: near misses that name the holder and the
attribute but never a value fall to this reader at once, and competition that survives reading
(twins naming a value in a frame that is not the fact) is what keeps it low.
"""

from __future__ import annotations

import numpy as np

from checker.family import K_REF
from checker.formats.retrieval import ShallowReaderRecord
from checker.load import LoadedCorpus
from checker.retrieval.bm25 import DECIMALS, rounded_mean, shape_of
from checker.retrieval.competent import session_table
from checker.retrieval.rankings import by_question, pooled_auc

DEFINITION = (
    "a session is flagged when one of its turns holds every content word of the question "
    "(its BM25 tokens that occur in the haystack) and a value-like word not in the question "
    "(a token with a digit, or a word capitalised other than at a sentence's start)"
)


def flagged_sessions(corpus: LoadedCorpus, qi: int) -> list[int]:
    """Indices of the sessions of question `qi` the shallow reader flags."""
    table = session_table(corpus)
    a, b = int(corpus.session_starts[qi]), int(corpus.session_starts[qi + 1])
    column = table.names.index("overlap.full_value_turn")
    return [int(i) for i in np.flatnonzero(table.values[a:b, column] > 0)]


GRADED = "overlap.value_turn"


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, DECIMALS)


def measure_shallow_reader(corpus: LoadedCorpus, k_ref: int = K_REF) -> ShallowReaderRecord:
    """The probe's record (cached per corpus)."""
    key = f"retrieval.shallow_reader:{k_ref}"
    cached: ShallowReaderRecord | None = corpus.cache.get(key)
    if cached is not None:
        return cached
    table = session_table(corpus)
    graded = table.values[:, table.names.index(GRADED)]
    graded_coverage_of, graded_first_of = by_question(
        graded, corpus.session_starts, table.gold, k_ref
    )
    graded_coverage: list[float] = []
    graded_top1: list[float] = []
    recall: dict[str, float] = {}
    precision: dict[str, float] = {}
    flagged: dict[str, int] = {}
    by_shape: dict[str, list[float]] = {}
    precision_by_shape: dict[str, list[float]] = {}
    recalls: list[float] = []
    precisions: list[float] = []
    without_gold = without_gold_flagged = 0
    for qi, q in enumerate(corpus.questions):
        gold = set(corpus.gold_indices(qi))
        found = set(flagged_sessions(corpus, qi))
        flagged[q.question_id] = len(found)
        if not gold:
            without_gold += 1
            without_gold_flagged += bool(found)
            continue
        graded_coverage.append(float(graded_coverage_of[qi]))
        graded_top1.append(float(graded_first_of[qi]))
        r = len(found & gold) / len(gold)
        recall[q.question_id] = round(r, DECIMALS)
        recalls.append(r)
        by_shape.setdefault(shape_of(corpus, qi), []).append(r)
        if found:
            p = len(found & gold) / len(found)
            precision[q.question_id] = round(p, DECIMALS)
            precisions.append(p)
            precision_by_shape.setdefault(shape_of(corpus, qi), []).append(p)
    record = ShallowReaderRecord(
        definition=DEFINITION,
        gold_bearing_n=len(recalls),
        recall_mean=rounded_mean(recalls),
        precision_n=len(precisions),
        precision_mean=rounded_mean(precisions),
        graded_coverage_mean=rounded_mean(graded_coverage),
        graded_top1_mean=rounded_mean(graded_top1),
        graded_auc=_rounded(pooled_auc(graded, corpus.session_starts, table.gold)),
        k_ref=k_ref,
        without_gold_n=without_gold,
        without_gold_flagged=without_gold_flagged,
        per_shape_recall={k: rounded_mean(v) or 0.0 for k, v in sorted(by_shape.items())},
        per_shape_precision={
            k: rounded_mean(v) or 0.0 for k, v in sorted(precision_by_shape.items())
        },
        per_shape_n={k: len(v) for k, v in sorted(by_shape.items())},
        per_question_recall=recall,
        per_question_precision=precision,
        per_question_flagged=flagged,
    )
    corpus.cache[key] = record
    return record
