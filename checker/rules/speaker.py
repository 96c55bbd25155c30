"""V5 for who said it: `stated_by` re-derived from the speakers of the turns that state the
answer (R-CHK-V5).

A question that records who stated its answer (`stated_by`: the user, the assistant, or both)
is re-derived twice from the bytes: from the roles of the gold turns marked `has_answer`, and —
independently of every label — from the roles of the turns, anywhere in the question's haystack,
that name the answer's distinctive value (the same tokens the leak screens use). Where the
vertical declares a shape an attribution shape, the answer's own prose must open with the
vertical's phrase for that speaker, so the text a judge reads and the label agree.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.registry import rule
from checker.rules.leaks import distinctive_tokens
from checker.text import raw_tokens

#: `stated_by` for each set of roles that say something.
_SPEAKER = {
    frozenset({"user"}): "user",
    frozenset({"assistant"}): "assistant",
    frozenset({"user", "assistant"}): "both",
}


def speaker_of(roles: set[str]) -> str | None:
    """`stated_by` for the roles of the turns that state something (None for none)."""
    return _SPEAKER.get(frozenset(roles))


@rule(
    "DRV011",
    "speaker-of-stating-turn",
    example="stated_by is 'user' but 'velmor' is said by the assistant (session 6 turn 3)",
)
def speaker_of_stating_turn(ctx: CorpusContext) -> Iterator[Violation]:
    """`stated_by` equals the speaker of the turns that state the answer: the roles of the gold
    turns marked `has_answer`, and the roles of every turn of the haystack naming the answer's
    distinctive value; an attribution answer opens with the vertical's phrase for that speaker.

    Attribution is scored on who said a thing, and an assistant-stated answer on the assistant
    having said it; a label the conversation does not bear out (the user also said the value,
    the reply never repeated it) grades systems against a speaker nobody heard."""
    corpus = ctx.corpus
    for qi, q in enumerate(corpus.questions):
        block = q.typedmemeval
        if block is None or block.stated_by is None:
            continue
        recorded = block.stated_by
        gold = corpus.gold_indices(qi)
        marked: set[str] = {t.role for si in gold for t in q.haystack_sessions[si] if t.has_answer}
        if not marked:
            yield Violation(
                q.question_id,
                f"stated_by is {recorded!r} but no turn of the gold sessions carries has_answer",
            )
        elif speaker_of(marked) != recorded:
            yield Violation(
                q.question_id,
                f"stated_by is {recorded!r} but the gold turns marked has_answer are spoken by "
                f"{' and '.join(sorted(marked))}",
            )
        tokens = distinctive_tokens(corpus, qi)
        if not tokens:
            yield Violation(
                q.question_id,
                f"stated_by is {recorded!r} but the answer names no value stated in a gold "
                "session, so who said it cannot be re-derived from the conversation",
            )
        else:
            said: dict[str, tuple[int, int]] = {}
            for si, session in enumerate(q.haystack_sessions):
                for ti, turn in enumerate(session):
                    if turn.role not in said and tokens & set(raw_tokens(turn.content)):
                        said[turn.role] = (si, ti)
            derived = speaker_of(set(said))
            if derived != recorded:
                where = "; ".join(
                    f"{role} in session {si} turn {ti}" for role, (si, ti) in sorted(said.items())
                )
                yield Violation(
                    q.question_id,
                    f"stated_by is {recorded!r} but {', '.join(map(repr, sorted(tokens)))} is "
                    f"said by {derived or 'nobody'} ({where or 'in no turn'})",
                )
        profile = BY_KEY.get(block.vertical)
        if profile is None or block.shape not in profile.attribution_shapes:
            continue
        lead = profile.speaker_lead(recorded)
        if lead is None:
            yield Violation(
                q.question_id,
                f"{profile.name} declares no answer phrase for stated_by {recorded!r}",
            )
        elif not q.answer.startswith(lead):
            yield Violation(
                q.question_id,
                f"stated_by is {recorded!r}, so the answer must open with {lead!r}: "
                f"{q.answer[:60]!r}",
            )
