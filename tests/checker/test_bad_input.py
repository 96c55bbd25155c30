"""Bad input never produces a traceback: one clear line on stderr and exit 2."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import materialise_case, run_cli


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one line, got: {err!r}"
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return materialise_case({"base": "forgetting"}, tmp_path / "c")


def _write(corpus: Path, data: bytes) -> Path:
    corpus.write_bytes(data)
    return corpus


@pytest.mark.parametrize(
    ("label", "data", "expect"),
    [
        (
            "truncated JSON",
            b'[{"question_id": "tme-for-2612-001", "question',
            "malformed JSON at line 1, column",
        ),
        ("object where an array belongs", b'{"question_id": "x"}', "the top level is a"),
        ("empty file", b"", "file is empty"),
        ("whitespace only", b"  \n\t ", "file is empty"),
        ("binary bytes", bytes(range(256)) * 4, "not UTF-8"),
        ("NaN", b"[NaN]", "NaN is not valid JSON"),
        ("duplicate key", b'[{"a": 1, "a": 2}]', 'duplicate key "a"'),
        ("empty array", b"[]", "holds no questions"),
        (
            "a number where a question belongs",
            b"[1]",
            "a question is a JSON object, found a number",
        ),
    ],
)
def test_unreadable_corpus(corpus: Path, label: str, data: bytes, expect: str) -> None:
    _write(corpus, data)
    rc, _, err = run_cli("check", str(corpus))
    assert rc == 2, label
    line = _one_line(err)
    assert expect in line, line
    assert str(corpus) in line


def test_number_where_a_session_belongs(corpus: Path) -> None:
    doc = json.loads(corpus.read_text())
    doc[2]["haystack_sessions"][3] = 42
    corpus.write_text(json.dumps(doc))
    rc, _, err = run_cli("check", str(corpus))
    assert rc == 2
    line = _one_line(err)
    assert "tme-for-2612-003" in line and "$[2].haystack_sessions[3]" in line, line


def test_unknown_role_is_named(corpus: Path) -> None:
    doc = json.loads(corpus.read_text())
    doc[0]["haystack_sessions"][1][0]["role"] = "narrator"
    corpus.write_text(json.dumps(doc))
    rc, _, err = run_cli("check", str(corpus))
    assert rc == 2
    line = _one_line(err)
    assert "role" in line and "tme-for-2612-001" in line, line
    rc, _, err = run_cli("audit", str(corpus))
    assert rc == 2
    assert "unknown role 'narrator'" in _one_line(err)


def test_unknown_field_is_refused_in_our_format(corpus: Path) -> None:
    doc = json.loads(corpus.read_text())
    doc[0]["typedmemeval"]["secret"] = 1
    corpus.write_text(json.dumps(doc))
    rc, _, err = run_cli("check", str(corpus))
    assert rc == 2
    assert "secret" in _one_line(err)


def test_fifty_megabytes_of_garbage(corpus: Path) -> None:
    with corpus.open("wb") as fh:
        chunk = os.urandom(1 << 20)
        for _ in range(50):
            fh.write(chunk)
    rc, _, err = run_cli("check", str(corpus))
    assert rc == 2
    assert "not UTF-8" in _one_line(err) or "malformed" in _one_line(err)


def test_oversized_file_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import checker.io as cio

    monkeypatch.setattr(cio, "MAX_CORPUS_BYTES", 1000)
    path = materialise_case({"base": "forgetting"}, tmp_path / "c")
    from checker.load import load_ours

    with pytest.raises(cio.InputError, match="over the 1,000-byte limit"):
        load_ours(path)


def test_missing_sidecar(corpus: Path) -> None:
    corpus.with_name(corpus.name.replace(".json", ".meta.json")).unlink()
    rc, _, err = run_cli("check", str(corpus))
    assert rc == 2
    assert "sidecar" in _one_line(err) and "missing" in _one_line(err)


def test_missing_path(tmp_path: Path) -> None:
    rc, _, err = run_cli("check", str(tmp_path / "nope.json"))
    assert rc == 2
    assert "no such file" in _one_line(err)


def test_bad_sidecar(corpus: Path) -> None:
    meta = corpus.with_name(corpus.name.replace(".json", ".meta.json"))
    doc = json.loads(meta.read_text())
    doc["question_count"] = "fifty"
    meta.write_text(json.dumps(doc))
    rc, _, err = run_cli("check", str(corpus))
    assert rc == 2
    line = _one_line(err)
    assert "sidecar" in line and "$.question_count" in line, line


def test_unknown_rule_selector(corpus: Path) -> None:
    rc, _, err = run_cli("check", str(corpus), "--select", "XYZ")
    assert rc == 2
    assert "unknown rule code" in _one_line(err)


def test_bad_option_is_usage_error(corpus: Path) -> None:
    rc, _, err = run_cli("check", str(corpus), "--format", "yaml")
    assert rc == 2
    assert "Traceback" not in err


def test_folder_without_json(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    rc, _, err = run_cli("check", str(tmp_path / "empty"))
    assert rc == 2
    assert "no JSON files" in _one_line(err)


def test_crlf_does_not_change_the_hash(corpus: Path, tmp_path: Path) -> None:
    from checker.io import sha256_bytes

    data = corpus.read_bytes()
    assert sha256_bytes(data) == sha256_bytes(data.replace(b"\n", b"\r\n"))
    shutil.copy(corpus, tmp_path / "copy.json")


def test_one_unreadable_file_does_not_hide_the_others(tmp_path: Path) -> None:
    good = materialise_case(
        {
            "base": "forgetting",
            "patches": [{"op": "replace", "path": "/0/question_type", "value": "x"}],
        },
        tmp_path / "good",
    )
    bad = materialise_case({"base": "forgetting"}, tmp_path / "bad")
    bad.write_bytes(b"[")
    rc, out, err = run_cli("check", str(good), str(bad), "--select", "STR013")
    assert rc == 2
    assert "STR013" in out
    assert "malformed JSON" in _one_line(err)
