"""Adversarial agents through the command adapter: the sandbox and the grader must hold against each."""
from __future__ import annotations

import base64
import errno
import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bench import cli
from bench.exec import sandbox
from conftest import REPO, skip_fails_under_ci, write

pytest_plugins = ["pytester"]

needs_bwrap = pytest.mark.skipif(sandbox.bwrap_works() is not None,
                                 reason=f"bubblewrap unusable: {sandbox.bwrap_works()}")


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


@pytest.mark.slow
def test_one_gigabyte_of_stdout_is_bounded_and_the_run_recorded(suite, tmp_path, capsys):
    record = _run(suite, tmp_path,
                  "head -c 1073741824 /dev/zero; printf 'def add(a, b):\\n    return a + b\\n' > calc.py")
    log = Path(record["paths"]["run_dir"]) / "agent.stdout.log"
    assert log.stat().st_size < 17 * 1024 * 1024
    assert record["agent"]["stdout_truncated"] is True and "limit_output_size" in record["flags"]
    assert record["outcome"] == "passed", "bounded output does not stop grading"


def test_a_huge_file_hits_the_file_size_limit(suite, tmp_path, capsys):
    record = _run(suite, tmp_path, "head -c 50000000 /dev/zero > big.bin", "--max-file-mb", "10")
    assert record["agent"]["limit_hit"] == "file_size" and "limit_file_size" in record["flags"]


def test_a_conftest_that_skips_everything_is_flagged_and_fails(suite, tmp_path, capsys):
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("python -m unittest discover -s tests -t . -q",
                                             "python -m pytest -q tests"))
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


ZERO = "0000000000000000"


def _status_lines(text: str) -> dict[str, str]:
    return {k: v.strip() for k, _, v in (line.partition(":") for line in text.splitlines()) if k.startswith("Cap")}


def _python(*parts: str) -> str:
    """A shell command running the Python source `parts` (each dedented) with the sandbox's python, no
    quoting to get wrong."""
    code = base64.b64encode("".join(textwrap.dedent(p) for p in parts).encode()).decode()
    return f"python -c \"import base64; exec(base64.b64decode('{code}'))\""


def _agent_json(suite: Path, tmp_path: Path, script: str, *extra: str, name: str = "o") -> tuple[dict, dict]:
    """Run LIBC + `script` as the agent; (run record, the JSON object it printed last)."""
    record = _run(suite, tmp_path, _python(LIBC, script), *extra, name=name)
    out = (Path(record["paths"]["run_dir"]) / "agent.stdout.log").read_text()
    assert out.strip(), (Path(record["paths"]["run_dir"]) / "agent.stderr.log").read_text()
    return record, json.loads(out.strip().splitlines()[-1])


LIBC = """
    import ctypes, errno, json, os
    libc = ctypes.CDLL(None, use_errno=True)

    def call(fn, *args):
        return 0 if fn(*args) >= 0 else ctypes.get_errno()
"""


@needs_bwrap
def test_the_agent_sandbox_holds_no_capabilities(suite, tmp_path, capsys):
    record = _run(suite, tmp_path, "cat /proc/self/status", "--sandbox", "bwrap")
    caps = _status_lines((Path(record["paths"]["run_dir"]) / "agent.stdout.log").read_text())
    assert caps["CapEff"] == ZERO and caps["CapPrm"] == ZERO and caps["CapAmb"] == ZERO, caps
    assert record["sandbox"]["capabilities"] == "none"
    assert record["sandbox"]["user_namespace"] is sandbox.confinement().user_namespace
    if record["sandbox"]["user_namespace"]:
        assert caps["CapBnd"] == ZERO, "in its own user namespace nothing is left to regain"


