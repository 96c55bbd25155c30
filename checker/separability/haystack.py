"""The haystack-relative adversary (SEP008): is the target its haystack's centre of mass?

Every other adversary scores one session at a time across questions. This one describes each
session by how it sits in its *own* haystack, never reading the question: a generator that
spends its competition (near misses, rivals, updates) only on the asked fact makes that fact
the thing the haystack talks about most, and a reader that picks "the session naming a value
for the haystack's most repeated topic" then finds gold without knowing what was asked. The
features are recurrence statistics of plain text units, nothing of any corpus's templates.

Units of a session, read sentence by sentence (`checker.text.sentences`; tokens are the raw
tokens of `checker.text`, as `sentence_words` defines them per text and `tokens` finds them for
the whole corpus at once):

- `token`: every raw token;
- `content`: raw tokens that are not stopwords and not all digits;
- `capitalised`: tokens written with a capital letter where they are not a sentence's first
  word (names, invented values);
- `bigram`: two adjacent tokens of one sentence;
- `pair`: two distinct content words of one sentence, unordered — a (holder, attribute)-like
  topic such as (dad, car).

For a unit u of a session in a haystack of H sessions: r(u) is the number of *other* sessions
of the same haystack carrying it; b(u) the number of sessions of the other haystacks carrying it
(each distinct haystack counted once) out of N′; p(u) = (b(u) + ½) / (N′ + 1) its background
rate; and its surprise σ(u) = −ln P(X ≥ r(u)) for X ~ Binomial(H − 1, p(u)): how unlikely that
many recurrences are for a unit this common elsewhere (0 when it does not recur). A template
phrase recurs everywhere and is never surprising; a topic the haystack keeps coming back to is.

Per session and unit kind K (feature `haystack.K.<stat>`):

- `recurring_share`: share of its units that recur elsewhere in the haystack (r ≥ 1);
- `recurrence_mean`, `recurrence_max`: mean and largest r over its units (the largest is the
  haystack-level frequency of the most frequent unit it touches);
- `surprise_max`, `surprise_sum`: largest and summed σ over its units (the most
  over-represented topic it touches, and how much of the haystack's recurring mass it holds);
- `touches_modal`: it carries the haystack's modal unit (largest σ in the haystack);
- `value_surprise_max`: largest σ over the units of its sentences that name a value (a
  capitalised word past the first, or a token with a digit): "the turn that names a value for
  the most repeated topic";
- `shared_with_one`: units it shares with exactly one other session and with no session of any
  other haystack (a rare token two sessions have in common);
- `rank.surprise_max`, `rank.value_surprise_max`, `rank.recurrence_max`: its rank in the
  haystack by those (1 = highest, ties share the best rank) over H.

With them, the position, date and session-id features of the single-feature table (`position`,
`date`, `session_id` families; an exempt family stays out, as in the numeric adversary). The
model is pinned here, scored as the other adversaries are: within-question AUC on held-out
folds grouped by haystack, beside the same pipeline on labels shuffled within question.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy.stats import binom

from checker.arrays import distinct, distinct_counts, first_seen_codes, run_starts
from checker.formats.separability import HaystackAdversaryRecord
from checker.load import LoadedCorpus
from checker.separability.adversary import (
    FOLDS,
    _classifier,
    _cross_validated,
    _leans,
    shuffled_gold,
    standardise_within_question,
)
from checker.separability.features import FeatureSet
from checker.separability.policy import ADVERSARY_REFUSE, ADVERSARY_TARGET
from checker.separability.stats import Layout
from checker.separability.turns import ragged_gather
from checker.text import STOPWORDS, sentences

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]

KINDS = ("token", "content", "capitalised", "bigram", "pair")
#: Families of the single-feature table the model reads beside the haystack features.
METADATA_FAMILIES = ("position", "date", "session_id")
#: Background pseudo-counts of the rate p(u) (a unit never seen elsewhere is not certain to be
#: absent there).
PRIOR = 0.5

MODEL = (
    "LogisticRegression(C=1.0, penalty=l2, class_weight=balanced, solver=liblinear, "
    "max_iter=1000, random_state=0) on the haystack-relative recurrence features of "
    f"{'/'.join(KINDS)} units and the non-exempt {'/'.join(METADATA_FAMILIES)} features, "
    f"standardised within question; GroupKFold({FOLDS}) by haystack"
)


def _unmarked(text: str) -> str:
    """NFKD with combining marks dropped, case kept (`checker.text.fold` before lowering)."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


