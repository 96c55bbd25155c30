"""Result-file rules (R-RES-2, R-ID-4): what `typedmemeval check` refuses in a submission.

Each rule belongs to one validation stage (see `checker.results.validate`) and looks only at the
context of that stage. Importing this module also registers result files with the checker, so
`typedmemeval check results/…` dispatches them here.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel

from checker.api import Options, register_file_kind
from checker.entries import describe
from checker.escape import escape, escape_char, quoted
from checker.family import BY_KEY, vertical
from checker.findings import Finding, Violation
from checker.formats.ids import QUESTION_ID_RE
from checker.formats.result import (
    MEASURED_OUTCOMES,
    OUTCOMES,
    REASONED_OUTCOMES,
    EEResultFile,
    ResultFile,
    ResultRow,
)
from checker.io import MAX_RESULT_BYTES
from checker.json_nodes import MAX_DEPTH, Node
from checker.lookalikes import carries_forbidden_name
from checker.registry import Rule, rule
from checker.results.aggregate import QuestionFacts, question_facts, summary_counts
from checker.results.ee import ee_figures, parse_key, partner_key
from checker.results.validate import ResultContext, Stage, check_result_file, claims

SAFE_FILE_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}\.json$")
SAFE_DIR_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")
#: Words that make a field a single collapsed figure; none of them is a field of the format.
COMPOSITE_WORDS = frozenset(
    "score scores accuracy overall composite aggregate aggregated average avg mean combined "
    "weighted rank ranking leaderboard headline percent percentage pct elo grade".split()
)
#: Words that make a field answer text or a transcript; none of them is a field of the format.
ANSWER_WORDS = frozenset(
    "answer answers response responses hypothesis prediction predictions completion "
    "completions output outputs reply replies transcript generation generated text content "
    "message messages".split()
)
MARKUP_RE = re.compile(
    r"<\s*[A-Za-z!/?]|javascript\s*:|data\s*:\s*text/html"
    r"|\bon(?:error|load|click|dblclick|mouse\w*|focus\w*|blur|key\w*|submit|change|input)\s*=",
    re.I,
)
#: Longest string (key or value) a result holds: a reason is at most 200 characters, and every
#: other field is shorter.
MAX_STRING = 200
#: Tolerance for a float a submitter rounded to three decimals.
ROUNDING = 0.0005 + 1e-12


#: Findings one result rule reports on one file; past it the rule stops with one last line, so
#: a file built to trip a rule everywhere costs neither time nor a flooded CI log.
MAX_FINDINGS_PER_RULE = 20


def _capped(violations: Iterable[Violation]) -> Iterator[Violation]:
    for shown, v in enumerate(violations):
        if shown == MAX_FINDINGS_PER_RULE:
            yield Violation(
                None,
                f"and more: this rule stopped after {MAX_FINDINGS_PER_RULE} findings in this "
                "file; fix these and check again",
            )
            return
        yield v


def result_rule(
    code: str, name: str, *stages: Stage, example: str = ""
) -> Callable[[Callable[[ResultContext], Iterable[Violation]]], Callable[..., Iterable[Violation]]]:
    """Register a result rule that runs only in the given validation stages (and reports at most
    `MAX_FINDINGS_PER_RULE` findings per file)."""

    def deco(
        func: Callable[[ResultContext], Iterable[Violation]],
    ) -> Callable[..., Iterable[Violation]]:
        @functools.wraps(func)
        def staged(ctx: ResultContext) -> Iterable[Violation]:
            if not isinstance(ctx, ResultContext) or ctx.stage not in stages:
                return ()
            return _capped(func(ctx))

        rule(code, name, scope="result", example=example)(staged)
        return staged

    return deco


# --- helpers over raw JSON ------------------------------------------------------------------


def _quote(text: str, width: int = 40) -> str:
    """A submitter's string, shortened and escaped for one line of output."""
    return quoted(text, width)


_CAMEL_RE = re.compile(r"([a-z0-9])([A-Z])")
_NOT_WORD_RE = re.compile(r"[^a-z0-9]+")


def _words(key: str) -> frozenset[str]:
    """The words of a field name (`overallScore`, `overall_score` → overall, score). Only the
    first characters are read: a longer name is refused by RES007 anyway."""
    key = key[: 4 * MAX_STRING]
    spaced = key if key.islower() else _CAMEL_RE.sub(r"\1 \2", key)
    return frozenset(_NOT_WORD_RE.split(spaced.lower())) - {""}


FLAGGED_WORDS = COMPOSITE_WORDS | ANSWER_WORDS
#: Any word RES004 and RES005 look for, anywhere in a lower-cased name (a word of a name is a
#: substring of it, so a name this does not match has none of them).
_FLAGGED_RE = re.compile("|".join(sorted(FLAGGED_WORDS)))


def _flagged_words(ctx: ResultContext, key: str) -> frozenset[str]:
    """The composite and answer words among `_words(key)` (empty for a declared name)."""
    return _flagged_names(ctx).get(key, frozenset())


