"""TypedMemEval-Bitemporal: belief-at-instant 36, correction-depth 24, as 30 pairs (SPEC §3).

What is asked. "As of one instant, what did the record show about the state at another?" A
subject (my sister's employer) is recorded as a change from one value to another at an instant
the user states relative to the stating session, ahead of it or behind it ("leaves Tarvik in
nine days for a new employer, Korvane"; "left Tarvik eleven days ago …"); later the new value is
corrected ("her new employer is Velmora, not the one you have down"), and in correction-depth
haystacks corrected again. The record axis is the sessions' timestamps; the state axis is each change's
instant. The change's lead is drawn independently of where its session sits, so neither axis
predicts the other.

Pairs. Every haystack is asked twice, on two question dates, with one question text that names
both instants relative to the question date, in weeks and numerals ("A fortnight ago, what
would you have said my sister's employer was 5 weeks ago?", "… would be a week from now?",
"… was at that point?"). Moving the date moves both instants, and the arms are
placed so that exactly one axis crosses a boundary between them:

| shape | pairs | what the arms straddle | before arm | after arm |
|---|---|---|---|---|
| belief-at-instant | 9 | the correction's recording (record axis) | recorded value | corrected value |
| belief-at-instant | 9 | the change's instant (state axis) | old value | new value, as recorded then |
| correction-depth | 6 | the first correction's recording | recorded value | first correction |
| correction-depth | 6 | the second correction's recording | first correction | second correction |

Both arms' dates come from one procedure (the later arm is the earlier one plus a gap drawn from
one range), each instant is at least a calendar day from every boundary it is compared with
(REV002), and the `events` block carries `recorded_at`, `valid_from` and `valid_to` with the
expressions each bound was stated by, so REV001 replays the record at each arm's instants.

Sessions. Every session makes four moves — a change, a correction, a value-bearing twin and a
mention — and exactly one belongs to a hot subject (`allocate`). The asked subject is one of a
haystack's hot subjects, all drawn from one distribution (one or two corrections each), each
with twins: another person's change (or a correction of one told earlier), a correction nearly
made and withdrawn, a choice considered and dropped. Cold moves fill every other slot: changes
of subjects nobody else names, corrections of cold changes stated a few sessions earlier (never
of anything the conversation did not tell), cold twins and mentions.

Rivals unmarked. A twin's value turn is told in the frames and clauses of a true move
(`Move.told_as`): another person's change as the person's own change, a correction nearly made
as a correction of the value the record holds, a choice dropped as a change ahead from the
value the subject holds; what became of it (someone else's news, taken back, fell through)
comes in the user's next turn, a status naming no attribute word, which true changes and
corrections get at times too (`corrections.RECORD_STATUSES`). A twin names only values the
conversation gave its subject, and the asked subject's twins none an answer names (LEK001):
where the value it would correct or leave cannot be named, the twin is another person's
change, or that change come back as a correction nearly made and taken back (the user's own
slip, never someone else's news, and naming the value it leaves as "the one you have down"
where an answer names it). A correction, true or a rival, replaces
only the value the user last gave as the person's own, never one a status disowned, and only
once something of the person's was told (before, another person's news comes as a change); its
clause names only the right value ("her new employer is Velmora, not the one you have down"), so
the asked subject's rivals correct it even while what it holds is a value an answer names
(LEK001), and a withdrawal says the value it leaves came first only when it did. Twin labels are weighted so the rivals are changes ahead,
changes behind and corrections in about the shares the answers' own moves are, and
corrections end on the old value as often as on the new, so neither the last value said nor
the wording of one says which is the answer.

Answer places. A correction is always said after the value it corrects, so among the values
said of the asked subject the scored arm's answer can never be the latest (a first
correction-depth answer never the latest two), and as drawn the rivals fell mostly before the
change. `plan_places` plans, per shape, how many rival values each haystack says after its
answer, so that counted from the latest value and from the first every place the answer can
take is taken about equally often over the shape (the places one straddle cannot reach made up
by the other's), and `build_spec` draws the haystack again until its rivals fall so.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from checker.formats.corpus import (
    AsOfQuery,
    Event,
    Relation,
    Twin,
    TypedMemEvalBlock,
)
from checker.formats.ids import haystack_token, pair_id, question_id
from checker.timeexpr import NUMBER_WORDS, resolve_offset
from checker.verticals.bitemporal.profile import SAME_INSTANT
from corpora.generate.bitemporal.corrections import (
    BY_KEY,
    CHANGE_AHEAD,
    CHANGE_PAST,
    CORRECTION,
    PROPOSED,
    RECORD_BANK,
    RECORD_FAMILIES,
    RecordFamily,
    left_standing,
    wrong_when,
)
from corpora.generate.core.allocate import (
    MENTION_SLOT,
    STATEMENT_SLOT,
    TWIN_SLOT,
    AllocationError,
    Kit,
    fit_kits,
    kit_kinds,
    place_hot,
)
from corpora.generate.core.bank import OTHER_PEOPLE, RELATIONS
from corpora.generate.core.clock import ClockError, format_date, start_date, varied_schedule
from corpora.generate.core.echo import ColdEchoes, plan_echoes
from corpora.generate.core.haystack import (
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    moment_since,
)
from corpora.generate.core.names import NameRegistry
from corpora.generate.core.reminders import spoken_instant
from corpora.generate.core.topics import joining
from corpora.generate.core.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    kit_levers,
    question_rng,
)
from corpora.generate.core.world import (
    MENTION,
    TWIN_CONSIDERED,
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Family,
    Gender,
    Move,
    Person,
    SessionPlan,
    draw_people,
)

VERTICAL = "bitemporal"
ABBREV = "bit"
SEED = 20261206
VERSION = "1.1.0"

BELIEF, DEPTH = "belief-at-instant", "correction-depth"
#: (shape, what the pair's arms straddle, pairs), in question-id order.
PLAN: tuple[tuple[str, str, int], ...] = (
    (BELIEF, "record", 9),
    (BELIEF, "state", 9),
    (DEPTH, "first", 6),
    (DEPTH, "second", 6),
)
#: Non-gold sessions per haystack.
H_RANGE = (15, 25)
CORRECTION_SLOT = "correction"
#: The slots every session fills, one move each.
RECIPE = (STATEMENT_SLOT, CORRECTION_SLOT, TWIN_SLOT, MENTION_SLOT)
#: Sessions from one revision of a subject to the next (asked, unasked and cold alike).
GAP_RANGE = (3, 9)
#: Chance that two twins of a pair are one rival said twice, a gap apart (`core/echo.py`), so
#: a rival recurs later as an answer can (a correction's status names its value at times). A
#: correction never names the value it replaces, so an answer's value is said less often than
#: a rival's (the most-frequent answerer falls below chance, not above it); fewer echoes do not
#: even that out (the rivals' recurring values are mostly another person's news said again).
ECHO = 0.9
#: The same for cold twins, so whether a twin's value recurs says nothing about its session.
COLD_ECHO = ECHO
#: Share of hot subjects corrected twice (the asked subjects' share).
DEPTH_SHARE = 12 / 30
#: Days between a change's session and the change itself, ahead of it or behind it.
LEAD_DAYS = (2, 30)
#: The question dates: the earlier arm on one of the this many days after the last session …
ASKED_WITHIN = 30
#: … and the later arm this many calendar days after it, each at a time of day of its own:
#: a range wide enough that the deciding recording is not always a day from the asked instant.
ARM_DAYS = tuple(range(2, 11))
#: Hours a question is asked in (first and last).
WAKING = (8, 21)
#: Nearest a record instant may come to a recording, and a state instant to a bound.
RECORD_MARGIN = timedelta(hours=6)
STATE_MARGIN = timedelta(hours=12)
#: Record-instant lookbacks a question names, in weeks.
LOOKBACKS = tuple(range(1, 11))
#: State instants a question names: `at that point`, `now`, weeks before or after the date.
#: (`now`, not `today`: "today" is ordinary small talk in the conversations, "now" no
#: retriever indexes.)
STATE_BEFORE = LOOKBACKS
STATE_AFTER = (1, 2, 3)
#: How likely each form of state instant is drawn.
STATE_FORMS = (("same", 0.3), ("now", 0.15), ("before", 0.4), ("after", 0.15))
#: Haystacks drawn for one spec before giving up on a straddle.
REDRAWS = 20
#: Haystacks drawn for one spec, at most, to find one whose answer sits at its planned place
#: (`AnswerPlaces`); the nearest found is kept when none does.
PLACE_DRAWS = 300
LEADS = (
    "{A}, what would you have said {holder}'s {noun} {be} {B}?",
    "Based on what you knew {a}, what would you have said {holder}'s {noun} {be} {B}?",
    "Cast your mind to {a}: what would you have said {holder}'s {noun} {be} {B}?",
)
#: Leads for a state instant after the question date (`2 weeks from now`): "what would you have
#: said … would be 2 weeks from now" leaves open whose now, the asker's or the vantage's, so
#: these say the later instant counts from the asker's present, never from the vantage.
AHEAD_LEADS = (
    "{A}, what would you have said {holder}'s {noun} would be {B}? Counting from now, that "
    "is, not from then.",
    "Based on what you knew {a}, what would you have said {holder}'s {noun} would be {B}, "
    "counting from now and not from then?",
    "Cast your mind to {a}: what would you have said {holder}'s {noun} would be {B}? That's "
    "counting from now, not from then.",
)
_NUMBER_NAMES = {n: w for w, n in NUMBER_WORDS.items() if w not in ("a", "an", "zero")}


def days_ago(days: int) -> str:
    """`nine days ago`: how a change's session dates a change behind it."""
    return f"{_NUMBER_NAMES[days]} days ago"


