"""No statement of a value is marked by whether a remark follows it.

A rival is always followed by its status (what became of it), so if true statements got a
remark less often, an attacker who never reads a word of either could pick "the statement no
remark follows" and find the gold turn. This holds every shipped corpus to that attacker, over
the turns the marker adversary (SHC003) weighs.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from checker.load import load_with_sidecar
from checker.separability import shortcuts as shc
from checker.separability.gate import distinct_haystacks
from checker.separability.language import turn_skeleton

CORPORA = sorted(
    p
    for p in (Path(__file__).parents[2] / "corpora").glob("*/typedmemeval-*.json")
    if not p.name.endswith(".meta.json")
)
#: The attacker may not be this far from a coin toss, either way (SHC003 refuses at `0.70`).
LIMIT = 0.20


def remark_follows(session: list, i: int) -> bool:  # type: ignore[type-arg]
    """The user speaks again right after the reply to turn `i`, naming no value, and the
    reply asked nothing (so the remark is not an answer to a question)."""
    reply = session[i + 1].content if i + 1 < len(session) else ""
    after = session[i + 2] if i + 2 < len(session) else None
    return (
        after is not None
        and after.role == "user"
        and not reply.rstrip().endswith("?")
        and not shc.states_a_value(turn_skeleton(after.content))
    )


def presence_auc(path: Path) -> tuple[float, int]:
    corpus = load_with_sidecar(path)
    view = distinct_haystacks(corpus)
    scores: list[float] = []
    gold: list[bool] = []
    questions: list[int] = []
    for qi, q in enumerate(view.questions):
        declared = shc.declared_values(q.typedmemeval)
        found = shc.gold_value(q, declared)
        keys = shc.key_words(q.question, declared | ({found} if found else set()))
        gold_sessions = set(view.gold_indices(qi))
        rows = []
        for unit in shc.said_in(q, whole_turns=True):
            session = q.haystack_sessions[unit.session]
            turn = session[unit.turn]
            if shc.carries_key(unit, keys) and shc.states_a_value(turn_skeleton(turn.content)):
                label = unit.session in gold_sessions and turn.has_answer
                rows.append((turn.role, label, remark_follows(session, unit.turn)))
        speakers = {role for role, label, _ in rows if label}
        rows = [r for r in rows if r[0] in speakers]
        if not any(r[1] for r in rows) or all(r[1] for r in rows):
            continue
        for _, label, followed in rows:
            scores.append(-float(followed))
            gold.append(label)
            questions.append(qi)
    auc = shc.pooled_auc(np.asarray(scores), np.asarray(gold), np.asarray(questions))
    return auc, len(set(questions))


@pytest.mark.parametrize("path", CORPORA, ids=lambda p: p.parent.name)
def test_a_remark_after_a_statement_does_not_mark_it(path: Path) -> None:
    auc, n = presence_auc(path)
    assert n >= 10
    assert abs(auc - 0.5) < LIMIT, f"{path.name}: status-presence attacker AUC {auc:.4f} (n={n})"


def test_the_attacker_finds_a_planted_marker() -> None:
    """On turns where only rivals are followed by a remark, the attacker finds gold."""
    from checker.formats.corpus import Turn

    session = [
        Turn(role="user", content="My dad has a Marvine.", has_answer=True),
        Turn(role="assistant", content="Nice.", has_answer=False),
        Turn(role="user", content="My dad has a Scatrar.", has_answer=False),
        Turn(role="assistant", content="Oh.", has_answer=False),
        Turn(role="user", content="Sorry, scratch that, it was only talk.", has_answer=False),
        Turn(role="assistant", content="Easily done.", has_answer=False),
    ]
    followed = [remark_follows(session, i) for i in (0, 2)]
    assert followed == [False, True]
