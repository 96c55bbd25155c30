"""The result formats (R-RES-1, R-RES-5): one run of a system over one corpus, and one run over
the EE probes.

A result is pinned to the exact corpus bytes (id, revision, sha256), carries one row per
question from which every published number is recomputed, and holds no answer text: answers are
sensitive and stay in the runner's local files. Free-text fields are one bounded line of plain
text, so a submission cannot smuggle a transcript, markup or invisible characters through them.

The models validate strictly (`ResultFormat`): the checker accepts exactly the files that
`schemas/result.schema.json` and `schemas/ee-result.schema.json`, generated from them, accept in
any JSON Schema validator — no string read as a number, no boolean as a count, no integer or
timestamp as a date. A property test holds the two together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    StringConstraints,
    WithJsonSchema,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from checker.formats.corpus import Strict


class ResultFormat(Strict):
    """Base of the result formats: unknown fields refused and every value of the type the schema
    names (pydantic's strict mode)."""

    model_config = ConfigDict(strict=True)


def _json_integer(value: Any) -> Any:
    """A JSON number with no fraction is an integer to JSON Schema (`1.0` is the integer 1); a
    boolean is never a number."""
    if isinstance(value, bool):
        raise ValueError("a boolean is not a number")
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


#: An integer as JSON Schema reads one. (Constraints go before the validator, inside it, so
#: that they reach the schema as `minimum` / `maximum`.)
JsonInt = Annotated[int, BeforeValidator(_json_integer)]


@dataclass(frozen=True)
class _OneLine:
    """Adds "no line feed" to a pattern's JSON Schema. JSON Schema patterns are ECMA-262, where
    `$` ends the text, as in pydantic's own engine; Python's `re`, which Python validators use,
    also lets `$` match before a final line feed. Saying so keeps every validator equal."""

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        schema = handler(core_schema)
        schema["not"] = {"pattern": "\\n"}
        return schema


ONE_LINE = _OneLine()

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

# Patterns use only what ECMA-262, pydantic's engine and Python's `re` read alike: ASCII
# classes (`[0-9]`, never `\d`, which is Unicode-wide in two of them) and `\uXXXX` escapes.

#: A label a person reads (system name, model name): letters, digits, space and `._+-:/@()`,
#: starting with a letter or digit. No markup, no quotes, no control characters.
LABEL_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9 ._+:/@()-]{0,79}$"
#: A run id doubles as the file name stem under `results/`.
RUN_ID_PATTERN = r"^[a-z0-9][a-z0-9._-]{0,63}$"
#: A fingerprint: lower-case hex, 12 to 64 digits.
FINGERPRINT_PATTERN = r"^[0-9a-f]{12,64}$"
SHA256_PATTERN = r"^[0-9a-f]{64}$"
CORPUS_ID_PATTERN = r"^[a-z0-9][a-z0-9.-]{0,63}$"
REVISION_PATTERN = r"^[0-9]{4}\.[0-9]{2}(\.[0-9]+)?$"
QUESTION_ID_PATTERN = r"^tme-[a-z]{2,3}-[0-9]{4}-[0-9]{3}(_abs)?$"
#: Characters free text never holds: markup characters, C0 controls, DEL, C1 controls, the
#: no-break and other non-plain spaces, the soft hyphen, zero-width and bidi marks, embeddings,
#: overrides and isolates, line and paragraph separators, invisible operators, the byte order
#: mark and interlinear annotations. (Outside the Basic Multilingual Plane, RES007 refuses the
#: rest: tag characters, private use, unassigned code points.)
NOT_FREE_TEXT = (
    r"<>\"`\x00-\x1f\x7f-\x9f\xa0\xad\u061c\u1680\u180e\u2000-\u200f\u2028-\u202f"
    r"\u205f-\u206f\u3000\ufeff\ufff9-\ufffb"
)
#: A reason for an unrun or inconclusive row: one short line of plain printable text.
REASON_PATTERN = rf"^[^{NOT_FREE_TEXT}]{{1,200}}$"
#: An item asserted in a set answer or mentioned in a list-order answer.
ITEM_PATTERN = rf"^[^{NOT_FREE_TEXT}]{{1,80}}$"
#: A run date: a calendar date `YYYY-MM-DD` of the years 2000–2099 (leap days included).
DATE_PATTERN = (
    r"^20[0-9]{2}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"
    r"|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))$"
    r"|^20(?:[02468][048]|[13579][26])-02-29$"
)
_DATE_RE = re.compile(DATE_PATTERN)


def _calendar_date(value: Any) -> Any:
    """A run date is a JSON string `YYYY-MM-DD`; never a number or a timestamp."""
    if type(value) is date:
        return value
    if not isinstance(value, str) or not _DATE_RE.fullmatch(value):
        raise ValueError("a run date is a calendar date written YYYY-MM-DD (years 2000-2099)")
    return date.fromisoformat(value)


