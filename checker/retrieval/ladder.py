"""Difficulty-ladder validation (R-CHK-LADDER).

A dial (dispersion, distance, interference, discrimination) is *validated* only when the
reference retriever's ceiling-relative coverage — coverage ÷ min(1, K_ref/G) — measured on
scaffolding-stripped text falls by at least `THRESHOLD` from the easiest band to the hardest,
and, where a measured V1 oracle record exists, the oracle's success rate varies across bands by
no more than `THRESHOLD` (a band that is harder for the answer model is answer difficulty, not
memory difficulty).

Both corrections are needed together (design record §20): with scaffolding in place a keyword
clause makes a ladder look graded, and without the ceiling a dial that moves G makes coverage
fall with no retrieval difficulty at all. Hence the verdicts: `validated`; `does-not-slope`;
`falls-only-by-ceiling` (stripped coverage falls, ceiling-relative coverage does not);
`oracle-not-flat`; `thin-band` (it slopes, but an end band holds fewer than `MIN_BAND_N`
gold-bearing questions); `single-band` (fewer than two bands hold a gold-bearing question).
"""

from __future__ import annotations

from collections import defaultdict

from checker.family import K_REF
from checker.formats.retrieval import LadderKind, LadderRecord, LadderVerdict
from checker.load import LoadedCorpus
from checker.retrieval.bm25 import DECIMALS, question_coverage
from checker.retrieval.ceilings import structural_ceiling
from checker.retrieval.scaffolding import ladder_strips
from checker.retrieval.strips import strips_label

THRESHOLD = 0.15
#: A slope between two bands validates only when each holds at least this many gold-bearing
#: questions: with G = 2 a question's coverage is 0, 0.5 or 1, so one question in a band of two
#: moves the band by 0.25, more than the threshold. Refusing to validate costs nothing; a
#: validation certified by one or two questions would be a published claim made of noise.
MIN_BAND_N = 4
#: Outcome strings of a V1 record that count as the oracle answering correctly / wrongly; any
#: other outcome (not applicable, inconclusive, unrun) is left out of the band's rate.
ORACLE_SUCCESS = frozenset({"pass", "passed", "correct"})
ORACLE_FAILURE = frozenset({"fail", "failed", "wrong", "incorrect"})
#: Differences this close to the threshold count as reaching it (float noise).
_SLACK = 1e-9


def _oracle_outcomes(corpus: LoadedCorpus) -> dict[str, bool] | None:
    sidecar = corpus.sidecar
    record = sidecar.probes.get("v1") if sidecar is not None else None
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


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _band_label(band: int) -> str:
    return str(band)


def judge_dial(
    dial: str,
    coverage_by_band: dict[int, list[float]],
    ceiling_by_band: dict[int, list[float]],
    oracle_by_band: dict[int, list[bool]] | None,
    threshold: float = THRESHOLD,
    min_band_n: int = MIN_BAND_N,
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
                f"{span}, a fall of {rel_drop:.2f}; but band {thin[0]} holds fewer than "
                f"{min_band_n} gold-bearing questions, too few to certify a slope"
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
            reason = f"{span}, a fall of {rel_drop:.2f} ≥ {threshold}{oracle_note}"
    elif cov_drop >= threshold - _SLACK:
        kind = "falls-only-by-ceiling"
        reason = (
            f"{span}: coverage falls {cov_drop:.2f} but only because G grows past K_ref; "
            f"against the ceiling it falls {rel_drop:.2f} < {threshold}"
        )
    else:
        kind = "does-not-slope"
        reason = f"{span}, a fall of {rel_drop:.2f} < {threshold}"
    return LadderVerdict(
        dial=dial,
        kind=kind,
        validated=kind == "validated",
        reason=reason,
        relative_drop=round(rel_drop, DECIMALS),
        coverage_drop=round(cov_drop, DECIMALS),
        **fields,
    )


def measure_ladder(
    corpus: LoadedCorpus, declared_pattern: str | None = None, k_ref: int = K_REF
) -> LadderRecord:
    """A verdict for every dial the corpus's questions declare (cached per corpus).

    Ranks on text stripped of the declared pattern (the argument, else the sidecar's) and of
    the generic strip. Raises `ScaffoldingPatternError` when the pattern does not compile.
    """
    strips = ladder_strips(corpus, declared_pattern)
    key = f"retrieval.ladder:{strips_label(strips)}:{k_ref}"
    cached: LadderRecord | None = corpus.cache.get(key)
    if cached is not None:
        return cached
    oracle_outcomes = _oracle_outcomes(corpus)
    coverage: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    ceiling: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    oracle: dict[str, dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
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
        if oracle_outcomes is not None and q.question_id in oracle_outcomes:
            oracle[dial][band].append(oracle_outcomes[q.question_id])
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
            oracle.get(dial) if oracle_outcomes is not None else None,
        )
        for dial in sorted(d for d in dials if d)
    ]
    record = LadderRecord(
        threshold=THRESHOLD, min_band_n=MIN_BAND_N, strip=strips_label(strips), verdicts=verdicts
    )
    corpus.cache[key] = record
    return record
