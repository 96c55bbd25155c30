"""Asides: shape, determinism, time-of-day fit, writing rules, coherence and variety."""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import datetime

import pytest

from checker.rules.leaks import PRODUCTION_WORDS
from checker.text import bm25_tokens, raw_tokens
from corpora.generate.arithmetic.amounts import FAMILIES as AMOUNT_FAMILIES
from corpora.generate.bitemporal import corrections
from corpora.generate.bitemporal.corrections import RECORD_FAMILIES
from corpora.generate.conjunction import clubs
from corpora.generate.conjunction.clubs import CLUB_FAMILIES
from corpora.generate.core import asides
from corpora.generate.core.asides import (
    ASIDES,
    aside_variants,
    check_asides,
    choose_aside,
    draw_aside,
)
from corpora.generate.core.bank import FAMILIES, BankError
from corpora.generate.core.grammar import expand, flatten, variants
from corpora.generate.core.reminders import TIMED_FAMILIES
from corpora.generate.core.seasons import out_of_season
from corpora.generate.episodic.exchanges import EPISODIC_ANSWER_WORDS, EPISODIC_FAMILIES
from corpora.generate.procedural.procedures import PROCEDURES
from corpora.generate.semantic.aliases import NAME_FAMILY
from corpora.generate.semantic.replacements import SEMANTIC_FAMILIES
from corpora.generate.temporal.milestones import MILESTONE_NOUNS, PROJECTS

#: Generic words some vertical's family noun happens to contain ("new sofa", "night round"),
#: which no reader takes for that family's evidence.
GENERIC = frozenset(
    "new night setting sound order return checking cleaning closing opening costs planning"
    " dressing feeding developing pressing locking shutting clearing call".split()
)

#: Words that would date something relative to the session (the Temporal and Prospective
#: questions turn on such words), and milestone nouns an aside has no business using.
TIME_WORDS = frozenset(
    "yesterday tomorrow ago monday tuesday wednesday thursday friday saturday sunday january"
    " february april june july august september october november december".split()
)


def vertical_family_words() -> frozenset[str]:
    """The nouns of every vertical's fact families, less the generic words among them."""
    families = [
        *AMOUNT_FAMILIES.values(),
        *(f.family for f in RECORD_FAMILIES),
        *CLUB_FAMILIES,
        *(f.family for group in TIMED_FAMILIES.values() for f in group),
        *EPISODIC_FAMILIES.values(),
        *PROCEDURES.values(),
        NAME_FAMILY,
        *SEMANTIC_FAMILIES,
        *PROJECTS.values(),
    ]
    words = {w for f in families for w in bm25_tokens(f.noun)}
    words |= {w for n in MILESTONE_NOUNS for w in bm25_tokens(n)} - {"check", "session"}
    return frozenset(words - GENERIC)


#: The words each vertical keeps for its answers and questions (the leak screens and the
#: retrievers rely on no conversation using them), and the distinctive words of the other
#: verticals' question templates (Arithmetic's sums, Procedural's steps, the reminders' asks).
VERTICAL_WORDS = (
    corrections.ANSWER_WORDS
    | corrections.QUESTION_WORDS
    | EPISODIC_ANSWER_WORDS
    | clubs.ANSWER_WORDS
    | set("suggest spent outspent total occasions adding batch boiler recently step ring".split())
)

AVOIDED = vertical_family_words() | TIME_WORDS | VERTICAL_WORDS


