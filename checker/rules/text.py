"""Text a rule cannot measure as it stands: found and mended when the corpus is read
(`checker.textguard`), reported here."""

from __future__ import annotations

from collections.abc import Iterator

from checker.context import CorpusContext
from checker.findings import Violation
from checker.registry import rule


def _notes(ctx: CorpusContext, code: str) -> Iterator[Violation]:
    for note in ctx.corpus.text_notes:
        if note.code == code:
            yield Violation(note.question_id, note.message)


@rule("TXT001", "over-long-text", example="a token of 500,000 characters, over the cap of 1,000")
def over_long_text(ctx: CorpusContext) -> Iterator[Violation]:
    """A token, turn, session or haystack is longer than any conversation holds; it was cut to
    its cap.

    Feature extraction costs time and memory in proportion to text length, so one hostile
    500,000-character token once made a check take gigabytes. Text past the caps (1,000
    word characters in a row, 50,000 characters per turn, 100,000 per session, 10,000
    sessions per haystack) is cut before any measurement, and each cut is reported here so
    that it is never silent."""
    yield from _notes(ctx, "TXT001")


@rule("TXT002", "lone-surrogate", example="a lone surrogate at character 0 (read as U+FFFD)")
def lone_surrogate(ctx: CorpusContext) -> Iterator[Violation]:
    """A string holds a lone UTF-16 surrogate (`\\ud800` escaped in the JSON), which no text
    encoding can write.

    Such a string cannot be tokenized, hashed or printed, so every rule and reporter after it
    would fail. It is read as U+FFFD so that the other rules still run, and reported here with
    the question id, the JSON path and the character's position."""
    yield from _notes(ctx, "TXT002")
