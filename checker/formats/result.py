"""The result formats (R-RES-1, R-RES-5): one run of a system over one corpus, and one run over
the EE probes.

A result is pinned to the exact corpus bytes (id, revision, sha256), carries one row per
question from which every published number is recomputed, and holds no answer text: answers are
sensitive and stay in the runner's local files. Free-text fields are bounded and restricted so a
submission cannot smuggle a transcript or markup through them.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from checker.formats.corpus import Strict

#: The typed outcomes. `inconclusive` (the judge gave no verdict) and `unrun` (skipped with a
#: reason) are not measurements and never enter a rate.
Outcome = Literal["correct", "wrong", "abstained", "missed", "premature", "inconclusive", "unrun"]
OUTCOMES: tuple[Outcome, ...] = (
    "correct",
    "wrong",
    "abstained",
    "missed",
    "premature",
    "inconclusive",
    "unrun",
)
#: Outcomes that are measurements (the denominator of every rate).
MEASURED_OUTCOMES: tuple[Outcome, ...] = ("correct", "wrong", "abstained", "missed", "premature")
#: Outcomes that must carry a reason.
REASONED_OUTCOMES: tuple[Outcome, ...] = ("inconclusive", "unrun")

AssertedState = Literal["fired", "not-yet", "other"]
SubLabel = Literal["stale-recall", "over-forgetting", "mis-attributed-forgetting"]
EvidenceList = Literal["answer-context", "retrieved"]

#: A label a person reads (system name, model name): letters, digits, space and `._+-:/@()`,
#: starting with a letter or digit. No markup, no quotes, no control characters.
LABEL_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9 ._+:/@()-]{0,79}$"
#: A run id doubles as the file name stem under `results/`.
RUN_ID_PATTERN = r"^[a-z0-9][a-z0-9._-]{0,63}$"
#: A fingerprint: lower-case hex, 12 to 64 digits.
FINGERPRINT_PATTERN = r"^[0-9a-f]{12,64}$"
SHA256_PATTERN = r"^[0-9a-f]{64}$"
#: A reason for an unrun or inconclusive row: one short line, no markup characters.
REASON_PATTERN = r"^[^<>\"`\x00-\x1f\x7f]{1,200}$"
#: An item asserted in a set answer or mentioned in a list-order answer.
ITEM_PATTERN = r"^[^<>\"`\x00-\x1f\x7f]{1,80}$"
Item = Annotated[str, StringConstraints(pattern=ITEM_PATTERN)]
Count = Annotated[int, Field(ge=0)]

#: Largest number of rows a result may hold (the largest vertical has 80 questions).
MAX_ROWS = 2000


class CorpusRef(Strict):
    """The corpus the run answered, pinned to its bytes."""

    corpus_id: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]{0,63}$")
    """`typedmemeval-<vertical>-<revision>`; must be in the release index."""
    revision: str = Field(pattern=r"^\d{4}\.\d{2}(\.\d+)?$")
    """Calendar revision label, e.g. `2026.12`; must equal the index's."""
    sha256: str = Field(pattern=SHA256_PATTERN)
    """sha256 of the corpus bytes after CRLF → LF; must equal the index's."""


class SystemRef(Strict):
    """The memory system under test."""

    name: str = Field(pattern=LABEL_PATTERN)
    """The system's name as it should appear on the site."""
    version: str = Field(pattern=LABEL_PATTERN)
    """The system's version (a release tag or a commit)."""


class AnswerSampling(Strict):
    """How the answer model was asked to sample, and what the provider did with the request.

    Runs whose requested temperature or provider disposition differ are different experiments
    and are never banded together."""

    temperature: float | None = Field(default=None, ge=0, le=2)
    """Requested sampling temperature, or null when none was requested."""
    seed: int | None = None
    """Requested sampling seed, or null when none was requested. Pin it to measure the memory
    system's own variance; vary it across runs to measure the answer model's."""
    temperature_disposition: Literal[
        "honoured", "ignored", "overridden", "not-requested", "unknown"
    ]
    """What the provider did with the requested temperature."""
    seed_disposition: Literal["honoured", "ignored", "unsupported", "not-requested", "unknown"]
    """What the provider did with the requested seed."""


class JudgeRef(Strict):
    """The judge that turned answers into typed outcomes."""

    model: str = Field(pattern=LABEL_PATTERN)
    """The judge model."""
    fingerprint: str = Field(pattern=FINGERPRINT_PATTERN)
    """Hash of the judge's templates and settings; runs with different fingerprints are never
    banded together."""


