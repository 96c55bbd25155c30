"""`check --expected FILE`: listed findings are printed but pass; unlisted ones and stale lines
fail; nothing is hidden."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import materialise_case, run_cli


@pytest.fixture
def dirty(tmp_path: Path) -> Path:
    return materialise_case(
        {
            "base": "forgetting",
            "patches": [
                {"op": "replace", "path": "/0/question_type", "value": "wrong-type"},
                {"op": "replace", "path": "/1/question_type", "value": "wrong-type"},
            ],
        },
        tmp_path / "d",
    )


def _expect(folder: Path, dirty: Path, lines: list[str]) -> Path:
    listed = folder / "expected-findings.txt"
    rel = dirty.relative_to(folder)
    listed.write_text(
        "# known\n" + "".join(line.format(path=rel) + "\n" for line in lines), encoding="utf-8"
    )
    return listed


def test_listed_findings_are_printed_and_pass(tmp_path: Path, dirty: Path) -> None:
    listed = _expect(
        tmp_path, dirty, ["{path}:tme-for-2612-001: STR013", "{path}:tme-for-2612-002: STR013"]
    )
    rc, out, err = run_cli("check", str(dirty), "--select", "STR013", "--expected", str(listed))
    assert rc == 0
    assert out.count(" STR013 ") == 2 and "Found 2 findings." in out
    assert "2 of 2 findings are listed as expected" in err


def test_an_unlisted_finding_fails(tmp_path: Path, dirty: Path) -> None:
    listed = _expect(tmp_path, dirty, ["{path}:tme-for-2612-001: STR013"])
    rc, _, err = run_cli("check", str(dirty), "--select", "STR013", "--expected", str(listed))
    assert rc == 1
    assert "1 unexpected" in err


def test_a_stale_expectation_fails(tmp_path: Path, dirty: Path) -> None:
    listed = _expect(
        tmp_path,
        dirty,
        [
            "{path}:tme-for-2612-001: STR013",
            "{path}:tme-for-2612-002: STR013",
            "{path}:tme-for-2612-003: STR013",
        ],
    )
    rc, _, err = run_cli("check", str(dirty), "--select", "STR013", "--expected", str(listed))
    assert rc == 1
    assert "tme-for-2612-003 no longer occurs; remove the line" in err


def test_an_unreadable_line_is_a_usage_error(tmp_path: Path, dirty: Path) -> None:
    listed = tmp_path / "expected-findings.txt"
    listed.write_text("this is not a finding\n", encoding="utf-8")
    rc, _, err = run_cli("check", str(dirty), "--expected", str(listed))
    assert rc == 2
    assert f"{listed}:1" in err


def test_the_shipped_file_lists_only_parseable_lines() -> None:
    from checker.expected import read_expectations

    root = Path(__file__).resolve().parents[2]
    for e in read_expectations(root / "corpora" / "expected-findings.txt"):
        assert e.path.is_file(), f"{e.origin}: {e.path} does not exist"
