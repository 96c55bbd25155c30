"""The answer-from-metadata adversary: its inputs follow their definitions, it reads an arm off
the question date or the wording, leaves pairs out whole, and skips what it cannot test."""

from __future__ import annotations

import random

import numpy as np

from checker.family import VERTICALS
from checker.formats.corpus import TypedMemEvalBlock
from checker.load import LoadedCorpus
from checker.separability.metadata import (
    NUMERIC,
    _groups,
    id_pieces,
    metadata_adversary,
    numeric_metadata,
)
from checker.separability.plants import Planted, paired_arms
from checker.separability.synthetic import build_clean_corpus, rebuilt


def _paired(dates_tell: bool, seed: int = 21) -> LoadedCorpus:
    base = build_clean_corpus(questions=30, sessions=(10, 14), seed=seed)
    planted = paired_arms(base, random.Random(0), dates_tell=dates_tell)
    assert isinstance(planted, Planted)
    return rebuilt(base, planted.questions)


def test_id_pieces_split_at_separators_and_write_digits_as_nine() -> None:
    assert id_pieces("tme-for-2612-036_abs-s000") == ["tme", "for", "9", "9", "abs", "s9"]
    assert id_pieces("tg-asof-001-s1") == ["tg", "asof", "9", "s9"]


def test_numeric_inputs_follow_their_definitions() -> None:
    q = _paired(dates_tell=False).questions[0]
    q.haystack_dates = [
        "2026/03/02 (Mon) 09:00",
        "2026/03/03 (Tue) 09:00",
        "2026/03/05 (Thu) 21:00",
    ]
    q.question_date = "2026/03/06 (Fri) 09:00"
    q.haystack_sessions = q.haystack_sessions[:3]
    q.haystack_session_ids = ["a-s000", "a-s001", "a-s0002"]
    row = dict(zip(NUMERIC, numeric_metadata(q), strict=True))
    log = np.log1p
    assert row["date.since_last_session"] == log(12)
    assert row["date.since_first_session"] == log(96)
    assert (row["date.question_hour"], row["date.question_weekday"]) == (9, 4)
    assert row["haystack.sessions"] == 3
    assert row["haystack.span"] == log(84)
    assert row["haystack.gap_mean"] == log(42) and row["haystack.gap_min"] == log(24)
    assert row["haystack.gap_max"] == log(60) and row["haystack.gap_last"] == log(60)
    assert row["haystack.gap_sd"] == log(18)
    assert row["session_id.length_mean"] == (6 + 6 + 7) / 3
    assert row["session_id.distinct_shapes"] == 2


def test_a_pair_and_a_shared_haystack_are_left_out_together() -> None:
    questions = _paired(dates_tell=False).questions[:6]
    assert _groups(questions).tolist() == [0, 0, 1, 1, 2, 2]
    # A third question over the first pair's haystack joins that pair's unit.
    extra = questions[0].model_copy(deep=True)
    extra.typedmemeval = TypedMemEvalBlock(
        vertical=extra.typedmemeval.vertical,  # type: ignore[union-attr]
        shape=extra.typedmemeval.shape,  # type: ignore[union-attr]
    )
    assert _groups([*questions, extra]).tolist() == [0, 0, 1, 1, 2, 2, 0]


def test_it_reads_the_arm_off_the_question_date() -> None:
    record = metadata_adversary(_paired(dates_tell=True), seed=0)
    assert record.status == "measured" and record.verdict == "refused"
    assert record.auc is not None and record.auc >= 0.9
    assert record.shuffled_auc is not None and record.shuffled_auc < 0.7
    assert record.groups * 2 == record.questions
    assert "date.since_last_session" in record.leans[0]
    assert {c.answer_class for c in record.classes} == {"before", "after"}


def test_arms_drawn_alike_are_not_refused() -> None:
    record = metadata_adversary(_paired(dates_tell=False), seed=0)
    assert record.status == "measured" and record.verdict == "pass"
    assert record.majority == 0.5
    assert record.lift is not None and record.lift < 0.15
    assert record.auc is not None and record.auc < 0.7


