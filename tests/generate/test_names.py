"""Value names: drawn uniformly from Faker pools per kind, refused when they refer, issued once."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from checker.text import fold, raw_tokens
from corpora.generate.core import names
from corpora.generate.core.bank import FAMILIES
from corpora.generate.core.names import (
    GIVEN_F,
    GIVEN_M,
    KINDS,
    PET,
    SURNAME,
    TOWN,
    NameRegistry,
    RealNameError,
    check_invented,
    given_kind,
    kind_of,
    pool_sizes,
    pools,
    refusal,
)
from corpora.generate.core.vertical import Built

FIXTURE = Path(__file__).parent / "fixtures" / "real_names.txt"


def _real_names() -> list[tuple[str, str]]:
    rows = []
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, source = line.split("\t")
            rows.append((name, source))
    return rows


def test_glasgow_is_refused() -> None:
    with pytest.raises(RealNameError, match="Glasgow"):
        check_invented("Glasgow")


@pytest.mark.parametrize(("name", "source"), _real_names())
def test_real_names_are_refused(name: str, source: str) -> None:
    reason = refusal(name)
    assert reason is not None, f"{name} ({source}) was accepted as a value name"
    assert "real name" in reason


def test_each_refusal_list_is_read() -> None:
    assert "Tbilisi" in set(names._geonames())
    assert "harbour" in names.real_names()
    assert "Hartnett" in names.person_names()


@pytest.mark.parametrize(
    ("name", "where"),
    [
        ("Pal", "core/bank.py"),
        ("Moan", "core/bank.py"),
        ("Curry", "core/asides.py"),
        ("Fry", "core/asides.py"),
        ("Millet", "core/asides.py"),
    ],
)
def test_a_surname_the_conversations_say_as_a_word_is_refused(name: str, where: str) -> None:
    """`Pal` passes every list of places and common words, but the bank says `my dad's pal`:
    as a value it would be named by every haystack with that turn."""
    assert name in names.frames()[SURNAME]
    assert name not in pools()[SURNAME]
    reason = refusal(name)
    assert reason is not None and f"corpora/generate/{where}" in reason


def test_the_words_said_are_read_from_every_string_of_the_generation_code() -> None:
    said = names.said_words()
    assert said["pal"] == "core/bank.py"
    assert said["curry"] == "core/asides.py"
    # A docstring is the code speaking of itself: its words are not the conversations'.
    assert "lantern" not in said and "shipbuilder" not in said
    for kind, pool in pools().items():
        assert [n for n in pool if fold(n) in said] == [], kind


def test_a_word_the_banks_gain_moves_no_other_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The draw frame does not depend on the banks: a word a bank gains takes its name out of
    the pool, and the names drawn before it are drawn as they were."""

    def draws() -> list[str]:
        registry = NameRegistry()
        rng = random.Random(5)
        return [registry.issue(rng, "q", kind=SURNAME) for _ in range(200)]

    before = draws()
    gained = {**names.said_words(), fold(before[100]): "core/bank.py"}
    monkeypatch.setattr(names, "said_words", lambda: gained)
    after = draws()
    assert after[:100] == before[:100]
    assert before[100] not in after


def test_pools_are_large_real_sounding_and_clean() -> None:
    sizes = pool_sizes()
    assert set(sizes) == set(KINDS)
    assert sizes[SURNAME] >= 2000 and sizes[TOWN] >= 5000
    assert sizes[GIVEN_F] >= 500 and sizes[GIVEN_M] >= 400 and sizes[PET] >= 1500
    for kind, pool in pools().items():
        assert len(set(pool)) == len(pool), kind
        assert all(refusal(n) is None for n in pool), kind
    assert not set(pools()[GIVEN_F]) & set(pools()[GIVEN_M])
    assert all(n.endswith(names.TOWN_ENDINGS) for n in pools()[TOWN])
    assert len(pools()[names.STEP]) >= 7500
    assert not any(n.lower().endswith(names.TOWN_ENDINGS) for n in pools()[names.STEP])


