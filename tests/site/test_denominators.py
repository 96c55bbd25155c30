"""Every rate or percentage on the built site has its n beside it.

Convention (site_gen.numerals): counts `k/n`; rates, means, AUCs and differences `0.80 (n=15)`;
constants as code. The scan is shown to fail on a page that breaks the convention.
"""

from __future__ import annotations

from pathlib import Path

from site_gen.denominators import bare_numbers, displayed_text
from tests.site.conftest import pages

FIXTURES = Path(__file__).parent / "fixtures" / "denominators"


def test_scan_flags_each_bare_number_in_the_failing_fixture() -> None:
    found = bare_numbers((FIXTURES / "fail.html").read_text(encoding="utf-8"))
    assert sorted(b.number for b in found) == sorted(
        ["0.80", "0.667", "12%", "0.5", ".75", "1.00", "0.27"]
    )


def test_scan_accepts_the_passing_fixture() -> None:
    html = (FIXTURES / "pass.html").read_text(encoding="utf-8")
    assert bare_numbers(html) == []
    assert "0.80 (n=15)" in displayed_text(html)


def test_scan_ignores_code_scripts_and_identifiers() -> None:
    html = (
        "<p>revision 2026.12, version 0.3.1, k1 1.5 and <code>0.75</code></p>"
        '<script type="application/ld+json">{"x": 0.5}</script><pre>0.9</pre>'
    )
    assert bare_numbers(html) == []


def _scan(site: Path) -> dict[str, list[str]]:
    out = {}
    for page in pages(site):
        found = bare_numbers(page.read_text(encoding="utf-8"))
        if found:
            out[str(page.relative_to(site))] = [f"{b.number}: …{b.context}…" for b in found]
    return out


def test_the_shipped_site_has_no_bare_rate(built_site: Path) -> None:
    assert _scan(built_site) == {}


def test_a_populated_site_has_no_bare_rate(fixture_site: Path) -> None:
    assert _scan(fixture_site) == {}
    # The populated pages do carry rates, so the scan had something to check.
    text = displayed_text((fixture_site / "verticals/forgetting/index.html").read_text("utf-8"))
    assert "(n=" in text
