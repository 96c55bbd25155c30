"""Every turn of the corpus, indexed once: distinct texts, and where each occurrence sits.

Template-built corpora repeat turn texts many times; measuring each distinct text once and
gathering by index keeps V7 close to the cost of reading the corpus.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def index_turns(corpus: LoadedCorpus) -> Turns:
    seen: dict[str, int] = {}
    text_of: list[int] = []
    session: list[int] = []
    role: list[int] = []
    slot: list[int] = []
    sequences: list[str] = []
    s = 0
    for q in corpus.questions:
        for turns in q.haystack_sessions:
            counts = [0, 0]
            seq = []
            for turn in turns:
                r = 0 if turn.role == "user" else 1
                text_of.append(seen.setdefault(turn.content, len(seen)))
                session.append(s)
                role.append(r)
                slot.append(counts[r])
                counts[r] += 1
                seq.append("ua"[r])
            sequences.append("".join(seq))
            s += 1
    return Turns(
        contents=list(seen),
        text_of=np.asarray(text_of, dtype=np.int64),
        session=np.asarray(session, dtype=np.int64),
        role=np.asarray(role, dtype=np.int64),
        slot=np.asarray(slot, dtype=np.int64),
        role_sequences=sequences,
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
