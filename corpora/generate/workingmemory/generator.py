"""TypedMemEval-WorkingMemory: 12 fact families × five distance rungs (SPEC §3).

Every cell is its own haystack of 61 sessions: 60 that do not carry the fact, and one that
states it exactly d sessions before the question (at d = 60 it is the first session). Each
rung is a band of distances (6–16, 17–27, 28–38, 39–49, 50–60) and a cell's d is drawn
uniformly within its rung's band: fixed offsets (8, 15, 25, 40, 60 in an earlier draft) let a
question-blind model on position features find gold at within-question AUC 0.95. The
haystack size never changes with the rung, so gold's position is the only thing that moves
(an earlier ladder in docs/history.md grew the haystack with the distance and measured size).
Sessions are spaced exactly one day apart in every cell, so distance in sessions and distance in
time move together identically everywhere.

Every session makes three moves — a statement of some person's fact, a value-bearing twin
(someone else's fact, a rumour that was wrong, a choice considered and dropped) and a neutral
mention — and exactly one of them belongs to a hot pair (`allocate`): the asked pair is one of
a haystack's hot pairs, each stated once and given the same twins and near misses. The
interference is same-domain and never contradicts the fact: twins name other values in frames
that do not state the person's fact, each person holds at most one fact per family, and the
fact itself is never restated.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from checker.formats.corpus import GoldComponent, Twin, TypedMemEvalBlock
from checker.formats.ids import question_id
from checker.formats.separability import Exemption
from checker.verticals.workingmemory.profile import RUNGS
from corpora.generate.core.allocate import (
    MENTION_SLOT,
    STATEMENT_SLOT,
    TWIN_SLOT,
    Kit,
    cold_pairs,
    fill_cold,
    fit_kits,
    hot_moves,
    kit_kinds,
    place_hot,
    supported_twins,
    twins_of,
)
from corpora.generate.core.bank import RELATIONS, WORKINGMEMORY_FAMILIES, families
from corpora.generate.core.clock import start_date, varied_schedule
from corpora.generate.core.haystack import (
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    moment_since,
)
from corpora.generate.core.names import NameRegistry
from corpora.generate.core.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    kit_levers,
    question_rng,
)
from corpora.generate.core.world import STATEMENT, Person, SessionPlan, draw_people

VERTICAL = "workingmemory"
ABBREV = "wm"
SEED = 20261202
VERSION = "2.0.0"
SHAPE = "fact-at-distance"
#: The question comes one to three days after the last session. Sessions keep a person's
#: rhythm (`varied_schedule`): the rung counts sessions, not days, and a haystack of sixty
#: sessions on sixty consecutive days at one minute read as a timetable (issue 24).
ASKED_AFTER_DAYS = (1, 2, 3)
#: The slots every session fills, one move each.
RECIPE = (STATEMENT_SLOT, TWIN_SLOT, MENTION_SLOT)

POSITION_REASON = (
    "Gold's position is this vertical's independent variable: the fact sits exactly d sessions "
    "before the question (d drawn within the rung's band: 6-16, 17-27, 28-38, 39-49 or 50-60) "
    "in a haystack of 60 non-gold sessions on every "
    "rung, so position separates gold by design, and the features that encode position "
    "(session-id index, timestamp rank, first-session flag) do too."
)


@dataclass(frozen=True)
class Cell:
    n: int
    family: str
    distance: int
    rung: int
    relation: str
    people: int
    families: int


def haystack_token(seed: int, key: int) -> str:
    """An opaque token for one haystack, from the corpus seed and the haystack's number only."""
    digest = hashlib.sha256(f"typedmemeval/{VERTICAL}/{seed}/haystack/{key}".encode()).hexdigest()
    return "h" + digest[:10]


def _cells(seed: int, levers: Levers) -> list[Cell]:
    rng = question_rng(seed, VERTICAL, 0, "cells")
    cells = []
    n = 0
    for family in WORKINGMEMORY_FAMILIES:
        for rung, (low, high) in enumerate(RUNGS.bands, start=1):
            n += 1
            cells.append(
                Cell(
                    n=n,
                    family=family,
                    distance=rng.randint(low, high),
                    rung=rung,
                    relation=rng.choice(RELATIONS).key,
                    people=rng.randint(levers["people_min"], levers["people_max"]),
                    families=rng.randint(levers["families_min"], levers["families_max"]),
                )
            )
    return cells


