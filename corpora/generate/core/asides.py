"""Asides: the user asks for a little help, or talks about their own day, between the news.

A session made only of news about relatives reads as a form being filled in. People also ask an
assistant how long to boil an egg, what to do about a slow laptop or how to get rid of fruit
flies, and the assistant answers in a sentence or three. Each `Aside` is one such exchange on one
everyday topic: a few ways the user asks, a few ways the assistant answers *that* ask, and
optionally a small follow-up question with its answer. Every template is a bank grammar template
(`core/grammar.py`), so each unit yields hundreds of surface forms.

Asides carry no evidence for any question, by construction: no names of people, firms or places
(no capitalised word inside a sentence), no relation words (so no question's holder is ever
named), no word from any fact family's question or noun (so an aside never competes with a
fact's sentences for a retriever), no digits, and none of the answer words. The tests hold the
bank to those rules over every word of every alternative.

The second kind, a `Chat`, is small talk about the user's own life: a deadline met, a burnt
dinner, a cold, a trip being planned, a dead laptop, a morning of errands (work, cooking,
travel, health, money, hobbies, tech, errands and plans). The user mentions it, the assistant
responds to what was said, in the tone its mood calls for (sympathy for a bad day, pleasure at a
good one, interest in a plan), and asks a question that fits; the user answers; half the time a
second question and answer follow; the assistant closes, often with a small tip. Chats keep the
same writing rules, and each keeps to the hours, months and days of the week it reads naturally
in (no burnt dinner at breakfast, no heating switched on in July, no plan "for the weekend" made
on a Sunday).

`draw_aside(rng, moment)` draws a chat at `CHAT_SHARE` and otherwise a help request that fits
the hour and month (a "what shall I cook tonight" is only asked from the afternoon on, hay fever
only in the pollen months, the heating bill only in the cooler ones). A help request is
two or four turns, user first: the ask and its answer, then half the time either the unit's
follow-up question and answer or the user's thanks and the assistant's close; a chat is four or
six turns, user first and assistant last. The same generator state always gives the same turns.
`aside_variants()` and `chat_variants()` count the shortest forms, the figures the docs quote.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.bank import (
    _PLAIN,
    ANSWER_WORDS,
    FAMILIES,
    OTHER_PEOPLE,
    RELATIONS,
    BankError,
)
from corpora.generate.core.grammar import expand, flatten, variants

Kind = Literal["do", "know"]


@dataclass(frozen=True)
class FollowUp:
    """A small second question about the same thing, and its answer."""

    ask: str
    answer: str


@dataclass(frozen=True)
class Aside:
    """One everyday request for help and the answers that fit it."""

    key: str
    #: Words that name the topic: every ask and every answer carries at least one of them (a
    #: cheap check that an answer is about what was asked, not a tip about something else).
    keywords: frozenset[str]
    asks: tuple[str, ...]
    answers: tuple[str, ...]
    #: What the assistant wishes the user when they say thanks (one sentence template).
    wish: str
    follow_ups: tuple[FollowUp, ...] = ()
    #: "do" for advice the user will act on, "know" for an explanation (picks the thanks).
    kind: Kind = "do"
    #: Hours of the day (start inclusive, end exclusive) at which the ask reads naturally.
    hours: tuple[int, int] = (0, 24)
    #: Months in which the ask reads naturally (all by default: no hay fever in December).
    months: frozenset[int] = frozenset(range(1, 13))

    def fits(self, hour: int) -> bool:
        start, end = self.hours
        return start <= hour < end

    def fits_moment(self, moment: datetime) -> bool:
        return self.fits(moment.hour) and moment.month in self.months


#: Common hour spans (a unit may also give its own): all day; breakfast time; while shops and
#: daylight last; from mid-afternoon, when dinner is on the mind; evenings.
ANY = (0, 24)
BREAKFAST = (5, 12)
DAYTIME = (7, 19)
LATE_DAY = (14, 24)
EVENING = (16, 24)

#: Common month spans (Britain): the cooler months, when the heating is on; the warm months of
#: sunburn, picnics and barbecues; the pollen season, from the first tree pollen to the last
#: grass and weed pollen; and the months outside the depth of winter, for trips to the coast.
COLD_MONTHS = (10, 11, 12, 1, 2, 3)
WARM_MONTHS = (5, 6, 7, 8, 9)
POLLEN_MONTHS = (3, 4, 5, 6, 7, 8, 9)
MILD_MONTHS = (3, 4, 5, 6, 7, 8, 9, 10)


def _aside(
    key: str,
    keywords: str,
    asks: tuple[str, ...],
    answers: tuple[str, ...],
    wish: str,
    follow_ups: tuple[tuple[str, str], ...] = (),
    kind: Kind = "do",
    hours: tuple[int, int] = ANY,
    months: tuple[int, ...] = (),
) -> Aside:
    return Aside(
        key,
        frozenset(keywords.split()),
        asks,
        answers,
        wish,
        tuple(FollowUp(a, b) for a, b in follow_ups),
        kind,
        hours,
        frozenset(months or range(1, 13)),
    )


#: Ways into an ask inside its own sentence (a lead-in that stood alone as a sentence, such as
#: "Quick question.", would recur across a corpus as one of its most common sentences).
LEADS = "[|||Quick question:|Random one:|Sorry, random question:|Can I ask,|Out of interest,|While I think of it,|Before I forget,|Slightly random, but|A practical one:|Help me with something:|Something I keep meaning to ask:|You might know this:|A small one:|Different subject, but]"

#: How the assistant may start before answering (part of the same turn).
PREFACES = "[|||Good question.|Sure.|Happy to help.|Easy enough.|Glad you asked.|Ah, I can help with that.|That one's easy.]"

#: How the user may lead into a follow-up question, inside its sentence.
FOLLOW_LEADS = "[||||And|Oh, and|One more thing:|Also,|Another small one:|While we're at it,]"

#: How the assistant may start its answer to a follow-up question (part of the same turn).
FOLLOW_PREFACES = "[||||Good question.|Sure.|Worth asking.|Ah, good point.|Fair question.]"

#: The user's thanks, one sentence each: for advice acted on, and for an explanation.
THANKS: dict[Kind, str] = {
    "do": (
        "[Thanks|Thank you|Cheers|Great, thanks|Perfect, thank you|Brilliant, thanks|Lovely, thanks|Oh good, thanks|That's really helpful, thanks|Right, thanks|Ah, that's useful, thanks|Ah, thank you|Thanks a lot|Super, thanks|That's just what I needed, thanks], [I'll|I will|I'm going to] [[try that|give that a go|do that|try it that way|try exactly that][ later| next time| when I get a chance| as soon as I can|]|[remember that|go with that|stick to that|follow that][ from now on| next time|]]."
    ),
    "know": (
        "[Thanks|Ah, thanks|Cheers|Oh, interesting, thanks|Right, thank you|Good to know, thanks|Useful, thank you|Ah, right, thanks|Oh, I see, thanks|Thank you], [that [makes sense|clears it up|helps a lot|is useful to know|explains a lot]|I [didn't|did not] [realise|know] that|I'd wondered about that for ages|I'd always been a bit vague on that]."
    ),
}

#: How the assistant takes the thanks, before the unit's own wish.
WELCOMES = "[You're welcome.|Any time.|Glad to help.|Happy to help.|No trouble at all.|My pleasure.|Glad it helps.|You're very welcome.|Not at all.|Glad that was useful.|Pleasure.]"
TAILS: dict[Kind, str] = {
    "do": "[| Let me know how it goes.| Shout if you get stuck.| Tell me how you get on.||]",
    "know": "[||| Ask any time.| Happy to dig into it further.]",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


ASIDES: tuple[Aside, ...] = (
    # ---- cooking
    _aside(
        "eggs",
        "egg eggs yolk",
        (
            "how long [should I|do I need to|do you] boil an egg [if I want|for] a [runny|soft|dippy] yolk?",
            "[what's|what is] the [trick|secret|timing] for a [soft-boiled|dippy|runny] egg[, because mine always come out|? Every egg I boil comes out|? Mine keep coming out] [hard|rubbery|overdone|chalky in the middle].",
            "I [can never|never seem to] get a [runny|soft] yolk[, so|,|;] how many minutes [is it|does an egg need|should an egg get] [in the pan|in boiling water|]?",
        ),
        (
            "[Lower|Put] the egg into water that is already [boiling|at a rolling boil] and [give it|time it for] about six minutes for a runny yolk, or seven if you like it [jammy|just set at the edges]. Then [run it under the cold tap|cool it in cold water] for a [moment|few seconds] so it stops cooking.",
            "Six minutes from boiling water is the [usual|classic|safe] answer for a [soft|runny] yolk with a set white. [Start the timer|Count] from when the egg goes in, not when the water comes back to the boil, and [use eggs at room temperature|take the eggs out of the fridge first] so they [don't crack|cook evenly].",
            "It [mostly|really] comes down to timing: [roughly|around] six minutes for a runny yolk, eight for [firm|fudgy], ten for [hard-boiled|properly hard]. Large eggs straight from the fridge need [half a minute|a minute] more.",
        ),
        "[Enjoy the eggs|Here's to a perfect runny yolk|Good luck with the eggs].",
        (
            (
                "[And|What about] [poached|poaching] eggs, [any trick there|how do I stop them going stringy]?",
                "[Use the freshest eggs you have|Fresh eggs help most], [crack each one into a cup first|tip the egg in from a cup] and [slide it into|lower it into] water at a gentle simmer, not a boil. About three minutes [does it|is plenty].",
            ),
        ),
        hours=(5, 14),
    ),
    _aside(
        "rice",
        "rice",
        (
            "my rice [always comes|keeps coming] out [sticky|mushy|gluey][, so|,|;] what am I doing wrong [with it|]?",
            "how do you [cook|make] [fluffy|proper fluffy|decent] rice [on the hob|in a pan] without a rice cooker?",
            "[what's|what is] the [right|usual] [ratio|amount] of water to rice[, because I always guess| when I never get it right| as I keep guessing|]?",
        ),
        (
            "Rinse the rice [until the water runs clear|a few times in a sieve] to wash off the [loose starch|starch], then use [about|roughly] one and a half [mugs|cups] of water to one of rice. [Bring it to the boil|Boil it], turn it right down, [cover it|put a lid on] and leave it for twelve minutes, then let it [stand|rest] off the heat.",
            "[Rinse the rice first|Wash the rice first], use [a little under|about] one and a half times its volume in water, and [don't lift the lid|leave the lid on] while it [simmers|steams]. Too much water or too much stirring is what makes rice [sticky|mushy|gluey].",
            "For [white|long-grain|basmati] rice, one part rice to one and a half of water [is reliable|does the trick]. Simmer it [covered|with the lid on] for [ten|twelve] minutes, then [rest it|leave it off the heat] for five and fluff it with a fork.",
        ),
        "[Enjoy the rice|I hope the rice comes out fluffy this time|Good luck with the rice].",
        (
            (
                "[Is it|Is it actually] [safe|all right] to reheat [leftover|cooked] rice the [day after|next day]?",
                "[Yes, as long as|It is, provided|Only if] the rice was cooled [quickly|within an hour or so|promptly] and kept in the fridge. [Eat it within a day|Use it by the next day|Don't keep it beyond a day] and [heat it until it is piping hot all the way through|make sure it is steaming hot throughout|reheat it only once, until it is piping hot].",
            ),
        ),
        kind="do",
    ),
    _aside(
        "pasta-dinner",
        "pasta",
        (
            "I've [only got|got] pasta, a tin of tomatoes and [an onion|half an onion][, so|,|;] [what|what quick dinner] can I make [tonight|this evening|with that]?",
            "[any|got any] ideas for a quick pasta dinner [tonight|this evening][, nothing fancy|, because I'm shattered| that isn't complicated|]?",
            "what's [a decent|an easy] pasta sauce I can [make|throw together] in the time the pasta takes to cook?",
        ),
        (
            "[Soften|Fry] the onion in olive oil for [ten|about eight] minutes, add [a clove of garlic|some garlic] if you have it, then the tomatoes with a pinch of sugar and salt. Let it [bubble|simmer] while the pasta cooks, [and stir in|then add] a splash of the pasta water [to bring it together|so it clings].",
            "A quick tomato sauce: onion [softened|cooked gently] in oil, the tin of tomatoes, [salt and a pinch of sugar|a little salt, pepper and sugar], simmered for fifteen minutes. Toss the pasta through it with [any cheese you have|a handful of grated cheese] on top.",
            "[Try|Go for] a simple arrabbiata: [garlic and a pinch of chilli flakes|garlic and chilli] in oil, the onion, then the tomatoes [cooked down|simmered] until thick. It is ready by the time the pasta is, and [a knob of butter|a spoon of the pasta water] at the end makes it silky.",
        ),
        "[Enjoy the pasta|Enjoy your dinner|I hope the pasta hits the spot].",
        (
            (
                "[How much|How much dry] pasta [should I cook|do I need] per person?",
                "About seventy-five to a hundred grams of dry pasta per person for a main, a little less if there is [bread|a salad] on the side.",
            ),
        ),
        hours=LATE_DAY,
    ),
    _aside(
        "salty-soup",
        "salty soup salt",
        (
            "I've [overdone|put too much] salt in [a|my|the] soup[, so|,|;] [can I rescue it|is there any way to fix it|can it be saved]?",
            "[oh dear,|] my soup is [far too|way too|really] salty[, what can I do| and I don't want to bin it|, any way back from that]?",
            "is there a way to [fix|save|rescue] soup that's [too salty|oversalted]?",
        ),
        (
            "The [surest|most reliable] fix is to [dilute it|make more of it]: add [unsalted stock|water] and more of the [vegetables|other ingredients], then [simmer|cook] it a bit more. A squeeze of lemon or a splash of vinegar also [makes the salt less noticeable|balances the salt].",
            "Add more of [everything but the salt|the soup's unsalted parts]: water or [low-salt|unsalted] stock, [a tin of tomatoes|extra vegetables|a handful of lentils]. The old potato trick [does very little|barely helps], but [a spoon of cream or yoghurt|a little acid] can [soften|round off] what is left.",
        ),
        "[Good luck with the soup|I hope the soup comes back from the brink|Enjoy the soup].",
        hours=(10, 24),
        follow_ups=(
            (
                "[And if|What if] it's still too salty after that?",
                "Serve the soup with something unsalted alongside, [like plain rice|such as plain bread] or a spoon of yoghurt, and [nobody will notice|the salt will hardly show]. [Next time|In future], salt [at the end|only once it's cooked down], since soup gets saltier as it reduces.",
            ),
        ),
    ),
    _aside(
        "avocado",
        "avocado avocados",
        (
            "how can I [ripen|soften] an avocado [faster|quickly][, because mine is rock hard| when it's like a stone|]?",
            "[what's|what is] the [quickest|surest] way to ripen [hard|rock-hard] avocados?",
        ),
        (
            "Put the avocado in a paper bag with a [banana|ripe banana] and [leave it|keep it] at room temperature. The [fruit gives off|banana gives off] a gas that speeds ripening, so it is often ready in a day or two.",
            "[Keep|Leave] avocados out of the fridge [in a fruit bowl|somewhere warm] [next to|beside] bananas, or [close them up|seal them] in a paper bag with one. Once they give [slightly|a little] when pressed, [transfer them to|put them in] the fridge to hold them there.",
        ),
        "[Enjoy the avocados|I hope they ripen in time].",
        kind="do",
        follow_ups=(
            (
                "[And|But] how do I stop a cut avocado going brown?",
                "[Leave the stone in|Keep the stone in the half you're saving], brush the cut avocado with lemon or lime juice, and press cling wrap right onto the surface before [it goes in the fridge|you chill it].",
            ),
        ),
    ),
    _aside(
        "roast-potatoes",
        "potatoes potato",
        (
            "how do I get [properly|really] crispy roast potatoes?",
            "my roast potatoes [are always|keep coming out] [soggy|pale|a bit flabby][, so|,|;] [any tips|what am I missing|where am I going wrong]?",
            "[what's|what is] the secret to [good|crunchy] roast potatoes?",
        ),
        (
            "[Parboil|Boil] the potatoes for [about eight|eight to ten] minutes, drain them and [shake them in the pan|rough them up in the colander] so the edges go fluffy. Then tip them into [fat that is already very hot|smoking hot oil] and roast at about two hundred degrees, turning once.",
            "Three things [make crisp potatoes|matter]: [a floury variety of potato|floury potatoes], a [good|proper] shake after parboiling to rough up the outsides, and fat that is [hot before they go in|already sizzling]. [Don't crowd the tray|Give them space on the tray], or they steam instead of crisp.",
        ),
        "[Enjoy the potatoes|Here's to crunchy potatoes|Enjoy the roast].",
        hours=(9, 22),
        follow_ups=(
            (
                "[Which|What] fat should I roast them in?",
                "Goose or duck fat gives the crunchiest potatoes, beef dripping comes close, and [rapeseed|sunflower] oil is fine if you'd rather keep them vegetarian. [Whatever you use|Whichever you pick], heat it in the tin first.",
            ),
        ),
    ),
    _aside(
        "onions",
        "onion onions",
        (
            "how do you [chop|cut] onions without [crying|your eyes streaming]?",
            "[is there a|any] trick to [stop|stopping] onions making me cry?",
        ),
        (
            "[A really sharp knife|A very sharp knife] [helps most|is the biggest help], because it crushes fewer cells. Chilling the onion for [ten|twenty] minutes first and [leaving the root end on|cutting the root off last] cuts down the [sting|fumes] too.",
            "Chill the onion in the fridge [first|for a bit], keep the root end on [until last|while you chop], and chop with a sharp knife. [Standing near an open window|A fan nearby] also [helps|carries the fumes away].",
        ),
        "[Good luck with the onions|Here's to dry eyes].",
    ),
    _aside(
        "buttermilk",
        "buttermilk",
        (
            "[my recipe|the recipe I'm using] [wants|needs|calls for] buttermilk and I haven't got any[, so|,|;] [can I swap it for something|what can I use instead]?",
            "what's a [good|decent] substitute for buttermilk [in baking|in pancakes|in a cake]?",
        ),
        (
            "Stir a tablespoon of lemon juice or [white|malt] vinegar into a mug of milk and [leave it|let it stand] for ten minutes. It thickens [slightly|a little] and [behaves just like|stands in well for] buttermilk [in most recipes|for baking].",
            "[Thin some|Loosen some] plain yoghurt with milk, [about|roughly] three parts yoghurt to one of milk, and [use it|swap it in] one for one for the buttermilk. Milk soured with lemon juice [is fine|will do] too.",
        ),
        "[Enjoy the baking|Happy baking|I hope it turns out well].",
    ),
    _aside(
        "leftover-chicken",
        "chicken",
        (
            "how long does cooked chicken [keep|last|stay good] in the fridge?",
            "I've got [leftover|some cooked] chicken from [the weekend|a roast][, so|,|;] [how long is it good for|is it still all right to eat|how long can it sit in the fridge]?",
            "[is cooked chicken still|would cooked chicken still be] safe to eat after a few days in the fridge?",
        ),
        (
            "[Cooked|Leftover] chicken keeps for [up to|about] three days in the fridge if it went in within a couple of hours of cooking. [After that|Past that], freeze it or throw it out, and reheat it until it is piping hot.",
            "The [usual|standard] advice for cooked chicken is two to three days in a [cold|properly cold] fridge, kept covered. If you [won't|can't] get through it by then, [it freezes well|freeze it in portions] for [a couple of months|up to three months].",
        ),
        "[Enjoy the leftovers|Hope the chicken goes a long way].",
        follow_ups=(
            (
                "[Can I|Is it all right to] freeze [it|the leftovers] instead?",
                "Yes, cooked chicken freezes well for up to three months. Thaw it in the fridge overnight and reheat it [until it's piping hot|until it's steaming all the way through], and only reheat it once.",
            ),
        ),
        kind="know",
    ),
    _aside(
        "stale-bread",
        "bread loaf",
        (
            "[what can I do|any ideas what to do] with [a|half a] loaf that's going stale?",
            "[is|can] stale bread [any good for anything|be used for anything][, because I hate throwing it out| so I don't have to bin it|]?",
        ),
        (
            "[Lots|Plenty]: blitz it into breadcrumbs and freeze them, [cut it into cubes for croutons|toast cubes of it in oil for croutons], or make a bread and butter pudding. Slightly stale bread also makes [lovely|excellent] eggy bread.",
            "Stale bread is [ideal|perfect] for [croutons|breadcrumbs], a panzanella salad, or eggy bread, because it soaks up [egg|dressing] without going soggy. [If you'd rather|To] just [freshen|revive] the loaf, [run it briefly under the tap|splash it with water] and give it five minutes in a hot oven.",
        ),
        "[Enjoy whatever you make with it|Good luck with the bread].",
        follow_ups=(
            (
                "How do I stop bread going stale so fast [in the first place|next time]?",
                "Keep bread in a bread bin or a paper bag at room temperature, not the fridge, which [stales it faster|dries it out faster]. [Freeze half the loaf sliced|Slice and freeze what you won't eat in two days] and toast it from frozen.",
            ),
        ),
    ),
    _aside(
        "defrost-mince",
        "mince",
        (
            "[I forgot to|I didn't] take the mince out of the freezer[, so|,|;] [can I|how do I] defrost it [quickly|safely in a hurry]?",
            "[what's|what is] the safest way to defrost mince [fast|quickly]?",
        ),
        (
            "[Use|Try] the defrost setting on the microwave [for the mince|to thaw the mince] in short bursts, [breaking it up|turning it] as it softens, and cook it straight away. Or seal it in a bag and sit it in cold water, changing the water every half hour.",
            "In a sealed bag under cold water, mince [thaws|defrosts] in about an hour for a small pack; [change the water every half hour|keep the water cold]. Never leave it out on the side, and cook it [the same day|as soon as it is thawed].",
        ),
        "[Enjoy your dinner|Hope dinner is only a little late].",
        hours=LATE_DAY,
    ),
    # ---- travel
    _aside(
        "jet-lag",
        "jet lag",
        (
            "any [tips|advice] for [beating|dealing with|getting over] jet lag?",
            "I'm flying [east|a long way east] [soon|shortly] and jet lag always [floors me|wipes me out][, so what|, what|; what] [helps|actually helps]?",
            "how do you [get over|shake off] jet lag [faster|quickly]?",
        ),
        (
            "[Shift|Nudge] your bedtime an hour a day for a few days before you go, [which softens jet lag,|to get a head start on jet lag,] and once there get [daylight|outdoor light] in the morning and [stay up|keep going] until a normal local bedtime. Drink plenty of water and [go easy on|avoid] alcohol on the journey.",
            "Daylight is the [strongest|most powerful] reset for jet lag: get outside in the morning [at the other end|after you land], eat at local times, and [keep naps short|nap for no more than twenty minutes] on the first day. [It usually settles|Most people adjust] at about a day per time zone.",
        ),
        "[Have a good trip|Safe journey|I hope you adjust quickly].",
        follow_ups=(
            (
                "[Does melatonin help with jet lag|Is melatonin worth trying for jet lag|Does melatonin actually help]?",
                "[Some people find it helps with jet lag|It helps some people with jet lag|It can take the edge off jet lag for some people], but [it is worth asking a pharmacist first|check with a pharmacist before trying it|ask a pharmacist whether it suits you]. [Light and meal times|Daylight and regular meals|Morning light and local meal times] [matter more|count for more|do more] either way.",
            ),
        ),
    ),
    _aside(
        "hand-luggage",
        "luggage pack bag bags clothes",
        (
            "how do I [fit|get] a week's worth of [clothes|stuff] into [hand luggage|a small cabin bag]?",
            "[any|got any] [tips|tricks] for [going away|getting about] with hand luggage only?",
            "I want to [go away|take a trip] with just a small bag[, so|,|;] how do I pack [light|it so everything fits|the clothes]?",
        ),
        (
            "Roll your clothes instead of folding them, [plan outfits|pick clothes] around two or three colours so everything [mixes|goes together], and wear the [bulkiest|heaviest] things on the journey. Small zip bags [keep everything tidy|squash things down] [too|as well].",
            "[Limit yourself to|Pack] three tops, two bottoms and one pair of [spare|extra] shoes, and plan to wash [a few things|something] once. Liquids [go|need to go] in the clear bag, so [decant|pour] them into small bottles.",
        ),
        "[Have a good trip|Enjoy the light luggage|Safe journey].",
    ),
    _aside(
        "seasick",
        "seasick seasickness sickness queasy",
        (
            "I get [terribly|really|awfully] seasick[, so|,|;] [any|is there any] way to [stop|avoid] it on [a|the] ferry?",
            "how do you [avoid|cope with] [motion sickness|feeling queasy] on a [ferry|long crossing|choppy crossing]?",
        ),
        (
            "Sit [in the middle of the ferry|midship] and low down, where it rocks least, and keep your eyes on the horizon, which [calms|eases] seasickness. [Fresh air|Being on deck] helps, and [a chemist can recommend tablets to take before you set off|tablets from the chemist can be taken an hour before]. [Ginger biscuits help some people|Ginger is worth a try] too.",
            "Motion sickness [comes from|is] your eyes and inner ear disagreeing, so [look at|watch] the horizon [rather than|instead of] a screen or page. [Choose|Pick] a seat low and central, eat something light beforehand, and [ask a pharmacist about|consider] anti-sickness tablets.",
        ),
        "[I hope the crossing is calm|Fingers crossed for a smooth crossing].",
    ),
    _aside(
        "passport",
        "passport",
        (
            "how long [before a trip|in advance] should I [renew|sort out] my passport?",
            "my passport [runs out|expires] [soon|in a few months][, so|,|;] [is that a problem|do I need to renew it] before I go [abroad|away]?",
        ),
        (
            "[Check the rules|Look at the entry rules] for where you are going: many countries want at least three to six months left on the passport [after|beyond] your return date. Renewal [usually takes|can take] a few weeks, so [apply|start] well [ahead|in advance].",
            "If it [expires|runs out] within six months of your trip, renew it now. Some [countries|places] refuse entry [on|with] a passport that close to its end date, and [the renewal|renewing] can take several weeks at busy times.",
        ),
        "[I hope it all goes smoothly|Good luck with the forms|Have a lovely trip].",
    ),
    _aside(
        "train-journey",
        "train trains journey",
        (
            "I've got a [really|] long train journey [coming up|soon][, so|,|;] what should I [take|bring] to make it [less dull|bearable|pleasant]?",
            "how do you [make|keep] a long train journey [comfortable|from dragging]?",
        ),
        (
            "[Bring|Pack] your own [water and snacks|food and a bottle of water], a charger [and a spare battery pack|with a long lead], headphones and something downloaded to [watch|listen to], since the signal [drops|comes and goes]. [A scarf or jumper|A layer] helps too, because trains run [cold|chilly].",
            "[Reserve a seat|Pick a window seat] if you can, [take|bring] [a flask|water] and [decent|proper] food, and download [podcasts|a few episodes] before you leave. [Getting up|A stroll] to the buffet [every hour or so|now and then] [breaks the journey up|helps your legs on a long journey].",
        ),
        "[Enjoy the journey|Have a good journey|Safe journey].",
    ),
    _aside(
        "cash-abroad",
        "cash card",
        (
            "should I take cash [abroad|with me overseas] or just use my card?",
            "[what's|what is] the cheapest way to pay [abroad|when I'm overseas], card or cash?",
        ),
        (
            "A card with no foreign transaction charges is usually cheapest, and [always pay|choose to pay] in the local currency [when a cash point asks|if a card reader offers a choice]. [Carry|Keep] a little local cash for [small cafes|tips and little places] [as well|too].",
            "[Mostly card|Card for most things], as long as [yours|your card] does not charge for foreign spending. [Decline|Say no to] the offer to pay in pounds, because the rate is worse, and take out [a small amount of|some] cash [on arrival|when you get there] for places that won't take cards.",
        ),
        "[Have a lovely trip|Enjoy the trip].",
        kind="do",
    ),
    # ---- health, common sense only
    _aside(
        "sleep",
        "sleep asleep sleepy",
        (
            "I [can't|keep failing to] [get to sleep|fall asleep] [lately|these days][, so|,|;] [any tips|what helps|what can I do about it]?",
            "how do I [wind down|switch off] so I can [sleep|fall asleep] [properly|faster]?",
            "[what|is there anything that] [actually|really] helps you fall asleep?",
        ),
        (
            "Keep the same [wake-up time|time to get up] every day, [even at weekends|weekends too], and put screens away [for|about] an hour before bed. If you are still awake after twenty minutes, [get up|leave the bed] and do something dull until you feel sleepy.",
            "A [cool|cooler], dark room, no caffeine after [lunch|midday], and a [short|set] routine [before bed|at bedtime] all help you fall asleep. [If it goes on for weeks|If it carries on], it is worth [talking to|mentioning to] a doctor.",
        ),
        "[I hope you sleep better soon|Here's to better sleep].",
        follow_ups=(
            (
                "[Is it bad|Is it a mistake] to nap in the day?",
                "A short nap of about twenty minutes before mid-afternoon is fine, but a big nap late in the day makes it harder to [sleep|fall asleep] at night.",
            ),
        ),
    ),
    _aside(
        "hiccups",
        "hiccups",
        (
            "how do you [get rid of|stop] hiccups[, because I've had them for ages| when they won't go away|]?",
            "[any|is there a] [cure|trick] for hiccups that actually [helps|does anything]?",
        ),
        (
            "[Try sipping|Slowly sip] a glass of cold water without [stopping|a pause], or hold your breath for [a count of ten|a slow count of ten] and breathe out slowly. Hiccups [nearly always|almost always] stop on their own within [a few minutes|minutes] anyway.",
            "Breathing into [cupped hands|a paper bag] for a minute or [swallowing|eating] a [spoonful|teaspoon] of sugar [often stops|can stop] hiccups, because both reset the [breathing|diaphragm] rhythm.",
        ),
        "[I hope they've stopped by now|Fingers crossed they stop soon].",
        follow_ups=(
            (
                "[Why do we|What makes us] get hiccups [anyway|in the first place]?",
                "Hiccups are sudden spasms of the diaphragm, [often set off by|usually triggered by] eating fast, fizzy drinks, or a sudden change in temperature.",
            ),
        ),
    ),
    _aside(
        "sore-throat",
        "throat",
        (
            "I've got a [scratchy|sore] throat [starting|coming on][, so|,|;] [what helps|what should I do|anything that helps]?",
            "[what's|what is] good for a sore throat?",
        ),
        (
            "Warm drinks, [honey and lemon|honey in hot water], and plenty of rest. Gargling with warm salty water [eases|soothes] a sore throat, and [throat sweets|lozenges] help [too|for a while]. If it lasts more than a week, [see|ask] a doctor.",
            "[Keep sipping|Sip] warm [drinks|water], [try|have] honey and lemon, and gargle with salt water a few times a day. [Most|A] sore throat clears in about a week; a high [fever|temperature] or trouble swallowing [is a reason|means it's time] to see a doctor.",
        ),
        "[I hope you feel better soon|Get well soon|Look after yourself].",
        follow_ups=(
            (
                "Can I still exercise with a sore throat?",
                "If it's a mild sore throat with no fever, gentle exercise is [usually fine|generally fine]. Rest instead if you feel achy, shivery or feverish.",
            ),
        ),
    ),
    _aside(
        "sunburn",
        "sunburn sunburnt burn",
        (
            "I've [caught the sun|got sunburnt][, so|,|;] what's [good|helpful] for sunburn?",
            "how do I [soothe|calm] sunburn?",
        ),
        (
            "Cool the [burn|sunburn] with a cool shower or damp cloth, then [use|put on] aloe vera or an after-sun [lotion|moisturiser]. Drink [extra|plenty of] water, stay out of the sun, and [don't pop any blisters|leave any blisters alone].",
            "For mild sunburn: cool [showers|compresses], a [fragrance-free|plain] moisturiser or aloe, loose clothes, and [lots of|plenty of] water. [See a doctor|Get it checked] if it blisters badly or you feel [unwell|feverish].",
        ),
        "[I hope it calms down soon|Feel better soon].",
        hours=(9, 24),
        months=WARM_MONTHS,
    ),
    _aside(
        "screen-eyes",
        "eyes screen screens",
        (
            "my eyes [get|feel] [tired|sore|strained] after a day at the screen[, so|,|;] [anything I can do|any tips|what helps]?",
            "how do I [stop|avoid] eye strain from [screens|looking at a screen all day]?",
        ),
        (
            "[Try|Use] the twenty-twenty-twenty rule: every twenty minutes look at something about twenty feet away for twenty seconds. Keep the screen about an arm's length away and [blink|remember to blink] more than you think you need to.",
            "[Lower|Turn down] the screen brightness to match the room, set it an arm's length away and slightly below eye level, and [look away|rest your eyes] [every twenty minutes|regularly]. If the strain keeps up, an eye test is worth [arranging|having].",
        ),
        "[I hope your eyes get a rest|Look after those eyes].",
    ),
    # ---- money
    _aside(
        "budget",
        "budget spending",
        (
            "how do I [start|set up] a [simple|basic] monthly budget?",
            "I [never|can't] [keep track of|see] where my [spending|pay] goes[, so|,|;] how do I [start|set up] a budget?",
            "[what's|what is] the easiest way to budget [without a spreadsheet|if I'm hopeless with numbers]?",
        ),
        (
            "List what [has to|must] go out each month first, [rent, energy, food|essentials like rent and food], then budget a [rough|fixed] amount for everything else. A [common|popular] starting point is half on needs, [three tenths|thirty per cent] on wants and a fifth on saving.",
            "Look back at [last month's|two months of] statements and [sort|group] the spending into a few [categories|groups]. Then [give|set] each one a limit, and [check in|look] once a week rather than once a month so [nothing creeps up|it stays on track].",
        ),
        "[Good luck with the budget|I hope the budget sticks].",
        follow_ups=(
            (
                "Should I use an app or a notebook for the budget?",
                "Whichever you'll keep looking at: an app that sorts spending into categories saves effort, but a notebook is fine for a budget if you check it [every week|weekly].",
            ),
        ),
    ),
    _aside(
        "heating-costs",
        "heating thermostat",
        (
            "how can I [cut|bring down] what I spend on heating [at home|without freezing]?",
            "[is it cheaper|does it save anything] to leave the heating on low all day?",
        ),
        (
            "Heating only when you need it [uses less energy|is cheaper] than keeping it on low all day. [Turn|Knock] the thermostat down a degree, [close curtains at dusk|draw the curtains when it gets dark], and [block draughts|seal draughts] under doors.",
            "[Turning|Setting] the thermostat down by one degree [saves|cuts] a noticeable amount over a winter. [Use|Set] a timer so the heating comes on only [when you're home|in the mornings and evenings], and [stop draughts|fit draught excluders] at doors and windows.",
        ),
        "[Stay warm|I hope the next statement looks better].",
        months=COLD_MONTHS,
        follow_ups=(
            (
                "What temperature should the thermostat be on?",
                "[Somewhere between|Anywhere from] eighteen and twenty-one degrees suits most homes. Try turning the thermostat down one degree at a time until you notice, then go back up one.",
            ),
        ),
    ),
    _aside(
        "subscriptions",
        "subscriptions subscription",
        (
            "I think I'm paying for too many subscriptions[, so|,|;] how do I [sort them out|trim them down]?",
            "[what's|what is] a [good|sensible] way to [cut back on|go through] my subscriptions?",
        ),
        (
            "Go through [your statements|two months of statements] and list every [regular payment|subscription]. Cancel any subscription you have not used [in a month|lately], and [rotate|take turns with] the streaming ones, one at a time.",
            "[Make a list of|List] each subscription with what it costs a year, not a month; the [yearly figure|annual cost] makes it easier to [decide|see] what is worth keeping. [Many|Most] let you pause rather than cancel.",
        ),
        "[Good luck with the clear-out|Enjoy the savings].",
    ),
    _aside(
        "saving-goal",
        "save saving saved",
        (
            "how do I [actually|finally] save [for something|up for something big] when there's never anything left [at the end of the month|over]?",
            "[any|got any] tips for saving [regularly|a bit every month]?",
        ),
        (
            "[Save first|Pay yourself first]: set up a standing order [to a separate account|into a separate pot] for the day after payday, [so the saving happens before you can spend it|so you never see it]. Even a small amount saved adds up [over a year|month by month].",
            "Decide on [the goal and|a target and] a date, divide it into a monthly amount, and [automate it|have it go out automatically] on payday. Keeping the saving somewhere [you can't spend from with a card|out of sight] [makes it much easier|helps a lot].",
        ),
        "[Good luck with the saving|I hope the pot fills up nicely].",
    ),
    # ---- tech help
    _aside(
        "slow-laptop",
        "laptop",
        (
            "my laptop has got [really|painfully] slow[, so|,|;] [is there anything|anything] I can [try|do] [before I give up on it|myself]?",
            "how do I [speed up|perk up] an old laptop [that's got sluggish|]?",
        ),
        (
            "Restart it [properly|fully] first, then [check|look at] what starts up with the laptop and turn off anything you don't need. [Free up|Clear] disk space if it is nearly full, and [make sure updates are done|install any pending updates].",
            "[See|Check] which programs are using the most memory and close or remove the ones you don't use. A [nearly full|full] drive slows a laptop [badly|a lot], so [clear out|delete] [old downloads|big old files]; if it still crawls, more memory or a solid-state drive [usually|often] helps.",
        ),
        "[I hope the laptop perks up|Good luck with the laptop].",
        follow_ups=(
            (
                "[Would|Is] a new laptop [be worth it|worth it] instead?",
                "If it's over six or seven years old and still crawls after a clean-up, probably. Otherwise a solid-state drive often gives an old laptop [years more life|a few more good years] for far less.",
            ),
        ),
    ),
    _aside(
        "password",
        "password passwords",
        (
            "how do I [make|come up with] a [strong|good] password I can [actually|still] remember?",
            "[what|what actually] makes a password [strong|safe|hard to guess]?",
        ),
        (
            "[Use|String together] three or four random words, like something you could picture, [rather than|instead of] a single word with symbols. Length matters more than [odd characters|symbols], and [use a different password for every account|never reuse a password].",
            "A password manager is the [easiest|simplest] answer: it makes and remembers a long random password for each site, so you only remember one. For that [main|one] password, [use|pick] several random words together.",
        ),
        "[Stay safe online|Good luck with the passwords].",
        follow_ups=(
            (
                "[Should I|Is it worth it to] turn on [two-factor|second-factor] [login|sign-in] as well?",
                "[Yes, wherever it is offered|Definitely, on every account that offers it|Yes, it is well worth it], [especially|above all|most of all] for email. Even if a password leaks, [no one|nobody] can get in without the [code from your device|second check].",
            ),
        ),
    ),
    _aside(
        "printer",
        "printer",
        (
            "my printer keeps [saying it's offline|showing as offline][, so|,|;] how do I [fix|sort] it?",
            "[why does my printer [keep dropping off|keep disappearing from]|how come my printer [keeps dropping off|keeps disappearing from]] the wireless?",
        ),
        (
            "Turn the printer and the [laptop|computer] off and on again, then check the printer is on the same wireless network. If it still shows offline, remove the printer [from the computer's settings|from your devices] and add it again.",
            "Printers often drop off the network after the router restarts or when they [go into deep sleep|doze off to save power]. Restart the printer, [reconnect it to the wireless from its own menu|rejoin the network from the printer's screen], and [turn off its sleep mode|switch off its power saving] if it keeps [happening|dropping].",
        ),
        "[I hope the printer behaves|Good luck with the printer].",
        follow_ups=(
            (
                "[And what if|What if] it still won't connect?",
                "Plug the printer into the computer with a cable to print what you need, then reinstall its driver from the maker's website and set up the wireless again [from scratch|from the start].",
            ),
        ),
    ),
    _aside(
        "photos-backup",
        "photos backup",
        (
            "[what's|what is] the [simplest|easiest] way to back up [my|all my] photos?",
            "I've got [years|thousands] of photos [on one device|in one place] and no backup[, so|,|;] [where do I start|how do I keep them safe]?",
        ),
        (
            "Keep [two|at least two] copies [in different places|apart]: turn on a cloud [backup|photo backup] and [copy them|also copy them] to an external drive [every few months|now and then]. Check [that a few photos|that the copies] open properly [once it's done|when it finishes].",
            "[Start|Begin] with an external drive and copy the photos [across|over] in one go, then switch on automatic cloud backup for new ones. [Two copies in two places|Having one copy at home and one online] is [the rule to aim for|what keeps them safe].",
        ),
        "[I hope the photos are safe and sound|Good luck with the backup].",
    ),
    _aside(
        "inbox",
        "inbox email emails",
        (
            "my inbox is [out of control|overflowing][, so|,|;] how do I [get on top of|clear] it?",
            "[any|got any] [tips|tricks] for [managing|keeping on top of] email?",
        ),
        (
            "Archive everything older than a month in one go, then unsubscribe from [the newsletters|newsletters] as they arrive. [After that|Then], [handle|deal with] each email once: reply, archive, or [file|put] it in a single to-do folder.",
            "Set up a [filter|rule] that [files|sends] newsletters and receipts into their own folder, and [check|look at] email at set times instead of all day. [Anything|Any email] that takes less than two minutes, [answer it straight away|deal with immediately].",
        ),
        "[Good luck with the inbox|Here's to inbox zero].",
        follow_ups=(
            (
                "What about the emails I [actually|really] need to keep?",
                "Make one folder for anything you need to keep, like receipts or letters, and let every other email [sit|stay] in the archive, where search [finds|will find] it in seconds.",
            ),
        ),
    ),
    # ---- errands and home
    _aside(
        "wine-stain",
        "stain",
        (
            "I've [spilt|knocked over] red wine on the [carpet|rug][, so|,|;] how do I get the stain out?",
            "[what's|what is] the [easiest|surest] way to [get|lift] a red wine stain out of [carpet|a rug]?",
        ),
        (
            "Blot it, don't rub, [with paper towels|with a clean cloth] to lift as much as you can. Then dab the stain with cold water and a [drop|little] of detergent, [blotting again|and keep blotting] until it [stops coming up|fades].",
            "[Act fast|Be quick]: blot up [the wet|what you can], then [sprinkle|cover] the stain with bicarbonate of soda or salt to draw it out and [vacuum|hoover] it up once dry. [Avoid|Don't use] hot water, which [sets|fixes] the stain.",
        ),
        "[I hope the stain comes out|Good luck with the carpet].",
        hours=(10, 24),
        follow_ups=(
            (
                "What if the stain has already dried?",
                "An old red wine stain can often still be lifted: dampen it, dab on a carpet stain remover [or a little hydrogen peroxide|], test a hidden patch first, and blot it [away|out] [gradually|bit by bit].",
            ),
        ),
    ),
    _aside(
        "receipt",
        "receipt refund",
        (
            "can I [return|take back] something [without|if I've lost] the receipt?",
            "[I've lost|I can't find] the receipt for something [faulty|I bought][, so|,|;] [can I still get a refund|is a refund still possible]?",
        ),
        (
            "Often yes, if you have other proof of purchase, [such as|like] a card statement showing the payment. [For a faulty item|If it is faulty] you have rights even without the receipt; [for|with] a change of heart, it [depends on|is up to] the [seller's|retailer's] policy.",
            "[A|Your] card statement usually counts as proof of purchase, so take that [with you|along]. A faulty item is covered by your [consumer|legal] rights [regardless|anyway]; a refund for simply changing your plans [is at|depends on] the [retailer's|store's] discretion.",
        ),
        "[I hope they sort it out|Good luck getting it sorted].",
        kind="know",
    ),
    _aside(
        "condensation",
        "condensation windows",
        (
            "I get [loads of|a lot of] condensation on the windows every morning[, so|,|;] how do I stop it?",
            "[what can I do about|how do I deal with] condensation on [bedroom|the] windows?",
        ),
        (
            "[Open|Crack open] a window [for a bit|for ten minutes] in the morning, [use|run] extractor fans when cooking and showering, and [avoid drying|try not to dry] clothes indoors [without ventilation|with the windows shut]. [Wipe|Dry] the windows [down|off] each morning so mould can't [take hold|start].",
            "Condensation is [moist|damp] air hitting cold glass, so [ventilate|air the rooms] and keep the heating [steady|at a low, even level]. A dehumidifier [helps a lot|makes a big difference] if the windows are [streaming|wet] every day.",
        ),
        "[I hope the windows stay clear|Good luck with the damp].",
        months=COLD_MONTHS,
    ),
    _aside(
        "squeaky-hinge",
        "hinge door squeak squeaky",
        (
            "a door [at home|in my bedroom|upstairs] squeaks [every time|whenever] it opens[, so|,|;] how do I [stop|quieten] it?",
            "[what's|what is] the [quickest|easiest] fix for a squeaky door hinge?",
        ),
        (
            "[Put|Spray] a little [silicone spray|light oil] on the hinge, then open and close the door a few times to spread it. [Wipe off the excess|Wipe any drips] so it doesn't [mark|spoil] the [paint|floor].",
            "[Tap|Ease] the hinge pin up, [wipe|rub] it with [petroleum jelly|a little oil or even a candle], and push it back. The squeak [usually|normally] goes [at once|straight away].",
        ),
        "[Enjoy the quiet|Here's to a silent door].",
        hours=DAYTIME,
    ),
    _aside(
        "kettle-limescale",
        "kettle limescale",
        (
            "my kettle is [full of|furred up with] limescale[, so|,|;] how do I [clean|sort] it?",
            "[what's|what is] the [easiest|simplest] way to descale a kettle?",
        ),
        (
            "Fill the kettle [halfway|half full] with equal parts water and white vinegar, [boil it|bring it to the boil] and leave it for an hour. Rinse it well and boil it once with clean water [before you use it|to get rid of the taste].",
            "[Citric acid|Lemon juice] [does it well|is just as good]: a [couple of|few] spoonfuls in a kettle of water, boiled and left for half an hour, [lifts|dissolves] the limescale. Then rinse it and boil it once with fresh water.",
        ),
        "[Enjoy the clean kettle|Enjoy the next cup of tea].",
        follow_ups=(
            (
                "How often should I descale [it|the kettle]?",
                "Every month or so in a hard water area, every few months in a soft one. [Once you see|When you spot] white flakes or a chalky crust in the kettle, it's time.",
            ),
        ),
    ),
    _aside(
        "fruit-flies",
        "flies",
        (
            "I've got [loads of|a plague of] fruit flies [indoors|everywhere|round the fruit bowl][, so|,|;] how do I get rid of them?",
            "[how do you|what's the trick to] [trap|get rid of] fruit flies?",
        ),
        (
            "[Make|Set] a trap: a [small bowl|jar] of vinegar with a drop of detergent, which [breaks|stops] the surface so the flies sink. Then [clear away|take away] [ripe fruit|whatever they're feeding on] and [empty the food bin|take the compost out] [more often|daily].",
            "Find [the source|where they breed] first: [overripe fruit|old fruit], the food bin, or a [drain|sink plughole]. [Clear that|Clean that out], and a jar of vinegar covered in cling wrap with a few holes [will catch|catches] the rest of the flies.",
        ),
        "[Good luck with the flies|I hope they're gone soon].",
        follow_ups=(
            (
                "Why do they keep coming back?",
                "Fruit flies breed fast, so a few eggs left on fruit or in the bin start the cycle again. Keep [a trap|the traps] out for a couple of weeks after the last fly [and the flies stop|and they die out].",
            ),
        ),
    ),
    # ---- plants and outdoor
    _aside(
        "basil",
        "basil",
        (
            "[why does my basil [always die|keep dying|wilt]|how come my basil [always dies|keeps dying|wilts]] [so fast|within a week]?",
            "how do I keep a [supermarket|pot of] basil alive?",
        ),
        (
            "Supermarket basil is [lots of|dozens of] seedlings crammed into one pot, so [split it|divide it] into three or four smaller pots. Give the basil a sunny windowsill, water it from below, and [pinch off|pick] the tops rather than [whole stems|single leaves].",
            "Basil [likes|loves] warmth and light and hates cold, wet roots. [Water it|Water] only when the top of the soil is dry, [tip away|empty] any water left in the saucer, and [harvest|pick] from the top so it [bushes out|grows bushy].",
        ),
        "[Enjoy the basil|I hope the basil thrives].",
    ),
    _aside(
        "houseplant-water",
        "plant plants houseplant houseplants",
        (
            "how often should I [water|be watering] [houseplants|my houseplants|indoor plants]?",
            "I [think I'm|might be] overwatering my [houseplants|plants][, so|,|;] how [do I|can I] [know|tell]?",
        ),
        (
            "[Push|Stick] a finger into the soil: if the top [few centimetres|inch or so] are dry, water the plant; if it's damp, wait. Most houseplants [need|want] less water in winter, and [yellow, soft leaves|yellowing leaves] often mean too much.",
            "[There's no fixed schedule|It depends on the plant]: [check|feel] the soil and water when it is dry near the top. Make sure [every pot|the pots] can drain, because sitting in water [rots|kills] more plants than [thirst|drying out] does.",
        ),
        "[Good luck with the plants|I hope the plants perk up].",
        follow_ups=(
            (
                "Should I water [them|the plants] less in winter?",
                "Yes, most houseplants grow slowly in winter and need [roughly half as much|much less] water, so check the soil rather than watering on a schedule.",
            ),
        ),
    ),
    # ---- pets
    _aside(
        "cat-scratching",
        "cat",
        (
            "my cat keeps scratching the [carpet|stairs|armchair][, so|,|;] how do I [stop|discourage] it?",
            "how do I [get|train] a cat to use a scratching post?",
        ),
        (
            "Put a [tall, sturdy|solid] scratching post right next to the spot the cat [likes|uses], rub a little catnip on it, and [reward|praise] the cat when it uses it. [Cover|Protect] the favourite spot with [double-sided tape|a throw] for a few weeks until the habit shifts.",
            "Cats scratch to [mark their patch|mark territory] and keep claws [healthy|in shape], so give the cat a [better|more tempting] place rather than [a telling-off|scolding]. A post that's tall enough to stretch on, [placed|put] by the spot it scratches now, [usually wins|tends to win].",
        ),
        "[Good luck with the cat|I hope the carpet survives].",
        follow_ups=(
            (
                "Should I trim its claws as well?",
                "Trimming just the tips every few weeks [limits the damage|helps], but only cut the clear tip, never the pink part. [Ask at a pet clinic|Get someone experienced] to show you [the first time|once] if the cat isn't used to it.",
            ),
        ),
    ),
    # ---- exercise
    _aside(
        "stretching",
        "stretch stretching stretches",
        (
            "should I stretch before or after [exercise|a jog|a workout]?",
            "[what|which] stretches should I do [before and after|around] [a jog|exercise]?",
        ),
        (
            "[Before|Ahead of] exercise, [a few minutes of dynamic warm-ups|gentle dynamic stretches] like leg swings and lunges [suit you better|are the right choice]; save the slow, held stretches [for after|for the end], when the muscles are warm, and hold each for about thirty seconds.",
            "After [a jog|exercise], stretch your calves, hamstrings, [quads|the front of your thighs] and hips, holding each stretch for thirty seconds [without bouncing|and breathing slowly]. [Beforehand|Before you start], [keep it to|do] a short dynamic warm-up instead.",
        ),
        "[Enjoy the exercise|Have a good jog].",
        kind="know",
    ),
    _aside(
        "blisters",
        "blister blisters",
        (
            "I keep getting blisters [from|in] my [new|] trainers[, so|,|;] [any tips|how do I stop them|what can I do]?",
            "how do I [stop|prevent] blisters [on my heels|when I'm on my feet all day|from new shoes]?",
        ),
        (
            "[Wear|Switch to] [proper|thin] sports socks that wick sweat away, and [break new shoes in|get new shoes used to your feet] [gradually|on short outings first]. A blister plaster or tape on [the spot that rubs|a hot spot] [before it blisters|at the first sign of rubbing] [stops most blisters forming|heads the blister off].",
            "Blisters come from friction and damp, so [moisture-wicking socks|socks that keep feet dry] and shoes that fit [snugly at the heel|well] [prevent most of them|stop most blisters]. [Lace the shoes|Tie your laces] so your heel can't slide, and [tape|cover] any [spot|place] that [rubs|starts to feel hot] straight away.",
        ),
        "[I hope your feet recover quickly|Look after those feet].",
    ),
    _aside(
        "blister-pop",
        "blister",
        (
            "should I [pop|burst] a blister or [leave it|leave it alone]?",
            "I've got a [big|painful] blister on my [heel|foot][, so|,|;] [is it better to pop it|do I burst it or leave it alone]?",
        ),
        (
            "Leave a blister [intact|unpopped] if you can, because the skin [protects|keeps germs out of] the [wound|raw skin underneath]; cover it with a [cushioned|blister] plaster and it [usually heals|normally settles] in a few days.",
            "[Don't|Try not to] pop it: [cover|protect] the blister with a [cushioned|special] plaster and let it heal on its own. If it bursts by itself, [wash it gently|keep it clean], leave the loose skin in place and [cover it|put a plaster on it]; [see a doctor|get it checked] if it looks infected.",
        ),
        "[I hope it heals quickly|Look after that foot].",
    ),
    # ---- plans and little tasks
    _aside(
        "rainy-day",
        "rainy rain",
        (
            "it's [pouring|raining] [all day|non-stop] [here|][, so|,|;] [any|got any] ideas for a rainy day indoors?",
            "[what can I do|any ideas what to do] on a rainy afternoon [that isn't just telly|besides scrolling]?",
        ),
        (
            "A rainy day suits [a long cooking project|a slow bake], a jigsaw, [sorting out a cupboard|clearing out one drawer] you've been avoiding, or a museum [if you can face going out|if you fancy getting out]. [An old series and a blanket|A box set and a pot of tea] is also a perfectly good plan.",
            "[Pick|Choose] one small thing to finish, like a cupboard clear-out, then [reward yourself|treat yourself] with something cosy: [a bake|baking something], a jigsaw or a [podcast|long podcast] and a hot drink while the rain [does its thing|carries on].",
        ),
        "[Enjoy the cosy day|Enjoy the rainy day].",
        hours=(8, 18),
    ),
    _aside(
        "picnic",
        "picnic",
        (
            "[what should I take|what do I need] for a picnic [with a few people|for four]?",
            "[any|got any] ideas for picnic food that [survives a bag|doesn't go soggy]?",
        ),
        (
            "Pack picnic food that [survives|keeps] well: [a quiche|a tart], wraps or [sturdy|crusty] rolls, [cherry tomatoes|crunchy vegetables] and a [hummus|dip], fruit, and something sweet [that won't melt|like flapjacks]. [Pack|Keep] it in a cool bag with frozen water bottles, which [double as|become] cold drinks later.",
            "For a picnic, [pick|choose] food you can eat with your hands: sausage rolls, [pasta salad|a grain salad] in a [jar|tub], [cheese and crackers|a wedge of cheese and bread], and strawberries. [Don't forget|Remember] a [rug|blanket], a knife and a bag for the rubbish.",
        ),
        "[Enjoy the picnic|I hope the sun shines for the picnic].",
        hours=(8, 19),
        months=WARM_MONTHS,
    ),
    _aside(
        "presentation-nerves",
        "presentation nerves nervous",
        (
            "I've got to give a presentation [soon|shortly] and I [get|always get] [really|terribly] nervous[, so|,|;] [any tips|what helps]?",
            "how do I [calm|stop] nerves before [a presentation|speaking in front of people]?",
        ),
        (
            "Rehearse the [first minute|opening] until you could say it [half asleep|in your sleep], because nerves [ease|settle] once you're under way. [Before you start|Beforehand], [make each slow breath out last|breathe out slowly, making it last] twice as long as the breath in, [a few times|four or five times]; it [calms|steadies] the body quickly.",
            "[Nerves are normal|Most people feel nervous], and the audience [rarely notices|can't usually tell]. [Practise|Run through it] out loud a few times, [know|learn] your opening and closing lines [well|by heart], and speak more slowly than feels natural, which [reads|comes across] as confident.",
        ),
        "[Good luck with the presentation|You'll be fine, good luck].",
        hours=DAYTIME,
        follow_ups=(
            (
                "What if I forget what I was going to say?",
                "Pause, take a sip of water and glance at your notes. A pause feels long to you but looks deliberate to the audience, and [no presentation|a presentation rarely] suffers for it.",
            ),
        ),
    ),
    # ---- more cooking
    _aside(
        "garlic",
        "garlic cloves clove",
        (
            "[is there a|what's the] [quick|quicker|fast] way to peel garlic[ without sticky fingers| when I need a lot of it|]?",
            "peeling garlic takes me [ages|forever][, so|,|;] [any tricks|how do chefs do it|what's the trick]?",
        ),
        (
            "[Press down on each clove with the side of a knife|Crush each clove gently under the blade of a knife] until you hear it crack, and the skin [slips|comes] straight off. For a whole bulb, [shake the cloves hard|shake the separated cloves] between two bowls for [a minute|thirty seconds] and most of the skins [fall away|come loose].",
            "[Trim the root end|Cut off the hard end] of each garlic clove, then [squash it lightly|give it a gentle squash] with the side of a knife: the papery skin [splits|cracks] and peels away [in one go|easily]. [Soaking the cloves in warm water for a few minutes|A short soak in warm water] also loosens it.",
        ),
        "[Enjoy the cooking|Happy chopping].",
    ),
    _aside(
        "coriander",
        "coriander herbs herb parsley",
        (
            "[fresh coriander|a bunch of coriander] [always goes|keeps going] slimy in my fridge[, so|,|;] how do I keep it fresh?",
            "how do you keep fresh herbs like coriander or parsley [from wilting|going off] [so fast|within days]?",
        ),
        (
            "[Treat it|Keep it] like a cut bouquet: trim the stalks, stand the coriander in a glass with [a little|an inch of] water, [cover the leaves loosely with a bag|put a loose bag over the top] and keep it in the fridge. [Change the water every couple of days|Fresh water every few days] and it lasts [a week or more|well over a week].",
            "[Wrap|Roll] the herbs loosely in [slightly damp|damp] paper towel and keep them in a [box|tub] in the salad drawer. [Soft herbs|Coriander and parsley] [last much better|keep far better] that way than in the bag they came in, and [you can chop the rest and freeze it in ice cube trays|leftovers freeze well chopped, in a little oil].",
        ),
        "[Enjoy the herbs|Happy cooking].",
    ),
    _aside(
        "pancakes",
        "pancake pancakes batter",
        (
            "my pancake batter is [always|] [lumpy|full of lumps][, so|,|;] [what am I doing wrong|how do I get it smooth]?",
            "how do I [get rid of|avoid] lumps in pancake batter?",
        ),
        (
            "Put the flour in a bowl, make a well, and [whisk in|beat in] the eggs and [a little|a splash of] milk first to make a thick paste, then add the rest of the milk [gradually|bit by bit]. Any lumps left [will go if you sieve the batter|disappear if you rest the batter for half an hour].",
            "[Lumpy batter|Lumps] come from pouring the milk in too fast. [Whisk|Beat] a thick paste of flour, eggs and a little milk until smooth, then [loosen it|thin it] slowly; if the pancake batter is already lumpy, [pour it through a sieve|blitz it with a stick blender].",
        ),
        "[Enjoy the pancakes|Happy flipping].",
        hours=(6, 21),
    ),
    _aside(
        "thin-pancakes",
        "pancake pancakes pan",
        (
            "how do I make [thin|proper thin|crêpe-style] pancakes that don't [tear|stick|fall apart]?",
            "my pancakes [always stick|keep sticking] to the pan[, so|,|;] [what's the trick|how do I stop it]?",
        ),
        (
            "Rest the batter for [half an hour|twenty minutes], get the pan properly hot, and wipe it with [just a little|a thin layer of] oil. Pour in [just enough batter|a small ladle of batter] to coat the base, [swirl it|tilt the pan] and leave it until the edges lift before you flip the pancake.",
            "[A hot, well-oiled pan|A properly hot pan, wiped with oil,] [matters most|is the key]: [a pancake sticks|pancakes stick] when the pan is too cool. [Add|Stir] a spoon of melted butter into the batter, [make the first pancake a tester|treat the first one as a test], and [don't|try not to] flip until the underside [looks golden|has set].",
        ),
        "[Enjoy the pancakes|Happy flipping].",
        hours=(6, 21),
    ),
    _aside(
        "scrambled-eggs",
        "scrambled eggs egg",
        (
            "how do you make [creamy|soft|properly soft] scrambled eggs?",
            "my scrambled eggs [always go|keep going|end up] [rubbery|dry|watery][, so|,|;] what's the trick?",
        ),
        (
            "[Cook them low and slow|Keep the heat low]: melt a knob of butter, add the beaten eggs and stir [gently|slowly] with a spatula, [taking the pan off the heat now and then|lifting the pan off the heat if it rushes]. Take the eggs off while they still look [slightly|a little] wet, because they keep cooking on the plate.",
            "[Season the eggs|Add salt] just before cooking, not [long before|ahead], and [stir them constantly over a gentle heat|keep stirring over a low flame]. [A spoon of cream|A small knob of cold butter] stirred in at the end makes scrambled eggs [silky|creamy] and stops them overcooking.",
        ),
        "[Enjoy your eggs|Enjoy breakfast].",
        hours=(5, 13),
    ),
    _aside(
        "porridge",
        "porridge oats",
        (
            "how do I make porridge that isn't [gluey|stodgy|lumpy]?",
            "my porridge [always|] [turns out|comes out] [thick and gluey|like cement][, so|,|;] what am I doing wrong?",
        ),
        (
            "[Use|Go for] [roughly|about] one part oats to two parts milk, [or half milk and half water|or a mix of milk and water], add a pinch of salt and [stir often|keep stirring] over a [medium|gentle] heat for five minutes. Take it off [while it's still a bit loose|before it looks done], because porridge thickens as it stands.",
            "[Gluey|Stodgy] porridge [usually|mostly] means too little liquid or too much time on the heat. [Add more milk|Use a bit more liquid] than you think, [take the pan off|stop cooking] while the oats still look [runny|loose], and [stir in|loosen it with] a splash of cold milk [before serving|at the table].",
        ),
        "[Enjoy your porridge|Enjoy breakfast].",
        hours=BREAKFAST,
    ),
    _aside(
        "porridge-toppings",
        "porridge oats toppings",
        (
            "[any|got any] ideas to make [my|] [morning|breakfast] porridge less [boring|dull]?",
            "[what|which] toppings [go well|are good] on porridge?",
        ),
        (
            "[Toast the oats|Toast the dry oats] in the pan for a minute first for a nuttier taste, then [top the porridge|finish it] with [grated apple and cinnamon|a spoon of peanut butter and banana|frozen berries warmed through|a swirl of honey and chopped nuts].",
            "[Try|Go for] [stewed apple with a pinch of cinnamon|a spoon of yoghurt with berries|sliced banana and a drizzle of maple syrup|a spoon of nut butter and a few raisins] on your porridge, or [stir in|cook the oats with] grated pear [or a little cocoa|and a pinch of ginger] for a change.",
        ),
        "[Enjoy your porridge|Enjoy breakfast].",
        hours=BREAKFAST,
    ),
    _aside(
        "sunken-cake",
        "cake cakes",
        (
            "[why does my cake [keep sinking|always sink]|how come my cake [keeps sinking|always sinks]] in the middle?",
            "my sponge cake [sank|collapsed] in the middle [again|]; what [went wrong|causes that]?",
        ),
        (
            "[Usually|Most often] the oven door was opened too early, or the cake came out [underbaked|before it was done]. Keep the door shut for the first [two thirds|twenty minutes] of baking, and check it's done with a skewer, which should come out clean.",
            "A sinking cake is [usually|often] one of three things: [too much raising agent|too much baking powder], an oven that's [not hot enough|too cool], or [opening the door|a peek in the oven] too soon. An oven thermometer [settles the second|tells you if the dial is lying], and [weighing|measuring] the baking powder carefully fixes the first.",
        ),
        "[Happy baking|Good luck with the next cake].",
        follow_ups=(
            (
                "Can I still [eat|serve] it?",
                "[Yes, a sunken cake tastes just as good|Of all the baking mishaps, a sunken cake is the tastiest|The cake tastes just the same, so yes]. [Fill the dip|Pile the hollow] with [cream and fruit|whipped cream and berries] and [nobody will know|it looks intentional].",
            ),
        ),
    ),
    _aside(
        "bananas",
        "banana bananas",
        (
            "I've got [a few|three|four] overripe bananas[, so|,|;] what can I do with them?",
            "[what's|what is] a [quick|good] use for [brown|black|overripe] bananas?",
        ),
        (
            "Banana bread is the classic: mash three with melted butter, sugar, an egg and flour, then bake for about an hour. [If you're short of time|If you can't face baking], peel and freeze the bananas in chunks for smoothies or [banana|one-ingredient] ice cream.",
            "[Mash|Blend] them into pancake batter, bake [a banana loaf|banana bread], or slice and freeze the bananas for smoothies. [The browner they are|The riper the bananas], the sweeter the [bake|result], so [they're perfect for it|overripe is ideal].",
        ),
        "[Enjoy the banana bread|Enjoy whatever you bake].",
    ),
    _aside(
        "curry-spicy",
        "curry spicy chilli",
        (
            "I've made a curry that's [far too|way too|much too] spicy[, so|,|;] how do I [tone it down|calm it down|rescue it]?",
            "[how do you|what's the way to] [cool down|rescue] a curry that's too [hot|spicy]?",
        ),
        (
            "Stir in something creamy: [yoghurt|coconut milk|a splash of cream] calms the chilli [quickly|a lot]. [More of the other ingredients|More tomatoes, vegetables or lentils] [dilutes the heat|spreads the heat out], and a squeeze of lime with a pinch of sugar [balances it|helps too].",
            "Dairy or coconut [helps most|does the heavy lifting|is the quickest fix] for a spicy curry: [stir in|add] a few spoons of yoghurt or coconut milk off the heat. [Serving the curry|Serving it] with plenty of rice and a cooling raita also takes the edge off.",
        ),
        "[Enjoy the curry|I hope the curry is edible now].",
        hours=LATE_DAY,
    ),
    _aside(
        "steak",
        "steak",
        (
            "how long do I cook a steak for [medium rare|medium]?",
            "[any|got any] tips for cooking steak [in a pan|at home] so it's not [tough|grey|chewy]?",
        ),
        (
            "[Take the steak out of the fridge|Let the steak come to room temperature] [half an hour before|twenty minutes ahead], pat it dry and season it, then cook it in a smoking hot pan for about two to three minutes a side for medium rare, [depending on|for a steak about] the thickness. Rest it for five minutes before cutting.",
            "[Get the pan very hot|Heat the pan until it smokes], [oil the steak, not the pan|oil the meat rather than the pan], and [don't touch it|leave it alone] until it releases. Turn the steak every minute for an even crust, [about five minutes in all for medium rare|four to six minutes all told for medium rare] on a steak [two centimetres thick|of average thickness], then rest it [for as long as it cooked|five minutes] and slice it across the grain.",
        ),
        "[Enjoy the steak|Enjoy your dinner].",
        hours=LATE_DAY,
    ),
    _aside(
        "chickpeas-dinner",
        "chickpeas chickpea",
        (
            "I've got a tin of chickpeas and not much else[, so|,|;] any [dinner|supper] ideas?",
            "[what's|what is] a quick [vegetarian|meat-free] dinner [with|using] chickpeas?",
        ),
        (
            "[Fry|Roast] the chickpeas with [cumin and paprika|garlic and chilli] until crisp and [toss them|pile them] onto rice or flatbreads with yoghurt. Or [simmer them|cook them down] with a tin of tomatoes, spinach and [curry powder|garam masala] for a [fifteen-minute|quick] chickpea curry.",
            "A chickpea [stew|curry] is quick: soften an onion and garlic, add [spices|curry paste], the chickpeas and [a tin of tomatoes|coconut milk], and simmer for fifteen minutes. [Stir in|Wilt in] any greens you have at the end.",
        ),
        "[Enjoy your dinner|Enjoy the chickpeas].",
        hours=LATE_DAY,
    ),
    _aside(
        "make-ahead-lunches",
        "lunches lunch",
        (
            "I want to [make|prepare] my lunches for the [whole|] week in one go[, so|,|;] what keeps well?",
            "[any|got any] ideas for lunches I can [cook ahead|make ahead] that don't get boring?",
        ),
        (
            "[Grain salads|Salads built on rice, couscous or lentils] keep [four or five days|well for four days] in the fridge if you [add the dressing on the day|keep the dressing separate]. Soups and stews [freeze in portions|freeze well in single portions], so you can [swap|rotate] between two or three lunches.",
            "[Cook|Make] one big base, [such as|like] roasted vegetables and a grain, then [change|vary] the lunch each day with a different topping: feta one day, a boiled egg the next, hummus after that. Keep each portion in its own box so [you can grab it|it's ready to grab].",
        ),
        "[Enjoy the lunches|Good luck with the prep].",
    ),
    _aside(
        "dough-rise",
        "dough yeast bread",
        (
            "my bread dough [didn't rise|isn't rising|barely rose][, so|,|;] what [went wrong|have I done wrong]?",
            "[why does my [bread|] dough [not rise|stay so dense]|how come my [bread|] dough [never rises|stays so dense]]?",
        ),
        (
            "[The usual culprits are|Most often it's] old yeast, water that was too hot, or a cold room. [Check the date on the yeast|Test the yeast in warm water with a pinch of sugar]; the water should feel [just warm|barely warm] on your wrist, and dough in a cool room simply [takes more time|needs an extra hour or so] to rise.",
            "Yeast [dies|is killed] above about fifty degrees, so [too-hot water|water that's too hot] is a common reason dough won't rise. [Salt added straight onto the yeast|Salt poured directly on the yeast] also slows it. Put the dough somewhere [warm and draught-free|warm] and give it [twice as long|more time] before giving up.",
        ),
        "[Happy baking|Good luck with the next loaf].",
        follow_ups=(
            (
                "Can I still bake it [if it didn't rise|as it is]?",
                "You can, but the bread will be dense. [Better to knead in|It's worth kneading in] a little fresh yeast dissolved in warm water and giving the dough another hour somewhere warm.",
            ),
        ),
    ),
    _aside(
        "bitter-coffee",
        "coffee",
        (
            "[why does my coffee at home taste|how come my coffee at home always tastes] so bitter?",
            "my [homemade|home-brewed] coffee is [always|] [bitter|harsh][, so|,|;] how do I make it taste better?",
        ),
        (
            "Bitter coffee usually means [over-extraction|it brewed too long or too hot]: use water just off the boil rather than boiling, [a coarser grind|grind it a little coarser], or brew it for less time. In a cafetière, four minutes [is plenty|is about right] before you press.",
            "[Try|Use] [fresher|freshly ground] beans, water that has [rested|cooled] for [thirty seconds|half a minute] after boiling, and [clean the coffee maker|descale the coffee maker or rinse the cafetière] properly, since old coffee oils [taste bitter|make everything bitter].",
        ),
        "[Enjoy your coffee|Here's to a better cup].",
        follow_ups=(
            (
                "Does the grind [really|actually] matter that much?",
                "Yes: a fine grind in a cafeti\u00e8re over-extracts and makes bitter coffee, while a coarse grind suits it. [For filter coffee|For a filter jug], go medium.",
            ),
        ),
    ),
    _aside(
        "gravy-lumps",
        "gravy lumps lumpy",
        (
            "my gravy [always|] [goes|ends up] lumpy[, so|,|;] how do I [fix|stop] it?",
            "[is there a way to|how do I] [rescue|save] lumpy gravy [at the last minute|in a hurry]?",
        ),
        (
            "Pour the gravy through a sieve, pressing the lumps through with a spoon, or blitz it with a stick blender. [Next time|To stop it happening], [mix the flour or granules with a little cold liquid first|stir the flour into the fat before the stock goes in], then whisk in the hot stock [gradually|a little at a time].",
            "[A quick whisk|Whisking hard] over the heat [sorts small lumps|gets rid of small lumps]; for [big ones|worse lumps], [sieve the gravy|strain it] into a clean pan. Lumps form when [the thickener|flour] hits hot liquid all at once, so add it [slowly|bit by bit] and keep whisking.",
        ),
        "[Enjoy the roast|I hope the gravy behaves].",
        hours=(11, 23),
    ),
    # ---- more travel
    _aside(
        "sleep-plane",
        "plane planes sleep",
        (
            "how do you [get any sleep|manage to sleep] on a [long|long-haul|night-time] plane journey?",
            "I can never sleep on a plane[, so|,|;] [any tips|what helps]?",
        ),
        (
            "[Pick|Choose] a window seat so you can lean on something and nobody climbs over you, [bring|pack] a neck pillow, an eye mask and earplugs, and [skip|go easy on] coffee and alcohol. [Dress in layers|Wear layers], because planes swing between hot and cold.",
            "[Set your watch|Shift your head] to the destination time when you board and try to sleep when it's night there. [Noise-cancelling headphones|Earplugs] and an eye mask [help most|make the biggest difference], and on the plane a window seat [gives you something to lean on|means nobody disturbs you].",
        ),
        "[Have a good trip|Sleep well up there].",
    ),
    _aside(
        "layover",
        "layover airport connection",
        (
            "I've got a [long|six-hour|really long] layover[, so|,|;] how do I [fill|use] the time at the airport?",
            "[any|got any] tips for [killing time on|surviving] a long wait at an airport?",
        ),
        (
            "[Check whether|See if] the airport has a quiet zone or a day lounge [you can pay for|with a day rate]; a few hours with a shower and a proper chair [can be worth it|makes a long layover bearable]. Otherwise, walk the terminals, [eat a proper meal|find a real meal], and keep a charger and a [water bottle|refillable bottle] in your hand luggage.",
            "[Leave the airport|Head out to explore] only if you have [over six hours|plenty of time] and the right visa; otherwise find a [quiet corner|quiet gate] near your departure, charge everything, and [set an alarm|keep an eye on the boards] so a nap doesn't [cost you|make you miss] the connection.",
        ),
        "[Safe journey|I hope the wait flies by].",
    ),
    _aside(
        "pickpockets",
        "pickpockets pickpocket valuables wallet",
        (
            "how do I [keep my wallet safe|avoid pickpockets] in a busy city abroad?",
            "[any|got any] tips for keeping valuables safe [on a trip|while sightseeing]?",
        ),
        (
            "[Keep your wallet|Carry valuables] in a front pocket or a zipped bag worn across your front, and [split your cards and cash|keep a spare card separate] so one loss isn't a disaster. Pickpockets [like|target] crowds, [transport|trains] and anyone [distracting you|who bumps into you], so be extra careful there.",
            "[Take|Carry] only what you need for the day and leave the rest in the [hotel safe|room safe]. A bag with a zip that sits in front of you [beats|is safer than] a back pocket, and [a photo of your passport|copies of your documents] [helps a lot|saves hassle] if your valuables do go missing.",
        ),
        "[Have a lovely trip|Enjoy the trip, and stay safe].",
    ),
    _aside(
        "phrases",
        "phrases phrase language",
        (
            "I'm going abroad [soon|shortly] and want to learn a few phrases[, so|,|;] where do I start?",
            "[what|which] phrases [are worth learning|should I learn] before a trip [abroad|somewhere I don't speak the language]?",
        ),
        (
            "[Start with|Begin with] the phrases for hello, please, thank you, sorry, excuse me and [a way to ask whether someone speaks your language|how to say you only speak a little]; then numbers up to ten and how to ask what something costs. [Ten minutes a day with an app|A few minutes a day of listening practice] for a couple of weeks [gets you surprisingly far|is enough for the basics].",
            "Politeness phrases [matter most|go furthest]: greetings, please and thank you, and [an apology|excuse me] in the local language [earn|win] a lot of goodwill. [Add|Learn] a few for food and directions, and [write them on a card|save them offline] in case your memory fails.",
        ),
        "[Have a wonderful trip|Enjoy practising].",
    ),
    _aside(
        "plug-adaptor",
        "adaptor plug sockets",
        (
            "do I need a plug adaptor [when I go|for a trip] abroad, and which one?",
            "[what|which] adaptor should I [take|pack] so I can charge things abroad?",
        ),
        (
            "[Look up|Check] the socket type for [the country you're heading to|where you're going]; much of the continent uses two round pins, for example. A universal adaptor covers nearly everywhere, and one with [a couple of charging ports|built-in charging ports] [saves you taking several|charges several things at once].",
            "[Buy|Get] a universal adaptor: it fits the sockets in most countries, so you only ever need one. Most chargers [handle|cope with] any voltage, [but check|though it's worth checking] the label on [hair dryers and straighteners|anything with a heating element] before you plug it in.",
        ),
        "[Have a good trip|Enjoy the trip|Safe journey].",
        kind="know",
    ),
    _aside(
        "hotel-noise",
        "noise noisy earplugs loud hotel",
        (
            "how do I sleep in a [noisy|loud] hotel room?",
            "the hotel I'm in is [really|terribly] noisy at night[, so|,|;] [any tips|what can I do]?",
        ),
        (
            "[Ask reception for|Request] a room [away from the lift and the street|on a higher floor at the back]; most hotels [will swap you|can offer another room] if they have space. [Foam earplugs|Proper earplugs] and a white noise app [cover the rest|mask most of the noise].",
            "[Earplugs|Foam earplugs] [rolled thin|squeezed tight] before you put them in [block most noise|cut a lot of noise], and a fan or a white noise app drowns out [voices|the corridor]. [It's also fine to ask|Don't hesitate to ask] for a quieter room; reception [hears it all the time|gets asked that every night].",
        ),
        "[Sleep well|I hope it's quieter tonight].",
        hours=EVENING,
    ),
    _aside(
        "tent",
        "tent camping",
        (
            "I'm going camping for the first time[, so|,|;] what [shouldn't I forget|do I need to know]?",
            "[any|got any] tips for a first night in a tent?",
        ),
        (
            "[Practise|Try] putting the tent up at home first, [pack|bring] a sleeping mat as well as a sleeping bag because the cold comes up from the ground, and [take|bring] a head torch. [Pitch|Put up] the tent on level, slightly raised ground so rain runs away from you.",
            "The ground is colder than you expect, so [a good mat|an insulated mat] [matters more|counts for more] than the sleeping bag. [Arrive|Get there] with daylight to spare for putting up the tent, keep a torch by your head, and [pack a warm hat|wear a hat to bed] if the nights are cool.",
        ),
        "[Have a brilliant time camping|Enjoy the camping].",
    ),
    # ---- more health, common sense only
    _aside(
        "hydration",
        "water drink drinking hydrated glass",
        (
            "how much water should I [actually|really] drink [in a day|each day]?",
            "I [never|always forget to] drink enough water[, so|,|;] [any tricks|how do I remember|what helps]?",
        ),
        (
            "[A common guide|The usual guide] is six to eight glasses of fluid a day, more in hot weather or when you exercise, and tea and coffee count towards it. [Pale straw-coloured|Pale yellow] urine is a [good|simple] sign you're drinking enough water.",
            "[Keep a bottle of water|Keep a refillable bottle] [on the table in front of you|where you can see it] and [drink|have] a glass with every meal. [Tying it to habits|Tying a drink to things you already do], like [the kettle boiling|brushing your teeth], makes it [automatic|stick] within a week or two.",
        ),
        "[Cheers to that|Stay hydrated].",
        follow_ups=(
            (
                "Does fizzy water count?",
                "Yes, fizzy water hydrates you just as well as still water. It's only sugary [drinks|squash and fizzy drinks] worth keeping an eye on.",
            ),
        ),
    ),
    _aside(
        "posture",
        "posture back backache sitting sit",
        (
            "my back [aches|gets stiff] from sitting [all day|for hours][, so|,|;] [what helps|any tips]?",
            "how should I [sit|set myself up] at a table all day to [avoid backache|look after my back]?",
        ),
        (
            "Set the screen at eye level, [keep both feet on the floor|rest your feet on the floor or a footrest], and [put a cushion behind your lower back|use a cushion in the small of your back]. [More important than perfect posture is|What matters most is] getting up [every half hour|at least once an hour] to stretch and walk about, because sitting [still for hours|for long stretches] is what stiffens your back.",
            "[Change position|Shift how you sit] often, since no single posture suits a back for hours. [Raise the screen|Prop the laptop up] so you aren't looking down, [get up|stand up and stretch] regularly, and if the ache [lasts|goes on] for weeks, [see a physiotherapist|get it checked by a doctor].",
        ),
        "[I hope your back eases up|Look after that back].",
    ),
    _aside(
        "caffeine",
        "caffeine coffee",
        (
            "I [drink|get through] too much coffee[, so|,|;] how do I cut down [without headaches|gently]?",
            "[what's|what is] the [easiest|gentlest] way to cut down on caffeine?",
        ),
        (
            "[Cut down gradually|Go slowly]: drop one cup every few days, or [swap every other one for decaf|mix in half decaf] so your body adjusts to less caffeine. [The headaches|Withdrawal headaches] usually [fade|ease] within a week, and [drinking plenty of water|staying hydrated] helps.",
            "[Replace|Swap] the afternoon cups first, since caffeine late in the day [hurts your sleep|disturbs sleep] the most, [with decaf or herbal tea|with a decaf or a fruit tea]. [Reducing|Cutting] by a cup every few days [avoids|keeps away] most of the [withdrawal|caffeine] headaches.",
        ),
        "[Good luck cutting down|Good luck with the decaf].",
    ),
    _aside(
        "cold",
        "cold",
        (
            "I've [come down with|got] a [stinking|horrible|heavy] cold[, so|,|;] [what helps|anything that actually helps]?",
            "[what's|what is] the [quickest|surest] way to get over a cold?",
        ),
        (
            "[There's no cure for a cold|A cold simply has to clear by itself], but rest, plenty of fluids and [warm drinks|hot drinks with honey] help you feel better. [Paracetamol|A simple painkiller] can ease the aches, and steam from a bowl of hot water [helps|loosens] a blocked nose. Most colds clear in [about a week|seven to ten days].",
            "Rest, fluids and time [do it|are what gets you through]: a cold [usually|normally] clears in about a week. [A chemist can recommend something|The pharmacy has remedies] for the [blocked nose|congestion] and sore throat, and [saltwater gargles soothe|gargling with salt water soothes] the throat. [See a doctor|Get checked] if it lasts more than three weeks.",
        ),
        "[Get well soon|I hope the cold clears quickly|Feel better soon].",
        follow_ups=(
            (
                "When should I see a doctor about it?",
                "[See|Get checked by] a doctor if the cold lasts over three weeks, you have a high temperature that [won't come down|keeps coming back], or you feel short of breath[, and sooner if you're worried|].",
            ),
        ),
    ),
    _aside(
        "energy-slump",
        "slump energy tired sleepy",
        (
            "I [always|] hit a [massive|real] slump [mid-afternoon|after lunch][, so|,|;] how do I [beat|avoid] it?",
            "[why do I|how come I] [feel|get] so [tired|sleepy] after lunch, and what helps with the slump?",
        ),
        (
            "[A lighter lunch|A smaller lunch] with protein and vegetables rather than a big plate of white bread or pasta [helps a lot|makes a real difference] with the slump. [Get outside|Head out] for ten minutes of daylight after eating, and [drink a glass of water|have some water], since mild dehydration [feels like|can feel like] tiredness.",
            "[Some dip in energy|An afternoon dip] is [natural|built into the body clock], but you can [soften it|take the edge off the slump]: [eat a balanced lunch|go easy on sugary snacks], [take a short brisk stroll|get up and stretch] [after eating|once you've eaten] to lift your energy, and keep your caffeine before [two|mid-afternoon] so it doesn't [spoil|cost you] your sleep.",
        ),
        "[I hope the afternoons feel brighter|Good luck with the slump].",
        hours=(9, 19),
    ),
    _aside(
        "hay-fever",
        "hay fever pollen",
        (
            "my hay fever is [awful|terrible|driving me mad][, so|,|;] [any tips beyond tablets|what helps]?",
            "how do you [cope with|manage] hay fever when the pollen count is high?",
        ),
        (
            "[Keep windows shut|Close the windows] when the pollen count is high, especially [early morning and evening|in the early evening], [shower and change|wash your face and change clothes] after being outside, and [wear wraparound sunglasses|put a little balm round your nostrils] to catch pollen. [A pharmacist can recommend|The chemist stocks] antihistamines and nasal sprays for hay fever.",
            "[Dry laundry indoors|Avoid drying clothes outside] on high-pollen days, [dust with a damp cloth|wipe surfaces with a damp cloth] and [vacuum often|hoover often] so pollen doesn't build up indoors. [A pharmacist can advise on|Ask a pharmacist about] a nasal spray, which tends to help more if you start it before the hay fever season [peaks|gets going].",
        ),
        "[I hope the pollen gives you a break|Fingers crossed for rain to clear the pollen].",
        months=POLLEN_MONTHS,
    ),
    _aside(
        "cut-finger",
        "cut finger",
        (
            "I've [just|] [nicked|cut] my finger [chopping|peeling] vegetables[, so|,|;] what should I do?",
            "what's the [right|proper] way to [treat|deal with] a small cut on a finger?",
        ),
        (
            "[Rinse|Run] the cut under cold water, then press on it with a clean cloth for [a few minutes|five minutes] until it stops. [Hold the finger up|Raise your hand] above your heart to help, then cover it with a plaster. [If it won't stop or is deep|If it keeps going or gapes open], get it seen.",
            "[Clean the cut|Wash the cut] under the cold tap, [press firmly|apply firm pressure] with a clean tissue or cloth until it stops, and [dry the finger|pat it dry] before [a plaster goes on|putting a plaster on]. [A deep cut|A cut that gapes] or one that won't stop after ten minutes of pressure [needs|should get] medical help.",
        ),
        "[I hope the finger heals quickly|Careful with that knife].",
    ),
    _aside(
        "stress-breathing",
        "breathing breathe breath stressed",
        (
            "I [get|feel] [really|so] stressed [sometimes|at times][, so|,|;] is there a [quick|simple] breathing trick that helps?",
            "[what's|what is] a [good|simple] breathing exercise for when I'm stressed?",
        ),
        (
            "Try box breathing: breathe in for a count of four, hold for four, breathe out for four, hold for four, and repeat [a few times|for a couple of minutes]. [The slow rhythm|Slowing the breath like that] [tells your body|signals to your body] it can calm down.",
            "[Breathe in|Take a breath in] through your nose for a count of four and out through your mouth for a count of six or eight. A slow, drawn-out breath out [slows the heart|calms the nervous system], and [five|a handful of] rounds [is often enough|usually takes the edge off] when you're stressed.",
        ),
        "[Take care of yourself|I hope things feel calmer soon].",
    ),
    # ---- more money
    _aside(
        "credit-card",
        "credit card debt",
        (
            "I've got some credit card debt[, so|,|;] [what's|what is] the [smartest|quickest] way to pay it off?",
            "how do I [clear|get rid of] a credit card balance [faster|for good]?",
        ),
        (
            "[Pay more than the minimum every month|Always pay more than the minimum], [ideally by a fixed standing amount|with a set amount going out on payday], and stop using the card while you clear it. A nought per cent balance transfer card [can buy you time|gives you breathing space] if you can get one.",
            "[List the debts|Write down each debt] and [pay extra|put every spare pound] on the one with the highest interest while paying the minimum on the rest. A balance transfer to a nought per cent credit card [can buy you time|gives you breathing space], [as long as you clear it|provided you pay it off] before the offer ends.",
        ),
        "[Good luck clearing it|You'll get there].",
    ),
    _aside(
        "debt-or-save",
        "saving debt credit card",
        (
            "should I pay off my credit card [first|before] I start saving?",
            "[is it better|does it make more sense] to clear debt or build up saving first?",
        ),
        (
            "[Usually|Generally] clear the credit card first: its interest is far higher than anything saving earns. [Keep|Hold on to] a small [emergency pot|cushion] while you do it, so a surprise cost doesn't go straight back on the card.",
            "[Debt first, mostly|Mostly the debt]: a credit card charging high interest costs you more than saving could earn. [The exception is|Keep back] a small emergency pot, [a few hundred pounds|a month's essentials], so you're not borrowing again when something breaks.",
        ),
        "[Good luck with it|You'll get there].",
        kind="know",
    ),
    _aside(
        "groceries",
        "groceries food supermarket",
        (
            "my [weekly|] food spending [keeps going up|is creeping up][, so|,|;] how do I cut the grocery spend?",
            "[any|got any] tips for spending less at the supermarket?",
        ),
        (
            "Plan the week's meals, write a list from them, and [stick to it|buy only what's on the list]; [it cuts|that alone cuts] impulse buys at the supermarket a lot. [Own-brand|Supermarket own-brand] basics [are usually|tend to be] just as good, and [checking the price per kilo|comparing unit prices] shows the real [bargains|deals].",
            "[Check|Look in] the fridge and cupboards before you go, [plan meals|plan dinners] that share ingredients, and [buy|pick up] reduced items at the end of the day for the freezer. [Swapping|Trying] [own-brand|cheaper] versions of [a few staples|your staples] [saves more than you'd think|adds up quickly] on the weekly groceries.",
        ),
        "[Good luck with the food budget|I hope the receipts shrink].",
        follow_ups=(
            (
                "Is buying in bulk worth it?",
                "For things you use a lot that keep, like rice, pasta and tins, [usually yes|it usually pays]. For fresh food [it often ends up in the bin|half of it tends to go off], which [wipes out|cancels] the saving on the groceries.",
            ),
        ),
    ),
    _aside(
        "emergency-fund",
        "emergency fund pot",
        (
            "how much should I [keep|have|put aside] in an emergency fund?",
            "[where|how] should I keep an emergency fund [if I'm already saving|alongside my other savings]?",
        ),
        (
            "[A common rule|The usual rule of thumb] is three to six months of essential spending, [kept|held] in an easy-access account. [If that feels huge|Start smaller]: even [one month's worth|a few hundred pounds] in an emergency fund stops a broken fridge becoming a debt.",
            "[Aim for|Build up to] three months of [rent and essentials|essential costs], [kept separate from|walled off from] your other savings so you don't dip into it, [in an instant-access account|somewhere you can reach in a day]. [Top the pot up|Refill the emergency fund] whenever you use it.",
        ),
        "[Good luck topping it up|I hope you never need it].",
        kind="know",
    ),
    _aside(
        "selling-stuff",
        "sell selling sold clutter things",
        (
            "I've got [loads of|a lot of] stuff [I don't use|cluttering the place][, so|,|;] what's the [easiest|quickest] way to sell it?",
            "[any|got any] tips for selling [old|unwanted] things online?",
        ),
        (
            "[Good photos in daylight|Clear photos in natural light] [sell|shift] things [faster|quicker] than anything else, and an honest description with the [measurements|size and condition] heads off questions. [Check what similar items sold for|Look at listings that have sold] to price it, and bundle small things together.",
            "[Sell|List] the [bigger|more valuable] things online with [good|clear] photos and fair prices, and [take|give] the rest to a [second-hand|reuse] [drop-off|point] rather than [letting it sit|keeping it]. [Price|Pricing] slightly under similar listings [sells|clears] things within days.",
        ),
        "[Good luck with the selling|Enjoy the extra space].",
        follow_ups=(
            (
                "How do I avoid scams when selling online?",
                "[Only take payment|Take payment only] through the selling site itself, never open anything a buyer sends you, and don't post anything before the payment [shows in your account|has cleared]. If buyers pick up in person, [have someone else at home|make sure you're not alone].",
            ),
        ),
    ),
    _aside(
        "laundry-cost",
        "laundry wash",
        (
            "does [doing|] laundry at a lower temperature [actually|really] save anything?",
            "how do I [cut|bring down] what my laundry costs to run?",
        ),
        (
            "A [cooler|thirty-degree] wash [saves a lot|costs far less], since [most of the energy|nearly all the energy] goes into heating the water. Modern detergents clean well at low temperatures; [keep a hot wash for towels and bedding|save a hotter wash for towels and bedding] [now and then|every so often].",
            "[Wash|Run] full laundry loads at thirty degrees, [skip|avoid] the tumble dryer where you can, and [use|pick] the eco setting, which [is slow but|runs for a while but] heats [less water|the water less]. [Drying outside or on a rack|A clothes airer] [saves more than anything else|is the biggest saving of all].",
        ),
        "[Enjoy the savings|Happy laundry day].",
    ),
    # ---- hobbies
    _aside(
        "crochet",
        "crochet hook yarn",
        (
            "I want to [learn to crochet|take up crochet][, so|,|;] what should I [start with|make first]?",
            "my crochet [keeps getting|gets] [tighter and tighter|really tight] and the hook won't go through[, so|,|;] what am I doing wrong?",
        ),
        (
            "Start with a [five|six] millimetre hook and [chunky|thick], smooth, light-coloured yarn, so you can see each loop. [Practise a long row of loops|Make a long row of loops] and then rows of double crochet until [the rhythm feels easy|it feels natural], and [make a simple square|try a plain dishcloth] as a first project.",
            "[Tight crochet|A hook that won't go through] [usually|mostly] means you're pulling the yarn too hard [after each loop|with your yarn hand]. [Relax your grip|Loosen your hold on the yarn], [make each loop on the thick part of the hook|pull each loop up onto the wide part of the hook], or go up a hook size.",
        ),
        "[Happy crocheting|Enjoy the crochet].",
    ),
    _aside(
        "sketching",
        "sketch sketching drawing draw",
        (
            "I'd like to [get better at|start] drawing[, so|,|;] how do I [begin|practise]?",
            "[any|got any] tips for a [complete|real] beginner at sketching?",
        ),
        (
            "Draw [a little every day|for ten minutes a day] rather than for hours once a week, and sketch real things [such as|like] a mug, your hand or a plant. [Look at the object|Keep your eyes on the subject] more than the paper; [that habit|the looking] [is most of drawing|matters more than talent].",
            "[Carry|Keep] a small sketchbook and a pencil with you and [sketch|draw] whatever's in front of you [on the bus|in cafes|at lunch]. [Start|Begin] with simple shapes and shading, and [don't rub out|resist rubbing out] too much: [every page|each sketch] is practice, not a finished piece.",
        ),
        "[Happy sketching|Enjoy the drawing].",
    ),
    _aside(
        "jigsaw",
        "jigsaw pieces puzzle",
        (
            "[what's|what is] the [trick|secret] to doing a [big|thousand-piece] jigsaw?",
            "I've started a [huge|massive] jigsaw and I'm [stuck|getting nowhere][, so|,|;] any strategy?",
        ),
        (
            "Turn every piece face up first, pull out the edge pieces and [build the frame|do the border]. Then [sort the rest|group the rest] by colour or pattern into trays and [build|tackle] the most distinctive areas of the puzzle first.",
            "[Sort|Group] the pieces by [shape|their shape] as well as colour once you're [stuck|down to the sky]: [most jigsaws|many puzzles] have a few repeating shapes, [so you can try|and trying] [each one|every piece of one shape] in a gap is quicker than hunting by colour.",
        ),
        "[Enjoy the jigsaw|Happy puzzling].",
    ),
    _aside(
        "journal",
        "journal journalling diary notebook",
        (
            "I keep [trying|meaning] to [start|keep] a journal and [giving up|never manage it][, so|,|;] any tips?",
            "how do you [make journalling a habit|keep a diary going]?",
        ),
        (
            "Make it tiny: three lines a day [in the journal|in a small notebook], [at the same time|just before bed], [beats|is better than] a page you dread. [Use|Try] a prompt [such as|like] what went well today, and [skip the guilt|don't catch up] when you miss a day.",
            "[Keep the diary|Leave the journal] [by your bed|somewhere you'll see it] with a pen on top, and write [just a line or two|a few lines] [each evening|every day]. Journalling sticks when it's [easy|short], so [aim low|set the bar low] and let it grow.",
        ),
        "[Happy writing|Enjoy the journalling].",
    ),
    _aside(
        "guitar",
        "guitar fingers fingertips",
        (
            "I'm [learning|teaching myself] guitar and my fingers [hurt|are so sore][, so|,|;] [is that normal|does it get better]?",
            "[will|do] my fingertips [ever|] stop hurting [when I practise guitar|from guitar strings]?",
        ),
        (
            "[Sore fingertips are normal|Yes, that's completely normal] for the first few weeks on guitar; [short|fifteen-minute] sessions [every day|daily] build [calluses|hard skin] [faster|better] than long ones. [Press|Press down] just behind the fret, not on it, so you need less force.",
            "[It does get better|They soon stop hurting]: after [two or three weeks|a few weeks] of [regular|daily] practice your fingertips toughen up. [Keep sessions short|Practise little and often] until then, and [check the strings aren't set too high|have the string height checked], which makes a guitar much kinder on the fingers.",
        ),
        "[Happy strumming|Enjoy the guitar].",
    ),
    _aside(
        "guitar-chords",
        "chords chord guitar",
        (
            "[what's|what is] the [easiest|quickest] way to [switch|change] guitar chords [faster|smoothly]?",
            "[my chord changes are|changing between chords is] [so slow|painfully slow][, so|,|;] how do I speed them up?",
        ),
        (
            "[Practise|Drill] the [change|switch] between two chords [slowly|very slowly], lifting all your fingers together [and landing them as one shape|so they land as a shape]. [A minute of|Sixty seconds of] [just that change|that one change], [a few times a day|several times a day], [speeds it up|makes it smooth] within a week or two.",
            "[Look for|Find] a finger that stays put or slides between the two chords and [use it as an anchor|keep it down as a guide]. Strum slowly [with a steady beat|in time], changing chords on the beat even if [the first strum|the chord] is messy: [speed comes|smooth changes come] from [the rhythm|repetition], not from rushing.",
        ),
        "[Happy strumming|Enjoy the guitar].",
    ),
    _aside(
        "crossword",
        "crossword crosswords clues clue",
        (
            "how do you [get into|start doing] cryptic crosswords?",
            "[cryptic|the cryptic] crossword clues make no sense to me[, so|,|;] [where do I start|how do people solve them]?",
        ),
        (
            "Every cryptic clue has a straight definition at one end, [start or finish|the beginning or the end], and wordplay making the same answer in the rest. [Learn|Pick up] the common signals, like anagram [indicators|words] [such as|like] broken or mixed, and [read the answers|check the solutions] the next day to see how each clue [fitted together|came apart].",
            "[Start with|Try] a [quick|beginners'] cryptic crossword and [look up|read] a guide to the [main|common] clue types: anagrams, hidden words, [double definitions|two meanings]. [Reading the explained answers|Going through the solutions] the next day is [how most people learn|the quickest way to learn].",
        ),
        "[Happy solving|Enjoy the crossword].",
        kind="know",
    ),
    _aside(
        "bird-feeder",
        "birds bird feeder",
        (
            "I've put up a bird feeder but no birds come[, so|,|;] what am I doing wrong?",
            "how do I [attract|get more] birds to [a feeder|the feeder] [outside my window|on the balcony]?",
        ),
        (
            "[Give it time|Be patient]: birds can take [a couple of weeks|a few weeks] to find a new feeder. [Hang it|Place it] near [a hedge or tree|some cover] so they can dart to safety, [keep it clean|clean it regularly], and [offer|try] sunflower hearts, which [most|many] small birds love.",
            "Birds [want|like] cover nearby and a feeder that's [safe from cats|out of reach of cats], so [put it|hang it] [a couple of metres|two metres or so] from a [bush|hedge]. [Fresh water|A shallow dish of water] [draws them in|brings birds in] too, [especially|above all] in dry or frosty weather.",
        ),
        "[Enjoy the birdwatching|Happy birdwatching].",
        follow_ups=(
            (
                "Is there anything I shouldn't feed [them|the birds]?",
                "[Avoid|Skip] salted nuts, bread and anything mouldy. Whole peanuts can choke young birds in spring, so [put those in|only offer them in] a mesh feeder.",
            ),
        ),
    ),
    # ---- more tech help
    _aside(
        "phishing",
        "email emails scam phishing",
        (
            "how can I tell [if|whether] an email is a scam[ or genuine|]?",
            "I've had an email [asking me to confirm my details|saying my account is locked][, so|,|;] [is it genuine|how do I know if it's real]?",
        ),
        (
            "[Warning signs|Red flags] of a scam email: [urgent threats|pressure to act now], a sender that doesn't match the organisation, [odd spelling|clumsy wording], and buttons asking you to log in or [pay|confirm details]. [Don't click|Never click] anything in it; [go to the site yourself|open the site by typing it in yourself] or [contact them|get in touch] on a number you already trust.",
            "[Treat it as a scam|Assume it's phishing] until proven otherwise: real organisations [rarely|almost never] ask you to confirm details by email. [Hover over any button|Check where a button really goes] without clicking, and [log in|sign in] through the official app or website instead to see if there's [really|actually] a problem.",
        ),
        "[Stay safe out there|Good on you for checking].",
        kind="know",
        follow_ups=(
            (
                "What if I've already clicked on it?",
                "If you clicked through from a scam email, don't enter anything else. If you typed a password, change it [straight away|at once] and turn on two-factor sign-in; if you gave card details, use the number on the back of your card [today|right away].",
            ),
        ),
    ),
    _aside(
        "browser-tabs",
        "browser tabs tab",
        (
            "my browser [gets|is] [really|so] slow with lots of tabs open[, so|,|;] what can I do?",
            "I [always|] have [dozens|far too many] tabs open[, so|,|;] [any tips|how do I tame them]?",
        ),
        (
            "[Each open tab|Every tab] uses memory, so [close the ones you're not using|close what you don't need] and [bookmark|save] the rest in a folder [to read later|for later]. Most browsers can also [put idle tabs to sleep|suspend tabs you haven't looked at], [which is usually in the settings|in their performance settings].",
            "[Keep|Limit yourself to] [one window per task|a handful of tabs] and [save everything else to a reading list|park the rest in a reading list]. If the browser is still slow, [turn off extensions you don't use|remove extensions you don't need], since they [run in every tab|slow every page down].",
        ),
        "[Good luck with the tabs|Enjoy the faster browser].",
    ),
    _aside(
        "weak-wireless",
        "wireless signal router",
        (
            "the wireless signal is [terrible|really weak] in one room[, so|,|;] how do I [fix|improve] it?",
            "[how do I|is there a way to] get a better wireless signal [upstairs|in the far room|in the back bedroom]?",
        ),
        (
            "[Place|Put] the router somewhere central and high, [out of cupboards|not in a cupboard] and away from [thick walls|the microwave and mirrors], since those [block|weaken] the signal. If that's not enough, [a mesh system|a wireless extender] [halfway|partway] to the weak room [usually sorts it|fills the gap].",
            "[First try|Start by] restarting the router and [raising it off the floor|lifting it up onto a shelf]. Walls, [mirrors|metal and water] and [other electronics|appliances] [soak up|block] the signal, so [a central spot|a more open spot] helps; [a mesh set or an extender|an extender] covers what's left.",
        ),
        "[I hope the signal improves|Good luck with the router].",
    ),
    _aside(
        "battery-life",
        "battery charge",
        (
            "my laptop battery [drains|runs down] [so fast|really quickly][, so|,|;] [what can I do|any tips]?",
            "how do I make my laptop battery last [through the day|as long as possible]?",
        ),
        (
            "Turn the screen brightness down, [close apps you're not using|quit programs you don't need], and [switch on|use] the battery saver mode. [The screen and background apps|Brightness and background apps] use the most power, so those two [make the biggest difference|matter most].",
            "[Lower|Reduce] the brightness, [turn off the keyboard backlight and wireless when you don't need them|switch off wireless and other radios you aren't using], and check which apps [use the most battery|drain the battery] in the settings. [Keeping|Holding] the charge between about twenty and eighty per cent also [helps the battery age slowly|slows battery wear].",
        ),
        "[I hope the battery lasts better|Good luck with the battery].",
    ),
    _aside(
        "spreadsheet-sum",
        "spreadsheet column formula",
        (
            "how do I [add up|sum] a column [of numbers|] in a spreadsheet?",
            "[what's|what is] the formula to add up [a column|a list of numbers] in a spreadsheet?",
        ),
        (
            "Click the cell under the column, type an equals sign, then the word sum, open a bracket, select the cells, close the bracket and press enter. [Most spreadsheets|Most spreadsheet programs] also have an autosum button [on the toolbar|in the menu] that [writes the formula for you|does it in one click].",
            "Use the sum formula: an equals sign, sum, and the range of cells [in brackets|inside round brackets], such as the first to the last cell of the column. [Or|Alternatively], select the cells and look at the status bar, which [shows the sum|gives the sum] without any formula.",
        ),
        "[Happy totting up|Glad that helps].",
        kind="know",
    ),
    _aside(
        "big-file",
        "file attachment email",
        (
            "my file is too big to [send|attach] by email[, so|,|;] what can I do?",
            "how do I send a [large|huge] file when the email attachment limit [blocks it|is too small]?",
        ),
        (
            "Upload the file to a cloud storage account and share it from there [instead of attaching it|rather than attaching it]; [most email services|many email apps] do this automatically [for big files|over a certain size]. [Compressing|Zipping] the file [helps a little|can also help], [especially for documents|mostly for documents rather than photos].",
            "[Use|Try] file sharing: put the file in cloud storage, [set it to|make it] viewable by anyone you invite, and send the invitation instead. [For photos|For pictures], [exporting them at a smaller size|shrinking the image size] [often gets the attachment under the limit|may be enough to fit].",
        ),
        "[I hope it gets through|Good luck sending it].",
    ),
    _aside(
        "updates",
        "updates update",
        (
            "[is it|is it actually] safe to keep putting off software updates?",
            "my laptop [keeps nagging|won't stop nagging] me to update[, so|,|;] [do I have to|should I just do it]?",
        ),
        (
            "[Putting updates off isn't wise for long|It's better not to put updates off for long]: many updates [fix security holes|patch security flaws] that scammers [actively|already] exploit. [Set updates to install overnight|Schedule updates for when you're not using it], and [save your files first|keep your files backed up] in case a restart [catches you out|interrupts something].",
            "[Install the update|Do the update] [soon|within a few days], [especially|above all] if it's a security fix. [Pick|Choose] a time when you won't need the laptop for half an hour, [plug it in|keep it on charge], and [back up anything important|save your open files] before you start.",
        ),
        "[Glad to help|I hope the update goes smoothly].",
        follow_ups=(
            (
                "Will [an update|the update] delete my files?",
                "[Updates almost never touch your files|Your files are almost always left alone by updates], but a backup before a big update is a sensible precaution, since it [costs only a few minutes|takes only a few minutes].",
            ),
        ),
    ),
    _aside(
        "keyboard-clean",
        "keyboard keys",
        (
            "how do I clean a [grubby|sticky|crumb-filled] keyboard?",
            "[a few|some] keys on my keyboard are [sticky|sticking][, so|,|;] how do I clean them?",
        ),
        (
            "[Turn it off|Switch it off] or unplug it, tip the keyboard upside down and [tap it|shake it gently] to [get the crumbs out|dislodge crumbs], then [use|go over it with] a can of compressed air or a soft brush. Wipe the keys with a cloth [barely damp with|lightly dampened with] [rubbing alcohol|soapy water].",
            "For sticky keys, [switch off|power down] first, then [clean round|go round] the key with a cotton bud dipped in [isopropyl alcohol|a little rubbing alcohol]. [On many keyboards|On most desktop keyboards] the keycap [pops off|can be prised off gently] for a proper clean underneath; [check|look up] your model first.",
        ),
        "[Enjoy the clean keyboard|Happy typing].",
    ),
    # ---- errands and everyday jobs
    _aside(
        "recycling-electricals",
        "electricals electrical recycling recycle",
        (
            "what do I do with old electricals [like a broken kettle|I don't use any more][, can they go in the bin|, do they just go in the bin| that nobody wants|]?",
            "where can I [recycle|get rid of] [small|old] electricals?",
        ),
        (
            "[Not in the household bin|They shouldn't go in the normal bin]: most [recycling centres|council tips] take small electricals, and many large [stores|retailers] that sell electricals [take old ones back|have a take-back bin]. [Batteries|Loose batteries] [go|need to go] in a separate battery recycling box.",
            "[Take them|Drop them off] at [your local recycling centre|the tip], which has a [bay|section] for electricals. [If it still runs|If something still switches on], [offer it free online|give it away locally] instead of recycling, and [take the batteries out|remove any batteries] first.",
        ),
        "[Good luck with the clear-out|Glad to help].",
    ),
    _aside(
        "shrunk-jumper",
        "jumper wool woollen",
        (
            "I've [shrunk|accidentally shrunk] a wool jumper in the wash[, so|,|;] [can it be saved|is there any way to stretch it back]?",
            "[is there a way to|how do I] [unshrink|rescue] a shrunken woollen jumper?",
        ),
        (
            "[It can often be saved|Often it can be rescued]: soak the jumper for half an hour in lukewarm water with a good squirt of hair conditioner, which relaxes the wool fibres. [Squeeze out|Press out] the water [without wringing|gently], then [lay it out on a towel|spread it on a dry towel] and [ease it|stretch it gently] back to shape as it dries.",
            "Soak the jumper in [tepid|lukewarm] water with [mild shampoo|hair conditioner] for [thirty minutes|half an hour], then roll it in a towel to get most of the water out. [Gently stretch|Coax] it back to size [a little at a time|bit by bit] and let it dry [lying down|on a towel], [pinned out|weighted at the edges] if you need to.",
        ),
        "[I hope the jumper recovers|Good luck with the jumper].",
        follow_ups=(
            (
                "How do I stop it happening again?",
                "[Wash wool|Put woollens] on a cool wool cycle or [wash it by hand|hand wash them], never tumble dry it, and dry the jumper laid out on a towel rather than on a radiator.",
            ),
        ),
    ),
    _aside(
        "ironing",
        "ironing iron shirt shirts",
        (
            "[what's|what is] the [quickest|easiest] way to iron a shirt?",
            "I [hate|dread] ironing shirts[, so|,|;] [any shortcuts|is there a quicker way]?",
        ),
        (
            "[Iron it|Do it] while it's still slightly damp, in this order: collar, cuffs, sleeves, then the back and the two fronts. [Use|Put] the iron on the right heat for the fabric and [hang the shirt up|put it on a hanger] straight away.",
            "[Hang shirts up|Take shirts out] [as soon as the wash finishes|straight from the drum], [shake them out|give them a sharp shake] and dry them on hangers: many then need [barely any ironing|only a quick touch-up]. [A steamer|A handheld steamer] is [faster|quicker] than an iron for [creases|light creases].",
        ),
        "[Happy ironing, if there is such a thing|Good luck with the ironing].",
    ),
    _aside(
        "care-labels",
        "label labels symbols symbol",
        (
            "what do the symbols on [clothes|clothing] care labels [actually|] mean?",
            "how do I read [the laundry symbols|a care label] [on clothes|before I wash something]?",
        ),
        (
            "The [tub|little bucket] symbol means it can go in the wash, [with the number of dots for the heat|dots inside showing the temperature]; a hand in the tub means hand wash. A triangle is about bleach, a square about drying, an iron about ironing, and a circle about dry cleaning. A cross through any symbol means don't.",
            "[Five|There are five] basic shapes on care labels: tub for the wash, triangle for bleach, square for drying, iron for ironing, circle for professional cleaning. More dots [means|mean] more heat, and [lines underneath|bars underneath] mean a gentler cycle.",
        ),
        "[Glad that clears it up|Happy laundry].",
        kind="know",
    ),
    _aside(
        "shoe-polish",
        "shoes shoe polish leather",
        (
            "how do I [polish|shine] leather shoes [properly|so they look decent]?",
            "my leather shoes [look scuffed|are all scuffed][, so|,|;] how do I [smarten them up|bring them back]?",
        ),
        (
            "Brush off the dirt, then [rub in|massage in] a [small|thin] amount of polish in small circles with a cloth and let it dry for ten minutes. [Buff|Brush] the shoes [hard|briskly] to a shine, and [finish|polish] with a few drops of water on the cloth for a glossier toe.",
            "[Clean the shoes|Wipe the leather] with a damp cloth, [rub|massage] [coloured|matching] cream polish into the scuffs to restore the colour, then [buff|brush] them. [Shoe trees|Stuffing them with paper] [keeps|will keep] the leather from creasing between wears.",
        ),
        "[Enjoy the shiny shoes|Happy polishing].",
    ),
    _aside(
        "stamps-abroad",
        "post letter stamps stamp",
        (
            "how do I [post|send] a letter abroad?",
            "[what|which] stamps do I need for a letter [going overseas|to another country]?",
        ),
        (
            "Write the country in capitals as the last line on the envelope and [take it to a post office counter|have it weighed at a post office], where they'll [tell you the postage|sell you the right stamp]. [You can also buy|Or buy] international postage online and print it at home.",
            "[International letters need|A letter abroad needs] international stamps, and the price [depends on|goes by] the size, weight and destination. [A post office counter|The counter at the post office] [will weigh it and sell you the right stamps|can weigh it for you], or [you can look it up|check the price] on the postal service's website.",
        ),
        "[I hope it arrives quickly|Happy posting].",
        hours=DAYTIME,
    ),
    # ---- more home
    _aside(
        "shower-mould",
        "mould grout shower",
        (
            "there's black mould [in the grout|on the sealant] round my shower[, so|,|;] how do I get rid of it?",
            "how do I [clean|shift] mould from shower grout?",
        ),
        (
            "[Spray the grout|Spray it] with a mould remover or a [diluted bleach solution|mix of one part bleach to four of water], leave it for [fifteen minutes|a quarter of an hour], then scrub with an old toothbrush and rinse. [Open a window|Ventilate the room] while you do it, and [run the fan|open the window] after every shower so the mould doesn't come back.",
            "For [light|surface] mould, [a paste of bicarbonate of soda and water|white vinegar sprayed on and left for an hour] [scrubbed in with a toothbrush|and a stiff brush] [shifts most of it|clears it]. Mould that has [got under|soaked into] the sealant [won't clean out|needs the sealant cutting out and redoing], and [drying the shower|a quick squeegee] after use [keeps it away|stops it returning].",
        ),
        "[Enjoy the clean shower|Good luck with the scrubbing].",
        hours=DAYTIME,
    ),
    _aside(
        "oven-clean",
        "oven",
        (
            "my oven is [filthy|disgusting|caked in grease][, so|,|;] [is there an easy way to clean it|how do I clean it without harsh chemicals]?",
            "how do I clean [the inside of an oven|a really greasy oven] [without scrubbing for hours|easily]?",
        ),
        (
            "[Spread|Smear] a paste of bicarbonate of soda and water over the inside of the [cold|cool] oven and leave it overnight. [Wipe it off|Scrape it off] with a damp cloth, then spray [a little|some] white vinegar where any paste is left; it fizzes and [lifts the rest|loosens what's left].",
            "[Take out the racks|Remove the shelves] and soak them in hot water with [dishwasher tablets|a dishwasher tablet] in the bath. [For the oven itself|Inside the oven], [a bicarbonate paste left overnight|a thick bicarbonate of soda paste left for a few hours] [softens the grease|loosens the grease], and a plastic scraper [takes it off|lifts it away] without scratching.",
        ),
        "[Enjoy the sparkling oven|Good luck with the oven].",
    ),
    _aside(
        "blocked-sink",
        "sink drain plughole",
        (
            "my sink is draining [really|very] slowly[, so|,|;] how do I unblock it [without calling anyone out|myself]?",
            "[what's|what is] the [easiest|cheapest] way to unblock a [sink|plughole]?",
        ),
        (
            "[Pull out|Hook out] what you can from the plughole first, [with a bent wire hanger|with a plastic drain snake], since hair and grease [are the usual culprits|cause most blockages]. Then pour down [a kettle of hot water|boiling water] with soda crystals, or use a plunger with the overflow covered by a damp cloth.",
            "[Try|Start with] a plunger: fill the sink with a few centimetres of water, [cover the overflow hole|block the overflow], and plunge [hard|firmly] for a minute. If the drain is still slow, [unscrew the trap under the sink|undo the bend in the pipe] over a bucket and [clear it out|clean it]; [it's easier than it sounds|it usually unscrews by hand].",
        ),
        "[I hope the sink drains freely now|Good luck with the sink].",
    ),
    _aside(
        "hanging-picture",
        "picture frame wall",
        (
            "how do I hang a [heavy|large] picture on a plasterboard wall?",
            "[what|which] fixings do I need to hang a picture [frame|] [so it doesn't fall|securely]?",
        ),
        (
            "Tap the wall: a hollow sound means plasterboard, so use [plasterboard fixings|cavity fixings] or find a timber stud with a stud finder. [For light frames|For a small frame], a picture hook with its angled pin [is enough|is fine]; [heavier ones|a heavy frame] [need|wants] two fixings for the picture to hang level.",
            "[Match the fixing to the wall|It depends on the wall]: [spring toggles or metal cavity anchors|cavity anchors] for plasterboard, wall plugs and screws for solid brick. [Use|Run] a detector first to avoid pipes and cables, and [mark the height|measure twice] with the picture held up [before you drill|before drilling].",
        ),
        "[Enjoy the picture|I hope it hangs straight].",
        hours=DAYTIME,
    ),
    _aside(
        "fridge-smell",
        "fridge smell smells",
        (
            "my fridge smells [awful|funny|a bit off] even after [clearing it out|a clear-out][, so|,|;] what can I do?",
            "how do I get rid of a [bad|musty|stale] smell in the fridge?",
        ),
        (
            "[Empty it|Take everything out], wipe every shelf and the seals with warm water and bicarbonate of soda, and [check the drain hole at the back|clear the little drain hole at the back], where [spills|old drips] often hide. Then leave an open tub of bicarbonate of soda [on a shelf|in the door] to absorb smells.",
            "[The smell often|A lingering smell usually] comes from [the seals|the door seals] or the drain channel at the back, so clean those [with a cotton bud|with a cloth and bicarbonate]. [A saucer of coffee grounds|An open box of bicarbonate of soda] [left inside|left on a shelf] absorbs what's left within [a day|a day or two].",
        ),
        "[Enjoy the fresh fridge|I hope the fridge smells sweet again].",
    ),
    _aside(
        "stuck-jar",
        "jar lid",
        (
            "how do I open a jar [when the lid is stuck|that won't budge]?",
            "[I can't|I just can't] get the lid off a jar[, so|,|;] any tricks?",
        ),
        (
            "[Run the lid under hot water|Hold the lid under the hot tap] for [half a minute|thirty seconds] so the metal expands, then [grip it with a rubber glove|use a rubber glove for grip]. [Tapping the edge of the lid|A few taps round the edge of the lid] on the worktop also breaks the seal.",
            "[Break the seal|Release the vacuum] by [sliding a spoon handle under the edge of the lid|levering the lid gently with a spoon] until you hear a pop, then it [turns|twists off] easily. [A rubber glove|A tea towel] [gives you grip|helps with grip] if the jar is slippery.",
        ),
        "[Enjoy whatever's in the jar|Glad to help with the jar].",
    ),
    _aside(
        "cables",
        "cables cable wires",
        (
            "how do I tidy [the|all the] cables [behind the telly|under the table][ that are such a mess| before they drive me mad|]?",
            "[any|got any] ideas for [hiding|tidying] [messy|tangled] cables?",
        ),
        (
            "[Bundle|Gather] the cables with [reusable|velcro] ties, [run them|route them] along the skirting board with adhesive clips, and [tuck|hide] the extension lead in a cable box. [Labelling each plug|A label on each plug] saves [guessing|unplugging the wrong thing] later.",
            "[A cable sleeve|A fabric sleeve] [gathers|turns] several cables into one [neat tube|tidy run], and [a cable tray|a small basket] screwed under the table [keeps|lifts] the extension lead off the floor. [Start by unplugging|First remove] [cables for things you don't use|any cables nothing needs].",
        ),
        "[Enjoy the tidy corner|Good luck with the cables].",
    ),
    # ---- pets
    _aside(
        "cat-water",
        "cat water drink",
        (
            "my cat [hardly|barely] drinks any water[, so|,|;] how do I get it to drink more?",
            "how do I [encourage|get] a cat to drink more water?",
        ),
        (
            "Many cats prefer flowing water, so a [pet water fountain|cat fountain] often helps, and so does a wide, shallow bowl placed away from the food. [Wet food|Some wet food in the diet] also [adds a lot of water|counts towards what the cat drinks].",
            "[Put|Place] a few bowls of fresh water around the home, [away from the food and the litter tray|not next to the food bowl], and [refresh them daily|change the water every day]. [Ceramic or glass bowls|Wide bowls] suit cats better than [plastic|narrow ones], and [a water fountain|flowing water] [tempts|draws] many cats to drink.",
        ),
        "[I hope the cat takes to it|Good luck with the cat].",
    ),
    _aside(
        "litter-smell",
        "litter tray smell",
        (
            "the litter tray [smells|stinks] [even though I clean it|all the time][, so|,|;] what am I doing wrong?",
            "how do I [stop|cut down] litter tray smells?",
        ),
        (
            "Scoop the litter tray at least once a day and [change all the litter|empty it completely] [every week or two|weekly], cleaning the tray with hot water and mild soap, not strong disinfectant. A clumping, unscented litter [traps smell better|controls the smell well], and a sprinkle of bicarbonate of soda under it helps.",
            "[Scooping twice a day|Scooping morning and evening] [makes the biggest difference|matters most] to the smell. [Scrub|Wash] the tray itself every week or so, since plastic [absorbs|soaks up] smells [over time|as it ages]; [replace the tray|a new tray] every year [helps|clears a stubborn smell].",
        ),
        "[I hope it smells fresher soon|Good luck with the litter tray].",
    ),
    _aside(
        "rabbit-diet",
        "rabbit rabbits hay",
        (
            "what should a pet rabbit [actually|] eat [every day|day to day]?",
            "[is it all right|is it fine] to give my rabbit [lots of|plenty of] carrots?",
        ),
        (
            "Hay should be most of a rabbit's diet, [about|roughly] [its own body size|a pile the size of the rabbit] every day, plus a handful of leafy greens and [a small portion|an egg cup] of pellets. [Carrots|Carrots and fruit] are [treats|sugary treats] [in small amounts|to give sparingly], not a staple.",
            "[Mostly hay|Unlimited hay], which keeps a rabbit's teeth and gut healthy, with fresh greens [such as|like] [spring greens, kale or herbs|kale, herbs and spring greens] and [fresh water always available|a constant supply of fresh water]. [Carrots are sugary|Carrots have a lot of sugar], so [keep them as an occasional treat|give just a slice now and then].",
        ),
        "[Give the rabbit a stroke from me|Enjoy the rabbit].",
    ),
    _aside(
        "hamster-night",
        "hamster hamsters",
        (
            "my hamster [keeps me awake|is up all night] [rattling its wheel|making noise][, so|,|;] what can I do?",
            "[is it normal|is it usual] for a hamster to be [so noisy|so active] at night?",
        ),
        (
            "[Hamsters are nocturnal|That's hamsters for you: they're nocturnal], so night is their [busy time|active time]. [Take the cage out of the bedroom|Keep the cage in another room], [choose|swap to] a [silent|quiet] spinner wheel, and [oil the wheel axle|put a drop of vegetable oil on the axle] if it squeaks.",
            "[It's completely normal|It's just how hamsters are]: they sleep by day and [exercise|explore] at night. [A silent wheel|A solid, quiet wheel] and a cage in [a sitting room|a room you don't sleep in] [fix most of it|solve most of the noise]; don't [wake|disturb] the hamster in the day to [change its hours|make it sleep at night].",
        ),
        "[I hope you both sleep better|Give the hamster a treat from me].",
        hours=(9, 24),
    ),
    _aside(
        "budgie-bored",
        "budgie bird cage",
        (
            "how do I keep a budgie [happy|entertained] when I'm out all day?",
            "my budgie [seems bored|looks bored][, so|,|;] [any ideas|what can I give it]?",
        ),
        (
            "Budgies are [sociable|flock birds], so [a second budgie|a companion budgie] [often makes the biggest difference|helps most]. [Rotate toys|Swap toys in and out] every week, [hang millet sprays|hide treats] for foraging, and [leave the radio on low|leave some quiet radio on] while you're out.",
            "[Give the budgie|Give it] [swings, ladders and mirrors|a mix of toys, ladders and perches] and [change them round|swap them about] each week so the cage [stays interesting|feels new]. [Daily time out of the cage|A daily fly around a safe room] and [a little talking|chatting to it] each day [keep a budgie content|make a big difference].",
        ),
        "[Give the budgie a whistle from me|Enjoy the budgie].",
    ),
    # ---- exercise
    _aside(
        "start-jogging",
        "jog jogging jogger",
        (
            "I want to start jogging [but I'm really unfit|from scratch][, so|,|;] how do I [begin|ease into it]?",
            "how do I [take up|get into] jogging without [hating it|getting injured]?",
        ),
        (
            "[Start|Begin] with intervals: jog for one minute, walk for ninety seconds, and repeat eight times, three times a week. [Add a little more jogging each week|Stretch the jogging bits a little every week], go slowly enough to hold a conversation, and [get|buy] [proper|decent] trainers.",
            "[Go slow|Keep it slow]: a jog where you can still talk [is right|is the right pace]. Mix jogging and brisk strides on foot, [three times a week|every other day], and [add no more than|increase by no more than] a tenth each week so your joints [keep up|catch up]. [Rest days|Days off] [count as|are part of the] training.",
        ),
        "[Enjoy the jogging|Good luck with the first jog].",
        follow_ups=(
            (
                "What should I wear [for it|to start with]?",
                "Comfortable trainers that fit well matter most for jogging. After that, anything breathable is fine, with a layer you can [tie round your waist|take off once you warm up].",
            ),
        ),
    ),
    _aside(
        "press-ups",
        "press",
        (
            "I can't do a single [proper|full] press-up[, so|,|;] how do I build up to one?",
            "how do I get strong enough to do press-ups [properly|from the floor]?",
        ),
        (
            "Start with press-ups against a wall, then a [worktop|sturdy table], then the bottom stair or your knees, [dropping lower|going lower] as each gets easy. [Three sets of ten|A few sets] [every other day|three times a week] [gets most people to a full press-up|builds up to a proper one] within [a couple of months|weeks].",
            "[Lower yourself|Do the lowering half] slowly from the top of a press-up, [taking|over] three seconds, then [drop to your knees|reset on your knees] to come back up. [A few sets|Three sets of five] [every other day|three times a week] [builds|trains] exactly the strength a full press-up needs.",
        ),
        "[Good luck with the press-ups|Enjoy getting stronger].",
    ),
    _aside(
        "press-up-form",
        "press",
        (
            "[what's|what is] the right form for a press-up?",
            "am I doing press-ups [wrong|properly] if my [lower back sags|shoulders ache]?",
        ),
        (
            "Hands just wider than your shoulders, body in a straight line from head to heels, [elbows at about forty-five degrees|elbows angled back, not flared out], and lower until your chest is [near|close to] the floor. [If your hips sag|If that's too hard], do press-ups on your knees [until you're stronger|while you build strength].",
            "[Squeeze your glutes and brace your stomach|Tighten your stomach and bottom] so your body stays [straight as a plank|in one line], [keep your elbows tucked|angle your elbows back] rather than flaring them, and [look at the floor just ahead|keep your neck in line]. A sagging back [means|is a sign] it's time to do press-ups from your knees for a while.",
        ),
        "[Good luck with the press-ups|Enjoy getting stronger].",
    ),
    _aside(
        "yoga-start",
        "yoga",
        (
            "I want to [try|start] yoga at home[, so|,|;] [where do I start|how do I begin]?",
            "how do I start yoga if I'm not [flexible|bendy] at all?",
        ),
        (
            "[Start with|Try] a [free|short] beginners' yoga video of [fifteen to twenty|about twenty] minutes, [a few times a week|three times a week], on a non-slip mat. [Go gently|Don't push into pain]: [bend your knees|prop yourself up with cushions] whenever you need to, and focus on slow breathing.",
            "[Don't worry about flexibility|Flexibility isn't needed to start]: yoga is [how you get|one of the gentlest ways to get] more flexible, not something you need first. [Pick|Choose] a beginners' class or video, [go at your own pace|never force a stretch], and [expect|notice] it getting easier within a few weeks.",
        ),
        "[Enjoy the yoga|Happy stretching].",
        follow_ups=(
            (
                "Do I need a proper mat?",
                "A non-slip mat helps a lot on a [wooden|hard] floor, but on carpet a folded blanket will do for your first few yoga sessions.",
            ),
        ),
    ),
    _aside(
        "motivation",
        "exercise exercising motivated motivation",
        (
            "how do I stay motivated to exercise [when I'm tired|on grey days|after a long day]?",
            "I [keep starting|always start] exercising and then [give up|stop][, so|,|;] how do I stick with it?",
        ),
        (
            "[Make exercise small and fixed|Keep exercise small and scheduled]: a set time, [like before breakfast|straight after you get home], [and|with] your kit laid out the night before. [Telling someone|Exercising with someone] or [ticking days off|keeping a simple log] [helps motivation|keeps you going], and ten minutes counts on bad days.",
            "[Pick|Choose] exercise you [actually enjoy|don't dread], and [plan it like|treat it like] any other fixed [commitment|date] in the diary. [Aim for|Value] [consistency|turning up], not intensity: a short session on a tired day [keeps the habit alive|keeps the streak going], which matters more than [any one workout|one big effort].",
        ),
        "[Good luck keeping it up|Enjoy the exercise].",
    ),
    _aside(
        "sore-muscles",
        "sore muscles aching stiff",
        (
            "my muscles are [so|really] sore [two days after|the day after] exercising[, so|,|;] [is that normal|what helps]?",
            "how do I [ease|deal with] sore, stiff muscles after [a tough session|exercising]?",
        ),
        (
            "[That soreness is normal|Soreness like that is normal]: muscles often ache most a day or two after [new or harder|unfamiliar] exercise. Gentle activity [such as|like] a stroll or easy stretching, [a warm bath|warmth], and [sleep|a good night's sleep] help; it [usually eases|normally settles] within [a few days|three days].",
            "[Keep gently active|Stay lightly active] rather than resting completely, since [light activity|easy movement] [eases|loosens] stiff muscles. [Drink plenty of water|Stay hydrated], [try|have] a warm bath, and [build up|increase] the [effort|intensity] more gradually next time to [keep the ache down|avoid the worst of it].",
        ),
        "[I hope the aches ease soon|Take it easy].",
    ),
    _aside(
        "home-exercise",
        "exercise equipment home body circuit",
        (
            "how can I [exercise|get some exercise|keep fit] at home without any equipment?",
            "[any|got any] ideas for [a quick|a short] home exercise routine [with no kit|that needs no equipment]?",
        ),
        (
            "A [simple|basic] circuit needs no equipment: squats, press-ups [against a chair|on your knees], lunges, a plank and star jumps, forty seconds each with twenty seconds' rest, [three times through|repeated three times]. [It takes|That's] about fifteen minutes and covers the whole body.",
            "[Use|Train with] your own body weight: [squats|chair squats], [lunges|stair climbs], [press-ups|wall press-ups] and a plank cover [legs, arms and core|most of the body]. [Climb the stairs|Go up and down the stairs] or [march on the spot|skip with an imaginary rope] between [sets|exercises] to [raise your heart rate|get your heart going].",
        ),
        "[Enjoy the routine|Have a good session at home].",
    ),
    # ---- plans and the day's tasks
    _aside(
        "thank-you-note",
        "thank note card",
        (
            "what should I write in a thank-you note [for a present|after staying with someone]?",
            "I [need to|ought to] write a thank-you card and [I never know what to say|nothing comes to me][, so|,|;] [any tips|what should it say]?",
        ),
        (
            "Keep the note short and specific: thank them for [exactly what they did or gave|the particular gift or favour], say one thing you [loved about it|enjoyed most], and end with something warm about seeing them [soon|again]. Three or four sentences [is plenty|is perfect].",
            "[Say exactly|Spell out] what you're thanking them for, [add|give] a detail that shows it mattered, [like|such as] where you'll use it or a moment you enjoyed, then [close|finish] warmly. A handwritten thank-you card doesn't need to be long to [mean a lot|be appreciated].",
        ),
        "[I'm sure they'll love it|Happy writing].",
    ),
    _aside(
        "saying-no",
        "say no request",
        (
            "how do I say no to a request politely without [feeling awful|sounding rude]?",
            "I [always|] end up agreeing to things I don't have time for[, so|,|;] how do I say no [nicely|politely]?",
        ),
        (
            "[Keep it short and kind|Be brief and warm]: thank them for asking, say no clearly, and [skip the long excuses|don't over-explain]. Something like, thanks for thinking of me, but I can't take that on right now. [Offering an alternative|Proposing something smaller] is [optional|a nice touch], not a must.",
            "[Give yourself time|Buy yourself time] by saying you'll [get back to them|check and reply], so you don't say yes on the spot. When you say no, [be clear rather than vague|be clear, not maybe]: a polite, definite no is kinder than a [reluctant yes|yes you regret].",
        ),
        "[Good luck with it|You've got this].",
    ),
    _aside(
        "focus",
        "focus focused concentrate concentration",
        (
            "I [get distracted|lose focus] [so easily|every few minutes][, so|,|;] how do I [concentrate properly|stay focused for more than a few minutes]?",
            "[any|got any] tips to help me focus [when I've got a lot to do|at the laptop]?",
        ),
        (
            "[Try|Use] a focus timer: [twenty-five minutes of focus|focus for twenty-five minutes] on one task, then a five-minute break, and a bigger break after four rounds. [Silence notifications|Turn notifications off] and [keep|put] anything distracting in another room.",
            "[Decide|Write down] the one task you'll [do next|finish first] before you start, [close everything else|shut every other tab and app], and [turn off notifications|silence notifications]. [Focus|Concentration] [builds with practice|is like a muscle]: [start|begin] with twenty-minute [blocks|stretches] and [build up|add five minutes at a time].",
        ),
        "[Good luck getting things done|Enjoy the focus].",
        follow_ups=(
            (
                "Does background music help?",
                "For many people, music without words helps focus on routine tasks, while silence suits reading and writing. Try both and see which [suits you|helps you].",
            ),
        ),
    ),
    _aside(
        "procrastination",
        "procrastinating procrastination putting task",
        (
            "I keep putting off [a task I hate|something I need to do][, so|,|;] how do I [stop procrastinating|just get started]?",
            "[any|got any] tricks for [beating|getting past] procrastination?",
        ),
        (
            "[Make the start tiny|Shrink the start right down]: [commit to|promise yourself] just five minutes on the task, [with a timer|timer on]. Starting is the hard part of procrastination, and [once you're going|once you've begun] you'll often [carry on|keep going]. [Do it first thing|Tackle it early], before [other things [crowd it out|get in the way]|the day [crowds it out|gets in the way]].",
            "[Break the task into|Split the task into] pieces so small they feel [silly|almost too easy], and write down only the very next one. [Procrastinating|Putting things off] is often about [dreading|avoiding] a feeling rather than the task itself, so [spotting what you're dreading|noticing what feels hard] [helps|takes some of the sting out].",
        ),
        "[Good luck getting started|You'll feel better once it's done].",
    ),
    _aside(
        "to-do-list",
        "list tasks priorities prioritise",
        (
            "my to-do list is [enormous|endless][, so|,|;] how do I [decide what to do first|prioritise]?",
            "[what's|what is] a [good|sensible] way to prioritise a long list of tasks?",
        ),
        (
            "Sort the list into four groups: urgent and important, important but not urgent, urgent but not important, and neither. Do the first group now, [schedule|diary] the second, [hand off|delegate] the third, and [drop|cross off] the last.",
            "Pick [the three tasks|three things] that would make [today|the day] a success and do those before anything else on the list. Everything else [goes on|drops to] a [later|someday] list, which you [look over|glance at] once a week.",
        ),
        "[Good luck with the list|Enjoy ticking things off].",
        follow_ups=(
            (
                "What if everything [on it|] feels urgent?",
                "Ask which tasks [really|actually] cost you something today if they slip. Usually only one or two do, and the rest of the list can wait.",
            ),
        ),
    ),
    _aside(
        "chasing-email",
        "email reply chase",
        (
            "how do I [politely chase|nudge] someone who hasn't replied to my email [yet|]?",
            "[what's|what is] a polite way to [follow up|nudge someone] when an email [goes unanswered|gets no reply]?",
        ),
        (
            "[Reply|Answer] in the same thread so they have the context, keep it short and friendly, [something like|for example], just bumping this up in case it got buried, could you let me know by the end of the week? [A clear question|A specific date] makes a reply [easier|much more likely].",
            "[Wait|Leave it] [a few weekdays|three or four days], then [send|write] a brief, friendly [follow-up|nudge] in the same email thread. [Make it easy to answer|Ask one clear question], and [assume|take it] that they were busy rather than ignoring you.",
        ),
        "[I hope you get a reply soon|Good luck with the chase].",
    ),
    _aside(
        "morning-person",
        "morning earlier mornings",
        (
            "how do I [become|turn into] a morning person?",
            "I want to get up earlier [in the mornings|than I do][, so|,|;] how do I [make it stick|actually do it]?",
        ),
        (
            "[Shift|Set] your alarm earlier by fifteen minutes every few days [rather than|instead of] all at once, and go to bed earlier to match. [Get|Open the curtains for] daylight [straight away|as soon as you're up] in the morning, and [put|leave] the alarm across the room so you have to get up.",
            "[Change|Bring forward] your bedtime first, since getting up earlier only sticks if you sleep enough. [Keep|Hold] the same wake-up time every day, weekends too, and give yourself [a reason to get up|something you look forward to] in the morning, [like|such as] a proper coffee or a quiet half hour.",
        ),
        "[Good luck with the early starts|Enjoy the quiet mornings].",
        follow_ups=(
            (
                "What if I'm still tired [every morning|in the mornings]?",
                "Give it two or three weeks, because your body clock shifts slowly. If you're still exhausted every morning despite enough sleep, it's worth [a word with|mentioning to] a doctor.",
            ),
        ),
    ),
    _aside(
        "declutter-wardrobe",
        "wardrobe clothes",
        (
            "my wardrobe is [stuffed|overflowing] with clothes I never wear[, so|,|;] how do I [clear it out|decide what to keep]?",
            "[what's|what is] a [good|sensible] way to declutter a wardrobe?",
        ),
        (
            "Take everything out and [only put back|put back only] clothes you've worn [in the last year|this past year] and that fit now. [Bag up the maybes and date the bag|Box up the maybes and write the date on the box]: anything you haven't [missed|fetched] in six months can go.",
            "[Turn all the hangers backwards|Hang everything with the hooks facing backwards], and [turn|flip] each one the right way after you wear it. After [six months|a season], the clothes still facing backwards [are the ones to let go|show you what to give away].",
        ),
        "[Enjoy the space|Good luck with the wardrobe].",
    ),
    _aside(
        "gift-everything",
        "present gift",
        (
            "[what present do I get|what's a good present for] someone who [already has everything|says they want nothing]?",
            "I [need|have to find] a gift for someone who's [impossible to buy for|really hard to buy for][, so|,|;] any ideas?",
        ),
        (
            "[Go for|Think about] an experience as the present rather than a thing: a meal out, [a tasting|a class], or [a show|a day out] you can enjoy together. [A consumable gift|Something consumable], like [good coffee|fancy chocolate] or [a bottle of something|nice olive oil], also [never clutters|won't clutter] their shelves.",
            "[Something personal|A personal touch] [beats|wins over] something expensive: a framed photo, a [favourite|treasured] recipe written out, or [a letter|a note] about a [shared|happy] memory. [Consumables|Treats they'll use up] are a safe gift too, since they [leave no clutter|don't take up space].",
        ),
        "[I hope they love it|Good luck with the present].",
    ),
    _aside(
        "typing",
        "typing type",
        (
            "how do I [get faster at|speed up my] typing?",
            "I still type with two fingers[, so|,|;] is it worth learning to touch type?",
        ),
        (
            "Learn touch typing with a free online tutor for [ten|fifteen] minutes a day: [fingers on the home row|fingers resting on the middle row of letters], eyes on the screen, and accuracy before speed. [Most people|Many people] [type faster than before|overtake their old speed] within a few weeks.",
            "[Learning to touch type is worth it|Touch typing is the answer]: it [frees your eyes|keeps your eyes on the screen, not the keys,] and [usually doubles|often doubles] your speed [once it clicks|with practice]. [Practise|Do] short daily sessions and resist looking down, even when typing [feels slow|slows you down] at first.",
        ),
        "[Happy typing|Good luck with the practice].",
    ),
    # ---- outdoors and windowsills
    _aside(
        "patchy-lawn",
        "lawn grass",
        (
            "my lawn is [patchy|full of bare patches][, so|,|;] how do I fix it?",
            "[what's|what is] the [easiest|surest] way to repair bare patches in a lawn?",
        ),
        (
            "[Rake out|Scratch up] the bare patches, [loosen the soil|rough up the soil] and sprinkle grass seed mixed with a little compost, then press it down and water it [gently|lightly] every dry day. [Spring and early autumn|Early autumn or spring] [are the right times|suit it], when the soil is warm and damp.",
            "[Loosen|Fork over] the bare soil, [scatter|sow] [lawn seed|grass seed] [at the rate on the box|thinly and evenly], and cover it with a [fine|thin] layer of compost. [Keep it moist|Water it lightly] [until it's growing|for a few weeks] and [keep off the lawn|don't walk on it] until the new grass [is tall enough to mow|has had its first cut].",
        ),
        "[Enjoy the green lawn|Good luck with the grass].",
        hours=DAYTIME,
    ),
    _aside(
        "weeds-paving",
        "weeds paving patio",
        (
            "how do I [get rid of|stop] weeds between paving slabs [without weedkiller|for good]?",
            "the weeds in my patio are [out of control|taking over][, so|,|;] [any tips|what's the easiest fix]?",
        ),
        (
            "[Pour|Tip] [boiling water|a kettle of boiling water] [straight|directly] onto weeds between the paving; it [kills|wilts] them [down to the root|to the roots] in a day or two. Then [brush|sweep] [jointing sand|fine sand] into the gaps so new weeds [struggle to take hold|can't take root].",
            "[Scrape|Hook] the weeds out of the gaps with [an old knife|a weeding tool], then [brush in|sweep in] [jointing sand|a setting sand] [that sets firm|which hardens when wet] so [fresh weeds|new weeds] can't [get a root in|take hold]. A [stiff brush|quick sweep] [every few weeks|now and then] keeps the paving clear.",
        ),
        "[Enjoy the tidy patio|Good luck with the weeds].",
        hours=DAYTIME,
    ),
)


# ---------------------------------------------------------------------------------------------
# Own-life chats: the user mentions something from their own day or week and the two talk about
# it for a moment. No help is asked for; the assistant responds to what was said (sympathy for a
# bad day, pleasure at a good one, interest in a plan), asks one or two questions that fit, and
# closes, sometimes with a small tip.

Mood = Literal["good", "bad", "plan", "calm", "mixed"]


#: A question the assistant asks about the user's news, and the user's answer to it.
Exchange = FollowUp

#: A chat template, or any alternative inside its brackets, may open with a cue, `<words>` or
#: `<!words>` (alternatives split by `/`): it is drawn only when the user's turns so far say one
#: of the words (or, with `!`, none of them). A reply that picks up a detail only some of the
#: user's wordings give ("Getting through a whole song is huge", "With the old cables, ...")
#: carries the detail as its cue, so the assistant never answers something the user did not
#: say; a question or an answer that would contradict a wording ("Did you get a seat?" after "I
#: stood the whole way") carries it with `!`. Every bracket keeps an alternative without a cue,
#: so some wording always fits. Cues read only the chat's own turns, the same in every session.
_CUE = re.compile(r"^<(!?)([^<>]+)>\s*")
_CUES = re.compile(r"<!?[^<>]+>\s*")
_INNER = re.compile(r"\[([^\[\]]*)\]")


def cue(template: str) -> tuple[bool, tuple[str, ...], str]:
    """(negated, words, rest): the cue a template or an alternative opens with, if any."""
    found = _CUE.match(template)
    if not found:
        return False, (), template
    words = tuple(w.strip().lower() for w in found.group(2).split("/"))
    return found.group(1) == "!", words, template[found.end() :]


def cue_fits(template: str, said: str) -> bool:
    """Whether the template (by the cue it opens with) may be drawn after the user's `said`."""
    negated, words, _ = cue(template)
    if not words:
        return True
    low = said.lower()
    return any(re.search(rf"\b{re.escape(w)}", low) for w in words) != negated


