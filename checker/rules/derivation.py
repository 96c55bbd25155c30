"""V5: every gold answer re-derived from the corpus alone (R-CHK-V5), where that needs no model.

An earlier Prospective generator (docs/history.md) shipped 38 pairs whose due dates their own
conversations could not produce, and every structural check passed; these rules recompute gold
from the recorded structure and the message text, and compare.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Derivation, Question
from checker.load import parse_date
from checker.registry import rule
from checker.timeexpr import resolve

#: Absolute tolerance used when a derivation declares none.
EPS = 1e-9
#: Most combinations the coincident-subset search will enumerate per question half.
MAX_COMBINATIONS = 2_000_000

UNIT_ALIASES: dict[str, tuple[str, ...]] = {
    "eur": ("eur", "euro", "euros", "€"),
    "usd": ("usd", "dollar", "dollars", "$"),
    "gbp": ("gbp", "pound", "pounds", "£"),
    "chf": ("chf", "franc", "francs"),
    "km": ("km", "kilometre", "kilometres", "kilometer", "kilometers"),
    "kg": ("kg", "kilo", "kilos", "kilogram", "kilograms"),
    "minutes": ("minute", "minutes", "min", "mins"),
    "hours": ("hour", "hours", "hr", "hrs"),
    "days": ("day", "days"),
    "weeks": ("week", "weeks"),
    "calendar-days": ("day", "days"),
}
DURATION_SECONDS = {"minutes": 60.0, "hours": 3600.0, "days": 86400.0, "weeks": 604800.0}
#: Units that count calendar dates crossed rather than time elapsed: "posted on Monday evening,
#: arrived on Thursday morning" is three days whatever the clock said.
CALENDAR_DAYS = frozenset({"calendar-days"})
_NUMBER = r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
NUMBER_RE = re.compile(rf"(?<![\w.]){_NUMBER}(?![\w])")


def unit_words(unit: str) -> tuple[str, ...]:
    key = unit.lower()
    return UNIT_ALIASES.get(key, (key, key + "s"))


def _to_float(whole: str, frac: str | None) -> float:
    return float(whole.replace(",", "") + (f".{frac}" if frac else ""))


def numbers_in(text: str) -> list[float]:
    return [_to_float(m.group(1), m.group(2)) for m in NUMBER_RE.finditer(text)]


def unit_values(text: str, unit: str) -> list[float]:
    """Numbers stated with `unit` ("120 euros", "€120", "3 days") in `text`."""
    words = "|".join(re.escape(w) for w in sorted(unit_words(unit), key=len, reverse=True))
    after = re.compile(rf"(?<![\w.]){_NUMBER}\s*(?:{words})(?![A-Za-z])", re.I)
    before = re.compile(rf"(?:{words})\s*{_NUMBER}(?![\w])", re.I)
    values = [_to_float(m.group(1), m.group(2)) for m in after.finditer(text)]
    values += [
        _to_float(m.group(1), m.group(2))
        for m in before.finditer(text)
        if not m.group(0)[0].isalnum()
    ]
    return values


def session_text(q: Question, si: int) -> str:
    return "\n".join(t.content for t in q.haystack_sessions[si])


def duration_value(q: Question, start: int, end: int, unit: str) -> float | None:
    """The time from session `start` to session `end` by their timestamps, in `unit`: elapsed
    time for clock units, dates crossed for calendar units."""
    a, b = parse_date(q.haystack_dates[start]), parse_date(q.haystack_dates[end])
    if a is None or b is None:
        return None
    if unit.lower() in CALENDAR_DAYS:
        return float((b.date() - a.date()).days)
    seconds = DURATION_SECONDS.get(unit.lower())
    if seconds is None:
        return None
    return (b - a).total_seconds() / seconds


def recompute(q: Question, d: Derivation) -> float | None:
    """The derivation's value recomputed from its inputs (durations from timestamps)."""
    block = q.typedmemeval
    if d.operation == "count":
        if block.candidates is None:
            return None
        return float(sum(1 for c in block.candidates if c.matches))
    if d.operation == "sum":
        return sum(i.value for i in d.inputs)
    if d.operation == "delta":
        if d.sides is None or len(d.sides) != len(d.inputs):
            return None
        return sum(
            i.value if s == "a" else -i.value for i, s in zip(d.inputs, d.sides, strict=True)
        )
    if d.operation == "duration":
        total = 0.0
        for i in d.inputs:
            if i.from_session_index is None:
                return None
            v = duration_value(q, i.from_session_index, i.session_index, d.unit)
            if v is None:
                return None
            total += v
        return total
    return None