def _cast(rng: random.Random, cell: Cell) -> tuple[list[Person], tuple[str, ...]]:
    people = draw_people(rng, RELATIONS)
    asked = next(p for p in people if p.key == cell.relation)
    others = [p for p in people if p.key != cell.relation]
    rng.shuffle(others)
    fams = [f for f in WORKINGMEMORY_FAMILIES if f != cell.family]
    rng.shuffle(fams)
    return [asked, *others[: cell.people - 1]], (cell.family, *fams[: cell.families - 1])


def build_question(
    *, seed: int, revision: str, cell: Cell, names: NameRegistry, levers: Levers
) -> AssembledQuestion:
    qid = question_id(ABBREV, revision, cell.n)
    rng = question_rng(seed, VERTICAL, cell.n)
    layout = question_rng(seed, VERTICAL, cell.n, "layout")
    people, family_keys = _cast(rng, cell)
    world = World(rng, names, qid, people, families(family_keys))
    person, family = world.person(cell.relation), world.family(cell.family)
    count = RUNGS.non_gold + 1
    gold_at = count - 1 - cell.distance
    moments: list[datetime] = varied_schedule(rng, start_date(rng), count)
    asked = moments[-1] + timedelta(
        days=rng.choice(ASKED_AFTER_DAYS), hours=rng.randint(-3, 3), minutes=15 * rng.randint(0, 3)
    )

    def kit(p: Person, family_key: str) -> Kit:
        f = world.family(family_key)
        kinds = kit_kinds(
            layout,
            family=f,
            stated=True,
            event=None,
            twins=layout.randint(levers["twins_min"], levers["twins_max"]),
            mentions=layout.randint(levers["mentions_min"], levers["mentions_max"]),
            twin_kinds=supported_twins(f),
        )
        return Kit(p, f, world.fact(p, f), kinds)

    target = kit(person, family.key)
    target.pins = {0: gold_at}
    kits = [target]
    hot_pairs = [(person, family)]
    while sum(len(k.kinds) for k in kits) < count:
        options = [
            (p, f)
            for p in world.people
            for f in world.families
            if (p, f) not in hot_pairs and not world.taken(p, f)
        ]
        p, f = rng.choice(options)
        hot_pairs.append((p, f))
        kits.append(kit(p, f.key))
    fit_kits(layout, kits, count)
    place_hot(layout, kits, count)
    slots, _ = hot_moves(
        kits, count, world, rng, evidence=lambda ki, kind: ki == 0 and kind == STATEMENT
    )
    fill_cold(slots, cold_pairs(world, hot_pairs), world, rng)

    plans = []
    for s in range(count):
        moves = [slots[s][slot] for slot in RECIPE]
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))

    assert target.fact is not None
    twins = [Twin(kind=k, session_index=s, value=v) for k, s, v in twins_of(target, slots)]
    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=SHAPE,
        distance_sessions=cell.distance,
        gold_components=[GoldComponent(kind="fact", session_index=gold_at)],
        fact_family=family.key,
        twins=twins or None,
        difficulty=cell.rung,
        difficulty_dial="distance",
        seeded_from=f"{VERTICAL} seed {seed}, question {cell.n}",
    )
    return assemble_question(
        question_id=qid,
        session_owner=haystack_token(seed, cell.n),
        question=family.questions[0].format(holder=person.forms()["holder"]),
        answer=capitalise(family.answer_value.format(V=target.fact.value)) + ".",
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
        build_question(seed=seed, revision=revision, cell=cell, names=names, levers=levers)
        for cell in _cells(seed, levers)
        if only is None or cell.n in only
    ]
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        kit_levers(twins=(3, 5), mentions=(0, 1), people=(12, 16), families=(10, 12)),
        kit_levers(twins=(4, 6), mentions=(0, 1), people=(12, 16), families=(10, 12)),
        kit_levers(twins=(2, 4), mentions=(0, 1), people=(12, 16), families=(10, 12)),
        kit_levers(twins=(3, 5), mentions=(2, 3), people=(14, 16), families=(11, 12)),
    ),
    build=build,
    exemptions=(Exemption(feature="position", reason=POSITION_REASON),),
)
