"""Within-question statistics: folded AUC, perfect separation, its tie-aware chance, the exact
Poisson-binomial tail, and the permutation null.

Everything is computed from within-question mid-ranks. A question's Mann-Whitney count of
(gold, distractor) pairs won by gold is the rank sum of its gold sessions minus G(G+1)/2, with
ties credited one half by the mid-ranks; pooling sums those counts over questions and divides
by the summed pair counts G·H. Only sessions of the same question are ever compared: the
attacker is handed one haystack, and pairs across questions answer an easier question (the
pooled figure in docs/history.md read 0.616 where the within-question one read 0.903).

A label shuffle within question does not change the ranks, so the permutation null re-sums the
same rank matrix under random gold subsets instead of re-ranking. The same shuffles give the
distribution test its family-wise null: a shuffled gold set splits a question perfectly exactly
when its Mann-Whitney count is 0 or G·H, and the tie-aware chance of a perfect split depends on
the values alone, so each shuffle's tail p per feature comes from the chances already computed.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np
from numpy.typing import NDArray
from scipy import sparse
from scipy.stats import rankdata

from checker.load import LoadedCorpus

Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]
Ints = NDArray[np.int64]


@dataclass(frozen=True)
class Layout:
    """Where each question's sessions sit in the stacked session axis, and which are gold."""

    offsets: Ints
    """Question q owns sessions offsets[q] .. offsets[q+1] − 1."""
    gold: Bools
    """Per stacked session: is it gold."""

    @classmethod
    def of(cls, corpus: LoadedCorpus) -> Layout:
        sizes = [len(q.haystack_sessions) for q in corpus.questions]
        offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        gold = np.zeros(int(offsets[-1]), dtype=bool)
        for qi in range(len(corpus.questions)):
            for si in corpus.gold_indices(qi):
                gold[offsets[qi] + si] = True
        return cls(offsets, gold)

    def with_gold(self, gold: Bools) -> Layout:
        return Layout(self.offsets, gold)

    @property
    def n_questions(self) -> int:
        return len(self.offsets) - 1

    @property
    def n_sessions(self) -> int:
        return int(self.offsets[-1])

    def span(self, q: int) -> tuple[int, int]:
        return int(self.offsets[q]), int(self.offsets[q + 1])

    def gold_count(self, q: int) -> int:
        a, b = self.span(q)
        return int(self.gold[a:b].sum())

    def eligible(self) -> list[int]:
        """Questions with at least one gold and one distractor session (they form pairs);
        questions with G = 0 contribute no pairs, so abstention probes cannot dilute a tell."""
        out = []
        for q in range(self.n_questions):
            a, b = self.span(q)
            g = self.gold_count(q)
            if g >= 1 and b - a - g >= 1:
                out.append(q)
        return out

    def question_of_session(self) -> Ints:
        return np.repeat(np.arange(self.n_questions), np.diff(self.offsets)).astype(np.int64)


@dataclass
class FeatureStats:
    """Per-feature results of `measure` (arrays indexed by feature)."""

    auc_raw: Floats
    """Pooled within-question AUC before folding (> 0.5: gold-high)."""
    auc: Floats
    """Folded once to [0.5, 1]."""
    questions: Ints
    perfect: Ints
    expected: Floats
    variance: Floats
    tail_p: Floats
    z: Floats
    """NaN where the chance model has no variance."""
    null_p95: Floats
    null_tail: Floats
    """Shuffles × features: the exact tail p of the feature's perfect count under each label
    shuffle where that count reaches the share floor, 1.0 where it does not (the family-wise
    null of the distribution test; empty when no shuffles were drawn)."""


def draw_permutations(layout: Layout, permutations: int, seed: int) -> dict[int, Ints]:
    """For every eligible question, `permutations` random gold subsets of its size G (B × G
    local indices). Drawn once and shared by every feature: a label shuffle applies to all
    features at once."""
    rng = np.random.default_rng(seed)
    out: dict[int, Ints] = {}
    for q in layout.eligible():
        a, b = layout.span(q)
        g = layout.gold_count(q)
        order = np.argsort(rng.random((permutations, b - a)), axis=1)
        out[q] = order[:, :g].astype(np.int64)
    return out


