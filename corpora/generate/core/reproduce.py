"""`python -m corpora.generate.core.reproduce [CORPORA]`: regenerate every shipped corpus in a
temporary folder and fail on any byte difference (R-GEN-3; CI runs it as `make reproduce`).

For each corpus in the release index whose vertical has a generator, the corpus file, its
sidecar and its index entry are regenerated from the generator's fixed seed and compared byte
for byte with what is shipped. Measured probe records are the one part of a sidecar no
generator makes: the shipped ones are carried into the rebuilt sidecar when the regenerated
questions ask what the shipped ones ask (`stamp.still_measured`), and the difficulty ladder
reads a carried V1 as it did when the corpus was made, so everything else in it is compared. A
corpus whose ladder read a measured V1 therefore regenerates byte for byte only beside its
shipped sidecar: the model's measurement is an input no generator can make. Wall time is
printed per vertical and in total.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from checker.load import load_index
from corpora.generate.core.pipeline import INDEX_NAME, generate
from corpora.generate.core.stamp import corpus_file, sidecar_file
from corpora.generate.core.vertical import generator_for


def first_difference(shipped: bytes, rebuilt: bytes) -> str:
    """Where two files first differ, as a line number and the two lines."""
    a, b = shipped.decode("utf-8", "replace"), rebuilt.decode("utf-8", "replace")
    for n, (x, y) in enumerate(zip(a.splitlines(), b.splitlines(), strict=False), start=1):
        if x != y:
            return f"line {n}: shipped {x.strip()[:80]!r}, regenerated {y.strip()[:80]!r}"
    return f"lengths differ: shipped {len(shipped)} bytes, regenerated {len(rebuilt)} bytes"


def reproduce(corpora: Path) -> int:
    index_path = corpora / INDEX_NAME
    if not index_path.is_file():
        print(f"{index_path}: no release index; run `make corpora` first", file=sys.stderr)
        return 2
    index = load_index(index_path)
    started = time.perf_counter()
    failures = 0
    checked = 0
    with tempfile.TemporaryDirectory(prefix="typedmemeval-reproduce-") as tmp:
        out = Path(tmp)
        for corpus_id, entry in index.corpora.items():
            generator = generator_for(entry.vertical)
            if generator is None:
                print(f"{corpus_id}: no generator module for {entry.vertical}; skipped")
                continue
            outcome = generate(generator, out, entry.revision, probes_from=corpora)
            checked += 1
            if not outcome.passed:
                failures += 1
                print(f"{corpus_id}: regeneration refused by its gates ({outcome.seconds:.1f}s)")
                for reason in outcome.refusals:
                    print(f"  {reason}")
                continue
            differences = []
            for name in (
                corpus_file(entry.vertical, entry.revision),
                sidecar_file(entry.vertical, entry.revision),
            ):
                shipped_path, rebuilt_path = corpora / name, out / name
                if not shipped_path.is_file():
                    differences.append(f"{name}: not shipped")
                    continue
                shipped, rebuilt = shipped_path.read_bytes(), rebuilt_path.read_bytes()
                if shipped != rebuilt:
                    differences.append(f"{name}: {first_difference(shipped, rebuilt)}")
            rebuilt_entry = load_index(out / INDEX_NAME).corpora.get(corpus_id)
            if rebuilt_entry != entry:
                differences.append(f"{INDEX_NAME}: the entry for {corpus_id} differs")
            if differences:
                failures += 1
                print(f"{corpus_id}: DIFFERS after regeneration ({outcome.seconds:.1f}s)")
                for line in differences:
                    print(f"  {line}")
            else:
                print(f"{corpus_id}: byte-identical ({outcome.seconds:.1f}s)")
    total = time.perf_counter() - started
    verdict = "all byte-identical" if not failures else f"{failures} differ or were refused"
    print(f"regenerated {checked} corpora in {total:.1f}s: {verdict}")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpora.generate.core.reproduce")
    parser.add_argument("corpora", nargs="?", default="corpora", help="shipped corpora folder")
    args = parser.parse_args(argv)
    return reproduce(Path(args.corpora))


if __name__ == "__main__":
    sys.exit(main())