def body(template: str) -> str:
    """The template with every cue left out (for the writing rules, which hold for every word)."""
    return _CUES.sub("", template)


def fitted(template: str, said: str) -> str:
    """The template without its cue and without the alternatives whose cue does not fit what
    the user has said (`said`), ready to expand."""
    template = cue(template)[2]
    groups: list[str] = []
    while found := _INNER.search(template):
        kept = [cue(a)[2] for a in found.group(1).split("|") if cue_fits(a, said)]
        groups.append("[" + "|".join(kept or [""]) + "]")
        template = f"{template[: found.start()]}\x00{len(groups) - 1}\x00{template[found.end() :]}"
    while "\x00" in template:
        template = re.sub("\x00(\\d+)\x00", lambda m: groups[int(m.group(1))], template)
    return template


@dataclass(frozen=True)
class Chat:
    """One thing from the user's own life and the talk that fits it."""

    key: str
    #: Which of work, cooking, travel, health, money, hobbies, tech, errands and plans.
    domain: str
    #: What the news is to the user: it picks the assistant's opening acknowledgement.
    mood: Mood
    #: Ways the user brings it up (one sentence each, before any lead-in).
    mentions: tuple[str, ...]
    #: The assistant's response to the content (before its question).
    reactions: tuple[str, ...]
    #: Questions that fit whatever the mention said, each with the user's answer; any two may
    #: follow each other, so no answer presumes another.
    exchanges: tuple[Exchange, ...]
    #: The assistant's last word (some carry a small tip).
    closes: tuple[str, ...]
    hours: tuple[int, int] = ANY
    #: Months in which the chat reads naturally (all by default).
    months: frozenset[int] = frozenset(range(1, 13))
    #: Days of the week (Monday 0) on which it reads naturally ("at the weekend" is a plan
    #: made before the weekend, not on a Sunday).
    weekdays: frozenset[int] = frozenset(range(7))

    def fits(self, hour: int) -> bool:
        start, end = self.hours
        return start <= hour < end

    def fits_moment(self, moment: datetime) -> bool:
        return (
            self.fits(moment.hour)
            and moment.month in self.months
            and moment.weekday() in self.weekdays
        )


