"""No-leak rules (R-CHK-LEAK): answer-key material never reaches the text a system reads."""

from __future__ import annotations

import re
from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from checker.arrays import distinct
from checker.context import CorpusContext
from checker.family import BY_KEY
from checker.findings import Violation
from checker.formats.corpus import Question
from checker.load import LoadedCorpus
from checker.registry import rule
from checker.text import STOPWORDS, may_contain, raw_tokens

#: An answer token is distinctive when at most this share of the corpus's questions (and at
#: least one: its own) carry it anywhere in their haystack.
RARE_SHARE = 0.10


def question_frequency(corpus: LoadedCorpus) -> NDArray[np.int64]:
    """Per raw token id (`corpus.text_token_ids`), the number of questions whose haystack
    contains it (computed once). On a foreign corpus, the number of distinct haystacks:
    questions that share one haystack (LoCoMo: about 200 per conversation) would otherwise make
    every word of it common, and no answer would ever be rare.

    Read from `corpus.session_token_sets`, each distinct session's words once: a haystack's
    words are the union of its sessions' (`plain_question_frequency` is the same count from the
    text, and a test holds the two equal)."""
    cached = corpus.cache.get("question_frequency")
    if not isinstance(cached, np.ndarray):
        sets, starts = corpus.session_token_sets, corpus.session_starts
        cached = np.zeros(max(len(corpus.text_token_ids.words), 1), dtype=np.int64)
        units = _haystack_of(corpus) if corpus.mode == "foreign" else range(len(starts) - 1)
        for qi in sorted(set(units)):  # the first question of each unit
            sessions = distinct(sets.of[starts[qi] : starts[qi + 1]])
            if len(sessions):
                cached[distinct(np.concatenate([sets.ids[d] for d in sessions.tolist()]))] += 1
        corpus.cache["question_frequency"] = cached
    return cached


def plain_question_frequency(corpus: LoadedCorpus) -> dict[str, int]:
    """`question_frequency` by its definition, by word: tokenize each unit's haystack text
    (each question's; on a foreign corpus, each distinct haystack's) and count the units whose
    words include it. Slow; for tests."""
    units = _haystack_of(corpus) if corpus.mode == "foreign" else range(len(corpus.questions))
    counts: dict[str, int] = {}
    for qi in sorted(set(units)):
        q = corpus.questions[qi]
        words = {w for s in q.haystack_sessions for t in s for w in raw_tokens(t.content)}
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    return counts


def _haystack_of(corpus: LoadedCorpus) -> list[int]:
    from checker.auditing import haystack_keys

    return haystack_keys(corpus)


def rare_limit(corpus: LoadedCorpus) -> int:
    """At most this many haystacks (our corpora: questions) may carry a distinctive token."""
    units = len(set(_haystack_of(corpus))) if corpus.mode == "foreign" else len(corpus.questions)
    return max(1, int(RARE_SHARE * units))


def distinctive_tokens(corpus: LoadedCorpus, qi: int) -> set[str]:
    """Answer tokens that carry the answer's value: not stopwords, not in the question text,
    stated in one of this question's gold sessions, and rare across questions (in at most
    max(1, 10%) of the corpus's haystacks). Event words that every question uses ("sold",
    "moved") recur across haystacks and are not distinctive; invented value names are."""
    q = corpus.questions[qi]
    qf = question_frequency(corpus)
    vocabulary = corpus.text_token_ids.vocabulary
    limit = rare_limit(corpus)
    asked = set(raw_tokens(q.question))
    sessions = corpus.session_token_sets.of_question(corpus.session_starts, qi)
    gold = [sessions[si] for si in corpus.gold_indices(qi)]
    in_gold = set(np.concatenate(gold).tolist()) if gold else set()
    out = set()
    for t in raw_tokens(q.answer):
        if t in STOPWORDS or t in asked or len(t) < 3 or vocabulary.get(t) not in in_gold:
            continue
        if t.isdigit() and int(t) < 100:
            continue
        if qf[vocabulary[t]] <= limit:
            out.add(t)
    return out


def negative_gold(q: Question) -> bool:
    block = q.typedmemeval
    if block is None or block.vertical not in BY_KEY:
        return False
    shape = BY_KEY[block.vertical].shape(block.shape)
    return shape is not None and shape.negative_gold


