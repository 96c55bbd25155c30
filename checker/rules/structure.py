"""Structure (R-CHK-STRUCT): the figures every sidecar stamps, re-derived from the bytes, and the
rules that hold a corpus to the record shape, id grammar, gold labels, order and pairing."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from checker.context import CorpusContext
from checker.family import BY_ABBREV, BY_KEY, K_REF
from checker.findings import Violation
from checker.formats.corpus import Question
from checker.formats.ids import (
    HAYSTACK_TOKEN_RE,
    PAIR_ID_RE,
    QUESTION_ID_RE,
    SESSION_SUFFIX_RE,
    session_id,
    yymm,
)
from checker.formats.sidecar import CeilingRecord, StructureRecord
from checker.load import LoadedCorpus, parse_date
from checker.registry import rule
from checker.rules.event_order import measure_session_order
from checker.summary import section

#: Gold sits in one slot in at least this share of gold-bearing questions → "pinned".
PIN_SHARE = 0.5
#: Fewer gold-bearing questions than this say nothing about a pin (chance alone fills a slot).
PIN_MIN_QUESTIONS = 5


def g_of(corpus: LoadedCorpus, qi: int) -> int:
    return len(corpus.gold_indices(qi))


def ceiling(g: int, k_ref: int = K_REF) -> float:
    """The structural ceiling: the best coverage any retriever can reach at budget k_ref."""
    return 1.0 if g == 0 else min(1.0, k_ref / g)


def pinned_slot(corpus: LoadedCorpus) -> str | None:
    """Describe a gold position that is (nearly) constant across questions, or None."""
    firsts, lasts, relative = Counter[int](), 0, 0
    n_gold = 0
    for qi, q in enumerate(corpus.questions):
        gold = corpus.gold_indices(qi)
        if not gold:
            continue
        n_gold += 1
        firsts[gold[0]] += 1
        if gold[-1] == len(q.haystack_sessions) - 1:
            lasts += 1
        if gold[0] == 0:
            relative += 1
    if n_gold < PIN_MIN_QUESTIONS:
        return None
    index, count = firsts.most_common(1)[0]
    if lasts / n_gold >= PIN_SHARE:
        return f"gold is the last session in {lasts}/{n_gold} gold-bearing questions"
    if count / n_gold >= PIN_SHARE:
        return (
            f"the first gold session is at index {index} in {count}/{n_gold} gold-bearing questions"
        )
    return None


def declared_pin(corpus: LoadedCorpus) -> str | None:
    """A gold-position pin the corpus's vertical declares by design, or its sidecar declares."""
    profile = BY_KEY.get(corpus.vertical() or "")
    if profile is not None and profile.position_pin:
        return profile.position_pin
    if corpus.sidecar is not None and corpus.sidecar.structure.pinned_positions:
        return corpus.sidecar.structure.pinned_positions
    return None


def measure_structure(
    corpus: LoadedCorpus, k_ref: int = K_REF
) -> tuple[StructureRecord, CeilingRecord]:
    """G distribution, H range, gold-position status, shape counts, and the ceiling table."""
    cached = corpus.cache.get(f"structure:{k_ref}")
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    g_dist: Counter[int] = Counter()
    hs: list[int] = []
    over: list[str] = []
    shapes: Counter[str] = Counter()
    for qi, q in enumerate(corpus.questions):
        g = g_of(corpus, qi)
        g_dist[g] += 1
        hs.append(len(q.haystack_sessions) - g)
        if g > k_ref:
            over.append(q.question_id)
        if q.typedmemeval is not None:
            shapes[q.typedmemeval.shape] += 1
    by_g = {str(g): ceiling(g, k_ref) for g in sorted(g_dist)}
    pin = declared_pin(corpus)
    structure = StructureRecord(
        g_distribution={str(g): n for g, n in sorted(g_dist.items())},
        h_min=min(hs) if hs else 0,
        h_max=max(hs) if hs else 0,
        gold_position_shuffled=pinned_slot(corpus) is None,
        pinned_positions=pin,
        shape_counts=dict(sorted(shapes.items())),
        session_order=measure_session_order(corpus),
    )
    table = CeilingRecord(
        k_ref=k_ref, by_g=by_g, min=min(by_g.values()) if by_g else 1.0, questions_over_k_ref=over
    )
    corpus.cache[f"structure:{k_ref}"] = (structure, table)
    return structure, table


