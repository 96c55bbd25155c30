"""LoCoMo (Maharana et al., 2024) → our corpus format, without the `typedmemeval` block.

One LoCoMo conversation is one haystack, shared by all of its questions. What is declared here,
not guessed per file:

- **Roles.** LoCoMo is two people talking; `speaker_a` becomes `user` and `speaker_b`
  `assistant`, and every turn keeps its speaker's name in front (`Caroline: …`), since the
  questions name them. A shared photo's caption follows the text as `— shares <caption>` (a plain clause: brackets
  would read as scaffolding to CAL002's strip).
- **Question types** (`CATEGORY_TYPES`): the category numbers as the released file uses them.
  Category 5 (adversarial) asks about what was never said: its id gets the `_abs` suffix
  (LongMemEval's abstention convention) and its answer is `ABSTENTION_ANSWER`.
- **Gold.** Evidence ids `D<session>:<turn>` name turns (`has_answer`) and so sessions.
- **Dates.** `1:56 pm on 8 May, 2023` → `2023/05/08 (Mon) 13:56`. LoCoMo has no question date;
  each question is dated one day after the latest session of its conversation.

Every repair (a malformed evidence id mended, split or dropped, an evidence turn that does not
exist, a number given as an answer, a session date with no session) is logged and counted."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from checker.formats.ids import DATE_FORMAT
from checker.importers.repairs import Repairs
from checker.io import InputError

#: LoCoMo category → question type, as the released file numbers them.
CATEGORY_TYPES = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
#: Categories whose questions have no answer in the conversation (abstention).
ABSTENTION_CATEGORIES = frozenset({5})
ABSTENTION_ANSWER = "Not mentioned in the conversation."

_SESSION_KEY = re.compile(r"session_(\d+)")
_DATE_KEY = re.compile(r"session_(\d+)_date_time")
_EVIDENCE = re.compile(r"D(\d+):(\d+)")
_LOCOMO_DATE = re.compile(
    r"\s*(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*"
)


def parse_locomo_date(value: str) -> datetime | None:
    m = _LOCOMO_DATE.fullmatch(value)
    if not m:
        return None
    hour, minute, half, day, month, year = m.groups()
    try:
        month_no = datetime.strptime(month[:3], "%b").month
        h = int(hour) % 12 + (12 if half == "pm" else 0)
        return datetime(int(year), month_no, int(day), h, int(minute))
    except ValueError:
        return None


def _evidence_ids(raw: Any, where: str, repairs: Repairs) -> list[str]:
    """Evidence entries as `D<s>:<t>` ids: `D8:6; D9:17` and `D9:1 D4:4` split, `D:11:26` and
    `D30:05` mended, anything else dropped — each logged."""
    out: list[str] = []
    for entry in raw if isinstance(raw, list) else []:
        text = str(entry).strip()
        whole = _EVIDENCE.fullmatch(text)
        if whole and text == f"D{int(whole[1])}:{int(whole[2])}":
            out.append(text)
            continue
        parts = [p for p in re.split(r"[;,\s]+", text) if p]
        if len(parts) > 1 and all(_EVIDENCE.fullmatch(p) for p in parts):
            repairs.add("evidence-id-split", where, f"{text!r} → {parts}")
            out.extend(parts)
            continue
        mended = re.fullmatch(r"D\W*(\d+)\W+(\d+)", text)
        if mended:
            fixed = f"D{int(mended[1])}:{int(mended[2])}"
            repairs.add("evidence-id-mended", where, f"{text!r} → {fixed!r}")
            out.append(fixed)
            continue
        repairs.add("evidence-id-dropped", where, f"{text!r} names no turn")
    return out


def convert_conversation(sample: Any, index: int, repairs: Repairs) -> Iterator[dict[str, Any]]:
    """The questions of one LoCoMo conversation, as our corpus records."""
    if not isinstance(sample, dict) or not isinstance(sample.get("conversation"), dict):
        raise InputError("locomo", f"record {index} has no conversation object")
    name = str(sample.get("sample_id", f"conv-{index}"))
    conv = sample["conversation"]
    a, b = conv.get("speaker_a"), conv.get("speaker_b")
    numbers = sorted(int(m[1]) for k in conv if (m := _SESSION_KEY.fullmatch(k)))
    orphan_dates = sorted(
        int(m[1]) for k in conv if (m := _DATE_KEY.fullmatch(k)) and f"session_{m[1]}" not in conv
    )
    if orphan_dates:
        repairs.add(
            "session-date-without-session",
            name,
            f"{len(orphan_dates)} session dates have no session (sessions {orphan_dates[0]}–"
            f"{orphan_dates[-1]}); ignored",
        )
    session_ids, dates, sessions = [], [], []
    turn_at: dict[str, tuple[int, int]] = {}
    moments: list[datetime] = []
    for pos, n in enumerate(numbers):
        raw_date = str(conv.get(f"session_{n}_date_time", ""))
        when = parse_locomo_date(raw_date)
        if when is None:
            raise InputError("locomo", f"{name} session {n}: date {raw_date!r} does not parse")
        moments.append(when)
        dates.append(when.strftime(DATE_FORMAT))
        session_ids.append(f"{name}-s{pos:03d}")
        turns = []
        for ti, turn in enumerate(conv[f"session_{n}"]):
            speaker = str(turn.get("speaker", ""))
            text = str(turn.get("text", ""))
            caption = turn.get("blip_caption")
            if caption:
                text = f"{text} — shares {caption}"
            role = "user" if speaker == a else "assistant" if speaker == b else None
            if role is None:
                raise InputError(
                    "locomo", f"{name} {turn.get('dia_id')}: unknown speaker {speaker!r}"
                )
            turns.append({"role": role, "content": f"{speaker}: {text}", "has_answer": False})
            turn_at[str(turn.get("dia_id"))] = (pos, ti)
        sessions.append(turns)
    asked = (max(moments) + timedelta(days=1)).strftime(DATE_FORMAT)
    for qi, qa in enumerate(sample.get("qa", [])):
        category = qa.get("category")
        abstain = category in ABSTENTION_CATEGORIES
        qid = f"{name}-q{qi:03d}" + ("_abs" if abstain else "")
        where = qid
        repairs.add("question-date-supplied", where, f"one day after the latest session: {asked}")
        marked = [[False] * len(s) for s in sessions]
        gold_positions: set[int] = set()
        for dia in _evidence_ids(qa.get("evidence"), where, repairs):
            found = turn_at.get(dia)
            if found is None:
                repairs.add("evidence-turn-missing", where, f"{dia} is not a turn of {name}")
                continue
            marked[found[0]][found[1]] = True
            gold_positions.add(found[0])
        if abstain:
            answer = ABSTENTION_ANSWER
        else:
            answer = qa.get("answer", "")
            if not isinstance(answer, str):
                repairs.add("answer-as-text", where, f"answer {answer!r} written as text")
                answer = str(answer)
        yield {
            "question_id": qid,
            "question_type": CATEGORY_TYPES.get(category, f"category-{category}"),
            "question": str(qa.get("question", "")),
            "answer": answer,
            "question_date": asked,
            "haystack_session_ids": session_ids,
            "haystack_dates": dates,
            "haystack_sessions": [
                [dict(t, has_answer=flag) for t, flag in zip(s, m, strict=True)]
                for s, m in zip(sessions, marked, strict=True)
            ],
            "answer_session_ids": [session_ids[p] for p in sorted(gold_positions)],
        }


def convert(path: Path, records: Iterator[Any], repairs: Repairs) -> Iterator[dict[str, Any]]:
    for index, sample in enumerate(records):
        yield from convert_conversation(sample, index, repairs)
