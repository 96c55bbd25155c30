"""Record comparison (R-CHK-RECORD): a stamped figure nobody re-runs is a claim, not a check."""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.context import CorpusContext
from checker.family import K_REF
from checker.findings import Violation
from checker.formats.result import SHA256_PATTERN, ResultFile
from checker.formats.sidecar import ProbeRecord
from checker.io import InputError
from checker.load import LoadedCorpus
from checker.probes import (
    HASH_BOUND,
    PAIR_VALUES,
    PROBES,
    applicable,
    not_applicable,
    report_lines,
    sample_lines,
    sampled_value,
    values_for,
)
from checker.registry import rule
from checker.results.validate import load_result
from checker.rules.structure import measure_structure
from checker.summary import section


@rule("REC001", "structure-record", example="sidecar structure.h_max is 24, re-derived 25")
def structure_record(ctx: CorpusContext) -> Iterator[Violation]:
    """The sidecar's identity and structural figures equal what the checker re-derives: hash,
    question count, K_ref, G distribution, H range, gold-position status, shape counts, ceilings.

    The sidecar is what the site publishes; a stamped figure that no longer matches the bytes would be published as true."""
    sc = ctx.corpus.sidecar
    if sc is None:
        return
    if sc.corpus_sha256 != ctx.corpus.sha256:
        yield Violation(
            None,
            f"sidecar corpus_sha256 {sc.corpus_sha256[:12]}… is not the file's {ctx.corpus.sha256[:12]}…",
        )
    if sc.question_count != len(ctx.corpus.questions):
        yield Violation(
            None,
            f"sidecar question_count is {sc.question_count}, the file holds {len(ctx.corpus.questions)}",
        )
    if sc.k_ref != K_REF:
        yield Violation(None, f"sidecar k_ref is {sc.k_ref}; the family's K_ref is {K_REF}")
    structure, ceiling = measure_structure(ctx.corpus, sc.k_ref)
    for name, stamped, derived in [
        ("structure", sc.structure.model_dump(), structure.model_dump()),
        ("ceiling", sc.ceiling.model_dump(), ceiling.model_dump()),
    ]:
        for key in sorted(set(stamped) | set(derived)):
            if stamped.get(key) != derived.get(key):
                yield Violation(
                    None,
                    f"sidecar {name}.{key} is {stamped.get(key)!r}, re-derived {derived.get(key)!r}",
                )


@rule("REC002", "probe-record", example="probe v1 is 'measured' but names no model")
def probe_record(ctx: CorpusContext) -> Iterator[Violation]:
    """Model-probe records are honest: `unmeasured` says why; `measured` names its model, date and
    the shipped corpus hash, and counts no more outcomes than questions. A record the generator
    carried from other bytes (`carried_from`) names them by another sha256, and is never one of
    a probe whose prompts depend on the corpus hash (`HASH_BOUND`).

    Only a probe run measures a probe, so a measured probe must prove where it came from; an
    unmeasured one must say why."""
    sc = ctx.corpus.sidecar
    if sc is None:
        return
    for name, p in sorted(sc.probes.items()):
        if p.status == "unmeasured":
            if not (p.reason or "").strip():
                yield Violation(None, f"probe {name} is unmeasured without a reason")
            if p.outcomes or p.model:
                yield Violation(None, f"probe {name} is unmeasured but carries outcomes or a model")
            continue
        for field in ("model", "date", "corpus_sha256"):
            if not getattr(p, field):
                yield Violation(None, f"probe {name} is 'measured' but names no {field}")
        if p.corpus_sha256 and p.corpus_sha256 != ctx.corpus.sha256:
            yield Violation(
                None,
                f"probe {name} names {p.corpus_sha256[:12]}…, not the shipped {ctx.corpus.sha256[:12]}…",
            )
        if p.carried_from is not None:
            yield from _carried(name, p.carried_from, p.corpus_sha256)
        if p.derived_from is not None:
            yield from _derived(name, p, ctx.corpus)
        ids = {q.question_id for q in ctx.corpus.questions}
        unknown = sorted(set(p.outcomes) - ids)
        if unknown:
            yield Violation(
                None, f"probe {name} has outcomes for unknown question(s) {', '.join(unknown[:3])}"
            )


