"""The per-corpus summary `check --summary` prints: the reply-variety line counts what it says."""

from __future__ import annotations

import io
from pathlib import Path

from checker.load import load_any
from checker.rules.structure import reply_variety
from checker.summary import print_summaries
from corpora.generate.core.stamp import in_memory

CORPUS = next(Path("corpora").glob("*/typedmemeval-*-2026.12.json"))


def test_reply_variety_counts_each_haystack_once() -> None:
    corpus = load_any(CORPUS)
    distinct, total, top = reply_variety(corpus)
    assert 0 < distinct <= total and 0 < top <= 1
    # A second copy of every question shares its haystack: nothing is counted twice.
    doubled = corpus.with_questions(corpus.questions + corpus.questions)
    assert reply_variety(doubled) == (distinct, total, top)


def test_one_reply_everywhere_is_all_of_them() -> None:
    corpus = load_any(CORPUS)
    same = []
    for q in corpus.questions:
        sessions = [
            [t.model_copy(update={"content": "Sure."}) if t.role == "assistant" else t for t in s]
            for s in q.haystack_sessions
        ]
        same.append(q.model_copy(update={"haystack_sessions": sessions}))
    _, loaded = in_memory(same)
    distinct, total, top = reply_variety(loaded)
    assert (distinct, top) == (1, 1.0) and total > 0


def test_the_summary_prints_it() -> None:
    out = io.StringIO()
    print_summaries([load_any(CORPUS)], out)
    assert "structure: assistant replies: " in out.getvalue()
