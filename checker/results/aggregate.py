"""Aggregation of one result over its corpus: the only place result numbers are computed.

`typedmemeval report`, the RES rules and the site all call `aggregate()`; nothing else turns rows
into figures. Every figure travels with its denominator. Rates are computed over measured rows
only (never over `inconclusive` or `unrun`), and a run that measured nothing says so instead of
printing a 0.

Never across verticals: an `Aggregate` is one result over one corpus. There is no composite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from checker.family import (
    BY_KEY,
    DIAGNOSTIC_N,
    K_REF,
    SMALL_SHAPE_N,
    Vertical,
    citation_name,
    vertical,
)
from checker.formats.result import (
    MEASURED_OUTCOMES,
    OUTCOMES,
    Outcome,
    ResultFile,
    ResultRow,
)
from checker.load import LoadedCorpus
from checker.probes import not_applicable
from checker.verticals.profile import Rungs

# --- what a row needs to know about its question -------------------------------------------


@dataclass(frozen=True)
class QuestionFacts:
    """The answer-key facts about one question that aggregation and validation read."""

    question_id: str
    vertical: str
    shape: str
    arm: str | None
    pair_id: str | None
    #: Gold sessions (G); 0 for never-known probes.
    gold_sessions: int
    #: Declared gold components (0 when the question declares none).
    gold_components: int
    #: The declared components' kinds, in declared order (e.g. statement, invalidation).
    component_kinds: tuple[str, ...]
    distance: int | None
    difficulty: int | None
    difficulty_validated: bool | None
    #: Episodic list-order: length of the gold list.
    list_length: int | None
    #: The answer is a set of items (due-window).
    set_answer: bool
    #: Scored pairwise on mentioned items (list-order).
    list_order: bool


def question_facts(corpus: LoadedCorpus) -> dict[str, QuestionFacts]:
    """Per question id, the facts rows are checked and aggregated against."""
    out: dict[str, QuestionFacts] = {}
    for qi, q in enumerate(corpus.questions):
        block = q.typedmemeval
        profile = BY_KEY.get(block.vertical)
        shape = profile.shape(block.shape) if profile is not None else None
        out[q.question_id] = QuestionFacts(
            question_id=q.question_id,
            vertical=block.vertical,
            shape=block.shape,
            arm=block.arm,
            pair_id=block.pair_id,
            gold_sessions=len(corpus.gold_indices(qi)),
            gold_components=len(block.gold_components or ()),
            component_kinds=tuple(c.kind for c in block.gold_components or ()),
            distance=block.distance_sessions,
            difficulty=block.difficulty,
            difficulty_validated=block.difficulty_validated,
            list_length=len(block.list_order.items) if block.list_order else None,
            set_answer=block.answer_items is not None,
            list_order=bool(shape is not None and shape.list_order),
        )
    return out


# --- outcome vectors and strata ------------------------------------------------------------


@dataclass(frozen=True)
class OutcomeVector:
    """Rows per outcome, every outcome listed."""

    counts: Mapping[Outcome, int]

    @property
    def n(self) -> int:
        """Every row, measured or not."""
        return sum(self.counts.values())

    @property
    def measured(self) -> int:
        """Rows with a verdict: the denominator of every rate."""
        return sum(self.counts[o] for o in MEASURED_OUTCOMES)

    @property
    def not_measured(self) -> int:
        return self.n - self.measured

    def rate(self, outcome: Outcome) -> float | None:
        """count ÷ measured, or None when nothing was measured (never 0 for "nothing")."""
        if outcome not in MEASURED_OUTCOMES or self.measured == 0:
            return None
        return self.counts[outcome] / self.measured

    def as_dict(self) -> dict[str, Any]:
        return {
            "counts": dict(self.counts),
            "n": self.n,
            "measured": self.measured,
            "rates": {o: self.rate(o) for o in MEASURED_OUTCOMES},
        }


def outcome_vector(rows: Iterable[ResultRow]) -> OutcomeVector:
    tally = Counter(r.outcome for r in rows)
    return OutcomeVector({o: tally.get(o, 0) for o in OUTCOMES})


@dataclass(frozen=True)
class Stratum:
    """One slice of the rows (the vertical, a shape, a rung, a band) with its marks."""

    label: str
    vector: OutcomeVector
    chance_floor: Fraction | None = None
    note: str | None = None

    @property
    def diagnostic(self) -> bool:
        """Below n = DIAGNOSTIC_N: supports diagnosis, not claims."""
        return self.vector.n < DIAGNOSTIC_N

    @property
    def small(self) -> bool:
        """Below n = SMALL_SHAPE_N: one question moves the rate by more than ~7 points."""
        return self.vector.n < SMALL_SHAPE_N

    @property
    def correct_rate(self) -> float | None:
        return self.vector.rate("correct")

    @property
    def above_chance(self) -> float | None:
        """Correct rate minus the chance floor, where the shape has one."""
        rate = self.correct_rate
        if rate is None or self.chance_floor is None:
            return None
        return rate - float(self.chance_floor)

    def as_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            **self.vector.as_dict(),
            "diagnostic": self.diagnostic,
            "small": self.small,
            "chance_floor": str(self.chance_floor) if self.chance_floor is not None else None,
            "above_chance": self.above_chance,
            "note": self.note,
        }


# --- the vertical extras -------------------------------------------------------------------


@dataclass(frozen=True)
class CoverageSummary:
    """Realised coverage against the corpus's calibrated floor (gold-bearing questions only)."""

    gold_bearing: int
    observed: int
    mean: float | None
    floor: float | None
    floor_source: str
    #: Per declared component kind: (surfaced, observed) over rows with per-component coverage.
    components: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: Rows where some declared components surfaced and others did not (e.g. the statement
    #: without its invalidation: the path to a confident stale answer).
    components_partial: int = 0

    @property
    def observed_share(self) -> float | None:
        return self.observed / self.gold_bearing if self.gold_bearing else None

    @property
    def versus_floor(self) -> float | None:
        if self.mean is None or self.floor is None:
            return None
        return self.mean - self.floor

    def as_dict(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "observed_share": self.observed_share,
            "versus_floor": self.versus_floor,
        }


@dataclass(frozen=True)
class AttributionSummary:
    """Evidence attribution over gold-bearing measured rows, and the one safe causal reading."""

    denominator: int
    present: int
    absent: int
    unobserved: int
    levels: tuple[str, ...]
    sources: tuple[str, ...]
    wrong: int
    #: Wrong with evidence absent: a retrieval-side failure (the one certain reading).
    wrong_absent: int
    #: Missed with evidence present: consistent with a synthesis failure, but only an inference
    #: (a compression loss inside the store looks the same from here).
    missed_present: int
    by_outcome: dict[str, dict[str, int]]

    @property
    def observed(self) -> int:
        return self.present + self.absent

    @property
    def observed_share(self) -> float | None:
        return self.observed / self.denominator if self.denominator else None

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "observed": self.observed, "observed_share": self.observed_share}


