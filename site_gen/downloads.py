"""The corpus downloads page: files with size, sha256 and revision; citations; dataset
descriptions (Croissant-style JSON-LD) for machines; the revision history from the index."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from checker.family import BY_KEY, citation_name
from site_gen.identity import CITATION_RULE, FAMILY, LICENSE
from site_gen.markup import Md, admonition, code, esc, link, table
from site_gen.sources import CorpusRelease

PAGE = "corpora/index.md"
FILES_DIR = "corpora/files"


def file_path(release: CorpusRelease) -> str:
    """Where the corpus file is served, relative to the docs root."""
    return f"{FILES_DIR}/{release.file_name}"


def jsonld_path(release: CorpusRelease) -> str:
    """Where the dataset description is served, relative to the docs root."""
    return f"corpora/{release.corpus_id}.jsonld"


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


def _vertical_name(release: CorpusRelease) -> str:
    v = BY_KEY.get(release.entry.vertical)
    return v.name if v else release.entry.vertical


def bibtex(release: CorpusRelease) -> str:
    """A BibTeX entry naming the vertical, the revision and the corpus hash."""
    key = release.corpus_id.replace(".", "-")
    title = _cite_name(release)
    return (
        f"@misc{{{key},\n"
        f"  title = {{{{{title}}}}},\n"
        f"  howpublished = {{{FAMILY} corpus {release.corpus_id}}},\n"
        f"  version = {{{release.entry.revision}}},\n"
        f"  note = {{sha256 {release.entry.sha256}; {release.entry.question_count} questions; "
        f"status {release.entry.status}}}\n"
        f"}}\n"
    )


def _cite_name(release: CorpusRelease) -> str:
    try:
        return citation_name(release.entry.vertical, release.entry.revision)
    except KeyError:
        return f"{FAMILY}-{release.entry.vertical} {release.entry.revision}"


def croissant(release: CorpusRelease) -> dict[str, Any]:
    """A Croissant-style (schema.org Dataset) description of one corpus revision."""
    entry = release.entry
    record_fields = [
        ("question_id", "Question id carrying the revision (`tme-<abbrev>-<YYMM>-NNN`)."),
        ("question_type", "`<vertical>-<shape>`."),
        ("question", "The question asked of the system under test."),
        ("answer", "The gold answer (answer key)."),
        ("question_date", "When the question is asked."),
        ("haystack_sessions", "The conversation sessions, in timestamp order."),
        ("answer_session_ids", "The gold sessions (answer key)."),
        ("typedmemeval", "The family block: vertical, shape and answer-key structure."),
    ]
    return {
        "@context": {
            "@vocab": "https://schema.org/",
            "sc": "https://schema.org/",
            "cr": "http://mlcommons.org/croissant/",
        },
        "@type": "sc:Dataset",
        "conformsTo": "http://mlcommons.org/croissant/1.0",
        "name": _cite_name(release),
        "identifier": release.corpus_id,
        "version": entry.revision,
        "description": (
            f"{FAMILY} {_vertical_name(release)} corpus, revision {entry.revision} "
            f"({entry.status}): {entry.question_count} questions, each a haystack of "
            f"timestamped conversation sessions with a typedmemeval answer-key block."
        ),
        "license": LICENSE,
        "citeAs": bibtex(release),
        "creativeWorkStatus": entry.status,
        "keywords": ["long-term memory", "conversational memory", "benchmark", entry.vertical],
        "distribution": [
            {
                "@type": "cr:FileObject",
                "@id": release.file_name,
                "name": release.file_name,
                "contentUrl": f"files/{release.file_name}",
                "encodingFormat": "application/json",
                "sha256": entry.sha256,
                **(
                    {"contentSize": f"{release.size_bytes} B"}
                    if release.size_bytes is not None
                    else {}
                ),
            }
        ],
        "recordSet": [
            {
                "@type": "cr:RecordSet",
                "@id": "questions",
                "name": "questions",
                "description": "One record per question (the file is a JSON array).",
                "field": [
                    {
                        "@type": "cr:Field",
                        "@id": f"questions/{name}",
                        "name": name,
                        "description": text,
                        "source": {
                            "fileObject": {"@id": release.file_name},
                            "extract": {"jsonPath": f"$[*].{name}"},
                        },
                    }
                    for name, text in record_fields
                ],
            }
        ],
    }


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
    out = Md(f"### {esc(_cite_name(release))}\n\n")
    out += table(["file", "size", "sha256 (CRLF → LF)", "questions", "revision", "status"], rows)
    if release.problems:
        out += Md("\n" + "\n".join(f"- **{esc(p)}**" for p in release.problems) + "\n")
    out += Md(
        f"\nDataset description: {link(release.corpus_id + '.jsonld', release.corpus_id + '.jsonld')}"
        " (Croissant-style JSON-LD).\n\n"
    )
    out += Md("```bibtex\n" + bibtex(release).replace("```", "'''") + "```\n\n")
    out += Md(f'<script type="application/ld+json">{jsonld_text(croissant(release))}</script>\n')
    return Md(out)


def revisions_table(releases: Sequence[CorpusRelease]) -> Md:
    rows = [
        [
            esc(_vertical_name(r)),
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
