"""The Episodic generator: byte-identical regeneration, shapes and counts of SPEC §3, gold the
checker re-derives (who said it, the order of mention), assistant-stated values no user ever
says, attribution whose public fields carry nothing of the arm, lists decoupled from recency
with a rival list beside them, and a refused corpus that is never written."""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from checker.api import check_corpus
from checker.family import BY_KEY
from checker.formats.corpus import Question
from checker.load import parse_date
from checker.registry import get_rule
from checker.retrieval.strips import is_keyword_sentence
from checker.rules.leaks import PRODUCTION_WORDS
from checker.text import bm25_tokens, raw_tokens, sentences
from corpora.generate.core.bank import OTHER_PEOPLE, RELATIONS, BankError
from corpora.generate.core.names import TOWN, kind_of, refusal
from corpora.generate.core.pipeline import generate
from corpora.generate.core.render import RenderedSession, fill, speaker_person
from corpora.generate.core.seasons import out_of_season
from corpora.generate.core.seasons import sentences as season_sentences
from corpora.generate.core.stamp import (
    corpus_file,
    corpus_text,
    in_memory,
    sidecar_file,
)
from corpora.generate.core.vertical import Built, Levers
from corpora.generate.core.wording import expansions
from corpora.generate.core.world import MENTION, TWIN_OTHERS, Gender, Move, Person
from corpora.generate.episodic import exchanges
from corpora.generate.episodic import generator as episodic
from corpora.generate.episodic.exchanges import (
    ATTRIBUTION_FRAMES,
    EPISODIC_ANSWER_WORDS,
    EPISODIC_BANK,
    EPISODIC_FAMILIES,
    EPISODIC_FRAMES,
    ITEM,
    ITEM_OTHERS,
    LIST_FRAMES,
    ORDER_WORDS,
    PROPOSAL,
    REQUEST,
    REQUEST_OTHERS,
    EpisodicFamily,
    check_exchanges,
)
from tests.generate.conftest import (
    as_shipped,
    digest_in_another_process,
    passing_attempt,
    shared_gate_refusals,
)

ROOT = Path(__file__).resolve().parents[2]
REVISION = "2026.12"
SHIPPED = ROOT / "corpora" / corpus_file("episodic", REVISION)
SHIPPED_SIDECAR = ROOT / "corpora" / sidecar_file("episodic", REVISION)
#: A few questions of every shape, an attribution triple among them.
SMALL = frozenset({1, 2, 21, 22, 36, 37, 38})
AS, LO, PA = episodic.AS, episodic.LO, episodic.PA
PROFILE = BY_KEY["episodic"]
NOUNS = sorted({r.noun for r in RELATIONS}, key=len, reverse=True)
#: Everyone a twin of someone else's fact can name, each gender a drawn one can take.
ALL_OTHERS: list[tuple[str, Gender]] = [
    (noun, gender)
    for noun, fixed in OTHER_PEOPLE
    for gender in ((fixed,) if fixed is not None else ("f", "m"))
]
HOLDER = re.compile(r"\bmy (" + "|".join(map(re.escape, NOUNS)) + r")\b", re.I)


def small(seed: int = episodic.SEED) -> Built:
    return episodic.build(seed, REVISION, episodic.GENERATOR.levers[0], only=SMALL)


def _digest(built: Built) -> str:
    return hashlib.sha256(corpus_text(built.questions).encode()).hexdigest()


def _findings(questions: list[Question], codes: tuple[str, ...]) -> list[str]:
    _, loaded = in_memory(questions)
    rules = [get_rule(code) for code in codes]
    return [f"{f.code} {f.question_id}: {f.message}" for f in check_corpus(loaded, None, rules)]


def _gold(q: Question) -> list[int]:
    return [q.haystack_session_ids.index(sid) for sid in q.answer_session_ids]


def _value(q: Question, built: Built) -> str:
    """The invented value an assistant-stated or attribution answer names."""
    issued = {n.lower() for n in built.names.issued}
    words = [w for w in re.findall(r"\b[A-Z][a-z]+\b", q.answer) if w.lower() in issued]
    assert len(words) == 1, (q.question_id, q.answer)
    return words[0]


def _says(turn_text: str, value: str) -> bool:
    return value.lower() in raw_tokens(turn_text)


# --- regeneration ----------------------------------------------------------------------------


def test_a_small_corpus_regenerates_byte_for_byte() -> None:
    first = small()
    assert {q.typedmemeval.shape for q in first.questions} == {AS, LO, PA}
    assert corpus_text(small().questions) == corpus_text(first.questions)
    assert _digest(small(seed=1)) != _digest(first)


