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
from corpora.generate.core.bank import FOLLOW_UPS, FRAMES, REACTIONS, REPLIES
from corpora.generate.core.clock import ClockError, format_date, future_expression
from corpora.generate.core.render import Bank
from corpora.generate.core.wording import compose, only
from corpora.generate.core.world import MENTION, TWIN_OTHERS, TWIN_RUMOUR, Family

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

#: Twins of timed moves. Someone else's permit, start or delivery reads like the person's own
#: (`my dad's friend's parking permit …`), so it borrows the kind's frames; a reminder that turned
#: out not to be needed, and a permit or plan the user had misread, have frames of their own,
#: each opening and closing in many wordings (no fixed phrase marks them).
#: Reminders have no someone-else's twin: the task in a reminder is always the user's.
PROSPECTIVE_TWIN_FRAMES: dict[str, tuple[str, ...]] = {
    f"{TWIN_OTHERS}/{EXPIRY}": PROSPECTIVE_FRAMES[EXPIRY],
    f"{TWIN_OTHERS}/{UPCOMING}": PROSPECTIVE_FRAMES[UPCOMING],
    f"{TWIN_RUMOUR}/{REMINDER}": (
        "[I was going to|I nearly|I almost|I meant to] ask you to remind me to {clause} "
        "{due}, but [it is sorted already|someone else has done it|that has been dealt "
        "with|it turns out it is done].",
        "[Never mind|Forget|Scratch] [a|the] reminder to {clause} {due}: [someone else has "
        "taken care of it|it is already done|it has been dealt with|it is sorted].",
        "No need to remind me to {clause} {due} after all[; that has been dealt with|, it is "
        "done|, someone beat me to it|, it is all sorted].",
    ),
    f"{TWIN_RUMOUR}/{EXPIRY}": (
        "[I thought|Someone told me|I had it in my head that|It looked as if|I was sure] "
        "{holder}'s {clause} {due}, but [I had misread it and it has been renewed|that was a "
        "mix-up|it has been renewed already|I had the dates muddled and it is renewed].",
        "[Oh, and|Also,|By the way,|So] {holder}'s {clause} {due}, [or so I thought, but it "
        "has been renewed|I would have told you, but it turns out it was renewed|or it would "
        "have, but it has been renewed].",
    ),
    f"{TWIN_RUMOUR}/{UPCOMING}": (
        "[Someone said|I had heard that|It looked as if|I was told that|Word was that] "
        "{holder} {clause} {due}, but [that plan has fallen through|the whole thing is off now|it is not happening after all|it has been called off|that is all cancelled, sadly].",
        "[Oh, and|Also,|So|Bit of news:] {holder} {clause} {due}, [or that was the plan, but "
        "the whole thing is off now|at least that was the idea, but it has fallen through|or so we thought, "
        "but it is cancelled].",
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
            "I have it down, for {your} sake.",
            "I will keep it in view for {your}.",
            "I will remind you about {thing} for {your}.",
            "{Thing} for {your} is on my list.",
        ),
        ("", "Anything else for the list?", "Leave it with me."),
    ),
    EXPIRY: _reply(
        ("Ah.", "Good to know.", "Thanks.", "Useful.", "Right.", "Oh dear.", ""),
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
        ("", "Those dates creep up fast.", "Those things come round sooner than you think."),
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
        ("", "Is everything ready?", "Are you going along too?"),
    ),
}

PROSPECTIVE_TWIN_REPLIES: dict[str, tuple[str, ...]] = {
    f"{TWIN_OTHERS}/{EXPIRY}": _reply(
        ("Ah.", "Right.", "Interesting.", ""),
        (
            "Does {owner_your} know that one is coming up?",
            "I wonder if {owner_your} will remind them.",
            "Those dates creep up on everyone, {owner_your}'s friends included.",
            "Has anyone told {owner_your} about that?",
        ),
        ("", "Easy to forget those.", "Worth a reminder."),
    ),
    f"{TWIN_OTHERS}/{UPCOMING}": _reply(
        ("Exciting for them.", "Good luck to them.", "How nice.", ""),
        (
            "Is {owner_your} going along?",
            "Will {owner_your} help out?",
            "That will come round quickly for them.",
            "Is {owner_your} pleased for them?",
        ),
        ("", "Busy times all round.", "Good for them."),
    ),
    f"{TWIN_RUMOUR}/{REMINDER}": _reply(
        ("Fair enough.", "Good.", "Right.", "Lovely.", ""),
        (
            "One less thing to remember for {your}, then.",
            "I will leave that one for {your} off the list.",
            "No reminder about {your} for that one.",
            "That is one off the list for {your}.",
            "Glad someone got there first for {your}.",
            "So nothing for me to chase for {your}.",
        ),
        ("", "Nice when things sort themselves out.", "Anything else instead?", "Good news."),
    ),
    f"{TWIN_RUMOUR}/{EXPIRY}": _reply(
        ("Oh, good.", "Phew.", "Easy to misread those dates.", "Right.", ""),
        (
            "Good that it was renewed in time for {your}.",
            "Glad it is sorted for {your}.",
            "That is a relief for {your}.",
            "One less thing for {your} to worry about.",
            "So {your} is covered after all.",
        ),
        ("", "Those dates are easy to muddle.", "Better to check than not."),
    ),
    f"{TWIN_RUMOUR}/{UPCOMING}": _reply(
        ("Shame.", "Oh, pity.", "Plans change.", "Ah well.", ""),
        (
            "I hope {your} is not too disappointed.",
            "Maybe another time for {obj}.",
            "Shame it fell through for {your}.",
            "Was {your} very let down?",
            "Back to the drawing board for {your}, then.",
        ),
        ("", "These things happen.", "Is there a new plan?"),
    ),
}

#: The bank every Prospective session is rendered from: the shared mention frames and replies
#: plus the three timed kinds and their twins (only kinds a session plan can carry).
PROSPECTIVE_BANK = Bank(
    frames=MappingProxyType(
        {MENTION: FRAMES[MENTION], **PROSPECTIVE_FRAMES, **PROSPECTIVE_TWIN_FRAMES}
    ),
    replies=MappingProxyType(
        {MENTION: REPLIES[MENTION], **PROSPECTIVE_REPLIES, **PROSPECTIVE_TWIN_REPLIES}
    ),
    family_replies=MappingProxyType({}),
    # Only mentions take the shared reactions and follow-ups: every other reply here is a
    # whole composed one.
    reactions=only(REACTIONS, (MENTION,)),
    follow_ups=only(FOLLOW_UPS, (MENTION,)),
)


def timed_twins(family: Family) -> tuple[str, ...]:
    """The twin kinds a timed family renders (those with frames for its kind)."""
    return tuple(
        kind
        for kind in (TWIN_OTHERS, TWIN_RUMOUR)
        if f"{kind}/{family.statement_kind}" in PROSPECTIVE_TWIN_FRAMES
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