@dataclass(frozen=True)
class PairConsistency:
    """Prospective before/after pairs, computed from the states the answers asserted.

    Outcomes are gold-relative and gold flips between arms, so comparing outcome labels would
    call a time-blind system consistent-looking and a perfect one inconsistent; asserted states
    are independent of gold and say what the system claimed."""

    pairs: int
    measured: int
    both_correct: int
    #: Before-arm asserted the due thing as having happened.
    premature: int
    #: After-arm asserted "not yet" when it had happened.
    missed_after: int
    #: Both arms asserted the same state (and the same items): the signature of a system that
    #: never received the query time.
    both_same: int
    unmeasured: tuple[str, ...]

    @property
    def diagnostic(self) -> bool:
        return self.measured < DIAGNOSTIC_N

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "diagnostic": self.diagnostic}


@dataclass(frozen=True)
class PairsRight:
    """Questions that share a pair id (arms whose gold differs), scored together: the pairs
    whose every arm was answered correctly, over the pairs whose every arm was measured. One
    reply given to every question is right on at most the arms whose gold it happens to be,
    so this is the figure the shape mix does not raise (`checker.floor`)."""

    pairs: int
    measured: int
    both_correct: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def pairs_right(rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts]) -> PairsRight | None:
    """`PairsRight` over every pair id with two arms or more; None when the corpus pairs none."""
    arms: dict[str, list[str]] = {}
    for r in rows:
        pair = facts[r.question_id].pair_id
        if pair:
            arms.setdefault(pair, []).append(r.outcome)
    pairs = [found for found in arms.values() if len(found) >= 2]
    if not pairs:
        return None
    measured = [found for found in pairs if all(o in MEASURED_OUTCOMES for o in found)]
    return PairsRight(
        pairs=len(pairs),
        measured=len(measured),
        both_correct=sum(all(o == "correct" for o in found) for found in measured),
    )


