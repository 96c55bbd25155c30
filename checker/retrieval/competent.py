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
haystack. Model and hyperparameters are pinned here and recorded; the model is scikit-learn's
L2 logistic regression with balanced class weights, fitted by `checker.retrieval.logistic`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from sklearn.model_selection import GroupKFold

from checker.family import K_REF
from checker.formats.retrieval import CompetentRecord
from checker.load import LoadedCorpus
from checker.retrieval.bm25 import DECIMALS, rounded_mean, shape_of, shipped_scores
from checker.retrieval.evidence import turn_evidence
from checker.retrieval.logistic import Logistic, fit_logistic
from checker.retrieval.rankings import by_question, ranks_within

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]

RETRIEVER = "reranker-logreg-v1"
#: Inverse regularisation strength (scikit-learn's default, chosen before any corpus was
#: measured and never tuned on one).
C = 1.0
FOLDS = 5
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
    f"LogisticRegression(C={C}, penalty=l2, class_weight=balanced, solver=lbfgs) objective, "
    f"fitted by Newton's method, on {len(FEATURES)} (question, session) features; "
    f"GroupKFold({FOLDS}) by haystack (a pair's arms in one fold)"
)


def _fit(x: Floats, labels: Bools, start: Logistic | None = None) -> Logistic:
    return fit_logistic(x, labels, C, start)


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
    """Per session: BM25 score ÷ the haystack's best, and 1 / (1 + its 0-based mean rank)."""
    starts = corpus.session_starts
    parts = [shipped_scores(corpus, qi) for qi in range(len(corpus.questions))]
    scores = np.concatenate(parts) if parts else np.zeros(0)
    sizes = np.diff(starts)
    question = np.repeat(np.arange(len(sizes), dtype=np.int64), sizes)
    best = np.zeros(len(sizes))
    filled = sizes > 0
    best[filled] = np.maximum.reduceat(scores, starts[:-1][filled]) if len(scores) else 0.0
    own = best[question]
    normalised = np.divide(scores, own, out=np.zeros(len(scores)), where=own > 0)
    # Rank 1 is the best score: ascending ranks of the negated scores, ties at their mean.
    return normalised, 1.0 / ranks_within(-scores, starts)


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
    full = (evidence.turn_hits == evidence.content_size[question[turns.session]]) & (
        evidence.turn_hits > 0
    )

    def session_max(per_turn: Floats) -> Floats:
        """Per session, the largest value of its turns (0 for a session without turns)."""
        out = np.zeros(n_sessions)
        filled = np.diff(turns.session_offsets) > 0
        if len(per_turn):
            out[filled] = np.maximum.reduceat(per_turn, turns.session_offsets[:-1][filled])
        return out

    turn_best = session_max(share)
    value_best = session_max(np.where(evidence.turn_value, share, 0.0))
    full_turn = session_max(full.astype(np.float64))
    full_value = session_max((full & evidence.turn_value).astype(np.float64))
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


def whole_corpus_model(table: SessionTable) -> Logistic | None:
    """The model fitted on every session (None when one class is missing)."""
    if not table.gold.any() or table.gold.all():
        return None
    return _fit(table.values, table.gold)


def held_out_scores(table: SessionTable, start: Logistic | None = None) -> tuple[Floats, int]:
    """Every session's score from a model that never saw its fold group; and the folds. Each
    fold's fit starts from `start` (the whole-corpus model, when given): the same optimum,
    reached in fewer Newton steps."""
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
        model = _fit(table.values[train], labels, start)
        scores[test] = model.decision_function(table.values[test])
    return scores, n_folds


def _leans(table: SessionTable, model: Logistic | None) -> list[str]:
    if model is None:
        return []
    weights = model.weights
    order = np.argsort(-np.abs(weights), kind="stable")
    return [f"{table.names[i]} ({weights[i]:+.2f})" for i in order]


def measure_competent(corpus: LoadedCorpus, k_ref: int = K_REF) -> CompetentRecord:
    """The competent retriever's record (cached per corpus)."""
    key = f"retrieval.competent:{k_ref}"
    cached: CompetentRecord | None = corpus.cache.get(key)
    if cached is not None:
        return cached
    table = session_table(corpus)
    whole = whole_corpus_model(table)
    scores, folds = held_out_scores(table, whole)
    starts = corpus.session_starts
    coverage_of, first_of = by_question(scores, starts, table.gold, k_ref)
    bm25 = np.concatenate([shipped_scores(corpus, qi) for qi in range(len(corpus.questions))])
    _, bm25_first_of = by_question(bm25, starts, table.gold, k_ref)
    coverage: dict[str, float] = {}
    first: dict[str, float] = {}
    bm25_first: list[float] = []
    by_shape: dict[str, list[float]] = {}
    first_by_shape: dict[str, list[float]] = {}
    gold_bearing: list[float] = []
    gold_first: list[float] = []
    for qi, q in enumerate(corpus.questions):
        value, hit = float(coverage_of[qi]), float(first_of[qi])
        coverage[q.question_id] = round(value, DECIMALS)
        first[q.question_id] = round(hit, DECIMALS)
        if corpus.gold_indices(qi):
            gold_bearing.append(value)
            gold_first.append(hit)
            bm25_first.append(float(bm25_first_of[qi]))
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
        leans=_leans(table, whole) if measured else [],
    )
    corpus.cache[key] = record
    return record
