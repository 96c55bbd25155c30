"""Validating a submitted result file: what `typedmemeval check` runs on one.

Validation runs in stages, each a set of RES rules over one `ResultContext`:

1. **file** — the name and the size, read from the directory entry alone (`lstat`). A symbolic
   link (or a file inside a linked folder), anything but a regular file, or a file over
   `MAX_RESULT_BYTES` is never opened.
2. **content** — the parsed JSON, before any schema, walked once within a depth and a node
   limit (`checker.json_nodes`): nesting, plain text, the identity guard, composite scores,
   answer text, markup. A file refused here is not validated further (its shape would only
   repeat what the finding says).
3. **index** — the corpus it names, against the release index; the `results/` layout; the run
   date against the check's date.
4. **corpus** — every row against the corpus's questions; the summary against the rows.
5. **ee** — EE results instead of stages 3–4: probe keys, the rollup and the run date.

Nothing from a submission is executed or evaluated: it is read as bytes, parsed as JSON with
duplicate keys and non-finite numbers refused, and compared.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Literal

from checker.entries import FileEntry, inspect_entry
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
from checker.json_nodes import Nodes, walk
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


def utc_today() -> date:
    """Today's date in UTC, read at check time (tests replace this to fix the clock)."""
    return datetime.now(UTC).date()


#: Where the checker reads today's date from.
CLOCK: Callable[[], date] = utc_today


@dataclass
class ResultContext:
    """What a result rule receives: the file, whatever of it could be read, and the corpus it
    names. Rules look only at the stage they belong to."""

    path: Path
    stage: Stage = "file"
    file: FileEntry | None = None
    raw: dict[str, Any] | None = None
    #: Every node of `raw`, walked once and shared by the content rules.
    nodes: Nodes = field(default_factory=Nodes)
    kind: Kind | None = None
    result: ResultFile | None = None
    ee: EEResultFile | None = None
    index: ReleaseIndex | None = None
    index_path: Path | None = None
    entry: IndexEntry | None = None
    corpus: LoadedCorpus | None = None
    #: The date the check runs on (UTC).
    today: date = field(default_factory=lambda: CLOCK())
    #: What rules compute once per file and share (e.g. the words of each key).
    memo: dict[str, Any] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return self.file.size if self.file else 0

    @property
    def symlink(self) -> bool:
        """Whether the file is a link or sits in a linked folder under `results/`."""
        return self.file is not None and (
            self.file.kind == "link" or self.file.linked_folder is not None
        )

    @property
    def regular(self) -> bool:
        return self.file is not None and self.file.regular

    @property
    def readable(self) -> bool:
        """Whether the file may be opened at all."""
        return self.regular and not self.symlink and self.size <= MAX_RESULT_BYTES


def stat_file(ctx: ResultContext) -> None:
    """Fill the file stage from the directory entry, without opening it or following a link."""
    entry = inspect_entry(ctx.path)
    if entry.kind == "missing" and entry.linked_folder is None:
        raise InputError(ctx.path, "no such file")
    ctx.file = entry


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
        raise InputError(
            path, "is a symbolic link or sits in a linked folder; a result must be a regular file"
        )
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


_CORPUS_CACHE: dict[tuple[Path, int, int, tuple[int, int, int] | None], LoadedCorpus] = {}


def load_indexed_corpus(index_path: Path, entry: IndexEntry) -> LoadedCorpus:
    """Load the corpus file an index entry names, with its sidecar (cached per modification
    time and size of both, and the sidecar's inode: a probe stamp replaces the sidecar alone)."""
    corpus_path = (index_path.parent / entry.file).resolve()
    try:
        st = corpus_path.stat()
    except OSError:
        raise InputError(
            index_path,
            f"the corpus file {entry.file} named by the index is missing; a result is checked "
            "against the corpus bytes, so check out the corpora folder",
        ) from None
    sidecar = sidecar_path_for(corpus_path)
    try:
        side = sidecar.stat()
        sidecar_key: tuple[int, int, int] | None = (side.st_ino, side.st_mtime_ns, side.st_size)
    except OSError:
        sidecar_key = None
    key = (corpus_path, st.st_mtime_ns, st.st_size, sidecar_key)
    corpus = _CORPUS_CACHE.get(key)
    if corpus is None:
        corpus = load_ours(corpus_path)
        if sidecar_key is not None:
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


def check_result_file(
    path: Path, index_path: Path | None, rules: list[Rule], *, today: date | None = None
) -> list[Finding]:
    """Run the RES rules over one result file, stage by stage. `today` is the check's date
    (default: today in UTC)."""
    display = str(path)  # findings escape it (a submitted name can hold anything)
    ctx = ResultContext(path) if today is None else ResultContext(path, today=today)
    stat_file(ctx)

    def stage(name: Stage) -> list[Finding]:
        ctx.stage = name
        return run(rules, "result", ctx, display)

    findings = stage("file")
    if findings or not ctx.readable:  # a file refused by its entry is never opened
        return findings
    raw, kind = read_result_json(path)
    ctx.raw, ctx.kind = raw, kind
    ctx.nodes = walk(raw)
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
    """A result file: anything under a `results/` folder (its path resolved first), or a JSON
    object naming a result kind near its start."""
    if inspect_entry(path).under_results:
        return True
    return head.startswith(b"{") and any(m.encode() in head for m in KIND_MARKERS)
