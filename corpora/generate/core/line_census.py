"""Line census over corpora: the most frequent whole sentences per role, sentences that say
one idea twice (two honesty hedges, two fairness hedges, stacked fillers), the tails
appended to facts (", which is nice news"), and questions the next turn does not answer: a
question about the thing met by a status ("Any nerves?" "Well, on that: I had it from him on
the phone."), and a question about the user's own part in a talk met by "I didn't ask".

    python -m corpora.generate.core.line_census [CORPORA_DIR_OR_FILES ...] [--top 40]

Each argument is a corpus file, a vertical directory, or a directory of vertical
directories (default: corpora/). Names and numbers are masked before counting.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

from corpora.generate.core.grammar import GrammarError, variants
from corpora.generate.core.status_threads import _OPEN, STATUS_BRIDGES, STATUS_INVITES
from corpora.generate.core.wording import expansions

SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'])")
NUM = re.compile(r"\d+(?:[.,:]\d+)*")
CAP = re.compile(r"(?<=[a-z,;:]\s)([A-Z][a-zA-Z'\-]+)")

# Families of words that say the same idea: two from one family in a sentence repeat it.
FAMILIES: dict[str, tuple[str, ...]] = {
    "honesty": (
        r"\bhonestly\b",
        r"\bto be honest\b",
        r"\bif I'm honest\b",
        r"\bin all honesty\b",
        r"\bto tell the truth\b",
        r"\btruth be told\b",
    ),
    "fairness": (r"\bto be fair\b", r"\bin fairness\b", r"\bfair enough\b"),
    "apology": (
        r"\bsorry\b",
        r"\bI'm afraid\b",
        r"\bmy mistake\b",
        r"\bsilly me\b",
        r"\bmy bad\b",
        r"\bsilly of me\b",
    ),
    "hedge": (
        r"\bI think\b",
        r"\bI suppose\b",
        r"\bI'm fairly sure\b",
        r"\bI believe\b",
        r"\bprobably\b",
        r"\bas far as I know\b",
        r"\bI gather\b",
    ),
    "really": (r"\breally\b",),
    "actually": (r"\bactually\b", r"\bas it happens\b", r"\bfunnily enough\b", r"\bin fact\b"),
    "opener": (r"^Funny you should ask\b", r"^Glad you asked\b"),
}
FAMILY_RE = {
    k: [re.compile(p, re.I if k != "opener" else 0) for p in v] for k, v in FAMILIES.items()
}
# Fillers counted for stacking: set off by commas (or opening the sentence, or after a colon);
# a sentence with two or more reads padded.
FILLERS = [
    re.compile(r"(?:^|[,:;]\s)(?:" + p.pattern + r")(?=\s*[,.;:!?]|$)", re.I)
    for k in ("honesty", "fairness", "apology", "hedge", "really", "actually")
    for p in FAMILY_RE[k]
]

TAIL = re.compile(r",\s+(which (?:is|was|'s|sounds|seems)[^.!?]*)[.!?]$")


def _alternation(phrases: list[str]) -> str:
    """A regex alternation of the phrases, longest first (so `Oh, really` wins over `Oh`)."""
    return "|".join(re.escape(p) for p in sorted(dict.fromkeys(phrases), key=len, reverse=True))


#: The most wordings a grammar the census reads may have: it reads every one, never a sample.
EVERY = 20000


def every_wording(template: str) -> list[str]:
    """Every sentence `template` expands to (`wording.expansions`), refusing a grammar too
    large to read whole rather than reading a sample of it."""
    if variants(template) > EVERY:
        raise GrammarError(f"{template!r} has more than {EVERY} wordings")
    return expansions(template, EVERY)


#: Every wording of a status bridge (`status_threads.STATUS_BRIDGES`), expanded from the
#: grammar so the census reads what the renderer writes.
BRIDGES: tuple[str, ...] = tuple(b for t in STATUS_BRIDGES for b in every_wording(t))
#: Every wording of an invitation to say whether the news was heard right
#: (`status_threads.STATUS_INVITES`), its question mark left off.
INVITES: tuple[str, ...] = tuple(i.rstrip("?") for t in STATUS_INVITES for i in every_wording(t))
#: How a non-answer to an open question opens (`status_threads._OPEN`, up to its first comma:
#: `Hard to say`, `I never asked`, `Your guess is as good as mine`).
NON_ANSWERS: tuple[str, ...] = tuple(
    dict.fromkeys(a.split(",")[0].rstrip(".!") for a in every_wording(_OPEN))
)

#: A user turn that takes up the assistant's question without answering it (a status bridge).
BRIDGED = re.compile(r"^(?:" + _alternation(list(BRIDGES)) + r")(?=\s)")
#: A question every status answers: whether the assistant heard the news right; or
#: one about the assistant's own suggestion, which the status about it answers ("Would that
#: work for him?" "Well, on that: this is for his goddaughter, not him.").
INVITE = re.compile(
    r"(?:^(?:" + _alternation(list(INVITES)) + r")\?$"
    r"|\b(?:work for (?:him|her)|sound like (?:him|her)|keen|take it)\b)",
    re.IGNORECASE,
)
#: A question about the user's own part in a talk, and an answer that says nothing of it.
VIEW = re.compile(r"\b(?:yourself|argument|convince you|same side|agree with|conclusions?)\b")
NON_ANSWER = re.compile(r"^(?:" + _alternation(list(NON_ANSWERS)) + r")\b")


def last_question(text: str) -> str:
    asked = [s for s in SENT.split(text.strip()) if s.endswith("?")]
    return asked[-1] if asked else ""


def unanswered(prev: str, turn: str) -> str | None:
    """The class of an assistant question `turn` leaves unanswered, if it does."""
    asked = last_question(prev)
    if not asked:
        return None
    if BRIDGED.match(turn) and not INVITE.search(asked):
        return "thing"
    if VIEW.search(asked) and NON_ANSWER.match(turn):
        return "view"
    return None


def mask(sentence: str) -> str:
    s = NUM.sub("#", sentence)
    return CAP.sub(
        lambda m: m.group(1) if m.group(1) in ("I", "I'm", "I'd", "I've", "I'll") else "N", s
    )


def corpus_files(args: list[str]) -> dict[str, list[Path]]:
    out: dict[str, list[Path]] = {}
    for a in args:
        p = Path(a)
        if p.is_file():
            out.setdefault(p.parent.name, []).append(p)
            continue
        for f in sorted(p.rglob("*.json")):
            if f.name.endswith(".meta.json") or f.name == "index.json" or "generate" in f.parts:
                continue
            out.setdefault(f.parent.name, []).append(f)
    return out


def sessions(files: list[Path]) -> Iterator[list[dict[str, Any]]]:
    seen: set[str] = set()
    for f in files:
        data = json.loads(f.read_text())
        if not isinstance(data, list):
            continue
        for q in data:
            for sid, sess in zip(q["haystack_session_ids"], q["haystack_sessions"], strict=True):
                if sid in seen:
                    continue
                seen.add(sid)
                yield sess


def census(files: list[Path], top: int) -> dict[str, Any]:
    whole: dict[str, Counter[str]] = {"user": Counter(), "assistant": Counter()}
    redundant: Counter[str] = Counter()
    stacked: Counter[str] = Counter()
    tails: Counter[str] = Counter()
    left: dict[str, Counter[str]] = {"thing": Counter(), "view": Counter()}
    n = {"user": 0, "assistant": 0}
    for sess in sessions(files):
        for before, after in pairwise(sess):
            if before["role"] == "assistant" and after["role"] == "user":
                kind = unanswered(before["content"], after["content"])
                if kind is not None:
                    left[kind][mask(last_question(before["content"]))] += 1
        for turn in sess:
            role = turn["role"]
            for sent in SENT.split(turn["content"].strip()):
                if not sent:
                    continue
                n[role] += 1
                m = mask(sent)
                whole[role][m] += 1
                fams = []
                for fam, pats in FAMILY_RE.items():
                    hits = sum(len(p.findall(sent)) for p in pats)
                    if hits >= 2:
                        fams.append(fam)
                if fams:
                    redundant[f"[{'+'.join(fams)}] {m}"] += 1
                if sum(len(p.findall(sent)) for p in FILLERS) >= 2:
                    stacked[m] += 1
                t = TAIL.search(sent)
                if t:
                    tails[t.group(1)] += 1
    return {
        "sentences": n,
        "whole": {r: c.most_common(top) for r, c in whole.items()},
        "redundant_total": sum(redundant.values()),
        "redundant": redundant.most_common(top),
        "stacked_total": sum(stacked.values()),
        "stacked": stacked.most_common(top),
        "tails_total": sum(tails.values()),
        "tails": tails.most_common(top),
        "unanswered_thing_total": sum(left["thing"].values()),
        "unanswered_thing": left["thing"].most_common(top),
        "unanswered_view_total": sum(left["view"].values()),
        "unanswered_view": left["view"].most_common(top),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=["corpora"])
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--totals", action="store_true", help="only the counts per vertical")
    a = ap.parse_args()
    result = {v: census(fs, a.top) for v, fs in corpus_files(a.paths).items()}
    if a.json:
        json.dump(result, sys.stdout, indent=1)
        return 0
    for v, r in result.items():
        print(
            f"=== {v}: {r['sentences']} sentences; self-redundant {r['redundant_total']},"
            f" stacked fillers {r['stacked_total']}, fact tails {r['tails_total']};"
            f" questions left unanswered: about the thing {r['unanswered_thing_total']},"
            f" about the user's view {r['unanswered_view_total']}"
        )
        if a.totals:
            continue
        for role in ("user", "assistant"):
            print(f"--- top whole {role} sentences")
            for s, c in r["whole"][role]:
                print(f"{c:6d}  {s}")
        for key in ("redundant", "stacked", "tails", "unanswered_thing", "unanswered_view"):
            print(f"--- {key}")
            for s, c in r[key]:
                print(f"{c:6d}  {s}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
