"""What the assistant asks after a status, and how the user answers: a statement's thread.

Every statement gets a status in the user's next turn (`render.STATUS_SHARE`): a confirmation
or a hedge for a true one, a retraction, a dropped plan or someone else's news for a rival. The
assistant answers it, and at times (`render.STATUS_THREAD_SHARE`, the same for every kind) goes
on with a question about the person, which the user answers and the assistant closes. So a
statement is not always followed by the same four turns, and the talk goes where a person's
would: from the news to how the person is, or what put them off, or who the other one is.

A question may fit one kind only (`STATUS_FOLLOW_UPS[kind]`: what put someone off fits a plan
dropped) or any status about a person (`ANY_STATUS`). Neither the question nor the answer names
the family's thing, its keyword or the value, and neither says when anything happened: they
are about the person, so they tell a reader nothing a question is asked about, and no count of
them tells a true statement from a rival.
"""

from __future__ import annotations

import re

from corpora.generate.core.world import (
    INVALIDATION,
    REAFFIRMATION,
    STATEMENT,
    TWIN_CONSIDERED,
    TWIN_OTHERS,
    TWIN_RUMOUR,
)

#: A question the assistant asks after its reply to a status, and the user's answer (grammar).
StatusFollowUp = tuple[str, str]

#: Questions about the person that follow any status: how they are, how often the two talk.
ANY_STATUS: tuple[StatusFollowUp, ...] = (
    (
        "[How is {pron} [doing|keeping|getting on] [otherwise|in general|lately]|Is {pron}"
        " [well|keeping well|all right] [otherwise|in general|apart from that]]?",
        "[[Fine|Pretty well|Not bad|Well enough|Good, mostly], [thanks|I think][,|;] [busy as"
        " ever|run off {poss} feet|full of plans|the same as always]"
        "|[A bit tired|Up and down|Could be better], [to be honest|if I'm honest|I think][,|;]"
        " [{pron} needs a break|it's been a busy few months|{pron}'s had a cold]][.|!]",
    ),
    (
        "[Do you [see|speak to] {obj} [a lot|often]|Do you two [keep in"
        " touch|speak] [often|a lot]]?",
        "[[Quite often|Quite a bit, actually|More than before][,|;] [{pron}'s good company"
        "|we get on well|{pron} always has news]|[Now and then|Not as often as I'd like|Every so"
        " often][,|;] [we're both busy|it's usually {obj} who rings|we should [make"
        " more of an effort|speak more]]][.|!]",
    ),
    (
        "[Does {pron} [often|usually] [tell you|share] {poss} news|Is {pron} one for [keeping"
        " you posted|sharing news]]?",
        "[[Usually, yes|Mostly|The big news, yes][,|;] [{pron}'s good like that|{pron} likes"
        " a natter|{pron} rings when there's news]|[Not always|Only when I ask|Bits of it][,|;]"
        " [{pron} can be a bit private|I get most news second-hand|I have to [ask|drag it"
        " out of {obj}]]][.|!]",
    ),
)

#: Questions that fit one kind of status only.
STATUS_FOLLOW_UPS: dict[str, tuple[StatusFollowUp, ...]] = {
    STATEMENT: (
        (
            "[Did {pron} take ages to decide|Did {pron} mull it over a while|Did {pron} think about it"
            " for ages]?",
            "[[Not really|No, not at all][,|;] {pron} [decided straight away|didn't hesitate"
            "|jumped at it]|[A fair while|Quite a while, actually|A good while, I"
            " think][,|;] [{pron} likes to be certain|{pron} doesn't rush|that's {obj} all"
            " over]][.|!]",
        ),
        (
            "[Is {pron} the loyal type|Will {pron} stick with it, do you think|Does {pron} tend to"
            " stay put once {pron}'s picked]?",
            "[[I'd think so|Knowing {obj}, yes|Probably][,|;] [{pron}'s loyal like that|{pron}"
            " doesn't chop and change|{pron} hates switching]|[Hard to say|Who knows][,|;] [we'll"
            " see|fingers crossed]][.|!]",
        ),
    ),
    REAFFIRMATION: (
        (
            "[Is {pron} a creature of habit|Does {pron} dislike change]?",
            "[Very|Mostly|A bit, yes|More than {pron}'d admit][,|;] [{pron} likes the"
            " familiar|{pron} sees no reason to change|if it's fine, {pron} leaves it be][.|!]",
        ),
    ),
    INVALIDATION: (
        (
            "[Is {pron} all right about it|How does {pron} feel about it all]?",
            "[Fine, I think|Relieved, mostly|A bit low, but fine|Better than I expected]"
            "[,|;] [{pron}'s taking it in {poss} stride|{pron} had seen it coming for a"
            " while|{pron} seems to have moved on][.|!]",
        ),
    ),
    TWIN_RUMOUR: (
        (
            "[How did that [get muddled|get mixed up]|How did that slip in]?",
            "[No idea at all|Too busy lately|I must have been half-listening"
            "|I misheard something somewhere][,|;] [silly of me|my head's"
            " elsewhere|I'll listen better in future][.|!]",
        ),
    ),
    TWIN_CONSIDERED: (
        (
            "[What put {obj} off|Why did {pron} go off it|Did {pron} say why]?",
            "[[The cost, mostly|The timing, I think|Too big a hassle, in the end|Second thoughts,"
            " I suppose][,|;] [that's fair|{pron}'s careful like that|maybe another year]"
            "|{Pron} didn't really say[,|;] [{pron} just went quiet about it|I didn't like to"
            " push]][.|!]",
        ),
    ),
    TWIN_OTHERS: (
        (
            "[Are you close to {poss} {other}|Have you met {poss} {other}]?",
            "[[A little|Yes, quite well|Once or twice][,|;] [seems nice enough|they get on"
            " well]|[Not really|Hardly at all][,|;] [they seem nice, though|only to say"
            " hello to]][.|!]",
        ),
    ),
}

