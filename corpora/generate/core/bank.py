"""The shared template bank: relations, fact families, sentence frames and replies.

Gold and non-gold sessions draw from this one bank through one renderer, so a construction
can never belong to one side only (docs/history.md: the "Noted —" acknowledgement, "for the
record" and "since the" were each a gold-only phrase that a one-line filter found). Frames are
family-neutral; each family supplies the clauses and topics that fill them.

Writing rules the tests hold the bank to: no digits, no absolute dates, no brackets (the
checker's generic scaffolding strip removes bracketed clauses), no em dash, and no word from
`ANSWER_WORDS` (the answers' own vocabulary, which must stay out of the conversations so the
answer-leak screen measures something).
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
                "test-drove a {V} but decided the car was not for {obj}",
                "was all set to buy a {V} until the car failed its inspection",
                "spent a week weighing up a {V} before deciding against the car",
            ),
            statement=(
                "has bought a car, a {V} in dark green",
                "drives a {V} these days, a proper family car",
                "has picked up a second-hand {V} as {poss} everyday car",
                "has a new car, a {V} with heated seats",
            ),
            invalidation=(
                "sold {poss} car, the {V}, to a dealer in town",
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
                "was offered work at {V} but turned it down",
                "had a second interview at {V} but the work went to someone else",
                "thought about applying for work at {V} and then let it go",
            ),
            statement=(
                "has started work at {V}, an office near the river",
                "got a job at {V} and began work there in the spring",
                "works for a firm called {V} and enjoys the work",
                "is at {V} now, doing mostly office work",
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
                "looked round the {V} gym but did not join",
                "had a free trial at the {V} gym and decided against it",
                "nearly signed up at the {V} gym before the price put {obj} off",
            ),
            statement=(
                "has joined the {V} gym round the corner",
                "signed up at the {V} gym and goes three times a week",
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
                "thought about switching to Dr {V}, a dentist in town, but stayed put",
                "rang Dr {V} about a dentist appointment and never booked it",
                "was sent to Dr {V} once by {poss} old dentist, just for one visit",
            ),
            statement=(
                "has signed up with a new dentist, Dr {V}",
                "has a dentist called Dr {V} now",
                "goes to Dr {V}, a dentist over by the park",
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
                "went to see a flat on {V} Road but did not take it",
                "made an offer on a house on {V} Road that fell through, so no move to that road",
                "thought about moving to {V} Road and then decided not to live there",
            ),
            statement=(
                "has moved into a flat on {V} Road",
                "lives on {V} Road now, near the bakery",
                "bought a small house on {V} Road",
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
                "went along to one rehearsal with the {V} choir and did not go back",
                "was asked to sing with the {V} choir but said no",
                "auditioned for the {V} choir and did not get a place",
            ),
            statement=(
                "has joined the {V} choir",
                "sings with the {V} choir every week",
                "got a place in the {V} choir",
            ),
            invalidation=(
                "left the {V} choir for good",
                "quit the {V} choir after the spring concert",
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
                "thought about opening an account with {V} Bank but never did",
                "was going to move to {V} Bank until {pron} read about the charges",
                "filled in half the forms for {V} Bank and then gave up",
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
                "looked at a boat called the {V} but did not buy it",
                "nearly bought a share in a boat called the {V}",
                "went out on a boat called the {V} once, just to try it",
            ),
            statement=(
                "has bought a little boat called the {V}",
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
                "book club arguments about endings",
            ),
            considered=(
                "went to one meeting of the {V} book club and did not go back",
                "was invited to join the {V} book club but turned it down",
                "thought about joining the {V} book club and never got round to it",
            ),
            statement=(
                "has joined the {V} book club at the library",
                "goes to the {V} book club once a month",
                "started going to the {V} book club",
            ),
            invalidation=(
                "left the {V} book club after a falling out",
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
                "had a trial piano lesson with {V} and did not book any more",
                "was going to learn piano with {V} until the times did not fit",
                "asked {V} about piano lessons and decided against it",
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
                "got a broadband quote from {V} and did not take it",
                "nearly switched {poss} broadband to {V} before reading the small print",
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
                "growing tomatoes on an allotment",
                "slugs eating everything on the allotment",
            ),
            considered=(
                "was offered an allotment at {V} and turned it down",
                "looked at an allotment plot at {V} but it was too far away",
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
                "nearly adopted a rescue dog called {V} but the dog went to another family",
                "looked after a friend's dog called {V} for a weekend, nothing more",
                "thought about taking on a dog called {V} from the shelter and decided against it",
            ),
            statement=(
                "has a dog called {V}",
                "adopted a rescue dog called {V}",
                "got a new dog, a spaniel puppy called {V}",
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
                "supports {V} Town, {poss} football team since childhood",
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

#: Frames per move kind. `{clause}` is the family clause, `{when}`/`{When}` a past expression
#: relative to the session, `{topic}` a mention topic; the person's forms fill the rest. Twins
#: of someone else's fact name that someone through the person (`{holder}` reads `my dad's
#: friend`), so the person and the family are the asked ones and only the frame differs.
FRAMES: dict[str, tuple[str, ...]] = {
    STATEMENT: (
        "Bit of news: {holder} {clause}.",
        "Did I mention that {holder} {clause}?",
        "So {holder} {clause}. {Pron} seems pleased about it.",
        "Something I forgot to tell you: {holder} {clause}.",
        "{Holder} {clause}, which nobody expected.",
        "I found out {when} that {holder} {clause}.",
        "Apparently {holder} {clause}. {Pron} told me all about it over coffee.",
    ),
    INVALIDATION: (
        "{When} {holder} {clause}.",
        "Update on {holder}: {when} {pron} {clause}.",
        "So {when} {holder} {clause}. {Pron} had been talking about it for months.",
        "Big change for {holder}: {when} {pron} {clause}.",
        "{Holder} finally made up {poss} mind, and {when} {pron} {clause}.",
    ),
    REAFFIRMATION: (
        "No change with {holder}: I checked {when} and {pron} {clause}.",
        "{When} {holder} told me {pron} {clause}, for what it's worth.",
        "I asked {holder} {when} and {pron} {clause}.",
        "Quick one about {holder}: {when} {pron} said {pron} {clause}.",
        "Spoke to {holder} {when}, and {pron} {clause}.",
    ),
    MENTION: (
        "{Holder} and I spent ages talking about {topic}.",
        "{When} {holder} asked for my opinion on {topic}.",
        "I had a long chat with {holder} about {topic}, which went round in circles.",
        "{Holder} sent me a long message about {topic} that I still have not answered.",
        "Over dinner {holder} got going on {topic} again.",
        "{Holder} has strong views on {topic}, as you can imagine.",
    ),
    TWIN_OTHERS: (
        "Funny thing: {holder} {clause}.",
        "Not my news, but {holder} {clause}.",
        "I heard {when} that {holder} {clause}.",
        "You will laugh: {holder} {clause}.",
        "{Holder} {clause}, by all accounts.",
    ),
    TWIN_RUMOUR: (
        "Someone told me {holder} {clause}, but that turned out to be wrong.",
        "There was a story going round that {holder} {clause}. It was not true.",
        "I was told {when} that {holder} {clause}, but it was a mix-up.",
        "For a while I thought {holder} {clause}, but I had got the wrong end of the stick.",
        "{Holder} laughed when I asked: I had heard {pron} {clause}, and it was nonsense.",
    ),
    TWIN_CONSIDERED: (
        "{When} {holder} {clause}.",
        "Did I tell you {holder} {clause}?",
        "So {holder} {clause}. Probably for the best.",
        "{Holder} {clause}, in the end.",
        "In other news, {holder} {clause}.",
    ),
}

#: Assistant replies per move kind, for every family alike; each family adds replies of its
#: own (`FAMILY_REPLIES`). A reply answers what the user's turn did, and never contradicts it.
#: Nearly every reply names who the turn was about, so no one line recurs across a corpus.
REPLIES: dict[str, tuple[str, ...]] = {
    STATEMENT: (
        "That sounds like a good fit for {your}.",
        "Good to know, thanks. I hope it works out well for {your}.",
        "Thanks for telling me. How is {your} finding it so far?",
        "Nice to hear. Was that a big decision for {your}?",
        "Sounds like things are going well for {your}.",
        "Oh, good for {your}. Did {pron} shop around much first?",
    ),
    INVALIDATION: (
        "That sounds like the right call for {your}, honestly.",
        "Fair enough, sounds like it had run its course for {your}.",
        "Thanks for the update. I hope {your} is happy with the decision.",
        "Big change for {your}. Does {pron} have a plan for what comes next?",
        "Was that a hard decision for {your}, or a relief?",
    ),
    REAFFIRMATION: (
        "Good to hear nothing has shifted for {your}, that is reassuring.",
        "Steady as ever for {your}, then. Thanks for checking.",
        "That sounds nicely settled, which must suit {your}.",
        "Sometimes no news is good news. Good for {your}.",
    ),
    MENTION: (
        "That sounds like quite a conversation with {your}.",
        "Those chats can go on forever. Did you and {your} reach any conclusions?",
        "Fair enough, {topic} is something people feel strongly about.",
        "Sounds like {your} has a lot of thoughts on {topic}.",
        "I can imagine. {Topic} never quite gets settled, does it?",
        "Did {your} convince you, in the end?",
        "Where do you stand on {topic} yourself?",
    ),
    TWIN_OTHERS: (
        "Ha, is {owner_your} tempted to follow suit?",
        "Interesting. Did that come up when you spoke to {owner_your}?",
        "I expect {owner_your} had an opinion on that.",
        "That is quite something. Does {owner_your} see much of them?",
    ),
    TWIN_RUMOUR: (
        "Good thing you checked with {your} before passing it on.",
        "Stories like that do get around. Glad it was cleared up for {your}.",
        "That is how rumours start. At least you know the truth about {your} now.",
        "Ha, easy mistake to make. Did {your} find it funny?",
    ),
    TWIN_CONSIDERED: (
        "Probably wise of {your} to take {poss} time over it.",
        "Fair enough. Better for {your} to say no than regret it.",
        "Sounds like {your} made a sensible call there.",
        "Was {your} disappointed, or relieved?",
    ),
}

#: Who a twin of someone else's fact is about, as seen from the person the user names
#: (`my dad's friend`), with a fixed pronoun gender or None when it is drawn.
OTHER_PEOPLE: tuple[tuple[str, Gender | None], ...] = (
    ("friend", None),
    ("neighbour", None),
    ("oldest friend", None),
    ("colleague", None),
    ("flatmate", None),
    ("brother-in-law", "m"),
    ("sister-in-law", "f"),
)

#: Replies that only fit one family (the renderer draws from these and the generic ones alike).
FAMILY_REPLIES: dict[str, dict[str, tuple[str, ...]]] = {
    "car": {
        STATEMENT: (
            "A {V}, nice. Does {pron} drive much?",
            "How is {pron} getting on with the new car?",
        ),
        INVALIDATION: (
            "How is {your} getting on without a car?",
            "Does {pron} miss having a car yet?",
        ),
        REAFFIRMATION: ("Sounds like that car suits {obj} well.",),
        TWIN_CONSIDERED: ("Choosing a car is such a faff. Is {pron} still looking?",),
    },
    "work": {
        STATEMENT: (
            "A new job, how exciting. How is {pron} settling in at {V}?",
            "Is the work at {V} what {pron} hoped for?",
        ),
        INVALIDATION: (
            "Is {pron} looking for something new, or taking a break from work?",
            "I hope {your} finds the next job soon.",
        ),
        REAFFIRMATION: ("Good to hear {pron} is settled at work.",),
        TWIN_CONSIDERED: ("Job hunting is tiring. I hope the right work turns up for {obj}.",),
    },
    "gym": {
        STATEMENT: (
            "Good for {obj}. Which classes is {pron} going to try at the gym?",
            "Does {pron} go to the gym before or after work?",
        ),
        INVALIDATION: ("Will {pron} keep exercising without the gym?",),
        REAFFIRMATION: ("That is dedication. {Pron} must enjoy the gym.",),
    },
    "dentist": {
        STATEMENT: (
            "A good dentist is worth having. Is Dr {V} easy to get to?",
            "Has {pron} had a first appointment with Dr {V} yet?",
        ),
        INVALIDATION: ("I hope {pron} finds a dentist {pron} gets on with.",),
        REAFFIRMATION: ("Sounds like {pron} trusts that dentist.",),
    },
    "road": {
        STATEMENT: (
            "How is {pron} finding {V} Road so far?",
            "A move is a big job. Is {pron} unpacked yet?",
        ),
        INVALIDATION: ("Where is {pron} living now, then?",),
        REAFFIRMATION: ("Sounds like {pron} likes that road.",),
        TWIN_CONSIDERED: ("House hunting takes it out of you. Is {pron} still looking?",),
    },
    "choir": {
        STATEMENT: (
            "Lovely. Does the {V} choir have a concert coming up?",
            "Singing in a choir is such a good thing. Is {pron} enjoying it?",
        ),
        INVALIDATION: ("Will {pron} miss singing with them?",),
        REAFFIRMATION: ("Sounds like the choir means a lot to {obj}.",),
    },
    "bank": {
        STATEMENT: ("Was switching banks much of a hassle for {obj}?",),
        INVALIDATION: ("I hope moving the money went smoothly for {obj}.",),
        REAFFIRMATION: ("Fair enough, switching banks is rarely worth the bother.",),
    },
    "boat": {
        STATEMENT: (
            "A boat! Has {pron} taken the {V} out yet?",
            "That sounds like fun. Does {pron} sail much?",
        ),
        INVALIDATION: ("Does {pron} miss being out on the water?",),
        REAFFIRMATION: ("Sounds like the boat is a real joy for {obj}.",),
    },
    "bookclub": {
        STATEMENT: ("What is the book club reading at the moment?",),
        INVALIDATION: ("Will {pron} keep reading on {poss} own?",),
        REAFFIRMATION: ("A good book club is hard to find. Glad {pron} is staying.",),
    },
    "piano": {
        STATEMENT: (
            "Learning piano takes patience. How are the lessons with {V} going?",
            "Does {pron} have a piano at home to practise on?",
        ),
        INVALIDATION: ("Will {pron} keep playing the piano on {poss} own?",),
        REAFFIRMATION: ("Sounds like the piano lessons are going well.",),
    },
    "broadband": {
        STATEMENT: ("Is the broadband any faster for {obj} now?",),
        INVALIDATION: ("How is {pron} managing without broadband?",),
        REAFFIRMATION: ("If the broadband works, why change?",),
    },
    "allotment": {
        STATEMENT: (
            "An allotment! What is {pron} planning to grow?",
            "That is a lot of digging. Is {pron} looking forward to it?",
        ),
        INVALIDATION: ("Was the allotment too much work for {obj} in the end?",),
        REAFFIRMATION: ("Sounds like the allotment is worth the effort for {obj}.",),
    },
    "dog": {
        STATEMENT: (
            "{V} sounds adorable. How is {pron} coping with the walks?",
            "What kind of dog is {V}?",
        ),
    },
    "team": {
        STATEMENT: ("Does {pron} go to many matches?",),
    },
}

#: Optional words around the moves, drawn for every session alike (the empty string is a draw).
#: Greetings and sign-offs that name a time of day are only drawn when the session's timestamp
#: fits them: a "Morning!" at half past eight in the evening reads as a template.
OPENERS = (
    "",
    "",
    "Hi again.",
    "Hello, quick catch-up.",
    "Right, a few things.",
)
MORNING_OPENERS = ("Morning!", "Good morning.")
AFTERNOON_OPENERS = ("Afternoon!", "Hi, good afternoon.")
EVENING_OPENERS = ("Evening.", "Good evening.")
CLOSERS = (
    "",
    "",
    "Anyway, that is my news.",
    "That is about it for today.",
    "Anyway, I should get on.",
)
SIGN_OFFS = ("", "", "Talk soon.", "Take care.")
DAY_SIGN_OFFS = ("Enjoy the rest of your day.",)
EVENING_SIGN_OFFS = ("Have a good evening.",)


def openers_at(hour: int) -> tuple[str, ...]:
    """The openers that fit a session starting at `hour`."""
    if hour < 12:
        return OPENERS + MORNING_OPENERS
    if hour < 17:
        return OPENERS + AFTERNOON_OPENERS
    return OPENERS + EVENING_OPENERS


def sign_offs_at(hour: int) -> tuple[str, ...]:
    """The sign-offs that fit a session at `hour`."""
    return SIGN_OFFS + (DAY_SIGN_OFFS if hour < 17 else EVENING_SIGN_OFFS)


#: Words the answers use that the conversations never do (so an answer can be screened for
#: leaks: only its value is distinctive). Asserted by the tests over every corpus.
ANSWER_WORDS = frozenset("longer holds newer known unknown reaffirmed afterwards mentioned".split())


class BankError(ValueError):
    """The template bank breaks one of its writing rules."""


_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")


def _templates() -> list[tuple[str, str]]:
    """(where, text) for every template string, with placeholders removed."""
    out: list[tuple[str, str]] = []
    for label, bank in (("frame", FRAMES), ("reply", REPLIES)):
        for kind, options in bank.items():
            out += [(f"{label} {kind}", t) for t in options]
    for family_key, replies in FAMILY_REPLIES.items():
        for kind, options in replies.items():
            out += [(f"{family_key} reply {kind}", t) for t in options]
    for hour in (9, 14, 20):
        out += [("opener", t) for t in openers_at(hour)]
        out += [("sign-off", t) for t in sign_offs_at(hour)]
    out += [("closer", t) for t in CLOSERS]
    for family in FAMILIES.values():
        out += [(f"{family.key} topic", t) for t in family.topics]
        for kind, clauses in family.clauses.items():
            out += [(f"{family.key} {kind}", t) for t in clauses]
    return [(where, re.sub(r"\{[A-Za-z_]+\}", "", flatten(text))) for where, text in out]


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
    its question's keyword, so no move kind is easier or harder to retrieve than another."""
    for where, text in _templates():
        if _PLAIN.search(text):
            raise BankError(f"{where} template {text!r} has a digit, bracket or em dash")
        found = ANSWER_WORDS & set(raw_tokens(text))
        if found:
            raise BankError(f"{where} template {text!r} uses answer word(s) {sorted(found)}")
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
