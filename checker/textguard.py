"""Text no rule should have to survive: lone surrogates, and tokens, turns and sessions too long
to measure. Applied to a corpus as read, before any model or measurement sees it.

- A lone surrogate (`"\\ud800"` in the JSON) decodes to a Python string that cannot be encoded,
  so the first rule that encodes it (or the reporter printing it) would raise. Each is replaced
  by U+FFFD and reported as TXT002 with the question id, the JSON path and the character.
- A token, turn, session or haystack past its cap makes feature extraction cost time and
  memory in proportion to its length (a 500,000-character token once took gigabytes). Each is
  cut to its cap before measurement and reported as TXT001. The caps are far above any real conversation:
  the longest token of the shipped corpora is 16 characters, the longest turn 283, the longest
  session 1,152.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Longest run of word characters kept whole (a token longer than this is not a word).
TOKEN_CAP = 1_000
#: Longest turn text kept whole.
TURN_CAP = 50_000
#: Most characters of turn text kept per session (turns past it are cut or dropped). The
#: n-gram candidates of a session grow with its length, and every candidate is a column of the
#: separability tables: at 100,000 characters a session costs about 200 MB to measure.
SESSION_CAP = 100_000
#: Most sessions kept per haystack (LongMemEval's largest haystacks hold about 500). Every
#: measurement holds a row per session, so a million-session haystack is cut to its first
#: sessions rather than measured in gigabytes.
HAYSTACK_CAP = 10_000

_SURROGATE = re.compile("[\ud800-\udfff]")
#: A JSON escape of a surrogate: only a file holding one can decode to a lone surrogate.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONG_TOKEN = re.compile(rf"\w{{{TOKEN_CAP + 1},}}")


@dataclass(frozen=True)
class TextNote:
    """One finding about a corpus's text: TXT001 (cut) or TXT002 (surrogate)."""

    code: str
    question_id: str | None
    message: str


def _mend(text: str) -> tuple[str, int]:
    """`text` with each lone surrogate replaced by U+FFFD, and the first one's position."""
    found = _SURROGATE.search(text)
    assert found is not None
    return _SURROGATE.sub("\ufffd", text), found.start()


def _qid(item: Any, i: int) -> str | None:
    qid = item.get("question_id") if isinstance(item, dict) else None
    return qid if isinstance(qid, str) else None


def _mend_record(i: int, item: Any, notes: list[TextNote]) -> Any:
    """Question `i` with every lone surrogate in its strings and keys replaced (in place)."""
    qid = _qid(item, i)
    if qid is not None and not qid.isascii() and _SURROGATE.search(qid):
        qid = _mend(qid)[0]  # the finding names the id as it will be printed

    def visit(value: Any, where: str) -> Any:
        if isinstance(value, str):
            if value.isascii() or _SURROGATE.search(value) is None:
                return value
            mended, at = _mend(value)
            notes.append(
                TextNote(
                    "TXT002", qid, f"{where}: a lone surrogate at character {at} (read as U+FFFD)"
                )
            )
            return mended
        if isinstance(value, list):
            for k, item in enumerate(value):
                value[k] = visit(item, f"{where}[{k}]")
            return value
        if isinstance(value, dict):
            for key in list(value):
                mended_key = visit(key, f"{where} key")
                item = value.pop(key) if mended_key != key else value[key]
                value[mended_key] = visit(item, f"{where}.{mended_key}")
            return value
        return value

    return visit(item, f"$[{i}]")


def _cut_haystack(item: dict[str, Any], i: int, notes: list[TextNote]) -> None:
    """Keep the first `HAYSTACK_CAP` sessions of a haystack (and their ids and dates)."""
    sessions = item["haystack_sessions"]
    notes.append(
        TextNote(
            "TXT001",
            _qid(item, i),
            f"$[{i}].haystack_sessions: a haystack of {len(sessions):,} sessions, over the cap "
            f"of {HAYSTACK_CAP:,}; only the first {HAYSTACK_CAP:,} are measured",
        )
    )
    for key in ("haystack_sessions", "haystack_session_ids", "haystack_dates"):
        if isinstance(item.get(key), list):
            del item[key][HAYSTACK_CAP:]


def _short(session: list[Any]) -> bool:
    """Whether a session's text is too short to pass any cap: the common case, answered
    without a loop in Python."""
    try:
        return sum(len(turn["content"]) for turn in session) <= min(
            TOKEN_CAP, TURN_CAP, SESSION_CAP
        )
    except (TypeError, KeyError):
        return False  # not turns of text: the careful walk below skips what it cannot read


