"""The bank grammar: alternatives, nesting, optional parts, counts, and refusals."""

from __future__ import annotations

import random

import pytest

from corpora.generate.core.grammar import GrammarError, expand, flatten, variants


def every_expansion(template: str, draws: int = 400) -> set[str]:
    rng = random.Random(7)
    return {expand(template, rng) for _ in range(draws)}


def test_plain_text_is_returned_unchanged() -> None:
    assert expand("Good to hear, {your}.", random.Random(1)) == "Good to hear, {your}."


def test_alternatives_nesting_and_optional_parts() -> None:
    template = "[Oh,|] that is [good|[really|very] nice] news."
    assert every_expansion(template) == {
        "Oh, that is good news.",
        "Oh, that is really nice news.",
        "Oh, that is very nice news.",
        "that is good news.",
        "that is really nice news.",
        "that is very nice news.",
    }
    assert variants(template) == 6


def test_an_empty_alternative_leaves_no_double_space_or_space_before_punctuation() -> None:
    for text in every_expansion("Thanks [for telling me|] , {your} [is lucky|] ."):
        assert "  " not in text and " ," not in text and " ." not in text


def test_the_same_seed_gives_the_same_sentence() -> None:
    template = "[a|b|c] [d|e|f] [g|h|i]"
    first = [expand(template, random.Random(3)) for _ in range(5)]
    assert first == [expand(template, random.Random(3)) for _ in range(5)]
    assert len(every_expansion(template)) == variants(template) == 27


@pytest.mark.parametrize("bad", ["[a|b", "a]b", "a|b", "[a|[b]"])
def test_unbalanced_templates_are_refused(bad: str) -> None:
    with pytest.raises(GrammarError):
        expand(bad, random.Random(0))


def test_flatten_keeps_every_word_and_drops_the_syntax() -> None:
    assert flatten("[Oh|Ah], [x|y z]") == " Oh Ah ,  x y z "


def test_a_possessive_alternative_joins_the_word_before_it() -> None:
    """`someone else [has|'s] done it` reads `someone else's done it`, not `else 's`."""
    seen = {expand("someone else [has|'s] done it", random.Random(seed)) for seed in range(20)}
    assert seen == {"someone else has done it", "someone else's done it"}
