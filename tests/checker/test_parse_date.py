"""parse_date reads canonical dates from their digits; it must agree with strptime on any text."""

from __future__ import annotations

from datetime import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.formats.ids import DATE_FORMAT
from checker.load import parse_date


def _strptime(value: str) -> datetime | None:
    try:
        return datetime.strptime(value, DATE_FORMAT)
    except ValueError:
        return None


_NUMBERS = st.integers(0, 10000).map(str) | st.integers(0, 99).map(lambda n: f"{n:02d}")
_DAYS = st.sampled_from(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "mon", "Xyz", "MON"])
_DATES = st.builds(
    lambda y, m, d, wd, h, mi: f"{y}/{m}/{d} ({wd}) {h}:{mi}",
    _NUMBERS,
    _NUMBERS,
    _NUMBERS,
    _DAYS,
    _NUMBERS,
    _NUMBERS,
)


@given(_DATES | st.text(max_size=30))
@settings(max_examples=1500, deadline=None)
def test_parse_date_is_strptime(value: str) -> None:
    parse_date.cache_clear()
    assert parse_date(value) == _strptime(value), value


def test_canonical_dates_parse_and_invalid_ones_do_not() -> None:
    assert parse_date("2026/01/05 (Mon) 09:00") == datetime(2026, 1, 5, 9, 0)
    assert parse_date("2026/02/30 (Mon) 10:00") is None
    assert parse_date("2026/01/05 (Mon) 24:00") is None
