"""Seasonal words and the months they read naturally in (northern hemisphere, Britain).

A session is dated, and a line about hay fever in December or tomatoes planted in January reads
wrong to anyone who looks at the date. `SEASONAL` maps a pattern for a seasonal word or phrase
to the months in which a sentence carrying it can be said; `out_of_season(text, month)` lists
the patterns a text breaks for a month. The tests render sessions and hold every sentence to it,
and `python -m corpora.generate.core.seasons DIR...` lists the mismatches in written corpora
(each session's date is in `haystack_dates`), per vertical.

Only words whose season does not depend on the sentence around them are listed: a season's name
("last summer", "over the winter") can be said in any month and is not checked, and nor are
foods bought all year (tomatoes, strawberries) unless the sentence is about growing them.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path


def _span(first: int, last: int) -> frozenset[int]:
    """Months `first` to `last` inclusive, wrapping over the new year."""
    months = [first]
    while months[-1] != last:
        months.append(months[-1] % 12 + 1)
    return frozenset(months)


SPRING_SUMMER = _span(3, 9)
WARM = _span(5, 9)
COLD = _span(10, 4)
WINTER = _span(11, 3)

#: Pattern (case-insensitive, on word boundaries) -> months in which it reads naturally.
SEASONAL: dict[str, frozenset[int]] = {
    r"hay ?fever": SPRING_SUMMER,
    r"pollen": SPRING_SUMMER,
    r"antihistamines?": SPRING_SUMMER,
    r"sunburn(?:t|ed)?": WARM,
    r"sun ?(?:cream|screen|block)": WARM,
    r"heat ?wave": _span(6, 8),
    r"barbecues?|bbq": _span(4, 9),
    r"picnics?": _span(4, 9),
    r"(?:picnic|sunbathing|sunbathe|swim|paddle|paddling) (?:on|at) the beach|beach day": WARM,
    r"sea swim(?:s|ming)?|swim(?:ming)? in the sea": WARM,
    r"days? (?:away )?by the sea": _span(3, 10),
    r"paddling pool|ice lollies|ice lolly": WARM,
    r"snow(?:ed|ing|y|fall|man)?": WINTER,
    # (a frost, not dry or frosty weather in general advice)
    r"frost(?:s|y)?(?! weather)": _span(10, 4),
    r"icy|ice on the|gritted|gritting": WINTER,
    r"christmas|xmas|advent calendar": frozenset({11, 12}),
    r"bonfire night|fireworks night": frozenset({10, 11}),
    r"heating on|put the heating|turn(?:ed)? the heating|switch(?:ed)? the heating": COLD,
    # Advice about the heating or damp windows is the cold months' ("keep the heating steady",
    # "condensation on the windows every morning" in May reads wrong).
    r"condensation|(?:keep|leave|keeping|leaving) the heating|spend on heating"
    r"|draught excluders?|the heating went on": COLD,
    r"daffodils?|bluebells?|blossom": _span(2, 5),
    r"conkers?": _span(9, 10),
    r"pumpkin carving|trick or treat(?:ing|ers)?|halloween": frozenset({10}),
    r"(?:plant(?:ed|ing)?|sow(?:ed|n|ing)?|grow(?:ing|s|n)?|pick(?:ed|ing)?|harvest(?:ed|ing)?)"
    r"(?: \w+){0,5} (?:tomato(?:es)?|strawberr(?:y|ies)|courgettes?|runner beans|seedlings?)": _span(
        3, 9
    ),
    r"(?:tomato(?:es)?|strawberr(?:y|ies)|courgettes?|runner beans|seedlings?)"
    r"(?: \w+){0,4} (?:plant(?:ed|s)?|sown|growing|ripen(?:ing|ed)?|cropp(?:ing|ed))": _span(3, 9),
    r"(?:tomato|strawberry) (?:plants?|crop|seedlings)": _span(3, 9),
    r"planted out|planting out|plant(?:ed|ing)? them out": _span(4, 7),
    # A crop grown, sown or lifted on a date: it takes the growing months ("grew a bean
    # variety on the allotment" in January). Only the telling of a crop as done, not "still
    # growing beans", which other banks word as a standing fact.
    r"(?:grew|sowed|harvested)(?: \w+){0,5} (?:variety|varieties|beans?|peas|potatoes|onions|"
    r"lettuces?|marrows?|pumpkins?|veg|vegetables)|(?:grew|sowed|harvested)(?: [\w,]+){0,6} "
    r"(?:on|at|in) (?:the|an|her|his|their|my) (?:allotment|plot|veg patch|greenhouse)": _span(
        4, 9
    ),
    r"mow(?:ing|ed)? the lawn|lawn ?mower|cut the grass": _span(3, 10),
}

#: Words that are also surnames and firm names ("Frost Bank"): matched in lower case only.
NAMES = frozenset({r"snow(?:ed|ing|y|fall|man)?", r"frost(?:s|y)?(?! weather)"})

_COMPILED = [
    (p, re.compile(rf"\b(?:{p})\b", 0 if p in NAMES else re.IGNORECASE), m)
    for p, m in SEASONAL.items()
]
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def out_of_season(text: str, month: int) -> list[str]:
    """The patterns of `SEASONAL` that `text` carries and that do not fit `month`."""
    return [p for p, rx, months in _COMPILED if month not in months and rx.search(text)]


def sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text) if s]


def _month(date: str) -> int:
    return int(date.split("/")[1])


def scan(path: Path) -> list[tuple[str, int, str, str]]:
    """(session id, month, pattern, sentence) for every out-of-season sentence in a corpus file."""
    seen: set[str] = set()
    found = []
    for question in json.loads(path.read_text()):
        for sid, date, session in zip(
            question["haystack_session_ids"],
            question["haystack_dates"],
            question["haystack_sessions"],
            strict=True,
        ):
            if sid in seen:
                continue
            seen.add(sid)
            month = _month(date)
            for turn in session:
                for sentence in sentences(turn["content"]):
                    for pattern in out_of_season(sentence, month):
                        found.append((sid, month, pattern, sentence))
    return found


def main(argv: list[str]) -> int:
    """List out-of-season sentences in the corpus files under each directory given."""
    total = 0
    for root in argv or ["corpora"]:
        files = sorted(Path(root).rglob("typedmemeval-*.json"))
        for path in (f for f in files if not f.name.endswith(".meta.json")):
            found = scan(path)
            total += len(found)
            by_pattern = Counter(p for _, _, p, _ in found)
            print(f"{path}: {len(found)} out-of-season sentences")
            for pattern, n in by_pattern.most_common():
                print(f"  {n:5d}  {pattern}")
            examples: dict[str, list[tuple[int, str]]] = defaultdict(list)
            for _, month, pattern, sentence in found:
                if len(examples[pattern]) < 3 and sentence not in (s for _, s in examples[pattern]):
                    examples[pattern].append((month, sentence))
            for pattern, shown in examples.items():
                for month, sentence in shown:
                    print(f"    [{month:2d}] {pattern[:30]:30s} {sentence[:150]}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
