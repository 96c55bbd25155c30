"""Foreign LongMemEval-shaped corpora, read leniently: one record at a time above 32 MiB.

Gold comes from `answer_session_ids`, falling back to sessions with a `has_answer` turn.
Departures from our format are kept as notes (reported by rule FMT001 under `--house-rules`),
not errors, as long as the record can be read at all: integer ids are read as text and
`system` turns (instructions, not conversation) are set aside, each with a note."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from checker import textguard
from checker.formats.corpus import Question, Turn, TypedMemEvalBlock
from checker.io import InputError, json_path, load_json_file, sha256_bytes
from checker.load import LoadedCorpus, _kind, gc_paused
from checker.textguard import TextNote

#: Files larger than this are parsed record by record (smaller ones in one go, which is faster
#: and names a syntax error's line and column).
STREAM_ABOVE = 32 * 1024 * 1024
#: The default `--max-bytes`: larger files are refused unless the user raises it.
DEFAULT_MAX_BYTES = 200 * 1024 * 1024

_OUR_KEYS = set(Question.model_fields)


class ForeignReader:
    """Turns records into questions, sharing equal turns."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.questions: list[Question] = []
        self.notes: dict[str, list[str]] = {}
        # Equal turns are one object: a haystack shared by many questions (LoCoMo) or a pool
        # of sessions reused across haystacks (LongMemEval) is then held once.
        self._turns: dict[tuple[str, str, bool], Turn] = {}
        #: Findings about the text as read (`checker.textguard`): TXT001, TXT002.
        self.text_notes: list[TextNote] = []
        #: False when the file is known to hold no surrogate escape (its strings are then not
        #: walked for lone surrogates).
        self.surrogates_possible = True

    def add(self, i: int, item: Any) -> None:
        path = self.path
        item = textguard.guard_record(
            i, item, self.text_notes, surrogates_possible=self.surrogates_possible
        )
        if not isinstance(item, dict):
            raise InputError(path, f"at $[{i}]: a question is a JSON object, found {_kind(item)}")
        raw_id = item.get("question_id")
        q_notes: list[str] = []
        if isinstance(raw_id, int) and not isinstance(raw_id, bool):
            qid = str(raw_id)
            q_notes.append("question_id is a number; read as text")
        elif isinstance(raw_id, str) and raw_id:
            qid = raw_id
        else:
            raise InputError(path, f"at $[{i}].question_id: missing or not a string")

        def need(key: str, kind: type | tuple[type, ...]) -> Any:
            if key not in item:
                raise InputError(path, f"at $[{i}].{key}: required field missing", qid)
            value = item[key]
            if not isinstance(value, kind):
                raise InputError(path, f"at $[{i}].{key}: found {_kind(value)}", qid)
            return value

        ids = need("haystack_session_ids", list)
        dates = need("haystack_dates", list)
        sessions = [
            self._session(i, si, session, qid, q_notes)
            for si, session in enumerate(need("haystack_sessions", list))
        ]
        gold = item.get("answer_session_ids")
        if not isinstance(gold, list):
            q_notes.append("no answer_session_ids; gold taken from has_answer turns")
            gold = [
                ids[si]
                for si, s in enumerate(sessions)
                if si < len(ids) and any(t.has_answer for t in s)
            ]
        block = self._block(item.get("typedmemeval"), q_notes)
        unknown_top = sorted(set(item) - _OUR_KEYS)
        if unknown_top:
            q_notes.append(f"top-level fields our format lacks: {', '.join(unknown_top)}")
        answer = item.get("answer", "")
        self.questions.append(
            Question.model_construct(
                question_id=qid,
                question_type=str(item.get("question_type", "")),
                question=str(item.get("question", "")),
                answer=answer if isinstance(answer, str) else str(answer),
                question_date=str(item.get("question_date", "")),
                haystack_session_ids=[str(x) for x in ids],
                haystack_dates=[str(x) for x in dates],
                haystack_sessions=sessions,
                answer_session_ids=[str(x) for x in gold],
                typedmemeval=block,  # type: ignore[arg-type]
            )
        )
        if q_notes:
            self.notes.setdefault(qid, []).extend(q_notes)

    def _session(self, i: int, si: int, session: Any, qid: str, q_notes: list[str]) -> list[Turn]:
        path = self.path
        where = f"at $[{i}].haystack_sessions[{si}]"
        if not isinstance(session, list):
            raise InputError(
                path, f"{where}: a session is an array of turns, found {_kind(session)}", qid
            )
        turns: list[Turn] = []
        for ti, turn in enumerate(session):
            if not isinstance(turn, dict):
                raise InputError(
                    path, f"{where}[{ti}]: a turn is an object, found {_kind(turn)}", qid
                )
            role = turn.get("role")
            if role == "system":
                if "system turns set aside" not in q_notes:
                    q_notes.append("system turns set aside")
                continue
            if role not in ("user", "assistant"):
                raise InputError(
                    path,
                    f"{where}[{ti}].role: unknown role {role!r} (expected user or assistant)",
                    qid,
                )
            content = turn.get("content")
            if not isinstance(content, str):
                raise InputError(path, f"{where}[{ti}].content: found {_kind(content)}", qid)
            if "has_answer" not in turn and "missing has_answer" not in q_notes:
                q_notes.append("missing has_answer")
            flag = turn.get("has_answer", False)
            if not isinstance(flag, bool):
                # Read leniently, the string "false" would be true and make the session gold.
                raise InputError(
                    path,
                    f"{where}[{ti}].has_answer: must be true or false, found {_kind(flag)}",
                    qid,
                )
            made = self._turns.get((role, content, flag))
            if made is None:
                made = Turn.model_construct(role=role, content=content, has_answer=flag)
                self._turns[(role, content, flag)] = made
            turns.append(made)
        return turns

    @staticmethod
    def _block(raw_block: Any, q_notes: list[str]) -> TypedMemEvalBlock | None:
        if not isinstance(raw_block, dict):
            q_notes.append("no typedmemeval block")
            return None
        known = set(TypedMemEvalBlock.model_fields)
        unknown = sorted(set(raw_block) - known)
        if unknown:
            q_notes.append(f"typedmemeval block has fields our format lacks: {', '.join(unknown)}")
        try:
            return TypedMemEvalBlock.model_validate(
                {k: v for k, v in raw_block.items() if k in known}
            )
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            q_notes.append(
                "typedmemeval block unreadable in our format at "
                f"{json_path(tuple(first['loc']))}: {first['msg']}"
            )
        # Keep what identifies the question's stratum, so counts per shape still add up.
        if isinstance(raw_block.get("vertical"), str) and isinstance(raw_block.get("shape"), str):
            return TypedMemEvalBlock.model_construct(
                vertical=raw_block["vertical"], shape=raw_block["shape"]
            )
        return None

    def corpus(self, sha256: str) -> LoadedCorpus:
        if not self.questions:
            raise InputError(self.path, "the corpus holds no questions (empty array)")
        return LoadedCorpus(
            path=self.path,
            sha256=sha256,
            questions=self.questions,
            mode="foreign",
            foreign_notes=self.notes,
            text_notes=self.text_notes,
        )


