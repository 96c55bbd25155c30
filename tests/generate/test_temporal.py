"""The Temporal generator: byte-identical regeneration; orders the checker re-derives from the
relations alone, read back from the sessions that state them; session order that says nothing
of event order; rival chains, twins and near misses built alike for asked and unasked chains;
content with no dates and no sentence the scaffolding strip can take; a corpus whose session
order encodes event order is refused and never written."""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from scipy.stats import fisher_exact

from checker.api import check_corpus
from checker.family import BY_KEY
from checker.formats.corpus import Question
from checker.registry import get_rule
from checker.retrieval.strips import is_keyword_sentence
from checker.rules.dates import ABSOLUTE_DATE_PATTERNS, YEAR_RE
from checker.rules.event_order import derive_order, measure_session_order
from checker.rules.leaks import PRODUCTION_WORDS
from checker.text import bm25_tokens, sentences
from corpora.generate.core.names import refusal
from corpora.generate.core.parity import parity_test
from corpora.generate.core.pipeline import generate
from corpora.generate.core.stamp import (
    corpus_file,
    corpus_text,
    in_memory,
    sidecar_file,
)
from corpora.generate.core.vertical import Built, Levers
from corpora.generate.core.wording import expansions, plain
from corpora.generate.core.world import TWIN_RUMOUR
from corpora.generate.temporal import generator as temporal
from corpora.generate.temporal.milestones import (
    LINK,
    MILESTONE_FRAMES,
    MILESTONE_NOUNS,
    MILESTONE_REPLIES,
    MILESTONE_STATUSES,
    NAMED_MENTION_FRAMES,
    PROJECTS,
    QUESTIONS,
    TWIN_CONSIDERED,
    MilestoneBankError,
    check_milestone_bank,
)
from tests.generate.conftest import (
    as_shipped,
    digest_in_another_process,
    passing_attempt,
    shared_gate_refusals,
    shipped,
)

ROOT = Path(__file__).resolve().parents[2]
REVISION = "2026.12"
SHIPPED = ROOT / "corpora" / corpus_file("temporal", REVISION)
SHIPPED_SIDECAR = ROOT / "corpora" / sidecar_file("temporal", REVISION)
#: A question of every shape and gold count.
SMALL = frozenset({1, 6, 16, 21, 36, 46})
#: A fixed-seed corpus's p-value is a number, not a draw: the bar is the 1% level.
ALPHA = 0.01
MAKING_WORDS = re.compile(
    r"\b(gold|filler|distractors?|decoys?|near.misses?|evidence|competitors?|twins?|chains?|"
    r"rivals?|links?)\b",
    re.I,
)
#: Words that would date a milestone (the link and twin frames carry none).
TIME_WORDS = re.compile(
    r"\b(yesterday|today|tomorrow|ago|last week|weeks?|months?|years?|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)\b",
    re.I,
)


#: A milestone as the conversations name it: an invented name and a milestone noun.
MILESTONE = re.compile(r"\b[A-Z][a-z]+ (?:" + "|".join(MILESTONE_NOUNS) + r")\b")


def small(seed: int = temporal.SEED) -> Built:
    return temporal.build(seed, REVISION, temporal.GENERATOR.levers[0], only=SMALL)


def _digest(built: Built) -> str:
    return hashlib.sha256(corpus_text(built.questions).encode()).hexdigest()


@pytest.fixture(scope="module")
def corpus() -> Built:
    """The whole corpus `generate` ships: the first setting of the levers the gate passes."""
    return shipped(temporal.GENERATOR)


def _findings(questions: list[Question], codes: tuple[str, ...]) -> list[str]:
    _, loaded = in_memory(questions)
    rules = [get_rule(code) for code in codes]
    return [f"{f.code} {f.question_id}: {f.message}" for f in check_corpus(loaded, None, rules)]


# --- regeneration ----------------------------------------------------------------------------


def test_a_small_corpus_regenerates_byte_for_byte() -> None:
    first = small()
    assert {q.typedmemeval.shape for q in first.questions} == {
        s.name for s in BY_KEY["temporal"].shapes
    }
    assert corpus_text(small().questions) == corpus_text(first.questions)
    assert _digest(small(seed=1)) != _digest(first)


def test_another_process_with_another_hash_seed_writes_the_same_bytes() -> None:
    assert digest_in_another_process("tests.generate.test_temporal") == _digest(small())


@pytest.mark.skipif(not SHIPPED.is_file(), reason="no shipped Temporal corpus yet")
def test_the_shipped_corpus_is_what_the_generator_builds() -> None:
    """The shipped bytes are the build at the setting its trace says passed."""
    attempt = passing_attempt(SHIPPED_SIDECAR)
    g = temporal.GENERATOR
    built = temporal.build(g.seed, REVISION, g.levers[attempt - 1])
    # The gate stamps the ladder's verdict into every banded question before writing.
    assert as_shipped(built.questions, SHIPPED) == SHIPPED.read_bytes()


