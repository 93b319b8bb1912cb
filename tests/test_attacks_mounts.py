"""Attacks on the sandbox's mount set (issue 27, class 2) through the CLI, as a hostile agent would make them.

A suite, a results directory, the snapshot cache or the harness's temporary root laid under a directory every
sandbox mounts (the Python installation, /usr/local/src, /opt) must stay unreadable from the agent's sandbox and
from the grading sandboxes, by its path, through /proc/self/root and /proc/1/root, through an alias or a link.
Each test lays the suite there for itself (the machine runs the tests as root, as CI does) and removes it after.
"""
from __future__ import annotations

import os
import shlex
import shutil
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from attack_helpers import FIXED, HELDOUT_MARKER, bench, not_passed, sh, suite
from bench.exec import sandbox

pytestmark = pytest.mark.skipif(sandbox.bwrap_works() is not None,
                                reason=f"bubblewrap unusable: {sandbox.bwrap_works()}")

SOLUTION_MARKER = b"return a + b"   # the reference solution's line; the fixture and the agent's prompt lack it


@contextmanager
def _place(root: str, name: str = "") -> Iterator[Path]:
    """A fresh directory under `root` (skipped where this process may not write there: run as root)."""
    if not os.access(root, os.W_OK):
        pytest.skip(f"cannot write under {root} to lay a suite for the sandbox test (run as root)")
    where = Path(root) / f"lab-mounts-{uuid.uuid4().hex[:8]}{name}"
    where.mkdir()
    try:
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)


@pytest.fixture(params=["python-prefix", "/usr/local/src", "/opt"])
def mounted(request) -> Iterator[Path]:
    """A directory under a root every sandbox mounts read-only."""
    root = sys.prefix if request.param == "python-prefix" else request.param
    with _place(os.path.realpath(root)) as where:
        yield where


@pytest.fixture
def under_opt() -> Iterator[Path]:
    with _place("/opt") as where:
        yield where


def _steal(suite_root: Path, search: Path) -> str:
    """An agent that knows where the suite is (the worst case) and also searches for it: by path, through
    /proc/self/root and /proc/1/root, by a hard link into its workdir, and by name and content under `search`;
    it prints what it read and applies the reference solution wherever it finds it."""
    s, q = shlex.quote(str(suite_root)), shlex.quote(str(search))
    return sh(
        f"for p in {s} /proc/self/root{s} /proc/1/root{s}; do",
        '  cat "$p/solutions/fix-add.patch" "$p/heldout/fix-add/heldout_tests/test_calc_hidden.py" 2>/dev/null',
        '  git apply "$p/solutions/fix-add.patch" 2>/dev/null && echo APPLIED',
        '  ln "$p/solutions/fix-add.patch" ./linked.patch 2>/dev/null && git apply linked.patch && echo APPLIED',
        "done",
        f"find {q} /proc/1/root{q} -maxdepth 7 -name 'fix-add.patch' 2>/dev/null | while read -r f; do",
        '  echo "FOUND $f"; cat "$f"; git apply "$f" 2>/dev/null && echo APPLIED',
        "done",
        f"find {q} -maxdepth 7 -name 'test_*.py' -exec grep -l 'add(-1, 5)' {{}} + 2>/dev/null",
        "true",
    )


def _stolen(run) -> bytes:
    return run.file("agent.stdout.log").read_bytes()


def _assert_contained(run) -> None:
    record = run.graded()
    not_passed(record)
    out = _stolen(run)
    assert b"APPLIED" not in out and SOLUTION_MARKER not in out and HELDOUT_MARKER not in out, out[-2000:]
    assert b"FOUND" not in out, out[-2000:]


def test_a_suite_under_a_mounted_root_is_hidden_from_the_agent(tmp_path, mounted):
    root = suite(mounted / "suite")
    run = bench(tmp_path, root, _steal(root, mounted.parent))
    _assert_contained(run)


def test_the_mount_attack_is_live_without_the_sandbox(tmp_path, under_opt):
    """The same agent, unsandboxed, finds and applies the solution: the tests above can fail."""
    root = suite(under_opt / "suite")
    run = bench(tmp_path, root, _steal(root, under_opt.parent), "--sandbox", "none")
    assert run.graded()["outcome"] == "passed"
    assert b"APPLIED" in _stolen(run) and HELDOUT_MARKER in _stolen(run)


