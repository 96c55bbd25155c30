"""TypedMemEval-Arithmetic: count 14, sum 14, delta 10, duration 12 (SPEC §3).

Every session of every question makes the same four moves in a shuffled order — a payment (some
person paid an amount for something), a dispatch or return (a batch of parcels, invitations,
applications or seeds went off today, or one of them came back today), a value-bearing twin and
a neutral mention — and exactly one of them belongs to a *hot group* (`allocate`). A hot group
is one (person, family) pair with several statements (a delta's group is two people of one
currency paying for the same family), its twins and its near misses; the asked group is one of
a haystack's hot groups, the others are its questions not asked, drawn from the same
distribution. So a gold session is an ordinary session whose hot move happens to be one of the
asked inputs.

Inputs are spread one per gold session, G = 3-6, with every G equally common in every shape:

| shape | gold | derivation |
|---|---|---|
| sum | the asked person's G payments for one family | their total |
| count | the same G payments | how many; every payment or twin of the family is a candidate with its match record |
| delta | two people of one currency, G payments between them | the larger side's total minus the other's |
| duration | one dispatch and G - 1 returns of its batch | the calendar days from the dispatch to each return, added up (read from the session timestamps) |

Each household pays in one currency (where it lives: mum and dad together, the aunt's family
together …); a haystack's households are dealt evenly over four currencies and its amounts are
balanced across them; each kind of payment is drawn from its own plausible range, so the asked currency is no more
common than any other. Amounts are drawn in cents; the asked currency's values are redrawn
(never the gold ones) until no other combination of up to G + 1 of them reaches the gold value
(signed for deltas), no amount in the haystack equals the gold value, and the answer's number
shares no token with a non-gold session. The checker re-derives all of it (DRV001-DRV004,
DRV010) from the bytes.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Literal

from checker.formats.corpus import (
    Candidate,
    Derivation,
    DerivationInput,
    Twin,
    TypedMemEvalBlock,
)
from checker.formats.ids import question_id
from checker.rules.derivation import EPS, Item, coincident_subset
from checker.text import raw_tokens
from corpora.generate.arithmetic.amounts import (
    AMOUNT_CENTS,
    AMOUNTS_BANK,
    COUNT_QUESTIONS,
    CURRENCIES,
    DELTA_QUESTIONS,
    DISPATCH,
    DISPATCH_FAMILIES,
    PAYMENT,
    PAYMENT_FAMILIES,
    RETURN,
    SUM_QUESTIONS,
    AmountFamily,
    amount_text,
    format_amount,
)
from corpora.generate.core.allocate import (
    MENTION_SLOT,
    TWIN_SLOT,
    AllocationError,
    Kit,
    fit_kits,
    pair_move,
    place_hot,
)
from corpora.generate.core.bank import RELATIONS
from corpora.generate.core.clock import start_date, varied_schedule
from corpora.generate.core.haystack import (
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    moment_since,
)
from corpora.generate.core.names import NameRegistry
from corpora.generate.core.topics import joining, plain
from corpora.generate.core.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    kit_levers,
    question_rng,
)
from corpora.generate.core.world import (
    MENTION,
    TWIN_KINDS,
    Family,
    Move,
    Person,
    SessionPlan,
    draw_people,
)

VERTICAL = "arithmetic"
ABBREV = "ari"
SEED = 20261202
VERSION = "1.0.0"

H_RANGE = (15, 25)
G_RANGE = (3, 6)
#: Sessions per haystack, drawn independently of G: a haystack's size must say nothing about
#: how many sessions are gold (a count's answer is G). Every H = sessions - G stays in H_RANGE.
SESSIONS_RANGE = (H_RANGE[0] + G_RANGE[1], H_RANGE[1] + G_RANGE[0])
#: G per question of each shape, in question order: every G equally often within each shape
#: (the dispersion ladder is then not a shape ladder), and 12-13 questions per G overall.
G_PLAN: dict[str, tuple[int, ...]] = {
    "count": (3, 4, 5, 6) * 3 + (3, 4),
    "sum": (3, 4, 5, 6) * 3 + (5, 6),
    "delta": (3, 4, 5, 6) * 2 + (3, 6),
    "duration": (3, 4, 5, 6) * 3,
}
#: Slots every session fills, one move each.
PAYMENT_SLOT, EVENT_SLOT = PAYMENT, "event"
RECIPE = (PAYMENT_SLOT, EVENT_SLOT, TWIN_SLOT, MENTION_SLOT)
#: Shapes whose gold is a combination of amounts (the coincident-subset search applies).
COMBINED = ("sum", "delta")
#: Redraws of one haystack's rival amounts before the haystack is given up.
MAX_REDRAWS = 4000
#: Count and duration units recorded in the derivation.
COUNT_UNIT = "times"
DURATION_UNIT = "calendar-days"


@dataclass(frozen=True)
class Plan:
    """What one question asks and how much competition its haystack gets."""

    n: int
    shape: str
    g: int
    h: int
    relation: str
    family: str
    #: People and payment families the haystack's pairs are drawn from.
    people: int
    families: int


def haystack_token(seed: int, key: int) -> str:
    """An opaque token for one haystack, from the corpus seed and the haystack's number only."""
    digest = hashlib.sha256(f"typedmemeval/{VERTICAL}/{seed}/haystack/{key}".encode()).hexdigest()
    return "h" + digest[:10]


