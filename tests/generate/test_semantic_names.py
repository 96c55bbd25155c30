"""A person's own name is a given name of their gender, and stays theirs in the haystack."""

from __future__ import annotations

from typing import Any

import pytest

from corpora.generate.core.names import given_kind, pools
from corpora.generate.semantic import generator as semantic


def test_every_name_given_to_a_person_fits_their_gender() -> None:
    captured: list[Any] = []
    original = semantic.build_haystack

    def capture(*args: Any, **kwargs: Any) -> Any:
        hay = original(*args, **kwargs)
        captured.append(hay)
        return hay

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(semantic, "build_haystack", capture)
        g = semantic.GENERATOR
        semantic.build(g.seed, "2026.12", g.levers[0], only=set(range(1, 61, 4)))
    named = 0
    for hay in captured:
        if hay is None:
            continue
        for person in hay.world.people:
            name = hay.names.get(person.key)
            if name is not None:
                named += 1
                assert name in pools()[given_kind(person.gender)], (person.key, name)
        assert len(set(hay.names.values())) == len(hay.names)
    assert named > 0
