"""The figures of a vertical page, built from a corpus's counts and its sidecar.

Each builder returns a `Figure` (SVG, alt text, a caption with its denominators, the numbers as
a table) or None when the record it draws is absent; the page then says the record is
unmeasured, as it does without figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from checker.family import Vertical
from checker.formats.retrieval import CoverageRecord, LadderRecord
from checker.formats.separability import SeparabilityRecord
from site_gen.corpus_plots import (
    CoverageSeries,
    FeaturePoint,
    LadderDial,
    coverage_svg,
    gh_svg,
    ladder_svg,
    separability_svg,
)
from site_gen.figures import Figure
from site_gen.markup import Md, code, esc, table
from site_gen.numerals import fraction, rate
from site_gen.sources import CorpusRelease, CorpusStats
from site_gen.verticals import FEATURE_HEADERS, distribution_tables, feature_row

#: The attribute of a sidecar's coverage record holding the competent retriever's coverage
#: (R-CHK-HAYSTACK: a learned question-conditioned reranker published beside BM25), when the
#: record carries one. It has the BM25 record's per-shape fields (see `ShapeCoverage`).
COMPETENT_FIELD = "competent"
#: How many of the highest-AUC features the separability figure names.
LABELLED_FEATURES = 8
ALL_SHAPES = "all shapes"


class ShapeCoverage(Protocol):
    """What the coverage figure reads of a retriever's record."""

    @property
    def retriever(self) -> str: ...
    @property
    def gold_bearing_mean(self) -> float | None: ...
    @property
    def gold_bearing_n(self) -> int: ...
    @property
    def per_shape(self) -> Mapping[str, float]: ...
    @property
    def per_shape_n(self) -> Mapping[str, int]: ...


def competent_coverage(coverage: CoverageRecord) -> ShapeCoverage | None:
    """The competent retriever's record on a coverage record, or None when it has none."""
    found: ShapeCoverage | None = getattr(coverage, COMPETENT_FIELD, None)
    return found


def _series(label: str, record: ShapeCoverage, rows: Sequence[str]) -> CoverageSeries:
    values: dict[str, tuple[float | None, int]] = {
        ALL_SHAPES: (record.gold_bearing_mean, record.gold_bearing_n)
    }
    for shape in rows[1:]:
        values[shape] = (record.per_shape.get(shape), record.per_shape_n.get(shape, 0))
    return CoverageSeries(label, values)


def _shape_rows(vertical: Vertical, per_shape: Mapping[str, float]) -> list[str]:
    planned = [s.name for s in vertical.shapes if s.name in per_shape]
    return [ALL_SHAPES, *planned, *sorted(set(per_shape) - set(planned))]


def gh_figure(key: str, stats: CorpusStats) -> Figure:
    """G and H per question, over the page's own G and H tables."""
    n = stats.question_count
    g = ", ".join(f"G={g} {fraction(k, n)}" for g, k in stats.g_counts.items())
    h = ", ".join(f"H={h} {fraction(k, n)}" for h, k in stats.h_counts.items())
    return Figure(
        file_name=f"{key}-gh.svg",
        alt=f"Questions by number of gold sessions G ({g}) and of non-gold sessions H ({h}).",
        caption=Md(
            f"Gold sessions (G) and non-gold sessions (H) per question, counted from the corpus "
            f"bytes; each bar is a number of questions out of all {n}."
        ),
        numbers=distribution_tables(stats),
        svg=gh_svg(stats.g_counts, stats.h_counts, n),
    )


def coverage_figure(key: str, vertical: Vertical, cov: CoverageRecord) -> Figure:
    """BM25 (and, when recorded, the competent retriever's) coverage per shape, against the
    calibration band."""
    rows = _shape_rows(vertical, cov.per_shape)
    series = [_series(f"BM25 ({cov.retriever})", cov, rows)]
    competent = competent_coverage(cov)
    if competent is not None:
        series.append(_series(f"competent retriever ({competent.retriever})", competent, rows))
    band = (cov.band_low, cov.band_high)
    described = "; ".join(
        f"{s.label}: "
        + ", ".join(
            f"{row} "
            + ("unmeasured" if s.values[row][0] is None else f"{s.values[row][0]:.2f}")
            + f" (n={s.values[row][1]})"
            for row in rows
        )
        for s in series
    )
    headers: list[object] = ["shape", Md("BM25 gold-bearing mean")]
    if competent is not None:
        headers.append(Md("competent-retriever gold-bearing mean"))
    numbers = table(
        headers,
        [[esc(row), *(rate(*s.values[row]) for s in series)] for row in rows],
    )
    caption = Md(
        f"Mean gold coverage in the top K_ref = {cov.k_ref} sessions per shape, over each "
        f"shape's gold-bearing questions (n beside every bar; {cov.gold_bearing_n} of "
        f"{cov.all_n} questions have gold), against the calibration band "
        f"{code(band[0])}–{code(band[1])} for the gold-bearing mean. "
    )
    if competent is not None:
        caption += Md(
            "Beside each BM25 bar, the competent retriever (a learned question-conditioned "
            "reranker trained on other questions) over the same questions: difficulty that "
            "only BM25 feels shows as a gap between the two."
        )
    else:
        caption += Md(
            "The sidecar carries no competent-retriever record, so only the reference BM25 "
            "retriever is drawn."
        )
    return Figure(
        file_name=f"{key}-coverage.svg",
        alt=f"Mean gold coverage at K_ref = {cov.k_ref} per shape against the calibration band "
        f"{band[0]} to {band[1]}. {described}.",
        caption=caption,
        numbers=numbers,
        svg=coverage_svg(rows, series, band, cov.k_ref),
    )


