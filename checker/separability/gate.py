"""V7 as one measurement: features → within-question statistics → verdicts → record.

Measurements are cached in `corpus.cache`, so SEP001…SEP007 and the summary compute once.
The table (features, n-grams, statistics, null) does not depend on exemptions; only the
verdicts and the numeric adversary's inputs do.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from checker.formats.separability import (
    AdversaryRecord,
    Exemption,
    ExemptionUse,
    FeatureRow,
    HaystackAdversaryRecord,
    MetadataAdversaryRecord,
    SeparabilityRecord,
)
from checker.load import LoadedCorpus
from checker.separability import policy
from checker.separability.adversary import haystack_groups, ngram_adversary, numeric_adversary
from checker.separability.features import FeatureSet, numeric_features
from checker.separability.haystack import METADATA_FAMILIES, haystack_adversary, haystack_features
from checker.separability.metadata import metadata_adversary
from checker.separability.ngrams import (
    NgramTable,
    SessionGrams,
    candidate_table,
    exclusive_phrases,
    extract,
)
from checker.separability.stats import (
    FeatureStats,
    Layout,
    draw_permutations,
    measure,
    measure_counts,
    shuffle_indicator,
)
from checker.separability.turns import Turns, index_turns

_CACHE = "separability"
_TEXT = "text"
_DISTINCT = "distinct haystacks"
#: N-gram columns measured per block (bounds the dense questions × columns and shuffles ×
#: columns arrays on large corpora).
_BLOCK = 4096
#: Threads that measure column blocks (and the text measurements) at once.
WORKERS = 2


@dataclass
class Table:
    """The full single-feature table of one corpus (every n-gram candidate included)."""

    layout: Layout
    numeric: FeatureSet
    text: TextMeasures
    ngrams: NgramTable
    names: list[str]
    families: list[str]
    stats: FeatureStats


def _concat(parts: Sequence[FeatureStats]) -> FeatureStats:
    fields = FeatureStats.__dataclass_fields__
    # Per-feature arrays join end to end; the shuffles × features null joins along features.
    return FeatureStats(
        **{f: np.concatenate([getattr(p, f) for p in parts], axis=-1) for f in fields}
    )


def _cache(corpus: LoadedCorpus) -> dict[object, object]:
    found = corpus.cache.get(_CACHE)
    if not isinstance(found, dict):
        found = corpus.cache[_CACHE] = {}
    return found


def distinct_haystacks(corpus: LoadedCorpus) -> LoadedCorpus:
    """The corpus with every shared haystack once (cached; the corpus itself when none is
    shared).

    The arms of a before/after pair carry one haystack, its gold and its question text byte for
    byte, so they are one observation for an attacker handed a haystack. Counted twice, a
    chance split in one haystack counts double in the perfect-separation share and its tail
    test, and a learned adversary is scored on sessions it was trained on."""
    cache = _cache(corpus)
    found = cache.get(_DISTINCT)
    if isinstance(found, LoadedCorpus):
        return found
    seen: set[tuple[object, ...]] = set()
    kept = []
    for q in corpus.questions:
        key = (tuple(q.haystack_session_ids), tuple(q.answer_session_ids), q.question)
        if key not in seen:
            seen.add(key)
            kept.append(q)
    view = corpus
    if len(kept) < len(corpus.questions):
        view = corpus.with_questions(kept, sha256=corpus.sha256)
        # The view's turn texts are the corpus's: tokenize them once (if they were).
        if "content_raw_tokens" in corpus.__dict__:
            view.__dict__["content_raw_tokens"] = corpus.content_raw_tokens
    cache[_DISTINCT] = view
    return view


def table(corpus: LoadedCorpus, *, seed: int = 0) -> Table:
    """The single-feature table with its permutation null (cached per corpus and seed), over
    `distinct_haystacks(corpus)`."""
    corpus = distinct_haystacks(corpus)
    cache = _cache(corpus)
    key = ("table", seed)
    found = cache.get(key)
    if isinstance(found, Table):
        return found
    layout = Layout.of(corpus)
    measured = text_measures(corpus, layout)
    numeric, ngram_table = measured.numeric, measured.ngrams
    permutations = draw_permutations(layout, policy.NULL_PERMUTATIONS, seed)
    floor = policy.PERFECT_SHARE_FLOOR
    # Column blocks bound the dense per-question arrays; slicing columns from a column-major
    # copy costs each block its own entries only.
    by_column = ngram_table.counts.tocsc()
    shuffled = shuffle_indicator(layout, permutations)

    def block(start: int) -> FeatureStats:
        stop = start + _BLOCK
        return measure_counts(
            by_column[:, start:stop],
            layout,
            include=ngram_table.include[:, start:stop],
            permutations=permutations,
            share_floor=floor,
            shuffled=shuffled,
        )

    # Each block reads shared arrays and writes only its own result, and numpy and scipy let
    # go of the interpreter in their loops, so two blocks run at once on two cores; the parts
    # are joined in column order, as one after the other would give them.
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        ngram_parts = pool.map(block, range(0, len(ngram_table.phrases), _BLOCK))
        numeric_part = measure(numeric.values, layout, permutations=permutations, share_floor=floor)
        parts = [numeric_part, *ngram_parts]
    built = Table(
        layout=layout,
        numeric=numeric,
        text=measured,
        ngrams=ngram_table,
        names=numeric.names + [f"ngram:{p}" for p in ngram_table.phrases],
        families=numeric.families + ["ngram"] * len(ngram_table.phrases),
        stats=_concat(parts),
    )
    cache[key] = built
    return built


@dataclass
class TextMeasures:
    """Everything measured from the text, ids and dates alone (no gold labels)."""

    corpus: LoadedCorpus
    """The corpus measured (relabelled copies share its text)."""
    turns: Turns
    numeric: FeatureSet
    ngrams: NgramTable
    _grams: SessionGrams | None = None
    _haystack: FeatureSet | None = None

    @property
    def grams(self) -> SessionGrams:
        """Every n-gram occurrence, which only the learned n-gram adversary reads (built on
        first use)."""
        if self._grams is None:
            self._grams = extract(self.corpus, self.turns, int(self.numeric.values.shape[0]))
        return self._grams

    @property
    def haystack(self) -> FeatureSet:
        """The haystack-relative features, which only the haystack adversary reads (built on
        first use)."""
        if self._haystack is None:
            layout = Layout.of(self.corpus)
            self._haystack = haystack_features(self.corpus, layout)
        return self._haystack


def text_measures(corpus: LoadedCorpus, layout: Layout) -> TextMeasures:
    """The text measurements of the corpus; cached, and shared by `relabelled` copies."""
    cache = _cache(corpus)
    found = cache.get(_TEXT)
    if isinstance(found, TextMeasures):
        return found
    turns = index_turns(corpus)
    corpus.token_ids  # noqa: B018 — both measurements read it; made once, before they start
    # The two measurements share nothing they write, so they run on two threads.
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        ngrams = pool.submit(candidate_table, corpus, layout, turns)
        numeric = numeric_features(corpus, layout, turns)
        measured = TextMeasures(corpus=corpus, turns=turns, numeric=numeric, ngrams=ngrams.result())
    cache[_TEXT] = measured
    return measured


def relabelled(corpus: LoadedCorpus, gold: list[list[int]]) -> LoadedCorpus:
    """A copy of the corpus whose gold sessions are `gold[qi]` (indices), sharing the text
    measurements already made. `has_answer` moves with the labels: it marks the first turn of
    each new gold session."""
    questions = []
    for q, picked in zip(corpus.questions, gold, strict=True):
        chosen = set(picked)
        sessions = [
            [
                t.model_copy(update={"has_answer": i in chosen and k == 0})
                for k, t in enumerate(session)
            ]
            for i, session in enumerate(q.haystack_sessions)
        ]
        questions.append(
            q.model_copy(
                update={
                    "answer_session_ids": [q.haystack_session_ids[i] for i in sorted(chosen)],
                    "haystack_sessions": sessions,
                }
            )
        )
    copy = corpus.with_questions(questions, sha256=corpus.sha256)
    text_measures(corpus, Layout.of(corpus))
    copy.cache[_CACHE] = {_TEXT: _cache(corpus)[_TEXT]}
    return copy


def covers(name: str, feature: str, family: str) -> bool:
    """Whether an exemption naming `name` covers `feature`: the exact feature, its family, or a
    dotted prefix of its name (`user.turn1` covers `user.turn1.chars`)."""
    return name in (feature, family) or feature.startswith(name + ".")


def _exemption_mask(built: Table, exemptions: Sequence[Exemption]) -> np.ndarray:
    mask = np.zeros(len(built.names), dtype=bool)
    for ex in exemptions:
        if not ex.reason.strip():
            continue
        for i, (name, family) in enumerate(zip(built.names, built.families, strict=True)):
            if covers(ex.feature, name, family):
                mask[i] = True
    return mask


def _adversaries(
    corpus: LoadedCorpus, built: Table, exempt: np.ndarray, seed: int
) -> list[AdversaryRecord]:
    cache = _cache(corpus)
    numeric_exempt = exempt[: len(built.numeric.names)]
    key = ("adversaries", seed, numeric_exempt.tobytes())
    found = cache.get(key)
    if isinstance(found, list):
        return found
    keep = ~numeric_exempt
    names = [n for n, k in zip(built.numeric.names, keep, strict=True) if k]
    # Pair arms share one haystack: fold them together so no arm is scored by its twin.
    groups = haystack_groups(
        [tuple(q.haystack_session_ids) for q in corpus.questions], built.layout
    )
    records = [
        numeric_adversary(built.numeric.values[:, keep], names, built.layout, seed, groups),
        ngram_adversary(built.text.grams, built.layout, seed, groups),
    ]
    cache[key] = records
    return records


def _haystack_adversary(
    corpus: LoadedCorpus, built: Table, exempt: np.ndarray, seed: int
) -> HaystackAdversaryRecord:
    """SEP008 over the haystack-relative features and the non-exempt metadata features."""
    cache = _cache(corpus)
    numeric = built.numeric
    meta = [
        i
        for i, family in enumerate(numeric.families)
        if family in METADATA_FAMILIES and not exempt[i]
    ]
    key = ("haystack adversary", seed, tuple(meta))
    found = cache.get(key)
    if isinstance(found, HaystackAdversaryRecord):
        return found
    relative = built.text.haystack
    values = np.column_stack([relative.values, numeric.values[:, meta]])
    names = relative.names + [numeric.names[i] for i in meta]
    groups = haystack_groups(
        [tuple(q.haystack_session_ids) for q in corpus.questions], built.layout
    )
    record = haystack_adversary(values, names, built.layout, seed, groups)
    cache[key] = record
    return record


def _metadata_adversary(corpus: LoadedCorpus, seed: int) -> MetadataAdversaryRecord:
    """SEP009 over every question of the corpus (the arms of a pair are what it tells apart,
    so they are not merged as the session measurements merge them)."""
    cache = _cache(corpus)
    key = ("metadata adversary", seed)
    found = cache.get(key)
    if isinstance(found, MetadataAdversaryRecord):
        return found
    record = metadata_adversary(corpus, seed)
    cache[key] = record
    return record


def familywise(stats: FeatureStats, exempt: np.ndarray) -> np.ndarray:
    """Westfall–Young adjusted p of every feature's distribution test (policy.py says why).

    Each label shuffle of the null contributes the smallest tail p over the non-exempt features
    whose perfect share reaches the floor under it (1 when none does); a feature's adjusted p is
    the share of shuffles, the observed labelling counted as one of them, whose smallest tail p
    is at or below the feature's own."""
    shuffles = stats.null_tail.shape[0]
    family = stats.null_tail[:, ~exempt]
    smallest = np.sort(family.min(axis=1) if family.shape[1] else np.ones(shuffles))
    at_or_below = np.searchsorted(smallest, stats.tail_p, side="right")
    adjusted: np.ndarray = (1 + at_or_below) / (shuffles + 1)
    return adjusted