@needs_bwrap
def test_the_grading_sandbox_holds_no_capabilities(suite, tmp_path, capsys):
    task = suite / "tasks" / "fix-add.yaml"
    text = task.read_text()
    for command in ("python -m unittest discover -s tests -t . -q",
                    "python -m unittest discover -s heldout_tests -t . -q"):
        assert command in text
        text = text.replace(command, "grep ^Cap /proc/self/status")
    task.write_text(text)
    record = _run(suite, tmp_path, "true", "--sandbox", "bwrap")
    run_dir = Path(record["paths"]["run_dir"])
    for log in ("oracle.log", "heldout.log"):
        caps = _status_lines((run_dir / log).read_text())
        assert caps["CapEff"] == ZERO and caps["CapPrm"] == ZERO, (log, caps)
        if record["sandbox"]["user_namespace"]:
            assert caps["CapBnd"] == ZERO, (log, caps)
    assert record["oracle"]["passed"] and record["heldout"]["passed"]


@needs_bwrap
def test_read_only_binds_cannot_be_remounted_or_written(suite, tmp_path, capsys):
    record, seen = _agent_json(suite, tmp_path, """
        import subprocess
        MS_REMOUNT, MS_BIND = 32, 4096
        prompt = os.environ["LOCALAGENTBENCH_PROMPT_FILE"]
        out = {"mount_cli": subprocess.run(["mount", "-o", "remount,rw", "/usr"], capture_output=True).returncode,
               "remount_usr": call(libc.mount, None, b"/usr", None, MS_REMOUNT | MS_BIND, None),
               "remount_prompt": call(libc.mount, None, prompt.encode(), None, MS_REMOUNT | MS_BIND, None)}
        for what, path in (("write_prompt", prompt), ("write_usr", "/usr/lab-remount-probe")):
            try:
                open(path, "a").write("changed")
                out[what] = 0
            except OSError as exc:
                out[what] = exc.errno
        print(json.dumps(out))
    """, "--sandbox", "bwrap")
    assert shutil.which("mount"), "util-linux mount is on this machine, so the command ran"
    assert seen["mount_cli"] != 0
    assert seen["remount_usr"] == errno.EPERM and seen["remount_prompt"] == errno.EPERM, seen
    assert seen["write_prompt"] == errno.EROFS and seen["write_usr"] == errno.EROFS, seen
    assert (Path(record["paths"]["run_dir"]) / "prompt.txt").read_text() == "Please fix calc.py.\n"
    assert not Path("/usr/lab-remount-probe").exists()


OPEN_BY_HANDLE = """
    class FileHandle(ctypes.Structure):
        _fields_ = [("handle_bytes", ctypes.c_uint), ("handle_type", ctypes.c_int), ("f_handle", ctypes.c_ubyte * 128)]

    out = {}
    for path in ("calc.py", "/usr/bin/env"):
        handle, mount_id = FileHandle(handle_bytes=128), ctypes.c_int()
        failed = call(libc.name_to_handle_at, -100, path.encode(), ctypes.byref(handle), ctypes.byref(mount_id), 0)
        if failed:
            out[path] = {"name_to_handle_at": failed}
            continue
        mount_fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
        out[path] = {"open_by_handle_at": call(libc.open_by_handle_at, mount_fd, ctypes.byref(handle), os.O_RDONLY)}
    print(json.dumps(out))
"""


@needs_bwrap
def test_open_by_handle_at_is_refused(suite, tmp_path, capsys):
    _, seen = _agent_json(suite, tmp_path, OPEN_BY_HANDLE, "--sandbox", "bwrap")
    handled = {path: r["open_by_handle_at"] for path, r in seen.items() if "open_by_handle_at" in r}
    assert handled, f"name_to_handle_at worked on neither file: {seen}"
    assert all(err == errno.EPERM for err in handled.values()), seen
    if os.geteuid() == 0:
        _, bare = _agent_json(suite, tmp_path, OPEN_BY_HANDLE, "--sandbox", "none", name="bare")
        assert any(r.get("open_by_handle_at") == 0 for r in bare.values()), f"as root it works unsandboxed: {bare}"


UNSHARE = """
    import subprocess
    print(json.dumps({"unshare_cli": subprocess.run(["unshare", "-U", "true"], capture_output=True).returncode,
                      "unshare": call(libc.unshare, 0x10000000)}))  # CLONE_NEWUSER
"""


