"""Plots of a corpus's published record, as deterministic SVG bytes.

Each function takes plain values (counts, means with their n, AUCs) and draws one figure
through `site_gen.plots`' fixed settings, so the same record gives the same bytes. Every bar or
point that is a mean is labelled with its n in the image too. None aggregates across verticals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from matplotlib import rc_context
from matplotlib.figure import Figure

from site_gen.plots import RC, svg_bytes

#: Colours by role, fixed so that every page reads the same way.
BAR = "#4c72b0"
SECOND = "#dd8452"
BAND = "#55a868"
REFUSED = "#c44e52"
EXEMPT = "#8c8c8c"
#: Longest feature name drawn as a label before it is shortened.
LABEL_CHARS = 40


def _mean_label(value: float | None, n: int) -> str:
    return "unmeasured" if value is None else f"{value:.2f} (n={n})"


def gh_svg(g_counts: Mapping[int, int], h_counts: Mapping[int, int], n: int) -> bytes:
    """G (gold sessions) and H (non-gold sessions) per question, as counts of questions."""
    with rc_context(RC):
        fig = Figure(figsize=(6.4, 2.8))
        axes = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 2]})
        for ax, counts, title in (
            (axes[0], g_counts, "G: gold sessions per question"),
            (axes[1], h_counts, "H: non-gold sessions per question"),
        ):
            xs = sorted(counts)
            bars = ax.bar(xs, [counts[x] for x in xs], color=BAR, width=0.7)
            ax.bar_label(bars, labels=[str(counts[x]) for x in xs], fontsize=7, padding=1)
            ax.set_xticks(xs, [str(x) for x in xs], fontsize=7)
            ax.set_title(title, fontsize=9)
            ax.set_ylim(0, max(counts.values(), default=1) * 1.18)
        axes[0].set_ylabel(f"questions (of {n})")
        fig.tight_layout()
        return svg_bytes(fig)


@dataclass(frozen=True)
class CoverageSeries:
    """One retriever's mean coverage per row (a shape, or all shapes): row → (mean, n)."""

    label: str
    values: Mapping[str, tuple[float | None, int]]


def coverage_svg(
    rows: Sequence[str], series: Sequence[CoverageSeries], band: tuple[float, float], k_ref: int
) -> bytes:
    """Mean gold coverage at K_ref per row, one bar per retriever, against the band."""
    colours = (BAR, SECOND, EXEMPT)
    with rc_context(RC):
        height = 0.9 + 0.32 * len(rows) * max(len(series), 1)
        fig = Figure(figsize=(6.4, height))
        ax = fig.add_subplot()
        ax.axvspan(*band, color=BAND, alpha=0.15, lw=0)
        ax.text(
            (band[0] + band[1]) / 2,
            -0.75,
            f"calibration band {band[0]}–{band[1]}",
            ha="center",
            va="center",
            fontsize=7,
            color=BAND,
        )
        step = 0.8 / max(len(series), 1)
        for i, s in enumerate(series):
            ys = [r + i * step for r in range(len(rows))]
            widths = [s.values.get(row, (None, 0))[0] or 0.0 for row in rows]
            ax.barh(ys, widths, height=step * 0.9, color=colours[i % len(colours)], label=s.label)
            for y, row in zip(ys, rows, strict=True):
                value, n = s.values.get(row, (None, 0))
                ax.text((value or 0.0) + 0.01, y, _mean_label(value, n), va="center", fontsize=7)
        ax.set_yticks([r + 0.4 - step / 2 for r in range(len(rows))], list(rows))
        ax.invert_yaxis()
        ax.set_xlim(0, 1.2)
        ax.set_ylim(len(rows) - 0.1, -1.1)
        ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0])
        ax.set_xlabel(f"mean gold coverage in the top K_ref = {k_ref} sessions")
        if len(series) > 1:
            ax.legend(loc="lower right", frameon=False, fontsize=7)
        fig.tight_layout()
        return svg_bytes(fig)


@dataclass(frozen=True)
class LadderDial:
    """One difficulty dial's bands, easiest first, with the checker's verdict."""

    dial: str
    bands: Sequence[str]
    relative: Sequence[float | None]
    coverage: Sequence[float | None]
    n: Sequence[int]
    verdict: str
    threshold: float


