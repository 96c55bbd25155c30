"""V5 for composed questions: the answer recomputed from its two halves (R-CHK-V5).

A composed question (`Vertical.compositions`) needs one memory type resolved and an operation
of another applied to what was resolved. Its `events` record both halves, and these rules read
them without any prose: they find the half that resolves, recompute the answer from the half the
operation applies to, and compare with the derivation, the count candidates, the gold sessions
and the answer text; they read every event back from its session; and they check that neither
half is enough on its own.

Events, per resolution (`Composition.resolve`):

- `value` events state that a subject (as the conversation designates them: `my sister`, or a
  name they go by) holds a value; `subject` and `value` are named in the event's session.
- `alias` events state that two designations are one person: `subject` and `value`.
- `order` events state that one member joined before another: relations `earlier` and `later`
  name the two members' `value` events.
- `invalidation` events end a value: relation `invalidates` names the `value` event, which
  precedes it.

Resolutions: `value` — the one subject of the value events the question names, and its value;
`alias` — the one alias event whose subject the question names, giving both designations;
`order` — the first or last member (the question's `arm`) of the one linear order the order
events define; `invalidation` — the value events of the subject the question names that no
invalidation ends. Operations (`Composition.apply`): `count` — the value events sharing the
resolved value (distinct subjects), or stated under either resolved designation (distinct
values); `value` — the resolved member's value; `sum` — the derivation's total, whose inputs
must sit exactly in the sessions of the value events left standing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Event, Question
from checker.registry import rule
from checker.rules.derivation import EPS, numbers_in, resolving_sessions, session_text
from checker.verticals import Composition

#: Number words an answer may open with, for counts.
NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
}
_NUMBER_WORD = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b", re.I)
_DIGITS = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w])")


def named_in(text: str, designation: str) -> bool:
    """Whether `designation` occurs in `text` as whole words, case-insensitively."""
    pattern = r"(?<![\w])" + re.escape(designation.strip()) + r"(?![\w])"
    return bool(designation.strip()) and re.search(pattern, text, re.I) is not None


def answer_number(answer: str) -> float | None:
    """The first number an answer commits to: digits, or a number word."""
    found: list[tuple[int, float]] = []
    digit = _DIGITS.search(answer)
    if digit is not None:
        found.append((digit.start(), numbers_in(digit.group(0))[0]))
    word = _NUMBER_WORD.search(answer)
    if word is not None:
        found.append((word.start(), float(NUMBER_WORDS[word.group(1).lower()])))
    return min(found)[1] if found else None


@dataclass
class Halves:
    """A composed question's two halves, as its events define them."""

    #: Events of the half that resolves.
    resolving: list[Event] = field(default_factory=list)
    #: Events the operation applies to.
    operands: list[Event] = field(default_factory=list)
    #: The recomputed count (count) or value (value); None for a sum (the derivation's).
    result: float | str | None = None
    #: Why the halves cannot be formed (the rest is then not checked).
    problems: list[str] = field(default_factory=list)
    #: Per other resolution the operand half alone leaves open: its result (count shapes).
    alternatives: list[float] = field(default_factory=list)
    #: Order chains: the members in order.
    chain: list[Event] = field(default_factory=list)

    def sessions(self, events: Sequence[Event]) -> set[int]:
        return {e.session_index for e in events}


def _composed(ctx: CorpusContext) -> Iterator[tuple[int, Question, Composition]]:
    for qi, q in enumerate(ctx.corpus.questions):
        block = q.typedmemeval
        profile = BY_KEY.get(block.vertical) if block is not None else None
        found = profile.composition(block.shape) if profile is not None else None
        if found is not None:
            yield qi, q, found


