"""`typedmemeval run` end to end against a scripted fake endpoint on localhost: each reference
system and a system behind the HTTP adapter, on shipped corpora. The result passes
`typedmemeval check` unchanged, and its rows and aggregate equal what the scripted verdicts
imply."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from checker.formats.result import ResultFile
from checker.load import LoadedCorpus, load_index
from checker.results.aggregate import aggregate
from checker.results.validate import load_indexed_corpus
from checker.text import bm25_tokens
from tests.conftest import run_cli
from tests.runner.conftest import INDEX, shipped
from tests.runner.policy import consistent_verdict
from tests.runner.scripted import ScriptedModels, TinySystem


def run_args(url: str, corpus_id: str, tmp: Path, run_id: str, *extra: str) -> list[str]:
    return [
        "run",
        corpus_id,
        "--index",
        str(INDEX),
        "--base-url",
        url,
        "--model",
        "scripted-answer",
        "--judge-model",
        "scripted-judge",
        "--run-id",
        run_id,
        "--work",
        str(tmp / "work"),
        "--concurrency",
        "4",
        *extra,
    ]


def scripted(corpus: LoadedCorpus) -> ScriptedModels:
    by_id = {q.question_id: q for q in corpus.questions}
    return ScriptedModels(
        corpus.questions, lambda qid, fields: consistent_verdict(by_id[qid], fields)
    )


def expected_from(models: ScriptedModels) -> dict[str, dict[str, Any]]:
    """Per question, the one verdict the scripted judge gave."""
    out = {}
    for qid, decisions in models.decisions.items():
        assert len(decisions) == 1, f"{qid} was judged {len(decisions)} times (one call each)"
        decision = decisions[0]
        assert isinstance(decision, dict)
        out[qid] = decision
    return out


def checked(path: Path) -> ResultFile:
    rc, out, err = run_cli("check", str(path), "--index", str(INDEX))
    assert rc == 0, (out, err)
    return ResultFile.model_validate(json.loads(path.read_text()))


def pair_figures(corpus: LoadedCorpus, decided: dict[str, dict[str, Any]]) -> tuple[int, ...]:
    """Pair consistency computed here from the scripted states alone."""
    arms: dict[str, dict[str, dict[str, Any]]] = {}
    for q in corpus.questions:
        b = q.typedmemeval
        if b.pair_id and b.arm in ("before", "after"):
            arms.setdefault(b.pair_id, {})[b.arm] = decided[q.question_id]
    both_correct = premature = missed_after = same = 0
    for pair in arms.values():
        before, after = pair["before"], pair["after"]
        both_correct += before["outcome"] == after["outcome"] == "correct"
        premature += before["state"] == "fired"
        missed_after += after["state"] == "not-yet"
        same += (before["state"], sorted(before.get("asserted_items") or [])) == (
            after["state"],
            sorted(after.get("asserted_items") or []),
        )
    return len(arms), both_correct, premature, missed_after, same


def assert_rows_match(result: ResultFile, decided: dict[str, dict[str, Any]]) -> None:
    for row in result.rows:
        d = decided[row.question_id]
        assert row.outcome == d["outcome"], row.question_id
        assert (
            row.asserted_state == d.get("state")
            if "state" in d
            and d["state"]
            in (
                "fired",
                "not-yet",
                "other",
            )
            else row.asserted_state is None
        )
        assert (row.sub_label or "none") == d.get("sub_label", "none")
        if "asserted_items" in d:
            assert sorted(row.asserted_items or []) == sorted(d["asserted_items"])


def bm25_top5(corpus: LoadedCorpus, qi: int) -> tuple[set[int], bool]:
    """Top-5 sessions by a plain BM25Okapi (the pinned parameters), and whether the boundary
    falls in a tie (then any top-5 of the tie is right)."""
    q = corpus.questions[qi]
    docs = [bm25_tokens("\n".join(t.content for t in s)) for s in q.haystack_sessions]
    scores = np.asarray(
        BM25Okapi(docs, k1=1.5, b=0.75, epsilon=0.25).get_scores(bm25_tokens(q.question))
    )
    order = np.argsort(-scores, kind="stable")
    boundary = scores[order[4]]
    tie = bool(
        np.sum(np.isclose(scores, boundary)) > np.sum(np.isclose(scores[order[:5]], boundary))
    )
    return set(int(i) for i in order[:5]), tie


@pytest.mark.parametrize("system", ["no-memory", "full-context", "bm25"])
def test_reference_systems_on_forgetting(
    system: str, tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    models = scripted(forgetting)
    server = serve(models)
    folder = {"bm25": "reference-bm25-top5"}.get(system, f"reference-{system}")
    out = tmp_path / "results" / "forgetting" / folder / "r1.json"
    rc, stdout, stderr = run_cli(
        *run_args(
            server.url,
            "typedmemeval-forgetting-2026.12",
            tmp_path,
            "r1",
            "--system",
            system,
            "--out",
            str(out),
        )
    )
    assert rc == 0, stderr
    result = checked(out)
    decided = expected_from(models)
    assert set(decided) == {q.question_id for q in forgetting.questions}
    assert_rows_match(result, decided)
    corpus = load_indexed_corpus(INDEX, load_index(INDEX).corpora[result.corpus.corpus_id])
    figures = aggregate(result, corpus)
    want = Counter(d["outcome"] for d in decided.values())
    assert {o: n for o, n in figures.overall.vector.counts.items() if n} == dict(want)
    for stratum in figures.by_shape:
        shape_ids = [
            q.question_id for q in forgetting.questions if q.typedmemeval.shape == stratum.label
        ]
        assert stratum.vector.n == len(shape_ids)
        assert stratum.vector.counts["correct"] == sum(
            decided[i]["outcome"] == "correct" for i in shape_ids
        )
    subs = {s.name: s.count for s in figures.sub_labels}
    assert subs == {
        name: sum(d["sub_label"] == name for d in decided.values())
        for name in ("stale-recall", "over-forgetting", "mis-attributed-forgetting")
    }
    # Evidence: what reached the answer model, by construction of each reference system.
    gold_bearing = [q for q in forgetting.questions if q.answer_session_ids]
    if system == "full-context":
        assert figures.attribution.present == len(gold_bearing)
    elif system == "no-memory":
        assert figures.attribution.absent == len(gold_bearing)
        assert all("Going by 0 sessions" in json.dumps(r) for r in models.answer_requests) is False
    else:
        rows = {r.question_id: r for r in result.rows}
        compared = 0
        for qi, q in enumerate(forgetting.questions):
            if not q.answer_session_ids:
                continue
            top, tie = bm25_top5(forgetting, qi)
            if tie:
                continue
            gold = forgetting.gold_indices(qi)
            cov = rows[q.question_id].realised_coverage
            assert cov is not None and cov.source == "answer-context"
            assert cov.value == pytest.approx(len(top & set(gold)) / len(gold)), q.question_id
            compared += 1
        assert compared >= 20
    assert "tokens, answer model" in stdout and "tokens, judge" in stdout
    assert "retries: 0" in stdout
    # Answer texts are in the local file, never in the result.
    answers = tmp_path / "work" / "runs" / "typedmemeval-forgetting-2026.12" / system / "r1"
    answers /= "answers.jsonl"
    texts = [json.loads(line)["answer"] for line in answers.read_text().splitlines()]
    assert len(texts) == len(forgetting.questions)
    assert not any(t in out.read_text() for t in texts)


def test_prospective_pairs_and_sets(
    tmp_path: Path, serve: Callable[..., Any], prospective: LoadedCorpus
) -> None:
    models = scripted(prospective)
    server = serve(models)
    out = tmp_path / "results" / "prospective" / "reference-full-context" / "p1.json"
    rc, stdout, stderr = run_cli(
        *run_args(
            server.url,
            "typedmemeval-prospective-2026.12",
            tmp_path,
            "p1",
            "--system",
            "full-context",
        ),
        "--out",
        str(out),
    )
    assert rc == 0, stderr
    result = checked(out)
    decided = expected_from(models)
    assert_rows_match(result, decided)
    corpus = load_indexed_corpus(INDEX, load_index(INDEX).corpora[result.corpus.corpus_id])
    p = aggregate(result, corpus).pair_consistency
    assert p is not None
    assert (p.pairs, p.both_correct, p.premature, p.missed_after, p.both_same) == pair_figures(
        prospective, decided
    )
    assert "pair consistency" in stdout


def test_http_adapter_system(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    models = scripted(forgetting)
    server = serve(models)
    with TinySystem() as tiny:
        out = tmp_path / "results" / "forgetting" / "tiny-http-system" / "h1.json"
        rc, _stdout, stderr = run_cli(
            *run_args(
                server.url,
                "typedmemeval-forgetting-2026.12",
                tmp_path,
                "h1",
                "--system-url",
                tiny.url,
                "--out",
                str(out),
            )
        )
        assert rc == 0, stderr
        result = checked(out)
        assert result.system.name == "tiny-http-system"
        decided = expected_from(models)
        assert_rows_match(result, decided)
        rows = {r.question_id: r for r in result.rows}
        for q in forgetting.questions:
            row = rows[q.question_id]
            if not q.answer_session_ids:
                assert row.evidence is None
            elif TinySystem.envelope(q.question):
                assert row.evidence is not None and row.evidence.status in ("present", "absent")
                assert row.evidence.source == "answer-context"
            else:
                assert row.evidence is not None and row.evidence.status == "unobserved"
                assert row.realised_coverage is None
        # One reset, one ingest per session and one answer per question, nothing else.
        paths = Counter(path for path, _ in tiny.requests)
        assert paths["/reset"] == paths["/answer"] == len(forgetting.questions)
        assert paths["/ingest"] == sum(len(q.haystack_sessions) for q in forgetting.questions)


def test_rerun_is_served_from_the_cache(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    models = scripted(forgetting)
    server = serve(models)
    args = run_args(
        server.url,
        "typedmemeval-forgetting-2026.12",
        tmp_path,
        "c1",
        "--system",
        "bm25",
        "--out",
        str(tmp_path / "c1.json"),
    )
    assert run_cli(*args)[0] == 0
    first = (tmp_path / "c1.json").read_text()
    calls = len(server.requests)
    rc, stdout, _ = run_cli(*args, "--force")  # --out onto an existing file needs --force
    assert rc == 0
    assert len(server.requests) == calls, "a rerun of the same run id asked the endpoint again"
    assert "served from the cache" in stdout
    assert (tmp_path / "c1.json").read_text() == first
    # A new run id asks afresh (a band's runs must not be one run's cache).
    new = run_args(
        server.url,
        "typedmemeval-forgetting-2026.12",
        tmp_path,
        "c2",
        "--system",
        "bm25",
        "--out",
        str(tmp_path / "c2.json"),
    )
    assert run_cli(*new)[0] == 0
    assert len(server.requests) == 2 * calls


def test_a_run_that_measured_nothing_exits_11(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    models = ScriptedModels(forgetting.questions, lambda qid, fields: "not a verdict")
    server = serve(models)
    out = tmp_path / "nothing.json"
    rc, _stdout, stderr = run_cli(
        *run_args(
            server.url,
            "typedmemeval-forgetting-2026.12",
            tmp_path,
            "n1",
            "--system",
            "no-memory",
            "--out",
            str(out),
        )
    )
    assert rc == 11, stderr
    assert "measured nothing" in stderr
    result = checked(out)
    assert {r.outcome for r in result.rows} == {"inconclusive"}
    assert all(r.reason and "not a JSON object" in r.reason for r in result.rows)
    assert shipped("forgetting").exists()