def _chat(
    key: str,
    domain: str,
    mood: Mood,
    mentions: tuple[str, ...],
    reactions: tuple[str, ...],
    exchanges: tuple[str, ...],
    closes: tuple[str, ...],
    hours: tuple[int, int] = ANY,
    months: tuple[int, ...] = (),
    weekdays: tuple[int, ...] = (),
) -> Chat:
    return Chat(
        key,
        domain,
        mood,
        mentions,
        reactions,
        tuple(Exchange(a, b) for a, b in zip(exchanges[::2], exchanges[1::2], strict=True)),
        closes,
        hours,
        frozenset(months or range(1, 13)),
        frozenset(weekdays or range(7)),
    )


#: After lunch (a day can be talked about as mostly behind).
AFTERNOON = (13, 24)
#: Monday to Friday, for plans made for the coming weekend.
BEFORE_WEEKEND = (0, 1, 2, 3, 4)

#: Ways into the user's news inside its own sentence (a lead standing alone would recur).
CHAT_LEADS = "[||||Anyway,|Oh,|So,|Not much to report, but|Right,|Small bit of news:|Well,|Funny old week:|By the way,|On another note,|Meanwhile,|Random update:]"

#: How the assistant may open, by the mood of the news (part of the same turn).
MOOD_OPENERS: dict[Mood, str] = {
    "good": "[||Oh, nice.|Oh, that's great.|Well done.|Good for you.|Oh, lovely.|Nice one.|Ha, brilliant.|Oh, how satisfying.]",
    "bad": "[||Oh no.|Oh dear.|Ugh, sorry.|Sorry to hear that.|Oh, poor you.|That's rotten.|Oh, that's no fun.|Ah, that's rough.]",
    "plan": "[||Ooh.|Oh, nice.|Sounds good.|Oh, that sounds fun.|How exciting.|Oh, good plan.]",
    "mixed": "[||Ah.|Oh, right.|Hm.|Oh, I see.|Ah, okay.|Oh, goodness.]",
    "calm": "[||Oh, good.|Sounds sensible.|Good idea.|Very wise.|Oh, sensible.|Quite right.]",
}

