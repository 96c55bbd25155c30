"""Prospective's move kinds, their template families, and due expressions.

Three move kinds carry a future instant, and every Prospective session makes one of each (plus
one neutral mention), whether or not any of them is what a question asks about:

- `reminder` — the user asks to be reminded to do something for someone, by a due instant;
- `expiry` — someone's permit, pass or cover stops being valid at an instant;
- `upcoming` — something is about to become true for someone (a start, a move, a delivery).

Each kind's families supply clauses (rendered by the shared renderer, with the same frames and
replies for every session), mention topics, and the value-free phrases a question uses to name
its target. The due instant of every move is expressed relative to the stating session's own
timestamp, in the checker's grammar (`checker.timeexpr`), and verified to resolve back to the
instant it names: that is what makes every pivot re-derivable from the bytes.

Writing rules (held by the tests, as for the shared bank): no digits, no absolute dates, no
brackets, no em dash in any template; digits only ever enter text through a clock time that
`clock.future_expression` writes ("at 3pm"), which every session's moves carry alike.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from types import MappingProxyType

from checker.timeexpr import resolve
from corpora.generate.core.bank import (
    CONSIDERED_PLAN,
    FOLLOW_UPS,
    FRAMES,
    REACTIONS,
    REPLIES,
    STATUS_REPLIES,
    STATUSES,
)
from corpora.generate.core.clock import ClockError, format_date, future_expression
from corpora.generate.core.render import Bank
from corpora.generate.core.wording import compose, only
from corpora.generate.core.world import (
    MENTION,
    STATEMENT,
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Family,
    Move,
)

REMINDER = "reminder"
EXPIRY = "expiry"
UPCOMING = "upcoming"
#: The kinds that carry a future instant, in the order a session plan lists them.
TIMED_KINDS = (REMINDER, EXPIRY, UPCOMING)

MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()
WEEKDAY_NAMES = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


@dataclass(frozen=True)
class TimedFamily:
    """One family of a timed kind: the shared `Family` the renderer reads, plus the phrases
    questions and answers use.

    Phrases use the person's forms: `{holder}` (`my sister`), `{your}` (`your sister`),
    `{poss}` (`her`), and `{V}` (the invented value) where an answer names it.
    """

    family: Family
    kind: str
    ask: str
    """Value-free phrase a question names the target with. Reminder: the task as the user
    would do it (`ring the garage about {holder}'s car`); expiry: the item (`{holder}'s
    parking permit`); upcoming: the event in the perfect (`started {poss} new job`)."""
    ask_present: str
    """Upcoming: the event in the present (`starts {poss} new job`); otherwise = `ask`."""
    answer: str
    """How an answer names the target with its value (second person): reminder `ring the {V}
    garage about {your}'s car`; expiry `{your}'s parking permit for {V} Road`; upcoming
    `start the new job at {V}` (after `was due to`)."""

    @property
    def key(self) -> str:
        return self.family.key


def _timed(
    kind: str,
    key: str,
    noun: str,
    *,
    clauses: tuple[str, ...],
    topics: tuple[str, ...],
    ask: str,
    answer: str,
    ask_present: str | None = None,
) -> TimedFamily:
    family = Family(
        key=key,
        noun=noun,
        questions=(ask,),
        answer_value=answer,
        clauses=MappingProxyType({kind: clauses}),
        topics=topics,
        statement_kind=kind,
    )
    return TimedFamily(family, kind, ask, ask_present or ask, answer)


# Clauses continue the kind's frames: a reminder clause follows "remind me to", an expiry clause
# follows "{holder}'s", an upcoming clause follows "{holder}". The due expression is placed by
# the frame, after the clause.
REMINDER_FAMILIES: tuple[TimedFamily, ...] = (
    _timed(
        REMINDER,
        "garage",
        "garage call",
        clauses=(
            "ring the {V} garage about {holder}'s car",
            "phone the {V} garage to book {holder}'s car in for a service",
            "chase the {V} garage about {holder}'s car",
        ),
        topics=(
            "how much garages charge for a car service",
            "whether an old car is worth repairing",
            "finding a garage you can trust with a car",
        ),
        ask="ring the garage about {holder}'s car",
        answer="ring the {V} garage about {your}'s car",
    ),
    _timed(
        REMINDER,
        "tickets",
        "ticket money",
        clauses=(
            "pay {holder} back for the {V} concert tickets",
            "send {holder} the money for the {V} concert tickets",
            "settle up with {holder} for the {V} concert tickets",
        ),
        topics=(
            "concert tickets that sell out in minutes",
            "whether concert tickets are worth the money",
            "standing or sitting at a concert",
        ),
        ask="pay {holder} back for the concert tickets",
        answer="pay {your} back for the {V} concert tickets",
    ),
    _timed(
        REMINDER,
        "prescription",
        "prescription",
        clauses=(
            "pick up {holder}'s prescription from the {V} pharmacy",
            "collect {holder}'s prescription at the {V} pharmacy",
            "fetch {holder}'s prescription from the {V} pharmacy",
        ),
        topics=(
            "prescription charges",
            "queues at the pharmacy",
            "how long a repeat prescription takes",
        ),
        ask="pick up {holder}'s prescription",
        answer="pick up {your}'s prescription from the {V} pharmacy",
    ),
    _timed(
        REMINDER,
        "birthday",
        "birthday booking",
        clauses=(
            "book a table at {V} for {holder}'s birthday",
            "reserve a table at {V} for {holder}'s birthday dinner",
            "sort out a table at {V} for {holder}'s birthday",
        ),
        topics=(
            "birthday dinners that get out of hand",
            "restaurants that never have a table free",
            "what to get someone for a birthday",
        ),
        ask="book the table for {holder}'s birthday",
        answer="book a table at {V} for {your}'s birthday",
    ),
    _timed(
        REMINDER,
        "parcel",
        "parcel collection",
        clauses=(
            "collect {holder}'s parcel from the {V} depot",
            "pick up the parcel for {holder} from the {V} depot",
            "go to the {V} depot for {holder}'s parcel",
        ),
        topics=(
            "parcel deliveries that never turn up",
            "parcels left with the wrong neighbour",
            "parcel lockers at the station",
        ),
        ask="collect {holder}'s parcel",
        answer="collect {your}'s parcel from the {V} depot",
    ),
    _timed(
        REMINDER,
        "library",
        "library return",
        clauses=(
            "return {holder}'s books to the {V} library",
            "take {holder}'s library books back to the {V} library",
            "drop {holder}'s books off at the {V} library",
        ),
        topics=(
            "library fines",
            "whether libraries still matter",
            "library opening hours getting shorter",
        ),
        ask="return {holder}'s library books",
        answer="return {your}'s books to the {V} library",
    ),
    _timed(
        REMINDER,
        "plumber",
        "plumber call",
        clauses=(
            "ring {V}, the plumber, about {holder}'s boiler",
            "get {V} the plumber round to look at {holder}'s boiler",
            "chase {V}, the plumber, about {holder}'s boiler",
        ),
        topics=(
            "boilers that break down in the cold",
            "how hard it is to find a good plumber",
            "what a new boiler costs",
        ),
        ask="call the plumber about {holder}'s boiler",
        answer="call {V}, the plumber, about {your}'s boiler",
    ),
    _timed(
        REMINDER,
        "flowers",
        "flower order",
        clauses=(
            "order flowers from {V} for {holder}",
            "send {holder} flowers from the {V} florist",
            "get flowers delivered to {holder} from {V}",
        ),
        topics=(
            "flowers that wilt within a day",
            "whether flowers make a good present",
            "the price of flowers",
        ),
        ask="order the flowers for {holder}",
        answer="order flowers from {V} for {your}",
    ),
    _timed(
        REMINDER,
        "vet",
        "vet booking",
        clauses=(
            "book {holder}'s dog in at the {V} vets",
            "take {holder}'s dog to the {V} vets for a check",
            "ring the {V} vets about {holder}'s dog",
        ),
        topics=(
            "vet bills",
            "dogs that hate going to the vets",
            "pet insurance for a dog",
        ),
        ask="book {holder}'s dog in at the vets",
        answer="book {your}'s dog in at the {V} vets",
    ),
)

EXPIRY_FAMILIES: tuple[TimedFamily, ...] = (
    _timed(
        EXPIRY,
        "permit",
        "parking permit",
        clauses=(
            "parking permit for {V} Road runs out",
            "parking permit on {V} Road expires",
            "permit to park on {V} Road stops being valid",
        ),
        topics=(
            "parking permits going up in price",
            "never finding anywhere to park",
            "parking wardens who show no mercy",
        ),
        ask="{holder}'s parking permit",
        answer="{your}'s parking permit for {V} Road",
    ),
    _timed(
        EXPIRY,
        "gympass",
        "gym pass",
        clauses=(
            "trial pass at the {V} gym runs out",
            "pass for the {V} gym expires",
            "gym pass at {V} stops working",
        ),
        topics=(
            "gym passes that cost a fortune",
            "whether a gym pass ever gets used",
            "crowded gyms after work",
        ),
        ask="{holder}'s gym pass",
        answer="{your}'s pass for the {V} gym",
    ),
    _timed(
        EXPIRY,
        "voucher",
        "spa voucher",
        clauses=(
            "gift voucher for the {V} spa expires",
            "spa voucher for {V} runs out",
            "voucher for a day at the {V} spa stops being valid",
        ),
        topics=(
            "gift vouchers that never get spent",
            "whether a spa day is relaxing at all",
            "vouchers as a lazy present",
        ),
        ask="{holder}'s spa voucher",
        answer="{your}'s gift voucher for the {V} spa",
    ),
    _timed(
        EXPIRY,
        "warranty",
        "washing machine warranty",
        clauses=(
            "warranty on the {V} washing machine runs out",
            "washing machine warranty from {V} ends",
            "guarantee on the {V} washing machine expires",
        ),
        topics=(
            "washing machines that break just after the warranty",
            "whether an extended warranty is worth it",
            "how long a washing machine should last",
        ),
        ask="{holder}'s washing machine warranty",
        answer="{your}'s warranty on the {V} washing machine",
    ),
    _timed(
        EXPIRY,
        "railpass",
        "rail pass",
        clauses=(
            "rail pass for the {V} line runs out",
            "season ticket for the {V} line expires",
            "rail pass on the {V} line stops working",
        ),
        topics=(
            "rail fares going up again",
            "trains that never run on time",
            "whether a rail pass pays for itself",
        ),
        ask="{holder}'s rail pass",
        answer="{your}'s rail pass for the {V} line",
    ),
    _timed(
        EXPIRY,
        "insurance",
        "travel insurance",
        clauses=(
            "travel insurance with {V} lapses",
            "travel insurance policy from {V} runs out",
            "cover with {V} for travel insurance ends",
        ),
        topics=(
            "the small print in travel insurance",
            "whether travel insurance is worth it",
            "claiming on travel insurance",
        ),
        ask="{holder}'s travel insurance",
        answer="{your}'s travel insurance with {V}",
    ),
    _timed(
        EXPIRY,
        "swimming",
        "swimming membership",
        clauses=(
            "swimming membership at the {V} baths runs out",
            "membership of the {V} swimming baths expires",
            "swimming pass for the {V} baths stops working",
        ),
        topics=(
            "swimming pools that are always too cold",
            "early morning swimming",
            "whether swimming lessons are worth it for adults",
        ),
        ask="{holder}'s swimming membership",
        answer="{your}'s swimming membership at the {V} baths",
    ),
)

UPCOMING_FAMILIES: tuple[TimedFamily, ...] = (
    _timed(
        UPCOMING,
        "job",
        "new job",
        clauses=(
            "starts a new job at {V}",
            "begins work at {V}",
            "has {poss} first day in the new job at {V}",
        ),
        topics=(
            "starting a new job",
            "first days in a new job",
            "how long job interviews take these days",
        ),
        ask="started {poss} new job",
        ask_present="starts {poss} new job",
        answer="start the new job at {V}",
    ),
    _timed(
        UPCOMING,
        "flat",
        "new flat",
        clauses=(
            "moves into a new flat on {V} Road",
            "gets the keys to a new flat on {V} Road",
            "moves into the new flat {pron} found on {V} Road",
        ),
        topics=(
            "moving into a new flat",
            "flat hunting",
            "how much removal vans cost",
        ),
        ask="moved into {poss} new flat",
        ask_present="moves into {poss} new flat",
        answer="move into the new flat on {V} Road",
    ),
    _timed(
        UPCOMING,
        "pottery",
        "pottery course",
        clauses=(
            "starts a pottery course at {V} college",
            "begins an evening pottery course at {V} college",
            "has {poss} first pottery class at {V} college",
        ),
        topics=(
            "evening classes",
            "whether pottery is harder than it looks",
            "learning something new after work",
        ),
        ask="started {poss} pottery course",
        ask_present="starts {poss} pottery course",
        answer="start the pottery course at {V} college",
    ),
    _timed(
        UPCOMING,
        "sofa",
        "new sofa",
        clauses=(
            "gets a new sofa delivered from {V}",
            "is having a new sofa from {V} delivered",
            "takes delivery of a new sofa from {V}",
        ),
        topics=(
            "sofa shopping",
            "furniture deliveries that run late",
            "whether a new sofa is worth the money",
        ),
        ask="had {poss} new sofa delivered",
        ask_present="gets {poss} new sofa delivered",
        answer="get the new sofa from {V} delivered",
    ),
    _timed(
        UPCOMING,
        "holiday",
        "holiday",
        clauses=(
            "flies out to {V} for a holiday",
            "sets off on holiday to {V}",
            "leaves for a week of holiday in {V}",
        ),
        topics=(
            "cheap flights that end up costing more",
            "packing for a holiday",
            "whether a holiday is ever relaxing",
        ),
        ask="gone on {poss} holiday",
        ask_present="goes on {poss} holiday",
        answer="fly out to {V} on holiday",
    ),
    _timed(
        UPCOMING,
        "choir",
        "new choir",
        clauses=(
            "joins the {V} choir",
            "has {poss} first rehearsal with the {V} choir",
            "starts singing with the {V} choir",
        ),
        topics=(
            "choir concerts",
            "learning to sing harmonies",
            "whether anyone can learn to sing",
        ),
        ask="joined {poss} new choir",
        ask_present="joins {poss} new choir",
        answer="join the {V} choir",
    ),
)

TIMED_FAMILIES: dict[str, tuple[TimedFamily, ...]] = {
    REMINDER: REMINDER_FAMILIES,
    EXPIRY: EXPIRY_FAMILIES,
    UPCOMING: UPCOMING_FAMILIES,
}
BY_KEY: dict[str, TimedFamily] = {f.key: f for group in TIMED_FAMILIES.values() for f in group}

#: Frames per timed kind: `{clause}` is the family clause, `{due}` the due expression. Each is a
#: grammar template (`core/grammar.py`), so no one wording recurs across a corpus.
PROSPECTIVE_FRAMES: dict[str, tuple[str, ...]] = {
    REMINDER: (
        "[Could you|Can you|Would you] [remind me|give me a nudge] to {clause} {due}[, please|]?",
        "[Please remind me|Remind me, please,|I need a reminder|I could use a reminder] to "
        "{clause} {due}.",
        "I need a [nudge|prod|reminder] to {clause} {due}[, if you can|, if you would not mind|].",
        "[Can|Could] you make sure I [remember|do not forget] to {clause} {due}?",
        "[Do not let me forget|Please do not let me forget] to {clause} {due}[, will you?|.]",
        "[Before I forget|While I think of it|One for the list|Oh, and], [remind me|I need "
        "reminding] to {clause} {due}.",
        "I [have to|must|really need to|promised to] {clause} {due}, so [please remind me|"
        "give me a nudge|keep me honest].",
    ),
    EXPIRY: (
        "[Heads up|Worth knowing|One to watch|Note this one]: {holder}'s {clause} {due}.",
        "[It turns out|Apparently|I just found out that|I noticed that] {holder}'s {clause} {due}.",
        "{Holder}'s {clause} {due}[, so {pron} is working out what to do|, which crept up on "
        "{obj}|, and {pron} had no idea|, and {pron} only just noticed|, so that needs "
        "sorting|].",
        "[Oh, and|Also,|By the way,|Right,|So] {holder}'s {clause} {due}.",
        "Did I tell you that {holder}'s {clause} {due}?",
    ),
    UPCOMING: (
        "[Some news|Bit of news|An update|News from {holder}]: {holder} {clause} {due}.",
        "{Holder} {clause} {due}[, and {pron} is counting the days|, all being well|, if all "
        "goes to plan|, and {pron} can hardly wait|, so {pron} tells me|].",
        "Did I [say|tell you] that {holder} {clause} {due}?",
        "[So it is settled|It is official|It is all arranged|So that is happening]: {holder} "
        "{clause} {due}.",
        "[Oh, and|Also,|By the way,|Right,|So] {holder} {clause} {due}.",
    ),
}


def _reply(*slots: tuple[str, ...]) -> tuple[str, ...]:
    return (compose(*slots),)


#: Assistant replies per timed kind (one bank, whatever the session), each a reaction, a
#: reference to what was said and, sometimes, a follow-up.
PROSPECTIVE_REPLIES: dict[str, tuple[str, ...]] = {
    REMINDER: _reply(
        ("Will do.", "Of course.", "Got it.", "Sure.", "No problem.", "Consider it done.", ""),
        (
            "I will bring it up when the time comes, so {your} is not let down.",
            "That one for {your} is on the list now.",
            "I will give you a nudge about {your}.",
            "I will make sure the one for {your} does not slip.",
            "I will remind you so {your} is not kept waiting.",
            "I have it down, for {your}'s sake.",
            "I will keep it in view for {your}.",
            "I will remind you about {thing} for {your}.",
            "{Thing} for {your} is on my list.",
        ),
        (
            "",
            "",
            "",
            "Anything else for the list?",
            "Leave it with me.",
            "It's in hand.",
            "You can put it out of your mind for now.",
            "I'll keep an eye on the date.",
            "One less thing for you to carry around.",
            "Consider it noted.",
        ),
    ),
    EXPIRY: _reply(
        ("Ah.", "Good to know.", "Thanks.", "Useful.", "Right.", ""),
        (
            "Good to keep an eye on that for {your}.",
            "That is worth {your} sorting out before then.",
            "Does {your} plan to renew it?",
            "It is easy for {your} to lose track of those.",
            "I hope {your} gets it renewed in time.",
            "Is {your} on top of the paperwork for it?",
            "Will {your} bother renewing, do you think?",
            "Worth {your} putting a note in the diary for that.",
            "I hope that does not catch {your} out.",
            "Good to keep an eye on {thing} for {your}.",
            "Is {your} planning to renew {thing}?",
        ),
        (
            "",
            "",
            "",
            "Those dates creep up fast.",
            "Those things come round sooner than you think.",
            "Easy to miss, that sort of thing.",
            "Dates like that sneak up on people.",
            "Worth a note on the calendar.",
            "Better to know in good time.",
            "Paperwork has a way of hiding.",
        ),
    ),
    UPCOMING: _reply(
        ("Oh, lovely.", "Exciting.", "How nice.", "Good.", "Ooh.", "Well, well.", ""),
        (
            "That will come round quickly for {your}.",
            "Good luck to {your}, I hope it goes smoothly.",
            "Something for {your} to look forward to, then.",
            "Let me know how it goes for {your}.",
            "{Your} must be excited.",
            "I hope it all works out for {your}.",
            "What a lot for {your} to look forward to.",
            "That is a big moment for {your}.",
            "I bet {your} is counting down.",
            "I hope {thing} goes well for {your}.",
            "{Thing} will come round quickly for {your}.",
        ),
        (
            "",
            "",
            "",
            "Is everything ready?",
            "Is it all going to plan so far?",
            "Exciting times.",
            "Fingers crossed it all goes smoothly.",
            "It will be here before you know it.",
            "Quite a change, that.",
            "Plenty to look forward to.",
        ),
    ),
}

# --- statuses -------------------------------------------------------------------------------
# A twin of a timed move (a reminder that was not needed, a permit already renewed, a start
# called off, someone else's permit or start) is told in the very frames and clauses of the
# true kind (`Move.told_as`), and what became of it comes in the user's next turn; true timed
# statements get such a turn at times too (`render.STATUS_SHARE`), confirming or hedging. A
# status names no family keyword and no word a question asks with (it says `it`, never the
# thing), and none names the value, so no status turn is weighed as a statement of one.


def twin_kind(kind: str, timed_kind: str) -> str:
    """A twin's move kind once told as a statement: the twin kind and the timed kind it is told
    as (`twin-rumour/expiry`), so each gets statuses that fit it."""
    return f"{kind}/{timed_kind}"


def tell_as_statement(move: Move) -> None:
    """A timed twin told in its timed kind's own frames, its status coming next: its move kind
    becomes `twin_kind(kind, timed kind)`, which `PROSPECTIVE_STATUSES` holds."""
    timed_kind = move.family.statement_kind
    if move.kind in (TWIN_OTHERS, TWIN_RUMOUR) and timed_kind in TIMED_KINDS:
        move.kind = twin_kind(move.kind, timed_kind)
        move.told_as = timed_kind


_LATELY = "[since|the other day|this morning|last night|at the weekend|when I saw {obj}|yesterday]"
_MIXED = "[I've muddled that|I'm mixing people up|I tell a lie|I've got my people muddled]"

PROSPECTIVE_STATUSES: dict[str, tuple[str, ...]] = {
    REMINDER: (
        "[I've|I have] [promised|given my word], so [I can't let it slip|it really has to "
        "happen|there's no wriggling out of it][ this time|, honestly|, sadly|].",
        "[I forgot last time|It slipped my mind once already|I let it slide last time|I missed"
        " it once before|It went clean out of my head last year|I was late with it once][, so "
        "I'd rather not do that again|, and I heard about it for weeks|, which did not go down "
        "well|, and I'm still reminded of it|, and never again|, so this time it matters].",
        "[I've put it in my diary as well|It's on the calendar in the kitchen too|I've scribbled"
        " it on a sticky note as well][, but I never look at [it|the thing]|, for all the good "
        "that does|, though I know what I'm like].",
        "[It's been hanging over me|It's been on my mind|I keep meaning to get round to it] for"
        " [a while|ages|days|a week or so][, to be honest|, so a nudge would help|, so thank "
        "you|].",
    ),
    twin_kind(TWIN_RUMOUR, REMINDER): (
        "[Actually|Hang on|Oh wait|Sorry|Hmm], [scratch that|forget that one|ignore me|cancel "
        "that][:|,] [someone else [has|'s] [done|sorted|seen to] it, I've just [heard|found out]"
        "|it's [already been done|been sorted already|been taken care of], it turns out|I [did"
        "|sorted] it [yesterday|this morning|at the weekend] and forgot][.|!]",
        "Mind you, [I've just [heard|found out|realised]|I was [told|reminded] " + _LATELY + "]"
        " that [it's [already done|all sorted|been taken care of]|someone beat me to it|my "
        "other half [did|sorted] it], so [there's nothing for me to do|I can forget about it|"
        "that's off my list].",
        "[Oh,|Well,|Funny thing:] [it turns out|as it happens|I've since learnt that] [someone "
        "got there first|it had already been [sorted|done]|it was [dealt with|done|sorted] "
        "[just now|this week]][, so never mind|, so skip that one|].",
        "[No, wait|Sorry, no|Wait a moment], [I'm behind the times|I've only just found out"
        "|nobody told me]: [it's been [done|sorted|seen to]|someone else [did|handled] it]"
        " [already|in the meantime|since I asked][, without a word to me|].",
    ),
    EXPIRY: (
        "[I've seen|I checked|{Pron} showed me|{Pron} checked] the [paperwork|letter|email|small"
        " print][, so that's right|, so there's no mistake|, and that's definitely the date|, so"
        " it's definite].",
        "[{Pron} knows, so|I mentioned it to {obj}, so|{Pron} is aware of it, so] [{pron} is on "
        "top of it|{pron} can sort it out in time|it's in hand][, apparently|, or so {pron} "
        "says|, I think|].",
        "[At least|Well,|Mind you,] that's [what {pron} [said|reckons]|the date {pron} gave me"
        "|what it says on the letter][, and {pron} [usually|normally] gets these things right|,"
        " though I'd double-check|, for what it's worth|].",
        "{Pron} [seems|sounds] [quite|very|fairly|remarkably] [calm|relaxed|unbothered|laid "
        "back] about it[, to be fair|, which is typical|, funnily enough|].",
    ),
    # Taken back as a whole: an old one, long finished. A rumoured permit "renewed" or a date
    # "misread" would leave the person holding one with a date nobody gave, and "how long is
    # left?" no answer; "given up before it started" does not fit a warranty.
    twin_kind(TWIN_RUMOUR, EXPIRY): (
        "[Actually|Hang on|Sorry|Oh wait], [scratch that|ignore that|I take that back|forget I"
        " said that][:|,] [I was reading the date off {poss} old one, and that [finished|ended"
        "|came to an end] [ages ago|last year|months back]|I had an old [letter|email] in front of"
        " me, and {pron} let that one lapse [ages ago|last year]|that one [finished|ended] [ages"
        " ago|months back], I was looking at an old [letter|email]][.|!]",
        "Mind you, [I've since [found out|heard|learnt]|{pron} [told|assured] me "
        + _LATELY
        + "] that the date I had was off an old [letter|one|email]: [that one [finished|ended]"
        " [months ago|last year]|it was long [finished|over]|{pron} let it lapse [ages ago|last"
        " year]], so [there's nothing to keep track of|that one doesn't count|{pron} has nothing"
        " to sort].",
        "[No, wait|Sorry, no|Hmm, no], I [was thinking of an old one|had an old letter in mind"
        "|went by an old [email|reminder]][: that one [finished|ended] [ages ago|months back]|:"
        " {pron} let it lapse [last year|ages ago] and never replaced it][, silly me|, so forget"
        " that|].",
    ),
    twin_kind(TWIN_OTHERS, EXPIRY): (
        "[Sorry,|Wait,|Hang on,|Oops,|Hmm,] " + _MIXED + ": [it belongs to {poss} {other}, not "
        "to {obj}|I meant {poss} {other}, not {obj}|it's {poss} {other} I was thinking of|that's"
        " {poss} {other}'s, not {poss} own].",
        "[Actually,|Although,|Oh,] [come to think of it,|now I think about it,|thinking about "
        "it,] [it's {poss} {other}'s|that's {poss} {other}'s one|it belongs to {poss} {other}]"
        "[, not {poss} own|, I'm mixing them up|; {pron} just passed the news on].",
        "[No, hold on,|Sorry, no,|Wait, no,] [it's|that's] {poss} {other}'s[, not {poss} own|,"
        " silly me|, my mistake|; I mixed them up].",
    ),
    UPCOMING: (
        *STATUSES[STATEMENT],
        "[{Pron} [rang|texted|messaged] me " + _LATELY + "|I heard it from {obj} directly|It "
        "came straight from {obj}], so [it's [definite|certain|really happening]|there's no "
        "doubt about it|it's all fixed].",
    ),
    # A plan dropped told in the past ("it never happened") does not fit a date still to come
    # (`dated-future`, `core.bank.STATUS_UNFIT`): these say it is off, for the date given.
    twin_kind(TWIN_RUMOUR, UPCOMING): (
        *CONSIDERED_PLAN,
        "[Well,|Actually,|Sorry,|Hmm,|Oh,] [I'm getting ahead of myself|I spoke too soon|I've"
        " jumped the gun]: {pron} was only [thinking about it|weighing it up|pencilling it in],"
        " and [has since decided against it|has changed {poss} mind|is letting it go][, so it's"
        " not happening|, so scrap that|].",
        "[Mind you,|Though|Then again,] [I've told that as if it were fixed|I read that as"
        " settled|I heard more than {pron} said]: it's [off now|not going ahead|been dropped],"
        " {pron} [told me|let me know|said] " + _LATELY + ".",
        "[Sadly|Actually|Mind you|As it turns out], [it's been called off|the whole thing has "
        "fallen through|it isn't happening after all|that's all off now][, I heard "
        + _LATELY
        + "|, {pron} told me "
        + _LATELY
        + "|, which is a shame|].",
    ),
    twin_kind(TWIN_OTHERS, UPCOMING): (
        "[Sorry,|Wait,|Hang on,|Oops,] " + _MIXED + ": [that's {poss} {other}, not {obj}|I "
        "meant {poss} {other}, not {obj}|it's {poss} {other} I was thinking of|that's {poss} "
        "{other}'s news, not {poss} own].",
        "[Actually,|Although,|Oh,] [come to think of it,|now I think about it,|thinking about "
        "it,] [it's {poss} {other} who's doing that|that's {poss} {other}, not {obj}|I've got "
        "the wrong person: it's {poss} {other}][; {pron} just passed it on|, I'm mixing them "
        "up|].",
        "[No, hold on,|Sorry, no,|Wait, no,] it's {poss} {other} [I'm thinking of|whose plans "
        "those are|I mean][, not {obj}|, silly me|, my mistake].",
    ),
}

PROSPECTIVE_STATUS_REPLIES: dict[str, tuple[str, ...]] = {
    REMINDER: (
        "[Good|Right|Understood|Fair enough|Noted|Okay|Got it][.|!] [I'll [make sure|see to it]"
        " you remember[ in good time|].|Then I'll be sure to [nudge|remind|prompt] you[ nearer"
        " the day|].|I won't let it slip[ past|].|Leave it with me[, then|].]",
        "[Then|In that case|Right, then|Good, then] I'll [make doubly sure|be extra careful"
        "|take care|make a point] to [nudge|prompt|remind] you[, don't worry|, promise| in"
        " plenty of time| when it's close|].",
    ),
    twin_kind(TWIN_RUMOUR, REMINDER): (
        "[Oh, good|Great|Fair enough|Right|Ha][.|!] [I'll cross it off.|Nothing for me to "
        "chase, then.|One less thing to think about.|That saves you a job.]",
        "[Ah,|Oh,|Right,] [so I'll drop that one|nothing to nudge you about there|that's one off"
        " your plate][.|!] [Nice when things sort themselves out.|Good news.|]",
    ),
    EXPIRY: (
        "[Good to know|Right|Fair enough|Noted|Understood|Okay|Got it][.|!] [Best not to leave"
        " it to the last minute.|Those dates come round [fast|quicker than you think].|Hopefully"
        " {pron} gets it sorted in time.|Worth keeping an eye on.|Better early than late.]",
        "[Ah,|Oh,|Well,] [that's something|good that {pron} knows|that helps][.|!] [These things"
        " creep up on people.|Better to know early.|]",
    ),
    twin_kind(TWIN_RUMOUR, EXPIRY): (
        "[Oh|Ah|Right][.|!] [So that one is off the list.|Easy to muddle those.|Good to know."
        "|Then I won't keep track of it.]",
        "[Ah,|Oh,|Well,] [no harm done|easily done|fair enough][.|!] [One less thing to "
        "remember.|I'll cross it off.|]",
    ),
    twin_kind(TWIN_OTHERS, EXPIRY): STATUS_REPLIES[TWIN_OTHERS],
    UPCOMING: STATUS_REPLIES[STATEMENT],
    # Called off by the person or not: no reply praises a choice or pities a change of mind.
    twin_kind(TWIN_RUMOUR, UPCOMING): (
        "[Ah well|Oh well|Fair enough|Right|Understood][.|!] [Something else will turn up.|No"
        " rush, then.|Maybe another time.|Plans do change.|Never mind.]",
        "[Ah,|Oh,|Right,|Ah well,] [so that's off|plans change|so nothing doing][.|!] [Maybe"
        " another time.|These things happen.|Never mind.|]",
    ),
    twin_kind(TWIN_OTHERS, UPCOMING): STATUS_REPLIES[TWIN_OTHERS],
}

#: The bank every Prospective session is rendered from: the shared mention frames and replies
#: plus the three timed kinds and their twins (only kinds a session plan can carry).
PROSPECTIVE_BANK = Bank(
    # A remark after three true statements in ten: here the mere presence of a remark does not
    # mark a rival (the status-presence attacker reads `0.53` on Arithmetic and `0.65` on
    # Prospective at this share), and a remark after every statement buries their gold beyond
    # the BM25 band and repeats their own statuses past the language figures.
    status_share=0.3,
    frames=MappingProxyType({MENTION: FRAMES[MENTION], **PROSPECTIVE_FRAMES}),
    replies=MappingProxyType({MENTION: REPLIES[MENTION], **PROSPECTIVE_REPLIES}),
    family_replies=MappingProxyType({}),
    # Only mentions take the shared reactions and follow-ups: every other reply here is a
    # whole composed one.
    reactions=only(REACTIONS, (MENTION,)),
    follow_ups=only(FOLLOW_UPS, (MENTION,)),
    statuses=MappingProxyType(PROSPECTIVE_STATUSES),
    status_replies=MappingProxyType(PROSPECTIVE_STATUS_REPLIES),
)


def timed_twins(family: Family) -> tuple[str, ...]:
    """The twin kinds a timed family renders (those with statuses for its kind). Reminders have
    no someone-else's twin: the task in a reminder is always the user's."""
    return tuple(
        kind
        for kind in (TWIN_OTHERS, TWIN_RUMOUR)
        if twin_kind(kind, family.statement_kind) in PROSPECTIVE_STATUSES
    )


# --- due expressions ------------------------------------------------------------------------

#: Clock times a date-level expression may name (whole or half hours, 08:00-20:30).
_DAY_TIMES = tuple((h, m) for h in range(8, 21) for m in (0, 30))


#: Up to this many days ahead an instant is named in whole days ("in forty days" reads as
#: digits beyond thirty: "in 45 days"); beyond it, in whole weeks.
EXACT_DAYS = 60


def due_expression(rng: random.Random, session: datetime, approx: datetime) -> tuple[str, datetime]:
    """A due expression stated in the session at `session` for an instant near `approx`, and
    the exact instant it names.

    The form depends only on how far ahead the instant lies: hours within the day, a clock time
    tomorrow, a weekday within the week, whole days up to `EXACT_DAYS`, whole weeks beyond. Every
    result is re-resolved with the checker's own reader and refused if it disagrees.
    """
    if approx <= session:
        raise ClockError(f"{approx} is not after the session {session}")
    days = (approx.date() - session.date()).days
    if days == 0:
        hours = max(1, min(12, round((approx - session).total_seconds() / 3600)))
        instant = session + timedelta(hours=hours)
        expression = future_expression(session, instant, style="hours")
    elif days <= 6:
        # A clock time tomorrow, or on a named weekday within the coming week ("on Friday",
        # never "next Friday", whose meaning depends on a convention; never the session's own
        # weekday, which "on Friday" said on a Friday would leave ambiguous).
        h, m = rng.choice(_DAY_TIMES)
        day = approx.date()
        instant = datetime(day.year, day.month, day.day, h, m)
        style = "tomorrow" if days == 1 else "weekday"
        expression = future_expression(session, instant, style=style)
        if expression.startswith("next "):
            expression = "on " + expression[len("next ") :]
    else:
        if days > EXACT_DAYS or days == 7:
            days = 7 * round(days / 7)
        instant = session + timedelta(days=days)
        options = []
        if days % 7 == 0:
            options.append(future_expression(session, instant, style="weeks"))
        if days <= EXACT_DAYS:
            in_days = future_expression(session, instant, style="days")
            options += [in_days, in_days[len("in ") :] + " from now"]
        expression = rng.choice(options)
    if resolve(expression, session) != instant:
        raise ClockError(
            f"{expression!r} from {format_date(session)} does not resolve to {format_date(instant)}"
        )
    return expression, instant


def spoken_instant(moment: datetime) -> str:
    """An instant as an answer names it: `Friday 14 March 2025 at 15:00` (answers are answer
    key, never message content, so they may carry the date)."""
    return (
        f"{WEEKDAY_NAMES[moment.weekday()]} {moment.day} {MONTH_NAMES[moment.month - 1]} "
        f"{moment.year} at {moment.hour:02d}:{moment.minute:02d}"
    )


def span(delta: timedelta) -> str:
    """A positive duration in words for an answer: `about 5 days`, `about 7 hours`."""
    seconds = abs(delta.total_seconds())
    if seconds < 86400:
        hours = max(1, round(seconds / 3600))
        return "about an hour" if hours == 1 else f"about {hours} hours"
    days = round(seconds / 86400)
    return "about a day" if days == 1 else f"about {days} days"
