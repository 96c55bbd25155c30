"""The language figures count sentences with decimal numbers kept whole."""

from __future__ import annotations

import pytest

from checker.separability.language import sentences, skeleton, turn_skeleton
from checker.separability.shortcuts import states_a_value


def test_a_point_between_digits_does_not_end_a_sentence() -> None:
    assert sentences("He paid 1,446.90 francs. Then 3.5 more! Fine.") == [
        "He paid 1,446.90 francs.",
        "Then 3.5 more!",
        "Fine.",
    ]


def test_an_amount_is_masked_inside_its_own_sentence() -> None:
    assert turn_skeleton("My uncle paid 1,446.90 francs.") == "my R paid 0 francs ."
    assert turn_skeleton("My aunt paid 12.05 euros.") == turn_skeleton("My gran paid 7.10 euros.")


@pytest.mark.parametrize(
    "sentence",
    [
        "Oh, I've said that wrong: it was only the plan.",
        "That's what he said, though I'd better check.",
        "Hard to say, if I'm honest.",
        "Well, I'll ask him.",
    ],
)
def test_the_speakers_own_i_is_no_name(sentence: str) -> None:
    """`I've`, `I'd`, `I'm` and `I'll` are capitalised mid-sentence and are no name: masked as
    one, a remark would read as a statement of a value (SHC003's candidates, the skeletons)."""
    assert "N" not in skeleton(sentence).split()
    assert not states_a_value(turn_skeleton(sentence))
