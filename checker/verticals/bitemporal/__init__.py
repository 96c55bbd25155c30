"""The bitemporal vertical: its profile (and, where it has them, its own V5 rules)."""

from checker.verticals.bitemporal.profile import PROFILE

__all__ = ["PROFILE"]
