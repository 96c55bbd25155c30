"""Language rules (LNG): conversations built from a handful of stock wordings; and the
`language` summary section.

Skeletons mask names, numbers, relation words and pronouns (see
`checker.separability.language`); each session is counted once. Below 1,000 turns (or
sentences) of a kind a share of 0.3% is one repeat, so the figure is reported and not gated.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.context import CorpusContext
from checker.findings import Violation
from checker.load import LoadedCorpus
from checker.registry import rule
from checker.separability.language import (
    DISTINCT_SHARE_REFUSE,
    MIN_UNITS,
    TOP_SHARE_REFUSE,
    SkeletonCount,
    language_figures,
)
from checker.summary import section


def _top_refused(count: SkeletonCount) -> bool:
    return count.measured and count.top_share > TOP_SHARE_REFUSE


def _distinct_refused(count: SkeletonCount) -> bool:
    return count.measured and count.distinct_share < DISTINCT_SHARE_REFUSE


@rule(
    "LNG001",
    "stock-wording",
    example="most common assistant-turn skeleton 'did your R convince you , in the end ?' is "
    "201 of 5580 (3.60% > 0.30%)",
)
def stock_wording(ctx: CorpusContext) -> Iterator[Violation]:
    """The most common skeleton of assistant turns, or of user sentences, is more than 0.3%
    of its kind (with names, numbers, relations and pronouns masked).

    A reader who has seen "Anyway, that is my news." close 2,836 user turns stops reading the
    text as conversation, and a system built for real chat is measured on text unlike any it
    will meet. Many paraphrases per function keep every wording rare."""
    figures = language_figures(ctx.corpus)
    for count in (figures.assistant_turns, figures.user_sentences):
        if _top_refused(count):
            yield Violation(
                None,
                f"most common {count.kind} skeleton {count.top!r} is {count.top_count} of "
                f"{count.n} ({count.top_share:.2%} > {TOP_SHARE_REFUSE:.2%}); build the "
                "wording from a grammar with many paraphrases per function",
            )


@rule(
    "LNG002",
    "few-reply-wordings",
    example="5287 distinct assistant-turn skeletons in 50753 assistant turns (10.4% < 40%)",
)
def few_reply_wordings(ctx: CorpusContext) -> Iterator[Violation]:
    """Distinct assistant-turn skeletons are fewer than 40% of assistant turns.

    Stock replies do not respond to what was said ("Good for your brother, it sounds like a
    proper treat." after a dentist said to wait and see); a reply that refers to the content
    it answers is rarely worded twice alike."""
    count = language_figures(ctx.corpus).assistant_turns
    if _distinct_refused(count):
        yield Violation(
            None,
            f"{count.distinct} distinct assistant-turn skeletons in {count.n} assistant turns "
            f"({count.distinct_share:.1%} < {DISTINCT_SHARE_REFUSE:.0%}); let replies refer "
            "to what was said, from a grammar with many paraphrases",
        )


def _line(count: SkeletonCount, distinct: bool) -> str:
    if not count.n:
        return f"{count.kind}: none"
    gate = (
        f"refuse above {TOP_SHARE_REFUSE:.2%}"
        if count.measured
        else f"not gated below n={MIN_UNITS}"
    )
    line = (
        f"{count.kind}: n={count.n}; most common skeleton {count.top_count} "
        f"({count.top_share:.2%}, {gate}){' REFUSED' if _top_refused(count) else ''}: "
        f"{count.top!r}"
    )
    if distinct:
        floor = (
            f"refuse below {DISTINCT_SHARE_REFUSE:.0%}"
            if count.measured
            else f"not gated below n={MIN_UNITS}"
        )
        line += (
            f"; distinct skeletons {count.distinct} ({count.distinct_share:.1%}, {floor})"
            f"{' REFUSED' if _distinct_refused(count) else ''}"
        )
    return line


@section("language")
def summary(corpus: LoadedCorpus) -> list[str]:
    figures = language_figures(corpus)
    return [_line(figures.assistant_turns, True), _line(figures.user_sentences, False)]
