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


class ColdEchoes:
    """Cold twins echoed the way hot ones are: a cold twin in session s repeats, with
    probability `share`, an earlier cold twin (not yet echoed) placed a gap in `gap` before."""

    def __init__(self, rng: random.Random, share: float, gap: tuple[int, int]) -> None:
        self.rng, self.share, self.gap = rng, share, gap
        self._open: list[tuple[int, Move]] = []

    def take(self, s: int) -> Move | None:
        """An earlier cold twin to repeat in session `s`, or None (then `add` the fresh one)."""
        if not self.share:
            return None
        due = [i for i, (t, _) in enumerate(self._open) if self.gap[0] <= s - t <= self.gap[1]]
        if not due or self.rng.random() >= self.share:
            return None
        _, move = self._open.pop(self.rng.choice(due))
        return replace(move, extra=dict(move.extra))

    def add(self, s: int, move: Move) -> None:
        self._open.append((s, move))
