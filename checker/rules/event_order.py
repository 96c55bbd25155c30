"""V5 for orders of undated events (R-CHK-V5, R-FMT-2b): gold recomputed from the recorded
relations alone, relations stated in the sessions that carry them, and session order that does
not encode event order.

A vertical opts in through its profile's `event_order` (`checker.verticals.profile.EventOrder`).
The order is derived from the `events` block's relations only — never from session indices,
event ids or the order events are listed in — and must be the only order the relations allow:
an answer that one reading of the relations supports and another does not is not gold. Session
order is then measured against that order over the whole corpus, because a corpus whose
sessions mostly state events in the order they happened can be answered by reading
timestamps, which is the one thing this kind of question exists to take away.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from scipy.stats import norm

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Event, Question, Turn
from checker.formats.sidecar import SessionOrderRecord
from checker.load import LoadedCorpus
from checker.registry import rule
from checker.verticals.profile import BETWEEN_NAMED, EARLIER_OF_NAMED, LAST, EventOrder

#: Fewest measured questions for the corpus-level session-order test to say anything.
MIN_QUESTIONS = 2


def spec_of(q: Question) -> EventOrder | None:
    """The event-order declaration of the question's vertical, or None."""
    block = q.typedmemeval
    profile = BY_KEY.get(block.vertical) if block is not None else None
    return profile.event_order if profile is not None else None


def names(text: str, value: str) -> bool:
    """Whether `text` names `value` as a whole phrase (case-insensitive)."""
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.I) is not None


# --- the order the relations determine ------------------------------------------------------


@dataclass(frozen=True)
class Derived:
    """The order of a question's events, or why there is not exactly one."""

    order: list[str] | None
    problem: str | None = None


def _edges(events: Sequence[Event], spec: EventOrder) -> tuple[list[tuple[str, str]], list[str]]:
    """(earlier, later) event-id pairs the relations state, and what is malformed."""
    ids = {e.event_id for e in events}
    edges: list[tuple[str, str]] = []
    problems: list[str] = []
    for e in events:
        for r in e.relations:
            if r.other_event_id not in ids:
                problems.append(f"event {e.event_id} relates to unknown event {r.other_event_id}")
            elif r.other_event_id == e.event_id:
                problems.append(f"event {e.event_id} relates to itself")
            elif r.kind in spec.after:
                edges.append((r.other_event_id, e.event_id))
            elif r.kind in spec.before:
                edges.append((e.event_id, r.other_event_id))
            else:
                known = ", ".join((*spec.after, *spec.before))
                problems.append(
                    f"event {e.event_id} has relation kind {r.kind!r}; known kinds: {known}"
                )
    return edges, problems


def derive_order(events: Sequence[Event], spec: EventOrder) -> Derived:
    """The one total order the relations allow (Kahn's algorithm: exactly one event may have no
    unplaced predecessor at every step), or the reason there is none or more than one."""
    ids = [e.event_id for e in events]
    if len(set(ids)) != len(ids):
        return Derived(None, "event ids are not unique")
    edges, problems = _edges(events, spec)
    if problems:
        return Derived(None, problems[0])
    before: dict[str, set[str]] = {i: set() for i in ids}
    after: dict[str, set[str]] = {i: set() for i in ids}
    for a, b in edges:
        before[b].add(a)
        after[a].add(b)
    placed: list[str] = []
    waiting = {i: len(before[i]) for i in ids}
    ready = sorted(i for i in ids if waiting[i] == 0)
    while ready:
        if len(ready) > 1:
            return Derived(
                None,
                f"the relations leave events {ready[0]} and {ready[1]} unordered "
                "(more than one order satisfies them)",
            )
        current = ready.pop()
        placed.append(current)
        for nxt in sorted(after[current]):
            waiting[nxt] -= 1
            if waiting[nxt] == 0:
                ready.append(nxt)
    if len(placed) != len(ids):
        stuck = sorted(i for i in ids if i not in placed)
        return Derived(None, f"the relations form a cycle through events {', '.join(stuck[:3])}")
    return Derived(placed)


