"""Running a child process tree with a hard timeout and bounded log files."""
from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

KILL_GRACE_S = 2.0
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


def _pump(src, dest_path: Path, limit: int, flags: dict, key: str) -> None:
    """Copy a pipe into a file up to `limit` bytes, then keep draining so the child never blocks."""
    written = 0
    with open(dest_path, "ab") as out:
        while True:
            chunk = src.read1(_CHUNK) if hasattr(src, "read1") else src.read(_CHUNK)
            if not chunk:
                break
            if written < limit:
                keep = chunk[: limit - written]
                out.write(keep)
                written += len(keep)
                if written >= limit:
                    out.write(f"\n[localagentbench: output truncated at {limit} bytes]\n".encode())
                    flags[key] = True
    src.close()


def kill_tree(proc: subprocess.Popen) -> None:
    """SIGTERM the child's process group, then SIGKILL whatever is left after a grace period."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=KILL_GRACE_S)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_tree(
    argv: list[str] | str,
    *,
    cwd: Path,
    env: dict[str, str],
    stdout_path: Path,
    stderr_path: Path,
    timeout_s: float,
    stdin: bytes | None = None,
    shell: bool = False,
    max_log_bytes: int = DEFAULT_MAX_LOG_BYTES,
) -> Completed:
    """Run `argv` in its own session; kill the whole group on timeout or when it exits leaving children."""
    flags = {"stdout": False, "stderr": False}
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv, cwd=cwd, env=env, shell=shell, start_new_session=True,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
    except OSError as exc:
        return Completed(None, False, time.monotonic() - start, start_error=f"{argv if shell else argv[0]}: {exc.strerror}")
    pumps = [
        threading.Thread(target=_pump, args=(proc.stdout, stdout_path, max_log_bytes, flags, "stdout"), daemon=True),
        threading.Thread(target=_pump, args=(proc.stderr, stderr_path, max_log_bytes, flags, "stderr"), daemon=True),
    ]
    for pump in pumps:
        pump.start()
    if stdin is not None:
        threading.Thread(target=_feed, args=(proc.stdin, stdin), daemon=True).start()
    timed_out = False
    try:
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        timed_out = True
    except BaseException:  # Ctrl-C: never leave the child behind
        kill_tree(proc)
        raise
    wall = time.monotonic() - start
    # Whether it timed out or exited, anything still in its process group (background children) goes.
    kill_tree(proc)
    for pump in pumps:
        pump.join(timeout=5)
    return Completed(
        exit_code=None if timed_out else proc.returncode, timed_out=timed_out, wall_s=round(wall, 3),
        stdout_truncated=flags["stdout"], stderr_truncated=flags["stderr"],
    )


def _feed(pipe, data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.close()
    except (BrokenPipeError, OSError):
        pass
