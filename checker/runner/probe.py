"""The model probes V1, V2, V3, V6, V8 and V9 over a corpus, with a reference answer model and
the family judge, and the sidecar records they produce.

Each probe shows the reference model a different context (see `checker.probes`): the gold
sessions (V1), nothing (V2, 10 samples, rejected at 2 hits), the distractors only (V3, 3
samples, one hit condemns), the gold sessions with one load-bearing component left out (V6, 3
samples per component, one hit condemns it), the whole haystack (V8), or the BM25 top-K_ref
(V9). A hit is a sample the judge scores correct. Every prompt is the reference answer prompt
over the question's view (timestamps-only grounding, opaque session handles, no answer key).

Records name the model, date, temperature, seed, the judge and its fingerprint, the
applicability count, per-question outcomes and the corpus hash. They are stamped into a copy
of the corpus and its sidecar (`stamp_copy`), or, when asked, into the corpus's own sidecar
(`stamp_shipped`), which is re-read and checked against the corpus bytes just before.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, TextIO

from checker.family import K_REF, vertical
from checker.formats.sidecar import ProbeRecord, Sidecar
from checker.io import dump_json, sha256_bytes
from checker.load import LoadedCorpus, load_sidecar, sidecar_path_for
from checker.probes import (
    PROBES,
    Probe,
    applicable,
    components,
    leave_one_out,
    pair_ids,
    sampled_value,
)
from checker.runner.client import CallFailed, CallStats, EndpointDown, ModelClient
from checker.runner.judge import AnyJudge, NoVerdict, Verdict, case_for
from checker.runner.localfiles import JsonLines
from checker.runner.progress import Progress
from checker.runner.reference import answer_body, bm25_top_k
from checker.runner.safefiles import verified_folder, write_atomic
from checker.runner.system import Sampling
from checker.runner.view import question_view


@dataclass(frozen=True)
class ProbeSettings:
    """How the probes sample."""

    probes: tuple[str, ...] = tuple(PROBES)
    #: Temperature of the single-sample probes (V1, V8, V9).
    temperature: float = 0.0
    #: Temperature of the sampled probes (V2, V3, V6): samples must be able to differ.
    sample_temperature: float = 1.0
    #: Sample i of a question is asked with seed + i.
    seed: int = 0
    concurrency: int = 8
    k: int = K_REF


@dataclass(frozen=True)
class Task:
    """One sample of one probe on one question."""

    probe: str
    qi: int
    sample: int
    #: The component left out (V6), as (label, session index).
    component: tuple[str, int] | None
    #: Haystack indices shown to the model.
    sessions: tuple[int, ...]


def _gold(corpus: LoadedCorpus, qi: int) -> list[int]:
    return corpus.gold_indices(qi)


def plan_tasks(corpus: LoadedCorpus, settings: ProbeSettings) -> list[Task]:
    """Every sample every requested probe needs."""
    tasks: list[Task] = []
    index = {q.question_id: qi for qi, q in enumerate(corpus.questions)}
    for name in settings.probes:
        probe = PROBES[name]
        for qid in applicable(name, corpus.questions):
            qi = index[qid]
            q = corpus.questions[qi]
            gold = _gold(corpus, qi)
            everything = tuple(range(len(q.haystack_sessions)))
            if probe.context == "leave-one-out":
                for component in components(q):
                    kept = leave_one_out(q, gold, component[1])
                    tasks += [Task(name, qi, s, component, kept) for s in range(probe.samples)]
                continue
            if probe.context == "gold":
                shown: tuple[int, ...] = tuple(gold)
            elif probe.context == "none":
                shown = ()
            elif probe.context == "distractors":
                shown = tuple(i for i in everything if i not in gold)
            elif probe.context == "haystack":
                shown = everything
            else:
                view, _ = question_view(q, corpus.sha256, "timestamps-only")
                shown = tuple(bm25_top_k(view.sessions, q.question, settings.k))
            tasks += [Task(name, qi, s, None, shown) for s in range(probe.samples)]
    return tasks


def task_body(corpus: LoadedCorpus, task: Task, settings: ProbeSettings) -> dict[str, Any]:
    """The request one probe sample sends: the reference answer prompt over the sessions the
    task shows (`checker.runner.derive` relies on V8's and V9's being the full-context and
    BM25 reference systems' requests, and a test holds them equal)."""
    view, _ = question_view(
        corpus.questions[task.qi], corpus.sha256, "timestamps-only", task.sessions
    )
    sampled = PROBES[task.probe].reject_at is not None
    sampling = Sampling(
        temperature=settings.sample_temperature if sampled else settings.temperature,
        seed=settings.seed + task.sample,
    )
    return answer_body(view.sessions, view.question, view.query_time, sampling)


@dataclass
class ProbeRun:
    """The records of one probe run, and what stopped it if anything did."""

    records: dict[str, ProbeRecord] = field(default_factory=dict)
    stopped: str | None = None
    done: int = 0
    total: int = 0


def run_probes(
    corpus: LoadedCorpus,
    client: ModelClient,
    judge: AnyJudge,
    stats: CallStats,
    settings: ProbeSettings,
    *,
    stream: TextIO | None = None,
    work: Path | None = None,
) -> ProbeRun:
    """Ask, judge and record every sample; records only when nothing stopped the run. With a
    work folder, every sample's answer and raw judge replies go to `probe-samples.jsonl` there
    (sensitive, owner-only)."""
    tasks = plan_tasks(corpus, settings)
    log = JsonLines(work / "probe-samples.jsonl") if work is not None else None
    results: dict[int, str] = {}
    lock = threading.Lock()
    progress = Progress(
        f"probes {', '.join(settings.probes)}",
        len(tasks),
        unit="samples",
        retries=lambda: stats.retry_count,
        stream=stream,
    )

    def one(ti: int) -> None:
        task = tasks[ti]
        stats.check()
        q = corpus.questions[task.qi]
        body = task_body(corpus, task, settings)
        answer: str | None = None
        replies: tuple[str, ...] = ()
        why: str | None = None
        try:
            reply = client.chat(body)
        except CallFailed as exc:
            outcome, why = "inconclusive", exc.reason
        else:
            answer = reply.content or ""
            if not answer.strip():
                outcome, why = "inconclusive", "the reference model returned no text"
            else:
                judgement = judge.judge(case_for(q), answer)
                replies, result = judgement.replies, judgement.result
                outcome = result.outcome if isinstance(result, Verdict) else "inconclusive"
                why = result.reason if isinstance(result, NoVerdict) else None
        if log is not None:
            log.write(
                {
                    "probe": task.probe,
                    "question_id": q.question_id,
                    "sample": task.sample,
                    "component": task.component[0] if task.component else None,
                    "answer": answer,
                    "judge_replies": list(replies),
                    "outcome": outcome,
                    "no_verdict": why,
                }
            )
        with lock:
            results[ti] = outcome
        progress.advance()

    def guarded(ti: int) -> None:
        try:
            one(ti)
        except EndpointDown as exc:
            stats.stop(str(exc))

    try:
        with ThreadPoolExecutor(max_workers=max(1, settings.concurrency)) as pool:
            for f in [pool.submit(guarded, ti) for ti in range(len(tasks))]:
                f.result()
    finally:
        progress.close()
        if log is not None:
            log.close()
    run = ProbeRun(done=len(results), total=len(tasks))
    if stats.stopping.is_set():
        run.stopped = stats.stop_reason or "stopped"
        return run
    profile = vertical(corpus.vertical() or corpus.questions[0].typedmemeval.vertical)
    for name in settings.probes:
        chosen = [(task, results[ti]) for ti, task in enumerate(tasks) if task.probe == name]
        run.records[name] = record_of(
            PROBES[name],
            corpus,
            chosen,
            client.model,
            judge.model,
            judge.fingerprint(profile),
            settings,
        )
    return run


def record_of(
    probe: Probe,
    corpus: LoadedCorpus,
    chosen: Sequence[tuple[Task, str]],
    model: str,
    judge_model: str,
    judge_fingerprint: str,
    settings: ProbeSettings,
) -> ProbeRecord:
    """The record of one probe from its samples' outcomes (`chosen`), dated today."""
    ids = applicable(probe.name, corpus.questions)
    by_question: dict[str, list[tuple[Task, str]]] = {qid: [] for qid in ids}
    for task, outcome in chosen:
        by_question[corpus.questions[task.qi].question_id].append((task, outcome))
    outcomes: dict[str, str] = {}
    hits: dict[str, int] = {}
    read: dict[str, int] = {}
    per_component: dict[str, dict[str, str]] = {}
    for qid, samples in by_question.items():
        if probe.reject_at is None:
            outcomes[qid] = samples[0][1]
            continue
        groups: dict[str, list[str]] = {}
        for task, outcome in samples:
            label = task.component[0] if task.component else ""
            groups.setdefault(label, []).append(outcome)
        values = {
            label: sampled_value(
                probe,
                sum(o == "correct" for o in group),
                sum(o == "inconclusive" for o in group),
            )
            for label, group in groups.items()
        }
        hits[qid] = sum(o == "correct" for _, o in samples)
        read[qid] = sum(o != "inconclusive" for _, o in samples)
        if probe.context == "leave-one-out":
            per_component[qid] = dict(sorted(values.items()))
        found = set(values.values())
        outcomes[qid] = (
            "fail" if "fail" in found else "inconclusive" if "inconclusive" in found else "pass"
        )
    pairs: dict[str, str] = {}
    if probe.name == "v1":
        for pid, arms in pair_ids(corpus.questions).items():
            said = [outcomes[a] for a in arms]
            if all(o == "correct" for o in said):
                pairs[pid] = "flipped"
            elif all(o in ("correct", "inconclusive") for o in said):
                pairs[pid] = "inconclusive"
            else:
                pairs[pid] = "not-flipped"
    sampled = probe.reject_at is not None
    return ProbeRecord(
        status="measured",
        model=model,
        date=date.today().isoformat(),
        temperature=settings.sample_temperature if sampled else settings.temperature,
        seed=settings.seed,
        corpus_sha256=corpus.sha256,
        applicable=len(ids),
        outcomes=outcomes,
        judge_model=judge_model,
        judge_fingerprint=judge_fingerprint,
        samples=probe.samples,
        hits=hits if probe.context != "leave-one-out" else {},
        read=read if probe.context != "leave-one-out" else {},
        pairs=pairs,
        components=per_component,
    )


class StampRefused(Exception):
    """A stamp that cannot be written where it was asked for."""


def _stamped(sidecar: Sidecar, records: dict[str, ProbeRecord]) -> bytes:
    """`sidecar` with `records` in place of its records of the same probes."""
    stamped = sidecar.model_copy(deep=True)
    for name, record in records.items():
        stamped.probes[name] = record
    return dump_json(stamped.model_dump(mode="json")).encode()


def stamp_copy(corpus: LoadedCorpus, records: dict[str, ProbeRecord], folder: Path) -> Path:
    """Write a copy of the corpus and of its sidecar with the records stamped in, into
    `folder` (never the corpus's own folder). Returns the copied corpus's path, which
    `typedmemeval check` reads with the stamped sidecar beside it."""
    verified_folder(folder)  # a link anywhere on the path is refused (`safefiles`)
    if folder.resolve() == corpus.path.resolve().parent:
        raise StampRefused(
            f"{folder} is the corpus's own folder; to stamp the shipped sidecar say so with "
            "--stamp-shipped"
        )
    if corpus.sidecar is None:
        raise StampRefused(f"{corpus.path} has no sidecar to copy")
    text = _stamped(corpus.sidecar, records)
    target = folder / corpus.path.name
    write_atomic(target, corpus.path.read_bytes(), may_replace=True)
    write_atomic(sidecar_path_for(target), text, may_replace=True)
    return target


def stamp_shipped(
    corpus: LoadedCorpus, records: dict[str, ProbeRecord], as_listed: Path | None = None
) -> Path:
    """Stamp the records into the corpus's own sidecar, the other probes' records kept (SPEC
    §6: records are stamped into the sidecar, and the checker verifies they name the shipped
    hash). The corpus bytes are not touched; regenerating them keeps these records as long as
    every question asks what it asked (the generator's `still_measured`). Returns the corpus's
    path.

    A probe run can take hours, so the sidecar is read again now, not taken from when the run
    began, and nothing is written unless the corpus on disk is still the bytes the records
    measured and its sidecar names them. `as_listed` is the corpus's path as the release index
    gives it, before links are resolved: a link anywhere on its folder is refused."""
    if as_listed is not None:
        verified_folder(as_listed.parent)
    now = sha256_bytes(corpus.path.read_bytes())
    if now != corpus.sha256:
        raise StampRefused(
            f"{corpus.path} changed while the probes ran (sha256 {now[:12]}…, probed "
            f"{corpus.sha256[:12]}…); the records measured other bytes — run the probes again"
        )
    path = sidecar_path_for(corpus.path)
    if not path.is_file():
        raise StampRefused(f"{corpus.path} has no sidecar to stamp")
    sidecar = load_sidecar(path)
    if sidecar.corpus_sha256 != corpus.sha256:
        raise StampRefused(
            f"{path} describes other bytes (sha256 {sidecar.corpus_sha256[:12]}…) than "
            f"{corpus.path}; regenerate the corpus (`make corpora`) before stamping it"
        )
    write_atomic(path, _stamped(sidecar, records), may_replace=True)
    return corpus.path
