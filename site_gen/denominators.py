"""The denominator scan: find every rate or percentage in built HTML shown without its n.

The convention is in `site_gen.numerals`: a rate is a decimal in [0, 1] or a percentage, and it
must be followed by `(n=N)`. Counts written `k/n` contain no decimal and pass by construction.
Code (`<code>`, `<pre>`) holds pinned constants, commands and file contents, never a
measurement, and is not scanned; neither are scripts, styles and inline SVG.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

from site_gen.numerals import DENOMINATOR_RE, RATE_RE

#: Elements whose text is not displayed prose.
SKIPPED = frozenset({"script", "style", "code", "pre", "svg", "textarea", "head", "template"})
#: Elements that end a run of text (a number never continues across them).
BLOCKS = frozenset(
    {
        "p",
        "li",
        "td",
        "th",
        "tr",
        "div",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "br",
        "dt",
        "dd",
        "table",
        "ul",
        "ol",
        "section",
        "article",
        "nav",
        "header",
        "footer",
        "summary",
        "details",
        "blockquote",
        "label",
        "button",
        "option",
    }
)
#: Void elements never get an end tag, so they never open a skipped region.
VOID = frozenset({"br", "img", "hr", "input", "meta", "link", "source", "wbr", "col", "area"})


@dataclass(frozen=True)
class BareNumber:
    """A rate found without its denominator, with the text around it."""

    number: str
    context: str


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip_depth = 0
        self.stack: list[str] = []
        self.chunks: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in BLOCKS:
            self.chunks.append("\n")
        if tag in VOID:
            return
        self.stack.append(tag)
        if tag in SKIPPED:
            self.skip_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self.chunks.append("\n")
        if tag in VOID or tag not in self.stack:
            return
        while self.stack:
            top = self.stack.pop()
            if top in SKIPPED:
                self.skip_depth -= 1
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.skip_depth == 0:
            self.chunks.append(data)


def displayed_text(html: str) -> str:
    """The prose a reader sees, with code, scripts and styles removed."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "".join(parser.chunks)


def bare_numbers(html: str) -> list[BareNumber]:
    """Every rate or percentage in the page's prose that is not followed by `(n=N)`."""
    found: list[BareNumber] = []
    for block in displayed_text(html).split("\n"):
        for m in RATE_RE.finditer(block):
            if DENOMINATOR_RE.match(block, m.end()):
                continue
            start, end = max(0, m.start() - 40), min(len(block), m.end() + 40)
            found.append(BareNumber(m.group(0), " ".join(block[start:end].split())))
    return found
