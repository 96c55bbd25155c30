"""The checker's programmatic entry points; the CLI is a thin layer over these."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from checker.applicability import NotApplicable
from checker.context import CorpusContext
from checker.entries import Listed, inspect_entry, is_results_readme, walk_entries
from checker.findings import Finding
from checker.formats.sidecar import ReleaseIndex
from checker.io import InputError, read_head
from checker.load import LoadedCorpus, load_foreign, load_index, load_with_sidecar
from checker.registry import Rule, all_rules, run, selected

INDEX_NAME = "index.json"


@dataclass
class Options:
    select: Sequence[str] | None = None
    ignore: Sequence[str] | None = None
    index_path: Path | None = None
    #: `audit`: run the house-format rules (our id scheme and record layout) too.
    house_rules: bool = False
    #: `audit`: the largest file read (None: `checker.importers.foreign.DEFAULT_MAX_BYTES`).
    max_bytes: int | None = None


@dataclass
class CheckOutcome:
    findings: list[Finding] = field(default_factory=list)
    corpora: list[LoadedCorpus] = field(default_factory=list)
    #: Files checked, by kind.
    files: dict[str, list[Path]] = field(default_factory=dict)
    #: Files that could not be read at all (each is one line for the user; exit 2).
    errors: list[InputError] = field(default_factory=list)
    #: `audit`: rules left out, grouped by what the corpus lacks.
    not_applicable: list[NotApplicable] = field(default_factory=list)


#: File kinds other than corpora (results register here): name → (claims(path, head), check).
FileCheck = Callable[[Path, Options, list[Rule]], list[Finding]]
FILE_KINDS: dict[str, tuple[Callable[[Path, bytes], bool], FileCheck]] = {}


def register_file_kind(name: str, claims: Callable[[Path, bytes], bool], check: FileCheck) -> None:
    FILE_KINDS[name] = (claims, check)


def find_index(start: Path) -> Path | None:
    """The release index nearest above `start` (its own folder, then each parent)."""
    here = start.resolve()
    for folder in [here, *here.parents] if here.is_dir() else here.parents:
        candidate = folder / INDEX_NAME
        if candidate.is_file():
            return candidate
    return None


def _walked(listed: Listed) -> bool:
    """Whether an entry met while walking a folder is checked: under `results/`, everything but
    the README (links and special files too, so that the result rules refuse them by name);
    elsewhere, JSON files (sidecars and the index are read with their corpus) and any link or
    special file named like one."""
    entry = inspect_entry(listed.path)
    if entry.under_results:
        return not is_results_readme(entry)
    name = listed.path.name
    if listed.kind == "link" and (name.endswith(".json") or listed.path.is_dir()):
        return True  # reported, never followed
    return name.endswith(".json") and not name.endswith(".meta.json") and name != INDEX_NAME


def expand(paths: Sequence[Path]) -> list[Path]:
    """Files to check: files as given; folders walked (never through a link) for `*.json`, and
    for everything under `results/` but its README."""
    out: list[Path] = []
    for p in paths:
        entry = inspect_entry(p)
        if entry.kind == "folder":
            out.extend(listed.path for listed in walk_entries(p) if _walked(listed))
        elif entry.kind != "missing" or entry.linked_folder is not None:
            out.append(p)  # a link or special file given by name is refused when checked
        else:
            raise InputError(p, "no such file or folder")
    if not out:
        raise InputError(", ".join(str(p) for p in paths), "no JSON files to check")
    return out


def _head(path: Path) -> bytes:
    """The first bytes of a regular file, to tell its kind (only ever called on one)."""
    return read_head(path).lstrip(b"\xef\xbb\xbf \t\r\n")


def _index_for(path: Path, options: Options) -> tuple[ReleaseIndex | None, Path | None]:
    index_path = options.index_path or find_index(path)
    if index_path is None:
        return None, None
    return load_index(index_path), index_path


def check_corpus(
    corpus: LoadedCorpus, index: ReleaseIndex | None, rules: list[Rule]
) -> list[Finding]:
    ctx = CorpusContext(corpus=corpus, index=index)
    return run(rules, "corpus", ctx, corpus.display)


def check_paths(paths: Sequence[Path], options: Options | None = None) -> CheckOutcome:
    """Check our corpora (with sidecars) and any registered file kind (results)."""
    options = options or Options()
    rules = selected(all_rules(), options.select, options.ignore)
    outcome = CheckOutcome()
    for path in expand(paths):
        try:
            _check_one(path, options, rules, outcome)
        except InputError as exc:
            # One unreadable file must not hide the findings in the others.
            outcome.errors.append(exc)
    outcome.findings.sort(key=Finding.sort_key)
    return outcome


def _check_one(path: Path, options: Options, rules: list[Rule], outcome: CheckOutcome) -> None:
    entry = inspect_entry(path)
    # Judged from the directory entry before anything is opened: a link, FIFO, device or socket
    # is never read (under results/ the result rules refuse it by name).
    head = _head(path) if entry.regular and entry.linked_folder is None else b""
    # Registered kinds first: results claim everything under results/ (arrays, oversized
    # files and links included), so a submission is never read as a corpus.
    claimed = [(n, check) for n, (claims, check) in FILE_KINDS.items() if claims(path, head)]
    if claimed:
        name, check = claimed[0]
        outcome.files.setdefault(name, []).append(path)
        outcome.findings.extend(check(path, options, rules))
        return
    if entry.linked_folder is not None:
        raise InputError(
            path,
            f"climbs out of the linked folder {entry.linked_folder} with '..'; the checker never "
            "follows a link (it was not opened; pass the path without '..')",
        )
    if not entry.regular:
        what = "a folder link" if entry.kind == "link" and path.is_dir() else entry.describe()
        raise InputError(
            path,
            f"is {what}, not a regular file; the checker reads regular files only and never "
            "follows a link (it was not opened; pass the file itself)",
        )
    if not head.startswith(b"{"):  # an array, or unreadable: the corpus loader says which
        corpus = load_with_sidecar(path)
        index, _ = _index_for(path, options)
        outcome.corpora.append(corpus)
        outcome.files.setdefault("corpus", []).append(path)
        outcome.findings.extend(check_corpus(corpus, index, rules))
        return
    raise InputError(
        path,
        "the top level is an object, but a corpus is a JSON array of questions "
        "(and no other file kind the checker knows claims this file)",
    )


def audit(path: Path, options: Options | None = None) -> CheckOutcome:
    """Check a foreign LongMemEval-shaped corpus with every rule that applies to it; the rest
    are listed as not applicable, with the reason (`checker.applicability`)."""
    from checker.auditing import run_audit

    options = options or Options()
    rules = selected(all_rules(), options.select, options.ignore)
    corpus = load_foreign(path, max_bytes=options.max_bytes)
    done = run_audit(corpus, rules, house_rules=options.house_rules, chosen=options.select)
    return CheckOutcome(
        findings=done.findings,
        corpora=[corpus],
        files={"corpus": [path]},
        not_applicable=done.not_applicable,
    )
