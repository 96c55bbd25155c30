"""`check` and `audit` on hostile corpora: a finding or a clear refusal, never a traceback, and
never a value read leniently into the answer key.

The caps are lowered here so that each shape stays a few kilobytes; `python -m checker.bench
hostile` runs the full-size shapes against the memory ceiling."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checker.io import InputError, dump_json, sha256_bytes
from checker.load import load_index
from tests.conftest import BASES, run_cli

BASE = BASES / "forgetting" / "typedmemeval-forgetting-2026.12.json"


def _questions(count: int = 3) -> list[dict[str, Any]]:
    questions: list[dict[str, Any]] = json.loads(BASE.read_text())[:count]
    return questions


def _ours(tmp_path: Path, text: str) -> Path:
    """A copy of the base corpus folder whose corpus file is `text` (sidecar and index
    re-stamped with its hash)."""
    folder = tmp_path / "ours"
    folder.mkdir()
    corpus = folder / BASE.name
    corpus.write_text(text, encoding="utf-8")
    sha = sha256_bytes(text.encode())
    for name in ("typedmemeval-forgetting-2026.12.meta.json", "index.json"):
        doc = json.loads((BASES / "forgetting" / name).read_text())
        if "corpus_sha256" in doc:
            doc["corpus_sha256"] = sha
        for entry in doc.get("corpora", {}).values():
            entry["sha256"] = sha
        (folder / name).write_text(dump_json(doc))
    return corpus


def _with_surrogate(text: str) -> str:
    """The base corpus text with a lone surrogate escaped into question 0's first turn."""
    marker = '"My neighbour got a sofa recently.'
    assert marker in text
    return text.replace(marker, '"\\ud800My neighbour got a sofa recently.', 1)


def _findings(out: str) -> list[dict[str, Any]]:
    findings: list[dict[str, Any]] = json.loads(out)
    return findings


# --- 7. a lone surrogate is a finding, never a traceback -----------------------------------


def test_a_lone_surrogate_under_check_is_a_finding(tmp_path: Path) -> None:
    corpus = _ours(tmp_path, _with_surrogate(BASE.read_text()))
    rc, out, err = run_cli("check", str(corpus), "--format", "json", "--select", "TXT002")
    assert rc == 1, err
    (finding,) = _findings(out)
    assert finding["code"] == "TXT002"
    assert finding["question_id"] == "tme-for-2612-001"
    assert "$[0].haystack_sessions[0][0].content" in finding["message"]
    assert "at character 0" in finding["message"]
    assert "Traceback" not in err


def test_a_lone_surrogate_under_audit_runs_every_rule(tmp_path: Path) -> None:
    path = tmp_path / "foreign.json"
    path.write_text(_with_surrogate(json.dumps(_questions())))
    rc, out, err = run_cli("audit", str(path))
    assert rc == 1, err
    assert "TXT002" in out and "tme-for-2612-001" in out
    assert "Found" in out and "Traceback" not in err


def test_a_surrogate_in_a_question_id_is_printed_mended(tmp_path: Path) -> None:
    questions = _questions()
    text = json.dumps(questions).replace('"tme-for-2612-002"', '"tme-for-2612-002\\udfff"', 1)
    path = tmp_path / "foreign.json"
    path.write_text(text)
    rc, out, err = run_cli("audit", str(path), "--select", "TXT002")
    assert rc == 1, err
    assert "tme-for-2612-002\ufffd" in out
    assert "question_id" in out


def test_bytes_that_are_not_utf8_are_unreadable_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "foreign.json"
    path.write_bytes(json.dumps(_questions()).encode().replace(b"sofa", b"so\xffa", 1))
    rc, _, err = run_cli("audit", str(path))
    assert rc == 2 and "not UTF-8" in err and "Traceback" not in err


# --- 2. over-long text is cut before measurement and reported ----------------------------


def test_an_over_long_token_is_cut_and_reported(tmp_path: Path) -> None:
    questions = _questions()
    questions[0]["haystack_sessions"][0][0]["content"] += " " + "q" * 5_000
    path = tmp_path / "foreign.json"
    path.write_text(json.dumps(questions))
    rc, out, err = run_cli("audit", str(path), "--select", "TXT001", "--format", "json")
    assert rc == 1, err
    (finding,) = _findings(out)
    assert "a token of 5,000 characters" in finding["message"]
    assert finding["question_id"] == "tme-for-2612-001"


@pytest.mark.parametrize(
    ("cap", "value", "expect"),
    [
        ("TURN_CAP", 200, "a turn of"),
        ("SESSION_CAP", 300, "a session of"),
        ("HAYSTACK_CAP", 3, "a haystack of"),
    ],
)
def test_over_long_turns_sessions_and_haystacks_are_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cap: str, value: int, expect: str
) -> None:
    from checker import textguard

    monkeypatch.setattr(textguard, cap, value)
    questions = _questions()
    questions[0]["haystack_sessions"][0][0]["content"] = "word " * 100
    path = tmp_path / "foreign.json"
    path.write_text(json.dumps(questions))
    rc, out, err = run_cli("audit", str(path), "--format", "json")
    assert rc == 1, err
    cut = [f for f in _findings(out) if f["code"] == "TXT001"]
    assert cut and all(expect in f["message"] for f in cut), cut
    assert "Traceback" not in err


def test_shipped_text_is_far_below_every_cap() -> None:
    from checker import textguard

    questions = json.loads(BASE.read_text())
    assert textguard.guard(BASE.read_bytes(), questions) == []


