"""Markdown building blocks that make unescaped data impossible to emit by accident.

A page is assembled from `Md` strings (trusted markdown the project wrote) and plain `str`
values (anything read from a corpus, a sidecar or a submission). `esc` turns a plain string into
inert text: every character that Markdown or HTML could read as syntax becomes a numeric
character reference, so a system name such as `<script>` or `[x](javascript:…)` is displayed
literally and never parsed. `table` escapes every cell that is not already `Md`, so forgetting to
escape a value is not possible through it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from checker.escape import escape

__all__ = [
    "Md",
    "admonition",
    "code",
    "esc",
    "fold",
    "join",
    "link",
    "table",
]


class Md(str):
    """Markdown the project wrote itself; passed through unchanged.

    Adding two `Md` gives an `Md`; adding a plain string is refused, so untrusted text can
    only join a page through `esc` (or `table`, which calls it)."""

    __slots__ = ()

    def __add__(self, other: str) -> Md:
        if not isinstance(other, Md):
            raise TypeError("only Md joins Md: pass untrusted text through esc() first")
        return Md(str.__add__(self, other))


#: Characters that Markdown (with the extensions in mkdocs.yml) or HTML give a meaning to.
_SYNTAX = frozenset("\\`*_{}[]()<>#+-!|&\"'~^=:$@.%")


_LAYOUT = re.compile(r"[\t\n\r]")


def _inline(value: object) -> str:
    """A value as one printable line: layout whitespace to spaces, the rest escaped."""
    return escape(_LAYOUT.sub(" ", str(value)), limit=None)


def esc(value: object) -> Md:
    """Any value as inert inline text (an `Md` is returned unchanged).

    Line breaks and tabs of multi-line prose (the project's own docstrings, a corpus's text)
    become spaces; every other character that is not printable (controls, bidi and format
    characters, line separators) is shown as a visible escape by the checker's one escaping
    function (`checker.escape`). So a value can never start a new Markdown block (a heading, a
    list, a table row, an admonition), end a table cell, or reorder the text around it. (What a
    submitter wrote holds no line break by then: the checker refuses one in any result string,
    and findings are escaped when they are made.)
    """
    if isinstance(value, Md):
        return value
    text = _inline(value)
    return Md("".join(f"&#{ord(ch)};" if ch in _SYNTAX else ch for ch in text))


def code(value: object) -> Md:
    """A value shown as code; backticks inside it are handled by a longer fence."""
    text = _inline(value)
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text else ""
    if "|" in text:  # a pipe would end a table cell; show such a value as plain escaped text
        return esc(text)
    # Inside a code span HTML is literal already; `<` and `&` are escaped by Markdown itself.
    return Md(f"{fence}{pad}{text}{pad}{fence}")


def link(label: object, target: str) -> Md:
    """A link to a page or file of this site; `target` is a project-built relative path."""
    if re.search(r"[\s()<>\"']", target) or ":" in target.split("/")[0]:
        raise ValueError(f"link target {target!r} must be a plain relative path inside the site")
    return Md(f"[{esc(label)}]({target})")


def join(parts: Iterable[object], sep: str = "") -> Md:
    """Join values, escaping every one that is not `Md` (the separator is trusted)."""
    return Md(sep.join(esc(p) for p in parts))


def table(headers: Sequence[object], rows: Iterable[Sequence[object]]) -> Md:
    """A Markdown table; every cell that is not `Md` is escaped."""
    head = [esc(h) for h in headers]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    for row in rows:
        if len(row) != len(head):
            raise ValueError(f"table row has {len(row)} cells for {len(head)} columns: {row!r}")
        cells = [esc(c) if not isinstance(c, Md) else Md(c.replace("\n", " ")) for c in row]
        lines.append("| " + " | ".join(cells) + " |")
    return Md("\n".join(lines) + "\n")


def admonition(kind: str, title: str, body: Md) -> Md:
    """A Material admonition block (`note`, `warning`, `info`, …) around trusted body text."""
    if not re.fullmatch(r"[a-z]+", kind):
        raise ValueError(f"admonition kind {kind!r} must be a plain lower-case word")
    indented = "\n".join(("    " + line) if line else "" for line in body.splitlines())
    return Md(f'!!! {kind} "{esc(title)}"\n\n{indented}\n')


def fold(title: str, body: Md, kind: str = "info") -> Md:
    """A collapsed block (pymdownx.details `???`) around trusted body text: the reader opens it
    to see what the page summarises above it (the numbers behind a figure, a full table)."""
    if not re.fullmatch(r"[a-z]+", kind):
        raise ValueError(f"fold kind {kind!r} must be a plain lower-case word")
    indented = "\n".join(("    " + line) if line else "" for line in body.splitlines())
    return Md(f'??? {kind} "{esc(title)}"\n\n{indented}\n')
