"""Why the checker's processes change how they take memory (checker/pages.py). Two probes, each
in fresh processes with and without the setting, printed with their ratio (no target: this
shows the need):

- huge pages: one large new array filled, with numpy's huge-page advice and without. Each
  process starts after a pause, because memory another process has just released is cheap to
  take again for a few seconds (freed huge pages are handed back to the host soon after on the
  build machines), which a long check does not enjoy;
- reuse: arrays of 64 MB made, filled and freed one after another, as V7's temporaries are,
  with glibc's defaults and with freed blocks kept for reuse (both on ordinary pages).

Each figure is the median of three processes.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

REPEATS = 3
PAUSE = 4.0
FRESH_MB = 256
CHURN_MB, CHURN_ARRAYS = 64, 40

_PROBE = """
import sys, time
import numpy as np
from checker import pages
probe, setting = sys.argv[1], sys.argv[2] == "on"
if probe == "fresh":
    if not setting:
        pages.use_ordinary_pages()
    started = time.perf_counter()
    filled = np.ones({fresh} // 8)
    print(time.perf_counter() - started, pages.advising_huge_pages())
else:
    pages.use_ordinary_pages()
    kept = pages.keep_freed_blocks() if setting else None
    started = time.perf_counter()
    for _ in range({arrays}):
        filled = np.ones({churn} // 8)
        del filled
    print(time.perf_counter() - started, kept)
"""


def _run(probe: str, setting: str) -> tuple[float, str]:
    code = _PROBE.format(fresh=FRESH_MB << 20, churn=CHURN_MB << 20, arrays=CHURN_ARRAYS)
    out = subprocess.run(
        [sys.executable, "-c", code, probe, setting], check=True, capture_output=True, text=True
    ).stdout.split()
    return float(out[0]), out[1]


def _fresh(setting: str) -> tuple[float, str]:
    time.sleep(PAUSE)
    return _run("fresh", setting)


def _medians(pairs: list[tuple[tuple[float, str], tuple[float, str]]]) -> tuple[float, float]:
    """The median time of the first and of the second run over (first, second) pairs."""
    return statistics.median(a for (a, _), _ in pairs), statistics.median(b for _, (b, _) in pairs)


def bench() -> bool:
    huge = [(_fresh("on"), _fresh("off")) for _ in range(REPEATS)]
    if huge[0][0][1] == "None":
        print("pages: this numpy gives no huge-page advice; nothing to compare")
    else:
        t_on, t_off = _medians(huge)
        print(
            f"pages: one fresh {FRESH_MB} MB array, filled in a new process after a "
            f"{PAUSE:.0f} s pause (median of {REPEATS}): {t_on:.3f} s with numpy's huge-page "
            f"advice, {t_off:.3f} s without ({t_on / t_off:.1f}x); the checker runs without it"
        )
    churn = [(_run("churn", "off"), _run("churn", "on")) for _ in range(REPEATS)]
    if churn[0][1][1] != "True":
        print("pages: this C library does not take glibc's mallopt settings; nothing to compare")
        return True
    t_default, t_kept = _medians(churn)
    print(
        f"pages: {CHURN_ARRAYS} arrays of {CHURN_MB} MB made, filled and freed in turn (median "
        f"of {REPEATS}): {t_default:.3f} s with glibc's defaults, {t_kept:.3f} s with freed "
        f"blocks kept for reuse ({t_default / t_kept:.1f}x); the checker keeps them"
    )
    return True


BENCH = ("pages", bench)
