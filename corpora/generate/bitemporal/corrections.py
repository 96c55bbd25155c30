"""Records that change and get corrected: move kinds, template families and replies.

A session of a record-keeping conversation makes four moves, whatever it is about:

- a *change* — someone's employer, street, gym … goes from one value to another at an instant
  the user states relative to the session, ahead of it (`change-ahead`: "is leaving W in nine
  days for a new employer, V") or behind it (`change-past`: "left W eleven days ago for …");
- a *correction* — the new value the record has was wrong ("her new employer is V, not the
  one you have down"), never naming which value that was, and saying so once: its frame says
  only whom it is about, its clause the mistake;
- a value-bearing twin — another person's change (`twin-others`), a correction nearly made and
  withdrawn (`proposed`), or a choice considered and dropped (`twin-considered`), each told in
  the frames and clauses of a change or a correction about the person, with what became of it
  in the user's next turn (`RECORD_STATUSES`: "Sorry, I'm mixing people up: that's her
  flatmate, not her."; true changes and corrections get a status at times too, confirming);
- a neutral mention of the person and a topic of the family.

Each family supplies the clauses of every kind, mention topics, the noun a question names it by
and the phrase an answer names a value with. Clauses use `{V}` (the move's value), `{W}` (the
old value a change replaces) and `{valid}` (the change's instant, as stated). A correction's
clause names only the right value: the wrong one (the move's `W`, which the generator keeps to
the value the user last gave as the person's own) is never put into words, so no correction,
true or a rival, can be read as correcting a value the user never gave the person. The renderer is the shared one; this module only extends its
bank.

Writing rules, held at import: no digit, bracket or em dash in any template; no word the
answers or the questions use to frame the record (`ANSWER_WORDS`, `QUESTION_WORDS`), so
neither the answer-leak screen nor the retriever is handed a construction; and every clause and
topic names its family's keyword, so no move kind is easier or harder to retrieve; no status
names any family's noun or keyword, so a status is never itself a statement of the attribute;
and no correction clause names the value it replaces (`{W}`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from checker.text import bm25_tokens, raw_tokens
from corpora.generate.core.bank import (
    FAMILIES,
    FOLLOW_UPS,
    FRAMES,
    REACTIONS,
    BankError,
)
from corpora.generate.core.grammar import flatten
from corpora.generate.core.render import Bank
from corpora.generate.core.wording import always, compose, has_any, never, one_of, only, plain
from corpora.generate.core.world import MENTION, TWIN_CONSIDERED, TWIN_OTHERS, Family

CHANGE_AHEAD = "change-ahead"
CHANGE_PAST = "change-past"
CORRECTION = "correction"
PROPOSED = "proposed"
CHANGE_KINDS = (CHANGE_AHEAD, CHANGE_PAST)
#: The move kinds a session plan carries.
KINDS = (CHANGE_AHEAD, CHANGE_PAST, CORRECTION, PROPOSED, TWIN_CONSIDERED, TWIN_OTHERS, MENTION)


@dataclass(frozen=True)
class RecordFamily:
    """One family of record: the shared `Family` the renderer reads, plus the question's noun
    and the answer's phrase for a value."""

    family: Family
    #: What a question calls it, after `{holder}'s`: `employer`, `address`.
    noun: str
    #: The word every clause and topic carries (the question's keyword).
    keyword: str
    #: How a reply names the change without its value (a grammar template: `[the new car|…]`).
    thing: str = "the change"

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
    topics: tuple[str, ...] | None = None,
    thing: str = "the change",
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
            }
        ),
        topics=topics if topics is not None else (shared.topics if shared else ()),
        statement_kind=CHANGE_AHEAD,
    )
    return RecordFamily(family, noun, keyword, thing)


def _corrections(new: str, named: str) -> tuple[str, ...]:
    """A family's correction clauses: each says once that what the record has was wrong and
    names the right value (`named`, a template on `{V}`); the correction frames only say whom
    it is about, so a frame and a clause never say the mistake twice. Which value it corrects
    is said by what it is, never by naming it: the new one as the record has it now (`_HAVE`),
    always the value the user last gave as the person's own, so no wording tells a first
    correction from a second (`new`: the new value's noun, `new employer`)."""
    return (
        f"{{poss}} {new} is [really|actually] {named}, not the one {_HAVE}",
        f"the {new} {_HAVE} is [wrong|a mistake|my mistake], and it's [really|actually] {named}",
        f"I got {{poss}} {new} wrong[, sorry|, silly me|]; it's [really|actually] {named}",
        f"I [had|put] {{poss}} {new} down wrong, and it's [really|actually] {named}",
        f"the {new} {_HAVE} should be {named}[, sorry|, my fault|]",
        f"{{poss}} {new} is {named}; I [muddled it up|got it wrong|slipped up][, sorry|]",
    )


