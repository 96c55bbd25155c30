"""The arithmetic vertical: its profile (and, where it has them, its own V5 rules)."""

from checker.verticals.arithmetic.profile import PROFILE

__all__ = ["PROFILE"]
