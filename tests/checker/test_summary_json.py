"""`check --summary --format json`: the per-corpus sections as one JSON array on stderr."""

from __future__ import annotations

import json

from tests.conftest import FIXTURES, run_cli


def test_the_summary_is_json_with_the_format() -> None:
    base = FIXTURES / "base" / "forgetting"
    rc, _, err = run_cli("check", str(base), "--select", "LNG", "--summary", "--format", "json")
    assert rc == 0, err
    (record,) = json.loads(err)
    assert record["questions"] == 50 and record["mode"] == "ours"
    language = record["sections"]["language"]
    assert language[0].startswith("assistant turns: n=940;")
    assert "not gated below n=1000" in language[0]
    assert {"shortcuts", "separability"} <= set(record["sections"])
