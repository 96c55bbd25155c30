"""V7 on the peer's Forgetting v5, side by side with the `v7_separability` record its sidecar
stamps; and the bound the learned adversary is held to (≥ 0.85 there, proof it can see a tell
that exists: their single-feature gate passed at 0.6716).

Their feature names map onto ours as follows (checked value by value): `session_length_chars`
is `session.chars`; `first_<role>_*` is `<role>.turn1.*`; `<role>_slotN_*` counts slots from
zero and `first_*` is slot 0, so `<role>_slotN_*` is `<role>.turn{N+1}.*`; `position_N_is_<role>`
is `roles.turn{N+1}=<role>`; `role_sequence` is one feature there and a family here
(`roles.sequence=…` indicators and `roles.sequence_rarity`); `gold_marker_ngram` and
`boilerplate_ngram` are the strongest gold-high and gold-low phrase.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import numpy as np

from checker.load import load_foreign
from checker.separability import measure_separability, refusals
from checker.separability.gate import Table, table
from checker.separability.stats import measure

FOLDER = "agenteval-forgetting-v5"
CORPUS = "agenteval-typedmemeval-forgetting-v5.json"
SIDECAR = "agenteval-typedmemeval-forgetting-v5.meta.json"
#: The n-gram adversary must find the gold this well on their corpus.
NGRAM_ADVERSARY_BOUND = 0.85
#: Differences above this are explained line by line.
EXPLAIN_ABOVE = 0.01

_MEASURE = {
    "length_chars": "chars",
    "uppercase_density": "uppercase_density",
    "sentence_count": "sentences",
    "punctuation_density": "punctuation_density",
    "type_token_ratio": "type_token_ratio",
    "mean_turn_chars": "mean_turn_chars",
}
_SESSION = {
    "session_length_chars": "session.chars",
    "turn_count": "session.turns",
    "position_in_haystack": "position.index",
    "digit_density": "session.digit_density",
    "uppercase_density": "session.uppercase_density",
    "sentence_count": "session.sentences",
    "punctuation_density": "session.punctuation_density",
    "em_dash_density": "session.em_dash_density",
    "mean_turn_chars": "session.mean_turn_chars",
    "type_token_ratio": "session.type_token_ratio",
}


def our_name(theirs: str) -> str | None:
    """Our feature for one of their stamped feature names (None for the aggregate rows)."""
    if theirs in _SESSION:
        return _SESSION[theirs]
    if m := re.fullmatch(r"first_(user|assistant)_(\w+)", theirs):
        return f"{m[1]}.turn1.{_MEASURE[m[2]]}"
    if m := re.fullmatch(r"(user|assistant)_slot(\d+)_(\w+)", theirs):
        return f"{m[1]}.turn{int(m[2]) + 1}.{_MEASURE[m[3]]}"
    if m := re.fullmatch(r"(user|assistant)_(\w+)", theirs):
        return f"{m[1]}.{_MEASURE[m[2]]}"
    if m := re.fullmatch(r"position_(\d+)_is_(user|assistant)", theirs):
        return f"roles.turn{int(m[1]) + 1}={m[2]}"
    return None


def _strongest(built: Table, *, gold_high: bool, prefix: str) -> tuple[str, float]:
    best, name = 0.5, "-"
    for i, n in enumerate(built.names):
        if not n.startswith(prefix):
            continue
        raw = float(built.stats.auc_raw[i])
        if (raw > 0.5) == gold_high and float(built.stats.auc[i]) > best:
            best, name = float(built.stats.auc[i]), n
    return name, best


def _presence_auc(built: Table, phrase: str) -> float:
    """The folded AUC of a phrase as a present/absent indicator (their definition) rather than
    an occurrence count (ours)."""
    column = built.ngrams.phrases.index(phrase)
    present = (built.ngrams.counts[:, column].toarray() > 0).astype(np.float64)
    stats = measure(present, built.layout, include=built.ngrams.include[:, [column]])
    return float(stats.auc[0])


def _why(theirs: str, ours: str | None, built: Table) -> str:
    if ours is None:
        return ""
    if ours not in built.names:
        return "no session has this slot: they report 0.5 for it, we do not measure it"
    if "punctuation_density" in theirs:
        return "punctuation = Unicode P* categories here; a different character set there"
    if "uppercase_density" in theirs:
        return "capitals = str.isupper() over every code point here"
    return ""


def compare(folder: Path) -> bool:
    corpus_path = folder / FOLDER / CORPUS
    sidecar_path = folder / FOLDER / SIDECAR
    if not corpus_path.exists() or not sidecar_path.exists():
        print(f"missing {corpus_path} or its sidecar")
        return False
    stamped: dict[str, Any] = json.loads(sidecar_path.read_text())["probes"]["v7_separability"]
    corpus = load_foreign(corpus_path)
    record = measure_separability(corpus, [], adversary=True)
    built = table(corpus)
    auc = {n: float(a) for n, a in zip(built.names, built.stats.auc, strict=True)}
    perfect = {n: int(p) for n, p in zip(built.names, built.stats.perfect, strict=True)}
    print(
        f"their stamp: passed={stamped['passed']}, worst {stamped['worst_refused_feature']} "
        f"{stamped['worst_refused_auc']}, {len(stamped['features'])} features"
    )
    print(
        f"{'their feature':<36} {'theirs':>7}  {'our feature':<34} {'ours':>7} {'diff':>7}  "
        "perfect theirs/ours  note"
    )
    explained = True
    for name, value in stamped["features"].items():
        ours = our_name(name)
        their_perfect = stamped.get("perfect_separation", {}).get(name, {}).get("observed", "-")
        if ours is not None:
            mine = auc.get(ours)
            shown = "-" if mine is None else f"{mine:.4f}"
            diff = "" if mine is None else f"{mine - value:+.4f}"
            note = _why(name, ours, built) if mine is None or abs(mine - value) > 0.0005 else ""
            print(
                f"{name:<36} {value:7.4f}  {ours:<34} {shown:>7} {diff:>7}  "
                f"{their_perfect!s:>4}/{perfect.get(ours, '-')!s:<4} {note}"
            )
            if mine is not None and abs(mine - value) > EXPLAIN_ABOVE and not note:
                explained = False
            continue
        if name == "role_sequence":
            for n in [n for n in built.names if n.startswith("roles.sequence")]:
                print(
                    f"{name:<36} {value:7.4f}  {n:<34} {auc[n]:7.4f} {auc[n] - value:+7.4f}  "
                    f"{their_perfect!s:>4}/{perfect[n]!s:<4} one feature there, a family here"
                )
            continue
        gold_high = name == "gold_marker_ngram"
        label = stamped.get("worst_gold_marker_ngram" if gold_high else "worst_boilerplate_ngram")
        n, a = _strongest(built, gold_high=gold_high, prefix="ngram:")
        note = ""
        if label and label in built.ngrams.phrases:
            present = _presence_auc(built, label)
            counted = auc[f"ngram:{label}"]
            note = (
                f"theirs {label!r}; here as presence {present:.4f}, as count {counted:.4f} "
                "(we count occurrences)"
            )
        print(f"{name:<36} {value:7.4f}  {n:<34} {a:7.4f} {a - value:+7.4f}  {'':>9} {note}")
    print(
        f"our verdict: {'passed' if record.passed else 'REFUSED'}; worst single feature "
        f"{record.worst_feature} {record.worst_auc}; {record.features_tested} features"
    )
    for reason in refusals(record):
        print(f"  refusal: {reason}")
    ok = explained
    for adv in record.adversaries:
        print(
            f"adversary {adv.name}: held-out within-question AUC {adv.auc:.4f} "
            f"(shuffled labels {adv.shuffled_auc:.4f}); model {adv.model}"
        )
        print(f"  leans towards gold: {', '.join(adv.leans_gold)}")
        print(f"  leans towards filler: {', '.join(adv.leans_filler)}")
        if adv.name == "ngram":
            met = adv.auc >= NGRAM_ADVERSARY_BOUND
            ok = ok and met
            print(
                f"  bound: n-gram adversary >= {NGRAM_ADVERSARY_BOUND}: "
                f"{'met' if met else 'NOT MET'}"
            )
    if not explained:
        print("a difference above 0.01 has no explanation (see the table)")
    return ok


SECTION = (70, "V7 separability vs the peer's stamped record (Forgetting v5)", compare)
