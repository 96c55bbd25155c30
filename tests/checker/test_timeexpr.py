"""Relative time expressions resolve against the stating session's own timestamp."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from checker import timeexpr
from checker.formats.corpus import Turn
from checker.registry import get_rule
from checker.rules.dates import WEEKDAY_NEEDLES, may_name_a_weekday
from checker.separability.synthetic import build_clean_corpus
from checker.timeexpr import CONVENTIONS, convention_dependent, find_expressions, reading, resolve

BASE = datetime(2026, 5, 4, 10, 30)  # a Monday


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("in three days", datetime(2026, 5, 7, 10, 30)),
        ("in 2 hours", datetime(2026, 5, 4, 12, 30)),
        ("in a week", datetime(2026, 5, 11, 10, 30)),
        ("in twenty-one days", datetime(2026, 5, 25, 10, 30)),
        ("five days from now", datetime(2026, 5, 9, 10, 30)),
        ("in a fortnight", datetime(2026, 5, 18, 10, 30)),
        ("tomorrow", datetime(2026, 5, 5, 9, 0)),
        ("tomorrow at 6 pm", datetime(2026, 5, 5, 18, 0)),
        ("the day after tomorrow at noon", datetime(2026, 5, 6, 12, 0)),
        ("next Friday at 2 pm", datetime(2026, 5, 8, 14, 0)),
        ("next Monday", datetime(2026, 5, 11, 9, 0)),
        ("on Tuesday at 07:15", datetime(2026, 5, 5, 7, 15)),
    ],
)
def test_resolve(expression: str, expected: datetime) -> None:
    assert resolve(expression, BASE) == expected


def test_unknown_expression_does_not_resolve() -> None:
    assert resolve("sometime soon", BASE) is None
    assert resolve("tomorrow at 25 pm", BASE) is None


def test_find_prefers_the_longest_overlapping_expression() -> None:
    found = find_expressions("Call me the day after tomorrow, not tomorrow.", BASE)
    assert [f.expression for f in found] == ["the day after tomorrow", "tomorrow"]
    assert found[0].instant == datetime(2026, 5, 6, 9, 0)


# --- readings that depend on a convention (TIM003) --------------------------------------------

#: Every accepted form, said at BASE (a Monday), with the instant every reading agrees on.
ACCEPTED = [
    ("in a fortnight's time", datetime(2026, 5, 18, 10, 30)),
    ("in three days' time", datetime(2026, 5, 7, 10, 30)),
    ("in a week's time", datetime(2026, 5, 11, 10, 30)),
    ("ten days from now", datetime(2026, 5, 14, 10, 30)),
    ("tomorrow at noon", datetime(2026, 5, 5, 12, 0)),
    ("on Friday", datetime(2026, 5, 8, 9, 0)),
    ("this Friday at 3pm", datetime(2026, 5, 8, 15, 0)),
    ("this coming Wednesday", datetime(2026, 5, 6, 9, 0)),
    ("Friday next week", datetime(2026, 5, 15, 9, 0)),
    ("on Monday next week at 10:15", datetime(2026, 5, 11, 10, 15)),
]

#: Each refused form with the day it is said on, and what TIM003 must say about it.
REFUSED = [
    ("next Friday", BASE, "the one of next week"),
    ("next Monday", BASE + timedelta(days=5), "the one of next week"),  # said on a Saturday
    ("last Friday", BASE + timedelta(days=5), "the most recent one"),
    ("on Monday", BASE, "today, or a week on"),
    ("this Monday", BASE, "today, or a week on"),
    ("this coming Monday", BASE, "today, or a week on"),
    ("this Monday", BASE + timedelta(days=1), "where the week starts"),  # said on a Tuesday
    ("this Friday", BASE - timedelta(days=1), "where the week starts"),  # said on a Sunday
    ("on Sunday next week", BASE, "Monday or Sunday"),
    ("Tuesday next week", BASE - timedelta(days=1), "Monday or Sunday"),
    ("next weekend", BASE, "the coming weekend or the one after it"),
    ("Thursday week", BASE, "a regional form"),
]


@pytest.mark.parametrize(("expression", "instant"), ACCEPTED)
def test_accepted_forms_resolve_and_depend_on_no_convention(
    expression: str, instant: datetime
) -> None:
    assert resolve(expression, BASE) == instant
    assert reading(expression, BASE) is None
    assert convention_dependent(f"We said {expression}.", BASE) == []


@pytest.mark.parametrize(("expression", "said", "why"), REFUSED)
def test_refused_forms_name_their_convention(expression: str, said: datetime, why: str) -> None:
    found = convention_dependent(f"The plumber comes {expression}, I think.", said)
    assert [a.expression for a in found] == [expression]
    assert why in found[0].reason


def test_next_weekday_still_resolves_under_its_documented_reading() -> None:
    # V5 re-derives a pivot stated this way (the first Friday to come); TIM003 refuses it.
    (found,) = find_expressions("due next Friday at 2 pm", BASE)
    assert found.instant == datetime(2026, 5, 8, 14, 0)
    assert found.convention is not None


def test_every_refused_form_names_a_weekday_or_the_weekend() -> None:
    """TIM003 only reads the turns that contain one of these (the rest cannot hold a refused
    form), so every refused example must."""
    for expression, _, _ in REFUSED:
        assert any(needle in expression.lower() for needle in WEEKDAY_NEEDLES), expression


def test_the_rule_page_documents_the_grammar_the_resolver_reads() -> None:
    why = get_rule("TIM003").why
    for form in (
        "in N minutes/hours/days/weeks",
        "N days from now",
        "in N days' time",
        "in a fortnight's time",
        "the day after tomorrow",
        "on WEEKDAY",
        "this coming WEEKDAY",
        "this WEEKDAY",
        "WEEKDAY next week",
        "at noon",
    ):
        assert form in why, form
    refused = (
        "`next WEEKDAY`",
        "`last WEEKDAY`",
        "`this coming WEEKDAY` said on that very weekday",
        "`this WEEKDAY` said later in the week or with a Sunday at either end",
        "`WEEKDAY next week`\nwith a Sunday at either end",
        "`next weekend`",
        "`WEEKDAY week`",
    )
    for form in refused:
        assert form in why, form
    assert len(CONVENTIONS) == len(refused)
    # … and the module's own docstring states the same accepted grammar.
    assert timeexpr.__doc__ is not None
    for form in ("in a fortnight's time", "this coming WEEKDAY", "WEEKDAY next week"):
        assert form in timeexpr.__doc__


def test_the_token_screen_keeps_every_text_with_a_refused_form() -> None:
    """TIM003 reads only the texts `may_name_a_weekday` keeps; every text in which
    `convention_dependent` finds something must be among them."""
    pieces = [
        "next Friday",
        "NEXT friday",
        "on Monday",
        "last_Tuesday",
        "last Tuesday's",
        "next weekend",
        "next\nweekend",
        "Thursday week",
        "this Sunday",
        "2friday",
        "Fridays",
        "weekend",
        "in three days",
        "hello",
    ]
    texts = [f"{a}, {b}." for a in pieces for b in pieces]
    corpus = build_clean_corpus(questions=1, sessions=(1, 1), exchanges=(1, 1), seed=0)
    (q,) = corpus.questions
    q.haystack_sessions = [[Turn(role="user", content=t, has_answer=False) for t in texts]]
    fresh = corpus.with_questions([q])
    kept = may_name_a_weekday(fresh)
    index = fresh.turn_index
    for turn_at, text in enumerate(texts):
        for day in range(7):
            if convention_dependent(text, BASE + timedelta(days=day)):
                assert kept[index.text_of[turn_at]], text
