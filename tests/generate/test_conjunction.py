"""The Conjunction generator: byte-identical regeneration, the shapes and counts of SPEC §3, both
halves of every question recorded and re-derived by the composition rules, neither half enough
alone, competition of the asked group's own kind, rivals worded like true memberships, and
planted disagreements refused."""

from __future__ import annotations

import hashlib
import math
import random
import re
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from checker.api import check_corpus
from checker.family import BY_KEY
from checker.formats.corpus import Question
from checker.registry import get_rule
from checker.separability import shortcuts
from checker.text import raw_tokens
from checker.verticals.conjunction.rules import halves_of
from corpora.generate.conjunction import clubs
from corpora.generate.conjunction import generator as conjunction
from corpora.generate.core.bank import RELATIONS, BankError
from corpora.generate.core.render import Remarks, render_session
from corpora.generate.core.stamp import corpus_file, corpus_text, in_memory
from corpora.generate.core.topics import LINKS
from corpora.generate.core.vertical import Built
from corpora.generate.core.wording import expansions
from corpora.generate.core.world import MENTION, TWIN_RUMOUR, Move, SessionPlan, draw_people
from tests.generate.conftest import as_shipped, passing_attempt, shared_gate_refusals

ROOT = Path(__file__).resolve().parents[2]
REVISION = "2026.12"
SHIPPED = ROOT / "corpora" / "conjunction" / Path(corpus_file("conjunction", REVISION)).name
PROFILE = BY_KEY["conjunction"]
VC, AC, OV, IS = (
    conjunction.VALUE_COUNT,
    conjunction.ALIAS_COUNT,
    conjunction.ORDER_VALUE,
    conjunction.INVALIDATION_SUM,
)
#: Two questions of every shape.
SMALL = frozenset({1, 2, 21, 22, 36, 37, 51, 52})
V5 = ("CNJ001", "CNJ002", "CNJ003", "DRV001", "DRV002", "DRV003", "DRV004", "DRV009", "DRV010")


def small(seed: int = conjunction.SEED) -> Built:
    return conjunction.build(seed, REVISION, conjunction.GENERATOR.levers[0], only=SMALL)


@pytest.fixture(scope="module")
def corpus() -> Built:
    g = conjunction.GENERATOR
    return conjunction.build(g.seed, REVISION, g.levers[0])


def _findings(questions: list[Question], codes: tuple[str, ...]) -> list[str]:
    _, loaded = in_memory(questions)
    rules = [get_rule(code) for code in codes]
    return [f"{f.code} {f.question_id}: {f.message}" for f in check_corpus(loaded, None, rules)]


def _gold(q: Question) -> list[int]:
    return [q.haystack_session_ids.index(sid) for sid in q.answer_session_ids]


def test_a_small_corpus_regenerates_byte_for_byte() -> None:
    first = small()
    assert {q.typedmemeval.shape for q in first.questions} == {VC, AC, OV, IS}
    assert corpus_text(small().questions) == corpus_text(first.questions)
    digest = hashlib.sha256(corpus_text(small(seed=1).questions).encode()).hexdigest()
    assert digest != hashlib.sha256(corpus_text(first.questions).encode()).hexdigest()


def test_the_shipped_corpus_is_what_the_generator_builds() -> None:
    sidecar = SHIPPED.with_name(SHIPPED.name.removesuffix(".json") + ".meta.json")
    attempt = passing_attempt(sidecar)
    g = conjunction.GENERATOR
    built = conjunction.build(g.seed, REVISION, g.levers[attempt - 1])
    assert as_shipped(built.questions, SHIPPED) == SHIPPED.read_bytes()


def test_shapes_counts_gold_sizes_and_haystacks(corpus: Built) -> None:
    questions = corpus.questions
    counts = Counter(q.typedmemeval.shape for q in questions)
    assert counts == {s.name: s.count for s in PROFILE.shapes} == {VC: 20, AC: 15, OV: 15, IS: 15}
    for shape in counts:
        sizes = Counter(len(_gold(q)) for q in questions if q.typedmemeval.shape == shape)
        assert set(sizes) == set(conjunction.G_BY_SHAPE[shape]), (shape, sizes)
        assert max(sizes.values()) - min(sizes.values()) <= 1, (shape, sizes)
    for q in questions:
        h = len(q.haystack_sessions) - len(_gold(q))
        assert conjunction.H_RANGE[0] <= h <= conjunction.H_RANGE[1], (q.question_id, h)
        assert q.typedmemeval.difficulty_dial == "dispersion"
    arms = Counter(q.typedmemeval.arm for q in questions if q.typedmemeval.shape == OV)
    assert set(arms) == {"first", "last"} and abs(arms["first"] - arms["last"]) <= 1


