"""Pydantic models: the single source of truth for every file format."""

from pydantic import BaseModel

from checker.formats.corpus import (
    Candidate,
    CorpusFile,
    Derivation,
    DerivationInput,
    Event,
    GoldComponent,
    ListOrder,
    Pivot,
    Question,
    Relation,
    Turn,
    TypedMemEvalBlock,
)
from checker.formats.result import EEResultFile, ResultFile
from checker.formats.retrieval import CoverageRecord, LadderRecord, LadderVerdict, ScaffoldingRecord
from checker.formats.separability import (
    AdversaryRecord,
    Exemption,
    FeatureRow,
    SeparabilityRecord,
)
from checker.formats.sidecar import (
    CeilingRecord,
    GeneratorInfo,
    IndexEntry,
    ProbeRecord,
    ReleaseIndex,
    Sidecar,
    StructureRecord,
)

#: Every file format with a schema under `schemas/`: schema name → model.
SCHEMA_MODELS: dict[str, type[BaseModel]] = {
    "corpus": CorpusFile,
    "sidecar": Sidecar,
    "release-index": ReleaseIndex,
    "result": ResultFile,
    "ee-result": EEResultFile,
}

__all__ = [
    "SCHEMA_MODELS",
    "AdversaryRecord",
    "Candidate",
    "CeilingRecord",
    "CorpusFile",
    "CoverageRecord",
    "Derivation",
    "DerivationInput",
    "EEResultFile",
    "Event",
    "Exemption",
    "FeatureRow",
    "GeneratorInfo",
    "GoldComponent",
    "IndexEntry",
    "LadderRecord",
    "LadderVerdict",
    "ListOrder",
    "Pivot",
    "ProbeRecord",
    "Question",
    "Relation",
    "ReleaseIndex",
    "ResultFile",
    "ScaffoldingRecord",
    "SeparabilityRecord",
    "Sidecar",
    "StructureRecord",
    "Turn",
    "TypedMemEvalBlock",
]
