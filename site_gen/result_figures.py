"""The figures of a vertical's results page, from the checker's aggregates and bands.

Series are labelled `run 1`, `run 2`, … and run sets `run set 1`, … matching the page's
sections, so no submitted string is drawn into an image; each caption names, as escaped text,
the answer model (with its pinned identity) and the judge of the runs it draws. Every figure's
numbers are in a table beneath it; none combines verticals or ranks runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from checker.results.aggregate import Aggregate, Stratum
from checker.results.band import Band
from site_gen.figures import Figure, figure_block
from site_gen.markup import Md, code, esc, table
from site_gen.numerals import band as band_cell
from site_gen.numerals import chance, fraction
from site_gen.plots import (
    PAIR_MEASURES,
    OutcomeBar,
    OutcomeRange,
    Point,
    band_svg,
    distance_curve_svg,
    outcome_bars_svg,
    pair_consistency_svg,
    rung_x,
)
from site_gen.results import VerticalResults, judge_cell, model_cell, ordered, outcomes_for


@dataclass
class ResultFigures:
    """Every figure of one results page, by where it goes."""

    #: One per run, in page order: typed outcomes by shape.
    outcomes: list[Figure] = field(default_factory=list)
    distance: Figure | None = None
    pairs: Figure | None = None
    #: One per run set, in page order.
    bands: list[Figure] = field(default_factory=list)

    def all(self) -> list[Figure]:
        extras = [f for f in (self.distance, self.pairs) if f is not None]
        return [*self.outcomes, *extras, *self.bands]

    def blocks(self, folder: str = "") -> dict[str, Md]:
        """Rendered blocks by the key `results.vertical_results_page` places them at."""
        out = {f"run-{i}": figure_block(f, folder) for i, f in enumerate(self.outcomes, 1)}
        out |= {f"band-{i}": figure_block(f, folder) for i, f in enumerate(self.bands, 1)}
        if self.distance is not None:
            out["distance"] = figure_block(self.distance, folder)
        if self.pairs is not None:
            out["pairs"] = figure_block(self.pairs, folder)
        return out


def credit(runs: Sequence[tuple[int, Aggregate]]) -> Md:
    """Who answered and who judged what a figure draws: once when every run drawn shares its
    answer model and judge, else per run (`run i` as the page numbers it)."""
    pairs = {(r.answer_model, r.judge_model) for _, r in runs}
    if not pairs:
        return Md("")
    if len(pairs) == 1:
        model, judge = next(iter(pairs))
        return Md(f" Answer model {model_cell(model)}; judge {judge_cell(judge)}.")
    parts = [
        f"run {i}: answer model {model_cell(r.answer_model)}, judge {judge_cell(r.judge_model)}"
        for i, r in runs
    ]
    return Md(" " + "; ".join(parts) + ".")


def _bar(s: Stratum, outcomes: tuple[str, ...]) -> OutcomeBar:
    v = s.vector
    measured = [(o, v.counts[o]) for o in outcomes if o not in ("inconclusive", "unrun")]  # type: ignore[index]
    floor = float(s.chance_floor) if s.chance_floor is not None else None
    return OutcomeBar(s.label, measured, v.measured, v.n, floor)


def outcomes_figure(key: str, index: int, run: Aggregate, outcomes: tuple[str, ...]) -> Figure:
    """Run `index`: measured outcomes per shape (and overall), with chance floors."""
    strata = [run.overall, *run.by_shape]
    bars = [_bar(s, outcomes) for s in strata]
    described = "; ".join(
        f"{b.label}: "
        + ", ".join(f"{o} {k}/{b.measured}" for o, k in b.counts)
        + (f", chance floor {chance(s.chance_floor)}" if s.chance_floor is not None else "")
        for b, s in zip(bars, strata, strict=True)
    )
    rows = [
        [
            esc(s.label),
            *[fraction(s.vector.counts[o], s.vector.measured) for o, _ in b.counts],  # type: ignore[index]
            fraction(s.vector.measured, s.vector.n),
            chance(s.chance_floor),
        ]
        for b, s in zip(bars, strata, strict=True)
    ]
    headers = ["stratum", *[o for o, _ in bars[0].counts], "measured", "chance floor"]
    return Figure(
        file_name=f"{key}-run-{index}-outcomes.svg",
        alt=f"Run {index}: measured outcomes by shape. {described}.",
        caption=Md(
            f"Run {index}: each bar splits a stratum's measured questions by outcome (counts "
            "in the segments; *measured k/n* beside each bar counts the questions with a "
            "verdict out of all in the stratum, since inconclusive and unrun rows never enter "
            "a rate). The black tick is the shape's chance floor, where the question names its "
            "candidates."
        )
        + credit([(index, run)]),
        numbers=table(headers, rows),
        svg=outcome_bars_svg(bars, f"run {index}: typed outcomes by shape"),
    )


def distance_figure(key: str, runs: list[Aggregate]) -> Figure | None:
    """Correct over measured at each distance rung, one line per run."""
    if not any(r.distance_curve for r in runs):
        return None
    series = [
        [
            Point(rung_x(s.label), s.vector.counts["correct"], s.vector.measured)
            for s in r.distance_curve
        ]
        for r in runs
    ]
    described = "; ".join(
        f"run {i}: " + ", ".join(f"distance {p.x} {p.k}/{p.n}" for p in points)
        for i, points in enumerate(series, start=1)
    )
    distances = sorted({p.x for points in series for p in points})
    rows = []
    for d in distances:
        row: list[Md] = [Md(str(d))]
        for points in series:
            p = next((p for p in points if p.x == d), None)
            row.append(fraction(p.k, p.n) if p else Md("—"))
        rows.append(row)
    headers: list[object] = ["distance (sessions)"]
    headers += [Md(f"run {i}: correct") for i in range(1, len(series) + 1)]
    return Figure(
        file_name=f"{key}-distance.svg",
        alt=f"Correct answers over measured questions by distance, one line per run. {described}.",
        caption=Md(
            "Correct answers over measured questions at each distance, one line per run, each "
            "point labelled k/n; the rungs are never averaged, and each is a diagnostic."
        )
        + credit(list(enumerate(runs, start=1))),
        numbers=table(headers, rows),
        svg=distance_curve_svg(series),
    )


def pairs_figure(key: str, runs: list[Aggregate]) -> Figure | None:
    """Pair consistency per run, from the asserted states."""
    drawn = [r for r in runs if r.pair_consistency is not None]
    bars = [
        (p.measured, [p.both_correct, p.premature, p.missed_after, p.both_same])
        for p in (r.pair_consistency for r in drawn)
        if p is not None
    ]
    if not bars:
        return None
    described = "; ".join(
        f"run {i}: "
        + ", ".join(f"{name} {c}/{m}" for name, c in zip(PAIR_MEASURES, counts, strict=True))
        for i, (m, counts) in enumerate(bars, start=1)
    )
    rows = [
        [Md(f"run {i}"), *[fraction(c, m) for c in counts]]
        for i, (m, counts) in enumerate(bars, start=1)
    ]
    return Figure(
        file_name=f"{key}-pairs.svg",
        alt=f"Pair consistency per run, as pairs over measured pairs. {described}.",
        caption=Md(
            "Per run, each measure over the pairs with both arms measured (k/n on every bar), "
            "computed from the states the answers asserted, never from outcome labels (gold "
            "flips between the arms of a pair)."
        )
        + credit(list(enumerate(drawn, start=1))),
        numbers=table(["run", *PAIR_MEASURES], rows),
        svg=pair_consistency_svg(bars),
    )


def band_runs(b: Band, runs: Sequence[Aggregate]) -> list[Aggregate]:
    """The runs a run set bands: of one system, on its corpus, with its run ids."""
    by_system: dict[str, list[Aggregate]] = {}
    for r in runs:
        if r.corpus_id == b.corpus_id and r.run_id in b.runs:
            by_system.setdefault(r.system, []).append(r)
    return next((found for found in by_system.values() if len(found) == len(b.runs)), [])


def band_figure(
    key: str, index: int, b: Band, outcomes: tuple[str, ...], runs: Sequence[Aggregate] = ()
) -> Figure:
    """Run set `index`: min–max per outcome and the questions that flipped. `runs` are the
    page's runs, to name the run set's answer model and judge."""
    n = b.questions_compared
    shown = [ob for ob in b.bands if ob.outcome in outcomes]
    ranges = [OutcomeRange(ob.outcome, ob.low, ob.high, n) for ob in shown]
    flipped = fraction(len(b.flipped), n)
    described = ", ".join(f"{r.outcome} {band_cell(r.low, r.high, n)}" for r in ranges)
    return Figure(
        file_name=f"{key}-band-{index}.svg",
        alt=f"Run set {index} ({len(b.runs)} runs): lowest to highest count per outcome. "
        f"{described}; {flipped} questions flipped.",
        caption=Md(
            f"Run set {index} ({len(b.runs)} runs): for each outcome, the lowest and highest "
            f"count over the runs, of the {n} questions compared; {flipped} questions changed "
            "outcome between runs."
        )
        + credit(list(enumerate(band_runs(b, runs), start=1))),
        numbers=table(
            ["outcome", "band"], [[esc(r.outcome), band_cell(r.low, r.high, n)] for r in ranges]
        )
        + Md("\nQuestions that flipped: ")
        + (Md(", ".join(code(q) for q in b.flipped)) if b.flipped else Md("none"))
        + Md(".\n"),
        svg=band_svg(ranges, f"run set {index}: {flipped} questions flipped"),
    )


def result_figures(data: VerticalResults) -> ResultFigures:
    """Every figure of one vertical's results page."""
    runs = ordered(data.runs)
    key = data.vertical.key
    outcomes = outcomes_for(data.vertical)
    out = ResultFigures(
        outcomes=[outcomes_figure(key, i, r, outcomes) for i, r in enumerate(runs, start=1)],
        bands=[band_figure(key, i, b, outcomes, runs) for i, b in enumerate(data.bands, start=1)],
    )
    if data.vertical.distance_curve:
        out.distance = distance_figure(key, runs)
    out.pairs = pairs_figure(key, runs)
    return out
