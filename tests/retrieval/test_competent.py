"""The competent retriever and the shallow reader: their evidence equals its plain definition,
every feature and statistic equals a plain per-session computation, folds keep a haystack
together, and value-less near misses fool BM25 but not a reader of one turn."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.load import LoadedCorpus
from checker.retrieval import measure_competent, measure_coverage, measure_shallow_reader
from checker.retrieval.bm25 import expected_coverage, shipped_scores
from checker.retrieval.competent import FEATURES, fold_groups, held_out_scores, session_table
from checker.retrieval.evidence import (
    content_words,
    plain_turn_evidence,
    turn_evidence,
    turn_has_value,
    value_like_words,
    value_like_words_plain,
)
from checker.retrieval.rankings import top1
from checker.retrieval.shallow import flagged_sessions
from checker.separability.synthetic import build_clean_corpus
from checker.text import bm25_tokens
from tests.retrieval.cal_builder import VALUES, haystack, in_band, question
from tests.retrieval.conftest import CorpusOf

# --- evidence ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("My aunt's car is the Drevane now.", {"drevane"}),
        ("Drevane is what my aunt drives.", set()),  # a sentence's first word is not a value
        ("It cost £40 at 3:30pm. Then Bob came.", {"40", "3", "30pm", "bob"}),
        ("I mean it. I said so. Ok?", set()),  # "I" is one letter
        ("we met at Café Zoë today", {"cafe", "zoe"}),
        ("...and then Glaisent, then Pomun!", {"glaisent", "pomun"}),
    ],
)
def test_value_like_words(text: str, words: set[str]) -> None:
    assert value_like_words_plain(text) == words
    assert value_like_words(text) == words


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "the",
                "Velmoran",
                "car",
                "I",
                "7",
                "x9",
                "x9Abc",
                ".",
                "...",
                "!",
                "?",
                " ",
                ", ",
                "Ann",
                "O'Neil",
                "é",
                "'s",
                "_Bo",
            ]
        ),
        max_size=30,
    )
)
def test_the_ascii_scan_equals_the_sentence_definition(pieces: list[str]) -> None:
    text = " ".join(pieces)
    assert value_like_words(text) == value_like_words_plain(text)


def _corpora(corpus_of: CorpusOf) -> list[LoadedCorpus]:
    return [corpus_of(in_band()), build_clean_corpus(questions=12, sessions=(8, 12), seed=4)]


def test_turn_evidence_equals_its_plain_definition(corpus_of: CorpusOf) -> None:
    for corpus in _corpora(corpus_of):
        fast, plain = turn_evidence(corpus), plain_turn_evidence(corpus)
        for field in ("turn_hits", "turn_value", "session_hits", "content_size"):
            assert np.array_equal(getattr(fast, field), getattr(plain, field)), field


# --- features ---------------------------------------------------------------------------------


def _plain_features(corpus: LoadedCorpus, qi: int) -> list[dict[str, float]]:
    """Every feature of every session of question `qi`, straight from the definitions."""
    q = corpus.questions[qi]
    words = set(content_words(corpus, qi))
    m = len(words)
    scores = shipped_scores(corpus, qi)
    n = len(q.haystack_sessions)
    out = []
    for si, session in enumerate(q.haystack_sessions):
        shares, value_shares, full, full_value = [], [], 0.0, 0.0
        held: set[str] = set()
        for turn in session:
            mine = words & set(bm25_tokens(turn.content))
            held |= mine
            share = len(mine) / m if m else 0.0
            valued = bool(mine) and turn_has_value(turn.content, q.question)
            shares.append(share)
            value_shares.append(share if valued else 0.0)
            if m and len(mine) == m:
                full = 1.0
                full_value = max(full_value, 1.0 if valued else 0.0)
        better = sum(1 for s in scores if s > scores[si])
        tied = sum(1 for s in scores if s == scores[si])
        rank = better + (tied - 1) / 2  # 0-based, ties at their mean rank
        best = max(scores)
        out.append(
            {
                "bm25.score": scores[si] / best if best > 0 else 0.0,
                "bm25.rank": 1 / (1 + rank),
                "overlap.session": len(held) / m if m else 0.0,
                "overlap.turn": max(shares),
                "overlap.value_turn": max(value_shares),
                "overlap.full_turn": full,
                "overlap.full_value_turn": full_value,
                "position.relative": si / max(n - 1, 1),
                "position.recency": 1 / (n - si),
            }
        )
    return out


def test_every_feature_equals_its_plain_definition(corpus_of: CorpusOf) -> None:
    for corpus in _corpora(corpus_of):
        table = session_table(corpus)
        assert table.names == FEATURES
        for qi in range(len(corpus.questions)):
            a = int(corpus.session_starts[qi])
            for si, want in enumerate(_plain_features(corpus, qi)):
                got = dict(zip(table.names, table.values[a + si].tolist(), strict=True))
                assert got == pytest.approx(want), (qi, si)


# --- statistics -------------------------------------------------------------------------------


def _top1_by_enumeration(scores: list[float], gold: list[int]) -> float:
    """Over every order of the sessions consistent with the scores (ties in any order), the
    share in which the first session is gold."""
    orders = [
        order
        for order in itertools.permutations(range(len(scores)))
        if all(scores[a] >= scores[b] for a, b in itertools.pairwise(order))
    ]
    return sum(order[0] in gold for order in orders) / len(orders)


@pytest.mark.parametrize(
    ("scores", "gold"),
    [
        ([3.0, 1.0, 2.0], [0]),
        ([3.0, 3.0, 1.0, 3.0], [1]),
        ([3.0, 3.0, 1.0, 3.0], [0, 3]),
        ([1.0, 1.0, 1.0], [2]),
        ([0.5, 2.0, 2.0, 0.1], [3]),
    ],
)
def test_top1_is_the_chance_the_first_ranked_session_is_gold(
    scores: list[float], gold: list[int]
) -> None:
    assert top1(np.asarray(scores), gold) == pytest.approx(_top1_by_enumeration(scores, gold))


def test_coverage_is_bm25s_tie_aware_coverage_over_the_held_out_scores(
    corpus_of: CorpusOf,
) -> None:
    corpus = corpus_of(in_band())
    record = measure_competent(corpus)
    scores, folds = held_out_scores(session_table(corpus))
    assert folds == record.folds == 5
    for qi, q in enumerate(corpus.questions):
        a, b = int(corpus.session_starts[qi]), int(corpus.session_starts[qi + 1])
        gold = corpus.gold_indices(qi)
        want, _ = expected_coverage(scores[a:b], gold, record.k_ref)
        assert record.per_question[q.question_id] == pytest.approx(want, abs=1e-4)
        assert record.per_question_top1[q.question_id] == pytest.approx(
            top1(scores[a:b], gold), abs=1e-4
        )
    gold_bearing = [record.per_question[q.question_id] for q in corpus.questions]
    assert record.gold_bearing_mean == pytest.approx(np.mean(gold_bearing), abs=1e-4)


def test_folds_keep_one_haystack_and_one_pair_together(corpus_of: CorpusOf) -> None:
    first = question(1, haystack(1, 1, 0))
    twin = dict(first, question_id="tme-pro-2612-002")  # the same haystack, asked again
    paired_a = question(3, haystack(3, 1, 0), extra={"pair_id": "tme-pro-2612-p01"})
    paired_b = question(4, haystack(4, 1, 2), extra={"pair_id": "tme-pro-2612-p01"})
    alone = question(5, haystack(5, 1, 0))
    groups = fold_groups(corpus_of([first, twin, paired_a, paired_b, alone])).tolist()
    assert groups[0] == groups[1]
    assert groups[2] == groups[3]
    assert len({groups[0], groups[2], groups[4]}) == 3


def test_too_few_haystacks_measure_nothing(corpus_of: CorpusOf) -> None:
    record = measure_competent(corpus_of([question(1, haystack(1, 1, 0))]))
    assert record.folds == 0
    assert record.gold_bearing_mean is None and record.per_question == {}


def test_the_record_is_deterministic(corpus_of: CorpusOf) -> None:
    assert measure_competent(corpus_of(in_band())) == measure_competent(corpus_of(in_band()))


# --- what it sees -----------------------------------------------------------------------------


def test_value_less_near_misses_fool_bm25_but_not_a_reader_of_one_turn(
    corpus_of: CorpusOf,
) -> None:
    """The in-band fixture buries gold under distractors that name the question's words twice
    and never a value: BM25 loses four questions of ten; a reader of one turn loses none."""
    corpus = corpus_of(in_band())
    assert measure_coverage(corpus).gold_bearing_mean == 0.6
    assert measure_competent(corpus).gold_bearing_mean == 1.0
    shallow = measure_shallow_reader(corpus)
    assert shallow.recall_mean == 1.0 and shallow.precision_mean == 1.0
    assert shallow.graded_auc == 1.0


def _twins(n: int) -> dict[str, Any]:
    """A question whose distractors name the asked thing and place and a value, in someone
    else's frame: competition that survives reading."""
    q = question(n, haystack(n, 1, 6))
    thing, place = q["question"].split()[1], q["question"].split()[-1].rstrip("?")
    for si, session in enumerate(q["haystack_sessions"]):
        if not session[0]["has_answer"]:
            value = VALUES[(n + si + 3) % len(VALUES)]
            session[0]["content"] += (
                f" My neighbour nearly ordered the {value} {thing} for the {place}."
            )
    return q


