"""Plain-text renderings of an aggregate, a band and EE figures for the CLI.

Every figure is printed as `count/denominator (rate)`; a rate whose denominator is zero prints
as "not measured", never as 0.
"""

from __future__ import annotations

from checker.family import DIAGNOSTIC_N, SMALL_SHAPE_N
from checker.formats.result import MEASURED_OUTCOMES, OUTCOMES
from checker.results.aggregate import Aggregate, ArmHeadroom, Stratum
from checker.results.band import Band
from checker.results.ee import EEFigures


def fraction(count: int, denominator: int) -> str:
    if denominator == 0:
        return f"{count}/0 (not measured)"
    return f"{count}/{denominator} ({count / denominator:.3f})"


def _marks(s: Stratum) -> str:
    marks = []
    if s.small:
        marks.append(f"small: n<{SMALL_SHAPE_N}")
    if s.diagnostic:
        marks.append(f"diagnostic: n<{DIAGNOSTIC_N}")
    if s.note:
        marks.append(s.note)
    return f"  [{'; '.join(marks)}]" if marks else ""


def stratum_lines(s: Stratum, indent: str = "  ") -> list[str]:
    v = s.vector
    head = f"{indent}{s.label}: n={v.n}, measured {v.measured}"
    if v.not_measured:
        head += f" (inconclusive {v.counts['inconclusive']}, unrun {v.counts['unrun']})"
    lines = [head + _marks(s)]
    if v.measured == 0:
        lines.append(f"{indent}  measured nothing: no rate is computed")
        return lines
    parts = [f"{o} {fraction(v.counts[o], v.measured)}" for o in MEASURED_OUTCOMES if v.counts[o]]
    lines.append(f"{indent}  " + ", ".join(parts))
    if s.chance_floor is not None and s.above_chance is not None:
        lines.append(
            f"{indent}  chance floor {s.chance_floor} ({float(s.chance_floor):.3f}); correct rate "
            f"is {s.above_chance:+.3f} above chance"
        )
    return lines


def aggregate_lines(a: Aggregate) -> list[str]:
    lines = [
        f"{a.citation} ({a.corpus_id}, sha256 {a.sha256})",
        f"system {a.system} {a.system_version} · run {a.run_id} on {a.run_date}",
        f"answer model {a.answer_model} · judge {a.judge_model} (fingerprint "
        f"{a.judge_fingerprint}) · grounding {a.grounding}",
        "one run is a point: band ≥2 runs (3 recommended) with `typedmemeval band`; "
        "differences of one or two items do not rank systems",
        "",
    ]
    lines += [f"NOTE: {n}" for n in a.notes]
    lines.append("outcomes (rates over measured rows; inconclusive and unrun excluded):")
    lines += stratum_lines(a.overall)
    lines.append("by shape:")
    for s in a.by_shape:
        lines += stratum_lines(s, "  ")
    if a.by_difficulty:
        lines.append("by difficulty band:")
        for s in a.by_difficulty:
            lines += stratum_lines(s, "  ")
    if a.distance_curve:
        lines.append("outcome × distance (sessions between the fact and the question):")
        for s in a.distance_curve:
            lines += stratum_lines(s, "  ")
    c = a.coverage
    lines.append("realised coverage (gold-bearing questions):")
    if c.mean is None:
        lines.append(f"  observed on 0/{c.gold_bearing} gold-bearing questions: not measured")
    else:
        lines.append(
            f"  mean {c.mean:.3f} over {fraction(c.observed, c.gold_bearing)} observed questions"
        )
    if c.floor is None:
        lines.append(f"  calibrated floor: {c.floor_source}")
    else:
        verdict = (
            ""
            if c.versus_floor is None
            else f"; {'at or above' if c.versus_floor >= 0 else 'BELOW'} the floor by "
            f"{abs(c.versus_floor):.3f}"
        )
        lines.append(f"  calibrated floor {c.floor:.3f} ({c.floor_source}){verdict}")
    for kind, (surfaced, observed) in sorted(c.components.items()):
        lines.append(f"  component {kind}: surfaced {fraction(surfaced, observed)}")
    if c.components:
        lines.append(f"  some components surfaced and others not: {c.components_partial} questions")
    t = a.attribution
    lines.append(f"evidence attribution (gold-bearing measured rows, n={t.denominator}):")
    lines.append(
        f"  present {fraction(t.present, t.denominator)}, absent "
        f"{fraction(t.absent, t.denominator)}, unobserved {fraction(t.unobserved, t.denominator)}"
    )
    if t.observed:
        lines.append(
            f"  level {', '.join(t.levels) or '—'}; list {', '.join(t.sources) or '—'} "
            "(reference level: necessary, not sufficient)"
        )
    lines.append(
        f"  wrong with evidence absent (retrieval-side, the one safe reading): "
        f"{fraction(t.wrong_absent, t.wrong)} of wrong"
    )
    if t.missed_present:
        lines.append(
            f"  missed with evidence present: {t.missed_present} (consistent with a synthesis "
            "failure; an inference, not a fact)"
        )
    p = a.pair_consistency
    if p is not None:
        mark = f"  [diagnostic: n<{DIAGNOSTIC_N}]" if p.diagnostic else ""
        lines.append(
            f"pair consistency (from asserted states; {p.measured}/{p.pairs} pairs measured){mark}:"
        )
        lines.append(f"  both arms correct {fraction(p.both_correct, p.measured)}")
        lines.append(f"  premature (before-arm fired) {fraction(p.premature, p.measured)}")
        lines.append(
            f"  missed-after (after-arm said not yet) {fraction(p.missed_after, p.measured)}"
        )
        lines.append(
            f"  both arms asserted the same state {fraction(p.both_same, p.measured)} "
            "(gold flips between arms: this is the signature of a system without the query time)"
        )
        if p.unmeasured:
            lines.append(f"  unmeasured pairs: {', '.join(p.unmeasured)}")
    if a.sub_labels:
        lines.append(f"{a.vertical} sub-counts:")
        for label in a.sub_labels:
            lines.append(
                f"  {label.label} {fraction(label.count, label.measured)} {label.shape} "
                f"({label.meaning})"
            )
    if a.list_order:
        lines.append("list order (pairwise, on the items each answer mentions):")
        for lo in a.list_order:
            lines.append(
                f"  {lo.condition}: {lo.questions} questions, "
                f"{fraction(lo.pairs - lo.inversions, lo.pairs)} pairs in order"
            )
    h = a.headroom
    lines.append("headroom:")
    if h.status == "unmeasured":
        lines.append(f"  V1 − V9, V8 − V9: unmeasured ({h.reason})")
    else:

        def signed(value: float | None) -> str:
            return "unmeasured" if value is None else f"{value:+.3f}"

        def arms(a: ArmHeadroom) -> str:
            return (
                f"V1 − V9 {signed(a.v1_minus_v9)} over {a.n} questions both measured; over the "
                f"{a.n_reachable} all three measured, V1 − V9 {signed(a.v1_minus_v9_reachable)} "
                f"and V8 − V9 {signed(a.v8_minus_v9)}; limited by {a.limited_by or 'unmeasured'}"
            )

        if h.overall is not None:
            lines.append(f"  {arms(h.overall)}")
        for arm in h.by_shape:
            lines.append(f"  {arm.label}: {arms(arm)}")
        if h.left_out:
            lines.append(f"  left out: {', '.join(h.left_out)} (another model or judge than V1's)")
    lines.append(
        f"  questions with more gold sessions than K_ref (limited by K_ref): {h.over_k_ref}"
    )
    return lines


