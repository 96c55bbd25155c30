"""The pipeline writes nothing when the gates refuse, and the command names what it knows."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

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
