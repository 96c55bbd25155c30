"""Shortcut measurements (SHC): ways to answer without memory that a reader used on the text.

Four attackers, each handed one question and its haystack:

- **heuristic answerers** (SHC001) read only the sentences that carry the question's key words
  — an attribute word (the question's content words that name no one) in an exchange (the
  turn and the one before it) that names a holder word (a relation word or a name) — and pick
  a value by counting or position: the most frequent, the least frequent, the most recent, the
  first, or the one stated in an assistant turn; and, for a single value, the next places of
  the first three orderings (the second, third and fourth most frequent, most recent and
  named), which an attacker picks once they see where the answer usually sits. Each is
  scored per shape against the gold value and compared with the fair chance, one over the
  number of candidate values the question's key sentences name. A placed answerer is refused
  only beyond the shape's family bound too: what the best of its answerers reaches by luck. A list answer (a set-answer shape's answer items, a
  list-order shape's items, the steps an order-form answer names in order) is answered with
  the k values ranked best by the same counts and positions, k the gold list's length, and
  scored as the shape scores it: the exact set, or the exact order; its fair chance is one over
  the number of k-subsets (or ordered k-lists) of the m candidates. Beside these, each list
  answerer's share of the gold items among its k picks is reported against k over m, per
  item; that figure is not the shape's scoring, and is held to the same bound.
- a **position-only model** (SHC002) ranks a haystack's sessions by where and when they sit
  (index, distance from the end, gaps, time of day), never reading a word or the question.
- a **marker adversary** (SHC003) ranks the turns a reader weighs — those naming an attribute
  word of the question in an exchange that names its holder and stating a value, by the
  speaker of the gold turns — by their wording alone, with
  names, numbers, relations and pronouns masked, so only the frame is left ("…, but that
  turned out to be wrong").
- the **order-word sides** (SHC004) count which side of "before" or "after" each candidate
  stands on: a chain's first event is only ever said first and its last only last.

Values come from the `typedmemeval` block, never from a vertical's name: every value a twin,
event, list, candidate or answer item declares, reduced to its first capitalised word, plus
the gold value. The gold value is the one declared value the answer's first sentence names,
or else its one capitalised word that an evidence turn states; a question whose answer names
none or several (counts, sums, orders, yes/no answers, negatives) has no single value and is
not scored by SHC001, unless its shape declares a list answer (above). A vertical may list the
shapes to score (`Vertical.answer_value_shapes`); by default every shape is tried except those
with negative gold and attribution shapes (whose answer names a speaker).
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from threadpoolctl import threadpool_limits

from checker.family import BY_KEY
from checker.formats.corpus import Question, TypedMemEvalBlock
from checker.load import LoadedCorpus, parse_date
from checker.separability.adversary import haystack_groups, shuffled_gold
from checker.separability.gate import distinct_haystacks
from checker.separability.language import PRONOUNS, RELATION_WORDS, turn_skeleton
from checker.separability.stats import Layout, within_question_auc
from checker.text import STOPWORDS, raw_tokens, sentences

Floats = NDArray[np.float64]

#: SHC001 refuses an answerer beating the fair chance by more than this on a shape …
LIFT_REFUSE = 0.15
#: … measured on at least this many questions of the shape.
MIN_SHAPE_QUESTIONS = 10
#: SHC002 and SHC003 refuse at this held-out within-question AUC; SHC003's goal is below
#: `MARKER_TARGET`.
AUC_REFUSE = 0.70
MARKER_TARGET = 0.60
#: SHC002 and SHC003 need this many distinct haystacks with a gold candidate to measure.
MIN_HAYSTACKS = 10
FOLDS = 5
SEED = 0

#: The orderings a list answer is also answered by …
LIST_ANSWERERS = ("most-frequent", "least-frequent", "most-recent", "first", "assistant-stated")
#: … and, for a single value, the next places of the first three orderings: the best-placed
#: values set aside once (the runner-up), twice or three times, for an attacker who has seen
#: where the answer usually sits. Semantic put a rival after a chain's last link, so the most
#: recent value was never the answer and the second most recent was (0.44 against a chance of
#: 0.13, n=16); Bitemporal put two later statements after every belief, and the third most
#: recent value answered 0.647 of its belief-at-instant questions against 0.214 (n=17).
PLACED_ORDERINGS = ("most-frequent", "most-recent", "first")
DEEPEST_PLACE = 4
_ORDINALS = {2: "second", 3: "third", 4: "fourth"}


def place_name(ordering: str, place: int) -> str:
    """`second-most-recent`, `third-most-frequent`; the k-th named value is plain `third`."""
    ordinal = _ORDINALS[place]
    return ordinal if ordering == "first" else f"{ordinal}-{ordering}"


#: Each placed answerer: its ordering and its place in it.
PLACES: dict[str, tuple[str, int]] = {
    place_name(ordering, place): (ordering, place)
    for place in range(2, DEEPEST_PLACE + 1)
    for ordering in PLACED_ORDERINGS
}
ANSWERERS = (*LIST_ANSWERERS, *PLACES)
#: With this many answerers a shape's best one beats the fair chance by luck: a leak-free shape
#: of 15 questions drew a lift over +0.15 in about one case in five with eight answerers. So
#: the five plain orderings are refused at `LIFT_REFUSE`, and a placed answerer only where its
#: lift is also more than the shape's **family bound**: the lift the best of all its answerers
#: reaches in `FAMILY_LEVEL` of `NULL_DRAWS` draws in which each question's gold is replaced by
#: a candidate drawn at random (a random list of the gold's length for a list answer), the
#: haystacks left as they are.
NULL_DRAWS = 500
FAMILY_LEVEL = 0.95

#: Capitalised words that are not values: titles, calendar words, answer openers.
_NOT_VALUES: frozenset[str] = frozenset(
    """
    dr mr mrs ms st mt yes no not none nothing unknown never first last one two three
    about around only still since until both neither either you i we my your our
    monday tuesday wednesday thursday friday saturday sunday january february march april may
    june july august september october november december
    """.split()
)
#: Question words that name neither a holder nor an attribute.
_QUESTION_WORDS: frozenset[str] = frozenset(
    """
    which what who whom whose where when how why now still currently ever yet any anything
    something think thinking tell told remember recall say said know knew cast mind back
    would could should does did do have has had get got go going right point moment ago
    week weeks day days month months year years time times from since until answer
    """.split()
)
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+(?:['’-][A-Za-z]+)*\b")


def value_token(value: str | None) -> str | None:
    """A declared value's first capitalised word that is not a title (`Dr Hekker` → Hekker)."""
    if not value:
        return None
    words: list[str] = _CAPITALISED.findall(value)
    return next((w for w in words if w.lower() not in _NOT_VALUES), None)


