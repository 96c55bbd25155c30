"""Procedures told across sessions (R-CHK-V5 and the two-hop construction), from the `events`
block and the message text alone.

A procedure vertical's profile declares its vocabulary (`Procedures`): a `procedure` event (the
words that name it, stated in its one listing session), its `step` events (each a member of it,
listed in that session), and second-hop events that name a step or condition pair and never
the procedure: `dependency` (two steps in order), `precondition` (a condition a step waits
for), `amendment` (an amended step in place of one), `retirement` (a step dropped with nothing
in its place). The asked procedure is the one whose listing sits in a gold session.

The rules recompute every gold answer from those events — the one order the dependencies
allow, the steps left after an edit, the condition and the step that waits for it — and read
every event back from its session's text, so a block that disagrees with the prose fails.
They also hold the construction the vertical's headroom rests on: only the listing names the
procedure (a second-hop session that named it would be one hop from the question), and rival
procedures with complete second hops of the same kind sit in the haystack, declared on the
listing's gold component, so that losing the listing leaves a reader a choice.
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
from checker.text import bm25_tokens
from checker.verticals.profile import Procedures, StepQuestion


@dataclass
class Procedure:
    """One procedure of a question's `events`: its event, steps and second hops."""

    event: Event
    steps: list[Event] = field(default_factory=list)
    #: Second-hop events by kind.
    hops: dict[str, list[Event]] = field(default_factory=dict)

    @property
    def listing(self) -> int:
        return self.event.session_index

    def step_names(self) -> dict[str, str]:
        """Step event id → step name."""
        return {s.event_id: s.value or "" for s in self.steps}

    def hop_sessions(self, kind: str) -> list[int]:
        return sorted({e.session_index for e in self.hops.get(kind, [])})


@dataclass
class Reading:
    """A question's procedures as its events describe them, and what its shape asks."""

    vocabulary: Procedures
    ask: StepQuestion
    procedures: dict[str, Procedure]
    #: The procedure whose listing is gold (None when there is not exactly one).
    asked: Procedure | None
    problems: list[str]


def _target(event: Event, relation: str) -> str | None:
    return next((r.other_event_id for r in event.relations if r.kind == relation), None)


def read(question: Question, gold: Sequence[int]) -> Reading | None:
    """The question's procedures, or None when its vertical asks about no procedure."""
    block = question.typedmemeval
    profile = BY_KEY.get(block.vertical)
    vocabulary = profile.procedures if profile is not None else None
    ask = vocabulary.question(block.shape) if vocabulary is not None else None
    if vocabulary is None or ask is None:
        return None
    events = block.events or []
    problems: list[str] = []
    by_id = {e.event_id: e for e in events}
    if len(by_id) != len(events):
        problems.append("two events share an id")
    procedures = {e.event_id: Procedure(e) for e in events if e.kind == vocabulary.procedure}
    owner: dict[str, str] = {}
    for e in events:
        if e.kind != vocabulary.step:
            continue
        parent = _target(e, vocabulary.member_of)
        if parent not in procedures:
            problems.append(f"step {e.event_id} is a member of no procedure")
            continue
        if e.session_index != procedures[parent].listing:
            problems.append(
                f"step {e.event_id} sits in session {e.session_index}, its procedure's listing "
                f"in session {procedures[parent].listing}"
            )
        procedures[parent].steps.append(e)
        owner[e.event_id] = parent
    relations = {
        vocabulary.dependency: (vocabulary.first, vocabulary.then),
        vocabulary.precondition: (vocabulary.waits,),
        vocabulary.amendment: (vocabulary.amends,),
        vocabulary.retirement: (vocabulary.retires,),
    }
    for e in events:
        if e.kind not in relations:
            if e.kind not in (vocabulary.procedure, vocabulary.step):
                problems.append(f"event {e.event_id} has unknown kind {e.kind!r}")
            continue
        targets = [_target(e, r) for r in relations[e.kind]]
        parents = {owner.get(t or "") for t in targets}
        if None in parents or len(parents) != 1:
            problems.append(
                f"{e.kind} {e.event_id} must relate to steps of one procedure "
                f"({', '.join(relations[e.kind])})"
            )
            continue
        parent = parents.pop()
        assert parent is not None
        procedures[parent].hops.setdefault(e.kind, []).append(e)
    in_gold = [p for p in procedures.values() if p.listing in set(gold)]
    asked = in_gold[0] if len(in_gold) == 1 else None
    if asked is None:
        problems.append(
            f"{len(in_gold)} procedure listings sit in gold sessions; exactly one gold session "
            "names the asked procedure"
        )
    return Reading(vocabulary, ask, procedures, asked, problems)


