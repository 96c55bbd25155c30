"""Unit tests of the page functions: data in, Markdown or SVG out, no MkDocs involved."""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from checker.family import BY_KEY, VERTICALS
from checker.registry import all_rules
from site_gen import downloads, reference, result_figures, results, verticals
from site_gen.croissant import croissant
from site_gen.identity import LICENSE
from site_gen.markup import Md, code, esc, link, table
from site_gen.nav import summary
from site_gen.numerals import (
    band,
    chance,
    fraction,
    ident,
    project_text,
    rate,
    ratio,
    shape_mark,
    signed_rate,
)
from site_gen.plots import Point, distance_curve_svg, pair_consistency_svg
from site_gen.sources import CorpusStats, SiteSources, read_release, read_sources
from tests.site import site_data

REPO = Path(__file__).resolve().parents[2]


# --- markup -------------------------------------------------------------------------------


def test_esc_turns_every_syntax_character_into_a_reference() -> None:
    out = esc("<b>[x](javascript:y) **z** `c` | # !\n- item")
    bare = re.sub(r"&#\d+;", "", out)
    for raw in "<>[]()*`|#!&-":
        assert raw not in bare
    assert "\n" not in out
    assert "javascript&#58;" in out


def test_md_refuses_to_join_plain_text() -> None:
    assert isinstance(Md("a") + Md("b"), Md)
    with pytest.raises(TypeError, match="esc"):
        Md("a") + "<script>"


def test_table_escapes_plain_cells_and_keeps_md() -> None:
    out = table(["h", "k"], [["<i>x</i>", Md("**y**")]])
    assert "&#60;i&#62;x" in out
    assert "**y**" in out
    with pytest.raises(ValueError, match="2 columns"):
        table(["h", "k"], [["only one"]])


def test_code_and_link() -> None:
    assert code("a`b") == "``a`b``"
    assert code("a|b") == esc("a|b")
    assert link("x", "../corpora/index.md") == "[x](../corpora/index.md)"
    for bad in ("javascript:alert(1)", "https://example.invalid/", "a b.md"):
        with pytest.raises(ValueError):
            link("x", bad)


# --- numbers ------------------------------------------------------------------------------


def test_numbers_carry_their_denominator() -> None:
    assert fraction(12, 15) == "12/15"
    assert rate(0.8, 15) == "0.80 (n=15)"
    assert rate(None, 15) == "unmeasured"
    assert signed_rate(0.27, 15) == "+0.27 (n=15)"
    assert signed_rate(-0.0667, 15) == "\u22120.07 (n=15)"
    assert signed_rate(-0.001, 15) == "+0.00 (n=15)"
    assert ratio(3, 4) == "0.75 (n=4)"
    assert ratio(0, 0) == "— (n=0)"
    assert band(12, 14, 50) == "12–14/50"
    assert band(3, 3, 50) == "3/50"
    assert chance(Fraction(1, 3)) == "1/3"
    assert chance(None) == "—"


def test_shape_marks_follow_the_family_thresholds() -> None:
    assert shape_mark(6).startswith("diagnostic only")
    assert shape_mark(20).startswith("diagnostic stratum")
    assert shape_mark(60) == ""


def test_project_text_sets_constants_as_code_and_escapes_the_rest() -> None:
    out = project_text("refuse at 0.75 in 20% of <question_id> rows; keep `0.5`; rev 2026.12")
    assert "`0.75`" in out and "`20%`" in out and "`0.5`" in out
    assert "rev 2026&#46;12" in out  # a revision label is not a rate
    assert "<question_id>" not in out


def test_ident_codes_only_rate_shaped_names() -> None:
    assert ident("Alpha store") == "Alpha store"
    assert ident("Recall 0.9") == "`Recall 0.9`"


# --- vertical pages -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> SiteSources:
    """The stand-in repository's sources, read once (reading runs the result checks)."""
    return read_sources(site_data.build(tmp_path_factory.mktemp("sources-root")))


@pytest.mark.parametrize("vertical", VERTICALS, ids=lambda v: v.key)
def test_a_vertical_without_a_corpus_says_so_honestly(vertical: object) -> None:
    v = BY_KEY[vertical.key]  # type: ignore[attr-defined]
    page = verticals.vertical_page(v, None)
    assert "**Not yet generated.**" in page
    assert "**provisional**" in page and "**unvalidated**" in page
    for shape in v.shapes:
        assert esc(shape.name) in page
        if shape.count < 15:
            assert "diagnostic only" in page
    assert page.count("**unmeasured**") == len(verticals.PROBES)


