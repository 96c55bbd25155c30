"""The answer-from-metadata adversary (SEP009): can the answer be read off everything but the
conversations?

A system under test sees the question, its date, and the sessions' ids and dates. If an arm,
a shape or an abstention can be told from those alone — a before-arm always asked within two
days of the last session, `_abs` in every never-known haystack's session ids, a question whose
wording fixes its answer — a system scores without remembering anything. The vertical's
profile declares the categorical answer class (`Vertical.answer_class`: the `typedmemeval`
block field holding it) and the strata that are public by design (a due-window question is
worded unlike a reminder question); verticals whose answers are values declare none and are
skipped, which the record says.

Inputs, per question (never the conversations' text, never the question id, which no system
is shown):

- the question text, as a TF-IDF bag of raw-token 1–2-grams (fitted on the training folds);
- the question date's offset from the first and from the last session, its hour, minute and
  weekday; the haystack's size in sessions and turns; the spacing of its sessions (mean,
  spread, smallest, largest and last gap, whole span) — durations as sign·log(1 + hours);
- the session ids' shapes: mean length, distinct shapes, and every id piece (the ids split at
  each character that is not a letter or digit, digits written as 9) as a present/absent
  feature, so a suffix like `_abs` is a column of its own;
- the declared stratum, one-hot (it is public).

The model is pinned here and scored leaving out one whole pair at a time (questions in no pair
are left out with their haystack), so no arm is scored by a model that saw its twin. Accuracy
is compared with answering each stratum's most frequent class; binary classes also get the
held-out AUC with pairs formed within strata. Beside it, the same pipeline on classes shuffled
within strata.
"""

from __future__ import annotations

import itertools
import math
import re
import string
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy import sparse
from sklearn.feature_extraction.text import CountVectorizer, TfidfTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import LeaveOneGroupOut
from sklearn.multiclass import OneVsRestClassifier

from checker.family import BY_KEY
from checker.formats.corpus import Question
from checker.formats.separability import AnswerClassRow, MetadataAdversaryRecord, StratumRow
from checker.load import LoadedCorpus, parse_date
from checker.separability.adversary import MAX_ITER, C
from checker.separability.policy import METADATA_AUC_REFUSE, METADATA_LIFT_REFUSE
from checker.separability.stats import Layout, within_question_auc
from checker.text import raw_tokens

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]

TEXT_NGRAMS = (1, 2)
TEXT_MIN_DF = 2
#: Weights printed (per class when there are more than two).
LEANS = 10

MODEL = (
    f"LogisticRegression(C={C}, penalty=l2, class_weight=balanced, solver=liblinear, "
    f"max_iter={MAX_ITER}, random_state=0, one-vs-rest) on TF-IDF(question raw-token "
    f"{TEXT_NGRAMS[0]}-{TEXT_NGRAMS[1]}-grams, min_df={TEXT_MIN_DF} in the training folds, "
    "sublinear_tf, l2) + question-date offsets, haystack size and spacing, session-id shapes "
    "(standardised on the training folds) + id pieces and the declared stratum (0/1); "
    "leave-one-pair-out (a question in no pair: its haystack)"
)

_PIECE_SPLIT = re.compile(r"[^A-Za-z0-9]+")
_DIGITS = re.compile(r"[0-9]+")
_SHAPE = str.maketrans("0123456789" + string.ascii_letters, "9" * 10 + "a" * 52)


def id_pieces(session_id: str) -> list[str]:
    """A session id split at every run of characters that are not ASCII letters or digits,
    each digit run written as one 9 (`tme-for-2612-036_abs-s000` → tme, for, 9, 9, abs, s9)."""
    return [_DIGITS.sub("9", p) for p in _PIECE_SPLIT.split(session_id) if p]


def _id_shape(session_id: str) -> str:
    """Every ASCII digit written as 9 and every ASCII letter as a."""
    return session_id.translate(_SHAPE)


def _signed_log(hours: float) -> float:
    return math.copysign(math.log1p(abs(hours)), hours)


#: The numeric inputs, in column order.
NUMERIC = (
    "date.since_last_session",
    "date.since_first_session",
    "date.question_hour",
    "date.question_minute",
    "date.question_weekday",
    "haystack.sessions",
    "haystack.turns",
    "haystack.span",
    "haystack.gap_mean",
    "haystack.gap_sd",
    "haystack.gap_min",
    "haystack.gap_max",
    "haystack.gap_last",
    "session_id.length_mean",
    "session_id.distinct_shapes",
)


