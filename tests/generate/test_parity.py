"""Class parity is tested, not asserted (R-GEN-7): gold sessions use move kinds and templates
indistinguishably from other sessions, by a chi-square test of homogeneity that can fail."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from corpora.generate.core import render
from corpora.generate.core.parity import parity_test
from corpora.generate.core.render import Bank
from corpora.generate.core.vertical import Built
from corpora.generate.core.world import Move, SessionPlan
from corpora.generate.forgetting import generator as forgetting

#: A fixed-seed corpus's p-value is a number, not a draw: the bar is the 1% level.
ALPHA = 0.01


@pytest.mark.parametrize(
    "corpus", ["forgetting_corpus", "workingmemory_corpus", "episodic_corpus", "semantic_corpus"]
)
def test_gold_and_other_sessions_draw_from_one_mixture(
    corpus: str, request: pytest.FixtureRequest
) -> None:
    built: Built = request.getfixturevalue(corpus)
    result = parity_test(built)
    assert result.gold_sessions > 0 and result.other_sessions > 0
    assert result.kinds.p_value > ALPHA, result.describe()
    assert result.templates.p_value > ALPHA, result.describe()
    assert result.templates.categories >= 20, "the test pooled away everything it could see"


def test_parity_holds_for_another_seed() -> None:
    seed = 1
    g = forgetting.GENERATOR
    result = parity_test(forgetting.build(seed, "2026.12", g.levers[0]))
    assert result.templates.p_value > ALPHA, result.describe()


@pytest.fixture
def gold_only_frame(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A planted defect: evidence moves always take their kind's first frame."""
    original = render.render_move

    def planted(
        move: Move,
        plan: SessionPlan,
        rng: object,
        bank: Bank = render.SHARED_BANK,
        **rest: object,
    ) -> tuple[str, str, list[tuple[str, str]]]:
        if move.evidence:
            frames = dict(bank.frames)
            frames[move.kind] = frames[move.kind][:1]
            bank = Bank(frames=frames)
        return original(move, plan, rng, bank, **rest)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "render_move", planted)
    yield


@pytest.mark.usefixtures("gold_only_frame")
def test_the_test_sees_a_gold_only_construction() -> None:
    g = forgetting.GENERATOR
    result = parity_test(forgetting.build(g.seed, "2026.12", g.levers[0]))
    assert result.templates.p_value < ALPHA, result.describe()
