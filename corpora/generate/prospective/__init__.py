"""The Prospective generator and its text banks."""

from corpora.generate.prospective.generator import GENERATOR

__all__ = ["GENERATOR"]
