"""JSON Schema checks at stage boundaries: every record is validated on write and on read."""
from __future__ import annotations

import functools
import json
from typing import Any

import jsonschema

from bench.common.errors import UserError
from bench.common.paths import SCHEMAS_DIR
from bench.common.timing import timed

SCHEMA_TAGS = {
    "localagentbench/task@1": "task-record",
    "localagentbench/run@1": "run",
    "localagentbench/summary@1": "summary",
    "localagentbench/comparison@1": "comparison",
    "localagentbench/leaderboard-entry@1": "leaderboard-entry",
    "localagentbench/probe@1": "probe",
    "localagentbench/doctor@1": "doctor",
}


@functools.lru_cache(maxsize=None)
def validator(name: str) -> jsonschema.protocols.Validator:
    """The compiled validator for schemas/<name>.schema.json."""
    path = SCHEMAS_DIR / f"{name}.schema.json"
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise UserError(f"{path}: schema missing; reinstall LocalAgentBench") from None
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def field_path(error: jsonschema.ValidationError) -> str:
    """A dotted field name for an error, e.g. 'oracle.command[0]'."""
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def problems(record: Any, name: str) -> list[str]:
    """All 'field: problem' strings for `record` against schema `name` (empty when valid)."""
    found = []
    for error in sorted(validator(name).iter_errors(record), key=lambda e: list(map(str, e.absolute_path))):
        if error.validator == "additionalProperties":
            allowed = sorted(error.schema.get("properties", {}))
            extra = sorted(set(error.instance) - set(allowed)) if isinstance(error.instance, dict) else []
            base = field_path(error)
            for key in extra:
                where = key if base == "(top level)" else f"{base}.{key}"
                found.append(f"{where}: unknown field (allowed here: {', '.join(allowed)})")
        else:
            found.append(f"{field_path(error)}: {error.message}")
    return found


def check(record: dict, name: str | None = None, where: str = "record") -> dict:
    """Validate `record` (schema chosen by its `schema` tag unless named); raise UserError on the first problem."""
    if name is None:
        tag = record.get("schema") if isinstance(record, dict) else None
        name = SCHEMA_TAGS.get(tag or "")
        if name is None:
            raise UserError(f"{where}: schema: unknown record tag {tag!r}; expected one of {', '.join(SCHEMA_TAGS)}")
    with timed("json"):
        found = problems(record, name)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise UserError(f"{where}: {found[0]}{more}; it does not match schemas/{name}.schema.json")
    return record