def test_every_gold_re_derives_from_its_two_halves(corpus: Built) -> None:
    codes = (*V5, "LEK001", "LEK002", "LEK003", "STR007", "STR009")
    assert _findings(corpus.questions, codes) == []


def test_neither_half_alone_answers(corpus: Built) -> None:
    """A count's operand half leaves another group that counts differently; a sum without its
    invalidation comes out higher; an order chain needs every order sentence (CNJ003) and has
    three members at least."""
    for q in corpus.questions:
        composition = PROFILE.composition(q.typedmemeval.shape)
        assert composition is not None
        halves = halves_of(q, composition)
        assert halves.problems == [] and halves.resolving and halves.operands, q.question_id
        if composition.apply == "count":
            assert any(a != halves.result for a in halves.alternatives), q.question_id
        elif composition.apply == "sum":
            ended = [e for e in halves.resolving if e.kind == "value"]
            assert len(ended) == 1 and len(halves.operands) >= 2, q.question_id
        else:
            assert len(halves.chain) >= 3, q.question_id


def test_the_asked_group_is_not_told_by_its_size(corpus: Built) -> None:
    """A reader who skips the first half and answers with the largest (or smallest) rival's
    count is right only some of the time: the asked group is drawn like the others."""
    largest = smallest = total = 0
    for q in corpus.questions:
        composition = PROFILE.composition(q.typedmemeval.shape)
        assert composition is not None
        if composition.apply != "count":
            continue
        halves = halves_of(q, composition)
        assert isinstance(halves.result, float)
        options = [halves.result, *halves.alternatives]
        largest += halves.result == max(options)
        smallest += halves.result == min(options)
        total += 1
    assert total == 35
    assert largest / total < 0.8 and smallest / total < 0.8, (largest, smallest)


def test_planted_disagreements_are_refused(corpus: Built) -> None:
    """Prose and gold made to disagree on the real corpus: the composition rule refuses each,
    and the pipeline's gate refuses the corpus."""
    questions = [q.model_copy(deep=True) for q in corpus.questions]
    count = next(q for q in questions if q.typedmemeval.shape == VC)
    count.answer = "Nine."
    total = next(q for q in questions if q.typedmemeval.shape == IS)
    cancelled = next(
        c.session_index for c in total.typedmemeval.gold_components or () if c.kind == "statement"
    )
    derivation = total.typedmemeval.derivation
    assert derivation is not None
    derivation.inputs.append(derivation.inputs[0].model_copy(update={"session_index": cancelled}))
    order = next(q for q in questions if q.typedmemeval.shape == OV)
    order.answer = "Nobody I know."
    found = _findings(questions, ("CNJ001",))
    for q in (count, total, order):
        assert any(f.startswith(f"CNJ001 {q.question_id}") for f in found), found
    refusals = shared_gate_refusals(conjunction.GENERATOR, corpus, questions)
    assert any("CNJ001" in r for r in refusals), refusals[:5]


def test_no_wording_tells_a_true_membership_from_a_rival(corpus: Built) -> None:
    """A club considered or rumoured is said in a true membership's own frames, clauses and
    fee, so the marker adversary (SHC003) weighing every statement of a club by the asked
    person does no better than its goal, and no other shortcut measurement refuses."""
    _, loaded = in_memory(corpus.questions)
    measured = shortcuts.marker_adversary(loaded)
    assert measured.haystacks >= shortcuts.MIN_HAYSTACKS
    assert measured.auc < shortcuts.MARKER_TARGET, measured
    assert _findings(corpus.questions, ("SHC001", "SHC002", "SHC003")) == []


