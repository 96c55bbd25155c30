"""`typedmemeval check PATH…`: our corpora (with sidecars), folders of them, and result files."""

from __future__ import annotations

import argparse
import sys

from checker.api import Options, check_paths
from checker.commands import Command
from checker.commands._common import add_reporting, emit, paths, split_codes
from checker.summary import print_summaries


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths", nargs="*", default=["corpora"], help="files or folders (default: corpora)"
    )
    add_reporting(parser)
    parser.add_argument(
        "--index", default=None, help="release index (default: nearest index.json above each file)"
    )
    parser.add_argument(
        "--summary",
        action="store_true",
        help="print each corpus's measurements after the findings (to stderr)",
    )


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    options = Options(
        select=split_codes(args.select),
        ignore=split_codes(args.ignore),
        index_path=Path(args.index) if args.index else None,
    )
    outcome = check_paths(paths(args.paths), options)
    code = emit(outcome.findings, args)
    if args.summary:
        print_summaries(outcome.corpora, sys.stderr)
    return code


COMMAND = Command("check", "check our corpora, folders of them, and result files", configure, run)
