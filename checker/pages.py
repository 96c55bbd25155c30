"""How the checker's own processes take memory from the kernel.

The checker's arrays are many, large and short-lived: V7's n-gram table of a long-haystack
corpus is built through a few gigabytes of temporaries, tens of megabytes each. Two defaults
made the kernel's share of that work dominate on the 2-core build machines (`make bench`,
`== pages`, measures both on the machine at hand):

- **numpy's huge-page advice.** On Linux numpy advises the kernel (`madvise(MADV_HUGEPAGE)`)
  to back every large array with 2 MB pages. Where transparent huge pages run in `madvise`
  mode, each fresh 2 MB page is found and zeroed at the first touch, which made a fresh large
  array cost about twenty times as much as with ordinary 4 KB pages.
- **glibc returning every large block at once.** A block above malloc's mmap threshold (at
  most 32 MB by default) is mapped for itself and unmapped when freed, so the next array of
  that size faults every page in again. Raising the threshold and the trim threshold keeps
  freed blocks in the heap, where the next array reuses pages already mapped.

`typedmemeval` and `python -m checker.bench` call `configure()` before any work; a program that
imports the package keeps the defaults. No result depends on either: they change only where
the bytes live (a test holds the separability record equal both ways). The cost is that the
process does not shrink back after its peak, which a command that exits soon does not mind.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

import numpy as np

#: mallopt parameters (glibc's malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
#: Blocks up to this size come from the heap and are reused when freed (mallopt takes an int).
KEEP_BLOCKS_UP_TO = 1 << 30
#: mallopt's "never trim": free memory at the top of the heap is kept for the next array.
NEVER_TRIM = -1


def _switch() -> object:
    """numpy's switch for the advice (`_core` from numpy 2, `core` before), or None."""
    core = getattr(np, "_core", None) or getattr(np, "core", None)
    multiarray = getattr(core, "multiarray", None)
    return getattr(multiarray, "_set_madvise_hugepage", None)


def use_ordinary_pages() -> bool:
    """Stop numpy advising huge pages for new arrays; True when numpy offers the switch (an
    older or non-Linux numpy gives no advice to stop, and nothing changes)."""
    switch = _switch()
    if not callable(switch):
        return False
    switch(False)
    return True


def advising_huge_pages() -> bool | None:
    """Whether numpy currently advises huge pages (None when it has no switch). The switch
    returns its previous state, so it is read by setting it back."""
    switch = _switch()
    if not callable(switch):
        return None
    previous = bool(switch(True))
    switch(previous)
    return previous


def keep_freed_blocks() -> bool:
    """Ask glibc's malloc to keep freed large blocks for reuse instead of unmapping them; True
    when it agreed (False elsewhere: another C library, or no `mallopt`)."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    trim = mallopt(_M_TRIM_THRESHOLD, NEVER_TRIM)
    mmap = mallopt(_M_MMAP_THRESHOLD, KEEP_BLOCKS_UP_TO)
    return bool(trim and mmap)


def configure() -> None:
    """Both settings, for a process that runs the checker's work."""
    use_ordinary_pages()
    keep_freed_blocks()
