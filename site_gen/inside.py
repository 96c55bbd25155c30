"""A look inside a corpus: a few of its questions rendered as conversations.

Per vertical, up to `EXAMPLES` questions, each shown as a reader would want to see it: the
question and when it is asked, the haystack as a timeline of dated sessions, the gold sessions
and the strongest rival marked, every marked session in full as a conversation, the answer, and
the `typedmemeval` block as the corpus writes it. Everything is built from the corpus bytes at
site build time, and every string read from the corpus is escaped.

Two plain rules choose what is shown, so a reader can check them against the file:

* **Which questions.** Shapes in order of their size in the corpus (largest first, ties in the
  profile's order); the first question of each by question id; when the vertical has fewer
  shapes than `EXAMPLES`, further questions of the same shapes from a difficulty band not yet
  shown (else the next by question id).
* **Which rival.** The non-gold session the reference retriever (BM25, exactly as the checker
  pins it, the question text as the query) scores highest; ties go to the earliest session.
  It is the session a word-matching memory would most likely read instead of the gold.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from checker.family import Vertical
from checker.formats.corpus import Question, Turn
from checker.retrieval.bm25 import TIE_TOLERANCE, session_scores
from checker.text import bm25_tokens
from site_gen.markup import Md, admonition, code, esc, fold, link, table
from site_gen.numerals import quoted
from site_gen.sources import CorpusRelease

#: Example questions per vertical.
EXAMPLES = 3
#: Characters of a session's first user turn shown in the timeline.
OPENING_CHARS = 100
INDEX_PAGE = "inside/index.md"


def page_name(vertical: Vertical) -> str:
    """Site path of a vertical's example questions, relative to the docs root."""
    return f"inside/{vertical.key}.md"


def corpus_questions(release: CorpusRelease) -> list[Question] | None:
    """The questions of a release's corpus file, or None when it has no readable file."""
    if release.payload is None or release.stats is None:
        return None
    raw = json.loads(release.payload)
    return [Question.model_validate(item) for item in raw]


def example_questions(vertical: Vertical, questions: Sequence[Question]) -> list[int]:
    """Indices of the questions shown, by the rule in the module docstring."""
    by_shape: dict[str, list[int]] = {}
    for qi in sorted(range(len(questions)), key=lambda i: questions[i].question_id):
        by_shape.setdefault(questions[qi].typedmemeval.shape, []).append(qi)
    planned = [s.name for s in vertical.shapes]
    shapes = sorted(
        by_shape,
        key=lambda s: (
            -len(by_shape[s]),
            planned.index(s) if s in planned else len(planned),
            s,
        ),
    )
    chosen: list[int] = []
    shown_bands: dict[str, set[int | None]] = {s: set() for s in shapes}
    while len(chosen) < EXAMPLES:
        added = False
        for shape in shapes:
            if len(chosen) == EXAMPLES:
                break
            left = [qi for qi in by_shape[shape] if qi not in chosen]
            if not left:
                continue
            fresh = [
                qi for qi in left if questions[qi].typedmemeval.difficulty not in shown_bands[shape]
            ]
            qi = (fresh or left)[0]
            chosen.append(qi)
            shown_bands[shape].add(questions[qi].typedmemeval.difficulty)
            added = True
        if not added:
            break
    return chosen


def _session_text(session: Sequence[Turn]) -> str:
    return "\n".join(t.content for t in session)


def bm25_scores(question: Question) -> list[float]:
    """The reference retriever's score of every session of the question's haystack."""
    counts = [Counter(bm25_tokens(_session_text(s))) for s in question.haystack_sessions]
    return [float(x) for x in session_scores(counts, bm25_tokens(question.question))]


def ranks(scores: Sequence[float]) -> list[tuple[int, bool]]:
    """Per session, (1 + the number of sessions scored strictly higher, tied with another)."""
    values = np.asarray(scores, dtype=np.float64)
    out = []
    for s in values:
        tolerance = TIE_TOLERANCE * max(1.0, abs(float(s)))
        higher = int((values > s + tolerance).sum())
        tied = int((np.abs(values - s) <= tolerance).sum()) > 1
        out.append((higher + 1, tied))
    return out


def rival_session(question: Question, scores: Sequence[float]) -> int | None:
    """The non-gold session BM25 scores highest (the earliest among equals), or None."""
    gold = set(question.answer_session_ids)
    candidates = [i for i, sid in enumerate(question.haystack_session_ids) if sid not in gold]
    if not candidates:
        return None
    return max(candidates, key=lambda i: (scores[i], -i))


