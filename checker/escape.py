"""Showing text a submitter controls: one line of printable characters, never a control.

File names, folder names, JSON keys and values from a submission reach the terminal, the JSON
report, GitHub's annotation stream and the site. A newline there would forge a second finding,
an ESC or a C1 CSI would drive the terminal, a bidi override would reorder what a reviewer
reads, and a 5 MB key would become a 5 MB "line". `escape` is the one function every such text
goes through (findings and input errors apply it when they are made, so no reporter can skip
it): each character Python does not count as printable (controls, format and bidi characters,
line and paragraph separators, spaces other than the plain one, surrogates, private-use and
unassigned code points) is shown as a visible escape (`\\x1b`, `\\u202e`, `\\U000e0041`), and a
long text is cut with its length shown.

Backslashes are left as they are, so escaping twice gives the same text as escaping once.
"""

from __future__ import annotations

#: Longest text shown for one value a submitter wrote (a key, a name, a string field).
VALUE_LIMIT = 80


def escape_char(ch: str) -> str:
    """One character as itself when printable, else as a Python-style escape."""
    if ch.isprintable():
        return ch
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def escape(text: str, limit: int | None = VALUE_LIMIT) -> str:
    """`text` as one printable line of at most `limit` characters (None: no limit).

    A longer text keeps its beginning and ends with `…(N chars)`, N the length of the original.
    The work is bounded by `limit`, not by the length of `text`. With a limit that holds the
    suffix (24 characters and more), escaping the result again returns it unchanged.
    """
    if limit is None:
        return text if text.isprintable() else "".join(map(escape_char, text))
    head = text[: limit + 1]
    shown = head if head.isprintable() else "".join(map(escape_char, head))
    if len(text) <= limit and len(shown) <= limit:
        return shown
    suffix = f"…({len(text)} chars)"
    budget = max(limit - len(suffix), 0)
    out: list[str] = []
    used = 0
    for ch in head:
        piece = escape_char(ch)
        if used + len(piece) > budget:
            break
        out.append(piece)
        used += len(piece)
    return "".join(out) + suffix


def quoted(text: str, limit: int = VALUE_LIMIT) -> str:
    """A submitter's string inside a message: escaped, shortened and in double quotes."""
    return '"' + escape(text, limit).replace('"', '\\"') + '"'