def _readings(ctx: CorpusContext) -> Iterator[tuple[int, Question, Reading]]:
    corpus = ctx.corpus
    for qi, q in enumerate(corpus.questions):
        if q.typedmemeval is None:
            continue
        reading = read(q, corpus.gold_indices(qi))
        if reading is not None:
            yield qi, q, reading


def session_text(q: Question, si: int) -> str:
    if si >= len(q.haystack_sessions):
        return ""
    return "\n".join(t.content for t in q.haystack_sessions[si])


def find(name: str, text: str) -> int:
    """Where `name` first appears in `text` as whole words (case-insensitive), or -1."""
    if not name:
        return -1
    found = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)
    return found.start() if found else -1


def dependency_order(
    steps: dict[str, str], pairs: Sequence[tuple[str, str]]
) -> tuple[list[str] | None, str]:
    """The one order of `steps` (id → name) that every (first, then) pair allows, or None and
    why not: a cycle, or two steps nothing orders (more than one order)."""
    after: dict[str, set[str]] = {s: set() for s in steps}
    before: dict[str, int] = dict.fromkeys(steps, 0)
    for a, b in pairs:
        if a not in steps or b not in steps:
            return None, f"a dependency names a step outside the procedure ({a}, {b})"
        if b not in after[a]:
            after[a].add(b)
            before[b] += 1
    order: list[str] = []
    ready = sorted(s for s, n in before.items() if n == 0)
    while ready:
        if len(ready) > 1:
            names = " and ".join(repr(steps[s]) for s in ready[:2])
            return None, f"nothing orders {names}: more than one order satisfies the dependencies"
        current = ready.pop()
        order.append(current)
        for b in sorted(after[current]):
            before[b] -= 1
            if before[b] == 0:
                ready.append(b)
    if len(order) != len(steps):
        return None, "the dependencies form a cycle"
    return order, ""


def cue(text: str, first: str, second: str, vocabulary: Procedures) -> str | None:
    """Which of two names a sentence puts first, read from the cue word between them: `first`
    or `second`, or None when no sentence of `text` names both with one cue between them."""
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        a, b = find(first, sentence), find(second, sentence)
        if a < 0 or b < 0:
            continue
        lo, hi = sorted((a, b))
        between = sentence[lo:hi].lower()
        said_before = any(
            re.search(rf"\b{re.escape(w)}\b", between) for w in vocabulary.before_words
        )
        said_after = any(re.search(rf"\b{re.escape(w)}\b", between) for w in vocabulary.after_words)
        if said_before == said_after:
            continue
        named_first = first if a < b else second
        other = second if named_first == first else first
        earlier = named_first if said_before else other
        return "first" if earlier == first else "second"
    return None


def _pairs(procedure: Procedure, vocabulary: Procedures) -> list[tuple[str, str]]:
    out = []
    for e in procedure.hops.get(vocabulary.dependency, []):
        a, b = _target(e, vocabulary.first), _target(e, vocabulary.then)
        if a is not None and b is not None:
            out.append((a, b))
    return out


def _named_order(names: Sequence[str], text: str) -> list[str] | None:
    """The names in the order `text` names them, or None when one is missing."""
    at = {n: find(n, text) for n in names}
    if any(p < 0 for p in at.values()):
        return None
    return sorted(names, key=lambda n: at[n])


