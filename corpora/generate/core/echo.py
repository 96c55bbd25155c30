"""Echoes: rivals said as often and as late as the answer.

A question's answer is often said more than once — a fact stated and later re-affirmed, a
value corrected and then confirmed — while each rival (someone else's value, a rumour, a
choice dropped) was said once. Then *the value said most often* answers the question without
reading a word of it (issue 24 measured Forgetting still-valid at +0.66 over chance among the
sentences naming the holder and the attribute). An echo repeats a rival: a later twin of the
same pair names the value an earlier twin named, in the same frame (the same rumour again, the
same friend's car again), so the rival is said twice and its second saying lies later, as the
answer's re-affirmation does. Echoes are planned per hot pair from the pair's own twins, alike
for the asked pair and every unasked one, so no count of values marks the gold sessions.

**Told coherently** (`stand_then_take_back`). A rival retracted on the spot and then said
again ("he still has the Andersen" after "he hasn't at all") reads as a muddle, and a reader
learns that a value said again only to be taken back again is a rival. So where a vertical's
questions ask about the end of the haystack (what holds now), the first saying of an echo pair
stands: it is told as a true statement and followed by the status a true statement gets,
drawn from the same pool, so nothing marks it yet. The second saying, sessions later, carries
the rival's status, followed by a sentence that takes back the first saying too ("I've had
that wrong all along", `render.TAKE_BACK_TAILS`): a retraction that comes in a later session.
Hot and cold pairs, asked and unasked, are told alike. A vertical whose questions ask what was
held or believed at an instant inside the haystack (Bitemporal) keeps each saying's own status,
since a rival standing for a while would change what was held then.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from corpora.generate.core.world import Move


def plan_echoes(
    rng: random.Random, twin_moves: Sequence[int], share: float
) -> list[tuple[int, int]]:
    """Pairs (source, echo) of one hot pair's twin moves (indices into its kit): the twins are
    drawn into pairs, each pair kept with probability `share`. Placement then puts each echo a
    statement-to-event gap after its source, so a rival's second saying sits where an answer's
    re-affirmation would."""
    left = list(twin_moves)
    rng.shuffle(left)
    pairs: list[tuple[int, int]] = []
    while len(left) >= 2:
        a, b = left.pop(), left.pop()
        if rng.random() < share:
            pairs.append((a, b))
    return pairs


def stand_then_take_back(first: Move, second: Move) -> None:
    """An echo pair told coherently (see the module docstring): `first` stands until
    `second`, whose status takes both back. Both must be told as another kind
    (`Move.told_as`)."""
    if first.told_as is None or second.told_as is None:
        raise ValueError("an echo pair stands and is taken back only when told as another kind")
    first.stands, first.takes_back = True, False
    second.stands, second.takes_back = False, True


class ColdEchoes:
    """Cold twins echoed the way hot ones are: a cold twin in session s repeats, with
    probability `share`, an earlier cold twin (not yet echoed) placed a gap in `gap` before."""

    def __init__(self, rng: random.Random, share: float, gap: tuple[int, int]) -> None:
        self.rng, self.share, self.gap = rng, share, gap
        self._open: list[tuple[int, Move]] = []
        #: (source, echo) of every echo taken, in the order taken.
        self.pairs: list[tuple[Move, Move]] = []

    def take(self, s: int) -> Move | None:
        """An earlier cold twin to repeat in session `s`, or None (then `add` the fresh one)."""
        if not self.share:
            return None
        due = [i for i, (t, _) in enumerate(self._open) if self.gap[0] <= s - t <= self.gap[1]]
        if not due or self.rng.random() >= self.share:
            return None
        _, move = self._open.pop(self.rng.choice(due))
        echo = replace(move, extra=dict(move.extra))
        self.pairs.append((move, echo))
        return echo

    def add(self, s: int, move: Move) -> None:
        self._open.append((s, move))
