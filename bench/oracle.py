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

from bench.common import sandbox, schema
from bench.common.errors import UserError
from bench.common.git import git, patch_files
from bench.common.proc import run_tree
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
        shutil.copytree(pristine, dest, symlinks=True, ignore=shutil.ignore_patterns(".git"))
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


def run_commands(commands: list[str], cwd: Path, timeout_s: float, log_path: Path, sandbox_kind: str = "none") -> dict:
    """Run shell command lines in order, all of them, appending output to `log_path`; passed = all exit 0.

    Under bwrap they run with no network, seeing only the grading copy (read-write) and the system.
    """
    results = []
    home = cwd.parent / "home"
    home.mkdir(exist_ok=True)
    env = grading_env()
    env["HOME"] = str(home)
    log_path.write_bytes(b"")
    for command in commands:
        with open(log_path, "ab") as fh:
            fh.write(f"$ {command}\n".encode())
        out = log_path.with_suffix(".part")
        out.write_bytes(b"")
        argv = sandbox.wrap(["sh", "-c", command], sandbox_kind, cwd=cwd, rw=[cwd], home=home, network=False)
        with timed("grading_process"):
            done = run_tree(argv, cwd=cwd, env=env, stdout_path=out, stderr_path=out, timeout_s=timeout_s,
                            limits=GRADING_LIMITS, contained=sandbox_kind == "bwrap")
        with open(log_path, "ab") as fh:
            fh.write(out.read_bytes())
            fh.write(f"[exit {done.exit_code}{', timed out' if done.timed_out else ''}, {done.wall_s:.2f}s]\n".encode())
        out.unlink(missing_ok=True)
        results.append({"command": command, "exit_code": done.exit_code, "duration_s": done.wall_s,
                        "timed_out": done.timed_out, "timeout_s": timeout_s})
    passed = all(r["exit_code"] == 0 for r in results)
    timed_out = any(r["timed_out"] for r in results)
    return {"passed": passed, "error": "a command timed out" if timed_out else None, "commands": results}


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


def grade_one(record: dict) -> dict:
    """Grade one run whose agent has finished; return the updated record (also written to run.json)."""
    schema.check(record, "run", where=f"run {record.get('task_id')}/{record.get('rep')}")
    if record["stage"] != "agent_done":
        raise UserError(f"run {record['task_id']}/{record['rep']}: stage is {record['stage']}; run the agent first")
    task, run_dir = record["task"], Path(record["paths"]["run_dir"])
    record = dict(record)
    oracle = heldout = None
    flags, details = list(record.get("flags", [])), dict(record.get("flag_details", {}))
    if not record["agent"].get("infra_error"):
        with tempfile.TemporaryDirectory(prefix="lab-grade-") as tmp:
            copy = Path(tmp) / "repo"
            try:
                new_flags, new_details = build_grading_copy(record, copy)
            except UserError as exc:
                oracle = {"passed": False, "error": f"grading copy failed: {exc}", "commands": []}
            else:
                flags += [f for f in new_flags if f not in flags]
                details.update(new_details)
                kind = record["sandbox"]["kind"]
                oracle = run_commands(task["oracle"]["command"], copy, task["oracle"]["timeout_s"],
                                      run_dir / "oracle.log", kind)
                if task.get("heldout"):
                    inject_heldout(Path(task["heldout"]["path"]), copy)
                    heldout = run_commands(task["heldout"]["command"], copy, task["heldout"]["timeout_s"],
                                           run_dir / "heldout.log", kind)
                    mutants = mutant_counts(run_dir / "heldout.log")
                    if mutants:
                        heldout["mutants"] = mutants
    outcome, success = decide_outcome(record["agent"], oracle, heldout)
    record.update(stage="graded", oracle=oracle, heldout=heldout, outcome=outcome, success=success,
                  flags=flags, flag_details=details)
    schema.check(record, "run", where=str(run_dir / "run.json"))
    write_json_atomic(run_dir / "run.json", record)
    return record


def grade(records: Iterable[dict]) -> Iterator[dict]:
    """Grade every run record, in order."""
    for record in records:
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
