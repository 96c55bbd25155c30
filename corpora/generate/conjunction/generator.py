"""TypedMemEval-Conjunction: value-then-count 20, alias-then-count 15, order-then-value 15,
invalidation-then-sum 15 (SPEC §3).

Every haystack is a circle of people and the clubs they belong to (`clubs`), and every
question composes two halves, each of another memory type:

| shape | resolve (first half) | apply (second half) | gold |
|---|---|---|---|
| value-then-count | the club the named person belongs to | how many others belong to it | their statements |
| alias-then-count | the other name the named person goes by | how many clubs are stated under it | the introduction and those statements |
| order-then-value | who joined a kind of club first or last, from pairwise order sentences | that member's club | the order sentences and the member's statement |
| invalidation-then-sum | which of the named person's memberships was cancelled later | the monthly fees of the rest, added | every membership, the cancellation |

Every haystack is filled with groups: after the asked group and its first rival (whose size
differs from the asked group's, so the operand half alone never fixes a count), rival groups are
added while their structural moves fit, leaving two to four sessions for optional twins and
mentions. Cold moves never concern a kind of club some group is made of.

Hot groups. The asked group (a club's members, an aliased person's memberships, an order chain,
a person's fee-paying memberships) is one of several in its haystack built by the same code
from the same distribution: the others are the haystack's questions not asked, and each group
gets value-bearing twins — a club considered and dropped, a membership rumoured and denied,
with a fee where fees are stated — that a reader must not count. Every session makes the same
moves, one per slot of its shape's recipe, and exactly one of them belongs to a hot group; the
rest are cold (pairs that come up once). So a gold session is an ordinary session whose hot
move happens to be part of the asked group, and no count of moves, values or fees tells it
apart.

No wording tells it apart either. A twin is said in a true membership's own frames and
clauses, fee and all, and what became of it comes in the user's next turn (a status naming no
word a question asks by, `clubs.CLUB_STATUSES`), which true memberships get at times too. In
an invalidation-then-sum haystack the whole circle pays in one currency, drawn per haystack
(`clubs.household_currency`: mostly pounds, else euros); every membership and twin of a paying
person (the asked one and the rivals) is stated with a fee, cold moves state none, and while
some other combination of up to G + 1 of the haystack's fees reaches the total, a fee of it
that is not one of the sum's inputs is redrawn, so the total is reached by no other choice of
fees a reader might add up.

Each question records both halves as `events` (CNJ001-CNJ003 recompute the answer from them),
its gold components (the resolving half's kinds declared in the profile), and for the count
and sum shapes a derivation re-checked by DRV001-DRV004. Haystack sizes are drawn independently
of G, so a haystack's length says nothing about a count.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta

from checker.formats.corpus import (
    Candidate,
    Derivation,
    DerivationInput,
    Event,
    GoldComponent,
    Relation,
    Twin,
    TypedMemEvalBlock,
)
from checker.formats.ids import haystack_token, question_id
from checker.rules.derivation import EPS, Item, coincident_subset
from corpora.generate.conjunction.clubs import (
    CLUB_BANK,
    CLUB_FAMILIES,
    CLUB_KIND,
    CLUB_TWINS,
    ORDER_AFTER,
    ORDER_BEFORE,
    ORDER_KINDS,
    amount_text,
    called,
    fee_placeholders,
    household_currency,
    introduced,
    other_forms,
    symbol_of,
)
from corpora.generate.core.allocate import AllocationError, Kit, place_hot
from corpora.generate.core.bank import RELATIONS
from corpora.generate.core.clock import start_date, varied_schedule
from corpora.generate.core.haystack import (
    AssembledQuestion,
    World,
    assemble_question,
    capitalise,
    moment_since,
)
from corpora.generate.core.names import NameRegistry, given_kind
from corpora.generate.core.render import Remarks
from corpora.generate.core.topics import joining, plain
from corpora.generate.core.vertical import (
    Built,
    Levers,
    VerticalGenerator,
    equal_strata,
    kit_levers,
    question_rng,
)
from corpora.generate.core.world import (
    INVALIDATION,
    MENTION,
    REAFFIRMATION,
    STATEMENT,
    Family,
    Move,
    Person,
    SessionPlan,
    draw_people,
)

VERTICAL = "conjunction"
ABBREV = "con"
SEED = 20261209
VERSION = "1.0.0"

VALUE_COUNT, ALIAS_COUNT, ORDER_VALUE, INVALIDATION_SUM = (
    "value-then-count",
    "alias-then-count",
    "order-then-value",
    "invalidation-then-sum",
)
#: Shapes in question-id order, with their counts.
SHAPES = ((VALUE_COUNT, 20), (ALIAS_COUNT, 15), (ORDER_VALUE, 15), (INVALIDATION_SUM, 15))
#: Gold sessions per question, each G equally often within a shape: a count's named person and
#: one to three others (or an introduction and one to three memberships); chains of three or
#: four; a sum's two or three fees left standing, so the total is never a fee some session
#: states, with the cancelled membership and its cancellation.
G_BY_SHAPE = {
    VALUE_COUNT: (2, 3, 4),
    ALIAS_COUNT: (2, 3, 4),
    ORDER_VALUE: (3, 4),
    INVALIDATION_SUM: (4, 5),
}
H_RANGE = (15, 25)
#: Sessions per haystack, drawn independently of G (a count's answer is G - 1): every
#: H = sessions - G stays in H_RANGE.
SESSIONS_RANGE = (
    H_RANGE[0] + max(max(g) for g in G_BY_SHAPE.values()),
    H_RANGE[1] + min(min(g) for g in G_BY_SHAPE.values()),
)
#: Statement-to-cancellation distance in sessions (Forgetting's 4-15 sessions between).
GAP_RANGE = (5, 15)
#: Group sizes every hot group of a shape is drawn from (the asked one's is fixed by its G):
#: a club's members, a person's memberships plus one; a chain's members.
GROUP_SIZES = (2, 3, 4, 5)
CHAIN_SIZES = (3, 4, 5)
#: Fees in cents (8.00-65.00 a month).
FEE_CENTS = (800, 6500)

STATEMENT_SLOT, EVENT_SLOT, ORDER_SLOT, TWIN_SLOT, MENTION_SLOT = (
    "statement",
    "event",
    "order",
    "twin",
    "mention",
)
#: The slots every session of a shape fills, one move each.
RECIPES: dict[str, tuple[str, ...]] = {
    VALUE_COUNT: (STATEMENT_SLOT, TWIN_SLOT, MENTION_SLOT),
    ALIAS_COUNT: (STATEMENT_SLOT, TWIN_SLOT, MENTION_SLOT),
    ORDER_VALUE: (STATEMENT_SLOT, ORDER_SLOT, TWIN_SLOT, MENTION_SLOT),
    INVALIDATION_SUM: (STATEMENT_SLOT, EVENT_SLOT, TWIN_SLOT, MENTION_SLOT),
}
#: Share of cold events that are invalidations (invalidation-then-sum haystacks).
COLD_INVALIDATION_SHARE = 0.5

_COUNT_WORDS = {0: "None", 1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}


def _plural(count: int, noun: str) -> str:
    return noun if count == 1 else f"{noun}s"


def slot_of(kind: str) -> str:
    if kind in (INVALIDATION, REAFFIRMATION):
        return EVENT_SLOT
    if kind in ORDER_KINDS:
        return ORDER_SLOT
    if kind in CLUB_TWINS:
        return TWIN_SLOT
    return kind


@dataclass(frozen=True)
class Spec:
    """One question's plan: shape, gold size, haystack size, whom and what it asks about."""

    n: int
    shape: str
    g: int
    sessions: int
    relation: str
    family: str
    arm: str | None
    people: int
    families: int
    #: order-then-value: where the answer's statement falls among the asked kind's value-bearing
    #: sentences, as a share of the way from the latest to the earliest (`_answer_places`).
    place: float | None = None


