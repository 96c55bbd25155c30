"""Time expressions: future ones resolve, in the checker's own grammar, to the instant they
name; past ones are never read as a future instant; dates print in the corpus format."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.formats.ids import DATE_RE
from checker.load import parse_date
from checker.timeexpr import find_expressions, resolve
from corpora.generate.core.clock import (
    DAY_PARTS,
    format_date,
    future_expression,
    past_expression,
    question_moment,
    varied_schedule,
)

sessions = st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2027, 12, 31)).map(
    lambda d: d.replace(second=0, microsecond=0)
)


@settings(max_examples=200, deadline=None)
@given(session=sessions, days=st.integers(1, 30))
def test_future_days_resolve_back(session: datetime, days: int) -> None:
    instant = session + timedelta(days=days)
    expression = future_expression(session, instant)
    assert resolve(expression, session) == instant


@settings(max_examples=200, deadline=None)
@given(session=sessions, days=st.integers(1, 7), hour=st.integers(0, 23))
def test_future_weekdays_at_whole_hours_resolve_back(
    session: datetime, days: int, hour: int
) -> None:
    instant = (session + timedelta(days=days)).replace(hour=hour, minute=0)
    expression = future_expression(session, instant, style="weekday")
    assert resolve(expression, session) == instant


@settings(max_examples=200, deadline=None)
@given(session=sessions, days=st.integers(0, 40), minutes=st.integers(0, 1439))
def test_past_expressions_are_not_future_instants(
    session: datetime, days: int, minutes: int
) -> None:
    event = session - timedelta(days=days, minutes=minutes)
    if event > session:
        return
    assert find_expressions(past_expression(session, event), session) == []


@settings(max_examples=100, deadline=None)
@given(moment=sessions)
def test_dates_print_in_the_corpus_format(moment: datetime) -> None:
    text = format_date(moment)
    assert DATE_RE.match(text)
    assert parse_date(text) == moment


def test_a_schedule_has_a_person_s_rhythm() -> None:
    """Runs of consecutive days, quiet spells of a week or more, different parts of the day
    (a habitual one more than others) and no two sessions at one time of day every day."""
    rng = random.Random(5)
    for _ in range(40):
        moments = varied_schedule(rng, datetime(2026, 3, 2), 25)
        gaps = [(b.date() - a.date()).days for a, b in itertools.pairwise(moments)]
        assert all(g >= 1 for g in gaps)
        assert all(7 <= m.hour <= 23 for m in moments)
        assert len({(m.hour, m.minute) for m in moments}) >= 8
    many = [m for _ in range(200) for m in varied_schedule(rng, datetime(2025, 1, 6), 25)]
    gaps = Counter((b.date() - a.date()).days for a, b in itertools.pairwise(many) if b > a)
    assert gaps[1] > gaps[2] > gaps[4] and sum(n for g, n in gaps.items() if g >= 7) > 0
    parts = Counter(
        next(p for p, (lo, hi) in DAY_PARTS.items() if lo <= m.hour <= hi) for m in many
    )
    assert set(parts) == set(DAY_PARTS)
    weekend = [m for m in many if m.weekday() >= 5]
    assert weekend and all(m.hour <= 21 for m in weekend)


@settings(max_examples=300, deadline=None)
@given(session=sessions, seed=st.integers(0, 10_000))
def test_a_question_is_asked_in_waking_hours_a_day_or_more_after_the_last_session(
    session: datetime, seed: int
) -> None:
    """A late session plus a day or three and up to nine hours asked at 02:15 or 04:45."""
    asked = question_moment(random.Random(seed), session)
    assert 9 <= asked.hour <= 20 and asked.minute % 15 == 0
    assert 1 <= (asked.date() - session.date()).days <= 3
    assert asked > session
