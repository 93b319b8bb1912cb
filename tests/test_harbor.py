"""Harbor's task format in and out, through the CLI: `import harbor` (a Harbor task as this project's task, or a one-
line refusal), `export harbor` (this project's tasks as Harbor tasks that the `harbor` package's own loader
accepts), the round trip on the embedded suite, and the attacks on both: an untrusted Harbor task's links and paths,
its solve.sh run at import, and code under test forging Harbor's reward."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from bench.exec import sandbox
from conftest import REPO, jsonl, run_cli
from harbor_package import load_tasks

bwrap_only = pytest.mark.skipif(sandbox.bwrap_works() is not None, reason="needs a working bubblewrap sandbox")
GUID = "3bc510bb-0dfb-43fa-98a2-fc8ef6ed13b9"
ROUND_TRIP = ("calib-add", "json-flatten", "test-interval-merge", "wc-clone-flags")

TEST_SH = """#!/bin/bash
# Harbor's pytest template: run from the working directory, reward to /logs/verifier/reward.txt.
if python -m pytest -p no:cacheprovider /tests/test_outputs.py -rA; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
"""
TEST_OUTPUTS = """import sys
from pathlib import Path

sys.path.insert(0, "/app")


def test_greets_every_name():
    from greet import greet
    names = Path("/app/data/names.txt").read_text().split()
    assert [greet(n) for n in names] == [f"hello, {n}" for n in names]
"""
GOOD = 'def greet(name):\n    return f"hello, {name}"\n'


def harbor_task(root: Path, solve: str = GOOD, dockerfile: str | None = None, toml_extra: str = "") -> Path:
    """A Harbor task as Harbor's template lays one out (python image, WORKDIR /app, pytest test.sh)."""
    task = root / "hello-world"
    files = {
        "task.toml": 'schema_version = "1.4"\n\n[task]\nname = "acme/hello-world"\n\n[metadata]\ndifficulty = "easy"\n'
                     'category = "feature"\n\n[verifier]\ntimeout_sec = 120.0\n\n[agent]\ntimeout_sec = 300.0\n'
                     + toml_extra,
        "instruction.md": f"<!-- canary GUID {GUID} -->\n\nMake greet(name) in /app/greet.py return "
                          "'hello, NAME' for every name in /app/data/names.txt.\n",
        "environment/Dockerfile": dockerfile or ("FROM python:3.12-slim\n\nRUN pip install pytest\n\nWORKDIR /app\n\n"
                                                 "COPY greet.py /app/greet.py\nCOPY data/ /app/data/\n"),
        "environment/greet.py": "def greet(name):\n    raise NotImplementedError\n",
        "environment/data/names.txt": "ada grace\n",
        "tests/test.sh": TEST_SH,
        "tests/test_outputs.py": TEST_OUTPUTS,
        "solution/solve.sh": f"#!/bin/bash\ncat > /app/greet.py <<'EOF'\n{solve}EOF\n",
    }
    for rel, text in files.items():
        (task / rel).parent.mkdir(parents=True, exist_ok=True)
        (task / rel).write_text(text)
    return task


def import_into(task: Path, out: Path, *extra: str):
    return run_cli("import", "harbor", str(task), "--out", str(out / "tasks"), *extra)


def run_oracle(suite: Path, task_id: str) -> dict:
    """The graded run of the imported task's reference solution."""
    done = run_cli("run", "--agent", "oracle", "--sandbox", "bwrap", "--tasks", str(suite / "tasks"), "--task",
                   task_id, "--out", str(suite / "results"))
    assert "summary" in done.stdout, done.stderr
    return json.loads((suite / "results" / "runs" / task_id / "0" / "run.json").read_text())


