"""Procedural's move kinds and templates: procedures told across sessions, in two hops.

A procedure is someone's way of doing one household task (closing up the allotment shed,
feeding the sourdough starter …): a fact family whose "fact" is a set of steps with invented
names (`the Korvane check`), a true order among them, and at most one later change. Five move
kinds carry it, and every session makes exactly one of them in its procedure slot, beside a
value-bearing twin and a neutral mention:

- `listing` — the one move that names the procedure: it lists every step, and says the list is
  in no particular order (the order it gives is never the true one);
- `dependency` — one pair of steps and which comes first (`the Tessil pass comes before the
  Brumock sweep`);
- `precondition` — one step and a condition that must be ready before it;
- `amendment` — one step replaced by an amended one (`the Quorl pass in place of the Tessil
  pass`);
- `retirement` — one step dropped from the sequence, with nothing in its place (named beside
  the step it used to sit next to).

The four kinds after the listing name the holder and a step or condition pair, and never the
procedure: a reader has to find the listing to know which procedure a pair belongs to. That is
the vertical's second hop, and these frames are written so it cannot be skipped: they carry no
`{clause}` (each family's clause for them is empty), and no word of any procedure's task phrase
appears in any frame or reply (held at import).

Twins are told in the very frames of what they compete with, and what makes each a twin comes
in the user's next turn (its status, `PROCEDURE_STATUSES`): someone else's way of doing the
task, a way someone described wrongly and a way tried and dropped are each told as a listing of
the person's own, four fresh step names and the procedure; an amendment considered and dropped
is told as an amendment of two fresh names (a step that never was one, and one that never
replaced it), naming the holder and never the procedure, so it competes with amendments as the
others compete with the listing. Mentions talk about the task's topic.

Writing rules, held at import as for the shared bank: no digit, bracket or em dash in any
template; no word of `bank.ANSWER_WORDS`; every clause and topic names a keyword of its
family's task; each task's keywords belong to that family alone; the question templates' own
words appear in no conversation template except the one cue each link kind shares with the
question that asks about it (`order` for dependencies, `wait` and `ready` for preconditions,
`steps` for amendments and retirements, and for the amendment twin told like one), and the
two cues every listing carries (`order` and `steps`, `LISTING_CUES`); and no
sentence a template can produce is made mostly of a question's words (the generic scaffolding
strip's test).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from checker.retrieval.strips import is_keyword_sentence
from checker.text import bm25_tokens, raw_tokens, sentences
from corpora.generate.core.bank import (
    ANSWER_WORDS,
    FOLLOW_UPS,
    REACTIONS,
    REPLIES,
    STATUS_REPLIES,
)
from corpora.generate.core.grammar import flatten
from corpora.generate.core.render import Bank
from corpora.generate.core.status_threads import STATUS_FOLLOW_UPS, StatusFollowUp
from corpora.generate.core.wording import always, compose, expansions, has_any, only
from corpora.generate.core.world import (
    CONSIDERED,
    MENTION,
    TWIN_CONSIDERED,
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Family,
)

LISTING = "listing"
DEPENDENCY = "dependency"
PRECONDITION = "precondition"
AMENDMENT = "amendment"
RETIREMENT = "retirement"
#: The kinds that name a pair and never the procedure (the second hop).
LINK_KINDS = (DEPENDENCY, PRECONDITION, AMENDMENT, RETIREMENT)
#: Every kind a session's procedure slot can hold.
PROCEDURE_KINDS = (LISTING, *LINK_KINDS)
#: An amendment considered and dropped: an amended step that never came in, told as an
#: amendment (the holder, the `steps` cue, two step names, never the procedure), so it competes
#: with amendments as a listing twin competes with the listing. It names no step of the
#: procedure: every step is some question's answer, and a twin never carries one.
TWIN_AMENDMENT = "twin-considered-amendment"
TWIN_KINDS = (TWIN_OTHERS, TWIN_RUMOUR, TWIN_CONSIDERED, TWIN_AMENDMENT)
#: Twins told like a link kind, and the link kind whose cue and shape they share.
LINK_TWINS = {TWIN_AMENDMENT: AMENDMENT}
#: What each twin kind is told as (`Move.told_as`).
TOLD_AS = {
    TWIN_OTHERS: LISTING,
    TWIN_RUMOUR: LISTING,
    TWIN_CONSIDERED: LISTING,
    TWIN_AMENDMENT: AMENDMENT,
}

#: What a step is called after its invented name. None of them carries an order of its own,
#: so world knowledge says nothing about which of two steps comes first.
STEP_NOUNS = ("check", "pass", "round", "sweep", "drill", "turn", "sort", "tally", "run", "stage")
#: What a condition is called after its invented name (it has to be ready before a step).
CONDITION_NOUNS = ("permit", "key", "badge", "form", "token", "code", "card", "licence", "slip")

#: The words that state a dependency between its two step names, by which of them comes first:
#: `before` — the first-named step; `after` — the second-named step (the checker's cue words).
ORDER_WORDS = {"before": ("before", "ahead of"), "after": ("after", "later than")}
#: How a retirement places the dropped step next to the one it sat beside.
SIDE_WORDS = {"before": "before", "after": "after"}


def _procedure(
    key: str, task: str, clauses: tuple[str, ...], topics: tuple[str, ...], keywords: str
) -> Family:
    """A procedure family. `task` is the gerund phrase questions name it by; `clauses` name it
    as a noun phrase in listings and twins; `keywords` are the words that identify it (each in
    every clause and topic, and in no other family's templates)."""
    empty = ("",)
    return Family(
        key=key,
        noun=task,
        questions=(keywords,),
        answer_value="the {V}",
        clauses=MappingProxyType(
            {
                LISTING: clauses,
                CONSIDERED: clauses,
                DEPENDENCY: empty,
                PRECONDITION: empty,
                AMENDMENT: empty,
                RETIREMENT: empty,
                TWIN_AMENDMENT: empty,
            }
        ),
        topics=topics,
        statement_kind=LISTING,
    )


PROCEDURES: dict[str, Family] = {
    f.key: f
    for f in (
        _procedure(
            "shed",
            "closing up the allotment shed",
            (
                "closing up the allotment shed",
                "the allotment shed routine",
                "locking up at the allotment shed",
            ),
            (
                "how damp an allotment shed gets in winter",
                "padlocks for an allotment shed",
                "who else keeps a key to the allotment shed",
            ),
            "allotment shed",
        ),
        _procedure(
            "stall",
            "setting up the market stall",
            (
                "setting up the market stall",
                "the market stall routine",
                "getting the market stall up and trading",
            ),
            (
                "how early the market stall has to be up",
                "market stall pitch fees",
                "rainy days on a market stall",
            ),
            "market stall",
        ),
        _procedure(
            "tank",
            "cleaning out the fish tank",
            (
                "cleaning out the fish tank",
                "the fish tank clean",
                "a proper clean of the fish tank",
            ),
            (
                "which fish get on in one tank",
                "how cloudy a fish tank can get",
                "fish tank heaters",
            ),
            "fish tank",
        ),
        _procedure(
            "hives",
            "checking on the beehives",
            (
                "checking on the beehives",
                "the beehives inspection",
                "a look inside the beehives",
            ),
            (
                "how calm the bees in the beehives are this year",
                "honey from the beehives",
                "where to put beehives on a smallholding",
            ),
            "beehives",
        ),
        _procedure(
            "kiln",
            "firing the pottery kiln",
            (
                "firing the pottery kiln",
                "the pottery kiln firing",
                "a firing of the pottery kiln",
            ),
            (
                "how hot a pottery kiln runs",
                "pottery that cracks in the kiln",
                "the cost of running a kiln",
            ),
            "pottery kiln",
        ),
        _procedure(
            "starter",
            "feeding the sourdough starter",
            (
                "feeding the sourdough starter",
                "the sourdough starter feed",
                "looking after the sourdough starter",
            ),
            (
                "how sour a sourdough loaf should taste",
                "sourdough starters that refuse to rise",
                "giving away sourdough starter to friends",
            ),
            "sourdough starter",
        ),
        _procedure(
            "hall",
            "locking up the village hall",
            (
                "locking up the village hall",
                "the village hall lock-up",
                "shutting the village hall for the night",
            ),
            (
                "who books the village hall these days",
                "the heating bill at the village hall",
                "village hall jumble sales",
            ),
            "village hall",
        ),
        _procedure(
            "radiators",
            "bleeding the radiators",
            (
                "bleeding the radiators",
                "the radiators bleed",
                "a going-over of the radiators",
            ),
            (
                "radiators that stay cold at the top",
                "old radiators that knock at night",
                "whether new radiators are worth the money",
            ),
            "radiators",
        ),
        _procedure(
            "dinghy",
            "rigging the dinghy",
            (
                "rigging the dinghy",
                "the dinghy rigging",
                "getting the dinghy rigged",
            ),
            (
                "capsizing a dinghy in cold water",
                "dinghy racing on the reservoir",
                "where to keep a dinghy over winter",
            ),
            "dinghy",
        ),
        _procedure(
            "darkroom",
            "developing film in the darkroom",
            (
                "developing film in the darkroom",
                "the darkroom session",
                "a night of printing in the darkroom",
            ),
            (
                "the smell of a darkroom",
                "whether anyone still uses a darkroom",
                "darkroom safelights",
            ),
            "darkroom",
        ),
        _procedure(
            "desk",
            "setting up the sound desk",
            (
                "setting up the sound desk",
                "the sound desk setup",
                "getting the sound desk sorted for a gig",
            ),
            (
                "feedback from a badly set sound desk",
                "sound desk engineers at small venues",
                "how loud a gig should be at the sound desk",
            ),
            "sound desk",
        ),
        _procedure(
            "pond",
            "clearing out the garden pond",
            (
                "clearing out the garden pond",
                "the garden pond clear-out",
                "a tidy of the garden pond",
            ),
            (
                "frogs in the garden pond",
                "garden pond pumps",
                "whether a garden pond is safe with children around",
            ),
            "garden pond",
        ),
        _procedure(
            "loom",
            "dressing the weaving loom",
            (
                "dressing the weaving loom",
                "the weaving loom setup",
                "getting the weaving loom threaded",
            ),
            (
                "how long weaving on a loom takes",
                "second-hand weaving loom prices",
                "wool that snags on the loom",
            ),
            "loom",
        ),
        _procedure(
            "chickens",
            "shutting the chickens in for the night",
            (
                "shutting the chickens in for the night",
                "the evening round with the chickens",
                "putting the chickens to bed",
            ),
            (
                "foxes that come after the chickens",
                "how many eggs the chickens lay",
                "chickens that refuse to go in",
            ),
            "chickens",
        ),
        _procedure(
            "cider",
            "pressing apples for cider",
            (
                "pressing apples for cider",
                "the cider pressing",
                "a weekend of cider making",
            ),
            (
                "how strong home-made cider gets",
                "cider apples versus eating apples",
                "storing cider over the winter",
            ),
            "cider",
        ),
        _procedure(
            "van",
            "packing the camper van",
            (
                "packing the camper van",
                "the camper van packing",
                "loading up the camper van for a trip",
            ),
            (
                "camper van sites by the sea",
                "what a camper van costs to run",
                "sleeping four in a camper van",
            ),
            "camper van",
        ),
    )
}

# --- frames ----------------------------------------------------------------------------------
# `{steps}` is a listing of step names (`the Korvane check, the Tessil pass and the Brumock
# sweep`); `{V}` and `{W}` are one step or condition name each; `{rel}` is an order word and
# `{side}` a side word between them; an amendment's `{X}` is the step beside the one it replaces.

#: How a listing says its steps are not in their true order. Every listing says `order` and
#: `steps`, the cues of the questions that ask about it (`LISTING_CUES`), whoever's procedure it
#: is: a listing then carries the question's words for the asked procedure, its rivals and its
#: twins alike, so each of the person's step sets is said under those words as often as the
#: asked one (its listing and its hops), and counting them says nothing of which is asked.
_JUMBLED = (
    "[in no particular order|though not in that order|not in the right order, mind|in "
    "whatever order they came to mind|all out of order|though {pron} gave them out of order]"
)
#: Step names are the holder's own (invented) names for the parts of a task, so the frames say
#: so at times: people who do a job often name its parts.
LISTING_FRAMES = (
    "{Holder} talked me through the steps of {clause}[ {when}| the other day|], and there is "
    "{steps}, " + _JUMBLED + ".",
    "I asked {holder} what steps {clause} involves, and it comes down to {steps}, [rattled off|"
    "reeled off|listed] [in no particular order|out of order|in any old order].",
    "{Holder} [finally|at last] explained the steps of {clause} to me[ in detail|]: {steps}, "
    + _JUMBLED
    + ".",
    "{Holder} has a name for each of the steps of {clause}, which is so like {obj}: {steps}, "
    + _JUMBLED
    + ".",
    "{Holder} jotted down the steps of {clause} for me in case I ever help out: {steps}, "
    + _JUMBLED
    + ".",
    "[Out of curiosity I asked {holder} about|{Holder} went over] the steps of {clause}, and "
    "[they are|there is] {steps}[, jumbled up in any old order|, in no particular order].",
    "According to {holder}, {clause} [really|basically] comes to four steps, which {pron} calls "
    "{steps}, " + _JUMBLED + ".",
)

PROCEDURE_FRAMES: dict[str, tuple[str, ...]] = {
    LISTING: LISTING_FRAMES,
    DEPENDENCY: (
        "{Holder} is [fussy|particular|strict] about the order here: the {V} always comes {rel} "
        "the {W}.",
        "One thing {holder} insists on is the order, so the {V} is done {rel} the {W}[ every "
        "time|].",
        "{Holder} told me {when} that the order matters, and the {V} has to come {rel} the {W}.",
        "According to {holder}, the order never changes: the {V} [is done|goes] {rel} the {W}.",
        "[The order is|Order is] everything for {holder}[, apparently|]: the {V} [goes|comes|is "
        "done] {rel} the {W}.",
    ),
    PRECONDITION: (
        "{Holder} says the {V} has to wait until the {W} is ready.",
        "{Holder} never [begins|does] the {V} until the {W} is ready, {pron} told me.",
        "For {holder}, the {V} [always|simply] has to wait until the {W} is ready.",
        "{Holder} explained {when} that the {V} has to wait [until|till] the {W} is ready.",
        "There is no {V} for {holder} until the {W} is ready[, {pron} says|, full stop].",
    ),
    # An amendment names the step beside the one it replaces about half the time, as a
    # retirement always does: the steps a procedure has now are said again in it at times, as
    # the replaced one always is.
    AMENDMENT: (
        "{Holder} has [changed|swapped|altered] one of {poss} steps[ {when}| recently|]: instead "
        "of the {V}[ {side} the {X}|], {pron} now does the {W}[ these days|].",
        "[Small|Slight|A bit of a] change from {holder}: one of the steps is different [now|these"
        " days], with the {W} in place of the {V}[ that came {side} the {X}|].",
        "{Holder} told me {when} that one of the steps has been [swapped|changed|replaced], so "
        "the {V}[ {side} the {X}|] is now the {W}[, apparently|].",
        "[One of the steps has changed for {holder}|{Holder} has reworked one of the steps|"
        "{Holder} has had a rethink about one of the steps]: [out goes the {V}[ {side} the {X}|],"
        " in comes the {W}|the {V}[ {side} the {X}|] has made way for the {W}|the {V} is gone "
        "and the {W} does its job[, {side} the {X}|]].",
    ),
    RETIREMENT: (
        "{Holder} has dropped one of the steps: the {V} that came {side} the {W} is gone, "
        "with nothing in its place.",
        "{Holder} told me {when} that {pron} has stopped doing one of the steps, the {V} {side} "
        "the {W}, and nothing replaces it.",
        "One of the steps has gone for {holder}: no more {V} {side} the {W}, and nothing new "
        "instead.",
        "{Holder} [has cut|has scrapped] one of the steps, the {V} {side} the {W}, and [nothing "
        "replaces it|there is nothing in its place].",
    ),
}


def _reply(*slots: tuple[str, ...]) -> tuple[str, ...]:
    return (compose(*slots),)


#: Replies answer the turn, name whom it was about, and never restate or contradict a step,
#: an order, a condition or a change: a reaction, a reference and, sometimes, a follow-up.
PROCEDURE_REPLIES: dict[str, tuple[str, ...]] = {
    LISTING: _reply(
        ("Goodness.", "Right.", "Thanks.", "Blimey.", "Ah.", "Oh, right.", "I see.", ""),
        (
            "That is [quite a lot|a lot|plenty] for {your} to keep track of.",
            "I will try to remember how {your} goes about it.",
            "It sounds like {your} has it all [well worked out|down pat|nicely organised].",
            "Good to know how {your} [handles|tackles|manages] it.",
            "I can see why {your} likes to have it all [written down|clear in {poss} head].",
            "Does {your} ever get help with {clause}, or is it a solo job?",
            "[Quite a routine|Four parts, then], and {your} has a name for each of them[, it "
            "seems|].",
            "{Your} [clearly|obviously] takes it [seriously|very seriously].",
        ),
        (
            "",
            "It must save a lot of bother.",
            "I wonder whether {pron} ever needs a hand.",
            "Handy to know, in case it ever comes up.",
            "No wonder it takes a while.",
            "[It is|That is] quite a ritual.",
            "There's a lot to remember there.",
            "{Pron} has it down to a fine art, it seems.",
            "Practice makes perfect, I suppose.",
            "It sounds like it suits {obj}.",
            "Each to their own.",
        ),
    ),
    DEPENDENCY: _reply(
        ("Right.", "Fair enough.", "Interesting.", "Ha.", ""),
        (
            "Good to know {your} has a system for it.",
            "That sounds like something {your} learned the hard way.",
            "I will keep that in mind if I ever lend {your} a hand.",
            "So {your} clearly knows what suits, then.",
            "Does {your} get cross if anyone mixes that up?",
        ),
        (
            "",
            "Everyone has their own way of doing things.",
            "I suppose there is a reason.",
            "There's usually a good reason for these things.",
            "Some things only go one way round.",
            "Habits like that tend to stick.",
            "It probably saves a mistake or two.",
        ),
    ),
    PRECONDITION: _reply(
        ("Sensible.", "Fair enough.", "Right.", "Makes sense.", ""),
        (
            "That sounds sensible of {your}.",
            "Good that {your} does not rush it.",
            "Is {your} ever caught out by that?",
            "So {your} likes everything in hand first.",
            "I will remember that if I ever help {your} out.",
        ),
        ("", "Better safe than sorry.", "No point rushing these things."),
    ),
    AMENDMENT: _reply(
        ("Oh, right.", "Interesting.", "Good.", "Fair enough.", "I see.", "Ah.", ""),
        (
            "Sounds like {your} found something [better|that works better|that suits {obj}].",
            "I hope {your} is [happy|pleased] with the change.",
            "Good of {your} to keep [improving|refining|tinkering with] it.",
            "I will keep the change in mind for {your}.",
            "So {your} has [moved on from the old way|changed tack on that one].",
            "{Your} [clearly|obviously] likes to [experiment|try new things].",
        ),
        (
            "",
            "Change can be good.",
            "Does it make much difference?",
            "[Worth a try|Always worth trying], I suppose.",
        ),
    ),
    RETIREMENT: _reply(
        ("Oh, right.", "Good.", "Fair enough.", "Nice.", ""),
        (
            "One less thing for {your} to do, then.",
            "Sounds like {your} did not miss it.",
            "Simpler is often better, so that sounds like a good move for {your}.",
            "I will remember that {your} has trimmed it down.",
        ),
        ("", "Less faff all round.", "Does it save much time?"),
    ),
}

# --- statuses --------------------------------------------------------------------------------
# Twins are told in the frames of what they compete with (`Move.told_as`): someone else's way
# of doing the task, a way someone described wrongly and a way tried and dropped are told as a
# listing of the person's own (four step names, the procedure named as a listing names it), and
# an amendment considered and dropped is told as an amendment (a step that was never one, and
# one that never replaced it). What makes each a twin comes in the user's next turn, its status;
# true listings and amendments get such a turn at times too (`render.STATUS_SHARE`), confirming
# them, so a status exchange says nothing by itself. A status names no step, no task word and no
# word a question asks with (held at import with the frames).

_LATELY = "[since|the other day|this morning|last night|at the weekend|when I saw {obj}|yesterday]"
_MIXED = "[I've muddled that|I'm mixing people up|I tell a lie|I've got my people muddled]"
_DROPPED = (
    "[Well,|Actually,|Sorry,|Hmm,|Oh,] [not quite|I'm getting ahead of myself|that's "
    "overstating it|I spoke too soon]: {pron} [only|just] [[tried it that way once|had a go at"
    " it that way] and [went back to {poss} old way|gave up on it]|[thought about doing it like"
    " that|toyed with it] and [decided against it|let it go]].",
    "[Mind you,|Though|Then again,|Except] {pron} has since [gone off the idea|changed {poss} "
    "mind|thought better of it|dropped the idea][, so it never came to anything|, so nothing "
    "came of it|, so that's that|, so scrap that].",
    "[Or so I thought|That was the plan, anyway|That was the idea|At least that was the plan], "
    "but [{pron} tried it that way for [a week or two|a few days|a month or so] and went back"
    "|{pron} went back to the old way [in the end|after a week or two|almost straight away]"
    "|{pron} [thought better of it|went off the idea] [in the end|once {pron} thought it"
    " over]|{pron} never went through with it[ in the end|]].",
)
#: What the assistant asks after a way dropped, and the user's answers: about a way of doing a
#: chore (too fiddly, no time saved), never about a plan one saves up for or puts off a year.
_DROPPED_FOLLOW_UPS: tuple[StatusFollowUp, ...] = (
    (
        "[What put {obj} off it|Did {pron} say what was wrong with it|Did {pron} say why]?",
        "[[Too fiddly, mostly|It took too long, {pron} said|It saved no time at all|Habit, I"
        " think][,|;] [the old way suits {obj}|{pron}'s set in {poss} ways|{pron} never"
        " took to it]|{Pron} didn't really say[,|;] [{pron} just went back to what {pron}"
        " knows|I didn't like to push]][.|!]",
    ),
)
#: The shared questions after a status, a way dropped asked about in its own words.
PROCEDURE_STATUS_FOLLOW_UPS = {
    **STATUS_FOLLOW_UPS,
    TWIN_CONSIDERED: _DROPPED_FOLLOW_UPS,
    TWIN_AMENDMENT: _DROPPED_FOLLOW_UPS,
}
PROCEDURE_STATUSES: dict[str, tuple[str, ...]] = {
    LISTING: (
        "[I [wrote it all down|made a note of it all] [as {pron} went|later]|{Pron} [went "
        "through it twice|repeated it all] [to be sure|for my benefit]], so [I'm fairly sure "
        "that's right|that should be accurate|I think I have it all].",
        "[{Pron} has done it that way for [years|ages|as long as I can remember]|It's been "
        "the same system for [years|ages]][, apparently|, {pron} says|, by all accounts|].",
        "[At least|Well,|Mind you,] that's [how I understood it|what I took away|what I "
        "remember of it][, and {pron} [seemed|looked] very sure|, though I might have missed "
        "something|, more or less].",
        "{Pron} [was|seemed] [very|rather|quite] [proud of|pleased with] [the whole thing|how it "
        "runs|the system][, to be fair|, bless {obj}|, and why not|].",
    ),
    AMENDMENT: (
        "[{Pron} [swears by|is delighted with|is very pleased with] it|{Pron} [says|reckons] it "
        "[saves a lot of bother|makes all the difference|saves time]][, apparently|, to be fair|,"
        " so good for {obj}|].",
        "[And|Oh, and] [{pron} [confirmed|repeated] it "
        + _LATELY
        + "|I checked with {obj} "
        + _LATELY
        + "][, so it's definite|, so it's for good|, so it's settled|].",
    ),
    TWIN_OTHERS: (
        "[Sorry,|Hold on,|Hang on,|Oops,|Hmm,] " + _MIXED + ": [that's how {poss} {other} does "
        "it, not {obj}|that was {poss} {other}'s way, not {poss} own|I meant {poss} {other}, not"
        " {obj}|it's {poss} {other} I was thinking of].",
        "[Actually,|Although,|Oh,] [come to think of it,|now I think about it,|thinking about "
        "it,] [it's {poss} {other} who does it like that, not {obj}|that's {poss} {other}'s "
        "way, not {poss} own|that was {poss} {other} talking, not {obj}][; I'm mixing them up|,"
        " silly me|].",
        "[No, hold on,|Sorry, no,|Oh, no,] it's {poss} {other} I'm thinking of[, not {obj}|,"
        " silly me|, my mistake]: {holder} [goes about it|does it] [quite differently|another way"
        " entirely].",
    ),
    TWIN_RUMOUR: (
        "[Actually|Hang on|Oh, hold on|Sorry|Hmm], [scratch that|forget I said that|ignore me|I "
        "take that back][:|,] [I had it second-hand and it was wrong|{pron} put me straight "
        + _LATELY
        + "|I'd got it [muddled|wrong|mixed up|all wrong]|that was only what someone else "
        "[said|claimed]][.|!]",
        "Mind you, [I've since [heard|found out|learnt]|{pron} [assured|showed] me "
        + _LATELY
        + "] that [it's nothing like that|it isn't so at all|that was a garbled version|I'd "
        "been told it wrong][, so forget it|, so ignore that|, and {pron} laughed about it|].",
        "[Well,|That said,|Then again,|Mind you,] [that's what I [heard|was told]|that was the "
        "story going round|that's what someone said], but [{pron} says it's [nonsense|not "
        "true|nothing like that]|it turned out to be [wrong|nonsense|made up]].",
    ),
    TWIN_CONSIDERED: _DROPPED,
    TWIN_AMENDMENT: _DROPPED,
}

#: A way tried and dropped is always the person's own choice here (`_DROPPED`), so its
#: replies may say so (the core's replies to a plan dropped also fit one that fell through).
_DROPPED_REPLIES = (
    "[Ah,|Oh,|Fair enough,|Right,|Ah well,] [so it never happened|so {pron} stayed put"
    "|probably wise|no harm in looking|better to be sure|{pron} knows {poss} own mind]"
    "[.|!] [There's always next time.|No rush at all.|Better than rushing into it.|It"
    " happens.|]",
    "[Makes sense|Sensible|Understood|Ah well|Fair enough|Oh well][.|!] [There's always"
    " next time.|No rush, then.|Better safe than sorry.|Something else will turn up.|{Pron}"
    " can always look again.]",
)
PROCEDURE_STATUS_REPLIES: dict[str, tuple[str, ...]] = {
    LISTING: (
        "[Good to know|Noted|Got it|Right|Fair enough][.|!] [{Pron} clearly knows what {pron} is "
        "doing.|Good to have it straight.|{Pron} clearly has it down to a fine art.|]",
        "[Ah,|Oh,|Well,] [that's [useful|helpful|good] to know|fair enough|thanks for the"
        " detail][.|!] [Thanks for [explaining|telling me].|It sounds well thought out.|]",
    ),
    AMENDMENT: (
        "[Good|Great|Lovely|Glad to hear it|Nice][.|!] [Nice to have it settled.|I'm glad for "
        "{obj}.|Always good when a change pays off.|]",
        "[Ah,|Oh,|Well,] [that's [good|nice|good to know]|good for {obj}|all the better][.|!] "
        "[{Pron} must be pleased.|Thanks for [checking|telling me].|]",
    ),
    TWIN_OTHERS: STATUS_REPLIES[TWIN_OTHERS],
    TWIN_RUMOUR: (
        "[Ah,|Oh,|Right,|Ha,|Oh well,] [easily done|no harm done|good to know|glad that's "
        "cleared up|stories do grow][.|!] [Thanks for [putting me straight|clearing that "
        "up|the correction].|]",
        "[Fair enough|Understood|Got it|Oh dear|Ha|Right][.|!] [I'll forget I heard it.|Good "
        "that it's cleared up.|[Easy|Very easy] to get muddled.|It happens to all of us.]",
    ),
    TWIN_CONSIDERED: _DROPPED_REPLIES,
    TWIN_AMENDMENT: _DROPPED_REPLIES,
}

#: Near misses: the person and the task's topic come up, and no step does. The vertical's own
#: wordings, each long enough beside a two-word holder and a topic that no sentence of them is
#: made mostly of a question's words.
MENTION_FRAMES = (
    "{Holder} and I [talked|chatted|went on] for ages about {topic}, [and got nowhere|without "
    "agreeing on much|over a long lunch].",
    "{Holder} asked for my opinion on {topic} [the other day|over coffee|out of the blue], "
    "[which surprised me|and I had plenty to say|so I gave it].",
    "I had a long chat with {holder} about {topic}, which went round in circles[ for a while| "
    "as usual|].",
    "{Holder} sent me a [long|rambling] message about {topic} that I still have not [read "
    "properly|got round to].",
    "Over [dinner|lunch|a cup of tea] {holder} got going on {topic} [again|once more], [as "
    "usual|at great length].",
    "{Holder} has strong views on {topic}, as you can [imagine|probably guess].",
)


# --- questions and answers -------------------------------------------------------------------
# `{holder}` reads `my aunt`, `{task}` the family's task phrase. Their words, apart from each
# link kind's cue, are kept out of every conversation template.

#: Half the questions of every shape say "now", so the word tells no one whether the
#: procedure changed (the order asked of an unchanged procedure is its order now, too).
ORDER_QUESTIONS = (
    "In what order does {holder} work through {task}?",
    "When {holder} is {task}, what order does it all happen in?",
    "In what order does {holder} work through {task} now?",
    "When {holder} is {task} now, what order does it all happen in?",
)
PRECONDITION_QUESTIONS = (
    "When {holder} is {task}, which step has to wait, and what does it wait for?",
    "When {holder} is {task}, what has to be ready before a step can start, and which step is it?",
    "When {holder} is {task} now, which step has to wait, and what does it wait for?",
    "When {holder} is {task} now, what has to be ready before a step can start, and which step "
    "is it?",
)
CURRENT_QUESTIONS = (
    "Which steps does {holder} follow for {task} now?",
    "What are the steps of {task} for {holder} now?",
    "Which steps does {holder} follow for {task}?",
    "What are the steps of {task} for {holder}?",
)
QUESTIONS = (*ORDER_QUESTIONS, *PRECONDITION_QUESTIONS, *CURRENT_QUESTIONS)

#: Each link kind's cue: the question words its frames share with the question that asks
#: about it, and the only question words any conversation template may use.
LINK_CUES: dict[str, frozenset[str]] = {
    DEPENDENCY: frozenset({"order"}),
    PRECONDITION: frozenset({"wait", "ready"}),
    AMENDMENT: frozenset({"steps"}),
    RETIREMENT: frozenset({"steps"}),
}
#: The cues every listing carries: those of the questions about the order and the steps.
LISTING_CUES = frozenset({"order", "steps"})

#: Fillers and hedges besides `grammar.FILLER_IDEAS` that a Procedural sentence says at most
#: one of, the shared ones included (`grammar.restrain`).
PROCEDURE_FILLERS = (
    "mostly",
    "fair enough",
    "anyway",
    "more or less",
    "basically",
    "I guess",
    "of course",
    "in the end",
)

#: The bank every Procedural session is rendered from: the shared mention frames and replies,
#: and the procedure and twin kinds above.
PROCEDURE_BANK = Bank(
    # A procedure's value is its first step, no name for the whole: a status told later is led
    # back by its holder.
    defer_by_value=False,
    # Hedges the shared list leaves out, kept to one a sentence with the shared ones: slots
    # drawn apart stacked them ("Good, mostly, I think, busy as ever").
    fillers=PROCEDURE_FILLERS,
    frames=MappingProxyType({MENTION: MENTION_FRAMES, **PROCEDURE_FRAMES}),
    replies=MappingProxyType({MENTION: REPLIES[MENTION], **PROCEDURE_REPLIES}),
    family_replies=MappingProxyType({}),
    # Only mentions take the shared reactions and follow-ups: every other reply here is a
    # whole composed one.
    reactions=only(REACTIONS, (MENTION,)),
    follow_ups=only(FOLLOW_UPS, (MENTION,)),
    statuses=MappingProxyType(PROCEDURE_STATUSES),
    status_replies=MappingProxyType(PROCEDURE_STATUS_REPLIES),
    status_follow_ups=MappingProxyType(PROCEDURE_STATUS_FOLLOW_UPS),
)


class ProcedureBankError(ValueError):
    """The Procedural bank breaks one of its writing rules."""


_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_0-9]+\}")


