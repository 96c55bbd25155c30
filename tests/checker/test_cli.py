"""The CLI talks like ruff: findings, `Found N findings.`, exit 0/1/2, json and github formats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.commands import discover
from checker.registry import all_rules
from tests.conftest import ROOT, materialise_case, run_cli


@pytest.fixture
def dirty(tmp_path: Path) -> Path:
    return materialise_case(
        {
            "base": "forgetting",
            "patches": [{"op": "replace", "path": "/0/question_type", "value": "forgetting"}],
        },
        tmp_path / "d",
    )


def test_clean_corpus_exits_zero(forgetting_base: Path) -> None:
    rc, out, _ = run_cli("check", str(forgetting_base), "--select", "STR,TIM,DRV,LEK,IDN,REC")
    assert rc == 0
    assert out.strip().endswith("Found 0 findings.")


def test_text_format(dirty: Path) -> None:
    rc, out, _ = run_cli("check", str(dirty), "--select", "STR013")
    assert rc == 1
    lines = out.strip().splitlines()
    assert (
        lines[0]
        == f"{dirty}:tme-for-2612-001: STR013 question_type 'forgetting' should be 'forgetting-invalidated'"
    )
    assert lines[-1] == "Found 1 finding."


def test_json_format(dirty: Path) -> None:
    rc, out, _ = run_cli("check", str(dirty), "--select", "STR013", "--format", "json")
    assert rc == 1
    assert json.loads(out) == [
        {
            "code": "STR013",
            "message": "question_type 'forgetting' should be 'forgetting-invalidated'",
            "path": str(dirty),
            "question_id": "tme-for-2612-001",
        }
    ]


def test_github_format_is_automatic_under_actions(
    dirty: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    rc, out, _ = run_cli("check", str(dirty), "--select", "STR013")
    assert rc == 1
    assert out.startswith(f"::error file={dirty},title=STR013 tme-for-2612-001::question_type")


def test_ignore(dirty: Path) -> None:
    rc, _, _ = run_cli("check", str(dirty), "--select", "STR", "--ignore", "STR013")
    assert rc == 0


def test_folder_is_walked(dirty: Path) -> None:
    rc, out, _ = run_cli("check", str(dirty.parent), "--select", "STR013")
    assert rc == 1 and "STR013" in out


def test_an_unreadable_file_means_no_findings_summary(dirty: Path, tmp_path: Path) -> None:
    """Exit 2: the other files' findings are printed, but no `Found N findings.` that would
    read as a verdict on every file."""
    broken = tmp_path / "broken.json"
    broken.write_text("[")
    for form in ("text", "github"):
        rc, out, err = run_cli(
            "check", str(dirty), str(broken), "--select", "STR013", "--format", form
        )
        assert rc == 2
        assert "STR013" in out
        assert "Found" not in out
        assert err.strip().splitlines() == [
            f"typedmemeval: {broken}: malformed JSON at line 1, column 2: Expecting value"
        ]


def test_rules_lists_every_rule() -> None:
    rc, out, _ = run_cli("rules")
    assert rc == 0
    for r in all_rules():
        assert r.code in out
    rc, out, _ = run_cli("rules", "--format", "json")
    assert {row["code"] for row in json.loads(out)} == {r.code for r in all_rules()}


def test_every_rule_documents_its_reason_and_an_example() -> None:
    for r in all_rules():
        assert r.summary, r.code
        assert r.why, f"{r.code} needs a 'why' paragraph in its docstring"


def test_every_command_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    missing = [c.name for c in discover() if f"typedmemeval {c.name}" not in readme]
    assert not missing, f"commands missing from README.md: {missing}"


def test_no_command_is_usage_error() -> None:
    rc, _, err = run_cli()
    assert rc == 2 and "usage" in err


def test_public_names_match_all() -> None:
    import checker

    assert sorted(checker.__all__) == sorted(n for n in checker.__all__ if hasattr(checker, n))
    assert set(checker.__all__) >= {"check_paths", "audit", "Finding", "InputError"}


def test_the_checker_never_imports_the_generators() -> None:
    for path in (ROOT / "checker").rglob("*.py"):
        if path.parent.name == "commands":
            continue  # `typedmemeval generate` imports them lazily, inside its run()
        text = path.read_text()
        assert "corpora.generate" not in text, f"{path} imports the generators"