def _sig(value: float) -> float:
    return float(f"{value:.4g}")


def measure_separability(
    corpus: LoadedCorpus,
    exemptions: list[Exemption],
    *,
    adversary: bool = True,
    seed: int = 0,
    haystack: bool = False,
    metadata: bool = False,
) -> SeparabilityRecord:
    """Measure V7 on a loaded corpus and return the record a sidecar stamps.

    Gold is `corpus.gold_indices(qi)`; questions with G = 0 contribute no pairs. Exemptions
    with an empty reason are reported and waive nothing. `adversary=False` skips the learned
    adversaries (the record then carries none and cannot be refused by them). A haystack that
    several questions share (a before/after pair) is measured once. `haystack` and `metadata`
    add the haystack-relative adversary (SEP008) and the answer-from-metadata adversary
    (SEP009); the generators' stamps leave them out until the generators are rebuilt to pass
    them, and a stamp without them is compared without them.
    """
    every_question = corpus
    corpus = distinct_haystacks(corpus)
    built = table(corpus, seed=seed)
    st = built.stats
    exempt = _exemption_mask(built, exemptions)
    share = np.divide(
        st.perfect, st.questions, out=np.zeros(len(built.names)), where=st.questions > 0
    )
    by_auc = st.auc >= policy.AUC_REFUSE
    familywise_p = familywise(st, exempt)
    by_distribution = (
        (share >= policy.PERFECT_SHARE_FLOOR)
        & (st.tail_p < policy.PERFECT_TAIL_P)
        & (familywise_p <= policy.FAMILYWISE_ALPHA)
    )
    rows: list[FeatureRow] = []
    n_numeric = len(built.numeric.names)
    ngram_order = n_numeric + np.argsort(-st.auc[n_numeric:], kind="stable")
    shown = set(range(n_numeric))
    for direction in (True, False):
        leaning = ((st.auc_raw[ngram_order] > 0.5) == direction) & (st.auc[ngram_order] > 0.5)
        picked = ngram_order[leaning][: policy.NGRAM_ROWS_PER_DIRECTION]
        shown.update(int(i) for i in picked)
    shown.update(int(i) for i in np.flatnonzero(by_auc | by_distribution | exempt))
    for i in [*range(n_numeric), *(int(j) for j in ngram_order)]:
        if i not in shown:
            continue
        refused_by = [
            tag for tag, hit in (("auc", by_auc[i]), ("distribution", by_distribution[i])) if hit
        ]
        verdict = "exempt" if exempt[i] else ("refused" if refused_by else "pass")
        raw = float(st.auc_raw[i])
        rows.append(
            FeatureRow.model_validate(
                {
                    "feature": built.names[i],
                    "family": built.families[i],
                    "auc": round(float(st.auc[i]), 4),
                    "direction": "gold-high" if raw > 0.5 else "gold-low" if raw < 0.5 else "none",
                    "null_p95": round(float(st.null_p95[i]), 4),
                    "questions": int(st.questions[i]),
                    "perfect": int(st.perfect[i]),
                    "perfect_share": round(float(share[i]), 4),
                    "expected_perfect": round(float(st.expected[i]), 4),
                    "tail_p": _sig(float(st.tail_p[i])),
                    "z": None if np.isnan(st.z[i]) else round(float(st.z[i]), 2),
                    "familywise_p": round(float(familywise_p[i]), 4),
                    "verdict": verdict,
                    "refused_by": refused_by,
                }
            )
        )
    candidates = np.flatnonzero(~exempt)
    worst = int(candidates[np.argmax(st.auc[candidates])]) if len(candidates) else None
    uses = [
        ExemptionUse(
            feature=ex.feature,
            reason=ex.reason,
            honoured=bool(ex.reason.strip()),
            covers=sum(
                covers(ex.feature, n, f) for n, f in zip(built.names, built.families, strict=True)
            ),
        )
        for ex in exemptions
    ]
    adversaries = _adversaries(corpus, built, exempt, seed) if adversary else []
    record = SeparabilityRecord(
        method=policy.METHOD,
        passed=True,
        thresholds=policy.thresholds(),
        seed=seed,
        worst_feature=None if worst is None else built.names[worst],
        worst_auc=None if worst is None else round(float(st.auc[worst]), 4),
        features_tested=len(built.names),
        ngram_candidates=len(built.ngrams.phrases),
        features=rows,
        bimodal_features=[built.names[i] for i in np.flatnonzero(by_distribution & ~exempt)],
        exclusive_phrases=exclusive_phrases(built.ngrams, built.layout),
        adversaries=adversaries,
        haystack_adversary=_haystack_adversary(corpus, built, exempt, seed) if haystack else None,
        metadata_adversary=_metadata_adversary(every_question, seed) if metadata else None,
        exemptions=uses,
    )
    record.passed = not refusals(record)
    return record