def test_wording_that_fixes_the_answer_is_caught_by_the_question_text() -> None:
    corpus = _paired(dates_tell=False)
    for q in corpus.questions:
        assert q.typedmemeval is not None
        if q.typedmemeval.arm == corpus.questions[0].typedmemeval.arm:  # type: ignore[union-attr]
            q.question = q.question.replace("now?", "yet, so far?")
    record = metadata_adversary(rebuilt(corpus, corpus.questions), seed=0)
    assert record.verdict == "refused"
    assert record.accuracy is not None and record.accuracy >= 0.9
    assert any(lean.startswith("question:") for lean in record.leans[:3]), record.leans


def test_a_stratum_with_one_class_is_reported_not_tested() -> None:
    corpus = _paired(dates_tell=True)
    vertical = next(v for v in VERTICALS if v.key == corpus.vertical())
    other = next(
        s.name
        for s in vertical.shapes
        if not set(vertical.required_for(s.name)) - {"pair_id", "arm"}
        and s.name != corpus.questions[0].typedmemeval.shape  # type: ignore[union-attr]
    )
    for q in corpus.questions[:4]:
        assert q.typedmemeval is not None
        q.typedmemeval.shape = other
        q.typedmemeval.arm = "before"
    record = metadata_adversary(rebuilt(corpus, corpus.questions), seed=0)
    untested = [r for r in record.per_stratum if r.accuracy is None]
    assert [(r.stratum, r.questions, r.classes) for r in untested] == [(other, 4, {"before": 4})]
    assert record.questions == len(corpus.questions) - 4
    assert record.reason is not None and "not tested" in record.reason


def test_a_vertical_with_no_answer_class_is_skipped_with_its_reason() -> None:
    plain = next(v for v in VERTICALS if v.answer_class is None)
    corpus = build_clean_corpus(questions=6, sessions=(6, 8), seed=1)
    for q in corpus.questions:
        # Only the vertical matters here, so the block's own requirements are not filled in.
        q.typedmemeval = TypedMemEvalBlock.model_construct(
            vertical=plain.key, shape=plain.shapes[0].name
        )
    record = metadata_adversary(rebuilt(corpus, corpus.questions), seed=0)
    assert (record.status, record.verdict) == ("skipped", "skipped")
    assert record.reason == (
        f"{plain.name} declares no categorical answer class (its answers are values)"
    )


def test_a_declared_class_no_question_carries_is_skipped() -> None:
    record = metadata_adversary(build_clean_corpus(questions=6, sessions=(6, 8), seed=1), seed=0)
    assert record.status == "skipped"
    assert record.reason is not None and record.reason.startswith("no question carries `arm`")


def test_every_declared_answer_class_names_block_fields() -> None:
    fields = TypedMemEvalBlock.model_fields
    declared = [v for v in VERTICALS if v.answer_class is not None]
    assert declared
    for v in declared:
        assert v.answer_class is not None
        assert v.answer_class.field in fields, v.name
        assert v.answer_class.strata is None or v.answer_class.strata in fields, v.name
        assert not v.answer_class.strata or v.answer_class.strata_reason, v.name
        assert set(v.answer_class.shapes) <= {s.name for s in v.shapes}, v.name


def test_question_text_is_weighted_as_tfidf_fitted_on_the_training_questions() -> None:
    from sklearn.feature_extraction.text import TfidfVectorizer

    from checker.separability.metadata import TEXT_MIN_DF, _Inputs, _tested, _text_ngrams

    corpus = _paired(dates_tell=False)
    for k, q in enumerate(corpus.questions):
        q.question = f"{q.question} {'still' if k % 3 else 'so far'} {'then' * (k % 2)}"
    tested, _ = _tested(corpus, "arm", "shape")
    assert tested is not None
    train = np.arange(0, len(tested.questions), 2)
    test = np.arange(1, len(tested.questions), 2)
    inputs = _Inputs(tested, train)
    plain = TfidfVectorizer(analyzer=_text_ngrams, min_df=TEXT_MIN_DF, sublinear_tf=True)
    plain.fit([tested.questions[i].question for i in train.tolist()])
    expected = plain.transform([tested.questions[i].question for i in test.tolist()])
    assert inputs.names()[: len(plain.vocabulary_)] == [
        f"question:{w}" for w in plain.get_feature_names_out()
    ]
    np.testing.assert_allclose(inputs.text_matrix(test).toarray(), expected.toarray())
