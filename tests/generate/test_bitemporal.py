"""The Bitemporal generator: byte-identical regeneration; every answer re-derived by replaying
the events at the question's two instants; pairs whose arms differ in their date only and flip
on one axis at a time; a state axis drawn independently of the record axis; content with no
date, no digit and no framing word; a bank that refuses templates breaking its writing rules;
and the shared gate, adversaries included, passing the corpus."""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from scipy.stats import kendalltau

from checker.api import check_corpus
from checker.family import BY_KEY
from checker.formats.corpus import Question
from checker.formats.ids import haystack_token
from checker.load import parse_date
from checker.registry import get_rule
from checker.rules.dates import ABSOLUTE_DATE_PATTERNS, YEAR_RE
from checker.rules.leaks import PRODUCTION_WORDS
from checker.text import raw_tokens
from checker.verticals.bitemporal.rules import entries, question_instants, replay, standing
from corpora.generate.bitemporal import corrections
from corpora.generate.bitemporal import generator as bitemporal
from corpora.generate.core.bank import BankError
from corpora.generate.core.names import NameRegistry, refusal
from corpora.generate.core.parity import parity_test
from corpora.generate.core.stamp import (
    corpus_file,
    corpus_text,
    in_memory,
    sidecar_file,
)
from corpora.generate.core.vertical import Built, question_rng
from corpora.generate.core.wording import expansions
from corpora.generate.core.world import TWIN_CONSIDERED, TWIN_OTHERS, Move
from tests.generate.answer_places import place_lifts, places_from_latest
from tests.generate.conftest import (
    as_shipped,
    digest_in_another_process,
    passing_attempt,
    shared_gate_refusals,
)

ROOT = Path(__file__).resolve().parents[2]
REVISION = "2026.12"
SHIPPED = ROOT / "corpora" / corpus_file("bitemporal", REVISION)
SHIPPED_SIDECAR = ROOT / "corpora" / sidecar_file("bitemporal", REVISION)
#: One haystack of every straddle (spec keys are 1-based, in PLAN order).
SMALL = (1, 10, 19, 25)
ALPHA = 0.01
MAKING_WORDS = re.compile(
    r"\b(gold|filler|distractors?|decoys?|near.misses?|evidence|competitors?|twins?|rivals?|"
    r"record showed|belief|as.of)\b",
    re.I,
)
REPLAY = BY_KEY["bitemporal"].record_replay


def small(seed: int = bitemporal.SEED) -> Built:
    levers = bitemporal.GENERATOR.levers[0]
    specs = bitemporal._specs(seed, levers)
    return bitemporal.build_specs(seed, REVISION, levers, [specs[k - 1] for k in SMALL])


def _digest(built: Built) -> str:
    return hashlib.sha256(corpus_text(built.questions).encode()).hexdigest()


@pytest.fixture(scope="module")
def corpus() -> Built:
    """The whole corpus at the first setting of the levers (no gates)."""
    g = bitemporal.GENERATOR
    return bitemporal.build(g.seed, REVISION, g.levers[0])


def _findings(questions: list[Question], codes: tuple[str, ...]) -> list[str]:
    _, loaded = in_memory(questions)
    rules = [get_rule(code) for code in codes]
    return [f"{f.code} {f.question_id}: {f.message}" for f in check_corpus(loaded, None, rules)]


def _pairs(corpus: Built) -> list[tuple[Question, Question]]:
    qs = corpus.questions
    return [(qs[i], qs[i + 1]) for i in range(0, len(qs), 2)]


# --- regeneration ----------------------------------------------------------------------------


def test_a_small_corpus_regenerates_byte_for_byte() -> None:
    first = small()
    assert {q.typedmemeval.shape for q in first.questions} == {
        s.name for s in BY_KEY["bitemporal"].shapes
    }
    assert corpus_text(small().questions) == corpus_text(first.questions)
    assert _digest(small(seed=1)) != _digest(first)


def test_another_process_with_another_hash_seed_writes_the_same_bytes() -> None:
    assert digest_in_another_process("tests.generate.test_bitemporal") == _digest(small())


