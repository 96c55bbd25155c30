"""The coverage record a sidecar publishes: BM25's, with the competent retriever and the
shallow-reader probe beside it."""

from __future__ import annotations

from checker.family import K_REF
from checker.formats.retrieval import CoverageRecord
from checker.load import LoadedCorpus
from checker.retrieval.bm25 import measure_coverage_with
from checker.retrieval.competent import measure_competent
from checker.retrieval.shallow import measure_shallow_reader


def published_coverage(corpus: LoadedCorpus, k_ref: int = K_REF) -> CoverageRecord:
    """`measure_coverage` as shipped, with `competent` and `shallow_reader` filled in."""
    return measure_coverage_with(corpus, (), k_ref).model_copy(
        update={
            "competent": measure_competent(corpus, k_ref),
            "shallow_reader": measure_shallow_reader(corpus, k_ref),
        }
    )