RunDate = Annotated[
    date,
    BeforeValidator(_calendar_date),
    WithJsonSchema(
        {"type": "string", "format": "date", "pattern": DATE_PATTERN, "not": {"pattern": "\\n"}}
    ),
]
Label = Annotated[str, StringConstraints(pattern=LABEL_PATTERN), ONE_LINE]
RunId = Annotated[str, StringConstraints(pattern=RUN_ID_PATTERN), ONE_LINE]
Fingerprint = Annotated[str, StringConstraints(pattern=FINGERPRINT_PATTERN), ONE_LINE]
Sha256 = Annotated[str, StringConstraints(pattern=SHA256_PATTERN), ONE_LINE]
CorpusId = Annotated[str, StringConstraints(pattern=CORPUS_ID_PATTERN), ONE_LINE]
Revision = Annotated[str, StringConstraints(pattern=REVISION_PATTERN), ONE_LINE]
QuestionId = Annotated[str, StringConstraints(pattern=QUESTION_ID_PATTERN), ONE_LINE]
Reason = Annotated[str, StringConstraints(pattern=REASON_PATTERN), ONE_LINE]
Item = Annotated[str, StringConstraints(pattern=ITEM_PATTERN), ONE_LINE]
Count = Annotated[int, Field(ge=0), BeforeValidator(_json_integer)]
#: A share of a whole, 0 to 1.
Share = Annotated[float, Field(ge=0, le=1)]
FormatVersion = Annotated[Literal[1], BeforeValidator(_json_integer)]

#: Largest number of rows a result may hold (the largest vertical has 80 questions).
MAX_ROWS = 2000


class CorpusRef(ResultFormat):
    """The corpus the run answered, pinned to its bytes."""

    corpus_id: CorpusId
    """`typedmemeval-<vertical>-<revision>`; must be in the release index."""
    revision: Revision
    """Calendar revision label, e.g. `2026.12`; must equal the index's."""
    sha256: Sha256
    """sha256 of the corpus bytes after CRLF → LF; must equal the index's."""


class SystemRef(ResultFormat):
    """The memory system under test."""

    name: Label
    """The system's name as it should appear on the site."""
    version: Label
    """The system's version (a release tag or a commit)."""


class AnswerSampling(ResultFormat):
    """How the answer model was asked to sample, and what the provider did with the request.

    Runs whose requested temperature or provider disposition differ are different experiments
    and are never banded together."""

    temperature: float | None = Field(default=None, ge=0, le=2)
    """Requested sampling temperature, or null when none was requested."""
    seed: JsonInt | None = None
    """Requested sampling seed, or null when none was requested. Pin it to measure the memory
    system's own variance; vary it across runs to measure the answer model's."""
    temperature_disposition: Literal[
        "honoured", "ignored", "overridden", "not-requested", "unknown"
    ]
    """What the provider did with the requested temperature."""
    seed_disposition: Literal["honoured", "ignored", "unsupported", "not-requested", "unknown"]
    """What the provider did with the requested seed."""


class JudgeRef(ResultFormat):
    """The judge that turned answers into typed outcomes."""

    model: Label
    """The judge model."""
    fingerprint: Fingerprint
    """Hash of the judge's templates and settings; runs with different fingerprints are never
    banded together."""
    response_format: Literal["json_schema", "json_object_schema", "json_object", "none"] | None = (
        None
    )
    """How a model judge was asked for its JSON verdict (`json_schema`; `json_object` with the
    verdict schema in a `schema` field, `json_object_schema`; bare `json_object`; or the prompt
    alone), as the preflight negotiated it with the endpoint; absent for the deterministic judge
    (`typedmemeval-rules`)."""


class ListOrderScore(ResultFormat):
    """Episodic list-order: the answer scored pairwise on the items it mentions."""

    mentioned: Count
    """Items of the gold list the answer mentions."""
    pairs: Count
    """Ordered pairs among the mentioned items: mentioned × (mentioned − 1) / 2."""
    inversions: Count
    """Pairs the answer puts in the wrong order (any inversion makes the outcome wrong)."""


class EvidenceAttribution(ResultFormat):
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


class RealisedCoverage(ResultFormat):
    """The share of the question's gold sessions the system surfaced."""

    value: Share
    """Surfaced gold sessions ÷ gold sessions (so a multiple of 1/G)."""
    source: EvidenceList
    """Which list coverage was computed from."""
    per_component: list[bool] | None = None
    """Where the question declares gold components: for each, in declared order, whether its
    session was surfaced (e.g. the statement but not the invalidation)."""


class ResultRow(ResultFormat):
    """One question's typed outcome and its evidence detail. No answer text."""

    question_id: QuestionId
    """The corpus question id; every question of the corpus appears exactly once."""
    outcome: Outcome
    """The typed outcome. `premature` only on Prospective before-arms."""
    reason: Reason | None = None
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


class ResultSummary(ResultFormat):
    """An optional summary block; the checker recomputes it from the rows and refuses any
    difference. It holds counts only: rates are computed by the aggregator."""

    n: Count
    """Number of rows."""
    outcomes: dict[Outcome, Count]
    """Rows per outcome (every outcome listed, zeros included)."""
    by_shape: dict[str, dict[Outcome, Count]] = Field(default_factory=dict)
    """Rows per outcome within each shape of the vertical."""


