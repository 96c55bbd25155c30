"""The committed IDN004 and TIM003 cases are exactly what `instrument_cases.py` writes."""

from __future__ import annotations

from tests.checker.instrument_cases import all_cases
from tests.conftest import FIXTURES


def test_committed_cases_match_their_builder() -> None:
    stale = [
        str(path.relative_to(FIXTURES))
        for path, text in all_cases().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert not stale, (
        f"{stale} differ from their builder; run `.venv/bin/python -m "
        "tests.checker.instrument_cases` and commit the result"
    )