@rule(
    "LEK001",
    "answer-in-distractor",
    example="answer token 'orrindale' appears in non-gold session 12",
)
def answer_in_distractor(ctx: CorpusContext) -> Iterator[Violation]:
    """The answer's distinctive tokens appear in no non-gold session of the question.

    Shapes whose gold is an abstention or a negative are exempt by declaration in the family
    table, not by guess. This also screens WorkingMemory's interference sessions for a restated
    fact (lexically; the paraphrase screen needs a model and is recorded unmeasured)."""
    corpus = ctx.corpus
    for qi, q in enumerate(corpus.questions):
        if negative_gold(q):
            continue
        tokens = distinctive_tokens(corpus, qi)
        if not tokens:
            continue
        gold = set(corpus.gold_indices(qi))
        vocabulary, words = corpus.text_token_ids.vocabulary, corpus.text_token_ids.words
        wanted = np.asarray([vocabulary[t] for t in tokens], dtype=np.int64)
        sessions = corpus.session_token_sets.of_question(corpus.session_starts, qi)
        for si, ids in enumerate(sessions):
            if si in gold:
                continue
            hit = sorted(words[i] for i in ids[np.isin(ids, wanted)].tolist())
            if hit:
                yield Violation(
                    q.question_id,
                    f"answer token(s) {', '.join(map(repr, hit))} appear in non-gold session {si}",
                )
                break


@rule(
    "LEK002",
    "assistant-stated-in-user-turn",
    example="assistant-stated answer token 'velmor' appears in a user turn of tme-epi-2612-014",
)
def assistant_stated_in_user_turn(ctx: CorpusContext) -> Iterator[Violation]:
    """An assistant-stated answer never appears in any user turn of the corpus, and it carries a
    distinctive token the screen can look for.

    The shape measures recall of what the assistant said; if the user ever says it, the question measures user-turn recall instead. An answer with no distinctive token stated in its gold sessions would pass the screen without being screened, so it is a finding too."""
    corpus = ctx.corpus
    stated = [
        qi
        for qi, q in enumerate(corpus.questions)
        if q.typedmemeval is not None and q.typedmemeval.stated_by == "assistant"
    ]
    if not stated:
        return
    # Every user-turn token of the corpus, with the question whose haystack holds it.
    ids, index = corpus.token_ids, corpus.turn_index
    per_turn = np.diff(ids.text_starts)[index.text_of]
    user = np.repeat(index.role == 0, per_turn)
    user_tokens = ids.token[user]
    user_question = np.searchsorted(corpus.session_starts, ids.token_session[user], "right") - 1
    for qi in stated:
        tokens = distinctive_tokens(corpus, qi)
        if not tokens:
            yield Violation(
                corpus.questions[qi].question_id,
                "the assistant-stated answer has no distinctive token stated in its gold "
                "sessions, so the user-turn screen has nothing to look for; name the value the "
                "assistant said in the answer",
            )
            continue
        wanted = np.asarray([ids.vocabulary[t] for t in tokens], dtype=np.int64)
        found = np.isin(user_tokens, wanted)
        if not found.any():
            continue
        first = int(user_question[found].min())  # the first question whose user says one
        hit = sorted({ids.words[i] for i in user_tokens[found & (user_question == first)]})
        yield Violation(
            corpus.questions[qi].question_id,
            f"assistant-stated answer token(s) {', '.join(map(repr, hit))} appear in a user turn "
            f"of {corpus.questions[first].question_id}",
        )


PRODUCTION_WORDS = re.compile(
    r"\b(gold|filler|distractors?|haystacks?|templates?|placeholders?|scaffold(?:ing)?|needles?|echo)\b"
    r"|\{[a-z_]+\}|\$\{?[a-z_]+\}?|<<[^>]*>>|\btpl[_-]\w+|\bT\d{2,}\b|\btme-[a-z]+-\d",
    re.I,
)
#: Every match of `PRODUCTION_WORDS` on ASCII text contains one of these, lower-cased (a word,
#: a brace, a dollar, `<<`, `tpl`, `tme-`, or `t` and a digit); a test holds the two together.
PRODUCTION_NEEDLES = (
    *"gold filler distractor haystack template placeholder scaffold needle echo".split(),
    *"{ $ << tpl tme-".split(),
    *(f"t{digit}" for digit in range(10)),
)


