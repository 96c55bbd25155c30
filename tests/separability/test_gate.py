"""Verdicts, exemptions, refusals and the record's shape."""

from __future__ import annotations

import random

import pytest

from checker.formats.separability import Exemption, SeparabilityRecord
from checker.load import LoadedCorpus
from checker.separability import covers, measure_separability, refusals
from checker.separability.adversary import NGRAM_MODEL, NUMERIC_MODEL
from checker.separability.plants import POSITION_REASON, position_unexempt
from checker.separability.synthetic import build_clean_corpus, rebuilt


@pytest.fixture(scope="module")
def gold_first() -> LoadedCorpus:
    base = build_clean_corpus(questions=20, sessions=(10, 14), seed=5)
    return rebuilt(base, position_unexempt(base, random.Random(0)).questions)  # type: ignore[union-attr]


def test_exemption_names_feature_family_or_dotted_prefix() -> None:
    assert covers("position", "position.index", "position")
    assert covers("user.turn1", "user.turn1.chars", "shape")
    assert covers("user.turn1.chars", "user.turn1.chars", "shape")
    assert not covers("user.turn", "user.turn1.chars", "shape")
    assert not covers("use", "user.chars", "shape")
    assert covers("ngram", "ngram:for the record", "ngram")


def test_reasoned_family_exemption_waives_every_encoding_of_position(
    gold_first: LoadedCorpus,
) -> None:
    record = measure_separability(
        gold_first, [Exemption(feature="position", reason=POSITION_REASON)], adversary=False
    )
    rows = {r.feature: r for r in record.features}
    for name in (
        "position.index",
        "position.first_session",
        "position.session_id_index",
        "position.timestamp_rank",
    ):
        assert rows[name].verdict == "exempt"
        assert "auc" in rows[name].refused_by  # what it would have been
    assert record.passed, refusals(record)
    assert record.worst_feature is not None and not record.worst_feature.startswith("position.")


def test_exemption_without_reason_waives_nothing(gold_first: LoadedCorpus) -> None:
    record = measure_separability(
        gold_first, [Exemption(feature="position", reason=" ")], adversary=False
    )
    assert not record.passed
    assert record.exemptions[0].honoured is False
    reasons = refusals(record)
    assert any("gives no reason" in r for r in reasons)
    assert any(r.startswith("position.index: within-question AUC 1.0000") for r in reasons)


def test_unmatched_exemption_is_a_refusal(gold_first: LoadedCorpus) -> None:
    record = measure_separability(
        gold_first,
        [
            Exemption(feature="position", reason=POSITION_REASON),
            Exemption(feature="postion", reason="x"),
        ],
        adversary=False,
    )
    assert [e.covers > 0 for e in record.exemptions] == [True, False]
    assert refusals(record) == ["exemption of 'postion' names no measured feature or family"]


def test_record_round_trips_and_names_its_pinned_models() -> None:
    corpus = build_clean_corpus(questions=20, sessions=(10, 14), seed=6)
    record = measure_separability(corpus, [], adversary=True)
    again = SeparabilityRecord.model_validate_json(record.model_dump_json())
    assert again == record
    assert record.passed == (refusals(record) == [])
    assert [a.model for a in record.adversaries] == [NUMERIC_MODEL, NGRAM_MODEL]
    assert "C=1.0" in NGRAM_MODEL and "GroupKFold(5) by question" in NGRAM_MODEL
    assert record.thresholds.auc_refuse == 0.75 and record.thresholds.adversary_refuse == 0.70
    # Measured once per corpus: the cached table makes a second call equal.
    assert measure_separability(corpus, [], adversary=True) == record
