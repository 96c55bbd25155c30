"""Records that change and get corrected: move kinds, template families and replies.

A session of a record-keeping conversation makes four moves, whatever it is about:

- a *change* — someone's employer, street, gym … goes from one value to another at an instant
  the user states relative to the session, ahead of it (`change-ahead`: "is leaving W in nine
  days for a new employer, V") or behind it (`change-past`: "left W eleven days ago for …");
- a *correction* — a value the user gave earlier was wrong ("the new employer is V, not W");
- a value-bearing twin — another person's change (a change move about someone seen through the
  person: `my sister's friend`), a correction nearly made and withdrawn (`proposed`), or a
  choice considered and dropped (`twin-considered`);
- a neutral mention of the person and a topic of the family.

Each family supplies the clauses of every kind, mention topics, the noun a question names it by
and the phrase an answer names a value with. Clauses use `{V}` (the move's value), `{W}` (the
value it replaces: the old one in a change, the wrong one in a correction) and `{valid}` (the
change's instant, as stated). The renderer is the shared one; this module only extends its
bank.

Writing rules, held at import: no digit, bracket or em dash in any template; no word the
answers or the questions use to frame the record (`ANSWER_WORDS`, `QUESTION_WORDS`), so
neither the answer-leak screen nor the retriever is handed a construction; and every clause and
topic names its family's keyword, so no move kind is easier or harder to retrieve.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.bank import FAMILIES, FRAMES, REPLIES, BankError
from corpora.generate.core.grammar import flatten
from corpora.generate.core.render import Bank
from corpora.generate.core.world import MENTION, TWIN_CONSIDERED, Family

CHANGE_AHEAD = "change-ahead"
CHANGE_PAST = "change-past"
CORRECTION = "correction"
PROPOSED = "proposed"
CHANGE_KINDS = (CHANGE_AHEAD, CHANGE_PAST)
#: The move kinds a session plan carries.
KINDS = (CHANGE_AHEAD, CHANGE_PAST, CORRECTION, PROPOSED, TWIN_CONSIDERED, MENTION)


@dataclass(frozen=True)
class RecordFamily:
    """One family of record: the shared `Family` the renderer reads, plus the question's noun
    and the answer's phrase for a value."""

    family: Family
    #: What a question calls it, after `{holder}'s`: `employer`, `address`.
    noun: str
    #: The word every clause and topic carries (the question's keyword).
    keyword: str

    @property
    def key(self) -> str:
        return self.family.key

    def named(self, value: str) -> str:
        """How an answer names a value: `the Korvane gym`, `Dr Korvane`."""
        return self.family.answer_value.format(V=value)


def _record(
    key: str,
    noun: str,
    keyword: str,
    answer: str,
    *,
    ahead: tuple[str, ...],
    past: tuple[str, ...],
    correction: tuple[str, ...],
    proposed: tuple[str, ...],
    considered: tuple[str, ...] | None = None,
    topics: tuple[str, ...] | None = None,
) -> RecordFamily:
    shared = FAMILIES.get(key)
    family = Family(
        key=key,
        noun=noun,
        questions=(f"What is {{holder}}'s {noun}?",),
        answer_value=answer,
        clauses=MappingProxyType(
            {
                CHANGE_AHEAD: ahead,
                CHANGE_PAST: past,
                CORRECTION: correction,
                PROPOSED: proposed,
                "considered": considered
                if considered is not None
                else tuple(shared.clauses["considered"])
                if shared
                else (),
            }
        ),
        topics=topics if topics is not None else (shared.topics if shared else ()),
        statement_kind=CHANGE_AHEAD,
    )
    return RecordFamily(family, noun, keyword)