def block_references(block: dict[str, Any]) -> dict[int, list[str]]:
    """session index → what the `typedmemeval` block says about that session, as the path of
    each field naming it (`gold_components: statement`, `pivot`, `list_order item 2`)."""
    found: dict[int, list[str]] = {}

    def note(index: object, label: str) -> None:
        if isinstance(index, int) and not isinstance(index, bool):
            found.setdefault(index, []).append(label)

    def walk(value: object, path: str) -> None:
        if isinstance(value, dict):
            kind = value.get("kind")
            if "session_index" in value:
                note(value["session_index"], f"{path}: {kind}" if kind else path)
            if "from_session_index" in value:
                note(value["from_session_index"], f"{path} (from)")
            for key, item in sorted(value.items()):
                if key.endswith("session_indices") and isinstance(item, list):
                    for i, index in enumerate(item, start=1):
                        note(index, f"{path} item {i}" if path else f"item {i}")
                else:
                    walk(item, f"{path}.{key}" if path else key)
        elif isinstance(value, list):
            for item in value:
                walk(item, path)

    walk(block, "")
    return found


@dataclass(frozen=True)
class SessionMark:
    """Why a session is marked on the timeline."""

    gold: bool
    rival: bool
    references: tuple[str, ...]

    @property
    def text(self) -> Md:
        parts = []
        if self.gold:
            parts.append(Md("**gold**"))
        if self.rival:
            parts.append(Md("**strongest rival**"))
        if self.references:
            parts.append(Md("block: ") + Md(", ".join(esc(r) for r in self.references)))
        return Md("; ".join(parts))


def _opening(session: Sequence[Turn]) -> Md:
    first = next((t.content for t in session if t.role == "user"), "")
    if not first and session:
        first = session[0].content
    short = first if len(first) <= OPENING_CHARS else first[: OPENING_CHARS - 1] + "…"
    return quoted(short)


def conversation(session: Sequence[Turn]) -> Md:
    """A session's turns as chat paragraphs, one per turn, styled by role (docs/stylesheets)."""
    lines = []
    for t in session:
        evidence = " .tme-evidence" if t.has_answer else ""
        flag = " · *has_answer*" if t.has_answer else ""
        lines.append(
            f"**{t.role}**{flag} — {quoted(t.content)}\n{{: .tme-turn .tme-{t.role}{evidence} }}\n"
        )
    return Md("\n".join(lines))


def _session_title(
    question: Question, index: int, mark: SessionMark, rank: tuple[int, bool]
) -> str:
    what = [f"BM25 rank {rank[0]}" + (" (tied)" if rank[1] else "")]
    if mark.gold:
        what.append("gold")
    if mark.rival:
        what.append("strongest rival: the non-gold session BM25 ranks highest")
    what += mark.references
    return (
        f"Session {index} · {question.haystack_dates[index]} · "
        f"{question.haystack_session_ids[index]}" + (f" · {'; '.join(what)}" if what else "")
    )


