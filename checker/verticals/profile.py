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


#: What an event-order answer names (`EventOrder.queries`): the earlier of the two events the
#: question names; the events strictly between the two it names; the last event of the order.
EARLIER_OF_NAMED, BETWEEN_NAMED, LAST = "earlier-of-named", "between-named", "last"
ORDER_QUERIES = (EARLIER_OF_NAMED, BETWEEN_NAMED, LAST)


@dataclass(frozen=True)
class EventOrder:
    """Gold is an order over the events of the `events` block, recomputed from their relations
    alone (never from session order), and exactly one order satisfies them.

    Each relation names what its event is to the other: a kind in `after` puts the event after
    the other one, a kind in `before` puts it before. The relation is stated in the text of the
    event's own session, in one turn naming both events' values with one of its kind's
    `cue_words` between them (`the Tossick visit came after the Grelvan review`)."""

    #: Per shape, what the answer names (one of `ORDER_QUERIES`).
    queries: Mapping[str, str]
    #: Relation kinds that place the event after, and before, the other event.
    after: tuple[str, ...] = ("after",)
    before: tuple[str, ...] = ("before",)
    #: Relation kind → the words that state it in message text.
    cue_words: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: {"after": ("after",), "before": ("before",)}
    )
    #: Gold is exactly the sessions stating the relations among the events the answer needs
    #: (the range of the order from the first to the last event it involves).
    gold_is_relations: bool = True
    #: Session order must not encode event order: over the corpus, the rank correlation between
    #: each question's event order and its events' session indices is refused at |tau| at or
    #: above this …
    max_tau: float = 0.2
    #: … or when its two-sided p-value under within-question permutation is below this.
    alpha: float = 0.05


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
class AnswerClass:
    """A categorical answer class, for the answer-from-metadata adversary (SEP009): a system
    that reads only the question, its date and the sessions' ids and dates must not be able to
    tell which class a question's answer is in."""

    #: The `typedmemeval` block field holding the class (e.g. `arm`, `shape`); questions whose
    #: field is empty carry no class and are not tested.
    field: str
    #: A block field whose values are public by design (e.g. `shape`): the test runs within
    #: each of its values, and the baseline is each value's most frequent class. None: none.
    strata: str | None = None
    #: Why the strata may be told apart (shown with the record).
    strata_reason: str = ""


#: What the first half of a composed question resolves (`Composition.resolve`).
RESOLUTIONS = ("value", "alias", "order", "invalidation")
#: What the second half applies to what was resolved (`Composition.apply`).
OPERATIONS = ("count", "value", "sum")


@dataclass(frozen=True)
class Composition:
    """A shape whose gold composes two memory types: one half resolves something and the other
    applies an operation to what it resolved, so retrieving either half is necessary and
    neither is sufficient. The question's `events` record both halves; the composition rules
    (`checker.rules.composition`) recompute the answer from them and read them back from the
    sessions.

    resolve: `value` (the value the question's subject holds), `alias` (the other designation
    of the subject the question names), `order` (the first or last member of an order chain,
    the end named by the question's `arm`), `invalidation` (the subject's values that no later
    event invalidates).
    apply: `count` (how many value events share what was resolved), `value` (the resolved
    member's value), `sum` (the derivation's total over what was resolved)."""

    shape: str
    resolve: str
    apply: str

    def __post_init__(self) -> None:
        if self.resolve not in RESOLUTIONS:
            raise ValueError(f"composition {self.shape}: resolve must be one of {RESOLUTIONS}")
        if self.apply not in OPERATIONS:
            raise ValueError(f"composition {self.shape}: apply must be one of {OPERATIONS}")


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


# --- how the family judge reads this vertical's answers ------------------------------------


@dataclass(frozen=True)
class JudgeState:
    """A state an answer can assert, named by the judge in its verdict independently of gold."""

    name: str
    #: What asserting it means, as the judge's template states it.
    meaning: str


