"""Scaffolding dependence: how much of a corpus's retrieval difficulty a strip removes.

Dependence = gold-bearing coverage with scaffolding stripped from the distractors − coverage as
shipped. It is measured twice: with the pattern the sidecar declares (if any), and always with
the generic strip (`checker.retrieval.strips`). Our generators earn competition from
naturalistic same-domain content, so both must read 0.00 (R-GEN-2); the generic strip is what
makes that 0.00 a measurement rather than the absence of one.
"""

from __future__ import annotations

from checker.family import K_REF
from checker.formats.retrieval import ScaffoldingRecord
from checker.load import LoadedCorpus
from checker.retrieval.bm25 import DECIMALS, all_question_coverage, measure_coverage_with
from checker.retrieval.strips import GENERIC_STRIP, Strip, pattern_strip


def declared_pattern_of(corpus: LoadedCorpus) -> str | None:
    """The scaffolding pattern the corpus's sidecar declares, if any."""
    sidecar = corpus.sidecar
    if sidecar is None or sidecar.scaffolding is None:
        return None
    return sidecar.scaffolding.declared_pattern


def ladder_strips(corpus: LoadedCorpus, declared_pattern: str | None = None) -> tuple[Strip, ...]:
    """The strips ladder validation ranks under: the declared pattern (if any), then generic."""
    pattern = declared_pattern if declared_pattern is not None else declared_pattern_of(corpus)
    return ((pattern_strip(pattern),) if pattern else ()) + (GENERIC_STRIP,)


def _difference(stripped: float | None, shipped: float | None) -> float | None:
    if stripped is None or shipped is None:
        return None
    return round(stripped - shipped, DECIMALS)


def measure_scaffolding(
    corpus: LoadedCorpus, declared_pattern: str | None, k_ref: int = K_REF
) -> ScaffoldingRecord:
    """Declared and generic scaffolding dependence. Raises `ScaffoldingPatternError` when the
    declared pattern does not compile."""
    declared = (pattern_strip(declared_pattern),) if declared_pattern else ()
    shipped = measure_coverage_with(corpus, (), k_ref)
    generic = measure_coverage_with(corpus, (GENERIC_STRIP,), k_ref)
    declared_record = measure_coverage_with(corpus, declared, k_ref) if declared else None
    changed = sum(
        m.sessions_changed for m in all_question_coverage(corpus, (GENERIC_STRIP,), k_ref)
    )
    per_shape = {
        shape: round(generic.per_shape[shape] - value, DECIMALS)
        for shape, value in shipped.per_shape.items()
        if shape in generic.per_shape
    }
    return ScaffoldingRecord(
        declared_pattern=declared_pattern or None,
        shipped_mean=shipped.gold_bearing_mean,
        declared_stripped_mean=declared_record.gold_bearing_mean if declared_record else None,
        declared_dependence=(
            _difference(declared_record.gold_bearing_mean, shipped.gold_bearing_mean)
            if declared_record
            else None
        ),
        generic_stripped_mean=generic.gold_bearing_mean,
        generic_dependence=_difference(generic.gold_bearing_mean, shipped.gold_bearing_mean),
        generic_sessions_changed=changed,
        per_shape_generic_dependence=per_shape,
    )
