"""oracle: grade each run in a pristine copy: visible oracle commands, then the hidden held-out tests.

    ... | python -m bench.oracle - [--out -]

The grading copy is the task's starting snapshot plus the agent's patch.diff, with the fixture's own test
files and test configuration restored (the run is flagged when the agent changed them). Verdicts come
from exit codes only. Sets `oracle`, `heldout`, `outcome`, `success` and `flags`.
"""
from __future__ import annotations

import fnmatch
import json
import os
import resource
import shutil
import sys
import tempfile
from pathlib import Path, PurePosixPath
from typing import Iterable, Iterator, Sequence

from bench.common import batch, cleanup, sandbox, schema
from bench.common.errors import UserError
from bench.common.git import git, patch_files
from bench.common.proc import DEFAULT_MAX_LOG_BYTES, truncation_marker
from bench.common.records import RecordWriter, read_records, write_json_atomic
from bench.common.stage import ArgumentParser, log, run_main
from bench.common.timing import timed

TEST_FILE_PATTERNS = ["test_*.py", "*_test.py", "tests/*", "*/tests/*", "conftest.py", "*/conftest.py"]
GRADING_LIMITS = {resource.RLIMIT_FSIZE: 1024 * 1024 * 1024}  # a test writing a 1 GB file is broken
TEST_CONFIG_FILES = ["pytest.ini", "tox.ini", "setup.cfg", "conftest.py", ".coveragerc"]


def is_test_path(path: str) -> bool:
    """Whether a repo-relative path names a test file or lives in a tests/ directory."""
    name = PurePosixPath(path).name
    return any(fnmatch.fnmatch(path, pat) or fnmatch.fnmatch(name, pat) for pat in TEST_FILE_PATTERNS)


def is_test_config(path: str) -> bool:
    """Whether a repo-relative path is configuration that changes how tests are collected or judged."""
    return PurePosixPath(path).name in TEST_CONFIG_FILES


def grading_env() -> dict[str, str]:
    """Oracle commands see the harness's interpreter as `python` and never write bytecode into the copy."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.pop("PYTHONPATH", None)
    return env


def build_grading_copy(record: dict, dest: Path) -> tuple[list[str], dict]:
    """Copy the pristine snapshot to `dest`, apply the agent's patch, restore protected files; return (flags, details)."""
    pristine = Path(record["paths"]["snapshot"])
    with timed("copy"):
        shutil.copytree(pristine, dest, symlinks=True, ignore=shutil.ignore_patterns(".git"), dirs_exist_ok=True)
    patch = Path(record["paths"]["run_dir"]) / "patch.diff"
    data = patch.read_bytes() if patch.exists() else b""
    if data:
        git("apply", "--whitespace=nowarn", "--binary", str(patch.resolve()), cwd=dest)
    flags: list[str] = []
    details: dict[str, list[str]] = {}

    def flag(name: str, path: str) -> None:
        if name not in flags:
            flags.append(name)
        details.setdefault(name, []).append(path)

    for status, path in patch_files(data):
        if status != "A":  # the fixture had this file
            if is_test_path(path) or is_test_config(path):
                flag("tests_modified" if is_test_path(path) else "test_config_modified", path)
                target = dest / path
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(pristine / path, target)
        elif is_test_config(path):
            flag("test_config_added", path)
            (dest / path).unlink(missing_ok=True)
        elif is_test_path(path):
            flag("tests_added", path)
    return flags, details


def run_commands(commands: list[tuple[str, float]], cwd: Path, sandbox_kind: str = "none",
                 before: dict | None = None) -> list[batch.Step]:
    """Run (command line, timeout_s) pairs in order, all of them, in one sandbox; `before[i]` runs ahead of command i.

    Under bwrap they run with no network, seeing only the grading copy (read-write) and the system.
    """
    home, out = cwd.parent / "home", cwd.parent / "out"
    home.mkdir(exist_ok=True)
    env = grading_env()
    env["HOME"] = str(home)

    def wrap(argv: list[str]) -> list[str]:
        return sandbox.wrap(argv, sandbox_kind, cwd=cwd, rw=[cwd, out], home=home, network=False)

    with timed("grading_process"):
        return batch.run_batch(commands, wrap=wrap, cwd=cwd, env=env, out_dir=out, limits=GRADING_LIMITS,
                               contained=sandbox_kind == "bwrap", before=before)


def phase_result(steps: list[batch.Step], log_path: Path, max_log_bytes: int = DEFAULT_MAX_LOG_BYTES) -> dict:
    """One grading phase's section of the run record, with its commands' output gathered into `log_path`."""
    results = []
    with open(log_path, "wb") as log_file:
        for step in steps:
            log_file.write(f"$ {step.command}\n".encode())
            with open(step.output, "rb") as fh:
                log_file.write(fh.read(max_log_bytes))
                if fh.read(1):
                    log_file.write(truncation_marker(max_log_bytes))
            status = f"exit {step.exit_code}{', timed out' if step.timed_out else ''}, {step.wall_s:.2f}s"
            log_file.write(f"[{status}{'; ' + step.note if step.note else ''}]\n".encode())
            result = {"command": step.command, "exit_code": step.exit_code, "duration_s": step.wall_s,
                      "timed_out": step.timed_out, "timeout_s": step.timeout_s}
            if step.note:
                result["note"] = step.note
            results.append(result)
    passed = bool(results) and all(r["exit_code"] == 0 for r in results)
    error = None
    if any(not step.started for step in steps):
        error = "the grading sandbox could not run a command"
    elif any(r["timed_out"] for r in results):
        error = "a command timed out"
    return {"passed": passed, "error": error, "commands": results}