def reply_variety(corpus: LoadedCorpus) -> tuple[int, int, float]:
    """Distinct assistant turns, all assistant turns, and the most frequent one's share, counted
    once per distinct haystack (questions that share a haystack would count it twice). A reply
    bank too small to answer every turn in its own words is a template that says "filler"."""
    seen: set[tuple[str, ...]] = set()
    counts: Counter[str] = Counter()
    for q in corpus.questions:
        key = tuple(q.haystack_session_ids)
        if key in seen:
            continue
        seen.add(key)
        counts.update(
            t.content for session in q.haystack_sessions for t in session if t.role == "assistant"
        )
    total = sum(counts.values())
    top = counts.most_common(1)[0][1] / total if total else 0.0
    return len(counts), total, top


def type_counts(corpus: LoadedCorpus) -> dict[str, int]:
    """Questions per `question_type`."""
    return dict(sorted(Counter(q.question_type or "(none)" for q in corpus.questions).items()))


@section("structure")
def _summary(corpus: LoadedCorpus) -> list[str]:
    s, c = measure_structure(corpus)
    distinct, replies, top = reply_variety(corpus)
    return [
        f"G distribution {s.g_distribution}; H {s.h_min}-{s.h_max}; "
        f"gold position {'shuffled' if s.gold_position_shuffled else 'pinned'}"
        + (f" (declared: {s.pinned_positions})" if s.pinned_positions else ""),
        f"ceiling min(1, K_ref/G) at K_ref={c.k_ref}: {c.by_g}; minimum {c.min}; "
        f"questions over K_ref: {len(c.questions_over_k_ref)}",
        f"questions per shape: {s.shape_counts}",
        *(
            [f"questions per type (no shapes declared): {type_counts(corpus)}"]
            if not s.shape_counts
            else []
        ),
        f"assistant replies: {distinct} distinct of {replies} (each haystack once); the most "
        f"frequent is {top:.2%} of them",
        *(
            [
                f"session order vs event order: pooled Kendall tau {o.tau:.4f} over "
                f"{o.questions} questions ({o.events} events), z {o.z:.2f}, p {o.p_value:.4f} "
                f"(refused at |tau| >= {o.max_tau} or p < {o.alpha}): {o.verdict}"
            ]
            if (o := s.session_order) is not None
            else []
        ),
    ]


# --- rules -----------------------------------------------------------------------------------


def _revision(ctx: CorpusContext) -> str | None:
    return ctx.corpus.sidecar.revision if ctx.corpus.sidecar else None


@rule(
    "STR001",
    "question-id-format",
    example="question id 'tme-for-001' does not match tme-<abbrev>-<YYMM>-NNN",
)
def question_id_format(ctx: CorpusContext) -> Iterator[Violation]:
    """Question ids follow `tme-<abbrev>-<YYMM>-NNN`, `_abs` only on abstention questions.

    Ids carry the revision so that even a stripped spreadsheet row names its origin and cannot be
    mistaken for another publisher's `tme-for-001` (R-ID-2)."""
    revision = _revision(ctx)
    for qi, q in enumerate(ctx.corpus.questions):
        m = QUESTION_ID_RE.match(q.question_id)
        if not m:
            yield Violation(
                q.question_id,
                f"question id {q.question_id!r} does not match tme-<abbrev>-<YYMM>-NNN[_abs]",
            )
            continue
        block = q.typedmemeval
        if block is None:
            continue
        v = BY_ABBREV[m["abbrev"]]
        if v.key != block.vertical:
            yield Violation(
                q.question_id,
                f"abbreviation {m['abbrev']!r} names {v.name}, but the question is {block.vertical}",
            )
        if revision and m["yymm"] != yymm(revision):
            yield Violation(
                q.question_id,
                f"id carries {m['yymm']}, but the corpus revision {revision} needs {yymm(revision)}",
            )
        shape = BY_KEY[block.vertical].shape(block.shape) if block.vertical in BY_KEY else None
        abstention = shape is not None and shape.negative_gold and g_of(ctx.corpus, qi) == 0
        if bool(m["abs"]) != abstention:
            want = "needs" if abstention else "must not carry"
            yield Violation(q.question_id, f"a {block.shape} question {want} the _abs suffix")