# --- orders, relations and gold --------------------------------------------------------------


def test_shapes_gold_counts_and_haystack_sizes(corpus: Built) -> None:
    shapes = Counter(q.typedmemeval.shape for q in corpus.questions)
    assert shapes == {s.name: s.count for s in BY_KEY["temporal"].shapes}
    g = Counter((q.typedmemeval.shape, len(q.answer_session_ids)) for q in corpus.questions)
    assert g == Counter(temporal.PLAN)
    for q in corpus.questions:
        h = len(q.haystack_sessions) - len(q.answer_session_ids)
        assert temporal.H_RANGE[0] <= h <= temporal.H_RANGE[1], q.question_id
        assert q.typedmemeval.difficulty == len(q.answer_session_ids) - 1


def test_every_answer_re_derives_from_the_relations_alone(corpus: Built) -> None:
    assert _findings(corpus.questions, ("ORD001", "ORD002", "ORD003", "DRV009", "LEK001")) == []
    spec = BY_KEY["temporal"].event_order
    assert spec is not None
    for q in corpus.questions:
        order = derive_order(q.typedmemeval.events or [], spec).order
        assert order is not None and len(order) >= 4, q.question_id


def test_the_checker_refuses_an_answer_the_relations_do_not_give(corpus: Built) -> None:
    q = next(q for q in corpus.questions if q.typedmemeval.shape == "occurrence-order")
    named = sorted(
        (e.value for e in q.typedmemeval.events or [] if e.value and e.value in q.question),
        key=q.question.index,
    )
    wrong = next(v for v in named if v not in q.answer)
    bad = q.model_copy(update={"answer": f"The {wrong} came first."})
    found = _findings([bad], ("ORD001",))
    assert len(found) == 1 and "the relations determine" in found[0]


def test_session_order_says_nothing_of_event_order(corpus: Built) -> None:
    _, loaded = in_memory(corpus.questions)
    record = measure_session_order(loaded)
    assert record is not None and record.questions == 50
    assert abs(record.tau) < 0.2 and record.p_value >= 0.05, record
    # The shortcut a timestamp reader would take: the candidate stated first came first.
    right = total = 0
    for q in corpus.questions:
        if q.typedmemeval.shape != "occurrence-order":
            continue
        named = [e.value for e in q.typedmemeval.events or [] if e.value and e.value in q.question]
        first = min(named, key=lambda v: _first_session_naming(q, v))
        right += first in q.answer
        total += 1
    assert total == 20 and right <= 14, f"first-stated candidate is gold in {right}/20"


def _first_session_naming(q: Question, value: str) -> int:
    return next(i for i, s in enumerate(q.haystack_sessions) if any(value in t.content for t in s))


def _recency_ends(q: Question) -> tuple[str, str]:
    """A recency question's first and last milestones (the last is its answer)."""
    spec = BY_KEY["temporal"].event_order
    assert spec is not None
    events = {e.event_id: e for e in q.typedmemeval.events or []}
    order = derive_order(list(events.values()), spec).order
    assert order is not None
    return events[order[0]].value or "", events[order[-1]].value or ""


def test_the_two_ends_of_a_recency_chain_come_up_twice_each_in_gold(corpus: Built) -> None:
    """Each end is said twice, as an inner milestone is in its two links (its link and an end
    twin), so how often a milestone comes up never says which end of the chain is the last;
    and only in sessions stating a link of the chain, every one gold, so the answer is named
    nowhere else."""
    for q in corpus.questions:
        if q.typedmemeval.shape != "recency":
            continue
        gold = set(q.answer_session_ids)
        for value in _recency_ends(q):
            sessions = [
                sid
                for sid, s in zip(q.haystack_session_ids, q.haystack_sessions, strict=True)
                if any(value in t.content for t in s)
            ]
            assert len(sessions) == 2, (q.question_id, value)
            assert set(sessions) <= gold, (q.question_id, value)


def test_a_recency_answer_is_said_on_either_side_of_an_order_word(corpus: Built) -> None:
    """The chain's last milestone is said once on the earlier side of an order word and once
    on the later side, as its first is, so a reader scoring values by their sides never finds
    the answer alone at the bottom (without the end twins it was only ever said last: the value
    the order words put last was the answer of 0.283 of the questions against a chance of
    0.132, n=15)."""
    from checker.separability import shortcuts as shc

    for q in corpus.questions:
        if q.typedmemeval.shape != "recency":
            continue
        for value in _recency_ends(q):
            early, late = _sides(q, value)
            assert early == late == 1, (q.question_id, value, early, late)
        scored = shc.score_sides(q)
        assert not isinstance(scored, str), (q.question_id, scored)
        sides = scored.scores["earlier-by-order-words"]
        answer = shc.value_token(_recency_ends(q)[1])
        lowest = min(sides.values())
        assert [v for v, n in sides.items() if n == lowest] != [answer], (q.question_id, sides)


