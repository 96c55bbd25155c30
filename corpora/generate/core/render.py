"""One renderer for every session: a session plan in, turns out.

Each move fills one user turn (frame + the family's clause or topic, with the person's forms
and the value), answered by one assistant turn composed for that move. Gold and non-gold
sessions are rendered by this one code path from the same distributions, so they differ only
in which person and family their moves happen to name.

**Grammar.** Every template the renderer draws (frames, clauses, topics, reactions, references,
follow-ups, thread closes, openers, closers, sign-offs, a vertical bank's strings alike) is
expanded through the bank grammar (`core.grammar`: `[a|b|c]`, nested, `[x|]` optional) before
its placeholders are filled, so a bank may write alternatives anywhere. `fill(template, values,
rng)` does the same for code that fills a template itself.

**Replies are composed from slots**, chosen by the move's kind (its sentiment: news, an ending,
no change, a chat, a plan dropped, a story that was not so, someone else's news):

1. a *reaction* (`Bank.reactions`, optional, drawn `REACTION_SHARE` of the time);
2. a *content reference* (`Bank.replies` for every family, `Bank.family_replies` for one
   family, one drawn uniformly from both, a family's own at times followed by a generic
   one) naming the person and the thing (`{thing}`, from `Bank.things`, names the
   family's thing, at times with its value);
3. a *follow-up question* (`Bank.follow_ups` / `Bank.family_follow_ups`, optional, drawn
   `FOLLOW_UP_SHARE` of the time), each paired with the user's fitting short answer.

A kind without reactions or follow-ups in the bank gets its reference alone, so a vertical's own
move kinds keep working unchanged; to compose them, add the kind to `reactions`, `follow_ups`
and `thread_closes` of its `Bank` (all grammar templates). `compose_reply` is the same
composition for code outside `render_move`.

**Sessions are conversations.** A session is told topic by topic (`core.topics`): moves about
one person or one thing sit together with no aside between them, and a move may open with a
link ("That reminds me, …") at one share for every move. A follow-up question is always answered (the answer paired
with the question, naming no new value) and the assistant closes the thread
(`Bank.thread_closes`); any other question the assistant asks gets a short answer in its own
form (`core.status_threads`), so none is left hanging. After a status the assistant at times
asks about the person (`STATUS_THREAD_SHARE`). An aside — a help request or a chat about the
user's own life (`draw_aside`, from `core.asides`) — may sit between moves
(`Bank.aside_share`). Openers, closers and sign-offs are optional and drawn at fixed shares.
Every share is the same for every session, gold or not, and every session alternates user and
assistant turns; `RenderedSession.move_turns` says which user turn each move filled.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from string import Formatter
from typing import Literal, NamedTuple

from checker.formats.corpus import Turn
from corpora.generate.core import asides
from corpora.generate.core.bank import (
    CLOSERS,
    FAMILY_FOLLOW_UPS,
    FAMILY_REPLIES,
    FAMILY_THINGS,
    FOLLOW_UPS,
    FRAMES,
    NEUTRAL_CLOSES,
    OTHER_PEOPLE,
    REACTIONS,
    REPLIES,
    STANDS,
    STATUS_REPLIES,
    STATUS_UNFIT,
    STATUSES,
    THREAD_CLOSES,
    claims,
    openers_at,
    sign_offs_at,
)
from corpora.generate.core.clock import past_expression
from corpora.generate.core.grammar import expand, restrain
from corpora.generate.core.status_threads import (
    ANY_STATUS,
    OWN_LEAD_IN,
    QUICK_ANSWERS,
    QUICK_CLOSES,
    STATUS_ACKS,
    STATUS_BRIDGES,
    STATUS_CLOSES,
    STATUS_FOLLOW_UPS,
    STATUS_INVITES,
    StatusFollowUp,
    asks,
    fitting_acks,
    fitting_follow_ups,
    question_form,
)
from corpora.generate.core.topics import (
    LINK_SHARE,
    LINKS,
    MAX_TOPICS,
    subject,
    topics,
    without_opener,
)
from corpora.generate.core.world import MENTION, Move, Person, Relation, SessionPlan

#: Shares drawn for every move and session alike, gold or not.
REACTION_SHARE = 0.55
SECOND_REFERENCE_SHARE = 0.5
FOLLOW_UP_SHARE = 0.45
#: A follow-up question is answered this often (the answer paired with it); a reply that asks
#: something with no paired answer gets a short one (`status_threads.QUICK_ANSWERS`), so no
#: question is left hanging.
THREAD_SHARE = 1.0
OPENER_SHARE = 0.25
CLOSER_SHARE = 0.2
SIGN_OFF_SHARE = 0.25
#: Gaps between moves that hold an aside (a help request or an own-life chat, `core.asides`),
#: in every session alike.
ASIDE_SHARE = 0.3
#: Someone else's fact is named `a friend of my dad's` rather than `my dad's friend` this often.
OF_FORM_SHARE = 0.5
#: Moves told as themselves whose kind has statuses (`Bank.statuses`) get a status exchange
#: this often; a move told as another kind (`Move.told_as`) always does. At any lower share the
#: mere presence of a remark after a statement marks a rival (an attacker that picks the
#: statement no remark follows found gold at within-question AUC up to `0.72` at `0.3`), so
#: every statement gets one and only what the remark says tells them apart.
STATUS_SHARE = 1.0
#: After its reply to a status, the assistant asks about the person this often, for every kind
#: alike (`core.status_threads`); the user answers and the assistant closes.
STATUS_THREAD_SHARE = 0.3
#: A status is told after the next move's talk instead, led back to its move by the value or the
#: holder (`DEFERRED_LEADS`), this often, for every kind alike and whatever the next move is
#: about: what became of a statement, true or not, is not always said in the next turn.
DEFER_SHARE = 0.35
#: What leads a status told later back to its move (grammar): by the holder and the value the
#: user said, where no question is asked by values; by the holder's news when the user named no
#: value, or when the vertical's questions name values (`Bank.defer_by_value`). The holder is
#: named either way: the status says "she" and "it", and a value alone ("On Kiernan again,
#: she sounded relieved") leaves a reader to guess who "she" is after the talk in between.
DEFERRED_LEADS: tuple[str, ...] = (
    "[Oh,|Oh, and|And] {holder}'s {V} news[:|,]",
    "That {V} [thing|business] of {holder}'s[:|,]",
    "To go back to {holder} and {V}[:|,]",
    "[Oh,|And] on {holder} and {V}[:|,]",
    "[Oh,|Right,] {holder} and {V}[, while it's in my head|, quickly|][:|,]",
    "[Quick word on|A quick one on] {holder}'s {V} news[:|,]",
)
#: A lead by the holder names the news, so what the status says ("that's how she put it")
#: has something to refer to after the talk in between. No lead says a filler ("by the way",
#: "for what it's worth"), which the status after it may say too.
DEFERRED_HOLDER_LEADS: tuple[str, ...] = (
    "[Oh,|Oh, and|And] {holder}'s news[:|,]",
    "To go back to {holder}[:|,]",
    "[Oh,|And] on {holder}'s news[:|,]",
    "[Quick word on|A quick one on] {holder}'s news[:|,]",
    "That news of {holder}'s[:|,]",
    "[Oh,|Right,] {holder}[, while it's in my head|, quickly][:|,]",
)

#: Said after the status of a rival's second saying when its first saying stood (`Move.stands`,
#: `core/echo.py`): the status takes back both. Grammar; a sentence of its own, so it follows
#: any status of any kind, led in or not.
TAKE_BACK_TAILS: tuple[str, ...] = (
    "[I've had|I'd had] [that|it|the whole thing] [wrong|muddled|mixed up] [all along|from the"
    " outset|from day one|from the very beginning][, sorry|, I'm afraid|, my mistake|, silly me"
    "|, to be honest|].",
    "[And|So|Which means] I [had|got] it [wrong|muddled] [back then|at the outset|in the"
    " beginning] [too|as well][, sorry|, I'm afraid|, my mistake|].",
    "[That goes for|The same goes for|Same with] what I [passed on|shared] [back then|at the"
    " outset|in the beginning][, sorry|, I'm afraid|, to be honest|].",
    "[I wasn't right about it|It wasn't right|That wasn't right] [back then|at the outset]"
    " either[, to be honest|, sorry|, I'm afraid|].",
)

#: A follow-up question and the user's answer to it.
FollowUp = tuple[str, str]


class TemplateError(KeyError):
    """A template names a placeholder the move cannot fill."""


@dataclass
class RenderedSession:
    """A session's turns and the templates each was built from (for the parity test)."""

    turns: list[Turn]
    #: (move kind, template id) for every template the session used, in order.
    templates: list[tuple[str, str]] = field(default_factory=list)
    #: Index in `turns` of the user turn each move filled, in move order.
    move_turns: list[int] = field(default_factory=list)
    #: (first, end) indices in `turns` of each aside.
    aside_turns: list[tuple[int, int]] = field(default_factory=list)
    #: (first, end) indices in `turns` of each move's status exchange, in move order (None for
    #: a move without one); a status told later (`DEFER_SHARE`) sits after the next move.
    status_turns: list[tuple[int, int] | None] = field(default_factory=list)
    #: Topics the session's moves form (`core.topics`), its asides not counted.
    topics: int = 0


