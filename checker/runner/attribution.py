"""Evidence attribution and realised coverage from a system's evidence envelope.

Attribution is reference-level: which of the question's gold sessions appear, by handle, in the
list the system says reached its answer (`answer_context`), or, when it supplies no such list,
in the list it retrieved (`retrieved`) — the row says which. No envelope means `unobserved`,
with no coverage: never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from checker.formats.corpus import Question
from checker.formats.result import EvidenceAttribution, EvidenceList, RealisedCoverage
from checker.runner.system import Evidence


@dataclass(frozen=True)
class Attribution:
    evidence: EvidenceAttribution | None
    coverage: RealisedCoverage | None
    #: Handles in the envelope that name no session of the question (a system bug, logged).
    unknown_handles: tuple[str, ...] = ()


def gold_indices(question: Question) -> list[int]:
    gold = set(question.answer_session_ids)
    return [i for i, sid in enumerate(question.haystack_session_ids) if sid in gold]


def attribute(
    question: Question, handles: Mapping[str, int], evidence: Evidence | None
) -> Attribution:
    """The row's evidence and coverage fields for one answer."""
    gold = gold_indices(question)
    if not gold:
        return Attribution(None, None)
    listed: tuple[str, ...] | None = None
    source: EvidenceList | None = None
    if evidence is not None and evidence.answer_context is not None:
        listed, source = evidence.answer_context, "answer-context"
    elif evidence is not None and evidence.retrieved is not None:
        listed, source = evidence.retrieved, "retrieved"
    if listed is None or source is None:
        return Attribution(EvidenceAttribution(status="unobserved"), None)
    surfaced = {handles[h] for h in listed if h in handles}
    unknown = tuple(sorted({h for h in listed if h not in handles}))
    per_gold = [g in surfaced for g in gold]
    components = question.typedmemeval.gold_components
    coverage = RealisedCoverage(
        value=sum(per_gold) / len(gold),
        source=source,
        per_component=[c.session_index in surfaced for c in components] if components else None,
    )
    status: Literal["present", "absent"] = "present" if all(per_gold) else "absent"
    attribution = EvidenceAttribution(
        status=status, source=source, level="reference", per_gold_session=per_gold
    )
    return Attribution(attribution, coverage, unknown)
