"""Class parity, tested rather than asserted (R-GEN-7).

Every session's moves and templates are drawn from one mixture, so the multiset of move kinds
and of templates that gold sessions use should be indistinguishable from what non-gold sessions
use. Each is tested with a chi-square test of homogeneity on a 2 × C contingency table (gold,
non-gold) × category: move kinds for the first, template ids (frames, clauses, topics, replies,
openers, closers, sign-offs) for the second. Templates whose expected gold count is below 5
are pooled within their move kind, the usual validity condition for the chi-square
approximation.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from scipy.stats import chi2_contingency

from corpora.generate.core.vertical import Built

#: Expected gold count below which a category is pooled with its move kind's other rare ones.
MIN_EXPECTED = 5.0


@dataclass
class Usage:
    """What gold and non-gold sessions used."""

    gold: Counter[tuple[str, str]] = field(default_factory=Counter)
    other: Counter[tuple[str, str]] = field(default_factory=Counter)
    gold_sessions: int = 0
    other_sessions: int = 0


@dataclass(frozen=True)
class ChiSquare:
    """One homogeneity test."""

    chi2: float
    dof: int
    p_value: float
    categories: int

    def describe(self) -> str:
        return f"chi-square {self.chi2:.2f} on {self.dof} df, p = {self.p_value:.3f}"


@dataclass(frozen=True)
class ParityResult:
    """Gold against non-gold: move kinds and templates."""

    kinds: ChiSquare
    templates: ChiSquare
    gold_sessions: int
    other_sessions: int

    def describe(self) -> str:
        return (
            f"parity ({self.gold_sessions} gold vs {self.other_sessions} other sessions): "
            f"move kinds {self.kinds.describe()}; templates {self.templates.describe()} "
            f"over {self.templates.categories} categories"
        )


def usage(built: Built) -> Usage:
    """Template use (move kind, template id) in gold and in other sessions. A haystack that
    several questions share (the arms of a before/after pair) is counted once: its sessions
    were drawn once."""
    found = Usage()
    seen: set[tuple[str, ...]] = set()
    for assembled in built.assembled:
        q = assembled.question
        if tuple(q.haystack_session_ids) in seen:
            continue
        seen.add(tuple(q.haystack_session_ids))
        gold_ids = set(q.answer_session_ids)
        for sid, session in zip(q.haystack_session_ids, assembled.sessions, strict=True):
            if sid in gold_ids:
                found.gold.update(session.templates)
                found.gold_sessions += 1
            else:
                found.other.update(session.templates)
                found.other_sessions += 1
    return found


def homogeneity(gold: Counter[tuple[str, str]], other: Counter[tuple[str, str]]) -> ChiSquare:
    """Chi-square test of gold against other counts, rare categories pooled per move kind."""
    total_gold = sum(gold.values())
    total = total_gold + sum(other.values())
    pooled_gold: Counter[str] = Counter()
    pooled_other: Counter[str] = Counter()
    for key in sorted(set(gold) | set(other)):
        kind, category = key
        expected = (gold[key] + other[key]) * total_gold / total
        column = f"{kind}|{category}" if expected >= MIN_EXPECTED else f"{kind}|pooled"
        pooled_gold[column] += gold[key]
        pooled_other[column] += other[key]
    columns = sorted(set(pooled_gold) | set(pooled_other))
    if len(columns) < 2:
        return ChiSquare(0.0, 0, 1.0, len(columns))
    table = [[pooled_gold[c] for c in columns], [pooled_other[c] for c in columns]]
    chi2, p_value, dof, _ = chi2_contingency(table)
    return ChiSquare(float(chi2), int(dof), float(p_value), len(columns))


def _kinds(counts: Counter[tuple[str, str]]) -> Counter[tuple[str, str]]:
    """Move-kind counts: one per frame a move used (openers and the like are not moves)."""
    out: Counter[tuple[str, str]] = Counter()
    for (kind, template), n in counts.items():
        if template.startswith("frame:"):
            out[("move", kind)] += n
    return out


def parity_test(built: Built) -> ParityResult:
    """Both homogeneity tests for a built corpus."""
    found = usage(built)
    return ParityResult(
        kinds=homogeneity(_kinds(found.gold), _kinds(found.other)),
        templates=homogeneity(found.gold, found.other),
        gold_sessions=found.gold_sessions,
        other_sessions=found.other_sessions,
    )
