"""Episodic's move kinds: who puts a value forward, and the entries of running lists.

Every Episodic session makes one move of each of these kinds (besides a value-bearing twin and
a neutral mention), whatever a question asks:

- `request` — the user asks for help with something for someone ("my aunt wants to join a gym,
  any ideas?") and the assistant's reply puts a value forward ("the Velmor gym would suit
  her"). The value is said by the assistant only: the user's turn never names it.
- `proposal` — the user puts a value forward ("I told my aunt she should join the Velmor gym")
  and the reply engages with it without repeating it or taking it up.
- `proposal-agreed` — the same user turn, answered by a reply that names the value again as the
  assistant's own pick ("the Velmor gym is the one I would pick for her too"): both said it.
- `item` — one entry of someone's running list (a piece the choir sang, a class tried at the
  gym), one per session, in wording that never says where in the list it falls.

So a statement of who suggested what is plausible from either speaker, and which speaker made it
is a property of the conversation, not of the wording of the question.

Value-bearing twins are told in the very frames and clauses of the move they rival
(`Move.told_as`), and what makes them rivals comes in the user's next turn, a status that names
no word of any question (`STATUSES`): an entry of someone else's, a rumour that was wrong or a
plan that fell through is told as an entry ("my dad tried a class called Hollins at the gym …" —
"Sorry, I'm mixing people up: that was his neighbour"); a suggestion the user made to someone
else, or someone else's suggestion, is told as the user's proposal; a request for someone else
is told as a request, answered by the assistant with a value. The true moves get a status
exchange too (`render.STATUS_SHARE`), confirming or hedging, so the exchange itself says
nothing.

Writing rules, asserted at import (`check_exchanges`): no digit, bracket or em dash; no word
the answers use beyond their values (`EPISODIC_ANSWER_WORDS`); request clauses never name the
value and their reply clauses always do; proposal replies never repeat it and agreed replies
always do; every clause names a keyword of what its question asks; and nothing an item move
says, nor any list question, carries a word of order ("first", "another", "latest" …), so a
list's order can only come from when each entry was mentioned.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from checker.rules.leaks import PRODUCTION_WORDS
from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.bank import (
    ANSWER_WORDS,
    FAMILIES,
    FAMILY_REPLIES,
    FRAMES,
    REPLIES,
    BankError,
)
from corpora.generate.core.grammar import flatten
from corpora.generate.core.render import Bank
from corpora.generate.core.wording import always, compose, has_any, never, one_of, plain
from corpora.generate.core.world import MENTION, Family

_PLACEHOLDER = re.compile(r"\{[A-Za-z_]+\}")


def _bare(text: str) -> str:
    """A template's words without its placeholders (every alternative of a grammar template)."""
    return plain(text)


REQUEST = "request"
PROPOSAL = "proposal"
PROPOSAL_AGREED = "proposal-agreed"
ITEM = "item"
ITEM_OTHERS = "item-others"
ITEM_RUMOUR = "item-rumour"
ITEM_CONSIDERED = "item-considered"
#: A suggestion the user made to someone else, and someone else's suggestion: each told as the
#: user's proposal, its status saying whose it was.
PROPOSAL_OTHERS = "proposal-others"
PROPOSAL_HEARSAY = "proposal-hearsay"
#: A request for someone seen through the person, told as a request about the person and
#: answered with a value the assistant puts forward; its status says whom it was for.
REQUEST_OTHERS = "twin-request-others"
#: The moves that put a value forward for someone, and which turns of each say the value.
SUGGESTION_KINDS = (REQUEST, PROPOSAL, PROPOSAL_AGREED)
SPEAKERS: dict[str, tuple[str, ...]] = {
    REQUEST: ("assistant",),
    PROPOSAL: ("user",),
    PROPOSAL_AGREED: ("user", "assistant"),
}
#: `stated_by` as the block records it, for each suggestion kind.
STATED_BY = {REQUEST: "assistant", PROPOSAL: "user", PROPOSAL_AGREED: "both"}
#: Twins of a list entry: someone else's, a rumour that was wrong, one that was dropped.
ITEM_TWINS = (ITEM_OTHERS, ITEM_RUMOUR, ITEM_CONSIDERED)
#: Twins of a suggestion's value told in the user's own words (`REQUEST_OTHERS` is told by
#: the assistant).
SUGGESTION_TWINS = (PROPOSAL_OTHERS, PROPOSAL_HEARSAY)
#: What each twin is told as.
TOLD_AS: dict[str, str] = {
    ITEM_OTHERS: ITEM,
    ITEM_RUMOUR: ITEM,
    ITEM_CONSIDERED: ITEM,
    PROPOSAL_OTHERS: PROPOSAL,
    PROPOSAL_HEARSAY: PROPOSAL,
    REQUEST_OTHERS: REQUEST,
}
#: Twins about someone seen through the person (their status names that someone, `{other}`).
OTHER_TWINS = (ITEM_OTHERS, PROPOSAL_OTHERS, PROPOSAL_HEARSAY, REQUEST_OTHERS)

#: Clause keys beyond the shared ones.
REQUEST_REPLY = "request-reply"
AGREED = "agreed"
#: How a request asks for the family's value at its end ("so who would you go to?"): a name,
#: a place or a person or firm to go to, each fitting only its own families. A request's
#: frames draw one of the family's three (`ASKS`, filled from `ask_placeholders`).
ASK = "ask"
ASKS = ("ask_a", "ask_b", "ask_c")


def ask_placeholders(family: Family) -> dict[str, str]:
    """The request-frame placeholders that ask for what the family's value is."""
    return dict(zip(ASKS, family.clauses[ASK], strict=True))


_ASK_NAME = ("what would you call it", "what name would you go for", "any good names")
_ASK_PLACE = ("where would you look", "which one would you go for", "where would you start")
_ASK_WHO = ("who would you go to", "who would you try", "who comes to mind")
_ASK_FIRM = ("who would you go to", "which one would you try", "where would you start")
_ASK_THING = ("what would you buy", "which one would you go for", "what comes to mind")

#: Words the Episodic answers use besides their values and the question's own words; no
#: template may use them, so the leak screens only ever see the value.
EPISODIC_ANSWER_WORDS = frozenset("suggested agreed".split()) | ANSWER_WORDS
#: Words of order no item move or list question may carry.
ORDER_WORDS = frozenset(
    "first second third fourth fifth sixth seventh next then another again last latest "
    "finally previous previously earlier later before after afterwards new newest once "
    "since start started beginning".split()
)


@dataclass(frozen=True)
class EpisodicFamily(Family):
    """A shared family with Episodic's clauses, and the phrases its questions are made of.

    `suggestion` is what a value is put forward for (`a gym for {holder}`); `listed` names the
    family's running list (`each class {holder} tried at the gym`), or is None when the
    family keeps none."""

    suggestion: str = ""
    listed: str | None = None

    def clause_key(self, kind: str) -> str:
        if kind == PROPOSAL_AGREED:
            return PROPOSAL
        return super().clause_key(kind)

    def reply_clause_key(self, kind: str) -> str | None:
        if kind == REQUEST:
            return REQUEST_REPLY
        if kind == PROPOSAL_AGREED:
            return AGREED
        return None

    @property
    def keeps_list(self) -> bool:
        return self.listed is not None


def _episodic(
    key: str,
    *,
    asked: tuple[str, ...],
    answer_value: str,
    suggestion: str,
    request: tuple[str, ...],
    request_reply: tuple[str, ...],
    proposal: tuple[str, ...],
    agreed: tuple[str, ...],
    ask: tuple[str, ...],
    listed: str | None = None,
    item: tuple[str, ...] = (),
) -> EpisodicFamily:
    base = FAMILIES[key]
    clauses = dict(base.clauses)
    clauses.update(
        {
            REQUEST: request,
            REQUEST_REPLY: request_reply,
            PROPOSAL: proposal,
            # The assistant takes a value up as its own pick in its own words for it, or in
            # the words it puts a value forward with: agreeing is carried by the reply as a
            # whole, not by a "too" every agreed reply ends with.
            AGREED: (*agreed, *request_reply),
            ASK: ask,
        }
    )
    if listed is not None:
        clauses[ITEM] = item
    return EpisodicFamily(
        key=base.key,
        noun=base.noun,
        questions=asked,
        answer_value=answer_value,
        clauses=MappingProxyType(clauses),
        topics=base.topics,
        suggestion=suggestion,
        listed=listed,
    )