def test_another_process_with_another_hash_seed_writes_the_same_bytes() -> None:
    assert digest_in_another_process("tests.generate.test_episodic") == _digest(small())


@pytest.mark.skipif(not SHIPPED.is_file(), reason="no shipped Episodic corpus yet")
def test_the_shipped_corpus_is_what_the_generator_builds() -> None:
    """The shipped bytes are the build at the competition setting its trace says passed, with
    the ladder's verdicts stamped as the gate stamps them."""
    attempt = passing_attempt(SHIPPED_SIDECAR)
    g = episodic.GENERATOR
    built = episodic.build(g.seed, REVISION, g.levers[attempt - 1])
    shipped = as_shipped(built.questions, SHIPPED)
    assert shipped == SHIPPED.read_bytes()


# --- shapes and counts -----------------------------------------------------------------------


def test_shapes_counts_and_haystack_sizes(episodic_corpus: Built) -> None:
    questions = episodic_corpus.questions
    counts = Counter(q.typedmemeval.shape for q in questions)
    assert counts == {s.name: s.count for s in PROFILE.shapes} == {AS: 20, LO: 15, PA: 15}
    lengths = []
    for q in questions:
        gold = _gold(q)
        h = len(q.haystack_sessions) - len(gold)
        assert 15 <= h <= 25, (q.question_id, h)
        if q.typedmemeval.shape == LO:
            lengths.append(len(gold))
            assert q.typedmemeval.difficulty == episodic.difficulty_band(len(gold))
            assert q.typedmemeval.difficulty_dial == "dispersion"
        else:
            assert len(gold) == 1 and q.typedmemeval.difficulty is None
    assert sorted(lengths) == sorted(episodic.LIST_LENGTHS)
    assert all(4 <= n <= 7 for n in lengths)
    arms = Counter(q.typedmemeval.stated_by for q in questions if q.typedmemeval.shape == PA)
    assert arms == {"user": 5, "assistant": 5, "both": 5}
    assert {q.typedmemeval.stated_by for q in questions if q.typedmemeval.shape == AS} == {
        "assistant"
    }


def test_every_gold_re_derives_and_no_answer_leaks(episodic_corpus: Built) -> None:
    codes = ("DRV005", "DRV009", "DRV011", "LEK001", "LEK002", "LEK003", "STR007", "STR009")
    assert _findings(episodic_corpus.questions, codes) == []


def test_the_checker_refuses_gold_the_conversation_does_not_bear_out(
    episodic_corpus: Built,
) -> None:
    """Prose and gold made to disagree on the real corpus: each is refused by its V5 rule."""
    questions = [q.model_copy(deep=True) for q in episodic_corpus.questions]
    attribution = next(q for q in questions if q.typedmemeval.stated_by == "user")
    attribution.typedmemeval.stated_by = "both"
    listing = next(q for q in questions if q.typedmemeval.shape == LO)
    items = listing.typedmemeval.list_order.items  # type: ignore[union-attr]
    listing.answer = ", then ".join([items[1], items[0], *items[2:]]) + "."
    stated = next(q for q in questions if q.typedmemeval.shape == AS)
    other = next(q for q in questions if q is not stated)
    other.haystack_sessions[0][
        0
    ].content += f" Someone mentioned {_value(stated, episodic_corpus)} to me."
    found = _findings(questions, ("DRV005", "DRV011", "LEK002"))
    assert any(f.startswith(f"DRV011 {attribution.question_id}") for f in found), found
    assert any(f.startswith(f"DRV005 {listing.question_id}") for f in found), found
    assert any(f.startswith(f"LEK002 {stated.question_id}") for f in found), found


# --- assistant-stated ------------------------------------------------------------------------


def test_an_assistant_stated_value_is_said_by_the_assistant_only(episodic_corpus: Built) -> None:
    user_words: set[str] = set()
    for q in episodic_corpus.questions:
        for session in q.haystack_sessions:
            for turn in session:
                if turn.role == "user":
                    user_words.update(raw_tokens(turn.content))
    for q in episodic_corpus.questions:
        if q.typedmemeval.stated_by != "assistant":
            continue
        value = _value(q, episodic_corpus)
        assert value.lower() not in user_words, q.question_id
        (gold,) = _gold(q)
        said = [t for t in q.haystack_sessions[gold] if _says(t.content, value)]
        assert [t.role for t in said] == ["assistant"] and said[0].has_answer
        assert value.lower() not in raw_tokens(q.question)


