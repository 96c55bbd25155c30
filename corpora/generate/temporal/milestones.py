"""Temporal's move kinds and templates: projects whose milestones are related, never dated.

A project (a kitchen renovation, a house move, a community play …) is a fact family whose
"fact" is a chain of milestones with invented names (`the Grelvan review`). A `link` move states
one relation between two milestones of one person's project, with the relation word between
the two names (`… the Tossick visit came after the Grelvan review`), and no time expression: a
milestone is placed only relative to another milestone, never to a session or a calendar. Every
session of the vertical makes one link move, one twin and one mention; the twins are the
shared twin kinds read in this vertical's terms:

- `twin-others` — someone else's project and its order;
- `twin-rumour` — a milestone someone said had happened relative to one of the project's own,
  which turned out to be wrong;
- `twin-considered` — a milestone that was planned relative to one of the project's own and
  then called off (`twin-between`: planned between two of them).

Every twin is told as a link of the person's own project (`Move.told_as`), in the link frames,
and what it was comes in the user's next turn, its *status* (`MILESTONE_STATUSES`: "scratch
that, it was only gossip", "that one has since been called off", "that's her neighbour's
project, not her own"); a true link gets a status at times too, confirming it. So no order
turn is marked by its own words: a reader must read on to know whether it stood.

Writing rules, held at import as for the shared bank: no digit, bracket or em dash in any
template; no word the answers use and the conversations must not (`bank.ANSWER_WORDS`); no time
expression in any link frame or named mention; every clause and topic names a word of its
project; every link frame puts its relation word between the two milestone names, where the
checker reads it (ORD002); and a status names no milestone, no project and no relation word.
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
    STANDS,
    STATUS_UNFIT,
)
from corpora.generate.core.render import Bank
from corpora.generate.core.wording import always, compose, expansions, has_any, only, plain
from corpora.generate.core.world import (
    CONSIDERED,
    MENTION,
    TWIN_CONSIDERED,
    TWIN_OTHERS,
    TWIN_RUMOUR,
    Family,
)

LINK = "link"
#: A near miss that names one of a project's milestones and says nothing of its order.
NAMED_MENTION = "mention-named"
#: A milestone planned somewhere between two of the project's own (`{W}`, `{W2}`, named in either
#: order) and called off.
TWIN_BETWEEN = "twin-between"
#: The twin kinds a project renders (each has frames for the `link` statement kind).
PROJECT_TWINS = (TWIN_OTHERS, TWIN_RUMOUR, TWIN_CONSIDERED)

#: What a milestone is called after its invented name. None of them carries an order of its
#: own (a survey before a painting, a launch at the end), so world knowledge says nothing about
#: which of two milestones came first.
MILESTONE_NOUNS = (
    "meeting",
    "visit",
    "review",
    "check",
    "session",
    "call",
    "walkthrough",
    "briefing",
    "appointment",
    "workshop",
)

#: The words that state a relation in a link or twin frame's `{rel}`: after and before, each
#: with a second spelling (the checker's cue words for the two relation kinds).
RELATION_WORDS = {"after": ("after", "later than"), "before": ("before", "earlier than")}


def _project(key: str, noun: str, clauses: tuple[str, ...], topics: tuple[str, ...]) -> Family:
    """A project family: `clauses` name the project after `on`/`with`/`about` (with the
    holder's pronoun forms); `topics` are what a mention of it talks about."""
    return Family(
        key=key,
        noun=noun,
        questions=(f"{{holder}}'s {noun}",),
        answer_value="the {V}",
        clauses=MappingProxyType(
            {LINK: clauses, CONSIDERED: clauses, NAMED_MENTION: clauses, TWIN_BETWEEN: clauses}
        ),
        topics=topics,
        statement_kind=LINK,
    )


PROJECTS: dict[str, Family] = {
    f.key: f
    for f in (
        _project(
            "kitchen",
            "kitchen renovation",
            (
                "{poss} kitchen renovation",
                "the renovation of {poss} kitchen",
                "the kitchen renovation at {poss} place",
            ),
            (
                "what a kitchen renovation costs these days",
                "living with a kitchen full of dust",
                "choosing worktops for a kitchen",
            ),
        ),
        _project(
            "garden",
            "garden makeover",
            (
                "{poss} garden makeover",
                "the makeover of {poss} garden",
                "the garden project at {poss} house",
            ),
            (
                "how long a new garden takes to settle",
                "garden designers and their fees",
                "whether a garden needs a lawn at all",
            ),
        ),
        _project(
            "wedding",
            "wedding planning",
            (
                "{poss} wedding planning",
                "the organising of {poss} wedding",
                "the wedding {pron} is organising",
            ),
            (
                "how expensive a wedding has become",
                "wedding guest lists and family politics",
                "a small wedding versus a big one",
            ),
        ),
        _project(
            "move",
            "house move",
            (
                "{poss} house move",
                "the move to {poss} new house",
                "the house move {pron} has on",
            ),
            (
                "how stressful a house move can be",
                "removal firms and what they charge for a move",
                "packing up a whole house",
            ),
        ),
        _project(
            "loft",
            "loft conversion",
            (
                "{poss} loft conversion",
                "the conversion of {poss} loft",
                "the loft work at {poss} place",
            ),
            (
                "whether a loft conversion adds value",
                "planning rules for a loft",
                "the noise of builders in a loft",
            ),
        ),
        _project(
            "boat",
            "boat restoration",
            (
                "{poss} boat restoration",
                "the restoration of {poss} old boat",
                "the boat {pron} is doing up",
            ),
            (
                "what an old boat costs to keep afloat",
                "varnishing a wooden boat",
                "boat yards in the winter",
            ),
        ),
        _project(
            "reunion",
            "reunion",
            (
                "{poss} reunion",
                "the reunion {pron} is organising",
                "the reunion {pron} is putting together for {poss} old classmates",
            ),
            (
                "tracking people down for a reunion",
                "whether a reunion is ever much fun",
                "reunion venues and their deposits",
            ),
        ),
        _project(
            "shop",
            "shop opening",
            (
                "{poss} shop opening",
                "the opening of {poss} new shop",
                "the shop {pron} is getting ready to open",
            ),
            (
                "how hard it is to open a shop on the high street",
                "shop rents in town",
                "fitting out a small shop",
            ),
        ),
        _project(
            "exhibition",
            "art exhibition",
            (
                "{poss} art exhibition",
                "the exhibition of {poss} paintings",
                "the exhibition {pron} is putting on",
            ),
            (
                "hanging an art exhibition",
                "whether an exhibition ever sells anything",
                "exhibition openings with warm wine",
            ),
        ),
        _project(
            "history",
            "history book",
            (
                "{poss} history book",
                "the book on the village's past {pron} is writing",
                "the history of the village {pron} is putting together",
            ),
            (
                "whether anyone reads local history any more",
                "old photographs in a history book",
                "finding a printer for a small local history book",
            ),
        ),
        _project(
            "ride",
            "charity ride",
            (
                "{poss} charity ride",
                "the charity bike ride {pron} is organising",
                "the ride {pron} is doing for charity",
            ),
            (
                "charity sponsorship fatigue",
                "training for a long charity ride",
                "raising charity money online",
            ),
        ),
        _project(
            "play",
            "community play",
            (
                "{poss} community play",
                "the community play {pron} is directing",
                "the play {pron} is putting on with the community group",
            ),
            (
                "amateur dramatics and big egos in a play",
                "community theatre rehearsals",
                "finding a hall to put on a play",
            ),
        ),
        _project(
            "bathroom",
            "bathroom refit",
            (
                "{poss} bathroom refit",
                "the refit of {poss} bathroom",
                "the bathroom work at {poss} place",
            ),
            (
                "choosing bathroom tiles",
                "living without a working bathroom",
                "bathroom fitters who vanish halfway",
            ),
        ),
    )
}

#: Every move that names a milestone says it in two sentences: one naming the holder and the
#: project, one naming the milestones (`{V}` and, with the relation word between them, `{W}`),
#: each with words of its own beside the names, so that no sentence is made mostly of the
#: words a question about the project uses (the generic scaffolding strip would take it out).
#: Both sentences are grammar templates; someone else's project is told in the same words as
#: the person's own (the holder reads `my aunt's neighbour`).
_ABOUT = (
    "{Holder} rang me with news of {clause}, [which is keeping {obj} busy|which sounds like "
    "hard work|which is coming along nicely].",
    "{Holder} sent me a [long|detailed|rambling] [progress report|update|message] on "
    "{clause}, [with photos attached|full of little details|which I enjoyed reading].",
    "{Holder} gave me a proper update on {clause} [over coffee|on the phone|over lunch].",
    "I caught up with {holder} about {clause}, which seems to be going [well|slowly|in fits and "
    "starts].",
    "{Holder} talked me through [exactly|roughly] where {clause} has got to so far.",
    "{Holder} was full of {clause} when I saw {obj}, [and I heard every last little detail|bursting"
    " to share every single detail|and clearly loving every bit of it].",
    "I heard all about {clause} from {holder}, [who sounded cheerful and rather proud|over a long"
    " pot of tea|who had plenty of news to report].",
    "{Holder} kept me [on the phone|chatting] for ages about {clause}, [as {pron} always"
    " does|which made a nice change from politics|and I didn't mind one bit].",
)
#: The order sentence: its relation word between the two names, and words of its own beside
#: them (a hedge only now and then).
_ORDER = (
    "[Apparently|It turns out|In the end|As it went|From what {pron} says|By all accounts], the"
    " {V} [took place|was held|went ahead] {rel} the {W}[, by the sound of it|, or so I gather"
    "|, which suited everyone|, with the whole family there|, despite the rain|, which took"
    " some arranging].",
    "They [held|had|got through] the {V} {rel} the {W}, [which suited everyone nicely|as it"
    " turned out in the end|which made good sense to me|so nobody had to rush].",
    "The {V} [ended up|had to go|wound up] {rel} the {W}, [which {pron} didn't mind at all|much"
    " to {poss} relief, I think|once everyone had juggled their diaries].",
    "{Pron} said the {V} was {rel} the {W}, [so that's all sorted now|which is how {pron} wanted"
    " it all along|and everyone seemed happy with that].",
    "So the {V} went ahead {rel} the {W}, [which surprised me a little|not that it matters very"
    " much|just as {pron} hoped it would][, {pron} tells me|].",
)
LINK_FRAMES = tuple(f"{a} {b}" for a in _ABOUT for b in _ORDER)

MILESTONE_FRAMES: dict[str, tuple[str, ...]] = {LINK: LINK_FRAMES}

#: What became of a link, said in the user's next turn (its *status*). Every twin — a
#: milestone someone said had happened against one of the project's own, which did not; one
#: planned and called off; someone else's project — is told as a link of the person's own
#: project (`Move.told_as`), in the very frames above, and what makes it a rival comes out
#: here; a true link gets the same exchange at times (`render.STATUS_SHARE`), confirming or
#: hedging it. A status names no milestone, no project and no relation word (it says `it`), so
#: it is never a turn a reader weighs as stating an order, and the order turn itself says
#: nothing of whether it stood.
#: A link taken back with no word of how: not drawn after a sentence that says the user had
#: it from the person (`core.bank.CLAIM_MARKS`), which most links are.
_NOT_SO_VAGUE: tuple[str, ...] = (
    "[Actually|Hang on|Oh wait|Sorry|Hmm|Oh dear], [scratch that|forget I said that|ignore"
    " me|I take that back|I shouldn't have said that][:|,] [I'd got it [muddled|wrong|mixed"
    " up]|I misheard[ the whole thing|]|I've got my stories crossed|I mixed it up with"
    " something else][.|!]",
    "Mind you, I've since [found out|realised|worked out] that I [had it wrong|misheard"
    "|got the wrong end of it|mixed it up with something else][, so ignore that|, sorry"
    "|, silly me|].",
    "[Well,|That said,|Then again,] [that's what I [thought I heard|had in my"
    " head]|that was my understanding], but [it turned out [not to be so|to be a mix-up|to"
    " be wrong]|I'd [muddled it up|got it wrong|misunderstood]][, I'm afraid|, sorry|].",
    "[Oh|Ah|Oh, hang on], [and|but] [ignore|forget|disregard] what I [just said|said just"
    " now|told you there][, it was a muddle|: I had it wrong|, it was crossed wires|, my"
    " mistake|, I misheard].",
)
#: A link taken back by saying how the user went wrong: it fits any sentence. Each names the
#: milestone that never went ahead (`{gone}`: the twin's own milestone, see
#: `generator.with_gone`) and says the rest stood; it never names the chain milestone the twin
#: was placed against, which true links run through (an answer's words stay in its gold).
_NOT_SO_HOW: tuple[str, ...] = (
    "[Sorry,|Hang on,|Hmm,|Wait,] I've [mixed up|muddled|run together] two of {poss}"
    " [updates|messages|chats][ there|]: the {gone} never took place at all[, {pron} says|, as"
    " far as I know|]; the other one did.",
    "No, wait, I'm [mixing it up with|confusing it with] [something else|someone else's"
    " news|a different update][, sorry|, silly me|]: the {gone} never went ahead[, I'm fairly"
    " sure|].",
    "[Oh,|Hmm,|Ah,] I [misheard|got the wrong end of it|read it wrongly]: {pron} was telling"
    " me the {gone} [never went ahead|was only ever talk|didn't go ahead in the end][, my"
    " mistake|, so scrap that|].",
    "Sorry, I muddled that: the {gone} never [took place|went ahead] in the end[, whatever I"
    " said|, though the rest of what I told you stands|, but everything else was right].",
    "[I had my wires crossed|I got it wrong|My mistake] about the {gone}: it never [went"
    " ahead|took place] at all.",
)
_SURE = "[sure|certain|definite|clear]"
MILESTONE_STATUSES: dict[str, tuple[str, ...]] = {
    LINK: (
        "[I [checked|double-checked] with {obj}|{Pron} [was very clear about it|confirmed it"
        "|told me so {obj}self|was quite [sure|certain] of it]][, so that's right|, so no doubt"
        " there|, so I trust it|, and {pron} should know|].",
        "[That's|It's] all on the [plan|chart|list] {pron} [showed|sent|gave] me[, so it's"
        " [definite|settled|official]|, in black and white|, if you want proof|].",
        "[At least|Well,|Mind you,] that's [how {pron} [told it|put it]|what {pron} [told me|said"
        "|wrote]][, and {pron} [should|ought to] know|, anyway|, and {pron} sounded "
        + _SURE
        + "|].",
        "[Honestly,|Really,|Oh,|And] {pron} [sounded|seemed] [relieved|pleased|happy|tired but"
        " cheerful] [about it all|with how it's going|that it's moving at last][, bless {obj}|,"
        " to be fair|, which is nice|].",
    ),
    # The user's own mix-up, never gossip: the link was passed on as the person's own news.
    TWIN_RUMOUR: _NOT_SO_VAGUE + _NOT_SO_HOW,
    TWIN_CONSIDERED: (
        "[Well,|Actually,|Sorry,|Hmm,|Oh,] [I'm getting ahead of myself|I spoke too soon|that's"
        " not quite right|that's overstating it]: [that was only|it was only ever] [the"
        " plan|pencilled in|an idea|on the cards], and [it's been called off|it's been"
        " dropped|it isn't going ahead now|they've scrapped it][, sadly|, I'm afraid|, funnily"
        " enough|].",
        "[Mind you,|Though|Then again,|Except] [that one|it] [has since been|has now been|got]"
        " [called off|cancelled|scrapped|dropped][, so it never went ahead|, so scratch it|, so"
        " that was the end of it|, so that's that].",
        "[Or so I thought|That was the plan, anyway|At least that was the plan|That's what {pron}"
        " said at the start], but [it didn't go ahead|they called it off|{pron} cancelled it|it got"
        " scrapped|{pron} let it drop][ in the end| at the last minute|, sadly|].",
    ),
    TWIN_OTHERS: (
        "[Sorry,|Wait,|Hang on,|Oops,|Hmm,] [I've muddled that|I'm mixing people up|I tell a"
        " lie|I've got my people muddled]: [that's {poss} {other}'s project, not {poss} own|I meant"
        " {poss} {other}, not {obj}|that was {poss} {other}'s news, not {poss} own|it's {poss}"
        " {other} I had in mind].",
        "[Actually,|Although,|Oh,] [now I think about it,|now I look at it again,|on second"
        " thoughts,] [that was|it's|that's] {poss} {other}'s[, not {poss} own|; {pron} told me all"
        " about it|, I'm mixing them up|, not {poss} own at all].",
        "[No, hold on,|Sorry, no,|Wait, no,] it's {poss} {other} [who's doing all that|whose news"
        " that was|I mean][, not {obj}|, silly me|, my mistake].",
    ),
}
# A plan between two of the project's own, called off, is put right like any plan dropped.
MILESTONE_STATUSES[TWIN_BETWEEN] = MILESTONE_STATUSES[TWIN_CONSIDERED]

#: The assistant's reply to a status, per kind (grammar; no milestone, project or order).
_THANKS = "[ Thanks for [putting me straight|clearing that up|the correction|letting me know].|]"
MILESTONE_STATUS_REPLIES: dict[str, tuple[str, ...]] = {
    LINK: (
        # Each fits a confirmation and a hedge alike.
        "[Good to know|Fair enough|Noted|Right|Understood|Got it|Okay][.|!] [Thanks for"
        " [telling me|filling me in|the update].|I'll [remember that|keep that in mind].|I hope"
        " the rest goes [smoothly|to plan] for {obj}.|[Tell me|Let me know|Do say] if [it|anything]"
        " changes.]",
        "[Ah,|Oh,|Well,|Right,] [good to know|fair enough|thanks for [filling me in|the"
        " update]|that's [useful|helpful] to know][.|!] [Sounds like {pron} has a lot on.|I"
        " hope it keeps going [well|to plan] for {obj}.|{Pron} sounds busy.]",
    ),
    TWIN_RUMOUR: (
        # The user's own mix-up (never gossip): no reply blames talk or praises a check.
        "[Ah,|Oh,|Right,|Ha,|Oh well,] [easily done|no harm done|good to know|glad that's"
        " cleared up|we all do it|these mix-ups happen][.|!] " + _THANKS,
        "[Fair enough|Understood|Got it|No worries|Ha|Right][.|!] [I'll forget I heard it.|Easy"
        " to get muddled.|It happens to all of us.|Good that it's cleared up.|]" + _THANKS,
    ),
    TWIN_CONSIDERED: (
        # Called off, cancelled or dropped, by the person or not: no reply praises a choice.
        "[Ah,|Oh,|Fair enough,|Right,|Ah well,] [so it never went ahead|plans change|one less"
        " thing to organise|so that's off, then|these things happen][.|!] [There's always"
        " another time.|No rush at all.|It happens.|]",
        "[Understood|Ah well|Fair enough|Oh well|Shame|Right][.|!] [One less thing for {obj}"
        " to juggle.|No rush, then.|Plans do change.|Something else will fill the gap.|{Pron}"
        " can always pick it up again.]",
    ),
    TWIN_OTHERS: (
        "[Ah,|Oh,|Right,|Ha,|Okay,] [got it|I see|easy to mix up|fair enough|that makes more"
        " sense][, {poss} {other}'s then|][.|!] [I'll keep them straight.|Easy to muddle"
        " them.|Everyone seems to have a project on.|]",
        "[Understood|Noted|No problem|Easily done|Ha][.|!] [Thanks for [clarifying|putting me"
        " straight|sorting that out].|I'll keep them straight.|Busy people all round.|Easy to"
        " muddle them.]",
    ),
}
MILESTONE_STATUS_REPLIES[TWIN_BETWEEN] = MILESTONE_STATUS_REPLIES[TWIN_CONSIDERED]

#: A near miss about one milestone (`{V}`), with no relation and no time expression: the same
#: two sentences a link is said in, the second saying how the milestone went instead of what
#: it came after, so a named milestone reads like a link up to its order.
_WENT = (
    "[Apparently|It turns out|In the end|As it went|From what {pron} says|By all accounts|If I "
    "have it right], the {V} [took place|was held|went ahead|was fitted in] [without a "
    "hitch|as planned|despite everything|with a bit of a struggle|much as expected|despite the "
    "pouring rain|at long last][, by the sound of it|, {pron} tells me|, or so I gather|, I am "
    "told|].",
    "[Apparently|It turns out|From what {pron} says|By all accounts|If I have it right], the {V} "
    "[went [well|badly|smoothly|better than expected|on far too long]|was [a bit of a "
    "disaster|a real success|a long one|quite an event]][, by the sound of it|, {pron} tells "
    "me|, or so I gather|, I am told|].",
)
NAMED_MENTION_FRAMES = tuple(f"{a} {b}" for a in _ABOUT for b in _WENT)


def _reply(*slots: tuple[str, ...]) -> tuple[str, ...]:
    return (compose(*slots),)


#: Replies answer the turn, name whom it was about, and never restate or contradict the order:
#: a reaction, a reference to the project and, sometimes, a follow-up.
MILESTONE_REPLIES: dict[str, tuple[str, ...]] = {
    LINK: _reply(
        (
            "Thanks.",
            "Good to know.",
            "Ah, right.",
            "Oh, nice.",
            "Right.",
            "Useful.",
            "I see.",
            "Noted.",
            "",
        ),
        (
            "That gives me a clearer picture of how {clause} is going.",
            "It sounds like {your} has {clause} well in hand these days.",
            "Good to know where {clause} stands at the moment.",
            "So that is roughly how the rest of {clause} fits together.",
            "It sounds like {clause} is moving along nicely, step by step.",
            "[That is|That's|It sounds like] [a lot|quite a lot|plenty] for {your} to [juggle|keep on"
            " top of|manage][.|, all at once.]",
            "I will keep that in mind when {clause} comes up again.",
            "There is a lot going on with {clause}, by the sound of it.",
            "{Your} must be glad to see {clause} taking shape.",
        ),
        (
            "",
            "Is {your} happy with the pace of it all?",
            "How is {your} holding up with all of it, do you think?",
            "I hope {your} is getting plenty of help with it.",
            "I hope the rest of it goes smoothly.",
            "Is there much left to do?",
        ),
    ),
    NAMED_MENTION: _reply(
        ("Ha.", "I can imagine.", "Oh, right.", "Well, well.", ""),
        (
            "Thanks for the news about the {V}.",
            "I hope the {V} turned out the way {pron} wanted it to go.",
            "So {clause} keeps moving, one way or another.",
            "It sounds as if the {V} really matters a great deal to {your}.",
            "That is one more thing out of the way for {your}, anyway.",
        ),
        ("", "Did {your} sound happy about it?", "I hope the rest of {clause} is going well."),
    ),
}

#: Near misses: the person and the project's topic come up, and no milestone does. The
#: vertical's own wordings, each long enough beside a two-word holder and a topic that no
#: sentence of them is made mostly of a question's words.
MENTION_FRAMES = (
    "{Holder} and I [talked|chatted|went on] for ages about {topic}, [and got nowhere|without "
    "agreeing on much|over a long lunch].",
    "{Holder} asked for my opinion on {topic} [out of the blue|over coffee|on the phone], "
    "[which surprised me|and I had plenty to say|so I gave it].",
    "I had a long chat with {holder} about {topic}, which went round in circles[ for a while| "
    "as usual|].",
    "{Holder} sent me a [long|rambling] message about {topic} that I still have not [read "
    "properly|got round to].",
    "Over [dinner|lunch|a cup of tea] {holder} got going on {topic} [again|once more], [as "
    "usual|at great length].",
    "{Holder} has strong views on {topic}, as you can [imagine|probably guess].",
)

#: Question templates per shape (`{subject}` reads `my aunt's kitchen renovation`; `{A}` and
#: `{B}` are the two milestones an order question names). Their own words are kept out of every
#: conversation template.
OCCURRENCE_QUESTIONS = (
    "In {subject}, which came first: the {A} or the {B}?",
    "Which happened first in {subject}, the {A} or the {B}?",
    "Thinking of {subject}, did the {A} or the {B} come first?",
)
INTERVAL_QUESTIONS = (
    "In {subject}, which milestone came between the {A} and the {B}?",
    "What happened between the {A} and the {B} in {subject}?",
    "Which milestone of {subject} fell between the {A} and the {B}?",
)
RECENCY_QUESTIONS = (
    "What was the most recent milestone of {subject}?",
    "Which milestone of {subject} was the most recent?",
    "In {subject}, which milestone came most recently?",
)
QUESTIONS = (*OCCURRENCE_QUESTIONS, *INTERVAL_QUESTIONS, *RECENCY_QUESTIONS)

#: The bank every Temporal session is rendered from: the shared mention frames and replies,
#: and the link and twin kinds above (only kinds a session plan can carry).
MILESTONE_BANK = Bank(
    # Questions name milestones: a status told later is led back by its holder.
    defer_by_value=False,
    frames=MappingProxyType(
        {MENTION: MENTION_FRAMES, NAMED_MENTION: NAMED_MENTION_FRAMES, **MILESTONE_FRAMES}
    ),
    replies=MappingProxyType({MENTION: REPLIES[MENTION], **MILESTONE_REPLIES}),
    family_replies=MappingProxyType({}),
    # Only mentions take the shared reactions and follow-ups: every other reply here is a
    # whole composed one.
    reactions=only(REACTIONS, (MENTION,)),
    follow_ups=only(FOLLOW_UPS, (MENTION,)),
    statuses=MappingProxyType(MILESTONE_STATUSES),
    status_unfit=MappingProxyType(
        {
            **STATUS_UNFIT,
            **{t: frozenset({"firsthand"}) for t in _NOT_SO_VAGUE},
            # A link's statuses that vouch for it: a plan that stands till its second saying
            # takes it back (`core.echo`) draws among the others.
            **{t: frozenset({STANDS}) for t in MILESTONE_STATUSES[LINK][:2]},
        }
    ),
    status_replies=MappingProxyType(MILESTONE_STATUS_REPLIES),
)


class MilestoneBankError(ValueError):
    """The Temporal bank breaks one of its writing rules."""


_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")
#: Words that would place a milestone in time, relative to a session or a calendar.
_TIME_WORDS = frozenset(
    "yesterday today tomorrow ago week weeks month months year years morning evening night "
    "monday tuesday wednesday thursday friday saturday sunday january february march april "
    "june july august september october november december".split()
)


def check_milestone_bank() -> None:
    """The writing rules of the module docstring, asserted at import."""
    templates: list[tuple[str, str]] = []
    for label, bank in (("frame", MILESTONE_FRAMES), ("reply", MILESTONE_REPLIES)):
        templates += [(f"{label} {kind}", t) for kind, options in bank.items() for t in options]
    templates += [(f"mention {NAMED_MENTION}", t) for t in NAMED_MENTION_FRAMES]
    for project in PROJECTS.values():
        templates += [(f"{project.key} topic", t) for t in project.topics]
        templates += [(f"{project.key} clause", t) for t in project.clauses[LINK]]
    templates += [("milestone noun", t) for t in MILESTONE_NOUNS]
    for label, table in (
        ("status", MILESTONE_STATUSES),
        ("status reply", MILESTONE_STATUS_REPLIES),
    ):
        templates += [(f"{label} {kind}", t) for kind, options in table.items() for t in options]
    for where, text in templates:
        bare = plain(text)
        if _PLAIN.search(bare):
            raise MilestoneBankError(f"{where} template {text!r} has a digit, bracket or em dash")
        words = set(raw_tokens(bare))
        if words & ANSWER_WORDS:
            raise MilestoneBankError(f"{where} template {text!r} uses an answer word")
        if where.startswith(("frame", "mention")) and words & _TIME_WORDS:
            raise MilestoneBankError(f"{where} template {text!r} places a milestone in time")
        if where.startswith("status") and (
            re.search(r"\{(V|W|W2|clause|topic)\}", text) or _CUES.search(bare)
        ):
            raise MilestoneBankError(
                f"{where} template {text!r} names a milestone, the project or an order"
            )
        if (
            where.startswith("frame")
            and TWIN_BETWEEN not in where
            and not all(re.search(r"\{V\}.*\{rel\}.*\{W\}", t) for t in expansions(text, 400))
        ):
            raise MilestoneBankError(
                f"{where} template {text!r} must read the {{V}}, the relation word, the {{W}}"
            )
    check_keyword_density()
    for project in PROJECTS.values():
        keywords = set(raw_tokens(project.noun))
        for text in (*project.topics, *project.clauses[LINK]):
            if not always(text, has_any(keywords, raw_tokens)):
                raise MilestoneBankError(
                    f"{project.key} template {text!r} names none of {sorted(keywords)}"
                )


#: Relation words a status never uses.
_CUES = re.compile(
    r"\b(" + "|".join(w for words in RELATION_WORDS.values() for w in words) + r")\b", re.I
)


#: Worst-case fills for the density check: a two-word holder, a milestone the question names
#: (`Qalmor review`) beside one whose noun a named milestone shares (`Zurbel review`).
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
    "when": "last week",
    "When": "Last week",
    "other": "neighbour",
    "gone": "Pelvar visit",
}
_NAMED, _SHARED_NOUN, _SECOND_NAMED = "Qalmor review", "Zurbel review", "Pelvar visit"


