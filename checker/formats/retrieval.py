"""Retrieval calibration records: BM25 coverage, scaffolding dependence, difficulty ladders.

Every figure here is re-measured by the checker from the corpus bytes (R-CHK-BM25,
R-CHK-LADDER) and compared with what a sidecar stamps (R-CHK-RECORD).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from checker.formats.corpus import Strict

LadderKind = Literal[
    "validated",
    "does-not-slope",
    "falls-only-by-ceiling",
    "oracle-not-flat",
    "thin-band",
    "not-significant",
    "single-band",
]


class CompetentRecord(Strict):
    """A learned question-conditioned reranker's coverage at K_ref and top-1 (R-CHK-HAYSTACK):
    published beside BM25's, not gating."""

    retriever: str
    """Reranker name and version, e.g. `reranker-logreg-v1`."""
    model: str
    """Model family, hyperparameters and fold scheme, pinned in code."""
    features: list[str] = Field(default_factory=list)
    """The (question, session) features it reads, in column order."""
    folds: int = 0
    """Cross-validation folds (grouped by haystack); 0 when the corpus has too few haystacks
    to hold any out, and then nothing is measured."""
    k_ref: int
    """Retrieval budget in sessions."""
    goal: float = 0.9
    """The gold-bearing mean this family aims to stay at or under (not gating yet)."""
    tie_policy: str = "expected-over-random-order-within-ties"
    """How tied scores are counted at the top-K boundary and at the top."""
    gold_bearing_n: int = 0
    """Questions with at least one gold session."""
    gold_bearing_mean: float | None = None
    """Mean coverage at K_ref over gold-bearing questions, each scored by a model trained on
    other haystacks."""
    top1_mean: float | None = None
    """Mean over gold-bearing questions of the probability that the top-ranked session is gold."""
    bm25_top1_mean: float | None = None
    """The same for the reference retriever (BM25's own top-1), for comparison."""
    per_shape: dict[str, float] = Field(default_factory=dict)
    """Gold-bearing mean coverage per shape."""
    per_shape_top1: dict[str, float] = Field(default_factory=dict)
    """Gold-bearing mean top-1 per shape."""
    per_shape_n: dict[str, int] = Field(default_factory=dict)
    """Gold-bearing questions per shape."""
    per_question: dict[str, float] = Field(default_factory=dict)
    """Coverage at K_ref per question id (G = 0 reads 1.0)."""
    per_question_top1: dict[str, float] = Field(default_factory=dict)
    """Top-1 per question id (G = 0 reads 1.0)."""
    leans: list[str] = Field(default_factory=list)
    """Each feature with its weight in a model fitted on the whole corpus, largest first."""


class ShallowReaderRecord(Strict):
    """The shallow-reader probe (R-CHK-HAYSTACK): sessions where one turn holds the question's
    content words and a value-like word; published, not gating."""

    definition: str
    """What the reader flags, in words."""
    gold_bearing_n: int = 0
    """Questions with at least one gold session."""
    recall_mean: float | None = None
    """Mean over gold-bearing questions of the share of gold sessions flagged (its coverage)."""
    precision_n: int = 0
    """Gold-bearing questions where it flags at least one session."""
    precision_mean: float | None = None
    """Mean over those of the share of flagged sessions that are gold."""
    k_ref: int = 5
    """Retrieval budget of the graded reading's coverage."""
    graded_coverage_mean: float | None = None
    """Gold-bearing mean coverage at K_ref when each haystack is ranked by the largest share of
    the content words a value-bearing turn holds (ties counted as BM25's are)."""
    graded_top1_mean: float | None = None
    """Gold-bearing mean probability that the graded reading's top session is gold."""
    graded_auc: float | None = None
    """Pooled within-question AUC of the graded reading (gold vs distractor sessions)."""
    without_gold_n: int = 0
    """Questions without gold (abstentions)."""
    without_gold_flagged: int = 0
    """Of those, how many it flags a session in (a reader would answer them wrongly)."""
    per_shape_recall: dict[str, float] = Field(default_factory=dict)
    """Mean recall per shape (gold-bearing questions)."""
    per_shape_precision: dict[str, float] = Field(default_factory=dict)
    """Mean precision per shape (questions where it flags a session)."""
    per_shape_n: dict[str, int] = Field(default_factory=dict)
    """Gold-bearing questions per shape."""
    per_question_recall: dict[str, float] = Field(default_factory=dict)
    """Recall per gold-bearing question id."""
    per_question_precision: dict[str, float] = Field(default_factory=dict)
    """Precision per question id where it flags a session."""
    per_question_flagged: dict[str, int] = Field(default_factory=dict)
    """Sessions flagged per question id."""


