"""Vertical pages: what a vertical measures, and every published property of its corpus.

Each function maps data to Markdown. Numbers come from the corpus bytes (counts) and its
sidecar (measurements the checker re-derives in CI); text read from either is escaped.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from checker.family import K_REF, SMALL_SHAPE_N, VERTICALS, Vertical
from checker.formats.retrieval import CoverageRecord
from checker.formats.separability import FeatureRow, SeparabilityRecord
from checker.formats.sidecar import ProbeRecord, Sidecar
from checker.probes import sample_lines
from site_gen import inside
from site_gen.markup import Md, admonition, code, esc, link, table
from site_gen.numerals import chance, fraction, rate, shape_mark, signed_rate
from site_gen.sources import CorpusRelease, CorpusStats

#: Probes in the order the site lists them, with what each asks.
PROBES: tuple[tuple[str, str], ...] = (
    ("v1", "V1 oracle answerability: answered from the gold sessions alone"),
    ("v2", "V2 non-inferability: not answered with no context"),
    ("v3", "V3 gold-ablated: not answered from the distractors alone"),
    ("v6", "V6 leave-one-out: each declared load-bearing component is needed"),
    ("v8", "V8 full haystack: answered given every session"),
    ("v9", "V9 BM25 top-K: answered given the reference retriever's top sessions"),
    ("paraphrase", "Paraphrase screen: answers not restated in other words"),
)

#: How many single-feature rows a vertical page lists before summarising the rest.
FEATURE_ROWS = 25

NO_MODEL_REASON = "no model-dependent probe has run against this corpus yet"

#: A V1 gold-only accuracy under this is a weak model: its passes on the leak probes (V2, V3)
#: are read as weak evidence, in words beside the table.
STRONG_V1 = 0.8
#: Outcomes that do not measure the model (left out of V1's denominator).
NOT_MEASURED = ("inconclusive", "unrun")


#: Where a vertical page's figures are written, relative to the docs root.
PLOTS_DIR = "verticals/plots"


def page_name(vertical: Vertical) -> str:
    """Site path of a vertical's page, relative to the docs root."""
    return f"verticals/{vertical.key}.md"


#: What each probe a corpus needs before it is more than provisional establishes.
ESTABLISHES = {
    "v1": "answerability",
    "v2": "non-inferability",
    "v3": "distractor plausibility",
}


def provisional_reasons(release: CorpusRelease | None) -> list[str]:
    """Why a vertical's numbers are provisional; empty only for a released, probed corpus."""
    if release is None:
        return ["no corpus has been generated for this vertical yet"]
    reasons = []
    if release.entry.status == "draft":
        reasons.append(
            f"revision {release.entry.revision} is a draft: it regenerates freely until the "
            "family's first release, so its bytes and figures may change"
        )
    probes = release.sidecar.probes if release.sidecar else {}
    unmeasured = [
        (name.upper(), what)
        for name, what in ESTABLISHES.items()
        if _status(probes.get(name)) != "measured"
    ]
    if unmeasured:
        names = [n for n, _ in unmeasured]
        said = "the model probe" if len(names) == 1 else "the model probes"
        verb = "is" if len(names) == 1 else "are"
        whats = [w for _, w in unmeasured]
        established = whats[0] if len(whats) == 1 else ", ".join(whats[:-1]) + " and " + whats[-1]
        reasons.append(
            f"{said} {', '.join(names)} {verb} unmeasured, so {established} "
            f"{'is' if len(whats) == 1 else 'are'} not yet established"
        )
    if release.problems:
        reasons.append("parts of the corpus record could not be read (listed below)")
    return reasons


def _status(probe: ProbeRecord | None) -> str:
    return probe.status if probe is not None else "unmeasured"