#: How a correction names what it corrects (`_corrections`): the record's value as it stands,
#: never "the one I gave you", which could be the old value or any given since.
_HAVE = "[you have down|you've got down|you have noted|you've noted]"


RECORD_FAMILIES: tuple[RecordFamily, ...] = (
    _record(
        "work",
        "employer",
        "employer",
        "{V}",
        thing="[the new employer|the change of employer|the employer switch]",
        ahead=(
            "[leaves|is leaving] {W} {valid} for a new employer, {V}",
            "is swapping employer {valid}, from {W} to {V}",
            "[moves|is moving] from {W} to a new employer called {V} {valid}",
            "starts with a new employer, {V}, {valid}, and [says goodbye to|hands in {poss} "
            "notice at] {W}",
        ),
        past=(
            "left {W} {valid} for a new employer, {V}",
            "swapped employer {valid}, from {W} to {V}",
            "[moved|went] from {W} to a new employer called {V} {valid}",
            "started with a new employer, {V}, {valid}, and [waved goodbye to|handed in "
            "{poss} notice at] {W}",
        ),
        correction=_corrections("new employer", "{V}"),
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
        thing="[the new car|the car swap|the change of car]",
        ahead=(
            "trades in the {W} {valid} for a new car, a {V}",
            "[swaps|is swapping] {poss} car, the {W}, for a {V} {valid}",
            "gets a new car {valid}, a {V} to replace the {W}",
            "is [collecting|picking up] a {V} {valid}, and the old car, the {W}, [goes|is "
            "going] back to the dealer",
        ),
        past=(
            "traded in the {W} {valid} for a new car, a {V}",
            "swapped {poss} car, the {W}, for a {V} {valid}",
            "got a new car {valid}, a {V} to replace the {W}",
            "[collected|picked up] a {V} {valid}, and the old car, the {W}, went back to "
            "the dealer",
        ),
        correction=_corrections("new car", "a {V}"),
    ),
    _record(
        "gym",
        "gym",
        "gym",
        "the {V} gym",
        thing="[the new gym|the gym switch|the change of gym]",
        ahead=(
            "moves from the {W} gym to the {V} gym {valid}",
            "[switches|is switching] gym {valid}, from {W} to {V}",
            "leaves the {W} gym {valid} and joins the {V} gym",
            "has a membership starting at the {V} gym {valid}, [and is leaving|and is "
            "cancelling] the {W} gym",
        ),
        past=(
            "moved from the {W} gym to the {V} gym {valid}",
            "switched gym {valid}, from {W} to {V}",
            "left the {W} gym {valid} and joined the {V} gym",
            "started a membership at the {V} gym {valid} and [left|cancelled] the {W} gym",
        ),
        correction=_corrections("new gym", "{V}"),
    ),
    _record(
        "dentist",
        "dentist",
        "dentist",
        "Dr {V}",
        thing="[the new dentist|the change of dentist|the dentist switch]",
        ahead=(
            "moves from Dr {W} to a new dentist, Dr {V}, {valid}",
            "[switches|is switching] dentist {valid}, from Dr {W} to Dr {V}",
            "leaves Dr {W} {valid} for a dentist called Dr {V}",
            "registers with a new dentist, Dr {V}, {valid}, [and leaves|and says goodbye to] "
            "Dr {W}",
        ),
        past=(
            "moved from Dr {W} to a new dentist, Dr {V}, {valid}",
            "switched dentist {valid}, from Dr {W} to Dr {V}",
            "left Dr {W} {valid} for a dentist called Dr {V}",
            "registered with a new dentist, Dr {V}, {valid}, and left Dr {W}",
        ),
        correction=_corrections("new dentist", "Dr {V}"),
    ),
    _record(
        "road",
        "address",
        "address",
        "{V} Road",
        thing="[the new address|the change of address|the address change]",
        ahead=(
            "moves from {W} Road to a new address on {V} Road {valid}",
            "[changes|is changing] address {valid}, from {W} Road to {V} Road",
            "leaves {W} Road {valid} for a new address on {V} Road",
            "gets a new address {valid}, on {V} Road, [and leaves|and gives up the place on] "
            "{W} Road",
        ),
        past=(
            "moved from {W} Road to a new address on {V} Road {valid}",
            "changed address {valid}, from {W} Road to {V} Road",
            "left {W} Road {valid} for a new address on {V} Road",
            "got a new address {valid}, on {V} Road, and gave up the place on {W} Road",
        ),
        correction=_corrections("new address", "on {V} Road"),
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
        thing="[the new choir|the choir switch|the change of choir]",
        ahead=(
            "moves from the {W} choir to the {V} choir {valid}",
            "[switches|is switching] choir {valid}, from {W} to {V}",
            "leaves the {W} choir {valid} and joins the {V} choir",
            "begins singing with the {V} choir {valid}, [and leaves|and says goodbye to] "
            "the {W} choir",
        ),
        past=(
            "moved from the {W} choir to the {V} choir {valid}",
            "switched choir {valid}, from {W} to {V}",
            "left the {W} choir {valid} and joined the {V} choir",
            "began singing with the {V} choir {valid} and waved goodbye to the {W} choir",
        ),
        correction=_corrections("new choir", "{V}"),
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
        thing="[the bank switch|the new bank|the change of bank]",
        ahead=(
            "moves {poss} account from {W} Bank to {V} Bank {valid}",
            "[switches|is switching] bank {valid}, from {W} Bank to {V} Bank",
            "leaves {W} Bank {valid} and opens an account with {V} Bank",
            "has {poss} salary going to {V} Bank {valid}, [and closes the account at|and "
            "stops using] {W} Bank",
        ),
        past=(
            "moved {poss} account from {W} Bank to {V} Bank {valid}",
            "switched bank {valid}, from {W} Bank to {V} Bank",
            "left {W} Bank {valid} and opened an account with {V} Bank",
            "closed the account at {W} Bank {valid} and moved everything to {V} Bank",
        ),
        correction=_corrections("new bank", "{V} Bank"),
    ),
    _record(
        "broadband",
        "broadband provider",
        "broadband",
        "{V}",
        thing="[the broadband switch|the new broadband|the change of broadband]",
        ahead=(
            "switches broadband {valid}, from {W} to {V}",
            "[moves|is moving] {poss} broadband from {W} to {V} {valid}",
            "drops {W} {valid} and gets broadband from {V}",
            "[is getting|gets] broadband from {V} {valid}, [and cancels|and drops] {W}",
        ),
        past=(
            "switched broadband {valid}, from {W} to {V}",
            "moved {poss} broadband from {W} to {V} {valid}",
            "dropped {W} {valid} and got broadband from {V}",
            "had {V} put the broadband in {valid} and cancelled {W}",
        ),
        correction=_corrections("new broadband provider", "{V}"),
    ),
    _record(
        "bookclub",
        "book club",
        "book",
        "the {V} book club",
        thing="[the new book club|the book club switch|the change of book club]",
        ahead=(
            "moves from the {W} book club to the {V} book club {valid}",
            "[switches|is switching] book club {valid}, from {W} to {V}",
            "leaves the {W} book club {valid} and joins the {V} book club",
            "begins reading with the {V} book club {valid}, [and leaves|and says goodbye to] "
            "the {W} book club",
        ),
        past=(
            "moved from the {W} book club to the {V} book club {valid}",
            "switched book club {valid}, from {W} to {V}",
            "left the {W} book club {valid} and joined the {V} book club",
            "began reading with the {V} book club {valid} and left the {W} book club",
        ),
        correction=_corrections("new book club", "{V}"),
    ),
    _record(
        "piano",
        "piano teacher",
        "piano",
        "{V}",
        thing="[the new piano teacher|the change of piano teacher|the piano switch]",
        ahead=(
            "moves from {W} to a new piano teacher, {V}, {valid}",
            "[switches|is switching] piano teacher {valid}, from {W} to {V}",
            "stops piano lessons with {W} {valid} and starts with {V}",
            "begins piano lessons with {V} {valid}, [and stops going to|and says goodbye to] {W}",
        ),
        past=(
            "moved from {W} to a new piano teacher, {V}, {valid}",
            "switched piano teacher {valid}, from {W} to {V}",
            "stopped piano lessons with {W} {valid} and started with {V}",
            "had a piano lesson with {V} {valid} and stopped going to {W}",
        ),
        correction=_corrections("new piano teacher", "{V}"),
    ),
)


