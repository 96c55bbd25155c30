"""Conjunction's world: clubs people belong to, what they pay, who joined first, other names.

Every Conjunction haystack is a circle of people and the clubs they belong to. Each club kind is
a `Family` of the shared fact model (its value is the club's invented name), rendered by the
shared renderer with the shared frames and replies for statements, invalidations,
re-affirmations and mentions, plus two move kinds of its own:

- `order-before` / `order-after` — one person joined a club of the kind before (after) another
  did; the sentence names both people and the kind, never a club's name;
- an *introduction* is not a move kind: any move may name its person as `my cousin Tarvo`
  (`introduced`), and a person who goes by another name may be named by it alone (`called`).

A twin (a club considered and dropped, a membership rumoured and denied) is told in a true
membership's own frames and clauses (`Move.told_as`), and what became of it is the user's next
turn (`CLUB_STATUSES`, naming no word a question asks by); true memberships get such a turn at
times too, from the shared statuses. So no statement of a club is marked by its own wording.

Statements are timeless (`belongs to`, `is a member of`), so no session's position says when
anyone joined. Fees enter text only through the `{fee}` placeholder, which the generator fills
with an amount (`, paying £25.10 a month`) or leaves empty; the templates
themselves obey the shared bank's writing rules (no digits, dates, brackets or em dashes) and
every clause and topic names its kind's keyword.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from types import MappingProxyType

from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.bank import (
    CONSIDERED_TRIAL,
    FRAMES,
    REPLIES,
    RUMOUR_TOLD,
    STATUS_REPLIES,
    STATUS_UNFIT,
    STATUSES,
    BankError,
)
from corpora.generate.core.render import Bank
from corpora.generate.core.wording import always, compose, has_any, one_of, plain
from corpora.generate.core.world import (
    INVALIDATION,
    MENTION,
    REAFFIRMATION,
    STATEMENT,
    TWIN_CONSIDERED,
    TWIN_RUMOUR,
    Family,
    Person,
    Relation,
)

ORDER_BEFORE = "order-before"
ORDER_AFTER = "order-after"
ORDER_KINDS = (ORDER_BEFORE, ORDER_AFTER)
#: Twin kinds a Conjunction haystack uses: a membership considered and dropped, and one
#: rumoured and denied. Someone else's membership (`twin-others`) is left out: "my aunt's
#: friend belongs to the X club" would be a person the user knows, and so counted.
CLUB_TWINS = (TWIN_CONSIDERED, TWIN_RUMOUR)


@dataclass(frozen=True)
class ClubKind:
    """One kind of club: its noun, what members do there, and its mention topics."""

    key: str
    sport: str
    #: What a member does with the club, third person, before `the {V} … club`.
    does: str
    topics: tuple[str, ...]

    @property
    def noun(self) -> str:
        return f"{self.key} club"


KINDS: tuple[ClubKind, ...] = (
    ClubKind(
        "chess",
        "chess",
        "plays at",
        (
            "chess openings nobody else remembers",
            "whether a chess club is friendly to beginners",
            "how long one game of chess can drag on",
        ),
    ),
    ClubKind(
        "tennis",
        "tennis",
        "plays at",
        (
            "tennis rackets and what they cost",
            "playing tennis in the wind",
            "whether tennis lessons are worth it",
        ),
    ),
    ClubKind(
        "rowing",
        "rowing",
        "rows with",
        (
            "early rowing sessions on cold mornings",
            "what rowing does to your hands",
            "rowing against the tide",
        ),
    ),
    ClubKind(
        "swimming",
        "swimming",
        "swims with",
        (
            "swimming pools that are always too cold",
            "open water swimming in the summer",
            "how many lengths of swimming count as exercise",
        ),
    ),
    ClubKind(
        "cycling",
        "cycling",
        "rides with",
        (
            "cycling up steep hills",
            "whether cycling on main roads is safe",
            "cycling gear that costs a fortune",
        ),
    ),
    ClubKind(
        "walking",
        "walking",
        "walks with",
        (
            "walking boots that give you blisters",
            "long walking routes along the coast",
            "walking in the rain",
        ),
    ),
    ClubKind(
        "running",
        "running",
        "runs with",
        (
            "running shoes and how quickly they wear out",
            "running in the dark in winter",
            "whether running is bad for the knees",
        ),
    ),
    ClubKind(
        "bridge",
        "bridge",
        "plays at",
        (
            "learning the bidding in bridge",
            "bridge partners who never agree",
            "whether bridge is a game for the young",
        ),
    ),
    ClubKind(
        "badminton",
        "badminton",
        "plays at",
        (
            "badminton shuttles that fall apart",
            "how fast a badminton rally can be",
            "booking a badminton court in the evening",
        ),
    ),
    ClubKind(
        "climbing",
        "climbing",
        "climbs with",
        (
            "climbing walls that get crowded",
            "whether climbing outdoors is scary",
            "climbing shoes that pinch",
        ),
    ),
)


def _family(kind: ClubKind) -> Family:
    noun = kind.noun
    clauses = {
        STATEMENT: (
            f"is a [member|paid-up member|regular member] of the {{V}} {noun}{{fee}}",
            f"belongs to the {{V}} {noun}{{fee}}[ these days| now|]",
            f"has a membership at the {{V}} {noun}{{fee}}",
            f"{kind.does} the {{V}} {noun}[ most weeks| whenever {{pron}} can|]{{fee}}",
            f"[signed up|is signed up] with the {{V}} {noun}{{fee}}",
        ),
        INVALIDATION: (
            f"[cancelled|stopped] {{poss}} membership of the {{V}} {noun}",
            f"left the {{V}} {noun} [for good|after a falling out|without much fuss]",
            f"gave up {{poss}} place at the {{V}} {noun}",
            f"[quit|walked out of] the {{V}} {noun}[ for good| in the end|]",
        ),
        REAFFIRMATION: (
            f"is still a member of the {{V}} {noun}[, same as ever|]",
            f"renewed {{poss}} membership of the {{V}} {noun} for another year",
            f"still {kind.does} the {{V}} {noun}[, no change there|]",
            f"[is sticking with|has stayed with] the {{V}} {noun}",
        ),
        ORDER_BEFORE: (
            f"joined a {noun} before {{other}} did",
            f"was in a {noun} [well|long|a good while] before {{other}} joined one",
            f"took up {kind.sport} at a club earlier than {{other}}",
            f"was the [earlier|sooner] of the two to join a {noun}, ahead of {{other}}",
        ),
        ORDER_AFTER: (
            f"only joined a {noun} after {{other}} had",
            f"signed up with a {noun} later than {{other}} did",
            f"took up {kind.sport} at a club after {{other}}",
            f"[followed|came along behind] {{other}} into a {noun}, [some time|a while] later",
        ),
    }
    return Family(
        key=kind.key,
        noun=noun,
        questions=(f"Which {noun} does {{holder}} belong to?",),
        answer_value=f"the {{V}} {noun}",
        clauses=MappingProxyType(clauses),
        topics=kind.topics,
    )


CLUB_FAMILIES: tuple[Family, ...] = tuple(_family(k) for k in KINDS)
BY_KEY: dict[str, Family] = {f.key: f for f in CLUB_FAMILIES}
CLUB_KIND: dict[str, ClubKind] = {k.key: k for k in KINDS}

#: Frames of the order kinds: one person's sentence about when they joined relative to another.
ORDER_FRAMES: tuple[str, ...] = (
    "[For what it is worth|Funny detail|Small thing|A detail for you|Something I realised], "
    "{holder} {clause}.",
    "{Holder} {clause}[, as it happens|, now I think about it|, if I have it right|].",
    "[I found out|I heard|I learned] {when} that {holder} {clause}.",
    "[Thinking back|Looking back|Come to think of it|If memory serves], {holder} {clause}.",
    "[Oh, and|Also,|By the way,|So] {holder} {clause}.",
)
_ORDER_REACT = ("Interesting.", "Ha.", "Oh, right.", "Fair enough.", "I see.", "")
_ORDER_FOLLOW = (
    "",
    "Do they ever go along together?",
    "Do the two of them get on?",
    "Was it a bit of a competition?",
)
#: Replies to an order sentence: they restate who came first, never the other way round.
ORDER_REPLIES: dict[str, tuple[str, ...]] = {
    ORDER_BEFORE: (
        compose(
            _ORDER_REACT,
            (
                "So {your} got there first, then.",
                "Has {your} been showing {other_your} the ropes?",
                "So {other_your} followed {your}.",
                "Good to know {your} started before {other_your}.",
                "{Your} was the pioneer, then.",
            ),
            _ORDER_FOLLOW,
        ),
    ),
    ORDER_AFTER: (
        compose(
            _ORDER_REACT,
            (
                "So {other_your} got there first, then.",
                "Has {other_your} been showing {your} the ropes?",
                "So {your} followed {other_your}.",
                "Good to know {other_your} started before {your}.",
                "{Your} was the late starter, then.",
            ),
            _ORDER_FOLLOW,
        ),
    ),
}


def _club_replies(kind: ClubKind) -> dict[str, tuple[str, ...]]:
    """References that name the kind of club (`the chess club`), per move kind; the shared
    reactions and follow-ups compose around them as around the shared references."""
    noun = kind.noun
    return {
        STATEMENT: (
            one_of(
                (
                    f"How is {{pron}} finding the {noun} so far, all told?",
                    f"Is the {noun} a friendly crowd, by the sound of it?",
                    f"Does {{pron}} manage to get to the {noun} most weeks?",
                    f"A {noun} sounds like a good way to meet people.",
                )
            ),
        ),
        INVALIDATION: (
            one_of(
                (
                    f"Will {{pron}} miss the {noun} and the friends {{pron}} made there?",
                    f"Had the {noun} stopped suiting {{obj}} lately?",
                    f"Is {{pron}} already hunting for a different {noun} to join?",
                )
            ),
        ),
        REAFFIRMATION: (
            one_of(
                (
                    f"Sounds like the {noun} really suits {{obj}} well.",
                    f"The {noun} must be a good one, to keep {{obj}} coming back.",
                    f"{{Pron}} clearly likes the {noun} a great deal.",
                )
            ),
        ),
    }


#: What became of a club told as a membership (`Move.told_as`), said in the user's next turn:
#: a membership rumoured was not so, one considered never happened. Each is the user's own
#: correction, so it fits whoever the statement's frame says the news came from, and it implies
#: no one else's membership (`someone else` would be a person the user knows, and so counted).
#: No status names a word a question asks by (`CLUB_QUESTION_WORDS`).
#: A club rumour taken back with no word of how: not drawn after a first-hand sentence
#: (`core.bank.STATUS_UNFIT`).
_CLUB_NOT_SO_VAGUE: tuple[str, ...] = (
    "[Actually|Hang on|Oh wait|Sorry|Hmm|Oh dear], [scratch that|forget I said that|ignore"
    " me|I take that back|strike that][:|,] [I had it [muddled|wrong|mixed up|back to front]"
    "|I've got my wires crossed|that's not right at all|it isn't so|there's nothing in it]"
    "[.|!]",
    "[Mind you|Then again|Although|That said], [I've since [heard|found out|learnt|checked]"
    "|it [turns out|seems|looks like]|[on reflection|thinking it over|now I think about it],"
    " I reckon] [it isn't true|it's not so|there's nothing in it|I was wrong|I had it wrong"
    "|it was just talk|that was a mix-up][, sadly|, so forget it|, so ignore that|, my"
    " mistake|].",
    "[Oh|Ah|Oh, hang on|Hmm], [ignore|forget|disregard] what I said about the {V}[, it was a"
    " muddle|: I had it wrong|, it was crossed wires|, I got the wrong end of the stick|, I"
    " misheard|, it isn't true].",
    "[Sorry|Hmm|Wait|Oh dear], [I've just realised|it's just come back to me|I've just"
    " remembered|it's just dawned on me] [I had that wrong|that was wrong|that isn't right|I"
    " mixed that up|I misremembered][, {pron} [isn't|never was] involved|, there's nothing in"
    " it|, it never happened|, so forget it|][.|!]",
)
#: A club rumour taken back by saying what is the case: fits any sentence.
_CLUB_NOT_SO_HOW: tuple[str, ...] = (
    "[No, wait|Hold on|Sorry, no|Wait a moment], [I misheard|I got the wrong end of the"
    " stick|I've muddled that|I've got that wrong|I jumped to conclusions][, sorry|, silly"
    " me|, my mistake|]: {pron} [has nothing to do with the {V}|has never been near the {V}"
    "|never signed up at the {V}|has never set foot in the {V}|isn't involved with the {V}"
    " at all][, as far as I know|, I'm fairly sure|, now I think about it|, I'm almost"
    " certain|].",
    "[Sorry|Hang on|Hmm], I [misheard|got the wrong end of it|jumped ahead]: {pron} [only"
    " said|was only saying|told me] {pron} [had heard of it|had been asked about it|knew a bit"
    " about it], [not that {pron} [goes|had signed up]|nothing more][, so scrap that|, my"
    " mistake|].",
)
#: A club considered, told as a membership: a try that went no further fits a sentence that
#: says the membership goes on (the user made a taster sound like a habit).
_CLUB_NOT_DONE_TRIAL: tuple[str, ...] = (
    "[Well,|Actually,|Sorry,|Hmm,|Oh,] [not quite|I'm getting ahead of myself|that's not"
    " quite right|I spoke too soon|that's overstating it]: {pron} [only|just] [went along"
    " for a look|had a taster|went to an open evening|tried a session or two|went along"
    " once or twice] and [decided against it|didn't go ahead|left it there|changed {poss}"
    " mind|never signed anything][.|!]",
    *CONSIDERED_TRIAL,
)
#: A club considered that never got past a plan: not after a sentence that says the membership
#: goes on.
_CLUB_NOT_DONE_PLAN: tuple[str, ...] = (
    "[Or so I thought|That was the plan, anyway|At least, that was the plan|That's what"
    " {pron} said at first|Well, that was the idea], but {pron} [backed out|pulled out|got"
    " cold feet|thought better of it|went off it|lost interest] [at the last"
    " minute|in the end|before signing anything|after a day or two|once {pron} thought it"
    " over|when it came to it][.|!]",
    "[Mind you,|Though|Then again,|Except] [I've jumped the gun|I've got ahead of"
    " myself|I've told that as if it happened][:|,] {pron} [went off the idea|changed {poss}"
    " mind|decided against it|thought better of it|decided it wasn't for {obj}] before"
    " [signing up|it came to joining|anything was signed][, so it never happened|, so nothing"
    " came of it|, so that's that|, so scrap that|].",
    "[Hmm,|Oh,|Actually,|Well,] [I've made that sound more settled than it is|I'm getting"
    " ahead of myself|it never got that far]: [{pron} [weighed it up|thought it over|asked"
    " about it|did the sums] and [let it go|walked away|decided to wait|stayed put]|the"
    " timing was wrong, so {pron} [never took the plunge|left it]|it didn't suit {obj} in the"
    " end, so {pron} never went ahead][, I'm afraid|, sadly|].",
)
CLUB_STATUSES: dict[str, tuple[str, ...]] = {
    TWIN_RUMOUR: _CLUB_NOT_SO_VAGUE + _CLUB_NOT_SO_HOW + RUMOUR_TOLD,
    TWIN_CONSIDERED: _CLUB_NOT_DONE_TRIAL + _CLUB_NOT_DONE_PLAN,
}
#: Which club statuses fit which sentences (`core.bank.CLAIM_MARKS`), with the shared ones.
CLUB_STATUS_UNFIT: dict[str, frozenset[str]] = {
    **STATUS_UNFIT,
    **{t: frozenset({"firsthand"}) for t in _CLUB_NOT_SO_VAGUE},
    **{t: frozenset({"lifelong"}) for t in _CLUB_NOT_DONE_TRIAL},
    **{t: frozenset({"habit", "lifelong"}) for t in _CLUB_NOT_DONE_PLAN},
}
_THANKS = "[ Thanks for [putting me straight|clearing that up|the correction|letting me know].|]"
CLUB_STATUS_REPLIES: dict[str, tuple[str, ...]] = {
    TWIN_RUMOUR: (
        "[Ah,|Oh,|Right,|Ha,|Oh well,] [easily done|no harm done|good to know|glad that's"
        " cleared up|these things get muddled|crossed wires happen|memory plays tricks][.|!]"
        + _THANKS,
        "[Fair enough|Understood|Got it|Oh dear|Ha|Right|No problem][.|!] [I'll forget I heard"
        " it.|It happens to the best of us.|Good job you [caught|spotted] it.|Better to know"
        " now.|Easy to mix these things up.]" + _THANKS,
    ),
    TWIN_CONSIDERED: STATUS_REPLIES[TWIN_CONSIDERED],
}
#: Replies to a true membership's status. The status is drawn apart from its reply, and the
#: shared ones range from "I checked with her, so it's definite" through "she seems really
#: happy about it" to "I'm fairly sure, though I'd want to check", so a reply that thanks the
#: user for checking or calls it settled ("Thanks for checking.", "That settles it!") misfits
#: most of them: each of these fits a confirmation, a hedge and a word on how it is going alike.
CLUB_STATEMENT_STATUS_REPLIES: tuple[str, ...] = (
    "[Good to know|Fair enough|Noted|Right|Understood|Got it|Okay|I see][.|!] [Thanks for"
    " [telling me|filling me in|the update|keeping me posted].|[Let's hope|Here's hoping] it"
    " [works out|goes well|suits {obj}][ for the long run|].|I hope {pron} [gets a lot out of"
    " it|enjoys it|makes some friends there][, whatever happens|].]",
    "[Ah,|Oh,|Well,|Right,] [thanks for [letting me know|the update|filling me in]|good to"
    " know|that's useful to know|fair enough][.|!] [Let's hope it [works out|goes well|suits"
    " {obj}].|I hope {pron} [gets a lot out of it|enjoys it|settles in].|I'll remember"
    " that.|]",
)
#: Words the questions ask by (besides the kinds of club): no status may name one.
CLUB_QUESTION_WORDS = frozenset(
    "club clubs member members membership memberships belong belongs paying kept total"
    " together starter earliest latest people counts".split()
)

#: The shared mention frames, where a message about a topic is one the user and the holder then
#: talked over: the replies to a mention ("Sounds like quite a natter with your gran about …",
#: "Did you two agree in the end?") misfit a voice note "that I haven't read properly yet"
#: (the bank check below holds the shared frames to it).
_TALKED = (
    "[, and we [went back and forth on it|talked it over|argued it out] [that evening|later on|on"
    " the phone]|, and we ended up talking it over]"
)
#: A time phrase after a long topic trails off the end of the sentence ("Got talking to my dad
#: about how long one game of chess can drag on five days ago"): in the mention frames it comes
#: first instead ("Five days ago I got talking to my dad about ...").
_TRAILING_WHEN = re.compile(r"^\[Got\|Ended up\] talking to \{holder\} about \{topic\} \{when\}\.$")
CLUB_MENTION_FRAMES: tuple[str, ...] = tuple(
    _TRAILING_WHEN.sub("{When} I [got|ended up] talking to {holder} about {topic}.", f)
    for f in FRAMES[MENTION]
)

#: The bank every Conjunction session is rendered from: the shared frames and replies of the
#: kinds a session can carry, the order kinds, replies naming each kind of club, and the
#: statuses of a twin told as a membership (a true membership's, the shared ones).
CLUB_BANK = Bank(
    frames=MappingProxyType(
        {
            **{k: FRAMES[k] for k in (STATEMENT, INVALIDATION, REAFFIRMATION)},
            MENTION: CLUB_MENTION_FRAMES,
            **{k: FRAMES[k] for k in CLUB_TWINS},
            ORDER_BEFORE: ORDER_FRAMES,
            ORDER_AFTER: ORDER_FRAMES,
        }
    ),
    replies=MappingProxyType(
        {
            **{k: REPLIES[k] for k in (STATEMENT, INVALIDATION, REAFFIRMATION, MENTION)},
            **{k: REPLIES[k] for k in CLUB_TWINS},
            **ORDER_REPLIES,
        }
    ),
    family_replies=MappingProxyType({k.key: _club_replies(k) for k in KINDS}),
    statuses=MappingProxyType({STATEMENT: STATUSES[STATEMENT], **CLUB_STATUSES}),
    status_unfit=MappingProxyType(CLUB_STATUS_UNFIT),
    status_replies=MappingProxyType(
        {STATEMENT: CLUB_STATEMENT_STATUS_REPLIES, **CLUB_STATUS_REPLIES}
    ),
)


# --- how people are named -------------------------------------------------------------------


@dataclass(frozen=True)
class Called(Person):
    """A person named by the other name they go by (`Tarvo`), with no relation word."""

    name: str = ""

    def forms(self) -> dict[str, str]:
        forms = super().forms()
        for key in ("holder", "Holder", "your", "Your", "rel"):
            forms[key] = self.name
        return forms


def introduced(person: Person, name: str) -> Person:
    """The person named by relation and other name at once (`my cousin Tarvo`): the one
    sentence that says who the name belongs to."""
    relation = person.relation
    return Person(Relation(relation.key, f"{relation.noun} {name}", person.gender), person.gender)


def called(person: Person, name: str) -> Called:
    return Called(person.relation, person.gender, name)


def other_forms(person: Person) -> dict[str, str]:
    """Placeholders naming the other person of an order sentence."""
    forms = person.forms()
    return {"other": forms["holder"], "other_your": forms["your"]}


# --- fees -----------------------------------------------------------------------------------

#: Currencies a haystack's circle may pay in: (unit as derivations record it, symbol). One is
#: drawn per haystack (`household_currency`) and every fee of it is stated in that one.
CURRENCIES: tuple[tuple[str, str], ...] = (("GBP", "£"), ("EUR", "€"))
#: How often each currency is a haystack's: the conversations are in British English, so mostly
#: pounds; euros for the rest (a circle living in Ireland or on the Continent reads naturally in
#: the same English, dollars would not), so the answer's currency is still read from the haystack.
CURRENCY_WEIGHTS: tuple[int, ...] = (3, 1)


def household_currency(rng: random.Random) -> str:
    """The one unit a haystack's fees are all stated in."""
    return rng.choices([unit for unit, _ in CURRENCIES], weights=CURRENCY_WEIGHTS)[0]


