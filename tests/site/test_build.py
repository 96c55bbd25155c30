"""The site as `make site` builds it: byte-identical from one build to the next, and every
vertical page with a corpus shows its figures, each image a file of the built site."""

from __future__ import annotations

import re
from pathlib import Path

from checker.family import VERTICALS
from site_gen import corpus_figures
from site_gen.sources import SiteSources
from tests.site.conftest import mkdocs_build

#: Files whose bytes may carry the build's date (MkDocs' sitemap): not part of the pages.
DATED = frozenset({"sitemap.xml", "sitemap.xml.gz"})
IMAGE = re.compile(r'<img alt="[^"]*" src="([^"]+)"')


def _files(site: Path) -> dict[str, bytes]:
    return {
        p.relative_to(site).as_posix(): p.read_bytes()
        for p in sorted(site.rglob("*"))
        if p.is_file() and p.name not in DATED
    }


def test_two_builds_are_byte_identical(built_site: Path, tmp_path: Path) -> None:
    """A second build, in another process with another hash seed, writes the same bytes."""
    again = tmp_path / "site"
    mkdocs_build(again, extra_env={"PYTHONHASHSEED": "12345"})
    first, second = _files(built_site), _files(again)
    assert sorted(first) == sorted(second)
    differ = [name for name in first if first[name] != second[name]]
    assert differ == []
    # The comparison covered the generated figures, pages, descriptions and bundles.
    for pattern in (r"\.svg$", r"^inside/.+/index\.html$", r"\.jsonld$", r"\.zip$"):
        assert any(re.search(pattern, name) for name in first), pattern


def test_every_vertical_page_with_a_corpus_shows_its_figures(
    built_site: Path, shipped: SiteSources
) -> None:
    sources = shipped
    shown = {}
    for v in VERTICALS:
        html = (built_site / "verticals" / v.key / "index.html").read_text(encoding="utf-8")
        images = IMAGE.findall(html)
        release = sources.latest(v.key)
        expected = corpus_figures.vertical_figures(v, release)
        if release is None:
            assert images == []
            continue
        assert {"gh", "coverage", "separability"} <= set(expected)
        names = [src.rsplit("/", 1)[-1] for src in images]
        assert sorted(names) == sorted(f.file_name for f in expected.values())
        for src in images:
            target = (built_site / "verticals" / v.key / src).resolve()
            assert target.is_file() and target.read_bytes().startswith(b"<?xml"), src
        assert html.count("The numbers behind this figure") == len(images)
        shown[v.key] = names
    assert shown, "no vertical page with a corpus was built"
