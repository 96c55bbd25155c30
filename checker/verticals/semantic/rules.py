"""V5 for answers that are resolved rather than recalled (R-CHK-V5, R-FMT-2b): the value a chain
of replacements ends in, a value stated under another designation of its holder than the
question uses, and the conversation a stated value came from.

A vertical opts in through its profile's `resolution` (`checker.verticals.profile.Resolution`),
which says per shape what is asked. Gold is recomputed from the `events` block alone:

- value events name a holder by the designation the conversation used (`subject`) and may
  replace an earlier value event; alias events join two designations of one holder; discussed
  events record what else the source session said, by a value only that session names;
- the designation a question asks about is the one designation of the block its text names;
  its class is everything the alias events join to it;
- the class's value events must form exactly one chain (one first value, each value replaced
  at most once): two first values, or a value replaced twice, are two readings of one
  question, and a question with two readings has no gold.

Every event is also held to the text (`events-in-text`): a value is named in the session that
records it, a replacement's session names the value it replaces, an alias's session names both
designations, and no session names a recorded value without recording an event or a twin for
it — which is what makes "the block holds every value of the asked kind" a checked statement
rather than a promise.
"""

from __future__ import annotations

import re
from collections import defaultdict, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Event, Question
from checker.registry import rule
from checker.verticals.profile import (
    CURRENT_VALUE,
    SOURCE_SESSION,
    THROUGH_ALIAS,
    Resolution,
)


def spec_of(q: Question) -> Resolution | None:
    """The resolution declaration of the question's vertical, or None."""
    block = q.typedmemeval
    profile = BY_KEY.get(block.vertical) if block is not None else None
    return profile.resolution if profile is not None else None


def names(text: str, phrase: str) -> bool:
    """Whether `text` names `phrase` as a whole phrase (case-insensitive)."""
    return bool(phrase) and re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text, re.I) is not None


def session_text(q: Question, si: int) -> str:
    return "\n".join(t.content for t in q.haystack_sessions[si])


def sessions_naming(q: Question, phrase: str) -> list[int]:
    return [si for si in range(len(q.haystack_sessions)) if names(session_text(q, si), phrase)]


def _questions(ctx: CorpusContext, *queries: str) -> Iterator[tuple[int, Question, Resolution]]:
    for qi, q in enumerate(ctx.corpus.questions):
        spec = spec_of(q)
        if spec is not None and spec.query(q.typedmemeval.shape) in queries:
            yield qi, q, spec


def _events(q: Question) -> list[Event]:
    return list(q.typedmemeval.events or [])


# --- designations and their classes ---------------------------------------------------------


def designations(events: Sequence[Event], spec: Resolution) -> set[str]:
    """Every designation the block knows: value events' subjects and both sides of aliases."""
    found = {e.subject for e in events if e.kind == spec.value_kind}
    for e in events:
        if e.kind == spec.alias_kind:
            found.add(e.subject)
            if e.value:
                found.add(e.value)
    return found


def named_designation(text: str, known: set[str]) -> str | list[str]:
    """The one designation `text` names (a designation inside a longer named one does not
    count), or every one it names when that is not exactly one."""
    hits = [d for d in known if names(text, d)]
    hits = [d for d in hits if not any(d != o and names(o, d) for o in hits)]
    return hits[0] if len(hits) == 1 else sorted(hits)


def alias_graph(events: Sequence[Event], spec: Resolution) -> dict[str, list[tuple[str, Event]]]:
    """Designation → (joined designation, alias event) for every alias event."""
    graph: dict[str, list[tuple[str, Event]]] = defaultdict(list)
    for e in events:
        if e.kind == spec.alias_kind and e.value:
            graph[e.subject].append((e.value, e))
            graph[e.value].append((e.subject, e))
    return graph


def alias_paths(
    graph: dict[str, list[tuple[str, Event]]], start: str
) -> dict[str, list[list[Event]]]:
    """Every shortest alias path from `start` to each designation of its class (breadth first,
    all shortest paths kept, so a designation reached two ways is seen to be)."""
    paths: dict[str, list[list[Event]]] = {start: [[]]}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there, event in sorted(graph.get(here, []), key=lambda x: (x[0], x[1].event_id)):
            if there not in depth:
                depth[there] = depth[here] + 1
                paths[there] = []
                queue.append(there)
            if depth[there] == depth[here] + 1:
                paths[there] += [[*p, event] for p in paths[here]]
    return paths


# --- the chain a class's values form --------------------------------------------------------


