"""Build the SEP rule fixtures (run: .venv/bin/python -m tests.separability.build_fixtures).

- `tests/fixtures/base/separability/`: a clean corpus from the self-test's synthetic builder
  (30 questions, 12–16 sessions, G in 0..3) with a sidecar stamping its measured separability
  record, in the layout the generic fixture harness patches.
- `tests/fixtures/base/separability-pairs/`: the same base asked as before/after pairs whose
  arms' question dates are drawn alike (the answer-from-metadata adversary measures and
  passes it), for SEP009.
- `tests/fixtures/SEP00N/{pass,fail}/case.json`: each failing case is a self-test plant
  expressed as JSON patches against its base (computed by diffing the planted corpus against
  it), so the generic harness runs it and a reader sees exactly what was changed.

`test_fixture_drift.py` rebuilds everything in memory and fails when the committed files differ.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from checker.family import K_REF
from checker.formats.sidecar import GeneratorInfo, IndexEntry, ProbeRecord, ReleaseIndex, Sidecar
from checker.io import dump_json, sha256_bytes
from checker.load import LoadedCorpus, load_ours
from checker.rules.structure import measure_structure
from checker.separability import measure_separability
from checker.separability.plants import (
    PLANTS,
    Planted,
    acknowledgement_word,
    exclusive_at_g2,
    gold_value_bank,
    modal_topic,
    paired_arms,
    role_order,
)
from checker.separability.synthetic import build_clean_corpus, rebuilt

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
BASE = "separability"
PAIRED_BASE = "separability-pairs"
VERTICAL = "prospective"
REVISION = "2026.12"
CORPUS_ID = f"typedmemeval-{VERTICAL}-{REVISION}"
SEED = 11
REASON = "gold position is the declared independent variable of this corpus"


def base_corpus() -> LoadedCorpus:
    return build_clean_corpus(questions=30, sessions=(12, 16), exchanges=(2, 3), seed=SEED)


def corpus_json(corpus: LoadedCorpus) -> list[dict[str, Any]]:
    return [q.model_dump(mode="json") for q in corpus.questions]


def _paired(dates_tell: bool) -> LoadedCorpus:
    base = base_corpus()
    planted = paired_arms(base, random.Random(0), dates_tell=dates_tell)
    assert isinstance(planted, Planted), planted
    return rebuilt(base, planted.questions)


def paired_base_corpus() -> LoadedCorpus:
    """The base asked as pairs whose arms are asked at dates drawn alike."""
    return _paired(dates_tell=False)


def base_files(corpus: LoadedCorpus | None = None) -> dict[str, str]:
    """File name → text of a base folder (the SEP base unless `corpus` is given)."""
    corpus = corpus or base_corpus()
    text = dump_json(corpus_json(corpus))
    sha = sha256_bytes(text.encode())
    loaded = rebuilt(corpus, list(corpus.questions))
    structure, ceiling = measure_structure(loaded)
    record = measure_separability(loaded, [], adversary=True, haystack=True, metadata=True)
    if not record.passed:
        raise SystemExit(f"the SEP base is refused; pick another seed: {record.worst_feature}")
    sidecar = Sidecar(
        corpus_id=CORPUS_ID,
        vertical=VERTICAL,
        revision=REVISION,
        question_count=len(corpus.questions),
        corpus_sha256=sha,
        generator=GeneratorInfo(module="checker.separability.synthetic", version="1", seed=SEED),
        k_ref=K_REF,
        structure=structure,
        ceiling=ceiling,
        separability=record,
        probes={
            "v1": ProbeRecord(
                status="unmeasured", reason="no model is reachable from the build machines"
            )
        },
    )
    index = ReleaseIndex(
        corpora={
            CORPUS_ID: IndexEntry(
                vertical=VERTICAL,
                revision=REVISION,
                status="draft",
                file=f"{CORPUS_ID}.json",
                sha256=sha,
                question_count=len(corpus.questions),
                shape_counts=structure.shape_counts,
            )
        }
    )
    return {
        f"{CORPUS_ID}.json": text,
        f"{CORPUS_ID}.meta.json": dump_json(sidecar.model_dump(mode="json", exclude_none=True)),
        "index.json": dump_json(index.model_dump(mode="json")),
    }


def diff(old: Any, new: Any, path: str = "") -> list[dict[str, Any]]:
    """Replace operations turning `old` into `new` at the finest path where they differ."""
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return [op for k in old for op in diff(old[k], new[k], f"{path}/{k}")]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [
            op
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            for op in diff(a, b, f"{path}/{i}")
        ]
    if old == new:
        return []
    return [{"op": "replace", "path": path, "value": new, "file": "corpus"}]


def planted_case(plant: Any, expect: str) -> dict[str, Any]:
    base = base_corpus()
    planted = plant(base, random.Random(0))
    patches = diff(corpus_json(base), [q.model_dump(mode="json") for q in planted.questions])
    return {
        "base": BASE,
        "defect": next(p.name for p in PLANTS if p.build is plant),
        "expect": expect,
        "patches": patches,
    }


def dated_arms_case() -> dict[str, Any]:
    """The paired base with the first arms asked within two days of the last session and the
    second three to ten days after it: only question dates change."""
    patches = diff(corpus_json(paired_base_corpus()), corpus_json(_paired(dates_tell=True)))
    assert all(op["path"].endswith("/question_date") for op in patches)
    return {
        "base": PAIRED_BASE,
        "defect": "arm readable from the question date",
        "expect": "answer arm predicted from metadata alone",
        "patches": patches,
    }


def _sidecar_patch(path: str, value: Any, op: str = "add") -> dict[str, Any]:
    return {"op": op, "path": path, "value": value, "file": "sidecar"}


def cases() -> dict[str, dict[str, Any]]:
    """`<CODE>/<kind>` → case."""
    clean = {"base": BASE, "patches": []}
    reasoned = {
        "base": BASE,
        "patches": [_sidecar_patch("/exemptions/-", {"feature": "position", "reason": REASON})],
    }
    return {
        "SEP001/pass": clean,
        "SEP001/fail": planted_case(acknowledgement_word, "within-question AUC 1.0000"),
        "SEP002/pass": clean,
        "SEP002/fail": planted_case(role_order, "roles.sequence_rarity: separates gold perfectly"),
        "SEP003/pass": clean,
        "SEP003/fail": planted_case(exclusive_at_g2, "phrase 'for the record'"),
        "SEP004/pass": clean,
        "SEP004/fail": planted_case(gold_value_bank, "learned ngram adversary"),
        "SEP005/pass": reasoned,
        "SEP005/fail": {
            "base": BASE,
            "patches": [_sidecar_patch("/exemptions/-", {"feature": "position", "reason": ""})],
            "expect": "gives no reason",
        },
        "SEP006/pass": clean,
        "SEP006/fail": {
            "base": BASE,
            "patches": [_sidecar_patch("/separability/worst_auc", 0.7, op="replace")],
            "expect": "stamped worst feature",
        },
        "SEP007/pass": reasoned,
        "SEP007/fail": {
            "base": BASE,
            "patches": [
                _sidecar_patch("/exemptions/-", {"feature": "postion", "reason": "misspelt"})
            ],
            "expect": "names no measured feature",
        },
        "SEP006/pass/stamped-before-the-new-adversaries": {
            "base": BASE,
            "patches": [
                {"op": "remove", "path": "/separability/haystack_adversary", "file": "sidecar"},
                {"op": "remove", "path": "/separability/metadata_adversary", "file": "sidecar"},
            ],
        },
        "SEP006/fail/haystack-adversary-stamp": {
            "base": BASE,
            "patches": [_sidecar_patch("/separability/haystack_adversary/auc", 0.9, op="replace")],
            "expect": "haystack adversary: stamped AUC 0.9000",
        },
        "SEP008/pass": clean,
        "SEP008/fail": planted_case(modal_topic, "haystack-relative adversary finds gold"),
        "SEP009/pass": {"base": PAIRED_BASE, "patches": []},
        "SEP009/fail": dated_arms_case(),
    }


def all_files() -> dict[Path, str]:
    out = {FIXTURES / "base" / BASE / name: text for name, text in base_files().items()}
    for name, text in base_files(paired_base_corpus()).items():
        out[FIXTURES / "base" / PAIRED_BASE / name] = text
    for where, case in cases().items():
        out[FIXTURES / where / "case.json"] = dump_json(case)
    return out


def main() -> int:
    for path, text in all_files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({len(text):,} bytes)")
    check = load_ours(FIXTURES / "base" / BASE / f"{CORPUS_ID}.json")
    print(f"base: {len(check.questions)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
