"""Paths are judged from their directory entries: resolved before they are placed inside or
outside `results/`, links never followed (a `..` out of a linked folder is that link), and a
folder walk lists links and special files instead of skipping or entering them."""

from __future__ import annotations

import os
from pathlib import Path

from checker.api import expand
from checker.entries import inspect_entry, walk_entries
from tests.conftest import run_cli


def test_dot_dot_is_resolved_before_results_is_judged(tmp_path: Path) -> None:
    (tmp_path / "results" / "a").mkdir(parents=True)
    (tmp_path / "corpora").mkdir()
    inside = inspect_entry(tmp_path / "results" / "a" / ".." / "x.json")
    assert inside.results_parts == ("x.json",)
    assert inside.location == tmp_path / "results" / "x.json"
    outside = inspect_entry(tmp_path / "results" / ".." / "corpora" / "x.json")
    assert outside.results_parts is None
    assert inspect_entry(tmp_path / "results" / "." / "a" / "x.json").results_parts == (
        "a",
        "x.json",
    )


def test_a_linked_folder_is_named_not_followed(tmp_path: Path) -> None:
    results = tmp_path / "results" / "forgetting"
    results.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere" / "deep"
    elsewhere.mkdir(parents=True)
    os.symlink(elsewhere, results / "linked")
    (elsewhere / "run.json").write_text("{}")
    entry = inspect_entry(results / "linked" / "run.json")
    assert entry.linked_folder == results / "linked"
    # `linked/..` is the link target's parent for the OS, not results/forgetting/.
    climbed = inspect_entry(results / "linked" / ".." / "run.json")
    assert climbed.linked_folder == results / "linked"


def test_an_entry_is_never_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    os.symlink("/dev/stdin", tmp_path / "stdin.json")
    assert inspect_entry(tmp_path / "pipe.json").kind == "fifo"
    assert inspect_entry(tmp_path / "stdin.json").kind == "link"
    assert inspect_entry(tmp_path / "missing.json").kind == "missing"


def test_a_walk_lists_links_and_special_files_without_entering_links(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "x.json").write_text("[]")
    os.symlink(tmp_path / "a", tmp_path / "loop")
    os.mkfifo(tmp_path / "a" / "pipe")
    found = [(str(e.path.relative_to(tmp_path)), e.kind) for e in walk_entries(tmp_path)]
    assert found == [("a/b/x.json", "file"), ("a/pipe", "fifo"), ("loop", "link")]


def test_a_deep_folder_tree_is_walked_without_recursion(tmp_path: Path) -> None:
    here = tmp_path
    for _ in range(300):  # deeper than any recursive walk would like, shallow enough for PATH_MAX
        here = here / "d"
    here.mkdir(parents=True)
    (here / "x.json").write_text("[]")
    assert [e.kind for e in walk_entries(tmp_path)] == ["file"]


def test_a_linked_folder_outside_results_is_reported_not_skipped(tmp_path: Path) -> None:
    corpora = tmp_path / "corpora"
    corpora.mkdir()
    (tmp_path / "other").mkdir()
    os.symlink(tmp_path / "other", corpora / "old")
    assert expand([corpora]) == [corpora / "old"]
    rc, out, err = run_cli("check", str(corpora))
    assert rc == 2
    assert err.strip() == (
        f"typedmemeval: {corpora / 'old'}: is a folder link, not a regular file; the checker "
        "reads regular files only and never follows a link (it was not opened; pass the file "
        "itself)"
    )
    assert out == ""


def test_the_results_readme_is_not_a_submission(tmp_path: Path) -> None:
    results = tmp_path / "results"
    (results / "forgetting").mkdir(parents=True)
    (results / "README.md").write_text("# results\n")
    (results / "forgetting" / "notes.txt").write_text("x")
    assert expand([results]) == [results / "forgetting" / "notes.txt"]


def test_a_dot_dot_out_of_a_linked_folder_is_refused_not_opened(tmp_path: Path) -> None:
    (tmp_path / "corpora").mkdir()
    target = tmp_path / "elsewhere" / "sub"
    target.mkdir(parents=True)
    os.symlink(target, tmp_path / "corpora" / "link")
    (tmp_path / "elsewhere" / "x.json").write_text("[]")  # where the OS would land
    (tmp_path / "corpora" / "x.json").write_text("[]")  # where the spelling suggests
    spelled = tmp_path / "corpora" / "link" / ".." / "x.json"
    rc, out, err = run_cli("check", str(spelled))
    assert rc == 2
    assert out == ""
    assert f"climbs out of the linked folder {tmp_path / 'corpora' / 'link'} with '..'" in err
