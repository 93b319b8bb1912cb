"""Where a run was made: on this machine (`local`) or in a Slurm job (`slurm`, with its job and array ids), and
on which host. Every run record carries it (`executor`), so a bundle made by many nodes says which made what, and
`compare` can tell a difference in how two runs were made from one in where."""
from __future__ import annotations

import os
import socket

# Slurm's own variables in a job's environment (sbatch(1), "OUTPUT ENVIRONMENT VARIABLES").
SLURM_IDS = {"job_id": "SLURM_JOB_ID", "array_job_id": "SLURM_ARRAY_JOB_ID", "array_task_id": "SLURM_ARRAY_TASK_ID"}


def executor_info() -> dict:
    """{'kind': 'local'|'slurm', 'host': ..., and under Slurm its job_id, array_job_id, array_task_id}."""
    info = {"kind": "local", "host": socket.gethostname()}
    if os.environ.get("SLURM_JOB_ID"):
        info["kind"] = "slurm"
        info.update({key: os.environ[name] for key, name in SLURM_IDS.items() if os.environ.get(name)})
    return info