def test_occurrence_order_names_its_answer_first_in_half_of_its_questions(
    corpus: Built,
) -> None:
    arms = Counter(q.typedmemeval.arm for q in corpus.questions)
    assert arms == {"first-named": 10, "second-named": 10, None: 30}
    # The wording is drawn independently of the arm: no template says which one it is.
    table: Counter[tuple[str, str]] = Counter()
    for q in corpus.questions:
        if q.typedmemeval.arm is None:
            continue
        template = next(
            t
            for t in QUESTIONS
            if re.fullmatch(
                re.escape(t)
                .replace(r"\{subject\}", ".+")
                .replace(r"\{A\}", ".+")
                .replace(r"\{B\}", ".+"),
                q.question[:1].lower() + q.question[1:],
                flags=re.I,
            )
        )
        table[(template, q.typedmemeval.arm)] += 1
    for template in {t for t, _ in table}:
        inside = [table[(template, "first-named")], table[(template, "second-named")]]
        outside = [10 - inside[0], 10 - inside[1]]
        assert fisher_exact([inside, outside]).pvalue > ALPHA, template


# --- competition -------------------------------------------------------------------------------


def test_every_asked_chain_has_value_bearing_twins_and_rivals(corpus: Built) -> None:
    for q in corpus.questions:
        twins = q.typedmemeval.twins or []
        assert twins, q.question_id
        for twin in twins:
            assert q.haystack_session_ids[twin.session_index] not in q.answer_session_ids
            assert twin.value not in q.answer
        # Every session states one link; the asked chain's are a minority of them.
        chain_sessions = {e.session_index for e in q.typedmemeval.events or []}
        assert len(chain_sessions) <= len(q.haystack_sessions) // 2, q.question_id


def test_every_session_states_one_link(corpus: Built) -> None:
    """One link of some chain per session; the session's twin is told in a link's words too,
    and the turn after it (its status) says what it was, except where it stands till its second
    saying takes both back (a plan between two named milestones, or any twin placed against a
    milestone of an interval question's chain: `echo_between`)."""
    sessions = standing = 0
    for a in corpus.assembled:
        for session in a.sessions:
            frames = [k for k, t in session.templates if t.startswith("frame:")]
            statuses = [k for k, t in session.templates if t.startswith("status:")]
            twins = [k for k in statuses if k != LINK]
            assert len(twins) <= 1, session.templates
            assert frames.count(LINK) == 2
            assert len(frames) == len(temporal.RECIPE)
            sessions += 1
            standing += not twins
    assert 0 < standing < 0.15 * sessions


def test_a_status_names_no_milestone_no_order_and_follows_its_move(corpus: Built) -> None:
    """A status turn names no relation word and no milestone but, where it takes a link back,
    the twin's own milestone it says never went ahead: it is never a turn a reader weighs as
    an order, and the order turn before it reads like any link's. True
    links get one at times too, so a status exchange says nothing by itself."""
    cue = re.compile(r"\b(after|before|later than|earlier than)\b", re.I)
    kinds: Counter[str] = Counter()
    for a in corpus.assembled:
        chain = {e.value for e in a.question.typedmemeval.events or []}
        for session, rendered in zip(a.question.haystack_sessions, a.sessions, strict=True):
            moves = set(rendered.move_turns)
            told = {n for m in moves for n in MILESTONE.findall(session[m].content)}
            for kind, template in rendered.templates:
                if template.startswith("status:"):
                    kinds[kind] += 1
            for i, turn in enumerate(session):
                if turn.role != "user" or i in moves or i == 0 or i - 2 not in moves:
                    continue
                if any(i in range(lo, hi) for lo, hi in rendered.aside_turns):
                    continue
                # Only a link taken back names a milestone: the twin's own, never its chain's.
                for name in MILESTONE.findall(turn.content):
                    assert name in told, turn.content
                    assert name not in chain, turn.content
                assert not cue.search(turn.content), turn.content
    assert kinds[LINK] > 0
    assert {"twin-rumour", "twin-considered", "twin-others"} <= set(kinds), kinds


#: A status that names the milestone of its sentence that never went ahead.
NEVER_WENT_AHEAD = re.compile(
    r"the ([A-Z][a-z]+ (?:" + "|".join(MILESTONE_NOUNS) + r"))"
    r"(?: never took place| never went ahead| was only ever talk| didn't go ahead|: it never)"
)


