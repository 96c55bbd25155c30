"""Load corpora (ours, strictly; foreign LongMemEval-shaped files, leniently), sidecars and the
release index into one in-memory view that every rule reads.

Sessions are tokenized once per load and the tokens shared across rules.
"""

from __future__ import annotations

import dataclasses
import gc
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property, lru_cache, wraps
from itertools import chain, filterfalse, pairwise
from operator import attrgetter
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar

import numpy as np
from numpy.typing import NDArray
from pydantic import ValidationError

from checker import textguard
from checker.arrays import distinct, first_seen_codes
from checker.formats.corpus import Question
from checker.formats.ids import DATE_FORMAT
from checker.formats.sidecar import ReleaseIndex, Sidecar
from checker.io import (
    InputError,
    json_path,
    load_json_file,
    sha256_bytes,
    validate_model,
)
from checker.text import STOPWORDS, raw_tokens
from checker.textguard import TextNote

Mode = Literal["ours", "foreign"]

_T = TypeVar("_T")
_P = ParamSpec("_P")


def gc_paused(build: Callable[_P, _T]) -> Callable[_P, _T]:
    """Run `build` with Python's cycle collector paused (and restored after).

    Loading and tokenizing a corpus makes millions of objects that live for the whole run and
    hold no reference cycles; each time the collector runs meanwhile it walks every one of them
    again, about a third of the load and tokenize time on a large corpus (`make bench`).
    Reference counting still frees everything as usual.

    What was built is then moved to the oldest generation (through the permanent one, which
    `gc.freeze` fills without walking anything): left young, every object made during the
    pause would be walked by the next young collection, about 30 ms per corpus at four times
    the shipped haystacks. Inside a frozen stretch (`registry.run`) the objects stay frozen
    with the rest until it ends."""

    @wraps(build)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return build(*args, **kwargs)
        finally:
            if was_enabled:
                frozen_already = gc.get_freeze_count() > 0
                gc.freeze()
                if not frozen_already:
                    gc.unfreeze()
                gc.enable()

    return paused


CORPUS_FIX = "see `typedmemeval schema corpus` or docs/reference/schemas"
#: A record without our block is most likely another publisher's: `check` is for our corpora.
FOREIGN_FIX = (
    "it has no typedmemeval block, so it is not one of our corpora; to audit another "
    "publisher's file run `typedmemeval audit FILE` (or `typedmemeval import locomo|longmemeval "
    "FILE` first), see docs/auditing.md"
)


_CANONICAL_DATE = re.compile(
    r"([0-9]{4})/([0-9]{2})/([0-9]{2}) \((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\) ([0-9]{2}):([0-9]{2})"
)


@lru_cache(maxsize=1 << 16)
def parse_date(value: str) -> datetime | None:
    """`YYYY/MM/DD (Ddd) HH:MM` → datetime, exactly as `datetime.strptime(value, DATE_FORMAT)`
    reads it; None when it does not parse. The weekday is read, not checked (STR008 checks it).

    A date written exactly in the canonical form, as nearly all are, is built from its digits
    directly; any other spelling goes to `strptime`."""
    if isinstance(value, str):
        found = _CANONICAL_DATE.fullmatch(value)
        if found:
            year, month, day, hour, minute = map(int, found.groups())
            try:
                return datetime(year, month, day, hour, minute)
            except ValueError:
                return None
    try:
        dt = datetime.strptime(value, DATE_FORMAT)
    except (ValueError, TypeError):
        return None
    return dt


@dataclass(frozen=True)
class TurnIndex:
    """Every turn of the corpus, question by question, session by session, in order."""

    contents: list[str]
    """Distinct turn texts, in order of first appearance."""
    text_of: NDArray[np.int64]
    """Per turn: index into `contents`."""
    session: NDArray[np.int64]
    """Per turn: stacked session index (non-decreasing)."""
    role: NDArray[np.int64]
    """Per turn: 0 user, 1 assistant."""
    session_offsets: NDArray[np.int64]
    """Stacked session s owns turns session_offsets[s] .. session_offsets[s + 1] − 1."""

    @cached_property
    def slot(self) -> NDArray[np.int64]:
        """Per turn: its position among its session's turns of the same role (0 = first)."""
        role, offsets = self.role, self.session_offsets
        slot = np.zeros(len(role), dtype=np.int64)
        for r in (0, 1):
            mine = role == r
            # Turns of role r up to and including each turn, minus those before its session.
            upto = np.cumsum(mine)
            before = np.concatenate([[0], upto])[offsets[:-1]]
            slot[mine] = (upto - 1 - before[self.session])[mine]
        return slot

    @cached_property
    def role_sequences(self) -> list[str]:
        """Per stacked session: `u`/`a` per turn, in order."""
        letters = (
            np.where(self.role == 0, ord("u"), ord("a")).astype(np.uint8).tobytes().decode("ascii")
        )
        return [letters[a:b] for a, b in pairwise(self.session_offsets.tolist())]


