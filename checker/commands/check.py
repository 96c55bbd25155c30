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
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="run the separability gate's self-test (planted defects, calibration); no paths",
    )
    parser.add_argument(
        "--self-test-base",
        metavar="PATH",
        default=None,
        help="with --self-test: plant the defects into this corpus instead of a synthetic one",
    )


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    if args.self_test or args.self_test_base:
        from checker.selftest import run_self_test

        base = Path(args.self_test_base) if args.self_test_base else None
        return run_self_test(base, sys.stdout)
    options = Options(
        select=split_codes(args.select),
        ignore=split_codes(args.ignore),
        index_path=Path(args.index) if args.index else None,
    )
    outcome = check_paths(paths(args.paths), options)
    code = emit(outcome.findings, args, complete=not outcome.errors)
    if args.summary:
        print_summaries(outcome.corpora, sys.stderr)
    for error in outcome.errors:
        print(f"typedmemeval: {error}", file=sys.stderr)
    return 2 if outcome.errors else code


COMMAND = Command("check", "check our corpora, folders of them, and result files", configure, run)
