"""Identifiers carry no answer-key material (R-FMT-3, R-CHK-HAYSTACK).

A system under test is shown session ids and dates, so anything they encode beyond the format's
declared pins (a session's position, the calendar) is an answer a system can read without
memory. Question ids are never shown to a system, but a corpus copied into someone else's
runner may show them, so they may carry the format lineage's `_abs` suffix and nothing else.

Three readings of an identifier, each generic:

- **words**: an id split at every character that is not a letter or digit; a part (digits
  aside) or a run of parts that spells an answer-key word (`ANSWER_KEY_WORDS`) or an answer
  class (any shape or arm name the profiles declare or the corpus uses) is answer-key material;
- **derivation**: a haystack token that contains a question id or a pair id is derived from
  the question, not from the haystack;
- **shape**: an id's skeleton (every run of letters and digits written `x`, separators kept)
  with its length; gold sessions whose skeleton no other session of their haystack has, and an
  answer class whose ids have a skeleton no other class has, hand the answer over as metadata.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import lru_cache

from checker.context import CorpusContext
from checker.family import VERTICALS
from checker.findings import Violation
from checker.formats.corpus import Question
from checker.formats.ids import SESSION_SUFFIX_RE
from checker.load import LoadedCorpus, parse_date
from checker.registry import rule

#: Words that name gold status, abstention or a session's role in the answer key.
ANSWER_KEY_WORDS: frozenset[str] = frozenset(
    "abs abstain abstention gold answer ans evidence target distractor filler decoy "
    "positive negative pos neg correct incorrect true false yes no pinned".split()
)
#: The lineage's abstention suffix on question ids (allowed there, and only there).
ABSTENTION_SUFFIX = "_abs"
#: An answer class is tested for a skeleton of its own only when it and the rest of the corpus
#: each hold at least this many questions (one question's ids are always "of their own").
MIN_CLASS_QUESTIONS = 2
#: Question-date components tested against the answer classes.
DATE_COMPONENTS: tuple[tuple[str, Callable[[str], object]], ...] = (
    ("minute", lambda d: d[-2:]),
    ("hour", lambda d: d[-5:-3]),
    ("weekday", lambda d: d[12:15]),
)
#: A date component is tested per class only where the class holds this many questions: with
#: fewer, disjoint values are what chance gives.
MIN_DATE_CLASS_QUESTIONS = 4
#: How many offending questions a corpus-level message names.
NAMED = 5

_PART = re.compile(r"[a-z0-9]+")
_DIGITS = re.compile(r"\d+")
_RUN = re.compile(r"[A-Za-z0-9]+")


def id_parts(identifier: str) -> list[str]:
    """The id lower-cased and split at every character that is not a letter or a digit."""
    return _PART.findall(identifier.lower())


@lru_cache(maxsize=1 << 14)
def skeleton(identifier: str) -> str:
    """Every run of letters and digits written `x`, separators kept, and the length:
    `tme-for-2612-036_abs-s000` → `x-x-x-x_x-x/25`."""
    return f"{_RUN.sub('x', identifier)}/{len(identifier)}"


def split_ids(ids: list[str]) -> tuple[list[str | None], set[str]]:
    """Per session id, its token when it reads `<token>-sNNN` (None otherwise); and the
    distinct tokens."""
    owners: list[str | None] = []
    for sid in ids:
        m = SESSION_SUFFIX_RE.match(sid)
        owners.append(m["owner"] if m else None)
    return owners, {o for o in owners if o is not None}


def id_skeletons(ids: list[str], owners: list[str | None]) -> list[str]:
    """`skeleton` of every id, read off its token's skeleton where it is `<token>-sNNN`
    (the suffix adds `-x` and five characters)."""
    if len(set(owners)) == 1 and owners[0] is not None:  # one token throughout: one skeleton
        shape, _, length = skeleton(owners[0]).rpartition("/")
        return [f"{shape}-x/{int(length) + 5}"] * len(ids)
    out = []
    for sid, owner in zip(ids, owners, strict=True):
        if owner is None:
            out.append(skeleton(sid))
        else:
            shape, _, length = skeleton(owner).rpartition("/")
            out.append(f"{shape}-x/{int(length) + 5}")
    return out


def class_words(corpus: LoadedCorpus) -> list[tuple[str, ...]]:
    """Every answer-class name as its parts: the shapes and arms the profiles declare and the
    shapes and arms the corpus's blocks use, then the answer-key words."""
    names: set[str] = set()
    for v in VERTICALS:
        names.update(s.name for s in v.shapes)
        if v.pairing is not None:
            names.update((v.pairing.first_arm, v.pairing.second_arm))
    for q in corpus.questions:
        block = q.typedmemeval
        if block is not None:
            names.add(block.shape)
            if block.arm:
                names.add(block.arm)
    found = {tuple(id_parts(n)) for n in names if id_parts(n)}
    found.update((w,) for w in ANSWER_KEY_WORDS)
    return sorted(found)


