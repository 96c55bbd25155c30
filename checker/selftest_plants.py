"""Planted defects for the rules beyond V7 that the self-test holds to their word: identifiers
that carry the answer class (IDN004), a time expression whose reading is a convention (TIM003),
a difficulty ladder certified by a handful of questions (CAL003), answers found by counting,
position, wording or the side of an order word (SHC001–SHC004), and stock wording (LNG001,
LNG002).

Each plant names the rule that must refuse it and runs that rule alone; the ladder, the
shortcuts and the wording each have a twin that must pass (the same ladder stamped
unvalidated; rivals worded like the answer, or said as often; every turn from a varied
grammar), so the refusal is for the defect and not for the planting.
"""

from __future__ import annotations

import random
import re

from checker.family import BY_KEY, K_REF, VERTICALS
from checker.formats.corpus import Question, Turn, Twin
from checker.formats.ids import SESSION_SUFFIX_RE
from checker.load import LoadedCorpus
from checker.retrieval import measure_ladder
from checker.separability.language import language_figures
from checker.separability.plants import Plant, Planted, Skip, copy_questions
from checker.separability.shortcuts import heuristic_answerers, marker_adversary
from checker.separability.synthetic import _FACTS as SYNTHETIC_FACTS
from checker.separability.synthetic import _WHEN as SYNTHETIC_WHEN
from checker.separability.synthetic import rebuilt
from checker.text import sentences

#: Questions the ladder's easiest band holds (enough to certify it) and its hardest (too few).
EASY_BAND = 8
HARD_BAND = 4
#: Distractors given a sentence naming the question's words twice, to bury one question's gold.
DECOYS = K_REF + 1


def _gold(q: Question) -> list[int]:
    gold = set(q.answer_session_ids)
    return [i for i, sid in enumerate(q.haystack_session_ids) if sid in gold]


