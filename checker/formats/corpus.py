"""The corpus format (R-FMT-1, R-FMT-2, R-FMT-2b, R-FMT-3).

A corpus file is a JSON array of questions in LongMemEval's record shape plus one family block,
`typedmemeval`, per question. Everything in that block is answer-key material and never reaches
a system under test.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, model_validator

from checker.family import BY_KEY


class Strict(BaseModel):
    """Base for the project's own formats: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, frozen=False)


class Turn(Strict):
    """One message of a session."""

    role: Literal["user", "assistant"]
    """Who spoke: the user or the assistant."""
    content: str
    """The message text, shown to the system under test."""
    has_answer: bool = Field(strict=True)
    """True only for turns inside a gold session that carry evidence (answer key). A JSON
    boolean only: the string `"false"` is refused, never read as true."""


class DerivationInput(Strict):
    """One input of an arithmetic derivation: a value stated in one gold session."""

    session_index: int = Field(ge=0)
    """Index into `haystack_sessions` of the session that states this value."""
    value: float
    """The value as stated (for durations: the length derived from the timestamps)."""
    from_session_index: int | None = Field(default=None, ge=0)
    """Durations only: the session whose timestamp starts the interval."""


class Derivation(Strict):
    """How an arithmetic gold answer is computed from the sessions (V5 recomputes it)."""

    operation: Literal["count", "sum", "delta", "duration"]
    """count: number of matching candidates; sum: total; delta: side A total minus side B;
    duration: time between two sessions' timestamps."""
    inputs: list[DerivationInput]
    """One input per gold session, in session order."""
    value: float
    """The gold value the operation yields."""
    unit: str
    """Unit of `value` (e.g. `EUR`, `km`, `days`, `items`)."""
    tolerance: float = Field(default=0.0, ge=0)
    """Absolute tolerance the judge allows around `value`."""
    sides: list[Literal["a", "b"]] | None = None
    """Delta only: which side (a or b) each input belongs to; value = sum(a) - sum(b)."""


class GoldComponent(Strict):
    """One piece of evidence a question needs (e.g. a statement, then its invalidation)."""

    kind: str
    """What the component is: `statement`, `invalidation`, `reaffirmation`, `fact`, …"""
    session_index: int = Field(ge=0)
    """Index into `haystack_sessions` of the session carrying it."""
    rivals: list[int] | None = None
    """Sessions that compete with this component: the V6 leave-one-out probe shows them in its
    place, with the rest of gold, so a component whose load-bearing claim rests on competition
    (a procedure's listing, when its dependencies alone would give the order) is tested
    against that competition rather than against an empty seat."""
    load_bearing: bool | None = None
    """This component alone is needed: leaving it out (with its rivals in its place) must stop
    a reader producing gold, so V6 leaves it out. False: V6 keeps it in every context. None:
    the question's `gold_components_load_bearing` decides. Where a shape mixes needed and
    redundant components, each says which it is."""


class Twin(Strict):
    """A value-bearing twin of the asked pair: a session that names the question's person, family
    and a value in a frame that does not state the fact (someone else's, a rumour that was wrong,
    a choice considered and dropped). Recorded so that V5 can show it does not answer."""

    kind: str
    """The frame: `twin-others`, `twin-rumour`, `twin-considered`, …"""
    session_index: int = Field(ge=0)
    """Index of the session that carries it (never a gold session)."""
    value: str
    """The value it names (never the gold value)."""


class ListOrder(Strict):
    """Episodic list-order: items mentioned one per session; gold order = session order."""

    items: list[str] = Field(min_length=2)
    """Items in the order they were mentioned."""
    item_session_indices: list[int]
    """For each item, the index of the session that mentions it."""


class Candidate(Strict):
    """A count candidate and whether the count predicate matches it."""

    session_index: int = Field(ge=0)
    """Index of the session that mentions the candidate."""
    matches: bool
    """Whether the candidate satisfies `count_predicate`."""
    label: str | None = None
    """The candidate as named in the session text."""


class Relation(Strict):
    """A relation from one event to another (e.g. `after`, `replaces`, `requires`)."""

    kind: str
    """The relation: `after`, `before`, `replaces`, `corrects`, `requires`, `amends`, …"""
    other_event_id: str
    """The event this one relates to."""


class Event(Strict):
    """A structured event from which the checker recomputes gold without reading prose."""

    event_id: str
    """Unique within the question."""
    kind: str
    """What happened: `milestone`, `value`, `recorded`, `corrected`, `step`, `alias`, …"""
    subject: str
    """What the event is about."""
    value: str | None = None
    """The value stated, where the event states one."""
    session_index: int = Field(ge=0)
    """Index of the session in which the event is stated."""
    relations: list[Relation] = Field(default_factory=list)
    """Relations to other events of the same question."""
    recorded_at: str | None = None
    """Bitemporal: when the record learned this (question-date format)."""
    valid_from: str | None = None
    """Bitemporal: start of the state's validity."""
    valid_to: str | None = None
    """Bitemporal: end of the state's validity (exclusive), if known."""
    valid_from_expression: str | None = None
    """The relative expression, exactly as the event's session states it, that `valid_from`
    re-derives from (against `recorded_at`); None when the bound is inherited from the event
    this one corrects, or open."""
    valid_to_expression: str | None = None
    """The same for `valid_to`."""


