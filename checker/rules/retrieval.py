"""Retrieval calibration rules (CAL): the BM25 band, scaffolding dependence, difficulty ladders,
the Forgetting arms' balance, and the stamped records re-measured (R-CHK-BM25, R-CHK-LADDER,
R-CHK-RECORD). The measurements live in `checker.retrieval`; these rules only judge them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.load import LoadedCorpus
from checker.registry import rule
from checker.retrieval import (
    ScaffoldingPatternError,
    band_refusals,
    measure_competent,
    measure_coverage,
    measure_ladder,
    measure_scaffolding,
    measure_shallow_reader,
    published_coverage,
)
from checker.retrieval.bm25 import question_coverage
from checker.retrieval.scaffolding import declared_pattern_of
from checker.summary import section

#: A dependence that would not print as 0.00 at two decimals is a finding: R-GEN-2 requires our
#: corpora to measure 0.00 because there is nothing to strip, and the site publishes two
#: decimals. (The documents' scaffolding was worth +0.10 to +0.34; one gold-bearing question of
#: 35 moving from 0.5 to 1.0 already shifts the mean by 0.014.)
DEPENDENCE_TOLERANCE = 0.005
#: Stamped and re-measured figures agree within half a unit of the fourth decimal, so a record
#: rounded to four decimals agrees and any real difference (a per-question change is at least
#: 1 / (G × tied sessions), far above this) is reported.
RECORD_TOLERANCE = 5e-4
#: Most per-question disagreements CAL004 lists one by one before summarising the rest.
MAX_LISTED = 20


@rule(
    "CAL001",
    "coverage-band",
    example="gold-bearing mean coverage 0.9714 (n=35) ... is above the calibration band 0.5–0.9",
)
def coverage_band(ctx: CorpusContext) -> Iterator[Violation]:
    """The reference retriever's gold-bearing mean coverage at K_ref lies within 0.5–0.9.

    A corpus a plain lexical retriever saturates cannot see retrieval at all (the corpus the
    family replaced realised 0.965–0.980), and one it cannot find anything in measures the
    haystack, not memory. The mean is over gold-bearing questions only: a question with no
    gold scores 1.0 vacuously and would flatter the floor by the share of abstentions.
    """
    for message in band_refusals(measure_coverage(ctx.corpus)):
        yield Violation(None, message)


@rule(
    "CAL002",
    "scaffolding-dependence",
    example="generic scaffolding strip raises gold-bearing coverage by 0.2429 (0.6571 → 0.9000)",
)
def scaffolding_dependence(ctx: CorpusContext) -> Iterator[Violation]:
    """Stripping scaffolding from distractors does not change coverage (dependence rounds to 0.00).

    Measured with the pattern the sidecar declares and always with the generic strip
    (bracketed and parenthetical clauses; sentences made mostly of the question's own
    keywords). The documents' corpora reached their band with a bracketed keyword clause in
    distractors; one regular expression removed +0.10 to +0.34 of their difficulty, and every
    ladder they certified on it was an artifact. Fires when a dependence exceeds 0.005.
    """
    declared = declared_pattern_of(ctx.corpus)
    try:
        record = measure_scaffolding(ctx.corpus, declared)
    except ScaffoldingPatternError as exc:
        yield Violation(None, str(exc))
        record = measure_scaffolding(ctx.corpus, None)
    fix = (
        "distractors carry strippable lexical bait; earn competition from same-domain content "
        "(near-miss twins, decoys sharing the question's entities) instead of injected keywords"
    )
    checks = [
        ("declared pattern", record.declared_dependence, record.declared_stripped_mean),
        ("generic scaffolding strip", record.generic_dependence, record.generic_stripped_mean),
    ]
    for name, dependence, stripped in checks:
        if dependence is not None and dependence > DEPENDENCE_TOLERANCE:
            changed = (
                f" ({record.generic_sessions_changed} distractor sessions changed)"
                if name.startswith("generic")
                else ""
            )
            yield Violation(
                None,
                f"{name} raises gold-bearing coverage by {dependence:.4f} "
                f"({record.shipped_mean:.4f} → {stripped:.4f}){changed}; {fix}",
            )


@rule(
    "CAL003",
    "difficulty-validated",
    example="difficulty_validated is true but dial distance is does-not-slope",
)
def difficulty_validated(ctx: CorpusContext) -> Iterator[Violation]:
    """Each banded question's `difficulty_validated` equals its dial's ladder verdict.

    A dial is validated only if ceiling-relative coverage on scaffolding-stripped text falls by
    ≥ 0.15 from the easiest band to the hardest, both of those bands hold at least 8
    gold-bearing questions (`thin-band` otherwise), the fall's one-sided permutation p (band
    labels shuffled among the two bands' questions, 10,000 seeded draws) is below 0.05
    (`not-significant` otherwise), and the oracle stays flat where measured. The flag is set by
    this test, never by hand: docs/history.md records two certified ladders that were the
    scaffolding clause and the structural ceiling, not memory difficulty, and a fall of 0.25 in a
    band of four questions is one question.
    """
    try:
        ladder = measure_ladder(ctx.corpus)
    except ScaffoldingPatternError:
        ladder = measure_ladder(ctx.corpus, declared_pattern="")
    verdicts = {v.dial: v for v in ladder.verdicts}
    for q in ctx.corpus.questions:
        block = q.typedmemeval
        if block is None:
            continue
        stamped = block.difficulty_validated
        banded = block.difficulty is not None and bool(block.difficulty_dial)
        if not banded:
            if stamped:
                yield Violation(
                    q.question_id,
                    "difficulty_validated is true but the question declares no band and dial; "
                    "set difficulty and difficulty_dial, or drop the flag",
                )
            continue
        verdict = verdicts[block.difficulty_dial or ""]
        if stamped is None:
            yield Violation(
                q.question_id,
                f"banded question carries no difficulty_validated; the ladder test says "
                f"{str(verdict.validated).lower()} for dial {verdict.dial} ({verdict.kind})",
            )
        elif stamped != verdict.validated:
            yield Violation(
                q.question_id,
                f"difficulty_validated is {str(stamped).lower()} but dial {verdict.dial} is "
                f"{verdict.kind}: {verdict.reason}; stamp the ladder test's verdict",
            )


def _differences(stamped: Any, measured: Any, path: str) -> list[str]:
    """Where two dumped records differ (floats within `RECORD_TOLERANCE`)."""
    if isinstance(stamped, dict) and isinstance(measured, dict):
        out: list[str] = []
        for key in sorted(set(stamped) | set(measured), key=str):
            where = f"{path}.{key}"
            if key not in stamped:
                out.append(f"{where} is not stamped (re-measured {measured[key]!r})")
            elif key not in measured:
                out.append(f"{where} is stamped {stamped[key]!r} but not re-measured")
            else:
                out.extend(_differences(stamped[key], measured[key], where))
        return out
    if isinstance(stamped, list) and isinstance(measured, list):
        if len(stamped) != len(measured) or any(
            _differences(a, b, "") for a, b in zip(stamped, measured, strict=True)
        ):
            return [f"{path} is stamped {stamped!r}, re-measured {measured!r}"]
        return []
    numbers = (int, float)
    if (
        isinstance(stamped, numbers)
        and isinstance(measured, numbers)
        and not isinstance(stamped, bool)
        and not isinstance(measured, bool)
    ):
        if abs(stamped - measured) <= RECORD_TOLERANCE:
            return []
        return [f"{path} is stamped {stamped!r}, re-measured {measured!r}"]
    if stamped != measured:
        return [f"{path} is stamped {stamped!r}, re-measured {measured!r}"]
    return []


#: Coverage-record fields compared only when the stamped record carries them.
LATER_COVERAGE_FIELDS = ("competent", "shallow_reader")


def _per_question_maps(
    stamped: dict[str, Any], measured: dict[str, Any]
) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Take every per-question map out of two dumped coverage records (they are compared one
    question at a time), as (path, stamped, measured)."""
    out: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    for where, a, b in [("coverage", stamped, measured)] + [
        (f"coverage.{k}", stamped[k], measured.get(k) or {})
        for k in LATER_COVERAGE_FIELDS
        if isinstance(stamped.get(k), dict)
    ]:
        for key in sorted(k for k in a if k.startswith("per_question")):
            out.append((f"{where}.{key}", a.pop(key) or {}, b.pop(key, None) or {}))
    return out


