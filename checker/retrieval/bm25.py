"""The reference retriever and realised gold coverage at K_ref (R-CHK-BM25).

The retriever is `rank_bm25.BM25Okapi` with k1 = 1.5, b = 0.75 and epsilon = 0.25, pinned here
and recorded in every `CoverageRecord`: on 15–60-session haystacks many terms occur in more
than half the sessions and get the floored IDF (epsilon × mean IDF), so epsilon moves top-5
sets. Documents are the whole sessions of the question's own haystack, the query is the
question text, and both go through `checker.text.bm25_tokens` (the corpus caches the session
tokens, so a run tokenizes each session once).

Ties at the top-K boundary are never broken by session order: that would hand the retriever a
position signal (docs/history.md: an earlier WorkingMemory ladder graded on exactly such an
artifact). A question's coverage is the *expected* share of its gold sessions in the top K over a
uniformly random order within tied scores, and the share of questions whose boundary falls inside a
tie is reported as the tie rate.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from rank_bm25 import BM25Okapi

from checker.arrays import distinct_counts, run_starts
from checker.family import K_REF
from checker.formats.retrieval import CoverageRecord
from checker.load import LoadedCorpus
from checker.retrieval.ceilings import structural_ceiling
from checker.retrieval.strips import Strip, parse_strips, strips_label
from checker.text import BM25_TOKENIZER, bm25_tokens

K1 = 1.5
B = 0.75
EPSILON = 0.25
RETRIEVER = f"bm25okapi-k{K1}-b{B}-eps{EPSILON}"
BAND_LOW = 0.5
BAND_HIGH = 0.9
#: Scores closer than this (relative to the boundary score) are one tie.
TIE_TOLERANCE = 1e-9
#: Records carry means and per-question values to this many decimals.
DECIMALS = 4

Scores = NDArray[np.float64]
Ints = NDArray[np.int64]


class IdfTable:
    """Word → IDF, stored once per document frequency (what `get_scores` reads via `.get`)."""

    def __init__(self, document_frequency: dict[str, int], by_frequency: dict[int, float]):
        self.document_frequency = document_frequency
        self.by_frequency = by_frequency

    def get(self, word: str) -> float | None:
        frequency = self.document_frequency.get(word)
        return None if frequency is None else self.by_frequency[frequency]


class CountedBM25(BM25Okapi):  # type: ignore[misc]
    """`BM25Okapi` built from per-session term counts computed once per run.

    rank_bm25 counts terms and takes one logarithm per vocabulary word in pure Python on
    construction. Here the counts come from the corpus cache, and the IDF — rank_bm25's own
    formula, log((N − n + 0.5) / (n + 0.5)), with every negative value replaced by epsilon ×
    the mean over the vocabulary — is computed once per distinct document frequency n, which
    gives the same values. Scoring is rank_bm25's `get_scores`; a test pins the scores to a
    plain `BM25Okapi` over the same tokens.
    """

    def _initialize(self, corpus: Sequence[Counter[str]]) -> dict[str, int]:
        document_frequency: Counter[str] = Counter()
        total = 0
        for counts in corpus:
            length = counts.total()
            self.doc_len.append(length)
            total += length
            self.doc_freqs.append(counts)
            document_frequency.update(counts.keys())
            self.corpus_size += 1
        self.avgdl = total / self.corpus_size
        return dict(document_frequency)

    def _calc_idf(self, nd: dict[str, int]) -> None:
        words_at = Counter(nd.values())
        raw = {f: math.log(self.corpus_size - f + 0.5) - math.log(f + 0.5) for f in words_at}
        self.average_idf = sum(raw[f] * n for f, n in words_at.items()) / len(nd)
        floor = self.epsilon * self.average_idf
        by_frequency = {f: (value if value >= 0 else floor) for f, value in raw.items()}
        self.idf = IdfTable(nd, by_frequency)


def session_scores(
    session_counts: Sequence[Counter[str]],
    query: Sequence[str],
    *,
    k1: float = K1,
    b: float = B,
    epsilon: float = EPSILON,
) -> Scores:
    """BM25Okapi score of every session for the query tokens."""
    n = len(session_counts)
    if n == 0 or not query or all(c.total() == 0 for c in session_counts):
        return np.zeros(n)
    bm25 = CountedBM25(list(session_counts), k1=k1, b=b, epsilon=epsilon)
    return np.asarray(bm25.get_scores(list(query)), dtype=np.float64)


def inclusion_probabilities(scores: Scores, k: int) -> tuple[Scores, bool]:
    """Per session, the probability of being in the top k when ties are ordered at random;
    and whether the top-k boundary falls inside a tie."""
    n = len(scores)
    if n <= k:
        return np.ones(n), False
    boundary = np.sort(scores)[::-1][k - 1]
    tolerance = TIE_TOLERANCE * max(1.0, abs(float(boundary)))
    above = scores > boundary + tolerance
    tied = np.abs(scores - boundary) <= tolerance
    free = k - int(above.sum())
    n_tied = int(tied.sum())
    probability = above.astype(np.float64)
    probability[tied] = free / n_tied
    return probability, n_tied > free


def expected_coverage(scores: Scores, gold: Sequence[int], k: int) -> tuple[float, bool]:
    """Expected share of the gold sessions in the top k (G = 0 reads 1.0: nothing to miss), and
    whether the top-k boundary falls inside a tie."""
    coverage, boundary_tie, _ = coverage_and_ties(scores, gold, k)
    return coverage, boundary_tie


def coverage_and_ties(scores: Scores, gold: Sequence[int], k: int) -> tuple[float, bool, bool]:
    probability, boundary_tie = inclusion_probabilities(scores, k)
    if not gold:
        return 1.0, boundary_tie, False
    gold_probability = probability[list(gold)]
    gold_in_tie = bool(((gold_probability > 0) & (gold_probability < 1)).any())
    return float(gold_probability.mean()), boundary_tie, gold_in_tie


@dataclass(frozen=True)
class QuestionCoverage:
    """One question's measurement."""

    coverage: float
    gold: int
    boundary_tie: bool
    #: A gold session sits in the boundary tie: a session-order tie-break would move coverage.
    gold_in_tie: bool = False
    #: Distractor sessions the strip changed.
    sessions_changed: int = 0


