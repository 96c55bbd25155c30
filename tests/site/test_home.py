"""The home page's headline table of published results, and the words derived from it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from checker.floor import constant_floor
from checker.formats.result import MEASURED_OUTCOMES as MEASURED
from checker.load import load_ours
from checker.runner.models import RULES_JUDGE, identity_of
from site_gen.denominators import bare_numbers, displayed_text
from site_gen.home import (
    MARKER,
    HeadlineRow,
    headline_rows,
    headline_table,
    headline_words,
    home_page,
)
from site_gen.markup import Md
from site_gen.results import UnrunReason, unrun_reasons
from site_gen.sources import SiteSources, read_sources
from site_gen.verticals import Strength
from tests.site import site_data
from tests.site.liveness import live_payloads
from tests.site.site_data import MARK

LIMIT_TEXT = "limit: not among the 3 questions this run asked (run --limit)"


def _rows(sources: SiteSources) -> list[HeadlineRow]:
    releases = {r.corpus_id: r for r in sources.releases}
    return headline_rows(list(sources.results.by_vertical.values()), releases.get)


@pytest.fixture(scope="module")
def fixture_rows(tmp_path_factory: pytest.TempPathFactory) -> list[HeadlineRow]:
    root = site_data.build(tmp_path_factory.mktemp("root-home"))
    return _rows(read_sources(root))


def _limited(row: HeadlineRow, asked: int) -> HeadlineRow:
    n = row.run.overall.vector.n
    return dataclasses.replace(row, unrun=(UnrunReason("limit", n - asked, LIMIT_TEXT),))


def test_unrun_reasons_group_by_the_words_before_the_colon() -> None:
    grouped = unrun_reasons(
        [LIMIT_TEXT, LIMIT_TEXT, "context-overflow: 9000 tokens over 8192", None, "timed out"]
    )
    assert [(g.key, g.count) for g in grouped] == [
        ("limit", 2),
        ("context-overflow", 1),
        ("no reason given", 1),
        ("timed out", 1),
    ]
    assert grouped[0].example == LIMIT_TEXT


def test_one_row_per_vertical_and_system_with_its_latest_run(
    fixture_rows: list[HeadlineRow],
) -> None:
    keys = [(r.results.vertical.key, r.run.system) for r in fixture_rows]
    assert len(keys) == len(set(keys))
    assert {s for _, s in keys} == {"Alpha store", "beta store"}
    prospective = next(
        r
        for r in fixture_rows
        if r.results.vertical.key == "prospective" and r.run.system == "Alpha store"
    )
    assert (prospective.run.run_id, prospective.runs) == ("alpha-3", 3)
    assert prospective.unrun and prospective.unrun[0].example == "provider timed out twice"


def test_smoke_words_only_where_limit_left_most_questions_unrun(
    fixture_rows: list[HeadlineRow],
) -> None:
    # The fixture's unrun rows are provider time-outs, not `--limit`: no smoke run.
    assert not any(r.smoke for r in fixture_rows)
    assert "smoke run" not in headline_words(fixture_rows)
    # The fixture's corpora hold 2 to 50 questions: asking none of them is a smoke run.
    smoke = [_limited(r, 0) for r in fixture_rows]
    words = headline_words(smoke)
    assert "Every run in this table is a **smoke run**" in words
    assert "each asked 0 of its corpus's 2–50 questions" in words
    assert "not the benchmark's difficulty" in words
    # Half of the rows limited: the words count them over all rows.
    half = [_limited(r, 0) if i % 2 else r for i, r in enumerate(fixture_rows)]
    assert f"{len(fixture_rows) // 2}/{len(fixture_rows)} rows show a **smoke run**" in (
        headline_words(half)
    )
    # A limit that still asked most of the corpus is not a smoke run.
    n = fixture_rows[0].run.overall.vector.n
    assert not _limited(fixture_rows[0], n - 1).smoke


def test_weak_or_unweighed_model_is_said_in_words(fixture_rows: list[HeadlineRow]) -> None:
    unknown = [
        dataclasses.replace(r, strength=Strength("m", unknown="V1 is unmeasured: x"))
        for r in fixture_rows
    ]
    words = headline_words(unknown)
    assert f"unmeasured on {len(unknown)}/{len(unknown)} rows (V1 is unmeasured&#58; x)" in words
    weak = [dataclasses.replace(r, strength=Strength("m", 1, 4)) for r in fixture_rows]
    assert f"under `0.8` on {len(weak)}/{len(weak)} rows" in headline_words(weak)
    strong = [dataclasses.replace(r, strength=Strength("m", 9, 10)) for r in fixture_rows]
    assert headline_words(strong) == Md("")


def test_the_marker_is_replaced_or_the_section_appended(
    fixture_rows: list[HeadlineRow],
) -> None:
    page = home_page(f"# Home\n\n{MARKER}\n\n## After\n", fixture_rows)
    assert MARKER not in page
    assert page.index("## Published results") < page.index("## After")
    assert home_page("# Home\n", []).endswith(
        "No result has been published yet; see [Results](results/index.md) for how to submit one.\n"
    )


def test_the_shipped_home_page_shows_every_published_run(
    built_site: Path, shipped: SiteSources
) -> None:
    html = (built_site / "index.html").read_text(encoding="utf-8")
    text = displayed_text(html)
    rows = _rows(shipped)
    assert "Published results" in text
    assert bare_numbers(html) == []
    if not rows:
        assert "No result has been published yet" in text
        return
    for row in rows:
        assert row.run.system in text
        assert row.run.answer_model in html
        pinned = identity_of(row.run.answer_model)
        if pinned is not None:
            assert pinned.sha256[:12] in html
    if any(r.run.judge_model == RULES_JUDGE for r in rows):
        assert "(deterministic rules, no model)" in text
    # The words follow the data: smoke runs are named as such exactly when there are some.
    assert ("smoke run" in text) == any(r.smoke for r in rows)
    assert "one fixed reply: correct / measured" in text


def test_the_headline_shows_a_run_asked_at_temperature_0_before_a_sampled_one(
    shipped: SiteSources,
) -> None:
    """Three sampled no-memory runs (temperature 0.7) were made after the temperature-0 one:
    the headline row is still the temperature-0 run, never one draw of the sampled set."""
    rows = _rows(shipped)
    assert rows
    for row in rows:
        mine = [r for r in row.results.runs if r.system == row.run.system]
        if any(r.answer_temperature == 0 for r in mine):
            assert row.run.answer_temperature == 0, (row.run.system, row.run.run_id)
    sampled = [r for r in rows if r.run.run_id.startswith("sampled")]
    assert not sampled, [(r.results.vertical.key, r.run.run_id) for r in sampled]


def test_each_run_sits_beside_the_floor_of_the_corpus_it_answered(shipped: SiteSources) -> None:
    """The floor cell of every headline row is `checker.floor` recomputed from the bytes of
    the corpus that row's run answered."""
    rows = _rows(shipped)
    releases = {r.corpus_id: r for r in shipped.releases}
    lines = headline_table(rows).splitlines()[2:]
    assert len(lines) == len(rows)
    for row, line in zip(rows, lines, strict=True):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        entry = releases[row.run.corpus_id].entry
        found = constant_floor(load_ours(Path("corpora") / entry.file).questions)
        assert found is not None
        assert cells[4] == f"{found.correct}/{found.measured}", (row.run.corpus_id, cells[4])


