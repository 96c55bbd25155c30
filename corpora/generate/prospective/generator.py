"""TypedMemEval-Prospective: 50 questions over 31 haystacks (SPEC §3).

Shapes and pairs. The 19 before/after pairs are carried by the four shapes whose answer flips
at one instant, and the twelve clock-grounded questions stand alone:

| shape | n | pairs | target |
|---|---|---|---|
| as-of | 4 | - | an expiry (2) or an upcoming event (2), asked as of an earlier instant |
| current | 4 | - | an expiry: how long it still has (2 still valid, 2 lapsed) |
| prospective | 4 | - | a reminder (2) or an upcoming event (2): how long until it |
| due-later-reminder | 8 | 4 | a reminder: is it time yet |
| expiring-validity | 6 | 3 | an expiry: is it still valid |
| not-yet-true | 6 | 3 | an upcoming event: has it happened, by what the record shows |
| due-window | 18 | 9 | every reminder that fell due since the last conversation |

The arms of a pair are one haystack rendered once (session ids `<pair_id>-sNNN`, the same
dates, sessions, gold and question text); they differ only in question id, `question_date`,
answer and arm. The before arm is asked after the last session and before the pivot, the after
arm after it, so gold flips: not yet / nothing due, then the thing. A due-window question names
nothing; its answer is the set of reminders that fell due between the last session and the
question (`answer_items`, the after arm's set: the before arm's gold is that none of them has
fallen due yet).

Sessions. Every session of every question makes the same four moves in a shuffled order: a
reminder, an expiry, an upcoming event, and a neutral mention. Each timed move names an
instant near the end of the haystack (drawn from one distribution for every move, anchored on
the last session), expressed relative to its own session's timestamp in the checker's grammar
(`reminders.due_expression`). A gold session is one whose reminder, expiry or upcoming move
happens to be the question's target; the target's instant is drawn by the same code, only
constrained to fall after the last session so that the question's clock decides it.

Competition, never injected: other people's moves of the asked family, the asked person's
other moves, mentions of the asked person and family that state nothing (near misses), and in
every haystack a dozen or more other reminders, some due before the question and some after.
One person is told to hold a family at a plausible rate (`core/rates.py`): a hot pair keeps one
rival of its own holder, which the next turn takes back, and its other rivals go to other people
of the circle, so no one has five sofas delivered in six weeks.
The pivot (due, expiry or becomes-true instant) is recorded in `typedmemeval.pivot` with the
stating session and the expression exactly as written, and the checker (DRV008) re-derives it
from the bytes.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from checker.formats.corpus import Pivot, Twin, TypedMemEvalBlock
from checker.formats.ids import pair_id, question_id
from corpora.generate.core.allocate import (
    MENTION_SLOT,
    TWIN_SLOT,
    Kit,
    cold_pairs,
    fill_cold,
    fit_kits,
    hot_moves,
    kit_kinds,
    place_hot,
    twins_of,
)
from corpora.generate.core.bank import RELATIONS
from corpora.generate.core.clock import ClockError, format_date, start_date, varied_schedule
from corpora.generate.core.haystack import (
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    moment_since,
)
from corpora.generate.core.names import NameRegistry
from corpora.generate.core.rates import Tally, spread_rivals
from corpora.generate.core.reminders import (
    EXPIRY,
    PROSPECTIVE_BANK,
    REMINDER,
    REMINDER_FAMILIES,
    TIMED_FAMILIES,
    TIMED_KINDS,
    UPCOMING,
    TimedFamily,
    due_expression,
    span,
    spoken_instant,
    tell_as_statement,
    timed_twins,
)
from corpora.generate.core.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    kit_levers,
    question_rng,
)
from corpora.generate.core.world import (
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Fact,
    Family,
    Move,
    Person,
    SessionPlan,
    draw_people,
)

VERTICAL = "prospective"
ABBREV = "pro"
SEED = 20261203
VERSION = "2.1.0"

#: Non-gold sessions per haystack.
H_RANGE = (12, 20)
#: Reminders a due-window answer holds.
WINDOW_SIZES = (2, 3)
#: Hot statements' instants — the asked one's and every unasked hot pair's alike — and the
#: asked pair's twins': the last session's timestamp plus this many days, so the question's
#: clock decides them …
TARGET_SPREAD = (2.0, 26.0)
#: … and every other timed move's, from a wider range.
DUE_SPREAD = (-8.0, 30.0)
#: A timed move is never due sooner than this after its own session.
MIN_LEAD = timedelta(hours=2)
#: A question is asked this many days before or after its pivot: a band drawn per haystack,
#: then a distance within it, one band for both arms of a pair (and both variants of an
#: unpaired shape), so the question date's distance from the last session says nothing about
#: the arm, and the thing asked about is not always due within a day of the question. A before
#: arm is never asked before the last session (it moves up to it when the band reaches back
#: that far).
ARM_BANDS = ((0.1, 1.0), (1.0, 3.0), (3.0, 6.0))
#: A due-window's reminders fall due within `WINDOW_SPAN` of an instant this many days after
#: the last session; they are stated in sessions at most `WINDOW_REACH` days before it, whose
#: expressions can name any instant of the window exactly.
WINDOW_START = (2.0, 26.0)
WINDOW_SPAN = timedelta(hours=36)
WINDOW_REACH = timedelta(days=59)
#: A hot kit's twins fall due within this many days of its statement's instant.
TWIN_NEAR = 6.0
#: Every other timed move of a due-window haystack (live reminders avoid the window).
WINDOW_OTHERS_SPREAD = (-8.0, 44.0)
#: The slots every session fills, one move each.
RECIPE = (REMINDER, EXPIRY, UPCOMING, TWIN_SLOT, MENTION_SLOT)
#: Hours (first and last) a question is preferably asked in.
WAKING = (7, 22)
#: Ages an as-of question looks back over (days before the question).
AS_OF_AGO = {5: "five days ago", 7: "a week ago", 10: "ten days ago", 14: "a fortnight ago"}

DUE_WINDOW_QUESTIONS = (
    "Which of my reminders have come due since we last spoke?",
    "Since our last chat, which of the things you were reminding me about have fallen due?",
    "What has come due on my reminder list since we last talked?",
)


@dataclass(frozen=True)
class Spec:
    """One haystack: its shape, its target, whether it is a pair, and its competition."""

    key: int
    """Haystack number (seeds its generator)."""
    shape: str
    kind: str | None
    """The target's kind (`reminder`, `expiry`, `upcoming`); None for a due-window set."""
    paired: bool
    variant: str = ""
    """Unpaired shapes: `ahead` or `passed` (whether the pivot precedes the question)."""
    relation: str = ""
    family: str = ""
    h: int = 15
    #: People the haystack's pairs are drawn from.
    people: int = 12
    window: int = 0


