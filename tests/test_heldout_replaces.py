"""Held-out tests as a patch to files the task already has (a real fix commit's updated test file, a SWE-bench
test patch): the held-out file replaces the visible one in the held-out phase's copy, for fixture and git tasks,
in both layouts (bench/common/heldout.py). And where the task's own files make grading impossible, the verdict is
task_error, never the agent's overfit. Everything through the real CLI, with real git and bwrap."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from attack_helpers import put, sh
from bench.exec.git import git
from conftest import CANARY, REPO, make_patch, write

BUGGY = "def mean(xs):\n    return sum(xs) / len(xs)\n"
FIXED = "def mean(xs):\n    return sum(xs) / len(xs) if xs else 0.0\n"
VISIBLE = """
    import unittest
    from stats import mean

    class T(unittest.TestCase):
        def test_empty(self):
            self.assertEqual(mean([]), 0.0)
    """
MORE_BEFORE = """
    import unittest
    from stats import mean

    class More(unittest.TestCase):
        def test_three(self):
            self.assertEqual(mean([1, 2, 3]), 2)
    """
# The fix commit's version of the same file: what the held-out phase must run in its place.
MORE_AFTER = """
    import unittest
    from stats import mean

    class More(unittest.TestCase):
        def test_three(self):
            self.assertEqual(mean([1, 2, 3]), 2)

        def test_empty_and_one(self):
            print("HELDOUT-VERSION-RAN")
            self.assertEqual(mean([]), 0.0)
            self.assertEqual(mean([5]), 5)
    """
# Where the visible tests live, per layout: by default the held-out files land in the copy's heldout/, so a
# held-out file replaces a visible one only when the task's own tests are there.
TESTS_DIR = {"root": "tests", "heldout": "heldout"}

TASK = """\
# LocalAgentBench canary GUID {canary}
id: {id}
title: Empty mean
difficulty: easy
category: bugfix
language: python
canary: {canary}
prompt: |
  mean([]) raises ZeroDivisionError; it should return 0.0.
repo:
{repo}
oracle:
  command:
    - python -m unittest discover -s {tests} -t . -q
  timeout_s: 30
heldout:
  path: heldout/{id}
{into}  command:
    - python -m unittest discover -s {tests} -t . -q
  timeout_s: 30