@rule(
    "STP001",
    "step-order-derivation",
    example="the answer orders the steps 'Korvane check', 'Tessil pass', …; the dependencies "
    "allow only 'Tessil pass', 'Korvane check', …",
)
def step_order(ctx: CorpusContext) -> Iterator[Violation]:
    """A step-order answer is the one order of the asked procedure's steps that its dependencies
    allow, naming every step; each dependency's session says it (both steps, with a cue word
    between them that puts them the same way round); and the listing names the steps in
    another order.

    The order must come from the dependencies alone (exactly one order satisfies them), never
    from the listing, which is the only session naming the procedure and so the one a reader
    finds first: a listing in the answer's order would make the question one hop."""
    for _, q, reading in _readings(ctx):
        procedure, vocabulary = reading.asked, reading.vocabulary
        if procedure is None or reading.ask.answer != "order":
            continue
        names = procedure.step_names()
        order, why = dependency_order(names, _pairs(procedure, vocabulary))
        if order is None:
            yield Violation(q.question_id, f"the asked procedure has no one step order: {why}")
            continue
        wanted = [names[s] for s in order]
        said = _named_order(wanted, q.answer)
        if said is None:
            missing = [n for n in wanted if find(n, q.answer) < 0]
            yield Violation(q.question_id, f"the answer does not name step(s) {missing}")
        elif said != wanted:
            yield Violation(
                q.question_id,
                f"the answer orders the steps {said}; the dependencies allow only {wanted}",
            )
        listed = _named_order(wanted, session_text(q, procedure.listing))
        if listed == wanted:
            yield Violation(
                q.question_id,
                f"the listing (session {procedure.listing}) names the steps in the answer's "
                "order; it must list them in another",
            )
        for e in procedure.hops.get(vocabulary.dependency, []):
            a, b = _target(e, vocabulary.first), _target(e, vocabulary.then)
            if a is None or b is None:
                continue
            reads = cue(session_text(q, e.session_index), names[a], names[b], vocabulary)
            if reads != "first":
                said_it = "the other way round" if reads == "second" else "no order"
                yield Violation(
                    q.question_id,
                    f"dependency {e.event_id} puts {names[a]!r} before {names[b]!r}; session "
                    f"{e.session_index} says {said_it}",
                )


def current_steps(procedure: Procedure, vocabulary: Procedures) -> list[str]:
    """The procedure's step names after its amendments and retirements (a set: the listing
    gives no order, and amended-step and retired-step answers are read as sets)."""
    names = procedure.step_names()
    replaced = {
        _target(e, vocabulary.amends): e.value or ""
        for e in procedure.hops.get(vocabulary.amendment, [])
    }
    retired = {
        _target(e, vocabulary.retires) for e in procedure.hops.get(vocabulary.retirement, [])
    }
    out = []
    for s in procedure.steps:
        if s.event_id in retired:
            continue
        out.append(replaced.get(s.event_id, names[s.event_id]))
    return out


@rule(
    "STP002",
    "edited-steps",
    example="answer items ['Korvane check', 'Tessil pass'] but the procedure's steps after "
    "its edits are ['Korvane check', 'Quorl pass']",
)
def edited_steps(ctx: CorpusContext) -> Iterator[Violation]:
    """A current-steps answer is the asked procedure's steps after its amendments and
    retirements: an amended step under its new name, a retired step gone with nothing in its
    place; the answer names exactly those steps, and every edit comes after the listing.

    A retired step is not an invalidated value: a position leaves the sequence and nothing takes
    it, so a store that keeps the procedure as an opaque blob keeps the dead step alive. An edit
    stated before the listing would contradict the listing that follows it."""
    for _, q, reading in _readings(ctx):
        procedure, vocabulary = reading.asked, reading.vocabulary
        if procedure is None or reading.ask.answer != "current":
            continue
        edits = [
            e
            for kind in (vocabulary.amendment, vocabulary.retirement)
            for e in procedure.hops.get(kind, [])
        ]
        if not edits:
            yield Violation(q.question_id, "the asked procedure has no amendment or retirement")
            continue
        for e in edits:
            if e.session_index <= procedure.listing:
                yield Violation(
                    q.question_id,
                    f"{e.kind} {e.event_id} (session {e.session_index}) does not come after "
                    f"the listing (session {procedure.listing})",
                )
        wanted = current_steps(procedure, vocabulary)
        items = q.typedmemeval.answer_items
        if items is None or sorted(items) != sorted(wanted):
            yield Violation(
                q.question_id,
                f"answer items {items} but the procedure's steps after its edits are {wanted}",
            )
        gone = {n for n in procedure.step_names().values() if n not in wanted}
        missing = [n for n in wanted if find(n, q.answer) < 0]
        kept = sorted(n for n in gone if find(n, q.answer) >= 0)
        if missing:
            yield Violation(q.question_id, f"the answer does not name step(s) {missing}")
        if kept:
            yield Violation(
                q.question_id, f"the answer names step(s) {kept} that left the procedure"
            )


