"""Result-test fixtures: the test corpora, written once per session with their index."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests.results.result_corpora import write_corpora


@pytest.fixture(scope="session")
def corpora_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`<root>/corpora/index.json` over the four test corpora; results written anywhere below
    `<root>` find it as their nearest index."""
    return write_corpora(tmp_path_factory.mktemp("results-root"))


@pytest.fixture
def case_root(corpora_index: Path) -> Path:
    """A fresh folder below the corpora's root for one test's result files."""
    cases = corpora_index.parent.parent / "cases"
    cases.mkdir(exist_ok=True)
    return Path(tempfile.mkdtemp(dir=cases))
