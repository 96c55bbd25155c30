"""A dataset card per corpus revision, and the download bundle that carries it.

The card is a README with YAML front matter in the convention dataset hubs and the `datasets`
library read (license, task categories, size category, pretty name, a `configs` entry naming
the data file and its split), plus the corpus's identity (id, revision, status, sha256) and its
citation. The bundle is one folder, zipped deterministically, holding the corpus file, the card
and the Croissant description, so it can be opened with `datasets.load_dataset(folder)` as it
is.
"""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import yaml

from checker.family import BY_KEY
from site_gen.croissant import bibtex, cite_name, croissant, description
from site_gen.identity import CITATION_RULE, FAMILY, LICENSE
from site_gen.sources import CorpusRelease

#: The split every corpus is published as: it is for evaluation only.
SPLIT = "test"
#: One line that loads a downloaded corpus file with `datasets` (tested as written).
LOAD_SNIPPET = 'load_dataset("json", data_files={{"{split}": "{file}"}}, split="{split}")'
#: Size buckets in the hubs' convention: (upper bound, label).
SIZE_CATEGORIES: tuple[tuple[int, str], ...] = (
    (1_000, "n<1K"),
    (10_000, "1K<n<10K"),
    (100_000, "10K<n<100K"),
    (1_000_000, "100K<n<1M"),
)
#: Fixed time stamp of every bundle member (the zip format's earliest), so bytes repeat.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def size_category(n: int) -> str:
    for bound, label in SIZE_CATEGORIES:
        if n < bound:
            return label
    return "n>1M"


def load_snippet(release: CorpusRelease) -> str:
    """The one-line `datasets` call for the downloaded file, in the current folder."""
    return LOAD_SNIPPET.format(split=SPLIT, file=release.file_name)


def front_matter(release: CorpusRelease) -> dict[str, Any]:
    entry = release.entry
    return {
        "pretty_name": cite_name(release),
        "license": LICENSE.lower(),
        "language": ["en"],
        "task_categories": ["question-answering"],
        "size_categories": [size_category(entry.question_count)],
        "tags": ["long-term-memory", "conversational-memory", "benchmark", entry.vertical],
        "configs": [
            {
                "config_name": "default",
                "data_files": [{"split": SPLIT, "path": release.file_name}],
            }
        ],
        "corpus_id": release.corpus_id,
        "revision": entry.revision,
        "status": entry.status,
        "sha256": entry.sha256,
        "citation": bibtex(release),
    }


def card(release: CorpusRelease) -> str:
    """The README of one corpus revision: YAML front matter, then the card's text."""
    entry = release.entry
    profile = BY_KEY.get(entry.vertical)
    measures = profile.prose.measures if profile else description(release)
    matter = yaml.safe_dump(front_matter(release), sort_keys=False, allow_unicode=True)
    shapes = "\n".join(f"| {shape} | {n} |" for shape, n in sorted(entry.shape_counts.items()))
    return (
        f"---\n{matter}---\n\n"
        f"# {cite_name(release)}\n\n"
        f"{description(release)}\n\n"
        f"What it measures: {measures}\n\n"
        "## Identity\n\n"
        f"- corpus id: `{release.corpus_id}`\n"
        f"- revision: `{entry.revision}` ({entry.status})\n"
        f"- sha256 of `{release.file_name}` (CRLF normalised to LF): `{entry.sha256}`\n"
        f"- questions: {entry.question_count}\n\n"
        "| shape | questions |\n|---|---|\n"
        f"{shapes}\n\n"
        "## Loading\n\n"
        "With the `datasets` library, from the folder holding the file:\n\n"
        "```python\n"
        "from datasets import load_dataset\n"
        f"corpus = {load_snippet(release)}\n"
        "```\n\n"
        "or `load_dataset(folder)` on this bundle's folder, which reads the `configs` entry "
        "above. `croissant.json` beside this card describes the same file in Croissant 1.0.\n\n"
        "## Format\n\n"
        "A JSON array of questions: `question_id`, `question_type`, `question`, `answer`, "
        "`question_date`, `haystack_session_ids`, `haystack_dates`, `haystack_sessions` (each a "
        "list of turns with `role`, `content` and `has_answer`), `answer_session_ids`, and the "
        f"family block `typedmemeval`. The block, `answer`, `answer_session_ids` and every "
        "`has_answer` flag are answer-key material: never show them to a system under test.\n\n"
        "## Citation\n\n"
        f"{CITATION_RULE}\n\n"
        f"```bibtex\n{bibtex(release)}```\n\n"
        "## License\n\n"
        f"{LICENSE}. {FAMILY}'s corpora are its own bytes; cite them by revision and sha256.\n"
    )


def bundle_name(release: CorpusRelease) -> str:
    return f"{release.corpus_id}.zip"


def bundle(release: CorpusRelease) -> bytes | None:
    """The zipped folder `<corpus-id>/` with the corpus file, README.md and croissant.json;
    None when the corpus file is missing. Same release, same bytes."""
    if release.payload is None:
        return None
    folder = release.corpus_id
    members = {
        f"{folder}/README.md": card(release).encode("utf-8"),
        f"{folder}/croissant.json": (
            json.dumps(croissant(release, release.file_name), indent=2, sort_keys=True) + "\n"
        ).encode("utf-8"),
        f"{folder}/{release.file_name}": release.payload,
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, members[name], compresslevel=9)
    return buf.getvalue()