@needs_bwrap
def test_no_nested_user_namespace_can_be_created(suite, tmp_path, capsys):
    record, seen = _agent_json(suite, tmp_path, UNSHARE, "--sandbox", "bwrap")
    if not record["sandbox"]["user_namespace"]:
        pytest.skip("this kernel refuses user namespaces: no nested ones to forbid")
    assert seen["unshare"] in (errno.ENOSPC, errno.EPERM) and seen["unshare_cli"] != 0, seen
    if os.geteuid() == 0 and shutil.which("unshare"):
        _, bare = _agent_json(suite, tmp_path, UNSHARE, "--sandbox", "none", name="bare")
        assert bare["unshare"] == 0, f"unsandboxed root can create one here (the test is live): {bare}"


@needs_bwrap
def test_agents_still_work_python_git_and_node(suite, tmp_path, capsys):
    node = "node -e \"require('fs').writeFileSync('node.txt', process.version)\" && " if shutil.which("node") else ""
    cmd = (node + "git status --porcelain > /dev/null && git log --oneline > log.txt && "
           "python -c \"open('calc.py', 'w').write('def add(a, b):\\n    return a + b\\n')\"")
    record = _run(suite, tmp_path, cmd, "--sandbox", "bwrap", "--keep-workdir")
    workdir = Path(record["paths"]["workdir"])
    assert record["agent"]["exit_code"] == 0, (Path(record["paths"]["run_dir"]) / "agent.stderr.log").read_text()
    assert record["outcome"] == "passed" and (workdir / "log.txt").read_text().strip()
    if node:
        assert (workdir / "node.txt").read_text().startswith("v")


def test_the_probe_reads_capabilities_from_proc_status():
    status = "Name:\tcat\nCapInh:\t0000000000000000\nCapPrm:\t000001fffeffffff\nCapEff:\t000001fffeffffff\n" \
             "CapBnd:\t000001fffeffffff\nCapAmb:\t0000000000000000\nSeccomp:\t0\n"
    assert sandbox.capability_sets(status) == {"CapInh": 0, "CapPrm": 0x1fffeffffff, "CapEff": 0x1fffeffffff,
                                               "CapBnd": 0x1fffeffffff, "CapAmb": 0}
    assert sandbox.capability_sets("Name:\tcat\n") == {}


@pytest.mark.parametrize("returncode,stdout,stderr,failure", [
    (0, "CapPrm:\t0000000000000000\nCapEff:\t0000000000000000\n  0 0 1\n", "", None),
    (0, "CapPrm:\t000001fffeffffff\nCapEff:\t000001fffeffffff\n  0 0 1\n", "", "capabilities"),
    (0, "CapPrm:\t0000000000000400\nCapEff:\t0000000000000000\n  0 0 1\n", "", "capabilities"),
    (0, "  0 0 1\n", "", "capabilities"),
    (0, "CapPrm:\t0000000000000000\nCapEff:\t0000000000000000\n  0 0 4294967295\n", "", "cannot_start"),
    (1, "", "bwrap: Unknown option --cap-drop", "capabilities"),
    (1, "", "bwrap: No permissions to create a new namespace", "cannot_start"),
])
def test_the_probe_judges_what_the_sandbox_got(returncode, stdout, stderr, failure):
    done = subprocess.CompletedProcess([], returncode, stdout.encode(), stderr.encode())
    found = sandbox._check_probe(sandbox.CONFINEMENTS[0], done)
    assert found.failure == failure and (found.problem is None) == (failure is None), found
    assert found.flags == sandbox.CONFINEMENTS[0] and found.user_namespace is True


