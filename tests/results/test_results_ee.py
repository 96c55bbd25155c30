"""EE on a small sample authored in MEME's episode layout (tests/results/data/meme_sample.json):
the dataset boundary, the scenario shape, probe keys, and the four buckets and accuracies
against a table computed by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.formats.result import EEProbeVerdict
from checker.io import InputError
from checker.results.ee import bucket_of, ee_figures, key_mismatch, load_meme, partner_key
from tests.conftest import run_cli
from tests.results.result_examples import MEME_SAMPLE, SAMPLE_VERDICTS, ee_example

# The hand-computed table for SAMPLE_VERDICTS. Pairs (before → after):
#   pl_001 edit 1 (hop 1)   correct → correct        real
#   pl_001 edit 2 (hop 2)   correct → wrong          knew_but_failed
#   pl_001 erase 1          wrong   → correct        trivial   (never learned; passes erase)
#   sp_002 edit 1 (hop 1)   wrong   → wrong          never_knew
#   sp_002 erase 1          correct → correct        real
#   pl_003 edit 1 (hop 1)   correct → inconclusive   not graded
#   pl_003 erase 1          correct → correct        real
BUCKETS = {"real": 3, "trivial": 1, "knew_but_failed": 1, "never_knew": 1}
GRADED_AFTER = 6
ACCURACY = 3 / 6
TASK_ACCURACY = {"edit": 1 / 3, "erase": 2 / 3}
# Raw per-probe pass rates (ungated diagnostics): correct / graded probes.
RAW = {
    "phase before": (5, 7),
    "phase after": (4, 6),
    "task edit": (4, 7),
    "task erase": (5, 6),
    "hop 1": (3, 5),
    "hop 2": (1, 2),
    "domain personal_life": (7, 9),
    "domain software_project": (2, 4),
}


def _verdicts(table: dict[str, str]) -> list[EEProbeVerdict]:
    doc = ee_example(table, rollup=False)
    return [EEProbeVerdict.model_validate(p) for p in doc["probes"]]


def test_dataset_boundary_maps_and_drops_task_types() -> None:
    scenarios = load_meme(MEME_SAMPLE)
    assert [s.episode_id for s in scenarios] == ["pl_001", "sp_002", "pl_003"]
    assert [s.dropped for s in scenarios] == [4, 2, 2]  # Abs, Tr, Agg, ER in both phases
    tasks = {p.task for s in scenarios for p in (*s.before_probes, *s.after_probes)}
    assert tasks == {"edit", "erase"}


def test_scenario_shape() -> None:
    pl_001 = load_meme(MEME_SAMPLE)[0]
    assert [s.session_id for s in pl_001.priming] == [
        "pl_001_s01",
        "pl_001_s02",
        "pl_001_s03",
        "pl_001_s05",
    ]  # every session except the change session
    assert len(pl_001.change_replay) == 4
    assert pl_001.change_replay[2].startswith("My partner is James. Please remove")
    assert [p.key for p in pl_001.before_probes] == [
        "pl_001:edit:before1",
        "pl_001:edit:before2",
        "pl_001:erase:before1",
    ]
    assert [p.key for p in pl_001.after_probes] == [
        "pl_001:edit:after1",
        "pl_001:edit:after2",
        "pl_001:erase:after1",
    ]
    assert [p.gold for p in pl_001.after_probes][:2] == ["high blood pressure", "salt"]
    assert pl_001.agent_conversation == "stateful"
    assert load_meme(MEME_SAMPLE, "independent")[0].agent_conversation == "independent"


def test_buckets_and_accuracies_match_the_hand_computed_table() -> None:
    figures = ee_figures(_verdicts(SAMPLE_VERDICTS))
    assert figures.buckets == BUCKETS
    assert figures.graded_after == GRADED_AFTER
    assert figures.accuracy == pytest.approx(ACCURACY)
    assert figures.task_accuracy == pytest.approx(TASK_ACCURACY)
    assert figures.ungraded == ("pl_003:edit:after1",)
    assert figures.assigned["pl_001:erase:after1"] == "trivial"
    raw = {d.stratum: (d.correct, d.graded) for d in figures.diagnostics}
    assert {k: raw[k] for k in RAW} == RAW
    # The raw after-phase pass rate reads higher than the score: why it is only a diagnostic.
    assert raw["phase after"][0] / raw["phase after"][1] > ACCURACY


def test_absent_task_is_omitted_never_zero() -> None:
    edit_only = {k: v for k, v in SAMPLE_VERDICTS.items() if ":edit:" in k}
    figures = ee_figures(_verdicts(edit_only))
    assert set(figures.task_accuracy) == {"edit"}
    assert figures.rollup().task_accuracy == {"edit": pytest.approx(1 / 3)}


def test_nothing_graded_is_not_zero() -> None:
    table = {k: ("inconclusive" if "after" in k else "correct") for k in SAMPLE_VERDICTS}
    figures = ee_figures(_verdicts(table))
    assert figures.graded_after == 0
    assert figures.accuracy is None and figures.task_accuracy == {}


@pytest.mark.parametrize(
    ("before", "after", "bucket"),
    [
        (True, True, "real"),
        (False, True, "trivial"),
        (True, False, "knew_but_failed"),
        (False, False, "never_knew"),
    ],
)
def test_bucket_definitions(before: bool, after: bool, bucket: str) -> None:
    assert bucket_of(before, after) == bucket


def test_keys_pair_across_phases_and_match_the_dataset() -> None:
    assert partner_key("pl_001:edit:after2") == "pl_001:edit:before2"
    missing, extra = key_mismatch(load_meme(MEME_SAMPLE), _verdicts(SAMPLE_VERDICTS))
    assert (missing, extra) == ([], [])
    short = {k: v for k, v in SAMPLE_VERDICTS.items() if not k.startswith("sp_002")}
    missing, _ = key_mismatch(load_meme(MEME_SAMPLE), _verdicts(short))
    assert missing == [
        "sp_002:edit:after1",
        "sp_002:edit:before1",
        "sp_002:erase:after1",
        "sp_002:erase:before1",
    ]


def _sample() -> list[dict[str, object]]:
    data: list[dict[str, object]] = json.loads(MEME_SAMPLE.read_text())
    return data


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda e: e.pop("change_session_id"), "field 'change_session_id' missing"),
        (lambda e: e["before_questions"][0].update(task_type="Zz"), "unknown task_type 'Zz'"),
        (lambda e: e["after_questions"].pop(0), "must ask the same questions"),
        (lambda e: e["sessions"][3]["turns"].pop(0), "replays exactly 4"),
        (lambda e: e["after_questions"][2].update(entity="pet"), "asks about 'partner' before"),
    ],
)
def test_loader_refuses_other_layouts_with_one_line(
    tmp_path: Path, edit: object, message: str
) -> None:
    episodes = _sample()
    edit(episodes[0])  # type: ignore[operator]
    path = tmp_path / "meme.json"
    path.write_text(json.dumps(episodes))
    with pytest.raises(InputError, match=message):
        load_meme(path)


def test_loader_reads_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "meme.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in _sample()) + "\n")
    assert [s.episode_id for s in load_meme(path)] == ["pl_001", "sp_002", "pl_003"]


def test_report_prints_the_ee_rollup(case_root: Path) -> None:
    path = case_root / "results" / "ee" / "example-system" / "example-ee-1.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(ee_example()))
    rc, out, err = run_cli("report", str(path), "--meme", str(MEME_SAMPLE))
    assert rc == 0, err
    assert "EE accuracy (real ÷ graded after-probes): 3/6 (0.500)" in out
    assert "buckets: real=3, trivial=1, knew_but_failed=1, never_knew=1" in out
    assert "probe keys the dataset defines and the result lacks: 0" in out
