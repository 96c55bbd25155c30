"""The haystack-relative adversary: its features equal their plain definitions, and it sees a
modal-topic target that no per-session statistic can, and nothing on a clean corpus."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import binom

from checker.formats.corpus import Question, Turn, TypedMemEvalBlock
from checker.load import LoadedCorpus
from checker.separability import measure_separability
from checker.separability.haystack import (
    KINDS,
    PRIOR,
    descending_rank,
    haystack_features,
    sentence_words,
)
from checker.separability.plants import Planted, modal_topic
from checker.separability.stats import Layout
from checker.separability.synthetic import build_clean_corpus, rebuilt
from checker.text import STOPWORDS, raw_tokens, sentences


@given(st.text(alphabet=st.sampled_from(list("aB z9.!?,'é\u00c9\u2014 \n")), max_size=60))
@settings(max_examples=300, deadline=None)
def test_sentence_words_are_the_raw_tokens_of_each_sentence(text: str) -> None:
    found = sentence_words(text)
    expected = [raw_tokens(s) for s in sentences(text)]
    assert [[w for w, _ in s] for s in found] == [t for t in expected if t]
    for said in found:
        assert not said[0][1], "a sentence's first word is never counted as capitalised"


def test_capitalised_means_written_with_a_capital_past_the_first_word() -> None:
    assert sentence_words("My dad drives a Drevane. Lovely car!") == [
        [("my", False), ("dad", False), ("drives", False), ("a", False), ("drevane", True)],
        [("lovely", False), ("car", False)],
    ]


def _plain_units(session: list[Turn]) -> tuple[dict[str, set[object]], dict[str, set[object]]]:
    """Every unit of the session, and those in its sentences naming a value, by the module's
    definitions written out plainly."""
    units: dict[str, set[object]] = {k: set() for k in KINDS}
    valued: dict[str, set[object]] = {k: set() for k in KINDS}
    for turn in session:
        for said in sentence_words(turn.content):
            words = [w for w, _ in said]
            content = [w for w in words if w not in STOPWORDS and not w.isdigit()]
            found = {
                "token": set(words),
                "content": set(content),
                "capitalised": {w for w, capital in said if capital},
                "bigram": set(itertools.pairwise(words)),
                "pair": {tuple(sorted(p)) for p in itertools.combinations(set(content), 2)},
            }
            names_value = any(c for _, c in said) or any(ch.isdigit() for w in words for ch in w)
            for k in KINDS:
                units[k] |= found[k]
                if names_value:
                    valued[k] |= found[k]
    return units, valued


def _plain_features(corpus: LoadedCorpus) -> dict[str, list[float]]:
    layout = Layout.of(corpus)
    sessions = [s for q in corpus.questions for s in q.haystack_sessions]
    question_of = layout.question_of_session().tolist()
    key_of = [tuple(corpus.questions[q].haystack_session_ids) for q in question_of]
    first_question = {}
    for qi, q in enumerate(corpus.questions):
        first_question.setdefault(tuple(q.haystack_session_ids), qi)
    counted = [first_question[key_of[s]] == question_of[s] for s in range(len(sessions))]
    plain = [_plain_units(s) for s in sessions]
    total = sum(counted)
    out: dict[str, list[float]] = {}
    for kind in KINDS:
        in_haystack: dict[tuple[object, ...], Counter[object]] = {}
        everywhere: Counter[object] = Counter()
        for s, (units, _) in enumerate(plain):
            if counted[s]:
                in_haystack.setdefault(key_of[s], Counter()).update(units[kind])
                everywhere.update(units[kind])
        size = Counter(key_of[s] for s in range(len(sessions)) if counted[s])

        def stats(
            key: tuple[object, ...],
            u: object,
            in_haystack: dict[tuple[object, ...], Counter[object]] = in_haystack,
            everywhere: Counter[object] = everywhere,
            size: Counter[tuple[object, ...]] = size,
        ) -> tuple[int, int, float]:
            c = in_haystack[key][u]
            r, b, h = c - 1, everywhere[u] - c, size[key]
            p = (b + PRIOR) / (total - h + 2 * PRIOR)
            sigma = max(0.0, -math.log(binom.sf(r - 1, h - 1, p))) if r > 0 else 0.0
            return r, b, sigma

        modal = {
            key: max((stats(key, u)[2] for u in counts), default=0.0)
            for key, counts in in_haystack.items()
        }
        columns: dict[str, list[float]] = {}
        for s, (units, valued) in enumerate(plain):
            key = key_of[s]
            rows = [stats(key, u) for u in units[kind]]
            r = [x[0] for x in rows]
            sigma = [x[2] for x in rows]
            n = max(len(rows), 1)
            values = {
                "recurring_share": sum(x > 0 for x in r) / n,
                "recurrence_mean": sum(r) / n,
                "recurrence_max": max(r, default=0),
                "surprise_max": max(sigma, default=0.0),
                "surprise_sum": sum(sigma),
                "touches_modal": float(any(x > 0 and x >= modal[key] for x in sigma)),
                "shared_with_one": sum(x[0] == 1 and x[1] == 0 for x in rows),
                "value_surprise_max": max((stats(key, u)[2] for u in valued[kind]), default=0.0),
            }
            for stat, value in values.items():
                columns.setdefault(stat, []).append(float(value))
        for stat in ("surprise_max", "value_surprise_max", "recurrence_max"):
            ranked = []
            for s in range(len(sessions)):
                a, b = layout.span(question_of[s])
                block = columns[stat][a:b]
                ranked.append((1 + sum(v > columns[stat][s] for v in block)) / (b - a))
            columns[f"rank.{stat}"] = ranked
        for stat, column in columns.items():
            out[f"haystack.{kind}.{stat}"] = column
    return out


def _question(n: int, sessions: list[list[str]], gold: list[int], ids: str = "") -> Question:
    qid = f"tme-pro-2612-{n:03d}"
    owner = ids or qid
    session_ids = [f"{owner}-s{i:03d}" for i in range(len(sessions))]
    return Question(
        question_id=qid,
        question_type="prospective-current",
        question="Where is it?",
        answer="There.",
        question_date="2026/03/30 (Mon) 10:00",
        haystack_session_ids=session_ids,
        haystack_dates=[f"2026/03/{2 + i:02d} (Mon) 09:00" for i in range(len(sessions))],
        haystack_sessions=[
            [Turn(role="user", content=t, has_answer=False) for t in s] for s in sessions
        ],
        answer_session_ids=[session_ids[i] for i in gold],
        typedmemeval=TypedMemEvalBlock(vertical="prospective", shape="current"),
    )


def _corpus(questions: list[Question]) -> LoadedCorpus:
    return LoadedCorpus(path=Path("<test>"), sha256="", questions=questions, mode="ours")


def _handmade() -> LoadedCorpus:
    """Three haystacks, one of them asked twice (a pair's arms), with recurring names, pairs
    across turns, digits, empty turns and a shared rare word."""
    a = [
        ["My dad drives a Drevane, a big car!", "Nothing else."],
        ["My dad has views on car parks.", ""],
        ["The Drevane went back, 3 days ago. My dad has no car now."],
        ["Weather was fine. My aunt joined the Quillan choir."],
    ]
    b = [
        ["My aunt sings in the Quillan choir.", "Fine weather."],
        ["My aunt likes the choir. My aunt is busy!"],
        ["Nothing much happened today."],
    ]
    c = [["Zorbex and Zorbex again. Weather fine."], ["My dad owns a car."], ["Zorbex!"]]
    return _corpus(
        [
            _question(1, a, [0, 2]),
            _question(2, a, [1], ids="tme-pro-2612-001"),  # same haystack ids: counted once
            _question(3, b, [0]),
            _question(4, c, [2]),
        ]
    )


def _assert_equal_to_plain(corpus: LoadedCorpus) -> None:
    layout = Layout.of(corpus)
    found = haystack_features(corpus, layout)
    plain = _plain_features(corpus)
    assert sorted(found.names) == sorted(plain)
    for k, name in enumerate(found.names):
        np.testing.assert_allclose(
            found.values[:, k], plain[name], rtol=1e-9, atol=1e-9, err_msg=name
        )


def test_features_follow_their_plain_definitions_on_a_handmade_corpus() -> None:
    _assert_equal_to_plain(_handmade())


def test_features_follow_their_plain_definitions_on_a_synthetic_corpus() -> None:
    _assert_equal_to_plain(build_clean_corpus(questions=5, sessions=(6, 9), seed=4))


def test_a_shared_rare_word_and_the_modal_topic_are_seen() -> None:
    corpus = _handmade()
    found = haystack_features(corpus, Layout.of(corpus))
    column = dict(zip(found.names, found.values.T, strict=True))
    # "drevane" is in sessions 0 and 2 of the first haystack and nowhere else.
    assert column["haystack.capitalised.shared_with_one"][:4].tolist() == [1, 0, 1, 0]
    # (car, dad) is in three of its four sessions: two others for each of them.
    assert column["haystack.pair.recurrence_max"][:4].tolist() == [2, 2, 2, 0]


def test_descending_rank_is_one_plus_the_larger_values_over_the_size() -> None:
    layout = Layout(np.array([0, 4, 7]), np.zeros(7, dtype=bool))
    values = np.array([3.0, 1.0, 3.0, 0.5, 2.0, 2.0, 9.0])
    assert descending_rank(values, layout).tolist() == [
        1 / 4,
        3 / 4,
        1 / 4,
        4 / 4,
        2 / 3,
        2 / 3,
        1 / 3,
    ]


def test_it_refuses_a_modal_topic_target_no_session_statistic_sees() -> None:
    base = build_clean_corpus(questions=24, sessions=(12, 16), seed=14)
    planted = modal_topic(base, random.Random(0))
    assert isinstance(planted, Planted)
    record = measure_separability(rebuilt(base, planted.questions), [], haystack=True)
    found = record.haystack_adversary
    assert found is not None and found.verdict == "refused" and found.auc >= 0.70
    assert found.shuffled_auc < 0.70
    assert any("surprise" in lean or "recurrence" in lean for lean in found.leans_gold[:5])
    # What the planted corpus shows one session at a time gives nothing away.
    assert not [r for r in record.features if r.verdict == "refused"]
    assert [a.verdict for a in record.adversaries] == ["pass", "pass"]


def test_clean_corpus_sits_near_chance() -> None:
    record = measure_separability(
        build_clean_corpus(questions=24, sessions=(12, 16), seed=13), [], haystack=True
    )
    found = record.haystack_adversary
    assert found is not None and found.verdict == "pass"
    assert abs(found.auc - 0.5) < 0.15
    assert found.haystacks == 24 and found.folds == 5


def test_a_record_without_the_new_arms_is_written_as_one_stamped_before_them() -> None:
    from checker.formats.separability import SeparabilityRecord

    corpus = build_clean_corpus(questions=8, sessions=(6, 8), seed=2)
    before = measure_separability(corpus, [], adversary=False).model_dump(mode="json")
    assert "haystack_adversary" not in before and "metadata_adversary" not in before
    after = measure_separability(corpus, [], adversary=False, haystack=True, metadata=True)
    dumped = after.model_dump(mode="json")
    assert dumped["haystack_adversary"]["model"] and dumped["metadata_adversary"]["status"]
    assert SeparabilityRecord.model_validate(dumped) == after
    assert SeparabilityRecord.model_validate(before).haystack_adversary is None


def _sentences_of(found: object, n_texts: int) -> list[list[list[tuple[str, bool]]]]:
    from checker.separability.haystack import Tokens

    assert isinstance(found, Tokens)
    out: list[list[list[tuple[str, bool]]]] = [[] for _ in range(n_texts)]
    last: tuple[int, int] | None = None
    for t, s, i, c in zip(
        found.text.tolist(),
        found.sentence.tolist(),
        found.ids.tolist(),
        found.capital.tolist(),
        strict=True,
    ):
        if (t, s) != last:
            out[t].append([])
            last = (t, s)
        out[t][-1].append((found.words[i], c))
    return out


@given(
    st.lists(
        st.text(
            alphabet=st.sampled_from([*"aBz Q9.!?,'\n\t-", "é", "É", "ß", "\u0301"]),
            max_size=40,
        ),
        min_size=1,
        max_size=6,
        unique=True,
    )
)
@settings(max_examples=200, deadline=None)
def test_the_byte_pass_finds_the_plain_tokens(texts: list[str]) -> None:
    from checker.separability.haystack import plain_tokens, tokens

    corpus = _corpus([_question(1, [[t] for t in texts], [0])])
    contents = corpus.turn_index.contents
    assert _sentences_of(tokens(corpus), len(contents)) == _sentences_of(
        plain_tokens(contents), len(contents)
    )