def honesty_block(release: CorpusRelease | None) -> Md:
    """The provisional label and the judge label every vertical page carries."""
    reasons = provisional_reasons(release)
    body = ""
    if reasons:
        body += "These figures are **provisional**:\n\n" + "\n".join(f"- {esc(r)}" for r in reasons)
        body += "\n\n"
    body += (
        "The judge that turns answers into typed outcomes is **unvalidated**: its verdicts "
        "have not been checked against a reference model's, so read every outcome on the "
        "results pages with that caveat."
    )
    title = "Provisional" if reasons else "Judge unvalidated"
    return admonition("warning", title, Md(body))


def shapes_table(vertical: Vertical, stats: CorpusStats | None) -> Md:
    rows = []
    for shape in vertical.shapes:
        shipped = stats.shape_counts.get(shape.name, 0) if stats else None
        n = shipped if shipped is not None else shape.count
        rows.append(
            [
                esc(shape.name),
                Md(str(shape.count)),
                Md(str(shipped)) if shipped is not None else Md("not generated"),
                chance(shape.chance_floor),
                shape_mark(n),
            ]
        )
    return table(["shape", "planned n", "n in corpus", "chance floor", "mark"], rows)


def corpus_block(release: CorpusRelease) -> Md:
    entry = release.entry
    rows = [
        [Md("corpus id"), code(release.corpus_id)],
        [Md("revision"), esc(entry.revision)],
        [Md("status"), esc(entry.status)],
        [Md("questions"), Md(str(entry.question_count))],
        [Md("sha256"), code(entry.sha256)],
    ]
    out = table(["", ""], rows)
    out += Md(
        f"\nDownload it, with its dataset description, from {link('the corpus downloads', '../corpora/index.md')}.\n"
    )
    if release.problems:
        out += Md(
            "\n**Could not be read:**\n\n"
            + "\n".join(f"- {esc(p)}" for p in release.problems)
            + "\n"
        )
    return Md(out)


def distribution_tables(stats: CorpusStats) -> Md:
    n = stats.question_count
    g_rows = [[Md(str(g)), fraction(k, n)] for g, k in stats.g_counts.items()]
    h_rows = [[Md(str(h)), fraction(k, n)] for h, k in stats.h_counts.items()]
    out = Md(
        "G is the number of gold sessions a question needs; H the number of non-gold sessions "
        "in its haystack. Both are counted from the corpus bytes.\n\n"
    )
    out += table(["G (gold sessions)", "questions"], g_rows)
    out += Md("\n")
    out += table(["H (non-gold sessions)", "questions"], h_rows)
    return Md(out)


def ceiling_table(sidecar: Sidecar, stats: CorpusStats | None) -> Md:
    ceiling = sidecar.ceiling
    n = stats.question_count if stats else sidecar.question_count
    g_counts = (
        stats.g_counts
        if stats
        else {int(g): c for g, c in sidecar.structure.g_distribution.items()}
    )
    rows = []
    for g, k in sorted(g_counts.items()):
        if g == 0:
            cap = Md("— (no gold)")
        elif g <= ceiling.k_ref:
            cap = Md("1")
        else:
            cap = Md(f"{ceiling.k_ref}/{g}")
        rows.append([Md(str(g)), cap, fraction(k, n)])
    out = Md(
        f"The structural ceiling min(1, K_ref/G) is the most any retriever returning "
        f"K_ref = {ceiling.k_ref} sessions can cover of a question's gold.\n\n"
    )
    out += table(["G", "ceiling", "questions"], rows)
    over = ceiling.questions_over_k_ref
    out += Md(
        f"\nQuestions needing more than K_ref sessions: {fraction(len(over), n)}"
        + (f" ({', '.join(esc(q) for q in over)})" if over else "")
        + ".\n"
    )
    return Md(out)