solution: solutions/{id}.patch
timeout_s: 60
max_turns: 10
"""


def tree(where: Path, tests: str, more: str = MORE_BEFORE, code: str = BUGGY) -> Path:
    """The task's starting files (or the fix commit's, with MORE_AFTER and FIXED)."""
    write(where / "stats.py", code)
    write(where / tests / "__init__.py", "")
    write(where / tests / "test_stats.py", VISIBLE)
    write(where / tests / "test_more.py", more)
    return where


def make_task(root: Path, kind: str, layout: str, task_id: str = "mean-empty",
              heldout_files: dict[str, str] | None = None, repo_links: dict[str, str] | None = None,
              heldout_command: str | None = None) -> Path:
    """A suite at `root` with one task whose held-out file is the fix commit's update of a visible test file.
    `kind`: fixture, or git (a real repository in the suite: the task commit, then the fix commit). The held-out
    files are `heldout_files` (path under heldout/<id>/ -> text) instead when given; `repo_links` (path -> target)
    are symlinks added to the task's starting tree; `heldout_command` replaces the held-out phase's command.
    Returns the tasks directory."""
    tests = TESTS_DIR[layout]
    start = tree(root / "work" / task_id, tests)
    for rel, target in (repo_links or {}).items():
        (start / rel).symlink_to(target)
    under = "tests/" if layout == "root" else ""
    for rel, text in (heldout_files or {f"{under}test_more.py": MORE_AFTER}).items():
        write(root / "heldout" / task_id / rel, text)
    (root / "solutions").mkdir(parents=True, exist_ok=True)
    (root / "solutions" / f"{task_id}.patch").write_bytes(make_patch(start, {"stats.py": FIXED}))
    if kind == "fixture":
        (root / "fixtures").mkdir(parents=True, exist_ok=True)
        shutil.move(start, root / "fixtures" / task_id)
        repo = f"  type: fixture\n  path: fixtures/{task_id}"
    else:
        src = root / "repos" / task_id
        src.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(start, src)
        git("init", "-q", "-b", "main", cwd=src)
        git("add", "-A", cwd=src)
        git("commit", "-qm", "the task", cwd=src)
        git("branch", "task", cwd=src)
        write(src / "stats.py", FIXED)
        write(src / tests / "test_more.py", MORE_AFTER)
        git("commit", "-qam", "the fix commit", cwd=src)
        repo = f"  type: git\n  url: repos/{task_id}\n  ref: task"
    into = "  into: root\n" if layout == "root" else ""
    text = TASK.format(canary=CANARY, id=task_id, repo=repo, tests=tests, into=into)
    if heldout_command:
        visible = f"python -m unittest discover -s {tests} -t . -q"
        head, _, tail = text.rpartition(visible)
        text = head + heldout_command + tail
    write(root / "tasks" / f"{task_id}.yaml", text)
    return root / "tasks"


def cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m bench ARGS` as a user runs it."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=300)


def run(tmp_path: Path, tasks: Path, agent: str, *extra: str, name: str | None = None,
        sandbox: str = "bwrap") -> tuple[dict, Path]:
    """One run of the only task (under bwrap by default); its run.json and run directory."""
    out = tmp_path / (name or agent)
    done = cli(tmp_path, "run", "--agent", agent, "--tasks", str(tasks), "--out", str(out), "--sandbox", sandbox,
               *extra)
    found = list(out.glob("runs/*/0/run.json"))
    assert len(found) == 1, done.stderr
    return json.loads(found[0].read_text()), found[0].parent


KINDS = [("fixture", "root"), ("fixture", "heldout"), ("git", "root"), ("git", "heldout")]


@pytest.mark.parametrize(("kind", "layout"), KINDS)
def test_a_heldout_file_replaces_the_visible_one_oracle_passes_nop_fails(tmp_path, kind, layout):
    tasks = make_task(tmp_path / "suite", kind, layout)
    check = cli(tmp_path, "check", "--tasks", str(tasks))
    assert check.returncode == 0, check.stderr
    oracle, run_dir = run(tmp_path, tasks, "oracle")
    assert (oracle["outcome"], oracle["flags"]) == ("passed", []), (oracle["flags"], oracle["flag_details"])
    # Each phase ran its own version of the file: the fixture's in the visible phase, the held-out one after.
    assert "HELDOUT-VERSION-RAN" in (run_dir / "heldout.log").read_text()
    assert "HELDOUT-VERSION-RAN" not in (run_dir / "oracle.log").read_text()
    nop, _ = run(tmp_path, tasks, "nop")
    assert nop["outcome"] == "failed" and not nop["success"], nop["outcome"]


@pytest.mark.parametrize(("kind", "layout"), [("fixture", "root"), ("git", "heldout")])
def test_an_agent_editing_the_replaced_test_file_is_flagged_and_neither_phase_runs_its_version(tmp_path, kind,
                                                                                              layout):
    tasks = make_task(tmp_path / "suite", kind, layout)
    more = f"{TESTS_DIR[layout]}/test_more.py"
    cmd = sh(put("stats.py", FIXED), put(more, "import unittest\nprint('AGENT-EDIT-RAN')\n" + PASSES))
    record, run_dir = run(tmp_path, tasks, "command", "--agent-cmd", cmd)
    assert "tests_modified" in record["flags"] and more in record["flag_details"]["tests_modified"], record["flags"]
    oracle_log, heldout_log = (run_dir / "oracle.log").read_text(), (run_dir / "heldout.log").read_text()
    assert "AGENT-EDIT-RAN" not in oracle_log + heldout_log, "each phase runs the harness's own version"
    assert "HELDOUT-VERSION-RAN" in heldout_log and "HELDOUT-VERSION-RAN" not in oracle_log
    assert "tests_tampered" not in record["flags"] and record["outcome"] == "passed", record["flag_details"]


# Code under test that rewrites the replaced test file while the tests run (as the runner imports it).
REWRITES = """
try:
    with open({path!r}, "w") as f:
        f.write({passes!r})
    print("REWRITE-DONE")