def declared_values(block: TypedMemEvalBlock | None) -> set[str]:
    """Every value the block declares, as its first capitalised word."""
    if block is None:
        return set()
    raw: list[str | None] = []
    raw += [t.value for t in block.twins or ()]
    raw += [e.value for e in block.events or ()]
    raw += list(block.list_order.items) if block.list_order else []
    raw += [c.label for c in block.candidates or ()]
    raw += list(block.answer_items or ())
    return {v for v in map(value_token, raw) if v}


def _first_sentence(text: str) -> str:
    found = sentences(text)
    return found[0] if found else ""


def _names(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text) is not None


def gold_value(q: Question, declared: set[str]) -> str | None:
    """The single value the answer's first sentence names (see the module docstring)."""
    first = _first_sentence(q.answer)
    named = {v for v in declared if _names(first, v)}
    if len(named) == 1:
        return named.pop()
    if named:
        return None
    gold = set(q.answer_session_ids)
    evidence = " ".join(
        t.content
        for sid, session in zip(q.haystack_session_ids, q.haystack_sessions, strict=False)
        if sid in gold
        for t in session
        if t.has_answer
    )
    asked = set(raw_tokens(q.question))
    found = {
        w
        for w in _CAPITALISED.findall(first)
        if w.lower() not in STOPWORDS
        and w.lower() not in _NOT_VALUES
        and w.lower() not in RELATION_WORDS
        and w.lower() not in asked
        and _names(evidence, w)
    }
    return found.pop() if len(found) == 1 else None


@dataclass(frozen=True)
class KeyWords:
    """What a reader greps for: who the question is about, and what about them."""

    holder: frozenset[str]
    attribute: frozenset[str]


def key_words(question: str, values: set[str]) -> KeyWords:
    """Holder words (relation words and names the question uses) and attribute words (its
    other content words), lower-case; values the question names are neither."""
    lowered_values = {v.lower() for v in values}
    first, owned = True, False
    holder: set[str] = set()
    for word in re.findall(r"[A-Za-z]+(?:['’][A-Za-z]+)?", question):
        base = re.sub(r"['’]s$", "", word)
        lower = base.lower()
        named = base[0].isupper() and not first and lower not in lowered_values
        ordinary = lower in _NOT_VALUES or lower in _QUESTION_WORDS
        # A relation word a holder owns is what is asked ("my neighbour's dentist").
        if ((lower in RELATION_WORDS and not owned) or named) and not ordinary:
            holder.add(lower)
        first, owned = False, base != word
    attribute = {
        t
        for t in raw_tokens(question)
        if len(t) >= 3
        and not t.isdigit()
        and t not in STOPWORDS
        and t not in _QUESTION_WORDS
        and t not in PRONOUNS
        and t not in holder
        and t not in lowered_values
        and t not in _NOT_VALUES
    }
    return KeyWords(frozenset(holder), frozenset(attribute))


@dataclass(frozen=True)
class Said:
    """One sentence (or turn) of a haystack, in reading order."""

    session: int
    turn: int
    role: str
    #: Lower-case raw tokens.
    words: frozenset[str]
    #: Capitalised words as written, in the order they first appear.
    capitals: tuple[str, ...]
    #: Lower-case raw tokens of the exchange it belongs to: its own turn and the one before
    #: (a reply names its holder as "her" when the user just named "my niece").
    context: frozenset[str]


def said_in(q: Question, *, whole_turns: bool = False) -> list[Said]:
    """Every sentence of the haystack (or every turn), in reading order."""
    out: list[Said] = []
    for si, session in enumerate(q.haystack_sessions):
        previous: frozenset[str] = frozenset()
        for ti, turn in enumerate(session):
            own = frozenset(raw_tokens(turn.content))
            context = own | previous
            units = [turn.content] if whole_turns else sentences(turn.content)
            for text in units:
                out.append(
                    Said(
                        si,
                        ti,
                        turn.role,
                        own if whole_turns else frozenset(raw_tokens(text)),
                        tuple(dict.fromkeys(_CAPITALISED.findall(text))),
                        context,
                    )
                )
            previous = own
    return out


def carries_key(said: Said, keys: KeyWords) -> bool:
    """Names an attribute word, in an exchange that names the holder (when the question names
    one)."""
    if keys.holder and not said.context & keys.holder:
        return False
    return bool(said.words & keys.attribute)


# --- SHC001: heuristic answerers -------------------------------------------------------------


