"""The procedural vertical: its profile (and, where it has them, its own V5 rules)."""

from checker.verticals.procedural.profile import PROFILE

__all__ = ["PROFILE"]
