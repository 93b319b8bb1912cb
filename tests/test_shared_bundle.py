"""What `slurm submit` builds on, without a cluster: `run --cells FILE` (exactly the listed cells), `--join` (several
processes writing one bundle), SIGTERM stopping a run as Ctrl-C does, and the `executor` every record carries."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from bench import cli
from conftest import REPO

pytestmark = pytest.mark.linux_only


def _records(out):
    return {(r["task_id"], r["rep"]): r for r in
            (json.loads(p.read_text()) for p in out.glob("runs/*/*/run.json"))}


def test_cells_runs_exactly_the_listed_cells_and_join_fills_one_bundle_from_several_processes(suite, tmp_path):
    out, cells = tmp_path / "b", tmp_path / "cells.txt"
    cells.write_text("# resubmitted\nfix-add 1\n\ncalib-hello 0   # a comment\n")
    base = ["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--repeat", "2", "--out", str(out),
            "--run-id", "shared-1", "--join", "--sandbox", "none"]
    assert cli.main([*base, "--cells", str(cells)]) == 0
    assert sorted(_records(out)) == [("calib-hello", 0), ("fix-add", 1)]
    first = {cell: r["paths"]["run_dir"] for cell, r in _records(out).items()}
    for k in (1, 2):   # two more "array tasks": the whole grid in halves; the cells already done are kept
        assert cli.main([*base, "--shard", f"{k}/2"]) == 0
    made = _records(out)
    assert len(made) == 6 and {r["outcome"] for r in made.values()} == {"passed"}
    assert {r["executor"]["kind"] for r in made.values()} == {"local"}
    assert {r["executor"]["host"] for r in made.values()} == {socket.gethostname()}
    config = json.loads((out / "run-config.json").read_text())
    assert config["shard"] is None and len(config["grid"]) == 6 and config["run_id"] == "shared-1"
    assert all(made[cell]["paths"]["run_dir"] == path for cell, path in first.items())


@pytest.mark.parametrize("line, says", [("fix-add", "line 1: 'fix-add' is not `TASK_ID REP`"),
                                        ("fix-add one", "line 1"), ("nope 0", "not in this run's grid")])
def test_a_bad_cells_file_is_one_line_naming_it(suite, tmp_path, capsys, line, says):
    cells = tmp_path / "cells.txt"
    cells.write_text(line + "\n")
    code = cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", str(tmp_path / "b"),
                     "--cells", str(cells), "--sandbox", "none"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and says in err[-1] and err[-1].startswith("error: --cells")
    assert not (tmp_path / "b" / "runs").exists()


def test_join_refuses_another_run_and_needs_its_run_id(suite, tmp_path, capsys):
    out = tmp_path / "b"
    base = ["run", "--tasks", str(suite / "tasks"), "--out", str(out), "--sandbox", "none", "--task", "fix-add"]
    assert cli.main([*base, "--agent", "oracle", "--run-id", "r1", "--join"]) == 0
    assert cli.main([*base, "--agent", "oracle", "--join"]) == 2
    assert "--join: pass the shared bundle's --run-id" in capsys.readouterr().err
    assert cli.main([*base, "--agent", "nop", "--run-id", "r1", "--join"]) == 2
    assert "--join: this bundle was run with agent 'oracle'" in capsys.readouterr().err
    assert cli.main([*base, "--agent", "oracle", "--run-id", "r2", "--join"]) == 2
    assert "holds run 'r1'" in capsys.readouterr().err


def test_sigterm_stops_a_run_as_ctrl_c_does_and_join_runs_it_again(suite, tmp_path):
    """What scancel or a preemption sends: the run in progress is marked interrupted (its workdir gone), the
    harness exits 130, and the same command (a requeued array task) runs it again, keeping the finished one."""
    out, slow = tmp_path / "b", tmp_path / "slow"
    slow.write_text("")
    # fix-add sleeps while the flag file exists (no sandbox: the agent sees it); the same command runs both times
    cmd = f"sh -c 'if [ -f calc.py ] && [ -f {slow} ]; then sleep 60; fi; true'"
    argv = [sys.executable, "-m", "bench", "run", "--agent", "command", "--agent-cmd", cmd, "--tasks",
            str(suite / "tasks"), "--task", "calib-hello", "--task", "fix-add", "--out", str(out), "--run-id", "t1",
            "--join", "--sandbox", "none"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(argv, cwd=REPO, env=env, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    victim, done = out / "runs" / "fix-add" / "0" / "run.json", out / "runs" / "calib-hello" / "0" / "run.json"
    deadline = time.monotonic() + 120
    while not (victim.exists() and done.exists()):
        assert time.monotonic() < deadline and child.poll() is None, "the agent never started"
        time.sleep(0.2)
    time.sleep(1.5)   # the agent is asleep in fix-add
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err[-2000:]
    assert "interrupted" in err
    record = json.loads(victim.read_text())
    assert record["stage"] == "interrupted" and record["paths"]["workdir"] is None
    kept = done.read_text()
    slow.unlink()
    again = subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode in (0, 1), again.stderr[-2000:]
    assert json.loads(victim.read_text())["stage"] == "graded" and done.read_text() == kept


def test_a_killed_array_task_leaves_its_cell_missing_and_cells_runs_it_again(suite, tmp_path):
    """SIGKILL (the job's memory limit, KillWait passed, a node lost): nothing can mark the run; it is left
    half-way, status counts it missing once no array task is active, and `run --cells --join` (what resubmit
    submits) runs it again from scratch."""
    from bench import slurm
    out, slow = tmp_path / "b", tmp_path / "slow"
    slow.write_text("")
    cmd = f"sh -c 'if [ -f calc.py ] && [ -f {slow} ]; then sleep 60; fi; true'"
    argv = [sys.executable, "-m", "bench", "run", "--agent", "command", "--agent-cmd", cmd, "--tasks",
            str(suite / "tasks"), "--task", "fix-add", "--task", "fix-max", "--out", str(out), "--run-id", "k1",
            "--join", "--sandbox", "none"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(argv, cwd=REPO, env=env, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             start_new_session=True)
    victim = out / "runs" / "fix-add" / "0" / "run.json"
    deadline = time.monotonic() + 120
    while not victim.exists():
        assert time.monotonic() < deadline and child.poll() is None, "the agent never started"
        time.sleep(0.2)
    time.sleep(1.5)
    os.killpg(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    assert json.loads(victim.read_text())["stage"] != "graded"
    assert slurm.cell_states(out, active=True)["running"] == ["fix-add/0"]
    states = slurm.cell_states(out, active=False)
    assert states["missing"] == ["fix-add/0", "fix-max/0"] and states["done"] == []
    cells = tmp_path / "cells.txt"
    cells.write_text("fix-add 0\n")
    slow.unlink()
    again = subprocess.run([*argv, "--cells", str(cells)], cwd=REPO, env=env, capture_output=True, text=True,
                           timeout=300)
    assert again.returncode in (0, 1), again.stderr[-2000:]
    states = slurm.cell_states(out, active=False)
    assert states["done"] == ["fix-add/0"] and states["missing"] == ["fix-max/0"]
