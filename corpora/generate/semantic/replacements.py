"""Replacements: a held value swapped for another, and the moves that only look like one.

A replacement is told as a plain statement of the new value (`Move.told_as`), in the very
frames and clauses of one, and the user's next turn (its *status*) names the value it replaced
(`{old}`), so a chain can be followed from the conversation alone. Beside a chain sit its
rivals: a switch considered and not made, a rumour, someone else's value or someone else's
switch. Each is told as a statement of the holder's value too, and what became of it (it was
dropped, it was talk, it was someone else's) comes in the next turn, from the shared statuses
(`core.bank.STATUSES`). No statement of a value is marked by its own words: a reader must read
on to know whether it stood. A true statement gets a status exchange at times too (confirming
or hedging it), so a status exchange itself says nothing.

Families are the shared ones, so every statement, twin and mention a Semantic session makes
reads exactly as it does in the other verticals. The writing rules of the shared bank hold
here too: no digits, brackets or em dashes, no answer word; a status names none of the words
a question of any family greps for.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

from checker.separability.shortcuts import key_words
from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.bank import (
    ANSWER_WORDS,
    FAMILIES,
    STATUS_REPLIES,
    STATUS_UNFIT,
    STATUSES,
    BankError,
)
from corpora.generate.core.wording import compose, plain
from corpora.generate.core.world import TWIN_OTHERS, TWIN_RUMOUR, Family

REPLACEMENT = "replacement"
#: Someone else's switch: told as the holder's statement, put right in the next turn.
TWIN_OTHERS_SWITCH = "twin-others-switch"
#: A belief's echo: someone else's fact, said as theirs (`a friend of my aunt's has a Korvane
#: too`), with no status after it (a source question asks where the *holder's* value was said,
#: so the echo never says it of the holder).
ECHO_MOVE = "twin-echo"

#: The families a Semantic haystack draws from, in a fixed order.
FAMILY_KEYS = (
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
    # A belief's echo is someone else's fact in the shared words of one (`twin-others`).
    clauses[ECHO_MOVE] = tuple(shared.clauses[shared.statement_kind])
    return replace(shared, clauses=MappingProxyType(clauses))


#: The families a Semantic haystack draws from, in a fixed order.
SEMANTIC_FAMILIES: tuple[Family, ...] = tuple(_family(k) for k in FAMILY_KEYS)

#: How a status names the value a replacement replaced (`{old}`), in words no question of the
#: family uses (`the Corvane`, not `the Corvane gym`): the status stays out of the turns a
#: reader greps for the family's keyword.
OLD_NAMES: dict[str, str] = {
    "car": "the {W}",
    "work": "{W}",
    "gym": "{W}",
    "dentist": "Dr {W}",
    "road": "the old place on {W}",
    "choir": "the {W} chorus",
    "bank": "{W}",
    "boat": "the {W}",
    "bookclub": "the {W} group",
    "piano": "{W}",
    "broadband": "{W}",
    "allotment": "the plot at {W}",
}


def old_name(family: Family, value: str) -> str:
    """The replaced value as a replacement's status names it."""
    return OLD_NAMES[family.key].format(W=value)


#: What a replacement told as a plain statement (`Move.told_as`) says in the user's next turn:
#: the value it replaced (`{old}`), so the chain can be followed from the conversation alone
#: (the checker holds a replacement's session to naming it). The rivals of a chain (a switch
#: considered, a rumour, someone else's) are told as statements too and say in that turn what
#: became of them, so a statement of the holder's value reads alike whatever follows it.
REPLACEMENT_STATUSES: tuple[str, ...] = (
    "[That's|It's] [instead of|in place of|to replace] {old}[, in the end|, for what it's"
    " worth|, finally|, as it happens|, if you're keeping track|][.|!]",
    "[So|And so|Which means|So yes,] {old} [is [history|a thing of the past|behind {obj}|off"
    " the list]|has gone|is out of the picture] [now|at last|for good|these days][, {pron} [says|tells me|told me]|,"
    " apparently|, and {pron} doesn't look back|, and good riddance, {pron} says|].",
    "{Pron} [finally|at last|eventually] [gave up on|said goodbye to|parted with|got shot"
    " of|saw the back of|turned {poss} back on] {old}[ to make the change| for it|][, {pron}"
    " [told|tells] me|, after [a lot of|plenty of|some|endless] [dithering|thinking|grumbling"
    "|agonising]|, and not before time|].",
    "[Yes,|Oh,|And|Right,|So,] [that's the end of|that's goodbye to|no more dealing with] {old} for {obj}[, which"
    " {pron} [was never quite happy with|had grumbled about|had gone off]|,"
    " and {pron} [says|reckons] it's [a big improvement|much better|a relief]|, and {pron}"
    " [seems|sounds] [happier|pleased|relieved] about it|].",
    "[The|That] [switch|change|move] [away |]from {old} [went [smoothly|quicker than {pron}"
    " expected|more easily than {pron} feared|without a hitch]|was [a bit of a palaver|all done"
    " in a week|less bother than {pron} thought|easier than {pron} feared]][, {pron} [says|tells"
    " me]|, by all accounts|, from what I hear|].",
    "[Honestly,|Mind you,|To be fair,|Funnily enough,] {pron} [had been|was] [thinking about"
    " leaving|itching to leave|meaning to move on from|talking about dropping] {old}[ on and"
    " off| now and then|][, so it's no surprise|, so nobody's shocked|, so good for {obj}|].",
)

