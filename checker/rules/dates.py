"""V4: no absolute dates in the message content of time-dependent questions, and no relative
expression whose reading depends on a convention (R-CHK-V4, R-CHK-HAYSTACK).

A conversation that names its own dates lets a system answer a clock question without using
the clock it was given; every time expression must be relative to its session's timestamp, and
resolve to one instant whoever reads it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime, timedelta
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Question
from checker.load import LoadedCorpus, parse_date
from checker.registry import rule
from checker.text import cannot_contain
from checker.timeexpr import WEEKDAYS as WEEKDAY_NAMES
from checker.timeexpr import convention_dependent

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


#: Every convention-dependent form names a weekday or a weekend (a test holds the patterns to it).
WEEKDAY_NEEDLES = (*WEEKDAY_NAMES, "weekend")
#: How many expressions one finding quotes before counting the rest.
QUOTED = 3


def may_name_a_weekday(corpus: LoadedCorpus) -> NDArray[np.bool_]:
    """Per distinct turn text: whether it holds a weekday name, or `next` then `weekend`, as
    raw tokens. Every refused form names one (its weekday bounded as a word, or `next weekend`,
    each of which the tokenizer keeps as tokens), so a text without one has nothing to refuse;
    read off the corpus's token ids in one pass."""
    ids = corpus.token_ids
    vocabulary = ids.vocabulary
    is_day = np.zeros(len(ids.words), dtype=bool)
    is_day[[vocabulary[w] for w in WEEKDAY_NAMES if w in vocabulary]] = True
    hits = np.flatnonzero(is_day[ids.text_ids])
    if "next" in vocabulary and "weekend" in vocabulary:
        weekend = np.flatnonzero(ids.text_ids == vocabulary["weekend"])
        weekend = weekend[weekend > 0]
        weekend = weekend[ids.text_ids[weekend - 1] == vocabulary["next"]]
        hits = np.concatenate([hits, weekend])
    found = np.zeros(len(ids.text_starts) - 1, dtype=bool)
    found[np.searchsorted(ids.text_starts, hits, side="right") - 1] = True
    return found


#: A Monday: every reading TIM003 makes depends on the weekday said, not on the date.
_MONDAY = datetime(2024, 1, 1)


@lru_cache(maxsize=1 << 16)
def _conventions(text: str, weekday: int) -> tuple[tuple[str, str], ...]:
    """`convention_dependent(text, base)` for a `base` on that weekday, as (expression, why)."""
    base = _MONDAY + timedelta(days=weekday)
    return tuple((a.expression, a.reason) for a in convention_dependent(text, base))


@rule(
    "TIM003",
    "convention-dependent-time",
    example="2 time expressions read differently under different conventions: session 4 turn 0 "
    "'next Thursday' (said on a Monday: the first one to come, the one of next week, …)",
)
def convention_dependent_time(ctx: CorpusContext) -> Iterator[Violation]:
    """No relative time expression in a time-dependent question reads differently under
    different conventions.

    A conversation may place an event only in ways every reader resolves to the same day
    (`checker.timeexpr`, against the stating session's timestamp; weeks run Monday to Sunday
    only where the Monday-start and Sunday-start weeks agree):

    - `in N minutes/hours/days/weeks`, `N days from now`, `in N days' time`;
    - `in a fortnight`, `in a fortnight's time`; `tomorrow`, `the day after tomorrow`;
    - `on WEEKDAY`, `this coming WEEKDAY` — the first WEEKDAY to come, said on another weekday;
    - `this WEEKDAY` — said Monday–Saturday about a later day of that week, Sunday excluded;
    - `WEEKDAY next week`, `on WEEKDAY next week` — neither the day said nor WEEKDAY a Sunday;
    - a day-level form may add `at 3pm`, `at 15:30`, `at noon` or `at midnight`.

    Refused, because their reading depends on a convention: `next WEEKDAY` and `last WEEKDAY`
    (the first to come or go, the one of the next or last calendar week, or the one beyond);
    `on`, `this` or `this coming WEEKDAY` said on that very weekday (today, or a week on);
    `this WEEKDAY` said later in the week or with a Sunday at either end; `WEEKDAY next week`
    with a Sunday at either end; `next weekend`; `WEEKDAY week`. The message text and the
    question text are both read, each against its own timestamp. "next Thursday" resolved as
    the first coming Thursday changed two due-window answers when read the common British way,
    as the Thursday of next week: gold that depends on a reading is not gold.
    """
    corpus = ctx.corpus
    turns = corpus.turn_index
    may = may_name_a_weekday(corpus)
    # The turns that can hold a refused form, grouped by question: (session, turn, text).
    flagged = np.flatnonzero(may[turns.text_of])
    session_of = turns.session[flagged]
    question_of = np.searchsorted(corpus.session_starts, session_of, side="right") - 1
    local_session = session_of - corpus.session_starts[question_of]
    local_turn = flagged - turns.session_offsets[session_of]
    by_question: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for qi, si, ti, code in zip(
        question_of.tolist(),
        local_session.tolist(),
        local_turn.tolist(),
        turns.text_of[flagged].tolist(),
        strict=True,
    ):
        by_question[qi].append((si, ti, turns.contents[code]))
    for qi, q in enumerate(corpus.questions):
        if not time_dependent(q):
            continue
        found: list[str] = []
        where = [("the question", q.question, q.question_date)]
        for si, ti, text in by_question.get(qi, ()):
            date = q.haystack_dates[si] if si < len(q.haystack_dates) else ""
            where.append((f"session {si} turn {ti}", text, date))
        for label, text, date in where:
            base = parse_date(date)
            if base is None or cannot_contain(text, WEEKDAY_NEEDLES):
                continue
            for expression, reason in _conventions(text, base.weekday()):
                found.append(
                    f"{label} {expression!r} (said on a {WEEKDAY_NAMES[base.weekday()].capitalize()}: {reason})"
                )
        if found:
            shown = "; ".join(found[:QUOTED])
            more = f"; and {len(found) - QUOTED} more" if len(found) > QUOTED else ""
            yield Violation(
                q.question_id,
                f"{len(found)} time expression{'s' if len(found) > 1 else ''} read differently "
                f"under different conventions: {shown}{more}; say it so that every reading "
                "agrees (on Friday, on Friday next week, in N days; see the grammar on TIM003's "
                "page)",
            )
