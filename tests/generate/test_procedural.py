"""The Procedural generator: byte-identical regeneration, the shapes and counts of SPEC §3, gold
the STP rules re-derive, two hops by construction (only the listing names the procedure), rival
chains and rival edits the gate refuses to do without, and components declared load-bearing one
by one with the listing's rivals declared for V6."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from checker.api import check_corpus
from checker.formats.corpus import Question
from checker.probes import components, leave_one_out
from checker.registry import all_rules
from checker.runner.probe import ProbeSettings, plan_tasks
from checker.separability import shortcuts as shc
from checker.separability.metadata import metadata_adversary
from checker.verticals.procedural.profile import (
    AMENDED,
    PRECONDITION,
    PROCEDURES,
    RETIRED,
    STEP_ORDER,
)
from checker.verticals.procedural.rules import (
    current_steps,
    dependency_order,
    find,
    names_procedure,
    read,
)
from corpora.generate.core.stamp import (
    corpus_file,
    corpus_text,
    in_memory,
    sidecar_file,
)
from corpora.generate.core.vertical import Built, Levers
from corpora.generate.core.wording import expansions
from corpora.generate.procedural import generator as procedural
from corpora.generate.procedural.procedures import (
    AMENDMENT,
    LISTING,
    PROCEDURE_FRAMES,
    TOLD_AS,
    TWIN_AMENDMENT,
    family_words,
)
from corpora.generate.procedural.procedures import PROCEDURES as FAMILIES
from tests.generate.conftest import as_shipped, passing_attempt, shared_gate_refusals
from tests.generate.filler_stacks import fillers_in, stacked, user_sentences

#: Twin kinds: never a frame's kind (a twin is told in the frame of what it competes with).
TWIN_KINDS_SET = frozenset(TOLD_AS)

ROOT = Path(__file__).resolve().parents[2]
REVISION = "2026.12"
SHIPPED = ROOT / "corpora" / corpus_file("procedural", REVISION)
SHIPPED_SIDECAR = ROOT / "corpora" / sidecar_file("procedural", REVISION)
#: Two questions of every shape.
SMALL = frozenset({1, 2, 21, 22, 41, 42, 61, 62})
STP = [r for r in all_rules() if r.code.startswith("STP")]


def small(seed: int = procedural.SEED, levers: Levers | None = None) -> Built:
    chosen = levers if levers is not None else procedural.GENERATOR.levers[0]
    return procedural.build(seed, REVISION, chosen, only=SMALL)


@pytest.fixture(scope="module")
def corpus() -> Built:
    """The corpus as shipped: the build at the competition setting its trace says passed."""
    g = procedural.GENERATOR
    return procedural.build(g.seed, REVISION, g.levers[passing_attempt(SHIPPED_SIDECAR) - 1])


def _digest(built: Built) -> str:
    return hashlib.sha256(corpus_text(built.questions).encode()).hexdigest()


def _gold(q: Question) -> list[int]:
    return [q.haystack_session_ids.index(sid) for sid in q.answer_session_ids]


def _text(q: Question, si: int) -> str:
    return "\n".join(t.content for t in q.haystack_sessions[si])


def _stp_findings(questions: list[Question]) -> list[str]:
    _, loaded = in_memory(questions)
    return [f"{f.code} {f.question_id}: {f.message}" for f in check_corpus(loaded, None, STP)]


# --- regeneration ----------------------------------------------------------------------------


def test_a_small_corpus_regenerates_byte_for_byte() -> None:
    first = small()
    assert {q.typedmemeval.shape for q in first.questions} == {
        STEP_ORDER,
        PRECONDITION,
        AMENDED,
        RETIRED,
    }
    assert _digest(small()) == _digest(first)
    assert _digest(small(seed=1)) != _digest(first)


def test_the_shipped_corpus_is_what_the_generator_builds(corpus: Built) -> None:
    assert as_shipped(corpus.questions, SHIPPED) == SHIPPED.read_bytes()


def test_shapes_and_counts_are_those_of_the_spec(corpus: Built) -> None:
    shapes = Counter(q.typedmemeval.shape for q in corpus.questions)
    assert shapes == {STEP_ORDER: 20, PRECONDITION: 20, AMENDED: 20, RETIRED: 20}
    assert len({q.question_id for q in corpus.questions}) == 80


# --- gold and the two hops -------------------------------------------------------------------


def test_the_stp_rules_find_nothing_in_the_built_corpus(corpus: Built) -> None:
    assert _stp_findings(corpus.questions) == []


def test_exactly_one_gold_session_names_the_procedure(corpus: Built) -> None:
    """The listing names the asked procedure; no other gold session names any word of it, so a
    retriever working from the question's words reaches the listing and not the second hop."""
    for q in corpus.questions:
        gold = _gold(q)
        reading = read(q, gold)
        assert reading is not None and reading.asked is not None, q.question_id
        naming = [si for si in gold if names_procedure(reading.asked, _text(q, si))]
        assert naming == [reading.asked.listing], (q.question_id, naming)
        family = next(f for f in FAMILIES.values() if f.noun in q.question)
        for si in gold:
            if si != reading.asked.listing:
                assert not family_words(family) & set(re.findall(r"\w+", _text(q, si).lower()))


