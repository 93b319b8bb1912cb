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
    """One command's result: exit code (None when it never finished), timeout, time, its output file (made by
    the shell as the command starts); `started` is False when the shell never got to it (a sandbox that
    cannot start: not the agent's doing), and then there is no output file."""

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
        self.token, self.since = token, time.time()
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
            proc.pid_sweep(self.token, since=self.since)


class Batch:
    """A run's grading commands and the driver that runs them: `start()` it early, `run()` it later.

    Starting the sandbox is most of a batch's own cost, so a caller with other work (building the
    directory the commands run in) starts the batch first and does that work while the sandbox comes up.
    """

    def __init__(self, commands: list[tuple[str, float]], *, wrap: Callable[[list[str]], list[str]], cwd: Path,
                 env: dict[str, str], out_dir: Path, limits: dict[int, int] | None = None, contained: bool = False):
        self.commands, self.wrap, self.cwd, self.env, self.out_dir = commands, wrap, cwd, env, out_dir
        self.limits, self.contained = limits, contained
        self.token = secrets.token_hex(8)
        self.steps: list[Step] = []
        self.driver: _Driver | None = None
        self.start_error: str | None = None
        out_dir.mkdir(parents=True, exist_ok=True)

    def start(self) -> None:
        """Start a driver for the commands from the first not yet run (it waits for the first `run`)."""
        first = len(self.steps)
        blocks = "-"
        rest = dict(self.limits or {})
        if resource.RLIMIT_FSIZE in rest:  # a shell builtin: no prlimit process to start
            blocks = str(max(1, rest.pop(resource.RLIMIT_FSIZE) // 512))
        argv = ["sh", "-c", DRIVER, "driver", str(self.out_dir), str(first), "contained" if self.contained else "-",
                blocks, *(command for command, _ in self.commands[first:])]
        argv = self.wrap(argv)
        if rest:
            argv = proc.limited(argv, rest)
        try:
            self.driver = _Driver(argv, self.cwd, self.env, self.token, self.out_dir / "driver.err")
        except OSError as exc:
            self.start_error = f"the grading shell could not be started: {argv[0]}: {exc.strerror}"

    def run(self, before: dict[int, Callable[[], None]] | None = None) -> list[Step]:
        """Run every command, in order; `before[i]` runs in the harness just before command i starts."""
        before = before or {}
        commands = self.commands
        try:
            while len(self.steps) < len(commands):
                if self.driver is None and self.start_error is None:
                    self.start()
                if self.start_error:
                    for i, (command, timeout_s) in enumerate(commands[len(self.steps):], len(self.steps)):
                        self.steps.append(Step(command, timeout_s, None, False, 0.0, self.out_dir / f"{i}.log",
                                               started=False, note=self.start_error))
                    break
                for i in range(len(self.steps), len(commands)):
                    command, timeout_s = commands[i]
                    if i in before:
                        before[i]()
                    step = _one(self.driver, i, command, timeout_s, self.out_dir / f"{i}.log", self.contained,
                                last=i == len(commands) - 1)
                    self.steps.append(step)
                    if step.exit_code is None:
                        break  # the driver is gone: a fresh one runs the rest
                finished = len(self.steps) == len(commands) and self.steps[-1].exit_code is not None
                self.driver.stop(self.contained, finished=finished)
                self.driver = None
        finally:
            self.close()
        return self.steps

    def close(self) -> None:
        """Stop the driver, if one is still up, and whatever it started (a batch that will not run, or an error)."""
        if self.driver is not None:
            self.driver.stop(self.contained)
            self.driver = None


def run_batch(commands: list[tuple[str, float]], *, wrap: Callable[[list[str]], list[str]], cwd: Path,
              env: dict[str, str], out_dir: Path, limits: dict[int, int] | None = None, contained: bool = False,
              before: dict[int, Callable[[], None]] | None = None) -> list[Step]:
    """Run each (command line, timeout_s) with `sh -c` in `cwd`, in order, all of them; output to out_dir/<i>.log.

    `wrap` puts the driver's argv in the sandbox (it must give out_dir read-write); `contained` says the
    sandbox has its own PID namespace. `before[i]` runs in the harness just before command i starts.
    """
    batch = Batch(commands, wrap=wrap, cwd=cwd, env=env, out_dir=out_dir, limits=limits, contained=contained)
    batch.start()
    return batch.run(before)


def _one(driver: _Driver, i: int, command: str, timeout_s: float, output: Path, contained: bool,
         last: bool) -> Step:
    """Command i on a live driver: its start, its end or its timeout (`last`: the driver's stop sweeps after it)."""
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
        proc.pid_sweep(driver.token, spare=driver.proc.pid, since=driver.since)
    return Step(command, timeout_s, int(parts[2]), False, wall, output)
