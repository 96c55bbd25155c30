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
    """A distance ladder: one gold session, a constant number of non-gold sessions, and `d`
    sessions between the gold session and the question, `d` drawn from the rung's band (so no
    fixed offset marks the gold session's position)."""

    bands: tuple[tuple[int, int], ...]
    """Each rung's smallest and largest distance, in sessions, nearest rung first."""
    non_gold: int

    def rung(self, distance: int | None) -> int | None:
        """The 1-based rung whose band holds `distance`, or None."""
        for i, (low, high) in enumerate(self.bands):
            if distance is not None and low <= distance <= high:
                return i + 1
        return None

    def label(self, distance: int) -> str:
        """`distance 6-16`: the band a distance falls in (the distance itself if in none)."""
        found = self.rung(distance)
        if found is None:
            return f"distance {distance}"
        low, high = self.bands[found - 1]
        return f"distance {low}-{high}"

    def describe(self) -> str:
        return ", ".join(f"{low}-{high}" for low, high in self.bands)


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
class RecordReplay:
    """A record replayed as of an instant: each event says when the record learned it
    (`recorded_at`) and when the state it records held (`valid_from`, `valid_to`), and a later
    event replaces an earlier one through a relation of one of `supersedes`. A question's
    `as_of_query` names a subject and two instants; its gold is the value the record, as it
    stood at the first, gives for the second (REV001 replays it; REV002 keeps both instants a
    calendar day away from every recording and validity bound)."""

    #: Relation kinds by which an event replaces the one it names (`corrects`).
    supersedes: tuple[str, ...]
    #: How a question names the record instant itself as the state instant ("at that point").
    same_instant: tuple[str, ...] = ()


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
    #: The shapes whose questions carry the class (empty: every shape); the others are not
    #: tested, for shapes whose wording names what they ask by design.
    shapes: tuple[str, ...] = ()


@dataclass(frozen=True)
class StepQuestion:
    """What one shape of a procedure vertical asks, for the rules that re-derive its gold."""

    shape: str
    #: What the answer is: `order` (every step of the procedure, in the one order its
    #: dependencies allow), `condition` (what a step waits for, and that step) or `current`
    #: (the steps left after an amendment or a retirement, as a set).
    answer: str
    #: The event kind of the second hop the asked procedure carries (`dependency`, …).
    hop: str
    #: Rival procedures the haystack must carry, each with a complete second hop of that kind
    #: over steps of its own (two-hop questions are only two hops if losing the listing leaves
    #: a choice).
    rivals: int = 0


@dataclass(frozen=True)
class Procedures:
    """Questions about procedures told across sessions: one listing names the procedure and
    its steps; dependencies, preconditions, amendments and retirements name step or condition
    pairs and never the procedure. The rules (STP) read the `events` block in these terms."""

    questions: tuple[StepQuestion, ...]
    #: Words a dependency's session puts between its two step names: the first-named step
    #: comes first (`before`) or second (`after`).
    before_words: tuple[str, ...]
    after_words: tuple[str, ...]
    #: Event kinds and relation kinds of the vocabulary.
    procedure: str = "procedure"
    """A procedure: `value` the words that name it, stated in its listing's session."""
    step: str = "step"
    """A step: `value` its name, relation `member_of` to its procedure, in the listing."""
    member_of: str = "member-of"
    dependency: str = "dependency"
    """Two steps in order: relations `first` and `then`."""
    first: str = "first"
    then: str = "then"
    precondition: str = "precondition"
    """A condition (`value`) a step waits for: relation `waits` to that step."""
    waits: str = "waited-for-by"
    amendment: str = "amendment"
    """An amended step (`value`, its new name) in place of a step: relation `amends`."""
    amends: str = "amends"
    retirement: str = "retirement"
    """A step dropped with nothing in its place: relation `retires`."""
    retires: str = "retires"
    #: The gold component kind of the listing.
    membership: str = "membership"

    def question(self, shape: str) -> StepQuestion | None:
        return next((q for q in self.questions if q.shape == shape), None)

    @property
    def hops(self) -> tuple[str, ...]:
        """Every second-hop event kind."""
        return (self.dependency, self.precondition, self.amendment, self.retirement)


#: What a resolution question asks of its `events` block (`Resolution.queries`).
#: The value a chain of replacements ends in, for the designation the question uses.
CURRENT_VALUE = "current-value"
#: The same, where the conversations stated the value under another designation of the holder
#: than the question's and an alias event joins the two.
THROUGH_ALIAS = "through-alias"
#: The session in which the value the question states was stated (its provenance).
SOURCE_SESSION = "source-session"
RESOLUTION_QUERIES = (CURRENT_VALUE, THROUGH_ALIAS, SOURCE_SESSION)


