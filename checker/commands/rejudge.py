"""`typedmemeval rejudge`: the verdicts of rules-judged runs and probe records read again from
the answers they kept, with the current rules judge and without the model.

    typedmemeval rejudge results/<vertical>/<system>/<run-id>.json … [--write]
    typedmemeval rejudge --corpus CORPUS --probes v1,v2 [--run-id probes] [--stamp-shipped]

A run's answers are in its work folder (`<work>/runs/<corpus>/<system>/<run-id>/answers.jsonl`,
or `--answers FILE` for one result); a probe run's samples in `<work>/probes/<corpus>/<run-id>/
probe-samples.jsonl`. What changes is printed; `--write` replaces the result files and
`--stamp-shipped` the records in the corpus's own sidecar.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from checker.commands import Command
from checker.commands._common import UsageError
from checker.commands._models import resolve_corpus
from checker.commands.probe import stamp_shipped_checked
from checker.formats.result import ResultFile
from checker.formats.sidecar import ProbeRecord
from checker.io import InputError, dump_json
from checker.probes import PROBES
from checker.results.validate import load_result
from checker.runner.reference import REFERENCE_KINDS, reference_name
from checker.runner.rejudge import Change, RejudgeRefused, rejudge_record, rejudge_result
from checker.runner.safefiles import UnsafePath, write_atomic

#: How many changed verdicts are listed one by one before the rest are counted.
LISTED = 12


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("results", nargs="*", help="result files judged by the rules judge")
    parser.add_argument(
        "--answers",
        default=None,
        help="the kept answers of the one result named (default: the run's work folder; a "
        "reference system's run is found by its name)",
    )
    parser.add_argument(
        "--write", action="store_true", help="replace each result file with its new verdicts"
    )
    parser.add_argument(
        "--corpus", default=None, help="judge this corpus's probe records again instead"
    )
    parser.add_argument(
        "--probes", default=None, help="with --corpus: comma-separated probes (e.g. v1,v2)"
    )
    parser.add_argument(
        "--run-id", default="probes", help="with --corpus: the probe run (default: probes)"
    )
    parser.add_argument(
        "--stamp-shipped",
        action="store_true",
        help="with --corpus: stamp the records judged again into the corpus's own sidecar",
    )
    parser.add_argument("--index", default=None, help="release index (default: the nearest)")
    parser.add_argument(
        "--work",
        default=".typedmemeval",
        help="the folder the runs kept their answers in (default .typedmemeval)",
    )


def _print_changes(where: str, changes: list[Change]) -> None:
    if not changes:
        print(f"{where}: every verdict reads as before")
        return
    print(f"{where}: {len(changes)} verdict(s) read differently")
    for change in changes[:LISTED]:
        print(f"  {change.question_id}: {change.before} -> {change.after}")
    if len(changes) > LISTED:
        print(f"  … and {len(changes) - LISTED} more")


def _answers_of(result: ResultFile, work: Path) -> Path:
    kinds = {reference_name(kind): kind for kind in REFERENCE_KINDS}
    system = kinds.get(result.system.name)
    if system is None:
        raise UsageError(
            f"{result.system.name} is not a reference system: name its kept answers with --answers"
        )
    return work / "runs" / result.corpus.corpus_id / system / result.run_id / "answers.jsonl"


def rejudge_results(args: argparse.Namespace) -> int:
    if args.answers is not None and len(args.results) != 1:
        raise UsageError("--answers names the kept answers of one result: name one result file")
    for given in args.results:
        path = Path(given)
        try:
            result = load_result(path)
        except InputError as exc:
            raise UsageError(str(exc)) from None
        if not isinstance(result, ResultFile):
            raise UsageError(f"{given}: an EE result file has no rules-judged rows to read again")
        resolved = resolve_corpus(result.corpus.corpus_id, args.index)
        answers = Path(args.answers) if args.answers else _answers_of(result, Path(args.work))
        try:
            fresh, changes = rejudge_result(result, resolved.corpus, answers)
        except RejudgeRefused as exc:
            raise UsageError(f"{given}: {exc}") from None
        _print_changes(given, changes)
        if args.write:
            text = dump_json(fresh.model_dump(mode="json")).encode()
            try:
                write_atomic(path, text, may_replace=True)
            except UnsafePath as exc:
                raise UsageError(str(exc)) from None
    if not args.write:
        print("nothing written (--write replaces the result files)")
    return 0


def rejudge_probes(args: argparse.Namespace) -> int:
    if args.results:
        raise UsageError("--corpus judges probe records again: name no result files with it")
    names = [n.strip().lower() for n in (args.probes or "").split(",") if n.strip()]
    unknown = [n for n in names if n not in PROBES]
    if unknown or not names:
        raise UsageError(f"--probes: name the probes to judge again among {', '.join(PROBES)}")
    resolved = resolve_corpus(args.corpus, args.index)
    corpus = resolved.corpus
    if corpus.sidecar is None:
        raise UsageError(f"{corpus.path} has no sidecar, so no records to judge again")
    samples = Path(args.work) / "probes" / resolved.corpus_id / args.run_id / "probe-samples.jsonl"
    records: dict[str, ProbeRecord] = {}
    for name in names:
        record = corpus.sidecar.probes.get(name)
        if record is None:
            raise UsageError(f"{corpus.path}: the sidecar has no {name} record")
        try:
            records[name], changes = rejudge_record(corpus, name, record, samples)
        except RejudgeRefused as exc:
            raise UsageError(f"{resolved.corpus_id}: {exc}") from None
        _print_changes(f"{resolved.corpus_id} {name}", changes)
    if not args.stamp_shipped:
        print("nothing stamped (--stamp-shipped writes the records into the shipped sidecar)")
        return 0
    return stamp_shipped_checked(resolved, records)


def run(args: argparse.Namespace) -> int:
    if args.corpus is not None:
        return rejudge_probes(args)
    if not args.results:
        raise UsageError("name result files to judge again, or --corpus with --probes")
    return rejudge_results(args)


COMMAND = Command(
    "rejudge",
    "read the verdicts of rules-judged runs and probe records again from their kept answers",
    configure,
    run,
)