@dataclass(frozen=True)
class TextTokenIds:
    """Raw tokens of every distinct turn text as integer ids: what `TokenIds` and
    `SessionTokenSets` share, with no table that grows with how often a text is repeated."""

    vocabulary: dict[str, int]
    words: list[str]
    stop: NDArray[np.bool_]
    text_ids: NDArray[np.int64]
    text_starts: NDArray[np.int64]


@dataclass(frozen=True)
class SessionTokenSets:
    """The raw token ids each session holds, once per distinct session.

    LongMemEval draws its haystacks from one pool of sessions, and a LoCoMo conversation is
    one haystack for about 200 questions: the same session sits in many haystacks. A rule that
    asks only which words a session holds reads this instead of `TokenIds.token`, which holds
    every token once per haystack holding it (about 1.4 GB per `longmemeval_s`)."""

    of: NDArray[np.int64]
    """Per stacked session: the index of its distinct session (equal turn texts, in order)."""
    ids: list[NDArray[np.int64]]
    """Per distinct session: its raw token ids, sorted, each once."""

    def of_question(self, starts: NDArray[np.int64], qi: int) -> list[NDArray[np.int64]]:
        """Per session of question `qi` (`LoadedCorpus.session_starts`), its token ids."""
        return [self.ids[d] for d in self.of[starts[qi] : starts[qi + 1]].tolist()]


@dataclass(frozen=True)
class TokenIds:
    """Raw tokens as integer ids (every rule's tokens come from one tokenization)."""

    vocabulary: dict[str, int]
    words: list[str]
    """Word by id."""
    stop: NDArray[np.bool_]
    """Per id: a BM25 stopword."""
    text_ids: NDArray[np.int64]
    """Ids of every distinct turn text's tokens, text after text (`turn_index` order)."""
    text_starts: NDArray[np.int64]
    """Text i (`turn_index.contents[i]`) owns text_ids[text_starts[i] : text_starts[i + 1]]."""
    token: NDArray[np.int64]
    """Every raw token of the corpus, question by question, session by session, turn by turn."""
    token_session: NDArray[np.int64]
    """Per token: its stacked session index (non-decreasing)."""
    session_offsets: NDArray[np.int64]
    """Stacked session s owns tokens session_offsets[s] .. session_offsets[s + 1] − 1."""


