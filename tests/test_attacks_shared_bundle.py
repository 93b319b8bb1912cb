"""Hostile agents in a Slurm array writing one shared bundle: an agent in one array task must not be able to write
into another run's record, plant a record of its own, or change what the next array task or resubmit runs (the
bundle's slurm/ scripts and cells files). The sandbox keeps the bundle out of its reach on every node; the merge
job scores only what the harness wrote. Runs on a real one-node cluster (`nox -s slurm`)."""
from __future__ import annotations

import json

import pytest

from slurm_helpers import records, started_cluster, submit, wait_gone

pytestmark = [pytest.mark.slurm, pytest.mark.linux_only]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A one-node Slurm cluster for this module's tests."""
    yield from started_cluster(tmp_path_factory)

# What the agent writes is made when it runs (printf), so the marker is in no record's copy of its command.
FORGED = "AGENTOWNED"
WRITE = "$(printf %s%s AGENT OWNED)"


def test_an_agent_in_one_array_task_cannot_write_into_other_runs_records(cluster, suite, tmp_path):
    shared = tmp_path / "shared"
    b = str(shared)
    attack = (f"sh -c 'for f in {b}/runs/*/*/run.json {b}/run-config.json {b}/summary.json; do "
              f"echo {WRITE} > \"$f\"; done; mkdir -p {b}/runs/fix-max/1 {b}/runs/zz-planted/0; "
              f"echo {WRITE} > {b}/runs/fix-max/1/run.json; echo {WRITE} > {b}/runs/zz-planted/0/run.json; "
              f"echo \"echo {WRITE}\" >> {b}/slurm/array-1.sh; echo \"fix-max 1\" > {b}/slurm/cells-2.txt; "
              f"cat {b}/run-config.json > leaked.txt; true'")
    jobs = submit(cluster, "--out", b, "--shards", "2", "--agent", "command", "--agent-cmd", attack,
                  "--tasks", str(suite / "tasks"), "--repeat", "2", "--sandbox", "bwrap")
    scripts_before = (shared / "slurm" / "array-1.sh").read_text()
    wait_gone(cluster, jobs["array_job"], jobs["merge_job"])
    made = records(shared)
    assert sorted(made) == [(t, r) for t in ("calib-hello", "fix-add", "fix-max") for r in (0, 1)]
    assert {r["outcome"] for r in made.values()} == {"failed"}   # the agent fixed nothing, whatever it wrote
    assert {r["executor"]["array_task_id"] for r in made.values()} == {"1", "2"}
    assert not (shared / "runs" / "zz-planted").exists()
    assert not (shared / "slurm" / "cells-2.txt").exists()
    assert (shared / "slurm" / "array-1.sh").read_text() == scripts_before
    # what the harness wrote holds none of it (the agent's own diff, and the site showing it, do: its workdir)
    for path in [*shared.glob("runs/*/*/run.json"), shared / "run-config.json", shared / "summary.json",
                 *shared.glob("slurm/*")]:
        if path.is_file():
            assert FORGED.encode() not in path.read_bytes(), path
    # the bundle it could see was its sandbox's own empty /tmp: what it "leaked" is what it wrote there itself
    run_id = json.loads((shared / "run-config.json").read_text())["run_id"]
    for patch in shared.glob("runs/*/*/patch.diff"):
        assert run_id not in patch.read_text()
    summary = json.loads((shared / "summary.json").read_text())
    assert len(summary["runs"]) == 6 and summary["groups"][0]["pass_at_1"] == 0.0
