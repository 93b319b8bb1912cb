"""proc: the sweep for processes that escaped their group finds every new one and skips the machine's old ones."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from bench.exec import proc

pytestmark = [pytest.mark.linux_only,
              pytest.mark.skipif(not os.path.isdir("/proc"), reason="the sweep reads /proc")]


def _token(name: str) -> str:
    """A token no other test session on the machine carries: a sweep kills whatever carries it."""
    return f"{name}-{os.getpid()}-{time.monotonic_ns()}"


def _sleeper(token: str) -> subprocess.Popen:
    env = {**os.environ, "LOCALAGENTBENCH_RUN_TOKEN": token}
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], env=env, start_new_session=True)


def test_a_process_started_after_since_is_found_and_killed():
    since, token = time.time(), _token("newborn")
    child = _sleeper(token)
    time.sleep(0.2)
    assert proc.pid_sweep(token, since=since) == 1
    assert child.wait(timeout=10) == -9


def test_a_process_the_kernel_knew_before_since_is_not_read_and_without_since_it_is():
    token = _token("old")
    child = _sleeper(token)
    try:
        os.stat(f"/proc/{child.pid}")  # the kernel's entry for it now exists, dated now
        time.sleep(1.5)  # past the sweep's second of slack
        assert proc.pid_sweep(token, since=time.time()) == 0, "older than the token: it cannot carry it"
        assert child.poll() is None
        assert proc.pid_sweep(token) == 1
        assert child.wait(timeout=10) == -9
    finally:
        child.kill()