def in_days(days: int) -> str:
    """`in nine days`: how a change's session dates a change ahead of it."""
    return f"in {_NUMBER_NAMES[days]} days"


def lead_expression(days: int) -> str:
    """How a change's session states its instant, always in days: behind it or ahead of it."""
    return days_ago(-days) if days < 0 else in_days(days)


def weeks_ago(weeks: int) -> str:
    """`a week ago`, `a fortnight ago`, `5 weeks ago`: how a question names an earlier instant
    (in weeks, where the conversations count in days, and with numerals, where the
    conversations spell numbers out, so a question's time words are never a sentence's and
    never score a session on "four" of "twenty-four days")."""
    if weeks == 1:
        return "a week ago"
    if weeks == 2:
        return "a fortnight ago"
    return f"{weeks} weeks ago"


def weeks_from_now(weeks: int) -> str:
    """`a week from now`, `2 weeks from now`: a later instant, pinned to the question date (`in
    a week` after "4 weeks ago, what would you have said …" could be read from the earlier
    instant)."""
    return "a week from now" if weeks == 1 else f"{weeks} weeks from now"


@dataclass(frozen=True)
class Spec:
    """One haystack and its pair: shape, which boundary the arms straddle, the asked subject
    and how much competition each hot subject gets."""

    key: int
    shape: str
    straddle: str
    relation: str
    family: str
    h: int
    people: int
    families: int


def _specs(seed: int, levers: Levers) -> list[Spec]:
    rng = question_rng(seed, VERTICAL, 0, "specs")
    fams = [f.key for f in RECORD_FAMILIES] * 3
    rng.shuffle(fams)
    out = []
    key = 1
    for shape, straddle, pairs in PLAN:
        for _ in range(pairs):
            out.append(
                Spec(
                    key=key,
                    shape=shape,
                    straddle=straddle,
                    relation=rng.choice(RELATIONS).key,
                    family=fams.pop(),
                    h=rng.randint(*H_RANGE),
                    people=rng.randint(levers["people_min"], levers["people_max"]),
                    families=rng.randint(levers["families_min"], levers["families_max"]),
                )
            )
            key += 1
    return out


# --- subjects and their revisions -----------------------------------------------------------


@dataclass
class Subject:
    """A (person, family) the record learns about in a haystack: one change, then corrections."""

    person: Person
    rf: RecordFamily
    #: The value before the change, then the new value and each correction of it.
    values: list[str]
    #: Days from the change's session to the change (negative: behind it).
    lead: int
    #: Session of the change, then of each correction.
    sessions: list[int] = field(default_factory=list)

    @property
    def subject(self) -> str:
        return f"{self.person.key}/{self.rf.key}"

    @property
    def corrections(self) -> int:
        return len(self.values) - 2

    def recorded(self, s: int) -> str:
        """The new value as the record holds it in session `s` (after the change's session):
        the latest correction told before `s`, else the change's value."""
        return self.values[1 + sum(1 for t in self.sessions[1:] if t < s)]

    def holding(self, s: int, moments: Sequence[datetime]) -> str | None:
        """What the subject holds in session `s` as the user knows it: the old value before
        the change is told and made, the recorded new value once it is both; None while the
        change is told but not yet made, or made but not yet told."""
        told = s > self.sessions[0]
        made = moments[s] >= moments[self.sessions[0]] + timedelta(days=self.lead)
        if told != made:
            return None
        return self.recorded(s) if told else self.values[0]


def _lead(rng: random.Random) -> int:
    days = rng.randint(*LEAD_DAYS)
    return days if rng.random() < 0.5 else -days


def _subject(
    rng: random.Random, world: World, person: Person, rf: RecordFamily, corrections: int
) -> Subject:
    values = [_value(world, rf.family, rng) for _ in range(2 + corrections)]
    return Subject(person, rf, values, _lead(rng))


def _revision_moves(subject: Subject, moments: Sequence[datetime], evidence: bool) -> list[Move]:
    """The change move and each correction, in session order."""
    when = moments[subject.sessions[0]]
    expression = lead_expression(subject.lead)
    kind = CHANGE_PAST if subject.lead < 0 else CHANGE_AHEAD
    moves = [
        Move(
            kind,
            subject.person,
            subject.rf.family,
            subject.values[1],
            evidence=evidence,
            extra={"W": subject.values[0], "valid": expression},
        )
    ]
    assert resolve_offset(expression, when) == when + timedelta(days=subject.lead)
    for k in range(subject.corrections):
        moves.append(
            Move(
                CORRECTION,
                subject.person,
                subject.rf.family,
                subject.values[2 + k],
                evidence=evidence,
                extra={
                    **_corrects(subject.rf, subject.values[2 + k], subject.values[1 + k]),
                    **wrong_when(k == 0),
                },
            )
        )
    return moves


def _value(world: World, family: Family, rng: random.Random) -> str:
    """A fresh value of the family; never one opening with a vowel where a clause says `a {V}`
    (`a Olson`)."""
    while True:
        value = world.value(family, rng)
        if not (value[:1] in "AEIOU" and any("a {V}" in c for c in _clauses(family))):
            return value


def _clauses(family: Family) -> list[str]:
    return [c for cs in family.clauses.values() for c in cs]


