"""The shared template bank: relations, fact families, sentence frames and replies.

Gold and non-gold sessions draw from this one bank through one renderer, so a construction
can never belong to one side only (docs/history.md: the "Noted —" acknowledgement, "for the
record" and "since the" were each a gold-only phrase that a one-line filter found). Frames are
family-neutral; each family supplies the clauses and topics that fill them.

Writing rules the tests hold the bank to: no digits, no absolute dates, no brackets (the
checker's generic scaffolding strip removes bracketed clauses), no em dash, and no word from
`ANSWER_WORDS` (the answers' own vocabulary, which must stay out of the conversations so the
answer-leak screen measures something).

Every string here is a grammar template (`core.grammar`: `[a|b]`, nested, `[x|]` optional),
expanded per draw by the renderer, so no one sentence recurs. A reply is composed from slots
(see `core.render`): `REACTIONS` per move kind, a content reference (`REPLIES` for every
family, `FAMILY_REPLIES` per family, both naming the thing through `FAMILY_THINGS`), and a
follow-up question with the user's answer (`FOLLOW_UPS`, `FAMILY_FOLLOW_UPS`), after which
the assistant closes the thread (`THREAD_CLOSES`, `NEUTRAL_CLOSES`). True, rumoured and
someone else's statements are worded from the same pieces (`_HEARD`, `_HEDGE`, `_FORGOT`),
so only what a sentence says (a denial, a confirmation, whose news it is) carries its
status. Text drawn for every family names no family keyword and no relation.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.grammar import Choice, Part, flatten, parse
from corpora.generate.core.world import (
    INVALIDATION,
    MENTION,
    REAFFIRMATION,
    STATEMENT,
    TWIN_CONSIDERED,
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Family,
    Gender,
    Relation,
)

RELATIONS: tuple[Relation, ...] = (
    Relation("sister", "sister", "f"),
    Relation("brother", "brother", "m"),
    Relation("mum", "mum", "f"),
    Relation("dad", "dad", "m"),
    Relation("aunt", "aunt", "f"),
    Relation("uncle", "uncle", "m"),
    Relation("niece", "niece", "f"),
    Relation("nephew", "nephew", "m"),
    Relation("gran", "gran", "f"),
    Relation("grandad", "grandad", "m"),
    Relation("cousin", "cousin", None),
    Relation("neighbour", "neighbour", None),
    Relation("colleague", "colleague", None),
    Relation("boss", "boss", None),
    Relation("landlord", "landlord", "m"),
    Relation("friend", "best friend", None),
)


def _family(
    key: str,
    noun: str,
    questions: tuple[str, ...],
    answer_value: str,
    topics: tuple[str, ...],
    **clauses: tuple[str, ...],
) -> Family:
    return Family(key, noun, questions, answer_value, MappingProxyType(dict(clauses)), topics)


FAMILIES: dict[str, Family] = {
    f.key: f
    for f in (
        _family(
            "car",
            "car",
            ("What car does {holder} have?",),
            "the {V}",
            (
                "car insurance renewals",
                "the cost of car repairs",
                "where to park the car near the station",
                "electric car chargers on our street",
            ),
            considered=(
                "test-drove a {V} but [decided|felt] the car [was not|wasn't] [for {obj}|right for {obj}|quite right]",
                "was all set to buy a {V} until the car failed [its inspection|the inspection|its test]",
                "spent [a week|ages|a fortnight] weighing up a {V} before [deciding against the car|going off the car]",
            ),
            statement=(
                "has bought a car, a {V} in [dark green|silver|navy blue|bright red]",
                "drives a {V} these days, a proper family car",
                "has picked up a [second-hand|nearly new] {V} as {poss} everyday car",
                "has a new car, a {V} with [heated seats|a huge boot|all the gadgets]",
            ),
            invalidation=(
                "sold {poss} car, the {V}, to [a dealer in town|someone down the street|a buyer online]",
                "got rid of the {V} and has no car at all now",
                "handed the {V} back at the end of the lease, so no car any more",
            ),
            reaffirmation=(
                "still drives the {V} and has no plans to change car",
                "is keeping the {V}, the car is running fine",
                "still has the {V}, same car as before",
            ),
        ),
        _family(
            "work",
            "employer",
            ("Where does {holder} work?",),
            "{V}",
            (
                "work from home days",
                "the commute to work",
                "office politics at work",
                "how much holiday people get at work",
            ),
            considered=(
                "was offered work at {V} but [turned it down|said no thanks|decided to stay put]",
                "had a [second|final] interview at {V} but the work went to [someone else|another candidate]",
                "[thought about|toyed with] applying for work at {V} and then [let it go|thought better of it]",
            ),
            statement=(
                "has started work at {V}, [an office near the river|a firm in town|a small company out of town]",
                "got a job at {V} and [has just started work there|is enjoying the work so far]",
                "works for a firm called {V} and [enjoys the work|finds the work interesting]",
                "is at {V} now, doing mostly [office|desk|admin] work",
            ),
            invalidation=(
                "left {V} and is out of work for now",
                "stopped work at {V} after a final week of handovers",
                "handed in {poss} notice at {V} and finished work there",
            ),
            reaffirmation=(
                "is still at {V}, same work as ever",
                "has decided to stay on at {V}, so no change at work",
                "still works for {V} and seems settled at work",
            ),
        ),
        _family(
            "gym",
            "gym",
            ("Which gym is {holder} a member of?",),
            "the {V} gym",
            (
                "gym classes that start far too early",
                "whether a personal trainer at the gym is worth it",
                "how crowded the gym gets in the evenings",
            ),
            considered=(
                "looked round the {V} gym but [did not join|didn't join|never joined]",
                "had a free trial at the {V} gym and [decided against it|thought better of it|gave it a miss|let it go]",
                "[nearly|very nearly|almost] signed up at the {V} gym before the [price|cost] put {obj} off",
            ),
            statement=(
                "has joined the {V} gym [round the corner|near the station|in town]",
                "signed up at the {V} gym and goes [three times a week|most evenings|at weekends]",
                "has a membership at the {V} gym now",
            ),
            invalidation=(
                "cancelled {poss} membership at the {V} gym",
                "quit the {V} gym after barely going",
                "let {poss} membership of the {V} gym lapse for good",
            ),
            reaffirmation=(
                "still goes to the {V} gym most mornings",
                "renewed at the {V} gym for another year",
                "still trains at the {V} gym, nothing new there",
            ),
        ),
        _family(
            "dentist",
            "dentist",
            ("Who is {holder}'s dentist?",),
            "Dr {V}",
            (
                "dentist waiting lists",
                "dentist appointments that always run late",
                "finding an evening slot with a dentist",
            ),
            considered=(
                "[thought about|toyed with] switching to Dr {V}, a dentist in town, but [stayed put|stuck with the old one]",
                "[rang|called] Dr {V} about a dentist appointment and never [booked it|got round to booking]",
                "was sent to Dr {V} once by {poss} old dentist, just for one visit",
            ),
            statement=(
                "has signed up with a new dentist, Dr {V}",
                "has a dentist called Dr {V} now",
                "goes to Dr {V}, a dentist [over by the park|on the high street|near the market]",
            ),
            invalidation=(
                "stopped seeing Dr {V}, the dentist",
                "left the dentist, Dr {V}, after one bad appointment too many",
                "cancelled {poss} registration with Dr {V}, the dentist",
            ),
            reaffirmation=(
                "is still with Dr {V} as {poss} dentist",
                "went back to Dr {V} for a check-up and is staying with that dentist",
                "still sees Dr {V}, same dentist as always",
            ),
        ),
        _family(
            "road",
            "road",
            ("Which road does {holder} live on?",),
            "{V} Road",
            (
                "road works that never seem to finish",
                "whether to live somewhere quieter",
                "how noisy a main road can be at night",
            ),
            considered=(
                "went to see a flat on {V} Road but [did not take it|didn't take it|passed on it]",
                "made an offer on a house on {V} Road that fell through, so no move to that road",
                "thought about moving to {V} Road and then [decided not to live there|went off the idea of living there]",
            ),
            statement=(
                "has moved into a [flat|ground-floor flat|top-floor flat] on {V} Road",
                "lives on {V} Road now, near the [bakery|station|park]",
                "bought a [small|little|terraced] house on {V} Road",
            ),
            invalidation=(
                "moved out of {poss} place on {V} Road",
                "sold the house on {V} Road and left the area",
                "gave up the rented flat on {V} Road",
            ),
            reaffirmation=(
                "is still living on {V} Road, no move planned",
                "decided to stay put on {V} Road after all",
                "still lives on {V} Road, same house",
            ),
        ),
        _family(
            "choir",
            "choir",
            ("Which choir does {holder} sing with?",),
            "the {V} choir",
            (
                "choir concerts",
                "learning to sing harmonies",
                "choir rehearsals that overrun",
            ),
            considered=(
                "went along to [one rehearsal|a single rehearsal] with the {V} choir and [did not go back|never went back]",
                "was asked to sing with the {V} choir but [said no|turned them down]",
                "auditioned for the {V} choir and did not get a place",
            ),
            statement=(
                "has joined the {V} choir",
                "sings with the {V} choir [every week|most weeks]",
                "got a place in the {V} choir",
            ),
            invalidation=(
                "left the {V} choir for good",
                "quit the {V} choir after [one concert too many|a final concert]",
                "stopped singing with the {V} choir",
            ),
            reaffirmation=(
                "is still singing with the {V} choir",
                "signed up with the {V} choir for another season",
                "still goes to rehearsals with the {V} choir every week",
            ),
        ),
        _family(
            "bank",
            "bank",
            ("Which bank is {holder} with?",),
            "{V} Bank",
            (
                "bank charges",
                "bank apps that keep logging you out",
                "bank branches closing in town",
            ),
            considered=(
                "[thought about|toyed with] opening an account with {V} Bank but never did",
                "was going to move to {V} Bank until {pron} read about the charges",
                "filled in half the forms for {V} Bank and then [gave up|lost interest]",
            ),
            statement=(
                "opened an account with {V} Bank",
                "moved {poss} savings to {V} Bank",
                "banks with {V} Bank these days",
            ),
            invalidation=(
                "closed {poss} account with {V} Bank",
                "moved everything out of {V} Bank and shut the account",
                "left {V} Bank after a row about charges",
            ),
            reaffirmation=(
                "is still with {V} Bank",
                "decided to stay with {V} Bank despite the charges",
                "still banks with {V} Bank, no change",
            ),
        ),
        _family(
            "boat",
            "boat",
            ("What boat does {holder} have?",),
            "the {V}",
            (
                "what it costs to keep a boat",
                "learning to sail a boat",
                "boat mooring charges at the harbour",
            ),
            considered=(
                "looked at a boat called the {V} but [did not buy it|didn't buy it|walked away]",
                "[nearly|very nearly|almost] bought a share in a boat called the {V}",
                "went out on a boat called the {V} once, just to try it",
            ),
            statement=(
                "has bought a [little|small|second-hand] boat called the {V}",
                "owns a boat now, the {V}, moored down at the harbour",
                "has a share in a sailing boat called the {V}",
            ),
            invalidation=(
                "sold {poss} boat, the {V}, to a man from the marina",
                "got rid of the {V}, so no boat any more",
                "sold {poss} share in the boat, the {V}",
            ),
            reaffirmation=(
                "still has the {V}, the boat is down at the harbour",
                "is keeping the {V}, the boat is worth the bother",
                "still takes the boat, the {V}, out most weekends",
            ),
        ),
        _family(
            "bookclub",
            "book club",
            ("Which book club is {holder} in?",),
            "the {V} book club",
            (
                "which book to read next",
                "whether audiobooks count as reading a book",
                "the endings of book club books",
            ),
            considered=(
                "went to [one meeting|a single meeting] of the {V} book club and [did not go back|never went back]",
                "was invited to join the {V} book club but [turned it down|declined]",
                "thought about joining the {V} book club and never got round to it",
            ),
            statement=(
                "has joined the {V} book club at the library",
                "goes to the {V} book club once a month",
                "started going to the {V} book club",
            ),
            invalidation=(
                "left the {V} book club after a [falling out|row about the books]",
                "dropped out of the {V} book club",
                "stopped going to the {V} book club",
            ),
            reaffirmation=(
                "is still going to the {V} book club",
                "still goes to the {V} book club every month",
                "stayed on at the {V} book club",
            ),
        ),
        _family(
            "piano",
            "piano teacher",
            ("Who teaches {holder} piano?",),
            "{V}",
            (
                "how much piano practice is enough",
                "buying a second-hand piano",
                "piano exams and nerves",
            ),
            considered=(
                "had a trial piano lesson with {V} and [did not book any more|left it there]",
                "was going to learn piano with {V} until the times did not fit",
                "asked {V} about piano lessons and [decided against it|thought better of it|gave it a miss|let it go]",
            ),
            statement=(
                "has started piano lessons with a teacher called {V}",
                "is learning piano with {V}",
                "takes piano lessons from {V} now",
            ),
            invalidation=(
                "stopped {poss} piano lessons with {V}",
                "gave up piano with {V}",
                "cancelled the lessons with {V}, the piano teacher",
            ),
            reaffirmation=(
                "is still learning piano with {V}",
                "has booked another term of piano with {V}",
                "still has piano lessons with {V}",
            ),
        ),
        _family(
            "broadband",
            "broadband provider",
            ("Who is {holder}'s broadband with?",),
            "{V}",
            (
                "broadband speeds in the evening",
                "broadband routers that need restarting",
                "broadband contracts with hidden charges",
            ),
            considered=(
                "got a broadband quote from {V} and [did not take it|didn't go for it|passed on it]",
                "[nearly|almost] switched {poss} broadband to {V} before reading the small print",
                "was talked into a broadband deal with {V} and cancelled it the same day",
            ),
            statement=(
                "switched {poss} broadband to {V}",
                "has broadband from {V} now",
                "signed a broadband contract with {V}",
            ),
            invalidation=(
                "cancelled {poss} broadband with {V}",
                "got out of the broadband contract with {V}",
                "dropped {V} and has no broadband at the moment",
            ),
            reaffirmation=(
                "is still on {V} for broadband",
                "renewed the broadband with {V}",
                "still has {V}, the broadband is fine",
            ),
        ),
        _family(
            "allotment",
            "allotment",
            ("Where is {holder}'s allotment?",),
            "{V}",
            (
                "allotment waiting lists",
                "sharing an allotment plot",
                "slugs eating everything on the allotment",
            ),
            considered=(
                "was offered an allotment at {V} and [turned it down|declined]",
                "looked at an allotment plot at {V} but it was [too far away|too far to get to]",
                "put {poss} name down for an allotment at {V} and took it off again",
            ),
            statement=(
                "has taken on an allotment at {V}",
                "got an allotment plot at {V}",
                "has an allotment at {V} now",
            ),
            invalidation=(
                "gave up {poss} allotment at {V}",
                "handed back the allotment plot at {V}",
                "let the allotment at {V} go",
            ),
            reaffirmation=(
                "still has the allotment at {V}",
                "is keeping the allotment at {V} for another year",
                "is still growing beans on the allotment at {V}",
            ),
        ),
        _family(
            "dog",
            "dog",
            ("What is the name of {holder}'s dog?",),
            "{V}",
            (
                "dog walkers and what they charge",
                "dog training classes",
                "which pubs let a dog in",
            ),
            considered=(
                "[nearly|almost] adopted a rescue dog called {V} but the dog went to another family",
                "looked after a friend's dog called {V} for a weekend, nothing more",
                "thought about taking on a dog called {V} from the shelter and [decided against it|thought better of it|gave it a miss|let it go]",
            ),
            statement=(
                "has a dog called {V}",
                "adopted a rescue dog called {V}",
                "got a new dog, a [spaniel|terrier|collie] puppy called {V}",
                "now has a lively little dog called {V}",
            ),
        ),
        _family(
            "team",
            "football team",
            ("Which football team does {holder} support?",),
            "{V} Town",
            (
                "football on the telly",
                "ticket prices for football",
                "whether football has got too expensive",
            ),
            considered=(
                "went to one football match at {V} Town but does not support the team",
                "was given a scarf from {V} Town, though the football team means nothing to {obj}",
                "nearly bought a season ticket at {V} Town but stayed with {poss} own football team",
            ),
            statement=(
                "supports {V} Town, {poss} football team of choice these days",
                "has a football season ticket at {V} Town",
                "follows {V} Town, the local football team",
            ),
        ),
    )
}

#: The twelve families of each vertical (WorkingMemory's twelve fact families; Forgetting's
#: twelve with invalidation and re-affirmation clauses).
WORKINGMEMORY_FAMILIES = (
    "car",
    "work",
    "gym",
    "dentist",
    "road",
    "choir",
    "bank",
    "boat",
    "bookclub",
    "piano",
    "dog",
    "team",
)
FORGETTING_FAMILIES = (
    "car",
    "work",
    "gym",
    "dentist",
    "road",
    "choir",
    "bank",
    "boat",
    "bookclub",
    "piano",
    "broadband",
    "allotment",
)

#: Pieces of grammar shared by frames of different kinds, so that true, rumoured and someone
#: else's statements are worded from one vocabulary and only what a sentence says (a denial, a
#: confirmation, whose news it is) carries its status.
_HEARD = "[I heard|I was told|I'm told|I gather|Word is|Someone told me|I'd heard]"
_HEDGE = (
    "[Apparently|From what I was told,|As far as I know,|I think|If I've got it right,|I believe]"
)
_FORGOT = (
    "[Something I forgot to tell you:|Forgot to say,|Meant to tell you,|Before I forget,"
    "|Not sure if I told you, but|I forget whether I told you, but]"
)
_DENY = (
    "[it's not so|it's not right|that's not the case|that's wrong|there's nothing in it"
    "|it was someone else|{pron} never did|it was all a muddle|it's just not so]"
)

#: Frames per move kind. `{clause}` is the family clause, `{when}`/`{When}` a past expression
#: relative to the session, `{topic}` a mention topic; the person's forms fill the rest. Twins
#: of someone else's fact name that someone through the person (`{holder}` reads `my dad's
#: friend` or `a friend of my dad's`), so the person and the family are the asked ones and
#: only the holder differs. Every frame is grammar (`core.grammar`); true statements are
#: hedged at times and rumours are worded from the same pieces, so no fixed phrase marks one.
_STATEMENT_FRAMES: tuple[str, ...] = (
    "[Bit of|Some|A bit of] news[ for you|]: {holder} {clause}.",
    "[Did I [say|tell you]|Have I told you] [that|] {holder} {clause}?",
    "[So|Right, so|Well,] {holder} {clause}, and {pron} [seems|sounds] [pleased|happy|chuffed"
    "|really pleased|quite excited] [about it|with it|].",
    _FORGOT + " {holder} {clause}.",
    "{Holder} {clause}[, funnily enough|, as it happens|, for what it's worth|, if you can"
    " believe it|, of all things].",
    "I [found out|heard|learnt|was told] {when} [that|] {holder} {clause}.",
    _HEDGE + " {holder} {clause}.",
    _HEARD + " [that|] {holder} {clause}.",
    "[Spoke to|Caught up with|Had a call with|Saw] {holder} {when}[, and|:] {pron} {clause}.",
    "[Turns out|It turns out|As it turns out,] {holder} {clause}[, which I didn't expect|].",
    "{Holder} {clause}, [and {pron} told me [all about it|the whole story|everything] [over"
    " coffee|on the phone|at the weekend|over lunch|when I saw {obj}]|and I only [found out"
    "|heard] because {pron} [rang|called|messaged me|popped round]|and {pron} [texted"
    "|messaged] me [about it|to say so|specially]].",
    "{Holder} [filled me in|told me in person|gave me the news] {when}: {pron} {clause}.",
)

FRAMES: dict[str, tuple[str, ...]] = {
    STATEMENT: _STATEMENT_FRAMES,
    INVALIDATION: (
        "{When} {holder} {clause}.",
        "[Update on|News about|A change for] {holder}: {when} {pron} {clause}.",
        "[So|Right, so|Well,] {when} {holder} {clause}. [{Pron} had been [talking about it"
        "|planning it|going on about it|weighing it up] [for months|for ages|for a while]|It had been"
        " coming for a while|Nobody was [surprised|that surprised]|It was a long time coming]"
        "[, to be honest|, really|].",
        "[Big|Quite a|A bit of a] change for {holder}: {when} {pron} {clause}.",
        "{Holder} finally [decided|took the plunge|went through with it], and {when} {pron} "
        "{clause}.",
        _HEDGE + " {when} {holder} {clause}.",
        _HEARD + " {when} [that|] {holder} {clause}[, and {pron} says it was time"
        "|, and {pron} seems fine about it|, and {pron} confirmed it|].",
        _FORGOT + " {when} {holder} {clause}.",
        "[Spoke to|Caught up with|Heard from] {holder}: {when} {pron} {clause}.",
    ),
    REAFFIRMATION: (
        "No change with {holder}: I [checked|asked] {when} and {pron} {clause}.",
        "{When} {holder} told me {pron} {clause}[, for what it's worth|, if you were wondering|].",
        "I asked {holder} {when} and {pron} {clause}.",
        "Quick one about {holder}: {when} {pron} said {pron} {clause}.",
        "[Spoke to|Caught up with|Had a chat with] {holder} {when}, and {pron} {clause}.",
        "[Nothing new with|Same as ever with|No news from] {holder}[, really|]: {pron} {clause}"
        "[, {pron} told me {when}|].",
        _HEDGE + " {holder} {clause}[, going by what {pron} said {when}|].",
        "[I heard|I was told|Someone told me|I found out] {when} that {holder} {clause}.",
    ),
    MENTION: (
        "{Holder} and I [spent ages|spent an hour|went on for ages] [talking about|discussing"
        "|going over] {topic}.",
        "{When} {holder} asked for my [opinion|view|thoughts] on {topic}.",
        "I had a [long|proper|rambling] [chat|talk|natter] with {holder} about {topic}"
        "[, which went round in circles|, which went nowhere|, and we got nowhere|].",
        "{Holder} sent me a [long|rambling|very long] [message|voice note|email] about {topic}"
        "[, and we [went back and forth on it|talked it over|argued it out] [that evening|later"
        " on|on the phone]|, and we ended up talking it over].",
        "Over [dinner|lunch|coffee|the weekend] {holder} got going on {topic}[ again|].",
        "{Holder} has [strong views|strong opinions|a lot to say|plenty to say] on {topic}"
        "[, as you can imagine|, as ever|, believe me|].",
        "[Got|Ended up] talking to {holder} about {topic} {when}.",
        "{Holder} [rang|called|messaged] [me|] [and spent ages going on|just to talk|to moan]"
        " about {topic}[ again|].",
    ),
    TWIN_OTHERS: _STATEMENT_FRAMES,
    TWIN_RUMOUR: (
        _HEARD + " [that|] {holder} {clause}, but " + _DENY + ".",
        "[Someone|Somebody] [told me|said] {when} [that|] {holder} {clause}, but [when I [asked"
        "|checked with] {obj}|as it turns out|in fact|actually], " + _DENY + ".",
        "[Don't believe|Ignore] [what people say|the gossip|anything people say] about {holder}: [people are saying"
        "|the story going round is|someone told me] {pron} {clause}, and " + _DENY + ".",
        "For a [while|day or two|bit] I thought {holder} {clause}, but " + _DENY + ".",
        "{Holder} [put me straight|set me straight|corrected me] {when}: I'd [heard|been told"
        "|got it into my head] {pron} {clause}, but " + _DENY + ".",
        "[Apparently|I heard|Someone said] {holder} {clause}. [Except|Only] "
        + _DENY
        + "[, {pron} says|, according to {obj}|, I've since found out|].",
        "There was a story [going round|doing the rounds] that {holder} {clause}, but "
        + _DENY
        + ".",
    ),
    TWIN_CONSIDERED: (
        "{When} {holder} {clause}.",
        "[Did I tell you|Did I say|Have I told you] [that|] {holder} {clause}?",
        "[So|Well,|Right, so] {holder} {clause}. [Probably wise|Just as well|{Pron}"
        " [seems fine about it|doesn't seem bothered|isn't too fussed|says it's no great loss]"
        "|No harm done|{Pron} has moved on already][, really|, I think|, to be honest|].",
        "{Holder} {clause}[, in the end|, as it turns out|, funnily enough|].",
        "[By the way|Incidentally|Random one, but], {holder} {clause}.",
        _HEDGE + " {holder} {clause}.",
        _FORGOT + " {holder} {clause}.",
    ),
}

#: What a reply names: per family, grammar naming the family's thing (with its value at times),
#: used by the generic content references as `{thing}` / `{Thing}`. Families a vertical adds
#: without an entry here are named by their noun (`the {noun}`).
FAMILY_THINGS: dict[str, str] = {
    "car": "[the {V}|the car|that car]",
    "work": "[the job at {V}|{V}|the job|that job]",
    "gym": "[the {V} gym|the gym|that gym]",
    "dentist": "[Dr {V}|the dentist|that dentist]",
    "road": "[{V} Road|the place on {V} Road|that road]",
    "choir": "[the {V} choir|the choir|that choir]",
    "bank": "[{V} Bank|the bank|that bank]",
    "boat": "[the {V}|the boat|that boat]",
    "bookclub": "[the {V} book club|the book club|that book club]",
    "piano": "[{V}|the piano teacher|piano with {V}]",
    "broadband": "[{V}|the broadband|the broadband deal]",
    "allotment": "[the allotment at {V}|the allotment|that plot]",
    "dog": "[{V}|the dog]",
    "team": "[{V} Town|the team]",
}

#: The reply's opening reaction per move kind (its sentiment: news, something ended, nothing
#: changed, a chat, a plan dropped, a story that was not so, someone else's news). Optional:
#: the renderer prefixes one to a share of replies. Never cheerful about an ending, never
#: sorry about news.
REACTIONS: dict[str, tuple[str, ...]] = {
    STATEMENT: (
        "[Oh|Ah|Ooh|Well|Oh right|Ah right], [nice|lovely|good|how nice|that's nice|that's good"
        "|good for {obj}][.|!]",
        "[Nice|Lovely|Good|How nice|Great|Oh, lovely][.|!]",
        "[Well, that's|Oh, that's|That's] [news|a bit of news|nice news][.|!]",
        "What [nice|good|lovely] news[.|!]",
    ),
    INVALIDATION: (
        "[Oh|Ah|Oh right|Right|Ah right|Hmm][.|!]",
        "[Oh, that's|Ah, that's|That's|What] a change[.|!]",
        "[Oh,|Ah,] I didn't [know|realise|expect] that.",
        "[Goodness|Gosh|Blimey|Right then|Fair enough][.|!]",
    ),
    REAFFIRMATION: (
        "[Ah, good|Oh, good|Ah, right|Oh, right|Fair enough|Nice|Good][.|!]",
        "[Steady as ever|No surprises there|Same as ever], then.",
        "[That's|How] [reassuring|nice|sensible].",
    ),
    MENTION: (
        "[Ha|Ah|Oh|Ooh][.|!]",
        "[Ha,|Ah,|Oh,] [I bet|I can imagine|I'm not surprised][.|!]",
        "[Oh|Ah], [one of those|that old chestnut][.|!]",
    ),
    TWIN_CONSIDERED: (
        "[Ah|Oh|Right|Ah well|Oh well|Ah right][.|!]",
        "[Fair enough|I see|Makes sense][.|!]",
    ),
    TWIN_RUMOUR: (
        "[Ha|Ha ha|Oh dear|Well I never|Goodness|Funny][.|!]",
        "[Oh|Ah], [how odd|how funny|fancy that][.|!]",
    ),
    TWIN_OTHERS: (
        "[Oh|Ah|Ooh|Ha][.|!]",
        "[Oh|Ah], [interesting|fancy that|how about that][.|!]",
    ),
}

#: Content references per move kind, for every family alike: the reply's core, naming the
#: person and the thing (`{thing}`) or the topic. Each family adds references of its own
#: (`FAMILY_REPLIES`). A reference answers what the user's turn did and never contradicts it;
#: none is a question (follow-up questions are `FOLLOW_UPS`, drawn apart).
REPLIES: dict[str, tuple[str, ...]] = {
    STATEMENT: (
        "[Thanks for [telling me|letting me know|filling me in]|Good to know|Nice to hear] about"
        " {your}[; it all sounds [very promising|really positive|like good news]|, and it all"
        " sounds [promising|positive|encouraging|cheerful]|; it sounds like [all is well|good news all"
        " round|things are going well]].",
        "[It sounds like|Sounds like] {thing} [suits|should suit|is a good fit for]"
        " {obj}[, from what you say|, which is good to hear|].",
        "{Thing} [strikes me as|sounds like] [a good choice|a sensible choice|the right"
        " thing for {obj}][, from what you say|, I'd say|].",
    ),
    INVALIDATION: (
        "So that's the end of {thing} for {obj}, [one way or another|by the sound of it|then].",
        "[Moving on from|Stepping away from|Finishing with] {thing} [like that |]is quite a"
        " [step|decision].",
        "[It sounds like|Sounds like] {pron} was ready to [move on from|be done with|part with]"
        " {thing}.",
        "[I hope|Hopefully] {pron} [won't miss|doesn't miss] {thing} [too much|].",
    ),
    REAFFIRMATION: (
        "[Good to hear|Nice to hear|Glad to hear] {pron} is [sticking with|staying with] {thing}.",
        "[So|Right, so] nothing has changed with {thing} for {obj}[, then|].",
        "{Thing} [clearly suits|must suit|seems to suit] {obj}[ well| nicely|].",
        "[Steady as ever|No change there] [with {thing}|for {your}], [which sounds [good"
        "|sensible]|and that's no bad thing].",
    ),
    MENTION: (
        "[That sounds like|Sounds like] [quite a|a proper|a long] [chat|debate|natter]"
        " [with {your}|] about {topic}.",
        "[Chats|Arguments|Debates] about {topic} never quite get settled, do they?",
        "[Anything about|Talk of] {topic} always gets people going, doesn't it?",
        "[Sounds like|It sounds like] {your} has [a lot of thoughts|strong feelings|plenty to say"
        "|firm views] on {topic}.",
        "[Fair enough|Understandable], people [feel strongly about|have views on|argue about]"
        " {topic}.",
        "[Those|These] [chats|debates] about {topic} can [go on forever|fill a whole evening"
        "|run and run].",
    ),
    TWIN_CONSIDERED: (
        "[It sounds like|Sounds like] {thing} [just|] wasn't [meant to be|the one|right] for"
        " {obj}.",
        "So {thing} [came to nothing|never happened|didn't come off] [for {obj}|] in the end.",
        "[So be it|Fair enough], {thing} [wasn't meant to be|was never going to happen] for {obj},"
        " [then|by the sound of it].",
    ),
    TWIN_RUMOUR: (
        "So there was nothing in [the story|that story|the tale] about {thing}[, after all|].",
        "[Good thing|Just as well] [that got|it got] [cleared up|sorted out] about {your}.",
        "[Funny how|Odd how|Strange how] [stories|these things] [get around|start|spread] about"
        " {your}.",
        "[An easy|Quite an easy] [mistake|muddle] to make about {thing}.",
    ),
    TWIN_OTHERS: (
        "[Sounds like|It sounds like] {your} [is doing well|has been busy].",
        "[I expect|I bet|No doubt] {owner_your} [had an opinion on that|had something to say"
        " about it|was curious about it].",
        "{Thing} [sounds|seems] [like quite something|like a good choice|like a good move] for {obj}.",
    ),
}

#: Who a twin of someone else's fact is about, as seen from the person the user names
#: (`my dad's friend`, `a neighbour of my dad's`), with a fixed pronoun gender or None when it
#: is drawn.
OTHER_PEOPLE: tuple[tuple[str, Gender | None], ...] = (
    ("friend", None),
    ("neighbour", None),
    ("oldest friend", None),
    ("colleague", None),
    ("workmate", None),
    ("pal", None),
    ("flatmate", None),
    ("brother-in-law", "m"),
    ("sister-in-law", "f"),
    ("godson", "m"),
    ("goddaughter", "f"),
)

#: Content references that only fit one family (the renderer draws from these and the generic
#: ones alike): they name the family's thing in its own words.
FAMILY_REPLIES: dict[str, dict[str, tuple[str, ...]]] = {
    "car": {
        STATEMENT: (
            "A {V}[, nice|, very smart|]. [That should be|That's] a [comfortable|handy|good]"
            " car[ for {obj}| to have|].",
            "[Having a|A] [decent|reliable|good] car makes [such a|a real|a big] difference"
            "[ to getting about|].",
        ),
        INVALIDATION: (
            "[Selling|Parting with] a car [is always a bit of a wrench|is a big step|takes some"
            " doing].",
            "The {V} had a good run, [by the sound of it|I expect].",
        ),
        REAFFIRMATION: ("[Sounds like|It sounds like] the {V} [suits|is still right for] {obj}.",),
        TWIN_CONSIDERED: (
            "Choosing a car is [such a faff|hard work|never easy]. Better to wait for the right"
            " one.",
        ),
    },
    "work": {
        STATEMENT: (
            "[Work at {V}|A job at {V}] [sounds good|sounds promising|sounds like a good fit]"
            "[ for {obj}|].",
            "[Having work {pron} enjoys|A good job] [makes such a difference|is worth a lot].",
        ),
        INVALIDATION: (
            "[Leaving a job|Moving on from a job] is [always a big step|never a small thing]"
            "[, even when it's right|].",
        ),
        REAFFIRMATION: ("[Good to hear|Nice to hear] {pron} [is settled|is happy] at {V}.",),
        TWIN_CONSIDERED: (
            "[Job hunting|Looking for work] is [tiring|hard going]. The right thing will turn up"
            "[ for {obj}|].",
        ),
    },
    "gym": {
        STATEMENT: (
            "[Good for {obj}|Nice]. [Regular exercise|Going to the gym] [makes such a"
            " difference|is a good habit].",
        ),
        INVALIDATION: ("[Gyms|Gym memberships] [are easy to stop using|aren't for everyone].",),
        REAFFIRMATION: ("That's [dedication|real commitment]. {Pron} must [enjoy|like] the gym.",),
    },
    "dentist": {
        STATEMENT: (
            "A good dentist is [worth having|hard to find|worth the search]"
            "[, so that's good news|].",
        ),
        INVALIDATION: (
            "[Finding|Getting] a dentist {pron} [gets on with|likes] [matters"
            "|is worth the effort].",
        ),
        REAFFIRMATION: ("[Sounds like|It sounds like] {pron} [trusts|rates] Dr {V}.",),
    },
    "road": {
        STATEMENT: (
            "{V} Road[, nice|, very nice|]. [A move is a big job|Settling in somewhere takes a"
            " while][, though|].",
        ),
        INVALIDATION: ("[Leaving|Moving away from] {V} Road [is a big change|must feel strange].",),
        REAFFIRMATION: ("[Sounds like|It sounds like] {pron} [likes|is happy on] {V} Road.",),
        TWIN_CONSIDERED: (
            "House hunting [takes it out of you|is exhausting]. The right place will come up.",
        ),
    },
    "choir": {
        STATEMENT: (
            "[Singing in a choir|A choir] is [such a good thing|great for the soul"
            "|lovely company].",
        ),
        INVALIDATION: (
            "[Leaving|Giving up] a choir [is a wrench|must be a wrench][ after all that singing|].",
        ),
        REAFFIRMATION: (
            "[Sounds like|It sounds like] the {V} choir [means a lot to {obj}"
            "|is a big part of {poss} week].",
        ),
    },
    "bank": {
        STATEMENT: (
            "[Switching banks|Moving money about] [is always a faff|takes some doing]"
            "[, so well done {obj}|].",
        ),
        INVALIDATION: (
            "[Closing an account|Leaving a bank] [takes some doing|is a faff]"
            "[, so well done {obj}|].",
        ),
        REAFFIRMATION: (
            "[Fair enough|Makes sense], [switching banks|moving accounts] is"
            " [rarely|not often] worth the bother.",
        ),
    },
    "boat": {
        STATEMENT: (
            "A boat! [The {V}|That] [sounds like fun|sounds like a lovely thing to have].",
        ),
        INVALIDATION: (
            "[Giving up|Selling] a boat [must be a wrench|is a big change], [I imagine|I'd think].",
        ),
        REAFFIRMATION: (
            "[Sounds like|It sounds like] the boat is [a real joy|worth the bother] for {obj}.",
        ),
    },
    "bookclub": {
        STATEMENT: (
            "A book club is [a nice way|a good way] to [read more|meet people][, I think|].",
        ),
        INVALIDATION: (
            "[Book clubs|A book club] can [get a bit much|run their course][, I suppose|].",
        ),
        REAFFIRMATION: (
            "A good book club is hard to find, so [glad|good that] {pron} [is staying|is"
            " sticking with it].",
        ),
    },
    "piano": {
        STATEMENT: (
            "Learning [the|] piano takes [patience|real patience|time][, good for {obj}|].",
        ),
        INVALIDATION: (
            "[Piano lessons|Lessons] [are a big commitment|take a lot of time][, to be fair|].",
        ),
        REAFFIRMATION: (
            "[Sounds like|It sounds like] the piano lessons [are going well|are worth it].",
        ),
    },
    "broadband": {
        STATEMENT: (
            "[Good broadband|Decent broadband] [makes such a difference|is half the"
            " battle these days].",
        ),
        INVALIDATION: (
            "[Broadband contracts|Those contracts] [are a pain to get out of|can be"
            " a real headache].",
        ),
        REAFFIRMATION: (
            "If the broadband works, [why change?|there's no need to change[, I suppose|].]",
        ),
    },
    "allotment": {
        STATEMENT: (
            "An allotment[!|, how nice.] [That's a lot of digging|There'll be plenty"
            " to grow][, though|].",
        ),
        INVALIDATION: (
            "[An allotment|A plot] [is a lot of work|takes so much time][, to be fair|].",
        ),
        REAFFIRMATION: (
            "[Sounds like|It sounds like] the allotment is worth the effort for {obj}.",
        ),
    },
    "dog": {
        STATEMENT: (
            "{V} [sounds adorable|sounds like a lovely dog][.|!]",
            "A dog [is great company|changes everything][, I hear|].",
        ),
        TWIN_CONSIDERED: ("[Taking on|Having] a dog is a [big|real] commitment[, to be fair|].",),
    },
    "team": {
        STATEMENT: (
            "{V} Town[, then|]. [Football|Following a team] [can be a rollercoaster"
            "|keeps people going].",
        ),
        TWIN_CONSIDERED: (
            "[Football|Following a team] is [a serious business|a loyal business] for some people.",
        ),
    },
}

#: Follow-up questions the assistant may end a reply with, each with the user's fitting short
#: answer (grammar), per move kind and per family: when the user answers, the answer names no
#: new value, only how things are.
_SAYS = "[, {pron} says|, apparently|, by all accounts|, from what {pron} told me|, I think|]"
FOLLOW_UPS: dict[str, tuple[tuple[str, str], ...]] = {
    STATEMENT: (
        (
            "How is {pron} [finding|getting on with] {thing} [so far|these days|at the moment]?",
            "[Really well|Pretty well|So far so good|Happy enough|Loving it]" + _SAYS + ".",
        ),
        (
            "Is {pron} happy with {thing} [so far|these days|at the moment]?",
            "[Very|Mostly|Happy enough|Yes, very|So far, yes]" + _SAYS + ".",
        ),
        (
            "Is {pron} pleased [with it|about it|]?",
            "[Very|Really pleased|Yes, very|Quite pleased|Over the moon]" + _SAYS + ".",
        ),
    ),
    INVALIDATION: (
        (
            "How does {pron} feel about it?",
            "[Relieved, mostly|Fine|A bit sad but fine|Happy enough|Glad it's done]" + _SAYS + ".",
        ),
        (
            "Was it [a hard call|a tough decision|a long time coming]?",
            "[It had been coming for a while|Not really, {pron} was ready|A bit, but {pron} is"
            " fine now|Not in the end]" + _SAYS + ".",
        ),
        (
            "Does {pron} [know what's next|have a plan for what comes next]?",
            "[Not yet|Sort of|Not really, {pron} is taking it slowly|Early days]" + _SAYS + ".",
        ),
    ),
    REAFFIRMATION: (
        (
            "Was {pron} tempted to change [at all|]?",
            "[Not really|Not for a moment|Briefly, but no|Not once][, {pron} is [happy|content"
            "|settled] [as things are|where {pron} is|with how it is]|, {pron} likes it as it is"
            "|]" + _SAYS + ".",
        ),
        (
            "Does {pron} [ever|] [think about|look at] [other options|changing]?",
            "[Now and then, but it never comes to anything|Hardly ever|Not really, {pron} likes"
            " things as they are|Once in a while, but {pron} never does]" + _SAYS + ".",
        ),
    ),
    MENTION: (
        (
            "Did you [two|] [agree|see eye to eye] [in the end|]?",
            "[[Not really|Not at all|Not quite], [we'll have to differ|we'll pick it up another"
            " time|we left it there]|[Mostly|More or less|In the end, yes], [I came round to {poss}"
            " view|{pron} came round to mine|we met in the middle]].",
        ),
        (
            "What's {poss} [view|take] on it?",
            "[{Pron} thinks|{Pron} reckons|{Pron} says|According to {obj},] it's [all a bit"
            " much|got worse lately|not as bad as people say|more trouble than it's worth|a lot of"
            " fuss about nothing|worth getting right|overblown|a bit of a scandal|not worth"
            " worrying about].",
        ),
        (
            "Where do you stand on it yourself?",
            "[Somewhere in the middle|I can see both sides|I'm with {obj}, mostly|Not sure yet"
            "|Undecided|Closer to {poss} view than I'd admit][, to be honest|, if I'm honest"
            "|, really|, I suppose|].",
        ),
    ),
    TWIN_CONSIDERED: (
        (
            "Is {pron} [disappointed|bothered] [at all|]?",
            "[Not really|Hardly|A little], {pron} [seems fine about it|has moved on|says it"
            " wasn't meant to be].",
        ),
        (
            "Will {pron} look at [other options|anything else]?",
            "[Maybe later in the year|Not for now|Possibly, there's no rush]" + _SAYS + ".",
        ),
    ),
    TWIN_RUMOUR: (
        (
            "Where did [that|the idea] come from?",
            "[No idea|Nobody knows|Someone got muddled|Crossed wires]" + _SAYS + ".",
        ),
        (
            "Did {pron} find it funny?",
            "[{Pron} laughed|{Pron} thought it was hilarious|Not especially|A bit][, to be fair"
            "|, once {pron} found out where it came from|].",
        ),
    ),
    TWIN_OTHERS: (
        (
            "Is {owner_your} tempted to follow suit[ at all|, do you think|]?",
            "[Not really|Maybe|Not yet|Not a chance], [by the sound of it|as far as I can tell"
            "|I'd say].",
        ),
        (
            "Is {owner_your} close to {obj}[, would you say|, do you think]?",
            "[Quite close|Fairly close|Not especially|Very close][, as far as I know|, I think|].",
        ),
    ),
}

#: Family follow-ups (question, the user's answer), drawn with the generic ones alike; the
#: thread they open closes with `NEUTRAL_CLOSES`.
FAMILY_FOLLOW_UPS: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "car": {
        STATEMENT: (
            (
                "Does {pron} drive [a lot|very often]?",
                "[Mostly at weekends|Not a lot, mainly to the shops|Quite a bit|Only for big"
                " trips]" + _SAYS + ".",
            ),
        ),
        INVALIDATION: (
            (
                "Will {pron} get another car?",
                "[Not for now|Maybe one day|{Pron} hasn't decided|Not in a hurry]" + _SAYS + ".",
            ),
        ),
    },
    "work": {
        STATEMENT: (
            (
                "Does {pron} like it at {V}?",
                "[Mostly, yes|Most days|Very happily|Seems to|Better than expected]" + _SAYS + ".",
            ),
        ),
    },
    "gym": {
        STATEMENT: (
            (
                "Does {pron} go in the mornings or the evenings?",
                "[Early mornings, mostly|Evenings, usually|Whenever {pron} can]" + _SAYS + ".",
            ),
        ),
    },
    "dentist": {
        STATEMENT: (
            (
                "Is Dr {V} easy to get to?",
                "[Easy enough|Not bad, a short bus ride|A bit of a trek, but worth it]"
                + _SAYS
                + ".",
            ),
        ),
    },
    "road": {
        STATEMENT: (
            (
                "Is {pron} unpacked yet?",
                "[Nearly|Not even close|Mostly, just the boxes in the loft to go]" + _SAYS + ".",
            ),
        ),
    },
    "choir": {
        STATEMENT: (
            (
                "Is there a concert coming up?",
                "[Not for a while|Something before the holidays|Later in the year]" + _SAYS + ".",
            ),
        ),
    },
    "boat": {
        STATEMENT: (
            (
                "Has {pron} taken the {V} out yet?",
                "[Once or twice|Not yet, waiting for better weather|Just the once]" + _SAYS + ".",
            ),
        ),
    },
    "bookclub": {
        STATEMENT: (
            (
                "Do they read anything good?",
                "[A bit of everything|Mostly crime|Lots of history|Whatever someone suggests]"
                + _SAYS
                + ".",
            ),
        ),
    },
    "piano": {
        STATEMENT: (
            (
                "Does {pron} have a piano to practise on?",
                "[Just a keyboard for now|An old upright|A borrowed one]" + _SAYS + ".",
            ),
        ),
    },
    "allotment": {
        STATEMENT: (
            (
                "What is {pron} planning to grow?",
                "[Beans and potatoes|Mostly salad|Whatever survives the slugs]" + _SAYS + ".",
            ),
        ),
    },
    "dog": {
        STATEMENT: (
            (
                "How is {pron} coping with the walks?",
                "[Fine, {pron} loves them|Twice a day, rain or shine|Early mornings are a"
                " shock]" + _SAYS + ".",
            ),
        ),
    },
    "team": {
        STATEMENT: (
            (
                "Does {pron} go to many matches?",
                "[A few a season|When {pron} can|Mostly watches on the telly]" + _SAYS + ".",
            ),
        ),
    },
}

#: The assistant's brief close after the user answers a follow-up, per move kind.
_CLOSE_ACK = (
    "[Ah|Right|Fair enough|Makes sense|I see|Ah, I see|Ah right|Oh right|Okay|Understood|Got it],"
)
THREAD_CLOSES: dict[str, tuple[str, ...]] = {
    STATEMENT: (
        "[Good to hear|Glad to hear it|Sounds promising|That's good|Nice|Lovely][.|!] [I hope it"
        " [stays|carries on|keeps going] that way[ for {obj}|].|Good for {obj}[, honestly|].|Long"
        " may it last.|Sounds like {pron} [is happy|is pleased|made a good call|chose well].]",
        _CLOSE_ACK + " [sounds like {pron} is [happy|pleased|in a good place][ with it|]|that all"
        " sounds [good|promising|very positive]|I'm glad it's [going well|working out] for {obj}"
        "|that's [nice|good] to hear][.|!]",
    ),
    INVALIDATION: (
        _CLOSE_ACK + " [I hope whatever comes next suits {obj}|onwards, then|sounds like {pron}"
        " [has it in hand|knows what {pron} wants|made {poss} peace with it]|it sounds like the"
        " right time[ for {obj}|]][.|!]",
        "[That's understandable|That makes sense|Fair enough|Sounds sensible][.|!] [Good luck"
        " to {obj}[ with what's next|].|Change can be good.|Sometimes it's time for a change."
        "|I hope {pron} [settles|finds the next thing] [soon|quickly].]",
    ),
    REAFFIRMATION: (
        _CLOSE_ACK + " [if it works, it works|no need to fix what isn't broken|sounds like"
        " {pron} knows what {pron} likes|{pron} sounds [settled|content]|that's [steady|sensible]"
        " of {obj}][.|!]",
        "[Good to hear|Fair enough|Sensible|Nice][.|!] [Steady does it.|Nothing wrong with that."
        "|Why change what works?|{Pron} sounds [settled|content][, then|].]",
    ),
    MENTION: (
        "[Ha|Fair enough|Sounds about right|Nice][.|!] [It'll come up again, I expect.|Those"
        " chats are half the fun.|People do love a debate.|Good to talk it through.]",
        _CLOSE_ACK + " [good to hear both sides|always good to talk it through|it sounds like"
        " a good chat, anyway|that sounds about right][.|!]",
    ),
    TWIN_CONSIDERED: (
        _CLOSE_ACK + " [no sense rushing these things|no harm done, then|sounds like {pron} is"
        " fine about it|good that {pron} isn't [too bothered|dwelling on it]][.|!]",
        "[Fair enough|Sensible|That's the right attitude|Good][.|!] [Plenty of time.|There's no"
        " rush.|Something else will come along.|It wasn't meant to be, then.]",
    ),
    TWIN_RUMOUR: (
        "[Ha|Well|Funny|Oh well][.|!] [Stories do get about.|These things get about.|Crossed"
        " wires happen.|People do love a story.|That's how these things go.]",
        _CLOSE_ACK + " [good that it's cleared up|at least it's sorted now|no harm done, then"
        "|easy to see how it happened][.|!]",
    ),
    TWIN_OTHERS: (
        "[Ha|Fair enough|Right|Ah, I see][.|!] [Thanks for filling me in.|Good to know.|Makes"
        " sense.|That's people for you.]",
        _CLOSE_ACK + " [good to know|thanks for filling me in|that makes sense][.|!]",
    ),
}

#: What becomes of a statement, said by the user in the turn after it (its *status*). A rival
#: of the asked fact (a rumour, a plan dropped, someone else's news) is told in the very frames
#: and clauses of a true statement (`Move.told_as`), and what makes it a rival comes out here,
#: in the next turn; a true statement gets the same exchange at times (`render.STATUS_SHARE`),
#: confirming or hedging it. A status names neither the family's thing nor its keyword (`it`,
#: or the value itself), so no statement of a value is marked by its own wording: a reader
#: must read on to know what became of it. `{other}` is the someone else of `TWIN_OTHERS`.
#: A hedge fits every kind a statement is told as. Its tail never restates its head (no
#: `That's what he told me, going by what he told me`), and every hedge has one.
_HEDGE_TAIL = (
    "[, and {pron} [seemed|sounded|looked] [[certain|sure] [about it|of it|]|definite [about"
    " it|]|confident [about it|of it|]]|,"
    " though I'd [want to|like to|better] [check|double-check|ask again]"
)
_HEDGED = (
    "[[I think so|I believe so|I'm fairly sure|If I've got it right|If I heard {obj} right"
    "|That's what I took from it|That's how I understood it|That's my understanding],"
    " [anyway|at least|for what it's worth|mind you]" + _HEDGE_TAIL + "|, going by what"
    " {pron} [said|told me|wrote]|, from [the way|how] {pron} [put it|told it]]|That's what"
    " {pron} [said|told me|says], [anyway|at least|for what it's worth|mind you]"
    + _HEDGE_TAIL
    + "]]."
)

#: A rumour taken back. These say only that the user had it wrong, which fits a story the user
#: heard; after a sentence that says the user had it from the person (`firsthand`,
#: `CLAIM_MARKS`) they would undo a first-hand account without saying how, so they are not
#: drawn there (`STATUS_UNFIT`).
RUMOUR_VAGUE: tuple[str, ...] = (
    "[Actually|Hang on|Oh wait|Sorry|Hmm|Oh dear], [scratch that|forget I said that|ignore"
    " me|I take that back|I shouldn't have said that][:|,] [I'd got it [muddled|wrong|mixed"
    " up|back to front]|I misheard[ the whole thing|]|I was thinking of [something else"
    "|someone else|another story]|I've got my stories crossed][.|!]",
    "Mind you, I've since [found out|realised|worked out] that I [had it wrong|misheard"
    "|got the wrong end of it|mixed it up with something else][, so ignore that|, sorry"
    "|, silly me|].",
    "[Well,|That said,|Then again,] [that's what I [thought I heard|had in my head]"
    "|that was my understanding], but [it turned out [not to be so|to be a mix-up|to be"
    " wrong]|I'd [muddled it up|got it wrong|misunderstood]][, I'm afraid|, sorry|].",
    "[Oh|Ah|Oh, hang on], [and|but] [ignore|forget|disregard] what I [just said|said just"
    " now|told you there][, it was a muddle|: I had it wrong|, it was crossed wires|, my"
    " mistake|, I misheard].",
)
#: A rumour taken back by saying how the user went wrong and what is the case (naming no
#: value): these fit any sentence, a first-hand one too.
RUMOUR_HOW: tuple[str, ...] = (
    "No, wait, I'm thinking of [something else|someone else|the wrong thing|another story]"
    "[, sorry|, silly me|]: [there's nothing in it|none of that is true of {obj}|that was"
    " never {obj}|it doesn't apply to {obj} at all][, as far as I know|, I'm fairly sure|, now"
    " I think about it|].",
    "[Sorry|Hang on|Wait|Hmm], I've [mixed up|muddled|got muddled between] two [chats"
    "|conversations|different stories][ there|]: that was someone else's news, and [none of it"
    " is true of {obj}|it was never {obj} at all|there's nothing in it for {obj}][, as far as"
    " I know|].",
)
#: Said only after a first-hand sentence (the person told the user themselves): the user took
#: it the wrong way round, or was the butt of a joke.
RUMOUR_TOLD: tuple[str, ...] = (
    "[Sorry,|Hang on,|Hmm,] I got that [back to front|the wrong way round|upside down]: {pron}"
    " was telling me [it isn't so|that's not the case at all|there's nothing in it], [and I"
    " heard the opposite|not that it is|and I got it the other way round][, so scrap that|, my"
    " mistake|].",
    "[Oh,|Ha,|Well,] [it turns out|I've since realised|it seems] {pron} was [pulling my leg"
    "|having me on|winding me up][, the whole time|, all along|]: [there was never anything in"
    " it|none of it was true|it was all a joke][, and {pron} [laughed|was delighted] when I"
    " [said so|fell for it]|].",
)

#: A plan dropped, told as if it had gone ahead: these say it never got past a plan, which
#: cannot follow a sentence that says the thing goes on (`habit`) or has for years
#: (`lifelong`).
CONSIDERED_PLAN: tuple[str, ...] = (
    "[Well,|Actually,|Sorry,|Hmm,|Oh,] [not quite|I'm getting ahead of myself|that's not"
    " quite right|I spoke too soon|that's overstating it]: {pron} [only|just] [looked into"
    " it|thought about it|had a look|weighed it up|went as far as asking] and [decided"
    " against it|didn't go ahead|let it go|changed {poss} mind|left it there].",
    "[Mind you,|Though|Then again,|Except] [I've jumped the gun|I'm running ahead of"
    " myself|I've put that too strongly|that's not how it ended][:|,] {pron} [very nearly"
    " did|came very close|got quite far with it|was on the point of it] and then [went off"
    " the idea|changed {poss} mind|decided against it|dropped the idea|thought better of"
    " it][, so it never happened|, so nothing came of it|, so that's that|, so scrap"
    " that].",
    "[Or so I thought|That was the plan, anyway|That was the idea|At least that was the"
    " plan|That's what {pron} said at first], but {pron} [backed out|pulled out|got cold"
    " feet|thought better of it|went off it] [at the last minute|in the end|before anything"
    " was signed|after a day or two|once {pron} thought it over].",
    "[Well,|Oh,|Hmm,] I've said that wrong: it was only ever the plan[, really|, at the"
    " time|], and [it fell through|{pron}"
    " went off it|{pron} never went ahead|it didn't happen in the end|{pron} let it drop]"
    "[, I'm afraid|, sadly|, funnily enough|].",
    "[Hmm,|Sorry,|Well,|Oh,] [I've put that too strongly|I've run ahead of myself|that's"
    " not quite how it went]: {pron} was only ever [looking|weighing it up|thinking it"
    " over][, really|, to be honest|], and [it fell through|nothing was ever signed|{pron}"
    " didn't go through with it|it came to nothing] in the end.",
    "[Sorry,|Well,|Hmm,] [I've made that sound more settled than it is|that's wishful"
    " thinking on my part|I've made that sound more definite than it is]: {pron} [talked about it for a"
    " while|was keen for a bit|had it all worked out|looked into it properly] but never"
    " [went ahead|went through with it|took the plunge|got round to it].",
)
#: A plan dropped, told as done: these say how the user came to tell it so (the person told
#: it as a plan, the user took it for done), so they fit a sentence the person told the user
#: themselves (`firsthand`), one that says it happened (`done`) too; not one the user only
#: heard (`hearsay`), where "I misread what she said" has no saying to misread.
CONSIDERED_TOLD: tuple[str, ...] = (
    "[Sorry,|Hmm,|Well,|Oh,] I've [told that as if it was done|run ahead of what {pron} said"
    "|made that sound more settled than it was]: [when {pron} told me|at the time], it was"
    " only [the plan|an idea|on the cards], and {pron} has since [changed {poss} mind|dropped"
    " it|thought better of it|let it go].",
    "[Mind you,|Though|Then again,] I misread what {pron} said: {pron} was only"
    " [thinking aloud|weighing it up|talking it over|sounding me out], and [nothing came of"
    " it|{pron} decided against it|{pron} let it go] in the end.",
    "[Sorry,|Hang on,|Hmm,] I [got ahead of what {pron} told me|heard more than {pron}"
    " said|got the wrong idea]: {pron} was [about to|all set to|on the point of it], and then"
    " [changed {poss} mind|thought better of it|called it off][, so scrap that|, so that's"
    " that|].",
)
#: A plan dropped after a try: these fit a sentence that says the thing goes on (the user made
#: a trial sound like a habit), though not one that says it has for years, nor one about
#: something a person does not try out (`settled`: a car, a house, a bank, a job, a pet).
CONSIDERED_TRIAL: tuple[str, ...] = (
    "[Well,|Actually,|Sorry,|Hmm,|Oh,] [that's overstating it|I've made that sound like more"
    " than it was|I'm exaggerating]: {pron} only [tried it out|gave it a go|went along [once"
    " or twice|a couple of times]|did a trial [week|month|run]] and [decided against it"
    "|didn't keep it up|left it there|never took it further|let it go][, in the end|].",
    "[Mind you,|Though|Then again,] it [didn't last|never stuck|came to nothing]: {pron}"
    " [tried it for a [week or two|few weeks|month]|gave it a [go|try] for a bit] and then"
    " [stopped|went off it|gave up on it|decided it wasn't for {obj}][, so scrap that|, so"
    " that's that|].",
)

_WEEKDAY = "(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"

#: What a user sentence claims, read off its words (the frame and clause it was told in):
#: `firsthand`, the user had it from the person (else `hearsay`, see `claims`); `habit`, the
#: thing goes on (a routine, a membership, still the case); `settled`, it is a thing one has
#: or moves to rather than tries out; `lifelong`, it has for years. A
#: status fits a sentence when none of the claims it cannot follow (`STATUS_UNFIT`) is made
#: there; the renderer draws a status among the fitting ones, for a true statement and a
#: rival alike.
CLAIM_MARKS: dict[str, re.Pattern[str]] = {
    "firsthand": re.compile(
        r"\b(?:told me (?:in person|all about|the whole story|everything|so|about it)"
        r"|filled me in|gave me the news|(?:texted|messaged|rang|called|phoned) me"
        r"|I (?:asked|checked with|saw)\b|(?:[Ss]poke|[Cc]aught up|[Hh]ad a (?:call|chat))"
        r" (?:to|with)|^(?:Saw|Heard from) |(?:he|she) (?:rang|called|popped round)\b"
        r"|(?:said|told me|was telling me|mentioned) (?:that )?(?:he|she)\b"
        r"|(?:rang|called|phoned|texted|messaged|wrote) to (?:say|tell me)"
        r"|tells me\b|was saying|let slip|(?:gave|sent) me (?:a|an|the)\b|talked me through"
        r"|\bfrom (?:him|her)\b|[Gg]ather from|(?:[Nn]ews|for you) from my)"
    ),
    "habit": re.compile(
        r"\b(?:most (?:weeks|mornings|evenings|days|weekends|Saturdays|Sundays)"
        r"|every (?:week|month|morning|evening|weekend|Saturday|Sunday)"
        r"|once a (?:week|month)|(?:twice|three times) a (?:week|month)|at weekends"
        r"|whenever (?:he|she) can|paying|still\b|same as ever|stayed on"
        r"|staying with|seems settled|season ticket|paid-up|member\b|membership|belongs to)"
    ),
    # Something one has, moves to or signs with rather than tries out: owning or driving a
    # thing, a home or an address, a bank or provider, an employer, a pet.
    "settled": re.compile(
        r"\b(?:bought|buy|owns?|drives?|driving|car|boat|house|flat|home|address|Road"
        r"|moved|moving|lives|living|stay put|Bank|banks|account|savings|mortgage|broadband"
        r"|provider|contract|switched|dentist|Dr|job|employer|works (?:for|at)|(?:started|at)"
        r" work|(?:office|desk|admin) work|dog|puppy|cat|kitten|pet|adopted|name|surname)\b"
    ),
    "lifelong": re.compile(
        r"\b(?:since (?:childhood|(?:he|she) was (?:small|little|young))|all (?:his|her) life"
        r"|for (?:years|decades)|always)\b"
    ),
    # It happened: a finished act (`paid`, `sent out`, `has moved`), not the telling of it.
    "done": re.compile(
        r"\b(?:already|has (?:just |now |finally )?(?:\w+ed|got|paid|sent|bought|taken|gone"
        r"|made)|paid(?!-)|sent|bought|got|came|arrived|picked up|moved|switched|signed up|joined|took"
        r"|started|finished|settled up|cleared|returned|handed|collected|delivered|posted"
        r"|(?:\w+ed) (?:out|off|up|back))\b"
    ),
    # A date still to come: a reminder, an expiry or an event told for later.
    "dated-future": re.compile(
        r"\b(?:from now(?! on)|remind me|tomorrow|next (?:week|month|year|" + _WEEKDAY + ")"
        r"|in (?:a|an|a few|a couple of|\d+|one|two|three|four|five|six|seven|eight|nine|ten"
        r"|eleven|twelve|[a-z]+teen|[a-z]+ty(?:-[a-z]+)?) (?:hours?|days?|weeks?|months?)\b"
        r"(?! ago)|runs out|expires|stops working|(?:is|are) due|due (?:on|in|for)"
        r"|starts? (?:on|in)|on " + _WEEKDAY + r" at|this coming)\b"
    ),
    # Something chosen (a switch, a purchase, a sign-up): `someone else went for it` fits it;
    # a bill or a parcel, told without one, is `unchosen` (see `claims`).
    "choice": re.compile(
        r"\b(?:chose|chosen|picked|went for|opted|signed up|signed with|switched|moved"
        r"|joined|bought|buy|booked|enrolled|took up|taken up|started|new)\b"
    ),
    # Told by a message sent to announce it (`texted me specially`): not one the user could
    # have heard the wrong way round.
    "announced": re.compile(
        r"\b(?:specially|to say so|gave me the news|(?:rang|called|phoned|texted|messaged"
        r"|wrote) to (?:say|tell me))\b"
    ),
    # Something one is rather than decides on: a side one supports or follows.
    "allegiance": re.compile(r"\b(?:supports?|follows|fan of)\b"),
    # A thing said to be owned (not bought: the buying was a decision).
    "owned": re.compile(r"\bowns?\b"),
    # Told the same day: no time since for a plan to be dropped ("she has since changed her
    # mind" after "she told me earlier today").
    "same-day": re.compile(r"\b(?:today|this (?:morning|afternoon|evening)|tonight|just now)\b"),
}

#: Status template → the claims (`CLAIM_MARKS`) it cannot follow. Keyed by the template
#: itself, so a vertical that reuses a shared status inherits its fit.
STATUS_UNFIT: dict[str, frozenset[str]] = {
    **{t: frozenset({"firsthand"}) for t in RUMOUR_VAGUE},
    **{t: frozenset({"hearsay"}) for t in RUMOUR_TOLD},
    # A plan dropped cannot undo a first-hand account without saying how the user came to
    # tell it so (`CONSIDERED_TOLD` does), nor be told in the past of a date still to come.
    **{t: frozenset({"habit", "lifelong", "firsthand", "dated-future"}) for t in CONSIDERED_PLAN},
    # "That was the plan, anyway", "it was only ever the plan": bare, so not after a
    # sentence that says it happened.
    **{
        t: frozenset({"habit", "lifelong", "firsthand", "dated-future", "done"})
        for t in CONSIDERED_PLAN[2:4]
    },
    **{t: frozenset({"lifelong", "settled", "dated-future"}) for t in CONSIDERED_TRIAL},
    # "I misread what she said" needs her to have said it (`firsthand`).
    **{t: frozenset({"lifelong", "dated-future", "hearsay"}) for t in CONSIDERED_TOLD},
    # "He was telling me it isn't so, and I heard the opposite": not after a message sent to
    # announce it.
    RUMOUR_TOLD[0]: frozenset({"hearsay", "announced"}),
    # "At the time it was only the plan, and she has since changed her mind": not the same day.
    CONSIDERED_TOLD[0]: frozenset({"lifelong", "dated-future", "hearsay", "same-day"}),
}
# A plan dropped ("he weighed it up and didn't go ahead") only follows a sentence that could
# have been a decision in progress: not an allegiance ("supports Creedbury Town"), which is
# taken back as a try that went no further (`CONSIDERED_TRIAL`), nor, for "came very close and
# then decided against it", a thing owned ("owns a boat now").
for _t in CONSIDERED_PLAN + CONSIDERED_TOLD:
    STATUS_UNFIT[_t] = STATUS_UNFIT[_t] | {"allegiance"}
for _t in CONSIDERED_PLAN[:2]:
    STATUS_UNFIT[_t] = STATUS_UNFIT[_t] | {"owned"}


def claims(sentence: str) -> frozenset[str]:
    """The claims (`CLAIM_MARKS`) a user sentence makes; `hearsay` when it is not first-hand."""
    said = {tag for tag, mark in CLAIM_MARKS.items() if mark.search(sentence)}
    if "firsthand" not in said:
        said.add("hearsay")
    if "choice" not in said:
        said.add("unchosen")
    return frozenset(said)


_SOON = "[later|since|after|the next day|this morning|at the weekend|when I saw {obj}]"
STATUSES: dict[str, tuple[str, ...]] = {
    STATEMENT: (
        "[And|Oh, and|Yes, and|Oh yes, and] [I [checked|double-checked] with {obj}|{pron}"
        " [confirmed it|told me so {obj}self|said so] " + _SOON + "][, so it's [definite"
        "|settled|official|certain]|, and it's right|, so no doubt there|].",
        "[Honestly,|Really,|Yes,|And|Oh,] {pron} [seems|sounds|looked] [really|very|quite|so]"
        " [pleased|happy|chuffed|settled|content|excited] [with it|about it|][, which is nice|,"
        " to be fair|, bless {obj}|, and why not].",
        "[That's|It's] [all settled|definite|official|all sorted|for certain|a done deal] [now"
        "|at last|these days][, {pron} told me|, I checked|, apparently|, by the sound of it].",
        _HEDGED,
        "[And before you ask,|And yes,|For the record,|Just so you know,] it's [true|right"
        "|real|definite|properly decided], I [asked {obj}|checked with {obj}|had it from {obj}"
        " directly] [this week|the other day|at the weekend|when I saw {obj}].",
        "[It's|It seems] [a good fit|just right|the right thing] for {obj}[, to be fair|,"
        " honestly|, really|, I think|, from what I can tell].",
    ),
    INVALIDATION: (
        "[And|Oh, and|Yes, and] [{pron} [seems|sounds] [fine|quite relaxed|perfectly happy]"
        " about it|{pron} [doesn't seem|isn't] [bothered|too fussed|upset] [at all|really|]"
        "|it was {poss} own [decision|choice|idea]][, to be fair|, honestly|, apparently|].",
        "[That's|It's] [definite|final|all done|all settled] [now|at last|these days][, {pron}"
        " told me|, I checked|, apparently|, by the sound of it].",
        _HEDGED,
        "[It had been|It was] [a while coming|on the cards for a while|a long time coming"
        "|talked about for ages][, to be fair|, honestly|, really|, from what I hear].",
    ),
    REAFFIRMATION: (
        "[And|Oh, and|Yes, and] [I [checked|asked] {obj} [this week|the other day|at the"
        " weekend]|{pron} [said so|told me so {obj}self] [this week|the other day|at the"
        " weekend]][, so no change there|, so that's that|].",
        "[Honestly,|Really,|Yes,|And] {pron} [seems|sounds] [settled|content|happy enough"
        "|perfectly happy] [with it|about it|][, which is nice|, to be fair|, and why not].",
        _HEDGED,
        "[No sign of|Nothing suggests|No talk of] [a change|anything changing|{obj} changing"
        " [that|it]][ any time soon|, as far as I know|, from what I hear].",
    ),
    TWIN_RUMOUR: RUMOUR_VAGUE + RUMOUR_HOW + RUMOUR_TOLD,
    TWIN_CONSIDERED: CONSIDERED_PLAN + CONSIDERED_TRIAL + CONSIDERED_TOLD,
    TWIN_OTHERS: (
        "[Sorry,|Wait,|Hang on,|Oops,|Hmm,] [I've muddled that|I'm mixing people up|I tell a lie"
        "|I've got that the wrong way round|I've got my people muddled]: [that's {poss} {other}"
        ", not {obj}|I meant {poss} {other}, not {obj}|that was {poss} {other}'s news, not"
        " {poss} own|it's {poss} {other} I was thinking of].",
        "[Actually,|Although,|Oh,] [come to think of it,|now I think about it,|thinking about"
        " it,] [that was|it's|that's] {poss} {other}[, not {obj}|; {pron} just told me about"
        " it|, I'm mixing them up|, not {obj} at all].",
        "[No, hold on,|Sorry, no,|Wait, no,] it's {poss} {other} [I'm thinking of|who did that"
        "|whose news that was|I mean][, not {obj}|, silly me|, my mistake].",
        "[Oh,|Hmm,|Ah,] I've got the wrong person[ there|]: it's {poss} {other} who [did that"
        "|has that|sorted that out], not {obj}[ at all|, I'm"
        " fairly sure|, now I think about it|].",
        "[Oh,|Hmm,|Ah,] I've got the wrong person[ there|]: it's {poss} {other} who [went for"
        " it|chose that|picked that], not {obj}[ at all|, I'm fairly sure|, now I think about"
        " it|].",
    ),
}

#: Someone else's news put right as their choice (`went for it`) only follows a choice.
OTHERS_CHOSEN = STATUSES[TWIN_OTHERS][-1]
STATUS_UNFIT[OTHERS_CHOSEN] = frozenset({"unchosen"})

#: The claim of a rival that stands for now (`Move.stands`, `core/echo.py`): it is taken back
#: sessions later ("I've had that wrong all along"), so no status vouches for it first ("I
#: double-checked with him, so it's definite" and then "I had it wrong from day one").
STANDS = "stands"
#: True statements' statuses that vouch for what was said (a check, a confirmation): a
#: standing rival draws among the others (a hedge, how the person seems).
VOUCHING: tuple[str, ...] = (
    STATUSES[STATEMENT][0],
    STATUSES[STATEMENT][2],
    STATUSES[STATEMENT][4],
    STATUSES[REAFFIRMATION][0],
)
STATUS_UNFIT.update({t: STATUS_UNFIT.get(t, frozenset()) | {STANDS} for t in VOUCHING})

#: The assistant's reply to a status, per kind (grammar).
STATUS_REPLIES: dict[str, tuple[str, ...]] = {
    # Each reply fits every status of its kind (a confirmation, a hedge, a remark on how the
    # person took it): the renderer draws the two apart, so a reply that hears a hedge as
    # reassurance (`That settles it`, `Thanks for checking`) or a mishap as a choice (`Better
    # safe than sorry` after `it fell through`) is not written here.
    STATEMENT: (
        "[Good to know|Fair enough|Noted|Right|Understood|Got it|Okay][.|!] [Thanks for"
        " [telling me|filling me in|the update|letting me know].|I hope it [works out|goes"
        " well|keeps going well] for {obj}.|Let's hope it [suits|works out for] {obj}.|I'll"
        " [remember that|keep that in mind].|Fingers crossed it [works out|goes well] for {obj}.]",
        "[Ah,|Oh,|Well,|Right,|Okay,] [good to know|fair enough|thanks for [filling me in|the"
        " update|telling me]|I'll [remember that|bear that in mind]|that's [useful|helpful] to"
        " know][.|!] [I hope it [works out|goes well] for {obj}.|[Nice|Good] for {obj}, [by the"
        " sound of it|from what you say].|Fingers crossed for {obj}.|]",
    ),
    INVALIDATION: (
        "[Fair enough|Right|Understood|Makes sense|I see|Noted][.|!] [Thanks for [letting me"
        " know|telling me|the update].|I hope whatever comes next [suits|works out for]"
        " {obj}.|Onwards, then.|I'll [remember that|bear that in mind].]",
        "[Ah,|Oh,|Well,] [that's good to know|fair enough|thanks for [telling me|letting me"
        " know]|I'll remember that][.|!] [Good luck to {obj} with what's next.|I hope {pron}"
        " [settles|finds the next thing] [soon|quickly].|Time for something new, then.|]",
    ),
    REAFFIRMATION: (
        "[Good to know|Fair enough|Right|Noted|Okay|Understood][.|!] [No need to change what"
        " works.|Steady as ever, by the sound of it.|Thanks for [the update|telling me|letting"
        " me know].|I'll [remember that|bear that in mind].]",
        "[Ah,|Oh,|Well,] [good to know|fair enough|noted|thanks for the update][.|!] [If it"
        " works for {obj}, why change?|Nothing wrong with steady.|{Pron} sounds [settled"
        "|content], from what you say.|]",
    ),
    TWIN_RUMOUR: (
        "[Ah,|Oh,|Right,|Ha,|Okay,] [easily done|no harm done|good to know|glad that's"
        " cleared up|we all do it|it happens to everyone|no problem at all][.|!][ Thanks for"
        " [putting me straight|clearing that up|the correction|letting me know].|]",
        "[Fair enough|Understood|Got it|No worries|Ha|Right][.|!] [I'll forget I heard it.|Easy"
        " to get muddled.|Good job you [caught it|said].|It happens to all of us.|Thanks"
        " for [putting me straight|clearing that up|the correction|letting me know].]",
    ),
    TWIN_CONSIDERED: (
        "[Ah,|Oh,|Fair enough,|Right,|Ah well,|Oh well,] [so it never happened|so nothing came"
        " of it|so that's off, then|plans change|that's how it goes][.|!] [There's always next"
        " time.|No rush at all.|Something else will turn up.|It happens.|Thanks for [setting me"
        " straight|clarifying].|]",
        "[Makes sense|Understood|Ah well|Fair enough|Oh well|Never mind|Right][.|!] [There's"
        " always next time.|No rush, then.|Something else will turn up.|{Pron} can always look"
        " again.|Plans do change.|Thanks for [setting me straight|clarifying].]",
    ),
    TWIN_OTHERS: (
        "[Ah,|Oh,|Right,|Ha,|Okay,] [got it|I see|easy to mix up|fair enough|that makes more"
        " sense][, {poss} {other} then|][.|!] [I'll keep them straight.|Easy to muddle them.|]",
        "[Understood|Noted|No problem|Easily done|Ha][.|!] [Thanks for [clarifying|putting me"
        " straight|sorting that out].|I'll keep them straight.|It's hard to keep everyone"
        " straight.|Easy to muddle them.]",
    ),
}

#: The assistant's close after the user answers a family's own follow-up (its answers range
#: from keen to lukewarm, so the close only acknowledges).
NEUTRAL_CLOSES: tuple[str, ...] = (
    _CLOSE_ACK + " [that makes sense|good to know|sounds about right|thanks for filling me"
    " in|I can picture it][.|!]",
    "[Good to know|Fair enough|Makes sense|Right][.|!] [Thanks for [telling me|filling me in].|It"
    " all sounds [very normal|sensible].|That sounds about right.]",
)

#: Optional words around the moves, drawn for every session alike and rarely (the renderer
#: draws whether a session has an opener, a closer or a sign-off at all): each is grammar, so
#: no one sentence recurs. Greetings and sign-offs that name a time of day are only drawn when
#: the session's timestamp fits them: a "Morning!" at half past eight in the evening reads as a
#: template.
OPENERS = (
    "[Hi|Hello|Hey|Hiya][ there|][.|!]",
    "[Hi|Hello|Hey], [quick|a quick] catch-up[.|!]",
    "[Hope you're well|Hope all's well|Hope you're keeping well|Hope your week's going well"
    "|Hope things are good|Hope today's treating you well][.|!]",
    "[Right|Okay|So], [a few things|a couple of things|catching up][.|!]",
    "[Have you got|Got] a [minute|moment|sec|spare minute][ for me| to chat|]?",
)
MORNING_OPENERS = (
    "[Morning|Good morning][.|!]",
    "[Morning|Hi], [early one today|just having my coffee|quick one while the kettle boils][.|!]",
)
AFTERNOON_OPENERS = (
    "[Afternoon|Good afternoon][.|!]",
    "[Hi|Hello], [quiet afternoon here|slow afternoon|taking a break][.|!]",
)
EVENING_OPENERS = (
    "[Evening|Good evening][.|!]",
    "[Evening|Hi], [feet up now|long day|quiet one tonight][.|!]",
)
CLOSERS = (
    "[Right|Okay|Well], [I'd better|I must|time to] [go|get going|head off|put the kettle"
    " on|crack on|get the tea on][.|!]",
    "[That's|That was] [about it|all|everything] [for now|from me|for today][.|!]",
    "[Anyway|Right], [enough from me|that's me done|that'll do for now][.|!]",
    "[Thanks for listening|Thanks for the chat|Nice to catch up|Good to get that off my chest]"
    "[, as always|, as ever|][.|!]",
)
SIGN_OFFS = (
    "[Talk soon|Speak soon|Take care|Bye for now|Catch you soon][.|!]",
    "[Nice chatting|Good to catch up|Good to hear from you][, as ever|][.|!]",
)
MORNING_SIGN_OFFS = (
    "[Enjoy the rest of your day|Have a good morning|Enjoy your morning|Have a good rest of"
    " the day][.|!]",
)
DAY_SIGN_OFFS = (
    "[Enjoy the rest of your day|Have a good afternoon|Enjoy your afternoon|Have a good rest of"
    " the day][.|!]",
)
EVENING_SIGN_OFFS = ("[Have a good|Enjoy your|Have a nice] evening[.|!]",)


def openers_at(hour: int) -> tuple[str, ...]:
    """The openers that fit a session starting at `hour`."""
    if hour < 12:
        return OPENERS + MORNING_OPENERS
    if hour < 17:
        return OPENERS + AFTERNOON_OPENERS
    return OPENERS + EVENING_OPENERS


def sign_offs_at(hour: int) -> tuple[str, ...]:
    """The sign-offs that fit a session at `hour`."""
    if hour < 12:
        return SIGN_OFFS + MORNING_SIGN_OFFS
    return SIGN_OFFS + (DAY_SIGN_OFFS if hour < 17 else EVENING_SIGN_OFFS)


#: Words the answers use that the conversations never do (so an answer can be screened for
#: leaks: only its value is distinctive). Asserted by the tests over every corpus.
ANSWER_WORDS = frozenset("longer holds newer known unknown reaffirmed afterwards mentioned".split())


class BankError(ValueError):
    """The template bank breaks one of its writing rules."""


_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")


def _generic_templates() -> list[tuple[str, str]]:
    """(where, template) for every template that is drawn whatever the family: frames,
    reactions, generic references, follow-ups and their answers, thread closes, openers,
    closers and sign-offs."""
    out: list[tuple[str, str]] = []
    for label, bank in (("frame", FRAMES), ("reply", REPLIES), ("reaction", REACTIONS)):
        for kind, options in bank.items():
            out += [(f"{label} {kind}", t) for t in options]
    for kind, pairs in FOLLOW_UPS.items():
        out += [(f"follow-up {kind}", t) for pair in pairs for t in pair]
    for kind, options in THREAD_CLOSES.items():
        out += [(f"thread close {kind}", t) for t in options]
    out += [("neutral close", t) for t in NEUTRAL_CLOSES]
    for label, bank in (("status", STATUSES), ("status reply", STATUS_REPLIES)):
        for kind, options in bank.items():
            out += [(f"{label} {kind}", t) for t in options]
    for hour in (9, 14, 20):
        out += [("opener", t) for t in openers_at(hour)]
        out += [("sign-off", t) for t in sign_offs_at(hour)]
    out += [("closer", t) for t in CLOSERS]
    return out


def _templates() -> list[tuple[str, str]]:
    """(where, text) for every template string, grammar flattened, placeholders removed."""
    out = _generic_templates()
    for family_key, replies in FAMILY_REPLIES.items():
        for kind, options in replies.items():
            out += [(f"{family_key} reply {kind}", t) for t in options]
    for family_key, follow_ups in FAMILY_FOLLOW_UPS.items():
        for kind, pairs in follow_ups.items():
            out += [(f"{family_key} follow-up {kind}", t) for pair in pairs for t in pair]
    out += [(f"{key} thing", t) for key, t in FAMILY_THINGS.items()]
    for family in FAMILIES.values():
        out += [(f"{family.key} topic", t) for t in family.topics]
        for kind, clauses in family.clauses.items():
            out += [(f"{family.key} {kind}", t) for t in clauses]
    return [(where, re.sub(r"\{[A-Za-z_]+\}", "", flatten(text))) for where, text in out]


def _question_words() -> frozenset[str]:
    """Every word a question can be retrieved by: the families' keywords and the relations."""
    words: set[str] = set()
    for family in FAMILIES.values():
        words |= set(bm25_tokens(family.questions[0].format(holder="")))
    for relation in RELATIONS:
        words |= set(bm25_tokens(relation.noun))
    return frozenset(words)