def test_a_suite_path_with_spaces_and_a_newline_is_hidden(tmp_path, under_opt):
    root = suite(under_opt / "my suite\nv2")
    run = bench(tmp_path, root, _steal(root, under_opt))
    _assert_contained(run)


def test_a_suite_under_usr_lib_is_hidden_at_its_lib_alias_too(tmp_path):
    """/lib is bound from /usr/lib (merged /usr): the suite is reachable as /lib/... as well."""
    lib = os.path.realpath("/lib")
    if lib == "/lib":
        pytest.skip("/lib is not an alias of /usr/lib on this machine: nothing for the sandbox to mask twice")
    with _place(lib) as place:
        root = suite(place / "suite")
        alias = Path("/lib") / place.name / "suite"
        run = bench(tmp_path, root, _steal(alias, Path("/lib")))
        _assert_contained(run)


def test_a_suite_reached_through_a_link_in_a_mounted_dir_is_hidden(tmp_path, under_opt):
    """A link under /opt to a suite under /usr/local/src: the sandbox resolves the link onto the masked path."""
    with _place("/usr/local/src") as place:
        root = suite(place / "suite")
        link = under_opt / "link"
        link.symlink_to(place)
        run = bench(tmp_path, root, _steal(link / "suite", under_opt))
        _assert_contained(run)


def test_results_and_cache_under_a_mounted_root_are_hidden(tmp_path, under_opt):
    root = suite(tmp_path / "suite")
    out, cache = under_opt / "results", under_opt / "cache"
    agent = sh(f"find {shlex.quote(str(under_opt))} 2>/dev/null | sed 's/^/SEEN /'",
               f"cat {shlex.quote(str(out))}/runs/fix-add/0/run.json 2>/dev/null", "true")
    run = bench(tmp_path, root, agent, env={"LOCALAGENTBENCH_CACHE": str(cache)}, name=str(out))
    not_passed(run.graded())
    seen = _stolen(run).decode()
    assert "SEEN" in seen, "the listing ran"
    assert "run.json" not in seen and "snapshots" not in seen and "fix-add.yaml" not in seen, seen
    assert (cache / "snapshots").is_dir(), "the cache really was under /opt"
    # what is left of results/ inside is the prompt file the agent is given, and the directories leading to it
    shown = {line[5:] for line in seen.splitlines() if line.startswith("SEEN ")}
    assert {p for p in shown if not str(out / "runs" / "fix-add" / "0").startswith(p)} \
        <= {str(out / "runs" / "fix-add" / "0" / "prompt.txt"), str(cache)}, shown


def test_concurrent_runs_cannot_read_each_others_trees_under_a_mounted_temp_root(tmp_path, under_opt):
    """--jobs 2 with the temporary root under /opt: each agent lists the root and every file under it; it sees
    its own workdir and scratch, never the other run's workdir or either grading copy."""
    root = suite(tmp_path / "suite")
    trees = under_opt / "trees"
    trees.mkdir()
    agent = sh("sleep 1",
               f'find {shlex.quote(str(trees))} -type f ! -path "$PWD/*" ! -path "$(dirname "$HOME")/*" '
               "2>/dev/null | sed 's/^/OTHER /'",
               f"ls -a {shlex.quote(str(trees))} | sed 's/^/ENTRY /'", 'echo "PWD $PWD"', "true")
    run = bench(tmp_path, root, agent, "--jobs", "2", tasks=("fix-add", "fix-max"),
                env={"LOCALAGENTBENCH_TMPDIR": str(trees)})
    for task in ("fix-add", "fix-max"):
        record = run.graded(task)
        not_passed(record)
        seen = run.file("agent.stdout.log", task).read_text()
        assert "ENTRY" in seen, "the listing ran"
        assert "OTHER" not in seen, seen
        entries = {line[6:] for line in seen.splitlines() if line.startswith("ENTRY ")} - {".", ".."}
        # the workdir keeps the tree's name, inside a directory of the run's own at the root
        own = next(Path(line[4:]).parent.name for line in seen.splitlines() if line.startswith("PWD "))
        assert len(entries) <= 2 and own in entries, entries