def _corrects(rf: RecordFamily, value: str, wrong: str) -> dict[str, str]:
    """A correction's placeholders: the value it replaces (`W`), and both values as an answer
    names them (`Vn`, `Wn`: `Dr Korvane`), for what the user says of it next."""
    return {"W": wrong, "Vn": rf.named(value), "Wn": rf.named(wrong)}


#: How a withdrawn correction's status names the value left standing where that value is one an
#: answer names (LEK001 keeps answer values out of every other session).
UNNAMED_STANDING = "the one you have down"


def _withdrawn(
    rf: RecordFamily, value: str, wrong: str, first: bool, hidden: bool = False
) -> dict[str, str]:
    """A correction nearly made and taken back: `_corrects`, and what its status says of the
    value left standing, as the first one given only when it is (`first`: no correction has
    replaced the change's value yet); `hidden`: that value is never named."""
    named = _corrects(rf, value, wrong)
    if hidden:
        named["Wn"] = UNNAMED_STANDING
    return {**named, **left_standing(first, named["Wn"])}


def _other(rng: random.Random, person: Person) -> tuple[str, Gender]:
    choices = [o for o in OTHER_PEOPLE if o[0] not in person.relation.noun.split()]
    noun, fixed = rng.choice(choices)
    drawn: Gender = rng.choice(("f", "m"))
    return noun, fixed if fixed is not None else drawn


def _twin_move(
    label: str,
    person: Person,
    rf: RecordFamily,
    world: World,
    rng: random.Random,
    current: str | None = None,
    first: bool = True,
) -> Move:
    """A value-bearing twin (a fresh value, never the subject's own), told in the words of a
    true move and undone by its status (`Move.told_as`): another person's change, told as the
    person's change; a correction nearly made, told as a correction of `current` (the value the
    record holds for the subject) and taken back; a choice considered and dropped, told as a
    change ahead from `current` (the value the subject holds) that then falls through
    (`first`: `current` is the first value the change gave, for what the withdrawal says)."""
    value = _value(world, rf.family, rng)
    if label == TWIN_OTHERS:
        days = rng.randint(*LEAD_DAYS)
        lead = -days if rng.random() < OTHERS_PAST else days
        return Move(
            TWIN_OTHERS,
            person,
            rf.family,
            value,
            extra={"W": _value(world, rf.family, rng), "valid": lead_expression(lead)},
            other=_other(rng, person),
            told_as=CHANGE_PAST if lead < 0 else CHANGE_AHEAD,
        )
    assert current is not None, f"a {label} twin needs the subject's current value"
    if label == TWIN_RUMOUR:
        extra = _withdrawn(rf, value, current, first)
        return Move(PROPOSED, person, rf.family, value, extra=extra, told_as=CORRECTION)
    return Move(
        TWIN_CONSIDERED,
        person,
        rf.family,
        value,
        extra={"W": current, "valid": in_days(rng.randint(*LEAD_DAYS))},
        told_as=CHANGE_AHEAD,
    )


#: Share of another person's changes told as behind their session (a choice considered is
#: always ahead of it), so the rivals' changes lie ahead and behind as often as the answers'.
OTHERS_PAST = 0.7
#: Most moves one other person's story makes: their change and its one return, as a
#: correction nearly made and taken back (a value put forward and taken back is not put
#: forward again); a rival past it is told as another person's change.
STORY_MOVES = 2
#: Twin labels a kit draws (a withdrawn correction travels under the rumour label). With the
#: echoes of another person's change coming back as corrections of it, the rivals are changes
#: ahead, changes behind and corrections in about the shares the answers' own moves are.
TWIN_LABELS = (TWIN_OTHERS, TWIN_RUMOUR, TWIN_CONSIDERED)
#: The kind each twin label is recorded as.
TWIN_RECORDED = {
    TWIN_OTHERS: "twin-others",
    TWIN_RUMOUR: "twin-proposed",
    TWIN_CONSIDERED: "twin-considered",
}


def _pin_revisions(rng: random.Random, kits: Sequence[Kit], counts: Sequence[int], n: int) -> None:
    """Pin every kit's revision moves (its first `counts[k]` kinds) to sessions in order, each
    `GAP_RANGE` sessions after the one before, no two kits sharing a session."""
    for _ in range(400):
        taken: set[int] = set()
        order = list(range(len(kits)))
        rng.shuffle(order)
        placed: dict[int, dict[int, int]] = {}
        ok = True
        for ki in order:
            need = counts[ki]
            options = [first for first in range(n) if first not in taken]
            rng.shuffle(options)
            chosen: list[int] | None = None
            for first in options:
                row = [first]
                for _ in range(need - 1):
                    nxt = [
                        s
                        for s in range(row[-1] + GAP_RANGE[0], row[-1] + GAP_RANGE[1] + 1)
                        if s < n and s not in taken
                    ]
                    if not nxt:
                        break
                    row.append(rng.choice(nxt))
                if len(row) == need:
                    chosen = row
                    break
            if chosen is None:
                ok = False
                break
            taken.update(chosen)
            placed[ki] = dict(enumerate(chosen))
        if ok:
            for ki, kit in enumerate(kits):
                kit.pins = placed[ki]
            return
    raise AllocationError(f"no placement of {len(kits)} subjects' revisions over {n} sessions")


@dataclass
class Haystack:
    plans: list[SessionPlan]
    moments: list[datetime]
    asked: Subject
    #: The asked subject's twins: (recorded kind, session, value).
    twins: list[tuple[str, int, str]]


