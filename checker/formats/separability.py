"""The separability (V7) record stamped into a sidecar and re-measured by the checker.

The record is what `checker.separability.measure_separability` returns: the single-feature
table with its permutation null and distribution test, the gold-exclusive phrases, the learned
adversaries with their pinned settings, and the exemptions as they were applied. The checker
re-measures it from the corpus bytes and reports any disagreement with the stamped copy (SEP006).

The haystack-relative adversary and the answer-from-metadata adversary (SEP008, SEP009) are
optional parts of the record: a sidecar stamped before they existed carries neither and stays
valid, and a stamp is compared with a re-measurement only in the parts it carries.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from checker.formats.corpus import Strict


class Exemption(Strict):
    """A feature, or a feature family, exempt from the separability gate, with its reason."""

    feature: str
    """Feature name (`position.index`), a feature family (`position`, `date`, `glyph`, …) or a
    dotted prefix (`user.turn1`). The `position` family also covers the features that encode
    position: session-id index, timestamp rank, first- and last-session flags."""
    reason: str
    """Why the feature is allowed to separate gold. An empty reason is itself a finding, and an
    exemption without a reason is not honoured."""


class Thresholds(Strict):
    """The gate's constants, recorded with every measurement so a stamp names its rules."""

    auc_refuse: float
    """A non-exempt feature is refused when its folded within-question AUC reaches this."""
    perfect_share_floor: float
    """Distribution test: the share of gold-bearing questions separated perfectly must reach
    this before the tail probability is considered."""
    perfect_tail_p: float
    """Distribution test: refuse when the exact Poisson-binomial upper tail is below this."""
    familywise_alpha: float | None = None
    """Distribution test, family-wise: also require the feature's Westfall–Young adjusted p
    (`FeatureRow.familywise_p`) to be at most this, so that the gate as a whole, not each of its
    thousands of features, refuses a corpus with shuffled labels about this often. None in
    records measured before the condition existed."""
    recurrence_share: float
    """An n-gram is a candidate when it occurs in at least this share of questions."""
    rare_session_share: float
    """Relevance exemption: a token named by a question or its answer is instance vocabulary
    when it occurs in fewer than this share of the corpus's sessions."""
    adversary_refuse: float
    """A learned adversary's held-out within-question AUC at or above this refuses."""
    null_permutations: int
    """Label shuffles within question behind each feature's null 95th percentile and the
    distribution test's family-wise null."""


class FeatureRow(Strict):
    """One feature's line in the single-feature table."""

    feature: str
    """Feature name, e.g. `user.turn1.chars`, `session.glyph[U+2014]` or `ngram:for the record`."""
    family: str
    """The family an exemption can name: `shape`, `glyph`, `roles`, `position`, `date`,
    `session_id` or `ngram`."""
    auc: float = Field(ge=0.5, le=1.0)
    """Within-question pooled AUC over (gold, distractor) pairs, folded once to [0.5, 1]."""
    direction: Literal["gold-high", "gold-low", "none"]
    """Which way the unfolded AUC points (`gold-high`: gold sessions have larger values)."""
    null_p95: float
    """95th percentile of the folded AUC with labels shuffled within each question."""
    questions: int
    """Gold-bearing questions contributing pairs (n-grams drop relevance-exempt questions)."""
    perfect: int
    """Questions in which the feature separates gold perfectly (either direction)."""
    perfect_share: float
    """`perfect` over `questions`."""
    expected_perfect: float
    """Expected perfect separations under the tie-aware within-question permutation model."""
    tail_p: float
    """Exact Poisson-binomial probability of at least `perfect` perfect separations."""
    z: float | None = None
    """The normal approximation the source documents used, (perfect − expected) / sd, for
    comparison only; None when the chance model has no variance."""
    familywise_p: float | None = None
    """Westfall–Young adjusted p of the distribution test: the share of label shuffles (the
    observed labelling counted as one) in which some non-exempt feature reaching the share floor
    has a tail p at or below this feature's. None in records measured before it existed."""
    verdict: Literal["pass", "refused", "exempt"]
    """`refused` when a rule refuses it, `exempt` when a reasoned exemption covers it."""
    refused_by: list[Literal["auc", "distribution"]] = Field(default_factory=list)
    """Which test refuses (or would refuse, when exempt) the feature."""