@needs_bwrap
def test_the_probe_starts_the_sandbox_runs_get_and_checks_its_capabilities():
    found = sandbox.confinement()
    assert sandbox.bwrap_works() is None and found.failure is None
    assert found.flags in sandbox.CONFINEMENTS and ("--cap-drop", "ALL") == found.flags[-2:]
    argv = sandbox.wrap(["true"], "bwrap", cwd=Path("/"), rw=[], home=Path("/tmp"), network=False)
    assert argv[1:1 + len(found.flags)] == list(found.flags), "every sandbox gets the flags the probe checked"
    # The probe itself, on a sandbox without those flags: as root bwrap keeps every capability, and it sees so.
    bare = sandbox._probe(shutil.which("bwrap"), ())
    if os.geteuid() == 0:
        assert bare.failure == "capabilities" and "kept capabilities" in bare.problem, bare
    else:
        assert bare.failure is None, bare


@needs_bwrap
@pytest.mark.skipif(os.geteuid() != 0, reason="simulating a kernel without user namespaces takes root")
def test_without_user_namespaces_root_still_gets_no_capabilities(tmp_path):
    # An outer bwrap with every capability but no user namespaces left to create: what root sees on a
    # kernel that forbids them. The harness must fall back to --cap-drop ALL alone and still get CapEff 0.
    script = textwrap.dedent(f"""
        import json, subprocess
        from pathlib import Path
        from bench.exec import sandbox
        found = sandbox.confinement()
        argv = sandbox.wrap(["cat", "/proc/self/status"], "bwrap", cwd=Path({str(tmp_path)!r}), rw=[],
                            home=Path({str(tmp_path)!r}), network=False)
        status = subprocess.run(argv, capture_output=True, text=True).stdout
        print(json.dumps({{"flags": found.flags, "userns": found.user_namespace, "problem": found.problem,
                          "caps": sandbox.capability_sets(status)}}))
    """)
    outer = [shutil.which("bwrap"), "--unshare-user", "--disable-userns", "--cap-add", "ALL", "--dev-bind", "/", "/",
             "--", sys.executable, "-c", script]
    done = subprocess.run(outer, capture_output=True, text=True, timeout=60, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["problem"] is None and seen["userns"] is False and seen["flags"] == ["--cap-drop", "ALL"], seen
    assert seen["caps"]["CapEff"] == 0 and seen["caps"]["CapPrm"] == 0, seen


@pytest.mark.slow
def test_under_ci_a_skipped_sandbox_or_browser_test_fails(pytester, monkeypatch):
    pytester.makeconftest((REPO / "tests" / "conftest.py").read_text())
    pytester.makepyfile(test_skips="""
        import pytest

        def test_runs():
            pass

        def test_no_bwrap():
            pytest.skip("bubblewrap unusable: no namespaces")

        @pytest.mark.skipif(True, reason="no Chromium: apt-get install -y chromium")
        def test_no_browser():
            pass

        @pytest.mark.skipif(True, reason="Windows only")
        def test_elsewhere():
            pass
    """)
    monkeypatch.setenv("CI", "true")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1, errors=1, skipped=1)
    result.stdout.fnmatch_lines(["*skipped under CI=true*"])
    monkeypatch.delenv("CI")
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1, skipped=3)


@pytest.mark.parametrize("env,platform,reason,fails", [
    ({"CI": "true"}, "linux", "bubblewrap unusable: x", True),
    ({"CI": "true"}, "linux", "no bubblewrap sandbox: x", True),
    ({"CI": "true"}, "linux", "no Chromium: `apt-get install -y chromium`", True),
    ({"CI": "true"}, "linux", "needs bubblewrap", True),
    ({"CI": "true"}, "linux", "no committed leaderboard entries", False),
    ({"CI": "true"}, "win32", "bubblewrap is Linux-only", False),
    ({}, "linux", "bubblewrap unusable: x", False),
    ({"CI": "false"}, "linux", "no Chromium", False),
])
def test_which_skips_fail_under_ci(env, platform, reason, fails):
    assert skip_fails_under_ci(reason, env, platform) is fails


# --- Secrets under a mounted path (issue 27, class 2): masked wherever a bind of the sandbox shows them. ---