@gc_paused
def load_foreign(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> LoadedCorpus:
    """Load a LongMemEval-shaped file (a JSON array, or JSON Lines) from another publisher."""
    from checker.importers.stream import check_size, iter_records, open_stream

    size = check_size(path, max_bytes)
    reader = ForeignReader(path)
    fh, hashing = open_stream(path)
    with fh:
        head = fh.read(64).lstrip(b"\xef\xbb\xbf \t\r\n")
    if size <= STREAM_ABOVE and head.startswith(b"["):
        data, raw = load_json_file(path, limit=max_bytes)
        if not isinstance(raw, list):
            raise InputError(
                path, f"a corpus is a JSON array of questions, but the top level is {_kind(raw)}"
            )
        reader.surrogates_possible = textguard.surrogate_escapes(data)
        for i, item in enumerate(raw):
            reader.add(i, item)
        return reader.corpus(sha256_bytes(data))
    fh, hashing = open_stream(path)
    with fh:
        for i, item in enumerate(iter_records(path, hashing)):
            reader.add(i, item)
        while hashing.read(1 << 20):  # hash whatever follows the last record
            pass
    # The streaming parser reads a lone surrogate escape as '?' without a word: found by bytes.
    reader.text_notes.extend(textguard.lone_escapes_in_file(path))
    return reader.corpus(hashing.hexdigest())
