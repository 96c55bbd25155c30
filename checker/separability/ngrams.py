"""Gold-marker and boilerplate n-grams, the relevance exemption, and exclusivity.

N-grams are 1–3 raw tokens (stopwords kept: "i have" and "on the" were tells a stopword-dropping
tokenizer could not represent) built within one punctuation segment of one turn, so no phrase is
invented across a sentence, bracket or turn boundary (the documents' phantom "near enough also").
A candidate occurs in at least `RECURRENCE_SHARE` of the questions; its feature value is its
count in the session, and a gram carried by gold is a gold marker while one carried by filler
marks gold by its absence — the folded AUC reads both directions.

Relevance exemption, per question: a gram containing a token that the question or its answer
names and that is rare corpus-wide (in fewer than `RARE_SESSION_SHARE` of sessions) is that
question's instance vocabulary, so that question contributes no pairs for it; every other
question still does. Frames are never exempt, which is why "since the" stays visible even in
questions whose answer paraphrases it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat

import numpy as np
from numpy.typing import NDArray
from scipy import sparse

from checker.arrays import distinct
from checker.formats.separability import ExclusivePhrase
from checker.load import LoadedCorpus
from checker.separability.policy import (
    NGRAM_MAX,
    NGRAM_MIN,
    RARE_SESSION_SHARE,
    RECURRENCE_SHARE,
)
from checker.separability.stats import Layout
from checker.separability.turns import Turns, ragged_gather
from checker.text import is_token, segment_pieces, segments

Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]


#: Bits per token id in a packed n-gram code: a 1-gram is `a`, a 2-gram `a << B | b`, a 3-gram
#: `(a << B | b) << B | c`, with ids counted from 1, so sizes never collide and three ids fit
#: in 63 bits.
_BITS = 21
_MAX_TOKENS = (1 << _BITS) - 1


@dataclass
class SessionGrams:
    """Every n-gram occurrence of the corpus as (session, gram id) pairs in session order,
    gram ids indexing one vocabulary of packed codes."""

    codes: Ints
    """Sorted distinct packed codes; a gram's id is its index here."""
    words: list[str]
    """Token by token id (index 0 unused)."""
    token_ids: dict[str, int]
    sizes: Ints
    """Tokens per gram, by id."""
    occurrence_session: Ints
    """Per occurrence: stacked session index (non-decreasing)."""
    occurrence_gram: Ints
    """Per occurrence: gram id."""
    session_bounds: Ints
    """Session s owns occurrences session_bounds[s] .. session_bounds[s+1] − 1."""

    def phrase(self, gram: int) -> str:
        return _unpack(int(self.codes[gram]), self.words)

    def unigram(self, word: str) -> int | None:
        """The gram id of a single token, when the corpus contains it."""
        code = self.token_ids.get(word)
        if code is None:
            return None
        at = int(np.searchsorted(self.codes, code))
        return at if at < len(self.codes) and self.codes[at] == code else None

    def session(self, s: int) -> Ints:
        return self.occurrence_gram[self.session_bounds[s] : self.session_bounds[s + 1]]


def _unpack(code: int, words: list[str]) -> str:
    out = []
    while code:
        out.append(words[code & _MAX_TOKENS])
        code >>= _BITS
    return " ".join(reversed(out))


def extract(turns: Turns, n_sessions: int) -> SessionGrams:
    """Segment every distinct turn text once with the shared segmenter, pack its 1..3-grams
    into integer codes, and gather them per session."""
    assert NGRAM_MIN == 1 and NGRAM_MAX <= 3, "the packed codes hold 1..3-grams"
    pieces: list[str] = []
    starts = [0]
    for content in turns.contents:
        pieces.extend(segment_pieces(content))
        pieces.append("")  # turn boundary: no gram spans it
        starts.append(len(pieces))
    # Token ids from 1 in order of first appearance; every boundary piece is 0.
    tokens = {w: i for i, w in enumerate(filter(is_token, dict.fromkeys(pieces)), start=1)}
    if len(tokens) > _MAX_TOKENS:
        raise ValueError(f"more than {_MAX_TOKENS:,} distinct tokens: too many for V7")
    t = np.fromiter(map(tokens.get, pieces, repeat(0)), dtype=np.int64, count=len(pieces))
    text_at = np.repeat(np.arange(len(turns.contents)), np.diff(starts))
    # Column n − 1 holds the n-gram that starts at each position; reading the valid cells row
    # by row keeps every text's grams together, in text order, with no sort.
    packed = np.zeros((len(t), NGRAM_MAX), dtype=np.int64)
    valid = np.zeros((len(t), NGRAM_MAX), dtype=bool)
    packed[:, 0], valid[:, 0] = t, t > 0
    for n in range(2, NGRAM_MAX + 1):
        if len(t) < n:
            break
        packed[: 1 - n, n - 1] = (packed[: 1 - n, n - 2] << _BITS) | t[n - 1 :]
        valid[: 1 - n, n - 1] = valid[: 1 - n, n - 2] & (t[n - 1 :] > 0)
    all_codes = packed[valid]
    owner = np.broadcast_to(text_at[:, None], valid.shape)[valid]
    distinct, inverse = np.unique(all_codes, return_inverse=True)
    per_text = inverse.astype(np.int64).ravel()
    text_starts = np.searchsorted(owner, np.arange(len(turns.contents) + 1))
    gram, lengths = ragged_gather(per_text, text_starts.astype(np.int64), turns.text_of)
    session = np.repeat(turns.session, lengths)
    words = [""] * (len(tokens) + 1)
    for w, i in tokens.items():
        words[i] = w
    sizes = np.where(distinct >> (2 * _BITS) > 0, 3, np.where(distinct >> _BITS > 0, 2, 1))
    return SessionGrams(
        codes=distinct.astype(np.int64),
        words=words,
        token_ids=tokens,
        sizes=sizes.astype(np.int64),
        occurrence_session=session,
        occurrence_gram=gram,
        session_bounds=np.searchsorted(session, np.arange(n_sessions + 1)).astype(np.int64),
    )


