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
import threading
from pathlib import Path, PurePosixPath
from typing import Iterable, Iterator, Sequence

from bench.common import batch, cleanup, patch, sandbox, schema, timing
from bench.common.errors import UserError
from bench.common.git import git, patch_files
from bench.common.paths import temp_root
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


def copy_pristine(record: dict, dest: Path) -> None:
    """Copy the run's pristine snapshot (no .git) into the empty directory `dest`."""
    try:
        with timed("copy"):
            shutil.copytree(record["paths"]["snapshot"], dest, symlinks=True, ignore=shutil.ignore_patterns(".git"),
                            dirs_exist_ok=True)
    except OSError as exc:
        raise UserError(f"{dest}: cannot copy the snapshot {record['paths']['snapshot']} ({exc})") from None


def apply_agent_patch(record: dict, dest: Path) -> tuple[list[str], dict]:
    """Apply the run's patch.diff to the pristine copy at `dest` and restore protected files; return (flags, details)."""
    pristine = Path(record["paths"]["snapshot"])
    patch_file = Path(record["paths"]["run_dir"]) / "patch.diff"
    data = patch_file.read_bytes() if patch_file.exists() else b""
    if data:
        try:
            with timed("patch"):
                patch.apply(data, dest)
        except patch.Unsupported:
            git("apply", "--whitespace=nowarn", "--binary", str(patch_file.resolve()), cwd=dest)
        except OSError as exc:
            raise UserError(f"{patch_file}: cannot apply to the grading copy ({exc.strerror})") from None
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


class Grading:
    """One run's grading set up: a temporary directory, the pristine copy in it, and the sandbox that runs
    the oracle and held-out commands there (started, waiting for its first command).

    `start()` does the slow parts: grade_one calls it itself, or evaluate calls it from a thread while the
    agent works (`ahead`), which takes the copy and the sandbox's start-up off the run's critical path.
    The agent's patch goes in only when grading begins. Under bwrap the agent cannot see this directory.
    """

    def __init__(self, record: dict):
        self.record, self.run_dir = record, record["paths"]["run_dir"]
        task, kind = record["task"], record["sandbox"]["kind"]
        self.visible = [(c, task["oracle"]["timeout_s"]) for c in task["oracle"]["command"]]
        self.hidden = [(c, task["heldout"]["timeout_s"]) for c in task["heldout"]["command"]] if task.get("heldout") else []
        with timed("files"):
            self.tmp = Path(tempfile.mkdtemp(prefix="lab-grade-", dir=temp_root()))
            self.copy, home, out = self.tmp / "repo", self.tmp / "home", self.tmp / "out"
            for path in (self.copy, home):
                path.mkdir()
        env = grading_env()
        env["HOME"] = str(home)

        def wrap(argv: list[str]) -> list[str]:
            return sandbox.wrap(argv, kind, cwd=self.copy, rw=[self.copy, out], home=home, network=False)

        self.batch = batch.Batch(self.visible + self.hidden, wrap=wrap, cwd=self.copy, env=env, out_dir=out,
                                 limits=GRADING_LIMITS, contained=kind == "bwrap")
        self.error: UserError | None = None

    def start(self) -> None:
        """Start the sandbox, then copy the pristine snapshot in while it comes up."""
        self.start_sandbox()
        self.copy_pristine()

    def start_sandbox(self) -> None:
        """Start the sandbox; it waits for its first command.

        From the thread that will grade: bwrap's --die-with-parent ends the sandbox when that thread ends.
        """
        with timed("grading_process"):
            self.batch.start()

    def copy_pristine(self) -> None:
        """Copy the pristine snapshot in (an error is kept, and reported when grading begins)."""
        try:
            copy_pristine(self.record, self.copy)
        except UserError as exc:
            self.error = exc

    def grade(self, record: dict) -> tuple[dict, dict | None, list[str], dict]:
        """Apply `record`'s patch and run both phases: (oracle, heldout, flags, flag details)."""
        built: dict = {"flags": [], "details": {}}

        def build() -> None:
            if self.error:
                raise self.error
            built["flags"], built["details"] = apply_agent_patch(record, self.copy)

        before = {0: build}
        if self.hidden:
            before[len(self.visible)] = lambda: inject_heldout(Path(record["task"]["heldout"]["path"]), self.copy)
        try:
            with timed("grading_process"):
                steps = self.batch.run(before)
        except UserError as exc:
            return {"passed": False, "error": f"grading copy failed: {exc}", "commands": []}, None, [], {}
        run_dir = Path(record["paths"]["run_dir"])
        oracle = phase_result(steps[:len(self.visible)], run_dir / "oracle.log")
        heldout = None
        if self.hidden:
            heldout = phase_result(steps[len(self.visible):], run_dir / "heldout.log")
            mutants = mutant_counts(run_dir / "heldout.log")
            if mutants:
                heldout["mutants"] = mutants
        return oracle, heldout, built["flags"], built["details"]

    def close(self) -> None:
        """Stop the sandbox if it still waits and delete the directory (in the background)."""
        self.batch.close()
        cleanup.remove_later(self.tmp)


