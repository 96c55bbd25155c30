"""The dataset metadata the site publishes is accepted by the tools a reader would use.

* `mlcroissant`, the reference Croissant implementation, validates every shipped corpus's
  description with no error and no warning and loads its `questions` records, which equal the
  file's questions; it refuses the records of a description whose sha256 is not the file's.
* The bundle's dataset card parses as a dataset card (`huggingface_hub.DatasetCard`), with the
  license, task category, size category, pretty name, citation and sha256 in its front matter.
* The documented one-line `datasets` snippet loads the downloaded file, and `load_dataset` on
  the bundle's folder loads it through the card's `configs` entry (run in a subprocess with the
  hub switched off and a private cache, so nothing outside the test's folder is touched).
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import mlcroissant as mlc
import pytest
from huggingface_hub import DatasetCard

from site_gen import dataset_card
from site_gen.croissant import RECORD_SET, croissant
from site_gen.sources import CorpusRelease, SiteSources

#: mlcroissant builds its graph with rdflib's ConjunctiveGraph, which rdflib 7 deprecates; the
#: warning is the library's, about its own internals, and says nothing about our files.
pytestmark = pytest.mark.filterwarnings(
    "ignore:ConjunctiveGraph is deprecated, use Dataset instead:DeprecationWarning"
)

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted(json.loads((REPO / "corpora" / "index.json").read_text("utf-8"))["corpora"])



def _release(sources: SiteSources, corpus_id: str) -> CorpusRelease:
    found = next(r for r in sources.releases if r.corpus_id == corpus_id)
    assert found.payload is not None
    return found


def _described(folder: Path, release: CorpusRelease) -> Path:
    """The description and the file laid out as the downloads page serves them."""
    assert release.payload is not None
    (folder / "files").mkdir(parents=True)
    (folder / "files" / release.file_name).write_bytes(release.payload)
    path = folder / f"{release.corpus_id}.jsonld"
    path.write_text(json.dumps(croissant(release), indent=2), encoding="utf-8")
    return path


@pytest.mark.parametrize("corpus_id", SHIPPED)
def test_mlcroissant_validates_and_loads_every_shipped_corpus(
    shipped: SiteSources, corpus_id: str, tmp_path: Path
) -> None:
    release = _release(shipped, corpus_id)
    dataset = mlc.Dataset(jsonld=_described(tmp_path, release))
    issues = dataset.metadata.ctx.issues
    assert not issues.errors and not issues.warnings, issues.report()
    records = list(dataset.records(RECORD_SET))
    questions = json.loads(release.payload or b"")
    assert len(records) == release.entry.question_count == len(questions)
    for record, q in zip(records, questions, strict=True):
        assert record[f"{RECORD_SET}/question_id"].decode() == q["question_id"]
        assert record[f"{RECORD_SET}/question"].decode() == q["question"]
        assert record[f"{RECORD_SET}/shape"].decode() == q["typedmemeval"]["shape"]
        ids = [x.decode() for x in record[f"{RECORD_SET}/answer_session_ids"]]
        assert ids == q["answer_session_ids"]
        assert len(record[f"{RECORD_SET}/haystack_dates"]) == len(q["haystack_sessions"])


def test_mlcroissant_refuses_a_description_with_a_wrong_sha256(
    shipped: SiteSources, tmp_path: Path
) -> None:
    release = _release(shipped, SHIPPED[0])
    wrong = dataclasses.replace(release, entry=release.entry.model_copy(update={"sha256": "0" * 64}))
    dataset = mlc.Dataset(jsonld=_described(tmp_path, wrong))
    assert not dataset.metadata.ctx.issues.errors  # well-formed: it is the bytes that differ
    with pytest.raises(mlc.GenerationError) as refused:
        next(iter(dataset.records(RECORD_SET)))
    cause = refused.value.__cause__
    assert cause is not None and "Hash of downloaded file" in str(cause)
    assert release.entry.sha256 in str(cause)  # what the file really hashes to


def _unpacked(release: CorpusRelease, into: Path) -> Path:
    packed = dataset_card.bundle(release)
    assert packed is not None
    into.mkdir(parents=True, exist_ok=True)
    archive = into / dataset_card.bundle_name(release)
    archive.write_bytes(packed)
    with zipfile.ZipFile(archive) as z:
        assert sorted(z.namelist()) == sorted(
            f"{release.corpus_id}/{name}"
            for name in ("README.md", "croissant.json", release.file_name)
        )
        z.extractall(into)
    return into / release.corpus_id


def test_the_bundle_is_deterministic_and_its_card_parses(
    shipped: SiteSources, tmp_path: Path
) -> None:
    release = _release(shipped, SHIPPED[0])
    assert dataset_card.bundle(release) == dataset_card.bundle(release)
    folder = _unpacked(release, tmp_path)
    assert (folder / release.file_name).read_bytes() == release.payload
    card = DatasetCard.load(folder / "README.md")
    data = card.data.to_dict()
    assert data["license"] == "mit"
    assert data["task_categories"] == ["question-answering"]
    assert data["size_categories"] == ["n<1K"]
    assert data["pretty_name"] == croissant(release)["name"]
    assert data["sha256"] == release.entry.sha256
    assert release.corpus_id in data["citation"] and release.entry.sha256 in data["citation"]
    assert data["configs"][0]["data_files"] == [
        {"split": dataset_card.SPLIT, "path": release.file_name}
    ]
    assert dataset_card.load_snippet(release) in card.text
    # The bundle's own Croissant description points at the file beside it.
    bundled = mlc.Dataset(jsonld=folder / "croissant.json")
    assert not bundled.metadata.ctx.issues.errors
    assert len(list(bundled.records(RECORD_SET))) == release.entry.question_count


LOADER = """
import json, sys
from pathlib import Path
from datasets import load_dataset

for folder, file, snippet, count in json.loads(sys.argv[1]):
    questions = json.loads((Path(folder) / file).read_text(encoding="utf-8"))
    ids = [q["question_id"] for q in questions]
    # The documented one-liner, exactly as the downloads page and the card print it.
    scope = {"load_dataset": load_dataset}
    exec("import os; os.chdir(" + repr(folder) + "); corpus = " + snippet, scope)
    corpus = scope["corpus"]
    assert corpus.num_rows == count == len(ids), (file, corpus.num_rows, count)
    assert corpus["question_id"] == ids, file
    assert corpus[0]["typedmemeval"]["shape"] == questions[0]["typedmemeval"]["shape"]
    # The bundle's folder, read through the card's `configs` entry.
    split = load_dataset(folder)["test"]
    assert split["question_id"] == ids, file
    print("loaded", file, corpus.num_rows)
"""


def test_datasets_loads_every_shipped_corpus_as_documented(
    shipped: SiteSources, tmp_path: Path
) -> None:
    jobs = []
    for corpus_id in SHIPPED:
        release = _release(shipped, corpus_id)
        folder = _unpacked(release, tmp_path / corpus_id)
        jobs.append(
            [
                str(folder),
                release.file_name,
                dataset_card.load_snippet(release),
                release.entry.question_count,
            ]
        )
    env = {
        **os.environ,
        "HF_HOME": str(tmp_path / "hf"),
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HUB_DISABLE_TELEMETRY": "1",
        "HF_DATASETS_DISABLE_PROGRESS_BARS": "1",
    }
    proc = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", LOADER, json.dumps(jobs)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert proc.stdout.count("loaded ") == len(SHIPPED)
