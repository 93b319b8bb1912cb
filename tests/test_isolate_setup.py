"""A task's `setup` commands, through the real CLI under bwrap: run once per snapshot before the agent starts, in the
sandbox with no network; what they write in the tree is the starting state every run gets; a failing one books
every run task_error (task_setup_failed) and caches nothing; `check` reports a malformed field in one line."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bench import validate
from bench.exec import sandbox
from conftest import CANARY, REPO, make_patch, write

pytestmark = pytest.mark.skipif(sandbox.bwrap_works() is not None,
                                reason=f"bubblewrap cannot start a sandbox here: {sandbox.bwrap_works()}")

SETUP_LINE = "isolate: uses-fw: setup ran"
# The setup lays down the module the tests import (a test framework built from a cache, say): without it the
# tests cannot even import, with it the fixture's bug decides.
MAKE_FW = """python -c "open('fw.py', 'w').write('FOUR = 4\\\\n')\""""

TASK = """\
# LocalAgentBench canary GUID {canary}
id: uses-fw
title: Fix add
difficulty: easy
category: bugfix
language: python
canary: {canary}
prompt: |
  Please fix calc.py.
repo:
  type: fixture
  path: fixtures/uses-fw
{setup}oracle:
  command:
    - python -m unittest discover -s tests -t . -q
  timeout_s: 30
solution: solutions/uses-fw.patch
timeout_s: 60
"""


def setup_block(*commands: str, timeout_s: float = 60) -> str:
    """The task file's setup field with these command lines."""
    lines = "".join(f"    - {json.dumps(c)}\n" for c in commands)
    return f"setup:\n  command:\n{lines}  timeout_s: {timeout_s}\n"


def make_suite(root: Path, setup: str) -> Path:
    """One task whose visible tests import fw.py, which only its setup writes; `setup`: the task file's field."""
    fixture = root / "fixtures" / "uses-fw"
    write(fixture / "calc.py", "def add(a, b):\n    return a - b\n")
    write(fixture / "tests" / "__init__.py", "")
    write(fixture / "tests" / "test_calc.py", """
        import unittest
        from calc import add
        from fw import FOUR

        class T(unittest.TestCase):
            def test_add(self):
                self.assertEqual(add(2, 2), FOUR)
        """)
    (root / "solutions").mkdir(parents=True, exist_ok=True)
    (root / "solutions" / "uses-fw.patch").write_bytes(
        make_patch(fixture, {"calc.py": "def add(a, b):\n    return a + b\n"}))
    write(root / "tasks" / "uses-fw.yaml", TASK.format(canary=CANARY, setup=setup))
    return root


def run(tmp_path: Path, suite: Path, agent: str, *extra: str, name: str = "out") -> tuple[Path, str, int]:
    """`python -m bench run --agent AGENT --sandbox bwrap` on the suite; (bundle, stderr, exit status)."""
    out = tmp_path / name
    env = {**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache"),
           "LOCALAGENTBENCH_TMPDIR": str(tmp_path / "trees")}
    (tmp_path / "trees").mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(suite / "tasks"),
                           "--out", str(out), "--sandbox", "bwrap", *extra], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    return out, done.stderr, done.returncode


def record(out: Path, rep: int = 0) -> dict:
    path = out / "runs" / "uses-fw" / str(rep) / "run.json"
    assert path.exists(), f"no run.json at {path}"
    return json.loads(path.read_text())


def snapshots(tmp_path: Path) -> list[Path]:
    """The task's snapshots in the harness's cache, half-built ones (dot-named) included."""
    found = tmp_path / "cache" / "snapshots"
    return sorted(p for p in found.rglob("*uses-fw*") if p.parent.parent == found) if found.exists() else []


