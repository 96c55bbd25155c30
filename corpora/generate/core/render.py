"""One renderer for every session: a session plan in, turns out.

Each move fills one user turn (frame + the family's clause or topic, with the person's forms
and the value), and is answered by one assistant turn drawn from the same reply bank whatever
the move concerns; where a family gives a move kind reply clauses (a value the assistant
itself names), the reply carries one of them. So every session of a vertical has the same
role sequence by construction (user, assistant, repeated once per move), no turn is ever empty
or padded, and gold and non-gold sessions differ only in which person and family their moves
happen to name.

Every template the renderer draws (frames, clauses, topics, replies, openers, closers,
sign-offs, a vertical bank's strings alike) is expanded through the bank grammar
(`core.grammar`: `[a|b|c]`, nested, `[x|]` optional) before its placeholders are filled, so a
bank may write alternatives anywhere. `fill(template, values, rng)` does the same for code that
fills a template itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from string import Formatter

from checker.formats.corpus import Turn
from corpora.generate.core.bank import (
    CLOSERS,
    FAMILY_REPLIES,
    FRAMES,
    REPLIES,
    openers_at,
    sign_offs_at,
)
from corpora.generate.core.clock import past_expression
from corpora.generate.core.grammar import expand
from corpora.generate.core.world import MENTION, Move, Person, Relation, SessionPlan


class TemplateError(KeyError):
    """A template names a placeholder the move cannot fill."""


@dataclass
class RenderedSession:
    """A session's turns and the templates each was built from (for the parity test)."""

    turns: list[Turn]
    #: (move kind, template id) for every template the session used, in order.
    templates: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Bank:
    """The frames, replies and framing words a renderer draws from (the shared bank by
    default; a vertical may extend it with move kinds of its own)."""

    frames: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: FRAMES)
    replies: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: REPLIES)
    #: Family key → move kind → replies that fit that family only.
    family_replies: Mapping[str, Mapping[str, tuple[str, ...]]] = field(
        default_factory=lambda: FAMILY_REPLIES
    )
    openers: Callable[[int], tuple[str, ...]] = openers_at
    closers: tuple[str, ...] = CLOSERS
    sign_offs: Callable[[int], tuple[str, ...]] = sign_offs_at


SHARED_BANK = Bank()


def fill(template: str, values: Mapping[str, str], rng: random.Random | None = None) -> str:
    """`str.format` that names the missing placeholder and the template when one is absent.

    With `rng`, the template's grammar (`[a|b]`, see `core.grammar`) is expanded first, so a
    bank string may hold alternatives wherever it is filled."""
    if rng is not None:
        template = expand(template, rng)
    for _, name, _, _ in Formatter().parse(template):
        if name is not None and name not in values:
            raise TemplateError(f"template {template!r} needs {{{name}}}, which the move lacks")
    return template.format_map(values)


def _choose(rng: random.Random, options: tuple[str, ...], label: str) -> tuple[int, str]:
    """One template drawn uniformly, its grammar expanded: (index in `options`, text)."""
    if not options:
        raise TemplateError(f"the bank has no {label}")
    i = rng.randrange(len(options))
    return i, expand(options[i], rng)


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def speaker_person(move: Move) -> Person:
    """Whom the move's sentence is about: the person, or for a twin of someone else's fact
    that someone seen through the person (`my dad's friend`)."""
    if move.other is None:
        return move.person
    noun, gender = move.other
    relation = move.person.relation
    return Person(Relation(relation.key, f"{relation.noun}'s {noun}", gender), gender)


def move_values(move: Move, plan: SessionPlan) -> dict[str, str]:
    """Every placeholder value for one move, before its clause is chosen."""
    values = speaker_person(move).forms()
    owner = move.person.forms()
    values["owner_your"] = owner["your"]
    values["owner_holder"] = owner["holder"]
    when = past_expression(plan.moment, move.when if move.when is not None else plan.moment)
    values["when"] = when
    values["When"] = when[:1].upper() + when[1:]
    if move.value is not None:
        values["V"] = move.value
    values.update(move.extra)
    return values


def render_move(
    move: Move, plan: SessionPlan, rng: random.Random, bank: Bank = SHARED_BANK
) -> tuple[str, str, list[tuple[str, str]]]:
    """One move → (user sentence, assistant reply, templates used)."""
    values = move_values(move, plan)
    used: list[tuple[str, str]] = []
    frame_key = f"{move.kind}/{move.family.statement_kind}"
    if frame_key not in bank.frames:
        frame_key = move.kind
    fi, frame = _choose(rng, tuple(bank.frames.get(frame_key, ())), f"{frame_key} frames")
    used.append((move.kind, f"frame:{frame_key}:{fi}"))
    if move.kind == MENTION:
        ti, topic = _choose(rng, move.family.topics, f"{move.family.key} topics")
        values["topic"] = topic
        values["Topic"] = topic[:1].upper() + topic[1:]
        used.append((move.kind, f"topic:{move.family.key}:{ti}"))
    else:
        key = move.family.clause_key(move.kind)
        options = tuple(move.family.clauses.get(key, ()))
        ci, clause = _choose(rng, options, f"{move.family.key} {key} clauses")
        values["clause"] = fill(clause, values)
        used.append((move.kind, f"clause:{move.family.key}:{key}:{ci}"))
    companion = move.family.reply_clause_key(move.kind)
    if companion is not None:
        # The reply names something of its own (a value the assistant puts forward).
        options = tuple(move.family.clauses.get(companion, ()))
        ci, clause = _choose(rng, options, f"{move.family.key} {companion} clauses")
        said = fill(clause, values)
        values["reply_clause"] = said
        values["Reply_clause"] = said[:1].upper() + said[1:]
        used.append((move.kind, f"clause:{move.family.key}:{companion}:{ci}"))
    own = tuple(bank.family_replies.get(move.family.key, {}).get(move.kind, ()))
    reply_key = f"{move.kind}/{move.family.statement_kind}"
    if reply_key not in bank.replies:
        reply_key = move.kind
    replies = tuple(bank.replies.get(reply_key, ())) + own
    ri, reply = _choose(rng, replies, f"{move.kind} replies")
    general = len(replies) - len(own)
    where = "any" if ri < general else move.family.key
    used.append((move.kind, f"reply:{reply_key}:{where}:{ri}"))
    return fill(frame, values), fill(reply, values), used


def render_session(
    plan: SessionPlan, rng: random.Random, bank: Bank = SHARED_BANK
) -> RenderedSession:
    """Render a plan: one user turn per move, each answered by one assistant turn."""
    turns: list[Turn] = []
    used: list[tuple[str, str]] = []
    last = len(plan.moves) - 1
    for i, move in enumerate(plan.moves):
        user, reply, move_used = render_move(move, plan, rng, bank)
        used += move_used
        if i == 0:
            openers = bank.openers(plan.moment.hour)
            oi, opener = _choose(rng, openers, "openers")
            used.append(("frame", f"opener:{openers[oi]}"))
            user = _join(opener, user)
        if i == last:
            ci, closer = _choose(rng, bank.closers, "closers")
            sign_offs = bank.sign_offs(plan.moment.hour)
            si, sign_off = _choose(rng, sign_offs, "sign-offs")
            used += [("frame", f"closer:{ci}"), ("frame", f"sign-off:{sign_offs[si]}")]
            user = _join(user, closer)
            reply = _join(reply, sign_off)
        said = move.answer_roles if move.evidence else ()
        turns.append(Turn(role="user", content=user, has_answer="user" in said))
        turns.append(Turn(role="assistant", content=reply, has_answer="assistant" in said))
    return RenderedSession(turns, used)
