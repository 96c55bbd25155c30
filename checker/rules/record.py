"""Record comparison (R-CHK-RECORD): a stamped figure nobody re-runs is a claim, not a check."""

from __future__ import annotations

from collections.abc import Iterator

from checker.context import CorpusContext
from checker.family import K_REF
from checker.findings import Violation
from checker.registry import rule
from checker.rules.structure import measure_structure


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
    the shipped corpus hash, and counts no more outcomes than questions.

    No model is reachable from the build machines, so a measured probe must prove where it came from; an unmeasured one must say why."""
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
                f"probe {name} ran on {p.corpus_sha256[:12]}…, not the shipped {ctx.corpus.sha256[:12]}…",
            )
        ids = {q.question_id for q in ctx.corpus.questions}
        unknown = sorted(set(p.outcomes) - ids)
        if unknown:
            yield Violation(
                None, f"probe {name} has outcomes for unknown question(s) {', '.join(unknown[:3])}"
            )
