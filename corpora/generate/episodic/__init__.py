"""The Episodic generator and its text banks."""

from corpora.generate.episodic.generator import GENERATOR

__all__ = ["GENERATOR"]