class ExclusivePhrase(Strict):
    """A recurring phrase that reaches gold sessions and no distractor session."""

    phrase: str
    """The n-gram (raw tokens, within one punctuation segment)."""
    questions: int
    """Questions (relevance exemption applied) whose gold carries the phrase."""
    gold_sessions: int
    """Gold sessions carrying the phrase."""
    share: float
    """`questions` over all questions of the corpus."""


class AdversaryRecord(Strict):
    """A learned adversary's score: within-question AUC on held-out questions."""

    name: Literal["numeric", "ngram"]
    """`numeric`: every non-exempt numeric feature, standardised within question; `ngram`: a
    TF-IDF bag of raw-token 1–2-grams of the session text."""
    model: str
    """Model family, pinned hyperparameters and fold scheme, in one line."""
    auc: float
    """Within-question AUC (unfolded) of the held-out scores, pooled over (gold, distractor)
    pairs of gold-bearing questions."""
    shuffled_auc: float
    """The same pipeline trained and scored on labels shuffled within question."""
    folds: int
    """Folds, grouped by question."""
    inputs: int
    """Features (numeric) or vocabulary size over the whole corpus (ngram)."""
    leans_gold: list[str] = Field(default_factory=list)
    """What the model fitted on the whole corpus leans on most towards gold, with weights."""
    leans_filler: list[str] = Field(default_factory=list)
    """What it leans on most towards filler, with weights."""
    verdict: Literal["pass", "refused"]
    """`refused` when `auc` reaches the threshold."""


class HaystackAdversaryRecord(Strict):
    """The haystack-relative adversary (SEP008): gold found from how each session sits in its
    own haystack, without the question — within-question AUC on held-out haystacks."""

    model: str
    """Model family, pinned hyperparameters, features and fold scheme, in one line."""
    auc: float
    """Within-question AUC (unfolded) of the held-out scores, pooled over (gold, distractor)
    pairs of gold-bearing questions."""
    shuffled_auc: float
    """The same pipeline trained and scored on labels shuffled within question."""
    folds: int
    """Folds, grouped by haystack (the arms of a pair share one)."""
    haystacks: int
    """Distinct haystacks the folds are drawn from."""
    inputs: int
    """Features the model reads."""
    leans_gold: list[str] = Field(default_factory=list)
    """What the model fitted on the whole corpus leans on most towards gold, with weights."""
    leans_filler: list[str] = Field(default_factory=list)
    """What it leans on most towards filler, with weights."""
    refuse_at: float
    """`auc` at or above this refuses the corpus."""
    target: float
    """What a corpus built to pass aims below (reported, not gating)."""
    verdict: Literal["pass", "refused"]
    """`refused` when `auc` reaches `refuse_at`."""


class AnswerClassRow(Strict):
    """One answer class as the metadata adversary met it."""

    answer_class: str
    """The class, e.g. `before` or `never-known`."""
    questions: int
    """Questions of this class tested (those in strata holding more than one class)."""
    recall: float
    """Share of them whose class the held-out model predicted."""


class StratumRow(Strict):
    """One declared public stratum as the metadata adversary met it."""

    stratum: str
    """The stratum's value, e.g. the shape `due-window`; `all` when none is declared."""
    questions: int
    """Questions of the stratum that carry an answer class."""
    classes: dict[str, int]
    """Questions per answer class."""
    majority: float
    """Share of the stratum's most frequent class: what knowing the stratum alone gives."""
    accuracy: float | None = None
    """Held-out accuracy within the stratum; None when it holds a single class (nothing to
    predict there, so it is not tested)."""
    auc: float | None = None
    """Binary classes: within-stratum AUC of the held-out scores; None otherwise."""


