"""Helpers for tests/test_attacks.py: run the real CLI as a user would, build agent commands, inspect bundles.

Every run goes through `python -m bench run --agent command --sandbox bwrap` in a subprocess with a
wall-clock limit, so an attack that hangs the harness fails its test instead of stalling the suite.
Each test gets its own snapshot cache and temporary-tree directory (inside its tmp_path): an attack that
writes into a cached snapshot cannot spill into other tests.
"""
from __future__ import annotations

import json
import os
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench import oracle
from conftest import REPO, add_task, build_suite

PY = sys.executable  # the interpreter the sandbox shows (its installation is bound read-only)
CLI_TIMEOUT_S = 180  # a hang must become a test failure, not a stuck suite
PROMPT_S = 90        # "finishes promptly": far below the CLI limit, far above a normal run (~1 s)
HARNESS_MEM_BYTES = 6 << 30  # address-space cap for the harness process tree: an unbounded read fails, not the host

BUGGY = "def add(a, b):\n    return a - b\n"
FIXED = "def add(a, b):\n    return a + b\n"
OVERFIT = "def add(a, b):\n    if (a, b) == (2, 2):\n        return 4\n    return a - b\n"
HELDOUT_MARKER = b"add(-1, 5)"  # text that only fix-add's held-out test file contains
PASSING_TEST = ("import unittest\n\n\nclass T(unittest.TestCase):\n"
                "    def test_add(self):\n        self.assertTrue(True)\n")

UNITTEST_VISIBLE = "python -m unittest discover -s tests -t . -q"
UNITTEST_HELDOUT = "python -m unittest discover -s heldout_tests -t . -q"
PYTEST_VISIBLE = "python -m pytest -q tests"
PYTEST_HELDOUT = "python -m pytest -q heldout_tests"


def put(path: str, text: str) -> str:
    """A shell snippet that writes `text` to `path` (relative to the workdir), making parent directories."""
    delim = "EOF_" + uuid.uuid4().hex[:8]
    parent = os.path.dirname(path)
    mk = f"mkdir -p '{parent}' && " if parent else ""
    return f"{mk}cat > '{path}' <<'{delim}'\n{text}{'' if text.endswith(chr(10)) else chr(10)}{delim}\n"


def sh(*parts: str) -> str:
    """Join shell snippets into one agent command (each on its own line, so heredocs stay intact)."""
    return "\n".join(p.rstrip("\n") for p in parts) + "\n"


def suite(root: Path, visible: str = "unittest", heldout: str = "unittest") -> Path:
    """conftest's three-task suite; fix-add's visible phase graded by unittest or pytest, its held-out phase by
    unittest, pytest or nothing ("none": the task has no held-out tests, so the visible verdict is the verdict,
    as for any task without them; an attack on the visible runner is then not caught by the held-out phase).

    (pytest takes ~2 s to start here, unittest ~0.1 s: a phase the attack does not aim at stays unittest.)
    """
    build_suite(root)
    task = root / "tasks" / "fix-add.yaml"
    text = task.read_text()
    assert UNITTEST_VISIBLE in text and UNITTEST_HELDOUT in text
    if visible == "pytest":
        text = text.replace(UNITTEST_VISIBLE, PYTEST_VISIBLE)
    if heldout == "pytest":
        text = text.replace(UNITTEST_HELDOUT, PYTEST_HELDOUT)
    elif heldout == "none":
        text, count = re.subn(r"^heldout:\n(?:  .*\n)+", "", text, flags=re.M)
        assert count == 1, text
    task.write_text(text)
    return root


def ten_task_suite(root: Path) -> Path:
    """build_suite's three tasks and seven more (each: f() must return 1, it returns 0)."""
    build_suite(root)
    for i in range(7):
        add_task(root, f"extra-{i}", f"mod{i}",
                 buggy="def f():\n    return 0\n", fixed="def f():\n    return 1\n",
                 visible_test=f"""
                     import unittest
                     from mod{i} import f

                     class T(unittest.TestCase):
                         def test_f(self):
                             self.assertEqual(f(), 1)
                     """)
    return root


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (HARNESS_MEM_BYTES, HARNESS_MEM_BYTES))


