"""The Arithmetic generator: byte-identical regeneration, the planned shapes and G ladder,
derivations the checker re-derives from the bytes, amounts that no other combination reaches,
balanced currencies, durations read from the calendar, content that says nothing of its making,
class parity, and competition that a question-blind shortcut cannot see through."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from checker.api import check_corpus
from checker.formats.corpus import Question, Turn
from checker.load import parse_date
from checker.registry import get_rule
from checker.retrieval.strips import is_keyword_sentence
from checker.rules.dates import ABSOLUTE_DATE_PATTERNS, YEAR_RE
from checker.rules.derivation import EPS, Item, coincident_subset, unit_values
from checker.rules.leaks import PRODUCTION_WORDS
from checker.text import bm25_tokens, raw_tokens, sentences
from corpora.generate.arithmetic import amounts
from corpora.generate.arithmetic import generator as arithmetic
from corpora.generate.arithmetic.amounts import (
    AMOUNTS_BANK,
    CURRENCIES,
    FAMILIES,
    AmountsBankError,
    check_amounts_bank,
    question_words,
)
from corpora.generate.core.bank import RELATIONS
from corpora.generate.core.parity import parity_test
from corpora.generate.core.stamp import (
    corpus_file,
    corpus_text,
    in_memory,
    sidecar_file,
)
from corpora.generate.core.vertical import Built
from corpora.generate.core.wording import expansions
from tests.generate.conftest import as_shipped, digest_in_another_process, passing_attempt

ROOT = Path(__file__).resolve().parents[2]
REVISION = "2026.12"
SHIPPED = ROOT / "corpora" / corpus_file("arithmetic", REVISION)
SHIPPED_SIDECAR = ROOT / "corpora" / sidecar_file("arithmetic", REVISION)
#: Two questions of every shape (question numbers follow the shape order of `G_PLAN`).
SMALL = frozenset({1, 2, 15, 16, 29, 30, 39, 40})
#: A fixed-seed corpus's p-value is a number, not a draw: the bar is the 1% level.
ALPHA = 0.01
#: The only digits message content may carry: an amount as the generator writes it.
AMOUNT = re.compile(r"\b\d{1,3}(?:,\d{3})?\.\d{2} (?:euros|pounds|dollars|francs)\b")
MAKING_WORDS = re.compile(
    r"\b(gold|filler|distractors?|echo|decoys?|near.misses?|evidence|competitors?|rivals?|"
    r"frame:|clause:|topic:|reply:|opener:)\b",
    re.I,
)
#: The question-blind shortcut must stay below the adversaries' target.
TARGET = 0.65
DERIVATION_RULES = ("DRV001", "DRV002", "DRV003", "DRV004", "DRV009", "DRV010", "LEK001")


def small(seed: int = arithmetic.SEED) -> Built:
    g = arithmetic.GENERATOR
    return arithmetic.build(seed, REVISION, g.levers[0], only=SMALL)


def _digest(built: Built) -> str:
    return hashlib.sha256(corpus_text(built.questions).encode()).hexdigest()


@pytest.fixture(scope="module")
def corpus() -> Built:
    """The whole corpus at the first competition setting (no gates)."""
    g = arithmetic.GENERATOR
    return arithmetic.build(g.seed, REVISION, g.levers[0])


def _gold(q: Question) -> set[int]:
    ids = set(q.answer_session_ids)
    return {i for i, sid in enumerate(q.haystack_session_ids) if sid in ids}


def _text(q: Question, si: int) -> str:
    return "\n".join(t.content for t in q.haystack_sessions[si])


# --- regeneration ----------------------------------------------------------------------------


def test_a_small_corpus_regenerates_byte_for_byte() -> None:
    first = small()
    assert {q.typedmemeval.shape for q in first.questions} == set(arithmetic.G_PLAN)
    assert corpus_text(small().questions) == corpus_text(first.questions)
    assert _digest(small(seed=1)) != _digest(first)


def test_another_process_with_another_hash_seed_writes_the_same_bytes() -> None:
    assert digest_in_another_process("tests.generate.test_arithmetic") == _digest(small())


@pytest.mark.skipif(not SHIPPED.is_file(), reason="no shipped Arithmetic corpus yet")
def test_the_shipped_corpus_is_what_the_generator_builds() -> None:
    """The shipped bytes are the build at the competition setting its trace says passed, with the
    ladder's verdict stamped into every banded question (the gate's only addition)."""
    attempt = passing_attempt(SHIPPED_SIDECAR)
    g = arithmetic.GENERATOR
    built = arithmetic.build(g.seed, REVISION, g.levers[attempt - 1])
    assert as_shipped(built.questions, SHIPPED) == SHIPPED.read_bytes()


# --- plan ---------------------------------------------------------------------------------


def test_shapes_counts_and_an_even_g_ladder_in_every_shape(corpus: Built) -> None:
    by_shape: dict[str, Counter[int]] = {}
    for q in corpus.questions:
        g = len(q.answer_session_ids)
        by_shape.setdefault(q.typedmemeval.shape, Counter())[g] += 1
        assert q.typedmemeval.difficulty == g - 2
        assert q.typedmemeval.difficulty_dial == "dispersion"
    assert {s: sum(c.values()) for s, c in by_shape.items()} == {
        "count": 14,
        "sum": 14,
        "delta": 10,
        "duration": 12,
    }
    for shape, counts in by_shape.items():
        assert set(counts) == {3, 4, 5, 6}, shape
        assert max(counts.values()) - min(counts.values()) <= 1, (shape, counts)
    overall = Counter(len(q.answer_session_ids) for q in corpus.questions)
    assert max(overall.values()) - min(overall.values()) <= 1


def test_haystack_size_says_nothing_about_g(corpus: Built) -> None:
    """A count's answer is G, so the number of sessions is drawn independently of it: every G
    is asked over the same range of haystack sizes, and H stays within 15-25."""
    sizes: dict[int, set[int]] = {}
    for q in corpus.questions:
        g, n = len(q.answer_session_ids), len(q.haystack_sessions)
        assert 15 <= n - g <= 25
        assert arithmetic.SESSIONS_RANGE[0] <= n <= arithmetic.SESSIONS_RANGE[1]
        sizes.setdefault(g, set()).add(n)
    low, high = arithmetic.SESSIONS_RANGE
    for g, seen in sizes.items():
        assert min(seen) <= low + 2 and max(seen) >= high - 2, (g, sorted(seen))


# --- derivations ----------------------------------------------------------------------------


def test_the_checker_re_derives_every_gold_from_the_bytes(corpus: Built) -> None:
    _, loaded = in_memory(corpus.questions, SHIPPED)
    findings = check_corpus(loaded, None, [get_rule(code) for code in DERIVATION_RULES])
    assert [f"{f.code} {f.question_id}: {f.message}" for f in findings] == []


def test_no_other_combination_reaches_the_gold_and_the_search_can_see_one(corpus: Built) -> None:
    """Re-run the coincident-subset search on every sum and delta; then plant a rival equal to
    one gold input and show the same search finds it."""
    checked = 0
    for q in corpus.questions:
        d = q.typedmemeval.derivation
        assert d is not None
        if d.operation not in ("sum", "delta"):
            continue
        items = [
            Item(v, si, 0)
            for si in range(len(q.haystack_sessions))
            for v in unit_values(_text(q, si), d.unit)
        ]
        items = [Item(it.value, it.session_index, i) for i, it in enumerate(items)]
        sides = d.sides or ["a"] * len(d.inputs)
        gold = frozenset(
            (
                next(
                    it.slot
                    for it in items
                    if it.session_index == i.session_index and abs(it.value - i.value) <= EPS
                ),
                1 if s == "a" else -1,
            )
            for i, s in zip(d.inputs, sides, strict=True)
        )
        assert len(gold) == len(d.inputs)
        signed = d.operation == "delta"
        g = len(d.inputs)
        assert coincident_subset(items, gold, d.value, g + 1, EPS, signed) is None
        rival = next(it for it in items if it.slot not in {slot for slot, _ in gold})
        first = min(gold)
        planted = [
            Item(items[first[0]].value, it.session_index, it.slot) if it is rival else it
            for it in items
        ]
        assert coincident_subset(planted, gold, d.value, g + 1, EPS, signed) is not None
        checked += 1
    assert checked == 24


def test_every_count_candidate_is_recorded_and_only_gold_matches(corpus: Built) -> None:
    for q in corpus.questions:
        if q.typedmemeval.shape != "count":
            continue
        candidates = q.typedmemeval.candidates or []
        assert {c.session_index for c in candidates if c.matches} == _gold(q)
        assert any(not c.matches for c in candidates)
        assert q.typedmemeval.fact_family is not None
        keyword = FAMILIES[q.typedmemeval.fact_family].keywords[0]
        # Every payment or twin of the asked family in the haystack is a candidate.
        recorded = Counter(c.session_index for c in candidates)
        for si in range(len(q.haystack_sessions)):
            turns = [t.content for t in q.haystack_sessions[si] if t.role == "user"]
            named = sum(1 for t in turns if keyword in raw_tokens(t) and AMOUNT.search(t))
            assert recorded[si] == named, (q.question_id, si)


def test_a_batch_comes_back_within_weeks_not_months(corpus: Built) -> None:
    """A batch's returns sit within a few sessions of it (`BATCH_SLACK`), so a parcel arrives,
    an invitation is answered or a seed comes up days or a couple of weeks later (placed
    anywhere in the haystack, one took two months)."""
    for q in corpus.questions:
        d = q.typedmemeval.derivation
        assert d is not None
        if d.operation != "duration":
            continue
        gold = sorted(_gold(q))
        assert gold[-1] - gold[0] < len(gold) + arithmetic.BATCH_SLACK, q.question_id
        assert max(i.value for i in d.inputs) <= 45, (q.question_id, [i.value for i in d.inputs])


def test_durations_count_calendar_days_from_the_dispatch(corpus: Built) -> None:
    for q in corpus.questions:
        d = q.typedmemeval.derivation
        assert d is not None
        if d.operation != "duration":
            continue
        assert d.unit == arithmetic.DURATION_UNIT
        start = {i.from_session_index for i in d.inputs}
        assert len(start) == 1
        first = start.pop()
        assert first is not None and first == min(_gold(q))
        base = parse_date(q.haystack_dates[first])
        assert base is not None
        total = 0.0
        for i in d.inputs:
            end = parse_date(q.haystack_dates[i.session_index])
            assert end is not None and end.date() > base.date()
            assert i.value == (end.date() - base.date()).days
            total += i.value
            assert "today" in _text(q, i.session_index)
        assert d.value == total
        assert q.answer == f"{int(total)} days"


def test_currencies_are_balanced_in_every_haystack(corpus: Built) -> None:
    """No currency holds more amounts than another by more than one, so the asked currency is
    never its haystack's centre of mass."""
    for q in corpus.questions:
        counts = Counter(
            {
                c: sum(len(unit_values(_text(q, si), c)) for si in range(len(q.haystack_sessions)))
                for c in CURRENCIES
            }
        )
        assert max(counts.values()) - min(counts.values()) <= 1, (q.question_id, counts)


