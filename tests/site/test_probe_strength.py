"""Every model-probe verdict on a vertical page sits beside the model's own strength (its V1
gold-only accuracy, or `unmeasured` with the reason), and where that is low or unknown the page
says in words that a pass on the leak probes certifies little."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from checker.formats.sidecar import ProbeRecord, Sidecar
from site_gen import verticals
from site_gen.markup import esc
from site_gen.sources import read_sources

ROOT = Path(__file__).resolve().parents[2]


def probe(model: str, outcomes: dict[str, str]) -> ProbeRecord:
    return ProbeRecord(
        status="measured", model=model, date="2026-12-06", outcomes=outcomes, applicable=4
    )


def sidecar(probes: dict[str, ProbeRecord]) -> Sidecar:
    return Sidecar.model_construct(probes=probes)


WEAK_V1 = {"q1": "correct", "q2": "wrong", "q3": "abstained", "q4": "inconclusive"}
PASSES = {"q1": "pass", "q2": "pass", "q3": "pass", "q4": "pass"}


def row(block: str, label: str) -> str:
    return next(line for line in block.splitlines() if line.startswith(f"| {esc(label)}"))


def test_a_weak_models_passes_sit_beside_its_v1_and_are_called_weak_evidence() -> None:
    block = verticals.probes_block(
        sidecar({"v1": probe("tiny", WEAK_V1), "v2": probe("tiny", PASSES)}), None
    )
    assert esc("the model's strength (V1 gold-only)") in block.splitlines()[0]
    v2 = row(block, "V2 non-inferability")
    assert "pass 4/4" in v2 and "V1 accuracy 0.33 (n=3): 1/3 correct" in v2  # inconclusive left out
    assert "V1 accuracy 0.33 (n=3)" in row(block, "V1 oracle answerability")
    assert "certifies little" in block and "`tiny`" in block


def test_a_verdict_without_v1_for_its_model_says_unmeasured_and_why() -> None:
    block = verticals.probes_block(
        sidecar({"v1": probe("other", WEAK_V1), "v3": probe("tiny", PASSES)}), None
    )
    why = esc("V1 ran with another model (other)")
    assert f"**unmeasured** ({why})" in row(block, "V3 gold-ablated")
    assert "certifies little" in block
    alone = verticals.probes_block(sidecar({"v2": probe("tiny", PASSES)}), None)
    assert f"**unmeasured** ({esc('V1 is unmeasured: ')}" in row(alone, "V2 non-inferability")


def test_a_strong_model_gets_no_warning_and_unmeasured_probes_no_strength() -> None:
    strong = {f"q{i}": "correct" for i in range(1, 10)} | {"q10": "wrong"}
    block = verticals.probes_block(
        sidecar({"v1": probe("big", strong), "v2": probe("big", PASSES)}), None
    )
    assert "V1 accuracy 0.90 (n=10): 9/10 correct" in row(block, "V2 non-inferability")
    assert "certifies little" not in block
    assert row(block, "V3 gold-ablated").rstrip().endswith("| — |")  # no verdict to weigh


def test_a_sampled_probe_shows_what_its_read_samples_said_beside_its_undecided_questions() -> None:
    undecided = {"q1": "inconclusive", "q2": "inconclusive", "q3": "pass", "q4": "fail"}
    record = probe("tiny", undecided).model_copy(
        update={
            "samples": 10,
            "hits": {"q1": 0, "q2": 1, "q3": 0, "q4": 2},
            "read": {"q1": 3, "q2": 8, "q3": 10, "q4": 9},
        }
    )
    v2 = row(verticals.probes_block(sidecar({"v2": record}), None), "V2 non-inferability")
    assert "inconclusive 2/4" in v2 and "fail 1/4" in v2 and "pass 1/4" in v2
    assert esc("samples: 3 reproduced gold of 30 the judge read (of 40 asked; 2 hits") in v2
    # A record without the count of samples read (written before it was kept) shows none.
    bare = record.model_copy(update={"read": {}})
    assert "samples:" not in row(verticals.probes_block(sidecar({"v2": bare}), None), "V2 non")


def test_a_provisional_page_names_exactly_the_unmeasured_probes_and_what_each_leaves_open() -> None:
    release = next(r for r in read_sources(ROOT).releases if r.sidecar is not None)
    assert release.sidecar is not None
    shipped: Sidecar = release.sidecar
    base = shipped.probes
    measured = ProbeRecord(status="measured", model="m", date="2026-12-07", outcomes={})

    def reasons(measured_names: set[str]) -> str:
        probes = {n: measured if n in measured_names else r for n, r in base.items()}
        unmeasured = {
            n: ProbeRecord(status="unmeasured", reason="r")
            for n in ("v1", "v2", "v3")
            if n not in measured_names
        }
        sidecar = shipped.model_copy(update={"probes": probes | unmeasured})
        return " ".join(verticals.provisional_reasons(replace(release, sidecar=sidecar)))

    only_v3 = reasons({"v1", "v2"})
    assert "the model probe V3 is unmeasured, so distractor plausibility is not yet" in only_v3
    assert "answerability" not in only_v3 and "non-inferability" not in only_v3
    none = reasons(set())
    assert (
        "the model probes V1, V2, V3 are unmeasured, so answerability, non-inferability and "
        "distractor plausibility are not yet established" in none
    )
    assert "model probe" not in reasons({"v1", "v2", "v3"})


def test_a_carried_record_says_which_bytes_the_model_ran_on() -> None:
    carried = probe("tiny", WEAK_V1).model_copy(
        update={"corpus_sha256": "b" * 64, "carried_from": "a" * 64}
    )
    v1 = row(verticals.probes_block(sidecar({"v1": carried}), "b" * 64), "V1 oracle")
    assert "the bytes the model ran on, `aaaaaaaaaaaa`" in v1 and "difficulty flags" in v1
    assert "stale" not in v1
    plain = probe("tiny", WEAK_V1).model_copy(update={"corpus_sha256": "b" * 64})
    assert "carried" not in row(verticals.probes_block(sidecar({"v1": plain}), "b" * 64), "V1")


def test_a_record_read_from_a_reference_run_names_the_run() -> None:
    source = "results/x/reference-full-context/reference-1.json"
    derived = probe("tiny", WEAK_V1).model_copy(
        update={"corpus_sha256": "b" * 64, "derived_from": source}
    )
    v8 = row(verticals.probes_block(sidecar({"v8": derived}), "b" * 64), "V8")
    assert f"read from the reference run `{source}`" in v8 and "stale" not in v8
    plain = probe("tiny", WEAK_V1).model_copy(update={"corpus_sha256": "b" * 64})
    assert "reference run" not in row(verticals.probes_block(sidecar({"v8": plain}), "b" * 64), "V8")
