"""A corpus revision described in Croissant 1.0 (MLCommons' JSON-LD for datasets).

The description names the file with its sha256, so a Croissant reader refuses bytes that are
not the revision's, and declares one record set, `questions`, over the fields every question
of our format carries; `mlcroissant` validates it and loads its records in the tests. The
nested haystack (sessions of turns) stays in the file: the record set exposes the flat fields
and the session ids and dates that index it.
"""

from __future__ import annotations

from typing import Any

from checker.family import BY_KEY, citation_name
from site_gen.identity import FAMILY, LICENSE
from site_gen.sources import CorpusRelease

#: Croissant 1.0's standard JSON-LD context (a reader warns on any other).
CONTEXT: dict[str, Any] = {
    "@language": "en",
    "@vocab": "https://schema.org/",
    "citeAs": "cr:citeAs",
    "column": "cr:column",
    "conformsTo": "dct:conformsTo",
    "cr": "http://mlcommons.org/croissant/",
    "rai": "http://mlcommons.org/croissant/RAI/",
    "data": {"@id": "cr:data", "@type": "@json"},
    "dataType": {"@id": "cr:dataType", "@type": "@vocab"},
    "dct": "http://purl.org/dc/terms/",
    "examples": {"@id": "cr:examples", "@type": "@json"},
    "extract": "cr:extract",
    "field": "cr:field",
    "fileProperty": "cr:fileProperty",
    "fileObject": "cr:fileObject",
    "fileSet": "cr:fileSet",
    "format": "cr:format",
    "includes": "cr:includes",
    "isLiveDataset": "cr:isLiveDataset",
    "jsonPath": "cr:jsonPath",
    "key": "cr:key",
    "md5": "cr:md5",
    "parentField": "cr:parentField",
    "path": "cr:path",
    "recordSet": "cr:recordSet",
    "references": "cr:references",
    "regex": "cr:regex",
    "repeated": "cr:repeated",
    "replace": "cr:replace",
    "samplingRate": "cr:samplingRate",
    "sc": "https://schema.org/",
    "separator": "cr:separator",
    "source": "cr:source",
    "subField": "cr:subField",
    "transform": "cr:transform",
}
CONFORMS_TO = "http://mlcommons.org/croissant/1.0"
LICENSE_URL = f"https://spdx.org/licenses/{LICENSE}.html"
RECORD_SET = "questions"

#: (name, JSON path inside a question, repeated, description): fields every question has.
RECORD_FIELDS: tuple[tuple[str, str, bool, str], ...] = (
    ("question_id", "question_id", False, "Question id carrying the revision."),
    ("question_type", "question_type", False, "`<vertical>-<shape>`."),
    ("question", "question", False, "The question asked of the system under test."),
    ("answer", "answer", False, "The gold answer (answer key: never shown to a system)."),
    ("question_date", "question_date", False, "When the question is asked (the query time)."),
    ("vertical", "typedmemeval.vertical", False, "The vertical (answer-key block)."),
    ("shape", "typedmemeval.shape", False, "The question's shape (answer-key block)."),
    (
        "haystack_session_ids",
        "haystack_session_ids",
        True,
        "Session ids of the haystack, in timestamp order; the sessions themselves are "
        "`haystack_sessions` in the file.",
    ),
    ("haystack_dates", "haystack_dates", True, "Each session's timestamp, in the same order."),
    (
        "answer_session_ids",
        "answer_session_ids",
        True,
        "The gold sessions (answer key: never shown to a system).",
    ),
)


def cite_name(release: CorpusRelease) -> str:
    try:
        return citation_name(release.entry.vertical, release.entry.revision)
    except KeyError:
        return f"{FAMILY}-{release.entry.vertical} {release.entry.revision}"


def vertical_name(release: CorpusRelease) -> str:
    v = BY_KEY.get(release.entry.vertical)
    return v.name if v else release.entry.vertical


def bibtex(release: CorpusRelease) -> str:
    """A BibTeX entry naming the vertical, the revision and the corpus hash."""
    key = release.corpus_id.replace(".", "-")
    return (
        f"@misc{{{key},\n"
        f"  title = {{{{{cite_name(release)}}}}},\n"
        f"  howpublished = {{{FAMILY} corpus {release.corpus_id}}},\n"
        f"  version = {{{release.entry.revision}}},\n"
        f"  note = {{sha256 {release.entry.sha256}; {release.entry.question_count} questions; "
        f"status {release.entry.status}}}\n"
        f"}}\n"
    )


def description(release: CorpusRelease) -> str:
    entry = release.entry
    return (
        f"{FAMILY} {vertical_name(release)} corpus, revision {entry.revision} "
        f"({entry.status}): {entry.question_count} questions, each a haystack of "
        "timestamped conversation sessions with a typedmemeval answer-key block."
    )


def revision_month(revision: str) -> str:
    """The calendar month a revision label names (`2026.12.2` → `2026-12`)."""
    year, month = revision.split(".")[:2]
    return f"{year}-{month}"


def croissant(release: CorpusRelease, content_url: str | None = None) -> dict[str, Any]:
    """The Croissant description of one corpus revision. `content_url` is where the file is,
    relative to the description (the downloads page serves both from `corpora/`)."""
    entry = release.entry
    name = release.file_name
    file_object: dict[str, Any] = {
        "@type": "cr:FileObject",
        "@id": name,
        "name": name,
        "contentUrl": content_url or f"files/{name}",
        "encodingFormat": "application/json",
        "sha256": entry.sha256,
    }
    if release.size_bytes is not None:
        file_object["contentSize"] = f"{release.size_bytes} B"
    fields = [
        {
            "@type": "cr:Field",
            "@id": f"{RECORD_SET}/{field}",
            "name": field,
            "description": text,
            "dataType": "sc:Text",
            **({"repeated": True} if repeated else {}),
            "source": {"fileObject": {"@id": name}, "extract": {"jsonPath": f"$[*].{path}"}},
        }
        for field, path, repeated, text in RECORD_FIELDS
    ]
    return {
        "@context": CONTEXT,
        "@type": "sc:Dataset",
        "conformsTo": CONFORMS_TO,
        "name": cite_name(release),
        "identifier": release.corpus_id,
        "version": entry.revision,
        "datePublished": revision_month(entry.revision),
        "description": description(release),
        "license": LICENSE_URL,
        "creator": {"@type": "sc:Organization", "name": f"The {FAMILY} maintainers"},
        "citeAs": bibtex(release),
        "creativeWorkStatus": entry.status,
        "keywords": ["long-term memory", "conversational memory", "benchmark", entry.vertical],
        "isLiveDataset": False,
        "distribution": [file_object],
        "recordSet": [
            {
                "@type": "cr:RecordSet",
                "@id": RECORD_SET,
                "name": RECORD_SET,
                "description": "One record per question (the file is a JSON array).",
                "key": {"@id": f"{RECORD_SET}/question_id"},
                "field": fields,
            }
        ],
    }