class ListOrderScore(Strict):
    """Episodic list-order: the answer scored pairwise on the items it mentions."""

    mentioned: int = Field(ge=0)
    """Items of the gold list the answer mentions."""
    pairs: int = Field(ge=0)
    """Ordered pairs among the mentioned items: mentioned × (mentioned − 1) / 2."""
    inversions: int = Field(ge=0)
    """Pairs the answer puts in the wrong order (any inversion makes the outcome wrong)."""


class EvidenceAttribution(Strict):
    """Whether every gold session reached the list the answer model saw (reference level) or
    whether the gold value survived in the surfaced text (content level)."""

    status: Literal["present", "absent", "unobserved"]
    """`present`: every gold session was in the list; `absent`: at least one was not;
    `unobserved`: the system supplied no evidence envelope (never guessed)."""
    source: EvidenceList | None = None
    """Which list attribution was computed from; null when unobserved."""
    level: Literal["reference", "content"] | None = None
    """`reference`: session ids in the list; `content`: the gold value in the surfaced text.
    Null when unobserved."""
    per_gold_session: list[bool] | None = None
    """For each gold session in haystack order, whether it was present (per-input presence for
    Arithmetic). Null when unobserved."""


class RealisedCoverage(Strict):
    """The share of the question's gold sessions the system surfaced."""

    value: float = Field(ge=0, le=1)
    """Surfaced gold sessions ÷ gold sessions (so a multiple of 1/G)."""
    source: EvidenceList
    """Which list coverage was computed from."""
    per_component: list[bool] | None = None
    """Where the question declares gold components: for each, in declared order, whether its
    session was surfaced (e.g. the statement but not the invalidation)."""


class ResultRow(Strict):
    """One question's typed outcome and its evidence detail. No answer text."""

    question_id: str = Field(pattern=r"^tme-[a-z]{2,3}-\d{4}-\d{3}(_abs)?$")
    """The corpus question id; every question of the corpus appears exactly once."""
    outcome: Outcome
    """The typed outcome. `premature` only on Prospective before-arms."""
    reason: str | None = Field(default=None, pattern=REASON_PATTERN)
    """Why the question is unrun or inconclusive (required for those two, refused otherwise)."""
    asserted_state: AssertedState | None = None
    """Prospective: the state the answer asserted, independent of gold (`fired`: the due thing
    has happened or is due; `not-yet`; `other`). Pair consistency is computed from this, never
    from outcomes, because gold flips between arms."""
    asserted_items: list[Item] | None = Field(default=None, max_length=50)
    """Set answers (due-window): the items the answer asserted, as the corpus names them."""
    sub_label: SubLabel | None = None
    """Forgetting: stale recall (invalidated, wrong), over-forgetting (still-valid), mis-attributed
    forgetting (never-known, wrong)."""
    list_order: ListOrderScore | None = None
    """Episodic list-order: the pairwise score on the items the answer mentions."""
    evidence: EvidenceAttribution | None = None
    """Evidence attribution; null only for questions without gold sessions."""
    realised_coverage: RealisedCoverage | None = None
    """Realised coverage; null for questions without gold sessions or when the system exposed no
    evidence list."""


class ResultSummary(Strict):
    """An optional summary block; the checker recomputes it from the rows and refuses any
    difference. It holds counts only: rates are computed by the aggregator."""

    n: int = Field(ge=0)
    """Number of rows."""
    outcomes: dict[Outcome, Count]
    """Rows per outcome (every outcome listed, zeros included)."""
    by_shape: dict[str, dict[Outcome, Count]] = Field(default_factory=dict)
    """Rows per outcome within each shape of the vertical."""


class ResultFile(Strict):
    """A TypedMemEval result: one run of one system over one corpus."""

    kind: Literal["typedmemeval-result"]
    """File kind marker."""
    format_version: Literal[1]
    """Version of this format."""
    benchmark: Literal["TypedMemEval"]
    """The family the corpus belongs to."""
    run_id: str = Field(pattern=RUN_ID_PATTERN)
    """Identifier of the run; the file is `results/<vertical>/<system>/<run_id>.json`."""
    run_date: date
    """The date the run was made (a record of when, not part of any corpus)."""
    corpus: CorpusRef
    """The corpus answered."""
    system: SystemRef
    """The system under test."""
    answer_model: str = Field(pattern=LABEL_PATTERN)
    """The model that wrote the answers."""
    answer_sampling: AnswerSampling
    """Requested sampling and what the provider did with it."""
    judge: JudgeRef
    """The judge and its fingerprint."""
    grounding: Literal["timestamps-only", "timestamps-and-text"]
    """How session timestamps reached the system under test."""
    configuration_fingerprint: str = Field(pattern=FINGERPRINT_PATTERN)
    """Hash of the system's configuration; runs that differ are never banded together."""
    rows: list[ResultRow] = Field(max_length=MAX_ROWS)
    """One row per question of the corpus."""
    summary: ResultSummary | None = None
    """Optional counts, which must equal what the rows recompute."""


