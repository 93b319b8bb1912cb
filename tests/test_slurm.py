"""`localagentbench slurm` on a real one-node Slurm cluster (tools/slurm/cluster.py: munged, slurmctld, slurmd
started by the test, stopped by their pids): the grid as an array of 4 tasks writing one shared bundle and the
merge job after it; a cancelled array task leaves exactly its cells missing, and resubmit fills exactly those.
Marked slurm: `nox -s slurm` runs them (as root in CI, where a skip is a failure)."""
from __future__ import annotations

import json
import subprocess
import time

import pytest

from conftest import run_cli
from slurm_helpers import lab, records, squeue, started_cluster, submit, wait_gone

pytestmark = [pytest.mark.slurm, pytest.mark.linux_only]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A one-node Slurm cluster for this module's tests."""
    yield from started_cluster(tmp_path_factory)


@pytest.mark.parametrize("agent", ["oracle", "mock"])
def test_an_array_of_4_and_its_merge_job_make_the_bundle_a_local_run_makes(cluster, suite, tmp_path, agent):
    """The same evaluation run locally and submitted as an array of 4 (+ merge job): the same records' outcomes
    and summary, each record saying which array task made it, and compare finding no difference in how they
    were made but the executor."""
    local, shared = tmp_path / "local", tmp_path / "shared"
    args = ["--agent", agent, "--tasks", str(suite / "tasks"), "--repeat", "2"]
    assert run_cli("run", *args, "--out", str(local)).returncode in (0, 1)
    jobs = submit(cluster, "--out", str(shared), "--shards", "4", *args)
    assert jobs["shards"] == 4 and jobs["cells"] == 6
    wait_gone(cluster, jobs["array_job"], jobs["merge_job"])
    merged = json.loads((shared / "summary.json").read_text())
    alone = json.loads((local / "summary.json").read_text())
    outcome = lambda s: sorted((r["task_id"], r["rep"], r["outcome"]) for r in s["runs"])  # noqa: E731
    assert outcome(merged) == outcome(alone) and len(merged["runs"]) == 6
    assert [g["pass_at_1"] for g in merged["groups"]] == [g["pass_at_1"] for g in alone["groups"]]
    assert (shared / "report.md").is_file() and (shared / "site" / "index.html").is_file()
    made = records(shared)
    assert {r["executor"]["kind"] for r in made.values()} == {"slurm"}
    assert {r["executor"]["array_task_id"] for r in made.values()} == {"1", "2", "3", "4"}
    assert {r["executor"]["array_job_id"] for r in made.values()} == {jobs["array_job"]}
    assert {r["executor"]["kind"] for r in records(local).values()} == {"local"}
    cmp = lab(cluster, "compare", "--base", str(local / "summary.json"), "--other", str(shared / "summary.json"),
              "--json", "--no-html", check=False)
    assert cmp.returncode == 0, cmp.stderr
    diffs = {d["setting"]: d for d in json.loads(cmp.stdout)["differences"]}
    assert set(diffs) == {"executor"}, diffs   # one node: the same host
    assert (diffs["executor"]["base"], diffs["executor"]["other"]) == (["local"], ["slurm"])
    status = json.loads(lab(cluster, "slurm", "status", str(shared)).stdout)
    assert status["counts"] == {"done": 6, "running": 0, "failed": 0, "missing": 0}


# fix-add's workdir holds calc.py: its runs (array tasks 3 and 4 of 4, by shard order) take a while; the rest not.
SLOW_ON_FIX_ADD = "sh -c 'if [ -f calc.py ]; then sleep 15; fi; echo done > note.txt'"


