"""Nothing a submission or a corpus wrote is live in a built page.

The hostile stand-in carries HTML, a script, an event handler and Markdown link, bold, code and
table syntax in a result's system name, version, answer model and notes (published with the
checker's gate switched off for that file), in a refused result (whose reason quotes it), in
sidecar strings (exemption reason, feature name, exclusive phrase, adversary terms, ladder
reason), and in a corpus's questions, answers, turns and `typedmemeval` block, which its
"look inside" page and dataset card show. The liveness check itself is shown to fail on a page where that text is live.
"""

from __future__ import annotations

from pathlib import Path

from site_gen.denominators import displayed_text
from tests.site.conftest import pages
from tests.site.liveness import live_payloads
from tests.site.site_data import MARK

FIXTURES = Path(__file__).parent / "fixtures" / "escaping"


def test_liveness_check_flags_live_payloads() -> None:
    found, _ = live_payloads((FIXTURES / "fail.html").read_text(encoding="utf-8"), MARK)
    kinds = " ".join(found)
    for expected in ("<script>", "onerror", "javascript:", "<strong>", "<code>", "<b>"):
        assert expected in kinds, f"the liveness check missed {expected}: {found}"


def test_liveness_check_accepts_escaped_payloads() -> None:
    found, shown = live_payloads((FIXTURES / "pass.html").read_text(encoding="utf-8"), MARK)
    assert found == []
    assert shown >= 4


def test_no_hostile_text_is_live_anywhere(fixture_site: Path) -> None:
    live = {}
    for page in pages(fixture_site):
        found, _ = live_payloads(page.read_text(encoding="utf-8"), MARK)
        if found:
            live[str(page.relative_to(fixture_site))] = found
    assert live == {}


def test_hostile_text_reaches_the_pages_as_text(fixture_site: Path) -> None:
    """The payload really was rendered (as text) where each hostile source is shown."""
    expected = {
        "results/forgetting/index.html": 6,  # system, version, answer model, note, refusal …
        "verticals/workingmemory/index.html": 3,  # exemption reason, phrase, ladder reason …
        # Questions, answers, timeline openings, turns, the block and the other sessions.
        "inside/forgetting/index.html": 40,
    }
    for page, at_least in expected.items():
        html = (fixture_site / page).read_text(encoding="utf-8")
        found, shown = live_payloads(html, MARK)
        assert found == []
        assert shown >= at_least, f"{page}: the hostile text appears {shown} times"
        assert "&lt;script&gt;window.tmehostile" in html or "&#60;script&#62;" in html


def test_the_refused_hostile_file_is_listed_not_published(fixture_site: Path) -> None:
    text = displayed_text((fixture_site / "results/forgetting/index.html").read_text("utf-8"))
    assert "results/forgetting/mallory/hostile-2.json: 2 checker findings, first RES006" in text
    assert "could not be published" in text


def test_corpus_text_on_the_inside_page_is_shown_whole(fixture_site: Path) -> None:
    """Quoted conversation text reaches the page as text, its rate-shaped numbers as code."""
    html = (fixture_site / "inside/forgetting/index.html").read_text(encoding="utf-8")
    assert "<code>0.5</code> litres" in html and "<code>20%</code> off" in html
    text = displayed_text(html)
    assert "**tmehostile**" in text and "[tmehostile link](javascript:alert(1))" in text
