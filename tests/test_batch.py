"""batch: grading commands in one long-lived shell, each still timed, bounded and cleaned up after on its own."""
from __future__ import annotations

import os
import resource
import threading
import time
from pathlib import Path

import pytest

from bench import oracle
from bench.common import batch, proc, sandbox


def _run(tmp_path: Path, commands, kind="none", **kw):
    cwd = tmp_path / "copy"
    cwd.mkdir(exist_ok=True)
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)

    def wrap(argv):
        return sandbox.wrap(argv, kind, cwd=cwd, rw=[cwd, out], home=home, network=False)

    env = {**os.environ, "HOME": str(home)}
    return batch.run_batch([(c, t) for c, t in commands], wrap=wrap, cwd=cwd, env=env, out_dir=out,
                           contained=kind == "bwrap", **kw)


KINDS = ["none", pytest.param("bwrap", marks=pytest.mark.skipif(sandbox.resolve("auto") != "bwrap",
                                                                   reason="bubblewrap cannot run here"))]


@pytest.mark.parametrize("kind", KINDS)
def test_commands_run_in_order_with_their_own_exit_codes_and_output(tmp_path, kind):
    steps = _run(tmp_path, [("echo one; echo err >&2", 10), ("exit 3", 10), ("kill -TERM $$", 10),
                            ("cat order || true; echo 4 > order", 10)], kind)
    assert [s.exit_code for s in steps] == [0, 3, 128 + 15, 0]
    assert steps[0].output.read_text() == "one\nerr\n"
    assert all(s.started and not s.timed_out for s in steps)
    assert (tmp_path / "copy" / "order").read_text() == "4\n"


@pytest.mark.parametrize("kind", KINDS)
def test_a_command_past_its_timeout_is_stopped_and_the_rest_still_run(tmp_path, kind):
    steps = _run(tmp_path, [("echo before", 10), ("sleep 30", 0.5), ("echo after", 10)], kind)
    assert [(s.exit_code, s.timed_out) for s in steps] == [(0, False), (None, True), (0, False)]
    assert steps[1].wall_s == 0.5
    assert steps[2].output.read_text() == "after\n"


@pytest.mark.parametrize("kind", KINDS)
def test_the_hook_runs_between_commands_so_only_later_commands_see_its_files(tmp_path, kind):
    copy = tmp_path / "copy"
    before = {1: lambda: (copy / "heldout.txt").write_text("secret")}
    steps = _run(tmp_path, [("test ! -e heldout.txt", 10), ("test -e heldout.txt", 10)], kind, before=before)
    assert [s.exit_code for s in steps] == [0, 0]


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_a_command_started_outlives_it(tmp_path, kind):
    daemon = "setsid sh -c 'while :; do echo tick >> ticks; sleep 0.05; done' >/dev/null 2>&1 & (sleep 60 &)"
    check = "sleep 0.3; a=$(wc -l < ticks); sleep 0.4; b=$(wc -l < ticks); test \"$a\" = \"$b\""
    steps = _run(tmp_path, [(daemon, 10), (check, 10)], kind)
    assert [s.exit_code for s in steps] == [0, 0], steps[1].output.read_text()


def test_a_sandbox_that_cannot_start_is_not_booked_as_a_failing_command(tmp_path):
    out = tmp_path / "out"
    steps = batch.run_batch([("true", 5), ("true", 5)], wrap=lambda argv: ["/nonexistent/bwrap", *argv],
                            cwd=tmp_path, env=dict(os.environ), out_dir=out)
    assert [(s.exit_code, s.started) for s in steps] == [(None, False), (None, False)]
    assert all("/nonexistent/bwrap" in s.note for s in steps)
    assert not any(s.output.exists() for s in steps), "no shell ran, so no command wrote a log"
    log = tmp_path / "phase.log"
    result = oracle.phase_result(steps, log)
    assert result["error"] == "the grading sandbox could not run a command" and not result["passed"]
    assert log.read_text().count("could not be started") == 2  # the report still shows why, per command


def test_a_sandbox_that_starts_and_fails_says_why(tmp_path):
    out = tmp_path / "out"
    fail = ["sh", "-c", "echo 'bwrap: Creating new namespace failed: Operation not permitted' >&2; exit 1"]
    steps = batch.run_batch([("true", 5)], wrap=lambda argv: fail, cwd=tmp_path, env=dict(os.environ), out_dir=out)
    assert steps[0].exit_code is None and not steps[0].started
    assert "Creating new namespace failed" in steps[0].note


def test_a_command_that_kills_the_grading_shell_fails_alone(tmp_path):
    steps = _run(tmp_path, [("kill -KILL $PPID", 10), ("echo still graded", 10)])
    assert steps[0].exit_code is None and steps[0].started and "ended" in steps[0].note
    assert steps[1].exit_code == 0


def test_ctrl_c_stops_the_batch_and_its_processes(tmp_path):
    marker = f"lab-batch-{os.getpid()}"
    timer = threading.Timer(0.5, proc.CANCEL.set)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            _run(tmp_path, [(f"sleep 30; true {marker}", 60)])
    finally:
        proc.CANCEL.clear()
        timer.cancel()
    time.sleep(0.2)
    alive = [p for p in Path("/proc").iterdir() if p.name.isdigit() and marker in _cmdline(p)]
    assert not alive


def _cmdline(pid_dir: Path) -> str:
    try:
        return (pid_dir / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


@pytest.mark.parametrize("kind", KINDS)
def test_the_file_size_limit_stops_a_command_writing_past_it(tmp_path, kind):
    limit = {resource.RLIMIT_FSIZE: 64 * 1024}
    steps = _run(tmp_path, [("head -c 65536 /dev/zero > ok.bin", 10), ("head -c 65537 /dev/zero > big.bin", 10)],
                 kind, limits=limit)
    assert steps[0].exit_code == 0
    assert steps[1].exit_code != 0
    assert (tmp_path / "copy" / "big.bin").stat().st_size == 64 * 1024
