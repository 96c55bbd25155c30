"""`typedmemeval run CORPUS`: run a system over a corpus, judge it, write a result file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from checker.api import Options, check_paths
from checker.commands import Command
from checker.commands._common import UsageError
from checker.commands._models import (
    EXIT_MEASURED_NOTHING,
    add_corpus,
    add_endpoint,
    answer_endpoint,
    check_common,
    judge_for,
    resolve_corpus,
    retry_policy,
)
from checker.reporters import REPORTERS
from checker.results.aggregate import aggregate
from checker.results.render import aggregate_lines
from checker.runner import preflight, safefiles, secrets
from checker.runner.cache import DiskCache
from checker.runner.client import CallStats, ModelClient
from checker.runner.http_system import HttpSystem, SystemInfoError
from checker.runner.localfiles import private_folder
from checker.runner.negotiate import context_window
from checker.runner.reference import REFERENCE_KINDS, ReferenceSystem
from checker.runner.run import RunPlan, run_corpus, system_slug
from checker.runner.system import Sampling, SystemUnderTest
from checker.runner.view import GROUNDINGS


def configure(parser: argparse.ArgumentParser) -> None:
    add_corpus(parser)
    chosen = parser.add_argument_group(
        "the system under test (one of)"
    ).add_mutually_exclusive_group(required=True)
    chosen.add_argument(
        "--system",
        choices=REFERENCE_KINDS,
        help="a reference system: the answer model (--model) with no memory, with the whole "
        "haystack, with the BM25 top-K_ref sessions, or with the gold sessions only (oracle)",
    )
    chosen.add_argument(
        "--system-url",
        metavar="URL",
        help="a system behind the JSON-over-HTTP adapter contract (docs/running.md)",
    )
    parser.add_argument(
        "--grounding",
        choices=GROUNDINGS,
        default="timestamps-only",
        help="timestamps as structured fields only (default), or also printed in the text",
    )
    parser.add_argument(
        "--run-id",
        required=True,
        help="the run's id (the result's file name): the same id resumes from the cache, a new "
        "id asks every model afresh (a band needs one id per run)",
    )
    parser.add_argument(
        "--out",
        default=None,
        help="the result file (default results/<vertical>/<system>/<run-id>.json)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace the file --out names if it exists (otherwise an existing file is refused)",
    )
    parser.add_argument(
        "--temperature", type=float, default=None, help="reference systems: answer temperature"
    )
    parser.add_argument("--seed", type=int, default=None, help="reference systems: answer seed")
    parser.add_argument(
        "--limit",
        type=int,
        default=None,
        metavar="N",
        help="ask only N questions, taken in turn from each shape; the others are recorded "
        "unrun (reason: limit)",
    )
    add_endpoint(parser, required_model=False)


def _system(
    args: argparse.Namespace, stats: CallStats, cache: DiskCache, namespace: str
) -> SystemUnderTest:
    if args.system_url:
        try:
            return HttpSystem(
                args.system_url, stats, timeout=max(args.timeout, 1.0), retry=retry_policy(args)
            )
        except SystemInfoError as exc:
            raise UsageError(secrets.mask(str(exc))) from None
    client = ModelClient(
        answer_endpoint(args),
        role="answer model",
        stats=stats,
        cache=cache,
        namespace=namespace,
        retry=retry_policy(args),
    )
    # What the provider did with a requested temperature or seed cannot be observed through
    # the API, so a requested one is recorded as `unknown`, never as honoured.
    sampling = Sampling(
        temperature=args.temperature,
        seed=args.seed,
        temperature_disposition="unknown" if args.temperature is not None else "not-requested",
        seed_disposition="unknown" if args.seed is not None else "not-requested",
    )
    # The window, where the server names one: a silently truncated prompt is then caught.
    client.context_window = context_window(client)[0]
    return ReferenceSystem(args.system, client, sampling)


def run(args: argparse.Namespace) -> int:
    check_common(args)
    secrets.register_configured(
        (args.api_key_env, args.judge_api_key_env),
        (args.base_url, args.judge_base_url, args.system_url),
    )
    try:
        preflight.check_run_id(args.run_id)
    except preflight.Refused as exc:
        raise UsageError(str(exc)) from None
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit must be at least 1")
    resolved = resolve_corpus(args.corpus, args.index)
    vertical = resolved.corpus.vertical()
    if vertical is None:
        raise UsageError(f"{args.corpus}: the corpus mixes verticals; run one vertical at a time")
    stats = CallStats()
    # One folder per corpus, system and run id, as the result file is per system and run id:
    # two systems run under one run id (`make reference`) keep their own answer files.
    work = Path(args.work) / "runs" / resolved.corpus_id / (args.system or "http") / args.run_id
    cache = DiskCache(work / "cache")
    namespace = f"{resolved.corpus_id}:{args.run_id}"
    # Every path the run will write, and everything its result will record, is checked before
    # the first model call (the judge's format negotiation is one): nothing the run accepts now
    # can be refused when it writes.
    try:
        private_folder(work)
        for name in ("answers.jsonl", "judge-raw.jsonl"):
            safefiles.check_target(work / name, may_replace=True)
    except safefiles.UnsafePath as exc:
        raise UsageError(str(exc)) from None
    system = _system(args, stats, cache, namespace)
    info = system.info
    out = (
        Path(args.out)
        if args.out
        else Path("results") / vertical / system_slug(info.name) / f"{args.run_id}.json"
    )
    plan = RunPlan(
        corpus=resolved.corpus,
        entry=resolved.entry,
        corpus_id=resolved.corpus_id,
        run_id=args.run_id,
        grounding=args.grounding,
        out=out,
        work=work,
        concurrency=args.concurrency,
        may_replace=bool(args.force or not args.out),
        limit=args.limit,
    )
    try:
        preflight.check_start(args.run_id, info)
        safefiles.check_target(out, may_replace=plan.may_replace)
    except (preflight.Refused, safefiles.UnsafePath) as exc:
        raise UsageError(str(exc)) from None
    try:
        if args.judge_model is not None:
            preflight.check_judge(args.judge_model)
    except preflight.Refused as exc:
        raise UsageError(str(exc)) from None
    judge = judge_for(args, stats, cache, namespace, resolved.corpus.questions)
    try:
        preflight.check_judge(judge.model)
    except preflight.Refused as exc:
        judge.close()
        raise UsageError(str(exc)) from None
    print(
        f"typedmemeval: running {info.name} {info.version} (answer model {info.answer_model}) on "
        f"{resolved.corpus_id}, {len(resolved.corpus.questions)} questions, grounding "
        f"{args.grounding}; judge {judge.model}; work folder {work}",
        file=sys.stderr,
    )
    try:
        outcome = run_corpus(plan, system, judge, stats)
    except safefiles.UnsafePath as exc:
        raise UsageError(f"{exc}; no result was written") from None
    finally:
        judge.close()
        if isinstance(system, ReferenceSystem):
            system.client.close()
    usage = stats.lines()
    if outcome.stopped is not None:
        for line in usage:
            print(line, file=sys.stderr)
        print(
            f"typedmemeval: the run stopped: {outcome.stopped}. {outcome.done} of "
            f"{outcome.total} questions were complete and every finished call is cached under "
            f"{work / 'cache'}; no result was written. Rerun the same command to resume.",
            file=sys.stderr,
        )
        return 2
    assert outcome.result is not None
    checked = check_paths([out], Options(index_path=resolved.index_path))
    if checked.findings or checked.errors:
        REPORTERS["text"](checked.findings, sys.stdout)
        for error in checked.errors:
            print(f"typedmemeval: {error}", file=sys.stderr)
        print(
            f"typedmemeval: the result {out} does not pass `typedmemeval check`; this is a bug "
            "in the runner (please report it with the findings above)",
            file=sys.stderr,
        )
        return 1
    figures = aggregate(outcome.result, resolved.corpus)
    print("\n".join(aggregate_lines(figures)))
    print("")
    for line in usage:
        print(line)
    if outcome.adjusted:
        print(
            f"verdicts where a declared rule changed the judge's label: {outcome.adjusted} "
            f"(each listed in {outcome.files['judge']})"
        )
    if outcome.unknown_handles:
        print(
            f"evidence envelopes named {outcome.unknown_handles} session id(s) the question does "
            "not have (ignored)"
        )
    print(f"wrote {out} (it passes `typedmemeval check`)")
    print(
        f"answer texts: {outcome.files['answers']}; raw judge replies: {outcome.files['judge']} "
        "(sensitive: keep them local, never submit them)"
    )
    if figures.measured_nothing:
        print(
            f"typedmemeval: this run measured nothing: all {figures.overall.vector.n} rows are "
            "inconclusive or unrun (exit 11)",
            file=sys.stderr,
        )
        return EXIT_MEASURED_NOTHING
    return 0


COMMAND = Command(
    "run",
    "run a system (a reference system or one behind the HTTP adapter) over a corpus, judge "
    "every answer, and write a result file",
    configure,
    run,
)
