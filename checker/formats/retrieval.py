"""Retrieval calibration records: BM25 coverage, scaffolding dependence, difficulty ladders."""

from __future__ import annotations

from pydantic import Field

from checker.formats.corpus import Strict


class CoverageRecord(Strict):
    """Realised gold coverage of the reference retriever at K_ref (R-CHK-BM25)."""

    retriever: str
    """Retriever name with its parameters, e.g. `bm25okapi-k1.5-b0.75-eps0.25`."""
    tokenizer: str
    """Name of the tokenizer the retriever used."""
    k_ref: int
    """Retrieval budget in sessions."""
    band_low: float = 0.5
    """Lower edge of the calibration band for the gold-bearing mean."""
    band_high: float = 0.9
    """Upper edge of the calibration band."""
    gold_bearing_mean: float | None
    """Mean realised coverage over questions with at least one gold session."""
    all_mean: float | None
    """Mean realised coverage over all questions (G = 0 counts as 1.0)."""
    per_shape: dict[str, float] = Field(default_factory=dict)
    """Gold-bearing mean per shape."""
    per_question: dict[str, float] = Field(default_factory=dict)
    """Realised coverage per question id."""
    tie_rate: float | None = None
    """Share of questions whose top-K boundary falls inside a tie."""


class ScaffoldingRecord(Strict):
    """Coverage change when scaffolding is stripped from distractors."""

    declared_pattern: str | None = None
    """The regular expression the generator declares as scaffolding, or none."""
    declared_dependence: float | None = None
    """Stripped minus shipped gold-bearing coverage, with the declared pattern."""
    generic_dependence: float | None = None
    """The same with the generic strip (bracketed clauses, keyword-only sentences)."""


class LadderVerdict(Strict):
    """One difficulty dial's verdict (R-CHK-LADDER)."""

    dial: str
    """The dial: dispersion, distance, interference or discrimination."""
    validated: bool
    """Whether the dial slopes by ≥ 0.15 ceiling-relative coverage, hardest vs easiest."""
    reason: str
    """Why it is or is not validated."""
    by_band: dict[str, float] = Field(default_factory=dict)
    """Ceiling-relative coverage per band."""
    n_by_band: dict[str, int] = Field(default_factory=dict)
    """Questions per band."""


class LadderRecord(Strict):
    """Difficulty-ladder verdicts for every declared dial."""

    verdicts: list[LadderVerdict] = Field(default_factory=list)
    """One verdict per dial."""
