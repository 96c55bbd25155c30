"""Own-life chats: the user's own day in a few turns of back-and-forth, never a request for
help. Shape, fit to the moment, writing rules, fit of the replies to the news, and variety."""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import datetime

import pytest

from checker.separability.language import sentences, skeleton, turn_skeleton
from checker.text import raw_tokens
from corpora.generate.core import asides
from corpora.generate.core.asides import (
    CHAT_SHARE,
    CHATS,
    MOOD_OPENERS,
    BankError,
    Chat,
    chat_variants,
    check_asides,
    choose_chat,
    draw_aside,
    render_chat,
)
from corpora.generate.core.grammar import expand as grammar_expand
from corpora.generate.core.grammar import flatten, variants
from tests.generate.test_asides import AVOIDED


def at(hour: int, month: int = 3, day: int = 14) -> datetime:
    return datetime(2026, month, day, hour, 20)


def draws(chat: Chat, n: int = 200, seed: int = 4) -> list[list[tuple[str, str]]]:
    rng = random.Random(seed)
    return [render_chat(chat, rng) for _ in range(n)]


def test_the_bank_covers_every_domain_with_about_forty_chats() -> None:
    domains = Counter(chat.domain for chat in CHATS)
    assert len(CHATS) >= 40
    assert set(domains) == set(
        "work cooking travel health money hobbies tech errands plans".split()
    )
    assert min(domains.values()) >= 4, domains
    assert {chat.mood for chat in CHATS} == set(MOOD_OPENERS)


def test_the_writing_rules_hold_for_chats_too() -> None:
    """The same check as for help requests, with every vertical's family words: no person or
    relation word, no family keyword, no answer word, no digit, no time word that dates."""
    check_asides(AVOIDED)
    keys = {where.split(" ", 1)[0] for where, _ in asides.templates()}
    assert {chat.key for chat in CHATS} <= keys


def test_the_check_refuses_a_person_word_in_a_chat(monkeypatch: pytest.MonkeyPatch) -> None:
    chat = CHATS[0]
    for bad in ("I told my [sister|brother] about it.", "I took the car.", "Back by [6|seven]."):
        broken = Chat(
            chat.key, chat.domain, chat.mood, (bad,), chat.reactions, chat.exchanges, chat.closes
        )
        monkeypatch.setattr(asides, "CHATS", (broken,))
        with pytest.raises(BankError):
            check_asides()