# Clause grammar: a request clause continues "{Holder} …" and names no value; its reply clause
# stands on its own inside the assistant's reply and names the value; a proposal clause
# continues "{holder} …" or "{pron} …" after "I told", "if you ask me"; an agreed clause is the
# assistant naming the same value as its own pick; an item clause continues "{holder} …". Each
# is a grammar template (`core/grammar.py`): every expansion keeps the rules above.
EPISODIC_FAMILIES: dict[str, EpisodicFamily] = {
    f.key: f
    for f in (
        _episodic(
            "car",
            asked=("Which car did you suggest for {holder}?",),
            answer_value="the {V}",
            suggestion="a car for {holder}",
            ask=_ASK_THING,
            request=(
                "[is looking for|wants|is after|has been hunting for] a [decent|reliable|"
                "cheap|] car and cannot [decide on one|make up {poss} mind]",
                "needs a [small|sensible|cheap] car for [getting to work|the school run|"
                "the commute]",
                "wants a car [that will fit the whole family|big enough for the dog|"
                "with room for the grandchildren]",
            ),
            request_reply=(
                "the {V} would be a [sensible|good|safe] car for {obj}",
                "{pron} [should|could|might] test-drive the {V}, a [very reliable|"
                "cheap to run|comfortable] car",
                "I would point {obj} to the {V}, [a lovely car to drive|a solid car|"
                "a car that keeps its value]",
            ),
            proposal=(
                "should [buy|get|go for] the {V}, it is the car I would [get|have]",
                "ought to [look at|try] the {V} as a [family|second|] car",
                "would be happy with a {V}, it is a [good|proper|sensible] car",
            ),
            agreed=(
                "the {V} is the car I would pick for {obj} [too|as well]",
                "a {V} would be my [choice of car|pick of car] for {obj} [as well|too]",
                "I would [point {obj} to|steer {obj} towards] the {V} as a car myself",
            ),
            # A car's values are surnames, read as makes; its list is of people too (a
            # surname is no place to drive to).
            listed="each mechanic {holder} used for the car",
            item=(
                "took the car to a mechanic called {V} and came home [with a big bill|"
                "pleasantly surprised|none the wiser]",
                "took the car [in|round] to a mechanic called {V} about a [rattle|squeak|"
                "warning light]",
                "had a mechanic called {V} look the car over [and got it sorted in an hour|"
                "about a funny noise|to be on the safe side]",
            ),
        ),
        _episodic(
            "gym",
            asked=("Which gym did you suggest for {holder}?",),
            answer_value="the {V} gym",
            suggestion="a gym for {holder}",
            ask=_ASK_PLACE,
            request=(
                "wants to join a gym but cannot [choose one|pick between them|make up {poss} mind]",
                "is [after|looking for] a gym with [early classes|a decent pool|"
                "cheap off-peak rates]",
                "needs a gym [close to {poss} office|on the way home|that opens late]",
            ),
            request_reply=(
                "the {V} gym would suit {obj}, the classes are [good|friendly|not too intense]",
                "{pron} could try the {V} gym, it is [never too crowded|good value|"
                "clean and quiet]",
                "I would send {obj} to the {V} gym[, no question|, at least for a trial|]",
            ),
            proposal=(
                "should join the {V} gym, it is the one I would [pick|go for]",
                "ought to give the {V} gym a [try|go]",
                "would like the {V} gym, it has a [pool|sauna|good weights room]",
            ),
            agreed=(
                "the {V} gym is the one I would pick for {obj} [too|as well]",
                "I would send {obj} to the {V} gym [as well|too]",
                "the {V} gym would be my [choice|pick] for {obj} [too|as well]",
            ),
            listed="each class {holder} tried at the gym",
            item=(
                "tried a class called {V} at the gym and [ached for two whole days|"
                "could barely walk for a day|loved every sweaty minute]",
                "[tried|had a go at] a class called {V} at the gym with a friend from work",
                "tried a gym class called {V}, [full of loud music and skipping ropes|"
                "all squats and shouting|mostly on rowing machines]",
            ),
        ),
        _episodic(
            "dentist",
            asked=("Which dentist did you suggest for {holder}?",),
            answer_value="Dr {V}",
            suggestion="a dentist for {holder}",
            ask=_ASK_WHO,
            request=(
                "needs a dentist and [does not know where to look|has no idea where to start]",
                "is looking for a dentist who is [good with nerves|gentle|patient]",
                "wants a dentist with [evening appointments|Saturday slots|a short waiting time]",
            ),
            request_reply=(
                "Dr {V} would be a [good|kind|sensible] dentist for {obj}",
                "{pron} could register with Dr {V}, a [gentle|patient|very calm] dentist",
                "I would point {obj} towards Dr {V}, the dentist [by the park|"
                "on the high street|near the library]",
            ),
            proposal=(
                "should sign up with Dr {V}, the dentist I would [choose|go to]",
                "ought to try Dr {V} as {poss} dentist",
                "would get on with Dr {V}, a [very calm|friendly|careful] dentist",
            ),
            agreed=(
                "Dr {V} is the dentist I would pick for {obj} [too|as well]",
                "I would point {obj} to Dr {V} as well, a good dentist",
                "Dr {V} would be my choice of dentist for {obj} [too|as well]",
            ),
            listed="each dentist {holder} saw about {poss} tooth",
            item=(
                "saw a dentist called Dr {V} about {poss} tooth and came away with a filling",
                "[saw|went to] Dr {V}, a dentist on the high street, about {poss} "
                "[aching|sore|cracked] tooth",
                "saw a dentist called Dr {V} about {poss} tooth, who [said to wait and "
                "see|prescribed painkillers and patience]",
            ),
        ),
        _episodic(
            "road",
            asked=("Which road did you suggest for {holder} to live on?",),
            answer_value="{V} Road",
            suggestion="a road for {holder} to live on",
            ask=_ASK_PLACE,
            request=(
                "wants to move and cannot decide which road to live on",
                "is house hunting and wants a [quiet|leafy|safe] road",
                "needs a road [near the shops|close to the station|near a good school] to live on",
            ),
            request_reply=(
                "{V} Road would be a quiet road for {obj}, [with most things close by|"
                "handy for everything|in a good spot]",
                "{pron} should look at places on {V} Road, a [lovely|friendly|tidy] road",
                "I would point {obj} to {V} Road, a calm road [with friendly neighbours|"
                "where people look out for each other|that is well kept]",
            ),
            proposal=(
                "should look for a place on {V} Road",
                "ought to move to {V} Road, the [nicest|quietest] road around",
                "would love living on {V} Road",
            ),
            agreed=(
                "{V} Road is the road I would pick for {obj} [too|as well]",
                "I would point {obj} to {V} Road as well",
                "{V} Road would be my choice of road for {obj} [too|as well]",
            ),
            listed="each road where {holder} viewed a flat",
            item=(
                "viewed a flat on {V} Road with a tiny kitchen and a lovely garden",
                "viewed a flat on {V} Road with an agent who [talked the whole time|"
                "kept checking the clock]",
                "[viewed|went round] a [small|poky|sunny] flat on {V} Road, right above a "
                "[noisy bakery|takeaway|launderette]",
            ),
        ),
        _episodic(
            "choir",
            asked=("Which choir did you suggest for {holder}?",),
            answer_value="the {V} choir",
            suggestion="a choir for {holder}",
            ask=_ASK_PLACE,
            request=(
                "wants to sing in a choir and [asked me which one|is not sure where]",
                "is looking for a choir that rehearses at [weekends|lunchtimes|a sensible hour]",
                "would like a [friendly|small|relaxed] choir to join",
            ),
            request_reply=(
                "the {V} choir would be a friendly place for {obj} to sing",
                "{pron} should try the {V} choir, they [welcome beginners|are very "
                "relaxed|never audition]",
                "I would point {obj} to the {V} choir[, they are lovely|]",
            ),
            proposal=(
                "should join the {V} choir, the best choir around",
                "ought to sing with the {V} choir",
                "would fit right in at the {V} choir",
            ),
            agreed=(
                "the {V} choir is the one I would pick for {obj} [too|as well]",
                "I would point {obj} to the {V} choir as well",
                "the {V} choir would be my choice for {obj} [too|as well]",
            ),
            listed="each piece {holder} sang with the choir",
            item=(
                "sang a piece called {V} with the choir at a concert in the "
                "[town hall|library|cathedral]",
                "sang a piece called {V} with the choir and got through the solo part",
                "sang a choir piece called {V} in a church packed with [families|"
                "tourists|proud parents]",
            ),
        ),
        _episodic(
            "bookclub",
            asked=("Which book club did you suggest for {holder}?",),
            answer_value="the {V} book club",
            suggestion="a book club for {holder}",
            ask=_ASK_PLACE,
            request=(
                "wants to join a book club and has no idea where to look",
                "is after a book club that meets in the evenings near home",
                "would like a [small|quiet|friendly] book club to join",
            ),
            request_reply=(
                "the {V} book club would suit {obj}, it is very relaxed",
                "{pron} could join the {V} book club at the library",
                "I would send {obj} to the {V} book club, which meets in a cosy cafe",
            ),
            proposal=(
                "should join the {V} book club",
                "ought to try the {V} book club, it is a friendly group",
                "would enjoy the {V} book club",
            ),
            agreed=(
                "the {V} book club is the one I would pick for {obj} [too|as well]",
                "I would send {obj} to the {V} book club as well",
                "the {V} book club would be my choice for {obj} [too|as well]",
            ),
            listed="each book {holder} read for the book club",
            item=(
                "[read|finished|got through] [a novel|a memoir|a thriller] called {V} for "
                "the book club and [argued about the ending|hated every page|could not "
                "put it down]",
                "read a book club choice called {V}, a long [novel|saga] about a "
                "[family farm|shipwreck|missing sister]",
                "[read|ploughed through|raced through] a novel called {V} for the book club "
                "over a [rainy weekend|long train journey|week of late nights]",
            ),
        ),
        _episodic(
            "piano",
            asked=("Which piano teacher did you suggest for {holder}?",),
            answer_value="{V}",
            suggestion="a piano teacher for {holder}",
            ask=_ASK_WHO,
            request=(
                "wants piano lessons and needs a teacher",
                "is looking for a patient piano teacher for [weekend|evening] lessons",
                "needs a piano teacher who can come to the house",
            ),
            request_reply=(
                "{V} would be a patient piano teacher for {obj}, and lives nearby",
                "{pron} could take piano lessons with {V}",
                "I would point {obj} to {V}, a [good|kind|very patient] piano teacher",
            ),
            proposal=(
                "should take piano lessons with {V}",
                "ought to ask {V} about piano lessons",
                "would get on well with {V} as a piano teacher",
            ),
            agreed=(
                "{V} is the piano teacher I would pick for {obj} [too|as well]",
                "I would point {obj} to {V} for piano as well",
                "{V} would be my choice of piano teacher for {obj} [too|as well]",
            ),
            listed="each piano piece {holder} learned",
            item=(
                "learned a piano piece called {V} and played it for the neighbours",
                "[learned|practised|mastered] a piano piece called {V} for {poss} lesson, "
                "slowly and carefully",
                "learned to play a piano piece called {V} with both hands together",
                "has {V} off by heart on the piano[ now|, more or less|]",
            ),
        ),
        _episodic(
            "boat",
            asked=("What name did you suggest for {holder}'s boat?",),
            answer_value="the {V}",
            suggestion="a name for {holder}'s boat",
            ask=_ASK_NAME,
            request=(
                "has a little boat and needs a good name to paint on it",
                "cannot think of a name for {poss} boat and the paint is [ready|drying in the shed]",
                "is stuck for a name for {poss} boat and wants help [before the paint dries|with it]",
            ),
            request_reply=(
                "{pron} could call the boat the {V}",
                "the {V} would be a lovely name for a boat that spends its days at sea",
                "I would name the boat the {V}, which would look smart painted on the side",
            ),
            proposal=(
                "should call {poss} boat the {V}",
                "ought to name the boat the {V}",
                "would like the {V} as a name for the boat",
            ),
            agreed=(
                "the {V} is the name I would pick for the boat [too|as well]",
                "I would call the boat the {V} as well",
                "the {V} would be my choice of name for the boat [too|as well]",
            ),
            listed="each boatbuilder {holder} used for the boat",
            item=(
                "took the boat to a boatbuilder called {V} to [fix a leak|patch the hull|look "
                "at the engine]",
                "had a boatbuilder called {V} [go over|check|repaint] the boat and [was pleased "
                "with the work|paid far too much for it]",
                "[took|sailed] the boat round to a boatbuilder called {V}, who [sorted the "
                "engine|patched the hull] in a day",
            ),
        ),
        _episodic(
            "dog",
            asked=("What name did you suggest for {holder}'s dog?",),
            answer_value="{V}",
            suggestion="a name for {holder}'s dog",
            ask=_ASK_NAME,
            request=(
                "is getting a puppy and needs a name for the dog",
                "cannot agree with the family on a name for {poss} dog",
                "is stuck for a name for {poss} rescue dog",
            ),
            request_reply=(
                "{V} would be a lovely name for the dog, short and easy to call",
                "{pron} could call the dog {V}",
                "I would name the dog {V}, which is easy to shout across a park",
            ),
            proposal=(
                "should call {poss} dog {V}",
                "ought to name the dog {V}",
                "would love {V} as a name for the dog",
            ),
            agreed=(
                "{V} is the name I would pick for the dog [too|as well]",
                "I would call the dog {V} as well",
                "{V} would be my choice of name for the dog [too|as well]",
            ),
            listed="each dog walker {holder} tried with the dog",
            item=(
                "tried a dog walker called {V}, who [took the dog out for a whole hour|returned "
                "the dog covered in mud]",
                "[tried|had a go with] a dog walker called {V} [for a week|on work days], and "
                "it [worked out nicely|was a great help|saved a lot of fuss]",
                "tried a dog walker called {V}, who took the dog [round the park|out for the "
                "day] as a trial",
            ),
        ),
        _episodic(
            "allotment",
            asked=("Which allotment site did you suggest for {holder}?",),
            answer_value="the allotment site at {V}",
            suggestion="an allotment site for {holder}",
            ask=_ASK_PLACE,
            request=(
                "wants an allotment and does not know which site to try",
                "is looking for an allotment site near home",
                "fancies an allotment but has no idea where to get one",
            ),
            request_reply=(
                "the allotment site at {V} would suit {obj}, with good soil and a water tap",
                "{pron} could put {poss} name down for an allotment at {V}",
                "I would try for an allotment site at {V}, where plots come free quite often",
            ),
            proposal=(
                "should get an allotment at {V}",
                "ought to try for an allotment site at {V}",
                "would enjoy an allotment at {V}",
            ),
            agreed=(
                "an allotment at {V} is what I would pick for {obj} [too|as well]",
                "I would send {obj} to the allotment site at {V} as well",
                "the site at {V} would be my choice of allotment for {obj} [too|as well]",
            ),
            # Chosen, not grown: growing is tied to its season, and the session's date is not
            # this bank's to choose; seed is chosen all year round.
            listed="each variety {holder} chose for the allotment",
            item=(
                "chose a variety called {V} to go in the sunny corner of the allotment by the shed",
                "settled on {V}, a bean variety, to go up a row of canes on the allotment",
                "[chose|ordered seed of] a tomato variety called {V}, [straight from a seed "
                "catalogue|on a friend's say-so], to try on the allotment",
            ),
        ),
        _episodic(
            "work",
            asked=("Which firm did you suggest for {holder} to work at?",),
            answer_value="{V}",
            suggestion="a firm for {holder} to work at",
            ask=_ASK_FIRM,
            request=(
                "is looking for work and [wants a firm to try|is not sure which firm]",
                "wants work at a firm with flexible hours",
                "needs work near home and [is not sure where|has no idea which firm]",
            ),
            request_reply=(
                "{pron} could apply for work at {V}",
                "{V} would be a good firm for {obj} to work at, with friendly people",
                "I would send {poss} details to {V}, a firm that is hiring",
            ),
            proposal=(
                "should apply for work at {V}",
                "ought to send {poss} details to a firm called {V}",
                "would enjoy the work at {V}",
            ),
            agreed=(
                "{V} is the firm I would pick for {obj} [too|as well]",
                "I would send {obj} to {V} for work as well",
                "{V} would be my choice of firm for {obj} [too|as well]",
            ),
        ),
        _episodic(
            "bank",
            asked=("Which bank did you suggest for {holder}?",),
            answer_value="{V} Bank",
            suggestion="a bank for {holder}",
            ask=_ASK_FIRM,
            request=(
                "wants to switch bank and [is not sure which one|cannot choose]",
                "is looking for a bank with a decent app",
                "needs a bank account with no charges",
            ),
            request_reply=(
                "{V} Bank would suit {obj}, the charges are low",
                "{pron} could open an account with {V} Bank",
                "I would point {obj} to {V} Bank[, they are easy to deal with|]",
            ),
            proposal=(
                "should move to {V} Bank",
                "ought to open an account with {V} Bank",
                "would be better off with {V} Bank",
            ),
            agreed=(
                "{V} Bank is the bank I would pick for {obj} [too|as well]",
                "I would point {obj} to {V} Bank as well",
                "{V} Bank would be my choice for {obj} [too|as well]",
            ),
        ),
        _episodic(
            "broadband",
            asked=("Which broadband provider did you suggest for {holder}?",),
            answer_value="{V}",
            suggestion="a broadband provider for {holder}",
            ask=_ASK_FIRM,
            request=(
                "wants faster broadband and [is not sure which provider|cannot choose a provider]",
                "is fed up with {poss} broadband and wants a better provider",
                "needs broadband for the flat",
            ),
            request_reply=(
                "{V} would be a good broadband provider for {obj}, cheap and quick to set up",
                "{pron} could switch the broadband to {V}",
                "I would point {obj} to {V} for broadband",
            ),
            proposal=(
                "should switch {poss} broadband to {V}",
                "ought to get broadband from {V}",
                "would be happier with {V} for broadband",
            ),
            agreed=(
                "{V} is the broadband provider I would pick for {obj} [too|as well]",
                "I would point {obj} to {V} for broadband as well",
                "{V} would be my choice of broadband for {obj} [too|as well]",
            ),
        ),
    )
}

