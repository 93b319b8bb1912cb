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
              heldout_files: dict[str, str] | None = None, repo_files: dict[str, str] | None = None) -> Path:
    """A suite at `root` with one task whose held-out file is the fix commit's update of a visible test file.
    `kind`: fixture, or git (a real repository in the suite: the task commit, then the fix commit). The held-out
    files are `heldout_files` (path under heldout/<id>/ -> text) instead when given; `repo_files` are added to
    the task's starting tree. Returns the tasks directory."""
    tests = TESTS_DIR[layout]
    start = tree(root / "work" / task_id, tests)
    for rel, text in (repo_files or {}).items():
        write(start / rel, text)
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
    write(root / "tasks" / f"{task_id}.yaml",
          TASK.format(canary=CANARY, id=task_id, repo=repo, tests=tests, into=into))
    return root / "tasks"


def cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m bench ARGS` as a user runs it."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=300)


def run(tmp_path: Path, tasks: Path, agent: str, *extra: str, name: str | None = None) -> tuple[dict, Path]:
    """One run of the only task under bwrap; its run.json and run directory."""
    out = tmp_path / (name or agent)
    done = cli(tmp_path, "run", "--agent", agent, "--tasks", str(tasks), "--out", str(out), "--sandbox", "bwrap",
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