def _plans(seed: int, levers: Levers) -> list[Plan]:
    rng = question_rng(seed, VERTICAL, 0, "plans")
    payments = [f.key for f in PAYMENT_FAMILIES] * 4
    dispatches = [f.key for f in DISPATCH_FAMILIES] * 4
    rng.shuffle(payments)
    rng.shuffle(dispatches)
    plans = []
    n = 1
    for shape, gs in G_PLAN.items():
        order = list(gs)
        rng.shuffle(order)
        for g in order:
            family = dispatches.pop() if shape == "duration" else payments.pop()
            plans.append(
                Plan(
                    n=n,
                    shape=shape,
                    g=g,
                    h=rng.randint(*SESSIONS_RANGE) - g,
                    relation=rng.choice(RELATIONS).key,
                    family=family,
                    people=rng.randint(levers["people_min"], levers["people_max"]),
                    families=rng.randint(levers["families_min"], levers["families_max"]),
                )
            )
            n += 1
    return plans


# --- hot groups ---------------------------------------------------------------------------


@dataclass
class Group:
    """One hot group: a kit per person (two for a delta's sides), one family, one currency."""

    kits: list[Kit]
    family: AmountFamily
    currency: str


def slot_of(kind: str) -> str:
    if kind in TWIN_KINDS:
        return TWIN_SLOT
    if kind == MENTION:
        return MENTION_SLOT
    if kind in (DISPATCH, RETURN):
        return EVENT_SLOT
    return PAYMENT_SLOT


def _split(rng: random.Random, total: int, parts: int, least: int) -> list[int]:
    """`total` split into `parts` random shares of at least `least` each."""
    if parts == 1:
        return [total]
    cut = rng.randint(least, total - least)
    return [cut, total - cut]


def _group_kinds(
    layout: random.Random,
    family: AmountFamily,
    statements: int,
    people: int,
    levers: Levers,
) -> list[list[str]]:
    """Move kinds of a group's kits: its statements (a dispatch and returns, or payments),
    twins and mentions split over its people."""
    twins = layout.randint(levers["twins_min"], levers["twins_max"])
    mentions = layout.randint(levers["mentions_min"], levers["mentions_max"])
    shares = _split(layout, statements, people, 1)
    twin_shares = _split(layout, twins, people, 0) if twins else [0] * people
    mention_shares = _split(layout, mentions, people, 0) if mentions else [0] * people
    out = []
    for s, t, m in zip(shares, twin_shares, mention_shares, strict=True):
        if family.statement_kind == DISPATCH:
            kinds = [DISPATCH] + [RETURN] * (s - 1)
        else:
            kinds = [PAYMENT] * s
        kinds += [layout.choice(TWIN_KINDS) for _ in range(t)]
        kinds += [MENTION] * m
        out.append(kinds)
    return out