@dataclass
class Remarks:
    """The passing remarks (mentions' sentences) one haystack has said, so that none is said
    twice word for word: "Over dinner my gran got going on playing tennis in the wind." in two
    sessions of one haystack reads as a template.

    A mention whose sentence would repeat one said before (in an earlier session or earlier in
    its own) is worded afresh, its frame and topic drawn again, from a generator of its own
    seeded by the haystack's `key`, the session and the mention's place in it, never from the
    session's generator: every other draw of the haystack stays as it was. Mentions name no
    value and get no status, so true statements and rivals are worded as before. A vertical
    opts in by passing one to `core.haystack.assemble_question`; a session drawn again (a
    keyword sentence) forgets what its discarded draw said (`begin`, `keep`)."""

    key: str
    #: Remarks the haystack's kept sessions said, case-folded.
    said: set[str] = field(default_factory=set)
    #: The session being rendered and the remarks it has said so far.
    session: int = 0
    pending: list[str] = field(default_factory=list)

    def begin(self, session: int) -> None:
        """A session's rendering starts (again)."""
        self.session = session
        self.pending = []

    def keep(self) -> None:
        """The session's rendering is kept: its remarks are said."""
        self.said.update(self.pending)
        self.pending = []

    def fresh(
        self,
        move: Move,
        frames: tuple[str, ...],
        frame: tuple[int, str],
        topic: tuple[int, str],
        values: Mapping[str, str],
    ) -> tuple[int, str, int, str]:
        """The mention's (frame index, frame, topic index, topic): those drawn, or when they
        say a remark already said, others drawn from the remark's own generator that say none
        (the ones drawn when `REDRAWS` tries find none)."""
        fi, text = frame
        ti, about = topic
        heard = self.said.union(self.pending)
        if _mention_said(text, about, values) in heard:
            rng = random.Random(
                f"typedmemeval/remarks/{self.key}/{self.session}/{len(self.pending)}"
            )
            for _ in range(REDRAWS):
                gi, other = _choose(rng, frames, "mention frames")
                ui, subject_ = _choose(rng, move.family.topics, f"{move.family.key} topics")
                if (
                    not _repeats(other, subject_)
                    and _mention_said(other, subject_, values) not in heard
                ):
                    fi, text, ti, about = gi, other, ui, subject_
                    break
        self.pending.append(_mention_said(text, about, values))
        return fi, text, ti, about


def _mention_said(frame: str, topic: str, values: Mapping[str, str]) -> str:
    """A mention's sentence (an expanded frame filled, with `topic`), case-folded."""
    return fill(frame, {**values, "topic": topic, "Topic": _capital(topic)}).casefold()