#: (shape, target kind, paired, variant) per haystack, in question-id order.
LAYOUT: tuple[tuple[str, str | None, bool, str], ...] = (
    ("as-of", EXPIRY, False, "passed"),
    ("as-of", EXPIRY, False, "passed"),
    ("as-of", UPCOMING, False, "passed"),
    ("as-of", UPCOMING, False, "passed"),
    ("current", EXPIRY, False, "ahead"),
    ("current", EXPIRY, False, "ahead"),
    ("current", EXPIRY, False, "passed"),
    ("current", EXPIRY, False, "passed"),
    ("prospective", REMINDER, False, "ahead"),
    ("prospective", REMINDER, False, "passed"),
    ("prospective", UPCOMING, False, "ahead"),
    ("prospective", UPCOMING, False, "ahead"),
    *((("due-later-reminder", REMINDER, True, ""),) * 4),
    *((("expiring-validity", EXPIRY, True, ""),) * 3),
    *((("not-yet-true", UPCOMING, True, ""),) * 3),
    *((("due-window", None, True, ""),) * 9),
)


def _specs(seed: int, levers: Levers) -> list[Spec]:
    """Targets and competition for every haystack. Target families cycle through each kind's
    families so every family is asked about; people are drawn from every relation alike."""
    rng = question_rng(seed, VERTICAL, 0, "specs")
    cycles: dict[str, list[str]] = {}
    for timed_kind in TIMED_KINDS:
        keys = [f.key for f in TIMED_FAMILIES[timed_kind]] * 4
        rng.shuffle(keys)
        cycles[timed_kind] = keys
    specs = []
    for key, (shape, kind, paired, variant) in enumerate(LAYOUT, start=1):
        h = rng.randint(*H_RANGE)
        people = rng.randint(levers["people_min"], levers["people_max"])
        if kind is None:
            specs.append(
                Spec(key, shape, None, paired, h=h, people=people, window=rng.choice(WINDOW_SIZES))
            )
            continue
        specs.append(
            Spec(
                key,
                shape,
                kind,
                paired,
                variant=variant,
                relation=rng.choice(RELATIONS).key,
                family=cycles[kind].pop(),
                h=h,
                people=people,
            )
        )
    return specs


