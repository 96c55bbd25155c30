"""The published site's page builders: plain functions from data to Markdown and SVG.

`gen_pages.py` is the one script MkDocs runs (through mkdocs-gen-files); everything else here
is free of MkDocs and unit-tested. `sources` reads the data; `verticals`, `inside`,
`downloads`, `results`, `ee` and `reference` build pages; `plots` and `corpus_plots` draw SVG,
`corpus_figures` and `result_figures` turn records into captioned figures (`figures`);
`croissant` and `dataset_card` write the machine-readable descriptions and the download
bundle; `markup` and `numerals` make escaping and denominators the default, and
`denominators` scans built HTML for bare rates.
"""
