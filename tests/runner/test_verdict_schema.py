"""The judge's fast verdict-schema check equals validation with `jsonschema` (the plain
definition) on every verdict schema the corpora produce and on arbitrary replies."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.load import load_ours
from checker.runner.judge import case_for, schema_error, schema_error_reference, verdict_schema
from tests.conftest import BASES
from tests.runner.conftest import shipped

SCHEMAS: list[dict[str, Any]] = []
for path in (
    shipped("forgetting"),
    shipped("prospective"),
    shipped("workingmemory"),
    BASES / "arithmetic" / "typedmemeval-arithmetic-2026.12.json",
    BASES / "episodic" / "typedmemeval-episodic-2026.12.json",
):
    for q in load_ours(path).questions:
        schema = verdict_schema(case_for(q))
        if schema not in SCHEMAS:
            SCHEMAS.append(schema)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [
            "correct",
            "wrong",
            "abstained",
            "missed",
            "premature",
            "fired",
            "not-yet",
            "no-longer",
            "never-told",
            "stale-recall",
            "none",
            "x",
        ]
    ),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=6)


@st.composite
def replies(draw: Any) -> tuple[dict[str, Any], Any]:
    schema = draw(st.sampled_from(SCHEMAS))
    props = list(schema["properties"])
    reply: dict[str, Any] = {}
    for name in props:
        if draw(st.integers(0, 9)) == 0:
            continue  # a missing field
        sub = schema["properties"][name]
        if "enum" in sub and draw(st.booleans()):
            reply[name] = draw(st.sampled_from(sub["enum"]))
        elif sub["type"] == "array" and draw(st.booleans()):
            reply[name] = draw(st.lists(st.text(max_size=5), max_size=3))
        else:
            reply[name] = draw(values)
    if draw(st.integers(0, 9)) == 0:
        reply["extra"] = 1
    return schema, draw(st.one_of(st.just(reply), values)) if draw(
        st.integers(0, 19)
    ) == 0 else reply


@settings(max_examples=200, deadline=None)
@given(replies())
def test_fast_check_equals_jsonschema(case: tuple[dict[str, Any], Any]) -> None:
    schema, reply = case
    fast, plain = schema_error(schema, reply), schema_error_reference(schema, reply)
    assert (fast is None) == (plain is None), (reply, fast, plain)


def test_every_corpus_schema_was_exercised() -> None:
    assert len(SCHEMAS) >= 8


def test_both_accept_a_fitting_verdict_and_refuse_a_stray_field() -> None:
    from checker.runner.fake import placeholder_value

    for schema in SCHEMAS:
        fitting = placeholder_value(schema)
        assert schema_error(schema, fitting) is None is schema_error_reference(schema, fitting)
        stray = fitting | {"score": 1}
        assert schema_error(schema, stray) is not None
        assert schema_error_reference(schema, stray) is not None