def _carried(name: str, carried_from: str, names: str | None) -> Iterator[Violation]:
    """A record carried to other bytes says which bytes it ran on: another corpus hash, and
    never one of a probe whose prompt depends on the hash."""
    if not re.fullmatch(SHA256_PATTERN.strip("^$"), carried_from):
        yield Violation(None, f"probe {name} is carried_from {carried_from[:20]!r}, not a sha256")
    elif carried_from == names:
        yield Violation(None, f"probe {name} is carried_from the bytes it names; drop carried_from")
    if name in HASH_BOUND:
        yield Violation(
            None,
            f"probe {name} is carried from other bytes, but its prompts depend on the corpus "
            "hash; run it again on these bytes",
        )


def _derived(name: str, record: ProbeRecord, corpus: LoadedCorpus) -> Iterator[Violation]:
    """A record read from a reference run (`derived_from`) is what that run, read again now,
    amounts to: the file is there, under `results/` of the corpus's release, and re-deriving
    the record from it gives this record. A release is a `corpora/` folder holding the release
    index, with `results/` beside it; in one, a missing file (or a missing `results/`) is
    reported like any other difference. A corpus anywhere else (a copy, or the folder the
    generator gates a draft in) has nothing to be read against, and is not checked."""
    # The runner's modules load only for a corpus that has such a record.
    from checker.runner.derive import DerivationRefused, derive, source_path

    source = record.derived_from or ""
    try:
        relative = source_path(source)
    except DerivationRefused as exc:
        yield Violation(None, f"probe {name}: {exc}")
        return
    above = corpus.path.resolve().parents
    if len(above) < 3 or above[1].name != "corpora" or not (above[1] / "index.json").is_file():
        return
    root = above[2]
    path = root / relative
    if not path.is_file():
        yield Violation(
            None,
            f"probe {name} is derived_from {source}, which is not a file of the release at "
            f"{root}; derive it again from a reference run (`typedmemeval probe --from-results`)",
        )
        return
    try:
        result = load_result(path)
    except InputError as exc:
        yield Violation(None, f"probe {name} is derived_from {source}, which does not read: {exc}")
        return
    if not isinstance(result, ResultFile):
        yield Violation(None, f"probe {name} is derived_from {source}, which is not a run result")
        return
    if record.temperature is None or record.seed is None:
        yield Violation(
            None, f"probe {name} is derived_from {source} but names no temperature or seed"
        )
        return
    try:
        again = derive(
            corpus, name, result, source, temperature=record.temperature, seed=record.seed
        )
    except DerivationRefused as exc:
        yield Violation(None, f"probe {name} cannot be read from the run it names: {exc}")
        return
    differ = [
        field
        for field in ("model", "date", "applicable", "outcomes", "judge_model", "judge_fingerprint")
        if getattr(again, field) != getattr(record, field)
    ]
    if differ:
        changed = [q for q in again.outcomes if again.outcomes[q] != record.outcomes.get(q)]
        more = (
            f" (outcomes of {len(changed)} question(s), e.g. {', '.join(changed[:3])})"
            if changed
            else ""
        )
        yield Violation(
            None,
            f"probe {name} says other {', '.join(differ)} than {source}, read again{more}; "
            "derive it again (`typedmemeval probe --from-results`)",
        )