@dataclass(frozen=True)
class Bank:
    """The frames, replies and framing words a renderer draws from (the shared bank by
    default; a vertical may extend it with move kinds of its own)."""

    frames: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: FRAMES)
    #: Move kind → content references for every family (or whole replies, for a kind with no
    #: reactions or follow-ups).
    replies: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: REPLIES)
    #: Family key → move kind → references that fit that family only.
    family_replies: Mapping[str, Mapping[str, tuple[str, ...]]] = field(
        default_factory=lambda: FAMILY_REPLIES
    )
    openers: Callable[[int], tuple[str, ...]] = openers_at
    closers: tuple[str, ...] = CLOSERS
    sign_offs: Callable[[int], tuple[str, ...]] = sign_offs_at
    #: Move kind → reactions opening a reply.
    reactions: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: REACTIONS)
    #: Move kind → (follow-up question, the user's answer) for every family.
    follow_ups: Mapping[str, tuple[FollowUp, ...]] = field(default_factory=lambda: FOLLOW_UPS)
    #: Family key → move kind → follow-ups that fit that family only.
    family_follow_ups: Mapping[str, Mapping[str, tuple[FollowUp, ...]]] = field(
        default_factory=lambda: FAMILY_FOLLOW_UPS
    )
    #: Move kind → the assistant's close of a thread the user answered.
    thread_closes: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: THREAD_CLOSES)
    #: The close of a thread a family's own follow-up opened (its answers vary in tone).
    neutral_closes: tuple[str, ...] = NEUTRAL_CLOSES
    #: Family key → grammar naming the family's thing (`{thing}` in references).
    things: Mapping[str, str] = field(default_factory=lambda: FAMILY_THINGS)
    #: Share of gaps between moves that hold an aside (`draw_aside`; 0 for none).
    aside_share: float = ASIDE_SHARE
    #: Move kind → what became of a statement, said in the user's next turn (naming no
    #: family keyword), and the assistant's reply to it.
    statuses: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: STATUSES)
    #: Status template → the claims of a sentence (`core.bank.CLAIM_MARKS`) it cannot follow;
    #: a status is drawn among those that fit the sentence told (see `fitting_statuses`).
    status_unfit: Mapping[str, frozenset[str]] = field(default_factory=lambda: STATUS_UNFIT)
    #: Share of moves told as themselves that get a status exchange (see `STATUS_SHARE`).
    status_share: float = STATUS_SHARE
    status_replies: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: STATUS_REPLIES)
    #: Move kind → questions after a status that fit that kind only, and the user's answers.
    status_follow_ups: Mapping[str, tuple[StatusFollowUp, ...]] = field(
        default_factory=lambda: STATUS_FOLLOW_UPS
    )
    #: Questions after a status of any kind (about the person), and the user's answers.
    any_status_follow_ups: tuple[StatusFollowUp, ...] = ANY_STATUS
    #: The assistant's close after the user answers a question put after a status.
    status_closes: tuple[str, ...] = STATUS_CLOSES
    #: Whether a status told later is led back to its move by the value (`DEFERRED_LEADS`);
    #: a vertical whose questions name values (a milestone, a step) leads by the holder.
    defer_by_value: bool = True
    #: Phrases this vertical's turns count as fillers besides the shared ones
    #: (`grammar.restrain`): a sentence keeps at most one filler set off by commas.
    fillers: tuple[str, ...] = ()


SHARED_BANK = Bank()


def draw_aside(rng: random.Random, moment: datetime) -> list[tuple[str, str]]:
    """An aside (a help request or an own-life chat), (role, text) pairs from a user turn to an assistant turn, from
    the aside bank (`core.asides`); drawn only when a bank's `aside_share` is above zero."""
    return asides.draw_aside(rng, moment)


def fill(template: str, values: Mapping[str, str], rng: random.Random | None = None) -> str:
    """`str.format` that names the missing placeholder and the template when one is absent.

    With `rng`, the template's grammar (`[a|b]`, see `core.grammar`) is expanded first, so a
    bank string may hold alternatives wherever it is filled."""
    if rng is not None:
        template = expand(template, rng)
    for _, name, _, _ in Formatter().parse(template):
        if name is not None and name not in values:
            raise TemplateError(f"template {template!r} needs {{{name}}}, which the move lacks")
    return agree(template.format_map(values))


#: `a` before a name that opens with a vowel sound (`a {V}` filled with `Abrahamsen`); names
#: opening `Eu`, `Uni` or `Us` sound like `you` and keep `a`.
_A_BEFORE_VOWEL = re.compile(r"\b([Aa]) (?=(?:A|E(?!u)|I|O|U(?!ni|s))[a-z])")
#: A possessive of a possessive (`a pal of my mum's's`).
_DOUBLE_POSSESSIVE = re.compile(r"(['’])s\1s\b")


def agree(text: str) -> str:
    """The filled text with its article and possessive agreeing with what was filled in."""
    text = _A_BEFORE_VOWEL.sub(lambda m: f"{m.group(1)}n ", text)
    return _DOUBLE_POSSESSIVE.sub(r"\1s", text)


def _choose(rng: random.Random, options: tuple[str, ...], label: str) -> tuple[int, str]:
    """One template drawn uniformly, its grammar expanded: (index in `options`, text)."""
    if not options:
        raise TemplateError(f"the bank has no {label}")
    i = rng.randrange(len(options))
    return i, expand(options[i], rng)


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _uncapital(text: str, names: frozenset[str] = frozenset()) -> str:
    """The sentence with its first letter small, for joining after a lead-in (`I`, `I'm` and a
    name the move filled in keep theirs)."""
    first = text.split(" ", 1)[0]
    if first == "I" or first.startswith("I'") or _bare(first) in names:
        return text
    return text[:1].lower() + text[1:]


def _bare(word: str) -> str:
    return word.strip(",.:;!?").removesuffix("'s")


def _names(values: Mapping[str, str]) -> frozenset[str]:
    """The capitalised words the move's placeholders filled in (a nickname, a value): names,
    which keep their capital wherever they fall. Sentence-case forms (`Holder`: `My dad`)
    are left out."""
    return frozenset(
        _bare(word)
        for key, value in values.items()
        if key[:1].islower() or key in ("V", "W")
        for word in str(value).split()
        if word[:1].isupper()
    )


def speaker_person(move: Move) -> Person:
    """Whom the move's sentence is about: the person, or for a twin of someone else's fact
    that someone seen through the person (`my dad's friend`)."""
    if move.other is None:
        return move.person
    noun, gender = move.other
    relation = move.person.relation
    return Person(Relation(relation.key, f"{relation.noun}'s {noun}", gender), gender)


def _of_forms(move: Move) -> dict[str, str]:
    """Someone else's holder forms as `a friend of my dad's`."""
    assert move.other is not None
    noun = move.other[0]
    article = "an" if noun[:1] in "aeiou" else "a"
    rel = move.person.relation.noun
    forms = {
        "holder": f"{article} {noun} of my {rel}'s",
        "your": f"{article} {noun} of your {rel}'s",
    }
    forms |= {"Holder": _capital(forms["holder"]), "Your": _capital(forms["your"])}
    return forms


#: Someone else's holder whose noun says no gender (`friend`, `colleague`; not `sister-in-law`).
_UNGENDERED = frozenset(noun for noun, fixed in OTHER_PEOPLE if fixed is None)


def unguessed(move: Move, values: Mapping[str, str]) -> dict[str, str]:
    """The placeholders the assistant fills about the move's holder: for someone else's
    (`my mum's friend opened an account`) whose noun says no gender, the assistant does not
    guess one: `they`, `them`, `their`, and the holder phrase where a sentence opens with the
    person (`Your mum's friend sounds pleased`); anyone else's as they are."""
    if move.other is None or move.other[0] not in _UNGENDERED:
        return dict(values)
    your = values.get("your", "")
    return {
        **values,
        "pron": your,
        "Pron": _capital(your),
        "obj": "them",
        "poss": "their",
        "Poss": "Their",
    }


