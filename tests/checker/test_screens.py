"""The literal pre-checks that let the text screens skip a haystack must never skip a match.

`cannot_contain(text, needles)` excuses an ASCII text that contains none of the needles; the
screens rely on every match of their patterns containing one. These tests generate ASCII text
dense in near-misses and hold each pattern to its needles."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.rules.dates import ABSOLUTE_DATE_PATTERNS, DIGITS, YEAR_RE
from checker.rules.leaks import PRODUCTION_NEEDLES, PRODUCTION_WORDS
from checker.text import cannot_contain, may_contain

_FRAGMENTS = st.sampled_from(
    [
        *"gold Gold GOLD filler Distractors haystack TEMPLATES placeholder scaffolding".split(),
        *"needles echo ECHO tpl_x TPL-9 T12 t7 tme-for-2 TME-x-1 {name} {a_b} ${x} $y".split(),
        *"<<a>> << >> March may 3rd the 21st 12/05 2026 1999 14 Mon, 4 of June".split(),
        " ",
        "\n",
        ".",
        ",",
        "-",
        "_",
        "'",
        "golden",
        "goldfish",
        "temp",
        "lat",
        "t",
        "e",
        "x",
    ]
)
_ASCII_TEXTS = st.lists(_FRAGMENTS, max_size=12).map("".join)


@given(_ASCII_TEXTS)
@settings(max_examples=600, deadline=None)
def test_production_words_are_never_excused(text: str) -> None:
    if PRODUCTION_WORDS.search(text):
        assert not cannot_contain(text, PRODUCTION_NEEDLES), text


@given(st.lists(st.one_of(_ASCII_TEXTS, st.just("Gölden t3")), max_size=6))
@settings(max_examples=400, deadline=None)
def test_many_texts_at_once_are_each_text_on_its_own(texts: list[str]) -> None:
    # The corpus-wide scan (one joined string per needle) must flag exactly the texts the
    # per-text check would not excuse, and a hit in one text must not hide the next.
    expected = [not cannot_contain(t, PRODUCTION_NEEDLES) for t in texts]
    assert may_contain(texts, PRODUCTION_NEEDLES).tolist() == expected


@given(_ASCII_TEXTS)
@settings(max_examples=600, deadline=None)
def test_dates_and_years_are_never_excused(text: str) -> None:
    patterns = [pattern for _, pattern in ABSOLUTE_DATE_PATTERNS] + [YEAR_RE]
    if any(p.search(text) for p in patterns):
        assert not cannot_contain(text, DIGITS), text


def test_every_production_alternative_is_caught_by_its_needle() -> None:
    for example in [
        "the Gold one",
        "a FILLER",
        "distractors",
        "Haystacks",
        "template",
        "placeholders",
        "scaffold",
        "needle",
        "echo",
        "{slot}",
        "${slot}",
        "<<x>>",
        "TPL_1",
        "T42",
        "tme-for-2",
    ]:
        assert PRODUCTION_WORDS.search(example), example
        assert not cannot_contain(example, PRODUCTION_NEEDLES), example


def test_only_ascii_text_is_excused() -> None:
    assert cannot_contain("nothing to see", DIGITS)
    assert not cannot_contain("nothing to see ٣", DIGITS)  # a non-ASCII digit: scan it
    assert not cannot_contain("day 3", DIGITS)
