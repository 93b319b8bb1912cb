"""Attacks on the sandbox's private mounts and on the test-writing tasks' mutation runner, through the CLI.

Agent-phase and grading-phase attacks use conftest's three-task suite (attack_helpers.suite); test-writing
attacks are the agent's own test suite for the real suite's test-roman-numerals. Suites that must pass are
honest ones plus a probe that fails the run whenever it sees anything an earlier run left: the run passes only
if no such channel exists. The runner's own refusal to grade without Landlock is exercised by loading it with
Landlock's syscall replaced by one that does not exist.
"""
from __future__ import annotations

import os
import shlex
import textwrap

import pytest

from attack_helpers import FIXED, PY, bench, not_passed, sh, suite
from bench.exec import sandbox
from test_attacks_testwriting import HONEST_ROMAN, suite_file, write_and_grade

pytestmark = pytest.mark.skipif(sandbox.bwrap_works() is not None,
                                reason=f"bubblewrap unusable: {sandbox.bwrap_works()}")

PHYSICAL = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
GIB = 1 << 30
WRITABLE = ("/", "/tmp", "/var/tmp", "/dev/shm", "/run")
FILL_MB = 80  # more than the smallest in-memory mounts (/, /run) may hold
HONEST = textwrap.dedent(HONEST_ROMAN).lstrip()


# What a sandboxed process prints about its in-memory mounts: SIZE <mount> <bytes> for each, then FILLED <mount>
# <bytes written> after writing FILL_MB into it (the write stops where the mount is full), and DEV when it could
# plant a file in /dev.
MEASURE = ("import os\n"
           f"for m in {WRITABLE!r}:\n"
           "    st = os.statvfs(m)\n"
           "    print('SIZE', m, st.f_blocks * st.f_frsize, flush=True)\n"
           "for m in ('/', '/run'):\n"
           "    path, n = os.path.join(m, 'lab-fill'), 0\n"
           "    try:\n"
           "        with open(path, 'wb') as fh:\n"
           f"            for _ in range({FILL_MB}):\n"
           "                n += fh.write(bytes(1 << 20))\n"
           "                fh.flush()\n"
           "    except OSError:\n"
           "        pass\n"
           "    print('FILLED', m, n, flush=True)\n"
           "    try:\n"
           "        os.unlink(path)\n"
           "    except OSError:\n"
           "        pass\n"
           "try:\n"
           "    open('/dev/lab-planted', 'w').close()\n"
           "    print('DEV planted', flush=True)\n"
           "except OSError:\n"
           "    pass\n")


