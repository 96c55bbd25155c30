"""`typedmemeval check --self-test`: the separability gate checks itself, and so do the rules
beyond it that a planted defect can name.

1. A clean corpus (built in memory, or `--self-test-base PATH`) must pass every SEP rule,
   learned adversaries included, and every rule a plant of another family names (IDN004,
   TIM003, CAL003, SHC001–SHC003; not LNG, whose control rewrites every turn).
2. Each defect class in the defect history (docs/history.md) is planted into a copy, and the rule
   that must refuse it has to (with the finding that names the defect); the cases that must not be
   refused — a phrase that exists only across a punctuation boundary, a feature exempt with a
   reason, arms drawn alike, a thin ladder honestly stamped unvalidated — must pass.
3. False-refusal calibration: thousands of features are tested, so the single-feature gate,
   with the haystack-relative adversary on, is run on 20 copies with gold labels shuffled
   within question and may refuse at most one (the distribution test's family-wise condition
   is what holds the table there; see `policy`). The answer-from-metadata adversary gets the
   same on 20 copies of the base asked as before/after pairs whose arms are drawn alike, arm
   labels shuffled within each pair. (The numeric and n-gram adversaries carry their own
   shuffled-label twin on every run; they are not re-run here.)

Exit 0 when everything holds, 1 otherwise. An instrument that has been wrong needs a
calibration check of its own.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

import numpy as np

from checker.context import CorpusContext
from checker.family import K_REF
from checker.findings import Finding
from checker.formats.separability import Exemption, SeparabilityRecord
from checker.formats.sidecar import CeilingRecord, GeneratorInfo, Sidecar, StructureRecord
from checker.load import LoadedCorpus, load_any
from checker.registry import all_rules, run
from checker.selftest_plants import RULE_PLANTS, SHORTCUT_PLANTS
from checker.separability import measure_separability, refusals
from checker.separability.gate import distinct_haystacks, relabelled, table
from checker.separability.metadata import metadata_adversary
from checker.separability.plants import PLANTS, Plant, Planted, Skip, arms_alike
from checker.separability.stats import cross_question_auc
from checker.separability.synthetic import build_clean_corpus, rebuilt

CALIBRATION_COPIES = 20
CALIBRATION_ALLOWED = 1
SEED = 0
#: V7's plants, then those of the rules beyond V7 (identifiers, time expressions, ladders,
#: shortcuts, wording).
ALL_PLANTS: tuple[Plant, ...] = PLANTS + RULE_PLANTS + SHORTCUT_PLANTS
#: Rules the clean base is not held to: its turns come from a few dozen templates, so its
#: wording is stock by construction. Their plants rewrite every turn, and the rewrite from a
#: varied grammar is the twin that must pass.
_TEMPLATE_BASE_CODES = ("LNG001", "LNG002")
_TABLE_CODES = ("SEP001", "SEP002", "SEP003", "SEP005", "SEP006", "SEP007")


def load_base(path: Path | None) -> LoadedCorpus:
    """The clean base: the synthetic corpus, or a corpus file (ours with its sidecar when it has
    one; otherwise read leniently)."""
    if path is None:
        return build_clean_corpus(seed=SEED)
    return load_any(path)


def _in_memory_sidecar(corpus: LoadedCorpus) -> Sidecar:
    """A sidecar for an in-memory corpus that has none, so exemptions and a stamped record can
    be declared the way a shipped corpus declares them; only the SEP rules read it."""
    g: dict[str, int] = {}
    for qi in range(len(corpus.questions)):
        key = str(len(corpus.gold_indices(qi)))
        g[key] = g.get(key, 0) + 1
    sizes = [len(q.haystack_sessions) - len(q.answer_session_ids) for q in corpus.questions]
    return Sidecar(
        corpus_id="typedmemeval-selftest-0000.01",
        vertical=corpus.vertical() or "selftest",
        revision="0000.01",
        question_count=len(corpus.questions),
        corpus_sha256=corpus.sha256,
        generator=GeneratorInfo(module="checker.separability.synthetic", version="1", seed=SEED),
        k_ref=K_REF,
        structure=StructureRecord(
            g_distribution=g,
            h_min=min(sizes),
            h_max=max(sizes),
            gold_position_shuffled=True,
            shape_counts={},
        ),
        ceiling=CeilingRecord(k_ref=K_REF, by_g={}, min=1.0),
    )


def _with_declarations(
    corpus: LoadedCorpus, exemptions: list[Exemption], stamped: SeparabilityRecord | None
) -> LoadedCorpus:
    """Declare exemptions (and a stamped record) as a sidecar would, keeping any real one."""
    if corpus.sidecar is None and not exemptions and stamped is None:
        return corpus
    sidecar = corpus.sidecar or _in_memory_sidecar(corpus)
    corpus.sidecar = sidecar.model_copy(update={"exemptions": exemptions, "separability": stamped})
    return corpus


def _exemptions(corpus: LoadedCorpus) -> list[Exemption]:
    return list(corpus.sidecar.exemptions) if corpus.sidecar is not None else []


#: The learned adversaries: the numeric and n-gram models, the haystack-relative one and the
#: answer-from-metadata one.
_ADVERSARY_CODES = ("SEP004", "SEP008", "SEP009")


def findings(corpus: LoadedCorpus, *, adversary: bool, only: Iterable[str] = ()) -> list[Finding]:
    """The V7 table's findings (and the adversaries'), or those of the rules in `only`."""
    codes = set(only) or set(_TABLE_CODES) | (set(_ADVERSARY_CODES) if adversary else set())
    rules = [r for r in all_rules() if r.code in codes]
    return run(rules, "corpus", CorpusContext(corpus=corpus), corpus.display)


def _clean_codes() -> set[str]:
    """Every rule the clean base must pass: the V7 table, the adversaries, and each rule a
    plant of another family runs."""
    planted = {c for p in ALL_PLANTS for c in p.rules} - set(_TEMPLATE_BASE_CODES)
    return set(_TABLE_CODES) | set(_ADVERSARY_CODES) | planted


def _check_plant(base: LoadedCorpus, plant: Plant, out: TextIO) -> bool:
    built = plant.build(base, random.Random(SEED))
    if isinstance(built, Skip):
        out.write(f"  [skip] {plant.name}: {built.reason}\n")
        return True
    planted: Planted = built
    corpus = rebuilt(base, planted.questions)
    # The base's own exemptions still hold; its stamped record does not describe the copy.
    kept = [e for e in _exemptions(base) if e.feature not in planted.withdraw]
    _with_declarations(corpus, kept + planted.exemptions, planted.stamped)
    found = findings(corpus, adversary=plant.adversary, only=plant.rules)
    by_code: dict[str, list[str]] = {}
    for f in found:
        by_code.setdefault(f.code, []).append(f.message)
    problems: list[str] = []
    if not plant.expect:
        if found:
            problems.append("refused: " + "; ".join(f"{f.code} {f.message}" for f in found[:3]))
        verdict = "not refused"
    else:
        hits = [
            (code, m)
            for code in plant.expect
            for m in by_code.get(code, [])
            if re.search(planted.evidence, m)
        ]
        if not hits:
            fired = {c: len(m) for c, m in sorted(by_code.items())}
            problems.append(
                f"no {'/'.join(plant.expect)} finding matching /{planted.evidence}/ "
                f"(fired: {fired or 'nothing'})"
            )
            verdict = "NOT refused as required"
        else:
            code, message = hits[0]
            verdict = f"{code} {message.split(';')[0]}"
            # A distribution refusal also shows how far it clears the family-wise condition.
            adjusted = re.search(r"family-wise p = ([0-9.e-]+)", message)
            if adjusted:
                verdict += f"; family-wise p {adjusted.group(1)}"
        for code in planted.silent:
            loud = [m for m in by_code.get(code, []) if re.search(planted.silent_evidence, m)]
            if loud:
                problems.append(f"{code} must stay silent here but reported: {loud[0]}")
    extra = _extra_check(plant, corpus)
    if extra:
        problems.append(extra)
    ok = not problems
    mark = "ok" if ok else "FAIL"
    out.write(f"  [{mark}] {plant.name} -> {verdict}\n")
    if planted.note:
        out.write(f"         ({planted.note})\n")
    for p in problems:
        out.write(f"         problem: {p}\n")
    return ok


def _extra_check(plant: Plant, corpus: LoadedCorpus) -> str:
    """Plant-specific claims beyond "the rule fired" (e.g. that pooling really hides it)."""
    if plant.build.__name__ == "length_pooling_hides":
        built = table(corpus, seed=SEED)
        column = built.numeric.names.index("session.chars")
        across = cross_question_auc(built.numeric.values[:, column], built.layout.gold)
        within = float(built.stats.auc[column])
        if not across < 0.75 <= within:
            return (
                f"pooling across questions should hide it: across {across:.3f}, within {within:.3f}"
            )
    if plant.build.__name__ == "across_boundary":
        built = table(corpus, seed=SEED)
        if "enough also" in built.ngrams.phrases:
            return "the phantom phrase 'enough also' became an n-gram candidate"
    return ""


def shuffled_copies(
    corpus: LoadedCorpus, copies: int = CALIBRATION_COPIES
) -> Iterator[LoadedCorpus]:
    """The calibration's copies: gold labels shuffled within question (each question keeps its
    G), seeded per copy, sharing the corpus's text measurements."""
    # Shuffle on the distinct haystacks: the arms of a pair are one observation, and giving
    # each arm its own random gold would invent independent haystacks that share sessions.
    base = distinct_haystacks(corpus)
    for k in range(copies):
        rng = np.random.default_rng(1000 + k)
        gold = [
            sorted(rng.choice(len(q.haystack_sessions), len(base.gold_indices(qi)), replace=False))
            for qi, q in enumerate(base.questions)
        ]
        yield relabelled(base, [[int(i) for i in g] for g in gold])


