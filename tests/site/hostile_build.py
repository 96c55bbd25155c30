"""Build the site with the checker's result gate switched off for one hostile file.

The checker refuses a result whose system name carries markup, so hostile text can never reach
a published row through the real pipeline. This script simulates that gate failing: for
`hostile-1.json` it skips the checks, loads the file with hostile strings in its system name,
version and answer model, and adds a hostile note to its aggregate. Whatever the site then
shows must still be inert text. Every other file goes through the real gate (a second hostile
file, `hostile-2.json`, is refused and its reason shown).

Usage: python tests/site/hostile_build.py SITE_DIR   (data root from TYPEDMEMEVAL_SITE_ROOT)
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

import site_gen.results_view as view  # noqa: E402
from checker.formats.result import ResultFile, SystemRef  # noqa: E402
from tests.site.site_data import HOSTILE  # noqa: E402

OPENED = "hostile-1.json"
real_check, real_load, real_aggregate = view.check_result_file, view.load_result, view.aggregate


def check(path: Path, *args: Any, **kwargs: Any) -> Any:
    return [] if path.name == OPENED else real_check(path, *args, **kwargs)


def load(path: Path) -> Any:
    if path.name != OPENED:
        return real_load(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    system = raw["system"]
    raw["system"] = {"name": "placeholder", "version": "1"}
    model = ResultFile.model_validate(raw)
    model.system = SystemRef.model_construct(name=system["name"], version=system["version"])
    model.answer_model = HOSTILE
    return model


def aggregate(result: Any, corpus: Any) -> Any:
    out = real_aggregate(result, corpus)
    if result.run_id == "hostile-1":
        out = dataclasses.replace(out, notes=(*out.notes, HOSTILE))
    return out


def main(site_dir: str) -> None:
    view.check_result_file = check  # type: ignore[assignment]
    view.load_result = load
    view.aggregate = aggregate
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    build(load_config(config_file=str(REPO / "mkdocs.yml"), site_dir=site_dir))


if __name__ == "__main__":
    main(sys.argv[1])
