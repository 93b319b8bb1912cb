"""Hostile agents against what the portability rewrite of bench/exec changed, on Linux, the real threat surface:
nothing may be weaker here than before (descriptor-relative file access, `sh -c` grading, whole-tree kills,
resource limits, the environment allowlist, the grading guard), and the new branches (safefs by path, proc's
plain-words commands, UTF-8 with replacement, the no-sandbox warning) must not be reachable or exploitable from
what an agent, a task or a bundle controls. Each attack goes through the CLI (`python -m bench run --agent command
... --sandbox bwrap|none`, `report`), in a subprocess where what is printed or the process tree matters."""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from attack_helpers import FIXED, PY, bench, has_flag, not_passed, put, sh, suite
from bench import cli
from bench.exec import environment, proc, pyguard, safefs
from bench.score import NO_SANDBOX_WARNING

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="attacks on the Linux harness (bubblewrap, /proc)")

# The capability the descriptor-relative rules need, read from the interpreter itself (not from the platform's
# name): where it is there, the by-path fallback must never be the one chosen.
DESCRIPTOR_CAPABLE = all(f in os.supports_dir_fd for f in (os.open, os.stat, os.unlink, os.mkdir)) and \
    hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY")
WINDOWS_NAMES = ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "TEMP", "TMP")


def _alive(marker: str) -> list[str]:
    out = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if marker in line and "ps -eo" not in line]


# --- 1. safefs: the descriptor-relative path, always, on Linux ---------------------------------------------------

def test_linux_has_the_descriptor_capability_and_safefs_chooses_it():
    """Attack 1a: the by-path fallback (lstat then use: racy) selected on an OS that can do better. Decided from
    the capability in a fresh interpreter, as the CLI starts, whatever the environment says."""
    assert DESCRIPTOR_CAPABLE, "Linux without dir_fd/O_NOFOLLOW: this test would prove nothing"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "OS": "Windows_NT",
           "SYSTEMROOT": r"C:\Windows"}   # what a Windows machine's environment says: names, not capabilities
    done = subprocess.run([sys.executable, "-c", "import bench.exec.safefs as s, bench.models.proxy, os\n"
                           "print(s.AT_FD, bool(s.open_flags(0) & os.O_NOFOLLOW), bool(s._READ_FLAGS & os.O_NOFOLLOW),"
                           " bool(s._CREATE_FLAGS & os.O_NOFOLLOW))"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.stdout.split() == ["True"] * 4, done.stdout + done.stderr


def test_a_run_full_of_planted_links_never_holds_a_directory_by_path(suite, tmp_path, monkeypatch, capsys):
    """Attack 1b: an agent plants links where the harness reads and lays files (events file, .git/HEAD, a held-out
    directory, a visible test); through the whole run and its grading every directory safefs holds is a
    descriptor, never a path (the by-path branch is never taken on Linux)."""
    held_by_path = []
    real_at = safefs._at

    def spy(where, name):
        if not isinstance(where, int):
            held_by_path.append((where, name))
        return real_at(where, name)

    monkeypatch.setattr(safefs, "_at", spy)
    host = tmp_path / "host"
    host.mkdir()
    cmd = sh(f"ln -s '{host}' heldout_tests", 'ln -sf /etc/passwd "$LOCALAGENTBENCH_EVENTS_FILE"',
             "ln -sf /etc/hostname tests/test_calc.py", put("calc.py", FIXED))
    out = tmp_path / "out"
    assert cli.main(["run", "--agent", "command", "--agent-cmd", cmd, "--tasks", str(suite / "tasks"),
                     "--task", "fix-add", "--out", str(out), "--sandbox", "bwrap"]) == 0
    record = json.loads((out / "runs" / "fix-add" / "0" / "run.json").read_text())
    assert record["stage"] == "graded" and "unsafe_symlink" in record["flags"], record["flags"]
    assert os.listdir(host) == []
    assert held_by_path == [], f"safefs held directories by path on Linux: {held_by_path[:5]}"


# --- 2. task commands: `sh -c`, never plain words, on Linux --------------------------------------------------------

def test_shell_command_on_linux_is_sh_whatever_path_says(monkeypatch):
    """Attack 2a: a PATH without sh (an empty one, or the harness's started from a shell that lost /bin) must not
    turn a Linux run into the plain-words mode (no shell, another quoting, no `exec 2>&1`)."""
    monkeypatch.setenv("PATH", "")
    assert shutil.which("sh") is None
    assert proc.shell_command("python -m unittest && echo $HOME") == [
        "sh", "-c", "exec 2>&1\npython -m unittest && echo $HOME"]


@pytest.mark.parametrize("sandbox_kind", ["bwrap", "none"])
def test_a_grading_command_with_shell_syntax_runs_under_sh_on_linux(tmp_path, sandbox_kind, monkeypatch, capsys):
    """Attack 2b: grading commands with shell syntax (`&&`, a variable, a redirection) run under sh with stderr
    joined, with `sh` missing from what shutil.which sees (plain words would refuse them: an unscored run); the
    nop agent still fails, the reference solution still passes."""
    root = suite(tmp_path / "suite")
    task = root / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace(
        "    - python -m unittest discover -s tests -t . -q",
        '    - test -n "$HOME" && python -m unittest discover -s tests -t . -q && echo "graded under sh" >&2'))
    which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None if name == "sh" else which(name, *a, **k))
    outcomes = {}
    for agent in ("oracle", "nop"):
        out = tmp_path / agent
        assert cli.main(["run", "--agent", agent, "--tasks", str(root / "tasks"), "--task", "fix-add",
                         "--out", str(out), "--sandbox", sandbox_kind]) == 0
        record = json.loads((out / "runs" / "fix-add" / "0" / "run.json").read_text())
        outcomes[agent] = (record["outcome"], record["oracle"].get("infra_error"))
        if agent == "oracle":
            assert b"graded under sh" in (out / "runs" / "fix-add" / "0" / "oracle.log").read_bytes()
    assert outcomes == {"oracle": ("passed", None), "nop": ("failed", None)}