def inject_heldout(heldout_dir: Path, dest: Path) -> None:
    """Copy the held-out files over the grading copy root."""
    with timed("copy"):
        shutil.copytree(heldout_dir, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def mutant_counts(log_path: Path) -> dict | None:
    """The last `{"mutants_total": N, "mutants_caught": M}` line a test-writing task's held-out command printed."""
    found = None
    for line in log_path.read_text(errors="replace").splitlines():
        line = line.strip()
        if line.startswith("{") and "mutants_total" in line:
            try:
                data = json.loads(line)
                found = {"total": int(data["mutants_total"]), "caught": int(data["mutants_caught"])}
            except (ValueError, KeyError, TypeError):
                continue
    return found


def decide_outcome(agent: dict, oracle: dict | None, heldout: dict | None) -> tuple[str, bool]:
    """The outcome and success of a run, as DESIGN.md defines them (METHODOLOGY.md explains the order)."""
    if agent.get("infra_error"):
        return "infra_error", False
    if oracle is None or not oracle["commands"]:
        return "oracle_error", False  # the grading copy could not be built
    if agent.get("timed_out"):
        return "agent_timeout", False
    visible = oracle["passed"]
    hidden = heldout is None or heldout["passed"]
    if visible and hidden:
        return "passed", True
    if oracle.get("error") or (heldout is not None and heldout.get("error")):
        return "oracle_error", False  # a grading command ran past its timeout
    if visible:
        return "overfit", False
    if agent.get("agent_error"):
        return "agent_error", False
    return "failed", False


def _grade_in(copy: Path, record: dict) -> tuple[dict, dict | None, list[str], dict]:
    """Build the grading copy at `copy` and run both phases there: (oracle, heldout, flags, flag details).

    The sandbox starts first and the copy is built while it starts up (it waits for its first command),
    so the two overlap.
    """
    task, run_dir = record["task"], Path(record["paths"]["run_dir"])
    copy.mkdir()
    built: dict = {"flags": [], "details": {}}

    def build() -> None:
        built["flags"], built["details"] = build_grading_copy(record, copy)

    visible = [(c, task["oracle"]["timeout_s"]) for c in task["oracle"]["command"]]
    hidden = [(c, task["heldout"]["timeout_s"]) for c in task["heldout"]["command"]] if task.get("heldout") else []
    before = {0: build}
    if hidden:
        before[len(visible)] = lambda: inject_heldout(Path(task["heldout"]["path"]), copy)
    try:
        steps = run_commands(visible + hidden, copy, record["sandbox"]["kind"], before)
    except UserError as exc:
        return {"passed": False, "error": f"grading copy failed: {exc}", "commands": []}, None, [], {}
    oracle = phase_result(steps[:len(visible)], run_dir / "oracle.log")
    heldout = None
    if hidden:
        heldout = phase_result(steps[len(visible):], run_dir / "heldout.log")
        mutants = mutant_counts(run_dir / "heldout.log")
        if mutants:
            heldout["mutants"] = mutants
    return oracle, heldout, built["flags"], built["details"]


def grade_one(record: dict) -> dict:
    """Grade one run whose agent has finished; return the updated record (also written to run.json).

    `record` is trusted to match the run schema: grade() checks every record it reads.
    """
    if record["stage"] != "agent_done":
        raise UserError(f"run {record['task_id']}/{record['rep']}: stage is {record['stage']}; run the agent first")
    task, run_dir = record["task"], Path(record["paths"]["run_dir"])
    record = dict(record)
    oracle = heldout = None
    flags, details = list(record.get("flags", [])), dict(record.get("flag_details", {}))
    if not record["agent"].get("infra_error"):
        tmp = Path(tempfile.mkdtemp(prefix="lab-grade-"))
        try:
            oracle, heldout, new_flags, new_details = _grade_in(tmp / "repo", record)
        finally:
            cleanup.remove_later(tmp)
        flags += [f for f in new_flags if f not in flags]
        details.update(new_details)
    outcome, success = decide_outcome(record["agent"], oracle, heldout)
    record.update(stage="graded", oracle=oracle, heldout=heldout, outcome=outcome, success=success,
                  flags=flags, flag_details=details)
    schema.check(record, "run", where=str(run_dir / "run.json"))
    write_json_atomic(run_dir / "run.json", record)
    return record


def grade(records: Iterable[dict]) -> Iterator[dict]:
    """Grade every run record, in order."""
    for record in records:
        schema.check(record, "run", where=f"run {record.get('task_id')}/{record.get('rep')}")
        yield grade_one(record)


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.oracle", description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", default=["-"], help="run records after run_agent (file or -)")
    parser.add_argument("--out", default="-", help="where to write graded run records (default: stdout)")
    args = parser.parse_args(argv)
    count = 0
    with RecordWriter(args.out) as out:
        for record in grade(read_records(args.inputs)):
            out.write(record)
            count += 1
            log(f"oracle: {record['task_id']}/{record['rep']}: {record['outcome']}")
    log(f"oracle: {count} run(s) graded")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.oracle`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