def test_a_retraction_says_never_went_ahead_only_of_a_milestone_nothing_else_states(
    corpus: Built,
) -> None:
    """A link taken back by saying which of its two milestones never went ahead names it: the
    twin's own milestone, one no other statement of the haystack names but the twin's own
    earlier saying, where it is said twice and taken back at the second (`echo_between`),
    never the chain milestone it was placed against, which true links run through.
    """
    seen = 0
    for a in corpus.assembled:
        said: Counter[str] = Counter()
        chain = {e.value for e in a.question.typedmemeval.events or []}
        for rendered in a.sessions:
            for m in rendered.move_turns:
                said.update(set(MILESTONE.findall(rendered.turns[m].content)))
        for rendered in a.sessions:
            for m, span in enumerate(rendered.status_turns):
                if span is None:
                    continue
                status = rendered.turns[span[0]].content
                found = NEVER_WENT_AHEAD.search(status)
                if not found:
                    continue
                named = MILESTONE.findall(rendered.turns[rendered.move_turns[m]].content)
                assert len(named) == 2, named
                gone = found.group(1)
                assert gone in named, (gone, named, status)
                assert MILESTONE.findall(status) == [gone], status
                assert said[gone] <= 2 and gone not in chain, (gone, status)
                seen += 1
    assert seen > 20


#: Hedges an order sentence may end on; most end on none.
HEDGES = re.compile(r", (or so I gather|by the sound of it|(she|he|they) tells? me|I am told)\.")


def test_the_rewritten_lines_read_as_a_person_would_say_them() -> None:
    """Every alternative of the link frames, the link's statuses and the retractions: a
    retraction names the milestone it takes back (never "the one I named first"), nobody says
    "that's what she put it", and the order sentence comes in several frames, most of them
    with no hedge on the end."""
    rumour = MILESTONE_STATUSES[TWIN_RUMOUR]
    retractions = [t for t in rumour if "{gone}" in t]
    assert len(retractions) >= 4
    for template in retractions:
        for text in expansions(template, 2000):
            assert "the {gone}" in text, text
            assert "{V}" not in text and "{W}" not in text, text
    for template in (*rumour, *MILESTONE_STATUSES[LINK]):
        for text in expansions(template, 2000):
            assert "the one I named" not in text, text
            assert not re.search(r"\bwhat \{pron\} put it\b", text), text
            assert not re.search(r"\b(\w+) \1\b", text, re.I), text
    order = [
        t.split(". ", 1)[1] for frame in MILESTONE_FRAMES[LINK] for t in expansions(frame, 400)
    ]
    assert sum(bool(HEDGES.search(t.replace("{pron}", "she"))) for t in order) < 0.3 * len(order)
    openings = {t.split(" the {V}")[0].split(",")[0] for t in order}
    assert len(openings) >= 10, openings


def test_no_expansion_doubles_a_word() -> None:
    """No alternative of a Temporal template says a word twice running ("was fitted in in the
    pouring rain"), and a person is sure of a thing, never "definite of" it."""
    templates = [
        *(t for frames in MILESTONE_FRAMES.values() for t in frames),
        *NAMED_MENTION_FRAMES,
        *(t for statuses in MILESTONE_STATUSES.values() for t in statuses),
        *(t for replies in MILESTONE_REPLIES.values() for t in replies),
    ]
    for template in templates:
        for text in expansions(template, 2000):
            assert not re.search(r"\b(\w+) \1\b", text, re.I), text
            assert not re.search(r"\b(definite|clear) of\b", text), text


def test_no_occurrence_twin_is_placed_against_a_milestone_its_question_names(
    corpus: Built,
) -> None:
    """The two milestones an occurrence-order question names come up no more often than their
    neighbours: every twin of the chain sits beside a neighbour, never against either."""
    for q in corpus.questions:
        if q.typedmemeval.shape != "occurrence-order":
            continue
        named = {e.value for e in q.typedmemeval.events or [] if e.value and e.value in q.question}
        assert len(named) == 2, q.question_id
        for twin in q.typedmemeval.twins or []:
            session = q.haystack_sessions[twin.session_index]
            said = [t.content for t in session if twin.value in t.content]
            assert said, (q.question_id, twin.value)
            assert not any(v in text for v in named for text in said), (q.question_id, said)


def test_gold_and_other_sessions_draw_from_one_mixture(corpus: Built) -> None:
    result = parity_test(corpus)
    assert result.kinds.p_value > ALPHA, result.describe()
    assert result.templates.p_value > ALPHA, result.describe()
    assert result.templates.categories >= 20, "the test pooled away everything it could see"


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


def test_no_milestone_is_ever_dated(corpus: Built) -> None:
    """A sentence naming a milestone carries no time expression."""
    for q in corpus.questions:
        for session in q.haystack_sessions:
            for turn in session:
                for sentence in sentences(turn.content):
                    if MILESTONE.search(sentence):
                        assert not TIME_WORDS.search(sentence), sentence


