"""The renderer expands bank grammar in every template it draws: frames, clauses, topics,
replies, openers, closers and sign-offs, so a bank may write alternatives anywhere."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from corpora.generate.core import render
from corpora.generate.core.bank import FAMILIES, RELATIONS
from corpora.generate.core.render import Bank, fill, render_session
from corpora.generate.core.world import STATEMENT, Move, Person, SessionPlan


def _plan() -> SessionPlan:
    person = Person(RELATIONS[0], "f")
    move = Move(STATEMENT, person, FAMILIES["car"], value="Corvale")
    return SessionPlan(datetime(2026, 3, 4, 10, 30), [move])


def test_fill_expands_grammar_when_given_a_generator() -> None:
    texts = {
        fill("[Oh,|Ah,] {x} [is|seems] fine.", {"x": "it"}, random.Random(i)) for i in range(60)
    }
    assert texts == {
        "Oh, it is fine.",
        "Oh, it seems fine.",
        "Ah, it is fine.",
        "Ah, it seems fine.",
    }


def test_every_drawn_template_is_expanded() -> None:
    bank = Bank(
        frames={STATEMENT: ("[Guess what:|News:] {holder} {clause}.",)},
        replies={STATEMENT: ("[Lovely|Great], [thanks|cheers].",)},
        family_replies={},
        openers=lambda hour: ("[Hi|Hello] [there|again].",),
        closers=("[Bye|Cheers] [then|for now].",),
        sign_offs=lambda hour: ("[Talk soon|Take care].",),
    )
    seen: set[str] = set()
    for seed in range(40):
        session = render_session(_plan(), random.Random(seed), bank)
        for turn in session.turns:
            assert "[" not in turn.content and "|" not in turn.content, turn.content
            seen.add(turn.content)
    assert len(seen) > 8


def test_family_clauses_and_topics_are_expanded() -> None:
    car = FAMILIES["car"]
    family = type(car)(
        car.key,
        car.noun,
        car.questions,
        car.answer_value,
        {STATEMENT: ("[has bought|now drives] a {V} [in green|in red]",)},
        ("car [insurance|repairs]",),
    )
    person = Person(RELATIONS[0], "f")
    seen: set[str] = set()
    for seed in range(40):
        plan = SessionPlan(
            datetime(2026, 3, 4, 10, 30), [Move(STATEMENT, person, family, value="Corvale")]
        )
        user = render_session(plan, random.Random(seed)).turns[0].content
        assert "[" not in user and "|" not in user, user
        seen.add(user)
    assert any("now drives a Corvale" in s for s in seen)
    assert any("has bought a Corvale" in s for s in seen)


def _three_moves() -> SessionPlan:
    """Three moves on three topics (no person or family shared: see `core.topics`)."""
    moves = [
        Move(STATEMENT, Person(RELATIONS[r], RELATIONS[r].gender or "m"), FAMILIES[k], value=v)
        for r, k, v in ((1, "car", "Corvale"), (4, "gym", "Dunmere"), (3, "boat", "Harlow"))
    ]
    return SessionPlan(datetime(2026, 3, 4, 19, 30), moves)


def _two_topics() -> SessionPlan:
    """Three moves on two topics (the first two about one person), which leaves room for one
    aside (`core.topics.MAX_TOPICS`)."""
    moves = [
        Move(STATEMENT, Person(RELATIONS[r], RELATIONS[r].gender or "m"), FAMILIES[k], value=v)
        for r, k, v in ((1, "car", "Corvale"), (1, "gym", "Dunmere"), (3, "boat", "Harlow"))
    ]
    return SessionPlan(datetime(2026, 3, 4, 19, 30), moves)


def test_an_aside_sits_between_moves_and_keeps_the_turns_alternating(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The help-request hook: with a bank's aside share above zero, asides from `draw_aside`
    sit between topics while the session has room for one; the moves keep their own turns
    (`move_turns`)."""
    aside = [("user", "Any tips for descaling a kettle?"), ("assistant", "Vinegar and water.")]
    monkeypatch.setattr(render, "draw_aside", lambda rng, moment: list(aside))
    session = render_session(_two_topics(), random.Random(2), Bank(aside_share=1.0))
    roles = [t.role for t in session.turns]
    assert roles == ["user", "assistant"] * (len(roles) // 2)
    contents = [t.content for t in session.turns]
    assert contents.count(aside[0][1]) == 1
    assert len(session.move_turns) == 3
    [(first, end)] = session.aside_turns
    assert contents[first] == aside[0][1]
    # Between the two topics: after the second move's turns, before the third move.
    assert session.move_turns[1] < first < end <= session.move_turns[2]
    assert all(aside[0][1] not in contents[i] for i in session.move_turns)
    # Three topics leave no room for one.
    full = render_session(_three_moves(), random.Random(2), Bank(aside_share=1.0))
    assert not full.aside_turns


def test_an_aside_that_does_not_alternate_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "draw_aside", lambda rng, moment: [("assistant", "Hello.")])
    with pytest.raises(render.TemplateError, match="alternate"):
        render_session(_two_topics(), random.Random(2), Bank(aside_share=1.0))


