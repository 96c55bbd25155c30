"""The vertical profiles: discovered, complete, and the only place outside a vertical's own
generator that names it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from checker.family import VERTICALS
from checker.verticals import discover

ROOT = Path(__file__).resolve().parents[1]
#: Packages that must loop over profiles instead of naming a vertical.
SCANNED = ("checker", "site_gen", "corpora")
KEYS = frozenset(v.key for v in VERTICALS)


def vertical_literals(path: Path) -> list[tuple[int, str]]:
    """(line, key) for every string literal in `path` that is exactly a vertical key."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in KEYS
    ]


def allowed(path: Path, key: str) -> bool:
    """A profile may name any vertical; a generator folder names only its own."""
    rel = path.relative_to(ROOT)
    if rel.parts[:2] == ("checker", "verticals"):
        return True
    if rel.parts[:2] == ("checker", "importers"):
        return True  # other benchmarks' own category names (LoCoMo's "temporal")
    return rel.parts[:3] == ("corpora", "generate", key)


def test_no_vertical_key_literal_outside_profiles_and_own_generator() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {key!r}"
        for package in SCANNED
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, key in vertical_literals(path)
        if not allowed(path, key)
    ]
    assert found == [], (
        "vertical keys named outside checker/verticals/ and the vertical's own generator "
        "(declare a profile field and loop over profiles instead):\n" + "\n".join(found)
    )


def test_the_scan_sees_a_literal(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text('if key == "forgetting":\n    pass\n', encoding="utf-8")
    assert vertical_literals(planted) == [(1, "forgetting")]


def test_profiles_follow_the_family_order_and_plan() -> None:
    names = [v.name for v in discover()]
    assert names == [
        "Prospective",
        "Episodic",
        "Arithmetic",
        "WorkingMemory",
        "Forgetting",
        "Bitemporal",
        "Temporal",
        "Semantic",
        "Conjunction",
        "Procedural",
    ]
    assert sum(v.count for v in VERTICALS) == 565
    counts = {v.key: v.count for v in VERTICALS}
    assert counts == {
        "prospective": 50,
        "episodic": 50,
        "arithmetic": 50,
        "workingmemory": 60,
        "forgetting": 50,
        "bitemporal": 60,
        "temporal": 50,
        "semantic": 50,
        "conjunction": 65,
        "procedural": 80,
    }


@pytest.mark.parametrize("profile", VERTICALS, ids=lambda v: v.key)
def test_profile_is_self_consistent(profile: object) -> None:
    from checker.verticals import Vertical

    assert isinstance(profile, Vertical)
    assert profile.prose.measures and profile.prose.construction
    shape_names = [s.name for s in profile.shapes]
    assert len(set(shape_names)) == len(shape_names)
    for label in profile.sub_labels:
        assert label.shape in shape_names, f"{profile.name} sub-label {label.name}"
    low, high = profile.synthetic.g_range
    assert 0 <= low <= high
    if profile.rungs is not None:
        assert profile.position_pin, "a distance ladder pins gold position: declare why"
