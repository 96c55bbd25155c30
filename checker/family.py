"""The family's fixed facts, and the verticals as their profiles declare them.

Family-wide constants live here; everything about one vertical lives in its profile module
(`checker/verticals/<key>/profile.py`). The formats, rules, aggregator and site read `VERTICALS` and
loop over it (SPEC §1 and §3). Counts are the planned sizes; a corpus whose per-shape counts
differ from its profile or from the release index is a finding.
"""

from __future__ import annotations

from checker.verticals import PROFILES, Shape, Vertical

__all__ = [
    "BY_ABBREV",
    "BY_KEY",
    "DIAGNOSTIC_N",
    "K_REF",
    "SMALL_SHAPE_N",
    "VERTICALS",
    "Shape",
    "Vertical",
    "citation_name",
    "corpus_id",
    "vertical",
]

#: Reference retrieval budget, in sessions, uniform across the family (SPEC §3).
K_REF = 5

#: Below this many questions a stratum (shape, rung, pair set, band) is a diagnostic.
DIAGNOSTIC_N = 30
#: Below this many questions a shape is marked as such in every published table.
SMALL_SHAPE_N = 15

VERTICALS: tuple[Vertical, ...] = PROFILES
BY_KEY: dict[str, Vertical] = {v.key: v for v in VERTICALS}
BY_ABBREV: dict[str, Vertical] = {v.abbrev: v for v in VERTICALS}


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
