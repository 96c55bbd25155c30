"""A look inside: which questions are shown, which session is the rival, what the block says
about each session, and the page built from the corpus bytes."""

from __future__ import annotations

from checker.family import BY_KEY, VERTICALS
from checker.formats.corpus import Question
from site_gen import inside
from site_gen.markup import esc
from site_gen.sources import CorpusRelease, SiteSources


def _questions(sources: SiteSources, key: str) -> tuple[CorpusRelease, list[Question]]:
    release = sources.latest(key)
    assert release is not None
    questions = inside.corpus_questions(release)
    assert questions is not None
    return release, questions


def test_examples_cover_the_largest_shapes_first(shipped: SiteSources) -> None:
    _, questions = _questions(shipped, "prospective")
    chosen = [questions[i] for i in inside.example_questions(BY_KEY["prospective"], questions)]
    # due-window 18, due-later-reminder 8, expiring-validity 6: the first question of each.
    assert [q.typedmemeval.shape for q in chosen] == [
        "due-window",
        "due-later-reminder",
        "expiring-validity",
    ]
    for q in chosen:
        first = min(
            x.question_id for x in questions if x.typedmemeval.shape == q.typedmemeval.shape
        )
        assert q.question_id == first


def test_a_one_shape_vertical_shows_distinct_difficulty_bands(shipped: SiteSources) -> None:
    _, questions = _questions(shipped, "workingmemory")
    chosen = [questions[i] for i in inside.example_questions(BY_KEY["workingmemory"], questions)]
    assert len(chosen) == inside.EXAMPLES
    bands = [q.typedmemeval.difficulty for q in chosen]
    assert len(set(bands)) == len(bands)
    distances = [q.typedmemeval.distance_sessions or 0 for q in chosen]
    assert distances == sorted(distances) and len(set(distances)) == len(distances)


def test_the_rival_is_the_highest_scoring_non_gold_session(shipped: SiteSources) -> None:
    _, questions = _questions(shipped, "forgetting")
    for q in questions[:10]:
        scores = inside.bm25_scores(q)
        rival = inside.rival_session(q, scores)
        assert rival is not None
        gold = set(q.answer_session_ids)
        assert q.haystack_session_ids[rival] not in gold
        others = [s for i, s in enumerate(scores) if q.haystack_session_ids[i] not in gold]
        assert scores[rival] == max(others)


def test_the_rival_rule_breaks_ties_by_the_earliest_session() -> None:
    q = _tiny_question(["x", "y", "z"], gold=["h-s002"])
    assert inside.rival_session(q, [1.0, 1.0, 5.0]) == 0
    assert inside.ranks([1.0, 1.0, 5.0]) == [(2, True), (2, True), (1, False)]
    everything_gold = _tiny_question(["x"], gold=["h-s000"])
    assert inside.rival_session(everything_gold, [1.0]) is None


def _tiny_question(texts: list[str], gold: list[str]) -> Question:
    return Question.model_validate(
        {
            "question_id": "tme-for-2612-001",
            "question_type": "forgetting-invalidated",
            "question": "What car does my dad have?",
            "answer": "x",
            "question_date": "2026/11/29 (Sun) 14:45",
            "haystack_session_ids": [f"h-s{i:03d}" for i in range(len(texts))],
            "haystack_dates": ["2026/11/01 (Sun) 10:00"] * len(texts),
            "haystack_sessions": [
                [{"role": "user", "content": t, "has_answer": False}] for t in texts
            ],
            "answer_session_ids": gold,
            "typedmemeval": {
                "vertical": "forgetting",
                "shape": "invalidated",
                "gold_components": [{"kind": "statement", "session_index": 0}],
            },
        }
    )


def test_block_references_name_every_session_the_block_points_at() -> None:
    block = {
        "gold_components": [
            {"kind": "statement", "session_index": 2},
            {"kind": "invalidation", "session_index": 7},
        ],
        "pivot": {"session_index": 4, "expression": "in two days", "instant": "x"},
        "derivation": {"inputs": [{"session_index": 1, "value": 3, "from_session_index": 0}]},
        "list_order": {"items": ["a", "b"], "item_session_indices": [5, 3]},
        "difficulty": 2,
    }
    assert inside.block_references(block) == {
        0: ["derivation.inputs (from)"],
        1: ["derivation.inputs"],
        2: ["gold_components: statement"],
        3: ["list_order item 2"],
        4: ["pivot"],
        5: ["list_order item 1"],
        7: ["gold_components: invalidation"],
    }


def test_an_example_section_shows_question_timeline_sessions_answer_and_block(
    shipped: SiteSources,
) -> None:
    _, questions = _questions(shipped, "forgetting")
    q = questions[0]
    section = inside.example_section(BY_KEY["forgetting"], 1, q)
    assert section.startswith("## Example 1: invalidated")
    # Titles are escaped like every corpus string (esc works character by character).
    assert esc(f"The question, asked {q.question_date}") in section
    n = len(q.haystack_sessions)
    # The header, one timeline row per session and one for the question.
    timeline = section.split("### Timeline")[1].split("### The marked sessions")[0]
    assert timeline.count("\n| ") == n + 2
    assert "**question asked**" in timeline
    components = q.typedmemeval.gold_components or []
    assert len(components) == 2
    for index in (c.session_index for c in components):  # statement, invalidation
        assert '!!! success "' + esc(f"Session {index} · {q.haystack_dates[index]}") in section
    assert section.count('!!! warning "Session ') == 1  # the rival
    assert "has_answer" in section and ".tme-evidence" in section
    assert '"kind": "invalidation"' in section  # the block, verbatim, in a code block
    assert esc("The answer (answer key)") in section
    assert f"The other {n - 3} sessions in full" in section


def test_every_vertical_has_an_inside_page(shipped: SiteSources) -> None:
    for v in VERTICALS:
        release = shipped.latest(v.key)
        page = inside.inside_page(v, release)
        if release is None:
            assert "**Not yet generated.**" in page
        else:
            assert page.count("\n## Example ") == inside.EXAMPLES
            assert release.entry.sha256 in page
    index = inside.inside_index([(v, shipped.latest(v.key)) for v in VERTICALS])
    assert all(f"]({v.key}.md)" in index for v in VERTICALS)