class CoverageRecord(Strict):
    """Realised gold coverage of the reference retriever at K_ref (R-CHK-BM25)."""

    retriever: str
    """Retriever name with its parameters, e.g. `bm25okapi-k1.5-b0.75-eps0.25`."""
    k1: float = 1.5
    """BM25 term-frequency saturation."""
    b: float = 0.75
    """BM25 length normalisation."""
    epsilon: float = 0.25
    """rank-bm25's IDF floor: a term in more than half the sessions gets epsilon × mean IDF."""
    tokenizer: str
    """Name of the tokenizer the retriever used (`checker.text.BM25_TOKENIZER`)."""
    tie_policy: str = "expected-over-random-order-within-ties"
    """How sessions tied at the top-K boundary are counted: each tied session is retrieved with
    probability (free slots ÷ tied sessions), never by session order."""
    strip: str | None = None
    """What was removed from distractor sessions before ranking: none (as shipped), `generic`,
    a declared regular expression, or both joined by ` + `."""
    k_ref: int
    """Retrieval budget in sessions."""
    band_low: float = 0.5
    """Lower edge of the calibration band for the gold-bearing mean."""
    band_high: float = 0.9
    """Upper edge of the calibration band."""
    gold_bearing_n: int = 0
    """Questions with at least one gold session (the denominator of the gold-bearing mean)."""
    gold_bearing_mean: float | None
    """Mean realised coverage over questions with at least one gold session (the calibrated
    floor a run is compared against)."""
    all_n: int = 0
    """Questions in the corpus."""
    all_mean: float | None
    """Mean realised coverage over all questions (G = 0 counts as 1.0, vacuously)."""
    per_shape: dict[str, float] = Field(default_factory=dict)
    """Gold-bearing mean per shape."""
    per_shape_n: dict[str, int] = Field(default_factory=dict)
    """Gold-bearing questions per shape."""
    per_vertical: dict[str, float] = Field(default_factory=dict)
    """Gold-bearing mean per vertical (one entry for a single-vertical corpus)."""
    per_question: dict[str, float] = Field(default_factory=dict)
    """Realised coverage per question id (G = 0 questions read 1.0)."""
    distribution: dict[str, int] = Field(default_factory=dict)
    """Gold-bearing questions per realised coverage value (two decimals)."""
    ceiling_mean: float | None = None
    """Mean structural ceiling min(1, K_ref/G) over gold-bearing questions."""
    shortfall_mean: float | None = None
    """Mean of (ceiling − coverage) over gold-bearing questions: how far below what any
    retriever could reach the reference retriever lands."""
    ceiling_relative_mean: float | None = None
    """Mean of coverage ÷ ceiling over gold-bearing questions."""
    tie_rate: float | None = None
    """Share of questions with more than K_ref sessions whose top-K boundary falls inside a tie."""
    tied_questions: list[str] = Field(default_factory=list)
    """The questions counted by `tie_rate`."""
    gold_tie_rate: float | None = None
    """Share of gold-bearing questions with more than K_ref sessions where a gold session sits
    in the boundary tie: the questions whose coverage a session-order tie-break would move."""
    gold_tied_questions: list[str] = Field(default_factory=list)
    """The questions counted by `gold_tie_rate`."""
    competent: CompetentRecord | None = None
    """The competent retriever beside BM25 (records stamped before it existed carry none)."""
    shallow_reader: ShallowReaderRecord | None = None
    """The shallow-reader probe (records stamped before it existed carry none)."""