def _dispatch_first(kit: Kit) -> None:
    """A dispatch kit's dispatch takes the earliest of its dispatch and return sessions, so every
    return comes after the batch went off (the set of sessions stays as placed)."""
    idx = [i for i, k in enumerate(kit.kinds) if k in (DISPATCH, RETURN)]
    sessions = sorted(kit.sessions[i] for i in idx)
    for i, s in zip(idx, sessions, strict=True):
        kit.sessions[i] = s
    first = idx[0]
    kit.kinds[first] = DISPATCH
    for i in idx[1:]:
        kit.kinds[i] = RETURN


#: A batch and its returns sit within this many sessions more than they number, so a parcel
#: arrives, an invitation is answered or a seed comes up days or a couple of weeks after the
#: batch went off (placed anywhere in a haystack, one took two months).
BATCH_SLACK = 2


def _batches_close(rng: random.Random, kits: Sequence[Kit], count: int) -> None:
    """Every dispatch kit's batch and returns moved into a window of consecutive sessions
    (`BATCH_SLACK`), each by swapping sessions with whatever hot move sat there; every
    batch, the asked one and every other alike, and no two batches share a session. The set
    of sessions each kit fills changes, never how many moves a session holds."""
    owner = {s: (ki, mi) for ki, kit in enumerate(kits) for mi, s in enumerate(kit.sessions)}
    taken: set[int] = set()
    for ki, kit in enumerate(kits):
        if kit.family.statement_kind != DISPATCH:
            continue
        idx = [i for i, k in enumerate(kit.kinds) if k in (DISPATCH, RETURN)]
        width = min(count, len(idx) + BATCH_SLACK)
        starts = [
            a
            for a in range(count - width + 1)
            if sum(s not in taken for s in range(a, a + width)) >= len(idx)
        ]
        if not starts:
            raise AllocationError(f"no window of {width} sessions for a batch and its returns")
        start = rng.choice(starts)
        free = [s for s in range(start, start + width) if s not in taken]
        for i, target in zip(idx, sorted(rng.sample(free, len(idx))), strict=True):
            here = kit.sessions[i]
            if target in owner:
                other, move = owner[target]
                kits[other].sessions[move] = here
                owner[here] = (other, move)
            else:
                del owner[here]
            kit.sessions[i] = target
            owner[target] = (ki, i)
            taken.add(target)


# --- the haystack -------------------------------------------------------------------------


@dataclass
class Haystack:
    """A planned haystack: every session's moves, the gold moves and the asked group."""

    slots: list[dict[str, Move]]
    asked: Group
    currency_of: dict[str, str]
    gold: list[tuple[int, Move]] = field(default_factory=list)
    twins: list[tuple[str, int, Move]] = field(default_factory=list)
    #: Cents per amount-bearing move, keyed by the move's identity.
    cents: dict[int, int] = field(default_factory=dict)


def _amount_bearing(move: Move) -> bool:
    return move.family.statement_kind == PAYMENT and move.kind != MENTION


#: Who lives with whom: a household pays in one currency (where it lives), so my mum and dad
#: never pay in two. The user's own circle (neighbour, landlord, work) is one household.
HOUSEHOLDS = (
    ("mum", "dad"),
    ("gran", "grandad"),
    ("aunt", "uncle", "cousin"),
    ("sister", "niece"),
    ("brother", "nephew"),
    ("neighbour", "landlord", "colleague", "boss"),
)


def _households(keys: Sequence[str]) -> list[list[str]]:
    """The cast's households: the listed ones it meets, and anyone else on their own."""
    out = [[k for k in house if k in keys] for house in HOUSEHOLDS]
    grouped = {k for house in out for k in house}
    out += [[k] for k in keys if k not in grouped]
    return [house for house in out if house]