LIST_FAMILIES = tuple(k for k, f in EPISODIC_FAMILIES.items() if f.keeps_list)

#: How a user sentence about someone may open, for every kind alike: no opening belongs to
#: asking, to proposing or to reporting, so none tells who put a value forward.
_LEAD = (
    "[{Holder}|So {holder}|Oh, and {holder}|Right, {holder}|By the way, {holder}|"
    "Also, {holder}|Anyway, {holder}|Now, {holder}|While I think of it, {holder}|"
    "Funny thing, {holder}|Speaking of family, {holder}]"
)
#: User turns per kind. `{clause}` is the family's clause for the kind; a proposal-agreed user
#: turn is a proposal's (only the reply differs). Asking, proposing and reporting each come in
#: many wordings; who put a value forward is carried by what the turns do (a question answered
#: with a value, a value the user gives), never by one fixed opening.
_PROPOSAL_FRAMES = (
    "[I told|I have told|I said to|I was telling|I keep saying to|I made the case to] "
    "{holder} [that|] {pron} {clause}[.|, and I meant it.|, for what it is worth.]",
    "[If you ask me|The way I see it|To my mind|Honestly|In my view|If I had my way|"
    "For what it is worth|I reckon|Knowing {obj} as I do], {holder} {clause}.",
    _LEAD + " [was on the phone about it|wanted my view|came round for a chat|has been "
    "dithering|was asking me about it] [the other day|at the weekend|this week|], and "
    "[I said|I told {obj}|my answer was that|I made the point that] {pron} {clause}.",
    "[I spoke to|I had a word with|I rang|I was chatting to|I saw|I bumped into] {holder} "
    "[today|this morning|at the weekend|last night|], and [I said|I told {obj}|I said to "
    "{obj}|I put it to {obj} that] {pron} {clause}.",
    "[Oh,|So,|Well,|] [my view, for what it is worth, is that|I have decided|I am fairly sure|"
    "I have always felt] {holder} {clause}.",
)
EPISODIC_FRAMES: dict[str, tuple[str, ...]] = {
    REQUEST: (
        "[Can I ask your advice|Could I pick your brains|Can I get your view|Can I run something "
        "past you|Could you weigh in] [on something for {holder}|about {holder}|on behalf of "
        "{holder}][| quickly| for a moment]? {Pron} {clause}[.|, and I am stumped.|, and I had no good answer.|, and "
        "I said I would ask you.]",
        _LEAD + " {clause}, [and {pron} asked me what I thought|and I promised to ask you|so "
        "I said I would get your view|and I said I would put it to you|and I was hoping you "
        "might have an idea][.|, so what do you reckon?|, so any thoughts?|, so what would "
        "you say?]",
        "[I said I would ask you about this|I promised I would run this past you|This one is "
        "for you|You are good at this sort of thing|I need your help with something|Here is "
        "a puzzle for you]: {holder} {clause}[.|, so {ask_a}?|, so what would you say?|, so "
        "{ask_b}?]",
        _LEAD + " {clause}, [so|so tell me,] [what would you say|any ideas|{ask_a}|what would "
        "you pick for {obj}|{ask_b}|what would you go for|{ask_c}|what do you reckon|any "
        "thoughts at all|what would you do in {poss} place][|, do you think|, honestly|, off "
        "the top of your head]?",
    ),
    PROPOSAL: _PROPOSAL_FRAMES,
    PROPOSAL_AGREED: _PROPOSAL_FRAMES,
    ITEM: (
        _LEAD + " {clause}.",
        "[News from|A message from|I had a call from|I got a text from|A quick word from] "
        "{holder}: {pron} {clause}.",
        "{When} {holder} {clause}[.|, apparently.|, so {pron} tells me.|, by all accounts.]",
        "[{Holder} told me|{Holder} was saying|{Holder} rang to say|{Holder} let slip that|"
        "I gather from {holder} that] {pron} {clause}[.|, which sounds about right for {obj}.]",
        "[I meant to tell you that|You will like this:|Guess what:|Bit of news:|Quick update:] "
        "{holder} {clause}.",
    ),
}