@dataclass(frozen=True)
class Resolution:
    """Questions answered by resolving the `events` block (R-FMT-2b) rather than recalling one
    stated value. Value events carry a holder's designation as their subject and may replace an
    earlier value event; alias events join two designations of one holder (`subject` and
    `value`); discussed events record what else the source session said, by a value that only
    it names. The rules of `checker.verticals.semantic.rules` recompute gold from these alone."""

    #: (shape, query) for every shape answered this way; the query is one of
    #: `RESOLUTION_QUERIES`.
    queries: tuple[tuple[str, str], ...]
    value_kind: str = "value"
    #: The relation by which a value event replaces an earlier one.
    replaces: str = "replaces"
    alias_kind: str = "alias"
    discussed_kind: str = "discussed"
    #: The relation by which a discussed event points at the value event it was said beside.
    alongside: str = "alongside"

    def query(self, shape: str) -> str | None:
        return next((q for s, q in self.queries if s == shape), None)


#: What the first half of a composed question resolves (`Composition.resolve`).
RESOLUTIONS = ("value", "alias", "order", "invalidation")
#: What the second half applies to what was resolved (`Composition.apply`).
OPERATIONS = ("count", "value", "sum")


@dataclass(frozen=True)
class Composition:
    """A shape whose gold composes two memory types: one half resolves something and the other
    applies an operation to what it resolved, so retrieving either half is necessary and
    neither is sufficient. The question's `events` record both halves; the composition rules
    (`checker.verticals.conjunction.rules`) recompute the answer from them and read them back from the
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


# --- how the deterministic judge reads this vertical's answers --------------------------------

#: Answer forms a shape may declare for the deterministic judge (others are read from the shape:
#: a derivation is a number, a set answer a set, a list-order shape a list, an attribution
#: shape a speaker, anything else the value the gold answer names).
#: `choice`: the question names the candidates; the one the answer names first is its choice.
#: `yes-no`: the answer's leading yes or no against the gold's.
#: `duration`: "about N hours/days/weeks" against the gold's, within one of the gold's units;
#: a gold that says it already happened ("None: … already fell due") wants the same.
#: `order`: every value the gold names, in the gold's order, and no other.
ANSWER_FORMS = ("choice", "yes-no", "duration", "order")


@dataclass(frozen=True)
class StatePhrasing:
    """How an answer asserts one of the judge's states, for the deterministic judge: the first
    state (in declared order) whose phrasing matches is the one asserted."""

    state: str
    #: Regular expressions, matched case-insensitively anywhere in the answer.
    patterns: tuple[str, ...] = ()
    #: Asserted instead by naming a value: the gold answer's own (`gold`) or another (`other`).
    names: str | None = None
    #: The patterns count only in a sentence about what the question asks: one that names a
    #: word of the question or a value of the gold answer, or the answer's first sentence when
    #: it speaks of someone (he, she, they …). A phrase as common as "ended" otherwise reads a
    #: state into any sentence of a rambling reply ("the session ended").
    about_the_question: bool = False


@dataclass(frozen=True)
class AnswerRules:
    """The vertical's part of the deterministic judge (`typedmemeval run --judge rules`): what
    the profile declares beyond its shapes for answers to be judged without a model. The gold
    answer is read by the same rules as the answer, so the two are compared like with like."""

    #: (shape, form) for shapes whose answer form is not implied by the shape (`ANSWER_FORMS`).
    forms: tuple[tuple[str, str], ...] = ()
    #: The judge states an answer can assert (`JudgeRules.states`), by phrasing.
    states: tuple[StatePhrasing, ...] = ()
    #: (shape, state a leading "yes" asserts, state a leading "no" asserts).
    yes_no: tuple[tuple[str, str, str], ...] = ()

    def form(self, shape: str) -> str | None:
        return dict(self.forms).get(shape)

    def yes_no_states(self, shape: str) -> tuple[str, str] | None:
        return next(((yes, no) for s, yes, no in self.yes_no if s == shape), None)


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
    #: Questions about procedures told across sessions (the STP rules), or None.
    procedures: Procedures | None = None
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
    #: Gold recomputed by resolving events: current values, aliases, sources (RSV rules).
    resolution: Resolution | None = None
    #: Gold is a record replayed as of an instant (REV001, REV002), or None.
    record_replay: RecordReplay | None = None
    #: Shapes whose gold names one value stated in the sessions among rivals, which the
    #: heuristic answerers (SHC001) are scored on; None: every shape without negative gold
    #: is tried, and a question is scored where its answer's first sentence names one value.
    answer_value_shapes: tuple[str, ...] | None = None
    synthetic: Synthetic = field(default_factory=Synthetic)
    #: How the family judge reads this vertical's answers.
    judge: JudgeRules = field(default_factory=lambda: JudgeRules(instructions=""))
    #: How the deterministic judge reads them.
    answer_rules: AnswerRules = field(default_factory=AnswerRules)

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