def test_the_shipped_corpus_is_what_the_generator_builds(corpus: Built) -> None:
    """The shipped bytes are the build at the setting its trace says passed."""
    attempt = passing_attempt(SHIPPED_SIDECAR)
    assert attempt == 1, "the module fixture builds the first setting"
    assert as_shipped(corpus.questions, SHIPPED) == SHIPPED.read_bytes()


# --- shapes, pairs and gold --------------------------------------------------------------------


def test_shapes_pairs_and_haystack_sizes(corpus: Built) -> None:
    shapes = Counter(q.typedmemeval.shape for q in corpus.questions)
    assert shapes == {s.name: s.count for s in BY_KEY["bitemporal"].shapes}
    assert len({q.typedmemeval.pair_id for q in corpus.questions}) == 30
    for q in corpus.questions:
        g = len(q.answer_session_ids)
        assert g == (3 if q.typedmemeval.shape == bitemporal.DEPTH else 2), q.question_id
        h = len(q.haystack_sessions) - g
        assert bitemporal.H_RANGE[0] <= h <= bitemporal.H_RANGE[1], q.question_id


def test_the_arms_of_a_pair_differ_in_their_date_and_answer_only(corpus: Built) -> None:
    for before, after in _pairs(corpus):
        assert (before.typedmemeval.arm, after.typedmemeval.arm) == ("before", "after")
        assert before.question == after.question
        assert before.haystack_sessions == after.haystack_sessions
        assert before.haystack_dates == after.haystack_dates
        assert before.haystack_session_ids == after.haystack_session_ids
        assert before.answer != after.answer, before.question_id
        asked = [parse_date(q.question_date) for q in (before, after)]
        assert asked[0] is not None and asked[1] is not None and asked[0] < asked[1]


def test_every_answer_re_derives_from_the_events(corpus: Built) -> None:
    assert _findings(corpus.questions, ("REV001", "REV002", "TIM001", "TIM002", "LEK001")) == []
    assert REPLAY is not None
    for q in corpus.questions:
        block = q.typedmemeval
        record = entries(block.events or [])
        as_of, valid_at = question_instants(q, REPLAY)
        assert as_of is not None and valid_at is not None
        found = replay(record, as_of, valid_at, REPLAY.supersedes)
        assert found is not None and found.event.value in q.answer, q.question_id


def test_each_pair_flips_on_the_axis_its_straddle_names(corpus: Built) -> None:
    """A record-axis pair reads one state instant's side of the change in both arms and two
    revisions of the record; a state-axis pair reads one revision and both sides."""
    assert REPLAY is not None
    straddles = [s for _, s, n in bitemporal.PLAN for _ in range(n)]
    for (before, after), straddle in zip(_pairs(corpus), straddles, strict=True):
        record = entries(before.typedmemeval.events or [])
        change = record[1].valid_from
        assert change is not None
        sides, revisions = [], []
        for q in (before, after):
            as_of, valid_at = question_instants(q, REPLAY)
            assert as_of is not None and valid_at is not None
            sides.append(valid_at < change)
            revisions.append(len(standing(record, as_of, ())) - 2)
        if straddle == "state":
            assert sides == [True, False] and revisions[0] == revisions[1], before.question_id
        else:
            first = {"record": 0, "first": 0, "second": 1}[straddle]
            assert sides == [False, False], before.question_id
            assert revisions == [first, first + 1], before.question_id


def test_the_asked_record_instant_is_not_always_a_day_from_the_deciding_recording(
    corpus: Built,
) -> None:
    """The arms of a record-axis pair straddle a recording; asked two or three days apart, each
    arm's record instant was within a day or two of it, so the session a day from the asked
    instant was the deciding one (the issue's shortcut). Arms are now asked two to ten days
    apart: the nearest recording is one day away for a minority of questions and a week or
    more away for some."""
    assert REPLAY is not None
    days = []
    for q in corpus.questions:
        as_of, _ = question_instants(q, REPLAY)
        assert as_of is not None
        recorded = [e.recorded for e in entries(q.typedmemeval.events or []) if e.recorded]
        days.append(round(min(abs((as_of - t).total_seconds()) for t in recorded) / 86400))
    within_a_day = sum(1 for d in days if d <= 1)
    assert within_a_day <= 0.35 * len(days), (within_a_day, len(days))
    assert sum(1 for d in days if d >= 7) >= 0.1 * len(days), sorted(days)