def _cast(rng: random.Random, plan: Plan) -> tuple[list[Person], dict[str, str]]:
    """The haystack's people, the asked one among them, each household paying in one currency
    (households dealt over the currencies, the largest first, each to the currency with the
    fewest people so far: the cast spreads evenly and every currency has two people at least).
    An earlier draft dealt people one by one, so one family paid in dollars, pounds and euros
    (issue 24)."""
    people = draw_people(rng, RELATIONS)
    asked = next(p for p in people if p.key == plan.relation)
    others = [p for p in people if p.key != plan.relation]
    rng.shuffle(others)
    cast = [asked, *others[: plan.people - 1]]
    codes = list(CURRENCIES)
    for _ in range(100):
        houses = _households([p.key for p in cast])
        rng.shuffle(houses)
        houses.sort(key=len, reverse=True)
        rng.shuffle(codes)
        members = {c: 0 for c in codes}
        currency_of: dict[str, str] = {}
        for house in houses:
            fewest = min(members.values())
            code = rng.choice([c for c in codes if members[c] == fewest])
            members[code] += len(house)
            currency_of.update({k: code for k in house})
        if min(members.values()) >= 2:
            return cast, currency_of
    raise AllocationError("no dealing of households gives every currency two people")


def build_haystack(
    plan: Plan,
    rng: random.Random,
    layout: random.Random,
    world: World,
    levers: Levers,
    count: int,
    currency_of: dict[str, str],
) -> Haystack:
    """Hot groups (the asked one first), their placement, and every slot's move."""
    people = world.people
    by_currency: dict[str, list[Person]] = {c: [] for c in CURRENCIES}
    for p in people:
        by_currency[currency_of[p.key]].append(p)
    family_kind = DISPATCH if plan.shape == "duration" else PAYMENT
    families = [f for f in world.families if isinstance(f, AmountFamily)]
    hot_families = [f for f in families if f.statement_kind == family_kind]
    sides = 2 if plan.shape == "delta" else 1

    asked_person = world.person(plan.relation)
    asked_family = next(f for f in families if f.key == plan.family)
    currency = currency_of[asked_person.key]
    asked_people = [asked_person]
    if sides == 2:
        asked_people.append(rng.choice([p for p in by_currency[currency] if p != asked_person]))
    groups: list[Group] = []
    used: set[tuple[str, str]] = set()

    def add_group(group_people: list[Person], family: AmountFamily, statements: int) -> None:
        kinds = _group_kinds(layout, family, statements, len(group_people), levers)
        kits = [Kit(p, family, None, k) for p, k in zip(group_people, kinds, strict=True)]
        groups.append(Group(kits, family, currency_of[group_people[0].key]))
        used.update((p.key, family.key) for p in group_people)

    add_group(asked_people, asked_family, plan.g)
    load: Counter[str] = Counter()

    def moves(group: Group) -> int:
        return sum(len(k.kinds) for k in group.kits)

    load[currency] += moves(groups[0])
    while sum(moves(g) for g in groups) < count:
        # The next group goes to the currency carrying the fewest hot moves so far, so no
        # currency (the asked one included) is the haystack's centre of mass.
        fewest = min(load[c] for c in CURRENCIES)
        options = [c for c in CURRENCIES if load[c] == fewest]
        chosen = rng.choice(sorted(options))
        pool = by_currency[chosen]
        fams = [f for f in hot_families if sum((p.key, f.key) not in used for p in pool) >= sides]
        if not fams:
            load[chosen] += count  # nothing left to give this currency
            if all(load[c] >= count for c in CURRENCIES):
                raise AllocationError(f"{world.owner}: no free pair for another hot group")
            continue
        family = rng.choice(fams)
        free = [p for p in pool if (p.key, family.key) not in used]
        chosen_people = rng.sample(free, sides)
        add_group(chosen_people, family, layout.randint(*G_RANGE))
        load[chosen] += moves(groups[-1])
    kits = [k for g in groups for k in g.kits]
    fit_kits(layout, kits, count)
    place_hot(layout, kits, count)
    _batches_close(layout, kits, count)
    for kit in kits:
        if kit.family.statement_kind == DISPATCH:
            _dispatch_first(kit)

    slots: list[dict[str, Move]] = [{} for _ in range(count)]
    haystack = Haystack(slots, groups[0], currency_of)
    asked_kits = {id(k) for k in groups[0].kits}
    for kit in kits:
        for kind, s in zip(kit.kinds, kit.sessions, strict=True):
            move = _move(kind, kit.person, kit.family, world, rng)
            slots[s][slot_of(kind)] = move
            if id(kit) in asked_kits:
                if kind in (PAYMENT, DISPATCH, RETURN):
                    move.evidence = True
                    haystack.gold.append((s, move))
                elif kind in TWIN_KINDS:
                    haystack.twins.append((kind, s, move))
    _fill_cold(haystack, world, rng, used, family_kind)
    haystack.gold.sort(key=lambda sm: sm[0])
    haystack.twins.sort(key=lambda t: t[1])
    return haystack


