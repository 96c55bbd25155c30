"""The judge's declared rules, with scripted verdicts that depend on the prompt.

The scripted judge below is deliberately naive: it reads the answer and the gold block from the
prompt it receives and extracts what the verdict schema asks for (a state, a number, the items
of a set), but labels the outcome carelessly (a hedge as abstained, any mention of the old value
as stale). The declared rules must still give the right typed outcome: Forgetting's three
states with the invalidation acknowledgement governing, a stated value outranking hedging,
numeric tolerance and rounding, set semantics, pairwise list order — and no verdict is ever
turned into wrong.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checker.load import load_ours
from checker.runner import scoring
from checker.runner.cache import DiskCache
from checker.runner.client import CallStats, Endpoint, ModelClient, RetryPolicy
from checker.runner.fake import Reply
from checker.runner.judge import (
    Judge,
    JudgeSettings,
    NoVerdict,
    Verdict,
    case_for,
    interpret,
    legal_outcomes,
)
from tests.conftest import BASES
from tests.runner.conftest import shipped
from tests.runner.scripted import judge_fields

ARITHMETIC = BASES / "arithmetic" / "typedmemeval-arithmetic-2026.12.json"
EPISODIC = BASES / "episodic" / "typedmemeval-episodic-2026.12.json"

NUMBER_WORDS = {"three": 3.0, "five": 5.0}


def naive_judge(request: dict[str, Any]) -> Reply:
    """Extracts from the prompt; labels carelessly."""
    f = judge_fields(request)
    answer = f["answer"]
    low = answer.lower()
    verdict: dict[str, Any] = {"reason": "naive"}
    hedged = "not sure" in low or "maybe" in low or "probably" in low
    verdict["outcome"] = "abstained" if hedged else "wrong"
    if "state" in f["fields"]:
        user = request["messages"][1]["content"]
        if "Vertical: Forgetting" in user:
            statement = re.search(r"\[statement;[^\]]*\] user: (.*)", user)
            recorded = re.findall(r"\b[A-Z][a-z]+\b", statement.group(1))[-1] if statement else "~"
            if "no longer" in low or "sold" in low or "handed" in low:
                verdict["state"] = "no-longer"
            elif "never" in low:
                verdict["state"] = "never-told"
            elif recorded.lower() in low:
                verdict["state"] = "recorded-current"
            elif hedged and not re.search(r"\b[A-Z][a-z]{3,}\b", answer):
                verdict["state"] = "declined"
            else:
                verdict["state"] = "other-value"
        else:
            verdict["state"] = "fired" if ("due" in low and "not" not in low) else "not-yet"
    if "sub_label" in f["fields"]:
        # Careless: calls any mention of a vehicle stale.
        verdict["sub_label"] = "stale-recall" if "stale-recall" in json.dumps(request) else "none"
    if "stated_value" in f["fields"]:
        found = re.findall(r"\d+(?:\.\d+)?", answer)
        words = [NUMBER_WORDS[w] for w in re.findall(r"[a-z]+", low) if w in NUMBER_WORDS]
        verdict["stated_value"] = float(found[0]) if found else (words[0] if words else None)
        verdict["approximate"] = "about" in low or "roughly" in low
        if verdict["stated_value"] is None and not hedged:
            verdict["outcome"] = "missed"
    if "asserted_items" in f["fields"]:
        everything = f["gold_set"] + f["named"]
        verdict["asserted_items"] = [x for x in everything if x.lower() in low]
    if "mentioned_items" in f["fields"]:
        items = f["gold_list"]
        verdict["mentioned_items"] = sorted(
            (x for x in items if x.lower() in low), key=lambda x: low.index(x.lower())
        )
    return Reply(json.dumps({k: verdict[k] for k in f["fields"]}))


@pytest.fixture
def judge_with(serve: Callable[..., Any], tmp_path: Path) -> Any:
    opened: list[ModelClient] = []

    def make(script: Callable[[dict[str, Any]], Reply] = naive_judge, attempts: int = 2) -> Judge:
        server = serve(script)
        client = ModelClient(
            Endpoint(server.url, "naive-judge", "test-key", timeout=5),
            role="judge",
            stats=CallStats(),
            cache=DiskCache(tmp_path / "cache"),
            namespace="judge-rules",
            retry=RetryPolicy(attempts=2, base=0.01),
        )
        opened.append(client)
        return Judge(client, JudgeSettings(model="naive-judge", attempts=attempts))

    yield make
    for client in opened:
        client.close()


@functools.cache
def _questions(path: Path) -> dict[str, Any]:
    return {q.question_id: q for q in load_ours(path).questions}


def question(path: Path, qid: str) -> Any:
    return _questions(path)[qid]


def judged(judge: Judge, path: Path, qid: str, answer: str) -> Verdict:
    result = judge.judge(case_for(question(path, qid)), answer).result
    assert isinstance(result, Verdict), result
    return result


FORGETTING = shipped("forgetting")
PROSPECTIVE = shipped("prospective")


def _value(q: Any) -> str:
    """The invented value a Forgetting answer names (the one its gold statement states)."""
    statement = q.haystack_sessions[q.typedmemeval.gold_components[0].session_index]
    stated = " ".join(t.content for t in statement if t.has_answer)
    return next(w for w in re.findall(r"\b[A-Z][a-z]{3,}\b", q.answer) if w in stated)


def _noun(q: Any) -> str:
    """What a never-known question asks about, as its answer names it."""
    found = re.search(r"'s (.+?) was never stated", q.answer)
    assert found is not None, q.answer
    return found.group(1)


@pytest.mark.parametrize(
    ("qid", "answer", "outcome", "sub_label"),
    [
        # Invalidated: the acknowledgement governs, stale recall is its own sub-count.
        (
            "tme-for-2612-001",
            "It was the {V}, but that was handed back: none now.",
            "correct",
            None,
        ),
        ("tme-for-2612-001", "Your dad has the {V}.", "wrong", "stale-recall"),
        ("tme-for-2612-001", "Probably the {V}, I think.", "wrong", "stale-recall"),
        ("tme-for-2612-001", "You never told me about that.", "missed", None),
        ("tme-for-2612-001", "I'm not sure.", "abstained", None),
        # Still valid: declaring it gone is over-forgetting.
        ("tme-for-2612-021", "Still the {V}.", "correct", None),
        ("tme-for-2612-021", "That no longer holds; it was sold.", "wrong", "over-forgetting"),
        # Never known: a negative is gold; "forgotten" is mis-attributed forgetting.
        ("tme-for-2612-036_abs", "You never mentioned a {noun}.", "correct", None),
        ("tme-for-2612-036_abs", "I'm not sure.", "correct", None),
        (
            "tme-for-2612-036_abs",
            "That is no longer the case.",
            "wrong",
            "mis-attributed-forgetting",
        ),
    ],
)
def test_forgetting_three_states(
    judge_with: Callable[..., Judge], qid: str, answer: str, outcome: str, sub_label: str | None
) -> None:
    q = question(FORGETTING, qid)
    if "{V}" in answer:
        answer = answer.replace("{V}", _value(q))
    if "{noun}" in answer:
        answer = answer.replace("{noun}", _noun(q))
    v = judged(judge_with(), FORGETTING, qid, answer)
    assert (v.outcome, v.sub_label) == (outcome, sub_label)


@pytest.mark.parametrize(
    ("qid", "answer", "outcome"),
    [
        ("tme-ari-2612-001", "395 euros in total.", "correct"),
        ("tme-ari-2612-001", "I'm not sure, but probably 395 euros.", "correct"),  # precedence
        ("tme-ari-2612-001", "Maybe 350 euros.", "wrong"),  # a hedged wrong value is wrong
        ("tme-ari-2612-001", "398 euros.", "wrong"),  # tolerance 0
        ("tme-ari-2612-001", "About 400 euros.", "correct"),  # gold rounds to the offered 400
        ("tme-ari-2612-001", "About 390 euros.", "wrong"),  # 395 rounds to 400, not 390
        ("tme-ari-2612-004", "Three trips.", "correct"),
        ("tme-ari-2612-004", "I'm not sure.", "abstained"),
        ("tme-ari-2612-004", "None that I know of.", "missed"),
    ],
)
def test_arithmetic_precedence_and_tolerance(
    judge_with: Callable[..., Judge], qid: str, answer: str, outcome: str
) -> None:
    assert judged(judge_with(), ARITHMETIC, qid, answer).outcome == outcome


def test_set_answers_are_scored_on_the_asserted_items(judge_with: Callable[..., Judge]) -> None:
    judge = judge_with()
    after = question(PROSPECTIVE, "tme-pro-2612-034")
    items = after.typedmemeval.answer_items
    every = "These have come due: " + "; ".join(reversed(items)) + "."
    v = judged(judge, PROSPECTIVE, "tme-pro-2612-034", every)
    assert (v.outcome, v.asserted_state) == ("correct", "fired")
    assert sorted(v.asserted_items or ()) == sorted(items)
    some = "These have come due: " + items[0] + "."
    assert judged(judge, PROSPECTIVE, "tme-pro-2612-034", some).outcome == "wrong"
    # After the pivot, "not yet" is a confident false negative; before it, firing is premature.
    v = judged(judge, PROSPECTIVE, "tme-pro-2612-034", "Nothing has come up yet.")
    assert (v.outcome, v.asserted_state) == ("missed", "not-yet")
    v = judged(judge, PROSPECTIVE, "tme-pro-2612-033", every)
    assert (v.outcome, v.asserted_state) == ("premature", "fired")
    v = judged(judge, PROSPECTIVE, "tme-pro-2612-033", "Nothing has come up yet.")
    assert (v.outcome, v.asserted_items) == ("correct", ())


def test_list_order_is_pairwise_on_mentioned_items(judge_with: Callable[..., Judge]) -> None:
    judge = judge_with()
    qid = "tme-epi-2612-001"  # Quornwell, Bristavo, Lorenix, Ketumira
    v = judged(judge, EPISODIC, qid, "First Quornwell, then Lorenix.")
    assert (v.outcome, v.list_order) == ("correct", (2, 1, 0))
    v = judged(judge, EPISODIC, qid, "Bristavo, Quornwell, Lorenix, Ketumira.")
    assert (v.outcome, v.list_order) == ("wrong", (4, 6, 1))
    v = judged(judge, EPISODIC, qid, "Only Lorenix, I think.")
    assert v.list_order == (1, 0, 0) and v.outcome != "correct"


def test_no_verdict_is_inconclusive_never_wrong(judge_with: Callable[..., Judge]) -> None:
    for reply in ("not json at all", '{"outcome": "great"}', '["correct"]', ""):
        judge = judge_with(lambda r, reply=reply: Reply(reply))
        result = judge.judge(case_for(question(FORGETTING, "tme-for-2612-001")), "x").result
        assert isinstance(result, NoVerdict), reply
        assert "2 attempts" in result.reason
    # The second attempt is asked when the first reply is unusable, and can succeed.
    replies = iter(
        [
            "garbage",
            json.dumps(
                {"reason": "r", "outcome": "correct", "state": "no-longer", "sub_label": "none"}
            ),
        ]
    )
    judge = judge_with(lambda r: Reply(next(replies)))
    result = judge.judge(case_for(question(FORGETTING, "tme-for-2612-001")), "x").result
    assert isinstance(result, Verdict) and result.outcome == "correct"
    assert judge.client.stats.retries["judge re-ask"] == 1


def test_contradictions_are_no_verdict() -> None:
    before = case_for(question(PROSPECTIVE, "tme-pro-2612-013"))
    reply = json.dumps({"reason": "r", "outcome": "premature", "state": "not-yet"})
    assert isinstance(interpret(before, reply), NoVerdict)
    arith = case_for(question(ARITHMETIC, "tme-ari-2612-001"))
    reply = json.dumps(
        {"reason": "r", "outcome": "correct", "stated_value": None, "approximate": False}
    )
    assert isinstance(interpret(arith, reply), NoVerdict)
    # An outcome the question does not allow is outside the schema.
    never = case_for(question(FORGETTING, "tme-for-2612-036_abs"))
    assert "missed" not in legal_outcomes(never)
    reply = json.dumps(
        {"reason": "r", "outcome": "missed", "state": "never-told", "sub_label": "none"}
    )
    assert isinstance(interpret(never, reply), NoVerdict)


def test_rule_changes_are_recorded() -> None:
    case = case_for(question(FORGETTING, "tme-for-2612-001"))
    reply = json.dumps(
        {"reason": "r", "outcome": "wrong", "state": "no-longer", "sub_label": "stale-recall"}
    )
    v = interpret(case, reply)
    assert isinstance(v, Verdict) and v.outcome == "correct" and v.sub_label is None
    assert any("no-longer means correct" in a for a in v.adjustments)


@pytest.mark.parametrize(
    ("stated", "approximate", "gold", "tolerance", "outcome"),
    [
        (395, False, 395, 0, "correct"),
        (395.4, False, 395, 0.5, "correct"),
        (395.6, False, 395, 0.5, "wrong"),
        (1200, True, 1234.56, 0, "correct"),
        (1235, True, 1234.56, 0, "correct"),
        (1234, True, 1234.56, 0, "wrong"),
        (12.5, True, 12.46, 0, "correct"),
        (12.4, True, 12.46, 0, "wrong"),
        (1200, False, 1234.56, 0, "wrong"),
        (0, True, 0.4, 0, "correct"),
    ],
)
def test_numeric_rule(
    stated: float, approximate: bool, gold: float, tolerance: float, outcome: str
) -> None:
    assert scoring.numeric_outcome(stated, approximate, gold, tolerance) == outcome


def test_set_and_list_helpers() -> None:
    assert scoring.same_set(["B ", "a."], ["a", "b"])
    assert not scoring.same_set(["a"], ["a", "b"])
    assert scoring.same_set([], [])
    assert scoring.list_order_score(["c", "x", "a", "c"], ["a", "b", "c"]) == (2, 1, 1)
    assert scoring.list_order_outcome(0, 0) == "wrong"
