"""The one tokenizer every rule shares."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.text import (
    bm25_tokens,
    fold,
    is_token,
    ngrams_in_segments,
    raw_tokens,
    segment_pieces,
    segments,
    sentences,
)


def test_raw_tokens_fold_case_and_accents_and_keep_stopwords() -> None:
    assert raw_tokens("Café au LAIT, the 2nd time!") == ["cafe", "au", "lait", "the", "2nd", "time"]


def test_bm25_tokens_drop_the_pinned_stopwords_only() -> None:
    assert bm25_tokens("Which car am I driving at the moment?") == ["car", "driving", "moment"]


def test_segments_split_at_punctuation_but_not_inside_words() -> None:
    assert segments("I don't know. Maybe — later (or never)") == [
        ["i", "dont", "know"],
        ["maybe"],
        ["later"],
        ["or", "never"],
    ]


def test_ngrams_never_cross_a_punctuation_boundary() -> None:
    grams = set(ngrams_in_segments("for the record. still the same", 1, 3))
    assert "for the record" in grams
    assert "record still" not in grams
    assert "the record still" not in grams


def test_sentences() -> None:
    assert sentences("One. Two? Three") == ["One.", "Two?", "Three"]


# The fast paths below must agree with the definitions in the module docstring on every text,
# ASCII or not; the references here are those definitions written out the slow way.
_ALPHABET = st.sampled_from(
    [
        *"abcXYZ019 _-.,;:!?()[]{}<>/\\\"'’\t\n\x1c\x1f\u00a0",
        "é",
        "É",
        "ß",
        "İ",
        "ſ",
        "½",
        "ﬁ",
        "Σ",
        "ς",
        "\u0301",
        "—",
        "…",
        "①",
        "Ⅻ",
        "ǅ",
        "\u212a",
    ]
)
_TEXTS = st.text(_ALPHABET, max_size=60)


def _reference_fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def _reference_segments(text: str) -> list[list[str]]:
    joined = re.sub(r"(?<=[A-Za-z])['’](?=[A-Za-z])", "", text)
    parts = re.split(r"[^\w\s]|_", joined)
    out = [re.findall(r"[a-z0-9]+", _reference_fold(part)) for part in parts]
    return [toks for toks in out if toks]


def _regroup(pieces: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for piece in pieces:
        if is_token(piece):
            out[-1].append(piece)
        elif out[-1]:
            out.append([])
    return [seg for seg in out if seg]


@given(_TEXTS)
@settings(max_examples=400, deadline=None)
def test_fold_fast_path_is_the_definition(text: str) -> None:
    fold.cache_clear()
    assert fold(text) == _reference_fold(text)


@given(_TEXTS)
@settings(max_examples=400, deadline=None)
def test_segment_pieces_regroup_into_the_defined_segments(text: str) -> None:
    expected = _reference_segments(text)
    assert segments(text) == expected
    assert _regroup(segment_pieces(text)) == expected


@given(st.lists(_TEXTS, max_size=5))
@settings(max_examples=300, deadline=None)
def test_session_tokens_are_the_turn_tokens_end_to_end(turns: list[str]) -> None:
    # LoadedCorpus tokenizes each turn once and concatenates; that must equal tokenizing the
    # session text, whose turns are joined by newlines.
    joined = raw_tokens("\n".join(turns))
    assert joined == [t for turn in turns for t in raw_tokens(turn)]