def test_what_setup_writes_is_the_starting_state_and_it_runs_once_per_snapshot(tmp_path):
    suite = make_suite(tmp_path / "suite", setup_block(MAKE_FW))
    out, err, _ = run(tmp_path, suite, "oracle", "--repeat", "3", "--jobs", "2")
    for rep in range(3):
        graded = record(out, rep)
        assert graded["outcome"] == "passed", (graded["outcome"], graded["flags"], err[-2000:])
        assert graded["isolate"]["setup"]["sandbox"] == "bwrap"
        assert graded["task"]["setup"] == {"command": [json.loads(json.dumps(MAKE_FW))], "timeout_s": 60}
    assert err.count(SETUP_LINE) == 1, err[-3000:]
    [snap] = snapshots(tmp_path)
    assert (snap / "tree" / "fw.py").read_text() == "FOUR = 4\n"   # in the pristine tree, committed
    assert "fw.py" in subprocess.run(["git", "--git-dir", str(snap / "tree" / ".git"), "ls-files"],
                                     capture_output=True, text=True, check=True).stdout
    # Another evaluation of the same task reuses the snapshot: no setup runs, and the untouched fixture fails.
    out, err, _ = run(tmp_path, suite, "nop", name="nop")
    assert record(out)["outcome"] == "failed", record(out)["flags"]
    assert SETUP_LINE not in err and snapshots(tmp_path) == [snap]


def test_a_setup_installs_from_a_cache_shown_read_only_with_sandbox_ro(tmp_path):
    """The package cache lies outside everything the sandbox shows: only --sandbox-ro lends it, read-only."""
    cache = write(tmp_path / "pkgcache" / "fw.py", "FOUR = 4\n").parent
    suite = make_suite(tmp_path / "suite", setup_block(f"cp {cache}/fw.py fw.py", f"! touch {cache}/written"))
    out, err, _ = run(tmp_path, suite, "oracle", name="unlent")
    assert record(out)["outcome"] == "task_error", (record(out)["flags"], err[-2000:])
    out, err, _ = run(tmp_path, suite, "oracle", "--sandbox-ro", str(cache), name="lent")
    graded = record(out)
    assert graded["outcome"] == "passed", (graded["flags"], err[-2000:])
    assert graded["isolate"]["setup"]["ro"] == [str(cache)] and not (cache / "written").exists()


def test_without_its_setup_the_task_cannot_pass(tmp_path):
    """The control for the test above: the same task whose setup writes nothing fails for the reference fix."""
    suite = make_suite(tmp_path / "suite", setup_block("true"))
    out, err, _ = run(tmp_path, suite, "oracle")
    assert record(out)["outcome"] != "passed", err[-2000:]


@pytest.mark.parametrize("command, says", [
    ("echo the cache lacks left-pad; exit 3", "exited 3 (the cache lacks left-pad)"),
    ("sleep 300", "ran past setup.timeout_s (10 s)"),
    ("ln -s /etc/passwd leak", "left leak -> /etc/passwd, a symlink that leads out of the tree"),
    ("mkdir -p a/b && ln -s ../../../../../../../../etc/passwd a/b/leak", "left a/b/leak -> ../../../../../../"),
    ("mkfifo pipe", "left pipe, a FIFO"),
])
def test_a_failing_setup_is_the_tasks_error_on_every_run_and_nothing_is_cached(tmp_path, command, says):
    suite = make_suite(tmp_path / "suite", setup_block(MAKE_FW, command, timeout_s=10))
    out, err, code = run(tmp_path, suite, "oracle", "--repeat", "2")
    for rep in range(2):
        failed = record(out, rep)
        assert failed["outcome"] == "task_error" and "task_setup_failed" in failed["flags"], failed["flags"]
        [why] = failed["flag_details"]["task_setup_failed"]
        assert why.startswith(f"{suite / 'tasks' / 'uses-fw.yaml'}: setup.command[1] ") and says in why, why
        assert "\n" not in why
    assert code != 0 and SETUP_LINE not in err
    assert snapshots(tmp_path) == []


