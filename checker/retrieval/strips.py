"""What scaffolding removal takes out of a distractor turn before the reference retriever ranks.

Two kinds of strip, applied to **distractor** sessions only (gold is the evidence; stripping its
sentences would measure the loss of evidence, not the loss of scaffolding):

- a **declared** strip: the regular expression a sidecar declares as the generator's scaffolding,
  removed wherever it matches;
- the **generic** strip, always measured whatever a sidecar declares, so that a dependence of
  0.00 is a measurement that could have failed: every bracketed or parenthetical clause, then
  every sentence made mostly of the question's own keywords (at least two BM25 tokens, more
  than half of them tokens of the question).

Earlier corpora (docs/history.md) reached their retrieval band with a bracketed clause listing the
question's keywords in distractors; a one-line regular expression removed all of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from checker.text import bm25_tokens, sentences

GENERIC = "generic"
"""The name of the generic strip (pass it as `strip=` to `measure_coverage`)."""

_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}")
#: A sentence is scaffolding when it has at least this many BM25 tokens …
KEYWORD_SENTENCE_MIN_TOKENS = 2
#: … and strictly more than this share of them are the question's own tokens.
KEYWORD_SENTENCE_SHARE = 0.5


class ScaffoldingPatternError(ValueError):
    """A declared scaffolding pattern is not a valid regular expression."""


def strip_bracketed(text: str) -> str:
    """Remove every bracketed or parenthetical clause, innermost first (nesting included)."""
    if "(" not in text and "[" not in text and "{" not in text:
        return text
    previous = None
    while previous != text:
        previous, text = text, _BRACKETED.sub(" ", text)
    return text


def is_keyword_sentence(sentence: str, keywords: frozenset[str]) -> bool:
    """True when the sentence is made mostly of the question's own keywords."""
    tokens = bm25_tokens(sentence)
    if len(tokens) < KEYWORD_SENTENCE_MIN_TOKENS:
        return False
    hits = sum(1 for t in tokens if t in keywords)
    return hits > KEYWORD_SENTENCE_SHARE * len(tokens)


def strip_keyword_sentences(text: str, keywords: frozenset[str]) -> str:
    """Drop every sentence made mostly of the question's own keywords."""
    kept = [s for s in sentences(text) if not is_keyword_sentence(s, keywords)]
    return " ".join(kept)


@dataclass(frozen=True)
class Strip:
    """One strip: the generic one, or a declared regular expression."""

    name: str
    pattern: re.Pattern[str] | None = None

    def may_change(self, text: str, keyword_hits: int) -> bool:
        """A cheap test that is False only when `apply` would certainly change nothing: a
        keyword sentence needs at least two keyword occurrences (`keyword_hits`, the session's
        BM25 tokens that are keywords) in its session."""
        if self.pattern is not None:
            return self.pattern.search(text) is not None
        if "(" in text or "[" in text or "{" in text:
            return True
        return keyword_hits >= KEYWORD_SENTENCE_MIN_TOKENS

    def apply(self, turn_text: str, keywords: frozenset[str]) -> str:
        if self.pattern is not None:
            return self.pattern.sub(" ", turn_text)
        return strip_keyword_sentences(strip_bracketed(turn_text), keywords)


GENERIC_STRIP = Strip(GENERIC)


def pattern_strip(pattern: str) -> Strip:
    """A declared strip; raises `ScaffoldingPatternError` when the pattern does not compile."""
    try:
        compiled = re.compile(pattern)
    except re.error as exc:
        raise ScaffoldingPatternError(
            f"declared scaffolding pattern {pattern!r} is not a valid regular expression "
            f"({exc}); fix `scaffolding.declared_pattern` in the sidecar"
        ) from None
    return Strip(pattern, compiled)


def parse_strips(strip: str | Iterable[str] | None) -> tuple[Strip, ...]:
    """`None` → nothing; `"generic"` → the generic strip; any other string → a declared regular
    expression; an iterable → each of those in order."""
    if strip is None:
        return ()
    names = [strip] if isinstance(strip, str) else list(strip)
    return tuple(GENERIC_STRIP if n == GENERIC else pattern_strip(n) for n in names)


def strips_label(strips: tuple[Strip, ...]) -> str | None:
    """How the record names what was stripped (`None` when nothing was)."""
    return " + ".join(s.name for s in strips) if strips else None
