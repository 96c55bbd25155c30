"""CAL004 and the later coverage fields: a sidecar stamped before the competent retriever and the
shallow reader existed is not asked for them; one that carries them is held to them."""

from __future__ import annotations

from pathlib import Path

from checker.api import check_corpus
from checker.load import LoadedCorpus, load_with_sidecar
from checker.registry import get_rule
from checker.retrieval import published_coverage
from tests.retrieval.cal_builder import FIXTURES


def _corpus() -> LoadedCorpus:
    path = next((FIXTURES / "CAL004" / "pass").glob("typedmemeval-*[0-9].json"))
    return load_with_sidecar(Path(path))


def _cal004(corpus: LoadedCorpus) -> list[str]:
    return [f.message for f in check_corpus(corpus, None, [get_rule("CAL004")])]


def test_a_record_without_the_later_fields_is_not_asked_for_them() -> None:
    corpus = _corpus()
    assert corpus.sidecar is not None and corpus.sidecar.coverage is not None
    assert corpus.sidecar.coverage.competent is None
    assert _cal004(corpus) == []


def test_a_record_that_carries_them_is_held_to_them() -> None:
    corpus = _corpus()
    assert corpus.sidecar is not None
    published = published_coverage(corpus)
    corpus.sidecar.coverage = published
    assert _cal004(corpus) == []
    assert published.competent is not None and published.shallow_reader is not None
    first = sorted(published.competent.per_question)[0]
    tampered = published.competent.model_copy(
        update={
            "gold_bearing_mean": 0.5,
            "per_question": {**published.competent.per_question, first: 0.25},
        }
    )
    shallow = published.shallow_reader.model_copy(update={"graded_auc": 0.5})
    corpus.sidecar.coverage = published.model_copy(
        update={"competent": tampered, "shallow_reader": shallow}
    )
    found = _cal004(corpus)
    assert any("coverage.competent.gold_bearing_mean is stamped 0.5" in m for m in found), found
    assert any(f"coverage.competent.per_question[{first}] is stamped 0.25" in m for m in found)
    assert any("coverage.shallow_reader.graded_auc is stamped 0.5" in m for m in found)