#: Any sentence of an amendment frame (every expansion of its grammar), its placeholders read
#: as anything: the amendment twin is told in these very frames.
AMENDMENT_SAID = re.compile(
    "|".join(
        re.sub(r"\\\{[A-Za-z_]+\\\}", ".+?", re.escape(t))
        for frame in PROCEDURE_FRAMES[AMENDMENT]
        for t in expansions(frame)
    ),
    re.IGNORECASE,
)


def test_an_amendment_considered_and_dropped_competes_with_amendments(corpus: Built) -> None:
    """The amendment twin is told as an amendment (the holder, the `steps` cue, two step names
    of its own) and never names the procedure or one of its steps; the asked procedure's, its
    rivals' and cold procedures' carry it alike, in gold sessions' twin slots as in the
    others'."""
    declared = in_gold = undeclared_of_asked = 0
    for q in corpus.questions:
        gold = _gold(q)
        reading = read(q, gold)
        assert reading is not None and reading.asked is not None
        holder = (reading.asked.event.subject or "").split(":")[0].lower()
        steps = {n.lower() for n in reading.asked.step_names().values()}
        twins = {t.session_index for t in q.typedmemeval.twins or [] if t.kind == TWIN_AMENDMENT}
        hops = set(reading.asked.hop_sessions(PROCEDURES.amendment))
        for t in q.typedmemeval.twins or []:
            if t.kind != TWIN_AMENDMENT:
                continue
            declared += 1
            text = _text(q, t.session_index)
            said = [m.group(0) for m in AMENDMENT_SAID.finditer(text)]
            assert any(holder in m.lower() and t.value in m for m in said), (q.question_id, said)
            assert t.value.lower() not in steps and t.value not in q.answer
            assert not any(n in m.lower() for m in said for n in steps), (q.question_id, said)
            assert not names_procedure(reading.asked, " ".join(said)), q.question_id
        for si in range(len(q.haystack_sessions)):
            said = [m.group(0).lower() for m in AMENDMENT_SAID.finditer(_text(q, si))]
            # (An asked amendment's own session holds its amendment, and at times a twin too.)
            in_gold += si in gold and len(said) > (si in hops)
            undeclared_of_asked += si not in twins and any(holder in m for m in said)
    assert declared and in_gold and undeclared_of_asked, (declared, in_gold, undeclared_of_asked)


def test_every_twin_is_told_as_what_it_competes_with_and_its_status_follows(
    corpus: Built,
) -> None:
    """Every session's twin is told in the frame of a listing or an amendment, and the user's
    next turn says what became of it (a status), always; a true listing or amendment gets a
    status at times too, so the exchange says nothing by itself."""
    true = told = 0
    for a in corpus.assembled:
        for rendered in a.sessions:
            frames = [k for k, t in rendered.templates if t.startswith("frame:")]
            statuses = [k for k, t in rendered.templates if t.startswith("status:")]
            twins = [k for k in statuses if k in TOLD_AS]
            assert len(twins) == 1, rendered.templates
            assert len(frames) == len(procedural.RECIPE)
            assert TWIN_KINDS_SET.isdisjoint(frames), frames
            told += 1
            true += sum(k in (LISTING, AMENDMENT) for k in statuses)
    assert told and true, (told, true)