def _bare(text: str) -> str:
    return _PLACEHOLDER.sub(" ", text)


def conversation_templates() -> list[tuple[str, str]]:
    """(where, template) for every frame, reply and framing word a Procedural session can use."""
    out = [(f"frame {k}", t) for k, ts in PROCEDURE_FRAMES.items() for t in ts]
    out += [(f"reply {k}", t) for k, ts in PROCEDURE_REPLIES.items() for t in ts]
    out += [(f"frame {MENTION}", t) for t in MENTION_FRAMES]
    out += [(f"status {k}", t) for k, ts in PROCEDURE_STATUSES.items() for t in ts]
    out += [(f"status-reply {k}", t) for k, ts in PROCEDURE_STATUS_REPLIES.items() for t in ts]
    out += [(f"reply {MENTION}", t) for t in REPLIES[MENTION]]
    out += [("status-ask dropped", t) for pair in _DROPPED_FOLLOW_UPS for t in pair]
    for hour in (9, 14, 20):
        out += [("opener any", t) for t in PROCEDURE_BANK.openers(hour) if t]
        out += [("sign-off any", t) for t in PROCEDURE_BANK.sign_offs(hour) if t]
    out += [("closer any", t) for t in PROCEDURE_BANK.closers if t]
    return out


def question_words() -> frozenset[str]:
    """Every BM25 token of the question templates (holder and task aside)."""
    return frozenset(bm25_tokens(" ".join(_bare(q) for q in QUESTIONS)))