class Ahead:
    """A Grading set up while the agent works: the sandbox started here, the copy made in a thread.

    `take()` hands it over once the copy is made; `discard()` drops it.
    """

    def __init__(self, record: dict):
        self._grading: Grading | None = Grading(record)
        self._grading.start_sandbox()
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._copy, name="lab-grading-ahead", daemon=True)
        self._thread.start()

    def _copy(self) -> None:
        try:
            with timing.background():
                self._grading.copy_pristine()
        except BaseException as exc:  # handed to the caller by take()
            self._failure = exc

    def take(self) -> Grading:
        """The Grading, once its copy is made (the thread's own failure is raised here)."""
        self._thread.join()
        grading, self._grading = self._grading, None
        if self._failure is not None:
            grading.close()
            raise self._failure
        return grading

    def discard(self) -> None:
        """Drop a Grading that will not be used (the agent's infrastructure failed, or the run was stopped)."""
        self._thread.join()
        if self._grading is not None:
            self._grading.close()
            self._grading = None


def phase_result(steps: list[batch.Step], log_path: Path, max_log_bytes: int = DEFAULT_MAX_LOG_BYTES) -> dict:
    """One grading phase's section of the run record, with its commands' output gathered into `log_path`."""
    results = []
    with timed("files"), open(log_path, "wb") as log_file:
        for step in steps:
            log_file.write(f"$ {step.command}\n".encode())
            try:
                with open(step.output, "rb") as fh:
                    log_file.write(fh.read(max_log_bytes))
                    if fh.read(1):
                        log_file.write(truncation_marker(max_log_bytes))
            except FileNotFoundError:
                pass  # the shell never started the command
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


def grade_one(record: dict, ahead: Ahead | None = None) -> dict:
    """Grade one run whose agent has finished; return the updated record (also written to run.json).

    `record` is trusted to match the run schema: grade() checks every record it reads. `ahead`: a
    Grading set up for this run while its agent worked (evaluate's); it is used up either way.
    """
    if record["stage"] != "agent_done":
        if ahead:
            ahead.discard()
        raise UserError(f"run {record['task_id']}/{record['rep']}: stage is {record['stage']}; run the agent first")
    run_dir = Path(record["paths"]["run_dir"])
    record = dict(record)
    oracle = heldout = None
    flags, details = list(record.get("flags", [])), dict(record.get("flag_details", {}))
    if record["agent"].get("infra_error"):
        if ahead:
            ahead.discard()
    else:
        if ahead:
            grading = ahead.take()
        else:
            grading = Grading(record)
            grading.start()
        try:
            if grading.run_dir != record["paths"]["run_dir"]:
                raise ValueError(f"grading set up for {grading.run_dir}, not {record['paths']['run_dir']}")
            oracle, heldout, new_flags, new_details = grading.grade(record)
        finally:
            grading.close()
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
