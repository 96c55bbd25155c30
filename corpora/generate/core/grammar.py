"""A small sentence grammar for the text banks: alternatives inside a template.

A template may hold alternatives in square brackets, separated by bars, nested as deep as
needed; an empty alternative makes a part optional:

    "[Oh,|Ah,|] [that is|that's] [good|great|lovely] news about {your}."

`expand` draws one alternative at every bracket, uniformly, from the generator it is given, so
the same seed always gives the same sentence; `{placeholders}` are left for `render.fill`.
Brackets never reach a conversation: the checker strips bracketed clauses as scaffolding, and
the bank's writing rules refuse a bracket in any expanded text.

`variants` counts the distinct expansions a template can produce (an upper bound when two
paths spell the same words), which is how a bank's variety is measured before a corpus is
built.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache
from math import prod

_SPACES = re.compile(r"\s{2,}")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:?!]|'s\b)")


class GrammarError(ValueError):
    """A template's brackets do not balance."""


@dataclass(frozen=True)
class Choice:
    """One bracket: the alternatives, each a sequence of parts."""

    options: tuple[tuple[Part, ...], ...]


Part = str | Choice


def _parse(template: str, i: int, depth: int) -> tuple[tuple[tuple[Part, ...], ...], int]:
    """Parse alternatives from `i` up to the matching `]` (or the end at depth 0)."""
    options: list[tuple[Part, ...]] = []
    parts: list[Part] = []
    text: list[str] = []
    while i < len(template):
        c = template[i]
        if c == "[":
            if text:
                parts.append("".join(text))
                text = []
            inner, i = _parse(template, i + 1, depth + 1)
            parts.append(Choice(inner))
            continue
        if c == "|" and depth > 0:
            if text:
                parts.append("".join(text))
                text = []
            options.append(tuple(parts))
            parts = []
        elif c == "]":
            if depth == 0:
                raise GrammarError(f"unbalanced ']' at {i} in {template!r}")
            if text:
                parts.append("".join(text))
            options.append(tuple(parts))
            return tuple(options), i + 1
        elif c == "|":
            raise GrammarError(f"'|' outside brackets at {i} in {template!r}")
        else:
            text.append(c)
        i += 1
    if depth > 0:
        raise GrammarError(f"unclosed '[' in {template!r}")
    if text:
        parts.append("".join(text))
    options.append(tuple(parts))
    return tuple(options), i


@cache
def parse(template: str) -> tuple[Part, ...]:
    """The template as text pieces and choices (cached: banks are parsed once)."""
    options, _ = _parse(template, 0, 0)
    return options[0]


def _draw(parts: tuple[Part, ...], rng: random.Random, out: list[str]) -> None:
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        else:
            _draw(part.options[rng.randrange(len(part.options))], rng, out)


def tidy(text: str) -> str:
    """Collapse the spaces an empty alternative leaves, and any space before punctuation."""
    return _SPACE_BEFORE_PUNCT.sub(r"\1", _SPACES.sub(" ", text)).strip()


def expand(template: str, rng: random.Random) -> str:
    """One sentence from the template: an alternative drawn at every bracket."""
    parts = parse(template)
    if len(parts) == 1 and isinstance(parts[0], str):
        return parts[0]
    out: list[str] = []
    _draw(parts, rng, out)
    return tidy("".join(out))


def _count(parts: tuple[Part, ...]) -> int:
    return prod(
        sum(_count(option) for option in part.options) if isinstance(part, Choice) else 1
        for part in parts
    )


def variants(template: str) -> int:
    """How many expansions the template has (paths through its brackets)."""
    return _count(parse(template))


def flatten(template: str) -> str:
    """Every word of every alternative, brackets and bars replaced by spaces (for the bank's
    writing rules, which hold for each word wherever it is drawn)."""
    parse(template)  # refuses unbalanced brackets
    return re.sub(r"[\[\]|]", " ", template)