RECORD_FAMILIES: tuple[RecordFamily, ...] = (
    _record(
        "work",
        "employer",
        "employer",
        "{V}",
        ahead=(
            "leaves {W} {valid} for a new employer, {V}",
            "is swapping employer {valid}, from {W} to {V}",
            "moves from {W} to a new employer called {V} {valid}",
        ),
        past=(
            "left {W} {valid} for a new employer, {V}",
            "swapped employer {valid}, from {W} to {V}",
            "moved from {W} to a new employer called {V} {valid}",
        ),
        correction=(
            "{poss} new employer is {V}, not {W}",
            "I mixed up the names, and the new employer is {V} rather than {W}",
            "the name of the new employer is {V}; {W} was my mistake",
        ),
        proposed=(
            "{poss} new employer was {V} instead",
            "the employer was really {V}",
        ),
        considered=(
            "was offered a job by an employer called {V} and turned it down",
            "had an interview with an employer called {V} and did not take it further",
            "thought about applying to {V} as an employer and let it go",
        ),
        topics=(
            "what makes a good employer",
            "an employer who expects far too much",
            "changing employer halfway through the year",
        ),
    ),
    _record(
        "car",
        "car",
        "car",
        "the {V}",
        ahead=(
            "trades in the {W} {valid} for a new car, a {V}",
            "swaps {poss} car, the {W}, for a {V} {valid}",
            "gets a new car {valid}, a {V} to replace the {W}",
        ),
        past=(
            "traded in the {W} {valid} for a new car, a {V}",
            "swapped {poss} car, the {W}, for a {V} {valid}",
            "got a new car {valid}, a {V} to replace the {W}",
        ),
        correction=(
            "the new car is a {V}, not a {W}",
            "I got the car wrong, and it is a {V} rather than a {W}",
            "the car in question is a {V}; the {W} was my mistake",
        ),
        proposed=(
            "the new car was a {V} instead",
            "the car was really a {V}",
        ),
    ),
    _record(
        "gym",
        "gym",
        "gym",
        "the {V} gym",
        ahead=(
            "moves from the {W} gym to the {V} gym {valid}",
            "switches gym {valid}, from {W} to {V}",
            "leaves the {W} gym {valid} and joins the {V} gym",
        ),
        past=(
            "moved from the {W} gym to the {V} gym {valid}",
            "switched gym {valid}, from {W} to {V}",
            "left the {W} gym {valid} and joined the {V} gym",
        ),
        correction=(
            "the new gym is {V}, not {W}",
            "I named the wrong gym, and it is {V} rather than {W}",
            "the gym in question is {V}; {W} was my mistake",
        ),
        proposed=(
            "the new gym was {V} instead",
            "the gym was really {V}",
        ),
    ),
    _record(
        "dentist",
        "dentist",
        "dentist",
        "Dr {V}",
        ahead=(
            "moves from Dr {W} to a new dentist, Dr {V}, {valid}",
            "switches dentist {valid}, from Dr {W} to Dr {V}",
            "leaves Dr {W} {valid} for a dentist called Dr {V}",
        ),
        past=(
            "moved from Dr {W} to a new dentist, Dr {V}, {valid}",
            "switched dentist {valid}, from Dr {W} to Dr {V}",
            "left Dr {W} {valid} for a dentist called Dr {V}",
        ),
        correction=(
            "the new dentist is Dr {V}, not Dr {W}",
            "I named the wrong dentist, and it is Dr {V} rather than Dr {W}",
            "the dentist in question is Dr {V}; Dr {W} was my mistake",
        ),
        proposed=(
            "the new dentist was Dr {V} instead",
            "the dentist was really Dr {V}",
        ),
    ),
    _record(
        "road",
        "address",
        "address",
        "{V} Road",
        ahead=(
            "moves from {W} Road to a new address on {V} Road {valid}",
            "changes address {valid}, from {W} Road to {V} Road",
            "leaves {W} Road {valid} for a new address on {V} Road",
        ),
        past=(
            "moved from {W} Road to a new address on {V} Road {valid}",
            "changed address {valid}, from {W} Road to {V} Road",
            "left {W} Road {valid} for a new address on {V} Road",
        ),
        correction=(
            "the new address is on {V} Road, not {W} Road",
            "I gave you the wrong address, and it is {V} Road rather than {W} Road",
            "the address in question is {V} Road; {W} Road was my mistake",
        ),
        proposed=(
            "the new address was on {V} Road instead",
            "the address was really {V} Road",
        ),
        considered=(
            "went to see a flat on {V} Road but decided against that address",
            "made an offer on a house on {V} Road that fell through, so no new address there",
            "thought about an address on {V} Road and then decided not to live there",
        ),
        topics=(
            "how often people change address",
            "letting everyone know about a new address",
            "post that keeps going to an old address",
        ),
    ),
    _record(
        "choir",
        "choir",
        "choir",
        "the {V} choir",
        ahead=(
            "moves from the {W} choir to the {V} choir {valid}",
            "switches choir {valid}, from {W} to {V}",
            "leaves the {W} choir {valid} and joins the {V} choir",
        ),
        past=(
            "moved from the {W} choir to the {V} choir {valid}",
            "switched choir {valid}, from {W} to {V}",
            "left the {W} choir {valid} and joined the {V} choir",
        ),
        correction=(
            "the new choir is {V}, not {W}",
            "I named the wrong choir, and it is {V} rather than {W}",
            "the choir in question is {V}; {W} was my mistake",
        ),
        proposed=(
            "the new choir was {V} instead",
            "the choir was really {V}",
        ),
        considered=(
            "went along to one rehearsal with the {V} choir and did not go back",
            "was asked to sing with the {V} choir and turned it down",
            "auditioned for the {V} choir and did not get a place",
        ),
        topics=(
            "choir concerts",
            "choir rehearsals that overrun",
            "whether a choir needs auditions at all",
        ),
    ),
    _record(
        "bank",
        "bank",
        "bank",
        "{V} Bank",
        ahead=(
            "moves {poss} account from {W} Bank to {V} Bank {valid}",
            "switches bank {valid}, from {W} Bank to {V} Bank",
            "leaves {W} Bank {valid} and opens an account with {V} Bank",
        ),
        past=(
            "moved {poss} account from {W} Bank to {V} Bank {valid}",
            "switched bank {valid}, from {W} Bank to {V} Bank",
            "left {W} Bank {valid} and opened an account with {V} Bank",
        ),
        correction=(
            "the new bank is {V} Bank, not {W} Bank",
            "I named the wrong bank, and it is {V} Bank rather than {W} Bank",
            "the bank in question is {V} Bank; {W} Bank was my mistake",
        ),
        proposed=(
            "the new bank was {V} Bank instead",
            "the bank was really {V} Bank",
        ),
    ),
    _record(
        "broadband",
        "broadband provider",
        "broadband",
        "{V}",
        ahead=(
            "switches broadband {valid}, from {W} to {V}",
            "moves {poss} broadband from {W} to {V} {valid}",
            "drops {W} {valid} and gets broadband from {V}",
        ),
        past=(
            "switched broadband {valid}, from {W} to {V}",
            "moved {poss} broadband from {W} to {V} {valid}",
            "dropped {W} {valid} and got broadband from {V}",
        ),
        correction=(
            "the new broadband provider is {V}, not {W}",
            "I named the wrong broadband provider, and it is {V} rather than {W}",
            "the broadband in question is with {V}; {W} was my mistake",
        ),
        proposed=(
            "the new broadband provider was {V} instead",
            "the broadband was really with {V}",
        ),
    ),
    _record(
        "bookclub",
        "book club",
        "book",
        "the {V} book club",
        ahead=(
            "moves from the {W} book club to the {V} book club {valid}",
            "switches book club {valid}, from {W} to {V}",
            "leaves the {W} book club {valid} and joins the {V} book club",
        ),
        past=(
            "moved from the {W} book club to the {V} book club {valid}",
            "switched book club {valid}, from {W} to {V}",
            "left the {W} book club {valid} and joined the {V} book club",
        ),
        correction=(
            "the new book club is {V}, not {W}",
            "I named the wrong book club, and it is {V} rather than {W}",
            "the book club in question is {V}; {W} was my mistake",
        ),
        proposed=(
            "the new book club was {V} instead",
            "the book club was really {V}",
        ),
    ),
    _record(
        "piano",
        "piano teacher",
        "piano",
        "{V}",
        ahead=(
            "moves from {W} to a new piano teacher, {V}, {valid}",
            "switches piano teacher {valid}, from {W} to {V}",
            "stops piano lessons with {W} {valid} and starts with {V}",
        ),
        past=(
            "moved from {W} to a new piano teacher, {V}, {valid}",
            "switched piano teacher {valid}, from {W} to {V}",
            "stopped piano lessons with {W} {valid} and started with {V}",
        ),
        correction=(
            "the new piano teacher is {V}, not {W}",
            "I named the wrong piano teacher, and it is {V} rather than {W}",
            "the piano lessons in question are with {V}; {W} was my mistake",
        ),
        proposed=(
            "the new piano teacher was {V} instead",
            "the piano lessons were really with {V}",
        ),
    ),
)
BY_KEY: dict[str, RecordFamily] = {f.key: f for f in RECORD_FAMILIES}


