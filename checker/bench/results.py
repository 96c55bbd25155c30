"""The results check on hostile 5 MB files: deep nesting, many keys, both at once, one huge key.

A submission is checked in CI on a stranger's file, so its cost must follow its bytes, not its
shape. Each file here is built in a temporary folder at the 5 MB size limit with the header of a
real result and a payload meant to be slow: arrays nested 900 deep (just inside what the JSON
parser accepts) again and again, an object with hundreds of thousands of keys, objects nested
15 deep (inside the walk's depth limit) holding keys until the node limit, and one key of 4.8
million characters. Printed per file: the whole `check_result_file` time (target under 2 s),
the parse floor (reading and `json.loads` of the same bytes, which no checker avoids) and the
ratio, and the codes that refused it. Then the deep-and-wide file at 1.25, 2.5 and 5 MB gives
the scaling exponent of the check time against bytes (target at most 1.2: linear).

Times are the best of three runs. The targets are judged on the processor time this process
spends (`time.process_time`), which is the check's own cost; the wall-clock time is printed
beside it, and exceeds it only when other work shares the machine.
"""

from __future__ import annotations

import functools
import json
import math
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.family import VERTICALS
from checker.io import MAX_RESULT_BYTES
from checker.registry import all_rules
from checker.results.validate import check_result_file

TARGET_SECONDS = 2.0
EXPONENT_TARGET = 1.2
REPEATS = 3

HEADER: dict[str, Any] = {
    "kind": "typedmemeval-result",
    "format_version": 1,
    "benchmark": "TypedMemEval",
    "run_id": "bench-hostile",
    "run_date": "2026-12-01",
    "corpus": {
        "corpus_id": f"typedmemeval-{VERTICALS[0].key}-2026.12",
        "revision": "2026.12",
        "sha256": "0" * 64,
    },
    "system": {"name": "Bench", "version": "1"},
    "rows": [],
}


def _document(payload: str) -> str:
    """A result header with `"extra": <payload>` spliced in (payload is JSON text)."""
    head = json.dumps(HEADER)
    return head[:-1] + ', "extra": ' + payload + "}"


def _fill(unit: str, budget: int, sep: str = ",") -> str:
    count = max(1, budget // (len(unit) + len(sep)))
    return sep.join([unit] * count)


def deep_nesting(size: int) -> str:
    """Arrays nested 900 deep, repeated until the file is `size` bytes."""
    chunk = "[" * 900 + "0" + "]" * 900
    return _document("[" + _fill(chunk, size - 1000) + "]")


def many_keys(size: int) -> str:
    """One object with as many distinct keys as fit."""
    keys, used, n = [], 0, 0
    while used < size - 1000:
        item = f'"k{n}":0'
        keys.append(item)
        used += len(item) + 1
        n += 1
    return _document("{" + ",".join(keys) + "}")


def deep_and_wide(size: int) -> str:
    """Objects nested 15 deep (inside the depth limit), each level holding keys, repeated."""
    level = ",".join(f'"score_{i}":"x"' for i in range(20))
    nest = "".join("{" + level + ',"n":' for _ in range(14)) + "0" + "}" * 14
    return _document("[" + _fill(nest, size - 1000) + "]")


def huge_key(size: int) -> str:
    """One key of nearly the whole size."""
    return _document('{"' + "k" * (size - 2000) + '":0}')


FILES: dict[str, Callable[[int], str]] = {
    "deep nesting (arrays 900 deep, repeated)": deep_nesting,
    "many keys (one object)": many_keys,
    "deep and wide (15 deep, keys at every level)": deep_and_wide,
    "one huge key": huge_key,
}


@dataclass(frozen=True)
class Timing:
    """The best of `REPEATS` runs: processor time of this process, and wall-clock time."""

    cpu: float
    wall: float


def _best(func: Callable[[], Any]) -> tuple[Timing, Any]:
    cpu = wall = math.inf
    out = None
    for _ in range(REPEATS):
        started, started_cpu = time.perf_counter(), time.process_time()
        out = func()
        cpu = min(cpu, time.process_time() - started_cpu)
        wall = min(wall, time.perf_counter() - started)
    return Timing(cpu, wall), out


def _parse_floor(path: Path) -> Any:
    """What no checker avoids: reading the bytes and parsing them as JSON."""
    return json.loads(path.read_bytes())


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    return path


def results_check() -> bool:
    rules = [r for r in all_rules() if r.scope == "result"]
    met = True
    with tempfile.TemporaryDirectory(prefix="tme-results-bench-") as tmp:
        folder = Path(tmp)
        size = MAX_RESULT_BYTES - 4096
        for i, (label, make) in enumerate(FILES.items()):
            path = _write(folder, f"hostile-{i}", make(size))
            nbytes = path.stat().st_size
            floor, _ = _best(functools.partial(_parse_floor, path))
            took, findings = _best(functools.partial(check_result_file, path, None, rules))
            codes = ", ".join(sorted({f.code for f in findings})) or "none"
            ok = took.cpu < TARGET_SECONDS
            met = met and ok
            print(
                f"{label}: {nbytes / 1e6:.2f} MB checked in {took.cpu:.3f} s CPU "
                f"({took.wall:.3f} s wall); parse floor {floor.cpu:.3f} s CPU, "
                f"x{took.cpu / floor.cpu:.2f}; refused by {codes}; target < "
                f"{TARGET_SECONDS:.0f} s CPU: {'met' if ok else 'MISSED'}"
            )
        points = []
        for fraction in (0.25, 0.5, 1.0):
            path = _write(folder, f"scale-{fraction}", deep_and_wide(int(size * fraction)))
            took, _ = _best(functools.partial(check_result_file, path, None, rules))
            points.append((path.stat().st_size, took.cpu))
        (b0, t0), (b1, t1) = points[0], points[-1]
        exponent = math.log(t1 / t0) / math.log(b1 / b0)
        ok = exponent <= EXPONENT_TARGET
        met = met and ok
        shown = ", ".join(f"{b / 1e6:.2f} MB {t:.3f} s CPU" for b, t in points)
        print(
            f"scaling (deep and wide): {shown}; exponent {exponent:.2f} "
            f"(target <= {EXPONENT_TARGET}: {'met' if ok else 'MISSED'})"
        )
    return met


BENCH = ("results", results_check)
