"""CLI sub-commands. Each module defines `COMMAND`; the CLI discovers them, so adding a
command is adding a module."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def discover() -> list[Command]:
    found: list[Command] = []
    for mod in pkgutil.iter_modules(__path__, __name__ + "."):
        module = importlib.import_module(mod.name)
        command = getattr(module, "COMMAND", None)
        if isinstance(command, Command):
            found.append(command)
    return sorted(found, key=lambda c: c.name)