#: Follow-ups to a value put forward, for any family.
_AFTER_VALUE = (
    "Let me know what {pron} thinks.",
    "Does that sound like {obj}?",
    "See what {pron} makes of it.",
    "Worth a look, anyway.",
    "Would that work for {obj}?",
    "Tell me how {pron} gets on.",
    "I hope that helps.",
    "",
)
#: Assistant replies per kind, for every family alike, each composed of a reaction, what the
#: reply says about the turn and an optional follow-up. A request's reply carries the family's
#: reply clause (the value the assistant puts forward); a proposal's never repeats the value
#: nor takes it up; an agreed proposal's names it again as the assistant's own pick.
EPISODIC_REPLIES: dict[str, tuple[str, ...]] = {
    REQUEST: (
        compose(
            (
                "Happy to help.",
                "Good question.",
                "Let me see.",
                "Ooh, a fun one.",
                "Right.",
                "Sure.",
                "Of course.",
                "Ah, I know this one.",
                "Hmm.",
                "",
            ),
            (
                "For {your}, {reply_clause}.",
                "I think {reply_clause}.",
                "If {pron} wants my view, {reply_clause}.",
                "Honestly, {reply_clause}.",
                "From what you say, {reply_clause}.",
                "In that case, {reply_clause}.",
                "{Reply_clause}.",
            ),
            _AFTER_VALUE,
        ),
        "{Reply_clause}[, if you ask me|, I would say|]. " + one_of(_AFTER_VALUE),
    ),
    PROPOSAL: (
        compose(
            (
                "Fair enough.",
                "Interesting.",
                "Well, you know {obj} best.",
                "That is one way to go.",
                "Could be.",
                "I see.",
                "Right.",
                "Sounds like you have given it some thought.",
                "It is {poss} decision in the end.",
                "",
            ),
            (
                "How did {your} take it?",
                "Did {pron} sound keen?",
                "Do you reckon {pron} will listen?",
                "Has {pron} had time to mull it over?",
                "Was {pron} open to it?",
                "Is {pron} likely to go for it?",
                "What did {pron} say to that?",
                "Did it go down well with {obj}?",
                "Was {your} convinced?",
                "Will {pron} take the advice, do you suppose?",
                "Was {pron} already set on something else?",
            ),
        ),
    ),
    PROPOSAL_AGREED: (
        compose(
            (
                "I agree,",
                "You read my mind,",
                "Same here:",
                "Oh yes,",
                "Exactly,",
                "Yes,",
                "Spot on,",
                "Funny you should say that, because",
            ),
            ("{reply_clause}.",),
            (
                "I hope {pron} goes for it.",
                "Fingers crossed {pron} listens.",
                "Did {pron} seem keen?",
                "",
            ),
        ),
        compose(
            ("Good call.", "Great minds.", "Absolutely.", "Nice one.", "I like that.", "Yes."),
            ("{Reply_clause}.",),
            ("I hope {pron} goes for it.", "How did {pron} take it?", "Is {pron} keen?", ""),
        ),
        compose(
            ("Right.", "Sure.", "Hmm.", "Fair point.", "Makes sense.", "Good point.", ""),
            (
                "Honestly, {reply_clause}.",
                "I think {reply_clause}.",
                "From what you say, {reply_clause}.",
                "{Reply_clause}[, if you ask me|, I would say|].",
            ),
            (
                "I hope {pron} goes for it.",
                "Let me know what {pron} thinks.",
                "See what {pron} makes of it.",
                "Worth a look, anyway.",
                "",
            ),
        ),
    ),
}