@rule(
    "STP003",
    "precondition-derivation",
    example="the answer names condition 'Pellit permit' but not 'Korvane check', the step "
    "that waits for it",
)
def precondition(ctx: CorpusContext) -> Iterator[Violation]:
    """A precondition answer names the asked procedure's one precondition and the step that
    waits for it.

    The condition is neither a step nor a value of the procedure; it is only reachable through
    a step the listing names, so the answer is checked against the event that pairs the two."""
    for _, q, reading in _readings(ctx):
        procedure, vocabulary = reading.asked, reading.vocabulary
        if procedure is None or reading.ask.answer != "condition":
            continue
        found = procedure.hops.get(vocabulary.precondition, [])
        if len(found) != 1:
            yield Violation(
                q.question_id, f"the asked procedure has {len(found)} preconditions; one is asked"
            )
            continue
        e = found[0]
        step = procedure.step_names().get(_target(e, vocabulary.waits) or "", "")
        for label, name in (("condition", e.value or ""), ("step", step)):
            if find(name, q.answer) < 0:
                yield Violation(q.question_id, f"the answer does not name the {label} {name!r}")


def names_procedure(procedure: Procedure, text: str) -> list[str]:
    """The words of the procedure's name that `text` contains."""
    words = set(bm25_tokens(text))
    return sorted(w for w in set(bm25_tokens(procedure.event.value or "")) if w in words)


@rule(
    "STP004",
    "two-hops",
    example="gold dependency session 7 names the procedure ('allotment', 'shed')",
)
def two_hops(ctx: CorpusContext) -> Iterator[Violation]:
    """Exactly one gold session names the asked procedure — its listing, which names every step
    — and every other gold session is one of its second hops of the kind the shape asks,
    naming a step or condition pair and never the procedure; the gold components declare the
    listing and each hop.

    A dependency, precondition, amendment or retirement that named the procedure would let a
    retriever reach it from the question's words in one hop, and the question would no longer
    need the listing at all."""
    for qi, q, reading in _readings(ctx):
        yield from (Violation(q.question_id, p) for p in reading.problems)
        procedure, vocabulary = reading.asked, reading.vocabulary
        if procedure is None:
            continue
        gold = set(ctx.corpus.gold_indices(qi))
        listing_text = session_text(q, procedure.listing)
        if not names_procedure(procedure, listing_text):
            yield Violation(
                q.question_id,
                f"the listing (session {procedure.listing}) does not name the procedure "
                f"{procedure.event.value!r}",
            )
        unnamed = [n for n in procedure.step_names().values() if find(n, listing_text) < 0]
        if unnamed:
            yield Violation(
                q.question_id, f"the listing (session {procedure.listing}) omits {unnamed}"
            )
        hops = procedure.hop_sessions(reading.ask.hop)
        wanted = sorted({procedure.listing, *hops})
        if not hops or wanted != sorted(gold):
            yield Violation(
                q.question_id,
                f"gold is {sorted(gold)}; the listing and its {reading.ask.hop} sessions are "
                f"{wanted}",
            )
        for si in sorted(gold - {procedure.listing}):
            named = names_procedure(procedure, session_text(q, si))
            if named:
                yield Violation(
                    q.question_id,
                    f"gold {reading.ask.hop} session {si} names the procedure ({', '.join(named)}); "
                    "a second hop names step or condition pairs only",
                )
        components = q.typedmemeval.gold_components or []
        declared = sorted((c.kind, c.session_index) for c in components)
        expected = sorted(
            [(vocabulary.membership, procedure.listing), *((reading.ask.hop, s) for s in hops)]
        )
        if declared != expected:
            yield Violation(
                q.question_id,
                f"gold components {declared}; the listing and its hops are {expected}",
            )
        undeclared = sorted(c.session_index for c in components if c.load_bearing is not True)
        if not q.typedmemeval.gold_components_load_bearing or undeclared:
            yield Violation(
                q.question_id,
                "two-hop components are load-bearing and must be declared so, on the question "
                f"and on each component (undeclared: sessions {undeclared})",
            )


