"""The coincident-subset search (V5) agrees with brute force."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.rules.derivation import Item, coincident_subset, unit_values


def brute(
    items: list[Item], gold: frozenset[tuple[int, int]], target: float, k: int, signed: bool
) -> bool:
    signs = (1, -1) if signed else (1,)
    for size in range(1, k + 1):
        for chosen in itertools.combinations(items, size):
            for sg in itertools.product(signs, repeat=size):
                members = frozenset((it.slot, s) for it, s in zip(chosen, sg, strict=True))
                if members == gold:
                    continue
                if (
                    abs(sum(s * it.value for it, s in zip(chosen, sg, strict=True)) - target)
                    <= 1e-9
                ):
                    return True
    return False


@settings(max_examples=150, deadline=None)
@given(
    values=st.lists(st.integers(min_value=1, max_value=60), min_size=2, max_size=9),
    k=st.integers(min_value=1, max_value=4),
    signed=st.booleans(),
    data=st.data(),
)
def test_meet_in_the_middle_matches_brute_force(
    values: list[int], k: int, signed: bool, data: st.DataObject
) -> None:
    items = [Item(float(v), i, i) for i, v in enumerate(values)]
    g = data.draw(st.integers(min_value=1, max_value=min(k, len(items))))
    chosen = data.draw(
        st.lists(st.sampled_from(range(len(items))), min_size=g, max_size=g, unique=True)
    )
    sg = [data.draw(st.sampled_from((1, -1))) if signed else 1 for _ in chosen]
    gold = frozenset((c, s) for c, s in zip(chosen, sg, strict=True))
    target = float(sum(s * values[c] for c, s in zip(chosen, sg, strict=True)))
    found = coincident_subset(items, gold, target, k, 1e-9, signed)
    assert (found is not None) == brute(items, gold, target, k, signed)


def test_unit_values_read_amounts_with_their_unit() -> None:
    text = "Paid 120 euros, then €45.50, and 1,200 EUR later; 7 apples do not count."
    assert sorted(unit_values(text, "EUR")) == [45.5, 120.0, 1200.0]
    assert unit_values("It took 3 days and 4 hours.", "days") == [3.0]