def test_step_order_is_the_one_order_the_dependencies_allow_and_never_the_listing(
    corpus: Built,
) -> None:
    for q in corpus.questions:
        if q.typedmemeval.shape != STEP_ORDER:
            continue
        reading = read(q, _gold(q))
        assert reading is not None and reading.asked is not None
        asked = reading.asked
        names = asked.step_names()
        pairs = [
            (
                next(r.other_event_id for r in e.relations if r.kind == PROCEDURES.first),
                next(r.other_event_id for r in e.relations if r.kind == PROCEDURES.then),
            )
            for e in asked.hops[PROCEDURES.dependency]
        ]
        order, why = dependency_order(names, pairs)
        assert order is not None, why
        wanted = [names[s] for s in order]
        listing = _text(q, asked.listing)
        assert sorted(wanted, key=listing.find) != wanted, q.question_id
        assert sorted(wanted, key=q.answer.find) == wanted, q.question_id
        # Any one dependency left out leaves two orders (each is load-bearing).
        for k in range(len(pairs)):
            assert dependency_order(names, pairs[:k] + pairs[k + 1 :])[0] is None


def test_a_retired_step_leaves_a_gap_and_an_amended_one_a_new_name(corpus: Built) -> None:
    """retired-step is not forgetting: the sequence loses a position and nothing new enters;
    amended-step keeps every position, one under a new name."""
    for q in corpus.questions:
        shape = q.typedmemeval.shape
        if shape not in (AMENDED, RETIRED):
            continue
        reading = read(q, _gold(q))
        assert reading is not None and reading.asked is not None
        listed = list(reading.asked.step_names().values())
        now = current_steps(reading.asked, PROCEDURES)
        assert sorted(q.typedmemeval.answer_items or []) == sorted(now)
        if shape == RETIRED:
            assert len(now) == len(listed) - 1 and set(now) < set(listed)
        else:
            assert len(now) == len(listed) and len(set(now) - set(listed)) == 1


def test_rivals_are_complete_declared_on_the_listing_and_shown_by_v6(corpus: Built) -> None:
    for q in corpus.questions:
        gold = _gold(q)
        block = q.typedmemeval
        listing = next(c for c in block.gold_components or [] if c.kind == PROCEDURES.membership)
        assert all(c.load_bearing for c in block.gold_components or [])
        rivals = listing.rivals or []
        assert rivals and not set(rivals) & set(gold)
        shown = leave_one_out(q, gold, listing.session_index)
        assert set(shown) == (set(gold) - {listing.session_index}) | set(rivals)
        assert len(components(q)) == len(gold)


# --- the gate refuses a corpus without the construction -------------------------------------


def test_the_gate_refuses_a_corpus_with_one_rival() -> None:
    levers = {**procedural.GENERATOR.levers[0], "rivals_min": 1, "rivals_order_max": 1}
    levers["rivals_edit_max"] = 1
    refusals = shared_gate_refusals(procedural.GENERATOR, small(levers=levers))
    assert any(r.startswith("STP005") and "the shape needs 2" in r for r in refusals), refusals


def test_the_gate_refuses_a_gold_hop_that_names_the_procedure() -> None:
    built = small()
    questions = [q.model_copy(deep=True) for q in built.questions]
    q = questions[0]
    reading = read(q, _gold(q))
    assert reading is not None and reading.asked is not None
    hop = next(si for si in _gold(q) if si != reading.asked.listing)
    family = reading.asked.event.value
    turn = q.haystack_sessions[hop][0]
    turn.content = f"{turn.content} It is all for the {family}."
    refusals = shared_gate_refusals(procedural.GENERATOR, built, questions)
    assert any(
        r.startswith(f"STP004 {q.question_id}") and "names the procedure" in r for r in refusals
    ), refusals


def test_the_shipped_sidecar_records_v6_over_each_question_s_own_components() -> None:
    """V6 on the shipped corpus is either unmeasured with its reason, or measured with one value
    per load-bearing component each question declares, no more and no fewer."""
    sidecar = json.loads(SHIPPED.with_name(SHIPPED.stem + ".meta.json").read_text())
    record = sidecar["probes"]["v6"]
    if record["status"] == "unmeasured":
        assert record["reason"]
        return
    questions = {
        q["question_id"]: Question.model_validate(q) for q in json.loads(SHIPPED.read_text())
    }
    assert set(record["components"]) == set(questions)
    for qid, values in record["components"].items():
        assert set(values) == {label for label, _ in components(questions[qid])}, qid
        assert set(values.values()) <= {"pass", "fail", "inconclusive"}


def test_whether_a_step_was_replaced_or_dropped_is_not_told_by_the_metadata(
    corpus: Built,
) -> None:
    """Amended-step and retired-step questions share their wording; the answer-from-metadata
    adversary is measured over exactly those forty and cannot tell the two apart."""
    _, loaded = in_memory(corpus.questions)
    record = metadata_adversary(loaded, seed=0)
    assert record.status == "measured" and record.verdict == "pass"
    assert record.questions == 40
    assert record.reason is not None and "tested within shapes" in record.reason