def _flagged_names(ctx: ResultContext) -> dict[str, frozenset[str]]:
    """Every undeclared field name of the file that holds a composite or answer word, with those
    words; computed once per file. The names are searched together, joined by a character no
    word holds, so a file of a hundred thousand names costs one regex pass, not one call each;
    only the names it matches are split into words."""
    memo: dict[str, frozenset[str]] | None = ctx.memo.get("flagged_names")
    if memo is not None:
        return memo
    assert ctx.kind is not None
    declared = DECLARED[ctx.kind]
    names = [k for k in dict.fromkeys(n.key for n in _nodes(ctx)) if k is not None]
    names = [k for k in names if k not in declared]
    heads = [name[: 4 * MAX_STRING] for name in names]
    lowered = [head.lower() for head in heads]
    starts = list(itertools.accumulate((len(low) + 1 for low in lowered), initial=0))
    hits = {
        bisect.bisect_right(starts, m.start()) - 1 for m in _FLAGGED_RE.finditer("\0".join(lowered))
    }
    memo = {}
    for i in sorted(hits):
        words = _words(heads[i]) & FLAGGED_WORDS
        if words:
            memo[names[i]] = words
    ctx.memo["flagged_names"] = memo
    return memo


def _nodes(ctx: ResultContext) -> list[Node]:
    """Every node of the file, from the one bounded walk the content stage shares."""
    return ctx.nodes.nodes


def _row_id(raw: dict[str, Any], path: str) -> str | None:
    """The question id of the row a raw path points into, when it is a well-formed id."""
    m = re.match(r"^\$\.rows\[(\d+)\]", path)
    rows = raw.get("rows")
    if not m or not isinstance(rows, list) or int(m[1]) >= len(rows):
        return None
    row = rows[int(m[1])]
    qid = row.get("question_id") if isinstance(row, dict) else None
    return qid if isinstance(qid, str) and QUESTION_ID_RE.match(qid) else None


def _declared(model: type[BaseModel]) -> frozenset[str]:
    """Every field name of a model and of the models inside it."""
    names: set[str] = set()
    seen: set[type[BaseModel]] = set()

    def visit(annotation: Any) -> None:
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if annotation in seen:
                return
            seen.add(annotation)
            for fname, info in annotation.model_fields.items():
                names.add(fname)
                visit(info.annotation)
        elif get_origin(annotation) is not None or get_args(annotation):
            for arg in get_args(annotation):
                visit(arg)

    visit(model)
    return frozenset(names)


DECLARED = {"result": _declared(ResultFile), "ee": _declared(EEResultFile)}
VERTICAL_WORDS = {k for k in BY_KEY} | {v.name.lower() for v in BY_KEY.values()}


# --- stage: file ----------------------------------------------------------------------------


@result_rule(
    "RES001",
    "result-file-name",
    "file",
    example="file name 'run 1;rm.json' is not a safe name",
)
def file_name(ctx: ResultContext) -> Iterator[Violation]:
    """A result is a regular file (never a link, FIFO, device or socket, and never inside a
    linked folder) with a safe name: `<run-id>.json`.

    CI reads whatever a pull request adds; a link can point anywhere on the runner (`/dev/stdin`
    blocks forever), a FIFO blocks the reader, and a name with spaces, shell characters or `..`
    turns into a path somewhere it should not. All of this is judged from the directory entry:
    such a file is never opened."""
    entry = ctx.file
    assert entry is not None
    if entry.linked_folder is not None:
        inside = entry.results_root or entry.linked_folder.parent
        try:
            shown = str(entry.linked_folder.relative_to(inside.parent))
        except ValueError:
            shown = str(entry.linked_folder)
        yield Violation(
            None,
            f"sits in the linked folder {quoted(shown, 120)}; results/ holds real folders and "
            "regular files only (the link was not followed and the file was not opened)",
        )
        return
    if entry.kind == "link":
        what = "a symbolic link to a folder" if ctx.path.is_dir() else "a symbolic link"
        yield Violation(
            None,
            f"is {what}; a result must be a regular file in real folders (the link was not "
            "followed)",
        )
        return
    if not entry.regular:
        yield Violation(
            None,
            f"is {describe(entry.kind)}, not a regular file; a result must be a regular file "
            "(it was not opened)",
        )
        return
    name = ctx.path.name
    if not SAFE_FILE_RE.match(name) or ".." in name:
        yield Violation(
            None,
            f"file name {_quote(name, 80)} is not a safe name: use `<run-id>.json` with lower-case "
            "letters, digits, '.', '_' and '-' (no '..'), starting with a letter or digit",
        )


@result_rule("RES002", "result-size", "file", example="file is 52,428,800 bytes, over the limit")
def size_limit(ctx: ResultContext) -> Iterator[Violation]:
    """A result file is at most 5 MB, checked before the file is opened.

    A result holds one short row per question and no answer text; the largest vertical fits in
    a few hundred kilobytes, and a larger file is either not a result or carries what it must
    not."""
    if ctx.regular and not ctx.symlink and ctx.size > MAX_RESULT_BYTES:
        yield Violation(
            None,
            f"file is {ctx.size:,} bytes, over the {MAX_RESULT_BYTES:,}-byte limit for a result "
            "(it was not read); a result holds one row per question and no answer text",
        )


