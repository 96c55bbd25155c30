"""Results pages: one per vertical, one row per submitted run, every number over its n.

Not a leaderboard. Rows are ordered by system name, then run date, then run id — never by a
score; there is no rank column, no composite and no radar plot. Every figure comes from
`checker.results` (the one place result numbers are computed); these functions only lay it
out. Every string from a submission is escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from checker.family import DIAGNOSTIC_N, SMALL_SHAPE_N, Vertical
from checker.floor import REFUSAL, ConstantFloor
from checker.formats.result import OUTCOMES
from checker.results.aggregate import Aggregate, Stratum
from checker.results.band import Band
from checker.runner.models import RULES_JUDGE, identity_of
from site_gen.markup import Md, admonition, code, esc, link, table
from site_gen.numerals import band as band_cell
from site_gen.numerals import (
    chance,
    fraction,
    ident,
    quoted,
    rate,
    ratio,
    shape_mark,
    signed_rate,
)
from site_gen.plots import rung_x

NOT_A_LEADERBOARD = Md(
    "This is **not a leaderboard**. Runs are listed by system name and date, never by score; "
    "there is no rank and no overall number. With 50–80 questions per vertical, a difference "
    "of one or two items does not rank systems, and every stratum under "
    f"n = {DIAGNOSTIC_N} (shapes, distance rungs, pair sets, difficulty bands) is a diagnostic, "
    "not a claim. Compare systems on bands from repeated runs, and on the distance above "
    "chance where a shape names its candidates."
)

JUDGE_UNVALIDATED = Md(
    "Outcomes come from a judge that is **unvalidated**: its verdicts have not yet been checked "
    "against a reference model's. Corpora are drafts and their model probes unmeasured, so "
    "every figure here is **provisional**."
)


@dataclass
class RefusedFile:
    """A file under `results/` that could not be published, and why."""

    path: str
    reason: str


@dataclass(frozen=True)
class AgreementStratum:
    """One shape's (or `all`'s) agreement of a model judge with the rules judge."""

    label: str
    n: int
    agreed: int
    kappa: float | None
    left_out: int


@dataclass(frozen=True)
class JudgeAgreement:
    """A record of `typedmemeval agreement --format json`: the same answers judged by the
    rules judge and by a model judge, found by corpus bytes, system, run id and the model
    judge's fingerprint."""

    corpus_sha256: str
    system: str
    run_id: str
    judge_fingerprints: frozenset[str]
    strata: tuple[AgreementStratum, ...]
    #: The judges' model names as the record gives them (the rules judge's among them).
    judge_models: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnrunReason:
    """Why some of a run's rows are `unrun`: the reason's key (the words before its first
    colon, such as `limit` or `context-overflow`), how many rows give it, and one reason in
    full, as the result file words it."""

    key: str
    count: int
    example: str


#: The key of the reason the runner gives a question left out by `run --limit`.
LIMIT_REASON = "limit"


def unrun_reasons(reasons: Sequence[str | None]) -> tuple[UnrunReason, ...]:
    """The unrun rows' reasons grouped by key, most frequent first (ties by key)."""
    groups: dict[str, list[str]] = {}
    for reason in reasons:
        text = (reason or "").strip() or "no reason given"
        head, colon, _ = text.partition(":")
        key = head.strip() if colon and len(head) <= 40 else text
        groups.setdefault(key, []).append(text)
    return tuple(
        UnrunReason(key, len(texts), texts[0])
        for key, texts in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    )


@dataclass
class VerticalResults:
    """What one vertical's results page shows."""

    vertical: Vertical
    runs: list[Aggregate] = field(default_factory=list)
    bands: list[Band] = field(default_factory=list)
    #: Run sets the aggregator refused to band, with its reason.
    band_refusals: list[str] = field(default_factory=list)
    refused: list[RefusedFile] = field(default_factory=list)
    #: Agreement records of a model judge with the rules judge on this vertical's answers.
    agreements: list[JudgeAgreement] = field(default_factory=list)
    #: Each run's unrun rows by reason, by (system, run id) — unique within a vertical, as
    #: the file's path `results/<vertical>/<system>/<run-id>.json` is.
    unrun: dict[tuple[str, str], tuple[UnrunReason, ...]] = field(default_factory=dict)
    #: What one fixed reply to every question of the vertical's latest corpus scores.
    floor: ConstantFloor | None = None