def haystack_token(seed: int, key: int) -> str:
    """An opaque token for one haystack, from the corpus seed and the haystack's number only."""
    digest = hashlib.sha256(f"typedmemeval/{VERTICAL}/{seed}/haystack/{key}".encode()).hexdigest()
    return "h" + digest[:10]


# --- the haystack ---------------------------------------------------------------------------


@dataclass
class Timed:
    """A timed move placed in a session: its fact, its expression and the instant it names."""

    fact: Fact
    kind: str
    session: int
    expression: str
    instant: datetime


@dataclass
class Haystack:
    """A rendered-to-be haystack: plans, the target's timed moves, and when it ends."""

    plans: list[SessionPlan]
    targets: list[Timed]
    moments: list[datetime]
    families: dict[str, TimedFamily] = field(default_factory=dict)
    #: Due-window haystacks: when the after arm is asked (every other reminder avoids the
    #: window between the last session and this instant).
    window_end: datetime | None = None
    #: Value-bearing twins of the asked pair: (kind, session, value).
    twins: list[tuple[str, int, str]] = field(default_factory=list)
    #: How far (days) from the pivot the question is asked (`ARM_BANDS`).
    band: tuple[float, float] = ARM_BANDS[0]

    @property
    def end(self) -> datetime:
        return self.moments[-1]


def _quarter(moment: datetime) -> datetime:
    """Round down to a quarter hour (question dates are written to the minute)."""
    return moment.replace(minute=moment.minute - moment.minute % 15, second=0, microsecond=0)


def _draw_instant(
    rng: random.Random,
    session: datetime,
    end: datetime,
    spread: tuple[float, float],
    accept: Callable[[datetime], bool] = lambda _: True,
) -> tuple[str, datetime]:
    """A due expression from `session` for an instant `end + U(spread)` days, redrawn until
    it lies at least `MIN_LEAD` after the session and `accept` takes it."""
    for _ in range(400):
        approx = end + timedelta(days=rng.uniform(*spread))
        approx = approx.replace(second=0, microsecond=0)
        if approx < session + MIN_LEAD:
            continue
        try:
            expression, instant = due_expression(rng, session, approx)
        except ClockError:
            continue
        if instant >= session + MIN_LEAD and accept(instant):
            return expression, instant
    raise ClockError(f"no acceptable due instant from {format_date(session)} after 400 draws")