def test_the_checker_refuses_an_answer_the_record_did_not_give(corpus: Built) -> None:
    q = corpus.questions[0]
    values = [e.value for e in q.typedmemeval.events or [] if e.value]
    wrong = next(v for v in values if v not in q.answer)
    bad = q.model_copy(update={"answer": f"{wrong}."})
    found = _findings([bad], ("REV001",))
    assert len(found) == 1 and "does not name it" in found[0], found


def test_the_state_axis_is_drawn_independently_of_the_record_axis(corpus: Built) -> None:
    """How far a change lies ahead of or behind its session says nothing of where that session
    sits in its haystack, and changes ahead and behind both come up often."""
    leads, positions = [], []
    for q in corpus.questions[::2]:
        record = entries(q.typedmemeval.events or [])
        assert record[1].valid_from is not None and record[1].recorded is not None
        leads.append((record[1].valid_from - record[1].recorded).days)
        positions.append(record[1].event.session_index / len(q.haystack_sessions))
    tau, p = kendalltau(leads, positions)
    assert abs(tau) < 0.2 or p > 0.05, (tau, p)
    ahead = sum(1 for d in leads if d > 0)
    assert 8 <= ahead <= 22, ahead


def test_every_asked_subject_has_value_bearing_twins(corpus: Built) -> None:
    for q in corpus.questions:
        twins = q.typedmemeval.twins or []
        assert twins, q.question_id
        text = [" ".join(t.content for t in s) for s in q.haystack_sessions]
        for twin in twins:
            assert twin.value and twin.value in text[twin.session_index], q.question_id


def test_gold_and_other_sessions_draw_from_one_mixture(corpus: Built) -> None:
    result = parity_test(corpus)
    assert result.kinds.p_value > ALPHA, result.describe()
    assert result.templates.p_value > ALPHA, result.describe()
    assert result.templates.categories >= 20, "the test pooled away everything it could see"


def test_the_shared_gate_passes_the_corpus(corpus: Built) -> None:
    """Every checker rule, the separability adversaries (SEP008, SEP009) among them."""
    assert shared_gate_refusals(bitemporal.GENERATOR, corpus) == []


def _haystacks() -> list[bitemporal.Haystack]:
    """The planned haystacks of the small corpus's specs (plans, before rendering)."""
    seed, levers = bitemporal.SEED, bitemporal.GENERATOR.levers[0]
    specs = bitemporal._specs(seed, levers)
    names = NameRegistry()
    out = []
    for k in SMALL:
        spec = specs[k - 1]
        rng = question_rng(seed, bitemporal.VERTICAL, spec.key)
        layout = question_rng(seed, bitemporal.VERTICAL, spec.key, "layout")
        owner = haystack_token(seed, spec.key)
        out.append(bitemporal.build_haystack(spec, rng, layout, names, levers, owner))
    return out


def test_a_correction_only_corrects_the_value_last_told() -> None:
    """Every correction, true, nearly made or another person's news told as one, replaces the
    value the user last gave as the person's own, never one a status disowned, and only once
    something of the person's was told (before, no correction at all): the asked subject's
    rivals included, with no exception while what it holds is a value an answer names (its
    clause names only the right value); and a choice considered names the value its subject
    was last told to hold."""
    checked = rivals = 0
    for haystack in _haystacks():
        latest: dict[tuple[str, str], str] = {}
        disowned: dict[tuple[str, str], set[str]] = {}
        for plan in haystack.plans:
            for move in plan.moves:
                told = move.told_as or move.kind
                key = (move.person.key, move.family.key)
                if told == corrections.CORRECTION:
                    assert key in latest, move
                    assert latest[key] == move.extra["W"], move
                    assert move.extra["W"] not in disowned.get(key, set()), move
                    checked += 1
                    rivals += move.kind != corrections.CORRECTION
                if move.kind in (corrections.PROPOSED, TWIN_CONSIDERED, TWIN_OTHERS):
                    disowned.setdefault(key, set()).add(move.value or "")
                if move.kind == TWIN_CONSIDERED and key in latest:
                    assert latest[key] == move.extra["W"], move
                if move.kind in (*corrections.CHANGE_KINDS, corrections.CORRECTION):
                    latest[key] = move.value or ""
    assert checked > 50 and rivals > 10, (checked, rivals)


