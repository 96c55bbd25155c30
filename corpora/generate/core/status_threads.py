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
        "[How is {pron} [doing|keeping|getting on] [otherwise|in general|these days]|Is {pron}"
        " [well|keeping well|all right] [otherwise|in general|apart from that]]?",
        "[[Fine|Pretty well|Not bad|Well enough|Good, mostly], [thanks|I think][,|;] [busy as"
        " ever|run off {poss} feet|full of plans|much the same as always]"
        "|[A bit tired|Up and down|Could be better], [to be honest|if I'm honest|I think][,|;]"
        " [{pron} needs a holiday|it's been a busy few months|{pron}'s had a cold]][.|!]",
    ),
    (
        "[Do you [see|talk to] {obj} [much|often]|Are you and {pron} close|Do you two [keep in"
        " touch|talk] [much|often|a lot]]?",
        "[[Most weeks|Quite a bit, actually|More than we used to][,|;] [{pron}'s good company"
        "|we get on well|{pron} always has news]|[Now and then|Not as much as I'd like|Every so"
        " often][,|;] [we're both busy|it's usually {obj} who gets in touch|we should [make"
        " more of an effort|talk more]]][.|!]",
    ),
    (
        "[Does {pron} [often|usually] [tell you|share] {poss} news|Is {pron} one for [keeping"
        " you posted|sharing news]]?",
        "[[Usually, yes|Mostly|The big things, yes][,|;] [{pron}'s good like that|{pron} likes"
        " a chat|{pron} rings when there's news]|[Not always|Only when I ask|Bits of it][,|;]"
        " [{pron} can be a bit private|I hear most things second-hand|I have to [ask|drag it"
        " out of {obj}]]][.|!]",
    ),
)

#: Questions that fit one kind of status only.
STATUS_FOLLOW_UPS: dict[str, tuple[StatusFollowUp, ...]] = {
    STATEMENT: (
        (
            "[Did {pron} take long to decide|Was it a quick decision|Did {pron} think about it"
            " for long]?",
            "[[Not really|No, not long][,|;] {pron} [knew straight away|knew what {pron} wanted"
            "|made {poss} mind up quickly]|[A fair while|Quite a while, actually|A few weeks, I"
            " think][,|;] [{pron} likes to be sure|{pron} doesn't rush things|that's {obj} all"
            " over]][.|!]",
        ),
        (
            "[Is {pron} the type to stick with things|Will {pron} stick with it, do you think]?",
            "[[I'd think so|Knowing {obj}, yes|Probably][,|;] [{pron}'s loyal like that|{pron}"
            " doesn't chop and change much]|[Hard to say|Who knows][,|;] [time will tell|we'll"
            " see]][.|!]",
        ),
    ),
    REAFFIRMATION: (
        (
            "[Is {pron} a creature of habit|Does {pron} like things to stay the same]?",
            "[Very much so|Mostly|A bit, yes|More than {pron}'d admit][,|;] [{pron} likes what"
            " {pron} knows|{pron} sees no reason to change|if it's fine, {pron} leaves it be][.|!]",
        ),
    ),
    INVALIDATION: (
        (
            "[Is {pron} all right about it|How does {pron} feel about it all]?",
            "[Fine, I think|Relieved, mostly|A bit flat, but fine|Better than I expected]"
            "[,|;] [{pron}'s taking it in {poss} stride|{pron} had been thinking about it for a"
            " while|{pron} seems to have moved on][.|!]",
        ),
    ),
    TWIN_RUMOUR: (
        (
            "[How did that [get muddled|get mixed up]|Where did that come from, then]?",
            "[No idea, really|Too much going on lately|I must have been half-listening"
            "|Somebody said something and I ran with it][,|;] [silly of me|my head's all over"
            " the place|I'll listen better next time][.|!]",
        ),
    ),
    TWIN_CONSIDERED: (
        (
            "[What put {obj} off|Why did {pron} change {poss} mind|Did {pron} say why]?",
            "[[The cost, mostly|The timing, I think|Too much hassle, in the end|Second thoughts,"
            " I suppose][,|;] [fair enough|{pron}'s careful like that|maybe another time]"
            "|{Pron} didn't really say[,|;] [{pron} just went quiet about it|I didn't like to"
            " push]][.|!]",
        ),
    ),
    TWIN_OTHERS: (
        (
            "[Do you know {poss} {other} well|Have you met {poss} {other}]?",
            "[[A little|Yes, a few times|Once or twice][,|;] [seems nice enough|they get on"
            " well]|[Not really|Hardly at all][,|;] [I hear a lot about them, though|only to say"
            " hello to]][.|!]",
        ),
    ),
}