def family_words(family: Family) -> frozenset[str]:
    """The BM25 tokens that identify a procedure (its keywords): what `names the procedure`
    means."""
    return frozenset(bm25_tokens(family.questions[0]))


def _check_plain() -> None:
    texts = [*conversation_templates(), *(("question", q) for q in QUESTIONS)]
    for family in PROCEDURES.values():
        texts += [(f"{family.key} topic", t) for t in family.topics]
        texts += [(f"{family.key} clause", t) for t in family.clauses[LISTING]]
        texts.append((f"{family.key} task", family.noun))
    texts += [("step noun", t) for t in STEP_NOUNS] + [
        ("condition noun", t) for t in CONDITION_NOUNS
    ]
    for where, text in texts:
        if _PLAIN.search(flatten(_bare(text))):
            raise ProcedureBankError(f"{where} template {text!r} has a digit, bracket or em dash")
        if ANSWER_WORDS & set(raw_tokens(_bare(text))):
            raise ProcedureBankError(f"{where} template {text!r} uses an answer word")


def _check_families() -> None:
    """Every clause, topic and task phrase names its family's keywords, and a family's keywords
    belong to it alone (no other family's text and no frame or reply uses them), so `names the
    procedure` is a test a checker can run on text: any of its keywords."""
    used_by: dict[str, set[str]] = {}
    for family in PROCEDURES.values():
        keywords = family_words(family)
        for text in (*family.topics, *family.clauses[LISTING], family.noun):
            words = set(bm25_tokens(text))
            if not keywords & words:
                raise ProcedureBankError(
                    f"{family.key} template {text!r} names none of {sorted(keywords)}"
                )
            for word in words:
                used_by.setdefault(word, set()).add(family.key)
    framed = {w for _, t in conversation_templates() for w in bm25_tokens(_bare(t))}
    for family in PROCEDURES.values():
        for word in family_words(family):
            others = used_by.get(word, set()) - {family.key}
            if others:
                raise ProcedureBankError(
                    f"{family.key} keyword {word!r} is also used by {sorted(others)}"
                )
            if word in framed:
                raise ProcedureBankError(f"{family.key} keyword {word!r} appears in a frame")