def page_name(vertical: Vertical) -> str:
    return f"results/{vertical.key}.md"


def run_order(run: Aggregate) -> tuple[str, str, str]:
    """The only order runs are shown in: system name, run date, run id."""
    return (run.system.casefold(), run.run_date, run.run_id)


def ordered(runs: Sequence[Aggregate]) -> list[Aggregate]:
    return sorted(runs, key=run_order)


def outcomes_for(vertical: Vertical) -> tuple[str, ...]:
    """The outcome columns a vertical can show (premature only where its pairs declare it)."""
    premature = vertical.pairing is not None and vertical.pairing.premature
    return tuple(o for o in OUTCOMES if o != "premature" or premature)


def run_label(run: Aggregate) -> Md:
    return Md(f"{ident(run.system)} {code(run.system_version)}")


def _stratum_row(s: Stratum, outcomes: Sequence[str]) -> list[Md]:
    v = s.vector
    cells: list[Md] = [esc(s.label), Md(str(v.n))]
    cells += [fraction(v.counts[o], v.n) for o in outcomes]  # type: ignore[index]
    cells.append(
        rate(s.correct_rate, v.measured)
        if s.correct_rate is not None
        else Md(f"— (n={v.measured})")
    )
    cells.append(chance(s.chance_floor))
    cells.append(signed_rate(s.above_chance, v.measured) if s.above_chance is not None else Md("—"))
    mark = shape_mark(v.n)
    if s.note:
        mark = Md(f"{mark}; {esc(s.note)}" if mark else esc(s.note))
    cells.append(mark)
    return cells


def strata_table(strata: Sequence[Stratum], outcomes: Sequence[str]) -> Md:
    headers = [
        "stratum",
        "n",
        *outcomes,
        "correct rate (measured)",
        "chance floor",
        "above chance",
        "mark",
    ]
    return table(headers, [_stratum_row(s, outcomes) for s in strata])


def runs_table(runs: Sequence[Aggregate], outcomes: Sequence[str]) -> Md:
    rows = []
    for i, run in enumerate(runs, start=1):
        v = run.overall.vector
        rows.append(
            [
                Md(f"[{ident(run.system)}](#run-{i})"),
                code(run.system_version),
                esc(run.run_date),
                esc(run.revision),
                model_cell(run.answer_model),
                judge_cell(run.judge_model),
                *[fraction(v.counts[o], v.n) for o in outcomes],  # type: ignore[index]
                fraction(v.measured, v.n),
            ]
        )
    return table(
        [
            "system",
            "version",
            "run date",
            "revision",
            "answer model",
            "judge",
            *outcomes,
            "measured",
        ],
        rows,
    )


def model_cell(alias: str) -> Md:
    """A model in a table cell: name, size, quantisation and the start of its weights hash
    (in full in the run's detail), or the words that say only its name is known."""
    pinned = identity_of(alias)
    if pinned is None:
        return Md(f"{code(alias)} (identity not recorded)")
    return Md(f"{code(alias)}: {code(pinned.short())}")


def model_detail(alias: str) -> Md:
    pinned = identity_of(alias)
    if pinned is None:
        return Md(
            f"{code(alias)}: identity not recorded (no size, quantisation or weights hash is "
            "known for this name)"
        )
    return Md(f"{code(alias)}: {code(pinned.full())}")


def is_rules_judge(judge_model: str) -> bool:
    return judge_model == RULES_JUDGE


def judge_cell(judge_model: str) -> Md:
    if is_rules_judge(judge_model):
        return Md(f"{code(RULES_JUDGE)} (deterministic rules, no model)")
    return Md(f"model judge {model_cell(judge_model)}")


def agreement_for(run: Aggregate, records: Sequence[JudgeAgreement]) -> JudgeAgreement | None:
    """The record that compares this run's model judge with the rules judge on its answers."""
    for r in records:
        if (
            r.corpus_sha256 == run.sha256
            and r.system == run.system
            and r.run_id == run.run_id
            and run.judge_fingerprint in r.judge_fingerprints
        ):
            return r
    return None


