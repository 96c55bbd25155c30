"""A sampled probe's read samples pooled per shape, beside the chance of a guess where the
shape's questions name their candidates: a guesser fails V2 there by chance, not by a leak."""

from __future__ import annotations

from pathlib import Path

from checker.family import BY_KEY
from checker.formats.sidecar import ProbeRecord
from checker.load import load_ours
from checker.probes import applicable, sample_lines

ROOT = Path(__file__).resolve().parents[2]


def _with_a_chance_floor() -> Path:
    """The first shipped corpus one of whose shapes names its candidates."""
    for path in sorted((ROOT / "corpora").glob("*/typedmemeval-*.json")):
        if path.name.endswith(".meta.json"):
            continue
        vertical = path.parent.name
        if any(s.chance_floor is not None for s in BY_KEY[vertical].shapes):
            return path
    raise AssertionError("no shipped vertical declares a chance floor")


def test_pooled_samples_per_shape_name_the_chance_of_a_guess() -> None:
    corpus = load_ours(_with_a_chance_floor())
    ids = applicable("v2", corpus.questions)
    # Every question: 10 samples, 6 read, 3 of them hits.
    record = ProbeRecord(
        status="measured",
        model="m",
        date="2026-12-07",
        corpus_sha256=corpus.sha256,
        applicable=len(ids),
        outcomes=dict.fromkeys(ids, "fail"),
        samples=10,
        hits=dict.fromkeys(ids, 3),
        read=dict.fromkeys(ids, 6),
    )
    lines = sample_lines({"v2": record}, corpus.questions)["v2"]
    assert lines[0] == (
        f"samples: {3 * len(ids)} reproduced gold of {6 * len(ids)} the judge read "
        f"(of {10 * len(ids)} asked; 2 hits in a question's 10 fail it)"
    )
    profile = BY_KEY[corpus.questions[0].typedmemeval.vertical]
    by_shape = {line.split(":")[0].strip(): line for line in lines[1:]}
    asked = {q.typedmemeval.shape for q in corpus.questions if q.question_id in ids}
    assert set(by_shape) == asked
    for shape in profile.shapes:
        line = by_shape.get(shape.name)
        if line is None:
            continue
        assert "(0.500)" in line
        assert ("chance of a guess" in line) == (shape.chance_floor is not None)
        if shape.chance_floor is not None:
            assert line.endswith(f"named candidates {shape.chance_floor}")
    # Without the count of samples read (or for a judged probe) nothing is pooled.
    assert sample_lines({"v2": record.model_copy(update={"read": {}})}, corpus.questions) == {}
    assert sample_lines({"v1": record}, corpus.questions) == {}
