"""The separability (V7) record stamped into a sidecar and re-measured by the checker."""

from __future__ import annotations

from pydantic import Field

from checker.formats.corpus import Strict


class Exemption(Strict):
    """A feature, or a feature family, exempt from the separability gate, with its reason."""

    feature: str
    """Feature name, or a family name such as `position` (which also covers the features that
    encode position: session-id index, timestamp rank, first-session flag)."""
    reason: str
    """Why the feature is allowed to separate gold. An empty reason is itself a finding."""


class FeatureRow(Strict):
    """One feature's line in the single-feature table."""

    feature: str
    """Feature name, e.g. `user.first_turn.chars` or `ngram:for the record`."""
    auc: float = Field(ge=0.5, le=1.0)
    """Within-question pooled AUC, folded once to [0.5, 1]."""
    null_p95: float | None = None
    """95th percentile of the folded AUC under within-question label shuffles."""
    perfect_share: float | None = None
    """Share of gold-bearing questions the feature separates perfectly."""
    expected_perfect: float | None = None
    """Expected number of perfect separations under the tie-aware chance model."""
    tail_p: float | None = None
    """Exact Poisson-binomial upper tail of the observed perfect count."""
    verdict: str = "pass"
    """`pass`, `refused`, or `exempt`."""


class AdversaryRecord(Strict):
    """A learned adversary's score: within-question AUC on held-out questions."""

    model: str
    """Model family and pinned hyperparameters."""
    auc: float
    """Within-question AUC on held-out questions."""
    shuffled_auc: float | None = None
    """The same pipeline on labels shuffled within question."""
    top_terms: list[str] = Field(default_factory=list)
    """What the model leans on most."""


class SeparabilityRecord(Strict):
    """The V7 record: table, distribution test, exclusivity, adversaries, verdict."""

    passed: bool
    """Whether the corpus passed the gate."""
    worst_feature: str | None = None
    """Name of the non-exempt feature with the highest folded AUC."""
    worst_auc: float | None = None
    """That feature's folded AUC."""
    features: list[FeatureRow] = Field(default_factory=list)
    """The single-feature table."""
    bimodal_features: list[str] = Field(default_factory=list)
    """Features refused by the distribution test."""
    exclusive_phrases: list[str] = Field(default_factory=list)
    """Phrases recurring in ≥ 20% of questions that reach no distractor session."""
    adversaries: list[AdversaryRecord] = Field(default_factory=list)
    """Learned adversaries (numeric-feature model, n-gram model)."""