BY_KEY: dict[str, RecordFamily] = {f.key: f for f in RECORD_FAMILIES}


def _timeless(frames: tuple[str, ...]) -> tuple[str, ...]:
    """The shared frames that place nothing in time: in a record whose every instant matters,
    a colour expression ("three days ago my sister asked …") reads as one more instant."""
    return tuple(f for f in frames if "{when}" not in f.lower())


_CHANGE_FRAMES = (
    "[Bit of news|Some news|An update|Something for you] [about|on|from] {holder}: {pron} "
    "{clause}.",
    "{Holder} {clause}[, as it turns out|, apparently|, so {pron} tells me|, after a lot of "
    "dithering|, and {pron} sounds pleased about it|].",
    "[So|Oh, and|Right,|Also,|By the way,|Anyway,|Now,|Guess what:] {holder} {clause}.",
    "[I heard from {holder} that {pron}|{Holder} rang to say {pron}|Word from {holder} is "
    "that {pron}|{Holder} tells me {pron}|I gather {holder}] {clause}.",
    "Did I tell you that {holder} {clause}?",
)


#: Frames per move kind. A change is framed alike ahead or behind its session. Every rival is
#: told in the frames and clauses of a true move (`Move.told_as`): another person's change and
#: a choice considered and dropped as a change, a correction nearly made as a correction; what
#: became of it comes in the user's next turn (`RECORD_STATUSES`), so no value turn is marked
#: by its own wording.
def _one(frames: tuple[str, ...]) -> tuple[str, ...]:
    """The wordings as one grammar template: one template id per kind for the parity test,
    whose categories would otherwise multiply the share of gold a kind has by design."""
    return (one_of(frames),)


