"""The one escaping function: whatever a submitter wrote, what is shown is one printable line
of bounded length, escaping twice changes nothing, and every finding and input error is made
through it."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.escape import escape, escape_char, quoted
from checker.findings import MESSAGE_LIMIT, Finding
from checker.io import InputError, json_path
from checker.reporters import REPORTERS

HOSTILE = "a\nb\r\x1b[2J\x9b31m\u202eevil\u2066\u2028\u2029\u200d\ufeff\U000e0041\ud800\x00\t"


@pytest.mark.parametrize(
    ("ch", "shown"),
    [
        ("\n", "\\x0a"),
        ("\x1b", "\\x1b"),
        ("\x9b", "\\x9b"),
        ("\x85", "\\x85"),
        ("\u202e", "\\u202e"),
        ("\u2066", "\\u2066"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
        ("\u200d", "\\u200d"),
        ("\u00a0", "\\xa0"),
        ("\ud800", "\\ud800"),
        ("\U000e0041", "\\U000e0041"),
        ("é", "é"),
        ("\\", "\\"),
    ],
)
def test_each_unprintable_character_is_a_visible_escape(ch: str, shown: str) -> None:
    assert escape_char(ch) == shown


def test_a_long_value_is_cut_with_its_length() -> None:
    assert escape("k" * 4_800_000, 40) == "k" * 24 + "…(4800000 chars)"
    assert len(escape("\u202e" * 1000, 80)) <= 80


@settings(max_examples=300, derandomize=True, database=None)
@given(st.text(), st.integers(min_value=24, max_value=300))
def test_shown_text_is_one_bounded_printable_line(text: str, limit: int) -> None:
    shown = escape(text, limit)
    assert shown.isprintable()
    assert len(shown) <= max(limit, len(f"…({len(text)} chars)"))
    assert escape(shown, limit) == shown  # idempotent
    if len(shown) <= limit and "…(" not in shown:
        assert escape(text, None) == shown  # nothing cut: the unlimited form


def test_quoted_escapes_the_quote() -> None:
    assert quoted('a"b\n') == '"a\\"b\\x0a"'


def test_a_finding_is_escaped_when_it_is_made() -> None:
    f = Finding(HOSTILE + ".json", HOSTILE, "RES001", HOSTILE * 10_000)
    for value in (f.path, f.question_id or "", f.message):
        assert value.isprintable(), value
    assert len(f.message) <= MESSAGE_LIMIT
    assert f.message.endswith(f"…({len(HOSTILE) * 10_000} chars)")


def test_an_input_error_is_escaped_when_it_is_made() -> None:
    exc = InputError(HOSTILE, HOSTILE, HOSTILE)
    assert str(exc).isprintable()
    assert json_path(("root", "rows", 0, HOSTILE)).isprintable()


@pytest.mark.parametrize("form", sorted(REPORTERS))
def test_every_reporter_prints_one_line_per_finding(form: str) -> None:
    import io

    findings = [Finding(HOSTILE, HOSTILE, "RES007", HOSTILE) for _ in range(3)]
    out = io.StringIO()
    REPORTERS[form](findings, out)
    text = out.getvalue()
    assert all(ch == "\n" or ch.isprintable() for ch in text), [
        unicodedata.name(c, hex(ord(c))) for c in text if not c.isprintable() and c != "\n"
    ]
    if form != "json":
        assert len(text.splitlines()) == len(findings) + 1


@pytest.mark.parametrize("form", ["text", "github"])
def test_an_incomplete_run_prints_no_summary(form: str) -> None:
    import io

    out = io.StringIO()
    REPORTERS[form]([Finding("x.json", None, "RES001", "m")], out, complete=False)
    assert "Found" not in out.getvalue()
    assert len(out.getvalue().splitlines()) == 1