def _timeless(frames: tuple[str, ...]) -> tuple[str, ...]:
    """The shared frames that place nothing in time: in a record whose every instant matters,
    a colour expression ("three days ago my sister asked …") reads as one more instant."""
    return tuple(f for f in frames if "{when}" not in f.lower())


_CHANGE_FRAMES = (
    "Bit of news: {holder} {clause}.",
    "Something to note about {holder}: {pron} {clause}.",
    "{Holder} {clause}, as it turns out.",
    "So {holder} {clause}. {Pron} has talked about it for a while.",
    "Did I tell you? {Holder} {clause}.",
)

#: Frames per move kind. A change is framed alike ahead or behind its session, and alike for
#: the person and for someone seen through the person (another person's change is a twin).
RECORD_FRAMES: dict[str, tuple[str, ...]] = {
    CHANGE_AHEAD: _CHANGE_FRAMES,
    CHANGE_PAST: _CHANGE_FRAMES,
    CORRECTION: (
        "I need to correct something I told you about {holder}: {clause}.",
        "Correction about {holder}: {clause}.",
        "Sorry, I got something wrong about {holder}: {clause}.",
        "One fix to what I told you about {holder}: {clause}.",
        "Please change what you have for {holder}: {clause}.",
    ),
    PROPOSED: (
        "I was about to correct what I told you about {holder} and tell you {clause}, but I "
        "had it right the first time.",
        "Ignore the message I nearly sent about {holder}: I thought {clause}, but nothing has "
        "changed.",
        "A false alarm about {holder}: I wondered whether {clause}, but what I told you stands.",
        "I almost sent you a fix for {holder}, that {clause}, and then checked and it was fine "
        "as it was.",
    ),
    TWIN_CONSIDERED: _timeless(FRAMES[TWIN_CONSIDERED]),
    MENTION: _timeless(FRAMES[MENTION]),
}

