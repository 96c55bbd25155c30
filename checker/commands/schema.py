"""`typedmemeval schema`: print, write or check the JSON Schemas generated from the models."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from checker.commands import Command
from checker.schemas import SCHEMA_DIR, render_all, schema_names, write_all


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "name", nargs="?", help=f"one schema to print ({', '.join(schema_names())})"
    )
    parser.add_argument("--write", action="store_true", help="write every schema to schemas/")
    parser.add_argument("--dir", default=str(SCHEMA_DIR), help="where schemas live")


def run(args: argparse.Namespace) -> int:
    if args.write:
        for path in write_all(Path(args.dir)):
            print(f"wrote {path}")
        return 0
    rendered = render_all()
    if not args.name:
        print("\n".join(sorted(rendered)))
        return 0
    if args.name not in rendered:
        print(
            f"typedmemeval: no schema {args.name!r}; known: {', '.join(sorted(rendered))}",
            file=sys.stderr,
        )
        return 2
    sys.stdout.write(rendered[args.name])
    return 0


COMMAND = Command("schema", "print or write the JSON Schemas of every file format", configure, run)
