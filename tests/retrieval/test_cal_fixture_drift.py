"""The committed CAL fixtures are exactly what `cal_builder.py` writes today.

When a record format or a measurement changes, the stamped sidecars go stale; this says so and
names the command that regenerates them.
"""

from __future__ import annotations

from pathlib import Path

from tests.retrieval.cal_builder import FIXTURES, build


def test_committed_fixtures_match_the_builder(tmp_path: Path) -> None:
    stale = []
    for folder in build(tmp_path):
        relative = folder.relative_to(tmp_path)
        for fresh in sorted(p for p in folder.iterdir() if p.is_file()):
            committed = FIXTURES / relative / fresh.name
            if not committed.exists() or committed.read_bytes() != fresh.read_bytes():
                stale.append(str(relative / fresh.name))
    assert not stale, (
        f"CAL fixtures differ from the builder: {stale}; "
        "regenerate with `.venv/bin/python tests/retrieval/cal_builder.py`"
    )
