"""The deterministic judge (`--judge rules`): typed outcomes read from an answer by declared rules,
with no model.

Most answers in the family are closed-form, so the profile can judge them: a number with its
derivation's tolerance, a set, a list in order, who said something, a yes or no, a duration, a
choice between named candidates, a named value, or a state (no longer / still / never known;
fired / not yet) from the phrasings the vertical declares (`Vertical.answer_rules`). The gold
answer is read by the same rules as the answer, so gold and answer are compared like with like,
and every shipped gold answer is judged correct (a golden test holds that).

Values are the corpus's invented names. A *name* is a word the corpus writes capitalised in
mid-sentence and never as a lower-case word anywhere in its text, less days, months and number
words; a
capitalised word an answer writes mid-sentence that the corpus never uses in lower case counts
too (a value the model made up). The gold's names are those of its first clause (up to the
first full stop or colon) that the question does not name.

An answer that commits to nothing is `abstained` (the declared phrasings of declining) or
`missed` (of "there is nothing to find"); one this reading cannot place is `inconclusive`,
never `wrong`. Every rule is deterministic, so the judge's fingerprint is the hash of this
module's rules and the vertical's declarations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from checker.family import Vertical
from checker.formats.corpus import Question
from checker.runner import scoring
from checker.runner.cache import request_key
from checker.runner.judge import Case, Judgement, NoVerdict, Verdict, legal_outcomes
from checker.runner.reference import ANSWER_INSTRUCTIONS

#: Bumped whenever a rule below changes meaning; part of the rules judge's fingerprint.
#: 3: the answer instructions a reply repeats are not read as its answer; a state phrasing may
#: count only in a sentence about what the question asks (`StatePhrasing.about_the_question`).
#: 4: a leading yes or no stands alone ("No previous session…" is none) and does not decline.
#: 5: only the recited words are set aside, not their sentence; a state phrase in the reply's
#: first sentence counts when it opens it or speaks by pronoun, not of the conversation.
RULES_VERSION = 5
#: The judge's name in a result's `judge.model`.
RULES_MODEL = "typedmemeval-rules"

#: Declining to commit (abstained).
ABSTAIN = (
    r"\b(i )?(do not|don't|dont) know\b",
    r"\bnot sure\b",
    r"\bunsure\b",
    r"\b(cannot|can't|can not|unable to) (say|tell|determine|recall|remember|answer|find)\b",
    r"\b(i )?(do not|don't) (remember|recall)\b",
    r"\bno idea\b",
    r"\b(do not|don't|dont) have (access|any information|that information|enough)\b",
    r"\bno information\b",
    r"\b(cannot|can't|unable to) help\b",
)
#: Saying confidently that there is nothing to find (missed, where gold has something).
NOTHING = (
    r"\bnever (told|mentioned|said|stated|came up)\b",
    r"\b(did not|didn't|have not|haven't) (tell|mention|say|told)\b",
    r"\bno (record|mention)\b",
    r"\bnot mentioned\b",
    r"\bnothing (is|was) (due|mentioned|recorded)\b",
    r"\bthere (is|was|are) (nothing|no)\b",
)
#: Words written capitalised that are never values.
CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may "
    "june july august september october november december dr mr mrs ms".split()
)
NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
APPROXIMATE = r"\b(about|around|roughly|approximately|nearly|almost|some|over|under)\b|~"
UNIT_HOURS = {"minute": 1 / 60, "hour": 1, "day": 24, "week": 168, "fortnight": 336}
SPEAKER_PATTERNS = (
    ("both", r"\bboth( of us)?\b|\bwe both\b|\beach of us\b"),
    ("assistant", r"\bi (did|suggested|proposed|recommended|said)\b|\bit was me\b|^\s*me\b"),
    ("user", r"\byou (did|suggested|proposed|recommended|said|mentioned)\b|\bit was you\b"),
)

#: A word; a possessive or contraction is read up to its apostrophe ("Failvora's", "I'm").
_WORD = re.compile(r"[A-Za-z][A-Za-z-]*")
_CAPITAL = re.compile(r"\b[A-Z][a-z]+(?:-[A-Za-z]+)*\b")
_NUMBER = re.compile(r"(?<![\w.])[-−]?\d[\d,]*(?:\.\d+)?")
_FIRST_CLAUSE = re.compile(r"^(.*?)(?:[.:](?:\s|$)|$)", re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
#: Contractions a model writes when it repeats the instructions in its own voice.
_CONTRACTIONS = {"you're": "you are", "don't": "do not", "doesn't": "does not", "can't": "cannot"}
#: Words of a question that say nothing of what it asks about.
_FUNCTION_WORDS = frozenset(
    "what which who whom whose when where how does did do have has had now the and with for "
    "from that this still any are was were been being into onto about my your our their his "
    "her its is at on in of to a an or".split()
)
#: Words by which a sentence speaks of someone or something already named.
_PRONOUN = re.compile(r"\b(he|she|they|it|him|her|them|his|hers|their|theirs|its)\b", re.I)
#: Words by which a sentence speaks of the conversation itself, not of what a question asks.
_CONVERSATION = re.compile(
    r"\b(sessions?|conversations?|chats?|repl(y|ies)|questions?|answers?|messages?|episodes?)\b",
    re.I,
)
#: Words repeated this many in a row from the instructions are the instructions recited.
_ECHO_RUN = 5
_TOKEN = re.compile(r"[A-Za-z0-9\u2019']+")


def sentences(text: str) -> list[str]:
    """The sentences of a whitespace-normalised text, split after . ! or ?"""
    return [s for s in _SENTENCE_END.split(text) if s]


def _plain_words(token: str) -> list[str]:
    low = token.lower().replace("\u2019", "'")
    return _CONTRACTIONS.get(low, low).split()


_INSTRUCTION_WORDS = [w for t in _TOKEN.findall(ANSWER_INSTRUCTIONS) for w in _plain_words(t)]
_INSTRUCTION_RUNS = {
    tuple(_INSTRUCTION_WORDS[i : i + _ECHO_RUN])
    for i in range(len(_INSTRUCTION_WORDS) - _ECHO_RUN + 1)
}


def without_instructions(text: str) -> str:
    """`text` less the words that recite the reference answer instructions: every run of five
    or more words in a row that the instructions also hold, in their words or a contraction of
    them ("If they do not contain the answer to your question, say that you do not know."). A
    reply that recites its instructions has not said that it does not know; what it says
    besides them is kept ("From what the sessions say, 42." keeps "42."). "I do not know the
    answer." shares no five words in a row with them."""
    tokens = list(_TOKEN.finditer(text))
    words: list[str] = []
    owner: list[int] = []
    for i, token in enumerate(tokens):
        for word in _plain_words(token.group(0)):
            words.append(word)
            owner.append(i)
    recited: set[int] = set()
    for i in range(len(words) - _ECHO_RUN + 1):
        if tuple(words[i : i + _ECHO_RUN]) in _INSTRUCTION_RUNS:
            recited.update(owner[i : i + _ECHO_RUN])
    if not recited:
        return text
    out, at = [], 0
    for i in sorted(recited):
        out.append(text[at : tokens[i].start()])
        at = tokens[i].end()
    out.append(text[at:])
    kept = " ".join("".join(out).split()).lstrip(",;:.!?-\u2013\u2014 ")
    # What is left of a recited sentence is its punctuation: no words, nothing said.
    return kept if _TOKEN.search(kept) else ""