def _cut_record(i: int, item: Any, notes: list[TextNote]) -> None:
    """Cut question `i`'s over-long haystack, tokens, turns and sessions, in place."""
    sessions = item.get("haystack_sessions") if isinstance(item, dict) else None
    if not isinstance(sessions, list):
        return
    if len(sessions) > HAYSTACK_CAP:
        _cut_haystack(item, i, notes)
    qid = _qid(item, i)
    for si, session in enumerate(sessions):
        if not isinstance(session, list) or _short(session):
            continue
        total = 0
        for ti, turn in enumerate(session):
            content = turn.get("content") if isinstance(turn, dict) else None
            if not isinstance(content, str):
                continue
            where = f"$[{i}].haystack_sessions[{si}][{ti}].content"
            if len(content) > TOKEN_CAP and _LONG_TOKEN.search(content):
                longest = max(len(m) for m in _LONG_TOKEN.findall(content))
                content = _LONG_TOKEN.sub(lambda m: m.group()[:TOKEN_CAP], content)
                notes.append(
                    TextNote(
                        "TXT001",
                        qid,
                        f"{where}: a token of {longest:,} characters, over the cap of "
                        f"{TOKEN_CAP:,}; cut to the cap before measurement",
                    )
                )
            if len(content) > TURN_CAP:
                notes.append(
                    TextNote(
                        "TXT001",
                        qid,
                        f"{where}: a turn of {len(content):,} characters, over the cap of "
                        f"{TURN_CAP:,}; cut to the cap before measurement",
                    )
                )
                content = content[:TURN_CAP]
            if total + len(content) > SESSION_CAP:
                size = total + sum(
                    len(t["content"])
                    for t in session[ti:]
                    if isinstance(t, dict) and isinstance(t.get("content"), str)
                )
                notes.append(
                    TextNote(
                        "TXT001",
                        qid,
                        f"$[{i}].haystack_sessions[{si}]: a session of {size:,} characters, "
                        f"over the cap of {SESSION_CAP:,}; its turns are cut to the cap from "
                        f"turn {ti} on before measurement",
                    )
                )
                turn["content"] = content[: SESSION_CAP - total]
                del session[ti + 1 :]
                break
            total += len(content)
            if content is not turn["content"]:
                turn["content"] = content


def guard_record(
    i: int, item: Any, notes: list[TextNote], *, surrogates_possible: bool = True
) -> Any:
    """Question `i` as parsed JSON, mended and cut (in place where it can be); findings are
    added to `notes`. Without `surrogates_possible` (the file holds no surrogate escape) its
    strings are not walked."""
    if surrogates_possible:
        item = _mend_record(i, item, notes)
    _cut_record(i, item, notes)
    return item


def guard(data: bytes, raw: list[Any]) -> list[TextNote]:
    """Mend lone surrogates and cut over-long text in a corpus's parsed JSON (in place); the
    findings to report. `data` is the file's bytes (a file with no surrogate escape is not
    walked for surrogates)."""
    notes: list[TextNote] = []
    possible = surrogate_escapes(data)
    for i, item in enumerate(raw):
        raw[i] = guard_record(i, item, notes, surrogates_possible=possible)
    return notes


_LONE_ESCAPE = re.compile(
    rb"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    rb"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})"
    rb"\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
#: Findings listed one by one from a streamed file before the rest are counted.
LISTED = 20


def lone_escapes_in_file(path: Path, chunk: int = 1 << 24) -> list[TextNote]:
    """TXT002 for each lone surrogate escape in a file too large to parse whole: the streaming
    parser reads one as '?' without a word, so the bytes are scanned for them (by byte offset;
    the record is not known there)."""
    offsets: list[int] = []
    count = 0

    def scan(data: bytes, skip: int, limit: int, at: int) -> None:
        nonlocal count
        for found in _LONE_ESCAPE.finditer(data):
            if found.start() < skip:
                continue
            if found.start() >= limit:
                break
            count += 1
            if len(offsets) < LISTED:
                offsets.append(at + found.start())

    # An escape is 6 bytes, its partner 6 more, and a low one looks 6 bytes back: matches
    # starting in the last 11 bytes wait for the next block, which keeps 6 bytes before them.
    data, skip, at = b"", 0, 0
    with path.open("rb") as handle:
        while block := handle.read(chunk):
            data += block
            limit = max(len(data) - 11, skip)
            scan(data, skip, limit, at)
            keep = max(limit - 6, 0)
            data, skip, at = data[keep:], limit - keep, at + keep
    scan(data, skip, len(data), at)
    notes = [
        TextNote("TXT002", None, f"byte {at:,}: a lone surrogate escape (read as '?')")
        for at in offsets
    ]
    if count > len(offsets):
        notes.append(
            TextNote("TXT002", None, f"{count - len(offsets):,} more lone surrogate escapes")
        )
    return notes


def surrogate_escapes(data: bytes) -> bool:
    """Whether JSON bytes hold a surrogate escape (only then can a string hold a lone one)."""
    return _SURROGATE_ESCAPE.search(data) is not None