class ScaffoldingRecord(Strict):
    """Coverage change when scaffolding is stripped from distractors (R-CHK-BM25)."""

    declared_pattern: str | None = None
    """The regular expression the generator declares as scaffolding, or none."""
    shipped_mean: float | None = None
    """Gold-bearing mean coverage as shipped."""
    declared_stripped_mean: float | None = None
    """Gold-bearing mean with the declared pattern removed from distractor turns."""
    declared_dependence: float | None = None
    """Stripped minus shipped gold-bearing coverage, with the declared pattern (none when no
    pattern is declared)."""
    generic_stripped_mean: float | None = None
    """Gold-bearing mean with the generic strip applied to distractor turns."""
    generic_dependence: float | None = None
    """Stripped minus shipped gold-bearing coverage with the generic strip (bracketed and
    parenthetical clauses; sentences made mostly of the question's own keywords)."""
    generic_sessions_changed: int = 0
    """Distractor sessions the generic strip changed (zero means it found nothing to strip)."""
    per_shape_generic_dependence: dict[str, float] = Field(default_factory=dict)
    """Generic dependence per shape."""


class LadderVerdict(Strict):
    """One difficulty dial's verdict (R-CHK-LADDER)."""

    dial: str
    """The dial: dispersion, distance, interference or discrimination."""
    kind: LadderKind = "does-not-slope"
    """`validated`; `does-not-slope` (ceiling-relative coverage does not fall by the threshold);
    `falls-only-by-ceiling` (coverage falls, ceiling-relative coverage does not);
    `oracle-not-flat` (it slopes, but the oracle's answers vary across bands by more than the
    threshold); `thin-band` (it slopes, but the easiest or hardest band holds too few
    gold-bearing questions to certify it); `not-significant` (it slopes, but the fall's
    one-sided permutation p is not below the record's `alpha`); `single-band` (fewer than two
    bands hold gold-bearing questions)."""
    validated: bool
    """Whether the dial slopes by ≥ the threshold in ceiling-relative coverage, hardest vs
    easiest band, on scaffolding-stripped text, with both end bands large enough and the fall
    significant (and the oracle stays flat where measured)."""
    reason: str
    """Why it is or is not validated, with the numbers."""
    by_band: dict[str, float] = Field(default_factory=dict)
    """Ceiling-relative coverage per band (coverage ÷ min(1, K_ref/G), averaged)."""
    coverage_by_band: dict[str, float] = Field(default_factory=dict)
    """Scaffolding-stripped coverage per band."""
    ceiling_by_band: dict[str, float] = Field(default_factory=dict)
    """Mean structural ceiling per band."""
    n_by_band: dict[str, int] = Field(default_factory=dict)
    """Gold-bearing questions per band."""
    relative_drop: float | None = None
    """Ceiling-relative coverage of the easiest band minus that of the hardest."""
    coverage_drop: float | None = None
    """Stripped coverage of the easiest band minus that of the hardest."""
    permutation_p: float | None = None
    """One-sided permutation p of `relative_drop`: the share of random relabellings of the
    easiest and hardest bands' questions (sizes kept) whose fall is at least the observed one,
    the observed labelling counted in. None in records stamped before the test existed."""
    oracle_by_band: dict[str, float] = Field(default_factory=dict)
    """V1 oracle success rate per band, where a measured V1 record exists."""
    oracle_spread: float | None = None
    """Largest minus smallest oracle rate across bands (None when unmeasured)."""


class LadderRecord(Strict):
    """Difficulty-ladder verdicts for every declared dial."""

    threshold: float = 0.15
    """Minimum fall in ceiling-relative coverage from the easiest to the hardest band, and the
    largest oracle spread across bands, for a dial to be validated."""
    min_band_n: int = 8
    """Fewest gold-bearing questions the easiest and the hardest band each need before a slope
    between them can validate the dial."""
    alpha: float = 0.05
    """A fall validates only when its one-sided permutation p is below this."""
    permutations: int = 10_000
    """Random band relabellings drawn for each dial's permutation test."""
    permutation_seed: int = 0
    """Seed of those draws."""
    strip: str | None = None
    """What was stripped from distractors before ranking (see `CoverageRecord.strip`)."""
    verdicts: list[LadderVerdict] = Field(default_factory=list)
    """One verdict per dial, sorted by dial."""