def _check_cues() -> None:
    """Question words stay out of conversation templates, except each link kind's cue in that
    kind's own frames; and every link frame carries its cue."""
    asked = question_words()
    cues = frozenset().union(*LINK_CUES.values())
    for where, template in conversation_templates():
        words = set(bm25_tokens(_bare(template)))
        kind = where.split(" ", 1)[1]
        kind = LINK_TWINS.get(kind, kind)
        cue = LINK_CUES.get(kind, LISTING_CUES if kind == LISTING else frozenset())
        allowed = cue if where.startswith("frame") else frozenset()
        stray = (words & asked) - allowed
        if stray:
            raise ProcedureBankError(
                f"{where} template {template!r} uses question words {sorted(stray)}"
            )
        carried = always(template, has_any(cue, bm25_tokens))
        if where.startswith("frame") and kind in LINK_CUES and not carried:
            raise ProcedureBankError(f"{where} template {template!r} lacks its cue")
        if where.startswith("frame") and kind == LISTING:
            missing = [c for c in sorted(cue) if not always(template, has_any({c}, bm25_tokens))]
            if missing:
                raise ProcedureBankError(f"{where} template {template!r} lacks cues {missing}")
        if where.startswith("frame") and kind not in (*LINK_CUES, LISTING) and words & cues:
            raise ProcedureBankError(f"{where} template {template!r} uses a link cue")
    for family in PROCEDURES.values():
        for text in (*family.topics, *family.clauses[LISTING]):
            stray = set(bm25_tokens(text)) & asked
            if stray:
                raise ProcedureBankError(
                    f"{family.key} template {text!r} uses question words {sorted(stray)}"
                )