RECORD_FRAMES: dict[str, tuple[str, ...]] = {
    CHANGE_AHEAD: _one(_CHANGE_FRAMES),
    CHANGE_PAST: _one(_CHANGE_FRAMES),
    # A correction's frame only says whom it is about: its clause says the mistake, once.
    CORRECTION: _one(
        (
            "[About|On|Going back to|Back to] {holder}[ for a moment|]: {clause}.",
            "Please [change|amend|update] {holder}'s details: {clause}.",
            "[Oh, and|Also,|By the way,|Now,] [one thing|something] [about|on] {holder}: {clause}.",
            "[Thinking about|Speaking of|While we're on] {holder}, {clause}.",
            "[Right,|Oh,|Now,] {holder}: {clause}.",
        ),
    ),
    MENTION: _timeless(FRAMES[MENTION]),
}

#: Reply slots per move kind, each a reaction, a reference to what the turn did (the family's
#: thing where `THING` stands) and an optional follow-up; none names a value.
_REACT = {
    CHANGE_AHEAD: (
        "Oh, exciting.",
        "Big news.",
        "Well, that is a change.",
        "Good for {obj}.",
        "Ooh.",
        "Right.",
        "Thanks for the heads-up.",
        "Interesting.",
        "",
    ),
    CHANGE_PAST: (
        "Oh, that was quick.",
        "Big news.",
        "Well, that is a change.",
        "Good for {obj}.",
        "Ah.",
        "Right.",
        "Thanks for letting me know.",
        "Interesting.",
        "",
    ),
    CORRECTION: (
        "Thanks for putting that right.",
        "Got it.",
        "No problem.",
        "Easy mistake.",
        "Thanks, good to know.",
        "Ah, understood.",
        "Right, fixed.",
        "Okay.",
        "Ah, no worries.",
        "Oh, right.",
        "",
    ),
}
_REFER_ANY = {
    CHANGE_AHEAD: (
        "I hope the switch goes smoothly for {your}.",
        "That sounds like a fresh start for {your}.",
        "I will keep that in view for {your}.",
        "That is quite a step for {your}.",
    ),
    CHANGE_PAST: (
        "I hope the switch went smoothly for {your}.",
        "So that has happened already for {your}.",
        "That must have been a busy spell for {your}.",
        "I hope {your} is settling in well.",
    ),
    CORRECTION: (
        "I will go by the corrected version for {your}.",
        "I have changed what I had for {your}.",
        "Names like that are easy to mix up, so no harm done for {your}.",
        "I have fixed the details for {your}.",
        "I have the corrected one down for {your}.",
        "Noted, and changed for {your}.",
        "I have swapped that over for {your}.",
        "I have made the change for {your}, then.",
        "I have altered the entry for {your}.",
    ),
}
_REFER_THING = {
    CHANGE_AHEAD: (
        "I hope THING goes smoothly for {obj}.",
        "So THING is on the way for {your}.",
        "THING sounds like a fresh start.",
    ),
    CHANGE_PAST: (
        "I hope THING went smoothly for {obj}.",
        "So THING is done and dusted for {your}.",
        "THING must have kept {obj} busy.",
    ),
    CORRECTION: (
        "I have THING put right for {your}.",
        "So THING is as you have just given it, for {your}.",
    ),
}
_FOLLOW = {
    CHANGE_AHEAD: (
        "Is {pron} looking forward to it?",
        "Was it a hard decision?",
        "How is {pron} feeling about it?",
        "Any nerves?",
        "",
    ),
    CHANGE_PAST: (
        "How is {pron} finding it so far?",
        "Any regrets about the old one?",
        "Is {pron} glad {pron} did it?",
        "",
    ),
    CORRECTION: (
        "Anything else?",
        "Good to have it right.",
        "Easily done.",
        "Good catch.",
        "Anything else to fix?",
        "",
    ),
}


