"""REC002 on records the generator carried to new bytes: `carried_from` names other bytes by
their sha256, and a probe whose prompts depend on the corpus hash is never carried."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from checker.io import dump_json, sha256_file
from checker.load import load_index, sidecar_path_for
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]
OTHER = "a" * 64


@pytest.fixture
def shipped_copy(tmp_path: Path) -> Path:
    """A writable copy of the first shipped corpus in the release index, with its sidecar."""
    entry = next(iter(load_index(ROOT / "corpora" / "index.json").corpora.values()))
    corpus = ROOT / "corpora" / entry.file
    shutil.copy(corpus, tmp_path / corpus.name)
    shutil.copy(sidecar_path_for(corpus), tmp_path / sidecar_path_for(corpus).name)
    return tmp_path / corpus.name


def _with_record(corpus: Path, name: str, carried_from: str) -> None:
    """Stamp a measured record of `name` that names the corpus's bytes, carried from others."""
    meta = sidecar_path_for(corpus)
    sidecar = json.loads(meta.read_text())
    sidecar["probes"][name] = {
        "status": "measured",
        "model": "m",
        "date": "2026-12-07",
        "corpus_sha256": sha256_file(corpus),
        "carried_from": carried_from,
    }
    meta.write_text(dump_json(sidecar))


def _rec002(corpus: Path) -> list[str]:
    _, out, _ = run_cli("check", str(corpus), "--select", "REC002")
    return [line for line in out.splitlines() if "REC002" in line]


def test_a_record_carried_from_other_bytes_is_accepted(shipped_copy: Path) -> None:
    _with_record(shipped_copy, "v1", OTHER)
    assert _rec002(shipped_copy) == []


@pytest.mark.parametrize(
    ("name", "carried_from", "says"),
    [
        ("v1", "not-a-hash", "not a sha256"),
        ("v1", "A" * 64, "not a sha256"),
        ("v1", None, "carried_from the bytes it names"),
        ("v9", OTHER, "its prompts depend on the corpus hash"),
    ],
)
def test_a_carried_record_that_cannot_be_true_is_refused(
    shipped_copy: Path, name: str, carried_from: str | None, says: str
) -> None:
    _with_record(shipped_copy, name, carried_from or sha256_file(shipped_copy))
    found = _rec002(shipped_copy)
    assert any(says in line for line in found), found
