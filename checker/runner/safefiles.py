"""Where the runner writes: real folders and real files only, never through a link.

A symbolic link committed into a checkout (`.typedmemeval/runs/…/answers.jsonl`, or a result
path under `results/`) would otherwise have the runner truncate, fill and chmod whatever file
the link points to. Every folder on a path the runner writes is walked one component at a time
with no-follow semantics (a link anywhere is refused, by name), files are opened relative to the
verified folder with `O_NOFOLLOW`, and a result is written to a temporary file in its folder and
renamed into place, so that a reader never sees a half-written result.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0)


class UnsafePath(OSError):
    """The runner refuses to write at this path; the message says why and what to do."""


def _refuse_link(shown: Path) -> UnsafePath:
    return UnsafePath(
        f"{shown} is a symbolic link; the runner writes only into real folders and files, never "
        "through a link (remove the link, or choose another --work / --out)"
    )


def _walk(path: Path, *, create: bool, mode: int = 0o755) -> int | None:
    """A file descriptor of folder `path`, reached component by component without following a
    link; missing components are made when `create` (otherwise None is returned)."""
    start = "/" if path.is_absolute() else "."
    fd = os.open(start, _DIR_FLAGS)
    shown = Path(start)
    try:
        for part in path.parts[1:] if path.is_absolute() else path.parts:
            shown = shown / part
            try:
                info = os.stat(part, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                if not create:
                    os.close(fd)
                    return None
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, mode, dir_fd=fd)
                info = os.stat(part, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISLNK(info.st_mode):
                raise _refuse_link(shown)
            if not stat.S_ISDIR(info.st_mode):
                raise UnsafePath(f"{shown} is not a folder")
            try:
                child = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError:
                raise _refuse_link(shown) from None
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def verified_folder(path: Path, *, private: bool = False) -> Path:
    """Make `path` (and parents) as real folders, refusing a link anywhere on it; a private
    folder is made readable by the owner only."""
    fd = _walk(path, create=True, mode=0o700 if private else 0o755)
    assert fd is not None
    try:
        if private:
            os.fchmod(fd, 0o700)
    finally:
        os.close(fd)
    return path


def verified_subfolder(folder: Path, name: str, *, private: bool = False) -> Path:
    """`folder/name` made as a real folder, where `folder` itself was made by
    `verified_folder`: only the new component is checked (a link there is refused), so a
    folder fanned out into many subfolders walks its full path once, not once per subfolder."""
    fd = os.open(folder, _DIR_FLAGS)
    try:
        with contextlib.suppress(FileExistsError):
            os.mkdir(name, 0o700 if private else 0o755, dir_fd=fd)
        try:
            child = os.open(name, _DIR_FLAGS, dir_fd=fd)
        except OSError:
            shown = folder / name
            raise (
                _refuse_link(shown)
                if os.path.islink(shown)
                else UnsafePath(f"{shown} is not a folder")
            ) from None
    finally:
        os.close(fd)
    try:
        if private:
            os.fchmod(child, 0o700)
    finally:
        os.close(child)
    return folder / name


def open_private(path: Path) -> int:
    """An owner-only file at `path`, emptied, opened for writing: refused when the file or any
    folder on its path is a link, or when the file is not a plain file of its own (a hard link
    to another name)."""
    folder = _walk(path.parent, create=True, mode=0o700)
    assert folder is not None
    try:
        try:
            fd = os.open(
                path.name,
                os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                0o600,
                dir_fd=folder,
            )
        except OSError as exc:
            if os.path.islink(path):
                raise _refuse_link(path) from None
            raise exc
    finally:
        os.close(folder)
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
        os.close(fd)
        raise UnsafePath(f"{path} is not a plain file of its own (a hard link or a device)")
    # Emptied only now, after the checks: truncating on open would already have emptied
    # whatever another name of the file points to.
    os.ftruncate(fd, 0)
    os.fchmod(fd, 0o600)
    return fd


def check_target(path: Path, *, may_replace: bool) -> None:
    """Before a run spends any call: the result path must not pass through a link, must not
    be one, and must not exist unless it may be replaced (`--force`, or the default path of a
    rerun)."""
    folder = _walk(path.parent, create=False)
    if folder is None:
        return
    try:
        try:
            info = os.stat(path.name, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            return
    finally:
        os.close(folder)
    if stat.S_ISLNK(info.st_mode):
        raise _refuse_link(path)
    if not stat.S_ISREG(info.st_mode):
        raise UnsafePath(f"{path} exists and is not a file")
    if not may_replace:
        raise UnsafePath(
            f"{path} already exists; pass --force to replace it, or choose another --out"
        )


def write_atomic(path: Path, data: bytes, *, may_replace: bool) -> None:
    """Write `data` at `path` through a temporary file in the same folder renamed into place
    (the rename replaces a name; it never writes through a link)."""
    check_target(path, may_replace=may_replace)
    folder = _walk(path.parent, create=True)
    assert folder is not None
    temporary = f".{path.name}.{os.getpid()}.tmp"
    try:
        fd = os.open(
            temporary,
            os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
            0o644,
            dir_fd=folder,
        )
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, path.name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=folder)
            raise
    finally:
        os.close(folder)
