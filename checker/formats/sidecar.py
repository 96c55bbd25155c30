"""The sidecar `<corpus-id>.meta.json` (R-FMT-4) and the release index (R-ID-3)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, NonNegativeInt, SerializerFunctionWrapHandler, model_serializer

from checker.formats.corpus import Strict
from checker.formats.retrieval import CoverageRecord, LadderRecord, ScaffoldingRecord
from checker.formats.separability import Exemption, SeparabilityRecord


class GeneratorInfo(Strict):
    """Which generator wrote the corpus, at which version, with which seed."""

    module: str
    """Python module of the generator."""
    version: str
    """Generator version."""
    seed: int
    """Corpus seed; per-question seeds derive from it."""
    trace: list[str] = Field(default_factory=list)
    """The generator's iteration over its competition levers, one line per attempt."""


class SessionOrderRecord(Strict):
    """Whether session order encodes event order, over the corpus (event-order verticals).

    Per question, Kendall's S between each event's place in the order its relations determine
    and the index of the session that states it; S and its null variance (every assignment of
    the question's session indices to its events equally likely, ties counted) are summed over
    questions."""

    questions: int
    """Questions whose events have a unique order (the ones measured)."""
    events: int
    """Events over those questions."""
    tau: float
    """Pooled Kendall tau-b: summed S over the summed tau-b denominators."""
    z: float
    """Summed S over the square root of its summed null variance."""
    p_value: float
    """Two-sided normal p-value of `z`."""
    max_tau: float
    """The profile's refusal bound on |tau|."""
    alpha: float
    """The profile's refusal bound on the p-value."""
    verdict: Literal["pass", "refused"]
    """`refused` when |tau| is at least `max_tau` or the p-value is below `alpha`."""


class StructureRecord(Strict):
    """Structural figures re-derived from the bytes (R-CHK-STRUCT)."""

    g_distribution: dict[str, int]
    """Number of questions per gold-session count G (keys are G as a string)."""
    h_min: int
    """Fewest non-gold sessions in any question."""
    h_max: int
    """Most non-gold sessions in any question."""
    gold_position_shuffled: bool
    """Whether gold positions vary (except declared pins)."""
    pinned_positions: str | None = None
    """Declared reason when gold position is pinned (WorkingMemory distance, Forgetting order)."""
    shape_counts: dict[str, int]
    """Questions per shape."""
    session_order: SessionOrderRecord | None = None
    """Event-order verticals: the rank correlation of event order with session order."""


class CeilingRecord(Strict):
    """Structural ceiling min(1, K_ref/G) per G, and what no retriever can exceed."""

    k_ref: int
    """Retrieval budget in sessions."""
    by_g: dict[str, float]
    """Ceiling per gold-session count G."""
    min: float
    """Lowest ceiling in the corpus."""
    questions_over_k_ref: list[str] = Field(default_factory=list)
    """Questions whose G exceeds K_ref."""


