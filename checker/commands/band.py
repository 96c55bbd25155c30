"""`typedmemeval band RESULT…`: min–max per outcome over a run set, and the flipped questions."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from checker.api import Options, check_paths
from checker.commands import Command
from checker.commands._common import UsageError, emit
from checker.formats.result import ResultFile
from checker.results.band import MIN_RUNS, BandRefused, band
from checker.results.render import band_lines
from checker.results.validate import load_result


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("results", nargs="+", help=f"≥{MIN_RUNS} result files of one configuration")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument(
        "--index", default=None, help="release index (default: the nearest above each file)"
    )


def run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.results]
    if len(paths) < MIN_RUNS:
        raise UsageError(f"a band needs at least {MIN_RUNS} result files (3 recommended)")
    outcome = check_paths(paths, Options(index_path=Path(args.index) if args.index else None))
    if outcome.findings:
        print("typedmemeval: a run does not validate; nothing is banded:", file=sys.stderr)
        return emit(outcome.findings, args)
    runs: list[tuple[str, ResultFile]] = []
    for p in paths:
        result = load_result(p)
        if not isinstance(result, ResultFile):
            raise UsageError(f"{p} is an EE result; bands are over TypedMemEval results")
        runs.append((str(p), result))
    try:
        banded = band(runs)
    except BandRefused as exc:
        print(f"typedmemeval: band refused: {exc}", file=sys.stderr)
        return 1
    if args.format == "json":
        json.dump(banded.as_dict(), sys.stdout, indent=2, sort_keys=True)
        print()
    else:
        print("\n".join(band_lines(banded)))
    return 0


COMMAND = Command(
    "band", "band ≥2 runs of one configuration: min–max per outcome and flips", configure, run
)