#: The assistant's close after the user's answer (grammar): an acknowledgement, nothing more,
#: since an answer may be keen, flat or rueful.
STATUS_CLOSES: tuple[str, ...] = (
    "[Ah,|Oh,|Right,|Well,|Mm,] [that makes sense|fair enough|I can picture it|that sounds"
    " about right|good to know][.|!] [Thanks for [telling me|filling me in].|]",
    "[Makes sense|Fair enough|Good to know|I see|Sounds about right|Right you are][.|!] [It's"
    " nice to hear how people are.|I like hearing about your family.|Thanks for the news.|]",
)


#: What the user says to a question in a reply that came with no answer of its own (a
#: reference or reaction that happens to ask something), by the question's form (grammar). A
#: question is never left hanging: the user answers it before going on.
QUICK_ANSWERS: dict[str, str] = {
    "tag": (
        "[Ha, [too true|you're not wrong|tell me about it|isn't that the truth|you said it]"
        "|Too [right|true], [honestly|I'm afraid|sadly]|You're not wrong [there|about that]"
        "|Honestly, [yes|every time|without fail]|Pretty much, [yes|I'd say]|Afraid so, [yes"
        "|sadly]|Oh, [absolutely|without fail|every time]][.|!]"
    ),
    "wh": (
        "[Hard to say|I'm not really sure|Difficult to tell|I couldn't tell you|Good question"
        "|I haven't worked that out|Not sure yet|I honestly don't know|Somewhere in the"
        " middle|No idea|I'd have to think about it|Couldn't say], [to be honest|if I'm honest"
        "|really|I'm afraid|for now|at this point|in all honesty|if you want the truth][.|!]"
    ),
    "yes-no": (
        "[I think so|Not really|Sort of|I'm not certain|More or less|Maybe|I doubt it|A bit"
        "|Probably|Not that I know of|I hope so|I'd imagine so|Possibly|Not especially], [to"
        " be honest|if I'm honest|really|I suppose|I'd say|as far as I know|by the look of"
        " it|I reckon][.|!]"
    ),
}

_TAG = re.compile(
    r",\s*(?:isn't|aren't|doesn't|don't|didn't|wasn't|won't|hasn't|haven't|do|does|is|are)"
    r" (?:it|they|he|she|you|we)\?$"
)
_WH = ("what", "where", "how", "who", "which", "when", "why")


def question_form(text: str) -> str:
    """The form of the question a reply ends with: a tag (`…, doesn't it?`), a wh-question
    or a yes-no question (anything else)."""
    last = text.rstrip()
    if _TAG.search(last):
        return "tag"
    sentence = re.split(r"(?<=[.!?])\s+", last)[-1]
    return "wh" if sentence.split(" ", 1)[0].lower().strip(",") in _WH else "yes-no"


#: The assistant's acknowledgement of a quick answer (grammar): short, and varied enough that
#: no wording of it is common.
QUICK_CLOSES: tuple[str, ...] = (
    "[Ha, fair enough|Right you are|Oh well|Fair point|I thought as much|That's understandable"
    "|I can imagine|No wonder|Quite right|That figures|Well, there we are|So it goes|Nothing"
    " wrong with that|Can't argue with that|Oh, I know|Ha, I bet|Hard not to be|Well, quite]"
    "[.|!] [It happens.|No rush, anyway.|Thanks for saying.|We'll see, I suppose.|Time will"
    " tell.|That's how it goes.|I'd be the same.|Good to know, all the same.]",
    "[Ah|Ha|Oh|Mm|Well|Right], [that figures|I can imagine|there we are|no surprise there|I'd"
    " wondered|that's life|who can blame you|I thought so|so it goes][.|!] [It happens.|Thanks"
    " for saying.|Time will tell.|That's how it goes.|I'd be the same.|]",
)