def ladder_svg(dials: Sequence[LadderDial]) -> bytes:
    """Ceiling-relative and plain coverage by band, one panel per dial, titled by verdict."""
    with rc_context(RC):
        fig = Figure(figsize=(6.4, 3.2))
        axes = fig.subplots(1, max(len(dials), 1), squeeze=False)[0]
        for ax, d in zip(axes, dials, strict=False):
            xs = list(range(len(d.bands)))
            rel = [(x, v) for x, v in zip(xs, d.relative, strict=True) if v is not None]
            cov = [(x, v) for x, v in zip(xs, d.coverage, strict=True) if v is not None]
            if rel:
                ax.plot(*zip(*rel, strict=True), marker="o", color=BAR, label="coverage ÷ ceiling")
            if cov:
                ax.plot(
                    *zip(*cov, strict=True), ls="--", marker=".", color=SECOND, label="coverage"
                )
            for x, v in rel:
                ax.annotate(
                    f"{v:.2f}",
                    (x, v),
                    textcoords="offset points",
                    xytext=(0, 6),
                    ha="center",
                    fontsize=7,
                )
            if rel:
                needed = rel[0][1] - d.threshold
                ax.axhline(needed, color=EXEMPT, ls=":", lw=1)
                ax.text(
                    xs[-1],
                    needed - 0.04,
                    f"easiest band − {d.threshold}",
                    ha="right",
                    va="top",
                    fontsize=7,
                    color=EXEMPT,
                )
            ax.set_xticks(xs, [f"band {b}\nn={n}" for b, n in zip(d.bands, d.n, strict=True)])
            ax.set_ylim(0, 1.12)
            ax.set_title(f"{d.dial}: {d.verdict}", fontsize=9)
            ax.set_ylabel("mean over the band's gold-bearing questions")
            ax.legend(loc="lower left", frameon=False, fontsize=7)
        fig.tight_layout()
        return svg_bytes(fig)


@dataclass(frozen=True)
class FeaturePoint:
    """One single-feature separability row."""

    feature: str
    auc: float
    null_p95: float
    verdict: str


def _short(name: str) -> str:
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1] + "…"


def separability_svg(points: Sequence[FeaturePoint], auc_refuse: float, labelled: int) -> bytes:
    """Every recorded feature's AUC against its permutation-null p95, the refusal region
    shaded and the `labelled` highest AUCs named beside the plot."""
    with rc_context(RC):
        fig = Figure(figsize=(6.4, 4.0))
        ax = fig.add_axes((0.1, 0.12, 0.46, 0.83))
        low = min([0.5, *(p.null_p95 for p in points)])
        # The x axis ends a little past the largest null p95, so the cloud is not squeezed
        # into a corner; the y axis always reaches 1 so the refusal region is in view.
        high = min(1.0, max([low + 0.1, *(max(p.null_p95, p.auc) for p in points)]) + 0.05)
        ax.axhspan(auc_refuse, 1.0, color=REFUSED, alpha=0.12, lw=0)
        ax.text(low + 0.01, 0.99, f"refused: AUC ≥ {auc_refuse}", va="top", fontsize=7)
        ax.plot([low, high], [low, high], color=EXEMPT, lw=0.8, ls="--")
        ax.text(high, high, "AUC = null p95 ", ha="right", va="bottom", fontsize=7, color=EXEMPT)
        style = {
            "pass": (BAR, "o", "passes"),
            "exempt": (EXEMPT, "s", "exempt (reasoned)"),
            "refused": (REFUSED, "X", "refused"),
        }
        for verdict, (colour, marker, label) in style.items():
            chosen = [p for p in points if p.verdict == verdict]
            if chosen:
                ax.scatter(
                    [p.null_p95 for p in chosen],
                    [p.auc for p in chosen],
                    s=12,
                    color=colour,
                    marker=marker,
                    alpha=0.6,
                    lw=0,
                    label=f"{label} ({len(chosen)})",
                )
        worst = sorted(points, key=lambda p: (-p.auc, p.feature))[:labelled]
        for i, p in enumerate(worst):
            y = 0.95 - i * (0.85 / max(labelled, 1))
            ax.annotate(
                f"{_short(p.feature)}  {p.auc:.2f}",
                (p.null_p95, p.auc),
                xytext=(1.03, y),
                textcoords="axes fraction",
                fontsize=7,
                va="center",
                annotation_clip=False,
                arrowprops={"arrowstyle": "-", "color": EXEMPT, "lw": 0.5},
            )
        ax.set_xlim(low, high)
        ax.set_ylim(0.5, 1.0)
        ax.set_xlabel("null 95th percentile (labels shuffled within question)")
        ax.set_ylabel("folded within-question AUC")
        ax.legend(loc="lower right", frameon=False, fontsize=7)
        return svg_bytes(fig)
