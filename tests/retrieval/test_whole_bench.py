"""The whole-checker bench measures what it says: a valid 565-question family, every corpus
rule except the learned adversary. (The timings themselves are `make bench`, never a test.)"""

from __future__ import annotations

from pathlib import Path

from checker.bench.whole import bench_rules, synthetic_family
from checker.family import BY_KEY, VERTICALS
from checker.load import load_ours


def test_family_is_valid_and_complete(tmp_path: Path) -> None:
    written = synthetic_family(tmp_path, scale=1)
    counts = {}
    for path, sessions in written:
        corpus = load_ours(path)  # strict: every question validates against our format
        counts[corpus.vertical()] = len(corpus.questions)
        assert sessions == sum(len(q.haystack_sessions) for q in corpus.questions)
    assert counts == {v.key: v.count for v in VERTICALS}
    assert sum(counts.values()) == 565


def test_haystacks_scale_and_gold_does_not(tmp_path: Path) -> None:
    forgetting = [BY_KEY["forgetting"]]
    (tmp_path / "x1").mkdir()
    (tmp_path / "x4").mkdir()
    ((one, _),) = synthetic_family(tmp_path / "x1", scale=1, verticals=forgetting)
    ((four, _),) = synthetic_family(tmp_path / "x4", scale=4, verticals=forgetting)
    small, large = load_ours(one), load_ours(four)
    for qi in range(len(small.questions)):
        g = len(small.gold_indices(qi))
        assert len(large.gold_indices(qi)) == g
        h_small = len(small.questions[qi].haystack_sessions) - g
        assert len(large.questions[qi].haystack_sessions) - g == 4 * h_small


def test_only_the_learned_adversary_is_left_out() -> None:
    timed, excluded = bench_rules()
    assert all("adversary" in f"{r.name} {r.summary}".lower() for r in excluded)
    assert {r.code for r in timed} >= {"CAL001", "CAL002", "CAL003", "CAL004", "CAL005"}
    assert all(r.scope == "corpus" for r in timed)