#: Words any entry of a list can be answered with, whatever the family (folded into each
#: family's item replies below, so an item's reply is one composed reply).
_ITEM_REACT = (
    "Ah.",
    "Right.",
    "Thanks for passing that on.",
    "Fancy that.",
    "Well, well.",
    "Oh, right.",
    "I see.",
)
_ITEM_REFER = (
    "How did it go?",
    "What did {pron} make of it?",
    "How was it, all told?",
    "Did {pron} say much about it?",
    "Was it worth it?",
    "Was it what {pron} expected?",
    "Would {pron} do anything differently?",
    "How did {pron} find it?",
)
#: Asked only after an outing or a performance (never after a dentist's visit, a viewing or a
#: book someone hated).
_ENJOY = "Did {pron} enjoy it, on the whole?"


def _item_reply(react: tuple[str, ...], refer: tuple[str, ...]) -> str:
    """A family's item reply: its own reactions and references beside the generic ones."""
    return compose((*react, *_ITEM_REACT), (*refer, *_ITEM_REFER))


#: Replies to an item that only fit its family (each fits every item clause of its family).
ITEM_REPLIES: dict[str, tuple[str, ...]] = {
    "car": (
        _item_reply(
            ("Car trouble is never fun.", "Garages, eh.", "Poor car.", ""),
            (
                "Was the bill a fair one for {obj}?",
                "Is the car running better now?",
                "Did {pron} trust the mechanic?",
                "Is the car behaving itself?",
            ),
        ),
    ),
    "gym": (
        _item_reply(
            ("Brave of {obj}.", "Good for {obj}.", "That sounds like hard work.", "Ha."),
            (
                "Was the class hard work for {obj}, or fun?",
                "Will {pron} go back for more?",
                "Did {pron} keep up?",
                "Was the gym busy?",
            ),
        ),
    ),
    "dentist": (
        _item_reply(
            ("Poor {obj}.", "Oh dear, teeth are miserable.", "Ouch.", "Nobody enjoys that."),
            (
                "I hope the tooth settles down for {obj} soon.",
                "Is {pron} in much pain?",
                "Hopefully that sorts the tooth out.",
                "Was the dentist any help?",
            ),
        ),
    ),
    "road": (
        _item_reply(
            ("Flat hunting is hard work.", "Ah, the joys of viewings.", "Sounds like a mixed bag."),
            (
                "Did {pron} like the look of the place, and the rent?",
                "Could {pron} see a life there?",
                "Was the flat any good otherwise?",
                "Is {pron} tempted by that road?",
            ),
        ),
    ),
    "choir": (
        _item_reply(
            ("Lovely.", "That sounds like a proper occasion.", "How lovely.", ""),
            (
                "Was it a hard piece for the whole choir to learn by heart?",
                "Did the choir sound good?",
                "Were you there to listen?",
                "Is {pron} enjoying the choir?",
                _ENJOY,
            ),
        ),
    ),
    "bookclub": (
        _item_reply(
            ("Ha, book clubs.", "Sounds like a read and a half.", "Books, books.", ""),
            (
                "Did the rest of the book club like it as much?",
                "Did it spark much of a debate?",
                "Was it worth the time?",
                "Would {pron} read more by that author?",
            ),
        ),
    ),
    "piano": (
        _item_reply(
            ("Good for {obj}.", "That takes patience.", "Lovely.", ""),
            (
                "Is {pron} enjoying the piano more these days?",
                "How are the lessons going?",
                "Was it hard to get right?",
                "Does {pron} practise every day?",
            ),
        ),
    ),
    "boat": (
        _item_reply(
            ("Boats always need something.", "Sounds sensible.", "Sensible of {obj}.", ""),
            (
                "Was the work worth the money for {obj}?",
                "Is the boat holding up?",
                "Will {pron} be out on the water soon?",
                "Did {pron} like the boatbuilder?",
            ),
        ),
    ),
    "dog": (
        _item_reply(
            ("Lucky dog.", "A good walker is worth a lot.", "The dog must have had fun."),
            ("How is the dog doing?", "Did the dog take to them?", "Will {pron} keep it up?"),
        ),
    ),
    "allotment": (
        _item_reply(
            ("Lovely.", "Sounds like a good plot.", "Green fingers.", ""),
            (
                "Does {pron} have high hopes for it?",
                "What else is going on the allotment?",
                "Will the slugs leave it alone, do you think?",
            ),
        ),
    ),
}


def _family_replies() -> dict[str, dict[str, tuple[str, ...]]]:
    out = {k: dict(v) for k, v in FAMILY_REPLIES.items()}
    for key, replies in ITEM_REPLIES.items():
        out.setdefault(key, {})[ITEM] = replies
    return out


# --- statuses ----------------------------------------------------------------------------------
#
# What became of a move, in the user's turn after the assistant's reply, and the assistant's
# answer to it. A status names no word of any question (no family keyword, no word of a
# question frame) and never the value: the rival it unmasks was told in the true move's own
# frames, and only reading on says it is a rival. Every status is grammar with many
# expansions, so no status sentence recurs often enough to stand out in a corpus.

