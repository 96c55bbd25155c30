"""Replaying a record as of an instant: what was learned by then, what a correction replaced by
then, and which state held at the instant asked about."""

from __future__ import annotations

from datetime import datetime

from checker.formats.corpus import Event, Relation
from checker.verticals.bitemporal.rules import entries, holds, replay, standing

FMT = "%Y/%m/%d (%a) %H:%M"
CORRECTS = ("corrects",)


def _at(day: int, hour: int = 10) -> datetime:
    return datetime(2026, 3, day, hour, 0)


def _stamp(day: int, hour: int = 10) -> str:
    return _at(day, hour).strftime(FMT)


def _record() -> list[Event]:
    """Tarvik until the 12th, Korvane from it (both told on the 2nd); Korvane corrected to
    Velmora on the 5th, Velmora to Drossel on the 9th."""
    common = {"subject": "s", "kind": "recorded", "session_index": 0}
    return [
        Event(event_id="e1", value="Tarvik", recorded_at=_stamp(2), valid_to=_stamp(12), **common),
        Event(
            event_id="e2", value="Korvane", recorded_at=_stamp(2), valid_from=_stamp(12), **common
        ),
        Event(
            event_id="e3",
            value="Velmora",
            recorded_at=_stamp(5),
            valid_from=_stamp(12),
            relations=[Relation(kind="corrects", other_event_id="e2")],
            **common,
        ),
        Event(
            event_id="e4",
            value="Drossel",
            recorded_at=_stamp(9),
            valid_from=_stamp(12),
            relations=[Relation(kind="corrects", other_event_id="e3")],
            **common,
        ),
    ]


def _value(as_of: datetime, valid_at: datetime) -> str | None:
    found = replay(entries(_record()), as_of, valid_at, CORRECTS)
    return found.event.value if found else None


def test_nothing_is_known_before_it_is_recorded() -> None:
    assert standing(entries(_record()), _at(1), CORRECTS) == []
    assert _value(_at(1), _at(20)) is None


def test_a_correction_replaces_only_from_its_own_recording() -> None:
    assert _value(_at(4), _at(20)) == "Korvane"
    assert _value(_at(5), _at(20)) == "Velmora"
    assert _value(_at(8, 23), _at(20)) == "Velmora"
    assert _value(_at(10), _at(20)) == "Drossel"


def test_the_state_before_the_change_survives_every_correction() -> None:
    assert _value(_at(10), _at(11)) == "Tarvik"
    assert _value(_at(10), _at(12)) == "Drossel"


def test_validity_ends_exclusively() -> None:
    tarvik = entries(_record())[0]
    assert holds(tarvik, _at(12, 9))
    assert not holds(tarvik, _at(12))


def test_without_a_superseding_relation_kind_the_latest_recording_wins_among_live_ones() -> None:
    found = replay(entries(_record()), _at(10), _at(20), ())
    assert found is not None and found.event.value == "Drossel"
    assert len(standing(entries(_record()), _at(10), ())) == 4