def test_every_session_has_the_assistant_put_a_value_forward(episodic_corpus: Built) -> None:
    """Filler assistants name values for unasked requests: every session's request is answered
    with an invented value, whether or not any question asks about it."""
    issued = {n.lower() for n in episodic_corpus.names.issued}
    for a in episodic_corpus.assembled:
        for rendered in a.sessions:
            kinds = [k for k, t in rendered.templates if t.startswith("frame:")]
            at = kinds.index(REQUEST)
            reply = rendered.turns[rendered.move_turns[at] + 1].content
            asked = rendered.turns[rendered.move_turns[at]].content
            assert issued & set(raw_tokens(reply)), reply
            assert not issued & set(raw_tokens(asked)), asked


# --- participant attribution -----------------------------------------------------------------


def test_attribution_frames_are_drawn_independently_of_the_arm(episodic_corpus: Built) -> None:
    assert len(ATTRIBUTION_FRAMES) >= 5
    by_frame: dict[str, Counter[str]] = defaultdict(Counter)
    for q in episodic_corpus.questions:
        if q.typedmemeval.shape != PA:
            continue
        frame = next(
            i
            for i, f in enumerate(ATTRIBUTION_FRAMES)
            if re.fullmatch(re.escape(f).replace(r"\{topic\}", ".+"), q.question)
        )
        by_frame[str(frame)][q.typedmemeval.stated_by or ""] += 1
    assert len(by_frame) == 5
    assert all(c == {"user": 1, "assistant": 1, "both": 1} for c in by_frame.values()), by_frame


def _public(q: Question) -> tuple[object, ...]:
    """What a system is shown besides the conversations, with absolute dates as offsets."""
    stamps = [parse_date(d) for d in q.haystack_dates]
    asked = parse_date(q.question_date)
    assert asked is not None and all(s is not None for s in stamps)
    offsets = tuple((s - stamps[0]).total_seconds() for s in stamps)  # type: ignore[operator]
    return (
        q.question,
        len(q.haystack_sessions),
        offsets,
        (asked - stamps[-1]).total_seconds(),  # type: ignore[operator]
        asked.weekday(),
        asked.hour,
        asked.minute,
    )


def test_an_attribution_triple_shares_every_public_field(episodic_corpus: Built) -> None:
    """The three arms of a triple are asked the same question at the same offsets over
    haystacks of the same size and spacing: only the conversations say who made the
    suggestion."""
    triples: dict[tuple[object, ...], list[Question]] = defaultdict(list)
    for q in episodic_corpus.questions:
        if q.typedmemeval.shape == PA:
            triples[_public(q)].append(q)
    assert len(triples) == 5
    for members in triples.values():
        assert sorted(q.typedmemeval.stated_by or "" for q in members) == [
            "assistant",
            "both",
            "user",
        ]
        assert len({q.haystack_session_ids[0] for q in members}) == 3
        assert len({q.haystack_dates[0] for q in members}) == 3


def test_who_said_it_follows_from_the_turns_that_name_the_value(
    episodic_corpus: Built,
) -> None:
    lead = dict(PROFILE.speaker_leads)
    for q in episodic_corpus.questions:
        if q.typedmemeval.shape != PA:
            continue
        value = _value(q, episodic_corpus)
        roles = {t.role for s in q.haystack_sessions for t in s if _says(t.content, value)}
        derived = {frozenset({"user"}): "user", frozenset({"assistant"}): "assistant"}.get(
            frozenset(roles), "both" if roles == {"user", "assistant"} else None
        )
        assert derived == q.typedmemeval.stated_by, q.question_id
        assert q.answer.startswith(lead[derived])


# --- list order ------------------------------------------------------------------------------


def test_lists_are_decoupled_from_recency(episodic_corpus: Built) -> None:
    """Entries sit at random among the sessions (placed like any hot kit's moves): the last
    entry is the last session in at most half the lists, the first entry the first session in
    at most half, and no list is simply the haystack's final sessions."""
    last = first = 0
    lists = [q for q in episodic_corpus.questions if q.typedmemeval.shape == LO]
    for q in lists:
        idx = q.typedmemeval.list_order.item_session_indices  # type: ignore[union-attr]
        last += idx[-1] == len(q.haystack_sessions) - 1
        first += idx[0] == 0
        assert idx != list(range(len(q.haystack_sessions) - len(idx), len(q.haystack_sessions)))
    assert last <= len(lists) // 2 and first <= len(lists) // 2, (last, first)


