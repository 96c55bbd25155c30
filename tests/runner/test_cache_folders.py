"""The response cache writes only into real folders: its path is walked once, each `<key[:2]>`
subfolder is checked by its own name, and a link at either is refused, never written through."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from checker.runner.cache import DiskCache, request_key
from checker.runner.safefiles import UnsafePath


def test_entries_land_in_private_subfolders(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path / "a" / "cache")
    keys = [request_key({"n": i}) for i in range(20)]
    for i, key in enumerate(keys):
        cache.put(key, {"n": i})
    assert [cache.get(k) for k in keys] == [{"n": i} for i in range(20)]
    folders = {p.parent for p in (tmp_path / "a" / "cache").glob("*/*.json")}
    assert folders == {tmp_path / "a" / "cache" / k[:2] for k in keys}
    for folder in [tmp_path / "a" / "cache", *folders]:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert len(DiskCache(tmp_path / "a" / "cache")) == 20


def test_a_link_on_the_cache_path_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "work").symlink_to(elsewhere, target_is_directory=True)
    cache = DiskCache(tmp_path / "work" / "cache")
    with pytest.raises(UnsafePath, match="is a symbolic link"):
        cache.put(request_key({}), {})
    assert list(elsewhere.iterdir()) == []


def test_a_link_at_a_subfolder_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    key = request_key({"x": 1})
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / key[:2]).symlink_to(elsewhere, target_is_directory=True)
    cache = DiskCache(tmp_path / "cache")
    with pytest.raises(UnsafePath, match="is a symbolic link"):
        cache.put(key, {"x": 1})
    assert list(elsewhere.iterdir()) == []


def test_a_file_at_a_subfolder_is_refused(tmp_path: Path) -> None:
    key = request_key({"x": 2})
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / key[:2]).write_text("not a folder")
    with pytest.raises(UnsafePath, match="is not a folder"):
        DiskCache(tmp_path / "cache").put(key, {"x": 2})
