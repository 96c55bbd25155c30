"""Every registered rule fires on its failing fixture and is silent on its passing one.

Fixtures are data: `tests/fixtures/<CODE>/{pass,fail}/` holds either `case.json` (patches against
a base corpus in `tests/fixtures/base/`) or literal files. Adding a case is adding a folder.
Rules whose scope is not `corpus` (results) have their own discovery test beside their code,
over the same layout.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checker.registry import all_rules
from tests.conftest import FIXTURES, materialise_case, run_cli

CORPUS_RULES = [r.code for r in all_rules() if r.scope == "corpus"]


def _cases() -> list[tuple[str, str, Path]]:
    out = []
    for rule_dir in sorted(FIXTURES.iterdir()):
        if rule_dir.name == "base" or not rule_dir.is_dir():
            continue
        for kind in ("pass", "fail"):
            for case_dir in (
                sorted((rule_dir / kind).glob("*")) if (rule_dir / kind).is_dir() else []
            ):
                out.append((rule_dir.name, kind, case_dir))
            if (rule_dir / kind / "case.json").exists() or any((rule_dir / kind).glob("*.json")):
                out.append((rule_dir.name, kind, rule_dir / kind))
    # A fixture is either the kind folder itself (case.json / literal files) or sub-folders of it.
    return [
        (c, k, d) for c, k, d in out if c in CORPUS_RULES and d.is_dir() and any(d.glob("*.json"))
    ]


def _run(code: str, case_dir: Path, tmp_path: Path) -> tuple[int, list[dict[str, Any]], str]:
    case_file = case_dir / "case.json"
    case: dict[str, Any] = json.loads(case_file.read_text()) if case_file.exists() else {}
    command = case.get("command", "check")
    if case_file.exists() and "base" in case:
        target = materialise_case(case, tmp_path / "case")
    elif case_file.exists() and "file" in case:
        target = case_dir / case["file"]
    else:
        target = case_dir
    argv = [command, str(target), "--select", code, "--format", "json"]
    rc, out, err = run_cli(*argv)
    findings = json.loads(out) if rc in (0, 1) else []
    return rc, findings, err


CASES = _cases()


@pytest.mark.parametrize(
    ("code", "kind", "case_dir"), CASES, ids=[f"{c}-{k}-{d.name}" for c, k, d in CASES]
)
def test_fixture(code: str, kind: str, case_dir: Path, tmp_path: Path) -> None:
    rc, findings, err = _run(code, case_dir, tmp_path)
    codes = {f["code"] for f in findings}
    if kind == "fail":
        assert rc == 1, f"{code} did not fire on {case_dir} (exit {rc}; stderr {err!r})"
        assert codes == {code}, f"unexpected codes {codes}"
        expect = (
            json.loads((case_dir / "case.json").read_text()).get("expect")
            if (case_dir / "case.json").exists()
            else None
        )
        if expect:
            assert any(expect in f["message"] for f in findings), [f["message"] for f in findings]
    else:
        assert rc == 0, f"{code} fired on its passing fixture {case_dir}: {findings} {err}"


@pytest.mark.parametrize("code", CORPUS_RULES)
def test_every_corpus_rule_has_both_fixtures(code: str) -> None:
    kinds = {k for c, k, _ in CASES if c == code}
    assert kinds == {"pass", "fail"}, (
        f"rule {code} needs tests/fixtures/{code}/pass and /fail (has {sorted(kinds)})"
    )
