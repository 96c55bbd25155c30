"""The content stage's one bounded walk and the shortcuts its rules take equal the plain
definitions they replace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.escape import quoted
from checker.io import InputError, parse_json
from checker.json_nodes import MAX_DEPTH, MAX_NODES, PLAIN_KEY_RE, Node, walk
from checker.registry import get_rule
from checker.results.validate import ResultContext
from checker.rules.results import (
    DECLARED,
    FLAGGED_WORDS,
    MARKUP_RE,
    _flagged_names,
    _may_hold_markup,
    _words,
)

SETTINGS = settings(max_examples=300, derandomize=True, database=None, deadline=None)
keys = st.one_of(
    st.text(max_size=10),
    st.sampled_from(
        ["overallScore", "answer_text", "answer_model", "Score", "a b", "x\ny", "rows", "İscore"]
    ),
)
documents = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=30,
)


def reference_walk(value: Any, path: str = "$") -> list[tuple[str, str | None, Any]]:
    """The plain recursive definition: every node, depth first, in document order."""
    out: list[tuple[str, str | None, Any]] = []
    items = (
        list(value.items())
        if isinstance(value, dict)
        else list(enumerate(value))
        if isinstance(value, list)
        else []
    )
    for key, item in items:
        if isinstance(key, int):
            sub = f"{path}[{key}]"
        else:
            sub = f"{path}.{key}" if PLAIN_KEY_RE.match(key) else f"{path}[{quoted(key, 40)}]"
        out.append((sub, key if isinstance(key, str) else None, item))
        out.extend(reference_walk(item, sub))
    return out


@SETTINGS
@given(documents)
def test_the_walk_equals_the_recursive_definition(doc: Any) -> None:
    walked = walk(doc)
    assert walked.refusal is None
    assert [tuple(n) for n in walked.nodes] == reference_walk(doc)


def test_the_walk_stops_at_the_depth_and_node_limits() -> None:
    deep: list[Any] = []
    here = deep
    for _ in range(MAX_DEPTH):
        here.append([])
        here = here[0]
    assert walk(deep).refusal is None  # MAX_DEPTH levels below the root: allowed
    here.append(0)
    refusal = walk(deep).refusal
    assert refusal is not None and refusal.startswith(f"is nested more than {MAX_DEPTH} levels")
    assert "$" + "[0]" * (MAX_DEPTH + 1) in refusal
    assert walk([0] * MAX_NODES).refusal is None
    assert "holds more than 250,000 JSON values" in (walk([0] * (MAX_NODES + 1)).refusal or "")


def test_the_nesting_rule_states_the_limits_it_applies() -> None:
    rule = get_rule("RES008")
    assert f"at most {MAX_DEPTH} levels deep" in rule.summary
    assert f"at most {MAX_NODES:,} JSON values" in rule.summary


@SETTINGS
@given(st.lists(keys, max_size=30))
def test_flagged_names_equal_the_words_of_every_name(names: list[str]) -> None:
    raw = {"kind": "typedmemeval-result", "extra": {name: 0 for name in names}}
    ctx = ResultContext(Path("x.json"), raw=raw, kind="result", nodes=walk(raw))
    expected: dict[str, frozenset[str]] = {}
    for name in {"kind", "extra", *names} - DECLARED["result"]:
        words = _words(name) & FLAGGED_WORDS
        if words:
            expected[name] = words
    assert _flagged_names(ctx) == expected


@SETTINGS
@given(st.text(alphabet="<>:=/ !?aAsScCjJvVtTdDoOnNeErRlLiIpP\t\n", max_size=30))
def test_the_markup_shortcut_never_skips_markup(text: str) -> None:
    if MARKUP_RE.search(text):
        assert _may_hold_markup(text)


def test_a_duplicate_key_is_named_and_other_objects_are_read_whole() -> None:
    with pytest.raises(InputError, match='duplicate key "b" in one object'):
        parse_json(Path("x.json"), b'{"a": 1, "b": 2, "c": 3, "b": 4, "a": 5}')
    doc = {f"k{i}": i for i in range(1000)}
    assert parse_json(Path("x.json"), json.dumps(doc).encode()) == doc


def test_a_node_is_a_plain_record() -> None:
    assert Node("$.a", "a", 1) == ("$.a", "a", 1)
