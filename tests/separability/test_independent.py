"""An independent second implementation of V7's core statistics, compared with the checker.

Nothing here reads the checker's thresholds, feature list or statistics: the AUC is
scikit-learn's `roc_auc_score` per question, pair-weighted and folded after pooling; the chance of
a perfect split is counted by enumerating every gold subset; the Poisson-binomial tail is a plain
convolution; the features are re-derived from the turns. Only the tokenizer is shared, by design
(one tokenizer for every rule). The gate in docs/history.md certified corpora a substring
filter could pick apart until a second implementation held its own constants.
"""

from __future__ import annotations

import itertools
import random
import unicodedata
from collections.abc import Callable
from math import comb
from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from checker.formats.corpus import Question, Turn
from checker.load import LoadedCorpus, load_foreign, load_ours
from checker.separability import measure_separability
from checker.separability.gate import table
from checker.separability.plants import Planted, minority_bimodal, role_order
from checker.separability.synthetic import build_clean_corpus, rebuilt
from checker.text import raw_tokens, sentences

# The gate's rules, written down again here on purpose.
AUC_REFUSE = 0.75
SHARE_FLOOR = 0.20
TAIL_P = 0.0062
FAMILYWISE_ALPHA = 0.05

PEER = (
    Path(__file__).resolve().parents[3]
    / "shared/conformance/agenteval-forgetting-v5/agenteval-typedmemeval-forgetting-v5.json"
)
FIXTURE_BASE = (
    Path(__file__).resolve().parents[1]
    / "fixtures/base/separability/typedmemeval-prospective-2026.12.json"
)

Session = list[Turn]


def _density(pick: Callable[[str], bool]) -> Callable[[Session], float]:
    def f(s: Session) -> float:
        text = "".join(t.content for t in s)
        return sum(map(pick, text)) / len(text) if text else 0.0

    return f


def _role(role: str, f: Callable[[Session], float]) -> Callable[[Session], float]:
    return lambda s: f([t for t in s if t.role == role])


def _first(role: str, f: Callable[[Session], float]) -> Callable[[Session], float]:
    def g(s: Session) -> float:
        turns = [t for t in s if t.role == role]
        return f(turns[:1])

    return g


def _chars(s: Session) -> float:
    return float(sum(len(t.content) for t in s))


def _ttr(s: Session) -> float:
    tokens = [w for t in s for w in raw_tokens(t.content)]
    return len(set(tokens)) / len(tokens) if tokens else 0.0


def _punct(c: str) -> bool:
    return unicodedata.category(c).startswith("P")


#: The refused-feature list this implementation holds itself: name → extractor.
FEATURES: dict[str, Callable[[Session], float]] = {
    "session.chars": _chars,
    "session.turns": lambda s: float(len(s)),
    "session.digit_density": _density(str.isdigit),
    "session.uppercase_density": _density(str.isupper),
    "session.punctuation_density": _density(_punct),
    "session.em_dash_density": _density(lambda c: c == "\u2014"),
    "session.sentences": lambda s: float(sum(len(sentences(t.content)) for t in s)),
    "session.mean_turn_chars": lambda s: _chars(s) / len(s) if s else 0.0,
    "session.type_token_ratio": _ttr,
    "user.chars": _role("user", _chars),
    "assistant.chars": _role("assistant", _chars),
    "user.uppercase_density": _role("user", _density(str.isupper)),
    "assistant.type_token_ratio": _role("assistant", _ttr),
    "user.turn1.chars": _first("user", _chars),
    "assistant.turn1.chars": _first("assistant", _chars),
    "assistant.turn1.uppercase_density": _first("assistant", _density(str.isupper)),
}


def _gold(q: Question) -> list[int]:
    ids = set(q.answer_session_ids)
    return [i for i, sid in enumerate(q.haystack_session_ids) if sid in ids]


Haystacks = list[tuple[list[float], set[int]]]


def haystacks(corpus: LoadedCorpus, f: Callable[[Session], float]) -> Haystacks:
    """Per gold-bearing question: the feature's values and the gold indices."""
    out = []
    for q in corpus.questions:
        gold = set(_gold(q))
        if gold and len(gold) < len(q.haystack_sessions):
            out.append(([f(s) for s in q.haystack_sessions], gold))
    return out


def folded_pooled_auc(per_question: Haystacks) -> float:
    """roc_auc_score within each question, weighted by its G·H pairs, pooled, folded once."""
    num = den = 0.0
    for x, gold in per_question:
        y = [i in gold for i in range(len(x))]
        pairs = len(gold) * (len(x) - len(gold))
        num += roc_auc_score(y, x) * pairs
        den += pairs
    auc = num / den if den else 0.5
    return max(auc, 1 - auc)


