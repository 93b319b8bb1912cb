"""Running a child process tree with a hard timeout and bounded log files."""
from __future__ import annotations

import json
import os
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

try:
    import resource
except ImportError:  # Windows: no POSIX resource limits (see limited)
    resource = None

POSIX = os.name == "posix"
# Resource limits by name, on every OS: resource.RLIMIT_* where it exists, else Linux's numbers, which limited()
# then ignores (nothing enforces them on Windows).
RLIMIT_FSIZE = getattr(resource, "RLIMIT_FSIZE", 1)
RLIMIT_NPROC = getattr(resource, "RLIMIT_NPROC", 6)
RLIMIT_AS = getattr(resource, "RLIMIT_AS", 9)
# The limits on a task's own commands (grading, and a task's setup): a command writing a 1 GB file is broken.
GRADING_LIMITS = {RLIMIT_FSIZE: 1024 * 1024 * 1024}
# Windows: TerminateProcess on the whole tree (taskkill /T /F); there is no gentler signal for console programs.
_TASKKILL = ("taskkill", "/T", "/F", "/PID")
KILL_GRACE_S = 2.0
# Set by an orchestrator on Ctrl-C: every running child is killed and run_tree raises KeyboardInterrupt,
# also in worker threads, which never see the signal themselves.
CANCEL = threading.Event()
_POLL_S = 0.2
_LIMIT_SHIM = (
    "import json, os, resource, signal, sys\n"
    "signal.signal(signal.SIGPIPE, signal.SIG_DFL)\n"  # Python ignores these; exec would pass that on
    "signal.signal(signal.SIGXFSZ, signal.SIG_DFL)\n"
    "for k, v in json.loads(sys.argv[1]).items():\n"
    "    try:\n"
    "        resource.setrlimit(int(k), (v, v))\n"
    "    except (ValueError, OSError):\n"
    "        pass\n"
    "os.execvp(sys.argv[2], sys.argv[2:])\n"
)
DEFAULT_MAX_LOG_BYTES = 16 * 1024 * 1024
_CHUNK = 64 * 1024


@dataclass
class Completed:
    """What happened to a process: exit code (None if it could not start), timeout, time, truncation."""

    exit_code: int | None
    timed_out: bool
    wall_s: float
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    start_error: str | None = None
    escaped_processes: int = 0
    signal: int | None = None
    sandbox_exit: int | None = None  # the exit status bubblewrap reported for the command it ran (sandbox_status)
    stopped: bool = False            # ended early by the caller's `stop` event
    grace_s: float = 0.0             # seconds the deadline was moved by the caller's `grace` (run_tree)


def truncation_marker(limit: int) -> bytes:
    """The line that ends a log cut at `limit` bytes (agent logs and grading logs alike)."""
    return f"\n[localagentbench: output truncated at {limit} bytes]\n".encode()


def _pump(src, dest_path: Path, limit: int, flags: dict, key: str) -> None:
    """Copy a pipe into a new (or emptied) file up to `limit` bytes, then keep draining so the child never blocks."""
    written = 0
    with open(dest_path, "wb") as out:
        while True:
            chunk = src.read1(_CHUNK) if hasattr(src, "read1") else src.read(_CHUNK)
            if not chunk:
                break
            if written < limit:
                keep = chunk[: limit - written]
                out.write(keep)
                written += len(keep)
                if written >= limit:
                    out.write(truncation_marker(limit))
                    flags[key] = True
    src.close()


def new_group() -> dict:
    """Popen arguments that start a child as the head of a new process group (a session on POSIX), so that
    signal_group reaches it and every descendant that stayed in the group."""
    if POSIX:
        return {"start_new_session": True}
    return {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0x200)}


