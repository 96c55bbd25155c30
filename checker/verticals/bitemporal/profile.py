"""Bitemporal: when something was true against when the record learned it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import (
    AnswerClass,
    JudgeRules,
    Pairing,
    Prose,
    RecordReplay,
    Shape,
    Synthetic,
    SyntheticQuestion,
    Vertical,
)

#: How a question names its record instant as its state instant too.
SAME_INSTANT = ("at that point", "at the time")


def _synthetic_block(q: SyntheticQuestion) -> Mapping[str, Any]:
    """One recorded value and one correction per pair of gold sessions: enough for the bench
    to exercise every rule."""
    events = []
    for i, g in enumerate(q.gold):
        event: dict[str, Any] = {
            "event_id": f"e{i}",
            "kind": "recorded" if i == 0 else "corrected",
            "subject": "s",
            "value": "v",
            "session_index": g,
        }
        if i:
            event["relations"] = [{"kind": "corrects", "other_event_id": f"e{i - 1}"}]
        events.append(event)
    arm = "before" if q.number % 2 else "after"
    return {
        "events": events,
        "as_of_query": {"subject": "s", "as_of": "a week ago", "valid_at": "today"},
        "pair_id": q.pair_id,
        "arm": arm,
    }


JUDGE = JudgeRules(
    instructions=(
        "Questions here separate when something was true from when the record learned it: they "
        "ask what the record showed as of one instant about the state at another, and both "
        "instants are named relative to the query time given. A value the record only learned "
        "after the as-of instant, or one already corrected by then, is wrong; so is the value "
        "of another period than the one asked about. Judge against the query time given, never "
        "against today's date."
    ),
)


PROFILE = Vertical(
    name="Bitemporal",
    abbrev="bit",
    position=6,
    shapes=(
        Shape(
            "belief-at-instant",
            36,
            required_fields=("events", "as_of_query", "pair_id", "arm"),
        ),
        Shape(
            "correction-depth",
            24,
            required_fields=("events", "as_of_query", "pair_id", "arm"),
        ),
    ),
    time_dependent=True,
    required_fields=("events",),
    pairing=Pairing(first_arm="before", second_arm="after", pivot=False, premature=False),
    answer_class=AnswerClass(
        field="arm",
        strata="shape",
        strata_reason=(
            "a correction-depth haystack states three revisions of its subject and a "
            "belief-at-instant haystack two, so the shape may be read from the conversations "
            "by design; the arm is tested within each shape"
        ),
    ),
    record_replay=RecordReplay(supersedes=("corrects",), same_instant=SAME_INSTANT),
    prose=Prose(
        measures=(
            "The difference between when something was true and when the record learned it: "
            "what the record showed, as of one instant, about the state at another. A store "
            "that keeps only the latest value cannot answer; one that keeps history but not "
            "when each correction arrived answers wrongly."
        ),
        construction=(
            "Each asked subject (a person's employer, street, gym …) is recorded as a change "
            'from one value to another at a stated instant ("is leaving A and starts at B in '
            'nine days", "left A for B eleven days ago"), then corrected ("the new one is C, '
            'not B"), and in correction-depth questions corrected again. The record axis is '
            "the stating sessions' timestamps; the state axis is stated relative to each "
            "session, ahead or behind it at random, so neither axis predicts the other. Every "
            'question names both instants relative to its own date ("A fortnight ago, what '
            'would you have said my sister\'s employer was 5 weeks ago?"; "… would be a week '
            'from now?"; "… was at that point?"), in weeks and numerals where the '
            "conversations count days in words, and REV001 replays the events at them to "
            "recompute the answer; REV002 keeps each instant a calendar "
            "day away from the recordings and bounds it is compared with.\n\n"
            "All 60 questions are 30 before/after pairs: one haystack asked on two dates, "
            "sharing its sessions, dates, ids and question text byte for byte. Because both "
            "instants are named relative to the question date, moving the date moves both, "
            "and the answer flips. In half the belief-at-instant pairs the record instant "
            "crosses the correction (the recorded value, then the corrected one); in the other "
            "half the state instant crosses the change (the old value, then the new one, as "
            "the record stood). Correction-depth pairs straddle the first or the second "
            "correction, so each arm asks between two revisions. The two arms' dates are drawn "
            "by one procedure, so the arm cannot be read from the dates: the answer class is "
            "the arm, tested within each shape by the answer-from-metadata adversary.\n\n"
            "Every asked subject is one of several in its haystack treated alike: other "
            "subjects get their own changes, corrections and second corrections, and each has "
            "value-bearing twins: another person's change, a correction that was nearly made "
            "and withdrawn, a choice considered and dropped."
        ),
        reading=(
            "The pairs flip on one axis at a time, so a system's pair consistency says which "
            "clock it reads: the same answer on both arms of a record-axis pair means it "
            "ignores when corrections arrived; on a state-axis pair, that it ignores when the "
            "change took effect."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(2, 3), block=_synthetic_block),
)