@pytest.mark.parametrize("chat", CHATS, ids=lambda c: c.key)
def test_a_chat_alternates_user_first_assistant_last_four_or_six_turns(chat: Chat) -> None:
    lengths: Counter[int] = Counter()
    for turns in draws(chat):
        lengths[len(turns)] += 1
        assert [role for role, _ in turns] == ["user", "assistant"] * (len(turns) // 2)
        # Every assistant turn but the last asks one question, and the user answers it.
        for _, text in turns[1:-1:2]:
            assert text.endswith("?") and text.count("?") == 1, text
        assert not turns[-1][1].endswith("?"), turns[-1][1]
        for _, text in turns:
            assert text[0].isupper() and text[-1] in ".?!" and "  " not in text, text
            assert not re.search(r"[\d()\[\]{}\u2014|]|\.\.", text), text
        assert turns[0][1].count(":") <= 1, turns[0][1]
    assert set(lengths) == {4, 6}


def test_two_questions_in_one_chat_are_never_the_same() -> None:
    for chat in CHATS:
        for turns in draws(chat, 60):
            if len(turns) == 6:
                first, second = turns[1][1], turns[3][1]
                asked = [e for e in chat.exchanges if _matches(e.ask, first)]
                assert asked and not any(_matches(e.ask, second) for e in asked), chat.key


def _matches(template: str, text: str) -> bool:
    """Whether `text` ends with a sentence the template can produce (the question closes the
    turn)."""
    last = sentences(text)[-1]
    words = set(raw_tokens(flatten(template)))
    return set(raw_tokens(last)) <= words


#: Words that tie a chat to a part of the day.
EVENING_WORDS = frozenset("tonight dinner supper".split())
PAST_DAY = ("this morning", "today has been", "all morning", "the whole morning", "all day")


@pytest.mark.parametrize("chat", CHATS, ids=lambda c: c.key)
def test_a_chat_that_names_a_time_of_day_is_drawn_only_then(chat: Chat) -> None:
    start, _ = chat.hours
    said = " ".join(flatten(t) for t in chat.mentions)
    if set(raw_tokens(said)) & EVENING_WORDS:
        assert start >= 17, chat.key
    if any(phrase in said for phrase in PAST_DAY):
        assert start >= 13, chat.key


def test_no_chat_speaks_of_the_evening_or_a_past_morning_before_its_time() -> None:
    rng = random.Random(8)
    for _ in range(4000):
        hour = rng.randrange(7, 12)
        chat = choose_chat(rng, at(hour))
        said = render_chat(chat, rng)[0][1].lower()
        assert not EVENING_WORDS & set(raw_tokens(said)), said
        assert not any(phrase in said for phrase in PAST_DAY), said


#: Season words: a chat names none, or keeps to the months they fit.
SEASONAL = {
    "heating": frozenset({10, 11, 12}),
    "barbecue": frozenset({5, 6, 7, 8, 9}),
    "soup": frozenset({10, 11, 12, 1, 2, 3}),
}


def test_no_chat_names_a_season_and_seasonal_ones_keep_to_their_months() -> None:
    seasons = re.compile(r"\b(summer|winter|spring|autumn|snow|sunburn|christmas)\b", re.I)
    for chat in CHATS:
        for template in (*chat.mentions, *chat.reactions, *chat.closes):
            assert not seasons.search(flatten(template)), chat.key
        for e in chat.exchanges:
            assert not seasons.search(flatten(f"{e.ask} {e.answer}")), chat.key
    for chat in CHATS:
        for word, months in SEASONAL.items():
            if word in " ".join(flatten(m) for m in chat.mentions):
                assert chat.months <= months, chat.key
    rng = random.Random(5)
    for month in range(1, 13):
        for _ in range(300):
            chat = choose_chat(rng, at(rng.randrange(7, 24), month))
            assert month in chat.months, (chat.key, month)


def test_weekend_plans_are_made_before_the_weekend() -> None:
    rng = random.Random(6)
    for day in (14, 15):  # a Saturday and a Sunday in March 2026
        for _ in range(2000):
            chat = choose_chat(rng, at(rng.randrange(7, 24), 3, day))
            if chat.mood not in ("plan", "calm"):
                continue  # ("I baked a loaf at the weekend" is fine on a Sunday)
            said = " ".join(flatten(m) for m in chat.mentions)
            assert "at the weekend" not in said and "this weekend" not in said, chat.key


def test_every_hour_and_month_has_plenty_of_chats() -> None:
    for month in range(1, 13):
        for hour in range(7, 24):
            for day in (9, 14):  # a Monday and a Saturday
                fits = [c for c in CHATS if c.fits_moment(at(hour, month, day))]
                assert len(fits) >= 18, (month, hour, day)


#: The assistant's first words by the news's mood: what would be wrong to say to it.
WRONG_OPENERS = {
    "bad": ("nice", "great", "lovely", "well done", "good for you", "exciting", "sounds fun"),
    "good": ("sorry", "oh no", "poor you", "rotten", "rough", "dear"),
}


def test_the_assistant_greets_bad_news_with_sympathy_never_with_pleasure() -> None:
    for chat in CHATS:
        wrong = WRONG_OPENERS.get(chat.mood, ())
        opening = flatten(MOOD_OPENERS[chat.mood]).lower()
        assert not any(w in opening for w in wrong), chat.mood
        for template in chat.reactions:
            reaction = flatten(template).lower()
            if chat.mood == "bad":
                assert not re.search(r"\b(how nice|good for you|well done|lovely)\b", reaction), (
                    chat.key
                )


def test_a_reply_is_about_what_the_user_said() -> None:
    """Each chat's reactions, questions and closes share a content word with its mentions: a
    reply about something else would share none."""
    stop = set(raw_tokens(" ".join(flatten(t) for t in MOOD_OPENERS.values())))
    stop |= set("the a an and or but to of in on for it is that this you your i my me".split())
    for chat in CHATS:
        told = set(raw_tokens(" ".join(flatten(m) for m in chat.mentions))) - stop
        for template in (*chat.reactions, *chat.closes):
            assert set(raw_tokens(flatten(template))) & told, (chat.key, template)


def test_each_chat_and_the_bank_have_many_forms() -> None:
    for chat in CHATS:
        assert 2 <= len(chat.mentions) <= 3 and len(chat.exchanges) >= 2, chat.key
        assert all(variants(m) * variants(asides.CHAT_LEADS) >= 60 for m in chat.mentions)
        assert all(variants(e.answer) >= 6 for e in chat.exchanges), chat.key
    assert chat_variants() > 10**10


def test_about_half_of_all_asides_are_chats() -> None:
    rng = random.Random(12)
    n = 4000
    six = sum(len(draw_aside(rng, at(rng.randrange(7, 24)))) == 6 for _ in range(n))
    assert 0 < CHAT_SHARE < 1
    # Only chats run to six turns, and half of them do: the chat share is twice the six-turn one.
    assert abs(2 * six / n - CHAT_SHARE) < 0.05


def test_chat_variety_over_five_thousand_draws_meets_the_language_targets() -> None:
    """Masked as the checker masks them, no assistant turn and no user sentence of the chats
    recurs more than three times in a thousand, and most assistant turns are unique."""
    rng = random.Random(30)
    said: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for _ in range(5000):
        moment = at(rng.randrange(7, 24), rng.randrange(1, 13), rng.randrange(1, 28))
        for role, text in render_chat(choose_chat(rng, moment), rng):
            if role == "assistant":
                said[turn_skeleton(text)] += 1
            else:
                asked.update(skeleton(s) for s in sentences(text))
    total = sum(said.values())
    assert said.most_common(1)[0][1] / total <= 0.003
    assert len(said) / total >= 0.65
    assert asked.most_common(1)[0][1] / sum(asked.values()) <= 0.003


def _expansions(template: str) -> list[str]:
    """Every sentence the template can give (the grammar's paths, for small templates)."""
    from corpora.generate.core.grammar import Choice, parse, tidy

    def walk(parts: tuple) -> list[str]:
        out = [""]
        for part in parts:
            if isinstance(part, Choice):
                alts = [s for option in part.options for s in walk(option)]
            else:
                alts = [part]
            out = [a + b for a in out for b in alts]
        return out

    return [tidy(s) for s in walk(parse(template))]


def _chat_lines(chat: Chat) -> list[str]:
    lines = [*chat.mentions, *chat.reactions, *chat.closes]
    for exchange in chat.exchanges:
        lines += [text for text in vars(exchange).values() if isinstance(text, str)]
    return lines


#: A singular subject ("A simple story in the language") followed by a plural verb.
SINGULAR_THEN_PLURAL = re.compile(
    r"\b(?:A|An) (?:\w+ ){0,2}(?:story|book|app|podcast|film)(?: \w+){0,3} (?:are|make|have)\b"
)


def test_chat_lines_agree_in_number() -> None:
    """A singular subject never gets a plural verb in any expansion of any chat line."""
    bad = [
        (chat.key, sentence)
        for chat in CHATS
        for line in _chat_lines(chat)
        if variants(line) <= 5000
        for sentence in _expansions(line)
        if SINGULAR_THEN_PLURAL.search(sentence)
    ]
    assert not bad, bad[:5]


#: Details only some of a chat's user wordings name, as the assistant picks them up (pattern in
#: an assistant turn), and what the user must have said for it to fit (pattern in an earlier
#: user turn of the same chat).
PRESUMED = {
    r"old cables|for the cables": r"cables",
    r"two copies in|a copy at home": r"two places|cloud",
    r"dating each page": r"dating|dated",
    r"phantom jam|a jam warning": r"there isn't|jam when",
    r"standing": r"stood|standing|feet",
    r"on the streak|a streak is|keep the streak": r"streak",
    r"whole song": r"whole song",
    r"sore fingertips": r"fingertips|sore",
    r"reading before sleep|for reading in bed|reading in bed": r"reading",
    r"perfect for recipes": r"recipes",
    r"months of dithering": r"dithering",
    r"faster is": r"faster",
    r"no explanation": r"no explanation",
    r"for an hour": r"hour",
    r"smoke alarm": r"smoke alarm",
    r"cheese on toast": r"cheese on toast",
    r"forty minutes": r"forty minutes",
    r"locksmiths|in the rain": r"locksmith|rain",
    r"numb fingers": r"numb",
    r"jumpers only": r"jumpers",
    r"grim beige": r"beige",
    r"the holes give": r"holes",
    r"the tester patches": r"tester",
    r"whole sky|weeks of sky": r"sky",
    r"the headache": r"head",
    r"from a jar": r"jar",
    r"being hooked": r"hooked",
    r"in the shower": r"shower",
    r"that cafe": r"cafe",
    r"basil": r"basil",
    r"half an hour to a printer": r"half an hour",
    r"for one page": r"one page",
    r"the copy place": r"copy place",
    r"keeping them all is": r"keeping them all|all of them",
    r"little pad": r"pocket|little",
    r"seeing the floor": r"floor",
    r"wonky bits": r"wonky",
    r"wearable": r"wearable",
    r"late evenings": r"late evenings",
    r"frazzled": r"frazzled",
    r"especially the first time": r"first",
    r"five minutes is": r"five minutes",
    r"first loaf": r"first",
    r"spendy": r"spendy",
    r"saved elsewhere": r"saved elsewhere",
    r"sit down": r"sit down",
    r"long week": r"long week",
    r"only a few people": r"few people|handful",
    r"sorting it straight away": r"straight away",
    r"the lesson most": r"two places|cloud|new drive",
    r"the cloud folder": r"cloud",
}


def test_a_reply_picks_up_only_details_the_user_gave() -> None:
    """Every detail an assistant turn picks up ("With the old cables", "Getting through a whole
    song is huge") was named in an earlier user turn of the same chat: replies are drawn among
    the wordings whose cue fits what was said."""
    wrong = []
    for chat in CHATS:
        for turns in draws(chat, n=300):
            said = ""
            for role, text in turns:
                low = text.lower()
                if role == "user":
                    said += " " + low
                    continue
                # (a question may ask about anything: "Are you reading before sleep?")
                told = " ".join(s for s in re.split(r"(?<=[.!?])\s+", low) if not s.endswith("?"))
                for picked, needed in PRESUMED.items():
                    if re.search(picked, told) and not re.search(needed, said):
                        wrong.append((chat.key, picked, text))
    assert not wrong, wrong[:5]


#: What the user said, and what no later turn may then say ("I stood the whole way" and "Did
#: you at least get a seat?"; "one piece missing" and "the last piece must have felt great").
CONTRADICTED = {
    r"whole way": r"seat",
    r"piece missing": r"last piece",
    r"(?:late|delayed|stuck).* this morning": r"getting home|heading back",
}


def test_no_question_or_answer_contradicts_what_the_user_said() -> None:
    for chat in CHATS:
        for turns in draws(chat, n=300):
            first = turns[0][1].lower()
            for said, wrong in CONTRADICTED.items():
                if re.search(said, first):
                    assert not any(re.search(wrong, t.lower()) for _, t in turns[1:]), turns


def test_a_close_never_says_the_same_sentence_twice() -> None:
    for chat in CHATS:
        for turns in draws(chat, n=300):
            for _, text in turns:
                said = [s.strip().lower() for s in re.split(r"(?<=[.!?])\s+", text) if s]
                assert len(said) == len(set(said)), text


def test_cues_keep_a_wording_for_every_telling_and_name_words_the_user_can_say() -> None:
    """Every bracket with a cued alternative keeps one without a cue, and every cue word is in
    some user wording of its chat (a cue nobody can meet would be dead text)."""
    for chat in CHATS:
        user = " ".join(flatten(asides.body(t)) for t in (*chat.mentions,))
        user += " " + " ".join(flatten(asides.body(e.answer)) for e in chat.exchanges)
        user = user.lower()
        for template in (
            *chat.reactions,
            *chat.closes,
            *(e.ask for e in chat.exchanges),
            *(e.answer for e in chat.exchanges),
        ):
            for group in re.findall(r"\[([^\[\]]*)\]", template):
                alts = group.split("|")
                if any(a.startswith("<") for a in alts):
                    assert any(not a.startswith("<") for a in alts), (chat.key, group)
            for words in re.findall(r"<!?([^<>]+)>", template):
                for word in words.split("/"):
                    assert word.strip().lower() in user, (chat.key, word)


def test_fitted_keeps_only_the_alternatives_whose_cue_fits() -> None:
    template = "[<song>Getting through a whole song is huge|That's a big milestone], [a|<!stood>b]"
    assert asides.fitted(template, "I can play a song") == (
        "[Getting through a whole song is huge|That's a big milestone], [a|b]"
    )
    assert asides.fitted(template, "I stood the whole way") == "[That's a big milestone], [a]"
    assert asides.cue_fits("<!whole way>Did you get a seat?", "I stood the whole way") is False


#: Subject-verb slips that independent brackets can put together ("why does my printer keeps",
#: "before other things gets in the way", "Blocking draughts under doors help", "Being stuck
#: on a train for an hour drive"): a verb's form must be drawn with its own subject.
SLIPS = re.compile(
    r"\b(?:does|do|did) (?:my|your|the|it|this|that)(?: \w+){0,2} (?:keeps|always dies|wilts"
    r"|always sinks|stays|gets|goes|comes)\b|\bhow come my(?: \w+){1,2} (?:keep|always die"
    r"|wilt|always sink|stay|not rise)\b|\bother things (?:gets|crowds)\b|\bthe day (?:get|crowd)"
    r" \b|\bdoors (?:help|make) \b|\bhour (?:drive|can drives)\b",
    re.I,
)


def test_no_subject_verb_slip_across_the_brackets() -> None:
    rng = random.Random(3)
    for where, template in asides.templates():
        for _ in range(200):
            text = grammar_expand(asides.body(template), rng)
            assert not SLIPS.search(text), (where, text)