@dataclass(frozen=True)
class SubLabelCount:
    """One sub-count a vertical declares (Forgetting: stale recall, over-forgetting,
    mis-attributed forgetting), over the measured rows of the shape that can show it."""

    name: str
    label: str
    meaning: str
    shape: str
    count: int
    measured: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ListOrderSlice:
    """Pairwise order on mentioned items, over one coverage condition."""

    condition: str
    questions: int
    pairs: int
    inversions: int

    @property
    def pairwise_accuracy(self) -> float | None:
        return (self.pairs - self.inversions) / self.pairs if self.pairs else None

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "pairwise_accuracy": self.pairwise_accuracy}


#: V8 − V9 must reach this share of V1 − V9 for a stratum to read as retrieval-limited.
REACHABLE_SHARE = 0.5
#: Below this many questions with all three arms judged, no stratum is said to be limited by
#: anything: one question's worth of difference is the whole scale.
LIMITED_BY_MIN_N = 10
TOO_FEW = "too few questions"


def limited_by(v1: float | None, v8: float | None, v9: float | None, n: int) -> str | None:
    """What limits a stratum, from its three probe arms over n questions (None: an arm is
    unmeasured). `none`: V1 − V9 is at most one question's worth, so there is nothing a
    selector could gain; `retrieval`: at least half of V1 − V9 is reachable (V8 − V9), so a
    better selector would capture it; `reasoning`: most of it is not — a reader holding the
    whole haystack fails where it holds the gold alone. Under `LIMITED_BY_MIN_N` questions it
    says `too few questions` instead."""
    if v1 is None or v8 is None or v9 is None or n == 0:
        return None
    if n < LIMITED_BY_MIN_N:
        return TOO_FEW
    headroom = v1 - v9
    if headroom <= 1 / n:
        return "none"
    return "retrieval" if v8 - v9 >= REACHABLE_SHARE * headroom else "reasoning"


@dataclass(frozen=True)
class ArmHeadroom:
    """V1, V8, V9 correct shares over one stratum (a shape, or the whole corpus), each
    difference over the questions both of its arms measured: V1 − V9 over those V1 and V9 both
    judged (`n`), V8 − V9 and what limits the stratum over those all three judged
    (`n_reachable`). Arms measured on different questions are never compared (V8 is often
    inconclusive where the haystack overflows the model's window)."""

    label: str
    #: Questions V1 and V9 both measured (inconclusive excluded): V1 − V9's denominator.
    n: int
    #: V1's and V9's correct shares over those `n` questions.
    v1: float | None
    v8: float | None
    v9: float | None
    #: Questions V1, V8 and V9 all measured: V8 − V9's denominator. `v8` is over these.
    n_reachable: int = 0
    #: V1's and V9's correct shares over the `n_reachable` questions.
    v1_reachable: float | None = None
    v9_reachable: float | None = None

    @property
    def v1_minus_v9(self) -> float | None:
        return None if self.v1 is None or self.v9 is None else self.v1 - self.v9

    @property
    def v8_minus_v9(self) -> float | None:
        return None if self.v8 is None or self.v9_reachable is None else self.v8 - self.v9_reachable

    @property
    def limited_by(self) -> str | None:
        return limited_by(self.v1_reachable, self.v8, self.v9_reachable, self.n_reachable)

    @property
    def v1_minus_v9_reachable(self) -> float | None:
        """V1 − V9 over the `n_reachable` questions (what `limited_by` weighs V8 − V9 against)."""
        if self.v1_reachable is None or self.v9_reachable is None:
            return None
        return self.v1_reachable - self.v9_reachable

    def as_dict(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "v1_minus_v9": self.v1_minus_v9,
            "v1_minus_v9_reachable": self.v1_minus_v9_reachable,
            "v8_minus_v9": self.v8_minus_v9,
            "limited_by": self.limited_by,
        }


#: What `Headroom.as_dict` holds for the whole corpus when nothing is measured.
_UNMEASURED_ARMS = {
    key: None
    for key in (
        "v1",
        "v8",
        "v9",
        "v1_reachable",
        "v9_reachable",
        "v1_minus_v9",
        "v1_minus_v9_reachable",
        "v8_minus_v9",
        "limited_by",
    )
} | {"n": 0, "n_reachable": 0}