def band_lines(b: Band) -> list[str]:
    n = len(b.runs)
    lines = [f"band over {n} runs of {b.corpus_id} (sha256 {b.sha256})"]
    if b.minimum_evidence:
        lines.append(
            "MINIMUM EVIDENCE: two runs can agree by coincidence; three runs are recommended"
        )
    for o in OUTCOMES:
        band = next(x for x in b.bands if x.outcome == o)
        text = f"  {o}: {band.low}–{band.high}"
        if band.low_rate is not None and band.high_rate is not None:
            text += f" (rate {band.low_rate:.3f}–{band.high_rate:.3f} of measured)"
        lines.append(text)
    lines.append(f"questions whose outcome flipped: {len(b.flipped)}/{b.questions_compared}")
    if b.flipped:
        lines.append("  " + ", ".join(b.flipped))
    seeds = sorted({str(s) for s in b.seeds})
    lines.append(
        "answer seed: "
        + (
            f"pinned ({seeds[0]}): the band is the memory system's own variance"
            if len(seeds) == 1
            else f"varied ({', '.join(seeds)}): the band includes the answer model's variance"
        )
    )
    return lines


def ee_lines(f: EEFigures) -> list[str]:
    lines = []
    if f.graded_after == 0:
        lines.append("EE: no after-probe was graded on both phases: measured nothing")
    else:
        lines.append(
            f"EE accuracy (real ÷ graded after-probes): {fraction(f.buckets['real'], f.graded_after)}"
        )
    lines.append(
        "buckets: "
        + ", ".join(f"{b}={n}" for b, n in f.buckets.items())
        + " (only real counts: a system that never learned a fact passes its erase probe)"
    )
    for task, b in f.task_buckets.items():
        graded = sum(b.values())
        if graded:
            lines.append(f"  {task}: {fraction(b['real'], graded)}")
        else:
            lines.append(f"  {task}: no graded pair (omitted from the per-task figures)")
    if f.ungraded:
        lines.append(f"ungraded after-probes (a phase lacks a verdict): {', '.join(f.ungraded)}")
    lines.append("raw per-probe pass rate (ungated; a diagnostic, never the score):")
    for d in f.diagnostics:
        lines.append(f"  {d.stratum}: {fraction(d.correct, d.graded)}")
    return lines