def resolving_sessions(q: Question) -> set[int]:
    """Sessions of the question's gold components whose kind its vertical declares resolving
    (`Vertical.resolving_components`): gold, but neither derivation inputs nor count candidates
    (the alias a count applies to, the invalidation that removes an input from a sum)."""
    block = q.typedmemeval
    profile = BY_KEY.get(block.vertical) if block is not None else None
    kinds = profile.resolving_components if profile is not None else ()
    return {c.session_index for c in block.gold_components or () if c.kind in kinds}


def _operand_gold(gold: set[int], resolving: set[int]) -> str:
    if not resolving:
        return f"gold is {sorted(gold)}"
    return f"gold less its resolving components {sorted(resolving)} is {sorted(gold - resolving)}"


def _arithmetic(ctx: CorpusContext) -> Iterator[tuple[int, Question, Derivation]]:
    for qi, q in enumerate(ctx.corpus.questions):
        block = q.typedmemeval
        if block is not None and block.derivation is not None:
            yield qi, q, block.derivation


@rule(
    "DRV001",
    "derivation-recompute",
    example="sum recomputes to 410, but the derivation records 400",
)
def derivation_recompute(ctx: CorpusContext) -> Iterator[Violation]:
    """An arithmetic derivation recomputes to its recorded value, with one input per gold session
    (less the sessions of components the vertical declares resolving).

    Durations are recomputed from the sessions' own timestamps, never from prose."""
    for qi, q, d in _arithmetic(ctx):
        gold = set(ctx.corpus.gold_indices(qi))
        resolving = resolving_sessions(q)
        n = len(q.haystack_sessions)
        bad = [i.session_index for i in d.inputs if i.session_index >= n]
        bad += [
            i.from_session_index
            for i in d.inputs
            if i.from_session_index is not None and i.from_session_index >= n
        ]
        if bad:
            yield Violation(
                q.question_id, f"derivation names session(s) {bad} outside the haystack"
            )
            continue
        if d.operation != "count":
            used = {i.session_index for i in d.inputs} | {
                i.from_session_index for i in d.inputs if i.from_session_index is not None
            }
            if used != gold - resolving:
                yield Violation(
                    q.question_id,
                    f"derivation inputs use sessions {sorted(used)}, "
                    f"{_operand_gold(gold, resolving)}",
                )
        if d.operation == "duration":
            for i in d.inputs:
                v = (
                    None
                    if i.from_session_index is None
                    else duration_value(q, i.from_session_index, i.session_index, d.unit)
                )
                if v is None:
                    yield Violation(
                        q.question_id,
                        f"duration input at session {i.session_index} cannot be derived from timestamps in {d.unit!r}",
                    )
                elif abs(v - i.value) > max(d.tolerance, EPS):
                    yield Violation(
                        q.question_id,
                        f"duration from session {i.from_session_index} to {i.session_index} is {v:g} {d.unit} by the timestamps, recorded {i.value:g}",
                    )
        value = recompute(q, d)
        if value is None:
            yield Violation(
                q.question_id, f"{d.operation} cannot be recomputed from the recorded structure"
            )
        elif abs(value - d.value) > max(d.tolerance, EPS):
            yield Violation(
                q.question_id,
                f"{d.operation} recomputes to {value:g}, but the derivation records {d.value:g}",
            )


@rule("DRV002", "derivation-input-in-text", example="input 120 is not stated in session 4")
def derivation_inputs_in_text(ctx: CorpusContext) -> Iterator[Violation]:
    """Every stated input value (sums, deltas) appears in its own session's text.

    A derivation whose inputs are not in the conversation cannot be answered from it; the gold would be a fact only the answer key knows."""
    for _, q, d in _arithmetic(ctx):
        if d.operation not in ("sum", "delta"):
            continue
        for i in d.inputs:
            if i.session_index >= len(q.haystack_sessions):
                continue
            stated = numbers_in(session_text(q, i.session_index))
            if not any(abs(v - i.value) <= EPS for v in stated):
                yield Violation(
                    q.question_id, f"input {i.value:g} is not stated in session {i.session_index}"
                )