@rule(
    "STR002",
    "session-id-format",
    example="session 3 id 'h3f0c9a41d2-s099' should be 'h3f0c9a41d2-s003'",
)
def session_id_format(ctx: CorpusContext) -> Iterator[Violation]:
    """Session ids are `<haystack-token>-sNNN`: one token for every session of a haystack, NNN
    its position, no id twice, and no two different haystacks sharing a token (R-FMT-3).

    Session ids that encode anything but position (a gold suffix, a different numbering) are a
    metadata tell; what the token itself may not carry (the question id, `_abs`, a shape or an
    arm) is IDN004's. The arms of a before/after pair share one haystack and so one token.
    Under `audit` without `--house-rules` only an id given twice is reported: another
    publisher's id scheme is theirs, a duplicate id is a defect in any scheme."""
    owners: dict[str, Question] = {}
    for q in ctx.corpus.questions:
        seen: set[str] = set()
        for sid in q.haystack_session_ids:
            if sid in seen:
                yield Violation(q.question_id, f"session id {sid!r} appears twice", haystack=True)
            seen.add(sid)
        if not q.haystack_session_ids or not ctx.house_rules:
            continue
        first = SESSION_SUFFIX_RE.match(q.haystack_session_ids[0])
        owner = first["owner"] if first else ""
        if not HAYSTACK_TOKEN_RE.match(owner):
            yield Violation(
                q.question_id,
                f"session 0 id {q.haystack_session_ids[0]!r} is not <haystack-token>-s000 (a "
                "token of letters and digits, words joined by - or _)",
            )
            continue
        for i, sid in enumerate(q.haystack_session_ids):
            want = session_id(owner, i)
            if sid != want:
                yield Violation(q.question_id, f"session {i} id {sid!r} should be {want!r}")
                break
        other = owners.setdefault(owner, q)
        if other is not q and other.haystack_sessions != q.haystack_sessions:
            yield Violation(
                q.question_id,
                f"haystack token {owner!r} also names the different haystack of "
                f"{other.question_id}; give every haystack its own token",
            )


@rule("STR003", "duplicate-question-id", example="question id appears 2 times")
def duplicate_question_ids(ctx: CorpusContext) -> Iterator[Violation]:
    """Every question id is unique in its corpus.

    Results are keyed by question id; a duplicate makes a row ambiguous and a count wrong."""
    counts = Counter(q.question_id for q in ctx.corpus.questions)
    for qid, n in sorted(counts.items()):
        if n > 1:
            yield Violation(qid, f"question id appears {n} times")


@rule("STR004", "empty-content", example="session 4 has no turns")
def empty_content(ctx: CorpusContext) -> Iterator[Violation]:
    """No empty haystack, no session without turns, no turn without text.

    Empty turns were once inserted to align role sequences and became a tell of their own."""
    for q in ctx.corpus.questions:
        if not q.haystack_sessions:
            yield Violation(q.question_id, "the haystack has no sessions")
        for si, session in enumerate(q.haystack_sessions):
            if not session:
                yield Violation(q.question_id, f"session {si} has no turns", haystack=True)
            for ti, turn in enumerate(session):
                if not turn.content.strip():
                    yield Violation(
                        q.question_id,
                        f"session {si} turn {ti} ({turn.role}) is empty",
                        haystack=True,
                    )
        if not q.question.strip():
            yield Violation(q.question_id, "the question text is empty")


