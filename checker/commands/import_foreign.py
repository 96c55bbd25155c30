"""`typedmemeval import locomo|longmemeval FILE`: another benchmark into our corpus format."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from checker.commands import Command
from checker.importers import Repairs, locomo, longmemeval
from checker.importers.foreign import DEFAULT_MAX_BYTES
from checker.importers.stream import check_size, iter_records, open_stream
from checker.io import InputError

Converter = Callable[[Path, Iterator[Any], Repairs], Iterator[dict[str, Any]]]
FORMATS: dict[str, Converter] = {"locomo": locomo.convert, "longmemeval": longmemeval.convert}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("format", choices=sorted(FORMATS), help="the benchmark the file is from")
    parser.add_argument("file", help="the benchmark's file (a JSON array, or JSON Lines)")
    parser.add_argument(
        "--out",
        default=None,
        help="corpus to write (default: <file stem>.typedmemeval.json in the current folder)",
    )
    parser.add_argument(
        "--repairs",
        default=None,
        metavar="FILE",
        help="write every repair, one JSON object a line (default: <out>.repairs.jsonl)",
    )
    parser.add_argument(
        "--max-bytes",
        type=int,
        default=DEFAULT_MAX_BYTES,
        help=f"refuse larger inputs (default {DEFAULT_MAX_BYTES:,}; streamed, so raise it freely)",
    )


def import_file(
    kind: str, source: Path, out: Path, repairs_out: Path, max_bytes: int
) -> tuple[int, Repairs]:
    """Convert `source` to `out` record by record; returns the question count and repairs."""
    check_size(source, max_bytes)
    repairs = Repairs()
    count = 0
    fh, reader = open_stream(source)
    tmp = out.with_name(out.name + ".partial")
    try:
        with fh, tmp.open("w", encoding="utf-8") as sink:
            sink.write("[")
            for record in FORMATS[kind](source, iter_records(source, reader), repairs):
                sink.write(",\n" if count else "\n")
                sink.write(json.dumps(record, ensure_ascii=False, sort_keys=True))
                count += 1
            sink.write("\n]\n")
        if not count:
            raise InputError(source, "holds no questions")
        tmp.replace(out)
    finally:
        tmp.unlink(missing_ok=True)
    with repairs_out.open("w", encoding="utf-8") as log:
        for entry in repairs.entries:
            log.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
    return count, repairs


def run(args: argparse.Namespace) -> int:
    source = Path(args.file)
    out = Path(args.out) if args.out else Path(source.stem + ".typedmemeval.json")
    repairs_out = Path(args.repairs) if args.repairs else out.with_name(out.name + ".repairs.jsonl")
    count, repairs = import_file(args.format, source, out, repairs_out, args.max_bytes)
    print(
        f"Imported {count} questions from {source} to {out}; repairs: {repairs.summary()} "
        f"(each listed in {repairs_out}). Next: typedmemeval audit {out}",
        file=sys.stderr,
    )
    return 0


COMMAND = Command(
    "import", "convert a LoCoMo or LongMemEval file into our corpus format", configure, run
)