# --- stage: content -------------------------------------------------------------------------


@result_rule(
    "RES003",
    "result-identity-guard",
    "content",
    example="field $.benchmark carries the token 'longmemeval'",
)
def identity_guard(ctx: ResultContext) -> Iterator[Violation]:
    """No field name or value of a result carries the token `longmemeval`, in any spelling a
    reader takes for it: any case, look-alike letters (`LongMemEvaI`, Cyrillic or Greek
    letters, fullwidth forms), hidden characters or separators inside it.

    A result of this family must never be citable as, or mistaken for, a number of another
    benchmark; a result file has no prose in which the name could appear legitimately. Every
    string is folded to what a reader sees before it is matched (`checker.lookalikes`)."""
    assert ctx.raw is not None
    text = ctx.nodes.all_text
    if text.isascii() and "v" not in text and "V" not in text:
        return  # in ASCII only a v can become the name's v: no string can carry it
    for node in _nodes(ctx):
        path, key, value = node.path, node.key, node.value
        hits = [s for s in (key, value) if isinstance(s, str) and carries_forbidden_name(s)]
        if hits:
            yield Violation(
                _row_id(ctx.raw, path),
                f"field {path} carries the token 'longmemeval'; this family's results name only "
                "TypedMemEval corpora — remove it",
            )


@result_rule(
    "RES004",
    "result-composite-score",
    "content",
    example="field $.overall_score is a composite score",
)
def composite_score(ctx: ResultContext) -> Iterator[Violation]:
    """A result holds no composite: no single collapsed score, and no figures for several
    verticals side by side.

    The verticals measure different mechanisms; a blend rebuilds the one percentage the family
    exists to replace. Rates are computed by the aggregator from the rows, per vertical and
    per shape, with their denominators."""
    assert ctx.raw is not None and ctx.kind is not None
    declared = DECLARED[ctx.kind]
    for node in _nodes(ctx):
        path, key, value = node.path, node.key, node.value
        if key is not None and key not in declared and _flagged_words(ctx, key) & COMPOSITE_WORDS:
            yield Violation(
                _row_id(ctx.raw, path),
                f"field {path} is a composite score; a result carries per-question rows (and an "
                "optional summary of counts) — remove the field",
            )
        elif isinstance(value, dict):
            named = sorted(k for k in value if k.lower() in VERTICAL_WORDS)
            if len(named) >= 2:
                yield Violation(
                    _row_id(ctx.raw, path),
                    f"field {path} holds figures for several verticals ({', '.join(map(escape, named))}); a "
                    "result is one run over one corpus — submit one file per vertical",
                )


@result_rule(
    "RES005",
    "result-answer-text",
    "content",
    example="field $.rows[3].answer holds answer text",
)
def answer_text(ctx: ResultContext) -> Iterator[Violation]:
    """A result holds no answer text, response, transcript or model output.

    Answers are sensitive (they can quote a user's memory back) and are not needed to recompute
    any figure; the runner keeps them in a separate local file."""
    assert ctx.raw is not None and ctx.kind is not None
    declared = DECLARED[ctx.kind]
    for node in _nodes(ctx):
        path, key = node.path, node.key
        if key is None or key in declared:
            continue
        words = _flagged_words(ctx, key)
        if words & ANSWER_WORDS and not words & COMPOSITE_WORDS:
            yield Violation(
                _row_id(ctx.raw, path),
                f"field {path} holds answer text; answers stay in the runner's local files — "
                "remove the field (the outcome and evidence detail are what a result carries)",
            )


@result_rule(
    "RES006",
    "result-markup",
    "content",
    example="field $.system.name holds markup ('<script>alert(1)</script>')",
)
def markup(ctx: ResultContext) -> Iterator[Violation]:
    """No field name or value of a result holds HTML, script or a `javascript:` link.

    The site shows what submitters wrote; it escapes everything, and the checker refuses markup
    anyway so that a page never depends on one layer alone. (Control and other invisible
    characters are RES007's.)"""
    assert ctx.raw is not None
    if not _may_hold_markup(ctx.nodes.all_text):
        return
    for node in _nodes(ctx):
        for text in (node.key, node.value):
            if isinstance(text, str) and _may_hold_markup(text) and MARKUP_RE.search(text):
                yield Violation(
                    _row_id(ctx.raw, node.path),
                    f"field {node.path} holds markup ({_quote(text)}); use plain text",
                )
                break


def _may_hold_markup(text: str) -> bool:
    """Whether `text` holds a character every MARKUP_RE match needs (`<`, `:` or `=`)."""
    return "<" in text or ":" in text or "=" in text


def _first_unprintable(text: str) -> str | None:
    """The first character of `text` that is not plain printable text, or None."""
    if text.isprintable():
        return None
    return next(ch for ch in text if not ch.isprintable())