def perfect_split_chance(sorted_block: Floats, g: int) -> Floats:
    """Chance that a within-question permutation of the observed values makes the gold set
    strictly above, or strictly below, every distractor.

    With ties this is less than 2/C(n, g): the top-g set separates only when the g-th largest
    value is strictly greater than the (g+1)-th, and likewise at the bottom; each possible split
    is one subset out of C(n, g).
    """
    n = sorted_block.shape[0]
    top = sorted_block[n - g] > sorted_block[n - g - 1]
    bottom = sorted_block[g - 1] < sorted_block[g]
    chance = (top.astype(np.float64) + bottom.astype(np.float64)) / comb(n, g)
    return np.asarray(chance, dtype=np.float64)


def column_ranks(block: Floats) -> Floats:
    """`scipy.stats.rankdata(block, axis=0)` (average ranks of tied values), column by column,
    without its per-call overhead: tied values share the mean of the first and last position
    of their run, an exact half-integer either way. A column holding NaN goes to scipy (which
    makes every rank in it NaN). A test holds the two together."""
    n = block.shape[0]
    if n == 0 or np.isnan(block).any():
        return np.asarray(rankdata(block, axis=0), dtype=np.float64)
    order = np.argsort(block, axis=0)
    ordered = np.take_along_axis(block, order, axis=0)
    position = np.arange(n)[:, None]
    starts = np.ones(ordered.shape, dtype=bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    ends = np.ones(ordered.shape, dtype=bool)
    ends[:-1] = starts[1:]
    first = np.maximum.accumulate(np.where(starts, position, 0), axis=0)
    last = np.minimum.accumulate(np.where(ends, position, n - 1)[::-1], axis=0)[::-1]
    ranks = np.empty(ordered.shape, dtype=np.float64)
    np.put_along_axis(ranks, order, (first + last) / 2 + 1, axis=0)
    return ranks


def measure(
    values: Floats,
    layout: Layout,
    *,
    include: Bools | None = None,
    permutations: dict[int, Ints] | None = None,
    share_floor: float = 1.0,
) -> FeatureStats:
    """The single-feature statistics for every column of `values` (sessions × features).

    `include[q, f]` False drops question q from feature f entirely (the n-gram relevance
    exemption); `permutations` (from `draw_permutations`) adds the null 95th percentile and,
    for shuffles whose perfect share reaches `share_floor`, the null tail p.
    """
    n_features = values.shape[1]
    eligible = layout.eligible()
    num = np.zeros(n_features)
    den = np.zeros(n_features)
    n_questions = np.zeros(n_features, dtype=np.int64)
    perfect = np.zeros(n_features, dtype=np.int64)
    chance = np.zeros((len(eligible), n_features))
    n_perm = next(iter(permutations.values())).shape[0] if permutations else 0
    null_num = np.zeros((n_perm, n_features))
    null_perfect = np.zeros((n_perm, n_features), dtype=np.int64)
    for row, q in enumerate(eligible):
        a, b = layout.span(q)
        block = values[a:b]
        gold_local = np.flatnonzero(layout.gold[a:b])
        g = len(gold_local)
        h = (b - a) - g
        inc = np.ones(n_features, dtype=bool) if include is None else include[q]
        if not inc.any():
            continue
        ranks = column_ranks(block)
        offset = g * (g + 1) / 2
        won = ranks[gold_local].sum(axis=0) - offset
        incf = inc.astype(np.float64)
        num += won * incf
        den += g * h * incf
        n_questions += inc
        perfect += ((won == g * h) | (won == 0)) & inc
        chance[row] = perfect_split_chance(np.sort(block, axis=0), g) * incf
        if permutations is not None:
            null_won = ranks[permutations[q]].sum(axis=1)
            null_won -= offset
            extreme = (null_won == g * h) | (null_won == 0)
            if include is None:
                null_num += null_won
            else:
                null_num += null_won * incf
                extreme &= inc
            null_perfect += extreme
    return _summarise(num, den, null_num.T, chance, perfect, null_perfect, n_questions, share_floor)


def _summarise(
    num: Floats,
    den: Floats,
    null_num: Floats,
    chance: Floats,
    perfect: Ints,
    null_perfect: Ints,
    n_questions: Ints,
    share_floor: float,
) -> FeatureStats:
    """The per-feature statistics from the summed Mann-Whitney counts (observed, and under each
    shuffle: `null_num` is features × shuffles), the per-question perfect-split chances and the
    perfect counts."""
    n_features = len(num)
    positive = den > 0
    safe_den = np.where(positive, den, 1)
    auc_raw = np.where(positive, num / safe_den, 0.5)
    auc = np.maximum(auc_raw, 1 - auc_raw)
    if null_num.shape[1]:
        # Folded null AUCs, feature-major (each feature's shuffles contiguous for the partition).
        folded = np.array(null_num, dtype=np.float64, order="C")
        np.divide(folded, safe_den[:, None], out=folded)
        folded[~positive] = 0.5
        np.maximum(folded, 1 - folded, out=folded)
        null_p95 = quantile_rows(folded, 0.95)
    else:
        null_p95 = np.full(n_features, np.nan)
    expected = chance.sum(axis=0)
    variance = (chance * (1 - chance)).sum(axis=0)
    z = np.full(n_features, np.nan)
    spread = variance > 0
    z[spread] = (perfect[spread] - expected[spread]) / np.sqrt(variance[spread])
    tail_p, null_tail = _tails(chance, perfect, null_perfect, n_questions, share_floor)
    return FeatureStats(
        auc_raw=auc_raw,
        auc=auc,
        questions=n_questions,
        perfect=perfect,
        expected=expected,
        variance=variance,
        tail_p=tail_p,
        z=z,
        null_p95=null_p95,
        null_tail=null_tail,
    )


def quantile_rows(rows: Floats, q: float) -> Floats:
    """`np.quantile(rows, q, axis=1)` (the default, linear method), bit for bit, sorting each
    row in place: a full sort of short rows runs about three times faster than numpy's
    selection, and the two order statistics it reads are the same values. A test holds the
    two together."""
    n = rows.shape[1]
    rows.sort(axis=1)
    virtual = (n - 1) * q
    below = int(np.floor(virtual))
    gamma = virtual - float(below)
    low, high = min(max(below, 0), n - 1), min(max(below + 1, 0), n - 1)
    if virtual >= n - 1:
        low = high = n - 1
    a, b = rows[:, low], rows[:, high]
    diff = b - a
    if gamma >= 0.5:
        return np.asarray(b - diff * (1 - gamma), dtype=np.float64)
    return np.asarray(a + diff * gamma, dtype=np.float64)


def _tails(
    chance: Floats, perfect: Ints, null_perfect: Ints, questions: Ints, share_floor: float
) -> tuple[Floats, Floats]:
    """Exact tail p of every feature's observed perfect count, and of its count under each
    shuffle that reaches the share floor (1.0 elsewhere).

    A question a feature does not use has chance 0 in its column, and a Bernoulli(0) leaves the
    sum's distribution unchanged, so one survival function per distinct chance column serves
    the observed labels and every shuffle alike (equal counts give bit-equal tails, which the
    family-wise comparison relies on)."""
    n_perm, n_features = null_perfect.shape
    tail_p = np.ones(n_features)
    null_tail = np.ones((n_perm, n_features))
    # Only a shuffle with a perfect split can reach the floor; most have none.
    reaches = np.zeros((n_perm, n_features), dtype=bool)
    shuffle, feature = np.nonzero(null_perfect)
    with np.errstate(invalid="ignore", divide="ignore"):
        share = null_perfect[shuffle, feature] / questions[feature]
    reaches[shuffle[share >= share_floor], feature[share >= share_floor]] = True
    needed = np.flatnonzero((perfect > 0) | reaches.any(axis=0))
    if chance.shape[0] == 0 or len(needed) == 0:
        return tail_p, null_tail
    columns, inverse = np.unique(chance[:, needed].T, axis=0, return_inverse=True)
    sf = poisson_binomial_sf(columns)[inverse.ravel()]
    at = np.arange(len(needed))
    observed = perfect[needed]
    tail_p[needed] = np.where(observed > 0, sf[at, observed], 1.0)
    counts = np.where(reaches[:, needed], null_perfect[:, needed], 0)
    null_tail[:, needed] = np.where(counts > 0, sf[at[None, :], counts], 1.0)
    return tail_p, null_tail


def poisson_binomial_sf(chances: Floats) -> Floats:
    """Row by row, P(X ≥ k) for k = 0 … n, X a sum of independent Bernoulli(chances[row]):
    exact, not the normal approximation, which overstates significance by orders of magnitude
    when chances are small.

    The pmf is the recurrence `scipy.stats.poisson_binom` evaluates (pmf ← pmf·(1 − p), then
    pmf[1:] += old pmf·p, one chance at a time in order), run on every row at once; a zero
    chance leaves it unchanged exactly, so zeros are skipped and a row costs the square of its
    non-zero chances. A test holds it bit for bit to scipy's."""
    m, n = chances.shape
    if m == 0 or n == 0:
        return np.ones((m, n + 1))
    nonzero = chances != 0
    top = int(nonzero.sum(axis=1).max())
    # Each row's non-zero chances moved to the front, in their order; zeros pad the rest.
    order = np.argsort(~nonzero, axis=1, kind="stable")
    p = np.take_along_axis(chances, order, axis=1)[:, : max(top, 1)]
    pmf = np.zeros((m, n + 1))
    pmf[:, 0] = 1 - p[:, 0]
    pmf[:, 1] = p[:, 0]
    for i in range(1, top):
        chance = p[:, i : i + 1]
        carried = pmf[:, : i + 1] * chance
        pmf[:, : i + 1] *= 1 - chance
        pmf[:, 1 : i + 2] += carried
    # Summing the exact pmf from the top keeps tiny tails (1 − cdf cancels to 0 below about
    # 1e-16).
    sf = np.cumsum(pmf[:, ::-1], axis=1)[:, ::-1]
    return np.asarray(np.minimum(sf, 1.0), dtype=np.float64)


def poisson_binomial_tail(chances: Floats, observed: int) -> float:
    """P(X ≥ observed) for X a sum of independent Bernoulli(chances), exact."""
    if observed <= 0:
        return 1.0
    if len(chances) == 0 or observed > len(chances):
        return 0.0
    return float(poisson_binomial_sf(np.asarray(chances, dtype=np.float64)[None, :])[0, observed])


def within_question_auc(scores: Floats, layout: Layout) -> float:
    """Unfolded pooled within-question AUC of one score per session (for the adversaries,
    whose direction is learned on other questions and must not be folded after the fact)."""
    stats = measure(scores.reshape(-1, 1), layout)
    return float(stats.auc_raw[0])


def cross_question_auc(values: Floats, gold: Bools) -> float:
    """Folded AUC over every (gold, distractor) pair of the corpus, across questions. Reported
    only to show what within-question pairing reveals; never gated on."""
    ranks = rankdata(values)
    g = int(gold.sum())
    h = len(values) - g
    if g == 0 or h == 0:
        return 0.5
    won = ranks[gold].sum() - g * (g + 1) / 2
    auc = float(won / (g * h))
    return max(auc, 1 - auc)


def measure_counts(
    counts: sparse.spmatrix | sparse.sparray,
    layout: Layout,
    *,
    include: Bools | None = None,
    permutations: dict[int, Ints] | None = None,
    share_floor: float = 1.0,
    shuffled: sparse.csr_matrix | None = None,
) -> FeatureStats:
    """`measure(counts.toarray(), …)`, bit for bit, for a sparse matrix of non-negative values
    (n-gram counts), in time proportional to its stored entries rather than sessions × columns.

    Within a question every absent value is 0 and ranks below every present one, so a column's
    mid-ranks there are (z + 1)/2 for its z zeros and z + the mid-rank among the present
    values. Everything `measure` sums is a half-integer, so the sums below, taken in another
    order, are exactly equal:

    * a question's Mann-Whitney count is g·(h − m)/2 for its m present values plus, over gold
      sessions holding the n-gram, rank − (z + 1)/2; the shuffled counts are the same with the
      shuffled gold sets, formed for every shuffle at once by one sparse product;
    * a set of g sessions splits a question perfectly exactly when it is the strict top-g set
      or the strict bottom-g set of the column's values there; a top-g set must consist of
      present values and a bottom-g set exists only when at most g values are absent, so each
      (question, column) has at most two such sets, found from its present values, and a
      shuffle splits it perfectly when its gold set is one of them (again one sparse product
      counting the overlap).
    """
    by_column = sparse.csc_matrix(counts, dtype=np.float64)
    by_column.sort_indices()
    matrix = by_column.tocoo()  # column by column, sessions in order within each
    n_features = matrix.shape[1]
    if matrix.shape[0] != layout.n_sessions:
        raise ValueError(f"{matrix.shape[0]} rows for {layout.n_sessions} sessions")
    stored = matrix.data != 0
    rows, cols, vals = matrix.row[stored], matrix.col[stored], matrix.data[stored]
    if len(vals) and vals.min() < 0:
        raise ValueError("measure_counts takes non-negative values only")
    eligible = np.asarray(layout.eligible(), dtype=np.int64)
    n_eligible = len(eligible)
    row_of_question = np.full(layout.n_questions, -1, dtype=np.int64)
    row_of_question[eligible] = np.arange(n_eligible)
    sizes = np.diff(layout.offsets)
    golds = np.bincount(
        layout.question_of_session()[layout.gold], minlength=layout.n_questions
    ).astype(np.int64)
    g_e = golds[eligible].astype(np.float64)
    h_e = (sizes[eligible] - golds[eligible]).astype(np.float64)
    inc = (
        np.ones((n_eligible, n_features), dtype=bool)
        if include is None
        else np.asarray(include, dtype=bool)[eligible]
    )
    incf = inc.astype(np.float64)

    # Stored values of eligible questions, grouped by (column, question) — the order they come
    # in — and sorted by value within each group. The order of equal values does not matter:
    # they share a mid-rank, and a split set that would separate them is not strict.
    question = layout.question_of_session()[rows]
    keep = row_of_question[question] >= 0
    rows, cols, vals, question = rows[keep], cols[keep], vals[keep], question[keep]
    total = len(vals)
    first = np.ones(total, dtype=bool)
    first[1:] = (question[1:] != question[:-1]) | (cols[1:] != cols[:-1])
    order = np.lexsort((vals, np.cumsum(first)))
    rows, cols, vals, question = rows[order], cols[order], vals[order], question[order]
    group = np.cumsum(first) - 1
    starts = np.flatnonzero(first)
    present = np.diff(np.append(starts, total))
    position = np.arange(total) - starts[group]
    run_first = first.copy()
    run_first[1:] |= vals[1:] != vals[:-1]
    run = np.cumsum(run_first) - 1
    run_starts = np.flatnonzero(run_first)
    run_length = np.diff(np.append(run_starts, total))
    mid_rank = position[run_starts][run] + (run_length[run] + 1) / 2
    g_question = golds[question[starts]]
    n_question = sizes[question[starts]]
    absent = n_question - present
    above_absent = (absent[group] - 1) / 2 + mid_rank
    g_row = row_of_question[question[starts]]
    g_col = cols[starts]

    # Observed counts: g·(h − m)/2 for every column, then the gold sessions holding it.
    base = np.repeat((g_e * h_e / 2)[:, None], n_features, axis=1)
    base[g_row, g_col] -= g_question * present / 2
    won = base.copy()
    gold = layout.gold[rows]
    np.add.at(won, (row_of_question[question[gold]], cols[gold]), above_absent[gold])
    pairs = (g_e * h_e)[:, None]
    num = (won * incf).sum(axis=0)
    den = (pairs * incf).sum(axis=0)
    n_questions = inc.sum(axis=0).astype(np.int64)
    perfect = (((won == pairs) | (won == 0)) & inc).sum(axis=0).astype(np.int64)

    # The strict top-g and bottom-g sets of every (question, column).
    def value_at(offset: Ints, ok: Bools) -> Floats:
        return np.where(ok, vals[np.where(ok, starts + offset, 0)], 0.0)

    g, m, z = g_question, present, absent
    top = (m >= g) & ((m == g) | (value_at(m - g, m > g) > value_at(m - g - 1, m > g)))
    bottom = (z <= g) & ((z == g) | (value_at(g - z - 1, z < g) < value_at(g - z, z < g)))
    splits = np.array([float(comb(int(n), int(k))) for n, k in zip(sizes, golds, strict=True)])
    chance = np.zeros((n_eligible, n_features))
    chance[g_row, g_col] = (top.astype(np.float64) + bottom.astype(np.float64)) / splits[
        question[starts]
    ]
    chance *= incf

    n_perm = next(iter(permutations.values())).shape[0] if permutations else 0
    null_num = np.zeros((n_features, n_perm))  # feature-major
    null_perfect = np.zeros((n_perm, n_features), dtype=np.int64)
    if n_perm and permutations is not None:
        if shuffled is None:
            shuffled = shuffle_indicator(layout, permutations)
        used = inc[row_of_question[question], cols]
        above = sparse.csr_matrix(
            (above_absent[used], (rows[used], cols[used])), shape=(layout.n_sessions, n_features)
        )
        null_num += (above.T @ shuffled.T).toarray()
        null_num += (base * incf).sum(axis=0)[:, None]
        valid = inc[g_row, g_col]
        indicator, owner = _split_sets(top & valid, bottom & valid, starts, g, z, rows, layout)
        overlap = sparse.coo_matrix(shuffled @ indicator)
        hit = overlap.data == g[owner[overlap.col]]
        cell = overlap.row[hit] * n_features + g_col[owner[overlap.col[hit]]]
        null_perfect += np.bincount(cell, minlength=n_perm * n_features).reshape(null_perfect.shape)

    return _summarise(num, den, null_num, chance, perfect, null_perfect, n_questions, share_floor)


def shuffle_indicator(layout: Layout, permutations: dict[int, Ints]) -> sparse.csr_matrix:
    """Shuffles × sessions: 1 where the shuffle puts the session in its question's gold set
    (what `measure_counts` takes as `shuffled`, to share it across column blocks)."""
    n_perm = next(iter(permutations.values())).shape[0] if permutations else 0
    shuffle_rows, sessions = [], []
    for q, drawn in permutations.items():
        shuffle_rows.append(np.repeat(np.arange(n_perm), drawn.shape[1]))
        sessions.append(layout.offsets[q] + drawn.ravel())
    r = np.concatenate(shuffle_rows) if shuffle_rows else np.zeros(0, dtype=np.int64)
    c = np.concatenate(sessions) if sessions else np.zeros(0, dtype=np.int64)
    return sparse.csr_matrix((np.ones(len(r)), (r, c)), shape=(n_perm, layout.n_sessions))


def _split_sets(
    top: Bools, bottom: Bools, starts: Ints, g: Ints, z: Ints, rows: Ints, layout: Layout
) -> tuple[sparse.csr_matrix, Ints]:
    """Sessions × split sets: column k holds the g sessions of one strict top-g or bottom-g
    set; also, per set, the (question, column) group it belongs to.

    A top set is the group's g largest present values; a bottom set is its z absent sessions
    and its g − z smallest present values (sorted ascending within the group)."""
    m_end = np.append(starts[1:], len(rows))
    tops = np.flatnonzero(top)
    bottoms = np.flatnonzero(bottom)
    pieces_at, pieces_set = [], []

    def take(first: Ints, length: Ints, set_ids: Ints) -> None:
        total = int(length.sum())
        if total == 0:
            return
        within = np.arange(total) - np.repeat(np.cumsum(length) - length, length)
        pieces_at.append(rows[np.repeat(first, length) + within])
        pieces_set.append(np.repeat(set_ids, length))

    take(m_end[tops] - g[tops], g[tops], np.arange(len(tops)))
    bottom_ids = len(tops) + np.arange(len(bottoms))
    take(starts[bottoms], g[bottoms] - z[bottoms], bottom_ids)
    question = layout.question_of_session()
    for k, grp in zip(bottom_ids, bottoms, strict=True):
        if z[grp] == 0:
            continue
        q = question[rows[starts[grp]]]
        a, b = layout.span(int(q))
        missing = np.setdiff1d(np.arange(a, b), rows[starts[grp] : m_end[grp]])
        pieces_at.append(missing)
        pieces_set.append(np.full(len(missing), k))
    at = np.concatenate(pieces_at) if pieces_at else np.zeros(0, dtype=np.int64)
    owner_of = np.concatenate(pieces_set) if pieces_set else np.zeros(0, dtype=np.int64)
    n_sets = len(tops) + len(bottoms)
    indicator = sparse.csr_matrix(
        (np.ones(len(at)), (at, owner_of)), shape=(layout.n_sessions, n_sets)
    )
    return indicator, np.concatenate([tops, bottoms]).astype(np.int64)