@dataclass(frozen=True)
class Headroom:
    """V1 − V9 and V8 − V9 when the sidecar carries measured probe records (overall, and per
    shape as `by_shape`, with what limits each; see `ArmHeadroom` for the denominators), and
    the questions no top-K_ref retriever can fully serve (G > K_ref) either way."""

    status: str
    reason: str | None
    #: The arms over every question they apply to (`overall`), or None when unmeasured.
    overall: ArmHeadroom | None
    over_k_ref: int
    by_shape: tuple[ArmHeadroom, ...] = ()
    #: Measured records left out because another model or judge made them than V1's: arms are
    #: compared only when one model answered all of them and one judge read them.
    left_out: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return self.overall.n if self.overall else 0

    @property
    def n_reachable(self) -> int:
        return self.overall.n_reachable if self.overall else 0

    @property
    def v1_minus_v9(self) -> float | None:
        return self.overall.v1_minus_v9 if self.overall else None

    @property
    def v8_minus_v9(self) -> float | None:
        return self.overall.v8_minus_v9 if self.overall else None

    @property
    def limited_by(self) -> str | None:
        return self.overall.limited_by if self.overall else None

    def as_dict(self) -> dict[str, Any]:
        overall = self.overall.as_dict() if self.overall else _UNMEASURED_ARMS
        return {
            "status": self.status,
            "reason": self.reason,
            "over_k_ref": self.over_k_ref,
            **{k: v for k, v in overall.items() if k != "label"},
            "left_out": list(self.left_out),
            "by_shape": [s.as_dict() for s in self.by_shape],
        }


@dataclass(frozen=True)
class Aggregate:
    """One result aggregated over its corpus."""

    corpus_id: str
    revision: str
    sha256: str
    vertical: str
    citation: str
    system: str
    system_version: str
    run_id: str
    run_date: str
    answer_model: str
    judge_model: str
    judge_fingerprint: str
    grounding: str
    overall: Stratum
    by_shape: tuple[Stratum, ...]
    by_difficulty: tuple[Stratum, ...]
    coverage: CoverageSummary
    attribution: AttributionSummary
    headroom: Headroom
    pair_consistency: PairConsistency | None = None
    pairs_right: PairsRight | None = None
    distance_curve: tuple[Stratum, ...] = ()
    sub_labels: tuple[SubLabelCount, ...] = ()
    list_order: tuple[ListOrderSlice, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: The answers' requested sampling temperature (`answer_sampling.temperature`).
    answer_temperature: float | None = None

    @property
    def measured_nothing(self) -> bool:
        return self.overall.vector.measured == 0

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            k: getattr(self, k)
            for k in (
                "corpus_id revision sha256 vertical citation system system_version run_id "
                "run_date answer_model judge_model judge_fingerprint grounding"
            ).split()
        }
        out["measured_nothing"] = self.measured_nothing
        out["overall"] = self.overall.as_dict()
        out["by_shape"] = [s.as_dict() for s in self.by_shape]
        out["by_difficulty"] = [s.as_dict() for s in self.by_difficulty]
        out["coverage"] = self.coverage.as_dict()
        out["attribution"] = self.attribution.as_dict()
        out["headroom"] = self.headroom.as_dict()
        out["pair_consistency"] = self.pair_consistency.as_dict() if self.pair_consistency else None
        out["pairs_right"] = self.pairs_right.as_dict() if self.pairs_right else None
        out["distance_curve"] = [s.as_dict() for s in self.distance_curve]
        out["sub_labels"] = [s.as_dict() for s in self.sub_labels]
        out["list_order"] = [s.as_dict() for s in self.list_order]
        out["notes"] = list(self.notes)
        return out


# --- computing them -------------------------------------------------------------------------


def summary_counts(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts]
) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """What a result's summary block must say: outcome counts overall and per shape."""
    overall: dict[str, int] = {o: n for o, n in outcome_vector(rows).counts.items()}
    by_shape: dict[str, list[ResultRow]] = {}
    for r in rows:
        f = facts.get(r.question_id)
        if f is not None:
            by_shape.setdefault(f.shape, []).append(r)
    shapes: dict[str, dict[str, int]] = {
        s: {o: n for o, n in outcome_vector(rs).counts.items()}
        for s, rs in sorted(by_shape.items())
    }
    return overall, shapes


