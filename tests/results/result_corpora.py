"""Small corpora shaped like the family's verticals, for result tests (never shipped).

Each has the family's full shape plan (Prospective: 19 before/after pairs; Forgetting: 20
invalidated of which 15 pair with a still-valid control, 15 never-known; WorkingMemory: 12 fact
families × 5 distances; Episodic: list-order and attribution), with two-turn sessions: results are
checked against question ids, shapes, arms, gold sessions and components, not against prose.

`write_corpora(folder)` writes `folder/corpora/index.json` with each corpus and a sidecar whose
structure, ceiling and coverage are measured by the checker on the written bytes.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from checker.family import K_REF, vertical
from checker.formats.ids import pair_id, question_id, session_id
from checker.formats.sidecar import GeneratorInfo, IndexEntry, ReleaseIndex, Sidecar
from checker.io import dump_json, sha256_bytes
from checker.load import load_ours
from checker.retrieval.bm25 import measure_coverage
from checker.rules.structure import measure_structure
from checker.verticals.workingmemory.profile import RUNGS

REVISION = "2026.12"
FMT = "%Y/%m/%d (%a) %H:%M"
VERTICALS = ("prospective", "forgetting", "workingmemory", "episodic")
WORDS = "amber birch cedar dune ember fjord grove heath inlet juniper kestrel linden".split()


def _session(text: str, gold: bool) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": text, "has_answer": gold},
        {"role": "assistant", "content": "Noted, thank you.", "has_answer": False},
    ]


def _question(
    qid: str,
    vertical_key: str,
    shape: str,
    owner: str,
    n_sessions: int,
    gold: list[int],
    day: int,
    block: dict[str, Any],
    question_hours: int = 0,
) -> dict[str, Any]:
    start = datetime(2026, 3, 2, 9, 0) + timedelta(days=day)
    sessions = []
    for si in range(n_sessions):
        word = WORDS[(si + day) % len(WORDS)]
        if si in gold:
            sessions.append(_session(f"The {word} plan for {qid} is settled.", True))
        else:
            sessions.append(_session(f"Talked about the {word} walk today.", False))
    ids = [session_id(owner, si) for si in range(n_sessions)]
    return {
        "question_id": qid,
        "question_type": f"{vertical_key}-{shape}",
        "question": f"What about the plan for {qid}?",
        "answer": f"Answer for {qid}",
        "question_date": (start + timedelta(days=n_sessions + 1, hours=question_hours)).strftime(
            FMT
        ),
        "haystack_session_ids": ids,
        "haystack_dates": [(start + timedelta(days=si)).strftime(FMT) for si in range(n_sessions)],
        "haystack_sessions": sessions,
        "answer_session_ids": [ids[g] for g in gold],
        "typedmemeval": {"vertical": vertical_key, "shape": shape, **block},
    }


def prospective() -> list[dict[str, Any]]:
    """12 unpaired carry-over questions, then 19 before/after pairs (38 questions)."""
    v = vertical("prospective")
    out: list[dict[str, Any]] = []
    n = 0
    pair_n = 0
    for shape in v.shapes:
        paired = shape.name not in ("as-of", "current", "prospective")
        if not paired:
            for _ in range(shape.count):
                n += 1
                qid = question_id("pro", REVISION, n)
                out.append(_question(qid, "prospective", shape.name, qid, 4, [1], n, {}))
            continue
        for _ in range(shape.count // 2):
            pair_n += 1
            pid = pair_id("pro", REVISION, pair_n)
            for arm, hours in (("before", 0), ("after", 72)):
                n += 1
                qid = question_id("pro", REVISION, n)
                block: dict[str, Any] = {"pair_id": pid, "arm": arm}
                if shape.name == "due-window":
                    block["answer_items"] = (
                        ["amber reminder"] if arm == "before" else ["amber reminder", "birch"]
                    )
                q = _question(qid, "prospective", shape.name, pid, 4, [2], pair_n, block, hours)
                out.append(q)
    return out


def forgetting() -> list[dict[str, Any]]:
    """20 invalidated (the first 15 paired with a still-valid control), 15 still-valid, 15
    never-known (`_abs`, no gold)."""
    out: list[dict[str, Any]] = []
    n = 0
    for i in range(20):
        n += 1
        qid = question_id("for", REVISION, n)
        block: dict[str, Any] = {
            "gold_components": [
                {"kind": "statement", "session_index": 0},
                {"kind": "invalidation", "session_index": 3},
            ],
            "gold_components_load_bearing": True,
            "difficulty": 1 + i % 3,
            "difficulty_dial": "discrimination",
            "difficulty_validated": False,
        }
        if i < 15:
            block |= {"pair_id": pair_id("for", REVISION, i + 1), "arm": "invalidated"}
        out.append(_question(qid, "forgetting", "invalidated", qid, 5, [0, 3], n, block))
    for i in range(15):
        n += 1
        qid = question_id("for", REVISION, n)
        block = {
            "gold_components": [
                {"kind": "statement", "session_index": 0},
                {"kind": "reaffirmation", "session_index": 3},
            ],
            "gold_components_redundant": True,
            "pair_id": pair_id("for", REVISION, i + 1),
            "arm": "control",
        }
        out.append(_question(qid, "forgetting", "still-valid", qid, 5, [0, 3], n, block))
    for _ in range(15):
        n += 1
        qid = question_id("for", REVISION, n, abstention=True)
        out.append(_question(qid, "forgetting", "never-known", qid, 4, [], n, {}))
    return out


def workingmemory() -> list[dict[str, Any]]:
    """12 fact families × 5 distances; the fact sits `distance` sessions before the question."""
    out: list[dict[str, Any]] = []
    n = 0
    for family in range(12):
        for d in RUNGS.distances:
            n += 1
            qid = question_id("wm", REVISION, n)
            total = 6
            gold = max(0, total - 1 - min(d, total - 1))
            block = {
                "fact_family": f"family-{family + 1:02d}",
                "distance_sessions": d,
                "difficulty": 1 + RUNGS.distances.index(d),
                "difficulty_dial": "distance",
                "difficulty_validated": False,
            }
            out.append(
                _question(qid, "workingmemory", "fact-at-distance", qid, total, [gold], n, block)
            )
    return out


def episodic() -> list[dict[str, Any]]:
    """20 assistant-stated, 15 list-order (four items, one per gold session), 15 attribution."""
    out: list[dict[str, Any]] = []
    n = 0
    for _ in range(20):
        n += 1
        qid = question_id("epi", REVISION, n)
        block: dict[str, Any] = {"stated_by": "assistant"}
        out.append(_question(qid, "episodic", "assistant-stated", qid, 4, [2], n, block))
    for _ in range(15):
        n += 1
        qid = question_id("epi", REVISION, n)
        block = {"list_order": {"items": WORDS[:4], "item_session_indices": [0, 2, 3, 5]}}
        out.append(_question(qid, "episodic", "list-order", qid, 6, [0, 2, 3, 5], n, block))
    for i in range(15):
        n += 1
        qid = question_id("epi", REVISION, n)
        block = {"stated_by": ("user", "assistant", "both")[i % 3]}
        out.append(_question(qid, "episodic", "participant-attribution", qid, 4, [1], n, block))
    return out


BUILDERS = {
    "prospective": prospective,
    "forgetting": forgetting,
    "workingmemory": workingmemory,
    "episodic": episodic,
}


def write_corpora(folder: Path, verticals: tuple[str, ...] = VERTICALS) -> Path:
    """Write the corpora, their sidecars and `folder/corpora/index.json`; returns the index path."""
    corpora = folder / "corpora"
    corpora.mkdir(parents=True, exist_ok=True)
    entries: dict[str, IndexEntry] = {}
    for key in verticals:
        corpus_id = f"typedmemeval-{key}-{REVISION}"
        path = corpora / key / f"{corpus_id}.json"
        path.parent.mkdir(exist_ok=True)
        text = dump_json(BUILDERS[key]())
        path.write_text(text, encoding="utf-8")
        loaded = load_ours(path)
        structure, ceiling = measure_structure(loaded)
        sha = sha256_bytes(text.encode())
        sidecar = Sidecar(
            corpus_id=corpus_id,
            vertical=key,
            revision=REVISION,
            question_count=len(loaded.questions),
            corpus_sha256=sha,
            generator=GeneratorInfo(module="tests/results/result_corpora.py", version="1", seed=0),
            k_ref=K_REF,
            structure=structure,
            ceiling=ceiling,
            coverage=measure_coverage(loaded),
        )
        sidecar_path = path.with_name(f"{corpus_id}.meta.json")
        sidecar_path.write_text(dump_json(sidecar.model_dump(exclude_none=True)), encoding="utf-8")
        entries[corpus_id] = IndexEntry(
            vertical=key,
            revision=REVISION,
            status="draft",
            file=f"{key}/{path.name}",
            sha256=sha,
            question_count=len(loaded.questions),
            shape_counts=structure.shape_counts,
        )
    index = corpora / "index.json"
    index.write_text(dump_json(ReleaseIndex(corpora=entries).model_dump()), encoding="utf-8")
    return index