def _any(patterns: Iterable[str], text: str) -> bool:
    return any(re.search(p, text, re.IGNORECASE) for p in patterns)


class Names:
    """The corpus's names: words only ever written capitalised (see the module docstring)."""

    def __init__(self, questions: Iterable[Question]) -> None:
        lower: set[str] = set()
        capital: set[str] = set()
        for q in questions:
            texts = [q.question, q.answer]
            texts += [t.content for session in q.haystack_sessions for t in session]
            for text in texts:
                for m in _WORD.finditer(text):
                    word = m.group(0)
                    if not word[0].isupper():
                        lower.add(word.lower())
                    elif not _sentence_start(text, m.start()):
                        capital.add(word.lower())
        self.names = frozenset(
            w for w in capital - lower - CALENDAR - set(NUMBER_WORDS) if len(w) > 2
        )
        self.lower = frozenset(lower)

    def found(self, text: str, *, gold: bool = False) -> list[str]:
        """The names in `text`, in order of first mention, lower-cased. In a gold answer a
        capitalised word the corpus never writes in lower case names a value even at the
        start of a sentence ("Varlen Road.")."""
        out: list[str] = []
        for m in _WORD.finditer(text):
            word = m.group(0)
            key = word.lower()
            if key in CALENDAR or key in NUMBER_WORDS or key in out:
                continue
            invented = (
                word[0].isupper()
                and key not in self.lower
                and len(word) > 2
                and (gold or not _sentence_start(text, m.start()))
            )
            if key in self.names or invented:
                out.append(key)
        return out


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip(" \"'“‘(")
    return not before or before[-1] in ".!?:\n"


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE) is not None