except OSError:
    print("REWRITE-BLOCKED")
""" + FIXED
PASSES = "import unittest\n\n\nclass More(unittest.TestCase):\n    def test_ok(self):\n        pass\n"


@pytest.mark.parametrize("sandbox", ["none", "bwrap"])
def test_code_rewriting_the_replaced_test_file_is_caught_in_both_phases(tmp_path, sandbox):
    tasks = make_task(tmp_path / "suite", "git", "root")
    cmd = sh(put("stats.py", REWRITES.format(path="tests/test_more.py", passes=PASSES)))
    record, run_dir = run(tmp_path, tasks, "command", "--agent-cmd", cmd, sandbox=sandbox)
    logs = [(run_dir / f"{phase}.log").read_text() for phase in ("oracle", "heldout")]
    if sandbox == "none":  # nothing stops the write: the comparison after each phase catches it
        assert all("REWRITE-DONE" in log for log in logs), logs
        assert set(record["flag_details"]["tests_tampered"]) == {"oracle: tests/test_more.py",
                                                                 "heldout: tests/test_more.py"}
        assert record["outcome"] == "failed" and not record["success"]
    else:  # the file laid in each phase (the held-out version in the held-out phase) is mounted read-only
        assert all("REWRITE-BLOCKED" in log for log in logs), logs
        assert "HELDOUT-VERSION-RAN" in logs[1]
        assert "tests_tampered" not in record["flags"]


def _broken_task(root: Path, kind: str, case: str) -> Path:
    """The task, its held-out files shaped so that grading cannot lay them (into: root)."""
    shapes = {
        "over-a-directory": {"heldout_files": {"tests": "a file where the task has its tests/ directory\n"}},
        "under-a-file": {"heldout_files": {"stats.py/test_x.py": "a directory where the task has stats.py\n"}},
        "over-code-under-test": {"heldout_files": {"stats.py": FIXED, "tests/test_more.py": MORE_AFTER}},
        "over-a-symlink": {"heldout_files": {"tests/link.py": MORE_AFTER},
                           "repo_links": {"tests/link.py": "test_more.py"}},
    }
    return make_task(root, kind, "root", **shapes[case])


CLASHES = {"over-a-directory": "held-out tests would replace the task's own directory tests/",
           "under-a-file": "held-out stats.py/test_x.py needs a directory where the task has its own file stats.py",
           "over-code-under-test": "held-out stats.py would replace the task's own stats.py, which is not a test file",
           "over-a-symlink": "held-out tests/link.py would replace the task's own symlink tests/link.py"}


@pytest.mark.parametrize("case", list(CLASHES))
def test_heldout_files_that_cannot_land_are_the_tasks_error_never_the_agents(tmp_path, case):
    fixture = _broken_task(tmp_path / "fixture-suite", "fixture", case)
    check = cli(tmp_path, "check", "--tasks", str(fixture))
    lines = [line for line in check.stderr.splitlines() if ": heldout.path: " in line]
    assert check.returncode == 2 and len(lines) == 1 and CLASHES[case] in lines[0], check.stderr
    # A git task's tree is only known once it is checked out: its runs are booked task_error, with the reason.
    tasks = _broken_task(tmp_path / "git-suite", "git", case)
    record, _ = run(tmp_path, tasks, "oracle", sandbox="none")
    assert record["outcome"] == "task_error" and not record["success"], (record["outcome"], record["flags"])
    assert CLASHES[case] in record["heldout"]["task_error"], record["heldout"]
    assert "heldout_path_occupied" not in record["flags"] and "tests_tampered" not in record["flags"]


def test_a_heldout_command_that_cannot_run_its_tests_is_the_tasks_error(tmp_path):
    tasks = make_task(tmp_path / "suite", "git", "root", heldout_command="python -m pytest -q no_such_tests")
    record, _ = run(tmp_path, tasks, "oracle", sandbox="none")
    assert record["outcome"] == "task_error", (record["outcome"], record["heldout"])
    assert "could not run its tests" in record["heldout"]["commands"][0]["note"]
