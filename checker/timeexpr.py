"""Relative time expressions: find them in message text and resolve them against the stating
session's own timestamp.

Message content in time-dependent verticals carries no absolute date (V4), so every due,
expiry or becomes-true instant must be derivable from a session timestamp plus a relative
expression. This module is the checker's reading of that grammar; V5 uses it to re-derive
every Prospective pivot from the bytes, and TIM003 refuses the expressions whose reading
depends on a convention.

Accepted grammar (case-insensitive), resolved against the session timestamp `t` (weeks run
Monday to Sunday only where both week-start conventions agree):

- `in N UNIT`, `N UNIT from now`, `in N UNIT's time` — `t + N·UNIT`; UNIT is minute(s),
  hour(s), day(s), week(s); N is digits, `a`/`an`, or a number word one … thirty.
- `in a fortnight`, `in a fortnight's time` — `t + 14 days`.
- `tomorrow`, `the day after tomorrow` — the date `t + 1` / `t + 2` days.
- `on WEEKDAY`, `this coming WEEKDAY` — the first WEEKDAY after `t`'s date, said on another
  weekday.
- `this WEEKDAY` — the same, when `t` and WEEKDAY are both Monday–Saturday and WEEKDAY comes
  later in the week.
- `WEEKDAY next week`, `on WEEKDAY next week` — WEEKDAY of the week after `t`'s, when neither
  `t` nor WEEKDAY is a Sunday.
- A date-level expression (the last four forms and `tomorrow`) takes its time of day from a
  following `at H[:MM] am|pm`, `at HH:MM`, `at noon`, `at midnight`; without one it resolves
  to 09:00.

Convention-dependent (recognised so that TIM003 can refuse them; see `CONVENTIONS`): `next
WEEKDAY` and `last WEEKDAY` always; `on`, `this` and `this coming WEEKDAY` said on that
weekday; `this WEEKDAY` outside the accepted case; `WEEKDAY next week` with a Sunday at either
end; `next weekend`; `WEEKDAY week`. The future ones among them still resolve, to the first
WEEKDAY after `t` (for `WEEKDAY next week`, the Monday-start week), so that V5 re-derives a
pivot stated that way under one stated reading while TIM003 reports that the reading is one
of several.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three "
        "twenty-four twenty-five twenty-six twenty-seven twenty-eight twenty-nine thirty".split()
    )
}
NUMBER_WORDS.update({"a": 1, "an": 1})
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
SUNDAY = 6
UNITS = {
    "minute": timedelta(minutes=1),
    "hour": timedelta(hours=1),
    "day": timedelta(days=1),
    "week": timedelta(weeks=1),
}
DEFAULT_TIME = (9, 0)

_N = (
    r"(?P<n>\d+|"
    + "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
    + r")"
)
_UNIT = r"(?P<unit>minute|hour|day|week)s?"
#: "in three days' time", "in a week's time", "in a fortnight's time".
_TIME = r"(?:['’]s?\s+time)?"
_AT = (
    r"(?:\s+at\s+(?:(?P<noon>noon)|(?P<midnight>midnight)|"
    r"(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>am|pm)?))?"
)
_WD = r"(?P<wd>" + "|".join(WEEKDAYS) + r")"

PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("offset", re.compile(rf"\bin\s+{_N}\s+{_UNIT}{_TIME}\b", re.I)),
    ("offset", re.compile(rf"\b{_N}\s+{_UNIT}\s+from\s+now\b", re.I)),
    ("fortnight", re.compile(rf"\bin\s+a\s+fortnight{_TIME}\b", re.I)),
    ("day_after", re.compile(rf"\bthe\s+day\s+after\s+tomorrow\b{_AT}", re.I)),
    ("tomorrow", re.compile(rf"\btomorrow\b{_AT}", re.I)),
    ("next_week", re.compile(rf"\b(?:on\s+)?{_WD}\s+next\s+week\b{_AT}", re.I)),
    ("this_coming", re.compile(rf"\bthis\s+coming\s+{_WD}\b{_AT}", re.I)),
    ("next", re.compile(rf"\bnext\s+{_WD}\b{_AT}", re.I)),
    ("this", re.compile(rf"\bthis\s+{_WD}\b{_AT}", re.I)),
    ("on", re.compile(rf"\bon\s+{_WD}\b{_AT}", re.I)),
]

#: Why each convention-dependent form is ambiguous.
NEXT = "the first one to come, the one of next week, or the one after the first"
LAST = "the most recent one, the one of last week, or the one before the most recent"
SAME_DAY = "today, or a week on"
THIS_OUTSIDE = "this week's (perhaps already past) or the coming one, by where the week starts"
SUNDAY_WEEK = "where the week starts (Monday or Sunday) decides the day"
WEEKEND = "the coming weekend or the one after it"
WEEKDAY_WEEK = "a regional form (a week after the coming one) many readers do not know"

#: Forms no instant is read from, recognised only to be refused.
UNRESOLVED: list[tuple[str, re.Pattern[str], str]] = [
    ("last WEEKDAY", re.compile(rf"\blast\s+{_WD}\b", re.I), LAST),
    ("next weekend", re.compile(r"\bnext\s+weekend\b", re.I), WEEKEND),
    ("WEEKDAY week", re.compile(rf"\b{_WD}\s+week\b", re.I), WEEKDAY_WEEK),
]

#: Every convention TIM003 refuses, as (form, why): the rule's documentation lists these.
CONVENTIONS: tuple[tuple[str, str], ...] = (
    ("next WEEKDAY", NEXT),
    ("last WEEKDAY", LAST),
    ("on / this / this coming WEEKDAY said on that weekday", SAME_DAY),
    (
        "this WEEKDAY said later in the week than WEEKDAY, or with a Sunday at either end",
        THIS_OUTSIDE,
    ),
    ("WEEKDAY next week with a Sunday at either end", SUNDAY_WEEK),
    ("next weekend", WEEKEND),
    ("WEEKDAY week", WEEKDAY_WEEK),
)


@dataclass(frozen=True)
class Resolved:
    expression: str
    instant: datetime
    start: int
    #: Why the expression's reading depends on a convention (None when it does not); the
    #: instant is then the reading the module documents.
    convention: str | None = None


@dataclass(frozen=True)
class Ambiguous:
    """A convention-dependent expression: what it says, where, and why it is ambiguous."""

    expression: str
    start: int
    reason: str


def _number(token: str) -> int:
    return int(token) if token.isdigit() else NUMBER_WORDS[token.lower()]


def _time_of_day(m: re.Match[str]) -> tuple[int, int] | None:
    groups = m.groupdict()
    if groups.get("noon"):
        return (12, 0)
    if groups.get("midnight"):
        return (0, 0)
    if groups.get("h") is None:
        return DEFAULT_TIME
    h, minute = int(groups["h"]), int(groups.get("m") or 0)
    ampm = (groups.get("ampm") or "").lower()
    if ampm == "pm" and h < 12:
        h += 12
    if ampm == "am" and h == 12:
        h = 0
    if not (0 <= h <= 23 and 0 <= minute <= 59):
        return None
    return (h, minute)


def _at_day(base: datetime, days: int, m: re.Match[str]) -> datetime | None:
    tod = _time_of_day(m)
    if tod is None:
        return None
    day = (base + timedelta(days=days)).date()
    return datetime(day.year, day.month, day.day, tod[0], tod[1])


def convention_of(kind: str, m: re.Match[str], base: datetime) -> str | None:
    """Why an expression of the grammar depends on a convention when said at `base`, or None
    when every reading agrees (the accepted grammar above)."""
    if kind not in ("next_week", "this_coming", "next", "this", "on"):
        return None
    said, named = base.weekday(), WEEKDAYS.index(m["wd"].lower())
    if kind == "next":
        return NEXT
    if kind == "next_week":
        return SUNDAY_WEEK if SUNDAY in (said, named) else None
    if said == named:
        return SAME_DAY
    if kind == "this" and (SUNDAY in (said, named) or named < said):
        return THIS_OUTSIDE
    return None


def resolve_match(kind: str, m: re.Match[str], base: datetime) -> datetime | None:
    if kind == "offset":
        return base + _number(m["n"]) * UNITS[m["unit"].lower()]
    if kind == "fortnight":
        return base + timedelta(days=14)
    if kind == "tomorrow":
        return _at_day(base, 1, m)
    if kind == "day_after":
        return _at_day(base, 2, m)
    if kind == "next_week":
        target = WEEKDAYS.index(m["wd"].lower())
        return _at_day(base, 7 - base.weekday() + target, m)
    if kind in ("this_coming", "next", "this", "on"):
        target = WEEKDAYS.index(m["wd"].lower())
        ahead = (target - base.weekday()) % 7 or 7
        return _at_day(base, ahead, m)
    return None


#: The forms that name a weekday: the only ones whose reading can depend on a convention.
WEEKDAY_KINDS = frozenset({"next_week", "this_coming", "next", "this", "on"})


def find_expressions(
    text: str, base: datetime, kinds: frozenset[str] | None = None
) -> list[Resolved]:
    """Every relative expression in `text` that names a later instant (of the given kinds, or
    all), resolved against `base`, in text order, each with its convention (None when its
    reading is unambiguous).

    Overlapping matches keep the longest ("the day after tomorrow" over "tomorrow")."""
    found: list[tuple[int, int, str, re.Match[str]]] = []
    for kind, pattern in PATTERNS:
        if kinds is not None and kind not in kinds:
            continue
        for m in pattern.finditer(text):
            found.append((m.start(), m.end(), kind, m))
    found.sort(key=lambda x: (x[0], -(x[1] - x[0])))
    out: list[Resolved] = []
    last_end = -1
    for start, end, kind, m in found:
        if start < last_end:
            continue
        instant = resolve_match(kind, m, base)
        if instant is not None:
            out.append(Resolved(m.group(0), instant, start, convention_of(kind, m, base)))
            last_end = end
    return out


def convention_dependent(text: str, base: datetime) -> list[Ambiguous]:
    """Every expression in `text` whose reading depends on a convention when said at `base`:
    the grammar's own (`find_expressions` with a convention) and the unresolved forms. Only the
    forms that name a weekday are read: no other form overlaps one, so none can hide one."""
    resolved = find_expressions(text, base, WEEKDAY_KINDS)
    out = [Ambiguous(r.expression, r.start, r.convention) for r in resolved if r.convention]
    taken = [(r.start, r.start + len(r.expression)) for r in resolved]
    for _, pattern, reason in UNRESOLVED:
        for m in pattern.finditer(text):
            if not any(a <= m.start() < b for a, b in taken):
                out.append(Ambiguous(m.group(0), m.start(), reason))
    return sorted(out, key=lambda a: a.start)


def resolve(expression: str, base: datetime) -> datetime | None:
    """Resolve one expression (the whole string must be one expression of the grammar)."""
    for kind, pattern in PATTERNS:
        m = pattern.fullmatch(expression.strip())
        if m:
            return resolve_match(kind, m, base)
    return None


def reading(expression: str, base: datetime) -> str | None:
    """Why one expression depends on a convention when said at `base` (None when it does not,
    or when it is not an expression of the grammar)."""
    found = convention_dependent(expression.strip(), base)
    return found[0].reason if found else None


# --- instants on either side of a timestamp ---------------------------------------------------

#: "N days ago", "a week ago", "a fortnight ago": an earlier instant at the same time of day.
PAST_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("ago", re.compile(rf"\b{_N}\s+{_UNIT}\s+ago\b", re.I)),
    ("fortnight_ago", re.compile(r"\ba\s+fortnight\s+ago\b", re.I)),
]
#: Expressions that name the timestamp itself.
PRESENT = frozenset({"now", "today", "right now"})


def resolve_offset(expression: str, base: datetime) -> datetime | None:
    """Resolve an expression naming an instant before, at or after `base`, with no reading
    that depends on a convention: `N minutes/hours/days/weeks ago` and `a fortnight ago` (that
    long before `base`, same time of day), `now` and `today` (`base` itself), and every form of
    the future grammar (`resolve`). The whole string must be one expression.

    This is how a question names its instants relative to its own date, and how a statement
    dates a change that already happened ("she started there nine days ago"): exact offsets
    only, never a calendar date."""
    text = expression.strip()
    if text.lower() in PRESENT:
        return base
    for kind, pattern in PAST_PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        if kind == "fortnight_ago":
            return base - timedelta(days=14)
        return base - _number(m["n"]) * UNITS[m["unit"].lower()]
    return resolve(text, base)
