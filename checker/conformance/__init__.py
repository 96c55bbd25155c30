"""`make conformance`: run the checker on a peer's real corpora and compare with their stamped
figures. Each module here defines `SECTION = (order, name, func)`; `func(folder)` prints its
comparison and returns False when a bound the project holds itself to is not met."""