def test_no_correction_names_the_value_it_replaces() -> None:
    """A correction's clause names the right value only, so what it replaces is never put
    into words: the asked subject's rivals may then correct a value an answer names."""
    for rf in corrections.RECORD_FAMILIES:
        for clause in rf.family.clauses[corrections.CORRECTION]:
            assert "{W}" not in clause and "{V}" in clause, clause


def test_the_bank_refuses_a_correction_naming_the_value_it_replaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rf = corrections.BY_KEY["gym"]
    clauses = dict(rf.family.clauses)
    clauses[corrections.CORRECTION] = ("the new gym is {V}[, not {W}|]",)
    family = replace(rf.family, clauses=clauses)
    families = tuple(
        replace(f, family=family) if f.key == "gym" else f for f in corrections.RECORD_FAMILIES
    )
    monkeypatch.setattr(corrections, "RECORD_FAMILIES", families)
    with pytest.raises(BankError, match="must name V and not W"):
        corrections.check_record_bank()


#: What claims a value came first.
FIRST_CLAIM = re.compile(r"\bfirst\b|to begin with|all along|\bnews\b", re.I)


def _with_first_given(kind: str) -> Iterator[tuple[Move, bool]]:
    """Every move of `kind` in the test haystacks, with whether the value it replaces or leaves
    standing (`W`) is the first value its subject's change gave."""
    for haystack in _haystacks():
        given: dict[tuple[str, str], str] = {}
        for plan in haystack.plans:
            for move in plan.moves:
                key = (move.person.key, move.family.key)
                if move.kind in corrections.CHANGE_KINDS:
                    given.setdefault(key, move.value or "")
                if move.kind == kind:
                    yield move, move.extra["W"] == given[key]


def test_a_withdrawn_correction_says_its_value_came_first_only_when_it_did() -> None:
    """A correction nearly made and taken back says the value it leaves standing was the first
    one given ("as I first told you") only where no correction has replaced the change's
    value; after one, it says only that the value stands."""
    seen: Counter[bool] = Counter()
    for move, first in _with_first_given(corrections.PROPOSED):
        said = corrections.left_standing(first, move.extra["Wn"])
        assert {k: move.extra.get(k) for k in said} == said, move
        seen[first] += 1
    assert seen[True] and seen[False], seen
    for text in (
        *corrections.RECORD_STATUSES[corrections.PROPOSED],
        *corrections.RECORD_STATUS_REPLIES[corrections.PROPOSED],
    ):
        assert not FIRST_CLAIM.search(text), text
    for claims, since in corrections.STANDING.values():
        assert FIRST_CLAIM.search(claims), claims
        assert not FIRST_CLAIM.search(since), since


def test_a_true_correction_says_it_was_wrong_at_first_only_when_it_was() -> None:
    """A true correction's status says the value it replaces was written down wrong "at first"
    only when that value is the first the change gave; a second correction's, "earlier"."""
    seen: Counter[bool] = Counter()
    for move, first in _with_first_given(corrections.CORRECTION):
        assert move.extra["at_first"] == corrections.wrong_when(first)["at_first"]
        seen[first] += 1
    assert seen[True] and seen[False], seen
    for text in corrections.RECORD_STATUSES[corrections.CORRECTION]:
        assert not FIRST_CLAIM.search(text), text


#: What says that something told earlier was wrong.
MISTAKE = re.compile(
    r"\bwrong\b|mistake|muddl|slip|correct|\bfix|put right|not the one|should be|mix", re.I
)


def _corrections_said() -> Iterator[tuple[str, str]]:
    """(frame, clause) for every correction frame and family clause, each expanded."""
    frames = [f for t in corrections.RECORD_FRAMES[corrections.CORRECTION] for f in expansions(t)]
    for rf in corrections.RECORD_FAMILIES:
        for clause in rf.family.clauses[corrections.CORRECTION]:
            for said in expansions(clause):
                for frame in frames:
                    yield frame, said


