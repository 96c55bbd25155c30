"""The STP rules' readers: the one order dependencies allow, the cue word that says which of two
steps comes first, and V6's view of per-component load-bearing declarations and rivals."""

from __future__ import annotations

import json
from pathlib import Path

from checker.formats.corpus import GoldComponent, Question
from checker.probes import components, leave_one_out, not_applicable
from checker.verticals.procedural.profile import PROCEDURES
from checker.verticals.procedural.rules import cue, dependency_order

BASE = Path(__file__).resolve().parents[1] / "fixtures" / "base" / "procedural"
STEPS = {"a": "Vel check", "b": "Dor pass", "c": "Mira sweep"}


def test_a_chain_gives_one_order() -> None:
    order, why = dependency_order(STEPS, [("b", "c"), ("a", "b")])
    assert order == ["a", "b", "c"] and why == ""


def test_two_unordered_steps_give_no_order() -> None:
    order, why = dependency_order(STEPS, [("a", "b"), ("a", "c")])
    assert order is None and "more than one order" in why


def test_a_cycle_gives_no_order() -> None:
    order, why = dependency_order(STEPS, [("a", "b"), ("b", "c"), ("c", "a")])
    assert order is None and "cycle" in why


def test_a_step_outside_the_procedure_gives_no_order() -> None:
    order, why = dependency_order(STEPS, [("a", "z")])
    assert order is None and "outside the procedure" in why


def test_the_cue_word_between_two_names_says_which_comes_first() -> None:
    before = "For my sister the Dor pass always comes before the Vel check."
    after = "For my sister the Dor pass always comes after the Vel check."
    assert cue(before, "Dor pass", "Vel check", PROCEDURES) == "first"
    assert cue(before, "Vel check", "Dor pass", PROCEDURES) == "second"
    assert cue(after, "Vel check", "Dor pass", PROCEDURES) == "first"
    assert cue("The Dor pass and the Vel check.", "Dor pass", "Vel check", PROCEDURES) is None


def _question() -> Question:
    text = (BASE / "typedmemeval-procedural-2026.12.json").read_text()
    return Question.model_validate(json.loads(text)[1])


def test_v6_shows_the_listing_s_rivals_in_its_place() -> None:
    q = _question()
    gold = [q.haystack_session_ids.index(s) for s in q.answer_session_ids]
    listing = next(c for c in q.typedmemeval.gold_components or [] if c.rivals)
    hop = next(g for g in gold if g != listing.session_index)
    assert leave_one_out(q, gold, listing.session_index) == tuple(
        sorted({hop, *(listing.rivals or [])})
    )
    assert leave_one_out(q, gold, hop) == (listing.session_index,)


def test_a_component_declared_not_load_bearing_is_never_left_out() -> None:
    q = _question()
    block = q.typedmemeval
    kept = block.gold_components or []
    assert len(components(q)) == 2
    block.gold_components = [
        kept[0],
        GoldComponent(kind=kept[1].kind, session_index=kept[1].session_index, load_bearing=False),
    ]
    assert [si for _, si in components(q)] == [kept[0].session_index]
    # Declared per component only: V6 still applies.
    block.gold_components_load_bearing = None
    block.gold_components = [
        GoldComponent(kind=c.kind, session_index=c.session_index, load_bearing=True) for c in kept
    ]
    assert not_applicable("v6", q) is None
    block.gold_components = [
        GoldComponent(kind=c.kind, session_index=c.session_index) for c in kept
    ]
    assert not_applicable("v6", q) == "components not declared load-bearing"
