"""The committed SHC and LNG fixture corpora are exactly what their builder produces."""

from __future__ import annotations

from tests.separability.build_shortcut_fixtures import HERE, all_files


def test_shortcut_fixtures_match_their_builder() -> None:
    stale = [
        str(path.relative_to(HERE))
        for path, text in all_files().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert not stale, (
        f"{stale} differ from their builder; run `.venv/bin/python -m "
        "tests.separability.build_shortcut_fixtures` and commit the result"
    )
