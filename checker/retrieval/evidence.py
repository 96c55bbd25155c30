"""Question-conditioned turn evidence: which of a question's content words each turn of its
haystack holds, and whether the turn also names a value.

Definitions (the plain ones come first; `turn_evidence` computes the same over the whole corpus
with arrays, and a test holds the two together):

- a question's **content words**: the distinct BM25 tokens of its text (`checker.text`: raw
  tokens minus the stopword list) that occur in at least one session of its haystack — its
  holder and attribute words, and whatever else it names that the conversations use;
- a turn's **value-like words**: its raw tokens that contain a digit (a number, an amount, a
  time), and the words it writes capitalised anywhere but at the start of a sentence (an
  invented name) — minus every raw token of the question itself;
- a turn's **content hits**: how many distinct content words of the question it holds.

A near miss that names the asked holder and attribute without any value, and a gold turn that
names both and a value, differ exactly in these terms.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from checker.arrays import distinct
from checker.load import LoadedCorpus
from checker.retrieval.bm25 import query_tokens
from checker.text import bm25_tokens, raw_tokens, sentences

Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]

_WORD = re.compile(r"[^\W\d_]+")
_DIGIT = re.compile(r"\d")


def content_words(corpus: LoadedCorpus, qi: int) -> list[str]:
    """The question's content words, in the order its text names them."""
    in_haystack = {t for tokens in corpus.session_bm25_tokens[qi] for t in tokens}
    return list(dict.fromkeys(t for t in query_tokens(corpus, qi) if t in in_haystack))


def value_like_words_plain(text: str) -> frozenset[str]:
    """The raw tokens of `text` that contain a digit, and the words it capitalises other than
    at the start of a sentence (`checker.text.sentences`), each as its raw tokens."""
    found = {t for t in raw_tokens(text) if _DIGIT.search(t)}
    for sentence in sentences(text):
        words = _WORD.findall(sentence)
        for word in words[1:]:
            if len(word) >= 2 and word[0].isupper():
                found.update(raw_tokens(word))
    return frozenset(found)


_ASCII_TOKEN = re.compile(r"[a-z0-9]+")
_ASCII_CAPITALISED = re.compile(r"[A-Z][A-Za-z]+")
_ASCII_LETTERS = frozenset(string.ascii_letters)
_ASCII_LETTER = re.compile(r"[A-Za-z]")


@lru_cache(maxsize=1 << 16)
def value_like_words(text: str) -> frozenset[str]:
    """`value_like_words_plain`; on ASCII text, the tokens of a text that has a digit, and each
    capitalised letter run with a letter before it since the last `.`, `!` or `?` (a sentence's
    first word has none). A test holds the two equal."""
    if not text.isascii():
        return value_like_words_plain(text)
    found: set[str] = set()
    if _DIGIT.search(text):
        found.update(t for t in _ASCII_TOKEN.findall(text.lower()) if _DIGIT.search(t))
    for m in _ASCII_CAPITALISED.finditer(text):
        start = m.start()
        if start and text[start - 1] in _ASCII_LETTERS:
            continue  # inside a letter run that does not begin with a capital ("iPhone")
        # The sentence holding it starts after the last `.`, `!` or `?` before it.
        end = max(text.rfind(".", 0, start), text.rfind("!", 0, start), text.rfind("?", 0, start))
        if _ASCII_LETTER.search(text, end + 1, start):
            found.add(m.group(0).lower())
    return frozenset(found)


@lru_cache(maxsize=1 << 12)
def _question_words(question: str) -> frozenset[str]:
    return frozenset(raw_tokens(question))


def turn_has_value(text: str, question: str) -> bool:
    """Whether the turn names a value-like word that is not a word of the question."""
    return not value_like_words(text) <= _question_words(question)


@dataclass(frozen=True)
class TurnEvidence:
    """Per stacked turn and per stacked session of the corpus, the question-conditioned counts."""

    #: Per turn: distinct content words of its question that the turn holds.
    turn_hits: Ints
    #: Per turn: it holds a content word and a value-like word (False where it holds no
    #: content word: the value test is only made where it can matter).
    turn_value: Bools
    #: Per session: distinct content words of its question anywhere in the session.
    session_hits: Ints
    #: Per question: how many content words it has.
    content_size: Ints


