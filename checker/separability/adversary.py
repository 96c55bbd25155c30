"""Learned adversaries: classifiers trained on other questions, scored on held-out ones.

A single-feature table certifies a corpus against the tells its authors imagined. A learned
model is not told what to look for: trained on some questions' gold and filler, it scores the
sessions of questions it never saw, and its within-question AUC says how well a cheap reader
finds the evidence without reading it. A Forgetting v5 corpus (docs/history.md) passed its gate
(worst single feature 0.67) while a plain bag-of-words classifier finds its gold almost every
time: invented values from the gold value bank recur across questions and never in filler, and
several gold-only constructions each sit below the recurrence floor of the n-gram screen.

Model family and hyperparameters are pinned here, a priori, and recorded with every result; a
heavily regularised model can be made to see nothing. Each score is published beside the same
pipeline trained and scored on labels shuffled within question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray
from scipy import sparse
from sklearn.feature_extraction.text import TfidfTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from checker.formats.separability import AdversaryRecord
from checker.separability.ngrams import SessionGrams
from checker.separability.policy import ADVERSARY_REFUSE
from checker.separability.stats import Layout, within_question_auc

Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]
Ints = NDArray[np.int64]

#: Inverse regularisation strength of both models (scikit-learn's default, chosen before any
#: corpus was measured and never tuned on one).
C = 1.0
FOLDS = 5
MAX_ITER = 1000
#: Terms or features printed per direction.
LEANS = 12
TFIDF_MIN_DF = 2
NGRAM_SIZES = (1, 2)

_CLASSIFIER = (
    f"LogisticRegression(C={C}, penalty=l2, class_weight=balanced, solver=liblinear, "
    f"max_iter={MAX_ITER}, random_state=0)"
)
NUMERIC_MODEL = (
    f"{_CLASSIFIER} on every non-exempt numeric feature standardised within question; "
    f"GroupKFold({FOLDS}) by question"
)
NGRAM_MODEL = (
    f"{_CLASSIFIER} on TF-IDF(raw-token {NGRAM_SIZES[0]}-{NGRAM_SIZES[1]}-grams within "
    f"punctuation segments, min_df={TFIDF_MIN_DF} in the training folds, sublinear_tf, l2); "
    f"GroupKFold({FOLDS}) by question"
)


def _classifier() -> LogisticRegression:
    return LogisticRegression(
        C=C, class_weight="balanced", solver="liblinear", max_iter=MAX_ITER, random_state=0
    )


def shuffled_gold(layout: Layout, seed: int) -> Bools:
    """Gold labels permuted within each question (G preserved, G = 0 stays 0)."""
    rng = np.random.default_rng(seed)
    out = layout.gold.copy()
    for q in range(layout.n_questions):
        a, b = layout.span(q)
        out[a:b] = rng.permutation(out[a:b])
    return out


def standardise_within_question(values: Floats, layout: Layout) -> Floats:
    out = np.zeros_like(values)
    for q in range(layout.n_questions):
        a, b = layout.span(q)
        block = values[a:b]
        sd = block.std(axis=0)
        out[a:b] = np.divide(block - block.mean(axis=0), sd, out=np.zeros_like(block), where=sd > 0)
    return out


Fit = Callable[[NDArray[np.int64], NDArray[np.int64], Bools], Floats]


def haystack_groups(haystacks: Sequence[object], layout: Layout) -> NDArray[np.int64]:
    """Fold group per session: questions whose haystacks are equal (`haystacks` holds one
    comparable key per question, e.g. its session ids) form one group.

    The arms of a before/after pair share one haystack byte for byte; grouping them by question
    would put one arm's twin in the training folds, and the model would be scored on sessions
    it was trained on (a Prospective corpus with no tell reads 0.89 that way, 0.56 grouped)."""
    first: dict[object, int] = {}
    per_question = [first.setdefault(key, len(first)) for key in haystacks]
    return np.repeat(np.asarray(per_question, dtype=np.int64), np.diff(layout.offsets))


def _cross_validated(
    fit: Fit, layout: Layout, labels: Bools, groups: NDArray[np.int64] | None = None
) -> tuple[float, int]:
    """Held-out scores for every session, folds grouped by question (or by the `groups`
    given, e.g. `haystack_groups`); returns the pooled within-question AUC (scored against
    `labels`) and the number of folds."""
    if groups is None:
        groups = layout.question_of_session()
    n_folds = min(FOLDS, len(np.unique(groups)))
    scores = np.zeros(layout.n_sessions)
    if n_folds < 2:
        return 0.5, 0
    rows = np.arange(layout.n_sessions)
    for train, test in GroupKFold(n_splits=n_folds).split(rows, groups=groups):
        if labels[train].all() or not labels[train].any():
            continue
        scores[test] = fit(train, test, labels)
    return within_question_auc(scores, layout.with_gold(labels)), n_folds


def _leans(weights: Floats, names: Sequence[str]) -> tuple[list[str], list[str]]:
    order = np.argsort(-weights, kind="stable")
    gold = [f"{names[i]} ({weights[i]:+.2f})" for i in order[:LEANS] if weights[i] > 0]
    filler = [f"{names[i]} ({weights[i]:+.2f})" for i in order[::-1][:LEANS] if weights[i] < 0]
    return gold, filler


def numeric_adversary(
    values: Floats,
    names: Sequence[str],
    layout: Layout,
    seed: int,
    groups: NDArray[np.int64] | None = None,
) -> AdversaryRecord:
    """Logistic regression over every non-exempt numeric feature."""
    x = standardise_within_question(values, layout)

    def fit(train: NDArray[np.int64], test: NDArray[np.int64], labels: Bools) -> Floats:
        model = _classifier().fit(x[train], labels[train])
        return np.asarray(model.decision_function(x[test]), dtype=np.float64)

    auc, folds = _cross_validated(fit, layout, layout.gold, groups)
    shuffled, _ = _cross_validated(fit, layout, shuffled_gold(layout, seed), groups)
    gold_side: list[str] = []
    filler_side: list[str] = []
    if layout.gold.any() and not layout.gold.all() and x.shape[1]:
        whole = _classifier().fit(x, layout.gold)
        gold_side, filler_side = _leans(np.asarray(whole.coef_[0]), names)
    return _record(
        "numeric", NUMERIC_MODEL, auc, shuffled, folds, x.shape[1], gold_side, filler_side
    )


def _term_counts(grams: SessionGrams, layout: Layout) -> tuple[sparse.csr_matrix, Ints]:
    """Sessions × 1–2-grams occurrence counts, and the gram id of each column."""
    short = grams.sizes[grams.occurrence_gram] <= NGRAM_SIZES[1]
    rows = grams.occurrence_session[short]
    terms, columns = np.unique(grams.occurrence_gram[short], return_inverse=True)
    counts = sparse.csr_matrix(
        (np.ones(len(rows)), (rows, columns.ravel())), shape=(layout.n_sessions, len(terms))
    )
    counts.sum_duplicates()
    return counts, terms.astype(np.int64)


def _tfidf(counts: sparse.csr_matrix) -> tuple[TfidfTransformer, Ints]:
    """Keep the terms in at least `TFIDF_MIN_DF` of these documents and fit the weighting on
    them: the same vocabulary and weights as `TfidfVectorizer(min_df=2, sublinear_tf=True)`
    fitted on these documents."""
    df = np.asarray((counts > 0).sum(axis=0)).ravel()
    keep = np.flatnonzero(df >= TFIDF_MIN_DF)
    weighting = TfidfTransformer(sublinear_tf=True, norm="l2")
    if len(keep):
        weighting.fit(counts[:, keep])
    return weighting, keep


def ngram_adversary(
    grams: SessionGrams, layout: Layout, seed: int, groups: NDArray[np.int64] | None = None
) -> AdversaryRecord:
    """Logistic regression over a TF-IDF bag of raw-token 1–2-grams of the session text."""
    counts, terms = _term_counts(grams, layout)

    def fit(train: NDArray[np.int64], test: NDArray[np.int64], labels: Bools) -> Floats:
        weighting, keep = _tfidf(counts[train])
        if not len(keep):  # no term reaches min_df in the training folds
            return np.zeros(len(test))
        model = _classifier().fit(weighting.transform(counts[train][:, keep]), labels[train])
        x_test = weighting.transform(counts[test][:, keep])
        return np.asarray(model.decision_function(x_test), dtype=np.float64)

    auc, folds = _cross_validated(fit, layout, layout.gold, groups)
    shuffled, _ = _cross_validated(fit, layout, shuffled_gold(layout, seed), groups)
    gold_side: list[str] = []
    filler_side: list[str] = []
    inputs = 0
    if layout.gold.any() and not layout.gold.all():
        weighting, keep = _tfidf(counts)
        inputs = len(keep)
        if inputs:
            whole = _classifier().fit(weighting.transform(counts[:, keep]), layout.gold)
            names = [grams.phrase(int(terms[i])) for i in keep]
            gold_side, filler_side = _leans(np.asarray(whole.coef_[0]), names)
    return _record("ngram", NGRAM_MODEL, auc, shuffled, folds, inputs, gold_side, filler_side)


def _record(
    name: str,
    model: str,
    auc: float,
    shuffled: float,
    folds: int,
    inputs: int,
    gold_side: list[str],
    filler_side: list[str],
) -> AdversaryRecord:
    return AdversaryRecord.model_validate(
        {
            "name": name,
            "model": model,
            "auc": round(auc, 4),
            "shuffled_auc": round(shuffled, 4),
            "folds": folds,
            "inputs": inputs,
            "leans_gold": gold_side,
            "leans_filler": filler_side,
            "verdict": "refused" if auc >= ADVERSARY_REFUSE else "pass",
        }
    )
