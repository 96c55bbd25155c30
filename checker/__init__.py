"""TypedMemEval's checker: the independent instrument that re-derives every published property
of a corpus from its bytes and validates submitted result files."""

from checker.api import CheckOutcome, Options, audit, check_paths
from checker.findings import Finding, Violation
from checker.io import InputError, sha256_bytes
from checker.registry import Rule, all_rules, rule

__version__ = "0.1.0"

__all__ = [
    "CheckOutcome",
    "Finding",
    "InputError",
    "Options",
    "Rule",
    "Violation",
    "__version__",
    "all_rules",
    "audit",
    "check_paths",
    "rule",
    "sha256_bytes",
]