# --- what the answer must name --------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """The answer's events as the order determines them, and the range of the order the
    question needs (positions `low`..`high`)."""

    answer: list[str]
    low: int
    high: int
    named: list[str]


def expected_answer(
    q: Question, events: Sequence[Event], order: list[str], query: str
) -> Expected | str:
    """What the answer names, recomputed from the order and the question text; or why the
    question cannot be answered from it."""
    value = {e.event_id: e.value or "" for e in events}
    named = [i for i in order if value[i] and names(q.question, value[i])]
    if query == LAST:
        return Expected([order[-1]], 0, len(order) - 1, named)
    if len(named) != 2:
        return f"the question names {len(named)} of its events; a {query} question names two"
    low, high = order.index(named[0]), order.index(named[1])
    if query == EARLIER_OF_NAMED:
        return Expected([order[low]], low, high, named)
    if query == BETWEEN_NAMED:
        inside = order[low + 1 : high]
        if not inside:
            return "no event lies between the two events the question names"
        return Expected(inside, low, high, named)
    return f"unknown order query {query!r}"


def answer_events(q: Question, events: Sequence[Event], exclude: Sequence[str]) -> set[str]:
    return {
        e.event_id
        for e in events
        if e.value and e.event_id not in exclude and names(q.answer, e.value)
    }


def _values(events: Sequence[Event], ids: Sequence[str]) -> str:
    by_id = {e.event_id: e.value or e.event_id for e in events}
    return ", ".join(repr(by_id[i]) for i in ids)


def _questions(ctx: CorpusContext) -> Iterator[tuple[int, Question, EventOrder, list[Event]]]:
    for qi, q in enumerate(ctx.corpus.questions):
        spec = spec_of(q)
        if spec is None or q.typedmemeval.shape not in spec.queries:
            continue
        yield qi, q, spec, list(q.typedmemeval.events or [])


@rule(
    "ORD001",
    "event-order",
    example="the relations put 'Grelvan review' before 'Tossick visit', so the answer should "
    "name 'Grelvan review'; it names 'Tossick visit'",
)
def event_order(ctx: CorpusContext) -> Iterator[Violation]:
    """The answer is what the events' relations determine, and exactly one order satisfies
    them; the gold sessions are the sessions stating the relations the answer needs.

    The order is derived from the relations alone (never from session order, event ids or the
    listing order), so an answer written from where sessions happen to sit, or relations that
    allow two readings, are caught here. Which events the answer names follows from the
    profile's query for the shape: the earlier of the two events the question names, the
    events between them, or the last event of the order."""
    for qi, q, spec, events in _questions(ctx):
        if len(events) < 2:
            yield Violation(q.question_id, "an event-order question needs at least two events")
            continue
        derived = derive_order(events, spec)
        if derived.order is None:
            yield Violation(q.question_id, f"{derived.problem}; state one link per adjacent pair")
            continue
        found = expected_answer(q, events, derived.order, spec.queries[q.typedmemeval.shape])
        if isinstance(found, str):
            yield Violation(q.question_id, found)
            continue
        exclude = found.named if spec.queries[q.typedmemeval.shape] == BETWEEN_NAMED else []
        given = answer_events(q, events, exclude)
        if given != set(found.answer):
            said = _values(events, sorted(given)) or "none of its events"
            yield Violation(
                q.question_id,
                f"the relations determine {_values(events, found.answer)} as the answer; "
                f"the answer names {said}",
            )
        if spec.gold_is_relations:
            needed = set(derived.order[found.low : found.high + 1])
            carrying = {
                e.session_index
                for e in events
                if e.event_id in needed and any(r.other_event_id in needed for r in e.relations)
            }
            gold = set(ctx.corpus.gold_indices(qi))
            if carrying != gold:
                yield Violation(
                    q.question_id,
                    f"the relations the answer needs are stated in sessions {sorted(carrying)}, "
                    f"gold is {sorted(gold)}",
                )


# --- the relations in the text --------------------------------------------------------------


def _reading(turn: Turn, first: str, second: str, spec: EventOrder) -> str | None:
    """The relation kind the turn states of `first` to `second` (`after` or `before` as the
    profile names them), read from the cue words between the two values; None when the turn
    states none or both."""
    text = turn.content
    a = re.search(rf"(?<!\w){re.escape(first)}(?!\w)", text, re.I)
    b = re.search(rf"(?<!\w){re.escape(second)}(?!\w)", text, re.I)
    if a is None or b is None:
        return None
    lo, hi = (a, b) if a.start() < b.start() else (b, a)
    between = text[lo.end() : hi.start()]
    kinds = {
        kind
        for kind, words in spec.cue_words.items()
        if any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", between, re.I) for w in words)
    }
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    if a.start() < b.start():
        return kind
    return _inverse(kind, spec)


def _inverse(kind: str, spec: EventOrder) -> str:
    """The kind that says the same relation the other way round."""
    if kind in spec.after:
        return spec.before[0]
    return spec.after[0]


def _direction(kind: str, spec: EventOrder) -> str:
    return "after" if kind in spec.after else "before"


@rule(
    "ORD002",
    "relation-in-text",
    example="session 7 turn 0 says 'Tossick visit' came before 'Grelvan review'; the relation "
    "records after",
)
def relation_in_text(ctx: CorpusContext) -> Iterator[Violation]:
    """Every event's value is named in its own session, and every relation is stated in that
    session: one turn names both events with a cue word of the relation between them, and no
    turn of the session reads the other way.

    A relation only the answer key knows cannot be recovered from the conversation, and one the
    text states backwards makes the recorded gold wrong for every reader."""
    for _, q, spec, events in _questions(ctx):
        by_id = {e.event_id: e for e in events}
        n = len(q.haystack_sessions)
        for e in events:
            if e.session_index >= n:
                yield Violation(
                    q.question_id,
                    f"event {e.event_id} names session {e.session_index}, outside the haystack",
                )
                continue
            session = q.haystack_sessions[e.session_index]
            if not e.value or not any(names(t.content, e.value) for t in session):
                yield Violation(
                    q.question_id,
                    f"event {e.event_id} ({e.value!r}) is not named in its session "
                    f"{e.session_index}",
                )
                continue
            for r in e.relations:
                other = by_id.get(r.other_event_id)
                if other is None or not other.value or r.kind not in spec.cue_words:
                    continue  # ORD001 names malformed relations
                want = _direction(r.kind, spec)
                readings = [
                    (ti, _reading(t, e.value, other.value, spec)) for ti, t in enumerate(session)
                ]
                stated = [ti for ti, k in readings if k is not None and _direction(k, spec) == want]
                against = [
                    ti for ti, k in readings if k is not None and _direction(k, spec) != want
                ]
                if against:
                    yield Violation(
                        q.question_id,
                        f"session {e.session_index} turn {against[0]} says {e.value!r} came "
                        f"{'before' if want == 'after' else 'after'} {other.value!r}; the "
                        f"relation records {r.kind}",
                    )
                elif not stated:
                    yield Violation(
                        q.question_id,
                        f"no turn of session {e.session_index} states that {e.value!r} came "
                        f"{want} {other.value!r} (both named, one cue word of "
                        f"{r.kind!r} between them)",
                    )


# --- session order against event order ------------------------------------------------------


def _tie_sums(values: Sequence[int]) -> tuple[int, int, int]:
    """Σt(t−1), Σt(t−1)(t−2) and Σt(t−1)(2t+5) over the sizes t of the groups of tied values."""
    sizes: dict[int, int] = {}
    for v in values:
        sizes[v] = sizes.get(v, 0) + 1
    t = list(sizes.values())
    return (
        sum(x * (x - 1) for x in t),
        sum(x * (x - 1) * (x - 2) for x in t),
        sum(x * (x - 1) * (2 * x + 5) for x in t),
    )


@dataclass(frozen=True)
class KendallS:
    """One question's Kendall S, its null variance and its tau-b denominator."""

    s: int
    variance: float
    denominator: float
    n: int


