"""Per-corpus measurement summaries printed by `check --summary` and `audit --summary`.

Measurement modules register a section with `@section(name)`; a section returns lines.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TextIO

from checker.load import LoadedCorpus

Section = Callable[[LoadedCorpus], list[str]]
_SECTIONS: dict[str, Section] = {}


def section(name: str) -> Callable[[Section], Section]:
    def deco(func: Section) -> Section:
        _SECTIONS[name] = func
        return func

    return deco


def sections() -> dict[str, Section]:
    from checker.registry import load_rules

    load_rules()  # measurement modules live beside the rules and register on import
    return dict(_SECTIONS)


def print_summaries(corpora: Sequence[LoadedCorpus], out: TextIO, *, as_json: bool = False) -> None:
    """Every corpus's sections, as text or (`as_json`) as one JSON array of
    `{"corpus", "mode", "questions", "sha256", "sections": {name: [line, …]}}`."""
    if as_json:
        records = [
            {
                "corpus": corpus.display,
                "mode": corpus.mode,
                "questions": len(corpus.questions),
                "sha256": corpus.sha256,
                "sections": {name: func(corpus) for name, func in sections().items()},
            }
            for corpus in corpora
        ]
        out.write(json.dumps(records, indent=2, ensure_ascii=False) + "\n")
        return
    for corpus in corpora:
        out.write(
            f"== {corpus.display} ({corpus.mode}, {len(corpus.questions)} questions, sha256 {corpus.sha256})\n"
        )
        for name, func in sections().items():
            for line in func(corpus):
                out.write(f"  {name}: {line}\n")
