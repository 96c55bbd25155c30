"""Small array helpers shared by the measurements."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

_K = TypeVar("_K", bound=Hashable)

_NARROW = 1 << 32


def _sorted(values: NDArray[np.int64]) -> NDArray[np.int64] | NDArray[np.uint32]:
    """The values sorted; as unsigned 32-bit integers when they all fit, which sorts about
    twice as fast as 64-bit (callers widen what they keep)."""
    flat = np.asarray(values).ravel()
    if len(flat) and flat.dtype.kind in "iu" and flat.min() >= 0 and flat.max() < _NARROW:
        return np.sort(flat.astype(np.uint32))
    return np.sort(flat)


def run_starts(ordered: NDArray[np.int64] | NDArray[np.uint32]) -> NDArray[np.int64]:
    """Where each run of equal values begins in a sorted, non-empty array."""
    first = np.empty(len(ordered), dtype=bool)
    first[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return np.flatnonzero(first)


def distinct(values: NDArray[np.int64]) -> NDArray[np.int64]:
    """`np.unique(values)` for a 1-D integer array, by sorting.

    numpy 2.3+ answers a bare `np.unique` with a hash table, which on millions of distinct
    int64 keys (the (session, n-gram) pairs of a long-haystack corpus) runs about 60 times
    slower than sorting them; `make bench` is where that showed."""
    ordered = _sorted(values)
    if len(ordered) == 0:
        return ordered.astype(np.int64)
    return ordered[run_starts(ordered)].astype(np.int64)


def distinct_counts(values: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """`np.unique(values, return_counts=True)` for a 1-D integer array, by sorting (numpy's
    own takes an index sort, about ten times slower than sorting the values)."""
    return sorted_counts(_sorted(values))


def sorted_counts(
    ordered: NDArray[np.int64] | NDArray[np.uint32],
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """`distinct_counts` of an array already sorted (non-decreasing): its runs, as int64,
    without sorting again."""
    if len(ordered) == 0:
        return np.asarray(ordered, dtype=np.int64), np.zeros(0, dtype=np.int64)
    starts = run_starts(ordered)
    return ordered[starts].astype(np.int64), np.diff(np.append(starts, len(ordered)))


def first_seen_codes(
    items: Iterable[_K], count: int = -1
) -> tuple[NDArray[np.int64], dict[_K, int]]:
    """Each item as an integer, in one pass: the first distinct item is 0, the next new one 1,
    and so on; with the codes by item, in order of first appearance."""
    seen: defaultdict[_K, int] = defaultdict()
    seen.default_factory = seen.__len__  # a new item gets the next code
    codes = np.fromiter(map(seen.__getitem__, items), dtype=np.int64, count=count)
    seen.default_factory = None  # from here on, an unknown item is a KeyError
    return codes, seen
