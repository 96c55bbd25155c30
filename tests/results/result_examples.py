"""Build EXAMPLE result files from declared outcomes (test helper; never written under results/).

A policy declares, per question, what a scripted system asserted; the builder turns that into a
valid row the way a judge would score it (gold-relative outcome, asserted state, sub-label,
list-order score, evidence attribution, realised coverage). Examples carry `example` in their
system name and run id so that no one mistakes one for a submission.

Run `python -m tests.results.result_examples OUT [--index corpora/index.json]` to write one
example per corpus of an index (default: this repository's release index) into OUT.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from checker.formats.result import EEResultFile, ResultFile
from checker.io import dump_json, sha256_file
from checker.load import LoadedCorpus, load_index
from checker.results.aggregate import QuestionFacts, question_facts, summary_counts
from checker.results.ee import ee_figures, load_meme
from checker.results.validate import load_indexed_corpus

FINGERPRINT = "e" * 16
CONFIGURATION = "c0ffee" * 4


@dataclass(frozen=True)
class Declared:
    """What a scripted system did on one question."""

    outcome: str
    asserted_state: str | None = None
    asserted_items: list[str] | None = None
    sub_label: str | None = None
    inversions: int = 0
    #: Gold sessions surfaced (None = all of them; evidence is present exactly when all are).
    surfaced: int | None = None
    observed: bool = True
    reason: str | None = None


Policy = Callable[[QuestionFacts, random.Random], Declared]


def _prospective(f: QuestionFacts, asserted: str) -> Declared:
    """Score an asserted state the way the judge does: gold is not-yet on before-arms and fired
    on after-arms."""
    if f.arm == "before":
        outcome = "premature" if asserted == "fired" else "correct"
    elif f.arm == "after":
        outcome = "correct" if asserted == "fired" else "missed"
    else:
        return Declared("correct", asserted_state="other")
    items = ["amber reminder"] if f.set_answer else None
    return Declared(outcome, asserted_state=asserted, asserted_items=items)


def perfect(f: QuestionFacts, rng: random.Random) -> Declared:
    """Every question correct; Prospective before-arms say not yet, after-arms fire."""
    if f.vertical == "prospective":
        d = _prospective(f, "not-yet" if f.arm == "before" else "fired")
        if f.set_answer:
            items = ["amber reminder"] if f.arm == "before" else ["amber reminder", "birch"]
            return Declared(d.outcome, d.asserted_state, items)
        return d
    return Declared("correct")


def time_blind(f: QuestionFacts, rng: random.Random) -> Declared:
    """Never receives the query time: asserts the same state (not yet) on both arms."""
    if f.vertical == "prospective":
        return _prospective(f, "not-yet")
    return Declared("correct")


def fires_early(f: QuestionFacts, rng: random.Random) -> Declared:
    """Fires on every arm, including before the due instant."""
    if f.vertical == "prospective":
        return _prospective(f, "fired")
    return Declared("correct")


def varied(f: QuestionFacts, rng: random.Random) -> Declared:
    """A plausible mix, deterministic under the rng: mostly correct, some wrong with evidence
    absent, a few abstentions, one of each unmeasured outcome per corpus (by question id)."""
    number = int(f.question_id.split("-")[3][:3])
    if number == 3:
        return Declared("unrun", reason="duration question skipped: timestamps withheld")
    if number == 5:
        return Declared("inconclusive", reason="judge returned no verdict after 3 retries")
    roll = rng.random()
    if f.vertical == "prospective":
        if f.arm in ("before", "after"):
            asserted = "fired" if roll < (0.25 if f.arm == "before" else 0.8) else "not-yet"
            return _prospective(f, asserted)
        return Declared("correct" if roll < 0.7 else "wrong", asserted_state="other")
    partial = max(0, f.gold_sessions - 1) if f.gold_sessions else None
    if f.vertical == "forgetting":
        if f.shape == "invalidated" and roll < 0.3:
            return Declared("wrong", sub_label="stale-recall", surfaced=partial)
        if f.shape == "still-valid" and roll < 0.2:
            return Declared("wrong", sub_label="over-forgetting")
        if f.shape == "never-known" and roll < 0.2:
            return Declared("wrong", sub_label="mis-attributed-forgetting")
        return Declared("correct")
    if f.shape == "list-order":
        return Declared("wrong", inversions=1) if roll < 0.3 else Declared("correct")
    if roll < 0.2:
        return Declared("wrong", surfaced=partial)
    if roll < 0.3:
        return Declared("abstained", observed=False)
    return Declared("correct")


POLICIES: dict[str, Policy] = {
    "perfect": perfect,
    "time-blind": time_blind,
    "fires-early": fires_early,
    "varied": varied,
}


def example_row(f: QuestionFacts, d: Declared) -> dict[str, Any]:
    row: dict[str, Any] = {"question_id": f.question_id, "outcome": d.outcome}
    measured = d.outcome not in ("unrun", "inconclusive")
    if d.reason:
        row["reason"] = d.reason
    if measured and d.asserted_state:
        row["asserted_state"] = d.asserted_state
    if measured and d.asserted_items is not None:
        row["asserted_items"] = d.asserted_items
    if measured and d.sub_label:
        row["sub_label"] = d.sub_label
    if measured and f.list_length is not None and d.outcome in ("correct", "wrong"):
        m = f.list_length
        row["list_order"] = {"mentioned": m, "pairs": m * (m - 1) // 2, "inversions": d.inversions}
    g = f.gold_sessions
    if g == 0:
        return row
    if not (measured and d.observed):
        row["evidence"] = {"status": "unobserved"}
        return row
    surfaced = g if d.surfaced is None else d.surfaced
    per_session = [i < surfaced for i in range(g)]
    row["evidence"] = {
        "status": "present" if all(per_session) else "absent",
        "source": "retrieved",
        "level": "reference",
        "per_gold_session": per_session,
    }
    coverage: dict[str, Any] = {"value": surfaced / g, "source": "retrieved"}
    if f.gold_components:
        # Components and gold sessions are one-to-one in the test corpora and in order.
        coverage["per_component"] = [i < surfaced for i in range(f.gold_components)]
    row["realised_coverage"] = coverage
    return row


def example_result(
    corpus: LoadedCorpus,
    corpus_id: str,
    revision: str,
    policy: str | Policy = "perfect",
    *,
    seed: int = 0,
    run_id: str | None = None,
    system: str = "Example system",
    summary: bool = True,
    answer_seed: int | None = 7,
) -> dict[str, Any]:
    """An EXAMPLE result over `corpus` whose rows follow the declared policy."""
    declare = POLICIES[policy] if isinstance(policy, str) else policy
    rng = random.Random(seed)
    facts = question_facts(corpus)
    rows = [
        example_row(facts[q.question_id], declare(facts[q.question_id], rng))
        for q in corpus.questions
    ]
    name = policy if isinstance(policy, str) else policy.__name__.replace("_", "-")
    doc: dict[str, Any] = {
        "kind": "typedmemeval-result",
        "format_version": 1,
        "benchmark": "TypedMemEval",
        "run_id": run_id or f"example-{name}-{seed}",
        "run_date": date(2026, 12, 1).isoformat(),
        "corpus": {"corpus_id": corpus_id, "revision": revision, "sha256": corpus.sha256},
        "system": {"name": system, "version": "0.0-example"},
        "answer_model": "example-answer-model",
        "answer_sampling": {
            "temperature": 0.0,
            "seed": answer_seed,
            "temperature_disposition": "honoured",
            "seed_disposition": "honoured",
        },
        "judge": {"model": "example-judge-model", "fingerprint": FINGERPRINT},
        "grounding": "timestamps-only",
        "configuration_fingerprint": CONFIGURATION,
        "rows": rows,
    }
    if summary:
        model = ResultFile.model_validate(doc)
        overall, by_shape = summary_counts(model.rows, facts)
        doc["summary"] = {"n": len(rows), "outcomes": overall, "by_shape": by_shape}
    ResultFile.model_validate(doc)
    return doc


MEME_SAMPLE = Path(__file__).resolve().parent / "data" / "meme_sample.json"

#: The hand-written verdict table for the authored MEME sample (see test_results_ee.py).
SAMPLE_VERDICTS: dict[str, str] = {
    "pl_001:edit:before1": "correct",
    "pl_001:edit:after1": "correct",
    "pl_001:edit:before2": "correct",
    "pl_001:edit:after2": "wrong",
    "pl_001:erase:before1": "wrong",
    "pl_001:erase:after1": "correct",
    "sp_002:edit:before1": "wrong",
    "sp_002:edit:after1": "wrong",
    "sp_002:erase:before1": "correct",
    "sp_002:erase:after1": "correct",
    "pl_003:edit:before1": "correct",
    "pl_003:edit:after1": "inconclusive",
    "pl_003:erase:before1": "correct",
    "pl_003:erase:after1": "correct",
}


def ee_example(
    verdicts: dict[str, str] | None = None,
    *,
    rollup: bool = True,
    run_id: str = "example-ee-1",
    system: str = "Example system",
) -> dict[str, Any]:
    """An EXAMPLE EE result over the authored MEME sample with the given verdict per key."""
    verdicts = SAMPLE_VERDICTS if verdicts is None else verdicts
    probes = []
    for scenario in load_meme(MEME_SAMPLE):
        for probe in (*scenario.before_probes, *scenario.after_probes):
            if probe.key not in verdicts:
                continue
            row: dict[str, Any] = {
                "key": probe.key,
                "verdict": verdicts[probe.key],
                "domain": probe.domain,
            }
            if probe.hop is not None:
                row["hop"] = probe.hop
            if verdicts[probe.key] in ("inconclusive", "unrun"):
                row["reason"] = "judge returned no verdict after 3 retries"
            probes.append(row)
    doc: dict[str, Any] = {
        "kind": "typedmemeval-ee-result",
        "format_version": 1,
        "benchmark": "EE",
        "run_id": run_id,
        "run_date": date(2026, 12, 1).isoformat(),
        "dataset": {"name": "MEME", "config": "sample", "sha256": sha256_file(MEME_SAMPLE)},
        "system": {"name": system, "version": "0.0-example"},
        "answer_model": "example-answer-model",
        "answer_sampling": {
            "temperature": 0.0,
            "seed": 7,
            "temperature_disposition": "honoured",
            "seed_disposition": "honoured",
        },
        "judge": {"model": "example-judge-model", "fingerprint": FINGERPRINT},
        "agent_conversation": "stateful",
        "configuration_fingerprint": CONFIGURATION,
        "probes": probes,
    }
    if rollup:
        model = EEResultFile.model_validate(doc)
        doc["rollup"] = ee_figures(model.probes).rollup().model_dump()
    EEResultFile.model_validate(doc)
    return doc


def slug(name: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split())


def write_examples(index_path: Path, out: Path, policy: str = "varied") -> list[Path]:
    """One example per corpus of the index, laid out as `out/results/<vertical>/<system>/…`."""
    index = load_index(index_path)
    written = []
    for corpus_id, entry in sorted(index.corpora.items()):
        corpus = load_indexed_corpus(index_path, entry)
        doc = example_result(corpus, corpus_id, entry.revision, policy)
        path = (
            out / "results" / entry.vertical / slug(doc["system"]["name"]) / f"{doc['run_id']}.json"
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump_json(doc), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="folder to write EXAMPLE results into (never results/)")
    parser.add_argument("--index", default="corpora/index.json")
    parser.add_argument("--policy", default="varied", choices=sorted(POLICIES))
    args = parser.parse_args(argv)
    out = Path(args.out)
    shipped = Path(__file__).resolve().parents[2] / "results"
    if shipped in (out.resolve(), *out.resolve().parents):
        print(
            f"refusing to write examples under {shipped}: examples stay out of results/",
            file=sys.stderr,
        )
        return 2
    for path in write_examples(Path(args.index), out, args.policy):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