def _wrap(tmp_path: Path, secrets: list[Path], **kw) -> list[str]:
    """sandbox.wrap's argv for a sandbox with `secrets` the only secrets (the process's registry left aside)."""
    work = tmp_path / "own-work"
    work.mkdir(exist_ok=True)
    kw.setdefault("rw", [work])
    real = sorted(os.path.realpath(s) for s in secrets)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sandbox, "secret_paths", lambda: real)
        return sandbox.wrap(["true"], "bwrap", cwd=kw["rw"][0], home=kw["rw"][0], network=False, **kw)


def _ops(argv: list[str]) -> list[tuple[str, ...]]:
    """The mount operations of a bwrap argv, in order: (flag, *its operands)."""
    arity = {"--ro-bind": 2, "--ro-bind-try": 2, "--bind": 2, "--symlink": 2, "--tmpfs": 1, "--proc": 1, "--dev": 1,
             "--remount-ro": 1}
    ops, i = [], 0
    while argv[i] != "--":
        n = arity.get(argv[i])
        if n is not None:
            ops.append(tuple(argv[i:i + n + 1]))
            i += n
        i += 1
    return ops


def _binds(argv: list[str]) -> list[tuple[str, str]]:
    """(host source, path inside) of every bind in a bwrap argv."""
    return [(op[1], op[2]) for op in _ops(argv) if op[0] in ("--ro-bind", "--ro-bind-try", "--bind")]


def test_a_secret_under_a_read_only_bind_is_masked_after_it(tmp_path):
    shown = tmp_path / "shown"
    (shown / "suite" / "heldout").mkdir(parents=True)
    patch = write(shown / "solutions" / "t.patch", "+fixed\n")
    inner = write(shown / "suite" / "solutions" / "t.patch", "+fixed\n")
    ops = _ops(_wrap(tmp_path, [shown / "suite", patch, inner], ro=[shown]))
    bind = ops.index(("--ro-bind", str(shown), str(shown)))
    assert ops.index(("--tmpfs", str(shown / "suite"))) > bind
    assert ops.index(("--ro-bind", "/dev/null", str(patch))) > bind
    assert ops.index(("--remount-ro", str(shown / "suite"))) > ops.index(("--tmpfs", str(shown / "suite")))
    assert not any(str(inner) in op for op in ops), "inside a masked directory: no mount point to give its name away"


def test_a_secret_reached_through_an_alias_is_masked_at_both_paths(tmp_path, monkeypatch):
    real = tmp_path / "usr-lib"
    (real / "suite").mkdir(parents=True)
    alias = tmp_path / "lib"
    alias.symlink_to(real)   # /lib -> usr/lib: bwrap binds the target at the alias's path
    monkeypatch.setattr(sandbox, "SYSTEM_DIRS", [str(real), str(alias)])
    ops = _ops(_wrap(tmp_path, [alias / "suite"]))
    assert ("--tmpfs", str(real / "suite")) in ops
    assert ("--tmpfs", str(alias / "suite")) in ops


def test_the_runs_own_workdir_under_a_masked_temporary_root_is_bound_after_the_mask(tmp_path):
    trees = tmp_path / "trees"
    work = trees / "lab-work"
    other = trees / "lab-other-run"
    work.mkdir(parents=True)
    other.mkdir()
    ops = _ops(_wrap(tmp_path, [trees, work], rw=[work], ro=[tmp_path]))
    assert ops.index(("--tmpfs", str(trees))) < ops.index(("--bind", str(work), str(work)))
    assert ("--tmpfs", str(work)) not in ops, "the run's own workdir is never masked"
    assert not any(str(other) in op for op in ops)


def test_a_secret_no_bind_shows_gets_no_mask(tmp_path):
    (tmp_path / "elsewhere" / "suite").mkdir(parents=True)
    ops = _ops(_wrap(tmp_path, [tmp_path / "elsewhere" / "suite"]))
    assert not any(op[0] == "--tmpfs" and "suite" in op[1] for op in ops)


