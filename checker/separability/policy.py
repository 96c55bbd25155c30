"""The gate's constants (SPEC R-CHK-V7), in one place and recorded with every measurement.

The independent second implementation in `tests/separability/` holds its own copies of these
numbers on purpose: a gate that reads its thresholds from the thing it checks can be trimmed
into passing.

Family-wise control of the distribution test (method `tme-v7-2026.12-fwer`)
---------------------------------------------------------------------------
The spec states the distribution test per feature: perfect separation in a share ≥ 0.20 of
the questions with an exact Poisson-binomial tail p < 0.0062. The gate runs it on every feature,
about 150 numeric ones and 2,000–2,600 recurring n-grams on the 2026.12 corpora, and per
feature the test is sound; over the whole table it is not. On corpora where most questions
have G = 1 and 15–25 sessions, label-shuffled copies (gold redrawn within each question, the
spec's false-refusal calibration) were refused by some feature in 62 of 400 copies of the
Prospective draft (31 distinct haystacks) and in 273 of 800 copies of four 20-question
synthetic G = 1 corpora, where the calibration allows one in twenty.

Both specified conditions stay as they are. A third is added: the feature's tail p must also be
extreme against the smallest tail p that the whole table reaches when the labels carry no
signal (Westfall–Young min-p). The label shuffles are the ones the AUC null already draws
(`NULL_PERMUTATIONS`, within question, over distinct haystacks, seeded); under each, every
feature whose perfect share reaches the floor gets its exact tail p, and the shuffle
contributes the smallest of them over the non-exempt features (1 when none reaches the floor).
A feature's adjusted p is (1 + shuffles whose smallest tail p is at or below the feature's own)
/ (shuffles + 1), and the distribution test refuses only when it is at most `FAMILYWISE_ALPHA`
= 0.05. That keeps the whole gate's false refusals near 5%: on the same copies, 19 of 400
for Prospective and 46 of 800 for the synthetic corpora (8 of those 46 by the AUC bar or an
exclusive phrase, which the condition does not touch); the Forgetting and WorkingMemory drafts
refused no copy either way (0 of 200, 0 of 100). A design rate of 5% gives one refusal in 20
copies on average, so the self-test's "at most one" holds for about three corpora in four by
construction; the planted tells sit far beyond it (the role-order and minority tells reach the
smallest adjusted p possible, 1/201).

Why min-p rather than Holm over the features that reach the share floor: the features are
strongly dependent (the n-grams of one recurring sentence share a column, a turn's characters
and tokens move together), and which features reach the floor is itself chosen by the data, so
few do and Holm's divisor stays small: it refused 261 of the 800 synthetic copies and 62 of
400 Prospective ones, hardly fewer than the per-feature test (273 and 62). Min-p takes the dependence from
the shuffles themselves. It costs one comparison per shuffle and feature on rank sums the AUC
null already forms, and one exact tail per distinct (chance vector, count) that a shuffle
brings to the floor.
"""

from __future__ import annotations

from checker.formats.separability import Thresholds

#: Version of the measurement definition, stamped into every record.
METHOD = "tme-v7-2026.12-fwer"

#: A non-exempt feature whose folded within-question AUC reaches this is refused.
AUC_REFUSE = 0.75
#: Distribution test: share of gold-bearing questions separated perfectly …
PERFECT_SHARE_FLOOR = 0.20
#: … together with an exact Poisson-binomial upper tail below this (one-tailed z = 2.5) …
PERFECT_TAIL_P = 0.0062
#: … and a Westfall–Young adjusted p at or below this (family-wise over every feature).
FAMILYWISE_ALPHA = 0.05
#: N-gram candidates occur in at least this share of questions; so must an exclusive phrase.
RECURRENCE_SHARE = 0.20
#: Relevance exemption: a token named by the question or answer in fewer than this share of
#: sessions is instance vocabulary.
RARE_SESSION_SHARE = 0.10
#: A learned adversary at or above this held-out within-question AUC refuses.
ADVERSARY_REFUSE = 0.70
#: What a corpus built to pass the learned adversaries aims below (reported, not gating).
ADVERSARY_TARGET = 0.65
#: The answer-from-metadata adversary refuses when its held-out accuracy beats the declared
#: strata's majority classes by this much …
METADATA_LIFT_REFUSE = 0.15
#: … or, for a binary answer class, when its held-out within-stratum AUC reaches this.
METADATA_AUC_REFUSE = 0.70
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
        familywise_alpha=FAMILYWISE_ALPHA,
        recurrence_share=RECURRENCE_SHARE,
        rare_session_share=RARE_SESSION_SHARE,
        adversary_refuse=ADVERSARY_REFUSE,
        null_permutations=NULL_PERMUTATIONS,
    )
