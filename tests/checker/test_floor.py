"""The floor one fixed reply sets (`checker.floor`): it is what the rules judge says of that
reply on every question, and no fixed reply gets both arms of a pair right. Every test loops
over the shipped corpora, so none names a vertical."""

from __future__ import annotations

import io
from collections import defaultdict
from functools import cache
from pathlib import Path

from checker.family import BY_KEY
from checker.floor import REFUSAL, ConstantFloor, constant_floor, first_sentence, fixed_replies
from checker.formats.corpus import Question
from checker.load import load_any, load_ours
from checker.runner.judge import Verdict, case_for
from checker.runner.rules import RulesJudge
from checker.summary import print_summaries
from site_gen import results
from site_gen.markup import esc
from site_gen.results import VerticalResults
from site_gen.sources import read_sources

SHIPPED = sorted(Path("corpora").glob("*/typedmemeval-*-2026.12.json"))
EXTERNAL = Path("tests") / "fixtures" / "external" / "longmemeval-excerpt.json"


@cache
def floors() -> list[tuple[Path, list[Question], ConstantFloor]]:
    out = []
    for path in SHIPPED:
        questions = load_ours(path).questions
        found = constant_floor(questions)
        assert found is not None, path
        out.append((path, questions, found))
    return out


def highest() -> tuple[Path, list[Question], ConstantFloor]:
    """The shipped corpus whose fixed reply is right most often."""
    return max(floors(), key=lambda f: (f[2].rate, str(f[0])))


def test_a_shape_whose_golds_share_one_state_gives_the_floor_all_of_it() -> None:
    """Where every gold answer of a shape opens with the same sentence (a state: "No longer."),
    that sentence is right on every one of them, so the floor is at least the shape's size;
    the shapes' counts add up, and no pair is right on both arms."""
    shared = 0
    for path, questions, found in floors():
        by_shape: dict[str, set[str]] = defaultdict(set)
        sizes: dict[str, int] = defaultdict(int)
        for q in questions:
            by_shape[q.typedmemeval.shape].add(first_sentence(q.answer))
            sizes[q.typedmemeval.shape] += 1
        for shape, openings in by_shape.items():
            if len(openings) == 1:
                shared += 1
                assert found.correct >= sizes[shape], (path, shape)
        assert sum(s.correct for s in found.shapes) == found.correct, path
        assert sum(s.measured for s in found.shapes) == found.measured, path
        assert sum(s.questions for s in found.shapes) == found.questions == len(questions)
        assert found.pairs_both == 0, path
    assert shared, "no shipped shape shares one opening: the test tests nothing"


def test_the_floor_is_the_best_of_the_replies_tried_as_the_judge_reads_them() -> None:
    """Recounted through the judge: every reply tried, on every question; none beats the
    floor, and the floor's own count is the judge's."""
    for path, questions, found in floors()[:3]:
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
        assert REFUSAL in counts and found.tried == len(counts)
        assert counts[found.answer] == found.correct
        assert max(counts.values()) == found.correct, path


def test_a_reply_the_judge_reads_nothing_in_is_inconclusive_not_wrong() -> None:
    """As in a run: a question the rules read no verdict in enters no rate."""
    short = 0
    for path, questions, found in floors():
        judge = RulesJudge(questions)
        verdicts = [judge.judge(case_for(q), found.answer).result for q in questions]
        assert found.measured == sum(1 for v in verdicts if isinstance(v, Verdict)), path
        short += found.measured < found.questions
    assert short, "every floor reply was read on every question: the test tests nothing"


def test_a_corpus_the_rules_judge_cannot_read_has_no_floor() -> None:
    corpus = load_any(EXTERNAL)
    assert constant_floor(corpus.questions) is None
    out = io.StringIO()
    print_summaries([corpus], out)
    assert "floor: not measured" in out.getvalue()


def test_the_summary_and_the_results_page_print_it_with_its_denominators() -> None:
    path, questions, found = highest()
    k, m, n = found.correct, found.measured, found.questions
    out = io.StringIO()
    print_summaries([load_any(path)], out)
    assert (
        f"floor: one fixed reply for every question, {found.answer!r}, is judged correct on "
        f"{k} of {m} measured ({k / m:.3f}; {m} of {n} questions measured"
    ) in out.getvalue()
    vertical = BY_KEY[questions[0].typedmemeval.vertical]
    page = results.vertical_results_page(VerticalResults(vertical, floor=found))
    assert "## Floor" in page and f"{k}/{m} measured questions ({k / m:.2f} (n={m})" in page
    if found.pairs:
        assert f"Both arms of a pair right: 0/{found.pairs} pairs" in page
    for s in found.shapes:
        row = f"| {esc(s.shape)} | {s.correct}/{s.measured} | {s.measured}/{s.questions} |"
        assert row in page


def test_the_results_page_names_every_run_at_or_under_the_floor_and_no_other() -> None:
    """Each published run is named beside its vertical's floor exactly when its correct share
    of measured questions is no larger than the floor's."""
    sources = read_sources(Path("."))
    named_any = False
    for key, data in sources.results.by_vertical.items():
        release = sources.latest(key)
        found = release.stats.floor if release and release.stats else None
        if found is None or not data.runs:
            continue
        block = results.floor_block(found, data.runs)
        for run in data.runs:
            v = run.overall.vector
            named = f"{results.run_label(run)} {v.counts['correct']}/{v.measured}" in block
            under = v.measured > 0 and v.counts["correct"] / v.measured <= found.rate
            assert named == under, (key, run.system, run.run_id)
            named_any |= named
    assert named_any