def _named(text: str) -> str:
    """A reference naming the family's thing (`{thing}`, `{Thing}` where it opens)."""
    return text.replace("THING", "{Thing}" if text.startswith("THING") else "{thing}", 1)


#: A chat's replies are composed here too (without the family's thing, which names the
#: record's subject).
_MENTION_REPLY = compose(
    ("Ha.", "I can imagine.", "Oh, that one.", "Fair enough.", "Oh dear.", "Classic.", ""),
    (
        "That sounds like quite a conversation with {your}.",
        "Sounds like {your} has a lot of thoughts on {topic}.",
        "People do feel strongly about {topic}.",
        "Talk of {topic} never quite gets settled, does it?",
        "{Your} clearly has views on {topic}.",
        "Everyone seems to have an opinion on {topic}.",
        "I can see why people talk about {topic} so often.",
    ),
    (
        "",
        "Where do you stand on it yourself?",
        "Did {your} convince you?",
        "Who won the argument?",
        "Are you on the same side?",
    ),
)

#: Replies per move kind, one composed template each (a reaction, a reference to what the turn
#: did that names whom it was about and at times the family's thing, `Bank.things`, and a
#: follow-up); none names a value. One template per kind keeps the parity test's categories to
#: the kinds themselves, whose shares gold and other sessions differ in by design.
_OWN_REPLIES: dict[str, tuple[str, ...]] = {
    kind: (
        compose(
            _REACT[kind],
            _REFER_ANY[kind] + tuple(_named(t) for t in _REFER_THING[kind]),
            _FOLLOW[kind],
        ),
    )
    for kind in _REACT
}
RECORD_REPLIES: dict[str, tuple[str, ...]] = {**_OWN_REPLIES, MENTION: (_MENTION_REPLY,)}

#: What became of a move, said by the user in the turn after it (`Move.told_as`, and
#: `render.STATUS_SHARE` of the true moves): a change confirmed or hedged, a correction
#: confirmed; a choice that fell through, another person's news, a correction taken back. A
#: status names no family's keyword or noun (it says `it`, or names the value), so it is never
#: a statement of the attribute itself, and it comes in many wordings so no sentence recurs.
_SOON = "[later|after that|the next day|this morning|at the weekend|when I saw {obj}|on the phone]"
_CHANGE_STATUSES = (
    "[And|Oh, and|Yes, and|Oh yes, and] [I [checked|double-checked] with {obj}|{pron} "
    "[confirmed it|told me so {obj}self|rang to confirm]] " + _SOON + "[, so it's [definite"
    "|settled|official|certain]|, so no doubt there|].",
    "[Honestly,|Really,|Yes,|And|Oh,] {pron} [seems|sounds|looked] [really|very|quite|so] "
    "[pleased|happy|chuffed|settled|content|excited|relieved] [with it|about it|][, which is "
    "nice|, to be fair|, bless {obj}|, and why not].",
    "[That's|It's] [all settled|definite|official|all sorted|for certain|a done deal|all "
    "arranged] [at last|by the sound of it|][, {pron} tells me|, I checked|, apparently|].",
    "[I think so, anyway|That's what {pron} told me, anyway|If I've got it right, anyway|At "
    "least, that's [my understanding|how I understood it|what I took from it]][, and {pron} "
    "[seemed|sounded] [sure|certain|definite] about it|, though I'd want to check|, as far as "
    "I can tell|].",
    "[And before you ask,|And yes,|For what it's worth,|Just so you know,] it's [true|real"
    "|definite|properly decided], I [asked|checked with|had it from] {obj} " + _SOON + ".",
    "[It's been|It was] [a while coming|on the cards for a while|a long while coming|talked "
    "about for ages][, to be fair|, honestly|, really|, so nobody's surprised|, so it's no "
    "shock].",
)
#: What a correction nearly made and taken back says, in its status and the reply to it, of
#: the value it leaves standing (placeholders the planner fills, `left_standing`): as the first
#: value given only where it is that (no correction has replaced the change's value yet), else
#: as the value the user had; `{Wn}` is that value as an answer names it.
STANDING: dict[str, tuple[str, str]] = {
    "stood_a": ("I had it right with the news", "I had it right already"),
    "stood_b": ("what I told you with the news was right", "what I had down was right"),
    "stood_c": ("the version in my news was right", "my last fix was right"),
    "stood_d": ("{Wn} was right all along", "{Wn} was right after all"),
    "along": ("all along", "after all"),
    "as_told": ("as I had it in the news", "as I'd last put it"),
    "keep": ("I'll keep the one from your news, then.", "I'll leave it as I have it, then."),
    "kept_a": ("so it stays as your news had it", "so it stays as you'd put it right"),
    "kept_b": ("so the one from your news stands", "so what I have down stands"),
}


