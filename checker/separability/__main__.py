"""Print a corpus's V7 table: `python -m checker.separability PATH [--json] [--all] [--no-adversary]`.

Reads one of our corpora (its sidecar's exemptions apply) or a foreign LongMemEval-shaped file,
and prints the single-feature table (feature, AUC, null p95, direction, perfect/questions, share,
expected, exact tail p, z, verdict), exclusive phrases, adversaries and exemptions — or the
record as JSON, the same object a sidecar stamps. Exit 0 when the corpus passes, 1 when refused,
2 when it cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from checker.io import InputError, dump_json
from checker.load import LoadedCorpus, load_any
from checker.separability import measure_separability, render_table


def _load(path: Path) -> LoadedCorpus:
    return load_any(path)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m checker.separability", description=__doc__)
    parser.add_argument("path", type=Path)
    parser.add_argument("--json", action="store_true", help="print the record as JSON")
    parser.add_argument("--all", action="store_true", help="every row, not only notable ones")
    parser.add_argument("--no-adversary", action="store_true", help="skip the learned adversaries")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        corpus = _load(args.path)
    except InputError as exc:
        print(f"typedmemeval: {exc}", file=sys.stderr)
        return 2
    exemptions = list(corpus.sidecar.exemptions) if corpus.sidecar is not None else []
    record = measure_separability(
        corpus, exemptions, adversary=not args.no_adversary, seed=args.seed
    )
    if args.json:
        sys.stdout.write(dump_json(record.model_dump(mode="json")))
    else:
        print(render_table(record, all_rows=args.all))
    return 0 if record.passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
