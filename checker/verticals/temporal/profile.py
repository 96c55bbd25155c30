"""Temporal: the order of events that are never dated."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from checker.verticals.profile import (
    BETWEEN_NAMED,
    EARLIER_OF_NAMED,
    LAST,
    AnswerClass,
    AnswerRules,
    EventOrder,
    JudgeRules,
    Prose,
    Shape,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    """A chain over the gold sessions in a drawn order, each link carried by its later event."""
    order = list(q.gold)
    q.rng.shuffle(order)
    events: list[dict[str, Any]] = []
    for k, si in enumerate(order):
        relations = [{"kind": "after", "other_event_id": f"m{k - 1}"}] if k else []
        events.append(
            {
                "event_id": f"m{k}",
                "kind": "milestone",
                "subject": "s",
                "value": f"v{k}",
                "session_index": si,
                "relations": relations,
            }
        )
    return {"events": events, "difficulty": len(q.gold) - 1, "difficulty_dial": "dispersion"}


JUDGE = JudgeRules(
    instructions=(
        "Questions here ask about the order of events that are never dated; the conversations "
        "relate the events to one another. Judge the order or position the answer commits to; "
        "where the question names two candidates, the answer must choose the one the gold names."
    ),
)


#: The deterministic judge: an occurrence-order question names both candidates.
ANSWERS = AnswerRules(forms=(("occurrence-order", "choice"),))


PROFILE = Vertical(
    name="Temporal",
    abbrev="tem",
    position=7,
    shapes=(
        Shape("occurrence-order", 20, chance_floor=Fraction(1, 2)),
        Shape("interval-position", 15),
        Shape("recency", 15),
    ),
    time_dependent=True,
    required_fields=("events",),
    answer_class=AnswerClass(
        field="arm",
        strata="shape",
        strata_reason=(
            "only occurrence-order answers fall in a class (the milestone the question names "
            "first, or the one it names second); interval-position and recency answers are "
            "milestone names"
        ),
    ),
    event_order=EventOrder(
        queries={
            "occurrence-order": EARLIER_OF_NAMED,
            "interval-position": BETWEEN_NAMED,
            "recency": LAST,
        },
        cue_words={"after": ("after", "later than"), "before": ("before", "earlier than")},
    ),
    prose=Prose(
        measures=(
            "Ordering events that are never dated: which of two named milestones came first, "
            "which milestone came between two others, and which came last in a chain that "
            "has to be followed end to end."
        ),
        construction=(
            "Each haystack follows several people's projects, each a chain of milestones "
            'with invented names, stated one link per session ("the Tossick visit took place after '
            'the Grelvan review") in an order drawn independently of the chain. The asked '
            "chain is one of them, built by the same code; its rivals are the other chains, "
            "milestones that were planned and called off, rumours that were wrong and other "
            "people's projects. Gold order is recomputed from the recorded relations, exactly "
            "one order satisfies them, and the rank correlation between event order and "
            "session order is measured over the corpus and refused unless it is "
            "indistinguishable from zero. Milestone names are checked against real-name "
            "lists, so world knowledge cannot answer. No absolute dates appear in message "
            "content."
        ),
        reading=(
            "Occurrence-order questions name their two candidates, so a coin reaches gold half "
            "the time: its chance floor is 1/2. Interval-position and recency answers are "
            "milestone names the question does not give."
        ),
    ),
    judge=JUDGE,
    answer_rules=ANSWERS,
    synthetic=Synthetic(g_range=(2, 5), block=_synthetic_block),
)
