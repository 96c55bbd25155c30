"""Build → gate → write: the one path every vertical's corpus takes to disk.

For each competition setting of the vertical, in order: build the corpus from the fixed seed,
run the gates, and stop at the first setting that passes. The corpus, its sidecar (with the
trace of every attempt) and its release-index entry are then written byte-deterministically.
If no setting passes, nothing is written and the refusals are returned.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from checker.formats.sidecar import ReleaseIndex
from checker.io import InputError
from checker.load import load_index, load_ours, load_sidecar
from corpora.generate.core.allocate import AllocationError
from corpora.generate.core.gate import Verdict, describe_levers, gate
from corpora.generate.core.stamp import (
    Earlier,
    corpus_file,
    index_text,
    sidecar_file,
    sidecar_text,
    with_entry,
)
from corpora.generate.core.topics import MAX_TOPICS
from corpora.generate.core.vertical import Built, VerticalGenerator

REVISION = "2026.12"
INDEX_NAME = "index.json"


@dataclass
class Outcome:
    """What generating one vertical did."""

    vertical: str
    written: list[Path] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    seconds: float = 0.0
    verdict: Verdict | None = None

    @property
    def passed(self) -> bool:
        return not self.refusals


def read_index(out: Path) -> ReleaseIndex | None:
    path = out / INDEX_NAME
    if not path.is_file():
        return None
    try:
        return load_index(path)
    except InputError:
        return None


def attempt_all(
    generator: VerticalGenerator,
    revision: str,
    index: ReleaseIndex | None,
    out: Path,
    earlier: Earlier | None = None,
) -> tuple[Verdict | None, list[str]]:
    """Try each competition setting in order; the first verdict that passes, and the trace.

    A setting whose constraints cannot be met (`AllocationError`) is an attempt refused before
    any gate ran: the trace says why and the next setting is tried. The verdict returned is the
    last one gated (None when no setting could be built)."""
    trace = [
        f"{generator.module} {generator.version}, seed {generator.seed}, revision {revision}",
        *generator.notes,
    ]
    last: Verdict | None = None
    for attempt, levers in enumerate(generator.levers, start=1):
        try:
            built = generator.build(generator.seed, revision, levers)
        except AllocationError as error:
            trace.append(f"attempt {attempt}: {describe_levers(levers)} -> not built: {error}")
            continue
        verdict = gate(
            generator,
            built,
            revision=revision,
            index=index,
            trace=trace,
            attempt=attempt,
            path=out / corpus_file(generator.key, revision),
            earlier=earlier,
        )
        trace.append(verdict.trace_line)
        last = verdict
        if verdict.passed:
            trace.append(topic_line(built))
            break
    return last, trace


def topic_line(built: Built) -> str:
    """How many topics the built corpus's sessions hold, asides included (`core.topics`)."""
    counts = Counter(
        min(session.topics + len(session.aside_turns), MAX_TOPICS + 1)
        for question in built.assembled
        for session in question.sessions
    )
    total = sum(counts.values())
    parts = ", ".join(
        f"{n if n <= MAX_TOPICS else f'more than {MAX_TOPICS}'}: {counts[n]}"
        for n in range(1, MAX_TOPICS + 2)
    )
    within = sum(counts[n] for n in range(1, MAX_TOPICS + 1))
    return (
        f"topics per session, asides included: {parts}; {within} of {total} sessions "
        f"({within / total:.3f}) within {MAX_TOPICS}"
    )


def _earlier(folder: Path, vertical: str, revision: str) -> Earlier | None:
    """The corpus and sidecar already in `folder`, whose measured probe records may carry over;
    None when there is none, it no longer reads, or the sidecar describes other bytes (the
    corpus is then replaced whole, as before)."""
    corpus_path = folder / corpus_file(vertical, revision)
    sidecar_path = folder / sidecar_file(vertical, revision)
    if not corpus_path.is_file() or not sidecar_path.is_file():
        return None
    try:
        corpus, sidecar = load_ours(corpus_path), load_sidecar(sidecar_path)
    except InputError as exc:
        print(f"not read, so no probe record carries over: {exc}", file=sys.stderr)
        return None
    if sidecar.corpus_sha256 != corpus.sha256:
        print(
            f"{sidecar_path}: describes other bytes than {corpus_path.name}, so no probe record "
            "carries over",
            file=sys.stderr,
        )
        return None
    return Earlier(sidecar, corpus.questions)


def generate(
    generator: VerticalGenerator,
    out: Path,
    revision: str = REVISION,
    probes_from: Path | None = None,
) -> Outcome:
    """Generate one vertical into `out` (corpus and sidecar under `out/<vertical>/`, the
    release index at `out/index.json`). Measured probe records of the corpus already in
    `probes_from` (default `out`) are kept when its questions ask what the regenerated ones ask
    (`stamp.still_measured`); the difficulty ladder reads a kept V1."""
    started = time.perf_counter()
    outcome = Outcome(generator.key)
    index = read_index(out)
    earlier = _earlier(probes_from or out, generator.key, revision)
    verdict, trace = attempt_all(generator, revision, index, out, earlier)
    outcome.trace = trace
    outcome.verdict = verdict
    if verdict is None or not verdict.passed:
        outcome.refusals = (
            verdict.refusals
            if verdict is not None
            else [line for line in trace if "-> not built:" in line] or ["no competition setting"]
        )
        outcome.seconds = time.perf_counter() - started
        return outcome
    sidecar = verdict.sidecar.model_copy(
        update={"generator": verdict.sidecar.generator.model_copy(update={"trace": trace})}
    )
    files = {
        out / corpus_file(generator.key, revision): verdict.corpus_text,
        out / sidecar_file(generator.key, revision): sidecar_text(sidecar),
        out / INDEX_NAME: index_text(with_entry(read_index(out), sidecar)),
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        outcome.written.append(path)
    outcome.seconds = time.perf_counter() - started
    return outcome
