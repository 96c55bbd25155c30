"""The fact model: people, fact families, facts with their histories, moves and session plans.

A question's world is a cast of people (my aunt, my neighbour …), each holding facts of the
vertical's families (a car, an employer, a choir …). A fact has a value (an invented name) and
a history of events — stated, invalidated, re-affirmed — each placed in one session. A session
plan is the list of moves its user turns make; the renderer turns every plan into turns by the
same code. Nothing in a plan says whether its session is gold: a move merely concerns the
person and family the question asks about, or another.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

Gender = Literal["f", "m"]

#: Move kinds the shared bank renders. Verticals may add kinds with their own frames.
STATEMENT = "statement"
INVALIDATION = "invalidation"
REAFFIRMATION = "reaffirmation"
MENTION = "mention"
EVENT_KINDS = (INVALIDATION, REAFFIRMATION)
#: Value-bearing twins: a move that names a person, a family and a value in a frame that does
#: not state the person's fact — someone else's (`my dad's friend has a Korvane`), a rumour that
#: turned out wrong, a choice considered and dropped. Competition that survives reading.
TWIN_OTHERS = "twin-others"
TWIN_RUMOUR = "twin-rumour"
TWIN_CONSIDERED = "twin-considered"
TWIN_KINDS = (TWIN_OTHERS, TWIN_RUMOUR, TWIN_CONSIDERED)
#: Clause key a family's considered-and-dropped twins read.
CONSIDERED = "considered"


@dataclass(frozen=True)
class Relation:
    """A way the user refers to someone: `my aunt`, `my neighbour`."""

    key: str
    """The relation word, e.g. `aunt` (what a question names)."""
    noun: str
    """How it reads after `my`, e.g. `best friend`."""
    gender: Gender | None
    """Fixed pronoun gender, or None when it is drawn per question."""


@dataclass(frozen=True)
class Person:
    """One holder of facts in a question's world."""

    relation: Relation
    gender: Gender

    @property
    def key(self) -> str:
        return self.relation.key

    def forms(self) -> dict[str, str]:
        """Every placeholder a template may use to refer to this person."""
        noun = self.relation.noun
        he, his, him = ("she", "her", "her") if self.gender == "f" else ("he", "his", "him")
        return {
            "holder": f"my {noun}",
            "Holder": f"My {noun}",
            "your": f"your {noun}",
            "Your": f"Your {noun}",
            "rel": noun,
            "pron": he,
            "Pron": he.capitalize(),
            "poss": his,
            "Poss": his.capitalize(),
            "obj": him,
        }


@dataclass(frozen=True)
class Family:
    """A kind of fact a person can hold, with everything needed to state and ask about it.

    Clause strings continue a sentence after the holder (`{holder} {clause}`) and may use `{V}`
    (the invented value) and the person's pronoun placeholders (`{pron}`, `{poss}`, `{obj}`).
    """

    key: str
    """Family key, e.g. `car` (stamped as `fact_family` in WorkingMemory)."""
    noun: str
    """What the fact is called in answers: `car`, `employer`, `piano teacher`."""
    questions: tuple[str, ...]
    """Question templates with `{holder}`; one is drawn per question."""
    answer_value: str
    """How an answer names the value: `the {V}`, `Dr {V}`, `{V} Road`."""
    clauses: Mapping[str, tuple[str, ...]]
    """Move kind → clauses (statement: present or perfect; invalidation: past simple;
    re-affirmation: present)."""
    topics: tuple[str, ...]
    """Neutral topics a mention can raise (they never state or change a value)."""
    statement_kind: str = STATEMENT
    """The move kind that states this family's fact (`statement`; a timed family's `reminder`,
    `expiry` or `upcoming`)."""

    def supports(self, kind: str) -> bool:
        if kind == MENTION:
            return True
        return bool(self.clauses.get(self.clause_key(kind)))

    def clause_key(self, kind: str) -> str:
        """Which clauses a move kind fills its sentence with (twins of someone else's fact and
        rumours reuse the statement clauses: only the frame says the fact is not the person's)."""
        if kind in (TWIN_OTHERS, TWIN_RUMOUR):
            return self.statement_kind
        if kind == TWIN_CONSIDERED:
            return CONSIDERED
        return kind

    def reply_clause_key(self, kind: str) -> str | None:
        """Which clauses the assistant's reply to a move of `kind` carries (`{reply_clause}`),
        for kinds whose reply itself says something family-specific (a value the assistant
        names); None when the reply carries no clause (the shared families' kinds)."""
        return None


@dataclass
class Fact:
    """A fact held by a person: a value and its history in one question's haystack."""

    person: Person
    family: Family
    value: str
    #: Session index of the statement, or None when the fact was stated before the haystack.
    stated_in: int | None = None
    #: (kind, session index) of the one later event, if any.
    event: tuple[str, int] | None = None


@dataclass
class Move:
    """One thing a user turn does, and the assistant reply it gets."""

    kind: str
    person: Person
    family: Family
    value: str | None = None
    #: When the event happened (past moves) — rendered relative to the session's timestamp.
    when: datetime | None = None
    #: The move carries the question's evidence (its turn gets `has_answer: true`).
    evidence: bool = False
    #: Extra placeholders a vertical's own move kinds need (e.g. a due expression).
    extra: dict[str, str] = field(default_factory=dict)
    #: Twins of someone else's fact: who that someone is, relative to `person`
    #: (`friend`, `neighbour`), and their pronoun gender.
    other: tuple[str, Gender] | None = None
    #: Which of the move's two turns carry the evidence when `evidence` is set: the user turn
    #: by default; a value the assistant names is evidence in the assistant's reply.
    answer_roles: tuple[str, ...] = ("user",)
    #: Tell the move in the frames and clauses of this kind instead of its own, about the
    #: person (not `other`), and say what became of it in the next user turn (its status,
    #: `Bank.statuses[kind]`): a rival told as a true statement is worded like one.
    told_as: str | None = None
    #: With `told_as`: the move stands for now, followed by the status a true move of that
    #: kind gets, as if it were one; a later saying of it takes it back (`takes_back`). The
    #: first saying of an echoed rival (`core/echo.py`).
    stands: bool = False
    #: The move's status takes back an earlier saying of it as well (`TAKE_BACK_TAILS`): the
    #: second saying of an echoed rival whose first saying stood.
    takes_back: bool = False


@dataclass
class SessionPlan:
    """The moves of one session, in user-turn order, and its timestamp."""

    moment: datetime
    moves: list[Move]

    @property
    def evidence(self) -> bool:
        return any(m.evidence for m in self.moves)


def draw_people(rng: random.Random, relations: tuple[Relation, ...]) -> list[Person]:
    """The question's cast: every relation, each with its fixed or a drawn gender."""
    return [
        Person(r, r.gender if r.gender is not None else rng.choice(("f", "m"))) for r in relations
    ]
