"""Bands over a run set (R-RES-4): min–max per outcome over ≥ 2 runs of one configuration, and
the questions whose outcome flipped between runs.

A band is only evidence about one experiment. Runs that differ in the corpus bytes, the judge,
the configuration, the answer model, the grounding, or what the provider did with the requested
sampling are different experiments, and banding them would manufacture a stability nothing
measured, so `band()` refuses them and names the field. Answer seeds may differ (vary them to
measure the answer model's variance; pin them to measure the memory system's own).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from checker.formats.result import MEASURED_OUTCOMES, OUTCOMES, Outcome, ResultFile
from checker.results.aggregate import outcome_vector

#: Fields that must be equal across a run set: the name printed, and how to read it.
SAME_EXPERIMENT: tuple[tuple[str, Callable[[ResultFile], Any]], ...] = (
    ("corpus.sha256", lambda r: r.corpus.sha256),
    ("corpus.corpus_id", lambda r: r.corpus.corpus_id),
    ("judge.fingerprint", lambda r: r.judge.fingerprint),
    ("configuration_fingerprint", lambda r: r.configuration_fingerprint),
    ("answer_model", lambda r: r.answer_model),
    ("grounding", lambda r: r.grounding),
    ("answer_sampling.temperature", lambda r: r.answer_sampling.temperature),
    (
        "answer_sampling.temperature_disposition",
        lambda r: r.answer_sampling.temperature_disposition,
    ),
    ("answer_sampling.seed_disposition", lambda r: r.answer_sampling.seed_disposition),
)

#: Runs needed for a band; exactly this many is labelled minimum evidence.
MIN_RUNS = 2
RECOMMENDED_RUNS = 3


class BandRefused(Exception):
    """The runs are not one experiment."""

    def __init__(self, field: str, values: Sequence[tuple[str, Any]]) -> None:
        self.field = field
        self.values = list(values)
        shown = "; ".join(f"{name}: {value!r}" for name, value in self.values)
        super().__init__(
            f"runs differ in {field} ({shown}); a band is over runs of one experiment, so band "
            f"each group of runs that agree on {field} separately"
        )


@dataclass(frozen=True)
class OutcomeBand:
    """One outcome's range over the run set."""

    outcome: Outcome
    low: int
    high: int
    #: Range of the outcome's rate over measured rows (None where a run measured nothing).
    low_rate: float | None
    high_rate: float | None


@dataclass(frozen=True)
class Band:
    """A run set's band."""

    runs: tuple[str, ...]
    corpus_id: str
    sha256: str
    bands: tuple[OutcomeBand, ...]
    questions_compared: int
    flipped: tuple[str, ...]
    seeds: tuple[int | None, ...]

    @property
    def minimum_evidence(self) -> bool:
        """Two runs can agree by coincidence and band to zero width; three are recommended."""
        return len(self.runs) == MIN_RUNS

    def as_dict(self) -> dict[str, Any]:
        return {
            "runs": list(self.runs),
            "corpus_id": self.corpus_id,
            "sha256": self.sha256,
            "minimum_evidence": self.minimum_evidence,
            "questions_compared": self.questions_compared,
            "questions_flipped": len(self.flipped),
            "flipped": list(self.flipped),
            "seeds": list(self.seeds),
            "bands": [
                {
                    "outcome": b.outcome,
                    "low": b.low,
                    "high": b.high,
                    "low_rate": b.low_rate,
                    "high_rate": b.high_rate,
                }
                for b in self.bands
            ],
        }


def refusal(runs: Sequence[tuple[str, ResultFile]]) -> BandRefused | None:
    """The first field in which the runs differ, or None when they are one experiment."""
    for name, read in SAME_EXPERIMENT:
        values = [(label, read(r)) for label, r in runs]
        if len({repr(v) for _, v in values}) > 1:
            return BandRefused(name, values)
    ids = [r.run_id for _, r in runs]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        return BandRefused("run_id", [(label, r.run_id) for label, r in runs])
    return None


def band(runs: Sequence[tuple[str, ResultFile]]) -> Band:
    """Band a run set; raise BandRefused (naming the field) for runs of different experiments
    and ValueError for fewer than two runs."""
    if len(runs) < MIN_RUNS:
        raise ValueError(f"a band needs at least {MIN_RUNS} runs ({RECOMMENDED_RUNS} recommended)")
    refused = refusal(runs)
    if refused is not None:
        raise refused
    vectors = [outcome_vector(r.rows) for _, r in runs]
    bands = []
    for o in OUTCOMES:
        counts = [v.counts[o] for v in vectors]
        rates = [v.rate(o) for v in vectors] if o in MEASURED_OUTCOMES else []
        known = [x for x in rates if x is not None]
        bands.append(
            OutcomeBand(
                o,
                min(counts),
                max(counts),
                min(known) if known else None,
                max(known) if known else None,
            )
        )
    per_run = [{row.question_id: row.outcome for row in r.rows} for _, r in runs]
    common = set(per_run[0]).intersection(*per_run[1:])
    flipped = sorted(q for q in common if len({outcomes[q] for outcomes in per_run}) > 1)
    first = runs[0][1]
    return Band(
        runs=tuple(label for label, _ in runs),
        corpus_id=first.corpus.corpus_id,
        sha256=first.corpus.sha256,
        bands=tuple(bands),
        questions_compared=len(common),
        flipped=tuple(flipped),
        seeds=tuple(r.answer_sampling.seed for _, r in runs),
    )