@dataclass
class Hot:
    """One hot move before it is placed: what it says and about whom."""

    kind: str
    person: Person
    family: Family
    value: str | None
    #: How the sentence names the person (plain, by another name, or introducing it).
    named: Person
    #: The hot group it belongs to (0 is the asked group).
    group: int
    extra: dict[str, str] = field(default_factory=dict)
    #: (unit, cents) of the fee it states, if any.
    fee: tuple[str, int] | None = None
    #: Order moves: the other person; invalidations: the statement it ends (index into hots).
    other: Person | None = None
    ends: int | None = None
    #: An introduction's other name for the person (`my cousin Tarvo` gives `Tarvo`).
    alias: str = ""
    #: Where it landed.
    session: int = -1


@dataclass
class Groups:
    """A haystack's hot moves and what the asked group is made of."""

    hots: list[Hot]
    #: Indices into `hots` of the asked group's evidence (its gold moves).
    gold: list[int]
    #: order-then-value: the asked chain, first joiner first.
    chain: list[Person] = field(default_factory=list)
    #: alias-then-count: the asked person's other name.
    name: str = ""
    #: value-then-count: the asked club's value.
    value: str = ""
    #: Kinds of club a group is made of (clubs, chains; not people): cold moves leave them
    #: alone, so every move about one of them is some group's.
    kinds: frozenset[str] = frozenset()
    #: invalidation-then-sum: the one currency every fee of the haystack is stated in.
    unit: str = ""


# --- plans ----------------------------------------------------------------------------------


def _specs(seed: int, levers: Levers) -> list[Spec]:
    """Every question's plan. Within each shape every G is equally common and the haystack
    size is drawn independently of it; asked kinds of club cycle so each is asked about."""
    rng = question_rng(seed, VERTICAL, 0, "specs")
    places = _answer_places(seed)
    keys = [f.key for f in CLUB_FAMILIES]
    specs: list[Spec] = []
    for shape, count in SHAPES:
        values = G_BY_SHAPE[shape]
        gs = [values[i % len(values)] for i in range(count)]
        rng.shuffle(gs)
        arms = (["first", "last"] * count)[:count]
        rng.shuffle(arms)
        fams = keys * 3
        rng.shuffle(fams)
        for i in range(count):
            specs.append(
                Spec(
                    n=len(specs) + 1,
                    shape=shape,
                    g=gs[i],
                    sessions=rng.randint(*SESSIONS_RANGE),
                    relation=rng.choice(RELATIONS).key,
                    family=fams[i],
                    arm=arms[i] if shape == ORDER_VALUE else None,
                    people=rng.randint(levers["people_min"], levers["people_max"]),
                    families=rng.randint(levers["families_min"], levers["families_max"]),
                )
            )
    each = iter(places)
    return [replace(s, place=next(each)) if s.shape == ORDER_VALUE else s for s in specs]


def _answer_places(seed: int) -> list[float]:
    """Where each order-then-value question's answer falls among its kind's value-bearing
    sentences, as a share of the way from the latest to the earliest: the middles of equal
    strata of [0, 1), one per question, shuffled. Whatever the number of such sentences in a
    haystack, every place is then taken about equally often over the shape, so no reader who
    picks the latest value, the one before it, the first or the second is right more often
    than chance. Drawn from a generator of their own, so every other draw stays as it was."""
    rng = question_rng(seed, VERTICAL, 0, "answer places")
    return equal_strata(rng, dict(SHAPES)[ORDER_VALUE])


def _cast(rng: random.Random, spec: Spec) -> tuple[list[Person], list[Family]]:
    """The haystack's people (the asked one among them) and kinds of club (the asked one
    first)."""
    people = draw_people(rng, RELATIONS)
    asked = next(p for p in people if p.key == spec.relation)
    others = [p for p in people if p.key != spec.relation]
    rng.shuffle(others)
    fams = [f for f in CLUB_FAMILIES if f.key != spec.family]
    rng.shuffle(fams)
    chosen = [next(f for f in CLUB_FAMILIES if f.key == spec.family), *fams]
    return [asked, *others[: spec.people - 1]], chosen[: spec.families]


def _sizes(rng: random.Random, asked: int, rivals: int, choices: Sequence[int]) -> list[int]:
    """Group sizes: the asked one's, then each rival's from the same choices, the first rival's
    different from the asked one's (so the operand half alone never fixes a count)."""
    sizes = [asked]
    for i in range(rivals):
        sizes.append(rng.choice([c for c in choices if c != asked] if i == 0 else list(choices)))
    return sizes