@rule("STR005", "parallel-arrays", example="3 session ids, 3 dates, but 2 sessions")
def parallel_arrays(ctx: CorpusContext) -> Iterator[Violation]:
    """`haystack_session_ids`, `haystack_dates` and `haystack_sessions` have one entry per session.

    Misaligned arrays silently shift gold labels and timestamps onto the wrong sessions."""
    for q in ctx.corpus.questions:
        n_ids, n_dates, n_sessions = (
            len(q.haystack_session_ids),
            len(q.haystack_dates),
            len(q.haystack_sessions),
        )
        if not n_ids == n_dates == n_sessions:
            yield Violation(
                q.question_id, f"{n_ids} session ids, {n_dates} dates, but {n_sessions} sessions"
            )


@rule(
    "STR006",
    "has-answer-outside-gold",
    example="session 7 is not gold but a turn has has_answer: true",
)
def has_answer_only_in_gold(ctx: CorpusContext) -> Iterator[Violation]:
    """`has_answer: true` appears only inside gold sessions, and every gold session carries it.

    Gold is `answer_session_ids`; turn flags that disagree with it make two answer keys."""
    for qi, q in enumerate(ctx.corpus.questions):
        gold = set(ctx.corpus.gold_indices(qi))
        for si, session in enumerate(q.haystack_sessions):
            flagged = any(t.has_answer for t in session)
            if flagged and si not in gold:
                yield Violation(
                    q.question_id, f"session {si} is not gold but a turn has has_answer: true"
                )
            if si in gold and not flagged and not ctx.foreign:
                yield Violation(
                    q.question_id, f"gold session {si} has no turn with has_answer: true"
                )


@rule("STR007", "gold-ids", example="answer session id 'x-s099' is not in the haystack")
def gold_ids(ctx: CorpusContext) -> Iterator[Violation]:
    """Gold ids exist in the haystack and are unique; only abstention shapes have no gold.

    A gold id that is not in the haystack gives a question no evidence; coverage and ceilings would be computed over nothing."""
    for q in ctx.corpus.questions:
        ids = set(q.haystack_session_ids)
        for sid, n in Counter(q.answer_session_ids).items():
            if n > 1:
                yield Violation(q.question_id, f"answer session id {sid!r} is listed {n} times")
            if sid not in ids:
                yield Violation(q.question_id, f"answer session id {sid!r} is not in the haystack")
        block = q.typedmemeval
        if block is None or block.vertical not in BY_KEY:
            continue
        shape = BY_KEY[block.vertical].shape(block.shape)
        if shape is not None and not shape.negative_gold and not q.answer_session_ids:
            yield Violation(q.question_id, f"a {block.shape} question must name its gold sessions")
        if shape is not None and shape.negative_gold and q.answer_session_ids:
            yield Violation(
                q.question_id,
                f"a {block.shape} question has no gold, but names {len(q.answer_session_ids)}",
            )


@rule("STR008", "date-format", example="haystack date 2 '2026/02/30 (Mon) 10:00' does not parse")
def date_format(ctx: CorpusContext) -> Iterator[Violation]:
    """Dates read `YYYY/MM/DD (Ddd) HH:MM` and the weekday is the date's own.

    Clock-grounded questions are judged against these timestamps; a wrong weekday is a wrong clock."""
    for q in ctx.corpus.questions:
        for label, value in [("question date", q.question_date)] + [
            (f"haystack date {i}", d) for i, d in enumerate(q.haystack_dates)
        ]:
            dt = parse_date(value)
            if dt is None:
                yield Violation(
                    q.question_id, f"{label} {value!r} does not parse as YYYY/MM/DD (Ddd) HH:MM"
                )
            elif dt.strftime("%a") != value[12:15]:
                yield Violation(
                    q.question_id, f"{label} {value!r}: that date is a {dt.strftime('%a')}"
                )