def _moves(rendered: RenderedSession) -> list[tuple[str, str, list[str]]]:
    """Each move of a session in order: the kind it was told as, the kind it was (a twin's own
    kind, named by its status template; else the kind told) and its templates."""
    moves: list[tuple[str, str, list[str]]] = []
    for kind, template in rendered.templates:
        if template.startswith("frame:"):
            moves.append((kind, kind, [template]))
        elif moves and kind != "frame" and kind != "aside":
            told, was, used = moves[-1]
            if template.startswith("status:"):
                was = kind
            moves[-1] = (told, was, [*used, template])
    assert len(moves) == len(rendered.move_turns)
    return moves


def _item_holders(rendered: RenderedSession, family: str) -> str:
    """Whose entry of `family`'s list a session's true entry is ('' when it is another's)."""
    for (_told, was, used), turn in zip(_moves(rendered), rendered.move_turns, strict=True):
        clause = next((t for t in used if t.startswith("clause:")), "")
        if was == ITEM and clause.startswith(f"clause:{family}:{ITEM}:"):
            m = HOLDER.search(rendered.turns[turn].content)
            return m.group(1).lower() if m else ""
    return ""


def test_every_list_has_a_rival_list_of_the_same_kind(episodic_corpus: Built) -> None:
    for a in episodic_corpus.assembled:
        q = a.question
        if q.typedmemeval.shape != LO:
            continue
        family = q.typedmemeval.fact_family or ""
        gold = set(_gold(q))
        holders = Counter(
            _item_holders(r, family) for i, r in enumerate(a.sessions) if i not in gold
        )
        holders.pop("", None)
        asked = HOLDER.search(q.question)
        assert asked is not None
        rivals = {h: n for h, n in holders.items() if h != asked.group(1).lower() and n >= 4}
        assert rivals, (q.question_id, holders)


#: Phrases every session may draw that say nothing of a list: the shared clock's past
#: expressions ("the day before yesterday") and a greeting ("Hi again.").
SESSION_PHRASES = re.compile(
    r"earlier today|the day before yesterday|yesterday|\w+ days ago|last week|"
    r"a couple of weeks ago|a few weeks ago|hi again",
    re.I,
)


def test_no_entry_says_where_it_falls_in_its_list(episodic_corpus: Built) -> None:
    for a in episodic_corpus.assembled:
        for r in a.sessions:
            kinds = [k for k, t in r.templates if t.startswith("frame:")]
            if ITEM in kinds:
                text = SESSION_PHRASES.sub("", r.turns[r.move_turns[kinds.index(ITEM)]].content)
                found = ORDER_WORDS & set(raw_tokens(text))
                assert not found, (a.question.question_id, text)


# --- content ---------------------------------------------------------------------------------


def test_content_uses_no_answer_word_and_every_value_is_invented(episodic_corpus: Built) -> None:
    for q in episodic_corpus.questions:
        for s in q.haystack_sessions:
            for t in s:
                assert not EPISODIC_ANSWER_WORDS & set(raw_tokens(t.content)), t.content
                assert not PRODUCTION_WORDS.search(t.content), t.content
    assert [n for n in episodic_corpus.names.issued if refusal(n) is not None] == []


def test_no_session_says_anything_out_of_season_for_its_date(episodic_corpus: Built) -> None:
    """Nothing planted on the allotment in January, no picnic on the beach in December, no hay
    fever in the winter: every sentence of every session fits the month of its date."""
    found = []
    for q in episodic_corpus.questions:
        for date, s in zip(q.haystack_dates, q.haystack_sessions, strict=True):
            month = int(date.split("/")[1])
            for t in s:
                for sentence in season_sentences(t.content):
                    found += [(month, p, sentence) for p in out_of_season(sentence, month)]
    assert found == []


def test_every_session_makes_the_same_six_moves(episodic_corpus: Built) -> None:
    """One move per recipe slot; a twin renders with the frame of the move it rivals (a
    request, a proposal or an entry) and is known by its status."""
    found = set()
    for a in episodic_corpus.assembled:
        for r in a.sessions:
            found.add(tuple(sorted(episodic.slot_of(was) for _, was, _ in _moves(r))))
    assert found == {tuple(sorted(episodic.RECIPE))}


