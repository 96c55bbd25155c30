"""The Arithmetic generator and its text banks."""

from corpora.generate.arithmetic.generator import GENERATOR

__all__ = ["GENERATOR"]