def test_a_narrower_mount_inside_a_secret_still_shows_and_secrets_inside_it_stay_masked(tmp_path):
    """The most specific path wins: the agent's program inside a masked tree is shown, a secret inside it is not."""
    outer = tmp_path / "outer"
    (outer / "agent" / "heldout").mkdir(parents=True)
    ops = _ops(_wrap(tmp_path, [outer / "agent" / "heldout", outer], ro=[tmp_path, outer / "agent"]))
    agent = str(outer / "agent")
    order = [ops.index(op) for op in (("--tmpfs", str(outer)), ("--ro-bind", agent, agent),
                                      ("--tmpfs", f"{agent}/heldout"))]
    assert order == sorted(order)


def test_run_secrets_are_the_suite_and_the_results_directory(suite, tmp_path):
    from bench import validate
    tasks, problems = validate.validate([str(suite / "tasks")], only=["fix-add"])
    assert not problems
    record = {"task": tasks[0], "paths": {"run_dir": str(tmp_path / "res" / "runs" / "fix-add" / "0")}}
    found = {os.path.realpath(p) for p in sandbox.run_secrets(record)}
    root = os.path.realpath(suite)
    assert {root, f"{root}/heldout/fix-add", f"{root}/solutions/fix-add.patch", f"{root}/tasks/fix-add.yaml",
            os.path.realpath(tmp_path / "res")} <= found


def test_the_harness_cache_temporary_root_and_registered_secrets_are_secret(tmp_path, monkeypatch):
    cache, trees, registered = (tmp_path / n for n in ("cache", "trees", "registered"))
    for d in (cache, trees, registered):
        d.mkdir()
    monkeypatch.setenv("LOCALAGENTBENCH_CACHE", str(cache))
    monkeypatch.setenv("LOCALAGENTBENCH_TMPDIR", str(trees))
    monkeypatch.setattr(sandbox, "_SECRETS", set())
    sandbox.keep_secret([registered, None])
    assert {str(cache), str(trees), str(registered)} <= set(sandbox.secret_paths())
    assert "/" not in sandbox.secret_paths()


def _roots_writable_here(argv: list[str]) -> list[str]:
    """Every directory a sandbox binds from the host, by its real path, that this process may write in."""
    roots = {os.path.realpath(src) for src, _ in _binds(argv)}
    return sorted(r for r in roots if os.path.isdir(r) and os.access(r, os.W_OK | os.X_OK))


@needs_bwrap
def test_a_suite_under_each_mounted_root_cannot_be_read_in_a_real_sandbox(tmp_path):
    """Each directory wrap() binds (the system directories, Python's installation, an agent's program), and
    /usr/local/src and /usr/local below them: a suite laid there is readable without the mask and not with it,
    at its real path and at every path a bind shows it (/lib for /usr/lib), through /proc/self/root too."""
    agent_tree = tmp_path / "agent-tree"
    agent_tree.mkdir()
    argv = _wrap(tmp_path, [], ro=[agent_tree])
    roots = _roots_writable_here(argv) + [r for r in ("/usr/local/src", "/usr/local") if os.access(r, os.W_OK)]
    roots = [r for r in roots if r != os.path.realpath(tmp_path / "own-work")]
    if not roots:
        pytest.skip("no directory the sandbox mounts is writable here (run as root to test each one)")
    made = []
    try:
        for root in roots:
            secret = Path(root) / f"lab-suite-{os.getpid()}-{len(made)}"
            secret.mkdir()
            made.append(secret)
            write(secret / "heldout" / "test_hidden.py", "MARKER-HELDOUT\n")
            write(secret / "solutions" / "t.patch", "MARKER-SOLUTION\n")
        for masked in (False, True):
            argv = _wrap(tmp_path, [*made, *(s / "solutions" / "t.patch" for s in made)] if masked else [],
                         ro=[agent_tree])
            # Every path inside the sandbox at which a bind shows a suite: dest + its path below the bind's source.
            inside = [os.path.join(dest, os.path.relpath(s, os.path.realpath(src)))
                      for s in made for src, dest in _binds(argv)
                      if str(s).startswith(os.path.realpath(src).rstrip("/") + "/")]
            script = "".join(f"cat '{p}/heldout/test_hidden.py' '{p}/solutions/t.patch' "
                             f"'/proc/self/root{p}/solutions/t.patch' 2>/dev/null; ls -a '{p}' 2>/dev/null\n"
                             for p in inside)
            done = subprocess.run([*argv[:-1], "sh", "-c", script], capture_output=True, text=True, timeout=60)
            assert done.returncode == 0 or done.stdout, done.stderr
            if not masked:   # the check can see a suite that is not masked: the test can fail
                assert done.stdout.count("MARKER-SOLUTION") >= 2 * len(made), done.stdout
            else:
                assert "MARKER" not in done.stdout and "heldout" not in done.stdout, done.stdout
        assert {"/usr/local/src", "/usr/local"} <= set(roots) or os.geteuid() != 0
    finally:
        for secret in made:
            shutil.rmtree(secret, ignore_errors=True)


