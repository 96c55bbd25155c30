"""Relative time expressions: find them in message text and resolve them against the stating
session's own timestamp.

Message content in time-dependent verticals carries no absolute date (V4), so every due,
expiry or becomes-true instant must be derivable from a session timestamp plus a relative
expression. This module is the checker's reading of that grammar; V5 uses it to re-derive
every Prospective pivot from the bytes.

Grammar (case-insensitive), resolved against the session timestamp `t`:

- `in N UNIT` / `N UNIT from now` — `t + N·UNIT`; UNIT is minute(s), hour(s), day(s), week(s);
  N is digits, `a`/`an`, or a number word one … thirty.
- `in a fortnight` — `t + 14 days`.
- `tomorrow`, `the day after tomorrow` — the date `t + 1` / `t + 2` days.
- `next WEEKDAY`, `this WEEKDAY`, `on WEEKDAY` — the first WEEKDAY strictly after `t`'s date.
- A date-level expression (the last two forms) takes its time of day from a following
  `at H[:MM] am|pm`, `at HH:MM`, `at noon`, `at midnight`; without one it resolves to 09:00.
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
_AT = (
    r"(?:\s+at\s+(?:(?P<noon>noon)|(?P<midnight>midnight)|"
    r"(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>am|pm)?))?"
)
_WD = r"(?P<wd>" + "|".join(WEEKDAYS) + r")"

PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("offset", re.compile(rf"\bin\s+{_N}\s+{_UNIT}\b", re.I)),
    ("offset", re.compile(rf"\b{_N}\s+{_UNIT}\s+from\s+now\b", re.I)),
    ("fortnight", re.compile(r"\bin\s+a\s+fortnight\b", re.I)),
    ("day_after", re.compile(rf"\bthe\s+day\s+after\s+tomorrow\b{_AT}", re.I)),
    ("tomorrow", re.compile(rf"\btomorrow\b{_AT}", re.I)),
    ("weekday", re.compile(rf"\b(?:next|this|on)\s+{_WD}\b{_AT}", re.I)),
]


@dataclass(frozen=True)
class Resolved:
    expression: str
    instant: datetime
    start: int


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


def resolve_match(kind: str, m: re.Match[str], base: datetime) -> datetime | None:
    if kind == "offset":
        return base + _number(m["n"]) * UNITS[m["unit"].lower()]
    if kind == "fortnight":
        return base + timedelta(days=14)
    if kind == "tomorrow":
        return _at_day(base, 1, m)
    if kind == "day_after":
        return _at_day(base, 2, m)
    if kind == "weekday":
        target = WEEKDAYS.index(m["wd"].lower())
        ahead = (target - base.weekday()) % 7 or 7
        return _at_day(base, ahead, m)
    return None


def find_expressions(text: str, base: datetime) -> list[Resolved]:
    """Every relative expression in `text`, resolved against `base`, in text order.

    Overlapping matches keep the longest ("the day after tomorrow" over "tomorrow")."""
    found: list[tuple[int, int, str, re.Match[str]]] = []
    for kind, pattern in PATTERNS:
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
            out.append(Resolved(m.group(0), instant, start))
            last_end = end
    return out


def resolve(expression: str, base: datetime) -> datetime | None:
    """Resolve one expression (the whole string must be one expression of the grammar)."""
    for kind, pattern in PATTERNS:
        m = pattern.fullmatch(expression.strip())
        if m:
            return resolve_match(kind, m, base)
    return None
