"""Options shared by `run` and `probe`: the corpus, the model endpoints, the judge, retries."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.api import find_index
from checker.commands._common import UsageError
from checker.formats.corpus import Question
from checker.formats.sidecar import IndexEntry
from checker.io import InputError
from checker.load import LoadedCorpus, load_index
from checker.results.validate import load_indexed_corpus
from checker.runner.cache import DiskCache, request_key
from checker.runner.client import CallStats, Endpoint, ModelClient, RetryPolicy
from checker.runner.judge import (
    RESPONSE_FORMATS,
    AnyJudge,
    Judge,
    JudgeSettings,
    ResponseFormat,
)
from checker.runner.negotiate import negotiate
from checker.runner.rules import RulesJudge

#: Exit status of a run or probe that measured nothing.
EXIT_MEASURED_NOTHING = 11


def add_corpus(parser: argparse.ArgumentParser, *, optional: bool = False) -> None:
    parser.add_argument(
        "corpus",
        nargs="?" if optional else None,
        help="a corpus id from the release index (e.g. typedmemeval-forgetting-2026.12) or the "
        "path of a corpus file the index lists",
    )
    parser.add_argument(
        "--index", default=None, help="release index (default: corpora/index.json or the nearest)"
    )


def add_endpoint(parser: argparse.ArgumentParser, *, required_model: bool) -> None:
    group = parser.add_argument_group("model endpoint (any OpenAI-compatible server)")
    group.add_argument(
        "--base-url",
        default=None,
        help="the endpoint's base URL, e.g. http://localhost:11434/v1 (default: the openai "
        "package's, or OPENAI_BASE_URL)",
    )
    group.add_argument("--model", required=required_model, default=None, help="the model name")
    group.add_argument(
        "--api-key-env",
        default="OPENAI_API_KEY",
        metavar="NAME",
        help="environment variable holding the API key (default OPENAI_API_KEY)",
    )
    group.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds per call, from connecting to the last byte of the reply (default 60)",
    )
    group.add_argument(
        "--concurrency", type=int, default=8, help="questions in flight at once (default 8)"
    )
    group.add_argument(
        "--retries", type=int, default=6, help="attempts per call before giving up (default 6)"
    )
    group.add_argument(
        "--retry-base",
        type=float,
        default=0.5,
        help="backoff base in seconds; attempt k waits up to base·2^k (default 0.5)",
    )
    judge = parser.add_argument_group("the family judge")
    judge.add_argument(
        "--judge",
        choices=("model", "rules"),
        default="model",
        help="a model reads each answer (default; needs --judge-model), or the deterministic "
        "rules of each vertical's profile do (no model, no calls)",
    )
    judge.add_argument("--judge-model", default=None, help="the judge's model name")
    judge.add_argument(
        "--judge-base-url", default=None, help="the judge's endpoint (default: --base-url)"
    )
    judge.add_argument(
        "--judge-api-key-env",
        default=None,
        metavar="NAME",
        help="environment variable with the judge's key (default: --api-key-env)",
    )
    judge.add_argument(
        "--judge-response-format",
        choices=("auto", *RESPONSE_FORMATS),
        default="auto",
        help="how the judge is asked for JSON: auto (default: a preflight tries json_schema, "
        "then json_object with the schema, then bare json_object, then the prompt alone, and keeps the first the endpoint honours), "
        "or one of them; the reply is validated against the schema either way",
    )
    judge.add_argument(
        "--judge-temperature", type=float, default=0.0, help="the judge's temperature (default 0)"
    )
    parser.add_argument(
        "--work",
        default=".typedmemeval",
        help="folder for the response cache and the sensitive local files (default .typedmemeval)",
    )


@dataclass(frozen=True)
class ResolvedCorpus:
    corpus: LoadedCorpus
    entry: IndexEntry
    corpus_id: str
    index_path: Path


def resolve_corpus(value: str, index_option: str | None) -> ResolvedCorpus:
    """A corpus id or path → the index entry and the loaded corpus (with its sidecar)."""
    as_path = Path(value)
    if index_option:
        index_path: Path | None = Path(index_option)
    elif as_path.suffix == ".json":
        index_path = find_index(as_path)
    else:
        default = Path("corpora") / "index.json"
        index_path = default if default.is_file() else find_index(Path.cwd())
    if index_path is None or not index_path.is_file():
        raise UsageError("no release index found; pass --index corpora/index.json")
    index = load_index(index_path)
    if as_path.suffix == ".json":
        if not as_path.is_file():
            raise InputError(as_path, "no such corpus file")
        target = as_path.resolve()
        found = [
            (cid, e)
            for cid, e in index.corpora.items()
            if (index_path.parent / e.file).resolve() == target
        ]
        if not found:
            raise UsageError(
                f"{value} is not listed in the release index {index_path}; a result over a "
                "corpus outside the index is refused, so run on a listed corpus"
            )
        corpus_id, entry = found[0]
    else:
        corpus_id = value
        listed = index.corpora.get(value)
        if listed is None:
            known = ", ".join(sorted(index.corpora)) or "none"
            raise UsageError(f"corpus id {value!r} is not in {index_path} (known: {known})")
        entry = listed
    corpus = load_indexed_corpus(index_path, entry)
    return ResolvedCorpus(corpus, entry, corpus_id, index_path)


_WARNED: set[str] = set()


def api_key(env_name: str) -> str:
    """The key from the named environment variable. Local servers often need none: then a
    placeholder is sent, and a server that does need one answers 401 (the run stops)."""
    value = os.environ.get(env_name, "")
    if not value:
        if env_name in _WARNED:
            return "not-set"
        _WARNED.add(env_name)
        print(
            f"typedmemeval: ${env_name} is not set; sending a placeholder key (fine for a local "
            "server that needs none)",
            file=sys.stderr,
        )
        return "not-set"
    return value


def retry_policy(args: argparse.Namespace) -> RetryPolicy:
    if args.retries < 1:
        raise UsageError("--retries must be at least 1")
    return RetryPolicy(attempts=args.retries, base=args.retry_base)


def check_common(args: argparse.Namespace) -> None:
    if args.concurrency < 1:
        raise UsageError("--concurrency must be at least 1")
    if args.timeout <= 0:
        raise UsageError("--timeout must be positive")


def default_base_url() -> str:
    return os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"


def judge_for(
    args: argparse.Namespace,
    stats: CallStats,
    cache: DiskCache,
    namespace: str,
    questions: Sequence[Question] = (),
) -> AnyJudge:
    """The judge from the options: the rules judge over the corpus's questions, or a model
    judge whose structured-output format is negotiated once per run (and kept in the run's
    cache, so a resumed run asks the same way)."""
    if args.judge == "rules":
        return RulesJudge(questions)
    if not args.judge_model:
        raise UsageError("--judge-model is required with the model judge (or pass --judge rules)")
    endpoint = Endpoint(
        base_url=args.judge_base_url or args.base_url or default_base_url(),
        model=args.judge_model,
        api_key=api_key(args.judge_api_key_env or args.api_key_env),
        timeout=args.timeout,
    )
    client = ModelClient(
        endpoint,
        role="judge",
        stats=stats,
        cache=cache,
        namespace=namespace,
        retry=retry_policy(args),
    )
    response_format = args.judge_response_format
    if response_format == "auto":
        response_format = negotiated_format(client, cache)
    settings = JudgeSettings(
        model=args.judge_model,
        temperature=args.judge_temperature,
        response_format=response_format,
    )
    return Judge(client, settings)


def negotiated_format(client: ModelClient, cache: DiskCache) -> ResponseFormat:
    """The judge endpoint's structured-output format: from the run's cache, or by the preflight
    (printed, then cached)."""
    key = request_key({"negotiation": client.endpoint.base_url, "model": client.model})
    hit = cache.get(key)
    if hit is not None and hit.get("response_format") in RESPONSE_FORMATS:
        found: ResponseFormat = hit["response_format"]
        return found
    result = negotiate(client)
    for line in result.lines():
        print(f"typedmemeval: judge preflight: {line}", file=sys.stderr)
    cache.put(key, {"response_format": result.response_format})
    return result.response_format


def answer_endpoint(args: argparse.Namespace) -> Endpoint:
    if not args.model:
        raise UsageError("--model is required for a reference system or a probe")
    return Endpoint(
        base_url=args.base_url or default_base_url(),
        model=args.model,
        api_key=api_key(args.api_key_env),
        timeout=args.timeout,
    )