def test_the_v6_plan_shows_the_rivals_where_the_listing_was() -> None:
    """The probe runner's leave-one-out tasks: leaving the listing out shows the other gold and
    the rival procedures' hops; leaving a hop out shows the rest of gold and no rival."""
    _, loaded = in_memory(small().questions)
    tasks = plan_tasks(loaded, ProbeSettings(probes=("v6",)))
    assert {t.qi for t in tasks} == set(range(len(loaded.questions)))
    for t in tasks:
        q = loaded.questions[t.qi]
        gold = set(_gold(q))
        listing = next(c for c in q.typedmemeval.gold_components or [] if c.rivals)
        assert t.component is not None
        left_out = t.component[1]
        expected = gold - {left_out}
        if left_out == listing.session_index:
            expected |= set(listing.rivals or [])
        assert set(t.sessions) == expected, (q.question_id, t.component)


def test_listing_twins_say_their_steps_as_often_as_the_procedure_says_its_own(
    corpus: Built,
) -> None:
    """Twins told as listings share one set of steps where the procedure's hops always name two
    or more of its steps again (a dependency chain, a retirement), so their steps recur as the
    listing's do; an amended or preconditioned procedure's hop names one step again (and an
    amendment a second at times), and its twins name fresh steps each: shared, every twin step
    was said once a twin, and the steps said least in the question's sentences were the
    answer's (1.00 times against 1.26)."""
    sessions: dict[str, list[int]] = {}
    for q in corpus.questions:
        shape = q.typedmemeval.shape
        for t in q.typedmemeval.twins or []:
            if TOLD_AS[t.kind] != LISTING:
                continue
            said = sum(t.value in _text(q, si) for si in range(len(q.haystack_sessions)))
            sessions.setdefault(shape, []).append(said)
    assert set(sessions[AMENDED]) == {1} and set(sessions[PRECONDITION]) == {1}
    assert max(sessions[STEP_ORDER]) > 1 and max(sessions[RETIRED]) > 1


def test_an_amended_procedures_current_steps_are_not_the_least_said(corpus: Built) -> None:
    """In the sentences that carry an amended-step question's key words, the steps the
    procedure has now were each said once and every other step at least as often (the
    replaced one twice), so in every question they were the least said on average. An
    amendment names the step beside the one it replaces about half the time, the asked
    procedure's and its rivals' alike, so the current steps are said about as often as the
    rivals' current steps and less only in some questions. (Every procedure's replaced step is
    said twice, its listing's and its amendment's, now that rivals' listings carry the key
    words too; so the comparison is with the steps the rivals have now, the asked steps' peers.)"""
    amendments = beside = less = asked = 0
    for q in corpus.questions:
        block = q.typedmemeval
        if block.shape != AMENDED:
            continue
        reading = read(q, _gold(q))
        assert reading is not None and reading.asked is not None
        names = reading.asked.step_names()
        for e in reading.asked.hops.get(PROCEDURES.amendment, []):
            amendments += 1
            beside += sum(find(n, _text(q, e.session_index)) >= 0 for n in names.values()) > 1
        declared = shc.declared_values(block)
        listed = shc.gold_list(q, declared)
        assert listed is not None
        gold = listed[0]
        keys = shc.key_words(q.question, declared | set(gold))
        count: Counter[str] = Counter()
        for s in shc.said_in(q):
            if shc.carries_key(s, keys):
                count.update(v for v in s.capitals if v in declared | set(gold))
        peers = [
            shc.value_token(name)
            for p in reading.procedures.values()
            if p is not reading.asked and p.hops.get(PROCEDURES.amendment)
            for name in current_steps(p, reading.vocabulary)
        ]
        others = [count[v] for v in peers if v and v in count]
        asked += 1
        less += sum(count[v] for v in gold) / len(gold) < sum(others) / len(others)
    assert 0.25 * amendments <= beside <= 0.75 * amendments, (beside, amendments)
    assert less <= 0.75 * asked, (less, asked)


