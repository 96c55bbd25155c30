"""Every results figure's caption names the answer model and the judge of the runs it draws."""

from __future__ import annotations

import dataclasses

import pytest

from checker.runner.models import RULES_JUDGE, SMOLLM2_135M
from site_gen.result_figures import credit, pairs_figure, result_figures
from site_gen.results import VerticalResults, ordered
from site_gen.sources import read_sources
from tests.site import site_data


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[VerticalResults]:
    root = site_data.build(tmp_path_factory.mktemp("root-credits"))
    return list(read_sources(root).results.by_vertical.values())


def test_every_results_figure_names_its_model_and_judge(pages: list[VerticalResults]) -> None:
    kinds = set()
    for data in pages:
        drawn = result_figures(data)
        for figure in drawn.all():
            kinds.add(figure.file_name.removesuffix(".svg").split("-")[1])
            assert "Answer model `answer-model-a` (identity not recorded)" in figure.caption
            assert "judge model judge `judge-model-a` (identity not recorded)" in figure.caption
    # The fixture draws run outcomes, a band and pair consistency: each kind was checked.
    assert {"run", "band", "pairs"} <= kinds


def test_runs_with_different_models_are_named_run_by_run(pages: list[VerticalResults]) -> None:
    data = next(d for d in pages if d.vertical.key == "prospective")
    runs = ordered(data.runs)
    runs[1] = dataclasses.replace(runs[1], answer_model=SMOLLM2_135M.alias, judge_model=RULES_JUDGE)
    figure = pairs_figure(data.vertical.key, runs)
    assert figure is not None
    assert "run 1: answer model `answer-model-a` (identity not recorded)" in figure.caption
    assert (
        f"run 2: answer model `{SMOLLM2_135M.alias}`: `{SMOLLM2_135M.short()}`, judge "
        f"`{RULES_JUDGE}` (deterministic rules, no model)"
    ) in figure.caption


def test_a_figure_of_no_run_credits_nobody() -> None:
    assert credit([]) == ""
