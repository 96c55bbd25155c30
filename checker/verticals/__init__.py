"""The vertical profiles, discovered like rules: one folder per vertical, each with a `PROFILE`.

A vertical is two folders: `checker/verticals/<key>/` (its `profile.py`, and a `rules.py` with
its own V5 rules where it has some) and `corpora/generate/<key>/` (its generator and text
banks). The formats, rules, aggregator, site and bench loop over `PROFILES`.
"""

from __future__ import annotations

import importlib
import pkgutil

from checker.verticals.profile import (
    AnswerClass,
    ComponentOrder,
    Composition,
    EventOrder,
    JudgeRules,
    JudgeState,
    Pairing,
    Procedures,
    Prose,
    RecordReplay,
    Resolution,
    Rungs,
    Shape,
    StateRule,
    StepQuestion,
    SubLabel,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)

__all__ = [
    "PROFILES",
    "AnswerClass",
    "ComponentOrder",
    "Composition",
    "EventOrder",
    "JudgeRules",
    "JudgeState",
    "Pairing",
    "Procedures",
    "Prose",
    "RecordReplay",
    "Resolution",
    "Rungs",
    "Shape",
    "StateRule",
    "StepQuestion",
    "SubLabel",
    "Synthetic",
    "SyntheticQuestion",
    "Vertical",
    "discover",
]

#: Modules of this package that are machinery, not verticals.
_MACHINERY = {"profile", "events"}


def discover() -> tuple[Vertical, ...]:
    """Every module's `PROFILE`, in the family's order; refuses duplicates and gaps."""
    found: list[Vertical] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name in _MACHINERY or info.name.startswith("_") or not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        profile = getattr(module, "PROFILE", None)
        if not isinstance(profile, Vertical):
            raise TypeError(f"checker/verticals/{info.name}/ defines no PROFILE")
        if profile.key != info.name:
            raise ValueError(
                f"checker/verticals/{info.name}/ declares {profile.name}; "
                f"name the folder {profile.key}/"
            )
        found.append(profile)
    found.sort(key=lambda p: p.position)
    for attr in ("position", "abbrev"):
        values = [getattr(p, attr) for p in found]
        if len(set(values)) != len(values):
            raise ValueError(f"two vertical profiles share a {attr}: {values}")
    return tuple(found)


PROFILES: tuple[Vertical, ...] = discover()