def build_haystack(
    spec: Spec,
    rng: random.Random,
    layout: random.Random,
    names: NameRegistry,
    owner: str,
    levers: Levers,
) -> tuple[Haystack, World, tuple[Person, TimedFamily] | None]:
    """Plan one haystack: its hot kits (the asked pair's among them), every slot's move, and
    every timed move's instant (`layout` draws the kits and where they sit)."""
    people = draw_people(rng, RELATIONS)
    others = [p for p in people if p.key != spec.relation]
    rng.shuffle(others)
    asked_person = [p for p in people if p.key == spec.relation]
    cast = asked_person + others[: spec.people - len(asked_person)]
    families = [f.family for kind in TIMED_KINDS for f in TIMED_FAMILIES[kind]]
    world = World(rng, names, owner, cast, families)
    by_key = {f.key: f for kind in TIMED_KINDS for f in TIMED_FAMILIES[kind]}
    window = spec.kind is None
    gold_count = spec.window if window else 1
    count = spec.h + gold_count
    moments = varied_schedule(rng, start_date(rng), count)
    end = moments[-1]
    window_first = end + timedelta(days=rng.uniform(*WINDOW_START))
    window_last = window_first + WINDOW_SPAN

    def kit(person: Person, family: Family) -> Kit:
        kinds = kit_kinds(
            layout,
            family=family,
            stated=True,
            event=None,
            twins=layout.randint(levers["twins_min"], levers["twins_max"]),
            mentions=layout.randint(levers["mentions_min"], levers["mentions_max"]),
            twin_kinds=timed_twins(family),
        )
        return Kit(person, family, world.fact(person, family), kinds)

    # Hot kits: the asked pair's (single-target shapes), then unasked ones of every timed
    # kind until every session has one hot move. A due-window names nothing: its targets are
    # ordinary reminders, and all its hot kits are unasked.
    kits: list[Kit] = []
    hot_pairs: list[tuple[Person, Family]] = []
    target: tuple[Person, TimedFamily] | None = None
    if not window:
        person, tfam = world.person(spec.relation), by_key[spec.family]
        target = (person, tfam)
        kits.append(kit(person, tfam.family))
        hot_pairs.append((person, tfam.family))
    while sum(len(k.kinds) for k in kits) < count:
        kind = layout.choice(TIMED_KINDS)
        options = [
            (p, tf.family)
            for p in world.people
            for tf in TIMED_FAMILIES[kind]
            if (p, tf.family) not in hot_pairs and not world.taken(p, tf.family)
        ]
        p, f = rng.choice(options)
        hot_pairs.append((p, f))
        kits.append(kit(p, f))
    fit_kits(layout, kits, count)
    place_hot(layout, kits, count)
    slots, _ = hot_moves(kits, count, world, rng, evidence=lambda ki, kind: False)
    # One person holds a family at a plausible rate, rivals included (`core/rates.py`).
    tally = Tally(hot_pairs)
    spread_rivals(kits, slots, world.people, rng, tally)

    # Gold: the asked statement, or (due-window) one cold reminder per gold session.
    targets_at: list[tuple[int, str]] = []
    if not window:
        targets_at = [(kits[0].sessions[0], kits[0].kinds[0])]
    else:
        free = [
            s
            for s in range(count)
            if REMINDER not in slots[s] and moments[s] >= window_first - WINDOW_REACH
        ]
        if len(free) < gold_count:
            raise ClockError(f"{owner}: too few sessions close enough to the due window")
        for s in sorted(rng.sample(free, gold_count)):
            options = [
                (p, tf.family)
                for p in world.people
                for tf in REMINDER_FAMILIES
                if (p, tf.family) not in hot_pairs
                and not world.taken(p, tf.family)
                and tally.room(p, tf.family)
            ]
            p, f = rng.choice(options)
            fact = world.fact(p, f)
            fact.stated_in = s
            slots[s][REMINDER] = Move(REMINDER, p, f, fact.value)
            tally.add(slots[s][REMINDER])
            targets_at.append((s, REMINDER))
    fill_cold(
        slots,
        cold_pairs(world, hot_pairs),
        world,
        rng,
        statement_slots=TIMED_KINDS,
        twin_kinds=timed_twins,
        room=tally.room,
        told=tally.add,
    )

    # Instants. The asked statement, every unasked hot statement and the asked pair's twins
    # fall due after the last session, from one distribution; every other timed move from a
    # wider one. A due-window's targets fall due within a short window after the last session,
    # and every other live reminder before the last session or after the after arm.
    timed: dict[tuple[int, str], Timed] = {}
    hot_statements = {(k.sessions[0], k.kinds[0]) for k in kits}
    targets: list[Timed] = []
    for s, kind in targets_at:
        move = slots[s][kind]
        fact = _fact_of(world, move)
        if window:
            expression, instant = _draw_instant(
                rng,
                moments[s],
                end,
                _days(window_first - end, window_last - end),
                accept=lambda t: window_first <= t <= window_last,
            )
        else:
            expression, instant = _draw_instant(
                rng, moments[s], end, TARGET_SPREAD, accept=lambda t: t > end + MIN_LEAD
            )
        item = Timed(fact, kind, s, expression, instant)
        timed[(s, kind)] = item
        targets.append(item)
        move.evidence = True
    band = rng.choice(ARM_BANDS)
    window_end = _window_end(rng, targets, band) if window else None
    outside = _outside(end, window_end) if window_end is not None else None
    # A hot kit's twins fall due within a few days of its statement's instant (competition
    # close in time as well as in words); hot statements are drawn first so the twins can follow.
    twin_of: dict[int, int] = {
        s: ki
        for ki, k in enumerate(kits)
        for kind, s in zip(k.kinds, k.sessions, strict=True)
        if kind in (TWIN_OTHERS, TWIN_RUMOUR)
    }
    anchor: dict[int, datetime] = {}
    order = sorted(
        ((s, kind) for s in range(count) for kind in (*TIMED_KINDS, TWIN_SLOT)),
        key=lambda sk: (sk not in hot_statements, sk[1] == TWIN_SLOT, sk),
    )
    for s, kind in order:
        move = slots[s][kind]
        if (s, kind) in timed and (s, kind) not in hot_statements:
            continue
        if move.family.statement_kind not in TIMED_KINDS:
            continue
        hot = (s, kind) in hot_statements
        live = move.kind == REMINDER
        spread = TARGET_SPREAD if hot else DUE_SPREAD
        if outside is not None:
            spread = WINDOW_OTHERS_SPREAD
        accept = outside if live and outside is not None else None
        if kind == TWIN_SLOT and s in twin_of and twin_of[s] in anchor:
            base = anchor[twin_of[s]]
            low = max(base - timedelta(days=TWIN_NEAR), moments[s] + 2 * MIN_LEAD)
            spread = _days(low - end, max(base, low) - end + timedelta(days=TWIN_NEAR))
        if (s, kind) in timed:  # the asked statement: already drawn
            anchor[
                next(i for i, k in enumerate(kits) if (k.sessions[0], k.kinds[0]) == (s, kind))
            ] = timed[(s, kind)].instant
            continue
        expression, instant = _draw_instant(
            rng, moments[s], end, spread, accept=accept or (lambda _: True)
        )
        move.extra = {"due": expression}
        if hot:
            anchor[_kit_at(kits, s, kind)] = instant
        if move.kind in TIMED_KINDS:
            fact = _fact_of(world, move)
            fact.stated_in = s
            timed[(s, kind)] = Timed(fact, move.kind, s, expression, instant)
    for item in targets:
        slots[item.session][item.kind].extra = {"due": item.expression}

    # Twins are told in their timed kind's own frames; their status comes in the next turn.
    for slot in slots:
        for move in slot.values():
            tell_as_statement(move)
    plans = []
    for s in range(count):
        moves = [slots[s][slot] for slot in RECIPE]
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))
    twins = twins_of(kits[0], slots) if not window else []
    ordered = sorted(targets, key=lambda t: t.instant)
    haystack = Haystack(plans, ordered, moments, by_key, window_end, twins, band)
    return haystack, world, target


