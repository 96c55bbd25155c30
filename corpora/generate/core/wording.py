"""Helpers for writing a vertical's text bank in the sentence grammar (`core/grammar.py`).

A reply is composed of slots (a reaction, a reference to what was said, an optional follow-up),
each a list of alternatives; `compose` joins them into one template whose expansions are the
product of the slots. The writing rules a bank holds itself to are about every expansion of a
template, so they are checked here on its structure: `always` holds when every path through the
brackets passes a piece of text that satisfies a test (a clause always names its value, always
names its keyword), and `plain` is the template's words with placeholders and brackets removed
(for the rules that hold for each word wherever it is drawn: no digit, no answer word).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TypeVar

from corpora.generate.core.grammar import Choice, Part, expand, flatten, parse, tidy, variants

V = TypeVar("V")

_PLACEHOLDER = re.compile(r"\{[A-Za-z_0-9]+\}")


def one_of(options: Iterable[str]) -> str:
    """One bracket holding the options (an empty option makes the slot optional)."""
    return "[" + "|".join(options) + "]"


def compose(*slots: Iterable[str]) -> str:
    """A template of consecutive slots, each drawn from its alternatives."""
    return " ".join(one_of(slot) for slot in slots)


def _always(parts: tuple[Part, ...], test: Callable[[str], bool]) -> bool:
    for part in parts:
        if isinstance(part, str):
            if test(part):
                return True
        elif all(_always(option, test) for option in part.options):
            return True
    return False


def always(template: str, test: Callable[[str], bool] | str) -> bool:
    """True when every expansion of the template passes a text piece for which `test` holds
    (a string test means: the piece contains that string, such as "{V}")."""
    check = (lambda text: test in text) if isinstance(test, str) else test
    return _always(parse(template), check)


def never(template: str, needle: str) -> bool:
    """True when no expansion of the template contains `needle` anywhere."""
    return needle not in flatten(template)


def plain(template: str) -> str:
    """Every word of every alternative, placeholders, brackets and bars removed."""
    return _PLACEHOLDER.sub("", flatten(template))


def has_choice(template: str) -> bool:
    """Whether the template holds any alternatives at all."""
    return any(isinstance(p, Choice) for p in parse(template))


def _all(parts: tuple[Part, ...]) -> list[str]:
    out = [""]
    for part in parts:
        if isinstance(part, str):
            out = [o + part for o in out]
        else:
            out = [o + rest for o in out for option in part.options for rest in _all(option)]
    return out


def expansions(template: str, limit: int = 2000, seed: int = 0) -> list[str]:
    """Every expansion of the template when it has at most `limit` of them, else `limit`
    expansions drawn with a fixed seed (for tests that scan what a template can say)."""
    if variants(template) <= limit:
        return sorted({tidy(text) for text in _all(parse(template))})
    rng = random.Random(seed)
    return sorted({expand(template, rng) for _ in range(limit)})


def only(mapping: Mapping[str, V], keys: Iterable[str]) -> Mapping[str, V]:
    """The entries of a shared bank mapping (reactions, follow-ups) for `keys` alone: a
    vertical whose replies for a kind are whole composed replies gives that kind no shared
    reaction or follow-up on top (which would open or close the reply twice)."""
    wanted = set(keys)
    return MappingProxyType({k: v for k, v in mapping.items() if k in wanted})


def has_any(
    words: Iterable[str], tokenize: Callable[[str], Iterable[str]]
) -> Callable[[str], bool]:
    """A test for `always`: the text holds one of `words`, as `tokenize` reads it."""
    wanted = frozenset(words)

    def test(text: str) -> bool:
        return bool(wanted & set(tokenize(text)))

    return test
