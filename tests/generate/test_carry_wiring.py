"""The generator's own path reads the corpus and sidecar already on disk: beside a sidecar that
describes other bytes it keeps no probe record, says why, and stamps the difficulty flags
without V1. (Beside the shipped sidecar, `make reproduce` shows it keeps every record and
rebuilds every byte.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from checker.formats.sidecar import IndexEntry, ProbeRecord
from checker.load import load_index, load_ours, load_sidecar
from corpora.generate.core.pipeline import generate
from corpora.generate.core.vertical import generator_for

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "corpora"


def _carried_or_first_measured() -> IndexEntry:
    """The shipped corpus whose V1 the generator carried (its flags read V1), else the first
    whose V1 is measured."""
    entries = list(load_index(CORPORA / "index.json").corpora.values())

    def v1(entry: IndexEntry) -> ProbeRecord:
        path = CORPORA / entry.file
        return load_sidecar(path.with_name(path.stem + ".meta.json")).probes["v1"]

    measured = [e for e in entries if v1(e).status == "measured"]
    assert measured, "no shipped sidecar has V1 stamped"
    return next((e for e in measured if v1(e).carried_from), measured[0])


def test_a_sidecar_of_other_bytes_carries_nothing_and_the_flags_forget_v1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = _carried_or_first_measured()
    generator = generator_for(entry.vertical)
    assert generator is not None
    shipped = CORPORA / entry.file
    shipped_sidecar = shipped.with_name(shipped.stem + ".meta.json")
    earlier = tmp_path / "earlier" / Path(entry.file).parent
    earlier.mkdir(parents=True)
    # The same questions in other bytes (one more trailing newline): the shipped sidecar now
    # describes bytes that are not beside it.
    (earlier / shipped.name).write_bytes(shipped.read_bytes() + b"\n")
    shutil.copy(shipped_sidecar, earlier / shipped_sidecar.name)
    out = tmp_path / "out"
    outcome = generate(generator, out, entry.revision, probes_from=tmp_path / "earlier")
    assert outcome.passed, outcome.refusals
    assert "describes other bytes" in capsys.readouterr().err
    rebuilt = load_sidecar(out / Path(entry.file).with_suffix(".meta.json"))
    assert all(record.status == "unmeasured" for record in rebuilt.probes.values())
    assert all(not v.oracle_by_band for v in rebuilt.ladder.verdicts)
    carried = load_sidecar(shipped_sidecar).probes["v1"].carried_from
    flags = [q.typedmemeval for q in load_ours(out / entry.file).questions]
    shipped_flags = [q.typedmemeval for q in load_ours(shipped).questions]
    # Where the shipped flags were read through a carried V1, without it they differ.
    assert (flags != shipped_flags) == bool(carried)