def test_a_twin_is_told_in_the_words_of_the_move_it_rivals(episodic_corpus: Built) -> None:
    """Every twin's user turn is drawn from the frames and clauses of the move it rivals, and
    what makes it a rival comes in a later user turn, a status naming no word of any
    question; true moves get a status exchange too, so having one says nothing."""
    asked = exchanges.question_words()
    told_with_status: Counter[str] = Counter()
    true_with_status: Counter[str] = Counter()
    true_moves: Counter[str] = Counter()
    for a in episodic_corpus.assembled:
        for r in a.sessions:
            for m, (told, was, used) in enumerate(_moves(r)):
                status = [t for t in used if t.startswith("status:")]
                if was != told:
                    assert exchanges.TOLD_AS[was] == told and status, (was, used)
                    clause = next((t for t in used if t.startswith("clause:")), "")
                    assert clause.split(":")[2] == told, (was, clause)
                    told_with_status[was] += 1
                    # The status: in the next turn, or after the next move's talk.
                    span = r.status_turns[m]
                    assert span is not None, (was, used)
                    following = r.turns[span[0]]
                    assert following.role == "user"
                    assert not asked & set(bm25_tokens(following.content)), following.content
                elif was in exchanges.EPISODIC_STATUSES:
                    true_moves[was] += 1
                    true_with_status[was] += bool(status)
    assert set(told_with_status) == set(exchanges.TOLD_AS)
    share = exchanges.EPISODIC_BANK.status_share
    for kind, n in true_moves.items():
        # Every true move gets one at the bank's share (all of them: a rival always does).
        assert abs(true_with_status[kind] / n - share) < 0.15, (kind, true_with_status[kind], n)


def test_the_assistant_names_rivals_of_a_pair_too(episodic_corpus: Built) -> None:
    """Requests for someone seen through the person are twins of every kind of pair, so the
    value an assistant turn names for an asked pair is not the only one it names."""
    kinds = Counter(t.kind for q in episodic_corpus.questions for t in q.typedmemeval.twins or ())
    assert kinds[episodic.REQUEST_OTHERS] >= 0.3 * sum(kinds.values())


def test_no_heuristic_answerer_and_no_marker_finds_the_answer(episodic_corpus: Built) -> None:
    """Counting, position and who said a value (SHC001), where a session sits (SHC002) and the
    wording of the turns a reader weighs (SHC003) find no answer: rivals are told in the words
    of the move they rival, and an assistant-stated pair's rivals are said by the assistant
    too. The language figures hold with the statuses in (LNG001, LNG002)."""
    codes = ("SHC001", "SHC002", "SHC003", "LNG001", "LNG002")
    assert _findings(episodic_corpus.questions, codes) == []


def test_the_bank_refuses_templates_that_break_its_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    gym = EPISODIC_FAMILIES["gym"]
    ordered = dict(gym.clauses)
    ordered[ITEM] = ("tried another class called {V} at the gym",)
    monkeypatch.setitem(
        EPISODIC_FAMILIES,
        "gym",
        replace(gym, clauses=ordered),  # type: ignore[arg-type]
    )
    with pytest.raises(BankError, match="order"):
        check_exchanges()
    telling = dict(gym.clauses)
    telling[REQUEST] = ("wants to join the {V} gym", "is after a gym with early classes")
    monkeypatch.setitem(
        EPISODIC_FAMILIES,
        "gym",
        replace(gym, clauses=telling),  # type: ignore[arg-type]
    )
    with pytest.raises(BankError, match="never names the value"):
        check_exchanges()
    monkeypatch.setitem(EPISODIC_FAMILIES, "gym", gym)
    monkeypatch.setattr(exchanges, "ATTRIBUTION_FRAMES", ATTRIBUTION_FRAMES[:4])
    with pytest.raises(BankError, match="at least five"):
        check_exchanges()


#: People the template scan speaks of: one of each pronoun, and the two whose twins of someone
#: else's fact can name a relation with the person's own word in it (`my brother's
#: brother-in-law`).
SCANNED_PEOPLE = ("cousin", "brother", "sister")


def _questions_about(family: EpisodicFamily, person: Person) -> list[str]:
    forms = person.forms()
    out = [q.format_map(forms) for q in family.questions]
    out += [f.format(topic=family.suggestion.format_map(forms)) for f in ATTRIBUTION_FRAMES]
    if family.listed is not None:
        out += [f.format(list=family.listed.format_map(forms)) for f in LIST_FRAMES]
    return out


#: Expansions drawn per frame or reply when it has more (every clause is expanded in full).
SAMPLED = 40


