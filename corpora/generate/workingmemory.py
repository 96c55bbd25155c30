"""TypedMemEval-WorkingMemory: 12 fact families × distances 8, 15, 25, 40, 60 (SPEC §3).

Every cell is its own haystack of 61 sessions: 60 that do not carry the fact, and one that
states it exactly d sessions before the question (at d = 60 it is the first session). The
haystack size never changes with the rung, so gold's position is the only thing that moves
(the documents' first ladder grew the haystack with the distance and measured size). Sessions
are spaced exactly one day apart in every cell, so distance in sessions and distance in time
move together identically everywhere.

Every session states two facts and makes one neutral mention, drawn from the shared bank. The
interference is same-domain: other people's facts of the asked family (decoys), the asked
person's other facts, and mentions of the asked person and family that state nothing. The fact
itself is never restated and nothing contradicts it: each person holds at most one fact per
family in a haystack.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from checker.formats.corpus import GoldComponent, TypedMemEvalBlock
from checker.formats.ids import question_id
from checker.formats.separability import Exemption
from checker.verticals.workingmemory import RUNGS
from corpora.generate.bank import RELATIONS, WORKINGMEMORY_FAMILIES, families
from corpora.generate.clock import constant_schedule, start_date
from corpora.generate.haystack import (
    TARGET_FAMILY,
    TARGET_PERSON,
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    draw_category,
    moment_since,
)
from corpora.generate.names import NameRegistry
from corpora.generate.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    competition_levers,
    question_rng,
)
from corpora.generate.world import MENTION, STATEMENT, Move, SessionPlan, draw_people

VERTICAL = "workingmemory"
ABBREV = "wm"
SEED = 20261202
VERSION = "1.0.0"
SHAPE = "fact-at-distance"
#: One session a day in every cell, the question a day after the last session.
SPACING = timedelta(days=1)
STATEMENTS_PER_SESSION = 2

POSITION_REASON = (
    "Gold's position is this vertical's independent variable: the fact sits exactly d sessions "
    "before the question (d = 8, 15, 25, 40, 60) in a haystack of 60 non-gold sessions on every "
    "rung, so position separates gold by design, and with constant one-day spacing the "
    "features that encode position (session-id index, timestamp rank, first-session flag) do "
    "too."
)


@dataclass(frozen=True)
class Cell:
    n: int
    family: str
    distance: int
    relation: str
    near_misses: int
    same_family: int
    same_person: int


def _cells(seed: int, levers: Levers) -> list[Cell]:
    rng = question_rng(seed, VERTICAL, 0, "cells")
    cells = []
    n = 0
    for family in WORKINGMEMORY_FAMILIES:
        for distance in RUNGS.distances:
            n += 1
            cells.append(
                Cell(
                    n=n,
                    family=family,
                    distance=distance,
                    relation=rng.choice(RELATIONS).key,
                    near_misses=rng.randint(levers["near_min"], levers["near_max"]),
                    same_family=rng.randint(levers["family_min"], levers["family_max"]),
                    same_person=rng.randint(levers["person_min"], levers["person_max"]),
                )
            )
    return cells


def build_question(
    *, seed: int, revision: str, cell: Cell, names: NameRegistry
) -> AssembledQuestion:
    qid = question_id(ABBREV, revision, cell.n)
    rng = question_rng(seed, VERTICAL, cell.n)
    layout = question_rng(seed, VERTICAL, cell.n, "layout")
    world = World(rng, names, qid, draw_people(rng, RELATIONS), families(WORKINGMEMORY_FAMILIES))
    person, family = world.person(cell.relation), world.family(cell.family)
    target = (person, family)
    count = RUNGS.non_gold + 1
    gold = count - 1 - cell.distance
    first = start_date(rng) + timedelta(hours=rng.randint(8, 21), minutes=15 * rng.randint(0, 3))
    moments: list[datetime] = constant_schedule(first, count, SPACING)
    asked = moments[-1] + SPACING

    def category() -> str:
        return draw_category(layout, len(world.people), len(world.families))

    slots = [(s, k) for s in range(count) for k in range(STATEMENTS_PER_SESSION)]
    statements: dict[tuple[int, int], Move] = {}
    gold_slot = (gold, layout.randrange(STATEMENTS_PER_SESSION))
    value = world.fact(person, family).value
    statements[gold_slot] = Move(STATEMENT, person, family, value, evidence=True)
    free = [slot for slot in slots if slot != gold_slot]
    layout.shuffle(free)
    wanted = [TARGET_FAMILY] * cell.same_family + [TARGET_PERSON] * cell.same_person
    wanted += [category() for _ in range(len(free) - len(wanted))]
    for slot, kind in zip(free, wanted, strict=True):
        fact = world.fact_in(kind, target, (STATEMENT,))
        fact.stated_in = slot[0]
        statements[slot] = Move(STATEMENT, fact.person, fact.family, fact.value)

    mentions: dict[int, Move] = {}
    near = [s for s in range(count) if s != gold]
    layout.shuffle(near)
    for s in near[: cell.near_misses]:
        mentions[s] = Move(MENTION, person, family)
    for s in range(count):
        if s not in mentions:
            p, f = world.mention_in(category(), target)
            mentions[s] = Move(MENTION, p, f)

    plans = []
    for s in range(count):
        moves = [statements[(s, k)] for k in range(STATEMENTS_PER_SESSION)] + [mentions[s]]
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))

    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=SHAPE,
        distance_sessions=cell.distance,
        gold_components=[GoldComponent(kind="fact", session_index=gold)],
        fact_family=family.key,
        difficulty=RUNGS.distances.index(cell.distance) + 1,
        difficulty_dial="distance",
        seeded_from=f"{VERTICAL} seed {seed}, question {cell.n}",
    )
    return assemble_question(
        question_id=qid,
        session_owner=qid,
        question=family.questions[0].format(holder=person.forms()["holder"]),
        answer=capitalise(family.answer_value.format(V=value)) + ".",
        question_date=asked,
        plans=plans,
        block=block,
        rng=rng,
    )


def build(
    seed: int, revision: str, levers: Levers, *, only: Collection[int] | None = None
) -> Built:
    """The corpus for one setting of the competition levers (`only`: just these question
    numbers, for tests)."""
    names = NameRegistry()
    assembled = [
        build_question(seed=seed, revision=revision, cell=cell, names=names)
        for cell in _cells(seed, levers)
        if only is None or cell.n in only
    ]
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__name__,
    version=VERSION,
    seed=SEED,
    levers=(
        competition_levers((4, 6), (2, 4), (2, 4)),
        competition_levers((5, 7), (2, 4), (2, 4)),
        competition_levers((3, 5), (2, 4), (2, 4)),
        competition_levers((6, 8), (3, 5), (2, 4)),
    ),
    build=build,
    exemptions=(Exemption(feature="position", reason=POSITION_REASON),),
)
