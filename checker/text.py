"""The one tokenizer and segmenter every rule shares (BM25, V7, the leak screens, V4).

The defect history (docs/history.md) includes a fix applied to one tokenizer caller and not to its
neighbour; here there is one module, and every rule calls it.

Definitions:

- **raw tokens**: NFKD-normalise, drop combining marks, lower-case, then every maximal run of
  `[a-z0-9]`. Stopwords are kept (function words are where construction tells live).
- **punctuation segments**: the text split at every character that is neither a letter, a
  digit, nor whitespace (apostrophes inside words excepted), each segment tokenized. N-grams
  are built within a segment only, so no phrase is invented across a sentence boundary.
- **BM25 tokens** (tokenizer `raw-nostop-v1`): raw tokens minus the fixed English stopword list
  below. The list is pinned here, not borrowed from a library whose list may change.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

TOKEN_RE = re.compile(r"[a-z0-9]+")
# A segment boundary is any character that is not a word character or whitespace; an
# apostrophe between two letters ("don't") does not split.
_APOSTROPHE_IN_WORD = re.compile(r"(?<=[A-Za-z])['’](?=[A-Za-z])")
_SEGMENT_SPLIT = re.compile(r"[^\w\s]|_")

BM25_TOKENIZER = "raw-nostop-v1"

STOPWORDS: frozenset[str] = frozenset(
    """
    a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers herself him himself his how i if in into is it its
    itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves
    s t d ll m re ve
    """.split()
)


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """NFKD, combining marks dropped, lower-cased."""
    if text.isascii():  # NFKD leaves ASCII as it is and it has no combining marks
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def raw_tokens(text: str) -> list[str]:
    """Raw tokens (stopwords kept)."""
    return TOKEN_RE.findall(fold(text))


def bm25_tokens(text: str) -> list[str]:
    """Tokens for the reference retriever: raw tokens minus `STOPWORDS`."""
    return [t for t in raw_tokens(text) if t not in STOPWORDS]


def segments(text: str) -> list[list[str]]:
    """Punctuation segments, each as its raw tokens; empty segments dropped."""
    joined = _APOSTROPHE_IN_WORD.sub("", text)
    out: list[list[str]] = []
    for part in _SEGMENT_SPLIT.split(joined):
        toks = raw_tokens(part)
        if toks:
            out.append(toks)
    return out


_ASCII_PIECE = re.compile(r"[a-z0-9]+|[^a-z0-9\s]")
_ASCII_APOSTROPHE_IN_WORD = re.compile(r"(?<=[a-z])'(?=[a-z])")


def segment_pieces(text: str) -> list[str]:
    """`segments(text)` as one flat list: every segment's tokens in order, with at least one
    piece that is not a token (a boundary character, or "") after each segment, so a run of
    tokens between two non-tokens is exactly one segment.

    On ASCII text, which is nearly all of it, this is one regular-expression pass over the
    lower-cased text; elsewhere it is `segments` itself."""
    if text.isascii():
        lowered = text.lower()
        if "'" in lowered:
            lowered = _ASCII_APOSTROPHE_IN_WORD.sub("", lowered)
        return _ASCII_PIECE.findall(lowered)
    out: list[str] = []
    for seg in segments(text):
        out.extend(seg)
        out.append("")
    return out


def is_token(piece: str) -> bool:
    """Whether a piece of `segment_pieces` is a token (not a segment boundary)."""
    return bool(piece) and (piece[0].isascii() and piece[0].isalnum())


def cannot_contain(text: str, needles: Sequence[str]) -> bool:
    """True when `text` is ASCII and its lower-cased form contains none of `needles` (which
    are lower case). A screen whose every match on ASCII text contains one of them, in any
    case, then has nothing to find, and `in` costs far less than a regular-expression scan.
    Text that is not ASCII is never excused (Unicode case folding is wider than `lower`)."""
    if not text.isascii():
        return False
    lowered = text.lower()
    return not any(needle in lowered for needle in needles)


def may_contain(texts: Sequence[str], needles: Sequence[str]) -> NDArray[np.bool_]:
    """Per text, `not cannot_contain(text, needles)`, over many texts at once. The ASCII texts
    are lower-cased and joined into one string; needles of one or two characters are found
    among its bytes in one vectorised pass, longer ones by a scan that jumps to the next text
    at each hit."""
    n = len(texts)
    is_ascii = np.fromiter(map(str.isascii, texts), dtype=bool, count=n)
    flagged = ~is_ascii
    ascii_at = np.flatnonzero(is_ascii)
    chosen = texts if len(ascii_at) == n else [texts[i] for i in ascii_at.tolist()]
    joined = "\0".join(chosen).lower()  # no needle holds "\0", so none spans two texts
    lengths = np.fromiter(map(len, chosen), dtype=np.int64, count=len(chosen))
    starts = np.concatenate([[0], np.cumsum(lengths + 1)])
    short = [needle for needle in needles if len(needle) <= 2]
    if short and joined:
        buf = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
        single = np.zeros(256, dtype=bool)
        single[[ord(needle) for needle in short if len(needle) == 1]] = True
        hit = single[buf]
        pairs = [ord(needle[0]) << 8 | ord(needle[1]) for needle in short if len(needle) == 2]
        if pairs and len(buf) > 1:
            double = np.zeros(1 << 16, dtype=bool)
            double[pairs] = True
            hit[:-1] |= double[(buf[:-1].astype(np.uint16) << 8) | buf[1:]]
        at = np.flatnonzero(hit)
        flagged[ascii_at[np.searchsorted(starts, at, side="right") - 1]] = True
    bounds = starts.tolist()
    for needle in needles:
        if len(needle) <= 2:
            continue
        found = joined.find(needle)
        while found >= 0:
            k = bisect_right(bounds, found) - 1
            flagged[ascii_at[k]] = True
            found = joined.find(needle, bounds[k + 1])
    return flagged


def ngrams_in_segments(text: str, n_min: int = 1, n_max: int = 3) -> Iterator[str]:
    """Every n-gram (n_min..n_max raw tokens) that lies inside one punctuation segment."""
    for seg in segments(text):
        yield from ngrams(seg, n_min, n_max)


def ngrams(tokens: Sequence[str], n_min: int = 1, n_max: int = 3) -> Iterator[str]:
    for n in range(n_min, n_max + 1):
        for i in range(len(tokens) - n + 1):
            yield " ".join(tokens[i : i + n])


_SENTENCE_RE = re.compile(r"[^.!?]+[.!?]*")


def sentences(text: str) -> list[str]:
    """Sentences: maximal runs ending in `.`, `!` or `?` (the last may end without one)."""
    return [s.strip() for s in _SENTENCE_RE.findall(text) if s.strip()]
