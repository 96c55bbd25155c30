"""The rule registry: stable codes, summaries, docs and the functions that check.

A rule is a function decorated with `@rule(code, name, scope)`. Its docstring's first paragraph
is the summary; the rest is the *why* shown in `typedmemeval rules` and on the docs site. Rules are
discovered by importing every module of `checker.rules`, so adding a rule is adding a function.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import inspect
import pkgutil
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from checker.findings import Finding, Violation

Scope = Literal["corpus", "result", "family"]

CODE_RE = re.compile(r"^[A-Z]{3}\d{3}$")


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    scope: Scope
    summary: str
    why: str
    example: str
    func: Callable[[Any], Iterable[Violation]]


_RULES: dict[str, Rule] = {}


def rule(
    code: str, name: str, *, scope: Scope = "corpus", example: str = ""
) -> Callable[[Callable[[Any], Iterable[Violation]]], Callable[[Any], Iterable[Violation]]]:
    """Register a rule. `example` is an example finding message for the docs."""
    if not CODE_RE.match(code):
        raise ValueError(f"rule code {code!r} must be three capitals and three digits")

    def deco(func: Callable[[Any], Iterable[Violation]]) -> Callable[[Any], Iterable[Violation]]:
        if code in _RULES and _RULES[code].func is not func:
            raise ValueError(f"rule code {code} registered twice")
        doc = inspect.cleandoc(func.__doc__ or "")
        if not doc:
            raise ValueError(f"rule {code} needs a docstring (summary line, then why)")
        summary, _, why = doc.partition("\n\n")
        summary = " ".join(summary.split())
        _RULES[code] = Rule(code, name, scope, summary, why.strip(), example, func)
        return func

    return deco


_loaded = False


def load_rules() -> None:
    """Import every module under `checker.rules`, and each vertical's own `rules.py` under
    `checker/verticals/<key>/` (registration happens at import)."""
    global _loaded
    if _loaded:
        return
    import checker.rules as pkg
    import checker.verticals as verticals

    for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(mod.name)
    for info in pkgutil.iter_modules(verticals.__path__, verticals.__name__ + "."):
        if info.ispkg and importlib.util.find_spec(info.name + ".rules") is not None:
            importlib.import_module(info.name + ".rules")
    _loaded = True


def all_rules() -> list[Rule]:
    load_rules()
    return sorted(_RULES.values(), key=lambda r: r.code)


def get_rule(code: str) -> Rule:
    load_rules()
    return _RULES[code]


def selected(
    rules: Sequence[Rule], select: Sequence[str] | None, ignore: Sequence[str] | None
) -> list[Rule]:
    """ruff-style selection: a code or any prefix of codes (`STR`, `SEP0`)."""

    def hit(code: str, prefixes: Sequence[str]) -> bool:
        return any(code.startswith(p.strip().upper()) for p in prefixes if p.strip())

    out = [r for r in rules if not select or hit(r.code, select)]
    return [r for r in out if not ignore or not hit(r.code, ignore)]


def unknown_selectors(selectors: Sequence[str] | None) -> list[str]:
    load_rules()
    bad = []
    for s in selectors or ():
        p = s.strip().upper()
        if p and not any(code.startswith(p) for code in _RULES):
            bad.append(s)
    return bad


def violations(rules: Iterable[Rule], scope: Scope, ctx: Any) -> list[tuple[Rule, Violation]]:
    """Every violation of `rules` (those of `scope`) on `ctx`, with the rule that found it.

    The objects alive when the rules start (the loaded corpus and its tokens: millions) are
    set aside from Python's cycle collector while they run, and returned to it after, so its
    collections walk only what the rules make. Nothing is kept from collection past the run."""
    found: list[tuple[Rule, Violation]] = []
    gc.freeze()
    try:
        for r in rules:
            if r.scope != scope:
                continue
            found.extend((r, v) for v in r.func(ctx))
    finally:
        gc.unfreeze()
    return found


def run(rules: Iterable[Rule], scope: Scope, ctx: Any, path: str) -> list[Finding]:
    """Every finding of `rules` (those of `scope`) on `ctx`."""
    return [
        Finding(path, v.question_id, r.code, v.message) for r, v in violations(rules, scope, ctx)
    ]