def _code_block(text: str, language: str) -> Md:
    """A fenced block longer than any backtick run in `text`, so nothing in it closes it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return Md(f"{fence}{language}\n{text}\n{fence}\n")


def example_section(vertical: Vertical, number: int, question: Question) -> Md:
    """One example question, from its facts to the answer key."""
    block = question.typedmemeval.model_dump(mode="json", exclude_none=True)
    references = block_references(block)
    scores = bm25_scores(question)
    rank = ranks(scores)
    rival = rival_session(question, scores)
    gold = set(question.answer_session_ids)
    n = len(question.haystack_sessions)
    marks = [
        SessionMark(
            gold=question.haystack_session_ids[i] in gold,
            rival=i == rival,
            references=tuple(references.get(i, ())),
        )
        for i in range(n)
    ]
    g = sum(m.gold for m in marks)
    shape = vertical.shape(question.typedmemeval.shape)
    out = Md(f"## Example {number}") + (Md(": ") + esc(shape.name) if shape else Md(""))
    out += Md("\n\n")
    out += table(
        ["", ""],
        [
            [Md("question id"), code(question.question_id)],
            [Md("shape"), esc(question.typedmemeval.shape)],
            [Md("asked"), esc(question.question_date)],
            [
                Md("haystack"),
                Md(f"{n} sessions: G = {g} gold, H = {n - g} non-gold"),
            ],
        ],
    )
    out += Md("\n") + admonition(
        "question", f"The question, asked {question.question_date}", quoted(question.question)
    )
    out += Md(
        f"\n### Timeline\n\nEvery session in the order the system receives it, numbered as the "
        f"block's `session_index` counts (from 0), with its BM25 rank among the {n} sessions "
        "for this question (1 is the top; *tied* when another session scores the same).\n\n"
    )
    rows = []
    for i, session in enumerate(question.haystack_sessions):
        r, tied = rank[i]
        rows.append(
            [
                Md(str(i)),
                esc(question.haystack_dates[i]),
                Md(f"{r}" + (" *tied*" if tied else "")),
                marks[i].text,
                _opening(session),
            ]
        )
    asked = [Md("—"), esc(question.question_date), Md("—"), Md("**question asked**")]
    rows.append([*asked, quoted(question.question)])
    out += table(["#", "date", "BM25 rank", "marked", "opens with"], rows)
    shown = [i for i, m in enumerate(marks) if m.gold or m.rival]
    out += Md("\n### The marked sessions\n\n")
    if not shown:
        out += Md("The haystack has no gold session and no non-gold session to compare.\n")
    for i in shown:
        kind = "success" if marks[i].gold else "warning"
        body = conversation(question.haystack_sessions[i])
        out += admonition(kind, _session_title(question, i, marks[i], rank[i]), body) + Md("\n")
    out += admonition("abstract", "The answer (answer key)", quoted(question.answer))
    out += Md(
        "\n### What the `typedmemeval` block says\n\nThe block is answer-key material: it is "
        "never shown to a system under test. Session indices in it count from 0, as in the "
        "timeline.\n\n"
    )
    out += _code_block(json.dumps(block, indent=2, sort_keys=True, ensure_ascii=False), "json")
    rest = [i for i in range(n) if i not in shown]
    if rest:
        body = Md(
            "\n".join(
                f"**{esc(_session_title(question, i, marks[i], rank[i]))}**\n\n"
                + conversation(question.haystack_sessions[i])
                for i in rest
            )
        )
        out += Md("\n") + fold(f"The other {len(rest)} sessions in full", body, kind="note")
    return Md(out)


INTRO = Md(
    "Each example is one question of the corpus exactly as the file holds it. The timeline "
    "lists every session of its haystack with its date; **gold** marks the sessions the answer "
    "rests on (`answer_session_ids`) and **strongest rival** the non-gold session that the "
    "reference retriever — BM25, as the checker pins it, with the question as the query — "
    "scores highest (the earliest among equals). Turns flagged `has_answer` are highlighted. "
    "The questions are chosen by a fixed rule: the first question (by id) of each shape, "
    "largest shapes first, and, for a vertical with fewer shapes than examples, further "
    "questions from difficulty bands not yet shown.\n"
)


def inside_page(vertical: Vertical, release: CorpusRelease | None) -> Md:
    """The example questions of one vertical."""
    out = Md(f"# {vertical.name}: a look inside\n\n")
    questions = corpus_questions(release) if release is not None else None
    if release is None or questions is None:
        out += Md(
            "**Not yet generated.** There is no readable corpus for this vertical, so there is "
            "nothing to show yet.\n"
        )
        return Md(out)
    out += Md(f"Corpus {code(release.corpus_id)}, sha256 {code(release.entry.sha256)}. ")
    out += INTRO + Md(
        f"\nWhat the vertical measures and every property of its corpus: "
        f"{link(vertical.name, '../verticals/' + vertical.key + '.md')}.\n\n"
    )
    for number, qi in enumerate(example_questions(vertical, questions), start=1):
        out += example_section(vertical, number, questions[qi]) + Md("\n")
    return Md(out)


def inside_index(releases: Sequence[tuple[Vertical, CorpusRelease | None]]) -> Md:
    """The overview: which verticals have examples to show."""
    rows = []
    for vertical, release in releases:
        state = (
            Md(f"example questions from {code(release.corpus_id)}")
            if release is not None and release.payload is not None
            else Md("not yet generated")
        )
        rows.append([link(vertical.name, f"{vertical.key}.md"), state])
    out = Md(
        "# A look inside\n\nWhat a question and its haystack actually look like, per vertical: "
        "the question and its date, the sessions as a dated timeline, the gold sessions and "
        "the strongest rival, the answer and its answer-key block.\n\n"
    )
    out += table(["vertical", "examples"], rows)
    return Md(out)