def agreement_block(run: Aggregate, records: Sequence[JudgeAgreement]) -> Md:
    """Beside a result judged by a model: how often that judge agreed with the rules judge on
    the same answers, per shape, with n — or that nobody has measured it. Beside a result judged
    by the rules: the same table where a model judge also judged its answers."""
    record = agreement_for(run, records)
    if is_rules_judge(run.judge_model):
        out = Md(
            "Judged by the deterministic rules judge (from the vertical's profile: exact match, "
            "declared tolerances, sets, orders, declared phrasings); an answer it cannot parse is "
            "`inconclusive`.\n"
        )
        if record is None:
            return out
        models = [m for m in record.judge_models if not is_rules_judge(m)]
        named = ", ".join(str(model_cell(m)) for m in models) or "a model judge"
        out += Md(
            f"\nThe same answers were also judged by a model judge, {named}. How often it agreed "
            "with the rules judge (the verdicts above are the rules judge's); only questions both "
            "judges measured count, and `left out` counts those either judge left "
            "`inconclusive` or `unrun`.\n\n"
        )
        return Md(out + agreement_table(record))
    if record is None:
        return Md(
            "Agreement with the rules judge: **not measured**. No record compares this model "
            "judge's verdicts with the rules judge's on these answers, so nothing here checks "
            "the judge.\n"
        )
    out = Md(
        "Agreement of this run's model judge with the rules judge on the same answers. Only "
        "questions both judges measured count; `left out` counts those either judge left "
        "`inconclusive` or `unrun`.\n\n"
    )
    return Md(out + agreement_table(record))


def agreement_table(record: JudgeAgreement) -> Md:
    rows = [
        [
            esc(s.label),
            fraction(s.agreed, s.n),
            rate(s.kappa, s.n, 3) if s.kappa is not None else Md(f"— (n={s.n})"),
            Md(str(s.left_out)),
        ]
        for s in record.strata
    ]
    return table(["shape", "agreed", "Cohen's kappa", "left out"], rows)


def coverage_block(run: Aggregate) -> Md:
    c = run.coverage
    rows = [
        [Md("realised coverage (gold-bearing, observed)"), rate(c.mean, c.observed)],
        [
            Md("calibrated floor (reference retriever)"),
            rate(c.floor, c.gold_bearing) if c.floor is not None else Md("unknown"),
        ],
        [
            Md("above the floor"),
            signed_rate(c.versus_floor, c.observed) if c.versus_floor is not None else Md("—"),
        ],
        [Md("questions with coverage observed"), fraction(c.observed, c.gold_bearing)],
    ]
    out = table(["coverage", "value"], rows)
    out += Md(
        f"\nFloor: {esc(c.floor_source)}. A system below the floor retrieves worse than word matching.\n"
    )
    return Md(out)


def attribution_block(run: Aggregate) -> Md:
    a = run.attribution
    d = a.denominator
    rows = [
        [Md("evidence present"), fraction(a.present, d)],
        [Md("evidence absent"), fraction(a.absent, d)],
        [Md("unobserved (no evidence envelope)"), fraction(a.unobserved, d)],
        [Md("wrong with evidence absent (retrieval-side)"), fraction(a.wrong_absent, a.wrong)],
        [Md("missed with evidence present (synthesis, inferred)"), fraction(a.missed_present, d)],
    ]
    level = ", ".join(esc(x) for x in a.levels) or "none observed"
    out = table(["attribution over measured gold-bearing questions", "count"], rows)
    out += Md(
        f"\nLevel: {level}. Only one reading is causal: wrong with evidence absent is a "
        "retrieval-side failure. Missed with evidence present is an inference, since a loss "
        "inside the store looks the same from outside.\n"
    )
    return Md(out)


def headroom_block(run: Aggregate) -> Md:
    h = run.headroom
    n = run.overall.vector.n
    if h.status != "measured":
        body = Md(
            f"V1 − V9, V8 − V9 and limited-by: **unmeasured** — {esc(h.reason or 'no probe records')}."
        )
    else:
        body = Md(
            f"V1 − V9 {signed_rate(h.v1_minus_v9, h.n)}, over the questions V1 and V9 both "
            "judged. Over the questions all three judged: V1 − V9 "
            f"{signed_rate(h.overall.v1_minus_v9_reachable if h.overall else None, h.n_reachable)}, "
            f"V8 − V9 {signed_rate(h.v8_minus_v9, h.n_reachable)} (the part a better retriever "
            f"could reach); limited by {esc(h.limited_by or 'unmeasured')}. V8 is inconclusive "
            "wherever the haystack overflows the model's window, so it stands on few questions."
            + (
                f" Left out: {esc(', '.join(h.left_out))} (another model or judge than V1's)."
                if h.left_out
                else ""
            )
        )
        if h.by_shape:
            rows = [
                [
                    esc(s.label),
                    signed_rate(s.v1_minus_v9, s.n),
                    signed_rate(s.v1_minus_v9_reachable, s.n_reachable),
                    signed_rate(s.v8_minus_v9, s.n_reachable),
                    esc(s.limited_by or "unmeasured"),
                ]
                for s in h.by_shape
            ]
            body = Md(
                f"{body}\n\n"
                + table(
                    [
                        "shape",
                        "V1 − V9",
                        "V1 − V9 (all three judged)",
                        "V8 − V9 (reachable)",
                        "limited by",
                    ],
                    rows,
                )
            )
    return Md(f"{body} Questions needing more than K_ref sessions: {fraction(h.over_k_ref, n)}.\n")


