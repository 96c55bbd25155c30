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
The pivot (due, expiry or becomes-true instant) is recorded in `typedmemeval.pivot` with the
stating session and the expression exactly as written, and the checker (DRV008) re-derives it
from the bytes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from checker.formats.corpus import Pivot, TypedMemEvalBlock
from checker.formats.ids import pair_id, question_id
from corpora.generate.bank import RELATIONS
from corpora.generate.clock import ClockError, format_date, start_date, varied_schedule
from corpora.generate.haystack import (
    TARGET_FAMILY,
    TARGET_PERSON,
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    draw_category,
    moment_since,
)
from corpora.generate.names import NameRegistry
from corpora.generate.reminders import (
    EXPIRY,
    PROSPECTIVE_BANK,
    REMINDER,
    TIMED_FAMILIES,
    TIMED_KINDS,
    UPCOMING,
    TimedFamily,
    due_expression,
    span,
    spoken_instant,
)
from corpora.generate.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    competition_levers,
    question_rng,
)
from corpora.generate.world import MENTION, Fact, Move, Person, SessionPlan, draw_people

VERTICAL = "prospective"
ABBREV = "pro"
SEED = 20261203
VERSION = "1.0.0"

#: Non-gold sessions per haystack.
H_RANGE = (12, 20)
#: Reminders a due-window answer holds.
WINDOW_SIZES = (2, 3)
#: Every timed move's instant: the last session's timestamp plus this many days (one range
#: for every move of every session) …
DUE_SPREAD = (-8.0, 16.0)
#: … except a target's, which falls after the last session so the question's clock decides it.
TARGET_SPREAD = (1.0, 10.0)
#: A timed move is never due sooner than this after its own session.
MIN_LEAD = timedelta(hours=2)
#: A due-window's reminders fall due within `WINDOW_SPAN` of an instant this many days after
#: the last session (a week, so that a session weeks earlier, whose expressions count whole
#: weeks, can always name an instant inside it).
WINDOW_START = (0.5, 3.0)
WINDOW_SPAN = timedelta(days=7)
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
    near_misses: int = 0
    same_family: int = 0
    same_person: int = 0
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
        if kind is None:
            specs.append(Spec(key, shape, None, paired, h=h, window=rng.choice(WINDOW_SIZES)))
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
                near_misses=rng.randint(levers["near_min"], levers["near_max"]),
                same_family=rng.randint(levers["family_min"], levers["family_max"]),
                same_person=rng.randint(levers["person_min"], levers["person_max"]),
            )
        )
    return specs


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
    for _ in range(200):
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
    raise ClockError(f"no acceptable due instant from {format_date(session)} after 200 draws")


def build_haystack(
    spec: Spec, rng: random.Random, names: NameRegistry, owner: str
) -> tuple[Haystack, World, tuple[Person, TimedFamily] | None]:
    """Plan one haystack: sessions, every timed move with its instant, mentions."""
    families = [f.family for kind in TIMED_KINDS for f in TIMED_FAMILIES[kind]]
    world = World(rng, names, owner, draw_people(rng, RELATIONS), families)
    by_key = {f.key: f for kind in TIMED_KINDS for f in TIMED_FAMILIES[kind]}
    gold_count = spec.window if spec.kind is None else 1
    count = spec.h + gold_count
    moments = varied_schedule(rng, start_date(rng), count)
    end = moments[-1]
    gold = sorted(rng.sample(range(count), gold_count))

    timed: dict[tuple[int, str], Timed] = {}
    targets: list[Timed] = []
    target: tuple[Person, TimedFamily] | None = None

    def place(
        slot: int,
        kind: str,
        fact: Fact,
        spread: tuple[float, float],
        accept: Callable[[datetime], bool] | None = None,
    ) -> Timed:
        expression, instant = _draw_instant(
            rng, moments[slot], end, spread, accept or (lambda _: True)
        )
        fact.stated_in = slot
        item = Timed(fact, kind, slot, expression, instant)
        timed[(slot, kind)] = item
        return item

    if spec.kind is not None:
        person, tfam = world.person(spec.relation), by_key[spec.family]
        target = (person, tfam)
        fact = world.fact(person, tfam.family)
        targets.append(
            place(gold[0], spec.kind, fact, TARGET_SPREAD, accept=lambda t: t > end + MIN_LEAD)
        )
    else:
        # A due-window: one reminder per gold session, all due within a week of each other after
        # the last session; every other reminder is due before it or after the question.
        first = end + timedelta(days=rng.uniform(*WINDOW_START))
        last_allowed = first + WINDOW_SPAN
        for slot in gold:
            fact = world.random_fact(kinds=(REMINDER,))
            lo = (first - end).total_seconds() / 86400
            hi = (last_allowed - end).total_seconds() / 86400
            targets.append(
                place(
                    slot,
                    REMINDER,
                    fact,
                    (lo, hi),
                    accept=lambda t: end + MIN_LEAD < t <= last_allowed,
                )
            )

    window_end = _window_end(rng, targets) if spec.kind is None else None

    # Competition: other people's moves of the asked family and the asked person's other
    # moves; every other timed move relates to the target as a uniformly drawn one would.
    free = [(s, k) for s in range(count) for k in TIMED_KINDS if (s, k) not in timed]
    rng.shuffle(free)
    wanted: list[str] = []
    if target is not None:
        same_family = [sk for sk in free if sk[1] == spec.kind][: spec.same_family]
        rest = [sk for sk in free if sk not in same_family]
        free = same_family + rest
        wanted = [TARGET_FAMILY] * len(same_family) + [TARGET_PERSON] * spec.same_person
    for i, (slot, kind) in enumerate(free):
        if target is None:
            fact = world.random_fact(kinds=(kind,))
        else:
            pool = len(TIMED_FAMILIES[kind])
            category = wanted[i] if i < len(wanted) else draw_category(rng, len(world.people), pool)
            fact = world.fact_in(category, (target[0], target[1].family), (kind,))
        accept = _outside(end, window_end) if kind == REMINDER and window_end else None
        place(slot, kind, fact, DUE_SPREAD, accept=accept)

    # Mentions: near misses of the asked person and family (never in a gold session), the
    # rest drawn like any other move.
    mentions: dict[int, Move] = {}
    if target is not None:
        near = [s for s in range(count) if s not in gold]
        rng.shuffle(near)
        for slot in near[: spec.near_misses]:
            mentions[slot] = Move(MENTION, target[0], target[1].family)
    for slot in range(count):
        if slot in mentions:
            continue
        if target is None:
            p = rng.choice(world.people)
            f = rng.choice(world.families)
        else:
            category = draw_category(rng, len(world.people), len(world.families))
            p, f = world.mention_in(category, (target[0], target[1].family))
        mentions[slot] = Move(MENTION, p, f)

    gold_items = {(t.session, t.kind) for t in targets}
    plans = []
    for slot in range(count):
        moves = []
        for kind in TIMED_KINDS:
            item = timed[(slot, kind)]
            moves.append(
                Move(
                    kind,
                    item.fact.person,
                    item.fact.family,
                    item.fact.value,
                    evidence=(slot, kind) in gold_items,
                    extra={"due": item.expression},
                )
            )
        moves.append(mentions[slot])
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, slot)
        plans.append(SessionPlan(moments[slot], moves))
    ordered = sorted(targets, key=lambda t: t.instant)
    haystack = Haystack(plans, ordered, moments, by_key, window_end)
    return haystack, world, target