def symbol_of(unit: str) -> str:
    return dict(CURRENCIES)[unit]


def amount_text(symbol: str, cents: int) -> str:
    return f"{symbol}{cents // 100}.{cents % 100:02d}"


def fee_placeholders(symbol: str | None, cents: int | None) -> dict[str, str]:
    """`{fee}` (after a membership), empty without a fee."""
    if symbol is None or cents is None:
        return {"fee": ""}
    return {"fee": f", paying {amount_text(symbol, cents)} a month"}


# --- writing rules --------------------------------------------------------------------------

#: Words the answers use that no conversation template does (the answers stay screenable: only
#: their invented values are distinctive).
ANSWER_WORDS = frozenset("included altogether counted counting".split())

_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")


def check_club_bank() -> None:
    """The shared bank's writing rules, for the club templates: no digit, bracket or em dash,
    no answer word, and every clause and topic names its kind's question keyword."""
    texts: list[tuple[str, str]] = []
    for family in CLUB_FAMILIES:
        texts += [(f"{family.key} topic", t) for t in family.topics]
        texts += [(f"{family.key} {k}", t) for k, ts in family.clauses.items() for t in ts]
    texts += [("order frame", t) for t in ORDER_FRAMES]
    texts += [(f"reply {k}", t) for k, ts in ORDER_REPLIES.items() for t in ts]
    texts += [
        (f"{key} reply {k}", t)
        for key, replies in CLUB_BANK.family_replies.items()
        for k, ts in replies.items()
        for t in ts
    ]
    said = [
        (f"status {k}", t)
        for table in (CLUB_STATUSES, CLUB_STATUS_REPLIES)
        for k, ts in table.items()
        for t in ts
    ]
    said += [(f"status reply {STATEMENT}", t) for t in CLUB_STATEMENT_STATUS_REPLIES]
    if any("haven't" in f for f in CLUB_MENTION_FRAMES) or not any(
        _TALKED in f for f in CLUB_MENTION_FRAMES
    ):
        raise BankError("a mention frame leaves the message it names unread")
    asked = CLUB_QUESTION_WORDS | {w for k in KINDS for w in (k.key, k.sport)}
    for where, template in said:
        text = plain(template)
        if asked & set(raw_tokens(text)):
            raise BankError(
                f"{where} template {text!r} names {sorted(asked & set(raw_tokens(text)))}"
            )
    for where, template in texts + said:
        text = plain(template)
        if _PLAIN.search(text):
            raise BankError(f"{where} template {text!r} has a digit, bracket or em dash")
        if ANSWER_WORDS & set(raw_tokens(text)):
            raise BankError(f"{where} template {text!r} uses an answer word")
    for family in CLUB_FAMILIES:
        keywords = set(bm25_tokens(family.questions[0].format(holder="")))
        for text in [*family.topics, *(c for cs in family.clauses.values() for c in cs)]:
            if not always(text, has_any(keywords, bm25_tokens)):
                raise BankError(f"{family.key} template {text!r} names none of {keywords}")


check_club_bank()
