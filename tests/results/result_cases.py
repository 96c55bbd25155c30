"""Materialise a result fixture case (`case.toml`) into a file on disk.

Result rules need a corpus, an index and a result built over them, which the generic corpus
harness cannot provide, so result fixtures have their own layout and discovery test:
`tests/fixtures/RES<nnn>/{pass,fail}/<case>/case.toml` and
`tests/fixtures/results-unreadable/<case>/case.toml`. They are TOML so that the generic harness,
which claims every fixture folder holding JSON, leaves them alone.

A case says what to build and what to expect:

    corpus = "forgetting"        # a test corpus (tests/results/result_corpora.py), or "ee"
    policy = "perfect"           # declared outcomes (tests/results/result_examples.py)
    summary = true               # include a summary block
    place = "results"            # results/<vertical>/<system>/<run-id>.json, or "flat"
    file_name = "x.json"         # name the file (flat placement, or the last part of results/)
    folders = ["forgetting", "example-system"]  # override the results/ folders
    text = "..."                 # write this text instead of a built result
    size_bytes = 52428800        # extend the file (sparse) to this size
    symlink = true               # place a symbolic link to the built file instead
    link_folder = true           # make the file's folder a symbolic link to a real folder
    linked_sibling = true        # add a folder link beside the file's folder (under results/)
    check = "results"            # check the results/ folder (walked) instead of the file
    spelled = "results/x/../y.json"  # check the file under this spelling (relative to the case)
    today = "2026-12-01"         # the checker's clock for this case (default: the real date)

    [[patch]]                    # applied to the built result, in order
    op = "set"                   # set, delete, append (to a list; `value` or `from`)
    path = "rows/tme-for-2612-001/outcome"   # list items by index, question id or probe key
    value = "premature"
    key = "name"                 # set only: this key (may hold any character) of the object at
                                 # `path`, instead of the last part of `path`
    repeat = 1000                # set only: the key (or, without one, the string value)
                                 # repeated this many times

    [expect]
    exit = 1                     # 0 pass, 1 findings, 2 unreadable
    codes = ["RES013"]           # exactly these codes (fail cases)
    message = "premature"        # a substring of some finding (or of stderr for exit 2)
"""

from __future__ import annotations

import copy
import os
import tomllib
from pathlib import Path
from typing import Any

from checker.io import dump_json
from checker.load import load_index
from checker.results.validate import load_indexed_corpus
from tests.results.result_examples import ee_example, example_result, slug

REVISION = "2026.12"


def read_case(case_dir: Path) -> dict[str, Any]:
    with (case_dir / "case.toml").open("rb") as fh:
        return tomllib.load(fh)


def _child(node: Any, part: str) -> Any:
    if isinstance(node, list):
        if part.isdigit():
            return node, int(part)
        for i, item in enumerate(node):
            if isinstance(item, dict) and part in (item.get("question_id"), item.get("key")):
                return node, i
        raise KeyError(f"no list item {part!r}")
    return node, part


def _locate(doc: Any, path: str) -> tuple[Any, Any]:
    parts = path.split("/")
    node = doc
    for part in parts[:-1]:
        parent, key = _child(node, part)
        node = parent[key]
    return _child(node, parts[-1])


def apply_patches(doc: dict[str, Any], patches: list[dict[str, Any]]) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    for patch in patches:
        op = patch["op"]
        if op == "append":
            parent, key = _locate(doc, patch["path"])
            if "from" in patch:
                src_parent, src_key = _locate(doc, patch["from"])
                value = copy.deepcopy(src_parent[src_key])
            else:
                value = patch["value"]
            parent[key].append(value)
            continue
        if op == "set" and "key" in patch:
            parent_of, at = _locate(doc, patch["path"])
            key = patch["key"] * int(patch.get("repeat", 1))
            parent_of[at][key] = patch["value"]
            continue
        parent, key = _locate(doc, patch["path"])
        if op == "set":
            value = patch["value"]
            if "repeat" in patch:
                value = value * int(patch["repeat"])
            parent[key] = value
        elif op == "delete":
            del parent[key]
        else:
            raise ValueError(f"unknown patch op {op!r}")
    return doc


def build(case: dict[str, Any], index_path: Path) -> dict[str, Any]:
    """The result document a case describes, before patches."""
    if case.get("corpus") == "ee":
        return ee_example(rollup=case.get("summary", True))
    corpus_id = f"typedmemeval-{case['corpus']}-{REVISION}"
    entry = load_index(index_path).corpora[corpus_id]
    corpus = load_indexed_corpus(index_path, entry)
    return example_result(
        corpus,
        corpus_id,
        entry.revision,
        case.get("policy", "perfect"),
        summary=case.get("summary", True),
    )


def materialise(case: dict[str, Any], index_path: Path, dest: Path) -> Path:
    """Write the case's file under `dest` (which must sit below the index's parent folder, so
    that the checker finds the index); returns the path to check: the file, the `results/`
    folder (`check = "results"`) or the file's other spelling (`spelled`)."""
    if "text" in case:
        text = case["text"]
        doc: dict[str, Any] = {}
    else:
        doc = apply_patches(build(case, index_path), case.get("patch", []))
        text = dump_json(doc)
    if case.get("place", "results") == "flat":
        path = dest / "submissions" / case.get("file_name", "example-run.json")
    else:
        vertical = "ee" if case.get("corpus") == "ee" else case.get("corpus", "forgetting")
        system = doc.get("system", {}).get("name", "Example system")
        folders = case.get("folders", [vertical, slug(str(system))])
        name = case.get("file_name", f"{doc.get('run_id', 'example-run')}.json")
        path = dest.joinpath("results", *folders, name)
    target = path
    if case.get("link_folder"):
        real = dest / "elsewhere-folder"
        real.mkdir(parents=True, exist_ok=True)
        path.parent.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(real, path.parent)
        target = real / path.name
    path.parent.mkdir(parents=True, exist_ok=True)
    if case.get("symlink"):
        target = dest / "elsewhere" / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    if "size_bytes" in case:
        with target.open("r+b") as fh:
            fh.truncate(int(case["size_bytes"]))
    if case.get("symlink"):
        os.symlink(target, path)
    if case.get("linked_sibling"):
        real = dest / "elsewhere-sibling"
        real.mkdir(parents=True, exist_ok=True)
        (real / path.name).write_text(text, encoding="utf-8")
        os.symlink(real, path.parent.parent / "linked-sibling")
    if case.get("check") == "results":
        return dest / "results"
    if "spelled" in case:
        return dest / case["spelled"]
    return path
