"""The one tokenizer every rule shares."""

from __future__ import annotations

from checker.text import bm25_tokens, ngrams_in_segments, raw_tokens, segments, sentences


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
