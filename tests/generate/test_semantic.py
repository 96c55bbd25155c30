"""The Semantic generator: byte-identical regeneration, shapes and counts of SPEC §3, gold the
checker re-derives from the events (the end of a replacement chain, a fact reached through an
alias, the session a belief came from), rival chains beside the asked one, and planted
disagreements between prose and gold refused by the RSV rules."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path

import pytest

from checker.api import check_corpus
from checker.family import BY_KEY
from checker.formats.corpus import Question
from checker.registry import get_rule
from checker.text import raw_tokens
from checker.verticals.semantic.rules import names
from corpora.generate.core.allocate import AllocationError
from corpora.generate.core.bank import BankError
from corpora.generate.core.haystack import World
from corpora.generate.core.names import NameRegistry
from corpora.generate.core.stamp import (
    corpus_file,
    corpus_text,
    in_memory,
    sidecar_file,
)
from corpora.generate.core.vertical import Built, question_rng
from corpora.generate.core.wording import never
from corpora.generate.semantic import generator as semantic
from corpora.generate.semantic.aliases import ALIAS_REPLIES
from corpora.generate.semantic.replacements import (
    ASKED_BELIEFS,
    REPLACEMENT,
    REPLACEMENT_STATUS_REPLIES,
    check_replacement_bank,
    status_keywords,
)
from tests.generate.answer_places import place_lifts, places_from_latest
from tests.generate.conftest import (
    as_shipped,
    digest_in_another_process,
    passing_attempt,
    shared_gate_refusals,
)

ROOT = Path(__file__).resolve().parents[2]
REVISION = "2026.12"
SHIPPED = ROOT / "corpora" / corpus_file("semantic", REVISION)
SHIPPED_SIDECAR = ROOT / "corpora" / sidecar_file("semantic", REVISION)
PROFILE = BY_KEY["semantic"]
CV, CR, SA = "current-value", "co-reference", "source-attribution"
#: A few questions of every shape.
SMALL = frozenset({1, 2, 21, 22, 36, 37})
RSV = ("RSV001", "RSV002", "RSV003", "RSV004")


def small(seed: int = semantic.SEED) -> Built:
    return semantic.build(seed, REVISION, semantic.GENERATOR.levers[0], only=SMALL)


def _digest(built: Built) -> str:
    return hashlib.sha256(corpus_text(built.questions).encode()).hexdigest()


def _findings(questions: list[Question], codes: tuple[str, ...]) -> list[str]:
    _, loaded = in_memory(questions)
    rules = [get_rule(code) for code in codes]
    return [f"{f.code} {f.question_id}: {f.message}" for f in check_corpus(loaded, None, rules)]


def _gold(q: Question) -> list[int]:
    return sorted(q.haystack_session_ids.index(sid) for sid in q.answer_session_ids)


def _by_shape(built: Built, shape: str) -> list[Question]:
    return [q for q in built.questions if q.typedmemeval.shape == shape]


# --- regeneration ----------------------------------------------------------------------------


def test_a_small_corpus_regenerates_byte_for_byte() -> None:
    first = small()
    assert {q.typedmemeval.shape for q in first.questions} == {CV, CR, SA}
    assert corpus_text(small().questions) == corpus_text(first.questions)
    assert _digest(small(seed=1)) != _digest(first)


def test_another_process_with_another_hash_seed_writes_the_same_bytes() -> None:
    assert digest_in_another_process("tests.generate.test_semantic") == _digest(small())


def test_the_shipped_corpus_is_what_the_generator_builds() -> None:
    attempt = passing_attempt(SHIPPED_SIDECAR)
    g = semantic.GENERATOR
    built = semantic.build(g.seed, REVISION, g.levers[attempt - 1])
    assert as_shipped(built.questions, SHIPPED) == SHIPPED.read_bytes()


# --- shapes and counts -----------------------------------------------------------------------


def test_shapes_counts_and_haystack_sizes(semantic_corpus: Built) -> None:
    questions = semantic_corpus.questions
    counts = Counter(q.typedmemeval.shape for q in questions)
    assert counts == {s.name: s.count for s in PROFILE.shapes} == {CV: 20, CR: 15, SA: 15}
    lengths = []
    for q in questions:
        gold = _gold(q)
        h = len(q.haystack_sessions) - len(gold)
        assert semantic.H_RANGE[0] <= h <= semantic.H_RANGE[1], (q.question_id, h)
        shape = q.typedmemeval.shape
        if shape == CV:
            lengths.append(len(gold))
            assert q.typedmemeval.difficulty == len(gold) - 2
            assert q.typedmemeval.difficulty_dial == "dispersion"
        else:
            assert len(gold) == (2 if shape == CR else 1)
            assert q.typedmemeval.difficulty is None
    assert sorted(lengths) == sorted(semantic.CHAIN_LENGTHS)


def test_co_reference_asks_by_name_and_by_relation_alike(semantic_corpus: Built) -> None:
    """Half the co-reference questions name the person, half say how they relate: the
    question's wording does not say which designation the fact was stated under."""
    by_name = 0
    for q in _by_shape(semantic_corpus, CR):
        aliases = [e for e in q.typedmemeval.events or [] if e.kind == "alias"]
        by_name += any(a.value and names(q.question, a.value) for a in aliases)
    assert by_name in (7, 8)


