"""A small seeded builder of clean, in-format corpora for the self-test, fixtures and bench.

Gold and filler come from one code path and one set of templates: every session has the same
kind of exchange, and exactly one user turn of every session states a fact in the same
construction — about the question's own entity in gold, about an entity no question asks about
in filler (class parity, instance divergence). Names are invented from syllables; the name bank
questions draw from is disjoint from the one filler draws from. Nothing here depends on whether
a session is gold except which bank the fact's names come from, so the corpus is separable by
relevance only, which V7 exempts by design.

The same parity holds one level up, within each haystack: the asked entity is stated in G
sessions, and the unasked ones come in threads whose sizes are drawn from the same G mix, so
the asked thread is one of several alike and never the haystack's centre of mass.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path

from checker.family import VERTICALS
from checker.formats.corpus import Question, Turn, TypedMemEvalBlock
from checker.formats.ids import DATE_FORMAT, haystack_token, session_id
from checker.load import LoadedCorpus

_SYLLABLES = (
    "ka lo mer vin dra sel tor ba quin rho sta fen lu mar dos pel ri gan ve cor ta nim"
).split()
_THINGS = "lamp kettle ladder bicycle toolbox heater mirror rug printer stool".split()
_WHEN = (
    "last week",
    "on Sundays",
    "after lunch",
    "a few days ago",
    "in the end",
    "yesterday",
)
_FACTS = (
    "I moved the {name} {thing} to {place} {when}.",
    "The {name} {thing} ended up at {place} {when}.",
    "We took the {name} {thing} over to {place} {when}.",
    "{person} asked me to bring the {name} {thing} to {place}.",
)
_USER = (
    "It took longer than I expected.",
    "{person} thought it was a good idea.",
    "Nothing much else happened.",
    "I paid {n} for the parking.",
    "The weather was fine for once.",
    "We talked about it for {n} minutes.",
    "I am not sure it matters.",
    "Anyway, that is where things stand.",
    "{person} and {person2} were there too.",
    "It was a quiet day otherwise.",
)
_ASSISTANT = (
    "That sounds like a sensible plan.",
    "Thanks for telling me.",
    "I will remember that.",
    "Good to know.",
    "Did {person} agree with it?",
    "That must have been a long day.",
    "It sounds like it went well.",
    "How did {person} take it?",
    "Let me know if anything changes.",
    "{n} is a fair amount.",
)

REVISION_YYMM = "2612"
SELF_TEST_PATH = Path("<synthetic>")


class _Names:
    """Invented capitalised names, never repeated across the two banks."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def fresh(self) -> str:
        while True:
            n = self.rng.choice((2, 2, 3))
            name = "".join(self.rng.choice(_SYLLABLES) for _ in range(n)).capitalize()
            if name not in self.used:
                self.used.add(name)
                return name


def _fill(template: str, rng: random.Random, people: list[str], **slots: str) -> str:
    return template.format(
        person=rng.choice(people),
        person2=rng.choice(people),
        n=str(rng.randint(2, 95)),
        **slots,
    )


def _session(rng: random.Random, people: list[str], fact: str, exchanges: int) -> list[Turn]:
    fact_turn = rng.randrange(exchanges)
    turns: list[Turn] = []
    for k in range(exchanges):
        said = [_fill(rng.choice(_USER), rng, people) for _ in range(rng.randint(1, 3))]
        if k == fact_turn:
            said.insert(rng.randrange(len(said) + 1), fact)
        turns.append(Turn(role="user", content=" ".join(said), has_answer=False))
        reply = [_fill(rng.choice(_ASSISTANT), rng, people) for _ in range(rng.randint(1, 2))]
        turns.append(Turn(role="assistant", content=" ".join(reply), has_answer=False))
    return turns


