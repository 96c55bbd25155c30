"""JSON Schemas generated from the pydantic models (R-FMT-5)."""

from __future__ import annotations

from pathlib import Path

from checker.formats import SCHEMA_MODELS
from checker.io import dump_json

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"
REGENERATE = "make schemas"


def schema_names() -> list[str]:
    return sorted(SCHEMA_MODELS)


def render(name: str) -> str:
    model = SCHEMA_MODELS[name]
    schema = model.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://typedmemeval.invalid/schemas/{name}.schema.json"
    return dump_json(schema)


def render_all() -> dict[str, str]:
    return {name: render(name) for name in schema_names()}


def write_all(folder: Path = SCHEMA_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in render_all().items():
        path = folder / f"{name}.schema.json"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
