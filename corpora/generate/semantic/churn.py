"""How fast an asked person's history moves: the churn figures of a Semantic corpus.

For every current-value question, from its block and session dates alone: the real changes
(the replacements among the gold components) and every value told as the holder's (the
statement, the replacements and the asked kit's rivals, each told as a statement of the
holder's value and put right after). Printed: the most real changes of one (holder,
attribute) within 30 days, the fewest days between two consecutive ones, and the most values
told as the holder's within 30 days.

    python -m corpora.generate.semantic.churn CORPUS.json
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise
from pathlib import Path

from checker.formats.corpus import CorpusFile, Question

WINDOW_DAYS = 30
CURRENT = "current-value"


def _date(text: str) -> datetime:
    return datetime.strptime(text[:10] + text[-6:], "%Y/%m/%d %H:%M")


def most_within(dates: list[datetime], days: int = WINDOW_DAYS) -> int:
    """The most of `dates` inside any window of `days` days."""
    dates = sorted(dates)
    best = 0
    for i, first in enumerate(dates):
        best = max(best, sum(1 for d in dates[i:] if (d - first).days < days))
    return best


@dataclass(frozen=True)
class Churn:
    """One question's figures."""

    question_id: str
    family: str
    changes_in_window: int
    fewest_days_between_changes: float | None
    told_in_window: int


def churn(q: Question) -> Churn:
    block = q.typedmemeval
    dates = [_date(d) for d in q.haystack_dates]
    links = sorted(c.session_index for c in block.gold_components or [])
    changes = [dates[s] for s in links[1:]]
    told = [dates[s] for s in links] + [dates[t.session_index] for t in block.twins or []]
    gaps = [(b - a).total_seconds() / 86400 for a, b in pairwise(changes)]
    gaps += [(dates[links[1]] - dates[links[0]]).total_seconds() / 86400] if len(links) > 1 else []
    return Churn(
        q.question_id,
        block.fact_family or "",
        most_within(changes),
        min(gaps) if gaps else None,
        most_within(told),
    )


def figures(questions: list[Question]) -> list[Churn]:
    return [churn(q) for q in questions if q.typedmemeval.shape == CURRENT]


def describe(found: list[Churn]) -> str:
    worst = max(found, key=lambda c: c.changes_in_window)
    told = max(found, key=lambda c: c.told_in_window)
    fewest = min(
        (c for c in found if c.fewest_days_between_changes is not None),
        key=lambda c: c.fewest_days_between_changes or 0.0,
    )
    spans = sorted(
        (Path(c.question_id).name, c.family, round(c.fewest_days_between_changes or 0.0, 1))
        for c in found
    )
    return (
        f"churn ({len(found)} current-value questions): most real changes of one (holder,"
        f" attribute) within {WINDOW_DAYS} days {worst.changes_in_window} ({worst.question_id},"
        f" {worst.family}); questions with two or more within {WINDOW_DAYS} days"
        f" {sum(c.changes_in_window >= 2 for c in found)}; fewest days between two links"
        f" {fewest.fewest_days_between_changes:.1f} ({fewest.question_id}, {fewest.family});"
        f" most values told as the holder's within {WINDOW_DAYS} days {told.told_in_window}"
        f" ({told.question_id}, {told.family}); mean"
        f" {sum(c.told_in_window for c in found) / len(found):.2f}\n"
        f"  fewest days between links per question: {spans}"
    )


def main(argv: list[str]) -> None:
    questions = CorpusFile.model_validate_json(Path(argv[0]).read_text()).root
    print(describe(figures(questions)))


if __name__ == "__main__":
    main(sys.argv[1:])