#: A question that fits some families only: sticking with a thing, or being loyal to it, fits
#: a choice one can leave (a club, a provider, an employer), not a dog or a car bought. The key
#: is the question's template; the pattern is matched against the family's key and noun, so the
#: rule is the same for a true statement and a rival of one family.
FOLLOW_UP_FAMILIES: dict[str, re.Pattern[str]] = {
    STATUS_FOLLOW_UPS[STATEMENT][1][0]: re.compile(
        r"\b(?:club|gym|provider|bank|dentist|employer|work|teacher|piano|team|choir|bookclub"
        r"|surgery|practice|insurer|supplier|society|class|group|membership|allotment|school"
        r"|library|broadband|energy|phone|mobile|garage|vet|gp|doctor|hairdresser|barber)\b",
        re.IGNORECASE,
    ),
}
#: A question that is unfit after a reply that already says what it asks about: "How did that
#: get muddled?" after "Easy to get muddled." (matched against the assistant's reply).
FOLLOW_UP_SAID: dict[str, re.Pattern[str]] = {
    STATUS_FOLLOW_UPS[TWIN_RUMOUR][0][0]: re.compile(
        r"\b(?:muddl\w*|mix(?:ed)?[ -]?ups?|mixed|slip\w*|misheard|mishear\w*)\b", re.IGNORECASE
    ),
}


#: Questions that fit a piece of news, not a correction that takes the fact away from the
#: person ("Do you two keep in touch often?" after "that was her friend's news, not hers"):
#: not asked after the status of a rival (any `twin-` kind: a rumour, a plan dropped, someone
#: else's news or switch, a vertical's own).
NEWS_ONLY: frozenset[str] = frozenset({ANY_STATUS[1][0], ANY_STATUS[2][0]})


def _correction(kind: str) -> bool:
    return kind.startswith("twin")


def fitting_follow_ups(
    pairs: tuple[StatusFollowUp, ...], family: str, reply: str, kind: str = ""
) -> tuple[StatusFollowUp, ...]:
    """The questions of `pairs` that fit the family (`family`: its key and noun) and the kind
    of status (`kind`: `NEWS_ONLY` after no rival's), and that the assistant's `reply` has not
    already answered (`FOLLOW_UP_FAMILIES`, `FOLLOW_UP_SAID`)."""
    return tuple(
        (q, a)
        for q, a in pairs
        if (q not in FOLLOW_UP_FAMILIES or FOLLOW_UP_FAMILIES[q].search(family))
        and not (q in FOLLOW_UP_SAID and FOLLOW_UP_SAID[q].search(reply))
        and not (q in NEWS_ONLY and _correction(kind))
    )


#: The assistant's close after the user's answer (grammar): an acknowledgement, nothing more,
#: since an answer may be keen, flat or rueful ("I must have been half-listening." is not met
#: with "I do like a catch-up.").
STATUS_CLOSES: tuple[str, ...] = (
    "[Ah,|Oh,|Right,|Well,|Mm,] [that makes sense|fair enough|I can picture it|that seems"
    " about right|fair dos][.|!] [Thanks for [telling me|filling me in].|]",
    "[Makes sense|Fair enough|Noted|I see|Seems about right|Right you are][.|!] [Understood"
    ".|That's clear, then.|Thanks for saying.|All clear.|]",
)


