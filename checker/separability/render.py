"""The V7 record as text: the table a maintainer reads beside the JSON."""

from __future__ import annotations

from checker.formats.separability import FeatureRow, SeparabilityRecord


def _row(r: FeatureRow) -> str:
    z = "" if r.z is None else f"{r.z:.2f}"
    fw = "" if r.familywise_p is None else f"{r.familywise_p:.3f}"
    why = f" ({'+'.join(r.refused_by)})" if r.refused_by else ""
    return (
        f"{r.feature:<48} {r.auc:6.4f} {r.null_p95:6.4f} {r.direction:<9} "
        f"{r.perfect:>3}/{r.questions:<3} {r.perfect_share:5.0%} {r.expected_perfect:8.2f} "
        f"{r.tail_p:9.3g} {fw:>6} {z:>6} {r.verdict}{why}"
    )


def render_table(record: SeparabilityRecord, *, all_rows: bool = True) -> str:
    """Feature, AUC, null p95, perfect share, expected, tail p, family-wise p, z, verdict — then
    exclusive phrases, adversaries and exemptions. `all_rows=False` keeps only rows that are
    refused, exempt, or at or above their null p95."""
    t = record.thresholds
    lines = [
        f"V7 separability ({record.method}): {'PASSED' if record.passed else 'REFUSED'}; "
        f"{record.features_tested} features tested ({record.ngram_candidates} n-gram "
        f"candidates); refuse at AUC ≥ {t.auc_refuse}, perfect share ≥ "
        f"{t.perfect_share_floor:.0%} with exact tail p < {t.perfect_tail_p}"
        + ("" if t.familywise_alpha is None else f" and family-wise p ≤ {t.familywise_alpha}")
        + f", adversary ≥ {t.adversary_refuse}; null from {t.null_permutations} shuffles "
        f"(seed {record.seed})",
        f"worst non-exempt feature: {record.worst_feature} {record.worst_auc}",
        f"{'feature':<48} {'AUC':>6} {'nullp95':>6} {'direction':<9} {'perfect':<7} "
        f"{'share':>5} {'expected':>8} {'tail p':>9} {'fw p':>6} {'z':>6} verdict",
    ]
    for r in record.features:
        if all_rows or r.verdict != "pass" or r.auc > r.null_p95:
            lines.append(_row(r))
    if record.exclusive_phrases:
        lines.append("gold-exclusive phrases:")
        for p in record.exclusive_phrases:
            lines.append(
                f"  {p.phrase!r}: gold of {p.questions} questions ({p.share:.0%}), "
                f"{p.gold_sessions} gold sessions, 0 distractors"
            )
    for a in record.adversaries:
        lines.append(
            f"adversary {a.name}: held-out within-question AUC {a.auc:.4f} (shuffled labels "
            f"{a.shuffled_auc:.4f}; {a.inputs} inputs, {a.folds} folds) {a.verdict}"
        )
        lines.append(f"  model: {a.model}")
        lines.append(f"  leans towards gold: {', '.join(a.leans_gold) or '-'}")
        lines.append(f"  leans towards filler: {', '.join(a.leans_filler) or '-'}")
    for e in record.exemptions:
        state = "honoured" if e.honoured else "NOT honoured (no reason)"
        lines.append(f"exemption {e.feature!r} ({e.covers} features, {state}): {e.reason!r}")
    return "\n".join(lines)
