"""Time expressions: future ones resolve, in the checker's own grammar, to the instant they
name; past ones are never read as a future instant; dates print in the corpus format."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.formats.ids import DATE_RE
from checker.load import parse_date
from checker.timeexpr import find_expressions, resolve
from corpora.generate.core.clock import format_date, future_expression, past_expression

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
