"""Conformance: the haystack-relative and answer-from-metadata adversaries (SEP008, SEP009) on
the peer's corpora, beside the single-session adversaries the V7 section compares. Their
sidecars stamp neither, so there is nothing to compare with: what each finds is printed."""

from __future__ import annotations

from pathlib import Path

from checker.formats.separability import SeparabilityRecord
from checker.load import load_foreign
from checker.separability import measure_separability
from checker.separability.gate import haystack_refusals, metadata_refusals

CORPORA = (
    "agenteval-forgetting-v5/agenteval-typedmemeval-forgetting-v5.json",
    "agenteval-timegrounded-v1/agenteval-timegrounded-v1.json",
)


def _print(record: SeparabilityRecord) -> None:
    hay = record.haystack_adversary
    if hay is not None:
        print(
            f"  haystack-relative adversary: held-out within-question AUC {hay.auc:.4f} "
            f"(shuffled labels {hay.shuffled_auc:.4f}; refuse at {hay.refuse_at}, target < "
            f"{hay.target}); {hay.haystacks} haystacks, {hay.folds} folds; {hay.verdict}"
        )
        print(f"    leans towards gold: {', '.join(hay.leans_gold[:8]) or '-'}")
        print(f"    leans towards filler: {', '.join(hay.leans_filler[:5]) or '-'}")
    meta = record.metadata_adversary
    if meta is None:
        return
    if meta.status == "skipped":
        print(f"  answer-from-metadata adversary: skipped — {meta.reason}")
        return
    within = f" within {meta.strata}" if meta.strata else ""
    auc = "" if meta.auc is None else f", AUC {meta.auc:.4f} (shuffled {meta.shuffled_auc})"
    print(
        f"  answer-from-metadata adversary ({meta.answer_class}{within}): held-out accuracy "
        f"{meta.accuracy} against the majority {meta.majority}, lift {meta.lift} (shuffled "
        f"{meta.shuffled_lift}; refuse at {meta.refuse_lift}){auc}; {meta.questions} questions, "
        f"{meta.groups} left out one at a time; {meta.verdict}"
    )
    for c in meta.classes:
        print(f"    class {c.answer_class}: recall {c.recall:.2f} of {c.questions}")
    for s in meta.per_stratum:
        shown = "untested" if s.accuracy is None else f"accuracy {s.accuracy:.2f}"
        print(
            f"    stratum {s.stratum}: n={s.questions} {s.classes}, majority {s.majority}, {shown}"
        )
    print(f"    leans on: {', '.join(meta.leans[:8]) or '-'}")


def run(folder: Path) -> bool:
    ok = True
    for rel in CORPORA:
        path = folder / rel
        if not path.exists():
            print(f"{path}: missing")
            ok = False
            continue
        corpus = load_foreign(path)
        record = measure_separability(corpus, [], adversary=False, haystack=True, metadata=True)
        print(f"{path.name}: {len(corpus.questions)} questions")
        _print(record)
        found = haystack_refusals(record.haystack_adversary) + metadata_refusals(
            record.metadata_adversary
        )
        print(f"  our SEP008/SEP009 would refuse it: {'yes' if found else 'no'}")
    return ok


SECTION = (75, "haystack-relative and answer-from-metadata adversaries on the peer's corpora", run)
