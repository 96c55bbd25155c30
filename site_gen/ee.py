"""The EE page: submitted erasability & editability results, every figure over its n."""

from __future__ import annotations

from collections.abc import Sequence

from site_gen.markup import Md, admonition, code, esc, link, table
from site_gen.numerals import fraction, ident, ratio
from site_gen.results import NOT_A_LEADERBOARD, RefusedFile, refused_list
from site_gen.results_view import EERun

PAGE = "results/ee.md"

ABOUT = Md(
    "EE measures two things a memory system should do when a conversation overturns what it "
    "stored: **edit** (a changed fact replaces the old one, including facts that depend on it) "
    "and **erase** (a fact the user asked to be forgotten is no longer revealed). It runs over "
    "MEME episodes (CC BY 4.0), which the user supplies. Each probe is asked before and after "
    "the change session, and each after-probe falls in one of four buckets:\n\n"
    "- **real**: correct before and after — the only bucket the score counts;\n"
    "- **trivial**: wrong before, correct after (for erase, a system that never learned the "
    "fact looks like this);\n"
    "- **knew but failed**: correct before, wrong after;\n"
    "- **never knew**: wrong before and after.\n\n"
    "The score is real over graded after-probes, so a system cannot score on facts it never "
    "learned. A task absent from a run is omitted, never shown as zero. The raw per-probe pass "
    "rates below apply no such filter and read higher: they are diagnostics, never the score."
)


def _run_rows(runs: Sequence[EERun]) -> list[list[Md]]:
    rows = []
    for r in runs:
        f = r.figures
        n = f.graded_after
        tasks = []
        for task, buckets in f.task_buckets.items():
            graded = sum(buckets.values())
            if graded:
                tasks.append(f"{esc(task)} {fraction(buckets['real'], graded)}")
        rows.append(
            [
                Md(f"{ident(r.system)} {code(r.system_version)}"),
                esc(r.run_date),
                esc(r.agent_conversation),
                fraction(f.buckets["real"], n),
                ratio(f.buckets["real"], n),
                fraction(f.buckets["trivial"], n),
                fraction(f.buckets["knew_but_failed"], n),
                fraction(f.buckets["never_knew"], n),
                Md("; ".join(tasks) or "—"),
            ]
        )
    return rows


def _diagnostics(run: EERun, index: int) -> Md:
    f = run.figures
    rows = [[esc(d.stratum), fraction(d.correct, d.graded)] for d in f.diagnostics]
    out = Md(f"### Run {index} {{ #ee-run-{index} }}\n\n")
    out += Md(
        f"System {ident(run.system)} {code(run.system_version)}; run {code(run.run_id)} of {esc(run.run_date)}; answer model {code(run.answer_model)}; "
        f"judge {code(run.judge_model)} (unvalidated); MEME configuration "
        f"{code(run.dataset_config)}. After-probes not graded on both phases: "
        f"{len(f.ungraded)}.\n\n"
    )
    if rows:
        out += table(["stratum (diagnostic)", "passed / graded probes"], rows)
    return Md(out)


def ee_page(runs: Sequence[EERun], refused: Sequence[RefusedFile]) -> Md:
    out = Md("# Results: erasability and editability (EE)\n\n")
    out += admonition("warning", "Not a leaderboard", NOT_A_LEADERBOARD)
    out += Md("\n") + ABOUT + Md("\n\n")
    if refused:
        out += Md(f"{len(refused)} submitted EE files could not be published:\n\n")
        out += refused_list(refused)
    if not runs:
        return out + Md(
            "## No EE results yet\n\nNo EE result has been submitted. To submit one, add the "
            "result file under `results/ee/<system>/<run-id>.json` in a pull request; see "
            f"{link('how to run and submit', '../running.md')}.\n"
        )
    out += Md("## Runs\n\nOne row per run, by system name and date.\n\n")
    out += table(
        [
            "system",
            "run date",
            "conversation",
            "real",
            "score",
            "trivial",
            "knew but failed",
            "never knew",
            "real by task",
        ],
        _run_rows(runs),
    )
    out += Md("\n## Raw pass rates (diagnostics)\n\n")
    for i, run in enumerate(runs, start=1):
        out += _diagnostics(run, i) + Md("\n")
    return Md(out)