#: Operations whose result is a non-trivial number that the conversation must never state.
#: Counts are left out: a small integer in a 15-25-session haystack is easily coincidental.
DERIVED_VALUE_OPERATIONS = ("sum", "delta", "duration")


@rule(
    "DRV010",
    "derived-value-unstated",
    example="the derived value 1240.5 is stated in session 6",
)
def derived_value_unstated(ctx: CorpusContext) -> Iterator[Violation]:
    """The result of a sum, delta or duration is never stated as a number anywhere in its
    haystack, in any unit.

    The answer must be reached by combining the inputs; a conversation that already says the
    total lets a system read it off one session, and a correct answer would no longer show
    that every input was found."""
    for _, q, d in _arithmetic(ctx):
        if d.operation not in DERIVED_VALUE_OPERATIONS:
            continue
        tol = max(d.tolerance, EPS)
        for si in range(len(q.haystack_sessions)):
            if any(abs(v - d.value) <= tol for v in numbers_in(session_text(q, si))):
                yield Violation(
                    q.question_id,
                    f"the derived value {d.value:g} is stated in session {si}; the result "
                    "must come from its inputs, never be read off the conversation",
                )
                break


@dataclass(frozen=True)
class Item:
    value: float
    session_index: int
    slot: int


def _combos(
    items: Sequence[Item], max_size: int, signed: bool
) -> list[tuple[float, int, tuple[tuple[int, int], ...]]]:
    """All (signed) subset sums of `items` up to `max_size` elements: (sum, size, members)."""
    out: list[tuple[float, int, tuple[tuple[int, int], ...]]] = [(0.0, 0, ())]
    signs = (1, -1) if signed else (1,)
    for size in range(1, max_size + 1):
        for chosen in itertools.combinations(range(len(items)), size):
            for sg in itertools.product(signs, repeat=size):
                total = sum(s * items[c].value for s, c in zip(sg, chosen, strict=True))
                out.append(
                    (
                        total,
                        size,
                        tuple((items[c].slot, s) for s, c in zip(sg, chosen, strict=True)),
                    )
                )
                if len(out) > MAX_COMBINATIONS:
                    raise OverflowError
    return out


def coincident_subset(
    items: Sequence[Item],
    gold: frozenset[tuple[int, int]],
    target: float,
    max_size: int,
    tol: float,
    signed: bool,
) -> tuple[tuple[int, int], ...] | None:
    """Meet in the middle: split the values in two halves, enumerate each half's (signed) subset
    sums up to `max_size`, sort one side, and binary-search the complement of every sum of the
    other. Cost O(m log m) with m = Σ_{k≤max_size} C(n/2, k)·(2^k if signed), instead of the
    O(C(n, max_size)) of a direct search. Returns a combination other than `gold` that reaches
    `target` within `tol`, or None."""
    half = len(items) // 2
    left = _combos(items[:half], max_size, signed)
    right = _combos(items[half:], max_size, signed)
    left.sort(key=lambda x: x[0])
    keys = [x[0] for x in left]
    for r_sum, r_size, r_members in right:
        need = target - r_sum
        lo = bisect.bisect_left(keys, need - tol)
        hi = bisect.bisect_right(keys, need + tol)
        for _, l_size, l_members in left[lo:hi]:
            size = l_size + r_size
            if size == 0 or size > max_size:
                continue
            members = l_members + r_members
            if frozenset(members) == gold:
                continue
            return members
    return None