def _sentences_about(family: EpisodicFamily, person: Person) -> Iterator[tuple[str, str]]:
    """(kind, sentence) for the sentences a move of any kind about `person` and `family`
    can render: every expansion of every clause, topic and reply clause, in frames and replies
    expanded in full or, past `SAMPLED` expansions, drawn."""
    bank = EPISODIC_BANK
    for kind, frames in bank.frames.items():
        replies = (
            *bank.replies.get(kind, ()),
            *bank.family_replies.get(family.key, {}).get(kind, ()),
        )
        clauses = (
            family.topics if kind == MENTION else family.clauses.get(family.clause_key(kind), ())
        )
        companion = family.reply_clause_key(kind)
        reply_clauses = family.clauses.get(companion, ()) if companion else ("",)
        others: list[tuple[str, Gender] | None] = [None]
        if kind in (TWIN_OTHERS, ITEM_OTHERS):
            others = [o for o in ALL_OTHERS if o[0] not in person.relation.noun.split()]
        for other in others:
            values = speaker_person(Move(kind, person, family, "Vexample", other=other)).forms()
            values.update(
                owner_your=person.forms()["your"],
                owner_holder=person.forms()["holder"],
                when="the day before yesterday",
                When="The day before yesterday",
                V="Vexample",
                thing=f"the {family.noun}",
                Thing=f"The {family.noun}",
            )
            values.update(exchanges.ask_placeholders(family))
            for clause in (c for t in clauses for c in expansions(t)):
                filled = dict(values, topic=clause, Topic=clause.capitalize(), clause=clause)
                if kind != MENTION:
                    filled["clause"] = fill(clause, values)
                texts = [fill(f, filled) for t in frames for f in expansions(t, SAMPLED)]
                for said in (c for t in reply_clauses for c in expansions(t)):
                    said = fill(said, filled) if said else ""
                    with_reply = dict(filled, reply_clause=said, Reply_clause=said.capitalize())
                    texts += [fill(r, with_reply) for t in replies for r in expansions(t, SAMPLED)]
                for text in texts:
                    for sentence in sentences(text):
                        yield kind, sentence


def test_no_template_sentence_is_made_of_a_question_s_keywords() -> None:
    """Exhaustively: no sentence any template can render about a person and family is made
    mostly of the words of a question about them, so the generic scaffolding strip can find
    nothing to remove in any haystack this generator can build."""
    found = []
    for key in SCANNED_PEOPLE:
        relation = next(r for r in episodic.CAST if r.key == key)
        person = Person(relation, relation.gender or "f")
        for family in EPISODIC_FAMILIES.values():
            keywords = [frozenset(bm25_tokens(q)) for q in _questions_about(family, person)]
            for kind, sentence in _sentences_about(family, person):
                if any(is_keyword_sentence(sentence, k) for k in keywords):
                    found.append((family.key, kind, sentence))
    assert found == []


# --- gates -----------------------------------------------------------------------------------


def test_the_adversary_gates_pass_and_can_refuse(episodic_corpus: Built) -> None:
    """SEP008 and SEP009 gate this vertical: the corpus passes them, and the same corpus whose
    gold sessions of each haystack share a word of their own (a topic only gold keeps coming
    back to) is refused by the haystack-relative adversary."""
    g = episodic.GENERATOR
    clean = shared_gate_refusals(g, episodic_corpus)
    assert not [r for r in clean if r.startswith(("SEP008", "SEP009"))], clean
    marked = [q.model_copy(deep=True) for q in episodic_corpus.questions]
    for n, q in enumerate(marked):
        for si in _gold(q):
            # (Inside a sentence: a capitalised word opening one is no name to the checker.)
            q.haystack_sessions[si][0].content += f" My Zorbify{n} again, as ever."
    found = shared_gate_refusals(g, episodic_corpus, marked)
    assert any(r.startswith("SEP008") for r in found), found


def _marked(seed: int, revision: str, levers: Levers) -> Built:
    """The real corpus with one planted defect: every evidence turn ends in the same aside."""
    built = episodic.build(seed, revision, levers)
    for a in built.assembled:
        for session in a.question.haystack_sessions:
            for turn in session:
                if turn.has_answer:
                    turn.content += " This one really matters to me."
    return built


def test_a_corpus_whose_gates_fail_is_not_written(tmp_path: Path) -> None:
    g = episodic.GENERATOR
    generator = replace(g, build=_marked, levers=g.levers[:1])
    outcome = generate(generator, tmp_path)
    assert not outcome.passed
    assert any("SEP" in r or "adversary" in r for r in outcome.refusals), outcome.refusals
    assert outcome.written == [] and list(tmp_path.iterdir()) == []
    assert "refused" in outcome.trace[-1]