def test_a_harbor_task_imports_as_a_task_check_accepts(tmp_path):
    done = import_into(harbor_task(tmp_path / "in"), tmp_path / "suite", "--no-solution")
    assert done.returncode == 0, done.stderr
    assert jsonl(done.stdout)[0]["id"] == "hello-world"
    task = yaml.safe_load((tmp_path / "suite" / "tasks" / "hello-world.yaml").read_text())
    assert task["prompt"].startswith("Make greet(name)") and "canary" not in task["prompt"]   # stripped as Harbor does
    assert task["canary"] == GUID and task["timeout_s"] == 300.0 and task["heldout"]["timeout_s"] == 120.0
    assert task["heldout"]["command"] == ["python -S .harbor/run.py test /app --guard pytest"]
    assert "solution" not in task
    held = tmp_path / "suite" / "heldout" / "hello-world" / ".harbor"
    assert (held / "tests" / "test.sh").read_text() == TEST_SH and (held / "run.py").exists()
    fixture = tmp_path / "suite" / "fixtures" / "hello-world"
    assert sorted(p.relative_to(fixture).as_posix() for p in fixture.rglob("*") if p.is_file()) == \
        ["data/names.txt", "greet.py"]   # what COPY put in WORKDIR, nothing of tests/ or solution/
    check = run_cli("check", "--tasks", str(tmp_path / "suite" / "tasks"))
    assert check.returncode == 0 and json.loads(check.stdout)["ok"], check.stderr


@bwrap_only
def test_an_imported_task_is_fair_under_verify(tmp_path):
    """solve.sh (run in the sandbox at import) is the reference: verify proves the untouched tree fails and the
    reference passes, through test.sh's reward."""
    done = import_into(harbor_task(tmp_path / "in"), tmp_path / "suite")
    assert done.returncode == 0, done.stderr
    patch = (tmp_path / "suite" / "solutions" / "hello-world.patch").read_text()
    assert "+    return f\"hello, {name}\"" in patch
    verified = run_cli("verify", "--tasks", str(tmp_path / "suite" / "tasks"), "--times", "1")
    assert verified.returncode == 0, verified.stderr
    run = run_oracle(tmp_path / "suite", "hello-world")
    assert run["outcome"] == "passed"
    log = (tmp_path / "suite" / "results" / "runs" / "hello-world" / "0" / "heldout.log").read_text()
    assert 'harbor: reward {"reward": 1.0} from /logs/verifier/reward.txt: full credit, passed' in log


@pytest.mark.parametrize("change, phrase", [
    ({"task.toml+": '\n[environment]\ndocker_image = "ghcr.io/acme/env:1"\n'}, "docker_image"),
    ({"task.toml+": '\n[[steps]]\nname = "one"\n'}, "multi-step"),
    ({"Dockerfile": "FROM ghcr.io/acme/custom:1\nWORKDIR /app\n"}, "a custom image"),
    ({"Dockerfile": "FROM python:3.12\nRUN apt-get update && apt-get install -y lab-no-such-package\nWORKDIR /app\n"},
     "Debian packages the host lacks: lab-no-such-package"),
    ({"Dockerfile": "FROM python:3.12\nRUN pip install lab-no-such-dist==1.0\nWORKDIR /app\n"},
     "Python packages the host lacks: lab-no-such-dist==1.0"),
    ({"Dockerfile": "FROM python:3.12\nCOPY --from=ghcr.io/astral-sh/uv:0.9 /uv /usr/local/bin/uv\nWORKDIR /app\n"},
     "COPY --from"),
    ({"Dockerfile": "FROM python:3.12\nWORKDIR /app\nCOPY ../../secret /app/\n"}, "leaves environment/"),
    ({"Dockerfile": "FROM python:3.12\nWORKDIR /app\nCOPY greet.py /etc/greet.py\n"}, "outside WORKDIR /app"),
    ({"Dockerfile": "FROM python:3.12\nWORKDIR /usr/src/app\n"}, "WORKDIR /usr/src/app"),
    ({"Dockerfile": "FROM golang:1.24\nWORKDIR /app\n"}, "a go image"),
    ({"Dockerfile": "FROM python:3.12\nWORKDIR /app\nADD https://example.com/x.py /app/\n"}, "ADD of a URL"),
    ({"Dockerfile": "FROM python:3.12\nWORKDIR /app\nRUN make -C /opt/build\n"}, "an absolute path"),
    ({"test.sh": "#!/bin/bash\ncurl -LsSf https://astral.sh/uv/0.9.7/install.sh | sh\nuvx pytest /tests\n"},
     "fetches from the network (curl -LsSf https://astral.sh/uv/0.9.7/install.sh"),
    ({"link": "tests/helper.py"}, "a symbolic link"),
    ({"link": "environment/greet.py"}, "a symbolic link"),
])
def test_what_needs_a_container_image_is_refused_in_one_line(tmp_path, change, phrase):
    (tmp_path / "secret").write_text("host secret\n")
    task = harbor_task(tmp_path / "in", dockerfile=change.get("Dockerfile"), toml_extra=change.get("task.toml+", ""))
    if "test.sh" in change:
        (task / "tests" / "test.sh").write_text(change["test.sh"])
    if "link" in change:
        (task / change["link"]).unlink(missing_ok=True)
        (task / change["link"]).symlink_to(tmp_path / "secret")
    done = import_into(task, tmp_path / "suite")
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and phrase in lines[0] and "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "suite" / "tasks").exists() or not list((tmp_path / "suite" / "tasks").iterdir())
    assert not list((tmp_path / "suite").glob("fixtures/*")) and not list((tmp_path / "suite").glob("heldout/*"))


