"""A one-node Slurm cluster started by this session: munged, slurmctld and slurmd with a configuration written
from tools/slurm/slurm.conf.template into a state folder, and stopped by the process ids it started (never by
name: another cluster on the machine is left alone).

    python -m tools.slurm.cluster start DIR      start the daemons (state, logs, slurm.conf in DIR); prints the
                                                 environment a shell needs (SLURM_CONF) as JSON
    python -m tools.slurm.cluster stop DIR       stop the daemons DIR's pid files name

From Python (the tests): `with Cluster(dir) as cluster: subprocess.run(["sbatch", ...], env=cluster.env)`.
Needs Debian's slurm-wlm and munge (`apt-get install -y slurm-wlm munge`; `nox -s slurm` installs them as root).
"""
from __future__ import annotations

import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

TEMPLATE = Path(__file__).with_name("slurm.conf.template")
DAEMONS = ("munged", "slurmctld", "slurmd")


class ClusterError(RuntimeError):
    """The cluster could not be started: names what failed and where its log is."""


def missing() -> list[str]:
    """The programs the cluster needs that are not installed (empty when it can start)."""
    need = {"munged": "munge", "slurmctld": "slurmctld", "slurmd": "slurmd", "sbatch": "slurm-client"}
    return [pkg for prog, pkg in need.items()
            if not (shutil.which(prog) or Path("/usr/sbin", prog).exists())]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _program(name: str) -> str:
    return shutil.which(name) or str(Path("/usr/sbin", name))


class Cluster:
    """munged + slurmctld + slurmd for one node (this host), state under `root`; `env` for the client commands."""

    def __init__(self, root: Path, cpus: int | None = None):
        self.root = Path(root).resolve()
        self.cpus = cpus or os.cpu_count() or 1
        self.conf = self.root / "slurm.conf"
        self.munge_socket = self.root / "munge" / "munge.socket"
        self.procs: dict[str, subprocess.Popen] = {}
        self.env = {**os.environ, "SLURM_CONF": str(self.conf)}

    def write_config(self) -> None:
        """slurm.conf from the template, for this host and user, on free ports."""
        for sub in ("ctld", "slurmd", "munge"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        os.chmod(self.root / "munge", 0o700)   # munged refuses a socket folder others can write
        text = TEMPLATE.read_text(encoding="utf-8").format(
            host=socket.gethostname().split(".")[0], user=getpass.getuser(), state=self.root, cpus=self.cpus,
            ctld_port=_free_port(), slurmd_port=_free_port(), munge_socket=self.munge_socket)
        self.conf.write_text(text, encoding="utf-8")

    def _start(self, name: str, argv: list[str]) -> None:
        log = open(self.root / f"{name}.out", "ab")   # noqa: SIM115 - kept open for the daemon's life
        self.procs[name] = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                            env=self.env, start_new_session=True)
        (self.root / f"{name}.started-pid").write_text(str(self.procs[name].pid))

    def start(self, timeout: float = 60.0) -> Cluster:
        """Write the configuration, start the three daemons, wait until the node is idle."""
        self.write_config()
        key = self.root / "munge" / "munge.key"
        if not key.exists():
            key.write_bytes(os.urandom(1024))
            os.chmod(key, 0o400)
        self._start("munged", [_program("munged"), "-F", f"--socket={self.munge_socket}", f"--key-file={key}",
                               f"--log-file={self.root / 'munge' / 'munged.log'}",
                               f"--pid-file={self.root / 'munge' / 'munged.pid'}",
                               f"--seed-file={self.root / 'munge' / 'munged.seed'}", "--force"])
        self._wait(lambda: self.munge_socket.exists(), timeout, "munged")
        self._start("slurmctld", [_program("slurmctld"), "-D", "-c", "-f", str(self.conf)])
        self._wait(lambda: self._run("scontrol", "ping").stdout.count("UP") > 0, timeout, "slurmctld")
        self._start("slurmd", [_program("slurmd"), "-D", "-f", str(self.conf)])
        self._wait(lambda: self._run("sinfo", "-h", "-o", "%t").stdout.strip() in ("idle", "mix", "alloc"),
                   timeout, "slurmd")
        return self

    def _run(self, *argv: str) -> subprocess.CompletedProcess:
        return subprocess.run(list(argv), env=self.env, capture_output=True, text=True, timeout=30)

    def _wait(self, ready, timeout: float, name: str) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            proc = self.procs[name]
            if proc.poll() is not None:
                break
            try:
                if ready():
                    return
            except (OSError, subprocess.SubprocessError):
                pass
            time.sleep(0.3)
        self.stop()
        tail = (self.root / f"{name}.out").read_text(errors="replace")[-800:]
        logs = {"slurmctld": "slurmctld.log", "slurmd": "slurmd.log", "munged": "munge/munged.log"}[name]
        raise ClusterError(f"{name} did not come up within {timeout:.0f}s (see {self.root / logs}): {tail.strip()}")

    def stop(self) -> None:
        """Stop the daemons this object started, by their ids: SIGTERM, then SIGKILL after 10 seconds."""
        for name in reversed(DAEMONS):
            proc = self.procs.pop(name, None)
            if proc is None or proc.poll() is not None:
                continue
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def stop_started(root: Path) -> list[int]:
    """Stop the daemons a `start` in another process left running under root, by the pids it recorded."""
    stopped = []
    for name in reversed(DAEMONS):
        pid_file = Path(root) / f"{name}.started-pid"
        try:
            pid = int(pid_file.read_text())
            os.kill(pid, signal.SIGTERM)
            stopped.append(pid)
        except (OSError, ValueError):
            continue
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except OSError:
                break
            time.sleep(0.1)
        pid_file.unlink(missing_ok=True)
    return stopped


def main(argv: list[str] | None = None) -> int:
    """`start DIR` or `stop DIR`."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: python -m tools.slurm.cluster start|stop DIR", file=sys.stderr)
        return 2
    root = Path(argv[1])
    if argv[0] == "stop":
        print(json.dumps({"stopped": stop_started(root)}))
        return 0
    if missing():
        print(f"error: not installed: {', '.join(missing())} (apt-get install -y slurm-wlm munge)", file=sys.stderr)
        return 2
    cluster = Cluster(root)
    try:
        cluster.start()
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    cluster.procs.clear()   # left running for `stop DIR`
    print(json.dumps({"SLURM_CONF": str(cluster.conf)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
