"""The Semantic generator and its text banks."""

from corpora.generate.semantic.generator import GENERATOR

__all__ = ["GENERATOR"]
