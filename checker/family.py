"""The family's fixed facts: verticals, their abbreviations, shapes and planned counts.

This is the one table that the formats, the structural rules, the aggregator and the site read
(SPEC §1 and §3). Counts are the planned sizes; a corpus whose per-shape counts differ from this
table or from the release index is a finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

#: Reference retrieval budget, in sessions, uniform across the family (SPEC §3).
K_REF = 5

#: Below this many questions a stratum (shape, rung, pair set, band) is a diagnostic.
DIAGNOSTIC_N = 30
#: Below this many questions a shape is marked as such in every published table.
SMALL_SHAPE_N = 15


@dataclass(frozen=True)
class Shape:
    """One question shape of a vertical."""

    name: str
    count: int
    #: Chance of a correct answer by guessing, where the question names its candidates.
    chance_floor: Fraction | None = None
    #: Gold is an abstention or a negative: exempt from the answer-leak screen by declaration.
    negative_gold: bool = False
    #: Message content must carry no absolute date (V4) for this shape.
    time_dependent: bool = False


@dataclass(frozen=True)
class Vertical:
    """One vertical of the family."""

    name: str  # display name, e.g. "WorkingMemory"
    abbrev: str  # id abbreviation, e.g. "wm"
    shapes: tuple[Shape, ...]
    #: Every question of the vertical is time-dependent (V4 applies to all of it).
    time_dependent: bool = False
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """Lower-case name used in corpus ids and the `typedmemeval.vertical` field."""
        return self.name.lower()

    @property
    def count(self) -> int:
        return sum(s.count for s in self.shapes)

    def shape(self, name: str) -> Shape | None:
        for s in self.shapes:
            if s.name == name:
                return s
        return None

    def v4_applies(self, shape: str) -> bool:
        found = self.shape(shape)
        return self.time_dependent or (found is not None and found.time_dependent)


HALF = Fraction(1, 2)
THIRD = Fraction(1, 3)

VERTICALS: tuple[Vertical, ...] = (
    Vertical(
        "Prospective",
        "pro",
        (
            Shape("as-of", 4),
            Shape("current", 4),
            Shape("prospective", 4),
            Shape("due-later-reminder", 8),
            Shape("expiring-validity", 6),
            Shape("not-yet-true", 6),
            Shape("due-window", 18),
        ),
        time_dependent=True,
    ),
    Vertical(
        "Episodic",
        "epi",
        (
            Shape("assistant-stated", 20),
            Shape("list-order", 15),
            Shape("participant-attribution", 15, chance_floor=THIRD),
        ),
    ),
    Vertical(
        "Arithmetic",
        "ari",
        (
            Shape("count", 14),
            Shape("sum", 14),
            Shape("delta", 10),
            Shape("duration", 12, time_dependent=True),
        ),
    ),
    Vertical("WorkingMemory", "wm", (Shape("fact-at-distance", 60),)),
    Vertical(
        "Forgetting",
        "for",
        (
            Shape("invalidated", 20),
            Shape("still-valid", 15),
            Shape("never-known", 15, negative_gold=True),
        ),
    ),
    Vertical("Bitemporal", "bit", (Shape("belief-at-instant", 36), Shape("correction-depth", 24))),
    Vertical(
        "Temporal",
        "tem",
        (
            Shape("occurrence-order", 20, chance_floor=HALF),
            Shape("interval-position", 15),
            Shape("recency", 15),
        ),
        time_dependent=True,
    ),
    Vertical(
        "Semantic",
        "sem",
        (Shape("current-value", 20), Shape("co-reference", 15), Shape("source-attribution", 15)),
    ),
    Vertical(
        "Conjunction",
        "con",
        (
            Shape("value-then-count", 20),
            Shape("alias-then-count", 15),
            Shape("order-then-value", 15),
            # The documents name three shapes (50 questions) for a 65-question vertical; the
            # fourth combines Forgetting's invalidation with Arithmetic's sum.
            Shape("invalidation-then-sum", 15),
        ),
    ),
    Vertical(
        "Procedural",
        "prc",
        (
            Shape("step-order", 20),
            Shape("precondition", 20),
            Shape("amended-step", 20),
            Shape("retired-step", 20),
        ),
    ),
)

BY_KEY: dict[str, Vertical] = {v.key: v for v in VERTICALS}
BY_ABBREV: dict[str, Vertical] = {v.abbrev: v for v in VERTICALS}

#: WorkingMemory's distances (sessions between the fact and the question), SPEC §3.
WM_DISTANCES: tuple[int, ...] = (8, 15, 25, 40, 60)
#: WorkingMemory keeps this many non-gold sessions on every rung.
WM_NON_GOLD = 60


def vertical(key: str) -> Vertical:
    """Look a vertical up by its lower-case key; raise KeyError with the known keys."""
    try:
        return BY_KEY[key.lower()]
    except KeyError:
        known = ", ".join(sorted(BY_KEY))
        raise KeyError(f"unknown vertical {key!r}; known: {known}") from None


def corpus_id(vertical_key: str, revision: str) -> str:
    """`typedmemeval-<vertical>-<revision>` (R-ID-2)."""
    return f"typedmemeval-{vertical_key.lower()}-{revision}"


def citation_name(vertical_key: str, revision: str) -> str:
    """`TypedMemEval-<Vertical> <revision>` (R-ID-2)."""
    return f"TypedMemEval-{vertical(vertical_key).name} {revision}"