def _shipped_counts(corpus: LoadedCorpus) -> list[list[Counter[str]]]:
    cached: list[list[Counter[str]]] | None = corpus.cache.get("retrieval.session_counts")
    if cached is None:
        cached = [[Counter(tokens) for tokens in q] for q in corpus.session_bm25_tokens]
        corpus.cache["retrieval.session_counts"] = cached
    return cached


def query_tokens(corpus: LoadedCorpus, qi: int) -> list[str]:
    """The question text's BM25 tokens (cached per corpus)."""
    cached: dict[int, list[str]] = corpus.cache.setdefault("retrieval.query_tokens", {})
    if qi not in cached:
        cached[qi] = bm25_tokens(corpus.questions[qi].question)
    return cached[qi]


def stripped_session_counts(
    corpus: LoadedCorpus, qi: int, strips: tuple[Strip, ...]
) -> tuple[list[Counter[str]], int]:
    """Per session of question `qi`, its term counts after the strips are applied to its
    distractor turns (gold sessions are never stripped); and how many sessions changed.
    Only sessions a strip may change are re-tokenized."""
    shipped = _shipped_counts(corpus)[qi]
    counts = list(shipped)
    if not strips:
        return counts, 0
    keywords = frozenset(query_tokens(corpus, qi))
    gold = set(corpus.gold_indices(qi))
    texts = corpus.session_text[qi]
    sessions = corpus.questions[qi].haystack_sessions
    changed = 0
    for si, session in enumerate(sessions):
        if si in gold:
            continue
        hits = sum(shipped[si].get(k, 0) for k in keywords)
        if not any(s.may_change(texts[si], hits) for s in strips):
            continue
        turns = [t.content for t in session]
        for s in strips:
            turns = [s.apply(turn, keywords) for turn in turns]
        stripped = Counter(bm25_tokens("\n".join(turns)))
        if stripped != counts[si]:
            counts[si] = stripped
            changed += 1
    return counts, changed