#: When a true correction's status says the value it replaces was written down wrong: `at
#: first` only where that value is the first the change gave (no correction replaced it yet).
WRONG_WHEN: tuple[str, str] = (" at first", " earlier")


def wrong_when(first: bool) -> dict[str, str]:
    """The `WRONG_WHEN` placeholder of a true correction (`first`: of the change's value)."""
    return {"at_first": WRONG_WHEN[0 if first else 1]}


def left_standing(first: bool, wn: str) -> dict[str, str]:
    """The `STANDING` placeholders for a withdrawn correction of a value named `wn`: claims that
    it came first only when `first`."""
    return {key: pair[0 if first else 1].format(Wn=wn) for key, pair in STANDING.items()}


RECORD_STATUSES: dict[str, tuple[str, ...]] = {
    CHANGE_AHEAD: _CHANGE_STATUSES,
    CHANGE_PAST: _CHANGE_STATUSES,
    CORRECTION: (
        "[And|Yes, and|Oh, and|For what it's worth,] I've [checked it|double-checked it|looked "
        "it up|gone back over it|asked {obj}] [properly|carefully|myself|since|with care][, so "
        "I'm fairly sure now|, for what that's worth|].",
        "[The muddle was mine|That mix-up was my own doing|It was my fault for rushing|I'd "
        "got in a muddle over it][, sorry|, I'm afraid|][.|!] [{Pron} put me straight "
        + _SOON
        + ".|[I'd [written|"
        "jotted|noted] it down wrong|I must have [misheard|misunderstood] {obj}|I was going "
        "from memory|I'd mixed up my notes|I misread my own writing][{at_first}| earlier| before|].|]",
        "[It was|That was] [my own|a silly|an easy|a daft] [slip|mistake|mix-up][, nothing "
        "more|, that's all|][; {pron} [confirmed it|put me right|set me straight] " + _SOON + "|].",
        "[That's|It's] {Vn}[, I'm told|, so {pron} says|, by {poss} account|][, unless I've "
        "muddled it|, if I have it straight now|].",
        "I [got it from|heard it from|checked it with] {obj} [directly|" + _SOON + "|in "
        "person][, for what it's worth|, so I hope that's it|].",
    ),
    PROPOSED: (
        "[Actually|Hang on|Oh wait|Sorry|Hmm|No, wait], [scratch that|forget I mentioned it|"
        "ignore me|I take that back|ignore that][:|,] [{stood_a}|{stood_b}|{stood_d}|I've just "
        "checked and nothing has changed|it's {Wn} after all][.|!]",
        "[Then again|On second thoughts|Actually|Oh, hold on], I've [just|since|already] [checked|"
        "looked it up|gone back over it|asked {obj}] and [it was|it turns out it was] {Wn}"
        "[ {along}| after all|, {as_told}][, so ignore that|, so leave it as it was|, sorry|].",
        "No, [wait|hold on|hang on], I'm [thinking of|confusing it with] [something else|"
        "someone else|another thing][, sorry|, silly me|]: [what I told you before stands|"
        "it's {Wn}, {as_told}|{Wn} was right|{stood_c}][, I'm [fairly|almost|quite] sure|].",
        "[Oh|Ah|Oh, sorry], [and|but] [ignore|forget|disregard] that [last bit|fix|change]"
        "[, it was a muddle|: I had it right before|, {Wn} stands|, I misread my own notes].",
        "[Sorry|Hmm|Oops], [false alarm|panic over|no change after all][:|,] [{pron} [says|"
        "tells me|confirmed] it's still {Wn}|I [checked|looked again] and {Wn} was right|it "
        "was right as I had it][.|!]",
    ),
    TWIN_CONSIDERED: (
        "[Well,|Actually,|Sorry,|Hmm,|Oh,] [not quite|I'm getting ahead of myself|that's not "
        "quite right|I spoke too soon|that's overstating it]: {pron} [only|just] [looked into "
        "it|thought about it|weighed it up|went as far as asking] and [decided against it|"
        "didn't go ahead|let it go|changed {poss} plans|left it there].",
        "[Though|Then again,|Except] {pron} [has since|has already|has, in the end,] [gone off the "
        "idea|decided against it|dropped the idea|thought better of it|had second thoughts]"
        "[, so it never happened|, so nothing came of it|, so that's that|, so scrap that].",
        "[Or so I thought|That was the plan, anyway|That was the idea|At least that was the "
        "plan|That's what {pron} told me at first], but {pron} [backed out|pulled out|got "
        "cold feet|thought better of it|went off it] [at the last minute|in the end|before "
        "anything was signed|after a day or two|once {pron} had slept on it].",
        "[Well,|Oh,|Hmm,] [it fell through|{pron} went off it|{pron} never went ahead|it "
        "didn't happen in the end|{pron} let it drop][, I'm afraid|, sadly|, funnily enough|]"
        "[, so {pron}'s staying put|, so nothing changes|].",
        "[So much for that|Scrap that, though|Forget that, though][:|,] {pron} [rang|"
        "texted|messaged me] "
        + "[later|after that|the next day|this morning|at the weekend]"
        + " to say [it's off|it's not happening|{pron}'s "
        "staying put after all|{pron} changed {poss} plans].",
    ),
    TWIN_OTHERS: (
        "[Sorry,|Wait,|Hang on,|Oops,|Hmm,] [I've muddled that|I'm mixing people up|I tell "
        "a lie|I've got that the wrong way round|I've got my people muddled]: [that's {poss} "
        "{other}, not {obj}|I meant {poss} {other}, not {obj}|that was {poss} {other}'s "
        "news, not {poss} own|it's {poss} {other} I was thinking of].",
        "[Actually,|Although,|Oh,] [come to think of it,|on reflection,|thinking "
        "about it,] [that was|it's|that's] {poss} {other}[, not {obj}|; {pron} just passed "
        "it on|, I'm mixing them up|, not {obj} at all].",
        "[No, hold on,|Sorry, no,|Wait, no,] it's {poss} {other} [I'm thinking of|who did "
        "that|whose news that was|I mean][, not {obj}|, silly me|, my mistake].",
        "[Oh,|Hmm,|Ah,] [I've just realised|I should say|I ought to say] [that was|that's] "
        "[really|actually] {poss} {other}[, not {obj}|], so [it has nothing to do with {obj}|"
        "it isn't {poss} news at all|{pron} wasn't the one I meant].",
    ),
}
#: The assistant's reply to a status, per kind (grammar; `_THANKS` brings its own space).
_THANKS = "[ Thanks for [putting me straight|clearing that up|the correction|letting me know].|]"
# Each fits a confirmation, a hedge and a remark on how the person took it alike (the
# renderer draws a reply apart from the status it answers).
_CHANGE_STATUS_REPLIES = (
    "[Good|Great|Lovely|Glad to hear it|That's good to hear|Good to know|Nice][.|!] [Nice to "
    "have [the news|the update|it noted].|Good news all round.|I'm glad for {obj}.|Here's "
    "hoping it all works out.|Sounds like it's working out.|]",
    "[Ah,|Oh,|Well,] [that's [good|nice|useful|good to know]|good for {obj}|fair "
    "enough|that's noted][.|!] [{Pron} must be pleased.|Thanks for [the update|telling "
    "me].|]",
    "[Then I'll|I'll] [keep it as you've told me|take that as noted|go with that][, "
    "thanks|][.|!] [Fingers crossed it all goes well for {obj}.|Sounds like {pron} has it "
    "all in hand.|]",
)
RECORD_STATUS_REPLIES: dict[str, tuple[str, ...]] = {
    CHANGE_AHEAD: _CHANGE_STATUS_REPLIES,
    CHANGE_PAST: _CHANGE_STATUS_REPLIES,
    CORRECTION: (
        "[No problem|Not at all|Don't worry|Easily done|No harm done][.|!] [I'll go by that "
        "from here on.|That's the version I'll keep.|Good to have it right.|Thanks for "
        "[checking|making sure].|]",
        "[Ah,|Right,|Okay,|Good,] [that's [clear|settled|sorted]|then it's settled|so that's "
        "the one][.|!][ These things are easy to muddle.| Anyone could slip up there.|]" + _THANKS,
    ),
    PROPOSED: (
        "[Fair enough|No problem|Right|Ha, okay|Understood][.|!] [I'll leave it as it was.|"
        "{keep}|Nothing changes, then.|Good that you checked.|Better to be sure.]",
        "[Ah,|Oh,|Right,] [{kept_a}|so nothing changes|{kept_b}|so "
        "we're back where we were][.|!] [Easy to second-guess these "
        "things.|Thanks for checking.|]",
    ),
    TWIN_CONSIDERED: (
        "[Ah,|Oh,|Fair enough,|Right,|Ah well,] [so it never happened|so nothing changes|"
        "plans change|so that's off, then|no harm done][.|!] [There's always "
        "another chance.|No rush at all.|Something else will turn up.|It happens.|]",
        "[Makes sense|Understood|Ah well|Fair enough|Oh well|Right][.|!] [There's always "
        "another go.|No rush, then.|Plans do change.|Something else will turn up.|"
        "{Pron} can always look again.]",
    ),
    TWIN_OTHERS: (
        "[Ah,|Oh,|Right,|Ha,|Okay,] [got it|I see|easy to mix up|fair enough|that makes more "
        "sense][, {poss} {other} then|][.|!] [I'll keep them straight.|Easy to muddle them.|]",
        "[Understood|Noted|No problem|Easily done|Ha|Oh, I see|Right][.|!] [Thanks for "
        "[clarifying|putting me straight|sorting that out].|I'll keep them straight.|It's hard "
        "to keep everyone straight.|Easy to muddle them.|So that wasn't about {your} at all.|"
        "Then I'll leave {your} out of it.]",
        "[Ah|Oh|Right|I see], [so that was {poss} {other}'s news|so it's {poss} {other} "
        "making the change|so it wasn't {your} after all|so {your} wasn't part of "
        "it][.|!] [Got it.|Thanks for saying.|Good to know.|]",
    ),
}

