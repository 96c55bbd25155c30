"""`typedmemeval probe CORPUS`: the model probes with a reference model; records, and a stamped
sidecar copy on request."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from checker.api import Options, check_paths
from checker.commands import Command
from checker.commands._common import UsageError
from checker.commands._models import (
    EXIT_MEASURED_NOTHING,
    ResolvedCorpus,
    add_corpus,
    add_endpoint,
    answer_endpoint,
    check_common,
    judge_for,
    resolve_corpus,
    retry_policy,
)
from checker.formats.result import ResultFile
from checker.formats.sidecar import ProbeRecord
from checker.io import InputError, dump_json
from checker.probes import PROBES, report_lines, sample_lines
from checker.reporters import REPORTERS
from checker.results.validate import load_result
from checker.runner import preflight
from checker.runner.cache import DiskCache
from checker.runner.client import CallStats, ModelClient
from checker.runner.derive import REFERENCE_OF, DerivationRefused, derive
from checker.runner.localfiles import private_folder
from checker.runner.negotiate import negotiate
from checker.runner.probe import (
    ProbeSettings,
    StampRefused,
    run_probes,
    stamp_copy,
    stamp_shipped,
)
from checker.runner.reference import reference_name
from checker.runner.safefiles import UnsafePath, write_atomic


def configure(parser: argparse.ArgumentParser) -> None:
    add_corpus(parser, optional=True)
    parser.add_argument(
        "--endpoint",
        action="store_true",
        help="probe the endpoint itself, not a corpus: which structured output it honours "
        "(json_schema, json_object_schema, json_object or none) and the context window it names, then exit",
    )
    parser.add_argument(
        "--probes",
        default=",".join(PROBES),
        help=f"comma-separated probes to run (default: {','.join(PROBES)})",
    )
    parser.add_argument(
        "--run-id",
        default="probes",
        help="the probe run's id: the same id resumes from the cache, a new id asks afresh "
        "(default: probes)",
    )
    parser.add_argument(
        "--stamp",
        metavar="DIR",
        default=None,
        help="write a copy of the corpus and of its sidecar with the records stamped in, into "
        "DIR (the shipped sidecar untouched); `typedmemeval check DIR/<corpus>.json` checks them",
    )
    parser.add_argument(
        "--stamp-shipped",
        action="store_true",
        help="stamp the records into the corpus's own sidecar (the records of probes not run "
        "are kept); the corpus bytes are unchanged and regenerating them keeps the records",
    )
    parser.add_argument(
        "--temperature", type=float, default=0.0, help="V1, V8, V9 temperature (default 0)"
    )
    parser.add_argument(
        "--sample-temperature",
        type=float,
        default=1.0,
        help="V2, V3, V6 temperature, so that samples can differ (default 1)",
    )
    parser.add_argument("--seed", type=int, default=0, help="sample i uses seed + i (default 0)")
    parser.add_argument(
        "--from-results",
        nargs="+",
        metavar="RESULT",
        default=None,
        help="read V8 and V9 from reference runs instead of asking the model again: a "
        "full-context run is V8, a BM25 top-K_ref run V9, when it ran on these bytes over every "
        "question at the probe's temperature and seed (their requests are the probe's); each "
        "record names its file (`derived_from`), a path under results/ of the release",
    )
    add_endpoint(parser, required_model=False)


def _records_check(stamped: Path) -> bool:
    """The record rules on a freshly stamped corpus; prints what they find, True when clean."""
    checked = check_paths([stamped], Options(select=["REC"]))
    if checked.findings or checked.errors:
        REPORTERS["text"](checked.findings, sys.stdout)
        for error in checked.errors:
            print(f"typedmemeval: {error}", file=sys.stderr)
        return False
    return True


def probe_endpoint(args: argparse.Namespace) -> int:
    """`probe --endpoint`: the preflight a run makes, printed."""
    client = ModelClient(
        answer_endpoint(args),
        role="reference model",
        stats=CallStats(),
        cache=None,
        namespace="preflight",
        retry=retry_policy(args),
    )
    try:
        result = negotiate(client)
    finally:
        client.close()
    print(f"endpoint {client.endpoint.base_url}, model {client.model}:")
    for line in result.lines():
        print(f"  {line}")
    if result.attempts and all(a.status == 0 for a in result.attempts):
        print("typedmemeval: the endpoint did not answer", file=sys.stderr)
        return 2
    return 0


def run(args: argparse.Namespace) -> int:
    check_common(args)
    if args.endpoint:
        return probe_endpoint(args)
    if args.corpus is None:
        raise UsageError("name a corpus to probe, or pass --endpoint to probe the endpoint")
    names = tuple(dict.fromkeys(n.strip().lower() for n in args.probes.split(",") if n.strip()))
    unknown = [n for n in names if n not in PROBES]
    if unknown or not names:
        raise UsageError(f"unknown probe(s) {', '.join(unknown)}; known: {', '.join(PROBES)}")
    try:
        preflight.check_run_id(args.run_id)
    except preflight.Refused as exc:
        raise UsageError(str(exc)) from None
    resolved = resolve_corpus(args.corpus, args.index)
    corpus = resolved.corpus
    if args.from_results is not None:
        return from_results(args, resolved, names)
    if args.model is None:
        raise UsageError(
            "--model is required to run the probes (or read V8/V9 with --from-results)"
        )
    if args.stamp and args.stamp_shipped:
        raise UsageError(
            "--stamp DIR writes a copy and --stamp-shipped the corpus's own sidecar: choose one"
        )
    if args.stamp and Path(args.stamp).resolve() == corpus.path.resolve().parent:
        raise UsageError(
            f"--stamp {args.stamp} is the corpus's own folder; to stamp the shipped sidecar "
            "say so with --stamp-shipped"
        )
    if args.stamp_shipped and corpus.sidecar is None:
        raise UsageError(f"--stamp-shipped: {corpus.path} has no sidecar beside it to stamp")
    stats = CallStats()
    try:
        work = private_folder(Path(args.work) / "probes" / resolved.corpus_id / args.run_id)
    except UnsafePath as exc:
        raise UsageError(str(exc)) from None
    cache = DiskCache(work / "cache")
    namespace = f"probe:{resolved.corpus_id}:{args.run_id}"
    judge = judge_for(args, stats, cache, namespace, corpus.questions)
    client = ModelClient(
        answer_endpoint(args),
        role="reference model",
        stats=stats,
        cache=cache,
        namespace=namespace,
        retry=retry_policy(args),
    )
    settings = ProbeSettings(
        probes=names,
        temperature=args.temperature,
        sample_temperature=args.sample_temperature,
        seed=args.seed,
        concurrency=args.concurrency,
    )
    print(
        f"typedmemeval: probing {resolved.corpus_id} ({len(corpus.questions)} questions) with "
        f"{client.model}; judge {judge.model}; probes {', '.join(names)}; work folder "
        f"{work}",
        file=sys.stderr,
    )
    try:
        outcome = run_probes(corpus, client, judge, stats, settings, work=work)
    finally:
        client.close()
        judge.close()
    usage = stats.lines()
    if outcome.stopped is not None:
        for line in usage:
            print(line, file=sys.stderr)
        print(
            f"typedmemeval: the probe run stopped: {outcome.stopped}. {outcome.done} of "
            f"{outcome.total} samples were complete and every finished call is cached under "
            f"{work / 'cache'}; no record was written. Rerun the same command to resume.",
            file=sys.stderr,
        )
        return 2
    records = outcome.records
    records_path = work / "records.json"
    dumped = {name: r.model_dump(mode="json") for name, r in records.items()}
    write_atomic(records_path, dump_json(dumped).encode(), may_replace=True)
    print(f"{resolved.corpus_id} (sha256 {corpus.sha256}), reference model {client.model}:")
    for line in report_lines(
        {n: r.outcomes for n, r in records.items()},
        corpus.questions,
        {n: r.pairs for n, r in records.items()},
        sample_lines(records, corpus.questions),
    ):
        print(line)
    print("")
    for line in usage:
        print(line)
    print(f"records: {records_path}")
    print(
        f"answers and raw judge replies: {work / 'probe-samples.jsonl'} (sensitive: keep them "
        "local)"
    )
    measured = sum(v != "inconclusive" for r in records.values() for v in r.outcomes.values())
    if measured == 0:
        print(
            "typedmemeval: the probes measured nothing: every applicable question is "
            "inconclusive, so nothing was stamped (exit 11)",
            file=sys.stderr,
        )
        return EXIT_MEASURED_NOTHING
    code = 0
    if args.stamp or args.stamp_shipped:
        try:
            if args.stamp_shipped:
                replaced = [
                    f"{n} ({p.model}, {p.date})"
                    for n, p in sorted(corpus.sidecar.probes.items() if corpus.sidecar else [])
                    if n in records and p.status == "measured"
                ]
                stamped = stamp_shipped(
                    corpus, records, resolved.index_path.parent / resolved.entry.file
                )
                if replaced:
                    print(f"replaced the measured record(s) {', '.join(replaced)}")
            else:
                stamped = stamp_copy(corpus, records, Path(args.stamp))
        except (StampRefused, UnsafePath) as exc:
            raise UsageError(str(exc)) from None
        if not _records_check(stamped):
            code = 1
        where = "the shipped sidecar of" if args.stamp_shipped else "a sidecar copy beside"
        print(
            f"stamped {', '.join(sorted(records))} into {where} {stamped}; "
            f"`typedmemeval check {stamped}` reads them together"
        )
        if args.stamp_shipped and "v1" in records:
            print(
                "V1 feeds the difficulty ladder: `typedmemeval generate --vertical "
                f"{resolved.entry.vertical}` re-stamps the ladder record and the difficulty flags "
                "from it, keeping the probe records (until then `check` reports CAL003/CAL004)"
            )
    return code


def from_results(args: argparse.Namespace, resolved: ResolvedCorpus, names: tuple[str, ...]) -> int:
    """`probe --from-results`: V8 and V9 read from reference runs, printed, and stamped into the
    shipped sidecar with `--stamp-shipped`."""
    corpus = resolved.corpus
    if args.stamp:
        raise UsageError(
            "--from-results records name a file under results/ of the corpus's release, so they "
            "are stamped into the shipped sidecar only: use --stamp-shipped"
        )
    if args.stamp_shipped and corpus.sidecar is None:
        raise UsageError(f"--stamp-shipped: {corpus.path} has no sidecar beside it to stamp")
    above = corpus.path.resolve().parents
    root = above[2] if len(above) > 2 else above[-1]
    records: dict[str, ProbeRecord] = {}
    for given in args.from_results:
        path = Path(given).resolve()
        try:
            source = path.relative_to(root).as_posix()
        except ValueError:
            raise UsageError(
                f"{given}: not under {root}, the release of {corpus.path.name}; name a file under "
                "its results/ folder"
            ) from None
        try:
            result = load_result(path)
        except InputError as exc:
            raise UsageError(str(exc)) from None
        if not isinstance(result, ResultFile):
            raise UsageError(f"{given}: an EE result file is no reference run")
        probe = next(
            (p for p, kind in REFERENCE_OF.items() if result.system.name == reference_name(kind)),
            None,
        )
        if probe is None or probe not in names:
            wanted = ", ".join(
                f"{p} ← {reference_name(k)}" for p, k in REFERENCE_OF.items() if p in names
            )
            raise UsageError(
                f"{given}: {result.system.name} answers none of the probes asked for ({wanted or 'none'})"
            )
        if probe in records:
            raise UsageError(f"{given}: {probe} is already read from {records[probe].derived_from}")
        try:
            records[probe] = derive(
                corpus, probe, result, source, temperature=args.temperature, seed=args.seed
            )
        except DerivationRefused as exc:
            raise UsageError(str(exc)) from None
    empty = [n for n, r in records.items() if all(o == "inconclusive" for o in r.outcomes.values())]
    for name in empty:
        print(
            f"typedmemeval: {name} from {records.pop(name).derived_from} measured nothing: every "
            "question it applies to is inconclusive (the run's calls failed, e.g. every prompt "
            "overflowed the model's window), so it is not stamped",
            file=sys.stderr,
        )
    if not records:
        return EXIT_MEASURED_NOTHING
    print(f"{resolved.corpus_id} (sha256 {corpus.sha256}), read from reference runs:")
    for line in report_lines(
        {n: r.outcomes for n, r in records.items()},
        corpus.questions,
        {n: r.pairs for n, r in records.items()},
    ):
        print(line)
    for name, record in sorted(records.items()):
        print(f"{name}: {record.model}, {record.date}, from {record.derived_from}")
    if not args.stamp_shipped:
        return 0
    return stamp_shipped_checked(resolved, records)


def stamp_shipped_checked(resolved: ResolvedCorpus, records: dict[str, ProbeRecord]) -> int:
    """Stamp `records` into the corpus's own sidecar, run the record rules on it, and say so:
    0 when they find nothing, 1 when they do (the stamp is written either way)."""
    try:
        stamped = stamp_shipped(
            resolved.corpus, records, resolved.index_path.parent / resolved.entry.file
        )
    except (StampRefused, UnsafePath) as exc:
        raise UsageError(str(exc)) from None
    if not _records_check(stamped):
        return 1
    print(f"stamped {', '.join(sorted(records))} into the shipped sidecar of {stamped}")
    return 0


COMMAND = Command(
    "probe",
    "run the model probes (V1, V2, V3, V6, V8, V9) with a reference model and the family judge",
    configure,
    run,
)
