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


def test_each_stamped_v1_agrees_with_the_oracle_run_of_its_bytes_question_for_question() -> None:
    index = load_index(ROOT / "corpora" / "index.json")
    results = _oracle_results()
    for entry in index.corpora.values():
        corpus_path = ROOT / "corpora" / entry.file
        record = load_sidecar(corpus_path.with_name(corpus_path.stem + ".meta.json")).probes["v1"]
        assert record.status == "measured", f"{entry.file}: V1 is not stamped"
        same_run = [
            r
            for r in results
            if r.corpus.sha256 == record.corpus_sha256
            and r.answer_model == record.model
            and r.answer_sampling.temperature == record.temperature
            and r.answer_sampling.seed == record.seed
        ]
        assert len(same_run) == 1, f"{entry.file}: {len(same_run)} oracle runs of these bytes"
        answered = {row.question_id: row.outcome for row in same_run[0].rows}
        assert set(record.outcomes) <= set(answered)
        differ = [(q, o, answered[q]) for q, o in record.outcomes.items() if o != answered[q]]
        assert not differ, f"{entry.file}: V1 and the oracle run differ on {differ[:5]}"