def _character_name(ch: str) -> str:
    """A character for a message: `\\u202e (right-to-left override, category Cf)`."""
    name = unicodedata.name(ch, "").lower() or "a control character"
    return f"{escape_char(ch)} ({name}, category {unicodedata.category(ch)})"


@result_rule(
    "RES007",
    "result-plain-text",
    "content",
    example="field $.rows[3].reason holds \\u202e (right-to-left override, category Cf)",
)
def plain_text(ctx: ResultContext) -> Iterator[Violation]:
    """Every field name and string value of a result is one line of plain printable text of at
    most 200 characters: no control character (C0, DEL, C1 such as the CSI `\\x9b`), no format or
    bidi character (zero-width joiners, soft hyphens, the overrides U+202A–U+202E and isolates
    U+2066–U+2069, tag characters), no line or paragraph separator (U+2028, U+2029), no space
    but the plain one, and no private-use, unassigned or surrogate code point.

    Everything a submitter wrote is shown to reviewers, in CI's annotations and on the site: an
    invisible character hides or reorders what they read (a bidi override makes one name look
    like another), a line break forges a second line, and a terminal control drives the
    terminal. A result's free text (a reason, an item) is one short line; no field needs more."""
    assert ctx.raw is not None
    texts, whole = ctx.nodes.texts, ctx.nodes.all_text
    if (
        whole.count("\n") == len(texts) - 1  # no string holds a line feed of its own
        and whole.replace("\n", "").isprintable()
        and max(map(len, texts), default=0) <= MAX_STRING
    ):
        return
    for node in _nodes(ctx):
        for what, text in (("name", node.key), ("value", node.value)):
            if not isinstance(text, str):
                continue
            bad = _first_unprintable(text)
            if bad is not None:
                yield Violation(
                    _row_id(ctx.raw, node.path),
                    f"field {node.path} {what} holds {_character_name(bad)}; use one line of "
                    "plain printable text",
                )
                break
            if len(text) > MAX_STRING:
                yield Violation(
                    _row_id(ctx.raw, node.path),
                    f"field {node.path} {what} is {len(text):,} characters long; no string of a "
                    f"result is longer than {MAX_STRING}",
                )
                break


@result_rule(
    "RES008",
    "result-nesting",
    "content",
    example=f"is nested more than {MAX_DEPTH} levels deep at $.rows[0].extra[0][0]…",
)
def nesting(ctx: ResultContext) -> Iterator[Violation]:
    """A result is nested at most 16 levels deep and holds at most 250,000 JSON values; the
    checker reads it in one bounded pass and stops at either limit.

    A real result is five levels deep and, at its largest (20,000 EE probes), holds about
    120,000 values. A file built to be deep or wide would otherwise make every rule that reads
    keys and strings slow in proportion to its shape rather than its bytes; the refusal names
    the JSON path where the limit was met."""
    if ctx.nodes.refusal is not None:
        yield Violation(None, ctx.nodes.refusal)


# --- stage: index ---------------------------------------------------------------------------


@result_rule(
    "RES010",
    "result-corpus-id",
    "index",
    example="corpus id 'agenteval-typedmemeval-forgetting-v5' is not in the release index",
)
def corpus_id(ctx: ResultContext) -> Iterator[Violation]:
    """The corpus id is one of this family's corpora in the release index, at its revision.

    Another publisher's corpus (for example `agenteval-typedmemeval-*`) has other bytes under a
    similar name; a result over it is not a result over ours."""
    assert ctx.result is not None and ctx.index is not None
    ref = ctx.result.corpus
    if ctx.entry is None:
        known = ", ".join(sorted(ctx.index.corpora)) or "none"
        yield Violation(
            None,
            f"corpus id {_quote(ref.corpus_id, 64)} is not in the release index {ctx.index_path} "
            f"(known: {known}); run the system on one of this family's corpora",
        )
    elif ref.revision != ctx.entry.revision:
        yield Violation(
            None,
            f"corpus revision {_quote(ref.revision)} differs from the index's "
            f"{ctx.entry.revision} for {ref.corpus_id}; copy the revision from corpora/index.json",
        )


@result_rule(
    "RES011",
    "result-corpus-hash",
    "index",
    example="corpus sha256 1f2e… differs from the index's 9a8b…",
)
def corpus_hash(ctx: ResultContext) -> Iterator[Violation]:
    """The corpus sha256 equals the one the release index records for that corpus.

    A result is pinned to the exact bytes it answered; any other bytes are another corpus, even
    under the same id."""
    assert ctx.result is not None
    if ctx.entry is not None and ctx.result.corpus.sha256 != ctx.entry.sha256:
        yield Violation(
            None,
            f"corpus sha256 {ctx.result.corpus.sha256} differs from the index's "
            f"{ctx.entry.sha256} for {ctx.result.corpus.corpus_id}: the run answered other "
            "bytes — rerun on the corpus the index names (`sha256sum` after CRLF → LF)",
        )


