"""Adversarial agents through the command adapter: the sandbox and the grader must hold against each."""
from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from bench import cli
from bench.common import sandbox
from conftest import write

needs_bwrap = pytest.mark.skipif(sandbox.bwrap_works() is not None, reason=f"bubblewrap unusable: {sandbox.bwrap_works()}")


def _run(suite: Path, tmp_path: Path, cmd: str, *extra: str, task: str = "fix-add", name: str = "o") -> dict:
    out = tmp_path / name
    code = cli.main(["run", "--agent", "command", "--agent-cmd", cmd, "--tasks", str(suite / "tasks"),
                     "--task", task, "--out", str(out), *extra])
    assert code == 0
    return json.loads(next(out.glob("runs/*/*/run.json")).read_text())


def _alive(marker: str) -> list[str]:
    out = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if marker in line and "ps -eo" not in line]


@needs_bwrap
def test_reading_heldout_by_absolute_path_fails_and_is_flagged(suite, tmp_path, capsys):
    hidden = suite / "heldout" / "fix-add" / "heldout_tests" / "test_calc_hidden.py"
    cmd = f"cat {hidden} > stolen.txt; cat {suite}/solutions/fix-add.patch >> stolen.txt; true"
    record = _run(suite, tmp_path, cmd, "--keep-workdir")
    assert record["sandbox"]["kind"] == "bwrap"
    stolen = Path(record["paths"]["workdir"]) / "stolen.txt"
    assert stolen.read_text() == "", "the held-out tests and solutions must not be readable from the sandbox"
    assert "grader_path_referenced" in record["flags"]
    assert str(hidden.parent.parent) in record["flag_details"]["grader_path_referenced"]


@needs_bwrap
def test_deleting_files_outside_the_workdir_changes_nothing(suite, tmp_path, capsys):
    sentinel = write(tmp_path / "outside" / "precious.txt", "keep me\n")
    cmd = f"rm -rf {sentinel.parent}; rm -rf {suite}/tasks; echo gone > {tmp_path}/new-file; true"
    record = _run(suite, tmp_path, cmd)
    assert sentinel.read_text() == "keep me\n"
    assert (suite / "tasks" / "fix-add.yaml").exists()
    assert not (tmp_path / "new-file").exists()
    assert record["outcome"] == "failed"


@needs_bwrap
def test_a_setsid_daemon_is_killed_with_the_sandbox(suite, tmp_path, capsys):
    marker = f"lab-daemon-{os.getpid()}-{time.monotonic_ns()}"
    cmd = f"setsid python -c 'import time; time.sleep(300)' {marker} > /dev/null 2>&1 < /dev/null & sleep 0.3; echo bye"
    record = _run(suite, tmp_path, cmd)
    assert record["agent"]["exit_code"] == 0
    time.sleep(0.3)
    assert _alive(marker) == []


def test_a_setsid_daemon_is_killed_even_without_a_sandbox(suite, tmp_path, capsys):
    marker = f"lab-daemon-nosb-{os.getpid()}-{time.monotonic_ns()}"
    cmd = f"setsid python -c 'import time; time.sleep(300)' {marker} > /dev/null 2>&1 < /dev/null & sleep 0.3; echo bye"
    record = _run(suite, tmp_path, cmd, "--sandbox", "none")
    assert record["sandbox"]["kind"] == "none" and "warning" in record["sandbox"]
    time.sleep(0.3)
    assert _alive(marker) == []
    assert "escaped_processes" in record["flags"]


def test_an_agent_that_never_exits_times_out(suite, tmp_path, capsys):
    start = time.monotonic()
    record = _run(suite, tmp_path, "trap '' TERM; while true; do sleep 1; done", "--timeout", "2")
    assert time.monotonic() - start < 2 + 5 + 10  # the run, plus grading of the untouched tree
    assert record["outcome"] == "agent_timeout" and record["agent"]["wall_s"] < 2 + 5


def test_one_gigabyte_of_stdout_is_bounded_and_the_run_recorded(suite, tmp_path, capsys):
    record = _run(suite, tmp_path, "head -c 1073741824 /dev/zero; printf 'def add(a, b):\\n    return a + b\\n' > calc.py")
    log = Path(record["paths"]["run_dir"]) / "agent.stdout.log"
    assert log.stat().st_size < 17 * 1024 * 1024
    assert record["agent"]["stdout_truncated"] is True and "limit_output_size" in record["flags"]
    assert record["outcome"] == "passed", "bounded output does not stop grading"


def test_a_huge_file_hits_the_file_size_limit(suite, tmp_path, capsys):
    record = _run(suite, tmp_path, "head -c 50000000 /dev/zero > big.bin", "--max-file-mb", "10")
    assert record["agent"]["limit_hit"] == "file_size" and "limit_file_size" in record["flags"]


def test_a_conftest_that_skips_everything_is_flagged_and_fails(suite, tmp_path, capsys):
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("python -m unittest discover -s tests -t . -q", "python -m pytest -q tests"))
    conftest = ("import pytest\\n"
                "def pytest_collection_modifyitems(items):\\n"
                "    for item in items:\\n"
                "        item.add_marker(pytest.mark.skip(reason='nope'))\\n")
    record = _run(suite, tmp_path, f"printf \"{conftest}\" > conftest.py")
    assert "test_config_added" in record["flags"]
    assert record["outcome"] == "failed"


def test_rewriting_history_is_flagged_and_the_diff_still_taken(suite, tmp_path, capsys):
    cmd = ("printf 'def add(a, b):\\n    return a + b\\n' > calc.py && git add -A && "
           "git -c user.name=x -c user.email=x@x commit -qm fix && git reset -q --soft HEAD~0")
    record = _run(suite, tmp_path, cmd)
    assert "git_history_changed" in record["flags"]
    assert record["outcome"] == "passed", "a committed fix is still the agent's change"


@needs_bwrap
def test_grading_cannot_reach_a_server_on_the_host(suite, tmp_path, capsys):
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)
    port = listener.getsockname()[1]
    try:
        task = suite / "tasks" / "calib-hello.yaml"
        probe = (f"python -c \"import socket,sys; s=socket.socket(); s.settimeout(2); "
                 f"sys.exit(1 if s.connect_ex(('127.0.0.1', {port})) == 0 else 0)\"")
        task.write_text(task.read_text().replace("python -m unittest discover -s tests -t . -q", probe))
        record = _run(suite, tmp_path, "true", task="calib-hello")
        assert record["oracle"]["passed"] is True, "grading must not reach the host's 127.0.0.1 services"
        record = _run(suite, tmp_path, "true", "--sandbox", "none", task="calib-hello", name="nosb")
        assert record["oracle"]["passed"] is False, "without a sandbox the same probe connects (the test is live)"
    finally:
        listener.close()