def numeric_metadata(q: Question) -> list[float]:
    """The numeric inputs of one question (`NUMERIC` order); durations in sign·log(1 + hours),
    0 where a date does not parse."""
    asked = parse_date(q.question_date)
    stamps = [d for d in (parse_date(x) for x in q.haystack_dates) if d is not None]
    hours = [(b - a).total_seconds() / 3600 for a, b in itertools.pairwise(stamps)]
    since_last = since_first = 0.0
    if asked is not None and stamps:
        since_last = (asked - stamps[-1]).total_seconds() / 3600
        since_first = (asked - stamps[0]).total_seconds() / 3600
    span = (stamps[-1] - stamps[0]).total_seconds() / 3600 if stamps else 0.0
    gaps = np.asarray(hours) if hours else np.zeros(1)
    ids = q.haystack_session_ids
    return [
        _signed_log(since_last),
        _signed_log(since_first),
        float(asked.hour) if asked else 0.0,
        float(asked.minute) if asked else 0.0,
        float(asked.weekday()) if asked else 0.0,
        float(len(q.haystack_sessions)),
        float(sum(len(s) for s in q.haystack_sessions)),
        _signed_log(span),
        _signed_log(float(gaps.mean())),
        _signed_log(float(gaps.std())),
        _signed_log(float(gaps.min())),
        _signed_log(float(gaps.max())),
        _signed_log(float(gaps[-1])),
        float(np.mean([len(i) for i in ids])) if ids else 0.0,
        float(len({_id_shape(i) for i in ids})),
    ]


def _text_ngrams(text: str) -> list[str]:
    tokens = raw_tokens(text)
    low, high = TEXT_NGRAMS
    return [
        " ".join(tokens[i : i + n])
        for n in range(low, high + 1)
        for i in range(len(tokens) - n + 1)
    ]


@dataclass
class Tested:
    """The questions the adversary is run on, with what it reads and what it predicts."""

    questions: list[Question]
    labels: list[str]
    strata: list[str]
    groups: Ints
    numeric: Floats
    #: Questions × id pieces and strata (0/1), with the column names.
    binary: Floats
    binary_names: list[str]
    #: Questions × every 1–2-gram of the question texts (counts), with the n-grams in order.
    text_counts: sparse.csr_matrix
    text_terms: list[str]


def question_counts(texts: Sequence[str]) -> tuple[sparse.csr_matrix, list[str]]:
    """Questions × their raw-token 1–2-grams (counts), columns in sorted n-gram order."""
    counter = CountVectorizer(analyzer=_text_ngrams)
    try:
        counts = counter.fit_transform(texts)
    except ValueError:  # no text holds a token
        return sparse.csr_matrix((len(texts), 0)), []
    return sparse.csr_matrix(counts, dtype=np.float64), list(counter.get_feature_names_out())