def test_a_crowded_haystack_prints_no_numeric_warning(tmp_path: Path) -> None:
    # Thousands of sessions sharing a few words: a binomial tail under the smallest double.
    questions = _questions(3)
    q = questions[0]
    count = 4_000
    q["haystack_session_ids"] = [f"t{i}" for i in range(count)]
    q["haystack_dates"] = [q["haystack_dates"][0]] * count
    q["haystack_sessions"] = [
        [{"role": "user", "content": f"note {i % 97}", "has_answer": i == 0}] for i in range(count)
    ]
    q["answer_session_ids"] = ["t0"]
    path = tmp_path / "crowded.json"
    path.write_text(json.dumps(questions))
    # pytest turns every warning into an error: a RuntimeWarning would fail this call.
    rc, out, err = run_cli("audit", str(path), "--select", "SEP")
    assert rc in (0, 1), err
    assert "RuntimeWarning" not in out + err


# --- 8. strict booleans, and index entries inside the index's folder ----------------------


def test_a_string_has_answer_is_refused_by_audit(tmp_path: Path) -> None:
    questions = _questions()
    questions[0]["haystack_sessions"][0][0]["has_answer"] = "false"
    path = tmp_path / "foreign.json"
    path.write_text(json.dumps(questions))
    rc, _, err = run_cli("audit", str(path))
    assert rc == 2
    assert "has_answer: must be true or false, found a string" in err


def test_a_string_has_answer_is_refused_by_check(tmp_path: Path) -> None:
    text = BASE.read_text()
    marker = '"has_answer": false'
    assert marker in text
    corpus = _ours(tmp_path, text.replace(marker, '"has_answer": "false"', 1))
    rc, _, err = run_cli("check", str(corpus))
    assert rc == 2 and "has_answer" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "entry",
    ["/proc/self/environ", "../outside.json", "a/../../b.json", ".hidden.json", "a\\b.json", ""],
)
def test_an_index_entry_outside_its_folder_is_refused(tmp_path: Path, entry: str) -> None:
    doc = json.loads((BASES / "forgetting" / "index.json").read_text())
    for value in doc["corpora"].values():
        value["file"] = entry
    path = tmp_path / "index.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(InputError, match="file"):
        load_index(path)


def test_a_run_on_an_escaping_index_is_refused_before_reading(tmp_path: Path) -> None:
    doc = json.loads((BASES / "forgetting" / "index.json").read_text())
    for value in doc["corpora"].values():
        value["file"] = "/proc/self/environ"
    index = tmp_path / "index.json"
    index.write_text(json.dumps(doc))
    rc, _, err = run_cli(
        "run",
        "typedmemeval-forgetting-2026.12",
        "--index",
        str(index),
        "--system",
        "no-memory",
        "--run-id",
        "x1",
        "--judge-model",
        "j",
        "--work",
        str(tmp_path / "work"),
    )
    assert rc == 2 and "release index" in err
    assert "PATH=" not in err


def test_one_unpunctuated_turn_pairs_a_bounded_number_of_words(tmp_path: Path) -> None:
    from checker.load import load_foreign
    from checker.separability.haystack import _text_units, tokens

    questions = _questions(2)
    words = [f"w{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}{chr(97 + i // 676)}" for i in range(600)]
    questions[0]["haystack_sessions"][0][0]["content"] = " ".join(words)
    path = tmp_path / "foreign.json"
    path.write_text(json.dumps(questions))
    units = _text_units(tokens(load_foreign(path)))
    # 600 distinct words in one sentence would make 179,700 pairs; the sentence is paired over
    # its first 64, and the rest of the two questions add a few thousand.
    assert len(units.code["pair"]) < 20_000


def test_a_streamed_foreign_file_is_guarded_record_by_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from checker.importers import foreign

    monkeypatch.setattr(foreign, "STREAM_ABOVE", 0)  # every file is read record by record
    questions = _questions()
    questions[1]["haystack_sessions"][0][0]["content"] += " " + "q" * 5_000
    path = tmp_path / "foreign.json"
    path.write_text(_with_surrogate(json.dumps(questions)))
    rc, out, err = run_cli("audit", str(path), "--select", "TXT", "--format", "json")
    assert rc == 1, err
    found = {(f["code"], f["question_id"]) for f in _findings(out)}
    # Streamed, a surrogate is found by its byte offset (the parser reads it as '?').
    assert found == {("TXT002", None), ("TXT001", "tme-for-2612-002")}
    assert any("lone surrogate escape" in f["message"] for f in _findings(out))


@pytest.mark.parametrize("chunk", [7, 12, 13, 64, 1 << 20])
def test_lone_escapes_are_found_across_block_boundaries(tmp_path: Path, chunk: int) -> None:
    from checker.textguard import lone_escapes_in_file

    text = '["ab\\ud800", "\\ud83d\\ude00 pair", "x\\ude01", "\\ud83d\\ud83d", "end"]'
    path = tmp_path / "escapes.json"
    path.write_text(text)
    notes = lone_escapes_in_file(path, chunk=chunk)
    expected = [text.index("\\ud800"), text.index("\\ude01"), text.index("\\ud83d\\ud83d")]
    expected.append(expected[-1] + 6)
    assert [n.message for n in notes] == [
        f"byte {at:,}: a lone surrogate escape (read as '?')" for at in expected
    ]
