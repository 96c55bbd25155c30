"""Replacements: a held value swapped for another, and the moves that only look like one.

A replacement names the value it replaces (`{W}`) and the value that takes its place (`{V}`),
so a chain of them can be followed from the conversation alone. Beside them sit the twins a
chain attracts: a switch that was considered and not made (the family's `considered` clauses,
widened here with proposals), and someone else's switch (`twin-others-switch`: a replacement
clause under another holder, naming two values that are nobody's the question asks about).

Families are the shared ones with their replacement clauses added, so every statement, twin
and mention a Semantic session makes reads exactly as it does in the other verticals. The
writing rules of the shared bank hold here too: no digits, brackets or em dashes, no answer
word, and every clause names its family's question keyword.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.bank import ANSWER_WORDS, FAMILIES, FRAMES, REPLIES, BankError
from corpora.generate.core.wording import always, compose, has_any, plain
from corpora.generate.core.world import CONSIDERED, TWIN_OTHERS, Family

REPLACEMENT = "replacement"
#: Someone else's switch: a replacement clause under a holder seen through the asked person.
TWIN_OTHERS_SWITCH = "twin-others-switch"

#: Replacement clauses per family, continuing `{holder} …` in the past simple: `{W}` is the
#: value replaced, `{V}` the value now held.
REPLACEMENT_CLAUSES: dict[str, tuple[str, ...]] = {
    "car": (
        "traded in the {W} and bought a {V} as {poss} [new|everyday] car",
        "sold the {W} and replaced it with a {V}, so a different car now",
        "[swapped|exchanged] {poss} car, the {W}, for a {V}",
    ),
    "work": (
        "left {W} and [started work|found work] at {V}",
        "moved jobs from {W} to {V}, much the same sort of work",
        "handed in {poss} notice at {W} and now has work at {V}",
    ),
    "gym": (
        "[cancelled|quit] at the {W} gym and joined the {V} gym instead",
        "[switched|moved] from the {W} gym to the {V} gym",
        "left the {W} gym for a membership at the {V} gym",
    ),
    "dentist": (
        "moved from Dr {W} to a new dentist, Dr {V}",
        "left Dr {W} and signed up with Dr {V}, a dentist nearer home",
        "[switched|changed] dentist, from Dr {W} to Dr {V}",
    ),
    "road": (
        "moved from {W} Road to a flat on {V} Road",
        "sold the house on {W} Road and now lives on {V} Road",
        "left {W} Road and moved into a [place|house|flat] on {V} Road",
    ),
    "choir": (
        "left the {W} choir and joined the {V} choir",
        "[moved|switched] from the {W} choir to the {V} choir",
        "stopped singing with the {W} choir and now sings with the {V} choir",
    ),
    "bank": (
        "moved {poss} account from {W} Bank to {V} Bank",
        "closed the account with {W} Bank and opened one with {V} Bank",
        "[switched|changed] banks, from {W} Bank to {V} Bank",
    ),
    "boat": (
        "sold the {W} and bought another boat, the {V}",
        "swapped {poss} boat, the {W}, for one called the {V}",
        "part exchanged the {W} for a bigger boat called the {V}",
    ),
    "bookclub": (
        "left the {W} book club and joined the {V} book club",
        "[moved|switched] from the {W} book club to the {V} book club",
        "gave up the {W} book club for the {V} book club",
    ),
    "piano": (
        "stopped piano with {W} and now has lessons with {V}",
        "moved from {W} to a new piano teacher, {V}",
        "[switched|changed] piano teachers, from {W} to {V}",
    ),
    "broadband": (
        "moved {poss} broadband from {W} to {V}",
        "left {W} and [switched|moved] the broadband to {V}",
        "cancelled the broadband with {W} and signed up with {V}",
    ),
    "allotment": (
        "gave up the allotment at {W} and took one at {V}",
        "moved from the allotment at {W} to a plot at {V}",
        "[swapped|traded] {poss} allotment at {W} for one at {V}",
    ),
}

#: Replacements proposed and not made, added to each family's considered clauses: they name
#: only the value that was never taken up, so they can sit after any link of a chain.
PROPOSED_CLAUSES: dict[str, tuple[str, ...]] = {
    "car": ("was going to trade the car in for a {V} but changed {poss} mind",),
    "work": ("nearly left for work at {V} but decided to stay put",),
    "gym": ("talked about moving to the {V} gym and never did",),
    "dentist": ("was about to switch to Dr {V} as {poss} dentist and thought better of it",),
    "road": ("nearly moved to {V} Road but the sale fell through, so the same road",),
    "choir": ("was tempted to move to the {V} choir but stayed where {pron} was",),
    "bank": ("almost moved everything to {V} Bank and then did not bother",),
    "boat": ("had an offer on a boat called the {V} and turned it down",),
    "bookclub": ("thought about switching to the {V} book club and decided against it",),
    "piano": ("nearly changed piano teacher to {V} but kept the lessons as they were",),
    "broadband": ("was about to move the broadband to {V} and cancelled the switch",),
    "allotment": ("was offered a swap to an allotment at {V} and said no",),
}

#: How a question states a belief about a holder's value (present simple, second hop free).
BELIEFS: dict[str, str] = {
    "car": "{holder} has a {V}",
    "work": "{holder} works at {V}",
    "gym": "{holder} goes to the {V} gym",
    "dentist": "{holder}'s dentist is Dr {V}",
    "road": "{holder} lives on {V} Road",
    "choir": "{holder} sings with the {V} choir",
    "bank": "{holder} banks with {V} Bank",
    "boat": "{holder} has a boat called the {V}",
    "bookclub": "{holder} is in the {V} book club",
    "piano": "{holder} learns piano with {V}",
    "broadband": "{holder} gets broadband from {V}",
    "allotment": "{holder} has an allotment at {V}",
}


#: How a source-attribution question restates a belief: in other words than any clause of its
#: family uses (the value alone ties it to the conversation), so the sentence that stated it is
#: not made of the question's words and the scaffolding strip leaves it alone.
ASKED_BELIEFS: dict[str, str] = {
    "car": "{holder} gets about in a {V}",
    "work": "{holder} is employed by {V}",
    "gym": "{holder} keeps fit at {V}",
    "dentist": "{holder}'s teeth are looked after by {V}",
    "road": "{holder}'s address is on {V}",
    "choir": "{holder} is a singer in {V}",
    "bank": "{holder}'s money is kept at {V}",
    "boat": "{holder} sails on the {V}",
    "bookclub": "{holder} reads with the {V} group",
    "piano": "{holder} is taught the keyboard by {V}",
    "broadband": "{holder}'s internet provider is {V}",
    "allotment": "{holder} grows vegetables at {V}",
}


def _family(key: str) -> Family:
    shared = FAMILIES[key]
    clauses = dict(shared.clauses)
    clauses[REPLACEMENT] = REPLACEMENT_CLAUSES[key]
    clauses[TWIN_OTHERS_SWITCH] = REPLACEMENT_CLAUSES[key]
    clauses[CONSIDERED] = tuple(shared.clauses.get(CONSIDERED, ())) + PROPOSED_CLAUSES[key]
    return replace(shared, clauses=MappingProxyType(clauses))


#: The families a Semantic haystack draws from, in a fixed order.
SEMANTIC_FAMILIES: tuple[Family, ...] = tuple(_family(k) for k in REPLACEMENT_CLAUSES)

#: Few templates, each with many wordings inside: a replacement sits mostly in gold sessions,
#: so every template id of its own is one more category the parity test sees that imbalance in.
REPLACEMENT_FRAMES: tuple[str, ...] = (
    "[{When} {holder} {clause}[.|, as it happens.|, so {pron} tells me.|, after a lot of "
    "dithering.]|So {when} {holder} {clause}[, which {pron} had been mulling over for a while|, "
    "which surprised nobody|, without much fuss|].|{Holder} [went ahead and|finally|at long "
    "last|in the end] {clause}.|[Oh, and|By the way,|Also,|Did you hear?] {holder} {clause} "
    "{when}.]",
    "[Update on|News from|Something new with|A change for|Change of plan for|Big change for|A "
    "switch for] {holder}: {when} {pron} {clause}.",
)

REPLACEMENT_REPLIES: tuple[str, ...] = (
    compose(
        (
            "Quite a change.",
            "Out with the old, then.",
            "Good for {obj}.",
            "Oh, interesting.",
            "Well, well.",
            "A fresh start.",
            "",
        ),
        (
            "Is {your} happy with the switch?",
            "I hope it works out better for {your}.",
            "What made {your} change?",
            "Was it a hard choice for {your}?",
            "How is it going so far for {your}?",
            "Had {your} been thinking about it for long?",
            "Thanks for the update on {your}.",
            "How does {thing} compare with the old one?",
            "Is {thing} an improvement, would {pron} say?",
            "I hope {thing} suits {your} better.",
        ),
    ),
)

#: Someone else's switch reads like someone else's news, in the same frames and replies.
SWITCH_FRAMES = FRAMES[TWIN_OTHERS]
SWITCH_REPLIES = REPLIES[TWIN_OTHERS]

_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")


def check_replacement_bank() -> None:
    """The shared bank's writing rules, over this module's templates (asserted at import)."""
    texts: list[tuple[str, str]] = [("frame", t) for t in REPLACEMENT_FRAMES]
    texts += [("reply", t) for t in REPLACEMENT_REPLIES]
    texts += [(f"{k} belief", t) for k, t in BELIEFS.items()]
    texts += [(f"{k} asked belief", t) for k, t in ASKED_BELIEFS.items()]
    for key in REPLACEMENT_CLAUSES:
        texts += [(f"{key} clause", t) for t in REPLACEMENT_CLAUSES[key] + PROPOSED_CLAUSES[key]]
    for where, text in texts:
        words = plain(text)
        if _PLAIN.search(words):
            raise BankError(f"{where} template {text!r} has a digit, bracket or em dash")
        found = ANSWER_WORDS & set(raw_tokens(words))
        if found:
            raise BankError(f"{where} template {text!r} uses answer word(s) {sorted(found)}")
    for family in SEMANTIC_FAMILIES:
        keywords = set(bm25_tokens(family.questions[0].format(holder="")))
        for text in REPLACEMENT_CLAUSES[family.key] + PROPOSED_CLAUSES[family.key]:
            if not always(text, has_any(keywords, bm25_tokens)):
                raise BankError(
                    f"{family.key} template {text!r} names none of its question's keywords "
                    f"{sorted(keywords)}"
                )
    if not set(REPLACEMENT_CLAUSES) == set(BELIEFS) == set(PROPOSED_CLAUSES) == set(ASKED_BELIEFS):
        raise BankError("every Semantic family needs replacement, proposal and belief phrases")
    for family in SEMANTIC_FAMILIES:
        clause_words = {
            w for clauses in family.clauses.values() for t in clauses for w in bm25_tokens(plain(t))
        }
        shared = clause_words & set(bm25_tokens(ASKED_BELIEFS[family.key].format(holder="", V="")))
        if shared:
            raise BankError(
                f"{family.key} asked belief uses its clauses' words {sorted(shared)}: the stating "
                "sentence would be made of the question's words"
            )


check_replacement_bank()