def _question_ids(corpus: LoadedCorpus) -> set[str]:
    return {q.question_id for q in corpus.questions}


@rule(
    "CAL004",
    "retrieval-record",
    example="sidecar coverage.gold_bearing_mean is stamped 0.7, re-measured 0.6571",
)
def retrieval_record(ctx: CorpusContext) -> Iterator[Violation]:
    """The sidecar's coverage, scaffolding and ladder records equal the checker's re-measurement.

    Every stamped figure is re-measured from the bytes: per-question and mean coverage, the
    retriever and its parameters, the ceiling-derived figures (mean ceiling, shortfall,
    ceiling-relative mean), tie rate, the competent retriever's and the shallow reader's
    records where the sidecar carries them (records stamped before they existed carry none),
    both dependences, and every ladder verdict with its per-band numbers and permutation p;
    floats agree within 0.0005. (The ceiling table itself is REC001's.) A record nobody re-runs
    is a claim, not a check.
    """
    corpus = ctx.corpus
    sidecar = corpus.sidecar
    if sidecar is None:
        return
    regenerate = "regenerate the sidecar from checker.retrieval's measurements"
    if sidecar.coverage is None:
        yield Violation(None, f"sidecar stamps no coverage record; {regenerate}")
    else:
        stamped = sidecar.coverage.model_dump()
        # The competent retriever and the shallow reader are later additions: a record that
        # carries them is held to them, one stamped before them is not asked for them.
        later = [k for k in LATER_COVERAGE_FIELDS if stamped.get(k) is not None]
        measured = (
            published_coverage(corpus, sidecar.k_ref)
            if later
            else measure_coverage(corpus, k_ref=sidecar.k_ref)
        ).model_dump()
        for key in LATER_COVERAGE_FIELDS:
            if key not in later:
                stamped.pop(key, None)
                measured.pop(key, None)
        for path, stamped_pq, measured_pq in _per_question_maps(stamped, measured):
            listed = 0
            for qid in sorted(set(stamped_pq) | set(measured_pq)):
                lines = _differences(stamped_pq.get(qid), measured_pq.get(qid), "")
                if not lines:
                    continue
                listed += 1
                if listed <= MAX_LISTED:
                    yield Violation(
                        qid if qid in _question_ids(corpus) else None,
                        f"sidecar {path}[{qid}] is stamped {stamped_pq.get(qid)!r}, "
                        f"re-measured {measured_pq.get(qid)!r}; {regenerate}",
                    )
            if listed > MAX_LISTED:
                yield Violation(
                    None, f"… and {listed - MAX_LISTED} more disagreements in sidecar {path}"
                )
        for line in _differences(stamped, measured, "coverage"):
            yield Violation(None, f"sidecar {line}; {regenerate}")
    if sidecar.scaffolding is None:
        yield Violation(None, f"sidecar stamps no scaffolding record; {regenerate}")
    else:
        pattern = sidecar.scaffolding.declared_pattern
        try:
            scaffolding = measure_scaffolding(corpus, pattern, sidecar.k_ref)
        except ScaffoldingPatternError as exc:
            yield Violation(None, str(exc))
        else:
            for line in _differences(
                sidecar.scaffolding.model_dump(), scaffolding.model_dump(), "scaffolding"
            ):
                yield Violation(None, f"sidecar {line}; {regenerate}")
    banded = any(
        q.typedmemeval is not None and q.typedmemeval.difficulty is not None
        for q in corpus.questions
    )
    if sidecar.ladder is None:
        if banded:
            yield Violation(
                None, f"banded questions but the sidecar stamps no ladder; {regenerate}"
            )
        return
    try:
        ladder = measure_ladder(corpus, k_ref=sidecar.k_ref)
    except ScaffoldingPatternError:
        return  # reported above, with the scaffolding record
    stamped_ladder = sidecar.ladder.model_dump()
    measured_ladder = ladder.model_dump()
    stamped_ladder["verdicts"] = {v["dial"]: v for v in stamped_ladder["verdicts"]}
    measured_ladder["verdicts"] = {v["dial"]: v for v in measured_ladder["verdicts"]}
    for line in _differences(stamped_ladder, measured_ladder, "ladder"):
        yield Violation(None, f"sidecar {line}; {regenerate}")


