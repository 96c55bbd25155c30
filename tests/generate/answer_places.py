"""Where a question's answer falls among the values said in the sentences that carry its key
words, counted from the latest: read off SHC001's own scores, so a generator's test and the
checker rank the values alike."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import checker.separability.shortcuts as shc
from checker.formats.corpus import Question


def _scored(q: Question) -> tuple[shc.QuestionScore, str] | None:
    """SHC001's score of a single-value question, and its gold value."""
    found = shc.score_question(q)
    gold = shc.gold_value(q, shc.declared_values(q.typedmemeval))
    if isinstance(found, str) or gold is None or found.items != 1:
        return None
    return found, gold


def place_lifts(questions: Iterable[Question]) -> dict[str, dict[str, float]]:
    """Per shape, each SHC001 answerer's share of right answers over the fair chance (the
    placed ones included: the k-th most recent, most frequent and named value, k up to
    `shortcuts.DEEPEST_PLACE`)."""
    by_shape: dict[str, list[shc.QuestionScore]] = defaultdict(list)
    for q in questions:
        found = _scored(q)
        if found is not None:
            by_shape[found[0].shape].append(found[0])
    return {
        shape: {
            answerer: sum(s.credit[answerer] - s.chance for s in scores) / len(scores)
            for answerer in scores[0].credit
        }
        for shape, scores in by_shape.items()
    }


def places_from_latest(questions: Iterable[Question], shape: str) -> list[int]:
    """The answers' places from the latest value said (1 = the latest), for one shape."""
    out = []
    for q in questions:
        found = _scored(q)
        if found is None or found[0].shape != shape:
            continue
        last, gold = found[0].scores["most-recent"], found[1]
        out.append(1 + sum(1 for v in last if last[v] > last[gold]))
    return out