#: How a user owns up to a muddle, for any kind.
_OOPS = (
    "[Sorry,|Wait,|Hang on,|Oops,|Hmm,|Oh dear,|Actually,|Ah, no,] [I've muddled that|I'm "
    "mixing people up|I've got my people muddled|I've got that the wrong way round|I tell a "
    "lie|I've got that wrong|I'm confusing two people|my mistake]"
)
#: A true entry, confirmed or hedged.
_ITEM_TRUE = (
    "[And|Oh, and|Yes, and|Oh yes, and] {pron} [rang me|texted me|messaged me|called me]"
    " [straight away|that evening|the same day|about it][, bless {obj}|, so it really"
    " happened|, which was nice|].",
    "[Honestly,|Oh,|Yes,|And] {pron} [told me all about it|went on about it for ages|gave me"
    " the full story|told it in great detail|couldn't stop talking about it][, bless {obj}|, to"
    " be fair|, which made me smile|, as {pron} does].",
    "[I think so, anyway|That's what {pron} told me, anyway|If I've got it right, anyway|At "
    "least, that's how I understood it|That's the gist of it, anyway|As far as I know, anyway"
    "|That's my understanding, at least][, and {pron} [sounded|seemed] [sure|certain|definite]"
    " about it|, though I may have the details wrong|, if memory serves|, unless {pron} was"
    " pulling my leg|, though I only heard it in passing|, for what it's worth].",
    "[And to be clear,|For the record,|Just so you know,|And yes,] it [really happened|did "
    "happen|is all true|is quite true], I had it from {obj} [directly|in person|on the phone|"
    "over a cup of tea].",
)
_ITEM_TRUE_REPLY = (
    "[Fair enough|Good to know|Noted|Right|Ah, okay|Understood|Thanks][.|!] [Thanks for"
    " passing it on.|Thanks for the update.|Good of {obj} to [keep you posted|tell you].|Nice"
    " that {pron} [keeps you posted|tells you these things].|I'll keep that in mind.]",
    "[Ah,|Oh,|Well,|Right,] [good to know|fair enough|thanks for [passing it on|telling me"
    "|the detail]|I'll bear that in mind][.|!] [Nice of {obj} to [keep you posted|fill you"
    " in].|]",
)
#: An entry that was someone else's.
_ITEM_OTHERS = (
    _OOPS + ": [that was {poss} {other}, not {obj}|I meant {poss} {other}, not {obj}|that "
    "was {poss} {other}'s news|it's {poss} {other} I had in mind][, sorry|,"
    " silly me|].",
    "[Actually,|Although,|Oh,|Hmm,] [come to think of it,|now I think about it,|looking "
    "back,|on reflection,] [that was|it was|that's] {poss} {other}[, not {obj}|, I'm "
    "mixing them up|, not {obj} at all|; {pron} just passed it on].",
    "[No, hold on,|Sorry, no,|Wait, no,|Oh, no,] it's {poss} {other} [I had in mind|who "
    "did that|whose news that was|I meant][, not {obj}|, silly me|, my mistake|, not {obj} "
    "at all].",
)
_OTHERS_REPLY = (
    "[Ah,|Oh,|Right,|Ha,|Okay,] [got it|I see|fair enough|that makes more sense|"
    "understood][, it was {poss} {other}|, not {obj}|][.|!] [I'll keep them straight.|Easy to "
    "muddle them.|Thanks for clarifying.|No harm done.]",
    "[Understood|Noted|No problem|Easily done|Ha|Fair enough][.|!] [Thanks for [clarifying"
    "|putting me straight|sorting that out].|I'll keep them straight.|It's hard to "
    "keep everyone straight.|Easy to muddle them.|So {poss} {other}, not {obj}.]",
)
#: An entry that was only a rumour.
_ITEM_RUMOUR = (
    "[Actually|Hang on|Oh wait|Sorry|Hmm|Oh dear], [scratch that|forget I said that|ignore "
    "me|I take that back|I shouldn't have said that][:|,] [it was only [gossip|a rumour|"
    "hearsay|idle talk]|I'd got it [muddled|wrong|mixed up|back to front]|{pron} put me "
    "straight [today|at the weekend|on the phone|this morning]|there's nothing in it[ at all"
    "|]|it isn't true[ at all|]].",
    "Mind you, [I've found out|{pron} [told|assured] me|I've been told] that [it isn't true"
    "|it's not so|there's nothing in it|it was just gossip|it was a story someone made "
    "up|it's all nonsense][, so forget it|, so ignore me|].",
    "[Well,|That said,|Mind you,] [that's what I was told|that was the story going "
    "round|that's what people were saying|that's what someone told me], but [it turned out "
    "[not to be so|to be nonsense|to be wrong|to be made up]|{pron} says it's [nonsense|not "
    "true|rubbish|not the case|a load of gossip]].",
    "[No, wait,|Hmm, no,|Oh, hang on,] I've confused it with [something else|someone else|the "
    "wrong thing|a different story][, sorry|, silly me|]: {pron} [never did|didn't at all|"
    "never has], [as far as I know|I'm fairly sure|I'm almost certain|now I think about it].",
)
_RUMOUR_REPLY = (
    "[Ah,|Oh,|Right,|Ha,|Oh well,] [easily done|no harm done|good to know|glad that's cleared"
    " up|good that it's sorted out|these mix-ups happen][.|!] "
    "[Thanks for [putting me straight|clearing that up|the correction|letting me know].]",
    "[Fair enough|Understood|Got it|Oh dear|Ha|Right][.|!] [I'll forget it.|Good that it's"
    " cleared up.|Easy to get muddled.|It happens.|Thanks for [setting me straight|clearing"
    " that up].]",
)
#: An entry that was only a plan, and fell through.
_ITEM_CONSIDERED = (
    "[Well,|Actually,|Sorry,|Hmm,|Oh,] [I'm getting ahead of myself|I spoke too soon|that's "
    "not quite right|that's overstating it]: that was only the plan, and [it fell through|"
    "{pron} never got round to it|it never happened|{pron} let it drop|nothing came of it]"
    "[ in the end|, sadly|, I'm afraid|].",
    "[Or so I thought|Or so I assumed|Well, that was the idea|At least, that was the plan"
    "|I'm getting ahead of myself, it was only the idea], but {pron} [backed out|pulled out"
    "|got cold feet|thought better of it|let it slide][ at the eleventh hour| in the end|,"
    " sadly|, I'm afraid|].",
    "[Mind you,|Though|Except|Sadly,] that's only what {pron} [meant to do|had planned|was "
    "going to do|had in mind], and [{pron} changed {poss} mind|{pron} dropped the idea|{pron}"
    " thought better of it|it fell through][, so it never happened|, so nothing came of it|,"
    " so that's that|, so scrap that|, so forget I said it].",
)
_CONSIDERED_REPLY = (
    "[Ah,|Oh,|Fair enough,|Right,|Ah well,|Oh well,] [so it never happened|so it came to "
    "nothing|plans change|these things happen|maybe some other time|so that's off]"
    "[.|!] [No harm done.|It happens.|Never mind.|I hope {pron} wasn't too "
    "disappointed.|Thanks for setting me straight.]",
    "[Makes sense|Understood|Ah well|Fair enough|Oh well|Never mind][.|!] [Something else "
    "will come up for {obj}.|No harm done.|Plans do fall through.|It happens to everyone.|"
    "Thanks for clarifying.|I'll forget it.]",
)
#: A true proposal (taken up or not): what came of it, which never changes who made it.
_PROPOSAL_TRUE = (
    "[And|Oh, and|Mind you,|For what it's worth,] {pron} [seemed|sounded|looked] [quite|"
    "fairly|really|rather|a bit] [keen|taken with it|interested|open to it|unsure|"
    "doubtful][, to be fair|, I think|, as far as I could tell|].",
    "[I don't think|I'm not sure|I doubt] {pron} [was convinced|took it in|was really "
    "listening|will take any notice][, mind|, to be honest|, but there we are|, but I did my best].",
    "[I'd say it again|I stand by it|I meant every word|I'd still say the same][, too|, "
    "honestly|, for what it's worth|], [whatever {pron} decides|even if {pron} ignores me|"
    "knowing {obj} as I do|and {pron} knows it].",
    "[It's up to {obj} now|The ball's in {poss} court now|It's {poss} call now|Now it's "
    "down to {obj}][, of course|, anyway|, I suppose|, and {pron} will take {poss} time|"
    ", whatever I think|, as it should be].",
)
_PROPOSAL_TRUE_REPLY = (
    "[Fair enough|I see|Right|Understood|Okay][.|!] [{Pron} will make up {poss} "
    "own mind.|It's {poss} call in the end.|Let's see what {pron} does.|You can only say "
    "it.|Give {obj} time.]",
    "[Well,|Ah,|Oh,|Hmm,] [you've done your bit|that's all you can do|it's worth saying|"
    "it's {poss} decision now][.|!] [Let me know how {pron} gets on.|Fingers "
    "crossed.|Let's see where {pron} takes it.]",
)
#: A suggestion the user made to someone else than the person.
_PROPOSAL_OTHERS = (
    _OOPS + ": it was {poss} {other} I [said that to|told that to|gave that advice to|had "
    "that chat with], not {obj}[, sorry|, silly me|].",
    "[Actually,|Oh,|Although,|Hmm,] [come to think of it,|now I think about it,|looking "
    "back,|on reflection,] [that was for|I said that to|that advice was for|that was "
    "meant for] {poss} {other}[, not {obj}|, not {obj} at all|; I'm mixing them up].",
    "[No, hold on,|Sorry, no,|Wait, no,|Oh, no,] it's {poss} {other} I [was advising|had "
    "that chat with|said it to|was on at][, not {obj}|, silly me|, my mistake|, not {obj} "
    "at all].",
)
#: A suggestion someone else made to the person.
_PROPOSAL_HEARSAY = (
    "[Actually,|Hang on,|Sorry,|Well,|Hmm,] I'm [taking the credit there|claiming too "
    "much|telling it wrong|putting words in my own mouth]: it was {poss} {other} who [said "
    "that to {obj}|put that idea to {obj}|came up with that|told {obj} so], not me[, I only "
    "passed it on|, I kept out of it|].",
    "[To be fair|To be honest|Truth be told|In fairness], that [wasn't|isn't] my idea[ at "
    "all|]: {poss} {other} [said it|came up with it|put it to {obj}|told {obj} so][, and I'm"
    " only repeating it|, I'm just passing it on|, not me].",
    "[Or rather|Well, strictly|Strictly speaking|Well, honestly], {poss} {other} [told {obj}"
    " that|said so|had that idea|was the one saying it][, not me|; I stayed out of it|, "
    "I kept quiet|; I never said a word].",
)
_HEARSAY_REPLY = (
    "[Ah,|Oh,|Right,|Fair enough,|I see,] so [it was|that was] {poss} {other}'s idea[, not "
    "yours|, then|][.|!] [Noted.|Good to know.|Thanks for clarifying.|Easy to muddle who "
    "said what.]",
    "[Understood|Got it|Noted|Fair enough|Ah][.|!] [So {poss} {other} said it, not you.|"
    "So that came from {poss} {other}.|Thanks for putting me straight.|That makes more "
    "sense.]",
)
#: A true request, answered: what the user makes of the answer.
_REQUEST_TRUE = (
    "[Thanks|Thank you|Perfect|Brilliant|Great|Lovely], I'll [pass that on|tell {obj}|let "
    "{obj} know|send that to {obj}][ tonight| this week| when I see {obj}|].",
    "[That sounds|That seems|That looks] [just right|about right|promising|like a good bet"
    "|sensible] for {obj}[, thanks|, I think|, to be honest|, actually].",
    "[I'm not sure|I doubt|I wonder if] {pron}'ll [go for it|listen|take it up], [but|"
    "though] I'll [pass it on|put it to {obj}|let {obj} know] [anyway|all the same|"
    "regardless].",
    "{Pron} [asked|was asking|was on at me] [only yesterday|last night|this morning|at the "
    "weekend], so [that's good timing|this helps|{pron}'ll be glad of it|that's a weight off"
    " my mind].",
)
_REQUEST_TRUE_REPLY = (
    "[You're welcome|Happy to help|No problem|Any time|Glad to help|My pleasure][.|!] "
    "[I hope {pron} likes it.|Let me know how it goes.|Fingers crossed for {obj}.|Tell "
    "{obj} I said hello.|Hope it works out for {obj}.]",
    "[Good|Great|Lovely][.|!] [See what {pron} thinks.|I hope it's useful.|{Pron} can "
    "always come back with questions.|Glad it helps.|It's only a start, mind.]",
)
#: A request that was for someone else than the person.
_REQUEST_OTHERS = (
    "[Sorry,|Oh,|Ah,|Hang on,|Oops,] I [should have said|didn't make that clear|forgot to "
    "say|wasn't clear][:|,] [it's|this is|that was] for {poss} {other}, not {obj}[ at all"
    "|, really|].",
    "[Actually,|Mind you,|To be fair,|Oh, and] it isn't {obj} [who wants it|asking|I'm "
    "asking for], it's {poss} {other}[; {pron} only passed it on|, I should have said|, "
    "sorry].",
    "[Wait,|Hmm,|Sorry,|Oh dear,] I've [muddled|mixed up|got muddled over] who [it's for|"
    "I'm asking for|wants it]: {poss} {other}, not {obj}[, silly me|, my mistake|].",
    "[I'll pass that on|I'll let them know|That should help], though [strictly|to be fair|in"
    " fact] it's {poss} {other} [who asked|who's looking|who wanted to know], not {obj}[, I "
    "should have said|].",
    # Folded into what the user makes of the answer, as a true request's follow-up is.
    "[Lovely|Perfect|Great|Thanks], that [should do nicely|sounds about right|is just the "
    "sort of thing]; I'll [send it|pass it] to {poss} {other}, [since|as] [it's really {poss} "
    "{other} who wants it|{poss} {other} is the one looking], not {obj}.",
    "[That seems promising|That looks handy|That's useful][, thanks|]. [I made it sound as "
    "if it was for {obj}, but|I said it was for {obj}, but|I put it as if it were for {obj}, "
    "but] it's {poss} {other} who [needs it|is "
    "after it|will be using it][, to be honest|, really|].",
    "I'll forward that to {poss} {other}[, actually|, in fact]: {pron} [only passed it on|was "
    "asking on {poss} {other}'s behalf][, I should have said|, sorry|].",
    "[Oh, one thing|Something I left out|I should own up][:|,] [the one asking is|the one who "
    "wants it is] {poss} {other}, not {obj}[, though {pron} asked me to look into it|, {pron} "
    "only passed it on|].",
)
_REQUEST_OTHERS_REPLY = (
    "[Ah,|Oh,|Right,|Fair enough,|Okay,] [{poss} {other}, then|so it's for {poss} {other}]"
    "[, got it|, I see|][.|!] [The same answer stands.|My answer would be the same.|It should suit "
    "them just as well, I think.|I'd say the same for them.|I hope it helps them.]",
    "[No problem|Noted|Got it|Understood][.|!] [For {poss} {other}, then.|The advice is "
    "the same either way.|I'd say the same for them.|Easily done.|Let me know how they get on.]",
    "[Ah,|Oh,|I see,] [{poss} {other} it is|it's for {poss} {other}, then][.|!] [Happy to "
    "help either of them.|It should suit them too.|The same ideas should hold.|Tell them I "
    "hope it helps.|]",
    "[Of course|Makes sense|No trouble|Ah, okay][.|!] [It fits {poss} {other} just as well, "
    "I'd think.|Shout if {poss} {other} wants something different.|Let me know if {poss} "
    "{other} needs anything else.|I'd point {poss} {other} the same way.]",
)