def _familywise_note(adjusted: float | None, alpha: float | None) -> str:
    if adjusted is None or alpha is None:
        return ""
    return f", family-wise p = {adjusted:.3g} ≤ {alpha} over every feature tested"


def refusals(record: SeparabilityRecord) -> list[str]:
    """Why the record refuses its corpus, one human-readable reason each; empty when it passes."""
    t = record.thresholds
    out: list[str] = []
    for row in record.features:
        if row.verdict != "refused":
            continue
        if "auc" in row.refused_by:
            out.append(
                f"{row.feature}: within-question AUC {row.auc:.4f} ≥ {t.auc_refuse} "
                f"({row.direction}; label-shuffle null p95 {row.null_p95:.4f})"
            )
        if "distribution" in row.refused_by:
            out.append(
                f"{row.feature}: separates gold perfectly in {row.perfect} of {row.questions} "
                f"questions ({row.perfect_share:.0%} ≥ {t.perfect_share_floor:.0%}); "
                f"{row.expected_perfect:.2f} expected by chance, exact tail p = {row.tail_p:.3g} "
                f"< {t.perfect_tail_p}{_familywise_note(row.familywise_p, t.familywise_alpha)} "
                f"(pooled AUC {row.auc:.4f})"
            )
    for phrase in record.exclusive_phrases:
        out.append(
            f"phrase {phrase.phrase!r} is in the gold of {phrase.questions} questions "
            f"({phrase.share:.0%}; {phrase.gold_sessions} gold sessions) and in no distractor"
        )
    for adv in record.adversaries:
        if adv.verdict == "refused":
            leans = "; ".join(adv.leans_gold[:5] + adv.leans_filler[:3])
            out.append(
                f"learned {adv.name} adversary finds gold at held-out within-question AUC "
                f"{adv.auc:.4f} ≥ {t.adversary_refuse} (shuffled labels {adv.shuffled_auc:.4f}); "
                f"leans on {leans}"
            )
    out.extend(haystack_refusals(record.haystack_adversary))
    out.extend(metadata_refusals(record.metadata_adversary))
    for use in record.exemptions:
        if not use.honoured:
            out.append(f"exemption of {use.feature!r} gives no reason, so it waives nothing")
        elif use.covers == 0:
            out.append(f"exemption of {use.feature!r} names no measured feature or family")
    return out


