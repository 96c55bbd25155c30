"""Gold-marker and boilerplate n-grams, the relevance exemption, and exclusivity.

N-grams are 1–3 raw tokens (stopwords kept: "i have" and "on the" were tells a stopword-dropping
tokenizer could not represent) built within one punctuation segment of one turn, so no phrase is
invented across a sentence, bracket or turn boundary (docs/history.md, "Gold that labels itself":
the phantom "near enough also"). A candidate occurs in at least `RECURRENCE_SHARE` of the
questions; its feature value is its count in the session, and a gram carried by gold is a gold
marker while one carried by filler marks gold by its absence — the folded AUC reads both
directions.

Relevance exemption, per question: a gram containing a token that the question or its answer
names and that is rare corpus-wide (in fewer than `RARE_SESSION_SHARE` of sessions) is that
question's instance vocabulary, so that question contributes no pairs for it; every other
question still does. Frames are never exempt, which is why "since the" stays visible even in
questions whose answer paraphrases it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy import sparse

from checker.arrays import distinct, distinct_counts, sorted_counts
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


@dataclass
class TokenStream:
    """Every distinct turn text's segment tokens as ids, text after text in `Turns.contents`
    order: 0 marks a segment (and a text) boundary, so no gram spans one."""

    ids: Ints
    text_at: Ints
    """Per position: the distinct text it belongs to (non-decreasing)."""
    words: list[str]
    """Word by id (index 0 unused). Ids are the corpus's raw-token ids plus one, then the words
    only segmenting makes ("dont" from "don't"); a word may have an id and never occur."""
    vocabulary: dict[str, int]
    """The corpus's raw-token ids (`LoadedCorpus.token_ids.vocabulary`), before the plus one."""
    extra: dict[str, int]
    """Words segmenting makes that are not raw tokens, with their ids."""

    def id_of(self, word: str) -> int | None:
        found = self.vocabulary.get(word)
        return found + 1 if found is not None else self.extra.get(word)


# Byte classes of ASCII text as `segment_pieces` reads it after `lower()` (which maps only
# A-Z): a letter, a digit, whitespace (whatever the segmenter's `\s` matches), or other.
_SPACE, _LETTER, _DIGIT, _OTHER = range(4)
_BYTE_CLASS = np.asarray(
    [
        _LETTER
        if chr(b).isascii() and chr(b).isalpha()
        else _DIGIT
        if chr(b) in "0123456789"
        else _SPACE
        if re.fullmatch(r"\s", chr(b))
        else _OTHER
        for b in range(256)
    ],
    dtype=np.uint8,
)
_ALNUM = (_BYTE_CLASS == _LETTER) | (_BYTE_CLASS == _DIGIT)
_LETTER_BYTE = _BYTE_CLASS == _LETTER
_OTHER_BYTE = _BYTE_CLASS == _OTHER


