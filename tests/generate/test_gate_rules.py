"""Which checker rules the generator's gate runs: all of them but the learned shortcut models."""

from __future__ import annotations

from checker.registry import all_rules
from corpora.generate.core.gate import MEASURED_NOT_GATED


def test_only_the_learned_shortcut_models_are_left_to_make_check() -> None:
    codes = {r.code for r in all_rules()}
    left = {c for c in codes if c.startswith(MEASURED_NOT_GATED)}
    assert left == {"SHC002", "SHC003"}
    assert {"SHC001", "LNG001", "LNG002"} <= codes - left
