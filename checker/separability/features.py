"""The numeric features of the single-feature table: one value per session per feature.

Families (an exemption may name a family, a feature, or a dotted prefix such as `user.turn1`):

- `shape` — counts and densities measured over the whole session (`session.*`), over each
  role's turns (`user.*`, `assistant.*`) and over every turn slot, i.e. role × position within
  role (`user.turn1.*` is the first user turn, `assistant.turn2.*` the second assistant turn…):
  characters, raw tokens, sentences, turns, mean turn characters, digit, capital, punctuation and
  em-dash densities, type-token ratio (raw tokens, stopwords kept), empty and whitespace-padded
  turns. Padding lands on single turns, so equalising a sum leaves its terms free: the source
  documents found gold by user-turn length at 1.000 while every pooled figure passed.
- `glyph` — the density of every non-alphanumeric character present anywhere in the corpus
  (and of non-ASCII letters), over the session, each role and each role's first turn; and the
  whitespace classes, over the session, each role and every turn slot: runs of two or more
  spaces (`glyph[space-run]`), turns that begin or end with whitespace
  (`glyph[leading-whitespace]`, `glyph[trailing-whitespace]`), and every invisible character
  (Unicode categories Zs other than the plain space, Zl, Zp, Cf and Cc: tabs, newlines,
  non-breaking and zero-width spaces…) in the slots beyond the first, where the per-character
  glyphs above do not reach. A class gets columns only when some turn of the corpus has it,
  so a corpus without stray whitespace is measured exactly as before.
- `roles` — the role at each absolute turn position, each recurring role sequence, and how
  rare a session's role sequence is within its own haystack (role order with equal counts was
  the round-five tell in docs/history.md).
- `position` — index in the haystack, first/last-session flags, the index written in the
  session id, and timestamp rank. One family, so that a vertical whose independent variable is
  position (WorkingMemory) exempts every encoding of it with one reason.
- `date` — minute, hour, weekday, spacing to the neighbouring sessions, and how rare the
  session's minute / hour / weekday is within its haystack.
- `session_id` — id length, how rare the id's shape is within the haystack, and whether the id
  follows `<owner>-sNNN` with NNN equal to its position.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from checker.arrays import distinct, distinct_counts, first_seen_codes
from checker.load import LoadedCorpus, parse_date
from checker.separability.policy import MAX_ROLE_POSITIONS, MAX_ROLE_SEQUENCES, MAX_TURN_SLOTS
from checker.separability.stats import Layout
from checker.separability.turns import Turns, ragged_gather

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]

ROLES = ("user", "assistant")
EM_DASH = "\u2014"
NON_ASCII_LETTER = "non-ascii letter"

# Per-turn counts, in this column order.
_CHARS, _DIGITS, _UPPER, _PUNCT, _EMDASH, _SENTENCES, _TOKENS, _EMPTY, _PADDED = range(9)
_N_COUNTS = 9


@dataclass
class FeatureSet:
    """Feature names, their families, and a sessions × features value matrix."""

    names: list[str]
    families: list[str]
    values: Floats


def glyph_label(glyph: str) -> str:
    return glyph if glyph == NON_ASCII_LETTER else f"U+{ord(glyph):04X}"


#: Unicode categories of the invisible characters: space separators, line and paragraph
#: separators, format characters (zero-width space, joiners, marks of direction) and controls
#: (tab, newline, carriage return…).
INVISIBLE_CATEGORIES = ("Zs", "Zl", "Zp", "Cf", "Cc")
#: Every space separator (category Zs) of the Unicode version Python ships; a test holds it to
#: `unicodedata` over every code point.
SPACE_SEPARATORS = (
    " \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u202f\u205f\u3000"
)
_SPACE_RUN = re.compile(f"[{SPACE_SEPARATORS}]{{2,}}")
SPACE_RUN, LEADING, TRAILING = "space-run", "leading-whitespace", "trailing-whitespace"
#: The whitespace classes counted per turn, in `whitespace_counts` column order.
WHITESPACE_CLASSES = (SPACE_RUN, LEADING, TRAILING)


def is_invisible(glyph: str) -> bool:
    """Whether a glyph key is an invisible character other than the plain space."""
    return len(glyph) == 1 and glyph != " " and unicodedata.category(glyph) in INVISIBLE_CATEGORIES


def space_runs(content: str) -> int:
    """Maximal runs of two or more space separators (any of Zs, the plain space included)."""
    if content.isascii() and "  " not in content:  # the only ASCII space separator is " "
        return 0
    return len(_SPACE_RUN.findall(content))


def whitespace_counts(contents: list[str]) -> Floats:
    """Per text: its runs of two or more spaces, and whether it begins and whether it ends
    with whitespace (`str.isspace`), in `WHITESPACE_CLASSES` order. The definition;
    `_character_counts` computes the same over the whole corpus at once."""
    out = np.zeros((len(contents), len(WHITESPACE_CLASSES)))
    out[:, 0] = np.fromiter(map(space_runs, contents), dtype=np.float64, count=len(contents))
    out[:, 1] = [c[:1].isspace() for c in contents]
    out[:, 2] = [c[-1:].isspace() for c in contents]
    return out


class _Columns:
    def __init__(self, n_sessions: int) -> None:
        self.n = n_sessions
        self.names: list[str] = []
        self.families: list[str] = []
        self.columns: list[Floats] = []

    def add(self, name: str, family: str, column: Floats | NDArray[np.bool_]) -> None:
        self.names.append(name)
        self.families.append(family)
        self.columns.append(np.asarray(column, dtype=np.float64))

    def build(self) -> FeatureSet:
        values = np.column_stack(self.columns) if self.columns else np.zeros((self.n, 0))
        return FeatureSet(self.names, self.families, values)


def _ratio(num: Floats, den: Floats) -> Floats:
    return np.divide(num, den, out=np.zeros_like(num, dtype=np.float64), where=den > 0)


# Character classes of one code point, as bits of `_character_counts`'s class table.
_DIGIT, _UPPERCASE, _PUNCTUATION, _GLYPH, _STOP, _DASH = (1 << i for i in range(6))


def _character_counts(contents: list[str]) -> tuple[Floats, Floats, list[str], Floats]:
    """Per distinct text: the character-class counts (columns in `_CHARS`… order), the count
    of every glyph, classified once per distinct code point over the whole corpus, the glyphs
    in column order, and `whitespace_counts` (which a test holds this to).

    The texts' code points sit end to end. Digits, capitals, punctuation, stops, dashes and
    glyphs are a small share of them, so one table lookup marks them and every count is taken
    over the marked positions alone; whitespace is read at each text's two ends, and a run of
    spaces where two space separators touch."""
    n = len(contents)
    counts = np.zeros((n, _N_COUNTS))
    lengths = np.fromiter(map(len, contents), dtype=np.int64, count=n)
    counts[:, _CHARS] = lengths
    joined = "".join(contents)
    # One code point per element: a byte each when the corpus is ASCII, as it nearly always is.
    ascii_only = joined.isascii()
    points: NDArray[np.uint8] | NDArray[np.uint32] = (
        np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
        if ascii_only
        else np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32)
    )
    ends = np.cumsum(lengths)
    begins = ends - lengths
    nonempty = lengths > 0
    if ascii_only:
        present = np.arange(256, dtype=np.int64)
    elif len(points):
        present = np.flatnonzero(np.bincount(points))
    else:
        present = np.zeros(0, dtype=np.int64)
    size = int(present.max()) + 1 if len(present) else 1
    classes = np.zeros(size, dtype=np.uint8)
    spaces = np.zeros(size, dtype=bool)
    separators = np.zeros(size, dtype=bool)
    glyph_of = np.full(size, -1, dtype=np.int64)
    by_key: dict[str, int] = {}
    for cp in present.tolist():
        c = chr(cp)
        key = (
            c
            if (not c.isalnum() and c != " ")
            else NON_ASCII_LETTER
            if (c.isalpha() and cp > 127)
            else None
        )
        classes[cp] = (
            _DIGIT * c.isdigit()
            | _UPPERCASE * c.isupper()
            | _PUNCTUATION * unicodedata.category(c).startswith("P")
            | _GLYPH * (key is not None)
            | _STOP * (c in ".!?")
            | _DASH * (c == EM_DASH)
        )
        spaces[cp] = c.isspace()
        separators[cp] = c in SPACE_SEPARATORS
        if key is not None:
            glyph_of[cp] = by_key.setdefault(key, len(by_key))
    # The marked positions, their classes and the text each belongs to.
    at = np.flatnonzero(classes[points])
    kind = classes[points[at]]
    owner = np.searchsorted(ends, at, side="right")

    def per_text(bit: int) -> Floats:
        return np.bincount(owner[(kind & bit) > 0], minlength=n).astype(np.float64)

    counts[:, _DIGITS] = per_text(_DIGIT)
    counts[:, _UPPER] = per_text(_UPPERCASE)
    counts[:, _PUNCT] = per_text(_PUNCTUATION)
    counts[:, _EMDASH] = per_text(_DASH)
    # Glyphs present in the corpus, named in (length, text) order.
    glyph_at = (kind & _GLYPH) > 0
    glyph_ids = glyph_of[points[at[glyph_at]]]
    used = set(np.unique(glyph_ids).tolist())
    seen_keys = sorted((k for k, i in by_key.items() if i in used), key=lambda g: (len(g), g))
    remap = np.full(max(len(by_key), 1), -1, dtype=np.int64)
    for new, key in enumerate(seen_keys):
        remap[by_key[key]] = new
    glyph_counts = np.zeros((n, len(seen_keys)))
    if seen_keys:
        flat = owner[glyph_at] * len(seen_keys) + remap[glyph_ids]
        glyph_counts = (
            np.bincount(flat, minlength=n * len(seen_keys))
            .reshape(n, len(seen_keys))
            .astype(np.float64)
        )
    # `sentences` keeps every match of `[^.!?]+[.!?]*` that is not blank after strip(): one
    # match per maximal run of other characters, and only the text's last run can be blank
    # (a run that ends in a stop keeps the stop). A run begins at a text's first character
    # unless that is a stop, and after every stop that is followed, within its text, by a
    # character that is not one.
    stop_at = at[(kind & _STOP) > 0]
    stop_owner = owner[(kind & _STOP) > 0]
    followed = stop_at + 1 < ends[stop_owner]
    followed[:-1] &= stop_at[1:] != stop_at[:-1] + 1
    runs = np.bincount(stop_owner[followed], minlength=n)
    first_char = np.zeros(n, dtype=np.int64)
    last_char = np.zeros(n, dtype=np.int64)
    first_char[nonempty] = points[begins[nonempty]]
    last_char[nonempty] = points[ends[nonempty] - 1]
    runs += nonempty & ((classes[first_char] & _STOP) == 0)
    first = nonempty & spaces[first_char]
    last = nonempty & spaces[last_char]
    # Only a text that ends in whitespace can end in the blank run `sentences` drops.
    blank_last = np.zeros(n, dtype=bool)
    for i in np.flatnonzero(last).tolist():
        blank_last[i] = _blank_last_run(contents[i])
    counts[:, _SENTENCES] = runs - blank_last
    counts[:, _EMPTY] = ~nonempty | np.fromiter(map(str.isspace, contents), dtype=bool, count=n)
    counts[:, _PADDED] = first | last
    spacing = np.zeros((n, len(WHITESPACE_CLASSES)))
    # A run of two or more space separators begins where two of them touch inside one text and
    # the character before is not one (or the text begins there).
    is_separator = separators[points]
    touching = np.flatnonzero(is_separator[:-1] & is_separator[1:])
    if len(touching):
        run_owner = np.searchsorted(ends, touching, side="right")
        inside = touching + 1 < ends[run_owner]
        opens = (touching == begins[run_owner]) | ~is_separator[np.maximum(touching - 1, 0)]
        spacing[:, 0] = np.bincount(run_owner[inside & opens], minlength=n)
    spacing[:, 1] = first
    spacing[:, 2] = last
    return counts, glyph_counts, seen_keys, spacing


def _blank_last_run(content: str) -> bool:
    """Whether the text ends in a run of whitespace after its last stop (or is all whitespace),
    the one `[^.!?]+[.!?]*` match that `sentences` drops."""
    if not content or content[-1] in ".!?":
        return False
    kept = content.rstrip()
    return not kept or kept[-1] in ".!?"


def numeric_features(corpus: LoadedCorpus, layout: Layout, turns: Turns) -> FeatureSet:
    """Every numeric feature of every session of the corpus (n-grams are in `ngrams`)."""
    n = layout.n_sessions
    text_counts, text_glyphs, glyph_keys, text_spacing = _character_counts(turns.contents)
    # Raw tokens of every distinct text, as ids, for token counts and vectorised type counts:
    # one flat (text, token) array, made distinct once, so text t owns entries
    # starts[t] .. starts[t + 1] - 1 of `flat_tokens`.
    table = corpus.token_ids  # its texts are `turns.contents`, in the same order
    ids, lengths = table.text_ids, np.diff(table.text_starts)
    text_counts[:, _TOKENS] = lengths
    owners = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
    vocab_size = max(len(table.words), 1)
    pairs = distinct(owners * vocab_size + ids)
    flat_tokens = pairs % vocab_size
    starts = np.searchsorted(pairs // vocab_size, np.arange(len(turns.contents) + 1)).astype(
        np.int64
    )
    t_session, t_role, t_slot = turns.session, turns.role, turns.slot
    counts = text_counts[turns.text_of]
    glyph_counts = text_glyphs[turns.text_of]
    spacing = text_spacing[turns.text_of]
    spacing_present = [k for k in range(len(WHITESPACE_CLASSES)) if text_spacing[:, k].any()]
    invisible = [gi for gi, g in enumerate(glyph_keys) if is_invisible(g)]

    cols = _Columns(n)

    def aggregate(mask: NDArray[np.bool_], *, slot: bool) -> tuple[Floats, Floats, Floats]:
        """Summed counts, turn count and distinct-token count per session over masked turns."""
        owner = t_session[mask]
        summed = np.column_stack(
            [np.bincount(owner, weights=counts[mask, k], minlength=n) for k in range(_N_COUNTS)]
        ).astype(np.float64)
        n_turns = np.bincount(owner, minlength=n).astype(np.float64)
        if slot:  # one turn per session: its own distinct-token count
            per_turn = np.diff(starts)[turns.text_of[mask]].astype(np.float64)
            types = np.bincount(owner, weights=per_turn, minlength=n).astype(np.float64)
            return summed, n_turns, types
        toks, lengths = ragged_gather(flat_tokens, starts, turns.text_of[mask])
        keys = distinct(np.repeat(owner, lengths) * vocab_size + toks)
        types = np.bincount(keys // vocab_size, minlength=n).astype(np.float64)
        return summed, n_turns, types

    def add_measures(scope: str, mask: NDArray[np.bool_], *, slot: bool) -> None:
        summed, n_turns, types = aggregate(mask, slot=slot)
        chars = summed[:, _CHARS]
        if slot:
            cols.add(f"{scope}.present", "shape", n_turns > 0)
        else:
            cols.add(f"{scope}.turns", "shape", n_turns)
            cols.add(f"{scope}.mean_turn_chars", "shape", _ratio(chars, n_turns))
            cols.add(f"{scope}.empty_turns", "shape", summed[:, _EMPTY])
            cols.add(f"{scope}.padded_turns", "shape", summed[:, _PADDED])
        cols.add(f"{scope}.chars", "shape", chars)
        cols.add(f"{scope}.tokens", "shape", summed[:, _TOKENS])
        cols.add(f"{scope}.sentences", "shape", summed[:, _SENTENCES])
        cols.add(f"{scope}.digit_density", "shape", _ratio(summed[:, _DIGITS], chars))
        cols.add(f"{scope}.uppercase_density", "shape", _ratio(summed[:, _UPPER], chars))
        cols.add(f"{scope}.punctuation_density", "shape", _ratio(summed[:, _PUNCT], chars))
        cols.add(f"{scope}.em_dash_density", "shape", _ratio(summed[:, _EMDASH], chars))
        cols.add(f"{scope}.type_token_ratio", "shape", _ratio(types, summed[:, _TOKENS]))

    def add_glyphs(scope: str, mask: NDArray[np.bool_]) -> None:
        owner = t_session[mask]
        chars = np.bincount(owner, weights=counts[mask, _CHARS], minlength=n).astype(np.float64)
        for gi, g in enumerate(glyph_keys):
            summed = np.bincount(owner, weights=glyph_counts[mask, gi], minlength=n).astype(
                np.float64
            )
            cols.add(f"{scope}.glyph[{glyph_label(g)}]", "glyph", _ratio(summed, chars))

    def add_whitespace(scope: str, mask: NDArray[np.bool_], *, glyphs: bool) -> None:
        """The whitespace classes over the masked turns (and, with `glyphs`, the density of
        every invisible character, which the first slots already get from `add_glyphs`)."""
        owner = t_session[mask]
        for k in spacing_present:
            summed = np.bincount(owner, weights=spacing[mask, k], minlength=n).astype(np.float64)
            cols.add(f"{scope}.glyph[{WHITESPACE_CLASSES[k]}]", "glyph", summed)
        if not glyphs or not invisible:
            return
        chars = np.bincount(owner, weights=counts[mask, _CHARS], minlength=n).astype(np.float64)
        for gi in invisible:
            summed = np.bincount(owner, weights=glyph_counts[mask, gi], minlength=n).astype(
                np.float64
            )
            cols.add(
                f"{scope}.glyph[{glyph_label(glyph_keys[gi])}]", "glyph", _ratio(summed, chars)
            )

    everything = np.ones(len(t_session), dtype=bool)
    add_measures("session", everything, slot=False)
    add_glyphs("session", everything)
    add_whitespace("session", everything, glyphs=False)
    for r, role in enumerate(ROLES):
        role_mask = t_role == r
        add_measures(role, role_mask, slot=False)
        add_glyphs(role, role_mask)
        add_whitespace(role, role_mask, glyphs=False)
        slots = int(t_slot[role_mask].max()) + 1 if role_mask.any() else 0
        for k in range(min(slots, MAX_TURN_SLOTS)):
            slot_mask = role_mask & (t_slot == k)
            add_measures(f"{role}.turn{k + 1}", slot_mask, slot=True)
            if k == 0:
                add_glyphs(f"{role}.turn1", slot_mask)
            add_whitespace(f"{role}.turn{k + 1}", slot_mask, glyphs=k > 0)

    _add_roles(cols, turns, layout)
    _add_metadata(cols, corpus, layout)
    return cols.build()


def _rarity(codes: Ints, layout: Layout) -> Floats:
    """Per session: share of its question's sessions carrying the same label (`codes`, one
    integer per label)."""
    if len(codes) == 0:
        return np.zeros(0)
    question = layout.question_of_session()
    width = int(codes.max()) + 1
    keys = question * width + codes
    found, count = distinct_counts(keys)
    return count[np.searchsorted(found, keys)] / np.diff(layout.offsets)[question]


def _add_roles(cols: _Columns, turns: Turns, layout: Layout) -> None:
    sequences = turns.role_sequences
    n = layout.n_sessions
    position = np.arange(len(turns.session)) - turns.session_offsets[turns.session]
    longest = max((len(s) for s in sequences), default=0)
    width = min(longest, MAX_ROLE_POSITIONS)
    at = np.full((n, width), -1, dtype=np.int64)  # role of the k-th turn, −1 past the end
    early = position < width
    at[turns.session[early], position[early]] = turns.role[early]
    for k in range(width):
        cols.add(f"roles.turn{k + 1}=user", "roles", at[:, k] == 0)
        cols.add(f"roles.turn{k + 1}=assistant", "roles", at[:, k] == 1)
    code_of: dict[str, int] = {}
    codes = np.fromiter((code_of.setdefault(s, len(code_of)) for s in sequences), np.int64, n)
    frequent = Counter(sequences).most_common(MAX_ROLE_SEQUENCES)
    if len(frequent) > 1:
        for seq, _ in sorted(frequent):
            cols.add(f"roles.sequence={seq}", "roles", codes == code_of[seq])
    cols.add("roles.sequence_rarity", "roles", _rarity(codes, layout))


_SESSION_SUFFIX = re.compile(r"-s(\d+)$")
_DIGIT_RUN = re.compile(r"\d")
_LETTER_RUN = re.compile(r"[A-Za-z]")
_ASCII_SHAPE = str.maketrans(
    "0123456789" + string.ascii_letters, "9" * 10 + "a" * len(string.ascii_letters)
)


def _id_shape(sid: str) -> str:
    """Digits as 9, ASCII letters as a (what `\\d` and `[A-Za-z]` match)."""
    if sid.isascii():
        return sid.translate(_ASCII_SHAPE)
    return _LETTER_RUN.sub("a", _DIGIT_RUN.sub("9", sid))


def _add_metadata(cols: _Columns, corpus: LoadedCorpus, layout: Layout) -> None:
    n = layout.n_sessions
    question = layout.question_of_session()
    sizes = np.diff(layout.offsets)
    local = np.arange(n) - layout.offsets[question]
    ids: list[str] = []
    dates: list[str | None] = []
    owners: list[set[str]] = []
    for q, size in zip(corpus.questions, sizes.tolist(), strict=True):
        given = q.haystack_session_ids[:size]
        ids.extend(given)
        ids.extend([""] * (size - len(given)))
        stamped = q.haystack_dates[:size]
        dates.extend(stamped)
        dates.extend([None] * (size - len(stamped)))
        mine = {q.question_id}
        if q.typedmemeval is not None and q.typedmemeval.pair_id:
            mine.add(q.typedmemeval.pair_id)
        owners.append(mine)
    id_index = np.full(n, -1.0)
    owner_pattern = np.zeros(n)
    index_matches = np.zeros(n)
    for s, found in enumerate(map(_SESSION_SUFFIX.search, ids)):
        if found:
            number = int(found.group(1))
            id_index[s] = number
            index_matches[s] = number == local[s]
            owner_pattern[s] = ids[s][: found.start()] in owners[question[s]]
    stamps = [parse_date(d) if d is not None else None for d in dates]
    dated = np.fromiter((st is not None for st in stamps), dtype=bool, count=n)
    minute = np.fromiter((st.minute if st else -1 for st in stamps), dtype=np.float64, count=n)
    hour = np.fromiter((st.hour if st else -1 for st in stamps), dtype=np.float64, count=n)
    weekday = np.fromiter((st.weekday() if st else -1 for st in stamps), np.float64, count=n)
    stamp_rank = np.full(n, -1.0)
    gap_before = np.full(n, -1.0)
    gap_after = np.full(n, -1.0)
    for qi in range(layout.n_questions):
        a, b = layout.span(qi)
        if a == b or not dated[a:b].all():
            continue
        minutes = np.asarray([st.timestamp() / 60 for st in stamps[a:b] if st])
        # rankdata(method="min"): one plus the number of strictly earlier stamps.
        stamp_rank[a:b] = 1 + np.searchsorted(np.sort(minutes), minutes, side="left")
        if b - a > 1:
            gaps = np.diff(minutes)
            # The first session has no predecessor and the last no successor; each borrows
            # its one real gap, so a missing neighbour does not become a first/last flag.
            gap_before[a:b] = np.concatenate([[gaps[0]], gaps])
            gap_after[a:b] = np.concatenate([gaps, [gaps[-1]]])
        else:
            gap_before[a:b] = gap_after[a:b] = 0
    cols.add("position.index", "position", local.astype(np.float64))
    cols.add("position.first_session", "position", local == 0)
    cols.add("position.last_session", "position", local == sizes[question] - 1)
    cols.add("position.session_id_index", "position", id_index)
    cols.add("position.timestamp_rank", "position", stamp_rank)
    cols.add("date.minute", "date", minute)
    cols.add("date.hour", "date", hour)
    cols.add("date.weekday", "date", weekday)
    cols.add("date.gap_before_minutes", "date", gap_before)
    cols.add("date.gap_after_minutes", "date", gap_after)
    cols.add("date.minute_rarity", "date", _rarity(minute.astype(np.int64) + 1, layout))
    cols.add("date.hour_rarity", "date", _rarity(hour.astype(np.int64) + 1, layout))
    cols.add("date.weekday_rarity", "date", _rarity(weekday.astype(np.int64) + 1, layout))
    cols.add("session_id.length", "session_id", np.fromiter(map(len, ids), np.float64, count=n))
    cols.add(
        "session_id.shape_rarity",
        "session_id",
        _rarity(first_seen_codes(map(_id_shape, ids))[0], layout),
    )
    cols.add("session_id.owner_pattern", "session_id", owner_pattern)
    cols.add("session_id.index_matches_position", "session_id", index_matches)
