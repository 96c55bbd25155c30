"""`typedmemeval audit FILE`: a foreign LongMemEval-shaped corpus (or one `import` made)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from checker.api import Options, audit
from checker.commands import Command
from checker.commands._common import add_reporting, emit, split_codes
from checker.importers.foreign import DEFAULT_MAX_BYTES
from checker.summary import print_summaries


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        help="a LongMemEval-shaped JSON array or JSON Lines file (ours, another publisher's, "
        "or one `typedmemeval import` wrote)",
    )
    add_reporting(parser)
    parser.add_argument(
        "--summary", action="store_true", help="print the re-derived measurements (to stderr)"
    )
    parser.add_argument(
        "--house-rules",
        action="store_true",
        help="also run the house-format rules (our id scheme, record layout, identity guard)",
    )
    parser.add_argument(
        "--max-bytes",
        type=int,
        default=DEFAULT_MAX_BYTES,
        help=f"refuse larger files (default {DEFAULT_MAX_BYTES:,}); files over 32 MiB are "
        "read record by record, so memory follows the records, not the file",
    )
    parser.add_argument(
        "--report",
        metavar="FILE",
        default=None,
        help="write the audit as JSON: each finding class with its count and examples, the "
        "rules not applicable and why, and the per-type measurements (what the site publishes)",
    )


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    options = Options(
        select=split_codes(args.select),
        ignore=split_codes(args.ignore),
        house_rules=args.house_rules,
        max_bytes=args.max_bytes,
    )
    outcome = audit(Path(args.file), options)
    code = emit(outcome.findings, args)
    for skipped in outcome.not_applicable:
        print(f"typedmemeval: {skipped.line()}", file=sys.stderr)
    if outcome.findings:
        counts = Counter(f.code for f in outcome.findings)
        shown = ", ".join(f"{code} {n}" for code, n in sorted(counts.items()))
        print(f"typedmemeval: findings by class: {shown}", file=sys.stderr)
    if args.summary:
        print_summaries(outcome.corpora, sys.stderr)
    if args.report:
        from checker.audit_report import build_report
        from checker.io import dump_json

        Path(args.report).write_text(dump_json(build_report(outcome)), encoding="utf-8")
    return code


COMMAND = Command("audit", "check a foreign LongMemEval-shaped corpus leniently", configure, run)