#: How the assistant may take an answer before asking a second question.
BRIDGES = "[|||Fair enough.|Makes sense.|Right.|Right, okay.|Ah, okay.|I see.|Mm.|That figures.|Understandable.]"

#: What the assistant may add after its close, by mood.
CHAT_TAILS: dict[Mood, str] = {
    "good": "[||| Enjoy it.| Nicely done.| You've earned a rest.]",
    "bad": "[||| Take it easy.| Look after yourself.| I hope the rest of the week is kinder.| Go gently.]",
    "plan": "[||| Have fun with it.| Let me know how it goes.| I hope it all comes together.]",
    "calm": "[||| Enjoy it.| Good luck with it.| Sounds like just what you need.]",
    "mixed": "[|||| Thanks for telling me about it.| Good of you to share it.]",
}

CHATS: tuple[Chat, ...] = (
    # ---- the day job (never the word itself: the fact families own it)
    _chat(
        "deadline-met",
        "work",
        "good",
        (
            "I [finally|] got that [big report|long report|quarterly report] [finished|sent off|handed in] [before the deadline|with hours to spare|just before the deadline][, and it feels great|, what a relief|, and I could sleep for a week|].",
            "the [report|project write-up] that's been hanging over me for weeks is [done|finished|off my plate][, submitted and everything|, finally|, on time too|].",
        ),
        (
            "[That's a weight off|What a weight off your shoulders|That must feel like a weight lifted], [especially after weeks of it|after it hung over you for so long|given how long it dragged on].",
            "[Getting it in on time|Beating the deadline|Finishing it properly] [is a real win|is worth celebrating|deserves a moment of pride].",
        ),
        (
            "[What part|What bit] [was the hardest|took the longest|gave you the most trouble]?",
            "[The figures, honestly|Pulling the numbers together, mostly|Honestly, the summary at the start], [I rewrote it about five times|it took far more effort than it should have|that ate most of the week].",
            "[Are you doing anything|Got anything planned] to [celebrate|mark it|reward yourself]?",
            "[Nothing grand|Nothing big], [probably a takeaway and an early night|just a proper lie-in if I can manage it|maybe a nice meal out at the weekend][, I think|, to be honest|].",
            "[Do you get|Is there] a quieter stretch [after this|once it's in], or [does the next thing start straight away|is it straight on to the next thing]?",
            "[A few quieter days, I hope|Supposedly a quieter week], [though I'll believe it when I see it|before the next round starts|and I intend to enjoy it].",
        ),
        (
            "[That sounds well deserved|Good, you've earned it]. [For the next big one|Next time a big one comes round], [starting with the hardest section|blocking out an hour each morning for it] [often stops it hanging over you|can take a lot of the pressure off].",
            "[Enjoy the breathing space|Make the most of the lull], and [don't let anything fill it straight back up|guard a bit of it for yourself].",
        ),
    ),
    _chat(
        "deadline-looming",
        "work",
        "bad",
        (
            "I've got [a deadline|a horrible deadline|three deadlines] [landing|coming up] [at the end of the week|in a couple of days|far too soon] and I'm [nowhere near|miles off|not even close to] [done|ready][, it's stressing me out|, so I'm a bit frazzled|].",
            "[it's been|this week has been] [nothing but|all] late evenings and [deadlines|one deadline after another][, I'm on fumes|, and I'm shattered|, I barely know what day it is].",
        ),
        (
            "[That sounds exhausting|That's a lot to carry at once|That's a horrible squeeze], [<frazzled>and no wonder you're frazzled|<late evenings>especially with late evenings on top|and it's hard to think straight like that].",
            "[A pile of deadlines like that|A crunch like that] [wears anyone down|is draining|takes it out of you], [however organised you are|even when you're on top of things].",
        ),
        (
            "[Is the deadline fixed|Is it a fixed date], or is there any give in it?",
            "[Not really|Sadly not], [it's tied to something else going out|there's a whole queue of tasks waiting on it|it's been pushed back once already], [so I just have to push through|so it's heads down until then].",
            "[Have you managed to|Are you getting a chance to] [eat properly|take any breaks at all|get some sleep] [in all this|through it]?",
            "[Sort of|Barely], [I keep eating at my screen|lunch has mostly been crackers|I'm sleeping but not well][, and I know that isn't ideal|, I know, I know|].",
        ),
        (
            "[Hang in there|You'll get through it]. [Even ten minutes away from the screen|A short break every couple of hours] [often gets you more done|usually saves time overall], [because tired eyes make slow decisions|since you come back sharper].",
            "[It'll be over soon|The end is in sight], [and then you can properly switch off|and you'll have earned a quiet weekend]. [Try to|Do try to] [eat one proper meal a day|get to bed at a sane hour] [in the meantime|before then].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "presentation-ahead",
        "work",
        "mixed",
        (
            "I have to give a presentation [soon|at the end of the week|in a few days] [to a room full of people|in front of the whole department|to about forty people] and I'm [quietly dreading it|already nervous|a bag of nerves][, if I'm honest|, to be honest|].",
            "I've been [roped into|asked to give|landed with] a [big|proper|longish] presentation [soon|next week|at the end of the month][, and public speaking is not my thing|, and my stomach is already in knots|, and that's well outside my comfort zone].",
        ),
        (
            "[Nerves before a talk are completely normal|Almost everyone feels like that before a talk|Being nervous usually means you care about doing it well], [and they tend to settle once you start|and the audience rarely notices them|and they usually fade after the first minute].",
            "[That's a big thing to be asked to do|Being asked to present is a vote of confidence], [even if it doesn't feel like it yet|nerves and all|though I understand the dread].",
        ),
        (
            "[What's it about|What's the topic], if it's not a secret?",
            "[Just an update on a project I've been leading|The results of a project from the last few months|A new process we're bringing in], [so I do know the material|so at least I know it inside out|nothing too technical, thankfully].",
            "[Have you had a chance to|Do you get to] [rehearse it|run through it out loud|practise it] [beforehand|at all]?",
            "[Not yet|A little], [I've got the slides but haven't tried it out loud|I mumbled through it once on my own|I keep meaning to][, and that's probably the problem|, so that's the plan for the weekend|].",
        ),
        (
            "[Rehearsing it out loud two or three times|Saying it out loud a few times, ideally to a timer,] [makes a huge difference|is the surest cure for nerves], [because the words are then already in your mouth|since the first minute is what matters most]. [Learn the opening lines by heart|Know your first couple of sentences cold] and the rest [usually follows|tends to flow].",
            "[You know the material, and that's most of it|You clearly know your stuff]. [Slow down a little more than feels natural|Speak a touch slower than you think you need to] and [take a sip of water when you lose the thread|pause rather than rush]: [it reads as calm, not lost|nobody objects to a pause].",
        ),
    ),
    _chat(
        "inbox-return",
        "work",
        "bad",
        (
            "I came back from a few days off to [hundreds of emails|an inbox that's completely out of control|more emails than I can face][, and I've barely made a dent|, and it's taken all day to wade through them|, so that was my day].",
            "my inbox [is a disaster|has exploded|is out of hand] after [a few days off|a short break|being away for a bit][, and I can't see the bottom of it|, I've been digging through it all day|, it's soul-destroying].",
        ),
        (
            "[That's the worst part of time off|Coming back to that undoes the whole break|It's cruel how fast an inbox fills up], [and wading through it is draining|and it's hard to know where to start|just when you're meant to feel rested].",
            "[<inbox>An overflowing inbox is such a grind|That pile-up after a break is grim], [especially when every message wants something|because it all looks urgent at first|and it never feels finished].",
        ),
        (
            "[Is most of it|How much of it is] actually [urgent|needing a reply], or [mostly noise|mostly copies and updates]?",
            "[Mostly noise, really|About a tenth is real], [it's the few important ones buried in there that worry me|the rest is newsletters and automatic updates|but I have to open them all to find out].",
            "[Did the break itself do you good|Did the time off itself do you good], at least?",
            "[It did, yes|It was lovely, actually], [I slept properly for the first time in ages|I hardly looked at a screen|I came back properly rested][, so worth it|, so I can't complain too much|].",
        ),
        (
            "[A trick that helps|Something that helps]: [sort by sender and clear the automatic ones in bulk|search for the newsletters and archive them all at once], then [deal with the rest newest first|go through what's left from the newest], since [older threads have often sorted themselves out|half the old ones will already be answered].",
            "[Give it a day or two|You'll be on top of it soon], and [don't let it cancel out the rest you got|hold on to a bit of that rested feeling]. [An out-of-office that says when you'll catch up|A clear out-of-office note] [can buy some slack next time|helps too, next time].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "long-calls",
        "work",
        "bad",
        (
            "[today has been|I've had] [back-to-back calls|one call after another|calls from start to finish] [all day|since first thing][, and my voice is going|, and I've got nothing actually done|, I'm completely drained].",
            "I was stuck the whole day [on calls|on video calls|in one call after another][, without a gap between them|, not a minute in between|] and [I'm fried|my head is pounding|I've achieved precisely nothing].",
        ),
        (
            "[Days like that are draining|A day of back-to-back calls is exhausting|That's a properly tiring sort of day], [even when each call is short|because you're switched on the whole time|and it leaves no room to do anything].",
            "[<video>Video calls take more out of you than people expect|Being on calls all day is surprisingly tiring|Calls all day take more out of you than people expect], [<fried>so no wonder you're fried|<head>and the headache makes sense|<gap/minute in between>especially with no gaps in between|and they leave no room to think].",
        ),
        (
            "[Were any of them actually useful|Were they worth it, at least], or could most have been an email?",
            "[Two of them were useful|One was worth it], [the rest could easily have been an email|the others just went round in circles|the others were updates I could have read in a minute].",
            "[Is there|Got] [a calmer day|more time to yourself] [coming up|after this]?",
            "[A bit calmer, I think|Hopefully], [I've blocked out a morning to catch up|there are only a couple of calls in the diary|unless more get added overnight].",
        ),
        (
            "[Well done blocking out time|Guarding a morning like that is smart]. [Shorter calls|Calls of fifty minutes rather than an hour] [leave a few minutes to stand up and breathe|give you a gap to stretch], [and that helps more than it sounds|and it adds up over a day].",
            "[I hope the evening is quiet|Get some quiet this evening if you can]. [Looking at something far away for a minute|Getting away from screens for a while] [rests your eyes|<head>helps the headache] [more than scrolling does|better than another screen].",
        ),
        hours=(15, 24),
    ),
    # ---- cooking
    _chat(
        "curry-from-scratch",
        "cooking",
        "good",
        (
            "I [made|cooked|had a go at] a curry [completely from scratch|from scratch for the first time|with whole spices rather than a jar] [this evening|tonight|earlier][, and it was actually really good|, and it turned out brilliantly|, and I'm rather proud of it].",
            "[my first|my] [homemade|from-scratch] curry [was a success|came out really well|turned out better than the takeaway][, if I say so myself|, honestly|].",
        ),
        (
            "[There's nothing like|Nothing beats] [getting a dish right from scratch|a curry you made yourself], [<first>especially the first time|<spices>and the whole place smelling of spices|and it sounds like it paid off]. [Toasting|Frying] the spices [properly|yourself] [makes all the difference|is where the flavour comes from].",
            "[<jar>From scratch is a big leap up from a jar|Making it from scratch is a proper achievement], [and it sounds like it paid off|and the flavour is usually so much better].",
        ),
        (
            "[What kind did you make|What sort of curry was it]?",
            "[A chickpea and spinach one|A simple lentil one|A chicken and tomato one], [nothing too fancy|from a recipe I found|mild, because I'm a coward with chilli][, but it tasted proper|, but it came out right|].",
            "[Will you|Are you going to] [make it again|try another one]?",
            "[Definitely|Oh, for sure], [there's enough left for lunch the next day as well|I want to try a hotter one next|I've already bought more spices][, and that helps|, so watch this space|].",
        ),
        (
            "[Curries are often even better the next day|A curry usually tastes better the day after], once the flavours [settle|have mingled]. [Freeze a portion or two|Keep a portion in the freezer] and you've got [a ready meal on a tired evening|dinner sorted on a bad night].",
            "[Good on you|Well done]. [Next time, try|A good next one is] [a dal|a simple dal] [with a tempering of spices poured over at the end|with fried garlic and cumin on top]: [cheap, quick and very satisfying|quick and hard to get wrong].",
        ),
        hours=(19, 24),
    ),
    _chat(
        "burnt-dinner",
        "cooking",
        "bad",
        (
            "I [managed to burn|completely burnt|cremated] the dinner [tonight|this evening][, smoke alarm and all|, the whole pan is black|, so it's toast for tea].",
            "[dinner was a disaster|tonight's dinner went badly wrong][, I got distracted and burnt it|, I turned my back for five minutes and it caught|, the pan boiled dry][, and the smell is everywhere|, and the smoke alarm went off|].",
        ),
        (
            "[<smoke alarm>Oh, the smoke alarm is the worst bit|<smell>That smell lingers for ages|A ruined dinner is so deflating], [and it's so easy to do|and it happens to everyone|especially when something else grabs your attention].",
            "[<five minutes>Five minutes is all it takes|It happens in no time at all], [and there's nothing worse than scraping a ruined dinner into the bin|and it's deflating after all that effort].",
        ),
        (
            "[Did you manage to|Were you able to] [salvage any of it|rescue anything|eat something in the end]?",
            "[Not really|Barely], [I scraped off the top layer and ate that|I ended up having cheese on toast|I gave up and had cereal][, and that was sad|, so not a complete loss|].",
            "[What were you making|What was it meant to be]?",
            "[A stew I'd been looking forward to|Just a pasta bake|A risotto, of all things], [and that made it worse|so not the end of the world|and I'd bought nice ingredients for it too].",
        ),
        (
            "[For the pan|If the pan is black], [fill it with water and a spoonful of bicarbonate of soda and simmer it|soak it overnight with a dishwasher tablet and hot water]; [the burnt layer usually lifts right off|the worst of it comes away with a wooden spoon].",
            "[<ate/cereal/toast>At least you ate something|<cheese on toast>Cheese on toast has rescued many an evening|At least nobody got hurt]. [A timer|A timer on your wrist], [even for things that don't need one|set for every stage], [saves a lot of dinners|is the easiest fix].",
        ),
        hours=(19, 24),
    ),
    _chat(
        "first-loaf",
        "cooking",
        "good",
        (
            "I baked [my first ever|my very first|a proper] loaf of bread [today|at the weekend|earlier][, and it actually rose|, and it came out looking like a real loaf|, and the whole place smells amazing].",
            "[my first homemade bread|my first loaf] [came out of the oven|was a success][, crusty and everything|, and it sounds hollow when you tap it|, and it's nearly half gone already].",
        ),
        (
            "[<first>A first loaf that turns out well is a real achievement|<rose>Getting a good rise is impressive|A loaf that turns out well is a real achievement], [since plenty of first loaves come out like bricks|and the smell alone makes it worth it].",
            "[There's nothing like the smell of fresh bread|Fresh bread from your own oven is hard to beat], [and it's a lovely skill to pick up|especially warm with butter].",
        ),
        (
            "[What sort of loaf did you make|Was it a plain white or something else]?",
            "[Just a plain white to start with|A wholemeal one, from a basic recipe|A simple white, nothing fancy], [I wanted to get the basics right first|because I didn't want to push my luck|and it was surprisingly easy][, really|].",
            "[How long did it take|Was it a long process], [all told|from start to finish]?",
            "[Most of the afternoon|About four hours, mostly waiting], [but the actual kneading is only ten minutes|though most of it is just letting it rise|so it's a weekend thing for me].",
        ),
        (
            "[Bread keeps well|A loaf stays fresh] [in a paper bag or a bread bin|wrapped in a tea towel], not the fridge, [since the cold stales it faster|as the cold dries it out]. [Slice and freeze half|Freeze half, sliced,] if you won't get through it [in a couple of days|quickly].",
            "[Next time, try|A nice next thing to try is] [a handful of oats or herbs in the dough|a rustic loaf baked in a hot pot with a lid], [and you'll have a proper crust|for a crackly crust]. [Enjoy the toast|Enjoy every slice].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "soup-pot",
        "cooking",
        "good",
        (
            "I made [a huge pot|an enormous pot|a big pan] of [vegetable|leek and potato|lentil] soup [today|this afternoon|earlier][, and it's so warming|, enough to last me the week|, and that was very satisfying].",
            "[I've been on a soup kick|soup is my new favourite thing][, I made a giant pot of|, today it was] [lentil|vegetable|tomato] [and it's lovely|and it's just right for the cold|and the freezer is filling up nicely].",
        ),
        (
            "[Soup is perfect for this time of year|Nothing beats soup when it's cold out], [and a big pot is such a good investment of an afternoon|and it always tastes better the next day].",
            "[That's exactly the right kind of cooking|A pot of soup on the go is very cosy], [especially with the weather as it is|with lunches sorted for days].",
        ),
        (
            "[Do you|Did you] [blend it smooth|keep it chunky]?",
            "[Half and half|Smooth, mostly], [I blend part of it and leave the rest chunky|I like it thick enough to stand a spoon in|with a few bits left for texture][, and that gives you both|].",
            "[What do you have with it|Bread with it, or on its own]?",
            "[A hunk of crusty bread, always|Cheese on toast on the side|Just a swirl of yoghurt on top], [and that makes a proper meal of it|and that's lunch sorted].",
        ),
        (
            "[Soup freezes beautifully|Most soups freeze very well] in [portions|single portions], [though potato can go a little grainy|but leave out cream until you reheat it], [so you'll have lunches for weeks|and it defrosts in minutes].",
            "[A squeeze of lemon|A dash of vinegar] [just before serving|at the end] [brightens almost any soup|wakes up the flavours], [if it ever tastes a bit dull|and that's a nice trick to have].",
        ),
        hours=AFTERNOON,
        months=COLD_MONTHS,
    ),
    _chat(
        "cake-sank",
        "cooking",
        "bad",
        (
            "I tried to bake a cake [for the weekend|as a treat|earlier] and it [sank in the middle|came out like a pancake|collapsed the second it left the oven][, so that's a bit deflating|, I'm gutted|, and that's just typical].",
            "[my cake was a flop|my baking went wrong today][, it sank right in the middle|, it's raw in the centre and burnt round the edges|, it came out like a frisbee][, after all that effort|].",
        ),
        (
            "[A sunken cake is so disappointing|That's really annoying after all that mixing], [and it happens to good bakers all the time|but it's almost always something small|and it still usually tastes fine].",
            "[Baking is fussier than cooking|Cakes are unforgiving], [and it's maddening when one goes wrong|so one flop doesn't mean much|so don't take it personally].",
        ),
        (
            "[Did you|Did you happen to] open the oven door [while it was baking|to check on it]?",
            "[Guilty|Maybe once or twice], [I couldn't resist having a look|I wanted to see if it was rising|I thought a quick peek wouldn't hurt][, so that may be it|, oops|].",
            "[Is it|Was it] still [edible|nice to eat], at least?",
            "[The edges are lovely|It tastes fine], [the middle's a bit gooey|it just looks sad|so I'll cut it into squares and nobody will know][, honestly|].",
        ),
        (
            "[Opening the door early|A peek in the first twenty minutes] [releases the heat before the cake has set|is the usual cause of a sunken middle]. [Wait until it's nearly done|Wait until the last ten minutes], then [test it with a skewer|check it with a skewer].",
            "[Cut into squares with some cream it'll vanish|Gooey middles are a feature if you serve it warm]. [An oven thermometer|A cheap oven thermometer] [is worth having|is a good buy], [since many ovens run hotter or cooler than the dial says|because the dial is often wrong].",
        ),
        hours=AFTERNOON,
    ),
    # ---- getting away
    _chat(
        "seaside-plan",
        "travel",
        "plan",
        (
            "I'm [planning|trying to plan|thinking about] a few days away by the sea [soon|before long|at some point this season][, just to get out of here|, nothing fancy|, to clear my head].",
            "I've [decided I need|been promising myself] a [short|little] break by the coast [soon|in the next few weeks][, somewhere quiet|, with long walks and sea air|, just me and a good view].",
        ),
        (
            "[A few days by the sea|Some sea air] [sounds like exactly what you need|is hard to beat for clearing the head], [even for a short stay|whatever the weather].",
            "[The coast is lovely for a short break|A short break by the sea is such a good reset], [because everything slows down|and it doesn't need much planning].",
        ),
        (
            "[Got|Is there] somewhere [in view|picked out already] or [still looking|are you still browsing]?",
            "[Still browsing|Still looking], [I keep flicking between a quiet little bay and somewhere with more going on|I want somewhere small with a decent cafe|anywhere I can walk straight out onto the beach][, to be honest|].",
            "[Are you thinking of going|Will you go] [by train|on the train] or [by coach|driving down]?",
            "[Train, I think|Probably the train], [so I can read and look out of the window|because I'd rather not drive that far|and then walk everywhere once I'm there].",
        ),
        (
            "[Going midweek|Going outside the busiest weeks] [is often cheaper and much quieter|usually means better prices and empty beaches]. [Pack a layer for the wind|Take a windproof layer] [whatever the forecast|even on a sunny day], [because the coast is always breezier|since the sea air is cooler].",
            "[That sounds lovely|That sounds just right]. [A place with a cafe and a beach walk|Somewhere small with a walk along the cliffs] [is often the perfect reset|tends to be the most restful], [more than somewhere busy|rather than a packed resort].",
        ),
        months=MILD_MONTHS,
    ),
    _chat(
        "train-delay",
        "travel",
        "bad",
        (
            "my train was [delayed|late|stuck outside a station] [for over an hour|for ages|for what felt like forever] [today|this morning|earlier][, with no explanation at all|, and then they cancelled the connection|, and I missed half the afternoon].",
            "[the trains were a mess today|getting anywhere today was a nightmare][, over an hour late|, cancellations everywhere|, I stood the whole way][, and I'm so fed up|, and I'm wiped out|].",
        ),
        (
            "[That's so frustrating|What a miserable journey], [<no explanation>especially with no explanation|when you're just trying to get somewhere|<stood>and standing for it makes it worse].",
            "[<hour>Being stuck on a train for an hour|A delay like that] [can ruin a whole day|drives anyone up the wall], [because there's nothing you can do but wait|and you can't even plan around them].",
        ),
        (
            "<!whole way>[Did you at least get|Could you at least find] a seat [in the end|for part of the way]?",
            "[Eventually|For the last bit], [after about half an hour of standing|once half the carriage got off|wedged next to the door][, so small mercies|, and that helped a bit|].",
            "[Were you|Was it] on the way [to something important|somewhere with a fixed time]?",
            "[<!morning>[Just getting home, luckily|Only heading back, thank goodness], [so nothing missed apart from my evening|so it was annoying rather than a disaster|though I was watching every minute]|[Nothing fixed, luckily|Nothing with a set time, thank goodness], [so it was annoying rather than a disaster|though I was watching every minute]].",
        ),
        (
            "[Do check whether you can claim some of the train fare back|A delay that long usually means you can claim part of the fare]: [most operators have a short online form|it often takes a couple of minutes online], [and it's worth it on principle|and it softens the blow a bit].",
            "[I hope the rest of the day was calmer|At least you're home]. [A downloaded podcast or two|Something downloaded to listen to] [makes the next delay easier to bear|is a good thing to keep on hand for these days].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "weekend-away-back",
        "travel",
        "good",
        (
            "I'm [just back|back] from a [few|couple of] days away in the city[, and it was wonderful|, and I'm tired but happy|, and I'm already missing it].",
            "[I got back from|I've just had] a [lovely|brilliant|really good] couple of days in the city[, lots of wandering about|, ate far too much|, walked miles].",
        ),
        (
            "[That sounds lovely|Oh, that sounds like a good break], [and tired but happy is the ideal way to come back|especially with lots of wandering about|and a change of scene does a lot of good].",
            "[A city break is such a good reset|A couple of days somewhere else can feel like much more], [<walked/wandering>when you walk everywhere|<food/ate>with good food along the way|and it's nice to come home to].",
        ),
        (
            "[What was the highlight|What was the nicest bit]?",
            "[Honestly, the food|Probably a little cafe down a side street|An old covered arcade I stumbled on], [I'd go back just for that|it was the nicest surprise of the weekend|I could have stayed there all day].",
            "[Did the weather behave|Was the weather kind to you]?",
            "[Mostly|Better than expected], [one wet afternoon, so I ducked into a museum|a bit grey but dry|sunny for wandering about, and that was lucky][, so no complaints|].",
        ),
        (
            "[Ease yourself back gently|Give yourself an easy day to land], [if you can|before everything starts up again], [because tired legs and a full inbox are a rough mix|so the good feeling lasts]. [<cafe>[Writing down the cafe's street|Saving that cafe on a map]|Jotting down the places you liked] [means you'll find them again|is worth doing while you remember].",
            "[Glad it was such a good one|That sounds like a proper treat]. [Sort the photos soon|Put the photos somewhere safe] [while you still remember where each was taken|before they get lost in the pile].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "suitcase-list",
        "travel",
        "plan",
        (
            "I'm going away [for a week soon|in a few days|shortly] and I [haven't started getting ready|keep putting off getting ready|am already overthinking what to take][, typical me|, as usual|].",
            "[I've got|there's] a [week|few days] away coming up [soon|shortly] and [my suitcase is still empty|I've got a list as long as my arm|I have no idea what to bring][, help|, classic|].",
        ),
        (
            "[A week away sounds lovely|Something to look forward to is always nice], [even if the getting ready is a chore|and overthinking it is completely normal|and there's still plenty of time].",
            "[The getting ready is always the worst bit|Everyone dreads that bit], [but the going is worth it|and it's quicker than it feels|but it goes quickly once you start].",
        ),
        (
            "[Where are you off to|Is it somewhere warm or somewhere cool]?",
            "[Somewhere warmer than here|A little town inland, fairly mild], [with lots of strolling, I hope|nothing adventurous|and I want to do as little as possible][, and I can't wait|].",
            "[Is it a relaxing one or a busy one|Is it mostly rest or full of plans]?",
            "[Mostly rest|Completely lazy, I hope], [with a couple of day trips if I feel like it|with a pile of reading|and long lunches][, that's the plan anyway|].",
        ),
        (
            "[Lay everything out on the bed first|Put it all out on the bed before it goes in], then [take half of it away|put back a third]: [almost everyone takes too much|you'll wear half as much as you think]. [Keeping chargers and medicines in one small bag|One pouch for chargers and medicines] [saves a lot of rummaging|stops the last-minute panic].",
            "[That sounds perfect|A lazy one sounds ideal]. [A list on your screen that you tick off|A simple list you reuse every time] [takes the stress out of it|means next time is even easier], [and you can start it today|and it only takes ten minutes].",
        ),
    ),
    # ---- health
    _chat(
        "stinking-cold",
        "health",
        "bad",
        (
            "I've [come down with|caught|got] a [stinking|horrible|streaming] cold[, and I feel awful|, so I'm all sniffles and tissues|, my head feels like it's full of cotton wool].",
            "I'm [full of cold|feeling rotten with a cold|sniffling and sneezing] [this week|at the moment][, and that's annoying|, and I sound terrible|, and everything aches][, honestly|].",
        ),
        (
            "[Colds are miserable|A heavy cold is properly draining], [even when they're only a cold|and that full-head feeling is the worst|and they always seem to arrive at a bad time].",
            "[That sounds grim|Poor thing, that sounds rotten], [especially with the aches on top|and sounding terrible doesn't help|and they take ages to shift].",
        ),
        (
            "[Are you able to|Can you] [take it easy|rest] [for a bit|for a day or two]?",
            "[Sort of|A bit], [I'm curled up in an armchair with a blanket|I've cleared the diary for a day|I'm doing the bare minimum][, and that's all I can manage|, and that'll have to do|].",
            "[How long has it been hanging about|Has it been going on long]?",
            "[Only a couple of days|About three days so far], [and it seems to be at its worst|I think it's peaking|it started with a sore throat][, so fingers crossed|].",
        ),
        (
            "[Rest, plenty of fluids and honey and lemon|Lots of warm drinks and rest] [really are all you can do|are the classic cure for a reason]. [Steam from a bowl of hot water|A hot shower] [helps clear a blocked head|eases the stuffiness], [and most colds are gone within a week or so|and it should ease off in a few days].",
            "[Be kind to yourself and rest|Don't try to push through it]. [If it lasts much beyond ten days|If you get a high temperature or it drags on], [it's worth getting checked|have it looked at], [but usually it just clears by itself|though it usually goes on its own].",
        ),
    ),
    _chat(
        "sore-back",
        "health",
        "bad",
        (
            "I [did something to|put out|hurt] my back [lifting a heavy box|shifting a heavy chair|bending down awkwardly][, and I can barely stand up straight|, so I'm hobbling about|, and it's really painful].",
            "my back has [gone|seized up|been killing me] since I [lifted something heavy the wrong way|twisted awkwardly picking something up][, I'm shuffling like an old cowboy|, every little thing hurts|, and sitting is agony].",
        ),
        (
            "[Backs are horrible when they go|A bad back makes everything hard], [because you use it for everything|even putting socks on|and it's hard to get comfortable].",
            "[That sounds really painful|Ouch, that sounds nasty], [and it's so easy to do with one awkward lift|and it wears you out on top of the pain].",
        ),
        (
            "[Is it|Is the pain] [easing at all|any better today] or [about the same|still as bad]?",
            "[A little easier|Slightly better], [I can get out of a chair without wincing today|especially after a hot shower|though mornings are the worst][, so progress|, I suppose|].",
            "[Are you|Have you been] [keeping it mobile|managing to stay mobile] or [mostly resting it|lying down]?",
            "[Gentle movement, mostly|A bit of both], [I potter about and stretch a little|I read that lying down for days makes it worse|short strolls round the block help].",
        ),
        (
            "[Gentle movement is usually the right call|Staying gently mobile is the usual advice], [and heat helps the muscles relax|and a warm pack helps a lot]. [Most strained backs ease within a week or two|It usually settles in a couple of weeks], [but get it checked if you have numbness or the pain spreads down a leg|and see someone if it isn't improving].",
            "[Sounds like it's heading the right way|Good that it's easing]. [When lifting next time|For next time], [bend your knees and keep the load close to you|hold heavy things close and lift with your legs], [and that spares your back a lot|and you'll avoid a repeat].",
        ),
    ),
    _chat(
        "sleeping-better",
        "health",
        "good",
        (
            "I've been sleeping [so much better|far better|really well] since I [stopped having coffee after lunch|started putting the screens away an hour before bed|got some proper blackout curtains][, it's made a real difference|, and I didn't expect that|, I feel like a new person].",
            "[small win|a small victory][: I've|, I've] [slept through the night|had a full night's sleep] [all week|several nights in a row] [after cutting out late coffee|since changing my bedtime routine][, for the first time in ages|, and that's unheard of for me|].",
        ),
        (
            "[That's a real change|Good sleep changes everything], [and it's lovely when a small tweak does the trick|because everything feels easier after a proper night|and it's a habit worth guarding].",
            "[Sleeping through is such a gift|A run of good nights is wonderful], [especially if it's been a struggle|and it's great that you found what helps].",
        ),
        (
            "[Do you notice it|Have you noticed a difference] during the day [as well|too]?",
            "[Massively|Very much so], [I'm not crashing at three in the afternoon any more|I'm less snappy, for one thing|I actually have energy in the evenings][, and that's a revelation|].",
            "[Was it|Was it] hard to [stick to|keep up] at first?",
            "[The first few days were tough|A little], [I missed my afternoon coffee badly|the evenings felt long without a screen|but it got easier quickly][, honestly|].",
        ),
        (
            "[Keeping the same wake-up time|Getting up at the same time each day], weekends too, [helps lock the habit in|keeps your body clock steady], [so the good nights keep coming|and it's the next easy win].",
            "[Long may it last|That's brilliant]. [Decaf or a herbal tea|A decaf in the afternoon] [scratches the coffee itch|keeps the ritual without the caffeine], [if you still miss it|for the days you crave one].",
        ),
    ),
    _chat(
        "lunchtime-walks",
        "health",
        "good",
        (
            "I've started [going for|taking] a [walk|brisk walk|stroll] [every lunchtime|at lunch most days|after lunch each day][, and I feel much better for it|, and it's become the nicest part of my day|, instead of eating at my screen].",
            "[new habit|new routine][: I|, I] get out for [half an hour|a good walk] [every lunchtime|most lunchtimes] these days[, rain or shine|, whatever the weather|][, and I love it|, and it's really helping].",
        ),
        (
            "[That's a great habit|What a good habit to build], [and it breaks up the day beautifully|and fresh air at lunch does wonders for the afternoon|and it's easy to keep up once it sticks].",
            "[Getting out in the middle of the day|A daily walk] [makes such a difference|is underrated], [for the head as much as the legs|especially after sitting all morning].",
        ),
        (
            "Got a [favourite|regular] route [yet|already]?",
            "[A loop round the park, mostly|Down by the river and back], [it's about half an hour|I vary it when I get bored|with a bench halfway for the view][, just right|].",
            "[Has it|Have you noticed it] [helped|made a difference to] your afternoons?",
            "[Definitely|Hugely], [I'm not nodding off at three any more|I come back with a clearer head|I'm less fidgety][, and that surprised me|].",
        ),
        (
            "[Keeping it to the same time every day|Putting it in the diary like a fixed slot] [makes it much easier to stick to|protects it on busy days]. [A pair of comfy shoes kept nearby|Keeping decent shoes at hand] [removes the last excuse|helps too].",
            "[Brilliant, keep it up|Lovely, long may it continue]. [A podcast for some days and silence for others|Mixing silent walks with a podcast] [keeps it fresh|stops it feeling like a chore].",
        ),
    ),
    _chat(
        "screen-headaches",
        "health",
        "bad",
        (
            "I keep getting [headaches|tension headaches|a dull headache] by the end of the day[, I think it's all the screen time|, probably from staring at a screen|, and it's wearing me down].",
            "[my eyes are aching|my head is pounding|my eyes are sore] [by mid-afternoon|every evening] [lately|this week][, too much screen, I reckon|, from staring at a monitor all day|].",
        ),
        (
            "[<headache>Screen headaches are miserable|That sounds really wearing], [and they creep up on you over the day|especially if they come back every day|and they make the evenings hard to enjoy].",
            "[<headache>A headache every day is no fun|<eyes>Aching eyes every evening is grim|Feeling like that every day is no fun], [and screens are a common culprit|and long stretches of screen time often cause it].",
        ),
        (
            "[Is your screen|Is the monitor] [at a comfortable height|set up properly], [do you think|would you say]?",
            "[Probably not|Honestly, no], [I'm hunched over a little laptop most of the day|it's too low and too bright|I'm peering at it from a low chair][, and that can't help|, come to think of it|].",
            "[Are you|Have you been] [drinking enough water|taking breaks] [during the day|through the day]?",
            "[Not really|Not nearly enough], [I forget until the evening|I go hours without getting up|a coffee or two and that's it][, if I'm honest|].",
        ),
        (
            "[Try the twenty-twenty rule|A simple habit]: every twenty minutes, look at something far away for twenty seconds. [Raise the screen to eye level|Put the laptop on a stand] and [turn the brightness down|match the brightness to the room], [and that often eases it within days|and drink water through the day].",
            "[Small changes usually help a lot|A few tweaks should ease it]: [screen at eye level|the top of the screen at eye level], [regular glances into the distance|short breaks to rest your eyes], and water. [If it keeps up|<headache>If the headaches keep coming], [an eye test is worth arranging|it's worth having your eyes tested].",
        ),
        hours=AFTERNOON,
    ),
    # ---- budgets and savings (never the fact families' words for them)
    _chat(
        "budget-month",
        "money",
        "calm",
        (
            "I'm trying to [stick to a proper budget|keep a tight budget|cut back on spending] [this month|for a while][, after a few too many treats lately|, to get myself back on track|, and it's harder than I thought].",
            "I've [started|set myself] a [no-takeaway|no-treats|strict] budget [this month|for the next few weeks][, to build up some savings|, after a spendy stretch|, and I'm determined to stick to it].",
        ),
        (
            "[Good for you|That takes discipline], [because the little treats add up without you noticing|and getting back on track feels good once it sticks|and the first couple of weeks are the hardest].",
            "[A budget month is a great reset|That's a sensible thing to do], [<spendy>especially after a spendy stretch|and it often shows where the leaks are|even if it feels dull at first].",
        ),
        (
            "[What's the hardest thing|What treat is the hardest] to give up?",
            "[Coffees out, without a doubt|The takeaways on a tired evening|Little things online late at night], [they're my weakness|I didn't realise how often I did it|that's where it all goes][, apparently|, sadly|].",
            "[Are you|Have you been] [tracking it|keeping track] [in an app|somewhere] or [just being careful|in your head]?",
            "[In a simple app|In a spreadsheet, weirdly enjoyably|Just a note on my screen], [I log everything at the end of the day|it's quite motivating to watch|and that keeps me honest][, so far anyway|].",
        ),
        (
            "[One trick|Something that helps]: [swap the treat rather than cutting it|keep one planned treat a week], [such as a flask of good coffee|like a nice coffee at home], [so it doesn't feel like a punishment|and the rest is easier to resist]. [Waiting a day before buying anything non-essential|A one-day wait on anything you don't need] [kills most impulse buys|also does wonders].",
            "[That sounds well organised|You sound on top of it]. [Putting what you save into a separate pot straight away|Putting the savings aside the moment you make them] [makes the progress visible|is very motivating], [and it's harder to dip into|so you can see it grow].",
        ),
    ),
    _chat(
        "saving-camera",
        "money",
        "plan",
        (
            "I'm [saving up|putting a bit aside each week] for a [decent camera|proper camera|good camera][, and I've wanted one for years|, and it's slow going but I'm getting there|, and I'm about halfway].",
            "[I've been saving|I've been slowly saving] for [a good camera|a new camera] [for a few months|for a while][, and the end is in sight|, and it's keeping me motivated|].",
        ),
        (
            "[Saving for something you really want|Putting aside for a specific thing] [makes it feel much more worth it|is so satisfying], [and halfway is a real milestone|especially when you can see the end|and it sounds like you're well on your way].",
            "[That's a lovely thing to save for|A good camera is worth the wait], [and waiting means you'll know exactly what you want|and it'll feel earned when you get it].",
        ),
        (
            "[What will you mostly photograph|What do you want to take pictures of]?",
            "[Landscapes, mostly|Whatever I see on walks|Close-ups of plants and birds], [my screen just doesn't do it justice|I've been getting into it lately|I love the idea of proper prints].",
            "[Got a model in view|Do you know the one you want] [yet|already]?",
            "[I've narrowed it to two|Pretty much], [both second-hand|one new, one used|I keep reading comparisons late at night][, and that isn't helping my decision|, so I'm nearly there|].",
        ),
        (
            "[A good second-hand body with a decent lens|A used camera from a reputable seller] [is often better value than new|can stretch the savings a long way], [since lenses matter more than the body for most pictures|and the saving buys a better lens].",
            "[You're nearly there|Keep going, you're close]. [Meanwhile|In the meantime], [practise composing with your screen|keep practising with what you have], [because a good eye matters more than the kit|so you'll be ready to make the most of it].",
        ),
    ),
    _chat(
        "subscriptions-cut",
        "money",
        "good",
        (
            "I [finally|just] went through [all my subscriptions|my direct debits] and cancelled [four|a whole pile|three] I never use[, and I'm a little embarrassed|, so that's a saving every month|, very satisfying].",
            "I've [cut|cancelled] [a stack of|several] [streaming and app subscriptions|subscriptions I'd forgotten about][, and they were quietly costing me a fortune|, one of them I'd not opened in a year|, and it felt great].",
        ),
        (
            "[That's such a satisfying thing to do|What a good clear-out], [and they creep up on everyone|because they're designed to be forgotten|and it adds up over a year].",
            "[Forgotten subscriptions catch everyone out|It's amazing how they pile up], [so well done for going through them|and cancelling them is a quick win].",
        ),
        (
            "[Was there|Was any of them] [one that surprised you|a real shock]?",
            "[A fitness app I'd used twice|A magazine app I forgot existed|Two streaming services showing the same things], [that one made me wince|still renewing every month|and that's just silly][, honestly|].",
            "[Are you|Will you be] [putting the saving aside|doing anything with the savings]?",
            "[Into the rainy-day pot|Towards something nice, probably|Straight into savings], [it's not a fortune but it's something|it feels like free cash|before I fritter it][, I hope|].",
        ),
        (
            "[A reminder in your calendar|A note every few months] to [check again|run through them again] [catches the next ones|stops them creeping back], and [many services let you pause|some services offer a pause] [rather than cancel|instead of cancelling], [and that's handy for seasonal viewing|if you only use them every so often].",
            "[Nicely done|Well done]. [Paying for subscriptions with one card|Keeping them all on one card] [makes them easy to spot next time|means a quick look shows them all at once].",
        ),
    ),
    _chat(
        "fridge-died",
        "money",
        "bad",
        (
            "my fridge [died|gave up|packed in] [this week|out of nowhere][, so that's an expense I didn't need|, and I had to throw half the food out|, right when I'm trying to save].",
            "[of all the things|just my luck], the fridge [has stopped cooling|broke down|has given up][, everything's warm|, I've lost a load of food|][, and I've got to replace it|, and a new one isn't cheap].",
        ),
        (
            "[That's such bad timing|What a horrible surprise], [especially when you're trying to save|and losing the food on top is so annoying|because it's not something you can go without].",
            "[A dead fridge is a real nuisance|Appliances always go at the worst time], [and throwing food away hurts|and it's an expense you can't put off].",
        ),
        (
            "[How old was it|Had it been going a long time]?",
            "[Ancient, to be fair|Well over ten years], [it came with the place|it had been making odd noises for a while|so it probably owed me nothing][, I suppose|].",
            "[Are you|Have you started] [looking at replacements|choosing a new one] [already|yet]?",
            "[Yes, sort of|Reluctantly], [comparing energy ratings|trying to find one that fits the gap|looking at a couple of ex-display ones][, and that's dull but necessary|].",
        ),
        (
            "[Ex-display or graded models|Slightly dented or ex-display fridges] [are often much cheaper|can save a lot], [and a good energy rating pays back over the years|and the dent is usually on a side nobody sees]. [Measure the gap and the doorways|Measure the space and the way in] [before you order|first], [and that catches most people out|since that's the classic mistake].",
            "[At least it lasted a good innings|It sounds like it had a long life]. [A cool box with ice packs|A cool bag and freezer blocks] [can tide you over a few days|will keep the essentials going until the new one arrives].",
        ),
    ),
    # ---- hobbies
    _chat(
        "guitar-learning",
        "hobbies",
        "good",
        (
            "I've started learning the guitar[, finally,|, after years of meaning to,|] and I can [almost|just about] get through [a whole song|three chords in a row|my first simple tune][, badly, but still|, and that feels like a miracle|].",
            "[guitar update|quick guitar update][: my|, my] fingertips are [sore|killing me|covered in dents] but I can [finally|at last] [switch between chords|strum a proper song] [without stopping|most of the time][, slowly|, just about|].",
        ),
        (
            "[That's a big milestone|<whole song>Getting through a whole song is huge|<chords>Getting the chords to flow is huge], [because the first weeks of guitar are the hardest|<fingertips>and sore fingertips mean you're putting the hours in|and it only gets more fun from here].",
            "[Chord changes are the first real hurdle|Switching chords smoothly takes everyone a while], [so that's real progress|and you're clearly past the worst bit].",
        ),
        (
            "[Are you|Have you been] learning [from videos|with an app] or [with lessons|from someone in person]?",
            "[Videos, mostly|An app and a lot of videos], [there are so many good ones|at my own pace|in short bursts before bed][, and that suits me|].",
            "[What's the song|What song did you learn first]?",
            "[A slow folk thing|An old campfire classic|A really simple pop song], [nothing impressive|only four chords|I've strummed it about a hundred times][, but I'm proud of it|].",
        ),
        (
            "[Short daily practice|Ten minutes a day] [beats one long session a week|is better than an hour at the weekend], [because your fingers toughen up and the changes become automatic|since the calluses build up steadily]. [Leave the guitar out on a stand|Keep the guitar out, not in its case], [and you'll pick it up far more often|so it's easy to grab].",
            "[Good on you for sticking with it|Well done for pushing through the sore-finger stage]. [A slow metronome|Practising the changes slowly with a click] [is dull but does wonders|speeds things up surprisingly fast].",
        ),
    ),
    _chat(
        "first-scarf",
        "hobbies",
        "good",
        (
            "I [finished|just finished] knitting my [first|very first] scarf[, holes and all|, and it's wonky but I love it|, and I'm unreasonably proud of it].",
            "[my first knitting project is done|the scarf I've been knitting is finished][, it only took about two months|, a few dropped stitches, but it's done|, and it's actually wearable].",
        ),
        (
            "[A first finished knit is a lovely thing|Finishing your first scarf is a real achievement], [<wonky>wonky bits and all|<holes>and the holes give it character|because lots of people give up halfway].",
            "[Finishing is the hard part with knitting|Getting to the end of a first project is the real test], [so that's brilliant|<wearable>and wearable is a big bonus|and it only gets easier from here].",
        ),
        (
            "[What colour did you go for|What yarn did you use]?",
            "[A deep green, very soft|Chunky grey wool|A stripy blue and white], [and that hides a few mistakes|it was lovely to knit with|it goes with everything].",
            "[Have you picked the next project yet|Do you know what you'll make next]?",
            "[A hat, I think|Maybe a pair of mittens|Something small with a pattern], [so I learn something new|but I'm nervous about knitting in the round|as soon as I find the right wool][, we'll see|].",
        ),
        (
            "[A hat knitted in the round|A simple hat] is a [great|perfect] next project: [quick, and it gets you knitting in the round|small enough to finish in a week or two]. [Placing a marker at the start of each round|A stitch marker at the start of the round] [saves a lot of fuss|makes it much easier].",
            "[Wear the scarf proudly|Enjoy wearing it]. [Keep a note of the wool and stitch count|Jot down what you used] [for the next one|while you remember], [because you'll want to make another|and that helps when you make a matching one].",
        ),
    ),
    _chat(
        "jigsaw-done",
        "hobbies",
        "good",
        (
            "I [finally|] finished a [huge|massive|fiendish] jigsaw [that's been on the table for weeks|with about a million pieces of sky][, and it's glorious|, only to find one piece missing|, and I don't know what to do with myself].",
            "[the enormous jigsaw is done|jigsaw finished][, all that sky and sea|, after weeks of squinting|, and the last piece went in perfectly][, very satisfying|, pure joy|].",
        ),
        (
            "[<!missing>Putting in the last piece is such a good feeling|There's nothing like finishing a big jigsaw], [<sky>especially after weeks of sky|<sky>and a whole sky section is a real test of patience|and it's such a calm way to spend the evenings].",
            "[A huge jigsaw is a proper commitment|Weeks on one jigsaw takes patience], [so that's a real finish|<!missing>and the last piece must have felt great].",
        ),
        (
            "[Will you|Are you going to] [keep it|frame it] or [break it up|give it away]?",
            "[Break it up, I think|Give it away], [it took up the whole table|I've nowhere to put it|though it seems a shame].",
            "[Is there another one lined up|Is the next one ready to go]?",
            "[Already|Yes, sadly], [a mountain scene|an old map|a busy harbour scene] [in smaller pieces|with no sky, on purpose|that looks easier than it will be][, I suspect|].",
        ),
        (
            "[Sorting the edge pieces and colours into trays first|Doing the edge and grouping by colour] [makes the next one much quicker|saves lots of time], [and a board you can slide under the bed|and a roll-up mat] [frees up the table|keeps it safe between sessions].",
            "[Enjoy the new one|Happy puzzling]. [A photo of the finished one|Taking a photo before you break it up] [is a nice way to keep it|means you keep it without the space].",
        ),
    ),
    _chat(
        "sketching-again",
        "hobbies",
        "plan",
        (
            "I've [taken up|started] sketching [again|in spare moments|on my lunch break][, just pencil and a little pad|, after years away from it|, mostly things around me].",
            "I bought a [little|pocket] sketchbook and I'm [trying to draw|drawing] something [every day|most days][, even if it's terrible|, just whatever's in front of me|, to get back into it].",
        ),
        (
            "[That's a lovely habit|What a nice thing to take up], [because it makes you really look at things|<little/pocket>and a little pad goes anywhere|<every day>and every day is how you get better].",
            "[Drawing every day is a great way back in|Sketching regularly is the surest practice there is], [terrible drawings and all|whatever the results at first].",
        ),
        (
            "[What have you been drawing|What do you mostly draw]?",
            "[Mugs and plants on the table|Whatever's on the windowsill|The view from my window], [mostly|because it all sits still|over and over][, and that's humbling|].",
            "[Do you|Are you going to] [keep them all|show anyone]?",
            "[Keeping them all|All of them, even the bad ones], [it's nice to flick back and see progress|but nobody else gets to see them|for my eyes only][, for the moment|].",
        ),
        (
            "[<keeping them all/all of them>Keeping them all is a great idea|Keeping even the bad ones is worth it|Holding on to every page is worth it]: [flicking back after a few months|looking back later] [shows progress you can't see day to day|is very encouraging]. [Short timed sketches of five minutes|Quick five-minute sketches] [loosen you up|are great for confidence].",
            "[Everyday objects make ideal subjects|Drawing what's around you is ideal]. [Squinting at the subject|Half-closing your eyes] [shows you the light and dark shapes|helps you see the shading], [and that's a nice trick to try|and it's surprisingly effective].",
        ),
    ),
    _chat(
        "basil-dying",
        "hobbies",
        "bad",
        (
            "I've [killed|managed to kill] [another|my third] pot of basil[, it just wilts and gives up|, I'm clearly cursed|, I don't understand what I'm doing wrong].",
            "my houseplants [keep dying|are not thriving|hate me][, the basil has given up|, the latest casualty is the basil][, again|, despite all my efforts|].",
        ),
        (
            "[Basil is notoriously fussy|Supermarket basil is famously hard to keep], [so it's not just you|so don't be too hard on yourself|and lots of people struggle with it].",
            "[Houseplants can be baffling|It's disheartening when they keep giving up], [and basil is one of the trickiest|especially when you're trying so hard].",
        ),
        (
            "[Where do you keep it|Where have you been keeping it]?",
            "[On the windowsill|Near the heater, come to think of it|In a corner of the counter], [where I thought it would be happy|out of direct sun|since it looked nice there].",
            "[How often|How much] do you water it?",
            "[Every day, to be safe|Whenever I remember|A good glug most days], [it seemed thirsty|maybe too much, looking back|and the soil always looks wet].",
        ),
        (
            "[Basil bought in pots|Supermarket basil] is [usually|often] [lots of seedlings crammed together|far too crowded], so [splitting it into three pots|dividing it into a few clumps] helps a lot. [Water from below when the top is dry|Let the top of the soil dry before watering], [and give it the sunniest spot you have|and keep it warm and bright].",
            "[Overwatering is the usual culprit|Too much water kills more plants than too little]. [Let the top dry out|Wait until the soil feels dry] between waterings and [make sure the pot drains|use a pot with a hole], [and try a hardier herb like rosemary or mint|and mint is very forgiving if you want an easy win].",
        ),
    ),
    _chat(
        "language-app",
        "hobbies",
        "plan",
        (
            "I've started learning a new language [with an app|on my screen|in spare moments][, a few minutes a day|, a little every day|][, and I'm on a streak|, and I'm weirdly hooked].",
            "[I'm|so I'm] [trying to learn|learning] a language [again|from scratch] [with one of those apps|a few minutes a day][, and the streak is keeping me honest|, although speaking it is another matter|].",
        ),
        (
            "[<few minutes>A few minutes a day really adds up|Little and often is the surest way to learn a language], [<streak>and a streak is a great motivator|<hooked>and being hooked is half the battle|so you're doing it right].",
            "[Learning a language is so rewarding|That's a lovely thing to be doing], [even in small daily doses|and apps make the start much easier].",
        ),
        (
            "[Is there|Got] a [reason|goal] behind it, [like a trip|or just for fun]?",
            "[Mostly for fun|Partly a trip I'd like to take one day], [I like the puzzle of it|I always regretted giving it up at school|and it keeps my brain busy][, honestly|].",
            "[How is|How's] the speaking [going|side of things]?",
            "[Terrible|Slow], [I can read far more than I can say|I freeze the moment I try out loud|I mostly talk to myself in the shower][, but it's early days|].",
        ),
        (
            "[Apps are great for vocabulary|An app covers the words well], [and speaking needs its own practice|but speaking needs a different kind of practice]: [reading the lessons out loud|repeating phrases aloud] [helps a lot|makes a real difference], [<shower>and talking to yourself in the shower genuinely counts|and there are online exchange sites when you feel braver].",
            "[<streak>Keep the streak going|<streak>Well done on the streak|Keep at it|Good for you for keeping at it]. [A simple story in the language is a fun next stage|Short stories for learners are a fun next stage|A simple story in the language makes great reading practice|Short stories for learners make great reading practice], [because you can follow along with what you already know|once the basics feel easy].",
        ),
    ),
    # ---- screens and gadgets
    _chat(
        "laptop-died",
        "tech",
        "bad",
        (
            "my laptop [died|gave up|went black] [in the middle of something|out of nowhere|this week][, and it won't turn back on|, and I've no idea what's on it that isn't saved elsewhere|, complete panic].",
            "[disaster|bad news][: my|, my] laptop [won't start|has died on me|just shows a black screen][, and I'm trying not to panic|, and I'm lost without it|][, naturally|].",
        ),
        (
            "[That's horrible|What a sinking feeling], [<saved elsewhere>especially when you're not sure what's saved elsewhere|because so much is kept on a laptop|<middle of something>and it always happens mid-task].",
            "[A dead laptop throws everything out|Losing your laptop suddenly is so stressful], [and the not-knowing is the worst part|even before you think about the cost].",
        ),
        (
            "[Did it give any warning|Was there any sign of trouble] [before it went|beforehand]?",
            "[Come to think of it, yes|Sort of], [the fan had been roaring for weeks|it kept freezing|the battery had been draining really fast][, and I ignored it|, so my fault really|].",
            "[Are your files|Is most of your stuff] [backed up anywhere|saved in the cloud]?",
            "[Most of it, I think|Some of it], [the photos are online|the important documents are in a cloud folder|but not the last month's worth][, fingers crossed|].",
        ),
        (
            "[Before assuming the worst|Worth trying first]: [hold the power button for thirty seconds with the charger unplugged|try a different charger and a long press on the power button], [since a stuck battery or charger is a common cause|and that sometimes brings it back to life]. [Even if it's dead|If it isn't], [a repair place can usually get the files off the drive|the drive can usually be read from another computer].",
            "[Fingers crossed it's only the charger or battery|Hopefully it's something simple]. [Once it's sorted|Whatever happens], [set up automatic backups|turn on automatic cloud backup] [so a dead laptop is only an annoyance next time|and it'll never be this scary again].",
        ),
    ),
    _chat(
        "new-tablet",
        "tech",
        "good",
        (
            "I [treated myself to|finally got] a new tablet[, and I'm having great fun setting it up|, and it's so much faster than my old one|, mostly for reading and recipes].",
            "[new gadget|new toy][: I|, I] bought a tablet [at last|after months of dithering][, and it's lovely|, and I've barely put it down|, and I'm still figuring it out].",
        ),
        (
            "[A new gadget is always fun|Setting up something new is half the fun], [<dithering>especially after months of dithering|<faster>and faster is such a relief after an old one|<recipes>and a tablet is perfect for recipes|and there's always something new to find].",
            "[That sounds like a good buy|A tablet is really handy], [<reading>for reading in bed as much as anything|and it's nice to have something quick and new].",
        ),
        (
            "[What will you|What are you going to] use it for [mostly|most]?",
            "[Reading, mainly|Recipes on the counter while I cook|Watching things in bed], [it's much nicer than squinting at a little screen|and the odd video call|and a bit of sketching][, probably|].",
            "[Was the setup easy|Did the setup go smoothly|Was it easy to set up]?",
            "[Mostly|Pretty easy], [apart from remembering a hundred passwords|it copied most things over by itself|though it took an hour of updates][, but fine|].",
        ),
        (
            "[A password manager|Saving your passwords in a password manager] [will make the next setup painless|saves that headache for good], [and a decent case|and a simple case] [is worth it before the first drop|protects the screen]. [Turn on night mode|Switch on the warm evening light] [<reading>for reading in bed|if you use it at night].",
            "[Enjoy it|Have fun with it]. [A night mode cuts the blue light|A warm night mode is easier on the eyes], [<reading>and that's lovely for reading before sleep|and worth switching on in the evenings].",
        ),
    ),
    _chat(
        "printer-jam",
        "tech",
        "bad",
        (
            "the printer [jammed|ate a page|threw a tantrum] [again|for the third time today|at exactly the wrong moment][, and I needed one page printed|, and I'm ready to throw it out of the window|, what is it with printers].",
            "I lost [half an hour|most of the morning|far too long] to the printer [today|earlier][, paper jams, then no ink, then it wouldn't connect|, it kept saying there's a jam when there isn't|][, and all for one page|, infuriating].",
        ),
        (
            "[Printers are uniquely infuriating|Nothing tests patience like a printer], [and they always fail when you need them most|<there isn't>and a phantom jam is the worst kind|<one page>especially for one page].",
            "[<half an hour>Losing half an hour to a printer is maddening|That sounds like a classic printer day], [<one page>because it's one page, it should be simple|and there's no reasoning with them].",
        ),
        (
            "[Did you|Did you manage to] get it [printed|going] in the end?",
            "[Eventually|After a fight], [I pulled out a tiny scrap of torn paper|I turned it off and on about five times|I gave up and used the one at the corner copy place][, naturally|].",
            "[Do you print much|How often do you actually use it]?",
            "[Hardly ever|Once a month at most], [and that's probably why the ink dries up|so it's always a surprise what goes wrong|mostly forms and labels][, to be fair|].",
        ),
        (
            "[<there isn't>[A phantom jam|A jam warning with no paper stuck] is often|<jam>A jam is often|A printer that keeps stopping often has] a scrap [hiding by the rollers|caught near the back], and [a torch|a quick look with a light] [usually finds it|helps]. [For a printer used rarely|If you print only every so often], [a laser is far more reliable than inkjet|a cheap laser never dries up], [since there's no ink to dry out|and that could save you these days].",
            "[Printing a test page every couple of weeks|A quick print every so often] [keeps the ink from drying|stops the nozzles clogging]. [<copy place>[And the copy place|Honestly, the copy place]|[And a print counter in town|Honestly, printing in town]] [is a perfectly good backup|is a fine answer for the rare page].",
        ),
        hours=(11, 24),
    ),
    _chat(
        "photos-scare",
        "tech",
        "mixed",
        (
            "I [nearly lost|thought I'd lost] [years of photos|all my photos|a whole folder of photos] [this week|earlier] when [a memory stick gave up|an old drive wouldn't open][, but I got them back in the end|, and the relief when they turned up|, heart in mouth stuff].",
            "I [had a scare|had a fright] with my photos[, the old drive wouldn't open|, a memory stick failed] [and I thought they were gone|for about an hour][, but they're safe|, but I managed to rescue them].",
        ),
        (
            "[What a fright|That must have been a horrible hour], [and the relief must have been huge|because photos are the one thing you can't replace|and it's a real wake-up call].",
            "[A scare like that is horrible|That's heart-stopping stuff], [but what a relief they're safe|and it's good it ended well].",
        ),
        (
            "[How did you|How did you manage to] get them back?",
            "[A free recovery program|Trying it in a different port, of all things|Leaving it to cool down and trying again], [and it just came back|after a lot of swearing|and I didn't expect that][, thankfully|].",
            "[Are they|Have you got them] [somewhere safer|backed up properly]?",
            "[Yes, in two places|On a cloud folder and a new drive], [I'm not taking that chance again|lesson learned|I did it straight away][, believe me|].",
        ),
        (
            "<two places/cloud/new drive>[Two copies in different places|A copy at home and one in the cloud] is exactly right, [and a third on a drive kept elsewhere|and a drive you keep somewhere else] [makes it bulletproof|is the safest setup].",
            "[<two places/cloud/new drive>Good, that's the lesson most people only learn the hard way|<straight away>Well done for sorting it straight away|What a relief it ended well]. [An automatic backup|<cloud>Setting the cloud folder to sync by itself] [means you never have to remember|takes the effort out of it].",
        ),
    ),
    # ---- errands and jobs around the place
    _chat(
        "errand-run",
        "errands",
        "mixed",
        (
            "I've been out [the whole morning|most of the morning] [doing errands|dashing about on errands|doing boring errands][, post office, pharmacy, the lot|, and I'm only half done|, and I'm exhausted from it].",
            "[this morning was|I've had a morning of] [errands|chores and errands] [from one end of town to the other|back to back][, key cutting, post office, pharmacy|, queues everywhere|][, and I've ticked off most of the list|, and I need a sit down].",
        ),
        (
            "[A morning of errands is surprisingly tiring|Errand days are exhausting], [because of all the queues and little journeys|even though none of it is hard|and ticking them off is at least satisfying].",
            "[That's a proper errand marathon|That's a lot of dashing about], [but it's good to have them done|and it clears the decks for the rest of the week].",
        ),
        (
            "[What|What errand] [was the worst|took the longest]?",
            "[The post office queue, easily|Waiting at the pharmacy|Finding a key cutter that was open], [it went on forever|I nearly gave up|it took more time than everything else put together][, naturally|].",
            "[Is there|Got] much left [on the list|to do]?",
            "[Just a couple of things|Only one or two], [and they can wait until the weekend|I'll do them online instead|nothing urgent][, thankfully|].",
        ),
        (
            "[Doing what you can online|Taking a few errands online] [saves a lot of queuing|takes the sting out of it], [and grouping the rest by area|and planning a loop so you don't double back] [makes the next errand day shorter|cuts the legwork]. [<sit down>Enjoy the sit down|Put your feet up].",
            "[Well done for getting through most of it|A good morning's effort, all things considered]. [Going early or mid-afternoon|Avoiding lunchtime] [usually means shorter queues|is a good trick for next time].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "post-office-queue",
        "errands",
        "bad",
        (
            "I queued for [ages|forty minutes|what felt like an hour] [at the post office|to send one small package][, behind someone sending about twenty things|, with one counter open|, and my feet are killing me].",
            "[sending one little package|posting a single envelope] [took forever|ate up my lunch break|turned into an ordeal][, the queue was out of the door|, one counter open for the whole town|].",
        ),
        (
            "[Long queues for one small thing are maddening|That's such a frustrating wait], [<one counter>especially with one counter open|when you only needed a minute at the front|<feet>and standing that long is tiring].",
            "[<forty minutes>Forty minutes for one package is painful|That sounds like a test of patience], [and it always happens when you're in a rush|<one counter>and the one-counter thing is infuriating].",
        ),
        (
            "[Did it at least get sent|Did it go off all right] in the end?",
            "[Yes, eventually|It did, finally], [and it only took a minute at the counter|with a proof of postage to show for it|so the mission was accomplished][, ha|].",
            "[Was it|Is it] [something important|going anywhere far]?",
            "[A present, actually|Just a return|Some documents], [so it had to go today|that couldn't wait|and I didn't trust a drop box][, sadly|].",
        ),
        (
            "[Many post offices are quietest|The quietest times are usually] [mid-morning or mid-afternoon|just after opening], [and you can often print the label online|and a lot of postage can be bought online] [and use a drop-off point|and skip the counter entirely] [next time|to save the queue].",
            "[At least it's gone|Glad it's sent]. [A drop-off locker|A pick-up point in a supermarket] [is usually much quicker|often has no queue at all], [if there's one near you|worth checking for one nearby].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "cupboard-clearout",
        "errands",
        "good",
        (
            "I [finally|] cleared out the cupboard under the stairs[, and I found things I forgot I owned|, three bags to give away|, and I can see the floor again].",
            "[big clear-out today|I had a huge clear-out][: the|, the] [cupboard under the stairs|big cupboard|junk cupboard] is [empty and tidy|sorted at last][, and it feels amazing|, and so much went out|].",
        ),
        (
            "[There's nothing like a good clear-out|What a satisfying thing to get done], [<forgot>and finding forgotten things is half the fun|<floor>and seeing the floor again is a great feeling|especially a cupboard everyone dreads].",
            "[Clearing that kind of cupboard is a big task|That cupboard is always the worst], [so that's a real win|and the relief when it's done is lovely].",
        ),
        (
            "What was the [strangest|most surprising] thing [you found|in there]?",
            "[Three identical umbrellas|A box of cables for things I don't own any more|An old pair of roller skates], [and that made me laugh|I have no idea why|and a lot of dust][, honestly|].",
            "[Did most of it go|Has most of it gone], or [are you keeping|did you keep] a lot?",
            "[Most of it went|About two thirds went], [to the tip or to be given away|into bags by the door|the rest is labelled in boxes][, finally|].",
        ),
        (
            "[Getting the bags out of the door quickly|Taking the bags away straight away] [stops things creeping back in|is the key]. [Clear boxes with labels|Labelled boxes] [make it easy to keep tidy|help the order survive], and [a quick tidy every few months|a short sort twice a year] [keeps it from getting that bad again|saves another big day].",
            "[Well done|Lovely]. [<cables>[For the cables|With the old cables], [anything you can't match to a device can almost always go|a quick test then out is the rule], [since nobody ever needs them again|and local recycling points take them]|[Anything you haven't missed in a year|Whatever you haven't touched in a year] [can almost always go|is safe to let go], [and plenty of it can be given away|since you clearly managed without it]].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "locked-out",
        "errands",
        "bad",
        (
            "I [locked myself out|managed to lock myself out] [earlier|today|for an hour this afternoon][, keys sitting on the table inside|, in the pouring rain|, and had to wait for a locksmith].",
            "[bit of a disaster|classic me][: I|, I] shut the door behind me with the keys still inside[, and sat an hour on the doorstep|, and had to call a locksmith|][, and that was expensive|, in the rain, naturally|].",
        ),
        (
            "[Being locked out is horrible|That sinking feeling when the door clicks shut is awful], [<rain>especially in the rain|and waiting around is so frustrating|<locksmith>and locksmiths are never cheap].",
            "[Everyone does it at least once|That's such an easy mistake], [but it's miserable while it lasts|<doorstep>and an hour on a doorstep is no fun].",
        ),
        (
            "[How did you|How did you manage to] get back in [in the end|eventually]?",
            "[A locksmith, in the end|The locksmith came after an hour], [and it took about two minutes, and that hurt|it was quick but not cheap|a quick fiddle and the door opened].",
            "[Is there|Got] a spare key [anywhere|stashed somewhere]?",
            "[Not yet|Not yet, but soon], [I'm getting one cut this week|I'm going to leave one with someone nearby|I've ordered a key safe][, lesson learned|].",
        ),
        (
            "[A spare with someone you trust nearby|A key safe with a code] [is well worth it|will save you the next time], [and a hook by the door|and a habit of patting your pocket before the door shuts] [stops most lock-outs|helps a lot].",
            "[At least you're back in|Glad you got in]. [A spare key|A spare somewhere safe] is the surest fix, [and a pocket check as you leave|and a quick check for keys at the door] [soon becomes automatic|soon becomes habit].",
        ),
        hours=AFTERNOON,
    ),
    _chat(
        "dripping-tap",
        "errands",
        "good",
        (
            "I fixed a dripping tap [myself|all by myself|with a video and a spanner][, and I feel like a genius|, the first fix like that I've ever done|, and it actually stopped].",
            "the [dripping tap|drip in the sink] that's been driving me up the wall is [fixed|sorted], [and I did it myself|by me, with a spanner][, very proud|, no leaks|].",
        ),
        (
            "[That's really satisfying|What a good feeling], [because a dripping tap is maddening|and doing it yourself is a proper win|and the silence must be lovely].",
            "[Fixing it yourself is great|Well done doing it yourself], [since a drip like that wastes a lot of water|and it's a handy skill to have].",
        ),
        (
            "[Was it|Was it just] a [worn washer|new washer] in the end?",
            "[Yes, a tiny worn washer|A washer, just like in the video], [it cost next to nothing|the whole thing took half an hour|most of the time was finding the stopcock][, amazingly|].",
            "[Was it|Did it feel] [tricky|nerve-racking] [at all|to do]?",
            "[Turning the water off was the scary bit|A little], [I was sure I'd flood the place|I checked everything three times|but it was easy in the end][, honestly|].",
        ),
        (
            "[Knowing where the stopcock is|Finding the stopcock first] [is the most useful thing you learned|is worth remembering], [because it's the first thing to turn in any leak|and it'll save you in an emergency]. [A small box of washers|A little pack of spare washers] [is handy to keep|costs next to nothing].",
            "[Brilliant|Lovely stuff]. [A drop of silicone grease on the new washer|A little grease on the spindle] [helps it last|keeps it turning smoothly], [so the drip stays gone|and the tap will feel better too].",
        ),
    ),
    # ---- plans
    _chat(
        "quiet-weekend",
        "plans",
        "calm",
        (
            "I've got [a completely empty weekend|nothing at all planned for the weekend|a rare free weekend] [coming up|ahead][, and I intend to keep it that way|, and I can't wait|, and that almost never happens].",
            "[I'm planning|the plan is] a [properly lazy|very quiet|do-nothing] weekend[, no plans, no alarms|, just pottering about|, with a pile of reading][, and I'm so ready for it|].",
        ),
        (
            "[An empty weekend is a luxury|A weekend with nothing in it is the nicest kind], [and protecting it is a skill|especially when they come so rarely|and you sound like you need one].",
            "[That sounds perfect|A do-nothing weekend sounds ideal], [because rest is underrated|and no alarms is the key ingredient].",
        ),
        (
            "[Anything you're|Is there anything you're] [looking forward to|hoping to do] [in particular|most]?",
            "[A long lie-in, mostly|A slow breakfast and a long walk|Finishing a novel I started months back], [and maybe a nap|and not looking at a single screen|if the weather allows][, bliss|].",
            "[Will you|Are you going to] [stay in|stay home] the whole time?",
            "[Mostly|Probably], [apart from a walk to stretch my legs|with maybe one trip out for coffee|unless the sun comes out][, we'll see|].",
        ),
        (
            "[Switching notifications off for the weekend|Putting your screen on do-not-disturb] [helps it feel properly restful|keeps the quiet quiet], [and a walk in daylight each day|and a bit of fresh air] [stops it feeling sluggish|keeps you feeling good].",
            "[Enjoy every lazy minute|That sounds ideal, enjoy it]. [Don't let chores creep in|Resist the urge to tackle chores], [they'll still be there on the other side|because that's how empty weekends get eaten].",
        ),
        weekdays=BEFORE_WEEKEND,
    ),
    _chat(
        "early-night",
        "plans",
        "calm",
        (
            "I'm [having|planning] [an early night|a very early night] [tonight|this evening][, I'm shattered|, after a long week|, bath and bed].",
            "[tonight is|the plan for tonight is] [an early night|bed by nine][, I can barely keep my eyes open|, with a hot drink and a pile of pillows|][, and I can't wait|, no arguments].",
        ),
        (
            "[An early night sounds like exactly the right call|That sounds very sensible], [<long week>after a long week|<shattered>when you're that tired|and there's nothing like catching up on sleep].",
            "[Bed early is the finest medicine|Sometimes an early night beats everything else], [especially after a tiring stretch|and you'll feel so much better for it].",
        ),
        (
            "[Has it been|Was it] a [tiring|heavy] [week|few days]?",
            "[Very|Quite a week], [lots of late nights and early starts|nothing dramatic, just relentless|one thing after another][, so I'm done in|].",
            "[Are you reading before sleep|Will you wind down with something first]?",
            "[A few pages of a novel|Just a hot drink and some quiet music|A bath first, then straight to bed], [and lights out|until my eyes close|nothing more exciting than that][, probably|].",
        ),
        (
            "[A warm bath an hour before bed|Dimming the lights an hour early] [helps you drop off faster|tells your body it's time to sleep], and [leaving screens in another room|keeping your screen out of the bedroom] [keeps the sleep deeper|makes a real difference].",
            "[Sleep well|Enjoy the sleep]. [If you wake early|If you wake before the alarm], [don't reach for the screen|stay put and rest], [because lying quietly still does you good|and you may drop off again].",
        ),
        hours=(17, 21),
    ),
    _chat(
        "paint-room",
        "plans",
        "plan",
        (
            "I'm [planning to paint|going to repaint|finally painting] the spare room [soon|this weekend|over the next few days][, I've picked a lovely soft green|, the walls are a grim beige|, first time doing it myself].",
            "[the spare room is getting|I'm giving the spare room] a fresh coat of paint [soon|this weekend][, I've got the tester pots up on the wall|, I can't decide between two colours|, and I'm oddly excited][, wish me luck|].",
        ),
        (
            "[A fresh coat of paint changes a room completely|Painting a room is so satisfying], [<beige>especially after grim beige|and choosing colours is the fun part|even if the prep is the boring bit].",
            "[That sounds like a nice project|What a good way to freshen a room], [and it's very doable yourself|and you'll see the difference straight away].",
        ),
        (
            "[What colour have you gone for|Have you settled on a colour]?",
            "[A soft green, I think|A warm off-white|Between a pale blue and a sage green], [and that should feel calm|to brighten it up|though the tester patches keep changing in the light][, we'll see|].",
            "[Is it|Will it be] [a quick one|a big undertaking], [do you think|would you say]?",
            "[A weekend, I hope|Two days at most], [if the ceiling doesn't need doing too|depending on how much filling the walls need|if I don't get distracted][, fingers crossed|].",
        ),
        (
            "[<tester>[Look at the tester patches at different times of day|Check the tester patches morning and evening]|Look at a tester patch on two walls, morning and evening], [because light changes colour a lot|since some colours turn grey in the evening]. [Most of the effort is prep|Good prep is most of it]: [fill the holes, sand, wash the walls, tape the edges|fill and sand first and tape the edges], [and two thin coats beat one thick one|then two thin coats].",
            "[It'll look lovely|Sounds like a good plan]. [Wrap the brushes and roller in cling wrap between coats|Keep the roller in a plastic bag between coats] [so you needn't wash them|and save a lot of cleaning], [and open a window|and keep the room aired] while it dries.",
        ),
        weekdays=BEFORE_WEEKEND,
    ),
    _chat(
        "barbecue-plan",
        "plans",
        "plan",
        (
            "I'm [thinking of having|planning] a [little|small] barbecue [at the weekend|soon|if the weather stays fine][, just a few people|, nothing big|, my first one in years].",
            "[if the sun stays out|if the weather is kind], I'm going to [have|fire up] a barbecue [at the weekend|soon][, for a handful of people|, a relaxed one|][, and I'm already planning the food|, and I'm looking forward to it].",
        ),
        (
            "[A barbecue is perfect for this time of year|Long light evenings are made for a barbecue], [<few people/handful>especially with only a few people|and it's such a relaxed way to get together|as long as the weather stays dry].",
            "[That sounds lovely|That sounds like a great evening], [with the light lasting so long|and a small one is always the most fun].",
        ),
        (
            "[What are you|What will you be] [cooking|putting on the grill]?",
            "[Burgers and some halloumi|Sausages and grilled vegetables|Corn on the cob and kebabs], [keeping it simple|with a big salad|nothing too ambitious][, I think|].",
            "[Got|Is there] a plan [if it rains|for bad weather]?",
            "[An umbrella and optimism|Bring it indoors, I suppose|Grill under the porch], [we'll see|and hope for sunshine|it's happened before][, ha|].",
        ),
        (
            "[Light the coals a good half hour before cooking|Give the coals time to go grey before anything goes on], [since flames mean burnt outsides and raw middles|and cook the sausages over the cooler side]. [Par-cooking thick things in the oven|Part-cooking chunky things first] [takes the worry away|saves a lot of guesswork].",
            "[Sounds delicious|Keep it simple and it'll be lovely]. [Keep raw and cooked food apart|Use separate plates for raw and cooked], [and a cool box for drinks|and have plenty of water out], [if it's a warm one|as the evening goes on].",
        ),
        hours=(8, 22),
        weekdays=BEFORE_WEEKEND,
        months=WARM_MONTHS,
    ),
    _chat(
        "heating-on",
        "plans",
        "mixed",
        (
            "I [finally|reluctantly] [gave in and|] put the heating on [today|this week][, I held out as long as I could|, my fingers were going numb|, it's suddenly freezing].",
            "[it's turned properly cold|the cold has arrived][: the|, the] heating went on [today|this week] [for the first time|at last][, after weeks of jumpers|, and I'm not proud of holding out so long|].",
        ),
        (
            "[That first day with the heating on is a turning point|The first switch-on is a proper seasonal moment], [<numb>and numb fingers are a good sign it's time|<held out/holding out>and holding out is almost a sport|though it's nice to be warm].",
            "[It really has turned cold|The cold snap has been sharp], [so no shame in giving in|<jumpers>and jumpers only go so far].",
        ),
        (
            "[Is the place warming up|Is the place feeling better] [yet|at last]?",
            "[Slowly|Much better], [though the draughty room is still chilly|one room is only lukewarm|and the blanket is staying on the chair].",
            "[Is it on a timer|Got it on a timer]?",
            "[A simple timer, yes|Morning and evening, more or less], [I don't like it on all day|to keep the cost down|and a jumper in between][, as usual|].",
        ),
        (
            "[Draught excluders and thick curtains [make a surprising difference|help a lot]|Blocking draughts under doors [makes a surprising difference|helps a lot]], [and a heater that's cold at the top|and a cold patch at the top of a heater] [usually just has air in it|often just needs the air let out]. [A degree lower|Turning it down a degree] [saves a good chunk|barely changes the comfort].",
            "[Cosy season begins|Enjoy the warmth]. [Closing curtains at dusk|Shutting curtains as soon as it's dark] [keeps a lot of heat in|helps more than people think], [along with a rug on a bare floor|and so does a thick rug].",
        ),
        months=(10, 11, 12),
    ),
)


def aside_variants() -> int:
    """How many two-turn asides the bank can render: asks times answers, each with its lead-ins
    and prefaces, summed over the units (paths through the grammar, so an upper bound on the
    distinct texts: the empty lead-in and preface are listed more than once, to weight them)."""
    leads = variants(LEADS)
    prefaces = variants(PREFACES)
    return sum(
        leads
        * sum(variants(a) for a in unit.asks)
        * prefaces
        * sum(variants(a) for a in unit.answers)
        for unit in ASIDES
    )


def _ask(unit: Aside, rng: random.Random) -> str:
    lead = expand(LEADS, rng)
    ask = expand(rng.choice(unit.asks), rng)
    return _cap(_join(lead, ask if lead else _cap(ask)))


def _follow_ask(follow: FollowUp, rng: random.Random) -> str:
    lead = expand(FOLLOW_LEADS, rng)
    ask = expand(follow.ask, rng)
    if ask.split(" ", 1)[0].rstrip(",") in ("And", "But", "Also"):
        lead = ""  # the ask opens with its own link word ("And and how …" otherwise)
    if lead and not (ask.startswith("I ") or ask.startswith("I'")):
        ask = ask[:1].lower() + ask[1:]
    return _cap(_join(lead, ask))


def _answer(unit: Aside, rng: random.Random) -> str:
    preface = expand(PREFACES, rng)
    return _cap(_join(preface, expand(rng.choice(unit.answers), rng)))


#: Words about people: an aside never names anyone, so it can never mention a question's holder.
PEOPLE_WORDS = frozenset(
    {w for r in RELATIONS for w in raw_tokens(f"{r.key} {r.noun}")}
    | {w for who, _ in OTHER_PEOPLE for w in bm25_tokens(who.replace("-in-law", ""))}
    | set(
        "mother father mum mom dad wife husband partner son daughter kid kids child children baby parent parents family grandma grandpa granny grandmother grandfather mate mates boyfriend girlfriend housemate fiance fiancee he she him her his hers himself herself".split()
    )
)


def family_words() -> frozenset[str]:
    """The shared fact families' question keywords and nouns: an aside never uses one, so it
    never competes with a fact's sentences for a retriever or reads as evidence."""
    words: set[str] = set()
    for family in FAMILIES.values():
        for text in (*family.questions, family.noun):
            words |= set(bm25_tokens(text.replace("{holder}", "")))
    return frozenset(words | {"job", "jobs", "employer"})


def inflections(word: str) -> set[str]:
    """The word and its regular inflections (plural, past, -ing, -er), for the avoided words."""
    stems = {word, word[:-1]} if word.endswith("e") else {word, word + word[-1]}
    return {word, word + "s", word + "es"} | {
        s + end for s in stems for end in ("ed", "ing", "er", "ers")
    }


def templates() -> list[tuple[str, str]]:
    """(where, template) for every template an aside can draw."""
    out = [("lead", LEADS), ("preface", PREFACES), ("follow-up preface", FOLLOW_PREFACES)]
    out += [("follow-up lead", FOLLOW_LEADS)]
    out += [("welcome", WELCOMES)]
    out += [(f"thanks {k}", t) for k, t in THANKS.items()] + [
        (f"tail {k}", t) for k, t in TAILS.items()
    ]
    for unit in ASIDES:
        out += [(f"{unit.key} ask", t) for t in unit.asks]
        out += [(f"{unit.key} answer", t) for t in unit.answers]
        out += [(f"{unit.key} wish", unit.wish)]
        for f in unit.follow_ups:
            out += [
                (f"{unit.key} follow-up ask", f.ask),
                (f"{unit.key} follow-up answer", f.answer),
            ]
    out += [("chat lead", CHAT_LEADS), ("bridge", BRIDGES)]
    out += [(f"opener {m}", t) for m, t in MOOD_OPENERS.items()]
    out += [(f"chat tail {m}", t) for m, t in CHAT_TAILS.items()]
    for chat in CHATS:
        out += [(f"{chat.key} mention", body(t)) for t in chat.mentions]
        out += [(f"{chat.key} reaction", body(t)) for t in chat.reactions]
        for e in chat.exchanges:
            out += [(f"{chat.key} question", body(e.ask)), (f"{chat.key} reply", body(e.answer))]
        out += [(f"{chat.key} close", body(t)) for t in chat.closes]
    return out


def check_asides(avoided: frozenset[str] = frozenset()) -> None:
    """The bank's writing rules over every word of every alternative (`grammar.flatten`): no
    digit, bracket or em dash, no answer word, no word about people, no fact family's word (nor
    any word of `avoided`, in any inflection); and unique unit keys."""
    banned = {form for w in family_words() | avoided for form in inflections(w)}
    banned |= PEOPLE_WORDS | ANSWER_WORDS
    problems: list[str] = []
    for where, template in templates():
        text = flatten(template)
        if _PLAIN.search(text):
            problems.append(f"{where} {template!r} has a digit, bracket or em dash")
        found = banned & set(raw_tokens(text))
        if found:
            problems.append(f"{where} {template!r} uses avoided word(s) {sorted(found)}")
    keys = [unit.key for unit in ASIDES] + [chat.key for chat in CHATS]
    if len(set(keys)) != len(keys):
        problems.append("two asides share a key")
    for chat in CHATS:
        if len(chat.exchanges) < 2:
            problems.append(f"{chat.key} needs two questions (a six-turn chat asks two)")
        for e in chat.exchanges:
            if not flatten(e.ask).rstrip().endswith("?"):
                problems.append(f"{chat.key} question {e.ask!r} does not end in a question mark")
    if problems:
        raise BankError("aside templates break the writing rules:\n" + "\n".join(problems))


def choose_aside(rng: random.Random, moment: datetime) -> Aside:
    """A unit that fits the moment's hour and month, uniformly: drawn among the units that fit
    the hour, and drawn anew while it does not fit the month (so the draws of a month differ
    from those of any other only where a unit out of season came up)."""
    units = [u for u in ASIDES if u.fits(moment.hour)]
    while True:
        unit = units[rng.randrange(len(units))]
        if moment.month in unit.months:
            return unit


def render_aside(unit: Aside, rng: random.Random) -> list[tuple[str, str]]:
    """The unit as (role, text) pairs: the ask and its answer, and half the time either the
    unit's follow-up question and answer or the user's thanks and the assistant's close."""
    turns = [("user", _ask(unit, rng)), ("assistant", _answer(unit, rng))]
    if rng.random() < 0.5:
        if unit.follow_ups and rng.random() < 0.5:
            follow = unit.follow_ups[rng.randrange(len(unit.follow_ups))]
            turns += [
                ("user", _follow_ask(follow, rng)),
                (
                    "assistant",
                    _join(expand(FOLLOW_PREFACES, rng), _cap(expand(follow.answer, rng))),
                ),
            ]
        else:
            thanks = expand(THANKS[unit.kind], rng)
            close = _join(expand(WELCOMES, rng), _cap(expand(unit.wish, rng)))
            turns += [("user", thanks), ("assistant", _join(close, expand(TAILS[unit.kind], rng)))]
    return turns


def chat_variants() -> int:
    """How many four-turn chats the bank can render (paths through the grammar, summed over
    the chats and their first questions, as `aside_variants` counts the help requests)."""
    leads = variants(CHAT_LEADS)
    total = 0
    for chat in CHATS:
        opener = variants(MOOD_OPENERS[chat.mood])
        told = leads * sum(variants(m) for m in chat.mentions)
        reacted = opener * sum(variants(r) for r in chat.reactions)
        asked = sum(variants(e.ask) * variants(e.answer) for e in chat.exchanges)
        closed = sum(variants(c) for c in chat.closes) * variants(CHAT_TAILS[chat.mood])
        total += told * reacted * asked * closed
    return total


def _mention(chat: Chat, rng: random.Random) -> str:
    lead = expand(CHAT_LEADS, rng)
    said = expand(body(rng.choice(chat.mentions)), rng)
    if lead.endswith(":") and ":" in said:
        lead = ""  # ("Random update: small win: I've ..." otherwise)
    return _cap(_join(lead, said))


def choose_chat(rng: random.Random, moment: datetime) -> Chat:
    """A chat that fits the moment's hour and month, uniformly."""
    chats = [c for c in CHATS if c.fits_moment(moment)]
    return chats[rng.randrange(len(chats))]


def _pick(templates: tuple[str, ...], said: str, rng: random.Random) -> str:
    """One of the templates whose cue fits what the user has said, expanded (see `cue`)."""
    fit = [t for t in templates if cue_fits(t, said)]
    return expand(fitted(fit[rng.randrange(len(fit))], said), rng)


def _without_repeat(close: str, tail: str) -> str:
    """The close and its tail, the tail left out when the close already says it ("Enjoy it.
    ... Enjoy it.")."""
    if tail and tail.strip().rstrip(".!").lower() in close.lower():
        return close
    return _join(close, tail)


def render_chat(chat: Chat, rng: random.Random) -> list[tuple[str, str]]:
    """The chat as (role, text) pairs, user first and assistant last: the user's news, the
    assistant's response and question, the user's answer; half the time a second question and
    answer; then the assistant's close. Each reply, question and close is drawn among those
    whose cue fits what the user has said so far (`cue`)."""
    mention = _mention(chat, rng)
    said = mention
    open_asks = [i for i, e in enumerate(chat.exchanges) if cue_fits(e.ask, said)]
    first, second = rng.sample(open_asks, 2) if len(open_asks) > 1 else (open_asks[0], None)
    asks = [chat.exchanges[first]]
    if rng.random() < 0.5 and second is not None:
        asks.append(chat.exchanges[second])
    turns = [("user", mention)]
    reaction = _join(expand(MOOD_OPENERS[chat.mood], rng), _cap(_pick(chat.reactions, said, rng)))
    for i, exchange in enumerate(asks):
        lead = reaction if i == 0 else expand(BRIDGES, rng)
        turns.append(("assistant", _join(lead, _cap(expand(fitted(exchange.ask, said), rng)))))
        answer = _cap(expand(fitted(exchange.answer, said), rng))
        turns.append(("user", answer))
        said = f"{said} {answer}"
    close = _cap(_pick(chat.closes, said, rng))
    turns.append(("assistant", _without_repeat(close, expand(CHAT_TAILS[chat.mood], rng))))
    return turns


#: Share of asides that are a chat about the user's own life rather than a request for help.
CHAT_SHARE = 0.5


def draw_aside(rng: random.Random, moment: datetime) -> list[tuple[str, str]]:
    """One aside that fits the moment: (role, text) pairs, user first and assistant last; a
    request for help (two or four turns) or, at `CHAT_SHARE`, a chat about the user's own
    day (four or six turns)."""
    if rng.random() < CHAT_SHARE:
        return render_chat(choose_chat(rng, moment), rng)
    return render_aside(choose_aside(rng, moment), rng)


check_asides()
