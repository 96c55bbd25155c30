"""The site's navigation as a literate-nav SUMMARY.md."""

from __future__ import annotations

from collections.abc import Sequence

from checker.family import VERTICALS


def summary(schema_names: Sequence[str], audits: Sequence[tuple[str, str]] = ()) -> str:
    """Every page in reading order: the family, its verticals, data, results, the audits of
    other benchmarks (`audits`: slug, title), reference."""
    lines = [
        "- [Home](index.md)",
        "- [Citing](citing.md)",
        "- [Methodology](methodology.md)",
        "- [Why the rules are what they are](history.md)",
        "- [Running and submitting](running.md)",
        "- [Run a vertical with the runner](run-a-vertical.md)",
        "- [Verticals](verticals/index.md)",
        *[f"    - [{v.name}](verticals/{v.key}.md)" for v in VERTICALS],
        "- [A look inside](inside/index.md)",
        *[f"    - [{v.name}](inside/{v.key}.md)" for v in VERTICALS],
        "- [Corpus downloads](corpora/index.md)",
        "- [Results](results/index.md)",
        *[f"    - [{v.name}](results/{v.key}.md)" for v in VERTICALS],
        "    - [EE](results/ee.md)",
        "- [Auditing another benchmark](auditing.md)",
        *(
            ["- [Audits of other benchmarks](audits/index.md)"]
            + [f"    - [{title}](audits/{slug}.md)" for slug, title in audits]
            if audits
            else []
        ),
        "- Reference",
        "    - [Checker rules](reference/rules.md)",
        "    - [Schemas](reference/schemas/index.md)",
        *[f"        - [{name}](reference/schemas/{name}.md)" for name in schema_names],
        "- [Changelog](changelog.md)",
    ]
    return "\n".join(lines) + "\n"