@rule("LEK003", "production-words", example="session 2 turn 1 says 'distractor'")
def production_words(ctx: CorpusContext) -> Iterator[Violation]:
    """Message content carries no word of how the corpus was made: no gold, filler, distractor,
    echo, haystack or template words, no template ids, no unfilled placeholders, no question ids.

    Words of production mark the sessions that carry them, and a system can learn the mark instead of the memory."""
    corpus = ctx.corpus
    if ctx.foreign:
        yield from answer_key_text(corpus)
        return
    index = corpus.turn_index
    # Only a turn whose text holds a needle can match (a test holds the two together).
    texts_flagged = may_contain(index.contents, PRODUCTION_NEEDLES)
    for t in np.flatnonzero(texts_flagged[index.text_of]).tolist():
        session = int(index.session[t])
        qi = int(np.searchsorted(corpus.session_starts, session, side="right")) - 1
        m = PRODUCTION_WORDS.search(index.contents[index.text_of[t]])
        if m:
            si = session - int(corpus.session_starts[qi])
            ti = t - int(index.session_offsets[session])
            q = corpus.questions[qi]
            yield Violation(
                q.question_id, f"session {si} turn {ti} says {m.group(0)!r}", haystack=True
            )


#: The answer-key fields of the LongMemEval record shape, as a file would spell them.
KEY_FIELDS = re.compile(
    r"\b(has_answer|answer_session_ids|haystack_session_ids|haystack_dates|question_id)\b"
)
#: Words that would introduce an answer key's value in text (`Answer: …`, `gold = …`).
ANSWER_LABEL = re.compile(r"\b(?:gold(?: answer)?|answer|label)\s*[:=]\s*[\"']?", re.I)
#: Identifier-like words: what a session or question id looks like in text.
ID_LIKE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_:-]{5,}")


def answer_key_text(corpus: LoadedCorpus) -> Iterator[Violation]:
    """LEK003 on another publisher's corpus: only text that would really carry its answer key.

    Words like "gold", "template" or "haystack" are English in a real conversation ("gold
    jewellery", "Haystack Rock"); what leaks a foreign answer key is the key itself carried into
    a message: its field names (`has_answer`), its gold session ids or question ids, or a
    question's own answer after an answer label."""
    index = corpus.turn_index
    ids = {sid for q in corpus.questions for sid in q.answer_session_ids}
    ids |= {q.question_id for q in corpus.questions}
    ids = {i for i in ids if len(i) >= 6 and not i.isalpha()}
    said: dict[int, str] = {}  # distinct text → what of the key it carries
    labelled: set[int] = set()
    for x, text in enumerate(index.contents):
        field_hit = KEY_FIELDS.search(text)
        named = sorted(set(ID_LIKE.findall(text)) & ids) if ids and not field_hit else []
        if field_hit:
            said[x] = f"carries the answer-key field {field_hit.group(0)!r}"
        elif named:
            said[x] = f"names the answer-key id {named[0]!r}"
        if ANSWER_LABEL.search(text):
            labelled.add(x)
    wanted = np.asarray(sorted(set(said) | labelled), dtype=np.int64)
    starts = corpus.session_starts
    for t in np.flatnonzero(np.isin(index.text_of, wanted)).tolist():
        x = int(index.text_of[t])
        session = int(index.session[t])
        qi = int(np.searchsorted(starts, session, side="right")) - 1
        q = corpus.questions[qi]
        ti = t - int(index.session_offsets[session])
        where = f"session {session - int(starts[qi])} turn {ti}"
        if x in said:
            yield Violation(q.question_id, f"{where} {said[x]}", haystack=True)
            continue
        answer = " ".join(q.answer.split()).lower()
        text = index.contents[x]
        for label in ANSWER_LABEL.finditer(text) if len(answer) >= 2 else ():
            following = " ".join(text[label.end() : label.end() + len(answer) + 8].split())
            if following.lower().startswith(answer):
                yield Violation(
                    q.question_id,
                    f"{where} gives the question's own answer after {label.group(0).strip()!r}",
                )
                break