#: The bank every record-keeping session is rendered from (only kinds a plan can carry): whole
#: composed replies, so no shared reaction or follow-up on top.
RECORD_BANK = Bank(
    frames=MappingProxyType(RECORD_FRAMES),
    replies=MappingProxyType(RECORD_REPLIES),
    family_replies=MappingProxyType({}),
    reactions=only(REACTIONS, ()),
    follow_ups=only(FOLLOW_UPS, ()),
    things=MappingProxyType({rf.key: rf.thing for rf in RECORD_FAMILIES}),
    statuses=MappingProxyType(RECORD_STATUSES),
    status_replies=MappingProxyType(RECORD_STATUS_REPLIES),
)

#: Words the answers use to frame the record, which no conversation uses.
ANSWER_WORDS = frozenset("record showed".split())
#: Words the questions use to frame their instants (beyond time expressions), kept out of the
#: conversations so that a retriever is not led to any one construction.
QUESTION_WORDS = frozenset("said based knew cast mind counting".split())

_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")


def templates() -> list[tuple[str, str]]:
    """(where, text) for every template of this bank, every alternative's words kept and
    placeholders removed."""
    out: list[tuple[str, str]] = []
    banks = (
        ("frame", RECORD_FRAMES),
        ("reply", RECORD_REPLIES),
        ("status", RECORD_STATUSES),
        ("status reply", RECORD_STATUS_REPLIES),
    )
    for label, bank in banks:
        for kind, options in bank.items():
            out += [(f"{label} {kind}", t) for t in options]
    out += [(f"status {PROPOSED} {key}", text) for key, pair in STANDING.items() for text in pair]
    out += [(f"status {CORRECTION} at_first", text.strip()) for text in WRONG_WHEN]
    for rf in RECORD_FAMILIES:
        out.append((f"{rf.key} thing", rf.thing))
        out += [(f"{rf.key} topic", t) for t in rf.family.topics]
        for kind, clauses in rf.family.clauses.items():
            out += [(f"{rf.key} {kind}", t) for t in clauses]
    return [(where, plain(text)) for where, text in out]