@rule(
    "CAL005",
    "pair-arm-balance",
    example="arm control mean coverage 0.4667 (n=15) vs invalidated 0.6333 (n=15): gap 0.1667",
)
def pair_arm_balance(ctx: CorpusContext) -> Iterator[Violation]:
    """Where a vertical pairs a treatment with a control (Forgetting: invalidated and still-valid),
    the two arms differ by at most its declared gap (0.10) in mean BM25 coverage.

    A control harder to retrieve than its treatment turns a difference between the arms into a
    difference in retrieval, not in the mechanism the pair isolates."""
    corpus = ctx.corpus
    profile = BY_KEY.get(corpus.vertical() or "")
    if profile is None or profile.arm_coverage_gap is None:
        return
    limit = profile.arm_coverage_gap
    by_arm: dict[str, list[float]] = {}
    members: dict[str, int] = {}
    for q in corpus.questions:
        block = q.typedmemeval
        if block is not None and block.vertical == profile.key and block.pair_id:
            members[block.pair_id] = members.get(block.pair_id, 0) + 1
    for qi, q in enumerate(corpus.questions):
        block = q.typedmemeval
        if block is None or block.vertical != profile.key or not block.pair_id or not block.arm:
            continue
        if members[block.pair_id] < 2:
            continue
        measured = question_coverage(corpus, qi)
        if measured.gold > 0:
            by_arm.setdefault(block.arm, []).append(measured.coverage)
    if len(by_arm) < 2:
        return
    means = {arm: sum(v) / len(v) for arm, v in sorted(by_arm.items())}
    low = min(means, key=lambda a: means[a])
    high = max(means, key=lambda a: means[a])
    gap = means[high] - means[low]
    if gap > limit + 1e-9:
        yield Violation(
            None,
            f"arm {low} mean coverage {means[low]:.4f} (n={len(by_arm[low])}) vs {high} "
            f"{means[high]:.4f} (n={len(by_arm[high])}): gap {gap:.4f} > {limit}; rebalance "
            f"the arms' competition so the {low} arm is no harder to retrieve",
        )


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.4f}"


