"""`audit`: rules that apply, run once; haystack-level findings once per haystack.

A foreign corpus often gives many questions one haystack (LoCoMo: one conversation for about
200 questions). A property of the haystack (a session dated before the one above it, a word in
a turn) is then reported once, on the first question holding it, with the number of questions
that share it, rather than once per question copy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from checker.applicability import NotApplicable, split_applicable
from checker.context import CorpusContext
from checker.findings import Finding
from checker.load import LoadedCorpus
from checker.registry import Rule, violations


def haystack_keys(corpus: LoadedCorpus) -> list[int]:
    """Per question, the index of the first question with the same haystack (session ids and
    dates: a publisher that reuses one conversation reuses its ids)."""
    cached = corpus.cache.get("haystack keys")
    if isinstance(cached, list):
        return cached
    first: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
    keys = [
        first.setdefault((tuple(q.haystack_session_ids), tuple(q.haystack_dates)), qi)
        for qi, q in enumerate(corpus.questions)
    ]
    corpus.cache["haystack keys"] = keys
    return keys


def haystack_by_haystack(corpus: LoadedCorpus) -> list[int]:
    """Question indices one haystack at a time, in file order: the first question of each
    haystack, then the second of each, and so on. A bounded sample taken in this order reaches
    every haystack before it takes a second question of any (LoCoMo: ten conversations of about
    200 questions each)."""
    by_haystack: dict[int, list[int]] = {}
    for qi, key in enumerate(haystack_keys(corpus)):
        by_haystack.setdefault(key, []).append(qi)
    layers: list[list[int]] = []
    for members in by_haystack.values():
        for depth, qi in enumerate(members):
            if depth == len(layers):
                layers.append([])
            layers[depth].append(qi)
    return [qi for layer in layers for qi in layer]


@dataclass
class AuditRun:
    findings: list[Finding] = field(default_factory=list)
    not_applicable: list[NotApplicable] = field(default_factory=list)


def run_audit(
    corpus: LoadedCorpus,
    rules: Sequence[Rule],
    *,
    house_rules: bool = False,
    chosen: Sequence[str] | None = None,
) -> AuditRun:
    applicable, left = split_applicable(rules, corpus, house_rules=house_rules, chosen=chosen)
    named = any("STR002".startswith(p.strip().upper()) for p in chosen or ())
    ctx = CorpusContext(corpus=corpus, index=None, house_rules=house_rules or named)
    keys = haystack_keys(corpus)
    position = {q.question_id: qi for qi, q in enumerate(corpus.questions)}
    sharing: dict[int, int] = {}
    for k in keys:
        sharing[k] = sharing.get(k, 0) + 1
    seen: set[tuple[str, int, str]] = set()
    out = AuditRun(not_applicable=left)
    for r, v in violations(applicable, "corpus", ctx):
        message = v.message
        qi = position.get(v.question_id) if v.question_id is not None else None
        if v.haystack and qi is not None:
            key = keys[qi]
            if (r.code, key, message) in seen:
                continue
            seen.add((r.code, key, message))
            shared = sharing[key]
            if shared > 1:
                message += f" (haystack shared by {shared} questions; reported once)"
        out.findings.append(Finding(corpus.display, v.question_id, r.code, message))
    out.findings.sort(key=Finding.sort_key)
    return out