def _move(kind: str, person: Person, family: Family, world: World, rng: random.Random) -> Move:
    if kind in TWIN_KINDS:
        # A rival is told in the words of the fact it rivals (a payment, a return, a batch sent
        # off), about the person; what makes it a rival comes in the user's next turn.
        move = pair_move(kind, person, family, None, world, rng)
        move.told_as = family.clause_key(kind)
        return move
    if kind == MENTION:
        return pair_move(kind, person, family, None, world, rng)
    return Move(kind, person, family, world.value(family, rng))


def _fill_cold(
    haystack: Haystack,
    world: World,
    rng: random.Random,
    hot: set[tuple[str, str]],
    family_kind: str,
) -> None:
    """Every empty slot gets a move about a pair no hot group owns. Amount-bearing moves go to
    whichever currency holds the fewest amounts so far, so every currency ends up with as many
    values as any other."""
    cold = [(p, f) for p in world.people for f in world.families if (p.key, f.key) not in hot]
    payments = [(p, f) for p, f in cold if f.statement_kind == PAYMENT]
    dispatches = [(p, f) for p, f in cold if f.statement_kind == DISPATCH]
    twin_pool = payments if family_kind == PAYMENT else dispatches
    held: Counter[str] = Counter(
        haystack.currency_of[m.person.key]
        for slot in haystack.slots
        for m in slot.values()
        if _amount_bearing(m)
    )

    def balanced(pool: list[tuple[Person, Family]], moves: list[Move]) -> tuple[Person, Family]:
        fewest = min(held[c] for c in CURRENCIES)
        options = [pf for pf in pool if held[haystack.currency_of[pf[0].key]] == fewest]
        return joining(rng, options or pool, moves, plain)

    order = [(s, slot) for s in range(len(haystack.slots)) for slot in RECIPE]
    rng.shuffle(order)
    for s, slot in order:
        moves = haystack.slots[s]
        if slot in moves:
            continue
        said = list(moves.values())
        if slot == PAYMENT_SLOT:
            p, f = balanced(payments, said)
            move = _move(PAYMENT, p, f, world, rng)
        elif slot == EVENT_SLOT:
            p, f = joining(rng, dispatches, said, plain)
            move = _move(rng.choice((DISPATCH, RETURN)), p, f, world, rng)
        elif slot == TWIN_SLOT:
            p, f = (
                balanced(twin_pool, said)
                if family_kind == PAYMENT
                else joining(rng, twin_pool, said, plain)
            )
            move = _move(rng.choice(TWIN_KINDS), p, f, world, rng)
        else:
            p, f = joining(rng, cold, said, plain)
            move = _move(MENTION, p, f, world, rng)
        moves[slot] = move
        if _amount_bearing(move):
            held[haystack.currency_of[p.key]] += 1