def test_no_sentence_is_made_mostly_of_the_question_s_words(corpus: Built) -> None:
    """The generic scaffolding strip has nothing to take, in gold or elsewhere."""
    for q in corpus.questions:
        keywords = frozenset(bm25_tokens(q.question))
        for session in q.haystack_sessions:
            for turn in session:
                hits = [s for s in sentences(turn.content) if is_keyword_sentence(s, keywords)]
                assert hits == [], (q.question_id, hits)


def test_every_name_is_invented_and_used_by_one_haystack(corpus: Built) -> None:
    assert [n for n in corpus.names.issued if refusal(n) is not None] == []
    owners: dict[str, set[str]] = {}
    for q in corpus.questions:
        words = {
            w for s in q.haystack_sessions for t in s for w in re.findall(r"[A-Z]\w+", t.content)
        }
        for name in set(corpus.names.issued) & words:
            owners.setdefault(name, set()).add(q.question_id)
    assert {n: o for n, o in owners.items() if len(o) != 1} == {}


def test_the_bank_refuses_a_frame_that_dates_a_milestone(monkeypatch: pytest.MonkeyPatch) -> None:
    frames = dict(MILESTONE_FRAMES)
    frames[LINK] = (*frames[LINK], "Yesterday {holder} said the {V} took place {rel} the {W}.")
    monkeypatch.setattr("corpora.generate.temporal.milestones.MILESTONE_FRAMES", frames)
    with pytest.raises(MilestoneBankError, match="places a milestone in time"):
        check_milestone_bank()


def test_the_bank_refuses_a_status_that_states_an_order(monkeypatch: pytest.MonkeyPatch) -> None:
    statuses = dict(MILESTONE_STATUSES)
    statuses["twin-rumour"] = (*statuses["twin-rumour"], "Sorry, it was held after the other.")
    monkeypatch.setattr("corpora.generate.temporal.milestones.MILESTONE_STATUSES", statuses)
    with pytest.raises(MilestoneBankError, match="names a milestone, the project or an order"):
        check_milestone_bank()


def test_the_bank_refuses_a_sentence_of_question_words(monkeypatch: pytest.MonkeyPatch) -> None:
    replies = dict(MILESTONE_REPLIES)
    replies[LINK] = (*replies[LINK], "How is {your} finding {clause}?")
    monkeypatch.setattr("corpora.generate.temporal.milestones.MILESTONE_REPLIES", replies)
    with pytest.raises(MilestoneBankError, match="sentence of the question's own words"):
        check_milestone_bank()


@pytest.mark.parametrize(
    "text",
    sorted(
        {
            *(t for frames in MILESTONE_FRAMES.values() for t in frames),
            *(t for replies in MILESTONE_REPLIES.values() for t in replies),
            *NAMED_MENTION_FRAMES,
            *(t for p in PROJECTS.values() for t in (*p.topics, *p.clauses[LINK])),
        }
    ),
)
def test_template_text_is_plain(text: str) -> None:
    """No digit, bracket or em dash in any alternative of a template (its grammar's own
    brackets aside), and no word of how corpora are made."""
    words = plain(text)
    assert not re.search(r"[\d()\[\]\u2014]", words)
    assert not MAKING_WORDS.search(words)


# --- gates ---------------------------------------------------------------------------------


def _in_chain_order(seed: int, revision: str, levers: Levers) -> Built:
    """The real corpus with one planted defect: every chain's links in chain order."""
    original = temporal._place

    def ordered(rng: object, chains: list[temporal.Chain], sessions: int, tries: int) -> None:
        original(rng, chains, sessions, tries)  # type: ignore[arg-type]
        for chain in chains:
            chain.link_sessions = sorted(chain.link_sessions)

    temporal._place = ordered  # type: ignore[assignment]
    try:
        return temporal.build(seed, revision, levers)
    finally:
        temporal._place = original


def test_a_corpus_whose_session_order_encodes_event_order_is_not_written(tmp_path: Path) -> None:
    g = temporal.GENERATOR
    generator = replace(g, build=_in_chain_order, levers=g.levers[:1])
    outcome = generate(generator, tmp_path)
    assert not outcome.passed
    assert any(r.startswith("ORD003") for r in outcome.refusals), outcome.refusals
    assert outcome.written == [] and list(tmp_path.iterdir()) == []


def test_the_adversaries_the_shared_gate_leaves_out_gate_this_corpus(corpus: Built) -> None:
    """Planted: the gold sessions of each haystack share a word no other session has (its
    centre of mass), which only the haystack-relative adversary reads."""
    g = temporal.GENERATOR
    clean = shared_gate_refusals(g, corpus)
    assert not [r for r in clean if r.startswith(("SEP008", "SEP009"))], clean
    planted = []
    for n, q in enumerate(corpus.questions):
        marker = f"Worth noting for the Quorbane{chr(97 + n % 26)}{chr(97 + n // 26)} folder."
        sessions = [
            [
                t.model_copy(update={"content": f"{t.content} {marker}"}) if t.has_answer else t
                for t in s
            ]
            for s in q.haystack_sessions
        ]
        planted.append(q.model_copy(update={"haystack_sessions": sessions}))
    found = shared_gate_refusals(g, corpus, planted)
    assert any(r.startswith("SEP008") for r in found), found