# --- content ------------------------------------------------------------------------------


def test_content_carries_digits_only_inside_amounts_and_never_the_answer(corpus: Built) -> None:
    for q in corpus.questions:
        number = q.answer.split()[0]
        payment_haystack = q.typedmemeval.shape != "duration"
        for si, session in enumerate(q.haystack_sessions):
            user_amounts = 0
            for turn in session:
                text = turn.content
                assert not PRODUCTION_WORDS.search(text), (q.question_id, text)
                assert not MAKING_WORDS.search(text), (q.question_id, text)
                assert not YEAR_RE.search(text), (q.question_id, text)
                assert not any(p.search(text) for _, p in ABSOLUTE_DATE_PATTERNS), text
                assert not re.search(r"\d", AMOUNT.sub("", text)), (q.question_id, text)
                if turn.role == "assistant":
                    assert not AMOUNT.search(text), (q.question_id, text)
                user_amounts += len(AMOUNT.findall(text))
                if len(number) >= 3 and "." in number:
                    assert number not in text.replace(",", "")
            # Digit parity: every session states as many amounts as every other.
            assert user_amounts == (2 if payment_haystack else 1), (q.question_id, si)


def test_question_words_never_occur_in_conversation_templates() -> None:
    spoken = {w for _, text in amounts._bank_texts() for w in bm25_tokens(text)}
    people = {w for r in RELATIONS for w in bm25_tokens(r.noun)}
    for family in FAMILIES.values():
        for template, words in question_words(family):
            assert words, template
            assert not (words - people) & spoken, (family.key, template)


