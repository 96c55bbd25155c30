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
    "single-band",
]


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
    gold-bearing questions to certify it); `single-band` (fewer than two bands hold
    gold-bearing questions)."""
    validated: bool
    """Whether the dial slopes by ≥ the threshold in ceiling-relative coverage, hardest vs
    easiest band, on scaffolding-stripped text (and the oracle stays flat where measured)."""
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
    oracle_by_band: dict[str, float] = Field(default_factory=dict)
    """V1 oracle success rate per band, where a measured V1 record exists."""
    oracle_spread: float | None = None
    """Largest minus smallest oracle rate across bands (None when unmeasured)."""


class LadderRecord(Strict):
    """Difficulty-ladder verdicts for every declared dial."""

    threshold: float = 0.15
    """Minimum fall in ceiling-relative coverage from the easiest to the hardest band, and the
    largest oracle spread across bands, for a dial to be validated."""
    min_band_n: int = 4
    """Fewest gold-bearing questions the easiest and the hardest band each need before a slope
    between them can validate the dial."""
    strip: str | None = None
    """What was stripped from distractors before ranking (see `CoverageRecord.strip`)."""
    verdicts: list[LadderVerdict] = Field(default_factory=list)
    """One verdict per dial, sorted by dial."""
