"""Measured probe records survive regenerating the bytes they measured, and only those bytes."""

from __future__ import annotations

from pathlib import Path

from checker.formats.sidecar import ProbeRecord, Sidecar
from checker.load import load_sidecar
from corpora.generate.core.stamp import PROBES, UNMEASURED, carry_probes

ROOT = Path(__file__).resolve().parents[2]


def _generated() -> Sidecar:
    """A shipped sidecar as the generator writes it: every probe unmeasured."""
    sidecar = load_sidecar(sorted((ROOT / "corpora").glob("*/*.meta.json"))[0])
    fresh = {name: ProbeRecord(status="unmeasured", reason=UNMEASURED[name]) for name in PROBES}
    return sidecar.model_copy(update={"probes": fresh})


def _measured(sha256: str) -> ProbeRecord:
    return ProbeRecord(
        status="measured",
        model="m",
        date="2026-12-07",
        corpus_sha256=sha256,
        applicable=1,
        outcomes={"q": "correct"},
    )


def test_a_measured_record_of_the_same_bytes_is_kept_and_the_rest_stay_the_generators() -> None:
    generated = _generated()
    earlier = generated.model_copy(
        update={"probes": generated.probes | {"v1": _measured(generated.corpus_sha256)}}
    )
    carried = carry_probes(generated, earlier)
    assert carried.probes["v1"] == _measured(generated.corpus_sha256)
    assert {n: r for n, r in carried.probes.items() if n != "v1"} == {
        n: r for n, r in generated.probes.items() if n != "v1"
    }
    assert carried.model_copy(update={"probes": generated.probes}) == generated


def test_records_of_other_bytes_are_dropped() -> None:
    generated = _generated()
    other = "0" * 64
    # The earlier sidecar described other bytes: nothing of it is kept.
    earlier = generated.model_copy(
        update={"corpus_sha256": other, "probes": generated.probes | {"v1": _measured(other)}}
    )
    assert carry_probes(generated, earlier) == generated
    # A record naming other bytes inside a sidecar of these bytes is not kept either.
    stale = generated.model_copy(update={"probes": generated.probes | {"v2": _measured(other)}})
    assert carry_probes(generated, stale) == generated
    assert carry_probes(generated, None) == generated