def test_an_aliased_facts_rivals_name_its_holder_as_the_fact_does(semantic_corpus: Built) -> None:
    """Every value-bearing twin of an asked aliased fact names its holder by the designation
    the fact is stated under, never by the one the question uses: a rival said under the
    question's designation could never be the answer (the fact is always stated under the
    other), so the designation alone told rival from gold."""
    checked = 0
    for q in _by_shape(semantic_corpus, CR):
        block = q.typedmemeval
        events = block.events or []
        gold = _gold(q)
        fact = next(
            e
            for e in events
            if e.kind == "value" and e.session_index in gold and names(q.answer, e.value or "")
        )
        alias = next(
            e
            for e in events
            if e.kind == "alias"
            and e.session_index in gold
            and fact.subject in (e.subject, e.value)
        )
        relation, name = (alias.subject or "").lower(), alias.value or ""
        as_fact, as_other = (name, relation) if fact.subject == name else (relation, name)
        for twin in block.twins or []:
            said = [
                t.content.lower()
                for t in q.haystack_sessions[twin.session_index]
                if t.role == "user" and twin.value and names(t.content, twin.value)
            ]
            assert said, (q.question_id, twin)
            assert as_fact.lower() in said[0], (q.question_id, said[0])
            assert as_other.lower() not in said[0], (q.question_id, said[0])
            checked += 1
    assert checked >= 2 * len(_by_shape(semantic_corpus, CR))


def test_an_aliased_facts_rivals_come_before_and_after_it(semantic_corpus: Built) -> None:
    """The fact a co-reference question asks for and its rivals are placed by one draw, so
    neither the latest nor the earliest value said of the holder is the answer by position:
    in many questions a rival is said after the fact, in many before it."""
    after = before = 0
    questions = _by_shape(semantic_corpus, CR)
    for q in questions:
        block = q.typedmemeval
        fact = next(
            e
            for e in block.events or []
            if e.kind == "value" and e.session_index in _gold(q) and names(q.answer, e.value or "")
        )
        twins = [t.session_index for t in block.twins or []]
        after += any(s > fact.session_index for s in twins)
        before += any(s < fact.session_index for s in twins)
    assert after >= len(questions) // 3 and before >= len(questions) // 3, (after, before)


# --- gold the checker re-derives -------------------------------------------------------------


def test_now_says_nothing_of_whether_the_value_changed(semantic_corpus: Built) -> None:
    """`now` ends half the current-value questions (each asked after a chain of changes) and
    half the co-reference ones, so the word is no cue to an update having happened."""
    for shape in (CV, CR):
        questions = _by_shape(semantic_corpus, shape)
        with_now = sum(q.question.endswith(" now?") for q in questions)
        assert abs(2 * with_now - len(questions)) <= 1, (shape, with_now, len(questions))


def test_every_gold_re_derives_and_no_answer_leaks(semantic_corpus: Built) -> None:
    codes = (*RSV, "LEK001", "LEK002", "LEK003", "STR007", "STR009")
    assert _findings(semantic_corpus.questions, codes) == []