# --- 3. the environment allowlist: nothing new on Linux --------------------------------------------------------

@pytest.mark.parametrize("sandbox_kind", ["bwrap", "none"])
def test_windows_essentials_in_the_harness_environment_never_reach_a_linux_run(tmp_path, sandbox_kind):
    """Attack 3: the harness's environment carries the Windows allowlist's names (holding secrets here); neither
    the agent nor a grading command sees one, and the record names none."""
    root = suite(tmp_path / "suite")
    secrets = {name: f"secret-{name.lower()}" for name in WINDOWS_NAMES}
    cmd = sh("env > seen-env.txt", put("calc.py", FIXED))
    result = bench(tmp_path, root, cmd, "--sandbox", sandbox_kind, env=secrets)
    record = result.graded()
    passed = record["sandbox"]["env"]
    assert not set(WINDOWS_NAMES) & {*passed.get("agent", []), *passed.get("grading", [])}, passed
    patch = result.file("patch.diff").read_bytes()
    assert b"seen-env.txt" in patch and not [v for v in secrets.values() if v.encode() in patch]
    leaked = result.files_containing(b"secret-")
    assert leaked == [], f"Windows-allowlisted values in the bundle: {leaked}"


# --- 4. the whole process tree goes at the timeout -----------------------------------------------------------------

DOUBLE_FORK = """
import os, signal, sys, time
marker = sys.argv[1]
signal.signal(signal.SIGTERM, signal.SIG_IGN)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        os.execvp("sh", ["sh", "-c", "trap '' TERM HUP; while :; do sleep 1; done", marker])
    os._exit(0)
while True:
    time.sleep(1)
"""


