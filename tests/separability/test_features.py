"""The feature table: families, slices, metadata, glyphs and n-gram screening."""

from __future__ import annotations

import unicodedata

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from checker.formats.corpus import Question, Turn, TypedMemEvalBlock
from checker.load import LoadedCorpus
from checker.separability.features import (
    _CHARS,
    _DIGITS,
    _EMDASH,
    _EMPTY,
    _PADDED,
    _PUNCT,
    _SENTENCES,
    _UPPER,
    NON_ASCII_LETTER,
    _character_counts,
    whitespace_counts,
)
from checker.separability.gate import covers, table
from checker.separability.ngrams import (
    candidate_table,
    exclusive_phrases,
    extract,
    named_tokens,
    token_stream,
)
from checker.separability.policy import RARE_SESSION_SHARE, RECURRENCE_SHARE
from checker.separability.stats import Layout
from checker.separability.synthetic import build_clean_corpus
from checker.separability.turns import index_turns
from checker.text import segments, sentences


def _question(
    n: int, sessions: list[list[tuple[str, str]]], gold: list[int], **kw: str
) -> Question:
    qid = f"tme-pro-2612-{n:03d}"
    ids = [f"{qid}-s{i:03d}" for i in range(len(sessions))]
    return Question(
        question_id=qid,
        question_type="prospective-current",
        question=kw.get("question", "Where is it?"),
        answer=kw.get("answer", "There."),
        question_date="2026/03/30 (Mon) 10:00",
        haystack_session_ids=ids,
        haystack_dates=[
            f"2026/03/{2 + i:02d} ({'MonTueWedThuFriSatSun'[(i % 7) * 3 : (i % 7) * 3 + 3]}) 09:{15 * (i % 4):02d}"
            for i in range(len(sessions))
        ],
        haystack_sessions=[
            [Turn(role=r, content=c, has_answer=False) for r, c in s] for s in sessions
        ],
        answer_session_ids=[ids[i] for i in gold],
        typedmemeval=TypedMemEvalBlock(vertical="prospective", shape="current"),
    )


def _corpus(questions: list[Question]) -> LoadedCorpus:
    from pathlib import Path

    return LoadedCorpus(path=Path("<test>"), sha256="", questions=questions, mode="ours")


def test_every_family_is_measured_and_position_covers_its_encodings() -> None:
    built = table(build_clean_corpus(questions=6, sessions=(6, 8), seed=1))
    families = set(built.families)
    assert {"shape", "glyph", "roles", "position", "date", "session_id", "ngram"} <= families
    position = {
        n for n, f in zip(built.names, built.families, strict=True) if covers("position", n, f)
    }
    assert {
        "position.index",
        "position.first_session",
        "position.session_id_index",
        "position.timestamp_rank",
    } <= position
    assert all(n.startswith("position.") for n in position)
    for scope in ("session", "user", "assistant", "user.turn1", "assistant.turn1", "user.turn3"):
        assert f"{scope}.chars" in built.names
    assert "session.glyph[U+002E]" in built.names


def test_slices_see_what_the_total_hides() -> None:
    # Same session text moved between the two user turns: totals equal, slots differ.
    gold = [
        ("user", "a b c d e f g h."),
        ("assistant", "ok."),
        ("user", "x."),
        ("assistant", "ok."),
    ]
    filler = [
        ("user", "x."),
        ("assistant", "ok."),
        ("user", "a b c d e f g h."),
        ("assistant", "ok."),
    ]
    built = table(_corpus([_question(1, [gold, filler, filler], [0])]))
    value = dict(zip(built.names, built.numeric.values[0], strict=False))
    other = dict(zip(built.names, built.numeric.values[1], strict=False))
    assert value["session.chars"] == other["session.chars"]
    assert value["user.chars"] == other["user.chars"]
    assert value["user.turn1.chars"] > other["user.turn1.chars"]


def test_first_session_is_not_marked_by_a_missing_neighbour_gap() -> None:
    built = table(build_clean_corpus(questions=3, sessions=(6, 6), seed=2))
    gaps = built.numeric.values[:, built.names.index("date.gap_before_minutes")]
    assert (gaps > 0).all()


def test_ngrams_stay_inside_punctuation_segments() -> None:
    gold = [("user", "Or near enough. Also on my mind."), ("assistant", "Fine.")]
    filler = [("user", "Also on my mind. Or near enough."), ("assistant", "Fine.")]
    questions = [_question(n, [gold, filler, filler], [0]) for n in range(1, 6)]
    built = table(_corpus(questions))
    assert "near enough" in built.ngrams.phrases
    assert "enough also" not in built.ngrams.phrases
    assert exclusive_phrases(built.ngrams, built.layout) == []