def _calibrate(corpus: LoadedCorpus, out: TextIO) -> bool:
    refused = 0
    for k, copy in enumerate(shuffled_copies(corpus)):
        record = measure_separability(
            copy, _exemptions(corpus), adversary=False, seed=SEED, haystack=True
        )
        reasons = refusals(record)
        if reasons:
            refused += 1
            out.write(f"  copy {k}: refused — {reasons[0]}\n")
    ok = refused <= CALIBRATION_ALLOWED
    out.write(
        f"  [{'ok' if ok else 'FAIL'}] false-refusal calibration: {refused} of "
        f"{CALIBRATION_COPIES} label-shuffled copies refused (allowed {CALIBRATION_ALLOWED}; "
        "single-feature table and haystack-relative adversary)\n"
    )
    return ok


def arm_shuffled_copies(
    corpus: LoadedCorpus, copies: int = CALIBRATION_COPIES
) -> Iterator[LoadedCorpus]:
    """Copies of a paired corpus whose two arm labels are swapped within each pair by a coin
    (seeded per copy): what the metadata adversary sees when the arm carries no signal."""
    for k in range(copies):
        rng = random.Random(2000 + k)
        questions = [q.model_copy(deep=True) for q in corpus.questions]
        by_pair: dict[str, list[int]] = {}
        for i, q in enumerate(questions):
            if q.typedmemeval is not None and q.typedmemeval.pair_id:
                by_pair.setdefault(q.typedmemeval.pair_id, []).append(i)
        for members in by_pair.values():
            if len(members) == 2 and rng.random() < 0.5:
                a, b = (questions[i].typedmemeval for i in members)
                assert a is not None and b is not None
                a.arm, b.arm = b.arm, a.arm
        yield rebuilt(corpus, questions)


