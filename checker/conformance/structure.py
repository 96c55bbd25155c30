"""Conformance: load the peer's corpora as foreign files, re-derive structure, and compare with
the figures their sidecar stamps. Every finding our rules raise on a foreign file is listed."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from checker.api import Options, audit
from checker.rules.structure import measure_structure

FORGETTING = "agenteval-forgetting-v5/agenteval-typedmemeval-forgetting-v5.json"
TIMEGROUNDED = "agenteval-timegrounded-v1/agenteval-timegrounded-v1.json"
#: V7 and calibration have their own conformance sections; here only the rules of this section.
STRUCTURAL_PREFIXES = ["STR", "TIM", "DRV", "LEK", "IDN", "REC", "FMT"]


def _audit(path: Path) -> bool:
    outcome = audit(path, Options(select=STRUCTURAL_PREFIXES))
    corpus = outcome.corpora[0]
    structure, ceiling = measure_structure(corpus)
    print(f"{path.name}: {len(corpus.questions)} questions loaded, sha256 {corpus.sha256}")
    print(f"  re-derived G distribution {json.dumps(structure.g_distribution, sort_keys=True)}")
    print(
        f"  re-derived H {structure.h_min}-{structure.h_max}; ceiling by G {ceiling.by_g}; min {ceiling.min}"
    )
    print(f"  questions per shape {structure.shape_counts}")
    counts = Counter(f.code for f in outcome.findings)
    print(f"  our rules raise {len(outcome.findings)} findings: {dict(sorted(counts.items()))}")
    for f in outcome.findings:
        print(f"    {f.question_id or '-'}: {f.code} {f.message}")
    meta = path.with_name(path.name.removesuffix(".json") + ".meta.json")
    if not meta.exists():
        print("  no sidecar: nothing stamped to compare with")
        return True
    stamped = json.loads(meta.read_text())
    ok = True
    rows = [
        ("G distribution", stamped["structure"]["g_distribution"], structure.g_distribution),
        ("H min", stamped["structure"]["h_min"], structure.h_min),
        ("H max", stamped["structure"]["h_max"], structure.h_max),
        ("ceiling by G", stamped["ceiling"]["by_g"], ceiling.by_g),
        ("ceiling min", stamped["ceiling"]["min"], ceiling.min),
        ("question count", stamped["question_count"], len(corpus.questions)),
        ("corpus sha256", stamped["corpus_sha256"], corpus.sha256),
    ]
    print(f"  {'figure':<16} {'stamped':<28} {'re-derived':<28} agree")
    for name, theirs, ours in rows:
        same = theirs == ours
        ok = ok and same
        print(
            f"  {name:<16} {json.dumps(theirs, sort_keys=True):<28.28} {json.dumps(ours, sort_keys=True):<28.28} {'yes' if same else 'NO'}"
        )
    empty = stamped["structure"].get("empty_turns", {}).get("count")
    if empty is not None:
        ours_empty = counts.get("STR004", 0)
        print(
            f"  empty turns: stamped {empty}, STR004 findings {ours_empty} ({'agree' if empty == ours_empty else 'differ'})"
        )
    return ok


def run(folder: Path) -> bool:
    ok = True
    for rel in (FORGETTING, TIMEGROUNDED):
        path = folder / rel
        if not path.exists():
            print(f"{path}: missing")
            ok = False
            continue
        ok = _audit(path) and ok
    return ok


SECTION = (10, "structure (foreign files, re-derived and compared)", run)
