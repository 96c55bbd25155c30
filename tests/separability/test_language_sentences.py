"""The language figures count sentences with decimal numbers kept whole."""

from __future__ import annotations

from checker.separability.language import sentences, turn_skeleton


def test_a_point_between_digits_does_not_end_a_sentence() -> None:
    assert sentences("He paid 1,446.90 francs. Then 3.5 more! Fine.") == [
        "He paid 1,446.90 francs.",
        "Then 3.5 more!",
        "Fine.",
    ]


def test_an_amount_is_masked_inside_its_own_sentence() -> None:
    assert turn_skeleton("My uncle paid 1,446.90 francs.") == "my R paid 0 francs ."
    assert turn_skeleton("My aunt paid 12.05 euros.") == turn_skeleton("My gran paid 7.10 euros.")
