"""Language figures (LNG): how much of a corpus's text is a handful of stock wordings.

A sentence's *skeleton* is its wording with the instance vocabulary masked, so that two
sentences built from one template with different names read as one skeleton:

- a capitalised word that does not open its sentence (a name) → `N` (a run of them → one `N`);
- a number → `0`;
- a relation word (`mum`, `colleague`, …) → `R`; a personal pronoun → `P`;
- every other word lower-cased, punctuation kept.

The masking is generic on purpose — no vertical's banks are consulted — so the figure means
the same thing on every corpus, foreign ones included. Each session is counted once (the arms
of a pair share a haystack; a foreign corpus repeats sessions across questions).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from checker.load import LoadedCorpus

#: Relation words: who a person is to the user. Masked, so "your mum" and "your boss" are one
#: wording.
RELATION_WORDS: frozenset[str] = frozenset(
    """
    mum mom mother dad father parent parents brother sister sibling siblings son daughter
    child children kid kids gran granny grandma grandmother grandad grandpa grandfather
    grandparents grandson granddaughter grandchild aunt uncle cousin niece nephew wife husband
    partner spouse fiance fiancee girlfriend boyfriend friend friends colleague colleagues
    coworker boss manager neighbour neighbor neighbours landlord landlady flatmate roommate
    housemate flatmates mate in-law law stepdad stepmum stepson stepdaughter godmother
    godfather godson goddaughter teacher tutor doctor dentist
    """.split()
)
PRONOUNS: frozenset[str] = frozenset(
    """
    he she they him her them his hers their theirs himself herself themselves it its
    """.split()
)

#: The speaker's own `I`, contracted or not: capitalised mid-sentence, and never a name.
FIRST_PERSON: frozenset[str] = frozenset(
    f"i{tail}" for tail in ("", "'m", "'ve", "'d", "'ll", "’m", "’ve", "’d", "’ll")
)

#: A word (letters, inner apostrophes and hyphens), a number, or one other visible character.
_PIECE = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*|\d+(?:[.,:]\d+)*|\S")


def skeleton(sentence: str) -> str:
    """The masked wording of one sentence."""
    out: list[str] = []
    first = True
    for piece in _PIECE.findall(sentence):
        if piece[0].isdigit():
            out.append("0")
            continue
        if not piece[0].isalpha():
            out.append(piece)
            continue
        lower = piece.lower()
        if lower in RELATION_WORDS:
            out.append("R")
        elif lower in PRONOUNS:
            out.append("P")
        elif piece[0].isupper() and not first and lower not in FIRST_PERSON:
            if not out or out[-1] != "N":
                out.append("N")
        else:
            out.append(lower)
        first = False
    return " ".join(out)


#: A sentence: a run of anything but `.`, `!` and `?`, where a point between two digits is part
#: of a number (`1,446.90 francs.` is one sentence, not `1,446.` and `90 francs.`).
_SENTENCE = re.compile(r"(?:[^.!?]|(?<=\d)\.(?=\d))+[.!?]*")


def sentences(text: str) -> list[str]:
    """The text's sentences, decimal numbers kept whole."""
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def turn_skeleton(content: str) -> str:
    """The masked wording of a whole turn, sentence by sentence."""
    return " ".join(skeleton(s) for s in sentences(content))


def distinct_sessions(corpus: LoadedCorpus) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """Every session once (by session id), as (id, [(role, content), …])."""
    seen: set[str] = set()
    for q in corpus.questions:
        for sid, session in zip(q.haystack_session_ids, q.haystack_sessions, strict=False):
            if sid in seen:
                continue
            seen.add(sid)
            yield sid, [(t.role, t.content) for t in session]


#: The targets of issue-level language figures: the most common skeleton of each kind is at
#: most this share of its kind …
TOP_SHARE_REFUSE = 0.003
#: … and distinct assistant-turn skeletons are at least this share of assistant turns.
DISTINCT_SHARE_REFUSE = 0.40
#: Below this many turns (or sentences) of a kind, a share of 0.3% is a single repeat and is
#: not a measurement; the figure is reported and not gated.
MIN_UNITS = 1000


@dataclass(frozen=True)
class SkeletonCount:
    """How one kind of text (assistant turns, user sentences) reduces to skeletons."""

    kind: str
    #: Units counted (turns or sentences).
    n: int
    distinct: int
    top: str
    top_count: int

    @property
    def top_share(self) -> float:
        return self.top_count / self.n if self.n else 0.0

    @property
    def distinct_share(self) -> float:
        return self.distinct / self.n if self.n else 0.0

    @property
    def measured(self) -> bool:
        return self.n >= MIN_UNITS


@dataclass(frozen=True)
class LanguageFigures:
    assistant_turns: SkeletonCount
    user_sentences: SkeletonCount


def _count(kind: str, skeletons: Counter[str]) -> SkeletonCount:
    n = sum(skeletons.values())
    top, top_count = min(skeletons.items(), key=lambda kv: (-kv[1], kv[0]), default=("", 0))
    return SkeletonCount(kind, n, len(skeletons), top, top_count)


_CACHE = "language figures"


def language_figures(corpus: LoadedCorpus) -> LanguageFigures:
    """The corpus's skeleton counts (cached on the corpus)."""
    found = corpus.cache.get(_CACHE)
    if isinstance(found, LanguageFigures):
        return found
    assistant: Counter[str] = Counter()
    user: Counter[str] = Counter()
    for _, turns in distinct_sessions(corpus):
        for role, content in turns:
            if role == "assistant":
                if content.strip():
                    assistant[turn_skeleton(content)] += 1
            else:
                user.update(skeleton(s) for s in sentences(content))
    figures = LanguageFigures(_count("assistant turns", assistant), _count("user sentences", user))
    corpus.cache[_CACHE] = figures
    return figures
