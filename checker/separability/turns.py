"""Every turn of the corpus, indexed once: distinct texts, and where each occurrence sits.

Template-built corpora repeat turn texts many times; measuring each distinct text once and
gathering by index keeps V7 close to the cost of reading the corpus.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

import numpy as np
from numpy.typing import NDArray

from checker.load import LoadedCorpus

Ints = NDArray[np.int64]


@dataclass(frozen=True)
class Turns:
    contents: list[str]
    """Distinct turn texts."""
    text_of: Ints
    """Per turn occurrence (corpus order): index into `contents`."""
    session: Ints
    """Per occurrence: stacked session index."""
    role: Ints
    """Per occurrence: 0 user, 1 assistant."""
    slot: Ints
    """Per occurrence: position among its session's turns of the same role (0 = first)."""
    role_sequences: list[str]
    """Per stacked session: `u`/`a` per turn, in order."""
    session_offsets: Ints
    """Stacked session s owns occurrences session_offsets[s] .. session_offsets[s + 1] − 1."""


def index_turns(corpus: LoadedCorpus) -> Turns:
    """The corpus's `turn_index`, with each turn's slot and each session's role sequence."""
    index = corpus.turn_index
    role, offsets = index.role, index.session_offsets
    slot = np.zeros(len(role), dtype=np.int64)
    for r in (0, 1):
        mine = role == r
        # Turns of role r up to and including each turn, minus those before its session.
        upto = np.cumsum(mine)
        before = np.concatenate([[0], upto])[offsets[:-1]]
        slot[mine] = (upto - 1 - before[index.session])[mine]
    letters = np.where(role == 0, ord("u"), ord("a")).astype(np.uint8).tobytes().decode("ascii")
    return Turns(
        contents=index.contents,
        text_of=index.text_of,
        session=index.session,
        role=role,
        slot=slot,
        role_sequences=[letters[a:b] for a, b in pairwise(offsets.tolist())],
        session_offsets=offsets,
    )


def ragged_gather(flat: Ints, starts: Ints, picks: Ints) -> tuple[Ints, Ints]:
    """Concatenate the slices `flat[starts[p] : starts[p + 1]]` for every p in `picks`,
    without a Python loop; returns the values and each pick's slice length."""
    lengths = starts[picks + 1] - starts[picks]
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=flat.dtype), lengths
    shift = np.repeat(starts[picks] - (np.cumsum(lengths) - lengths), lengths)
    return flat[shift + np.arange(total)], lengths
