"""The built site in a real browser: every page loads in headless Debian chromium with no
console error, every internal link resolves (anchors included), every image loads (a decoded
width above zero), every example question renders as a conversation, and screenshots of the
home page, a vertical page, an example question and the results pages are saved to
tests/artifacts/.

Needs /usr/bin/chromium (`apt-get install -y chromium chromium-driver`; .ci/run installs it).
"""

from __future__ import annotations

import json
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

import pytest

from checker.family import VERTICALS
from tests.site.browser import INSTALL_HINT, Chromium, chromium_available, serve
from tests.site.conftest import REPO, pages

ARTIFACTS = REPO / "tests" / "artifacts"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)


def _target(site: Path, path: str) -> Path | None:
    local = site / urllib.parse.unquote(path).lstrip("/")
    if local.is_dir():
        local = local / "index.html"
    return local if local.is_file() else None


def _ids(page: Path) -> set[str]:
    parser = _Ids()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.ids


#: Every image of the page that has not loaded and decoded (naturalWidth 0 after load).
BROKEN = (
    "Array.from(document.images)"
    ".filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src'))"
)
#: What an example page shows: examples, conversation turns, marked sessions, timelines.
CONVERSATION = (
    "JSON.stringify({"
    "examples: document.querySelectorAll('h2[id^=example]').length,"
    "turns: document.querySelectorAll('p.tme-turn.tme-user, p.tme-turn.tme-assistant').length,"
    "gold: document.querySelectorAll('.admonition.success').length,"
    "question: document.querySelectorAll('.admonition.question').length,"
    "rows: document.querySelectorAll('table tbody tr').length})"
)


def _conversation_problems(browser: Chromium, page: Path) -> list[str]:
    """An example page with a corpus must render its questions as conversations."""
    if "Not yet generated" in page.read_text(encoding="utf-8"):
        return []
    shown = json.loads(browser.evaluate(CONVERSATION))
    problems = []
    if shown["examples"] == 0 or shown["question"] != shown["examples"]:
        problems.append(f"example questions did not render: {shown}")
    if shown["turns"] < 2 * shown["examples"] or shown["rows"] == 0:
        problems.append(f"conversations or timelines did not render: {shown}")
    return problems


def _visit(
    site: Path, shots: dict[str, str], only: list[str] | None = None
) -> dict[str, list[str]]:
    """Load every page (or only the ones named); return problems per page. `shots` maps a
    page's site path to the PNG it is saved as."""
    if not chromium_available():
        pytest.fail(f"headless chromium is not installed; run: {INSTALL_HINT}")
    problems: dict[str, list[str]] = {}
    anchors: dict[Path, set[str]] = {}
    browser = Chromium()
    try:
        with serve(site) as base:
            origin = urllib.parse.urlsplit(base)
            for page in pages(site):
                rel = page.relative_to(site).as_posix()
                if only is not None and rel not in only:
                    continue
                url = base + rel.removesuffix("index.html")
                report = browser.load(url)
                issues = list(report.errors)
                for link in report.links:
                    parts = urllib.parse.urlsplit(link)
                    if (parts.scheme, parts.netloc) != (origin.scheme, origin.netloc):
                        continue
                    target = _target(site, parts.path)
                    if target is None:
                        issues.append(f"broken link {parts.path}")
                    elif parts.fragment:
                        if target not in anchors:
                            anchors[target] = _ids(target)
                        if urllib.parse.unquote(parts.fragment) not in anchors[target]:
                            issues.append(f"broken anchor {parts.path}#{parts.fragment}")
                if not report.title:
                    issues.append("page has no title")
                if browser.evaluate("typeof window.tmehostile") != "undefined":
                    issues.append("a hostile script ran")
                issues += [f"image did not load: {src}" for src in browser.evaluate(BROKEN)]
                if rel.startswith("inside/") and rel != "inside/index.html":
                    issues += _conversation_problems(browser, page)
                if issues:
                    problems[rel] = sorted(set(issues))
                if rel in shots:
                    browser.screenshot(ARTIFACTS / shots[rel], full_page=True)
    finally:
        browser.close()
    return problems


def _vertical_to_show(site: Path) -> str:
    """A vertical with a corpus if the site has one, else the first vertical."""
    for v in VERTICALS:
        html = (site / "verticals" / v.key / "index.html").read_text(encoding="utf-8")
        if "Not yet generated" not in html:
            return v.key
    return VERTICALS[0].key


def test_shipped_site_in_chromium(built_site: Path) -> None:
    vertical = _vertical_to_show(built_site)
    shots = {
        "index.html": "site-home.png",
        f"verticals/{vertical}/index.html": f"site-vertical-{vertical}.png",
        f"inside/{vertical}/index.html": f"site-inside-{vertical}.png",
        "results/index.html": "site-results.png",
        "audits/locomo/index.html": "site-audit-locomo.png",
    }
    assert _visit(built_site, shots) == {}
    for name in shots.values():
        assert (ARTIFACTS / name).stat().st_size > 10_000, f"{name} looks empty"


def test_populated_site_in_chromium(fixture_site: Path) -> None:
    shots = {
        "verticals/forgetting/index.html": "fixture-vertical-forgetting.png",
        "results/prospective/index.html": "fixture-results-prospective.png",
        "results/workingmemory/index.html": "fixture-results-workingmemory.png",
        "inside/forgetting/index.html": "fixture-inside-forgetting.png",
    }
    # The shipped site is crawled in full above; here the populated pages with plots, bands
    # and hostile text (shown inert) are loaded, with every link on them checked.
    assert (
        _visit(
            fixture_site,
            shots,
            only=[
                *shots,
                "results/forgetting/index.html",
                "corpora/index.html",
                "results/ee/index.html",
            ],
        )
        == {}
    )