def build_haystack(
    spec: Spec,
    rng: random.Random,
    layout: random.Random,
    names: NameRegistry,
    levers: Levers,
    owner: str,
) -> Haystack:
    """Plan one haystack: hot subjects (the asked one among them) and their kits, every slot's
    move, and the sessions' timestamps (`owner`: the haystack's token)."""
    people = draw_people(rng, RELATIONS)
    asked_person = next(p for p in people if p.key == spec.relation)
    others = [p for p in people if p.key != spec.relation]
    rng.shuffle(others)
    cast = [asked_person, *others[: spec.people - 1]]
    fam_keys = [f.key for f in RECORD_FAMILIES if f.key != spec.family]
    rng.shuffle(fam_keys)
    rfs = [BY_KEY[k] for k in (spec.family, *fam_keys[: spec.families - 1])]
    world = World(rng, names, owner, cast, [rf.family for rf in rfs])
    depth = 2 if spec.shape == DEPTH else 1
    count = spec.h + 1 + depth
    moments = varied_schedule(rng, start_date(rng), count)

    def kit_for(person: Person, rf: RecordFamily, corrections: int) -> tuple[Kit, Subject]:
        kinds = kit_kinds(
            layout,
            family=rf.family,
            stated=True,
            event=None,
            twins=layout.randint(levers["twins_min"], levers["twins_max"]),
            mentions=layout.randint(levers["mentions_min"], levers["mentions_max"]),
            twin_kinds=TWIN_LABELS,
        )
        kinds = [kinds[0], *([CORRECTION] * corrections), *kinds[1:]]
        world.reserve(person, rf.family)
        return Kit(person, rf.family, None, kinds), _subject(rng, world, person, rf, corrections)

    asked_kit, asked = kit_for(asked_person, rfs[0], depth)
    kits, subjects = [asked_kit], [asked]
    hot = {(asked_person.key, rfs[0].key)}
    while sum(len(k.kinds) for k in kits) < count:
        options = [(p, rf) for p in cast for rf in rfs if (p.key, rf.key) not in hot]
        p, rf = rng.choice(options)
        hot.add((p.key, rf.key))
        corrections = 2 if layout.random() < DEPTH_SHARE else 1
        kit, subject = kit_for(p, rf, corrections)
        kits.append(kit)
        subjects.append(subject)
    fit_kits(layout, kits, count)
    _pin_revisions(layout, kits, [1 + s.corrections for s in subjects], count)
    for kit in kits:
        twins_at = [i for i, kind in enumerate(kit.kinds) if kind in TWIN_LABELS]
        kit.echoes = plan_echoes(layout, twins_at, ECHO)
    place_hot(layout, kits, count, echo_gap=GAP_RANGE)
    for kit in kits:
        _rumours_after_telling(layout, kit, kit.sessions[0])

    slots: list[dict[str, Move]] = [{} for _ in range(count)]
    twins: list[tuple[str, int, str]] = []
    for ki, (kit, subject) in enumerate(zip(kits, subjects, strict=True)):
        revisions = 1 + subject.corrections
        subject.sessions = [kit.sessions[i] for i in range(revisions)]
        for move, s in zip(
            _revision_moves(subject, moments, evidence=ki == 0), subject.sessions, strict=True
        ):
            slots[s][
                STATEMENT_SLOT if move.kind in (CHANGE_AHEAD, CHANGE_PAST) else CORRECTION_SLOT
            ] = move
        echoes = {second: first for first, second in kit.echoes}
        made: dict[int, tuple[str, Move]] = {}
        # The asked subject's twins never name a value an answer names (LEK001).
        blocked = _answer_values(subject, spec.straddle) if ki == 0 else set()
        # Each other person's story: their change, then each time it comes back as a
        # correction.
        stories: list[list[Move]] = []
        story_of: dict[int, int] = {}
        rest = sorted(range(revisions, len(kit.kinds)), key=lambda i: kit.sessions[i])
        for i in rest:
            kind, s = kit.kinds[i], kit.sessions[i]
            if kind == MENTION:
                slots[s][MENTION_SLOT] = Move(MENTION, kit.person, kit.family)
                continue
            source = made.get(echoes[i]) if i in echoes else None
            if source is not None and source[0] == TWIN_CONSIDERED:
                # A plan called off is not announced as new a second time: its value comes
                # back as a correction nearly made of what the record holds, where it holds a
                # value that may be named; else the echo is dropped for a fresh twin.
                held = subject.recorded(s) if s > subject.sessions[0] else None
                if held is not None and held not in blocked:
                    move = _considered_again(source[1], subject.rf, held, held == subject.values[1])
                    made[i] = (TWIN_RUMOUR, move)
                    slots[s][TWIN_SLOT] = move
                    if ki == 0:
                        twins.append((TWIN_RECORDED[TWIN_RUMOUR], s, move.value or ""))
                    continue
                source = None
            if source is not None and source[0] == TWIN_RUMOUR:
                # A correction nearly made and taken back is not made a second time (no churn
                # of the same value corrected to and back): a fresh twin instead.
                source = None
            label, current = _fit_label(source[0] if source else kind, s, subject, moments, blocked)
            # What the user last gave as the subject's own value (None before the change is
            # told), the only value a correction of the person's may replace (its clause names
            # only the right value, so an answer's value is never put into words here).
            own = subject.recorded(s) if s > subject.sessions[0] else None
            story: int | None = None
            open_ = [t for t in range(len(stories)) if len(stories[t]) < STORY_MOVES]
            if source is not None and source[0] == label == TWIN_OTHERS:
                # The same rival said again (`core/echo.py`): the other person's value named
                # once more, in a correction.
                story = story_of[id(source[1])] if story_of[id(source[1])] in open_ else None
            elif label == TWIN_OTHERS and kind != TWIN_OTHERS and open_:
                # A twin whose own value cannot be named tells another person's change told
                # earlier as a correction, as a correction nearly made would be.
                story = min(open_, key=lambda t: len(stories[t]))
            if story is not None and own is not None:
                # Of what the person holds, never of a value a status disowned; before anything
                # of the person's was told, no correction (a fresh change someone else made).
                move = _others_correcting(
                    stories[story][-1], own, own == subject.values[1], own in blocked
                )
                stories[story].append(move)
                story_of[id(move)] = story
            elif source is not None and source[0] == label != TWIN_OTHERS:
                first = current == subject.values[1]
                named = _withdrawn(subject.rf, source[1].value or "", current or "", first)
                move = replace(source[1], extra={**source[1].extra, **named})
            else:
                first = current == subject.values[1]
                move = _twin_move(label, kit.person, subject.rf, world, rng, current, first)
                if label == TWIN_OTHERS:
                    story_of[id(move)] = len(stories)
                    stories.append([move])
            made[i] = (label, move)
            slots[s][TWIN_SLOT] = move
            if ki == 0:
                twins.append((TWIN_RECORDED[label], s, move.value or ""))
    _fill_cold(slots, world, cast, rfs, hot, moments, rng, layout)

    plans = []
    for s in range(count):
        moves = [slots[s][slot] for slot in RECIPE]
        rng.shuffle(moves)
        _told_first(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))
    return Haystack(plans, moments, asked, sorted(twins, key=lambda t: t[1]))


def _answer_values(subject: Subject, straddle: str) -> set[str]:
    """The values the asked subject's answers may name, either arm (a state-axis pair's
    regime is drawn with its dates, so both are counted)."""
    v = subject.values
    if straddle in ("record", "first"):
        return {v[1], v[2]}
    if straddle == "second":
        return {v[2], v[3]}
    return set(v[:3])


def _fit_label(
    label: str, s: int, subject: Subject, moments: Sequence[datetime], blocked: set[str]
) -> tuple[str, str | None]:
    """A twin's label as session `s` allows it, and the subject's value it names: a
    correction nearly made names the value the record holds, once the change is told; a
    choice considered, the value the subject holds while it settledly holds one. When that
    value cannot be named (not told yet, a change under way, or a value an answer names),
    the twin is another person's change (or a choice considered, for a correction nearly
    made before anything was told)."""
    if label == TWIN_RUMOUR:
        if s < subject.sessions[0]:
            label = TWIN_CONSIDERED
        elif (recorded := subject.recorded(s)) not in blocked:
            return label, recorded
        else:
            return TWIN_OTHERS, None
    if label == TWIN_CONSIDERED:
        held = subject.holding(s, moments)
        if held is not None and held not in blocked:
            return label, held
        return TWIN_OTHERS, None
    return label, None


def _others_correcting(told: Move, own: str, first: bool, hidden: bool = False) -> Move:
    """Another person's change told earlier (`told`) said again (`core/echo.py`) as a
    correction of what the person holds (`own`: the value the user last gave as the person's
    own, never one a status disowned, and never named: a correction's clause names only the
    right value): the other person's value named once more, as the right one, and then taken
    back as any correction nearly made is ("forget it, you had it right"). A correction of
    what the record holds is the user's own slip, never someone else's news, so its status
    never says whose the value was (`first`: `own` is the first value the change gave;
    `hidden`: `own` is a value an answer names, which the status then does not name)."""
    value = told.value or ""
    return Move(
        PROPOSED,
        told.person,
        told.family,
        value,
        extra=_withdrawn(BY_KEY[told.family.key], value, own, first, hidden),
        other=told.other,
        told_as=CORRECTION,
    )