@pytest.mark.parametrize("sandbox_kind", ["bwrap", "none"])
def test_a_double_forked_setsid_child_ignoring_sigterm_dies_at_the_timeout(tmp_path, sandbox_kind):
    """Attack 4: the agent ignores SIGTERM, double-forks a grandchild that calls setsid (leaving the process group)
    and ignores SIGTERM and SIGHUP too, and never exits; at --timeout both are gone."""
    root = suite(tmp_path / "suite")
    marker = f"lab-dfork-{sandbox_kind}-{os.getpid()}-{time.monotonic_ns()}"
    cmd = sh(put("/tmp/dfork.py", DOUBLE_FORK), f"exec {PY} /tmp/dfork.py {marker}")
    result = bench(tmp_path, root, cmd, "--sandbox", sandbox_kind, "--timeout", "3")
    record = result.graded()
    assert record["outcome"] == "agent_timeout", record["outcome"]
    deadline = time.monotonic() + 10   # the kernel reaps asynchronously; never a wall-clock assertion on the harness
    while _alive(marker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _alive(marker) == [], f"left running: {_alive(marker)}"
    if sandbox_kind == "none":
        has_flag(record, "escaped_processes")   # found by its token, outside the group


# --- 5. resource limits apply on Linux -----------------------------------------------------------------------------

def test_the_agent_runs_under_every_resource_limit_asked_for(tmp_path):
    """Attack 5: the limits became optional for Windows; on Linux the agent's own process (and so every
    descendant) must carry each one the user asked for, soft and hard alike."""
    root = suite(tmp_path / "suite")
    probe = ("import resource, json\n"
             "print(json.dumps({n: resource.getrlimit(getattr(resource, n)) for n in "
             "('RLIMIT_FSIZE', 'RLIMIT_NPROC', 'RLIMIT_AS')}))\n")
    cmd = sh(put("/tmp/probe.py", probe), f"{PY} /tmp/probe.py > limits.json", put("calc.py", FIXED))
    result = bench(tmp_path, root, cmd, "--max-file-mb", "3", "--max-procs", "777", "--max-mem-mb", "5000")
    result.graded()
    patch = result.file("patch.diff").read_text()
    line = next(ln[1:] for ln in patch.splitlines() if ln.startswith("+{"))
    assert json.loads(line) == {"RLIMIT_FSIZE": [3 << 20] * 2, "RLIMIT_NPROC": [777] * 2,
                                "RLIMIT_AS": [5000 << 20] * 2}


# --- 6. the grading guard is on, on Linux --------------------------------------------------------------------------

GUARD_ONLY = {
    # a frame walk (the way to the runner's result object); correct code otherwise, so only the guard fails it
    "frame_access": ("import sys\ntry:\n    sys._getframe(1)\nexcept Exception:\n    pass\n" + FIXED,
                     "runner_tampering"),
    # a forged passing summary, then an exit that skips the runner's own: the summary check alone believes it
    "forged_summary_exit": ("import os, sys\nsys.stderr.write('\\nRan 1 test in 0.001s\\n\\nOK\\n')\n"
                            "sys.stderr.flush()\nos._exit(0)\n", "guard_report_missing"),
}


@pytest.mark.parametrize("variant", list(GUARD_ONLY))
def test_the_grading_guard_is_on_on_linux(tmp_path, variant):
    """Attack 6: pyguard.available() gates the guard now. On Linux, changes only the guard can catch (no import of
    the runner for the static check to read; the summary the runner would print) still fail, flagged."""
    assert pyguard.available()
    root = suite(tmp_path / "suite", heldout="none")
    code, flag = GUARD_ONLY[variant]
    record = bench(tmp_path, root, sh(put("calc.py", code))).graded()
    not_passed(record)
    has_flag(record, flag)


# --- 7. UTF-8 with replacement hides no evidence -------------------------------------------------------------------

def test_undecodable_bytes_around_a_forged_summary_never_make_a_failure_pass(tmp_path):
    """Attack 7: the buggy code prints, as the tests import it, invalid UTF-8 (truncated sequences, a lone
    continuation byte, NEL and U+2028, which str.splitlines breaks at) glued to a forged passing unittest summary.
    The verdict stays the exit status; the grading log keeps the bytes exactly as printed."""
    root = suite(tmp_path / "suite", heldout="none")
    noise = b"\\xe2\\x80\\xc2\\x85Ran 9 tests in 0.001s\\xe2\\x80\\xa8\\n\\xffOK\\n\\xf0\\x9f\\n"
    buggy = (f"import sys\nsys.stderr.buffer.write(b'{noise.decode()}')\nsys.stderr.flush()\n"
             "def add(a, b):\n    return a - b\n")
    result = bench(tmp_path, root, sh(put("calc.py", buggy)))
    record = result.graded()
    assert record["outcome"] == "failed" and record["oracle"]["commands"][0]["exit_code"] != 0, record["oracle"]
    log = result.file("oracle.log").read_bytes()
    assert b"\xe2\x80\xc2\x85Ran 9 tests" in log and b"\xffOK" in log and b"FAILED" in log


# --- 8. a bundle handed to `report` cannot hide that it ran without a sandbox --------------------------------------

def _forge(out: Path, section: dict) -> None:
    for path in out.glob("runs/*/*/run.json"):
        record = json.loads(path.read_text())
        record["sandbox"] = section
        path.write_text(json.dumps(record))


UNCONFINED = {
    "kind_spelled_otherwise": {"kind": "None"},
    "kind_empty": {"kind": ""},
    "kind_unknown": {"kind": "docker"},
    "bwrap_with_the_none_warning": {"kind": "bwrap", "warning": "no sandbox: disabled with --sandbox none",
                                    "pid_namespace": False, "filesystem": "unrestricted"},
}


@pytest.mark.parametrize("variant", list(UNCONFINED))
def test_a_bundle_whose_runs_were_not_sandboxed_is_warned_about_however_it_says_so(suite, tmp_path, variant, capsys):
    """Attack 8: a results directory from someone else (untrusted) ran with --sandbox none and its records' sandbox
    section was edited so that the kind is not the word `none`: `report` re-scores it and must still print the
    no-sandbox warning in the summary and report.md (only bubblewrap, described as the harness describes it, is a
    sandbox)."""
    out = tmp_path / "run"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--out", str(out), "--sandbox", "none"]) == 0
    _forge(out, UNCONFINED[variant])
    site = tmp_path / "site"
    assert cli.main(["report", "--results", str(out), "--out", str(site)]) == 0
    assert NO_SANDBOX_WARNING in (site / "report.md").read_text(encoding="utf-8")
    pages = [p.read_text(encoding="utf-8") for p in site.glob("runs/*.html")]
    assert len(pages) == 1 and "This run had no sandbox" in pages[0]


def test_a_bundle_that_really_ran_in_bubblewrap_carries_no_such_warning(suite, tmp_path, capsys):
    """Control for attack 8: the harness's own bwrap records, re-scored by `report`, are not warned about."""
    out = tmp_path / "run"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--out", str(out), "--sandbox", "bwrap"]) == 0
    site = tmp_path / "site"
    assert cli.main(["report", "--results", str(out), "--out", str(site)]) == 0
    assert NO_SANDBOX_WARNING not in (site / "report.md").read_text(encoding="utf-8")
    pages = [p.read_text(encoding="utf-8") for p in site.glob("runs/*.html")]
    assert len(pages) == 1 and "This run had no sandbox" not in pages[0]


# --- 9. the environment allowlist is not chosen from the environment ---------------------------------------------

def test_the_windows_allowlist_is_chosen_from_the_os_not_from_what_the_environment_says(monkeypatch):
    """Attack 9: environment variables a Windows machine sets (OS, COMSPEC) do not switch Linux to its allowlist."""
    for name in WINDOWS_NAMES:
        monkeypatch.setenv(name, "x")
    monkeypatch.setenv("OS", "Windows_NT")
    script = "import json\nfrom bench.exec import environment as e\nprint(json.dumps(sorted(e.base())))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert done.returncode == 0, done.stderr
    assert not set(WINDOWS_NAMES) & set(json.loads(done.stdout)), done.stdout
    assert environment.WINDOWS is False


# --- 10. the by-path fallback itself: a link swapped in between its check and its use ---------------------------

def test_by_path_a_file_swapped_for_a_link_after_its_check_is_not_read(tmp_path, monkeypatch):
    """Attack 10: where safefs works by path (Windows), a process still running swaps the checked regular file for a
    link to a host file between lstat and open (played here by lstat's own return, with O_NOFOLLOW off as there);
    the harness must not return the host file's bytes."""
    outside = tmp_path / "host-secret"
    outside.write_bytes(b"host file")
    root = tmp_path / "tree"
    root.mkdir()
    (root / "events.jsonl").write_bytes(b"agent's own\n")
    monkeypatch.setattr(safefs, "AT_FD", False)
    monkeypatch.setattr(safefs, "_READ_FLAGS", safefs._READ_FLAGS & ~os.O_NOFOLLOW)
    real_lstat = os.lstat

    def lstat_then_swap(path, *a, **k):
        st = real_lstat(path, *a, **k)
        if os.fspath(path).endswith("events.jsonl") and stat.S_ISREG(st.st_mode):
            os.unlink(path)
            os.symlink(outside, path)
        return st

    monkeypatch.setattr(safefs.os, "lstat", lstat_then_swap)
    assert safefs.read_capped(root, "events.jsonl", 100) is None


