"""Site build time: `mkdocs build --strict` of the published site with the shipped corpora."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: The site must build within this many seconds with the shipped corpora.
TARGET_SECONDS = 60.0


def site_build() -> bool:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    with tempfile.TemporaryDirectory(prefix="tme-site-bench-") as dest:
        started = time.perf_counter()
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--strict",
                "-q",
                "-f",
                str(REPO / "mkdocs.yml"),
                "-d",
                dest,
            ],
            capture_output=True,
            text=True,
            env=env,
            cwd=REPO,
        )
        elapsed = time.perf_counter() - started
        pages = sum(1 for _ in Path(dest).rglob("*.html"))
    if proc.returncode != 0:
        print(f"site build FAILED after {elapsed:.1f} s:\n{(proc.stdout + proc.stderr)[-2000:]}")
        return False
    met = elapsed <= TARGET_SECONDS
    print(
        f"site build: {elapsed:.1f} s for {pages} pages "
        f"(target ≤ {TARGET_SECONDS:.0f} s: {'met' if met else 'MISSED'})"
    )
    return met


BENCH = ("site", site_build)
