"""The model-dependent validity probes: what each asks, how it samples, which questions it applies
to, and what a record of it may say.

Shared by the probe runner (`checker.runner.probe`) and the checker's record rules, so that a
stamped record's denominator is recomputed from the corpus rather than trusted.

Applicability, with its own denominator per probe:
- every probe skips questions whose gold is itself a negative (never-known probes): "I have no
  way of knowing" is both their gold and what any model with no context says, so V1 and V2
  would measure nothing there, and V8/V9 keep V1's denominator so that V1 − V9 and V8 − V9
  compare like with like;
- V3 and V6 need gold to carry a specific value, so they also skip the arms a profile declares
  valueless (a "not yet" whose content the question already implies);
- V6 runs only where a question declares its gold components load-bearing, ablating each
  component in turn; components declared redundant, and questions with fewer than two, are
  skipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from checker.family import BY_KEY
from checker.formats.corpus import Question
from checker.formats.sidecar import ProbeRecord

Context = Literal["gold", "none", "distractors", "leave-one-out", "haystack", "bm25"]


@dataclass(frozen=True)
class Probe:
    """One probe."""

    name: str
    title: str
    #: What reaches the reference model.
    context: Context
    #: Samples per question (per ablated component for V6).
    samples: int
    #: Sampled probes: a question fails when this many samples reproduce gold. None: the
    #: question's outcome is the judged outcome of its one sample.
    reject_at: int | None = None


PROBES: dict[str, Probe] = {
    p.name: p
    for p in (
        Probe("v1", "V1 oracle answerability: answered from the gold sessions alone", "gold", 1),
        Probe("v2", "V2 non-inferability: not answered with no context", "none", 10, 2),
        Probe(
            "v3", "V3 gold-ablated: not answered from the distractors alone", "distractors", 3, 1
        ),
        Probe(
            "v6",
            "V6 leave-one-out: each load-bearing component is needed",
            "leave-one-out",
            3,
            1,
        ),
        Probe("v8", "V8 full haystack: answered given every session", "haystack", 1),
        Probe(
            "v9", "V9 BM25 top-K: answered given the reference retriever's top sessions", "bm25", 1
        ),
    )
}

#: Per-question values of a judged probe (V1, V8, V9).
JUDGED_VALUES = ("correct", "wrong", "abstained", "missed", "premature", "inconclusive")
#: Per-question values of a sampled probe (V2, V3, V6): pass, fail (gold reproduced by
#: `reject_at` samples or more), or inconclusive (too few verdicts to decide).
SAMPLED_VALUES = ("pass", "fail", "inconclusive")
#: V1 pair values: both arms correct (gold flips, so the answers differ), or not.
PAIR_VALUES = ("flipped", "not-flipped", "inconclusive")
#: Probes whose prompt depends on the corpus hash itself, so no record of them can be carried to
#: other bytes: V9 shows the BM25 top-K sessions, and ties at the K boundary are broken by an
#: order seeded from the session handles, which hash the corpus (`checker.runner.view`). V1–V8
#: show fixed sessions in haystack order and never the handles.
HASH_BOUND = frozenset({"v9"})


def values_for(probe: Probe) -> tuple[str, ...]:
    return SAMPLED_VALUES if probe.reject_at is not None else JUDGED_VALUES


def _gold(question: Question) -> list[int]:
    gold = set(question.answer_session_ids)
    return [i for i, sid in enumerate(question.haystack_session_ids) if sid in gold]


def components(question: Question) -> list[tuple[str, int]]:
    """(label, session index) of each distinct gold component, in declared order: the declared
    gold components (less those declared not load-bearing), else the derivation's inputs."""
    block = question.typedmemeval
    found: list[tuple[str, int]] = []
    if block.gold_components:
        found = [
            (c.kind, c.session_index) for c in block.gold_components if c.load_bearing is not False
        ]
    elif block.derivation is not None:
        found = [(f"input {i + 1}", x.session_index) for i, x in enumerate(block.derivation.inputs)]
    seen: set[int] = set()
    out = []
    for label, si in found:
        if si not in seen:
            seen.add(si)
            out.append((f"{label} (session {si})", si))
    return out


