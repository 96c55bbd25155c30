"""V7 separability: can a cheap reader find the gold sessions without reading them?

Public API (generators gate on it, the sidecar stamps its record, the rules re-measure it):

- `measure_separability(corpus, exemptions, *, adversary=True, seed=0, haystack=False,
  metadata=False) -> SeparabilityRecord` — `haystack` and `metadata` add the haystack-relative
  (`haystack.py`, SEP008) and answer-from-metadata (`metadata.py`, SEP009) adversaries, which
  the checker's rules run and the generators do not stamp yet.
- `refusals(record) -> list[str]` — human-readable reasons, empty when the corpus passes.
- `render_table(record) -> str` — the table as text.
"""

from checker.separability.gate import covers, measure_separability, refusals, table
from checker.separability.render import render_table

__all__ = ["covers", "measure_separability", "refusals", "render_table", "table"]