def test_relevance_exemption_is_per_question_and_only_for_rare_named_tokens() -> None:
    # 'zanthor' is named by question 1 and rare: question 1 drops it, question 2 keeps it.
    sessions = [
        [("user", "The zanthor lamp moved.")],
        [("user", "A plain day.")],
        [("user", "A plain day.")],
    ]
    filler = [
        [("user", "A plain day.")],
        [("user", "The zanthor lamp moved.")],
        [("user", "A plain day.")],
    ]
    pad = [[("user", "Nothing much at the shop.")]] * 3
    questions = [
        _question(1, sessions, [0], question="Where is the zanthor lamp?"),
        _question(2, filler, [0]),
        *[_question(n, pad, [0]) for n in range(3, 11)],
    ]
    built = table(_corpus(questions))
    column = built.ngrams.phrases.index("zanthor")
    assert not built.ngrams.include[0, column]
    assert built.ngrams.include[1, column]
    # 'the' is named too but common, so it is never exempt.
    assert built.ngrams.include[0, built.ngrams.phrases.index("the")]


def test_exclusive_phrase_found_at_two_gold_sessions() -> None:
    marked = [("user", "For the record, it moved.")]
    plain = [("user", "It moved.")]
    questions = [_question(n, [marked, plain, plain, plain], [0, 1]) for n in range(1, 6)]
    built = table(_corpus(questions))
    found = {p.phrase: p for p in exclusive_phrases(built.ngrams, built.layout)}
    assert found["for the record"].questions == 5
    assert found["for the record"].gold_sessions == 5
    assert np.isclose(built.stats.auc[built.names.index("ngram:for the record")], 0.75)
    # Every exclusive phrase and count, against the definition read off the dense table.
    present = built.ngrams.counts.toarray() > 0
    gold, owner = built.layout.gold, built.layout.question_of_session()
    expected = {}
    for c, phrase in enumerate(built.ngrams.phrases):
        questions = {int(owner[s]) for s in np.flatnonzero(present[:, c] & gold)}
        questions = {q for q in questions if built.ngrams.include[q, c]}
        if not present[~gold, c].any() and len(questions) >= RECURRENCE_SHARE * 5:
            expected[phrase] = (len(questions), int((present[:, c] & gold).sum()))
    assert {p: (x.questions, x.gold_sessions) for p, x in found.items()} == expected
    assert "for the record" in expected


_COUNT_ASCII = "ab Z9.!?\n\t\x1c,'  "
_COUNT_TEXTS = st.one_of(
    st.lists(st.text(st.sampled_from(_COUNT_ASCII), max_size=25), min_size=1, max_size=6),
    st.lists(
        st.text(
            st.sampled_from(
                [*_COUNT_ASCII, "—", "\u00a0", "é", "\u2028", "Ä", "٣", "¿", "\u2009", "\u3000"]
            ),
            max_size=25,
        ),
        min_size=1,
        max_size=6,
    ),
)


@given(_COUNT_TEXTS)
@settings(max_examples=400, deadline=None)
def test_per_turn_counts_follow_their_definitions(contents: list[str]) -> None:
    # The counts are vectorised over every code point of the corpus; each must equal what its
    # definition says of the text on its own.
    counts, glyph_counts, glyphs, spacing = _character_counts(contents)
    assert spacing.tolist() == whitespace_counts(contents).tolist()

    def glyph_key(c: str) -> str | None:
        if not c.isalnum() and c != " ":
            return c
        return NON_ASCII_LETTER if c.isalpha() and ord(c) > 127 else None

    present = {k for content in contents for c in content if (k := glyph_key(c)) is not None}
    assert glyphs == sorted(present, key=lambda g: (len(g), g))
    for row, content in zip(glyph_counts, contents, strict=True):
        assert row.tolist() == [sum(glyph_key(c) == g for c in content) for g in glyphs]
    for row, content in zip(counts, contents, strict=True):
        assert row[_SENTENCES] == len(sentences(content)), content
        assert row[_EMDASH] == content.count("\u2014"), content
        assert row[_EMPTY] == (not content.strip()), content
        assert row[_PADDED] == (bool(content) and content != content.strip()), content
        assert row[_CHARS] == len(content), content
        assert row[_DIGITS] == sum(c.isdigit() for c in content), content
        assert row[_UPPER] == sum(c.isupper() for c in content), content
        punctuation = sum(unicodedata.category(c).startswith("P") for c in content)
        assert row[_PUNCT] == punctuation, content