def rivals_of(question: Question, session_index: int) -> tuple[int, ...]:
    """The sessions a component in `session_index` declares as its rivals (V6 shows them in
    its place), in haystack order; none when it declares none."""
    found: set[int] = set()
    for c in question.typedmemeval.gold_components or ():
        if c.session_index == session_index and c.rivals:
            found.update(c.rivals)
    return tuple(sorted(found))


def leave_one_out(question: Question, gold: Sequence[int], session_index: int) -> tuple[int, ...]:
    """What V6 shows when the component in `session_index` is left out: the rest of gold and
    the component's declared rivals, in haystack order."""
    kept = {g for g in gold if g != session_index} | set(rivals_of(question, session_index))
    kept.discard(session_index)
    return tuple(sorted(kept))


def not_applicable(probe: str, question: Question) -> str | None:
    """Why `probe` does not apply to `question`, or None when it does."""
    block = question.typedmemeval
    profile = BY_KEY[block.vertical]
    shape = profile.shape(block.shape)
    if shape is not None and shape.negative_gold:
        return "gold is itself a negative"
    if probe in ("v3", "v6") and block.arm in profile.judge.valueless_arms:
        return "gold carries no specific value"
    if probe == "v6":
        if block.gold_components_redundant:
            return "components declared redundant"
        declared = any(c.load_bearing for c in block.gold_components or ())
        if not block.gold_components_load_bearing and not declared:
            return "components not declared load-bearing"
        if len(components(question)) < 2:
            return "fewer than two components"
    return None


def applicable(probe: str, questions: Sequence[Question]) -> list[str]:
    """Ids of the questions `probe` applies to, in corpus order."""
    return [q.question_id for q in questions if not_applicable(probe, q) is None]


def pair_ids(questions: Sequence[Question]) -> dict[str, list[str]]:
    """V1 pairs: pair id → the ids of its applicable arms (pairs with at least two)."""
    arms: dict[str, list[str]] = {}
    for q in questions:
        pid = q.typedmemeval.pair_id
        if pid and not_applicable("v1", q) is None:
            arms.setdefault(pid, []).append(q.question_id)
    return {pid: ids for pid, ids in sorted(arms.items()) if len(ids) >= 2}


def sampled_value(probe: Probe, hits: int, undecided: int) -> str:
    """fail once hits reach the rejection threshold; pass when the undecided samples could not
    reach it either; otherwise inconclusive."""
    assert probe.reject_at is not None
    if hits >= probe.reject_at:
        return "fail"
    if hits + undecided < probe.reject_at:
        return "pass"
    return "inconclusive"


def passed(probe: Probe, value: str) -> bool | None:
    """Whether one question's value counts as passing (None: not decided)."""
    if value == "inconclusive":
        return None
    if probe.reject_at is not None:
        return value == "pass"
    return value == "correct"


# --- reading a record ---------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """A probe's result over one stratum: passing questions over decided ones."""

    label: str
    passed: int
    decided: int
    applicable: int

    @property
    def undecided(self) -> int:
        return self.applicable - self.decided


def tallies(probe: Probe, outcomes: dict[str, str], questions: Sequence[Question]) -> list[Tally]:
    """The whole corpus first, then each shape (in corpus order), over the applicable questions
    a record has outcomes for."""
    shapes: dict[str, list[str]] = {}
    for q in questions:
        if q.question_id in outcomes:
            shapes.setdefault(q.typedmemeval.shape, []).append(outcomes[q.question_id])

    def tally(label: str, values: Sequence[str]) -> Tally:
        decided = [passed(probe, v) for v in values]
        return Tally(
            label,
            sum(d is True for d in decided),
            sum(d is not None for d in decided),
            len(values),
        )

    everything = [v for values in shapes.values() for v in values]
    return [tally("all", everything), *(tally(s, v) for s, v in shapes.items())]


