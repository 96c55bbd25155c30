"""Author the IDN004 and TIM003 fixture cases (run: .venv/bin/python -m tests.checker.instrument_cases).

Each case is a `case.json` of patches against a base corpus in `tests/fixtures/base/`; the
patches name session ids and dates, so they are written from the base's own bytes here and a
test fails when the committed cases drift from this script.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from checker.io import dump_json
from checker.load import parse_date
from tests.conftest import BASES, FIXTURES

Case = dict[str, Any]


def _base(name: str) -> list[dict[str, Any]]:
    path = next(
        p for p in (BASES / name).glob("typedmemeval-*.json") if not p.name.endswith(".meta.json")
    )
    loaded: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def _replace_ids(qi: int, q: dict[str, Any], ids: list[str]) -> list[dict[str, Any]]:
    """Patches giving question `qi` the session ids `ids` (gold follows by position)."""
    old = q["haystack_session_ids"]
    gold = [ids[old.index(sid)] for sid in q["answer_session_ids"]]
    return [
        {"op": "replace", "path": f"/{qi}/haystack_session_ids", "value": ids},
        {"op": "replace", "path": f"/{qi}/answer_session_ids", "value": gold},
    ]


def _token(q: dict[str, Any]) -> str:
    return str(q["haystack_session_ids"][0]).rsplit("-s", 1)[0]


def identifier_cases() -> dict[str, Case]:
    """IDN004: the Forgetting base (opaque tokens) passes; each failing case plants one kind of
    answer-key material."""
    questions = _base("forgetting")
    first, never = questions[0], next(q for q in questions if q["question_id"].endswith("_abs"))
    never_at = questions.index(never)
    n = len(never["haystack_session_ids"])
    abstentions = [(qi, q) for qi, q in enumerate(questions) if q["question_id"].endswith("_abs")]
    gold = {first["haystack_session_ids"].index(s) for s in first["answer_session_ids"]}
    cases: dict[str, Case] = {"pass": {"base": "forgetting", "patches": []}}
    cases["fail/abs-in-session-id"] = {
        "base": "forgetting",
        "patches": _replace_ids(
            never_at, never, [f"{_token(never)}_abs-s{i:03d}" for i in range(n)]
        ),
        "expect": "the word 'abs'",
    }
    cases["fail/question-id-token"] = {
        "base": "forgetting",
        "patches": _replace_ids(
            0,
            first,
            [f"{first['question_id']}-s{i:03d}" for i in range(len(first["haystack_sessions"]))],
        ),
        "expect": f"the question or pair id '{first['question_id']}'",
    }
    cases["fail/gold-only-shape"] = {
        "base": "forgetting",
        "patches": _replace_ids(
            0,
            first,
            [
                f"{_token(first)}-s{i:04d}" if i in gold else f"{_token(first)}-s{i:03d}"
                for i in range(len(first["haystack_sessions"]))
            ],
        ),
        "expect": "a shape only its gold sessions have",
    }
    cases["fail/class-only-shape"] = {
        "base": "forgetting",
        "patches": [
            op
            for qi, q in abstentions
            for op in _replace_ids(
                qi, q, [f"{_token(q)}x-s{i:03d}" for i in range(len(q["haystack_sessions"]))]
            )
        ],
        "expect": "abstention 'no gold' questions",
    }
    cases["fail/shape-in-question-id"] = {
        "base": "forgetting",
        "patches": [
            {
                "op": "replace",
                "path": "/0/question_id",
                "value": f"{first['question_id']}-invalidated",
            }
        ],
        "expect": "the question id spells 'invalidated'",
    }
    # Every never-known question asked at minute 55, which no other question uses.
    late = []
    for qi, q in abstentions:
        asked = parse_date(q["question_date"])
        assert asked is not None
        late.append(
            {
                "op": "replace",
                "path": f"/{qi}/question_date",
                "value": asked.replace(hour=23, minute=55).strftime("%Y/%m/%d (%a) %H:%M"),
            }
        )
    cases["fail/class-only-question-minute"] = {
        "base": "forgetting",
        "patches": late,
        "expect": "the question date's minute",
    }
    return cases


ACCEPTED = (
    " In a fortnight's time I fly out, in three days' time I pack, and tomorrow at noon I "
    "shop. The recital is on Friday next week, the fair is this Friday, the match this coming "
    "Wednesday, and the vet on Thursday at 3:30pm."
)


def _append(path: str, text: str) -> dict[str, Any]:
    return {"op": "append", "path": path, "value": text}


def time_cases() -> dict[str, Case]:
    """TIM003: the Prospective base passes, and so does a turn using every accepted form (said
    on a Monday); each failing case plants one convention-dependent form."""
    questions = _base("prospective")
    said_monday = "/0/haystack_sessions/0/0/content"  # session 0 is dated a Monday
    said_tuesday = "/0/haystack_sessions/3/0/content"  # session 3 is dated a Tuesday
    stated = "/2/haystack_sessions/1/0/content"  # the pair-2 reminder, said on a Monday
    reminder = questions[2]["haystack_sessions"][1][0]["content"]
    assert "on Friday at 2 pm" in reminder, reminder
    return {
        "pass": {"base": "prospective", "patches": []},
        "pass/accepted-grammar": {
            "base": "prospective",
            "patches": [_append(said_monday, ACCEPTED)],
        },
        "fail/next-weekday": {
            "base": "prospective",
            "patches": [
                {
                    "op": "replace_text",
                    "path": stated,
                    "old": "on Friday at 2 pm",
                    "new": "next Friday at 2 pm",
                }
            ],
            "expect": "'next Friday at 2 pm' (said on a Monday: the first one to come",
        },
        "fail/on-the-same-weekday": {
            "base": "prospective",
            "patches": [_append(said_monday, " The plumber comes on Monday.")],
            "expect": "'on Monday' (said on a Monday: today, or a week on)",
        },
        "fail/this-weekday-already-past": {
            "base": "prospective",
            "patches": [_append(said_tuesday, " The plumber comes this Monday.")],
            "expect": "'this Monday' (said on a Tuesday",
        },
        "fail/sunday-next-week": {
            "base": "prospective",
            "patches": [_append(said_monday, " The plumber comes on Sunday next week.")],
            "expect": "where the week starts",
        },
        "fail/last-weekday": {
            "base": "prospective",
            "patches": [_append(said_tuesday, " The plumber came last Friday.")],
            "expect": "'last Friday'",
        },
        "fail/next-weekend-in-the-question": {
            "base": "prospective",
            "patches": [
                {
                    "op": "replace",
                    "path": "/0/question",
                    "value": "Is the dentist appointment due before next weekend?",
                }
            ],
            "expect": "the question 'next weekend'",
        },
    }


def all_cases() -> dict[Path, str]:
    """Every case file's path and text."""
    out: dict[Path, str] = {}
    for code, cases in (("IDN004", identifier_cases()), ("TIM003", time_cases())):
        for where, case in cases.items():
            out[FIXTURES / code / where / "case.json"] = dump_json(case)
    return out


if __name__ == "__main__":
    for path, text in all_cases().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print("wrote", path)
