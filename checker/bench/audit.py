"""`audit` on LongMemEval-S-shaped input: 500 questions of 50 sessions (×1), then with every
haystack four times longer (×4, 200 sessions: toward `longmemeval_m`), generated at run time.

Like LongMemEval, haystacks draw their sessions from one shared pool (its `_s` file repeats
sessions across questions) plus a question's own gold sessions (`answer_…` ids, `has_answer`
turns); a day's sessions are not sorted by time. Sessions and turns have LongMemEval-S's sizes
(eight to twelve turns of 120 to 220 words), so the ×1 file is about the size of the real
`longmemeval_s` (265 MB) and the ×4 file about a gigabyte; the file sizes are printed. Each step runs in a fresh process and reports its own time and peak memory (resident
set): the parse floor (`json.loads` of the file: what any reader pays), the streaming import
(`typedmemeval import longmemeval`: its memory must not grow with the file) and the whole
audit (load, every rule that applies, separability on its bounded sample). Printed: time and peak
memory, and each as a ratio to the floor. Targets: the ×4 audit fits in `MEMORY_TARGET`, and
its time ratio to the floor is at most `RATIO_TARGET`.

`TYPEDMEMEVAL_BENCH_QUESTIONS=50 python -m checker.bench audit` runs the same steps on fewer
questions (the pool shrinks with them, so sessions are shared as often) for a quick look; the
published figures are those of the full 500 questions, and a smaller run says it is one.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

QUESTIONS = 500
SESSIONS = 50
POOL = 6000
SCALES = (1, 4)
SEED = 20261205
#: Peak resident memory of the ×4 audit, in MB.
MEMORY_TARGET = 6000
#: Time of the ×4 audit over its parse floor.
RATIO_TARGET = 60.0

WORDS = (
    "we had it was and after before then quite really about time week morning evening house "
    "garden kitchen office train market neighbour friend sister brother colleague weekend "
    "plan trip dinner lunch coffee walk rain sun call message letter parcel shop town road "
    "recipe camera budget guitar lesson flight hotel museum painting novel podcast marathon"
).split()
TYPES = (
    "single-session-user",
    "single-session-assistant",
    "single-session-preference",
    "multi-session",
    "knowledge-update",
    "temporal-reasoning",
)


#: Words per turn and turns per session, LongMemEval-S's sizes (about 115,000 tokens a
#: question over some fifty sessions).
TURN_WORDS = (120, 220)
SESSION_TURNS = (8, 10, 12)


def _turns(rng: random.Random, n: int, flag: bool = False) -> list[dict[str, Any]]:
    out = []
    for i in range(n):
        words = rng.choices(WORDS, k=rng.randint(*TURN_WORDS))
        words.append(f"item{rng.randrange(10**6)}")
        role = "user" if i % 2 == 0 else "assistant"
        out.append({"role": role, "content": " ".join(words) + ".", "has_answer": flag and i == 0})
    return out


def synthetic_s(scale: int, seed: int = SEED, questions: int = QUESTIONS) -> list[dict[str, Any]]:
    """LongMemEval-S-shaped records: `SESSIONS * scale` sessions per question, drawn from a
    pool of `POOL` sessions per `QUESTIONS` questions."""
    rng = random.Random(seed)
    size = max(POOL * questions // QUESTIONS, SESSIONS * scale)
    pool = [(f"sharegpt_{k:05d}", _turns(rng, rng.choice(SESSION_TURNS))) for k in range(size)]
    start = datetime(2023, 1, 1, 9, 0)
    records = []
    for q in range(questions):
        n = SESSIONS * scale
        gold_n = rng.randint(1, 3)
        drawn = rng.sample(range(size), n - gold_n)
        sessions = [(pool[k][0], pool[k][1]) for k in drawn]
        gold = [(f"answer_{q:05d}_{g}", _turns(rng, 10, True)) for g in range(gold_n)]
        for g in gold:
            sessions.insert(rng.randrange(len(sessions) + 1), g)
        days = sorted(rng.randrange(120) for _ in sessions)
        dates = [
            (start + timedelta(days=d, minutes=rng.randrange(1440))).strftime("%Y/%m/%d (%a) %H:%M")
            for d in days
        ]
        asked = (start + timedelta(days=121)).strftime("%Y/%m/%d (%a) %H:%M")
        records.append(
            {
                "question_id": f"{q:08x}",
                "question_type": TYPES[q % len(TYPES)],
                "question": f"What did I say about the {rng.choice(WORDS)} {rng.choice(WORDS)}?",
                "answer": f"item{rng.randrange(10**6)}",
                "question_date": asked,
                "haystack_session_ids": [sid for sid, _ in sessions],
                "haystack_dates": dates,
                "haystack_sessions": [turns for _, turns in sessions],
                "answer_session_ids": [sid for sid, _ in gold],
            }
        )
    return records


_CHILD = {
    "floor": (
        "import json, sys, time, resource\n"
        "t = time.perf_counter(); data = open(sys.argv[1], 'rb').read(); json.loads(data)\n"
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    ),
    "import": (
        "import sys, time, resource\n"
        "from pathlib import Path\n"
        "from checker.commands.import_foreign import import_file\n"
        "src = Path(sys.argv[1]); out = src.with_name('imported.json')\n"
        "t = time.perf_counter()\n"
        "n, _ = import_file('longmemeval', src, out, src.with_name('repairs.jsonl'), 1 << 34)\n"
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, n)\n"
    ),
    "audit": (
        "import sys, time, resource\n"
        "from pathlib import Path\n"
        "from checker.api import Options, audit\n"
        "from checker.pages import configure; configure()\n"
        "t = time.perf_counter(); out = audit(Path(sys.argv[1]), Options(max_bytes=1 << 34))\n"
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,\n"
        "      len(out.findings))\n"
    ),
}


def _child(kind: str, path: Path) -> list[float]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD[kind], str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return [float(x) for x in done.stdout.split()]


def bench() -> bool:
    questions = int(os.environ.get("TYPEDMEMEVAL_BENCH_QUESTIONS", QUESTIONS))
    met = True
    with tempfile.TemporaryDirectory() as tmp:
        for scale in SCALES:
            path = Path(tmp) / f"s-x{scale}.json"
            with path.open("w", encoding="utf-8") as fh:
                json.dump(synthetic_s(scale, questions=questions), fh)
            size = path.stat().st_size / 1e6
            floor_s, floor_kb = _child("floor", path)
            import_s, import_kb, _ = _child("import", path)
            audit_s, audit_kb, findings = _child("audit", path)
            time_ratio, memory_ratio = audit_s / floor_s, audit_kb / floor_kb
            line = (
                f"x{scale}: {questions} questions x {SESSIONS * scale} sessions, file "
                f"{size:,.1f} MB; parse floor {floor_s:.1f} s, {floor_kb / 1024:,.0f} MB; "
                f"audit {audit_s:.1f} s, {audit_kb / 1024:,.0f} MB ({int(findings)} findings); "
                f"ratio time {time_ratio:.1f}x, memory {memory_ratio:.1f}x; streaming import "
                f"{import_s:.1f} s, {import_kb / 1024:,.0f} MB"
            )
            if questions != QUESTIONS:
                line += f" (a quick run: the published figures are of {QUESTIONS} questions)"
            elif scale == SCALES[-1]:
                ok = audit_kb / 1024 <= MEMORY_TARGET and time_ratio <= RATIO_TARGET
                met = met and ok
                line += (
                    f" (targets: peak <= {MEMORY_TARGET:,} MB, time ratio <= {RATIO_TARGET:.0f}x)"
                    f" -> {'met' if ok else 'MISSED'}"
                )
            print(line, flush=True)
            for made in Path(tmp).iterdir():
                made.unlink()
    return met


BENCH = ("audit", bench)