def _budget(layout: random.Random, spec: Spec, levers: Levers) -> int:
    """Sessions the groups' structural moves may take: the rest (`slack`) is left to the
    groups' optional twins and mentions."""
    return spec.sessions - layout.randint(levers["slack_min"], levers["slack_max"])


def _more(
    layout: random.Random, costs: list[int], budget: int, draw: Callable[[], int], cap: int
) -> None:
    """Add rival groups' costs (structural moves) drawn one at a time while they fit the
    budget, up to `cap` groups: every haystack is as full of groups as its size allows."""
    while len(costs) < cap:
        cost = draw()
        if sum(costs) + cost > budget:
            return
        costs.append(cost)


def _statement(
    group: int,
    person: Person,
    family: Family,
    value: str,
    named: Person | None = None,
    fee: tuple[str, int] | None = None,
) -> Hot:
    return Hot(STATEMENT, person, family, value, named or person, group, fee=fee)


def _twin(
    rng: random.Random,
    group: int,
    person: Person,
    family: Family,
    value: str,
    named: Person | None = None,
    fee: tuple[str, int] | None = None,
) -> Hot:
    return Hot(rng.choice(CLUB_TWINS), person, family, value, named or person, group, fee=fee)


def _fill(rng: random.Random, hots: list[Hot], sessions: int, optional: list[Hot]) -> None:
    """Make the hot moves number exactly `sessions`: every structural move is kept, and the
    optional twins and near-miss mentions (drawn alike for every group) are taken in a random
    order until every session has one; when they run short, near-miss mentions of randomly
    drawn optional moves' people and kinds of club are added (every group alike)."""
    need = sessions - len(hots)
    if need < 0:
        raise AllocationError(f"{len(hots)} structural hot moves cannot fit {sessions} sessions")
    if not optional and need:
        raise AllocationError(f"no optional hot moves to fill {need} sessions")
    rng.shuffle(optional)
    while len(optional) < need:
        h = rng.choice(optional)
        optional.append(Hot(MENTION, h.person, h.family, None, h.named, h.group))
    hots += optional[:need]


def _fee(world: World, unit: str) -> tuple[str, int]:
    return (unit, world.rng.randint(*FEE_CENTS))


def _extras(
    layout: random.Random,
    world: World,
    levers: Levers,
    groups: Sequence[tuple[Sequence[Person], Family | None]],
    *,
    values: Sequence[Sequence[str]] | None = None,
    named: dict[str, Person] | None = None,
    units: Sequence[str] | None = None,
) -> list[Hot]:
    """Every group's optional moves, drawn alike: twins (a person of the group's twin people
    naming one of its values, or a fresh one, in a kind of club of the group's or any) and
    near-miss mentions (a person of the group, no value)."""
    out: list[Hot] = []
    shown = named or {}
    for g, (people, family) in enumerate(groups):
        for _ in range(layout.randint(levers["twins_min"], levers["twins_max"])):
            who = layout.choice(list(people))
            fam = family or layout.choice(world.families)
            pool = values[g] if values is not None else ()
            value = layout.choice(list(pool)) if pool else world.value(fam)
            fee = _fee(world, units[g]) if units is not None else None
            out.append(_twin(layout, g, who, fam, value, shown.get(who.key), fee))
        for _ in range(layout.randint(levers["mentions_min"], levers["mentions_max"])):
            who = layout.choice(list(people))
            fam = family or layout.choice(world.families)
            out.append(Hot(MENTION, who, fam, None, shown.get(who.key, who), g))
    return out


# --- the four shapes' hot groups ------------------------------------------------------------


def _value_count(layout: random.Random, world: World, spec: Spec, levers: Levers) -> Groups:
    """Clubs with several members each: the asked club (the named person among its members),
    rival clubs of the same kind and clubs of other kinds. Twins name a club for someone who is
    not a member (considered, or rumoured and denied), or another club of its kind for one who
    is."""
    asked, family = world.person(spec.relation), world.family(spec.family)
    rivals = layout.randint(levers["same_min"], levers["same_max"])
    # Rival clubs of the asked kind are drawn from the asked club's own sizes, so neither the
    # largest nor the smallest club of the kind is more often the asked one.
    sizes = _sizes(layout, spec.g, rivals, G_BY_SHAPE[VALUE_COUNT])
    while len(sizes) > 2 and sum(sizes) > len(world.people):
        sizes.pop()
    plan: list[tuple[Family, int]] = [(family, s) for s in sizes]
    others = [f for f in world.families if f is not family]
    # Clubs of other kinds, as many as the haystack holds.
    extra = list(sizes)
    _more(layout, extra, _budget(layout, spec, levers), lambda: layout.choice(GROUP_SIZES), 12)
    plan += [(layout.choice(others), size) for size in extra[len(sizes) :]]
    hots: list[Hot] = []
    members: list[list[Person]] = []
    values: list[str] = []
    for g, (fam, size) in enumerate(plan):
        free = [p for p in world.people if not world.taken(p, fam) and p is not asked]
        if len(free) < size:
            raise AllocationError(f"{len(free)} people free for a club of {size}")
        chosen = [asked, *layout.sample(free, size - 1)] if g == 0 else layout.sample(free, size)
        value = world.value(fam)
        for p in chosen:
            world.fact(p, fam).value = value
            hots.append(_statement(g, p, fam, value))
        members.append(chosen)
        values.append(value)
    gold = list(range(len(members[0])))
    optional = _extras(
        layout,
        world,
        levers,
        [
            ([p for p in world.people if p not in members[g]], fam)
            for g, (fam, _) in enumerate(plan)
        ],
        values=[[v] for v in values],
    )
    # A member considers, or is rumoured to be in, another club of the same kind.
    for g, (fam, _) in enumerate(plan):
        same = [values[h] for h, (f, _) in enumerate(plan) if f is fam and h != g]
        for _ in range(layout.randint(levers["member_twins_min"], levers["member_twins_max"])):
            value = layout.choice(same) if same else world.value(fam)
            optional.append(_twin(layout, g, layout.choice(members[g]), fam, value))
    _fill(layout, hots, spec.sessions, optional)
    return Groups(hots, gold, value=values[0], kinds=frozenset(f.key for f, _ in plan))