# --- amounts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A question's gold value in hundredths (cents for money; days or times × 100), and for
    sums and deltas the gold amounts with their signs, as (move id, sign)."""

    hundredths: int
    members: tuple[tuple[int, int], ...] = ()


TargetOf = Callable[["Haystack"], Target]


#: What a payment of each family plausibly costs, in hundredths, inside `AMOUNT_CENTS` (every
#: amount keeps three or four whole digits). One range for everything put 4,511.07 on a filling.
FAMILY_CENTS = {
    "vet": (100_00, 650_00),
    "garage": (120_00, 1_800_00),
    "flights": (100_00, 1_400_00),
    "furniture": (150_00, 2_500_00),
    "dentist": (100_00, 900_00),
    "builders": (400_00, 4_999_99),
    "course": (120_00, 1_500_00),
    "holiday": (300_00, 2_800_00),
    "bike": (100_00, 1_200_00),
    "tickets": (100_00, 450_00),
    "plumber": (100_00, 950_00),
    "phone": (100_00, 900_00),
}


def _draw(rng: random.Random, family: str) -> int:
    low, high = FAMILY_CENTS.get(family, AMOUNT_CENTS)
    return rng.randint(max(low, AMOUNT_CENTS[0]), min(high, AMOUNT_CENTS[1]))


def answer_number(shape: str, hundredths: int) -> str:
    """The number an answer gives: two decimals for money, a whole number otherwise."""
    if shape in COMBINED:
        return f"{hundredths // 100}.{hundredths % 100:02d}"
    return str(hundredths // 100)


def assign_amounts(
    haystack: Haystack, shape: str, rng: random.Random, target_of: TargetOf
) -> Target:
    """Draw every amount; then redraw non-gold amounts until the haystack is clean: no other
    combination of up to G + 1 values of the asked currency reaches the gold (sums, deltas),
    no amount anywhere equals the gold value, and no non-gold amount shares a token with the
    answer's number (the answer-leak screen would otherwise find it)."""
    moves = [m for slot in haystack.slots for m in slot.values() if _amount_bearing(m)]
    for m in moves:
        haystack.cents[id(m)] = _draw(rng, m.family.key)
    gold_ids = {id(m) for _, m in haystack.gold}
    g = len(haystack.gold)
    pool = [m for m in moves if haystack.currency_of[m.person.key] == haystack.asked.currency]
    index = {id(m): i for i, m in enumerate(pool)}
    for _ in range(MAX_REDRAWS):
        target = target_of(haystack)
        wanted = {t for t in raw_tokens(answer_number(shape, target.hundredths)) if len(t) >= 3}
        bad = next(
            (
                m
                for m in moves
                if id(m) not in gold_ids
                and (
                    haystack.cents[id(m)] == target.hundredths
                    or set(raw_tokens(amount_text(haystack.cents[id(m)]))) & wanted
                )
            ),
            None,
        )
        if bad is None and shape in COMBINED:
            items = [Item(haystack.cents[id(m)] / 100, 0, i) for i, m in enumerate(pool)]
            gold = frozenset((index[mid], sign) for mid, sign in target.members)
            found = coincident_subset(
                items, gold, target.hundredths / 100, g + 1, EPS, signed=shape == "delta"
            )
            if found is not None:
                rivals = [pool[i] for i, _ in found if id(pool[i]) not in gold_ids]
                if not rivals:
                    raise AllocationError("a combination of gold values alone reaches the gold")
                bad = rng.choice(rivals)
        if bad is None:
            return target
        haystack.cents[id(bad)] = _draw(rng, bad.family.key)
    raise AllocationError(f"no clean amounts after {MAX_REDRAWS} redraws")


def _sum_target(haystack: Haystack) -> Target:
    total = sum(haystack.cents[id(m)] for _, m in haystack.gold)
    return Target(total, tuple((id(m), 1) for _, m in haystack.gold))


def delta_sides(haystack: Haystack) -> tuple[Person, Person]:
    """(larger side, smaller side): the person whose payments total more comes first."""
    totals: Counter[str] = Counter()
    for _, m in haystack.gold:
        totals[m.person.key] += haystack.cents[id(m)]
    a, b = (k.person for k in haystack.asked.kits)
    return (a, b) if totals[a.key] >= totals[b.key] else (b, a)


def _delta_target(haystack: Haystack) -> Target:
    a, _ = delta_sides(haystack)
    members = tuple((id(m), 1 if m.person == a else -1) for _, m in haystack.gold)
    return Target(sum(sign * haystack.cents[mid] for mid, sign in members), members)


def _count_target(haystack: Haystack) -> Target:
    return Target(len(haystack.gold) * 100)


def _days_target(plans: Sequence[SessionPlan]) -> TargetOf:
    def target(haystack: Haystack) -> Target:
        start = plans[haystack.gold[0][0]].moment.date()
        days = sum((plans[s].moment.date() - start).days for s, _ in haystack.gold[1:])
        return Target(days * 100)

    return target


# --- the question ---------------------------------------------------------------------------


