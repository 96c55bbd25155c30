"""Every RES rule fires on its failing fixtures (and nothing else does) and is silent on its
passing ones; every unreadable or hostile file is exit 2 with one clear line. Fixtures are data
under tests/fixtures/RES<nnn>/{pass,fail}/<case>/case.toml and
tests/fixtures/results-unreadable/<case>/case.toml (layout: tests/results/result_cases.py)."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import checker.results.validate as validate
from checker.registry import all_rules
from tests.conftest import FIXTURES, run_cli
from tests.results.result_cases import materialise, read_case

RESULT_RULES = sorted(r.code for r in all_rules() if r.scope == "result")
UNREADABLE = FIXTURES / "results-unreadable"


def _cases() -> list[tuple[str, str, Path]]:
    out = []
    for rule_dir in sorted(FIXTURES.glob("RES[0-9][0-9][0-9]")):
        for kind in ("pass", "fail"):
            for case_dir in sorted((rule_dir / kind).glob("*/case.toml")):
                out.append((rule_dir.name, kind, case_dir.parent))
    return out


CASES = _cases()
BAD_FILES = sorted(p.parent for p in UNREADABLE.glob("*/case.toml"))


def _check(target: Path, select: str = "RES") -> tuple[int, list[dict[str, Any]], str]:
    rc, out, err = run_cli("check", str(target), "--select", select, "--format", "json")
    return rc, (json.loads(out) if rc in (0, 1) else []), err


def _raw_controls(text: str) -> list[str]:
    """Characters of `text` that are not printable (line feeds between lines aside)."""
    return [ch for ch in text if ch != "\n" and not ch.isprintable()]


def assert_one_line_each(target: Path, findings: list[dict[str, Any]]) -> None:
    """In text and GitHub form, each finding is one line of printable text (plus the summary),
    whatever the file name, keys and values held."""
    for form in ("text", "github"):
        _, out, err = run_cli("check", str(target), "--select", "RES", "--format", form)
        lines = out.splitlines()
        assert len(lines) == len(findings) + 1, (form, lines)
        assert lines[-1] == f"Found {len(findings)} finding{'s' if len(findings) != 1 else ''}."
        bad = _raw_controls(out + err)
        assert not bad, (form, [f"U+{ord(c):04X} {unicodedata.category(c)}" for c in bad])
        assert all(len(line) < 2000 for line in lines), [len(line) for line in lines]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Set the checker's clock for one case (`today = "YYYY-MM-DD"`)."""

    def set_today(day: str | None) -> None:
        if day is not None:
            fixed = date.fromisoformat(day)
            monkeypatch.setattr(validate, "CLOCK", lambda: fixed)

    return set_today


@pytest.mark.parametrize(
    ("code", "kind", "case_dir"), CASES, ids=[f"{c}-{k}-{d.name}" for c, k, d in CASES]
)
def test_result_fixture(
    code: str, kind: str, case_dir: Path, corpora_index: Path, case_root: Path, clock: Any
) -> None:
    case = read_case(case_dir)
    clock(case.get("today"))
    target = materialise(case, corpora_index, case_root)
    rc, findings, err = _check(target)
    codes = {f["code"] for f in findings}
    if kind == "pass":
        assert rc == 0, f"{case_dir} should pass every RES rule: {findings} {err}"
        return
    expect = case.get("expect", {})
    assert rc == 1, f"{code} did not fire on {case_dir} (exit {rc}; stderr {err!r})"
    assert codes == set(expect.get("codes", [code])), f"{case_dir}: codes {codes}: {findings}"
    assert code in codes
    if "message" in expect:
        assert any(expect["message"] in f["message"] for f in findings), findings
    assert "Traceback" not in err
    assert_one_line_each(target, findings)


@pytest.mark.parametrize("code", RESULT_RULES)
def test_every_result_rule_has_both_fixtures(code: str) -> None:
    kinds = {k for c, k, _ in CASES if c == code}
    assert kinds == {"pass", "fail"}, (
        f"rule {code} needs tests/fixtures/{code}/pass/<case>/case.toml and /fail/ (has {kinds})"
    )


@pytest.mark.parametrize("case_dir", BAD_FILES, ids=[d.name for d in BAD_FILES])
def test_unreadable_result_is_one_clear_line(
    case_dir: Path, corpora_index: Path, case_root: Path, clock: Any
) -> None:
    case = read_case(case_dir)
    clock(case.get("today"))
    target = materialise(case, corpora_index, case_root)
    rc, out, err = run_cli("check", str(target))
    assert rc == 2, f"{case_dir}: exit {rc}, stdout {out!r}, stderr {err!r}"
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one line, got {lines}"
    assert lines[0].startswith(f"typedmemeval: {target}"), lines[0]
    assert case["expect"]["message"] in lines[0], lines[0]
    assert not re.search(r"Traceback|File \"", err)
    assert out == "", f"an exit-2 run prints no findings summary: {out!r}"
    assert not _raw_controls(err), err
