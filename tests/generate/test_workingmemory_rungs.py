"""WorkingMemory's rungs are bands: each cell's distance is drawn within its rung's band."""

from __future__ import annotations

import itertools
from collections import defaultdict

from checker.verticals.workingmemory.profile import RUNGS
from corpora.generate.workingmemory import generator as workingmemory


def test_every_cell_s_distance_lies_in_its_rung_s_band_and_varies_within_it() -> None:
    """A fixed offset per rung (8, 15, 25, 40, 60 in an earlier draft) let a question-blind
    model on position features find gold at within-question AUC 0.95; drawn within a band,
    a rung's twelve distances spread over it."""
    g = workingmemory.GENERATOR
    by_rung: dict[int, list[int]] = defaultdict(list)
    for cell in workingmemory._cells(g.seed, g.levers[0]):
        assert RUNGS.rung(cell.distance) == cell.rung
        by_rung[cell.rung].append(cell.distance)
    assert sorted(by_rung) == list(range(1, len(RUNGS.bands) + 1))
    for rung, distances in by_rung.items():
        low, high = RUNGS.bands[rung - 1]
        assert len(distances) == 12 and all(low <= d <= high for d in distances)
        assert len(set(distances)) >= 6, (rung, distances)


def test_the_bands_tile_the_ladder_and_fit_the_haystack() -> None:
    bands = RUNGS.bands
    assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(bands))
    assert bands[-1][1] == RUNGS.non_gold and bands[0][0] >= 1
    assert RUNGS.label(20) == "distance 17-27" and RUNGS.rung(61) is None