def _question_words() -> frozenset[str]:
    """Every BM25 token of the question templates, holder, milestones and projects aside."""
    bare = " ".join(re.sub(r"\{[A-Za-z_0-9]+\}", " ", q) for q in QUESTIONS)
    return frozenset(bm25_tokens(bare))


def _conversation_templates() -> list[tuple[str, str]]:
    out = [(f"frame {k}", t) for k, ts in MILESTONE_FRAMES.items() for t in ts]
    out += [(f"status {k}", t) for k, ts in MILESTONE_STATUSES.items() for t in ts]
    out += [(f"status reply {k}", t) for k, ts in MILESTONE_STATUS_REPLIES.items() for t in ts]
    out += [(f"reply {k}", t) for k, ts in MILESTONE_REPLIES.items() for t in ts]
    out += [(f"frame {NAMED_MENTION}", t) for t in NAMED_MENTION_FRAMES]
    out += [(f"frame {MENTION}", t) for t in MENTION_FRAMES]
    out += [(f"reply {MENTION}", t) for t in REPLIES[MENTION]]
    return out


#: Expansions of each template the density check reads (all of them when there are fewer).
DENSITY_SAMPLE = 24


def check_keyword_density() -> None:
    """No sentence a template can produce is made mostly of a question's words (the generic
    scaffolding strip's test), filled at its worst: a two-word holder, a two-word project, a
    milestone the question names beside one sharing its noun, and the question templates' own
    words."""
    asked = _question_words()
    found: list[str] = []
    drawn = [
        (where, template)
        for where, grammar in _conversation_templates()
        for template in expansions(grammar, DENSITY_SAMPLE)
    ]
    for where, template in drawn:
        for project in PROJECTS.values():
            keywords = asked | frozenset(
                bm25_tokens(f"best friend {project.noun} {_NAMED} {_SECOND_NAMED}")
            )
            clauses = (
                [c for t in project.clauses[LINK] for c in expansions(t)]
                if "{clause}" in template
                else [""]
            )
            topics = project.topics if "{topic}" in template.lower() else ("",)
            for clause in clauses:
                for topic in topics:
                    for v, w in ((_NAMED, _SHARED_NOUN), (_SHARED_NOUN, _NAMED)):
                        values = {**_HOLDER, "V": v, "W": w, "W2": _SECOND_NAMED, "topic": topic}
                        values["Topic"] = topic[:1].upper() + topic[1:]
                        values["clause"] = clause.format_map(values)
                        text = template.format_map(values)
                        for sentence in sentences(text):
                            if is_keyword_sentence(sentence, keywords):
                                found.append(
                                    f"{where} template {template!r} can read as a sentence of "
                                    f"the question's own words: {sentence!r}"
                                )
    if found:
        raise MilestoneBankError("; ".join(found[:1]) + f" (and {len(found) - 1} more)")
    used = {w for _, t in _conversation_templates() for w in bm25_tokens(plain(t))}
    shared = sorted(asked & used)
    if shared:
        raise MilestoneBankError(f"conversation templates use question words {shared}")


check_milestone_bank()