def _considered_again(told: Move, rf: RecordFamily, held: str, first: bool) -> Move:
    """A choice considered and dropped (`told`) said again (`core/echo.py`): not the plan
    announced afresh with its old countdown, but its value put forward as a correction of what
    the record holds (`held`), nearly made and taken back, as any correction nearly made is."""
    value = told.value or ""
    return Move(
        PROPOSED,
        told.person,
        told.family,
        value,
        extra=_withdrawn(rf, value, held, first),
        told_as=CORRECTION,
    )


def _rumours_after_telling(layout: random.Random, kit: Kit, told: int) -> None:
    """Deal a kit's twin labels so its rumours (corrections nearly made) fall after the change
    they nearly correct: the labels stay the kit's own, only which twin carries which moves
    (an echo carries its source's). A rumour that still falls before becomes a choice
    considered, as before; dealing first keeps hot twins' label shares those of cold ones."""
    seconds = {second: first for first, second in kit.echoes}
    units = sorted(
        (i for i, kind in enumerate(kit.kinds) if kind in TWIN_LABELS and i not in seconds),
        key=lambda i: kit.sessions[i],
    )
    labels = [kit.kinds[i] for i in units]
    rumours = labels.count(TWIN_RUMOUR)
    rest = [label for label in labels if label != TWIN_RUMOUR]
    layout.shuffle(rest)
    dealt = rest + [TWIN_RUMOUR] * rumours
    partner = {first: second for first, second in kit.echoes}
    for i, label in zip(units, dealt, strict=True):
        if label == TWIN_RUMOUR and kit.sessions[i] < told:
            label = TWIN_CONSIDERED
        kit.kinds[i] = label
        if i in partner:
            kit.kinds[partner[i]] = label


def _told_first(moves: list[Move]) -> None:
    """Within a session, a correction never comes before the change it corrects."""
    for i, move in enumerate(moves):
        if move.kind != CORRECTION:
            continue
        for j in range(i + 1, len(moves)):
            other = moves[j]
            if (
                other.kind in (CHANGE_AHEAD, CHANGE_PAST)
                and other.person.key == move.person.key
                and other.family.key == move.family.key
            ):
                moves[i], moves[j] = other, move
                break


@dataclass
class ColdRecord:
    """A cold subject's change as the haystack has it so far."""

    person: Person
    rf: RecordFamily
    value: str
    last: int
    #: When the change itself happens.
    change: datetime
    corrections: int = 0


def _pair(option: tuple[Person, RecordFamily]) -> tuple[Person, Family]:
    """A cold (person, record family) option as the person and family `joining` reads."""
    person, rf = option
    return person, rf.family


def _told(record: ColdRecord) -> tuple[Person, Family]:
    """A cold record's person and family, as `joining` reads an option."""
    return record.person, record.rf.family


def _fill_cold(
    slots: list[dict[str, Move]],
    world: World,
    cast: Sequence[Person],
    rfs: Sequence[RecordFamily],
    hot: set[tuple[str, str]],
    moments: Sequence[datetime],
    rng: random.Random,
    layout: random.Random,
) -> None:
    """Every empty slot gets a cold move: a change of a subject nobody has named, a correction
    of a cold change told earlier (a few sessions back where one is due; never of anything
    the record was not told: when nothing is open yet, the slot tells another change), a twin
    or a mention of a subject no hot kit owns. A twin that names what its subject holds (a
    correction nearly made, a choice considered) names what the record was told, or for a
    subject never told a change, one value kept for every twin of it."""
    cold = [(p, rf) for p in cast for rf in rfs if (p.key, rf.key) not in hot]
    records: list[ColdRecord] = []
    echoes = ColdEchoes(layout, COLD_ECHO, GAP_RANGE)
    #: Values held by cold subjects that are never told a change (only considered one).
    kept: dict[tuple[str, str], str] = {}

    def record_of(p: Person, rf: RecordFamily) -> ColdRecord | None:
        return next((r for r in records if (r.person.key, r.rf.key) == (p.key, rf.key)), None)

    def change(s: int) -> Move:
        options = [(p, rf) for p, rf in cold if not world.taken(p, rf.family)]
        if not options:
            raise AllocationError(f"no unnamed subject left for session {s}")
        p, rf = joining(rng, options, list(slots[s].values()), _pair)
        world.reserve(p, rf.family)
        lead = _lead(rng)
        previous, value = (_value(world, rf.family, rng) for _ in range(2))
        records.append(ColdRecord(p, rf, value, s, moments[s] + timedelta(days=lead)))
        return Move(
            CHANGE_PAST if lead < 0 else CHANGE_AHEAD,
            p,
            rf.family,
            value,
            extra={"W": previous, "valid": lead_expression(lead)},
        )

    def considered(s: int) -> Move:
        """A choice considered: of a told subject whose change is made, or of one that is
        never told a change (reserved here, so no change of it comes later)."""
        settled = [(r.person, r.rf) for r in records if r.last < s and r.change <= moments[s]]
        untold = [(p, rf) for p, rf in cold if not world.taken(p, rf.family)]
        untold += [(p, rf) for p, rf in cold if (p.key, rf.key) in kept]
        if not settled + untold:
            p, rf = rng.choice(cold)
            return _twin_move(TWIN_OTHERS, p, rf, world, rng)
        p, rf = joining(rng, settled + untold, list(slots[s].values()), _pair)
        record = record_of(p, rf)
        if record is not None:
            current = record.value
        else:
            world.reserve(p, rf.family)
            current = kept.setdefault((p.key, rf.key), _value(world, rf.family, rng))
        return _twin_move(TWIN_CONSIDERED, p, rf, world, rng, current)

    def again(s: int, move: Move) -> Move | None:
        """An echoed twin, naming what its subject holds in session `s` (None when the
        record was corrected in this very session: a fresh twin is drawn instead)."""
        record = record_of(move.person, BY_KEY[move.family.key])
        if move.kind == TWIN_OTHERS and move.told_as != CORRECTION:
            # Said again as a correction of what the person was last told to hold; while
            # nothing of theirs was told (or it was corrected this very session), as a fresh
            # change someone else made, so the subject comes back as an echo's does.
            if record is None or record.last >= s:
                return _twin_move(TWIN_OTHERS, move.person, BY_KEY[move.family.key], world, rng)
            return _others_correcting(move, record.value, record.corrections == 0)
        if move.kind not in (PROPOSED, TWIN_CONSIDERED):
            return move
        if move.kind == PROPOSED and move.told_as == CORRECTION:
            # A correction nearly made and taken back is not made a second time.
            return None
        if record is None:
            # A plan called off is not announced as new a second time (nor a correction made
            # of a subject the record was never told).
            return None if move.kind == TWIN_CONSIDERED else move
        if record.last == s:
            return None
        if move.kind == TWIN_CONSIDERED:
            return _considered_again(move, record.rf, record.value, record.corrections == 0)
        first = record.corrections == 0
        move.extra.update(_withdrawn(record.rf, move.value or "", record.value, first))
        return move

    for s, slot in enumerate(slots):
        # The moves with the fewest choices first (the correction, then the twin), the change
        # and the mention after: the freer moves then join topics (`core.topics.joining`) the
        # same way whatever the session's hot move is, so topics (and the room they leave for
        # an aside) do not know gold.
        if CORRECTION_SLOT not in slot:
            due = [
                r
                for r in records
                if r.corrections < 2 and GAP_RANGE[0] <= s - r.last <= GAP_RANGE[1]
            ]
            # A correction only ever corrects what the record was told: a cold change a few
            # sessions back when one is due, else the nearest earlier one still open, else
            # none (the slot tells a change).
            if not due:
                open_ = [r for r in records if r.corrections < 2 and r.last < s]
                nearest = max((r.last for r in open_), default=None)
                due = [r for r in open_ if r.last == nearest]
            if not due:
                slot[CORRECTION_SLOT] = change(s)
            else:
                record = rng.choice(due)
                value = _value(world, record.rf.family, rng)
                wrong = record.value
                first = record.corrections == 0
                record.value, record.last = value, s
                record.corrections += 1
                p, rf = record.person, record.rf
                extra = {**_corrects(rf, value, wrong), **wrong_when(first)}
                slot[CORRECTION_SLOT] = Move(CORRECTION, p, rf.family, value, extra=extra)
        repeated = echoes.take(s) if TWIN_SLOT not in slot else None
        if repeated is not None and (echoed := again(s, repeated)) is not None:
            slot[TWIN_SLOT] = echoed
        if TWIN_SLOT not in slot:
            label = layout.choice(TWIN_LABELS)
            told = [r for r in records if r.last < s]
            if label == TWIN_RUMOUR and told:
                # A correction nearly made is of something the record was told.
                record = joining(rng, told, list(slot.values()), _told)
                move = _twin_move(
                    label,
                    record.person,
                    record.rf,
                    world,
                    rng,
                    record.value,
                    first=record.corrections == 0,
                )
            elif label == TWIN_OTHERS:
                p, rf = joining(rng, cold, list(slot.values()), _pair)
                move = _twin_move(label, p, rf, world, rng)
            else:
                move = considered(s)
            slot[TWIN_SLOT] = move
            echoes.add(s, move)
        if STATEMENT_SLOT not in slot:
            slot[STATEMENT_SLOT] = change(s)
        if MENTION_SLOT not in slot:
            p, rf = joining(rng, cold, list(slot.values()), _pair)
            slot[MENTION_SLOT] = Move(MENTION, p, rf.family)


