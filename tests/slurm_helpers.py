"""A real one-node Slurm cluster for the tests (tools/slurm/cluster.py) and the commands they drive it with."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import REPO
from tools.slurm import cluster as slurm_cluster

JOB_TIMEOUT_S = 300


def started_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[slurm_cluster.Cluster]:
    """munged + slurmctld + slurmd started for a test module (its `cluster` fixture), stopped by their pids after."""
    absent = slurm_cluster.missing()
    if absent:
        pytest.skip(f"slurm not installed ({', '.join(absent)}): apt-get install -y slurm-wlm munge (nox -s slurm)")
    if os.geteuid() != 0:
        pytest.skip("slurm: slurmd runs jobs as root here; run as root (CI does)")
    # a short path: munge's socket name must fit in a sun_path
    root = Path(tmp_path_factory.mktemp("slurm"))
    with slurm_cluster.Cluster(root) as started:
        yield started


def lab(cluster: slurm_cluster.Cluster, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """`python -m bench ARGS` with the cluster's SLURM_CONF, as a user types it on a login node."""
    proc = subprocess.run([sys.executable, "-m", "bench", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=600, env={**cluster.env, "PYTHONPATH": str(REPO)})
    if check:
        assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def squeue(cluster: slurm_cluster.Cluster, *ids: str) -> dict[str, str]:
    """The jobs (array tasks as ID_K) still in the queue, id -> state."""
    out = subprocess.run(["squeue", "-h", "-r", "-j", ",".join(ids), "-o", "%i %T"], env=cluster.env,
                         capture_output=True, text=True, timeout=60).stdout
    return dict(line.split(None, 1) for line in out.splitlines() if line.strip())


def wait_gone(cluster: slurm_cluster.Cluster, *ids: str, timeout: float = JOB_TIMEOUT_S) -> None:
    """Wait until the jobs have left the queue (finished, failed or cancelled)."""
    deadline = time.monotonic() + timeout
    while squeue(cluster, *ids):
        if time.monotonic() > deadline:
            pytest.fail(f"jobs {ids} still queued after {timeout}s: {squeue(cluster, *ids)}\n"
                        f"{(cluster.root / 'slurmctld.log').read_text()[-2000:]}")
        time.sleep(0.5)


def submit(cluster: slurm_cluster.Cluster, *args: str) -> dict:
    """`localagentbench slurm submit ARGS`: its JSON line (job ids)."""
    return json.loads(lab(cluster, "slurm", "submit", *args).stdout)


def records(bundle: Path) -> dict[tuple[str, int], dict]:
    """The bundle's run records by (task id, rep)."""
    found = {}
    for path in bundle.glob("runs/*/*/run.json"):
        record = json.loads(path.read_text())
        found[(record["task_id"], record["rep"])] = record
    return found