def test_the_checker_refuses_gold_the_conversation_does_not_bear_out(
    semantic_corpus: Built,
) -> None:
    """Prose and gold made to disagree on the real corpus: each is refused by its RSV rule."""
    questions = [q.model_copy(deep=True) for q in semantic_corpus.questions]
    chain = next(q for q in questions if q.typedmemeval.shape == CV)
    replaced = next(
        e
        for e in chain.typedmemeval.events or []
        if e.kind == "value" and e.session_index == _gold(chain)[0]
    )
    chain.answer = f"The value stated first, {replaced.value}."
    aliased = next(q for q in questions if q.typedmemeval.shape == CR)
    events = aliased.typedmemeval.events or []
    fact = next(e for e in events if e.kind == "value" and names(aliased.answer, e.value or ""))
    # An alias told in a gold session other than the fact's (moving one already there would
    # plant nothing).
    alias = next(
        e
        for e in events
        if e.kind == "alias"
        and e.session_index in _gold(aliased)
        and e.session_index != fact.session_index
    )
    alias.session_index = fact.session_index
    source = next(q for q in questions if q.typedmemeval.shape == SA)
    other = next(i for i in range(len(source.haystack_sessions)) if i not in _gold(source))
    source.answer_session_ids = [source.haystack_session_ids[other]]
    found = _findings(questions, RSV)
    assert any(f.startswith(f"RSV001 {chain.question_id}") for f in found), found
    assert any(f.startswith(f"RSV002 {aliased.question_id}") for f in found), found
    assert any(f.startswith(f"RSV003 {source.question_id}") for f in found), found


def test_a_value_named_where_the_block_records_nothing_is_refused(
    semantic_corpus: Built,
) -> None:
    """The block must know every session naming one of its values: a stray mention of the
    current value in a distractor session is evidence it does not record."""
    questions = [q.model_copy(deep=True) for q in semantic_corpus.questions]
    q = next(q for q in questions if q.typedmemeval.shape == CV)
    head = [e for e in q.typedmemeval.events or [] if e.session_index == max(_gold(q))][-1]
    other = next(i for i in range(len(q.haystack_sessions)) if i not in _gold(q))
    q.haystack_sessions[other][0].content += f" Someone mentioned {head.value} to me."
    found = _findings(questions, ("RSV004",))
    assert any(f.startswith(f"RSV004 {q.question_id}") for f in found), found


# --- competition -----------------------------------------------------------------------------


def test_every_asked_chain_has_a_rival_chain_beside_it() -> None:
    """The first unasked kit of every haystack is of the asked kind: a current-value haystack
    holds another chain of replacements nobody asks about, built the same way."""
    g = semantic.GENERATOR
    levers = g.levers[0]
    for spec in semantic._specs(g.seed, levers):
        if spec.shape != CV or spec.n > 6:
            continue
        layout = question_rng(0, "test", spec.n, "layout")
        cast = question_rng(0, "test", spec.n, "cast")
        people, fams = semantic._cast(cast, spec)
        world = World(cast, NameRegistry(), f"q{spec.n}", people, fams)
        hay = semantic.build_haystack(spec, world, spec.h + spec.length, layout, cast, levers)
        asked, rival = hay.kits[0], hay.kits[1]
        assert rival.kind == asked.kind == semantic.CHAIN
        assert (rival.kit.person.key, rival.kit.family.key) != (
            asked.kit.person.key,
            asked.kit.family.key,
        )
        assert rival.kit.kinds.count(REPLACEMENT) >= 2
        replacements = [
            slot[semantic.CHANGE_SLOT]
            for slot in hay.slots
            if slot[semantic.CHANGE_SLOT].kind == REPLACEMENT
        ]
        assert len(replacements) > asked.kit.kinds.count(REPLACEMENT)


