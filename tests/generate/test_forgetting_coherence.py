"""Forgetting's haystacks only end or re-affirm what they stated, and echo rivals like answers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from corpora.generate.core.world import INVALIDATION, REAFFIRMATION, STATEMENT, SessionPlan
from corpora.generate.forgetting import generator as forgetting


@pytest.fixture(scope="module")
def plans() -> list[Sequence[SessionPlan]]:
    captured: list[Sequence[SessionPlan]] = []
    original = forgetting.assemble_question

    def capture(**kwargs: Any) -> Any:
        captured.append(kwargs["plans"])
        return original(**kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(forgetting, "assemble_question", capture)
        g = forgetting.GENERATOR
        forgetting.build(g.seed, "2026.12", g.levers[0], only=set(range(1, 51, 3)))
    return captured


def test_an_event_is_only_ever_on_a_fact_stated_before_it(
    plans: list[Sequence[SessionPlan]],
) -> None:
    """No invalidation or re-affirmation of something the haystack never stated (issue 24:
    "no negation of an unstated thing"): each follows its fact's statement, in an earlier
    session or earlier in its own."""
    for haystack in plans:
        stated: set[tuple[str, str]] = set()
        for plan in haystack:
            for move in plan.moves:
                key = (move.person.key, move.family.key)
                if move.kind == STATEMENT:
                    stated.add(key)
                elif move.kind in (INVALIDATION, REAFFIRMATION):
                    assert key in stated, key


def test_rivals_are_said_more_than_once_as_answers_are(plans: list[Sequence[SessionPlan]]) -> None:
    """Twins echo: many twin values of a haystack are said twice, as a stated and re-affirmed
    answer is (so the value said most often is not the answer)."""
    repeated = 0
    values = 0
    for haystack in plans:
        said = Counter(
            m.value
            for plan in haystack
            for m in plan.moves
            if m.kind.startswith("twin-") and m.value is not None
        )
        values += len(said)
        repeated += sum(1 for n in said.values() if n == 2)
        assert max(said.values()) <= 2
    assert repeated >= 0.5 * values
