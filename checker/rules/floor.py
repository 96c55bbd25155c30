"""The `floor` summary section: what one fixed reply to every question scores (`checker.floor`).
Reported, not gated: the floor is a property of the shape mix, and a rate is read against it."""

from __future__ import annotations

from checker.floor import constant_floor, describe
from checker.load import LoadedCorpus
from checker.summary import section


@section("floor")
def summary(corpus: LoadedCorpus) -> list[str]:
    found = constant_floor(corpus.questions)
    if found is None:
        return ["not measured: no question carries a vertical the rules judge reads"]
    shapes = ", ".join(
        f"{s.shape} {s.correct}/{s.measured} ({s.measured} of {s.questions} measured)"
        for s in found.shapes
    )
    return [describe(found), f"by shape: {shapes}"]
