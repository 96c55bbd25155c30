"""Run every registered benchmark (or the ones named) and print their ratios."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable

import checker.bench as pkg
from checker.pages import configure as configure_memory


def discover() -> dict[str, Callable[[], bool]]:
    found: dict[str, Callable[[], bool]] = {}
    for mod in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
        if mod.name.endswith("__main__"):
            continue
        bench = getattr(importlib.import_module(mod.name), "BENCH", None)
        if bench:
            found[bench[0]] = bench[1]
    return dict(sorted(found.items()))


def main(argv: list[str]) -> int:
    configure_memory()  # as `typedmemeval` does (checker/pages.py)
    benches = discover()
    names = argv or list(benches)
    unknown = [n for n in names if n not in benches]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(benches)}")
        return 2
    met = True
    for name in names:
        print(f"== {name}")
        met = benches[name]() and met
    print("all targets met" if met else "some targets missed (see above)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