def move_values(move: Move, plan: SessionPlan, rng: random.Random | None = None) -> dict[str, str]:
    """Every placeholder value for one move, before its clause is chosen (with `rng`, someone
    else's holder is at times worded `a friend of my dad's`)."""
    values = speaker_person(move).forms()
    if move.other is not None and rng is not None:
        of_form = rng.random() < OF_FORM_SHARE
        if of_form and not move.other[0].startswith("oldest"):  # never `an oldest friend of`
            values.update(_of_forms(move))
    owner = move.person.forms()
    values["owner_your"] = owner["your"]
    values["owner_holder"] = owner["holder"]
    when = past_expression(plan.moment, move.when if move.when is not None else plan.moment)
    values["when"] = when
    values["When"] = _capital(when)
    if move.value is not None:
        values["V"] = move.value
    values.update(move.extra)
    return values


def _key(mapping: Mapping[str, object], move: Move) -> str:
    """The kind's key in a bank mapping: `kind/statement_kind` when the bank has one."""
    key = f"{move.kind}/{move.family.statement_kind}"
    return key if key in mapping else move.kind


def _thing(move: Move, values: Mapping[str, str], rng: random.Random, bank: Bank) -> str:
    template = bank.things.get(move.family.key, "")
    if not template or ("{V}" in template and "V" not in values):
        return f"the {move.family.noun}"
    return fill(template, values, rng)


class Composed(NamedTuple):
    """A composed reply, the follow-up it asks (if any), whether that follow-up is a family's
    own, and the templates it used."""

    text: str
    follow_up: FollowUp | None
    used: list[tuple[str, str]]
    family_follow_up: bool = False


#: Families whose value is no choice a reply may judge: a pet's name, a side supported.
UNCHOSEN_FAMILIES = frozenset({"dog", "team"})


def compose_reply(
    move: Move,
    values: Mapping[str, str],
    rng: random.Random,
    bank: Bank = SHARED_BANK,
    *,
    ask: bool = True,
) -> Composed:
    """The assistant's reply to a move: reaction (optional) + content reference + follow-up
    question (optional), each drawn for the move's kind and family (see the module docstring).
    `values` are the move's placeholders (with `thing`, and `topic` for a mention)."""
    used: list[tuple[str, str]] = []
    reply_key = _key(bank.replies, move)
    general = tuple(bank.replies.get(reply_key, ()))
    own = tuple(bank.family_replies.get(move.family.key, {}).get(move.kind, ()))
    # One draw over the generic and the family's own references alike, so a family's share
    # of family-worded replies is its share of templates (gold sessions hold more of the asked
    # family, and a family-worded reply drawn more often would count that twice).
    options = general + own
    # A dog or a side one supports is no one's choice to judge ("Eklund strikes me as a
    # sensible choice" of a dog's name): no reference that calls it one is drawn for it.
    kept = tuple(
        i
        for i, t in enumerate(options)
        if not (move.family.key in UNCHOSEN_FAMILIES and "choice" in t)
    ) or tuple(range(len(options)))
    ki, reference = _choose(rng, tuple(options[i] for i in kept), f"{move.kind} replies")
    ri = kept[ki]
    where = "any" if ri < len(general) else move.family.key
    used.append((move.kind, f"reply:{reply_key}:{where}:{ri}"))
    text = fill(reference, values)
    if where != "any" and kept[0] < len(general) and rng.random() < SECOND_REFERENCE_SHARE:
        # A family's own words, then at times a word about the person too.
        seconds = tuple(i for i in kept if i < len(general))
        gi, second = _choose(rng, tuple(general[i] for i in seconds), f"{move.kind} replies")
        gi = seconds[gi]
        used.append((move.kind, f"second:{reply_key}:{gi}"))
        text = _join(text, fill(second, values))
    reaction_key = _key(bank.reactions, move)
    reactions = tuple(bank.reactions.get(reaction_key, ()))
    if reactions and rng.random() < REACTION_SHARE:
        ai, reaction = _choose(rng, reactions, f"{move.kind} reactions")
        used.append((move.kind, f"reaction:{reaction_key}:{ai}"))
        text = _join(fill(reaction, values), text)
    follow_key = _key(bank.follow_ups, move)
    generic = tuple(bank.follow_ups.get(follow_key, ()))
    family = tuple(bank.family_follow_ups.get(move.family.key, {}).get(move.kind, ()))
    pairs = generic + family
    follow_up: FollowUp | None = None
    own_follow_up = False
    if ask and pairs and rng.random() < FOLLOW_UP_SHARE:
        fi = rng.randrange(len(pairs))
        question, answer = pairs[fi]
        own_follow_up = fi >= len(generic)
        side = move.family.key if own_follow_up else "any"
        used.append((move.kind, f"ask:{follow_key}:{side}:{fi}"))
        follow_up = (fill(question, values, rng), answer)
        text = _join(text, follow_up[0])
    return Composed(text, follow_up, used, own_follow_up)


@dataclass
class _Said:
    role: Literal["user", "assistant"]
    content: str
    has_answer: bool = False


def _said(role: str, content: str) -> _Said:
    if role not in ("user", "assistant"):
        raise TemplateError(f"a turn's role is user or assistant, not {role!r}")
    return _Said("user" if role == "user" else "assistant", content)


class RenderedMove(NamedTuple):
    """One move's user sentence, the reply, the templates used, and the thread's extra turns
    ((role, text) pairs: the user's answer to the follow-up and the assistant's close, or the
    move's status and the reply to it)."""

    user: str
    reply: str
    used: list[tuple[str, str]]
    thread: list[tuple[str, str]]
    #: The thread's user turn says what became of the move (a status), so it carries the
    #: move's evidence too.
    status: bool = False
    #: Names the move filled in (kept capitalised after a lead-in).
    names: frozenset[str] = frozenset()
    #: The reply's question was dropped before the status and left it short (`_before_status`):
    #: the status is told straight after it, as it was when such a reply always asked.
    left_short: bool = False


#: How many times a move's sentence is drawn afresh when no status of its kind fits what it
#: claims (a plan dropped told in a clause that says "for years"); the same for every
#: move, true or not (a true statement's statuses fit every sentence, so it is never redrawn).
REDRAWS = 24


def fitting_statuses(kind: str, sentence: str, bank: Bank, stands: bool = False) -> tuple[int, ...]:
    """Indices of the statuses of `kind` that fit what `sentence` claims (`core.bank.claims`):
    none that undoes a first-hand account without saying how, no plan dropped after a
    sentence that says the thing goes on or has for years, and none that vouches for a rival
    that `stands` till a later saying takes it back (`core.bank.STANDS`)."""
    said = claims(sentence) | ({STANDS} if stands else frozenset())
    options = tuple(bank.statuses.get(kind, ()))
    return tuple(
        i for i, t in enumerate(options) if not (bank.status_unfit.get(t, frozenset()) & said)
    )


