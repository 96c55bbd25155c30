"""Identifier grammar (R-ID-2): corpus ids, revisions, question, pair and session ids."""

from __future__ import annotations

import re

from checker.family import BY_ABBREV
from checker.io import sha256_bytes

_ABBREV = "|".join(sorted(BY_ABBREV))

REVISION_RE = re.compile(r"^(?P<year>\d{4})\.(?P<month>0[1-9]|1[0-2])(?:\.(?P<n>[2-9]|[1-9]\d+))?$")
CORPUS_ID_RE = re.compile(
    r"^typedmemeval-(?P<vertical>[a-z]+)-(?P<revision>\d{4}\.\d{2}(?:\.\d+)?)$"
)
QUESTION_ID_RE = re.compile(
    rf"^tme-(?P<abbrev>{_ABBREV})-(?P<yymm>\d{{4}})-(?P<n>\d{{3}})(?P<abs>_abs)?$"
)
PAIR_ID_RE = re.compile(rf"^tme-(?P<abbrev>{_ABBREV})-(?P<yymm>\d{{4}})-p(?P<n>\d{{2}})$")
SESSION_SUFFIX_RE = re.compile(r"^(?P<owner>.+)-s(?P<n>\d{3})$")
#: A haystack token (R-FMT-3): alphanumeric words joined by single `-` or `_`.
HAYSTACK_TOKEN_RE = re.compile(r"^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$")
#: Hex digits of an opaque haystack token after its leading `h`.
HAYSTACK_TOKEN_HEX = 10
DATE_FORMAT = "%Y/%m/%d (%a) %H:%M"
DATE_RE = re.compile(r"^\d{4}/\d{2}/\d{2} \((Mon|Tue|Wed|Thu|Fri|Sat|Sun)\) \d{2}:\d{2}$")


def yymm(revision: str) -> str:
    """The `YYMM` that question ids of a revision carry: `2026.12` → `2612`."""
    m = REVISION_RE.match(revision)
    if not m:
        raise ValueError(f"not a calendar revision label: {revision!r} (expected e.g. 2026.12)")
    return m["year"][2:] + m["month"]


def question_id(abbrev: str, revision: str, n: int, *, abstention: bool = False) -> str:
    return f"tme-{abbrev}-{yymm(revision)}-{n:03d}" + ("_abs" if abstention else "")


def pair_id(abbrev: str, revision: str, n: int) -> str:
    return f"tme-{abbrev}-{yymm(revision)}-p{n:02d}"


def session_id(owner: str, index: int) -> str:
    """`<owner>-sNNN`: the owner is the haystack's token (`haystack_token`)."""
    return f"{owner}-s{index:03d}"


def haystack_token(seed: int, haystack: int) -> str:
    """The opaque token of one haystack (R-FMT-3): `h` and hex digits of the sha256 of the corpus
    seed and the haystack's number, so it says nothing of the question asked about it (not its
    id, shape, arm or abstention) and two haystacks of a corpus never share one."""
    digest = sha256_bytes(f"typedmemeval-haystack:{seed}:{haystack}".encode())
    return "h" + digest[:HAYSTACK_TOKEN_HEX]