def _layout_parts(ctx: ResultContext) -> list[str] | None:
    """The file's path below the nearest `results/` folder (`.` and `..` resolved), if any."""
    parts = ctx.file.results_parts if ctx.file is not None else None
    return None if parts is None else list(parts)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@result_rule(
    "RES018",
    "result-layout",
    "index",
    "ee",
    example="file sits at results/forgetting/x.json; expected results/forgetting/<system>/<run-id>.json",
)
def layout(ctx: ResultContext) -> Iterator[Violation]:
    """Under `results/`, a result sits at `results/<vertical>/<system>/<run-id>.json` (EE:
    `results/ee/<system>/<run-id>.json`), each part matching the file's content.

    The site lists runs from this layout; a file whose folder says another vertical or system
    than its content would be published under the wrong heading."""
    parts = _layout_parts(ctx)
    if parts is None:
        return
    model: ResultFile | EEResultFile | None = ctx.result or ctx.ee
    assert model is not None
    if ctx.ee is not None:
        folder: str | None = "ee"
    else:
        folder = ctx.entry.vertical if ctx.entry is not None else None
    expected = f"results/{folder or '<vertical>'}/{_slug(model.system.name)}/{model.run_id}.json"
    bad_part = [p for p in parts[:-1] if not SAFE_DIR_RE.match(p)]
    if len(parts) != 3 or bad_part:
        yield Violation(
            None,
            f"file sits at results/{'/'.join(parts)}; expected {expected} (safe folder names only)",
        )
        return
    got_vertical, got_system, got_file = parts
    if folder is not None and got_vertical != folder:
        yield Violation(None, f"folder {got_vertical!r} should be {folder!r}: move to {expected}")
    if got_system != _slug(model.system.name):
        yield Violation(
            None,
            f"folder {got_system!r} should be the system name's slug "
            f"{_slug(model.system.name)!r}: move to {expected}",
        )
    if got_file != f"{model.run_id}.json":
        yield Violation(None, f"file name {got_file!r} should be the run id: {model.run_id}.json")


#: How far ahead of the checker's clock a run date may be: a day covers every time zone.
CLOCK_SKEW = timedelta(days=1)


@result_rule(
    "RES009",
    "result-run-date",
    "index",
    "ee",
    example="run date 2999-01-01 is after today (2026-12-01) by more than a day",
)
def run_date(ctx: ResultContext) -> Iterator[Violation]:
    """The run date is not in the future: at most one day after the date the check runs (UTC).

    A run date records when the run was made; a date to come is a typing error or a claim to a
    result nobody has yet, and runs are listed by date on the site. One day of slack covers a
    submitter whose time zone is ahead of UTC."""
    model: ResultFile | EEResultFile | None = ctx.result or ctx.ee
    assert model is not None
    if model.run_date > ctx.today + CLOCK_SKEW:
        yield Violation(
            None,
            f"run date {model.run_date.isoformat()} is after today ({ctx.today.isoformat()}, "
            "UTC) by more than a day; give the date the run was made",
        )


# --- stage: corpus --------------------------------------------------------------------------


def _rows_with_facts(ctx: ResultContext) -> Iterator[tuple[ResultRow, QuestionFacts]]:
    assert ctx.result is not None and ctx.corpus is not None
    facts = question_facts(ctx.corpus)
    for r in ctx.result.rows:
        f = facts.get(r.question_id)
        if f is not None:
            yield r, f


def _listed(ids: list[str], limit: int = 5) -> str:
    shown = ", ".join(ids[:limit])
    return shown + (f" and {len(ids) - limit} more" if len(ids) > limit else "")


@result_rule(
    "RES012",
    "result-question-set",
    "corpus",
    example="2 questions of the corpus have no row: tme-for-2612-004, tme-for-2612-017",
)
def question_set(ctx: ResultContext) -> Iterator[Violation]:
    """Every question of the corpus appears exactly once, and no other question appears.

    A vector over a subset, or with a question counted twice, has a denominator nobody can
    reproduce; a skipped question is a row with outcome `unrun` and its reason."""
    assert ctx.result is not None and ctx.corpus is not None
    expected = [q.question_id for q in ctx.corpus.questions]
    counts = Counter(r.question_id for r in ctx.result.rows)
    missing = [q for q in expected if q not in counts]
    extra = sorted(set(counts) - set(expected))
    repeated = sorted(q for q, n in counts.items() if n > 1)
    if missing:
        yield Violation(
            None,
            f"{len(missing)} question(s) of the corpus have no row: {_listed(missing)}; add a "
            "row for each (outcome `unrun` with a reason if it was skipped)",
        )
    for q in repeated:
        yield Violation(q, f"appears in {counts[q]} rows; each question has exactly one row")
    for q in extra:
        yield Violation(q, f"is not a question of {ctx.result.corpus.corpus_id}; remove the row")


