"""V7 separability rules (SEP) and the `separability` summary section.

Each rule reads one cached measurement (`checker.separability.measure_separability`), so the
table, its null and the adversaries are computed once per corpus however many rules run.
Exemptions come from the sidecar when there is one; a foreign corpus has none.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.context import CorpusContext
from checker.findings import Violation
from checker.formats.corpus import Question
from checker.formats.separability import Exemption, MetadataAdversaryRecord, SeparabilityRecord
from checker.load import LoadedCorpus
from checker.registry import rule
from checker.separability import measure_separability, policy, refusals, table
from checker.separability.gate import haystack_refusals, metadata_refusals
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


#: `audit` measures separability on at most this many (question, session) rows of a foreign
#: corpus. The feature table grows with every row (LoCoMo's 1,986 questions hold 53,000 rows,
#: each session once per question sharing the conversation: about 12 GB), while the AUCs
#: settle long before: our corpora are measured on 1,000–3,000 rows.
AUDIT_ROWS = 4000
#: … and on at most about this many words: the n-gram tables grow with the words, not the
#: rows, and LongMemEval-S's sessions hold about 1,700 words each (4,000 of them took 5 GB,
#: `checker.bench.audit`), LoCoMo's about 580 (its 4,000-row sample holds 2.3 million).
AUDIT_WORDS = 2_500_000


def _words(q: Question) -> int:
    return sum(len(t.content.split()) for session in q.haystack_sessions for t in session)


def audit_sample(corpus: LoadedCorpus) -> LoadedCorpus:
    """The questions separability is measured on: all of them, except on a foreign corpus
    over `AUDIT_ROWS` rows or `AUDIT_WORDS` words, where questions are taken in file order one
    haystack at a time (the first question of each haystack, then the second, …) until either
    is spent."""
    if corpus.mode != "foreign":
        return corpus
    found = corpus.cache.get("separability sample")
    if isinstance(found, LoadedCorpus):
        return found
    from checker.auditing import haystack_by_haystack

    chosen: list[int] = []
    rows = words = 0
    for qi in haystack_by_haystack(corpus):
        if rows >= AUDIT_ROWS or words >= AUDIT_WORDS:
            break
        chosen.append(qi)
        rows += len(corpus.questions[qi].haystack_sessions)
        words += _words(corpus.questions[qi])
    sample = corpus
    if len(chosen) < len(corpus.questions):
        sample = corpus.with_questions([corpus.questions[qi] for qi in sorted(chosen)])
    corpus.cache["separability sample"] = sample
    return sample


def sampled_note(corpus: LoadedCorpus) -> str:
    """What a separability finding on a sampled corpus says about its sample (else empty)."""
    sample = audit_sample(corpus)
    if sample is corpus:
        return ""
    return (
        f" [measured on {len(sample.questions)} of {len(corpus.questions)} questions, taken "
        "haystack by haystack in file order]"
    )


def record_of(
    corpus: LoadedCorpus, *, adversary: bool, haystack: bool = False, metadata: bool = False
) -> SeparabilityRecord:
    """The corpus's V7 record under its sidecar's exemptions, built once per run (the rules
    only read it); `haystack` and `metadata` add SEP008's and SEP009's adversaries. A foreign
    corpus is measured once with every adversary, on `audit_sample`."""
    if corpus.mode == "foreign":
        adversary = haystack = metadata = True
    key = f"separability record (adversary {adversary}, haystack {haystack}, metadata {metadata})"
    found = corpus.cache.get(key)
    if not isinstance(found, SeparabilityRecord):
        found = corpus.cache[key] = measure_separability(
            audit_sample(corpus),
            exemptions_of(corpus),
            adversary=adversary,
            haystack=haystack,
            metadata=metadata,
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
    position, dates, session ids, every glyph, and recurring 1–3-gram phrases. The first
    corpora in docs/history.md were found by counting capital letters (0.990) and by a missing
    clause."""
    record = record_of(ctx.corpus, adversary=False)
    for row in record.features:
        if row.verdict == "refused" and "auc" in row.refused_by:
            yield Violation(
                None,
                f"{row.feature}: within-question AUC {row.auc:.4f} ≥ "
                f"{record.thresholds.auc_refuse} ({row.direction}; label-shuffle null p95 "
                f"{row.null_p95:.4f}, {row.questions} questions); {_FIX_FEATURE}"
                + sampled_note(ctx.corpus),
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
    gets this test — role sequences and n-grams included (docs/history.md: the bypass) — and
    the chance of a perfect split is computed per question from the observed values. Thousands of
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
                f"{row.auc:.4f} hides it; {_FIX_FEATURE}" + sampled_note(ctx.corpus),
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
            "let filler state the same kind of fact in the same construction"
            + sampled_note(ctx.corpus),
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
    Forgetting v5 in docs/history.md passed its own at 0.67 while a bag of words finds its gold."""
    record = record_of(ctx.corpus, adversary=True)
    t = record.thresholds
    for adv in record.adversaries:
        if adv.verdict == "refused":
            leans = "; ".join(adv.leans_gold[:6] + adv.leans_filler[:4]) or "nothing printable"
            yield Violation(
                None,
                f"learned {adv.name} adversary: held-out within-question AUC {adv.auc:.4f} ≥ "
                f"{t.adversary_refuse} (shuffled labels {adv.shuffled_auc:.4f}); it leans on "
                f"{leans}; remove what gold carries across questions and filler never does"
                + sampled_note(ctx.corpus),
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
    measured = record_of(
        corpus,
        adversary=bool(stamped.adversaries),
        haystack=stamped.haystack_adversary is not None,
        metadata=stamped.metadata_adversary is not None,
    )
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
    out.extend(_compare_haystack(stamped, measured, fix))
    out.extend(_compare_metadata(stamped, measured, fix))
    return out


def _compare_haystack(
    stamped: SeparabilityRecord, measured: SeparabilityRecord, fix: str
) -> list[str]:
    """The haystack-relative adversary, when the stamp carries it."""
    was, now = stamped.haystack_adversary, measured.haystack_adversary
    if was is None or now is None:
        return []
    if was.model != now.model:
        return [
            f"haystack adversary stamped with a different pinned model ({was.model!r}); the "
            f"checker runs {now.model!r}; {fix}"
        ]
    if abs(was.auc - now.auc) > _ADVERSARY_TOLERANCE or was.verdict != now.verdict:
        return [
            f"haystack adversary: stamped AUC {was.auc:.4f} ({was.verdict}), re-measured "
            f"{now.auc:.4f} ({now.verdict}); {fix}"
        ]
    return []


def _compare_metadata(
    stamped: SeparabilityRecord, measured: SeparabilityRecord, fix: str
) -> list[str]:
    """The answer-from-metadata adversary, when the stamp carries it."""
    was, now = stamped.metadata_adversary, measured.metadata_adversary
    if was is None or now is None:
        return []
    if was.model != now.model:
        return [
            f"metadata adversary stamped with a different pinned model ({was.model!r}); the "
            f"checker runs {now.model!r}; {fix}"
        ]
    out = []
    if (was.status, was.answer_class, was.strata, was.verdict) != (
        now.status,
        now.answer_class,
        now.strata,
        now.verdict,
    ):
        out.append(
            f"metadata adversary: stamped {was.status} ({was.answer_class} within "
            f"{was.strata}, {was.verdict}), re-measured {now.status} ({now.answer_class} within "
            f"{now.strata}, {now.verdict}); {fix}"
        )
    for name in ("accuracy", "majority", "auc"):
        a, b = getattr(was, name), getattr(now, name)
        if _differs(a, b, _ADVERSARY_TOLERANCE):
            out.append(f"metadata adversary: stamped {name} {a}, re-measured {b}; {fix}")
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


@rule(
    "SEP008",
    "haystack-adversary",
    example="haystack-relative adversary finds gold at held-out within-question AUC 0.9136 ≥ "
    "0.7 (shuffled labels 0.5099); leans on haystack.pair.value_surprise_max (+2.18)",
)
def haystack_adversary(ctx: CorpusContext) -> Iterator[Violation]:
    """A classifier reading only how each session sits in its own haystack, never the
    question, finds gold in held-out haystacks at a within-question AUC of 0.70 or more.

    The other adversaries score one session at a time across questions; this one asks whether
    the target is its haystack's centre of mass. Its features are recurrence statistics of
    tokens, capitalised words, bigrams and co-occurring content-word pairs inside the same
    haystack (how often, how surprisingly often for a unit that common elsewhere, the rank of
    each session by them, whether it touches the haystack's modal topic and names a value
    there), with position, date and id features. The shipped drafts spent their near misses
    and rivals only on the asked (holder, attribute) pair, so "the session naming a value for
    the most repeated pair" found gold at 0.99 without reading the question."""
    record = record_of(ctx.corpus, adversary=False, haystack=True)
    for reason in haystack_refusals(record.haystack_adversary):
        yield Violation(
            None,
            f"{reason}; give the unasked topics of each haystack the same statements, near "
            "misses and rivals as the asked one (class parity one level up)"
            + sampled_note(ctx.corpus),
        )


@rule(
    "SEP009",
    "metadata-adversary",
    example="answer arm predicted from metadata alone within each shape: held-out accuracy "
    "0.8947 against the majority 0.5000 (lift +0.3947, refuse at 0.15), AUC 0.9652",
)
def metadata_adversary(ctx: CorpusContext) -> Iterator[Violation]:
    """A classifier reading everything but the conversations' content — the question text,
    the question date's offsets from the sessions, the haystack's size and spacing, the session
    ids' shapes — predicts the question's answer class 0.15 better than each declared stratum's
    majority, or (binary classes) at an AUC of 0.70 or more.

    Each vertical declares its categorical answer class (an arm, a shape) and the strata that
    are public by design; the model is trained leaving out one whole pair at a time. A system
    that never stores a memory still scores where the arm can be read from how long after the
    last session a question is asked (the shipped Prospective draft: AUC 0.98), from `_abs` in
    a never-known question's session ids, or from wording that fixes the answer. Verticals
    whose answers are values declare no class and are skipped."""
    record = record_of(ctx.corpus, adversary=False, metadata=True)
    for reason in metadata_refusals(record.metadata_adversary):
        yield Violation(
            None,
            f"{reason}; draw every date, id and wording a question's answer depends on so "
            "that the other class could have produced the same",
        )


@section("separability")
def summary(corpus: LoadedCorpus) -> list[str]:
    record = record_of(corpus, adversary=True, haystack=True, metadata=True)
    t = record.thresholds
    lines = [
        *([f"measured on a sample:{sampled_note(corpus)}"] if sampled_note(corpus) else []),
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
    hay = record.haystack_adversary
    if hay is not None:
        lines.append(
            f"adversary haystack: {hay.auc:.4f} (shuffled {hay.shuffled_auc:.4f}, refuse at "
            f"{hay.refuse_at}, target < {hay.target}; {hay.haystacks} haystacks); leans on "
            f"{', '.join(hay.leans_gold[:5]) or '-'}"
        )
    meta = record.metadata_adversary
    if meta is not None:
        lines.append(_metadata_line(meta))
    for reason in refusals(record)[:10]:
        lines.append(f"refusal: {reason}")
    if record.method != policy.METHOD:
        lines.append(f"method {record.method}")
    return lines


def _metadata_line(meta: MetadataAdversaryRecord) -> str:
    if meta.status == "skipped":
        return f"adversary metadata: skipped — {meta.reason}"
    auc = "" if meta.auc is None else f", AUC {meta.auc:.4f} (shuffled {meta.shuffled_auc})"
    strata = "; ".join(
        f"{r.stratum} n={r.questions} {r.classes} majority {r.majority:.2f} accuracy "
        + ("untested" if r.accuracy is None else f"{r.accuracy:.2f}")
        for r in meta.per_stratum
    )
    classes = ", ".join(f"{c.answer_class} {c.recall:.2f} (n={c.questions})" for c in meta.classes)
    within = f" within {meta.strata}" if meta.strata else ""
    return (
        f"adversary metadata ({meta.answer_class}{within}): accuracy {meta.accuracy} against "
        f"majority {meta.majority}, lift {meta.lift} (shuffled {meta.shuffled_lift}, refuse at "
        f"{meta.refuse_lift}){auc}; recall {classes}; strata {strata}"
    )
