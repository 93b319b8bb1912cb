"""The sandbox agents and grading commands run in: bubblewrap on Linux, or none (recorded and warned about).

Under bwrap a run sees: system directories read-only; the Python installation read-only; its own workdir
(or grading copy) read-write; a private HOME and /tmp; whatever the adapter names read-only (its own
install dir, the prompt file). It does not see the repository, held-out tests, solutions, other runs or
the user's home. It holds no capabilities, even when the harness runs as root: in a user namespace that
cannot create further ones where the kernel allows it, else with every capability dropped. It has its own
PID namespace, so when the run ends every process it started ends too, daemons that called setsid
included. The agent phase shares the host network (it must reach the model server on 127.0.0.1); grading
runs with no network at all. SECURITY.md states the threat model.
"""
from __future__ import annotations

import functools
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from bench.common import paths
from bench.common.errors import UserError

KINDS = ("auto", "bwrap", "none")
SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc", "/opt"]
CAP_DROP = ("--cap-drop", "ALL")
# --disable-userns (bwrap >= 0.8) needs a user namespace of bwrap's own and forbids nested ones inside it.
USER_NAMESPACE = ("--unshare-user", "--disable-userns")
# What takes a sandbox's capabilities away, tried in this order: the first that works here is used by every
# sandbox. Root without user namespaces still gets CAP_DROP (its bounding set stays full; bwrap's
# no_new_privs keeps exec from raising anything back from it).
CONFINEMENTS = ((*USER_NAMESPACE, *CAP_DROP), CAP_DROP)
PROBE_ARGV = ["cat", "/proc/self/status", "/proc/self/uid_map"]  # one exec: what any process in it holds
INIT_UID_MAP = ["0", "0", "4294967295"]  # /proc/self/uid_map outside any user namespace


@dataclass(frozen=True)
class Confinement:
    """How this machine's sandboxes are confined: the bwrap flags, and what the probe found with them.

    `failure` is None when a sandbox started with no capabilities, else "not_found", "cannot_start" (bwrap
    cannot create namespaces here) or "capabilities" (a sandbox would keep capabilities); `problem` says it
    in words.
    """
    flags: tuple[str, ...]
    user_namespace: bool
    problem: str | None = None
    failure: str | None = None


def capability_sets(status: str) -> dict[str, int]:
    """The capability masks (CapInh, CapPrm, CapEff, CapBnd, CapAmb) in /proc/<pid>/status text."""
    found = {}
    for line in status.splitlines():
        name, _, value = line.partition(":")
        if name.startswith("Cap") and value.strip():
            try:
                found[name] = int(value.strip(), 16)
            except ValueError:
                continue
    return found


def _check_probe(flags: tuple[str, ...], done: subprocess.CompletedProcess) -> Confinement:
    """What one probe sandbox's run says about `flags`."""
    userns = "--unshare-user" in flags
    err = done.stderr.decode(errors="replace").strip()[:200]
    if done.returncode != 0:
        failure = "capabilities" if "--cap-drop" in err else "cannot_start"
        why = "cannot drop capabilities" if failure == "capabilities" else "cannot create namespaces here"
        return Confinement(flags, userns, f"bwrap {why}: {err or f'exit code {done.returncode}'}", failure)
    out = done.stdout.decode(errors="replace")
    caps = capability_sets(out)
    if "CapEff" not in caps:
        return Confinement(flags, userns, f"bwrap started but CapEff could not be read inside: {out.strip()[:200]!r}",
                           "capabilities")
    if caps["CapEff"] or caps.get("CapPrm"):
        return Confinement(flags, userns, f"bwrap started but the sandbox kept capabilities (CapEff "
                                          f"{caps['CapEff']:016x}, CapPrm {caps.get('CapPrm', 0):016x})", "capabilities")
    uid_map = [line.split() for line in out.splitlines() if line.split() and line.split()[0].isdigit()]
    if userns and uid_map[:1] in ([], [INIT_UID_MAP]):
        return Confinement(flags, userns, "bwrap --unshare-user started no user namespace", "cannot_start")
    return Confinement(flags, userns)


def _probe(exe: str, flags: tuple[str, ...]) -> Confinement:
    """Start one sandbox exactly as wrap() would with `flags` and check what it got."""
    with tempfile.TemporaryDirectory(prefix="lab-probe-") as home:
        argv = _bwrap_args(exe, flags, PROBE_ARGV, cwd=Path(home), rw=[], ro=[], home=Path(home), network=False)
        try:
            done = subprocess.run(argv, capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as exc:
            return Confinement(flags, "--unshare-user" in flags, f"bwrap failed to start: {exc}", "cannot_start")
    return _check_probe(flags, done)


@functools.lru_cache(maxsize=1)
def confinement() -> Confinement:
    """The first of CONFINEMENTS whose sandbox starts here with no capabilities (one bwrap start, two
    where user namespaces are refused)."""
    exe = shutil.which("bwrap")
    if exe is None:
        return Confinement(CONFINEMENTS[-1], False, "bwrap not found (install the 'bubblewrap' package)", "not_found")
    tried = []
    for flags in CONFINEMENTS:
        found = _probe(exe, flags)
        if found.problem is None:
            return found
        tried.append(found)
    # A kernel refusing user namespaces is expected; a sandbox that kept capabilities is the news.
    return next((c for c in tried if c.failure == "capabilities"), tried[-1])


def bwrap_works() -> str | None:
    """None when bubblewrap can start a sandbox here with no capabilities, else the reason it cannot."""
    return confinement().problem


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


def _bwrap_args(exe: str, confine: tuple[str, ...], argv: list[str], *, cwd: Path, rw: list[Path], ro: list[Path],
                home: Path, network: bool, ro_inside: Sequence[Path] = ()) -> list[str]:
    args = [exe, *confine, "--die-with-parent", "--unshare-pid", "--unshare-ipc",
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
    for path in ro_inside:  # after the rw binds they lie in, so they stay read-only within them
        args += ["--ro-bind", str(path), str(path)]
    args += ["--bind", str(home), str(home), "--setenv", "HOME", str(home), "--setenv", "TMPDIR", "/tmp",
             "--chdir", str(cwd), "--"]
    return args + list(argv)


def wrap(argv: list[str], kind: str, *, cwd: Path, rw: list[Path], ro: list[Path] = (), home: Path,
         network: bool, ro_inside: Sequence[Path] = ()) -> list[str]:
    """argv wrapped in the sandbox `kind` ('none' returns it unchanged).

    `ro_inside`: files and directories within an `rw` path that stay read-only (and, being mount points,
    cannot be renamed or removed) inside the sandbox.
    """
    if kind == "none":
        return list(argv)
    return _bwrap_args(_bwrap(), confinement().flags, argv, cwd=cwd, rw=rw, ro=ro, home=home, network=network,
                       ro_inside=ro_inside)


def describe(kind: str, requested: str | None, phase_network: dict[str, str]) -> dict:
    """The sandbox section of a run record."""
    info = {"kind": kind, "requested": requested or "auto", "temp_root": paths.temp_root()}
    if kind == "bwrap":
        info.update(network=phase_network, pid_namespace=True, capabilities="none",
                    user_namespace=confinement().user_namespace,
                    filesystem="workdir rw; system, python ro; rest hidden")
    else:
        why = bwrap_works() if requested in (None, "auto") else "disabled with --sandbox none"
        info.update(network={k: "host" for k in phase_network}, pid_namespace=False,
                    filesystem="unrestricted", warning=f"no sandbox: {why}")
    return info
