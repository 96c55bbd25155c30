"""The pipeline writes nothing when the gates refuse, and the command names what it knows."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from corpora.generate.core.allocate import AllocationError
from corpora.generate.core.gate import describe_levers
from corpora.generate.core.pipeline import generate
from corpora.generate.core.vertical import Built, Levers
from corpora.generate.forgetting import generator as forgetting
from tests.conftest import run_cli
from tests.generate.conftest import SMALL_FORGETTING


def _small(seed: int, revision: str, levers: Levers) -> Built:
    return forgetting.build(seed, revision, levers, only=SMALL_FORGETTING)


def test_a_refused_corpus_is_not_written(tmp_path: Path) -> None:
    generator = replace(forgetting.GENERATOR, build=_small, levers=forgetting.GENERATOR.levers[:1])
    outcome = generate(generator, tmp_path)
    assert not outcome.passed
    assert any(r.startswith("STR012") for r in outcome.refusals), outcome.refusals
    assert outcome.written == []
    assert list(tmp_path.iterdir()) == []
    assert outcome.trace[-1].startswith("attempt 1:") and "refused" in outcome.trace[-1]
    assert "parity" in outcome.trace[-1]


def test_an_unknown_vertical_is_a_usage_error() -> None:
    code, _, err = run_cli("generate", "--vertical", "nosuchthing", "--out", "unused")
    assert code == 2
    assert "no generator for nosuchthing" in err


def _unplaceable(seed: int, revision: str, levers: Levers) -> Built:
    raise AllocationError(f"no placement for {describe_levers(levers)}")


def test_a_setting_that_cannot_be_built_is_a_refused_attempt(tmp_path: Path) -> None:
    """A build that cannot meet its constraints under one setting does not end the run: the
    trace says why, and the next setting is built and gated."""
    first, second = forgetting.GENERATOR.levers[:2]

    def build(seed: int, revision: str, levers: Levers) -> Built:
        if levers == first:
            return _unplaceable(seed, revision, levers)
        return _small(seed, revision, levers)

    generator = replace(forgetting.GENERATOR, build=build, levers=[first, second])
    outcome = generate(generator, tmp_path)
    attempts = [line for line in outcome.trace if line.startswith("attempt ")]
    assert attempts[0] == f"attempt 1: {describe_levers(first)} -> not built: no placement for " + (
        describe_levers(first)
    )
    assert attempts[1].startswith("attempt 2:") and "refused" in attempts[1]
    assert any(r.startswith("STR012") for r in outcome.refusals), outcome.refusals
    assert outcome.written == []


def test_no_setting_built_is_refused_with_the_reasons(tmp_path: Path) -> None:
    levers = forgetting.GENERATOR.levers[:2]
    generator = replace(forgetting.GENERATOR, build=_unplaceable, levers=levers)
    outcome = generate(generator, tmp_path)
    assert not outcome.passed and outcome.verdict is None
    assert outcome.refusals == [
        f"attempt {n}: {describe_levers(lv)} -> not built: no placement for {describe_levers(lv)}"
        for n, lv in enumerate(levers, start=1)
    ]
    assert list(tmp_path.iterdir()) == []
