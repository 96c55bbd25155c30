"""The committed SEP fixtures are exactly what their builder produces."""

from __future__ import annotations

from tests.separability.build_fixtures import ROOT, all_files


def test_fixtures_match_their_builder() -> None:
    stale = [
        str(path.relative_to(ROOT))
        for path, text in all_files().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert not stale, (
        f"{stale} differ from their builder; run `.venv/bin/python -m "
        "tests.separability.build_fixtures` and commit the result"
    )