class Listener:
    """A TCP server on the host's 127.0.0.1 that counts the connections it accepts."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port, self.accepted = self.sock.getsockname()[1], 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted += 1
            conn.close()


def connect(host: str, port: int) -> str:
    return f"python -c \"import socket; socket.create_connection(('{host}', {port}), timeout=5)\""


# Exits 0 where the machine has a route off itself (a default route, a LAN): the start of reaching the internet,
# observable on a machine that is offline too.
HAS_ROUTE = "python -c \"import sys; sys.exit(len(open('/proc/net/route').read().splitlines()) < 2)\""


@pytest.mark.parametrize("where", ["host loopback", "internet"])
def test_a_setup_never_reaches_the_network(tmp_path, where):
    listener = Listener()
    command = connect("127.0.0.1", listener.port) if where == "host loopback" else HAS_ROUTE
    # Live: outside the sandbox the same command reaches the listener, or finds a route off the machine.
    live = subprocess.run(command, shell=True, timeout=30)
    if where == "internet" and live.returncode != 0:
        pytest.skip("this machine has no route off itself: nothing to keep a setup from")
    assert live.returncode == 0 and listener.accepted == (where == "host loopback")
    suite = make_suite(tmp_path / "suite", setup_block(MAKE_FW, command))
    out, err, _ = run(tmp_path, suite, "oracle")
    failed = record(out)
    assert failed["outcome"] == "task_error" and "task_setup_failed" in failed["flags"], (failed["flags"], err[-2000:])
    assert listener.accepted == (where == "host loopback")
    listener.sock.close()


def test_what_setup_leaves_is_held_to_the_fixtures_rules(tmp_path):
    """A .git of its own (history, config) and tool caches are left out of the snapshot, whose history is the
    harness's one commit; a symlink that stays inside the tree is kept."""
    plant = ("git init -q . && git -c user.name=a -c user.email=a@a commit -q --allow-empty -m answer"
             " && mkdir -p __pycache__ sub/.git && echo x > __pycache__/calc.cpython-311.pyc && ln -s calc.py alias.py")
    suite = make_suite(tmp_path / "suite", setup_block(MAKE_FW, plant))
    out, err, _ = run(tmp_path, suite, "oracle")
    assert record(out)["outcome"] == "passed", (record(out)["flags"], err[-2000:])
    [snap] = snapshots(tmp_path)
    git_dir = str(snap / "tree" / ".git")
    log = subprocess.run(["git", "--git-dir", git_dir, "log", "--format=%s"], capture_output=True, text=True,
                         check=True).stdout
    assert log == "task\n"
    assert not (snap / "tree" / "__pycache__").exists() and not (snap / "tree" / "sub" / ".git").exists()
    assert os.readlink(snap / "tree" / "alias.py") == "calc.py"


def test_the_setup_commands_are_in_the_task_digest(tmp_path):
    suite = make_suite(tmp_path / "suite", setup_block(MAKE_FW))
    task_file = suite / "tasks" / "uses-fw.yaml"
    digests = []
    for text in (task_file.read_text(), task_file.read_text().replace("timeout_s: 60\noracle", "timeout_s: 61\noracle"),
                 task_file.read_text().replace(json.dumps(MAKE_FW), json.dumps(MAKE_FW + " ")),
                 TASK.format(canary=CANARY, setup="")):
        task_file.write_text(text)
        problems = validate.TaskProblems()
        loaded = validate.load_task(task_file, problems)
        assert loaded is not None, problems.lines
        digests.append(loaded["digest"])
    assert len(set(digests)) == 4
    assert loaded["setup"] is None


@pytest.mark.parametrize("field, says", [
    ("setup: python make_fw.py\n", "setup:"),
    ("setup:\n  command: []\n", "setup.command:"),
    ("setup:\n  command: python make_fw.py\n", "setup.command:"),
    ("setup:\n  command: ['  ']\n", "setup.command[0]:"),
    ("setup:\n  command: [make]\n  timeout_s: 0\n", "setup.timeout_s:"),
    ("setup:\n  command: [make]\n  timeout_s: .nan\n", "setup.timeout_s:"),
    ("setup:\n  cmd: [make]\n", "setup:"),
])
def test_check_reports_a_malformed_setup_in_one_line(tmp_path, field, says):
    suite = make_suite(tmp_path / "suite", field)
    done = subprocess.run([sys.executable, "-m", "bench", "check", "--tasks", str(suite / "tasks")], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if "uses-fw.yaml" in line]
    assert lines and all(": setup" in line for line in lines), done.stderr   # each problem one line, naming the field
    assert any(f"uses-fw.yaml: {says}" in line for line in lines), done.stderr
