"""The gate's constants (SPEC R-CHK-V7), in one place and recorded with every measurement.

The independent second implementation in `tests/separability/` holds its own copies of these
numbers on purpose: a gate that reads its thresholds from the thing it checks can be trimmed
into passing.
"""

from __future__ import annotations

from checker.formats.separability import Thresholds

#: Version of the measurement definition, stamped into every record.
METHOD = "tme-v7-2026.12"

#: A non-exempt feature whose folded within-question AUC reaches this is refused.
AUC_REFUSE = 0.75
#: Distribution test: share of gold-bearing questions separated perfectly …
PERFECT_SHARE_FLOOR = 0.20
#: … together with an exact Poisson-binomial upper tail below this (one-tailed z = 2.5).
PERFECT_TAIL_P = 0.0062
#: N-gram candidates occur in at least this share of questions; so must an exclusive phrase.
RECURRENCE_SHARE = 0.20
#: Relevance exemption: a token named by the question or answer in fewer than this share of
#: sessions is instance vocabulary.
RARE_SESSION_SHARE = 0.10
#: A learned adversary at or above this held-out within-question AUC refuses.
ADVERSARY_REFUSE = 0.70
#: Label shuffles behind each feature's null 95th percentile.
NULL_PERMUTATIONS = 200

#: N-gram sizes (raw tokens, stopwords kept, within one punctuation segment).
NGRAM_MIN, NGRAM_MAX = 1, 3
#: Per-role turn slots measured beyond the first (the attacker picks the slice).
MAX_TURN_SLOTS = 20
#: Absolute turn positions given a role-at-position feature.
MAX_ROLE_POSITIONS = 30
#: Distinct role sequences given their own indicator feature (most frequent first).
MAX_ROLE_SEQUENCES = 40
#: N-grams kept in the record per direction beyond those refused or exempt.
NGRAM_ROWS_PER_DIRECTION = 15


def thresholds() -> Thresholds:
    return Thresholds(
        auc_refuse=AUC_REFUSE,
        perfect_share_floor=PERFECT_SHARE_FLOOR,
        perfect_tail_p=PERFECT_TAIL_P,
        recurrence_share=RECURRENCE_SHARE,
        rare_session_share=RARE_SESSION_SHARE,
        adversary_refuse=ADVERSARY_REFUSE,
        null_permutations=NULL_PERMUTATIONS,
    )