def _shape_strata(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts], vertical_key: str
) -> tuple[Stratum, ...]:
    v = vertical(vertical_key)
    out = []
    for shape in v.shapes:
        in_shape = [r for r in rows if facts[r.question_id].shape == shape.name]
        if not in_shape:
            continue
        out.append(Stratum(shape.name, outcome_vector(in_shape), shape.chance_floor))
    return tuple(out)


def _difficulty_strata(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts]
) -> tuple[Stratum, ...]:
    bands: dict[int, list[ResultRow]] = {}
    for r in rows:
        d = facts[r.question_id].difficulty
        if d is not None:
            bands.setdefault(d, []).append(r)
    out = []
    for band, in_band in sorted(bands.items()):
        validated = all(facts[r.question_id].difficulty_validated for r in in_band)
        note = None if validated else "band not validated: describes construction, not hardness"
        out.append(Stratum(f"difficulty {band}", outcome_vector(in_band), note=note))
    return tuple(out)


def _coverage(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts], corpus: LoadedCorpus
) -> CoverageSummary:
    gold_bearing = [r for r in rows if facts[r.question_id].gold_sessions > 0]
    values = [r.realised_coverage.value for r in gold_bearing if r.realised_coverage is not None]
    floor: float | None = None
    sc = corpus.sidecar
    if sc is None:
        source = "no sidecar beside the corpus: floor unknown"
    elif sc.coverage is None or sc.coverage.gold_bearing_mean is None:
        source = "sidecar carries no coverage record: floor unknown"
    else:
        floor = sc.coverage.gold_bearing_mean
        source = f"{sc.coverage.retriever} at K_ref={sc.coverage.k_ref}, gold-bearing mean"
    mean = sum(values) / len(values) if values else None
    components: dict[str, tuple[int, int]] = {}
    partial = 0
    for r in gold_bearing:
        per = r.realised_coverage.per_component if r.realised_coverage else None
        kinds = facts[r.question_id].component_kinds
        if per is None or len(per) != len(kinds):
            continue
        for kind, seen in zip(kinds, per, strict=True):
            surfaced, observed = components.get(kind, (0, 0))
            components[kind] = (surfaced + seen, observed + 1)
        partial += any(per) and not all(per)
    return CoverageSummary(len(gold_bearing), len(values), mean, floor, source, components, partial)


def _attribution(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts]
) -> AttributionSummary:
    counted = [
        r for r in rows if facts[r.question_id].gold_sessions > 0 and r.outcome in MEASURED_OUTCOMES
    ]
    status = Counter(r.evidence.status if r.evidence else "unobserved" for r in counted)
    by_outcome: dict[str, dict[str, int]] = {}
    for r in counted:
        s = r.evidence.status if r.evidence else "unobserved"
        cell = by_outcome.setdefault(r.outcome, {"present": 0, "absent": 0, "unobserved": 0})
        cell[s] += 1
    observed = [r.evidence for r in counted if r.evidence and r.evidence.status != "unobserved"]
    return AttributionSummary(
        denominator=len(counted),
        present=status.get("present", 0),
        absent=status.get("absent", 0),
        unobserved=status.get("unobserved", 0),
        levels=tuple(sorted({e.level for e in observed if e.level})),
        sources=tuple(sorted({e.source for e in observed if e.source})),
        wrong=sum(1 for r in counted if r.outcome == "wrong"),
        wrong_absent=by_outcome.get("wrong", {}).get("absent", 0),
        missed_present=by_outcome.get("missed", {}).get("present", 0),
        by_outcome=dict(sorted(by_outcome.items())),
    )


def _asserted(row: ResultRow) -> tuple[str | None, frozenset[str] | None]:
    items = frozenset(row.asserted_items) if row.asserted_items is not None else None
    return row.asserted_state, items


