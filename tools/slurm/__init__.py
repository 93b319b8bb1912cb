"""A one-node Slurm cluster for the tests and for trying `localagentbench slurm` (see cluster.py)."""