def words_in(identifier: str, words: list[tuple[str, ...]]) -> list[str]:
    """The answer-key words and class names an id spells: a part (its digits dropped) equal to
    a one-part word or to a name's parts run together, or a run of parts equal to a name's."""
    return Lexicon(words).spelled(identifier)


class Lexicon:
    """`words_in` for many ids: the names indexed once, by their parts run together and by
    their first part."""

    def __init__(self, words: list[tuple[str, ...]]) -> None:
        self.joined = {"".join(w): "-".join(w) for w in words}
        self.runs: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        for w in words:
            if len(w) > 1:
                self.runs[w[0]].append(w)

    def spelled(self, identifier: str) -> list[str]:
        parts = id_parts(identifier)
        found: set[str] = set()
        for i, part in enumerate(parts):
            letters = _DIGITS.sub("", part)
            if letters in self.joined:
                found.add(self.joined[letters])
            for w in self.runs.get(part, ()):
                if tuple(parts[i : i + len(w)]) == w:
                    found.add("-".join(w))
        return sorted(found)


def haystack_token(q: Question) -> str:
    """The token of a question's session ids (the first id without its `-sNNN`), or the whole
    first id when it has no such suffix."""
    if not q.haystack_session_ids:
        return ""
    first = q.haystack_session_ids[0]
    m = SESSION_SUFFIX_RE.match(first)
    return m["owner"] if m else first


def _question_names(corpus: LoadedCorpus) -> list[str]:
    """Every question id (with and without the abstention suffix) and pair id of the corpus,
    longest first, so a message names the most specific one."""
    names: set[str] = set()
    for q in corpus.questions:
        names.add(q.question_id)
        names.add(q.question_id.removesuffix(ABSTENTION_SUFFIX))
        if q.typedmemeval is not None and q.typedmemeval.pair_id:
            names.add(q.typedmemeval.pair_id)
    return sorted((n for n in names if n), key=lambda n: (-len(n), n))


def _gold_shapes(corpus: LoadedCorpus, qi: int, shapes: list[str]) -> list[str]:
    """Skeletons of the question's gold session ids that none of its other sessions' ids have."""
    gold = set(corpus.gold_indices(qi))
    if not gold or len(gold) == len(shapes):
        return []
    others = {shape for i, shape in enumerate(shapes) if i not in gold}
    return sorted({shapes[i] for i in gold if i < len(shapes)} - others)


def answer_classes(corpus: LoadedCorpus, qi: int) -> dict[str, str]:
    """The answer classes a question belongs to: its shape, its arm, and whether it has gold."""
    q = corpus.questions[qi]
    out = {"abstention": "no gold" if not corpus.gold_indices(qi) else "gold-bearing"}
    if q.typedmemeval is not None:
        out["shape"] = q.typedmemeval.shape
        if q.typedmemeval.arm:
            out["arm"] = q.typedmemeval.arm
    return out


def _by_class(corpus: LoadedCorpus) -> dict[tuple[str, str], list[int]]:
    """The questions of every answer class, keyed (class, value)."""
    by_class: dict[tuple[str, str], list[int]] = defaultdict(list)
    for qi in range(len(corpus.questions)):
        for name, value in answer_classes(corpus, qi).items():
            by_class[(name, value)].append(qi)
    return by_class


def _own_values(
    corpus: LoadedCorpus,
    by_class: dict[tuple[str, str], list[int]],
    values_of: Callable[[int], set[str]],
    least: int,
) -> Iterator[tuple[str, str, list[str], list[str]]]:
    """(class, value, its own values, its questions) wherever the questions of one answer
    class share no value with the rest of the corpus."""
    n = len(corpus.questions)
    told: set[frozenset[int]] = set()  # one finding per split of the corpus, not per class name
    for (name, value), members in sorted(by_class.items(), key=lambda kv: (len(kv[1]), kv[0])):
        if len(members) < least or n - len(members) < least:
            continue
        split = frozenset(members)
        if split in told:
            continue
        inside = set().union(*(values_of(qi) for qi in members))
        outside: set[str] = set()
        chosen = set(members)
        for qi in range(n):
            if qi not in chosen:
                outside |= values_of(qi)
        if inside and not inside & outside:
            told.update((split, frozenset(range(n)) - split))
            ids = [corpus.questions[qi].question_id for qi in members]
            yield name, value, sorted(inside), ids


def _named(ids: list[str]) -> str:
    shown = ", ".join(ids[:NAMED])
    return shown + (f" and {len(ids) - NAMED} more" if len(ids) > NAMED else "")


