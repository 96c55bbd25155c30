"""Difficulty-ladder validation (R-CHK-LADDER).

A dial (dispersion, distance, interference, discrimination) is *validated* only when the
reference retriever's ceiling-relative coverage — coverage ÷ min(1, K_ref/G) — measured on
scaffolding-stripped text falls by at least `THRESHOLD` from the easiest band to the hardest,
and, where a measured V1 oracle record exists, the oracle's success rate varies across bands by
no more than `THRESHOLD` (a band that is harder for the answer model is answer difficulty, not
memory difficulty).

Both corrections are needed together (design record §20): with scaffolding in place a keyword
clause makes a ladder look graded, and without the ceiling a dial that moves G makes coverage
fall with no retrieval difficulty at all.

A fall is also tested for chance: the per-question ceiling-relative coverages of the easiest and
the hardest band are pooled, the band labels permuted among them (`PERMUTATIONS` times, seeded),
and the one-sided p is the share of labellings whose fall is at least the observed one (the
observed labelling counted in). With G = 1 a question's coverage is 0 or 1, so a band of a few
questions can fall by 0.25 on one question; the test says how often shuffling alone does that.

Hence the verdicts: `validated`; `does-not-slope`; `falls-only-by-ceiling` (stripped coverage
falls, ceiling-relative coverage does not); `thin-band` (it slopes, but the easiest or the
hardest band holds fewer than `MIN_BAND_N` gold-bearing questions); `not-significant` (it
slopes, both end bands are large enough, but the permutation p is not below `ALPHA`);
`oracle-not-flat`; `single-band` (fewer than two bands hold a gold-bearing question).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import numpy as np

from checker.family import K_REF
from checker.formats.result import MEASURED_OUTCOMES
from checker.formats.retrieval import LadderKind, LadderRecord, LadderVerdict
from checker.formats.sidecar import ProbeRecord
from checker.io import dump_json, sha256_bytes
from checker.load import LoadedCorpus
from checker.retrieval.bm25 import DECIMALS, question_coverage
from checker.retrieval.ceilings import structural_ceiling
from checker.retrieval.scaffolding import ladder_strips
from checker.retrieval.strips import strips_label

THRESHOLD = 0.15
#: A slope between two bands validates only when each holds at least this many gold-bearing
#: questions: with G = 1 or 2 a question's coverage is 0, 0.5 or 1, so one question in a band of
#: four moves the band by 0.125–0.25, about the threshold. Refusing to validate costs nothing; a
#: validation certified by a handful of questions would be a published claim made of noise.
MIN_BAND_N = 8
#: The fall from the easiest to the hardest band must have a one-sided permutation p below this.
ALPHA = 0.05
#: Band labellings drawn for the permutation test (the smallest reachable p is 1/(1 + this)).
PERMUTATIONS = 10_000
#: Seed of the permutation draws (one generator per dial, so each verdict is reproducible alone).
PERMUTATION_SEED = 0
#: Outcome strings of a V1 record that count as the oracle answering correctly / not; any other
#: outcome (not applicable, inconclusive, unrun) is left out of the band's rate. An abstention, a
#: miss or a premature answer with the gold sessions in front of the model is the oracle
#: failing, as in the V1 accuracy the site shows (correct over `MEASURED_OUTCOMES`).
ORACLE_SUCCESS = frozenset({"pass", "passed", "correct"})
ORACLE_FAILURE = frozenset(
    {"fail", "failed", "incorrect", *(o for o in MEASURED_OUTCOMES if o != "correct")}
)
#: Differences this close to the threshold count as reaching it (float noise).
_SLACK = 1e-9


def oracle_outcomes(record: ProbeRecord | None) -> dict[str, bool] | None:
    """A measured V1 record's verdicts as correct / wrong per question (others left out);
    None when V1 is not measured."""
    if record is None or record.status != "measured":
        return None
    found: dict[str, bool] = {}
    for qid, outcome in record.outcomes.items():
        word = outcome.strip().lower()
        if word in ORACLE_SUCCESS:
            found[qid] = True
        elif word in ORACLE_FAILURE:
            found[qid] = False
    return found


def _sidecar_v1(corpus: LoadedCorpus) -> ProbeRecord | None:
    return corpus.sidecar.probes.get("v1") if corpus.sidecar is not None else None


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _band_label(band: int) -> str:
    return str(band)


def permutation_p(
    easy: Sequence[float],
    hard: Sequence[float],
    permutations: int = PERMUTATIONS,
    seed: int = PERMUTATION_SEED,
) -> float:
    """One-sided permutation p of the fall mean(easy) − mean(hard).

    The values of both bands are pooled; each draw deals them out again into a band of
    len(easy) and a band of len(hard) uniformly at random, and p = (1 + draws whose fall is at
    least the observed one) / (1 + draws). (A test holds it to the exact share over every
    labelling on small bands.)"""
    values = np.asarray([*easy, *hard], dtype=np.float64)
    n_easy = len(easy)
    if n_easy == 0 or len(hard) == 0:
        return 1.0
    observed = values[:n_easy].mean() - values[n_easy:].mean()
    rng = np.random.default_rng(seed)
    # Each row is one labelling: the first n_easy of a random ordering are the easy band.
    order = np.argsort(rng.random((permutations, len(values))), axis=1)
    dealt = values[order]
    falls = dealt[:, :n_easy].mean(axis=1) - dealt[:, n_easy:].mean(axis=1)
    at_least = int((falls >= observed - _SLACK).sum())
    return (1 + at_least) / (1 + permutations)


def judge_dial(
    dial: str,
    coverage_by_band: dict[int, list[float]],
    ceiling_by_band: dict[int, list[float]],
    oracle_by_band: dict[int, list[bool]] | None,
    threshold: float = THRESHOLD,
    min_band_n: int = MIN_BAND_N,
    alpha: float = ALPHA,
) -> LadderVerdict:
    """The verdict for one dial from per-band (gold-bearing) coverages and ceilings."""
    bands = sorted(b for b, v in coverage_by_band.items() if v)
    relative = {
        b: _mean([c / k for c, k in zip(coverage_by_band[b], ceiling_by_band[b], strict=True)])
        for b in bands
    }
    coverage = {b: _mean(coverage_by_band[b]) for b in bands}
    ceiling = {b: _mean(ceiling_by_band[b]) for b in bands}
    oracle = {
        b: sum(v) / len(v) for b, v in sorted((oracle_by_band or {}).items()) if v and b in bands
    }
    spread = max(oracle.values()) - min(oracle.values()) if len(oracle) >= 2 else None
    fields = {
        "by_band": {_band_label(b): round(relative[b], DECIMALS) for b in bands},
        "coverage_by_band": {_band_label(b): round(coverage[b], DECIMALS) for b in bands},
        "ceiling_by_band": {_band_label(b): round(ceiling[b], DECIMALS) for b in bands},
        "n_by_band": {_band_label(b): len(coverage_by_band[b]) for b in bands},
        "oracle_by_band": {_band_label(b): round(v, DECIMALS) for b, v in oracle.items()},
        "oracle_spread": round(spread, DECIMALS) if spread is not None else None,
    }
    if len(bands) < 2:
        where = f"band {bands[0]}" if bands else "no band"
        return LadderVerdict(
            dial=dial,
            kind="single-band",
            validated=False,
            reason=f"only {where} holds gold-bearing questions; a ladder needs two bands to slope",
            **fields,
        )
    easy, hard = bands[0], bands[-1]
    rel_drop = relative[easy] - relative[hard]
    cov_drop = coverage[easy] - coverage[hard]

    def per_question(b: int) -> list[float]:
        return [c / k for c, k in zip(coverage_by_band[b], ceiling_by_band[b], strict=True)]

    p = permutation_p(per_question(easy), per_question(hard))
    significance = f"one-sided permutation p {p:.4f}"

    def at(b: int) -> str:
        return (
            f"band {b} {relative[b]:.2f} (coverage {coverage[b]:.2f}, ceiling {ceiling[b]:.2f}, "
            f"n={len(coverage_by_band[b])})"
        )

    span = f"ceiling-relative coverage on scaffolding-stripped text: {at(easy)} → {at(hard)}"
    kind: LadderKind
    thin = [b for b in (easy, hard) if len(coverage_by_band[b]) < min_band_n]
    if rel_drop >= threshold - _SLACK:
        if thin:
            kind = "thin-band"
            reason = (
                f"{span}, a fall of {rel_drop:.2f} ({significance}); but band {thin[0]} holds "
                f"fewer than {min_band_n} gold-bearing questions, too few to certify a slope"
            )
        elif p >= alpha:
            kind = "not-significant"
            reason = (
                f"{span}, a fall of {rel_drop:.2f}; but its {significance} is not below "
                f"{alpha}: shuffling the band labels makes such a fall too often"
            )
        elif spread is not None and spread > threshold + _SLACK:
            kind = "oracle-not-flat"
            reason = (
                f"{span}, a fall of {rel_drop:.2f}; but the V1 oracle varies by {spread:.2f} "
                f"across bands (more than {threshold}), so the bands mix answer difficulty in"
            )
        else:
            kind = "validated"
            oracle_note = (
                f"; V1 oracle spread {spread:.2f}" if spread is not None else "; oracle unmeasured"
            )
            reason = (
                f"{span}, a fall of {rel_drop:.2f} ≥ {threshold}, {significance} < {alpha}"
                f"{oracle_note}"
            )
    elif cov_drop >= threshold - _SLACK:
        kind = "falls-only-by-ceiling"
        reason = (
            f"{span}: coverage falls {cov_drop:.2f} but only because G grows past K_ref; "
            f"against the ceiling it falls {rel_drop:.2f} < {threshold}"
        )
    else:
        kind = "does-not-slope"
        reason = f"{span}, a fall of {rel_drop:.2f} < {threshold} ({significance})"
    return LadderVerdict(
        dial=dial,
        kind=kind,
        validated=kind == "validated",
        reason=reason,
        relative_drop=round(rel_drop, DECIMALS),
        coverage_drop=round(cov_drop, DECIMALS),
        permutation_p=round(p, DECIMALS),
        **fields,
    )


def measure_ladder(
    corpus: LoadedCorpus,
    declared_pattern: str | None = None,
    k_ref: int = K_REF,
    v1: ProbeRecord | None = None,
) -> LadderRecord:
    """A verdict for every dial the corpus's questions declare (cached per corpus).

    Ranks on text stripped of the declared pattern (the argument, else the sidecar's) and of
    the generic strip. The oracle's flatness is read from `v1` when given (the generator,
    measuring bytes it has not written yet), else from the sidecar's V1 record. Raises
    `ScaffoldingPatternError` when the pattern does not compile.
    """
    strips = ladder_strips(corpus, declared_pattern)
    oracle = oracle_outcomes(v1 if v1 is not None else _sidecar_v1(corpus))
    oracle_key = "none" if oracle is None else sha256_bytes(dump_json(oracle).encode())
    key = f"retrieval.ladder:{strips_label(strips)}:{k_ref}:{oracle_key}"
    cached: LadderRecord | None = corpus.cache.get(key)
    if cached is not None:
        return cached
    coverage: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    ceiling: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    by_band: dict[str, dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for qi, q in enumerate(corpus.questions):
        block = q.typedmemeval
        if block is None or block.difficulty is None or not block.difficulty_dial:
            continue
        measured = question_coverage(corpus, qi, strips, k_ref)
        if measured.gold == 0:
            continue  # nothing to retrieve: its coverage is 1.0 by definition, not by measurement
        dial, band = block.difficulty_dial, block.difficulty
        coverage[dial][band].append(measured.coverage)
        ceiling[dial][band].append(structural_ceiling(measured.gold, k_ref))
        if oracle is not None and q.question_id in oracle:
            by_band[dial][band].append(oracle[q.question_id])
    dials = {
        q.typedmemeval.difficulty_dial
        for q in corpus.questions
        if q.typedmemeval is not None
        and q.typedmemeval.difficulty is not None
        and q.typedmemeval.difficulty_dial
    }
    verdicts = [
        judge_dial(
            dial,
            coverage.get(dial, {}),
            ceiling.get(dial, {}),
            by_band.get(dial) if oracle is not None else None,
        )
        for dial in sorted(d for d in dials if d)
    ]
    record = LadderRecord(
        threshold=THRESHOLD,
        min_band_n=MIN_BAND_N,
        alpha=ALPHA,
        permutations=PERMUTATIONS,
        permutation_seed=PERMUTATION_SEED,
        strip=strips_label(strips),
        verdicts=verdicts,
    )
    corpus.cache[key] = record
    return record