@dataclass
class LoadedCorpus:
    """A corpus as the rules see it."""

    path: Path
    sha256: str
    questions: list[Question]
    mode: Mode
    sidecar: Sidecar | None = None
    sidecar_path: Path | None = None
    #: Foreign mode: per question id, the ways the record departs from our format.
    foreign_notes: dict[str, list[str]] = field(default_factory=dict)
    #: Findings about the text as read: lone surrogates mended, over-long text cut (TXT00x).
    text_notes: list[TextNote] = field(default_factory=list)
    #: Measurements computed once and shared across rules (keyed by measurement name).
    cache: dict[str, Any] = field(default_factory=dict)

    @property
    def display(self) -> str:
        return str(self.path)

    def with_questions(self, questions: list[Question], *, sha256: str = "") -> LoadedCorpus:
        """The same origin over other questions, with nothing measured yet (a fresh cache)."""
        return dataclasses.replace(self, questions=questions, sha256=sha256, cache={})

    @cached_property
    def session_text(self) -> list[list[str]]:
        """Per question, per session: all turn contents joined by newlines."""
        return [
            ["\n".join(t.content for t in session) for session in q.haystack_sessions]
            for q in self.questions
        ]

    @cached_property
    @gc_paused
    def turn_index(self) -> TurnIndex:
        """Every turn of the corpus in order, with its distinct text, session and role."""
        flat = [t for q in self.questions for session in q.haystack_sessions for t in session]
        sizes = [len(session) for q in self.questions for session in q.haystack_sessions]
        text_of, seen = first_seen_codes(map(attrgetter("content"), flat), len(flat))
        role = np.fromiter(
            map("assistant".__eq__, map(attrgetter("role"), flat)), dtype=np.int64, count=len(flat)
        )
        return TurnIndex(
            contents=list(seen),
            text_of=text_of,
            session=np.repeat(np.arange(len(sizes), dtype=np.int64), sizes),
            role=role,
            session_offsets=np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
        )

    @cached_property
    @gc_paused
    def content_raw_tokens(self) -> dict[str, list[str]]:
        """Raw tokens of every distinct turn text: the one tokenization of the run, which the
        session tokens and V7's per-turn features share."""
        contents = self.turn_index.contents
        return dict(zip(contents, map(raw_tokens, contents), strict=True))

    @cached_property
    def session_starts(self) -> NDArray[np.int64]:
        """Question q owns stacked sessions session_starts[q] .. session_starts[q + 1] − 1."""
        sizes = [len(q.haystack_sessions) for q in self.questions]
        return np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)

    @cached_property
    @gc_paused
    def text_token_ids(self) -> TextTokenIds:
        """`content_raw_tokens` as integer ids, distinct text by distinct text.

        The tokens are read from `content_raw_tokens` when it was made, and otherwise made here
        text by text and not kept: as strings they take about ten times the memory of their
        ids (about 1 GB for `longmemeval_s`'s distinct turns)."""
        contents = self.turn_index.contents
        made = self.__dict__.get("content_raw_tokens")
        lengths = np.zeros(len(contents), dtype=np.int64)

        def counted(i: int) -> list[str]:
            tokens = made[contents[i]] if made is not None else raw_tokens(contents[i])
            lengths[i] = len(tokens)
            return tokens

        # Ids in order of first appearance, in one pass.
        ids, vocabulary = first_seen_codes(chain.from_iterable(map(counted, range(len(contents)))))
        starts = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        words = list(vocabulary)
        return TextTokenIds(
            vocabulary=vocabulary,
            words=words,
            stop=np.fromiter(map(STOPWORDS.__contains__, words), dtype=bool, count=len(words)),
            text_ids=ids,
            text_starts=starts,
        )

    @cached_property
    @gc_paused
    def session_token_sets(self) -> SessionTokenSets:
        """Each distinct session's token ids, and which distinct session each stacked session
        is: made from `text_token_ids`, one pass over the turns and one `np.unique` per
        distinct session."""
        index, texts = self.turn_index, self.text_token_ids
        first: dict[bytes, int] = {}
        members: list[NDArray[np.int64]] = []
        of = np.empty(len(index.session_offsets) - 1, dtype=np.int64)
        for s, (a, b) in enumerate(pairwise(index.session_offsets.tolist())):
            key = index.text_of[a:b]
            found = first.setdefault(key.tobytes(), len(first))
            if found == len(members):
                members.append(key)
            of[s] = found
        starts, ids = texts.text_starts, texts.text_ids
        return SessionTokenSets(
            of=of,
            ids=[
                distinct(np.concatenate([ids[starts[x] : starts[x + 1]] for x in key.tolist()]))
                if len(key)
                else np.zeros(0, dtype=np.int64)
                for key in members
            ],
        )

    @cached_property
    @gc_paused
    def token_ids(self) -> TokenIds:
        """`text_token_ids`, and every raw token of the corpus in order with its stacked
        session index (what the array-based measurements read)."""
        index, texts = self.turn_index, self.text_token_ids
        starts, ids = texts.text_starts, texts.text_ids
        lengths = np.diff(starts)
        per_turn = lengths[index.text_of]
        total = int(per_turn.sum())
        shift = np.repeat(starts[index.text_of] - (np.cumsum(per_turn) - per_turn), per_turn)
        token_session = np.repeat(index.session, per_turn)
        return TokenIds(
            vocabulary=texts.vocabulary,
            words=texts.words,
            stop=texts.stop,
            text_ids=ids,
            text_starts=starts,
            token=ids[shift + np.arange(total)],
            token_session=token_session,
            session_offsets=np.searchsorted(
                token_session, np.arange(len(index.session_offsets))
            ).astype(np.int64),
        )

    @cached_property
    @gc_paused
    def session_raw_tokens(self) -> list[list[list[str]]]:
        """Per question, per session: raw tokens of the whole session, which are exactly
        `raw_tokens` of `session_text` (a newline joins no token and folds to itself), taken
        from `content_raw_tokens` so each turn text is tokenized once."""
        tokens = self.content_raw_tokens
        return [
            [
                list(chain.from_iterable(tokens[t.content] for t in session))
                for session in q.haystack_sessions
            ]
            for q in self.questions
        ]

    @cached_property
    @gc_paused
    def session_bm25_tokens(self) -> list[list[list[str]]]:
        """Per question, per session: BM25 tokens of the whole session — the raw tokens minus
        `STOPWORDS`, exactly `bm25_tokens(text)`, filtered from `session_raw_tokens` so that each
        session is tokenized once per run."""
        return [
            [list(filterfalse(STOPWORDS.__contains__, tokens)) for tokens in q]
            for q in self.session_raw_tokens
        ]

    def gold_indices(self, qi: int) -> list[int]:
        """Indices of gold sessions of question `qi` (ids in `answer_session_ids`)."""
        q = self.questions[qi]
        gold = set(q.answer_session_ids)
        return [i for i, sid in enumerate(q.haystack_session_ids) if sid in gold]

    def vertical(self) -> str | None:
        """The corpus's vertical, when every question declares the same one."""
        found = {q.typedmemeval.vertical for q in self.questions if q.typedmemeval is not None}
        return found.pop() if len(found) == 1 else None