@rule("STR009", "timestamp-order", example="session 5 is dated before session 4")
def timestamp_order(ctx: CorpusContext) -> Iterator[Violation]:
    """Sessions are in timestamp order and the question is asked after the latest session.

    A question asked before its evidence exists cannot be answered honestly. The question date
    is compared with the latest session date, not the last one listed: where sessions are out
    of order (LongMemEval sorts a day's sessions by day only) the last is not the latest, and a
    question asked hours before a gold session of the same day would pass unseen. The order of
    sessions is a property of the haystack, the question date one of the question."""
    for qi, q in enumerate(ctx.corpus.questions):
        dates = [parse_date(d) for d in q.haystack_dates]
        for i in range(1, len(dates)):
            a, b = dates[i - 1], dates[i]
            if a is not None and b is not None and b < a:
                yield Violation(
                    q.question_id, f"session {i} is dated before session {i - 1}", haystack=True
                )
        asked = parse_date(q.question_date)
        known = [(d, i) for i, d in enumerate(dates) if d is not None]
        if asked is None or not known:
            continue
        latest, at = max(known)
        if asked > latest:
            continue
        if at == len(dates) - 1 and latest == dates[-1]:
            message = "the question is not asked after the last session"
        else:
            message = (
                f"the question is not asked after the latest session (session {at}, "
                f"{q.haystack_dates[at]}; the last listed is session {len(dates) - 1})"
            )
        gold = set(ctx.corpus.gold_indices(qi))
        late = [i for d, i in known if d >= asked and i in gold]
        if late:
            message += (
                f"; gold session(s) {', '.join(map(str, late))} dated at or after the question "
                f"({q.question_date})"
            )
        yield Violation(q.question_id, message)


@rule(
    "STR010",
    "gold-position-pinned",
    example="gold is the last session in 40/40 gold-bearing questions",
)
def gold_position(ctx: CorpusContext) -> Iterator[Violation]:
    """Gold position is shuffled, except where the corpus declares a pin with its reason.

    A constant gold slot lets a system find evidence without reading it."""
    pinned = pinned_slot(ctx.corpus)
    if pinned and declared_pin(ctx.corpus) is None:
        yield Violation(None, f"{pinned}, and no pin is declared")


@rule("STR011", "pair-arms", example="pair tme-pro-2612-p03 arms differ in haystack_sessions")
def pair_arms(ctx: CorpusContext) -> Iterator[Violation]:
    """Pairs are complete, and before/after arms share one haystack byte for byte.

    Arms differ only in question id, question date, answer and arm; anything else would let the
    pair measure something other than the clock."""
    pairs: dict[str, list[Question]] = defaultdict(list)
    for q in ctx.corpus.questions:
        if q.typedmemeval is not None and q.typedmemeval.pair_id:
            pairs[q.typedmemeval.pair_id].append(q)
    for pid, arms in sorted(pairs.items()):
        if not ctx.foreign and not PAIR_ID_RE.match(pid):
            yield Violation(
                arms[0].question_id, f"pair id {pid!r} does not match tme-<abbrev>-<YYMM>-pNN"
            )
        if len(arms) != 2:
            yield Violation(arms[0].question_id, f"pair {pid} has {len(arms)} arm(s); a pair has 2")
            continue
        a, b = arms
        names = sorted(str(x.typedmemeval.arm) for x in arms)
        if a.typedmemeval.arm == b.typedmemeval.arm:
            yield Violation(a.question_id, f"pair {pid}: both arms are {a.typedmemeval.arm!r}")
        if names == ["after", "before"]:
            for field in (
                "haystack_session_ids",
                "haystack_dates",
                "haystack_sessions",
                "answer_session_ids",
                "question",
                "question_type",
            ):
                if getattr(a, field) != getattr(b, field):
                    yield Violation(a.question_id, f"pair {pid} arms differ in {field}")
            if a.typedmemeval.model_dump(exclude={"arm"}) != b.typedmemeval.model_dump(
                exclude={"arm"}
            ):
                different = sorted(
                    k
                    for k, v in a.typedmemeval.model_dump(exclude={"arm"}).items()
                    if b.typedmemeval.model_dump().get(k) != v
                )
                yield Violation(
                    a.question_id, f"pair {pid} arms differ in typedmemeval.{', '.join(different)}"
                )


