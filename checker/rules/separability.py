"""V7 separability rules (SEP) and the `separability` summary section.

Each rule reads one cached measurement (`checker.separability.measure_separability`), so the
table, its null and the adversaries are computed once per corpus however many rules run.
Exemptions come from the sidecar when there is one; a foreign corpus has none.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.context import CorpusContext
from checker.findings import Violation
from checker.formats.separability import Exemption, SeparabilityRecord
from checker.load import LoadedCorpus
from checker.registry import rule
from checker.separability import measure_separability, policy, refusals, table
from checker.summary import section

_FIX_FEATURE = (
    "make gold and filler come from the same template path so the feature has the same "
    "distribution on both sides, or, if it is the vertical's declared independent variable, "
    "exempt it in the sidecar with the reason"
)
#: Re-measured values may differ from a stamp by rounding (four decimals) and, for the learned
#: adversaries, by the numerical library's last digits.
_TABLE_TOLERANCE = 0.0002
_ADVERSARY_TOLERANCE = 0.01


def exemptions_of(corpus: LoadedCorpus) -> list[Exemption]:
    return list(corpus.sidecar.exemptions) if corpus.sidecar is not None else []


def record_of(corpus: LoadedCorpus, *, adversary: bool) -> SeparabilityRecord:
    """The corpus's V7 record under its sidecar's exemptions, built once per run (the rules
    only read it)."""
    key = f"separability record (adversary {adversary})"
    found = corpus.cache.get(key)
    if not isinstance(found, SeparabilityRecord):
        found = corpus.cache[key] = measure_separability(
            corpus, exemptions_of(corpus), adversary=adversary
        )
    return found


@rule(
    "SEP001",
    "separable-single-feature",
    example="session.padded_turns: within-question AUC 1.0000 ≥ 0.75 (gold-high; null p95 0.54)",
)
def single_feature(ctx: CorpusContext) -> Iterator[Violation]:
    """A single non-exempt feature separates gold from distractors at a within-question AUC of
    0.75 or more.

    Pairs are formed within each question (the attacker is handed one haystack), pooled, and
    folded once. Features cover the whole session, each role, each turn slot, role order,
    position, dates, session ids, every glyph, and recurring 1–3-gram phrases. The documents'
    first corpora were found by counting capital letters (0.990) and by a missing clause."""
    record = record_of(ctx.corpus, adversary=False)
    for row in record.features:
        if row.verdict == "refused" and "auc" in row.refused_by:
            yield Violation(
                None,
                f"{row.feature}: within-question AUC {row.auc:.4f} ≥ "
                f"{record.thresholds.auc_refuse} ({row.direction}; label-shuffle null p95 "
                f"{row.null_p95:.4f}, {row.questions} questions); {_FIX_FEATURE}",
            )


@rule(
    "SEP002",
    "perfect-separation-excess",
    example="roles.sequence_rarity: separates gold perfectly in 12 of 36 questions (33%); "
    "1.10 expected by chance, exact tail p = 3.1e-09",
)
def distribution(ctx: CorpusContext) -> Iterator[Violation]:
    """A feature separates gold perfectly in at least 20% of gold-bearing questions, far more
    often than its tie-aware chance allows (exact Poisson-binomial tail p < 0.0062, and a
    family-wise adjusted p ≤ 0.05 over every feature tested).

    A mean hides a bimodal split: Episodic's turn length pooled to 0.527 while identifying gold
    outright in 54% of its questions, and a role-order tell read 0.6152 pooled. Every feature
    gets this test — role sequences and n-grams included, the documents' bypass — and the
    chance of a perfect split is computed per question from the observed values. Thousands of
    features each get the test, so the tail p must also beat the smallest tail p the features
    reach under label shuffles within question (Westfall–Young): per feature alone, a corpus
    with shuffled labels was refused in 3 of 20 copies."""
    record = record_of(ctx.corpus, adversary=False)
    for row in record.features:
        if row.verdict == "refused" and "distribution" in row.refused_by:
            yield Violation(
                None,
                f"{row.feature}: separates gold perfectly in {row.perfect} of {row.questions} "
                f"questions ({row.perfect_share:.0%}); {row.expected_perfect:.2f} expected by "
                f"chance, exact tail p = {row.tail_p:.3g} (z = {row.z}; family-wise p = "
                f"{row.familywise_p}); pooled AUC "
                f"{row.auc:.4f} hides it; {_FIX_FEATURE}",
            )


@rule(
    "SEP003",
    "gold-exclusive-phrase",
    example="phrase 'for the record' is in the gold of 15 questions (30%) and in no distractor",
)
def exclusive(ctx: CorpusContext) -> Iterator[Violation]:
    """A phrase recurring in at least 20% of the questions reaches gold sessions and no
    distractor session at all.

    At G = 2 a marker carried by one of the two gold sessions caps the within-question AUC at
    0.75 and never splits perfectly, so neither the AUC bar nor the distribution test sees it;
    "for the record" in 15 gold sessions and 0 distractors was found by eye."""
    record = record_of(ctx.corpus, adversary=False)
    for phrase in record.exclusive_phrases:
        yield Violation(
            None,
            f"phrase {phrase.phrase!r} is in the gold of {phrase.questions} questions "
            f"({phrase.share:.0%}; {phrase.gold_sessions} gold sessions) and in no distractor; "
            "let filler state the same kind of fact in the same construction",
        )


@rule(
    "SEP004",
    "learned-adversary",
    example="learned ngram adversary: held-out within-question AUC 0.9402 ≥ 0.7 (shuffled 0.43)",
)
def adversary(ctx: CorpusContext) -> Iterator[Violation]:
    """A classifier trained on other questions finds gold in held-out questions at a
    within-question AUC of 0.70 or more.

    Two pinned models (logistic regression over every non-exempt numeric feature, and over a
    TF-IDF bag of raw-token 1–2-grams), folds grouped by question, each beside the same pipeline
    on shuffled labels. A single-feature table certifies only the tells its authors imagined; the
    documents' Forgetting v5 passed theirs at 0.67 while a bag of words finds its gold."""
    record = record_of(ctx.corpus, adversary=True)
    t = record.thresholds
    for adv in record.adversaries:
        if adv.verdict == "refused":
            leans = "; ".join(adv.leans_gold[:6] + adv.leans_filler[:4]) or "nothing printable"
            yield Violation(
                None,
                f"learned {adv.name} adversary: held-out within-question AUC {adv.auc:.4f} ≥ "
                f"{t.adversary_refuse} (shuffled labels {adv.shuffled_auc:.4f}); it leans on "
                f"{leans}; remove what gold carries across questions and filler never does",
            )