def test_hostile_result_text_reaches_the_home_page_as_text(fixture_site: Path) -> None:
    html = (fixture_site / "index.html").read_text(encoding="utf-8")
    found, shown = live_payloads(html, MARK)
    assert found == []
    assert shown >= 2  # the hostile run's system name and answer model


def test_a_paired_verticals_row_shows_its_pairs_right_on_both_arms(shipped: SiteSources) -> None:
    """Beside the floor, the pairs right on every arm, recounted here from the run's rows and
    the corpus's pair ids: the one figure a single reply to every question cannot raise; a
    dash for a vertical that pairs no questions."""
    rows = _rows(shipped)
    releases = {r.corpus_id: r for r in shipped.releases}
    lines = headline_table(rows).splitlines()
    assert "pairs right on both arms / measured pairs" in lines[0]
    paired = set()
    for row, line in zip(rows, lines[2:], strict=True):
        cell = [c.strip() for c in line.strip().strip("|").split("|")][5]
        entry = releases[row.run.corpus_id].entry
        corpus = load_ours(Path("corpora") / entry.file)
        arms: dict[str, list[str]] = {}
        for q in corpus.questions:
            if q.typedmemeval.pair_id:
                arms.setdefault(q.typedmemeval.pair_id, []).append(q.question_id)
        if not arms:
            assert cell == "—", row.results.vertical.key
            continue
        paired.add(row.results.vertical.key)
        result = json.loads(
            (
                Path("results") / entry.vertical / row.run.system / f"{row.run.run_id}.json"
            ).read_text()
        )
        outcome = {r["question_id"]: r["outcome"] for r in result["rows"]}
        done = [ids for ids in arms.values() if all(outcome[i] in MEASURED for i in ids)]
        both = sum(all(outcome[i] == "correct" for i in ids) for ids in done)
        assert cell == f"{both}/{len(done)}", (row.results.vertical.key, cell)
    with_pairs = {
        r.entry.vertical
        for r in shipped.releases
        if any(q.typedmemeval.pair_id for q in load_ours(Path("corpora") / r.entry.file).questions)
    }
    assert paired == with_pairs and len(paired) >= 2, paired
