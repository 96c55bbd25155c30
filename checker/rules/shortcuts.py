"""Shortcut rules (SHC): answering without memory, by counting, by position or by wording;
and the `shortcuts` summary section.

Each rule reads one cached measurement of `checker.separability.shortcuts`, so the summary
and the rules compute it once per corpus.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.context import CorpusContext
from checker.findings import Violation
from checker.load import LoadedCorpus
from checker.registry import rule
from checker.separability import shortcuts as shc
from checker.summary import section


@rule(
    "SHC001",
    "heuristic-answerer",
    example="still-valid: the most-frequent value of the key-word sentences is the answer in "
    "1.000 of questions against a fair chance of 0.203 (lift +0.797 > 0.15, n=14)",
)
def heuristic_answerer(ctx: CorpusContext) -> Iterator[Violation]:
    """A heuristic answerer beats the fair chance by more than 0.15 on a shape with at least 10
    scored questions: picking, among the values named in the sentences that carry the
    question's holder and attribute words, the most frequent, the least frequent, the most
    recent, the first, or the one an assistant turn states — or, for a single value, a later
    place of the first three (the second, third or fourth most frequent, most recent or named),
    for an attacker who has seen where the answer usually sits. A placed answerer must also
    beat the shape's family bound: the lift the best of its answerers reaches at the 95th
    percentile of 500 draws that replace each question's gold by a candidate at random.
    Without it, fourteen
    answerers on fifteen questions would refuse a shape with no leak in it about one time in
    three. The five plain orderings keep the plain +0.15, and it is not free either: a leak-free shape of fifteen questions beats it by luck about one time in five.

    The fair chance is one over the number of candidate values those sentences name, averaged
    over the shape's questions. A list answer (a procedure's current steps, a step order) is
    answered with the k best-ranked values, k the gold list's length, scored as the shape
    scores it (the exact set or the exact order) against one over the number of k-subsets or
    ordered k-lists of the candidates. The share of gold items among the k picks is held to
    the same bound against its own chance (k over the number of candidates): Procedural's
    most-mentioned steps were the asked procedure's (0.573 of items against 0.257, n=20), only
    its listing being said under the question's key words, so counting found the set even
    where it could not find the order. Forgetting's still-valid answer was the most
    frequent value in every question (the reaffirmation repeats it, the rivals are said once),
    and Episodic's suggested value was the only one an assistant turn ever named: no memory is
    needed to count. Semantic put a rival after a chain's last link, so the most recent value
    was never the answer and the one before it was (0.44 against 0.13, n=16); Bitemporal put
    two later statements after each belief, and the third most recent value was the answer
    (0.647 against 0.214, n=17). Procedural's
    current steps were each said once and the rivals' steps more often, so the least said
    steps were the answer's."""
    record = shc.heuristics_of(ctx.corpus)
    for row in record.rows:
        if row.refused:
            what = (
                f"the {row.answerer} values of the key-word sentences hold a share of the "
                "answer's items of"
                if row.per_item
                else f"the {row.answerer} value of the key-word sentences is the answer in"
            )
            yield Violation(
                None,
                f"{row.shape}{' per item' if row.per_item else ''}: {what} "
                f"{row.accuracy:.3f} against a fair chance of "
                f"{row.chance:.3f} (lift {row.lift:+.3f} > {shc.LIFT_REFUSE}"
                + (f" and > the family bound {row.bound:+.3f}" if row.placed else "")
                + f", n={row.n}); give the rivals the same repetition, recency and speakers as "
                "the answer, and draw the answer's place among them at random",
            )


