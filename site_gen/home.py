"""The home page's headline table: the published results, per vertical and system.

One row per vertical × system: its latest run (by run date, then run id), the correct answers
over the measured questions, the measured questions over all of the corpus's, the unrun rows
with their reasons, the answer model's identity (from `checker.runner.models`), the judge, and
the answer model's own strength on that corpus (its V1 gold-only accuracy). Rows are ordered by
vertical and system name, never by score, and no cell combines verticals.

The words under the table are derived from the same data: where most of a run's questions were
left out by `run --limit`, it is called a smoke run, which measures the pipeline and not the
benchmark's difficulty; where the answer model's V1 is unmeasured or weak, the page says its
scores weigh the model before the corpus. Every string from a result file is escaped.

The home page itself is `docs/index.md`; the table replaces its marker line `MARKER`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from checker.floor import ConstantFloor
from checker.results.aggregate import Aggregate
from checker.runner.models import identity_of
from site_gen.markup import Md, code, esc, link, table
from site_gen.numerals import fraction, ident
from site_gen.results import (
    LIMIT_REASON,
    UnrunReason,
    VerticalResults,
    judge_cell,
    model_cell,
)
from site_gen.sources import CorpusRelease
from site_gen.verticals import STRONG_V1, Strength, strength_cell, v1_strength

PAGE = "index.md"
#: The line of `docs/index.md` the headline section replaces.
MARKER = "<!-- headline-results -->"


@dataclass(frozen=True)
class HeadlineRow:
    """One vertical × system of the headline table."""

    results: VerticalResults
    run: Aggregate
    #: How many runs of this system the vertical's page lists.
    runs: int
    unrun: tuple[UnrunReason, ...]
    strength: Strength
    #: What one fixed reply to every question scores on the corpus the run answered.
    floor: ConstantFloor | None = None

    @property
    def left_out_by_limit(self) -> int:
        return sum(r.count for r in self.unrun if r.key == LIMIT_REASON)

    @property
    def asked(self) -> int:
        return self.run.overall.vector.n - self.left_out_by_limit

    @property
    def smoke(self) -> bool:
        """A smoke run: `run --limit` left out more than half of the corpus's questions."""
        return 2 * self.left_out_by_limit > self.run.overall.vector.n

    @property
    def weak_model(self) -> bool:
        s = self.strength
        return s.unknown is not None or (s.accuracy is not None and s.accuracy < STRONG_V1)


def _latest(runs: Sequence[Aggregate]) -> dict[str, tuple[Aggregate, int]]:
    by_system: dict[str, list[Aggregate]] = {}
    for run in runs:
        by_system.setdefault(run.system, []).append(run)
    return {system: (max(found, key=_recency), len(found)) for system, found in by_system.items()}


def _recency(run: Aggregate) -> tuple[bool, str, str]:
    """A run asked at temperature 0 (the answers a rerun gives again) before any sampled one,
    whose one draw says less than the band the results page shows; then the latest, then by
    run id."""
    return (run.answer_temperature == 0, run.run_date, run.run_id)


def headline_rows(
    data: Sequence[VerticalResults], release_of: Callable[[str], CorpusRelease | None]
) -> list[HeadlineRow]:
    """Every vertical × system with a published run, in vertical order then system name.
    `release_of` finds the release a run answered (by corpus id), for its sidecar's V1."""
    rows = []
    for d in data:
        latest = _latest(d.runs)
        for system in sorted(latest, key=str.casefold):
            run, count = latest[system]
            release = release_of(run.corpus_id)
            probes = release.sidecar.probes if release and release.sidecar else {}
            rows.append(
                HeadlineRow(
                    d,
                    run,
                    count,
                    d.unrun.get((run.system, run.run_id), ()),
                    v1_strength(probes, run.answer_model),
                    release.stats.floor if release and release.stats else None,
                )
            )
    return rows


def floor_cell(floor: ConstantFloor | None) -> Md:
    """What one fixed reply to every question scores (`checker.floor`), the run's floor."""
    return Md("unmeasured") if floor is None else fraction(floor.correct, floor.measured)


def unrun_cell(row: HeadlineRow) -> Md:
    n = row.run.overall.vector.n
    if not row.unrun:
        return fraction(0, n)
    parts = [f"{fraction(r.count, n)} {code(r.key)} ({esc(r.example)})" for r in row.unrun]
    return Md("; ".join(parts))


def pairs_cell(run: Aggregate) -> Md:
    """Where a vertical pairs its questions (arms whose gold differs), the pairs a run got right
    on every arm over the pairs whose every arm was measured (`PairsRight`): the figure one
    reply to every question does not raise. A dash where the vertical pairs none."""
    p = run.pairs_right
    if p is None:
        return Md("—")
    return fraction(p.both_correct, p.measured)


