"""The identity guard reads a text as a person does, and its fast paths equal the plain
definition they stand in for."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.lookalikes import FORBIDDEN_NAME, ascii_skeleton, carries_forbidden_name, skeleton

SPELLINGS = [
    "LongMemEval",
    "LONGMEMEVAL",
    "LongMemEvaI",  # capital i for the last l
    "L0ngMemEval",
    "longrnemeval",  # r n for m
    "Long-Mem-Eval",
    "long mem eval",
    "Long\u200dMemEval",  # zero-width joiner
    "Long\u00adMem\u200cEval",  # soft hyphen, zero-width non-joiner
    "L\u043engMemEval",  # Cyrillic o
    "Lo\u03bdgMemEval".replace("\u03bd", "n"),
    "LongM\u0435mEv\u0430l",  # Cyrillic e and a
    "Longmem\u0395val",  # Greek capital epsilon
    "\uff2c\uff4f\uff4e\uff47\uff2d\uff45\uff4d\uff25\uff56\uff41\uff4c",  # fullwidth
    "\U0001d40b\U0001d428\U0001d427\U0001d420\U0001d40c\U0001d41e\U0001d426\U0001d404\U0001d42f\U0001d41a\U0001d425",
    "Lóng Mém Évál",
    "Long\u202eMemEval",
    "ʟᴏɴɢᴍᴇᴍᴇᴠᴀʟ",  # small capitals
]
PLAIN = ["TypedMemEval", "long memory evaluation", "a memory eval", "judge timed out", "belong"]


@pytest.mark.parametrize("text", SPELLINGS)
def test_every_spelling_of_the_name_is_found(text: str) -> None:
    assert carries_forbidden_name(text), skeleton(text)


@pytest.mark.parametrize("text", PLAIN)
def test_other_text_is_not(text: str) -> None:
    assert not carries_forbidden_name(text)


@settings(max_examples=500, derandomize=True, database=None)
@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_the_ascii_fast_path_equals_the_definition(text: str) -> None:
    assert ascii_skeleton(text) == skeleton(text)
    assert carries_forbidden_name(text) == (FORBIDDEN_NAME in skeleton(text))


@settings(max_examples=300, derandomize=True, database=None)
@given(st.text(alphabet="lLoO0nNgGmMeEvVaAiI1|r -\u200d\u043e\u0435", max_size=20))
def test_the_guard_equals_the_definition_near_the_name(text: str) -> None:
    assert carries_forbidden_name(text) == (FORBIDDEN_NAME in skeleton(text))
