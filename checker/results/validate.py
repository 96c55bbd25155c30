"""Validating a submitted result file: what `typedmemeval check` runs on one.

Validation runs in stages, each a set of RES rules over one `ResultContext`:

1. **file** — the name and the size, read from the directory entry alone. A symbolic link,
   anything but a regular file, or a file over `MAX_RESULT_BYTES` is never opened.
2. **content** — the parsed JSON, before any schema: the identity guard, composite scores,
   answer text, markup. A file refused here is not validated further (its shape would only
   repeat what the finding says).
3. **index** — the corpus it names, against the release index; the `results/` layout.
4. **corpus** — every row against the corpus's questions; the summary against the rows.
5. **ee** — EE results instead of stages 3–4: probe keys and the rollup.

Nothing from a submission is executed or evaluated: it is read as bytes, parsed as JSON with
duplicate keys and non-finite numbers refused, and compared.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from checker.findings import Finding
from checker.formats.result import EEResultFile, ResultFile
from checker.formats.sidecar import IndexEntry, ReleaseIndex
from checker.io import (
    MAX_RESULT_BYTES,
    InputError,
    parse_json,
    read_bytes,
    validate_model,
)
from checker.load import LoadedCorpus, load_index, load_ours, load_sidecar, sidecar_path_for
from checker.registry import Rule, run

Stage = Literal["file", "content", "index", "corpus", "ee"]
Kind = Literal["result", "ee"]

KIND_MARKERS: dict[str, Kind] = {
    "typedmemeval-result": "result",
    "typedmemeval-ee-result": "ee",
}
RESULT_FIX = "see `typedmemeval schema result` (or `ee-result`) and results/README.md"
INDEX_NAME = "index.json"


@dataclass
class ResultContext:
    """What a result rule receives: the file, whatever of it could be read, and the corpus it
    names. Rules look only at the stage they belong to."""

    path: Path
    stage: Stage = "file"
    size: int = 0
    symlink: bool = False
    regular: bool = True
    raw: dict[str, Any] | None = None
    kind: Kind | None = None
    result: ResultFile | None = None
    ee: EEResultFile | None = None
    index: ReleaseIndex | None = None
    index_path: Path | None = None
    entry: IndexEntry | None = None
    corpus: LoadedCorpus | None = None

    @property
    def readable(self) -> bool:
        """Whether the file may be opened at all."""
        return self.regular and not self.symlink and self.size <= MAX_RESULT_BYTES


def stat_file(ctx: ResultContext) -> None:
    """Fill the file stage from the directory entry, without following a link."""
    try:
        st = ctx.path.lstat()
    except FileNotFoundError:
        raise InputError(ctx.path, "no such file") from None
    except OSError as exc:
        raise InputError(ctx.path, f"cannot read: {exc.strerror}") from None
    ctx.symlink = stat.S_ISLNK(st.st_mode) or _linked_folder(ctx.path)
    ctx.regular = stat.S_ISREG(st.st_mode)
    ctx.size = st.st_size


def _linked_folder(path: Path) -> bool:
    """Whether a folder between `results/` and the file is a symbolic link (a submission can
    add a link as a folder just as well as a file)."""
    absolute = path.absolute()
    if "results" not in absolute.parts[:-1]:
        return False
    for folder in absolute.parents:
        if folder.name == "results":
            return False
        if folder.is_symlink():
            return True
    return False


def read_result_json(path: Path) -> tuple[dict[str, Any], Kind]:
    """Bytes → JSON object → kind, with one clear line (exit 2) for anything unreadable."""
    data = read_bytes(path, limit=MAX_RESULT_BYTES)
    raw = parse_json(path, data)
    if not isinstance(raw, dict):
        found = "an array" if isinstance(raw, list) else f"a {type(raw).__name__}"
        raise InputError(path, f"a result file is a JSON object, but the top level is {found}")
    marker = raw.get("kind")
    kind = KIND_MARKERS.get(marker) if isinstance(marker, str) else None
    if kind is None:
        known = " or ".join(f'"{m}"' for m in KIND_MARKERS)
        raise InputError(path, f'a result file needs "kind": {known} at the top level')
    return raw, kind


def parse_result(path: Path, raw: dict[str, Any], kind: Kind) -> ResultFile | EEResultFile:
    """JSON object → model; a wrong shape is one clear line (exit 2)."""
    if kind == "ee":
        return validate_model(EEResultFile, path, raw, "EE result file", RESULT_FIX)
    return validate_model(ResultFile, path, raw, "result file", RESULT_FIX)


def load_result(path: Path) -> ResultFile | EEResultFile:
    """Read and parse one result file (no rules run; `check` runs them)."""
    ctx = ResultContext(path)
    stat_file(ctx)
    if ctx.symlink:
        raise InputError(path, "is a symbolic link; a result must be a regular file")
    raw, kind = read_result_json(path)
    return parse_result(path, raw, kind)


def locate_index(path: Path, explicit: Path | None) -> Path:
    """The release index for a result: `--index`, else the nearest `index.json` or
    `corpora/index.json` above the file, else `corpora/index.json` below the working folder."""
    if explicit is not None:
        return explicit
    here = path.resolve().parent
    for folder in (here, *here.parents):
        for candidate in (folder / INDEX_NAME, folder / "corpora" / INDEX_NAME):
            if candidate.is_file():
                return candidate
    fallback = Path.cwd() / "corpora" / INDEX_NAME
    if fallback.is_file():
        return fallback
    raise InputError(
        path, "no release index found above this file; pass `--index corpora/index.json`"
    )


_CORPUS_CACHE: dict[tuple[Path, int, int], LoadedCorpus] = {}


def load_indexed_corpus(index_path: Path, entry: IndexEntry) -> LoadedCorpus:
    """Load the corpus file an index entry names (cached per file and modification time)."""
    corpus_path = (index_path.parent / entry.file).resolve()
    try:
        st = corpus_path.stat()
    except OSError:
        raise InputError(
            index_path,
            f"the corpus file {entry.file} named by the index is missing; a result is checked "
            "against the corpus bytes, so check out the corpora folder",
        ) from None
    key = (corpus_path, st.st_mtime_ns, st.st_size)
    corpus = _CORPUS_CACHE.get(key)
    if corpus is None:
        corpus = load_ours(corpus_path)
        sidecar = sidecar_path_for(corpus_path)
        if sidecar.is_file():
            corpus.sidecar = load_sidecar(sidecar)
            corpus.sidecar_path = sidecar
        _CORPUS_CACHE[key] = corpus
    if corpus.sha256 != entry.sha256:
        raise InputError(
            corpus_path,
            f"has sha256 {corpus.sha256}, but the release index records {entry.sha256}; the "
            "index and the corpus disagree (run `typedmemeval check corpora`)",
        )
    return corpus


@dataclass
class Resolved:
    """A parsed result with the corpus it answered."""

    result: ResultFile
    entry: IndexEntry
    corpus: LoadedCorpus
    index_path: Path


def resolve(path: Path, result: ResultFile, index_path: Path | None = None) -> Resolved:
    """The index entry and corpus a (validated) result names; InputError when there is none."""
    located = locate_index(path, index_path)
    index = load_index(located)
    entry = index.corpora.get(result.corpus.corpus_id)
    if entry is None:
        raise InputError(
            path,
            f"corpus id {result.corpus.corpus_id!r} is not in the release index {located}; "
            "run `typedmemeval check` on the file for the full list of findings",
        )
    return Resolved(result, entry, load_indexed_corpus(located, entry), located)


def check_result_file(path: Path, index_path: Path | None, rules: list[Rule]) -> list[Finding]:
    """Run the RES rules over one result file, stage by stage."""
    # A submitted file name is shown escaped if it holds control characters (terminal escapes).
    display = str(path) if str(path).isprintable() else ascii(str(path))
    ctx = ResultContext(path)
    stat_file(ctx)

    def stage(name: Stage) -> list[Finding]:
        ctx.stage = name
        return run(rules, "result", ctx, display)

    findings = stage("file")
    if not ctx.readable:
        return findings
    raw, kind = read_result_json(path)
    ctx.raw, ctx.kind = raw, kind
    content = stage("content")
    findings += content
    if content:
        return findings
    model = parse_result(path, raw, kind)
    if isinstance(model, EEResultFile):
        ctx.ee = model
        return findings + stage("ee")
    ctx.result = model
    ctx.index_path = locate_index(path, index_path)
    ctx.index = load_index(ctx.index_path)
    ctx.entry = ctx.index.corpora.get(model.corpus.corpus_id)
    pinned = stage("index")
    findings += pinned
    if ctx.entry is None or pinned:
        return findings
    ctx.corpus = load_indexed_corpus(ctx.index_path, ctx.entry)
    return findings + stage("corpus")


def claims(path: Path, head: bytes) -> bool:
    """A result file: anything under a `results/` folder, or a JSON object naming a result kind
    near its start."""
    if "results" in path.absolute().parent.parts:
        return True
    return head.startswith(b"{") and any(m.encode() in head for m in KIND_MARKERS)