#: The assistant's reply to a replacement's status. It is drawn apart from the status, so it
#: fits every one: nothing that asks what a status may just have said (`Had she been thinking
#: about it for long?` after `she had been itching to leave for months`), and nothing a status
#: may contradict (`Sounds like she knew what she wanted.` after `endless dithering`, `It's nice
#: when a change like that goes smoothly.` after `a bit of a palaver`).
REPLACEMENT_STATUS_REPLIES: tuple[str, ...] = (
    compose(
        (
            "Quite a change.",
            "Out with the old, then.",
            "Good for {obj}.",
            "Oh, interesting.",
            "Well, well.",
            "A fresh start.",
            "Change is good sometimes.",
            "",
        ),
        (
            "Has {pron} settled in with the new one yet?",
            "I hope it works out better for {your}.",
            "What made {your} change in the end?",
            "Is the new one any better so far?",
            "How is it going so far for {your}?",
            "Will {pron} stick with the new one, do you think?",
            "Thanks for the update on {your}.",
            "I hope the new one suits {obj} better.",
            "Here's hoping the new one is an improvement.",
            "Let me know how {pron} gets on.",
        ),
    ),
)

#: A rumour is put right in the shared words, the value named as a status names an old one
#: (`{named}`: `Dr Hekker`, `the Corvane`, never `the Hekker`).
#: (One status names the value, as before, and it says how the user was put right, so it
#: fits a first-hand sentence too: a status naming the value is a turn a reader weighs, so
#: their share is kept.)
RUMOUR_STATUSES: tuple[str, ...] = (
    *(t for t in STATUSES[TWIN_RUMOUR] if "{V}" not in t),
    "[Oh|Ah|Oh, hang on], [and|but] [ignore|forget|disregard] what I said about {named}:"
    " {pron} [laughed when I asked|put me straight when I asked|said there's nothing in"
    " it][, it was just a story|, it was crossed wires|].",
)
#: Which statuses fit which sentences (`core.bank.CLAIM_MARKS`): the shared ones.
SEMANTIC_STATUS_UNFIT: dict[str, frozenset[str]] = dict(STATUS_UNFIT)

#: Someone else's switch is told as the holder's statement and put right in the next turn,
#: as someone else's news is.
SWITCH_STATUSES = STATUSES[TWIN_OTHERS]
SWITCH_STATUS_REPLIES = STATUS_REPLIES[TWIN_OTHERS]


def status_keywords() -> frozenset[str]:
    """The words a question of any family greps for (the checker's attribute words): a status
    or its reply naming one would be a turn a reader weighs as a statement of the value."""
    out: set[str] = set()
    for family in SEMANTIC_FAMILIES:
        out |= key_words(family.questions[0].format(holder="my aunt"), set()).attribute
    return frozenset(out)


_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")


def check_replacement_bank() -> None:
    """The shared bank's writing rules, over this module's templates (asserted at import)."""
    texts: list[tuple[str, str]] = [("status", t) for t in REPLACEMENT_STATUSES + RUMOUR_STATUSES]
    texts += [("status reply", t) for t in REPLACEMENT_STATUS_REPLIES]
    texts += [(f"{k} belief", t) for k, t in BELIEFS.items()]
    texts += [(f"{k} asked belief", t) for k, t in ASKED_BELIEFS.items()]
    texts += [(f"{k} old name", t) for k, t in OLD_NAMES.items()]
    for where, text in texts:
        words = plain(text)
        if _PLAIN.search(words):
            raise BankError(f"{where} template {text!r} has a digit, bracket or em dash")
        found = ANSWER_WORDS & set(raw_tokens(words))
        if found:
            raise BankError(f"{where} template {text!r} uses answer word(s) {sorted(found)}")
    keywords = status_keywords()
    for where, text in texts:
        if where.startswith(("status", "switch")) or where.endswith("old name"):
            found = keywords & set(raw_tokens(plain(text)))
            if found:
                raise BankError(
                    f"{where} template {text!r} names a question keyword {sorted(found)}: the "
                    "status would be a turn a reader weighs"
                )
    if not set(FAMILY_KEYS) == set(BELIEFS) == set(OLD_NAMES) == set(ASKED_BELIEFS):
        raise BankError("every Semantic family needs belief phrases and a name for an old value")
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