def _always_names(parts: tuple[Part, ...], keywords: set[str]) -> bool:
    """Whether every expansion of a parsed template names one of `keywords`: a fixed piece
    names one, or some bracket names one in each of its alternatives."""
    for part in parts:
        if isinstance(part, Choice):
            if all(_always_names(option, keywords) for option in part.options):
                return True
        elif keywords & set(bm25_tokens(part)):
            return True
    return False


def always_names(template: str, keywords: set[str]) -> bool:
    """Whether every expansion of `template` names one of `keywords` (grammar-aware)."""
    return _always_names(parse(template), keywords)


def check_bank() -> None:
    """The bank's writing rules, asserted at import: no digit, bracket or em dash in any
    template once its grammar is flattened (balanced `[a|b]` alternatives are grammar, see
    `core.grammar`; every word of every alternative is checked); no answer word in any template (answers stay screenable for leaks: only their
    invented value is distinctive, and invented values are never English words, so the value
    bank and the template bank are disjoint); and every clause and topic of a family names
    its question's keyword, so no move kind is easier or harder to retrieve than another; and
    no text drawn for every family (frames, reactions, generic replies, follow-ups, openers and
    closers) names a family keyword or a relation."""
    for where, text in _templates():
        if _PLAIN.search(text):
            raise BankError(f"{where} template {text!r} has a digit, bracket or em dash")
        found = ANSWER_WORDS & set(raw_tokens(text))
        if found:
            raise BankError(f"{where} template {text!r} uses answer word(s) {sorted(found)}")
    question_words = _question_words()
    for where, template in _generic_templates():
        plain = re.sub(r"\{[A-Za-z_]+\}", "", flatten(template))
        found = question_words & set(bm25_tokens(plain))
        if found:
            raise BankError(
                f"{where} template {template!r} names question word(s) {sorted(found)}: "
                "text drawn for every family must not favour one question"
            )
    for family in FAMILIES.values():
        keywords = set(bm25_tokens(family.questions[0].format(holder="")))
        for text in [*family.topics, *(c for cs in family.clauses.values() for c in cs)]:
            if not always_names(text, keywords):
                raise BankError(
                    f"{family.key} template {text!r} names none of its question's keywords "
                    f"{sorted(keywords)} in every expansion"
                )


def families(keys: tuple[str, ...]) -> tuple[Family, ...]:
    """The named families, in the given order."""
    return tuple(FAMILIES[k] for k in keys)


check_bank()
