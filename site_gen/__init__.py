"""The published site's page builders: plain functions from data to Markdown and SVG.

`gen_pages.py` is the one script MkDocs runs (through mkdocs-gen-files); everything else here
is free of MkDocs and unit-tested. `sources` reads the data, `verticals`, `downloads`,
`results`, `ee` and `reference` build pages, `plots` draws SVG, `markup` and `numerals` make
escaping and denominators the default, and `denominators` scans built HTML for bare rates.
"""