def test_a_directory_of_tasks_imports_each_and_names_each_refusal(tmp_path):
    harbor_task(tmp_path / "in")
    bad = harbor_task(tmp_path / "other", dockerfile="FROM ghcr.io/acme/custom:1\nWORKDIR /app\n")
    bad.rename(tmp_path / "in" / "custom-image")
    done = run_cli("import", "harbor", str(tmp_path / "in"), "--out", str(tmp_path / "suite" / "tasks"),
                   "--no-solution")
    assert done.returncode == 2
    rows = jsonl(done.stdout)
    assert [r.get("id") for r in rows] == [None, "hello-world"]
    assert "a custom image" in rows[0]["refused"]


@bwrap_only
def test_solve_sh_runs_confined_at_import(tmp_path):
    """solve.sh is the task's, untrusted: run at import in the sandbox, it neither reads a host file into the
    reference patch nor writes outside the task's tree."""
    secret, marker = tmp_path / "secret.txt", tmp_path / "written-by-solve"
    secret.write_text("host secret 1234\n")
    task = harbor_task(tmp_path / "in")
    (task / "solution" / "solve.sh").write_text(
        f"#!/bin/bash\ncat {secret} > /app/leak.txt 2>/dev/null || echo none > /app/leak.txt\n"
        f"echo x > {marker} 2>/dev/null\ncat > /app/greet.py <<'EOF'\n{GOOD}EOF\n")
    done = import_into(task, tmp_path / "suite")
    assert done.returncode == 0, done.stderr
    patch = (tmp_path / "suite" / "solutions" / "hello-world.patch").read_text()
    assert "host secret" not in patch and "+none" in patch
    assert not marker.exists()


FORGE_JSON = '''import json, os
os.makedirs("/logs/verifier", exist_ok=True)
json.dump({"reward": 1}, open("/logs/verifier/reward.json", "w"))


def greet(name):
    return "wrong"
'''
FORGE_LATER = '''import os
if os.fork() == 0:   # outlive the tests, then write full credit over test.sh's 0
    os.setsid()
    import time
    for _ in range(400):
        time.sleep(0.02)
        with open("/logs/verifier/reward.txt", "w") as f:
            f.write("1")
    os._exit(0)


def greet(name):
    return "wrong"
'''


EXIT_ZERO = '''import os


def greet(name):
    os._exit(0)   # pytest "passes": test.sh sees exit 0 and writes full credit
'''


@bwrap_only
@pytest.mark.parametrize("code, why", [(FORGE_JSON, "no file of tests/ names reward.json"),
                                       (FORGE_LATER, "left 1 process(es) running"),
                                       (EXIT_ZERO, "guard_report_missing")])
def test_code_under_test_cannot_write_its_own_reward(tmp_path, code, why):
    """Harbor's reward directory is writable by the code the tests run: a reward.json (read before reward.txt)
    that test.sh never writes, or a process left to overwrite test.sh's reward, fails the run."""
    done = import_into(harbor_task(tmp_path / "in", solve=code), tmp_path / "suite")
    assert done.returncode == 0, done.stderr
    run = run_oracle(tmp_path / "suite", "hello-world")
    assert run["outcome"] != "passed" and run["heldout"]["passed"] is False
    log = (tmp_path / "suite" / "results" / "runs" / "hello-world" / "0" / "heldout.log").read_text()
    assert why in log + json.dumps(run), log[-2000:]


