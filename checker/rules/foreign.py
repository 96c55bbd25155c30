"""Foreign files: where a LongMemEval-shaped file from another publisher departs from our format."""

from __future__ import annotations

from collections.abc import Iterator

from checker.context import CorpusContext
from checker.findings import Violation
from checker.registry import rule


@rule("FMT001", "foreign-format", example="no typedmemeval block")
def foreign_format(ctx: CorpusContext) -> Iterator[Violation]:
    """A foreign record departs from our format (listed, not hidden; only `audit` reads such files).

    `audit` reads another publisher's file leniently so it can be measured at all; every departure
    that would make it unloadable as one of ours is reported here."""
    for qid, notes in sorted(ctx.corpus.foreign_notes.items()):
        for note in notes:
            yield Violation(qid, note)
