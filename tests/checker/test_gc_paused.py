"""`gc_paused` (checker/load.py): the collector is off while a corpus is built, back on after,
and what was built skips the young generations, so no young collection walks it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from checker.load import gc_paused


@pytest.fixture
def clean_gc() -> Iterator[None]:
    """Leave the collector as it was found (enabled, nothing frozen)."""
    assert gc.get_freeze_count() == 0
    was = gc.isenabled()
    gc.enable()
    yield
    gc.unfreeze()
    if not was:
        gc.disable()


@gc_paused
def _build() -> tuple[list[list[int]], bool]:
    return [[i] for i in range(20_000)], gc.isenabled()


def _young_ids() -> set[int]:
    return {id(o) for generation in (0, 1) for o in gc.get_objects(generation=generation)}


def test_the_collector_is_paused_while_building_and_back_on_after(clean_gc: None) -> None:
    built, enabled_inside = _build()
    assert enabled_inside is False
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # nothing is left frozen outside a frozen stretch
    young = _young_ids()
    assert not any(id(item) in young for item in built)
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert all(id(item) in oldest for item in built)


def test_inside_a_frozen_stretch_what_is_built_stays_frozen(clean_gc: None) -> None:
    gc.freeze()
    before = gc.get_freeze_count()
    built, _ = _build()
    assert gc.get_freeze_count() >= before + len(built)
    gc.unfreeze()
    assert gc.get_freeze_count() == 0


def test_a_disabled_collector_stays_disabled(clean_gc: None) -> None:
    gc.disable()
    built, _ = _build()
    assert not gc.isenabled()
    assert len(built) == 20_000