@rule("DRV003", "coincident-subset", example="sessions 2+9 also sum to 400 EUR")
def no_coincident_subset(ctx: CorpusContext) -> Iterator[Violation]:
    """No other combination of the haystack's same-unit values, up to G+1 of them, reaches the gold
    value (sums, deltas, durations; not counts).

    Otherwise a system could reach the right number from the wrong evidence, and a correct answer
    would not show that the evidence was found."""
    for qi, q, d in _arithmetic(ctx):
        if d.operation == "count":
            continue
        g = len(ctx.corpus.gold_indices(qi))
        items: list[Item] = []
        for si in range(len(q.haystack_sessions)):
            for v in unit_values(session_text(q, si), d.unit):
                items.append(Item(v, si, len(items)))
        gold: set[tuple[int, int]] = set()
        if d.operation in ("sum", "delta"):
            sides = d.sides or ["a"] * len(d.inputs)
            for inp, side in zip(d.inputs, sides, strict=False):
                match = next(
                    (
                        it
                        for it in items
                        if it.session_index == inp.session_index
                        and abs(it.value - inp.value) <= EPS
                        and (it.slot, 1 if side == "a" else -1) not in gold
                    ),
                    None,
                )
                if match is not None:
                    gold.add((match.slot, 1 if side == "a" else -1))
        try:
            found = coincident_subset(
                items,
                frozenset(gold),
                d.value,
                g + 1,
                max(d.tolerance, EPS),
                signed=d.operation == "delta",
            )
        except OverflowError:
            yield Violation(
                q.question_id,
                f"{len(items)} same-unit values: too many to verify exhaustively; reduce them",
            )
            continue
        if found is not None:
            parts = ", ".join(
                f"{'+' if s > 0 else '-'}{items[slot].value:g} (session {items[slot].session_index})"
                for slot, s in found
            )
            yield Violation(
                q.question_id, f"another combination reaches {d.value:g} {d.unit}: {parts}"
            )


@rule("DRV004", "count-candidates", example="candidate at session 30 is outside the haystack")
def count_candidates(ctx: CorpusContext) -> Iterator[Violation]:
    """Count questions record a match / no-match verdict for every candidate, each in the haystack,
    and the matching candidates are exactly the gold sessions (less the sessions of components
    the vertical declares resolving: what the count applies to is gold but not counted).

    A count is only decidable when every candidate has a recorded verdict; an unrecorded near-miss makes the gold count a matter of opinion."""
    for qi, q, d in _arithmetic(ctx):
        if d.operation != "count":
            continue
        cands = q.typedmemeval.candidates or []
        if not cands:
            yield Violation(q.question_id, "a count question records no candidates")
            continue
        n = len(q.haystack_sessions)
        if any(c.session_index >= n for c in cands):
            yield Violation(q.question_id, "a candidate names a session outside the haystack")
            continue
        matching = {c.session_index for c in cands if c.matches}
        gold = set(ctx.corpus.gold_indices(qi))
        resolving = resolving_sessions(q)
        if matching != gold - resolving:
            yield Violation(
                q.question_id,
                f"matching candidates are sessions {sorted(matching)}, "
                f"{_operand_gold(gold, resolving)}",
            )
        for c in cands:
            if c.label and c.label.lower() not in session_text(q, c.session_index).lower():
                yield Violation(
                    q.question_id,
                    f"candidate {c.label!r} is not named in session {c.session_index}",
                )


def _named(item: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(item.lower())}(?!\w)", text.lower()) is not None


def _answer_position(item: str, answer: str) -> int | None:
    m = re.search(rf"(?<!\w){re.escape(item.lower())}(?!\w)", answer.lower())
    return m.start() if m else None


@rule("DRV005", "list-order", example="items are not listed in session order: sessions [9, 4, 12]")
def list_order(ctx: CorpusContext) -> Iterator[Violation]:
    """List-order gold is the session order of the items, each item named in its own session and
    in no other, the list length is within the vertical's declared range (Episodic: 4-7), and the
    answer names the items in that order.

    Order questions are scored pairwise on the items an answer mentions, so the recorded order must be the order the conversation actually produced: an item named in two sessions has no one place in it, and an answer listing the items otherwise grades systems against an order nobody heard."""
    for qi, q in enumerate(ctx.corpus.questions):
        block = q.typedmemeval
        if block is None or block.list_order is None:
            continue
        lo = block.list_order
        if len(lo.items) != len(lo.item_session_indices):
            yield Violation(
                q.question_id,
                f"{len(lo.items)} items but {len(lo.item_session_indices)} session indices",
            )
            continue
        profile = BY_KEY.get(block.vertical)
        bounds = profile.list_length if profile is not None else None
        if bounds is not None and not bounds[0] <= len(lo.items) <= bounds[1]:
            yield Violation(
                q.question_id,
                f"a list of {len(lo.items)} items; {profile.name if profile else ''} lists hold "
                f"{bounds[0]}-{bounds[1]}",
            )
        idx = lo.item_session_indices
        if any(b <= a for a, b in itertools.pairwise(idx)):
            yield Violation(q.question_id, f"items are not listed in session order: sessions {idx}")
        gold = set(ctx.corpus.gold_indices(qi))
        if set(idx) != gold:
            yield Violation(
                q.question_id, f"items sit in sessions {sorted(set(idx))}, gold is {sorted(gold)}"
            )
        texts = [session_text(q, i) for i in range(len(q.haystack_sessions))]
        for item, si in zip(lo.items, idx, strict=True):
            if si < len(texts) and item.lower() not in texts[si].lower():
                yield Violation(q.question_id, f"item {item!r} is not named in session {si}")
            elsewhere = [
                other for other, text in enumerate(texts) if other != si and _named(item, text)
            ]
            if elsewhere:
                yield Violation(
                    q.question_id,
                    f"item {item!r} of session {si} is also named in session(s) {elsewhere}, so "
                    "its place in the order of mention is ambiguous",
                )
        positions = [_answer_position(item, q.answer) for item in lo.items]
        missing = [item for item, at in zip(lo.items, positions, strict=True) if at is None]
        if missing:
            yield Violation(
                q.question_id, f"the answer does not name item(s) {', '.join(map(repr, missing))}"
            )
        elif any(b <= a for a, b in itertools.pairwise(p for p in positions if p is not None)):
            said = [item for _, item in sorted(zip(positions, lo.items, strict=True))]
            yield Violation(
                q.question_id,
                f"the answer lists the items as {said}, not in the order of their sessions "
                f"{list(lo.items)}",
            )