def calibration_block(sidecar: Sidecar, stats: CorpusStats | None) -> Md:
    cov = sidecar.coverage
    if cov is None:
        return Md("BM25 calibration: **unmeasured** — the sidecar carries no coverage record.\n")
    all_n = cov.all_n or (stats.question_count if stats else sidecar.question_count)
    gb_n = cov.gold_bearing_n or (stats.gold_bearing if stats else 0)
    out = Md(
        f"Reference retriever {code(cov.retriever)} (k1 {code(cov.k1)}, b {code(cov.b)}, "
        f"epsilon {code(cov.epsilon)}) over each question's own haystack, tokenizer "
        f"{code(cov.tokenizer)}, budget K_ref = {cov.k_ref}, ties counted as "
        f"{esc(cov.tie_policy)}. The calibration band for the gold-bearing mean is "
        f"{code(cov.band_low)}–{code(cov.band_high)}.\n\n"
    )
    rows: list[list[Md]] = [
        [
            Md("**all shapes**"),
            rate(cov.gold_bearing_mean, gb_n),
            rate(cov.all_mean, all_n),
        ]
    ]
    shape_all: dict[str, list[float]] = {}
    if stats:
        for qid, value in cov.per_question.items():
            shape = stats.shape_of.get(qid)
            if shape is not None:
                shape_all.setdefault(shape, []).append(value)
    shapes = sorted(set(cov.per_shape) | set(shape_all))
    for shape in shapes:
        values = shape_all.get(shape, [])
        rows.append(
            [
                esc(shape),
                rate(cov.per_shape.get(shape), cov.per_shape_n.get(shape, 0)),
                rate(sum(values) / len(values), len(values)) if values else Md("unmeasured"),
            ]
        )
    out += table(["shape", "gold-bearing mean (the floor)", "all-question mean"], rows)
    out += Md(
        "\nThe gold-bearing mean is the calibrated floor a run's coverage is compared with; the "
        "all-question mean also counts questions without gold, which score 1 vacuously.\n"
    )
    if cov.tie_rate is not None:
        out += Md(f"\nTop-K boundary inside a tie: {rate(cov.tie_rate, all_n)}.\n")
    out += Md("\n#### Beside BM25: a competent retriever and a shallow reader\n\n")
    out += competent_block(cov, gb_n)
    return Md(out)


def competent_block(cov: CoverageRecord, gb_n: int) -> Md:
    """The competent retriever and the shallow reader beside BM25's gold-bearing coverage."""
    competent, shallow = cov.competent, cov.shallow_reader
    if competent is None or shallow is None:
        return Md(
            "Competent retriever and shallow reader: **unmeasured** in this sidecar, which was "
            "stamped before they were added to the record; `typedmemeval check --summary` "
            "measures both from the corpus bytes.\n"
        )
    n = competent.gold_bearing_n or gb_n
    out = Md(
        f"A learned reranker ({code(competent.retriever)}: {code(competent.model)}) re-ranks "
        f"each haystack from cheap (question, session) features, trained on other haystacks; "
        f"the shallow reader flags the sessions where one turn holds every content word of "
        f"the question and a value-like word, and its graded form ranks by the share of "
        f"content words such a turn holds. Ties count as for BM25. Published, not gating: the "
        f"family's goal is a competent-retriever coverage of at most {code(competent.goal)}, "
        f"so that retrieval difficulty survives a retriever smarter than BM25.\n\n"
    )
    rows = [
        [
            Md(f"BM25 {code(cov.retriever)} (the reference)"),
            rate(cov.gold_bearing_mean, n),
            rate(competent.bm25_top1_mean, n),
        ],
        [
            Md(f"competent reranker {code(competent.retriever)}"),
            rate(competent.gold_bearing_mean, n),
            rate(competent.top1_mean, n),
        ],
        [
            Md("shallow reader, graded"),
            rate(shallow.graded_coverage_mean, shallow.gold_bearing_n),
            rate(shallow.graded_top1_mean, shallow.gold_bearing_n),
        ],
    ]
    for shape, value in competent.per_shape.items():
        shape_n = competent.per_shape_n.get(shape, 0)
        rows.append(
            [
                Md(f"competent reranker, {esc(shape)}"),
                rate(value, shape_n),
                rate(competent.per_shape_top1.get(shape), shape_n),
            ]
        )
    out += table([f"retriever (K_ref = {competent.k_ref})", "gold-bearing coverage", "top-1"], rows)
    mean = competent.gold_bearing_mean
    if mean is not None:
        verdict = "within" if mean <= competent.goal + 1e-9 else "**above**"
        out += Md(f"\nThe competent retriever is {verdict} the goal.\n")
    out += Md(
        f"\nShallow reader (a turn with every content word and a value-like word): recall "
        f"{rate(shallow.recall_mean, shallow.gold_bearing_n)}, precision "
        f"{rate(shallow.precision_mean, shallow.precision_n)}; its graded reading separates "
        f"gold within question at AUC {rate(shallow.graded_auc, shallow.gold_bearing_n)}.\n"
    )
    if competent.leans:
        out += Md(
            "\nThe reranker leans on: " + ", ".join(_lean(x) for x in competent.leans[:5]) + ".\n"
        )
    return Md(out)


