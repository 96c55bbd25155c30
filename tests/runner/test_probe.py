"""`typedmemeval probe` end to end against a scripted fake endpoint: the records, a stamped
sidecar copy the checker accepts (the shipped sidecar untouched), a record naming another hash
is a finding, and the results' headroom columns fill in from the stamped records."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checker.formats.sidecar import ProbeRecord
from checker.load import LoadedCorpus, load_ours, load_with_sidecar, sidecar_path_for
from checker.probes import applicable, pair_ids
from checker.runner.fake import Reply
from checker.runner.probe import StampRefused, stamp_shipped
from checker.runner.reference import bm25_top_k
from checker.runner.safefiles import UnsafePath
from checker.runner.view import question_view
from tests.conftest import run_cli
from tests.runner.conftest import INDEX, shipped
from tests.runner.policy import consistent_verdict
from tests.runner.scripted import ScriptedModels

CORPUS_ID = "typedmemeval-forgetting-2026.12"


def reader(corpus: LoadedCorpus) -> Callable[[dict[str, Any]], Reply]:
    """A scripted reference model that answers from evidence only when every evidence turn of
    its question is in its prompt."""

    def answer(request: dict[str, Any]) -> Reply:
        user = request["messages"][1]["content"]
        question = re.search(r"^Question: (.*)$", user, re.M).group(1)  # type: ignore[union-attr]
        now = re.search(r"^Current time: (.*)$", user, re.M).group(1)  # type: ignore[union-attr]
        q = next(x for x in corpus.questions if x.question == question and x.question_date == now)
        evidence = [t.content for s in q.haystack_sessions for t in s if t.has_answer]
        seen = bool(evidence) and all(e in user for e in evidence)
        return Reply("EVIDENCE-SEEN" if seen else "I do not know.")

    return answer


def judge_reader(corpus: LoadedCorpus) -> ScriptedModels:
    by_id = {q.question_id: q for q in corpus.questions}

    def decide(qid: str, fields: dict[str, Any]) -> dict[str, Any]:
        good = fields["answer"] == "EVIDENCE-SEEN"
        shape = by_id[qid].typedmemeval.shape
        state = {"invalidated": "no-longer", "still-valid": "recorded-current"}.get(shape)
        verdict = {"reason": "scripted", "outcome": "correct" if good else "abstained"}
        verdict |= {"state": state if good else "declined", "sub_label": "none"}
        return {k: v for k, v in verdict.items() if k in fields["fields"]}

    return ScriptedModels(corpus.questions, decide, answer=reader(corpus))


def probe(url: str, tmp: Path, *extra: str, index: Path = INDEX) -> tuple[int, str, str]:
    return run_cli(
        "probe",
        CORPUS_ID,
        "--index",
        str(index),
        "--base-url",
        url,
        "--model",
        "scripted-ref",
        "--judge-model",
        "scripted-judge",
        "--work",
        str(tmp / "work"),
        "--concurrency",
        "8",
        *extra,
    )


def test_probe_records_stamp_a_copy_the_checker_accepts(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    shipped_sidecar = sidecar_path_for(shipped("forgetting"))
    before = shipped_sidecar.read_bytes()
    server = serve(judge_reader(forgetting))
    stamp = tmp_path / "stamped"
    rc, out, err = probe(server.url, tmp_path, "--stamp", str(stamp))
    assert rc == 0, err
    assert shipped_sidecar.read_bytes() == before, "the shipped sidecar was changed"
    copy = stamp / shipped("forgetting").name
    records = json.loads(sidecar_path_for(copy).read_text())["probes"]
    ids = applicable("v1", forgetting.questions)
    assert len(ids) == 35  # never-known probes are not applicable
    v1, v2, v3, v6, v8, v9 = (records[n] for n in ("v1", "v2", "v3", "v6", "v8", "v9"))
    for r in (v1, v2, v3, v6, v8, v9):
        assert r["status"] == "measured" and r["corpus_sha256"] == forgetting.sha256
        assert r["model"] == "scripted-ref" and r["judge_model"] == "scripted-judge"
        assert r["date"] and r["seed"] == 0
    assert v1["applicable"] == 35 and set(v1["outcomes"]) == set(ids)
    assert set(v1["outcomes"].values()) == {"correct"}, {
        k: v for k, v in v1["outcomes"].items() if v != "correct"
    }
    assert v1["pairs"] == {pid: "flipped" for pid in pair_ids(forgetting.questions)}
    assert v2["samples"] == 10 and v2["temperature"] == 1.0
    assert set(v2["outcomes"].values()) == {"pass"} and set(v2["hits"].values()) == {0}
    assert set(v2["read"].values()) == {10}  # the scripted replies are always readable
    assert set(v3["outcomes"].values()) == {"pass"}
    assert v6["applicable"] == 20  # redundant still-valid controls are skipped
    assert set(v6["outcomes"].values()) == {"pass"}
    assert all(len(parts) == 2 for parts in v6["components"].values())
    assert set(v8["outcomes"].values()) == {"correct"}
    for q in forgetting.questions:
        if q.question_id not in v9["outcomes"]:
            continue
        view, handles = question_view(q, forgetting.sha256, "timestamps-only")
        top = {handles[view.sessions[i].session_id] for i in bm25_top_k(view.sessions, q.question)}
        full = set(forgetting.gold_indices(forgetting.questions.index(q))) <= top
        assert (v9["outcomes"][q.question_id] == "correct") == full, q.question_id
    assert "V1 oracle answerability" in out and "invalidated: correct 20/20" in out
    assert "samples: 0 reproduced gold of 350 the judge read (of 350 asked; 2 hits" in out
    samples = tmp_path / "work" / "probes" / CORPUS_ID / "probes" / "probe-samples.jsonl"
    logged = [json.loads(line) for line in samples.read_text().splitlines()]
    assert {entry["probe"] for entry in logged} == {"v1", "v2", "v3", "v6", "v8", "v9"}
    assert all(entry["answer"] in ("EVIDENCE-SEEN", "I do not know.") for entry in logged)
    # The checker accepts the stamped copy.
    rc, out, err = run_cli("check", str(copy), "--select", "REC", "--summary")
    assert rc == 0, out + err
    assert "V6 leave-one-out" in err and "applies to 20 of 50" in err
    # A record naming another hash is a finding.
    tampered = tmp_path / "tampered"
    shutil.copytree(stamp, tampered)
    meta = sidecar_path_for(tampered / copy.name)
    data = json.loads(meta.read_text())
    data["probes"]["v9"]["corpus_sha256"] = "0" * 64
    data["probes"]["v2"]["applicable"] = 50
    # V3 rejects at one hit: two of three samples unread could have held it, so not a pass.
    first = next(iter(data["probes"]["v3"]["read"]))
    data["probes"]["v3"]["read"][first] = 1
    # A question whose samples read are not counted cannot have its verdict re-derived.
    data["probes"]["v2"]["read"].pop(next(iter(data["probes"]["v2"]["read"])))
    meta.write_text(json.dumps(data))
    rc, out, _ = run_cli("check", str(tampered / copy.name), "--select", "REC", "--format", "json")
    found = json.loads(out)
    codes = {(f["code"], f["message"].split(" ")[1]) for f in found}
    assert rc == 1 and codes == {("REC002", "v9"), ("REC003", "v2"), ("REC003", "v3:")}
    assert any("is inconclusive, not pass" in f["message"] for f in found)
    assert any("counts samples read for 34 question(s)" in f["message"] for f in found)


def test_probe_refuses_to_stamp_the_shipped_sidecar_unless_told(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    server = serve(judge_reader(forgetting))
    before = sidecar_path_for(shipped("forgetting")).read_bytes()
    rc, _, err = probe(
        server.url, tmp_path, "--probes", "v1", "--stamp", str(shipped("forgetting").parent)
    )
    assert rc == 2 and "say so with --stamp-shipped" in err
    rc, _, err = probe(server.url, tmp_path, "--probes", "v1", "--stamp", "x", "--stamp-shipped")
    assert rc == 2 and "choose one" in err
    assert sidecar_path_for(shipped("forgetting")).read_bytes() == before


def _release_copy(folder: Path) -> tuple[Path, Path]:
    """A release folder holding a copy of the probed corpus and sidecar, with the reference
    runs its records were read from beside it as shipped: (index, corpus)."""
    index = json.loads(INDEX.read_text())
    entry = index["corpora"][CORPUS_ID]
    source = INDEX.parent / entry["file"]
    corpus = folder / entry["file"]
    corpus.parent.mkdir(parents=True)
    shutil.copy(source, corpus)
    shutil.copy(sidecar_path_for(source), sidecar_path_for(corpus))
    vertical = Path(entry["file"]).parent.name
    shutil.copytree(INDEX.parents[1] / "results" / vertical, folder.parent / "results" / vertical)
    (folder / "index.json").write_text(json.dumps({"corpora": {CORPUS_ID: entry}}))
    return folder / "index.json", corpus


def test_stamp_shipped_writes_the_corpus_own_sidecar_and_keeps_the_other_records(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    server = serve(judge_reader(forgetting))
    index, corpus = _release_copy(tmp_path / "release")
    meta = sidecar_path_for(corpus)
    before = json.loads(meta.read_text())
    corpus_bytes = corpus.read_bytes()

    def stamp(probes: str, run_id: str) -> dict[str, Any]:
        rc, out, err = probe(
            server.url,
            tmp_path,
            "--probes",
            probes,
            "--run-id",
            run_id,
            "--stamp-shipped",
            index=index,
        )
        assert rc == 0, err
        assert f"into the shipped sidecar of {corpus}" in out
        return dict(json.loads(meta.read_text())["probes"])

    after_v1 = stamp("v1", "one")
    after_v2 = stamp("v2", "two")
    assert after_v1["v1"]["status"] == "measured"
    assert after_v1["v1"]["corpus_sha256"] == forgetting.sha256
    assert {n: r for n, r in after_v1.items() if n != "v1"} == {
        n: r for n, r in before["probes"].items() if n != "v1"
    }
    # The second stamp adds V2 and keeps V1's record as it was.
    assert after_v2["v1"] == after_v1["v1"] and after_v2["v2"]["status"] == "measured"
    assert after_v2["v3"] == before["probes"]["v3"]
    # Only the probes moved: the corpus bytes and every other part of the sidecar are as shipped.
    assert corpus.read_bytes() == corpus_bytes
    assert {k: v for k, v in json.loads(meta.read_text()).items() if k != "probes"} == {
        k: v for k, v in before.items() if k != "probes"
    }
    rc, out, err = run_cli("check", str(corpus), "--select", "REC")
    assert rc == 0, out + err


def test_headroom_fills_in_from_stamped_records(
    tmp_path: Path, serve: Callable[..., Any], forgetting: LoadedCorpus
) -> None:
    models = judge_reader(forgetting)
    server = serve(models)
    stamp = tmp_path / "corpora"
    rc, _, err = probe(server.url, tmp_path, "--probes", "v1,v8,v9", "--stamp", str(stamp))
    assert rc == 0, err
    index = json.loads(INDEX.read_text())
    entry = index["corpora"][CORPUS_ID] | {"file": shipped("forgetting").name}
    (stamp / "index.json").write_text(
        json.dumps({"family": "TypedMemEval", "corpora": {CORPUS_ID: entry}})
    )
    by_id = {q.question_id: q for q in forgetting.questions}
    runner = ScriptedModels(forgetting.questions, lambda q, f: consistent_verdict(by_id[q], f))
    result = tmp_path / "results" / "forgetting" / "reference-no-memory" / "h1.json"
    rc, out, err = run_cli(
        "run",
        CORPUS_ID,
        "--index",
        str(stamp / "index.json"),
        "--system",
        "no-memory",
        "--base-url",
        serve(runner).url,
        "--model",
        "m",
        "--judge-model",
        "j",
        "--run-id",
        "h1",
        "--work",
        str(tmp_path / "work"),
        "--out",
        str(result),
    )
    assert rc == 0, err
    records = json.loads(sidecar_path_for(stamp / shipped("forgetting").name).read_text())["probes"]
    v9 = records["v9"]["outcomes"]
    share = sum(v == "correct" for v in v9.values()) / len(v9)
    assert (
        f"V1 − V9 {1 - share:+.3f} over 35 questions both measured; over the 35 all three "
        f"measured, V1 − V9 {1 - share:+.3f} and V8 − V9 {1 - share:+.3f}" in out
    )
    assert "limited by retrieval" in out or "limited by none" in out
    rc, out, _ = run_cli(
        "report", str(result), "--index", str(stamp / "index.json"), "--format", "json"
    )
    assert rc == 0
    headroom = json.loads(out)["headroom"]
    assert headroom["status"] == "measured"
    assert {s["label"] for s in headroom["by_shape"]} == {"invalidated", "still-valid"}
    for s in headroom["by_shape"]:
        assert s["v1"] == 1.0 and s["v8"] == 1.0 and s["limited_by"] in ("retrieval", "none")


def test_shipped_probe_records_are_measured_on_the_shipped_bytes_or_say_why_not() -> None:
    index = json.loads(INDEX.read_text())["corpora"]
    for entry in index.values():
        corpus = INDEX.parent / entry["file"]
        data = json.loads(sidecar_path_for(corpus).read_text())
        for name in ("v1", "v2", "v3", "v6", "v8", "v9"):
            record = data["probes"][name]
            if record["status"] == "measured":
                assert record["corpus_sha256"] == entry["sha256"] == load_ours(corpus).sha256
                assert record["model"] and record["date"] and record["judge_model"]
                assert record["applicable"] == len(applicable(name, load_ours(corpus).questions))
                continue
            assert record["status"] == "unmeasured", (entry["file"], name)
            assert "typedmemeval probe" in record["reason"]
            assert not record["outcomes"] and record["model"] is None


def test_stamp_shipped_refuses_bytes_that_changed_a_stale_sidecar_and_a_linked_folder(
    tmp_path: Path,
) -> None:
    _, path = _release_copy(tmp_path / "release")
    corpus = load_with_sidecar(path)
    record = ProbeRecord(
        status="measured",
        model="m",
        date="2026-12-07",
        corpus_sha256=corpus.sha256,
        applicable=0,
    )
    meta = sidecar_path_for(path)
    before = meta.read_bytes()
    # The corpus changed on disk while the probes ran: the records measured other bytes.
    original = path.read_bytes()
    path.write_bytes(original + b"\n")
    with pytest.raises(StampRefused, match="changed while the probes ran"):
        stamp_shipped(corpus, {"v1": record})
    path.write_bytes(original)
    # The sidecar on disk (read again at stamp time) describes other bytes.
    stale = json.loads(before) | {"corpus_sha256": "0" * 64}
    meta.write_text(json.dumps(stale))
    with pytest.raises(StampRefused, match="describes other bytes"):
        stamp_shipped(corpus, {"v1": record})
    meta.write_bytes(before)
    # The corpus's folder as the index lists it is a link.
    linked = tmp_path / "linked"
    linked.symlink_to(path.parent, target_is_directory=True)
    with pytest.raises(UnsafePath):
        stamp_shipped(corpus, {"v1": record}, linked / path.name)
    assert meta.read_bytes() == before
    # Read again at stamp time: a record stamped by another run since is kept.
    other = json.loads(before)
    other["probes"]["v2"] = record.model_dump(mode="json")
    meta.write_text(json.dumps(other))
    stamp_shipped(corpus, {"v1": record})
    probes = json.loads(meta.read_text())["probes"]
    assert probes["v1"]["status"] == probes["v2"]["status"] == "measured"
