"""What a vertical's generator provides, and how the CLI finds them.

Each folder `corpora/generate/<vertical>/` defines, in its `generator.py`,
`GENERATOR = VerticalGenerator(...)`: a fixed corpus seed, a version, the competition levers to try in order, and a `build` function from
(seed, revision, levers) to questions. Everything else — gates, sidecar, release index,
byte-identical writing — is shared.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from checker.formats.corpus import Question
from checker.formats.separability import Exemption
from checker.load import LoadedCorpus
from corpora.generate.core.haystack import AssembledQuestion
from corpora.generate.core.names import NameRegistry

#: A setting of a vertical's competition levers (e.g. near-miss mentions per question).
Levers = Mapping[str, int]


@dataclass
class Built:
    """A corpus as built, before any gate: the questions and what made them."""

    assembled: list[AssembledQuestion]
    names: NameRegistry
    levers: Levers

    @property
    def questions(self) -> list[Question]:
        return [a.question for a in self.assembled]


@dataclass(frozen=True)
class VerticalGenerator:
    """One vertical's generator."""

    key: str
    """Lower-case vertical key (`forgetting`)."""
    module: str
    """The package of its folder, `corpora.generate.<key>` (stamped into the sidecar)."""
    version: str
    """Bumped whenever the module's output changes for a given seed."""
    seed: int
    """The corpus seed; every question's generator is seeded from it."""
    levers: tuple[Levers, ...]
    """Competition settings, tried in order until the gates pass."""
    build: Callable[[int, str, Levers], Built]
    """(seed, revision, levers) → the built corpus."""
    exemptions: tuple[Exemption, ...] = ()
    """Separability exemptions the vertical declares, each with its reason."""
    refusals: Callable[[LoadedCorpus], list[str]] | None = None
    """Vertical-specific gates beyond the shared ones (empty list = pass)."""
    pinned_positions: str | None = None
    """A declared gold-position pin, with its reason, stamped into the sidecar."""
    notes: Sequence[str] = field(default_factory=tuple)
    """Lines stamped into the generator trace before the first attempt."""


def competition_levers(
    near: tuple[int, int], family: tuple[int, int], person: tuple[int, int]
) -> Levers:
    """A lever setting from (min, max) ranges: near-miss mentions, same-family rivals and
    same-person rivals per question."""
    return {
        "near_min": near[0],
        "near_max": near[1],
        "family_min": family[0],
        "family_max": family[1],
        "person_min": person[0],
        "person_max": person[1],
    }


def kit_levers(
    *,
    twins: tuple[int, int],
    mentions: tuple[int, int],
    people: tuple[int, int],
    families: tuple[int, int],
) -> Levers:
    """A lever setting for hot kits, from (min, max) ranges: value-bearing twins and near-miss
    mentions per hot pair, and the people and families a haystack's pairs are drawn from (fewer
    of each: more pairs share a person or a family with the asked one)."""
    return {
        "twins_min": twins[0],
        "twins_max": twins[1],
        "mentions_min": mentions[0],
        "mentions_max": mentions[1],
        "people_min": people[0],
        "people_max": people[1],
        "families_min": families[0],
        "families_max": families[1],
    }


def question_rng(seed: int, vertical: str, n: int, part: str = "") -> random.Random:
    """The generator of question `n`, derived from the corpus seed (string seeding is stable
    across processes and Python versions)."""
    return random.Random(f"typedmemeval/{vertical}/{seed}/{n}/{part}")


def equal_strata(rng: random.Random, count: int) -> list[float]:
    """The middles of `count` equal strata of [0, 1), shuffled by `rng`: one share per question
    of a shape (say, how far from the latest place its answer stands), so that over the shape
    every place is taken about equally often however many places each haystack has."""
    shares = [(i + 0.5) / count for i in range(count)]
    rng.shuffle(shares)
    return shares


def generator_for(key: str) -> VerticalGenerator | None:
    """The generator of one vertical (imports only its own folder), or None."""
    name = f"corpora.generate.{key}"
    if not key.isidentifier() or key == "core" or importlib.util.find_spec(name) is None:
        return None
    generator = getattr(importlib.import_module(name), "GENERATOR", None)
    return generator if isinstance(generator, VerticalGenerator) else None


def generators() -> dict[str, VerticalGenerator]:
    """Every vertical generator folder under `corpora/generate/`, by vertical key."""
    import corpora.generate as package

    found: dict[str, VerticalGenerator] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.name == "core" or not info.ispkg:
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        generator = getattr(module, "GENERATOR", None)
        if isinstance(generator, VerticalGenerator):
            found[generator.key] = generator
    return dict(sorted(found.items()))