def pair_block(run: Aggregate) -> Md:
    p = run.pair_consistency
    if p is None:
        return Md("")
    m = p.measured
    rows = [
        [Md("pairs measured"), fraction(m, p.pairs)],
        [Md("both arms correct"), fraction(p.both_correct, m)],
        [Md("premature (before-arm asserted it had happened)"), fraction(p.premature, m)],
        [Md("missed-after (after-arm asserted not yet)"), fraction(p.missed_after, m)],
        [Md("both arms asserted the same state"), fraction(p.both_same, m)],
    ]
    out = Md(
        "#### Pair consistency\n\nComputed from the states the answers asserted, not from outcome labels (gold flips between arms).\n\n"
    )
    out += table(["pairs", "count"], rows)
    if m < DIAGNOSTIC_N:
        out += Md(f"\n{m} measured pairs: a diagnostic (n < {DIAGNOSTIC_N}).\n")
    return Md(out)


def sub_label_block(run: Aggregate) -> Md:
    if not run.sub_labels:
        return Md("")
    rows = [
        [esc(f"{s.label} ({s.meaning})"), fraction(s.count, s.measured)] for s in run.sub_labels
    ]
    return Md(
        f"#### {esc(run.vertical)} sub-counts\n\n"
        + table(["sub-count", "over measured questions of its shape"], rows)
    )


def list_order_block(run: Aggregate) -> Md:
    if not run.list_order:
        return Md("")
    rows = [
        [
            esc(s.condition),
            Md(str(s.questions)),
            rate(s.pairwise_accuracy, s.pairs)
            if s.pairwise_accuracy is not None
            else Md("— (n=0)"),
        ]
        for s in run.list_order
    ]
    return Md(
        "#### List order, conditional on coverage\n\nPairwise order over the items each answer mentions; n counts item pairs.\n\n"
        + table(["condition", "questions", "pairwise accuracy"], rows)
    )


def distance_table(runs: Sequence[Aggregate]) -> Md:
    distances = sorted({s.label for r in runs for s in r.distance_curve}, key=rung_x)
    headers: list[object] = ["distance (sessions)"]
    headers += [Md(f"run {i}: correct") for i in range(1, len(runs) + 1)]
    rows = []
    for d in distances:
        row: list[Md] = [esc(d.split()[-1])]
        for r in runs:
            s = next((x for x in r.distance_curve if x.label == d), None)
            row.append(fraction(s.vector.counts["correct"], s.vector.measured) if s else Md("—"))
        rows.append(row)
    return table(headers, rows)


def run_section(
    index: int,
    run: Aggregate,
    vertical: Vertical,
    figure: Md | None = None,
    agreements: Sequence[JudgeAgreement] = (),
) -> Md:
    outcomes = outcomes_for(vertical)
    # Headings carry no submitted text: a heading's text is copied, as plain text, into the
    # table of contents and its labels, where the page's escaping no longer applies to it.
    out = Md(f"### Run {index} {{ #run-{index} }}\n\n")
    facts = [
        [Md("system"), run_label(run)],
        [Md("run id"), code(run.run_id)],
        [Md("run date"), esc(run.run_date)],
        [Md("corpus"), Md(f"{esc(run.citation)}, sha256 {code(run.sha256)}")],
        [Md("answer model"), model_detail(run.answer_model)],
        [
            Md("judge"),
            Md(f"{judge_cell(run.judge_model)}, fingerprint {code(run.judge_fingerprint)}")
            + Md("" if is_rules_judge(run.judge_model) else " (unvalidated)"),
        ],
        [Md("grounding"), esc(run.grounding)],
    ]
    out += table(["", ""], facts)
    for note in run.notes:
        out += Md(f"\n**{esc(note)}**\n")
    out += Md("\n#### Judge\n\n") + agreement_block(run, agreements)
    out += Md("\n#### Typed outcomes by shape\n\n")
    out += strata_table([run.overall, *run.by_shape], outcomes)
    if figure:
        out += Md("\n") + figure
    if run.by_difficulty:
        out += Md("\n#### By difficulty band\n\n")
        out += strata_table(run.by_difficulty, outcomes)
    for block in (pair_block(run), sub_label_block(run), list_order_block(run)):
        if block:
            out += Md("\n") + block
    out += Md("\n#### Coverage against the floor\n\n") + coverage_block(run)
    out += Md("\n#### Evidence attribution\n\n") + attribution_block(run)
    out += Md("\n#### Headroom\n\n") + headroom_block(run)
    return Md(out)


