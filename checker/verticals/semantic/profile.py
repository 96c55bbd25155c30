"""Semantic: resolving rather than recalling — current values, aliases, sources."""

from __future__ import annotations

from checker.verticals.events import synthetic_events
from checker.verticals.profile import (
    CURRENT_VALUE,
    SOURCE_SESSION,
    THROUGH_ALIAS,
    JudgeRules,
    Prose,
    Resolution,
    Shape,
    Synthetic,
    Vertical,
)

JUDGE = JudgeRules(
    instructions=(
        "Questions here ask the system to resolve rather than recall: the value that holds "
        "after a chain of replacements, a fact stated under another name, or which earlier "
        "conversation a belief came from. A value that was later replaced is wrong."
    ),
    shape_instructions=(
        (
            "current-value",
            "Gold is the value the latest replacement put in place. An earlier value of the "
            "chain, a replacement that was only considered or rumoured, or someone else's value "
            "is wrong.",
        ),
        (
            "co-reference",
            "The question names the person one way; the conversations stated the fact under "
            "another designation of the same person, and said elsewhere that the two are one. "
            "Gold is that fact's value; a value told about someone else, or one that was only "
            "considered or rumoured, is wrong.",
        ),
        (
            "source-attribution",
            "The question states a belief and asks what else was discussed in the "
            "conversation it came from. Gold lists the other things said in that one "
            "conversation. The answer is correct when it names at least one of them and "
            "nothing said only in another conversation; restating the belief alone does not "
            "identify the conversation.",
        ),
    ),
)


PROFILE = Vertical(
    name="Semantic",
    abbrev="sem",
    position=8,
    shapes=(Shape("current-value", 20), Shape("co-reference", 15), Shape("source-attribution", 15)),
    required_fields=("events",),
    resolution=Resolution(
        queries=(
            ("current-value", CURRENT_VALUE),
            ("co-reference", THROUGH_ALIAS),
            ("source-attribution", SOURCE_SESSION),
        ),
    ),
    prose=Prose(
        measures=(
            "Resolution rather than recall: the current value after a chain of replacements, "
            "a fact stated under another designation, and which conversation a belief came "
            "from."
        ),
        construction=(
            "Each question carries structured events from which the checker recomputes the "
            "gold without reading prose: value events under the designation the conversation "
            "used, each replacing at most one earlier value; alias events joining a person's "
            "name to how the user refers to them; and, for source attribution, what else the "
            "stating conversation said. Current-value chains run three to five values, and the "
            "asked chain is one of several in its haystack built the same way, with "
            "replacements that were only considered, rumours, and other people's switches "
            "beside it. Co-reference facts are stated under the other designation than the "
            "question's, with the alias established in a different session and other people's "
            "aliases and facts of the same kind around it. A source-attribution belief is "
            "stated once, its value recurs in sessions that say it of someone else, and the "
            "question restates it in other words than the conversation used. A haystack with a "
            "sentence made mostly of its question's words is drawn again."
        ),
        reading=(
            "Current-value questions are banded by dispersion: the length of the chain, which "
            "is the number of gold sessions. Co-reference and source-attribution questions "
            "carry no band. A source-attribution answer names a conversation by what else was "
            "said in it, never by a date."
        ),
    ),
    judge=JUDGE,
    synthetic=Synthetic(g_range=(1, 5), block=synthetic_events),
)
