"""Several shell commands run one after another in one long-lived shell: one sandbox start per run, not per command.

Grading a run is a few short commands (visible tests, held-out tests). Starting a sandbox and a resource
limit for each cost more than some test suites take, so a small POSIX shell driver, started once inside
the sandbox, runs them in turn. It runs each command only when the harness says so on its stdin, which
lets the harness change the directory between commands (copy the held-out tests in after the visible
ones ran), and it reports each start and exit status on its stdout, which lets the harness time each
command and enforce each command's own timeout. A command that times out takes the driver down with it;
a fresh driver runs the commands after it, so every command runs, as it would one process at a time.

Between commands nothing a command started survives: under a PID namespace the driver kills every
other process in it; without one the harness kills every process carrying the run's token.
"""
from __future__ import annotations

import os
import resource
import secrets
import selectors
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from bench.common import proc

# $1: directory for each command's output; $2: index of the first command; $3: "contained" when the
# driver is inside its own PID namespace (kill -1 there reaches only the sandbox); $4: a file size limit
# in 512-byte blocks (POSIX ulimit -f) or "-"; then the commands.
DRIVER = r"""
out=$1; i=$2; contained=$3; blocks=$4; shift 4
if [ "$blocks" != - ]; then ulimit -f "$blocks" || exit 1; fi
for cmd do
  IFS= read -r go || exit 0
  [ "$go" = run ] || exit 0
  echo "start $i"
  sh -c "$cmd" >"$out/$i.log" 2>&1 </dev/null
  rc=$?
  [ "$contained" = contained ] && kill -KILL -1 2>/dev/null
  echo "end $i $rc"
  i=$((i + 1))
done
"""


@dataclass
class Step:
    """One command's result: exit code (None when it never finished), timeout, time, its output file;
    `started` is False when the shell never got to it (a sandbox that cannot start: not the agent's doing)."""

    command: str
    timeout_s: float
    exit_code: int | None
    timed_out: bool
    wall_s: float
    output: Path
    started: bool = True
    note: str | None = None