def _check_shapes() -> None:
    """Link frames read their two names in the order the checker reads them, `{V}` first."""
    for kind in LINK_KINDS:
        for template in (t for g in PROCEDURE_FRAMES[kind] for t in expansions(g, SHAPE_SAMPLE)):
            v, w = template.find("{V}"), template.find("{W}")
            if v < 0 or w < 0 or "{clause}" in template:
                raise ProcedureBankError(
                    f"{kind} frame {template!r} must name {{V}} and {{W}} only"
                )
            if kind == DEPENDENCY and not re.search(r"\{V\}.*\{rel\}.*\{W\}", template):
                raise ProcedureBankError(f"{kind} frame {template!r} must read {{V}} {{rel}} {{W}}")
            if kind == RETIREMENT and not re.search(r"\{V\}.*\{side\}.*\{W\}", template):
                raise ProcedureBankError(
                    f"{kind} frame {template!r} must read {{V}} {{side}} {{W}}"
                )
    for template in (t for g in LISTING_FRAMES for t in expansions(g, SHAPE_SAMPLE)):
        if "{steps}" not in template or "{clause}" not in template:
            raise ProcedureBankError(
                f"listing frame {template!r} must name {{clause}} and {{steps}}"
            )


#: Worst-case fills for the density check: a two-word holder and two-word step names.
_HOLDER = {
    "Holder": "My best friend",
    "holder": "my best friend",
    "Your": "Your best friend",
    "your": "your best friend",
    "owner_your": "your best friend",
    "owner_holder": "my best friend",
    "pron": "she",
    "Pron": "She",
    "poss": "her",
    "Poss": "Her",
    "obj": "her",
    "rel": "later than",
    "side": "after",
    "when": "last week",
    "When": "Last week",
    "V": "Qalmor check",
    "W": "Zurbel pass",
    "X": "Pelvar round",
    "steps": "the Qalmor check, the Zurbel pass and the Pelvar round",
    "other": "sister-in-law",
}


