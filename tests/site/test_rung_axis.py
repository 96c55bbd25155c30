"""Distance strata sit on the plot's x axis by rung: a band at its middle, a distance at itself."""

from __future__ import annotations

from checker.verticals.workingmemory.profile import RUNGS
from site_gen.plots import rung_x


def test_a_band_sits_at_its_middle_and_rungs_keep_their_order() -> None:
    assert rung_x("distance 8") == 8
    assert rung_x("distance 6-16") == 11
    xs = [rung_x(f"distance {low}-{high}") for low, high in RUNGS.bands]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