def first_clause(text: str) -> str:
    found = _FIRST_CLAUSE.match(text.strip())
    return found.group(1) if found else text


@dataclass(frozen=True)
class Reading:
    """What the rules read from one text (an answer or the gold)."""

    outcome: str | None = None
    state: str | None = None
    items: tuple[str, ...] | None = None
    order: tuple[int, int, int] | None = None
    reason: str | None = None


class RulesJudge:
    """The deterministic judge over one corpus (its names are read from the corpus)."""

    def __init__(self, questions: Sequence[Question]) -> None:
        self.names = Names(questions)

    # --- the judge interface the runner uses ---------------------------------------------

    @property
    def model(self) -> str:
        return RULES_MODEL

    @property
    def response_format(self) -> None:
        return None

    def fingerprint(self, profile: Vertical) -> str:
        return fingerprint(profile)

    def close(self) -> None:
        """Nothing to close (no connection)."""

    def judge(self, case: Case, answer: str) -> Judgement:
        result = self.verdict(case, answer)
        if isinstance(result, Verdict) and result.outcome not in legal_outcomes(case):
            result = NoVerdict(f"rules: outcome {result.outcome} is not legal here")
        return Judgement(result, ())

    # --- the rules ------------------------------------------------------------------------

    def verdict(self, case: Case, answer: str) -> Verdict | NoVerdict:
        text = " ".join(answer.split())
        if not text:
            return NoVerdict("rules: the answer is empty")
        text = without_instructions(text)
        if not text:
            return NoVerdict("rules: the answer only repeats the answer instructions")
        profile = case.profile
        rules = profile.answer_rules
        form = rules.form(case.shape.name)
        if form is None and rules.states:
            return self._state(case, text)
        result = self._by_form(case, text, form)
        if isinstance(result, Verdict) and profile.judge.records_state:
            # The row must carry the asserted state; the catch-all state is declared last.
            state = self.state_of(case, text) or profile.judge.states[-1].name
            result = Verdict(result.outcome, state, None, result.asserted_items, result.list_order)
        return result

    def _by_form(self, case: Case, text: str, form: str | None) -> Verdict | NoVerdict:
        shape = case.shape
        if case.block.derivation is not None:
            return self._number(case, text)
        if shape.list_order and case.block.list_order is not None:
            return self._list(case, text)
        if shape.name in case.profile.attribution_shapes:
            return self._speaker(case, text)
        if form == "yes-no":
            return self._yes_no(case, text)
        if form == "duration":
            return self._duration(case, text)
        if form == "order":
            return self._order(case, text)
        if shape.set_answer:
            return self._set(case, text)
        return self._value(case, text, choice=form == "choice")

    def _commits_nothing(self, case: Case, text: str) -> Verdict | NoVerdict:
        """Abstained or missed by the declared phrasings, else inconclusive."""
        if _any(NOTHING, text) and not case.shape.negative_gold:
            return Verdict("missed")
        if _any(ABSTAIN, text):
            return Verdict("abstained")
        return NoVerdict("rules: the answer commits to nothing these rules can read")

    def gold_names(self, case: Case) -> list[str]:
        asked = set(self.names.found(case.question.question))
        clause = first_clause(case.question.answer)
        return [n for n in self.names.found(clause, gold=True) if n not in asked]

    def _value(self, case: Case, text: str, *, choice: bool) -> Verdict | NoVerdict:
        gold = self.gold_names(case)
        named = self.names.found(text)
        if choice:
            candidates = set(self.names.found(case.question.question)) | set(
                self.names.found(first_clause(case.question.answer))
            )
            chosen = [n for n in named if n in candidates]
            wanted = self.names.found(first_clause(case.question.answer))
            if chosen:
                return Verdict("correct" if chosen[0] in wanted else "wrong")
            # A name that is neither candidate is a choice of neither.
            return Verdict("wrong") if named else self._commits_nothing(case, text)
        if not gold:
            return NoVerdict("rules: the gold answer names no value these rules can read")
        asked = set(self.names.found(case.question.question))
        own = [n for n in named if n not in asked]
        if all(_mentions(text, g) for g in gold) and (not own or own[0] in gold):
            return Verdict("correct")
        if own:
            return Verdict("wrong")
        return self._commits_nothing(case, text)

    def _number(self, case: Case, text: str) -> Verdict | NoVerdict:
        d = case.block.derivation
        stated = read_number(text)
        if stated is None:
            if _NUMBER.search(text) or any(
                re.search(rf"\b{w}\b", text, re.I) for w in NUMBER_WORDS
            ):
                return NoVerdict("rules: the answer states several numbers and no result")
            return self._commits_nothing(case, text)
        value, approximate = stated
        return Verdict(scoring.numeric_outcome(value, approximate, d.value, d.tolerance))

    def _list(self, case: Case, text: str) -> Verdict | NoVerdict:
        items = case.block.list_order.items
        lowered = text.lower()
        found = sorted(
            (lowered.find(item.lower()), item) for item in items if item.lower() in lowered
        )
        mentioned = [item for _, item in found]
        if not mentioned:
            asked = set(self.names.found(case.question.question))
            if [n for n in self.names.found(text) if n not in asked]:
                return Verdict("wrong", list_order=(0, 0, 0))  # a list of other items
            return self._commits_nothing(case, text)
        score = scoring.list_order_score(mentioned, items)
        return Verdict(scoring.list_order_outcome(score[1], score[2]), list_order=score)

    def _order(self, case: Case, text: str) -> Verdict | NoVerdict:
        gold = self.names.found(case.question.answer)
        asked = set(self.names.found(case.question.question))
        gold = [n for n in gold if n not in asked]
        named = [n for n in self.names.found(text) if n not in asked]
        if not gold:
            return NoVerdict("rules: the gold answer names no order these rules can read")
        if not named:
            return self._commits_nothing(case, text)
        return Verdict("correct" if named == gold else "wrong")

    def _speaker(self, case: Case, text: str) -> Verdict | NoVerdict:
        gold = speaker(case.profile, case.question.answer)
        said = speaker(case.profile, text)
        if gold is None:
            return NoVerdict("rules: the gold answer names no speaker these rules can read")
        if said is None:
            return self._commits_nothing(case, text)
        return Verdict("correct" if said == gold else "wrong")

    def _yes_no(self, case: Case, text: str) -> Verdict | NoVerdict:
        gold, said = yes_or_no(case.question.answer), yes_or_no(text)
        if gold is None:
            return NoVerdict("rules: the gold answer is neither yes nor no")
        if said is None:
            return self._commits_nothing(case, text)
        return Verdict("correct" if said == gold else "wrong")

    def _duration(self, case: Case, text: str) -> Verdict | NoVerdict:
        gold, said = read_duration(case.question.answer), read_duration(text)
        if gold is None:
            return NoVerdict("rules: the gold answer gives no duration these rules can read")
        if said is None:
            return self._commits_nothing(case, text)
        if gold[0] == "passed" or said[0] == "passed":
            return Verdict("correct" if gold[0] == said[0] else "wrong")
        unit = gold[2]
        return Verdict("correct" if abs(said[1] - gold[1]) <= unit else "wrong")

    def _set(self, case: Case, text: str) -> Verdict | NoVerdict:
        gold_items = tuple(case.gold_set())
        asserted, extra = self._items(case, text, gold_items)
        if not asserted and not extra:
            return self._commits_nothing(case, text)
        if extra:
            return Verdict("wrong", asserted_items=asserted)
        ok = scoring.same_set(asserted, gold_items)
        return Verdict("correct" if ok else "wrong", asserted_items=asserted)

    def _items(
        self, case: Case, text: str, gold_items: Sequence[str]
    ) -> tuple[tuple[str, ...], list[str]]:
        """The gold items an answer names (by their names), and the other names it gives."""
        named = self.names.found(text)
        asked = set(self.names.found(case.question.question))
        asserted: list[str] = []
        covered: set[str] = set()
        for item in case.block.answer_items or ():
            keys = self.names.found(item)
            covered |= set(keys)
            # An item with no word read as a name (its name is also a common word the corpus
            # writes in lower case, as "Pal" in "Pal drill" and "my nephew's pal") is named
            # by the whole item.
            if all(k in named for k in keys) if keys else _mentions(text, item):
                asserted.append(item)
        extra = [n for n in named if n not in covered and n not in asked]
        return tuple(asserted), extra

    def _state(self, case: Case, text: str) -> Verdict | NoVerdict:
        gold_state = self.state_of(case, case.question.answer)
        state = self.state_of(case, text)
        if gold_state is None:
            return NoVerdict("rules: the gold answer asserts no state these rules can read")
        rules = case.profile.judge
        recorded = state if rules.records_state else None
        if state is None:
            # A state-less answer still may decline or deny outright.
            fallback = self._commits_nothing(case, text)
            if isinstance(fallback, Verdict) and not rules.records_state:
                return fallback
            if isinstance(fallback, Verdict):
                other = rules.states[-1].name if rules.states else None
                return Verdict(fallback.outcome, asserted_state=other)
            return fallback
        rule = rules.rule_for(state, case.shape.name, case.arm)
        if rule is not None:
            outcome, sub_label = rule.outcome, rule.sub_label
        elif state == gold_state:
            outcome, sub_label = "correct", None
        else:
            outcome, sub_label = "wrong", None
        items: tuple[str, ...] | None = None
        if case.shape.set_answer:
            items, extra = self._items(case, text, case.gold_set())
            if outcome == "correct" and state != gold_state:
                outcome = "wrong"
            if outcome == "correct" and case.gold_set():
                fits = not extra and scoring.same_set(items, case.gold_set())
                outcome = "correct" if fits else "wrong"
        if sub_label is not None and not case.sub_labels:
            sub_label = None
        return Verdict(outcome, recorded, sub_label, items)

    def state_of(self, case: Case, text: str) -> str | None:
        """The state a text asserts by the vertical's declared phrasings, or None."""
        rules = case.profile.answer_rules
        leading = rules.yes_no_states(case.shape.name)
        said = yes_or_no(text) if leading else None
        if leading and said is not None and not re.match(r"\s*not\b", text, re.I):
            return leading[0] if said == "yes" else leading[1]
        named: list[str] | None = None
        for phrasing in rules.states:
            if phrasing.patterns and phrasing.about_the_question:
                if self._about_the_question(case, text, phrasing.patterns):
                    return phrasing.state
            elif phrasing.patterns and _any(phrasing.patterns, text):
                return phrasing.state
            if phrasing.names is not None:
                if named is None:
                    asked = set(self.names.found(case.question.question))
                    named = [n for n in self.names.found(text) if n not in asked]
                asked = set(self.names.found(case.question.question))
                recorded = [n for n in self.names.found(case.question.answer) if n not in asked]
                if phrasing.names == "gold" and recorded and all(r in named for r in recorded):
                    return phrasing.state
                if phrasing.names == "other" and named and not set(named) & set(recorded):
                    return phrasing.state
        return None

    def _about_the_question(self, case: Case, text: str, patterns: Sequence[str]) -> bool:
        """Whether a state phrase (`patterns`) is said of what the question asks: in a sentence
        naming a word of the question or a value the gold answer names, or in the reply's first
        sentence when that sentence opens with the phrase ("No longer.") or speaks of someone
        or something by a pronoun ("It was sold.") and not of the conversation itself ("The
        session ended."). A rambling reply's "…no longer exists in real life" says nothing of
        the asked thing."""
        asked = {
            w.lower()
            for w in _WORD.findall(case.question.question)
            if len(w) > 2 and w.lower() not in _FUNCTION_WORDS
        }
        asked |= set(self.names.found(case.question.answer, gold=True))
        for i, said in enumerate(sentences(text)):
            if not _any(patterns, said):
                continue
            if {w.lower() for w in _WORD.findall(said)} & asked:
                return True
            if i == 0 and not _CONVERSATION.search(said):
                opening = said.lstrip(" \"'(\u201c\u2018")
                if any(re.match(p, opening, re.IGNORECASE) for p in patterns):
                    return True
                if _PRONOUN.search(said):
                    return True
        return False