def _kit_at(kits: Sequence[Kit], session: int, kind: str) -> int:
    """The kit whose statement sits in `session`'s `kind` slot."""
    return next(i for i, k in enumerate(kits) if (k.sessions[0], k.kinds[0]) == (session, kind))


def _fact_of(world: World, move: Move) -> Fact:
    return next(
        f
        for f in world.facts
        if f.person == move.person and f.family == move.family and f.value == move.value
    )


def _days(low: timedelta, high: timedelta) -> tuple[float, float]:
    return (low.total_seconds() / 86400, high.total_seconds() / 86400)


def _window_end(
    rng: random.Random, targets: Sequence[Timed], band: tuple[float, float]
) -> datetime:
    """The due-window after arm's query time: some time after the last reminder of the set."""
    last = max(t.instant for t in targets)
    return _near(rng, last, band, after=True, avoid=_day_level(targets))


#: A due expression that names a day and no clock time ("in nine days", "three weeks from
#: now"): it falls due at its session's own hour, which nobody reading it would count on.
_DAY_LEVEL = re.compile(r"\b(?:days?|weeks?|fortnight)\b")
_CLOCK = re.compile(r"\bat \d|\bhours?\b")


def day_level(expression: str) -> bool:
    """Whether `expression` names a day but no clock time."""
    return bool(_DAY_LEVEL.search(expression)) and not _CLOCK.search(expression)


def _day_level(items: Sequence[Timed]) -> frozenset[date]:
    """The calendar days on which items stated by a day with no clock time fall due: a
    question asked on one of them would turn on the hour of the session that stated it
    ("due by now?" at 10:00 of the day something is due "in nine days" from a 19:00 session),
    so no question is asked on such a day."""
    return frozenset(t.instant.date() for t in items if day_level(t.expression))


