"""The renderer expands bank grammar in every template it draws: frames, clauses, topics,
replies, openers, closers and sign-offs, so a bank may write alternatives anywhere."""

from __future__ import annotations

import random
from datetime import datetime

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
