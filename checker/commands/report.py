"""`typedmemeval report FILE`: a result's aggregate, every figure with its denominator."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from checker.api import Options, check_paths
from checker.commands import Command
from checker.commands._common import emit
from checker.formats.result import EEResultFile
from checker.results.aggregate import aggregate
from checker.results.ee import ee_figures, key_mismatch, load_meme
from checker.results.render import aggregate_lines, ee_lines
from checker.results.validate import load_result, resolve


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a result file (TypedMemEval or EE)")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument(
        "--index", default=None, help="release index (default: the nearest above the file)"
    )
    parser.add_argument(
        "--meme",
        default=None,
        help="EE only: the MEME file, to compare probe keys with its episodes",
    )


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    index = Path(args.index) if args.index else None
    outcome = check_paths([path], Options(index_path=index))
    if outcome.findings:
        print("typedmemeval: the result does not validate; nothing is reported:", file=sys.stderr)
        return emit(outcome.findings, args)
    result = load_result(path)
    if isinstance(result, EEResultFile):
        figures = ee_figures(result.probes)
        lines = ee_lines(figures)
        payload = figures.as_dict()
        if args.meme:
            missing, extra = key_mismatch(load_meme(Path(args.meme)), result.probes)
            payload |= {"missing_keys": missing, "extra_keys": extra}
            lines.append(f"probe keys the dataset defines and the result lacks: {len(missing)}")
            lines.append(f"probe keys the result has and the dataset does not define: {len(extra)}")
    else:
        resolved = resolve(path, result, index)
        agg = aggregate(result, resolved.corpus)
        lines = aggregate_lines(agg)
        payload = agg.as_dict()
    if args.format == "json":
        json.dump(payload, sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
        print()
    else:
        print("\n".join(lines))
    return 0


COMMAND = Command(
    "report", "print a validated result's figures, each with its denominator", configure, run
)