@rule("STR012", "shape-counts", example="shape invalidated has 19 questions; the family plans 20")
def shape_counts(ctx: CorpusContext) -> Iterator[Violation]:
    """Questions per shape equal the family's plan (SPEC §3) and the release index.

    Published denominators come from the plan; a corpus with other counts would make every rate on the site wrong."""
    vertical_key = ctx.corpus.vertical()
    if vertical_key is None or vertical_key not in BY_KEY:
        if not ctx.foreign:
            yield Violation(None, "questions do not agree on one vertical")
        return
    structure, _ = measure_structure(ctx.corpus)
    plan = {s.name: s.count for s in BY_KEY[vertical_key].shapes}
    if ctx.foreign:
        return
    for name in sorted(set(plan) | set(structure.shape_counts)):
        have, want = structure.shape_counts.get(name, 0), plan.get(name, 0)
        if have != want:
            yield Violation(None, f"shape {name} has {have} questions; the family plans {want}")
    entry = ctx.index_entry()
    if entry is not None and entry.shape_counts != structure.shape_counts:
        yield Violation(
            None,
            f"per-shape counts {structure.shape_counts} differ from the release index {entry.shape_counts}",
        )


@rule(
    "STR013",
    "question-type",
    example="question_type 'list-order' should be '<vertical>-list-order'",
)
def question_type(ctx: CorpusContext) -> Iterator[Violation]:
    """`question_type` is `<vertical>-<shape>`, and the vertical is the corpus's own.

    Aggregation strata are read from these fields; a mislabelled question lands in the wrong stratum."""
    want_vertical = ctx.corpus.sidecar.vertical if ctx.corpus.sidecar else None
    for q in ctx.corpus.questions:
        block = q.typedmemeval
        if block is None:
            continue
        want = f"{block.vertical}-{block.shape}"
        if q.question_type != want:
            yield Violation(q.question_id, f"question_type {q.question_type!r} should be {want!r}")
        if want_vertical and block.vertical != want_vertical:
            yield Violation(
                q.question_id, f"vertical {block.vertical!r} in a {want_vertical} corpus"
            )


@rule(
    "STR014",
    "distance-rung",
    example="gold sits 9 sessions before the question; the rung declares 8",
)
def distance_rung(ctx: CorpusContext) -> Iterator[Violation]:
    """On a distance ladder (WorkingMemory), every rung holds the same number of non-gold
    sessions and one gold session, with exactly d sessions between it and the question, d one of
    the declared rungs.

    H held constant makes gold position the only thing that moves; a ladder whose haystack grows
    with the rung confounds size with distance."""
    for qi, q in enumerate(ctx.corpus.questions):
        block = q.typedmemeval
        profile = BY_KEY.get(block.vertical) if block is not None else None
        if block is None or profile is None or profile.rungs is None:
            continue
        rungs = profile.rungs
        gold = ctx.corpus.gold_indices(qi)
        h = len(q.haystack_sessions) - len(gold)
        if h != rungs.non_gold:
            yield Violation(
                q.question_id, f"{h} non-gold sessions; every rung holds {rungs.non_gold}"
            )
        if len(gold) != 1:
            yield Violation(
                q.question_id, f"{len(gold)} gold sessions; a {profile.name} cell has 1"
            )
            continue
        d = block.distance_sessions
        if d not in rungs.distances:
            yield Violation(
                q.question_id,
                f"distance {d} is not a rung ({', '.join(map(str, rungs.distances))})",
            )
        after = len(q.haystack_sessions) - 1 - gold[0]
        if d is not None and after != d:
            yield Violation(
                q.question_id,
                f"gold sits {after} sessions before the question; the rung declares {d}",
            )
