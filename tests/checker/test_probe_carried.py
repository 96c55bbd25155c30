"""REC002 on records the generator carried to new bytes: `carried_from` names other bytes by
their sha256, and a probe whose prompts depend on the corpus hash is never carried."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.io import dump_json, sha256_file
from checker.load import sidecar_path_for
from tests.conftest import run_cli

OTHER = "a" * 64


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


def test_a_record_carried_from_other_bytes_is_accepted(forgetting_base: Path) -> None:
    _with_record(forgetting_base, "v1", OTHER)
    assert _rec002(forgetting_base) == []


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
    forgetting_base: Path, name: str, carried_from: str | None, says: str
) -> None:
    _with_record(forgetting_base, name, carried_from or sha256_file(forgetting_base))
    found = _rec002(forgetting_base)
    assert any(says in line for line in found), found