def headline_table(rows: Sequence[HeadlineRow]) -> Md:
    cells = []
    for row in rows:
        v = row.run.overall.vector
        key = row.results.vertical.key
        cells.append(
            [
                link(row.results.vertical.name, f"results/{key}.md"),
                ident(row.run.system),
                Md(f"{code(row.run.run_id)} ({row.runs} of this system)"),
                fraction(v.counts["correct"], v.measured),
                floor_cell(row.floor),
                pairs_cell(row.run),
                fraction(v.measured, v.n),
                fraction(v.counts["inconclusive"], v.n),
                unrun_cell(row),
                model_cell(row.run.answer_model),
                judge_cell(row.run.judge_model),
                Md("**unmeasured** (see above)")
                if row.strength.unknown is not None
                else strength_cell(row.strength),
            ]
        )
    return table(
        [
            "vertical",
            "system",
            "latest run",
            "correct / measured",
            "one fixed reply: correct / measured",
            "pairs right on both arms / measured pairs",
            "measured / questions",
            "inconclusive / questions",
            "unrun / questions (reason)",
            "answer model",
            "judge",
            "answer model's V1 (gold-only)",
        ],
        cells,
    )


def _span(values: Sequence[int]) -> str:
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}–{high}"


def _models(rows: Sequence[HeadlineRow]) -> str:
    names = []
    for alias in sorted({r.run.answer_model for r in rows}):
        pinned = identity_of(alias)
        names.append(
            f"{code(pinned.name)}, a {pinned.parameters}-parameter model ({pinned.quantisation})"
            if pinned
            else f"{code(alias)} (size not recorded)"
        )
    return "; ".join(names)


def headline_words(rows: Sequence[HeadlineRow]) -> Md:
    """What the table measures, in words derived from its rows."""
    out = []
    smoke = [r for r in rows if r.smoke]
    if smoke:
        share = (
            "Every run in this table is"
            if len(smoke) == len(rows)
            else f"{fraction(len(smoke), len(rows))} rows show"
        )
        out.append(
            f"{share} a **smoke run** of {_models(smoke)}: each asked "
            f"{_span([r.asked for r in smoke])} of its corpus's "
            f"{_span([r.run.overall.vector.n for r in smoke])} questions, and `run --limit` "
            f"left the others `unrun` (reason {code(LIMIT_REASON)}). A smoke run measures the "
            "pipeline — the server, the runner, the judge and a result file that passes "
            "`typedmemeval check` — not the benchmark's difficulty: a handful of answers says "
            "nothing about how hard a vertical is."
        )
    weak = [r for r in rows if r.weak_model]
    if weak:
        unknown = [r for r in weak if r.strength.unknown is not None]
        parts = []
        if unknown:
            reasons = sorted({r.strength.unknown or "" for r in unknown})
            parts.append(
                f"unmeasured on {fraction(len(unknown), len(rows))} rows ("
                + "; ".join(esc(x) for x in reasons)
                + ")"
            )
        if len(weak) > len(unknown):
            parts.append(
                f"under {code(STRONG_V1)} on {fraction(len(weak) - len(unknown), len(rows))} rows"
            )
        out.append(
            "The answer model's own strength — its accuracy from the gold sessions alone (V1) "
            f"on that corpus — is {' and '.join(parts)}. Where a model cannot answer from the "
            "gold sessions, or nobody has measured whether it can, its scores weigh the model "
            "before the memory system or the corpus."
        )
    return Md("".join(f"{p}\n\n" for p in out))


def headline_section(rows: Sequence[HeadlineRow]) -> Md:
    """The home page's results section."""
    out = Md("## Published results\n\n")
    if not rows:
        return out + Md(
            "No result has been published yet; see [Results](results/index.md) for how to "
            "submit one.\n"
        )
    out += Md(
        "The latest run of each system on each vertical (the latest asked at temperature 0 "
        "where there is one: a sampled run is one draw, and the results page bands the set), "
        "by vertical and system name — not a "
        "ranking, and never combined across verticals. Rates are over measured questions; "
        "`inconclusive` and `unrun` rows are counted but never enter a rate. Each vertical's "
        "[results page](results/index.md) has every run in detail. *One fixed reply* is the "
        "floor: the best single answer given to every question of the run's corpus, judged "
        "like the run's answers, right on that many measured questions without reading a "
        "haystack.\n\n"
    )
    out += headline_words(rows)
    out += headline_table(rows)
    return Md(out)


def home_page(template: str, rows: Sequence[HeadlineRow]) -> str:
    """`docs/index.md` with its marker line replaced by the headline section (appended when
    the marker is missing, so the table is never silently dropped)."""
    section = headline_section(rows)
    if MARKER in template:
        return template.replace(MARKER, section.rstrip("\n"), 1)
    return template.rstrip("\n") + "\n\n" + section