def _status(
    move: Move,
    values: Mapping[str, str],
    rng: random.Random,
    bank: Bank,
    sentence: str | None = None,
    stands: bool = False,
    replying: Mapping[str, str] | None = None,
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The status exchange of a move: the user's status turn and the assistant's reply (the
    status drawn among those that fit `sentence`, the move as told, when given)."""
    options = tuple(bank.statuses[move.kind])
    fit = fitting_statuses(move.kind, sentence, bank, stands) if sentence is not None else ()
    if fit:
        si = fit[rng.randrange(len(fit))]
        status = expand(options[si], rng)
    else:
        si, status = _choose(rng, options, f"{move.kind} statuses")
    ri, reply = _choose(
        rng, tuple(bank.status_replies.get(move.kind, ())), f"{move.kind} status replies"
    )
    used = [(move.kind, f"status:{move.kind}:{si}"), (move.kind, f"status-reply:{move.kind}:{ri}")]
    # The assistant's placeholders (`replying`, see `unguessed`), the user's own otherwise.
    mine = values if replying is None else replying
    reply = fill(reply, mine, rng)
    asked: list[tuple[str, str]] = []
    if bank.status_closes and not asks(reply) and rng.random() < STATUS_THREAD_SHARE:
        # The same share for every kind: only what is asked fits the kind.
        pairs = fitting_follow_ups(
            tuple(bank.status_follow_ups.get(move.kind, ())) + bank.any_status_follow_ups,
            f"{move.family.key} {move.family.noun}",
            reply,
            move.kind,
        )
        fi = rng.randrange(len(pairs))
        question, answer = pairs[fi]
        ci, close = _choose(rng, bank.status_closes, "status closes")
        used += [(move.kind, f"status-ask:{move.kind}:{fi}"), (move.kind, f"status-close:{ci}")]
        reply = _join(reply, fill(question, mine, rng))
        asked = [("user", _capital(fill(answer, values, rng))), ("assistant", fill(close, mine))]
    thread = [("user", _capital(fill(status, values, rng))), ("assistant", reply), *asked]
    return thread, used


#: A reply left shorter than this many words once its question is dropped ("Fancy that.",
#: "Thanks for passing that on.") at times asks instead whether the assistant heard the news
#: right (`STATUS_INVITES`): `INVITE_SHARE` of the time, drawn for every move alike; otherwise
#: it stays a plain reaction ("Oh, lovely.") and the user goes on. A doubt asked after every
#: short reply reads as a tic ("Really?" "Honestly?" after a fifth of all news).
INVITE_BELOW = 9
INVITE_SHARE = 0.4
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _before_status(
    text: str, names: frozenset[str], own: bool, values: Mapping[str, str], rng: random.Random
) -> tuple[str, bool, bool]:
    """A reply that asks something, as it stands before the user's status: (text, whether it
    still asks, whether its question was dropped and left it short). No status answers a
    question about the thing itself ("Any nerves?" "I had it from him on the phone."), so that
    question is dropped; a reply that would be left short mostly adds a plain acknowledgement
    (`STATUS_ACKS`: "I see. Duly noted.") and asks nothing, and at times (`INVITE_SHARE`) asks
    instead whether it heard the news right, which every status answers. A question that names
    something, or a reply that puts the assistant's own value forward ("Does that sound like
    him?"), is kept as it is: the status is led into as taking it up."""
    invite_drawn = rng.random() < INVITE_SHARE  # drawn for every reply alike
    sentences = _SENTENCE_END.split(text.strip())
    questions = [s for s in sentences if "?" in s]
    if own or any(_bare(word) in names for s in questions for word in s.split()):
        return text, True, False
    kept = _join(*(s for s in sentences if "?" not in s))
    if len(kept.split()) >= INVITE_BELOW:
        return kept, False, False
    if kept and not invite_drawn:
        # Left short with no question: a plain acknowledgement, of an idea not said yet.
        fit = fitting_acks(kept) or tuple(range(len(STATUS_ACKS)))
        ack = expand(STATUS_ACKS[fit[rng.randrange(len(fit))]], rng)
        return _join(kept, ack), False, True
    _, invite = _choose(rng, STATUS_INVITES, "status invites")
    return _join(kept, fill(invite, values)), True, True


def _told(frame: str, values: Mapping[str, str]) -> str:
    """The move's sentence as far as its frame and clause say (a placeholder filled only later,
    such as the reply's, left empty): what its status must fit."""
    return frame.format_map(_Blank(values))


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return ""


#: Words a frame may add around its topic that the topic itself may already say.
_REPEATABLE = re.compile(r"\b(again|once more|as ever|as usual)\b", re.IGNORECASE)


def _repeats(frame: str, topic: str) -> bool:
    """Whether the frame, outside its `{topic}`, says a word of `_REPEATABLE` the topic says."""
    said = {m.lower() for m in _REPEATABLE.findall(topic)}
    return any(m.lower() in said for m in _REPEATABLE.findall(frame.replace("{topic}", "")))


def _draw_sentence(
    move: Move,
    values: dict[str, str],
    rng: random.Random,
    bank: Bank,
    used: list[tuple[str, str]],
    remarks: Remarks | None = None,
) -> str:
    """The move's frame, with its topic or clause put into `values`; the templates used are
    added to `used`. With `remarks`, a mention's sentence says no remark its haystack has
    said already (`Remarks.fresh`)."""
    frame_key = _key(bank.frames, move)
    frames = tuple(bank.frames.get(frame_key, ()))
    fi, frame = _choose(rng, frames, f"{frame_key} frames")
    used.append((move.kind, f"frame:{frame_key}:{fi}"))
    if move.kind == MENTION:
        ti, topic = _choose(rng, move.family.topics, f"{move.family.key} topics")
        # A topic that already says `again` (`rail fares going up again`) is never put in a
        # frame that says it too: the frame's alternatives are drawn afresh.
        for _ in range(REDRAWS):
            if not _repeats(frame, topic):
                break
            frame = expand(frames[fi], rng)
        if remarks is not None:
            fi, frame, ti, topic = remarks.fresh(move, frames, (fi, frame), (ti, topic), values)
            used[-1] = (move.kind, f"frame:{frame_key}:{fi}")
        values["topic"] = topic
        values["Topic"] = _capital(topic)
        used.append((move.kind, f"topic:{move.family.key}:{ti}"))
    else:
        key = move.family.clause_key(move.kind)
        options = tuple(move.family.clauses.get(key, ()))
        ci, clause = _choose(rng, options, f"{move.family.key} {key} clauses")
        values["clause"] = fill(clause, values)
        used.append((move.kind, f"clause:{move.family.key}:{key}:{ci}"))
    return frame