# --- the question's instants ----------------------------------------------------------------


@dataclass(frozen=True)
class Instants:
    """One arm's question date and the two instants its question names."""

    asked: datetime
    as_of: datetime
    valid_at: datetime


@dataclass(frozen=True)
class Asking:
    """How the question names its instants (shared by both arms) and each arm's dates."""

    as_of: str
    valid_at: str
    #: The state instant is after the question date (the question asks in the future tense).
    future: bool
    arms: tuple[Instants, Instants]


def _record_regimes(subject: Subject, moments: Sequence[datetime]) -> list[datetime]:
    """When each revision was recorded, in order (the record's regimes start at these)."""
    return [moments[s] for s in subject.sessions]


def _regime(at: datetime, starts: Sequence[datetime]) -> int:
    """Index of the last revision recorded by `at` (-1: none yet)."""
    return sum(1 for t in starts if t <= at) - 1


def _state_form(rng: random.Random) -> str:
    u, acc = rng.random(), 0.0
    for form, share in STATE_FORMS:
        acc += share
        if u < acc:
            return form
    return STATE_FORMS[-1][0]


#: The times of day a question may be asked at (quarter hours within waking hours).
TIMES = tuple((h, m) for h in range(WAKING[0], WAKING[1] + 1) for m in (0, 15, 30, 45))


def choose_instants(
    rng: random.Random, subject: Subject, moments: Sequence[datetime], straddle: str
) -> Asking:
    """The question's two instant expressions and both arms' dates: the arms' record regimes
    (or, for a state-axis pair, the two sides of the change) as the straddle requires, every
    instant a calendar day from what it is compared with.

    The two arms are asked `ARM_DAYS` calendar days apart, each at a time of day drawn on its
    own, and the earlier on any day up to `ASKED_WITHIN` after the last session that admits
    both: the arms differ in their dates only as far as the straddle forces them to."""
    starts = _record_regimes(subject, moments)
    change = moments[subject.sessions[0]] + timedelta(days=subject.lead)
    last = moments[-1]
    if straddle in ("record", "first"):
        regimes = (0, 1)
    elif straddle == "second":
        regimes = (1, 2)
    else:
        same = rng.choice((0, 1))
        regimes = (same, same)
    sides = (True, False) if straddle == "state" else (False, False)
    recorded_dates = {t.date() for t in starts}

    def arm(q: datetime, i: int, lookback: int, form: str, offset: int) -> Instants | None:
        if q <= last + timedelta(hours=1):
            return None
        a = q - timedelta(weeks=lookback)
        if (
            _regime(a, starts) != regimes[i]
            or a.date() in recorded_dates
            or any(abs(a - t) < RECORD_MARGIN for t in starts)
        ):
            return None
        b = a if form == "same" else q + timedelta(weeks=offset)
        if b.date() == change.date() or abs(b - change) < STATE_MARGIN:
            return None
        if (b < change) != sides[i]:
            return None
        return Instants(q, a, b)

    first_day = last.replace(hour=0, minute=0, second=0, microsecond=0)
    for _ in range(300):
        lookback = rng.choice(LOOKBACKS)
        form = _state_form(rng)
        offset = 0
        if form == "before":
            offset = -rng.choice([w for w in STATE_BEFORE if w != lookback])
        elif form == "after":
            offset = rng.choice(STATE_AFTER)
        apart = rng.choice(ARM_DAYS)
        options: list[tuple[list[Instants], list[Instants]]] = []
        for k in range(ASKED_WITHIN + 1):
            day = first_day + timedelta(days=k)
            ones = [
                x
                for h, m in TIMES
                if (x := arm(day.replace(hour=h, minute=m), 0, lookback, form, offset))
            ]
            if not ones:
                continue
            later = day + timedelta(days=apart)
            twos = [
                x
                for h, m in TIMES
                if (x := arm(later.replace(hour=h, minute=m), 1, lookback, form, offset))
            ]
            if twos:
                options.append((ones, twos))
        if not options:
            continue
        ones, twos = rng.choice(options)
        pair = (rng.choice(ones), rng.choice(twos))
        if form == "same":
            valid_at = rng.choice(SAME_INSTANT)
        elif form == "now":
            valid_at = "now"
        else:
            valid_at = weeks_ago(-offset) if offset < 0 else weeks_from_now(offset)
        return Asking(weeks_ago(lookback), valid_at, form in ("now", "after"), pair)
    raise ClockError(f"no question dates fit the {straddle} straddle of {subject.subject}")


# --- questions and answers ------------------------------------------------------------------


def _events(subject: Subject, moments: Sequence[datetime]) -> list[Event]:
    """The asked subject's record: the old value until the change, the new value from it, and
    each correction of the new value (inheriting its validity)."""
    s0 = subject.sessions[0]
    recorded = moments[s0]
    change = recorded + timedelta(days=subject.lead)
    expression = lead_expression(subject.lead)
    events = [
        Event(
            event_id="e1",
            kind="recorded",
            subject=subject.subject,
            value=subject.values[0],
            session_index=s0,
            recorded_at=format_date(recorded),
            valid_to=format_date(change),
            valid_to_expression=expression,
        ),
        Event(
            event_id="e2",
            kind="recorded",
            subject=subject.subject,
            value=subject.values[1],
            session_index=s0,
            recorded_at=format_date(recorded),
            valid_from=format_date(change),
            valid_from_expression=expression,
        ),
    ]
    for k in range(subject.corrections):
        s = subject.sessions[1 + k]
        events.append(
            Event(
                event_id=f"e{3 + k}",
                kind="corrected",
                subject=subject.subject,
                value=subject.values[2 + k],
                session_index=s,
                relations=[Relation(kind="corrects", other_event_id=f"e{2 + k}")],
                recorded_at=format_date(moments[s]),
                valid_from=format_date(change),
            )
        )
    return events


