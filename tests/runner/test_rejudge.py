"""`typedmemeval rejudge`: a rules-judged run's verdicts and a probe record's are read again from
the answers they kept, with no model. Judged again by the same rules, nothing moves; an answer
the rules now read differently moves exactly its own verdict, and the file stays valid."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checker.formats.result import ResultFile
from checker.load import LoadedCorpus, load_ours, load_sidecar, sidecar_path_for
from checker.runner.fake import Reply
from checker.runner.reference import ANSWER_INSTRUCTIONS
from tests.conftest import run_cli
from tests.runner.conftest import INDEX

ENTRY_ID, ENTRY = next(iter(json.loads(INDEX.read_text())["corpora"].items()))


@pytest.fixture(scope="module")
def corpus() -> LoadedCorpus:
    return load_ours(INDEX.parent / ENTRY["file"])


def gold_reader(corpus: LoadedCorpus) -> Callable[[dict[str, Any]], Reply]:
    """A scripted model that gives the gold answer when every evidence turn is in its prompt,
    and declines otherwise."""

    def answer(request: dict[str, Any]) -> Reply:
        user = request["messages"][-1]["content"]
        question = re.search(r"^Question: (.*)$", user, re.M).group(1)  # type: ignore[union-attr]
        now = re.search(r"^Current time: (.*)$", user, re.M).group(1)  # type: ignore[union-attr]
        q = next(x for x in corpus.questions if x.question == question and x.question_date == now)
        evidence = [t.content for s in q.haystack_sessions for t in s if t.has_answer]
        seen = bool(evidence) and all(e in user for e in evidence)
        return Reply(q.answer if seen else "I do not know.")

    return answer


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _recite(path: Path, where: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Replace the first kept answer `where` picks with the answer instructions, recited."""
    entries = _lines(path)
    chosen = next(e for e in entries if where(e))
    chosen["answer"] = ANSWER_INSTRUCTIONS
    path.write_text("".join(json.dumps(e) + "\n" for e in entries))
    return chosen


def _oracle_run(url: str, tmp_path: Path, *extra: str) -> tuple[Path, Path]:
    """Run the oracle system with the rules judge as run r1; (result file, kept answers)."""
    out = tmp_path / "result.json"
    work = tmp_path / "work"
    rc, _, err = run_cli(
        "run", ENTRY_ID, "--index", str(INDEX), "--system", "oracle", "--base-url", url,
        "--model", "scripted", "--judge", "rules", "--run-id", "r1", "--out", str(out),
        "--work", str(work), *extra,
    )  # fmt: skip
    assert rc == 0, err
    return out, work / "runs" / ENTRY_ID / "oracle" / "r1" / "answers.jsonl"


def test_a_run_judged_again_moves_only_what_the_rules_read_differently(
    tmp_path: Path, serve: Callable[..., Any], corpus: LoadedCorpus
) -> None:
    out, answers = _oracle_run(serve(gold_reader(corpus)).url, tmp_path)
    before = ResultFile.model_validate_json(out.read_text())
    written = out.read_bytes()

    rc, said, err = run_cli("rejudge", str(out), "--answers", str(answers), "--write")
    assert rc == 0, err
    assert "every verdict reads as before" in said
    assert out.read_bytes() == written  # written as the run writes it, byte for byte

    recited = _recite(answers, lambda e: "answer" in e)
    qid = recited["question_id"]
    rc, said, err = run_cli("rejudge", str(out), "--answers", str(answers))
    assert rc == 0, err
    assert f"1 verdict(s) read differently\n  {qid}: correct -> inconclusive" in said
    assert "nothing written" in said
    assert ResultFile.model_validate_json(out.read_text()) == before

    rc, said, err = run_cli("rejudge", str(out), "--answers", str(answers), "--write")
    assert rc == 0, err
    after = ResultFile.model_validate_json(out.read_text())
    moved = [(a, b) for a, b in zip(before.rows, after.rows, strict=True) if a != b]
    assert [(a.question_id, b.outcome) for a, b in moved] == [(qid, "inconclusive")]
    assert moved[0][1].evidence == moved[0][0].evidence
    assert after.summary is not None and before.summary is not None
    was = before.summary.outcomes.get("inconclusive", 0)
    assert after.summary.outcomes["inconclusive"] == was + 1
    assert (after.run_date, after.configuration_fingerprint) == (
        before.run_date,
        before.configuration_fingerprint,
    )