def test_listing_twins_of_an_edited_procedure_sit_as_early_as_its_listing(corpus: Built) -> None:
    """An edited procedure's listing sits ahead of its edit (on average a third of the way in),
    and its twins told as listings take the earlier of two draws too; a step-order procedure's
    twins are drawn uniformly (on average half way), as its listing is."""
    where: dict[str, list[float]] = {}
    for q in corpus.questions:
        n = len(q.haystack_sessions)
        for t in q.typedmemeval.twins or []:
            if TOLD_AS[t.kind] == LISTING:
                where.setdefault(q.typedmemeval.shape, []).append(t.session_index / (n - 1))
    edited = where[AMENDED] + where[RETIRED]
    assert sum(edited) / len(edited) < 0.42, sum(edited) / len(edited)
    assert 0.42 < sum(where[STEP_ORDER]) / len(where[STEP_ORDER]) < 0.58


def test_every_listing_says_the_cues_of_the_questions_about_it() -> None:
    """Every listing, whoever's procedure it is (asked, rival or twin), says `order` and
    `steps`, so the asked person's rival procedures are said under a question's key words in
    their listings as the asked one is, and not in their hops alone."""
    for grammar in PROCEDURE_FRAMES[LISTING]:
        for template in expansions(grammar, 200):
            words = set(re.findall(r"[a-z]+", template.lower()))
            assert {"order", "steps"} <= words, template


def test_counting_a_questions_key_sentences_does_not_find_the_asked_steps(
    corpus: Built,
) -> None:
    """Among the sentences carrying a question's key words, the asked procedure's steps are
    no likelier than any other step to be the most said, the first or the last said: every
    per-item answerer of every list-answer shape is within +0.15 of its chance. (With rival
    procedures' listings silent under the key words, the asked steps were the most said:
    step-order 0.573 against 0.257.)"""
    by_shape: dict[str, list[shc.QuestionScore]] = {}
    for q in corpus.questions:
        found = shc.score_question(q)
        if not isinstance(found, str) and found.item_credit:
            by_shape.setdefault(found.shape, []).append(found)
    assert STEP_ORDER in by_shape
    for shape, scores in by_shape.items():
        chance = sum(s.item_chance for s in scores) / len(scores)
        for answerer in shc.LIST_ANSWERERS:
            share = sum(s.item_credit[answerer] for s in scores) / len(scores)
            assert share - chance <= 0.15, (shape, answerer, share, chance)


def test_a_way_dropped_is_told_and_asked_about_as_a_way_of_doing_a_task() -> None:
    """A way tried and dropped says so grammatically ("tried it that way for a week or two and
    went back", never "never went through with it after a week or two"), and what the assistant
    asks after it is about a way of doing a chore, not a plan put off for a year or its cost."""
    from corpora.generate.core.world import TWIN_CONSIDERED
    from corpora.generate.procedural.procedures import PROCEDURE_BANK, PROCEDURE_STATUSES

    said = [e for t in PROCEDURE_STATUSES[TWIN_CONSIDERED] for e in expansions(t, 2000)]
    assert not [e for e in said if re.search(r"never went through with it (after|almost|once)", e)]
    assert not [e for e in said if re.search(r"thought about doing it like that and went", e)]
    assert any("tried it that way for a week or two and went back" in e for e in said)
    for kind in (TWIN_CONSIDERED, TWIN_AMENDMENT):
        asked = PROCEDURE_BANK.status_follow_ups[kind]
        assert asked
        text = [e for pair in asked for t in pair for e in expansions(t, 2000)]
        assert not [e for e in text if re.search(r"go off it|year|[Cc]ost", e)], text


def test_no_user_sentence_stacks_two_fillers() -> None:
    """Slots drawn apart each add a filler or hedge: at most one of them stands in a sentence
    ("Too fiddly, mostly; fair enough, really!" and "Good, mostly, I think, busy as ever!"
    were said before), the vertical's own ("mostly", "fair enough") giving way first."""
    from corpora.generate.core.grammar import restrain
    from corpora.generate.procedural.procedures import _DROPPED_FOLLOW_UPS, PROCEDURE_BANK

    built = json.loads(corpus_text(small().questions))
    said = user_sentences(built)
    assert sum(1 for sentence in said if fillers_in(sentence)) > 10  # fillers are said, singly
    assert not stacked(said)
    answers = [e for _, answer in _DROPPED_FOLLOW_UPS for e in expansions(answer, 2000)]
    assert not [e for e in answers if len(fillers_in(restrain(e, PROCEDURE_BANK.fillers))) > 1]
    assert restrain("Good, mostly, I think, busy as ever!", PROCEDURE_BANK.fillers) == (
        "Good, I think, busy as ever!"
    )