def _bands(by_band: Mapping[str, object]) -> list[str]:
    return sorted(by_band, key=lambda b: (len(b), b))


def ladder_figure(key: str, ladder: LadderRecord) -> Figure | None:
    """Coverage by difficulty band per dial, titled with the checker's verdict."""
    if not ladder.verdicts:
        return None
    dials = []
    rows: list[list[Md]] = []
    for v in ladder.verdicts:
        bands = _bands(v.n_by_band)
        verdict = "validated" if v.validated else f"not validated ({v.kind})"
        dials.append(
            LadderDial(
                dial=v.dial,
                bands=bands,
                relative=[v.by_band.get(b) for b in bands],
                coverage=[v.coverage_by_band.get(b) for b in bands],
                n=[v.n_by_band[b] for b in bands],
                verdict=verdict,
                threshold=ladder.threshold,
            )
        )
        for b in bands:
            n = v.n_by_band[b]
            rows.append(
                [
                    esc(v.dial),
                    esc(b),
                    rate(v.by_band.get(b), n),
                    rate(v.coverage_by_band.get(b), n),
                    rate(v.ceiling_by_band.get(b), n),
                    esc(verdict),
                ]
            )
    described = "; ".join(
        f"{d.dial}, {d.verdict}: "
        + ", ".join(
            f"band {b} " + ("unmeasured" if r is None else f"{r:.2f}") + f" (n={n})"
            for b, r, n in zip(d.bands, d.relative, d.n, strict=True)
        )
        for d in dials
    )
    numbers = table(["dial", "band", "coverage ÷ ceiling", "coverage", "ceiling", "verdict"], rows)
    return Figure(
        file_name=f"{key}-ladder.svg",
        alt=f"Ceiling-relative coverage by difficulty band. {described}.",
        caption=Md(
            "Per difficulty dial, ceiling-relative coverage (solid) and coverage (dashed) by "
            "band on scaffolding-stripped text, each a mean over the band's gold-bearing "
            "questions (n under every band). The dotted line is how low the hardest band must "
            f"fall (by at least {code(ladder.threshold)}) for the dial to be validated; that is "
            "necessary, not sufficient, and the panel's title is the checker's verdict."
        ),
        numbers=numbers,
        svg=ladder_svg(dials),
    )


def separability_figure(key: str, sep: SeparabilityRecord) -> Figure | None:
    """Every recorded feature's AUC against its null p95, with the refusal region shaded."""
    if not sep.features:
        return None
    points = [FeaturePoint(f.feature, f.auc, f.null_p95, f.verdict) for f in sep.features]
    counts = sorted({f.questions for f in sep.features})
    n_text = f"n = {counts[0]}" if len(counts) == 1 else f"n = {counts[0]} to {counts[-1]}"
    worst = sorted(sep.features, key=lambda f: (-f.auc, f.feature))[:LABELLED_FEATURES]
    named = ", ".join(f"{f.feature} {f.auc:.2f} (n={f.questions})" for f in worst)
    limit = sep.thresholds.auc_refuse
    return Figure(
        file_name=f"{key}-separability.svg",
        alt=f"Single-feature AUC against its permutation-null 95th percentile for "
        f"{len(points)} features; refused at AUC {limit} or above. Highest: {named}.",
        caption=Md(
            f"{len(points)} of the {sep.features_tested} features tested are recorded in the "
            "sidecar and drawn here: every feature that is not an n-gram, and the n-grams that "
            "are refused, exempt or among the strongest. Each point is a folded within-question "
            f"AUC pooled over the gold-bearing questions that contribute pairs ({n_text}), "
            "against the 95th percentile of the same AUC with labels shuffled within each "
            f"question. The shaded region is refused (AUC at or above {code(limit)}); a point "
            "on the dashed line is no better than chance; the "
            f"{min(LABELLED_FEATURES, len(points))} highest AUCs are named."
        ),
        numbers=table(
            FEATURE_HEADERS,
            [feature_row(f) for f in sorted(sep.features, key=lambda f: (-f.auc, f.feature))],
        ),
        svg=separability_svg(points, limit, LABELLED_FEATURES),
    )


def vertical_figures(vertical: Vertical, release: CorpusRelease | None) -> dict[str, Figure]:
    """kind (`gh`, `coverage`, `ladder`, `separability`) → figure, for one vertical page;
    a kind is absent when the record it draws is."""
    if release is None:
        return {}
    key = vertical.key
    out: dict[str, Figure] = {}
    if release.stats is not None:
        out["gh"] = gh_figure(key, release.stats)
    sidecar = release.sidecar
    if sidecar is None:
        return out
    if sidecar.coverage is not None and sidecar.coverage.per_shape:
        out["coverage"] = coverage_figure(key, vertical, sidecar.coverage)
    found = ladder_figure(key, sidecar.ladder) if sidecar.ladder is not None else None
    if found is not None:
        out["ladder"] = found
    found = separability_figure(key, sidecar.separability) if sidecar.separability else None
    if found is not None:
        out["separability"] = found
    return out
