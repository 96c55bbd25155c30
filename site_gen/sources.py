"""Read what the site publishes: the release index, corpora, sidecars, results, rules, schemas.

Everything here is optional while the project grows. A missing or unreadable source becomes a
stated problem on the page that would have shown it, never a silent gap and never a crash.
The page functions receive these plain values and do no I/O of their own.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.family import VERTICALS
from checker.floor import ConstantFloor, constant_floor
from checker.formats.sidecar import IndexEntry, Sidecar
from checker.io import InputError, sha256_bytes
from checker.load import load_index, load_ours, load_sidecar, sidecar_path_for
from checker.registry import Rule, all_rules
from site_gen.results_view import ResultsView, load_results


@dataclass(frozen=True)
class CorpusStats:
    """Counts read from a corpus file's bytes."""

    question_count: int
    shape_counts: dict[str, int]
    #: Questions with at least one gold session, per shape.
    gold_bearing_by_shape: dict[str, int]
    #: Question id → shape.
    shape_of: dict[str, str]
    #: Gold sessions per question (G) → number of questions.
    g_counts: dict[int, int]
    #: Non-gold sessions per question (H) → number of questions.
    h_counts: dict[int, int]
    #: What one fixed reply to every question scores (`checker.floor`).
    floor: ConstantFloor | None = None

    @property
    def gold_bearing(self) -> int:
        return sum(self.gold_bearing_by_shape.values())


@dataclass(frozen=True)
class CorpusRelease:
    """One corpus revision listed in the release index, with what could be read of it."""

    corpus_id: str
    entry: IndexEntry
    #: Size in bytes of the corpus file, when it exists.
    size_bytes: int | None = None
    #: sha256 measured from the file (CRLF → LF), when it exists.
    measured_sha256: str | None = None
    stats: CorpusStats | None = None
    sidecar: Sidecar | None = None
    #: The file's bytes, so the site can offer it for download.
    payload: bytes | None = field(default=None, repr=False)
    #: What could not be read, each a sentence shown on the page.
    problems: tuple[str, ...] = ()

    @property
    def file_name(self) -> str:
        return Path(self.entry.file).name


@dataclass
class SiteSources:
    """Everything the generated pages are built from."""

    releases: list[CorpusRelease] = field(default_factory=list)
    index_problem: str | None = None
    results: ResultsView = field(default_factory=ResultsView)
    rules: list[Rule] = field(default_factory=list)
    #: Schema name → parsed JSON Schema.
    schemas: dict[str, dict[str, Any]] = field(default_factory=dict)
    changelog: str | None = None
    citation_cff: str | None = None

    def latest(self, vertical_key: str) -> CorpusRelease | None:
        """The newest revision of a vertical in the index, or None."""
        found = [r for r in self.releases if r.entry.vertical == vertical_key]
        return max(found, key=lambda r: _revision_key(r.entry.revision)) if found else None

    def revisions(self, vertical_key: str) -> list[CorpusRelease]:
        found = [r for r in self.releases if r.entry.vertical == vertical_key]
        return sorted(found, key=lambda r: _revision_key(r.entry.revision), reverse=True)


def _revision_key(revision: str) -> tuple[int, ...]:
    return tuple(int(p) for p in revision.split(".") if p.isdigit())


def corpus_stats(path: Path) -> CorpusStats:
    """Shape counts and the G and H distributions of one of our corpora."""
    corpus = load_ours(path)
    shapes: Counter[str] = Counter()
    gold_bearing: Counter[str] = Counter()
    shape_of: dict[str, str] = {}
    g_counts: Counter[int] = Counter()
    h_counts: Counter[int] = Counter()
    for qi, q in enumerate(corpus.questions):
        shape = q.typedmemeval.shape
        shapes[shape] += 1
        shape_of[q.question_id] = shape
        g = len(corpus.gold_indices(qi))
        g_counts[g] += 1
        h_counts[len(q.haystack_sessions) - g] += 1
        if g:
            gold_bearing[shape] += 1
    return CorpusStats(
        question_count=len(corpus.questions),
        shape_counts=dict(shapes),
        gold_bearing_by_shape={s: gold_bearing.get(s, 0) for s in shapes},
        shape_of=shape_of,
        g_counts=dict(sorted(g_counts.items())),
        h_counts=dict(sorted(h_counts.items())),
        floor=constant_floor(corpus.questions),
    )


def read_release(corpora_dir: Path, corpus_id: str, entry: IndexEntry) -> CorpusRelease:
    """One index entry with its file, counts and sidecar, recording what failed."""
    path = corpora_dir / entry.file
    problems: list[str] = []
    if not path.is_file():
        problems.append(f"the corpus file {entry.file} is not in corpora/")
        return CorpusRelease(corpus_id, entry, problems=tuple(problems))
    payload = path.read_bytes()
    measured = sha256_bytes(payload)
    if measured != entry.sha256:
        problems.append(
            "the file's sha256 differs from the release index; run `make check` to see why"
        )
    stats: CorpusStats | None = None
    try:
        stats = corpus_stats(path)
    except InputError as exc:
        problems.append(f"the corpus could not be read: {exc.message}")
    sidecar: Sidecar | None = None
    meta = sidecar_path_for(path)
    if meta.is_file():
        try:
            sidecar = load_sidecar(meta)
        except InputError as exc:
            problems.append(f"the sidecar could not be read: {exc.message}")
    else:
        problems.append(f"the sidecar {meta.name} is missing")
    return CorpusRelease(
        corpus_id,
        entry,
        size_bytes=len(payload),
        measured_sha256=measured,
        stats=stats,
        sidecar=sidecar,
        payload=payload,
        problems=tuple(problems),
    )


def read_sources(root: Path) -> SiteSources:
    """Read every source under a repository root (or a test's stand-in for one)."""
    sources = SiteSources()
    corpora_dir = root / "corpora"
    index_path = corpora_dir / "index.json"
    if index_path.is_file():
        try:
            index = load_index(index_path)
        except InputError as exc:
            sources.index_problem = f"the release index could not be read: {exc.message}"
        else:
            for corpus_id, entry in sorted(index.corpora.items()):
                sources.releases.append(read_release(corpora_dir, corpus_id, entry))
    sources.results = load_results(root / "results", index_path)
    sources.rules = all_rules()
    schema_dir = root / "schemas"
    if schema_dir.is_dir():
        for path in sorted(schema_dir.glob("*.schema.json")):
            sources.schemas[path.name.removesuffix(".schema.json")] = json.loads(
                path.read_text(encoding="utf-8")
            )
    changelog = root / "CHANGELOG.md"
    if changelog.is_file():
        sources.changelog = changelog.read_text(encoding="utf-8")
    cff = root / "CITATION.cff"
    if cff.is_file():
        sources.citation_cff = cff.read_text(encoding="utf-8")
    return sources


VERTICAL_KEYS = tuple(v.key for v in VERTICALS)
