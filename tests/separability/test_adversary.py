"""The learned adversaries see what a single-feature table cannot, and nothing on noise."""

from __future__ import annotations

import random

from checker.separability import measure_separability
from checker.separability.plants import gold_value_bank
from checker.separability.synthetic import build_clean_corpus, rebuilt


def test_bag_of_words_finds_a_gold_value_bank_the_table_misses() -> None:
    base = build_clean_corpus(questions=30, sessions=(10, 14), seed=8)
    planted = gold_value_bank(base, random.Random(0))
    corpus = rebuilt(base, planted.questions)  # type: ignore[union-attr]
    record = measure_separability(corpus, [], adversary=True)
    ngram = next(a for a in record.adversaries if a.name == "ngram")
    assert ngram.verdict == "refused" and ngram.auc >= 0.70
    assert ngram.shuffled_auc < 0.70
    assert ngram.leans_gold  # it says what it leans on
    assert not [r for r in record.features if r.verdict == "refused"]
    assert not record.exclusive_phrases


def test_clean_corpus_adversaries_sit_near_chance() -> None:
    record = measure_separability(build_clean_corpus(questions=30, sessions=(10, 14), seed=9), [])
    assert [a.verdict for a in record.adversaries] == ["pass", "pass"]
    assert all(abs(a.auc - 0.5) < 0.15 for a in record.adversaries)
