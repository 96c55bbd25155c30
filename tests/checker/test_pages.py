"""How the checker's processes take memory (checker/pages.py): the CLI and the bench switch
numpy's huge-page advice off and keep freed blocks, and no result depends on either."""

from __future__ import annotations

import contextlib
import importlib
import platform
import sys
from collections.abc import Iterator

import numpy as np
import pytest

from checker import pages
from checker.cli import main
from checker.separability import measure_separability
from checker.separability.synthetic import build_clean_corpus


@pytest.fixture
def advice() -> Iterator[None]:
    """Put numpy's advice back as it was after the test."""
    switch = pages._switch()
    before = pages.advising_huge_pages()
    yield
    if callable(switch) and before is not None:
        switch(before)


def test_every_supported_numpy_has_the_switch() -> None:
    # numpy >= 1.26 (pyproject.toml) has it on every platform; without it the settings
    # would silently do nothing, so its absence is a failure, not a skip.
    assert callable(pages._switch())
    assert pages.advising_huge_pages() in (True, False)


def test_the_switch_turns_the_advice_off(advice: None) -> None:
    switch = pages._switch()
    assert callable(switch)
    switch(True)
    assert pages.advising_huge_pages() is True
    assert pages.use_ordinary_pages() is True
    assert pages.advising_huge_pages() is False


def test_the_cli_runs_on_ordinary_pages(advice: None, capsys: pytest.CaptureFixture[str]) -> None:
    switch = pages._switch()
    assert callable(switch)
    switch(True)
    assert main([]) == 2  # no command: help, exit 2
    capsys.readouterr()
    assert pages.advising_huge_pages() is False


def test_glibc_and_only_glibc_agrees_to_keep_freed_blocks() -> None:
    on_glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert pages.keep_freed_blocks() is on_glibc


@pytest.mark.parametrize("entry", ["checker.cli", "checker.bench.__main__"])
def test_both_entry_points_configure_memory_first(
    entry: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = importlib.import_module(entry)
    calls: list[str] = []
    monkeypatch.setattr(module, "configure_memory", lambda: calls.append("configured"))
    monkeypatch.setattr(module, "discover", lambda: calls.append("discovered") or {}, raising=False)
    if entry == "checker.cli":
        monkeypatch.setattr(module, "build_parser", lambda: calls.append("parsed") or _Stop())
    with contextlib.suppress(_Stopped):
        module.main([])
    capsys.readouterr()
    assert calls and calls[0] == "configured"


class _Stopped(Exception):
    pass


class _Stop:
    def parse_args(self, argv: object) -> None:
        raise _Stopped


def test_the_separability_record_does_not_depend_on_the_page_size(advice: None) -> None:
    switch = pages._switch()
    assert callable(switch)
    records = []
    for huge in (True, False):
        switch(huge)
        corpus = build_clean_corpus(questions=24, sessions=(10, 14), seed=3)
        records.append(measure_separability(corpus, []).model_dump(mode="json"))
    assert records[0] == records[1]
    assert records[0]["features_tested"] > 0 and np.isfinite(records[0]["worst_auc"])