def render_move(
    move: Move,
    plan: SessionPlan,
    rng: random.Random,
    bank: Bank = SHARED_BANK,
    *,
    remarks: Remarks | None = None,
) -> RenderedMove:
    """One move → its user sentence, the composed reply, and at times a short thread (or the
    move's status: see `Move.told_as`); `remarks`, see `Remarks`."""
    told = move
    if move.told_as is not None and move.kind in bank.statuses and move.told_as in bank.frames:
        told = replace(
            move, kind=move.told_as, other=None, told_as=None, stands=False, takes_back=False
        )
    # (A bank without statuses for the kind, or frames for what it is told as, tells the move
    # as itself.)
    # A move that stands for now (`Move.stands`) gets the status of what it is told as, from
    # the same share and the same pool a true one of that kind draws from.
    stands = move.stands and told is not move and told.kind in bank.statuses
    with_status = move.kind in bank.statuses and (
        (told is not move and not stands) or rng.random() < bank.status_share
    )
    values = move_values(told, plan, rng)
    if move.other is not None:
        values["other"] = move.other[0]
    status_values = dict(values)
    move, original = told, move
    # Whose statuses the move draws: a standing rival's are a true statement's.
    says = move if stands else original
    base = dict(values)
    for _ in range(REDRAWS):
        # The sentence is drawn afresh while no status of the move's kind fits what it claims.
        values = dict(base)
        used: list[tuple[str, str]] = []
        frame = _draw_sentence(move, values, rng, bank, used, remarks)
        if not with_status or fitting_statuses(says.kind, _told(frame, values), bank, stands):
            break
    companion = move.family.reply_clause_key(move.kind)
    if companion is not None:
        # The reply names something of its own (a value the assistant puts forward).
        options = tuple(move.family.clauses.get(companion, ()))
        ci, clause = _choose(rng, options, f"{move.family.key} {companion} clauses")
        said = fill(clause, values)
        values["reply_clause"] = said
        values["Reply_clause"] = _capital(said)
        used.append((move.kind, f"clause:{move.family.key}:{companion}:{ci}"))
    thing = _thing(move, values, rng, bank)
    values["thing"] = thing
    values["Thing"] = _capital(thing)
    # (The assistant never guesses the gender of someone else the user has not given one.)
    replying = unguessed(move, values)
    reply = compose_reply(move, replying, rng, bank, ask=not with_status)
    used += reply.used
    thread: list[tuple[str, str]] = []
    if with_status:
        told_text = _told(frame, values)
        thread, status_used = _status(
            says, status_values, rng, bank, told_text, stands, unguessed(move, status_values)
        )
        used += status_used
        if original.takes_back and not stands:
            # The status takes back the first saying too, which stood till now (`core/echo.py`).
            ti, tail = _choose(rng, TAKE_BACK_TAILS, "take-back tails")
            thread[0] = ("user", _join(thread[0][1], fill(tail, status_values)))
            used.append((original.kind, f"take-back:{ti}"))
        reply_text = reply.text
        short = False
        if asks(reply_text):
            own = companion is not None
            reply_text, answered, short = _before_status(
                reply_text, _names(values), own, status_values, rng
            )
            used.append((move.kind, "status-invite" if answered else "status-unasked"))
        if asks(reply_text) and not OWN_LEAD_IN.match(without_opener(thread[0][1])):
            # The status answers the reply's question, introduced as doing so: a short
            # answer of its own ("couldn't say") could contradict what the status then says.
            # A status with a lead-in of its own ("Sorry, no, …") takes the question up itself.
            bi, bridge = _choose(rng, STATUS_BRIDGES, "status bridges")
            status_text = _uncapital(without_opener(thread[0][1]), _names(values))
            thread[0] = ("user", f"{bridge} {status_text}")
            used.append((move.kind, f"status-bridge:{bi}"))
        return RenderedMove(
            fill(frame, values),
            reply_text,
            used,
            thread,
            status=True,
            names=_names(values),
            left_short=short,
        )
    closes = tuple(bank.thread_closes.get(_key(bank.thread_closes, move), ()))
    if reply.family_follow_up or not closes:
        closes = bank.neutral_closes
    if reply.follow_up is not None and rng.random() < THREAD_SHARE:
        answer = fill(reply.follow_up[1], values, rng)
        ki, close = _choose(rng, closes, f"{move.kind} thread closes")
        used.append((move.kind, f"thread:{move.kind}:{ki}"))
        thread = [("user", _capital(answer)), ("assistant", fill(close, replying))]
    reply_text = reply.text
    if reply.follow_up is None and move.kind != MENTION and asks(reply_text):
        # Asked as before a status (`_before_status`), whether a status follows or not: in a
        # vertical whose true statements get none, a question dropped or turned into "Is that
        # right?" only where a status follows would mark the rivals. The user answers an
        # invitation shortly (`status_threads.QUICK_ANSWERS["invite"]`).
        own = companion is not None
        reply_text, _, _ = _before_status(reply_text, _names(values), own, values, rng)
    return RenderedMove(fill(frame, values), reply_text, used, thread, names=_names(values))


#: Words of a link a sentence may say too ("While I think of it, I think my aunt …").
_LINK_WORDS = re.compile(r"\b(?:think|thing|remind\w*|also|more)\b", re.IGNORECASE)


def _link_for(li: int, sentence: str) -> int:
    """The link drawn (index into `LINKS`) or, when the sentence says one of its words too,
    the next link that says none of them: no rng is drawn, so every sentence gets a link
    at the same share."""
    said = {w.lower() for w in _LINK_WORDS.findall(sentence)}
    for k in range(len(LINKS)):
        j = (li + k) % len(LINKS)
        if not said & {w.lower() for w in _LINK_WORDS.findall(LINKS[j])}:
            return j
    return li


def _quick_answer(kind: str, reply: str, rng: random.Random) -> tuple[str, tuple[str, str]]:
    """A short answer to the question `reply` ends with, and the template it used."""
    form = question_form(reply)
    return expand(QUICK_ANSWERS[form], rng), (kind, f"quick-answer:{form}")


