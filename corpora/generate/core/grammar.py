"""A small sentence grammar for the text banks: alternatives inside a template.

A template may hold alternatives in square brackets, separated by bars, nested as deep as
needed; an empty alternative makes a part optional:

    "[Oh,|Ah,|] [that is|that's] [good|great|lovely] news about {your}."

`expand` draws one alternative at every bracket, uniformly, from the generator it is given, so
the same seed always gives the same sentence; `{placeholders}` are left for `render.fill`.
Brackets never reach a conversation: the checker strips bracketed clauses as scaffolding, and
the bank's writing rules refuse a bracket in any expanded text.

**Restraint.** Slots drawn apart can say one idea twice (`I honestly couldn't say, if I'm
honest`) or stack fillers (`Sorry, no, it was her friend, silly me`). `restrain` keeps at most
one word of each idea (`FILLER_IDEAS`: honesty, fairness, apology, hedge, hearsay, `really`,
`actually`) and at most one filler set off by commas in each sentence, dropping the later ones
(a filler a placeholder follows at the start of a sentence stays, so the sentence does not open
small; a vertical may name fillers of its own, which give way to the shared ones); `tidy`
applies it to every expansion, and the renderer again to each whole turn once
its lead-ins are joined on. A bare reaction (`Nice.`, `Good to know.`) next to a sentence that
says the same words is dropped (`What nice news. Nice.`). It only ever removes words, alike for
every sentence, true or not.

`variants` counts the distinct expansions a template can produce (an upper bound when two
paths spell the same words), which is how a bank's variety is measured before a corpus is
built.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from math import prod

_SPACES = re.compile(r"\s{2,}")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:?!]|'s\b)")

#: Words that say one idea, by the idea: two of one idea in a sentence say it twice, and a
#: filler (one of them set off by commas) is kept once per sentence.
FILLER_IDEAS: dict[str, tuple[str, ...]] = {
    "honesty": (
        "honestly",
        "to be honest",
        "if I'm honest",
        "if I'm being honest",
        "in all honesty",
        "to tell the truth",
        "truth be told",
        "frankly",
    ),
    "fairness": ("to be fair", "in fairness", "in all fairness"),
    "apology": ("sorry", "I'm afraid", "my mistake", "silly me", "my bad", "silly of me", "sadly"),
    "hedge": (
        "I think",
        "I suppose",
        "I believe",
        "I'd say",
        "I'm fairly sure",
        "I'm almost certain",
        "I'm pretty sure",
        "as far as I know",
        "now I think about it",
        "now I think of it",
        "probably",
    ),
    "really": ("really",),
    "worth": ("for what it's worth", "for what that's worth"),
    "actually": ("actually", "in fact", "as it happens", "funnily enough"),
    "hearsay": (
        "apparently",
        "by the sound of it",
        "by the sound of things",
        "from what I hear",
        "from what I can tell",
        "or so I gather",
        "I gather",
        "I'm told",
        "I am told",
        "by all accounts",
    ),
}
_IDEA_OF = {phrase.lower(): idea for idea, phrases in FILLER_IDEAS.items() for phrase in phrases}


def _filler_pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?<![\w'])("
        + "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
        + r")(?![\w'])",
        re.IGNORECASE,
    )


_FILLER = _filler_pattern(_IDEA_OF)


@cache
def _fillers_with(extra: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    """The filler pattern and idea of each phrase with `extra` phrases added, each an idea of
    its own (a vertical's own fillers, see `restrain`)."""
    idea_of = {**_IDEA_OF, **{p.lower(): p.lower() for p in extra if p.lower() not in _IDEA_OF}}
    return _filler_pattern(idea_of), idea_of


_SENTENCE_END = re.compile(r"((?<=[.!?])\s+)")


def _restrain_sentence(
    sentence: str, filler: re.Pattern[str] = _FILLER, idea_of: dict[str, str] = _IDEA_OF
) -> str:
    hits = list(filler.finditer(sentence))
    if len(hits) < 2:
        return sentence
    #: (idea, span to cut or None, whether it is a filler set off by commas)
    found: list[tuple[str, tuple[int, int] | None, bool]] = []
    for m in hits:
        before = sentence[: m.start()].rstrip()
        after = sentence[m.end() :]
        # Set off by commas: at the start (or after a colon) and followed by a comma, or after
        # a comma and followed by punctuation.
        lead = (before == "" or before.endswith((":", ";"))) and after.startswith(",")
        tail = before.endswith(",") and (after == "" or after[:1] in ",.;:!?")
        span = None
        if lead and after[2:3] != "{":
            # (A filler before a placeholder stays: the sentence would open small.)
            span = (m.start(), m.end() + (2 if after.startswith(", ") else 1))
        elif tail:
            span = (len(before) - 1, m.end())
        found.append((idea_of[m.group(1).lower()], span, lead or tail))
    drop: set[int] = set()
    for idea in dict.fromkeys(i for i, _, _ in found):
        mine = [k for k, f in enumerate(found) if f[0] == idea]
        removable = [k for k in reversed(mine) if found[k][1] is not None]
        while len(mine) - len(drop.intersection(mine)) > 1 and removable:
            drop.add(removable.pop(0))
    fillers = [k for k, f in enumerate(found) if f[2] and k not in drop]
    if len(fillers) > 1:
        # One filler stays: the first that cannot be cut, else the first of `FILLER_IDEAS`
        # (a vertical's own fillers give way first), else the first.
        keep = next(
            (k for k in fillers if found[k][1] is None),
            next((k for k in fillers if found[k][0] in FILLER_IDEAS), fillers[0]),
        )
        drop.update(k for k in fillers if k != keep and found[k][1] is not None)
    out = sentence
    for a, b in sorted((s for k in drop if (s := found[k][1]) is not None), reverse=True):
        out = out[:a] + out[b:]
    if out[:1].islower() and sentence[:1].isupper():
        out = out[:1].upper() + out[1:]
    return out


#: Words a bare reaction is made of ("Nice.", "How lovely!", "Good to know."), beside the
#: openers (`_REACTION_OPENERS`) that carry no idea of their own.
REACTION_WORDS = frozenset(
    "nice good great lovely brilliant wonderful excellent fab cool noted news know hear to"
    " glad fun shame pity thanks well done see sensible satisfying".split()
)
_REACTION_OPENERS = frozenset("oh ah how what so that's i right".split())
_WORD = re.compile(r"[a-z']+")
_BARE_REACTION = re.compile(r"^[\w', ]{1,24}[.!]$")


def _reaction_ideas(sentence: str) -> tuple[str, ...] | None:
    """The reaction words of a bare reaction of at most three words, else None."""
    if not _BARE_REACTION.match(sentence):
        return None
    words = _WORD.findall(sentence.lower())
    ideas = tuple(w for w in words if w not in _REACTION_OPENERS)
    if not ideas or len(words) > 3 or not set(ideas) <= REACTION_WORDS:
        return None
    return ideas


def _drop_echoed_reactions(pieces: list[str]) -> list[str]:
    """Drop a bare reaction whose words the sentence next to it says too ("What nice news.
    Nice." or "Good to know. Good to know where it stands."): the reaction is said once."""
    sentences = pieces[::2]
    for i, sentence in enumerate(sentences):
        ideas = _reaction_ideas(sentence)
        if ideas is None:
            continue
        near = " ".join(sentences[j] for j in (i - 1, i + 1) if 0 <= j < len(sentences)).lower()
        if all(re.search(rf"(?<![\w']){re.escape(w)}(?![\w'])", near) for w in ideas):
            sentences[i] = ""
    out: list[str] = []
    for k, sentence in enumerate(sentences):
        if sentence:
            out += [sentence, pieces[2 * k + 1] if 2 * k + 1 < len(pieces) else ""]
    if out and out[-1].isspace():
        out[-1] = ""
    return out


def restrain(text: str, fillers: tuple[str, ...] = ()) -> str:
    """The text with no idea said twice in a sentence and at most one filler set off by commas
    in each (see the module docstring): the later ones are dropped; a bare reaction whose
    words the next or previous sentence says as well is dropped whole. `fillers`: phrases a
    vertical counts as fillers besides `FILLER_IDEAS` ("mostly", "fair enough"), each an idea
    of its own; none leaves the shared behaviour exactly as it is."""
    filler, idea_of = _fillers_with(fillers) if fillers else (_FILLER, _IDEA_OF)
    pieces = _SENTENCE_END.split(text)
    if len(pieces) > 1:
        kept = _drop_echoed_reactions(pieces)
        if kept:
            pieces = kept
    if not filler.search(text):
        return "".join(pieces)
    return "".join(_restrain_sentence(s, filler, idea_of) for s in pieces)


class GrammarError(ValueError):
    """A template's brackets do not balance."""


@dataclass(frozen=True)
class Choice:
    """One bracket: the alternatives, each a sequence of parts."""

    options: tuple[tuple[Part, ...], ...]


Part = str | Choice


def _parse(template: str, i: int, depth: int) -> tuple[tuple[tuple[Part, ...], ...], int]:
    """Parse alternatives from `i` up to the matching `]` (or the end at depth 0)."""
    options: list[tuple[Part, ...]] = []
    parts: list[Part] = []
    text: list[str] = []
    while i < len(template):
        c = template[i]
        if c == "[":
            if text:
                parts.append("".join(text))
                text = []
            inner, i = _parse(template, i + 1, depth + 1)
            parts.append(Choice(inner))
            continue
        if c == "|" and depth > 0:
            if text:
                parts.append("".join(text))
                text = []
            options.append(tuple(parts))
            parts = []
        elif c == "]":
            if depth == 0:
                raise GrammarError(f"unbalanced ']' at {i} in {template!r}")
            if text:
                parts.append("".join(text))
            options.append(tuple(parts))
            return tuple(options), i + 1
        elif c == "|":
            raise GrammarError(f"'|' outside brackets at {i} in {template!r}")
        else:
            text.append(c)
        i += 1
    if depth > 0:
        raise GrammarError(f"unclosed '[' in {template!r}")
    if text:
        parts.append("".join(text))
    options.append(tuple(parts))
    return tuple(options), i


@cache
def parse(template: str) -> tuple[Part, ...]:
    """The template as text pieces and choices (cached: banks are parsed once)."""
    options, _ = _parse(template, 0, 0)
    return options[0]


def _draw(parts: tuple[Part, ...], rng: random.Random, out: list[str]) -> None:
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        else:
            _draw(part.options[rng.randrange(len(part.options))], rng, out)


def tidy(text: str) -> str:
    """Collapse the spaces an empty alternative leaves, and any space before punctuation; no
    idea said twice, no fillers stacked (`restrain`)."""
    return restrain(_SPACE_BEFORE_PUNCT.sub(r"\1", _SPACES.sub(" ", text)).strip())


def expand(template: str, rng: random.Random) -> str:
    """One sentence from the template: an alternative drawn at every bracket."""
    parts = parse(template)
    if len(parts) == 1 and isinstance(parts[0], str):
        return parts[0]
    out: list[str] = []
    _draw(parts, rng, out)
    return tidy("".join(out))


def _count(parts: tuple[Part, ...]) -> int:
    return prod(
        sum(_count(option) for option in part.options) if isinstance(part, Choice) else 1
        for part in parts
    )


def variants(template: str) -> int:
    """How many expansions the template has (paths through its brackets)."""
    return _count(parse(template))


def flatten(template: str) -> str:
    """Every word of every alternative, brackets and bars replaced by spaces (for the bank's
    writing rules, which hold for each word wherever it is drawn)."""
    parse(template)  # refuses unbalanced brackets
    return re.sub(r"[\[\]|]", " ", template)
