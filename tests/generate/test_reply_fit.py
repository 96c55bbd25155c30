"""Replies fit what was said (issue 24, point 2).

The renderer draws a status (what became of a statement) and the assistant's reply to it
apart, from one table each per move kind, so every reply of a kind must fit every status of
that kind: a hedge ("That's what I took from it, at least") is not met with reassurance, a
plan that fell through is not praised as a wise choice, the user's own mix-up is not blamed
on gossip, and someone else's news is not called a family's. These tests hold every bank's
tables to that, over every expansion of their grammar (`wording.never`).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from corpora.generate.arithmetic import amounts
from corpora.generate.bitemporal import corrections
from corpora.generate.core import bank, reminders
from corpora.generate.core.grammar import flatten
from corpora.generate.core.wording import expansions, never
from corpora.generate.core.world import (
    INVALIDATION,
    REAFFIRMATION,
    STATEMENT,
    TWIN_CONSIDERED,
    TWIN_OTHERS,
    TWIN_RUMOUR,
)
from corpora.generate.episodic import exchanges
from corpora.generate.procedural import procedures
from corpora.generate.temporal import milestones

#: Bank name → its status replies, for every bank of the verticals whose tables this covers.
TABLES: dict[str, Mapping[str, tuple[str, ...]]] = {
    "core": bank.STATUS_REPLIES,
    "arithmetic": amounts.AMOUNT_STATUS_REPLIES,
    "bitemporal": corrections.RECORD_STATUS_REPLIES,
    "episodic": exchanges.EPISODIC_STATUS_REPLIES,
    "procedural": procedures.PROCEDURE_STATUS_REPLIES,
    "prospective": reminders.PROSPECTIVE_STATUS_REPLIES,
    "temporal": milestones.MILESTONE_STATUS_REPLIES,
}

#: Words that hear a status as a check or a certainty: wrong after a hedge.
SURE = ("reassuring", "settles it", "Thanks for checking", "Thanks for [checking", "relief")
#: Words that praise a choice: wrong after "it fell through" or "it was called off".
CHOICE = ("probably wise", "Better safe than sorry", "own mind", "Sensible", "better to be sure")
#: Words that blame talk: wrong after the user's own mix-up.
GOSSIP = ("gossip", "People do talk", "Good job you [checked|asked]", "stories do get about")


def _cases(kinds: tuple[str, ...]) -> list[tuple[str, str, str]]:
    return [
        (name, kind, template)
        for name, table in TABLES.items()
        for kind, templates in table.items()
        if kind.split("/")[0] in kinds
        for template in templates
    ]


@pytest.mark.parametrize(
    ("name", "kind", "template"),
    _cases(
        (
            STATEMENT,
            INVALIDATION,
            REAFFIRMATION,
            exchanges.ITEM,
            amounts.PAYMENT,
            amounts.DISPATCH,
            amounts.RETURN,
            corrections.CHANGE_AHEAD,
            corrections.CHANGE_PAST,
            procedures.LISTING,
            milestones.LINK,
            reminders.UPCOMING,
        )
    ),
)
def test_a_reply_to_a_true_statement_fits_a_hedge(name: str, kind: str, template: str) -> None:
    for word in SURE:
        assert never(template, word), f"{name} {kind}: {word!r} answers a hedge as certain"


@pytest.mark.parametrize(
    ("name", "kind", "template"),
    [c for c in _cases((TWIN_CONSIDERED,)) if c[0] != "procedural"],
)
def test_a_reply_to_a_plan_dropped_never_praises_a_choice(
    name: str, kind: str, template: str
) -> None:
    """Wherever a plan may have fallen through (`it fell through`, `it was called off`). A way
    tried and dropped in Procedural is always the person's own choice (its statuses say
    so), and is held to that instead."""
    for word in CHOICE:
        assert never(template, word), f"{name} {kind}: {word!r} after a plan that fell through"


@pytest.mark.parametrize(
    ("name", "kind", "template"),
    [c for c in _cases((TWIN_RUMOUR,)) if c[0] in ("core", "arithmetic", "temporal")],
)
def test_a_reply_to_the_users_own_mix_up_never_blames_talk(
    name: str, kind: str, template: str
) -> None:
    """Where a rumour's statuses are the user's own mix-up only (the core's, and the banks
    that reuse its wordings), no reply blames gossip or praises a check nobody made."""
    for word in GOSSIP:
        assert never(template, word), f"{name} {kind}: {word!r} after the user's own mix-up"


def test_procedurals_dropped_ways_are_always_the_persons_own_choice() -> None:
    """Its replies to a way dropped may praise the choice only because every status says
    the person chose to drop it (none says it fell through or was called off)."""
    for template in procedures._DROPPED:
        for word in ("fell through", "called off", "cancelled", "didn't happen"):
            assert never(template, word), template


def test_someone_elses_news_is_not_called_a_familys() -> None:
    """The someone else of a twin is a friend, a colleague, a flatmate as often as an
    in-law, so no reply to it speaks of families."""
    for name, table in TABLES.items():
        for kind, templates in table.items():
            for template in templates:
                assert never(template, "Families"), f"{name} {kind}"


def test_a_hedge_never_restates_its_own_head() -> None:
    """`That's what he told me, going by what he told me` is a garbled status."""
    heads = ("That's what {pron} said", "That's what {pron} told me", "That's what {pron} says")
    tails = ("going by what", "the way {pron}", "how {pron}")
    texts = expansions(bank._HEDGED, limit=5000)
    assert len(texts) > 100
    for text in texts:
        if text.startswith(heads):
            assert not any(t in text for t in tails), text


def test_an_upcoming_start_is_nothing_to_go_along_to() -> None:
    """A new job, a flat, a sofa or a course: no reply asks whether the user is going too."""
    for template in reminders.PROSPECTIVE_REPLIES[reminders.UPCOMING]:
        assert never(template, "going along"), template


def test_an_entry_is_only_asked_about_as_a_treat_where_every_entry_is_one() -> None:
    """`Did she enjoy it?` fits an outing or a concert, never a filling, a viewing or a book
    someone hated, so it is asked only in the families whose every entry is a treat (the car,
    boat and dog entries are a mechanic's, a boatbuilder's and a dog walker's work, which are
    not)."""
    treats = {"choir"}
    for key, replies in exchanges.ITEM_REPLIES.items():
        asks = any("enjoy it, on the whole" in flatten(r) for r in replies)
        assert asks == (key in treats), key


def test_no_statement_claims_a_surprise_a_status_may_deny() -> None:
    """A statement told `which surprised everyone` may be followed by `it had been on the
    cards for a while`: no statement frame claims a surprise."""
    for frame in bank.FRAMES[STATEMENT]:
        assert never(frame, "surprised"), frame
        assert never(frame, "nobody expected"), frame


def test_every_status_reply_table_still_has_many_wordings() -> None:
    """Fitting every status must not cost the variety the language figures need: each kind's
    replies expand to well over a hundred sentences."""
    for name, table in TABLES.items():
        for kind, templates in table.items():
            texts = {t for template in templates for t in expansions(template, limit=3000)}
            assert len(texts) >= 40, (name, kind, len(texts))


#: Tails that call a fact good news: they fit news only, never an ending, a plan dropped, a
#: story taken back or someone else's news.
_GOOD_NEWS = ("nice news", "good to hear", "which is nice", "good news")


@pytest.mark.parametrize("kind", [INVALIDATION, TWIN_CONSIDERED, TWIN_RUMOUR, TWIN_OTHERS])
def test_no_reply_calls_bad_or_no_news_good(kind: str) -> None:
    for template in (
        *bank.REPLIES.get(kind, ()),
        *bank.STATUS_REPLIES.get(kind, ()),
        *bank.STATUSES.get(kind, ()),
        *(t for fam in bank.FAMILY_REPLIES.values() for t in fam.get(kind, ())),
    ):
        for tail in _GOOD_NEWS:
            assert never(template, tail), (kind, template)


def test_a_statement_reply_does_not_tack_nice_news_on_to_a_fact() -> None:
    """`Sounds like the bank suits him, which is nice news` was said after one reply in six:
    a fact is met without a verdict tacked on, or with one of several tails."""
    for template in bank.REPLIES[STATEMENT]:
        assert never(template, "which is nice news"), template
