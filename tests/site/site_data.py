"""A stand-in repository for site builds: base corpora from tests/fixtures/base with enriched
sidecars, result files that pass the checker, a run set, an EE result and, optionally, a
hostile sidecar and a hostile result file.

Sidecar measurements here are made up for layout only (the site publishes whatever a sidecar
says; the checker is what compares a sidecar with the bytes), and are never shipped.
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

from checker.formats.result import (
    AnswerSampling,
    CorpusRef,
    EEProbeVerdict,
    EEResultFile,
    EvidenceAttribution,
    JudgeRef,
    ListOrderScore,
    RealisedCoverage,
    ResultFile,
    ResultRow,
    SystemRef,
)
from checker.formats.sidecar import IndexEntry, ReleaseIndex, Sidecar
from checker.io import dump_json, sha256_bytes
from checker.load import load_ours
from checker.results.aggregate import QuestionFacts, question_facts

REPO = Path(__file__).resolve().parents[2]
BASE = REPO / "tests" / "fixtures" / "base"
VERTICALS = ("prospective", "workingmemory", "forgetting", "episodic")
REVISION = "2026.12"

#: A marker every hostile string carries, so a test can find where it landed.
MARK = "tmehostile"
HOSTILE = (
    f'<script>window.{MARK}=1</script><img src=x onerror="{MARK}()">'
    f"[{MARK} link](javascript:alert(1)) **{MARK}** `{MARK}` <b>{MARK}</b> | {MARK} |"
)


#: The corpus whose text carries the hostile string (shown on its "look inside" page).
HOSTILE_CORPUS = "forgetting"
#: Rate-shaped numbers a conversation may contain: quoted text, not measurements, so the
#: denominator scan must not read them as bare rates.
QUOTED_NUMBERS = "about 0.5 litres, 20% off"


def hostile_corpus(payload: bytes) -> bytes:
    """The corpus with the hostile string in every question, answer and session's first turn
    and in its block, and rate-shaped numbers in the turns."""
    questions = json.loads(payload)
    for q in questions:
        q["question"] += f" {HOSTILE}"
        q["answer"] += f" {HOSTILE}"
        q["typedmemeval"]["seeded_from"] = HOSTILE
        for session in q["haystack_sessions"]:
            session[0]["content"] += f" {HOSTILE} {QUOTED_NUMBERS}"
    return (json.dumps(questions, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


def _sidecar_extras(vertical: str, hostile: bool) -> dict[str, Any]:
    odd = HOSTILE if hostile else "a recurring phrase"
    return {
        "separability": {
            "method": "site-fixture",
            "passed": True,
            "thresholds": {
                "auc_refuse": 0.75,
                "perfect_share_floor": 0.2,
                "perfect_tail_p": 0.0062,
                "recurrence_share": 0.2,
                "rare_session_share": 0.1,
                "adversary_refuse": 0.7,
                "null_permutations": 200,
            },
            "seed": 0,
            "worst_feature": "session.chars",
            "worst_auc": 0.61,
            "features_tested": 3,
            "ngram_candidates": 1,
            "features": [
                {
                    "feature": name,
                    "family": family,
                    "auc": auc,
                    "direction": "gold-high",
                    "null_p95": 0.66,
                    "questions": 2,
                    "perfect": 0,
                    "perfect_share": 0.0,
                    "expected_perfect": 0.1,
                    "tail_p": 1.0,
                    "verdict": "pass",
                }
                for name, family, auc in (
                    ("session.chars", "shape", 0.61),
                    ("user.turn1.chars", "shape", 0.55),
                    (f"ngram:{odd}", "ngram", 0.52),
                )
            ],
            "exclusive_phrases": [{"phrase": odd, "questions": 1, "gold_sessions": 1, "share": 0.5}]
            if hostile
            else [],
            "adversaries": [
                {
                    "name": "ngram",
                    "model": "logistic-regression C=1.0 tfidf 1-2 grams, grouped 5-fold",
                    "auc": 0.58,
                    "shuffled_auc": 0.5,
                    "folds": 5,
                    "inputs": 120,
                    "leans_gold": [odd],
                    "leans_filler": [],
                    "verdict": "pass",
                }
            ],
            "exemptions": [],
        },
        "ladder": {
            "threshold": 0.15,
            "verdicts": [
                {
                    "dial": "distance",
                    "kind": "does-not-slope",
                    "validated": False,
                    "reason": HOSTILE if hostile else "ceiling-relative coverage does not fall",
                    "by_band": {"1": 1.0, "5": 0.9},
                    "n_by_band": {"1": 1, "5": 1},
                    "relative_drop": 0.1,
                    "permutation_p": 0.5,
                }
            ],
        },
        "coverage": {
            "retriever": "bm25okapi-k1.5-b0.75-eps0.25",
            "tokenizer": "raw-nostop-v1",
            "k_ref": 5,
            "gold_bearing_n": 2,
            "gold_bearing_mean": 0.75,
            "all_n": 2,
            "all_mean": 0.75,
            "competent": {
                "retriever": "reranker-logreg-v1",
                "model": HOSTILE if hostile else "logistic regression, grouped 5-fold",
                "features": ["bm25.score", "overlap.value_turn"],
                "folds": 2,
                "k_ref": 5,
                "gold_bearing_n": 2,
                "gold_bearing_mean": 0.95,
                "top1_mean": 0.5,
                "bm25_top1_mean": 0.25,
                "per_shape": {odd: 0.95},
                "per_shape_top1": {odd: 0.5},
                "per_shape_n": {odd: 2},
                "leans": [f"{odd} (+1.00)"],
            },
            "shallow_reader": {
                "definition": odd,
                "gold_bearing_n": 2,
                "recall_mean": 0.5,
                "precision_n": 1,
                "precision_mean": 1.0,
                "graded_coverage_mean": 1.0,
                "graded_top1_mean": 0.5,
                "graded_auc": 0.9,
            },
        },
        "scaffolding": {"generic_dependence": 0.0, "generic_sessions_changed": 0},
        "exemptions": [{"feature": "position", "reason": HOSTILE}]
        if hostile and vertical == "workingmemory"
        else [],
    }


def _row(i: int, f: QuestionFacts) -> ResultRow:
    measured = i % 7 != 6
    if f.vertical == "prospective":
        outcome = (
            ("premature" if f.arm == "before" and i % 2 else "correct") if measured else "unrun"
        )
    elif f.shape == "never-known":
        outcome = "correct" if i % 3 else "abstained"
    else:
        outcome = ("correct", "wrong", "abstained", "missed")[i % 4] if measured else "unrun"
    reason = "provider timed out twice" if outcome == "unrun" else None
    fields: dict[str, Any] = {"question_id": f.question_id, "outcome": outcome, "reason": reason}
    if outcome != "unrun" and f.vertical == "prospective":
        fields["asserted_state"] = (
            "fired" if outcome == "premature" or f.arm == "after" else "not-yet"
        )
    if f.shape == "list-order" and outcome in ("correct", "wrong"):
        fields["list_order"] = ListOrderScore(
            mentioned=3, pairs=3, inversions=0 if outcome == "correct" else 1
        )
    if f.shape == "invalidated" and outcome == "wrong":
        fields["sub_label"] = "stale-recall"
    if f.gold_sessions:
        present = i % 3 != 0
        fields["evidence"] = EvidenceAttribution(
            status="present" if present else "absent", source="retrieved", level="reference"
        )
        fields["realised_coverage"] = RealisedCoverage(
            value=1.0 if present else 0.0,
            source="retrieved",
            per_component=[present] * f.gold_components if f.gold_components else None,
        )
    return ResultRow(**fields)


def result_file(
    corpus_id: str, sha: str, facts: dict[str, QuestionFacts], run_id: str, system: str, day: int
) -> ResultFile:
    return ResultFile(
        kind="typedmemeval-result",
        format_version=1,
        benchmark="TypedMemEval",
        run_id=run_id,
        run_date=date(2026, 11, day),
        corpus=CorpusRef(corpus_id=corpus_id, revision=REVISION, sha256=sha),
        system=SystemRef(name=system, version="1.0"),
        answer_model="answer-model-a",
        answer_sampling=AnswerSampling(
            temperature=0.0, seed=7, temperature_disposition="honoured", seed_disposition="honoured"
        ),
        judge=JudgeRef(model="judge-model-a", fingerprint="0123456789abcdef"),
        grounding="timestamps-only",
        configuration_fingerprint="fedcba9876543210",
        rows=[_row(i + day, f) for i, f in enumerate(facts.values())],
    )


def ee_file() -> EEResultFile:
    probes = [
        EEProbeVerdict(key=f"pl_001:{task}:{phase}1", verdict=verdict)
        for task, phase, verdict in (
            ("edit", "before", "correct"),
            ("edit", "after", "correct"),
            ("erase", "before", "wrong"),
            ("erase", "after", "correct"),
        )
    ]
    return EEResultFile(
        kind="typedmemeval-ee-result",
        format_version=1,
        benchmark="EE",
        run_id="ee-run-1",
        run_date=date(2026, 11, 3),
        dataset={"name": "MEME", "config": "filler32k", "sha256": "a" * 64},  # type: ignore[arg-type]
        system=SystemRef(name="Alpha store", version="1.0"),
        answer_model="answer-model-a",
        answer_sampling=AnswerSampling(
            temperature=0.0, seed=7, temperature_disposition="honoured", seed_disposition="honoured"
        ),
        judge=JudgeRef(model="judge-model-a", fingerprint="0123456789abcdef"),
        agent_conversation="stateful",
        configuration_fingerprint="fedcba9876543210",
        probes=probes,
    )


def build(dest: Path, *, hostile: bool = False) -> Path:
    """Lay out a repository stand-in under `dest` and return it."""
    for name in ("schemas",):
        shutil.copytree(REPO / name, dest / name)
    for name in ("CHANGELOG.md", "CITATION.cff"):
        shutil.copy(REPO / name, dest / name)
    index = ReleaseIndex()
    for vertical in VERTICALS:
        corpus_id = f"typedmemeval-{vertical}-{REVISION}"
        src = BASE / vertical
        folder = dest / "corpora" / vertical
        folder.mkdir(parents=True)
        payload = (src / f"{corpus_id}.json").read_bytes()
        if hostile and vertical == HOSTILE_CORPUS:
            payload = hostile_corpus(payload)
        (folder / f"{corpus_id}.json").write_bytes(payload)
        entry = ReleaseIndex.model_validate_json((src / "index.json").read_bytes()).corpora[
            corpus_id
        ]
        entry = IndexEntry(
            **{
                **entry.model_dump(),
                "file": f"{vertical}/{corpus_id}.json",
                "sha256": sha256_bytes(payload),
            }
        )
        index.corpora[corpus_id] = entry
        sidecar = Sidecar.model_validate_json((src / f"{corpus_id}.meta.json").read_bytes())
        enriched = Sidecar.model_validate(
            {**sidecar.model_dump(), **_sidecar_extras(vertical, hostile)}
        )
        (folder / f"{corpus_id}.meta.json").write_text(dump_json(enriched.model_dump(mode="json")))
        corpus = load_ours(folder / f"{corpus_id}.json")
        facts = question_facts(corpus)
        runs = [("alpha-1", "Alpha store", 1), ("beta-1", "beta store", 2)]
        if vertical == "prospective":
            runs += [("alpha-2", "Alpha store", 4), ("alpha-3", "Alpha store", 5)]
        for run_id, system, day in runs:
            out = dest / "results" / vertical / system.lower().replace(" ", "-") / f"{run_id}.json"
            out.parent.mkdir(parents=True, exist_ok=True)
            model = result_file(corpus_id, entry.sha256, facts, run_id, system, day)
            out.write_text(dump_json(model.model_dump(mode="json")))
    (dest / "corpora" / "index.json").write_text(dump_json(index.model_dump(mode="json")))
    ee = dest / "results" / "ee" / "alpha-store" / "ee-run-1.json"
    ee.parent.mkdir(parents=True)
    ee.write_text(dump_json(ee_file().model_dump(mode="json")))
    if hostile:
        forgetting = "typedmemeval-forgetting-2026.12"
        facts = question_facts(load_ours(dest / "corpora" / "forgetting" / f"{forgetting}.json"))
        for run_id in ("hostile-1", "hostile-2"):
            bad = dest / "results" / "forgetting" / "mallory" / f"{run_id}.json"
            bad.parent.mkdir(parents=True, exist_ok=True)
            raw = result_file(
                forgetting, index.corpora[forgetting].sha256, facts, run_id, "Mallory", 9
            ).model_dump(mode="json")
            raw["system"]["name"] = HOSTILE
            raw["system"]["version"] = HOSTILE
            bad.write_text(dump_json(raw))
    return dest
