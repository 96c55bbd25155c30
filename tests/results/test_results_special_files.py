"""A FIFO, a socket or a link to `/dev/stdin` — each blocks a reader that opens it — is refused
by name from its directory entry and never opened, so the check finishes at once.

git cannot hold a FIFO or a socket, so these cases are made here in a temporary folder. Each
runs the CLI in a child process whose standard input is a pipe that is never written or closed:
a checker that opened `/dev/stdin` or the FIFO would block, and the child is killed at the
deadline instead of hanging the suite. The child imports the checker and loads its rules before
it says "ready", and exits at once when the check returns; the deadline covers the check alone.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.results.result_cases import materialise

#: The check of one special file must end within this (it is judged from one lstat).
DEADLINE_SECONDS = 1.0

CHILD = """
import os
import sys
from checker.cli import main
from checker.registry import all_rules
all_rules()
sys.stdout.write("ready\\n")
sys.stdout.flush()
code = main(sys.argv[1:])
sys.stdout.flush()
sys.stderr.flush()
os._exit(code)  # the check is over: the interpreter's teardown is not part of it
"""


def run_with_deadline(*argv: str) -> tuple[int, str, str, float]:
    """Run `typedmemeval ARGV` in a child; (exit code, stdout, stderr, seconds the check took).
    Fails the test if the check does not end by the deadline."""
    repo = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=repo,
    )
    try:
        assert proc.stdout is not None
        ready = proc.stdout.readline()  # imports and rule loading are not timed
        assert ready == "ready\n", (ready, proc.stderr.read() if proc.stderr else "")
        start = time.monotonic()
        try:
            out, err = proc.communicate(timeout=DEADLINE_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            pytest.fail(f"`typedmemeval {' '.join(argv)}` was still running after 1 s (blocked?)")
        took = time.monotonic() - start
        print(f"typedmemeval {' '.join(argv[:2])}: exit {proc.returncode} in {took:.3f} s")
        return proc.returncode, out, err, took
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


@pytest.fixture
def result_path(corpora_index: Path, case_root: Path) -> Path:
    """Where a forgetting result sits under results/ (a valid one is written beside it)."""
    valid = materialise({"corpus": "forgetting"}, corpora_index, case_root)
    return valid.with_name("example-perfect-1.json")


def test_fifo_under_results_is_refused_unopened(result_path: Path, corpora_index: Path) -> None:
    os.mkfifo(result_path)
    rc, out, err, took = run_with_deadline("check", str(result_path), "--index", str(corpora_index))
    assert rc == 1, (out, err)
    assert "RES001 is a FIFO (named pipe), not a regular file" in out
    assert took < DEADLINE_SECONDS


def test_link_to_dev_stdin_under_results_is_refused_unopened(
    result_path: Path, corpora_index: Path
) -> None:
    os.symlink("/dev/stdin", result_path)
    rc, out, err, took = run_with_deadline("check", str(result_path), "--index", str(corpora_index))
    assert rc == 1, (out, err)
    assert "RES001 is a symbolic link; a result must be a regular file" in out
    assert took < DEADLINE_SECONDS


def test_walking_results_reports_fifo_link_and_socket(
    result_path: Path, corpora_index: Path
) -> None:
    folder = result_path.parent
    os.mkfifo(folder / "pipe.json")
    os.symlink("/dev/stdin", folder / "stdin.json")
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(folder / "sock.json"))
        rc, out, err, took = run_with_deadline(
            "check", str(folder.parent.parent), "--index", str(corpora_index)
        )
    finally:
        server.close()
    assert rc == 1, (out, err)
    lines = out.splitlines()
    assert any("pipe.json: RES001 is a FIFO" in line for line in lines), lines
    assert any("stdin.json: RES001 is a symbolic link" in line for line in lines), lines
    assert any("sock.json: RES001 is a socket" in line for line in lines), lines
    assert lines[-1] == "Found 3 findings.", lines  # the valid result beside them passes
    assert took < DEADLINE_SECONDS


def test_fifo_outside_results_is_one_error_line(tmp_path: Path) -> None:
    fifo = tmp_path / "corpus.json"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path):  # given by name, and met while walking a folder
        rc, out, err, took = run_with_deadline("check", str(target))
        assert rc == 2, (out, err)
        assert err.strip().splitlines() == [
            f"typedmemeval: {fifo}: is a FIFO (named pipe), not a regular file; the checker "
            "reads regular files only and never follows a link (it was not opened; pass the "
            "file itself)"
        ]
        assert out == ""  # exit 2: no findings summary
        assert took < DEADLINE_SECONDS


def test_link_to_dev_stdin_outside_results_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "corpus.json"
    os.symlink("/dev/stdin", link)
    rc, out, err, took = run_with_deadline("check", str(link))
    assert rc == 2, (out, err)
    assert "is a symbolic link, not a regular file" in err
    assert took < DEADLINE_SECONDS