@rule(
    "SHC004",
    "order-word-side",
    example="occurrence-order: the value the order words put first is the answer in 0.975 "
    "against a fair chance of 0.500 (lift +0.475 > 0.15 and > the family bound +0.225, n=20)",
)
def order_word_side(ctx: CorpusContext) -> Iterator[Violation]:
    """Counting which side of an order word each candidate stands on finds the answer: an
    order word orders the candidate named nearest before it against the one named nearest
    after it ("the Hans session came after the Loredan visit": Loredan +1, Hans −1; an order
    word without a candidate on each side orders nothing), and the answerer takes the
    candidate scored highest (or lowest). The candidates of a shape whose
    answer is a choice (the profile's `choice` answer form) are the values its question names,
    read in every sentence of the haystack; those of a single-value shape (SHC001's) are the
    declared values said in an exchange that names the question's holder, read there.
    Refused past +0.15 over the fair chance (one over the candidates) on 10 or more questions,
    and past the shape's family bound (see SHC001).

    Every true statement of an order puts the earlier event on its first side, so an event
    that starts a chain is only ever said first, one that ends it only last: counting sides
    orders the chain's ends without chaining anything. Temporal's occurrence-order questions
    asked about a chain's end in nineteen of twenty haystacks, and the count answered 0.975
    of them (n=20); its recency answer, a chain's last milestone, was the value said only
    last in 0.372 of questions against a chance of 0.143 (n=15)."""
    record = shc.order_words_of(ctx.corpus)
    for row in record.rows:
        if row.refused:
            side = "first" if row.answerer.startswith("earlier") else "last"
            yield Violation(
                None,
                f"{row.shape}: the value the order words put {side} is the answer in "
                f"{row.accuracy:.3f} against a fair chance of {row.chance:.3f} (lift "
                f"{row.lift:+.3f} > {shc.LIFT_REFUSE} and > the family bound "
                f"{row.bound:+.3f}, n={row.n}); ask about events whose order words tie, and "
                "let statements that do not hold put the chain's ends on the other side",
            )


@rule(
    "SHC002",
    "position-model",
    example="position-only boosted model finds gold at held-out within-question AUC 0.9653 "
    "≥ 0.7 (shuffled labels 0.4383; 60 haystacks)",
)
def position_model(ctx: CorpusContext) -> Iterator[Violation]:
    """A boosted-tree model reading only where and when each session sits (index, distance
    from the end, gaps, time of day, weekday), never a word or the question, finds gold in
    held-out haystacks at a within-question AUC of 0.70 or more.

    Folds hold out whole haystacks, assigned to folds at random: unshuffled, a design that
    cycles through its rungs in the folds' period hides every question of a rung from
    training, and a model that finds the rungs perfectly reads 0.28 instead of 0.96.
    WorkingMemory's gold at exactly 8, 15, 25, 40 or 60 sessions from the end is found at
    0.96 without reading anything. The rule is one-sided: a design that uses each position
    about once reads far below 0.5 held out, which is how cross-validation sees a balanced
    design, not a tell."""
    found = shc.position_of(ctx.corpus)
    if found.refused:
        yield Violation(
            None,
            f"position-only boosted model finds gold at held-out within-question AUC "
            f"{found.auc:.4f} ≥ {shc.AUC_REFUSE} (shuffled labels {found.shuffled:.4f}; "
            f"{found.haystacks} haystacks, {found.questions} questions); draw each gold "
            "position from a band, and give sessions the same spacing and times of day "
            "wherever they sit",
        )


@rule(
    "SHC003",
    "marker-adversary",
    example="marker adversary picks the gold turn among those naming the question's holder "
    "and attribute at held-out within-question AUC 0.9559 ≥ 0.7 (goal < 0.6; shuffled 0.48; "
    "33 haystacks); it leans on 'yesterday P' (+0.87)",
)
def marker_adversary(ctx: CorpusContext) -> Iterator[Violation]:
    """Among the turns that name a question's holder and attribute and state a value, said by
    the speaker of its gold turns (the candidates a reader weighs), a model reading only each turn's wording — word 1–3-grams, with names, numbers,
    relations and pronouns masked — picks the gold turn in held-out haystacks at a
    within-question AUC of 0.70 or more (the goal is below 0.60).

    Distractors that carry a fixed frame ("It was not true.", "turned out to be wrong", "my
    sister's friend") leave the one unmarked statement as the answer: a reader who never
    remembers anything finds it by how it is worded."""
    found = shc.markers_of(ctx.corpus)
    if found.refused:
        leans = "; ".join(found.leans[:6]) or "nothing printable"
        yield Violation(
            None,
            f"marker adversary picks the gold turn among those naming the question's holder "
            f"and attribute at held-out within-question AUC {found.auc:.4f} ≥ "
            f"{shc.AUC_REFUSE} (goal < {shc.MARKER_TARGET}; shuffled labels "
            f"{found.shuffled:.4f}; {found.haystacks} haystacks); it leans on {leans}; word "
            "false, rumoured, retracted and other people's statements with the same variety "
            "as true ones"
            + (
                f" [measured on the questions whose candidate turns hold the first "
                f"{shc.AUDIT_WORDS:,} words, taken haystack by haystack]"
                if found.sampled
                else ""
            ),
        )