@dataclass(frozen=True)
class Resolved:
    """What a question's events determine for the designation it names."""

    designation: str
    #: Designations of its class, each with the shortest alias paths that reach it.
    paths: dict[str, list[list[Event]]]
    #: The class's value events, first value first, the current value last.
    chain: list[Event] = field(default_factory=list)

    def alias_events(self) -> list[Event]:
        """The alias events a reader must follow from the question's designation to every
        designation the chain's values were stated under."""
        used: dict[str, Event] = {}
        for subject in {e.subject for e in self.chain}:
            for e in self.paths[subject][0]:
                used[e.event_id] = e
        return sorted(used.values(), key=lambda e: e.event_id)


def chain_of(values: Sequence[Event], spec: Resolution) -> list[Event] | str:
    """The one chain the value events form, first value first; or why there is none or more
    than one (each is a second reading of the question)."""
    by_id = {e.event_id: e for e in values}
    replaced: dict[str, str] = {}
    for e in values:
        targets = [r.other_event_id for r in e.relations if r.kind == spec.replaces]
        if len(targets) > 1:
            return f"value event {e.event_id} replaces {len(targets)} values at once"
        if targets:
            if targets[0] not in by_id:
                return (
                    f"value event {e.event_id} replaces {targets[0]}, which is not a value of "
                    "the same holder"
                )
            replaced[e.event_id] = targets[0]
    firsts = [e for e in values if e.event_id not in replaced]
    if len(firsts) != 1:
        said = ", ".join(repr(e.value) for e in firsts) or "none"
        return (
            f"the holder has {len(firsts)} values that replace nothing ({said}): exactly one "
            "chain must hold, or the question has more than one reading"
        )
    successors: dict[str, list[str]] = defaultdict(list)
    for later, earlier in replaced.items():
        successors[earlier].append(later)
    order = [firsts[0]]
    while successors.get(order[-1].event_id):
        nxt = successors[order[-1].event_id]
        if len(nxt) > 1:
            return (
                f"value {order[-1].value!r} is replaced twice ({', '.join(sorted(nxt))}): two "
                "readings of the current value"
            )
        order.append(by_id[nxt[0]])
        if len(order) > len(values):
            return "the replacements form a cycle"
    if len(order) != len(values):
        return "the replacements form a cycle beside the chain"
    return order


def resolve(q: Question, spec: Resolution) -> Resolved | str:
    """The designation the question names, its class and the chain of its values; or why the
    events determine none (each reason names the second reading)."""
    events = _events(q)
    ids = [e.event_id for e in events]
    if len(set(ids)) != len(ids):
        return "event ids are not unique"
    named = named_designation(q.question, designations(events, spec))
    if isinstance(named, list):
        listed = ", ".join(map(repr, named)) or "none"
        return (
            f"the question names {len(named)} designations of the block ({listed}); it must "
            "name exactly one holder"
        )
    paths = alias_paths(alias_graph(events, spec), named)
    ambiguous = sorted(d for d, p in paths.items() if len(p) > 1)
    if ambiguous:
        return f"designation {ambiguous[0]!r} joins {named!r} by more than one alias path"
    values = [e for e in events if e.kind == spec.value_kind and e.subject in paths]
    if not values:
        return f"no value event is stated for {named!r} or any designation joined to it"
    chain = chain_of(values, spec)
    if isinstance(chain, str):
        return chain
    return Resolved(named, paths, chain)


def _answer_values(q: Question, events: Sequence[Event], spec: Resolution) -> set[str]:
    return {
        e.value
        for e in events
        if e.kind == spec.value_kind and e.value and names(q.answer, e.value)
    }


def _gold(ctx: CorpusContext, qi: int) -> set[int]:
    return set(ctx.corpus.gold_indices(qi))


def _check_current(
    ctx: CorpusContext, qi: int, q: Question, spec: Resolution, resolved: Resolved
) -> Iterator[str]:
    """What a current value must satisfy, whichever way its holder was named."""
    head = resolved.chain[-1]
    given = _answer_values(q, _events(q), spec)
    if given != {head.value}:
        said = ", ".join(sorted(map(repr, given))) or "none of the block's values"
        yield f"the replacement chain ends in {head.value!r}; the answer names {said}"
    expected = {e.session_index for e in resolved.chain}
    expected |= {e.session_index for e in resolved.alias_events()}
    gold = _gold(ctx, qi)
    if expected != gold:
        yield (
            f"the chain and the aliases it needs are stated in sessions {sorted(expected)}, "
            f"gold is {sorted(gold)}"
        )


