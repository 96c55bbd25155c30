"""The helpers vertical banks write and check their grammar templates with."""

from __future__ import annotations

import random

from corpora.generate.core.grammar import expand, variants
from corpora.generate.core.wording import (
    always,
    compose,
    expansions,
    has_any,
    never,
    one_of,
    only,
    plain,
)


def test_compose_multiplies_its_slots() -> None:
    template = compose(("Oh.", "Ah.", ""), ("Good for {obj}.", "Nice."), ("", "How is it?"))
    assert template == "[Oh.|Ah.|] [Good for {obj}.|Nice.] [|How is it?]"
    assert variants(template) == 3 * 2 * 2
    assert one_of(("a", "b")) == "[a|b]"


def test_always_holds_only_when_every_path_passes() -> None:
    assert always("the [new|old] {V} car", "{V}")
    assert always("[the {V}|a {V} of {poss}] car", "{V}")
    assert not always("[the {V}|a] car", "{V}")
    assert always("[a gym|the gym] for {obj}", has_any({"gym"}, str.split))
    assert not always("[a gym|the pool] for {obj}", has_any({"gym"}, str.split))


def test_never_and_plain_read_every_alternative() -> None:
    assert never("[a|b] c", "{V}")
    assert not never("[a|{V}] c", "{V}")
    assert plain("[Oh|Ah], {holder} [is|was] {W2}").split() == ["Oh", "Ah", ",", "is", "was"]


def test_expansions_are_all_of_them_or_a_fixed_draw() -> None:
    small = "[a|b] [c|d]"
    assert expansions(small) == ["a c", "a d", "b c", "b d"]
    big = compose(*[tuple(str(i) + c for c in "abcdefgh") for i in range(6)])
    drawn = expansions(big, limit=50)
    assert drawn == expansions(big, limit=50)
    assert 0 < len(drawn) <= 50
    rng = random.Random(0)
    assert expand(small, rng) in expansions(small)


def test_only_keeps_the_named_kinds() -> None:
    shared = {"mention": ("Ha.",), "statement": ("Oh.",)}
    kept = only(shared, ("mention", "payment"))
    assert dict(kept) == {"mention": ("Ha.",)}