_WEIGHTED = re.compile(r"(?P<name>.*) \((?P<weight>[+-]\d+\.\d+)\)")


def _lean(entry: str) -> Md:
    """A feature with its weight, both as code (a recorded model, not a rate): the weight apart,
    so that a feature name that cannot be code does not leave the weight as bare prose."""
    found = _WEIGHTED.fullmatch(entry)
    if found is None:
        return code(entry)
    return Md(f"{code(found['name'])} {code(found['weight'])}")


def scaffolding_block(sidecar: Sidecar, stats: CorpusStats | None) -> Md:
    scaf = sidecar.scaffolding
    if scaf is None:
        return Md("Scaffolding dependence: **unmeasured** — the sidecar carries no record.\n")
    gb_n = (sidecar.coverage.gold_bearing_n if sidecar.coverage else 0) or (
        stats.gold_bearing if stats else 0
    )
    declared = code(scaf.declared_pattern) if scaf.declared_pattern else Md("none declared")
    rows = [
        [
            Md("declared pattern"),
            declared,
            signed_rate(scaf.declared_dependence, gb_n) if scaf.declared_pattern else Md("—"),
        ],
        [
            Md("generic strip (bracketed clauses, keyword-only sentences)"),
            Md(f"{scaf.generic_sessions_changed} distractor sessions changed"),
            signed_rate(scaf.generic_dependence, gb_n),
        ],
    ]
    out = Md(
        "How much gold-bearing coverage rises when scaffolding is stripped from distractors. "
        "A dependence near zero means the corpus's retrieval difficulty does not come from a "
        "removable clause.\n\n"
    )
    out += table(["strip", "what it removes", "coverage change"], rows)
    return Md(out)


FEATURE_HEADERS = ("feature", "AUC", "null p95", "perfectly separated", "verdict")


def feature_row(f: FeatureRow) -> list[Md]:
    """One single-feature line: AUC and null p95 over the questions that contributed pairs."""
    return [
        esc(f.feature),
        rate(f.auc, f.questions),
        rate(f.null_p95, f.questions),
        fraction(f.perfect, f.questions),
        esc(f.verdict)
        if not f.refused_by
        else Md(f"{esc(f.verdict)} ({', '.join(esc(r) for r in f.refused_by)})"),
    ]


