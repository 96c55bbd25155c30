"""Author the literal corpora the SHC and LNG fixtures check (run: `.venv/bin/python -m
tests.separability.build_shortcut_fixtures`).

Each is the self-test's synthetic corpus, small, with one of the self-test's plants (or its
twin that must pass) applied; deterministic and committed under `tests/fixtures/shortcuts/`.
The rule folders' `case.json` files point at them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from checker.io import dump_json
from checker.load import LoadedCorpus
from checker.selftest_plants import (
    chain_ends_asked,
    fixed_offsets,
    least_frequent_answer,
    marked_distractors,
    most_frequent_answer,
    order_sides_drawn,
    rivals_as_often,
    stock_replies,
    two_rivals_after_answer,
    unmarked_distractors,
    varied_wording,
)
from checker.separability.plants import Planted, Skip
from checker.separability.synthetic import build_clean_corpus

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "shortcuts"
SEED = 1


def _shortcut_base() -> LoadedCorpus:
    return build_clean_corpus(questions=14, sessions=(14, 16), exchanges=(2, 3), seed=SEED)


def _language_base() -> LoadedCorpus:
    return build_clean_corpus(questions=12, sessions=(24, 26), exchanges=(4, 4), seed=SEED)


def _text(corpus: LoadedCorpus, plant: Callable[..., Planted | Skip] | None) -> str:
    questions = corpus.questions
    if plant is not None:
        built = plant(corpus, random.Random(SEED))
        assert isinstance(built, Planted), built
        questions = built.questions
    return dump_json([q.model_dump(mode="json", exclude_none=True) for q in questions])


def all_files() -> dict[Path, str]:
    """Every fixture corpus this script writes, by path."""
    base, words = _shortcut_base(), _language_base()
    plants: dict[str, tuple[LoadedCorpus, Callable[..., Planted | Skip] | None]] = {
        "clean": (base, None),
        "most-frequent": (base, most_frequent_answer),
        "least-frequent": (base, least_frequent_answer),
        "rivals-as-often": (base, rivals_as_often),
        "two-rivals-after": (base, two_rivals_after_answer),
        "chain-ends-asked": (base, chain_ends_asked),
        "order-sides-drawn": (base, order_sides_drawn),
        "fixed-offsets": (base, fixed_offsets),
        "marked-distractors": (base, marked_distractors),
        "unmarked-distractors": (base, unmarked_distractors),
        "stock-replies": (words, stock_replies),
        "varied-wording": (words, varied_wording),
    }
    return {HERE / f"{name}.json": _text(*how) for name, how in plants.items()}


def main() -> None:
    for path, text in all_files().items():
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
