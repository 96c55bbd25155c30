"""One run of a system over one corpus: answers, verdicts, rows, and the result file.

Per question, on a worker's own system instance: reset, ingest every session in timestamp order
(the view: no answer key, opaque session handles, the grounding mode), answer at the query time,
judge once, and build the row (evidence attribution and realised coverage from the envelope,
`unobserved` without one). A system that cannot answer gives an `unrun` row with its reason; a
judge that gives no verdict an `inconclusive` one. If an endpoint goes away, the run stops
cleanly and writes no result; every completed call is cached, so the same command resumes.

Answer texts and raw judge replies go to owner-only files under the run's work folder, never
into the result.
"""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, TextIO

from checker.family import vertical as vertical_profile
from checker.formats.result import ResultFile, ResultRow
from checker.formats.sidecar import IndexEntry
from checker.io import dump_json
from checker.load import LoadedCorpus
from checker.results.aggregate import question_facts, summary_counts
from checker.runner.attribution import attribute
from checker.runner.cache import DiskCache, request_key
from checker.runner.client import CallStats, EndpointDown
from checker.runner.judge import AnyJudge, NoVerdict, case_for
from checker.runner.localfiles import JsonLines, private_folder
from checker.runner.progress import Progress
from checker.runner.rows import measured_row, unmeasured_row
from checker.runner.safefiles import write_atomic
from checker.runner.system import (
    Evidence,
    MemorySystem,
    SystemAnswer,
    SystemFailed,
    SystemInfo,
    SystemUnderTest,
)
from checker.runner.view import Grounding, QuestionView, question_view


