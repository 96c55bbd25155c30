"""Scaffolding strips and dependence: the generic strip fires where there is scaffolding, finds
nothing where there is none, and never touches gold."""

from __future__ import annotations

import pytest

from checker.retrieval import (
    GENERIC,
    ScaffoldingPatternError,
    measure_coverage,
    measure_scaffolding,
)
from checker.retrieval.bm25 import question_coverage
from checker.retrieval.strips import (
    GENERIC_STRIP,
    is_keyword_sentence,
    parse_strips,
    strip_bracketed,
    strip_keyword_sentences,
)
from tests.retrieval.cal_builder import (
    PLACES,
    SCAFFOLD_PATTERN,
    THINGS,
    haystack,
    in_band,
    question,
    scaffolded,
)
from tests.retrieval.conftest import CorpusOf

KEYWORDS = frozenset({"quillet", "porchway", "get"})


def test_bracketed_clauses_go_innermost_first() -> None:
    text = "Fine. (Also on my mind: quillet (porchway).) Done [see above]. {x}"
    assert strip_bracketed(text).split() == ["Fine.", "Done", "."]


def test_text_without_brackets_is_returned_as_is() -> None:
    text = "Nothing to strip here."
    assert strip_bracketed(text) is text


@pytest.mark.parametrize(
    ("sentence", "scaffolding"),
    [
        ("Quillet porchway, quillet porchway.", True),  # nothing but the question's words
        ("Quillet porchway again.", True),  # two of three tokens are keywords
        ("Quillet.", False),  # one token is not a sentence made of keywords
        ("My neighbour ordered a quillet for the porchway yesterday.", False),  # a real decoy
        ("I got the Tavrin quillet.", False),  # a near-miss twin naming a value: half, not most
    ],
)
def test_keyword_sentences(sentence: str, scaffolding: bool) -> None:
    assert is_keyword_sentence(sentence, KEYWORDS) is scaffolding


def test_keyword_sentence_strip_keeps_the_rest() -> None:
    text = "The train was late. Quillet porchway, quillet porchway. I read all afternoon."
    assert strip_keyword_sentences(text, KEYWORDS) == "The train was late. I read all afternoon."


def test_invalid_declared_pattern_says_how_to_fix() -> None:
    with pytest.raises(ScaffoldingPatternError, match="declared_pattern"):
        parse_strips("(unclosed")


def test_parse_strips() -> None:
    assert parse_strips(None) == ()
    assert parse_strips(GENERIC) == (GENERIC_STRIP,)
    (declared,) = parse_strips(SCAFFOLD_PATTERN)
    assert declared.pattern is not None and declared.name == SCAFFOLD_PATTERN


def test_clean_corpus_measures_zero_and_the_strip_found_nothing(corpus_of: CorpusOf) -> None:
    record = measure_scaffolding(corpus_of(in_band()), None)
    assert record.generic_dependence == 0.0
    assert record.generic_sessions_changed == 0
    assert record.declared_pattern is None and record.declared_dependence is None
    assert record.shipped_mean == record.generic_stripped_mean == pytest.approx(0.6)


def test_scaffolded_corpus_fires_both_strips(corpus_of: CorpusOf) -> None:
    record = measure_scaffolding(corpus_of(scaffolded()), SCAFFOLD_PATTERN)
    # The declared pattern only knows the bracketed clause (2 questions buried → found);
    # the generic strip also removes the keyword-only sentences (2 more).
    assert record.shipped_mean == pytest.approx(0.6)
    assert record.declared_dependence == pytest.approx(0.2)
    assert record.generic_dependence == pytest.approx(0.4)
    assert record.generic_sessions_changed == 4 * 6
    assert record.per_shape_generic_dependence == {"current": pytest.approx(0.4)}


def test_strip_never_touches_gold(corpus_of: CorpusOf) -> None:
    # Gold repeats the keywords inside a parenthesis, which lifts it above six natural decoys;
    # stripping that parenthesis from gold would bury it again.
    q = question(1, haystack(1, 1, 5, fillers=8))  # keywords in 6 of 14 sessions: IDF > 0
    gold = q["haystack_session_ids"].index(q["answer_session_ids"][0])
    turn = q["haystack_sessions"][gold][0]
    thing, place = THINGS[1], PLACES[1]  # question 1's keywords
    turn["content"] = f"({thing} for the {place}, {thing} for the {place}.) {turn['content']}"
    corpus = corpus_of([q])
    shipped = question_coverage(corpus, 0)
    stripped = question_coverage(corpus, 0, (GENERIC_STRIP,))
    assert shipped.coverage == 1.0
    assert stripped.sessions_changed == 0
    assert stripped.coverage == 1.0
    assert measure_coverage(corpus, strip=GENERIC).strip == "generic"