def test_value_bearing_twins_hold_the_shallow_reader_down(corpus_of: CorpusOf) -> None:
    plain = measure_shallow_reader(corpus_of([question(n, haystack(n, 1, 6)) for n in range(1, 7)]))
    twins = measure_shallow_reader(corpus_of([_twins(n) for n in range(1, 7)]))
    assert plain.precision_mean == 1.0
    assert twins.precision_mean is not None and twins.precision_mean < 0.5


def test_the_shallow_reader_is_its_definition(corpus_of: CorpusOf) -> None:
    corpus = corpus_of([_twins(n) for n in range(11, 15)] + in_band())
    record = measure_shallow_reader(corpus)
    evidence = plain_turn_evidence(corpus)
    for qi, q in enumerate(corpus.questions):
        a = int(corpus.session_starts[qi])
        m = int(evidence.content_size[qi])
        flagged = []
        for si, session in enumerate(q.haystack_sessions):
            first = int(corpus.turn_index.session_offsets[a + si])
            turns = range(first, first + len(session))
            if any(evidence.turn_hits[t] == m > 0 and evidence.turn_value[t] for t in turns):
                flagged.append(si)
        assert flagged_sessions(corpus, qi) == flagged
        gold = set(corpus.gold_indices(qi))
        if gold:
            hit = len(gold & set(flagged))
            assert record.per_question_recall[q.question_id] == round(hit / len(gold), 4)
            if flagged:
                assert record.per_question_precision[q.question_id] == round(hit / len(flagged), 4)