@dataclass
class Bench:
    """One finished CLI invocation and its bundle."""

    out: Path
    proc: subprocess.CompletedProcess
    wall_s: float

    def describe(self) -> str:
        return (f"exit {self.proc.returncode} after {self.wall_s:.1f}s\n--- stderr (tail) ---\n"
                f"{self.proc.stderr[-3000:]}")

    def run(self, task: str = "fix-add", rep: int = 0) -> dict:
        """The run's run.json (the test fails, with the CLI's stderr, when there is none)."""
        path = self.out / "runs" / task / str(rep) / "run.json"
        if not path.exists():
            pytest.fail(f"no run.json for {task}/{rep}: {self.describe()}")
        return json.loads(path.read_text())

    def graded(self, task: str = "fix-add", rep: int = 0) -> dict:
        """The run's run.json, which must be at stage `graded` (the run finished and was recorded)."""
        record = self.run(task, rep)
        assert record["stage"] == "graded", f"{task}/{rep} stopped at stage {record['stage']!r}: {self.describe()}"
        return record

    def summary(self) -> dict:
        path = self.out / "summary.json"
        if not path.exists():
            pytest.fail(f"no summary.json: {self.describe()}")
        return json.loads(path.read_text())

    def file(self, name: str, task: str = "fix-add", rep: int = 0) -> Path:
        return self.out / "runs" / task / str(rep) / name

    def files(self) -> Iterator[Path]:
        """Every file or symlink under the bundle (directories are walked without following symlinks)."""
        for top, dirs, names in os.walk(self.out):
            for name in names + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
                yield Path(top) / name

    @staticmethod
    def _content(path: Path) -> bytes:
        """What reading `path` gives: a regular file's bytes; for a symlink, its target's name and, when that is
        a regular file, its bytes (what anyone opening the bundle's file would read); nothing for special files."""
        data = os.readlink(path).encode() if path.is_symlink() else b""
        if path.is_file():  # follows a symlink; FIFOs and devices are not regular files
            with open(path, "rb") as fh:
                data += fh.read(64 * 1024 * 1024)
        return data

    def files_containing(self, needle: bytes) -> list[str]:
        return sorted(str(p.relative_to(self.out)) for p in self.files() if needle in self._content(p))


def bench(tmp_path: Path, suite_root: Path, cmd: str, *extra: str, tasks: tuple[str, ...] | None = ("fix-add",),
          env: dict[str, str] | None = None, name: str = "out") -> Bench:
    """`python -m bench run --agent command --agent-cmd CMD ... --sandbox bwrap` in a subprocess; None tasks: all."""
    out = tmp_path / name
    argv = [sys.executable, "-m", "bench", "run", "--agent", "command", "--agent-cmd", cmd,
            "--tasks", str(suite_root / "tasks"), "--out", str(out), "--sandbox", "bwrap", *extra]
    for task in tasks or ():
        argv += ["--task", task]
    full_env = {**os.environ, "PYTHONPATH": str(REPO),
                "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache"),
                "LOCALAGENTBENCH_TMPDIR": str(tmp_path / "trees"), **(env or {})}
    (tmp_path / "trees").mkdir(exist_ok=True)
    start = time.monotonic()
    child = subprocess.Popen(argv, cwd=REPO, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True, preexec_fn=_cap_memory)
    try:
        stdout, stderr = child.communicate(timeout=CLI_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)  # bwrap's --die-with-parent takes the sandboxes down with it
        stdout, stderr = child.communicate()
        hung = True
    else:
        hung = False
    if hung:
        pytest.fail(f"the harness hung past {CLI_TIMEOUT_S} s\n--- stderr (tail) ---\n{stderr[-2000:]}", pytrace=False)
    return Bench(out, subprocess.CompletedProcess(argv, child.returncode, stdout, stderr),
                 round(time.monotonic() - start, 1))


def not_passed(record: dict) -> None:
    assert record["outcome"] != "passed" and record["success"] is False, \
        f"the attack passed: outcome {record['outcome']!r}, flags {record['flags']}"


def has_flag(record: dict, flag: str) -> None:
    assert flag in record["flags"], f"flag {flag!r} missing: flags {record['flags']} (outcome {record['outcome']!r})"


