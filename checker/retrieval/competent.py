"""A competent retriever beside BM25 (R-CHK-HAYSTACK): a learned, question-conditioned reranker
trained on other questions, published and not gating (goal: gold-bearing coverage ≤ 0.90).

BM25 feels only lexical competition. A corpus whose near misses name the asked holder and
attribute but never a value is hard for BM25 and trivial for anything that reads one turn
at a time, so a coverage band certified by BM25 alone may certify nothing. This reranker is
what a slightly smarter retrieval stack does with cheap signals: per (question, session) it
reads the features below, a logistic regression trained on the other haystacks' gold scores
each held-out haystack, and coverage at K_ref and top-1 are measured on that ranking, ties
counted like BM25's (expected over a random order within tied scores).

Features, each in [0, 1] (`checker.retrieval.evidence` defines content and value-like words):

- `bm25.score` — the session's BM25 score ÷ the best score in its haystack;
- `bm25.rank` — 1 / (1 + its rank by BM25, ties at their mean rank, 0 = best);
- `overlap.session` — share of the question's content words the session holds;
- `overlap.turn` — the largest share any one of its turns holds;
- `overlap.value_turn` — the largest share a turn holds that also names a value-like word;
- `overlap.full_turn` — 1 when one turn holds every content word;
- `overlap.full_value_turn` — 1 when one turn holds every content word and a value-like word
  (the shallow reader's reading, `checker.retrieval.shallow`);
- `position.relative` — session index ÷ (sessions − 1): 0 first, 1 last;
- `position.recency` — 1 / (sessions from the end), 1 for the last session.

Folds are grouped by haystack: questions with one haystack (the arms of a before/after pair)
and questions of one pair share a fold, so no question is scored by a model that saw its
haystack. Model and hyperparameters are pinned here and recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy.stats import rankdata
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from checker.family import K_REF
from checker.formats.retrieval import CompetentRecord
from checker.load import LoadedCorpus
from checker.retrieval.bm25 import (
    DECIMALS,
    TIE_TOLERANCE,
    coverage_and_ties,
    rounded_mean,
    shape_of,
    shipped_scores,
)
from checker.retrieval.evidence import turn_evidence

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]

RETRIEVER = "reranker-logreg-v1"
#: Inverse regularisation strength (scikit-learn's default, chosen before any corpus was
#: measured and never tuned on one).
C = 1.0
FOLDS = 5
MAX_ITER = 1000
#: The published goal for the gold-bearing mean at K_ref (not gating yet).
GOAL = 0.9
FEATURES: tuple[str, ...] = (
    "bm25.score",
    "bm25.rank",
    "overlap.session",
    "overlap.turn",
    "overlap.value_turn",
    "overlap.full_turn",
    "overlap.full_value_turn",
    "position.relative",
    "position.recency",
)
MODEL = (
    f"LogisticRegression(C={C}, penalty=l2, class_weight=balanced, solver=liblinear, "
    f"max_iter={MAX_ITER}, random_state=0) on {len(FEATURES)} (question, session) features; "
    f"GroupKFold({FOLDS}) by haystack (a pair's arms in one fold)"
)


def _classifier() -> LogisticRegression:
    return LogisticRegression(
        C=C, class_weight="balanced", solver="liblinear", max_iter=MAX_ITER, random_state=0
    )


@dataclass(frozen=True)
class SessionTable:
    """One row per stacked session of the corpus."""

    names: tuple[str, ...]
    values: Floats
    gold: Bools
    #: Per session: its question.
    question: Ints
    #: Per session: its fold group (one per haystack, a pair's arms joined).
    group: Ints


def fold_groups(corpus: LoadedCorpus) -> Ints:
    """Per question, a group id: questions whose haystacks have the same session ids, and
    questions of one pair, share a group (joined transitively)."""
    n = len(corpus.questions)
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[object, int] = {}
    for qi, q in enumerate(corpus.questions):
        keys: list[object] = [("haystack", tuple(q.haystack_session_ids))]
        if q.typedmemeval is not None and q.typedmemeval.pair_id:
            keys.append(("pair", q.typedmemeval.pair_id))
        for key in keys:
            other = first.setdefault(key, qi)
            parent[root(qi)] = root(other)
    roots = [root(qi) for qi in range(n)]
    numbered: dict[int, int] = {}
    return np.asarray([numbered.setdefault(r, len(numbered)) for r in roots], dtype=np.int64)


def _bm25_columns(corpus: LoadedCorpus) -> tuple[Floats, Floats]:
    """Per session: BM25 score ÷ the haystack's best, and 1 / (1 + mean rank)."""
    scores, ranks = [], []
    for qi in range(len(corpus.questions)):
        s = shipped_scores(corpus, qi)
        if not len(s):
            continue
        best = float(s.max())
        scores.append(s / best if best > 0 else np.zeros(len(s)))
        ranks.append(1.0 / rankdata(-s, method="average"))  # rankdata is 1-based
    if not scores:
        return np.zeros(0), np.zeros(0)
    return np.concatenate(scores), np.concatenate(ranks)