def bands_block(
    bands: Sequence[Band],
    refusals: Sequence[str],
    outcomes: Sequence[str],
    figures: Mapping[str, Md] | None = None,
) -> Md:
    out = Md(
        "A band is the min–max of each outcome over repeated runs of one configuration (same "
        "corpus bytes, judge fingerprint, configuration and sampling disposition), with the "
        "number of questions whose outcome flipped between runs.\n\n"
    )
    if not bands:
        out += Md("No run set of two or more runs of one configuration has been submitted.\n")
    for i, b in enumerate(bands, start=1):
        n = b.questions_compared
        rows = [
            [esc(ob.outcome), band_cell(ob.low, ob.high, n)]
            for ob in b.bands
            if ob.outcome in outcomes
        ]
        flag = (
            " — **minimum evidence** (two runs can agree by coincidence; three are recommended)"
            if b.minimum_evidence
            else ""
        )
        out += Md(
            f"**Run set {i}** ({len(b.runs)} runs: {', '.join(code(r) for r in b.runs)}){flag}\n\n"
        )
        out += table(["outcome", "band"], rows)
        out += Md(f"\nQuestions that flipped: {fraction(len(b.flipped), n)}.\n\n")
        figure = (figures or {}).get(f"band-{i}")
        if figure:
            out += figure + Md("\n")
    for reason in refusals:
        out += Md(f"- Not banded: {esc(reason)}\n")
    return Md(out)


def vertical_results_page(data: VerticalResults, plots: Mapping[str, Md] | None = None) -> Md:
    """One vertical's results page. `plots` maps where a rendered figure goes (`distance`,
    `pairs`, `run-<i>` for run i's outcomes, `band-<i>` for run set i) to its block."""
    v = data.vertical
    runs = ordered(data.runs)
    outcomes = outcomes_for(v)
    out = Md(f"# Results: {v.name}\n\n")
    out += admonition("warning", "Not a leaderboard", NOT_A_LEADERBOARD)
    out += Md("\n") + admonition("warning", "Provisional; judge unvalidated", JUDGE_UNVALIDATED)
    out += Md(
        f"\nWhat this vertical measures and how its corpus is built: {link(v.name, '../verticals/' + v.key + '.md')}. "
        f"Shapes under {SMALL_SHAPE_N} questions are marked *diagnostic only*. Rates are over "
        "measured rows; inconclusive and unrun rows are counted but never enter a rate.\n\n"
    )
    if data.refused:
        out += Md(f"{len(data.refused)} submitted files could not be published:\n\n")
        out += refused_list(data.refused)
    out += floor_block(data.floor, runs)
    if not runs:
        out += Md(
            "## No results yet\n\n"
            f"No run has been submitted for {v.name}. To submit one, run the vertical and open a "
            f"pull request adding the result file under `results/{v.key}/<system>/<run-id>.json`; "
            f"CI checks it. See {link('how to run a vertical and submit a result', '../running.md')}.\n"
        )
        return Md(out)
    out += Md("## Runs\n\nOne row per submitted run, by system name and date.\n\n")
    out += runs_table(runs, outcomes)
    plots = plots or {}
    if v.distance_curve and any(r.distance_curve for r in runs):
        out += Md(
            "\n## Outcome by distance\n\nCorrect answers over measured questions at each distance; never averaged over the rungs. Each rung is a diagnostic.\n\n"
        )
        # The figure carries the same table beneath its fold.
        out += plots["distance"] if "distance" in plots else distance_table(runs)
    if "pairs" in plots:
        out += Md("\n## Pair consistency\n\n") + plots["pairs"]
    out += Md("\n## Bands\n\n") + bands_block(data.bands, data.band_refusals, outcomes, plots)
    out += Md("\n## Runs in detail\n\n")
    for i, run in enumerate(runs, start=1):
        out += run_section(i, run, v, plots.get(f"run-{i}"), data.agreements) + Md("\n")
    return Md(out)