def test_a_chains_current_value_is_not_fixed_in_place_among_its_rivals() -> None:
    """A chain (asked or not) keeps two rivals or more, and for a chain nobody asks about, how
    many of them come after its last link is drawn uniformly from none to all of them: every
    place among its rivals is taken about as often as a uniform draw would put it there, none
    favoured. With one rival put after the last link in nine chains of ten, the second latest
    value said of the holder was the answer on most current-value questions; with two or more
    put there whenever the place drawn was one only an old link could fill, the third latest
    was the answer in 0.375 of them (chance 0.135). (The asked chain's number is planned:
    `test_the_current_values_place_is_spread_over_the_shape`.)"""
    g = semantic.GENERATOR
    levers = g.levers[0]
    after: Counter[int] = Counter()
    expected: Counter[int] = Counter()
    chains = 0
    for draw in range(12):
        for spec in semantic._specs(g.seed, levers):
            if spec.shape != CV:
                continue
            layout = question_rng(draw, "test", spec.n, "layout")
            cast = question_rng(draw, "test", spec.n, "cast")
            people, fams = semantic._cast(cast, spec)
            world = World(cast, NameRegistry(), f"q{spec.n}", people, fams)
            try:
                hay = semantic.build_haystack(
                    spec, world, spec.h + spec.length, layout, cast, levers
                )
            except AllocationError:
                continue
            for n, h in enumerate(hay.kits):
                if h.kind != semantic.CHAIN:
                    continue
                k = len(h.values)
                links = h.kit.sessions[:k]
                rivals = [
                    s
                    for kind, s in zip(h.kit.kinds[k:], h.kit.sessions[k:], strict=True)
                    if kind in semantic.TWIN_KINDS
                ]
                assert links == sorted(links)
                assert len(rivals) >= semantic.KEPT_RIVALS
                if n == 0:
                    continue
                after[sum(s > links[-1] for s in rivals)] += 1
                for place in range(len(rivals) + 1):
                    expected[place] += 1 / (len(rivals) + 1)
                chains += 1
    assert chains >= 300
    assert set(after) >= {0, 1, 2, 3}
    off = {p: round((after[p] - expected[p]) / chains, 3) for p in sorted(expected)}
    # Over the haystacks that fit (one whose cold moves cannot be placed is drawn again), the
    # latest place is taken about 0.05 more often than the draw gives it (n=357).
    assert all(abs(d) < 0.07 for d in off.values()), (off, chains)


def test_the_current_values_place_is_spread_over_the_shape(semantic_corpus: Built) -> None:
    """The asked chain's rivals after its last link are planned (`Spec.place`: equal strata,
    one per question), not drawn per question: drawn, the third latest value said of the
    holder was the answer in 0.300 of the current-value questions (chance 0.123, n=20). Over
    the shape no reader answering with the k-th latest, most said or first value (k up to 4)
    beats chance by more than 0.15, and no place from the latest holds more than a third of
    the answers."""
    shares = sorted(
        s.place
        for s in semantic._specs(semantic.SEED, semantic.GENERATOR.levers[0])
        if s.shape == CV
    )
    assert shares == [(i + 0.5) / len(shares) for i in range(len(shares))]
    scored = _by_shape(semantic_corpus, CV)
    lifts = place_lifts(scored)[CV]
    worst = max(lifts, key=lambda r: lifts[r])
    assert lifts[worst] <= 0.15, (worst, lifts[worst])
    places = places_from_latest(scored, CV)
    assert len(places) >= 15
    assert max(Counter(places).values()) <= len(places) / 3, Counter(places)


def test_a_source_belief_recurs_said_of_someone_else(semantic_corpus: Built) -> None:
    """A source question's value is named in other sessions too, each of someone else: the
    value alone does not find the conversation, and the answer names no date."""
    for q in _by_shape(semantic_corpus, SA):
        events = q.typedmemeval.events or []
        source = next(e for e in events if e.kind == "value" and e.session_index == _gold(q)[0])
        assert names(q.question, source.value or ""), q.question_id
        echoes = [e for e in events if e.value == source.value and e.event_id != source.event_id]
        assert len(echoes) >= 2, q.question_id
        assert all(e.subject != source.subject for e in echoes)
        assert not re.search(r"\d|day|week|month", q.answer), q.answer