@result_rule(
    "RES013",
    "result-outcome-legal",
    "corpus",
    example="outcome premature on a forgetting question",
)
def outcome_legal(ctx: ResultContext) -> Iterator[Violation]:
    """Every outcome is legal for its question, and unrun / inconclusive rows carry a reason.

    `premature` exists only on Prospective before-arms (firing before the due instant); `missed`
    cannot occur where gold is itself a negative (never-known probes); a reason on a row with a
    verdict would be free text where none belongs."""
    for r, f in _rows_with_facts(ctx):
        profile = vertical(f.vertical)
        pairing = profile.pairing
        if r.outcome == "premature" and not (
            pairing is not None and pairing.premature and f.arm == pairing.first_arm
        ):
            where = f"a {f.vertical} {f.shape} question" + (f" ({f.arm} arm)" if f.arm else "")
            arms = ", ".join(
                f"{p.name} {p.pairing.first_arm}-arms"
                for p in BY_KEY.values()
                if p.pairing is not None and p.pairing.premature
            )
            yield Violation(
                r.question_id,
                f"outcome premature on {where}; premature exists only on {arms} — use the "
                "judge's verdict for this vertical",
            )
        shape = profile.shape(f.shape)
        if r.outcome == "missed" and shape is not None and shape.negative_gold:
            yield Violation(
                r.question_id,
                f"outcome missed on a {f.shape} question, whose gold is itself a negative; a "
                "confident negative there is correct",
            )
        if r.outcome in REASONED_OUTCOMES and not r.reason:
            yield Violation(
                r.question_id, f"outcome {r.outcome} needs a reason (why it was not measured)"
            )
        if r.outcome not in REASONED_OUTCOMES and r.reason:
            yield Violation(
                r.question_id,
                f"outcome {r.outcome} carries a reason; only unrun and inconclusive rows do — "
                "remove it",
            )


def _detail_violations(r: ResultRow, f: QuestionFacts) -> Iterator[str]:
    measured = r.outcome in MEASURED_OUTCOMES
    profile = vertical(f.vertical)
    states = profile.pairing.asserted_states if profile.pairing is not None else ()
    if states:
        if measured and r.asserted_state is None:
            yield (f"needs asserted_state ({' / '.join(states)}): pair consistency reads it")
        if r.outcome == "premature" and r.asserted_state not in (None, states[0]):
            yield f"is premature but asserted {r.asserted_state!r}; premature means {states[0]}"
    elif r.asserted_state is not None:
        having = ", ".join(
            p.name for p in BY_KEY.values() if p.pairing and p.pairing.asserted_states
        )
        yield f"carries asserted_state, which only {having} rows have"
    if r.asserted_items is not None and not f.set_answer:
        yield "carries asserted_items, which only set-answer (due-window) questions have"
    if not measured and (r.asserted_state or r.asserted_items or r.sub_label or r.list_order):
        yield f"is {r.outcome} (no verdict) but carries what a verdict asserted; remove it"
    if r.sub_label is not None:
        legal = profile.sub_label(r.sub_label)
        if legal is None or f.shape != legal.shape or r.outcome not in legal.outcomes:
            owner = next((p for p in BY_KEY.values() if p.sub_label(r.sub_label)), None)
            want = owner.sub_label(r.sub_label) if owner is not None else None
            need = (
                f"a {owner.name} {want.shape} question with outcome {' or '.join(want.outcomes)}"
                if owner is not None and want is not None
                else "a vertical that declares it"
            )
            yield f"sub_label {r.sub_label} needs {need} (found {f.vertical} {f.shape}, {r.outcome})"
    if f.list_order:
        yield from _list_order_violations(r, f)
    elif r.list_order is not None:
        yield "carries list_order, which only Episodic list-order rows have"


def _list_order_violations(r: ResultRow, f: QuestionFacts) -> Iterator[str]:
    lo = r.list_order
    if lo is None:
        if r.outcome in ("correct", "wrong"):
            yield "needs list_order (mentioned, pairs, inversions): list order is scored on them"
        return
    if f.list_length is not None and lo.mentioned > f.list_length:
        yield f"list_order mentions {lo.mentioned} items of a {f.list_length}-item list"
    if lo.pairs != lo.mentioned * (lo.mentioned - 1) // 2:
        yield f"list_order has {lo.pairs} pairs for {lo.mentioned} mentioned items (C(m, 2))"
    if lo.inversions > lo.pairs:
        yield f"list_order has {lo.inversions} inversions among {lo.pairs} pairs"
    if lo.inversions > 0 and r.outcome == "correct":
        yield "is correct with an inversion; any inversion among mentioned items is wrong"
    if lo.pairs > 0 and lo.inversions == 0 and r.outcome == "wrong":
        yield "is wrong with every mentioned pair in order; that is correct"
    if lo.pairs == 0 and r.outcome == "correct":
        yield "is correct with no ordered pair among mentioned items; nothing was ordered"


@result_rule(
    "RES014",
    "result-typed-detail",
    "corpus",
    example="sub_label stale-recall needs a Forgetting invalidated question with outcome wrong",
)
def typed_detail(ctx: ResultContext) -> Iterator[Violation]:
    """The judge's typed detail fits the question: asserted state on every measured Prospective
    row, items only on set answers, Forgetting sub-labels on the shape and outcome they name,
    and list-order scores that add up.

    Pair consistency is computed from asserted states and the Forgetting sub-counts from
    sub-labels; a detail on the wrong question would move a published figure."""
    for r, f in _rows_with_facts(ctx):
        for message in _detail_violations(r, f):
            yield Violation(r.question_id, message)


