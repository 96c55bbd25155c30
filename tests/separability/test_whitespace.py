"""Whitespace and invisible characters are glyph classes: defined plainly, measured per
session, role and slot, and only where a corpus has them."""

from __future__ import annotations

import itertools
import sys
import unicodedata
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.formats.corpus import Question, Turn, TypedMemEvalBlock
from checker.load import LoadedCorpus
from checker.separability.features import (
    SPACE_SEPARATORS,
    WHITESPACE_CLASSES,
    is_invisible,
    space_runs,
    whitespace_counts,
)
from checker.separability.gate import table


def test_space_separators_are_every_zs_code_point() -> None:
    every = {chr(cp) for cp in range(sys.maxunicode + 1) if unicodedata.category(chr(cp)) == "Zs"}
    assert set(SPACE_SEPARATORS) == every


_TEXTS = st.text(alphabet=st.sampled_from(list("ab. \t\n\u00a0\u2009\u200b\u2028\r")), max_size=30)


@given(_TEXTS)
@settings(max_examples=400, deadline=None)
def test_whitespace_classes_follow_their_definitions(text: str) -> None:
    runs = sum(
        1
        for is_space, run in itertools.groupby(text, lambda c: unicodedata.category(c) == "Zs")
        if is_space and len(list(run)) >= 2
    )
    assert space_runs(text) == runs
    row = whitespace_counts([text])[0].tolist()
    assert dict(zip(WHITESPACE_CLASSES, row, strict=True)) == {
        "space-run": runs,
        "leading-whitespace": float(bool(text) and text[0].isspace()),
        "trailing-whitespace": float(bool(text) and text[-1].isspace()),
    }


def test_invisible_means_zs_zl_zp_cf_cc_but_the_plain_space() -> None:
    assert [is_invisible(c) for c in ("\t", "\n", "\u00a0", "\u200b", "\u2028", "\u2029")] == [
        True
    ] * 6
    assert not any(is_invisible(c) for c in (" ", "a", "\u2014", ",", "non-ascii letter"))


def _corpus(turns: list[list[list[str]]]) -> LoadedCorpus:
    questions = []
    for n, sessions in enumerate(turns, start=1):
        qid = f"tme-pro-2612-{n:03d}"
        ids = [f"{qid}-s{i:03d}" for i in range(len(sessions))]
        questions.append(
            Question(
                question_id=qid,
                question_type="prospective-current",
                question="Where is it?",
                answer="There.",
                question_date="2026/03/30 (Mon) 10:00",
                haystack_session_ids=ids,
                haystack_dates=[f"2026/03/{2 + i:02d} (Mon) 09:00" for i in range(len(sessions))],
                haystack_sessions=[
                    [
                        Turn(
                            role="user" if k % 2 == 0 else "assistant", content=c, has_answer=False
                        )
                        for k, c in enumerate(s)
                    ]
                    for s in sessions
                ],
                answer_session_ids=[ids[0]],
                typedmemeval=TypedMemEvalBlock(vertical="prospective", shape="current"),
            )
        )
    return LoadedCorpus(path=Path("<test>"), sha256="", questions=questions, mode="ours")


def _columns(corpus: LoadedCorpus) -> dict[str, list[float]]:
    built = table(corpus)
    return {
        n: built.numeric.values[:, i].tolist()
        for i, n in enumerate(built.numeric.names)
        if "space" in n or "U+0009" in n or "whitespace" in n
    }


def test_a_corpus_without_stray_whitespace_gets_no_whitespace_columns() -> None:
    plain = [["Hello there.", "Hi.", "All fine.", "Good."], ["Hello.", "Hi.", "Okay.", "Sure."]]
    assert _columns(_corpus([plain])) == {}


def test_classes_are_measured_per_session_role_and_slot() -> None:
    gold = ["Hello there.", "Hi.", "All  fine.", "Good.\t", " Lead"]
    filler = ["Hello there.", "Hi.", "All fine.", "Good.", "Lead"]
    found = _columns(_corpus([[gold, filler, filler]]))
    assert found["session.glyph[space-run]"] == [1, 0, 0]
    assert found["user.glyph[space-run]"] == [1, 0, 0]
    assert found["user.turn2.glyph[space-run]"] == [1, 0, 0]
    assert found["user.turn1.glyph[space-run]"] == [0, 0, 0]
    assert found["assistant.turn2.glyph[trailing-whitespace]"] == [1, 0, 0]
    assert found["user.turn3.glyph[leading-whitespace]"] == [1, 0, 0]
    # A tab past the first slot, where the per-character glyphs do not reach.
    assert found["assistant.turn2.glyph[U+0009]"] == [1 / 6, 0, 0]
    assert "assistant.turn1.glyph[U+0009]" in found  # the first slot's own glyph column
