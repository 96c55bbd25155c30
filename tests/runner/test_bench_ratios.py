"""The runner bench's figure: the median of paired rounds' ratios, with its spread shown."""

from __future__ import annotations

import pytest

from checker.bench.runner import ROUNDS, Ratios, bare_first


def test_each_round_pairs_its_own_walls() -> None:
    ratios = Ratios.of([1.0, 2.2, 0.9], [1.0, 2.0, 1.0])
    assert ratios.per_round == pytest.approx((1.0, 1.1, 0.9))
    assert ratios.median == pytest.approx(1.0)
    assert ratios.quartiles == pytest.approx((0.95, 1.05))


def test_the_target_is_on_the_median_and_the_spread_is_printed() -> None:
    # One slow round (a busy machine) neither hides nor decides the figure.
    ratios = Ratios.of([1.0, 1.02, 1.4, 0.98, 1.03], [1.0] * 5)
    assert ratios.met(1.05)
    line = ratios.line(1.05)
    assert "median 1.020" in line and "range 0.980–1.400" in line and "met" in line
    slow = Ratios.of([1.06, 1.07, 1.2], [1.0] * 3)
    assert not slow.met(1.05) and "missed" in slow.line(1.05)


def test_rounds_alternate_which_side_goes_first() -> None:
    order = [bare_first(k) for k in range(ROUNDS)]
    assert ROUNDS % 2 == 1
    assert order[::2] == [True] * len(order[::2]) and not any(order[1::2])


def test_unpaired_walls_are_refused() -> None:
    with pytest.raises(ValueError):
        Ratios.of([1.0, 1.0], [1.0])
