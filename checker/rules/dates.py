"""V4: no absolute dates in the message content of time-dependent questions (R-CHK-V4).

A conversation that names its own dates lets a system answer a clock question without using
the clock it was given; every time expression must be relative to its session's timestamp.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Question
from checker.registry import rule
from checker.text import cannot_contain

MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])"
_ORD = r"(?:st|nd|rd|th)"

ABSOLUTE_DATE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("month + day", re.compile(rf"\b(?:{MONTHS})\.?\s+(?:the\s+)?{_DAY}{_ORD}?\b", re.I)),
    ("day + month", re.compile(rf"\b{_DAY}{_ORD}?\s+(?:of\s+)?(?:{MONTHS})\b", re.I)),
    ("ordinal day", re.compile(rf"\bthe\s+{_DAY}{_ORD}\b", re.I)),
    ("numeric date", re.compile(r"\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b")),
    ("numeric date", re.compile(rf"\b{_DAY}/(?:0?[1-9]|1[0-2])\b")),
    ("weekday + date", re.compile(rf"\b(?:{WEEKDAYS}),?\s+{_DAY}{_ORD}?\b", re.I)),
]
YEAR_RE = re.compile(r"\b(?:1[5-9]|2[0-9])\d{2}\b")


def time_dependent(q: Question) -> bool:
    block = q.typedmemeval
    if block is None or block.vertical not in BY_KEY:
        return False
    return BY_KEY[block.vertical].v4_applies(block.shape)


#: Every absolute-date pattern and the year pattern needs a digit; on ASCII text that is one of
#: these (a test holds the patterns to it).
DIGITS = tuple("0123456789")


def _contents(q: Question) -> Iterator[tuple[int, int, str]]:
    """Every turn's text, except when the question's whole haystack is ASCII without a digit."""
    if cannot_contain("\x00".join(t.content for s in q.haystack_sessions for t in s), DIGITS):
        return
    for si, session in enumerate(q.haystack_sessions):
        for ti, turn in enumerate(session):
            yield si, ti, turn.content


@rule(
    "TIM001",
    "absolute-date",
    example="session 3 turn 0 names an absolute date (month + day): 'March 14'",
)
def absolute_date(ctx: CorpusContext) -> Iterator[Violation]:
    """No absolute date (month + day, day + month, ordinal day, numeric date, weekday + date) in the
    message content of a time-dependent question.

    Relative expressions ("next Tuesday", "in three weeks") are the only way a conversation may
    place an event in time."""
    for q in ctx.corpus.questions:
        if not time_dependent(q):
            continue
        for si, ti, text in _contents(q):
            for label, pattern in ABSOLUTE_DATE_PATTERNS:
                m = pattern.search(text)
                if m:
                    yield Violation(
                        q.question_id,
                        f"session {si} turn {ti} names an absolute date ({label}): {m.group(0)!r}",
                    )
                    break


@rule("TIM002", "four-digit-year", example="session 2 turn 1 carries a four-digit year: '2026'")
def four_digit_year(ctx: CorpusContext) -> Iterator[Violation]:
    """No four-digit year in the message content or the question text of a time-dependent question.

    A year anchors the conversation to a calendar, which lets a system answer without the query time it was given."""
    for q in ctx.corpus.questions:
        if not time_dependent(q):
            continue
        m = YEAR_RE.search(q.question)
        if m:
            yield Violation(
                q.question_id, f"the question text carries a four-digit year: {m.group(0)!r}"
            )
        for si, ti, text in _contents(q):
            m = YEAR_RE.search(text)
            if m:
                yield Violation(
                    q.question_id,
                    f"session {si} turn {ti} carries a four-digit year: {m.group(0)!r}",
                )
