"""Competition that survives reading, and an asked pair that is not its haystack's centre of mass.

The question-blind shortcut the 2026.12 drafts fell to — take the (person, family) pair a
haystack talks about most, then the turn that names a value for it — is measured here with the
bank's own vocabulary (relation words and family keywords), which is more than any outsider
has: if it cannot find gold, a reader without the templates cannot either."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import numpy as np
import pytest

from checker.formats.corpus import Question, Turn
from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.allocate import AllocationError, Kit, fit_kits, place_hot
from corpora.generate.core.bank import FAMILIES, RELATIONS
from corpora.generate.core.vertical import Built
from corpora.generate.core.world import INVALIDATION, MENTION, STATEMENT, TWIN_RUMOUR, Person

RELATION_WORDS = frozenset(w for r in RELATIONS for w in r.noun.split())
FAMILY_WORDS = frozenset(
    w for f in FAMILIES.values() for q in f.questions for w in bm25_tokens(q.format(holder=""))
)
VALUE = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{3,}\b")
#: The shortcut must stay below the adversaries' target.
TARGET = 0.65


def _pairs(text: str) -> set[tuple[str, str]]:
    words = set(raw_tokens(text))
    return set(itertools.product(sorted(words & RELATION_WORDS), sorted(words & FAMILY_WORDS)))


def centre_of_mass_auc(questions: list[Question]) -> float:
    """Within-question AUC of: the haystack-wide count of the most repeated (person, family)
    pair that a session's value-naming user turn names (question-blind)."""
    wins = total = 0.0
    seen: set[tuple[str, ...]] = set()
    for q in questions:
        key = tuple(q.haystack_session_ids)
        if key in seen or not q.answer_session_ids:
            continue
        seen.add(key)
        counts: Counter[tuple[str, str]] = Counter()
        for session in q.haystack_sessions:
            counts.update(set().union(*(_pairs(t.content) for t in session if t.role == "user")))
        scores = []
        for session in q.haystack_sessions:
            best = 0
            for t in session:
                if t.role == "user" and VALUE.search(t.content):
                    best = max([best, *(counts[p] for p in _pairs(t.content))])
            scores.append(best)
        gold = {i for i, sid in enumerate(q.haystack_session_ids) if sid in q.answer_session_ids}
        for g in gold:
            for o in set(range(len(scores))) - gold:
                wins += 1.0 if scores[g] > scores[o] else 0.5 if scores[g] == scores[o] else 0.0
                total += 1
    return wins / total


@pytest.mark.parametrize(
    "corpus", ["forgetting_corpus", "workingmemory_corpus", "episodic_corpus", "semantic_corpus"]
)
def test_the_asked_pair_is_not_the_haystacks_centre_of_mass(
    corpus: str, request: pytest.FixtureRequest
) -> None:
    built: Built = request.getfixturevalue(corpus)
    assert centre_of_mass_auc(built.questions) < TARGET


def test_the_shortcut_sees_a_centre_of_mass_when_there_is_one(
    forgetting_corpus: Built,
) -> None:
    """Planted: five more turns in every haystack name the asked person and family."""
    planted = []
    for q in forgetting_corpus.questions:
        words = [w for w in raw_tokens(q.question) if w in RELATION_WORDS | FAMILY_WORDS]
        extra = Turn(
            role="user", content=f"I keep thinking about {' and '.join(words)}.", has_answer=False
        )
        sessions = [
            [*s, extra]
            if i % 3 == 0 and q.haystack_session_ids[i] not in q.answer_session_ids
            else s
            for i, s in enumerate(q.haystack_sessions)
        ]
        planted.append(q.model_copy(update={"haystack_sessions": sessions}))
    assert centre_of_mass_auc(planted) > 0.75


@pytest.mark.parametrize(
    "corpus",
    [
        "forgetting_corpus",
        "workingmemory_corpus",
        "prospective_corpus",
        "episodic_corpus",
        "semantic_corpus",
    ],
)
def test_every_single_target_has_value_bearing_twins(
    corpus: str, request: pytest.FixtureRequest
) -> None:
    built: Built = request.getfixturevalue(corpus)
    asked = [
        q for q in built.questions if q.answer_session_ids and q.typedmemeval.shape != "due-window"
    ]
    with_twins = [q for q in asked if q.typedmemeval.twins]
    assert len(with_twins) == len(asked)
    for q in with_twins:
        for twin in q.typedmemeval.twins or ():
            assert q.haystack_session_ids[twin.session_index] not in q.answer_session_ids
            assert twin.value not in q.answer


# --- the allocation itself --------------------------------------------------------------------


def _people() -> list[Person]:
    return [Person(r, "f") for r in RELATIONS[:4]]


def test_fit_kits_never_drops_a_statement_event_or_pin() -> None:
    rng = np.random.default_rng(0)
    import random

    people, car = _people(), FAMILIES["car"]
    kits = [
        Kit(people[i], car, None, [STATEMENT, INVALIDATION, TWIN_RUMOUR, TWIN_RUMOUR, MENTION])
        for i in range(4)
    ]
    kits[0].pins = {2: 0}
    fit_kits(random.Random(int(rng.integers(1000))), kits, 13)
    assert sum(len(k.kinds) for k in kits) == 13
    assert all(k.kinds[:2] == [STATEMENT, INVALIDATION] for k in kits)
    assert kits[0].kinds[2] == TWIN_RUMOUR
    fit_kits(random.Random(1), kits, 30)
    assert sum(len(k.kinds) for k in kits) == 30


def test_place_hot_puts_one_hot_move_in_every_session_and_keeps_gaps() -> None:
    import random

    people, car = _people(), FAMILIES["car"]
    kits = [
        Kit(people[i], car, None, [STATEMENT, INVALIDATION, TWIN_RUMOUR, MENTION], gap=(5, 7))
        for i in range(4)
    ]
    kits[1].pins = {0: 0}
    place_hot(random.Random(3), kits, 16)
    used = sorted(s for k in kits for s in k.sessions)
    assert used == list(range(16))
    assert kits[1].sessions[0] == 0
    for k in kits:
        assert 5 <= k.sessions[1] - k.sessions[0] <= 7


def test_place_hot_refuses_what_cannot_fit() -> None:
    import random

    people, car = _people(), FAMILIES["car"]
    kits = [Kit(people[0], car, None, [STATEMENT, INVALIDATION], gap=(20, 30))]
    with pytest.raises(AllocationError):
        place_hot(random.Random(0), kits, 2)
