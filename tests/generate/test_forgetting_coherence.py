"""Forgetting's haystacks only end or re-affirm what they stated; rivals are said as often as
answers and in the same kinds of sentence; each question has its own positions and clock."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pytest

from checker.formats.corpus import TypedMemEvalBlock
from corpora.generate.core.world import (
    INVALIDATION,
    REAFFIRMATION,
    STATEMENT,
    TWIN_CONSIDERED,
    TWIN_KINDS,
    TWIN_OTHERS,
    Move,
    SessionPlan,
)
from corpora.generate.forgetting import generator as forgetting
from tests.generate.answer_places import place_lifts, places_from_latest

#: Invalidated questions 1-5 and their still-valid controls (21-25), and never-known ones.
QUESTIONS = frozenset({1, 2, 3, 4, 5, 21, 22, 23, 24, 25, 36, 41, 46})


@dataclass(frozen=True)
class Haystack:
    plans: Sequence[SessionPlan]
    block: TypedMemEvalBlock
    asked: datetime


@pytest.fixture(scope="module")
def haystacks() -> dict[int, Haystack]:
    captured: list[Haystack] = []
    original = forgetting.assemble_question

    def capture(**kwargs: Any) -> Any:
        captured.append(Haystack(kwargs["plans"], kwargs["block"], kwargs["question_date"]))
        return original(**kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(forgetting, "assemble_question", capture)
        g = forgetting.GENERATOR
        forgetting.build(g.seed, "2026.12", g.levers[0], only=QUESTIONS)
    return dict(zip(sorted(QUESTIONS), captured, strict=True))


def test_an_event_is_only_ever_on_a_fact_stated_before_it(haystacks: dict[int, Haystack]) -> None:
    """No invalidation or re-affirmation of something the haystack never stated (issue 24:
    "no negation of an unstated thing"): each follows its fact's statement, in an earlier
    session or earlier in its own."""
    for haystack in haystacks.values():
        stated: set[tuple[str, str]] = set()
        for plan in haystack.plans:
            for move in plan.moves:
                key = (move.person.key, move.family.key)
                if move.kind == STATEMENT:
                    stated.add(key)
                elif move.kind in (INVALIDATION, REAFFIRMATION):
                    assert key in stated, key


def _twins(haystack: Haystack) -> dict[str, list[Move]]:
    """Every rival value of a haystack with its sayings, in session order."""
    said: dict[str, list[Move]] = defaultdict(list)
    for plan in haystack.plans:
        for move in plan.moves:
            if move.kind in TWIN_KINDS and move.value is not None:
                said[move.value].append(move)
    return said


def test_the_asked_pairs_rivals_are_each_said_twice_as_its_answer_is(
    haystacks: dict[int, Haystack],
) -> None:
    """A stated answer is said twice (its statement, then its ending or re-affirmation), and so
    is every rival of the asked pair: the value said most often is not the answer (SHC001)."""
    for n, haystack in haystacks.items():
        declared = Counter(t.value for t in haystack.block.twins or ())
        assert declared, n
        assert set(declared.values()) == {2}, (n, declared)


def test_rivals_of_every_pair_are_said_at_most_twice_and_mostly_twice(
    haystacks: dict[int, Haystack],
) -> None:
    """Unasked and cold pairs' rivals echo as the asked pair's do (a cold rival said last in a
    haystack may have no later session to echo it in)."""
    counts = Counter()
    for haystack in haystacks.values():
        for value, moves in _twins(haystack).items():
            assert len(moves) <= 2, value
            counts[len(moves)] += 1
    assert counts[2] >= 0.8 * sum(counts.values()), counts


def test_a_rivals_second_saying_is_worded_as_an_answers_second_saying(
    haystacks: dict[int, Haystack],
) -> None:
    """First told as a statement, a rival is told the second time as an event on it — an
    ending only when it is someone else's news (a rumour of an ending, retracted, would say the
    holder still has it) — so the event frames do not mark the answer (SHC003). A plan dropped
    is told as a statement again: "he changed his mind" after "he still has it" would say he
    had it, and a never-known answer would read as one that no longer holds."""
    retold = Counter()
    for haystack in haystacks.values():
        for value, moves in _twins(haystack).items():
            first, *rest = moves
            assert first.told_as == STATEMENT, value
            for again in rest:
                assert again.kind == first.kind, value
                if again.kind == TWIN_CONSIDERED:
                    assert again.told_as == STATEMENT, value
                else:
                    assert again.told_as in (INVALIDATION, REAFFIRMATION), value
                if again.told_as == INVALIDATION:
                    assert again.kind == TWIN_OTHERS, value
                retold[again.told_as] += 1
    assert retold[INVALIDATION] and retold[REAFFIRMATION] and retold[STATEMENT], retold


def test_a_control_shares_its_partners_plan_but_not_its_sessions_dates(
    haystacks: dict[int, Haystack],
) -> None:
    """The arms of a pair are asked about one person's one thing at one distance over haystacks
    of one size, but a control that repeated its partner's dates and positions had its gold
    found by a model trained on the partner (SHC002 0.849)."""
    for invalidated in (1, 2, 3, 4, 5):
        treatment, control = haystacks[invalidated], haystacks[invalidated + 20]
        assert control.block.pair_id == treatment.block.pair_id
        assert control.block.fact_family == treatment.block.fact_family
        assert control.block.distance_sessions == treatment.block.distance_sessions
        assert len(control.plans) == len(treatment.plans)
        assert [p.moment for p in control.plans] != [p.moment for p in treatment.plans]
    positions = {
        n: tuple(c.session_index for c in h.block.gold_components or ())
        for n, h in haystacks.items()
    }
    assert any(positions[i] != positions[i + 20] for i in (1, 2, 3, 4, 5)), positions


def test_sessions_and_questions_keep_a_persons_hours(haystacks: dict[int, Haystack]) -> None:
    """Sessions fall at varied times of day, and a question is asked in waking hours one to
    three days after the last session (not all at one minute, not in the small hours)."""
    low, high = forgetting.ASKED_HOURS
    for n, haystack in haystacks.items():
        moments = [p.moment for p in haystack.plans]
        assert len({(m.hour, m.minute) for m in moments}) >= len(moments) // 3, n
        assert low <= haystack.asked.hour <= high, (n, haystack.asked)
        assert 1 <= (haystack.asked.date() - moments[-1].date()).days <= 3, n


def test_a_rivals_first_saying_stands_till_its_second_takes_both_back(
    haystacks: dict[int, Haystack],
) -> None:
    """A rival retracted and then said to hold still reads as a muddle ("he still has the
    Andersen" after "he hasn't at all"), so the first saying of a rival said twice stands —
    told and followed by a status as a true statement is — and the second takes both back
    (`core/echo.py`), hot and cold pairs alike; a rival said once is taken back at once."""
    pairs = once = 0
    for haystack in haystacks.values():
        for value, moves in _twins(haystack).items():
            if len(moves) == 1:
                (move,) = moves
                assert not move.stands and not move.takes_back, value
                once += 1
                continue
            first, second = moves
            assert first.stands and not first.takes_back, value
            assert second.takes_back and not second.stands, value
            pairs += 1
    assert pairs and once, (pairs, once)


def test_no_rival_is_said_again_after_it_was_taken_back(haystacks: dict[int, Haystack]) -> None:
    """Rendered, the first saying of an echoed rival is followed by a true statement's status
    and its second by its own kind's status with a sentence taking back both."""
    from corpora.generate.core.render import render_session

    rng = random.Random(5)
    haystack = haystacks[1]
    taken_back: set[str] = set()
    for plan in haystack.plans:
        session = render_session(plan, rng)
        kinds = [t.split(":")[1] for _, t in session.templates if t.startswith("status:")]
        statused = [m for m in plan.moves if m.kind in TWIN_KINDS or m.kind == STATEMENT]
        for move in statused:
            if move.kind in TWIN_KINDS and move.value is not None:
                assert move.value not in taken_back, move.value
                if not move.stands:
                    taken_back.add(move.value)
        twin_statuses = [k for k in kinds if k in TWIN_KINDS]
        assert len(twin_statuses) == sum(
            1 for m in plan.moves if m.kind in TWIN_KINDS and not m.stands
        ), kinds
    assert taken_back


def test_no_place_among_the_values_said_gives_the_still_valid_answer_away() -> None:
    """Left to the draw, the still-valid answer was the third latest value said of its holder
    and attribute in 0.571 of the controls (chance 0.375): over the controls, no reader
    answering with the k-th latest or k-th first value (k up to 5) beats chance by more than
    0.15, and the answers take at least two places counted from the latest, none of them in
    more than two thirds of the controls."""
    g = forgetting.GENERATOR
    built = forgetting.build(g.seed, "2026.12", g.levers[0], only=range(21, 36))
    controls = [q for q in built.questions if q.typedmemeval.shape == "still-valid"]
    assert len(controls) == forgetting.N_STILL_VALID
    lifts = place_lifts(controls)["still-valid"]
    worst = max(lifts, key=lambda r: lifts[r])
    assert lifts[worst] <= 0.15, (worst, lifts[worst])
    places = places_from_latest(controls, "still-valid")
    assert len(set(places)) >= 2, places
    assert max(Counter(places).values()) <= 2 * len(places) / 3, places


def test_a_control_s_answer_goes_where_the_controls_so_far_have_gone_least() -> None:
    """`AnswerPlaces`: a plan is never a place already taken more often than another open to
    it, and the planned places cover all the rivals leave."""
    places = forgetting.AnswerPlaces(random.Random(0))
    seen = []
    for rivals in (2, 2, 2, 1, 3, 2, 2, 1, 2):
        after, before = places.plan(rivals)
        assert 0 <= after <= rivals and 0 <= before <= rivals
        places.took(after, before, rivals)
        seen.append(1 + after)
    assert set(seen) == {1, 2, 3}, seen
