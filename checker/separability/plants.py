"""Planted defects for the V7 self-test: each is a tell the source documents shipped (or a
case the gate must not refuse), written so it can be planted into any corpus that passes.

A plant returns the modified questions, the exemptions to declare, and optionally a stamped
record; `expect` says which rule must refuse it (and, where the history makes it matter, which
must not — e.g. role order must be caught by the distribution test even though its pooled AUC
passes). Plants that need a structure the base corpus lacks (enough G ≥ 2 questions, a role
with three turns) are skipped with the reason.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from checker.family import VERTICALS, Vertical
from checker.formats.corpus import Question, Turn, TypedMemEvalBlock
from checker.formats.ids import DATE_FORMAT, pair_id, question_id
from checker.formats.separability import Exemption, SeparabilityRecord
from checker.load import LoadedCorpus, parse_date
from checker.separability.features import glyph_label
from checker.separability.policy import RECURRENCE_SHARE
from checker.text import STOPWORDS, raw_tokens

#: Share of gold-bearing questions a minority tell is planted into.
MINORITY = 0.30


@dataclass
class Planted:
    questions: list[Question]
    exemptions: list[Exemption] = field(default_factory=list)
    stamped: SeparabilityRecord | None = None
    #: What to print beside the verdict (e.g. the pooled figure a tell hides behind).
    note: str = ""
    #: Which finding proves the expected rule fired for this defect (regex on the message).
    evidence: str = ""
    #: Codes that must stay silent (the history pins which test catches the defect).
    silent: tuple[str, ...] = ()
    #: Regex a finding of a silent code must match to count against the plant ("" = any).
    silent_evidence: str = ""
    #: Exemptions of the base (by the name they give) not honoured for this plant.
    withdraw: tuple[str, ...] = ()


@dataclass(frozen=True)
class Skip:
    reason: str


@dataclass(frozen=True)
class Plant:
    name: str
    #: Rule codes of which at least one must refuse; empty = must not be refused at all.
    expect: tuple[str, ...]
    build: Callable[[LoadedCorpus, random.Random], Planted | Skip]
    #: Whether the learned adversaries (SEP004, SEP008, SEP009) must run for this case.
    adversary: bool = False
    #: The defect in docs/history.md this plant re-creates.
    history: str = ""
    #: The rules run on the planted copy, when not the V7 table (plants of other families).
    rules: tuple[str, ...] = ()


def copy_questions(corpus: LoadedCorpus) -> list[Question]:
    return [q.model_copy(deep=True) for q in corpus.questions]


def _gold(q: Question) -> list[int]:
    gold = set(q.answer_session_ids)
    return [i for i, sid in enumerate(q.haystack_session_ids) if sid in gold]


def _eligible(questions: list[Question]) -> list[int]:
    return [qi for qi, q in enumerate(questions) if 1 <= len(_gold(q)) < len(q.haystack_sessions)]


def _minority(questions: list[Question], rng: random.Random) -> list[int]:
    eligible = _eligible(questions)
    return sorted(rng.sample(eligible, max(1, math.ceil(MINORITY * len(eligible)))))


def _role_turns(session: list[Turn], role: str) -> list[Turn]:
    return [t for t in session if t.role == role]


def _vocabulary(corpus: LoadedCorpus) -> set[str]:
    words = {t for q in corpus.session_raw_tokens for s in q for t in s}
    for q in corpus.questions:
        words.update(raw_tokens(q.question + " " + q.answer))
    return words


def _absent(corpus: LoadedCorpus, choices: list[str]) -> str | None:
    vocab = _vocabulary(corpus)
    for choice in choices:
        if not set(raw_tokens(choice)) & vocab:
            return choice
    return None


_SYLLABLES = "zor vek tam qui lun dra pim sol vor kes bax gri mun tel yas fod".split()


def _invented(rng: random.Random, taken: set[str]) -> str:
    """A lower-case word of three invented syllables (4096 of them) not yet used."""
    for _ in range(10_000):
        word = "".join(rng.choice(_SYLLABLES) for _ in range(3))
        if word not in taken:
            taken.add(word)
            return word
    raise RuntimeError("ran out of invented words; the base corpus is too large for this plant")


def _first_turn(session: list[Turn], role: str) -> Turn | None:
    turns = _role_turns(session, role)
    return turns[0] if turns else None


# --- the defects ---------------------------------------------------------------------------


def marker_on_gold(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    word = _absent(corpus, ["ledgered", "tagmark", "zephyrine", "quillmark"])
    if word is None:
        return Skip("no marker word is absent from the corpus")
    qs = copy_questions(corpus)
    for q in qs:
        for i in _gold(q):
            last = q.haystack_sessions[i][-1]
            last.content = f"{last.content} [{word}]"
    return Planted(qs, evidence=rf"^ngram:{word}:")


def acknowledgement_word(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    word = _absent(corpus, ["Noted", "Logged", "Recorded", "Acknowledged", "Filed"])
    if word is None:
        return Skip("every acknowledgement word already occurs in the corpus")
    qs = copy_questions(corpus)
    for q in qs:
        for i in _gold(q):
            turn = _first_turn(q.haystack_sessions[i], "assistant")
            if turn is not None:
                turn.content = f"{word}. {turn.content}"
    return Planted(qs, evidence=rf"^ngram:{word.lower()}:")


def gold_glyph(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    present = {
        c for q in corpus.questions for s in q.haystack_sessions for t in s for c in t.content
    }
    glyph = next((g for g in ("\u2014", "\u00a7", "\u2022", "\u00b6") if g not in present), None)
    if glyph is None:
        return Skip("every candidate glyph already occurs in the corpus")
    qs = copy_questions(corpus)
    for q in qs:
        for i in _gold(q):
            turn = _first_turn(q.haystack_sessions[i], "user") or q.haystack_sessions[i][0]
            turn.content = f"{turn.content} {glyph}"
    return Planted(qs, evidence=re.escape(f"glyph[{glyph_label(glyph)}]:"))


def _session_chars(session: list[Turn]) -> int:
    return sum(len(t.content) for t in session)


def _pad_beyond(session: list[Turn], limit: int) -> None:
    """Append copies of the session's own last non-empty turn text until it exceeds `limit`."""
    source = next((t.content for t in reversed(session) if t.content.strip()), "and so on.")
    while _session_chars(session) <= limit:
        session[-1].content = f"{session[-1].content} {source}"


