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

Twins name the procedure and a fresh step in a frame that does not make it a step: someone
else's version of the same task, a step someone said was part of it and was not, a step
considered and dropped. One twin is told like a second hop instead: an amendment considered
and dropped names the holder, one of the procedure's steps and an amended step that never
replaced it, and never the procedure, so it competes with amendments as the others compete
with the listing. Mentions talk about the task's topic.

Writing rules, held at import as for the shared bank: no digit, bracket or em dash in any
template; no word of `bank.ANSWER_WORDS`; every clause and topic names a keyword of its
family's task; each task's keywords belong to that family alone; the question templates' own
words appear in no conversation template except the one cue each link kind shares with the
question that asks about it (`order` for dependencies, `wait` and `ready` for preconditions,
`steps` for amendments and retirements, and for the amendment twin told like one); and no
sentence a template can produce is made mostly of a question's words (the generic scaffolding
strip's test).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from checker.retrieval.strips import is_keyword_sentence
from checker.text import bm25_tokens, raw_tokens, sentences
from corpora.generate.core.bank import ANSWER_WORDS, FOLLOW_UPS, REACTIONS, REPLIES
from corpora.generate.core.grammar import flatten
from corpora.generate.core.render import Bank
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
#: An amendment considered and dropped: an amended step that never came in, told like an
#: amendment (the holder, the `steps` cue, a step name, never the procedure), so it competes
#: with amendments as a listing twin competes with the listing. It names no step of the
#: procedure: every step is some question's answer, and a twin never carries one.
TWIN_AMENDMENT = "twin-considered-amendment"
TWIN_KINDS = (TWIN_OTHERS, TWIN_RUMOUR, TWIN_CONSIDERED, TWIN_AMENDMENT)
#: Twins told like a link kind, and the link kind whose cue and shape they share.
LINK_TWINS = {TWIN_AMENDMENT: AMENDMENT}

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
# `{side}` a side word between them.