def gold_value(subject: Subject, moments: Sequence[datetime], at: Instants) -> str:
    """The value the record gave for `at.valid_at` as it stood at `at.as_of` (the generator's
    own reckoning; REV001 replays the events independently)."""
    change = moments[subject.sessions[0]] + timedelta(days=subject.lead)
    if at.valid_at < change:
        return subject.values[0]
    regime = _regime(at.as_of, _record_regimes(subject, moments))
    return subject.values[1 + regime]


def _question(rng: random.Random, subject: Subject, asking: Asking) -> str:
    ahead = asking.future and asking.valid_at != "now"
    lead = rng.choice(AHEAD_LEADS if ahead else LEADS)
    text = lead.format(
        A=capitalise(asking.as_of),
        a=asking.as_of,
        holder=subject.person.forms()["holder"],
        noun=subject.rf.noun,
        be="would be" if asking.future else "was",
        B=asking.valid_at,
    )
    return capitalise(text)


def _answer(subject: Subject, value: str, at: Instants) -> str:
    named = capitalise(subject.rf.named(value))
    your = subject.person.forms()["your"]
    state = "that same moment" if at.valid_at == at.as_of else spoken_instant(at.valid_at)
    return (
        f"{named}. As of {spoken_instant(at.as_of)}, the record showed {subject.rf.named(value)} "
        f"as {your}'s {subject.rf.noun} for {state}."
    )


def _gap_band(subject: Subject) -> int:
    """Difficulty band of the discrimination dial, from the fewest sessions between two of the
    asked subject's revisions: closer revisions are harder to tell apart, so the closest are
    band 5 and the farthest band 1 (the ladder's bands grow harder upwards)."""
    gaps = [b - a for a, b in zip(subject.sessions, subject.sessions[1:], strict=False)]
    low, high = GAP_RANGE
    return 5 - (min(gaps) - low) * 5 // (high - low + 1)


@dataclass(frozen=True)
class RivalSides:
    """How the asked subject's rival values lie about the session that last names the scored
    (earlier) arm's answer (`answer_session`)."""

    #: Distinct rival values said.
    rivals: int
    #: Rival values last said after that session.
    after: int
    #: Rival values first said before it.
    before: int

    @property
    def straddling(self) -> int:
        """Rival values said both before and after it."""
        return self.after + self.before - self.rivals


def answer_session(subject: Subject, straddle: str) -> int:
    """The session that last names the scored (earlier) arm's answer: the change's (the old
    value or the change's value), or the first correction's for a second-correction pair."""
    return subject.sessions[1 if straddle == "second" else 0]


def rival_sides(haystack: Haystack, straddle: str) -> RivalSides:
    """The asked subject's rival values about its answer's session (`RivalSides`)."""
    at = answer_session(haystack.asked, straddle)
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    for _, s, value in haystack.twins:
        first[value] = min(s, first.get(value, s))
        last[value] = max(s, last.get(value, s))
    return RivalSides(
        len(last),
        sum(1 for s in last.values() if s > at),
        sum(1 for s in first.values() if s < at),
    )


def said_after(straddle: str) -> tuple[int, bool]:
    """Of the subject's own values, how many are always said after the scored answer (its
    corrections still to come), and whether one more may be, by the wording alone: the
    change's sentence names the old value and the new one, in either order."""
    if straddle == "second":
        return 1, False
    return (2 if straddle == "first" else 1), True


@dataclass
class AnswerPlaces:
    """Where the scored (earlier) arm's answers of one shape fall among the values said of
    their subjects, counted from the latest and from the first, and where the next goes.

    A correction is always said after the value it corrects and an answer's value is said in
    its own sessions only, so the subject's own values sit in a fixed order about the answer:
    a belief-at-instant answer is never the latest value said of its subject, a first
    correction-depth one never the latest two. Drawn as placement had it, the rivals fell
    mostly before the change (a change must lie within weeks of the question dates), and the
    third latest value said of the holder and the attribute was the belief-at-instant answer
    in 0.647 of the haystacks (chance 0.214), the correction-depth one in 0.400 (chance 0.183).
    So the number of rival values said after each haystack's answer is planned: the one, of
    none to all, whose places the shape's haystacks planned so far take least often, counted
    both ways (ties drawn at random), the haystacks with the fewest places to choose from
    planned first (`plan_places`). Whether the change's sentence names the answer before the
    change's other value is left to its wording, drawn as ever (choosing it chose the
    templates of the gold sentences, which a reader of their words then learnt), and counted
    as the share of the family's clauses that name them in that order. Over a shape, every
    place the answer can take is then taken about equally often, and the places one straddle
    cannot reach are made up by the other's."""

    rng: random.Random
    from_latest: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    from_first: dict[int, float] = field(default_factory=lambda: defaultdict(float))

    def plan(self, straddle: str, values: int, rivals: int, second: float) -> int:
        """How many rival values a haystack planned next says after its answer, for a subject
        of `values` values and `rivals` rival values whose change's sentence names the other
        value after the answer with chance `second`."""
        options = []
        for after in range(rivals + 1):
            seen: list[float] = []
            for weight, latest, first in self.places(straddle, values, rivals, after, second):
                if weight:
                    seen += [self.from_latest[k] for k in answered_by(latest, values + rivals)]
                    seen += [self.from_first[k] for k in answered_by(first, values + rivals)]
            options.append((max(seen), sum(seen), self.rng.random(), after))
        return min(options)[-1]

    @staticmethod
    def places(
        straddle: str, values: int, rivals: int, after: int, second: float
    ) -> list[tuple[float, int, int]]:
        """(chance, place from the latest value, place from the first) of the answer with
        `after` rival values said after it and none on both sides of it: the change's other
        value comes after it with chance `second` where the change's sentence names both."""
        fixed, worded = said_after(straddle)
        out = []
        for later, weight in ((0, 1.0 - second), (1, second)) if worded else ((0, 1.0),):
            latest = 1 + fixed + after + later
            out.append((weight, latest, values + rivals + 1 - latest))
        return out

    def took(self, places: list[tuple[float, int, int]], said: int) -> None:
        """Count an answer at `places` (with their chances) among `said` values."""
        for weight, latest, first in places:
            for k in answered_by(latest, said):
                self.from_latest[k] += weight
            for k in answered_by(first, said):
                self.from_first[k] += weight


#: The places a reader who answers with the k-th value may try, the latest (or first) first.
READER_PLACES = range(1, 6)


def answered_by(place: int, said: int) -> list[int]:
    """The k-th-place readers an answer at `place` among `said` values rewards: past the last
    value such a reader starts again from the first, so with three values the fourth place is
    the first."""
    return [k for k in READER_PLACES if (k - 1) % said == place - 1]


def worded_second(rf: RecordFamily, straddle: str) -> float:
    """The chance that a change's sentence names the change's other value after the scored
    answer: the share of the family's change clauses (ahead and behind alike) naming the new
    value before the old, or the old before the new where the answer is the old value."""
    clauses = [c for kind in (CHANGE_AHEAD, CHANGE_PAST) for c in rf.family.clauses[kind]]
    new_first = sum(1 for c in clauses if c.index("{V}") < c.index("{W}")) / len(clauses)
    return 1.0 - new_first if straddle == "state" else new_first