class ResultFile(ResultFormat):
    """A TypedMemEval result: one run of one system over one corpus."""

    kind: Literal["typedmemeval-result"]
    """File kind marker."""
    format_version: FormatVersion
    """Version of this format."""
    benchmark: Literal["TypedMemEval"]
    """The family the corpus belongs to."""
    run_id: RunId
    """Identifier of the run; the file is `results/<vertical>/<system>/<run_id>.json`."""
    run_date: RunDate
    """The date the run was made (a record of when, not part of any corpus); never in the
    future."""
    corpus: CorpusRef
    """The corpus answered."""
    system: SystemRef
    """The system under test."""
    answer_model: Label
    """The model that wrote the answers."""
    answer_sampling: AnswerSampling
    """Requested sampling and what the provider did with it."""
    judge: JudgeRef
    """The judge and its fingerprint."""
    grounding: Literal["timestamps-only", "timestamps-and-text"]
    """How session timestamps reached the system under test."""
    configuration_fingerprint: Fingerprint
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
EE_PROBE_KEY_PATTERN = (
    r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}:(edit|erase):(before|after)[1-9][0-9]{0,2}$"
)
DatasetConfig = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_.-]{0,39}$"), ONE_LINE]
ProbeKey = Annotated[str, StringConstraints(pattern=EE_PROBE_KEY_PATTERN), ONE_LINE]
Domain = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z_]{0,39}$"), ONE_LINE]


class DatasetRef(ResultFormat):
    """The MEME data the EE run used (loaded from a path the user supplied)."""

    name: Literal["MEME"]
    """The dataset (meme-benchmark/MEME, CC BY 4.0)."""
    config: DatasetConfig
    """The dataset configuration, e.g. `filler32k`."""
    sha256: Sha256
    """sha256 of the dataset file after CRLF → LF."""


class EEProbeVerdict(ResultFormat):
    """One graded probe."""

    key: ProbeKey
    """`{episode}:{task}:{phase}{n}`, e.g. `pl_001:erase:after1`."""
    verdict: EEVerdict
    """The judge's verdict under the phase's rubric; `inconclusive` and `unrun` are not graded."""
    reason: Reason | None = None
    """Why the probe is unrun or inconclusive (required for those two, refused otherwise)."""
    hop: Annotated[int, Field(ge=1, le=9), BeforeValidator(_json_integer)] | None = None
    """Cascade hop of an edit probe (1 or 2), from the dataset; a diagnostic stratum."""
    domain: Domain | None = None
    """The episode's domain (e.g. `personal_life`, `software_project`); a diagnostic stratum."""


class EEBuckets(ResultFormat):
    """Graded probe pairs per bucket, crossing the two phases per entity."""

    real: Count
    """Correct before and correct after: the only bucket the score counts."""
    trivial: Count
    """Wrong before, correct after (for erase: a system that never learned the fact)."""
    knew_but_failed: Count
    """Correct before, wrong after."""
    never_knew: Count
    """Wrong before and wrong after."""


class EERollup(ResultFormat):
    """The EE figures; the checker recomputes them from the probes and refuses any difference."""

    graded_after: Count
    """After-probes graded on both phases (the denominator; equals the bucket total)."""
    buckets: EEBuckets
    """The four buckets."""
    accuracy: Share | None
    """real ÷ graded after-probes; null when nothing was graded."""
    task_accuracy: dict[EETask, Share] = Field(default_factory=dict)
    """Per task, real ÷ graded after-probes of that task; a task absent from the run is omitted
    (never 0)."""


class EEResultFile(ResultFormat):
    """An EE result: per-probe verdicts of one system over MEME episodes."""

    kind: Literal["typedmemeval-ee-result"]
    """File kind marker."""
    format_version: FormatVersion
    """Version of this format."""
    benchmark: Literal["EE"]
    """The erasability & editability benchmark."""
    run_id: RunId
    """Identifier of the run; the file is `results/ee/<system>/<run_id>.json`."""
    run_date: RunDate
    """The date the run was made; never in the future."""
    dataset: DatasetRef
    """The MEME data used."""
    system: SystemRef
    """The system under test."""
    answer_model: Label
    """The model that wrote the answers."""
    answer_sampling: AnswerSampling
    """Requested sampling and what the provider did with it."""
    judge: JudgeRef
    """The judge (one call per probe) and its fingerprint."""
    agent_conversation: Literal["stateful", "independent"]
    """`stateful`: every turn sees the agent's earlier messages; `independent`: messages reset
    before each turn, so after-probes learn the change only from memory."""
    configuration_fingerprint: Fingerprint
    """Hash of the system's configuration."""
    probes: list[EEProbeVerdict] = Field(max_length=20000)
    """One verdict per probe, keyed `{episode}:{task}:{phase}{n}`."""
    rollup: EERollup | None = None
    """Optional figures, which must equal what the probes recompute."""
