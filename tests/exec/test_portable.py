"""What runs on every OS (README, "Operating systems"): the package imports without POSIX-only modules, the
portable helpers in bench/exec (processes, task commands, files, text, environment) take their non-POSIX branch
correctly where it can be exercised here, and an evaluation with --sandbox none says so in every record, the
report and the site.

Branches checked here on Linux by choosing them (not by running Windows): proc.shell_command's plain-words path
(really run), proc.signal_group's Windows flow after taskkill (taskkill itself is absent here), safefs by path
(AT_FD off: every rule exercised on real links and files), environment's Windows allowlist."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from bench import cli, oracle
from bench.exec import environment, proc, pyguard, safefs, textio
from bench.score import NO_SANDBOX_WARNING

REPO = Path(__file__).resolve().parents[2]

# A Python that finds none of the POSIX-only modules and none of the POSIX-only os/signal names, as on Windows.
_NOT_WINDOWS = textwrap.dedent("""
    import importlib, os, pkgutil, signal, sys
    class Block:
        def find_spec(self, name, path=None, target=None):
            if name in ("resource", "fcntl", "pwd", "grp", "termios", "pty", "posix"):
                raise ImportError(f"no module named {name!r} on Windows")
    sys.meta_path.insert(0, Block())
    for name in ("O_NOFOLLOW", "O_DIRECTORY", "O_NONBLOCK", "killpg", "setsid", "getuid", "geteuid", "mkfifo",
                 "statvfs", "fchmod", "pidfd_open"):
        if hasattr(os, name):
            delattr(os, name)
    for name in ("SIGKILL", "SIGHUP", "SIGXFSZ", "SIGPIPE"):
        if hasattr(signal, name):
            delattr(signal, name)
    import bench
    for mod in pkgutil.walk_packages(bench.__path__, "bench."):
        if "pyguard_site" in mod.name or mod.name.endswith("__main__") or mod.name in sys.argv[1:]:
            continue
        try:
            importlib.import_module(mod.name)
        except Exception as exc:
            print(f"{mod.name}: {exc!r}")
