"""A V8 or V9 record read from a reference run (`checker.runner.derive`) is honest only if the
probe would have sent the model exactly the requests that run sent. This holds the two code
paths together on the shipped corpora: for each question, the body the probe builds for its
V8 and V9 sample equals, byte for byte, the body the full-context and BM25 reference systems
send when the runner feeds them the question's view as it does in a run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checker.load import LoadedCorpus, load_index, load_with_sidecar
from checker.probes import applicable
from checker.runner.derive import REFERENCE_OF
from checker.runner.probe import ProbeSettings, plan_tasks, task_body
from checker.runner.reference import ReferenceKind, ReferenceSystem
from checker.runner.system import Sampling
from checker.runner.view import question_view

ROOT = Path(__file__).resolve().parents[2]
#: Questions per corpus compared (BM25 over every haystack of every corpus is the slow part).
PER_CORPUS = 6


class _Reply:
    def __init__(self) -> None:
        self.content = "I do not know."
        self.finish_reason = "stop"


class _Recording:
    """A client that keeps the request bodies it is sent."""

    def __init__(self) -> None:
        self.model = "recorder"
        self.cache = None
        self.bodies: list[dict[str, Any]] = []

    def chat(self, body: dict[str, Any]) -> _Reply:
        self.bodies.append(body)
        return _Reply()


def _reference_body(corpus: LoadedCorpus, qi: int, kind: ReferenceKind) -> dict[str, Any]:
    """What the reference system sends for question `qi`, fed as `run_corpus` feeds it."""
    client = _Recording()
    sampling = Sampling(temperature=0.0, seed=0)
    memory = ReferenceSystem(kind, client, sampling).instance()  # type: ignore[arg-type]
    view, _ = question_view(corpus.questions[qi], corpus.sha256, "timestamps-only")
    memory.reset()
    for session in view.sessions:
        memory.ingest(session)
    memory.answer(view.question, view.query_time)
    (body,) = client.bodies
    return body


def _corpora() -> list[Path]:
    index = load_index(ROOT / "corpora" / "index.json")
    return [ROOT / "corpora" / e.file for e in index.corpora.values()]


@pytest.mark.parametrize("path", _corpora(), ids=lambda p: p.stem)
def test_v8_and_v9_send_what_the_reference_systems_send(path: Path) -> None:
    corpus = load_with_sidecar(path)
    settings = ProbeSettings(probes=tuple(REFERENCE_OF), temperature=0.0, seed=0)
    compared = 0
    for task in plan_tasks(corpus, settings):
        qid = corpus.questions[task.qi].question_id
        if qid not in applicable(task.probe, corpus.questions)[:PER_CORPUS]:
            continue
        probe_body = task_body(corpus, task, settings)
        assert probe_body == _reference_body(corpus, task.qi, REFERENCE_OF[task.probe]), (
            f"{path.name} {qid}: {task.probe} and the {REFERENCE_OF[task.probe]} system differ"
        )
        compared += 1
    assert compared == PER_CORPUS * len(REFERENCE_OF)
