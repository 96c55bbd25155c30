"""The thin adapter between submitted result files and the results pages.

Every file under `results/` is checked with the checker's own result rules, parsed, resolved
against the release index and aggregated by `checker.results` — the one place result numbers
are computed. Every file the site does not publish is listed with the reason: refused by the
checker, unreadable, a link or special file (judged from its directory entry, never opened),
directly under `results/`, or in a folder that is not a vertical. Paths are shown relative to
the repository, never as the building machine's absolute paths.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from checker.entries import (
    RESULTS_FOLDER,
    describe,
    inspect_entry,
    is_results_readme,
    walk_entries,
)
from checker.escape import escape, quoted
from checker.family import BY_KEY, VERTICALS
from checker.findings import MESSAGE_LIMIT, PATH_LIMIT
from checker.formats.result import EEResultFile, ResultFile
from checker.io import InputError
from checker.registry import all_rules
from checker.results.aggregate import aggregate
from checker.results.band import SAME_EXPERIMENT, BandRefused, band
from checker.results.ee import EEFigures, ee_figures
from checker.results.validate import check_result_file, load_result, resolve
from site_gen.results import (
    AgreementStratum,
    JudgeAgreement,
    RefusedFile,
    VerticalResults,
    unrun_reasons,
)

#: Where agreement records live, beside `results/`: `agreement/<vertical>/<system>/<run-id>.json`,
#: each the output of `typedmemeval agreement RULES.json MODEL.json --format json`.
AGREEMENT_FOLDER = "agreement"


@dataclass(frozen=True)
class EERun:
    """One EE result as the EE page shows it, with the checker's figures."""

    system: str
    system_version: str
    run_id: str
    run_date: str
    answer_model: str
    judge_model: str
    agent_conversation: str
    dataset_config: str
    figures: EEFigures


@dataclass
class ResultsView:
    """Every vertical's results, the EE runs, and the files that could not be published."""

    by_vertical: dict[str, VerticalResults] = field(
        default_factory=lambda: {v.key: VerticalResults(v) for v in VERTICALS}
    )
    ee: list[EERun] = field(default_factory=list)
    refused_ee: list[RefusedFile] = field(default_factory=list)
    #: Files under `results/` outside any vertical's or EE's folder.
    unplaced: list[RefusedFile] = field(default_factory=list)


EE_FOLDER = "ee"


def _vertical_of(path: Path, results_dir: Path) -> str | None:
    parts = path.relative_to(results_dir).parts
    return parts[0] if len(parts) > 1 else None


def repository_relative(text: str, root: Path) -> str:
    """`text` with the repository's absolute path (as given and as resolved) taken out of every
    path it names, so a page never shows where the site was built."""
    for prefix in sorted({str(root.absolute()), os.path.realpath(root)}, key=len, reverse=True):
        text = text.replace(prefix + os.sep, "").replace(prefix, ".")
    return text


def _shown_reason(reason: str, root: Path) -> str:
    return escape(repository_relative(reason, root), MESSAGE_LIMIT)


def _unplaced_reason(key: str | None) -> str | None:
    """Why a file in `results/<key>/…` is outside every published page, or None if it is not."""
    known = ", ".join([*sorted(BY_KEY), EE_FOLDER])
    if key is None:
        return (
            f"sits directly under {RESULTS_FOLDER}/; a result goes in "
            f"{RESULTS_FOLDER}/<vertical>/<system>/<run-id>.json"
        )
    if key not in BY_KEY and key != EE_FOLDER:
        return f"folder {quoted(key, 64)} is not a vertical (known: {known}); nothing in it is read"
    return None


def ee_run(ee: EEResultFile) -> EERun:
    """An EE result with its figures, computed by `checker.results.ee_figures`."""
    return EERun(
        system=ee.system.name,
        system_version=ee.system.version,
        run_id=ee.run_id,
        run_date=ee.run_date.isoformat(),
        answer_model=ee.answer_model,
        judge_model=ee.judge.model,
        agent_conversation=ee.agent_conversation,
        dataset_config=ee.dataset.config,
        figures=ee_figures(ee.probes),
    )


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"not a count: {value!r}")
    return value


