"""The shared generation machinery (`core/`), and one generator folder per vertical.

The idea (see `../shared/GENERATION.md` in the design notes): **no session knows whether it is
gold.** Every session of a question is rendered by the same code from a session plan drawn from
the same distribution; a gold session is simply one whose moves happen to concern the person
and fact family the question asks about.

Modules of `core/`:

- `names` — real-sounding names drawn uniformly from Faker pools per kind of value (given
  names by gender, surnames, towns, pets, boats, step eponyms), refused when a place of note, a
  common English word, a famous name or a word the conversations say, and issued once per
  corpus.
- `echo` — rivals said twice, a gap apart, as a re-affirmed answer is.
- `clock` — session schedules (a person's rhythm of days and times, or constant spacing) and time expressions computed from
  each session's own timestamp (future ones in the checker's grammar, verified to resolve).
- `world` — the fact model: relations, people, fact families, facts with their events, moves,
  session plans.
- `bank` — the one template bank (frames per move kind, family clauses and topics, replies).
- `render` — one renderer: a plan in, turns out (user, assistant per move, plus threads and
  asides drawn at the same shares for every session; never padded).
- `haystack` — fact allocation per question (`World`), move categories relative to the target,
  and the record shape around rendered sessions.
- `vertical` — what a vertical module provides (`GENERATOR = VerticalGenerator(...)`).
- `gate`, `stamp`, `pipeline` — the checker's measurements as gates, the sidecar and release
  index stamped from them, and the build → gate → write loop.
- `parity` — the chi-square test that gold and other sessions use move kinds and templates
  alike (stamped into every attempt's trace line).
- `reproduce` — `python -m corpora.generate.core.reproduce`: regenerate every shipped corpus in a
  temporary folder and fail on any byte difference (`make reproduce`).

Each vertical's folder `corpora/generate/<vertical>/` holds its `generator.py` (defining
`GENERATOR`) and the text banks only it uses. Adding a vertical: add such a folder; its `build`
returns `Built` from `haystack.assemble_question` results. New move kinds (a reminder, a due
date) are new `FRAMES`/`REPLIES` entries and family clauses rendered by the same renderer, and
must be part of every session's mixture, never of gold only.
"""
