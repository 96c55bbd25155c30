"""The shortcut measurements (SHC) and the language figures (LNG) on hand-made inputs."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest

from checker import selftest
from checker.formats.corpus import Question, Turn, Twin, TypedMemEvalBlock
from checker.selftest_plants import SHORTCUT_PLANTS
from checker.separability import shortcuts as shc
from checker.separability.language import skeleton, turn_skeleton
from checker.separability.plants import Planted
from checker.separability.synthetic import _plain_shape, build_clean_corpus, rebuilt

#: A shape whose questions need no block fields beyond the ones set here.
VERTICAL, ABBREV, SHAPE = _plain_shape()


def test_skeleton_masks_names_numbers_relations_and_pronouns_generically() -> None:
    assert skeleton("Yesterday my dad paid 4,511.07 pounds to Dr Fannin for her.") == (
        "yesterday my R paid 0 pounds to N for P ."
    )
    # A capitalised word opening the sentence is not a name by position alone; "I" never is.
    assert skeleton("Anyway, I told Grirvella Douskasor.") == "anyway , i told N ."
    assert turn_skeleton("Good. Did your sister go?") == "good . did your R go ?"


def test_key_words_split_holder_from_attribute_and_leave_values_out() -> None:
    keys = shc.key_words("What car does my dad have now?", {"Marvine"})
    assert (keys.holder, keys.attribute) == ({"dad"}, {"car"})
    # A relation word its holder owns is what is asked, not who holds it.
    keys = shc.key_words("Who is my neighbour's dentist now?", set())
    assert (keys.holder, keys.attribute) == ({"neighbour"}, {"dentist"})
    keys = shc.key_words("Did the Keskora walkthrough come before my boss's play?", {"Keskora"})
    assert keys.holder == {"boss"}
    assert "keskora" not in keys.attribute and "walkthrough" in keys.attribute


def _question(turns: list[tuple[str, str, bool]], answer: str, twins: list[str]) -> Question:
    sessions = [[Turn(role=r, content=c, has_answer=h)] for r, c, h in turns]
    ids = [f"tok-s{i:03d}" for i in range(len(sessions))]
    gold = [ids[i] for i, (_, _, h) in enumerate(turns) if h]
    return Question(
        question_id=f"tme-{ABBREV}-2612-001",
        question_type=f"{VERTICAL}-{SHAPE}",
        question="What car does my dad have now?",
        answer=answer,
        question_date="2026/03/10 (Tue) 10:00",
        haystack_session_ids=ids,
        haystack_dates=[f"2026/03/0{i + 1} (Sun) 10:00" for i in range(len(sessions))],
        haystack_sessions=sessions,
        answer_session_ids=gold,
        typedmemeval=TypedMemEvalBlock(
            vertical=VERTICAL,
            shape=SHAPE,
            twins=[Twin(kind="twin-rumour", session_index=1, value=v) for v in twins],
        ),
    )


def test_heuristic_answerers_score_counting_and_position_against_the_fair_chance() -> None:
    q = _question(
        [
            ("user", "My dad drives a Marvine, a proper family car.", True),
            ("user", "Someone said my dad has a Scatrar as his car.", False),
            ("user", "My dad still drives the Marvine and has no plans to change car.", True),
            ("assistant", "Your dad could look at a Trivey as a second car.", False),
        ],
        "The Marvine, and that still holds for your dad.",
        ["Scatrar", "Trivey"],
    )
    assert shc.gold_value(q, shc.declared_values(q.typedmemeval)) == "Marvine"
    found = shc.score_question(q)
    assert isinstance(found, shc.QuestionScore)
    assert found.candidates == 3 and found.shape == SHAPE
    assert found.credit == {
        "most-frequent": 1.0,
        "least-frequent": 0.0,
        "most-recent": 0.0,
        "first": 1.0,
        "assistant-stated": 0.0,
        # The assistant's Trivey is the most recent, so the runner-up is the answer.
        "second-most-frequent": 0.0,
        "second-most-recent": 1.0,
        "second": 0.0,
        # Scatrar and Trivey tie on one mention each, so two counts are all there is: past
        # them every value ties, a pick at random among the three.
        "third-most-frequent": 1 / 3,
        "third-most-recent": 0.0,
        "third": 0.0,
        "fourth-most-frequent": 1 / 3,
        "fourth-most-recent": 1 / 3,
        "fourth": 1 / 3,
    }


def test_a_place_takes_the_values_of_its_score_ties_and_all() -> None:
    assert shc.at_place({"A": 3.0, "B": 2.0, "C": 2.0}, 2) == {"A": 0.0, "B": 1.0, "C": 1.0}
    # The two most frequent tie: both go, and the runner-up is the one said least.
    assert shc._pick(shc.at_place({"A": 2.0, "B": 2.0, "C": 1.0}, 2), ["C"]) == 1.0
    # Past the last distinct score, no value is placed above another: a pick at random.
    assert shc._pick(shc.at_place({"A": 1.0, "B": 1.0}, 2), ["B"]) == 0.5
    assert shc._pick(shc.at_place({"A": 3.0, "B": 2.0, "C": 2.0}, 3), ["A"]) == 1 / 3


def test_places_are_named_by_ordering_and_ordinal() -> None:
    assert shc.place_name("most-recent", 3) == "third-most-recent"
    assert shc.place_name("first", 4) == "fourth"
    assert shc.PLACES["second-most-frequent"] == ("most-frequent", 2)
    assert len(shc.ANSWERERS) == len(set(shc.ANSWERERS)) == 5 + 3 * 3


def _leak_free_shape(rng: np.random.Generator, n: int, m: int) -> list[shc.QuestionScore]:
    """n questions of m candidates, every ordering scored at random and the gold drawn at
    random: no answerer can do better than chance but by luck."""
    out = []
    for _ in range(n):
        values = [f"V{i}" for i in range(m)]
        base = {name: {v: float(rng.integers(0, 6)) for v in values} for name in shc.LIST_ANSWERERS}
        by = base | {n: shc.at_place(base[o], k) for n, (o, k) in shc.PLACES.items()}
        gold = [values[int(rng.integers(m))]]
        credit = {name: shc._pick(scores, gold) for name, scores in by.items()}
        out.append(shc.QuestionScore("s", m, credit, scores=by))
    return out


def _rows(scored: list[shc.QuestionScore], bound: float) -> list[shc.AnswererRow]:
    chance = float(np.mean([s.chance for s in scored]))
    return [
        shc.AnswererRow(
            "s", a, len(scored), float(np.mean([s.credit[a] for s in scored])), chance, bound=bound
        )
        for a in shc.ANSWERERS
    ]


def test_the_family_bound_keeps_placed_answerers_from_refusing_by_luck() -> None:
    rng = np.random.default_rng(7)
    shapes = [_leak_free_shape(rng, 15, 7) for _ in range(120)]
    plain = sum(any(r.lift > shc.LIFT_REFUSE for r in _rows(s, 0.0)) for s in shapes)
    bounded = sum(
        any(r.refused and r.placed for r in _rows(s, shc.family_bound("s", s))) for s in shapes
    )
    # Fourteen answerers on fifteen questions: over +0.15 by luck in a large share of
    # leak-free shapes; held to the family bound, placed answerers refuse about one in twenty.
    assert plain / len(shapes) > 0.3
    assert bounded / len(shapes) <= 0.08
    # The bound is drawn with a fixed seed, and it shrinks as the shape grows.
    assert shc.family_bound("s", shapes[0]) == shc.family_bound("s", shapes[0])
    big = _leak_free_shape(rng, 60, 7)
    assert shc.family_bound("s", big) < shc.family_bound("s", shapes[0])


def test_a_placed_answerer_is_refused_only_beyond_the_family_bound() -> None:
    row = shc.AnswererRow("s", "third-most-recent", 15, 0.45, 0.2, bound=0.3)
    assert row.placed and not row.refused
    assert shc.AnswererRow("s", "third-most-recent", 15, 0.55, 0.2, bound=0.3).refused
    # A plain ordering is held to +0.15 alone, as before.
    assert shc.AnswererRow("s", "most-recent", 15, 0.45, 0.2, bound=0.3).refused


def test_a_list_is_picked_best_first_with_ties_broken_at_random() -> None:
    scores = {"A": 3.0, "B": 2.0, "C": 2.0, "D": 1.0}
    # The set {A, B}: A is in, and B is one of the two tied for the second place.
    assert shc._pick(scores, ["B", "A"]) == 0.5
    assert shc._pick(scores, ["A", "D"]) == 0.0
    assert shc._pick(scores, ["A", "B", "C"]) == 1.0
    # In order: A first, then B or C (one in two), then the other of them.
    assert shc._pick(scores, ["A", "B", "C"], ordered=True) == 0.5
    assert shc._pick(scores, ["B", "A"], ordered=True) == 0.0
    # One value is a list of one.
    assert shc._pick(scores, ["C"]) == 0.0 and shc._pick({"A": 1.0, "B": 1.0}, ["B"]) == 0.5
    # Per item: A, and one of B and C in two.
    assert shc._pick_items(scores, ["A", "C"]) == 0.75


def _steps_question(turns: list[tuple[str, str, bool]]) -> Question:
    """A procedural amended-step question: the current steps are a set (answer items). Built
    without validation: the events and gold components the shape also needs play no part."""
    sessions = [[Turn(role=r, content=c, has_answer=h)] for r, c, h in turns]
    ids = [f"tok-s{i:03d}" for i in range(len(sessions))]
    return Question.model_construct(
        question_id="tme-prc-2612-041",
        question_type="procedural-amended-step",
        question="What are the steps of bleeding the radiators for my sister now?",
        answer="The Gren round, the Dawford pass and the Huntfield turn.",
        question_date="2026/03/10 (Tue) 10:00",
        haystack_session_ids=ids,
        haystack_dates=[f"2026/03/0{i + 1} (Sun) 10:00" for i in range(len(sessions))],
        haystack_sessions=sessions,
        answer_session_ids=[ids[i] for i, (_, _, h) in enumerate(turns) if h],
        typedmemeval=TypedMemEvalBlock.model_construct(
            vertical="procedural",
            shape="amended-step",
            answer_items=["Gren round", "Dawford pass", "Huntfield turn"],
            twins=[
                Twin(kind="twin-rumour", session_index=1, value="Foran turn"),
                Twin(kind="twin-considered-amendment", session_index=3, value="Mott run"),
                # (In a corpus the replaced step is declared as a step event.)
                Twin(kind="twin-others", session_index=0, value="Irwin round"),
            ],
        ),
    )


def test_list_answerers_score_the_exact_set_against_the_chance_of_a_k_subset() -> None:
    q = _steps_question(
        [
            (
                "user",
                "My sister bleeds the radiators in three steps: the Irwin round, the Dawford "
                "pass and the Huntfield turn.",
                True,
            ),
            (
                "user",
                "My sister says the radiators want the Foran turn, the Irwin round too.",
                False,
            ),
            (
                "user",
                "One of the steps is different now for my sister: the Gren round, not the Irwin round.",
                True,
            ),
            (
                "user",
                "My sister has changed steps for the bins as well, the Mott run for the Foran turn.",
                False,
            ),
        ]
    )
    found = shc.score_question(q)
    assert isinstance(found, shc.QuestionScore)
    # Candidates: Irwin (said 3 times), Dawford, Huntfield, Gren (once each), Foran (twice),
    # Mott (once); the gold set is three of the six.
    assert (found.candidates, found.items, found.ordered) == (6, 3, False)
    assert found.chance == 1 / 20 and found.item_chance == 0.5
    # The three said once are the three least said, but so is Mott: one set in four.
    assert found.credit["least-frequent"] == 0.25
    assert found.credit["most-frequent"] == 0.0
    assert found.credit["first"] == 0.0  # Irwin, Dawford, Huntfield
    assert found.item_credit["first"] == 2 / 3
    assert found.item_credit["least-frequent"] == 0.75


def test_an_order_answer_lists_the_values_it_names_in_its_order() -> None:
    q = _steps_question([("user", "My sister bleeds the radiators.", True)])
    q.answer = "First the Baum stage, then the Gren round, and last the Dawford pass."
    q.typedmemeval = TypedMemEvalBlock.model_construct(vertical="procedural", shape="step-order")
    declared = {"Dawford", "Gren", "Baum", "Foran"}
    assert shc.gold_list(q, declared) == (["Baum", "Gren", "Dawford"], True)
    # A shape whose answer is neither a set, a list order nor an order form is no list.
    q.typedmemeval = TypedMemEvalBlock.model_construct(vertical="procedural", shape="precondition")
    assert shc.gold_list(q, declared) is None


def test_per_item_figures_are_refused_as_whole_answers_are() -> None:
    row = shc.AnswererRow("amended-step", "first", 20, 0.9, 0.2, per_item=True)
    assert row.refused
    assert shc.AnswererRow("amended-step", "first", 20, 0.9, 0.2).refused
    # Below ten questions or within the bound, neither is refused.
    assert not shc.AnswererRow("amended-step", "first", 9, 0.9, 0.2, per_item=True).refused
    assert not shc.AnswererRow("amended-step", "first", 20, 0.34, 0.2, per_item=True).refused


def test_an_answer_naming_no_single_value_is_not_scored() -> None:
    q = _question([("user", "My dad drives a Marvine car.", True)], "Yes.", ["Scatrar"])
    assert shc.score_question(q) == "its answer names no single value"


def test_marker_candidates_are_the_gold_speakers_statements_of_a_value() -> None:
    q = _question(
        [
            ("user", "My dad drives a Marvine, a proper family car.", True),
            ("user", "Someone said my dad has a Scatrar as his car.", False),
            ("assistant", "Your dad must love that car.", False),
            ("assistant", "Your dad could look at a Trivey as a second car.", False),
            ("user", "My dad and I talked about car insurance for ages.", False),
        ],
        "The Marvine.",
        ["Scatrar", "Trivey"],
    )
    corpus = rebuilt(build_clean_corpus(questions=1), [q])
    found = shc.candidate_turns(corpus)
    # The reply by the other speaker (with or without a value) and the chat that names no
    # value are not weighed; the two user statements of a value are.
    assert found.texts == [
        turn_skeleton("My dad drives a Marvine, a proper family car."),
        turn_skeleton("Someone said my dad has a Scatrar as his car."),
    ]
    assert found.gold.tolist() == [True, False]
    assert shc.states_a_value("my R paid 0 pounds .") and not shc.states_a_value("my R went .")


def test_pooled_auc_pairs_only_within_a_question() -> None:
    scores = np.array([0.9, 0.1, 0.2, 0.3])
    gold = np.array([True, False, True, False])
    question = np.array([0, 0, 1, 1])
    # Question 0 wins its one pair, question 1 loses it; across questions 0.9 > 0.3 is not
    # a pair.
    assert shc.pooled_auc(scores, gold, question) == 0.5


def test_the_haystack_interval_is_tight_for_a_sure_marker_and_wide_for_a_coin() -> None:
    """`haystack_interval`: scores that always put gold first give an interval at 1.0; scores
    drawn at random give one about 0.5, wider the fewer the haystacks, with the point figure
    inside it."""
    rng = np.random.default_rng(0)

    def corpus(haystacks: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        # one question per haystack, one gold turn among eight
        gold = np.tile(np.array([True] + [False] * 7), haystacks)
        group = np.repeat(np.arange(haystacks), 8)
        return gold, group.copy(), group

    gold, question, group = corpus(40)
    sure = np.where(gold, 1.0, 0.0)
    assert shc.haystack_interval(sure, gold, question, group) == (1.0, 1.0)
    widths = []
    for n in (15, 120):
        gold, question, group = corpus(n)
        coin = rng.random(len(gold))
        low, high = shc.haystack_interval(coin, gold, question, group)
        assert low <= shc.pooled_auc(coin, gold, question) <= high
        assert low < 0.5 < high
        widths.append(high - low)
    assert widths[0] > 1.5 * widths[1], widths


def test_the_haystack_interval_spans_the_draws_a_two_haystack_corpus_can_make() -> None:
    """Two haystacks: one whose two questions the scores get right (1 pair won of 1 each), one
    whose two they get wrong (0 of 2 each). The corpus reads 2/6; drawn again, both copies of
    the first read 1.0, both of the second 0.0, one of each 2/6, so the middle 95% of 400 draws
    runs from 0.0 to 1.0; the first haystack alone reads 1.0 however drawn."""
    gold = np.array([True, False, True, False, True, False, False, True, False, False])
    scores = np.array([0.9, 0.1, 0.8, 0.2, 0.1, 0.9, 0.8, 0.2, 0.7, 0.9])
    question = np.array([0, 0, 1, 1, 2, 2, 2, 3, 3, 3])
    group = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 1])
    assert shc.pooled_auc(scores, gold, question) == 2 / 6
    low, high = shc.haystack_interval(scores, gold, question, group, draws=400)
    # Possible values: 1.0 (both draws haystack 0), 0.0 (both haystack 1), 2/6 (one of each).
    assert (low, high) == (0.0, 1.0)
    assert shc.haystack_interval(scores[:4], gold[:4], question[:4], group[:4]) == (1.0, 1.0)


def test_the_haystack_interval_of_nothing_is_a_coin() -> None:
    empty = np.array([], dtype=np.int64)
    assert shc.haystack_interval(np.array([]), empty.astype(bool), empty, empty) == (0.5, 0.5)


def test_folds_do_not_follow_a_design_that_cycles_with_their_period() -> None:
    """Sixty equal haystacks on five rungs, question i on rung i mod 5: unshuffled grouped
    folds would hold out one whole rung per fold."""
    groups = np.repeat(np.arange(60), 10)
    rung = groups % shc.FOLDS
    for _, test in shc._folds(groups):
        assert len(np.unique(rung[test])) > 1


def test_position_model_finds_fixed_offsets_and_not_random_positions() -> None:
    base = build_clean_corpus(questions=24, sessions=(14, 16), exchanges=(1, 1), seed=3)
    assert shc.position_model(base).auc < shc.AUC_REFUSE
    plant = next(p for p in SHORTCUT_PLANTS if p.expect == ("SHC002",))
    built = plant.build(base, random.Random(0))
    assert isinstance(built, Planted), built
    moved = rebuilt(base, built.questions)
    found = shc.position_model(moved)
    assert found.auc >= shc.AUC_REFUSE and found.refused


def test_the_shortcut_and_language_plants_are_refused_and_their_twins_are_not() -> None:
    out = io.StringIO()
    code = selftest.run_self_test(
        None,
        out,
        only=(
            "marked distractors",
            "worded like",
            "three times",
            "once, rivals twice",
            "as often",
            "stock",
            "varied",
        ),
    )
    text = out.getvalue()
    assert code == 0, text
    assert "[ok] marked distractors (rivals 'turned out to be wrong') -> SHC003" in text
    assert "[ok] rivals worded like the answer (must not refuse) -> not refused" in text
    assert "[ok] answer said three times, rivals once -> SHC001" in text
    assert "largest lift most-frequent +0.000" in text
    assert "[ok] three stock replies -> LNG00" in text
    assert "[ok] every turn from a varied grammar (must not refuse) -> not refused" in text


def test_a_per_item_row_over_the_bound_is_a_finding_that_says_per_item(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from types import SimpleNamespace

    from checker.rules import shortcuts as rules

    rows = [
        shc.AnswererRow("step-order", "most-frequent", 20, 0.573, 0.257, per_item=True),
        shc.AnswererRow("step-order", "most-frequent", 20, 0.0, 0.0),
    ]
    monkeypatch.setattr(shc, "heuristics_of", lambda corpus: shc.HeuristicRecord(rows, 20, 20))
    found = list(rules.heuristic_answerer(SimpleNamespace(corpus=None)))  # type: ignore[arg-type]
    assert len(found) == 1
    assert found[0].message.startswith("step-order per item: the most-frequent values")
    assert "0.573 against a fair chance of 0.257" in found[0].message


def test_earliness_reads_the_side_of_the_nearest_order_word() -> None:
    text = "The Hans session came after the Loredan visit. The Onio meeting was before Hans."
    assert shc.earliness(text, ["Hans", "Loredan", "Onio", "Kelso"]) == {
        "Hans": -2,
        "Loredan": 1,
        "Onio": 1,
        "Kelso": 0,
    }
    # An order word with no candidate on one side orders nothing.
    for text in (
        "Before I forget, my dad has a Marvine now.",
        "I saw my dad the day before yesterday: he has a Marvine.",
        "So it's the Marvine after all.",
        "After the Loredan visit, the Hans session began.",
    ):
        assert set(shc.earliness(text, ["Marvine", "Loredan", "Hans"]).values()) == {0}, text
    # "earlier than" is one order word, not "than" after an unknown one.
    assert shc.earliness("The Kelso call came earlier than Hans.", ["Kelso", "Hans"]) == {
        "Kelso": 1,
        "Hans": -1,
    }


def test_a_single_value_is_chosen_among_values_said_where_its_holder_is() -> None:
    q = _question(
        [
            ("user", "My dad had a Scatrar before the Marvine.", False),
            ("user", "My dad got the Marvine after the Scatrar went.", True),
            ("user", "My aunt had a Trivey after a Kessel.", False),
        ],
        "The Marvine.",
        ["Scatrar", "Trivey", "Kessel"],
    )
    found = shc.score_sides(q)
    assert isinstance(found, shc.QuestionScore)
    # The aunt's exchange does not name the dad: Trivey and Kessel are no candidates.
    assert found.candidates == 2
    assert found.credit == {"earlier-by-order-words": 0.0, "later-by-order-words": 1.0}