@result_rule(
    "RES015",
    "result-attribution",
    "corpus",
    example="evidence status present but per_gold_session marks a gold session absent",
)
def attribution(ctx: ResultContext) -> Iterator[Violation]:
    """Evidence attribution is present on every gold-bearing row, absent where there is no gold,
    and internally consistent (unobserved carries nothing; observed names its list and level).

    Unobserved is never guessed, and `present` means every gold session reached the list, so a
    per-session record that says otherwise contradicts the status."""
    for r, f in _rows_with_facts(ctx):
        e = r.evidence
        if f.gold_sessions == 0:
            if e is not None:
                yield Violation(
                    r.question_id,
                    "has no gold sessions, so evidence must be null (nothing to find)",
                )
            continue
        if e is None:
            yield Violation(
                r.question_id,
                "needs evidence (status present / absent / unobserved); use unobserved when the "
                "system supplied no evidence list",
            )
            continue
        if e.status == "unobserved":
            if e.source or e.level or e.per_gold_session is not None:
                yield Violation(
                    r.question_id, "evidence is unobserved but names a list, level or sessions"
                )
            continue
        if e.source is None or e.level is None:
            yield Violation(
                r.question_id,
                f"evidence status {e.status} needs its source (answer-context / retrieved) and "
                "level (reference / content)",
            )
        per = e.per_gold_session
        if per is not None:
            if len(per) != f.gold_sessions:
                yield Violation(
                    r.question_id,
                    f"per_gold_session has {len(per)} entries for {f.gold_sessions} gold sessions",
                )
            elif all(per) != (e.status == "present"):
                yield Violation(
                    r.question_id,
                    f"evidence status {e.status} contradicts per_gold_session {per}: present means "
                    "every gold session reached the list",
                )


@result_rule(
    "RES016",
    "result-coverage",
    "corpus",
    example="realised coverage 0.7 is not a multiple of 1/2 (2 gold sessions)",
)
def coverage(ctx: ResultContext) -> Iterator[Violation]:
    """Realised coverage is a share of the question's gold sessions (a multiple of 1/G), null
    where there is no gold, and per component wherever the question declares components.

    A question with nothing to retrieve would score a vacuous 1.0 that flatters every mean; and
    the statement-without-invalidation case is only visible per component."""
    assert ctx.corpus is not None
    sessions = _component_sessions(ctx)
    for r, f in _rows_with_facts(ctx):
        c = r.realised_coverage
        if c is None:
            continue
        if f.gold_sessions == 0:
            yield Violation(
                r.question_id,
                "has no gold sessions, so realised_coverage must be null (a vacuous 1.0 would "
                "inflate the mean)",
            )
            continue
        surfaced = c.value * f.gold_sessions
        if abs(surfaced - round(surfaced)) > 1e-6:
            yield Violation(
                r.question_id,
                f"realised coverage {c.value} is not a multiple of 1/{f.gold_sessions} "
                f"({f.gold_sessions} gold sessions)",
            )
            continue
        if f.gold_components and c.per_component is None:
            yield Violation(
                r.question_id,
                f"realised_coverage needs per_component ({f.gold_components} declared gold "
                "components, in declared order)",
            )
        elif c.per_component is not None:
            if len(c.per_component) != f.gold_components:
                yield Violation(
                    r.question_id,
                    f"per_component has {len(c.per_component)} entries for "
                    f"{f.gold_components} declared gold components",
                )
                continue
            comp = sessions[r.question_id]
            hit = {s for s, seen in zip(comp, c.per_component, strict=True) if seen}
            if len(hit) > round(surfaced):
                yield Violation(
                    r.question_id,
                    f"per_component marks {len(hit)} gold sessions surfaced but the coverage "
                    f"value {c.value} says {round(surfaced)}",
                )


def _component_sessions(ctx: ResultContext) -> dict[str, list[int]]:
    assert ctx.corpus is not None
    return {
        q.question_id: [c.session_index for c in (q.typedmemeval.gold_components or ())]
        for q in ctx.corpus.questions
    }


@result_rule(
    "RES017",
    "result-summary",
    "corpus",
    example="summary says correct 31, the rows say 30",
)
def summary(ctx: ResultContext) -> Iterator[Violation]:
    """A summary block, when present, equals what the rows recompute, count for count.

    Other leaderboards publish a headline nobody re-adds; here every figure is recomputed from
    per-question rows, and a summary that disagrees with them is refused."""
    assert ctx.result is not None and ctx.corpus is not None
    block = ctx.result.summary
    if block is None:
        return
    facts = question_facts(ctx.corpus)
    overall, by_shape = summary_counts(ctx.result.rows, facts)
    if block.n != len(ctx.result.rows):
        yield Violation(None, f"summary says n {block.n}, the file has {len(ctx.result.rows)} rows")
    for o in OUTCOMES:
        said = block.outcomes.get(o, 0)
        if said != overall[o]:
            yield Violation(None, f"summary says {o} {said}, the rows say {overall[o]}")
    if block.by_shape:
        for shape in sorted(set(block.by_shape) | set(by_shape)):
            said_shape = block.by_shape.get(shape)
            rows_shape = by_shape.get(shape)
            if said_shape is None or rows_shape is None:
                where = "the rows" if said_shape is None else "the summary"
                yield Violation(None, f"summary shape {_quote(shape)} is missing from {where}")
                continue
            for o in OUTCOMES:
                if said_shape.get(o, 0) != rows_shape[o]:
                    yield Violation(
                        None,
                        f"summary says {shape} {o} {said_shape.get(o, 0)}, the rows say "
                        f"{rows_shape[o]}",
                    )


