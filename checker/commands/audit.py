"""`typedmemeval audit FILE`: a foreign LongMemEval-shaped corpus."""

from __future__ import annotations

import argparse
import sys

from checker.api import Options, audit
from checker.commands import Command
from checker.commands._common import add_reporting, emit, split_codes
from checker.summary import print_summaries


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", help="a LongMemEval-shaped JSON array (ours or another publisher's)"
    )
    add_reporting(parser)
    parser.add_argument(
        "--summary", action="store_true", help="print the re-derived measurements (to stderr)"
    )


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    options = Options(select=split_codes(args.select), ignore=split_codes(args.ignore))
    outcome = audit(Path(args.file), options)
    code = emit(outcome.findings, args)
    if args.summary:
        print_summaries(outcome.corpora, sys.stderr)
    return code


COMMAND = Command("audit", "check a foreign LongMemEval-shaped corpus leniently", configure, run)
