"""What a vertical profile declares.

A profile is the one place that knows a vertical: its shapes with their planned counts and chance
floors, the `typedmemeval` block fields its questions need, the structure its rules check (a
distance ladder, a component order, list lengths, pivots), the outcomes and sub-labels its
results may carry, its page text and the bench's synthetic block. The formats, rules,
aggregator, site and bench read these fields and loop over profiles; none of them names a
vertical.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Shape:
    """One question shape of a vertical."""

    name: str
    count: int
    #: Chance of a correct answer by guessing, where the question names its candidates.
    chance_floor: Fraction | None = None
    #: Gold is an abstention or a negative: exempt from the answer-leak screen by declaration.
    negative_gold: bool = False
    #: Message content must carry no absolute date (V4) for this shape.
    time_dependent: bool = False
    #: `typedmemeval` block fields every question of this shape must carry.
    required_fields: tuple[str, ...] = ()
    #: The answer is a set of items; results may carry `asserted_items`.
    set_answer: bool = False
    #: Scored pairwise on the items an answer mentions; results carry `list_order`.
    list_order: bool = False
    #: The answer says who said something (`stated_by`); it opens with the vertical's
    #: `speaker_leads` phrase for that speaker.
    attribution: bool = False


@dataclass(frozen=True)
class Rungs:
    """A distance ladder: one gold session, a constant number of non-gold sessions, and exactly
    `d` sessions between the gold session and the question on each rung."""

    distances: tuple[int, ...]
    non_gold: int


@dataclass(frozen=True)
class ComponentOrder:
    """Gold components that must come in order: `first`, then one of `later`, a bounded number
    of sessions apart."""

    first: str
    later: tuple[str, ...]
    #: Smallest and largest number of sessions from the first component to the later one.
    gap: tuple[int, int]


@dataclass(frozen=True)
class SubLabel:
    """A sub-count a result row may carry, the shape it belongs to and the outcomes it needs."""

    name: str
    shape: str
    outcomes: tuple[str, ...]
    #: Short display name, e.g. "stale recall".
    label: str
    #: What it means, for reports and the site.
    meaning: str


@dataclass(frozen=True)
class Pairing:
    """Before/after pairs: one haystack asked twice, gold flipping at a pivot between the arms."""

    first_arm: str
    second_arm: str
    #: Each arm records the pivot (where the answer flips and where that instant was stated).
    pivot: bool
    #: An outcome legal only on the first arm: firing before the pivot.
    premature: bool
    #: The asserted states a result row must carry on every measured row (pair consistency is
    #: computed from them, because outcomes are gold-relative and gold flips between arms).
    asserted_states: tuple[str, ...] = ()


@dataclass(frozen=True)
class Prose:
    """Hand-written text for the vertical's page (plain Markdown the project wrote)."""

    measures: str
    construction: str
    reading: str | None = None


@dataclass(frozen=True)
class SyntheticQuestion:
    """What the bench's synthetic corpus decided for one question, for the profile to describe."""

    shape: str
    #: Question number within the synthetic corpus (1-based).
    number: int
    #: Indices of the gold sessions.
    gold: list[int]
    revision: str
    #: A pair id the bench reserves for this question, should its vertical pair questions.
    pair_id: str
    rng: random.Random


@dataclass(frozen=True)
class Synthetic:
    """The bench's synthetic block for this vertical (sizes, and the block fields it needs)."""

    #: Non-gold sessions per question, as a range.
    h_range: tuple[int, int] = (15, 25)
    #: Gold sessions per question, as a range.
    g_range: tuple[int, int] = (1, 1)
    #: A unit whose amounts gold sessions state (derivations read them), or None.
    gold_amount_unit: str | None = None
    #: The vertical's fields of the `typedmemeval` block for one synthetic question.
    block: Callable[[SyntheticQuestion], Mapping[str, Any]] | None = None


@dataclass(frozen=True)
class Vertical:
    """One vertical of the family: everything the instrument, aggregator, site and bench know."""

    name: str  # display name, e.g. "WorkingMemory"
    abbrev: str  # id abbreviation, e.g. "wm"
    #: Place in the family's order (SPEC R-ID-1).
    position: int
    shapes: tuple[Shape, ...]
    prose: Prose
    #: Every question of the vertical is time-dependent (V4 applies to all of it).
    time_dependent: bool = False
    #: `typedmemeval` block fields every question of the vertical must carry.
    required_fields: tuple[str, ...] = ()
    #: A gold-position pin the vertical declares by design, with its reason.
    position_pin: str | None = None
    rungs: Rungs | None = None
    component_order: ComponentOrder | None = None
    #: Smallest and largest list length (list-order shapes).
    list_length: tuple[int, int] | None = None
    #: Attribution shapes: how an answer opens for each `stated_by` value, e.g.
    #: (("user", "You did"), …) — the checker holds the answer to the speaker it derives.
    speaker_leads: tuple[tuple[str, str], ...] = ()
    pairing: Pairing | None = None
    sub_labels: tuple[SubLabel, ...] = ()
    #: Largest gap in mean BM25 coverage allowed between the arms of its pairs, or None.
    arm_coverage_gap: float | None = None
    #: Results are read as an outcome-by-distance curve (the distance rung of each question).
    distance_curve: bool = False
    synthetic: Synthetic = field(default_factory=Synthetic)

    @property
    def key(self) -> str:
        """Lower-case name used in corpus ids and the `typedmemeval.vertical` field."""
        return self.name.lower()

    @property
    def count(self) -> int:
        return sum(s.count for s in self.shapes)

    def shape(self, name: str) -> Shape | None:
        for s in self.shapes:
            if s.name == name:
                return s
        return None

    def v4_applies(self, shape: str) -> bool:
        found = self.shape(shape)
        return self.time_dependent or (found is not None and found.time_dependent)

    def required_for(self, shape: str) -> tuple[str, ...]:
        """Every block field a question of `shape` must carry."""
        found = self.shape(shape)
        return self.required_fields + (found.required_fields if found else ())

    def speaker_lead(self, stated_by: str) -> str | None:
        """How an attribution answer opens when `stated_by` said it, or None."""
        return dict(self.speaker_leads).get(stated_by)

    def sub_label(self, name: str) -> SubLabel | None:
        return next((s for s in self.sub_labels if s.name == name), None)
