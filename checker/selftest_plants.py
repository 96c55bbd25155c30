"""Planted defects for the rules beyond V7 that the self-test holds to their word: identifiers
that carry the answer class (IDN004), a time expression whose reading is a convention (TIM003),
and a difficulty ladder certified by a handful of questions (CAL003).

Each plant names the one rule that must refuse it and runs that rule alone; the ladder has a
twin that must pass (the same ladder stamped unvalidated), so the refusal is for the stamp and
not for the planting.
"""

from __future__ import annotations

import random
import re

from checker.family import BY_KEY, K_REF
from checker.formats.corpus import Question, Turn
from checker.formats.ids import SESSION_SUFFIX_RE
from checker.load import LoadedCorpus
from checker.retrieval import measure_ladder
from checker.separability.plants import Plant, Planted, Skip, copy_questions
from checker.separability.synthetic import rebuilt

#: Questions the ladder's easiest band holds (enough to certify it) and its hardest (too few).
EASY_BAND = 8
HARD_BAND = 4
#: Distractors given a sentence naming the question's words twice, to bury one question's gold.
DECOYS = K_REF + 1


def _gold(q: Question) -> list[int]:
    gold = set(q.answer_session_ids)
    return [i for i, sid in enumerate(q.haystack_session_ids) if sid in gold]


def abstention_marked_ids(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """Every question without gold gets `_abs` in its session ids' token."""
    qs = copy_questions(corpus)
    marked = 0
    for q in qs:
        if _gold(q):
            continue
        ids = []
        for sid in q.haystack_session_ids:
            m = SESSION_SUFFIX_RE.match(sid)
            ids.append(f"{m['owner']}_abs-s{m['n']}" if m else f"{sid}_abs")
        q.haystack_session_ids = ids
        marked += 1
    if not marked:
        return Skip("the base has no question without gold")
    return Planted(
        qs,
        evidence=r"carry .*the word 'abs'",
        note=f"{marked} questions without gold; every other id unchanged",
    )


def ambiguous_weekday(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """One gold session per time-dependent question says when something falls due as
    `next <weekday>`, which reads as the first one to come or as the one of next week."""
    qs = copy_questions(corpus)
    planted = 0
    for q in qs:
        block = q.typedmemeval
        profile = BY_KEY.get(block.vertical) if block is not None else None
        gold = _gold(q)
        if block is None or profile is None or not profile.v4_applies(block.shape) or not gold:
            continue
        turn = next(t for t in q.haystack_sessions[gold[0]] if t.role == "user")
        turn.content = f"{turn.content} The form is due next Thursday."
        planted += 1
    if not planted:
        return Skip("no gold-bearing question of the base is time-dependent")
    return Planted(qs, evidence=r"'next Thursday' \(said on a", note=f"in {planted} questions")


def _banded(corpus: LoadedCorpus, stamped: bool) -> Planted | Skip:
    """A distance ladder: EASY_BAND questions in band 1, HARD_BAND in band 5, one of the hard
    ones buried under natural decoys (its coverage falls to 0); every question stamped."""
    qs = copy_questions(corpus)
    single = [qi for qi, q in enumerate(qs) if len(_gold(q)) == 1]
    if len(single) < EASY_BAND + HARD_BAND:
        return Skip(f"needs {EASY_BAND + HARD_BAND} questions with one gold session")
    easy, hard = single[:EASY_BAND], single[EASY_BAND : EASY_BAND + HARD_BAND]
    for band, chosen in ((1, easy), (5, hard)):
        for qi in chosen:
            block = qs[qi].typedmemeval
            assert block is not None
            qs[qi].typedmemeval = block.model_copy(
                update={
                    "difficulty": band,
                    "difficulty_dial": "distance",
                    "difficulty_validated": stamped,
                }
            )
    buried = qs[hard[0]]
    words = re.findall(r"\w+", buried.question)
    subject, thing = words[-3], words[-2]  # "Where is the <Subject> <thing> now?"
    gold = set(_gold(buried))
    others = [i for i in range(len(buried.haystack_sessions)) if i not in gold][:DECOYS]
    for i in others:
        session = buried.haystack_sessions[i]
        session.append(
            Turn(
                role="user",
                content=f"My neighbour asked about the {subject} {thing}, then the {subject} "
                f"{thing} came up again at lunch.",
                has_answer=False,
            )
        )
        session.append(Turn(role="assistant", content="Good to know.", has_answer=False))
    ladder = measure_ladder(rebuilt(corpus, qs), declared_pattern="")
    (verdict,) = ladder.verdicts
    return Planted(
        qs,
        evidence=r"dial distance is thin-band",
        note=(
            f"bands 1 and 5 hold {EASY_BAND} and {HARD_BAND} questions; ceiling-relative "
            f"coverage falls {verdict.relative_drop} (permutation p {verdict.permutation_p}), "
            f"verdict {verdict.kind}"
        ),
    )


def thin_ladder_stamped_validated(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return _banded(corpus, stamped=True)


def thin_ladder_stamped_unvalidated(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    built = _banded(corpus, stamped=False)
    if isinstance(built, Planted):
        built.evidence = ""
    return built


RULE_PLANTS: tuple[Plant, ...] = (
    Plant(
        "_abs-like session id",
        ("IDN004",),
        abstention_marked_ids,
        history="Forgetting 2026.12: `_abs` in every never-known question's session ids",
        rules=("IDN004",),
    ),
    Plant(
        "ambiguous weekday (next <weekday>)",
        ("TIM003",),
        ambiguous_weekday,
        history="Prospective 2026.12: 'next Thursday' read the British way changes two answers",
        rules=("TIM003",),
    ),
    Plant(
        "flat ladder that falls on four questions, stamped validated",
        ("CAL003",),
        thin_ladder_stamped_validated,
        history="a fall of 0.25 made by one question of four once certified a ladder",
        rules=("CAL003",),
    ),
    Plant(
        "the same ladder stamped unvalidated (must not refuse)",
        (),
        thin_ladder_stamped_unvalidated,
        rules=("CAL003",),
    ),
)