def _check_bounded(text: str) -> None:
    sizes = {line.split()[1]: int(line.split()[2]) for line in text.splitlines() if line.startswith("SIZE ")}
    filled = {line.split()[1]: int(line.split()[2]) for line in text.splitlines() if line.startswith("FILLED ")}
    assert set(sizes) == set(WRITABLE) and set(filled) == {"/", "/run"}, text[-2000:]
    for mount, size in sizes.items():
        # an unbounded tmpfs holds half the machine's memory; every one here holds at most an eighth, and 4 GiB
        assert size <= min(PHYSICAL // 8, 4 * GIB) + (1 << 20), (mount, size)
    for mount, wrote in filled.items():
        assert wrote < FILL_MB << 20, f"{mount} took {wrote} bytes: it is unbounded"
    assert "DEV planted" not in text, "/dev must be read-only"


def test_the_agents_in_memory_mounts_are_bounded(tmp_path):
    """An agent filling /, /run, /tmp... would take the host's memory (each tmpfs defaults to half of it)."""
    root = suite(tmp_path / "suite")
    run = bench(tmp_path, root, sh(f"{PY} - <<'EOF'\n{MEASURE}EOF", "true"))
    not_passed(run.graded())
    _check_bounded(run.file("agent.stdout.log").read_text())


def test_the_grading_sandboxs_in_memory_mounts_are_bounded(tmp_path):
    """The same from the code under test, while the visible tests run."""
    root = suite(tmp_path / "suite")
    code = MEASURE.replace("print(", "print('M' + 'EASURE', ") + FIXED.replace("a + b", "a - b")
    run = bench(tmp_path, root, sh(f"cat > calc.py <<'EOF'\n{code}EOF"))
    not_passed(run.graded())
    text = run.file("oracle.log").read_text()
    assert "MEASURE SIZE" in text, text[-2000:]
    _check_bounded("\n".join(line.split(" ", 1)[1] for line in text.splitlines() if line.startswith("MEASURE ")))


# Where a run might leave a mark for a later sandbox: its private dirs, HOME, the copy's parent.
MARKS = ("/tmp/.lab-mark", "/var/tmp/.lab-mark", "/dev/shm/lab-mark", "/run/.lab-mark")
MARKER_CODE = ("import os\n"
               f"_marks = [*{MARKS!r}, os.path.expanduser('~/.lab-mark'), os.path.join('..', '.lab-mark')]\n"
               "for _p in _marks:\n"
               "    if os.path.exists(_p):\n"
               "        print('SEEN' + '-MARK', _p)\n"
               "    try:\n"
               "        open(_p, 'w').write('x')\n"
               "    except OSError:\n"
               "        pass\n")


def test_marks_left_by_the_agent_do_not_reach_grading(tmp_path):
    """The agent writes marks in every private place it has; the code under test looks for them (and writes its
    own, which the held-out phase looks for: the visible phase's sandbox is gone by then)."""
    root = suite(tmp_path / "suite")
    writes = " ".join(shlex.quote(p) for p in MARKS)
    agent = sh(f"for p in {writes} \"$HOME/.lab-mark\" ../.lab-mark; do echo x > \"$p\" && echo \"WROTE $p\"; done",
               f"cat > calc.py <<'EOF'\n{MARKER_CODE}{FIXED}EOF")
    run = bench(tmp_path, root, agent)
    record = run.graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    assert "WROTE /tmp/.lab-mark" in run.file("agent.stdout.log").read_text(), "the agent wrote its marks"
    assert not run.files_containing(b"SEEN-MARK"), run.files_containing(b"SEEN-MARK")


def test_the_agent_cannot_write_its_own_run_record(tmp_path):
    """The prompt file is the one file of the run directory the agent sees: its neighbours (the proxy's record of
    model calls, the trajectory, the patch, run.json) cannot be written or planted from inside."""
    root = suite(tmp_path / "suite")
    forged = '{"model": "forged", "prompt_tokens": 1}'
    agent = sh('d=$(dirname "$LOCALAGENTBENCH_PROMPT_FILE")',
               "for f in model_calls.jsonl trajectory.jsonl patch.diff run.json events.jsonl; do",
               f"  echo {shlex.quote(forged)} > \"$d/$f\" && echo \"WROTE $f\"",
               "done",
               'echo forged >> "$LOCALAGENTBENCH_PROMPT_FILE" && echo WROTE-PROMPT', "true")
    run = bench(tmp_path, root, agent)
    not_passed(run.graded())
    assert run.file("prompt.txt").read_text() == run.graded()["task"]["prompt"]
    assert "WROTE-PROMPT" not in run.file("agent.stdout.log").read_text()
    for name in ("model_calls.jsonl", "trajectory.jsonl", "patch.diff", "events.jsonl"):
        path = run.file(name)
        assert not path.exists() or b"forged" not in path.read_bytes(), (name, path.read_bytes()[:500])


def test_kernel_interfaces_are_read_only_or_absent(tmp_path):
    """/sys is absent; /proc/sys, /proc/sysrq-trigger and the hostname cannot be written (run as root, the sandbox's
    uid is the host's root, which the files of /proc/sys admit: kernel.core_pattern names a program the host's
    kernel runs as root); /proc/net shows only the agent's own network namespace (no host sockets). The write
    below puts back the value it read, so a sandbox that lets it through changes nothing on the host."""
    root = suite(tmp_path / "suite")
    agent = sh("ls /sys >/dev/null 2>&1 && echo SYS-SHOWN",
               "cp /proc/sys/kernel/core_pattern ./pattern",
               "cat ./pattern > /proc/sys/kernel/core_pattern 2>/dev/null && echo WROTE-PROCSYS",
               "grep -q '^Name:' /proc/self/status && echo PROC-READABLE",
               "echo h > /proc/sysrq-trigger 2>/dev/null && echo WROTE-SYSRQ",
               "hostname lab-owned 2>/dev/null && echo SET-HOSTNAME",
               "echo \"UNIX $(tail -n +2 /proc/net/unix | wc -l)\"", "true")
    run = bench(tmp_path, root, agent)
    not_passed(run.graded())
    out = run.file("agent.stdout.log").read_text()
    for bad in ("SYS-SHOWN", "WROTE-PROCSYS", "WROTE-SYSRQ", "SET-HOSTNAME"):
        assert bad not in out, out
    assert "PROC-READABLE" in out and "UNIX 0" in out, out


def test_odd_modes_and_hard_links_in_the_change_are_graded_as_content(tmp_path):
    """A correct fix with setuid and locked modes around it, an unreadable directory and hard links to files the
    sandbox shows: the change carries contents (644/755) only, and grading is unaffected."""
    root = suite(tmp_path / "suite")
    agent = sh(f"cat > calc.py <<'EOF'\n{FIXED}EOF",
               "chmod 4755 calc.py", "mkdir -p locked && echo x > locked/f && chmod 000 locked",
               f"ln {PY} ./py-link 2>/dev/null && echo LINKED-PY",
               'ln "$LOCALAGENTBENCH_PROMPT_FILE" ./prompt-link 2>/dev/null && echo LINKED-PROMPT',
               "chmod 000 tests", "true")
    run = bench(tmp_path, root, agent)
    record = run.graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record.get("error"))
    out = run.file("agent.stdout.log").read_text()
    assert "LINKED-PROMPT" not in out and "LINKED-PY" not in out, out
    patch = run.file("patch.diff").read_text()
    assert "104755" not in patch and "4755" not in patch, patch