@dataclass(frozen=True)
class QuestionScore:
    """One scored question: each answerer's expected credit (ties split) and the fair chance."""

    shape: str
    candidates: int
    credit: dict[str, float]
    #: How many values the answer names: one, or a list's length.
    items: int = 1
    #: A list answer must name its items in the gold order (else as a set).
    ordered: bool = False
    #: For a list answer, each answerer's expected share of the gold items among its picks.
    item_credit: dict[str, float] = field(default_factory=dict)
    #: Each answerer's ranking scores of the candidates, for the family bound's draws.
    scores: dict[str, dict[str, float]] = field(default_factory=dict, repr=False)

    @property
    def chance(self) -> float:
        """One over the number of answers of the answer's size drawn from the candidates: a
        value, a k-subset, or an ordered k-list of the m candidates."""
        m, k = self.candidates, self.items
        return 1.0 / (math.perm(m, k) if self.ordered else math.comb(m, k))

    @property
    def item_chance(self) -> float:
        """The share of gold items among k candidates drawn at random: k over m."""
        return self.items / self.candidates


def _pick(scores: dict[str, float], gold: Sequence[str], *, ordered: bool = False) -> float:
    """Expected credit of answering the len(gold) best-scored values, ties broken at random:
    exactly the gold values (as a set, or best first in the gold order when `ordered`)."""
    want = list(gold)
    credit = 1.0
    for best in sorted(set(scores.values()), reverse=True):
        if not want:
            break
        tier = {v for v, s in scores.items() if s == best}
        take = min(len(tier), len(want))
        if ordered:
            head, want = set(want[:take]), want[take:]
            if not head <= tier:
                return 0.0
            credit /= math.perm(len(tier), take)
        else:
            if take == len(tier):
                if not tier <= set(want):
                    return 0.0
                want = [v for v in want if v not in tier]
            else:
                if not set(want) <= tier:
                    return 0.0
                credit /= math.comb(len(tier), take)
                want = []
    return credit if not want else 0.0


def at_place(scores: dict[str, float], place: int) -> dict[str, float]:
    """Scores that put the values of the place-th best score (a tie, all of them) first and
    the rest below: the placed answerer picks among them. Where fewer than `place` scores are
    distinct, every value ties, and the pick is at random."""
    levels = sorted(set(scores.values()), reverse=True)
    if place > len(levels):
        return dict.fromkeys(scores, 0.0)
    return {v: 1.0 if s == levels[place - 1] else 0.0 for v, s in scores.items()}


def _pick_items(scores: dict[str, float], gold: Sequence[str]) -> float:
    """Expected share of the gold values among the len(gold) best-scored values, ties broken
    at random."""
    want, room, found = set(gold), len(gold), 0.0
    for best in sorted(set(scores.values()), reverse=True):
        if room <= 0:
            break
        tier = [v for v, s in scores.items() if s == best]
        take = min(len(tier), room)
        found += take * sum(v in want for v in tier) / len(tier)
        room -= take
    return found / len(gold)


def gold_list(q: Question, declared: set[str]) -> tuple[list[str], bool] | None:
    """A list answer's values, and whether their order is scored: the declared answer items of
    a set-answer shape, the items of a list-order shape, or the values the answer names in
    order for a shape whose answer form is an order; None for any other answer."""
    block = q.typedmemeval
    vertical = BY_KEY.get(block.vertical) if block else None
    shape = vertical.shape(block.shape) if vertical and block else None
    if block is None or vertical is None or shape is None:
        return None
    raw: list[str | None]
    if shape.set_answer and block.answer_items:
        raw, ordered = list(block.answer_items), False
    elif shape.list_order and block.list_order:
        raw, ordered = list(block.list_order.items), True
    elif vertical.answer_rules.form(block.shape) == "order":
        at: dict[str, int] = {}
        for v in sorted(declared):
            if found := re.search(rf"\b{re.escape(v)}\b", q.answer):
                at[v] = found.start()
        raw, ordered = [*sorted(at, key=at.__getitem__)], True
    else:
        return None
    items = [v for v in map(value_token, raw) if v]
    if len(items) < 2 or len(set(items)) < len(items) or len(items) < len(raw):
        return None
    return items, ordered


def score_question(q: Question) -> QuestionScore | str:
    """The answerers' credit on one question, or why it is not scored."""
    block = q.typedmemeval
    declared = declared_values(block)
    listed = gold_list(q, declared)
    gold_value_ = None if listed else gold_value(q, declared)
    if listed is None and gold_value_ is None:
        return "its answer names no single value"
    gold, ordered = listed if listed else ([gold_value_ or ""], False)
    values = declared | set(gold)
    keys = key_words(q.question, values)
    said = said_in(q)
    count: dict[str, int] = {}
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    by_assistant: dict[str, int] = {}
    for index, s in enumerate(said):
        if not carries_key(s, keys):
            continue
        for order, v in enumerate(w for w in s.capitals if w in values):
            position = index * 1000 + order  # reading order, within a sentence too
            count[v] = count.get(v, 0) + 1
            first.setdefault(v, position)
            last[v] = position
            if s.role == "assistant":
                by_assistant[v] = 1
    if any(g not in count for g in gold):
        return (
            "a gold item is in no sentence carrying the key words"
            if listed
            else "its gold value is in no sentence carrying the key words"
        )
    present = sorted(count)
    by: dict[str, dict[str, float]] = {
        "most-frequent": {v: count[v] for v in present},
        "least-frequent": {v: -count[v] for v in present},
        "most-recent": {v: last[v] for v in present},
        "first": {v: -first[v] for v in present},
        "assistant-stated": {v: by_assistant.get(v, 0) for v in present},
    }
    if not listed:
        by |= {name: at_place(by[ordering], place) for name, (ordering, place) in PLACES.items()}
    credit = {name: _pick(scores, gold, ordered=ordered) for name, scores in by.items()}
    items = {name: _pick_items(by[name], gold) for name in LIST_ANSWERERS} if listed else {}
    return QuestionScore(
        block.shape if block else "", len(present), credit, len(gold), ordered, items, by
    )