#: Replies per move kind: each answers what its turn did and names whom it was about.
RECORD_REPLIES: dict[str, tuple[str, ...]] = {
    CHANGE_AHEAD: (
        "That is a big change for {your}. I hope the switch goes smoothly.",
        "Thanks, I have that down for {your}. Is {pron} looking forward to it?",
        "Good luck to {your} with the switch.",
        "Sounds like a fresh start for {your}. Was it a hard decision?",
        "I will remember that for {your}. Exciting times.",
    ),
    CHANGE_PAST: (
        "So that has happened already for {your}. How is {pron} finding it?",
        "Thanks for letting me know about {your}. Did the switch go smoothly?",
        "Good to know. I hope {your} is settling in well.",
        "That must have been a busy time for {your}.",
        "Noted for {your}. Any regrets about the old one?",
    ),
    CORRECTION: (
        "Thanks for putting that right. I will go by the corrected version for {your}.",
        "Got it, I have changed what I had for {your}.",
        "No problem, names like that are easy to mix up. Fixed for {your}.",
        "Thanks, I have updated the details for {your}.",
        "Understood, the details for {your} are put right now.",
    ),
    PROPOSED: (
        "Fair enough, I will leave what I have for {your} as it was.",
        "Good that you checked. Nothing changes for {your}, then.",
        "No harm done, the details for {your} stay as they were.",
        "Easy to second-guess a detail like that. What I have for {your} stays as before.",
    ),
    TWIN_CONSIDERED: REPLIES[TWIN_CONSIDERED],
    MENTION: REPLIES[MENTION],
}

#: The bank every record-keeping session is rendered from (only kinds a plan can carry).
RECORD_BANK = Bank(
    frames=MappingProxyType(RECORD_FRAMES),
    replies=MappingProxyType(RECORD_REPLIES),
    family_replies=MappingProxyType({}),
)

#: Words the answers use to frame the record, which no conversation uses.
ANSWER_WORDS = frozenset("record showed".split())
#: Words the questions use to frame their instants (beyond time expressions), kept out of the
#: conversations so that a retriever is not led to any one construction.
QUESTION_WORDS = frozenset("said based knew cast mind".split())

_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")


def templates() -> list[tuple[str, str]]:
    """(where, text) for every template of this bank, placeholders removed."""
    out: list[tuple[str, str]] = []
    for label, bank in (("frame", RECORD_FRAMES), ("reply", RECORD_REPLIES)):
        for kind, options in bank.items():
            out += [(f"{label} {kind}", t) for t in options]
    for rf in RECORD_FAMILIES:
        out += [(f"{rf.key} topic", t) for t in rf.family.topics]
        for kind, clauses in rf.family.clauses.items():
            out += [(f"{rf.key} {kind}", t) for t in clauses]
    return [(where, re.sub(r"\{[A-Za-z_]+\}", "", text)) for where, text in out]


def check_record_bank() -> None:
    """This bank's writing rules (see the module docstring); BankError names the template."""
    for where, text in templates():
        if _PLAIN.search(flatten(text)):
            raise BankError(f"{where} template {text!r} has a digit, bracket or em dash")
        found = (ANSWER_WORDS | QUESTION_WORDS) & set(raw_tokens(text))
        if found:
            raise BankError(f"{where} template {text!r} uses framing word(s) {sorted(found)}")
    for rf in RECORD_FAMILIES:
        if rf.keyword not in bm25_tokens(rf.noun):
            raise BankError(f"{rf.key}: keyword {rf.keyword!r} is not in its noun {rf.noun!r}")
        texts = [*rf.family.topics, *(c for cs in rf.family.clauses.values() for c in cs)]
        for text in texts:
            if rf.keyword not in bm25_tokens(re.sub(r"\{[A-Za-z_]+\}", "", text)):
                raise BankError(f"{rf.key} template {text!r} does not name {rf.keyword!r}")
        for kind in (CHANGE_AHEAD, CHANGE_PAST):
            for clause in rf.family.clauses[kind]:
                if not {"{V}", "{W}", "{valid}"} <= set(re.findall(r"\{[A-Za-z_]+\}", clause)):
                    raise BankError(f"{rf.key} {kind} clause {clause!r} needs V, W and valid")


check_record_bank()
