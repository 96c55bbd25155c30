"""One bounded pass over a parsed JSON value: every node with its JSON path, in document order.

The rules that read a submission's keys and strings share this one list rather than each
walking the document. The walk is iterative (no recursion, whatever the depth) and stops at a
depth and a node count no real result comes near, so a hostile file costs time in proportion to
its bytes, and the refusal names where the limit was met.
"""

from __future__ import annotations

import functools
import gc
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from checker.escape import escape, quoted

#: Deepest nesting a result may have (a real one is at most 5 deep: rows → row → coverage →
#: per_component → entry).
MAX_DEPTH = 16
#: Most JSON values a result may hold (the largest EE result, 20,000 probes of six values, holds
#: about 120,000).
MAX_NODES = 250_000

#: A key shown as `.key` in a JSON path; any other key is shown quoted and escaped.
PLAIN_KEY_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class Node(NamedTuple):
    """One value of the document: its JSON path, the key that leads to it (None for an array
    item) and the value."""

    path: str
    key: str | None
    value: Any


@dataclass(frozen=True)
class Nodes:
    """The nodes walked, in document order (the root itself is not one), and why the walk
    stopped early, if it did."""

    nodes: list[Node] = field(default_factory=list)
    refusal: str | None = None

    @functools.cached_property
    def texts(self) -> list[str]:
        """Every key and string value walked, in document order."""
        parts: list[str] = []
        add = parts.append
        for node in self.nodes:
            if node.key is not None:
                add(node.key)
            if type(node.value) is str:
                add(node.value)
        return parts

    @functools.cached_property
    def all_text(self) -> str:
        """`texts` joined by line feeds: one string a rule can test in a single C-level pass
        before it looks at any node (what holds for the whole holds for each part, for a test
        that looks at one character at a time)."""
        return "\n".join(self.texts)


def child_path(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if PLAIN_KEY_RE.match(key) else f"{path}[{quoted(key, 40)}]"


def _items(value: Any) -> Iterator[tuple[str | int, Any]]:
    """A container's children as (key or index, value), produced one at a time."""
    return iter(value.items()) if isinstance(value, dict) else enumerate(value)


def walk(value: Any, *, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES) -> Nodes:
    """Every node below `value`, depth first in document order, up to the limits.

    The stack holds one iterator per open container, so the memory and time spent are bounded
    by the nodes actually walked, never by how many a container holds. The cycle collector is
    paused meanwhile: the walk makes only acyclic records, and it would otherwise re-walk every
    object alive each time the walk allocates."""
    if not isinstance(value, dict | list):
        return Nodes()
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _walk(value, max_depth, max_nodes)
    finally:
        if collecting:
            gc.enable()


def _walk(value: dict[str, Any] | list[Any], max_depth: int, max_nodes: int) -> Nodes:
    out: list[Node] = []
    add = out.append
    plain = PLAIN_KEY_RE.match
    stack: list[tuple[str, Iterator[tuple[str | int, Any]]]] = [("$", _items(value))]
    while stack:
        path, items = stack[-1]
        step = next(items, None)
        if step is None:
            stack.pop()
            continue
        key, item = step
        if type(key) is str:
            here = f"{path}.{key}" if plain(key) else f"{path}[{quoted(key, 40)}]"
            node = Node(here, key, item)
        else:
            here = f"{path}[{key}]"
            node = Node(here, None, item)
        if len(stack) > max_depth:
            return Nodes(
                out,
                f"is nested more than {max_depth} levels deep at {escape(here, 300)}; a result "
                "is a shallow object (rows of flat fields), so nothing below that was read",
            )
        if len(out) >= max_nodes:
            return Nodes(
                out,
                f"holds more than {max_nodes:,} JSON values (the walk stopped at "
                f"{escape(here, 300)}); a result holds one short row per question",
            )
        add(node)
        if item and (type(item) is dict or type(item) is list):
            stack.append((here, _items(item)))
    return Nodes(out)