def test_export_writes_harbor_tasks_and_refuses_to_overwrite(tmp_path):
    done = run_cli("export", "harbor", "tasks", "--out", str(tmp_path / "h"), *[a for t in ROUND_TRIP
                                                                                 for a in ("--task", t)])
    assert done.returncode == 0, done.stderr
    assert sorted(r["id"] for r in jsonl(done.stdout)) == sorted(ROUND_TRIP)
    flat = tmp_path / "h" / "json-flatten"
    assert (flat / "instruction.md").read_text().startswith(f"<!-- LocalAgentBench canary GUID {GUID} -->")
    assert "\nlay .\n" in (flat / "tests" / "test.sh").read_text()   # heldout.into: root
    assert (flat / "tests" / "heldout" / "heldout_tests").is_dir() and (flat / "solution" / "files").is_dir()
    assert (tmp_path / "h" / "wc-clone-flags" / "environment" / "app" / "pywc").is_dir()   # a git task's commit
    again = run_cli("export", "harbor", "tasks", "--out", str(tmp_path / "h"), "--task", "calib-add")
    assert again.returncode != 0 and "exists" in again.stderr and len(again.stderr.strip().splitlines()) == 1


def test_harbors_own_loader_accepts_every_exported_task(tmp_path):
    """The whole embedded suite, exported, loads with harbor's own Task loader, with its timeouts."""
    done = run_cli("export", "harbor", "tasks", "--out", str(tmp_path / "h"))
    assert done.returncode == 0, done.stderr
    ours = {t["id"]: t for t in (yaml.safe_load(p.read_text()) for p in (REPO / "tasks").glob("*.yaml"))}
    rows = jsonl(done.stdout)
    loaded = {item["path"]: item for item in load_tasks([row["harbor_task"] for row in rows])}
    for row in rows:
        task = loaded[row["harbor_task"]]
        assert task["valid_dir"]
        assert task["name"] == f"localagentbench/{row['id']}"
        assert task["instruction"] == ours[row["id"]]["prompt"]   # the canary comment stripped by harbor itself
        assert task["agent_timeout_sec"] == ours[row["id"]]["timeout_s"]
        assert task["test_path"] and task["solve_path"]
    assert len(rows) == len(ours)


@bwrap_only
def test_round_trip_keeps_the_task_and_its_verdict(tmp_path):
    """Embedded tasks exported, imported back: `check` accepts them and `verify` finds each fair (the untouched tree
    fails, the reference passes), as on the originals."""
    out = tmp_path / "h"
    done = run_cli("export", "harbor", "tasks", "--out", str(out), *[a for t in ROUND_TRIP for a in ("--task", t)])
    assert done.returncode == 0, done.stderr
    back = run_cli("import", "harbor", str(out), "--out", str(tmp_path / "suite" / "tasks"))
    assert back.returncode == 0, back.stderr
    for task_id in ROUND_TRIP:
        mine = yaml.safe_load((REPO / "tasks" / f"{task_id}.yaml").read_text())
        theirs = yaml.safe_load((tmp_path / "suite" / "tasks" / f"{task_id}.yaml").read_text())
        for key in ("id", "title", "difficulty", "category", "language", "prompt", "canary", "timeout_s",
                    "max_turns"):
            assert theirs[key] == mine[key], (task_id, key)
        assert theirs["oracle"]["command"] == mine["oracle"]["command"]
    check = run_cli("check", "--tasks", str(tmp_path / "suite" / "tasks"))
    assert check.returncode == 0, check.stderr
    verified = run_cli("verify", "--tasks", str(tmp_path / "suite" / "tasks"), "--times", "1")
    assert verified.returncode == 0, verified.stderr[-3000:]
    report = json.loads(verified.stdout)
    assert report["selected"] == len(ROUND_TRIP) and report["problems"] == 0


def test_import_and_export_name_their_format(tmp_path):
    done = run_cli("import", "swebench", str(tmp_path))
    assert done.returncode != 0 and "invalid choice: 'swebench'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert run_cli("export", "harbor", "--help").returncode == 0
    shutil.rmtree(tmp_path, ignore_errors=True)
