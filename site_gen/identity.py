"""How the family names and licenses itself, in one place for every page and file the site
writes (R-ID-2, R-ID-4)."""

from __future__ import annotations

from site_gen.markup import Md

FAMILY = "TypedMemEval"
#: The project's license (pyproject.toml `license`); a test keeps the two equal.
LICENSE = "MIT"

CITATION_RULE = Md(
    "Cite a result as **TypedMemEval-&lt;Vertical&gt; &lt;revision&gt;** with the corpus "
    "sha256, for example *TypedMemEval-Forgetting 2026.12*. Results of different verticals "
    "measure different mechanisms: they are never summed, averaged or otherwise combined with "
    "each other or with another benchmark's numbers, and there is no overall score."
)
