"""The one mkdocs-gen-files entry script: read the sources, call the page functions, write.

This is the only module that touches MkDocs. Every page is built by a plain function in
`site_gen/`; moving to another builder means replacing this script and `mkdocs.yml`.

The data root is the repository (the folder holding mkdocs.yml) unless the environment
variable TYPEDMEMEVAL_SITE_ROOT names another folder with the same layout (tests use this).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import mkdocs_gen_files

from checker.family import VERTICALS
from site_gen import (
    corpus_figures,
    croissant,
    dataset_card,
    downloads,
    ee,
    external_audits,
    home,
    inside,
    reference,
    result_figures,
    results,
    verticals,
)
from site_gen.figures import figure_block
from site_gen.nav import summary
from site_gen.sources import read_sources

ROOT_VARIABLE = "TYPEDMEMEVAL_SITE_ROOT"


def data_root() -> Path:
    explicit = os.environ.get(ROOT_VARIABLE)
    if explicit:
        return Path(explicit)
    return Path(mkdocs_gen_files.config["config_file_path"]).resolve().parent


def write_text(name: str, text: str) -> None:
    with mkdocs_gen_files.open(name, "w") as fh:
        fh.write(text)


def write_bytes(name: str, payload: bytes) -> None:
    with mkdocs_gen_files.open(name, "wb") as fh:
        fh.write(payload)


def main() -> None:
    sources = read_sources(data_root())

    latest = [(v, sources.latest(v.key)) for v in VERTICALS]
    write_text("verticals/index.md", verticals.verticals_index(latest))
    for vertical, release in latest:
        figures = corpus_figures.vertical_figures(vertical, release)
        for figure in figures.values():
            write_bytes(f"{verticals.PLOTS_DIR}/{figure.file_name}", figure.svg)
        blocks = {kind: figure_block(f, "plots") for kind, f in figures.items()}
        write_text(
            verticals.page_name(vertical), verticals.vertical_page(vertical, release, blocks)
        )
    write_text(inside.INDEX_PAGE, inside.inside_index(latest))
    for vertical, release in latest:
        write_text(inside.page_name(vertical), inside.inside_page(vertical, release))

    write_text(downloads.PAGE, downloads.downloads_page(sources.releases, sources.index_problem))
    for release in sources.releases:
        if release.payload is not None:
            write_bytes(downloads.file_path(release), release.payload)
        packed = dataset_card.bundle(release)
        if packed is not None:
            write_bytes(downloads.bundle_path(release), packed)
        write_text(
            downloads.jsonld_path(release),
            json.dumps(croissant.croissant(release), indent=2, sort_keys=True) + "\n",
        )

    per_vertical = [sources.results.by_vertical[v.key] for v in VERTICALS]
    for data, (_, release) in zip(per_vertical, latest, strict=True):
        data.floor = release.stats.floor if release and release.stats else None
    write_text(
        "results/index.md",
        results.results_index(per_vertical, len(sources.results.ee), sources.results.unplaced),
    )
    for data in per_vertical:
        drawn = result_figures.result_figures(data)
        for figure in drawn.all():
            write_bytes(f"results/{figure.file_name}", figure.svg)
        write_text(
            results.page_name(data.vertical),
            results.vertical_results_page(data, drawn.blocks()),
        )
    releases = {r.corpus_id: r for r in sources.releases}
    with mkdocs_gen_files.open(home.PAGE, "r") as fh:
        template = fh.read()
    write_text(home.PAGE, home.home_page(template, home.headline_rows(per_vertical, releases.get)))
    write_text(ee.PAGE, ee.ee_page(sources.results.ee, sources.results.refused_ee))

    write_text(reference.RULES_PAGE, reference.rules_page(sources.rules))
    names = sorted(sources.schemas)
    write_text(f"{reference.SCHEMAS_DIR}/index.md", reference.schemas_index(names))
    for name in names:
        schema = sources.schemas[name]
        write_text(f"{reference.SCHEMAS_DIR}/{name}.md", reference.schema_page(name, schema))
        write_text(
            f"{reference.SCHEMAS_DIR}/{name}.schema.json",
            json.dumps(schema, indent=2, sort_keys=True) + "\n",
        )
    write_text("changelog.md", reference.changelog_page(sources.changelog))
    if sources.citation_cff:
        write_text("CITATION.cff", sources.citation_cff)

    audits = external_audits.read_audits()
    if audits:
        write_text(external_audits.INDEX_PAGE, external_audits.audits_index(audits))
    for audit in audits:
        write_text(external_audits.page_name(audit), external_audits.audit_page(audit))
    write_text("SUMMARY.md", summary(names, [(a.slug, a.title) for a in audits]))


main()