#: Move kind → what became of it (the user's turn after the reply).
EPISODIC_STATUSES: dict[str, tuple[str, ...]] = {
    ITEM: _ITEM_TRUE,
    ITEM_OTHERS: _ITEM_OTHERS,
    ITEM_RUMOUR: _ITEM_RUMOUR,
    ITEM_CONSIDERED: _ITEM_CONSIDERED,
    PROPOSAL: _PROPOSAL_TRUE,
    PROPOSAL_AGREED: _PROPOSAL_TRUE,
    PROPOSAL_OTHERS: _PROPOSAL_OTHERS,
    PROPOSAL_HEARSAY: _PROPOSAL_HEARSAY,
    REQUEST: _REQUEST_TRUE,
    REQUEST_OTHERS: _REQUEST_OTHERS,
}
#: Move kind → the assistant's answer to its status.
EPISODIC_STATUS_REPLIES: dict[str, tuple[str, ...]] = {
    ITEM: _ITEM_TRUE_REPLY,
    ITEM_OTHERS: _OTHERS_REPLY,
    ITEM_RUMOUR: _RUMOUR_REPLY,
    ITEM_CONSIDERED: _CONSIDERED_REPLY,
    PROPOSAL: _PROPOSAL_TRUE_REPLY,
    PROPOSAL_AGREED: _PROPOSAL_TRUE_REPLY,
    PROPOSAL_OTHERS: _OTHERS_REPLY,
    PROPOSAL_HEARSAY: _HEARSAY_REPLY,
    REQUEST: _REQUEST_TRUE_REPLY,
    REQUEST_OTHERS: _REQUEST_OTHERS_REPLY,
}


EPISODIC_BANK = Bank(
    frames=MappingProxyType(
        {
            MENTION: FRAMES[MENTION],
            **EPISODIC_FRAMES,
        }
    ),
    replies=MappingProxyType(
        {
            MENTION: REPLIES[MENTION],
            **EPISODIC_REPLIES,
        }
    ),
    family_replies=MappingProxyType(_family_replies()),
    statuses=MappingProxyType(EPISODIC_STATUSES),
    status_replies=MappingProxyType(EPISODIC_STATUS_REPLIES),
)

#: Attribution questions: a frame drawn per question (independently of who made the
#: suggestion), `{topic}` the family's suggestion phrase. Each names the three answers.
ATTRIBUTION_FRAMES = (
    "Who suggested {topic}: you, me, or both of us?",
    "Thinking about {topic}, who proposed it: me, you, or both of us?",
    "Was it you or me who recommended {topic}, or was it both of us?",
    "Which of us proposed {topic}: me, you, or the pair of us?",
    "Who was behind the suggestion of {topic}: you, me, or both of us?",
    "Do you remember who recommended {topic}: was it me, you, or both of us?",
)
#: List-order questions: `{list}` the family's list phrase.
LIST_FRAMES = (
    "In what order did you hear from me about {list}?",
    "Judging by our talks, in what order did I mention {list}?",
    "Can you list {list}, in the order I brought each up?",
    "In what order did I bring up {list} in our conversations?",
)


