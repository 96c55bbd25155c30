"""`typedmemeval agreement A.json B.json`: how often two judges agree on the same answers, per
vertical and shape, with n.

Both results must judge the same answers: the same corpus, the same system configuration and
the same run id (a second run with the same id and `--out` elsewhere takes every answer from the
run's cache and asks only the other judge). Only questions both judges measured count (an
`inconclusive` or `unrun` row on either side is left out, and counted apart); agreement is the
share of those on which the typed outcomes are equal, and Cohen's kappa corrects it for the
agreement the two outcome distributions give by chance.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from checker.commands import Command
from checker.commands._common import UsageError
from checker.formats.result import ResultFile
from checker.results.validate import load_result

UNMEASURED = ("inconclusive", "unrun")


@dataclass
class Agreement:
    """Paired outcomes of one stratum."""

    pairs: list[tuple[str, str]] = field(default_factory=list)
    #: Questions left out because either judge gave no measured outcome.
    unmeasured: int = 0

    @property
    def n(self) -> int:
        return len(self.pairs)

    @property
    def agreement(self) -> float | None:
        return sum(a == b for a, b in self.pairs) / self.n if self.pairs else None

    @property
    def kappa(self) -> float | None:
        """Cohen's kappa; None when there are no pairs or chance agreement is total."""
        if not self.pairs:
            return None
        left = Counter(a for a, _ in self.pairs)
        right = Counter(b for _, b in self.pairs)
        chance = sum(left[k] * right[k] for k in left) / self.n**2
        observed = self.agreement
        assert observed is not None
        return None if chance == 1 else (observed - chance) / (1 - chance)

    def as_dict(self) -> dict[str, object]:
        return {
            "n": self.n,
            "agreed": sum(a == b for a, b in self.pairs),
            "agreement": self.agreement,
            "kappa": self.kappa,
            "unmeasured": self.unmeasured,
            "disagreements": dict(
                sorted(Counter(f"{a}/{b}" for a, b in self.pairs if a != b).items())
            ),
        }


def compare(a: ResultFile, b: ResultFile, shapes: dict[str, str]) -> dict[str, Agreement]:
    """Agreement overall (`all`) and per shape, over the questions both results carry."""
    out: dict[str, Agreement] = {"all": Agreement()}
    theirs = {r.question_id: r.outcome for r in b.rows}
    for row in a.rows:
        other = theirs.get(row.question_id)
        if other is None:
            continue
        shape = shapes.get(row.question_id, "?")
        for key in ("all", shape):
            stratum = out.setdefault(key, Agreement())
            if row.outcome in UNMEASURED or other in UNMEASURED:
                stratum.unmeasured += 1
            else:
                stratum.pairs.append((row.outcome, other))
    return out


def _shapes(result: ResultFile, index: Path | None) -> tuple[str, dict[str, str]]:
    """The vertical and each question's shape, from the corpus the result names."""
    from checker.api import find_index
    from checker.load import load_index
    from checker.results.validate import load_indexed_corpus

    index_path = index or find_index(Path.cwd()) or Path("corpora") / "index.json"
    entry = load_index(index_path).corpora.get(result.corpus.corpus_id)
    if entry is None:
        raise UsageError(f"corpus {result.corpus.corpus_id} is not in {index_path}")
    corpus = load_indexed_corpus(index_path, entry)
    shapes = {q.question_id: q.typedmemeval.shape for q in corpus.questions}
    return corpus.vertical() or "?", shapes


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("first", help="a result file judged one way")
    parser.add_argument("second", help="the same answers judged another way")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("--index", default=None, help="release index (default: the nearest)")


def run(args: argparse.Namespace) -> int:
    a, b = load_result(Path(args.first)), load_result(Path(args.second))
    if not isinstance(a, ResultFile) or not isinstance(b, ResultFile):
        raise UsageError("agreement compares two TypedMemEval result files")
    if a.corpus.sha256 != b.corpus.sha256:
        raise UsageError("the two results are over different corpora")
    if a.configuration_fingerprint != b.configuration_fingerprint or a.run_id != b.run_id:
        raise UsageError(
            "the two results did not judge the same answers: rerun with the same system, the "
            "same --run-id (answers come from the run's cache) and --out elsewhere"
        )
    vertical, shapes = _shapes(a, Path(args.index) if args.index else None)
    strata = compare(a, b, shapes)
    if args.format == "json":
        # Enough to find the result it describes: the site publishes a record beside the
        # model-judged result with the same corpus bytes, system, run id and judge fingerprint.
        report = {
            "vertical": vertical,
            "run_id": a.run_id,
            "system": a.system.name,
            "corpus_sha256": a.corpus.sha256,
            "configuration_fingerprint": a.configuration_fingerprint,
            "judges": [
                a.judge.model_dump(exclude_none=True),
                b.judge.model_dump(exclude_none=True),
            ],
            "strata": {k: v.as_dict() for k, v in sorted(strata.items())},
        }
        json.dump(report, sys.stdout, indent=2, sort_keys=True)
        print()
        return 0
    print(
        f"{vertical}: judge {a.judge.model} ({a.judge.fingerprint}) against {b.judge.model} "
        f"({b.judge.fingerprint}), run {a.run_id}"
    )
    print(f"  {'shape':<26} {'n':>4} {'agree':>7} {'kappa':>7} {'left out':>9}")
    for key in ["all", *sorted(k for k in strata if k != "all")]:
        s = strata[key]
        print(f"  {key:<26} {s.n:>4} {_fmt(s.agreement):>7} {_fmt(s.kappa):>7} {s.unmeasured:>9}")
    return 0


COMMAND = Command(
    "agreement",
    "agreement of two judges on the same answers, per vertical and shape, with n",
    configure,
    run,
)