def perfect_chance_by_enumeration(values: list[float], g: int) -> float:
    """Share of all size-g gold subsets that sit strictly above or strictly below the rest."""
    x = np.asarray(values, dtype=float)
    subsets = np.asarray(list(itertools.combinations(range(len(x)), g)))
    inside = np.zeros((len(subsets), len(x)), dtype=bool)
    np.put_along_axis(inside, subsets, True, axis=1)
    low_in = np.where(inside, x, np.inf).min(axis=1)
    high_in = np.where(inside, x, -np.inf).max(axis=1)
    low_out = np.where(inside, np.inf, x).min(axis=1)
    high_out = np.where(inside, -np.inf, x).max(axis=1)
    hits = (low_in > high_out) | (high_in < low_out)
    return float(hits.mean())


def poisson_binomial_tail(chances: list[float], k: int) -> float:
    pmf = np.array([1.0])
    for p in chances:
        pmf = np.convolve(pmf, [1 - p, p])
    return float(pmf[k:].sum())


def distribution(per_question: Haystacks) -> tuple[int, int, float, float]:
    """(perfect count, questions, expected, exact tail) with the chance enumerated."""
    perfect = 0
    chances = []
    for x, gold in per_question:
        inside = [x[i] for i in gold]
        outside = [v for i, v in enumerate(x) if i not in gold]
        perfect += min(inside) > max(outside) or max(inside) < min(outside)
        chances.append(perfect_chance_by_enumeration(x, len(gold)))
    return perfect, len(per_question), sum(chances), poisson_binomial_tail(chances, perfect)


def _compare(corpus: LoadedCorpus) -> None:
    built = table(corpus)
    record = measure_separability(corpus, [], adversary=False)
    verdicts = {r.feature: r for r in record.features}
    for name, f in FEATURES.items():
        i = built.names.index(name)
        per_question = haystacks(corpus, f)
        ours = folded_pooled_auc(per_question)
        assert ours == pytest.approx(float(built.stats.auc[i]), abs=1e-9), name
        perfect, questions, expected, tail = distribution(per_question)
        assert questions == int(built.stats.questions[i]), name
        assert perfect == int(built.stats.perfect[i]), name
        assert expected == pytest.approx(float(built.stats.expected[i]), abs=1e-9), name
        assert tail == pytest.approx(float(built.stats.tail_p[i]), rel=1e-6, abs=1e-300), name
        # The family-wise adjusted p needs the whole table's null; test_familywise.py checks it
        # by brute force, so here it is read from the record and only the rule is re-applied.
        adjusted = verdicts[name].familywise_p
        assert adjusted is not None, name
        refused = ours >= AUC_REFUSE or (
            questions
            and perfect / questions >= SHARE_FLOOR
            and tail < TAIL_P
            and adjusted <= FAMILYWISE_ALPHA
        )
        assert (verdicts[name].verdict == "refused") == bool(refused), name


@pytest.fixture(scope="module")
def clean() -> LoadedCorpus:
    return build_clean_corpus(questions=24, sessions=(10, 14), seed=3)


def test_clean_synthetic_corpus(clean: LoadedCorpus) -> None:
    _compare(clean)


@pytest.mark.parametrize("plant", [role_order, minority_bimodal])
def test_planted_corpora(clean: LoadedCorpus, plant: Callable[..., object]) -> None:
    planted = plant(clean, random.Random(0))
    _compare(rebuilt(clean, planted.questions))  # type: ignore[attr-defined]


def test_minority_tell_is_refused_by_the_distribution_not_the_auc(clean: LoadedCorpus) -> None:
    planted = minority_bimodal(clean, random.Random(0))
    assert isinstance(planted, Planted)
    corpus = rebuilt(clean, planted.questions)
    per_question = haystacks(corpus, FEATURES["session.chars"])
    auc = folded_pooled_auc(per_question)
    perfect, questions, _expected, tail = distribution(per_question)
    assert auc < AUC_REFUSE
    assert perfect / questions >= SHARE_FLOOR and tail < TAIL_P


def test_fixture_base() -> None:
    _compare(load_ours(FIXTURE_BASE))


@pytest.mark.skipif(not PEER.exists(), reason="the peer's conformance corpus is not checked out")
def test_peer_forgetting_v5() -> None:
    _compare(load_foreign(PEER))


def test_chance_is_tie_aware() -> None:
    # Three sessions share the top value: with G = 1 gold can never be strictly on top.
    assert perfect_chance_by_enumeration([5, 5, 5, 1, 2], 1) == pytest.approx(1 / 5)
    assert perfect_chance_by_enumeration([1, 2, 3, 4, 5], 1) == pytest.approx(2 / 5)
    assert perfect_chance_by_enumeration([1, 2, 3, 4, 5], 2) == pytest.approx(2 / comb(5, 2))