#: Words of the question frames (around the family's phrase): no conversation template may use
#: one, so a frame can only change how a question reads, never which sessions it matches.
def frame_words() -> frozenset[str]:
    words: set[str] = set()
    for f in EPISODIC_FAMILIES.values():
        words |= set(bm25_tokens(_bare(f.questions[0]))) - set(bm25_tokens(_bare(f.suggestion)))
    for text in (*ATTRIBUTION_FRAMES, *LIST_FRAMES):
        words |= set(bm25_tokens(_bare(text)))
    return frozenset(words)


_PLAIN = re.compile(r"[\d()\[\]\u2014]")


def conversation_templates() -> list[tuple[str, str]]:
    """(where, text) for every template this module adds to the conversations."""
    out: list[tuple[str, str]] = []
    for label, bank in (
        ("frame", EPISODIC_FRAMES),
        ("reply", EPISODIC_REPLIES),
        ("status", EPISODIC_STATUSES),
        ("status reply", EPISODIC_STATUS_REPLIES),
    ):
        out += [(f"{label} {k}", t) for k, ts in bank.items() for t in ts]
    out += [(f"{k} item reply", t) for k, ts in ITEM_REPLIES.items() for t in ts]
    for f in EPISODIC_FAMILIES.values():
        for kind in (REQUEST, REQUEST_REPLY, PROPOSAL, AGREED, ITEM):
            out += [(f"{f.key} {kind}", t) for t in f.clauses.get(kind, ())]
    return out


def question_templates() -> list[tuple[str, str]]:
    """(where, text) for every template questions are made of."""
    out = [("attribution question", t) for t in ATTRIBUTION_FRAMES]
    out += [("list question", t) for t in LIST_FRAMES]
    for f in EPISODIC_FAMILIES.values():
        out += [(f"{f.key} question", t) for t in f.questions]
        out += [(f"{f.key} suggestion", f.suggestion)]
        if f.listed:
            out.append((f"{f.key} list", f.listed))
    return out


def _order_free() -> list[tuple[str, str]]:
    """Every template an item move or a list question is made of (the shared twin frames
    item twins borrow are not items of any list)."""
    out = [(f"frame {ITEM}", t) for t in EPISODIC_FRAMES[ITEM]]
    out += [(f"reply {ITEM}", t) for t in EPISODIC_REPLIES.get(ITEM, ())]
    # An entry's status (and a rival entry's: told as an entry, it must read as one).
    for kind in (ITEM, *ITEM_TWINS):
        out += [(f"status {kind}", t) for t in EPISODIC_STATUSES[kind]]
        out += [(f"status reply {kind}", t) for t in EPISODIC_STATUS_REPLIES[kind]]
    out += [(f"{k} item reply", t) for k, ts in ITEM_REPLIES.items() for t in ts]
    out += [("list question", t) for t in LIST_FRAMES]
    for f in EPISODIC_FAMILIES.values():
        out += [(f"{f.key} {ITEM}", t) for t in f.clauses.get(ITEM, ())]
        if f.listed:
            out.append((f"{f.key} list", f.listed))
    return out


def check_exchanges() -> None:
    """The writing rules of the module docstring; BankError names the template that breaks one."""
    conversation = conversation_templates()
    for where, text in conversation + question_templates():
        bare = _bare(text)
        if _PLAIN.search(flatten(bare)):
            raise BankError(f"{where} template {text!r} has a digit, bracket or em dash")
        if PRODUCTION_WORDS.search(bare):
            raise BankError(f"{where} template {text!r} says how the corpus was made")
    asking = frame_words()
    shared = [
        (f"shared {k} {i}", t) for k, ts in EPISODIC_BANK.frames.items() for i, t in enumerate(ts)
    ]
    shared += [
        (f"shared reply {k} {i}", t)
        for k, ts in EPISODIC_BANK.replies.items()
        for i, t in enumerate(ts)
    ]
    for f in EPISODIC_FAMILIES.values():
        shared += [(f"{f.key} {k}", t) for k, ts in f.clauses.items() for t in ts]
        shared += [(f"{f.key} topic", t) for t in f.topics]
    for where, text in conversation:
        found = EPISODIC_ANSWER_WORDS & set(raw_tokens(_bare(text)))
        if found:
            raise BankError(f"{where} template {text!r} uses answer word(s) {sorted(found)}")
    for where, text in shared:
        found = asking & set(bm25_tokens(_bare(text)))
        if found:
            raise BankError(
                f"{where} template {text!r} uses question-frame word(s) {sorted(found)}"
            )
    for where, text in _order_free():
        found = ORDER_WORDS & set(raw_tokens(_bare(text)))
        if found:
            raise BankError(f"{where} template {text!r} carries word(s) of order {sorted(found)}")
    for f in EPISODIC_FAMILIES.values():
        if not f.suggestion or len(f.clauses.get(REQUEST, ())) < 2:
            raise BankError(f"{f.key}: an Episodic family needs a suggestion and its clauses")
        suggestion_words = set(bm25_tokens(f.suggestion.format(holder="", poss="")))
        for kind, with_value in (
            (REQUEST, False),
            (REQUEST_REPLY, True),
            (PROPOSAL, True),
            (AGREED, True),
        ):
            for text in f.clauses[kind]:
                if not (always(text, "{V}") if with_value else never(text, "{V}")):
                    need = "names" if with_value else "never names"
                    raise BankError(f"{f.key} {kind} clause {text!r}: it {need} the value")
                if not always(text, has_any(suggestion_words, bm25_tokens)):
                    raise BankError(
                        f"{f.key} {kind} clause {text!r} names none of {sorted(suggestion_words)}"
                    )
        if f.listed is not None:
            list_words = set(bm25_tokens(f.listed.format(holder="", poss="")))
            clauses = f.clauses.get(ITEM, ())
            if not clauses:
                raise BankError(f"{f.key} keeps a list but has no {ITEM} clauses")
            for text in clauses:
                named = always(text, has_any(list_words, bm25_tokens))
                if not always(text, "{V}") or not named:
                    raise BankError(
                        f"{f.key} {ITEM} clause {text!r} must name the value and one of "
                        f"{sorted(list_words)}"
                    )
    _check_statuses()
    for text in EPISODIC_REPLIES[PROPOSAL]:
        if not never(text, "{V}") or not never(text.lower(), "reply_clause"):
            raise BankError(f"proposal reply {text!r} repeats the value the user put forward")
    for kind in (REQUEST, PROPOSAL_AGREED):
        for text in EPISODIC_REPLIES[kind]:
            if not always(text.lower(), "reply_clause"):
                raise BankError(f"{kind} reply {text!r} does not carry the value")
    if len(ATTRIBUTION_FRAMES) < 5:
        raise BankError("attribution questions need a bank of at least five frames")


def question_words() -> frozenset[str]:
    """Every word a question can be made of: its frame's and its family's phrases'."""
    words = set(frame_words())
    for _, text in question_templates():
        words |= set(bm25_tokens(_bare(text)))
    return frozenset(words)


def _check_statuses() -> None:
    """Every kind told as another, and every kind with a status, has statuses and replies to
    them; no status or reply names the value or any word a question can be made of, so the
    status turn is never one a reader weighs as the answer, only one that says what became
    of it."""
    for kind, told in TOLD_AS.items():
        if told not in EPISODIC_FRAMES or kind not in EPISODIC_STATUSES:
            raise BankError(f"{kind} is told as {told} but lacks its frames or its statuses")
    if set(EPISODIC_STATUSES) != set(EPISODIC_STATUS_REPLIES):
        raise BankError("every kind with statuses needs replies to them, and only those")
    asked = question_words()
    for label, table in (("status", EPISODIC_STATUSES), ("status reply", EPISODIC_STATUS_REPLIES)):
        for kind, texts in table.items():
            for text in texts:
                if not never(text, "{V}"):
                    raise BankError(f"{kind} {label} {text!r} names the value")
                found = asked & set(bm25_tokens(_bare(text)))
                if found:
                    raise BankError(
                        f"{kind} {label} {text!r} uses word(s) of a question {sorted(found)}"
                    )


check_exchanges()
