"""The Conjunction generator and its text banks."""

from corpora.generate.conjunction.generator import GENERATOR

__all__ = ["GENERATOR"]
