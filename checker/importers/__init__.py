"""Other publishers' benchmarks: streaming readers and converters into our corpus format.

`typedmemeval import locomo|longmemeval FILE` converts a file into our corpus format without
the `typedmemeval` block, logging every repair it makes; `typedmemeval audit` reads the result
(or a LongMemEval-shaped file directly) leniently through `load_foreign`. Files are read one
record at a time, so their size bounds only what the records themselves hold."""

from __future__ import annotations

from checker.importers import locomo, longmemeval
from checker.importers.foreign import STREAM_ABOVE, load_foreign
from checker.importers.repairs import Repairs

__all__ = ["STREAM_ABOVE", "Repairs", "load_foreign", "locomo", "longmemeval"]