class _Driver:
    """One driver process: send 'run', read 'start i' / 'end i rc' lines, with deadlines."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str], token: str, errors: Path):
        self.token = token
        self.errors = errors  # the sandbox's and the driver's own complaints (commands' output goes elsewhere)
        with open(errors, "ab") as err:
            self.proc = subprocess.Popen(argv, cwd=cwd, env={**env, "LOCALAGENTBENCH_RUN_TOKEN": token},
                                         start_new_session=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=err)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.buffer = b""
        self.stopped = False

    def send(self, line: str) -> bool:
        """Write one control line; False when the driver is gone."""
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def complaint(self) -> str:
        """The last line the sandbox or driver wrote to stderr, for a note on why a command never ran."""
        try:
            lines = self.errors.read_bytes()[-2000:].decode(errors="replace").strip().splitlines()
        except OSError:
            return ""
        return f": {lines[-1][:300]}" if lines else ""

    def line(self, deadline: float) -> str | None:
        """The next status line; None at end of stream; raises TimeoutError at the deadline, KeyboardInterrupt on CANCEL."""
        while b"\n" not in self.buffer:
            if proc.CANCEL.is_set():
                raise KeyboardInterrupt
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            if not self.selector.select(min(left, 0.2)):
                continue
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace")

    def stop(self, contained: bool, finished: bool = False) -> None:
        """End the driver and everything it started (once; later calls do nothing).

        `finished`: every command it was given has ended, so it is exiting on its own; it is reaped
        without a grace period (waiting with a timeout polls, which would cost every run milliseconds).
        """
        if self.stopped:
            return
        self.stopped = True
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        ended = False
        if finished:
            try:
                ended = self.line(time.monotonic() + 5) is None  # end of stream: the driver is exiting
            except (TimeoutError, KeyboardInterrupt):
                ended = False
        if ended:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # before the reap, so the group id is still ours
            except (ProcessLookupError, PermissionError):
                pass
            self.proc.wait()
        else:
            proc.kill_tree(self.proc)
            self.proc.wait()
        self.selector.close()
        self.proc.stdout.close()
        if not contained:
            proc.pid_sweep(self.token)


def run_batch(commands: list[tuple[str, float]], *, wrap: Callable[[list[str]], list[str]], cwd: Path,
              env: dict[str, str], out_dir: Path, limits: dict[int, int] | None = None, contained: bool = False,
              before: dict[int, Callable[[], None]] | None = None) -> list[Step]:
    """Run each (command line, timeout_s) with `sh -c` in `cwd`, in order, all of them; output to out_dir/<i>.log.

    `wrap` puts the driver's argv in the sandbox (it must give out_dir read-write); `contained` says the
    sandbox has its own PID namespace. `before[i]` runs in the harness just before command i starts.
    """
    before = before or {}
    steps: list[Step] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    token = secrets.token_hex(8)
    driver: _Driver | None = None
    try:
        while len(steps) < len(commands):
            first = len(steps)
            blocks = "-"
            rest = dict(limits or {})
            if resource.RLIMIT_FSIZE in rest:  # a shell builtin: no prlimit process to start
                blocks = str(max(1, rest.pop(resource.RLIMIT_FSIZE) // 512))
            argv = ["sh", "-c", DRIVER, "driver", str(out_dir), str(first), "contained" if contained else "-", blocks,
                    *(command for command, _ in commands[first:])]
            argv = wrap(argv)
            if rest:
                argv = proc.limited(argv, rest)
            try:
                driver = _Driver(argv, cwd, env, token, out_dir / "driver.err")
            except OSError as exc:
                note = f"the grading shell could not be started: {argv[0]}: {exc.strerror}"
                for i, (command, timeout_s) in enumerate(commands[first:], first):
                    (out_dir / f"{i}.log").write_bytes(b"")
                    steps.append(Step(command, timeout_s, None, False, 0.0, out_dir / f"{i}.log", started=False, note=note))
                break
            for i in range(first, len(commands)):
                command, timeout_s = commands[i]
                output = out_dir / f"{i}.log"
                if i in before:
                    before[i]()
                step = _one(driver, i, command, timeout_s, output, contained, last=i == len(commands) - 1)
                steps.append(step)
                if step.exit_code is None:
                    break  # the driver is gone: a fresh one runs the rest
            driver.stop(contained, finished=len(steps) == len(commands) and steps[-1].exit_code is not None)
            driver = None
    finally:
        if driver is not None:
            driver.stop(contained)
    return steps


def _one(driver: _Driver, i: int, command: str, timeout_s: float, output: Path, contained: bool,
         last: bool) -> Step:
    """Command i on a live driver: its start, its end or its timeout (`last`: the driver's stop sweeps after it)."""
    output.write_bytes(b"")
    if not driver.send("run"):
        return Step(command, timeout_s, None, False, 0.0, output, started=False,
                    note="the grading shell could not be started" + driver.complaint())
    try:
        started = driver.line(time.monotonic() + 60)
    except TimeoutError:
        started = None
    if started != f"start {i}":
        return Step(command, timeout_s, None, False, 0.0, output, started=False,
                    note="the grading shell did not start the command" + driver.complaint())
    start = time.monotonic()
    deadline = start + timeout_s
    try:
        ended = driver.line(deadline)
    except TimeoutError:
        driver.stop(contained)
        return Step(command, timeout_s, None, True, round(timeout_s, 3), output)
    wall = round(time.monotonic() - start, 3)
    parts = (ended or "").split()
    if len(parts) != 3 or parts[:2] != ["end", str(i)] or not parts[2].isdigit():
        return Step(command, timeout_s, None, False, wall, output, note="the grading shell ended during the command")
    if not contained and not last:  # what the command left running goes before the next one starts
        proc.pid_sweep(driver.token, spare=driver.proc.pid)
    return Step(command, timeout_s, int(parts[2]), False, wall, output)