def abstention_marked_ids(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """Every question without gold gets `_abs` in its session ids' token."""
    qs = copy_questions(corpus)
    marked = 0
    for q in qs:
        if _gold(q):
            continue
        ids = []
        for sid in q.haystack_session_ids:
            m = SESSION_SUFFIX_RE.match(sid)
            ids.append(f"{m['owner']}_abs-s{m['n']}" if m else f"{sid}_abs")
        q.haystack_session_ids = ids
        marked += 1
    if not marked:
        return Skip("the base has no question without gold")
    return Planted(
        qs,
        evidence=r"carry .*the word 'abs'",
        note=f"{marked} questions without gold; every other id unchanged",
    )


def ambiguous_weekday(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """One gold session per time-dependent question says when something falls due as
    `next <weekday>`, which reads as the first one to come or as the one of next week."""
    qs = copy_questions(corpus)
    planted = 0
    for q in qs:
        block = q.typedmemeval
        profile = BY_KEY.get(block.vertical) if block is not None else None
        gold = _gold(q)
        if block is None or profile is None or not profile.v4_applies(block.shape) or not gold:
            continue
        turn = next(t for t in q.haystack_sessions[gold[0]] if t.role == "user")
        turn.content = f"{turn.content} The form is due next Thursday."
        planted += 1
    if not planted:
        return Skip("no gold-bearing question of the base is time-dependent")
    return Planted(qs, evidence=r"'next Thursday' \(said on a", note=f"in {planted} questions")


def _banded(corpus: LoadedCorpus, stamped: bool) -> Planted | Skip:
    """A distance ladder: EASY_BAND questions in band 1, HARD_BAND in band 5, one of the hard
    ones buried under natural decoys (its coverage falls to 0); every question stamped."""
    qs = copy_questions(corpus)
    single = [qi for qi, q in enumerate(qs) if len(_gold(q)) == 1]
    if len(single) < EASY_BAND + HARD_BAND:
        return Skip(f"needs {EASY_BAND + HARD_BAND} questions with one gold session")
    easy, hard = single[:EASY_BAND], single[EASY_BAND : EASY_BAND + HARD_BAND]
    for band, chosen in ((1, easy), (5, hard)):
        for qi in chosen:
            block = qs[qi].typedmemeval
            assert block is not None
            qs[qi].typedmemeval = block.model_copy(
                update={
                    "difficulty": band,
                    "difficulty_dial": "distance",
                    "difficulty_validated": stamped,
                }
            )
    buried = qs[hard[0]]
    words = re.findall(r"\w+", buried.question)
    subject, thing = words[-3], words[-2]  # "Where is the <Subject> <thing> now?"
    gold = set(_gold(buried))
    others = [i for i in range(len(buried.haystack_sessions)) if i not in gold][:DECOYS]
    for i in others:
        session = buried.haystack_sessions[i]
        session.append(
            Turn(
                role="user",
                content=f"My neighbour asked about the {subject} {thing}, then the {subject} "
                f"{thing} came up again at lunch.",
                has_answer=False,
            )
        )
        session.append(Turn(role="assistant", content="Good to know.", has_answer=False))
    ladder = measure_ladder(rebuilt(corpus, qs), declared_pattern="")
    (verdict,) = ladder.verdicts
    return Planted(
        qs,
        evidence=r"dial distance is thin-band",
        note=(
            f"bands 1 and 5 hold {EASY_BAND} and {HARD_BAND} questions; ceiling-relative "
            f"coverage falls {verdict.relative_drop} (permutation p {verdict.permutation_p}), "
            f"verdict {verdict.kind}"
        ),
    )


def thin_ladder_stamped_validated(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return _banded(corpus, stamped=True)


def thin_ladder_stamped_unvalidated(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    built = _banded(corpus, stamped=False)
    if isinstance(built, Planted):
        built.evidence = ""
    return built


RULE_PLANTS: tuple[Plant, ...] = (
    Plant(
        "_abs-like session id",
        ("IDN004",),
        abstention_marked_ids,
        history="Forgetting 2026.12: `_abs` in every never-known question's session ids",
        rules=("IDN004",),
    ),
    Plant(
        "ambiguous weekday (next <weekday>)",
        ("TIM003",),
        ambiguous_weekday,
        history="Prospective 2026.12: 'next Thursday' read the British way changes two answers",
        rules=("TIM003",),
    ),
    Plant(
        "flat ladder that falls on four questions, stamped validated",
        ("CAL003",),
        thin_ladder_stamped_validated,
        history="a fall of 0.25 made by one question of four once certified a ladder",
        rules=("CAL003",),
    ),
    Plant(
        "the same ladder stamped unvalidated (must not refuse)",
        (),
        thin_ladder_stamped_unvalidated,
        rules=("CAL003",),
    ),
)


# --- shortcuts (SHC) and language (LNG) ------------------------------------------------------

#: Rival values planted per question, and how often each statement is said.
RIVALS = 3
REPEATS = 3
#: Distances from the end the fixed-offset plant puts gold sessions at.
FIXED_OFFSETS = (3, 7, 12)
_ASKED = re.compile(r"the (?P<holder>\w+) (?P<attribute>\w+) now\?$")
_MARKED = (
    "Someone told me the {holder} {attribute} went to {value}, but that turned out to be wrong."
)
#: The unmarked frames are the base's own fact frames, so only the marker differs.
_PLAIN = tuple(f.replace("{when}", when) for f in SYNTHETIC_FACTS for when in SYNTHETIC_WHEN)


def _asked(q: Question) -> tuple[str, str] | None:
    found = _ASKED.search(q.question)
    return (found["holder"], found["attribute"]) if found else None


def _fresh_names(rng: random.Random, taken: set[str], count: int) -> list[str]:
    """Capitalised invented names not yet used (syllables no base name is built from)."""
    syllables = "zor vek tam qui lun dra pim sol vor kes bax gri mun tel yas fod".split()
    out: list[str] = []
    while len(out) < count:
        name = "".join(rng.choice(syllables) for _ in range(3)).capitalize()
        if name not in taken:
            taken.add(name)
            out.append(name)
    return out


def _say(q: Question, session: int, text: str, rng: random.Random) -> None:
    """Put `text` between two sentences of a random user turn of the session."""
    users = [t for t in q.haystack_sessions[session] if t.role == "user"]
    turn = rng.choice(users)
    said = sentences(turn.content)
    said.insert(rng.randrange(len(said) + 1), text)
    turn.content = " ".join(said)


def _with_rivals(
    corpus: LoadedCorpus,
    rng: random.Random,
    *,
    marked: bool,
    repeats: int,
    gold_repeats: int,
    beside_answer: bool = False,
    after: int = 0,
) -> Planted | Skip:
    """Each gold-bearing question gets RIVALS rival values for its asked pair, each said
    `repeats` times in random non-gold sessions (marked as wrong, or worded like the answer),
    declared as twins; the gold value is said `gold_repeats` more times the same way. With
    `beside_answer`, each rival's first statement goes into the session that states the
    answer, so the rivals' last mentions are as late as the answer's. With `after`, that many
    rivals are said in sessions after the last gold session (in sessions of their own) and the
    others before the first, so the answer is always the (after + 1)-th most recent value."""
    qs = copy_questions(corpus)
    taken = {w for q in qs for w in re.findall(r"[A-Z][a-z]+", q.question + " " + q.answer)}
    planted = 0
    for q in qs:
        asked = _asked(q)
        gold = set(_gold(q))
        others = [i for i in range(len(q.haystack_sessions)) if i not in gold]
        if asked is None or not gold or len(others) < RIVALS * repeats + gold_repeats:
            continue
        holder, attribute = asked
        rivals = _fresh_names(rng, taken, RIVALS)
        if after:
            later = [i for i in others if i > max(gold)]
            earlier = [i for i in others if i < min(gold)]
            if len(later) < after or len(earlier) < RIVALS - after:
                continue
            slots = [*rng.sample(later, after), *rng.sample(earlier, RIVALS - after)]
        else:
            slots = rng.sample(others, RIVALS * repeats + gold_repeats)
        if beside_answer:
            slots[:RIVALS] = [max(gold)] * RIVALS
        twins = []
        for k, value in enumerate(rivals * repeats + [q.answer] * gold_repeats):
            session = slots[k]
            frame = _MARKED if marked and value != q.answer else rng.choice(_PLAIN)
            person = _fresh_names(rng, taken, 1)[0]
            text = frame.format(
                name=holder,
                holder=holder,
                thing=attribute,
                attribute=attribute,
                place=value,
                value=value,
                person=person,
            )
            _say(q, session, text, rng)
            if value != q.answer:
                twins.append(Twin(kind="twin-rumour", session_index=session, value=value))
        q.typedmemeval = q.typedmemeval.model_copy(update={"twins": twins})
        planted += 1
    if planted < 10:
        return Skip("needs ten gold-bearing questions asking `… the <holder> <thing> now?`")
    return Planted(qs, note=f"{RIVALS} rivals in each of {planted} questions")


def marked_distractors(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    built = _with_rivals(corpus, rng, marked=True, repeats=1, gold_repeats=0)
    if isinstance(built, Planted):
        built.evidence = r"marker adversary picks the gold turn"
    return built


def unmarked_distractors(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    built = _with_rivals(corpus, rng, marked=False, repeats=1, gold_repeats=0)
    if isinstance(built, Planted):
        found = marker_adversary(rebuilt(corpus, built.questions))
        built.note += f"; marker adversary {found.auc:.4f} (shuffled {found.shuffled:.4f})"
    return built


def most_frequent_answer(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    built = _with_rivals(corpus, rng, marked=False, repeats=1, gold_repeats=REPEATS - 1)
    if isinstance(built, Planted):
        built.evidence = r"the most-frequent value of the key-word sentences is the answer"
    return built


def least_frequent_answer(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """The answer said once, where it was, and each rival said twice: the least said value is
    the answer."""
    built = _with_rivals(corpus, rng, marked=False, repeats=2, gold_repeats=0)
    if isinstance(built, Planted):
        built.evidence = r"the least-frequent value of the key-word sentences is the answer"
    return built


def rival_after_answer(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """Every value said once, one rival after the answer and the rest before it: the most
    recent value is never the answer, so its runner-up always is."""
    built = _with_rivals(corpus, rng, marked=False, repeats=1, gold_repeats=0, after=1)
    if isinstance(built, Planted):
        built.evidence = r"the second-most-recent value of the key-word sentences is the answer"
    return built


def two_rivals_after_answer(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """Every value said once, two rivals after the answer and the third before it: the answer
    is always the third most recent value, which no plain ordering picks."""
    built = _with_rivals(corpus, rng, marked=False, repeats=1, gold_repeats=0, after=2)
    if isinstance(built, Planted):
        built.evidence = r"the third-most-recent value of the key-word sentences is the answer"
    return built


def rivals_as_often(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """The answer and RIVALS rivals said together, in one rotated order, in the sentence
    stating the answer and in two random non-gold sessions: every value is said as often and
    as early and late as the others, and the answer takes each place of the order in turn, so
    no counting or position picks it more often than chance."""
    qs = copy_questions(corpus)
    taken = {w for q in qs for w in re.findall(r"[A-Z][a-z]+", q.question + " " + q.answer)}
    planted = 0
    for q in qs:
        asked = _asked(q)
        gold = _gold(q)
        others = [i for i in range(len(q.haystack_sessions)) if i not in gold]
        stating = next(
            (
                t
                for t in (q.haystack_sessions[max(gold)] if gold else [])
                if t.role == "user" and t.has_answer and q.answer in t.content
            ),
            None,
        )
        if asked is None or stating is None or len(others) < REPEATS - 1:
            continue
        holder, attribute = asked
        values = [q.answer, *_fresh_names(rng, taken, RIVALS)]
        turn = planted % len(values)
        order = values[turn:] + values[:turn]

        def chunk(
            answer_sentence: str,
            holder: str = holder,
            attribute: str = attribute,
            order: list[str] = order,
            answer: str = q.answer,
        ) -> list[str]:
            return [
                answer_sentence
                if v == answer
                else rng.choice(_PLAIN).format(
                    name=holder, thing=attribute, place=v, person=_fresh_names(rng, taken, 1)[0]
                )
                for v in order
            ]

        said = sentences(stating.content)
        at = next(k for k, text in enumerate(said) if q.answer in text)
        said[at : at + 1] = chunk(said[at])
        stating.content = " ".join(said)
        for session in rng.sample(others, REPEATS - 1):
            again = rng.choice(_PLAIN).format(
                name=holder, thing=attribute, place=q.answer, person=_fresh_names(rng, taken, 1)[0]
            )
            _say(q, session, " ".join(chunk(again)), rng)
        q.typedmemeval = q.typedmemeval.model_copy(
            update={
                "twins": [
                    Twin(kind="twin-rumour", session_index=max(gold), value=v) for v in values[1:]
                ]
            }
        )
        planted += 1
    if planted < 10:
        return Skip("needs ten gold-bearing questions asking `… the <holder> <thing> now?`")
    rows = heuristic_answerers(rebuilt(corpus, qs)).rows
    worst = max(rows, key=lambda r: r.lift)
    return Planted(
        qs,
        note=f"{RIVALS} rivals in each of {planted} questions; largest lift {worst.answerer} "
        f"{worst.lift:+.3f} (n={worst.n})",
    )


#: How an order is said, its first event as `first`: either side of either order word.
_ORDER_FRAMES = (
    "The {first} visit came before the {last} visit.",
    "The {last} visit came after the {first} visit.",
)


def _choice_shape() -> tuple[str, str] | None:
    """A (vertical key, shape) whose answer is a choice among the values its question names."""
    return next(
        (
            (v.key, shape.name)
            for v in VERTICALS
            for shape in v.shapes
            if v.answer_rules.form(shape.name) == "choice"
        ),
        None,
    )


def _order_sides(corpus: LoadedCorpus, rng: random.Random, *, leaning: bool) -> Planted | Skip:
    """Each gold-bearing question asks which of two fresh events came first; each event is
    ordered once, in a gold session, against a third event of its own. With `leaning`, the
    answer is always the first event of its statement and the other always the last (the two
    ends of a chain); without, each side is drawn at random."""
    found = _choice_shape()
    if found is None:
        return Skip("needs a shape whose answer form is a choice")
    vertical, shape = found
    qs = copy_questions(corpus)
    taken = {w for q in qs for w in re.findall(r"[A-Z][a-z]+", q.question + " " + q.answer)}
    planted = 0
    for q in qs:
        gold = _gold(q)
        if not gold:
            continue
        answer, other, *partners = _fresh_names(rng, taken, 4)
        for event, partner, first in (
            (answer, partners[0], True if leaning else rng.random() < 0.5),
            (other, partners[1], False if leaning else rng.random() < 0.5),
        ):
            pair = {"first": event, "last": partner} if first else {"first": partner, "last": event}
            _say(q, rng.choice(gold), rng.choice(_ORDER_FRAMES).format(**pair), rng)
        named = [answer, other] if rng.random() < 0.5 else [other, answer]
        q.question = f"Which came first, the {named[0]} visit or the {named[1]} visit?"
        q.answer = f"The {answer} visit came first."
        q.question_type = f"{vertical}-{shape}"
        q.typedmemeval = q.typedmemeval.model_copy(
            update={
                "vertical": vertical,
                "shape": shape,
                "twins": [
                    Twin(kind="twin-rumour", session_index=gold[0], value=f"{v} visit")
                    for v in (answer, other)
                ],
            }
        )
        planted += 1
    if planted < 10:
        return Skip("needs ten gold-bearing questions")
    return Planted(qs, note=f"in {planted} questions")


def chain_ends_asked(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    built = _order_sides(corpus, rng, leaning=True)
    if isinstance(built, Planted):
        built.evidence = r"the value the order words put first is the answer"
    return built


def order_sides_drawn(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return _order_sides(corpus, rng, leaning=False)


def fixed_offsets(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """Every gold session moved to FIXED_OFFSETS sessions from the end (ids and dates stay
    where they were; only the sessions' contents move)."""
    qs = copy_questions(corpus)
    moved = 0
    for q in qs:
        gold = _gold(q)
        n = len(q.haystack_sessions)
        if not gold or len(gold) > len(FIXED_OFFSETS) or n <= max(FIXED_OFFSETS):
            continue
        targets = [n - 1 - d for d in FIXED_OFFSETS[: len(gold)]]
        rest = iter([i for i in range(n) if i not in gold])
        source = dict(zip(targets, gold, strict=True))
        order = [source[i] if i in source else next(rest) for i in range(n)]
        q.haystack_sessions = [q.haystack_sessions[i] for i in order]
        q.answer_session_ids = [q.haystack_session_ids[i] for i in sorted(targets)]
        moved += 1
    if moved < 10:
        return Skip("needs ten gold-bearing questions with at least 13 sessions")
    return Planted(
        qs, evidence=r"position-only boosted model finds gold", note=f"in {moved} questions"
    )


_STOCK = (
    "That sounds like quite a conversation.",
    "Thanks for telling me.",
    "Did they convince you, in the end?",
)
_WORDS = {
    "who": "the baker the driver a neighbour the plumber a student the editor a painter".split(),
    "did": "fixed painted sold borrowed cleaned measured wrapped carried repaired sorted".split(),
    "what": "fence kettle ladder shelf radio window bench parcel drawer mirror lantern".split(),
    "how": "slowly twice carefully early gladly quietly together again properly".split(),
    "when": "after lunch before dinner on the way home by the river at the market".split(),
}


def _composed(rng: random.Random) -> str:
    """A sentence drawn from a small grammar with tens of thousands of wordings."""
    what = rng.sample(_WORDS["what"], 2)
    return (
        f"{rng.choice(_WORDS['who']).capitalize()} {rng.choice(_WORDS['did'])} the {what[0]} "
        f"{rng.choice(_WORDS['how'])} and the {what[1]} {rng.choice(_WORDS['when'])}."
    )


def stock_replies(corpus: LoadedCorpus, rng: random.Random) -> Planted:
    """Every assistant turn is one of three stock lines."""
    qs = copy_questions(corpus)
    for q in qs:
        for session in q.haystack_sessions:
            for turn in session:
                if turn.role == "assistant":
                    turn.content = rng.choice(_STOCK)
    return Planted(qs, evidence=r"skeleton", note=f"{len(_STOCK)} stock replies")


def varied_wording(corpus: LoadedCorpus, rng: random.Random) -> Planted:
    """Every turn rewritten from a grammar with many wordings (the language control)."""
    qs = copy_questions(corpus)
    for q in qs:
        for session in q.haystack_sessions:
            for turn in session:
                turn.content = " ".join(_composed(rng) for _ in range(rng.randint(1, 2)))
    figures = language_figures(rebuilt(corpus, qs))
    a, u = figures.assistant_turns, figures.user_sentences
    return Planted(
        qs,
        note=f"assistant turns: top {a.top_share:.2%}, distinct {a.distinct_share:.1%} "
        f"(n={a.n}); user sentences: top {u.top_share:.2%} (n={u.n})",
    )


SHORTCUT_PLANTS: tuple[Plant, ...] = (
    Plant(
        "marked distractors (rivals 'turned out to be wrong')",
        ("SHC003",),
        marked_distractors,
        history="2026.12 drafts: every distractor carried a fixed denial, the answer none",
        rules=("SHC003",),
    ),
    Plant(
        "rivals worded like the answer (must not refuse)",
        (),
        unmarked_distractors,
        rules=("SHC003",),
    ),
    Plant(
        "answer said three times, rivals once",
        ("SHC001",),
        most_frequent_answer,
        history="Forgetting 2026.12: the re-affirmed answer was the most frequent value",
        rules=("SHC001",),
    ),
    Plant(
        "answer said once, rivals twice",
        ("SHC001",),
        least_frequent_answer,
        history="Procedural 2026.12: an amended step's current steps were each said once, "
        "the replaced step and the rivals' steps more often",
        rules=("SHC001",),
    ),
    Plant(
        "one rival always said after the answer",
        ("SHC001",),
        rival_after_answer,
        history="Semantic 2026.12: a rival followed a chain's last link, so the second most "
        "recent value was the answer",
        rules=("SHC001",),
    ),
    Plant(
        "two rivals always said after the answer",
        ("SHC001",),
        two_rivals_after_answer,
        history="Bitemporal 2026.12: two later statements followed each belief, so the third "
        "most recent value was the answer",
        rules=("SHC001",),
    ),
    Plant(
        "rivals said as often as the answer (must not refuse)",
        (),
        rivals_as_often,
        rules=("SHC001",),
    ),
    Plant(
        "the answer always a chain's first event, the other its last",
        ("SHC004",),
        chain_ends_asked,
        history="Temporal 2026.12: occurrence-order asked about a chain's end, and counting "
        "sides answered 0.975 (n=20)",
        rules=("SHC004",),
    ),
    Plant(
        "order words' sides drawn at random (must not refuse)",
        (),
        order_sides_drawn,
        rules=("SHC004",),
    ),
    Plant(
        "gold at fixed offsets from the end",
        ("SHC002",),
        fixed_offsets,
        history="WorkingMemory 2026.12: gold at exactly 8, 15, 25, 40 or 60 from the end",
        rules=("SHC002",),
    ),
    Plant(
        "three stock replies",
        ("LNG001", "LNG002"),
        stock_replies,
        history="2026.12 drafts: 50,753 assistant turns reduce to 5,287 skeletons",
        rules=("LNG001", "LNG002"),
    ),
    Plant(
        "every turn from a varied grammar (must not refuse)",
        (),
        varied_wording,
        rules=("LNG001", "LNG002"),
    ),
)