# --- EE (erasability & editability, over MEME episodes) -------------------------------------

EETask = Literal["edit", "erase"]
EEPhase = Literal["before", "after"]
EEVerdict = Literal["correct", "wrong", "inconclusive", "unrun"]
EEBucket = Literal["real", "trivial", "knew_but_failed", "never_knew"]
EE_BUCKETS: tuple[EEBucket, ...] = ("real", "trivial", "knew_but_failed", "never_knew")
#: `{episode}:{task}:{phase}{n}`, n 1-based and restarting per task and phase.
EE_PROBE_KEY_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}:(edit|erase):(before|after)[1-9]\d{0,2}$"


class DatasetRef(Strict):
    """The MEME data the EE run used (loaded from a path the user supplied)."""

    name: Literal["MEME"]
    """The dataset (meme-benchmark/MEME, CC BY 4.0)."""
    config: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]{0,39}$")
    """The dataset configuration, e.g. `filler32k`."""
    sha256: str = Field(pattern=SHA256_PATTERN)
    """sha256 of the dataset file after CRLF → LF."""


class EEProbeVerdict(Strict):
    """One graded probe."""

    key: str = Field(pattern=EE_PROBE_KEY_PATTERN)
    """`{episode}:{task}:{phase}{n}`, e.g. `pl_001:erase:after1`."""
    verdict: EEVerdict
    """The judge's verdict under the phase's rubric; `inconclusive` and `unrun` are not graded."""
    reason: str | None = Field(default=None, pattern=REASON_PATTERN)
    """Why the probe is unrun or inconclusive (required for those two, refused otherwise)."""
    hop: int | None = Field(default=None, ge=1, le=9)
    """Cascade hop of an edit probe (1 or 2), from the dataset; a diagnostic stratum."""
    domain: str | None = Field(default=None, pattern=r"^[a-z][a-z_]{0,39}$")
    """The episode's domain (e.g. `personal_life`, `software_project`); a diagnostic stratum."""


class EEBuckets(Strict):
    """Graded probe pairs per bucket, crossing the two phases per entity."""

    real: int = Field(ge=0)
    """Correct before and correct after: the only bucket the score counts."""
    trivial: int = Field(ge=0)
    """Wrong before, correct after (for erase: a system that never learned the fact)."""
    knew_but_failed: int = Field(ge=0)
    """Correct before, wrong after."""
    never_knew: int = Field(ge=0)
    """Wrong before and wrong after."""


class EERollup(Strict):
    """The EE figures; the checker recomputes them from the probes and refuses any difference."""

    graded_after: int = Field(ge=0)
    """After-probes graded on both phases (the denominator; equals the bucket total)."""
    buckets: EEBuckets
    """The four buckets."""
    accuracy: float | None = Field(ge=0, le=1)
    """real ÷ graded after-probes; null when nothing was graded."""
    task_accuracy: dict[EETask, float] = Field(default_factory=dict)
    """Per task, real ÷ graded after-probes of that task; a task absent from the run is omitted
    (never 0)."""


class EEResultFile(Strict):
    """An EE result: per-probe verdicts of one system over MEME episodes."""

    kind: Literal["typedmemeval-ee-result"]
    """File kind marker."""
    format_version: Literal[1]
    """Version of this format."""
    benchmark: Literal["EE"]
    """The erasability & editability benchmark."""
    run_id: str = Field(pattern=RUN_ID_PATTERN)
    """Identifier of the run; the file is `results/ee/<system>/<run_id>.json`."""
    run_date: date
    """The date the run was made."""
    dataset: DatasetRef
    """The MEME data used."""
    system: SystemRef
    """The system under test."""
    answer_model: str = Field(pattern=LABEL_PATTERN)
    """The model that wrote the answers."""
    answer_sampling: AnswerSampling
    """Requested sampling and what the provider did with it."""
    judge: JudgeRef
    """The judge (one call per probe) and its fingerprint."""
    agent_conversation: Literal["stateful", "independent"]
    """`stateful`: every turn sees the agent's earlier messages; `independent`: messages reset
    before each turn, so after-probes learn the change only from memory."""
    configuration_fingerprint: str = Field(pattern=FINGERPRINT_PATTERN)
    """Hash of the system's configuration."""
    probes: list[EEProbeVerdict] = Field(max_length=20000)
    """One verdict per probe, keyed `{episode}:{task}:{phase}{n}`."""
    rollup: EERollup | None = None
    """Optional figures, which must equal what the probes recompute."""
