"""Stacked fillers in user turns: sentences with two or more filler or hedge phrases set off by
punctuation ("Too fiddly, mostly, fair enough, really."), counted over a corpus file.

A phrase counts when it is a whole piece of the sentence between punctuation marks (or its
start and end), so "He didn't really say" and "mostly waiting" are not fillers, while
"mostly" in "Good, mostly, I think" is.

    python -m tests.generate.filler_stacks corpora/procedural/typedmemeval-procedural-2026.12.json
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

#: The declared fillers and hedges (lower case).
FILLERS = frozenset(
    {
        "mostly",
        "really",
        "fair enough",
        "honestly",
        "frankly",
        "to be fair",
        "in fairness",
        "to be honest",
        "if i'm honest",
        "if i'm being honest",
        "in all honesty",
        "truth be told",
        "i suppose",
        "i think",
        "i guess",
        "i'd say",
        "i believe",
        "probably",
        "anyway",
        "apparently",
        "actually",
        "basically",
        "more or less",
        "as it happens",
        "funnily enough",
        "by all accounts",
        "i gather",
        "i'm told",
        "for what it's worth",
        "in the end",
        "of course",
        "you know",
        "i mean",
    }
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_PIECE = re.compile(r"[,;:.!?]+")


def fillers_in(sentence: str) -> list[str]:
    """The declared fillers that stand as whole pieces of the sentence, in order."""
    pieces = (p.strip().lower() for p in _PIECE.split(sentence))
    return [p for p in pieces if p in FILLERS]


def user_sentences(questions: Iterable[dict[str, object]]) -> Iterator[str]:
    """Every sentence of every user turn, each haystack session read once."""
    seen: set[str] = set()
    for q in questions:
        ids = q["haystack_session_ids"]
        sessions = q["haystack_sessions"]
        assert isinstance(ids, list) and isinstance(sessions, list)
        for sid, session in zip(ids, sessions, strict=True):
            if sid in seen:
                continue
            seen.add(sid)
            for turn in session:
                if turn["role"] == "user":
                    yield from (s for s in _SENTENCE.split(turn["content"].strip()) if s)


def stacked(sentences: Iterable[str], least: int = 2) -> Counter[str]:
    """Sentence → how often it occurs, for sentences with at least `least` fillers."""
    return Counter(s for s in sentences if len(fillers_in(s)) >= least)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args(argv)
    sentences = list(user_sentences(json.loads(args.corpus.read_text(encoding="utf-8"))))
    two = stacked(sentences)
    three = stacked(sentences, 3)
    print(f"user sentences: {len(sentences)}")
    print(f"with >= 2 fillers: {sum(two.values())} ({len(two)} distinct)")
    print(f"with >= 3 fillers: {sum(three.values())} ({len(three)} distinct)")
    worst = sorted(two, key=lambda s: (-len(fillers_in(s)), -two[s], s))
    for s in worst[: args.top]:
        print(f"  {len(fillers_in(s))} x{two[s]}  {s}")


if __name__ == "__main__":
    main()