def haystack_refusals(found: HaystackAdversaryRecord | None) -> list[str]:
    """Why the haystack-relative adversary refuses, if it does."""
    if found is None or found.verdict != "refused":
        return []
    leans = "; ".join(found.leans_gold[:5] + found.leans_filler[:3]) or "nothing printable"
    return [
        f"haystack-relative adversary finds gold at held-out within-question AUC "
        f"{found.auc:.4f} ≥ {found.refuse_at} (shuffled labels {found.shuffled_auc:.4f}; "
        f"{found.haystacks} haystacks, {found.folds} folds by haystack); leans on {leans}"
    ]


def metadata_refusals(found: MetadataAdversaryRecord | None) -> list[str]:
    """Why the answer-from-metadata adversary refuses, if it does."""
    if found is None or found.verdict != "refused":
        return []
    assert found.accuracy is not None and found.majority is not None and found.lift is not None
    auc = "" if found.auc is None else f", AUC {found.auc:.4f} (refuse at {found.refuse_auc})"
    shuffled = (
        "" if found.shuffled_lift is None else f"; shuffled classes {found.shuffled_lift:+.4f}"
    )
    within = f" within each {found.strata}" if found.strata else ""
    per_class = ", ".join(
        f"{c.answer_class} {c.recall:.0%} of {c.questions}" for c in found.classes
    )
    leans = "; ".join(found.leans[:6]) or "nothing printable"
    return [
        f"answer {found.answer_class} predicted from metadata alone{within}: held-out accuracy "
        f"{found.accuracy:.4f} against the majority {found.majority:.4f} (lift "
        f"{found.lift:+.4f}, refuse at {found.refuse_lift}){auc}{shuffled}; per class "
        f"{per_class}; {found.questions} questions, {found.groups} left out one at a time; "
        f"leans on {leans}"
    ]
