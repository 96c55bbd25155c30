"""What a system under test is shown of one question, and nothing else.

A system sees the question text, the query time, and the question's sessions in timestamp order,
each with its timestamp and its turns' roles and text. It never sees the `typedmemeval` block,
the gold answer, `answer_session_ids`, any `has_answer` flag, the question id or the question
type; and the corpus's session ids are replaced by opaque handles, because a corpus session id
may carry the question or pair id it belongs to. The runner keeps the handle → session map.

Grounding (recorded in the result): `timestamps-only` passes each session's timestamp as a
structured field and leaves the text as the corpus has it; `timestamps-and-text` also prints
the timestamp at the start of every turn's text, so a system that drops the structured
timestamp still reads it. The pair, run over one corpus, shows how much of a system's
temporal score comes from dates printed in its input.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from checker.formats.corpus import Question

Grounding = Literal["timestamps-only", "timestamps-and-text"]
GROUNDINGS: tuple[Grounding, ...] = ("timestamps-only", "timestamps-and-text")


class Turn(NamedTuple):
    role: str
    content: str


class Session(NamedTuple):
    """One session as a system receives it."""

    session_id: str
    """An opaque handle, unique within the question; the evidence envelope names sessions by it."""
    timestamp: str
    """When the session took place, `YYYY/MM/DD (Ddd) HH:MM`."""
    turns: tuple[Turn, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "timestamp": self.timestamp,
            "turns": [{"role": t.role, "content": t.content} for t in self.turns],
        }


@dataclass(frozen=True)
class QuestionView:
    """Everything a system is shown for one question."""

    question: str
    query_time: str
    sessions: tuple[Session, ...]
    grounding: Grounding

    def content_key(self) -> str:
        """Hash of everything shown (the key a system's answer is cached under): every field
        length-prefixed, so that distinct views never hash alike."""
        fields = [self.question, self.query_time, self.grounding]
        for s in self.sessions:
            fields += (s.session_id, s.timestamp)
            for t in s.turns:
                fields += t
        data = "".join(f"{len(f)}:{f}" for f in fields)
        return hashlib.sha256(data.encode()).hexdigest()


def session_handle(corpus_sha256: str, question_id: str, session_id: str) -> str:
    """An opaque, stable handle for one session of one question."""
    digest = hashlib.sha256(f"{corpus_sha256}\0{question_id}\0{session_id}".encode()).hexdigest()
    return f"session-{digest[:12]}"


def question_view(
    question: Question,
    corpus_sha256: str,
    grounding: Grounding,
    sessions: Sequence[int] | None = None,
) -> tuple[QuestionView, dict[str, int]]:
    """The view of `question` over the given session indices (default: the whole haystack, in
    order), and the handle → session index map the runner keeps."""
    indices = list(range(len(question.haystack_sessions))) if sessions is None else list(sessions)
    indices.sort()
    shown: list[Session] = []
    handles: dict[str, int] = {}
    for si in indices:
        stamp = question.haystack_dates[si]
        handle = session_handle(
            corpus_sha256, question.question_id, question.haystack_session_ids[si]
        )
        handles[handle] = si
        turns = tuple(
            Turn(
                t.role,
                f"[{stamp}] {t.content}" if grounding == "timestamps-and-text" else t.content,
            )
            for t in question.haystack_sessions[si]
        )
        shown.append(Session(handle, stamp, turns))
    view = QuestionView(question.question, question.question_date, tuple(shown), grounding)
    return view, handles
