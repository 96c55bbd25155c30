"""The runner's own overhead beside the model: a whole vertical against the fake endpoint with a
fixed per-call latency L at concurrency C, timed against the ideal n·calls·L / C.

The fake endpoint runs in its own process (so its handling does not share the runner's
interpreter), every reply takes L seconds, and each question makes two calls (the reference
system's answer, then the judge). The target is measured with the full-context reference
system, whose answer model receives the whole haystack: the runner does all its own work (the
view of every session, the largest prompts, transport, the judge, the rows) and the system adds
none. The BM25 system is printed beside it for information: its ranking (tokenizing every
session of every haystack) is the system's own compute, not the runner's. Printed: cold wall time
against the ideal and their ratio (target ≤ 1.15 at C = 16, L = 50 ms), and a warm-cache rerun
of the same run (target under 10 s).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from checker.load import load_index
from checker.results.validate import load_indexed_corpus
from checker.runner.cache import DiskCache
from checker.runner.client import CallStats, Endpoint, ModelClient
from checker.runner.judge import Judge, JudgeSettings
from checker.runner.reference import ReferenceKind, ReferenceSystem, answer_body
from checker.runner.run import RunPlan, run_corpus
from checker.runner.system import Sampling
from checker.runner.view import question_view

LATENCY = 0.05
CONCURRENCY = 16
CALLS_PER_QUESTION = 2
RATIO_TARGET = 1.15
WARM_TARGET = 10.0
INDEX = Path("corpora") / "index.json"


def _largest_corpus() -> str:
    """The shipped corpus with the most questions (ties: the later id)."""
    index = load_index(INDEX)
    return max(index.corpora.items(), key=lambda kv: (kv[1].question_count, kv[0]))[0]


def _timed_run(
    url: str, folder: Path, corpus_id: str, kind: ReferenceKind
) -> tuple[float, float, int, CallStats]:
    index = load_index(INDEX)
    entry = index.corpora[corpus_id]
    corpus = load_indexed_corpus(INDEX, entry)
    stats = CallStats()
    cache = DiskCache(folder / "cache")
    with (
        ModelClient(
            Endpoint(url, "bench-answer", "bench"),
            role="answer model",
            stats=stats,
            cache=cache,
            namespace="bench",
        ) as answer,
        ModelClient(
            Endpoint(url, "bench-judge", "bench"),
            role="judge",
            stats=stats,
            cache=cache,
            namespace="bench",
        ) as judge_client,
    ):
        plan = RunPlan(
            corpus=corpus,
            entry=entry,
            corpus_id=corpus_id,
            run_id="bench",
            grounding="timestamps-only",
            out=folder / "result.json",
            work=folder,
            concurrency=CONCURRENCY,
        )
        judge = Judge(judge_client, JudgeSettings(model="bench-judge"))
        system = ReferenceSystem(kind, answer)
        folder.mkdir(parents=True, exist_ok=True)
        started, cpu = time.perf_counter(), time.process_time()
        with open(folder / "progress.log", "w", encoding="utf-8") as progress:
            outcome = run_corpus(plan, system, judge, stats, stream=progress)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert outcome.result is not None, outcome.stopped
    return wall, cpu, len(corpus.questions), stats


def _client_alone(url: str, corpus_id: str) -> float:
    """The same number of calls with the same answer prompts through the client alone (no
    view, judge, rows or files): the floor the machine and the client set for the wall time."""
    index = load_index(INDEX)
    corpus = load_indexed_corpus(INDEX, index.corpora[corpus_id])
    bodies = []
    for q in corpus.questions:
        view, _ = question_view(q, corpus.sha256, "timestamps-only")
        bodies.append(answer_body(view.sessions, q.question, q.question_date, Sampling()))
    with ModelClient(
        Endpoint(url, "bench-floor", "bench"),
        role="floor",
        stats=CallStats(),
        cache=None,
        namespace="floor",
    ) as client:

        def question(body: dict[str, Any]) -> None:
            for _ in range(CALLS_PER_QUESTION):
                client.chat(body)

        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=CONCURRENCY) as pool:
            list(pool.map(question, bodies))
        return time.perf_counter() - started


def bench() -> bool:
    corpus_id = _largest_corpus()
    server = subprocess.Popen(
        [sys.executable, "-m", "checker.runner.fake", "--latency", str(LATENCY)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip().rsplit(" ", 1)[-1]
        with tempfile.TemporaryDirectory(prefix="tme-bench-runner-") as tmp:
            folder = Path(tmp)
            load = os.getloadavg()[0]
            cold, cpu, n, stats = _timed_run(url, folder / "full", corpus_id, "full-context")
            warm, _, _, warm_stats = _timed_run(url, folder / "full", corpus_id, "full-context")
            bm25, _, _, _ = _timed_run(url, folder / "bm25", corpus_id, "bm25")
            floor = _client_alone(url, corpus_id)
    finally:
        server.terminate()
        server.wait(timeout=10)
    calls = sum(u.calls for u in stats.usage.values())
    ideal = n * CALLS_PER_QUESTION * LATENCY / CONCURRENCY
    ratio = cold / ideal
    cached = sum(u.cached for u in warm_stats.usage.values())
    print(
        f"runner: full-context reference system on {corpus_id}, {n} questions × "
        f"{CALLS_PER_QUESTION} calls ({calls} made) at "
        f"L = {LATENCY * 1000:.0f} ms, C = {CONCURRENCY}: wall {cold:.3f} s against the ideal "
        f"n·calls·L/C = {ideal:.3f} s, ratio {ratio:.3f} (target ≤ {RATIO_TARGET})"
    )
    print(
        f"runner: the runner's process used {cpu:.3f} s of CPU over the cold run "
        f"({1000 * cpu / max(calls, 1):.2f} ms per call); machine load average at start "
        f"{load:.1f} on {os.cpu_count()} cores (other work on the machine stretches the wall time)"
    )
    print(
        f"runner: the same calls through the client alone (no runner work): wall {floor:.3f} s, "
        f"ratio {floor / ideal:.3f}; the runner's own share of the wall time is "
        f"{max(0.0, cold - floor):.3f} s"
    )
    print(
        f"runner: the BM25 reference system (its ranking is the system's own CPU): wall "
        f"{bm25:.3f} s, ratio {bm25 / ideal:.3f} (for information; no target)"
    )
    print(
        f"runner: warm-cache rerun of the same run: {warm:.3f} s, {cached} of "
        f"{sum(u.calls for u in warm_stats.usage.values())} calls from the cache "
        f"(target < {WARM_TARGET:.0f} s)"
    )
    return ratio <= RATIO_TARGET and warm < WARM_TARGET


BENCH = ("runner", bench)
