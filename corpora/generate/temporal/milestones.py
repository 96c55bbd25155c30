"""Temporal's move kinds and templates: projects whose milestones are related, never dated.

A project (a kitchen renovation, a house move, a community play …) is a fact family whose
"fact" is a chain of milestones with invented names (`the Grelvan review`). A `link` move states
one relation between two milestones of one person's project, with the relation word between
the two names (`… the Tossick visit came after the Grelvan review`), and no time expression: a
milestone is placed only relative to another milestone, never to a session or a calendar. Every
session of the vertical makes one link move, one twin and one mention; the twins are the
shared twin kinds read in this vertical's terms:

- `twin-others` — someone else's project and its order (`my aunt's neighbour's kitchen
  renovation: the Quellan check came before the Drossit visit`);
- `twin-rumour` — a milestone someone said had happened relative to one of the project's own,
  which turned out to be wrong;
- `twin-considered` — a milestone that was planned relative to one of the project's own and
  then called off.

Writing rules, held at import as for the shared bank: no digit, bracket or em dash in any
template; no word the answers use and the conversations must not (`bank.ANSWER_WORDS`); no time
expression in any link or twin frame; every clause and topic names a word of its project; and
every link and twin frame puts its relation word between the two milestone names, where the
checker reads it (ORD002).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from checker.retrieval.strips import is_keyword_sentence
from checker.text import bm25_tokens, raw_tokens, sentences
from corpora.generate.core.bank import ANSWER_WORDS, FOLLOW_UPS, REACTIONS, REPLIES
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
            "album",
            "album recording",
            (
                "{poss} album recording",
                "the recording of {poss} band's album",
                "the album {pron} is making with the band",
            ),
            (
                "whether anyone buys an album any more",
                "recording studios that charge by the hour",
                "cover art for an album",
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
            "thesis",
            "thesis",
            (
                "{poss} thesis",
                "the write-up of {poss} thesis",
                "the thesis {pron} is finishing",
            ),
            (
                "how long a thesis really takes",
                "thesis supervisors who never reply",
                "printing and binding a thesis",
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
    "[One piece of|Some|A bit of] news about {clause} from {holder}, who sounded [pleased with "
    "progress|tired but happy|in good spirits].",
)
_ORDER = (
    "[Apparently|It turns out|In the end|As it went|From what {pron} says|By all accounts|If I "
    "have it right], the {V} [took place|was held|was fitted in|went ahead] {rel} the {W}[, by "
    "the sound of it|, {pron} tells me|, or so I gather|, I am told].",
)
LINK_FRAMES = tuple(f"{a} {b}" for a in _ABOUT for b in _ORDER)

_RUMOURED = (
    "[A story went round|Someone passed on a story|I heard a tall tale|There was some talk "
    "going round|I was told a story] about {holder} and {clause}, [and it was not true in the "
    "slightest|which turned out quite wrong|which was utter nonsense|but it was a complete "
    "mix-up|and it was all wrong, sadly]. [Supposedly|The story was that|Apparently|Word was "
    "that|I thought], the {V} [had been held|took place|was fitted in] {rel} the {W}[, but "
    "that was wrong|, which is simply not so|, but no such luck].",
    "[I had got the story wrong|I had the facts wrong|I got my wires crossed] about {holder} "
    "and {clause}, [I am sorry to say|as it turns out, embarrassingly|which is embarrassing, "
    "frankly]. [I thought|I had heard|Somebody told me] the {V} [was "
    "held|took place|went ahead] {rel} the {W}, but [that is not right|that is not how it "
    "went|it did not go that way].",
)
_DROPPED = (
    "{Holder} [had to drop|has scrapped|gave up on|has shelved] [one of the plans|part of the "
    "plan|an idea] for {clause}, [which was a real shame|which seems very sensible|which is sad "
    "but sensible|to keep things simple].",
    "A [big|small|sudden] change of plan for {holder} and {clause}, [by the sound of things|"
    "from what I can gather|as far as I can tell].",
    "[Some|A bit of] news about {clause} from {holder}, who sounded [resigned but calm|"
    "philosophical and relaxed|properly fed up].",
)

MILESTONE_FRAMES: dict[str, tuple[str, ...]] = {
    LINK: LINK_FRAMES,
    # Someone else's project (the holder reads `my aunt's neighbour`): a link of theirs, told
    # in the same words.
    f"{TWIN_OTHERS}/{LINK}": LINK_FRAMES,
    # A milestone said to have happened, against one of the project's own, that did not.
    f"{TWIN_RUMOUR}/{LINK}": _RUMOURED,
    # A milestone planned against one of the project's own, then called off.
    f"{TWIN_CONSIDERED}/{LINK}": tuple(
        f"{a} [The {{V}} was pencilled in|The {{V}} was going to be held|The {{V}} had "
        f"originally been planned] {{rel}} the {{W}}, [and now it has been cancelled "
        f"altogether|but it has since been called off|but it is not going ahead after all|but "
        f"that is all off now, sadly]."
        for a in _DROPPED
    ),
    # A milestone planned between two of the project's own, then called off.
    f"{TWIN_BETWEEN}/{LINK}": tuple(
        f"{a} [The {{V}} had been pencilled in for some point|A {{V}} was talked about, "
        f"somewhere|There was going to be a {{V}} fitted in] between the {{W}} and the {{W2}}, "
        f"[but that plan was dropped|but it will not go ahead|but it has quietly been called "
        f"off]."
        for a in _DROPPED
    ),
}

#: A near miss about one milestone (`{V}`), with no relation and no time expression.
NAMED_MENTION_FRAMES = (
    "{Holder} and I spent ages over dinner talking through {clause}. [Mostly the {V}, to be "
    "honest.|It was mainly about the {V}, oddly enough.|The {V} took up most of the talk.]",
    "I had a long, rambling chat with {holder} about {clause} and how it is going. We "
    "[mostly|largely] discussed the {V}[, as it goes|].",
    "{Holder} sent me a long [message|voice note] about {clause} that I still have not "
    "answered. Most of [the message|it] was about how the {V} went, in great detail.",
    "{Holder} has strong views about {clause}, as you can probably imagine. [Especially|Above "
    "all] about how the {V} went, oddly enough.",
)


def _reply(*slots: tuple[str, ...]) -> tuple[str, ...]:
    return (compose(*slots),)


_DROPPED_REPLY = _reply(
    ("Fair enough.", "Ah well.", "Probably wise.", "Oh, shame.", "Right.", ""),
    (
        "Probably wise of {your} to keep things simple.",
        "That is one less thing for {your} to organise.",
        "Was {your} sorry to see it go, or secretly relieved?",
        "Plans change all the time with {clause}.",
        "Sensible to keep {clause} manageable, I think.",
    ),
    ("", "I hope the rest of it goes smoothly.", "Good for {your}, really."),
)

#: Replies answer the turn, name whom it was about, and never restate or contradict the order:
#: a reaction, a reference to the project and, sometimes, a follow-up.
MILESTONE_REPLIES: dict[str, tuple[str, ...]] = {
    LINK: _reply(
        ("Thanks.", "Good to know.", "Ah, right.", "Oh, nice.", "Right.", "Useful.", ""),
        (
            "That really helps me keep track of {clause} for {your}.",
            "It sounds like {your} has {clause} well in hand these days.",
            "Good to know where {clause} stands at the moment.",
            "So that is roughly how the rest of {clause} fits together.",
            "It sounds like {clause} is moving along nicely, step by step.",
            "That is a lot for {your} to juggle.",
        ),
        (
            "",
            "Is {your} happy with the pace of it all?",
            "How is {your} holding up with all of it, do you think?",
            "I hope {your} is getting plenty of help with it.",
            "I hope the rest of it goes smoothly.",
        ),
    ),
    f"{TWIN_OTHERS}/{LINK}": _reply(
        ("Interesting.", "Ha.", "Goodness.", "Busy people.", ""),
        (
            "Does {owner_your} ever compare notes with them?",
            "Was that news to {owner_your} as well?",
            "Busy people all around {owner_your}, then.",
            "I wonder whether {owner_your} picked up any useful ideas from {clause}.",
        ),
        ("", "Everyone seems to have a project on.", "It must be catching."),
    ),
    f"{TWIN_RUMOUR}/{LINK}": _reply(
        ("Ha.", "Oh dear.", "Easy mistake.", "Right.", ""),
        (
            "Good that you checked with {your} before passing that on.",
            "Stories like that do get around.",
            "At least you know how {clause} really went for {your} now.",
            "Easy to muddle things up with something as busy as {clause}.",
        ),
        ("", "Glad it was cleared up.", "These things happen."),
    ),
    f"{TWIN_CONSIDERED}/{LINK}": _DROPPED_REPLY,
    f"{TWIN_BETWEEN}/{LINK}": _DROPPED_REPLY,
    NAMED_MENTION: _reply(
        ("Ha.", "I can imagine.", "Oh, that.", "Right.", ""),
        (
            "That sounds like quite a conversation with {your}.",
            "I hope the {V} turned out the way {pron} wanted it to go.",
            "Those chats can go on forever.",
            "It sounds as if the {V} really matters a great deal to {your}, which is lovely.",
            "So {clause} is on everyone's mind, then.",
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
    frames=MappingProxyType(
        {MENTION: MENTION_FRAMES, NAMED_MENTION: NAMED_MENTION_FRAMES, **MILESTONE_FRAMES}
    ),
    replies=MappingProxyType({MENTION: REPLIES[MENTION], **MILESTONE_REPLIES}),
    family_replies=MappingProxyType({}),
    # Only mentions take the shared reactions and follow-ups: every other reply here is a
    # whole composed one.
    reactions=only(REACTIONS, (MENTION,)),
    follow_ups=only(FOLLOW_UPS, (MENTION,)),
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
    for where, text in templates:
        bare = plain(text)
        if _PLAIN.search(bare):
            raise MilestoneBankError(f"{where} template {text!r} has a digit, bracket or em dash")
        words = set(raw_tokens(bare))
        if words & ANSWER_WORDS:
            raise MilestoneBankError(f"{where} template {text!r} uses an answer word")
        if where.startswith(("frame", "mention")) and words & _TIME_WORDS:
            raise MilestoneBankError(f"{where} template {text!r} places a milestone in time")
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
}
_NAMED, _SHARED_NOUN, _SECOND_NAMED = "Qalmor review", "Zurbel review", "Pelvar visit"


def _question_words() -> frozenset[str]:
    """Every BM25 token of the question templates, holder, milestones and projects aside."""
    bare = " ".join(re.sub(r"\{[A-Za-z_0-9]+\}", " ", q) for q in QUESTIONS)
    return frozenset(bm25_tokens(bare))


def _conversation_templates() -> list[tuple[str, str]]:
    out = [(f"frame {k}", t) for k, ts in MILESTONE_FRAMES.items() for t in ts]
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
