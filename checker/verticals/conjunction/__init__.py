"""The conjunction vertical: its profile (and, where it has them, its own V5 rules)."""

from checker.verticals.conjunction.profile import PROFILE

__all__ = ["PROFILE"]
