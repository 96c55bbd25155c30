"""LongMemEval (Wu et al., 2024; `_s`, `_m` and oracle files) → our corpus format.

LongMemEval is already in the record shape our format descends from; the importer keeps each
record's fields and question types as they are, and repairs only what our format cannot hold:
a number given as an answer (written as text), an integer question id (as text), and `system`
turns (set aside: instructions, not conversation). Each repair is logged and counted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from checker.importers.repairs import Repairs
from checker.io import InputError

FIELDS = (
    "question_id",
    "question_type",
    "question",
    "answer",
    "question_date",
    "haystack_session_ids",
    "haystack_dates",
    "haystack_sessions",
    "answer_session_ids",
)


def convert(path: Path, records: Iterator[Any], repairs: Repairs) -> Iterator[dict[str, Any]]:
    for index, item in enumerate(records):
        if not isinstance(item, dict):
            raise InputError(path, f"record {index} is not an object")
        qid = item.get("question_id")
        where = str(qid)
        if isinstance(qid, int) and not isinstance(qid, bool):
            repairs.add("question-id-as-text", where, f"question id {qid} written as text")
        answer = item.get("answer", "")
        if not isinstance(answer, str):
            repairs.add("answer-as-text", where, f"answer {answer!r} written as text")
        out = {key: item[key] for key in FIELDS if key in item}
        out["question_id"], out["answer"] = str(qid), str(answer)
        sessions = []
        for si, session in enumerate(item.get("haystack_sessions") or []):
            kept = [t for t in session if not (isinstance(t, dict) and t.get("role") == "system")]
            if len(kept) != len(session):
                repairs.add(
                    "system-turn-set-aside",
                    where,
                    f"session {si}: {len(session) - len(kept)} system turn(s)",
                )
            sessions.append(kept)
        out["haystack_sessions"] = sessions
        yield out