def token_stream(corpus: LoadedCorpus, turns: Turns) -> TokenStream:
    """Segment every distinct turn text (`turns.contents`, which are the corpus's
    `turn_index.contents`), reusing the corpus's one tokenization.

    On ASCII text a segment token is a raw token, or several joined where an apostrophe sits
    between two letters ("don't" is "dont"), and a segment ends at every character that is
    neither a letter, a digit nor whitespace. So one pass over the bytes of every ASCII text
    places the boundaries among the raw-token ids already made, and only the joined words are
    built as strings. Other text goes through `segment_pieces` itself. A test holds the result
    to `segment_pieces` on every text."""
    table = corpus.token_ids
    contents = turns.contents
    vocabulary, words = table.vocabulary, table.words
    extra: dict[str, int] = {}

    def id_of_new(word: str) -> int:
        found = vocabulary.get(word)
        if found is not None:
            return found + 1
        return extra.setdefault(word, len(words) + 1 + len(extra))

    is_ascii = np.fromiter(map(str.isascii, contents), dtype=bool, count=len(contents))
    fast = np.flatnonzero(is_ascii)
    all_fast = len(fast) == len(contents)
    joined = "\0".join(contents if all_fast else [contents[i] for i in fast.tolist()]) + "\0"
    buf = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
    alnum = _ALNUM[buf]
    begins = alnum.copy()
    begins[1:] &= ~alnum[:-1]
    at = np.flatnonzero(begins)  # where each raw token of the ASCII texts begins
    raw, lengths = ragged_gather(table.text_ids, table.text_starts, fast)
    if len(at) != len(raw):
        raise AssertionError("the byte pass and the tokenizer disagree on an ASCII text")
    text = np.repeat(fast, lengths)
    # Boundaries are the "other" bytes (the "\0" between texts among them) except in-word
    # apostrophes, the joiners; both are rare, so they are kept as sorted positions.
    other = np.flatnonzero(_OTHER_BYTE[buf])
    apostrophes = other[buf[other] == ord("'")]
    inner = apostrophes[(apostrophes > 0) & (apostrophes < len(buf) - 1)]
    joiners = inner[_LETTER_BYTE[buf[inner - 1]] & _LETTER_BYTE[buf[inner + 1]]]
    # Segment number of each raw token: the boundaries before it.
    segment = np.searchsorted(other, at) - np.searchsorted(joiners, at)
    ids = raw + 1
    continues = np.zeros(len(at), dtype=bool)  # the token right after a joiner
    continues[np.searchsorted(at, joiners + 1)] = True
    if continues.any():
        heads = np.flatnonzero(~continues)
        size = np.diff(np.append(heads, len(raw)))
        ids, text, segment = ids[heads], text[heads], segment[heads]
        for k in np.flatnonzero(size > 1).tolist():
            h = int(heads[k])
            ids[k] = id_of_new("".join([words[i] for i in raw[h : h + int(size[k])].tolist()]))
    # A 0 after the last token of every segment.
    ends = np.ones(len(ids), dtype=bool)
    ends[:-1] = segment[1:] != segment[:-1]
    width = 1 + ends.astype(np.int64)
    stream_ids = np.repeat(ids, width)
    stream_ids[np.cumsum(width)[ends] - 1] = 0
    stream_text = np.repeat(text, width)
    if not all_fast:
        pieces: list[str] = []
        slow_text: list[int] = []
        for i in np.flatnonzero(~is_ascii).tolist():
            found = segment_pieces(contents[i])
            pieces.extend(found)
            pieces.append("")
            slow_text.extend([i] * (len(found) + 1))
        slow_ids = np.fromiter(
            (id_of_new(p) if is_token(p) else 0 for p in pieces), dtype=np.int64, count=len(pieces)
        )
        together = np.concatenate([stream_text, np.asarray(slow_text, dtype=np.int64)])
        order = np.argsort(together, kind="stable")
        stream_ids = np.concatenate([stream_ids, slow_ids])[order]
        stream_text = together[order]
    all_words = ["", *words, *extra]
    if len(all_words) - 1 > _MAX_TOKENS:
        raise ValueError(f"more than {_MAX_TOKENS:,} distinct tokens: too many for V7")
    return TokenStream(stream_ids, stream_text, all_words, vocabulary, extra)


def _in_first_appearance_order(stream: TokenStream) -> tuple[Ints, list[str], dict[str, int]]:
    """The stream's ids renumbered from 1 in order of first appearance, as the learned
    adversary has always seen them (its columns follow gram ids)."""
    t = stream.ids
    present, first = np.unique(t[t > 0], return_index=True)
    order = present[np.argsort(first)]
    rank = np.zeros(len(stream.words), dtype=np.int64)
    rank[order] = np.arange(1, len(order) + 1)
    words = ["", *(stream.words[i] for i in order.tolist())]
    return rank[t], words, {w: i for i, w in enumerate(words) if i}


def extract(corpus: LoadedCorpus, turns: Turns, n_sessions: int) -> SessionGrams:
    """Every 1..3-gram occurrence of the corpus, packed into integer codes and gathered per
    session (what the learned n-gram adversary reads)."""
    assert NGRAM_MIN == 1 and NGRAM_MAX <= 3, "the packed codes hold 1..3-grams"
    stream = token_stream(corpus, turns)
    t, words, tokens = _in_first_appearance_order(stream)
    text_at = stream.text_at
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


