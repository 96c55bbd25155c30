"""Author the CAL rule fixtures (run: .venv/bin/python tests/retrieval/cal_builder.py).

Small corpora whose BM25 outcomes are designed, not tuned: every question asks about a
`thing` for a `place` (two invented words no other sentence uses), so

- a **clean** haystack has only the gold sessions mentioning them → gold is the top K;
- a **natural decoy** is a distractor where someone else orders the same thing twice in one
  ordinary sentence, outranking gold without any strippable scaffolding;
- a **bracketed decoy** carries the keywords only in a parenthetical clause, and a
  **keyword-sentence decoy** only in a sentence made of nothing else — the two forms the
  generic strip removes.

Each fixture folder holds a corpus, its sidecar (records stamped from `checker.retrieval`,
then patched where the fixture must fail) and a release index. Output is deterministic and
committed; `test_retrieval_fixtures.py` fails when the committed files drift from this script.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from checker.family import K_REF
from checker.formats.ids import pair_id, question_id, session_id
from checker.formats.sidecar import GeneratorInfo, IndexEntry, ProbeRecord, ReleaseIndex, Sidecar
from checker.io import dump_json, sha256_bytes
from checker.load import load_ours
from checker.retrieval import measure_coverage, measure_ladder, measure_scaffolding
from checker.rules.structure import measure_structure

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
REVISION = "2026.12"
FMT = "%Y/%m/%d (%a) %H:%M"
START = datetime(2026, 9, 7, 9, 0)

THINGS = ["quillet", "brasting", "morvane", "tepperil", "haskwood", "olvet", "carminel", "dresk"]
PLACES = ["porchway", "nethery", "ulmstead", "garrowin", "fennick", "lusterby", "ambrel", "selkin"]
VALUES = ["Tavrin", "Olsmere", "Quenby", "Marlo", "Pessit", "Vardane", "Helko", "Sunnick"]
SMALLTALK = [
    (
        "The rain kept up all afternoon, so I stayed in and read.",
        "A quiet afternoon sounds restful.",
    ),
    ("I finally sorted out the spare room cupboard.", "That always feels good once it is done."),
    ("We tried a new recipe with lentils and it worked.", "Glad it turned out well."),
    ("The train was late again this morning.", "Annoying when you have an early start."),
    ("I walked along the canal at lunch.", "A walk at midday does wonders."),
    ("My plants look happier by the window now.", "Light makes all the difference."),
    ("The bakery on the corner closed early today.", "Hopefully just for the holiday."),
    ("Spent the evening fixing a squeaky hinge.", "Small jobs like that are satisfying."),
]

Kind = str  # "gold" | "filler" | "natural" | "bracketed" | "keywords"


def _turns(lines: list[tuple[str, str]], gold: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for user, assistant in lines:
        out.append({"role": "user", "content": user, "has_answer": gold})
        out.append({"role": "assistant", "content": assistant, "has_answer": False})
    return out


def _session(kind: Kind, n: int, si: int, thing: str, place: str) -> list[dict[str, Any]]:
    small = SMALLTALK[(n + si) % len(SMALLTALK)]
    other = SMALLTALK[(n + si + 3) % len(SMALLTALK)]
    value = VALUES[(n + si) % len(VALUES)]
    if kind == "gold":
        line = f"I ordered the {value} {thing} for the {place} on a whim last week."
        return _turns([(line, "Good to know."), small], True)
    if kind == "natural":
        line = (
            f"My neighbour ordered a {thing} for the {place} yesterday, then another "
            f"{thing} for the {place} at work."
        )
        return _turns([(line, "Good to know."), small], False)
    if kind == "bracketed":
        clause = f" (Also on my mind: {thing} {place} {thing} {place}.)"
        return _turns([(small[0] + clause, small[1]), other], False)
    if kind == "keywords":
        sentence = f" {thing.capitalize()} {place}, {thing} {place}."
        return _turns([(small[0] + sentence, small[1]), other], False)
    return _turns([small, other], False)


def question(
    n: int,
    kinds: list[Kind],
    *,
    abbrev: str = "pro",
    vertical: str = "prospective",
    shape: str = "current",
    band: int | None = None,
    dial: str | None = None,
    validated: bool | None = None,
    extra: dict[str, Any] | None = None,
    owner: str | None = None,
) -> dict[str, Any]:
    """One question whose sessions are `kinds` in order (gold wherever the kind is `gold`)."""
    qid = question_id(abbrev, REVISION, n)
    thing, place = THINGS[n % len(THINGS)], PLACES[n % len(PLACES)]
    ids = [session_id(owner or qid, i) for i in range(len(kinds))]
    base = START + timedelta(days=3 * n)
    block: dict[str, Any] = {"vertical": vertical, "shape": shape}
    if band is not None:
        block.update(difficulty=band, difficulty_dial=dial)
    if validated is not None:
        block["difficulty_validated"] = validated
    block.update(extra or {})
    gold = [i for i, k in enumerate(kinds) if k == "gold"]
    return {
        "question_id": qid,
        "question_type": f"{vertical}-{shape}",
        "question": f"Which {thing} did I get for the {place}?",
        "answer": VALUES[(n + gold[0]) % len(VALUES)] if gold else "You never mentioned one.",
        "question_date": (base + timedelta(hours=6 * len(kinds) + 2)).strftime(FMT),
        "haystack_session_ids": ids,
        "haystack_dates": [
            (base + timedelta(hours=6 * i)).strftime(FMT) for i in range(len(kinds))
        ],
        "haystack_sessions": [_session(k, n, i, thing, place) for i, k in enumerate(kinds)],
        "answer_session_ids": [ids[i] for i in gold],
        "typedmemeval": block,
    }


def haystack(
    n: int, g: int, decoys: int, decoy: Kind = "natural", fillers: int = 6, spacing: int = 2
) -> list[Kind]:
    """Gold every `spacing` sessions among decoys and fillers, then rotated by the question
    number so that gold sits at a different index from question to question."""
    kinds: list[Kind] = ["filler"] * fillers + [decoy] * decoys
    for j in range(g):
        kinds.insert(min(len(kinds), 1 + spacing * j), "gold")
    turn = n % len(kinds)
    return kinds[turn:] + kinds[:turn]


def write_fixture(
    folder: Path,
    vertical: str,
    questions: list[dict[str, Any]],
    *,
    declared_pattern: str | None = None,
    patch: Callable[[dict[str, Any]], None] | None = None,
) -> None:
    """Write the corpus, a sidecar stamped with the checker's own records (then `patch`ed),
    and a release index."""
    folder.mkdir(parents=True, exist_ok=True)
    corpus_id = f"typedmemeval-{vertical}-{REVISION}"
    path = folder / f"{corpus_id}.json"
    text = dump_json(questions)
    path.write_text(text, encoding="utf-8")
    loaded = load_ours(path)
    structure, ceiling = measure_structure(loaded)
    banded = any(q["typedmemeval"].get("difficulty") is not None for q in questions)
    sha = sha256_bytes(text.encode())
    sidecar = Sidecar(
        corpus_id=corpus_id,
        vertical=vertical,
        revision=REVISION,
        question_count=len(questions),
        corpus_sha256=sha,
        generator=GeneratorInfo(module="tests/retrieval/cal_builder.py", version="1", seed=0),
        k_ref=K_REF,
        structure=structure,
        ceiling=ceiling,
        coverage=measure_coverage(loaded),
        scaffolding=measure_scaffolding(loaded, declared_pattern),
        ladder=measure_ladder(loaded, declared_pattern or "") if banded else None,
        probes={"v1": ProbeRecord(status="unmeasured", reason="no model is reachable")},
    )
    stamped = json.loads(dump_json(sidecar.model_dump(exclude_none=True)))
    if patch is not None:
        patch(stamped)
    (folder / f"{corpus_id}.meta.json").write_text(dump_json(stamped), encoding="utf-8")
    index = ReleaseIndex(
        corpora={
            corpus_id: IndexEntry(
                vertical=vertical,
                revision=REVISION,
                status="draft",
                file=path.name,
                sha256=sha,
                question_count=len(questions),
                shape_counts=structure.shape_counts,
            )
        }
    )
    (folder / "index.json").write_text(dump_json(index.model_dump()), encoding="utf-8")


# --- the corpora ------------------------------------------------------------------------------


def in_band() -> list[dict[str, Any]]:
    """Ten questions: six clean (coverage 1.0), four buried under six natural decoys (0.0):
    gold-bearing mean 0.60, nothing strippable."""
    return [question(n, haystack(n, 1, 6 if n > 6 else 0)) for n in range(1, 11)]


def saturated() -> list[dict[str, Any]]:
    """Ten clean questions: a lexical retriever finds every gold session (mean 1.00)."""
    return [question(n, haystack(n, 1, 0)) for n in range(1, 11)]


SCAFFOLD_PATTERN = r"\(Also on my mind:[^)]*\)"


def scaffolded() -> list[dict[str, Any]]:
    """Six clean questions and four whose decoys are scaffolding only: two with a bracketed
    keyword clause, two with a keyword-only sentence. Shipped 0.60; stripped 1.00."""
    out = [question(n, haystack(n, 1, 0)) for n in range(1, 7)]
    out += [question(n, haystack(n, 1, 6, "bracketed")) for n in (7, 8)]
    out += [question(n, haystack(n, 1, 6, "keywords")) for n in (9, 10)]
    return out


#: Questions in each end band of the ladder fixtures: the fewest a slope may be certified on.
PER_BAND = 8


def ladder(stamp: Callable[[str], bool]) -> list[dict[str, Any]]:
    """Three dials, `PER_BAND` questions in each end band:

    - distance (validated): band 1 clean, band 5 under natural decoys → 1.00 → 0.00 against
      a ceiling of 1;
    - interference (does-not-slope): clean in both bands;
    - dispersion (falls-only-by-ceiling): band 1 G = 1, band 5 G = 10 with nothing competing →
      coverage 1.00 → 0.50, but the ceiling falls to 0.50 too.
    """
    out: list[dict[str, Any]] = []
    n = 0
    plan = [
        ("distance", 1, 1, 0),
        ("distance", 5, 1, 6),
        ("interference", 1, 1, 0),
        ("interference", 5, 1, 0),
        ("dispersion", 1, 1, 0),
        ("dispersion", 5, 10, 0),
    ]
    for dial, band, g, decoys in plan:
        for _ in range(PER_BAND):
            n += 1
            kinds = haystack(n, g, decoys, fillers=4 if g > 5 else 6)
            out.append(question(n, kinds, band=band, dial=dial, validated=stamp(dial)))
    return out


def banded(
    bands: dict[int, list[bool]], stamped: bool, dial: str = "distance"
) -> list[dict[str, Any]]:
    """One dial; per band, one question per entry, buried under natural decoys where the entry
    is True (coverage 0) and clean otherwise (coverage 1); every question stamped `stamped`."""
    out: list[dict[str, Any]] = []
    n = 0
    for band, buried in sorted(bands.items()):
        for bury in buried:
            n += 1
            kinds = haystack(n, 1, 6 if bury else 0)
            out.append(question(n, kinds, band=band, dial=dial, validated=stamped))
    return out


def thin_band() -> list[dict[str, Any]]:
    """A flat ladder whose hardest band holds four questions, one of them buried: it falls by
    0.25 on four questions, which certifies nothing (`thin-band`), yet it is stamped validated."""
    return banded({1: [False] * PER_BAND, 5: [False, True, False, False]}, stamped=True)


def not_significant() -> list[dict[str, Any]]:
    """Eight questions per end band, 2 and 4 of them buried: the band means fall 0.75 → 0.50,
    but a random relabelling falls that far three times in ten (`not-significant`)."""
    band_1 = [False, True, False, False, False, True, False, False]
    band_5 = [True, False, True, False, False, True, False, True]
    return banded({1: band_1, 5: band_5}, stamped=True)


def forgetting(invalidated_decoys: list[int], control_decoys: list[int]) -> list[dict[str, Any]]:
    """Four Forgetting pairs (invalidated + control, G = 2 each); each arm of pair p gets the
    p-th number of natural decoys (two leave gold on top, six bury both gold sessions)."""
    out: list[dict[str, Any]] = []
    for p in range(1, 5):
        arms = (
            ("invalidated", p, invalidated_decoys[p - 1]),
            ("control", p + 4, control_decoys[p - 1]),
        )
        for arm, n, decoys in arms:
            kinds = haystack(n, 2, decoys, spacing=5)  # Forgetting's gap is 4-15 sessions
            gold = [i for i, k in enumerate(kinds) if k == "gold"]
            second = "invalidation" if arm == "invalidated" else "reaffirmation"
            extra: dict[str, Any] = {
                "pair_id": pair_id("for", REVISION, p),
                "arm": arm,
                "gold_components": [
                    {"kind": "statement", "session_index": gold[0]},
                    {"kind": second, "session_index": gold[1]},
                ],
            }
            if arm == "control":
                extra["gold_components_redundant"] = True
            shape = "invalidated" if arm == "invalidated" else "still-valid"
            out.append(
                question(n, kinds, abbrev="for", vertical="forgetting", shape=shape, extra=extra)
            )
    return sorted(out, key=lambda q: q["question_id"])


def _stale_records(stamped: dict[str, Any]) -> None:
    """The mistakes CAL004 exists for: one question's coverage copied from an older run, the
    ceiling figures computed as if every ceiling were 1, a dependence typed in rather than
    measured, and the mistake docs/history.md records of validating a dial that falls only by its
    ceiling."""
    coverage = stamped["coverage"]
    first = sorted(coverage["per_question"])[0]
    coverage["per_question"][first] = 0.5
    coverage["ceiling_mean"] = 1.0
    coverage["shortfall_mean"] = round(1.0 - coverage["gold_bearing_mean"], 4)
    stamped["scaffolding"]["generic_dependence"] = 0.12
    for verdict in stamped["ladder"]["verdicts"]:
        if verdict["dial"] == "dispersion":
            verdict["kind"] = "validated"
            verdict["validated"] = True


def build(root: Path = FIXTURES) -> list[Path]:
    """Write every CAL fixture under `root`; return the folders written."""
    specs: list[tuple[str, str, list[dict[str, Any]], dict[str, Any]]] = [
        ("CAL001/pass", "prospective", in_band(), {}),
        ("CAL001/fail", "prospective", saturated(), {}),
        ("CAL002/pass", "prospective", in_band(), {}),
        ("CAL002/fail", "prospective", scaffolded(), {"declared_pattern": SCAFFOLD_PATTERN}),
        ("CAL003/pass", "prospective", ladder(lambda dial: dial == "distance"), {}),
        ("CAL003/fail", "prospective", ladder(lambda dial: dial != "distance"), {}),
        ("CAL003/fail/thin-band", "prospective", thin_band(), {}),
        ("CAL003/fail/not-significant", "prospective", not_significant(), {}),
        ("CAL004/pass", "prospective", ladder(lambda dial: dial == "distance"), {}),
        (
            "CAL004/fail",
            "prospective",
            ladder(lambda dial: dial == "distance"),
            {"patch": _stale_records},
        ),
        ("CAL005/pass", "forgetting", forgetting([6, 2, 2, 2], [2, 6, 2, 2]), {}),
        ("CAL005/fail", "forgetting", forgetting([6, 2, 2, 2], [6, 6, 2, 2]), {}),
    ]
    written = []
    for name, vertical, questions, options in specs:
        folder = root / name
        write_fixture(folder, vertical, questions, **options)
        written.append(folder)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURES
    for folder in build(target):
        print("wrote", folder)
