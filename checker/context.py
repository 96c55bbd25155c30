"""What a corpus rule receives."""

from __future__ import annotations

from dataclasses import dataclass

from checker.formats.sidecar import IndexEntry, ReleaseIndex
from checker.load import LoadedCorpus


@dataclass
class CorpusContext:
    """A loaded corpus, the release index (if one was found) and how the corpus was read."""

    corpus: LoadedCorpus
    index: ReleaseIndex | None = None
    #: Whether our house format is judged too (always under `check`; under `audit` only with
    #: `--house-rules`): a rule that mixes a format check with a real defect (STR002: the id
    #: scheme, and an id given twice) reports only the defect without it.
    house_rules: bool = True

    @property
    def foreign(self) -> bool:
        return self.corpus.mode == "foreign"

    def index_entry(self) -> IndexEntry | None:
        sc = self.corpus.sidecar
        if self.index is None or sc is None:
            return None
        return self.index.corpora.get(sc.corpus_id)
