"""Small corpora built once per test session (building the real-name list takes seconds)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from checker.formats.corpus import Question
from checker.load import load_ours, load_sidecar
from corpora.generate.core.gate import gate
from corpora.generate.core.stamp import (
    Earlier,
    corpus_file,
    corpus_text,
    stamp_validated,
    still_measured,
)
from corpora.generate.core.vertical import Built, VerticalGenerator
from corpora.generate.episodic import generator as episodic
from corpora.generate.forgetting import generator as forgetting
from corpora.generate.prospective import generator as prospective
from corpora.generate.semantic import generator as semantic
from corpora.generate.workingmemory import generator as workingmemory

#: A handful of questions of every Forgetting shape, and one WorkingMemory cell per rung.
SMALL_FORGETTING = frozenset({1, 2, 16, 21, 22, 36, 37})
SMALL_WORKINGMEMORY = frozenset({1, 2, 8, 14, 20})


def small_forgetting(seed: int = forgetting.SEED) -> Built:
    g = forgetting.GENERATOR
    return forgetting.build(seed, "2026.12", g.levers[0], only=SMALL_FORGETTING)


def small_workingmemory(seed: int = workingmemory.SEED) -> Built:
    g = workingmemory.GENERATOR
    return workingmemory.build(seed, "2026.12", g.levers[0], only=SMALL_WORKINGMEMORY)


@pytest.fixture(scope="session")
def forgetting_corpus() -> Built:
    """The whole Forgetting corpus as the generator builds it (no gates)."""
    g = forgetting.GENERATOR
    return forgetting.build(g.seed, "2026.12", g.levers[0])


@pytest.fixture(scope="session")
def workingmemory_corpus() -> Built:
    g = workingmemory.GENERATOR
    return workingmemory.build(g.seed, "2026.12", g.levers[0])


@pytest.fixture(scope="session")
def prospective_corpus() -> Built:
    g = prospective.GENERATOR
    return prospective.build(g.seed, "2026.12", g.levers[0])


@pytest.fixture(scope="session")
def episodic_corpus() -> Built:
    g = episodic.GENERATOR
    return episodic.build(g.seed, "2026.12", g.levers[0])


@pytest.fixture(scope="session")
def semantic_corpus() -> Built:
    """The Semantic corpus `generate` ships: its first setting of the levers the gate passes."""
    return shipped(semantic.GENERATOR)


def shared_gate_refusals(
    generator: VerticalGenerator, built: Built, questions: list[Question] | None = None
) -> list[str]:
    """What the pipeline's gate refuses in `built` (with `questions` in place of its own, for a
    planted defect), exactly as `generate` would judge it before writing."""
    if questions is not None:
        assembled = [
            replace(a, question=q) for a, q in zip(built.assembled, questions, strict=True)
        ]
        built = replace(built, assembled=assembled)
    path = Path("corpora") / corpus_file(generator.key, "2026.12")
    verdict = gate(generator, built, revision="2026.12", index=None, trace=[], attempt=1, path=path)
    return verdict.refusals


def shipped(generator: VerticalGenerator) -> Built:
    """The corpus `generate` would write: the build at the first competition setting whose
    gate passes, tried in order exactly as the pipeline does (the first setting when none
    does, so a test still sees the corpus and reports what refuses it)."""
    first: Built | None = None
    for levers in generator.levers:
        built = generator.build(generator.seed, "2026.12", levers)
        first = first or built
        if not shared_gate_refusals(generator, built):
            return built
    assert first is not None
    return first


def passing_attempt(sidecar: Path) -> int:
    """The number of the competition setting a shipped sidecar's trace says was written: its
    last `attempt N:` line (the trace ends with what was written, e.g. topics per session)."""
    trace = json.loads(sidecar.read_text(encoding="utf-8"))["generator"]["trace"]
    numbers = [int(m.group(1)) for line in trace if (m := re.match(r"attempt (\d+):", line))]
    return numbers[-1]


def as_shipped(questions: list[Question], corpus: Path) -> bytes:
    """The bytes the gate writes for `questions` beside the shipped corpus at `corpus`: the
    ladder's verdicts stamped into the difficulty flags, read through the shipped V1 record
    where it still holds for `questions`, as the generator keeps it."""
    sidecar = load_sidecar(corpus.with_name(corpus.name.removesuffix(".json") + ".meta.json"))
    kept = still_measured(Earlier(sidecar, load_ours(corpus).questions), questions)
    return corpus_text(stamp_validated(questions, v1=kept.get("v1"))).encode()


def digest_in_another_process(module: str) -> str:
    """`_digest(small())` of a test module, computed in a child process under another hash
    seed: a generator that let set or dict order of strings reach its output would differ."""
    script = f"from {module} import small, _digest\nprint(_digest(small()))\n"
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "4242"},
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    return done.stdout.strip()
