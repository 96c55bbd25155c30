"""The floor one fixed reply sets (`checker.floor`): it is what the rules judge says of that
reply on every question, and no fixed reply gets both arms of a pair right."""

from __future__ import annotations

import io
from pathlib import Path

from checker.family import BY_KEY
from checker.floor import REFUSAL, constant_floor, fixed_replies
from checker.load import load_any, load_ours
from checker.runner.judge import Verdict, case_for
from checker.runner.rules import RulesJudge
from checker.summary import print_summaries
from site_gen import results
from site_gen.results import VerticalResults
from site_gen.sources import read_sources

CORPORA = Path("corpora")
FORGETTING = CORPORA / "forgetting" / "typedmemeval-forgetting-2026.12.json"
EXTERNAL = Path("tests") / "fixtures" / "external" / "longmemeval-excerpt.json"


def test_forgetting_s_floor_is_its_commonest_state_on_every_question_that_has_it() -> None:
    """Its three shapes ask alike; "No longer." is right on every invalidated question and on
    no other, and on neither arm pair of the invalidated / still-valid pairs both ways."""
    questions = load_ours(FORGETTING).questions
    found = constant_floor(questions)
    assert found is not None
    shapes = {s.shape: (s.correct, s.questions) for s in found.shapes}
    invalidated = sum(1 for q in questions if q.typedmemeval.shape == "invalidated")
    assert found.answer == "No longer."
    assert shapes["invalidated"] == (invalidated, invalidated)
    assert found.correct == invalidated and found.questions == len(questions)
    assert shapes["still-valid"][0] == shapes["never-known"][0] == 0
    assert found.pairs > 0 and found.pairs_both == 0


def test_the_floor_is_the_best_of_the_replies_tried_as_the_judge_reads_them() -> None:
    """Recounted by hand: every reply tried, judged on every question; none beats the floor,
    and the floor's own count is the judge's."""
    for path in sorted(CORPORA.glob("*/typedmemeval-*-2026.12.json"))[:3]:
        questions = load_ours(path).questions
        found = constant_floor(questions)
        assert found is not None
        judge = RulesJudge(questions)
        cases = [case_for(q) for q in questions]
        counts = {
            reply: sum(
                1
                for c in cases
                if isinstance(v := judge.judge(c, reply).result, Verdict) and v.outcome == "correct"
            )
            for reply in fixed_replies(questions)
        }
        replies = fixed_replies(questions)
        assert REFUSAL in replies and found.tried == len(replies)
        assert counts[found.answer] == found.correct
        assert max(counts.values()) == found.correct, path


def test_a_corpus_the_rules_judge_cannot_read_has_no_floor() -> None:
    corpus = load_any(EXTERNAL)
    assert constant_floor(corpus.questions) is None
    out = io.StringIO()
    print_summaries([corpus], out)
    assert "floor: not measured" in out.getvalue()


def test_the_summary_and_the_results_page_print_it_with_its_denominators() -> None:
    corpus = load_any(FORGETTING)
    found = constant_floor(corpus.questions)
    assert found is not None
    k, m, n = found.correct, found.measured, found.questions
    out = io.StringIO()
    print_summaries([corpus], out)
    assert (
        f"floor: one fixed reply for every question, 'No longer.', is judged correct on {k} of "
        f"{m} measured ({k / m:.3f}; {m} of {n} questions measured"
    ) in out.getvalue()
    page = results.vertical_results_page(VerticalResults(BY_KEY["forgetting"], floor=found))
    assert "## Floor" in page and f"{k}/{m} measured questions ({k / m:.2f} (n={m})" in page
    assert f"Both arms of a pair right: 0/{found.pairs} pairs" in page
    assert f"| invalidated | {k}/{k} | {k}/{k} |" in page


def test_a_reply_the_judge_reads_nothing_in_is_inconclusive_not_wrong() -> None:
    """As in a run: Conjunction's best fixed reply is a count, which its sum and order
    questions read no verdict in; those enter no rate."""
    questions = load_ours(
        CORPORA / "conjunction" / "typedmemeval-conjunction-2026.12.json"
    ).questions
    found = constant_floor(questions)
    assert found is not None and found.measured < found.questions
    judge = RulesJudge(questions)
    verdicts = [judge.judge(case_for(q), found.answer).result for q in questions]
    assert found.measured == sum(1 for v in verdicts if isinstance(v, Verdict))
    assert found.correct == sum(
        1 for v in verdicts if isinstance(v, Verdict) and v.outcome == "correct"
    )


def test_the_results_page_names_every_run_at_or_under_the_floor_and_no_other() -> None:
    """Each published Forgetting run is named beside the floor exactly when its correct share
    of measured questions is no larger than the floor's."""
    sources = read_sources(Path("."))
    data = sources.results.by_vertical["forgetting"]
    release = sources.latest("forgetting")
    assert release is not None and release.stats is not None and data.runs
    found = release.stats.floor
    assert found is not None
    block = results.floor_block(found, data.runs)
    for run in data.runs:
        v = run.overall.vector
        named = f"{results.run_label(run)} {v.counts['correct']}/{v.measured}" in block
        under = v.measured > 0 and v.counts["correct"] / v.measured <= found.rate
        assert named == under, (run.system, v.counts["correct"], v.measured)
