"""Identity (R-ID): corpus ids, revisions, the release index, hashes, and the identity guard."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checker.context import CorpusContext
from checker.findings import Violation
from checker.formats.ids import CORPUS_ID_RE, REVISION_RE
from checker.lookalikes import carries_forbidden_name
from checker.registry import rule


def identifier_fields(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string field of a model dump except free prose (message content, question, answer)."""
    prose = {"content", "question", "answer", "reason", "why", "summary", "expression"}
    if isinstance(value, dict):
        for k, v in value.items():
            if k in prose:
                continue
            yield from identifier_fields(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from identifier_fields(v, f"{path}[{i}]")
    elif isinstance(value, str):
        yield path, value


@rule("IDN001", "identity-guard", example="field question_type carries the token 'longmemeval'")
def identity_guard(ctx: CorpusContext) -> Iterator[Violation]:
    """No identifier or record field of a corpus or sidecar carries the token `longmemeval`, in
    any spelling a reader takes for it (any case, look-alike letters, hidden characters).

    This family's bytes must never be citable under another benchmark's name; prose on the site may
    name LongMemEval only in the citation rule and the format lineage. The match is made on what
    a reader sees (`checker.lookalikes`), so `LongMemEvaI` or a Cyrillic `о` does not pass."""
    for q in ctx.corpus.questions:
        for field, value in identifier_fields(q.model_dump(exclude={"haystack_sessions"})):
            if carries_forbidden_name(value):
                yield Violation(q.question_id, f"field {field} carries the token 'longmemeval'")
    sc = ctx.corpus.sidecar
    if sc is not None:
        for field, value in identifier_fields(sc.model_dump()):
            if carries_forbidden_name(value):
                yield Violation(None, f"sidecar field {field} carries the token 'longmemeval'")


@rule(
    "IDN002",
    "corpus-id",
    example="corpus id 'agenteval-typedmemeval-forgetting-v5' is not in the release index",
)
def corpus_id(ctx: CorpusContext) -> Iterator[Violation]:
    """The corpus id is `typedmemeval-<vertical>-<revision>` with a calendar revision, names its
    own file, and is listed in the release index.

    Revisions are calendar labels so our bytes can never be cited under another publisher's
    revision label."""
    sc = ctx.corpus.sidecar
    if sc is None:
        return
    m = CORPUS_ID_RE.match(sc.corpus_id)
    if not m:
        yield Violation(
            None, f"corpus id {sc.corpus_id!r} does not match typedmemeval-<vertical>-<revision>"
        )
        return
    if m["vertical"] != sc.vertical or m["revision"] != sc.revision:
        yield Violation(
            None,
            f"corpus id {sc.corpus_id!r} disagrees with vertical {sc.vertical!r} / revision {sc.revision!r}",
        )
    if not REVISION_RE.match(sc.revision):
        yield Violation(None, f"revision {sc.revision!r} is not a calendar label like 2026.12")
    if ctx.corpus.path.name != f"{sc.corpus_id}.json":
        yield Violation(
            None,
            f"file is named {ctx.corpus.path.name!r}; corpus {sc.corpus_id} lives in {sc.corpus_id}.json",
        )
    if ctx.index is None:
        yield Violation(
            None, "no release index found above this corpus (pass --index corpora/index.json)"
        )
    elif sc.corpus_id not in ctx.index.corpora:
        yield Violation(None, f"corpus id {sc.corpus_id!r} is not in the release index")


@rule(
    "IDN003",
    "index-hash",
    example="released corpus bytes changed: sha256 abc… but the index records def…",
)
def index_hash(ctx: CorpusContext) -> Iterator[Violation]:
    """The corpus bytes hash to what the release index records for its revision.

    A released revision's bytes never change: any change is a new revision. A draft's index entry
    is refreshed by the generator, so a mismatch there means the index is stale."""
    entry = ctx.index_entry()
    if entry is None:
        return
    sha = ctx.corpus.sha256
    if entry.sha256 != sha:
        if entry.status == "released":
            yield Violation(
                None,
                f"released corpus bytes changed: sha256 {sha[:12]}… but the index records {entry.sha256[:12]}…; a change to a released corpus is a new revision",
            )
        else:
            yield Violation(
                None,
                f"draft corpus sha256 {sha[:12]}… differs from the index {entry.sha256[:12]}…; regenerate with `make corpora`",
            )
    if entry.question_count != len(ctx.corpus.questions):
        yield Violation(
            None, f"{len(ctx.corpus.questions)} questions; the index records {entry.question_count}"
        )
