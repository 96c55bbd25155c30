"""No assembled prompt and no adapter request carries answer-key material (R-CHK-LEAK, R-FMT-3).

Every request a system under test or the reference answer model receives — the reference
systems' prompts, every probe's prompts and the HTTP adapter's requests — is collected and
searched for: the `typedmemeval` block's field names and its literal values, `has_answer`, the
question id and question type, pair ids, corpus session ids, the gold answer text, and any
derivation number that does not occur in what the system is meant to see (the conversation, the
question, the dates).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.formats.corpus import Question, TypedMemEvalBlock
from checker.formats.sidecar import IndexEntry
from checker.load import LoadedCorpus, load_ours
from checker.runner.cache import DiskCache
from checker.runner.client import CallStats, Endpoint, ModelClient, RetryPolicy
from checker.runner.http_system import HttpSystem
from checker.runner.judge import Judge, JudgeSettings
from checker.runner.probe import ProbeSettings, run_probes
from checker.runner.reference import ANSWER_INSTRUCTIONS, ReferenceSystem
from checker.runner.run import RunPlan, run_corpus
from tests.conftest import BASES
from tests.runner.conftest import shipped
from tests.runner.scripted import ScriptedModels, TinySystem

FORBIDDEN_KEYS = [
    "typedmemeval",
    "has_answer",
    "answer_session_ids",
    "question_id",
    "question_type",
]
FORBIDDEN_KEYS += sorted(TypedMemEvalBlock.model_fields)


def leaves(value: Any) -> Iterator[str]:
    """Every string and number inside a value, as text (numbers in the usual spellings)."""
    if isinstance(value, dict):
        for v in value.values():
            yield from leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from leaves(v)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        yield f"{value:g}"
        yield repr(value)
    elif isinstance(value, str):
        yield value


#: The prompt's own fixed wording, which a system is shown for every question.
SCAFFOLDING = " ".join(
    [
        ANSWER_INSTRUCTIONS,
        "Earlier sessions:",
        "(no earlier sessions)",
        "--- Session of",
        "Current time:",
        "Question:",
        "user:",
        "assistant:",
    ]
)


def occurs(needle: str, text: str) -> bool:
    """`needle` in `text` as whole tokens (a number inside a longer number does not count)."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(needle)}(?![A-Za-z0-9])", text) is not None


def visible(question: Question) -> str:
    """Everything a system is meant to see of the question."""
    parts = [SCAFFOLDING, question.question, question.question_date, *question.haystack_dates]
    parts += [t.content for s in question.haystack_sessions for t in s]
    return "\n".join(parts)


def secrets_of(question: Question) -> set[str]:
    """Answer-key literals that must not reach a system: those not in what it may see."""
    seen = visible(question)
    found = {question.question_id, question.question_type, question.answer}
    found |= set(question.haystack_session_ids)
    found |= set(leaves(question.typedmemeval.model_dump(mode="json", exclude_none=True)))
    return {s for s in found if len(s) >= 2 and not occurs(s, seen)}


def assert_clean(sent: list[tuple[Question, str]]) -> None:
    """Each request (with the question it was made for) is free of answer-key material."""
    assert sent, "no request was collected"
    for question, text in sent:
        for key in FORBIDDEN_KEYS:
            assert f'"{key}"' not in text, f"a request carries the key {key!r}"
        for secret in secrets_of(question):
            assert not occurs(secret, text), f"{question.question_id}: a request carries {secret!r}"


def owner(corpus: LoadedCorpus, question: str, query_time: str) -> Question:
    """The question a request was made for, from the question text and query time it shows."""
    found = [
        q for q in corpus.questions if q.question == question and q.question_date == query_time
    ]
    assert len(found) == 1
    return found[0]


def answer_prompts(models: ScriptedModels, corpus: LoadedCorpus) -> list[tuple[Question, str]]:
    """Every answer-model request with its question: its messages (the rest of a request is
    the model name and sampling settings)."""
    out = []
    for r in models.answer_requests:
        user = r["messages"][1]["content"]
        query_time = re.search(r"^Current time: (.*)$", user, re.M).group(1)  # type: ignore[union-attr]
        question = re.search(r"^Question: (.*)$", user, re.M).group(1)  # type: ignore[union-attr]
        out.append((owner(corpus, question, query_time), json.dumps(r["messages"])))
    return out


def no_verdict(qid: str, fields: dict[str, Any]) -> str:
    return "{}"


CORPORA = {
    "forgetting": shipped("forgetting"),
    "prospective": shipped("prospective"),
    "arithmetic": BASES / "arithmetic" / "typedmemeval-arithmetic-2026.12.json",
}
#: Questions of each corpus the tests run (every shape and arm of the shipped corpora).
SLICE = {"forgetting": [0, 1, 20, 21, 35, 36], "prospective": [0, 4, 8, 12, 13, 20, 21, 32, 33]}


def sliced(name: str) -> LoadedCorpus:
    corpus = load_ours(CORPORA[name])
    picks = SLICE.get(name, range(len(corpus.questions)))
    return corpus.with_questions([corpus.questions[i] for i in picks], sha256=corpus.sha256)


