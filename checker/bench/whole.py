"""The whole checker (every corpus rule except the learned adversary) on a synthetic family of
565 questions at the published haystack sizes, then with every haystack ×4 and ×16 longer.

Printed: time ÷ the parse+tokenize floor of the same bytes (target ≤ 10; the project's goal
beyond this is 5), and the scaling exponent of the whole checker's time against input bytes
from ×1 to ×16 (target ≤ 1.1). The floor is what no checker can avoid: read the file, parse
the JSON, and run the shared tokenizer over every turn once; it is timed just before and just
after the checker on each file and the two are averaged. The whole checker loads strictly
(pydantic), tokenizes each session once (cached on the corpus and shared by every rule) and
runs the rules, then the competent retriever and the shallow reader that `check --summary`
prints; the per-rule split at ×1 shows where the time goes. The bench's process takes memory
as `typedmemeval` does (checker/pages.py; `== pages` shows why).
"""

from __future__ import annotations

import gc
import json
import math
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from checker.context import CorpusContext
from checker.family import VERTICALS, Vertical
from checker.formats.ids import DATE_FORMAT, pair_id, question_id, session_id
from checker.io import dump_json, parse_json
from checker.load import load_ours
from checker.registry import Rule, all_rules, run
from checker.retrieval import measure_competent, measure_shallow_reader
from checker.text import fold, raw_tokens
from checker.verticals import SyntheticQuestion

SCALES = (1, 4, 16)
RATIO_TARGET = 10.0
RATIO_GOAL = 5.0
EXPONENT_TARGET = 1.1
REVISION = "2026.12"
SEED = 20261201

COMMON = (
    "we had it was and after before then quite really about time week morning evening house "
    "garden kitchen office train market neighbour friend sister brother colleague weekend "
    "plan trip dinner lunch coffee walk rain sun call message letter parcel shop town road "
    "bridge river field school club meeting project budget team list note idea story book "
    "film song game match ticket bill rent car bike bus late early again still finally "
    "maybe sure fine good bad long short new old small big busy quiet"
).split()
SYLLABLES = "ka mor vel tin dra quo len sab rix hal pem tor vun ely gar nox bri sel ath um".split()


class _Text:
    """Deterministic invented prose: common words with invented names and terms mixed in.

    Sentences come from a pool composed once (generation is not what the bench times); every
    turn ends with a unique name, so no two turns share a text and no tokenizer memo is hit.
    """

    POOL = 5_000

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.terms = sorted(
            {"".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))) for _ in range(4000)}
        )
        self.pool = [self.sentence() for _ in range(self.POOL)]
        self.serial = 0

    def name(self) -> str:
        self.serial += 1
        n, letters = self.serial, []
        while n:
            n, r = divmod(n, 26)
            letters.append(chr(97 + r))
        return "Q" + "".join(letters)

    def sentence(self, extra: Sequence[str] = ()) -> str:
        words = self.rng.choices(COMMON, k=self.rng.randint(6, 12))
        words += self.rng.choices(self.terms, k=self.rng.randint(1, 3))
        words += list(extra)
        self.rng.shuffle(words)
        return " ".join(words).capitalize() + self.rng.choice((".", ".", "!", "?"))

    def turn(self, extra: Sequence[str] = ()) -> str:
        pool, rng = self.pool, self.rng
        parts = [pool[int(rng.random() * self.POOL)]]
        if rng.random() < 0.5:
            parts.append(pool[int(rng.random() * self.POOL)])
        if extra:
            parts.append(self.sentence(extra))
        parts.append(f"{self.name()} agreed.")
        return " ".join(parts)


def _session(text: _Text, extra: list[str], gold: bool) -> list[dict[str, Any]]:
    roles = ("user", "assistant", "user", "assistant", "assistant")
    turns = []
    for i, role in enumerate(roles):
        carries = i == 0 and bool(extra)
        turns.append(
            {
                "role": role,
                "content": text.turn(extra if carries else []),
                "has_answer": gold and carries,
            }
        )
    return turns


def _block(v: Vertical, shape: str, n: int, gold: list[int], rng: random.Random) -> dict[str, Any]:
    block: dict[str, Any] = {"vertical": v.key, "shape": shape}
    if v.synthetic.block is not None:
        planned = SyntheticQuestion(
            shape=shape,
            number=n,
            gold=gold,
            revision=REVISION,
            pair_id=pair_id(v.abbrev, REVISION, 1 + n % 15),
            rng=rng,
        )
        block.update(v.synthetic.block(planned))
    return block


