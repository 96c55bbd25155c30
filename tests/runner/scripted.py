"""Scripted models for the runner tests: an answer model and a judge whose replies depend on
the prompt, and a tiny memory system behind the HTTP adapter contract.

The judge reads the question, query time and gold answer from its prompt to know which corpus
question it judges, reads the answer between the markers, and decides a verdict with a
test-supplied function; every decision is recorded by question id, so a test can compare what
the run wrote with what the scripted verdicts imply.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from checker.formats.corpus import Question
from checker.runner.fake import Reply, prompt_text
from checker.runner.judge import SYSTEM_PROMPT
from checker.runner.negotiate import PREFLIGHT_MESSAGES

SESSION_MARK = "--- Session of "


def is_judge(request: dict[str, Any]) -> bool:
    messages = request.get("messages", [])
    return bool(messages) and messages[0].get("content") == SYSTEM_PROMPT


def judge_fields(request: dict[str, Any]) -> dict[str, Any]:
    """What a judge prompt says: query time, question, gold answer, answer, gold set, the
    fields the reply must have."""
    user = request["messages"][1]["content"]

    def line(prefix: str) -> str:
        m = re.search(rf"^{re.escape(prefix)}(.*)$", user, re.M)
        return m.group(1) if m else ""

    answer = user.split("<<<ANSWER\n", 1)[1].split("\nANSWER>>>", 1)[0]
    gold_set = line("Gold set: ")
    named = line("Named items not in the gold set at the query time: ")
    listed = line("Gold list, in the order the items came up: ")
    return {
        "query_time": line("Query time: "),
        "question": line("Question: "),
        "gold": line("Gold answer: "),
        "answer": answer,
        "gold_set": [] if gold_set.startswith("empty") or not gold_set else gold_set.split("; "),
        "named": named.split("; ") if named else [],
        "gold_list": [re.sub(r"^\d+\. ", "", x) for x in listed.split("; ")] if listed else [],
        "fields": re.findall(r'^- "([a-z_]+)":', user, re.M),
    }


def question_key(question: Question) -> tuple[str, str, str]:
    return (question.question_date, question.question, question.answer)


Decide = Callable[[str, dict[str, Any]], dict[str, Any] | str]
Answer = Callable[[dict[str, Any]], Reply]


@dataclass
class ScriptedModels:
    """The fake server's script: `answer` for answer-model calls, `decide(question_id,
    fields)` for judge calls (a dict is sent as the verdict JSON, a string as the raw reply)."""

    questions: list[Question]
    decide: Decide
    answer: Answer | None = None
    decisions: dict[str, list[dict[str, Any] | str]] = field(default_factory=dict)
    answer_requests: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.by_key = {question_key(q): q.question_id for q in self.questions}
        assert len(self.by_key) == len(self.questions), "questions are not told apart"
        self.lock = threading.Lock()

    def __call__(self, request: dict[str, Any]) -> Reply:
        if request.get("messages") == PREFLIGHT_MESSAGES:
            return Reply('{"ok": true}')  # the judge preflight: json_schema is honoured
        if not is_judge(request):
            with self.lock:
                self.answer_requests.append(request)
            if self.answer is not None:
                return self.answer(request)
            seen = prompt_text(request).count(SESSION_MARK)
            return Reply(f"Going by {seen} sessions, here is what I remember.")
        f = judge_fields(request)
        qid = self.by_key[(f["query_time"], f["question"], f["gold"])]
        verdict = self.decide(qid, f)
        with self.lock:
            self.decisions.setdefault(qid, []).append(verdict)
        if isinstance(verdict, str):
            return Reply(verdict)
        return Reply(json.dumps(verdict))


# --- a tiny memory system behind the HTTP adapter contract ----------------------------------


class TinySystem:
    """Keeps each episode's sessions; answers with the session that shares the most words with
    the question. Evidence: the chosen session, except for questions whose text has an even
    number of words, which get no envelope (so attribution must read unobserved)."""

    def __init__(self, port: int = 0, die_after: int | None = None) -> None:
        self.episodes: dict[str, list[dict[str, Any]]] = {}
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.lock = threading.Lock()
        #: Stop serving after this many POST requests (a system that dies mid-run).
        self.die_after = die_after
        ThreadingHTTPServer.allow_reuse_address = True
        self.server = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> TinySystem:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.die()

    def die(self) -> None:
        """Stop serving and close the listening socket (later connections are refused)."""
        with self.lock:
            if getattr(self, "_dead", False):
                return
            self._dead = True
        self.server.shutdown()
        self.server.server_close()

    @staticmethod
    def envelope(question: str) -> bool:
        return len(question.split()) % 2 == 1

    def answer(self, episode: str, question: str) -> dict[str, Any]:
        words = set(re.findall(r"[a-z]+", question.lower()))
        sessions = self.episodes.get(episode, [])
        best = max(
            sessions,
            key=lambda s: len(
                words
                & set(re.findall(r"[a-z]+", " ".join(t["content"] for t in s["turns"]).lower()))
            ),
            default=None,
        )
        text = best["turns"][0]["content"] if best else "I do not know."
        reply: dict[str, Any] = {"answer": text}
        if best is not None and self.envelope(question):
            reply["evidence"] = {"answer_context": [best["session_id"]]}
        return reply

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as a real service would

            def log_message(self, format: str, *args: Any) -> None:
                return

            def _send(self, value: Any) -> None:
                body = json.dumps(value).encode()
                head = (
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n"
                )
                self.wfile.write(head.encode() + body)  # one write: no delayed-ACK stall

            def do_GET(self) -> None:
                self._send(
                    {
                        "name": "tiny-http-system",
                        "version": "1.0",
                        "answer_model": "none",
                        "configuration": {"overlap": "words"},
                        "sampling": {
                            "temperature": None,
                            "seed": None,
                            "temperature_disposition": "not-requested",
                            "seed_disposition": "not-requested",
                        },
                    }
                )

            def do_POST(self) -> None:
                data = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with owner.lock:
                    owner.requests.append((self.path, data))
                    if owner.die_after is not None and len(owner.requests) > owner.die_after:
                        self.close_connection = True
                        if len(owner.requests) == owner.die_after + 1:
                            threading.Thread(target=owner.die, daemon=True).start()
                        return
                    if self.path == "/reset":
                        owner.episodes[data["episode"]] = []
                        self._send({})
                    elif self.path == "/ingest":
                        owner.episodes[data["episode"]].append(data["session"])
                        self._send({})
                    else:
                        self._send(owner.answer(data["episode"], data["question"]))

        return Handler
