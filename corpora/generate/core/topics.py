"""A session told topic by topic: moves about the same person or the same thing sit together.

A session's moves arrive shuffled, and told in that order a session was four to six unrelated
items. Here two moves are on one topic when they are about the same person (`subject`) or the
same family (a neighbour's piano lessons, the landlord's piano teacher, the landlord's new car
are one topic); a topic is every move connected to another through such links. Topics are told
one after another, in the order their first move was drawn; within a topic each next move is,
where one can be, a move that shares something with the move just told. No aside comes between
two moves that share something.

A move after the first may open with a link (`LINKS`: "That reminds me, …", "Oh, and …") in
place of the frame's own opener, drawn at one share for every move whatever it shares with the
move before: a link drawn only on a move that carries a topic on said which moves had a related
move beside them, and a rival's construction puts one there more often than an answer's (a
correction of someone else's change sits near that change), so the link's words told rivals
from answers (Bitemporal's marker adversary leaned on "on a similar note"). The order depends
only on the moves' people and families and on the shuffled order, the same for every session,
gold or not; two moves about one fact (a statement and its event) keep their drawn order.

A session holds one to three topics (`MAX_TOPICS`), an aside counting as one. The generators
draw a session's cold moves (those about pairs no question of the haystack asks) with
`joining`: once the session has `NEWS_TOPICS` topics, a cold move joins one of them, and the
cold move with the fewest choices is drawn first in every session, so that topics per session,
and the room they leave for an aside (`core.render`), are the same for gold and other sessions.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TypeVar

from corpora.generate.core.world import MENTION, Family, Move, Person

T = TypeVar("T")

#: How a move is tied to the move told before it.
SAME_FAMILY, SAME_PERSON = "family", "person"

#: A session's topics, asides included, are at most this many (issue 24: one to three).
MAX_TOPICS = 3
#: A cold move opens a topic of its own only while its session has fewer news topics than
#: this; once it has them, it joins one (`joining`), which leaves room for an aside.
NEWS_TOPICS = 2

#: A move after the first opens with a link this often, whatever it shares with the move before.
LINK_SHARE = 0.3
#: The links: each fits a move on the topic before it and a move on a new one alike. None names a
#: family, a value or a time.
LINKS: tuple[str, ...] = (
    "That reminds me,",
    "Oh, and",
    "Also,",
    "While I think of it,",
    "Oh, and one other thing:",
    "Oh, one more thing:",
    "And while I'm at it,",
    "Oh, also,",
    "Right, and",
)

#: Openers a frame or a status may start with, left out when a link, a bridge or a lead back
#: takes their place (a link and an opener of its own would read "Also, by the way, …").
_OPENER = re.compile(
    r"^(?:Oh, and one other thing:|Oh, and,?|Oh, also,|Oh, one more thing:|Oh,|Right, so,?|Right, and|Right,|So,|So"
    r"|Well,|Actually,|Hmm,|Now,|Also,|And,?|Anyway,|Something I forgot to tell you:"
    r"|Forgot to say,|Meant to tell you,|Before I forget,|Not sure if I told you, but"
    r"|I forget whether I told you, but|By the way,|Incidentally,|Random one, but,?"
    r"|While I think of it,|That reminds me,|And another thing:|And while I'm at it,"
    # A frame's own announcement gives way to a link ("Oh, one more thing: bit of news: …").
    r"|(?:Small )?[Bb]it of news:|Some news:|An update:|Random update:|Guess what:"
    # Words that carry on from a sentence before: after a link, a bridge or a lead back there
    # is none ("Well, about that, except it fell through").
    r"|Mind you,|Although,?|Then again,|Though,?|Except|Or|At least,?|[Bb]ut)\s+"
)


def subject(move: Move) -> tuple[str, str | None]:
    """Whom the move's sentence is about: the person, or someone seen through the person
    (`my dad's friend`) for a twin of someone else's fact told as such."""
    if move.other is None or move.told_as is not None:
        return (move.person.key, None)
    return (move.person.key, move.other[0])


def shared(before: Move, after: Move) -> str | None:
    """What `after` shares with the move told just before it: its family, else its person."""
    if before.family.key == after.family.key:
        return SAME_FAMILY
    if subject(before) == subject(after):
        return SAME_PERSON
    return None


def topics(moves: Sequence[Move]) -> list[list[int]]:
    """The moves' topics as lists of indices, in the order their first move was drawn: a topic
    is the first move not yet in one and every move linked to it through others."""
    left = list(range(len(moves)))
    found: list[list[int]] = []
    while left:
        topic = [left.pop(0)]
        grown = True
        while grown:
            joins = [i for i in left if any(shared(moves[j], moves[i]) for j in topic)]
            grown = bool(joins)
            topic += joins
            left = [i for i in left if i not in joins]
        found.append(sorted(topic))
    return found


def topical_order(moves: Sequence[Move]) -> list[Move]:
    """The moves grouped into topics (see the module docstring), each topic in the order its
    first move was drawn and told as a chain (`_chain`)."""
    return [moves[i] for topic in topics(moves) for i in _chain(moves, topic)]


def plain(pair: tuple[Person, Family]) -> tuple[Person, Family]:
    """A (person, family) option as it is (`joining`'s `pair` for plain options)."""
    return pair


def joining(
    rng: random.Random,
    options: Sequence[T],
    moves: Sequence[Move],
    pair: Callable[[T], tuple[Person, Family]],
) -> T:
    """One of `options` (each a person and family, through `pair`) for a cold move of a session
    whose moves so far are `moves`: any, while the session has fewer than `NEWS_TOPICS` topics;
    then one that joins a topic already there — same person or same family, as people chat —
    when one does. The rule reads only the session's moves, never whether one is evidence, so
    a gold session's cold moves are drawn as any other's."""
    if len(topics(moves)) >= NEWS_TOPICS:
        near = [o for o in options if any(shared(m, Move(MENTION, *pair(o))) for m in moves)]
        if near:
            return rng.choice(near)
    return rng.choice(options)


def _greedy(moves: Sequence[Move], topic: list[int], start: int) -> list[int]:
    told = [start]
    left = [i for i in topic if i != start]
    while left:
        nxt = next((i for i in left if shared(moves[told[-1]], moves[i])), left[0])
        left.remove(nxt)
        told.append(nxt)
    return told


def _chain(moves: Sequence[Move], topic: list[int]) -> list[int]:
    """A topic's moves in telling order: the first start, in drawn order, from which each move
    shares something with the one before it, else the greedy order from the first move; moves
    about one fact (one subject, one family) then take their places in drawn order."""
    chains = (_greedy(moves, topic, start) for start in topic)
    told = next(
        (c for c in chains if all(shared(moves[a], moves[b]) for a, b in pairwise(c))),
        None,
    ) or _greedy(moves, topic, topic[0])
    fact = {i: (subject(moves[i]), moves[i].family.key) for i in topic}
    for key in dict.fromkeys(fact.values()):
        places = [k for k, i in enumerate(told) if fact[i] == key]
        for k, i in zip(places, sorted(told[k] for k in places), strict=True):
            told[k] = i
    return told


def without_opener(sentence: str) -> str:
    """The move's sentence with its own openers left out, for a link to take their place
    ("Right, so …" and "Oh, and …" lose both words)."""
    for _ in range(2):
        sentence = _OPENER.sub("", sentence, count=1)
    return sentence