def session_table(corpus: LoadedCorpus) -> SessionTable:
    """Every session's features (cached per corpus)."""
    cached: SessionTable | None = corpus.cache.get("retrieval.competent_table")
    if cached is not None:
        return cached
    evidence = turn_evidence(corpus)
    turns = corpus.turn_index
    n_sessions = len(turns.session_offsets) - 1
    sizes = np.diff(corpus.session_starts)
    question = np.repeat(np.arange(len(corpus.questions), dtype=np.int64), sizes)
    content = evidence.content_size[question].astype(np.float64)
    denominator = np.where(content > 0, content, 1.0)
    share = evidence.turn_hits / denominator[turns.session]
    turn_best = np.zeros(n_sessions)
    np.maximum.at(turn_best, turns.session, share)
    value_best = np.zeros(n_sessions)
    np.maximum.at(value_best, turns.session, np.where(evidence.turn_value, share, 0.0))
    full = (evidence.turn_hits == evidence.content_size[question[turns.session]]) & (
        evidence.turn_hits > 0
    )
    full_turn = np.zeros(n_sessions)
    np.maximum.at(full_turn, turns.session, full.astype(np.float64))
    full_value = np.zeros(n_sessions)
    np.maximum.at(full_value, turns.session, (full & evidence.turn_value).astype(np.float64))
    index = np.arange(n_sessions) - corpus.session_starts[question]
    span = np.maximum(sizes[question] - 1, 1)
    bm25_score, bm25_rank = _bm25_columns(corpus)
    columns = {
        "bm25.score": bm25_score,
        "bm25.rank": bm25_rank,
        "overlap.session": evidence.session_hits / denominator,
        "overlap.turn": turn_best,
        "overlap.value_turn": value_best,
        "overlap.full_turn": full_turn,
        "overlap.full_value_turn": full_value,
        "position.relative": index / span,
        "position.recency": 1.0 / (sizes[question] - index),
    }
    gold = np.zeros(n_sessions, dtype=bool)
    for qi in range(len(corpus.questions)):
        start = int(corpus.session_starts[qi])
        gold[[start + i for i in corpus.gold_indices(qi)]] = True
    table = SessionTable(
        names=FEATURES,
        values=np.column_stack([columns[name] for name in FEATURES]),
        gold=gold,
        question=question,
        group=fold_groups(corpus)[question],
    )
    corpus.cache["retrieval.competent_table"] = table
    return table


def held_out_scores(table: SessionTable) -> tuple[Floats, int]:
    """Every session's score from a model that never saw its fold group; and the folds."""
    groups = table.group
    n_folds = min(FOLDS, len(np.unique(groups)))
    scores = np.zeros(len(groups))
    if n_folds < 2:
        return scores, 0
    rows = np.arange(len(groups))
    for train, test in GroupKFold(n_splits=n_folds).split(rows, groups=groups):
        labels = table.gold[train]
        if labels.all() or not labels.any():
            continue
        model = _classifier().fit(table.values[train], labels)
        scores[test] = model.decision_function(table.values[test])
    return scores, n_folds


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


def _leans(table: SessionTable) -> list[str]:
    if not table.gold.any() or table.gold.all():
        return []
    weights = _classifier().fit(table.values, table.gold).coef_[0]
    order = np.argsort(-np.abs(weights), kind="stable")
    return [f"{table.names[i]} ({weights[i]:+.2f})" for i in order]


def measure_competent(corpus: LoadedCorpus, k_ref: int = K_REF) -> CompetentRecord:
    """The competent retriever's record (cached per corpus)."""
    key = f"retrieval.competent:{k_ref}"
    cached: CompetentRecord | None = corpus.cache.get(key)
    if cached is not None:
        return cached
    table = session_table(corpus)
    scores, folds = held_out_scores(table)
    coverage: dict[str, float] = {}
    first: dict[str, float] = {}
    bm25_first: list[float] = []
    by_shape: dict[str, list[float]] = {}
    first_by_shape: dict[str, list[float]] = {}
    gold_bearing: list[float] = []
    gold_first: list[float] = []
    for qi, q in enumerate(corpus.questions):
        a, b = int(corpus.session_starts[qi]), int(corpus.session_starts[qi + 1])
        gold = corpus.gold_indices(qi)
        mine = scores[a:b]
        value, _, _ = coverage_and_ties(mine, gold, k_ref)
        hit = top1(mine, gold)
        coverage[q.question_id] = round(value, DECIMALS)
        first[q.question_id] = round(hit, DECIMALS)
        if gold:
            gold_bearing.append(value)
            gold_first.append(hit)
            bm25_first.append(top1(shipped_scores(corpus, qi), gold))
            by_shape.setdefault(shape_of(corpus, qi), []).append(value)
            first_by_shape.setdefault(shape_of(corpus, qi), []).append(hit)
    measured = folds >= 2
    record = CompetentRecord(
        retriever=RETRIEVER,
        model=MODEL,
        features=list(FEATURES),
        folds=folds,
        k_ref=k_ref,
        goal=GOAL,
        gold_bearing_n=len(gold_bearing),
        gold_bearing_mean=rounded_mean(gold_bearing) if measured else None,
        top1_mean=rounded_mean(gold_first) if measured else None,
        bm25_top1_mean=rounded_mean(bm25_first),
        per_shape={k: rounded_mean(v) or 0.0 for k, v in sorted(by_shape.items())}
        if measured
        else {},
        per_shape_top1=(
            {k: rounded_mean(v) or 0.0 for k, v in sorted(first_by_shape.items())}
            if measured
            else {}
        ),
        per_shape_n={k: len(v) for k, v in sorted(by_shape.items())},
        per_question=coverage if measured else {},
        per_question_top1=first if measured else {},
        leans=_leans(table) if measured else [],
    )
    corpus.cache[key] = record
    return record
