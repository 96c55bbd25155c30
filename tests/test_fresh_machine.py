"""A fresh machine passes `make test` as the README says: the browser test's chromium is
installed by the same script under `make test` and under CI, and the script leaves a machine
that has chromium alone."""

from __future__ import annotations

import os
import re
import stat
import subprocess
from pathlib import Path

from tests.conftest import ROOT

SCRIPT = ROOT / ".ci" / "chromium"


def test_make_test_and_ci_install_chromium_through_one_script() -> None:
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^test: .*\n((?:\t.*\n)+)", makefile, re.M)
    assert recipe is not None
    lines = recipe.group(1).splitlines()
    assert lines[0].strip() == "bash .ci/chromium" and "pytest" in lines[-1]
    assert "bash .ci/chromium" in (ROOT / ".ci" / "run").read_text()
    assert "apt-get" not in (ROOT / ".ci" / "run").read_text()


def test_a_machine_with_chromium_is_left_alone(tmp_path: Path) -> None:
    stub = tmp_path / "chromium"
    stub.write_text("#!/bin/sh\nexit 0\n")
    stub.chmod(stub.stat().st_mode | stat.S_IEXEC)
    apt = tmp_path / "apt-get"  # would record a call, were one made
    apt.write_text(f"#!/bin/sh\ntouch {tmp_path}/apt-called\nexit 1\n")
    apt.chmod(apt.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "PATH": f"{tmp_path}:/usr/bin:/bin"}
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and done.stderr == ""
    assert not (tmp_path / "apt-called").exists()