def _sign(d: int) -> int:
    return (d > 0) - (d < 0)


def kendall_s(x: Sequence[int], y: Sequence[int]) -> KendallS:
    """Kendall's S between `x` and `y`, with the exact variance of S when every permutation of
    `y` against `x` is equally likely (Kendall's formula with ties in both), and the tau-b
    denominator sqrt((n0 − n1)(n0 − n2))."""
    n = len(x)
    s = sum(_sign(x[i] - x[j]) * _sign(y[i] - y[j]) for i in range(n) for j in range(i + 1, n))
    if n < 2:
        return KendallS(s, 0.0, 0.0, n)
    tx1, tx2, tx5 = _tie_sums(x)
    ty1, ty2, ty5 = _tie_sums(y)
    variance = (n * (n - 1) * (2 * n + 5) - tx5 - ty5) / 18
    if n > 2:
        variance += tx2 * ty2 / (9 * n * (n - 1) * (n - 2))
    variance += tx1 * ty1 / (2 * n * (n - 1))
    n0 = n * (n - 1) / 2
    denominator = math.sqrt(max(n0 - tx1 / 2, 0) * max(n0 - ty1 / 2, 0))
    return KendallS(s, variance, denominator, n)


def measure_session_order(corpus: LoadedCorpus) -> SessionOrderRecord | None:
    """The pooled rank correlation of event order with session order, over every question of
    an event-order vertical whose relations determine one order; None when the corpus has no
    such vertical or too few such questions."""
    key = "event_order.session_order"
    if key in corpus.cache:
        cached: SessionOrderRecord | None = corpus.cache[key]
        return cached
    parts: list[KendallS] = []
    spec: EventOrder | None = None
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for q in corpus.questions:
        spec_q = spec_of(q)
        events = list(q.typedmemeval.events or []) if q.typedmemeval is not None else []
        if spec_q is None or q.typedmemeval.shape not in spec_q.queries or len(events) < 2:
            continue
        spec = spec_q
        # A haystack that several questions ask about the same events of is counted once.
        identity = (tuple(q.haystack_session_ids), tuple(sorted(e.event_id for e in events)))
        if identity in seen:
            continue
        seen.add(identity)
        derived = derive_order(events, spec_q)
        if derived.order is None:
            continue
        place = {event_id: k for k, event_id in enumerate(derived.order)}
        parts.append(
            kendall_s([place[e.event_id] for e in events], [e.session_index for e in events])
        )
    record = None
    if spec is not None and len(parts) >= MIN_QUESTIONS:
        s = sum(p.s for p in parts)
        variance = sum(p.variance for p in parts)
        denominator = sum(p.denominator for p in parts)
        tau = s / denominator if denominator else 0.0
        z = s / math.sqrt(variance) if variance > 0 else 0.0
        p_value = float(2 * norm.sf(abs(z)))
        refused = abs(tau) >= spec.max_tau or p_value < spec.alpha
        record = SessionOrderRecord(
            questions=len(parts),
            events=sum(p.n for p in parts),
            tau=round(tau, 4),
            z=round(z, 4),
            p_value=round(p_value, 4),
            max_tau=spec.max_tau,
            alpha=spec.alpha,
            verdict="refused" if refused else "pass",
        )
    corpus.cache[key] = record
    return record


@rule(
    "ORD003",
    "session-order-independence",
    example="session order encodes event order: pooled Kendall tau 0.41 over 50 questions "
    "(z 6.12, p 0.0000)",
)
def session_order_independence(ctx: CorpusContext) -> Iterator[Violation]:
    """Over the corpus, session order does not encode event order: the pooled Kendall tau
    between each question's event order (from its relations) and the indices of the sessions
    stating its events is below the profile's bound, and indistinguishable from zero.

    Events are never dated so that ordering them means following their relations; if the
    sessions mostly state events in the order they happened, the timestamps answer instead.
    Per question, Kendall's S and its exact null variance under permutation (ties counted) are
    summed, so every question weighs by its number of event pairs; refused at |tau| at or above
    the bound or a two-sided p below alpha."""
    record = measure_session_order(ctx.corpus)
    if record is None or record.verdict == "pass":
        return
    yield Violation(
        None,
        f"session order encodes event order: pooled Kendall tau {record.tau:.4f} over "
        f"{record.questions} questions (z {record.z:.2f}, p {record.p_value:.4f}; refused at "
        f"|tau| >= {record.max_tau} or p < {record.alpha}); place each link in a session drawn "
        "independently of its place in the chain",
    )