def test_a_cancelled_array_task_leaves_its_cells_missing_and_resubmit_runs_exactly_those(cluster, suite, tmp_path):
    """scancel of one array task mid-run: its run is marked interrupted (never half-written, its workdir gone),
    the other tasks finish, status names its cell missing, and resubmit runs exactly that cell, leaving the
    others' records as they were."""
    shared = tmp_path / "shared"
    jobs = submit(cluster, "--out", str(shared), "--shards", "4", "--agent", "command", "--agent-cmd", SLOW_ON_FIX_ADD,
                  "--tasks", str(suite / "tasks"), "--repeat", "2")
    array = jobs["array_job"]
    victim = shared / "runs" / "fix-add" / "0" / "run.json"   # shard 3/4: (calib-hello, 0..1) (fix-add, 0..1) ...
    deadline = time.monotonic() + 180
    while not (victim.exists() and squeue(cluster, f"{array}_3").get(f"{array}_3") == "RUNNING"):
        assert time.monotonic() < deadline, f"array task 3 never started: {squeue(cluster, array)}"
        time.sleep(0.3)
    time.sleep(2)   # the agent is asleep in fix-add/0
    subprocess.run(["scancel", f"{array}_3"], env=cluster.env, check=True, timeout=60)
    wait_gone(cluster, array, jobs["merge_job"])
    interrupted = json.loads(victim.read_text())
    assert interrupted["stage"] == "interrupted" and interrupted["paths"]["workdir"] is None
    status = json.loads(lab(cluster, "slurm", "status", str(shared)).stdout)
    assert status["missing"] == ["fix-add/0"] and status["counts"]["done"] == 5, status
    summary = json.loads((shared / "summary.json").read_text())   # the merge job ran after the cancelled task
    assert len(summary["runs"]) == 5
    left = summary["incomplete"] + summary["missing"]   # the summary names the cell the cancelled task left
    assert len(left) == 1 and "fix-add" in json.dumps(left), left
    before = {cell: (r["executor"]["array_job_id"], r["executor"]["array_task_id"])
              for cell, r in records(shared).items() if cell != ("fix-add", 0)}

    again = json.loads(lab(cluster, "slurm", "resubmit", str(shared)).stdout)
    assert again["cells"] == 1 and again["shards"] == 1
    assert (shared / "slurm" / "cells-2.txt").read_text() == "fix-add 0\n"
    wait_gone(cluster, again["array_job"], again["merge_job"])
    after = records(shared)
    assert after[("fix-add", 0)]["stage"] == "graded"
    assert after[("fix-add", 0)]["executor"]["array_job_id"] == again["array_job"]
    assert {cell: (r["executor"]["array_job_id"], r["executor"]["array_task_id"])
            for cell, r in after.items() if cell != ("fix-add", 0)} == before
    status = json.loads(lab(cluster, "slurm", "status", str(shared)).stdout)
    assert status["counts"] == {"done": 6, "running": 0, "failed": 0, "missing": 0}
    assert len(json.loads((shared / "summary.json").read_text())["runs"]) == 6
    nothing = lab(cluster, "slurm", "resubmit", str(shared))
    assert json.loads(nothing.stdout)["cells"] == 0


def test_submit_refuses_what_it_owns_and_a_broken_suite_before_anything_is_queued(cluster, suite, tmp_path):
    """Mistakes fail at submit, in one line, with nothing queued: an argument submit sets per task, a bundle
    that already holds a run."""
    proc = lab(cluster, "slurm", "submit", "--out", str(tmp_path / "b"), "--agent", "oracle", "--tasks",
               str(suite / "tasks"), "--shard", "1/2", check=False)
    assert proc.returncode == 2 and "--shard is set by submit" in proc.stderr and len(proc.stderr.splitlines()) == 1
    assert not (tmp_path / "b" / "slurm" / "submit.json").exists()
    proc = lab(cluster, "slurm", "submit", "--out", str(tmp_path / "c"), "--agent", "oracle", "--tasks",
               str(tmp_path / "nowhere"), check=False)
    assert proc.returncode == 2 and "nowhere" in proc.stderr


def test_a_model_server_job_starts_first_and_the_array_reads_its_address_and_merge_cancels_it(cluster, suite,
                                                                                               tmp_path):
    """--server-script: the server job is submitted first and writes its address into $LAB_SERVER_URL_FILE; the
    array tasks wait for it and run with it as --base-url (recorded in every run's options); the merge job
    cancels the server job, which would otherwise hold its node until its time limit."""
    server = tmp_path / "server.sh"
    server.write_text("#!/bin/bash\nsleep 1\necho \"http://$(hostname):8123/v1\" > \"$LAB_SERVER_URL_FILE\"\n"
                      "exec sleep 600\n")
    shared = tmp_path / "shared"
    jobs = submit(cluster, "--out", str(shared), "--shards", "2", "--server-script", str(server),
                  "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--repeat", "2")
    assert jobs["server_job"] and jobs["shards"] == 2
    wait_gone(cluster, jobs["array_job"], jobs["merge_job"], jobs["server_job"])
    made = records(shared)
    url = (shared / "slurm" / "server-url").read_text().strip()
    assert url.endswith(":8123/v1") and len(made) == 2
    assert {r["options"].get("base_url") for r in made.values()} == {url}
    assert {r["outcome"] for r in made.values()} == {"passed"}