def _question_terms(
    corpus: LoadedCorpus, qi: int, strips: tuple[Strip, ...] = ()
) -> tuple[Ints, Ints, int, int, dict[str, int]]:
    """Question `qi`'s haystack as BM25 tokens: per token its session (local index) and term
    id, sessions in order and tokens in text order; the strips applied to distractor sessions
    as in `stripped_session_counts` (a word the strip creates gets a new id); and how many
    sessions the strips changed."""
    ids = corpus.token_ids
    first = int(corpus.session_starts[qi])
    n = len(corpus.questions[qi].haystack_sessions)
    a, b = int(ids.session_offsets[first]), int(ids.session_offsets[first + n])
    terms = ids.token[a:b]
    sessions = ids.token_session[a:b] - first
    kept = ~ids.stop[terms]
    sessions, terms = sessions[kept], terms[kept]
    if not strips:
        return sessions, terms, n, 0, {}
    vocabulary = ids.vocabulary
    keywords = frozenset(query_tokens(corpus, qi))
    keyword_ids = [vocabulary[k] for k in keywords if k in vocabulary]
    hits = np.bincount(sessions[np.isin(terms, keyword_ids)], minlength=n)
    gold = set(corpus.gold_indices(qi))
    texts = corpus.session_text[qi]
    bounds = np.searchsorted(sessions, np.arange(n + 1))
    pieces = [terms[bounds[si] : bounds[si + 1]] for si in range(n)]
    created: dict[str, int] = {}  # words a strip creates (by joining text), with new ids
    changed = 0
    for si, session in enumerate(corpus.questions[qi].haystack_sessions):
        if si in gold or not any(s.may_change(texts[si], int(hits[si])) for s in strips):
            continue
        turns = [t.content for t in session]
        for s in strips:
            turns = [s.apply(turn, keywords) for turn in turns]
        stripped = bm25_tokens("\n".join(turns))
        if Counter(stripped) == Counter(ids.words[i] for i in pieces[si]):
            continue
        changed += 1
        pieces[si] = np.asarray(
            [
                vocabulary[w]
                if w in vocabulary
                else created.setdefault(w, len(vocabulary) + len(created))
                for w in stripped
            ],
            dtype=np.int64,
        )
    if changed:
        lengths = [len(p) for p in pieces]
        terms = np.concatenate(pieces) if pieces else terms
        sessions = np.repeat(np.arange(n, dtype=np.int64), lengths)
    return sessions, terms, n, changed, created


