"""Aggregation: outcome vectors and strata, pair consistency from asserted states, the vertical
extras, coverage against the floor, and a run that measured nothing."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from checker.formats.result import ResultFile, ResultRow
from checker.load import LoadedCorpus, load_index
from checker.results.aggregate import QuestionFacts, aggregate, pair_consistency, question_facts
from checker.results.validate import load_indexed_corpus
from tests.results.result_examples import Declared, Policy, example_result

REVISION = "2026.12"


def _corpus(index: Path, key: str) -> tuple[LoadedCorpus, str]:
    corpus_id = f"typedmemeval-{key}-{REVISION}"
    return load_indexed_corpus(index, load_index(index).corpora[corpus_id]), corpus_id


def _result(
    index: Path, key: str, policy: str | Policy, seed: int = 0
) -> tuple[ResultFile, LoadedCorpus]:
    corpus, corpus_id = _corpus(index, key)
    doc = example_result(corpus, corpus_id, REVISION, policy, seed=seed)
    return ResultFile.model_validate(doc), corpus


# --- pair consistency (acceptance) ----------------------------------------------------------


def test_time_blind_system_scores_19_of_19_both_arms_same(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "prospective", "time-blind")
    p = aggregate(result, corpus).pair_consistency
    assert p is not None
    assert (p.pairs, p.measured, p.both_same) == (19, 19, 19)
    # Its outcome labels differ on every pair (before correct, after missed): comparing labels
    # would have called this system consistent on 0/19.
    assert (p.both_correct, p.premature, p.missed_after) == (0, 0, 19)


def test_perfect_system_scores_0_of_19_both_arms_same(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "prospective", "perfect")
    p = aggregate(result, corpus).pair_consistency
    assert p is not None
    assert (p.measured, p.both_same, p.both_correct, p.premature, p.missed_after) == (
        19,
        0,
        19,
        0,
        0,
    )


def test_early_firing_system_shows_premature(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "prospective", "fires-early")
    agg = aggregate(result, corpus)
    p = agg.pair_consistency
    assert p is not None
    assert (p.premature, p.both_correct, p.missed_after) == (19, 0, 0)
    assert agg.overall.vector.counts["premature"] == 19


def test_pair_consistency_reads_asserted_states_not_outcomes(corpora_index: Path) -> None:
    """Same outcome labels, different asserted states: the figure follows the states."""
    corpus, _ = _corpus(corpora_index, "prospective")
    facts = question_facts(corpus)
    before = next(f for f in facts.values() if f.arm == "before")
    after = next(f for f in facts.values() if f.arm == "after" and f.pair_id == before.pair_id)
    rows = [
        ResultRow.model_validate(
            {"question_id": f.question_id, "outcome": "wrong", "asserted_state": state}
        )
        for f, state in ((before, "other"), (after, "other"))
    ]
    sub = {before.question_id: before, after.question_id: after}
    same = pair_consistency(rows, sub)
    assert same is not None and (same.measured, same.both_same) == (1, 1)
    rows[1] = rows[1].model_copy(update={"asserted_state": "fired"})
    differ = pair_consistency(rows, sub)
    assert differ is not None and differ.both_same == 0


def test_pair_without_asserted_state_is_unmeasured_not_counted(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "prospective", "perfect")
    facts = question_facts(corpus)
    first_before = next(r for r in result.rows if facts[r.question_id].arm == "before")
    rows = [
        r.model_copy(update={"outcome": "inconclusive", "asserted_state": None, "reason": "x"})
        if r is first_before
        else r
        for r in result.rows
    ]
    p = pair_consistency(rows, facts)
    assert p is not None
    assert (p.pairs, p.measured, len(p.unmeasured)) == (19, 18, 1)


# --- strata, chance floors, rates ---------------------------------------------------------


def test_shape_strata_carry_n_marks_and_chance_floor(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "episodic", "perfect")
    agg = aggregate(result, corpus)
    shapes = {s.label: s for s in agg.by_shape}
    assert {k: s.vector.n for k, s in shapes.items()} == {
        "assistant-stated": 20,
        "list-order": 15,
        "participant-attribution": 15,
    }
    assert all(s.diagnostic for s in shapes.values())  # every shape < 30
    assert not any(s.small for s in shapes.values())  # none < 15
    attribution = shapes["participant-attribution"]
    assert attribution.chance_floor == Fraction(1, 3)
    assert attribution.above_chance == pytest.approx(1 - 1 / 3)
    assert shapes["list-order"].chance_floor is None
    assert agg.overall.vector.n == 50 and not agg.overall.diagnostic


def test_small_shapes_are_marked(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "prospective", "perfect")
    small = {s.label for s in aggregate(result, corpus).by_shape if s.small}
    assert small == {
        "as-of",
        "current",
        "prospective",
        "due-later-reminder",
        "expiring-validity",
        "not-yet-true",
    }


def test_rates_exclude_inconclusive_and_unrun(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "forgetting", "varied")
    v = aggregate(result, corpus).overall.vector
    assert v.counts["unrun"] == 1 and v.counts["inconclusive"] == 1
    assert v.measured == 48
    assert v.rate("correct") == pytest.approx(v.counts["correct"] / 48)
    assert v.rate("unrun") is None


def test_a_run_that_measured_nothing_says_so(corpora_index: Path) -> None:
    def nothing(f: QuestionFacts, rng: random.Random) -> Declared:
        return Declared("unrun", reason="provider outage")

    result, corpus = _result(corpora_index, "forgetting", nothing)
    agg = aggregate(result, corpus)
    assert agg.measured_nothing
    assert agg.overall.correct_rate is None  # never 0.0
    assert any("measured nothing" in n for n in agg.notes)
    assert agg.coverage.mean is None
    assert agg.sub_labels and all(s.measured == 0 for s in agg.sub_labels)


# --- vertical extras ----------------------------------------------------------------------


def test_forgetting_sub_counts_over_their_shapes(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "forgetting", "varied", seed=3)
    counts = {s.name: s for s in aggregate(result, corpus).sub_labels}
    assert set(counts) == {"stale-recall", "over-forgetting", "mis-attributed-forgetting"}
    facts = question_facts(corpus)

    def count(label: str) -> int:
        return sum(1 for r in result.rows if r.sub_label == label)

    for name, s in counts.items():
        assert s.count == count(name)
    measured_never = [
        r
        for r in result.rows
        if facts[r.question_id].shape == "never-known"
        and r.outcome not in ("unrun", "inconclusive")
    ]
    assert counts["mis-attributed-forgetting"].measured == len(measured_never)
    assert counts["mis-attributed-forgetting"].shape == "never-known"
    assert sum(s.measured for s in counts.values()) == 48


def test_workingmemory_outcome_by_distance(corpora_index: Path) -> None:
    def fades(f: QuestionFacts, rng: random.Random) -> Declared:
        return Declared("correct" if (f.distance or 0) <= 27 else "wrong")

    result, corpus = _result(corpora_index, "workingmemory", fades)
    curve = aggregate(result, corpus).distance_curve
    bands = ("6-16", "17-27", "28-38", "39-49", "50-60")
    assert [s.label for s in curve] == [f"distance {b}" for b in bands]
    assert [s.vector.counts["correct"] for s in curve] == [12, 12, 0, 0, 0]
    assert all(s.vector.n == 12 and s.diagnostic and s.small for s in curve)


def test_list_order_scored_on_mentioned_items_by_coverage(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "episodic", "varied", seed=1)
    slices = {s.condition: s for s in aggregate(result, corpus).list_order}
    scored = [r for r in result.rows if r.list_order is not None]
    assert slices["all"].questions == len(scored)
    assert slices["all"].pairs == sum(r.list_order.pairs for r in scored if r.list_order)
    inversions = sum(r.list_order.inversions for r in scored if r.list_order)
    assert slices["all"].pairwise_accuracy == pytest.approx(
        (slices["all"].pairs - inversions) / slices["all"].pairs
    )
    assert sum(s.questions for k, s in slices.items() if k != "all") == len(scored)


def test_coverage_against_floor_and_attribution(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "forgetting", "varied", seed=2)
    agg = aggregate(result, corpus)
    c = agg.coverage
    assert c.gold_bearing == 35  # never-known probes have nothing to retrieve
    assert corpus.sidecar is not None and corpus.sidecar.coverage is not None
    assert c.floor == corpus.sidecar.coverage.gold_bearing_mean
    observed = [r.realised_coverage.value for r in result.rows if r.realised_coverage]
    assert c.observed == len(observed)
    assert c.mean == pytest.approx(sum(observed) / len(observed))
    partial = [
        r
        for r in result.rows
        if r.realised_coverage
        and r.realised_coverage.per_component
        and not all(r.realised_coverage.per_component)
    ]
    assert c.components_partial == len(partial) > 0
    with_components = sum(
        1 for r in result.rows if r.realised_coverage and r.realised_coverage.per_component
    )
    statement = c.components["statement"]
    assert statement == (with_components, with_components)  # the statement always surfaced
    invalidation = c.components["invalidation"]
    assert invalidation[0] == invalidation[1] - len(partial)
    t = agg.attribution
    assert t.present + t.absent + t.unobserved == t.denominator
    wrong_absent = sum(
        1
        for r in result.rows
        if r.outcome == "wrong" and r.evidence is not None and r.evidence.status == "absent"
    )
    assert t.wrong_absent == wrong_absent > 0


def test_headroom_is_unmeasured_without_probe_records(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "forgetting", "perfect")
    h = aggregate(result, corpus).headroom
    assert h.status == "unmeasured" and h.v1_minus_v9 is None
    assert h.over_k_ref == 0


def test_aggregate_refuses_rows_that_do_not_match_the_corpus(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "forgetting", "perfect")
    short = result.model_copy(update={"rows": result.rows[1:]})
    with pytest.raises(ValueError, match="run `typedmemeval check`"):
        aggregate(short, corpus)


def test_as_dict_has_every_denominator(corpora_index: Path) -> None:
    result, corpus = _result(corpora_index, "prospective", "varied")
    d = aggregate(result, corpus).as_dict()
    assert d["overall"]["n"] == 50 and d["overall"]["measured"] == 48
    assert all("n" in s and "measured" in s for s in d["by_shape"])
    assert d["pair_consistency"]["pairs"] == 19
    assert d["coverage"]["gold_bearing"] == 50
    assert "composite" not in str(d) and "overall_score" not in d