def complete(procedure: Procedure, kind: str, vocabulary: Procedures) -> bool:
    """A rival's second hop is complete: for dependencies, exactly one order over all its
    steps; for the other kinds, at least one event of the kind."""
    if kind == vocabulary.dependency:
        order, _ = dependency_order(procedure.step_names(), _pairs(procedure, vocabulary))
        return order is not None
    return bool(procedure.hops.get(kind))


@rule(
    "STP005",
    "rival-hops",
    example="the listing declares 1 rival procedure with a complete dependency chain; the "
    "shape needs 2",
)
def rival_hops(ctx: CorpusContext) -> Iterator[Violation]:
    """Where a shape declares rivals, the asked listing's gold component declares as its rivals
    the second-hop sessions of at least that many other procedures, each complete (a
    step-order rival's dependencies give exactly one order over steps of its own), none of them
    gold and none sharing a step with the asked procedure.

    Stated as adjacent pairs, the dependencies' closure is the gold order: a reader holding them
    could answer without knowing whose procedure they belong to. Rival chains and rival edits
    are what make the listing load-bearing, and V6 shows the declared rivals in its place."""
    for qi, q, reading in _readings(ctx):
        procedure, vocabulary, ask = reading.asked, reading.vocabulary, reading.ask
        if procedure is None or ask.rivals <= 0:
            continue
        gold = set(ctx.corpus.gold_indices(qi))
        listing = next(
            (
                c
                for c in q.typedmemeval.gold_components or []
                if c.kind == vocabulary.membership and c.session_index == procedure.listing
            ),
            None,
        )
        declared = sorted(set(listing.rivals or [])) if listing is not None else []
        others = [p for p in reading.procedures.values() if p is not procedure]
        covered = []
        for other in others:
            sessions = other.hop_sessions(ask.hop)
            if sessions and set(sessions) <= set(declared) and complete(other, ask.hop, vocabulary):
                covered.append(other)
        claimed = {s for p in covered for s in p.hop_sessions(ask.hop)}
        stray = [s for s in declared if s not in claimed]
        if stray:
            yield Violation(
                q.question_id,
                f"declared rival session(s) {stray} carry no complete {ask.hop} of another "
                "procedure",
            )
        if len(covered) < ask.rivals:
            yield Violation(
                q.question_id,
                f"the listing declares {len(covered)} rival procedure(s) with a complete "
                f"{ask.hop}; the shape needs {ask.rivals}",
            )
        in_gold = sorted(claimed & gold)
        if in_gold:
            yield Violation(q.question_id, f"rival {ask.hop} session(s) {in_gold} are gold")
        asked_names = {n.lower() for n in procedure.step_names().values()}
        for other in covered:
            shared = sorted(n for n in other.step_names().values() if n.lower() in asked_names)
            if shared:
                yield Violation(
                    q.question_id,
                    f"rival procedure {other.event.event_id} shares step(s) {shared} with the "
                    "asked one",
                )


@rule(
    "STP006",
    "events-in-text",
    example="amendment e12 names 'Quorl pass', which session 9 does not say",
)
def events_in_text(ctx: CorpusContext) -> Iterator[Violation]:
    """Every procedure event reads back from its session's text: each step in its listing,
    each second hop's step and condition names in its own session (a dependency with a cue word
    between its two steps, checked by STP001 for the asked procedure).

    The rules recompute gold from the events without reading prose; this is what ties the
    events to the prose, so a block that describes a conversation nobody had fails."""
    for _, q, reading in _readings(ctx):
        vocabulary = reading.vocabulary
        for procedure in reading.procedures.values():
            text = session_text(q, procedure.listing)
            for step in procedure.steps:
                if find(step.value or "", text) < 0:
                    yield Violation(
                        q.question_id,
                        f"step {step.event_id} {step.value!r} is not named in its listing, "
                        f"session {procedure.listing}",
                    )
            names = procedure.step_names()
            for kind, events in sorted(procedure.hops.items()):
                for e in events:
                    said = [names.get(r.other_event_id, "") for r in e.relations]
                    if kind in (vocabulary.precondition, vocabulary.amendment):
                        said.append(e.value or "")
                    text = session_text(q, e.session_index)
                    for name in said:
                        if find(name, text) < 0:
                            yield Violation(
                                q.question_id,
                                f"{kind} {e.event_id} names {name!r}, which session "
                                f"{e.session_index} does not say",
                            )