def test_a_correction_says_its_mistake_once() -> None:
    """A correction is one idea said once: the frame says only whom it is about and the
    clause says once that what the record has was wrong, so no sentence says it twice ("I gave
    you the wrong name for my niece; I gave you the wrong car, and it is really a Vespa")."""
    seen = 0
    for frame, clause in _corrections_said():
        assert not MISTAKE.search(frame), frame
        assert len(MISTAKE.findall(clause)) == 1, clause
        seen += 1
    assert seen


#: A reference to the value corrected by when the user gave it, which does not say which of
#: the values given so far (the old one, the change's, a correction's) is meant.
GIVEN_EARLIER = re.compile(r"\bI (gave|put down|wrote down|named)\b|the one I\b", re.I)


def test_a_correction_says_which_value_it_corrects() -> None:
    """Where a correction refers to the value it replaces, it names it as the new one the
    record has now (the value the user last gave as the person's own), never as "the one I gave
    you", which could be the old value, the change's or a correction's."""
    refer = 0
    for frame, clause in _corrections_said():
        said = f"{frame} {clause}"
        assert not GIVEN_EARLIER.search(said), said
        if "not the one" in clause or "you have" in clause or "you've" in clause:
            assert re.search(
                r"the (new \w+( \w+)? )?(one )?you('ve| have) (got down|down|noted)", clause
            ), clause
            refer += 1
    assert refer


#: What vouches for a value as final, which a later correction would contradict.
VOUCHES = re.compile(
    r"that one's right|trust that one|the right one|for sure|no doubt about|right at last|no "
    r"more changes|that's settled|and it's right|it's \[true\|right",
    re.I,
)


def test_no_status_vouches_for_a_value_a_correction_may_replace() -> None:
    """A change's or a correction's status never says the value was checked and is right: a
    later correction would then correct what the user had just confirmed."""
    for kind in (*corrections.CHANGE_KINDS, corrections.CORRECTION):
        for text in corrections.RECORD_STATUSES[kind]:
            assert not VOUCHES.search(text), text


def test_a_withdrawal_says_which_version_stands_unambiguously() -> None:
    """What a withdrawn correction leaves standing is named by what it was (the one the news
    of the change gave, the last fix), never as "the first version", which could be the value
    before the change."""
    for pair in corrections.STANDING.values():
        for text in pair:
            assert not re.search(r"\bfirst\b|to begin with", text), text


def test_every_rival_is_told_in_the_words_of_a_true_move() -> None:
    """A rival's value turn is drawn from the frames and clauses of a change or a correction,
    and what became of it comes in a status of its own kind."""
    bank = corrections.RECORD_BANK
    rivals: Counter[str] = Counter()
    for haystack in _haystacks():
        for plan in haystack.plans:
            for move in plan.moves:
                if move.kind in (corrections.PROPOSED, TWIN_CONSIDERED, TWIN_OTHERS):
                    assert move.told_as in (*corrections.CHANGE_KINDS, corrections.CORRECTION)
                    assert move.kind in bank.statuses and move.told_as in bank.frames
                    rivals[move.told_as] += 1
    assert set(rivals) == {*corrections.CHANGE_KINDS, corrections.CORRECTION}, rivals


def test_the_bank_refuses_a_status_naming_the_attribute(monkeypatch: pytest.MonkeyPatch) -> None:
    statuses = dict(corrections.RECORD_STATUSES)
    statuses[corrections.PROPOSED] = ("Ignore that, the [gym|place] was right.",)
    monkeypatch.setattr(corrections, "RECORD_STATUSES", statuses)
    with pytest.raises(BankError, match="names the attribute"):
        corrections.check_record_bank()


# --- content -----------------------------------------------------------------------------------