def separability_block(
    sep: SeparabilityRecord | None,
    sidecar: Sidecar,
    stats: CorpusStats | None,
    figure: Md | None = None,
) -> Md:
    if sep is None:
        return Md("Separability (V7): **unmeasured** — the sidecar carries no record.\n")
    n = (
        stats.gold_bearing
        if stats
        else (sidecar.coverage.gold_bearing_n if sidecar.coverage else 0)
    )
    total = stats.question_count if stats else sidecar.question_count
    t = sep.thresholds
    verdict = "passed" if sep.passed else "refused"
    out = Md(
        f"Gate verdict: **{verdict}** ({sep.features_tested} features tested, "
        f"{sep.ngram_candidates} recurring n-grams among them). Each AUC is pooled over "
        f"(gold, distractor) pairs formed within each question and folded once; n is the number "
        f"of gold-bearing questions pooled. The null 95th percentile comes from shuffling labels "
        f"within each question. A feature is refused at AUC {code(t.auc_refuse)}, or when it "
        f"separates gold perfectly in at least {code(t.perfect_share_floor)} of questions with an "
        f"exact tail probability under {code(t.perfect_tail_p)}"
        + (
            f" and a family-wise (Westfall–Young min-p) probability at most "
            f"{code(t.familywise_alpha)} over the features tested"
            if t.familywise_alpha is not None
            else ""
        )
        + ".\n\n"
    )
    if figure:
        out += figure + Md("\n")
    features = sorted(sep.features, key=lambda f: (-f.auc, f.feature))
    shown = features[:FEATURE_ROWS] + [f for f in features[FEATURE_ROWS:] if f.verdict != "pass"]
    out += table(FEATURE_HEADERS, [feature_row(f) for f in shown])
    hidden = len(features) - len(shown)
    if hidden:
        out += Md(
            f"\n{hidden} further features of the {len(features)} listed pass with lower AUCs; the full table is in the sidecar.\n"
        )
    if sep.bimodal_features:
        out += Md(
            "\nRefused by the perfect-separation test: "
            + ", ".join(esc(x) for x in sep.bimodal_features)
            + ".\n"
        )
    if sep.exclusive_phrases:
        out += Md("\nRecurring phrases that reach no distractor session:\n\n")
        out += table(
            ["phrase", "questions whose gold carries it", "gold sessions"],
            [
                [esc(p.phrase), fraction(p.questions, total), Md(str(p.gold_sessions))]
                for p in sep.exclusive_phrases
            ],
        )
    out += Md("\n#### Learned adversary\n\n")
    if sep.adversaries:
        out += Md(
            "A classifier trained on other questions (folds grouped by question), scored as the "
            "within-question AUC on held-out questions, beside the same pipeline on labels "
            f"shuffled within question. Refused at {code(t.adversary_refuse)}.\n\n"
        )
        rows = [
            [
                esc(a.name),
                code(a.model),
                rate(a.auc, n),
                rate(a.shuffled_auc, n),
                # Terms come with the model's weights; as code they read as a record, not rates.
                Md(", ".join(code(x) for x in a.leans_gold[:6])) if a.leans_gold else Md("—"),
                esc(a.verdict),
            ]
            for a in sep.adversaries
        ]
        out += table(
            [
                "adversary",
                "model",
                "within-question AUC",
                "shuffled-label AUC",
                "leans towards gold on",
                "verdict",
            ],
            rows,
        )
    else:
        out += Md("**unmeasured** — the record carries no learned adversary.\n")
    return Md(out)


def exemptions_block(sidecar: Sidecar) -> Md:
    if not sidecar.exemptions:
        return Md("No feature is exempt from the separability gate.\n")
    return table(
        ["exempt feature family", "reason"],
        [
            [esc(e.feature), esc(e.reason) if e.reason else Md("**no reason given**")]
            for e in sidecar.exemptions
        ],
    )


#: Why a dial is or is not validated, by the checker's verdict kind.
LADDER_KINDS: dict[str, str] = {
    "validated": "ceiling-relative coverage falls by at least the threshold from the easiest band "
    "to the hardest",
    "does-not-slope": "ceiling-relative coverage does not fall by the threshold: the bands "
    "describe construction, not difficulty",
    "falls-only-by-ceiling": "coverage falls only because the structural ceiling falls (more "
    "gold sessions), not because retrieval gets harder",
    "oracle-not-flat": "coverage slopes, but the oracle's answers also vary across bands by more "
    "than the threshold, so the answer model, not memory, may be what gets harder",
    "thin-band": "coverage slopes, but the easiest or the hardest band holds too few "
    "gold-bearing questions to certify it",
    "not-significant": "coverage slopes, but shuffling the band labels makes such a fall too "
    "often (the permutation p is not below the level)",
    "single-band": "fewer than two bands hold gold-bearing questions, so there is no slope",
}