def _question(v: Vertical, shape: str, n: int, scale: int, text: _Text) -> dict[str, Any]:
    # The plan (sizes, gold positions, keywords) has its own seed per question, so a question
    # keeps its G and keywords at every scale and only its haystack grows.
    rng = random.Random(f"{SEED}-{v.key}-{n}")
    planned = v.shape(shape)
    abstention = planned is not None and planned.negative_gold
    ordered = planned is not None and planned.list_order
    qid = question_id(v.abbrev, REVISION, n, abstention=abstention)
    low, high = v.synthetic.h_range
    h = rng.randint(low, high) * scale
    g_low, g_high = v.synthetic.g_range
    g = 0 if abstention else rng.randint(max(g_low, 2 if ordered else 0), g_high)
    keywords = rng.sample(text.terms, 3)
    total = h + g
    gold = sorted(rng.sample(range(total), g))
    sessions = []
    for si in range(total):
        if si in gold:
            unit = v.synthetic.gold_amount_unit
            extra = [*keywords, f"{rng.randint(10, 400)} {unit}"] if unit else keywords
            sessions.append(_session(text, extra, True))
        else:
            # A third of the distractors share one of the question's keywords.
            extra = [rng.choice(keywords)] if rng.random() < 0.33 else []
            sessions.append(_session(text, extra, False))
    ids = [session_id(qid, i) for i in range(total)]
    start = datetime(2026, 1, 5, 9, 0) + timedelta(days=n)
    dates = [(start + timedelta(hours=7 * i)).strftime(DATE_FORMAT) for i in range(total)]
    return {
        "question_id": qid,
        "question_type": f"{v.key}-{shape}",
        "question": f"Which {keywords[0]} did I {keywords[1]} for the {keywords[2]}?",
        "answer": keywords[0],
        "question_date": (start + timedelta(hours=7 * total + 3)).strftime(DATE_FORMAT),
        "haystack_session_ids": ids,
        "haystack_dates": dates,
        "haystack_sessions": sessions,
        "answer_session_ids": [ids[i] for i in gold],
        "typedmemeval": _block(v, shape, n, gold, rng),
    }


def synthetic_family(
    folder: Path, scale: int, verticals: Sequence[Vertical] = VERTICALS
) -> list[tuple[Path, int]]:
    """Write one synthetic corpus per vertical (565 questions for the whole family), haystacks
    × `scale`; return each file with its number of sessions."""
    paths = []
    text = _Text(random.Random(SEED))
    for v in verticals:
        questions = []
        n = 0
        for shape in v.shapes:
            for _ in range(shape.count):
                n += 1
                questions.append(_question(v, shape.name, n, scale, text))
        path = folder / f"typedmemeval-{v.key}-{REVISION}.json"
        path.write_text(dump_json(questions), encoding="utf-8")
        paths.append((path, sum(len(q["haystack_sessions"]) for q in questions)))
    return paths


def bench_rules() -> tuple[list[Rule], list[Rule]]:
    """Every corpus rule, minus the learned adversary (timed by the V7 bench on its own)."""
    timed: list[Rule] = []
    excluded: list[Rule] = []
    for r in all_rules():
        if r.scope != "corpus":
            continue
        text = f"{r.code} {r.name} {r.summary}".lower()
        (excluded if "adversary" in text else timed).append(r)
    return timed, excluded


def _floor(path: Path) -> float:
    fold.cache_clear()
    start = time.perf_counter()
    for q in parse_json(path, path.read_bytes()):
        for session in q["haystack_sessions"]:
            for turn in session:
                raw_tokens(turn["content"])
    return time.perf_counter() - start


def _whole(path: Path, rules: list[Rule], per_rule: dict[str, float]) -> float:
    fold.cache_clear()
    start = time.perf_counter()
    corpus = load_ours(path)
    loaded = time.perf_counter()
    per_rule["(load)"] += loaded - start
    # Shared by every rule; timed on its own so the first rule to read tokens is not charged.
    corpus.token_ids  # noqa: B018
    per_rule["(tokenize)"] += time.perf_counter() - loaded
    ctx = CorpusContext(corpus=corpus, index=None)
    for r in rules:
        began = time.perf_counter()
        run([r], "corpus", ctx, corpus.display)
        per_rule[r.code] += time.perf_counter() - began
    # The competent retriever and the shallow reader: `check --summary` prints them and CAL004
    # re-measures them wherever a sidecar stamps them, so they are part of the whole checker.
    began = time.perf_counter()
    measure_competent(corpus)
    measure_shallow_reader(corpus)
    per_rule["(competent)"] += time.perf_counter() - began
    return time.perf_counter() - start


def measure(scale: int, rules: list[Rule]) -> dict[str, Any]:
    per_rule: dict[str, float] = defaultdict(float)
    floor = whole = 0.0
    size = sessions = 0
    with tempfile.TemporaryDirectory(prefix=f"tme-bench-x{scale}-") as tmp:
        for path, n_sessions in synthetic_family(Path(tmp), scale):
            size += path.stat().st_size
            sessions += n_sessions
            # The floor is timed just before and just after the checker and the two averaged,
            # so a change in the machine's speed during the run weighs on both alike.
            before = _floor(path)
            gc.collect()
            whole += _whole(path, rules, per_rule)
            gc.collect()
            floor += (before + _floor(path)) / 2
            gc.collect()
    return {
        "scale": scale,
        "bytes": size,
        "sessions": sessions,
        "floor_s": floor,
        "whole_s": whole,
        "ratio": whole / floor,
        "per_rule": dict(per_rule),
    }


