"""Arithmetic's move kinds and template families: payments with amounts, and dispatches with
their replies.

Two kinds of fact carry what an Arithmetic question combines, and every Arithmetic session makes
one move of each (plus a twin and a neutral mention), whether or not either is what its
question asks about:

- `payment` — someone paid an amount for something (`my sister paid 845.20 euros at the
  Velmor vet`). Sums, deltas and counts are built from these. Each person pays in one currency
  (where they live), so a haystack's amounts fall into four currencies, and a sum or delta
  combines the values of one of them.
- `dispatch` / `return` — someone sent a batch of things off today (parcels, invitations,
  applications, seeds), and later one of them came back or came through today. A duration adds
  up, for each return, the calendar days since the batch went off, read from the sessions' own
  timestamps.

Value-bearing twins name the same person, family and a value, and are not the fact: a payment
someone else made, one that was only talk, one thought about and not made; a return that was
someone else's or never happened, a batch thought about and kept back. Each is told in the
very frames and clauses of the fact it rivals (`Move.told_as`: `my sister paid 845.20 euros at
the Velmor vet`), and what makes it a rival comes in the user's next turn, a status naming no
family keyword (`Sorry, I'm mixing people up: that's her flatmate, not her.`); a true payment,
batch or return gets such a turn at times too, a confirmation or a hedge. So no statement of a
value is marked by its own wording: a reader must read on to know what became of it.

Writing rules (held by `check_amounts_bank` at import, like the shared bank's): no digit,
bracket or em dash in any template (digits enter only through an amount the generator writes),
no weekday or month word (an amount next to one would read as a date), and every clause and
topic names its family's question keyword, so no move kind is easier to retrieve than another.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from checker.text import bm25_tokens, raw_tokens, sentences
from corpora.generate.core.bank import (
    CLOSERS,
    FOLLOW_UPS,
    REACTIONS,
    RELATIONS,
    STATUS_REPLIES,
    STATUS_UNFIT,
    STATUSES,
    openers_at,
    sign_offs_at,
)
from corpora.generate.core.grammar import flatten
from corpora.generate.core.render import Bank
from corpora.generate.core.wording import always, compose, expansions, has_any, only, plain
from corpora.generate.core.world import (
    MENTION,
    TWIN_CONSIDERED,
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Family,
)

PAYMENT = "payment"
DISPATCH = "dispatch"
RETURN = "return"

#: The currencies people pay in: derivation unit (the checker's `UNIT_ALIASES` key) → the word
#: an amount is written with. Four, so that a haystack's values of any one currency stay few
#: enough for the coincident-subset search to be exhaustive and its answer clean.
CURRENCIES: Mapping[str, str] = MappingProxyType(
    {"EUR": "euros", "GBP": "pounds", "USD": "dollars", "CHF": "francs"}
)
#: Amounts are drawn in cents from this range (both ends included): always three or four
#: whole-number digits, so no amount can read as a year and every amount has the same shape.
AMOUNT_CENTS = (100_00, 4_999_99)


def format_amount(cents: int, currency: str) -> str:
    """`4,512.30 euros`: grouped thousands, two decimals, the currency word after the number."""
    return f"{cents // 100:,}.{cents % 100:02d} {CURRENCIES[currency]}"


def amount_text(cents: int) -> str:
    """The number alone, as an amount writes it (`4,512.30`)."""
    return f"{cents // 100:,}.{cents % 100:02d}"


@dataclass(frozen=True)
class AmountFamily(Family):
    """A payment or dispatch family: the shared `Family` the renderer reads, with the kind each
    twin is told as, and the phrases questions use."""

    #: Words every clause and topic of the family names (and its questions do).
    keywords: tuple[str, ...] = ()
    #: Twin kind → the kind it is told as (`Move.told_as`), whose frames and clauses it reads:
    #: every payment twin as a payment; someone else's return and one that never came as a
    #: return, a batch kept back as a batch sent off.
    twin_clauses: Mapping[str, str] = field(default_factory=dict)
    #: Payment families: how a question names the spending (`at the vet`).
    spent_on: str = ""
    #: Dispatch families: how a duration question names one thing of the batch (`parcel`)
    #: and what its return is (`arrive`).
    each: str = ""
    finish: str = ""

    def clause_key(self, kind: str) -> str:
        return self.twin_clauses.get(kind, kind)


def _payment(
    key: str,
    noun: str,
    *,
    keywords: tuple[str, ...],
    spent_on: str,
    paid: tuple[str, ...],
    topics: tuple[str, ...],
) -> AmountFamily:
    return AmountFamily(
        key=key,
        noun=noun,
        questions=tuple(q.replace("{spent_on}", spent_on) for q in SUM_QUESTIONS),
        answer_value="{V}",
        clauses=MappingProxyType({PAYMENT: paid}),
        topics=topics,
        statement_kind=PAYMENT,
        twin_clauses=MappingProxyType(
            {TWIN_OTHERS: PAYMENT, TWIN_RUMOUR: PAYMENT, TWIN_CONSIDERED: PAYMENT}
        ),
        keywords=keywords,
        spent_on=spent_on,
    )


def _dispatch(
    key: str,
    noun: str,
    *,
    keywords: tuple[str, ...],
    each: str,
    finish: str,
    sent: tuple[str, ...],
    returned: tuple[str, ...],
    topics: tuple[str, ...],
) -> AmountFamily:
    return AmountFamily(
        key=key,
        noun=noun,
        questions=(DURATION_QUESTION.format(each=each, finish=finish, holder="{holder}"),),
        answer_value="{V}",
        clauses=MappingProxyType({DISPATCH: sent, RETURN: returned}),
        topics=topics,
        statement_kind=DISPATCH,
        twin_clauses=MappingProxyType(
            {TWIN_OTHERS: RETURN, TWIN_RUMOUR: RETURN, TWIN_CONSIDERED: DISPATCH}
        ),
        keywords=keywords,
        each=each,
        finish=finish,
    )


#: Question templates. Their own words (`much`, `spent`, `altogether` …) never occur in any
#: conversation template (`check_amounts_bank`), so a question's words can only match a
#: session through the people and the family it names: competition, not template noise.
SUM_QUESTIONS = (
    "How much has {holder} spent {spent_on} altogether?",
    "How much has {holder} spent {spent_on} in total?",
)
COUNT_QUESTIONS = (
    "How many times has {holder} spent money {spent_on}?",
    "On how many occasions has {holder} spent money {spent_on}?",
)
DELTA_QUESTIONS = (
    "How much more has {holder} spent {spent_on} than {other} has?",
    "By how much has {holder} outspent {other} {spent_on}?",
)
DURATION_QUESTION = (
    "Adding up how many days each {each} from {holder}'s batch took to {finish}, what is the total?"
)

# Payment clauses follow `{holder}` and carry `{V}` (an invented name: a practice, a shop, a
# place) and `{A}` (the amount, currency word included).
PAYMENT_FAMILIES: tuple[AmountFamily, ...] = (
    _payment(
        "vet",
        "vet bills",
        keywords=("vet",),
        spent_on="at the vet",
        paid=(
            "[paid|handed over|coughed up] {A} at the {V} vet for {poss} cat's check-up",
            "settled a vet bill of {A} with the {V} clinic",
            "[laid out|forked out|shelled out|parted with] {A} at the {V} vet on the dog's injections",
        ),
        topics=(
            "vet bills that keep going up",
            "whether pet insurance covers the vet",
            "finding a vet open at weekends",
        ),
    ),
    _payment(
        "garage",
        "car repairs",
        keywords=("car",),
        spent_on="on car repairs",
        paid=(
            "[paid|handed over|coughed up] {A} at the {V} garage to get {poss} car fixed",
            "[laid out|forked out|shelled out|parted with] {A} on car repairs at the {V} garage",
            "handed the {V} garage {A} for new brakes on the car",
        ),
        topics=(
            "the price of car repairs",
            "whether an old car is worth fixing",
            "finding a garage that is honest about a car",
        ),
    ),
    _payment(
        "flights",
        "flights",
        keywords=("flights",),
        spent_on="on flights",
        paid=(
            "booked flights to {V} for {A}",
            "[laid out|forked out|shelled out|parted with] {A} on return flights to {V}",
            "[paid|handed over|coughed up] {A} for flights out to {V}",
        ),
        topics=(
            "flights that get dearer every time you look",
            "whether cheap flights are worth the hassle",
            "flights with long stopovers",
        ),
    ),
    _payment(
        "furniture",
        "furniture",
        keywords=("furniture",),
        spent_on="on furniture",
        paid=(
            "[paid|handed over|coughed up] {A} for a sofa from the {V} furniture shop",
            "[laid out|forked out|shelled out|parted with] {A} on furniture at {V}",
            "bought a furniture set from {V} for {A}",
        ),
        topics=(
            "furniture that arrives in a hundred pieces",
            "second-hand furniture",
            "how long good furniture lasts",
        ),
    ),
    _payment(
        "dentist",
        "dentist bills",
        keywords=("dentist",),
        spent_on="at the dentist",
        paid=(
            "paid the {V} dentist {A} for a filling",
            "[laid out|forked out|shelled out|parted with] {A} at the dentist, the {V} practice",
            "handed over {A} to {V}, the dentist, for a crown",
        ),
        topics=(
            "dentist waiting lists",
            "whether the dentist ever runs on time",
            "how often to see a dentist",
        ),
    ),
    _payment(
        "builders",
        "building work",
        keywords=("builders",),
        spent_on="on builders",
        paid=(
            "paid the {V} builders {A} for the new garden wall",
            "[laid out|forked out|shelled out|parted with] {A} on builders from {V} to fix the roof",
            "settled up with the {V} builders for {A}",
        ),
        topics=(
            "builders who never turn up when they say",
            "whether builders' estimates mean anything",
            "living with builders in the house",
        ),
    ),
    _payment(
        "course",
        "course fees",
        keywords=("course",),
        spent_on="on course fees",
        paid=(
            "[paid|handed over|coughed up] {A} for a pottery course at {V} college",
            "[laid out|forked out|shelled out|parted with] {A} on a language course at {V}",
            "signed up for a cookery course at {V} for {A}",
        ),
        topics=(
            "an evening course for adults",
            "whether an online course counts",
            "finishing a course you started",
        ),
    ),
    _payment(
        "holiday",
        "holiday lets",
        keywords=("holiday",),
        spent_on="on holiday lets",
        paid=(
            "[paid|handed over|coughed up] {A} for a holiday cottage in {V}",
            "[laid out|forked out|shelled out|parted with] {A} on a holiday flat at {V}",
            "booked a holiday let in {V} for {A}",
        ),
        topics=(
            "holiday lets that look nothing like the photos",
            "whether a holiday at home is a holiday",
            "booking a holiday a year ahead",
        ),
    ),
    _payment(
        "bike",
        "bike costs",
        keywords=("bike",),
        spent_on="on {poss} bike",
        paid=(
            "[paid|handed over|coughed up] {A} at the {V} bike shop for new wheels",
            "[laid out|forked out|shelled out|parted with] {A} on bike parts from {V}",
            "bought a bike from {V} for {A}",
        ),
        topics=(
            "bike lanes that stop in the middle of nowhere",
            "whether an electric bike is cheating",
            "keeping a bike safe in town",
        ),
    ),
    _payment(
        "tickets",
        "concert tickets",
        keywords=("tickets",),
        spent_on="on concert tickets",
        paid=(
            "[paid|handed over|coughed up] {A} for concert tickets to see {V}",
            "[laid out|forked out|shelled out|parted with] {A} on tickets for the {V} festival",
            "bought concert tickets for the {V} tour for {A}",
        ),
        topics=(
            "concert tickets that sell out in minutes",
            "whether tickets for a big show are worth it",
            "standing tickets or seats at a concert",
        ),
    ),
    _payment(
        "plumber",
        "plumbing",
        keywords=("plumber",),
        spent_on="on the plumber",
        paid=(
            "paid the plumber, {V}, {A} for the boiler",
            "[laid out|forked out|shelled out|parted with] {A} on a plumber from {V} to fix the leak",
            "handed {V} the plumber {A} for new pipes",
        ),
        topics=(
            "how hard it is to find a plumber",
            "plumber call-out charges",
            "whether a plumber can be trusted with a boiler",
        ),
    ),
    _payment(
        "phone",
        "phone costs",
        keywords=("phone",),
        spent_on="on {poss} phone",
        paid=(
            "[paid|handed over|coughed up] {A} at the {V} repair shop to fix {poss} phone",
            "[laid out|forked out|shelled out|parted with] {A} on a new phone from {V}",
            "had {poss} phone screen replaced at {V} for {A}",
        ),
        topics=(
            "phone screens that crack at the first drop",
            "how long a phone should last",
            "phone contracts",
        ),
    ),
)

# Dispatch and return clauses follow `{holder}`; every one says the thing happened today, so a
# return's distance from its dispatch is the calendar days between the two sessions.
DISPATCH_FAMILIES: tuple[AmountFamily, ...] = (
    _dispatch(
        "parcels",
        "parcels",
        keywords=("parcel", "parcels"),
        each="parcel",
        finish="arrive",
        sent=(
            "[posted|sent off|dropped off] a [pile|stack|whole heap] of parcels at the {V} post office today",
            "carried a whole stack of parcels to the {V} post office today",
        ),
        returned=(
            "[heard|found out|got a message] that {poss} parcel to {V} [arrived|turned up|got there] today",
            "got word today that the parcel {pron} sent to {V} had arrived",
        ),
        topics=(
            "parcels that go missing",
            "what it costs to post a parcel abroad",
            "parcel tracking that never updates",
        ),
    ),
    _dispatch(
        "invitations",
        "party invitations",
        keywords=("invitation", "invitations"),
        each="invitation",
        finish="be replied to",
        sent=(
            "sent out the invitations for {poss} party at {V} today",
            "posted all the invitations to {poss} party at the {V} rooms today",
        ),
        returned=(
            "got a reply to {poss} party invitation from {V} today",
            "heard back from {V} about the invitation today",
        ),
        topics=(
            "invitations nobody answers",
            "whether an invitation by message is rude",
            "how early an invitation should go out",
        ),
    ),
    _dispatch(
        "applications",
        "job applications",
        keywords=("application", "applications"),
        each="application",
        finish="be answered",
        sent=(
            "sent off a round of job applications from the {V} library today",
            "finished and sent a pile of job applications at the {V} careers office today",
        ),
        returned=(
            "heard back from {V} about a job application today",
            "got an answer from {V} on {poss} application today",
        ),
        topics=(
            "application forms that ask the same thing twice",
            "how long an application should take to write",
            "never hearing back about an application",
        ),
    ),
    _dispatch(
        "seeds",
        "seeds",
        keywords=("seeds",),
        each="of the seeds",
        finish="come up",
        sent=(
            "sowed a whole tray of seeds from the {V} nursery today",
            "started a tray of seeds bought at {V} market on the windowsill today",
        ),
        returned=(
            "saw {poss} {V} seeds come up today",
            "found the {V} seeds in {poss} tray had sprouted today",
        ),
        topics=(
            "seeds that never come up",
            "whether seeds from the supermarket are any good",
            "how early to start seeds indoors",
        ),
    ),
)

FAMILIES: dict[str, AmountFamily] = {f.key: f for f in (*PAYMENT_FAMILIES, *DISPATCH_FAMILIES)}

#: How a piece of news about someone opens and closes, for every kind alike: payments, batches
#: sent off and answers come back, true or (told as one) a rival, so no opening or closing marks
#: which is which.
_NEWS = (
    "[Bit of news|Some news|An update|Something for you] [about|on|from] {holder}: {pron} "
    "{clause}.",
    "[Did I tell you that|Did you hear that|Have I told you that] {holder} {clause}?",
    "[So|Right, so|Oh, and|Also,|Anyway,|Now,] {holder} {clause}[, apparently|, so {pron} "
    "tells me|, by all accounts|].",
    "I found out {when} that {holder} {clause}.",
    "[Apparently|As it happens|It turns out|Funny thing:|Guess what:] {holder} {clause}.",
    "[{Holder} rang to say|{Holder} told me|{Holder} let slip that|{Holder} was telling me "
    "that|I gather from {holder} that] {pron} {clause}[, over coffee|, over lunch|].",
    "{Holder} {clause}, [which I only heard {when}|as far as I know|or so I gather].",
)
#: The same for batches sent off and answers come back, whose clauses say `today` themselves
#: (a colour expression of time beside them would contradict it).
_NEWS_TODAY = tuple(
    t.replace("which I only heard {when}|", "")
    for t in _NEWS
    if "{when}" not in t.replace("which I only heard {when}|", "")
)

#: Frames per move kind: `{clause}` is the family clause, `{holder}` and the pronoun forms the
#: person's (`my sister`). Twins have none of their own: each is told as the kind it rivals.
AMOUNT_FRAMES: dict[str, tuple[str, ...]] = {
    PAYMENT: _NEWS,
    DISPATCH: _NEWS_TODAY,
    RETURN: _NEWS_TODAY,
}

#: Near misses: the person and the family come up, and no amount, payment or return does.
MENTION_FRAMES: tuple[str, ...] = (
    "{Holder} and I [talked|chatted|went on] for ages about {topic}.",
    "{When} {holder} asked for my opinion on {topic}.",
    "I had a [chat|long chat|natter] with {holder} about {topic}, which went round in circles.",
    "{Holder} sent me a [message|long message|voice note] about {topic} that I still have not "
    "[read properly|got to|got back to {obj} about].",
    "Over [dinner|lunch|a cup of tea] {holder} got going on {topic} [again|once more].",
    "{Holder} has strong views on {topic}, as you can imagine.",
)
MENTION_REPLIES: tuple[str, ...] = (
    compose(
        ("Ha.", "I can imagine.", "Fair enough.", "Oh, that one.", "Oh dear.", "Classic.", ""),
        (
            "That sounds like quite a conversation with {your}.",
            "Did you and {your} reach any real conclusions?",
            "Sounds like {your} has a lot of thoughts on {topic}.",
            "Did {your} manage to convince you in the end?",
            "Talk of {topic} never quite gets settled, does it?",
            "People do feel strongly about {topic}.",
            "{Your} clearly has strong opinions on {topic}.",
            "Everyone seems to have a view on {topic}.",
            "I think {topic} gets everyone going.",
        ),
        (
            "",
            "Where do you stand on it yourself?",
            "Are you on the same side as {obj}?",
            "Did you agree with {obj}?",
            "Who won the argument?",
        ),
    ),
)


#: Words that name how only some dispatch families end (an answer, a reply, an arrival, a
#: sprouting): no reply to a batch sent off or to a return uses one.
EVENT_WORDS = frozenset(
    "reply replies replied answer answered answers heard hear hearing back arrive arrived"
    " arrival delivered delivery sprout sprouted sprouting come grew grow".split()
)


def _reply(*slots: tuple[str, ...]) -> tuple[str, ...]:
    return (compose(*slots),)


#: Assistant replies per move kind, the same for every family (a twin, told as a payment, a
#: return or a batch sent off, gets that kind's reply); each names whom the turn was about and
#: answers what it did, never restating an amount. Each is a reaction, a reference
#: to what was said and, sometimes, a follow-up. Since one reply serves every family of its
#: kind, none names what only some families do (`EVENT_WORDS`: a reply "heard back" fits an
#: application but not seeds come up, "a quick reply" an invitation but not parcels).
AMOUNT_REPLIES: dict[str, tuple[str, ...]] = {
    PAYMENT: _reply(
        (
            "That is quite a sum.",
            "Not cheap.",
            "Ouch.",
            "Goodness.",
            "Right.",
            "Fair enough.",
            "Quite a bill.",
            "Oof.",
            "Steep.",
            "",
        ),
        (
            "Was that roughly the bill {your} was braced for?",
            "I hope {your} got a good deal, at least.",
            "I hope {your} thought it was worth it.",
            "Was that roughly what {your} was expecting to pay?",
            "Did {your} shop around first?",
            "How does {your} feel about paying out like that?",
            "Is {your} happy with how the whole thing turned out?",
            "I hope it sorted things out for {your}.",
            "Was {your} braced for a bill like that?",
            "I hope {thing} was worth every penny for {your}.",
            "{Thing} sounds like a pricey business for {your}.",
            "At least {thing} is dealt with and paid for now, for {your}.",
            "Was {thing} a nasty shock for {your}, price-wise?",
            "Did {your} get a fair price on {thing}, at least?",
        ),
        (
            "",
            "These things add up.",
            "Prices nowadays!",
            "Was it a surprise?",
            "It all mounts up.",
            "Bills like that sting.",
            "Everything costs more now.",
        ),
    ),
    DISPATCH: _reply(
        (
            "That is a lot of work.",
            "Busy day.",
            "Well done.",
            "Good going.",
            "Phew.",
            "Blimey.",
            "",
        ),
        (
            "I hope it all goes smoothly for {your}.",
            "Now it is just a matter of waiting patiently for {your}.",
            "That was very well organised of {your}, getting it all done.",
            "Fingers crossed it all works out for {your}.",
            "That is a good job done for {your}.",
            "{Your} has earned a proper sit down after that.",
        ),
        ("", "Let me know how it goes.", "Now the waiting starts.", "Keep me posted."),
    ),
    RETURN: _reply(
        ("At last.", "Ah, finally.", "Oh, good.", "Right.", "Well, there we are.", "Ah.", ""),
        (
            "That is one less thing for {your} to wait on.",
            "So {your} finally has some news after all that waiting, then.",
            "{Your} must be glad the waiting is over.",
            "That is another thing settled for {your}.",
            "Good that {your} is not left wondering any more.",
            "That will take a real weight off {your}.",
            "I bet {your} was keeping a close eye out for that.",
        ),
        (
            "",
            "What a relief for {obj}.",
            "{Pron} must have been checking every day.",
            "Was it worth the wait?",
        ),
    ),
}

#: How a reply names what a family's payment went on, without its amount.
_PAID_FOR = {
    "vet": "[the vet bill|the trip to the vet]",
    "garage": "[the repair bill|the garage bill]",
    "flights": "[the trip|the flight booking]",
    "furniture": "[the furniture|the new furniture]",
    "dentist": "[the dental work|the dentist's bill]",
    "builders": "[the building work|the building job]",
    "course": "[the course|the course booking]",
    "holiday": "[the holiday let|the holiday]",
    "bike": "the bike",
    "tickets": "[the concert|the ticket booking]",
    "plumber": "[the plumbing job|the plumber's bill]",
    "phone": "the phone",
}


_LATER = "[later|afterwards|when we spoke|when I saw {obj}|when I rang {obj}|just now]"
#: What a true payment, batch or answer gets said after it at times (`render.STATUS_SHARE`),
#: as a rival gets its status every time: a confirmation or a hedge, naming no family keyword,
#: so that a turn after a statement says nothing about whether the statement held.
_SURE = (
    "[And|Oh, and|Yes, and|Oh yes, and] [I [checked|double-checked] with {obj} "
    + _LATER
    + "|{pron}"
    " [confirmed it|told me so {obj}self|said so] " + _LATER + "][, so it's [definite"
    "|certain|right]|, so no doubt there|].",
    "[That's what {pron} [said|told me], anyway|If I heard {obj} right, anyway|At least, that's"
    " [my understanding|how I understood it|what I gathered]][, and {pron} [seemed|sounded]"
    " [sure|certain|definite] about it|, though I'd want to check|, going by what {pron} said|].",
    "[And before you ask,|For the record,|Just so you know,|And yes,] it's [true|right|real"
    "|definite|no mistake], I [asked|checked with|had it from] {obj} " + _LATER + ".",
)
_PAID_STATUS = (
    *_SURE,
    "[And|Oh, and|Yes, and] {pron} [showed me the receipt|sent me a photo of the receipt|has"
    " the receipt to prove it|kept the receipt, naturally][, so that's [real|certain|settled]"
    "|, bless {obj}|, to be fair|].",
    "[Honestly,|Well,|Mind you,|To be fair,] {pron} [wasn't thrilled|grumbled a bit|winced a"
    " bit|didn't seem to mind|says it was worth it|was philosophical about it][, but it had to"
    " be done|, to be fair|, and why not|, by the sound of it|].",
    "[It had been|It was] [a while coming|on the cards for a while|put off for ages|due for"
    " ages][, to be fair|, honestly|, so nobody's surprised|, so it's no shock][.|!]",
)
_SENT_STATUS = (
    *_SURE,
    "[Honestly,|Well,|To be fair,] {pron} [was glad to get it done|said it was a whole morning's"
    " work|was worn out afterwards|had been putting it off for ages][, bless {obj}|, and I don't"
    " blame {obj}|, by the sound of it|].",
)
_BACK_STATUS = (
    *_SURE,
    "[Honestly,|Well,|To be fair,] {pron} [rang me straight away to tell me|sounded relieved"
    "|had been waiting a while|had almost given up][, bless {obj}|, by the sound of it|, and"
    " no wonder|].",
)
#: The assistant takes a confirmation or a hedge in: acknowledgements that fit either.
_SURE_REPLIES = (
    "[Fair enough|Good to know|Noted|Right|Ah, okay|Understood|Got it|Okay][.|!] [Thanks for"
    " [filling me in|telling me|the detail|the update].|I'll bear that in mind"
    "[ for later|].|Thanks, that [helps|is useful].|That's [useful|handy|good] to know.|Tell"
    " me if it changes.]",
    "[Ah,|Oh,|Well,|Right,|Okay,] [that's good to know|fair enough|I see|that's helpful"
    "|that makes sense][.|!] [Thanks for [telling me|letting me know"
    "|explaining].|It helps to know.|I'll keep that in mind.|Tell me if it changes.]",
)
#: What makes a rival one, for payments, returns and batches alike (the core's wordings, with
#: a value named bare: `the {V}` reads wrongly for a place or a plumber).
#: The user's own mix-up, never gossip: a payment passed on as the person's own news (the
#: core's wordings).
_NOT_SO = STATUSES[TWIN_RUMOUR]
#: A payment or batch considered, told as done: each says how the user came to tell it as
#: done (ahead of the facts, or mishearing), so it fits a sentence the person told the user too.
_NOT_DONE = (
    "[Well,|Actually,|Sorry,|Hmm,|Oh,] [not quite|I'm getting ahead of myself|that's not"
    " quite right|I spoke too soon|that's overstating it]: {pron} [only|just] [thought about"
    " it|had it all lined up|weighed it up|got as far as planning it|talked it over with me]"
    " and [decided against it|didn't go ahead|let it go|changed {poss} mind|left it there].",
    "[Mind you,|Though|Then again,|Except] [I've jumped the gun|I've told that as if it was"
    " done|I'm ahead of the facts][:|,] {pron} [changed {poss} mind|decided against it"
    "|dropped the idea|thought better of it] [at the last minute|in the end|after all][, so it"
    " never happened|, so nothing came of it|, so that's that|, so scrap that].",
    "[Or so I thought|That was the plan, anyway|That was the idea|At least that was the"
    " plan|That's what {pron} said at first], but {pron} [backed out|pulled out|got cold"
    " feet|thought better of it|went off it] [at the last minute|in the end|once {pron}"
    " thought it over].",
    "[Well,|Oh,|Hmm,] [I've said that wrong|I put that badly]: it was only ever the plan[,"
    " really|, at the time|], and [it fell through|{pron} went off it|{pron} never went"
    " ahead|it didn't happen in the end|{pron} let it drop][, I'm afraid|, sadly|, funnily"
    " enough|].",
    "[Sorry,|Hang on,|Hmm,] I [misheard|got ahead of what {pron} said|got the wrong idea]:"
    " {pron} [was about to|meant to|was all set to|had it booked in], and then [changed {poss}"
    " mind|thought better of it|called it off|put it off indefinitely][, so it never"
    " happened|, so scrap that|].",
)
#: A payment considered cannot be taken back as the user running ahead after a sentence that
#: says the person told the user it was done (`core.bank.CLAIM_MARKS`): only the statuses that
#: say how the user misheard, or that the person said so at first, follow that.
#: Nor can a bare "that was the plan, anyway" follow a sentence that says it happened
#: (`done`: `sent out the invitations today`).
AMOUNT_STATUS_UNFIT: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        **STATUS_UNFIT,
        **{_NOT_DONE[i]: frozenset({"firsthand"}) for i in (0, 1)},
        **{_NOT_DONE[i]: frozenset({"firsthand", "done"}) for i in (2, 3)},
    }
)
_THANKS = " [Thanks for [putting me straight|clearing that up|the correction|letting me know].|]"
_NOT_SO_REPLIES = (
    "[Ah,|Oh,|Right,|Ha,|Oh well,] [easily done|no harm done|good to know|glad that's"
    " cleared up|we all do it|these mix-ups happen][.|!]" + _THANKS,
    "[Fair enough|Understood|Got it|No worries|Ha|Right][.|!] [I'll forget I heard it.|Easy"
    " to get muddled.|It happens to all of us.|Good that it's cleared up.|]" + _THANKS,
)
_NOT_DONE_REPLIES = (
    "[Ah,|Oh,|Fair enough,|Right,|Ah well,] [so it never happened|so nothing came of it|plans"
    " change|so that's off, then][.|!] [There's always next"
    " time.|No rush at all.|It happens.|Something else will turn up.|]",
    "[Makes sense|Understood|Ah well|Fair enough|Oh well|Right][.|!] [There's always"
    " next time.|No rush, then.|Plans do change.|Something else will turn up.|{Pron}"
    " can always think again.]",
)
#: Statuses per move kind: what makes a rival one (someone else's in the core's words), and
#: the confirmations above for the statements themselves.
AMOUNT_STATUSES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        TWIN_OTHERS: STATUSES[TWIN_OTHERS],
        TWIN_RUMOUR: _NOT_SO,
        TWIN_CONSIDERED: _NOT_DONE,
        PAYMENT: _PAID_STATUS,
        DISPATCH: _SENT_STATUS,
        RETURN: _BACK_STATUS,
    }
)
AMOUNT_STATUS_REPLIES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        TWIN_OTHERS: STATUS_REPLIES[TWIN_OTHERS],
        TWIN_RUMOUR: _NOT_SO_REPLIES,
        TWIN_CONSIDERED: _NOT_DONE_REPLIES,
        PAYMENT: _SURE_REPLIES,
        DISPATCH: _SURE_REPLIES,
        RETURN: _SURE_REPLIES,
    }
)


#: The bank every Arithmetic session is rendered from: the mention frames and replies, the
#: payment and dispatch kinds, and the statuses that follow a statement (every twin's, and at
#: times a true one's).
AMOUNTS_BANK = Bank(
    # A remark after three true statements in ten: here the mere presence of a remark does not
    # mark a rival (the status-presence attacker reads `0.53` on Arithmetic and `0.65` on
    # Prospective at this share), and a remark after every statement buries their gold beyond
    # the BM25 band and repeats their own statuses past the language figures.
    status_share=0.3,
    frames=MappingProxyType({MENTION: MENTION_FRAMES, **AMOUNT_FRAMES}),
    replies=MappingProxyType({MENTION: MENTION_REPLIES, **AMOUNT_REPLIES}),
    family_replies=MappingProxyType({}),
    # Every reply here is a whole composed one: no shared reaction or follow-up on top.
    reactions=only(REACTIONS, ()),
    follow_ups=only(FOLLOW_UPS, ()),
    things=MappingProxyType(_PAID_FOR),
    statuses=AMOUNT_STATUSES,
    status_unfit=AMOUNT_STATUS_UNFIT,
    status_replies=AMOUNT_STATUS_REPLIES,
)


class AmountsBankError(ValueError):
    """The Arithmetic bank breaks one of its writing rules."""


_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")
#: Placeholders that name a person (a relation such as `best friend` may be two words).
_PERSON = re.compile(r"\{(?:your|Your|holder|Holder|owner_your)\}")
#: Words that would turn a neighbouring amount into a date for the V4 screen.
CALENDAR_WORDS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday "
    "saturday sunday mon tue tues wed thu thur thurs fri sat sun".split()
)


def _bank_texts() -> list[tuple[str, str]]:
    """(where, text) of every template a conversation is built from, placeholders removed."""
    out: list[tuple[str, str]] = []
    for label, bank in (
        ("frame", AMOUNTS_BANK.frames),
        ("reply", AMOUNTS_BANK.replies),
        ("status", AMOUNTS_BANK.statuses),
        ("status reply", AMOUNTS_BANK.status_replies),
    ):
        for kind, options in bank.items():
            out += [(f"{label} {kind}", t) for t in options]
    for hour in (9, 14, 20):
        out += [("opener", t) for t in openers_at(hour)]
        out += [("sign-off", t) for t in sign_offs_at(hour)]
    out += [("closer", t) for t in CLOSERS]
    for family in FAMILIES.values():
        out += [(f"{family.key} topic", t) for t in family.topics]
        for kind, clauses in family.clauses.items():
            out += [(f"{family.key} {kind}", t) for t in clauses]
    out += [(f"{key} thing", t) for key, t in AMOUNTS_BANK.things.items()]
    return [(where, plain(text)) for where, text in out]


def _strip(text: str) -> str:
    """A template's words, every alternative's, without placeholders."""
    return plain(text)


def question_words(family: AmountFamily) -> list[tuple[str, set[str]]]:
    """(question template, its generic words) for every question a family can be asked: the
    template's own words and those of the inserted phrases that the family's own clauses and
    topics never use. Relation words are the people a question names, not generic."""
    own = set()
    for text in [*family.topics, *(c for cs in family.clauses.values() for c in cs)]:
        own |= set(bm25_tokens(_strip(text)))
    people = {w for r in RELATIONS for w in bm25_tokens(r.noun)}
    if family.statement_kind == DISPATCH:
        phrases = [family.each, family.finish]
        templates = [DURATION_QUESTION]
    else:
        phrases = [family.spent_on]
        templates = [*SUM_QUESTIONS, *COUNT_QUESTIONS, *DELTA_QUESTIONS]
    inserted = set(bm25_tokens(_strip(" ".join(phrases)))) - own
    return [(t, (set(bm25_tokens(_strip(t))) | inserted) - people) for t in templates]


def check_amounts_bank() -> None:
    """The writing rules, asserted at import."""
    spoken: set[str] = set()
    for _, text in _bank_texts():
        spoken |= set(bm25_tokens(text))
    for family in FAMILIES.values():
        for template, words in question_words(family):
            clash = words & spoken
            if clash:
                raise AmountsBankError(
                    f"{family.key} question {template!r}: its word(s) {sorted(clash)} occur in "
                    "conversation templates, where they would match sessions for no reason"
                )
    replies = [(k, t) for k, ts in AMOUNTS_BANK.replies.items() for t in ts]
    replies += [
        (k, t) for fr in AMOUNTS_BANK.family_replies.values() for k, ts in fr.items() for t in ts
    ]
    for kind, template in replies:
        for text in expansions(template, 500):
            for sentence in sentences(text):
                if _PERSON.search(sentence) and len(bm25_tokens(_strip(sentence))) < 3:
                    raise AmountsBankError(
                        f"reply {kind} {text!r}: the sentence {sentence!r} is mostly the person "
                        "it names, which the generic scaffolding strip would read as keywords"
                    )
    for kind in (DISPATCH, RETURN):
        for template in AMOUNTS_BANK.replies[kind]:
            ends = set(EVENT_WORDS) & set(raw_tokens(plain(template)))
            if ends:
                raise AmountsBankError(
                    f"reply {kind} {template!r} names how only some families end: {sorted(ends)}"
                )
    for where, text in _bank_texts():
        if _PLAIN.search(flatten(text)):
            raise AmountsBankError(f"{where} template {text!r} has a digit, bracket or em dash")
        found = CALENDAR_WORDS & set(raw_tokens(text))
        if found:
            raise AmountsBankError(f"{where} template {text!r} uses calendar word(s) {found}")
    for family in FAMILIES.values():
        keywords = set(family.keywords)
        asked = set(bm25_tokens(re.sub(r"\{[A-Za-z_]+\}", "", family.questions[0])))
        if not keywords or not keywords & asked:
            raise AmountsBankError(f"{family.key}: its question names none of {sorted(keywords)}")
        for text in [*family.topics, *(c for cs in family.clauses.values() for c in cs)]:
            if not always(text, has_any(keywords, bm25_tokens)):
                raise AmountsBankError(
                    f"{family.key} template {text!r} names none of its question's keywords "
                    f"{sorted(keywords)}"
                )
        for kind in (TWIN_OTHERS, TWIN_RUMOUR, TWIN_CONSIDERED):
            if not family.supports(kind):
                raise AmountsBankError(f"{family.key} has no clauses for {kind}")
            told = family.clause_key(kind)
            if told not in AMOUNTS_BANK.frames or kind not in AMOUNTS_BANK.statuses:
                raise AmountsBankError(
                    f"{family.key} {kind}: told as {told!r}, it needs that kind's frames and "
                    "statuses of its own, or it would be told in words no fact uses"
                )
    # A status follows a statement and says what became of it: naming a family's keyword, it
    # would itself be a turn a reader weighs as the statement of a value.
    every_keyword = {w for f in FAMILIES.values() for w in f.keywords}
    for table in (AMOUNTS_BANK.statuses, AMOUNTS_BANK.status_replies):
        for kind, options in table.items():
            for template in options:
                named = every_keyword & set(raw_tokens(plain(template)))
                if named:
                    raise AmountsBankError(
                        f"status {kind} {template!r} names the family keyword(s) {sorted(named)}"
                    )


check_amounts_bank()
