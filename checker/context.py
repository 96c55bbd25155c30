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

    @property
    def foreign(self) -> bool:
        return self.corpus.mode == "foreign"

    def index_entry(self) -> IndexEntry | None:
        sc = self.corpus.sidecar
        if self.index is None or sc is None:
            return None
        return self.index.corpora.get(sc.corpus_id)