def read_number(text: str) -> tuple[float, bool] | None:
    """The number an answer commits to as its result, and whether it offers it as approximate:
    the one value it states (digits or a number word up to twenty), or the value after its last
    '=' where it shows a working; None when it states none or several."""
    cleaned = text.replace("−", "-")
    if "=" in cleaned:
        cleaned = cleaned.rsplit("=", 1)[1]
    values: list[tuple[float, int]] = []  # (value, where)
    for m in _NUMBER.finditer(cleaned):
        values.append((float(m.group(0).replace(",", "")), m.start()))
    for word, count in NUMBER_WORDS.items():
        for m in re.finditer(rf"\b{word}\b", cleaned, re.IGNORECASE):
            values.append((float(count), m.start()))
    distinct = {v for v, _ in values}
    if len(distinct) != 1:
        return None
    value = distinct.pop()
    first = min(at for _, at in values)
    window = cleaned[max(0, first - 24) : first]
    return value, bool(re.search(APPROXIMATE, window, re.IGNORECASE))


#: What may follow a leading yes or no that answers: punctuation, the end, or a pronoun ("No it
#: isn't."); a noun or an adjective makes "no" a determiner ("No previous session was given.").
_YES_NO = re.compile(
    r"\s*(yes|no)(?:\s*(?:[,.!;:()\u2013\u2014-]|$)|\s+(?=(?:it|he|she|they|you|i|we|that|this)\b))",
    re.IGNORECASE,
)
#: A yes or no whose next clause declines in the first person answers nothing ("No, I'm not
#: sure."); "Yes, although I don't know when." still says yes.
_DECLINES = re.compile(r"\s*i\b[^,;.!?]*", re.IGNORECASE)