class ProbeRecord(Strict):
    """A model-dependent validity probe (V1, V2, V3, V6, V8, V9, paraphrase screen)."""

    status: Literal["measured", "unmeasured"]
    """`unmeasured` until a real model ran it."""
    reason: str | None = None
    """Why it is unmeasured."""
    model: str | None = None
    """Reference model that ran it."""
    date: str | None = None
    """Run date (a record of when it ran; never inside a corpus)."""
    temperature: float | None = None
    """Sampling temperature."""
    seed: int | None = None
    """Sampling seed."""
    corpus_sha256: str | None = None
    """Hash of the corpus the record describes; must equal the shipped hash."""
    carried_from: str | None = None
    """Hash of the corpus the probe actually ran on, when the record was carried to new bytes
    that ask every question exactly as before (only the difficulty flag, which no prompt shows
    and no judge reads, changed: the ladder stamps it from this very record)."""
    derived_from: str | None = None
    """The reference run whose answers the record is, as a path under `results/` relative to
    the release root, for a probe that asks exactly what a reference system asks (V8: the
    full-context system; V9: BM25 top-K_ref) at the same model, temperature and seed
    (`checker.runner.derive`); the checker re-derives the record from that file."""
    applicable: int | None = None
    """Questions the probe applies to (its denominator)."""
    outcomes: dict[str, str] = Field(default_factory=dict)
    """Per-question outcome: the judged outcome for V1, V8 and V9; `pass` / `fail` /
    `inconclusive` for the sampled probes V2, V3 and V6."""
    judge_model: str | None = None
    """The family judge's model that scored the probe's answers."""
    judge_fingerprint: str | None = None
    """The judge's fingerprint (templates and settings)."""
    samples: int | None = None
    """Samples per question (per ablated component for V6)."""
    hits: dict[str, NonNegativeInt] = Field(default_factory=dict)
    """Sampled probes: per question, how many samples reproduced gold."""
    read: dict[str, NonNegativeInt] = Field(default_factory=dict)
    """Sampled probes V2 and V3 (V6 samples per component and counts none): per question, how many samples the judge read a verdict in (the rest
    were inconclusive and could have been hits, which is why a question with many of them is
    undecided)."""
    pairs: dict[str, str] = Field(default_factory=dict)
    """V1: per pair id, `flipped` when every arm was answered correctly (gold flips between
    arms, so the answers differ), `not-flipped`, or `inconclusive`."""
    components: dict[str, dict[str, str]] = Field(default_factory=dict)
    """V6: per question, per ablated component, `pass` / `fail` / `inconclusive`."""

    @model_serializer(mode="wrap")
    def _omit_empty_detail(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # The detail fields are written only when a probe run filled them, so an unmeasured
        # record keeps the shape it has always had on disk.
        data: dict[str, Any] = handler(self)
        for name in PROBE_DETAIL_FIELDS:
            if data.get(name) in (None, {}):
                data.pop(name, None)
        return data


class NamePools(Strict):
    """Where the corpus's value names come from: each kind of value (given names by gender,
    surnames, towns, pets) is drawn uniformly from its pool, so no value is likelier than
    another; a value is issued at most once per corpus."""

    source: str
    """The word lists the pools are built from, with their pinned version (`Faker 40.63.0`)."""
    sizes: dict[str, int]
    """Names in each kind's pool after refusing places of note and common English words."""
    issued: int
    """Names the corpus issued, over every kind."""


#: ProbeRecord fields a probe run fills (omitted from the file when empty).
PROBE_DETAIL_FIELDS = (
    "carried_from",
    "derived_from",
    "judge_model",
    "judge_fingerprint",
    "samples",
    "hits",
    "read",
    "pairs",
    "components",
)


class Sidecar(Strict):
    """`<corpus-id>.meta.json`: everything the checker measures, stamped."""

    corpus_id: str
    """`typedmemeval-<vertical>-<revision>`."""
    vertical: str
    """Lower-case vertical key."""
    revision: str
    """Calendar revision label, e.g. `2026.12`."""
    question_count: int
    """Number of questions in the corpus."""
    corpus_sha256: str
    """sha256 of the corpus bytes after CRLF → LF."""
    generator: GeneratorInfo
    """The generator that wrote the corpus."""
    k_ref: int
    """Reference retrieval budget."""
    structure: StructureRecord
    """Structural figures."""
    ceiling: CeilingRecord
    """The ceiling table."""
    exemptions: list[Exemption] = Field(default_factory=list)
    """Features exempt from separability, each with its reason."""
    coverage: CoverageRecord | None = None
    """BM25 calibration."""
    scaffolding: ScaffoldingRecord | None = None
    """Scaffolding dependence."""
    ladder: LadderRecord | None = None
    """Difficulty-ladder verdicts."""
    separability: SeparabilityRecord | None = None
    """V7 separability record."""
    probes: dict[str, ProbeRecord] = Field(default_factory=dict)
    """Model-dependent probes by name (v1, v2, v3, v6, v8, v9, paraphrase)."""
    name_pools: NamePools | None = None
    """The pools the value names were drawn from (generated corpora)."""


#: A relative path inside the index's folder: names of letters, digits, `.`, `_` and `-`, none
#: starting with a dot, joined by `/` (an index once named `/proc/self/environ` and `../`).
INDEX_FILE_PATTERN = r"^[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$"


class IndexEntry(Strict):
    """One corpus in the release index."""

    vertical: str
    """Lower-case vertical key."""
    revision: str
    """Calendar revision label."""
    status: Literal["draft", "released"]
    """Drafts regenerate freely; a released corpus's bytes never change."""
    file: str = Field(pattern=INDEX_FILE_PATTERN)
    """Path of the corpus file relative to the index's folder: plain names joined by `/`, none
    starting with a dot (no absolute path, no `..`, no hidden name)."""
    sha256: str
    """sha256 of the corpus bytes after CRLF → LF."""
    question_count: int
    """Number of questions."""
    shape_counts: dict[str, int]
    """Questions per shape."""


class ReleaseIndex(Strict):
    """`corpora/index.json`: corpus id → revision, status, hash and counts."""

    family: Literal["TypedMemEval"] = "TypedMemEval"
    """The family name."""
    corpora: dict[str, IndexEntry] = Field(default_factory=dict)
    """Corpus id → entry."""
