"""Byte-identical regeneration (R-GEN-3) on small corpora, in-process and across processes."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from corpora.generate.core.stamp import corpus_text
from tests.generate.conftest import small_forgetting, small_workingmemory

SCRIPT = (
    "import hashlib\n"
    "from corpora.generate.core.stamp import corpus_text\n"
    "from tests.generate.conftest import small_forgetting\n"
    "print(hashlib.sha256(corpus_text(small_forgetting().questions).encode()).hexdigest())\n"
)


def _digests() -> list[str]:
    return [hashlib.sha256(corpus_text(small_forgetting().questions).encode()).hexdigest()]


def test_two_builds_are_byte_identical() -> None:
    first = corpus_text(small_forgetting().questions)
    assert corpus_text(small_forgetting().questions) == first
    assert corpus_text(small_workingmemory().questions) == corpus_text(
        small_workingmemory().questions
    )


def test_another_process_with_another_hash_seed_writes_the_same_bytes() -> None:
    here = _digests()
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.split() == here


def test_another_seed_gives_another_corpus() -> None:
    assert corpus_text(small_forgetting(seed=1).questions) != corpus_text(
        small_forgetting().questions
    )
