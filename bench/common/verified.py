"""The verify record (`localagentbench verify --record FILE`): which tasks verify found fair, and which showed
exactly the known gap their file names, each at the digest it verified. verify writes and reads it; validate reads
the one beside a suite's tasks directory (SUITE_RECORD) to confirm a task file's known_gap claim."""
from __future__ import annotations

import json
import os
from pathlib import Path

from bench.common.errors import UserError
from bench.common.outcome import GAP_PROBLEMS
from bench.exec import safefs

SUITE_RECORD = "verified.json"   # a suite's own record: beside its tasks directory (suites/polyglot/verified.json)
RECORD_SCHEMA = "localagentbench/verified@1"
MAX_RECORD_BYTES = 64 << 20   # a record of 100k tasks is a few MB


def read_record_all(path: Path, visible: str) -> tuple[dict[str, dict], dict[str, dict]]:
    """The record's fair tasks ({id: {digest, times}}) and its known gaps ({id: {digest, problem, reason, times}}:
    the tasks verify found to show exactly their known_gap's problem); both {} when the file does not exist."""
    if not os.path.lexists(path):
        return {}, {}
    # Read as a regular file only, never through a link, and capped: a suite's record planted as a FIFO (a read
    # blocks), a link to /dev/zero (a read never ends) or to a file elsewhere is refused, not followed.
    found = safefs.read_file(Path(os.path.abspath(path)), MAX_RECORD_BYTES)
    if found is None:
        raise UserError(f"{path}: not a regular file (a link, FIFO, directory or device); a verify record is a plain "
                        "JSON file: delete it or name another with --record")
    if found[1]:
        raise UserError(f"{path}: larger than {MAX_RECORD_BYTES} bytes, more than any verify record; delete it or "
                        "name another with --record")
    try:
        data = json.loads(found[0].decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        # ValueError: malformed JSON, bad UTF-8, an integer past Python's digit limit; RecursionError: nesting
        # deeper than json.loads recurses. A hand-edited record is one line, never a traceback.
        why = "nested too deep" if isinstance(exc, RecursionError) else str(exc)[:200]
        raise UserError(f"{path}: not a verify record ({why}); delete it or name another with --record") from None
    tasks = data.get("tasks") if isinstance(data, dict) and data.get("schema") == RECORD_SCHEMA else None
    if not isinstance(tasks, dict) or not all(isinstance(v, dict) and isinstance(v.get("digest"), str)
                                              for v in tasks.values()):
        raise UserError(f"{path}: not a verify record (schema {RECORD_SCHEMA} with tasks: {{id: {{digest}}}}); "
                        "delete it or name another with --record")
    gaps = data.get("known_gaps", {})
    if not isinstance(gaps, dict) or not all(isinstance(v, dict) and isinstance(v.get("digest"), str)
                                             and v.get("problem") in GAP_PROBLEMS for v in gaps.values()):
        raise UserError(f"{path}: known_gaps: not a verify record's (known_gaps: {{id: {{digest, problem: "
                        f"{' or '.join(GAP_PROBLEMS)}, reason}}}}); delete it or write it again with --record")
    if data.get("visible", "split") != visible:
        raise UserError(f"{path}: records tasks verified with --visible {data.get('visible', 'split')}, not "
                        f"--visible {visible}; name a record of that mode")
    return tasks, gaps


def recorded(task: dict, fair: dict[str, dict], gaps: dict[str, dict]) -> bool:
    """Whether the record lists the task as it is now: fair, or a known gap with the problem its file names."""
    if fair.get(task["id"], {}).get("digest") == task["digest"]:
        return True
    gap = task.get("known_gap")
    return bool(gap) and lists_gap(gaps, task["id"], task["digest"], gap["problem"])


def lists_gap(gaps: dict[str, dict], task_id: str, digest: str, problem: str) -> bool:
    """Whether the record's known gaps (read_record_all) list the task as the gap `problem` at `digest`."""
    entry = gaps.get(task_id, {})
    return entry.get("digest") == digest and entry.get("problem") == problem
