"""Retrieval calibration (R-CHK-BM25, R-CHK-LADDER, R-CHK-HAYSTACK): how hard a corpus's
evidence is to find for a plain lexical retriever at the reference budget, what no retriever can
exceed, how much of the difficulty a scaffolding strip removes, whether difficulty bands measure
memory, and how much of it survives a competent reranker and a shallow reader.

Generators gate on these measurements and stamp their records into sidecars; the checker's
CAL rules re-measure them from the bytes.
"""

from checker.retrieval.bm25 import (
    BAND_HIGH,
    BAND_LOW,
    EPSILON,
    K1,
    RETRIEVER,
    B,
    band_refusals,
    coverage_of_question,
    measure_coverage,
)
from checker.retrieval.ceilings import (
    ceiling_relative,
    ceiling_table,
    shortfall,
    structural_ceiling,
)
from checker.retrieval.competent import measure_competent
from checker.retrieval.ladder import THRESHOLD, measure_ladder
from checker.retrieval.published import published_coverage
from checker.retrieval.scaffolding import measure_scaffolding
from checker.retrieval.shallow import measure_shallow_reader
from checker.retrieval.strips import GENERIC, ScaffoldingPatternError

__all__ = [
    "BAND_HIGH",
    "BAND_LOW",
    "EPSILON",
    "GENERIC",
    "K1",
    "RETRIEVER",
    "THRESHOLD",
    "B",
    "ScaffoldingPatternError",
    "band_refusals",
    "ceiling_relative",
    "ceiling_table",
    "coverage_of_question",
    "measure_competent",
    "measure_coverage",
    "measure_ladder",
    "measure_scaffolding",
    "measure_shallow_reader",
    "published_coverage",
    "shortfall",
    "structural_ceiling",
]