@dataclass(frozen=True)
class StateRule:
    """What an asserted state means for the outcome where it applies. A declared rule governs
    over the judge's own label, so the outcome follows from what the answer asserted."""

    state: str
    outcome: str
    #: Shapes the rule applies to; empty means every shape.
    shapes: tuple[str, ...] = ()
    #: Arms the rule applies to; empty means every question, paired or not.
    arms: tuple[str, ...] = ()
    #: The sub-label the rule assigns (None: the row carries none).
    sub_label: str | None = None

    def applies(self, shape: str, arm: str | None) -> bool:
        return (not self.shapes or shape in self.shapes) and (
            not self.arms or (arm is not None and arm in self.arms)
        )


@dataclass(frozen=True)
class JudgeRules:
    """The vertical's part of the family judge's template: what the judge is told about this
    vertical's questions and the rules that turn its verdict into a typed outcome. The generic
    machinery (outcome definitions, precedence, the verdict schema, set and list-order scoring,
    numeric tolerance) lives in `checker.runner.judge`."""

    #: What the judge is told about every question of the vertical.
    instructions: str
    #: Extra instructions per shape, as (shape, text) pairs.
    shape_instructions: tuple[tuple[str, str], ...] = ()
    #: The states an answer can assert; the verdict names one when the tuple is non-empty.
    states: tuple[JudgeState, ...] = ()
    #: The asserted state is written to the result row (`asserted_state`); it must then be
    #: one of the pairing's asserted states.
    records_state: bool = False
    #: Declared consequences of asserted states; the first rule that applies governs.
    state_rules: tuple[StateRule, ...] = ()
    #: Where gold carries a derivation: how the judge reads a number from the answer (currency,
    #: magnitude words, separators). The tolerance and rounding rule are generic.
    numeric_parsing: str | None = None
    #: Arms whose gold for a set answer is the empty set (the items named are not yet due).
    empty_set_arms: tuple[str, ...] = ()
    #: Arms whose gold carries no specific value (a "not yet" the question already implies):
    #: the distractor-only and leave-one-out probes cannot score them.
    valueless_arms: tuple[str, ...] = ()

    def for_shape(self, shape: str) -> str | None:
        return next((text for name, text in self.shape_instructions if name == shape), None)

    def state(self, name: str) -> JudgeState | None:
        return next((s for s in self.states if s.name == name), None)

    def rule_for(self, state: str, shape: str, arm: str | None) -> StateRule | None:
        return next(
            (r for r in self.state_rules if r.state == state and r.applies(shape, arm)), None
        )


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
    #: Shapes whose answer says who said something (`stated_by`), and how such an answer opens
    #: for each speaker, e.g. (("user", "You did"), …): the checker holds the answer to the
    #: speaker it derives from the turns (DRV011).
    attribution_shapes: tuple[str, ...] = ()
    speaker_leads: tuple[tuple[str, str], ...] = ()
    pairing: Pairing | None = None
    sub_labels: tuple[SubLabel, ...] = ()
    #: Largest gap in mean BM25 coverage allowed between the arms of its pairs, or None.
    arm_coverage_gap: float | None = None
    #: Results are read as an outcome-by-distance curve (the distance rung of each question).
    distance_curve: bool = False
    #: Shapes whose gold composes two memory types, each with what it resolves and applies.
    compositions: tuple[Composition, ...] = ()
    #: Gold component kinds that resolve what an operation applies to rather than feed it
    #: (an alias, the invalidation that removes an input): their sessions are gold without
    #: being derivation inputs or count candidates.
    resolving_components: tuple[str, ...] = ()
    #: Gold is an order recomputed from the events' relations (see `EventOrder`), or None.
    event_order: EventOrder | None = None
    #: The categorical answer class its questions fall in, or None when its answers are values
    #: (SEP009 is then skipped, and says so).
    answer_class: AnswerClass | None = None
    synthetic: Synthetic = field(default_factory=Synthetic)
    #: How the family judge reads this vertical's answers.
    judge: JudgeRules = field(default_factory=lambda: JudgeRules(instructions=""))

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

    def composition(self, shape: str) -> Composition | None:
        return next((c for c in self.compositions if c.shape == shape), None)

    def speaker_lead(self, stated_by: str) -> str | None:
        """How an attribution answer opens when `stated_by` said it, or None."""
        return dict(self.speaker_leads).get(stated_by)

    def sub_label(self, name: str) -> SubLabel | None:
        return next((s for s in self.sub_labels if s.name == name), None)