def length_pooling_hides(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    for qi, q in enumerate(qs):
        # Haystack lengths drift across questions (1x..9x), as they do between shapes …
        repeat = 1 + 2 * (qi % 5)
        for session in q.haystack_sessions:
            for t in session:
                if t.content.strip():
                    t.content = " ".join([t.content] * repeat)
        # … and gold is the longest session of its own haystack.
        gold = _gold(q)
        if gold and len(gold) < len(q.haystack_sessions):
            longest = max(
                _session_chars(s) for i, s in enumerate(q.haystack_sessions) if i not in gold
            )
            for i in gold:
                _pad_beyond(q.haystack_sessions[i], longest)
    return Planted(qs, evidence=r"^session\.chars:")


def _swap_slots(corpus: LoadedCorpus, first_slot: int) -> Planted | Skip:
    """Within one role, order two turn slots longer-first in gold and shorter-first in filler:
    the role and session totals are untouched, only the slices differ."""
    need = first_slot + 2
    for role in ("user", "assistant"):
        sessions = [s for q in corpus.questions for s in q.haystack_sessions]
        enough = sum(len(_role_turns(s, role)) >= need for s in sessions)
        if sessions and enough / len(sessions) >= 0.8:
            break
    else:
        return Skip(f"no role has {need} turns in 80% of sessions")
    qs = copy_questions(corpus)
    for q in qs:
        gold = set(_gold(q))
        for i, session in enumerate(q.haystack_sessions):
            turns = _role_turns(session, role)
            if len(turns) < need:
                continue
            a, b = turns[first_slot], turns[first_slot + 1]
            longer_first = len(a.content) >= len(b.content)
            if longer_first != (i in gold):
                a.content, b.content = b.content, a.content
    slot = first_slot + 1
    return Planted(
        qs,
        evidence=rf"^{role}\.turn({slot}|{slot + 1})\.",
        silent=("SEP001", "SEP002"),
        silent_evidence=rf"^(session|{role})\.(chars|tokens|sentences|mean_turn_chars):",
        note=f"tell placed in {role} turns {slot} and {slot + 1}",
    )


def slice_tell(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return _swap_slots(corpus, 1)


def first_turn_tell(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return _swap_slots(corpus, 0)


def role_order(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    for qi in _minority(qs, rng):
        q = qs[qi]
        for i in _gold(q):
            session = q.haystack_sessions[i]
            for k in range(1, len(session) - 1):
                if session[k].role != session[k + 1].role:
                    session[k], session[k + 1] = session[k + 1], session[k]
                    break
    return Planted(
        qs,
        evidence=r"^roles\.sequence",
        silent=("SEP001",),
        silent_evidence=r"^roles\.",
        note="role counts unchanged; within-role turn order unchanged",
    )


def stopword_bigram(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    vocab_pairs: set[tuple[str, str]] = set()
    for per_question in corpus.session_raw_tokens:
        for tokens in per_question:
            vocab_pairs.update(itertools.pairwise(tokens))
    bigram = next(
        (
            b
            for b in ("i have", "on the", "we had", "it was", "as we", "so i", "of our", "to be")
            if tuple(b.split()) not in vocab_pairs
        ),
        None,
    )
    if bigram is None:
        return Skip("every candidate stopword bigram already occurs in the corpus")
    qs = copy_questions(corpus)
    for q in qs:
        for i in _gold(q):
            turn = _first_turn(q.haystack_sessions[i], "user") or q.haystack_sessions[i][0]
            turn.content = f"{bigram.capitalize()}, {turn.content}"
    return Planted(qs, evidence=rf"^ngram:{bigram}:")


def across_boundary(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    gold_with = 0
    filler_with = 0
    for q in qs:
        gold = set(_gold(q))
        for i, session in enumerate(q.haystack_sessions):
            turn = _first_turn(session, "user") or session[0]
            clauses = ["(Or near enough.)", "(Also on my mind.)"]
            if i not in gold:
                clauses.reverse()
            turn.content = f"{turn.content} {' '.join(clauses)}"
            flat = raw_tokens(" ".join(t.content for t in session))
            phantom = ("enough", "also") in set(itertools.pairwise(flat))
            if i in gold:
                gold_with += phantom
            else:
                filler_with += phantom
    return Planted(
        qs,
        note=(
            "a flat token stream would read 'enough also' in "
            f"{gold_with} gold and {filler_with} distractor sessions"
        ),
    )


def exclusive_at_g2(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    phrase = _absent(corpus, ["for the record", "by the ledger", "as it stands"])
    phrase = phrase or "for the record"
    qs = copy_questions(corpus)
    pool = sorted(
        (qi for qi in _eligible(qs) if len(_gold(qs[qi])) >= 2),
        key=lambda qi: (len(_gold(qs[qi])) != 2, qi),
    )
    wanted = math.ceil(max(MINORITY, RECURRENCE_SHARE + 0.05) * len(qs))
    if len(pool) < wanted:
        return Skip(f"needs {wanted} questions with G >= 2, the corpus has {len(pool)}")
    for qi in pool[:wanted]:
        session = qs[qi].haystack_sessions[_gold(qs[qi])[0]]
        turn = _first_turn(session, "user") or session[0]
        turn.content = f"{phrase.capitalize()}, {turn.content}"
    return Planted(
        qs,
        evidence=rf"^phrase '{phrase}'",
        silent=("SEP001", "SEP002"),
        silent_evidence=rf"^ngram:{phrase}:",
        note="one of two gold sessions carries it, so no question splits perfectly",
    )


def type_token(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    taken = _vocabulary(corpus)
    for q in qs:
        gold = set(_gold(q))
        for i, session in enumerate(q.haystack_sessions):
            turn = _first_turn(session, "user") or session[0]
            if i in gold:
                words = [_invented(rng, taken) for _ in range(8)]
            else:
                words = [_invented(rng, taken)] * 8
            turn.content = f"{turn.content} {' '.join(words)}"
    return Planted(qs, evidence=r"type_token_ratio:")


def punctuation(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    for q in qs:
        for i in _gold(q):
            for t in q.haystack_sessions[i]:
                if t.content.strip():
                    t.content = f"{t.content},"
    return Planted(qs, evidence=r"punctuation_density:")


def minority_bimodal(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    chosen = _minority(qs, rng)
    for n, qi in enumerate(chosen):
        q = qs[qi]
        gold = set(_gold(q))
        sessions = q.haystack_sessions
        if n % 2 == 0:  # gold the longest session of its haystack
            longest = max(_session_chars(s) for i, s in enumerate(sessions) if i not in gold)
            for i in gold:
                _pad_beyond(sessions[i], longest)
        else:  # gold the shortest
            longest_gold = max(_session_chars(sessions[i]) for i in gold)
            for i, s in enumerate(sessions):
                if i not in gold:
                    _pad_beyond(s, longest_gold)
    return Planted(
        qs,
        evidence=r"^session\.chars:",
        silent=("SEP001",),
        silent_evidence=r"^session\.chars:",
        note="gold is the longest session in half the chosen questions, the shortest in the rest",
    )


def _gold_first(corpus: LoadedCorpus) -> list[Question]:
    """Move gold sessions to the front of each haystack; ids and dates stay in place, so every
    encoding of position (index, id number, timestamp rank, first flag) now marks gold."""
    qs = copy_questions(corpus)
    for q in qs:
        gold = _gold(q)
        order = gold + [i for i in range(len(q.haystack_sessions)) if i not in gold]
        q.haystack_sessions = [q.haystack_sessions[i] for i in order]
        q.answer_session_ids = [q.haystack_session_ids[k] for k in range(len(gold))]
    return qs


POSITION_REASON = (
    "gold position is this corpus's declared independent variable (distance from the question)"
)


def position_unexempt(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    declared = corpus.sidecar.exemptions if corpus.sidecar is not None else []
    withdrawn = any(e.feature == "position" for e in declared)
    return Planted(
        _gold_first(corpus),
        evidence=r"^position\.",
        withdraw=("position",),
        note="the base's own exemption of the position family withdrawn" if withdrawn else "",
    )


def position_exempt(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return Planted(
        _gold_first(corpus),
        exemptions=[Exemption(feature="position", reason=POSITION_REASON)],
        note="position family exempt with a reason",
    )


def exemption_without_reason(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return Planted(
        _gold_first(corpus),
        exemptions=[Exemption(feature="position", reason="  ")],
        evidence=r"^exemption of 'position' gives no reason",
        note="and, not honoured, the position tell is refused as well",
    )


def exemption_names_nothing(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return Planted(
        copy_questions(corpus),
        exemptions=[Exemption(feature="postion", reason="misspelt family name")],
        evidence=r"^exemption of 'postion'",
    )


def minute_tell(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    moved = 0
    for q in qs:
        gold = set(_gold(q))
        used = {d[-2:] for i, d in enumerate(q.haystack_dates) if i not in gold}
        minute = next((f"{m:02d}" for m in (37, 53, 11, 29, 47) if f"{m:02d}" not in used), None)
        if minute is None:
            continue
        dates = list(q.haystack_dates)
        for i in gold:
            dates[i] = dates[i][:-2] + minute
        if dates == sorted(dates):
            q.haystack_dates = dates
            moved += 1
    if moved < 0.8 * len(_eligible(qs)):
        return Skip("too few questions where gold's minute can move without reordering")
    return Planted(qs, evidence=r"^date\.")


def session_id_shape(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    for q in qs:
        gold = _gold(q)
        ids = list(q.haystack_session_ids)
        for i in gold:
            ids[i] = re.sub(r"-s(\d+)$", lambda m: f"-s{int(m.group(1)):04d}", ids[i])
            if ids[i] == q.haystack_session_ids[i]:
                ids[i] = f"{ids[i]}g"
        q.haystack_session_ids = ids
        q.answer_session_ids = [ids[i] for i in gold]
    return Planted(qs, evidence=r"^session_id\.")


def empty_exchange(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    for q in qs:
        for i in _gold(q):
            q.haystack_sessions[i].extend(
                [
                    Turn(role="user", content="", has_answer=False),
                    Turn(role="assistant", content="", has_answer=False),
                ]
            )
    return Planted(qs, evidence=r"^session\.(turns|empty_turns):")


def filler_clause(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    clause = _absent(corpus, ["see earlier notes", "cross reference pending"])
    if clause is None:
        return Skip("the clause words already occur in the corpus")
    qs = copy_questions(corpus)
    for q in qs:
        gold = set(_gold(q))
        for i, session in enumerate(q.haystack_sessions):
            if i not in gold:
                session[-1].content = f"{session[-1].content} ({clause.capitalize()}.)"
    return Planted(qs, evidence=rf"^ngram:{clause.split()[0]}.*gold-low")


def _shared_haystacks(questions: list[Question]) -> list[list[int]]:
    """Question indices grouped by haystack: the arms of a before/after pair (same session ids,
    gold and question text) form one group, which the gate measures once."""
    groups: dict[tuple[object, ...], list[int]] = {}
    for qi, q in enumerate(questions):
        key = (tuple(q.haystack_session_ids), tuple(q.answer_session_ids), q.question)
        groups.setdefault(key, []).append(qi)
    return list(groups.values())


def gold_value_bank(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    taken = _vocabulary(corpus)
    # Planted once per distinct haystack and copied to its other arms: the gate counts a shared
    # haystack once, so the recurrence floor is a share of distinct haystacks, and arms that
    # differed would no longer be one observation.
    groups = _shared_haystacks(qs)
    ok = set(_eligible(qs))
    eligible = [g for g in groups if g[0] in ok]
    floor = RECURRENCE_SHARE * len(groups)
    size = next(k for k in range(2, len(eligible) + 2) if math.ceil(len(eligible) / k) < floor)
    bank = [_invented(rng, taken) for _ in range(size)]
    for n, group in enumerate(eligible):
        gold = set(_gold(qs[group[0]]))
        for i, session in enumerate(qs[group[0]].haystack_sessions):
            word = bank[n % size] if i in gold else _invented(rng, taken)
            turn = _first_turn(session, "user") or session[0]
            turn.content = f"{turn.content} It was the {word} one."
    for group in groups:
        if group[0] not in ok:
            for session in qs[group[0]].haystack_sessions:
                turn = _first_turn(session, "user") or session[0]
                turn.content = f"{turn.content} It was the {_invented(rng, taken)} one."
        for qi in group[1:]:
            qs[qi].haystack_sessions = [
                [t.model_copy() for t in session] for session in qs[group[0]].haystack_sessions
            ]
    share = math.ceil(len(eligible) / size) / len(groups)
    return Planted(
        qs,
        evidence=r"^learned ngram adversary",
        silent=("SEP001", "SEP002", "SEP003"),
        note=f"{size} gold-only value words, each in at most {share:.0%} of distinct haystacks "
        f"(below the {RECURRENCE_SHARE:.0%} recurrence floor)",
    )


def tampered_record(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    from checker.separability.gate import measure_separability

    stamped = measure_separability(corpus, [], adversary=False)
    rows = list(stamped.features)
    first = rows[0]
    rows[0] = first.model_copy(update={"auc": round(min(1.0, first.auc + 0.05), 4)})
    return Planted(
        copy_questions(corpus),
        stamped=stamped.model_copy(update={"features": rows}),
        evidence=rf"^{re.escape(first.feature)}: stamped AUC",
    )


def whitespace_tell(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    qs = copy_questions(corpus)
    for q in qs:
        gold = _gold(q)
        if not gold:
            continue
        session = q.haystack_sessions[gold[0]]
        turn = next((t for t in session if " " in t.content), None)
        if turn is not None:
            turn.content = turn.content.replace(" ", "  ", 1)
    return Planted(
        qs,
        evidence=r"glyph\[space-run\]:",
        note="one doubled space in one turn of one gold session per question; nothing else",
    )


_MENTION = "I keep meaning to ask about the {about} again."
_MENTION_THINGS = ("parcel", "invoice", "voucher", "permit", "ticket", "booking")


def _asked_topic(q: Question) -> str:
    """The asked topic: the question's words, as it spells them, that are not stopwords and
    that its first gold session says too (in the synthetic base, an invented name and a
    thing)."""
    said = {t for turn in q.haystack_sessions[_gold(q)[0]] for t in raw_tokens(turn.content)}
    words = re.findall(r"[A-Za-z0-9]+", q.question)
    return " ".join(w for w in words if w.lower() in said and w.lower() not in STOPWORDS)


def modal_topic(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    """Every session gets one mention sentence in the same construction; in a few distractors
    it mentions the asked topic, everywhere else an invented one. No session differs from
    another in what it says or how, only the asked topic now recurs most in its haystack."""
    qs = copy_questions(corpus)
    taken = _vocabulary(corpus)
    planted = 0
    for q in qs:
        gold = set(_gold(q))
        if not gold or len(gold) == len(q.haystack_sessions):
            continue
        topic = _asked_topic(q)
        if not topic:
            continue
        distractors = [i for i in range(len(q.haystack_sessions)) if i not in gold]
        near = set(rng.sample(distractors, min(len(distractors), 3 + len(distractors) // 8)))
        for i, session in enumerate(q.haystack_sessions):
            if i in near:
                about = topic
            else:
                about = f"{_invented(rng, taken).capitalize()} {rng.choice(_MENTION_THINGS)}"
            turn = (_role_turns(session, "user") or session)[-1]
            turn.content = f"{turn.content} {_MENTION.format(about=about)}"
        planted += 1
    if not planted:
        return Skip("no question has both gold and distractor sessions")
    return Planted(
        qs,
        evidence=r"^haystack-relative adversary",
        silent=("SEP001", "SEP002", "SEP003", "SEP004"),
        note="every session carries one mention in one construction; only its subject repeats",
    )


def _paired_vertical() -> tuple[Vertical, str] | None:
    """A vertical whose answer class is the arm of a before/after pair, and a shape of it whose
    questions need no block fields beyond the pair's."""
    for v in VERTICALS:
        if v.pairing is None or v.answer_class is None or v.answer_class.field != "arm":
            continue
        for shape in v.shapes:
            if set(v.required_for(shape.name)) <= {"pair_id", "arm"} and not shape.negative_gold:
                return v, shape.name
    return None


def paired_arms(corpus: LoadedCorpus, rng: random.Random, *, dates_tell: bool) -> Planted | Skip:
    """Each gold-bearing question asked twice, as the two arms of a before/after pair over one
    haystack, gold and question text. With `dates_tell` the first arm is asked within two days
    of the last session and the second three to ten days after it (the shipped Prospective
    draft's tell); without it both arms draw their delay from one range."""
    found = _paired_vertical()
    if found is None:
        return Skip("no vertical declares a before/after arm as its answer class")
    vertical, shape = found
    assert vertical.pairing is not None
    pairing = vertical.pairing
    base = [q for q in corpus.questions if 1 <= len(_gold(q)) < len(q.haystack_sessions)]
    base = base[:99]  # pair ids have two digits
    if len(base) < 8:
        return Skip(f"needs 8 gold-bearing questions to pair, the corpus has {len(base)}")
    revision = "2026.12"
    out: list[Question] = []
    for k, q in enumerate(base):
        last = parse_date(q.haystack_dates[-1])
        if last is None:
            return Skip(f"{q.question_id}: a session date does not parse")
        pid = pair_id(vertical.abbrev, revision, k + 1)
        for a, arm in enumerate((pairing.first_arm, pairing.second_arm)):
            if dates_tell:
                hours = rng.uniform(2, 40) if a == 0 else rng.uniform(3 * 24, 10 * 24)
            else:
                hours = rng.uniform(2, 10 * 24)
            copy = q.model_copy(deep=True)
            copy.question_id = question_id(vertical.abbrev, revision, 2 * k + a + 1)
            copy.question_type = f"{vertical.key}-{shape}"
            copy.question_date = (last + timedelta(hours=hours)).strftime(DATE_FORMAT)
            copy.typedmemeval = TypedMemEvalBlock(
                vertical=vertical.key, shape=shape, pair_id=pid, arm=arm
            )
            out.append(copy)
    note = (
        "first arms asked 2-40 hours after the last session, second arms 3-10 days after"
        if dates_tell
        else "both arms asked 2 hours to 10 days after the last session"
    )
    return Planted(
        out,
        evidence=r"^answer arm predicted from metadata alone" if dates_tell else "",
        silent=("SEP001", "SEP002", "SEP003", "SEP004", "SEP008"),
        note=f"{len(base)} pairs over the base's haystacks; {note}",
    )


def arm_from_question_date(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return paired_arms(corpus, rng, dates_tell=True)


def arms_alike(corpus: LoadedCorpus, rng: random.Random) -> Planted | Skip:
    return paired_arms(corpus, rng, dates_tell=False)


PLANTS: tuple[Plant, ...] = (
    Plant(
        "marker string on gold only",
        ("SEP001",),
        marker_on_gold,
        history="v1: a clause on every distractor and never on gold",
    ),
    Plant(
        "gold-only acknowledgement word",
        ("SEP001",),
        acknowledgement_word,
        history="v2: 'Noted' in gold only, AUC 1.000",
    ),
    Plant("gold-only glyph", ("SEP001",), gold_glyph, history="v2: the em dash, 0.95"),
    Plant(
        "within-question length tell that pooling hides",
        ("SEP001",),
        length_pooling_hides,
        history="v2: 0.616 pooled across questions, 0.903 within",
    ),
    Plant(
        "per-turn slice tell the session total hides",
        ("SEP001", "SEP002"),
        slice_tell,
        history="v3: each role's total equalised, the slots not",
    ),
    Plant(
        "first-turn tell",
        ("SEP001", "SEP002"),
        first_turn_tell,
        history="v3: the first user turn's length at 1.000",
    ),
    Plant(
        "role-order tell with equal counts",
        ("SEP002",),
        role_order,
        history="v4: u|a|a|u|a in gold, u|a|u|a|a in filler; pooled 0.6152",
    ),
    Plant(
        "stopword bigram marker",
        ("SEP001",),
        stopword_bigram,
        history="v3: 'i have' unrepresentable by a stopword-dropping tokenizer",
    ),
    Plant(
        "phrase across a punctuation boundary (must not refuse)",
        (),
        across_boundary,
        adversary=True,
        history="v5 review: the phantom 'near enough also'",
    ),
    Plant(
        "gold-exclusive phrase at G=2",
        ("SEP003",),
        exclusive_at_g2,
        history="v4: 'for the record' in 15 gold sessions, 0 distractors, AUC capped 0.75",
    ),
    Plant(
        "type-token tell",
        ("SEP001", "SEP002"),
        type_token,
        history="v4: type/token ratio perfect in 24% of questions, pooled 0.602",
    ),
    Plant(
        "punctuation tell",
        ("SEP001", "SEP002"),
        punctuation,
        history="v4: punctuation density, 14 perfect against 6.1 expected",
    ),
    Plant(
        "perfect separation in a minority, harmless pooled AUC",
        ("SEP002",),
        minority_bimodal,
        history="v3: turn length pooled 0.527, perfect in 54%",
    ),
    Plant(
        "exemption of a feature with no reason",
        ("SEP005",),
        exemption_without_reason,
        history="v4: an exemption beside a reason about something else",
    ),
    Plant(
        "feature exempt with a reason (must not refuse)",
        (),
        position_exempt,
        adversary=True,
        history="WorkingMemory: position is the independent variable",
    ),
    Plant(
        "position tell without an exemption",
        ("SEP001",),
        position_unexempt,
        history="WorkingMemory pinned its fact to session 0",
    ),
    Plant("exemption naming nothing", ("SEP007",), exemption_names_nothing),
    Plant(
        "timestamp minute tell",
        ("SEP001", "SEP002"),
        minute_tell,
        history="metadata: session times are features too",
    ),
    Plant(
        "session-id shape tell",
        ("SEP001", "SEP002"),
        session_id_shape,
        history="metadata: session ids are features too",
    ),
    Plant(
        "empty exchange appended to gold only",
        ("SEP001",),
        empty_exchange,
        history="v3: padding only where a free turn was missing, turn count 1.000",
    ),
    Plant(
        "filler-only clause (absence marks gold)",
        ("SEP001",),
        filler_clause,
        history="v1/v3: a filler trigram at 0.990 under a 'reported, not refused' carve-out",
    ),
    Plant(
        "gold value bank below the recurrence floor",
        ("SEP004",),
        gold_value_bank,
        adversary=True,
        history="Forgetting v5: gold value names recur, the table is blind",
    ),
    Plant(
        "whitespace tell: a doubled space in one gold turn",
        ("SEP001", "SEP002"),
        whitespace_tell,
        history="issue 13: a run of spaces, a tab or a non-breaking space is a glyph too",
    ),
    Plant(
        "modal-topic target (the haystack's centre of mass)",
        ("SEP008",),
        modal_topic,
        adversary=True,
        history="2026.12 drafts: the asked pair the haystack's most repeated, gold at 0.99",
    ),
    Plant(
        "arm readable from the question date",
        ("SEP009",),
        arm_from_question_date,
        adversary=True,
        history="2026.12 Prospective: the gap after the last session tells the arm, AUC 0.98",
    ),
    Plant(
        "pair arms asked at dates drawn alike (must not refuse)",
        (),
        arms_alike,
        adversary=True,
        history="the arm's metadata could have come from the other arm",
    ),
    Plant(
        "stamped record disagrees with re-measurement",
        ("SEP006",),
        tampered_record,
        history="a record nobody re-runs is a claim",
    ),
)