@rule(
    "SEP005",
    "exemption-without-reason",
    example="exemption of 'position' gives no reason, so it waives nothing",
)
def unexplained_exemption(ctx: CorpusContext) -> Iterator[Violation]:
    """A separability exemption gives no reason.

    An exemption a reader cannot match to its reason is indistinguishable from an unexplained
    one (WorkingMemory once waived a feature reading 1.000 beside a paragraph about something
    else). A reasonless exemption is not honoured: the feature is gated as usual."""
    for ex in exemptions_of(ctx.corpus):
        if not ex.reason.strip():
            yield Violation(
                None,
                f"exemption of {ex.feature!r} gives no reason, so it waives nothing; write why "
                "the feature may separate gold (e.g. it is the declared independent variable)",
            )


@rule(
    "SEP006",
    "separability-record-disagrees",
    example="stamped worst_auc 0.6716 but re-measured 1.0000 (session.padded_turns)",
)
def record_disagrees(ctx: CorpusContext) -> Iterator[Violation]:
    """The sidecar's stamped separability record disagrees with the checker's re-measurement.

    A record nobody re-runs is a claim, not a check: every stamped verdict, worst feature,
    feature AUC, perfect count, exclusive phrase and adversary score is measured again from
    the corpus bytes."""
    corpus = ctx.corpus
    stamped = corpus.sidecar.separability if corpus.sidecar is not None else None
    if stamped is None:
        return
    measured = record_of(corpus, adversary=bool(stamped.adversaries))
    yield from (Violation(None, m) for m in compare_records(stamped, measured, corpus))