def _outside(end: datetime, window_end: datetime) -> Callable[[datetime], bool]:
    """Other reminders of a due-window haystack fall due before the last session or after the
    after arm is asked, never inside the window."""
    return lambda t: t <= end or t > window_end


# --- questions and answers ------------------------------------------------------------------


def _between(
    rng: random.Random, low: datetime, high: datetime, avoid: frozenset[date] = frozenset()
) -> datetime:
    """A quarter-hour instant strictly between `low` and `high` (at least 15 minutes apart),
    on none of the days in `avoid` where the span allows."""
    steps = int((high - low).total_seconds() // 900)
    if steps < 2:
        raise ClockError(f"no quarter hour strictly between {low} and {high}")
    start = _quarter(low) + timedelta(minutes=15)
    choices = [start + timedelta(minutes=15 * i) for i in range(steps)]
    inside = [c for c in choices if low < c < high]
    inside = [c for c in inside if c.date() not in avoid] or inside
    waking = [c for c in inside if WAKING[0] <= c.hour <= WAKING[1]]
    return rng.choice(waking or inside)


def _near(
    rng: random.Random,
    pivot: datetime,
    band: tuple[float, float],
    *,
    after: bool,
    floor: datetime | None = None,
    avoid: frozenset[date] = frozenset(),
) -> datetime:
    """A quarter-hour instant `U(band)` days before or after `pivot` (waking hours when the
    span allows): the same distance distribution on either side. An instant before `pivot`
    lies after `floor` (the last session): the band's far end moves up to it when needed, and
    its near end to the pivot when that leaves less than an hour."""
    near, far = (timedelta(days=d) for d in band)
    if after:
        return _between(rng, pivot + near, pivot + far, avoid)
    low, high = pivot - far, pivot - near
    if floor is not None and low < floor:
        low = floor
        if high - low < timedelta(hours=1):
            high = pivot
    return _between(rng, low, high, avoid)


def _after(rng: random.Random, moment: datetime, days: tuple[float, float]) -> datetime:
    """A quarter-hour instant after `moment` by a span drawn from `days` (waking hours when
    the span allows)."""
    low = moment + timedelta(days=days[0])
    return _between(rng, low, moment + timedelta(days=days[1]))


def _forms(person: Person, value: str | None = None) -> dict[str, str]:
    forms = person.forms()
    if value is not None:
        forms["V"] = value
    return forms


def _named(tfam: TimedFamily, person: Person, value: str) -> str:
    return tfam.answer.format(**_forms(person, value))


def _ask(tfam: TimedFamily, person: Person, present: bool = False) -> str:
    return (tfam.ask_present if present else tfam.ask).format(**_forms(person))


def _question(shape: str, tfam: TimedFamily, person: Person, rng: random.Random, ago: str) -> str:
    """The question text (value-free: it names the person and the family, never the value)."""
    ask = _ask(tfam, person)
    holder = person.forms()["holder"]
    options: dict[tuple[str, str], tuple[str, ...]] = {
        ("due-later-reminder", REMINDER): (
            f"Is it time to {ask} yet?",
            f"Do I need to {ask} yet?",
        ),
        ("prospective", REMINDER): (
            f"How long until I have to {ask}?",
            f"How long do I have before I need to {ask}?",
        ),
        ("expiring-validity", EXPIRY): (f"Is {ask} still valid?", f"Can {ask} still be used?"),
        ("current", EXPIRY): (
            f"How much longer is {ask} valid for?",
            f"How long is left on {ask}?",
        ),
        ("as-of", EXPIRY): (f"Was {ask} still valid {ago}?",),
        ("not-yet-true", UPCOMING): (
            f"Going by what I have told you, has {holder} {ask} yet?",
            f"From what I have told you, should {holder} have {ask} by now?",
        ),
        ("as-of", UPCOMING): (f"Going by what I have told you, had {holder} {ask} {ago}?",),
        ("prospective", UPCOMING): (f"How long until {holder} {_ask(tfam, person, True)}?",),
    }
    return capitalise(rng.choice(options[(shape, tfam.kind)]))


def _answer(
    shape: str, tfam: TimedFamily, person: Person, item: Timed, asked: datetime, ago: str
) -> str:
    """The gold answer, written from the pivot and the query time (answers are answer key, so
    they may name the date the conversation only ever gave relative to a session)."""
    named = _named(tfam, person, item.fact.value)
    your = person.forms()["your"]
    when = spoken_instant(item.instant)
    passed = item.instant < asked
    gap = span(item.instant - asked)
    if tfam.kind == REMINDER:
        if shape == "due-later-reminder":
            if passed:
                return f"Yes. The reminder to {named} fell due on {when}, {gap} ago."
            return f"Not yet. The reminder to {named} falls due on {when}, still {gap} away."
        if passed:
            return f"None: the reminder to {named} already fell due on {when}, {gap} ago."
        return f"{capitalise(gap)}. The reminder to {named} falls due on {when}."
    if tfam.kind == EXPIRY:
        if shape == "as-of":
            return (
                f"Yes. {capitalise(ago)} it was still valid: {named} only ran out "
                f"on {when}, {gap} before you asked."
            )
        if shape == "expiring-validity":
            if passed:
                return f"No. {capitalise(named)} ran out on {when}, {gap} ago."
            return f"Yes, for now. {capitalise(named)} runs out on {when}, still {gap} away."
        if passed:
            return f"None: {named} already ran out on {when}, {gap} ago."
        return f"{capitalise(gap)}. {capitalise(named)} runs out on {when}."
    told = "going by what you told me"
    if shape == "as-of":
        return (
            f"No, not {ago}: {told}, {your} was due to {named} on {when}, which came after "
            "that point; by the record it has happened since."
        )
    if shape == "not-yet-true":
        if passed:
            return (
                f"Yes, {told}: {your} was due to {named} on {when}, {gap} ago, and nothing "
                "since says the plan changed."
            )
        return f"Not yet, {told}: {your} is due to {named} on {when}, still {gap} away."
    return f"{capitalise(gap)}. {capitalise(told)}, {your} is due to {named} on {when}."


_COUNT_WORDS = {2: "Two", 3: "Three", 4: "Four"}


def _window_answer(arm: str, items: Sequence[tuple[str, Timed]]) -> str:
    listed = "; ".join(f"{name}, due {spoken_instant(t.instant)}" for name, t in items)
    if arm == "before":
        return (
            "Nothing yet: none of your reminders has come due since we last spoke. The next "
            f"ones are: {listed}."
        )
    return f"{_COUNT_WORDS[len(items)]} reminders have come due since we last spoke: {listed}."


@dataclass
class Asked:
    """One question as asked: its arm, id, date and answer."""

    arm: str | None
    qid: str
    asked: datetime
    answer: str


def build_spec(
    spec: Spec,
    *,
    seed: int,
    revision: str,
    first_n: int,
    pair_n: int | None,
    names: NameRegistry,
    levers: Levers,
) -> list[AssembledQuestion]:
    """The question(s) of one haystack: one unpaired question, or a pair's two arms."""
    pid = pair_id(ABBREV, revision, pair_n) if pair_n is not None else None
    owner = haystack_token(seed, spec.key)
    rng = question_rng(seed, VERTICAL, spec.key)
    layout = question_rng(seed, VERTICAL, spec.key, "layout")
    haystack, _, target = build_haystack(spec, rng, layout, names, owner, levers)
    end = haystack.end
    pivot_item = haystack.targets[0]
    pivot = Pivot(
        session_index=pivot_item.session,
        expression=pivot_item.expression,
        instant=format_date(pivot_item.instant),
    )
    asked: list[Asked] = []
    answer_items: list[str] | None = None
    if target is None:
        items = [
            (_named(haystack.families[t.fact.family.key], t.fact.person, t.fact.value), t)
            for t in haystack.targets
        ]
        answer_items = [name for name, _ in items]
        avoid = _day_level(haystack.targets)
        before = _near(rng, pivot_item.instant, haystack.band, after=False, floor=end, avoid=avoid)
        assert haystack.window_end is not None
        after = haystack.window_end
        question = rng.choice(DUE_WINDOW_QUESTIONS)
        for side, moment in (("before", before), ("after", after)):
            n = first_n if side == "before" else first_n + 1
            qid = question_id(ABBREV, revision, n)
            asked.append(Asked(side, qid, moment, _window_answer(side, items)))
    else:
        person, tfam = target
        band = haystack.band
        avoid = _day_level([pivot_item])
        ago_days = rng.choice(sorted(AS_OF_AGO))
        ago = AS_OF_AGO[ago_days]
        question = _question(spec.shape, tfam, person, rng, ago)
        moments: list[tuple[str | None, datetime]]
        if spec.paired:
            moments = [
                (
                    "before",
                    _near(rng, pivot_item.instant, band, after=False, floor=end, avoid=avoid),
                ),
                ("after", _near(rng, pivot_item.instant, band, after=True, avoid=avoid)),
            ]
        elif spec.shape == "as-of":
            # As of `ago` before the question the pivot was still ahead; by the question it
            # has passed.
            lead = timedelta(days=ago_days)
            low = max(pivot_item.instant, end)
            moments = [(None, _between(rng, low, pivot_item.instant + lead, avoid))]
        elif spec.variant == "passed":
            moments = [(None, _near(rng, pivot_item.instant, band, after=True, avoid=avoid))]
        else:
            moments = [
                (None, _near(rng, pivot_item.instant, band, after=False, floor=end, avoid=avoid))
            ]
        for i, (arm, moment) in enumerate(moments):
            qid = question_id(ABBREV, revision, first_n + i)
            answer = _answer(spec.shape, tfam, person, pivot_item, moment, ago)
            asked.append(Asked(arm, qid, moment, answer))

    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=spec.shape,
        pair_id=pid,
        arm=asked[0].arm,
        pivot=pivot,
        answer_items=answer_items,
        twins=[Twin(kind=k, session_index=s, value=v) for k, s, v in haystack.twins] or None,
        seeded_from=f"{VERTICAL} seed {seed}, haystack {spec.key}",
    )
    first = assemble_question(
        question_id=asked[0].qid,
        session_owner=owner,
        question=question,
        answer=asked[0].answer,
        question_date=asked[0].asked,
        plans=haystack.plans,
        block=block,
        rng=rng,
        bank=PROSPECTIVE_BANK,
    )
    out = [first]
    for other in asked[1:]:
        record = first.question.model_copy(
            update={
                "question_id": other.qid,
                "question_date": format_date(other.asked),
                "answer": other.answer,
                "typedmemeval": block.model_copy(update={"arm": other.arm}),
            }
        )
        out.append(AssembledQuestion(record, first.sessions))
    return out