@dataclass
class NgramTable:
    """Candidate n-grams as features, with their per-question relevance mask. Nothing here
    depends on which sessions are gold."""

    phrases: list[str]
    counts: sparse.csr_matrix
    """Sessions × candidates: occurrences of the candidate in the session."""
    include: Bools
    """Questions × candidates: False where the relevance exemption drops the question."""


def candidate_table(corpus: LoadedCorpus, layout: Layout, grams: SessionGrams) -> NgramTable:
    n_vocab = max(len(grams.codes), 1)
    question = layout.question_of_session()[grams.occurrence_session]
    # Questions in which each gram occurs at all.
    in_question = distinct(question * n_vocab + grams.occurrence_gram)
    per_question = np.bincount(in_question % n_vocab, minlength=n_vocab)
    candidate_ids = np.flatnonzero(per_question >= RECURRENCE_SHARE * layout.n_questions)
    unsorted = [grams.phrase(int(i)) for i in candidate_ids]
    order = np.argsort(unsorted, kind="stable")
    candidate_ids = candidate_ids[order]
    phrases = [unsorted[i] for i in order]
    column_of = np.full(n_vocab, -1, dtype=np.int64)
    column_of[candidate_ids] = np.arange(len(candidate_ids))
    keys, counts = np.unique(
        grams.occurrence_session * n_vocab + grams.occurrence_gram, return_counts=True
    )
    session, gram = keys // n_vocab, keys % n_vocab
    session_df = np.bincount(gram, minlength=n_vocab)
    column = column_of[gram]
    keep = column >= 0
    matrix = sparse.csr_matrix(
        (counts[keep].astype(np.float64), (session[keep], column[keep])),
        shape=(layout.n_sessions, len(phrases)),
    )
    include = _relevance_mask(corpus, grams, phrases, session_df, layout.n_sessions)
    return NgramTable(phrases, matrix, include)


def named_tokens(text: str) -> set[str]:
    """Tokens as n-grams see them (within segments, in-word apostrophes dropped)."""
    return {t for seg in segments(text) for t in seg}


def _relevance_mask(
    corpus: LoadedCorpus,
    grams: SessionGrams,
    phrases: list[str],
    session_df: Ints,
    n_sessions: int,
) -> Bools:
    by_token: dict[str, list[int]] = {}
    for c, phrase in enumerate(phrases):
        for token in set(phrase.split(" ")):
            by_token.setdefault(token, []).append(c)
    include = np.ones((len(corpus.questions), len(phrases)), dtype=bool)
    rare_below = RARE_SESSION_SHARE * n_sessions
    for qi, q in enumerate(corpus.questions):
        for token in named_tokens(q.question) | named_tokens(q.answer):
            gid = grams.unigram(token)
            df = int(session_df[gid]) if gid is not None else 0
            if df < rare_below and token in by_token:
                include[qi, by_token[token]] = False
    return include


def exclusive_phrases(table: NgramTable, layout: Layout) -> list[ExclusivePhrase]:
    """Candidates that reach no distractor session anywhere and sit in the gold of at least
    `RECURRENCE_SHARE` of the questions (relevance exemption applied). At G = 2 a marker on one
    of the two gold sessions caps that question's AUC at 0.75 and can never split perfectly;
    this is the one test that sees it, and the one a reader can check by eye."""
    include, phrases = table.include, table.phrases
    present = (table.counts > 0).astype(np.float64).tocsc()
    gold = layout.gold
    in_distractors = np.asarray(present[~gold].sum(axis=0)).ravel()
    in_gold = np.asarray(present[gold].sum(axis=0)).ravel()
    owner = layout.question_of_session()
    gold_rows = np.flatnonzero(gold)
    to_question = sparse.csr_matrix(
        (np.ones(len(gold_rows)), (owner[gold_rows], gold_rows)),
        shape=(layout.n_questions, layout.n_sessions),
    )
    gold_questions = np.asarray(((to_question @ present) > 0).todense()) & include
    n_questions_with = gold_questions.sum(axis=0)
    floor = RECURRENCE_SHARE * layout.n_questions
    out = []
    for c in np.flatnonzero((in_distractors == 0) & (n_questions_with >= floor)):
        out.append(
            ExclusivePhrase(
                phrase=phrases[c],
                questions=int(n_questions_with[c]),
                gold_sessions=int(in_gold[c]),
                share=round(float(n_questions_with[c]) / layout.n_questions, 4),
            )
        )
    return out