def test_no_aside_is_drawn_at_share_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(rng: random.Random, moment: datetime) -> list[tuple[str, str]]:
        raise AssertionError("an aside was drawn")

    monkeypatch.setattr(render, "draw_aside", refuse)
    assert render_session(_three_moves(), random.Random(2), Bank(aside_share=0.0)).turns


def test_the_shared_bank_draws_real_asides() -> None:
    """The shared bank's asides come from the aside bank and keep the turns alternating."""
    assert 0 < render.SHARED_BANK.aside_share < 1
    with_aside = 0
    for seed in range(40):
        session = render_session(_two_topics(), random.Random(seed))
        roles = [t.role for t in session.turns]
        assert roles == ["user", "assistant"] * (len(roles) // 2)
        with_aside += ("aside", "aside") in session.templates
    assert 0 < with_aside < 40


def test_a_filled_article_and_possessive_agree_with_what_was_filled_in() -> None:
    from corpora.generate.core.render import agree, fill

    assert fill("{Holder} drives a {V}.", {"Holder": "My dad", "V": "Abrahamsen"}) == (
        "My dad drives an Abrahamsen."
    )
    assert agree("A Isaksson, a Oakley and a Ullmann") == "An Isaksson, an Oakley and an Ullmann"
    # A vowel that sounds like `you` keeps `a`; so does a consonant.
    assert agree("a Eugene, a Uniacke, a Usher and a Baker") == (
        "a Eugene, a Uniacke, a Usher and a Baker"
    )
    assert agree("a pal of my mum's's") == "a pal of my mum's"


def test_a_closer_is_said_after_the_last_piece_of_news(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "That's all for today" never comes before more news."""
    monkeypatch.setattr(render, "CLOSER_SHARE", 1.0)
    bank = Bank(closers=("That's all for today.",), aside_share=0.5)
    rng = random.Random(4)
    placed = 0
    person = Person(RELATIONS[1], "m")
    moves = [Move(STATEMENT, person, FAMILIES[k], value="Corvale") for k in ("car", "gym")]
    moves.append(Move("mention", person, FAMILIES["boat"]))
    for _ in range(80):
        plan = SessionPlan(datetime(2026, 3, 4, 19, 30), list(moves))
        session = render_session(plan, rng, bank)
        at = [i for i, t in enumerate(session.turns) if "That's all for today." in t.content]
        placed += len(at)
        assert all(i > max(session.move_turns) for i in at)
    assert placed > 20


@pytest.mark.parametrize(
    ("hour", "wrong"),
    [(8, ("afternoon", "evening")), (14, ("morning", "evening")), (20, ("morning", "afternoon"))],
)
def test_a_sign_off_fits_the_time_of_day(hour: int, wrong: tuple[str, ...]) -> None:
    from corpora.generate.core.bank import sign_offs_at
    from corpora.generate.core.grammar import flatten

    said = " ".join(flatten(t) for t in sign_offs_at(hour)).lower()
    assert not [w for w in wrong if w in said]
