"""EE — erasability & editability over MEME episodes (R-RES-5).

MEME (meme-benchmark/MEME, CC BY 4.0) cannot be downloaded here, so it loads from a path the
user supplies. The dataset boundary is this module: MEME's `Del` becomes `erase`, `Cas` becomes
`edit`, and its other task types (`Abs`, `Tr`, `Agg`, `ER`) are dropped here, so nothing
downstream sees MEME's vocabulary.

The episode layout read (one table, so adapting it to a dataset revision is one edit):

| field | meaning |
|---|---|
| `episode_id` | the episode, e.g. `pl_001` |
| `domain` | `personal_life` or `software_project` |
| `sessions` | `[{session_id, turns: [{role, content}]}]`, in order |
| `change_session_id` | the Change+Delete Event session |
| `before_questions`, `after_questions` | `[{question, answer, task_type, entity, hop?}]`; the two blocks ask the same questions in the same order, only the gold changes |

A dataset file is a JSON array of episodes, an object `{"episodes": [...]}`, or JSON Lines
(`.jsonl`, one episode per line).

Scoring crosses the two phases per entity. A probe pair is graded when both its before- and its
after-probe have a verdict; the four buckets partition the graded pairs, and the score counts
only `real` (correct before and after), because an erase answer of "I don't have that" passes
for a system that never learned the fact.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

from checker.formats.result import (
    EE_BUCKETS,
    EEBucket,
    EEBuckets,
    EEPhase,
    EEProbeVerdict,
    EERollup,
    EETask,
)
from checker.io import MAX_CORPUS_BYTES, InputError, parse_json, read_bytes

#: MEME task tags → this benchmark's tasks.
TASK_MAP: dict[str, EETask] = {"Del": "erase", "Cas": "edit"}
#: MEME task tags dropped at the dataset boundary.
DROPPED_TASKS: frozenset[str] = frozenset({"Abs", "Tr", "Agg", "ER"})
#: The change session is replayed as this many ungraded user turns.
CHANGE_REPLAY_TURNS = 4
TASKS: tuple[EETask, ...] = ("edit", "erase")
PHASES: tuple[EEPhase, ...] = ("before", "after")
KEY_RE = re.compile(
    r"^(?P<episode>[A-Za-z0-9][A-Za-z0-9_.-]*):(?P<task>edit|erase):(?P<phase>before|after)"
    r"(?P<n>[1-9]\d*)$"
)
ConversationMode = Literal["stateful", "independent"]


@dataclass(frozen=True)
class Turn:
    role: str
    content: str


@dataclass(frozen=True)
class Session:
    session_id: str
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Probe:
    """One graded question of one phase."""

    key: str
    episode_id: str
    task: EETask
    phase: EEPhase
    n: int
    question: str
    gold: str
    entity: str
    hop: int | None
    domain: str


@dataclass(frozen=True)
class Scenario:
    """One episode as a run drives it: priming without the change session, the before-probes,
    the change replayed as four ungraded user turns, the after-probes."""

    episode_id: str
    domain: str
    priming: tuple[Session, ...]
    before_probes: tuple[Probe, ...]
    change_replay: tuple[str, ...]
    after_probes: tuple[Probe, ...]
    agent_conversation: ConversationMode = "stateful"
    dropped: int = 0

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(p.key for p in (*self.before_probes, *self.after_probes))


def probe_key(episode_id: str, task: EETask, phase: EEPhase, n: int) -> str:
    """`{episode}:{task}:{phase}{n}`, n 1-based and restarting per task and phase."""
    return f"{episode_id}:{task}:{phase}{n}"


def parse_key(key: str) -> tuple[str, EETask, EEPhase, int]:
    m = KEY_RE.match(key)
    if not m:
        raise ValueError(f"not an EE probe key: {key!r} (expected episode:task:phaseN)")
    return m["episode"], cast(EETask, m["task"]), cast(EEPhase, m["phase"]), int(m["n"])


def partner_key(key: str) -> str:
    """The same probe in the other phase."""
    episode, task, phase, n = parse_key(key)
    return probe_key(episode, task, "after" if phase == "before" else "before", n)


# --- loading MEME ----------------------------------------------------------------------------


def _need(path: Path, where: str, obj: dict[str, Any], key: str, kind: type) -> Any:
    if key not in obj:
        raise InputError(
            path, f"{where}: field {key!r} missing (see the layout in checker.results.ee)"
        )
    value = obj[key]
    if not isinstance(value, kind):
        raise InputError(
            path, f"{where}.{key}: expected {kind.__name__}, found {type(value).__name__}"
        )
    return value


def _episodes(path: Path) -> list[dict[str, Any]]:
    data = read_bytes(path, limit=MAX_CORPUS_BYTES)
    if path.suffix == ".jsonl":
        out = []
        for lineno, line in enumerate(data.decode("utf-8-sig").splitlines(), 1):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise InputError(path, f"line {lineno}: malformed JSON: {exc.msg}") from None
        raw: Any = out
    else:
        raw = parse_json(path, data)
    if isinstance(raw, dict) and isinstance(raw.get("episodes"), list):
        raw = raw["episodes"]
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise InputError(
            path, 'a MEME file is an array of episode objects (or {"episodes": [...]})'
        )
    if not raw:
        raise InputError(path, "the MEME file holds no episodes")
    return cast(list[dict[str, Any]], raw)


def _probes(
    path: Path, episode_id: str, domain: str, phase: EEPhase, questions: list[Any]
) -> tuple[list[Probe], int]:
    probes: list[Probe] = []
    counters = {t: 0 for t in TASKS}
    dropped = 0
    for i, q in enumerate(questions):
        where = f"episode {episode_id} {phase}_questions[{i}]"
        if not isinstance(q, dict):
            raise InputError(path, f"{where}: a question is an object")
        tag = _need(path, where, q, "task_type", str)
        if tag in DROPPED_TASKS:
            dropped += 1
            continue
        if tag not in TASK_MAP:
            known = ", ".join(sorted([*TASK_MAP, *DROPPED_TASKS]))
            raise InputError(path, f"{where}: unknown task_type {tag!r} (known: {known})")
        task = TASK_MAP[tag]
        counters[task] += 1
        hop = q.get("hop")
        if hop is not None and (not isinstance(hop, int) or isinstance(hop, bool) or hop < 1):
            raise InputError(path, f"{where}.hop: expected a positive integer")
        probes.append(
            Probe(
                key=probe_key(episode_id, task, phase, counters[task]),
                episode_id=episode_id,
                task=task,
                phase=phase,
                n=counters[task],
                question=_need(path, where, q, "question", str),
                gold=_need(path, where, q, "answer", str),
                entity=_need(path, where, q, "entity", str),
                hop=hop,
                domain=domain,
            )
        )
    return probes, dropped


def scenario(
    path: Path, episode: dict[str, Any], agent_conversation: ConversationMode = "stateful"
) -> Scenario:
    """One MEME episode → one scenario (dropping the out-of-scope task types)."""
    episode_id = _need(path, "episode", episode, "episode_id", str)
    if not KEY_RE.match(probe_key(episode_id, "edit", "before", 1)):
        raise InputError(path, f"episode id {episode_id!r} cannot form a probe key")
    where = f"episode {episode_id}"
    domain = _need(path, where, episode, "domain", str)
    change_id = _need(path, where, episode, "change_session_id", str)
    sessions: list[Session] = []
    change: Session | None = None
    for si, s in enumerate(_need(path, where, episode, "sessions", list)):
        swhere = f"{where} sessions[{si}]"
        if not isinstance(s, dict):
            raise InputError(path, f"{swhere}: a session is an object")
        turns = []
        for ti, t in enumerate(_need(path, swhere, s, "turns", list)):
            if not isinstance(t, dict):
                raise InputError(path, f"{swhere}.turns[{ti}]: a turn is an object")
            turns.append(
                Turn(
                    _need(path, f"{swhere}.turns[{ti}]", t, "role", str),
                    _need(path, f"{swhere}.turns[{ti}]", t, "content", str),
                )
            )
        session = Session(_need(path, swhere, s, "session_id", str), tuple(turns))
        if session.session_id == change_id:
            if change is not None:
                raise InputError(path, f"{where}: two sessions carry the change id {change_id!r}")
            change = session
        else:
            sessions.append(session)
    if change is None:
        raise InputError(path, f"{where}: no session has the change_session_id {change_id!r}")
    replay = tuple(t.content for t in change.turns if t.role == "user")
    if len(replay) != CHANGE_REPLAY_TURNS:
        raise InputError(
            path,
            f"{where}: the change session has {len(replay)} user turns; the scenario replays "
            f"exactly {CHANGE_REPLAY_TURNS}",
        )
    before, dropped_b = _probes(
        path, episode_id, domain, "before", _need(path, where, episode, "before_questions", list)
    )
    after, dropped_a = _probes(
        path, episode_id, domain, "after", _need(path, where, episode, "after_questions", list)
    )
    by_before = {(p.task, p.n): p for p in before}
    by_after = {(p.task, p.n): p for p in after}
    if set(by_before) != set(by_after):
        raise InputError(path, f"{where}: the before and after blocks must ask the same questions")
    for slot, b in by_before.items():
        if by_after[slot].entity != b.entity:
            raise InputError(
                path,
                f"{where}: {b.task} probe {b.n} asks about {b.entity!r} before and "
                f"{by_after[slot].entity!r} after",
            )
    return Scenario(
        episode_id=episode_id,
        domain=domain,
        priming=tuple(sessions),
        before_probes=tuple(before),
        change_replay=replay,
        after_probes=tuple(after),
        agent_conversation=agent_conversation,
        dropped=dropped_b + dropped_a,
    )


def load_meme(path: Path, agent_conversation: ConversationMode = "stateful") -> list[Scenario]:
    """Load MEME episodes from a user-supplied path into scenarios."""
    out = [scenario(path, e, agent_conversation) for e in _episodes(path)]
    ids = [s.episode_id for s in out]
    if len(ids) != len(set(ids)):
        raise InputError(path, "episode ids repeat; each episode needs its own id")
    return out


# --- scoring ---------------------------------------------------------------------------------


def bucket_of(before_correct: bool, after_correct: bool) -> EEBucket:
    """The four buckets, crossing phases per entity."""
    if before_correct:
        return "real" if after_correct else "knew_but_failed"
    return "trivial" if after_correct else "never_knew"


@dataclass(frozen=True)
class PassRate:
    """A raw per-probe pass rate (ungated: a diagnostic, never the score)."""

    stratum: str
    correct: int
    graded: int

    @property
    def rate(self) -> float | None:
        return self.correct / self.graded if self.graded else None


@dataclass(frozen=True)
class EEFigures:
    """Everything EE reports for one result."""

    buckets: dict[EEBucket, int]
    task_buckets: dict[EETask, dict[EEBucket, int]]
    #: Per after-probe key, its bucket.
    assigned: dict[str, EEBucket]
    #: After-probes whose pair lacks a verdict on either side (not graded).
    ungraded: tuple[str, ...]
    #: Probes whose other-phase partner is absent from the result.
    unpaired: tuple[str, ...]
    diagnostics: tuple[PassRate, ...] = field(default_factory=tuple)

    @property
    def graded_after(self) -> int:
        return sum(self.buckets.values())

    @property
    def accuracy(self) -> float | None:
        """real ÷ graded after-probes; None when nothing was graded."""
        return self.buckets["real"] / self.graded_after if self.graded_after else None

    @property
    def task_accuracy(self) -> dict[EETask, float]:
        """Per task with at least one graded pair; absent tasks omitted, never 0."""
        out: dict[EETask, float] = {}
        for task, b in self.task_buckets.items():
            graded = sum(b.values())
            if graded:
                out[task] = b["real"] / graded
        return out

    def rollup(self) -> EERollup:
        return EERollup(
            graded_after=self.graded_after,
            buckets=EEBuckets(**self.buckets),
            accuracy=self.accuracy,
            task_accuracy=self.task_accuracy,
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "graded_after": self.graded_after,
            "buckets": dict(self.buckets),
            "accuracy": self.accuracy,
            "task_buckets": {t: dict(b) for t, b in self.task_buckets.items()},
            "task_accuracy": dict(self.task_accuracy),
            "ungraded": list(self.ungraded),
            "unpaired": list(self.unpaired),
            "diagnostics": [
                {"stratum": d.stratum, "correct": d.correct, "graded": d.graded, "rate": d.rate}
                for d in self.diagnostics
            ],
        }


GRADED = ("correct", "wrong")


def _pass_rates(probes: Sequence[EEProbeVerdict]) -> tuple[PassRate, ...]:
    strata: dict[str, list[EEProbeVerdict]] = {}
    for p in probes:
        _, task, phase, _ = parse_key(p.key)
        names = [f"task {task}", f"phase {phase}", f"task {task} × phase {phase}"]
        if p.hop is not None:
            names.append(f"hop {p.hop}")
        if p.domain is not None:
            names.append(f"domain {p.domain}")
        for name in names:
            strata.setdefault(name, []).append(p)
    out = []
    for name, ps in sorted(strata.items()):
        graded = [p for p in ps if p.verdict in GRADED]
        out.append(PassRate(name, sum(p.verdict == "correct" for p in graded), len(graded)))
    return tuple(out)


def ee_figures(probes: Iterable[EEProbeVerdict]) -> EEFigures:
    """Buckets, accuracies and diagnostics from per-probe verdicts."""
    listed = list(probes)
    by_key = {p.key: p for p in listed}
    buckets: dict[EEBucket, int] = {b: 0 for b in EE_BUCKETS}
    task_buckets: dict[EETask, dict[EEBucket, int]] = {}
    assigned: dict[str, EEBucket] = {}
    ungraded: list[str] = []
    unpaired: list[str] = []
    for key in sorted(by_key):
        _, task, phase, _ = parse_key(key)
        partner = by_key.get(partner_key(key))
        if partner is None:
            unpaired.append(key)
            continue
        if phase != "after":
            continue
        after, before = by_key[key], partner
        tb = task_buckets.setdefault(task, {b: 0 for b in EE_BUCKETS})
        if after.verdict not in GRADED or before.verdict not in GRADED:
            ungraded.append(key)
            continue
        bucket = bucket_of(before.verdict == "correct", after.verdict == "correct")
        assigned[key] = bucket
        buckets[bucket] += 1
        tb[bucket] += 1
    return EEFigures(
        buckets=buckets,
        task_buckets=dict(sorted(task_buckets.items())),
        assigned=assigned,
        ungraded=tuple(ungraded),
        unpaired=tuple(unpaired),
        diagnostics=_pass_rates(listed),
    )


def key_mismatch(
    scenarios: Sequence[Scenario], probes: Iterable[EEProbeVerdict]
) -> tuple[list[str], list[str]]:
    """Probe keys the dataset defines but the result lacks, and keys the result has that the
    dataset does not define."""
    expected = {k for s in scenarios for k in s.keys}
    found = {p.key for p in probes}
    return sorted(expected - found), sorted(found - expected)
