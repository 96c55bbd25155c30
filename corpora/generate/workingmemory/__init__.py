"""The WorkingMemory generator and its text banks."""

from corpora.generate.workingmemory.generator import GENERATOR

__all__ = ["GENERATOR"]