def _calibrate_metadata(base: LoadedCorpus, out: TextIO) -> bool:
    built = arms_alike(base, random.Random(SEED))
    if isinstance(built, Skip):
        out.write(f"  [skip] metadata false-refusal calibration: {built.reason}\n")
        return True
    paired = rebuilt(base, built.questions)
    refused = 0
    for k, copy in enumerate(arm_shuffled_copies(paired)):
        record = metadata_adversary(copy, SEED)
        if record.verdict == "refused":
            refused += 1
            out.write(
                f"  copy {k}: refused — accuracy {record.accuracy} against {record.majority}, "
                f"AUC {record.auc}\n"
            )
    ok = refused <= CALIBRATION_ALLOWED
    out.write(
        f"  [{'ok' if ok else 'FAIL'}] false-refusal calibration: {refused} of "
        f"{CALIBRATION_COPIES} arm-shuffled paired copies refused by the answer-from-metadata "
        f"adversary (allowed {CALIBRATION_ALLOWED})\n"
    )
    return ok


def run_self_test(base_path: Path | None, out: TextIO, only: Sequence[str] = ()) -> int:
    """Run the self-test; returns the exit code (0 all held, 1 otherwise)."""
    started = time.perf_counter()
    base = load_base(base_path)
    label = str(base_path) if base_path else "synthetic clean corpus (seed 0)"
    sessions = sum(len(q.haystack_sessions) for q in base.questions)
    out.write(f"self-test on {label}: {len(base.questions)} questions, {sessions} sessions\n")
    record = measure_separability(
        base, _exemptions(base), adversary=True, seed=SEED, haystack=True, metadata=True
    )
    dirty = findings(base, adversary=True, only=_clean_codes())
    clean = not dirty
    adv = ", ".join(
        f"{a.name} {a.auc:.3f} (shuffled {a.shuffled_auc:.3f})" for a in record.adversaries
    )
    if record.haystack_adversary is not None:
        hay = record.haystack_adversary
        adv += f", haystack {hay.auc:.3f} (shuffled {hay.shuffled_auc:.3f})"
    if record.metadata_adversary is not None:
        meta = record.metadata_adversary
        adv += (
            f", metadata {meta.status}"
            if meta.status == "skipped"
            else f", metadata lift {meta.lift} (shuffled {meta.shuffled_lift})"
        )
    beyond = sorted(c for c in _clean_codes() if not c.startswith("SEP"))
    out.write(
        f"  [{'ok' if clean else 'FAIL'}] clean base passes: worst feature {record.worst_feature} "
        f"{record.worst_auc}; adversaries {adv}; and {', '.join(beyond)} silent\n"
    )
    if not clean:
        for reason in refusals(record)[:8]:
            out.write(f"         refusal: {reason}\n")
        for f in dirty:
            if not f.code.startswith("SEP"):
                out.write(f"         {f.code}: {f.message}\n")
        out.write(
            "self-test FAILED: the base corpus is refused, so planted defects prove nothing\n"
        )
        return 1
    results: list[bool] = [clean]
    for plant in ALL_PLANTS:
        if only and not any(o in plant.name for o in only):
            continue
        results.append(_check_plant(base, plant, out))
    if not only:
        results.append(_calibrate(base, out))
        results.append(_calibrate_metadata(base, out))
    elapsed = time.perf_counter() - started
    held = sum(results)
    verdict = "passed" if all(results) else "FAILED"
    out.write(f"self-test {verdict}: {held} of {len(results)} checks held ({elapsed:.1f} s)\n")
    return 0 if all(results) else 1
