"""`typedmemeval generate --vertical NAME [--out DIR]`: build a corpus, gate it, write it.

The generators live in `corpora.generate` and are imported only when this command runs: the
checker's rules never import a generator (the instrument stays independent of what it
measures), while the generators call the checker's measurements to gate themselves.
"""

from __future__ import annotations

import argparse
import sys

from checker.commands import Command
from checker.commands._common import UsageError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--vertical",
        action="append",
        required=True,
        metavar="NAME",
        help="vertical to generate (repeatable), or `all` for every vertical with a generator",
    )
    parser.add_argument(
        "--out", default="corpora", help="corpora folder to write into (default: corpora)"
    )
    parser.add_argument(
        "--revision", default=None, help="calendar revision label (default: the planned one)"
    )


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from corpora.generate.core.pipeline import REVISION, generate
    from corpora.generate.core.vertical import VerticalGenerator, generator_for, generators

    wanted = [v.strip().lower() for value in args.vertical for v in value.split(",") if v.strip()]
    known: dict[str, VerticalGenerator] = {}
    if "all" in wanted:
        known = generators()
        wanted = list(known)
    for key in wanted:
        found = generator_for(key)
        if found is not None:
            known[key] = found
    unknown = [v for v in wanted if v not in known]
    if unknown:
        listed = ", ".join(generators()) or "none"
        raise UsageError(f"no generator for {', '.join(unknown)}; known: {listed}")
    out = Path(args.out)
    code = 0
    for key in wanted:
        outcome = generate(known[key], out, args.revision or REVISION)
        for line in outcome.trace:
            print(f"{key}: {line}", file=sys.stderr)
        if outcome.passed:
            for path in outcome.written:
                print(f"{key}: wrote {path}")
            print(f"{key}: {outcome.seconds:.1f}s", file=sys.stderr)
        else:
            print(f"{key}: refused, nothing written ({outcome.seconds:.1f}s)")
            for reason in outcome.refusals:
                print(f"{key}:   {reason}")
            code = 1
    return code


COMMAND = Command(
    "generate", "build a vertical's corpus, gate it with the checker, and write it", configure, run
)