def test_the_bank_check_refuses_a_question_word_in_a_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    replies = dict(AMOUNTS_BANK.replies)
    replies["payment"] = (*replies["payment"], "That adds to the total for {your}, then.")
    monkeypatch.setattr(amounts, "AMOUNTS_BANK", dataclasses.replace(AMOUNTS_BANK, replies=replies))
    with pytest.raises(AmountsBankError, match="total"):
        check_amounts_bank()


def test_the_bank_check_refuses_a_status_that_names_a_family(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A status says what became of a statement without naming its thing: one that did would
    be a statement of a value itself."""
    statuses = dict(AMOUNTS_BANK.statuses)
    statuses["twin-rumour"] = (*statuses["twin-rumour"], "Sorry, {pron} never went to the vet.")
    monkeypatch.setattr(
        amounts, "AMOUNTS_BANK", dataclasses.replace(AMOUNTS_BANK, statuses=statuses)
    )
    with pytest.raises(AmountsBankError, match="vet"):
        check_amounts_bank()


def test_the_bank_check_refuses_a_twin_told_in_words_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    statuses = {k: v for k, v in AMOUNTS_BANK.statuses.items() if k != "twin-others"}
    monkeypatch.setattr(
        amounts, "AMOUNTS_BANK", dataclasses.replace(AMOUNTS_BANK, statuses=statuses)
    )
    with pytest.raises(AmountsBankError, match="twin-others"):
        check_amounts_bank()


def test_every_question_has_value_bearing_twins_outside_gold(corpus: Built) -> None:
    for q in corpus.questions:
        twins = q.typedmemeval.twins or []
        assert twins, q.question_id
        for twin in twins:
            assert twin.session_index not in _gold(q)
            assert twin.value in _text(q, twin.session_index)
            assert twin.value not in q.answer


#: Move kinds a user turn is told as: the facts and the near miss; no twin has words of its own.
TOLD_KINDS = frozenset({"payment", "dispatch", "return", "mention"})


def test_every_rival_is_told_as_a_fact_and_what_became_of_it_follows(corpus: Built) -> None:
    """A twin is told in the frames and clauses of the fact it rivals, and its status comes in
    the user's next turn (naming no family keyword, held at import); true payments, batches
    and returns get such a turn at times too, gold or not, so a status says nothing alone."""
    statuses: Counter[str] = Counter()
    facts = 0
    for a in corpus.assembled:
        gold = _gold(a.question)
        for si, rendered in enumerate(a.sessions):
            frames = [t.split(":")[1] for _, t in rendered.templates if t.startswith("frame:")]
            assert set(frames) <= TOLD_KINDS, frames
            said = [k for k, t in rendered.templates if t.startswith("status:")]
            # One twin per session: exactly one rival's status, after a fact-worded turn.
            assert sum(k.startswith("twin-") for k in said) == 1, said
            facts += sum(f != "mention" for f in frames) - 1
            statuses.update(f"{'gold' if si in gold else 'other'} {k}" for k in said)
            turns = a.question.haystack_sessions[si]
            for index, kind in zip(rendered.move_turns, frames, strict=True):
                if kind != "mention":
                    assert AMOUNT.search(turns[index].content) or kind != "payment"
    true_statuses = sum(n for k, n in statuses.items() if not k.split()[1].startswith("twin-"))
    assert 0.2 < true_statuses / facts < 0.4, (true_statuses, facts)
    for side in ("gold", "other"):
        assert sum(n for k, n in statuses.items() if k == f"{side} payment"), side


def test_gold_and_other_sessions_use_moves_and_templates_alike(corpus: Built) -> None:
    result = parity_test(corpus)
    assert result.kinds.p_value > ALPHA, result.describe()
    assert result.templates.p_value > ALPHA, result.describe()


# --- the question-blind shortcut --------------------------------------------------------------

RELATION_WORDS = frozenset(w for r in RELATIONS for w in r.noun.split())
FAMILY_WORDS = frozenset(w for f in FAMILIES.values() for w in f.keywords)
VALUE = re.compile(r"\d|(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{3,}\b")


def _pairs(text: str) -> set[tuple[str, str]]:
    words = set(raw_tokens(text))
    return set(itertools.product(sorted(words & RELATION_WORDS), sorted(words & FAMILY_WORDS)))


def centre_of_mass_auc(questions: list[Question]) -> float:
    """Within-question AUC of the haystack-wide count of the most repeated (person, family)
    pair that a session's value-naming user turn names (question-blind)."""
    wins = total = 0.0
    for q in questions:
        counts: Counter[tuple[str, str]] = Counter()
        for session in q.haystack_sessions:
            counts.update(set().union(*(_pairs(t.content) for t in session if t.role == "user")))
        scores = []
        for session in q.haystack_sessions:
            best = 0
            for t in session:
                if t.role == "user" and VALUE.search(t.content):
                    best = max([best, *(counts[p] for p in _pairs(t.content))])
            scores.append(best)
        gold = _gold(q)
        for g in gold:
            for o in set(range(len(scores))) - gold:
                wins += 1.0 if scores[g] > scores[o] else 0.5 if scores[g] == scores[o] else 0.0
                total += 1
    return wins / total


def test_the_asked_pair_is_not_the_haystacks_centre_of_mass(corpus: Built) -> None:
    assert centre_of_mass_auc(corpus.questions) < TARGET


def test_the_shortcut_sees_a_centre_of_mass_when_there_is_one(corpus: Built) -> None:
    """Planted: every third non-gold session gains a turn naming the asked person and family."""
    planted = []
    for q in corpus.questions:
        words = [w for w in raw_tokens(q.question) if w in RELATION_WORDS | FAMILY_WORDS]
        extra = Turn(
            role="user", content=f"I keep thinking about {' and '.join(words)}.", has_answer=False
        )
        gold = _gold(q)
        sessions = [
            [*s, extra] if i % 3 == 0 and i not in gold else s
            for i, s in enumerate(q.haystack_sessions)
        ]
        planted.append(q.model_copy(update={"haystack_sessions": sessions}))
    assert centre_of_mass_auc(planted) > 0.75


# --- replies and the generic strip ------------------------------------------------------------

#: Largest share of all assistant turns one reply text may take.
MAX_REPLY_SHARE = 0.02


def test_no_sentence_is_made_of_the_question_s_keywords(corpus: Built) -> None:
    """The generic scaffolding strip has nothing to remove, in gold or anywhere else."""
    for q in corpus.questions:
        keywords = frozenset(bm25_tokens(q.question))
        for session in q.haystack_sessions:
            for turn in session:
                hits = [s for s in sentences(turn.content) if is_keyword_sentence(s, keywords)]
                assert hits == [], (q.question_id, hits)


def test_no_reply_recurs_in_more_than_two_percent_of_turns(corpus: Built) -> None:
    replies = Counter(
        t.content
        for q in corpus.questions
        for s in q.haystack_sessions
        for t in s
        if t.role == "assistant"
    )
    text, most = replies.most_common(1)[0]
    assert most / sum(replies.values()) <= MAX_REPLY_SHARE, (text, most)


def test_every_reply_answers_its_own_move(corpus: Built) -> None:
    """Each assistant turn is drawn for the move kind its user turn made (a withdrawn quote gets
    a quote's reply, a return a return's), never another kind's."""
    checked = 0
    for a in corpus.assembled:
        for rendered in a.sessions:
            frames = [t for _, t in rendered.templates if t.startswith("frame:")]
            replies = [t for _, t in rendered.templates if t.startswith("reply:")]
            assert len(replies) == len(rendered.move_turns) == len(frames)
            for frame, reply in zip(frames, replies, strict=True):
                assert frame.split(":")[1] == reply.split(":")[1], (frame, reply)
                checked += 1
    assert checked == 4 * sum(len(q.haystack_sessions) for q in corpus.questions)


def test_a_household_pays_in_one_currency_and_every_currency_has_two_people() -> None:
    g = arithmetic.GENERATOR
    for plan in arithmetic._plans(g.seed, g.levers[0]):
        rng = arithmetic.question_rng(g.seed, arithmetic.VERTICAL, plan.n)
        cast, currency_of = arithmetic._cast(rng, plan)
        assert set(currency_of) == {p.key for p in cast}
        for house in arithmetic.HOUSEHOLDS:
            assert len({currency_of[k] for k in house if k in currency_of}) <= 1, house
        assert min(Counter(currency_of.values()).values()) >= 2


@pytest.mark.parametrize("family", [f.key for f in amounts.PAYMENT_FAMILIES])
def test_each_kind_of_payment_costs_what_it_plausibly_would(family: str) -> None:
    """A filling is never thousands: every payment family has its own range inside the
    amounts' three-or-four-digit shape."""
    low, high = arithmetic.FAMILY_CENTS[family]
    assert amounts.AMOUNT_CENTS[0] <= low < high <= amounts.AMOUNT_CENTS[1]
    rng = random.Random(family)
    drawn = [arithmetic._draw(rng, family) for _ in range(200)]
    assert low <= min(drawn) and max(drawn) <= high
    assert arithmetic.FAMILY_CENTS["dentist"][1] < 1_000_00


def test_a_payment_the_person_told_of_is_not_taken_back_as_the_user_running_ahead() -> None:
    """ "My aunt rang to say she paid …" is not followed by "she only talked it over with me
    and let it go": a payment considered after a first-hand sentence says how the user went
    wrong (misheard) or that the person said so at first (`AMOUNT_STATUS_UNFIT`)."""
    from corpora.generate.arithmetic import amounts
    from corpora.generate.core.render import fitting_statuses
    from corpora.generate.core.world import TWIN_CONSIDERED

    options = amounts.AMOUNTS_BANK.statuses[TWIN_CONSIDERED]
    told = "My aunt rang to say she paid 40.00 euros at the Velmor bike shop."
    fit = {options[i] for i in fitting_statuses(TWIN_CONSIDERED, told, amounts.AMOUNTS_BANK)}
    assert fit and not fit & {options[i] for i in (0, 1, 3)}
    heard = "I heard my aunt paid 40.00 euros at the Velmor bike shop."
    fit = {options[i] for i in fitting_statuses(TWIN_CONSIDERED, heard, amounts.AMOUNTS_BANK)}
    assert fit == set(options) - {options[2], options[3]}


def test_a_payment_told_as_done_is_not_taken_back_as_a_bare_plan() -> None:
    """ "My aunt sent out the invitations for her party today" is not followed by "That was
    the plan, anyway, but she thought better of it": after a sentence that says it happened
    (`done`), a payment or batch considered says how the user came to tell it so."""
    from corpora.generate.arithmetic import amounts
    from corpora.generate.core.render import fitting_statuses
    from corpora.generate.core.world import TWIN_CONSIDERED

    options = amounts.AMOUNTS_BANK.statuses[TWIN_CONSIDERED]
    for told in (
        "I heard my aunt sent out the invitations for her party at Cowan today.",
        "Apparently my uncle has paid the plumber 80.00 pounds.",
    ):
        fit = {options[i] for i in fitting_statuses(TWIN_CONSIDERED, told, amounts.AMOUNTS_BANK)}
        assert fit and not fit & {options[2], options[3]}, told


def test_someone_else_went_for_it_never_follows_a_bill_or_a_parcel() -> None:
    """ "It's his brother-in-law who went for it" is a wording for a choice: never drawn after
    a plumber's bill or a parcel that arrived, rendered as Arithmetic renders its rivals."""
    from corpora.generate.arithmetic import amounts
    from corpora.generate.core.render import fitting_statuses
    from corpora.generate.core.world import TWIN_OTHERS

    options = amounts.AMOUNTS_BANK.statuses[TWIN_OTHERS]
    for told in (
        "My aunt's parcel from Velmor arrived this morning.",
        "The plumber's bill for my uncle came to 80.00 pounds.",
    ):
        fit = {options[i] for i in fitting_statuses(TWIN_OTHERS, told, amounts.AMOUNTS_BANK)}
        assert fit and not [t for t in fit if "went for" in t], told


def test_a_reply_to_a_batch_or_a_return_fits_every_family_of_its_kind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One reply serves parcels, invitations, applications and seeds alike, so none says
    "heard back" or "a quick reply" (seeds come up; nobody replies to a parcel)."""
    from types import MappingProxyType

    from corpora.generate.core.wording import plain

    for kind in (amounts.DISPATCH, amounts.RETURN):
        for template in amounts.AMOUNTS_BANK.replies[kind]:
            words = set(raw_tokens(plain(template)))
            assert not words & amounts.EVENT_WORDS, (kind, sorted(words & amounts.EVENT_WORDS))
    replies = dict(amounts.AMOUNTS_BANK.replies)
    replies[amounts.RETURN] = ("So {your} has finally heard something back, then.",)
    bank = dataclasses.replace(amounts.AMOUNTS_BANK, replies=MappingProxyType(replies))
    monkeypatch.setattr(amounts, "AMOUNTS_BANK", bank)
    with pytest.raises(amounts.AmountsBankError):
        amounts.check_amounts_bank()


def test_a_reply_names_a_purchase_as_what_was_bought_not_as_work() -> None:
    """A family whose payments include buying something outright ("bought a bike") is never
    named in a reply as a job of work ("the bike work")."""
    for family in amounts.PAYMENT_FAMILIES:
        bought = any("bought" in clause for clause in family.clauses[amounts.PAYMENT])
        if not bought:
            continue
        for thing in expansions(amounts.AMOUNTS_BANK.things[family.key]):
            assert " work" not in thing, (family.key, thing)