def _openings(kind: str) -> Counter[str]:
    """How the user turns of a kind begin (their first two words), over its frames' wordings."""
    return Counter(
        " ".join(text.split()[:2]).lower()
        for frame in EPISODIC_FRAMES[kind]
        for text in expansions(frame, 400)
    )


def test_no_opening_marks_who_put_a_value_forward() -> None:
    """Asking for a suggestion (the assistant's) and proposing one (the user's) open alike:
    the commonest openings of each are openings of the other too, so who made a suggestion
    is read from what the turns do, never from a fixed opener."""
    asking, proposing = _openings(REQUEST), _openings(PROPOSAL)
    for mine, others in ((asking, proposing), (proposing, asking)):
        common = [o for o, _ in mine.most_common(3)]
        assert any(o in others for o in common), (common, others.most_common(5))
    assert len(set(asking) & set(proposing)) >= 5


# --- what the lines say ----------------------------------------------------------------------


def test_growing_on_the_allotment_is_held_to_the_growing_months() -> None:
    """A crop grown on a plot is told in the growing months only, and an allotment entry
    (a variety chosen, which is done all year) reads in every month."""
    quoted = (
        "Earlier today my grandad grew a bean variety called Dawsonham on the allotment, up a "
        "row of canes."
    )
    assert out_of_season(quoted, 1) and not out_of_season(quoted, 7)
    for text in EPISODIC_FAMILIES["allotment"].clauses[ITEM]:
        for said in expansions(text):
            for month in range(1, 13):
                assert out_of_season(f"My aunt {said}.", month) == [], (month, said)


def test_a_list_entry_is_a_place_only_where_its_values_are_places() -> None:
    """ "drove the car over to Devin": a family whose values are surnames, a boat's or a pet's
    names keeps a list of people (a mechanic, a boatbuilder, a dog walker), never of places;
    only a family drawing towns puts its value where a place goes."""
    place = re.compile(r"\b(?:to|at|on|round|from|in) \{V\}")
    found = []
    for key, family in EPISODIC_FAMILIES.items():
        if kind_of(key, family.answer_value) == TOWN:
            continue
        found += [
            (key, said)
            for t in family.clauses.get(ITEM, ())
            for said in expansions(t)
            if place.search(said)
        ]
    assert found == []


#: (a wish a request can voice, a reason the reply must then not give), per family: the reply
#: to a request is drawn apart from the request, so no reply may give a reason that goes
#: against any wish of its family's requests.
CLASHES = {
    "bookclub": (("lively", "relaxed"), ("lively", "quiet"), ("quiet", "lively")),
    "road": (("school", "shops"), ("school", "station"), ("station", "park"), ("shops", "park")),
    "car": (("whole family", "little"), ("dog", "little"), ("grandchildren", "little")),
    "choir": (("small", "big"),),
    "gym": (("pool", "no pool"),),
}


def test_a_reply_never_gives_a_reason_against_what_the_request_asked_for() -> None:
    """ "He would like a lively book club" is not answered with "it is very relaxed", nor "near
    a good school" with "close to the shops and the station"."""
    found = []
    for key, clashes in CLASHES.items():
        family = EPISODIC_FAMILIES[key]
        asked = " | ".join(s for t in family.clauses[REQUEST] for s in expansions(t))
        for t in family.clauses[exchanges.REQUEST_REPLY]:
            for said in expansions(t):
                found += [
                    (key, wish, said)
                    for wish, reason in clashes
                    if re.search(rf"\b{wish}\b", asked) and re.search(rf"\b{reason}\b", said)
                ]
    assert found == []


def test_meeting_someone_is_followed_by_what_was_said_to_them() -> None:
    """ "I saw my colleague this morning, and my view is that he would love …" does not follow:
    a proposal told as a meeting goes on to what the user said to the person."""
    meeting = re.compile(r"^(I spoke to|I had a word with|I rang|I was chatting to|I saw|I bumped)")
    found = [
        said
        for t in EPISODIC_FRAMES[PROPOSAL]
        for said in expansions(t)
        if meeting.match(said) and re.search(r", and (my view|I reckon|I think)", said)
    ]
    assert found == []


def test_an_entry_told_as_a_question_ends_with_a_question_mark() -> None:
    """ "Did I tell you that my cousin tried a class called Waterston at the gym." reads as a
    question with a full stop: an entry's frame that opens as a question ends with one."""
    asking = re.compile(r"^(Did|Have|Has|Can|Could|Do|Does) ")
    found = [
        said
        for t in EPISODIC_FRAMES[ITEM]
        for said in expansions(t)
        if asking.match(said) and not said.rstrip().endswith("?")
    ]
    assert found == []