@rule(
    "REC003",
    "probe-applicability",
    example="probe v1 has outcomes for 50 questions; it applies to 35 (15: gold is itself a negative)",
)
def probe_applicability(ctx: CorpusContext) -> Iterator[Violation]:
    """A measured probe record covers exactly the questions the probe applies to, counts them
    in `applicable`, and says only what the probe can say (judged outcomes for V1, V8, V9;
    pass / fail / inconclusive, consistent with its hits, for V2, V3, V6; flips for V1 pairs).

    Applicability is part of a probe's result: a denominator that pools not-applicable questions
    (never-known probes under V1, redundant controls under V6) misreports the validity rate,
    so the checker recomputes it from the corpus instead of trusting the record."""
    sc = ctx.corpus.sidecar
    if sc is None:
        return
    questions = ctx.corpus.questions
    for name, p in sorted(sc.probes.items()):
        probe = PROBES.get(name)
        if probe is None or p.status != "measured":
            continue
        expected = applicable(name, questions)
        got = set(p.outcomes)
        if got != set(expected):
            missing = [q for q in expected if q not in got]
            extra = sorted(got - set(expected))
            detail = []
            if missing:
                detail.append(
                    f"no outcome for {len(missing)} applicable ({', '.join(missing[:3])})"
                )
            if extra:
                why = {not_applicable(name, q) for q in questions if q.question_id in extra}
                reasons = ", ".join(sorted(w for w in why if w)) or "not in the corpus"
                detail.append(f"outcomes for {len(extra)} it does not apply to ({reasons})")
            yield Violation(
                None,
                f"probe {name} covers other questions than it applies to: {'; '.join(detail)}",
            )
        if p.applicable != len(expected):
            yield Violation(
                None,
                f"probe {name} says applicable {p.applicable}; it applies to {len(expected)} "
                f"of {len(questions)} questions",
            )
        legal = values_for(probe)
        bad = sorted({v for v in p.outcomes.values() if v not in legal})
        if bad:
            yield Violation(
                None, f"probe {name} has outcomes {', '.join(bad)}; it can say {', '.join(legal)}"
            )
        if (
            probe.reject_at is not None
            and p.samples is not None
            and probe.context != "leave-one-out"
        ):
            for qid, hits in sorted(p.hits.items()):
                said = p.outcomes.get(qid)
                if hits > p.samples or (said == "fail") != (hits >= probe.reject_at):
                    yield Violation(
                        qid,
                        f"probe {name}: {hits} hit(s) of {p.samples} samples cannot be {said} "
                        f"(fail at {probe.reject_at} or more)",
                    )
            if p.read and (set(p.read) != set(p.outcomes) or not set(p.hits) <= set(p.read)):
                yield Violation(
                    None,
                    f"probe {name} counts samples read for {len(p.read)} question(s) and has "
                    f"outcomes for {len(p.outcomes)}: every question's verdict must be "
                    "re-derivable from its hits and samples read",
                )
            for qid, read in sorted(p.read.items()):
                hits = p.hits.get(qid, 0)
                said = p.outcomes.get(qid)
                if not hits <= read <= p.samples:
                    yield Violation(
                        qid,
                        f"probe {name}: {hits} hit(s) in {read} sample(s) read of {p.samples} "
                        "cannot be (hits ≤ read ≤ samples)",
                    )
                elif said != sampled_value(probe, hits, p.samples - read):
                    yield Violation(
                        qid,
                        f"probe {name}: {hits} hit(s) in {read} sample(s) read of {p.samples} "
                        f"is {sampled_value(probe, hits, p.samples - read)}, not {said}",
                    )
        bad_pairs = sorted({v for v in p.pairs.values() if v not in PAIR_VALUES})
        if bad_pairs:
            yield Violation(None, f"probe {name} has pair values {', '.join(bad_pairs)}")


@section("probes")
def probes_summary(corpus: LoadedCorpus) -> list[str]:
    """Per probe: measured (passing over decided, overall and per shape) or why unmeasured."""
    sc = corpus.sidecar
    if sc is None:
        return ["no sidecar"]
    lines = []
    measured = {n: p.outcomes for n, p in sorted(sc.probes.items()) if p.status == "measured"}
    pairs = {n: p.pairs for n, p in sc.probes.items() if p.status == "measured"}
    for name, p in sorted(sc.probes.items()):
        if p.status != "measured":
            lines.append(f"{name}: unmeasured ({p.reason})")
    lines += report_lines(
        measured, corpus.questions, pairs, sample_lines(sc.probes, corpus.questions)
    )
    return lines