def _alias_count(layout: random.Random, world: World, spec: Spec, levers: Levers) -> Groups:
    """People who go by another name: the asked one and rivals. Each is introduced once in
    passing (a twin or mention naming them both ways, `my cousin Tarvo`) and otherwise named by
    that name only, with memberships of several kinds of club stated under it; their twins and
    mentions use the name too, and no statement names them by relation."""
    asked = world.person(spec.relation)
    # Rivals' numbers of memberships are drawn from the asked person's own range.
    choices = tuple(g - 1 for g in G_BY_SHAPE[ALIAS_COUNT])
    counts = _sizes(layout, spec.g - 1, 1, choices)
    # Each person's memberships and introduction; rivals as many as the haystack holds.
    costs = [c + 1 for c in counts]
    cap = min(len(world.people), levers["rivals_max"] + 1)

    def least_common() -> int:
        # Each rival takes a number of memberships the haystack has fewest of so far, so the
        # most common number is no more often the asked person's than any other.
        seen = Counter(c - 1 for c in costs)
        fewest = min(seen[c] for c in choices)
        return layout.choice([c for c in choices if seen[c] == fewest]) + 1

    _more(layout, costs, _budget(layout, spec, levers), least_common, cap)
    counts = [c - 1 for c in costs]
    rivals = len(counts) - 1
    people = [asked, *layout.sample([p for p in world.people if p is not asked], rivals)]
    hots: list[Hot] = []
    intros: list[Hot] = []
    named: dict[str, Person] = {}
    names: list[str] = []
    for g, (person, count) in enumerate(zip(people, counts, strict=True)):
        name = world.names.issue(world.rng, world.owner, kind=given_kind(person.gender))
        names.append(name)
        named[person.key] = called(person, name)
        for fam in layout.sample(world.families, count):
            fact = world.fact(person, fam)
            hots.append(_statement(g, person, fam, fact.value, named[person.key]))
        for fam in world.families:
            if not world.taken(person, fam):
                world.reserve(person, fam)
        fam = layout.choice(world.families)
        shown = introduced(person, name)
        if layout.random() < 0.5:
            value = world.value(fam)
            intros.append(_twin(layout, g, person, fam, value, shown))
        else:
            intros.append(Hot(MENTION, person, fam, None, shown, g))
        intros[-1].alias = name
    gold = [i for i, h in enumerate(hots) if h.group == 0]
    gold.append(len(hots))
    hots += intros
    optional = _extras(layout, world, levers, [([p], None) for p in people], named=named)
    _fill(layout, hots, spec.sessions, optional)
    return Groups(hots, gold, name=names[0])


