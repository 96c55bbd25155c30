"""Ranking statistics of one score per session, for every question of a corpus at once.

The definitions are per question and are written out first: `coverage_and_ties` (BM25's
tie-aware coverage at K), `top1` (the chance the top-ranked session is gold, ties at the top in
random order), and the pooled within-question AUC (every (gold, distractor) pair of a question,
ties counting one half, pooled over questions). `by_question` computes the first two for every
question from one sort of the whole corpus; `pooled_auc` the third; tests hold them to the
definitions.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from checker.retrieval.bm25 import TIE_TOLERANCE, coverage_and_ties

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]


def top1(scores: Floats, gold: Sequence[int]) -> float:
    """Probability that the top-ranked session is gold, ties at the top ordered at random
    (G = 0 reads 1.0, like coverage: nothing to miss)."""
    if not gold:
        return 1.0
    if not len(scores):
        return 0.0
    best = float(scores.max())
    tied = np.abs(scores - best) <= TIE_TOLERANCE * max(1.0, abs(best))
    return float(tied[list(gold)].sum() / tied.sum())


def plain_by_question(scores: Floats, starts: Ints, gold: Bools, k: int) -> tuple[Floats, Floats]:
    """Per question, `coverage_and_ties` at k and `top1`, one question at a time."""
    coverage, first = [], []
    for q in range(len(starts) - 1):
        a, b = int(starts[q]), int(starts[q + 1])
        mine = [int(i) for i in np.flatnonzero(gold[a:b])]
        coverage.append(coverage_and_ties(scores[a:b], mine, k)[0])
        first.append(top1(scores[a:b], mine))
    return np.asarray(coverage), np.asarray(first)


def _question_of(starts: Ints) -> Ints:
    return np.repeat(np.arange(len(starts) - 1, dtype=np.int64), np.diff(starts))


def by_question(scores: Floats, starts: Ints, gold: Bools, k: int) -> tuple[Floats, Floats]:
    """`plain_by_question` from one sort: per question, the score at its k-th place and at its
    first are read off the sorted corpus, and every session's inclusion probability follows
    from how many of its question's sessions lie above and within that boundary."""
    n_questions = len(starts) - 1
    sizes = np.diff(starts)
    question = _question_of(starts)
    order = np.lexsort((-scores, question))
    ranked = scores[order]
    has_boundary = sizes > k
    boundary = np.zeros(n_questions)
    boundary[has_boundary] = ranked[starts[:-1][has_boundary] + k - 1]
    tolerance = TIE_TOLERANCE * np.maximum(1.0, np.abs(boundary))
    own = boundary[question]
    above = scores > own + tolerance[question]
    tied = np.abs(scores - own) <= tolerance[question]
    free = k - np.bincount(question, weights=above, minlength=n_questions)
    n_tied = np.bincount(question, weights=tied, minlength=n_questions)
    share = np.divide(free, n_tied, out=np.zeros(n_questions), where=n_tied > 0)
    probability = np.where(above, 1.0, np.where(tied, share[question], 0.0))
    probability[has_boundary[question] == 0] = 1.0
    g = np.bincount(question, weights=gold, minlength=n_questions)
    covered = np.bincount(question, weights=probability * gold, minlength=n_questions)
    coverage = np.where(g > 0, np.divide(covered, g, out=np.ones(n_questions), where=g > 0), 1.0)
    best = np.zeros(n_questions)
    filled = sizes > 0
    best[filled] = ranked[starts[:-1][filled]]
    at_top = (
        np.abs(scores - best[question]) <= (TIE_TOLERANCE * np.maximum(1.0, np.abs(best)))[question]
    )
    top_n = np.bincount(question, weights=at_top, minlength=n_questions)
    top_gold = np.bincount(question, weights=at_top & gold, minlength=n_questions)
    first = np.where(
        g > 0, np.divide(top_gold, top_n, out=np.zeros(n_questions), where=top_n > 0), 1.0
    )
    return coverage, first


def ranks_within(values: Floats, starts: Ints) -> Floats:
    """Per session, its 1-based rank among its question's sessions in ascending order of value,
    ties at their mean rank (`scipy.stats.rankdata(..., method="average")` per question)."""
    question = _question_of(starts)
    order = np.lexsort((values, question))
    ranked_values, ranked_question = values[order], question[order]
    position = np.arange(len(values), dtype=np.float64) - starts[:-1][ranked_question] + 1
    new_run = np.ones(len(values), dtype=bool)
    if len(values) > 1:
        new_run[1:] = (ranked_values[1:] != ranked_values[:-1]) | (
            ranked_question[1:] != ranked_question[:-1]
        )
    run = np.cumsum(new_run) - 1
    mean_rank = np.bincount(run, weights=position) / np.bincount(run)
    out = np.empty(len(values))
    out[order] = mean_rank[run]
    return out


def pooled_auc(scores: Floats, starts: Ints, gold: Bools) -> float | None:
    """The pooled within-question AUC: over every (gold, distractor) pair of every question,
    the share the gold session scores above, ties counting one half (None without a pair).
    From ranks: a question's won pairs are its gold sessions' rank sum minus g(g + 1)/2."""
    question = _question_of(starts)
    n_questions = len(starts) - 1
    ranks = ranks_within(scores, starts)
    g = np.bincount(question, weights=gold, minlength=n_questions)
    h = np.diff(starts) - g
    won = np.bincount(question, weights=ranks * gold, minlength=n_questions) - g * (g + 1) / 2
    pairs = float((g * h).sum())
    return float(won.sum() / pairs) if pairs else None
