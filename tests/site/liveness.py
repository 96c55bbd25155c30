"""Find hostile text that a page renders as markup instead of showing as text.

Every hostile string carries a marker word. Text is inert when the marker only ever appears in
text nodes outside any element the payload could have created; it is live when the marker
appears in a URL or style attribute (or any inline event handler exists), inside a script, inside a link, or as the whole content of an element
that its Markdown or HTML syntax would produce (`**x**`, `<b>x</b>`, `` `x` ``).
"""

from __future__ import annotations

from html.parser import HTMLParser

#: Elements the hostile payload's syntax would create if it were parsed.
PAYLOAD_ELEMENTS = frozenset({"b", "strong", "em", "i", "code", "img", "iframe", "svg", "object"})
#: Attributes whose value is fetched, navigated to or styled (text attributes such as
#: aria-label or title may hold the marker: the parser reading them back proves the quoting held).
URL_OR_STYLE = frozenset(
    {"href", "src", "srcset", "action", "formaction", "style", "data", "xlink:href"}
)
VOID = frozenset({"br", "img", "hr", "input", "meta", "link", "source", "wbr", "col", "area"})


class _Live(HTMLParser):
    def __init__(self, marker: str) -> None:
        super().__init__(convert_charrefs=True)
        self.marker = marker
        self.stack: list[tuple[str, str, list[str]]] = []
        self.found: list[str] = []
        self.text_hits = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}>: an inline event handler")
            if value and self.marker in value and name in URL_OR_STYLE:
                self.found.append(f"<{tag} {name}=…{self.marker}…>: the marker in a live attribute")
            if name == "href" and value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} href=javascript:…>: a live script link")
        if tag in VOID:
            return
        href = next((v or "" for n, v in attrs if n == "href"), "")
        self.stack.append((tag, href, []))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, href, texts = self.stack.pop()
            text = "".join(texts)
            if self.marker in text:
                if name == "script":
                    self.found.append("<script> containing the marker")
                if name == "a" and not href.startswith("#"):
                    # The site itself only ever links submitted text to an anchor on its page.
                    self.found.append(f"<a href={href[:40]!r}> around the marker: a live link")
                if name in PAYLOAD_ELEMENTS and text.strip() == self.marker:
                    self.found.append(f"<{name}>{self.marker}</{name}>: payload syntax rendered")
            if self.stack:
                self.stack[-1][2].append(text)
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.marker in data:
            self.text_hits += data.count(self.marker)
        if self.stack:
            self.stack[-1][2].append(data)


def live_payloads(html: str, marker: str) -> tuple[list[str], int]:
    """(what is live, how many times the marker appears as text)."""
    parser = _Live(marker)
    parser.feed(html)
    parser.close()
    return parser.found, parser.text_hits