@needs_bwrap
def test_kernel_settings_and_memory_mounts_are_out_of_reach(tmp_path):
    """Inside: /proc is read-only (run as root, the sandbox's uid is the host's root, which /proc/sys's files would
    admit), /dev is read-only, and each in-memory mount has the size memory_mounts() gives it."""
    probe = ("import errno, json, os\nout = {}\n"
             "for path in ('/proc/sys/kernel/core_pattern', '/dev/lab-planted'):\n"
             "    try:\n"
             "        os.close(os.open(path, os.O_WRONLY | os.O_CREAT))\n"
             "        out[path] = 'written'\n"
             "    except OSError as exc:\n"
             "        out[path] = errno.errorcode[exc.errno]\n"
             f"for m in {list(sandbox.memory_mounts())!r}:\n"
             "    st = os.statvfs(m)\n"
             "    out[m] = st.f_blocks * st.f_frsize\n"
             "print(json.dumps(out))\n")
    argv = sandbox.wrap([sys.executable, "-c", probe], "bwrap", cwd=tmp_path, rw=[tmp_path], home=tmp_path,
                        network=False)
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    seen = json.loads(done.stdout)
    assert seen["/proc/sys/kernel/core_pattern"] == "EROFS" and seen["/dev/lab-planted"] == "EROFS", seen
    for mount, size in sandbox.memory_mounts().items():
        assert size <= seen[mount] < size + os.sysconf("SC_PAGE_SIZE"), (mount, seen[mount], size)  # whole pages
    physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    assert sum(sandbox.memory_mounts().values()) <= physical // 4 + (128 << 20)


@needs_bwrap
def test_a_hidden_file_reads_empty_inside_and_stays_whole_outside(tmp_path):
    """`hide`: a file of the workdir (a held-out test source, itself kept read-only by ro_inside) cannot be read
    inside the sandbox (/dev/null bound there, which the sandbox's nodev mounts refuse to open) nor written; its
    sibling is readable; the host's file is untouched."""
    (tmp_path / "x_test.cpp").write_text('TEST_CASE("held out") {}\n')
    (tmp_path / "x.cpp").write_text("int x;\n")
    held = tmp_path / "x_test.cpp"
    probe = ("import json\nseen = {}\nfor name in ('x_test.cpp', 'x.cpp'):\n    try:\n"
             "        seen[name] = open(name).read()\n    except OSError as exc:\n"
             "        seen[name] = type(exc).__name__\n"
             "try:\n    open('x_test.cpp', 'w').write('forged')\n    seen['write'] = 'ok'\n"
             "except OSError as exc:\n    seen['write'] = type(exc).__name__\nprint(json.dumps(seen))\n")
    argv = sandbox.wrap([sys.executable, "-c", probe], "bwrap", cwd=tmp_path, rw=[tmp_path], home=tmp_path,
                        network=False, ro_inside=[held], hide=[held])
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    seen = json.loads(done.stdout)
    assert seen["x_test.cpp"] in ("", "PermissionError") and seen["x.cpp"] == "int x;\n", seen
    assert seen["write"] != "ok", seen
    assert held.read_text() == 'TEST_CASE("held out") {}\n'
