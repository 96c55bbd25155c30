"""The event-order machinery: one order from the relations or a reason, cue words read in
either direction, and Kendall's S with its exact permutation variance."""

from __future__ import annotations

import itertools
import json
import random
import statistics
from pathlib import Path

import pytest
from scipy.stats import kendalltau

from checker.formats.corpus import Event, Question, Relation, Turn
from checker.load import LoadedCorpus, load_ours
from checker.rules.event_order import (
    _reading,
    derive_order,
    kendall_s,
    measure_session_order,
)
from checker.verticals.profile import EventOrder

SPEC = EventOrder(
    queries={},
    cue_words={"after": ("after", "later than"), "before": ("before", "earlier than")},
)
BASES = Path(__file__).resolve().parents[1] / "fixtures" / "base"


def _event(event_id: str, value: str, session: int, *relations: tuple[str, str]) -> Event:
    return Event(
        event_id=event_id,
        kind="milestone",
        subject="s",
        value=value,
        session_index=session,
        relations=[Relation(kind=k, other_event_id=o) for k, o in relations],
    )


def test_a_chain_of_after_and_before_links_has_one_order() -> None:
    # c after b; a before b; d after c  →  a, b, c, d (listed out of order on purpose)
    events = [
        _event("x3", "C", 0, ("after", "x1")),
        _event("x9", "D", 1, ("after", "x3")),
        _event("x1", "B", 2),
        _event("x5", "A", 3, ("before", "x1")),
    ]
    assert derive_order(events, SPEC).order == ["x5", "x1", "x3", "x9"]


def test_the_order_never_comes_from_sessions_ids_or_listing() -> None:
    events = [
        _event("a", "A", 9, ("after", "b")),
        _event("b", "B", 0),
    ]
    reordered = [
        _event("z", "A", 0, ("after", "y")),
        _event("y", "B", 9),
    ]
    assert derive_order(events, SPEC).order == ["b", "a"]
    assert derive_order(list(reversed(reordered)), SPEC).order == ["y", "z"]


def test_two_unrelated_events_allow_more_than_one_order() -> None:
    events = [_event("a", "A", 0), _event("b", "B", 1), _event("c", "C", 2, ("after", "a"))]
    derived = derive_order(events, SPEC)
    assert derived.order is None
    assert "more than one order" in (derived.problem or "")


def test_a_cycle_and_unknown_kinds_and_targets_are_named() -> None:
    cycle = [_event("a", "A", 0, ("after", "b")), _event("b", "B", 1, ("after", "a"))]
    assert "cycle" in (derive_order(cycle, SPEC).problem or "")
    unknown = [_event("a", "A", 0, ("during", "b")), _event("b", "B", 1)]
    assert "relation kind 'during'" in (derive_order(unknown, SPEC).problem or "")
    missing = [_event("a", "A", 0, ("after", "q")), _event("b", "B", 1)]
    assert "unknown event q" in (derive_order(missing, SPEC).problem or "")


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        ("Apparently the Grelvan review took place after the Tossick visit.", "after"),
        ("Apparently the Grelvan review took place later than the Tossick visit.", "after"),
        ("The Tossick visit came before the Grelvan review.", "after"),
        ("The Grelvan review was held earlier than the Tossick visit.", "before"),
        ("The Tossick visit was done after the Grelvan review.", "before"),
        ("The Grelvan review and the Tossick visit both went well.", None),
        ("The Grelvan review came after, not before, the Tossick visit.", None),
        ("Only the Grelvan review came up.", None),
    ],
)
def test_the_cue_between_the_two_names_says_which_way(text: str, reading: str | None) -> None:
    turn = Turn(role="user", content=text, has_answer=False)
    assert _reading(turn, "Grelvan review", "Tossick visit", SPEC) == reading


def test_kendall_s_agrees_with_scipy_and_its_variance_with_every_permutation() -> None:
    rng = random.Random(3)
    for _ in range(20):
        n = rng.randint(3, 7)
        x = list(range(n))
        y = [rng.randint(0, 4) for _ in range(n)]
        k = kendall_s(x, y)
        expected = kendalltau(x, y).statistic
        if k.denominator:
            assert k.s / k.denominator == pytest.approx(expected)
        spread = [kendall_s(x, list(p)).s for p in itertools.permutations(y)]
        assert k.variance == pytest.approx(statistics.pvariance(spread))


def test_kendall_s_counts_ties_in_both_variables() -> None:
    x, y = [0, 0, 1, 2, 2], [3, 3, 1, 7, 2]
    spread = [kendall_s(x, list(p)).s for p in itertools.permutations(y)]
    assert kendall_s(x, y).variance == pytest.approx(statistics.pvariance(spread))


def test_session_order_is_measured_over_the_corpus() -> None:
    clean = load_ours(next((BASES / "temporal").glob("typedmemeval-*-2026.12.json")))
    record = measure_session_order(clean)
    assert record is not None and record.verdict == "pass"
    assert record.questions == 50 and abs(record.tau) < 0.2 and record.p_value >= 0.05
    ordered = load_ours(
        next((BASES / "temporal-in-session-order").glob("typedmemeval-*-2026.12.json"))
    )
    refused = measure_session_order(ordered)
    assert refused is not None and refused.verdict == "refused" and refused.tau > 0.9


def test_reversing_every_chain_reverses_tau() -> None:
    path = next((BASES / "temporal-in-session-order").glob("typedmemeval-*-2026.12.json"))
    raw = json.loads(path.read_text())
    for q in raw:
        for e in q["typedmemeval"]["events"]:
            for r in e["relations"]:
                r["kind"] = "before" if r["kind"] == "after" else "after"
    questions = [Question.model_validate(q) for q in raw]
    corpus = LoadedCorpus(path=path, sha256="", questions=questions, mode="ours")
    record = measure_session_order(corpus)
    assert record is not None and record.tau < -0.9 and record.verdict == "refused"
