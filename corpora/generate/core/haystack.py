"""From a question's world to its record: facts allocated, sessions rendered, ids and dates set.

Shared by every vertical: a `World` hands out facts (each person holds at most one fact per
family in a haystack, so no two facts can contradict each other by accident), and
`assemble_question` renders the session plans with the one renderer and writes the
LongMemEval record shape around them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from checker.formats.corpus import Question, TypedMemEvalBlock
from checker.formats.ids import session_id
from checker.retrieval.strips import is_keyword_sentence
from checker.text import bm25_tokens, sentences
from corpora.generate.core.clock import format_date
from corpora.generate.core.names import GIVEN, NameRegistry, given_kind, kind_of
from corpora.generate.core.render import (
    SHARED_BANK,
    Bank,
    Remarks,
    RenderedSession,
    render_session,
)
from corpora.generate.core.topics import topical_order
from corpora.generate.core.world import Fact, Family, Person, SessionPlan

Combo = tuple[str, str]  # (relation key, family key)


class World:
    """The people and facts of one question's haystack."""

    def __init__(
        self,
        rng: random.Random,
        names: NameRegistry,
        owner: str,
        people: Sequence[Person],
        families: Sequence[Family],
    ) -> None:
        self.rng = rng
        self.names = names
        self.owner = owner
        self.people = list(people)
        self.families = list(families)
        self.facts: list[Fact] = []
        self._taken: set[Combo] = set()

    def person(self, key: str) -> Person:
        return next(p for p in self.people if p.key == key)

    def family(self, key: str) -> Family:
        return next(f for f in self.families if f.key == key)

    def reserve(self, person: Person, family: Family) -> None:
        """Keep a combination out of every later allocation (e.g. a never-known target)."""
        self._taken.add((person.key, family.key))

    def taken(self, person: Person, family: Family) -> bool:
        return (person.key, family.key) in self._taken

    def fact(self, person: Person, family: Family) -> Fact:
        """A new fact for a combination nobody holds yet, with a freshly invented value."""
        combo = (person.key, family.key)
        if combo in self._taken:
            raise ValueError(f"{person.key} already holds a {family.key} fact in {self.owner}")
        self._taken.add(combo)
        found = Fact(person, family, self.value(family, person=person))
        self.facts.append(found)
        return found

    def value(
        self, family: Family, rng: random.Random | None = None, *, person: Person | None = None
    ) -> str:
        """A fresh name from the pool of `family`'s kind of value (its car makes, its towns);
        a person's own name comes from the given names of the person's gender."""
        kind = kind_of(family.key, family.answer_value)
        if kind == GIVEN and person is not None:
            kind = given_kind(person.gender)
        return self.names.issue(rng or self.rng, self.owner, kind=kind)

    def free(
        self,
        *,
        person: Person | None = None,
        family: Family | None = None,
        kinds: Iterable[str] = (),
    ) -> list[tuple[Person, Family]]:
        """Combinations nobody holds, optionally fixed to one person or one family, whose
        family supports every move kind in `kinds`."""
        need = tuple(kinds)
        return [
            (p, f)
            for p in ([person] if person else self.people)
            for f in ([family] if family else self.families)
            if (p.key, f.key) not in self._taken and all(f.supports(k) for k in need)
        ]

    def random_fact(
        self,
        *,
        person: Person | None = None,
        family: Family | None = None,
        kinds: Iterable[str] = (),
    ) -> Fact:
        options = self.free(person=person, family=family, kinds=kinds)
        if not options:
            raise ValueError(f"no free person/family combination left in {self.owner}")
        p, f = self.rng.choice(options)
        return self.fact(p, f)

    def combos(
        self, category: str, target: tuple[Person, Family], *, free: bool, kinds: Iterable[str] = ()
    ) -> list[tuple[Person, Family]]:
        """Combinations in a category relative to the target (only unheld ones when `free`)."""
        person, family = target
        need = tuple(kinds)
        if category == TARGET_PERSON:
            people = [person]
            fams = [f for f in self.families if f.key != family.key]
        elif category == TARGET_FAMILY:
            people = [p for p in self.people if p.key != person.key]
            fams = [family]
        else:
            people = [p for p in self.people if p.key != person.key]
            fams = [f for f in self.families if f.key != family.key]
        fams = [f for f in fams if all(f.supports(k) for k in need)]
        taken = self._taken if free else set()
        return [(p, f) for p in people for f in fams if (p.key, f.key) not in taken]

    def fact_in(
        self, category: str, target: tuple[Person, Family], kinds: Iterable[str] = ()
    ) -> Fact:
        """A new fact in a category; when the category is used up, one elsewhere."""
        need = tuple(kinds)
        options = self.combos(category, target, free=True, kinds=need)
        if not options:
            options = self.combos(ELSEWHERE, target, free=True, kinds=need)
        if not options:
            raise ValueError(f"no free person/family combination left in {self.owner}")
        p, f = self.rng.choice(options)
        return self.fact(p, f)

    def mention_in(self, category: str, target: tuple[Person, Family]) -> tuple[Person, Family]:
        """Who and what a mention in a category names (mentions state nothing, so any
        combination will do, held or not)."""
        return self.rng.choice(self.combos(category, target, free=False))