def yes_or_no(text: str) -> str | None:
    """A leading yes or no ('Yes.', 'No,', 'No it isn't'), or None. The word must stand alone:
    "No previous session was given" opens with a determiner, not an answer. A yes or no whose
    next clause declines in the first person ("No, I'm not sure.") answers nothing."""
    found = _YES_NO.match(text)
    if found is None:
        return None
    ended = found.group(0).rstrip()[-1:] in ".!?"
    declines = None if ended else _DECLINES.match(text, found.end())
    if declines is not None and _any(ABSTAIN, declines.group(0)):
        return None
    return found.group(1).lower()


def read_duration(text: str) -> tuple[str, float, float] | None:
    """('left', hours, the unit in hours) for "about N hours/days …", ('passed', 0, 0) for a
    text that says it already happened, or None."""
    passed = re.match(r"\s*none\b", text, re.I) or re.search(r"\balready\b|\bago\b", text, re.I)
    if passed and not re.search(r"\b(still|left|away)\b", text, re.I):
        return ("passed", 0.0, 0.0)
    unit_names = "|".join(UNIT_HOURS)
    found = re.search(
        rf"(\d+(?:\.\d+)?|{'|'.join(NUMBER_WORDS)}|an?|one)\s+({unit_names})s?\b", text, re.I
    )
    if found is None:
        return None
    count_text = found.group(1).lower()
    count = NUMBER_WORDS.get(count_text, 1.0 if count_text in ("a", "an") else None)
    amount = float(count_text) if count is None else float(count)
    unit = UNIT_HOURS[found.group(2).lower()]
    return ("left", amount * unit, unit)