def _answer_hanging(
    said: list[_Said], used: list[tuple[str, str]], rng: random.Random, bank: Bank
) -> None:
    """When the last turn is the assistant's question with no answer of its own, the user
    answers it shortly and the assistant acknowledges, before the talk moves on."""
    if not said or said[-1].role != "assistant" or not asks(said[-1].content):
        return
    answer, answer_used = _quick_answer("frame", said[-1].content, rng)
    form = question_form(said[-1].content)
    ki, close = _choose(rng, QUICK_CLOSES[form], "quick closes")
    used += [answer_used, ("frame", f"quick-close:{form}:{ki}")]
    said += [_Said("user", answer), _Said("assistant", expand(close, rng))]


#: The placeholders that name a move's holder, which a move may fill itself (`Move.extra`).
_HOLDER_FORMS = frozenset({"holder", "Holder", "your", "Your"})


#: A move's sentence told as a correction, a request, a proposal or a suggestion rather than as
#: news of the holder (`_lead_back`).
_NOT_NEWS = re.compile(
    r"\b(?:suggest\w*|propos\w*|recommend\w*|request\w*|corrections?|on at me|asked me to"
    r"|wants? me to|wanted me to|told me to|reckons I should|thinks I should"
    r"|I got (?:that|it) wrong|I was wrong|I meant)\b",
    re.IGNORECASE,
)


def _lead_back(
    status: _Said,
    move: Move,
    names: frozenset[str],
    by_value: bool,
    rng: random.Random,
    used: list[tuple[str, str]],
    told: str = "",
) -> None:
    """A status told later opens with a lead back to its move: by its value, or by its holder
    (`DEFERRED_LEADS`, `DEFERRED_HOLDER_LEADS`)."""
    by = "value" if by_value else "holder"
    leads = DEFERRED_LEADS if by_value else DEFERRED_HOLDER_LEADS
    # A move told as a correction, a request or a suggestion is no one's news: only the leads
    # that do not call it news lead back to it, true or not.
    kept = tuple(
        i for i, lead in enumerate(leads) if not (_NOT_NEWS.search(told) and "news" in lead)
    )
    ki, lead = _choose(rng, tuple(leads[i] for i in kept), "deferred leads")
    di = kept[ki]
    used.append((move.kind, f"status-later:{by}:{di}"))
    values = dict((move.person if move.told_as else speaker_person(move)).forms())
    # The holder as the statement named them (`Move.extra`: a name given before the name is
    # linked to the relation stays the name), so no lead hands a reader the alias.
    values.update({k: v for k, v in move.extra.items() if k in _HOLDER_FORMS})
    if by_value:
        values["V"] = str(move.value)
    text = _uncapital(without_opener(status.content), names)
    status.content = f"{_capital(fill(lead, values))} {text}"


#: Words that say one idea whatever their form: two sentences of a turn that both say one
#: ("Thanks, good to know. Thanks, I have altered it.", "Easy to mix up. Easy to muddle them.")
#: say it twice.
_IDEAS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("thanks", re.compile(r"\b(?:thanks?|thank you|cheers)\b", re.IGNORECASE)),
    ("enjoy", re.compile(r"\benjoy\w*", re.IGNORECASE)),
    ("muddle", re.compile(r"\b(?:muddl\w*|mix(?:ed)?[ -]up|mixed|confus\w*)", re.IGNORECASE)),
    ("difference", re.compile(r"\bdifferen\w*", re.IGNORECASE)),
    ("chat", re.compile(r"\bchat(?:s|ting|ted)?\b|\bcatch(?:ing)?[ -]up\b", re.IGNORECASE)),
    ("clear up", re.compile(r"\bclear(?:s|ed|ing)? (?:\w+ )?up\b", re.IGNORECASE)),
    ("happen", re.compile(r"\bhappen(?:s|ed|ing)?\b", re.IGNORECASE)),
)
_WORDS = re.compile(r"[a-z']+")


#: A remark short enough to be dropped for saying an idea of `_IDEAS` a sentence beside it
#: says too ("Enjoy it.", "Thanks, good to know."), in words.
SHORT_REMARK = 6


def _ideas(sentence: str) -> tuple[frozenset[str], frozenset[tuple[str, ...]]]:
    """The ideas a sentence says (`_IDEAS`) and its runs of three words that hold a word of
    six letters or more ("such a difference", not "is a good")."""
    ideas = frozenset(idea for idea, mark in _IDEAS if mark.search(sentence))
    words = _WORDS.findall(sentence.lower())
    runs = zip(words, words[1:], words[2:], strict=False)
    return ideas, frozenset(r for r in runs if any(len(w) >= 6 for w in r))


def _droppable(sentence: str, names: frozenset[str]) -> bool:
    """A sentence that asks nothing and names nothing (none of `names`, no other capitalised
    word after its first, no figure)."""
    words = sentence.split()
    return (
        "?" not in sentence
        and not re.search(r"\d", sentence)
        and not any(_bare(w) in names for w in words)
        and not any(" " in n and n in sentence for n in names)
        and not any(w[:1].isupper() and _bare(w) != "I" for w in words[1:])
    )


def say_once(text: str, names: frozenset[str] = frozenset(), runs: bool = True) -> str:
    """The turn with no idea said by two of its sentences: of two sentences that share one
    (`_IDEAS`, the shorter a remark of `SHORT_REMARK` words at most) or, with `runs`, a run
    of three words ("makes such a difference"), the shorter is dropped when it asks and names
    nothing (`_droppable`; for a shared run, else the longer), so what the longer one adds
    stays. The same for every turn, true or not."""
    sentences = _SENTENCE_END.split(text.strip())
    if len(sentences) < 2:
        return text
    said = [_ideas(s) for s in sentences]
    gone: set[int] = set()
    for j in range(1, len(sentences)):
        for i in range(j):
            if i in gone or j in gone:
                continue
            (a_ideas, a_runs), (b_ideas, b_runs) = said[i], said[j]
            shorter, longer = (i, j) if len(sentences[i]) <= len(sentences[j]) else (j, i)
            short = len(sentences[shorter].split()) <= SHORT_REMARK
            run = runs and bool(a_runs & b_runs)
            if not ((short and a_ideas & b_ideas) or run):
                continue
            # (A remark said twice goes, never the longer sentence it repeats.)
            for k in (shorter, longer) if run else (shorter,):
                if _droppable(sentences[k], names):
                    gone.add(k)
                    break
    if not gone:
        return text
    return " ".join(s for k, s in enumerate(sentences) if k not in gone)


def _remark(rng: random.Random, options: tuple[str, ...], label: str, turn: str) -> tuple[int, str]:
    """A closer or sign-off for `turn` (drawn uniformly) that says no idea of `_IDEAS` the
    turn says ("Thanks, I'll pass that on. Thanks for listening!"): else the next one that
    says none, or the one drawn when every one does."""
    i, remark = _choose(rng, options, label)
    said = _ideas(turn)[0]
    for k in range(len(options)):
        j = (i + k) % len(options)
        candidate = remark if k == 0 else expand(options[j], rng)
        if not _ideas(candidate)[0] & said:
            return j, candidate
    return i, remark


