"""The V1 probe and the oracle reference run ask the model the same thing: the gold sessions and
the question, at temperature 0, with the same seed. Where a shipped sidecar's V1 record and a
shipped oracle result describe the same bytes and the same model and sampling, they must agree
on every question both answered. A disagreement means the probe and the runner build different
prompts or the server did not answer deterministically, and one of the two published figures is
then not what it says it is.

It also holds a record carried to new bytes to its word: a carried V1 says that nothing the
model is shown changed, and the oracle run over the new bytes must answer as V1 did."""

from __future__ import annotations

from pathlib import Path

from checker.formats.result import ResultFile
from checker.load import load_index, load_sidecar

ROOT = Path(__file__).resolve().parents[2]
ORACLE = "reference-oracle"


def _oracle_results() -> list[ResultFile]:
    out = []
    for path in sorted((ROOT / "results").glob("*/*/*.json")):
        result = ResultFile.model_validate_json(path.read_text(encoding="utf-8"))
        if result.system.name == ORACLE:
            out.append(result)
    return out


def test_each_stamped_v1_agrees_with_the_oracle_runs_of_its_bytes_question_for_question() -> None:
    index = load_index(ROOT / "corpora" / "index.json")
    results = _oracle_results()
    compared = 0
    carried = 0
    for entry in index.corpora.values():
        corpus_path = ROOT / "corpora" / entry.file
        sidecar = load_sidecar(corpus_path.with_name(corpus_path.stem + ".meta.json"))
        record = sidecar.probes.get("v1")
        if record is None or record.status != "measured":
            continue
        same_run = [
            r
            for r in results
            if r.corpus.sha256 == record.corpus_sha256
            and r.answer_model == record.model
            and r.answer_sampling.temperature == record.temperature
            and r.answer_sampling.seed == record.seed
        ]
        for result in same_run:
            answered = {
                row.question_id: row.outcome for row in result.rows if row.outcome != "unrun"
            }
            shared = sorted(set(answered) & set(record.outcomes))
            differ = [
                (q, record.outcomes[q], answered[q])
                for q in shared
                if record.outcomes[q] != answered[q]
            ]
            assert not differ, f"{entry.file}: V1 and {result.run_id} differ on {differ[:5]}"
            compared += len(shared)
            carried += len(shared) if record.carried_from else 0
    # Every shipped vertical has V1 stamped and an oracle run of the same bytes.
    assert compared >= sum(e.question_count for e in index.corpora.values()) // 2
    if any(
        load_sidecar((ROOT / "corpora" / e.file).with_name(Path(e.file).stem + ".meta.json"))
        .probes["v1"]
        .carried_from
        for e in index.corpora.values()
    ):
        assert carried > 0
