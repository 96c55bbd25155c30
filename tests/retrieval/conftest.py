"""Helpers for the retrieval tests: load a builder corpus from a temporary file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checker.io import dump_json
from checker.load import LoadedCorpus, load_ours

CorpusOf = Callable[[list[dict[str, Any]]], LoadedCorpus]


@pytest.fixture
def corpus_of(tmp_path: Path) -> CorpusOf:
    """Write questions to a temporary corpus file and load it (no sidecar)."""
    counter = iter(range(1_000_000))

    def load(questions: list[dict[str, Any]]) -> LoadedCorpus:
        path = tmp_path / f"corpus-{next(counter)}.json"
        path.write_text(dump_json(questions), encoding="utf-8")
        return load_ours(path)

    return load