@dataclass(frozen=True)
class AnswererRow:
    """One answerer on one shape."""

    shape: str
    answerer: str
    n: int
    accuracy: float
    chance: float
    #: A per-item figure of a list answerer: the share of gold items among its k picks.
    per_item: bool = False
    #: The shape's family bound (see `NULL_DRAWS`): a lift at or under it is within luck.
    bound: float = 0.0

    @property
    def lift(self) -> float:
        return self.accuracy - self.chance

    @property
    def placed(self) -> bool:
        """A place past the best of an ordering, or an order-word side (SHC004): one of a
        family of answerers, held to the family bound as well."""
        return self.answerer in PLACES or self.answerer in ORDER_ANSWERERS

    @property
    def refused(self) -> bool:
        if self.n < MIN_SHAPE_QUESTIONS or self.lift <= LIFT_REFUSE:
            return False
        # The bound is one of the lifts a draw reaches; a sum in another order may differ
        # from it in the last place, so a lift must clear it by more than that.
        return not self.placed or self.lift > self.bound + 1e-9


@dataclass(frozen=True)
class HeuristicRecord:
    rows: list[AnswererRow]
    #: Questions tried (shapes in scope) and scored.
    tried: int
    scored: int
    #: Why questions were not scored, with counts.
    skipped: dict[str, int] = field(default_factory=dict)


def _shapes_in_scope(q: Question) -> bool:
    block = q.typedmemeval
    if block is None:
        return False
    vertical = BY_KEY.get(block.vertical)
    if vertical is None:
        return False
    if vertical.answer_value_shapes is not None:
        return block.shape in vertical.answer_value_shapes
    shape = vertical.shape(block.shape)
    # An attribution answer names who said the value, not the value.
    return (
        shape is not None
        and not shape.negative_gold
        and block.shape not in vertical.attribution_shapes
    )


def family_bound(shape: str, scored: Sequence[QuestionScore]) -> float:
    """The lift over the fair chance that the best of the shape's answerers (whole answers
    and, for lists, per item) reaches in `FAMILY_LEVEL` of `NULL_DRAWS` draws of a random gold
    per question, each answerer scored exactly as on the real gold."""
    if not scored:
        return 0.0
    rng = np.random.default_rng([SEED, zlib.crc32(shape.encode())])
    exact = [a for a in scored[0].credit if all(a in s.credit for s in scored)]
    per_item = [a for a in scored[0].item_credit if all(a in s.item_credit for s in scored)]
    total = np.zeros((NULL_DRAWS, len(exact) + len(per_item)))
    for s in scored:
        values = sorted(s.scores[exact[0]])
        draws = rng.permuted(np.tile(np.arange(len(values)), (NULL_DRAWS, 1)), axis=1)
        credit: dict[tuple[int, ...], list[float]] = {}
        for r, drawn in enumerate(draws[:, : s.items]):
            key = tuple(int(i) for i in drawn)
            if key not in credit:
                gold = [values[i] for i in key]
                credit[key] = [_pick(s.scores[a], gold, ordered=s.ordered) for a in exact] + [
                    _pick_items(s.scores[a], gold) for a in per_item
                ]
            total[r] += credit[key]
    chance = [float(np.mean([s.chance for s in scored]))] * len(exact)
    chance += [float(np.mean([s.item_chance for s in scored]))] * len(per_item)
    lifts = total / len(scored) - np.array(chance)
    return float(np.quantile(lifts.max(axis=1), FAMILY_LEVEL))


def _score_each(
    corpus: LoadedCorpus, score: Callable[[Question], QuestionScore | str | None]
) -> tuple[list[QuestionScore], dict[str, int], int]:
    """Every distinct haystack's question scored: the scores, why the others were not scored
    (with counts), and how many were tried (`score` gives None for a question out of scope)."""
    scored: list[QuestionScore] = []
    skipped: dict[str, int] = {}
    tried = 0
    for q in distinct_haystacks(corpus).questions:
        found = score(q)
        if found is None:
            continue
        tried += 1
        if isinstance(found, str):
            skipped[found] = skipped.get(found, 0) + 1
        else:
            scored.append(found)
    return scored, skipped, tried


def heuristic_answerers(corpus: LoadedCorpus) -> HeuristicRecord:
    """SHC001's measurement: every answerer per shape over the scored questions."""
    scored, skipped, tried = _score_each(
        corpus, lambda q: score_question(q) if _shapes_in_scope(q) else None
    )
    rows: list[AnswererRow] = []
    for shape in sorted({s.shape for s in scored}):
        mine = [s for s in scored if s.shape == shape]
        placed = all(any(a in s.credit for a in PLACES) for s in mine)
        bound = family_bound(shape, mine) if placed and len(mine) >= MIN_SHAPE_QUESTIONS else 0.0
        chance = float(np.mean([s.chance for s in mine]))
        for answerer in ANSWERERS:
            if not all(answerer in s.credit for s in mine):
                continue  # a placed answerer answers a single value only
            accuracy = float(np.mean([s.credit[answerer] for s in mine]))
            rows.append(AnswererRow(shape, answerer, len(mine), accuracy, chance, bound=bound))
        if all(s.item_credit for s in mine):
            chance = float(np.mean([s.item_chance for s in mine]))
            for answerer in LIST_ANSWERERS:
                accuracy = float(np.mean([s.item_credit[answerer] for s in mine]))
                rows.append(
                    AnswererRow(
                        shape, answerer, len(mine), accuracy, chance, per_item=True, bound=bound
                    )
                )
    return HeuristicRecord(rows, tried, len(scored), skipped)