# --- stage: ee ------------------------------------------------------------------------------


@result_rule(
    "RES020",
    "ee-probe-keys",
    "ee",
    example="probe pl_001:erase:after1 has no before-probe pl_001:erase:before1",
)
def ee_probe_keys(ctx: ResultContext) -> Iterator[Violation]:
    """EE probe keys are unique, numbered 1…k per episode, task and phase, and every probe has
    its other-phase partner; unrun / inconclusive verdicts carry a reason, others none.

    The four buckets cross the two phases per entity; a probe without its partner cannot be put
    in any bucket, and a gap in the numbering means a probe went missing."""
    assert ctx.ee is not None
    keys = [p.key for p in ctx.ee.probes]
    counts = Counter(keys)
    for key in sorted(k for k, n in counts.items() if n > 1):
        yield Violation(None, f"probe {key} appears {counts[key]} times; one verdict per probe")
    present = set(keys)
    slots: dict[tuple[str, str, str], list[int]] = {}
    for key in sorted(present):
        episode, task, phase, n = parse_key(key)
        slots.setdefault((episode, task, phase), []).append(n)
        if partner_key(key) not in present:
            yield Violation(
                None,
                f"probe {key} has no {'after' if phase == 'before' else 'before'}-probe "
                f"{partner_key(key)}; the buckets need both phases",
            )
        if task != "edit" and any(p.hop is not None for p in ctx.ee.probes if p.key == key):
            yield Violation(None, f"probe {key} carries a cascade hop; only edit probes have one")
    for (slot_episode, slot_task, slot_phase), ns in sorted(slots.items()):
        if sorted(ns) != list(range(1, len(ns) + 1)):
            yield Violation(
                None,
                f"{slot_episode}:{slot_task}:{slot_phase} probes are numbered {sorted(ns)}; n is 1-based and "
                "restarts per task and phase",
            )
    for p in ctx.ee.probes:
        if p.verdict in ("unrun", "inconclusive") and not p.reason:
            yield Violation(None, f"probe {p.key} is {p.verdict} and needs a reason")
        if p.verdict in ("correct", "wrong") and p.reason:
            yield Violation(None, f"probe {p.key} is {p.verdict} and carries a reason; remove it")


@result_rule(
    "RES021",
    "ee-rollup",
    "ee",
    example="rollup says real 5, the probes say 4",
)
def ee_rollup(ctx: ResultContext) -> Iterator[Violation]:
    """An EE rollup, when present, equals what the probes recompute: buckets, graded
    after-probes, accuracy = real ÷ graded, and per-task accuracy with absent tasks omitted.

    The score counts only `real`; a rollup that disagrees with its probes could hide a deletion
    score inflated by facts the system never learned."""
    assert ctx.ee is not None
    block = ctx.ee.rollup
    if block is None:
        return
    figures = ee_figures(ctx.ee.probes)
    if block.graded_after != figures.graded_after:
        yield Violation(
            None,
            f"rollup says graded_after {block.graded_after}, the probes say {figures.graded_after}",
        )
    said = block.buckets.model_dump()
    for name, n in figures.buckets.items():
        if said[name] != n:
            yield Violation(None, f"rollup says {name} {said[name]}, the probes say {n}")
    if (block.accuracy is None) != (figures.accuracy is None) or (
        block.accuracy is not None
        and figures.accuracy is not None
        and abs(block.accuracy - figures.accuracy) > ROUNDING
    ):
        yield Violation(
            None, f"rollup says accuracy {block.accuracy}, the probes say {figures.accuracy}"
        )
    recomputed = figures.task_accuracy
    for task in sorted(set(block.task_accuracy) | set(recomputed)):
        a, b = block.task_accuracy.get(task), recomputed.get(task)
        if a is None or b is None or abs(a - b) > ROUNDING:
            shown = "omitted" if b is None else f"{b}"
            yield Violation(
                None,
                f"rollup says {task} accuracy {a if a is not None else 'omitted'}, the probes "
                f"say {shown} (a task with no graded pair is omitted, never 0)",
            )


# --- wiring ---------------------------------------------------------------------------------


def _check(path: Path, options: Options, rules: list[Rule]) -> list[Finding]:
    return check_result_file(path, options.index_path, rules)


register_file_kind("result", claims, _check)
