"""Designations: the two ways a person is named, and the move that says they are one person.

The user refers to people by how they relate to them (`my boss`) and, once a name has been
given, sometimes by name (`Tarvish`). An alias move joins the two (`my boss is called
Tarvish`); after that any move about the person may use either designation. A move's
designation is carried in its placeholders, so the shared renderer, frames and replies read
`Tarvish has bought a car` as they read `my boss has bought a car`.

Names are invented and issued once per corpus like every other value (`names.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from checker.text import raw_tokens
from corpora.generate.core.bank import ANSWER_WORDS, BankError
from corpora.generate.core.wording import compose, plain
from corpora.generate.core.world import Family, Move, Person

ALIAS = "alias"

#: The family an alias move is rendered with: its clauses continue `{holder} …` and give the
#: name; nothing about it is a fact a question could ask of the person.
NAME_FAMILY = Family(
    key="name",
    noun="name",
    questions=("Who is {holder}?",),
    answer_value="{V}",
    clauses=MappingProxyType(
        {
            ALIAS: (
                "[is called {name}|goes by {name}[ these days| to most people|]|is {name}|is "
                "named {name}|answers to {name}]",
            )
        }
    ),
    topics=(),
    statement_kind=ALIAS,
)

#: Few templates, each with many wordings inside (an alias sits mostly in gold sessions, and
#: every template id is one more category for the parity test).
ALIAS_FRAMES: tuple[str, ...] = (
    "[Did I ever [tell you|mention to you|say] that {holder} {clause}?|[For what it is worth|In "
    "case it helps|So you know|By the way], {holder} {clause}.|[Something I never explained|I "
    "should have said|A small thing I never made clear]: {holder} {clause}.]",
    "[[When I talk about|Whenever I say|If I bring up|Any time I mention|If I say] {name}, [I "
    "mean|that is|I am talking about] {holder}[, by the way|, just so you know|].|[The|That] "
    "{name} [I keep talking about|I keep bringing up|I go on about|you have heard me "
    "mention] is {holder}[, by the way|, in case I never said|].]",
)

#: The three parts never say the same thing twice (no `I will remember that Imogen is your
#: neighbour. I will keep that in mind.`, no `Thanks. ... Thanks for saying.`).
ALIAS_REPLIES: tuple[str, ...] = (
    compose(
        ("Ah.", "Oh, right.", "Good to know.", "Noted.", "Got it.", ""),
        (
            "So {name} is {your}.",
            "{name} and {your} are the same person, then.",
            "That makes it easier to keep track of who {name} is.",
            "I will remember that {name} is {your}.",
            "That makes the stories about {name} easier to place.",
        ),
        ("", "Thanks for saying.", "Thanks for clearing that up.", "It helps to know who is who."),
    ),
)


@dataclass(frozen=True)
class Cast:
    """The names given in one haystack: relation key → name (each person has at most one, and
    no two people share one)."""

    names: dict[str, str]

    def name_of(self, person: Person) -> str | None:
        return self.names.get(person.key)


def relation_designation(person: Person) -> str:
    """How the conversation names a person by relation: `my boss`."""
    return person.forms()["holder"]


def named_forms(name: str) -> dict[str, str]:
    """Placeholders that make the renderer name a person by `name` (pronouns stay the
    person's own)."""
    return {"holder": name, "Holder": name, "your": name, "Your": name}


def by_name(move: Move, name: str) -> None:
    """Render `move` with its person named `name`: for a twin of someone else's fact, the
    someone is seen through the name (`Tarvish's friend`, kept as `seen`), and said so unless
    the twin is told as the person's own statement (`Move.told_as`: its status says whose it
    was)."""
    extra = dict(move.extra)
    if move.other is not None:
        seen = f"{name}'s {move.other[0]}"
        extra["seen"] = seen
        if move.told_as is None:
            extra.update({"holder": seen, "Holder": seen, "your": seen, "Your": seen})
        else:
            extra.update(named_forms(name))
    else:
        extra.update(named_forms(name))
    extra.update({"owner_your": name, "owner_holder": name})
    move.extra = extra


def alias_move(person: Person, name: str) -> Move:
    """The move that says `person` is called `name`."""
    return Move(ALIAS, person, NAME_FAMILY, name, extra={"name": name})


_PLAIN = re.compile(r"[\d()\[\]{}\u2014]")


def check_alias_bank() -> None:
    """The shared bank's writing rules, over this module's templates (asserted at import)."""
    texts = [*ALIAS_FRAMES, *ALIAS_REPLIES, *NAME_FAMILY.clauses[ALIAS]]
    for text in texts:
        words = plain(text)
        if _PLAIN.search(words):
            raise BankError(f"alias template {text!r} has a digit, bracket or em dash")
        if ANSWER_WORDS & set(raw_tokens(words)):
            raise BankError(f"alias template {text!r} uses an answer word")


check_alias_bank()