def _of(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def _named_subject(q: Question, events: Sequence[Event], what: str) -> tuple[str | None, str]:
    """The one subject of `events` the question names, or None and why not."""
    named = sorted({e.subject for e in events if named_in(q.question, e.subject)})
    if len(named) == 1:
        return named[0], ""
    if not named:
        return None, f"the question names no subject of its {what} events"
    return None, f"the question names {len(named)} subjects of its {what} events: {named}"


def _count_distinct(events: Sequence[Event], key: str) -> int:
    return len({(getattr(e, key) or "").lower() for e in events})


def _resolve_value(q: Question, events: Sequence[Event], halves: Halves) -> None:
    values = _of(events, "value")
    subject, why = _named_subject(q, values, "value")
    if subject is None:
        halves.problems.append(why)
        return
    anchors = [e for e in values if e.subject == subject]
    if len(anchors) != 1 or anchors[0].value is None:
        halves.problems.append(f"{subject!r} has {len(anchors)} value events; one is resolved")
        return
    anchor = anchors[0]
    key = anchor.value.lower() if anchor.value else ""
    halves.resolving = [anchor]
    halves.operands = [e for e in values if e is not anchor and (e.value or "").lower() == key]
    halves.result = float(_count_distinct(halves.operands, "subject"))
    # What the operand half alone leaves open: every other value's holders, less one (any of
    # them could be the one a question names).
    for other in sorted({(e.value or "").lower() for e in values} - {key}):
        holders = [e for e in values if (e.value or "").lower() == other]
        if len(holders) >= 2:
            halves.alternatives.append(float(_count_distinct(holders, "subject") - 1))


def _resolve_alias(q: Question, events: Sequence[Event], halves: Halves) -> None:
    aliases = _of(events, "alias")
    subject, why = _named_subject(q, aliases, "alias")
    if subject is None:
        halves.problems.append(why)
        return
    found = [e for e in aliases if e.subject == subject]
    if len(found) != 1 or not found[0].value:
        halves.problems.append(f"{subject!r} has {len(found)} alias events; one is resolved")
        return
    alias = found[0]
    halves.resolving = [alias]
    values = _of(events, "value")

    def stated_under(a: Event) -> list[Event]:
        names = {a.subject.lower(), (a.value or "").lower()}
        return [e for e in values if e.subject.lower() in names]

    halves.operands = stated_under(alias)
    halves.result = float(_count_distinct(halves.operands, "value"))
    for other in aliases:
        if other is not alias:
            halves.alternatives.append(float(_count_distinct(stated_under(other), "value")))


def _linear_order(members: Sequence[Event], edges: set[tuple[str, str]]) -> list[Event] | None:
    """The one order of `members` the edges (earlier, later) force, or None when they force
    none or several (Kahn's algorithm with exactly one source at every step)."""
    ids = {e.event_id for e in members}
    incoming = {i: {a for a, b in edges if b == i} for i in ids}
    order: list[Event] = []
    placed: set[str] = set()
    by_id = {e.event_id: e for e in members}
    while len(order) < len(members):
        sources = [i for i in sorted(ids - placed) if incoming[i] <= placed]
        if len(sources) != 1:
            return None
        placed.add(sources[0])
        order.append(by_id[sources[0]])
    return order


def _end_is_forced(
    members: Sequence[Event], edges: set[tuple[str, str]], end: str, arm: str
) -> bool:
    """Whether the edges place member `end` before (first) or after (last) every other member."""
    reach: dict[str, set[str]] = {e.event_id: set() for e in members}
    forward = arm == "first"
    for a, b in edges:
        if forward:
            reach[a].add(b)
        else:
            reach[b].add(a)
    seen, stack = {end}, [end]
    while stack:
        for nxt in reach.get(stack.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen == set(reach)


def _edge(order: Event) -> tuple[str, str]:
    """(earlier, later) value-event ids of an order event (checked by `_resolve_order`)."""
    earlier = next(r.other_event_id for r in order.relations if r.kind == "earlier")
    later = next(r.other_event_id for r in order.relations if r.kind == "later")
    return earlier, later


def _resolve_order(q: Question, events: Sequence[Event], halves: Halves) -> None:
    members, orders = _of(events, "value"), _of(events, "order")
    arm = q.typedmemeval.arm
    if arm not in ("first", "last"):
        halves.problems.append(f"an order question's arm is {arm!r}; it must be first or last")
        return
    ids = {e.event_id for e in members}
    edges: set[tuple[str, str]] = set()
    for o in orders:
        earlier = [r.other_event_id for r in o.relations if r.kind == "earlier"]
        later = [r.other_event_id for r in o.relations if r.kind == "later"]
        if len(earlier) != 1 or len(later) != 1 or not {earlier[0], later[0]} <= ids:
            halves.problems.append(
                f"order event {o.event_id} needs one earlier and one later relation to value events"
            )
            return
        edges.add((earlier[0], later[0]))
    chain = _linear_order(members, edges)
    if chain is None:
        halves.problems.append(
            f"the order events do not define exactly one order of the {len(members)} members"
        )
        return
    winner = chain[0] if arm == "first" else chain[-1]
    halves.chain = chain
    halves.resolving = list(orders)
    halves.operands = [winner]
    halves.result = winner.value


def _resolve_invalidation(q: Question, events: Sequence[Event], halves: Halves) -> None:
    values = _of(events, "value")
    subject, why = _named_subject(q, values, "value")
    if subject is None:
        halves.problems.append(why)
        return
    own = [e for e in values if e.subject == subject]
    by_id = {e.event_id: e for e in values}
    ended: list[Event] = []
    enders: list[Event] = []
    for inv in _of(events, "invalidation"):
        targets = [r.other_event_id for r in inv.relations if r.kind == "invalidates"]
        if len(targets) != 1 or targets[0] not in by_id:
            halves.problems.append(
                f"invalidation event {inv.event_id} needs one invalidates relation to a value event"
            )
            return
        target = by_id[targets[0]]
        if target.subject != subject:
            continue
        if inv.session_index <= target.session_index:
            halves.problems.append(
                f"invalidation {inv.event_id} (session {inv.session_index}) does not come after "
                f"the value it ends (session {target.session_index})"
            )
            return
        ended.append(target)
        enders.append(inv)
    halves.resolving = ended + enders
    halves.operands = [e for e in own if e not in ended]


RESOLVERS = {
    "value": _resolve_value,
    "alias": _resolve_alias,
    "order": _resolve_order,
    "invalidation": _resolve_invalidation,
}


def halves_of(q: Question, composition: Composition) -> Halves:
    """The question's two halves, as its events define them."""
    halves = Halves()
    events = q.typedmemeval.events or []
    if len({e.event_id for e in events}) != len(events):
        halves.problems.append("event ids are not unique")
        return halves
    RESOLVERS[composition.resolve](q, events, halves)
    return halves


def _apply_findings(q: Question, composition: Composition, halves: Halves) -> Iterator[str]:
    """Where the recorded answer disagrees with the operation applied to the halves."""
    block = q.typedmemeval
    d = block.derivation
    said = answer_number(q.answer)
    if composition.apply == "count":
        count = halves.result
        assert isinstance(count, float)
        if d is None or d.operation != "count":
            yield "a composed count records no count derivation"
        elif abs(d.value - count) > max(d.tolerance, EPS):
            yield f"the halves count {count:g}, but the derivation records {d.value:g}"
        if said is None or abs(said - count) > EPS:
            yield f"the halves count {count:g}, but the answer says {said}"
        matching = {c.session_index for c in block.candidates or () if c.matches}
        counted = halves.sessions(halves.operands)
        if matching != counted:
            yield (
                f"the counted events sit in sessions {sorted(counted)}, the matching candidates "
                f"in {sorted(matching)}"
            )
    elif composition.apply == "value":
        value = halves.result
        assert isinstance(value, str)
        if not named_in(q.answer, value):
            yield f"the halves resolve to {value!r}, which the answer does not name"
        others = [
            e.value
            for e in _of(block.events or [], "value")
            if e.value and e.value.lower() != value.lower() and named_in(q.answer, e.value)
        ]
        if others:
            yield f"the answer also names other members' values {sorted(set(others))}"
    else:
        if d is None or d.operation != "sum":
            yield "a composed sum records no sum derivation"
            return
        inputs = {i.session_index for i in d.inputs}
        standing = halves.sessions(halves.operands)
        if inputs != standing:
            yield (
                f"the sum's inputs sit in sessions {sorted(inputs)}, the values left standing "
                f"in {sorted(standing)}"
            )
        if said is None or abs(said - d.value) > max(d.tolerance, EPS):
            yield f"the derivation totals {d.value:g}, but the answer says {said}"


@rule(
    "CNJ001",
    "composition-recompute",
    example="the halves count 3, but the answer says 2.0",
)
def composition_recompute(ctx: CorpusContext) -> Iterator[Violation]:
    """A composed question's answer recomputes from its two halves: the half that resolves (a
    value, an alias, an order, the invalidations) and the operation applied to what it resolved
    (a count, a value, a sum); gold is exactly the two halves' sessions.

    The answer of a two-hop question is only as good as both hops: recomputing it from the
    recorded halves, and holding the derivation, the count candidates, the gold sessions and
    the answer text to that result, catches a generator that typed a count, counted the wrong
    group or summed a cancelled fee."""
    for qi, q, composition in _composed(ctx):
        halves = halves_of(q, composition)
        if halves.problems:
            for problem in halves.problems:
                yield Violation(q.question_id, problem)
            continue
        for message in _apply_findings(q, composition, halves):
            yield Violation(q.question_id, message)
        gold = set(ctx.corpus.gold_indices(qi))
        resolving = halves.sessions(halves.resolving)
        union = resolving | halves.sessions(halves.operands)
        if union != gold:
            yield Violation(
                q.question_id,
                f"the two halves sit in sessions {sorted(union)}, gold is {sorted(gold)}",
            )
        declared = resolving_sessions(q)
        if declared != resolving:
            yield Violation(
                q.question_id,
                f"the resolving half sits in sessions {sorted(resolving)}, the resolving gold "
                f"components in {sorted(declared)}",
            )


@rule(
    "CNJ002",
    "composition-read-back",
    example="value event e4's value 'Korvane' is not named in session 7",
)
def composition_read_back(ctx: CorpusContext) -> Iterator[Violation]:
    """Every event of a composed question is named in its own session: its subject and value
    (an alias: both designations; an order: both members' subjects).

    Events are the answer key the recomputation trusts; an event whose words are not in its
    session describes a conversation that never happened."""
    for _, q, _ in _composed(ctx):
        events = q.typedmemeval.events or []
        by_id = {e.event_id: e for e in events}
        n = len(q.haystack_sessions)
        for e in events:
            if e.session_index >= n:
                yield Violation(
                    q.question_id,
                    f"{e.kind} event {e.event_id} names session {e.session_index}, outside the "
                    "haystack",
                )
                continue
            text = session_text(q, e.session_index)
            words = [("subject", e.subject)]
            if e.value is not None:
                words.append(("value", e.value))
            if e.kind == "order":
                for r in e.relations:
                    other = by_id.get(r.other_event_id)
                    if other is not None:
                        words.append((f"{r.kind} member", other.subject))
            for role, word in words:
                if not named_in(text, word):
                    yield Violation(
                        q.question_id,
                        f"{e.kind} event {e.event_id}'s {role} {word!r} is not named in "
                        f"session {e.session_index}",
                    )


@rule(
    "CNJ003",
    "neither-half-sufficient",
    example="order event e7 is not needed: the last member is forced without it",
)
def neither_half_sufficient(ctx: CorpusContext) -> Iterator[Violation]:
    """Neither half of a composed question answers it alone: a count's operand half leaves
    another resolution open that counts differently; an order chain has at least three members
    and needs every order event; a sum has a value an invalidation removes and one left to add.

    A composition whose second half fixes the answer without the first measures one memory
    type, not two (the documents' order-then-value shape was answered by a lexical retriever's
    top five in every question)."""
    for _, q, composition in _composed(ctx):
        halves = halves_of(q, composition)
        if halves.problems:
            continue
        if composition.apply == "count":
            if not halves.operands:
                yield Violation(q.question_id, "the count applies to nothing: no operand events")
            elif not any(a != halves.result for a in halves.alternatives):
                yield Violation(
                    q.question_id,
                    f"no other resolution counts differently from {halves.result:g}: the "
                    "operand half alone fixes the count",
                )
        elif composition.resolve == "order":
            if len(halves.chain) < 3:
                yield Violation(
                    q.question_id,
                    f"an order chain of {len(halves.chain)} members: at least three are needed",
                )
                continue
            pairs = [_edge(o) for o in halves.resolving]
            end = halves.operands[0].event_id
            arm = q.typedmemeval.arm or ""
            for i, o in enumerate(halves.resolving):
                rest = set(pairs[:i] + pairs[i + 1 :])
                if _end_is_forced(halves.chain, rest, end, arm):
                    yield Violation(
                        q.question_id,
                        f"order event {o.event_id} is not needed: the {arm} member is forced "
                        "without it",
                    )
        elif composition.resolve == "invalidation":
            ended = [e for e in halves.resolving if e.kind == "value"]
            if not ended:
                yield Violation(q.question_id, "no value of the sum is invalidated")
            if not halves.operands:
                yield Violation(q.question_id, "every value of the sum is invalidated")