def build(seed: int, revision: str, levers: Levers) -> Built:
    """The whole corpus for one setting of the competition levers."""
    return build_specs(seed, revision, levers, _specs(seed, levers))


def build_specs(seed: int, revision: str, levers: Levers, specs: Sequence[Spec]) -> Built:
    """The corpus of the given haystacks, numbered in order (a test may pass a subset)."""
    names = NameRegistry()
    assembled: list[AssembledQuestion] = []
    n = pair_n = 1
    for spec in specs:
        built = build_spec(
            spec,
            seed=seed,
            revision=revision,
            first_n=n,
            pair_n=pair_n if spec.paired else None,
            names=names,
            levers=levers,
        )
        assembled += built
        n += len(built)
        pair_n += 1 if spec.paired else 0
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        kit_levers(twins=(3, 5), mentions=(1, 2), people=(8, 12), families=(0, 0)),
        kit_levers(twins=(4, 6), mentions=(1, 2), people=(8, 12), families=(0, 0)),
        kit_levers(twins=(2, 4), mentions=(1, 2), people=(8, 12), families=(0, 0)),
        kit_levers(twins=(2, 3), mentions=(0, 1), people=(8, 12), families=(0, 0)),
    ),
    build=build,
    notes=(
        "19 before/after pairs (due-later-reminder 4, expiring-validity 3, not-yet-true 3, "
        "due-window 9) over shared haystacks; 12 clock-grounded questions unpaired",
        "every hot statement's instant (the asked one's and each unasked hot pair's) is drawn "
        "at the last session plus U(2, 26) days, every other timed move's at U(-8, 30), each "
        "stated relative to its own session; both arms are asked U(band) days from the pivot, "
        "the band drawn per haystack from (0.1, 1), (1, 3) and (3, 6) days (a before arm never "
        "before the last session)",
        "a rival (a reminder not needed, a permit renewed, a start called off, someone else's "
        "permit or start) is told in the true kind's frames; what became of it comes next",
    ),
)
