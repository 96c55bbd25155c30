"""The corpus downloads page: files with size, sha256 and revision; citations; for each corpus
a Croissant 1.0 description, a dataset card and a bundle of the three; the one-line `datasets`
snippet; the revision history from the index."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from site_gen.croissant import bibtex, cite_name, croissant, vertical_name
from site_gen.dataset_card import bundle_name, card, load_snippet
from site_gen.identity import CITATION_RULE
from site_gen.markup import Md, admonition, code, esc, fold, link, table
from site_gen.sources import CorpusRelease

PAGE = "corpora/index.md"
FILES_DIR = "corpora/files"


def file_path(release: CorpusRelease) -> str:
    """Where the corpus file is served, relative to the docs root."""
    return f"{FILES_DIR}/{release.file_name}"


def jsonld_path(release: CorpusRelease) -> str:
    """Where the dataset description is served, relative to the docs root."""
    return f"corpora/{release.corpus_id}.jsonld"


def bundle_path(release: CorpusRelease) -> str:
    """Where the bundle (corpus file, dataset card, Croissant description) is served."""
    return f"{FILES_DIR}/{bundle_name(release)}"


def human_size(size: int) -> str:
    """Bytes in binary units, one decimal: `1.4 MiB`; exact bytes under 1 KiB."""
    if size < 1024:
        return f"{size} B"
    value = float(size)
    for unit in ("KiB", "MiB", "GiB"):
        value /= 1024
        if value < 1024 or unit == "GiB":
            return f"{value:.1f} {unit}"
    raise AssertionError("unreachable")


def jsonld_text(description: dict[str, Any]) -> str:
    """JSON-LD safe to place inside a `<script>` element: no `<`, `>` or `&` survive raw."""
    text = json.dumps(description, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def release_section(release: CorpusRelease) -> Md:
    entry = release.entry
    rows: list[list[Md]] = []
    if release.payload is not None:
        file_cell = link(release.file_name, f"files/{release.file_name}")
        size = Md(f"{human_size(release.size_bytes or 0)} ({release.size_bytes} bytes)")
    else:
        file_cell = esc(release.file_name)
        size = Md("file missing")
    rows.append(
        [
            file_cell,
            size,
            code(entry.sha256),
            Md(str(entry.question_count)),
            esc(entry.revision),
            esc(entry.status),
        ]
    )
    out = Md(f"### {esc(cite_name(release))}\n\n")
    out += table(["file", "size", "sha256 (CRLF → LF)", "questions", "revision", "status"], rows)
    if release.problems:
        out += Md("\n" + "\n".join(f"- **{esc(p)}**" for p in release.problems) + "\n")
    out += Md(
        f"\nDataset description: {link(release.corpus_id + '.jsonld', release.corpus_id + '.jsonld')}"
        " (`Croissant 1.0` JSON-LD; `mlcroissant` loads its `questions` records and checks the "
        "file's sha256)."
    )
    if release.payload is not None:
        out += Md(
            f" Bundle: {link(bundle_name(release), 'files/' + bundle_name(release))}: the "
            "corpus file, its dataset card (`README.md`) and `croissant.json` in one folder."
            "\n\nLoad the downloaded file with the `datasets` library "
            "(`from datasets import load_dataset`):\n\n"
            f"```python\n{load_snippet(release)}\n```\n"
        )
    out += Md("\n")
    out += Md("```bibtex\n" + bibtex(release).replace("```", "'''") + "```\n\n")
    if release.payload is not None:
        out += fold("Dataset card (README.md in the bundle)", card_block(release), kind="note")
        out += Md("\n")
    out += Md(f'<script type="application/ld+json">{jsonld_text(croissant(release))}</script>\n')
    return Md(out)


def card_block(release: CorpusRelease) -> Md:
    """The dataset card as a code block, fenced longer than any backtick run inside it."""
    text = card(release)
    longest = max((len(r) for r in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return Md(f"{fence}markdown\n{text}{fence}\n")


def revisions_table(releases: Sequence[CorpusRelease]) -> Md:
    rows = [
        [
            esc(vertical_name(r)),
            esc(r.entry.revision),
            esc(r.entry.status),
            code(r.corpus_id),
            Md(str(r.entry.question_count)),
            code(r.entry.sha256[:16] + "…"),
        ]
        for r in sorted(releases, key=lambda r: (r.entry.vertical, r.entry.revision), reverse=False)
    ]
    return table(
        ["vertical", "revision", "status", "corpus id", "questions", "sha256 prefix"], rows
    )


def downloads_page(releases: Sequence[CorpusRelease], index_problem: str | None) -> Md:
    """The whole downloads page."""
    out = Md(
        "# Corpus downloads\n\n"
        "Every corpus is one JSON file. Its identity is its id, its revision and the sha256 of "
        "its bytes after CRLF → LF normalisation; a result names all three.\n\n"
    )
    out += admonition("info", "Citing a corpus", Md(CITATION_RULE))
    if index_problem:
        out += Md(f"\n**{esc(index_problem)}**\n")
    if not releases:
        out += Md(
            "\nNo corpus is in the release index yet (`corpora/index.json`). Each vertical's "
            f"page says so; see {link('the verticals', '../verticals/index.md')}.\n"
        )
        return Md(out)
    drafts = [r for r in releases if r.entry.status == "draft"]
    if drafts:
        out += Md(
            f"\n{len(drafts)} of {len(releases)} listed corpora are **drafts**: they regenerate "
            "freely until the family's first release, so cite the sha256 with the revision.\n"
        )
    out += Md("\n## Files\n\n")
    for release in sorted(releases, key=lambda r: (r.entry.vertical, r.entry.revision)):
        out += release_section(release)
        out += Md("\n")
    out += Md("## Revisions\n\nEvery revision the release index lists, by vertical.\n\n")
    out += revisions_table(releases)
    return Md(out)
