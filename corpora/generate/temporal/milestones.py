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
from corpora.generate.core.bank import ANSWER_WORDS, FRAMES, REPLIES
from corpora.generate.core.render import Bank
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
LINK_FRAMES = (
    "{Holder} rang me with news of {clause}, which is keeping {obj} busy. Apparently the {V} "
    "took place {rel} the {W}.",
    "{Holder} sent me a long progress report on {clause}. It turns out the {V} was held {rel} "
    "the {W}.",
    "{Holder} gave me a proper update on {clause} over coffee. The {V} was done {rel} the {W}, "
    "by the sound of it.",
    "I caught up with {holder} about {clause}, which seems to be going well. The {V} was "
    "fitted in {rel} the {W}, {pron} said.",
    "{Holder} talked me through exactly where {clause} has got to so far. In the end the {V} "
    "was held {rel} the {W}.",
    "One piece of news about {clause} from {holder}, who sounded pleased. The {V} took place "
    "{rel} the {W}.",
)

MILESTONE_FRAMES: dict[str, tuple[str, ...]] = {
    LINK: LINK_FRAMES,
    # Someone else's project (the holder reads `my aunt's neighbour`): a link of theirs.
    f"{TWIN_OTHERS}/{LINK}": (
        "Not my news, but {holder} has a project on the go as well, {clause}. There the {V} "
        "took place {rel} the {W}.",
        "I heard that {holder} is busy with {clause}, which sounds like hard work. Over there "
        "the {V} was held {rel} the {W}.",
        "{Holder} is doing something very similar with {clause}, funnily enough. For them the "
        "{V} was done {rel} the {W}.",
    ),
    # A milestone said to have happened, against one of the project's own, that did not.
    f"{TWIN_RUMOUR}/{LINK}": (
        "A story went round about {holder} and {clause}, and it was not true. Supposedly the "
        "{V} had been held {rel} the {W}.",
        "Someone told me a tale about {holder} and {clause} that turned out to be wrong. The "
        "story was that the {V} took place {rel} the {W}.",
        "I had got the wrong end of the stick about {holder} and {clause}. I thought the {V} "
        "was held {rel} the {W}, but no.",
    ),
    # A milestone planned against one of the project's own, then called off.
    f"{TWIN_CONSIDERED}/{LINK}": (
        "{Holder} had to drop one of the plans for {clause}, which was a real shame. The {V} "
        "was pencilled in {rel} the {W}, and now it has been cancelled.",
        "{Holder} has scrapped part of the plan for {clause}, which seems sensible. The {V} was "
        "going to be held {rel} the {W}, but it has been called off.",
        "Change of plan for {holder} and {clause}, by the sound of things. The {V} that was "
        "pencilled in {rel} the {W} is not happening any more.",
    ),
    # A milestone planned between two of the project's own, then called off.
    f"{TWIN_BETWEEN}/{LINK}": (
        "{Holder} had to give up one idea for {clause}, which was a real pity. The {V} had been "
        "pencilled in for some point between the {W} and the {W2}, but that plan was dropped.",
        "Change of plan for {holder} and {clause}, by the sound of things. A {V} somewhere "
        "between the {W} and the {W2} was talked about, but it will not go ahead.",
        "{Holder} has scrapped part of the plan for {clause}, which seems sensible. There was "
        "going to be a {V} fitted in between the {W} and the {W2}, but it has quietly been "
        "called off.",
    ),
}

#: A near miss about one milestone (`{V}`), with no relation and no time expression.
NAMED_MENTION_FRAMES = (
    "{Holder} and I spent ages over dinner talking through {clause}. Mostly the {V}, to be honest.",
    "I had a long, rambling chat with {holder} about {clause} and how it is going. We mostly "
    "discussed the {V}.",
    "{Holder} sent me a long message about {clause} that I still have not answered. Most of "
    "the message was about how the {V} went.",
    "{Holder} has strong views about {clause}, as you can probably imagine. Especially "
    "about how the {V} went.",
)