@rule(
    "DRV006",
    "component-order",
    example="the invalidation (session 3) precedes the statement (session 8)",
)
def component_order(ctx: CorpusContext) -> Iterator[Violation]:
    """Gold components sit in gold sessions, and where the vertical declares a component order
    (Forgetting: a statement, then an invalidation or re-affirmation 4-15 sessions later) they
    follow it.

    An invalidation that precedes its statement, or sits next to it, changes what the question measures; the gap is part of the design, not a detail."""
    for qi, q in enumerate(ctx.corpus.questions):
        block = q.typedmemeval
        if block is None or not block.gold_components:
            continue
        gold = set(ctx.corpus.gold_indices(qi))
        sessions = {c.session_index for c in block.gold_components}
        if sessions != gold:
            yield Violation(
                q.question_id,
                f"components sit in sessions {sorted(sessions)}, gold is {sorted(gold)}",
            )
        profile = BY_KEY.get(block.vertical)
        order = profile.component_order if profile is not None else None
        if order is None:
            continue
        by_kind = {c.kind: c.session_index for c in block.gold_components}
        first = by_kind.get(order.first)
        kind = next((k for k in order.later if k in by_kind), None)
        if first is None or kind is None:
            yield Violation(
                q.question_id,
                f"a {profile.name if profile else ''} question needs a {order.first} and then "
                f"one of: {', '.join(order.later)}",
            )
            continue
        later = by_kind[kind]
        low, high = order.gap
        if later <= first:
            yield Violation(
                q.question_id,
                f"the {kind} (session {later}) precedes the {order.first} (session {first})",
            )
        elif not low <= later - first <= high:
            yield Violation(
                q.question_id,
                f"the {kind} is {later - first} sessions after the {order.first}; the gap is "
                f"{low}-{high}",
            )


def _pairs(ctx: CorpusContext) -> dict[str, dict[str, Question]]:
    """Before/after pairs, keyed by pair id, each arm under its profile's arm role."""
    pairs: dict[str, dict[str, Question]] = defaultdict(dict)
    for q in ctx.corpus.questions:
        b = q.typedmemeval
        profile = BY_KEY.get(b.vertical) if b is not None else None
        pairing = profile.pairing if profile is not None else None
        if b is None or pairing is None or not b.pair_id:
            continue
        if b.arm == pairing.first_arm:
            pairs[b.pair_id]["first"] = q
        elif b.arm == pairing.second_arm:
            pairs[b.pair_id]["second"] = q
    return pairs


@rule("DRV007", "pair-gold-flips", example="both arms of pair p04 have the same answer")
def pair_gold_flips(ctx: CorpusContext) -> Iterator[Violation]:
    """The before and after arms of a pair have different gold, and the before arm is asked first.

    A pair whose gold does not flip cannot tell a system that reads the clock from one that ignores it."""
    for pid, arms in sorted(_pairs(ctx).items()):
        if set(arms) != {"first", "second"}:
            continue
        before, after = arms["first"], arms["second"]
        if before.answer.strip().lower() == after.answer.strip().lower():
            yield Violation(before.question_id, f"both arms of pair {pid} have the same answer")
        tb, ta = parse_date(before.question_date), parse_date(after.question_date)
        if tb is not None and ta is not None and not tb < ta:
            yield Violation(
                before.question_id, f"pair {pid}: the before arm is not asked before the after arm"
            )