class MetadataAdversaryRecord(Strict):
    """The answer-from-metadata adversary (SEP009): each question's answer class predicted
    from everything but the conversations' content, leaving out a whole pair at a time."""

    status: Literal["measured", "skipped"]
    """`skipped` when the vertical declares no categorical answer class, or too few questions
    carry one; `reason` says which."""
    reason: str | None = None
    """Why it was skipped, or what was left out of the test."""
    answer_class: str | None = None
    """The `typedmemeval` block field that holds the answer class (declared by the vertical)."""
    strata: str | None = None
    """The block field whose values are public strata, declared by the vertical; None when
    there are none."""
    model: str
    """Model family, pinned hyperparameters, inputs and fold scheme, in one line."""
    questions: int = 0
    """Questions tested."""
    groups: int = 0
    """Units left out one at a time: pairs, or haystacks for questions in no pair."""
    accuracy: float | None = None
    """Held-out accuracy over the questions tested."""
    majority: float | None = None
    """Accuracy of answering each stratum's most frequent class (the baseline)."""
    lift: float | None = None
    """`accuracy` − `majority`."""
    auc: float | None = None
    """Binary classes: held-out AUC, pairs formed within strata; None otherwise."""
    shuffled_accuracy: float | None = None
    """The same pipeline on answer classes shuffled within strata: its lift over the baseline
    is reported as `shuffled_lift`."""
    shuffled_lift: float | None = None
    """`shuffled_accuracy` − `majority`."""
    shuffled_auc: float | None = None
    """Binary classes: the shuffled pipeline's AUC."""
    classes: list[AnswerClassRow] = Field(default_factory=list)
    """Per answer class: n and held-out recall."""
    per_stratum: list[StratumRow] = Field(default_factory=list)
    """Per declared stratum: n, classes, baseline, held-out accuracy (and AUC)."""
    leans: list[str] = Field(default_factory=list)
    """What the model fitted on every tested question leans on most, with weights (per class
    for more than two classes)."""
    refuse_lift: float
    """`lift` at or above this refuses the corpus."""
    refuse_auc: float
    """Binary classes: `auc` at or above this refuses the corpus."""
    verdict: Literal["pass", "refused", "skipped"]
    """`refused` when either bar is reached."""


class ExemptionUse(Strict):
    """An exemption as the gate applied it."""

    feature: str
    """The name the exemption gives (feature, family or dotted prefix)."""
    reason: str
    """The reason it gives."""
    honoured: bool
    """False when the reason is empty: such an exemption is a finding and waives nothing."""
    covers: int
    """Measured features the name matches."""


class SeparabilityRecord(Strict):
    """The V7 record: table, distribution test, exclusivity, adversaries, verdict."""

    method: str
    """Version of the measurement definition; a stamp from another version is re-measured
    and compared all the same."""
    passed: bool
    """Whether the corpus passed the gate (no refusal of any kind)."""
    thresholds: Thresholds
    """The constants the verdicts were computed with."""
    seed: int
    """Seed of the permutation null and the adversaries' label shuffles."""
    worst_feature: str | None = None
    """Name of the non-exempt feature with the highest folded AUC."""
    worst_auc: float | None = None
    """That feature's folded AUC."""
    features_tested: int
    """Every feature measured, n-gram candidates included."""
    ngram_candidates: int
    """N-grams recurring in at least `recurrence_share` of questions."""
    features: list[FeatureRow] = Field(default_factory=list)
    """The single-feature table: every non-n-gram feature, and the n-grams that are refused,
    exempt, or among the strongest in either direction."""
    bimodal_features: list[str] = Field(default_factory=list)
    """Features refused by the distribution test."""
    exclusive_phrases: list[ExclusivePhrase] = Field(default_factory=list)
    """Phrases recurring in ≥ `recurrence_share` of questions that reach no distractor."""
    adversaries: list[AdversaryRecord] = Field(default_factory=list)
    """Learned adversaries (numeric-feature model, n-gram model); empty when not run."""
    haystack_adversary: HaystackAdversaryRecord | None = None
    """The haystack-relative adversary (SEP008); None when not run or stamped before it
    existed."""
    metadata_adversary: MetadataAdversaryRecord | None = None
    """The answer-from-metadata adversary (SEP009); None when not run or stamped before it
    existed."""
    exemptions: list[ExemptionUse] = Field(default_factory=list)
    """Exemptions as applied."""

    @model_serializer(mode="wrap")
    def _without_unmeasured_arms(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Leave out the haystack-relative and metadata adversaries when they were not run, so
        a record without them is written exactly as one stamped before they existed."""
        out: dict[str, Any] = handler(self)
        for name in ("haystack_adversary", "metadata_adversary"):
            if out.get(name, 0) is None:
                del out[name]
        return out