def _plain_shape() -> tuple[str, str, str]:
    """A (vertical key, abbreviation, shape) whose questions need no block fields beyond the
    vertical and shape, and whose gold is not a negative: what the builder's questions are."""
    for v in VERTICALS:
        for shape in v.shapes:
            if not v.required_for(shape.name) and not shape.negative_gold:
                return v.key, v.abbrev, shape.name
    raise LookupError("no vertical declares a shape that needs no block fields")


def build_clean_corpus(
    *,
    questions: int = 40,
    sessions: tuple[int, int] = (16, 26),
    gold_counts: tuple[int, ...] = (0, 1, 1, 1, 1, 2, 2, 2, 3, 3),
    exchanges: tuple[int, int] = (3, 5),
    seed: int = 0,
) -> LoadedCorpus:
    """A clean corpus: `questions` questions, each with a total of `sessions` (inclusive range)
    sessions of `exchanges` user/assistant exchanges, G drawn from `gold_counts` (cycled, so the
    mix is exact), every value seeded."""
    rng = random.Random(seed)
    names = _Names(rng)
    people = [names.fresh() for _ in range(30)]
    built: list[Question] = []
    start = datetime(2026, 3, 2, 8, 0)
    vertical_key, abbrev, shape_name = _plain_shape()
    for qn in range(questions):
        qid = f"tme-{abbrev}-{REVISION_YYMM}-{qn + 1:03d}"
        n = rng.randint(*sessions)
        g = min(gold_counts[qn % len(gold_counts)], n - 1)
        gold_at = sorted(rng.sample(range(n), g))
        subject, thing = names.fresh(), rng.choice(_THINGS)
        # Every session's entity: the asked one in gold, an unasked thread's elsewhere.
        entity = {i: (subject, thing) for i in gold_at}
        threads = [g for g in gold_counts if g > 0] or [1]
        rest = [i for i in range(n) if i not in entity]
        rng.shuffle(rest)
        while rest:
            size = rng.choice(threads)
            unasked = (names.fresh(), rng.choice(_THINGS))
            for i in rest[:size]:
                entity[i] = unasked
            rest = rest[size:]
        places: list[str] = []
        haystack: list[list[Turn]] = []
        for i in range(n):
            place = names.fresh()
            if i in gold_at:
                places.append(place)
            name, what = entity[i]
            fact = _fill(
                rng.choice(_FACTS),
                rng,
                people,
                name=name,
                thing=what,
                place=place,
                when=rng.choice(_WHEN),
            )
            turns = _session(rng, people, fact, rng.randint(*exchanges))
            if i in gold_at:
                turns = [
                    Turn(role=t.role, content=t.content, has_answer=fact in t.content)
                    for t in turns
                ]
            haystack.append(turns)
        stamp = start + timedelta(days=qn * 3)
        dates = []
        for _ in range(n):
            stamp += timedelta(minutes=rng.randint(6 * 60, 40 * 60))
            dates.append(stamp.strftime(DATE_FORMAT))
        asked = stamp + timedelta(hours=rng.randint(2, 30))
        ids = [session_id(haystack_token(seed, qn + 1), i) for i in range(n)]
        built.append(
            Question(
                question_id=qid,
                question_type=f"{vertical_key}-{shape_name}",
                question=f"Where is the {subject} {thing} now?",
                answer=places[-1] if places else "Nothing in the conversations says.",
                question_date=asked.strftime(DATE_FORMAT),
                haystack_session_ids=ids,
                haystack_dates=dates,
                haystack_sessions=haystack,
                answer_session_ids=[ids[i] for i in gold_at],
                typedmemeval=TypedMemEvalBlock(vertical=vertical_key, shape=shape_name),
            )
        )
    return LoadedCorpus(path=SELF_TEST_PATH, sha256="", questions=built, mode="ours")


def rebuilt(corpus: LoadedCorpus, questions: list[Question]) -> LoadedCorpus:
    """A fresh corpus (empty measurement cache) with new questions and the same origin."""
    return corpus.with_questions(questions)