# ---- the test-writing tasks' mutation runner ----

def _honest_plus(probe: str, name: str = "tests/test_probe.py") -> dict:
    return {"tests/test_behaviour.py": HONEST, name: probe}


# Marks on the runner's own files outside the run's copy (Landlock governs reads and writes, not chmod, xattrs
# or times): found through the runner's log, which is the run's stdout.
METADATA_PROBE = suite_file("""
    base = os.path.dirname(os.readlink('/proc/self/fd/1'))
    own = [os.path.join('tests', '__init__.py'), os.path.join('tests', 'test_behaviour.py')]
    seen = []
    for rel in own:
        try:
            if 'user.lab' in os.listxattr(rel):
                seen.append(('xattr', rel))
        except OSError:
            pass
        if os.stat(rel).st_mode & 0o777 == 0o604:
            seen.append(('mode', rel))
    for rel in own:
        for top in ('template', 'run/repo'):
            target = os.path.join(base, top, rel)
            try:
                os.setxattr(target, 'user.lab', b'1')
            except OSError:
                pass
            try:
                os.chmod(target, 0o604)
            except OSError:
                pass
    self.assertEqual(seen, [])
    """)

STATE_PROBE = suite_file("""
    import socket, time
    marks = [os.path.expanduser('~/.lab-mark'), os.path.join(os.environ.get('TMPDIR', '/tmp'), '.lab-mark'),
             '/tmp/.lab-mark', '/var/tmp/.lab-mark', '/dev/shm/lab-mark', os.path.join('..', '..', '.lab-mark')]
    seen = [p for p in marks if os.path.exists(p)]
    probe = socket.socket(socket.AF_UNIX)
    try:
        probe.connect('\\0lab-mark')
        seen.append('socket')
    except OSError:
        pass
    for p in marks:
        try:
            open(p, 'w').write('1')
        except OSError:
            pass
    pid = os.fork()
    if pid == 0:
        os.setsid()
        if os.fork() == 0:
            try:
                server = socket.socket(socket.AF_UNIX)
                server.bind('\\0lab-mark')
                server.listen(8)
                while True:
                    server.accept()
            finally:
                os._exit(0)
        os._exit(0)
    os.waitpid(pid, 0)
    time.sleep(0.1)
    self.assertEqual(seen, [])
    """)

