"""Plots as deterministic SVG bytes: the same data gives the same file, byte for byte.

matplotlib draws through a `Figure` (no global pyplot state) under a fixed hash salt, with
text drawn as paths and no date or creator in the metadata. Series are labelled `run 1`,
`run 2`, … matching the tables beside them, so no submitted string is drawn into an image.
Every plot shows counts over measured questions; none aggregates across verticals, and there
is no radar plot.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib

matplotlib.use("Agg")

from matplotlib import rc_context
from matplotlib.figure import Figure

RC: dict[Any, Any] = {
    "svg.hashsalt": "typedmemeval-site",
    "svg.fonttype": "path",
    "text.parse_math": False,
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
#: Keys matplotlib would otherwise fill with a date or its own version.
METADATA = {"Date": None, "Creator": None}


def rung_x(label: str) -> int:
    """Where a distance stratum sits on the x axis: `distance 8` at 8, a band `distance 6-16`
    at its middle (11)."""
    low, _, high = label.split()[-1].partition("-")
    return (int(low) + int(high or low)) // 2


@dataclass(frozen=True)
class Point:
    """One plotted count: k of n measured questions at x."""

    x: int
    k: int
    n: int


def svg_bytes(fig: Figure) -> bytes:
    """The figure as SVG with no date or creator (callers draw under `RC`)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", metadata=METADATA)
    return buf.getvalue()


def distance_curve_svg(series: Sequence[Sequence[Point]]) -> bytes:
    """WorkingMemory: correct over measured at each distance, one line per run."""
    with rc_context(RC):
        fig = Figure(figsize=(6.4, 3.6))
        ax = fig.add_subplot()
        for i, points in enumerate(series, start=1):
            usable = [p for p in points if p.n > 0]
            ax.plot(
                [p.x for p in usable],
                [p.k / p.n for p in usable],
                marker="o",
                label=f"run {i}",
            )
            for p in usable:
                ax.annotate(
                    f"{p.k}/{p.n}",
                    (p.x, p.k / p.n),
                    textcoords="offset points",
                    xytext=(0, 6),
                    ha="center",
                    fontsize=7,
                )
        ax.set_xlabel("intervening sessions between the fact and the question")
        ax.set_ylabel("correct / measured")
        ax.set_ylim(0, 1.1)
        xs = sorted({p.x for points in series for p in points})
        ax.set_xticks(xs)
        if series:
            ax.legend(loc="lower left", frameon=False)
        fig.tight_layout()
        return svg_bytes(fig)


PAIR_MEASURES = ("both arms correct", "premature", "missed-after", "same asserted state")


def pair_consistency_svg(series: Sequence[tuple[int, Sequence[int]]]) -> bytes:
    """Prospective: per run, (measured pairs, counts for each of PAIR_MEASURES) as bars."""
    with rc_context(RC):
        fig = Figure(figsize=(6.4, 3.6))
        ax = fig.add_subplot()
        width = 0.8 / max(len(series), 1)
        for i, (measured, counts) in enumerate(series):
            xs = [j + i * width for j in range(len(PAIR_MEASURES))]
            heights = [c / measured if measured else 0.0 for c in counts]
            bars = ax.bar(xs, heights, width=width, label=f"run {i + 1}")
            ax.bar_label(bars, labels=[f"{c}/{measured}" for c in counts], fontsize=7, padding=2)
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(PAIR_MEASURES))], PAIR_MEASURES)
        ax.set_ylabel("pairs / measured pairs")
        ax.set_ylim(0, 1.15)
        if series:
            ax.legend(frameon=False)
        fig.tight_layout()
        return svg_bytes(fig)


#: One fixed colour per outcome, so every outcome plot reads the same way.
OUTCOME_COLOURS = {
    "correct": "#55a868",
    "wrong": "#c44e52",
    "abstained": "#8172b3",
    "missed": "#dd8452",
    "premature": "#937860",
    "inconclusive": "#bbbbbb",
    "unrun": "#dddddd",
}


@dataclass(frozen=True)
class OutcomeBar:
    """One stratum's measured outcomes: counts per outcome over `measured` of `n` rows, and
    the chance floor of its correct rate, where it has one."""

    label: str
    counts: Sequence[tuple[str, int]]
    measured: int
    n: int
    chance_floor: float | None


def outcome_bars_svg(bars: Sequence[OutcomeBar], title: str) -> bytes:
    """Stacked measured outcomes per stratum, each bar over its measured rows, with a tick at
    the chance floor: the correct segment reaching past the tick is above chance."""
    with rc_context(RC):
        height = 1.2 + 0.42 * len(bars)
        fig = Figure(figsize=(6.4, height))
        ax = fig.add_subplot()
        seen: set[str] = set()
        for y, bar in enumerate(bars):
            left = 0.0
            for outcome, k in bar.counts:
                width = k / bar.measured if bar.measured else 0.0
                label = outcome if outcome not in seen else None
                seen.add(outcome)
                ax.barh(
                    y, width, left=left, height=0.6, color=OUTCOME_COLOURS[outcome], label=label
                )
                if k and width >= 0.06:
                    ax.text(left + width / 2, y, str(k), ha="center", va="center", fontsize=7)
                left += width
            ax.text(1.02, y, f"measured {bar.measured}/{bar.n}", va="center", fontsize=7)
            if bar.chance_floor is not None:
                ax.plot([bar.chance_floor] * 2, [y - 0.38, y + 0.38], color="black", lw=1.5)
        ax.set_yticks(range(len(bars)), [b.label for b in bars])
        ax.invert_yaxis()
        ax.set_xlim(0, 1.25)
        ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0])
        ax.set_xlabel("share of measured questions (black tick: chance floor)")
        ax.set_title(title, fontsize=9)
        # The legend sits below the axes, where it can cover no bar.
        legend_height = 0.3
        fig.legend(loc="lower center", frameon=False, fontsize=7, ncols=len(seen))
        fig.tight_layout(rect=(0, legend_height / height, 1, 1))
        return svg_bytes(fig)


@dataclass(frozen=True)
class OutcomeRange:
    """One outcome's min–max count over the runs of a run set, of `n` questions compared."""

    outcome: str
    low: int
    high: int
    n: int


def band_svg(ranges: Sequence[OutcomeRange], title: str) -> bytes:
    """Min–max count per outcome over a run set, as ranges over the questions compared."""
    with rc_context(RC):
        fig = Figure(figsize=(6.4, 0.9 + 0.36 * len(ranges)))
        ax = fig.add_subplot()
        for y, r in enumerate(ranges):
            low, high = (r.low / r.n, r.high / r.n) if r.n else (0.0, 0.0)
            colour = OUTCOME_COLOURS.get(r.outcome, "#4c72b0")
            ax.plot([low, high], [y, y], color=colour, lw=6, solid_capstyle="butt")
            ax.plot([low, high], [y, y], "|", color="black", ms=10)
            text = f"{r.low}/{r.n}" if r.low == r.high else f"{r.low}–{r.high}/{r.n}"
            ax.text(max(high, low) + 0.02, y, text, va="center", fontsize=7)
        ax.set_yticks(range(len(ranges)), [r.outcome for r in ranges])
        ax.invert_yaxis()
        ax.set_xlim(0, 1.2)
        ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0])
        ax.set_xlabel("questions with the outcome, lowest to highest run, over questions compared")
        ax.set_title(title, fontsize=9)
        fig.tight_layout()
        return svg_bytes(fig)