def _fraction(count: int, denominator: int) -> str:
    return f"{count}/{denominator}" + (f" ({count / denominator:.3f})" if denominator else "")


def sample_line(probe: Probe, hits: dict[str, int], read: dict[str, int], samples: int) -> str:
    """A sampled probe's samples pooled over its questions: hits over the samples the judge read
    a verdict in, of those asked. Where most questions are undecided (a weak model whose
    replies the judge cannot read), this is what the samples still say; the verdict per
    question stays the rule's."""
    asked = samples * len(read)
    got = sum(read.values())
    return (
        f"samples: {sum(hits.get(q, 0) for q in read)} reproduced gold of {got} the judge read "
        f"(of {asked} asked; {probe.reject_at} hits in a question's {samples} fail it)"
    )


def sample_lines(
    records: Mapping[str, ProbeRecord], questions: Sequence[Question] = ()
) -> dict[str, list[str]]:
    """Per measured sampled probe whose record counts the samples read: `sample_line`, then
    (given the questions) the same per shape, with the shape's chance of a guess where its
    questions name their candidates — a guesser with no context reproduces gold at that rate,
    so it fails such questions by chance, not by a leak."""
    out: dict[str, list[str]] = {}
    for name, record in records.items():
        probe = PROBES.get(name)
        if probe is None or probe.reject_at is None or record.status != "measured":
            continue
        # V6 samples per component, not per question: its records count no samples read.
        if probe.context == "leave-one-out" or not (record.read and record.samples):
            continue
        lines = [sample_line(probe, record.hits, record.read, record.samples)]
        shapes: dict[str, list[str]] = {}
        for q in questions:
            if q.question_id in record.read:
                shapes.setdefault(q.typedmemeval.shape, []).append(q.question_id)
        for shape, ids in shapes.items():
            hit = sum(record.hits.get(q, 0) for q in ids)
            got = sum(record.read[q] for q in ids)
            share = f" ({hit / got:.3f})" if got else ""
            floor = BY_KEY[questions[0].typedmemeval.vertical].shape(shape)
            chance = (
                f"; chance of a guess between the named candidates {floor.chance_floor}"
                if floor is not None and floor.chance_floor is not None
                else ""
            )
            lines.append(f"  {shape}: {hit} of {got} read{share}{chance}")
        out[name] = lines
    return out


def report_lines(
    record_outcomes: dict[str, dict[str, str]],
    questions: Sequence[Question],
    pairs: dict[str, dict[str, str]] | None = None,
    samples: dict[str, list[str]] | None = None,
) -> list[str]:
    """Per measured probe: passing over decided questions, overall and per shape, with the
    applicability denominator and why the rest do not apply."""
    lines = []
    for name, outcomes in record_outcomes.items():
        probe = PROBES.get(name)
        if probe is None:
            continue
        verdict = "correct" if probe.reject_at is None else "pass"
        reasons: dict[str, int] = {}
        for q in questions:
            why = not_applicable(name, q)
            if why is not None:
                reasons[why] = reasons.get(why, 0) + 1
        skipped = "; ".join(f"{n} {why}" for why, n in sorted(reasons.items()))
        rows = tallies(probe, outcomes, questions)
        head = rows[0]
        lines.append(
            f"{probe.title}: {verdict} {_fraction(head.passed, head.decided)} of decided, "
            f"undecided {head.undecided}; applies to {head.applicable} of {len(questions)}"
            + (f" (not: {skipped})" if skipped else "")
        )
        for t in rows[1:]:
            lines.append(
                f"  {t.label}: {verdict} {_fraction(t.passed, t.decided)}"
                + (f", undecided {t.undecided}" if t.undecided else "")
            )
        lines += [f"  {line}" for line in (samples or {}).get(name, [])]
        flips = (pairs or {}).get(name) or {}
        if flips:
            flipped = sum(v == "flipped" for v in flips.values())
            decided = sum(v != "inconclusive" for v in flips.values())
            lines.append(f"  pairs with every arm correct (a flip): {_fraction(flipped, decided)}")
    return lines
