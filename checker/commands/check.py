"""`typedmemeval check PATH…`: our corpora (with sidecars), folders of them, and result files."""

from __future__ import annotations

import argparse
import sys

from checker.api import Options, check_paths
from checker.commands import Command
from checker.commands._common import add_reporting, emit, paths, split_codes
from checker.expected import Expectation, partition, read_expectations
from checker.findings import Finding
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
        help="print each corpus's measurements after the findings (to stderr; one JSON "
        "array with --format json)",
    )
    parser.add_argument(
        "--expected",
        metavar="FILE",
        default=None,
        help="findings listed in FILE are printed but do not fail the run; a listed finding "
        "that no longer occurs does (see corpora/expected-findings.txt)",
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
    expectations = read_expectations(Path(args.expected)) if args.expected else None
    outcome = check_paths(paths(args.paths), options)
    code = emit(outcome.findings, args, complete=not outcome.errors)
    if args.summary:
        print_summaries(outcome.corpora, sys.stderr, as_json=args.format == "json")
    for error in outcome.errors:
        print(f"typedmemeval: {error}", file=sys.stderr)
    if outcome.errors:
        return 2
    if expectations is not None:
        return _judge_expected(outcome.findings, expectations, args.expected)
    return code


def _judge_expected(findings: list[Finding], expectations: list[Expectation], name: str) -> int:
    split = partition(findings, expectations)
    print(
        f"typedmemeval: {len(split.expected)} of {len(findings)} findings are listed as "
        f"expected in {name}; {len(split.unexpected)} unexpected, {len(split.stale)} stale "
        "expectations",
        file=sys.stderr,
    )
    for e in split.stale:
        print(
            f"typedmemeval: {e.origin}: expected {e.code} on "
            f"{e.question_id or 'the corpus'} no longer occurs; remove the line",
            file=sys.stderr,
        )
    return 1 if split.unexpected or split.stale else 0


COMMAND = Command("check", "check our corpora, folders of them, and result files", configure, run)