@rule(
    "DRV008",
    "pivot-derivation",
    example="'in three weeks' from session 4's timestamp is 2026/03/02 (Mon) 10:00, recorded 2026/03/03 (Tue) 10:00",
)
def pivot_derivation(ctx: CorpusContext) -> Iterator[Violation]:
    """Every Prospective pivot re-derives from its stating session's timestamp and the relative
    expression in that session's text, and lies strictly between the two arms' query times.

    An earlier generator (docs/history.md) produced 38 pairs whose dates their own
    conversations could not produce; only recomputing from the bytes catches that."""
    pairs = _pairs(ctx)
    for q in ctx.corpus.questions:
        block = q.typedmemeval
        profile = BY_KEY.get(block.vertical) if block is not None else None
        pairing = profile.pairing if profile is not None else None
        if block is None or block.pivot is None:
            if (
                block is not None
                and pairing is not None
                and pairing.pivot
                and block.arm in (pairing.first_arm, pairing.second_arm)
            ):
                yield Violation(q.question_id, f"a {block.arm} arm records no pivot")
            continue
        p = block.pivot
        if p.session_index >= len(q.haystack_sessions):
            yield Violation(
                q.question_id, f"pivot session {p.session_index} is outside the haystack"
            )
            continue
        text = session_text(q, p.session_index)
        if p.expression.lower() not in text.lower():
            yield Violation(
                q.question_id,
                f"pivot expression {p.expression!r} is not in session {p.session_index}",
            )
            continue
        base = parse_date(q.haystack_dates[p.session_index])
        recorded = parse_date(p.instant)
        if base is None or recorded is None:
            yield Violation(q.question_id, "pivot or session timestamp does not parse")
            continue
        derived = resolve(p.expression, base)
        if derived is None:
            yield Violation(
                q.question_id,
                f"pivot expression {p.expression!r} is not a relative expression the checker can resolve",
            )
            continue
        if derived != recorded:
            yield Violation(
                q.question_id,
                f"{p.expression!r} from session {p.session_index}'s timestamp is {derived.strftime('%Y/%m/%d (%a) %H:%M')}, recorded {p.instant}",
            )
        arms = pairs.get(block.pair_id or "", {})
        if arms.get("first") is q and "second" in arms:
            tb, ta = parse_date(q.question_date), parse_date(arms["second"].question_date)
            if tb is not None and ta is not None and not tb < derived < ta:
                yield Violation(
                    q.question_id,
                    f"pivot {derived.strftime('%Y/%m/%d %H:%M')} is not strictly between the arms' query times",
                )


@rule(
    "DRV009",
    "twin-does-not-answer",
    example="twin 'Korvane' (twin-rumour) sits in gold session 4",
)
def twin_does_not_answer(ctx: CorpusContext) -> Iterator[Violation]:
    """Every recorded value-bearing twin sits in a non-gold session that names its value, and
    its value is not the one the gold answer gives.

    A twin is competition that survives reading: it names the asked person, family and a value
    in a frame that does not state the fact. A twin in a gold session, or one whose value is the
    answer's, would be evidence mislabelled as competition."""
    for qi, q in enumerate(ctx.corpus.questions):
        block = q.typedmemeval
        if block is None or not block.twins:
            continue
        gold = set(ctx.corpus.gold_indices(qi))
        answer = q.answer.lower()
        for twin in block.twins:
            where = f"twin {twin.value!r} ({twin.kind})"
            if twin.session_index >= len(q.haystack_sessions):
                yield Violation(
                    q.question_id,
                    f"{where} names session {twin.session_index}, outside the haystack",
                )
                continue
            if twin.session_index in gold:
                yield Violation(q.question_id, f"{where} sits in gold session {twin.session_index}")
            if twin.value.lower() not in session_text(q, twin.session_index).lower():
                yield Violation(
                    q.question_id, f"{where} is not named in session {twin.session_index}"
                )
            if re.search(rf"\b{re.escape(twin.value.lower())}\b", answer):
                yield Violation(q.question_id, f"{where} is the value the gold answer gives")
