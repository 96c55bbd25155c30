"""What a run records, validated before it makes its first call, by the result schema itself.

A run id, a system name or a temperature that the result file would refuse at the end must be
refused at the start: otherwise the run spends every call and then writes nothing. The values
are checked with the same pydantic models the result file is validated with (full-match
patterns, the numeric bounds), so the two checks cannot drift apart.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from checker.formats.result import AnswerSampling, JudgeRef, Label, RunId, SystemRef
from checker.runner import secrets
from checker.runner.system import SystemInfo

_RUN_ID: TypeAdapter[str] = TypeAdapter(RunId)
_LABEL: TypeAdapter[str] = TypeAdapter(Label)

RUN_ID_HELP = (
    "lower-case letters, digits, '.', '_' and '-' (at most 64, starting with a letter or digit)"
)
LABEL_HELP = (
    "a label of letters, digits, spaces and ._+:/@()- (at most 80 characters, starting with a "
    "letter or digit, on one line)"
)


class Refused(ValueError):
    """A value the result file would refuse; the message names it and the rule."""


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(p) for p in error["loc"])
    return f"{where}: {error['msg']}" if where else str(error["msg"])


def check_run_id(run_id: str) -> None:
    try:
        _RUN_ID.validate_python(run_id)
    except ValidationError:
        raise Refused(f"--run-id {run_id!r} must be {RUN_ID_HELP}") from None


def check_label(value: Any, what: str) -> None:
    try:
        _LABEL.validate_python(value)
    except ValidationError:
        raise Refused(f"{what} {value!r} must be {LABEL_HELP}") from None


def check_start(run_id: str, info: SystemInfo, judge_model: str | None = None) -> None:
    """Everything the result will record about the run, as the result schema reads it; and
    none of it may hold a configured key (a server that echoes the key into its name would
    otherwise have it printed and written into the result)."""
    check_run_id(run_id)
    for what, value in (
        ("the system's name", info.name),
        ("the system's version", info.version),
        ("the answer model", info.answer_model),
    ):
        if isinstance(value, str) and secrets.holds_secret(value):
            raise Refused(f"{what} holds a configured API key; it is never printed or recorded")
    try:
        SystemRef.model_validate({"name": info.name, "version": info.version})
    except ValidationError as exc:
        raise Refused(
            f"the system's name or version is refused ({_first_error(exc)}); each must be {LABEL_HELP}"
        ) from None
    check_label(info.answer_model, "the answer model")
    s = info.sampling
    try:
        AnswerSampling.model_validate(
            {
                "temperature": s.temperature,
                "seed": s.seed,
                "temperature_disposition": s.temperature_disposition,
                "seed_disposition": s.seed_disposition,
            }
        )
    except ValidationError as exc:
        raise Refused(
            f"the answer sampling is refused ({_first_error(exc)}); a temperature is a finite "
            "number from 0 to 2"
        ) from None
    if judge_model is not None:
        check_judge(judge_model)


def check_judge(judge_model: str) -> None:
    """The judge model as the result records it."""
    if secrets.holds_secret(judge_model):
        raise Refused("the judge model holds a configured API key; it is never printed or recorded")
    try:
        JudgeRef.model_validate({"model": judge_model, "fingerprint": "0" * 16})
    except ValidationError:
        raise Refused(f"the judge model {judge_model!r} must be {LABEL_HELP}") from None