LISTING_FRAMES = (
    "{Holder} talked me through {clause}[ {when}| the other day|], and there is {steps}, though "
    "not in that sequence.",
    "I asked {holder} what {clause} involves, and it comes down to {steps}, [rattled off|"
    "reeled off|listed|given to me] in no particular sequence.",
    "{Holder} [finally|at last] explained {clause} to me properly: {steps}, in no [special|"
    "particular] sequence.",
    "So {clause} for {holder} means {steps}, [listed|given|told] to me in no particular sequence.",
    "{Holder} jotted down {clause} for me in case I ever help out: {steps}, in no special "
    "sequence.",
    "[Out of curiosity I asked {holder} about|{Holder} went over] {clause}, and it [involves|"
    "takes] {steps}[, jumbled up anyhow|, in no particular sequence].",
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
    AMENDMENT: (
        "{Holder} has changed one of {poss} steps: instead of the {V}, {pron} now does a {W}.",
        "[Small|Slight] change from {holder}: one of the steps is different, with a {W} in place "
        "of the {V}.",
        "{Holder} told me {when} that one of the steps has been swapped, so the {V} is now a {W}.",
        "[One of the steps has changed for {holder}|{Holder} has reworked one of the steps]: "
        "[out goes the {V}, in comes a {W}|the {V} has made way for a {W}].",
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
    # An amendment considered and dropped: the {V} never came in, and no step left.
    TWIN_AMENDMENT: (
        "{Holder} [thought about|toyed with] changing one of {poss} steps to a {V}, but [kept "
        "it as it was|left well alone|stuck with the old way].",
        "For a while {holder} meant to swap one of the steps for a {V}, and then [decided "
        "against it|thought better of it|let the idea go].",
        "{Holder} told me {when} that {pron} nearly swapped one of the steps for a {V}, but "
        "{pron} never did[ in the end|].",
        "{Holder} [toyed with|played with the idea of] swapping one of the steps for a {V}, [but "
        "left it alone|but kept things as they were].",
        "[There was talk of {holder} putting in|{Holder} was keen on] a {V} in place of one of "
        "the steps, [but nothing came of it|but it never happened that way|but the idea "
        "fizzled out].",
    ),
    # Someone else's version of the task (the holder reads `my aunt's neighbour`), told in the
    # same words as the person's own.
    f"{TWIN_OTHERS}/{LISTING}": LISTING_FRAMES,
    # A step someone said was part of it, and was not.
    f"{TWIN_RUMOUR}/{LISTING}": (
        "[Someone told me|I was told|Word went round|Somebody told me] that {holder} had added "
        "a {V} to {clause}, [but that turned out to be wrong|but it was plainly untrue|which was "
        "a complete mix-up|but that was utter nonsense].",
        "[For a while I thought|I had it in my head that] {clause} for {holder} [had|included] "
        "a {V}[ in it|], but [I had got the wrong end of the stick|I was completely mistaken "
        "there|that was never true].",
        "There was a story going round that {clause} for {holder} includes a {V}[, which it does "
        "not|, but it never has|, though in fact it does not].",
    ),
    # A step considered and dropped before it was ever part of it.
    f"{TWIN_CONSIDERED}/{LISTING}": (
        "{Holder} thought about adding a {V} to {clause}, but decided against it.",
        "{Holder} tried out a {V} as part of {clause} once and gave up on the idea.",
        "There was talk of {holder} putting a {V} into {clause}, but {pron} never did.",
        "{Holder} [nearly added|almost put in] a {V} for {clause}, [then thought better of "
        "it|and then left it out].",
    ),
}


def _reply(*slots: tuple[str, ...]) -> tuple[str, ...]:
    return (compose(*slots),)


#: Replies answer the turn, name whom it was about, and never restate or contradict a step,
#: an order, a condition or a change: a reaction, a reference and, sometimes, a follow-up.
PROCEDURE_REPLIES: dict[str, tuple[str, ...]] = {
    LISTING: _reply(
        ("Goodness.", "Right.", "Thanks.", "Blimey.", "Ah.", ""),
        (
            "That is quite a lot for {your} to keep track of.",
            "I will try to remember how {your} goes about it.",
            "It sounds like {your} has it all well worked out.",
            "Good to know how {your} handles it.",
            "I can see why {your} likes to have it all written down.",
            "Does {your} ever get help with {clause}, or is it a solo job?",
        ),
        (
            "",
            "It must save a lot of bother.",
            "I wonder whether {pron} ever needs a hand.",
            "Handy to know, in case it ever comes up.",
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
        ("", "Everyone has their own way of doing things.", "I suppose there is a reason."),
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
        ("Oh, right.", "Interesting.", "Good.", "Fair enough.", ""),
        (
            "Sounds like {your} found something better.",
            "I hope {your} is happy with the change.",
            "Good of {your} to keep improving it.",
            "I will keep the change in mind for {your}.",
        ),
        ("", "Change can be good.", "Does it make much difference?"),
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
    TWIN_AMENDMENT: _reply(
        ("Fair enough.", "Right.", "Ha.", "Sensible.", "Oh well.", "I see.", ""),
        (
            "Sometimes the old way is the right one for {your}.",
            "No point in {your} changing what already does the job.",
            "Sounds like {your} gave it proper thought before saying no.",
            "If it is not broken, {your} may as well leave it.",
            "{Your} clearly likes things as they are.",
            "Better the devil you know, for {your}.",
        ),
        ("", "Maybe another time.", "There is always next season."),
    ),
    f"{TWIN_OTHERS}/{LISTING}": _reply(
        ("Ha.", "Interesting.", "Goodness.", ""),
        (
            "Does {owner_your} ever compare notes with them?",
            "Did that come up when you spoke to {owner_your}?",
            "I expect {owner_your} has an opinion on that.",
            "Everyone does {clause} their own way, it seems.",
            "Funny how {owner_your} knows people with the same hobby.",
            "Does {owner_your} think their way is any better?",
        ),
        ("", "Small world.", "Each to their own.", "There is more than one way to do it."),
    ),
    f"{TWIN_RUMOUR}/{LISTING}": _reply(
        ("Ha.", "Oh dear.", "Easy mistake.", "Right.", ""),
        (
            "Good thing you checked with {your} before passing it on.",
            "Stories like that do get around.",
            "Did {your} find it funny?",
            "At least you and {your} could have a laugh about the mix-up.",
            "Odd how these stories get going about {your}.",
        ),
        ("", "Glad it was cleared up.", "No harm done."),
    ),
    f"{TWIN_CONSIDERED}/{LISTING}": _reply(
        ("Fair enough.", "Sensible.", "Probably wise.", "Ah well.", ""),
        (
            "Probably wise of {your} to keep it simple.",
            "Better for {your} to leave it out than regret it.",
            "Sounds like {your} made a sensible call there.",
            "Was {your} disappointed, or relieved?",
            "No sense in {your} adding to the faff.",
        ),
        ("", "Simple is good.", "Maybe another time."),
    ),
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

ORDER_QUESTIONS = (
    "In what order does {holder} work through {task}?",
    "When {holder} is {task}, what order does it all happen in?",
)
PRECONDITION_QUESTIONS = (
    "When {holder} is {task}, which step has to wait, and what does it wait for?",
    "When {holder} is {task}, what has to be ready before a step can start, and which step is it?",
)
CURRENT_QUESTIONS = (
    "Which steps does {holder} follow for {task} now?",
    "What are the steps of {task} for {holder} now?",
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

#: The bank every Procedural session is rendered from: the shared mention frames and replies,
#: and the procedure and twin kinds above.
PROCEDURE_BANK = Bank(
    frames=MappingProxyType({MENTION: MENTION_FRAMES, **PROCEDURE_FRAMES}),
    replies=MappingProxyType({MENTION: REPLIES[MENTION], **PROCEDURE_REPLIES}),
    family_replies=MappingProxyType({}),
    # Only mentions take the shared reactions and follow-ups: every other reply here is a
    # whole composed one.
    reactions=only(REACTIONS, (MENTION,)),
    follow_ups=only(FOLLOW_UPS, (MENTION,)),
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
    out += [(f"reply {MENTION}", t) for t in REPLIES[MENTION]]
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
        allowed = LINK_CUES.get(kind, frozenset()) if where.startswith("frame") else frozenset()
        stray = (words & asked) - allowed
        if stray:
            raise ProcedureBankError(
                f"{where} template {template!r} uses question words {sorted(stray)}"
            )
        cue = LINK_CUES.get(kind, frozenset())
        carried = always(template, has_any(cue, bm25_tokens))
        if where.startswith("frame") and kind in LINK_CUES and not carried:
            raise ProcedureBankError(f"{where} template {template!r} lacks its cue")
        if where.startswith("frame") and kind not in LINK_CUES and words & cues:
            raise ProcedureBankError(f"{where} template {template!r} uses a link cue")
    for family in PROCEDURES.values():
        for text in (*family.topics, *family.clauses[LISTING]):
            stray = set(bm25_tokens(text)) & asked
            if stray:
                raise ProcedureBankError(
                    f"{family.key} template {text!r} uses question words {sorted(stray)}"
                )


def _check_shapes() -> None:
    """Link frames read their two names in the order the checker reads them, `{V}` first; a
    twin told like a link names its one step and never the procedure."""
    for kind in LINK_TWINS:
        for template in (t for g in PROCEDURE_FRAMES[kind] for t in expansions(g, SHAPE_SAMPLE)):
            if "{V}" not in template or "{W}" in template or "{clause}" in template:
                raise ProcedureBankError(f"{kind} frame {template!r} must name {{V}} only")
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
    "steps": "the Qalmor check, the Zurbel pass and the Pelvar round",
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