#: `checker.text.TOKEN_RE` before lower-casing: lowered, its matches are the raw tokens.
_CASED_TOKEN = re.compile(r"[A-Za-z0-9]+")


def sentence_words(text: str) -> list[list[tuple[str, bool]]]:
    """The text's sentences, each as its raw tokens with, per token, whether it is written
    capitalised where it is not the sentence's first word."""
    out = []
    for sentence in sentences(text):
        words = _CASED_TOKEN.findall(_unmarked(sentence))
        if words:
            out.append([(w.lower(), k > 0 and w[0].isupper()) for k, w in enumerate(words)])
    return out


@dataclass
class Incidence:
    """Which sessions carry which units of one kind, each pair once."""

    session: Ints
    unit: Ints
    #: The (session, unit) pairs whose unit sits in a sentence of the session naming a value.
    value_session: Ints
    value_unit: Ints
    #: Units in total (ids are 0 … n_units − 1).
    n_units: int


@dataclass
class _TextUnits:
    """Per kind: (distinct text, unit code) occurrences, and those in value sentences."""

    text: dict[str, Ints]
    code: dict[str, Ints]
    value: dict[str, Bools]


@dataclass
class Tokens:
    """Every raw token of every distinct turn text, text after text, with its sentence and
    whether it is written capitalised past its sentence's first word."""

    text: Ints
    #: A number per sentence, increasing through the texts; only grouping matters.
    sentence: Ints
    #: Token ids indexing `words`.
    ids: Ints
    capital: Bools
    words: list[str]


def plain_tokens(contents: Sequence[str]) -> Tokens:
    """`sentence_words` of every text: the definition."""
    tok_text: list[int] = []
    tok_sentence: list[int] = []
    tok_word: list[str] = []
    tok_capital: list[bool] = []
    n_sentences = 0
    for t, turn_text in enumerate(contents):
        for said in sentence_words(turn_text):
            for lowered, capitalised in said:
                tok_text.append(t)
                tok_sentence.append(n_sentences)
                tok_word.append(lowered)
                tok_capital.append(capitalised)
            n_sentences += 1
    ids, vocabulary = first_seen_codes(tok_word, len(tok_word))
    return Tokens(
        text=np.asarray(tok_text, dtype=np.int64),
        sentence=np.asarray(tok_sentence, dtype=np.int64),
        ids=ids,
        capital=np.asarray(tok_capital, dtype=bool),
        words=list(vocabulary),
    )