def test_what_cannot_be_judged_again_is_refused_with_the_reason(
    tmp_path: Path, serve: Callable[..., Any], corpus: LoadedCorpus
) -> None:
    out, answers = _oracle_run(serve(gold_reader(corpus)).url, tmp_path, "--limit", "3")
    # Rows the run never asked (`unrun`) are kept as they are.
    written = out.read_bytes()
    unrun = [r for r in ResultFile.model_validate_json(written).rows if r.outcome == "unrun"]
    assert unrun and all(r.reason and r.reason.startswith("limit:") for r in unrun)
    rc, _, err = run_cli("rejudge", str(out), "--answers", str(answers), "--write")
    assert rc == 0, err
    assert out.read_bytes() == written

    # Another run's answers are not this run's.
    elsewhere = answers.parents[1] / "r2" / "answers.jsonl"
    elsewhere.parent.mkdir(parents=True)
    elsewhere.write_bytes(answers.read_bytes())
    rc, _, err = run_cli("rejudge", str(out), "--answers", str(elsewhere))
    assert rc == 2
    assert "is not a kept answers file of run r1" in err

    kept = _lines(answers)
    answers.write_text("".join(json.dumps(e) + "\n" for e in kept[1:]))
    rc, _, err = run_cli("rejudge", str(out), "--answers", str(answers))
    assert rc == 2
    assert f"no kept answer for {kept[0]['question_id']}" in err

    raw = json.loads(out.read_text())
    raw["judge"]["model"] = "some-model"
    out.write_text(json.dumps(raw))
    rc, _, err = run_cli("rejudge", str(out), "--answers", str(answers))
    assert rc == 2
    assert "judged by some-model; only the rules judge" in err


def _release_copy(folder: Path) -> tuple[Path, Path]:
    """A release folder with a copy of the index's first corpus and its sidecar."""
    source = INDEX.parent / ENTRY["file"]
    target = folder / ENTRY["file"]
    target.parent.mkdir(parents=True)
    shutil.copy(source, target)
    shutil.copy(sidecar_path_for(source), sidecar_path_for(target))
    (folder / "index.json").write_text(json.dumps({"corpora": {ENTRY_ID: ENTRY}}))
    return folder / "index.json", target


def test_a_probe_record_judged_again_from_its_samples(
    tmp_path: Path, serve: Callable[..., Any], corpus: LoadedCorpus
) -> None:
    server = serve(gold_reader(corpus))
    index, copy = _release_copy(tmp_path / "release")
    work = tmp_path / "work"
    rc, _, err = run_cli(
        "probe", ENTRY_ID, "--index", str(index), "--base-url", server.url, "--model",
        "scripted", "--judge", "rules", "--probes", "v1", "--run-id", "p", "--work", str(work),
        "--stamp-shipped",
    )  # fmt: skip
    assert rc == 0, err
    stamped = load_sidecar(sidecar_path_for(copy)).probes["v1"]
    common = ("--corpus", ENTRY_ID, "--index", str(index), "--probes", "v1", "--run-id", "p")
    rc, said, err = run_cli("rejudge", *common, "--work", str(work), "--stamp-shipped")
    assert rc == 0, err
    assert "v1: every verdict reads as before" in said
    assert load_sidecar(sidecar_path_for(copy)).probes["v1"] == stamped

    samples = work / "probes" / ENTRY_ID / "p" / "probe-samples.jsonl"
    recited = _recite(samples, lambda e: e["outcome"] == "correct")
    qid = recited["question_id"]
    rc, said, err = run_cli("rejudge", *common, "--work", str(work), "--stamp-shipped")
    assert rc == 0, err
    assert f"{qid}: correct -> inconclusive" in said
    after = load_sidecar(sidecar_path_for(copy)).probes["v1"]
    assert after.outcomes[qid] == "inconclusive"
    assert {k: v for k, v in after.outcomes.items() if k != qid} == {
        k: v for k, v in stamped.outcomes.items() if k != qid
    }
    verdicts = {"outcomes", "hits", "read", "pairs", "components"}
    assert after.model_dump(exclude=verdicts) == stamped.model_dump(exclude=verdicts)
    rc, out, err = run_cli("check", str(copy), "--select", "REC")
    assert rc == 0, out + err
