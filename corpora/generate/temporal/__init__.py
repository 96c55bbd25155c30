"""The Temporal generator and its text banks."""

from corpora.generate.temporal.generator import GENERATOR

__all__ = ["GENERATOR"]
