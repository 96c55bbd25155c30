"""Shared test helpers: run the CLI in-process and build patched fixture corpora."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from checker.cli import main
from checker.io import dump_json, sha256_bytes

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
BASES = FIXTURES / "base"


@contextlib.contextmanager
def _capture() -> Any:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


def run_cli(*argv: str) -> tuple[int, str, str]:
    """Run `typedmemeval ARGV` in-process; returns (exit code, stdout, stderr)."""
    with _capture() as (out, err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def _pointer(doc: Any, pointer: str) -> tuple[Any, str | int]:
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.lstrip("/").split("/")]
    node = doc
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last: str | int = parts[-1]
    if isinstance(node, list) and last != "-":
        last = int(last)
    return node, last


def apply_patch(doc: Any, ops: list[dict[str, Any]]) -> Any:
    """A small JSON Patch (RFC 6902: add, replace, remove, copy) plus `append` (append text to a
    string) and `replace_text` (substring substitution inside a string)."""
    doc = copy.deepcopy(doc)
    for op in ops:
        kind = op["op"]
        if kind == "copy":
            src_parent, src_key = _pointer(doc, op["from"])
            value = copy.deepcopy(src_parent[src_key])
            parent, key = _pointer(doc, op["path"])
            if isinstance(parent, list):
                parent.append(value) if key == "-" else parent.insert(int(key), value)
            else:
                parent[key] = value
            continue
        parent, key = _pointer(doc, op["path"])
        if kind == "replace":
            parent[key] = op["value"]
        elif kind == "add":
            if isinstance(parent, list):
                parent.append(op["value"]) if key == "-" else parent.insert(int(key), op["value"])
            else:
                parent[key] = op["value"]
        elif kind == "remove":
            del parent[key]
        elif kind == "append":
            parent[key] = parent[key] + op["value"]
        elif kind == "replace_text":
            assert op["old"] in parent[key], f"{op['old']!r} not in {parent[key]!r}"
            parent[key] = parent[key].replace(op["old"], op["new"])
        else:
            raise ValueError(f"unknown patch op {kind!r}")
    return doc


def materialise_case(case: dict[str, Any], dest: Path) -> Path:
    """Copy a base corpus folder to `dest`, apply the case's patches, re-stamp hashes unless the
    case says not to; returns the corpus path."""
    base = BASES / case["base"]
    shutil.copytree(base, dest, dirs_exist_ok=True)
    corpus_path = next(
        p
        for p in dest.glob("*.json")
        if not p.name.endswith(".meta.json") and p.name != "index.json"
    )
    meta_path = corpus_path.with_name(corpus_path.name.removesuffix(".json") + ".meta.json")
    index_path = dest / "index.json"
    files = {"corpus": corpus_path, "sidecar": meta_path, "index": index_path}
    docs = {k: json.loads(p.read_text()) for k, p in files.items()}
    for target in ("corpus", "sidecar", "index"):
        ops = [op for op in case.get("patches", []) if op.get("file", "corpus") == target]
        if ops:
            docs[target] = apply_patch(docs[target], ops)
    corpus_text = dump_json(docs["corpus"])
    if case.get("restamp", True):
        sha = sha256_bytes(corpus_text.encode())
        docs["sidecar"]["corpus_sha256"] = sha
        for entry in docs["index"]["corpora"].values():
            entry["sha256"] = sha
    corpus_path.write_text(corpus_text)
    meta_path.write_text(dump_json(docs["sidecar"]))
    index_path.write_text(dump_json(docs["index"]))
    return corpus_path


@pytest.fixture
def forgetting_base(tmp_path: Path) -> Path:
    """A writable copy of the Forgetting base corpus; returns the corpus path."""
    return materialise_case({"base": "forgetting"}, tmp_path / "forgetting")