def test_content_names_no_date_no_digit_and_nothing_of_its_making(corpus: Built) -> None:
    for q in corpus.questions:
        for session in q.haystack_sessions:
            for turn in session:
                text = turn.content
                assert not re.search(r"\d", text), (q.question_id, text)
                assert not YEAR_RE.search(text)
                assert not any(p.search(text) for _, p in ABSOLUTE_DATE_PATTERNS), text
                assert not PRODUCTION_WORDS.search(text), text
                assert not MAKING_WORDS.search(text), text
                assert not re.search(r"\bnext (mon|tues|wednes|thurs|fri|satur|sun)day\b", text)


def test_questions_share_no_framing_word_with_the_conversations(corpus: Built) -> None:
    words = corrections.QUESTION_WORDS | corrections.ANSWER_WORDS
    for q in corpus.questions[::2]:
        for session in q.haystack_sessions:
            for turn in session:
                assert not words & set(raw_tokens(turn.content)), turn.content


def test_every_name_is_invented_and_used_by_one_haystack(corpus: Built) -> None:
    """(A help aside's capitalised word, "Fry the chickpeas …", names no one.)"""
    assert [n for n in corpus.names.issued if refusal(n) is not None] == []
    owners: dict[str, set[str]] = {}
    for assembled in corpus.assembled:
        q = assembled.question
        words = set()
        for session in assembled.sessions:
            aside = {i for a, b in session.aside_turns for i in range(a, b)}
            for i, t in enumerate(session.turns):
                if i not in aside:
                    words |= set(re.findall(r"[A-Z]\w+", t.content))
        for name in set(corpus.names.issued) & words:
            owners.setdefault(name, set()).add(q.typedmemeval.pair_id or q.question_id)
    assert {n: o for n, o in owners.items() if len(o) != 1} == {}


def test_the_bank_refuses_a_template_with_a_digit(monkeypatch: pytest.MonkeyPatch) -> None:
    frames = dict(corrections.RECORD_FRAMES)
    frames[corrections.CORRECTION] = (
        *frames[corrections.CORRECTION],
        "Correction about {holder}, as of 3 May: {clause}.",
    )
    monkeypatch.setattr(corrections, "RECORD_FRAMES", frames)
    with pytest.raises(BankError, match="digit"):
        corrections.check_record_bank()


def test_the_bank_refuses_a_framing_word(monkeypatch: pytest.MonkeyPatch) -> None:
    frames = dict(corrections.RECORD_FRAMES)
    frames[corrections.CORRECTION] = (
        *frames[corrections.CORRECTION],
        "Cast your mind back about {holder}: {clause}.",
    )
    monkeypatch.setattr(corrections, "RECORD_FRAMES", frames)
    with pytest.raises(BankError, match="framing word"):
        corrections.check_record_bank()


