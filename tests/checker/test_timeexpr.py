"""Relative time expressions resolve against the stating session's own timestamp."""

from __future__ import annotations

from datetime import datetime

import pytest

from checker.timeexpr import find_expressions, resolve

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