def expansions(template: str, draws: int = 200, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    return [expand(template, rng) for _ in range(draws)]


def at(hour: int) -> datetime:
    return datetime(2026, 3, 14, hour, 20)


def test_every_template_keeps_the_writing_rules_including_every_verticals_family_words() -> None:
    check_asides(AVOIDED)
    for where, template in asides.templates():
        assert not PRODUCTION_WORDS.search(template), where


def test_the_check_refuses_a_digit_a_relation_and_a_family_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    unit = ASIDES[0]
    for bad in ("Boil it for [6|seven] minutes.", "Ask your [aunt|]", "Take the car."):
        broken = asides.Aside(
            unit.key, unit.keywords, (bad,), unit.answers, unit.wish, hours=unit.hours
        )
        monkeypatch.setattr(asides, "ASIDES", (broken,))
        with pytest.raises(BankError):
            check_asides()


def test_draws_alternate_roles_user_first_two_to_six_turns() -> None:
    """Help requests take two or four turns, own-life chats four or six; every aside starts
    with the user and ends with the assistant."""
    rng = random.Random(11)
    lengths: Counter[int] = Counter()
    for i in range(600):
        turns = draw_aside(rng, at(i % 24))
        lengths[len(turns)] += 1
        assert [role for role, _ in turns] == ["user", "assistant"] * (len(turns) // 2)
        for _, text in turns:
            assert text and text == text.strip() and "  " not in text
            assert text[0].isupper() and text[-1] in ".?!", text
    assert set(lengths) == {2, 4, 6}


def test_the_same_generator_state_gives_the_same_aside() -> None:
    first = [draw_aside(random.Random(s), at(s % 24)) for s in range(50)]
    assert first == [draw_aside(random.Random(s), at(s % 24)) for s in range(50)]


def test_units_are_drawn_only_at_hours_they_fit_and_every_hour_has_plenty() -> None:
    for hour in range(24):
        assert len([u for u in ASIDES if u.fits(hour)]) >= len(ASIDES) // 2, hour
    rng = random.Random(3)
    for _ in range(3000):
        hour = rng.randrange(24)
        assert choose_aside(rng, at(hour)).fits(hour)


#: Words that tie an ask to a part of the day: a unit using them keeps to the hours they fit.
EVENING_WORDS = frozenset("tonight evening dinner supper".split())
MORNING_WORDS = frozenset("breakfast".split())


@pytest.mark.parametrize("unit", ASIDES, ids=lambda u: u.key)
def test_a_unit_that_names_a_time_of_day_is_drawn_only_then(unit: asides.Aside) -> None:
    start, end = unit.hours
    assert 0 <= start < end <= 24 and unit.kind in asides.THANKS, unit.key
    said = " ".join(flatten(t) for t in (*unit.asks, unit.wish))
    words = set(raw_tokens(said))
    if words & EVENING_WORDS:
        assert start >= 12, unit.key
    if words & MORNING_WORDS or "this morning" in said:
        assert end <= 14, unit.key


def test_evening_units_are_never_drawn_in_the_morning() -> None:
    rng = random.Random(9)
    for _ in range(3000):
        turns = draw_aside(rng, at(rng.randrange(5, 11)))
        assert not EVENING_WORDS & set(raw_tokens(turns[0][1])), turns[0][1]


def test_every_expansion_is_plain_prose_without_names() -> None:
    """No capital inside a sentence except `I`: names of people, firms and towns are what a
    capital there would be, and asides name nobody."""
    inner_capital = re.compile(r"(?<![.!?:] )(?<!^)\b(?!I\b|I'[a-z]+\b)[A-Z][a-z]*")
    rng = random.Random(2)
    for hour in (8, 13, 20):
        for _ in range(1500):
            for _, text in draw_aside(rng, at(hour)):
                assert not inner_capital.search(text), text
                assert not re.search(r"[\d()\[\]{}\u2014|]", text), text


def keyword_hits(unit: asides.Aside, text: str) -> bool:
    return bool(unit.keywords & set(raw_tokens(text)))


@pytest.mark.parametrize("unit", ASIDES, ids=lambda u: u.key)
def test_every_ask_and_answer_names_the_units_topic(unit: asides.Aside) -> None:
    """The cheap coherence check: an answer about something else would miss the keyword."""
    for template in (*unit.asks, *unit.answers, *(f.answer for f in unit.follow_ups)):
        for text in expansions(template):
            assert keyword_hits(unit, text), (unit.key, text)


def test_the_bank_is_broad_and_every_ask_has_many_forms() -> None:
    assert len(ASIDES) >= 120
    leads = variants(asides.LEADS)
    for unit in ASIDES:
        assert 2 <= len(unit.asks) <= 4 and 2 <= len(unit.answers) <= 3, unit.key
        assert all(leads * variants(ask) >= 24 for ask in unit.asks), unit.key
    assert aside_variants() > 10**7


SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def test_variety_over_five_thousand_draws() -> None:
    """No assistant turn and no user sentence recurs often (at most three in a thousand), and
    most assistant turns are unique: the corpus targets of the language layer, met by the
    asides on their own."""
    rng = random.Random(24)
    said: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for _ in range(5000):
        for role, text in draw_aside(rng, at(rng.randrange(24))):
            if role == "assistant":
                said[text] += 1
            else:
                asked.update(SENTENCE_END.split(text))
    total = sum(said.values())
    assert said.most_common(1)[0][1] / total <= 0.003
    assert len(said) / total >= 0.60
    assert asked.most_common(1)[0][1] / sum(asked.values()) <= 0.003


def _templates(unit: asides.Aside | asides.Chat) -> list[str]:
    if isinstance(unit, asides.Aside):
        follow = [t for f in unit.follow_ups for t in (f.ask, f.answer)]
        return [*unit.asks, *unit.answers, unit.wish, *follow]
    talk = [t for e in unit.exchanges for t in (e.ask, e.answer)]
    return [*unit.mentions, *unit.reactions, *talk, *unit.closes]


@pytest.mark.parametrize("unit", (*ASIDES, *asides.CHATS), ids=lambda u: u.key)
def test_a_unit_with_a_seasonal_word_keeps_to_the_months_it_fits(
    unit: asides.Aside | asides.Chat,
) -> None:
    """No hay fever in December, no sunburn in January, no heating bill in July: every form of
    a help request or a chat reads naturally in every month it can be drawn in."""
    for template in _templates(unit):
        for text in expansions(template, draws=60):
            for month in sorted(unit.months):
                assert out_of_season(text, month) == [], (unit.key, month, text)


def test_asides_drawn_through_the_year_keep_to_their_season() -> None:
    """Asides drawn at every month of the year, as a haystack draws them, carry no seasonal
    word out of its months; the units each month draws from fit its month."""
    rng = random.Random(12)
    for _ in range(6000):
        moment = datetime(2026, rng.randrange(1, 13), rng.randrange(1, 29), rng.randrange(24), 20)
        for _, text in draw_aside(rng, moment):
            assert out_of_season(text, moment.month) == [], (moment, text)
    for _ in range(3000):
        moment = datetime(2026, rng.randrange(1, 13), rng.randrange(1, 29), rng.randrange(24), 20)
        assert choose_aside(rng, moment).fits_moment(moment)
    for month in range(1, 13):
        in_month = [u for u in ASIDES if month in u.months]
        assert len(in_month) >= len(ASIDES) - 8, month


def test_the_season_screen_knows_a_season_from_a_name() -> None:
    assert out_of_season("My hay fever is awful.", 12) and not out_of_season("Hay fever.", 6)
    assert out_of_season("There was a hard frost this morning.", 7)
    assert not out_of_season("She opened an account with Frost Bank.", 7)
    assert not out_of_season("Water draws birds in, above all in dry or frosty weather.", 7)
    assert out_of_season("He planted a tomato variety on the allotment.", 1)
    # Growing takes the growing months: a crop grown in January is out of season; a variety
    # chosen for the plot is not.
    assert out_of_season("He grew a tomato variety on the allotment.", 1)
    assert not out_of_season("He grew a tomato variety on the allotment.", 7)
    assert not out_of_season("He chose a tomato variety for the allotment.", 1)


def _filled(template: str, rng: random.Random) -> str:
    text = expand(template, rng)
    for slot, word in (("{V}", "Marlow"), ("{holder}", "my aunt"), ("{pron}", "she")):
        text = text.replace(slot, word)
    return text.replace("{poss}", "her").replace("{obj}", "her")


def test_fact_banks_say_nothing_tied_to_a_season() -> None:
    """A fact's clauses and a family's topics are told on whatever date the session falls
    (the bank does not choose it), so none carries a seasonal word, true or rival alike."""
    families = [
        *FAMILIES.values(),
        *EPISODIC_FAMILIES.values(),
        *SEMANTIC_FAMILIES,
        *CLUB_FAMILIES,
        *AMOUNT_FAMILIES.values(),
    ]
    rng = random.Random(8)
    for family in families:
        texts = [*family.topics, *(t for ts in family.clauses.values() for t in ts)]
        for template in texts:
            for _ in range(30):
                text = _filled(template, rng)
                found = [p for m in range(1, 13) for p in out_of_season(text, m)]
                assert found == [], (family.key, text)


def test_a_month_draws_what_any_month_would_unless_the_unit_is_out_of_season() -> None:
    """Months narrow the draw by drawing anew, not by narrowing the list drawn from: where the
    first draw among the units that fit the hour is in season, that is the unit chosen, so a
    month's asides differ from another month's only where a unit out of season came up."""
    kept = 0
    for seed in range(400):
        moment = datetime(2026, seed % 12 + 1, 10, seed % 24, 20)
        units = [u for u in ASIDES if u.fits(moment.hour)]
        first = units[random.Random(seed).randrange(len(units))]
        chosen = choose_aside(random.Random(seed), moment)
        if moment.month in first.months:
            assert chosen is first, (moment, first.key, chosen.key)
            kept += 1
        else:
            assert chosen is not first and chosen.fits_moment(moment)
    assert kept >= 350


@pytest.mark.parametrize("unit", ASIDES, ids=lambda u: u.key)
def test_an_aside_never_leaves_a_bare_verb_after_keep(unit: asides.Aside) -> None:
    """ "my pancakes keep stick to the pan": after "keep" comes a verb in -ing."""
    bare = re.compile(r"\bkeep (stick|tear|burn|fall|go|come|get|break|crack)\b", re.I)
    for template in _templates(unit):
        for text in expansions(template, draws=60):
            assert not bare.search(text), (unit.key, text)


def test_heating_and_condensation_advice_is_out_of_season_in_the_warm_months() -> None:
    """(condensation and heating advice in May read wrong; the asides keep to the cold months)"""
    assert out_of_season("Condensation is damp air hitting cold glass.", 5)
    assert out_of_season("Ventilate and keep the heating steady.", 6)
    assert not out_of_season("Condensation is damp air hitting cold glass.", 11)
    assert not out_of_season("Most of the energy goes into heating the water.", 7)