def check_record_bank() -> None:
    """This bank's writing rules (see the module docstring); BankError names the template.
    Rules about what a template says hold for every expansion of its grammar."""
    for where, text in templates():
        if _PLAIN.search(flatten(text)):
            raise BankError(f"{where} template {text!r} has a digit, bracket or em dash")
        found = (ANSWER_WORDS | QUESTION_WORDS) & set(raw_tokens(text))
        if found:
            raise BankError(f"{where} template {text!r} uses framing word(s) {sorted(found)}")
    attribute = {w for rf in RECORD_FAMILIES for w in raw_tokens(f"{rf.noun} {rf.keyword}")}
    for where, text in templates():
        named = attribute & set(raw_tokens(text))
        if where.startswith("status") and named:
            raise BankError(f"{where} template {text!r} names the attribute {sorted(named)}")
    for rf in RECORD_FAMILIES:
        if rf.keyword not in bm25_tokens(rf.noun):
            raise BankError(f"{rf.key}: keyword {rf.keyword!r} is not in its noun {rf.noun!r}")
        texts = [*rf.family.topics, *(c for cs in rf.family.clauses.values() for c in cs)]
        for text in texts:
            if not always(text, has_any({rf.keyword}, bm25_tokens)):
                raise BankError(f"{rf.key} template {text!r} does not name {rf.keyword!r}")
        for kind in (CHANGE_AHEAD, CHANGE_PAST):
            for clause in rf.family.clauses[kind]:
                if not all(always(clause, p) for p in ("{V}", "{W}", "{valid}")):
                    raise BankError(f"{rf.key} {kind} clause {clause!r} needs V, W and valid")
        for clause in rf.family.clauses[CORRECTION]:
            if not never(clause, "{W}") or not always(clause, "{V}"):
                raise BankError(f"{rf.key} correction clause {clause!r} must name V and not W")


check_record_bank()
