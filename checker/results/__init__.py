"""Results: validating a submission, aggregating it over its corpus, banding run sets, and EE.

`aggregate` is the one place result numbers are computed; `typedmemeval report`, the RES rules
and the site all call it.
"""

from checker.results.aggregate import Aggregate, aggregate, outcome_vector, question_facts
from checker.results.band import Band, BandRefused, band
from checker.results.ee import ee_figures, load_meme
from checker.results.validate import check_result_file, load_result, resolve

__all__ = [
    "Aggregate",
    "Band",
    "BandRefused",
    "aggregate",
    "band",
    "check_result_file",
    "ee_figures",
    "load_meme",
    "load_result",
    "outcome_vector",
    "question_facts",
    "resolve",
]