def floor_block(floor: ConstantFloor | None, runs: Sequence[Aggregate] = ()) -> Md:
    """What one fixed reply to every question scores (`checker.floor`), read against the runs:
    correct over measured, as a run's rate is; the runs whose share is no higher are named."""
    if floor is None:
        return Md("")
    out = Md(
        "## Floor\n\n"
        f"One fixed reply given to every question, \u201c{quoted(floor.answer)}\u201d, is judged "
        f"correct by the rules judge on {fraction(floor.correct, floor.measured)} measured "
        f"questions ({ratio(floor.correct, floor.measured)}; measured "
        f"{fraction(floor.measured, floor.questions)}), without reading a haystack: the best of "
        f"{floor.tried} replies tried (the first sentence of every distinct gold answer, and "
        f"{code(REFUSAL)}). A run's share of correct answers means little at or under it."
    )
    if floor.pairs:
        out += Md(
            f" Both arms of a pair right: {fraction(floor.pairs_both, floor.pairs)} pairs (a "
            "pair's arms take different answers)."
        )
    under = [
        r
        for r in runs
        if r.overall.vector.measured
        and r.overall.vector.counts["correct"] * floor.measured
        <= floor.correct * r.overall.vector.measured
    ]
    if under:
        named = "; ".join(
            f"{run_label(r)} {fraction(r.overall.vector.counts['correct'], r.overall.vector.measured)}"
            for r in under
        )
        out += Md(f" Runs correct on no larger a share of their measured questions: {named}.")
    rows = [
        [esc(s.shape), fraction(s.correct, s.measured), fraction(s.measured, s.questions)]
        for s in floor.shapes
    ]
    head = ["Shape", "Fixed reply: correct / measured", "measured / questions"]
    return Md(out + Md("\n\n") + table(head, rows) + Md("\n"))


def refused_list(refused: Sequence[RefusedFile]) -> Md:
    """Files that were not published, one line each with the reason (both escaped)."""
    return Md("".join(f"- {esc(r.path)}: {esc(r.reason)}\n" for r in refused) + "\n")


def results_index(
    data: Sequence[VerticalResults], ee_runs: int, unplaced: Sequence[RefusedFile] = ()
) -> Md:
    """The results overview: per vertical, how many runs; what the pages do not do; and the
    files under `results/` that belong to no page (each with the reason)."""
    out = Md("# Results\n\n")
    out += admonition("warning", "Not a leaderboard", NOT_A_LEADERBOARD)
    out += Md("\n") + admonition("warning", "Provisional; judge unvalidated", JUDGE_UNVALIDATED)
    out += Md(
        "\nEach vertical has its own page. Results of different verticals are never summed or "
        "averaged: they measure different mechanisms.\n\n"
    )
    rows = []
    for d in data:
        systems = len({r.system for r in d.runs})
        rows.append(
            [
                link(d.vertical.name, d.vertical.key + ".md"),
                Md(str(len(d.runs))),
                Md(str(systems)),
                Md(str(len(d.bands))),
            ]
        )
    out += table(["vertical", "runs", "systems", "run sets banded"], rows)
    out += Md(
        f"\nErasability and editability (EE): {link('EE results', 'ee.md')} ({ee_runs} runs).\n"
    )
    if unplaced:
        out += Md(
            f"\n## Files not published\n\n{len(unplaced)} files under `results/` or "
            "`agreement/` belong to no vertical's page and were not published:\n\n"
        )
        out += refused_list(unplaced)
    if not any(d.runs for d in data):
        out += Md(
            "\n## No results yet\n\nNothing has been submitted. To submit a run, see "
            f"{link('how to run a vertical and submit a result', '../running.md')}.\n"
        )
    return Md(out)


__all__ = [
    "NOT_A_LEADERBOARD",
    "AgreementStratum",
    "JudgeAgreement",
    "RefusedFile",
    "UnrunReason",
    "VerticalResults",
    "ordered",
    "page_name",
    "refused_list",
    "results_index",
    "run_order",
    "unrun_reasons",
    "vertical_results_page",
]