def system_slug(name: str) -> str:
    """The folder name a system's results sit in (the layout rule RES018 checks)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def configuration_fingerprint(info: SystemInfo) -> str:
    """Hash of everything that configures the system (runs that differ are never banded).
    The sampling seed is left out: it is what a run set varies to measure the answer model's
    variance (`answer_sampling.seed`, and the band lists each run's seed); with it, three runs
    sampled at one temperature with seeds 0, 1 and 2 were three experiments and never banded."""
    sampling = {k: v for k, v in asdict(info.sampling).items() if k != "seed"}
    return request_key(
        {
            "name": info.name,
            "version": info.version,
            "answer_model": info.answer_model,
            "sampling": sampling,
            "configuration": dict(info.configuration),
        }
    )[:16]


@dataclass(frozen=True)
class RunPlan:
    """What to run and where its files go."""

    corpus: LoadedCorpus
    entry: IndexEntry
    corpus_id: str
    run_id: str
    grounding: Grounding
    #: The result file to write.
    out: Path
    #: The run's private folder: the cache, answers.jsonl, judge-raw.jsonl.
    work: Path
    concurrency: int = 8
    #: Whether an existing result file at `out` may be replaced (`--force`).
    may_replace: bool = True
    #: Run at most this many questions, taken in turn from each shape; the others are `unrun`
    #: with reason `limit` (None: every question).
    limit: int | None = None

    def selected(self) -> list[int]:
        """The question positions to run: all, or `limit` of them spread over the shapes."""
        questions = self.corpus.questions
        if self.limit is None or self.limit >= len(questions):
            return list(range(len(questions)))
        by_shape: dict[str, list[int]] = {}
        for qi, q in enumerate(questions):
            by_shape.setdefault(q.typedmemeval.shape, []).append(qi)
        queues = list(by_shape.values())
        chosen: list[int] = []
        while len(chosen) < self.limit:
            for queue in queues:
                if queue and len(chosen) < self.limit:
                    chosen.append(queue.pop(0))
        return sorted(chosen)


@dataclass
class RunOutcome:
    """What a run produced."""

    result: ResultFile | None
    done: int
    total: int
    stopped: str | None = None
    #: Verdicts where a declared rule changed the judge's label.
    adjusted: int = 0
    unknown_handles: int = 0
    files: dict[str, Path] = field(default_factory=dict)


class _Worker:
    """Per-thread system instances (questions never share one at the same time)."""

    def __init__(self, system: SystemUnderTest) -> None:
        self.system = system
        self.local = threading.local()
        self.made: list[MemorySystem] = []
        self.lock = threading.Lock()

    def instance(self) -> MemorySystem:
        found: MemorySystem | None = getattr(self.local, "instance", None)
        if found is None:
            found = self.system.instance()
            self.local.instance = found
            with self.lock:
                self.made.append(found)
        return found

    def close(self) -> None:
        """Close every instance that holds resources (a `close()` method is optional)."""
        for instance in self.made:
            close = getattr(instance, "close", None)
            if callable(close):
                close()


def _evidence_json(evidence: Evidence | None) -> dict[str, Any] | None:
    if evidence is None:
        return None
    return {
        "answer_context": list(evidence.answer_context)
        if evidence.answer_context is not None
        else None,
        "retrieved": list(evidence.retrieved) if evidence.retrieved is not None else None,
    }


def _evidence_from(raw: Any) -> Evidence | None:
    if not isinstance(raw, dict):
        return None
    ctx, ret = raw.get("answer_context"), raw.get("retrieved")
    return Evidence(
        tuple(ctx) if isinstance(ctx, list) else None,
        tuple(ret) if isinstance(ret, list) else None,
    )


def run_corpus(
    plan: RunPlan,
    system: SystemUnderTest,
    judge: AnyJudge,
    stats: CallStats,
    *,
    stream: TextIO | None = None,
) -> RunOutcome:
    """Run every question of the corpus; write the result and the local files."""
    info = system.info
    config = configuration_fingerprint(info)
    private_folder(plan.work)
    cache = DiskCache(plan.work / "cache")
    answers = JsonLines(plan.work / "answers.jsonl")
    try:
        raw_judge = JsonLines(plan.work / "judge-raw.jsonl")
    except BaseException:  # a refused path (a link): nothing is left open
        answers.close()
        raise
    questions = plan.corpus.questions
    rows: dict[int, ResultRow] = {}
    adjusted = unknown = 0
    lock = threading.Lock()
    worker = _Worker(system)
    progress = Progress(
        f"run {plan.corpus_id}",
        len(plan.selected()),
        retries=lambda: stats.retry_count,
        stream=stream,
    )

    def system_answer(view: QuestionView) -> SystemAnswer:
        key = None
        if not info.caches_its_calls:
            key = request_key(
                {"system": config, "namespace": plan.run_id, "view": view.content_key()}
            )
            hit = cache.get(key)
            if hit is not None and isinstance(hit.get("answer"), str):
                return SystemAnswer(hit["answer"], _evidence_from(hit.get("evidence")))
        instance = worker.instance()
        instance.reset()
        for session in view.sessions:
            stats.check()
            instance.ingest(session)
        stats.check()
        answer = instance.answer(view.question, view.query_time)
        if key is not None:
            cache.put(key, {"answer": answer.text, "evidence": _evidence_json(answer.evidence)})
        return answer

    def one(qi: int) -> None:
        nonlocal adjusted, unknown
        stats.check()
        q = questions[qi]
        shown = None
        if info.gold_sessions_only:
            gold = set(q.answer_session_ids)
            shown = [i for i, sid in enumerate(q.haystack_session_ids) if sid in gold]
        view, handles = question_view(q, plan.corpus.sha256, plan.grounding, shown)
        case = case_for(q)
        failure: str | None = None
        try:
            answer = system_answer(view)
        except SystemFailed as exc:
            failure = exc.reason
        except EndpointDown:
            raise
        except Exception as exc:  # an in-process system's own error: this question is unrun
            failure = f"the system raised {type(exc).__name__}: {exc}"
        if failure is not None:
            # An overflow is the prompt's size, not the system's fault: its reason says so.
            reason = failure if failure.startswith("context-overflow") else f"system: {failure}"
            row = unmeasured_row(q.question_id, "unrun", reason, attribute(q, handles, None))
            answers.write({"question_id": q.question_id, "system_error": failure})
        else:
            attribution = attribute(q, handles, answer.evidence)
            answers.write(
                {
                    "question_id": q.question_id,
                    "answer": answer.text,
                    "evidence": _evidence_json(answer.evidence),
                    "unknown_handles": list(attribution.unknown_handles),
                }
            )
            judgement = judge.judge(case, answer.text)
            result = judgement.result
            raw_judge.write(
                {
                    "question_id": q.question_id,
                    "replies": list(judgement.replies),
                    "outcome": "inconclusive" if isinstance(result, NoVerdict) else result.outcome,
                    "no_verdict": result.reason if isinstance(result, NoVerdict) else None,
                    "adjustments": []
                    if isinstance(result, NoVerdict)
                    else list(result.adjustments),
                }
            )
            if isinstance(result, NoVerdict):
                row = unmeasured_row(q.question_id, "inconclusive", result.reason, attribution)
            else:
                row = measured_row(q.question_id, case, result, attribution)
            with lock:
                adjusted += bool(not isinstance(result, NoVerdict) and result.adjustments)
                unknown += len(attribution.unknown_handles)
        with lock:
            rows[qi] = row
        progress.advance()

    def guarded(qi: int) -> None:
        try:
            one(qi)
        except EndpointDown as exc:
            stats.stop(str(exc))

    selected = plan.selected()
    skipped = sorted(set(range(len(questions))) - set(selected))
    for qi in skipped:
        q = questions[qi]
        _, handles = question_view(q, plan.corpus.sha256, plan.grounding)
        rows[qi] = unmeasured_row(
            q.question_id,
            "unrun",
            f"limit: not among the {len(selected)} questions this run asked (run --limit)",
            attribute(q, handles, None),
        )
    workers = max(1, min(plan.concurrency, info.max_concurrency or plan.concurrency))
    stopped: str | None = None
    try:
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="question") as pool:
            futures = [pool.submit(guarded, qi) for qi in selected]
            for f in futures:
                f.result()  # anything but a stop is a bug and surfaces here
    finally:
        progress.close()
        answers.close()
        raw_judge.close()
        worker.close()
    if stats.stopping.is_set():
        stopped = stats.stop_reason or "stopped"
    files = {
        "answers": plan.work / "answers.jsonl",
        "judge": plan.work / "judge-raw.jsonl",
        "cache": plan.work / "cache",
    }
    if stopped is not None:
        return RunOutcome(None, len(rows), len(questions), stopped, adjusted, unknown, files)
    ordered = [rows[qi] for qi in range(len(questions))]
    result = compose_result(plan, info, config, judge, ordered)
    write_atomic(
        plan.out, dump_json(result.model_dump(mode="json")).encode(), may_replace=plan.may_replace
    )
    files["result"] = plan.out
    return RunOutcome(result, len(rows), len(questions), None, adjusted, unknown, files)


def compose_result(
    plan: RunPlan, info: SystemInfo, config: str, judge: AnyJudge, rows: list[ResultRow]
) -> ResultFile:
    """The result file: provenance, one row per question, and the summary the rows imply."""
    key = plan.corpus.vertical()
    assert key is not None
    profile = vertical_profile(key)
    overall, by_shape = summary_counts(rows, question_facts(plan.corpus))
    s = info.sampling
    raw = {
        "kind": "typedmemeval-result",
        "format_version": 1,
        "benchmark": "TypedMemEval",
        "run_id": plan.run_id,
        "run_date": date.today().isoformat(),
        "corpus": {
            "corpus_id": plan.corpus_id,
            "revision": plan.entry.revision,
            "sha256": plan.entry.sha256,
        },
        "system": {"name": info.name, "version": info.version},
        "answer_model": info.answer_model,
        "answer_sampling": {
            "temperature": s.temperature,
            "seed": s.seed,
            "temperature_disposition": s.temperature_disposition,
            "seed_disposition": s.seed_disposition,
        },
        "judge": {"model": judge.model, "fingerprint": judge.fingerprint(profile)}
        | ({"response_format": judge.response_format} if judge.response_format else {}),
        "grounding": plan.grounding,
        "configuration_fingerprint": config,
        "rows": [r.model_dump(mode="json", exclude_none=True) for r in rows],
        "summary": {"n": len(rows), "outcomes": overall, "by_shape": by_shape},
    }
    return ResultFile.model_validate(raw)
