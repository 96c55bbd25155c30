"""Every vertical profile declares its part of the judge, and the declared rules fit the result
format: states recorded in rows are the pairing's asserted states, every rule's outcome is legal
where it applies, and every sub-label a rule assigns exists on that shape with that outcome."""

from __future__ import annotations

import pytest

from checker.family import VERTICALS, Vertical
from checker.formats.result import MEASURED_OUTCOMES


@pytest.mark.parametrize("profile", VERTICALS, ids=lambda v: v.key)
def test_profile_declares_judge_rules_that_fit(profile: Vertical) -> None:
    rules = profile.judge
    assert rules.instructions.strip(), f"{profile.name} has no judge instructions"
    shapes = {s.name for s in profile.shapes}
    assert {name for name, _ in rules.shape_instructions} <= shapes
    states = {s.name for s in rules.states}
    assert len(states) == len(rules.states)
    if rules.records_state:
        assert profile.pairing is not None
        assert states == set(profile.pairing.asserted_states)
    for rule in rules.state_rules:
        assert rule.state in states
        assert set(rule.shapes) <= shapes
        assert rule.outcome in MEASURED_OUTCOMES
        for shape_name in rule.shapes or shapes:
            shape = profile.shape(shape_name)
            assert shape is not None
            assert not (rule.outcome == "missed" and shape.negative_gold), rule
        if rule.outcome == "premature":
            assert profile.pairing is not None and profile.pairing.premature
            assert rule.arms == (profile.pairing.first_arm,)
        if rule.sub_label is not None:
            label = profile.sub_label(rule.sub_label)
            assert label is not None and set(rule.shapes) == {label.shape}
            assert rule.outcome in label.outcomes
    arms = {profile.pairing.first_arm, profile.pairing.second_arm} if profile.pairing else set()
    assert set(rules.empty_set_arms) <= arms and set(rules.valueless_arms) <= arms


def test_forgetting_states_decide_every_shape() -> None:
    profile = next(v for v in VERTICALS if v.judge.states and not v.judge.records_state)
    for shape in profile.shapes:
        for state in profile.judge.states:
            assert profile.judge.rule_for(state.name, shape.name, None) is not None, (
                shape.name,
                state.name,
            )