class AsOfQuery(Strict):
    """What a question asks of a bitemporal record: the state of one subject at one instant, as
    the record stood at another. Both instants are named in the question text relative to the
    question date, so the arms of a pair share this block and each re-derives its own instants
    from its own `question_date`."""

    subject: str
    """The `subject` of the events the question asks about."""
    as_of: str
    """The record instant (transaction time) as the question text names it: `a week ago`,
    `a fortnight ago`, `5 weeks ago`."""
    valid_at: str
    """The state instant (valid time) as the question text names it: `6 weeks ago`, `a week
    from now`, `now`, or `at that point` (the record instant itself)."""


class Pivot(Strict):
    """Prospective: the instant at which the answer changes, and where it was stated."""

    session_index: int = Field(ge=0)
    """Index of the session whose turn states the relative expression."""
    expression: str
    """The relative time expression exactly as it appears in that session's text."""
    instant: str
    """The due / expiry / becomes-true instant, `YYYY/MM/DD (Ddd) HH:MM`, which must re-derive
    from the stating session's timestamp and `expression`."""


class TypedMemEvalBlock(Strict):
    """The family block (R-FMT-2): answer-key material, never shown to a system under test."""

    vertical: str
    """Lower-case vertical key, e.g. `forgetting`."""
    shape: str
    """The question's shape within its vertical, e.g. `invalidated`."""
    pair_id: str | None = None
    """Pairs and arms: `tme-<abbrev>-<YYMM>-pNN`. Arms of a pair share one haystack."""
    arm: str | None = None
    """The arm of the pair: `before`, `after`, `control`, `invalidated`, …"""
    distance_sessions: int | None = Field(default=None, ge=0)
    """Sessions between the evidence and the question (WorkingMemory's rung; Forgetting gap)."""
    derivation: Derivation | None = None
    """Arithmetic: how gold is computed."""
    gold_components: list[GoldComponent] | None = None
    """The evidence pieces the question needs, in required order."""
    gold_components_load_bearing: bool | None = None
    """Every component is needed (V6 leave-one-out applies)."""
    gold_components_redundant: bool | None = None
    """Components restate each other (V6 skips the question)."""
    list_order: ListOrder | None = None
    """Episodic list-order: items and the sessions that mention them."""
    count_predicate: str | None = None
    """Arithmetic count: the predicate candidates are counted against."""
    candidates: list[Candidate] | None = None
    """Arithmetic count: every candidate with its match record."""
    stated_by: Literal["user", "assistant", "both"] | None = None
    """Episodic: who stated the fact (assistant-stated, participant-attribution)."""
    fact_family: str | None = None
    """WorkingMemory: the family the fact belongs to (one of twelve)."""
    events: list[Event] | None = None
    """Temporal, Bitemporal, Semantic, Procedural, Conjunction: structured events."""
    pivot: Pivot | None = None
    """Prospective: where the answer flips and where that instant was stated."""
    as_of_query: AsOfQuery | None = None
    """Bitemporal: the subject and the two instants the question asks about (V5 replays the
    `events` at them)."""
    answer_items: list[str] | None = None
    """Set answers (due-window): the items gold consists of."""
    twins: list[Twin] | None = None
    """Value-bearing twins of the asked pair, each with its session and value."""
    difficulty: int | None = Field(default=None, ge=1, le=5)
    """Difficulty band, 1 (easiest) to 5."""
    difficulty_dial: str | None = None
    """The memory dial that sets the band: dispersion, distance, interference, discrimination."""
    difficulty_validated: bool | None = None
    """Set by the checker's ladder test, never by hand."""
    seeded_from: str | None = None
    """Provenance of the question's plan (generator seed path)."""

    @model_validator(mode="after")
    def _known_vertical_and_shape(self) -> TypedMemEvalBlock:
        v = BY_KEY.get(self.vertical)
        if v is None:
            known = ", ".join(sorted(BY_KEY))
            raise ValueError(f"unknown vertical {self.vertical!r}; known: {known}")
        if v.shape(self.shape) is None:
            known = ", ".join(s.name for s in v.shapes)
            raise ValueError(f"unknown shape {self.shape!r} for {v.name}; known: {known}")
        missing = [f for f in v.required_for(self.shape) if getattr(self, f) is None]
        if missing:
            raise ValueError(
                f"{v.name} {self.shape} questions need {', '.join(missing)} in the typedmemeval block"
            )
        return self


class Question(Strict):
    """One question: the LongMemEval record shape plus the `typedmemeval` block."""

    question_id: str
    """`tme-<abbrev>-<YYMM>-NNN`, `_abs` suffix only for never-known abstention questions."""
    question_type: str
    """`<vertical>-<shape>`, e.g. `forgetting-invalidated`."""
    question: str
    """The question text asked of the system under test."""
    answer: str
    """The gold answer, as text."""
    question_date: str
    """When the question is asked: `YYYY/MM/DD (Ddd) HH:MM`."""
    haystack_session_ids: list[str]
    """One id per session: `<haystack-token>-sNNN`, the token opaque and drawn per haystack
    (never the question id, a pair id, `_abs`, a shape or an arm); the arms of a pair share
    their haystack's ids."""
    haystack_dates: list[str]
    """One timestamp per session, in the question-date format, non-decreasing."""
    haystack_sessions: list[list[Turn]]
    """The sessions in timestamp order; each a list of turns."""
    answer_session_ids: list[str]
    """The gold sessions: the ones whose evidence the question needs (empty for abstentions)."""
    typedmemeval: TypedMemEvalBlock
    """The family block (answer key)."""


class CorpusFile(RootModel[list[Question]]):
    """A TypedMemEval corpus file: a JSON array of questions."""