def _by_band(values: dict[str, float], counts: dict[str, int]) -> Md:
    bands = sorted(values, key=lambda b: (len(b), b))
    return Md("; ".join(f"band {esc(b)}: {rate(values[b], counts.get(b, 0))}" for b in bands))


def ladder_block(sidecar: Sidecar) -> Md:
    ladder = sidecar.ladder
    if ladder is None or not ladder.verdicts:
        return Md("Difficulty ladder: **unmeasured** — the sidecar carries no verdict.\n")
    out = Md(
        f"A dial is validated only if ceiling-relative coverage (coverage ÷ min(1, K_ref/G)), on "
        f"scaffolding-stripped text, falls by at least {code(ladder.threshold)} from the easiest "
        f"band to the hardest, each of those bands holds at least {code(ladder.min_band_n)} "
        f"gold-bearing questions, and the fall's one-sided permutation p (band labels shuffled "
        f"among the two bands' questions, {code(ladder.permutations)} seeded draws) is below "
        f"{code(ladder.alpha)}. An unvalidated band describes how the corpus was built, not "
        f"evidence that its questions are harder. Every band here is a diagnostic stratum.\n\n"
    )
    rows = []
    for v in ladder.verdicts:
        bands = sorted(v.n_by_band, key=lambda b: (len(b), b))
        significance = Md("—")
        if v.relative_drop is not None and bands:
            first, last = v.n_by_band[bands[0]], v.n_by_band[bands[-1]]
            drop = f"{v.relative_drop:.2f}".replace("-", "\u2212")
            fall = Md(f"{drop} (n={first} vs {last})")
            if v.permutation_p is not None:
                significance = rate(v.permutation_p, first + last, digits=4)
        else:
            fall = Md("—")
        why = LADDER_KINDS.get(v.kind, v.kind)
        oracle = "oracle unmeasured" if v.oracle_spread is None else "oracle measured"
        rows.append(
            [
                esc(v.dial),
                Md("**validated**" if v.validated else "not validated"),
                _by_band(v.by_band, v.n_by_band) or Md("—"),
                _by_band(v.coverage_by_band, v.n_by_band) or Md("—"),
                fall,
                significance,
                Md(f"{esc(why)}; {oracle}"),
            ]
        )
    out += table(
        [
            "dial",
            "verdict",
            "ceiling-relative coverage by band",
            "coverage by band",
            "fall, easiest to hardest band",
            "permutation p",
            "why",
        ],
        rows,
    )
    return Md(out)


@dataclass(frozen=True)
class Strength:
    """A model's own strength: its V1 gold-only accuracy, or why it is unknown."""

    model: str | None
    correct: int = 0
    measured: int = 0
    #: Why it is unmeasured (None when measured).
    unknown: str | None = None

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.measured if self.unknown is None and self.measured else None


def v1_strength(probes: Mapping[str, ProbeRecord], model: str | None) -> Strength:
    """The V1 gold-only accuracy of `model` from the sidecar's V1 record: correct over the
    questions V1 measured (inconclusive and unrun left out)."""
    v1 = probes.get("v1")
    if v1 is None or v1.status != "measured":
        why = v1.reason if v1 is not None and v1.reason else NO_MODEL_REASON
        return Strength(model, unknown=f"V1 is unmeasured: {why}")
    if v1.model != model:
        return Strength(model, unknown=f"V1 ran with another model ({v1.model or 'unnamed'})")
    measured = [o for o in v1.outcomes.values() if o not in NOT_MEASURED]
    if not measured:
        return Strength(model, unknown="V1 measured no question (all inconclusive or unrun)")
    return Strength(model, sum(o == "correct" for o in measured), len(measured))