#: Where a move stands relative to the question's target person and family.
TARGET_PERSON, TARGET_FAMILY, ELSEWHERE = "person", "family", "elsewhere"


def draw_category(layout: random.Random, people: int, families: int) -> str:
    """The category of a move about a uniformly drawn combination other than the target:
    the target's person with another family, the target's family with another person, or
    neither. Drawn from the layout generator, so two questions sharing a layout share every
    move's relation to their target even though the people and values differ."""
    u = layout.random()
    p_person = (1 / people) * (1 - 1 / families)
    p_family = (1 - 1 / people) * (1 / families)
    if u < p_person:
        return TARGET_PERSON
    if u < p_person + p_family:
        return TARGET_FAMILY
    return ELSEWHERE


def moment_since(rng: random.Random, moments: Sequence[datetime], index: int) -> datetime:
    """A moment after the previous session and no later than session `index` itself: when an
    event a session reports happened, so it can never precede what an earlier session said."""
    at = moments[index]
    before = moments[index - 1] if index > 0 else at - timedelta(days=3)
    span = int((at - before).total_seconds() // 60)
    return at - timedelta(minutes=rng.randrange(0, max(span, 1)))


@dataclass
class AssembledQuestion:
    question: Question
    sessions: list[RenderedSession]


def assemble_question(
    *,
    question_id: str,
    session_owner: str,
    question: str,
    answer: str,
    question_date: datetime,
    plans: Sequence[SessionPlan],
    block: TypedMemEvalBlock,
    rng: random.Random,
    bank: Bank = SHARED_BANK,
    remarks: Remarks | None = None,
) -> AssembledQuestion:
    """Render every plan with the one renderer and wrap the sessions in the record shape.
    Each plan's moves are first put in the order they are told, topic by topic
    (`core.topics.topical_order`).

    Gold is exactly the sessions whose plan carries an evidence move, so `answer_session_ids`
    and `has_answer` cannot disagree. A session one of whose sentences is made mostly of the
    question's own words (what the checker's scaffolding strip removes) is rendered again, any
    session alike: with real names a value can be a short word that tips a short sentence.
    With `remarks` (`core.render.Remarks`), no passing remark is said twice word for word in
    the haystack."""
    keywords = frozenset(bm25_tokens(question))
    for plan in plans:
        # Told topic by topic; the plan keeps the told order (`SessionPlan.moves`).
        plan.moves[:] = topical_order(plan.moves)
    rendered = [
        _render_plain(plan, rng, bank, keywords, remarks, s) for s, plan in enumerate(plans)
    ]
    ids = [session_id(session_owner, i) for i in range(len(plans))]
    gold = [sid for sid, plan in zip(ids, plans, strict=True) if plan.evidence]
    record = Question(
        question_id=question_id,
        question_type=f"{block.vertical}-{block.shape}",
        question=question,
        answer=answer,
        question_date=format_date(question_date),
        haystack_session_ids=ids,
        haystack_dates=[format_date(plan.moment) for plan in plans],
        haystack_sessions=[r.turns for r in rendered],
        answer_session_ids=gold,
        typedmemeval=block,
    )
    return AssembledQuestion(record, rendered)


def _render_plain(
    plan: SessionPlan,
    rng: random.Random,
    bank: Bank,
    keywords: frozenset[str],
    remarks: Remarks | None = None,
    index: int = 0,
) -> RenderedSession:
    for _ in range(REDRAWS):
        if remarks is not None:
            remarks.begin(index)
        session = render_session(plan, rng, bank, remarks=remarks)
        if not any(
            is_keyword_sentence(s, keywords) for t in session.turns for s in sentences(t.content)
        ):
            break
    if remarks is not None:
        remarks.keep()
    return session


#: Renderings tried before a session keeps a sentence made of the question's words.
REDRAWS = 20


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]
