"""`typedmemeval rules`: every rule with its code and summary."""

from __future__ import annotations

import argparse
import json
import sys

from checker.commands import Command
from checker.registry import all_rules


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("code", nargs="?", help="show one rule in full")


def run(args: argparse.Namespace) -> int:
    rules = all_rules()
    if args.code:
        rules = [r for r in rules if r.code == args.code.upper()]
        if not rules:
            print(f"typedmemeval: no rule {args.code} (see `typedmemeval rules`)", file=sys.stderr)
            return 2
    if args.format == "json":
        rows = [
            {"code": r.code, "name": r.name, "scope": r.scope, "summary": r.summary, "why": r.why}
            for r in rules
        ]
        json.dump(rows, sys.stdout, indent=2, sort_keys=True)
        print()
        return 0
    for r in rules:
        print(f"{r.code}  {r.name:<32} {r.summary}")
        if args.code:
            print()
            print(r.why)
    return 0


COMMAND = Command("rules", "list every rule with its code and summary", configure, run)