#: What the user says to a question in a reply that came with no answer of its own (a
#: reference or reaction that happens to ask something), by the question's form (grammar). A
#: question is never left hanging: the user answers it before going on. An open question gets
#: an answer that commits to nothing (the user is reporting someone else's news, and whatever
#: comes next, a confirmation or a correction, must not contradict it); a tag question
#: (`…, doesn't it?`) is agreed with.
_OPEN = (
    "[[Hard to say|Difficult to say|I couldn't tell you|I'm not certain|I couldn't"
    " say|Not a clue], [to be honest|if I'm honest|really|I'm afraid|in all honesty|to tell"
    " the truth]|[I never asked|I didn't ask|I haven't asked|I didn't think to ask], [to be"
    " honest|if I'm honest|as it happens|I'm afraid]|[No idea|I'd have to ask|Who can"
    " tell|Your guess is as good as mine|Search me][, really|, I'm afraid|, to be honest"
    "|, sadly]][.|!]"
)
QUICK_ANSWERS: dict[str, str] = {
    "tag": (
        "[Ha, [too true|you're not wrong|tell me about it|isn't that the truth|couldn't agree"
        " more]|Too [right|true], [honestly|I'm afraid|sadly]|You're not wrong [there|about"
        " that]|Honestly, [yes|without fail|always]|Largely, [yes|I'd say]|Afraid so, [yes"
        "|sadly]|Oh, [absolutely|without fail|always]][.|!]"
    ),
    "open": _OPEN,
    "more": (
        "[Not for the moment|I think that covers it|No, that's the lot|That's the lot|Nothing"
        " further|That's it], [thanks|for now|I think][.|!]"
    ),
    # An invitation to say whether the assistant heard the news right (`STATUS_INVITES`),
    # where no status follows: the news is confirmed.
    "invite": (
        "[Yes|Yep|That's right|Right|Mm-hm|Yes, really|Indeed|Quite right][, that's what I"
        " heard|, so it seems|, that's the story|, apparently|, that's the news|, as it"
        " happens|, more or less|][.|!]"
    ),
    # A question about the user's own part in a talk ("Who won the argument?", "Where do you
    # stand on it yourself?") is answered by the user, who was there: never "I didn't ask".
    "view": (
        "[We agreed to differ|We met somewhere in the middle|I can see both sides|It's an open"
        " question, I'd say|We'll revisit it|Somewhere in between|Neither side gave way|We"
        " got halfway, I suppose][; it's that kind of subject|; there's a lot"
        " to it|; it'll keep|; I am no expert|; it's no big deal|; both sides have their"
        " merits|; that's fine by me|][.|!]"
    ),
}

#: What the assistant asks in place of its own question when the user's next turn is a status
#: (grammar): whether it heard the news right. Whatever the news (a plan, a past event, the
#: user's own suggestion, someone else's report), a confirmation, a hedge, a retraction, a plan
#: dropped and someone else's news all answer it, so the status that follows is an answer ("Is
#: that right?" "Well, on that: I misheard."), where a question about the thing itself ("Any
#: nerves?") would be left unanswered by any of them; "Is that settled?" would not fit a
#: concert already sung, nor "Was that from him?" the user's own idea. Asked before every kind
#: of status alike.
STATUS_INVITES: tuple[str, ...] = (
    "[Oh, is that right|Is that right|Is that so|Oh, is that so][, then|]?",
    # (No bare "Honestly?" or "Really?": after "Sensible." or "Could be." it reads as sarcasm.)
    "[Is that confirmed|Is that certain|Is that for certain|Is that definite][, then|]?",
    "[Have I got that right|Did I catch that right][, then|]?",
    "[Is that the whole story|Is that the full story][, then|]?",
)

#: What a reply left short ("I see.", "Thanks for passing that on.") adds in place of the
#: question it dropped before a status, when it asks nothing (grammar, one template an idea): a
#: plain acknowledgement of the news as told, which any status after it (a confirmation or a
#: retraction) can follow. Varied, since one short reply before a fifth of all statuses would be
#: the corpus's commonest turn; an idea the reply says already is not said twice
#: (`fitting_acks`).
STATUS_ACKS: tuple[str, ...] = (
    "[Thanks|Thank you|Cheers] for [telling me|the update|passing that on|filling me in|keeping"
    " me posted|saying][.|!]",
    "[I'll make a note of it|I've made a note|That's noted|Got that down|Duly noted|I've jotted"
    " that down][.|!]",
    "[I'll keep that in my head|I'll hold on to that|I've got that][.|!]",
    "[Fair enough|Right you are|Understood|Makes sense][.|!]",
)
_ACK_WORD = re.compile(r"[a-z']{5,}")


def fitting_acks(reply: str) -> tuple[int, ...]:
    """Indices of the acknowledgements (`STATUS_ACKS`) that share no word of five letters or
    more with `reply` ("Thanks for passing that on." is not followed by "Thanks for saying.")."""
    said = set(_ACK_WORD.findall(reply.lower()))
    return tuple(
        i for i, t in enumerate(STATUS_ACKS) if not said & set(_ACK_WORD.findall(t.lower()))
    )