def array_scores(
    sessions: Ints,
    terms: Ints,
    n: int,
    query: Sequence[int | None],
    *,
    k1: float = K1,
    b: float = B,
    epsilon: float = EPSILON,
) -> Scores:
    """`session_scores` from token arrays (`query` as term ids, None for a word no session
    holds): the same arithmetic as rank_bm25, in the same order,
    so the same bits (a test holds the two together).

    The mean IDF is summed, as rank_bm25 sums it, over the distinct document frequencies in
    the order their first word first appears in the haystack."""
    if n == 0 or not query or len(terms) == 0:
        return np.zeros(n)
    doc_len = np.bincount(sessions, minlength=n)
    width = int(terms.max()) + 1
    pairs, frequency = distinct_counts(sessions * width + terms)
    pair_session, pair_term = pairs // width, pairs % width
    # Per present term (ascending): its document frequency and where it first appears.
    present, document_frequency = distinct_counts(pair_term)
    size = len(terms)
    by_term = np.sort(terms * size + np.arange(size))
    first_at = by_term[run_starts(by_term // size)] % size
    in_order = document_frequency[np.argsort(first_at)]
    values, value_first, value_count = np.unique(in_order, return_index=True, return_counts=True)
    raw = {int(f): math.log(n - int(f) + 0.5) - math.log(int(f) + 0.5) for f in values}
    total = 0.0
    for j in np.argsort(value_first):
        total += raw[int(values[j])] * int(value_count[j])
    floor = epsilon * (total / len(present))
    avgdl = int(doc_len.sum()) / n
    score = np.zeros(n)
    for term in query:
        idf = None
        q_freq = np.zeros(n, dtype=np.int64)
        at = int(np.searchsorted(present, term)) if term is not None else len(present)
        if at < len(present) and present[at] == term:
            value = raw[int(document_frequency[at])]
            idf = value if value >= 0 else floor
            holding = pair_term == term
            q_freq[pair_session[holding]] = frequency[holding]
        score += (idf or 0) * (q_freq * (k1 + 1) / (q_freq + k1 * (1 - b + b * doc_len / avgdl)))
    return score


def shipped_scores(corpus: LoadedCorpus, qi: int) -> Scores:
    """The reference retriever's score of every session of question `qi` as shipped (what
    `question_coverage` ranks without a strip; cached per corpus)."""
    cached: dict[int, Scores] = corpus.cache.setdefault("retrieval.shipped_scores", {})
    found = cached.get(qi)
    if found is None:
        sessions, terms, n, _, _ = _question_terms(corpus, qi)
        vocabulary = corpus.token_ids.vocabulary
        query = [vocabulary.get(w) for w in query_tokens(corpus, qi)]
        found = cached[qi] = array_scores(sessions, terms, n, query)
    return found


def _strip_key(strips: tuple[Strip, ...]) -> str:
    return strips_label(strips) or ""


def question_coverage(
    corpus: LoadedCorpus, qi: int, strips: tuple[Strip, ...] = (), k_ref: int = K_REF
) -> QuestionCoverage:
    """Measure (or fetch from the corpus cache) one question's coverage."""
    by_strip: dict[tuple[str, int], dict[int, QuestionCoverage]] = corpus.cache.setdefault(
        "retrieval.question_coverage", {}
    )
    cache = by_strip.setdefault((_strip_key(strips), k_ref), {})
    found = cache.get(qi)
    if found is not None:
        return found
    changed = 0
    if strips:
        sessions, terms, n, changed, created = _question_terms(corpus, qi, strips)
        if changed == 0:
            found = question_coverage(corpus, qi, (), k_ref)  # the strip found nothing to remove
            cache[qi] = found
            return found
        vocabulary = corpus.token_ids.vocabulary
        query = [vocabulary.get(w, created.get(w)) for w in query_tokens(corpus, qi)]
        scores = array_scores(sessions, terms, n, query)
    else:
        scores = shipped_scores(corpus, qi)
    gold = corpus.gold_indices(qi)
    coverage, tie, gold_in_tie = coverage_and_ties(scores, gold, k_ref)
    found = QuestionCoverage(coverage, len(gold), tie, gold_in_tie, changed)
    cache[qi] = found
    return found


def coverage_of_question(corpus: LoadedCorpus, qi: int) -> float:
    """Realised gold coverage of question `qi` at K_ref, as shipped."""
    return question_coverage(corpus, qi).coverage


def all_question_coverage(
    corpus: LoadedCorpus, strips: tuple[Strip, ...] = (), k_ref: int = K_REF
) -> list[QuestionCoverage]:
    """Every question's coverage with the given strips."""
    return [question_coverage(corpus, qi, strips, k_ref) for qi in range(len(corpus.questions))]


def rounded_mean(values: Iterable[float]) -> float | None:
    found = list(values)
    return round(sum(found) / len(found), DECIMALS) if found else None


def shape_of(corpus: LoadedCorpus, qi: int) -> str:
    """The question's shape; where a (foreign) question declares none, its `question_type`
    (as `type <name>`), so every per-shape measurement breaks down by the publisher's types."""
    q = corpus.questions[qi]
    block = q.typedmemeval
    if block is not None and block.shape:
        return block.shape
    return f"type {q.question_type}" if q.question_type else "(no shape)"


def _vertical(corpus: LoadedCorpus, qi: int) -> str:
    block = corpus.questions[qi].typedmemeval
    return block.vertical if block is not None and block.vertical else "(no vertical)"


def measure_coverage_with(
    corpus: LoadedCorpus, strips: tuple[Strip, ...], k_ref: int = K_REF
) -> CoverageRecord:
    """The coverage record for the given strips (cached per corpus)."""
    records: dict[tuple[str, int], CoverageRecord] = corpus.cache.setdefault(
        "retrieval.coverage_record", {}
    )
    key = (_strip_key(strips), k_ref)
    if key in records:
        return records[key]
    measured = all_question_coverage(corpus, strips, k_ref)
    gold_bearing = [qi for qi, m in enumerate(measured) if m.gold > 0]
    by_shape: dict[str, list[float]] = {}
    by_vertical: dict[str, list[float]] = {}
    distribution: Counter[str] = Counter()
    ceilings: list[float] = []
    for qi in gold_bearing:
        m = measured[qi]
        by_shape.setdefault(shape_of(corpus, qi), []).append(m.coverage)
        by_vertical.setdefault(_vertical(corpus, qi), []).append(m.coverage)
        distribution[f"{m.coverage:.2f}"] += 1
        ceilings.append(structural_ceiling(m.gold, k_ref))
    coverages = [measured[qi].coverage for qi in gold_bearing]
    over_k = [qi for qi, q in enumerate(corpus.questions) if len(q.haystack_sessions) > k_ref]
    tied = [corpus.questions[qi].question_id for qi in over_k if measured[qi].boundary_tie]
    gold_over_k = [qi for qi in over_k if measured[qi].gold > 0]
    gold_tied = [corpus.questions[qi].question_id for qi in gold_over_k if measured[qi].gold_in_tie]
    record = CoverageRecord(
        retriever=RETRIEVER,
        k1=K1,
        b=B,
        epsilon=EPSILON,
        tokenizer=BM25_TOKENIZER,
        strip=strips_label(strips),
        k_ref=k_ref,
        band_low=BAND_LOW,
        band_high=BAND_HIGH,
        gold_bearing_n=len(gold_bearing),
        gold_bearing_mean=rounded_mean(coverages),
        all_n=len(measured),
        all_mean=rounded_mean(m.coverage for m in measured),
        per_shape={k: rounded_mean(v) or 0.0 for k, v in sorted(by_shape.items())},
        per_shape_n={k: len(v) for k, v in sorted(by_shape.items())},
        per_vertical={k: rounded_mean(v) or 0.0 for k, v in sorted(by_vertical.items())},
        per_question={
            q.question_id: round(m.coverage, DECIMALS)
            for q, m in zip(corpus.questions, measured, strict=True)
        },
        distribution=dict(sorted(distribution.items())),
        ceiling_mean=rounded_mean(ceilings),
        shortfall_mean=rounded_mean(c - v for c, v in zip(ceilings, coverages, strict=True)),
        ceiling_relative_mean=rounded_mean(v / c for c, v in zip(ceilings, coverages, strict=True)),
        tie_rate=round(len(tied) / len(over_k), DECIMALS) if over_k else None,
        tied_questions=tied,
        gold_tie_rate=round(len(gold_tied) / len(gold_over_k), DECIMALS) if gold_over_k else None,
        gold_tied_questions=gold_tied,
    )
    records[key] = record
    return record


def measure_coverage(
    corpus: LoadedCorpus, *, strip: str | None = None, k_ref: int = K_REF
) -> CoverageRecord:
    """Realised gold coverage at K_ref.

    `strip` is None (as shipped), `"generic"` (the generic scaffolding strip) or a regular
    expression removed from distractor turns before ranking. Raises `ScaffoldingPatternError`
    for a pattern that does not compile.
    """
    return measure_coverage_with(corpus, parse_strips(strip), k_ref)


def band_refusals(record: CoverageRecord) -> list[str]:
    """Why a corpus is outside the calibration band (empty when it is inside, or when there is
    no gold-bearing question to measure). Generators gate on this; rule CAL001 reports it."""
    mean = record.gold_bearing_mean
    if mean is None:
        return []
    where = (
        f"gold-bearing mean coverage {mean:.4f} (n={record.gold_bearing_n}) of "
        f"{record.retriever} at K_ref={record.k_ref}"
    )
    if mean < record.band_low:
        return [
            f"{where} is below the calibration band {record.band_low}–{record.band_high}: the "
            "haystack buries gold beyond what a lexical floor can find; lower the competition "
            "(fewer or less similar decoys) or declare the shape out of band with its reason"
        ]
    if mean > record.band_high:
        return [
            f"{where} is above the calibration band {record.band_low}–{record.band_high}: a "
            "plain lexical retriever saturates it, so it cannot see retrieval; add same-domain "
            "competition (near-miss twins, decoys sharing the question's entities) — never "
            "injected keywords"
        ]
    return []
