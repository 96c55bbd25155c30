"""The Forgetting generator and its text banks."""

from corpora.generate.forgetting.generator import GENERATOR

__all__ = ["GENERATOR"]
