"""The schemas under schemas/ are generated from the pydantic models and never drift."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from checker.schemas import REGENERATE, SCHEMA_DIR, render_all
from tests.conftest import BASES

RENDERED = render_all()


@pytest.mark.parametrize("name", sorted(RENDERED))
def test_no_drift(name: str) -> None:
    path = SCHEMA_DIR / f"{name}.schema.json"
    assert path.exists(), f"{path} is missing: run `{REGENERATE}`"
    assert path.read_text(encoding="utf-8") == RENDERED[name], (
        f"{path} differs from the models: run `{REGENERATE}` and commit the result"
    )


@pytest.mark.parametrize("name", sorted(RENDERED))
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    Draft202012Validator.check_schema(json.loads(RENDERED[name]))


def test_no_stale_schema_files() -> None:
    on_disk = {p.name.removesuffix(".schema.json") for p in SCHEMA_DIR.glob("*.schema.json")}
    assert on_disk == set(RENDERED), f"stale or missing schema files: run `{REGENERATE}`"


def test_base_corpora_validate_against_the_generated_schemas() -> None:
    """The schema and the model agree on real data (the schema is what non-Python users read)."""
    corpus_schema = Draft202012Validator(json.loads(RENDERED["corpus"]))
    sidecar_schema = Draft202012Validator(json.loads(RENDERED["sidecar"]))
    index_schema = Draft202012Validator(json.loads(RENDERED["release-index"]))
    for folder in sorted(p for p in BASES.iterdir() if p.is_dir()):
        for path in folder.glob("*.json"):
            doc = json.loads(path.read_text())
            if path.name == "index.json":
                index_schema.validate(doc)
            elif path.name.endswith(".meta.json"):
                sidecar_schema.validate(doc)
            else:
                corpus_schema.validate(doc)


def test_model_docstrings_reach_the_schema() -> None:
    corpus = json.loads(RENDERED["corpus"])
    turn = corpus["$defs"]["Turn"]["properties"]["has_answer"]
    assert "gold" in turn["description"]