def signal_group(proc: subprocess.Popen, hard: bool) -> None:
    """Stop the process group `proc` heads: SIGTERM (`hard`: SIGKILL) on POSIX. On Windows, while `proc` runs,
    the whole tree below it is terminated either way (taskkill /T /F); a descendant whose parent already exited,
    or any once `proc` has exited, is out of reach there (POSIX finds it by its group, Linux also by pid_sweep)."""
    if POSIX:
        try:
            os.killpg(proc.pid, signal.SIGKILL if hard else signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
        return
    if proc.poll() is not None:
        return  # its pid may already be another process's: never taskkill a pid the harness no longer holds
    try:
        subprocess.run([*_TASKKILL, str(proc.pid)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        proc.kill()
    except OSError:
        pass


# What a command line may not hold to run as plain words where there is no POSIX shell: pipes, redirections,
# lists, substitutions, globs, variables, comments, a leading NAME=value. Quotes and backslashes keep their
# POSIX meaning (shlex), as under sh.
_SHELL_SYNTAX = re.compile(r"[|&;<>()$`*?\[\]{}~#\n]|^\s*\w+=")
# Runs argv[1:] with its stderr joined to its stdout (what `exec 2>&1` does under sh); the program is looked up
# on the PATH of the environment the command was given, as a shell would.
_JOIN_SHIM = ("import shutil, subprocess, sys\n"
              "prog = shutil.which(sys.argv[1]) or sys.argv[1]\n"
              "try:\n"
              "    sys.exit(subprocess.call([prog, *sys.argv[2:]], stderr=subprocess.STDOUT))\n"
              "except OSError as exc:\n"
              "    print(f'{sys.argv[1]}: {exc.strerror}', flush=True)\n"
              "    sys.exit(127)\n")


class NoShell(ValueError):
    """A command line needs a POSIX shell and this machine has none (Windows without Git for Windows' sh)."""


def shell_command(command: str, sh: str | None = None, posix: bool = POSIX) -> list[str]:
    """argv that runs a task's command line (POSIX sh syntax) with its stderr joined to its stdout.

    POSIX: `sh -c` (the sandbox's own sh under bwrap). Windows: the `sh` on PATH (or `sh` as given; "" for
    none) where there is one (Git for Windows ships it); without one, a command that is
    plain words (`python -m unittest discover -s tests -t . -q`) runs as those words, and one with shell syntax
    raises NoShell. `posix`: which of the two (tests choose)."""
    if posix:
        return ["sh", "-c", "exec 2>&1\n" + command]
    sh = shutil.which("sh") if sh is None else sh
    if sh:
        return [sh, "-c", "exec 2>&1\n" + command]
    try:
        words = shlex.split(command)
    except ValueError:
        words = []
    if not words or _SHELL_SYNTAX.search(command):
        raise NoShell(f"{command[:200]!r} needs a POSIX shell (sh), which is not on PATH; install Git for Windows "
                      "(its sh), or use plain commands")
    return [sys.executable, "-c", _JOIN_SHIM, *words]


def _terminate(proc: subprocess.Popen, finished: threading.Event) -> None:
    """From the watchdog: stop the group, kill it if the child is still there after the grace period."""
    signal_group(proc, hard=False)
    if not finished.wait(KILL_GRACE_S):
        signal_group(proc, hard=True)


def kill_tree(proc: subprocess.Popen) -> None:
    """Stop the child's process group, then kill whatever is left after a grace period."""
    signal_group(proc, hard=False)
    try:
        proc.wait(timeout=KILL_GRACE_S)
    except subprocess.TimeoutExpired:
        pass
    signal_group(proc, hard=True)


def _why_end(deadline: float, stop: threading.Event | None) -> str | None:
    """Why a running process must end now: "cancelled" (Ctrl-C), "timed_out", "stopped" (the caller's event)."""
    if CANCEL.is_set():
        return "cancelled"
    if time.monotonic() >= deadline:
        return "timed_out"
    if stop is not None and stop.is_set():
        return "stopped"
    return None


class _Deadline:
    """A process's deadline: `base` (monotonic seconds) moved by the caller's `grace()` seconds, at most `most`."""

    def __init__(self, base: float, grace: Callable[[], float] | None, most: float):
        self.base, self.grace, self.most = base, grace, most
        self.grace_s, self.at = 0.0, base

    def now(self) -> float:
        """The deadline as it stands (asks `grace` again)."""
        if self.grace is not None:
            self.grace_s = max(0.0, min(self.most, self.grace()))
            self.at = self.base + self.grace_s
        return self.at


def run_tree(
    argv: list[str],
    *,
    cwd: Path,
    env: dict[str, str],
    stdout_path: Path,
    stderr_path: Path,
    timeout_s: float,
    stdin: bytes | None = None,
    max_log_bytes: int = DEFAULT_MAX_LOG_BYTES,
    limits: dict[int, int] | None = None,
    contained: bool = False,
    sandbox_status: bool = False,
    stop: threading.Event | None = None,
    pass_fds: Sequence[int] = (),
    grace: Callable[[], float] | None = None,
    max_grace_s: float = 0.0,
) -> Completed:
    """Run `argv` in its own session; kill the whole group on timeout or when it exits leaving children.

    Every process of the run carries a token in its environment, so one that escaped the process group
    (setsid) is still found and killed afterwards, unless `contained` (a PID namespace already guarantees
    it, and the sweep stats every process on the machine). `limits` are resource.RLIMIT_* values.

    `sandbox_status`: argv starts with bwrap, which is asked to report on a pipe only the harness holds
    whether the command inside really ran and how it exited (`Completed.sandbox_exit`). Nothing inside the
    sandbox can write there, so a missing report is the harness's own evidence that the sandbox failed.
    `pass_fds`: further descriptors the child inherits (the caller keeps and closes them).
    `grace`: seconds to move the deadline by so far (the time the run's model calls waited for a free server
    slot), asked on every check, at most `max_grace_s`: the timeout counts the process's own time only.
    """
    token, since = secrets.token_hex(8), time.time()
    env = {**env, "LOCALAGENTBENCH_RUN_TOKEN": token}
    status_read = status_write = None
    if sandbox_status:
        if Path(argv[0]).name != "bwrap":
            raise ValueError(f"sandbox_status needs a bwrap command line, not {argv[0]!r}")
        status_read, status_write = os.pipe()
        argv = [argv[0], "--json-status-fd", str(status_write), *argv[1:]]
    if limits:
        # Set before exec, so every descendant inherits them (setting them after start would race the child).
        argv = limited(argv, limits)
    flags = {"stdout": False, "stderr": False}
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv, cwd=cwd, env=env, **new_group(),
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            pass_fds=(*pass_fds, *((status_write,) if status_write is not None else ())),
        )
    except OSError as exc:
        for path in (stdout_path, stderr_path):
            Path(path).write_bytes(b"")  # the logs exist, empty, as for a run that printed nothing
        _close(status_read)
        return Completed(None, False, time.monotonic() - start, start_error=f"{argv[0]}: {exc.strerror}")
    finally:
        if status_write is not None:
            os.close(status_write)
            status_write = None
    pumps = [
        threading.Thread(target=_pump, args=(proc.stdout, stdout_path, max_log_bytes, flags, "stdout"), daemon=True),
        threading.Thread(target=_pump, args=(proc.stderr, stderr_path, max_log_bytes, flags, "stderr"), daemon=True),
    ]
    for pump in pumps:
        pump.start()
    if stdin is not None:
        threading.Thread(target=_feed, args=(proc.stdin, stdin), daemon=True).start()
    # The caller blocks in waitpid (no polling: Popen.wait(timeout) sleeps up to 50 ms between checks,
    # which would add that to every run); a watchdog thread enforces the deadline and Ctrl-C.
    state = {"timed_out": False, "cancelled": False, "stopped": False}
    finished = threading.Event()
    deadline = _Deadline(start + timeout_s, grace, max_grace_s)

    def watchdog() -> None:
        # Wakes at once when the child exits; checks for Ctrl-C every _POLL_S.
        while not finished.wait(max(0.0, min(deadline.at - time.monotonic(), _POLL_S))):
            why = _why_end(deadline.now(), stop)
            if why is None:
                continue
            state[why] = True
            _terminate(proc, finished)
            return

    guard = threading.Thread(target=watchdog, daemon=True)
    guard.start()
    try:
        proc.wait()
    except BaseException:  # Ctrl-C in the main thread: never leave the child behind
        finished.set()
        kill_tree(proc)
        pid_sweep(token, since=since)
        _close(status_read)
        raise
    finished.set()
    guard.join()
    timed_out = state["timed_out"]
    wall = min(time.monotonic(), deadline.at) - start if timed_out else time.monotonic() - start
    if not timed_out:
        deadline.now()   # the grace the whole run earned (a call that ended last is settled now)
    if state["cancelled"]:
        kill_tree(proc)
        pid_sweep(token, since=since)
        raise KeyboardInterrupt
    # Whether it timed out or exited, anything still in its process group (background children) goes.
    kill_tree(proc)
    escaped = 0 if contained else pid_sweep(token, since=since)
    for pump in pumps:
        pump.join(timeout=5)
    reported = None
    if status_read is not None:
        reported = _reported_exit(status_read)
        _close(status_read)
    return Completed(
        exit_code=None if timed_out else proc.returncode, timed_out=timed_out, wall_s=round(wall, 3),
        stdout_truncated=flags["stdout"], stderr_truncated=flags["stderr"], escaped_processes=escaped,
        signal=-proc.returncode if proc.returncode is not None and proc.returncode < 0 and not timed_out else None,
        sandbox_exit=reported, stopped=state["stopped"], grace_s=round(deadline.grace_s, 3),
    )


def _close(*fds: int | None) -> None:
    for fd in fds:
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass


def _reported_exit(fd: int) -> int | None:
    """The `exit-code` in bwrap's JSON status stream (None when it never reported one: the command never ran)."""
    os.set_blocking(fd, False)
    data = b""
    try:
        while len(data) < 65536:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
    except BlockingIOError:
        pass  # the writer is gone with bwrap; whatever it wrote is already here
    found = None
    for doc in re.findall(rb"\{[^{}]*\}", data):
        try:
            value = json.loads(doc).get("exit-code")
        except ValueError:
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            found = value
    return found


PRLIMIT_OPTIONS = {RLIMIT_FSIZE: "--fsize", RLIMIT_NPROC: "--nproc", RLIMIT_AS: "--as"}


def limited(argv: list[str], limits: dict[int, int]) -> list[str]:
    """argv run under resource limits: util-linux prlimit where present (cheap), else a Python shim; unchanged
    where the OS has no POSIX resource limits (Windows), which therefore enforces none of them."""
    if resource is None:
        return list(argv)
    prlimit = shutil.which("prlimit")
    if prlimit and all(k in PRLIMIT_OPTIONS for k in limits):
        return [prlimit, *(f"{PRLIMIT_OPTIONS[k]}={v}" for k, v in limits.items()), "--", *argv]
    return [sys.executable, "-c", _LIMIT_SHIM, json.dumps({str(k): v for k, v in limits.items()}), *argv]


def pid_sweep(token: str, spare: int | None = None, since: float | None = None) -> int:
    """Kill every process whose environment carries `token` (but `spare`); return how many were found.

    Passes repeat until one finds nothing, since a process can fork after the pass listed /proc and before
    it was killed. `since` is time.time() from before the first process with the token started. A
    /proc/<pid> entry's ctime is when the kernel first looked that process up, never before it began, so
    an entry older than `since` cannot carry the token and is only stat'ed, not opened: a pass then reads
    the environment of the few processes that are new, not of every process on the machine.
    """
    needle = f"LOCALAGENTBENCH_RUN_TOKEN={token}".encode()
    seen = set() if spare is None else {str(spare)}  # and every process killed: one dying is not counted twice
    killed = 0
    for _ in range(100):  # each pass after the first only finds what the last one's victims forked
        found = _sweep_pass(needle, seen, since)
        killed += found
        if not found:
            break
    return killed


def _sweep_pass(needle: bytes, seen: set[str], since: float | None) -> int:
    try:
        names = os.listdir("/proc")
    except OSError:
        return 0
    # A second of slack for the kernel's coarse clock; a clock stepped back since `since`: read them all.
    cutoff = since - 1.0 if since is not None and time.time() >= since else None
    killed = 0
    for name in names:
        if not name.isdigit() or name in seen:
            continue
        entry = f"/proc/{name}"
        try:
            if cutoff is not None and os.stat(entry).st_ctime < cutoff:
                continue
            with open(f"{entry}/environ", "rb") as fh:
                carries = needle in fh.read().split(b"\0")
            if carries:
                os.kill(int(name), signal.SIGKILL)
                seen.add(name)
                killed += 1
        except (OSError, ValueError):
            continue
    return killed


def _feed(pipe, data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.close()
    except (BrokenPipeError, OSError):
        pass
