"""The runner's own overhead: a whole vertical against the fake endpoint with a fixed per-call
latency L at concurrency C, timed against the bare `openai` client making the same calls at the
same concurrency against the same fake server, in the same run.

The fake endpoint runs in its own process (so its handling does not share the runner's
interpreter), every reply takes L seconds, and each question makes two calls (the reference
system's answer, then the judge). The target is measured with the full-context reference
system, whose answer model receives the whole haystack: the runner does all its own work (the
view of every session, the largest prompts, transport, the judge, the rows, the cache, the
files) and the system adds none. The bare client sends exactly the runner's request bodies
(`chat.completions.create`, one worker per question slot, answer then judge), so the ratio is
what the runner costs over what any client pays on this machine (target ≤ 1.05 at C = 16,
L = 50 ms): the median over paired rounds, each timing both back to back in alternating order,
printed with the quartiles, the range and every round's ratio. The ideal n·calls·L / C, the
BM25 system (its ranking is the system's own compute) and a warm-cache rerun (target under
10 s) are printed beside it.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.load import load_index
from checker.results.validate import load_indexed_corpus
from checker.runner.cache import DiskCache
from checker.runner.client import CallStats, Endpoint, ModelClient
from checker.runner.fake import default_script
from checker.runner.judge import Judge, JudgeSettings, case_for
from checker.runner.reference import ReferenceKind, ReferenceSystem, answer_body
from checker.runner.run import RunPlan, run_corpus
from checker.runner.system import Sampling
from checker.runner.view import question_view

LATENCY = 0.05
CONCURRENCY = 16
CALLS_PER_QUESTION = 2
RATIO_TARGET = 1.05
WARM_TARGET = 10.0
#: Paired rounds (odd, so the median is one round's ratio).
ROUNDS = 9
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


def _bare_openai(url: str, corpus_id: str) -> tuple[float, float]:
    """The runner's calls through the bare `openai` client: the same answer bodies (the whole
    haystack) and judge bodies (the verdict prompt and schema for the fake's reply), at the
    same concurrency, with nothing else done."""
    import openai

    index = load_index(INDEX)
    corpus = load_indexed_corpus(INDEX, index.corpora[corpus_id])
    judge = Judge(None, JudgeSettings(model="bench-judge"))  # type: ignore[arg-type]
    pairs = []
    for q in corpus.questions:
        view, _ = question_view(q, corpus.sha256, "timestamps-only")
        answer = answer_body(view.sessions, q.question, q.question_date, Sampling())
        pairs.append((answer, judge.body(case_for(q), default_script(answer).content or "")))
    client = openai.OpenAI(base_url=url, api_key="bench", max_retries=0, timeout=60.0)

    def question(bodies: tuple[dict[str, Any], dict[str, Any]]) -> None:
        answer, verdict = bodies
        client.chat.completions.create(model="bench-answer", **answer)
        client.chat.completions.create(model="bench-judge", **verdict)

    try:
        question(pairs[0])  # the client's first-use imports are not the calls' cost
        started, cpu = time.perf_counter(), time.process_time()
        with ThreadPoolExecutor(max_workers=CONCURRENCY) as pool:
            list(pool.map(question, pairs))
        return time.perf_counter() - started, time.process_time() - cpu
    finally:
        client.close()


def bare_first(round_index: int) -> bool:
    """Whether round `round_index` times the bare client before the runner: every other
    round, so neither side always meets the machine's drift first."""
    return round_index % 2 == 0


@dataclass(frozen=True)
class Ratios:
    """The runner's overhead over paired rounds: each round's runner wall over its bare wall."""

    per_round: tuple[float, ...]

    @classmethod
    def of(cls, runner: list[float], bare: list[float]) -> Ratios:
        return cls(tuple(r / b for r, b in zip(runner, bare, strict=True)))

    @property
    def median(self) -> float:
        return statistics.median(self.per_round)

    @property
    def quartiles(self) -> tuple[float, float]:
        q = statistics.quantiles(self.per_round, n=4, method="inclusive")
        return q[0], q[2]

    def met(self, target: float = RATIO_TARGET) -> bool:
        return self.median <= target

    def line(self, target: float = RATIO_TARGET) -> str:
        low, high = self.quartiles
        return (
            f"overhead ratio (runner wall / bare wall, per round) median {self.median:.3f}, "
            f"quartiles {low:.3f}–{high:.3f}, range {min(self.per_round):.3f}–"
            f"{max(self.per_round):.3f} (target ≤ {target}: "
            f"{'met' if self.met(target) else 'missed'})"
        )


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
            # Paired rounds: each round times the bare client and the runner back to back, in
            # alternating order (bare first in even rounds, runner first in odd), so neither
            # always meets the machine's drift first. The figure is the median of the rounds'
            # ratios; their spread is printed beside it, never hidden.
            bares, colds, bare_cpus, cpus = [], [], [], []
            for k in range(ROUNDS):
                if bare_first(k):
                    bare, bare_cpu = _bare_openai(url, corpus_id)
                cold, cpu, n, stats = _timed_run(
                    url, folder / f"full-{k}", corpus_id, "full-context"
                )
                if not bare_first(k):
                    bare, bare_cpu = _bare_openai(url, corpus_id)
                bares.append(bare)
                bare_cpus.append(bare_cpu)
                colds.append(cold)
                cpus.append(cpu)
            warm, _, _, warm_stats = _timed_run(url, folder / "full-0", corpus_id, "full-context")
            bm25, _, _, _ = _timed_run(url, folder / "bm25", corpus_id, "bm25")
    finally:
        server.terminate()
        server.wait(timeout=10)
    calls = sum(u.calls for u in stats.usage.values())
    ideal = n * CALLS_PER_QUESTION * LATENCY / CONCURRENCY
    bare, cold = statistics.median(bares), statistics.median(colds)
    bare_cpu, cpu = statistics.median(bare_cpus), statistics.median(cpus)
    ratios = Ratios.of(colds, bares)
    cached = sum(u.cached for u in warm_stats.usage.values())
    print(
        f"runner: full-context reference system on {corpus_id}, {n} questions × "
        f"{CALLS_PER_QUESTION} calls ({calls} made) at L = {LATENCY * 1000:.0f} ms, "
        f"C = {CONCURRENCY}, against the bare openai client making the same calls at the same "
        f"concurrency on the same fake server, {ROUNDS} paired rounds in alternating order"
    )
    print(f"runner: {ratios.line()}; median walls runner {cold:.3f} s, bare client {bare:.3f} s")
    print("runner: per-round ratios " + " ".join(f"{r:.3f}" for r in ratios.per_round))
    print(
        f"runner: the ideal n·calls·L/C is {ideal:.3f} s (runner {cold / ideal:.3f}×, bare "
        f"client {bare / ideal:.3f}×; the machine itself sets the gap to it)"
    )
    print(
        f"runner: CPU over the calls (medians), runner {cpu:.3f} s "
        f"({1000 * cpu / max(calls, 1):.2f} ms per call, building every view and prompt, "
        f"judging, caching and writing the result) against the bare client's {bare_cpu:.3f} s "
        f"({1000 * bare_cpu / max(calls, 1):.2f} ms per call, bodies built beforehand); machine "
        f"load average at start {load:.1f} on {os.cpu_count()} cores (other work on the "
        "machine stretches wall times and widens the spread)"
    )
    print(
        f"runner: the BM25 reference system (its ranking is the system's own CPU): wall "
        f"{bm25:.3f} s, {bm25 / bare:.3f}× the bare client's median (for information; no "
        "target)"
    )
    print(
        f"runner: warm-cache rerun of the same run: {warm:.3f} s, {cached} of "
        f"{sum(u.calls for u in warm_stats.usage.values())} calls from the cache "
        f"(target < {WARM_TARGET:.0f} s)"
    )
    return ratios.met() and warm < WARM_TARGET


BENCH = ("runner", bench)
