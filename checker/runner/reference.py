"""The reference systems: an answer model with no memory, with the whole haystack, with the
BM25 top-K_ref sessions, or with the gold sessions only (the oracle: the runner shows it nothing
else, so it measures the answer model's reading with retrieval made perfect) — and the answer
prompt they and the model probes share.

The BM25 system ranks with the checker's pinned retriever (`checker.retrieval.bm25`: BM25Okapi,
k1 = 1.5, b = 0.75, epsilon = 0.25, the shared tokenizer) over the sessions it was given. Ties
at the top-K boundary are broken by a pseudo-random order seeded from the question and the
session handles, never by session order (that would hand the retriever a position signal).
The selected sessions reach the answer model in timestamp order, and are the evidence envelope.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from checker import __version__
from checker.family import K_REF
from checker.retrieval.bm25 import RETRIEVER, session_scores
from checker.runner.cache import request_key
from checker.runner.client import CallFailed, ModelClient
from checker.runner.system import Evidence, Sampling, SystemAnswer, SystemFailed, SystemInfo
from checker.runner.view import Session
from checker.text import bm25_tokens

ReferenceKind = Literal["no-memory", "full-context", "bm25", "oracle"]
REFERENCE_KINDS: tuple[ReferenceKind, ...] = ("no-memory", "full-context", "bm25", "oracle")

ANSWER_INSTRUCTIONS = (
    "You are an assistant that remembers earlier conversations with the user. The sessions "
    "below are those conversations, oldest first, each headed by the time it took place. "
    "Answer the user's question as of the current time given, from what the sessions say. If "
    "they do not contain the answer, say that you do not know. Answer in one or two sentences."
)
#: Longest answer the reference answer model may write.
ANSWER_MAX_TOKENS = 400


def render_sessions(sessions: Sequence[Session]) -> str:
    """Sessions as the answer model reads them: a header with the timestamp, then the turns."""
    blocks = []
    for s in sessions:
        lines = [f"--- Session of {s.timestamp} ---"]
        lines += [f"{t.role}: {t.content}" for t in s.turns]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) if blocks else "(no earlier sessions)"


def answer_messages(
    sessions: Sequence[Session], question: str, query_time: str
) -> list[dict[str, str]]:
    """The reference answer model's prompt: the sessions, the current time, the question."""
    user = (
        f"Earlier sessions:\n\n{render_sessions(sessions)}\n\n"
        f"Current time: {query_time}\nQuestion: {question}"
    )
    return [
        {"role": "system", "content": ANSWER_INSTRUCTIONS},
        {"role": "user", "content": user},
    ]


def answer_body(
    sessions: Sequence[Session], question: str, query_time: str, sampling: Sampling
) -> dict[str, Any]:
    """The request body of one reference answer (the model is the endpoint's)."""
    body: dict[str, Any] = {
        "messages": answer_messages(sessions, question, query_time),
        "max_tokens": ANSWER_MAX_TOKENS,
    }
    if sampling.temperature is not None:
        body["temperature"] = sampling.temperature
    if sampling.seed is not None:
        body["seed"] = sampling.seed
    return body


def session_text(session: Session) -> str:
    return "\n".join(t.content for t in session.turns)


def bm25_ranking(sessions: Sequence[Session], question: str) -> list[int]:
    """Session positions from the highest BM25 score down; tied scores in a pseudo-random order
    seeded from the question and the handles (never session order)."""
    counts = [Counter(bm25_tokens(session_text(s))) for s in sessions]
    scores = session_scores(counts, bm25_tokens(question))
    seed = hashlib.sha256(
        "\0".join([question, *(s.session_id for s in sessions)]).encode()
    ).digest()
    rng = random.Random(seed)
    tiebreak = [rng.random() for _ in sessions]
    return sorted(range(len(sessions)), key=lambda i: (-float(scores[i]), tiebreak[i]))


def bm25_top_k(sessions: Sequence[Session], question: str, k: int = K_REF) -> list[int]:
    """Positions of the top-k sessions, in timestamp (given) order."""
    return sorted(bm25_ranking(sessions, question)[:k])


def reference_name(kind: str, k: int = K_REF) -> str:
    """A reference system's name, which is also its results folder."""
    return f"reference-bm25-top{k}" if kind == "bm25" else f"reference-{kind}"


@dataclass
class ReferenceSystem:
    """A reference system: `kind` decides what reaches the answer model."""

    kind: ReferenceKind
    client: ModelClient
    sampling: Sampling = field(default_factory=Sampling)
    k: int = K_REF

    @property
    def info(self) -> SystemInfo:
        configuration: dict[str, Any] = {
            "reference": self.kind,
            "instructions": request_key(ANSWER_INSTRUCTIONS),
            "max_tokens": ANSWER_MAX_TOKENS,
        }
        if self.kind == "bm25":
            configuration |= {"k": self.k, "retriever": RETRIEVER}
        return SystemInfo(
            name=reference_name(self.kind, self.k),
            version=__version__,
            answer_model=self.client.model,
            sampling=self.sampling,
            configuration=configuration,
            caches_its_calls=self.client.cache is not None,
            gold_sessions_only=self.kind == "oracle",
        )

    def instance(self) -> ReferenceMemory:
        return ReferenceMemory(self)


class ReferenceMemory:
    """One instance: it keeps the sessions it was given (none, for no-memory)."""

    def __init__(self, system: ReferenceSystem) -> None:
        self.system = system
        self.sessions: list[Session] = []

    def reset(self) -> None:
        self.sessions = []

    def ingest(self, session: Session) -> None:
        if self.system.kind != "no-memory":
            self.sessions.append(session)

    def answer(self, question: str, query_time: str) -> SystemAnswer:
        kind = self.system.kind
        if kind == "bm25":
            chosen = [self.sessions[i] for i in bm25_top_k(self.sessions, question, self.system.k)]
        else:
            chosen = list(self.sessions)
        body = answer_body(chosen, question, query_time, self.system.sampling)
        try:
            reply = self.system.client.chat(body)
        except CallFailed as exc:
            raise SystemFailed(exc.reason) from None
        if not (reply.content or "").strip():
            raise SystemFailed(
                f"the answer model returned no text (finish reason {reply.finish_reason or 'none'})"
            )
        handles = tuple(s.session_id for s in chosen)
        evidence = Evidence(answer_context=handles, retrieved=handles if kind == "bm25" else None)
        return SystemAnswer(reply.content or "", evidence)