def _answer_places(questions: list[Question]) -> tuple[list[int], list[int]]:
    """For each order-then-value question: the answer's place among the asked kind's
    value-bearing sentences (the chain's statements and its twins), counted from the latest,
    and how many there are."""
    places, sizes = [], []
    for q in questions:
        block = q.typedmemeval
        if block.shape != OV:
            continue
        said = [e.session_index for e in block.events or () if e.kind == "value"]
        said += [t.session_index for t in block.twins or ()]
        answer = next(
            c.session_index for c in block.gold_components or () if c.kind == "answer-value"
        )
        latest_first = sorted(said, reverse=True)
        places.append(latest_first.index(answer))
        sizes.append(len(said))
    return places, sizes


def test_no_place_among_the_values_said_tells_the_answer(corpus: Built) -> None:
    """A reader of an order chain's kind who skips the order sentences and picks the latest
    value said, the one before it, the earliest or the one after it is right about as often
    as chance over the shape's questions, under the shipped seed and two others: the answer's
    place is planned, not left to the draw (which put it second from the latest in 8 of 15)."""
    first = sum(
        count for _, count in conjunction.SHAPES[: [s for s, _ in conjunction.SHAPES].index(OV)]
    )
    numbers = frozenset(range(first + 1, first + dict(conjunction.SHAPES)[OV] + 1))
    levers = conjunction.GENERATOR.levers[0]
    for seed in (conjunction.SEED, 1, 2):
        if seed == conjunction.SEED:
            questions = corpus.questions
        else:
            questions = conjunction.build(seed, REVISION, levers, only=numbers).questions
        places, sizes = _answer_places(questions)
        assert len(places) == len(numbers) == 15
        chance = sum(1 / k for k in sizes) / len(sizes)
        pickers = {
            "latest": lambda p, k: p == 0,
            "one before the latest": lambda p, k: p == 1,
            "earliest": lambda p, k: p == k - 1,
            "one after the earliest": lambda p, k: p == k - 2,
        }
        for name, picks in pickers.items():
            right = sum(picks(p, k) for p, k in zip(places, sizes, strict=True)) / len(places)
            assert abs(right - chance) <= 0.12, (seed, name, right, chance, places)


def test_a_twin_is_said_as_a_membership_and_corrected_by_the_user(corpus: Built) -> None:
    """Every recorded twin's turn is followed by the user's status turn — in the next turn, or
    after the next move's talk, led back to it by its value (`render.DEFER_SHARE`) — which
    names none of the question's key words (so it is no candidate a reader weighs); in a sum's
    haystack the twin states a fee, like every membership of the asked person that is still
    kept."""
    seen = 0
    for q in corpus.questions:
        block = q.typedmemeval
        keys = shortcuts.key_words(q.question, shortcuts.declared_values(block))
        for twin in block.twins or ():
            turns = q.haystack_sessions[twin.session_index]
            said = next(
                i for i, t in enumerate(turns) if t.role == "user" and twin.value in t.content
            )
            later = [
                i
                for i, t in enumerate(turns)
                if i > said + 2 and t.role == "user" and twin.value in t.content
            ]
            status = turns[later[0] if later else said + 2]
            assert status.role == "user", (q.question_id, status.content)
            assert not keys.attribute & set(raw_tokens(status.content)), status.content
            if block.shape == IS:
                assert "paying" in turns[said].content, turns[said].content
            seen += 1
        if block.shape == IS:
            kept = {i.session_index for i in block.derivation.inputs}
            for s in kept:
                stated = [t for t in q.haystack_sessions[s] if t.has_answer and t.role == "user"]
                assert any("paying" in t.content for t in stated), (q.question_id, s)
    assert seen >= 30, seen


def test_a_status_naming_a_word_a_question_asks_by_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rumours = clubs.CLUB_STATUSES[TWIN_RUMOUR]
    monkeypatch.setitem(clubs.CLUB_STATUSES, TWIN_RUMOUR, (*rumours, "Not that club."))
    with pytest.raises(BankError, match="club"):
        clubs.check_club_bank()
    monkeypatch.setitem(clubs.CLUB_STATUSES, TWIN_RUMOUR, (*rumours, "Not {pron}, sorry."))
    clubs.check_club_bank()


_AMOUNT = re.compile(r"([£€$])(\d+)\.(\d\d)")


