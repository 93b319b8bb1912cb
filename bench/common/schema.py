"""JSON Schema checks at stage boundaries: every record is validated on write and on read."""
from __future__ import annotations

import functools
import json
import re
from typing import Any

import jsonschema

from bench.common import lifecycle, untrusted
from bench.common.errors import UserError
from bench.common.paths import SCHEMAS_DIR

SCHEMA_TAGS = {
    "localagentbench/task@1": "task-record",
    "localagentbench/run@1": "run",
    "localagentbench/summary@1": "summary",
    "localagentbench/comparison@1": "comparison",
    "localagentbench/leaderboard-entry@1": "leaderboard-entry",
    "localagentbench/probe@1": "probe",
    "localagentbench/doctor@1": "doctor",
}


@functools.cache
def validator(name: str) -> jsonschema.protocols.Validator:
    """The compiled validator for schemas/<name>.schema.json (checked against its metaschema by `check_schema`)."""
    schema = _load(name)
    return jsonschema.validators.validator_for(schema)(schema)


def check_schema(name: str) -> None:
    """Raise UserError unless schemas/<name>.schema.json is a valid JSON Schema (`localagentbench check` runs it;
    the stages skip it, since checking against the metaschema costs more than a stage's own work)."""
    schema = _load(name)
    try:
        jsonschema.validators.validator_for(schema).check_schema(schema)
    except jsonschema.SchemaError as exc:
        raise UserError(f"schemas/{name}.schema.json: not a valid JSON Schema: {exc.message}") from None


def _load(name: str) -> dict:
    path = SCHEMAS_DIR / f"{name}.schema.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise UserError(f"{path}: schema missing; reinstall LocalAgentBench") from None
    except ValueError as exc:
        raise UserError(f"{path}: not valid JSON ({exc}); reinstall LocalAgentBench") from None


def field_path(error: jsonschema.ValidationError) -> str:
    """A dotted field name for an error, e.g. 'oracle.command[0]'."""
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


# Fields that hold records of their own (a summary's runs), which their readers check as such, one by one, so
# that one bad run is refused alone (render.usable, score.score).
NESTED_RECORDS = {"summary": "runs"}
TASK_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")   # task.schema.json's id pattern


def problems(record: Any, name: str) -> list[str]:
    """All 'field: problem' strings for `record` against schema `name` (empty when valid), and what JSON Schema
    cannot say (untrusted.problems_in: NaN or infinite numbers, text no UTF-8 file can hold)."""
    found: list[str] = []
    for error in sorted(validator(name).iter_errors(record), key=lambda e: list(map(str, e.absolute_path))):
        if error.validator == "additionalProperties":
            allowed = sorted(error.schema.get("properties", {}))
            extra = sorted(set(error.instance) - set(allowed)) if isinstance(error.instance, dict) else []
            base = field_path(error)
            for key in extra:
                where = key if base == "(top level)" else f"{base}.{key}"
                found.append(f"{where}: unknown field (allowed here: {', '.join(allowed)})")
        else:
            # A section that may be null or an object: name what is wrong inside it, not "not valid under any".
            inside = [e for e in error.context if len(e.absolute_path) > len(error.absolute_path)]
            error = jsonschema.exceptions.best_match(inside) if inside else error
            where = field_path(error)
            # one line per field: an empty command breaks minLength and pattern at once, one problem to fix
            if not any(seen.split(": ", 1)[0] == where for seen in found):
                found.append(f"{where}: {error.message}")
    nested = NESTED_RECORDS.get(name)
    own = {k: v for k, v in record.items() if k != nested} if nested and isinstance(record, dict) else record
    named = {line.split(": ", 1)[0] for line in found}   # a field the schema already faults is said once
    found += [line for line in untrusted.problems_in(own) if line.split(": ", 1)[0] not in named]
    return found


def _label(record: dict, kind: str, where: str) -> str:
    """What a record of another kind calls itself, where `where` (written for the kind expected) would mislead."""
    own = {"task-record": ("task", "id"), "run": ("run", "task_id")}.get(kind)
    value = record.get(own[1]) if own else None
    if not isinstance(value, str) or not TASK_ID.fullmatch(value):   # a forged name is not printed
        return where
    rep = record.get("rep")
    return f"{own[0]} {value}" + (f"/{rep}" if kind == "run" and isinstance(rep, int) else "")


def check(record: dict, name: str | None = None, where: str = "record") -> dict:
    """Validate `record` (schema chosen by its `schema` tag unless named); raise UserError on the first problem."""
    if name is None:
        tag = record.get("schema") if isinstance(record, dict) else None
        name = SCHEMA_TAGS.get(tag or "")
        if name is None:
            raise UserError(f"{where}: schema: unknown record tag {tag!r}; expected one of {', '.join(SCHEMA_TAGS)}")
    tag = record.get("schema") if isinstance(record, dict) else None
    given = SCHEMA_TAGS.get(tag) if isinstance(tag, str) else None
    wrong = lifecycle.misplaced(record, given, name) if given else None
    if wrong:
        raise UserError(f"{_label(record, given, where)}: {wrong}")
    found = problems(record, name)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise UserError(f"{where}: {found[0]}{more}; it does not match schemas/{name}.schema.json")
    return record
