"""The bank grammar: alternatives, nesting, optional parts, counts, and refusals."""

from __future__ import annotations

import random
import re

import pytest

from corpora.generate.core.grammar import (
    GrammarError,
    expand,
    flatten,
    restrain,
    variants,
)


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


@pytest.mark.parametrize(
    ("text", "restrained"),
    [
        # One idea said twice: the later saying set off by commas goes.
        ("I honestly couldn't say, if I'm honest.", "I honestly couldn't say."),
        ("I think that covers it, I think!", "I think that covers it!"),
        ("Really, she seems really chuffed with it.", "She seems really chuffed with it."),
        (
            "Sorry, no, it's her goddaughter I'm thinking of, silly me.",
            "Sorry, no, it's her goddaughter I'm thinking of.",
        ),
        # Fillers of different ideas: one per sentence, the first kept.
        (
            "Honestly, he looked really happy with it, to be fair.",
            "Honestly, he looked really happy with it.",
        ),
        (
            "Well, it was only ever the plan, really, and it fell through, I'm afraid.",
            "Well, it was only ever the plan, really, and it fell through.",
        ),
        (
            "Now that you ask: to be fair, she didn't seem to mind, to be fair. Right, sorry.",
            "Now that you ask: to be fair, she didn't seem to mind. Right, sorry.",
        ),
        # "For what it's worth" said by a lead and again by the status it leads into.
        (
            "One more thing on her, for what it's worth, I've double-checked since, for what"
            " that's worth.",
            "One more thing on her, for what it's worth, I've double-checked since.",
        ),
        # A filler a placeholder follows at the start stays, and the other goes.
        ("Honestly, {pron} seems happy, to be fair.", "Honestly, {pron} seems happy."),
    ],
)
def test_restrain_says_an_idea_once_and_keeps_one_filler(text: str, restrained: str) -> None:
    assert restrain(text) == restrained


@pytest.mark.parametrize(
    "text",
    [
        "Not really, we left it there.",
        "I'm afraid so. No: I think so, anyway.",
        "He seems really pleased, which is nice.",
        "Quite a bit, actually. Honestly, always.",
        "Sorry to hear that. I think it went well, really.",
    ],
)
def test_restrain_leaves_single_fillers_and_plain_words(text: str) -> None:
    assert restrain(text) == text


def test_an_expansion_never_says_an_idea_twice_or_stacks_fillers() -> None:
    """Slots drawn apart (`compose`) are restrained where they are joined: the expansions of a
    template whose slots repeat an idea say it once."""
    template = (
        "[I honestly couldn't say|Hard to say|Sorry, no idea], [to be honest|if I'm honest"
        "|I'm afraid|sadly][, really|, in all honesty|, silly me|]."
    )
    seen = every_expansion(template, 600)
    assert "I honestly couldn't say." in seen and "Sorry, no idea." in seen
    for text in seen:
        assert text.count(",") <= 1, text
        assert len(re.findall("honest", text)) <= 1, text


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "What nice news. Nice. Regular exercise helps.",
            "What nice news. Regular exercise helps.",
        ),
        (
            "Nice! Nice. Regular exercise is a good habit.",
            "Nice. Regular exercise is a good habit.",
        ),
        ("Good to know. Good to know where it stands.", "Good to know where it stands."),
        ("Good! It suits him, which is good to hear.", "It suits him, which is good to hear."),
        ("Nice. Lovely weather for it.", "Nice. Lovely weather for it."),
        ("No. No idea, sorry.", "No. No idea, sorry."),
        ("Nice.", "Nice."),
        ("Oh, good. The car seems a good choice.", "The car seems a good choice."),
        ("Thanks! Thanks for the update.", "Thanks for the update."),
        ("I see. I can see why she likes it.", "I can see why she likes it."),
    ],
)
def test_restrain_drops_a_bare_reaction_the_next_sentence_echoes(text: str, kept: str) -> None:
    """A reaction and the sentence beside it never say the same word twice ("Nice! Nice.")."""
    assert restrain(text) == kept


def test_a_verticals_own_fillers_are_kept_to_one_and_give_way_first() -> None:
    """`restrain` with a vertical's own fillers keeps one filler a sentence, a shared one before
    the vertical's; without them, it leaves those words as they are."""
    own = ("mostly", "fair enough")
    assert restrain("I'm with him, mostly, really.") == "I'm with him, mostly, really."
    assert restrain("I'm with him, mostly, really.", own) == "I'm with him, really."
    assert restrain("Habit, I think, fair enough.", own) == "Habit, I think."
    assert restrain("Too fiddly, mostly, fair enough.", own) == "Too fiddly, mostly."
    assert restrain("About four hours, mostly waiting.", own) == "About four hours, mostly waiting."
