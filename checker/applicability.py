"""What each rule needs from a corpus, and which rules `audit` runs on one that lacks it.

Our corpora have everything: a `typedmemeval` block on every question, a sidecar, distractor
sessions, our id scheme. Another publisher's corpus may have none of it, and a rule run without
what it reads either says nothing (and is silently counted as passed) or says something false
("the" is a gold-exclusive phrase when there are no distractors to hold it). So every rule that
needs something declares it here, and `audit` reports it "not applicable", once, with the
reason, where the corpus lacks it. `check` reads only our own corpora and runs every rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checker.load import LoadedCorpus
from checker.registry import Rule

#: What a rule may need, and why a corpus without it leaves the rule nothing true to say.
REASONS = {
    "typed-block": "no question carries the typedmemeval block (shape, events, derivations) "
    "these rules re-derive from",
    "sidecar": "the corpus has no sidecar, so there is no stamped record to re-measure",
    "distractors": "the corpus has no distractor sessions (every session is gold), so there is "
    "nothing to separate gold from or to find an answer in",
    "house-calibration": "this family's own calibration targets (the `0.5`–`0.9` coverage band, "
    "no scaffolding dependence), not defects of another benchmark; the coverage itself is in "
    "--summary and --report; pass --house-rules, or select a code, to judge it",
    "house-language": "this family's own targets for generated wording (LNG: the most common "
    "masked skeleton at most `0.3%` of its kind, distinct assistant-turn skeletons at least `40%`), "
    "not defects of another benchmark; the figures are in --summary; pass --house-rules, or "
    "select a code, to judge them",
    "house-format": "house-format rules (our id scheme, record layout and identity guard; "
    "STR002 still reports a session id given twice); "
    "pass --house-rules, or select a code, to run them",
}

#: Needs by rule code or code prefix (a code's own entry, then its family's).
NEEDS: dict[str, tuple[str, ...]] = {
    # Re-derivations from the typed block.
    "CNJ": ("typed-block",),
    "DRV": ("typed-block",),
    "ORD": ("typed-block",),
    "REV": ("typed-block",),
    "RSV": ("typed-block",),
    "STP": ("typed-block",),
    "TIM": ("typed-block",),
    "CAL003": ("typed-block",),
    "CAL005": ("typed-block",),
    "LEK002": ("typed-block",),
    "STR011": ("typed-block",),
    "STR012": ("typed-block",),
    "STR014": ("typed-block",),
    # Stamped records.
    "REC": ("sidecar",),
    "CAL004": ("sidecar",),
    "IDN002": ("sidecar",),
    "IDN003": ("sidecar",),
    "SEP005": ("sidecar",),
    "SEP006": ("sidecar",),
    "SEP007": ("sidecar",),
    # Gold against distractors.
    "CAL001": ("distractors", "house-calibration"),
    "CAL002": ("distractors", "house-calibration"),
    "LEK001": ("distractors",),
    "STR010": ("distractors",),
    "SEP001": ("distractors",),
    "SEP002": ("distractors",),
    "SEP003": ("distractors",),
    "SEP004": ("distractors",),
    "SEP008": ("distractors",),
    "SEP009": ("distractors", "typed-block"),
    # Shortcuts: answerers need the declared values; the position and wording models need
    # sessions that are not gold to tell gold from.
    "SHC001": ("typed-block",),
    "SHC002": ("distractors",),
    "SHC003": ("distractors",),
    "SHC004": ("typed-block",),
    # The language figures are this family's own targets for generated text; the figures
    # themselves are still printed under --summary.
    "LNG": ("house-language",),
    # Our own format.
    "FMT001": ("house-format",),
    "IDN001": ("house-format",),
    "STR001": ("house-format",),
    "STR013": ("house-format",),
}


#: Needs that are this family's own choices: met by `--house-rules` or by naming the rule.
HOUSE = frozenset({"house-format", "house-calibration", "house-language"})


def needs_of(code: str) -> tuple[str, ...]:
    if code in NEEDS:
        return NEEDS[code]
    return next((v for k, v in NEEDS.items() if len(k) == 3 and code.startswith(k)), ())


def available(corpus: LoadedCorpus, *, house_rules: bool) -> set[str]:
    """What `corpus` offers of what rules may need."""
    have: set[str] = set()
    if any(q.typedmemeval is not None for q in corpus.questions):
        have.add("typed-block")
    if corpus.sidecar is not None:
        have.add("sidecar")
    if house_rules:
        have |= HOUSE
    for q in corpus.questions:
        gold = set(q.answer_session_ids)
        if any(sid not in gold for sid in q.haystack_session_ids):
            have.add("distractors")
            break
    return have


@dataclass(frozen=True)
class NotApplicable:
    """Rules left out for one missing need."""

    need: str
    reason: str
    codes: tuple[str, ...]

    def line(self) -> str:
        return f"not applicable: {', '.join(self.codes)}: {self.reason}"


def split_applicable(
    rules: Sequence[Rule],
    corpus: LoadedCorpus,
    *,
    house_rules: bool,
    chosen: Sequence[str] | None,
) -> tuple[list[Rule], list[NotApplicable]]:
    """Rules to run, and the rest grouped by their first missing need. A house-format rule
    named by `--select` (a code or prefix) runs as asked."""
    have = available(corpus, house_rules=house_rules)
    run: list[Rule] = []
    left: dict[str, list[str]] = {}
    for r in rules:
        named = any(r.code.startswith(p.strip().upper()) for p in chosen or ())
        missing = [n for n in needs_of(r.code) if n not in have]
        if named and set(missing) <= HOUSE:
            missing = []
        if missing:
            left.setdefault(missing[0], []).append(r.code)
        else:
            run.append(r)
    return run, [NotApplicable(n, REASONS[n], tuple(codes)) for n, codes in sorted(left.items())]