def strength_cell(strength: Strength) -> Md:
    if strength.unknown is not None:
        return Md(f"**unmeasured** ({esc(strength.unknown)})")
    return Md(
        f"V1 accuracy {rate(strength.accuracy, strength.measured)}: "
        f"{fraction(strength.correct, strength.measured)} correct"
    )


def strength_words(strengths: Sequence[Strength]) -> Md:
    """What a probe verdict from a weak (or unweighed) model certifies: little."""
    weak = [
        s
        for s in strengths
        if s.unknown is not None or (s.accuracy is not None and s.accuracy < STRONG_V1)
    ]
    if not weak:
        return Md("")
    names = ", ".join(sorted({code(s.model or "unnamed") for s in weak}))
    return Md(
        f"\nEach verdict sits beside the strength of the model that gave it: its V1 accuracy "
        f"from the gold sessions alone. For {names} that is unmeasured or under "
        f"{code(STRONG_V1)}, so a pass on the leak probes (V2 not answered without context, V3 "
        "not answered from the distractors) certifies little: a model that cannot answer from "
        "the gold sessions fails without them too, whether or not the question leaks. Read "
        "these passes as weak evidence, not as a certificate of the corpus.\n"
    )


def probes_block(sidecar: Sidecar | None, corpus_sha256: str | None) -> Md:
    probes = sidecar.probes if sidecar else {}
    rows = []
    strengths: list[Strength] = []
    for name, what in PROBES:
        probe = probes.get(name)
        if probe is None or probe.status == "unmeasured":
            reason = probe.reason if probe is not None and probe.reason else NO_MODEL_REASON
            rows.append([esc(what), Md("**unmeasured**"), esc(reason), Md("—")])
            continue
        strength = v1_strength(probes, probe.model)
        strengths.append(strength)
        n = probe.applicable if probe.applicable is not None else len(probe.outcomes)
        tally = Counter(probe.outcomes.values())
        result = Md(", ".join(f"{esc(o)} {fraction(k, n)}" for o, k in sorted(tally.items())))
        pooled = sample_lines({name: probe}).get(name)
        if pooled:
            result = Md(f"{result}; {esc(pooled[0])}")
        stale = (
            probe.corpus_sha256 is not None
            and corpus_sha256 is not None
            and probe.corpus_sha256 != corpus_sha256
        )
        detail = Md(
            f"model {code(probe.model or 'unnamed')}, run {esc(probe.date or 'undated')}"
            + ("; **names a different corpus hash (stale)**" if stale else "")
            + (
                f"; carried by the generator from the bytes the model ran on, "
                f"{code(probe.carried_from[:12])}…, which it keeps a record for only when nothing "
                "a prompt shows has changed (here: the difficulty flags)"
                if probe.carried_from
                else ""
            )
            + (
                f"; read from the reference run {code(probe.derived_from)}, which sent the model "
                "exactly the requests this probe sends (the checker reads the record again from "
                "that file)"
                if probe.derived_from
                else ""
            )
        )
        rows.append(
            [esc(what), result or Md(f"no outcomes (n={n})"), detail, strength_cell(strength)]
        )
    out = table(["probe", "result", "record", "the model's strength (V1 gold-only)"], rows)
    return Md(out + strength_words(strengths))


def inside_link(vertical: Vertical, release: CorpusRelease) -> Md:
    """Where the page points a reader who wants to see questions, not tables."""
    return Md(
        "\n## A look inside\n\nA few of this corpus's questions rendered as conversations — the "
        "question and its date, the haystack as a timeline of dated sessions, the gold "
        "sessions and the strongest rival marked, the answer and its answer-key block: "
        f"{link(vertical.name + ' examples', '../' + inside.page_name(vertical))}.\n"
    )


