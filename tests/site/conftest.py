"""Site builds shared by the site tests, each made once per session.

`built_site` is the repository's own site, exactly as `make site` builds it. `fixture_site` is
built from a stand-in repository with corpora, sidecars, results, a run set and an EE result,
where hostile strings sit in sidecars and result files (see site_data.py), and the checker's
result gate is switched off for one hostile file so its text reaches the pages (see
hostile_build.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from site_gen.sources import SiteSources, read_sources
from tests.site import site_data

REPO = Path(__file__).resolve().parents[2]
QUIET = {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}


def mkdocs_build(
    dest: Path,
    data_root: Path | None = None,
    script: list[str] | None = None,
    extra_env: dict[str, str] | None = None,
) -> str:
    """Build the site strictly into `dest`; fail on any warning. Returns the build log."""
    env = {**os.environ, **QUIET, **(extra_env or {})}
    if data_root is not None:
        env["TYPEDMEMEVAL_SITE_ROOT"] = str(data_root)
    command = script or [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "-f",
        str(REPO / "mkdocs.yml"),
        "-d",
        str(dest),
    ]
    proc = subprocess.run(command, capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"site build failed:\n{log[-4000:]}"
    assert "WARNING" not in log, f"site build printed warnings:\n{log[-4000:]}"
    return log


@pytest.fixture(scope="session")
def shipped() -> SiteSources:
    """The repository's own sources (release index, corpora, sidecars, results), read once."""
    return read_sources(REPO)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("site-real")
    mkdocs_build(dest)
    return dest


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stand-in repository, hostile strings included, built with the result gate switched
    off for one hostile file (hostile_build.py)."""
    root = site_data.build(tmp_path_factory.mktemp("root-fixture"), hostile=True)
    dest = tmp_path_factory.mktemp("site-fixture")
    mkdocs_build(
        dest, root, [sys.executable, str(Path(__file__).with_name("hostile_build.py")), str(dest)]
    )
    return dest


def pages(site: Path) -> list[Path]:
    """Every HTML page of a built site."""
    return sorted(site.rglob("*.html"))
