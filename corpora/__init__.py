"""The family's corpora, and (in `corpora.generate`) the machinery that writes them."""