_ALNUM = np.zeros(256, dtype=bool)
_ALNUM[[ord(c) for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"]] = True
_UPPER = np.zeros(256, dtype=bool)
_UPPER[[ord(c) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]] = True
_STOP = np.zeros(256, dtype=bool)
_STOP[[ord(c) for c in ".!?"]] = True


def tokens(corpus: LoadedCorpus) -> Tokens:
    """`plain_tokens(corpus.turn_index.contents)`, up to the numbering of sentences and ids
    (a test holds the two together), reusing the corpus's one tokenization.

    On an ASCII text the raw tokens are the maximal runs of letters and digits, in the order
    `corpus.token_ids` holds them; one pass over the bytes of every ASCII text finds where each
    begins (its first byte says whether it is capitalised) and where each sentence begins (a
    character that is not `.`, `!` or `?` at the text's start or after one of them, which is
    where `checker.text.sentences` starts a match). Other texts go through `sentence_words`."""
    table = corpus.token_ids
    contents = corpus.turn_index.contents
    is_ascii = np.fromiter(map(str.isascii, contents), dtype=bool, count=len(contents))
    fast = np.flatnonzero(is_ascii)
    joined = "\0".join([contents[i] for i in fast.tolist()]) + "\0"
    buf = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
    alnum = _ALNUM[buf]
    begins = alnum.copy()
    begins[1:] &= ~alnum[:-1]
    at = np.flatnonzero(begins)
    ids, lengths = ragged_gather(table.text_ids, table.text_starts, fast)
    if len(at) != len(ids):
        raise AssertionError("the byte pass and the tokenizer disagree on an ASCII text")
    # A sentence starts at every byte that is not a stop and follows a stop or a text's end.
    stop = _STOP[buf]
    opens = ~stop
    opens[1:] &= stop[:-1] | (buf[:-1] == 0)
    sentence = (np.cumsum(opens) - 1)[at]
    first = np.ones(len(at), dtype=bool)
    first[1:] = sentence[1:] != sentence[:-1]
    out_text = [np.repeat(fast, lengths)]
    out_sentence = [sentence]
    out_ids = [ids]
    out_capital = [_UPPER[buf[at]] & ~first]
    words = list(table.words)
    slow = np.flatnonzero(~is_ascii)
    if len(slow):
        known = dict(table.vocabulary)
        others = plain_tokens([contents[i] for i in slow.tolist()])
        code = np.fromiter(
            (known.setdefault(w, len(known)) for w in others.words),
            dtype=np.int64,
            count=len(others.words),
        )
        words = list(known)
        out_text.append(slow[others.text])
        out_sentence.append(int(sentence.max(initial=-1)) + 1 + others.sentence)
        out_ids.append(code[others.ids])
        out_capital.append(others.capital)
    text = np.concatenate(out_text)
    order = np.argsort(text, kind="stable")
    return Tokens(
        text=text[order],
        sentence=np.concatenate(out_sentence)[order],
        ids=np.concatenate(out_ids)[order],
        capital=np.concatenate(out_capital)[order],
        words=words,
    )


#: Most distinct content words of one sentence that are paired (see `_text_units`).
PAIR_WORDS = 64


def _text_units(found: Tokens) -> _TextUnits:
    """Every unit occurrence of every distinct turn text, coded as integers."""
    ids, words = found.ids, found.words
    width = max(len(words), 1)
    at_text, is_capital = found.text, found.capital
    # Sentence numbers made dense (increasing through the texts, as they come).
    numbers = distinct(found.sentence)
    at_sentence = np.searchsorted(numbers, found.sentence).astype(np.int64)
    n_sentences = int(at_sentence.max()) + 1 if len(at_sentence) else 0
    stop = np.fromiter((w in STOPWORDS or w.isdigit() for w in words), dtype=bool, count=len(words))
    digit = np.fromiter((any(c.isdigit() for c in w) for w in words), bool, count=len(words))
    # A sentence names a value when it holds a capitalised word past its first, or a digit.
    names_value = np.zeros(n_sentences, dtype=bool)
    names_value[at_sentence[is_capital | digit[ids]]] = True
    is_content = ~stop[ids]
    out = _TextUnits({}, {}, {})

    def put(kind: str, where: Ints, code: Ints, sentence: Ints) -> None:
        out.text[kind], out.code[kind] = where, code
        out.value[kind] = names_value[sentence]

    put("token", at_text, ids, at_sentence)
    put("content", at_text[is_content], ids[is_content], at_sentence[is_content])
    put("capitalised", at_text[is_capital], ids[is_capital], at_sentence[is_capital])
    same = np.flatnonzero(at_sentence[1:] == at_sentence[:-1])
    put("bigram", at_text[same], ids[same] * width + ids[same + 1], at_sentence[same])
    # Content pairs: the distinct content words of each sentence, every two of them.
    keys = distinct(at_sentence[is_content] * width + ids[is_content])
    pair_sentence, pair_word = keys // width, keys % width
    starts = np.searchsorted(pair_sentence, np.arange(n_sentences + 1))
    # Pairs grow with the square of a sentence's length: a sentence is paired over its first
    # `PAIR_WORDS` distinct content words (by word id), so that one unpunctuated 10,000-character
    # turn costs thousands of pairs, not millions. Real sentences hold far fewer.
    sizes = np.minimum(np.diff(starts), PAIR_WORDS)
    first_parts: list[Ints] = []
    second_parts: list[Ints] = []
    for k in np.unique(sizes[sizes >= 2]).tolist():
        where = starts[:-1][sizes == k]
        i, j = np.triu_indices(k, 1)
        first_parts.append((where[:, None] + i[None, :]).ravel())
        second_parts.append((where[:, None] + j[None, :]).ravel())
    first = np.concatenate(first_parts) if first_parts else np.zeros(0, dtype=np.int64)
    second = np.concatenate(second_parts) if second_parts else np.zeros(0, dtype=np.int64)
    owner = pair_sentence[first]
    text_of_sentence = np.zeros(n_sentences, dtype=np.int64)
    text_of_sentence[at_sentence] = at_text
    put("pair", text_of_sentence[owner], pair_word[first] * width + pair_word[second], owner)
    return out


def incidences(corpus: LoadedCorpus, n_sessions: int) -> dict[str, Incidence]:
    """Per unit kind, which sessions carry which units (and which in value sentences)."""
    turns = corpus.turn_index
    units = _text_units(tokens(corpus))
    # The sessions each distinct text is a turn of, grouped by text.
    pairs = distinct(turns.text_of * n_sessions + turns.session)
    sessions_by_text = pairs % n_sessions
    bounds = np.searchsorted(pairs // n_sessions, np.arange(len(turns.contents) + 1))
    out: dict[str, Incidence] = {}
    for kind in KINDS:
        code = units.code[kind]
        unit_codes = distinct(code)
        unit = np.searchsorted(unit_codes, code).astype(np.int64)
        n_units = max(len(unit_codes), 1)

        def spread(at_text: Ints, at_unit: Ints, n_units: int = n_units) -> tuple[Ints, Ints]:
            sessions, lengths = ragged_gather(sessions_by_text, bounds.astype(np.int64), at_text)
            keys = distinct(sessions * n_units + np.repeat(at_unit, lengths))
            return keys // n_units, keys % n_units

        session, at = spread(units.text[kind], unit)
        value = units.value[kind]
        value_session, value_unit = spread(units.text[kind][value], unit[value])
        out[kind] = Incidence(session, at, value_session, value_unit, len(unit_codes))
    return out


def haystack_ids(corpus: LoadedCorpus, layout: Layout) -> tuple[Ints, Bools]:
    """Per session: the index of its distinct haystack (questions whose session ids are equal
    share one), and whether it belongs to that haystack's first question (the copy counted)."""
    first: dict[tuple[str, ...], int] = {}
    owner: list[int] = []
    counted: list[bool] = []
    for q in corpus.questions:
        key = tuple(q.haystack_session_ids)
        new = key not in first
        owner.append(first.setdefault(key, len(first)))
        counted.append(new)
    sizes = np.diff(layout.offsets)
    return (
        np.repeat(np.asarray(owner, dtype=np.int64), sizes),
        np.repeat(np.asarray(counted, dtype=bool), sizes),
    )


def _group_max(values: Floats, groups: Ints, n: int, empty: float = 0.0) -> Floats:
    out = np.full(n, -np.inf)
    np.maximum.at(out, groups, values)
    out[np.isneginf(out)] = empty
    return out


def descending_rank(values: Floats, layout: Layout) -> Floats:
    """Per session: 1 + the sessions of its question with a strictly larger value, over the
    question's size (1/H for the largest; ties share the best rank)."""
    n = len(values)
    if n == 0:
        return np.zeros(0)
    question = layout.question_of_session()
    # Sorted by question, then value: each question's sessions keep their block of positions.
    order = np.lexsort((values, question))
    v, q = values[order], question[order]
    starts = np.ones(n, dtype=bool)
    starts[1:] = (v[1:] != v[:-1]) | (q[1:] != q[:-1])
    run = np.cumsum(starts) - 1
    last_of_run = np.append(np.flatnonzero(starts)[1:], n) - 1
    above = layout.offsets[q + 1] - 1 - last_of_run[run]
    out = np.empty(n)
    out[order] = (1 + above) / np.diff(layout.offsets)[q]
    return out


#: σ where the binomial tail underflows (−ln of the smallest double is about 745).
SURPRISE_BOUND = 1_000.0


def _surprise(others: Floats, trials: Floats, background: Floats, outside: Floats) -> Floats:
    """σ = −ln P(X ≥ others), X ~ Binomial(trials, (background + ½) / (outside + 1)); 0 where
    nothing recurs. All four are whole numbers, so it is evaluated once per distinct
    (others, trials, background, outside)."""
    out = np.zeros(len(others))
    recurs = np.flatnonzero(others > 0)
    if not len(recurs):
        return out
    columns = [np.asarray(x[recurs], dtype=np.int64) for x in (others, trials, background, outside)]
    key = np.zeros(len(recurs), dtype=np.int64)
    for column in columns:
        key = key * (int(column.max()) + 1) + column
    order = np.argsort(key, kind="stable")
    starts = run_starts(key[order])
    keys, where = key[order][starts], order[starts]  # each distinct key, and one row of it
    r, h, b, n = (c[where].astype(np.float64) for c in columns)
    with np.errstate(divide="ignore"):
        tail = -binom.logsf(r - 1, h, (b + PRIOR) / (n + 2 * PRIOR))
    # A tail too small for a double (a unit in thousands of one haystack's sessions) is
    # infinitely surprising; held at a finite bound, so that standardising it is defined.
    tail = np.where(np.isposinf(tail), SURPRISE_BOUND, tail)
    out[recurs] = np.maximum(tail, 0.0)[np.searchsorted(keys, key)]
    return out


def kind_features(
    inc: Incidence, haystack: Ints, counted: Bools, layout: Layout
) -> dict[str, Floats]:
    """The statistics of one unit kind for every session (see the module docstring)."""
    n = layout.n_sessions
    n_hay = int(haystack.max()) + 1 if n else 0
    size = np.bincount(haystack[counted], minlength=n_hay).astype(np.float64)
    total = float(size.sum())
    width = max(inc.n_units, 1)
    # Sessions carrying each unit per haystack (counted copies only), and in all; r, b and σ
    # are properties of a (haystack, unit) key, shared by every session of it carrying the unit.
    kept = counted[inc.session]
    keys, carriers = distinct_counts(haystack[inc.session[kept]] * width + inc.unit[kept])
    everywhere = np.bincount(inc.unit[kept], minlength=width)
    key_haystack, key_unit = keys // width, keys % width
    key_r = (carriers - 1).astype(np.float64)
    key_b = (everywhere[key_unit] - carriers).astype(np.float64)
    h = size[key_haystack]
    key_sigma = _surprise(key_r, h - 1, key_b, total - h)

    def per_pair(session: Ints, unit: Ints) -> tuple[Floats, Floats, Floats]:
        """r, b and σ of each (session, unit) pair (0, its count and 0 for a unit its
        haystack's counted copy lacks)."""
        wanted = haystack[session] * width + unit
        at = np.minimum(np.searchsorted(keys, wanted), max(len(keys) - 1, 0))
        found = keys[at] == wanted if len(keys) else np.zeros(len(wanted), dtype=bool)
        r = np.where(found, key_r[at] if len(keys) else 0.0, 0.0)
        b = np.where(found, key_b[at] if len(keys) else 0.0, everywhere[unit])
        sigma = np.where(found, key_sigma[at] if len(keys) else 0.0, 0.0)
        return r, b.astype(np.float64), sigma

    s = inc.session
    r, b, sigma = per_pair(s, inc.unit)
    safe = np.maximum(np.bincount(s, minlength=n), 1).astype(np.float64)
    out: dict[str, Floats] = {}
    out["recurring_share"] = np.bincount(s, weights=(r > 0), minlength=n) / safe
    out["recurrence_mean"] = np.bincount(s, weights=r, minlength=n) / safe
    out["recurrence_max"] = _group_max(r, s, n)
    out["surprise_max"] = _group_max(sigma, s, n)
    out["surprise_sum"] = np.bincount(s, weights=sigma, minlength=n).astype(np.float64)
    # The haystack's modal unit: its largest σ.
    modal = _group_max(key_sigma, key_haystack, n_hay)
    top = (sigma > 0) & (sigma >= modal[haystack[s]])
    out["touches_modal"] = (np.bincount(s, weights=top, minlength=n) > 0).astype(np.float64)
    out["shared_with_one"] = np.bincount(s, weights=(r == 1) & (b == 0), minlength=n).astype(
        np.float64
    )
    _, _, value_sigma = per_pair(inc.value_session, inc.value_unit)
    out["value_surprise_max"] = _group_max(value_sigma, inc.value_session, n)
    for stat in ("surprise_max", "value_surprise_max", "recurrence_max"):
        out[f"rank.{stat}"] = descending_rank(out[stat], layout)
    return {k: np.asarray(v, dtype=np.float64) for k, v in out.items()}


def haystack_features(corpus: LoadedCorpus, layout: Layout) -> FeatureSet:
    """Every haystack-relative feature of every session (label-free: computed once and shared
    by relabelled copies)."""
    haystack, counted = haystack_ids(corpus, layout)
    names: list[str] = []
    columns: list[Floats] = []
    for kind, inc in incidences(corpus, layout.n_sessions).items():
        for stat, column in kind_features(inc, haystack, counted, layout).items():
            names.append(f"haystack.{kind}.{stat}")
            columns.append(column)
    values = np.column_stack(columns) if columns else np.zeros((layout.n_sessions, 0))
    return FeatureSet(names, ["haystack"] * len(names), values)


def haystack_adversary(
    values: Floats,
    names: Sequence[str],
    layout: Layout,
    seed: int,
    groups: Ints,
) -> HaystackAdversaryRecord:
    """Logistic regression over the haystack-relative and metadata features, scored on
    held-out haystacks."""
    x = standardise_within_question(values, layout)

    def fit(train: Ints, test: Ints, labels: Bools) -> Floats:
        model = _classifier().fit(x[train], labels[train])
        return np.asarray(model.decision_function(x[test]), dtype=np.float64)

    auc, folds = _cross_validated(fit, layout, layout.gold, groups)
    shuffled, _ = _cross_validated(fit, layout, shuffled_gold(layout, seed), groups)
    gold_side: list[str] = []
    filler_side: list[str] = []
    if layout.gold.any() and not layout.gold.all() and x.shape[1]:
        whole = _classifier().fit(x, layout.gold)
        gold_side, filler_side = _leans(np.asarray(whole.coef_[0]), names)
    return HaystackAdversaryRecord(
        model=MODEL,
        auc=round(auc, 4),
        shuffled_auc=round(shuffled, 4),
        folds=folds,
        haystacks=len(np.unique(groups)),
        inputs=x.shape[1],
        leans_gold=gold_side,
        leans_filler=filler_side,
        refuse_at=ADVERSARY_REFUSE,
        target=ADVERSARY_TARGET,
        verdict="refused" if auc >= ADVERSARY_REFUSE else "pass",
    )