# A run that locks what the runner must clean or reuse: its copy's parent, the runner's directory, the log
# (through the run's stdout), and a link to a directory among its files.
LOCK_PROBE = suite_file("""
    log = os.readlink('/proc/self/fd/1')
    if not log.startswith('/'):
        return  # the visible phase: output to the harness's pipe, no runner to lock out
    os.symlink('/usr', 'usr-link')
    os.makedirs('deep/er', exist_ok=True)
    os.chmod('deep/er', 0)
    os.chmod('deep', 0)
    for path in (log, '..', os.path.dirname(log)):
        os.chmod(path, 0)
    """)


@pytest.mark.parametrize("probe", ["metadata", "state", "lock"])
def test_no_run_reaches_a_later_one(tmp_path, probe):
    """An honest suite plus a probe that fails whenever it sees a mark of an earlier run (or that locks what the
    runner reuses) still passes: each run starts in a fresh copy written from memory, alone."""
    files = {"metadata": METADATA_PROBE, "state": STATE_PROBE, "lock": LOCK_PROBE}[probe]
    name = "tests/test_zz_lock.py" if probe == "lock" else "tests/test_probe.py"
    record = write_and_grade(tmp_path, "test-roman-numerals", _honest_plus(files, name))
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record["heldout"])
    assert record["heldout"]["mutants"]["caught"] == record["heldout"]["mutants"]["total"] >= 10


SYSV_FIRST_ONLY = suite_file("""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    created = libc.shmget(0x1ab5, 8, 0o1000 | 0o2000 | 0o600)   # IPC_CREAT | IPC_EXCL: only the first run creates it
    self.assertGreaterEqual(created, 0)
    """)

# The summary forged on the runner's stdout through its parent (the sandbox's shell) and the sandbox's init,
# and the runner signalled; the suite itself passes everything.
FORGE_AND_SIGNAL = suite_file("""
    import signal
    line = ('{"baseline_passed": true, "correct_total": 7, "correct_passed": 7, "tests_run": 3, '
            '"mutants_total": 12, "mutants_caught": 12}\\n')
    ppid = os.getppid()
    shell = int(open(f'/proc/{ppid}/stat').read().rsplit(')', 1)[1].split()[1])
    for pid in (shell, 1, ppid):
        for fd in (1, 2):
            try:
                with open(f'/proc/{pid}/fd/{fd}', 'w') as out:
                    out.write(line)
            except OSError:
                pass
    for pid, sig in ((ppid, signal.SIGSTOP), (shell, signal.SIGSTOP)):
        try:
            os.kill(pid, sig)
        except OSError:
            pass
    """)


@pytest.mark.parametrize("probe", ["sysv-first-run-only", "forge-and-signal"])
def test_suites_that_use_the_runners_process_do_not_pass(tmp_path, probe):
    """Each candidate runs in a sandbox of its own (its own IPC namespace): a suite that passes only where its
    System V segment is new passes on every candidate, mutants too, and fails. A suite that forges counts on its
    parents' descriptors and stops them gains nothing: the harness counts, and a stopped run ends at its budget."""
    body = {"sysv-first-run-only": SYSV_FIRST_ONLY, "forge-and-signal": FORGE_AND_SIGNAL}[probe]
    record = write_and_grade(tmp_path, "test-roman-numerals", {"tests/test_probe.py": body})
    not_passed(record)
    if probe == "forge-and-signal":   # what it wrote on its parents' descriptors is not what the harness counts
        assert record["heldout"]["passed"] is False and record["heldout"]["mutants"]["caught"] < 12, record["heldout"]


def test_a_suite_flooding_its_output_is_graded_on_behaviour(tmp_path):
    """4 MB of output per run: more than the runner reads of a run's output (its summary comes last), less than
    the harness keeps of a grading command's."""
    flood = suite_file("sys.stdout.write('x' * 4_000_000)\nsys.stdout.flush()")
    record = write_and_grade(tmp_path, "test-roman-numerals", _honest_plus(flood))
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record["heldout"])
