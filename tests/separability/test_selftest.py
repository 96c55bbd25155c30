"""`typedmemeval check --self-test`: wiring, a few planted defects, and a real-file base.

The full self-test (every plant and the 20-copy calibration) is a CLI step of its own in CI;
here a subset keeps the suite short.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from checker import selftest
from checker.selftest_plants import RULE_PLANTS
from checker.separability.plants import PLANTS
from tests.conftest import run_cli

FIXTURE_BASE = (
    Path(__file__).resolve().parents[1]
    / "fixtures/base/separability/typedmemeval-prospective-2026.12.json"
)


def test_flag_runs_the_self_test_and_returns_its_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Path | None] = []

    def fake(base: Path | None, out: io.TextIOBase) -> int:
        seen.append(base)
        return 1

    monkeypatch.setattr(selftest, "run_self_test", fake)
    rc, _, _ = run_cli("check", "--self-test")
    assert (rc, seen) == (1, [None])
    rc, _, _ = run_cli("check", "--self-test", "--self-test-base", "x.json")
    assert (rc, seen[-1]) == (1, Path("x.json"))


def test_every_spec_defect_class_is_planted_and_names_its_rule() -> None:
    names = " | ".join(p.name for p in PLANTS)
    for defect in (
        "marker string on gold only",
        "acknowledgement word",
        "glyph",
        "pooling hides",
        "slice tell",
        "first-turn tell",
        "role-order",
        "stopword bigram",
        "punctuation boundary (must not refuse)",
        "G=2",
        "type-token",
        "punctuation tell",
        "minority",
        "no reason",
        "exempt with a reason (must not refuse)",
    ):
        assert defect in names, defect
    assert all(p.expect or "must not refuse" in p.name for p in PLANTS)


def test_the_rules_beyond_v7_have_their_plants_and_each_runs_alone() -> None:
    named = {p.name: p for p in RULE_PLANTS}
    assert {code for p in RULE_PLANTS for code in p.expect} == {"IDN004", "TIM003", "CAL003"}
    for plant in RULE_PLANTS:
        assert plant.rules, plant.name
        assert set(plant.expect) <= set(plant.rules), plant.name
    assert any("must not refuse" in name for name in named)


def test_the_plants_beyond_v7_are_refused_by_their_rules() -> None:
    out = io.StringIO()
    code = selftest.run_self_test(
        None, out, only=("_abs-like", "ambiguous weekday", "flat ladder", "same ladder")
    )
    text = out.getvalue()
    assert code == 0, text
    assert "[ok] _abs-like session id -> IDN004" in text
    assert "[ok] ambiguous weekday (next <weekday>) -> TIM003" in text
    assert "[ok] flat ladder that falls on four questions, stamped validated -> CAL003" in text
    assert "thin-band" in text
    assert "[ok] the same ladder stamped unvalidated (must not refuse) -> not refused" in text
    assert "and CAL003, IDN004, SHC001, SHC002, SHC003, SHC004, TIM003 silent" in text


def test_subset_on_the_synthetic_base() -> None:
    out = io.StringIO()
    code = selftest.run_self_test(
        None, out, only=["stopword bigram", "role-order", "G=2", "across a punctuation"]
    )
    text = out.getvalue()
    assert code == 0, text
    assert "[ok] role-order tell with equal counts -> SEP002 roles." in text
    assert "[ok] phrase across a punctuation boundary (must not refuse) -> not refused" in text


def test_subset_on_a_corpus_file_with_its_sidecar() -> None:
    out = io.StringIO()
    code = selftest.run_self_test(FIXTURE_BASE, out, only=["first-turn", "reason"])
    assert code == 0, out.getvalue()
    assert "[ok] clean base passes" in out.getvalue()
