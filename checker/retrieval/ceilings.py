"""Structural ceilings: with gold spread over G sessions and a budget of K_ref sessions, no
retriever can realise more than min(1, K_ref/G) of the gold.

A dial that moves G moves coverage through this ceiling without touching retrieval, which is
why ladders are judged on coverage ÷ ceiling (design record §20), and why a shape's coverage
is published as its shortfall below the ceiling as well as its raw value.
"""

from __future__ import annotations

from collections import Counter

from checker.family import K_REF
from checker.formats.sidecar import CeilingRecord
from checker.load import LoadedCorpus


def structural_ceiling(g: int, k_ref: int = K_REF) -> float:
    """min(1, K_ref/G); a question with no gold has nothing to miss and reads 1.0."""
    return 1.0 if g <= 0 else min(1.0, k_ref / g)


def ceiling_table(corpus: LoadedCorpus, k_ref: int = K_REF) -> CeilingRecord:
    """The ceiling per gold-session count G, the lowest ceiling, and the questions needing
    more than K_ref sessions (a top-K_ref retriever cannot supply all their gold)."""
    g_counts: Counter[int] = Counter()
    over: list[str] = []
    for qi, q in enumerate(corpus.questions):
        g = len(corpus.gold_indices(qi))
        g_counts[g] += 1
        if g > k_ref:
            over.append(q.question_id)
    by_g = {str(g): structural_ceiling(g, k_ref) for g in sorted(g_counts)}
    return CeilingRecord(
        k_ref=k_ref,
        by_g=by_g,
        min=min(by_g.values()) if by_g else 1.0,
        questions_over_k_ref=over,
    )


def shortfall(coverage: float, g: int, k_ref: int = K_REF) -> float:
    """How far below its structural ceiling a question's coverage lands."""
    return structural_ceiling(g, k_ref) - coverage


def ceiling_relative(coverage: float, g: int, k_ref: int = K_REF) -> float:
    """Coverage ÷ min(1, K_ref/G): 1.0 means the retriever reached all any retriever could."""
    return coverage / structural_ceiling(g, k_ref)
