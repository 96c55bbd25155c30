"""`typedmemeval`: thin layer — parse arguments, call the API, pick a reporter, exit 0/1/2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from checker import __version__
from checker.commands import discover
from checker.commands._common import UsageError
from checker.io import InputError
from checker.pages import configure as configure_memory

EXIT_CLEAN, EXIT_FINDINGS, EXIT_CANNOT_RUN = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"typedmemeval: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_CANNOT_RUN)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="typedmemeval",
        description="TypedMemEval: check corpora and results; generate corpora; report.",
    )
    parser.add_argument("--version", action="version", version=f"typedmemeval {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in discover():
        p = sub.add_parser(command.name, help=command.help, description=command.help)
        command.configure(p)
        p.set_defaults(_run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    configure_memory()  # see checker/pages.py
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help(sys.stderr)
        return EXIT_CANNOT_RUN
    try:
        return int(args._run(args))
    except InputError as exc:
        print(f"typedmemeval: {exc}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    except UsageError as exc:
        print(f"typedmemeval: error: {exc}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    except KeyboardInterrupt:
        return EXIT_CANNOT_RUN


if __name__ == "__main__":
    sys.exit(main())
