"""Invented names: non-referential against the real-name lists, and each issued once."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from checker.text import fold, raw_tokens
from corpora.generate.core import names
from corpora.generate.core.names import NameRegistry, RealNameError, check_invented, refusal
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
    assert reason is not None, f"{name} ({source}) was accepted as an invented name"
    assert "real name" in reason


def test_each_real_name_list_is_read() -> None:
    assert "Tbilisi" in set(names._geonames())
    assert "Abayomi" in set(names._faker_names())
    assert "lantern" in set(names._english_words())


def test_the_registry_issues_fresh_names_only_once() -> None:
    registry = NameRegistry()
    rng = random.Random(7)
    issued = [registry.issue(rng, f"q{i % 50}") for i in range(3000)]
    assert len({fold(n) for n in issued}) == 3000
    assert all(refusal(n) is None for n in issued)
    assert registry.owner(issued[0]) == "q0"


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
def test_every_value_is_invented_and_named_by_one_question(
    corpus: str, request: pytest.FixtureRequest
) -> None:
    built: Built = request.getfixturevalue(corpus)
    collisions = [n for n in built.names.issued if refusal(n) is not None]
    assert collisions == []
    naming = _questions_naming(built)
    reused = {n: qids for n, qids in naming.items() if len(qids) != 1}
    assert reused == {}, "a value appears in more (or fewer) than one question"
    assert all(qids == [built.names.owner(n)] for n, qids in naming.items())
