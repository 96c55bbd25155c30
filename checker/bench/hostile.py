"""Hostile corpora: peak memory and time of `audit` / `check` on inputs shaped to blow them up.

Each case is written into a temporary folder at run time (nothing is committed) and run in a
fresh interpreter, which reports its own peak resident memory. The ceiling is the same for
every case: 20 × the file's size + 400 MB (the interpreter with numpy, scipy and pydantic
loaded takes about 250 MB before reading anything). A shipped corpus under `check` is measured
the same way, for scale.

    python -m checker.bench hostile
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
#: The smallest shipped corpus, checked for scale beside the hostile shapes.
SHIPPED = min(
    (p for p in REPO.glob("corpora/*/typedmemeval-*.json") if not p.name.endswith(".meta.json")),
    key=lambda p: (p.stat().st_size, p.name),
)
#: Peak memory allowed: this many times the input's size, plus `BASE_MB`.
PER_BYTE = 20
BASE_MB = 400
MB = 1_000_000


@dataclass(frozen=True)
class Case:
    label: str
    command: str
    write: Callable[[Path], Path]


def _base_questions(count: int) -> list[dict[str, Any]]:
    """The first questions of a shipped corpus, as a foreign file holds them."""
    questions: list[dict[str, Any]] = json.loads(SHIPPED.read_text(encoding="utf-8"))[:count]
    return questions


def _write(folder: Path, name: str, questions: list[dict[str, Any]]) -> Path:
    path = folder / name
    with path.open("w", encoding="utf-8") as handle:
        json.dump(questions, handle)
    return path


def one_long_token(folder: Path) -> Path:
    """A 500,000-character token in one turn of a small foreign corpus."""
    questions = _base_questions(20)
    rng = random.Random(26)
    token = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(500_000))
    turn = questions[0]["haystack_sessions"][0][0]
    turn["content"] = turn["content"] + " " + token
    return _write(folder, "one-long-token.json", questions)


def long_token_ours(folder: Path) -> Path:
    """The shipped corpus with a 500,000-character token in one turn, its sidecar beside it
    (`check` reads it as ours; the changed hash is a finding of its own)."""
    questions: list[dict[str, Any]] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    rng = random.Random(27)
    token = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(500_000))
    turn = questions[0]["haystack_sessions"][0][0]
    turn["content"] = turn["content"] + " " + token
    ours = folder / "ours"
    ours.mkdir(exist_ok=True)
    sidecar = SHIPPED.name.removesuffix(".json") + ".meta.json"
    (ours / sidecar).write_bytes((SHIPPED.parent / sidecar).read_bytes())
    return _write(ours, SHIPPED.name, questions)


def one_huge_session(folder: Path) -> Path:
    """One session of 100 MB: 10,000 turns of 10,000 characters of ordinary words."""
    questions = _base_questions(5)
    rng = random.Random(26)
    words = [
        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9)))
        for _ in range(5_000)
    ]
    turns: list[dict[str, Any]] = []
    for i in range(10_000):
        text = " ".join(rng.choice(words) for _ in range(1_700))[:10_000]
        role = "user" if i % 2 == 0 else "assistant"
        turns.append({"role": role, "content": text, "has_answer": False})
    questions[0]["haystack_sessions"][0] = turns
    return _write(folder, "one-huge-session.json", questions)


def million_tiny_sessions(folder: Path) -> Path:
    """One question whose haystack is 1,000,000 one-turn sessions."""
    questions = _base_questions(3)
    q = questions[0]
    count = 1_000_000
    date = q["haystack_dates"][0]
    q["haystack_session_ids"] = [f"t{i}" for i in range(count)]
    q["haystack_dates"] = [date] * count
    q["haystack_sessions"] = [
        [{"role": "user", "content": f"note {i % 997}", "has_answer": False}] for i in range(count)
    ]
    q["answer_session_ids"] = ["t0"]
    q["haystack_sessions"][0][0]["has_answer"] = True
    return _write(folder, "million-tiny-sessions.json", questions)


def shipped(folder: Path) -> Path:
    return SHIPPED


CASES = (
    Case(f"shipped {SHIPPED.name}", "check", shipped),
    Case("one token of 500,000 characters", "audit", one_long_token),
    Case("one token of 500,000 characters in our format", "check", long_token_ours),
    Case("one session of 100 MB", "audit", one_huge_session),
    Case("1,000,000 tiny sessions in one question", "audit", million_tiny_sessions),
)

_MEASURE = """
import resource, sys, time
from checker.cli import main
started = time.perf_counter()
code = main(sys.argv[1:])
elapsed = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(f"{code} {peak} {elapsed}", file=sys.stderr)
"""


def measure(command: str, path: Path) -> tuple[int, float, float, str]:
    """(exit code, peak bytes, seconds, stderr tail) of `typedmemeval COMMAND PATH` in a fresh
    interpreter (its output discarded)."""
    proc = subprocess.run(
        [sys.executable, "-c", _MEASURE, command, str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    lines = proc.stderr.strip().splitlines()
    try:
        code, peak, seconds = lines[-1].split()
        return int(code), float(peak), float(seconds), "\n".join(lines[:-1])[-600:]
    except (IndexError, ValueError):
        return proc.returncode, float("nan"), float("nan"), proc.stderr[-2000:]


def hostile() -> bool:
    met = True
    with tempfile.TemporaryDirectory(prefix="tme-hostile-") as tmp:
        for case in CASES:
            path = case.write(Path(tmp))
            size = path.stat().st_size
            code, peak, seconds, err = measure(case.command, path)
            ceiling = PER_BYTE * size + BASE_MB * MB
            ok = code in (0, 1) and peak <= ceiling and "Traceback" not in err
            met = met and ok
            print(
                f"{case.label} ({case.command}): file {size / MB:,.1f} MB, peak "
                f"{peak / MB:,.0f} MB (ceiling {ceiling / MB:,.0f}), {seconds:.1f} s, exit {code} "
                f"-> {'met' if ok else 'MISSED'}"
            )
            if not ok and err:
                print(err)
            if path != SHIPPED:
                path.unlink()
    return met


BENCH = ("hostile", hostile)