# --- SHC004: the side of an order word --------------------------------------------------------

#: Order words, and the side each puts first: "A before B" puts its left side first, "A after
#: B" its right side.
ORDER_WORDS = {
    "before": "left",
    "earlier than": "left",
    "ahead of": "left",
    "prior to": "left",
    "after": "right",
    "later than": "right",
    "following": "right",
}
_ORDER = re.compile(
    r"\b(" + "|".join(re.escape(w) for w in sorted(ORDER_WORDS, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
#: The candidate an order word most often puts first, and the one it most often puts last.
ORDER_ANSWERERS = ("earlier-by-order-words", "later-by-order-words")


def earliness(text: str, candidates: Sequence[str]) -> dict[str, int]:
    """Per candidate, how often an order word puts it first, less how often one puts it last.
    An order word orders the name said nearest before it against the one said nearest after
    it, in its sentence ("the Hans session came after the Loredan visit": Hans −1, Loredan +1),
    and scores those that are candidates; a name is a capitalised word that does not open the
    sentence. One without a name on each side orders nothing ("Before I forget, …", "the day
    before yesterday", "after all")."""
    out = dict.fromkeys(candidates, 0)
    for sentence in sentences(text):
        words = list(_ORDER.finditer(sentence))
        if not words:
            continue
        names = [
            (m.start(), m[0])
            for m in _CAPITALISED.finditer(sentence)
            if m.start() > 0 and m[0].lower() not in _NOT_VALUES
        ]
        for word in words:
            before = [v for at, v in names if at < word.start()]
            after = [v for at, v in names if at >= word.end()]
            if not before or not after or before[-1] == after[0]:
                continue
            sign = 1 if ORDER_WORDS[word.group(1).lower()] == "left" else -1
            if before[-1] in out:
                out[before[-1]] += sign
            if after[0] in out:
                out[after[0]] -= sign
    return out


def _choice(q: Question) -> tuple[list[str], str] | str:
    """A choice question's candidates (the values its question names) and the one its answer
    chooses."""
    named = sorted(v for v in declared_values(q.typedmemeval) if _names(q.question, v))
    if len(named) < 2:  # no values declared: the question's own names the haystack says
        text = " ".join(t.content for session in q.haystack_sessions for t in session)
        named = sorted(
            {
                m[0]
                for m in _CAPITALISED.finditer(q.question)
                if m.start() > 0
                and m[0].lower() not in _NOT_VALUES | _QUESTION_WORDS | RELATION_WORDS
                and _names(text, m[0])
            }
        )
    chosen = [v for v in named if _names(_first_sentence(q.answer), v)]
    if len(named) < 2 or len(chosen) != 1:
        return "its question does not name the answer among two or more values"
    return named, chosen[0]


def _holder_sentences(q: Question, holder: frozenset[str]) -> list[str]:
    """Every sentence of an exchange that names one of the holder words (every sentence, when
    the question names no holder)."""
    out: list[str] = []
    for session in q.haystack_sessions:
        previous: frozenset[str] = frozenset()
        for turn in session:
            own = frozenset(raw_tokens(turn.content))
            if not holder or (own | previous) & holder:
                out += sentences(turn.content)
            previous = own
    return out


def score_sides(q: Question) -> QuestionScore | str | None:
    """SHC004's credit on one question, why it is not scored, or None when its answer is
    neither a choice nor a single value. A choice (`AnswerRules.forms`)
    is made between the values its question names, reading every sentence; a single value
    (SHC001's shapes) among the declared values said in exchanges that name its holder."""
    block = q.typedmemeval
    vertical = BY_KEY.get(block.vertical) if block else None
    if block is None or vertical is None:
        return None
    said: list[str]
    if vertical.answer_rules.form(block.shape) == "choice":
        found = _choice(q)
        if isinstance(found, str):
            return found
        candidates, gold = found
        said = [text for session in q.haystack_sessions for t in session for text in [t.content]]
    elif _shapes_in_scope(q):
        declared = declared_values(block)
        gold_ = None if gold_list(q, declared) else gold_value(q, declared)
        if gold_ is None:
            return None
        gold = gold_
        values = declared | {gold}
        said = _holder_sentences(q, key_words(q.question, values).holder)
        candidates = sorted(v for v in values if any(_names(text, v) for text in said))
        if gold not in candidates:
            return "its gold value is in no sentence naming its holder"
    else:
        return None
    sides = dict.fromkeys(candidates, 0)
    for text in said:
        for v, n in earliness(text, candidates).items():
            sides[v] += n
    by: dict[str, dict[str, float]] = {
        "earlier-by-order-words": {v: float(n) for v, n in sides.items()},
        "later-by-order-words": {v: float(-n) for v, n in sides.items()},
    }
    credit = {name: _pick(scores, [gold]) for name, scores in by.items()}
    return QuestionScore(block.shape, len(candidates), credit, scores=by)


def order_word_sides(corpus: LoadedCorpus) -> HeuristicRecord:
    """SHC004's measurement: both order-word answerers per shape."""
    scored, skipped, tried = _score_each(corpus, score_sides)
    rows: list[AnswererRow] = []
    for shape in sorted({s.shape for s in scored}):
        mine = [s for s in scored if s.shape == shape]
        bound = family_bound(shape, mine) if len(mine) >= MIN_SHAPE_QUESTIONS else 0.0
        chance = float(np.mean([s.chance for s in mine]))
        for answerer in ORDER_ANSWERERS:
            accuracy = float(np.mean([s.credit[answerer] for s in mine]))
            rows.append(AnswererRow(shape, answerer, len(mine), accuracy, chance, bound=bound))
    return HeuristicRecord(rows, tried, len(scored), skipped)


# --- SHC002: position-only model -------------------------------------------------------------

POSITION_FEATURES = (
    "index",
    "from_end",
    "relative",
    "sessions",
    "days_before_question",
    "gap_before_days",
    "gap_after_days",
    "hour",
    "weekday",
    "same_day_sessions",
)
#: Below this, the position model is said to read backwards (see `position_model`).
BACKWARDS = 0.30


def _days(a: datetime, b: datetime) -> float:
    return (b - a).total_seconds() / 86400.0


def position_features(q: Question) -> Floats:
    """One row per session, question-blind: where and when it sits in its haystack."""
    n = len(q.haystack_sessions)
    dates = [parse_date(d) for d in q.haystack_dates]
    asked = parse_date(q.question_date)
    rows = np.zeros((n, len(POSITION_FEATURES)))
    days = [d.date() for d in dates if d is not None]
    for i, when in enumerate(dates):
        before = dates[i - 1] if i > 0 else None
        after = dates[i + 1] if i + 1 < n else asked
        rows[i] = (
            i,
            n - 1 - i,
            i / max(n - 1, 1),
            n,
            _days(when, asked) if when and asked else 0.0,
            _days(before, when) if before and when else 0.0,
            _days(when, after) if when and after else 0.0,
            when.hour + when.minute / 60 if when else 0.0,
            when.weekday() if when else 0.0,
            days.count(when.date()) if when else 0.0,
        )
    return rows


@dataclass(frozen=True)
class HeldOutAuc:
    """A held-out within-question AUC beside the same pipeline on shuffled labels."""

    auc: float
    shuffled: float
    #: Distinct haystacks and questions measured.
    haystacks: int
    questions: int
    leans: list[str] = field(default_factory=list)
    #: Measured on a bounded sample of the questions (SHC003 under `audit`, `AUDIT_WORDS`).
    sampled: bool = False
    #: The middle 95% of the AUC over haystacks drawn again with replacement, the held-out
    #: scores fixed (`haystack_interval`); None where not drawn.
    interval: tuple[float, float] | None = None

    @property
    def refused(self) -> bool:
        return self.haystacks >= MIN_HAYSTACKS and self.auc >= AUC_REFUSE


def _boosted() -> HistGradientBoostingClassifier:
    """The pinned boosted-tree model. Unweighted: with sample weights its binning computes
    weighted percentiles, which cost seconds per fit; the AUC reads ranks only."""
    return HistGradientBoostingClassifier(
        max_iter=100,
        learning_rate=0.1,
        max_depth=3,
        min_samples_leaf=20,
        early_stopping=False,
        random_state=SEED,
    )


def _folds(groups: NDArray[np.int64]) -> list[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """Grouped folds (train rows, test rows), the groups dealt to the folds in a seeded random
    order.

    Dealt in turn instead, equal-sized groups go to fold i mod k, and a generator that cycles
    a design variable through its questions with the same period (five distance rungs,
    question i on rung i mod 5) has each fold hold out every question of one rung: the
    training folds then have no gold at the held-out offset, and a model that finds the offsets
    reads 0.28 instead of 0.96."""
    distinct = np.unique(groups)
    k = min(FOLDS, len(distinct))
    if k < 2:
        return []
    order = np.random.default_rng(SEED).permutation(len(distinct))
    fold_of_group = np.empty(len(distinct), dtype=np.int64)
    fold_of_group[order] = np.arange(len(distinct)) % k
    fold = fold_of_group[np.searchsorted(distinct, groups)]
    rows = np.arange(len(groups))
    return [(rows[fold != f], rows[fold == f]) for f in range(k)]


def position_model(corpus: LoadedCorpus) -> HeldOutAuc:
    """SHC002's measurement: a boosted-tree model on position features alone, folds holding
    out whole haystacks (assigned to folds at random, see `_folds`), scored by the pooled
    within-question AUC.

    Held out by haystack, a design that uses each position about once across the corpus reads
    far *below* 0.5: the training folds lack gold exactly where each held-out gold sits, so the
    model ranks that position low (simulated, 60 haystacks of 61 sessions with every distance
    used once: 0.10, against 0.51 for positions drawn with replacement and 0.96 for five fixed
    offsets; larger leaves do not remove it). Such a design leaves the gold position uniform
    over its range, which is no tell to an attacker handed one haystack, so the rule is
    one-sided; the summary marks a figure at or below `BACKWARDS` as reading backwards."""
    view = distinct_haystacks(corpus)
    layout = Layout.of(view)
    eligible = layout.eligible()
    groups = haystack_groups([tuple(q.haystack_session_ids) for q in view.questions], layout)
    measured = len({int(groups[layout.offsets[q]]) for q in eligible})
    if measured < 2:
        return HeldOutAuc(0.5, 0.5, measured, len(eligible))
    x = np.vstack([position_features(q) for q in view.questions])

    def held_out(labels: NDArray[np.bool_]) -> float:
        scores = np.zeros(layout.n_sessions)
        for train, test in _folds(groups):
            if labels[train].all() or not labels[train].any():
                continue
            model = _boosted().fit(x[train], labels[train])
            scores[test] = model.predict_proba(x[test])[:, 1]
        return within_question_auc(scores, layout.with_gold(labels))

    # One thread: the model's OpenMP workers, spinning on cores shared with other work, took
    # 30-150 s per corpus where one thread takes about one.
    with threadpool_limits(1, user_api="openmp"):
        auc = held_out(layout.gold)
        shuffled = held_out(shuffled_gold(layout, SEED))
    return HeldOutAuc(round(auc, 4), round(shuffled, 4), measured, len(eligible))


# --- SHC003: marker adversary ----------------------------------------------------------------


@dataclass(frozen=True)
class CandidateTurns:
    """The turns readers weigh, per question: masked wording, gold label, question, group."""

    texts: list[str]
    gold: NDArray[np.bool_]
    question: NDArray[np.int64]
    group: NDArray[np.int64]
    #: Only the questions of the first `AUDIT_WORDS` candidate words were taken (`audit`).
    sampled: bool = False


def states_a_value(skeleton: str) -> bool:
    """A masked turn that names something (a masked name `N` or number `0`): a turn that
    could be read as the answer. A chat about the topic that names no value is not one."""
    return any(piece in {"N", "0"} for piece in skeleton.split())


#: `audit` trains the marker adversary on a foreign corpus's questions, taken haystack by
#: haystack (`candidate_turns`), until their candidate turns hold this many masked words: each
#: of its eleven fits grows with the words, and a foreign haystack can make nearly every turn
#: a candidate (about 500 turns of 170 words a question on LongMemEval-S-sized input,
#: `checker.bench.audit`). All of LoCoMo (30,678 short candidate turns, about 1.3 million
#: words) is within it, and our corpora hold 200 to 700 candidate turns in all.
AUDIT_WORDS = 1_500_000


def candidate_turns(corpus: LoadedCorpus) -> CandidateTurns:
    """The turns a reader weighs as the answer, per question: those naming the question's
    attribute in an exchange naming its holder (`carries_key`) that state a value
    (`states_a_value`), said by a speaker of the question's gold turns, in questions where
    gold and non-gold turns both qualify.

    Like is compared with like: a gold turn is always one speaker's statement, so a reply by
    the other speaker, or a chat that names no value, is told from it by who speaks or by
    having nothing to pick, which is no shortcut to the answer; the wording of one
    statement of a value against another is.

    On a foreign corpus (`audit`), questions are taken haystack by haystack until their
    candidates hold `AUDIT_WORDS` words (`sampled` then says so); the rows keep file order."""
    view = distinct_haystacks(corpus)
    order: list[int] | range = range(len(view.questions))
    limit = None
    if corpus.mode == "foreign":
        from checker.auditing import haystack_by_haystack

        order, limit = haystack_by_haystack(view), AUDIT_WORDS
    found: dict[int, list[tuple[str, bool]]] = {}
    spent = 0
    for qi in order:
        if limit is not None and spent >= limit:
            break
        mine = _weighed(view, qi)
        if mine:
            found[qi] = mine
            spent += sum(len(text.split()) for text, _ in mine)
    texts: list[str] = []
    gold: list[bool] = []
    question: list[int] = []
    group: list[int] = []
    haystacks: dict[tuple[str, ...], int] = {}
    for qi in sorted(found):
        g = haystacks.setdefault(tuple(view.questions[qi].haystack_session_ids), len(haystacks))
        for text, label in found[qi]:
            texts.append(text)
            gold.append(label)
            question.append(qi)
            group.append(g)
    return CandidateTurns(
        texts,
        np.asarray(gold, dtype=bool),
        np.asarray(question, dtype=np.int64),
        np.asarray(group, dtype=np.int64),
        sampled=limit is not None and spent >= limit,
    )


def _weighed(view: LoadedCorpus, qi: int) -> list[tuple[str, bool]]:
    """Question `qi`'s candidate turns (masked text, gold label), or none when gold and
    non-gold turns do not both qualify."""
    q = view.questions[qi]
    declared = declared_values(q.typedmemeval)
    found = gold_value(q, declared)
    values = declared | ({found} if found else set())
    keys = key_words(q.question, values)
    if not keys.holder and not keys.attribute:
        return []
    gold_sessions = set(view.gold_indices(qi))
    weighed: list[tuple[str, str, bool]] = []
    for unit in said_in(q, whole_turns=True):
        if carries_key(unit, keys):
            turn = q.haystack_sessions[unit.session][unit.turn]
            label = unit.session in gold_sessions and turn.has_answer
            text = turn_skeleton(turn.content)
            if states_a_value(text):
                weighed.append((turn.role, text, label))
    speakers = {role for role, _, label in weighed if label}
    mine = [(text, label) for role, text, label in weighed if role in speakers]
    labels = [b for _, b in mine]
    if not any(labels) or all(labels):
        return []
    return mine


def pooled_auc(scores: Floats, gold: NDArray[np.bool_], question: NDArray[np.int64]) -> float:
    """Pooled within-question AUC: every (gold, non-gold) pair of one question, ties half."""
    won = 0.0
    pairs = 0
    for q in np.unique(question):
        mine = question == q
        pos, neg = scores[mine & gold], scores[mine & ~gold]
        if not len(pos) or not len(neg):
            continue
        diff = pos[:, None] - neg[None, :]
        won += float((diff > 0).sum() + 0.5 * (diff == 0).sum())
        pairs += diff.size
    return won / pairs if pairs else 0.5


def _vectoriser() -> TfidfVectorizer:
    return TfidfVectorizer(
        token_pattern=r"\S+", lowercase=False, ngram_range=(1, 3), min_df=2, sublinear_tf=True
    )


def _linear() -> LogisticRegression:
    return LogisticRegression(
        C=1.0, class_weight="balanced", solver="liblinear", max_iter=1000, random_state=SEED
    )


def _shuffled_within(gold: NDArray[np.bool_], question: NDArray[np.int64]) -> NDArray[np.bool_]:
    rng = np.random.default_rng(SEED)
    out = gold.copy()
    for q in np.unique(question):
        idx = np.flatnonzero(question == q)
        out[idx] = out[rng.permutation(idx)]
    return out


def marker_adversary(corpus: LoadedCorpus) -> HeldOutAuc:
    """SHC003's measurement: a bag of masked 1–3-grams over the candidate turns, folds holding
    out whole haystacks, scored by the pooled within-question AUC."""
    found = candidate_turns(corpus)
    haystacks = len(np.unique(found.group))
    questions = len(np.unique(found.question))
    if haystacks < 2:
        return HeldOutAuc(0.5, 0.5, haystacks, questions)
    texts = np.asarray(found.texts, dtype=object)

    def held_out(labels: NDArray[np.bool_]) -> Floats:
        scores = np.zeros(len(labels))
        for train, test in _folds(found.group):
            if labels[train].all() or not labels[train].any():
                continue
            vectoriser = _vectoriser()
            try:
                x_train = vectoriser.fit_transform(texts[train])
            except ValueError:  # no n-gram in two training turns
                continue
            model = _linear().fit(x_train, labels[train])
            scores[test] = model.decision_function(vectoriser.transform(texts[test]))
        return scores

    scores = held_out(found.gold)
    shuffled = held_out(shuffled_labels := _shuffled_within(found.gold, found.question))
    low, high = haystack_interval(scores, found.gold, found.question, found.group)
    return HeldOutAuc(
        round(pooled_auc(scores, found.gold, found.question), 4),
        round(pooled_auc(shuffled, shuffled_labels, found.question), 4),
        haystacks,
        questions,
        _leans(texts, found.gold),
        sampled=found.sampled,
        interval=(round(low, 4), round(high, 4)),
    )


#: Draws of `haystack_interval`.
INTERVAL_DRAWS = 500


def haystack_interval(
    scores: Floats,
    gold: NDArray[np.bool_],
    question: NDArray[np.int64],
    group: NDArray[np.int64],
    draws: int = INTERVAL_DRAWS,
) -> tuple[float, float]:
    """The middle 95% of the pooled within-question AUC over the corpus's haystacks drawn again
    with replacement (a haystack drawn twice counts its questions twice), the held-out scores
    fixed: how far the figure moves with which haystacks a corpus happens to hold. The folds'
    models are not fitted again, so the spread of a fresh corpus is wider still.

    Three Conjunction drafts from one generator and one seed, differing in wording only, read
    0.40, 0.44 and 0.71, and their shuffled-label twins 0.51, 0.67 and 0.54: one gold turn
    against some fifty others in each of fifteen order questions, so a few turns decide the
    figure."""
    rng = np.random.default_rng(SEED)
    haystacks = np.unique(group)
    if not len(haystacks):
        return 0.5, 0.5
    members = [np.flatnonzero(group == h) for h in haystacks]
    offset = int(question.max()) + 1 if len(question) else 1
    found = []
    for _ in range(draws):
        picks = rng.integers(0, len(haystacks), len(haystacks))
        rows = np.concatenate([members[p] for p in picks])
        renamed = np.concatenate([question[members[p]] + k * offset for k, p in enumerate(picks)])
        found.append(pooled_auc(scores[rows], gold[rows], renamed))
    low, high = np.percentile(found, [2.5, 97.5])
    return float(low), float(high)


def _leans(texts: NDArray[np.object_], gold: NDArray[np.bool_], top: int = 4) -> list[str]:
    """The masked n-grams the whole-corpus model weighs most for gold and for non-gold."""
    if gold.all() or not gold.any():
        return []
    vectoriser = _vectoriser()
    try:
        x = vectoriser.fit_transform(texts)
    except ValueError:
        return []
    weights = _linear().fit(x, gold).coef_[0]
    names = vectoriser.get_feature_names_out()
    order = np.argsort(weights, kind="stable")
    out = [f"{names[i]!r} (+{weights[i]:.2f})" for i in order[::-1][:top] if weights[i] > 0]
    out += [f"{names[i]!r} ({weights[i]:.2f})" for i in order[:top] if weights[i] < 0]
    return out


# --- cached access for the rules and the summary ---------------------------------------------


_Measured = TypeVar("_Measured")


def _cached(
    corpus: LoadedCorpus, name: str, build: Callable[[LoadedCorpus], _Measured]
) -> _Measured:
    """One measurement per corpus, however many rules and sections read it."""
    key = f"shortcuts {name}"
    if key not in corpus.cache:
        corpus.cache[key] = build(corpus)
    found: _Measured = corpus.cache[key]
    return found


def heuristics_of(corpus: LoadedCorpus) -> HeuristicRecord:
    return _cached(corpus, "heuristics", heuristic_answerers)


def order_words_of(corpus: LoadedCorpus) -> HeuristicRecord:
    return _cached(corpus, "order words", order_word_sides)


def position_of(corpus: LoadedCorpus) -> HeldOutAuc:
    return _cached(corpus, "position", position_model)


def markers_of(corpus: LoadedCorpus) -> HeldOutAuc:
    return _cached(corpus, "markers", marker_adversary)