def excluded_cost(rules: list[Rule], excluded: list[Rule]) -> tuple[dict[str, float], float]:
    """What each learned adversary the ratio leaves out adds on the ×1 family, in seconds, and
    the floor of the same files timed beside them: run after every timed rule on a fresh load,
    so the table they share is already measured."""
    added: dict[str, float] = defaultdict(float)
    floor = 0.0
    with tempfile.TemporaryDirectory(prefix="tme-bench-adversaries-") as tmp:
        for path, _ in synthetic_family(Path(tmp), 1):
            floor += _floor(path)
            corpus = load_ours(path)
            ctx = CorpusContext(corpus=corpus, index=None)
            run(rules, "corpus", ctx, corpus.display)
            for r in excluded:
                began = time.perf_counter()
                run([r], "corpus", ctx, corpus.display)
                added[r.code] += time.perf_counter() - began
            gc.collect()
    return dict(added), floor


def bench() -> bool:
    rules, excluded = bench_rules()
    print(
        f"rules timed: {len(rules)} ({', '.join(r.code for r in rules)}); excluded as the "
        f"learned adversary: {', '.join(r.code for r in excluded) or 'none registered'}"
    )
    rows = []
    for scale in SCALES:
        row = measure(scale, rules)
        rows.append(row)
        print(
            f"x{row['scale']:<2} {row['bytes'] / 1e6:7.1f} MB, {row['sessions']:>6} sessions: "
            f"floor {row['floor_s']:6.2f} s, whole checker {row['whole_s']:7.2f} s = "
            f"{row['ratio']:.2f}x floor",
            flush=True,
        )
    families: list[dict[str, float]] = []
    for row in rows:
        by_family: dict[str, float] = defaultdict(float)
        for code, seconds in row["per_rule"].items():
            by_family[code if code.startswith("(") else code[:3]] += seconds
        families.append(by_family)
        split = sorted(by_family.items(), key=lambda kv: -kv[1])
        print(
            f"x{row['scale']} split (x floor): "
            + ", ".join(f"{family} {seconds / row['floor_s']:.2f}" for family, seconds in split)
        )
    # On a shared machine the load changes between scales, so wall times at x1 and x16 are not
    # comparable directly. Each scale's floor is measured beside its whole-checker time, and
    # the floor is linear by construction (one parse, one regex pass), so the exponent is read
    # from the ratio to the floor: exponent = 1 + log(ratio_x16 / ratio_x1) / log(bytes ratio).
    first, last = rows[0], rows[-1]
    growth = math.log(last["bytes"] / first["bytes"])
    exponent = 1 + math.log(last["ratio"] / first["ratio"]) / growth
    wall_exponent = math.log(last["whole_s"] / first["whole_s"]) / growth
    floor_exponent = math.log(last["floor_s"] / first["floor_s"]) / growth
    family_exponents: list[str] = []
    for family, seconds in sorted(families[0].items(), key=lambda kv: -kv[1]):
        if seconds > 0 and families[-1].get(family, 0) > 0:
            ratio_first = seconds / first["floor_s"]
            ratio_last = families[-1][family] / last["floor_s"]
            family_exponents.append(
                f"{family} {1 + math.log(ratio_last / ratio_first) / growth:.2f}"
            )
    print("exponent by family (same reading): " + ", ".join(family_exponents))
    if excluded:
        added, floor = excluded_cost(rules, excluded)
        print(
            "learned adversaries, left out of the ratio, each added at x1 (x the floor of the "
            f"same files timed beside them, {floor:.2f} s): "
            + ", ".join(
                f"{code} {seconds:.2f} s = {seconds / floor:.2f}x"
                for code, seconds in sorted(added.items())
            )
        )
    worst = max(row["ratio"] for row in rows)
    print(
        f"ratio to floor: worst {worst:.2f}x (target <= {RATIO_TARGET:.0f}x, goal "
        f"{RATIO_GOAL:.0f}x); scaling exponent x1 -> x{last['scale']} {exponent:.3f} against "
        f"bytes, read from the ratio to the floor (target <= {EXPONENT_TARGET}); raw wall-time "
        f"exponent {wall_exponent:.3f}, floor's own {floor_exponent:.3f}"
    )
    met = worst <= RATIO_TARGET and exponent <= EXPONENT_TARGET
    if not met:
        print("whole-checker bench: target MISSED")
    print(
        "whole bench json: "
        + json.dumps(
            {
                "rows": [{k: v for k, v in r.items() if k != "per_rule"} for r in rows],
                "exponent": round(exponent, 4),
            },
            sort_keys=True,
        )
    )
    return met


BENCH = ("whole", bench)
