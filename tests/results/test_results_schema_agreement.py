"""The checker's result models and the published JSON Schemas accept exactly the same files.

`schemas/result.schema.json` and `schemas/ee-result.schema.json` are generated from the models;
a submitter may validate with any JSON Schema validator, so a file one accepts and the other
refuses is a bug in one of them. Hypothesis mutates valid result files — a value replaced by
another JSON value or by a near miss (`"0.0"` for 0.0, `true` for 1, `1.0` for 1, a timestamp or
an integer for a date, a trailing line feed, a Unicode digit, a bidi character), a key deleted
or added, a list grown or emptied — and every mutant must get the same verdict from pydantic and
from `Draft202012Validator` (with and without format checking).

The mutants are JSON documents as `json.loads` returns them: strings hold no lone surrogates
(a file holding one is not Unicode text, and the checker's RES007 refuses it before any schema).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from pydantic import BaseModel, ValidationError

from checker.formats.result import EEResultFile, ResultFile
from checker.schemas import render
from tests.results.result_cases import build

MODELS: dict[str, type[BaseModel]] = {"result": ResultFile, "ee-result": EEResultFile}
PLAIN = {name: Draft202012Validator(json.loads(render(name))) for name in MODELS}
FORMATS = {
    name: Draft202012Validator(
        json.loads(render(name)), format_checker=Draft202012Validator.FORMAT_CHECKER
    )
    for name in MODELS
}

NEAR_MISS_STRINGS = [
    "",
    " ",
    "0",
    "0.0",
    "1",
    "true",
    "null",
    "2026-12-01",
    "2026-12-01\n",
    "2026-12-01T00:00:00",
    "2026-12-01T00:00:00Z",
    "20261201",
    "2026-W48-2",
    "2026-02-29",
    "2028-02-29",
    "2100-02-29",
    "2026-13-01",
    "2026-04-31",
    "1999-12-31",
    "٢٠٢٦-١٢-٠١",
    "tme-for-2612-001",
    "tme-for-2612-001\n",
    "tme-for-٢٦١٢-001",
    "typedmemeval-forgetting-2026.12",
    "2026.12",
    "2026.12\n",
    "٢٠٢٦.١٢",
    "e" * 16,
    "e" * 11,
    "E" * 16,
    "a" * 64,
    "a" * 64 + "\n",
    "Example system",
    "Example system\n",
    "<b>x</b>",
    "x" * 81,
    "x" * 201,
    "timed out \u202e",
    "timed out\u2028again",
    "timed out\u0085",
    "timed out\x9b",
    "no\u00a0break",
    "soft\u00adhyphen",
    "tag\U000e0041",
    "délai dépassé",
    "correct",
    "unrun",
    "present",
    "retrieved",
    "honoured",
    "edit",
    "pl_001:edit:after1",
    "pl_001:edit:after1\n",
    "pl_001:edit:after٣",
    "typedmemeval-result",
    "typedmemeval-ee-result",
]
NEAR_MISS_NUMBERS: list[Any] = [
    0,
    1,
    -1,
    2,
    3,
    9,
    10,
    0.0,
    -0.0,
    1.0,
    0.5,
    2.0,
    2.5,
    50.0,
    1e300,
    -1e-300,
    10**30,
    True,
    False,
]
CHARACTERS = ["\n", "\r", "\t", " ", "\u202e", "\u2028", "\x85", "\x1b", "٣", "\u200d", "x"]

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(NEAR_MISS_STRINGS),
    st.sampled_from(NEAR_MISS_NUMBERS),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(doc: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value of `doc` (the root itself excluded)."""
    out: list[tuple[Any, ...]] = []
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for key, value in items:
        out.append((*here, key))
        out.extend(_paths(value, (*here, key)))
    return out


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _near_miss(value: Any, draw: Any) -> Any:
    """A value close to `value` that a lax reader might take for it."""
    if isinstance(value, bool):
        return draw(st.sampled_from([int(value), float(value), str(value).lower(), None]))
    if isinstance(value, int | float):
        return draw(
            st.sampled_from(
                [
                    float(value),
                    str(value),
                    value + 0.5,
                    -value - 1,
                    bool(value),
                    int(value) if float(value).is_integer() else value,
                    value * 10**6,
                ]
            )
        )
    if isinstance(value, str):
        ch = draw(st.sampled_from(CHARACTERS))
        return draw(
            st.sampled_from(
                [
                    value + ch,
                    ch + value,
                    value[: len(value) // 2] + ch + value[len(value) // 2 :],
                    value.upper(),
                    value[:-1],
                    value * 4,
                    "",
                ]
            )
        )
    if isinstance(value, list):
        return draw(st.sampled_from([[], value + value[:1], value[1:], [value]]))
    if isinstance(value, dict):
        return draw(st.sampled_from([{}, [value], value.copy()]))
    return draw(json_scalars)


@st.composite
def mutants(draw: Any, valid: dict[str, Any]) -> dict[str, Any]:
    """`valid` with one to three mutations."""
    doc = copy.deepcopy(valid)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        paths = _paths(doc)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _at(doc, path[:-1])
        key = path[-1]
        action = draw(st.sampled_from(["near-miss", "near-miss", "replace", "delete", "add"]))
        if action == "near-miss":
            parent[key] = _near_miss(parent[key], draw)
        elif action == "replace":
            parent[key] = draw(json_values)
        elif action == "delete":
            del parent[key]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "Rows", key + " ", "kind"]))] = draw(json_values)
        else:
            parent.append(draw(json_values))
    return doc


