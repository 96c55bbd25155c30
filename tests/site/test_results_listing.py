"""Every file under `results/` the site does not publish is listed, with the reason, and no
page shows the building machine's absolute paths.

Built from the site's stand-in repository (valid runs in every vertical, an EE run) plus one
file of each kind that must not be published: directly under `results/`, in a folder that is
not a vertical, a file that is not JSON, malformed JSON, a link to a file, a link to a folder,
a FIFO, and a file whose name holds control and bidi characters. The pages are rendered by the
page functions (no MkDocs build); a FIFO that were opened would block, so the listing runs
under an alarm.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from checker.family import VERTICALS
from site_gen import ee, results
from site_gen.results_view import ResultsView, load_results
from tests.site import site_data

ALARM_SECONDS = 20


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise TimeoutError("listing results/ blocked (was a FIFO or a link opened?)")


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = site_data.build(tmp_path_factory.mktemp("root-listing"))
    res = root / "results"
    (res / "stray.json").write_text("{}\n")
    (res / "leaderboard" / "x").mkdir(parents=True)
    (res / "leaderboard" / "x" / "run.json").write_text("{}\n")
    alpha = res / "forgetting" / "alpha-store"
    (alpha / "notes.txt").write_text("not a result\n")
    (alpha / "broken.json").write_text("{\n")
    os.symlink(alpha / "alpha-1.json", alpha / "alpha-9.json")
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, res / "forgetting" / "linked")
    os.mkfifo(alpha / "pipe.json")
    (alpha / "run\u202e\n\x1b[2J.json").write_text("{}\n")
    return root


@pytest.fixture(scope="module")
def view(root: Path) -> Iterator[ResultsView]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(ALARM_SECONDS)
    try:
        yield load_results(root / "results", root / "corpora" / "index.json")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _reasons(refused: list[results.RefusedFile]) -> dict[str, str]:
    return {r.path: r.reason for r in refused}


def test_files_outside_every_page_are_listed(view: ResultsView) -> None:
    unplaced = _reasons(view.unplaced)
    assert unplaced["results/stray.json"].startswith("sits directly under results/")
    assert unplaced["results/leaderboard/x/run.json"].startswith(
        'folder "leaderboard" is not a vertical'
    )


def test_refused_files_are_listed_on_their_vertical(view: ResultsView) -> None:
    refused = _reasons(view.by_vertical["forgetting"].refused)
    base = "results/forgetting/alpha-store/"
    assert "first RES001: file name" in refused[base + "notes.txt"]
    assert "malformed JSON at line 2" in refused[base + "broken.json"]
    assert "first RES001: is a symbolic link;" in refused[base + "alpha-9.json"]
    assert "first RES001: is a symbolic link to a folder" in refused["results/forgetting/linked"]
    assert "first RES001: is a FIFO (named pipe)" in refused[base + "pipe.json"]
    assert "first RES001: file name" in refused[base + "run\\u202e\\x0a\\x1b[2J.json"]
    # The valid runs beside them are published.
    assert {r.run_id for r in view.by_vertical["forgetting"].runs} == {"alpha-1", "beta-1"}


def test_no_listing_or_page_shows_an_absolute_path(view: ResultsView, root: Path) -> None:
    listed = [*view.unplaced, *view.refused_ee]
    for v in VERTICALS:
        listed += view.by_vertical[v.key].refused
    assert len(listed) == 8
    prefixes = {str(root), os.path.realpath(root)}
    for r in listed:
        for prefix in prefixes:
            assert prefix not in r.path and prefix not in r.reason, r
        assert r.path.isprintable() and r.reason.isprintable(), r
    pages = [results.results_index(list(view.by_vertical.values()), len(view.ee), view.unplaced)]
    pages += [results.vertical_results_page(d) for d in view.by_vertical.values()]
    pages.append(ee.ee_page(view.ee, view.refused_ee))
    text = "".join(pages)
    for prefix in prefixes:
        assert prefix not in text
    assert "Files not published" in pages[0]
    assert "stray&#46;json" in pages[0]  # escaped as every submitted text is
    for ch in "\u202e\x1b":
        assert ch not in text


def test_the_site_escapes_invisible_characters_visibly() -> None:
    from site_gen.markup import code, esc

    assert esc("a\u202eb\x1bc\x85d") == "a&#92;u202eb&#92;x1bc&#92;x85d"
    assert esc("two\nlines\tand\rmore") == "two lines and more"  # prose layout, not a new block
    assert code("v\u2066") == "`v\\u2066`"