@section("shortcuts")
def summary(corpus: LoadedCorpus) -> list[str]:
    record = shc.heuristics_of(corpus)
    skipped = ", ".join(f"{n} {why}" for why, n in sorted(record.skipped.items()))
    lines = [
        f"heuristic answerers: {record.scored} of {record.tried} questions scored"
        + (f" (not scored: {skipped})" if skipped else "")
        + f"; refuse at lift > +{shc.LIFT_REFUSE} with n >= {shc.MIN_SHAPE_QUESTIONS}"
        + " (a placed answerer also beyond the shape's family bound)"
    ]
    shapes = sorted({r.shape for r in record.rows})
    for shape in shapes:
        for per_item in (False, True):
            rows = [r for r in record.rows if r.shape == shape and r.per_item == per_item]
            if not rows:
                continue
            figures = ", ".join(
                f"{r.answerer} {r.accuracy:.3f} ({r.lift:+.3f}){' REFUSED' if r.refused else ''}"
                for r in rows
            )
            head = f"  {shape} per item" if per_item else f"  {shape}"
            chance = f"{rows[0].chance:.3g}" if rows[0].chance < 0.001 else f"{rows[0].chance:.3f}"
            bound = f", family bound {max(rows[0].bound, 0.0):+.3f}" if rows[0].bound else ""
            lines.append(f"{head} n={rows[0].n}, chance {chance}{bound}: {figures}")
    sides = shc.order_words_of(corpus)
    if sides.tried:
        skipped = ", ".join(f"{n} {why}" for why, n in sorted(sides.skipped.items()))
        lines.append(
            f"order-word sides: {sides.scored} of {sides.tried} questions scored"
            + (f" (not scored: {skipped})" if skipped else "")
        )
        for shape in sorted({r.shape for r in sides.rows}):
            rows = [r for r in sides.rows if r.shape == shape]
            figures = ", ".join(
                f"{r.answerer} {r.accuracy:.3f} ({r.lift:+.3f}){' REFUSED' if r.refused else ''}"
                for r in rows
            )
            lines.append(
                f"  {shape} n={rows[0].n}, chance {rows[0].chance:.3f}, family bound "
                f"{max(rows[0].bound, 0.0):+.3f}: {figures}"
            )
    pos = shc.position_of(corpus)
    lines.append(
        f"position model: AUC {pos.auc:.4f} (shuffled {pos.shuffled:.4f}; n={pos.questions} "
        f"questions, {pos.haystacks} haystacks; refuse at {shc.AUC_REFUSE})"
        + (" REFUSED" if pos.refused else "")
        + (
            " (reads backwards: gold sits where other haystacks have none, e.g. each position "
            "used about once; not refused)"
            if pos.auc <= shc.BACKWARDS
            else ""
        )
    )
    mark = shc.markers_of(corpus)
    lines.append(
        f"marker adversary: AUC {mark.auc:.4f} ("
        + (
            f"haystacks drawn again: 95% within {mark.interval[0]:.2f}-{mark.interval[1]:.2f}; "
            if mark.interval
            else ""
        )
        + f"shuffled {mark.shuffled:.4f}; n={mark.questions} "
        f"questions, {mark.haystacks} haystacks; goal < {shc.MARKER_TARGET}, refuse at "
        f"{shc.AUC_REFUSE})"
        + (" REFUSED" if mark.refused else "")
        + (f"; leans on {', '.join(mark.leans[:4])}" if mark.leans else "")
        + (f" [sampled: the first {shc.AUDIT_WORDS:,} candidate words]" if mark.sampled else "")
    )
    return lines
