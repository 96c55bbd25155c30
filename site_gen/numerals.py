"""How numbers are written on the site: every count over its n, every rate with its n.

The convention (stated on the methodology page and enforced by the denominator scan):

* a count is written `k/n` — `12/15`;
* a rate, mean, share, AUC or difference of rates is a decimal followed by its denominator in
  parentheses — `0.80 (n=15)`, `+0.27 (n=15)`;
* a percentage is never used for a measurement; a pinned constant (a threshold, a band edge, a
  parameter) is written as code — `0.75`, `20%` — and is not a measurement;
* a structural ratio such as the ceiling min(1, K_ref/G) is written as a fraction — `5/6`.
"""

from __future__ import annotations

import re
from fractions import Fraction

from checker.family import DIAGNOSTIC_N, SMALL_SHAPE_N
from site_gen.markup import Md, code, esc

__all__ = [
    "DENOMINATOR_RE",
    "RATE_RE",
    "band",
    "chance",
    "fraction",
    "ident",
    "project_text",
    "quoted",
    "rate",
    "ratio",
    "shape_mark",
    "signed_rate",
]

#: A decimal in [0, 1] (`0.8`, `.8`, `1.00`) or a percentage: what a rate looks like in text.
#: Revision labels (`2026.12`) and version strings (`0.3.1`) do not match.
RATE_RE = re.compile(r"(?<![\w.])(?:0?\.\d+|1\.0+|\d+(?:\.\d+)?\s?%)(?!\w|\.\d)")
#: What must follow a rate: its denominator in parentheses.
DENOMINATOR_RE = re.compile(r"\s*\(\s*n\s*=\s*\d+")

MINUS = "\u2212"


def fraction(k: int, n: int) -> Md:
    """A count over its denominator: `12/15`."""
    return Md(f"{k}/{n}")


def rate(value: float | None, n: int, digits: int = 2) -> Md:
    """A rate or mean with its denominator: `0.80 (n=15)`; `unmeasured` when absent."""
    if value is None:
        return Md("unmeasured")
    text = f"{value:.{digits}f}"
    if text.startswith("-"):
        text = MINUS + text[1:]
    return Md(f"{text} (n={n})")


def signed_rate(value: float | None, n: int, digits: int = 2) -> Md:
    """A difference of rates, always signed: `+0.27 (n=15)`, `−0.07 (n=15)`."""
    if value is None:
        return Md("unmeasured")
    if round(value, digits) == 0:
        value = 0.0
    sign = "+" if value >= 0 else MINUS
    return Md(f"{sign}{abs(value):.{digits}f} (n={n})")


def ratio(k: int, n: int, digits: int = 2) -> Md:
    """A count as a rate with its n: `0.80 (n=15)`; `— (n=0)` when nothing was measured."""
    if n == 0:
        return Md("— (n=0)")
    return rate(k / n, n, digits)


def band(low: int, high: int, n: int) -> Md:
    """A min–max band of counts over n: `12–14/50` (a single value when they agree)."""
    return Md(f"{low}/{n}" if low == high else f"{low}–{high}/{n}")


def chance(floor: Fraction | None) -> Md:
    """A chance floor as a fraction (`1/3`), or a dash where the question names no candidates."""
    if floor is None:
        return Md("—")
    return Md(f"{floor.numerator}/{floor.denominator}")


def shape_mark(n: int) -> Md:
    """The honesty mark for a stratum of n questions."""
    if n < SMALL_SHAPE_N:
        return Md(f"diagnostic only (n < {SMALL_SHAPE_N})")
    if n < DIAGNOSTIC_N:
        return Md(f"diagnostic stratum (n < {DIAGNOSTIC_N})")
    return Md("")


def ident(value: str) -> Md:
    """A name from a file (a system, a model, a run id) as escaped text — or as code when it
    contains something shaped like a rate (`Recall 0.9`), so no reader takes it for one."""
    return code(value) if RATE_RE.search(value) else esc(value)


def project_text(text: str) -> Md:
    """Project-written reference prose (a rule's docstring, a schema field's description) as
    inert text, keeping its code spans and setting every rate-shaped number as code.

    Such text names constants (`0.75`, `20%`), never measurements; writing them as code is the
    site's convention for "a pinned value, not a rate" (see the methodology page), which the
    denominator scan honours. Everything outside code spans is escaped, so a `<placeholder>`
    in a description is shown, not parsed as a tag.
    """
    out: list[str] = []
    for part in re.split(r"(`+[^`]*`+)", text):
        if part.startswith("`") and part.endswith("`"):
            out.append(part.replace("\n", " "))
            continue
        last = 0
        for m in RATE_RE.finditer(part):
            out.append(esc(part[last : m.start()]))
            out.append(code(m.group(0)))
            last = m.end()
        out.append(esc(part[last:]))
    return Md("".join(out))


def quoted(text: str) -> Md:
    """Text quoted from a corpus (a question, an answer, a turn) as inert text, with every
    rate-shaped number in it (`0.5 litres`, `20%`) set as code: it is what a conversation says,
    not a measurement of the site's, and the denominator scan must not take it for one."""
    out: list[str] = []
    last = 0
    for m in RATE_RE.finditer(text):
        out.append(esc(text[last : m.start()]))
        out.append(code(m.group(0)))
        last = m.end()
    out.append(esc(text[last:]))
    return Md("".join(out))
