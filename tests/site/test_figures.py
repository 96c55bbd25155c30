"""Figures: deterministic SVG bytes, denominators in every caption, the numbers in a fold, and
the competent retriever drawn exactly when a coverage record carries it."""

from __future__ import annotations

import pytest

from checker.family import BY_KEY, VERTICALS
from checker.formats.retrieval import CompetentRecord
from checker.formats.sidecar import Sidecar
from site_gen import corpus_figures, verticals
from site_gen.corpus_plots import (
    CoverageSeries,
    FeaturePoint,
    LadderDial,
    coverage_svg,
    gh_svg,
    ladder_svg,
    separability_svg,
)
from site_gen.figures import NUMBERS_TITLE, Figure, figure_block
from site_gen.markup import Md
from site_gen.plots import OutcomeBar, OutcomeRange, band_svg, outcome_bars_svg
from site_gen.sources import CorpusRelease, SiteSources


def _release(sources: SiteSources, key: str) -> CorpusRelease:
    release = sources.latest(key)
    assert release is not None and release.sidecar is not None
    return release


SVGS = {
    "gh": lambda: gh_svg({0: 15, 2: 35}, {15: 6, 25: 10}, 50),
    "coverage": lambda: coverage_svg(
        ["all shapes", "a"],
        [CoverageSeries("BM25", {"all shapes": (0.7, 35), "a": (None, 0)})],
        (0.5, 0.9),
        5,
    ),
    "ladder": lambda: ladder_svg(
        [LadderDial("distance", ["1", "5"], [0.9, None], [0.8, 0.6], [4, 4], "validated", 0.15)]
    ),
    "separability": lambda: separability_svg(
        [FeaturePoint("x", 0.61, 0.58, "pass"), FeaturePoint("y", 0.8, 0.6, "refused")], 0.75, 8
    ),
    "outcomes": lambda: outcome_bars_svg(
        [OutcomeBar("a", [("correct", 3), ("wrong", 1)], 4, 5, 0.5)], "run 1"
    ),
    "band": lambda: band_svg([OutcomeRange("correct", 3, 5, 10)], "run set 1"),
}


@pytest.mark.parametrize("kind", sorted(SVGS))
def test_every_plot_is_deterministic_and_carries_no_date_or_text(kind: str) -> None:
    a, b = SVGS[kind](), SVGS[kind]()
    assert a == b
    assert a.startswith(b"<?xml")
    assert b"<dc:date>" not in a and b"Matplotlib v" not in a
    assert b"<text" not in a  # text is drawn as paths


def test_a_figure_block_has_image_caption_and_fold() -> None:
    figure = Figure(
        "x-gh.svg", "alt <b>text</b>", Md("caption 3/5"), Md("| a |\n|---|\n| 1 |\n"), b""
    )
    block = figure_block(figure, "plots")
    assert block.startswith("![alt &#60;b&#62;text&#60;/b&#62;](plots/x-gh.svg)")
    assert "*Figure.* caption 3/5" in block
    assert f'??? info "{NUMBERS_TITLE}"' in block and "\n    | 1 |" in block
    with pytest.raises(ValueError, match="plain .svg name"):
        Figure("../x.svg", "", Md(""), Md(""), b"")


def test_every_shipped_vertical_gets_its_figures(shipped: SiteSources) -> None:
    for v in VERTICALS:
        release = shipped.latest(v.key)
        figures = corpus_figures.vertical_figures(v, release)
        if release is None:
            assert figures == {}
            continue
        assert {"gh", "coverage", "separability"} <= set(figures)
        assert release.sidecar is not None and release.sidecar.ladder is not None
        assert ("ladder" in figures) == bool(release.sidecar.ladder.verdicts)
        for figure in figures.values():
            assert figure.file_name.startswith(f"{v.key}-")
            assert "(n=" in figure.numbers or "/" in figure.numbers


def test_captions_name_their_denominators(shipped: SiteSources) -> None:
    release = _release(shipped, "forgetting")
    figures = corpus_figures.vertical_figures(BY_KEY["forgetting"], release)
    assert "out of all 50" in figures["gh"].caption
    cov = release.sidecar.coverage  # type: ignore[union-attr]
    assert cov is not None
    assert f"{cov.gold_bearing_n} of {cov.all_n} questions have gold" in figures["coverage"].caption
    sep = figures["separability"]
    tested = release.sidecar.separability.features_tested  # type: ignore[union-attr]
    assert f"of the {tested} features tested" in sep.caption and "(n = 35)" in sep.caption
    # The full single-feature table is behind the fold, not only the page's top rows.
    recorded = len(release.sidecar.separability.features)  # type: ignore[union-attr]
    assert sep.numbers.count("\n| ") == recorded  # one line per feature after the header
    assert "validated" in figures["ladder"].alt


def _with_competent(sidecar: Sidecar) -> Sidecar:
    cov = sidecar.coverage
    assert cov is not None
    competent = CompetentRecord(
        retriever="reranker-test",
        model="test",
        k_ref=cov.k_ref,
        gold_bearing_n=cov.gold_bearing_n,
        gold_bearing_mean=0.95,
        per_shape={s: min(1.0, v + 0.2) for s, v in cov.per_shape.items()},
        per_shape_n=dict(cov.per_shape_n),
    )
    return sidecar.model_copy(update={"coverage": cov.model_copy(update={"competent": competent})})


def test_the_coverage_figure_shows_the_competent_retriever_only_when_recorded(
    shipped: SiteSources,
) -> None:
    release = _release(shipped, "forgetting")
    vertical = BY_KEY["forgetting"]
    assert release.sidecar is not None and release.sidecar.coverage is not None
    bare = release.sidecar.model_copy(
        update={"coverage": release.sidecar.coverage.model_copy(update={"competent": None})}
    )
    assert bare.coverage is not None
    plain = corpus_figures.coverage_figure("forgetting", vertical, bare.coverage)
    assert corpus_figures.competent_coverage(bare.coverage) is None
    assert "no competent-retriever record" in plain.caption
    assert "competent" not in plain.numbers and "competent" not in plain.alt

    sidecar = _with_competent(bare)
    assert sidecar.coverage is not None
    both = corpus_figures.coverage_figure("forgetting", vertical, sidecar.coverage)
    assert "competent retriever (reranker-test)" in both.alt
    assert "competent-retriever gold-bearing mean" in both.numbers
    assert "0.95 (n=35)" in both.numbers
    assert "no competent-retriever record" not in both.caption
    assert both.svg != plain.svg


def test_vertical_page_places_each_figure_in_its_section(shipped: SiteSources) -> None:
    release = _release(shipped, "workingmemory")
    vertical = BY_KEY["workingmemory"]
    figures = corpus_figures.vertical_figures(vertical, release)
    blocks = {k: figure_block(f, "plots") for k, f in figures.items()}
    page = verticals.vertical_page(vertical, release, blocks)
    order = [
        "## G and H distributions",
        "plots/workingmemory-gh.svg",
        "## BM25 calibration",
        "plots/workingmemory-coverage.svg",
        "## Separability (V7)",
        "plots/workingmemory-separability.svg",
        "#### Learned adversary",
        "## Difficulty ladder",
        "plots/workingmemory-ladder.svg",
        "## Model probes",
    ]
    positions = [page.index(marker) for marker in order]
    assert positions == sorted(positions)
    assert "(../inside/workingmemory.md)" in page
