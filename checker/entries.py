"""What a path is, judged from its directory entry before anything is opened.

A pull request can add a symbolic link (to `/dev/stdin`, to a file elsewhere on the runner,
to a folder) and git checks it out as a link; a FIFO or a device file opened for reading can
block forever. So the checker `lstat`s every path first and opens only regular files; a link
is never followed, a folder link inside `results/` is reported rather than skipped, and a path
spelled with `.` or `..` is resolved before it is judged inside or outside `results/`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

#: The folder submissions live in.
RESULTS_FOLDER = "results"
#: The one file under `results/` that is not a submission.
RESULTS_README = "README.md"

EntryKind = Literal[
    "file", "folder", "link", "fifo", "char-device", "block-device", "socket", "missing", "other"
]

_DESCRIPTIONS: dict[EntryKind, str] = {
    "file": "a regular file",
    "folder": "a folder",
    "link": "a symbolic link",
    "fifo": "a FIFO (named pipe)",
    "char-device": "a character device",
    "block-device": "a block device",
    "socket": "a socket",
    "missing": "missing",
    "other": "not a regular file",
}


def kind_of_mode(mode: int) -> EntryKind:
    """The kind of a directory entry from its `lstat` mode."""
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode):
        return "char-device"
    if stat.S_ISBLK(mode):
        return "block-device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def describe(kind: EntryKind) -> str:
    """`kind` in words, for a message: "a FIFO (named pipe)"."""
    return _DESCRIPTIONS[kind]


@dataclass(frozen=True)
class FileEntry:
    """A path as given, where it really is, and what its directory entry says."""

    path: Path
    #: Absolute, with `.` and `..` resolved (links are not followed, and a `..` that would
    #: climb out of a linked folder is reported as that link instead).
    location: Path
    kind: EntryKind
    size: int
    #: The first folder at or below `results/` on the way to the entry that is a symbolic link.
    linked_folder: Path | None
    #: The parts of `location` below the nearest `results/` folder, or None outside one.
    results_parts: tuple[str, ...] | None
    #: The nearest `results/` folder above the entry, or None.
    results_root: Path | None

    @property
    def regular(self) -> bool:
        return self.kind == "file"

    @property
    def under_results(self) -> bool:
        return self.results_parts is not None

    def describe(self) -> str:
        return describe(self.kind)


def _link_climbed(parts: tuple[str, ...]) -> Path | None:
    """The symbolic link a `..` of an absolute path (spelled as given) climbs out of."""
    here = Path(parts[0])
    for part in parts[1:-1]:
        if part == "..":
            if here.is_symlink():
                return here
            here = here.parent
        elif part != ".":
            here = here / part
    return None


def inspect_entry(path: Path) -> FileEntry:
    """Judge `path` from directory entries alone: nothing is opened and no link is followed."""
    absolute = path.absolute()
    location = Path(os.path.normpath(absolute))
    linked: Path | None = None
    if ".." in absolute.parts and (
        os.path.realpath(absolute.parent) != os.path.realpath(location.parent)
    ):
        # The OS resolves `link/..` to the link target's parent, not to the folder the name
        # suggests; such a spelling is judged by the link it goes through.
        linked = _link_climbed(absolute.parts) or absolute.parent
    parents = location.parts[:-1]
    results_parts: tuple[str, ...] | None = None
    results_root: Path | None = None
    if RESULTS_FOLDER in parents:
        last = len(parents) - 1 - parents[::-1].index(RESULTS_FOLDER)
        results_root = Path(*location.parts[: last + 1])
        results_parts = location.parts[last + 1 :]
        if linked is None:
            here = results_root
            for part in (None, *results_parts[:-1]):
                here = here if part is None else here / part
                if here.is_symlink():
                    linked = here
                    break
    try:
        st = location.lstat()
    except FileNotFoundError:
        kind: EntryKind = "missing"
        size = 0
    except OSError:
        kind, size = "other", 0
    else:
        kind, size = kind_of_mode(st.st_mode), st.st_size
    return FileEntry(path, location, kind, size, linked, results_parts, results_root)


def is_results_readme(entry: FileEntry) -> bool:
    return entry.results_parts == (RESULTS_README,)


@dataclass(frozen=True)
class Listed:
    """One entry met while walking a folder: its path and kind (from `lstat`)."""

    path: Path
    kind: EntryKind


def walk_entries(folder: Path) -> Iterator[Listed]:
    """Every entry below `folder`, sorted by path, without following links: regular files,
    links (to files or folders, never entered) and special files; folders are entered, not
    listed. Iterative, so a deep tree cannot exhaust the stack."""
    pending = [folder]
    found: list[Listed] = []
    while pending:
        here = pending.pop()
        try:
            with os.scandir(here) as it:
                children = list(it)
        except OSError:
            found.append(Listed(here, "other"))
            continue
        for child in children:
            try:
                kind = kind_of_mode(child.stat(follow_symlinks=False).st_mode)
            except OSError:
                kind = "other"
            if kind == "folder":
                pending.append(Path(child.path))
            else:
                found.append(Listed(Path(child.path), kind))
    return iter(sorted(found, key=lambda e: e.path.parts))
