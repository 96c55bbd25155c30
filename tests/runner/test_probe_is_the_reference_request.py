"""A V8 or V9 record read from a reference run (`checker.runner.derive`) is honest only if the
probe would have sent the model exactly the requests that run sent. This holds the two code
paths together on every question of every shipped corpus: the runner's own `run_corpus` drives
the full-context and BM25 reference systems against a client that keeps each request, and every
body the probe builds for its V8 and V9 sample is among them, byte for byte."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from checker.load import load_index, load_with_sidecar
from checker.runner.client import CallStats
from checker.runner.derive import REFERENCE_OF
from checker.runner.probe import ProbeSettings, plan_tasks, task_body
from checker.runner.reference import ReferenceSystem
from checker.runner.rules import RulesJudge
from checker.runner.run import RunPlan, run_corpus
from checker.runner.system import Sampling

ROOT = Path(__file__).resolve().parents[2]
INDEX = load_index(ROOT / "corpora" / "index.json")


class _Reply:
    content = "I do not know."
    finish_reason = "stop"


class _Recording:
    """A client that keeps the request bodies it is sent (the runner asks from threads)."""

    def __init__(self) -> None:
        self.model = "recorder"
        self.cache = None
        self.bodies: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def chat(self, body: dict[str, Any]) -> _Reply:
        with self._lock:
            self.bodies.append(body)
        return _Reply()

    def close(self) -> None:
        pass


@pytest.mark.parametrize("corpus_id", sorted(INDEX.corpora))
def test_every_v8_and_v9_request_is_the_reference_systems_request(
    corpus_id: str, tmp_path: Path
) -> None:
    entry = INDEX.corpora[corpus_id]
    corpus = load_with_sidecar(ROOT / "corpora" / entry.file)
    settings = ProbeSettings(probes=tuple(REFERENCE_OF), temperature=0.0, seed=0)
    tasks = plan_tasks(corpus, settings)
    for probe, kind in REFERENCE_OF.items():
        client = _Recording()
        sampling = Sampling(temperature=0.0, seed=0)
        system = ReferenceSystem(kind, client, sampling)  # type: ignore[arg-type]
        work = tmp_path / kind
        plan = RunPlan(
            corpus=corpus,
            entry=entry,
            corpus_id=corpus_id,
            run_id="requests",
            grounding="timestamps-only",
            out=work / "result.json",
            work=work,
            concurrency=1,
        )
        run_corpus(plan, system, RulesJudge(corpus.questions), CallStats())
        sent = client.bodies
        mine = [task_body(corpus, t, settings) for t in tasks if t.probe == probe]
        # The run asks every question; the probe those it applies to.
        assert 0 < len(mine) <= len(sent) == len(corpus.questions)
        missing = [b for b in mine if b not in sent]
        assert not missing, (
            f"{corpus_id}: {len(missing)} {probe} request(s) the {kind} run never sent"
        )