@rule(
    "RSV001",
    "replacement-chain",
    example="the replacement chain ends in 'Quellow'; the answer names 'Dremlin'",
)
def replacement_chain(ctx: CorpusContext) -> Iterator[Violation]:
    """A current-value answer is the value the holder's chain of replacements ends in, and the
    gold sessions are exactly the sessions of that chain.

    The chain is followed through the `replaces` relations alone, never by session order; it
    must be the only chain the holder's values form (a second first value, or a value replaced
    twice, is a second reading), it must contain at least one replacement (otherwise nothing is
    resolved), and every value of it must be stated under the designation the question uses
    (a value stated under another name is a co-reference question)."""
    for qi, q, spec in _questions(ctx, CURRENT_VALUE):
        resolved = resolve(q, spec)
        if isinstance(resolved, str):
            yield Violation(q.question_id, resolved)
            continue
        if len(resolved.chain) < 2:
            yield Violation(
                q.question_id,
                f"the value {resolved.chain[0].value!r} was never replaced: a current-value "
                "question needs a chain of replacements",
            )
        elsewhere = sorted({e.subject for e in resolved.chain} - {resolved.designation})
        if elsewhere:
            yield Violation(
                q.question_id,
                f"part of the chain is stated under {elsewhere[0]!r}, not the question's "
                f"{resolved.designation!r}",
            )
        for message in _check_current(ctx, qi, q, spec, resolved):
            yield Violation(q.question_id, message)


@rule(
    "RSV002",
    "alias-resolution",
    example="the question's designation 'Tarvish' itself holds a value ('Korvane'): no alias "
    "is needed",
)
def alias_resolution(ctx: CorpusContext) -> Iterator[Violation]:
    """A co-reference answer is the value stated under another designation of the holder the
    question names, reached through alias events stated in other sessions; gold is the fact's
    session and the aliases' sessions.

    Two hops are easy to get subtly wrong, so every reading is checked: the question names one
    designation, the alias events join it to the fact's designation by one shortest path, the
    class holds one chain of values, none of those values is stated under the question's own
    designation (that would answer in one hop), and no alias the answer needs shares a session
    with the fact it leads to."""
    for qi, q, spec in _questions(ctx, THROUGH_ALIAS):
        resolved = resolve(q, spec)
        if isinstance(resolved, str):
            yield Violation(q.question_id, resolved)
            continue
        direct = [e for e in resolved.chain if e.subject == resolved.designation]
        if direct:
            yield Violation(
                q.question_id,
                f"the question's designation {resolved.designation!r} itself holds a value "
                f"({direct[0].value!r}): no alias is needed",
            )
        aliases = resolved.alias_events()
        facts = {e.session_index for e in resolved.chain}
        shared = sorted({a.session_index for a in aliases} & facts)
        if not direct and not aliases:
            yield Violation(q.question_id, "no alias event joins the question to the fact")
        if shared:
            yield Violation(
                q.question_id,
                f"the alias and the fact it leads to share session {shared[0]}; the alias must "
                "be established in another session",
            )
        for message in _check_current(ctx, qi, q, spec, resolved):
            yield Violation(q.question_id, message)


@rule(
    "RSV003",
    "source-session",
    example="the value 'Korvane' is also named in session 9, which records no twin for it: a "
    "second possible source",
)
def source_session(ctx: CorpusContext) -> Iterator[Violation]:
    """A source-attribution answer identifies the one session that stated the value the
    question names, by what else was discussed there: gold is that session, every discussed
    event sits in it and names a value no other session names, and the answer names them all.

    The answer is a property of provenance, not a stored value, so the checker re-derives it
    from the stating event: exactly one value event of the holder states the value the question
    names, every other session naming that value is a recorded twin (a frame that does not
    state it), and the details the answer gives could only have come from that session."""
    for qi, q, spec in _questions(ctx, SOURCE_SESSION):
        events = _events(q)
        known = designations(events, spec)
        named = named_designation(q.question, known)
        if isinstance(named, list):
            yield Violation(
                q.question_id,
                f"the question names {len(named)} designations of the block; it must name "
                "exactly one holder",
            )
            continue
        paths = alias_paths(alias_graph(events, spec), named)
        stated = [
            e
            for e in events
            if e.kind == spec.value_kind
            and e.subject in paths
            and e.value
            and names(q.question, e.value)
        ]
        if len(stated) != 1:
            yield Violation(
                q.question_id,
                f"{len(stated)} value events of {named!r} state a value the question names; "
                "exactly one must be the source",
            )
            continue
        source = stated[0]
        s = source.session_index
        if s >= len(q.haystack_sessions):
            yield Violation(
                q.question_id, f"the source event names session {s}, outside the haystack"
            )
            continue
        gold = _gold(ctx, qi)
        if gold != {s}:
            yield Violation(
                q.question_id, f"the value was stated in session {s}; gold is {sorted(gold)}"
            )
        # Another session may name the value only in a frame that does not state it of this
        # holder: as a twin, or as someone else's value.
        elsewhere_ok = {
            t.session_index for t in q.typedmemeval.twins or [] if t.value == source.value
        }
        elsewhere_ok |= {
            e.session_index
            for e in events
            if e.kind == spec.value_kind and e.value == source.value and e.subject not in paths
        }
        for si in sessions_naming(q, source.value or ""):
            if si != s and si not in elsewhere_ok:
                yield Violation(
                    q.question_id,
                    f"the value {source.value!r} is also named in session {si}, which records "
                    "neither a twin nor someone else's value for it: a second possible source",
                )
        discussed = [e for e in events if e.kind == spec.discussed_kind]
        if not discussed:
            yield Violation(
                q.question_id,
                "no discussed event records what else the source session said; the answer "
                "cannot be re-derived",
            )
        for e in discussed:
            where = f"discussed event {e.event_id} ({e.value!r})"
            if not any(
                r.kind == spec.alongside and r.other_event_id == source.event_id
                for r in e.relations
            ):
                yield Violation(
                    q.question_id, f"{where} is not recorded alongside the source event"
                )
            if e.session_index != s:
                yield Violation(
                    q.question_id,
                    f"{where} sits in session {e.session_index}, not the source session {s}",
                )
            elsewhere = [si for si in sessions_naming(q, e.value or "") if si != s]
            if elsewhere:
                yield Violation(
                    q.question_id,
                    f"{where} is also named in session {elsewhere[0]}: it does not identify "
                    "the source",
                )
            if not names(q.answer, e.value or ""):
                yield Violation(q.question_id, f"the answer does not name {where}")


