"""The synthetic `events` block shared by the verticals whose gold is recomputed from events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.verticals.profile import SyntheticQuestion


def synthetic_events(q: SyntheticQuestion) -> Mapping[str, Any]:
    """One value event per gold session: enough for the bench to exercise every rule."""
    return {
        "events": [
            {"event_id": f"e{i}", "kind": "value", "subject": "s", "value": "v", "session_index": g}
            for i, g in enumerate(q.gold)
        ]
    }