def pair_consistency(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts]
) -> PairConsistency | None:
    """Before/after pair figures from asserted states; None when the corpus has no such pairs."""
    arms: dict[str, dict[str, ResultRow]] = {}
    for r in rows:
        f = facts[r.question_id]
        if f.pair_id and f.arm in ("before", "after"):
            arms.setdefault(f.pair_id, {})[f.arm] = r
    if not arms:
        return None
    measured = both_correct = premature = missed_after = both_same = 0
    unmeasured: list[str] = []
    for pair_id, arm in sorted(arms.items()):
        before, after = arm.get("before"), arm.get("after")
        if (
            before is None
            or after is None
            or before.outcome not in MEASURED_OUTCOMES
            or after.outcome not in MEASURED_OUTCOMES
            or before.asserted_state is None
            or after.asserted_state is None
        ):
            unmeasured.append(pair_id)
            continue
        measured += 1
        both_correct += before.outcome == "correct" and after.outcome == "correct"
        premature += before.asserted_state == "fired"
        missed_after += after.asserted_state == "not-yet"
        both_same += _asserted(before) == _asserted(after)
    return PairConsistency(
        pairs=len(arms),
        measured=measured,
        both_correct=both_correct,
        premature=premature,
        missed_after=missed_after,
        both_same=both_same,
        unmeasured=tuple(unmeasured),
    )


def _distance_curve(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts], ladder: Rungs | None
) -> tuple[Stratum, ...]:
    """Outcomes per rung of the distance ladder: each rung is a band of distances, and a
    question's rung is its difficulty (the distance itself where no ladder is declared)."""
    rungs: dict[int, list[ResultRow]] = {}
    for r in rows:
        f = facts[r.question_id]
        key = f.difficulty if ladder is not None else f.distance
        if f.distance is not None and key is not None:
            rungs.setdefault(key, []).append(r)

    def label(key: int) -> str:
        if ladder is None or not 1 <= key <= len(ladder.bands):
            return f"distance {key}"
        low, high = ladder.bands[key - 1]
        return f"distance {low}-{high}"

    return tuple(Stratum(label(k), outcome_vector(rs)) for k, rs in sorted(rungs.items()))


def _sub_labels(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts], profile: Vertical
) -> tuple[SubLabelCount, ...]:
    out = []
    for label in profile.sub_labels:
        measured = [
            r
            for r in rows
            if facts[r.question_id].shape == label.shape and r.outcome in MEASURED_OUTCOMES
        ]
        out.append(
            SubLabelCount(
                name=label.name,
                label=label.label,
                meaning=label.meaning,
                shape=label.shape,
                count=sum(r.sub_label == label.name for r in measured),
                measured=len(measured),
            )
        )
    return tuple(out)


def _list_order(
    rows: Sequence[ResultRow], facts: Mapping[str, QuestionFacts]
) -> tuple[ListOrderSlice, ...]:
    scored = [
        r
        for r in rows
        if facts[r.question_id].list_order
        and r.list_order is not None
        and r.outcome in MEASURED_OUTCOMES
    ]
    if not scored:
        return ()

    def condition(r: ResultRow) -> str:
        if r.realised_coverage is None:
            return "coverage unobserved"
        return "full coverage" if r.realised_coverage.value >= 1 else "partial coverage"

    def slice_of(name: str, rs: Sequence[ResultRow]) -> ListOrderSlice:
        return ListOrderSlice(
            name,
            len(rs),
            sum(r.list_order.pairs for r in rs if r.list_order),
            sum(r.list_order.inversions for r in rs if r.list_order),
        )

    out = [slice_of("all", scored)]
    for name in ("full coverage", "partial coverage", "coverage unobserved"):
        rs = [r for r in scored if condition(r) == name]
        if rs:
            out.append(slice_of(name, rs))
    return tuple(out)


ARMS = ("v1", "v8", "v9")


def _probe_outcomes(corpus: LoadedCorpus, name: str) -> dict[str, str] | None:
    """A measured record's per-question outcomes, or None (also when another model or judge
    made it than V1's: see `_left_out`)."""
    record = corpus.sidecar.probes.get(name) if corpus.sidecar is not None else None
    if record is None or record.status != "measured" or name in _left_out(corpus):
        return None
    return record.outcomes


def _left_out(corpus: LoadedCorpus) -> tuple[str, ...]:
    """Measured V8/V9 records whose model or judge is not V1's (none without a measured V1)."""
    probes = corpus.sidecar.probes if corpus.sidecar is not None else {}
    v1 = probes.get("v1")
    if v1 is None or v1.status != "measured":
        return ()
    return tuple(
        name
        for name in ARMS[1:]
        if (r := probes.get(name)) is not None
        and r.status == "measured"
        and (r.model, r.judge_fingerprint) != (v1.model, v1.judge_fingerprint)
    )