def test_every_vertical_page_carries_its_profile_prose(sources: SiteSources) -> None:
    for v in VERTICALS:
        page = verticals.vertical_page(v, sources.latest(v.key))
        assert v.prose.measures in page and v.prose.construction in page


def test_ceiling_table_writes_ceilings_as_fractions(sources: SiteSources) -> None:
    release = sources.latest("forgetting")
    assert release is not None and release.sidecar is not None
    stats = CorpusStats(5, {"x": 5}, {"x": 5}, {}, {2: 3, 6: 2}, {20: 5})
    out = verticals.ceiling_table(release.sidecar, stats)
    assert "| 6 | 5/6 | 2/5 |" in out
    assert "| 2 | 1 | 3/5 |" in out


def test_a_vertical_with_a_corpus_shows_its_record(sources: SiteSources) -> None:
    release = sources.latest("forgetting")
    assert release is not None and release.stats is not None
    page = verticals.vertical_page(BY_KEY["forgetting"], release)
    assert release.entry.sha256 in page
    assert "draft" in page and "V1, V2, V3" in page
    assert f"| 0 | — (no gold) | {release.stats.g_counts[0]}/50 |" in page
    assert "(n=" in page  # AUCs and means carry their n
    assert "Learned adversary" in page and "Difficulty ladder" in page


def test_the_calibration_section_sets_the_competent_retriever_beside_bm25(
    sources: SiteSources,
) -> None:
    release = sources.latest("forgetting")
    assert release is not None and release.sidecar is not None
    page = verticals.vertical_page(BY_KEY["forgetting"], release)
    assert "Beside BM25: a competent retriever and a shallow reader" in page
    assert "| competent reranker `reranker-logreg-v1` | 0.95 (n=2) | 0.50 (n=2) |" in page
    assert "| shallow reader, graded | 1.00 (n=2) | 0.50 (n=2) |" in page
    assert "The competent retriever is **above** the goal." in page
    assert "permutation p" in page and "0.5000 (n=2)" in page


def test_a_sidecar_stamped_before_the_competent_retriever_says_unmeasured(
    sources: SiteSources,
) -> None:
    release = sources.latest("forgetting")
    assert release is not None and release.sidecar is not None
    assert release.sidecar.coverage is not None
    older = release.sidecar.coverage.model_copy(update={"competent": None, "shallow_reader": None})
    sidecar = release.sidecar.model_copy(update={"coverage": older})
    block = verticals.calibration_block(sidecar, release.stats)
    assert "Competent retriever and shallow reader: **unmeasured**" in block


def test_read_release_reports_a_missing_file(tmp_path: Path, sources: SiteSources) -> None:
    entry = sources.releases[0].entry
    missing = read_release(tmp_path / "nowhere", "typedmemeval-x-2026.12", entry)
    assert missing.payload is None
    assert "is not in corpora/" in missing.problems[0]


# --- results pages ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def loaded(sources: SiteSources) -> results.VerticalResults:
    return sources.results.by_vertical["prospective"]


def test_runs_are_ordered_by_name_and_date_never_by_score(loaded: results.VerticalResults) -> None:
    runs = loaded.runs
    assert len(runs) == 4
    shown = [(r.system, r.run_date) for r in results.ordered(runs)]
    assert shown == sorted(shown, key=lambda x: (x[0].casefold(), x[1]))
    # Swapping every run's outcomes changes nothing about the order.
    swapped = [dataclasses.replace(r, overall=runs[-1 - i].overall) for i, r in enumerate(runs)]
    assert [r.run_id for r in results.ordered(swapped)] == [r.run_id for r in results.ordered(runs)]


def test_results_page_is_not_a_leaderboard(loaded: results.VerticalResults) -> None:
    page = results.vertical_results_page(loaded)
    assert "not a leaderboard" in page
    assert "one or two items does not rank systems" in page
    assert "n = 30" in page
    assert "rank" not in page.split("## Runs")[1].split("\n")[4].lower()  # the table header
    assert "premature" in page  # Prospective shows its own outcome
    assert "Pair consistency" in page and "**Run set 1** (3 runs" in page
    assert "Questions that flipped:" in page