def compare_records(
    stamped: SeparabilityRecord, measured: SeparabilityRecord, corpus: LoadedCorpus
) -> list[str]:
    """Every disagreement between a stamped record and a re-measurement, as messages."""
    fix = "re-measure and re-stamp the sidecar (the corpus or the stamp changed)"
    out: list[str] = []
    if stamped.thresholds != measured.thresholds:
        out.append(
            f"stamped thresholds {stamped.thresholds.model_dump()} differ from the gate's "
            f"{measured.thresholds.model_dump()}; {fix}"
        )
    if stamped.passed != measured.passed:
        out.append(f"stamped passed={stamped.passed} but re-measured passed={measured.passed}")
    if stamped.worst_feature != measured.worst_feature or _differs(
        stamped.worst_auc, measured.worst_auc, _TABLE_TOLERANCE
    ):
        out.append(
            f"stamped worst feature {stamped.worst_feature} {stamped.worst_auc} but re-measured "
            f"{measured.worst_feature} {measured.worst_auc}; {fix}"
        )
    full = table(corpus, seed=stamped.seed)
    by_name = {n: i for i, n in enumerate(full.names)}
    rows = {r.feature: r for r in measured.features}
    for row in stamped.features:
        i = by_name.get(row.feature)
        if i is None:
            out.append(f"stamped feature {row.feature} is not measured on this corpus; {fix}")
            continue
        auc = float(full.stats.auc[i])
        perfect = int(full.stats.perfect[i])
        if abs(row.auc - auc) > _TABLE_TOLERANCE or row.perfect != perfect:
            out.append(
                f"{row.feature}: stamped AUC {row.auc:.4f} with {row.perfect} perfect, "
                f"re-measured {auc:.4f} with {perfect}; {fix}"
            )
        again = rows.get(row.feature)
        if again is not None and again.verdict != row.verdict:
            out.append(f"{row.feature}: stamped {row.verdict}, re-measured {again.verdict}")
    for name, a, b in (
        ("bimodal features", stamped.bimodal_features, measured.bimodal_features),
        (
            "exclusive phrases",
            [p.phrase for p in stamped.exclusive_phrases],
            [p.phrase for p in measured.exclusive_phrases],
        ),
    ):
        if sorted(a) != sorted(b):
            out.append(f"stamped {name} {sorted(a)} but re-measured {sorted(b)}; {fix}")
    again_adv = {a.name: a for a in measured.adversaries}
    for adv in stamped.adversaries:
        now = again_adv.get(adv.name)
        if now is None:
            continue
        if now.model != adv.model:
            out.append(
                f"{adv.name} adversary stamped with a different pinned model ({adv.model!r}); "
                f"the checker runs {now.model!r}; {fix}"
            )
        elif abs(now.auc - adv.auc) > _ADVERSARY_TOLERANCE or now.verdict != adv.verdict:
            out.append(
                f"{adv.name} adversary: stamped AUC {adv.auc:.4f} ({adv.verdict}), re-measured "
                f"{now.auc:.4f} ({now.verdict}); {fix}"
            )
    return out


def _differs(a: float | None, b: float | None, tolerance: float) -> bool:
    if a is None or b is None:
        return a is not b
    return abs(a - b) > tolerance


@rule(
    "SEP007",
    "exemption-names-nothing",
    example="exemption of 'postion' names no measured feature or family",
)
def exemption_names_nothing(ctx: CorpusContext) -> Iterator[Violation]:
    """A separability exemption names no feature, family or prefix the gate measures.

    A misspelt or stale exemption waives nothing today and reads as a waiver to everyone who
    sees it; the families are shape, glyph, roles, position, date, session_id and ngram."""
    exemptions = exemptions_of(ctx.corpus)
    if not exemptions:
        return
    record = measure_separability(ctx.corpus, exemptions, adversary=False)
    for use in record.exemptions:
        if use.covers == 0:
            yield Violation(
                None,
                f"exemption of {use.feature!r} names no measured feature or family; use a "
                "feature name, a family (shape, glyph, roles, position, date, session_id, "
                "ngram) or a dotted prefix such as user.turn1",
            )


@section("separability")
def summary(corpus: LoadedCorpus) -> list[str]:
    record = record_of(corpus, adversary=True)
    t = record.thresholds
    lines = [
        f"{'passed' if record.passed else 'REFUSED'}; {record.features_tested} features "
        f"({record.ngram_candidates} n-gram candidates); worst single feature "
        f"{record.worst_feature} AUC {record.worst_auc} (refuse at {t.auc_refuse})",
        "bimodal (distribution test): " + (", ".join(record.bimodal_features) or "none"),
        "gold-exclusive phrases: "
        + (", ".join(repr(p.phrase) for p in record.exclusive_phrases) or "none"),
    ]
    for adv in record.adversaries:
        lines.append(
            f"adversary {adv.name}: {adv.auc:.4f} (shuffled {adv.shuffled_auc:.4f}, refuse at "
            f"{t.adversary_refuse}); leans on {', '.join(adv.leans_gold[:5]) or '-'}"
        )
    for reason in refusals(record)[:10]:
        lines.append(f"refusal: {reason}")
    if record.method != policy.METHOD:
        lines.append(f"method {record.method}")
    return lines
