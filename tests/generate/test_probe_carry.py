"""Measured probe records survive regenerating questions that ask what they asked, and only
those: a record is a model's measurement, which no generator can make.

The one change they survive besides none at all is the difficulty flag, which no prompt shows
and no judge reads, and which the ladder stamps from the V1 record itself."""

from __future__ import annotations

from pathlib import Path

from checker.formats.corpus import Question
from checker.formats.sidecar import ProbeRecord, Sidecar
from checker.load import load_ours, load_sidecar
from checker.retrieval import measure_ladder
from checker.retrieval.ladder import oracle_outcomes
from corpora.generate.core.stamp import (
    PROBES,
    UNMEASURED,
    Earlier,
    bound_to,
    in_memory,
    stamp_validated,
    still_measured,
)

ROOT = Path(__file__).resolve().parents[2]


def _shipped_with_bands() -> tuple[Sidecar, list[Question]]:
    """A shipped corpus whose questions declare difficulty bands (the ladder reads them)."""
    for path in sorted((ROOT / "corpora").glob("*/*.meta.json")):
        corpus = load_ours(path.with_name(path.name.replace(".meta.json", ".json")))
        if any(q.typedmemeval and q.typedmemeval.difficulty_dial for q in corpus.questions):
            return load_sidecar(path), corpus.questions
    raise AssertionError("no shipped corpus declares a difficulty dial")


def _measured(sha256: str, outcomes: dict[str, str] | None = None) -> ProbeRecord:
    return ProbeRecord(
        status="measured",
        model="m",
        date="2026-12-07",
        corpus_sha256=sha256,
        applicable=len(outcomes or {"q": ""}),
        outcomes=outcomes or {"q": "correct"},
    )


def _earlier(probes: dict[str, ProbeRecord]) -> Earlier:
    sidecar, questions = _shipped_with_bands()
    return Earlier(sidecar.model_copy(update={"probes": sidecar.probes | probes}), questions)


def _flag_flipped(questions: list[Question]) -> list[Question]:
    """The questions with every banded question's difficulty flag turned over."""
    out = []
    for q in questions:
        block = q.typedmemeval
        if block is not None and block.difficulty_dial:
            flag = not block.difficulty_validated
            q = q.model_copy(
                update={"typedmemeval": block.model_copy(update={"difficulty_validated": flag})}
            )
        out.append(q)
    return out


def test_the_same_questions_keep_every_measured_record_of_their_bytes_and_nothing_else() -> None:
    sidecar, questions = _shipped_with_bands()
    other = "0" * 64
    earlier = _earlier({"v1": _measured(sidecar.corpus_sha256), "v2": _measured(other)})
    # V2 named other bytes than its sidecar's: it measured something else and is not kept.
    # (The sidecar's other measured records, of its own bytes, are kept as they are.)
    others = {
        n: r for n, r in sidecar.probes.items() if r.status == "measured" and n not in ("v1", "v2")
    }
    assert still_measured(earlier, questions) == {"v1": _measured(sidecar.corpus_sha256)} | others
    shipped = {n for n, r in sidecar.probes.items() if r.status == "measured"}
    assert set(still_measured(Earlier(sidecar, questions), questions)) == shipped
    assert still_measured(None, questions) == {}


def test_a_changed_question_drops_every_record_but_a_changed_difficulty_flag_does_not() -> None:
    sidecar, questions = _shipped_with_bands()
    earlier = _earlier({"v1": _measured(sidecar.corpus_sha256)})
    measured = {n for n, r in earlier.sidecar.probes.items() if r.status == "measured"}
    assert "v1" in measured
    assert set(still_measured(earlier, _flag_flipped(questions))) == measured
    reworded = [questions[0].model_copy(update={"question": questions[0].question + "?"})]
    assert still_measured(earlier, reworded + questions[1:]) == {}
    block = questions[0].typedmemeval
    assert block is not None
    rebanded = block.model_copy(update={"difficulty": (block.difficulty or 0) + 1})
    moved = [questions[0].model_copy(update={"typedmemeval": rebanded})]
    assert still_measured(earlier, moved + questions[1:]) == {}
    assert still_measured(earlier, questions[1:]) == {}
    assert still_measured(earlier, list(reversed(questions))) == {}


def test_a_record_bound_to_new_bytes_says_which_bytes_it_ran_on() -> None:
    first, second, third = "a" * 64, "b" * 64, "c" * 64
    record = _measured(first)
    moved = bound_to({"v1": record}, second)["v1"]
    assert (moved.corpus_sha256, moved.carried_from) == (second, first)
    # Carried again: still the bytes the model ran on, not the bytes it was last bound to.
    again = bound_to({"v1": moved}, third)["v1"]
    assert (again.corpus_sha256, again.carried_from) == (third, first)
    assert bound_to({"v1": moved}, second)["v1"] == moved
    assert bound_to({"v1": record}, first)["v1"] == record
    back = bound_to({"v1": moved}, first)["v1"]
    assert (back.corpus_sha256, back.carried_from) == (first, None)


def _banded_corpora() -> list[list[Question]]:
    out = []
    for path in sorted((ROOT / "corpora").glob("*/*.meta.json")):
        corpus = load_ours(path.with_name(path.name.replace(".meta.json", ".json")))
        if any(q.typedmemeval and q.typedmemeval.difficulty_dial for q in corpus.questions):
            out.append(corpus.questions)
    return out


def test_the_generator_stamps_flags_and_ladder_from_the_v1_it_is_given() -> None:
    """The flags the generator stamps under a V1 record are the ladder's verdicts read through
    that record. An oracle right on every easiest-band question and wrong on every other is as
    far from flat as can be, so V1 takes away every validation and never adds one; where a dial
    validates without V1, the flags change."""
    changed = 0
    for questions in _banded_corpora():
        banded = [q for q in questions if q.typedmemeval and q.typedmemeval.difficulty_dial]
        easiest = min(q.typedmemeval.difficulty or 0 for q in banded if q.typedmemeval)
        steep = {
            q.question_id: "correct" if q.typedmemeval.difficulty == easiest else "wrong"
            for q in banded
            if q.typedmemeval
        }
        v1 = _measured("0" * 64, steep)
        assert oracle_outcomes(v1) == {qid: o == "correct" for qid, o in steep.items()}
        within = stamp_validated(questions, v1=v1)
        _, bare = in_memory(questions)
        _, read = in_memory(within)
        before = {v.dial: v for v in measure_ladder(bare).verdicts}
        after = {v.dial: v for v in measure_ladder(read, v1=v1).verdicts}
        for dial, verdict in after.items():
            assert not verdict.validated
            if before[dial].validated:
                assert verdict.kind == "oracle-not-flat"
                changed += 1
        for q in within:
            block = q.typedmemeval
            if block is not None and block.difficulty_dial:
                assert block.difficulty_validated == after[block.difficulty_dial].validated
        if any(v.validated for v in before.values()):
            assert within != stamp_validated(questions)
    # At least one shipped dial validates without V1, or this test would check nothing but
    # `not validated`.
    assert changed >= 1


def test_an_unmeasured_record_is_never_carried() -> None:
    sidecar, questions = _shipped_with_bands()
    fresh = {name: ProbeRecord(status="unmeasured", reason=UNMEASURED[name]) for name in PROBES}
    earlier = Earlier(sidecar.model_copy(update={"probes": fresh}), questions)
    assert still_measured(earlier, questions) == {}