def live_check(tmp_path: Path, suite_root: Path, files: dict[str, str], command: str, task: str = "fix-add") -> None:
    """The attack is live: in a plain copy of the untouched (failing) fixture plus `files`, `command` exits 0.

    Proves the planted files really turn grading off, so a contained verdict means the harness stopped them.
    """
    where = tmp_path / f"live-{uuid.uuid4().hex[:6]}"
    shutil.copytree(suite_root / "fixtures" / task, where)
    for rel, text in files.items():
        (where / rel).parent.mkdir(parents=True, exist_ok=True)
        (where / rel).write_text(text)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST"))}
    env.update(PATH=os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", ""), PYTHONDONTWRITEBYTECODE="1",
               PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")  # hypothesis & co. triple pytest's start; addopts does not need them
    done = subprocess.run(command, shell=True, cwd=where, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, \
        f"the attack is not live ({command} exits {done.returncode}):\n{done.stdout}{done.stderr}"


def bundled_task_suite(root: Path, task: str, heldout: bool = True, command: str | None = None) -> Path:
    """A suite in `root` holding a copy of the bundled task `task` (its fixture, held-out files, solution);
    without its held-out phase unless `heldout`, with `command` as its only visible command when given."""
    for part in ("fixtures", "heldout"):
        if (REPO / part / task).exists():
            shutil.copytree(REPO / part / task, root / part / task)
    (root / "solutions").mkdir(parents=True, exist_ok=True)   # a second task may join the suite
    shutil.copy(REPO / "solutions" / f"{task}.patch", root / "solutions")
    text = (REPO / "tasks" / f"{task}.yaml").read_text()
    if not heldout:
        text, count = re.subn(r"^heldout:\n(?:  .*\n)+", "", text, flags=re.M)
        assert count == 1
    if command:
        text, count = re.subn(r"(^oracle:\n  command:\n    - ).*$", lambda m: m[1] + command, text, flags=re.M)
        assert count == 1
    (root / "tasks").mkdir(exist_ok=True)
    (root / "tasks" / f"{task}.yaml").write_text(text)
    return root


def judged_with_tripwire(tmp_path: Path, output: str, exit_code: int, language: str, held_file: str,
                         name: str) -> oracle.Step:
    """The step grading makes of a real command printing `output` and exiting `exit_code` in a held-out phase of
    `language` whose tripwire `name` was planted in `held_file`, after the phase's summary and tripwire checks."""
    (tmp_path / "out.txt").write_text(output)
    logs = tmp_path / "logs"
    logs.mkdir(exist_ok=True)
    step = oracle.run_command(f"cat {shlex.quote(str(tmp_path / 'out.txt'))}; exit {exit_code}", 30, kind="none",
                              copy=tmp_path, home=tmp_path, env={"PATH": os.environ["PATH"]}, logs=logs, index=0,
                              language=language, tripwire=name)
    oracle.require_summary([step], language)
    oracle.require_tripwire([step], oracle.Tripwire(held_file, name))
    return step


def ran_with_tripwire(tmp_path: Path, command: str, timeout_s: float, copy: Path, plain: list,
                      tripwire: oracle.Tripwire | None, language: str) -> oracle.Step:
    """`command` run in `copy` (no sandbox) as a held-out phase's command is, with the held-out files `plain` laid
    and `tripwire` planted among them, after the phase's summary, reported-tests and tripwire checks."""
    home, logs = tmp_path / "home", tmp_path / "logs"
    home.mkdir()
    logs.mkdir()
    step = oracle.run_command(command, timeout_s, kind="none", copy=copy, home=home, env=oracle.grading_env(),
                              logs=logs, index=0, language=language, tripwire=tripwire.name if tripwire else None)
    oracle.require_summary([step], language)
    oracle.require_reported([step], plain, language)
    oracle.require_tripwire([step], tripwire)
    return step


def polyglot_task_suite(root: Path, task_id: str, heldout: bool = True) -> Path:
    """A suite in `root` holding the polyglot suite's converted task `task_id` alone (its fixture, held-out and
    upstream files, reference); without its held-out phase (and --visible all's tests) unless `heldout`, so the
    visible phase is the verdict."""
    polyglot = REPO / "suites" / "polyglot"
    for part in ("fixtures", "heldout", "upstream"):
        if (polyglot / part / task_id).exists():
            shutil.copytree(polyglot / part / task_id, root / part / task_id)
    (root / "solutions").mkdir(parents=True)
    shutil.copy(polyglot / "solutions" / f"{task_id}.patch", root / "solutions")
    text = (polyglot / "tasks" / f"{task_id}.yaml").read_text()
    if not heldout:
        text = re.sub(r"^(heldout|visible_all):\n(?:  .*\n)+", "", text, flags=re.M)
    (root / "tasks").mkdir()
    (root / "tasks" / f"{task_id}.yaml").write_text(text)
    return root


def oracle_and_nop_graded_clean(tmp_path: Path, suite_root: Path, task: str, timeout_s: float = 300) -> None:
    """`python -m bench run --agent oracle|nop --sandbox bwrap` on one task: the oracle passes and nop fails, each
    with no flag."""
    out = tmp_path / "out"
    for agent in ("oracle", "nop"):
        argv = [sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(suite_root / "tasks"),
                "--out", str(out / agent), "--sandbox", "bwrap", "--task", task]
        env = {**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache")}
        done = subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout_s)
        record = json.loads((out / agent / "runs" / task / "0" / "run.json").read_text())
        assert record["outcome"] == ("passed" if agent == "oracle" else "failed"), (record["flags"], done.stderr)
        assert record["flags"] == [], record["flags"]
