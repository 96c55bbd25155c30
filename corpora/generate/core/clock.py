"""Session timestamps, and time expressions computed from each session's own timestamp.

Message content never names an absolute date or a year (V4): a conversation places an event
in time only relative to the session that mentions it. Past expressions ("yesterday", "last
week") are for colour; future expressions are the ones a question can turn on (a due or
expiry instant), so each is produced in the checker's own grammar (`checker.timeexpr`) and
verified to resolve back to the instant it names — an earlier Prospective generator
(docs/history.md) computed its due dates from a timestamp that was later overwritten, and every
structural check passed.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from checker.timeexpr import NUMBER_WORDS, resolve

WEEKDAY_ABBREV = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_NUMBER_NAMES = {n: w for w, n in NUMBER_WORDS.items() if w not in ("a", "an", "zero")}


class ClockError(ValueError):
    """A time expression cannot be produced for the requested instant."""


def format_date(moment: datetime) -> str:
    """`YYYY/MM/DD (Ddd) HH:MM`, with the English weekday whatever the process locale."""
    return (
        f"{moment.year:04d}/{moment.month:02d}/{moment.day:02d} "
        f"({WEEKDAY_ABBREV[moment.weekday()]}) {moment.hour:02d}:{moment.minute:02d}"
    )


def constant_schedule(start: datetime, count: int, spacing: timedelta) -> list[datetime]:
    """`count` timestamps exactly `spacing` apart (WorkingMemory's constant spacing)."""
    return [start + i * spacing for i in range(count)]


#: Days from one session to the next, with weights: runs of consecutive days, a few days, about
#: a week, and now and then a quiet fortnight — the rhythm of a person, not a timetable.
GAP_WEIGHTS = (
    (1, 40),
    (2, 24),
    (3, 16),
    (4, 6),
    (5, 4),
    (6, 3),
    (7, 3),
    (9, 2),
    (12, 1),
    (15, 1),
)
#: Times of day a person chats, as (first hour, last hour) of each part of the day.
DAY_PARTS = {
    "morning": (7, 9),
    "midday": (12, 13),
    "afternoon": (14, 17),
    "evening": (18, 21),
    "late": (22, 23),
}
#: Parts of a weekend day (more of the day is free).
WEEKEND_PARTS = ("morning", "midday", "afternoon", "evening")
#: How often a session falls in the haystack's habitual part of the day.
HABIT_SHARE = 0.55


def varied_schedule(rng: random.Random, start: datetime, count: int) -> list[datetime]:
    """`count` increasing timestamps with a person's rhythm: gaps drawn from `GAP_WEIGHTS`
    (runs of days, quiet weeks), each time of day drawn afresh — in the haystack's habitual
    part of the day (evenings, say) more than half the time on weekdays, anywhere from morning
    to evening at weekends — at quarter hours. An earlier schedule (every one to three
    days, any quarter hour 08:00–22:45) read like a timetable (issue 24)."""
    gaps = [g for g, _ in GAP_WEIGHTS]
    weights = [w for _, w in GAP_WEIGHTS]
    habit = rng.choice(tuple(DAY_PARTS))
    out: list[datetime] = []
    day = start.replace(hour=0, minute=0)
    for _ in range(count):
        if day.weekday() >= 5:
            part = rng.choice(WEEKEND_PARTS)
        elif rng.random() < HABIT_SHARE:
            part = habit
        else:
            part = rng.choice(tuple(DAY_PARTS))
        first, last = DAY_PARTS[part]
        moment = day + timedelta(hours=rng.randint(first, last), minutes=15 * rng.randint(0, 3))
        out.append(moment)
        day += timedelta(days=rng.choices(gaps, weights)[0])
    return out


#: Hours a question may be asked in (first and last), so no question comes at 02:15.
QUESTION_HOURS = (9, 20)


def question_moment(rng: random.Random, last: datetime, days: tuple[int, int] = (1, 3)) -> datetime:
    """When a question is asked: a waking hour (`QUESTION_HOURS`, at a quarter hour) on a day
    `days` (inclusive) after the session at `last`. An earlier rule, `last` plus a day or
    three and one to nine hours, asked after a late session in the small hours."""
    day = last.replace(hour=0, minute=0, second=0, microsecond=0)
    day += timedelta(days=rng.randint(*days))
    return day + timedelta(hours=rng.randint(*QUESTION_HOURS), minutes=15 * rng.randint(0, 3))


def start_date(rng: random.Random, first_year: int = 2025, years: int = 2) -> datetime:
    """A midnight start date drawn uniformly from `years` years starting at `first_year`."""
    base = datetime(first_year, 1, 1)
    return base + timedelta(days=rng.randrange(365 * years))


def days_before(session: datetime, event: datetime) -> int:
    """Whole calendar days from `event` to `session` (0 when on the same date)."""
    return (session.date() - event.date()).days


def past_expression(session: datetime, event: datetime) -> str:
    """How a speaker in the session at `session` refers to an earlier `event`.

    Only expressions the checker's future grammar does not read ("on Tuesday" would resolve
    forwards), so a past event can never be mistaken for a due instant, and none whose meaning
    depends on a convention ("last Friday" said on a Saturday)."""
    days = days_before(session, event)
    if days < 0:
        raise ClockError(f"event {event} is after the session {session}; use future_expression")
    if days == 0:
        return "earlier today"
    if days == 1:
        return "yesterday"
    if days == 2:
        return "the day before yesterday"
    if days <= 6:
        return f"{_NUMBER_NAMES[days]} days ago"
    if days <= 13:
        return "last week"
    if days <= 20:
        return "a couple of weeks ago"
    return "a few weeks ago"


def future_expression(session: datetime, instant: datetime, *, style: str = "auto") -> str:
    """An expression, relative to `session`, that resolves exactly to `instant`.

    Styles: `days` ("in N days", same time of day), `weekday` ("next Friday at 3pm", within a
    week), `tomorrow` ("tomorrow at 9am"), `weeks` ("in N weeks"), `hours` ("in N hours"), or
    `auto` (the most natural exact form). The result is checked with `checker.timeexpr.resolve`
    and `ClockError` is raised when no exact form exists.
    """
    delta = instant - session
    if delta <= timedelta(0):
        raise ClockError(f"{instant} is not after the session {session}")
    days = (instant.date() - session.date()).days
    candidates: list[str] = []
    same_time = (instant.hour, instant.minute) == (session.hour, session.minute)
    if style in ("auto", "hours") and delta < timedelta(days=1) and delta.seconds % 3600 == 0:
        candidates.append(f"in {_count(delta.seconds // 3600, 'hour')}")
    if style in ("auto", "tomorrow") and days == 1:
        candidates.append(f"tomorrow{_at(instant)}")
    if style in ("auto", "weekday") and 1 <= days <= 7:
        candidates.append(f"next {WEEKDAY_NAMES[instant.weekday()]}{_at(instant)}")
    if style in ("auto", "weeks") and same_time and days % 7 == 0 and days >= 7:
        candidates.append("in a fortnight" if days == 14 else f"in {_count(days // 7, 'week')}")
    if style in ("auto", "days") and same_time and days >= 1:
        candidates.append(f"in {_count(days, 'day')}")
    for expression in candidates:
        if resolve(expression, session) == instant:
            return expression
    raise ClockError(
        f"no {style} expression resolves from {format_date(session)} to {format_date(instant)}; "
        "pick an instant at the session's time of day or at a whole hour"
    )


def _count(n: int, unit: str) -> str:
    word = _NUMBER_NAMES.get(n, str(n))
    if n == 1:
        return f"a {unit}" if unit != "hour" else "an hour"
    return f"{word} {unit}s"


def _at(instant: datetime) -> str:
    if instant.minute:
        suffix = "am" if instant.hour < 12 else "pm"
        hour = instant.hour % 12 or 12
        return f" at {hour}:{instant.minute:02d}{suffix}"
    if instant.hour == 12:
        return " at noon"
    if instant.hour == 0:
        return " at midnight"
    suffix = "am" if instant.hour < 12 else "pm"
    return f" at {instant.hour % 12 or 12}{suffix}"
