"""The Bitemporal generator and its text banks."""

from corpora.generate.bitemporal.generator import GENERATOR

__all__ = ["GENERATOR"]