def competent_lines(corpus: LoadedCorpus) -> list[str]:
    """The summary's lines for the competent retriever and the shallow reader."""
    competent = measure_competent(corpus)
    shallow = measure_shallow_reader(corpus)
    mean = competent.gold_bearing_mean
    if mean is None:
        verdict = f"unmeasured: {competent.folds} folds (too few haystacks to hold one out)"
    else:
        verdict = "within" if mean <= competent.goal + 1e-9 else "ABOVE"
        verdict = f"{verdict} the goal ≤ {competent.goal} (published, not gating)"
    abstentions = (
        f"; flags a session in {shallow.without_gold_flagged} of {shallow.without_gold_n} "
        "questions without gold"
        if shallow.without_gold_n
        else ""
    )
    return [
        f"competent retriever {competent.retriever} at K_ref={competent.k_ref}: gold-bearing "
        f"mean {_fmt(mean)} (n={competent.gold_bearing_n}), top-1 {_fmt(competent.top1_mean)} "
        f"(BM25 top-1 {_fmt(competent.bm25_top1_mean)}); {verdict}",
        "competent retriever per shape: "
        + ", ".join(
            f"{shape} {value:.4f} / top-1 {competent.per_shape_top1.get(shape, 0.0):.4f} "
            f"(n={competent.per_shape_n.get(shape, 0)})"
            for shape, value in competent.per_shape.items()
        )
        + f"; {competent.model}; leans on "
        + ", ".join(competent.leans[:4]),
        f"shallow reader (a turn with every content word and a value-like word): recall "
        f"{_fmt(shallow.recall_mean)} (n={shallow.gold_bearing_n}), precision "
        f"{_fmt(shallow.precision_mean)} (n={shallow.precision_n}){abstentions}; graded by content share in a value-bearing turn: coverage at K_ref "
        f"{_fmt(shallow.graded_coverage_mean)}, top-1 {_fmt(shallow.graded_top1_mean)}, "
        f"within-question AUC {_fmt(shallow.graded_auc)}",
    ]


@section("coverage")
def _summary(corpus: LoadedCorpus) -> list[str]:
    coverage = measure_coverage(corpus)
    lines = [
        f"{coverage.retriever} ({coverage.tokenizer}, ties {coverage.tie_policy}) at "
        f"K_ref={coverage.k_ref}: gold-bearing mean {_fmt(coverage.gold_bearing_mean)} "
        f"(n={coverage.gold_bearing_n}; band {coverage.band_low}–{coverage.band_high}), "
        f"all {_fmt(coverage.all_mean)} (n={coverage.all_n})",
        "per shape: "
        + ", ".join(
            f"{shape} {value:.4f} (n={coverage.per_shape_n[shape]})"
            for shape, value in coverage.per_shape.items()
        ),
        f"mean ceiling {_fmt(coverage.ceiling_mean)}, shortfall below ceiling "
        f"{_fmt(coverage.shortfall_mean)}, ceiling-relative {_fmt(coverage.ceiling_relative_mean)}; "
        f"tie rate {_fmt(coverage.tie_rate)} ({len(coverage.tied_questions)} questions; gold "
        f"inside the tie in {len(coverage.gold_tied_questions)}, "
        f"rate {_fmt(coverage.gold_tie_rate)})",
        *competent_lines(corpus),
    ]
    declared = declared_pattern_of(corpus)
    try:
        scaffolding = measure_scaffolding(corpus, declared)
        ladder = measure_ladder(corpus)
    except ScaffoldingPatternError as exc:
        return [*lines, f"scaffolding: {exc}"]
    declared_part = (
        f"declared pattern {_fmt(scaffolding.declared_dependence)}"
        if declared
        else "no declared pattern"
    )
    lines.append(
        f"scaffolding dependence: {declared_part}; generic strip "
        f"{_fmt(scaffolding.generic_dependence)} "
        f"({scaffolding.generic_sessions_changed} distractor sessions changed by it)"
    )
    for verdict in ladder.verdicts:
        lines.append(f"ladder {verdict.dial}: {verdict.kind} — {verdict.reason}")
    if not ladder.verdicts:
        lines.append("ladder: no question declares a difficulty band")
    return lines
