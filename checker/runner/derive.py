"""Probe records read from a reference run instead of asking the model again.

V8 (the whole haystack) and V9 (the BM25 top-K_ref sessions) show the reference model exactly
what the full-context and BM25 reference systems show it: the same sessions, rendered by the
same `answer_body`, with the same instructions, length limit, retriever and tie-break. At the
same model, temperature and seed, a probe run and a reference run of those systems therefore
send the same requests, and their judged outcomes are the same outcomes. `derive` reads such a
run's result file into the probe's record, with `derived_from` naming the file, after checking
that the run is one the probe would have made:

- it ran on these corpus bytes (the result's `corpus.sha256`);
- its system is the reference system of the probe, configured as the probe configures it (the
  result's configuration fingerprint equals the one such a system has now, which hashes the
  instructions, the length limit, K and the retriever), over timestamps-only grounding;
- at the probe's temperature and seed;
- over every question the probe applies to, each one asked: a row left unrun because the run
  was limited to a few questions is refused. A row unrun because the call failed (the prompt
  overflowed the model's window, the model returned no text) is `inconclusive`, which is what
  the probe records when its own call fails.

The checker re-derives every such record from the file it names (REC002), so a rerun that
changes an outcome, or a record edited by hand, is reported.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import PurePosixPath

from checker.family import K_REF
from checker.formats.result import ResultFile
from checker.formats.sidecar import ProbeRecord
from checker.load import LoadedCorpus
from checker.probes import applicable
from checker.runner.cache import request_key
from checker.runner.reference import ReferenceKind, ReferenceSystem, reference_name
from checker.runner.run import configuration_fingerprint
from checker.runner.system import Sampling

#: Probes whose every prompt is a reference system's prompt, and that system.
REFERENCE_OF: dict[str, ReferenceKind] = {"v8": "full-context", "v9": "bm25"}
#: A row left unrun because the run never asked it (`make reference LIMIT=`), not because
#: the call failed.
NOT_ASKED = "limit:"


class DerivationRefused(Exception):
    """The result file is not a run the probe would have made."""


class _Named:
    """The two things a reference system's description reads from its client."""

    def __init__(self, model: str) -> None:
        self.model = model
        self.cache = None


def expected_fingerprints(kind: ReferenceKind, model: str, sampling: Sampling) -> set[str]:
    """The configuration fingerprints a reference run of `kind` may carry today: the current
    one, and the one result files written before the fingerprint left the seed out carry (the
    same hash with the seed in; the configuration it hashes is the same)."""
    info = ReferenceSystem(kind, _Named(model), sampling).info  # type: ignore[arg-type]
    with_seed = request_key(
        {
            "name": info.name,
            "version": info.version,
            "answer_model": info.answer_model,
            "sampling": asdict(info.sampling),
            "configuration": dict(info.configuration),
        }
    )[:16]
    return {configuration_fingerprint(info), with_seed}


def source_path(text: str) -> PurePosixPath:
    """A `derived_from` path: relative, under `results/`, no step up."""
    path = PurePosixPath(text)
    if path.is_absolute() or ".." in path.parts or path.parts[:1] != ("results",):
        raise DerivationRefused(
            f"derived_from {text!r} must be a path under results/ relative to the release root"
        )
    return path


def derive(
    corpus: LoadedCorpus,
    probe: str,
    result: ResultFile,
    source: str,
    *,
    temperature: float = 0.0,
    seed: int = 0,
) -> ProbeRecord:
    """The record of `probe` that the reference run `result` (read from `source`, a path
    relative to the release root) amounts to; `DerivationRefused` with the reason when it is
    not a run the probe would have made."""
    source_path(source)
    kind = REFERENCE_OF.get(probe)
    if kind is None:
        known = ", ".join(f"{p} ({k})" for p, k in REFERENCE_OF.items())
        raise DerivationRefused(
            f"{probe} asks what no reference system asks; only {known} can be read from a "
            "reference run"
        )
    where = f"{source}: "
    if result.corpus.sha256 != corpus.sha256:
        raise DerivationRefused(
            f"{where}the run answered corpus bytes {result.corpus.sha256[:12]}…, not "
            f"{corpus.sha256[:12]}…; run it again on these bytes"
        )
    name = reference_name(kind, K_REF)
    if result.system.name != name:
        raise DerivationRefused(
            f"{where}{probe} is the {name} system's run, not {result.system.name}'s"
        )
    if result.grounding != "timestamps-only":
        raise DerivationRefused(
            f"{where}the run used {result.grounding} grounding; the probes show timestamps only"
        )
    asked = result.answer_sampling
    if asked.temperature != temperature or asked.seed != seed:
        raise DerivationRefused(
            f"{where}the run sampled at temperature {asked.temperature}, seed {asked.seed}; "
            f"{probe} asks at temperature {temperature}, seed {seed}"
        )
    sampling = Sampling(
        temperature=asked.temperature,
        seed=asked.seed,
        temperature_disposition=asked.temperature_disposition,
        seed_disposition=asked.seed_disposition,
    )
    expected = expected_fingerprints(kind, result.answer_model, sampling)
    if result.configuration_fingerprint not in expected:
        raise DerivationRefused(
            f"{where}configuration fingerprint {result.configuration_fingerprint}, but {name} "
            f"is configured as {' or '.join(sorted(expected))} today (its instructions, length "
            "limit, K or retriever changed since the run); run it again"
        )
    rows = {r.question_id: r for r in result.rows}
    ids = applicable(probe, corpus.questions)
    missing = [qid for qid in ids if qid not in rows]
    not_asked = [
        qid for qid in ids if qid in rows and (rows[qid].reason or "").startswith(NOT_ASKED)
    ]
    if missing or not_asked:
        short = (missing + not_asked)[:3]
        raise DerivationRefused(
            f"{where}{len(missing) + len(not_asked)} of the {len(ids)} questions {probe} applies "
            f"to were not asked in this run (e.g. {', '.join(short)}); a probe needs a run over "
            "every question"
        )
    outcomes = {
        qid: "inconclusive" if rows[qid].outcome == "unrun" else rows[qid].outcome for qid in ids
    }
    return ProbeRecord(
        status="measured",
        model=result.answer_model,
        date=result.run_date.isoformat(),
        temperature=temperature,
        seed=seed,
        corpus_sha256=corpus.sha256,
        derived_from=source,
        applicable=len(ids),
        outcomes=outcomes,
        judge_model=result.judge.model,
        judge_fingerprint=result.judge.fingerprint,
        samples=1,
    )