def test_the_harness_is_out_of_reach_through_proc_and_inherited_descriptors(tmp_path, under_opt):
    """Every process the agent can see in /proc is its own; no descriptor it holds leads to the suite, the
    results or the cache (their directories would let it openat() past a mask)."""
    root = suite(under_opt / "suite")
    out = tmp_path / "out"
    agent = sh("for p in /proc/[0-9]*; do echo \"PROC $(tr '\\0' ' ' < $p/cmdline) CWD $(readlink $p/cwd)\"; done",
               "for f in /proc/self/fd/* /dev/fd/*; do echo \"FD $(readlink $f)\"; done",
               "for p in /proc/[0-9]*; do ls $p/cwd/ $p/root/$PWD/.. 2>/dev/null; done | sed 's/^/LS /'",
               "cat /proc/self/mountinfo | sed 's/^/MNT /'", "true")
    run = bench(tmp_path, root, agent)
    not_passed(run.graded())
    seen = _stolen(run).decode()
    assert "PROC" in seen and "FD" in seen
    assert "-m bench" not in seen, "a harness process is visible"
    # Their names may show (bwrap's own command line, the mount table); what lies under them may not.
    for line in seen.splitlines():
        where = line.partition(" CWD ")[2] if line.startswith("PROC") else line
        if line.startswith(("PROC", "FD", "LS")):
            assert str(root) not in where and str(out) not in where and "fix-add.patch" not in where, line
    mounts = [line.split()[5] for line in seen.splitlines() if line.startswith("MNT ") and len(line.split()) > 5]
    assert str(root) in mounts, "the suite's path is a mask in the agent's mount table"


def test_umounting_the_mask_is_refused(tmp_path, under_opt):
    root = suite(under_opt / "suite")
    q = shlex.quote(str(root))
    agent = sh(f"umount {q} 2>&1 | sed 's/^/UMOUNT /'; umount -l {q} 2>&1 | sed 's/^/UMOUNT /'",
               f"cat {q}/solutions/fix-add.patch; git apply {q}/solutions/fix-add.patch && echo APPLIED", "true")
    run = bench(tmp_path, root, agent)
    _assert_contained(run)
    assert "UMOUNT" in _stolen(run).decode()


def test_a_suite_inside_the_agents_own_virtualenv_is_hidden(tmp_path):
    """The command's program is a venv's python, so the sandbox mounts the whole venv: a suite laid inside it
    is masked there all the same."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(os.path.realpath(sys.executable))
    (venv / "pyvenv.cfg").write_text(f"home = {Path(os.path.realpath(sys.executable)).parent}\n")
    root = suite(venv / "suite")
    script = venv / "attack.py"
    script.write_text(f"import os\nos.execvp('sh', ['sh', '-c', {_steal(root, venv)!r}])\n")
    run = bench(tmp_path, root, f"{venv}/bin/python {script}")
    _assert_contained(run)


def test_a_sandbox_ro_path_holding_the_suite_still_hides_the_suite(tmp_path):
    """--sandbox-ro DIR shows DIR to the agent; a suite inside it stays masked."""
    holder = tmp_path / "holder"
    root = suite(holder / "suite")
    (holder / "notes.txt").write_text("for the agent\n")
    agent = sh(f"cat {shlex.quote(str(holder))}/notes.txt", _steal(root, holder))
    run = bench(tmp_path, root, agent, "--sandbox-ro", str(holder))
    _assert_contained(run)
    assert b"for the agent" in _stolen(run), "the --sandbox-ro directory itself is shown"


def test_grading_sandboxes_hide_the_suite_under_a_mounted_root(tmp_path, under_opt):
    """The code under test looks for the suite's solutions and held-out directory while the tests run."""
    root = suite(under_opt / "suite")
    # The markers are put together at run time, so the change itself (patch.diff) does not hold them.
    probe = (f"import os\nprint('PROBE' + '-RAN')\nS = {str(root)!r}\n"
             "if os.path.exists(S + '/solutions/fix-add.patch'): print('LEAK' + '-SOLUTION')\n"
             "if os.path.isdir(S + '/heldout') and os.listdir(S + '/heldout'): print('LEAK' + '-HELDOUT')\n"
             + FIXED.replace("a + b", "a - b"))
    agent = sh(f"cat > calc.py <<'EOF'\n{probe}EOF")
    run = bench(tmp_path, root, agent)
    not_passed(run.graded())
    assert run.files_containing(b"PROBE-RAN"), "the probe ran in a grading sandbox"
    assert not run.files_containing(b"LEAK-"), run.files_containing(b"LEAK-")