def speaker(profile: Vertical, text: str) -> str | None:
    """Who the text says made the statement: by the vertical's declared leads first ("You
    did", "I did", "Both of us"), then by the speaker phrasings."""
    for who, lead in profile.speaker_leads:
        if text.strip().lower().startswith(lead.lower()):
            return who
    for who, pattern in SPEAKER_PATTERNS:
        if re.search(pattern, text, re.IGNORECASE):
            return who
    return None


def fingerprint(profile: Vertical) -> str:
    """Hash of the rules' version, the family phrasings and the vertical's declarations."""
    return request_key(
        {
            "rules_version": RULES_VERSION,
            "instructions": ANSWER_INSTRUCTIONS,
            "echo_run": _ECHO_RUN,
            "function_words": sorted(_FUNCTION_WORDS),
            "pronoun": _PRONOUN.pattern,
            "conversation": _CONVERSATION.pattern,
            "yes_no": [_YES_NO.pattern, _DECLINES.pattern],
            "scoring_version": scoring.SCORING_VERSION,
            "abstain": ABSTAIN,
            "nothing": NOTHING,
            "speaker": SPEAKER_PATTERNS,
            "calendar": sorted(CALENDAR),
            "number_words": NUMBER_WORDS,
            "approximate": APPROXIMATE,
            "units": UNIT_HOURS,
            "vertical": profile.key,
            "answer_rules": asdict(profile.answer_rules),
            "state_rules": [asdict(r) for r in profile.judge.state_rules],
            "shapes": [s.name for s in profile.shapes],
        }
    )[:16]