""")
# Only ever started inside bwrap (Linux): the sandbox's own network forwarder.
LINUX_ONLY_MODULES = ("bench.exec.netfwd",)


def test_every_module_imports_without_posix_only_modules_and_names():
    done = subprocess.run([sys.executable, "-c", _NOT_WINDOWS, *LINUX_ONLY_MODULES], cwd=REPO, capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=300)
    assert done.returncode == 0, textio.decode(done.stderr)
    assert textio.decode(done.stdout) == ""


# --- proc.shell_command: how a task's command line runs ---

def test_posix_runs_a_command_line_under_sh_with_stderr_joined():
    assert proc.shell_command("python -m x && echo ok", posix=True) == ["sh", "-c", "exec 2>&1\npython -m x && echo ok"]


def test_without_posix_a_found_sh_runs_it():
    assert proc.shell_command("a | b", sh="C:/Git/bin/sh.exe", posix=False) == [
        "C:/Git/bin/sh.exe", "-c", "exec 2>&1\na | b"]


@pytest.mark.parametrize("command", ["pytest -q | tee x", "python -m pytest tests/*.py", "FOO=1 python -m x",
                                     "python -m x && python -m y", "echo $HOME", "python -m x # comment",
                                     "cd sub; python t.py", "a > out",
                                     "", "unbalanced 'quote"])
def test_without_a_shell_shell_syntax_is_one_line_naming_the_command(command):
    with pytest.raises(proc.NoShell) as refused:
        proc.shell_command(command, sh="", posix=False)
    assert "needs a POSIX shell" in str(refused.value) and "\n" not in str(refused.value)


def test_without_a_shell_plain_words_run_with_stderr_joined_and_the_exit_status_kept(tmp_path):
    tmp_path = tmp_path / "a dir ü"   # spaces and non-ASCII in the copy's path
    tool = tmp_path / "bin"
    tool.mkdir(parents=True)
    (tmp_path / "say.py").write_text("import sys\nprint('out', flush=True)\nprint('err ü', file=sys.stderr)\n"
                                     "sys.exit(int(sys.argv[1]))\n", encoding="utf-8")
    argv = proc.shell_command("python 'say.py' 3", sh="", posix=False)
    # `python` is looked up on the command's own PATH, as grading sets it (the harness's interpreter first).
    env = {"PATH": os.path.dirname(sys.executable) + os.pathsep + str(tool)}
    done = proc.run_tree(argv, cwd=tmp_path, env=env, stdout_path=tmp_path / "o", stderr_path=tmp_path / "e",
                         timeout_s=120)
    assert done.exit_code == 3
    assert textio.read_text(tmp_path / "o").splitlines() == ["out", "err ü"]
    assert (tmp_path / "e").read_bytes() == b""


def test_without_a_shell_a_missing_program_is_127_with_its_name(tmp_path):
    argv = proc.shell_command("no-such-program-here --x", sh="", posix=False)
    done = proc.run_tree(argv, cwd=tmp_path, env={"PATH": str(tmp_path)}, stdout_path=tmp_path / "o",
                         stderr_path=tmp_path / "e", timeout_s=120)
    assert done.exit_code == 127 and textio.read_text(tmp_path / "o").startswith("no-such-program-here: ")


# --- proc.signal_group: stopping a process tree ---

def _sleeper() -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], stdin=subprocess.DEVNULL)


def test_windows_flow_kills_a_running_child_and_never_touches_a_pid_it_no_longer_holds(monkeypatch):
    calls = []
    real_run = subprocess.run

    def fake_taskkill(argv, **kw):
        calls.append(argv)
        raise FileNotFoundError(argv[0])   # no taskkill here: the Windows flow still kills the child itself

    monkeypatch.setattr(proc, "POSIX", False)
    monkeypatch.setattr(proc.subprocess, "run", fake_taskkill)
    child = _sleeper()
    try:
        proc.signal_group(child, hard=False)
        assert child.wait(timeout=60) != 0
        assert calls == [["taskkill", "/T", "/F", "/PID", str(child.pid)]]
        proc.signal_group(child, hard=True)   # exited: its pid may be another process's now
        assert len(calls) == 1
    finally:
        monkeypatch.setattr(proc.subprocess, "run", real_run)
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.posix_only
def test_posix_flow_stops_the_whole_group(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time\n"
                              "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
                              "time.sleep(600)"], **proc.new_group())
    try:
        proc.kill_tree(child)
        assert child.wait(timeout=60) != 0
        with pytest.raises(ProcessLookupError):
            os.killpg(child.pid, 0)   # nothing of the group is left
    finally:
        if child.poll() is None:
            child.kill()


def test_new_group_names_the_windows_flag_off_posix(monkeypatch):
    monkeypatch.setattr(proc, "POSIX", False)
    assert proc.new_group() == {"creationflags": 0x200}   # CREATE_NEW_PROCESS_GROUP
    monkeypatch.setattr(proc, "POSIX", True)
    assert proc.new_group() == {"start_new_session": True}


def test_limits_are_left_out_where_the_os_has_none(monkeypatch):
    monkeypatch.setattr(proc, "resource", None)
    assert proc.limited(["x", "y"], {proc.RLIMIT_FSIZE: 10}) == ["x", "y"]


# --- safefs, with and without descriptor-relative access ---

@pytest.fixture(params=[True, False], ids=["at_fd", "by_path"])
def fs_mode(request, monkeypatch):
    if request.param and not safefs.AT_FD:
        pytest.skip("this OS has no descriptor-relative access")
    monkeypatch.setattr(safefs, "AT_FD", request.param)
    return request.param


def test_safefs_reads_lays_and_removes_plain_files_in_both_modes(tmp_path, fs_mode):
    root = tmp_path / "tree"
    (root / "a").mkdir(parents=True)
    (root / "a" / "f.txt").write_bytes(b"0123456789")
    assert safefs.read_capped(root, "a/f.txt", 4) == (b"0123", True)
    assert safefs.read_capped(root, "a/f.txt", 100) == (b"0123456789", False)
    assert safefs.read_capped(root, "a/missing", 4) is None and safefs.read_capped(root, "a", 4) is None
    (root / "b" / "c").mkdir(parents=True)   # a directory where the file goes
    assert safefs.lay_file(root, "b/c", b"laid", 0o644) is True
    assert (root / "b" / "c").read_bytes() == b"laid" and safefs.same_file(root, "b/c", b"laid", 0o644)
    (root / "d").write_bytes(b"x")           # a file where a directory goes
    assert safefs.lay_file(root, "d/e.py", b"y") is True and (root / "d" / "e.py").read_bytes() == b"y"
    assert safefs.remove(root, "a") is True and not (root / "a").exists()
    assert safefs.remove(root, "a") is False


@pytest.mark.posix_only
def test_safefs_never_goes_through_a_link_in_both_modes(tmp_path, fs_mode):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret").write_bytes(b"host file")
    root = tmp_path / "tree"
    root.mkdir()
    (root / "link").symlink_to(outside / "secret")
    (root / "dirlink").symlink_to(outside, target_is_directory=True)
    assert safefs.read_capped(root, "link", 100) is None
    assert safefs.read_capped(root, "dirlink/secret", 100) is None
    assert safefs.lay_file(root, "link", b"mine") is True          # the link is replaced, not written through
    assert safefs.lay_file(root, "dirlink/new", b"mine") is True   # a real directory made in the link's place
    assert (outside / "secret").read_bytes() == b"host file" and sorted(os.listdir(outside)) == ["secret"]
    (root / "gone").symlink_to(outside, target_is_directory=True)
    assert safefs.remove(root, "gone") is True and (outside / "secret").exists()
    os.mkfifo(root / "fifo")
    found = []
    reader = threading.Thread(target=lambda: found.append(safefs.read_capped(root, "fifo", 10)), daemon=True)
    reader.start()
    reader.join(60)
    assert found == [None]   # answered at once, never blocked on the FIFO


# --- text and environment ---

def test_text_from_files_and_programs_is_utf8_with_replacement(tmp_path):
    (tmp_path / "log").write_bytes(b"caf\xc3\xa9 \xff\n")
    assert textio.read_text(tmp_path / "log") == "café \ufffd\n"
    from bench.agents.binaries import run_version
    prog = tmp_path / "tool.py"
    prog.write_text("import sys\nsys.stdout.buffer.write(b'tool 1.0 \\xff\\xfe caf\\xc3\\xa9\\n')\n", encoding="utf-8")
    assert run_version(Path(sys.executable), (str(prog),)) == "tool 1.0 \ufffd\ufffd café"


def test_windows_environment_keeps_what_a_process_needs_to_start(monkeypatch):
    monkeypatch.setenv("SYSTEMROOT", r"C:\Windows")
    monkeypatch.setenv("PATHEXT", ".COM;.EXE")
    monkeypatch.setenv("GITHUB_TOKEN", "secret")
    monkeypatch.setattr(environment, "WINDOWS", True)
    env = environment.base()
    assert env["SYSTEMROOT"] == r"C:\Windows" and env["PATHEXT"] == ".COM;.EXE" and "GITHUB_TOKEN" not in env
    monkeypatch.setattr(environment, "WINDOWS", False)
    assert "SYSTEMROOT" not in environment.base()


# --- an evaluation with no sandbox, through the CLI ---

def test_run_with_no_sandbox_says_so_in_every_record_the_report_and_the_site(suite, tmp_path, capsys):
    out = tmp_path / "run"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", str(out),
                     "--sandbox", "none", "--report"]) == 0
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(out.glob("runs/*/*/run.json"))]
    assert len(records) == 3 and all(r["outcome"] == "passed" for r in records)
    assert all(r["sandbox"]["kind"] == "none" and r["sandbox"]["warning"].startswith("no sandbox") for r in records)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert f"oracle x none: {NO_SANDBOX_WARNING}" in summary["warnings"]
    assert NO_SANDBOX_WARNING in (out / "report.md").read_text(encoding="utf-8")
    assert "not trustworthy against a" in (out / "site" / "index.html").read_text(encoding="utf-8")


@pytest.mark.linux_only
def test_run_in_the_sandbox_carries_no_such_warning(suite, tmp_path, capsys):
    if not shutil.which("bwrap"):
        pytest.skip("bubblewrap is not installed")
    out = tmp_path / "run"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--out", str(out), "--sandbox", "bwrap"]) == 0
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert not any(NO_SANDBOX_WARNING in w for w in summary["warnings"])


def test_grading_with_no_shell_runs_plain_commands_as_words(suite, tmp_path, monkeypatch, capsys):
    """Windows without sh, as far as Linux can play it: every grading command through the plain-words path and
    no grading guard (pyguard.available is False there); the suite's commands are plain words, so every task is
    graded as under sh: the reference solution passes, nothing (nop) fails."""
    monkeypatch.setattr(oracle, "shell_command", lambda command: proc.shell_command(command, sh="", posix=False))
    monkeypatch.setattr(pyguard, "available", lambda: False)
    outcomes = {}
    for agent in ("oracle", "nop"):
        out = tmp_path / agent
        cli.main(["run", "--agent", agent, "--tasks", str(suite / "tasks"), "--out", str(out), "--sandbox", "none"])
        outcomes[agent] = {json.loads(p.read_text(encoding="utf-8"))["task_id"]: json.loads(
            p.read_text(encoding="utf-8"))["outcome"] for p in out.glob("runs/*/*/run.json")}
    assert outcomes["oracle"] == {"fix-add": "passed", "calib-hello": "passed", "fix-max": "passed"}
    assert set(outcomes["nop"].values()) == {"failed"}


def test_grading_a_shell_only_command_without_a_shell_is_one_note_not_a_crash(tmp_path, monkeypatch):
    monkeypatch.setattr(oracle, "shell_command", lambda command: proc.shell_command(command, sh="", posix=False))
    step = oracle.run_command("python -m unittest && echo done", 30, kind="none", copy=tmp_path, home=tmp_path,
                              env={"PATH": os.environ["PATH"]}, logs=tmp_path, index=0)
    assert step.started is False and "needs a POSIX shell" in step.note