def plan_places(seed: int, levers: Levers, specs: Sequence[Spec]) -> dict[int, tuple[int, int]]:
    """Per spec key, (rival values, rival values said after the scored answer): the rival count
    of the first haystack a spec's generators draw that fits its straddle (drawn here with names
    of its own, so nothing else moves), and the number planned for it (`AnswerPlaces`), the
    most constrained haystacks of a shape first."""
    drawn = []
    for spec in specs:
        rng = question_rng(seed, VERTICAL, spec.key)
        layout = question_rng(seed, VERTICAL, spec.key, "layout")
        owner = haystack_token(seed, spec.key)
        for _ in range(REDRAWS):
            haystack = build_haystack(spec, rng, layout, NameRegistry(), levers, owner)
            try:
                choose_instants(rng, haystack.asked, haystack.moments, spec.straddle)
            except ClockError:
                continue
            rivals = rival_sides(haystack, spec.straddle).rivals
            room = rivals + int(said_after(spec.straddle)[1])
            drawn.append((spec.shape, room, spec.key, spec.straddle, rivals))
            break
    values = {BELIEF: 3, DEPTH: 4}
    places = {
        shape: AnswerPlaces(question_rng(seed, VERTICAL, 0, f"answer places {shape}"))
        for shape in (BELIEF, DEPTH)
    }
    family = {spec.key: BY_KEY[spec.family] for spec in specs}
    out = {}
    for shape, _, key, straddle, rivals in sorted(drawn):
        tally, second = places[shape], worded_second(family[key], straddle)
        after = tally.plan(straddle, values[shape], rivals, second)
        tally.took(
            tally.places(straddle, values[shape], rivals, after, second), values[shape] + rivals
        )
        out[key] = (rivals, after)
    return out


@dataclass
class Draw:
    """One drawn haystack with its question dates and the names it issued."""

    haystack: Haystack
    asking: Asking
    names: NameRegistry


def build_spec(
    spec: Spec,
    *,
    seed: int,
    revision: str,
    first_n: int,
    pair_n: int,
    names: NameRegistry,
    levers: Levers,
    planned: tuple[int, int] | None = None,
) -> list[AssembledQuestion]:
    """Both arms of one haystack's pair (`planned`: its rival values and how many of them are
    to be said after its answer, `plan_places`; None: as drawn)."""
    rng = question_rng(seed, VERTICAL, spec.key)
    layout = question_rng(seed, VERTICAL, spec.key, "layout")
    owner = haystack_token(seed, spec.key)
    pid = pair_id(ABBREV, revision, pair_n)

    def render(draw: Draw) -> AssembledQuestion:
        subject, asking = draw.haystack.asked, draw.asking
        block = TypedMemEvalBlock(
            vertical=VERTICAL,
            shape=spec.shape,
            pair_id=pid,
            arm="before",
            events=_events(subject, draw.haystack.moments),
            as_of_query=AsOfQuery(
                subject=subject.subject, as_of=asking.as_of, valid_at=asking.valid_at
            ),
            twins=[Twin(kind=k, session_index=s, value=v) for k, s, v in draw.haystack.twins]
            or None,
            difficulty=_gap_band(subject),
            difficulty_dial="discrimination",
            seeded_from=f"{VERTICAL} seed {seed}, haystack {spec.key}",
        )
        return assemble_question(
            question_id=question_id(ABBREV, revision, first_n),
            session_owner=owner,
            question=_question(rng, subject, asking),
            answer=_answer(
                subject, gold_value(subject, draw.haystack.moments, asking.arms[0]), asking.arms[0]
            ),
            question_date=asking.arms[0].asked,
            plans=draw.haystack.plans,
            block=block,
            rng=rng,
            bank=RECORD_BANK,
        )

    # A haystack whose asked subject no pair of dates can straddle as the spec asks (a change
    # far behind the first session, say) is drawn again, from the generators' next state; so
    # is one whose scored answer does not fall where planned (`AnswerPlaces`) among its
    # subject's values and rivals, keeping as many rival values as the first haystack that
    # fits was drawn with, and no rival said on both sides of the answer. The nearest is kept
    # when none falls there. Each draw issues its names from a fork of the registry, and only
    # the kept one's are adopted (a drawn haystack issues some forty names; the pools are
    # finite).
    best: tuple[int, Draw] | None = None
    for n in range(PLACE_DRAWS if planned is not None else REDRAWS):
        if best is None and n >= REDRAWS:
            break
        trial = names.fork()
        haystack = build_haystack(spec, rng, layout, trial, levers, owner)
        try:
            asking = choose_instants(rng, haystack.asked, haystack.moments, spec.straddle)
        except ClockError:
            continue
        draw = Draw(haystack, asking, trial)
        if planned is None:
            best = (0, draw)
            break
        rivals, want = planned
        sides = rival_sides(haystack, spec.straddle)
        miss = abs(sides.after - want) + sides.straddling + 2 * abs(sides.rivals - rivals)
        if best is None or miss < best[0]:
            best = (miss, draw)
        if miss == 0:
            break
    if best is None:
        raise ClockError(f"haystack {spec.key}: no {spec.straddle} straddle in {REDRAWS} draws")
    draw = best[1]
    names.adopt(draw.names)
    first = render(draw)
    subject, asking = draw.haystack.asked, draw.asking
    block = first.question.typedmemeval
    assert block is not None
    answer = _answer(
        subject, gold_value(subject, draw.haystack.moments, asking.arms[1]), asking.arms[1]
    )
    record = first.question.model_copy(
        update={
            "question_id": question_id(ABBREV, revision, first_n + 1),
            "question_date": format_date(asking.arms[1].asked),
            "answer": answer,
            "typedmemeval": block.model_copy(update={"arm": "after"}),
        }
    )
    return [first, AssembledQuestion(record, first.sessions)]


def build(seed: int, revision: str, levers: Levers) -> Built:
    """The whole corpus for one setting of the competition levers."""
    return build_specs(seed, revision, levers, _specs(seed, levers))


def build_specs(seed: int, revision: str, levers: Levers, specs: Sequence[Spec]) -> Built:
    """The corpus of the given haystacks, numbered in order (a test may pass a subset)."""
    names = NameRegistry()
    assembled: list[AssembledQuestion] = []
    planned = plan_places(seed, levers, specs)
    for i, spec in enumerate(specs):
        assembled += build_spec(
            spec,
            seed=seed,
            revision=revision,
            first_n=2 * i + 1,
            pair_n=i + 1,
            names=names,
            levers=levers,
            planned=planned.get(spec.key),
        )
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        kit_levers(twins=(2, 4), mentions=(0, 1), people=(8, 11), families=(7, 9)),
        kit_levers(twins=(2, 4), mentions=(0, 1), people=(9, 12), families=(8, 10)),
        kit_levers(twins=(2, 3), mentions=(0, 1), people=(8, 11), families=(7, 9)),
        kit_levers(twins=(1, 3), mentions=(0, 0), people=(8, 11), families=(7, 9)),
    ),
    build=build,
    notes=(
        "30 before/after pairs over 30 haystacks: belief-at-instant 9 straddling a correction's "
        "recording and 9 straddling a change's instant; correction-depth 6 straddling the first "
        "correction and 6 the second",
        "changes stated U(2, 30) days ahead of or behind their session; revisions 3-9 sessions "
        "apart; the earlier arm asked within 30 days of the last session, the later one "
        "2 or 3 calendar days after it",
    ),
)