def _families(rng: random.Random, plan: Plan) -> list[AmountFamily]:
    """The haystack's payment families (the asked one among them, for payment shapes) and
    every dispatch family."""
    payments = [f for f in PAYMENT_FAMILIES if f.key != plan.family]
    rng.shuffle(payments)
    chosen = payments[: plan.families]
    if plan.shape != "duration":
        chosen = [next(f for f in PAYMENT_FAMILIES if f.key == plan.family), *chosen[1:]]
    return [*chosen, *DISPATCH_FAMILIES]


def _derivation(
    plan: Plan, haystack: Haystack, target: Target, plans: Sequence[SessionPlan]
) -> Derivation:
    gold = haystack.gold
    if plan.shape == "duration":
        start = gold[0][0]
        first = plans[start].moment.date()
        return Derivation(
            operation="duration",
            inputs=[
                DerivationInput(
                    session_index=s,
                    from_session_index=start,
                    value=float((plans[s].moment.date() - first).days),
                )
                for s, _ in gold[1:]
            ],
            value=target.hundredths / 100,
            unit=DURATION_UNIT,
        )
    if plan.shape == "count":
        return Derivation(
            operation="count",
            inputs=[DerivationInput(session_index=s, value=1.0) for s, _ in gold],
            value=float(len(gold)),
            unit=COUNT_UNIT,
        )
    inputs = [DerivationInput(session_index=s, value=haystack.cents[id(m)] / 100) for s, m in gold]
    sides: list[Literal["a", "b"]] | None = None
    if plan.shape == "delta":
        a, _ = delta_sides(haystack)
        sides = ["a" if m.person == a else "b" for _, m in gold]
    return Derivation(
        operation="sum" if plan.shape == "sum" else "delta",
        inputs=inputs,
        value=target.hundredths / 100,
        unit=haystack.asked.currency,
        sides=sides,
    )


def _question_and_answer(
    plan: Plan, haystack: Haystack, target: Target, rng: random.Random
) -> tuple[str, str]:
    """The question text (it names the person, or both people, and the family; never an amount)
    and the gold answer."""
    family = haystack.asked.family
    number = answer_number(plan.shape, target.hundredths)
    word = CURRENCIES[haystack.asked.currency]
    if plan.shape == "duration":
        forms = haystack.asked.kits[0].person.forms()
        return family.questions[0].format(**forms), f"{number} days"
    if plan.shape == "delta":
        a, b = delta_sides(haystack)
        forms = a.forms()
        text = rng.choice(DELTA_QUESTIONS).format(
            holder=forms["holder"],
            spent_on=family.spent_on.format(**forms),
            other=b.forms()["holder"],
        )
        return capitalise(text), f"{number} {word} more"
    forms = haystack.asked.kits[0].person.forms()
    if plan.shape == "count":
        text = rng.choice(COUNT_QUESTIONS).format(
            holder=forms["holder"], spent_on=family.spent_on.format(**forms)
        )
        return capitalise(text), f"{number} times"
    text = rng.choice(SUM_QUESTIONS).format(
        holder=forms["holder"], spent_on=family.spent_on.format(**forms)
    )
    return capitalise(text), f"{number} {word}"


def _candidates(haystack: Haystack) -> list[Candidate]:
    """Every payment and payment twin of the asked family, gold or not, with its match record:
    only the asked person's own payments match."""
    family = haystack.asked.family
    gold = {id(m) for _, m in haystack.gold}
    out = []
    for s, slot in enumerate(haystack.slots):
        for kind in (PAYMENT_SLOT, TWIN_SLOT):
            move = slot[kind]
            if move.family.key == family.key and move.value is not None:
                out.append(Candidate(session_index=s, matches=id(move) in gold, label=move.value))
    return out


def _twin_value(move: Move, haystack: Haystack) -> str:
    if _amount_bearing(move):
        return str(move.extra["A"])
    return str(move.value)


def build_question(
    *, seed: int, revision: str, plan: Plan, names: NameRegistry, levers: Levers
) -> AssembledQuestion:
    """One question and its haystack (redrawn from the question's own generator, under a new
    attempt label, when an allocation cannot be met)."""
    for attempt in range(20):
        try:
            return _build_question(seed, revision, plan, names, levers, attempt)
        except AllocationError:
            continue
    raise AllocationError(f"question {plan.n}: no haystack after 20 attempts")