def _window_end(rng: random.Random, targets: Sequence[Timed]) -> datetime:
    """The due-window after arm's query time: after the last reminder of the set."""
    return _after(rng, max(t.instant for t in targets), (2 / 24, 20 / 24))


def _outside(end: datetime, window_end: datetime) -> Callable[[datetime], bool]:
    """Other reminders of a due-window haystack fall due before the last session or after the
    after arm is asked, never inside the window."""
    return lambda t: t <= end or t > window_end


# --- questions and answers ------------------------------------------------------------------


def _between(rng: random.Random, low: datetime, high: datetime) -> datetime:
    """A quarter-hour instant strictly between `low` and `high` (at least 15 minutes apart)."""
    steps = int((high - low).total_seconds() // 900)
    if steps < 2:
        raise ClockError(f"no quarter hour strictly between {low} and {high}")
    start = _quarter(low) + timedelta(minutes=15)
    choices = [start + timedelta(minutes=15 * i) for i in range(steps)]
    inside = [c for c in choices if low < c < high]
    waking = [c for c in inside if WAKING[0] <= c.hour <= WAKING[1]]
    return rng.choice(waking or inside)


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
            f"How long have I got before I need to {ask}?",
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
    spec: Spec, *, seed: int, revision: str, first_n: int, pair_n: int | None, names: NameRegistry
) -> list[AssembledQuestion]:
    """The question(s) of one haystack: one unpaired question, or a pair's two arms."""
    pid = pair_id(ABBREV, revision, pair_n) if pair_n is not None else None
    first_qid = question_id(ABBREV, revision, first_n)
    owner = pid or first_qid
    rng = question_rng(seed, VERTICAL, spec.key)
    haystack, _, target = build_haystack(spec, rng, names, owner)
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
        before = _between(rng, end, pivot_item.instant)
        assert haystack.window_end is not None
        after = haystack.window_end
        question = rng.choice(DUE_WINDOW_QUESTIONS)
        for side, moment in (("before", before), ("after", after)):
            n = first_n if side == "before" else first_n + 1
            qid = question_id(ABBREV, revision, n)
            asked.append(Asked(side, qid, moment, _window_answer(side, items)))
    else:
        person, tfam = target
        ago_days = rng.choice(sorted(AS_OF_AGO))
        ago = AS_OF_AGO[ago_days]
        question = _question(spec.shape, tfam, person, rng, ago)
        moments: list[tuple[str | None, datetime]]
        if spec.paired:
            moments = [
                ("before", _between(rng, end, pivot_item.instant)),
                ("after", _after(rng, pivot_item.instant, (0.1, 3.0))),
            ]
        elif spec.shape == "as-of":
            # As of `ago` before the question the pivot was still ahead; by the question it
            # has passed.
            lead = timedelta(days=ago_days)
            low = max(pivot_item.instant, end)
            moments = [(None, _between(rng, low, pivot_item.instant + lead))]
        elif spec.variant == "passed":
            moments = [(None, _after(rng, pivot_item.instant, (0.2, 4.0)))]
        else:
            moments = [(None, _between(rng, end, pivot_item.instant))]
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
        )
        assembled += built
        n += len(built)
        pair_n += 1 if spec.paired else 0
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__name__,
    version=VERSION,
    seed=SEED,
    levers=(
        competition_levers((1, 3), (1, 3), (1, 2)),
        competition_levers((1, 2), (1, 2), (1, 2)),
        competition_levers((2, 3), (1, 3), (1, 2)),
    ),
    build=build,
    notes=(
        "19 before/after pairs (due-later-reminder 4, expiring-validity 3, not-yet-true 3, "
        "due-window 9) over shared haystacks; 12 clock-grounded questions unpaired",
        "every timed move's instant is drawn at the last session plus U(-8, 16) days and "
        "stated relative to its own session; a target's falls after the last session",
    ),
)