#: What leads into a status that follows a question it does not answer directly (grammar): a
#: short turn that takes the question up and commits to nothing, so the status says the rest.
#: None is cheerful (`Funny you should ask`, `Glad you asked`), since the status may be a
#: retraction. A status that opens with a lead-in of its own (`Sorry, no,`, `To be fair,`,
#: `OWN_LEAD_IN`) takes the question up itself and gets none.
STATUS_BRIDGES: tuple[str, ...] = (
    "[Hmm, so,|Thing is,|Ah, well,|Right, well,|Mm, well,|Hmm, well,]",
)

#: A status that opens with a short lead-in of its own, up to a comma or a colon (`Yes,`,
#: `Sorry, no,`, `Hang on,`, `For the record,`, `Oh dear,`): no bridge goes before it.
OWN_LEAD_IN = re.compile(r"^[A-Za-z']+(?: [A-Za-z']+){0,4}[,:] ")


_TAG = re.compile(
    r",\s*(?:isn't|aren't|doesn't|don't|didn't|wasn't|won't|hasn't|haven't|do|does|is|are)"
    r" (?:it|they|he|she|you|we)\?$"
)


#: An offer to take more (`Anything else for the list?`), answered as an offer.
_MORE = re.compile(r"^(?:Anything|Is there anything) (?:else|more)\b")
#: An invitation to say whether the news was heard right (`STATUS_INVITES`).
_INVITE = re.compile(
    r"^(?:Oh, )?(?:is that (?:right|so)|really|honestly|seriously)\b|got that right|catch"
    r" that right|whole story|full story|is that (?:confirmed|certain|for certain|definite)\b",
    re.IGNORECASE,
)
#: A question about the user's own view of a talk they had, answered with it.
_VIEW = re.compile(
    r"\b(?:yourself|argument|convince you|same side|agree with|see eye to eye|conclusions?)\b"
)
#: A question that answers itself (`Why change what works?`), agreed with like a tag.
_RHETORICAL = re.compile(r"(?:^|, )why change\b", re.IGNORECASE)


def asks(text: str) -> bool:
    """Whether a reply asks something (a question anywhere in it: `Did she shop around
    first? Prices nowadays!` asks too)."""
    return "?" in text


def question_form(text: str) -> str:
    """The form of the last question a reply asks: a tag (`…, doesn't it?`) or a rhetorical
    one, agreed with; an offer to take more (`Anything else for the list?`), declined; the
    user's own view of a talk, given; or an open question (anything else), answered without
    committing to anything."""
    questions = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.endswith("?")]
    last = questions[-1] if questions else text.strip()
    if _TAG.search(last) or _RHETORICAL.search(last):
        return "tag"
    if _MORE.search(last):
        return "more"
    if _INVITE.search(last):
        return "invite"
    if _VIEW.search(last):
        return "view"
    return "open"


#: The assistant's acknowledgement of a quick answer, by the question's form (grammar): an
#: agreement is agreed with, an open answer left open; varied enough that no wording is common.
_OPEN_CLOSES = (
    "[That's understandable|Right you are|No harm in that|Makes sense|Ah, okay|Understandable"
    "|Fair dos|Ah, that's fair|Mm, fair|Well, that's honest|Okay, no problem|Right, understood"
    "|Ah, right|Okay, that's fine|No matter|All right][.|!] [No rush, anyway.|It'll keep.|Thanks"
    " for saying.|I was only curious.|No decision needed.|Just wondering.|We'll leave it"
    " there.|One for another day, then.|That's fine by me.]",
)
QUICK_CLOSES: dict[str, tuple[str, ...]] = {
    "tag": (
        "[Ha, quite|Exactly|Glad it's not just me|I thought you'd say that|Ha, I guessed|Quite"
        " so|Ha, I'm not surprised|Thought so|Ha, true|Spot on|Ha, indeed|Right, quite|Oh,"
        " definitely|Ha, absolutely][.|!] [It's always the way.|Some habits never change.|Folk"
        " are funny like that.|Without fail, honestly.|It's the same everywhere.|Nothing odd"
        " there.|Such is life.|You can set your watch by it.|Same old story.]",
    ),
    "open": _OPEN_CLOSES,
    "view": _OPEN_CLOSES,
    "invite": (
        "[Good|Fair enough|Right you are|Noted|Understood|Lovely|All right|Got it"
        "|Ah, good|Okay][.|!] [Thanks for saying.|That's clear, then.|Thanks.|]",
    ),
    "more": (
        "[Right you are|Good|Lovely|All right|Okay|Noted][.|!] [It's all in hand.|All"
        " sorted.|Just say if anything comes up.|That's all set, then.]",
    ),
}
