"""The project's own description of each vertical: what it measures and how it is built.

Kept beside the page functions (not in `docs/`) because every vertical page is generated; the
numbers on those pages come from the corpora and sidecars, never from this text.
"""

from __future__ import annotations

from dataclasses import dataclass

from site_gen.markup import Md


@dataclass(frozen=True)
class VerticalProse:
    """Hand-written text for one vertical page."""

    measures: Md
    construction: Md
    reading: Md | None = None


PROSE: dict[str, VerticalProse] = {
    "prospective": VerticalProse(
        measures=Md(
            "Whether a memory system acts on time: a reminder that falls due later, a fact "
            "that stops being valid, something that is not yet true, and a set of reminders "
            "told apart only by when each falls due. The system is given the query time "
            "explicitly; the conversations never print a calendar date."
        ),
        construction=Md(
            "Most questions come in before/after pairs: one haystack asked twice, once before "
            "and once after the pivotal instant, with gold flipping between the arms. The "
            "pivot lies strictly between the two query times and is re-derived from the "
            'stating session\'s own timestamp and its relative expression ("in three weeks"). '
            "Message content carries no absolute date and no four-digit year. The due-window "
            "shape names nothing: several reminders compete, and the answer is the set whose "
            "due instants fall in the window. not-yet-true after-arms ask what the record "
            "shows, not what happened."
        ),
        reading=Md(
            "Read pair consistency from the judge's asserted states, not from outcome labels: "
            "gold flips between arms, so a system that never received the query time asserts "
            "the same state on both arms while its outcome labels differ."
        ),
    ),
    "episodic": VerticalProse(
        measures=Md(
            "Memory of the conversation as an event: what the assistant said (never the "
            "user), the order in which items came up, and who said something — me, you or "
            "both of us."
        ),
        construction=Md(
            "Assistant-stated answers appear only in assistant turns anywhere in the corpus. "
            "List-order questions mention one item per session in an arbitrary order (lists of "
            "four to seven) and are scored pairwise on the items an answer mentions. "
            "Attribution statements are plausible from either speaker, and the framing is "
            "drawn per question from a bank independently of who holds the answer."
        ),
        reading=Md(
            "Attribution has three arms, so its chance floor is 1/3; compare systems on the "
            "distance above it."
        ),
    ),
    "arithmetic": VerticalProse(
        measures=Md(
            "Arithmetic over memory: counts, sums, deltas and durations whose inputs are "
            "spread one per session, so a missed input makes the answer wrong rather than "
            "slightly off."
        ),
        construction=Md(
            "Every question records its derivation (inputs with their sessions, operation, "
            "value, unit, tolerance), which the checker recomputes from the corpus alone. No "
            "other subset of same-unit values in the haystack combines to the gold. Durations "
            "derive from session timestamps; count candidates each carry a match record."
        ),
        reading=Md(
            "Questions with more gold sessions than the retrieval budget cannot be fully "
            "covered by any top-K retriever; the ceiling table below names how many there are."
        ),
    ),
    "workingmemory": VerticalProse(
        measures=Md(
            "How a memory degrades with distance: one fact, asked about after 8, 15, 25, 40 "
            "or 60 intervening sessions."
        ),
        construction=Md(
            "Twelve fact families cross five distances; every cell has its own haystack so no "
            "probe rehearses another. Every haystack holds the same number of non-gold "
            "sessions, so the gold session's position is the only thing that moves between "
            "rungs; that position is the declared independent variable and is exempt from the "
            "separability gate for that reason. Spacing between sessions is constant. "
            "Interference comes from other people's facts of the same family, never from a "
            "contradiction, and the fact is never restated."
        ),
        reading=Md(
            "Results are an outcome-by-distance curve, never one number: averaging over the "
            "rungs removes the only thing the vertical measures. Each rung holds twelve "
            "questions and is a diagnostic."
        ),
    ),
    "forgetting": VerticalProse(
        measures=Md(
            "Whether a system holds three states apart: a fact that was invalidated, a fact "
            "that still stands, and a fact it was never told."
        ),
        construction=Md(
            "Invalidated questions carry a statement and a later explicit invalidation, four "
            "to fifteen sessions apart. Still-valid controls carry a statement and a "
            "re-affirmation of the same value, are paired with an invalidated question, and "
            "must be no easier or harder to retrieve than their treatment. Never-known probes "
            "have no gold session and a near-miss neighbour."
        ),
        reading=Md(
            "Three sub-counts travel with every result: stale recall (the invalidated value "
            "given as current), over-forgetting (a still-valid fact declared gone) and "
            "mis-attributed forgetting (a never-known fact described as forgotten)."
        ),
    ),
    "bitemporal": VerticalProse(
        measures=Md(
            "The difference between when something was true and when the record learned it: "
            "what did the record show as of one date about the state at another."
        ),
        construction=Md(
            "Belief-at-instant questions ask about a past belief; correction-depth questions "
            "stack revisions (recorded, corrected, corrected again) and ask at an instant "
            "between them. Gold is recomputed from each event's recorded and validity times."
        ),
    ),
    "temporal": VerticalProse(
        measures=Md(
            "Ordering events that are never dated: which came first, where an event sits in "
            "an interval, and which is most recent across a chain."
        ),
        construction=Md(
            'Events are related to one another ("the survey came after the rewiring") and '
            "gold order is recomputed from those relations; session order never encodes event "
            "order. Milestone names are invented and checked against real-name lists, so world "
            "knowledge cannot answer. No absolute dates appear in message content."
        ),
        reading=Md(
            "Occurrence-order questions name their two candidates, so a coin reaches gold half "
            "the time: its chance floor is 1/2."
        ),
    ),
    "semantic": VerticalProse(
        measures=Md(
            "Resolution rather than recall: the current value after a chain of replacements, "
            "a fact stated under another designation, and which conversation a belief came "
            "from."
        ),
        construction=Md(
            "Each question carries structured events (values, replacements, aliases, sources) "
            "from which the checker recomputes the gold without reading prose."
        ),
    ),
    "conjunction": VerticalProse(
        measures=Md(
            "Two memory types in one question: a fact of one type must be resolved and an "
            "operation of another type applied to it, so a stack strong on one and weak on the "
            "other fails."
        ),
        construction=Md(
            "Value-then-count, alias-then-count and order-then-value combine resolution with "
            "counting or ordering. The fourth shape, invalidation-then-sum, combines "
            "Forgetting's invalidation with Arithmetic's sum: one input of the sum is "
            "invalidated later in the haystack and must be left out."
        ),
    ),
    "procedural": VerticalProse(
        measures=Md(
            "Memory of a procedure told across sessions: its steps and their order, what must "
            "hold before it starts, and which steps were later amended or retired. It does not "
            "measure whether a system can execute the procedure."
        ),
        construction=Md(
            "Exactly one gold session names the procedure and lists its steps in an order that "
            "is never the answer. Dependencies, preconditions, amendments and retirements name "
            "step pairs and never the procedure, so every question needs two hops. Each "
            "step-order haystack carries two complete rival chains and each amended or retired "
            "haystack two rival edits."
        ),
    ),
}