def _carrier(q: Question, lexicon: Lexicon) -> str:
    """The first session id that spells an answer-key word, or else the first gold id."""
    gold = set(q.answer_session_ids)
    spelling = (sid for sid in q.haystack_session_ids if lexicon.spelled(sid))
    return next(spelling, next((s for s in q.haystack_session_ids if s in gold), ""))


@rule(
    "IDN004",
    "answer-key-in-identifiers",
    example="session ids carry the question id 'tme-for-2612-036_abs' and the word 'abs'; "
    "use an opaque per-haystack token <haystack-token>-sNNN",
)
def answer_key_in_identifiers(ctx: CorpusContext) -> Iterator[Violation]:
    """No session id, question id or date encodes the answer class, gold status or position
    beyond the declared pins.

    Session ids are `<haystack-token>-sNNN`: the token is opaque, drawn per haystack (from the
    corpus seed and the haystack, `checker.formats.ids.haystack_token`), and contains no
    question id, no pair id, no answer-key word (`abs`, `gold`, `answer`, `target`, …) and no
    shape or arm name; gold sessions' ids are shaped like their neighbours'; no answer class
    (shape, arm, no gold) has session-id or question-id shapes of its own. Question ids keep
    only the format lineage's `_abs` suffix. A question date's minute, hour or weekday is never
    a function of the answer class (where a class holds at least four questions). A corpus
    whose never-known questions all had `_abs` in their session ids let a system shown the
    ids answer "never mentioned" for every one of them with no memory at all.
    """
    corpus = ctx.corpus
    lexicon = Lexicon(class_words(corpus))
    names = _question_names(corpus)
    shapes_of: list[set[str]] = []
    for qi, q in enumerate(corpus.questions):
        carried: list[str] = []
        token = haystack_token(q)
        derived = next((n for n in names if n in token), None)
        if derived is not None:
            carried.append(f"the question or pair id {derived!r}")
        owners, tokens = split_ids(q.haystack_session_ids)
        spelt_in = tokens | {
            s for s, o in zip(q.haystack_session_ids, owners, strict=True) if o is None
        }
        spelled = sorted({w for part in spelt_in for w in lexicon.spelled(part)})
        carried += [f"the word {w!r}" for w in spelled]
        shapes = id_skeletons(q.haystack_session_ids, owners)
        shapes_of.append(set(shapes))
        gold_only = _gold_shapes(corpus, qi, shapes)
        if gold_only:
            carried.append(
                f"a shape only its gold sessions have ({', '.join(gold_only)}), which marks gold"
            )
        if carried:
            # A foreign corpus has no haystack token: name an id that carries the key.
            shown = f"token {token!r}" if not ctx.foreign else f"e.g. {_carrier(q, lexicon)!r}"
            yield Violation(
                q.question_id,
                f"session ids ({shown}) carry {', '.join(carried)}; use an opaque "
                "per-haystack token <haystack-token>-sNNN (checker.formats.ids.haystack_token)",
            )
        own = q.question_id.removesuffix(ABSTENTION_SUFFIX)
        in_question_id = lexicon.spelled(own)
        if in_question_id:
            yield Violation(
                q.question_id,
                f"the question id spells {', '.join(repr(w) for w in in_question_id)}; a "
                f"question id carries nothing of its answer class but the {ABSTENTION_SUFFIX} "
                "suffix",
            )

    def session_shapes(qi: int) -> set[str]:
        return shapes_of[qi]

    def question_shape(qi: int) -> set[str]:
        return {skeleton(corpus.questions[qi].question_id.removesuffix(ABSTENTION_SUFFIX))}

    classes = _by_class(corpus)
    readings = (("session ids", session_shapes), ("question ids", question_shape))
    for what, values_of in readings:
        for name, value, shapes, ids in _own_values(
            corpus, classes, values_of, MIN_CLASS_QUESTIONS
        ):
            yield Violation(
                None,
                f"{what} of the {len(ids)} {name} '{value}' questions ({_named(ids)}) have "
                f"shapes no other question's have ({', '.join(shapes[:3])}): the id tells the "
                "answer class; draw every id from one grammar",
            )
    for component, read in DATE_COMPONENTS:

        def date_values(qi: int, read: Callable[[str], object] = read) -> set[str]:
            date = corpus.questions[qi].question_date
            return {str(read(date))} if parse_date(date) is not None else set()

        for name, value, seen, ids in _own_values(
            corpus, classes, date_values, MIN_DATE_CLASS_QUESTIONS
        ):
            yield Violation(
                None,
                f"the question date's {component} of the {len(ids)} {name} '{value}' "
                f"questions ({', '.join(seen)}) is never used by another question: the date "
                "tells the answer class; draw it from one distribution for every class",
            )