def test_the_bank_checks_every_alternative_of_a_grammar_template(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A framing word hidden in one alternative is refused, and so is a clause one of whose
    expansions drops the family's keyword."""
    frames = dict(corrections.RECORD_FRAMES)
    frames[corrections.CORRECTION] = ("[Correction|Cast your mind back] about {holder}: {clause}.",)
    monkeypatch.setattr(corrections, "RECORD_FRAMES", frames)
    with pytest.raises(BankError, match="framing word"):
        corrections.check_record_bank()
    monkeypatch.undo()
    gym = corrections.BY_KEY["gym"]
    clauses = dict(gym.family.clauses)
    clauses[corrections.CORRECTION] = ("the new [gym|place] is {V}, not {W}",)
    broken = replace(gym, family=replace(gym.family, clauses=clauses))
    families = tuple(broken if rf.key == "gym" else rf for rf in corrections.RECORD_FAMILIES)
    monkeypatch.setattr(corrections, "RECORD_FAMILIES", families)
    with pytest.raises(BankError, match="does not name 'gym'"):
        corrections.check_record_bank()


def test_a_plan_is_announced_once_and_never_with_a_stale_countdown() -> None:
    """ "leaves the Bowenfield book club in twenty-three days" is not said again nine days
    later with the same countdown, nor at all once it was called off: every change (a true
    one, or a rival told as one) of a subject to a value is told once; a choice considered
    and said again comes back as a correction nearly made, never as the plan afresh."""
    told: Counter[tuple[str, str, str]] = Counter()
    again = 0
    for haystack in _haystacks():
        considered: set[tuple[str, str, str]] = set()
        for plan in haystack.plans:
            for move in plan.moves:
                key = (move.person.key, move.family.key, move.value or "")
                if (move.told_as or move.kind) in corrections.CHANGE_KINDS:
                    told[key] += 1
                if move.kind == TWIN_CONSIDERED:
                    considered.add(key)
                elif move.kind == corrections.PROPOSED and key in considered:
                    again += 1
    assert {k: n for k, n in told.items() if n > 1} == {}
    assert again > 0


def test_a_correction_nearly_made_is_not_made_a_second_time() -> None:
    """No churn (Pettersen, Scheibe, back to Pettersen, Scheibe again, back again): a value
    put forward as a correction and taken back by its status is not put forward as a
    correction nearly made of the same subject a second time, hot or cold."""
    put: Counter[tuple[int, str, str, str]] = Counter()
    for h, haystack in enumerate(_haystacks()):
        for plan in haystack.plans:
            for move in plan.moves:
                if move.kind == corrections.PROPOSED:
                    put[(h, move.person.key, move.family.key, move.value or "")] += 1
    assert sum(put.values()) > 10
    assert {k: n for k, n in put.items() if n > 1} == {}


def test_a_correction_of_what_the_record_holds_is_never_someone_else_s_news() -> None:
    """ "The new gym you've got down should be Dunnbury, sorry" then "that's her friend, not
    her": a correction of what the assistant noted is the user's own slip, so every move told
    as a correction that is not one is taken back as a correction nearly made ("forget it, I
    had it right"), never as another person's news."""
    told = 0
    for haystack in _haystacks():
        for plan in haystack.plans:
            for move in plan.moves:
                if move.told_as == corrections.CORRECTION:
                    told += 1
                    assert move.kind == corrections.PROPOSED, move
    assert told > 10


def test_someone_else_s_news_never_says_the_person_is_staying_put() -> None:
    """ "So he is staying put himself" while he had a switch of his own under way: taking back
    another person's news says whose it was, and nothing of what the person does."""
    for bank in (corrections.RECORD_STATUSES, corrections.RECORD_STATUS_REPLIES):
        for template in bank[TWIN_OTHERS]:
            for text in expansions(template, limit=2000, seed=4):
                assert not re.search(r"staying put|nothing has changed|staying as", text), text


def test_a_reply_to_a_correction_is_not_smug_and_thanks_once() -> None:
    """ "Oh, right. I have the right one down for your aunt." and "Thanks, good to know.
    Thanks, I have altered the entry for your brother."."""
    for template in corrections.RECORD_REPLIES[corrections.CORRECTION]:
        for text in expansions(template, limit=4000, seed=5):
            assert "right one down" not in text, text
            assert text.count("Thanks") + text.count("thanks") <= 1, text


def test_a_withdrawal_s_reply_names_what_stands_as_the_user_did() -> None:
    """ "forget I mentioned it, I had it right already!" was answered "I'll keep your last fix,
    then": the reply names what stands as what the assistant has, never a fix the user did
    not speak of."""
    for key in ("keep", "kept_b"):
        assert "fix" not in corrections.STANDING[key][1]


def test_a_correction_s_status_does_not_trail_off_after_an_apology() -> None:
    """ "A quick one on my colleague's Rodenham news: my fault for rushing, anyway!"."""
    for template in corrections.RECORD_STATUSES[corrections.CORRECTION]:
        for text in expansions(template, limit=4000, seed=6):
            assert ", anyway" not in text and ", by the way" not in text, text


def test_a_question_about_a_later_instant_counts_it_from_now() -> None:
    """ "5 weeks ago, what would you have said her employer would be 2 weeks from now?" leaves
    open whose now: a state instant ahead of the question date says it counts from now."""
    import random

    subject = _haystacks()[0].asked
    for weeks in (1, 2, 3):
        at = bitemporal.weeks_from_now(weeks)
        asking = bitemporal.Asking("5 weeks ago", at, True, ())  # type: ignore[arg-type]
        for seed in range(12):
            text = bitemporal._question(random.Random(seed), subject, asking)
            assert at in text and "ounting from now" in text and "not from then" in text, text
    asking = bitemporal.Asking("5 weeks ago", "6 weeks ago", False, ())  # type: ignore[arg-type]
    assert "counting" not in bitemporal._question(random.Random(1), subject, asking)


def test_withdrawals_and_confirmations_read_grammatically_in_every_expansion() -> None:
    """A correction taken back, and a correction confirmed, never garble the value left
    standing ("it was the one you have down as I'd put it right") nor stack hedges on a check
    ("I've looked it up twice over, as far as I can"): 300 drawn expansions of each, with the
    value named and unnamed, first and not."""
    from corpora.generate.core.grammar import expand

    rng = random.Random(7)
    values = {"obj": "her", "pron": "she", "Pron": "She", "poss": "her", "at_first": " earlier"}
    values |= {"Vn": "Velmora"}
    bad = re.compile(
        r"you have down as I'd|as I'd put it right|twice over|as far as I can\b|"
        r"it's \S+(?: \S+){0,4} all along|^Although,|\bAlthough, I've|again again|hang on, (?:and|but)"
    )
    statuses = corrections.RECORD_STATUSES
    for kind in (corrections.PROPOSED, corrections.CORRECTION):
        for first in (True, False):
            for wn in ("Velmora", bitemporal.UNNAMED_STANDING):
                filled = {**values, **corrections.left_standing(first, wn), "Wn": wn}
                for _ in range(300):
                    text = expand(rng.choice(statuses[kind]), rng).format_map(filled)
                    assert not bad.search(text), text


# --- where the answer falls ------------------------------------------------------------------


def test_no_place_among_the_values_said_gives_the_answer_away(corpus: Built) -> None:
    """A correction is always said after the value it corrects, so left to the draw the answer
    sat at one place among the values said of its subject (the third latest was the
    belief-at-instant answer in 0.647 of the haystacks, chance 0.214): over each shape's
    haystacks (one arm of a pair each), no reader answering with the k-th latest or k-th first
    value (k up to 5) beats chance by more than 0.15, and the answers take at least three
    places counted from the latest, none of them in more than half the haystacks."""
    scored = [q for q in corpus.questions if q.typedmemeval.arm == "before"]
    lifts = place_lifts(scored)
    assert set(lifts) == {bitemporal.BELIEF, bitemporal.DEPTH}
    for shape, by_reader in lifts.items():
        worst = max(by_reader, key=lambda r: by_reader[r])
        assert by_reader[worst] <= 0.15, (shape, worst, by_reader[worst])
        places = places_from_latest(scored, shape)
        assert len(set(places)) >= 3, (shape, places)
        assert max(Counter(places).values()) <= len(places) / 2, (shape, places)


def test_the_planned_places_spread_over_every_place_the_answer_can_take() -> None:
    """The plan alone (`plan_places`): within a shape, the answers are expected at four places
    or more counted from the latest value, none for more than 0.45 of the haystacks (a
    one-rival subject's answer is the third latest whenever the change's sentence puts the
    other value after it, which its wording decides), and the rivals planned after the answer
    range from none to two or more."""
    seed, levers = bitemporal.SEED, bitemporal.GENERATOR.levers[0]
    specs = bitemporal._specs(seed, levers)
    planned = bitemporal.plan_places(seed, levers, specs)
    assert set(planned) == {s.key for s in specs}
    for shape in (bitemporal.BELIEF, bitemporal.DEPTH):
        values = 3 if shape == bitemporal.BELIEF else 4
        expected: Counter[int] = Counter()
        mine = [s for s in specs if s.shape == shape]
        for s in mine:
            second = bitemporal.worded_second(bitemporal.BY_KEY[s.family], s.straddle)
            for weight, latest, _ in bitemporal.AnswerPlaces.places(
                s.straddle, values, *planned[s.key], second
            ):
                expected[latest] += weight
        assert len(expected) >= 4, (shape, expected)
        assert max(expected.values()) <= 0.45 * len(mine), (shape, expected)
        afters = {planned[s.key][1] for s in mine}
        assert min(afters) == 0 and max(afters) >= 2, (shape, afters)
