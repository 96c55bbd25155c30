"""The Procedural generator and its text banks."""

from corpora.generate.procedural.generator import GENERATOR

__all__ = ["GENERATOR"]
