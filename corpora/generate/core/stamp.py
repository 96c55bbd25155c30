"""Corpus bytes, sidecar and release-index entry, all from the checker's own measurements.

The generator never computes a figure it stamps: structure and ceilings come from
`checker.rules.structure`, coverage, scaffolding and the ladder from `checker.retrieval`,
separability from `checker.separability`. The checker re-measures every one of them in CI, so
a stamp is only ever a copy of what the instrument says about these exact bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.family import K_REF, corpus_id
from checker.formats.corpus import Question
from checker.formats.separability import Exemption
from checker.formats.sidecar import (
    GeneratorInfo,
    IndexEntry,
    NamePools,
    ProbeRecord,
    ReleaseIndex,
    Sidecar,
)
from checker.io import dump_json, sha256_bytes
from checker.load import LoadedCorpus
from checker.probes import HASH_BOUND
from checker.retrieval import measure_ladder, measure_scaffolding, published_coverage
from checker.rules.structure import measure_structure
from checker.separability import measure_separability

#: Model-dependent probes a sidecar records (SPEC §6), and why each is unmeasured until a
#: probe run stamps it: what it costs with the reference model on two CPU cores.
_HOW = (
    "; `typedmemeval probe CORPUS --probes NAME --stamp-shipped` runs it against any "
    "OpenAI-compatible endpoint and stamps model, date and this corpus's hash into this sidecar"
)
UNMEASURED = {
    "v1": "not yet run with the reference model: the gold sessions of every question once "
    "(SmolLM2-135M-Instruct answers about 175 such questions an hour on two CPU cores)" + _HOW,
    "v2": "not yet run with the reference model: every question ten times with no context" + _HOW,
    "v3": "not yet run with the reference model: every question three times over its whole "
    "haystack less the gold sessions, three times the cost of a full-context run (about an "
    "hour a vertical for one pass on two CPU cores)" + _HOW,
    "v6": "not yet run with the reference model: three samples per load-bearing component, "
    "each over the gold sessions with that component left out" + _HOW,
    "v8": "not yet run with the reference model as a probe: the whole haystack of every "
    "question once, up to about an hour a vertical on two CPU cores (the full-context reference "
    "runs on the results pages ask the same)" + _HOW,
    "v9": "not yet run with the reference model as a probe: the BM25 top-K_ref sessions of "
    "every question once, 20 to 30 minutes a vertical on two CPU cores (the bm25 reference "
    "runs on the results pages ask the same)" + _HOW,
    "paraphrase": "not yet run: the screen for answers restated in other words needs a model "
    "that reads paraphrase; `typedmemeval probe` does not run it, and only the lexical screen "
    "of the checker's leak rules runs here",
}
PROBES = tuple(UNMEASURED)
STATUS = "draft"


def corpus_text(questions: Sequence[Question]) -> str:
    """The corpus file's exact text: sorted keys, absent optional fields left out."""
    return dump_json([q.model_dump(mode="json", exclude_none=True) for q in questions])


def in_memory(
    questions: Sequence[Question], path: Path = Path("<memory>")
) -> tuple[str, LoadedCorpus]:
    """The corpus text and a `LoadedCorpus` over exactly those bytes, as if read from `path`."""
    text = corpus_text(questions)
    corpus = LoadedCorpus(
        path=path, sha256=sha256_bytes(text.encode()), questions=list(questions), mode="ours"
    )
    return text, corpus


def stamp_validated(questions: Sequence[Question], v1: ProbeRecord | None = None) -> list[Question]:
    """Copy the ladder test's verdict into every banded question's `difficulty_validated`
    (set by the checker's measurement, never by hand); the ladder reads the oracle's flatness
    from `v1` when it is a measured record of these questions."""
    _, corpus = in_memory(questions)
    verdicts = {v.dial: v.validated for v in measure_ladder(corpus, v1=v1).verdicts}
    out = []
    for q in questions:
        block = q.typedmemeval
        if block.difficulty is not None and block.difficulty_dial:
            block = block.model_copy(
                update={"difficulty_validated": verdicts[block.difficulty_dial]}
            )
            q = q.model_copy(update={"typedmemeval": block})
        out.append(q)
    return out