def test_a_link_the_person_told_of_is_not_undone_without_saying_how() -> None:
    """After "My dad gave me a proper update … he tells me", a rumoured link is taken back by
    saying how ("I've muddled two of his messages: that one never went ahead"), never a bare
    "I misheard" (`MILESTONE_BANK.status_unfit`)."""
    from corpora.generate.core.render import fitting_statuses
    from corpora.generate.core.world import TWIN_RUMOUR
    from corpora.generate.temporal import milestones

    options = milestones.MILESTONE_BANK.statuses[TWIN_RUMOUR]
    told = "My dad gave me a proper update on his loft over lunch. In the end, the A call was held before the B visit, he tells me."
    fit = {options[i] for i in fitting_statuses(TWIN_RUMOUR, told, milestones.MILESTONE_BANK)}
    assert fit and not fit & set(milestones._NOT_SO_VAGUE)


def test_a_plan_between_the_named_milestones_stands_then_is_taken_back() -> None:
    """The plan between the two milestones an interval question names is said twice, as the
    milestone between them is (its two links): said once, it was the one rival near both named
    milestones and said less often and less late than the answer (the "first" answerer read
    +0.10 over chance on average over eight seeds). The earlier saying stands, the later one
    takes both back (`core.echo`), whichever session each landed in."""
    from corpora.generate.core.bank import RELATIONS

    person = temporal.Person(RELATIONS[3], "f")
    ask = temporal.Ask(temporal.INTERVAL, (1, 3), (2,), 1, 3)
    chain = temporal.Chain(person, PROJECTS["kitchen"], ["Ames", "Bry", "Cole", "Dorn"], ask, 0)
    plan = temporal.TwinPlan(temporal.TWIN_BETWEEN, "Eske", "after", 1, second_anchor=3)
    chain.twins = [replace(plan, session=5), replace(plan, echo=True, session=2)]
    slots: list[dict[str, temporal.Move]] = [{} for _ in range(7)]
    for twin in chain.twins:
        slots[twin.session][temporal.TWIN_SLOT] = temporal._twin_move(chain, twin, random.Random(1))
    temporal.echo_between(chain, slots)
    early, late = slots[2][temporal.TWIN_SLOT], slots[5][temporal.TWIN_SLOT]
    assert (early.stands, early.takes_back) == (True, False)
    assert (late.stands, late.takes_back) == (False, True)
    # A plan whose second saying `fit` dropped is told once, taken back on the spot.
    chain.twins = [replace(plan, session=4)]
    slots[4][temporal.TWIN_SLOT] = temporal._twin_move(chain, chain.twins[0], random.Random(1))
    temporal.echo_between(chain, slots)
    assert not slots[4][temporal.TWIN_SLOT].stands


def test_make_chain_says_the_plan_between_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    from corpora.generate.core.bank import RELATIONS
    from corpora.generate.core.haystack import World
    from corpora.generate.core.names import NameRegistry

    monkeypatch.setattr(temporal, "BETWEEN_TWIN_SHARE", 1.0)
    rng = random.Random(3)
    person = temporal.Person(RELATIONS[3], "f")
    world = World(rng, NameRegistry(), "q1", [person], list(PROJECTS.values()))
    levers = temporal.GENERATOR.levers[0]
    chain = temporal.make_chain(
        rng, world, person, PROJECTS["kitchen"], temporal.INTERVAL, 2, levers
    )
    between = [t for t in chain.twins if t.kind == temporal.TWIN_BETWEEN]
    assert [t.echo for t in between] == [False, True]
    assert between[0].value == between[1].value
    assert replace(between[1], echo=False) == between[0]