def test_draws_are_uniform_over_the_pool() -> None:
    """Every member of a pool is equally likely: over many fresh registries, the draws of the
    smallest pool spread evenly (no name is drawn far more often than chance allows)."""
    pool = pools()[GIVEN_M]
    rng = random.Random(11)
    counts = Counter(NameRegistry().issue(rng, "q", kind=GIVEN_M) for _ in range(40 * len(pool)))
    assert set(counts) == set(pool)
    assert max(counts.values()) < 80 and min(counts.values()) > 15


def test_each_family_draws_from_the_pool_of_its_kind_of_value() -> None:
    assert kind_of("gym", FAMILIES["gym"].answer_value) == TOWN
    assert kind_of("team", FAMILIES["team"].answer_value) == TOWN
    assert kind_of("dentist", FAMILIES["dentist"].answer_value) == SURNAME
    assert kind_of("dog", FAMILIES["dog"].answer_value) == PET
    assert kind_of("boat", FAMILIES["boat"].answer_value) == names.BOAT
    assert kind_of("choir-like", "the {V} choir") == TOWN
    assert (given_kind("f"), given_kind("m")) == (GIVEN_F, GIVEN_M)


def test_the_registry_issues_fresh_names_only_once() -> None:
    registry = NameRegistry()
    rng = random.Random(7)
    issued = [registry.issue(rng, f"q{i % 50}", kind=TOWN) for i in range(3000)]
    issued += [registry.issue(rng, "q0", kind=SURNAME) for _ in range(1000)]
    assert len({fold(n) for n in issued}) == 4000
    assert all(refusal(n) is None for n in issued)
    assert registry.owner(issued[0]) == "q0"
    assert set(issued[3000:]) <= set(pools()[SURNAME])


def test_a_used_up_pool_says_so() -> None:
    registry = NameRegistry(reserved=pools()[GIVEN_M])
    with pytest.raises(names.NamesExhaustedError, match="every given-male name"):
        registry.issue(random.Random(1), "q1", kind=GIVEN_M)


def test_a_fork_s_names_are_kept_only_when_adopted() -> None:
    """A haystack drawn tentatively issues from a fork: dropping the fork forgets its names,
    adopting it keeps them, and a registry adopts only its own forks."""
    registry = NameRegistry()
    rng = random.Random(3)
    kept = registry.issue(rng, "q1")
    dropped = registry.fork()
    forgotten = dropped.issue(rng, "q2")
    assert registry.issued == [kept]
    adopted = registry.fork()
    taken = adopted.issue(rng, "q2")
    registry.adopt(adopted)
    assert registry.issued == [kept, taken] and registry.owner(taken) == "q2"
    assert forgotten not in registry.issued
    stranger = NameRegistry()
    stranger.issue(rng, "q9")
    with pytest.raises(ValueError, match="fork"):
        registry.adopt(stranger)


def _questions_naming(built: Built) -> dict[str, list[str]]:
    tokens = {
        a.question.question_id: {
            t
            for session in a.question.haystack_sessions
            for turn in session
            for t in raw_tokens(turn.content)
        }
        for a in built.assembled
    }
    return {
        name: [qid for qid, found in tokens.items() if fold(name) in found]
        for name in built.names.issued
    }


@pytest.mark.parametrize("corpus", ["forgetting_corpus", "workingmemory_corpus", "semantic_corpus"])
def test_every_value_is_a_clean_name_named_by_one_question(
    corpus: str, request: pytest.FixtureRequest
) -> None:
    built: Built = request.getfixturevalue(corpus)
    collisions = [n for n in built.names.issued if refusal(n) is not None]
    assert collisions == []
    naming = _questions_naming(built)
    reused = {n: qids for n, qids in naming.items() if len(qids) != 1}
    assert reused == {}, "a value appears in more (or fewer) than one question"
    assert all(qids == [built.names.owner(n)] for n, qids in naming.items())