def test_rivals_and_replacements_are_told_as_statements_and_put_right_after(
    semantic_corpus: Built,
) -> None:
    """Every value turn of a rival or a replacement is drawn from the statement frames, and
    what it was comes in the user's next turn (its status), which names no family keyword (so
    it is never a turn a reader greps for); a replacement's status names the value replaced.
    True statements get a status at times too, so the exchange says nothing by itself."""
    keywords = status_keywords()
    kinds: Counter[str] = Counter()
    told = 0
    for a in semantic_corpus.assembled:
        for session, rendered in zip(a.question.haystack_sessions, a.sessions, strict=True):
            frames = [k for k, t in rendered.templates if t.startswith("frame:")]
            statuses = [k for k, t in rendered.templates if t.startswith("status:")]
            kinds.update(statuses)
            assert not {REPLACEMENT, "twin-rumour", "twin-considered"} & set(frames)
            moves = set(rendered.move_turns)
            for i, turn in enumerate(session):
                if turn.role == "user" and i not in moves and i - 2 in moves:
                    inside = any(i in range(lo, hi) for lo, hi in rendered.aside_turns)
                    if not inside and not keywords & set(raw_tokens(turn.content)):
                        told += 1
    assert {REPLACEMENT, "statement", "twin-rumour", "twin-considered", "twin-others"} <= set(
        kinds
    ), kinds
    assert told >= sum(kinds.values())
    for q in _by_shape(semantic_corpus, CV):
        events = {e.event_id: e for e in q.typedmemeval.events or []}
        for e in events.values():
            for r in e.relations:
                replaced = events[r.other_event_id].value or ""
                session = q.haystack_sessions[e.session_index]
                said = [t for t in session if names(t.content, replaced)]
                assert said and all(not (keywords & set(raw_tokens(t.content))) for t in said), (
                    q.question_id,
                    replaced,
                )


def test_the_replacement_bank_refuses_an_asked_belief_in_its_clauses_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(ASKED_BELIEFS, "car", "{holder} drives a {V}")
    with pytest.raises(BankError, match="clauses' words"):
        check_replacement_bank()


def test_replies_to_a_status_fit_every_status_they_may_follow() -> None:
    """A reply is drawn apart from the status it answers, so it presumes nothing a status may
    contradict or has just said (`Sounds like she knew what she wanted.` after `endless
    dithering`), and an alias reply never says the same thing twice."""
    presuming = ("smoothly", "hard choice", "knew what", "for long", "happy with the switch")
    for template in REPLACEMENT_STATUS_REPLIES:
        assert all(never(template, p) for p in presuming), template
    for template in ALIAS_REPLIES:
        assert never(template, "keep that in mind"), template
        assert never(template, "Thanks."), template


# --- gates -----------------------------------------------------------------------------------


def test_the_adversary_gates_pass_and_can_refuse(semantic_corpus: Built) -> None:
    g = semantic.GENERATOR
    clean = shared_gate_refusals(g, semantic_corpus)
    assert clean == [], clean
    marked = [q.model_copy(deep=True) for q in semantic_corpus.questions]
    for n, q in enumerate(marked):
        for si in _gold(q):
            q.haystack_sessions[si][0].content += f" Zorbify{n} again, as ever."
    found = shared_gate_refusals(g, semantic_corpus, marked)
    assert any(r.startswith("SEP008") for r in found), found


def test_a_replacement_status_claims_no_span_the_history_could_contradict() -> None:
    """ "That's instead of Dr Wende, which he kept for years!" a week after Wende was first
    reported: a replacement's status names no span of time."""
    import random as _random

    from corpora.generate.core.grammar import expand
    from corpora.generate.semantic.replacements import REPLACEMENT_STATUSES

    rng = _random.Random(5)
    spans = re.compile(
        r"\bfor (?:years|ages|months|a while|a good while|a long time|far too long)\b|all year|months of|after all this time"
    )
    texts = {expand(t, rng) for t in REPLACEMENT_STATUSES for _ in range(400)}
    assert not [t for t in texts if spans.search(t)]


def test_an_old_value_is_named_as_one_thing() -> None:
    """ "The Earlborough readers is out of the picture": an old value is named in the singular,
    as the statuses' verbs take it."""
    from corpora.generate.semantic.replacements import OLD_NAMES

    assert not [n for n in OLD_NAMES.values() if re.search(r"(?:readers|singers)$", n)]


def test_the_assistant_does_not_say_what_it_cannot_see() -> None:
    """ "The car looks right for her": the assistant hears of things, it cannot see them; nor
    does it say a car just picked up "is working out well", or praise keeping a dentist after
    a switch."""
    from corpora.generate.core.bank import FAMILY_REPLIES, REPLIES
    from corpora.generate.core.grammar import flatten
    from corpora.generate.core.world import STATEMENT

    texts = [flatten(t) for t in REPLIES[STATEMENT]]
    texts += [flatten(t) for t in FAMILY_REPLIES["dentist"][STATEMENT]]
    assert not [t for t in texts if re.search(r"\blooks\b|working out well|hanging on to", t)]