def vertical_page(
    vertical: Vertical, release: CorpusRelease | None, figures: Mapping[str, Md] | None = None
) -> Md:
    """The full page of one vertical. `figures` maps a figure kind (`gh`, `coverage`,
    `separability`, `ladder`) to its rendered block, placed in the section it illustrates."""
    figures = figures or {}
    prose = vertical.prose
    parts: list[Md] = [
        Md(f"# {vertical.name}\n\n"),
        honesty_block(release),
        Md("\n## What it measures\n\n"),
        Md(prose.measures),
        Md("\n"),
    ]
    if prose.reading:
        parts += [Md("\n"), Md(prose.reading), Md("\n")]
    stats = release.stats if release else None
    parts += [
        Md(
            f"\n## Shapes\n\nShapes under {SMALL_SHAPE_N} questions support diagnosis, not claims; every stratum under 30 questions is a diagnostic.\n\n"
        ),
        shapes_table(vertical, stats),
    ]
    parts += [Md("\n## Construction\n\n"), Md(prose.construction), Md("\n")]
    parts.append(Md("\n## Corpus\n\n"))
    if release is None:
        parts.append(
            Md(
                "**Not yet generated.** No revision of this vertical is in the release index, so "
                "there is nothing to calibrate, download or submit against yet.\n"
            )
        )
        parts += [Md("\n## Model probes\n\n"), probes_block(None, None)]
        return Md("".join(parts))
    parts.append(corpus_block(release))
    parts.append(inside_link(vertical, release))
    sidecar = release.sidecar
    if stats:
        parts += [
            Md("\n## G and H distributions\n\n"),
            figures.get("gh") or distribution_tables(stats),
        ]
    if sidecar is None:
        parts.append(
            Md("\nThe sidecar is missing, so no measurement of this corpus can be shown.\n")
        )
        parts += [Md("\n## Model probes\n\n"), probes_block(None, None)]
        return Md("".join(parts))
    parts += [Md("\n## Ceiling table\n\n"), ceiling_table(sidecar, stats)]
    parts += [Md("\n## BM25 calibration\n\n"), calibration_block(sidecar, stats)]
    parts += _figure(figures, "coverage")
    parts += [Md("\n## Scaffolding dependence\n\n"), scaffolding_block(sidecar, stats)]
    parts += [
        Md("\n## Separability (V7)\n\n"),
        separability_block(sidecar.separability, sidecar, stats, figures.get("separability")),
    ]
    parts += [Md("\n#### Exemptions\n\n"), exemptions_block(sidecar)]
    parts += [Md("\n## Difficulty ladder\n\n"), ladder_block(sidecar)]
    parts += _figure(figures, "ladder")
    parts += [Md("\n## Model probes\n\n"), probes_block(sidecar, release.entry.sha256)]
    return Md("".join(parts))


def _figure(figures: Mapping[str, Md], kind: str) -> list[Md]:
    found = figures.get(kind)
    return [Md("\n"), found] if found else []


def verticals_index(releases: Sequence[tuple[Vertical, CorpusRelease | None]]) -> Md:
    """The overview of all ten verticals."""
    rows = []
    for vertical, release in releases:
        if release is None:
            state = Md("not yet generated")
            questions = Md(f"planned {vertical.count}")
        else:
            state = Md(f"{esc(release.entry.revision)} ({esc(release.entry.status)})")
            questions = Md(str(release.entry.question_count))
        rows.append(
            [
                link(vertical.name, f"{vertical.key}.md"),
                questions,
                Md(str(len(vertical.shapes))),
                state,
            ]
        )
    out = Md(
        "# Verticals\n\nTen corpora, each measuring one memory mechanism. Results are never "
        "summed or averaged across verticals.\n\n"
    )
    out += table(["vertical", "questions", "shapes", "latest revision"], rows)
    return Md(out)


ALL_VERTICALS = VERTICALS
__all__ = ["K_REF", "page_name", "vertical_page", "verticals_index"]
