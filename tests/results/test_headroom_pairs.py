"""Headroom compares probe arms only on the questions both arms answered with a verdict: V8 is
inconclusive wherever the haystack overflows the model's window, and a V8 share over two
questions set against a V9 share over forty is no difference at all."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from checker.results.aggregate import LIMITED_BY_MIN_N, TOO_FEW, _arms, _left_out, limited_by


def _corpus(models: dict[str, str] | None = None, **records: dict[str, str]) -> Any:
    probes = {
        name: SimpleNamespace(
            status="measured",
            outcomes=outcomes,
            model=(models or {}).get(name, "m"),
            judge_fingerprint="f",
        )
        for name, outcomes in records.items()
    }
    return SimpleNamespace(sidecar=SimpleNamespace(probes=probes))


IDS = [f"q{i}" for i in range(6)]


def test_each_difference_is_over_the_questions_its_arms_both_measured() -> None:
    corpus = _corpus(
        v1={q: "correct" for q in IDS},
        v9={
            "q0": "wrong",
            "q1": "wrong",
            "q2": "correct",
            "q3": "inconclusive",
            "q4": "wrong",
            "q5": "correct",
        },
        # V8 answered two questions; the rest overflowed the window.
        v8={
            "q0": "correct",
            "q1": "inconclusive",
            "q2": "correct",
            "q3": "inconclusive",
            "q4": "inconclusive",
            "q5": "inconclusive",
        },
    )
    arms = _arms("all", IDS, corpus)
    # V1 − V9 over q0, q1, q2, q4, q5 (V9 inconclusive on q3): 5/5 − 2/5.
    assert arms.n == 5 and arms.v1_minus_v9 == 1 - 2 / 5
    # V8 − V9 over q0 and q2 only, where all three measured: 2/2 − 1/2.
    assert arms.n_reachable == 2 and arms.v8_minus_v9 == 1 - 1 / 2
    # Two questions are too few to say what limits the stratum.
    assert arms.limited_by == limited_by(1.0, 1.0, 0.5, 2) == TOO_FEW
    assert limited_by(1.0, 1.0, 0.5, LIMITED_BY_MIN_N) == "retrieval"
    assert limited_by(1.0, 0.5, 0.5, LIMITED_BY_MIN_N) == "reasoning"


def test_a_missing_arm_leaves_its_difference_unmeasured() -> None:
    corpus = _corpus(v1={q: "correct" for q in IDS}, v9={q: "wrong" for q in IDS})
    arms = _arms("all", IDS, corpus)
    assert arms.n == 6 and arms.v1_minus_v9 == 1.0
    assert arms.n_reachable == 0 and arms.v8_minus_v9 is None and arms.limited_by is None


def test_an_arm_another_model_answered_is_left_out_not_compared() -> None:
    corpus = _corpus(
        {"v9": "a-bigger-model"}, v1={q: "correct" for q in IDS}, v9={q: "wrong" for q in IDS}
    )
    assert _left_out(corpus) == ("v9",)
    arms = _arms("all", IDS, corpus)
    assert arms.n == 0 and arms.v1_minus_v9 is None