def _amounts(q: Question) -> list[tuple[int, str, int]]:
    """Every amount the haystack states: (session, symbol, cents)."""
    return [
        (s, m.group(1), int(m.group(2)) * 100 + int(m.group(3)))
        for s, turns in enumerate(q.haystack_sessions)
        for t in turns
        for m in _AMOUNT.finditer(t.content)
    ]


def test_every_haystack_pays_in_one_currency(corpus: Built) -> None:
    """A circle of people pays in one currency: every amount a haystack states (anyone's fee,
    the asked person's, a rival's, a twin's) carries the same symbol, the answer's; pounds are
    the usual one, since the conversations are in British English."""
    units = Counter[str]()
    for q in corpus.questions:
        symbols = {symbol for _, symbol, _ in _amounts(q)}
        if q.typedmemeval.shape != IS:
            assert symbols == set(), (q.question_id, symbols)
            continue
        assert len(symbols) == 1, (q.question_id, symbols)
        (symbol,) = symbols
        assert q.answer.startswith(symbol), (q.question_id, q.answer)
        units[symbol] += 1
    assert sum(units.values()) == 15 and units["£"] > units["€"] > 0 and "$" not in units, units


def test_the_gold_total_is_reached_by_no_other_choice_of_fees(corpus: Built) -> None:
    """Of every choice of up to G + 1 of the fees a sum's haystack states (each fee once; the
    same amount said twice is two fees), exactly one adds up to the gold total to the cent:
    the derivation's inputs. Counted by dynamic programming over the fees as the text states
    them, independently of the generator's and the checker's search."""
    guarded = []
    for q in corpus.questions:
        block = q.typedmemeval
        if block.shape != IS:
            continue
        assert block.derivation is not None and block.derivation.tolerance == 0.0
        fees = _amounts(q)
        g = len(_gold(q))
        total = round(block.derivation.value * 100)
        inputs = Counter((i.session_index, round(i.value * 100)) for i in block.derivation.inputs)
        stated = Counter((s, cents) for s, _, cents in fees)
        assert not inputs - stated, (q.question_id, inputs, stated)
        assert q.answer == f"{fees[0][1]}{total // 100}.{total % 100:02d} a month."
        # ways[k][v]: choices of k fees adding up to v cents.
        ways = [[0] * (total + 1) for _ in range(g + 2)]
        ways[0][0] = 1
        for _, _, cents in fees:
            for k in range(g + 1, 0, -1):
                for v in range(total, cents - 1, -1):
                    ways[k][v] += ways[k - 1][v - cents]
        assert sum(ways[k][total] for k in range(1, g + 2)) == 1, q.question_id
        guarded.append(sum(math.comb(len(fees), k) for k in range(1, g + 2)))
    assert len(guarded) == 15 and min(guarded) > 1000, guarded


def test_a_club_considered_after_a_membership_that_goes_on_is_a_try() -> None:
    """After "is a paid-up member … paying £x a month", a club considered is taken back as a
    try that went no further, never "backed out at the last minute" (`CLUB_STATUS_UNFIT`); a
    club only heard about still gets any of them."""
    from corpora.generate.core.render import fitting_statuses
    from corpora.generate.core.world import TWIN_CONSIDERED

    options = clubs.CLUB_BANK.statuses[TWIN_CONSIDERED]
    plan = {options.index(t) for t in clubs._CLUB_NOT_DONE_PLAN}
    member = "So my grandad is a paid-up member of the Velmor tennis club, paying a fee."
    fit = fitting_statuses(TWIN_CONSIDERED, member, clubs.CLUB_BANK)
    assert fit and not plan & set(fit)
    heard = "I heard my grandad signed up with the Velmor tennis club."
    assert plan <= set(fitting_statuses(TWIN_CONSIDERED, heard, clubs.CLUB_BANK))
    told = "My boss gave me the news yesterday: she signed up with the Velmor tennis club."
    rumours = clubs.CLUB_BANK.statuses[TWIN_RUMOUR]
    vague = {rumours.index(t) for t in clubs._CLUB_NOT_SO_VAGUE}
    fit = fitting_statuses(TWIN_RUMOUR, told, clubs.CLUB_BANK)
    assert fit and not vague & set(fit)


