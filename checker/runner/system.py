"""The system-under-test protocol: what the runner asks of a memory system.

Per question the runner calls, on one instance: `reset()`, then `ingest(session)` for every
session in timestamp order, then `answer(question, query_time)`. Nothing may carry over from one
question to the next. An answer may carry an evidence envelope: the session handles that
reached the answer context, and/or the ones retrieved. Without one, evidence attribution and
realised coverage are recorded `unobserved` — never guessed.

A `SystemUnderTest` describes the system (name, version, configuration, answer model) and makes
instances: the runner gives each of its workers its own, so that questions run concurrently
without sharing state; `max_concurrency` caps that for a system that cannot run in parallel.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from checker.runner.view import Session


@dataclass(frozen=True)
class Evidence:
    """Which sessions (by handle) the system says reached its answer, and/or it retrieved."""

    answer_context: tuple[str, ...] | None = None
    retrieved: tuple[str, ...] | None = None


@dataclass(frozen=True)
class SystemAnswer:
    text: str
    evidence: Evidence | None = None


class SystemFailed(Exception):
    """The system could not answer this question; the row is `unrun` with this reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MemorySystem(Protocol):
    """One instance of a memory system: state for one question at a time."""

    def reset(self) -> None:
        """Forget everything: the next question starts from nothing."""

    def ingest(self, session: Session) -> None:
        """Take in one timestamped session."""

    def answer(self, question: str, query_time: str) -> SystemAnswer:
        """Answer the question as asked at `query_time` (`YYYY/MM/DD (Ddd) HH:MM`)."""
        ...


@dataclass(frozen=True)
class Sampling:
    """How the system's answer model was asked to sample, and what is known of what the
    provider did with it (the result format's `answer_sampling`)."""

    temperature: float | None = None
    seed: int | None = None
    temperature_disposition: str = "not-requested"
    seed_disposition: str = "not-requested"


@dataclass(frozen=True)
class SystemInfo:
    """What the result records about the system."""

    name: str
    version: str
    answer_model: str
    sampling: Sampling = field(default_factory=Sampling)
    #: Everything that configures the system; its hash is the result's configuration
    #: fingerprint (runs that differ in it are never banded together).
    configuration: Mapping[str, Any] = field(default_factory=dict)
    #: At most this many instances answer at once (None: the runner's concurrency).
    max_concurrency: int | None = None
    #: The system caches its own model calls by request (the reference systems do), so the
    #: runner need not cache its answers to resume a stopped run.
    caches_its_calls: bool = False
    #: The runner shows the system the gold sessions only (the oracle reference system: an
    #: upper bound on what retrieval can give the answer model). Never for a system under test.
    gold_sessions_only: bool = False


class SystemUnderTest(Protocol):
    """A system the runner can drive."""

    @property
    def info(self) -> SystemInfo: ...

    def instance(self) -> MemorySystem:
        """A fresh instance (one per worker)."""
        ...