def candidate_table(corpus: LoadedCorpus, layout: Layout, turns: Turns) -> NgramTable:
    """The recurring n-grams (in at least `RECURRENCE_SHARE` of the questions) and their count
    in every session.

    A 2-gram occurs in a question only where both its words do, and a 3-gram only where both
    its 2-grams do, so each size is looked for only where the size below recurs: the same
    candidates as counting every gram, without counting the rare ones. An n-gram is coded by
    its first n − 1 tokens' rank among the recurring (n − 1)-grams and its last token's rank
    among the recurring tokens (every token of a recurring gram recurs), so every code and
    (code, question) key fits one integer and is counted by sorting values alone; ranking the
    last token rather than taking its id keeps the keys narrow (on long haystacks the
    vocabulary grows with names that never recur, and keys below 2³² sort twice as fast)."""
    stream = token_stream(corpus, turns)
    t, text_at = stream.ids, stream.text_at
    n_questions = layout.n_questions
    floor = RECURRENCE_SHARE * n_questions
    n_texts = len(turns.contents)
    width = len(stream.words)  # token ids are below this
    # The questions each distinct text occurs in, grouped by text; most texts have one.
    question_of_turn = layout.question_of_session()[turns.session]
    pairs = distinct(turns.text_of * n_questions + question_of_turn)
    text_questions = pairs % n_questions
    text_bounds = np.searchsorted(pairs // n_questions, np.arange(n_texts + 1)).astype(np.int64)
    only_question = np.where(np.diff(text_bounds) == 1, text_questions[text_bounds[:-1]], -1)

    def recurring(codes: Ints, owner: Ints, limit: int) -> Ints:
        """The sorted distinct codes (all below `limit`) that occur in enough questions."""
        _fits(limit, max(n_questions, n_texts, 1))
        question = only_question[owner]
        single = question >= 0
        keys = [codes[single] * n_questions + question[single]]
        if not single.all():
            # A text in several questions: its (text, code) pairs once, then each question.
            in_text = distinct(owner[~single] * limit + codes[~single])
            questions, lengths = ragged_gather(text_questions, text_bounds, in_text // limit)
            keys.append(np.repeat(in_text % limit, lengths) * n_questions + questions)
        # Distinct (code, question) keys are sorted, so their codes are too: count the runs.
        found, per_code = sorted_counts(distinct(np.concatenate(keys)) // n_questions)
        return found[per_code >= floor]

    # Level 1: tokens. rank[p] is the rank of the gram starting at p among its level's
    # recurring grams, or −1.
    at = np.flatnonzero(t > 0)
    kept = recurring(t[at], text_at[at], width)
    lookup = np.full(width, -1, dtype=np.int64)
    lookup[kept] = np.arange(len(kept))
    rank = lookup[t]  # 0, a boundary, is never kept
    token_rank, n_tokens = rank, len(kept)
    levels = [kept]
    found_rank, found_at = [rank[at][rank[at] >= 0]], [at[rank[at] >= 0]]
    for n in range(2, NGRAM_MAX + 1):
        # The (n − 1)-gram at p and the one at p + 1 must both recur; the second holds the
        # last token, so that token recurs too.
        starts = np.flatnonzero((rank[:-1] >= 0) & (rank[1:] >= 0))
        limit = len(levels[-1]) * n_tokens
        codes = rank[starts] * n_tokens + token_rank[starts + n - 1]
        kept = recurring(codes, text_at[starts], limit)
        where = np.searchsorted(kept, codes)
        hit = where < len(kept)
        hit[hit] = kept[where[hit]] == codes[hit]
        rank = np.full(len(t), -1, dtype=np.int64)
        rank[starts[hit]] = where[hit]
        levels.append(kept)
        found_rank.append(where[hit])
        found_at.append(starts[hit])
        del starts, codes, where, hit
    # The position-sized arrays are done with: freed before the counting below, which then
    # reuses their memory (on the x16 bench family the first table's page faults fell by a
    # sixth).
    del at, lookup, rank, token_rank
    # Candidate strings and tokens, level by level, then the columns in phrase order.
    unsorted: list[str] = []
    tokens: list[Ints] = []  # per level: candidates × n token ids
    for n, kept in enumerate(levels, start=1):
        if n == 1:
            unsorted.extend(stream.words[i] for i in kept.tolist())
            tokens.append(kept[:, None])
        else:
            below, last = kept // n_tokens, levels[0][kept % n_tokens]
            offset = sum(len(x) for x in levels[: n - 2])
            unsorted.extend(
                f"{unsorted[offset + b]} {stream.words[w]}"
                for b, w in zip(below.tolist(), last.tolist(), strict=True)
            )
            tokens.append(np.column_stack([tokens[-1][below], last]))
    # Sorted in Python, by code point as numpy sorts them: `np.argsort` over strings first
    # copies them into one fixed-width array (candidates × longest × 4 bytes), gigabytes once
    # a single candidate is long.
    order = np.fromiter(
        sorted(range(len(unsorted)), key=unsorted.__getitem__), dtype=np.int64, count=len(unsorted)
    )
    phrases = [unsorted[i] for i in order]
    column_of = np.empty(len(unsorted), dtype=np.int64)
    column_of[order] = np.arange(len(order))
    sizes = np.cumsum([0] + [len(x) for x in levels])
    column = np.concatenate([column_of[sizes[k] + r] for k, r in enumerate(found_rank)]).astype(
        np.int64
    )
    occurrence_text = text_at[np.concatenate(found_at)]
    del found_rank, found_at
    # Each occurrence counts once in every session its text is a turn of, which for nearly
    # every text is exactly one; (session, column) keys sorted are the matrix's rows in order.
    n_columns = max(len(phrases), 1)
    n_sessions = layout.n_sessions
    _fits(n_columns, max(n_sessions, 1))
    uses = np.bincount(turns.text_of, minlength=n_texts)
    session_of_text = np.zeros(n_texts, dtype=np.int64)
    session_of_text[turns.text_of] = turns.session
    once = uses[occurrence_text] == 1
    keys = [session_of_text[occurrence_text[once]] * n_columns + column[once]]
    if not once.all():
        by_text = np.argsort(turns.text_of, kind="stable")
        bounds = np.searchsorted(turns.text_of[by_text], np.arange(n_texts + 1)).astype(np.int64)
        many = ~once
        sessions, lengths = ragged_gather(turns.session[by_text], bounds, occurrence_text[many])
        keys.append(sessions * n_columns + np.repeat(column[many], lengths))
    cells, count = distinct_counts(np.concatenate(keys))
    matrix = sparse.csr_matrix(
        (
            count.astype(np.float64),
            cells % n_columns,
            np.searchsorted(cells // n_columns, np.arange(n_sessions + 1)),
        ),
        shape=(n_sessions, len(phrases)),
    )
    candidate_tokens = [(column_of[sizes[k] : sizes[k + 1]], tok) for k, tok in enumerate(tokens)]
    include = _relevance_mask(
        corpus, stream, turns, candidate_tokens, len(phrases), layout.n_sessions
    )
    return NgramTable(phrases, matrix, include)


def _fits(*factors: int) -> None:
    """Raise unless the product of `factors` fits a packed int64 key."""
    if math.prod(factors) >= 1 << 63:
        raise ValueError("too many distinct n-grams for V7's packed keys")


def _session_frequency(stream: TokenStream, turns: Turns, token_ids: Ints) -> dict[int, int]:
    """Sessions containing each of `token_ids` (as a segment token)."""
    wanted = np.isin(stream.ids, token_ids)
    if not wanted.any():
        return {}
    vocab = int(stream.ids.max()) + 1
    in_text = distinct(stream.text_at[wanted] * vocab + stream.ids[wanted])
    texts = in_text // vocab
    order = np.argsort(turns.text_of, kind="stable")
    turn_bounds = np.searchsorted(turns.text_of[order], np.arange(len(turns.contents) + 1))
    sessions, lengths = ragged_gather(turns.session[order], turn_bounds.astype(np.int64), texts)
    n_sessions = int(turns.session.max()) + 1 if len(turns.session) else 1
    seen = distinct(np.repeat(in_text % vocab, lengths) * n_sessions + sessions)
    ids, counts = np.unique(seen // n_sessions, return_counts=True)
    return {int(i): int(c) for i, c in zip(ids, counts, strict=True)}


def named_tokens(text: str) -> set[str]:
    """Tokens as n-grams see them (within segments, in-word apostrophes dropped)."""
    return {t for seg in segments(text) for t in seg}


def _relevance_mask(
    corpus: LoadedCorpus,
    stream: TokenStream,
    turns: Turns,
    candidate_tokens: list[tuple[Ints, Ints]],
    n_columns: int,
    n_sessions: int,
) -> Bools:
    """Questions × candidates: False where the candidate holds a token the question or its
    answer names that is rare corpus-wide. `candidate_tokens` pairs, per n-gram size, the
    candidates' columns with their token ids (one row per candidate)."""
    named = [named_tokens(q.question) | named_tokens(q.answer) for q in corpus.questions]
    ids = sorted({i for words in named for w in words if (i := stream.id_of(w)) is not None})
    session_df = _session_frequency(stream, turns, np.asarray(ids, dtype=np.int64))
    include = np.ones((len(corpus.questions), n_columns), dtype=bool)
    rare_below = RARE_SESSION_SHARE * n_sessions
    rare_q: list[int] = []
    rare_token: list[int] = []
    for qi, words in enumerate(named):
        for word in words:
            gid = stream.id_of(word)
            if gid is not None and session_df.get(gid, 0) < rare_below:
                rare_q.append(qi)
                rare_token.append(gid)
    if not rare_q or n_columns == 0:
        return include
    # Every (token, candidate) incidence, sorted by token; then each rare (question, token)
    # drops the question from the candidates holding the token.
    token = np.concatenate([tok.ravel() for _, tok in candidate_tokens])
    column = np.concatenate([np.repeat(col, tok.shape[1]) for col, tok in candidate_tokens]).astype(
        np.int64
    )
    _fits(len(stream.words), n_columns)
    incidence = distinct(token * n_columns + column)
    bounds = np.searchsorted(incidence // n_columns, np.arange(len(stream.words) + 1))
    columns, lengths = ragged_gather(
        incidence % n_columns, bounds.astype(np.int64), np.asarray(rare_token, dtype=np.int64)
    )
    include[np.repeat(np.asarray(rare_q, dtype=np.int64), lengths), columns] = False
    return include


def exclusive_phrases(table: NgramTable, layout: Layout) -> list[ExclusivePhrase]:
    """Candidates that reach no distractor session anywhere and sit in the gold of at least
    `RECURRENCE_SHARE` of the questions (relevance exemption applied). At G = 2 a marker on one
    of the two gold sessions caps that question's AUC at 0.75 and can never split perfectly;
    this is the one test that sees it, and the one a reader can check by eye."""
    include, phrases = table.include, table.phrases
    counts = sparse.csr_matrix(table.counts)
    n_columns = counts.shape[1]
    # Every stored positive (session, candidate) entry: a session holding the candidate.
    positive = counts.data > 0
    rows = np.repeat(np.arange(counts.shape[0]), np.diff(counts.indptr))[positive]
    cols = counts.indices.astype(np.int64)[positive]
    gold = layout.gold[rows]
    in_distractors = np.bincount(cols[~gold], minlength=n_columns)
    in_gold = np.bincount(cols[gold], minlength=n_columns)
    # The (question, candidate) pairs with a gold session holding it, where not exempt.
    owner = layout.question_of_session()[rows[gold]]
    pairs = distinct(owner * max(n_columns, 1) + cols[gold])
    question, column = pairs // max(n_columns, 1), pairs % max(n_columns, 1)
    kept = include[question, column]
    n_questions_with = np.bincount(column[kept], minlength=n_columns)
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