def test_no_mention_frame_ends_on_a_time_phrase_after_its_topic() -> None:
    """("Got talking to my dad about how long one game of chess can drag on five days ago")"""
    from corpora.generate.conjunction.clubs import CLUB_MENTION_FRAMES

    assert not any(f.endswith("{topic} {when}.") for f in CLUB_MENTION_FRAMES)
    assert any(f.startswith("{When} I [got|ended up] talking") for f in CLUB_MENTION_FRAMES)


def test_no_frame_and_clause_say_the_same_thing_twice() -> None:
    """A membership ended is told once: no frame's tail repeats what a clause already says
    ("quit the club, saying it was time, and she says it was time"), and an order fact is
    heard or found out, not "worked out"."""
    from corpora.generate.core.world import INVALIDATION

    frames = clubs.CLUB_BANK.frames.get(INVALIDATION, ())
    assert frames
    for family in clubs.CLUB_FAMILIES:
        for clause in family.clauses[INVALIDATION]:
            for said in expansions(clause, limit=200):
                for frame in frames:
                    for text in expansions(frame, limit=200):
                        whole = text.replace("{clause}", said)
                        assert whole.count("it was time") < 2, whole
    for frame in clubs.ORDER_FRAMES:
        assert "worked out" not in frame


#: A link a remark may open with ("That reminds me, over dinner …"), left off to compare.
_LINKED = re.compile("^(?:" + "|".join(re.escape(link) for link in LINKS) + ") ")


def _remarks(q: Question) -> list[str]:
    """Every passing remark of the haystack (a user sentence naming a mention topic), its link
    left off, case-folded, in order."""
    topics = [t for kind in clubs.KINDS for t in kind.topics]
    return [
        _LINKED.sub("", sentence).casefold()
        for session in q.haystack_sessions
        for t in session
        if t.role == "user"
        for sentence in re.split(r"(?<=[.!?])\s+", t.content)
        if any(topic in sentence for topic in topics)
    ]


def test_no_remark_is_said_twice_word_for_word_in_a_haystack(corpus: Built) -> None:
    """A passing remark about someone's sport ("Over dinner my gran got going on playing tennis
    in the wind.") is not said again word for word in the haystack: one that would be is
    worded afresh (`core.render.Remarks`)."""
    for q in corpus.questions:
        said = _remarks(q)
        assert said, q.question_id
        repeated = sorted(r for r, n in Counter(said).items() if n > 1)
        assert not repeated, (q.question_id, repeated)


def test_a_remark_worded_afresh_draws_nothing_from_the_session() -> None:
    """A mention said twice is worded afresh the second time from the remark's own generator:
    the session's generator ends where it ends with no remark avoided (so every later draw of
    the haystack stays as it was), and only the repeated sentence differs."""
    gran = next(p for p in draw_people(random.Random(0), RELATIONS) if p.key == "gran")
    tennis = next(f for f in clubs.CLUB_FAMILIES if f.key == "tennis")
    moment = datetime(2026, 3, 4, 18, 30)

    def render(remarks: Remarks | None, seed: int) -> tuple[list[str], object]:
        rng = random.Random(seed)
        turns: list[str] = []
        for s in range(2):
            move = Move(MENTION, gran, tennis, when=moment - timedelta(days=2))
            plan = SessionPlan(moment, [move])
            if remarks is not None:
                remarks.begin(s)
            # The same draw both times: the second session repeats the first one's remark.
            rng.seed(seed)
            session = render_session(plan, rng, clubs.CLUB_BANK, remarks=remarks)
            if remarks is not None:
                remarks.keep()
            turns += [t.content for t in session.turns]
        return turns, rng.getstate()

    for seed in range(5):
        plain_turns, plain_state = render(None, seed)
        fresh_turns, fresh_state = render(Remarks("test"), seed)
        assert fresh_state == plain_state
        first = plain_turns[: len(plain_turns) // 2]
        assert plain_turns[len(first) :] == first
        changed = [(a, b) for a, b in zip(plain_turns, fresh_turns, strict=True) if a != b]
        assert changed and changed[0][0] == first[0] and changed[0][1] not in first, changed
        # The reply names the remark's topic: drawn afresh, the topic is the reply's too.
        was, now = (next(t for t in tennis.topics if t in text) for text in changed[0])
        for before, after in changed[1:]:
            assert after.replace(now, was) == before, (before, after)
