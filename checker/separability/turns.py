"""Every turn of the corpus, indexed once (the corpus's `turn_index`), and gathering by it.

Template-built corpora repeat turn texts many times; measuring each distinct text once and
gathering by index keeps V7 close to the cost of reading the corpus.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from checker.load import LoadedCorpus, TurnIndex

Ints = NDArray[np.int64]

#: V7 reads the one turn index every rule shares.
Turns = TurnIndex


def index_turns(corpus: LoadedCorpus) -> Turns:
    """The corpus's `turn_index` (with each turn's slot and each session's role sequence)."""
    return corpus.turn_index


def ragged_gather(flat: Ints, starts: Ints, picks: Ints) -> tuple[Ints, Ints]:
    """Concatenate the slices `flat[starts[p] : starts[p + 1]]` for every p in `picks`,
    without a Python loop; returns the values and each pick's slice length."""
    lengths = starts[picks + 1] - starts[picks]
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=flat.dtype), lengths
    shift = np.repeat(starts[picks] - (np.cumsum(lengths) - lengths), lengths)
    return flat[shift + np.arange(total)], lengths