def _arms(label: str, ids: Sequence[str], corpus: LoadedCorpus) -> ArmHeadroom:
    """V1, V8 and V9 over `ids`, each difference over the questions its arms both measured."""
    v1, v8, v9 = (_probe_outcomes(corpus, p) for p in ARMS)

    def measured(outcomes: dict[str, str] | None, qid: str) -> bool:
        return outcomes is not None and outcomes.get(qid) in MEASURED_OUTCOMES

    def share(outcomes: dict[str, str] | None, qids: list[str]) -> float | None:
        if outcomes is None or not qids:
            return None
        return sum(outcomes[q] == "correct" for q in qids) / len(qids)

    pair = [q for q in ids if measured(v1, q) and measured(v9, q)]
    triple = [q for q in pair if measured(v8, q)]
    return ArmHeadroom(
        label,
        len(pair),
        share(v1, pair),
        share(v8, triple),
        share(v9, pair),
        len(triple),
        share(v1, triple),
        share(v9, triple),
    )


def _headroom(corpus: LoadedCorpus, facts: Mapping[str, QuestionFacts]) -> Headroom:
    over = sum(1 for f in facts.values() if f.gold_sessions > K_REF)
    if all(_probe_outcomes(corpus, p) is None for p in ARMS):
        reason = (
            "no sidecar beside the corpus"
            if corpus.sidecar is None
            else "the sidecar has no measured V1/V8/V9 probe record"
        )
        return Headroom("unmeasured", reason, None, over)
    arms = [q.question_id for q in corpus.questions if not_applicable("v1", q) is None]
    by_shape: dict[str, list[str]] = {}
    for qid in arms:
        by_shape.setdefault(facts[qid].shape, []).append(qid)
    shapes = tuple(_arms(shape, ids, corpus) for shape, ids in by_shape.items())
    return Headroom("measured", None, _arms("all", arms, corpus), over, shapes, _left_out(corpus))


def aggregate(result: ResultFile, corpus: LoadedCorpus) -> Aggregate:
    """Every figure of one result over its corpus. The rows must be exactly the corpus's
    questions (what `typedmemeval check` validates); otherwise ValueError says which differ."""
    facts = question_facts(corpus)
    rows = list(result.rows)
    ids = [r.question_id for r in rows]
    missing = sorted(set(facts) - set(ids))
    extra = sorted(set(ids) - set(facts))
    if missing or extra or len(ids) != len(set(ids)):
        raise ValueError(
            f"result rows do not match the corpus (missing {missing[:3]}, extra {extra[:3]}); "
            "run `typedmemeval check` on the result first"
        )
    vertical_key = corpus.vertical() or result.corpus.corpus_id.split("-")[1]
    v = vertical(vertical_key)
    overall = Stratum(v.name, outcome_vector(rows))
    notes: list[str] = []
    if overall.vector.measured == 0:
        notes.append(
            f"this run measured nothing: all {overall.vector.n} rows are inconclusive or unrun"
        )
    return Aggregate(
        corpus_id=result.corpus.corpus_id,
        revision=result.corpus.revision,
        sha256=result.corpus.sha256,
        vertical=v.name,
        citation=citation_name(v.key, result.corpus.revision),
        system=result.system.name,
        system_version=result.system.version,
        run_id=result.run_id,
        run_date=result.run_date.isoformat(),
        answer_model=result.answer_model,
        judge_model=result.judge.model,
        judge_fingerprint=result.judge.fingerprint,
        grounding=result.grounding,
        answer_temperature=result.answer_sampling.temperature,
        overall=overall,
        by_shape=_shape_strata(rows, facts, v.key),
        by_difficulty=_difficulty_strata(rows, facts),
        coverage=_coverage(rows, facts, corpus),
        attribution=_attribution(rows, facts),
        headroom=_headroom(corpus, facts),
        pair_consistency=(
            pair_consistency(rows, facts) if v.pairing and v.pairing.asserted_states else None
        ),
        pairs_right=pairs_right(rows, facts),
        distance_curve=_distance_curve(rows, facts, v.rungs) if v.distance_curve else (),
        sub_labels=_sub_labels(rows, facts, v),
        list_order=_list_order(rows, facts),
        notes=tuple(notes),
    )
