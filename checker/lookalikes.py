"""The identity guard's reading of a text: what a person sees, not which code points spell it.

R-ID-4 forbids one name in identifier and result fields. A literal match is beaten by any
spelling a reader takes for the same word: `LongMemEvaI` (a capital i for the l), a zero-width
joiner or soft hyphen inside it, Cyrillic or Greek letters that look Latin, fullwidth or
mathematical letters, accents, `rn` for `m`, or separators between the letters. `skeleton`
folds all of these to plain lower-case ASCII letters and digits, and the guard matches the
name there.
"""

from __future__ import annotations

import re
import unicodedata

#: The name the guard refuses, as its skeleton.
FORBIDDEN_NAME = "longmemeval"

#: Letters read as a Latin letter (lower-case target). NFKC has already folded fullwidth,
#: mathematical and compatibility forms; these are the look-alikes it leaves alone.
_LOOKALIKES: dict[str, str] = {
    # A capital I, a digit one and vertical bars read as a lower-case l.
    "I": "l",
    "1": "l",
    "|": "l",
    "ǀ": "l",
    "ı": "i",
    "0": "o",
    # Cyrillic.
    "а": "a",
    "А": "a",
    "в": "b",
    "В": "b",
    "ԁ": "d",
    "Ԁ": "d",
    "е": "e",
    "Е": "e",
    "ё": "e",
    "Ё": "e",
    "ԍ": "g",
    "һ": "h",
    "Һ": "h",
    "н": "h",
    "Н": "h",
    "і": "i",
    "ї": "i",
    "І": "l",
    "Ї": "l",
    "ӏ": "l",
    "Ӏ": "l",
    "ј": "j",
    "Ј": "j",
    "к": "k",
    "К": "k",
    "м": "m",
    "М": "m",
    "п": "n",
    "о": "o",
    "О": "o",
    "р": "p",
    "Р": "p",
    "ԛ": "q",
    "Ԛ": "q",
    "г": "r",
    "ѕ": "s",
    "Ѕ": "s",
    "с": "c",
    "С": "c",
    "т": "t",
    "Т": "t",
    "у": "y",
    "У": "y",
    "ѵ": "v",
    "Ѵ": "v",
    "ԝ": "w",
    "Ԝ": "w",
    "х": "x",
    "Х": "x",
    # Greek.
    "α": "a",
    "Α": "a",
    "β": "b",
    "Β": "b",
    "ε": "e",
    "Ε": "e",
    "Ζ": "z",
    "η": "n",
    "Η": "h",
    "ι": "i",
    "Ι": "l",
    "κ": "k",
    "Κ": "k",
    "Μ": "m",
    "ν": "v",
    "Ν": "n",
    "ο": "o",
    "Ο": "o",
    "ρ": "p",
    "Ρ": "p",
    "τ": "t",
    "Τ": "t",
    "υ": "u",
    "Υ": "y",
    "χ": "x",
    "Χ": "x",
    # Latin small capitals and other Latin look-alikes.
    "ᴀ": "a",
    "ɑ": "a",
    "ᴇ": "e",
    "ɢ": "g",
    "ɡ": "g",
    "ɩ": "i",
    "ʟ": "l",
    "ᴍ": "m",
    "ɴ": "n",
    "ᴏ": "o",
    "ᴠ": "v",
}
_FOLD = str.maketrans(_LOOKALIKES)
#: Characters a reader does not see as letters: format characters (zero-width joiners, soft
#: hyphens, bidi controls), combining marks (accents, after NFD) and controls.
_UNSEEN_CATEGORIES = frozenset(("Cf", "Mn", "Me", "Cc"))


_NOT_LATIN = re.compile(r"[^a-z0-9]+")


def skeleton(text: str) -> str:
    """`text` as the letters a reader sees: NFKC, without format characters (zero-width
    joiners, soft hyphens, bidi controls) or accents, look-alikes folded to Latin, lower case,
    only ASCII letters and digits kept, and `rn` read as `m`."""
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text))
    unseen = {ord(ch): None for ch in set(folded) if unicodedata.category(ch) in _UNSEEN_CATEGORIES}
    latin = folded.translate(unseen).translate(_FOLD).lower()
    return _NOT_LATIN.sub("", latin).replace("rn", "m")


#: `skeleton` of an ASCII text in one table lookup per character (NFKC and NFD leave ASCII as
#: it is): look-alikes folded, capitals lowered, everything but letters and digits dropped.
_ASCII_SKELETON = str.maketrans(
    {
        chr(c): (
            _LOOKALIKES.get(chr(c), chr(c).lower()) if chr(c).isalnum() or chr(c) == "|" else None
        )
        for c in range(128)
    }
)


def ascii_skeleton(text: str) -> str:
    """`skeleton(text)` for an ASCII `text`, without the Unicode steps (a test holds the two
    equal)."""
    return text.translate(_ASCII_SKELETON).replace("rn", "m")


def carries_forbidden_name(text: str) -> bool:
    """Whether a reader would find the forbidden name in `text`, however it is spelled."""
    if text.isascii():
        # Only a `v` or `V` becomes the name's `v` in ASCII: without one there is nothing to fold.
        return ("v" in text or "V" in text) and FORBIDDEN_NAME in ascii_skeleton(text)
    return FORBIDDEN_NAME in skeleton(text)
