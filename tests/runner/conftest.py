"""Fixtures for the runner tests: shipped corpora, a scripted fake endpoint, the CLI."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.load import load_ours
from checker.runner.fake import FakeServer, Script
from tests.conftest import ROOT, run_cli

INDEX = ROOT / "corpora" / "index.json"


def shipped(vertical: str) -> Path:
    return ROOT / "corpora" / vertical / f"typedmemeval-{vertical}-2026.12.json"


def pick(key: str, options: list[Any]) -> Any:
    """A stable choice among options for a key (the scripted judge's decisions)."""
    return options[int(hashlib.sha256(key.encode()).hexdigest(), 16) % len(options)]


@pytest.fixture(autouse=True)
def _api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")


@pytest.fixture
def serve() -> Iterator[Any]:
    """`serve(script, latency=0)` starts a fake endpoint that stops at the end of the test."""
    started: list[FakeServer] = []

    def start(script: Script, latency: float = 0.0) -> FakeServer:
        server = FakeServer(script, latency=latency).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def forgetting() -> Any:
    return load_ours(shipped("forgetting"))


@pytest.fixture(scope="session")
def prospective() -> Any:
    return load_ours(shipped("prospective"))


def run_forgetting(url: str, tmp: Path, run_id: str, out: str, *extra: str) -> tuple[int, str, str]:
    """`typedmemeval run` over the shipped Forgetting corpus against `url`, its work folder
    and result file (`out`) under `tmp`."""
    return run_cli(
        "run",
        "typedmemeval-forgetting-2026.12",
        "--index",
        str(INDEX),
        "--base-url",
        url,
        "--model",
        "m",
        "--run-id",
        run_id,
        "--work",
        str(tmp / "work"),
        "--out",
        str(tmp / out),
        "--retry-base",
        "0.01",
        *extra,
    )