#: Replies answer the turn, name whom it was about, and never restate or contradict the order.
MILESTONE_REPLIES: dict[str, tuple[str, ...]] = {
    LINK: (
        "Thanks, that helps me keep track of {clause} for {your}.",
        "It sounds like {your} has {clause} well in hand, which is good.",
        "Good to know where {clause} stands. Is {your} happy with the pace of it all?",
        "So that is how it went. How is {your} holding up with all of it, do you think?",
        "That is useful, thanks. I hope {your} is getting plenty of help with it.",
        "It sounds like a lot for {your} to juggle. I hope the rest of it goes smoothly.",
    ),
    f"{TWIN_OTHERS}/{LINK}": (
        "Does {owner_your} ever compare notes with them?",
        "Interesting. Was that news to {owner_your} as well?",
        "Busy people all around {owner_your}, then, by the sound of it.",
        "I wonder whether {owner_your} picked up any useful ideas from {clause}.",
        "It sounds like {clause} is keeping them busy. Does {owner_your} ever lend a hand?",
    ),
    f"{TWIN_RUMOUR}/{LINK}": (
        "Good that you checked with {your} before passing that on.",
        "Stories like that do get around. Glad it was cleared up for {your}.",
        "Easy mistake to make with something as busy as {clause}, I suppose.",
        "At least you know how {clause} really went for {your} now, which helps.",
    ),
    f"{TWIN_CONSIDERED}/{LINK}": (
        "Probably wise of {your} to drop it, all things considered.",
        "Fair enough. That is one less thing for {your} to organise.",
        "Was {your} disappointed to lose it, or secretly relieved?",
        "Plans change all the time. I hope the rest of {clause} goes smoothly.",
        "Sensible to keep {clause} manageable, I think, and good for {your}.",
    ),
    f"{TWIN_BETWEEN}/{LINK}": (
        "Probably wise of {your} to keep things simple, all things considered.",
        "Fair enough. That is one less thing for {your} to organise.",
        "Was {your} sorry to see it go, or secretly relieved?",
        "Plans change all the time. I hope the rest of {clause} goes smoothly.",
        "Sensible to keep {clause} manageable, I think, and good for {your}.",
    ),
    NAMED_MENTION: (
        "That sounds like quite a conversation with {your}, all told.",
        "I hope the {V} turned out the way {pron} wanted.",
        "Those chats can go on forever. I hope the rest of {clause} is going well.",
        "It sounds as if the {V} really matters a great deal to {your}, which is lovely.",
        "So {clause} is on everyone's mind, then. Did {your} sound happy about it?",
    ),
}

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
        {MENTION: FRAMES[MENTION], NAMED_MENTION: NAMED_MENTION_FRAMES, **MILESTONE_FRAMES}
    ),
    replies=MappingProxyType({MENTION: REPLIES[MENTION], **MILESTONE_REPLIES}),
    family_replies=MappingProxyType({}),
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
        bare = re.sub(r"\{[A-Za-z_0-9]+\}", "", text)
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
            and not re.search(r"\{V\}.*\{rel\}.*\{W\}", text)
        ):
            raise MilestoneBankError(
                f"{where} template {text!r} must read the {{V}}, the relation word, the {{W}}"
            )
    check_keyword_density()
    for project in PROJECTS.values():
        keywords = set(raw_tokens(project.noun))
        for text in (*project.topics, *project.clauses[LINK]):
            if not keywords & set(raw_tokens(text)):
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
    out += [(f"frame {MENTION}", t) for t in FRAMES[MENTION]]
    out += [(f"reply {MENTION}", t) for t in REPLIES[MENTION]]
    return out


def check_keyword_density() -> None:
    """No sentence a template can produce is made mostly of a question's words (the generic
    scaffolding strip's test), filled at its worst: a two-word holder, a two-word project, a
    milestone the question names beside one sharing its noun, and the question templates' own
    words."""
    asked = _question_words()
    found: list[str] = []
    for where, template in _conversation_templates():
        for project in PROJECTS.values():
            keywords = asked | frozenset(
                bm25_tokens(f"best friend {project.noun} {_NAMED} {_SECOND_NAMED}")
            )
            clauses = project.clauses[LINK] if "{clause}" in template else ("",)
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
    used = {
        w
        for _, t in _conversation_templates()
        for w in bm25_tokens(re.sub(r"\{[A-Za-z_0-9]+\}", " ", t))
    }
    shared = sorted(asked & used)
    if shared:
        raise MilestoneBankError(f"conversation templates use question words {shared}")


check_milestone_bank()