def plain_turn_evidence(corpus: LoadedCorpus) -> TurnEvidence:
    """The definition, turn by turn (for tests; `turn_evidence` is what the checker runs)."""
    hits: list[int] = []
    value: list[bool] = []
    session_hits: list[int] = []
    sizes: list[int] = []
    for qi, q in enumerate(corpus.questions):
        words = set(content_words(corpus, qi))
        sizes.append(len(words))
        for session in q.haystack_sessions:
            held: set[str] = set()
            for turn in session:
                mine = words & set(bm25_tokens(turn.content))
                held |= mine
                hits.append(len(mine))
                value.append(bool(mine) and turn_has_value(turn.content, q.question))
            session_hits.append(len(held))
    return TurnEvidence(
        np.asarray(hits, dtype=np.int64),
        np.asarray(value, dtype=bool),
        np.asarray(session_hits, dtype=np.int64),
        np.asarray(sizes, dtype=np.int64),
    )


def _query_keys(corpus: LoadedCorpus, width: int) -> Ints:
    """question × width + term id, for every distinct BM25 token of every question's text
    that is a word of the corpus."""
    vocabulary = corpus.token_ids.vocabulary
    keys = [
        qi * width + vocabulary[w]
        for qi in range(len(corpus.questions))
        for w in dict.fromkeys(query_tokens(corpus, qi))
        if w in vocabulary
    ]
    return np.asarray(sorted(keys), dtype=np.int64)


def turn_evidence(corpus: LoadedCorpus) -> TurnEvidence:
    """`plain_turn_evidence` over the corpus's token arrays (cached per corpus).

    A content word of a question is a query word found in its haystack, so the hits are the
    haystack tokens whose (question, word) pair is a query pair; distinct pairs per turn,
    session and question are counted by sorting. Only turns with a hit are read for values."""
    cached: TurnEvidence | None = corpus.cache.get("retrieval.turn_evidence")
    if cached is not None:
        return cached
    ids = corpus.token_ids
    turns = corpus.turn_index
    width = max(len(ids.words), 1)
    n_turns = len(turns.text_of)
    n_sessions = len(turns.session_offsets) - 1
    lengths = np.diff(ids.text_starts)
    token_turn = np.repeat(np.arange(n_turns, dtype=np.int64), lengths[turns.text_of])
    sizes = np.diff(corpus.session_starts)
    session_question = np.repeat(np.arange(len(corpus.questions), dtype=np.int64), sizes)
    keys = _query_keys(corpus, width)
    asked = np.zeros(width, dtype=bool)
    asked[keys % width] = True
    maybe = np.flatnonzero(asked[ids.token])  # tokens that are some question's query word
    term = ids.token[maybe]
    question = session_question[ids.token_session[maybe]]
    mine = np.isin(question * width + term, keys)
    term, question, at = term[mine], question[mine], maybe[mine]
    per_turn = distinct(token_turn[at] * width + term) // width
    turn_hits = np.bincount(per_turn, minlength=n_turns).astype(np.int64)
    per_session = distinct(ids.token_session[at] * width + term) // width
    session_hits = np.bincount(per_session, minlength=n_sessions).astype(np.int64)
    per_question = distinct(question * width + term) // width
    content_size = np.bincount(per_question, minlength=len(corpus.questions)).astype(np.int64)
    turn_value = np.zeros(n_turns, dtype=bool)
    contents = turns.contents
    held = np.flatnonzero(turn_hits)
    texts = turns.text_of[held].tolist()
    asked = session_question[turns.session[held]].tolist()
    questions = [q.question for q in corpus.questions]
    turn_value[held] = [
        turn_has_value(contents[text], questions[qi]) for text, qi in zip(texts, asked, strict=True)
    ]
    found = TurnEvidence(turn_hits, turn_value, session_hits, content_size)
    corpus.cache["retrieval.turn_evidence"] = found
    return found