def _planned_slots(n: int) -> list[list[dict[str, Move]]]:
    """The moves of the first `n` questions' haystacks, as `build_question` plans them."""
    from corpora.generate.core.allocate import AllocationError
    from corpora.generate.core.haystack import World
    from corpora.generate.core.names import NameRegistry
    from corpora.generate.core.vertical import question_rng

    seed, levers = episodic.SEED, episodic.GENERATOR.levers[0]
    out = []
    for plan in episodic._plans(seed, levers)[:n]:
        rng = question_rng(seed, episodic.VERTICAL, plan.n)
        layout = question_rng(seed, episodic.VERTICAL, plan.n, "layout")
        people, fams = episodic._cast(rng, plan)
        world = World(rng, NameRegistry(), f"q{plan.n}", people, fams)
        count = plan.h + (plan.length if plan.shape == episodic.LO else 1)
        for _ in range(20):
            try:
                kits = episodic._kits(plan, world, people, fams, layout, rng, levers, count)
                break
            except AllocationError:
                continue
        hot = {(k.person.key, k.family.key) for k in kits}
        cold = [(p, f) for p in people for f in fams if (p.key, f.key) not in hot]
        slots = episodic.hot_moves(kits, count, world, rng)
        episodic.fill_cold(slots, cold, world, rng, layout)
        out.append(slots)
    return out


def test_one_person_s_requests_are_redirected_a_few_times_at_most() -> None:
    """ "I've muddled who I'm asking for: her brother-in-law, not her" came five or six times
    for one person in a haystack: no person has more than `MAX_REDIRECTS` requests said to
    be for someone else, and the redirects are said in many wordings, answered in many."""
    most = 0
    for slots in _planned_slots(16):
        per: Counter[str] = Counter(
            m.person.key for slot in slots for m in slot.values() if m.kind == REQUEST_OTHERS
        )
        most = max(most, *per.values())
    assert 2 <= most <= episodic.MAX_REDIRECTS <= 3
    statuses = exchanges.EPISODIC_STATUSES[REQUEST_OTHERS]
    replies = exchanges.EPISODIC_STATUS_REPLIES[REQUEST_OTHERS]
    assert len(statuses) >= 8 and len(replies) >= 4


def test_a_reply_to_how_a_proposal_went_fits_a_keen_and_a_doubtful_person_alike() -> None:
    """ "He seemed really interested" was answered "Well, he will come round or he won't!"."""
    for template in exchanges.EPISODIC_STATUS_REPLIES[PROPOSAL]:
        for text in expansions(template, limit=400, seed=2):
            assert "come round" not in text and "listens" not in text, text


def test_a_request_asks_for_what_its_family_is_after() -> None:
    """A request's closing question fits the family: a dog's name is never somewhere to look,
    and a road to live on is never someone to go to (the tail is the family's own)."""
    wrong = {
        "dog": ("where", "who", "buy"),
        "boat": ("where", "who", "buy"),
        "road": ("who", "call it", "names", "buy"),
        "allotment": ("who", "call it", "names", "buy"),
        "dentist": ("call it", "names", "buy"),
        "car": ("who", "where", "call it", "names"),
    }
    for key, words in wrong.items():
        family = exchanges.EPISODIC_FAMILIES[key]
        asks = exchanges.ask_placeholders(family)
        for frame in exchanges.EPISODIC_FRAMES[exchanges.REQUEST]:
            for text in expansions(frame, limit=400):
                said = text.split("{clause}")[-1]
                for name, ask in asks.items():
                    said = said.replace(f"{{{name}}}", ask)
                found = [w for w in words if re.search(rf"\b{w}\b", said)]
                assert not found, (key, said)


def test_item_openers_say_no_coincidence_and_name_no_family_chore() -> None:
    """An entry is news, not a coincidence ("Small world:"), and no family's reaction is a
    stock opener like "Ah, boat jobs." that recurs through a haystack."""
    for frame in exchanges.EPISODIC_FRAMES[exchanges.ITEM]:
        assert "Small world" not in frame
    for replies in exchanges.ITEM_REPLIES.values():
        for reply in replies:
            assert "boat jobs" not in reply
    for reply in exchanges.EPISODIC_REPLIES.get(exchanges.REQUEST_OTHERS, ()):
        assert "Nothing changes" not in reply
    others = exchanges.EPISODIC_STATUS_REPLIES[exchanges.REQUEST_OTHERS]
    for reply in others:
        for text in expansions(reply, limit=400):
            assert "Nothing changes" not in text and "noted!" not in text, text