def test_make_chain_says_every_twin_of_an_interval_chain_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every twin placed against a milestone of an interval question's chain is said twice, as
    the answer is (its two links): said once, it ranked below the answer by how often it came
    up, and the second most said value was the answer far more often than chance."""
    from corpora.generate.core.bank import RELATIONS
    from corpora.generate.core.haystack import World
    from corpora.generate.core.names import NameRegistry

    monkeypatch.setattr(temporal, "PROJECT_TWINS", (TWIN_CONSIDERED,))
    rng = random.Random(5)
    person = temporal.Person(RELATIONS[3], "f")
    world = World(rng, NameRegistry(), "q1", [person], list(PROJECTS.values()))
    levers = {**temporal.GENERATOR.levers[0], "twins_min": 3, "twins_max": 3}
    chain = temporal.make_chain(
        rng, world, person, PROJECTS["kitchen"], temporal.INTERVAL, 2, levers
    )
    said = Counter(t.value for t in chain.twins)
    assert len(said) == 3 and set(said.values()) == {2}, said
    for value in said:
        pair = [t for t in chain.twins if t.value == value]
        assert [t.echo for t in pair] == [False, True]


def test_an_interval_answer_is_not_the_second_most_said_value_beyond_chance(
    corpus: Built,
) -> None:
    """Among the values of the sentences carrying an interval question's words, dropping the
    most said tier leaves the answer as the most said of the rest no more often than chance +
    0.15. The answer is said by its two links only (never in a non-gold session), so a named
    milestone is said more; with its twins said once, the answer stood nearly alone in the
    next tier (0.37 of the questions against a chance of 0.15)."""
    from checker.separability import shortcuts as shc

    second, chance = [], []
    for q in corpus.questions:
        block = q.typedmemeval
        if block.shape != "interval-position":
            continue
        declared = shc.declared_values(block)
        gold = shc.gold_value(q, declared)
        assert gold is not None, q.question_id
        values = declared | {gold}
        keys = shc.key_words(q.question, values)
        count: Counter[str] = Counter()
        for said in shc.said_in(q):
            if shc.carries_key(said, keys):
                count.update(w for w in said.capitals if w in values)
        best = max(count.values())
        rest = {v: (float(c) if c != best else float("-inf")) for v, c in count.items()}
        second.append(shc._pick(rest, [gold]))
        chance.append(1 / len(count))
    fair = sum(chance) / len(chance)
    assert sum(second) / len(second) < fair + 0.15, (sum(second) / len(second), fair)


def test_a_link_reply_is_not_one_stock_line_about_keeping_track() -> None:
    """`That really helps me keep track of {clause} for your dad` read oddly, the assistant
    keeping track on someone's behalf: every reference names the project (`{clause}`) in
    words of its own, and none keeps track for anyone."""
    texts = expansions(MILESTONE_REPLIES[LINK][0], limit=4000, seed=3)
    assert not [t for t in texts if "keep track" in t]
    tied = {t.split(". ")[-1] for t in texts if "{clause}" in t}
    assert len(tied) >= 8


def test_a_link_taken_back_says_which_of_its_two_milestones_never_went_ahead() -> None:
    """A bare "that one never went ahead" after "the A call was held before the B visit" could
    mean either milestone: every status that takes a link back by saying how names the one
    that never went ahead (`{gone}`, the twin's own milestone)."""
    from corpora.generate.temporal import milestones

    for template in milestones._NOT_SO_HOW:
        for text in expansions(template, limit=400, seed=1):
            assert "that one never" not in text, text
            assert "the {gone}" in text, text


def test_every_project_fits_any_adult_of_the_cast() -> None:
    """A gran finishing a thesis or a mum making an album with the band read oddly: every
    project is one any adult, of any age, may have on."""
    assert not {"thesis", "album"} & set(PROJECTS)
    for family in PROJECTS.values():
        texts = [c for cs in family.clauses.values() for c in cs]
        assert not [t for t in texts if re.search(r"\b(thesis|album|band)\b", t)], family.key


def test_every_question_is_asked_in_waking_hours(corpus: Built) -> None:
    """Questions were asked at 02:15 or 04:45 (a late session plus up to nine hours)."""
    from checker.load import parse_date

    for q in corpus.questions:
        asked = parse_date(q.question_date)
        assert asked is not None and 9 <= asked.hour <= 20, q.question_date


# --- where the answer stands, and which side of an order word ---------------------------------

_ORDER_WORD = re.compile(r"\b(before|earlier than|after|later than)\b")


def _side_score(text: str, value: str) -> tuple[int, int]:
    """How often `value` stands on the earlier side of an order word in `text` (left of
    "before", right of "after") and how often on the later side."""
    early = late = 0
    spots = [m.start() for m in re.finditer(rf"\b{re.escape(value)}\b", text)]
    for word in _ORDER_WORD.finditer(text):
        earlier_word = word.group(1) in ("before", "earlier than")
        for at in spots:
            if (at < word.start()) == earlier_word:
                early += 1
            else:
                late += 1
    return early, late


def _sides(q: Question, value: str) -> tuple[int, int]:
    """`_side_score` over every sentence of the haystack that names `value`."""
    early = late = 0
    for session in q.haystack_sessions:
        for turn in session:
            for sentence in sentences(turn.content):
                if value in sentence:
                    e, lt = _side_score(sentence, value)
                    early, late = early + e, late + lt
    return early, late


def test_an_occurrence_question_names_two_inner_milestones() -> None:
    """Neither milestone an occurrence-order question names is its chain's first or last, at
    every gold count: a chain's first milestone is never said after anything."""
    rng = random.Random(0)
    for g in (2, 3, 4, 5):
        for _ in range(200):
            n = temporal.chain_length(rng, temporal.OCCURRENCE, g)
            ask = temporal.draw_ask(rng, temporal.OCCURRENCE, g, n)
            assert ask.high - ask.low == g
            assert ask.low > 0 and ask.high < n - 1, (g, n, ask)


def test_the_side_of_an_order_word_says_nothing_of_which_came_first(corpus: Built) -> None:
    """Over every sentence of its haystack, each milestone an occurrence-order question names
    stands on the earlier side of an order word as often as on the later side, so a reader who
    scores the two by their sides ties on every question. With a chain's ends asked, that
    reader was right on all 19 questions it decided (n=20)."""
    for q in corpus.questions:
        if q.typedmemeval.shape != "occurrence-order":
            continue
        named = [e.value for e in q.typedmemeval.events or [] if e.value and e.value in q.question]
        assert len(named) == 2, q.question_id
        for value in named:
            early, late = _sides(q, value)
            assert early == late >= 1, (q.question_id, value, early, late)


def _place_credit(corpus: Built, shape: str) -> dict[str, tuple[float, float]]:
    """Per SHC001 answerer (the placed ones too: the k-th most recent, named and most said
    value, k up to four): the share of the shape's questions it answers (ties split), and the
    fair chance."""
    from checker.separability import shortcuts as shc

    scored = [
        found
        for q in corpus.questions
        if q.typedmemeval.shape == shape
        and isinstance(found := shc.score_question(q), shc.QuestionScore)
    ]
    fair = sum(s.chance for s in scored) / len(scored)
    return {
        name: (sum(s.credit[name] for s in scored) / len(scored), fair) for name in scored[0].credit
    }


@pytest.mark.parametrize("shape", ["occurrence-order", "interval-position"])
def test_no_place_by_last_or_first_mention_answers_beyond_chance(corpus: Built, shape: str) -> None:
    """Every SHC001 answerer — the k-th most recent and the k-th named value of the key
    sentences among them (k from 1 to 4) — is the answer no more often than chance + 0.10, and
    the counting ones (most and least said, k-th most said) within the refusal bound. The answer's mentions had a fixed number of the named milestones' after them and
    before them: the third most recent and the third named value answered interval-position
    questions 0.40 against a chance of 0.17 (n=15)."""
    for name, (got, fair) in _place_credit(corpus, shape).items():
        bound = 0.15 if "frequent" in name else 0.10
        assert got <= fair + bound, (shape, name, got, fair)


def test_answer_places_cover_every_stratum_of_each_shape() -> None:
    """Each shape's questions want their answer at the middles of equal strata, by last
    mention and by first, each ordering shuffled on its own."""
    places = temporal._answer_places(temporal.SEED)
    for shape in (temporal.OCCURRENCE, temporal.INTERVAL):
        drawn = list(places[shape])
        count = sum(1 for s, _ in temporal.PLAN if s == shape)
        strata = sorted((i + 0.5) / count for i in range(count))
        assert sorted(r for r, _ in drawn) == strata
        assert sorted(f for _, f in drawn) == strata
        assert [r for r, _ in drawn] != [f for _, f in drawn]
    assert [temporal.wanted_rank(s, 6) for s in (0.0, 0.2, 0.5, 0.99)] == [1, 2, 4, 6]


def test_the_answer_is_settled_at_the_place_its_question_wants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`settle_answer` reorders the key sessions so the answer stands at the wanted place by
    its last mention and by its first, the order within its two link sentences choosing
    between the two places a tie with its neighbour leaves; a place no reordering reaches
    (last by both, where some value is said once) is missed by as little as it can be."""
    settled: list[tuple[tuple[int, int], tuple[int, int]]] = []
    original = temporal.settle_answer

    def record(
        rng: random.Random, chain: temporal.Chain, place: tuple[float, float], tries: int = 800
    ) -> dict[int, int]:
        moved = original(rng, chain, place, tries)
        mentions = {
            v: {moved.get(s, s) for s in ss} for v, ss in temporal.key_sessions(chain).items()
        }
        gold = chain.values[chain.ask.answer[0]]
        recent, earliest = temporal.answer_ranks(mentions, gold)
        links = sorted(
            (i for i in range(chain.n - 1) if gold in chain.values[i : i + 2]),
            key=lambda i: moved.get(chain.link_sessions[i], chain.link_sessions[i]),
        )
        got = (
            recent[0] if chain.said_last[links[-1]] else recent[1],
            earliest[1] if chain.said_last[links[0]] else earliest[0],
        )
        want = tuple(temporal.wanted_rank(p, len(mentions)) for p in place)
        settled.append((want, got))  # type: ignore[arg-type]
        return moved

    monkeypatch.setattr(temporal, "settle_answer", record)
    small()
    assert len(settled) == 4
    exact = [want == got for want, got in settled]
    assert sum(exact) >= 3, settled
    for want, got in settled:
        assert abs(want[0] - got[0]) + abs(want[1] - got[1]) <= 4, settled