def run_slice(corpus: LoadedCorpus, system: Any, judge_url: str, tmp: Path, grounding: str) -> None:
    stats = CallStats()
    cache = DiskCache(tmp / "cache")
    entry = IndexEntry(
        vertical=corpus.vertical() or "",
        revision="2026.12",
        status="draft",
        file="x.json",
        sha256=corpus.sha256,
        question_count=len(corpus.questions),
        shape_counts={},
    )
    plan = RunPlan(
        corpus,
        entry,
        "typedmemeval-slice-2026.12",
        "leak",
        grounding,  # type: ignore[arg-type]
        tmp / "leak.json",
        tmp / "work",
        concurrency=4,
    )
    with ModelClient(
        Endpoint(judge_url, "j", "k"),
        role="judge",
        stats=stats,
        cache=cache,
        namespace="leak",
        retry=RetryPolicy(attempts=1),
    ) as judge_client:
        run_corpus(
            plan,
            system(stats, cache),
            Judge(judge_client, JudgeSettings(model="j", attempts=1)),
            stats,
        )


@pytest.mark.parametrize("kind", ["full-context", "bm25", "no-memory"])
@pytest.mark.parametrize("grounding", ["timestamps-only", "timestamps-and-text"])
def test_reference_prompts_carry_no_answer_key(
    kind: str, grounding: str, tmp_path: Path, serve: Callable[..., Any]
) -> None:
    corpus = sliced("prospective" if kind == "bm25" else "forgetting")
    models = ScriptedModels(corpus.questions, no_verdict)
    server = serve(models)
    opened: list[ModelClient] = []

    def system(stats: CallStats, cache: DiskCache) -> ReferenceSystem:
        client = ModelClient(
            Endpoint(server.url, "m", "k"),
            role="answer model",
            stats=stats,
            cache=cache,
            namespace="leak",
            retry=RetryPolicy(attempts=1),
        )
        opened.append(client)
        return ReferenceSystem(kind, client)  # type: ignore[arg-type]

    run_slice(corpus, system, server.url, tmp_path, grounding)
    for client in opened:
        client.close()
    sent = answer_prompts(models, corpus)
    assert len(sent) == len(corpus.questions)
    assert_clean(sent)
    stamped = [any(d + "] " in text for d in q.haystack_dates) for q, text in sent]
    assert any(stamped) == (grounding == "timestamps-and-text" and kind != "no-memory")


def test_http_adapter_requests_carry_no_answer_key(
    tmp_path: Path, serve: Callable[..., Any]
) -> None:
    corpus = sliced("prospective")
    server = serve(ScriptedModels(corpus.questions, no_verdict))
    with TinySystem() as tiny:
        run_slice(
            corpus,
            lambda stats, cache: HttpSystem(tiny.url, stats),
            server.url,
            tmp_path,
            "timestamps-only",
        )
        requests = list(tiny.requests)
    by_episode: dict[str, list[str]] = {}
    asked: dict[str, Question] = {}
    for path, body in requests:
        by_episode.setdefault(body["episode"], []).append(json.dumps(body))
        if path == "/answer":
            asked[body["episode"]] = owner(corpus, body["question"], body["query_time"])
    assert len(asked) == len(corpus.questions)
    assert_clean([(asked[e], text) for e, texts in by_episode.items() for text in texts])


@pytest.mark.parametrize("name", sorted(CORPORA))
def test_probe_prompts_carry_no_answer_key(
    name: str, tmp_path: Path, serve: Callable[..., Any]
) -> None:
    corpus = sliced(name)
    models = ScriptedModels(corpus.questions, no_verdict)
    server = serve(models)
    stats = CallStats()
    cache = DiskCache(tmp_path / "cache")
    retry = RetryPolicy(attempts=1)
    with (
        ModelClient(
            Endpoint(server.url, "m", "k"),
            role="reference model",
            stats=stats,
            cache=cache,
            namespace="p",
            retry=retry,
        ) as client,
        ModelClient(
            Endpoint(server.url, "j", "k"),
            role="judge",
            stats=stats,
            cache=cache,
            namespace="p",
            retry=retry,
        ) as judge_client,
    ):
        judge = Judge(judge_client, JudgeSettings(model="j", attempts=1))
        settings = ProbeSettings(probes=("v1", "v3", "v6", "v8", "v9"), concurrency=4)
        run_probes(corpus, client, judge, stats, settings)
    assert_clean(answer_prompts(models, corpus))


def test_the_screen_sees_a_planted_leak() -> None:
    corpus = load_ours(CORPORA["arithmetic"])
    q = corpus.questions[0]
    assert q.typedmemeval.derivation is not None
    total = f"{q.typedmemeval.derivation.value:g}"
    assert total in secrets_of(q)  # the sum is never said in the conversation
    with pytest.raises(AssertionError, match=total):
        assert_clean([(q, f"the total is {total}")])
    assert_clean([(q, f"the total is {total}0")])  # a longer number is not the literal
    with pytest.raises(AssertionError, match="has_answer"):
        assert_clean([(q, '{"has_answer": true}')])
    with pytest.raises(AssertionError, match=q.question_id):
        assert_clean([(q, f"question {q.question_id}")])