def render_session(
    plan: SessionPlan,
    rng: random.Random,
    bank: Bank = SHARED_BANK,
    *,
    remarks: Remarks | None = None,
) -> RenderedSession:
    """Render a plan: one user turn per move, each answered by its composed reply, at times
    followed by a short thread or preceded by an aside; user and assistant always alternate.
    With `remarks`, no mention repeats a remark of its haystack word for word (`Remarks`)."""
    said: list[_Said] = []
    used: list[tuple[str, str]] = []
    move_turns: list[int] = []
    aside_turns: list[tuple[int, int]] = []
    status_turns: list[tuple[int, int] | None] = []
    #: A status told after the next move: (move index, its turns).
    held: tuple[int, list[_Said]] | None = None
    #: Names and values the moves filled in, which no sentence said twice is dropped for
    #: (`say_once`).
    names: frozenset[str] = frozenset()
    # An aside is a topic too: one may come between two topics or after the last, while the
    # session has fewer than `MAX_TOPICS`; never within a topic (`core.topics`).
    topic_of = {i: t for t, topic in enumerate(topics(plan.moves)) for i in topic}
    room = MAX_TOPICS - len(set(topic_of.values()))

    def aside() -> None:
        nonlocal room
        if room <= 0 or bank.aside_share <= 0 or rng.random() >= bank.aside_share:
            return
        talk = draw_aside(rng, plan.moment)
        sides = [role for role, _ in talk]
        if not sides or sides != ["user", "assistant"] * (len(sides) // 2):
            raise TemplateError(f"an aside must alternate user and assistant: {sides}")
        aside_turns.append((len(said), len(said) + len(talk)))
        said.extend(_said(role, text) for role, text in talk)
        used.append(("aside", "aside"))
        room -= 1

    for i, move in enumerate(plan.moves):
        _answer_hanging(said, used, rng, bank)
        if i > 0 and topic_of[i] != topic_of[i - 1]:
            aside()
        rendered = render_move(move, plan, rng, bank, remarks=remarks)
        user, reply, move_used, thread = (
            rendered.user,
            rendered.reply,
            rendered.used,
            rendered.thread,
        )
        used += move_used
        names |= rendered.names | ({str(move.value)} if move.value else set())
        if i > 0 and rng.random() < LINK_SHARE:
            li, _ = _choose(rng, LINKS, "links")
            body = without_opener(user)
            li = _link_for(li, body)
            used.append(("frame", f"link:{li}"))
            user = f"{expand(LINKS[li], rng)} {_uncapital(body, rendered.names)}"
        if i == 0 and rng.random() < OPENER_SHARE:
            openers = bank.openers(plan.moment.hour)
            oi, opener = _choose(rng, openers, "openers")
            used.append(("frame", f"opener:{openers[oi]}"))
            user = _join(opener, user)
        evidence = move.answer_roles if move.evidence else ()
        move_turns.append(len(said))
        status_turns.append(None)
        said.append(_Said("user", user, "user" in evidence))
        said.append(_Said("assistant", reply, "assistant" in evidence))
        talk = [_said(role, text) for role, text in thread]
        for k, turn in enumerate(talk):
            # A status and the reply to it carry the move's evidence; what is said after
            # them is about the person, never the fact.
            turn.has_answer = rendered.status and k < 2 and turn.role in evidence
        # Led back by the value when the user said it (a value the assistant put forward
        # stays the assistant's alone); by the holder only when no other move of the session
        # is about the holder, or "Back to my dad" could mean either of his.
        by_value = bank.defer_by_value and move.value is not None and move.value in rendered.user
        clear = by_value or not any(
            subject(other) == subject(move) for j, other in enumerate(plan.moves) if j != i
        )
        later = (
            rendered.status
            and i + 1 < len(plan.moves)
            and not asks(reply)
            and not rendered.left_short
            and rng.random() < DEFER_SHARE
            and clear
        )
        if later:
            _lead_back(talk[0], move, rendered.names, by_value, rng, used, rendered.user)
            pending, held = held, (i, talk)
        else:
            if rendered.status:
                status_turns[i] = (len(said), len(said) + len(talk))
            said += talk
            pending, held = held, None
        if pending is not None:
            _answer_hanging(said, used, rng, bank)
            first = len(said)
            said += pending[1]
            # A question the status's reply asks is answered within the status's own turns.
            _answer_hanging(said, used, rng, bank)
            status_turns[pending[0]] = (first, len(said))
    _answer_hanging(said, used, rng, bank)
    if plan.moves:
        aside()
    # A closer joins the last user turn that is no move's own (a thread's answer, a status, an
    # aside): a rival's turn is always followed by its status, so a closer on a move's turn
    # would fall on true statements only.
    # It joins no turn a move follows, or the talk would go on after "that's all for today".
    last_move = move_turns[-1] if move_turns else -1
    others = [
        i for i, t in enumerate(said) if t.role == "user" and i not in move_turns and i > last_move
    ]
    if rng.random() < CLOSER_SHARE and others:
        ci, closer = _remark(rng, bank.closers, "closers", said[others[-1]].content)
        used.append(("frame", f"closer:{ci}"))
        said[others[-1]].content = _join(said[others[-1]].content, closer)
    if rng.random() < SIGN_OFF_SHARE and not said[-1].content.endswith("?"):
        # (A question the user has not answered is not signed off.)
        sign_offs = bank.sign_offs(plan.moment.hour)
        si, sign_off = _remark(rng, sign_offs, "sign-offs", said[-1].content)
        used.append(("frame", f"sign-off:{sign_offs[si]}"))
        said[-1].content = _join(said[-1].content, sign_off)
    # Lead-ins, bridges and tails joined on may say an idea the sentence already says, or
    # stack a filler on its own: each turn is restrained whole (`grammar.restrain`).
    # An assistant turn composed of slots drawn apart says no idea twice (`say_once`); an
    # aside's help (steps of one task, which may share words) only no idea of `_IDEAS`.
    in_aside = {k for first, end in aside_turns for k in range(first, end)}
    turns = [
        Turn(
            role=t.role,
            content=restrain(
                say_once(t.content, names, runs=k not in in_aside)
                if t.role == "assistant"
                else t.content,
                bank.fillers,
            ),
            has_answer=t.has_answer,
        )
        for k, t in enumerate(said)
    ]
    news = len(set(topic_of.values()))
    return RenderedSession(turns, used, move_turns, aside_turns, status_turns, news)