@rule(
    "RSV004",
    "events-in-text",
    example="value 'Quellow' is named in session 14, which records no event or twin for it",
)
def events_in_text(ctx: CorpusContext) -> Iterator[Violation]:
    """Every resolution event is stated in its session's text, and the block records every
    session that names one of its values.

    A value event's value is named in its session, a replacement's session also names the
    value it replaces (which was stated in an earlier session), an alias event's session names
    both designations, a discussed event's session names its value; relations point at events
    of the block, of the kinds the profile declares. A session that names a recorded value
    without recording an event or a twin for it would be evidence the block does not know
    about, and the recomputed gold would rest on a partial record."""
    for _, q, spec in _questions(ctx, CURRENT_VALUE, THROUGH_ALIAS, SOURCE_SESSION):
        events = _events(q)
        by_id = {e.event_id: e for e in events}
        n = len(q.haystack_sessions)
        recorded: dict[str, set[int]] = defaultdict(set)
        for t in q.typedmemeval.twins or []:
            recorded[t.value].add(t.session_index)
        for e in events:
            where = f"{e.kind} event {e.event_id}"
            if e.session_index >= n:
                yield Violation(
                    q.question_id, f"{where} names session {e.session_index}, outside the haystack"
                )
                continue
            text = session_text(q, e.session_index)
            allowed = {
                spec.value_kind: (spec.replaces,),
                spec.discussed_kind: (spec.alongside,),
            }.get(e.kind, ())
            for r in e.relations:
                if r.other_event_id not in by_id:
                    yield Violation(
                        q.question_id, f"{where} relates to unknown event {r.other_event_id}"
                    )
                elif r.kind not in allowed:
                    yield Violation(
                        q.question_id, f"{where} has relation {r.kind!r}; it allows {allowed}"
                    )
            if e.kind == spec.alias_kind:
                for side in (e.subject, e.value or ""):
                    if not names(text, side):
                        yield Violation(
                            q.question_id,
                            f"{where} joins {e.subject!r} and {e.value!r}, but session "
                            f"{e.session_index} does not name {side!r}",
                        )
                continue
            if e.kind not in (spec.value_kind, spec.discussed_kind):
                yield Violation(q.question_id, f"{where} has a kind the profile does not declare")
                continue
            if not e.value or not names(text, e.value):
                yield Violation(
                    q.question_id,
                    f"{where} value {e.value!r} is not named in session {e.session_index}",
                )
            if e.kind != spec.value_kind:
                continue
            recorded[e.value or ""].add(e.session_index)
            for r in e.relations:
                prior = by_id.get(r.other_event_id)
                if r.kind != spec.replaces or prior is None:
                    continue
                recorded[prior.value or ""].add(e.session_index)
                if not names(text, prior.value or ""):
                    yield Violation(
                        q.question_id,
                        f"{where} replaces {prior.value!r}, which session {e.session_index} "
                        "does not name",
                    )
                if prior.session_index >= e.session_index:
                    yield Violation(
                        q.question_id,
                        f"{where} (session {e.session_index}) replaces a value first stated in "
                        f"session {prior.session_index}, not earlier",
                    )
        for e in events:
            if e.kind != spec.value_kind or not e.value:
                continue
            for si in sessions_naming(q, e.value):
                if si not in recorded[e.value]:
                    yield Violation(
                        q.question_id,
                        f"value {e.value!r} is named in session {si}, which records no event or "
                        "twin for it",
                    )
                    break