def verdicts(name: str, doc: Any) -> tuple[bool, bool, bool]:
    """(pydantic accepts, the schema accepts, the schema with format checking accepts)."""
    try:
        MODELS[name].model_validate(doc)
        model_ok = True
    except ValidationError:
        model_ok = False
    return model_ok, PLAIN[name].is_valid(doc), FORMATS[name].is_valid(doc)


@pytest.fixture(scope="module")
def valid_docs(corpora_index: Path) -> dict[str, list[dict[str, Any]]]:
    """Valid files of both kinds: every row kind the test corpora have, and an EE result."""
    results = [
        build({"corpus": corpus, "policy": "varied"}, corpora_index)
        for corpus in ("forgetting", "prospective", "episodic")
    ]
    return {"result": results, "ee-result": [build({"corpus": "ee"}, corpora_index)]}


def test_the_valid_files_pass_both(valid_docs: dict[str, list[dict[str, Any]]]) -> None:
    for name, docs in valid_docs.items():
        for doc in docs:
            assert verdicts(name, doc) == (True, True, True)


AGREEMENT = settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@AGREEMENT
@given(data=st.data())
def test_models_and_schema_agree_on_mutated_results(
    valid_docs: dict[str, list[dict[str, Any]]], data: Any
) -> None:
    name = data.draw(st.sampled_from(sorted(valid_docs)))
    valid = data.draw(st.sampled_from(valid_docs[name]))
    doc = data.draw(mutants(valid))
    model_ok, schema_ok, format_ok = verdicts(name, doc)
    assert model_ok == schema_ok == format_ok, (
        f"pydantic {'accepts' if model_ok else 'refuses'}, the schema "
        f"{'accepts' if schema_ok else 'refuses'} (with formats: {format_ok}): "
        + json.dumps(doc, ensure_ascii=True)[:3000]
    )


#: The cases the lax models accepted and the schema refused, and near misses the schema accepts.
CASES: list[tuple[str, tuple[Any, ...], Any, bool]] = [
    ("temperature as a string", ("answer_sampling", "temperature"), "0.0", False),
    ("temperature as a boolean", ("answer_sampling", "temperature"), True, False),
    ("temperature as an integer", ("answer_sampling", "temperature"), 0, True),
    ("run date as an integer", ("run_date",), 20261201, False),
    ("run date as a timestamp", ("run_date",), "2026-12-01T00:00:00", False),
    ("run date with a line feed", ("run_date",), "2026-12-01\n", False),
    ("run date on a leap day", ("run_date",), "2028-02-29", True),
    ("run date on no day", ("run_date",), "2026-02-29", False),
    ("format version as a boolean", ("format_version",), True, False),
    ("format version as 1.0", ("format_version",), 1.0, True),
    ("seed as 7.0", ("answer_sampling", "seed"), 7.0, True),
    ("seed as 7.5", ("answer_sampling", "seed"), 7.5, False),
    ("seed as a boolean", ("answer_sampling", "seed"), False, False),
    ("presence as integers", ("rows", 0, "evidence", "per_gold_session"), [1, 1], False),
    ("a name ending in a line feed", ("system", "name"), "Example system\n", False),
    ("a revision in Arabic-Indic digits", ("corpus", "revision"), "٢٠٢٦.١٢", False),
    ("a reason with a bidi override", ("rows", 0, "reason"), "timed out \u202e", False),
    ("a reason with a C1 control", ("rows", 0, "reason"), "timed out \x9b", False),
    ("a reason with a line separator", ("rows", 0, "reason"), "a\u2028b", False),
    ("a reason in plain accented text", ("rows", 0, "reason"), "délai dépassé", True),
]


@pytest.mark.parametrize(("what", "path", "value", "accepted"), CASES, ids=[c[0] for c in CASES])
def test_named_cases(
    valid_docs: dict[str, list[dict[str, Any]]],
    what: str,
    path: tuple[Any, ...],
    value: Any,
    accepted: bool,
) -> None:
    doc = copy.deepcopy(valid_docs["result"][0])
    _at(doc, path[:-1])[path[-1]] = value
    assert verdicts("result", doc) == (accepted, accepted, accepted), what