def _groups(questions: Sequence[Question]) -> Ints:
    """Leave-out unit per question: questions sharing a pair id or a haystack are one unit."""
    parent = list(range(len(questions)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    seen: dict[tuple[str, object], int] = {}
    for i, q in enumerate(questions):
        keys: list[tuple[str, object]] = [("haystack", tuple(q.haystack_session_ids))]
        if q.typedmemeval is not None and q.typedmemeval.pair_id:
            keys.append(("pair", q.typedmemeval.pair_id))
        for key in keys:
            j = seen.setdefault(key, i)
            parent[find(i)] = find(j)
    roots = [find(i) for i in range(len(questions))]
    codes: dict[int, int] = {}
    return np.asarray([codes.setdefault(r, len(codes)) for r in roots], dtype=np.int64)


def _value(q: Question, name: str) -> str | None:
    if q.typedmemeval is None:
        return None
    found = getattr(q.typedmemeval, name, None)
    return None if found is None or found == "" else str(found)


def _skipped(
    reason: str, answer_class: str | None = None, strata: str | None = None
) -> MetadataAdversaryRecord:
    return MetadataAdversaryRecord(
        status="skipped",
        reason=reason,
        answer_class=answer_class,
        strata=strata,
        model=MODEL,
        refuse_lift=METADATA_LIFT_REFUSE,
        refuse_auc=METADATA_AUC_REFUSE,
        verdict="skipped",
    )


def _classifier(n_classes: int) -> LogisticRegression | OneVsRestClassifier:
    """The pinned model; one of it per class against the rest beyond two classes."""
    binary = LogisticRegression(
        C=C, class_weight="balanced", solver="liblinear", max_iter=MAX_ITER, random_state=0
    )
    return binary if n_classes <= 2 else OneVsRestClassifier(binary)


def _coefficients(model: LogisticRegression | OneVsRestClassifier) -> Floats:
    """Classes × inputs weights (one row for a binary model)."""
    if isinstance(model, OneVsRestClassifier):
        return np.vstack([np.asarray(e.coef_) for e in model.estimators_])
    return np.asarray(model.coef_, dtype=np.float64)


class _Inputs:
    """The design matrix of a set of training questions, applied to others.

    The question text is weighted as `TfidfVectorizer(min_df=2, sublinear_tf=True)` fitted on
    the training questions would weight it (a test holds the two together): the n-grams in at
    least `TEXT_MIN_DF` training questions, their IDF from the training questions, counted once
    for every fold."""

    def __init__(self, tested: Tested, train: Ints) -> None:
        counts = tested.text_counts[train]
        df = np.asarray((counts > 0).sum(axis=0)).ravel()
        self.keep = np.flatnonzero(df >= TEXT_MIN_DF)
        self.text = TfidfTransformer(sublinear_tf=True, norm="l2")
        if len(self.keep):
            self.text.fit(counts[:, self.keep])
        block = tested.numeric[train]
        self.mean = block.mean(axis=0)
        self.sd = block.std(axis=0)
        self.tested = tested

    def names(self) -> list[str]:
        words = [self.tested.text_terms[k] for k in self.keep.tolist()]
        return [f"question:{w}" for w in words] + list(NUMERIC) + self.tested.binary_names

    def text_matrix(self, rows: Ints) -> sparse.csr_matrix:
        if not len(self.keep):
            return sparse.csr_matrix((len(rows), 0))
        return sparse.csr_matrix(self.text.transform(self.tested.text_counts[rows][:, self.keep]))

    def matrix(self, rows: Ints) -> sparse.csr_matrix:
        t = self.tested
        numeric = np.divide(
            t.numeric[rows] - self.mean,
            self.sd,
            out=np.zeros((len(rows), len(NUMERIC))),
            where=self.sd > 0,
        )
        parts = [
            self.text_matrix(rows),
            sparse.csr_matrix(numeric),
            sparse.csr_matrix(t.binary[rows]),
        ]
        return sparse.hstack(parts, format="csr")


def _held_out(tested: Tested, labels: list[str], classes: list[str]) -> tuple[list[str], Floats]:
    """Leave-one-group-out predictions, and per question a score for `classes[-1]` (binary) —
    the model's decision value, 0 where a training fold held one class only."""
    y = np.asarray(labels)
    predicted = [""] * len(labels)
    score = np.zeros(len(labels))
    rows = np.arange(len(labels))
    for train, test in LeaveOneGroupOut().split(rows, groups=tested.groups):
        present = sorted(set(y[train].tolist()))
        if len(present) < 2:
            for i in test.tolist():
                predicted[i] = present[0] if present else classes[0]
            continue
        inputs = _Inputs(tested, train)
        model = _classifier(len(present)).fit(inputs.matrix(train), y[train])
        x = inputs.matrix(test)
        for i, p in zip(test.tolist(), model.predict(x).tolist(), strict=True):
            predicted[i] = str(p)
        if len(classes) == 2 and present == classes:
            score[test] = np.asarray(model.decision_function(x), dtype=np.float64)
    return predicted, score


def _auc_within_strata(score: Floats, labels: list[str], strata: list[str], positive: str) -> float:
    order = sorted(range(len(labels)), key=lambda i: (strata[i], i))
    sizes = Counter(strata)
    offsets = np.concatenate([[0], np.cumsum([sizes[s] for s in sorted(sizes)])]).astype(np.int64)
    gold = np.asarray([labels[i] == positive for i in order])
    return within_question_auc(score[order], Layout(offsets, gold))


def _tested(
    corpus: LoadedCorpus, field: str, strata_field: str | None, shapes: tuple[str, ...] = ()
) -> tuple[Tested | None, list[StratumRow]]:
    rows: list[tuple[Question, str, str]] = []
    for q in corpus.questions:
        label = _value(q, field)
        if label is None or (shapes and _value(q, "shape") not in shapes):
            continue
        stratum = (_value(q, strata_field) if strata_field else None) or "all"
        rows.append((q, label, stratum))
    by_stratum: dict[str, Counter[str]] = {}
    for _, label, stratum in rows:
        by_stratum.setdefault(stratum, Counter())[label] += 1
    single = {s for s, c in by_stratum.items() if len(c) < 2}
    kept = [r for r in rows if r[2] not in single]
    untested = [
        StratumRow(
            stratum=s,
            questions=sum(c.values()),
            classes=dict(sorted(c.items())),
            majority=1.0,
        )
        for s, c in sorted(by_stratum.items())
        if s in single
    ]
    if not kept:
        return None, untested
    questions = [q for q, _, _ in kept]
    pieces = sorted(
        {p for q in questions for sid in q.haystack_session_ids for p in id_pieces(sid)}
    )
    strata_values = sorted({s for _, _, s in kept}) if strata_field else []
    binary_names = [f"session_id.piece={p}" for p in pieces] + [
        f"stratum={s}" for s in strata_values
    ]
    binary = np.zeros((len(kept), len(binary_names)))
    column = {n: k for k, n in enumerate(binary_names)}
    for i, (q, _, stratum) in enumerate(kept):
        for sid in q.haystack_session_ids:
            for p in id_pieces(sid):
                binary[i, column[f"session_id.piece={p}"]] = 1.0
        if strata_field:
            binary[i, column[f"stratum={stratum}"]] = 1.0
    counts, terms = question_counts([q.question for q in questions])
    tested = Tested(
        questions=questions,
        labels=[label for _, label, _ in kept],
        strata=[s for _, _, s in kept],
        groups=_groups(questions),
        numeric=np.asarray([numeric_metadata(q) for q in questions], dtype=np.float64).reshape(
            len(questions), len(NUMERIC)
        ),
        binary=binary,
        binary_names=binary_names,
        text_counts=counts,
        text_terms=terms,
    )
    return tested, untested


def _shuffled(labels: list[str], strata: list[str], seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    out = list(labels)
    for s in sorted(set(strata)):
        at = [i for i, x in enumerate(strata) if x == s]
        moved = rng.permutation(len(at))
        for i, j in zip(at, moved.tolist(), strict=True):
            out[i] = labels[at[j]]
    return out


def _majority(labels: list[str], strata: list[str]) -> float:
    counts: dict[str, Counter[str]] = {}
    for label, s in zip(labels, strata, strict=True):
        counts.setdefault(s, Counter())[label] += 1
    return sum(max(c.values()) for c in counts.values()) / len(labels)


def _leans(tested: Tested, classes: list[str]) -> list[str]:
    rows = np.arange(len(tested.labels))
    inputs = _Inputs(tested, rows)
    model = _classifier(len(classes)).fit(inputs.matrix(rows), np.asarray(tested.labels))
    names = inputs.names()
    coef = _coefficients(model)
    out: list[str] = []
    if len(classes) == 2:
        order = np.argsort(-np.abs(coef[0]), kind="stable")[:LEANS]
        for k in order.tolist():
            towards = classes[1] if coef[0, k] > 0 else classes[0]
            out.append(f"{names[k]} ({coef[0, k]:+.2f}, towards {towards})")
        return out
    for c, label in enumerate(model.classes_.tolist()):
        order = np.argsort(-coef[c], kind="stable")[: max(1, LEANS // len(classes))]
        out.extend(
            f"{label}: {names[k]} ({coef[c, k]:+.2f})" for k in order.tolist() if coef[c, k] > 0
        )
    return out


def metadata_adversary(corpus: LoadedCorpus, seed: int) -> MetadataAdversaryRecord:
    """The answer-from-metadata adversary's record for the corpus (every question, pairs'
    arms included)."""
    key = corpus.vertical()
    vertical = BY_KEY.get(key) if key is not None else None
    if vertical is None:
        return _skipped("the corpus declares no single vertical, so no answer class is known")
    declared = vertical.answer_class
    if declared is None:
        return _skipped(
            f"{vertical.name} declares no categorical answer class (its answers are values)"
        )
    tested, untested = _tested(corpus, declared.field, declared.strata, declared.shapes)
    if tested is None or len(set(tested.groups.tolist())) < 2:
        carried = sum(_value(q, declared.field) is not None for q in corpus.questions)
        why = (
            f"no question carries `{declared.field}`, the answer class {vertical.name} declares"
            if carried == 0
            else f"no {declared.strata or 'corpus'} holds questions of two `{declared.field}` "
            "classes in two or more pairs or haystacks"
        )
        return _skipped(why, declared.field, declared.strata)
    classes = sorted(set(tested.labels))
    predicted, score = _held_out(tested, tested.labels, classes)
    shuffled_labels = _shuffled(tested.labels, tested.strata, seed)
    shuffled_predicted, shuffled_score = _held_out(tested, shuffled_labels, classes)
    n = len(tested.labels)
    accuracy = sum(p == y for p, y in zip(predicted, tested.labels, strict=True)) / n
    shuffled_accuracy = (
        sum(p == y for p, y in zip(shuffled_predicted, shuffled_labels, strict=True)) / n
    )
    majority = _majority(tested.labels, tested.strata)
    binary = len(classes) == 2
    auc = shuffled_auc = None
    if binary:
        auc = round(_auc_within_strata(score, tested.labels, tested.strata, classes[1]), 4)
        shuffled_auc = round(
            _auc_within_strata(shuffled_score, shuffled_labels, tested.strata, classes[1]), 4
        )
    class_rows = []
    for c in classes:
        mine = [i for i, y in enumerate(tested.labels) if y == c]
        hits = sum(predicted[i] == c for i in mine)
        class_rows.append(
            AnswerClassRow(answer_class=c, questions=len(mine), recall=round(hits / len(mine), 4))
        )
    stratum_rows = list(untested)
    for s in sorted(set(tested.strata)):
        mine = [i for i, x in enumerate(tested.strata) if x == s]
        counts = Counter(tested.labels[i] for i in mine)
        stratum_auc = None
        if binary and len(counts) == 2:
            pick = np.asarray(mine)
            stratum_auc = round(
                _auc_within_strata(
                    score[pick], [tested.labels[i] for i in mine], [s] * len(mine), classes[1]
                ),
                4,
            )
        stratum_rows.append(
            StratumRow(
                stratum=s,
                questions=len(mine),
                classes=dict(sorted(counts.items())),
                majority=round(max(counts.values()) / len(mine), 4),
                accuracy=round(sum(predicted[i] == tested.labels[i] for i in mine) / len(mine), 4),
                auc=stratum_auc,
            )
        )
    stratum_rows.sort(key=lambda r: r.stratum)
    lift = accuracy - majority
    refused = lift >= METADATA_LIFT_REFUSE or (auc is not None and auc >= METADATA_AUC_REFUSE)
    reason = None
    if untested:
        reason = "not tested (one class only, nothing to predict): " + ", ".join(
            f"{r.stratum} ({r.questions})" for r in untested
        )
    if declared.strata and declared.strata_reason:
        public = f"{declared.strata} is public: {declared.strata_reason}"
        reason = f"{reason}; {public}" if reason else public
    if declared.shapes:
        within = f"tested within shapes {', '.join(declared.shapes)} only"
        reason = f"{reason}; {within}" if reason else within
    return MetadataAdversaryRecord(
        status="measured",
        reason=reason,
        answer_class=declared.field,
        strata=declared.strata,
        model=MODEL,
        questions=n,
        groups=len(set(tested.groups.tolist())),
        accuracy=round(accuracy, 4),
        majority=round(majority, 4),
        lift=round(lift, 4),
        auc=auc,
        shuffled_accuracy=round(shuffled_accuracy, 4),
        shuffled_lift=round(shuffled_accuracy - majority, 4),
        shuffled_auc=shuffled_auc,
        classes=class_rows,
        per_stratum=stratum_rows,
        leans=_leans(tested, classes),
        refuse_lift=METADATA_LIFT_REFUSE,
        refuse_auc=METADATA_AUC_REFUSE,
        verdict="refused" if refused else "pass",
    )