def sidecar_for(
    corpus: LoadedCorpus,
    *,
    vertical: str,
    revision: str,
    generator: GeneratorInfo,
    exemptions: Sequence[Exemption],
    pinned_positions: str | None,
    name_pools: NamePools | None = None,
    measured: Mapping[str, ProbeRecord] | None = None,
) -> Sidecar:
    """Every measurement the checker makes of these bytes, stamped, with the `measured` probe
    records (from `still_measured`) bound to these bytes and the ladder read through V1."""
    records = bound_to(measured or {}, corpus.sha256)
    structure, ceiling = measure_structure(corpus, K_REF)
    if pinned_positions and structure.pinned_positions is None:
        structure = structure.model_copy(update={"pinned_positions": pinned_positions})
    return Sidecar(
        corpus_id=corpus_id(vertical, revision),
        vertical=vertical,
        revision=revision,
        question_count=len(corpus.questions),
        corpus_sha256=corpus.sha256,
        generator=generator,
        k_ref=K_REF,
        structure=structure,
        ceiling=ceiling,
        exemptions=list(exemptions),
        coverage=published_coverage(corpus),
        scaffolding=measure_scaffolding(corpus, None),
        ladder=measure_ladder(corpus, v1=records.get("v1")),
        separability=measure_separability(
            corpus, list(exemptions), adversary=True, seed=0, haystack=True, metadata=True
        ),
        probes={
            name: records.get(name) or ProbeRecord(status="unmeasured", reason=UNMEASURED[name])
            for name in PROBES
        },
        name_pools=name_pools,
    )


#: Question fields no probe prompt shows and no judge reads. The difficulty flag is the ladder's
#: verdict, and the ladder reads the V1 record: a probe record survives a regeneration that
#: changes only these, since every question asks exactly what it asked when the probe ran.
PROMPT_BLIND = frozenset({"difficulty_validated"})


@dataclass(frozen=True)
class Earlier:
    """A corpus already on disk with its sidecar: what its measured probe records measured."""

    sidecar: Sidecar
    questions: list[Question]


def _asked(question: Question) -> dict[str, Any]:
    """The question as any probe or judge can see it: every field but `PROMPT_BLIND`."""
    data: dict[str, Any] = question.model_dump(mode="json", exclude_none=True)
    block = data.get("typedmemeval")
    if isinstance(block, dict):
        data["typedmemeval"] = {k: v for k, v in block.items() if k not in PROMPT_BLIND}
    return data


def still_measured(
    earlier: Earlier | None, questions: Sequence[Question]
) -> dict[str, ProbeRecord]:
    """The measured probe records of `earlier` that hold for `questions`.

    A probe record is a measurement by a model, which no generator can make. It holds when it
    names the earlier bytes and the new questions ask exactly what the earlier ones asked: the
    same questions in the same order, equal in every field but `PROMPT_BLIND`. Regenerating
    the same bytes keeps every record; regenerating with the ladder now reading a measured V1
    (the difficulty flags change, nothing asked does) keeps them too; anything else drops them
    back to the generator's `unmeasured` (they measured something else)."""
    if earlier is None or len(earlier.questions) != len(questions):
        return {}
    if any(_asked(a) != _asked(b) for a, b in zip(earlier.questions, questions, strict=True)):
        return {}
    return {
        name: record
        for name, record in earlier.sidecar.probes.items()
        if record.status == "measured" and record.corpus_sha256 == earlier.sidecar.corpus_sha256
    }


def bound_to(records: Mapping[str, ProbeRecord], sha256: str) -> dict[str, ProbeRecord]:
    """`records` naming the bytes `sha256`; one carried from other bytes says which it ran on
    (`carried_from`, the first bytes it measured, kept through later carries). A `HASH_BOUND`
    probe's record of other bytes is dropped: its prompts would differ now. So is a record read
    from a reference run (`derived_from`): that run names the other bytes, and the record is read
    again from the run made on these."""
    out: dict[str, ProbeRecord] = {}
    for name, record in records.items():
        if record.corpus_sha256 != sha256:
            if name in HASH_BOUND or record.derived_from is not None:
                continue
            ran_on = record.carried_from or record.corpus_sha256
            carried = None if ran_on == sha256 else ran_on
            record = record.model_copy(update={"corpus_sha256": sha256, "carried_from": carried})
        out[name] = record
    return out


def sidecar_text(sidecar: Sidecar) -> str:
    return dump_json(sidecar.model_dump(mode="json"))


def corpus_file(vertical: str, revision: str) -> str:
    """Path of a corpus relative to the corpora folder."""
    return f"{vertical}/{corpus_id(vertical, revision)}.json"


def sidecar_file(vertical: str, revision: str) -> str:
    return f"{vertical}/{corpus_id(vertical, revision)}.meta.json"


def index_entry(sidecar: Sidecar) -> IndexEntry:
    return IndexEntry(
        vertical=sidecar.vertical,
        revision=sidecar.revision,
        status=STATUS,
        file=corpus_file(sidecar.vertical, sidecar.revision),
        sha256=sidecar.corpus_sha256,
        question_count=sidecar.question_count,
        shape_counts=sidecar.structure.shape_counts,
    )


def with_entry(index: ReleaseIndex | None, sidecar: Sidecar) -> ReleaseIndex:
    """The release index with this corpus's entry added or replaced, others kept."""
    corpora = dict(index.corpora) if index is not None else {}
    corpora[sidecar.corpus_id] = index_entry(sidecar)
    return ReleaseIndex(corpora=dict(sorted(corpora.items())))


def index_text(index: ReleaseIndex) -> str:
    return dump_json(index.model_dump(mode="json"))
