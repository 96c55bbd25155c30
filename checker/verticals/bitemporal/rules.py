"""V5 for records replayed as of an instant (R-CHK-V5): what the record showed at one time about
the state at another, recomputed from the events alone.

A bitemporal question names two instants relative to its own date — when the record is read
(`as_of`) and when the state it asks about held (`valid_at`) — and its events say when the
record learned each thing (`recorded_at`, a session's timestamp), for when it holds
(`valid_from`, `valid_to`, each stated relative to that session) and which earlier event each
correction replaces. REV001 replays the record at the question's instants and compares the
value with the gold answer, after checking that every event is what its session says; REV002
keeps both instants a calendar day away from the recordings and validity bounds they are
compared with, so no answer depends on what time of day a reader assumes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Event, Question
from checker.load import parse_date
from checker.registry import rule
from checker.rules.derivation import session_text
from checker.timeexpr import resolve_offset
from checker.verticals.profile import RecordReplay

STAMP = "%Y/%m/%d (%a) %H:%M"


@dataclass(frozen=True)
class Entry:
    """One event with its instants parsed (None: open, or did not parse)."""

    event: Event
    position: int
    recorded: datetime | None
    valid_from: datetime | None
    valid_to: datetime | None


def entries(events: Sequence[Event]) -> list[Entry]:
    return [
        Entry(
            e,
            i,
            parse_date(e.recorded_at) if e.recorded_at else None,
            parse_date(e.valid_from) if e.valid_from else None,
            parse_date(e.valid_to) if e.valid_to else None,
        )
        for i, e in enumerate(events)
    ]


def superseded_ids(entry: Entry, supersedes: tuple[str, ...]) -> set[str]:
    return {r.other_event_id for r in entry.event.relations if r.kind in supersedes}


def standing(record: Sequence[Entry], as_of: datetime, supersedes: tuple[str, ...]) -> list[Entry]:
    """The entries the record held at `as_of`: learned by then, and not replaced by an entry
    also learned by then."""
    known = [e for e in record if e.recorded is not None and e.recorded <= as_of]
    replaced = set().union(*(superseded_ids(e, supersedes) for e in known)) if known else set()
    return [e for e in known if e.event.event_id not in replaced]


def holds(entry: Entry, at: datetime) -> bool:
    return (entry.valid_from is None or entry.valid_from <= at) and (
        entry.valid_to is None or at < entry.valid_to
    )


def replay(
    record: Sequence[Entry], as_of: datetime, valid_at: datetime, supersedes: tuple[str, ...]
) -> Entry | None:
    """The entry that gives the state at `valid_at` as the record stood at `as_of`: of the
    standing entries whose validity holds then, the one learned last (None: the record had
    nothing for that instant)."""
    live = [e for e in standing(record, as_of, supersedes) if holds(e, valid_at)]
    if not live:
        return None
    return max(live, key=lambda e: (e.recorded or datetime.min, e.position))


def _named(value: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", text.lower()) is not None


def question_instants(
    q: Question, replay_rule: RecordReplay
) -> tuple[datetime | None, datetime | None]:
    """The record instant and the state instant a question names, from its own date."""
    block = q.typedmemeval
    asked = parse_date(q.question_date)
    if block is None or block.as_of_query is None or asked is None:
        return None, None
    query = block.as_of_query
    as_of = resolve_offset(query.as_of, asked)
    if query.valid_at.strip().lower() in replay_rule.same_instant:
        return as_of, as_of
    return as_of, resolve_offset(query.valid_at, asked)


def _queried(ctx: CorpusContext) -> Iterator[tuple[int, Question, RecordReplay, list[Entry]]]:
    for qi, q in enumerate(ctx.corpus.questions):
        block = q.typedmemeval
        if block is None or block.as_of_query is None:
            continue
        profile = BY_KEY.get(block.vertical)
        replay_rule = profile.record_replay if profile is not None else None
        if replay_rule is None:
            yield qi, q, RecordReplay(supersedes=()), []
            continue
        subject = block.as_of_query.subject
        record = [e for e in entries(block.events or []) if e.event.subject == subject]
        yield qi, q, replay_rule, record


def _bound_findings(
    q: Question, entry: Entry, by_id: dict[str, Entry], supersedes: tuple[str, ...]
) -> Iterator[str]:
    """Each validity bound re-derives from its expression in the session's text against the
    recording instant, or is inherited unchanged from the event the entry replaces."""
    e = entry.event
    text = session_text(q, e.session_index)
    replaced = [by_id[i] for i in superseded_ids(entry, supersedes) if i in by_id]
    for side, stamp, expression, parsed in (
        ("valid_from", e.valid_from, e.valid_from_expression, entry.valid_from),
        ("valid_to", e.valid_to, e.valid_to_expression, entry.valid_to),
    ):
        if expression is not None:
            if stamp is None:
                yield f"event {e.event_id} states {side} as {expression!r} but records no {side}"
                continue
            if not _named(expression, text):
                yield (
                    f"event {e.event_id}'s {side} expression {expression!r} is not in session "
                    f"{e.session_index}"
                )
                continue
            derived = resolve_offset(expression, entry.recorded) if entry.recorded else None
            if derived is None:
                yield (
                    f"event {e.event_id}'s {side} expression {expression!r} is not one the "
                    "checker resolves"
                )
            elif derived != parsed:
                yield (
                    f"event {e.event_id}: {expression!r} from session {e.session_index}'s "
                    f"timestamp is {derived.strftime(STAMP)}, recorded {side} {stamp}"
                )
            continue
        if stamp is None:
            continue
        inherited = [getattr(r.event, side) for r in replaced]
        if stamp not in inherited:
            yield (
                f"event {e.event_id}'s {side} {stamp} is stated by no expression in its session "
                "and inherited from no event it replaces"
            )


@rule(
    "REV001",
    "as-of-replay",
    example="as of 2026/03/02 (Mon) 15:30 the record gives 'Korvane' for 2026/02/24 (Tue) "
    "15:30, and the gold answer does not name it",
)
def as_of_replay(ctx: CorpusContext) -> Iterator[Violation]:
    """Every as-of answer re-derives from the events: each event is stated in its session,
    recorded at that session's timestamp, valid over bounds its session's relative expressions
    produce (or inherited from the event it corrects), and the value the record held at the
    question's record instant for its state instant is the one the gold answer names.

    A bitemporal gold is only as good as its two clocks. Replaying the events at the
    question's own instants, from bytes a system also sees, catches a value the record had
    not learned yet, a correction applied before it was recorded, and a validity bound the
    conversation never stated."""
    for qi, q, replay_rule, record in _queried(ctx):
        block = q.typedmemeval
        assert block is not None and block.as_of_query is not None
        query = block.as_of_query
        if not replay_rule.supersedes:
            yield Violation(
                q.question_id,
                f"the question asks an as-of query, but the {block.vertical} profile declares "
                "no record replay",
            )
            continue
        if not record:
            yield Violation(q.question_id, f"no event has the asked subject {query.subject!r}")
            continue
        problems: list[str] = []
        by_id = {e.event.event_id: e for e in record}
        for entry in record:
            e = entry.event
            if e.session_index >= len(q.haystack_sessions):
                problems.append(f"event {e.event_id} names session {e.session_index}, outside")
                continue
            stamp = q.haystack_dates[e.session_index]
            if e.recorded_at is None or entry.recorded is None:
                problems.append(f"event {e.event_id} records no recorded_at that parses")
            elif entry.recorded != parse_date(stamp):
                problems.append(
                    f"event {e.event_id} is recorded at {e.recorded_at}, but session "
                    f"{e.session_index} is dated {stamp}"
                )
            if e.value is not None and not _named(e.value, session_text(q, e.session_index)):
                problems.append(
                    f"event {e.event_id}'s value {e.value!r} is not named in session "
                    f"{e.session_index}"
                )
            for other in superseded_ids(entry, replay_rule.supersedes):
                earlier = by_id.get(other)
                if earlier is None:
                    problems.append(f"event {e.event_id} replaces {other!r}, which it lacks")
                elif (
                    earlier.recorded is not None
                    and entry.recorded is not None
                    and not earlier.recorded < entry.recorded
                ):
                    problems.append(
                        f"event {e.event_id} replaces {other}, which was not recorded before it"
                    )
            problems += _bound_findings(q, entry, by_id, replay_rule.supersedes)
        sessions = sorted({e.event.session_index for e in record})
        gold = sorted(ctx.corpus.gold_indices(qi))
        if sessions != gold:
            problems.append(f"the subject's events sit in sessions {sessions}, gold is {gold}")
        for phrase in (query.as_of, query.valid_at):
            if phrase.lower() not in q.question.lower():
                problems.append(f"the question text does not name {phrase!r}")
        as_of, valid_at = question_instants(q, replay_rule)
        if as_of is None or valid_at is None:
            problems.append(
                f"the instants {query.as_of!r} / {query.valid_at!r} do not resolve from the "
                f"question date {q.question_date}"
            )
        elif problems == []:
            found = replay(record, as_of, valid_at, replay_rule.supersedes)
            values = sorted({e.event.value for e in record if e.event.value})
            named = [v for v in values if _named(v, q.answer)]
            where = (
                f"as of {as_of.strftime(STAMP)} the record gives "
                f"{found.event.value if found else 'nothing'!r} for {valid_at.strftime(STAMP)}"
            )
            if found is None or found.event.value is None:
                if named:
                    problems.append(f"{where}, but the gold answer names {', '.join(named)}")
            elif named != [found.event.value]:
                others = [v for v in named if v != found.event.value]
                if found.event.value not in named:
                    said = "does not name it" + (
                        f" (it names {', '.join(others)})" if others else ""
                    )
                else:
                    said = f"also names {', '.join(others)}"
                problems.append(f"{where}, and the gold answer {said}")
        for message in problems:
            yield Violation(q.question_id, message)


@rule(
    "REV002",
    "instant-on-a-boundary-date",
    example="the record instant 2026/03/02 (Mon) 19:30 falls on the date session 7 was "
    "recorded (2026/03/02 (Mon) 11:00)",
)
def instant_on_a_boundary_date(ctx: CorpusContext) -> Iterator[Violation]:
    """A question's record instant shares no calendar date with a recording of its subject, and
    its state instant none with a validity bound.

    "As of a week ago" and "nine days from now" are read by the day as often as by the minute.
    When the instant and the recording (or the start of a state) fall on one date, the two
    readings disagree about whether the record had learned it (or whether the state held), and
    gold that depends on the reading is not gold."""
    for _, q, replay_rule, record in _queried(ctx):
        if not record:
            continue
        as_of, valid_at = question_instants(q, replay_rule)
        if as_of is not None:
            for entry in record:
                if entry.recorded is not None and entry.recorded.date() == as_of.date():
                    yield Violation(
                        q.question_id,
                        f"the record instant {as_of.strftime(STAMP)} falls on the date session "
                        f"{entry.event.session_index} was recorded ({entry.event.recorded_at}); ask a "
                        "day either side",
                    )
                    break
        if valid_at is not None:
            bounds = sorted(
                {
                    (b, side)
                    for entry in record
                    for b, side in (
                        (entry.valid_from, "valid_from"),
                        (entry.valid_to, "valid_to"),
                    )
                    if b is not None and b.date() == valid_at.date()
                }
            )
            if bounds:
                bound, side = bounds[0]
                yield Violation(
                    q.question_id,
                    f"the state instant {valid_at.strftime(STAMP)} falls on the date of a "
                    f"{side} ({bound.strftime(STAMP)}); ask a day either side",
                )
