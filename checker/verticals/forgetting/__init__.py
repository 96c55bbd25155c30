"""The forgetting vertical: its profile (and, where it has them, its own V5 rules)."""

from checker.verticals.forgetting.profile import PROFILE

__all__ = ["PROFILE"]