def _order_value(layout: random.Random, world: World, spec: Spec, levers: Levers) -> Groups:
    """Order chains: everyone in one kind of club (nobody outside the chain belongs to one),
    related two at a time, adjacent members in either direction, by who joined first; the asked
    chain's kind and rival chains of other kinds."""
    family = world.family(spec.family)
    # Every chain of k takes 2k - 1 sessions; rival chains, as many as the haystack holds.
    costs = [2 * k - 1 for k in _sizes(layout, spec.g, 1, CHAIN_SIZES)]
    cap = min(len(world.families), levers["rivals_max"] + 1)
    budget = _budget(layout, spec, levers)
    _more(layout, costs, budget, lambda: 2 * layout.choice(CHAIN_SIZES) - 1, cap)
    lengths = [(c + 1) // 2 for c in costs]
    rivals = len(lengths) - 1
    fams = [family, *layout.sample([f for f in world.families if f is not family], rivals)]
    hots: list[Hot] = []
    orders: list[Hot] = []
    chains: list[list[Person]] = []
    for g, (fam, k) in enumerate(zip(fams, lengths, strict=True)):
        chain = layout.sample(world.people, k)
        chains.append(chain)
        for p in chain:
            fact = world.fact(p, fam)
            hots.append(_statement(g, p, fam, fact.value))
        for p in world.people:
            if not world.taken(p, fam):
                world.reserve(p, fam)
        for a, b in itertools.pairwise(chain):
            if layout.random() < 0.5:
                orders.append(Hot(ORDER_BEFORE, a, fam, None, a, g, other=b))
            else:
                orders.append(Hot(ORDER_AFTER, b, fam, None, b, g, other=a))
    end = chains[0][0] if spec.arm == "first" else chains[0][-1]
    gold = [i for i, h in enumerate(hots) if h.group == 0 and h.person is end]
    gold += [len(hots) + i for i, h in enumerate(orders) if h.group == 0]
    hots += orders
    optional = _extras(layout, world, levers, [(world.people, fam) for fam in fams])
    _fill(layout, hots, spec.sessions, optional)
    return Groups(hots, gold, chain=chains[0], kinds=frozenset(f.key for f in fams))


def _invalidation_sum(layout: random.Random, world: World, spec: Spec, levers: Levers) -> Groups:
    """People paying monthly club fees: the asked one and rivals, each with several memberships
    stated with their fee and exactly one of them cancelled later; their twins name clubs
    considered or rumoured, with fees of their own, and no other session states a membership
    of theirs."""
    asked = world.person(spec.relation)
    # Each person's memberships and cancellation; rivals as many as the haystack holds.
    costs = [spec.g, layout.choice((1, 2, 3)) + 2]
    cap = min(len(world.people), levers["rivals_max"] + 1)
    _more(layout, costs, _budget(layout, spec, levers), lambda: layout.choice((1, 2, 3)) + 2, cap)
    kept = [c - 2 for c in costs]
    rivals = len(kept) - 1
    people = [asked, *layout.sample([p for p in world.people if p is not asked], rivals)]
    # One currency for the whole circle: everyone's fees, the asked person's and the rivals'.
    unit = household_currency(layout)
    units = [unit] * len(people)
    hots: list[Hot] = []
    for g, (person, standing) in enumerate(zip(people, kept, strict=True)):
        for i, fam in enumerate(layout.sample(world.families, standing + 1)):
            fact = world.fact(person, fam)
            hots.append(_statement(g, person, fam, fact.value, fee=_fee(world, units[g])))
            if i == 0:
                hots.append(
                    Hot(INVALIDATION, person, fam, fact.value, person, g, ends=len(hots) - 1)
                )
        for fam in world.families:
            if not world.taken(person, fam):
                world.reserve(person, fam)
    gold = [i for i, h in enumerate(hots) if h.group == 0]
    optional = _extras(layout, world, levers, [([p], None) for p in people], units=units)
    _fill(layout, hots, spec.sessions, optional)
    return Groups(hots, gold, unit=unit)


GROUPS = {
    VALUE_COUNT: _value_count,
    ALIAS_COUNT: _alias_count,
    ORDER_VALUE: _order_value,
    INVALIDATION_SUM: _invalidation_sum,
}


# --- placement, cold moves, fees ------------------------------------------------------------


def _place(layout: random.Random, hots: list[Hot], sessions: int) -> None:
    """One hot move per session: a statement and its cancellation GAP_RANGE apart, the rest
    anywhere (`allocate.place_hot`)."""
    kits: list[tuple[Kit, list[int]]] = []
    ended = {h.ends for h in hots if h.ends is not None}
    for i, h in enumerate(hots):
        if i in ended:
            continue
        if h.ends is not None:
            first = hots[h.ends]
            kit = Kit(first.person, first.family, None, [STATEMENT, INVALIDATION], gap=GAP_RANGE)
            kits.append((kit, [h.ends, i]))
        else:
            kits.append((Kit(h.person, h.family, None, [h.kind]), [i]))
    place_hot(layout, [k for k, _ in kits], sessions)
    for kit, members in kits:
        for s, i in zip(kit.sessions, members, strict=True):
            hots[i].session = s


def _rank_answer(groups: Groups, spec: Spec) -> None:
    """order-then-value: move the answer's statement to its planned place (`Spec.place`)
    among the asked kind's value-bearing moves (the chain's statements and its twins), counted
    from the latest, by trading sessions with the move found there. Placement alone leaves the
    answer's place to the draw, and over a shape's fifteen questions the draw can favour one
    place (the one before the latest, say) far above chance."""
    if spec.place is None:
        return
    answer = groups.gold[0]
    family = groups.hots[answer].family
    bearing = [
        i
        for i, h in enumerate(groups.hots)
        if h.group == 0 and h.family is family and h.value is not None
    ]
    bearing.sort(key=lambda i: groups.hots[i].session, reverse=True)
    there = bearing[min(int(spec.place * len(bearing)), len(bearing) - 1)]
    a, b = groups.hots[answer], groups.hots[there]
    a.session, b.session = b.session, a.session


def _told_as(kind: str) -> str | None:
    """A twin is told in a true statement's own frames and clauses, and what became of it
    (considered and dropped, rumoured and denied) comes in the user's next turn."""
    return STATEMENT if kind in CLUB_TWINS else None


def _move(h: Hot) -> Move:
    extra = dict(h.extra)
    symbol = symbol_of(h.fee[0]) if h.fee else None
    extra.update(fee_placeholders(symbol, h.fee[1] if h.fee else None))
    if h.other is not None:
        extra.update(other_forms(h.other))
    return Move(h.kind, h.named, h.family, h.value, extra=extra, told_as=_told_as(h.kind))


@dataclass
class ColdStatement:
    session: int
    person: Person
    family: Family
    value: str


def _cold(
    rng: random.Random,
    world: World,
    shape: str,
    hots: Sequence[Hot],
    slots: list[dict[str, Move]],
    grouped: Collection[str] = (),
) -> list[ColdStatement]:
    """Every empty slot gets a cold move: a statement of a pair nobody states; a twin or mention
    of a pair no hot statement owns; an event on a cold fact stated GAP_RANGE earlier (or one
    stated before the haystack); an order sentence between two people, in a kind of club no
    chain owns, consistent with one order drawn per kind. Cold moves state no fee: in an
    invalidation-then-sum haystack fees are the paying people's (the asked person's and the
    rivals'), stated with every membership and twin of theirs. Returns the cold statements."""
    owned = {(h.person.key, h.family.key) for h in hots if h.kind == STATEMENT}
    loose = [
        (p, f)
        for p in world.people
        for f in world.families
        if (p.key, f.key) not in owned and f.key not in grouped
    ]

    # A sum's people have their fees stated with every membership and every twin: a cold
    # twin about one of them (told as a membership, with no fee) would be the only one without;
    # cold statements are of pairs no paying person is in (their kinds are all reserved).
    paying = {h.person.key for h in hots if h.fee is not None}
    unpaid = [(p, f) for p, f in loose if p.key not in paying]

    def free() -> list[tuple[Person, Family]]:
        return [(p, f) for p, f in world.free() if f.key not in grouped]

    chained = {h.family.key for h in hots if h.kind in ORDER_KINDS}
    unchained = [f for f in world.families if f.key not in chained]
    ranks = {f.key: rng.sample(world.people, len(world.people)) for f in unchained}
    evented: set[tuple[str, str]] = set()
    related: set[tuple[str, str, str]] = set()
    stated: list[ColdStatement] = []
    blank = fee_placeholders(None, None)

    for s, slot in enumerate(slots):
        for name in RECIPES[shape]:
            if name in slot:
                continue
            if name == STATEMENT_SLOT:
                options = free()
                if not options:
                    raise AllocationError(f"no unstated pair left for session {s}")
                p, f = rng.choice(options)
                fact = world.fact(p, f)
                stated.append(ColdStatement(s, p, f, fact.value))
                slot[name] = Move(STATEMENT, p, f, fact.value, extra=dict(blank))
            elif name == TWIN_SLOT:
                p, f = joining(rng, unpaid, list(slot.values()), plain)
                value = world.value(f, rng)
                kind = rng.choice(CLUB_TWINS)
                slot[name] = Move(kind, p, f, value, extra=dict(blank), told_as=_told_as(kind))
            elif name == MENTION_SLOT:
                p, f = joining(rng, loose, list(slot.values()), plain)
                slot[name] = Move(MENTION, p, f)
            elif name == EVENT_SLOT:
                due = [
                    c
                    for c in stated
                    if GAP_RANGE[0] <= s - c.session <= GAP_RANGE[1]
                    and (c.person.key, c.family.key) not in evented
                ]
                kind = INVALIDATION if rng.random() < COLD_INVALIDATION_SHARE else REAFFIRMATION
                if due:
                    c = rng.choice(due)
                    p, f, v = c.person, c.family, c.value
                else:
                    options = free()
                    if not options:
                        raise AllocationError(f"no pair left for a cold event in session {s}")
                    p, f = rng.choice(options)
                    v = world.fact(p, f).value
                evented.add((p.key, f.key))
                slot[name] = Move(kind, p, f, v)
            elif name == ORDER_SLOT:
                if not unchained:
                    raise AllocationError("every kind of club has a chain: no cold order left")
                for _ in range(400):
                    f = rng.choice(unchained)
                    a, b = sorted(rng.sample(ranks[f.key], 2), key=ranks[f.key].index)
                    if (a.key, b.key, f.key) not in related:
                        break
                else:
                    raise AllocationError(f"no unsaid cold order sentence left for session {s}")
                related.add((a.key, b.key, f.key))
                if rng.random() < 0.5:
                    slot[name] = Move(ORDER_BEFORE, a, f, None, extra=other_forms(b))
                else:
                    slot[name] = Move(ORDER_AFTER, b, f, None, extra=other_forms(a))
    return stated


def _standing_fees(groups: Groups) -> tuple[list[int], str]:
    """Indices of the asked person's memberships left standing, and the haystack's unit."""
    ended = {h.ends for h in groups.hots if h.ends is not None}
    standing = [i for i in groups.gold if groups.hots[i].kind == STATEMENT and i not in ended]
    return standing, groups.unit


def _cents(h: Hot) -> int:
    assert h.fee is not None
    return h.fee[1]


def _coincidence(groups: Groups, gold_size: int) -> list[int] | None:
    """The checker's coincident-subset search (DRV003) over every fee the haystack states (all
    in its one currency, all on hot moves): the indices into `hots` of another combination of up
    to G + 1 fees reaching the total, or None."""
    standing, _ = _standing_fees(groups)
    fees = [i for i, h in enumerate(groups.hots) if h.fee is not None]
    items = [
        Item(_cents(groups.hots[i]) / 100, groups.hots[i].session, k) for k, i in enumerate(fees)
    ]
    slots = {i: k for k, i in enumerate(fees)}
    gold = frozenset((slots[i], 1) for i in standing)
    target = sum(_cents(groups.hots[i]) for i in standing) / 100
    found = coincident_subset(items, gold, target, gold_size + 1, EPS, signed=False)
    if found is None:
        return None
    return [fees[slot] for slot, _ in found]


def _settle_fees(rng: random.Random, groups: Groups, gold_size: int) -> None:
    """Make the asked sum's total reachable by no other combination of up to G + 1 of the
    haystack's fees: while the search finds one, redraw one fee of it that is not an input of
    the sum (every such combination has one, fees being positive), so only the fees caught in
    a coincidence change, whoever's they are."""
    standing, unit = _standing_fees(groups)
    for _ in range(400):
        found = _coincidence(groups, gold_size)
        if found is None:
            return
        i = rng.choice([i for i in found if i not in standing])
        groups.hots[i].fee = (unit, rng.randint(*FEE_CENTS))
    raise AllocationError("fees keep coinciding with the total")


# --- the record: events, gold components, derivation, question and answer ------------------


def _designation(h: Hot) -> str:
    """How the session names the hot move's person (`my aunt`, or the other name alone)."""
    return h.named.forms()["holder"]


@dataclass
class Record:
    """What a question records about its halves."""

    events: list[Event]
    components: list[GoldComponent]
    question: str
    answer: str
    derivation: Derivation | None = None
    candidates: list[Candidate] | None = None
    predicate: str | None = None


def _value_events(hots: Sequence[tuple[int, Hot]]) -> list[Event]:
    return [
        Event(
            event_id=f"e{i}",
            kind="value",
            subject=_designation(h),
            value=h.value,
            session_index=h.session,
        )
        for i, h in hots
    ]


def _count_record(
    world: World, spec: Spec, groups: Groups, cold: Sequence[ColdStatement], rng: random.Random
) -> Record:
    hots = groups.hots
    asked = world.person(spec.relation)
    forms = asked.forms()
    gold = set(groups.gold)
    if spec.shape == VALUE_COUNT:
        family = world.family(spec.family)
        stated = [(i, h) for i, h in enumerate(hots) if h.kind == STATEMENT and h.family is family]
        events = _value_events(stated)
        n = len(events)
        for c in cold:
            if c.family is family:
                events.append(
                    Event(
                        event_id=f"c{n}",
                        kind="value",
                        subject=c.person.forms()["holder"],
                        value=c.value,
                        session_index=c.session,
                    )
                )
                n += 1
        resolving = {i for i in gold if hots[i].person is asked}
        counted = sorted(gold - resolving)
        components = [
            GoldComponent(kind="resolved-value", session_index=hots[i].session) for i in resolving
        ]
        named = family.answer_value.format(V=groups.value)
        # Candidates: every move naming the asked club, but the named person's own statement.
        candidates = [
            Candidate(session_index=h.session, matches=i in gold, label=h.value)
            for i, h in enumerate(hots)
            if h.value == groups.value and h.family is family and i not in resolving
        ]
        kind = CLUB_KIND[family.key]
        question = rng.choice(
            (
                f"Besides {forms['holder']}, how many people I know are members of "
                f"{forms['poss']} {family.noun}? Only that {family.noun} counts.",
                f"How many people I know belong to the same {family.noun} as {forms['holder']}, "
                f"not counting {forms['obj']}? Members of other {kind.sport} clubs are left out.",
            )
        )
        count = len(counted)
        answer = (
            f"{_COUNT_WORDS[count]}: {forms['your']}'s {family.noun} has "
            f"{_COUNT_WORDS[count].lower()} other {_plural(count, 'member')}."
        )
        predicate = f"a person other than {forms['holder']} belongs to {named}"
        unit = "people"
    else:
        # Introductions: the one move per aliased person naming them both ways.
        intros = [(i, h) for i, h in enumerate(hots) if h.alias]
        stated = [(i, h) for i, h in enumerate(hots) if h.kind == STATEMENT]
        events = [
            Event(
                event_id=f"a{i}",
                kind="alias",
                subject=h.person.forms()["holder"],
                value=h.alias,
                session_index=h.session,
            )
            for i, h in intros
        ]
        events += _value_events(stated)
        resolving = {i for i, h in intros if i in gold}
        counted = sorted(gold - resolving)
        components = [GoldComponent(kind="alias", session_index=hots[i].session) for i in resolving]
        candidates = [
            Candidate(session_index=h.session, matches=i in gold, label=h.value)
            for i, h in enumerate(hots)
            if h.group == 0 and h.value is not None and i not in resolving
        ]
        question = rng.choice(
            (
                f"How many clubs does {forms['holder']} belong to?",
                f"How many clubs is {forms['holder']} a member of?",
            )
        )
        count = len(counted)
        clubs = [hots[i].family.answer_value.format(V=hots[i].value) for i in counted]
        del clubs
        # The other name and the clubs are left out: each also comes up in sessions that are
        # not gold (the person's twins go by the name too).
        answer = (
            f"{_COUNT_WORDS[count]}: {forms['your']} is a member of {_COUNT_WORDS[count].lower()} "
            f"{_plural(count, 'club')}, stated under the other name they go by."
        )
        predicate = f"a membership stated for {forms['holder']}, under any name"
        unit = "clubs"
    components += [GoldComponent(kind="counted", session_index=hots[i].session) for i in counted]
    components.sort(key=lambda c: c.session_index)
    sessions = sorted(hots[i].session for i in counted)
    derivation = Derivation(
        operation="count",
        inputs=[DerivationInput(session_index=s, value=1.0) for s in sessions],
        value=float(len(sessions)),
        unit=unit,
    )
    candidates.sort(key=lambda c: c.session_index)
    return Record(events, components, question, answer, derivation, candidates, predicate)


def _order_record(world: World, spec: Spec, groups: Groups, rng: random.Random) -> Record:
    hots = groups.hots
    family = world.family(spec.family)
    members = [(i, h) for i, h in enumerate(hots) if h.group == 0 and h.kind == STATEMENT]
    events = _value_events(members)
    by_person = {h.person.key: f"e{i}" for i, h in members}
    gold = set(groups.gold)
    components: list[GoldComponent] = []
    for i, h in enumerate(hots):
        if h.group != 0 or h.kind not in ORDER_KINDS:
            continue
        assert h.other is not None
        earlier, later = (h.person, h.other) if h.kind == ORDER_BEFORE else (h.other, h.person)
        events.append(
            Event(
                event_id=f"o{i}",
                kind="order",
                subject=_designation(h),
                session_index=h.session,
                relations=[
                    Relation(kind="earlier", other_event_id=by_person[earlier.key]),
                    Relation(kind="later", other_event_id=by_person[later.key]),
                ],
            )
        )
        components.append(GoldComponent(kind="order", session_index=h.session))
    end = groups.chain[0] if spec.arm == "first" else groups.chain[-1]
    winner = next(h for i, h in members if h.person is end and i in gold)
    components.append(GoldComponent(kind="answer-value", session_index=winner.session))
    components.sort(key=lambda c: c.session_index)
    sport = CLUB_KIND[family.key].sport
    when = "earliest" if spec.arm == "first" else "latest"
    question = rng.choice(
        (
            f"Of everyone I know in {sport}, which {family.noun} does the {when} starter "
            "belong to?",
            f"Which {family.noun} does the {when} starter in {sport} among everyone I know "
            "belong to?",
        )
    )
    named = family.answer_value.format(V=winner.value)
    forms = end.forms()
    answer = f"{capitalise(named)}: {forms['your']} took up {sport} {'first' if spec.arm == 'first' else 'last'}."
    return Record(events, components, question, answer)


def _sum_record(world: World, spec: Spec, groups: Groups, rng: random.Random) -> Record:
    hots = groups.hots
    asked = world.person(spec.relation)
    forms = asked.forms()
    own = [(i, h) for i, h in enumerate(hots) if h.group == 0 and h.kind == STATEMENT]
    events = _value_events(own)
    standing, unit = _standing_fees(groups)
    components: list[GoldComponent] = []
    for i, h in enumerate(hots):
        if h.group != 0:
            continue
        if h.kind == INVALIDATION:
            assert h.ends is not None
            events.append(
                Event(
                    event_id=f"x{i}",
                    kind="invalidation",
                    subject=_designation(h),
                    value=h.value,
                    session_index=h.session,
                    relations=[Relation(kind="invalidates", other_event_id=f"e{h.ends}")],
                )
            )
            components.append(GoldComponent(kind="invalidation", session_index=h.session))
        elif h.kind == STATEMENT:
            kind = "input" if i in standing else "statement"
            components.append(GoldComponent(kind=kind, session_index=h.session))
    components.sort(key=lambda c: c.session_index)
    fees = sorted((hots[i].session, _cents(hots[i])) for i in standing)
    total = sum(c for _, c in fees)
    derivation = Derivation(
        operation="sum",
        inputs=[DerivationInput(session_index=s, value=c / 100) for s, c in fees],
        value=total / 100,
        unit=unit,
    )
    symbol = symbol_of(unit)
    question = rng.choice(
        (
            f"How much is {forms['holder']} paying a month, in total, for the club memberships "
            f"{forms['pron']} has kept?",
            f"All together, what is {forms['holder']} paying a month now for {forms['poss']} "
            "club memberships?",
        )
    )
    answer = f"{amount_text(symbol, total)} a month."
    return Record(events, components, question, answer, derivation)


def _twins(groups: Groups) -> list[Twin]:
    """The asked group's value-bearing twins."""
    twins = [
        Twin(kind=h.kind, session_index=h.session, value=h.value)
        for i, h in enumerate(groups.hots)
        if h.group == 0 and h.kind in CLUB_TWINS and h.value is not None and i not in groups.gold
    ]
    return sorted(twins, key=lambda t: t.session_index)


def build_question(
    *, seed: int, revision: str, spec: Spec, names: NameRegistry, levers: Levers
) -> AssembledQuestion:
    """One question and its haystack (redrawn from the question's own generator, under a new
    attempt label, when an allocation cannot be met)."""
    for attempt in range(40):
        try:
            return _build_question(seed, revision, spec, names, levers, attempt)
        except AllocationError:
            continue
    raise AllocationError(f"question {spec.n}: no haystack after 40 attempts")


def _build_question(
    seed: int, revision: str, spec: Spec, names: NameRegistry, levers: Levers, attempt: int
) -> AssembledQuestion:
    qid = question_id(ABBREV, revision, spec.n)
    part = f"attempt {attempt}" if attempt else ""
    rng = question_rng(seed, VERTICAL, spec.n, part)
    layout = question_rng(seed, VERTICAL, spec.n, f"layout {part}".strip())
    people, fams = _cast(rng, spec)
    world = World(rng, names, qid, people, fams)
    moments = varied_schedule(rng, start_date(rng), spec.sessions)
    asked_at = moments[-1] + timedelta(days=rng.randint(1, 3), hours=rng.randint(1, 9))
    groups = GROUPS[spec.shape](layout, world, spec, levers)
    _place(layout, groups.hots, spec.sessions)
    _rank_answer(groups, spec)
    if spec.shape == INVALIDATION_SUM:
        _settle_fees(rng, groups, spec.g)
    slots: list[dict[str, Move]] = [{} for _ in range(spec.sessions)]
    gold = set(groups.gold)
    for i, h in enumerate(groups.hots):
        move = _move(h)
        move.evidence = i in gold
        slots[h.session][slot_of(h.kind)] = move
    cold = _cold(rng, world, spec.shape, groups.hots, slots, groups.kinds)

    plans = []
    for s in range(spec.sessions):
        moves = [slots[s][name] for name in RECIPES[spec.shape]]
        rng.shuffle(moves)
        for move in moves:
            move.when = moment_since(rng, moments, s)
        plans.append(SessionPlan(moments[s], moves))

    if spec.shape in (VALUE_COUNT, ALIAS_COUNT):
        record = _count_record(world, spec, groups, cold, rng)
    elif spec.shape == ORDER_VALUE:
        record = _order_record(world, spec, groups, rng)
    else:
        record = _sum_record(world, spec, groups, rng)
    block = TypedMemEvalBlock(
        vertical=VERTICAL,
        shape=spec.shape,
        arm=spec.arm,
        events=record.events,
        gold_components=record.components,
        gold_components_load_bearing=None if spec.shape == INVALIDATION_SUM else True,
        derivation=record.derivation,
        count_predicate=record.predicate,
        candidates=record.candidates,
        fact_family=spec.family if spec.shape in (VALUE_COUNT, ORDER_VALUE) else None,
        twins=_twins(groups) or None,
        difficulty=spec.g - min(G_BY_SHAPE[spec.shape]) + 1,
        difficulty_dial="dispersion",
        seeded_from=f"{VERTICAL} seed {seed}, question {spec.n}",
    )
    owner = haystack_token(seed, spec.n)
    return assemble_question(
        question_id=qid,
        session_owner=owner,
        question=record.question,
        answer=record.answer,
        question_date=asked_at,
        plans=plans,
        block=block,
        rng=rng,
        bank=CLUB_BANK,
        # No passing remark said twice word for word in the haystack, worded afresh from a
        # generator of its own, so every other draw stays as it was.
        remarks=Remarks(owner),
    )


def build(
    seed: int, revision: str, levers: Levers, *, only: Collection[int] | None = None
) -> Built:
    """The corpus for one setting of the competition levers (`only`: just these question
    numbers, for tests; the rest are skipped without changing what the others contain)."""
    names = NameRegistry()
    assembled = [
        build_question(seed=seed, revision=revision, spec=spec, names=names, levers=levers)
        for spec in _specs(seed, levers)
        if only is None or spec.n in only
    ]
    return Built(assembled, names, levers)


def _levers(
    *,
    twins: tuple[int, int],
    member_twins: tuple[int, int],
    mentions: tuple[int, int],
    rivals: tuple[int, int],
    same: tuple[int, int],
    slack: tuple[int, int],
    people: tuple[int, int],
    families: tuple[int, int],
) -> Levers:
    """Kit levers, with rival groups (people, chains), rival clubs of the asked kind
    (value-then-count), the sessions left to optional moves, and twins of a group's own members."""
    base = dict(kit_levers(twins=twins, mentions=mentions, people=people, families=families))
    base.update(
        member_twins_min=member_twins[0],
        member_twins_max=member_twins[1],
        rivals_min=rivals[0],
        rivals_max=rivals[1],
        same_min=same[0],
        same_max=same[1],
        slack_min=slack[0],
        slack_max=slack[1],
    )
    return base


GENERATOR = VerticalGenerator(
    key=VERTICAL,
    module=__package__ or __name__,
    version=VERSION,
    seed=SEED,
    levers=(
        _levers(
            twins=(1, 1),
            member_twins=(0, 1),
            mentions=(0, 1),
            rivals=(5, 6),
            same=(1, 1),
            slack=(2, 4),
            people=(10, 12),
            families=(9, 10),
        ),
        _levers(
            twins=(1, 2),
            member_twins=(0, 1),
            mentions=(0, 1),
            rivals=(5, 6),
            same=(1, 1),
            slack=(3, 6),
            people=(11, 13),
            families=(9, 10),
        ),
    ),
    build=build,
    notes=(
        "G equally often within every shape (counts 2-4, chains 3-4, sums 4-5); haystack "
        "sizes drawn independently of G; difficulty = G less the shape's smallest G, plus "
        "one, on the dispersion dial",
        "fees in cents from 8.00 to 65.00, in one currency per haystack (pounds three times in "
        "four, else euros), stated only for the paying people's memberships and twins; a fee "
        "caught in another combination of up to G + 1 of the haystack's fees reaching the gold "
        "total is redrawn (never one of the sum's inputs) until no such combination is left",
    ),
)