def test_results_page_empty_state_says_how_to_submit() -> None:
    page = results.vertical_results_page(results.VerticalResults(BY_KEY["semantic"]))
    assert "## No results yet" in page
    assert "results/semantic/<system>/<run-id>.json" in page
    assert "../running.md" in page
    assert "premature" not in page


def test_result_figures_are_deterministic_and_described(loaded: results.VerticalResults) -> None:
    first = result_figures.result_figures(loaded)
    second = result_figures.result_figures(loaded)
    assert first == second
    assert first.distance is None  # Prospective reads no distance curve
    assert first.pairs is not None and first.pairs.file_name == "prospective-pairs.svg"
    assert first.pairs.svg.startswith(b"<?xml")
    assert "/" in first.pairs.alt and "run 1" in first.pairs.alt
    assert [f.file_name for f in first.outcomes] == [
        f"prospective-run-{i}-outcomes.svg" for i in range(1, 5)
    ]
    assert [f.file_name for f in first.bands] == ["prospective-band-1.svg"]
    page = results.vertical_results_page(loaded, first.blocks())
    for figure in first.all():
        assert f"]({figure.file_name})" in page
    assert page.count("The numbers behind this figure") == len(first.all())
    # The chance floor, the measured count and the flips are in the captions and the folds.
    assert "chance floor" in first.outcomes[0].caption
    assert "questions flipped" in first.bands[0].alt


# --- plots --------------------------------------------------------------------------------


def test_plots_have_no_date_no_creator_and_no_text_nodes() -> None:
    series = [[Point(8, 10, 12), Point(15, 7, 12)], [Point(8, 9, 12), Point(15, 8, 11)]]
    a, b = distance_curve_svg(series), distance_curve_svg(series)
    assert a == b
    for svg in (a, pair_consistency_svg([(19, [10, 3, 2, 4])])):
        assert b"<dc:date>" not in svg and b"Matplotlib v" not in svg
        assert b"<text" not in svg  # text is drawn as paths: nothing submitted is in the file


# --- downloads ----------------------------------------------------------------------------


def test_croissant_description_names_hash_citation_and_file(sources: SiteSources) -> None:
    release = sources.latest("workingmemory")
    assert release is not None
    described = croissant(release)
    assert described["identifier"] == release.corpus_id
    assert described["distribution"][0]["sha256"] == release.entry.sha256
    assert release.corpus_id in described["citeAs"]
    assert "longmemeval" not in json.dumps(described).lower()
    text = downloads.jsonld_text({"x": "</script><b>"})
    assert "<" not in text and ">" not in text
    page = downloads.downloads_page([release], None)
    assert "application/ld+json" in page and release.entry.sha256 in page


def test_downloads_page_without_corpora() -> None:
    page = downloads.downloads_page([], None)
    assert "No corpus is in the release index yet" in page


def test_human_size() -> None:
    assert downloads.human_size(512) == "512 B"
    assert downloads.human_size(1536) == "1.5 KiB"


# --- reference, navigation, identity ------------------------------------------------------


def test_rules_page_lists_every_rule_with_an_anchor() -> None:
    rules = all_rules()
    page = reference.rules_page(rules)
    for r in rules:
        assert f"{{ #{r.code.lower()} }}" in page
        assert f"[{r.code}](#{r.code.lower()})" in page


def test_every_schema_renders() -> None:
    for path in sorted((REPO / "schemas").glob("*.schema.json")):
        name = path.name.removesuffix(".schema.json")
        page = reference.schema_page(name, json.loads(path.read_text(encoding="utf-8")))
        assert page.startswith(f"# Schema: {esc(name)}")
        assert "| field | type | required | description |" in page


def test_navigation_lists_every_page() -> None:
    nav = summary(["corpus"])
    for v in VERTICALS:
        assert f"(verticals/{v.key}.md)" in nav and f"(results/{v.key}.md)" in nav
    assert "(results/ee.md)" in nav and "(reference/schemas/corpus.md)" in nav


def test_license_and_citation_file_agree_with_the_project() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # An SPDX expression with its license file (the TOML-table form stops building in 2027).
    assert project["license"] == LICENSE
    assert [p for f in project["license-files"] for p in REPO.glob(f)] == [REPO / "LICENSE"]
    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["license"] == LICENSE and cff["cff-version"] == "1.2.0"
    assert "never summed, averaged" in cff["message"]