def agreement_record(data: object) -> tuple[str, JudgeAgreement]:
    """A parsed agreement record and its vertical; ValueError names what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    try:
        judges = data["judges"]
        strata = data["strata"]
        texts = [data[k] for k in ("vertical", "corpus_sha256", "system", "run_id")]
    except KeyError as exc:
        raise ValueError(f"missing field {exc}") from None
    if not all(isinstance(t, str) for t in texts):
        raise ValueError("vertical, corpus_sha256, system and run_id must be strings")
    if not isinstance(judges, list) or not isinstance(strata, dict):
        raise ValueError("judges must be a list and strata an object")
    prints = frozenset(str(j.get("fingerprint")) for j in judges if isinstance(j, dict))
    models = tuple(str(j.get("model")) for j in judges if isinstance(j, dict))
    rows = []
    order = ["all", *sorted(k for k in strata if k != "all")]
    for label in order:
        if label not in strata:
            continue
        st = strata[label]
        if not isinstance(st, dict):
            raise ValueError(f"stratum {label!r} is not an object")
        kappa = st.get("kappa")
        if kappa is not None and (isinstance(kappa, bool) or not isinstance(kappa, int | float)):
            raise ValueError(f"stratum {label!r}: kappa is not a number")
        n, agreed = _count(st.get("n")), _count(st.get("agreed"))
        if agreed > n:
            raise ValueError(f"stratum {label!r}: {agreed} agreed of {n}")
        rows.append(AgreementStratum(str(label), n, agreed, kappa, _count(st.get("unmeasured"))))
    vertical, sha, system, run_id = texts
    return vertical, JudgeAgreement(sha, system, run_id, prints, tuple(rows), models)


def load_agreements(view: ResultsView, folder: Path) -> None:
    """Every agreement record under `folder`, onto its vertical's page; a record that cannot be
    read is listed with the reason."""
    if not folder.is_dir():
        return
    root = folder.parent
    for listed in walk_entries(folder):
        shown = escape(str(listed.path.relative_to(root)), PATH_LIMIT)
        if listed.kind != "file":
            view.unplaced.append(RefusedFile(shown, f"is {describe(listed.kind)}, never opened"))
            continue
        try:
            vertical, record = agreement_record(json.loads(listed.path.read_text("utf-8")))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            reason = f"not an agreement record: {exc}"
            view.unplaced.append(RefusedFile(shown, _shown_reason(reason, root)))
            continue
        target = view.by_vertical.get(vertical)
        if target is None:
            view.unplaced.append(RefusedFile(shown, f"unknown vertical {escape(vertical)}"))
            continue
        target.agreements.append(record)


def load_results(
    results_dir: Path, index_path: Path, agreement_dir: Path | None = None
) -> ResultsView:
    """Check, aggregate and band every result file under `results_dir`; read the agreement
    records (default: `agreement/` beside it)."""
    view = ResultsView()
    load_agreements(view, agreement_dir or results_dir.parent / AGREEMENT_FOLDER)
    if not results_dir.is_dir():
        return view
    rules = [r for r in all_rules() if r.scope == "result"]
    root = results_dir.parent
    sets: dict[str, dict[tuple[object, ...], list[tuple[str, ResultFile]]]] = {}
    for listed in walk_entries(results_dir):  # links are listed, never followed
        path = listed.path
        if is_results_readme(inspect_entry(path)):
            continue
        shown = escape(str(path.relative_to(root)), PATH_LIMIT)
        key = _vertical_of(path, results_dir)
        unplaced = _unplaced_reason(key)
        if unplaced is not None:
            if listed.kind != "file":
                unplaced = f"is {describe(listed.kind)} (never opened or followed), and {unplaced}"
            view.unplaced.append(RefusedFile(shown, unplaced))
            continue
        target = view.by_vertical.get(key) if key else None
        refused = target.refused if target else view.refused_ee
        try:
            findings = check_result_file(path, index_path if index_path.is_file() else None, rules)
            if findings:
                first = findings[0]
                reason = f"{len(findings)} checker findings, first {first.code}: {first.message}"
                refused.append(RefusedFile(shown, _shown_reason(reason, root)))
                continue
            model = load_result(path)
            if isinstance(model, EEResultFile):
                view.ee.append(ee_run(model))
                continue
            resolved = resolve(path, model, index_path if index_path.is_file() else None)
            agg = aggregate(model, resolved.corpus)
        except InputError as exc:
            # The result's own path is shown beside the reason; another file's path is kept.
            reason = exc.message if exc.path == escape(str(path), PATH_LIMIT) else str(exc)
            refused.append(RefusedFile(shown, _shown_reason(reason, root)))
            continue
        except ValueError as exc:
            refused.append(RefusedFile(shown, _shown_reason(str(exc), root)))
            continue
        vertical_key = resolved.entry.vertical
        if vertical_key not in BY_KEY:
            view.unplaced.append(RefusedFile(shown, f"unknown vertical {escape(vertical_key)}"))
            continue
        view.by_vertical[vertical_key].runs.append(agg)
        view.by_vertical[vertical_key].unrun[(agg.system, agg.run_id)] = unrun_reasons(
            [r.reason for r in model.rows if r.outcome == "unrun"]
        )
        experiment = (
            *(read(model) for _, read in SAME_EXPERIMENT),
            model.system.name,
            model.system.version,
        )
        sets.setdefault(vertical_key, {}).setdefault(experiment, []).append((model.run_id, model))
    for vertical_key, groups in sets.items():
        target = view.by_vertical[vertical_key]
        for runs in groups.values():
            if len(runs) < 2:
                continue
            try:
                target.bands.append(band(sorted(runs, key=lambda x: x[0])))
            except BandRefused as exc:
                target.band_refusals.append(str(exc))
    view.ee.sort(key=lambda r: (r.system.casefold(), r.run_date, r.run_id))
    return view
