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


@dataclass(frozen=True)
class Point:
    """One plotted count: k of n measured questions at x."""

    x: int
    k: int
    n: int


def _svg(fig: Figure) -> bytes:
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
        return _svg(fig)


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
        return _svg(fig)
