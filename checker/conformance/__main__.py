"""Run every conformance section against the folder given (default ../shared/conformance)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable
from pathlib import Path

import checker.conformance as pkg

Section = tuple[int, str, Callable[[Path], bool]]


def discover() -> list[Section]:
    found: list[Section] = []
    for mod in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
        if mod.name.endswith("__main__"):
            continue
        section = getattr(importlib.import_module(mod.name), "SECTION", None)
        if section:
            found.append(section)
    return sorted(found)


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("../shared/conformance")
    if not folder.is_dir():
        print(f"conformance folder {folder} not found (pass its path)", file=sys.stderr)
        return 2
    ok = True
    for _, name, func in discover():
        print(f"\n=== {name}")
        ok = func(folder) and ok
    print("\nconformance: " + ("all bounds met" if ok else "a bound was NOT met (see above)"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