def _reference_candidates(corpus: LoadedCorpus) -> tuple[list[str], np.ndarray]:
    """Candidates the plain way: every gram's occurrences, counted over questions."""
    layout = Layout.of(corpus)
    grams = extract(corpus, index_turns(corpus), layout.n_sessions)
    n_vocab = max(len(grams.codes), 1)
    question = layout.question_of_session()[grams.occurrence_session]
    in_question = np.unique(question * n_vocab + grams.occurrence_gram)
    per_question = np.bincount(in_question % n_vocab, minlength=n_vocab)
    ids = np.flatnonzero(per_question >= RECURRENCE_SHARE * layout.n_questions)
    phrases = sorted(grams.phrase(int(i)) for i in ids)
    column = {p: c for c, p in enumerate(phrases)}
    dense = np.zeros((layout.n_sessions, len(phrases)))
    for s, g in zip(grams.occurrence_session, grams.occurrence_gram, strict=True):
        c = column.get(grams.phrase(int(g)))
        if c is not None:
            dense[s, c] += 1
    return phrases, dense


def test_pruned_candidates_are_every_recurring_gram() -> None:
    # candidate_table looks for 2- and 3-grams only where the size below recurs; that must
    # find exactly the grams, and counts, that counting every gram finds.
    for corpus in (build_clean_corpus(seed=3), build_clean_corpus(seed=4, questions=12)):
        layout = Layout.of(corpus)
        built = candidate_table(corpus, layout, index_turns(corpus))
        phrases, dense = _reference_candidates(corpus)
        assert built.phrases == phrases
        assert np.array_equal(built.counts.toarray(), dense)
        assert np.array_equal(built.include, _reference_include(corpus, phrases))


def _reference_include(corpus: LoadedCorpus, phrases: list[str]) -> np.ndarray:
    """The relevance exemption read straight from its definition, phrase by phrase."""
    turns = index_turns(corpus)
    sessions_with: dict[str, set[int]] = {}
    for session, text in zip(turns.session.tolist(), turns.text_of.tolist(), strict=True):
        for segment in segments(turns.contents[text]):
            for word in segment:
                sessions_with.setdefault(word, set()).add(session)
    rare_below = RARE_SESSION_SHARE * Layout.of(corpus).n_sessions
    include = np.ones((len(corpus.questions), len(phrases)), dtype=bool)
    for qi, q in enumerate(corpus.questions):
        named = named_tokens(q.question) | named_tokens(q.answer)
        rare = {w for w in named if len(sessions_with.get(w, ())) < rare_below}
        for c, phrase in enumerate(phrases):
            include[qi, c] = not rare.intersection(phrase.split(" "))
    return include


_ASCII_STREAM = "abZ9 '.\n\t\r\x0b\x1c\x1f\x00-_"
_STREAM_TEXTS = st.lists(
    st.one_of(
        st.text(st.sampled_from(_ASCII_STREAM), max_size=30),
        st.text(st.sampled_from([*_ASCII_STREAM, "é", "’", "\u00a0", "Ä", "ǅ", "ﬁ"]), max_size=30),
    ),
    min_size=1,
    max_size=8,
)


@given(_STREAM_TEXTS)
@example(["don't stop", "a\x1cb\x0bc", "rock'n'roll 'quoted' x'1 9'a", "’tis é", "ﬁne"])
@settings(max_examples=400, deadline=None)
def test_token_stream_is_the_segmenter(texts: list[str]) -> None:
    # The stream places segment boundaries among the corpus's raw-token ids with one byte pass
    # and joins words across in-word apostrophes; read back as words, each text must be
    # exactly `segments(text)`, whether every text is ASCII or only some are.
    sessions = [[("user", t)] for t in texts]
    corpus = _corpus([_question(1, sessions, [0])])
    turns = index_turns(corpus)
    stream = token_stream(corpus, turns)
    assert np.all(np.diff(stream.text_at) >= 0)
    for i, content in enumerate(turns.contents):
        ids = stream.ids[stream.text_at == i].tolist()
        found: list[list[str]] = [[]]
        for t in ids:
            if t:
                found[-1].append(stream.words[t])
                assert stream.id_of(stream.words[t]) == t
            elif found[-1]:
                found.append([])
        assert [seg for seg in found if seg] == segments(content), content
