"""Options shared by the commands that report findings."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from checker.findings import Finding
from checker.registry import unknown_selectors
from checker.reporters import REPORTERS


class UsageError(Exception):
    """Bad options: exit 2."""


def add_reporting(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        choices=sorted(REPORTERS),
        default=None,
        help="output format (default: text; github under GitHub Actions)",
    )
    parser.add_argument(
        "--select",
        action="append",
        default=None,
        metavar="CODE",
        help="only these rule codes or code prefixes (repeatable, comma-separated)",
    )
    parser.add_argument(
        "--ignore",
        action="append",
        default=None,
        metavar="CODE",
        help="skip these rule codes or code prefixes (repeatable, comma-separated)",
    )


def split_codes(values: Sequence[str] | None) -> list[str] | None:
    if not values:
        return None
    codes = [c.strip() for v in values for c in v.split(",") if c.strip()]
    bad = unknown_selectors(codes)
    if bad:
        raise UsageError(
            f"unknown rule code or prefix: {', '.join(bad)} (see `typedmemeval rules`)"
        )
    return codes


def reporter_name(args: argparse.Namespace) -> str:
    if args.format:
        return str(args.format)
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"


def emit(findings: Sequence[Finding], args: argparse.Namespace, *, complete: bool = True) -> int:
    """Print the findings; `complete` is False when some input could not be read (exit 2),
    and then no `Found N findings.` summary is printed."""
    REPORTERS[reporter_name(args)](findings, sys.stdout, complete=complete)
    return 1 if findings else 0


def paths(values: Sequence[str]) -> list[Path]:
    return [Path(v) for v in values]