def _build_question(
    seed: int, revision: str, plan: Plan, names: NameRegistry, levers: Levers, attempt: int
) -> AssembledQuestion:
    qid = question_id(ABBREV, revision, plan.n)
    part = f"attempt {attempt}" if attempt else ""
    rng = question_rng(seed, VERTICAL, plan.n, part)
    layout = question_rng(seed, VERTICAL, plan.n, f"layout {part}".strip())
    cast, currency_of = _cast(rng, plan)
    world = World(rng, names, qid, cast, _families(rng, plan))
    count = plan.h + plan.g
    moments = varied_schedule(rng, start_date(rng), count)
    asked_at = moments[-1] + timedelta(days=rng.randint(1, 3), hours=rng.randint(1, 9))
    haystack = build_haystack(plan, rng, layout, world, levers, count, currency_of)

    plans = []
    for s in range(count):
        moves = [haystack.slots[s][slot] for slot in RECIPE]
        rng.shuffle(moves)
        for move in moves:
            # A dispatch or return happened today, in the session that reports it.
            timed = move.family.statement_kind == DISPATCH and move.kind != MENTION
            move.when = moments[s] if timed else moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))

    target_of: TargetOf = {
        "sum": _sum_target,
        "delta": _delta_target,
        "count": _count_target,
        "duration": _days_target(plans),
    }[plan.shape]
    target = assign_amounts(haystack, plan.shape, rng, target_of)
    for slot in haystack.slots:
        for move in slot.values():
            if _amount_bearing(move):
                cents = haystack.cents[id(move)]
                move.extra = {"A": format_amount(cents, currency_of[move.person.key])}

    question, answer = _question_and_answer(plan, haystack, target, rng)
    count_shape = plan.shape == "count"
    forms = haystack.asked.kits[0].person.forms()
    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=plan.shape,
        derivation=_derivation(plan, haystack, target, plans),
        count_predicate=(
            f"{forms['holder']} spent money {haystack.asked.family.spent_on.format(**forms)}"
            if count_shape
            else None
        ),
        candidates=_candidates(haystack) if count_shape else None,
        fact_family=haystack.asked.family.key,
        twins=[
            Twin(kind=kind, session_index=s, value=_twin_value(m, haystack))
            for kind, s, m in haystack.twins
        ]
        or None,
        difficulty=plan.g - G_RANGE[0] + 1,
        difficulty_dial="dispersion",
        seeded_from=f"{VERTICAL} seed {seed}, question {plan.n}",
    )
    return assemble_question(
        question_id=qid,
        session_owner=haystack_token(seed, plan.n),
        question=question,
        answer=answer,
        question_date=asked_at,
        plans=plans,
        block=block,
        rng=rng,
        bank=AMOUNTS_BANK,
    )


def build(
    seed: int, revision: str, levers: Levers, *, only: Collection[int] | None = None
) -> Built:
    """The corpus for one setting of the competition levers (`only`: just these question
    numbers, for tests; the rest are skipped without changing what the others contain)."""
    names = NameRegistry()
    assembled = [
        build_question(seed=seed, revision=revision, plan=plan, names=names, levers=levers)
        for plan in _plans(seed, levers)
        if only is None or plan.n in only
    ]
    return Built(assembled, names, levers)


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        kit_levers(twins=(2, 4), mentions=(1, 2), people=(12, 16), families=(8, 10)),
        kit_levers(twins=(1, 3), mentions=(1, 2), people=(12, 16), families=(8, 10)),
        kit_levers(twins=(1, 2), mentions=(1, 2), people=(12, 16), families=(8, 10)),
        kit_levers(twins=(1, 2), mentions=(0, 1), people=(12, 16), families=(8, 10)),
    ),
    build=build,
    notes=(
        "G 3-6 equally often within every shape (count 14, sum 14, delta 10, duration 12); "
        "difficulty = G - 2 on the dispersion dial",
        "amounts in cents within 100.00-4,999.99, each kind of payment in its own plausible range, "
        "one currency per household, four currencies balanced per haystack; "
        "rival amounts of the asked currency redrawn until no other combination of up to "
        "G + 1 of them reaches the gold",
    ),
)
