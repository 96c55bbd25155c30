"""Judging kept answers again with the deterministic judge, without asking the model again.

The rules judge is a pure function of the answer text and the corpus, so when its rules change
(`rules.RULES_VERSION`), a run's verdicts can be read again from the answers the run kept in its
work folder (`answers.jsonl`), and a probe record's from its samples (`probe-samples.jsonl`).
Everything the model did stays as it was: the answers, the evidence each row attributes, the
run's date and configuration; only the verdicts, the summary they imply and the judge's
fingerprint change. A result or record judged by a model cannot be judged again this way (the
model would have to be asked), and neither can one whose kept answers do not cover every
question it judged: both are refused with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.family import vertical
from checker.formats.result import ResultFile, ResultRow
from checker.formats.sidecar import ProbeRecord
from checker.load import LoadedCorpus
from checker.probes import PROBES
from checker.results.aggregate import question_facts, summary_counts
from checker.runner.attribution import Attribution
from checker.runner.judge import NoVerdict, case_for
from checker.runner.probe import ProbeSettings, Task, plan_tasks, record_of
from checker.runner.rows import measured_row, unmeasured_row
from checker.runner.rules import RULES_MODEL, RulesJudge

#: Row fields that describe what the system showed, not what the judge read: kept as they were.
SYSTEM_FIELDS = ("evidence", "realised_coverage")


class RejudgeRefused(Exception):
    """Kept answers that cannot be judged again here, with the reason."""


@dataclass(frozen=True)
class Change:
    """One verdict that the current rules read differently."""

    question_id: str
    before: str
    after: str


def _lines(path: Path) -> Iterable[dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RejudgeRefused(f"{path}: cannot read the kept answers ({exc.strerror})") from None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            raise RejudgeRefused(f"{path}:{number}: not a JSON line") from None
        if not isinstance(entry, dict) or not isinstance(entry.get("question_id"), str):
            raise RejudgeRefused(f"{path}:{number}: no question_id")
        yield entry


def _row(old: ResultRow, new: ResultRow) -> ResultRow:
    kept = old.model_dump(mode="json", exclude_none=True)
    fresh = new.model_dump(mode="json", exclude_none=True)
    merged = {k: v for k, v in fresh.items() if k not in SYSTEM_FIELDS}
    merged |= {k: kept[k] for k in SYSTEM_FIELDS if k in kept}
    return ResultRow.model_validate(merged)


def rejudge_result(
    result: ResultFile, corpus: LoadedCorpus, answers: Path
) -> tuple[ResultFile, list[Change]]:
    """`result` with every judged row read again from the run's kept answers by the current
    rules judge; rows the system never answered (`unrun`) are kept as they are."""
    if result.judge.model != RULES_MODEL:
        raise RejudgeRefused(
            f"judged by {result.judge.model}; only the rules judge ({RULES_MODEL}) can judge "
            "kept answers again without a model (run again with the same run id instead)"
        )
    if result.corpus.sha256 != corpus.sha256:
        raise RejudgeRefused(
            f"the result names corpus bytes {result.corpus.sha256[:12]}…, not those of "
            f"{corpus.path} ({corpus.sha256[:12]}…)"
        )
    folder = answers.resolve().parent
    if folder.name != result.run_id or folder.parent.parent.name != result.corpus.corpus_id:
        raise RejudgeRefused(
            f"{answers} is not a kept answers file of run {result.run_id} on "
            f"{result.corpus.corpus_id} (a run keeps them in runs/{result.corpus.corpus_id}/"
            f"<system>/{result.run_id}/answers.jsonl under its work folder)"
        )
    said = {e["question_id"]: e["answer"] for e in _lines(answers) if "answer" in e}
    judge = RulesJudge(corpus.questions)
    by_id = {q.question_id: q for q in corpus.questions}
    rows: list[ResultRow] = []
    changes: list[Change] = []
    for old in result.rows:
        if old.outcome == "unrun":
            rows.append(old)
            continue
        answer = said.get(old.question_id)
        question = by_id.get(old.question_id)
        if not isinstance(answer, str) or question is None:
            raise RejudgeRefused(
                f"{answers}: no kept answer for {old.question_id}, whose row is {old.outcome}; "
                "the run's work folder is not the one this result was written from"
            )
        case = case_for(question)
        verdict = judge.judge(case, answer).result
        blank = Attribution(None, None)
        if isinstance(verdict, NoVerdict):
            new = unmeasured_row(old.question_id, "inconclusive", verdict.reason, blank)
        else:
            new = measured_row(old.question_id, case, verdict, blank)
        row = _row(old, new)
        rows.append(row)
        if _said(row) != _said(old):
            changes.append(Change(old.question_id, _said(old), _said(row)))
    profile = vertical(corpus.vertical() or corpus.questions[0].typedmemeval.vertical)
    overall, by_shape = summary_counts(rows, question_facts(corpus))
    raw = result.model_dump(mode="json", exclude_none=True)
    raw["rows"] = [r.model_dump(mode="json", exclude_none=True) for r in rows]
    raw["summary"] = {"n": len(rows), "outcomes": overall, "by_shape": by_shape}
    raw["judge"] = {"model": judge.model, "fingerprint": judge.fingerprint(profile)}
    return ResultFile.model_validate(raw), changes


def _said(row: ResultRow) -> str:
    """What the judge read into a row, in a few words: outcome, state, sub-label, items and
    order (the fields a verdict sets)."""
    parts: list[str] = [row.outcome]
    if row.asserted_state:
        parts.append(f"({row.asserted_state})")
    if row.sub_label:
        parts.append(f"[{row.sub_label}]")
    if row.asserted_items is not None:
        parts.append(f"items {row.asserted_items}")
    if row.list_order is not None:
        parts.append(f"order {row.list_order.model_dump(mode='json')}")
    return " ".join(parts)


def rejudge_record(
    corpus: LoadedCorpus, name: str, record: ProbeRecord, samples: Path
) -> tuple[ProbeRecord, list[Change]]:
    """The probe `name`'s record read again from the kept samples of the run that measured it,
    by the current rules judge: the same model, date, temperature and seed."""
    if record.status != "measured" or record.derived_from is not None:
        raise RejudgeRefused(
            f"{name}: only a measured record of a probe's own run is judged again here"
            + (f" (this one is read from {record.derived_from})" if record.derived_from else "")
        )
    if record.judge_model != RULES_MODEL:
        raise RejudgeRefused(
            f"{name}: judged by {record.judge_model}; only the rules judge can judge kept "
            "answers again without a model"
        )
    if record.corpus_sha256 != corpus.sha256:
        raise RejudgeRefused(f"{name}: the record measured other bytes than {corpus.path}")
    sampled = PROBES[name].reject_at is not None
    settings = ProbeSettings(
        probes=(name,),
        temperature=0.0 if sampled else (record.temperature or 0.0),
        sample_temperature=(record.temperature or 0.0) if sampled else 1.0,
        seed=record.seed or 0,
    )
    kept: dict[tuple[str, int, str | None], dict[str, Any]] = {}
    for entry in _lines(samples):
        if entry.get("probe") == name:
            kept[(entry["question_id"], entry.get("sample", 0), entry.get("component"))] = entry
    judge = RulesJudge(corpus.questions)
    chosen: list[tuple[Task, str]] = []
    for task in plan_tasks(corpus, settings):
        question = corpus.questions[task.qi]
        label = task.component[0] if task.component else None
        found = kept.get((question.question_id, task.sample, label))
        if found is None:
            raise RejudgeRefused(
                f"{samples}: no kept sample {task.sample} of {name} on {question.question_id}"
                + (f" ({label} left out)" if label else "")
                + "; the samples are not those of the run that measured this record"
            )
        answer = found.get("answer")
        if not isinstance(answer, str) or not answer.strip():
            chosen.append((task, str(found.get("outcome", "inconclusive"))))
            continue
        verdict = judge.judge(case_for(question), answer).result
        chosen.append((task, "inconclusive" if isinstance(verdict, NoVerdict) else verdict.outcome))
    profile = vertical(corpus.vertical() or corpus.questions[0].typedmemeval.vertical)
    fresh = record_of(
        PROBES[name],
        corpus,
        chosen,
        record.model or "",
        judge.model,
        judge.fingerprint(profile),
        settings,
    )
    fresh = fresh.model_copy(update={"date": record.date, "carried_from": record.carried_from})
    changes = [
        Change(qid, _sampled(record, qid), _sampled(fresh, qid))
        for qid in fresh.outcomes
        if _sampled(record, qid) != _sampled(fresh, qid)
    ]
    return fresh, changes


def _sampled(record: ProbeRecord, qid: str) -> str:
    """A question's outcome in a record, with its samples' hits and reads or its per-component
    values where the probe keeps them."""
    said = record.outcomes.get(qid, "absent")
    if qid in record.hits or qid in record.read:
        said += f" (hits {record.hits.get(qid, 0)} of {record.read.get(qid, 0)} read)"
    if qid in record.components:
        said += f" {dict(sorted(record.components[qid].items()))}"
    return said