def _read_corpus_array(path: Path) -> tuple[bytes, list[Any], list[TextNote]]:
    """The corpus's bytes, its questions as parsed JSON (lone surrogates mended and over-long
    text cut, see `textguard`), and the findings about its text."""
    data, raw = load_json_file(path)
    if not isinstance(raw, list):
        raise InputError(
            path, f"a corpus is a JSON array of questions, but the top level is {_kind(raw)}"
        )
    if not raw:
        raise InputError(path, "the corpus holds no questions (empty array)")
    return data, raw, textguard.guard(data, raw)


@gc_paused
def load_ours(path: Path) -> LoadedCorpus:
    """Load one of our corpora strictly; any departure from the schema is an InputError."""
    data, raw, text_notes = _read_corpus_array(path)
    questions: list[Question] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise InputError(path, f"at $[{i}]: a question is a JSON object, found {_kind(item)}")
        try:
            questions.append(Question.model_validate(item))
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            loc = (i, *first["loc"])
            qid = item.get("question_id") if isinstance(item.get("question_id"), str) else None
            more = exc.error_count() - 1
            extra = f" (and {more} more)" if more else ""
            fix = FOREIGN_FIX if "typedmemeval" not in item else CORPUS_FIX
            raise InputError(
                path,
                f"not a valid corpus question: at {json_path(loc)}: {first['msg']}{extra}; {fix}",
                qid,
            ) from None
    return LoadedCorpus(
        path=path,
        sha256=sha256_bytes(data),
        questions=questions,
        mode="ours",
        text_notes=text_notes,
    )


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "null"


def load_foreign(path: Path, *, max_bytes: int | None = None) -> LoadedCorpus:
    """Load a LongMemEval-shaped file from another publisher, leniently (`checker.importers`:
    JSON arrays or JSON Lines, streamed above 32 MiB, refused above `max_bytes`)."""
    from checker.importers.foreign import DEFAULT_MAX_BYTES
    from checker.importers.foreign import load_foreign as read_foreign

    return read_foreign(path, max_bytes=DEFAULT_MAX_BYTES if max_bytes is None else max_bytes)


def sidecar_path_for(corpus_path: Path) -> Path:
    """`x.json` → `x.meta.json`."""
    return corpus_path.with_name(corpus_path.name.removesuffix(".json") + ".meta.json")


def load_sidecar(path: Path) -> Sidecar:
    _, raw = load_json_file(path)
    return validate_model(
        Sidecar, path, raw, "sidecar", "see `typedmemeval schema sidecar` or regenerate the corpus"
    )


def load_index(path: Path) -> ReleaseIndex:
    _, raw = load_json_file(path)
    return validate_model(
        ReleaseIndex, path, raw, "release index", "see `typedmemeval schema release-index`"
    )


def load_with_sidecar(path: Path) -> LoadedCorpus:
    """Load one of our corpora and its required sidecar."""
    corpus = load_ours(path)
    sidecar = sidecar_path_for(path)
    if not sidecar.exists():
        raise InputError(
            path,
            f"sidecar {sidecar.name} is missing; every corpus ships with one "
            "(regenerate with `typedmemeval generate`, or use `typedmemeval audit` for a "
            "foreign file)",
        )
    corpus.sidecar = load_sidecar(sidecar)
    corpus.sidecar_path = sidecar
    return corpus


def load_any(path: Path) -> LoadedCorpus:
    """A corpus file however it comes: ours with its sidecar when it has one, ours without,
    or (when it is not in our format) a foreign LongMemEval-shaped file read leniently."""
    if sidecar_path_for(path).exists():
        return load_with_sidecar(path)
    try:
        return load_ours(path)
    except InputError:
        return load_foreign(path)