#: Expansions of each template the shape and density checks read (all when there are fewer).
SHAPE_SAMPLE = 400
DENSITY_SAMPLE = 24


def check_keyword_density() -> None:
    """No sentence a template can produce is made mostly of a question's words, filled at its
    worst: a two-word holder, every clause and topic of every family, two-word step names and
    the question templates' own words counted as the question's."""
    found: list[str] = []
    asked = question_words()
    drawn = [
        (where, template)
        for where, grammar in conversation_templates()
        for template in expansions(grammar, DENSITY_SAMPLE)
    ]
    for where, template in drawn:
        for family in PROCEDURES.values():
            keywords = (
                asked | frozenset(bm25_tokens(family.noun)) | frozenset(bm25_tokens("best friend"))
            )
            clauses = family.clauses[LISTING] if "{clause}" in template else ("",)
            topics = family.topics if "{topic}" in template.lower() else ("",)
            for clause in clauses:
                for topic in topics:
                    values = {**_HOLDER, "clause": clause, "topic": topic}
                    values["Topic"] = topic[:1].upper() + topic[1:]
                    for sentence in sentences(template.format_map(values)):
                        if is_keyword_sentence(sentence, keywords):
                            found.append(f"{where} template {template!r}: {sentence!r}")
    if found:
        raise ProcedureBankError(
            "a template can read as a sentence of the question's own words: "
            + found[0]
            + f" (and {len(found) - 1} more)"
        )


def check_procedure_bank() -> None:
    """The writing rules of the module docstring, asserted at import."""
    _check_plain()
    _check_families()
    _check_cues()
    _check_shapes()
    check_keyword_density()


check_procedure_bank()
