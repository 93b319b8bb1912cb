"""The sandbox agents and grading commands run in: bubblewrap on Linux, or none (recorded and warned about).

Under bwrap a run sees: system directories read-only; the Python installation read-only; its own workdir
(or grading copy) read-write; a private HOME and /tmp; whatever the adapter names read-only (its own
install dir, the prompt file). It does not see the repository, held-out tests, solutions, other runs or
the user's home. It has its own PID namespace, so when the run ends every process it started ends too,
daemons that called setsid included. The agent phase shares the host network (it must reach the model
server on 127.0.0.1); grading runs with no network at all. SECURITY.md states the threat model.
"""
from __future__ import annotations

import functools
import shutil
import subprocess
import sys
from pathlib import Path

from bench.common import paths
from bench.common.errors import UserError

KINDS = ("auto", "bwrap", "none")
SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc", "/opt"]


@functools.lru_cache(maxsize=1)
def bwrap_works() -> str | None:
    """None when bubblewrap can start a sandbox here, else the reason it cannot."""
    exe = shutil.which("bwrap")
    if exe is None:
        return "bwrap not found (install the 'bubblewrap' package)"
    try:
        done = subprocess.run([exe, "--ro-bind", "/", "/", "--unshare-pid", "--unshare-net", "--die-with-parent",
                               "--proc", "/proc", "--dev", "/dev", "true"], capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"bwrap failed to start: {exc}"
    if done.returncode != 0:
        return f"bwrap cannot create namespaces here: {done.stderr.decode(errors='replace').strip()[:200]}"
    return None


@functools.lru_cache(maxsize=1)
def _bwrap() -> str:
    return shutil.which("bwrap") or "bwrap"


def resolve(kind: str | None) -> str:
    """The sandbox to use: 'auto' picks bwrap where it works, else none; 'bwrap' must work."""
    kind = kind or "auto"
    if kind not in KINDS:
        raise UserError(f"--sandbox: unknown sandbox {kind!r}; choose one of {', '.join(KINDS)}")
    if kind == "none":
        return "none"
    problem = bwrap_works() if sys.platform.startswith("linux") else "bubblewrap is Linux-only"
    if problem is None:
        return "bwrap"
    if kind == "bwrap":
        raise UserError(f"--sandbox bwrap: {problem}; install bubblewrap or pass --sandbox none")
    return "none"


@functools.lru_cache(maxsize=1)
def python_dirs() -> tuple[Path, ...]:
    """Where the running interpreter and its libraries live (needed by python-based agents and tests)."""
    dirs = {Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), Path(sys.executable).resolve().parent}
    outside = [d for d in dirs if not any(str(d).startswith(s + "/") for s in SYSTEM_DIRS)]
    return tuple(sorted(d for d in outside if not any(o != d and d.is_relative_to(o) for o in outside)))  # one mount covers both


def wrap(argv: list[str], kind: str, *, cwd: Path, rw: list[Path], ro: list[Path] = (), home: Path,
         network: bool) -> list[str]:
    """argv wrapped in the sandbox `kind` ('none' returns it unchanged)."""
    if kind == "none":
        return list(argv)
    args = [_bwrap(), "--die-with-parent", "--unshare-pid", "--unshare-ipc",
            "--unshare-uts", "--unshare-cgroup-try", "--new-session"]
    if not network:
        args.append("--unshare-net")
    for path in SYSTEM_DIRS:
        args += ["--ro-bind-try", path, path]
    args += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/run", "--tmpfs", "/var/tmp"]
    for path in python_dirs():
        args += ["--ro-bind", str(path), str(path)]
    for path in ro:
        if Path(path).exists():
            args += ["--ro-bind", str(path), str(path)]
    for path in rw:
        args += ["--bind", str(path), str(path)]
    args += ["--bind", str(home), str(home), "--setenv", "HOME", str(home), "--setenv", "TMPDIR", "/tmp",
             "--chdir", str(cwd), "--"]
    return args + list(argv)


def describe(kind: str, requested: str | None, phase_network: dict[str, str]) -> dict:
    """The sandbox section of a run record."""
    info = {"kind": kind, "requested": requested or "auto", "temp_root": paths.temp_root()}
    if kind == "bwrap":
        info.update(network=phase_network, pid_namespace=True, filesystem="workdir rw; system, python ro; rest hidden")
    else:
        why = bwrap_works() if requested in (None, "auto") else "disabled with --sandbox none"
        info.update(network={k: "host" for k in phase_network}, pid_namespace=False,
                    filesystem="unrestricted", warning=f"no sandbox: {why}")
    return info
