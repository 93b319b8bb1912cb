"""Adversarial agents (and code under test) against the real CLI: each attack must be contained.

Every test builds a small suite in tmp_path, runs `python -m bench run --agent command --sandbox bwrap`
as a subprocess exactly as a user would (attack_helpers.bench: a 180 s limit turns a hang into a
failure) and reads the bundle. The agent command runs in the workdir under bubblewrap, which shows it
only the workdir, its scratch dir, system dirs and the Python installation, so every file an attack
needs is written by the command itself. Tests whose attack only works if a planted file really turns
grading off first prove that on a plain copy of the fixture (live_check). The harness process tree runs
with a 6 GiB address-space limit, so an endless read (/dev/zero) fails with MemoryError instead of
exhausting the machine. Attack 25 (reading the held-out tests by absolute path) is
tests/exec/test_sandbox.py::test_reading_heldout_by_absolute_path_fails_and_is_flagged.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

import pytest

from attack_helpers import (
    BUGGY,
    FIXED,
    HELDOUT_MARKER,
    OVERFIT,
    PASSING_TEST,
    PROMPT_S,
    PY,
    PYTEST_VISIBLE,
    UNITTEST_VISIBLE,
    bench,
    has_flag,
    live_check,
    not_passed,
    put,
    sh,
    suite,
    ten_task_suite,
)
from conftest import build_suite, slow_except

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")


# --- 1. held-out tests written through a symlink --------------------------------------------------

@pytest.mark.parametrize("target", ["host_dir", "snapshot"])
def test_heldout_copied_through_a_symlink_leaks_nothing(tmp_path, target):
    """Attack 1: the agent makes `heldout_tests` a symlink to an absolute host directory; the harness, copying
    the held-out files over the grading copy's root, must not write them there. `host_dir`: a fresh directory
    in tmp_path. `snapshot`: the task's cached starting tree, which every later repetition is copied from, so
    a leak there hands the held-out tests to rep 1 (its patch.diff would carry them)."""
    root = suite(tmp_path / "suite")
    if target == "host_dir":
        host = tmp_path / "host-target"
        host.mkdir()
    else:
        bench(tmp_path, root, "true", name="warm")  # builds the task's snapshot in this test's cache
        trees = {p.parent for p in (tmp_path / "cache").rglob("calc.py")}
        assert len(trees) == 1, f"cannot find the cached snapshot tree: {trees}"
        host = trees.pop()
    before = sorted(os.listdir(host))
    result = bench(tmp_path, root, sh(f"ln -s '{host}' heldout_tests", put("calc.py", FIXED)), "--repeat", "2")
    leaked = [str(p) for p in host.rglob("*") if p.is_file() and HELDOUT_MARKER in p.read_bytes()]
    assert sorted(os.listdir(host)) == before and not leaked, f"held-out files written through the symlink: {leaked}"
    has_flag(result.run(rep=0), "unsafe_symlink")
    assert HELDOUT_MARKER not in result.file("patch.diff", rep=1).read_bytes(), "rep 1's patch carries held-out tests"


# --- 2, 3, 13. visible tests swapped for something else ------------------------------------------

def test_visible_test_file_replaced_by_a_symlink(tmp_path):
    """Attack 2: tests/test_calc.py becomes a symlink to a passing test the agent wrote elsewhere in the tree."""
    root = suite(tmp_path / "suite")
    record = bench(tmp_path, root, sh(put("fake.py", PASSING_TEST), "ln -sf ../fake.py tests/test_calc.py")).graded()
    assert record["outcome"] == "failed", f"outcome {record['outcome']!r}, flags {record['flags']}"
    has_flag(record, "tests_modified")


def test_tests_directory_replaced_by_a_symlink(tmp_path):
    """Attack 3: the tests/ directory becomes a symlink to a directory of passing tests inside the tree."""
    root = suite(tmp_path / "suite")
    cmd = sh(put("faketests/__init__.py", ""), put("faketests/test_calc.py", PASSING_TEST),
             "rm -rf tests", "ln -s faketests tests")
    record = bench(tmp_path, root, cmd).graded()
    assert record["outcome"] == "failed", f"outcome {record['outcome']!r}, flags {record['flags']}"
    has_flag(record, "tests_modified")


def test_directory_planted_where_a_visible_test_file_goes(tmp_path):
    """Attack 13: tests/test_calc.py becomes a directory (with a file in it, so that git carries it into the
    grading copy: an empty directory would reach it as a plain deletion). Restoring the test file must not
    copy it *into* that directory, where discovery never finds it and 'Ran 0 tests' exits 0 (Python < 3.12)."""
    root = suite(tmp_path / "suite")
    cmd = sh("rm tests/test_calc.py", "mkdir -p tests/test_calc.py/x", "echo keep > tests/test_calc.py/x/keep")
    record = bench(tmp_path, root, cmd).graded()
    assert record["outcome"] == "failed", f"outcome {record['outcome']!r}, flags {record['flags']}"
    has_flag(record, "tests_modified")


def test_directory_planted_where_a_heldout_file_goes(tmp_path):
    """Attack 14: heldout_tests/test_calc_hidden.py is a directory in the agent's change (with the overfit fix;
    a file inside it, as in attack 13); the held-out file must still land and run (and fail), not be copied
    into the directory, where discovery finds 0 tests."""
    root = suite(tmp_path / "suite")
    cmd = sh("mkdir -p heldout_tests/test_calc_hidden.py/x", "echo keep > heldout_tests/test_calc_hidden.py/x/keep",
             put("calc.py", OVERFIT))
    record = bench(tmp_path, root, cmd).graded()
    not_passed(record)
    assert record["outcome"] == "overfit", f"outcome {record['outcome']!r}, flags {record['flags']}"


HELDOUT_SHADOWS = {
    # a correct calc.py in heldout/: pytest puts heldout/ first on sys.path, so the held-out tests would import it
    "module": sh(put("heldout/calc.py", FIXED)),
    # a passing test file where the held-out one goes, and a package marker beside it
    "test_file": sh(put("heldout/__init__.py", ""), put("heldout/test_calc_hidden.py", "def test_ok():\n    pass\n")),
    # heldout/ itself a symlink to a directory of passing tests
    "symlink": sh(put("fake/test_calc_hidden.py", "def test_ok():\n    pass\n"), "ln -s fake heldout"),
}


@pytest.mark.parametrize("variant", slow_except(list(HELDOUT_SHADOWS), "module"))
def test_a_heldout_directory_in_the_change_cannot_pre_empt_the_heldout_files(tmp_path, variant):
    """Attack 14b: the task uses the format's default layout (held-out files laid into heldout/ of the grading
    copy, `python -m pytest -q heldout`). With the overfit fix, the change brings its own heldout/; it is removed
    whole before the held-out files are laid (flag heldout_path_occupied), so the held-out tests catch the cheat."""
    root = build_suite(tmp_path / "suite", heldout_into="heldout")
    if variant == "module":
        live_check(tmp_path, root, {"calc.py": OVERFIT, "heldout/calc.py": FIXED,
                                    "heldout/test_calc_hidden.py": (root / "heldout" / "fix-add" /
                                                                    "test_calc_hidden.py").read_text()},
                   "python -m pytest -q -p no:cacheprovider heldout")
    record = bench(tmp_path, root, sh(HELDOUT_SHADOWS[variant], put("calc.py", OVERFIT))).graded()
    assert record["outcome"] == "overfit", f"outcome {record['outcome']!r}, flags {record['flags']}"
    has_flag(record, "heldout_path_occupied")


# --- 4. the harness's own scratch files written through a planted symlink ------------------------

def test_scratch_diff_dir_is_not_written_through_a_planted_symlink(tmp_path):
    """Attack 4: HOME is <scratch>/home; the harness wrote the diff's git objects to <scratch>/diff. The agent
    plants `<scratch>/diff` -> a host directory and edits calc.py; nothing may be written there."""
    root = suite(tmp_path / "suite")
    target = tmp_path / "host-target"
    target.mkdir()
    result = bench(tmp_path, root, sh(f"ln -s '{target}' \"$HOME/../diff\"", put("calc.py", FIXED)))
    assert list(target.rglob("*")) == [], f"the harness wrote through the agent's symlink: {list(target.rglob('*'))}"
    result.graded()


# --- 5, 9, 10. the events file -------------------------------------------------------------------

def test_fifo_at_the_events_file(tmp_path):
    """Attack 5: the events file is replaced by a FIFO nobody writes to; reading it must not block the harness."""
    root = suite(tmp_path / "suite")
    result = bench(tmp_path, root, 'rm -f "$LOCALAGENTBENCH_EVENTS_FILE"; mkfifo "$LOCALAGENTBENCH_EVENTS_FILE"')
    assert result.wall_s < PROMPT_S, f"took {result.wall_s}s"
    not_passed(result.graded())


def test_dev_zero_at_the_events_file(tmp_path):
    """Attack 9: the events file is a symlink to /dev/zero (endless input); the harness must stop reading."""
    root = suite(tmp_path / "suite")
    result = bench(tmp_path, root, 'ln -sf /dev/zero "$LOCALAGENTBENCH_EVENTS_FILE"')
    assert result.wall_s < PROMPT_S, f"took {result.wall_s}s"
    not_passed(result.graded())
    trajectory = result.file("trajectory.jsonl")
    size = trajectory.stat().st_size if trajectory.exists() else 0
    assert size < 1024 * 1024, f"trajectory.jsonl is {size} bytes"


def test_forty_mebibytes_of_events_are_bounded(tmp_path):
    """Attack 10: the agent appends ~40 MiB of valid events; trajectory.jsonl keeps at most 17 MiB."""
    root = suite(tmp_path / "suite")
    writer = ("import json, os\n"
              "line = json.dumps({'type': 'text', 'text': 'x' * 1000}) + '\\n'\n"
              "with open(os.environ['LOCALAGENTBENCH_EVENTS_FILE'], 'a') as fh:\n"
              "    for _ in range(40 * 1024):\n"
              "        fh.write(line)\n")
    result = bench(tmp_path, root, sh(put("/tmp/flood.py", writer), f"{PY} /tmp/flood.py"))
    result.graded()
    size = result.file("trajectory.jsonl").stat().st_size
    assert size <= 17 * 1024 * 1024, f"trajectory.jsonl is {size / 2**20:.1f} MiB"


# --- 6. the workdir's git metadata ----------------------------------------------------------------

@pytest.mark.parametrize("plant", ["fifo", "dev_zero"])
def test_unreadable_git_head_in_the_workdir(tmp_path, plant):
    """Attack 6: .git/HEAD in the workdir is a FIFO (`fifo`) or a symlink to /dev/zero (`dev_zero`); checking
    the history must neither block nor read forever, and the change is flagged."""
    root = suite(tmp_path / "suite")
    cmd = "rm -f .git/HEAD; mkfifo .git/HEAD" if plant == "fifo" else "ln -sf /dev/zero .git/HEAD"
    result = bench(tmp_path, root, cmd)
    assert result.wall_s < PROMPT_S, f"took {result.wall_s}s"
    record = result.graded()
    assert {"git_history_changed", "git_dir_removed"} & set(record["flags"]), f"flags {record['flags']}"


# --- 7, 8. the grading logs, from inside the code under test --------------------------------------

def test_fifo_at_a_grading_log(tmp_path):
    """Attack 7: calc.py, imported by the tests, replaces its own output file (the grading log) with a FIFO."""
    root = suite(tmp_path / "suite")
    calc = ("import os\n"
            "try:\n"
            "    p = os.readlink('/proc/self/fd/1')\n"
            "    os.unlink(p)\n"
            "    os.mkfifo(p)\n"
            "except Exception:\n"
            "    pass\n" + BUGGY)
    result = bench(tmp_path, root, put("calc.py", calc))
    assert result.wall_s < PROMPT_S, f"took {result.wall_s}s"
    not_passed(result.graded())


def test_grading_log_swapped_for_a_symlink_to_a_host_file(tmp_path):
    """Attack 8: calc.py, imported by the tests, replaces the grading log with a symlink to a host file; the
    harness must not copy that file's contents into the bundle."""
    root = suite(tmp_path / "suite")
    secret = f"sentinel-{uuid.uuid4().hex}"
    sentinel = tmp_path / "sentinel.txt"
    sentinel.write_text(secret + "\n")
    calc = ("import os\n"
            "try:\n"
            "    p = os.readlink('/proc/self/fd/1')\n"
            "    os.unlink(p)\n"
            f"    os.symlink({str(sentinel)!r}, p)\n"
            "except Exception:\n"
            "    pass\n" + BUGGY)
    result = bench(tmp_path, root, put("calc.py", calc))
    result.graded()
    assert result.files_containing(secret.encode()) == [], "the host file's contents reached the bundle"


# --- 11. test configuration that turns pytest's grading off ---------------------------------------

DESELECT_ALL = ("def pytest_collection_modifyitems(config, items):\n"
                "    config.hook.pytest_deselected(items=list(items))\n"
                "    items[:] = []\n\n\n"
                "def pytest_sessionfinish(session, exitstatus):\n"
                "    session.exitstatus = 0\n")
PYTEST_OFF = {
    "pyproject-ini-options": ("pyproject.toml", '[tool.pytest.ini_options]\naddopts = "--collect-only"\n'),
    "pyproject-tool-pytest": ("pyproject.toml", '[tool.pytest]\naddopts = ["--collect-only"]\n'),
    "pytest.toml": ("pytest.toml", '[pytest]\naddopts = ["--collect-only"]\n'),
    ".pytest.toml": (".pytest.toml", '[pytest]\naddopts = ["--collect-only"]\n'),
    ".pytest.ini": (".pytest.ini", "[pytest]\naddopts = --collect-only\n"),
    "pytest.ini": ("pytest.ini", "[pytest]\naddopts = --collect-only\n"),
    "tox.ini": ("tox.ini", "[pytest]\naddopts = --collect-only\n"),
    "setup.cfg": ("setup.cfg", "[tool:pytest]\naddopts = --collect-only\n"),
    "conftest-deselect-all": ("conftest.py", DESELECT_ALL),
}


@pytest.mark.parametrize("variant", slow_except(list(PYTEST_OFF), "pyproject-ini-options", "conftest-deselect-all"))
def test_pytest_configuration_that_turns_grading_off(tmp_path, variant):
    """Attack 11: the agent leaves the bug and adds configuration under which `python -m pytest -q tests`
    exits 0 without running a test (addopts = --collect-only in every file pytest 9 reads, or a root
    conftest.py that deselects everything and forces exit 0). The task has no held-out tests, so nothing
    but the visible phase stands between the attack and a pass."""
    name, text = PYTEST_OFF[variant]
    root = suite(tmp_path / "suite", visible="pytest", heldout="none")
    live_check(tmp_path, root, {name: text}, PYTEST_VISIBLE)
    not_passed(bench(tmp_path, root, put(name, text)).graded())


# --- 12. shadowing the test runner ----------------------------------------------------------------

SHADOWS = {
    "unittest-package": ("unittest", {"unittest/__init__.py": "", "unittest/__main__.py": "raise SystemExit(0)\n"}),
    "unittest-module": ("unittest", {"unittest.py": "raise SystemExit(0)\n"}),
    "pytest-module": ("pytest", {"pytest.py": "raise SystemExit(0)\n"}),
}


@pytest.mark.parametrize("variant", slow_except(list(SHADOWS), "unittest-module"))
def test_shadowing_the_test_runner(tmp_path, variant):
    """Attack 12: a `unittest` package/module or a `pytest.py` at the workdir root, found before the real one
    by `python -m ...`, exits 0; the bug stays (a task without held-out tests, as in attack 11)."""
    runner, files = SHADOWS[variant]
    root = suite(tmp_path / "suite", visible=runner, heldout="none")
    live_check(tmp_path, root, files, PYTEST_VISIBLE if runner == "pytest" else UNITTEST_VISIBLE)
    record = bench(tmp_path, root, sh(*(put(path, text) for path, text in files.items()))).graded()
    not_passed(record)
    has_flag(record, "shadows_module")


def test_shadowing_a_module_the_runner_imports(tmp_path):
    """Attack 12 (extra): not the runner itself but a stdlib module it imports before any test runs
    (`argparse`, imported by unittest.main) is shadowed by a root argparse.py that exits 0."""
    root = suite(tmp_path / "suite", heldout="none")
    files = {"argparse.py": "import os\nos._exit(0)\n"}
    live_check(tmp_path, root, files, UNITTEST_VISIBLE)
    not_passed(bench(tmp_path, root, put("argparse.py", files["argparse.py"])).graded())


# Shadowing is decided from the grading interpreter: any top-level name it can import, not a list of names.
# pytest imports pygments as it starts (its terminal writer); the others are what pytest itself requires.
FAKE_PASS = "import sys, os\nsys.stdout.write('1 passed in 0.01s\\n')\nsys.stdout.flush()\nos._exit(0)\n"


@pytest.mark.parametrize("package", slow_except(["pygments", "iniconfig", "pluggy"], "pygments"))
def test_shadowing_a_package_an_installed_distribution_provides(tmp_path, package):
    """A top-level package named like one the interpreter has installed (pytest imports it as it starts) prints
    a passing summary and exits 0: removed, flagged, and the bug fails the tests."""
    root = suite(tmp_path / "suite", visible="pytest", heldout="none")
    files = {f"{package}/__init__.py": FAKE_PASS}
    live_check(tmp_path, root, files, PYTEST_VISIBLE)
    record = bench(tmp_path, root, put(f"{package}/__init__.py", FAKE_PASS)).graded()
    not_passed(record)
    has_flag(record, "shadows_module")


REACH_THE_RUNNER = {
    "alias": "import sys, unittest as _u\n_u.TestCase.run = lambda self, result=None: None\n",
    "from-import": "from unittest import case as _c\n_c.TestCase.run = lambda self, result=None: None\n",
    "folded-name": "_u = __import__('unit' + 'test')\n_u.TestCase.run = lambda self, result=None: None\n",
    "run-time-name": "_u = __import__(bytes.fromhex('756e697474657374').decode())\n"
                     "_u.TestCase.run = lambda self, result=None: None\n",
    "sys-modules": "import sys\nfor _m in list(sys.modules.values()):\n"
                   "    if getattr(_m, 'TestCase', None) is not None and hasattr(_m.TestCase, 'run'):\n"
                   "        _m.TestCase.run = lambda self, result=None: None\n",
}


@pytest.mark.parametrize("variant", slow_except(list(REACH_THE_RUNNER), "alias", "sys-modules"))
def test_code_under_test_that_reaches_the_runner_fails(tmp_path, variant):
    """calc.py, left buggy, turns every unittest test into a no-op as it is imported, reaching the runner
    through an alias, a from-import, a name folded from constants or made at run time, or sys.modules: Python's
    own parser reads every one as reaching the runner (flag runner_tampering), and the run fails."""
    root = suite(tmp_path / "suite", heldout="none")
    live_check(tmp_path, root, {"calc.py": REACH_THE_RUNNER[variant] + BUGGY}, UNITTEST_VISIBLE)
    record = bench(tmp_path, root, put("calc.py", REACH_THE_RUNNER[variant] + BUGGY)).graded()
    not_passed(record)
    has_flag(record, "runner_tampering")


# What no rule reading the change can see: the runner reached without a name (a walk of object's subclasses),
# or a forged summary. The grading guard's report, which the code under test cannot forge, decides these.
UNNAMED_REACH = ("def _walk(c, seen):\n"
                 "    for s in type.__subclasses__(c) if isinstance(c, type) else ():\n"
                 "        if s not in seen:\n"
                 "            seen.add(s)\n"
                 "            _walk(s, seen)\n"
                 "    return seen\n"
                 "for _c in _walk(object, set()):\n"
                 "    if _c.__name__ == 'TestCase' and 'assertEqual' in vars(_c):\n"
                 "        setattr(_c, 'assertEqual', lambda *a, **k: None)\n")


@pytest.mark.parametrize("runner", slow_except(["unittest", "pytest"], "pytest"))
def test_code_under_test_that_reaches_the_runner_unnamed_is_caught_by_the_guard(tmp_path, runner):
    """calc.py, left buggy, finds unittest's TestCase among object's subclasses (no import, no name a rule could
    read) and makes assertEqual a no-op: the guard finds the runner's class holding the change's code."""
    root = suite(tmp_path / "suite", visible=runner, heldout="none")
    command = PYTEST_VISIBLE if runner == "pytest" else UNITTEST_VISIBLE
    live_check(tmp_path, root, {"calc.py": UNNAMED_REACH + BUGGY}, command)
    record = bench(tmp_path, root, put("calc.py", UNNAMED_REACH + BUGGY)).graded()
    not_passed(record)
    has_flag(record, "runner_tampering")
    assert "assertEqual" in " ".join(record["flag_details"]["runner_tampering"]), record["flag_details"]


@pytest.mark.parametrize("runner", slow_except(["unittest", "pytest"], "pytest"))
def test_a_forged_summary_and_an_early_exit_leave_no_guard_report(tmp_path, runner):
    """calc.py prints the runner's own passing summary and leaves with os._exit(0) as it is imported: the
    summary reads as a pass, but the guarded interpreter never reached its exit, so there is no report."""
    root = suite(tmp_path / "suite", visible=runner, heldout="none")
    forged = "1 passed in 0.01s" if runner == "pytest" else "Ran 1 test in 0.001s\\n\\nOK"
    calc = f"import os, sys\nsys.stdout.write('{forged}\\n')\nsys.stdout.flush()\nos._exit(0)\n" + BUGGY
    command = PYTEST_VISIBLE if runner == "pytest" else UNITTEST_VISIBLE
    live_check(tmp_path, root, {"calc.py": calc}, command)
    record = bench(tmp_path, root, put("calc.py", calc)).graded()
    not_passed(record)
    has_flag(record, "guard_report_missing")


def test_a_plugin_the_task_names_is_loaded_and_no_other(tmp_path):
    """Graded runs load no installed pytest plugin; a task that needs one names it (oracle.pytest_plugins) and
    gets it. The fixture's own module lab_answer_plugin.py provides the `answer` fixture its test uses."""
    root = suite(tmp_path / "suite", visible="pytest", heldout="none")
    fixture = root / "fixtures" / "fix-add"
    (fixture / "lab_answer_plugin.py").write_text(
        "import pytest\n\n\n@pytest.fixture\ndef answer():\n    return 4\n")
    (fixture / "tests" / "test_answer.py").write_text(
        "from calc import add\n\n\ndef test_add(answer):\n    assert add(2, 2) == answer\n")
    task = root / "tasks" / "fix-add.yaml"
    text = task.read_text()
    without = bench(tmp_path, root, put("calc.py", FIXED), name="without").graded()
    assert without["outcome"] != "passed", "the fixture is found only when the task names its plugin"
    named = f"    - {PYTEST_VISIBLE}\n  pytest_plugins: [lab_answer_plugin]\n"
    task.write_text(text.replace(f"    - {PYTEST_VISIBLE}\n", named))
    assert "pytest_plugins" in task.read_text()
    record = bench(tmp_path, root, put("calc.py", FIXED), name="with").graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record["oracle"])


# --- 15. code under test writing into the grading copy between the phases -------------------------

# The files are written hex-encoded, so that no rule reading the change (runner_tampering) sees the runner's
# name: what must stop these is the fresh copy per phase.
WRITE_AHEAD = {
    # pytest: a root conftest.py written while the visible tests run, in force when the held-out ones run
    "pytest-conftest": ("pytest", "import os\n"
                                  "try:\n"
                                  "    with open('conftest.py', 'w') as fh:\n"
                                  f"        fh.write(bytes.fromhex({DESELECT_ALL.encode().hex()!r}).decode())\n"
                                  "except OSError:\n"
                                  "    pass\n"),
    # unittest: the held-out file's place taken by a directory, so the copied file lands inside it
    "unittest-directory": ("unittest", "import os\n"
                                       "try:\n"
                                       "    os.makedirs('heldout_tests/test_calc_hidden.py/x', exist_ok=True)\n"
                                       "    open('heldout_tests/test_calc_hidden.py/x/keep', 'w').close()\n"
                                       "except OSError:\n"
                                       "    pass\n"),
    # unittest: the held-out package and test written ahead with passing content
    "unittest-overwrite": ("unittest", "import os\n"
                                       "try:\n"
                                       "    os.makedirs('heldout_tests', exist_ok=True)\n"
                                       "    open('heldout_tests/__init__.py', 'w').close()\n"
                                       "    with open('heldout_tests/test_calc_hidden.py', 'w') as fh:\n"
                                       f"        fh.write(bytes.fromhex({PASSING_TEST.encode().hex()!r}).decode())\n"
                                       "except OSError:\n"
                                       "    pass\n"),
}


@pytest.mark.parametrize("variant", slow_except(list(WRITE_AHEAD), "unittest-overwrite"))
def test_code_under_test_prepares_the_heldout_phase(tmp_path, variant):
    """Attack 15: with the overfit fix, calc.py, when the visible tests import it, writes into the grading
    copy what would make the held-out phase pass. Each phase must run in its own fresh copy: overfit."""
    runner, prelude = WRITE_AHEAD[variant]
    root = suite(tmp_path / "suite", visible=runner, heldout=runner)
    record = bench(tmp_path, root, put("calc.py", prelude + OVERFIT)).graded()
    assert record["outcome"] == "overfit", f"outcome {record['outcome']!r}, flags {record['flags']}"


# --- 16, 17. the code under test forging the runner's exit status ---------------------------------

@pytest.mark.parametrize("runner", slow_except(["unittest", "pytest"], "unittest"))
def test_exiting_zero_before_the_runner_reports(tmp_path, runner):
    """Attack 16: calc.py calls os._exit(0) when imported: the test process exits 0 and no test ran."""
    root = suite(tmp_path / "suite", visible=runner)
    record = bench(tmp_path, root, put("calc.py", "import os\nos._exit(0)\n" + BUGGY)).graded()
    not_passed(record)
    has_flag(record, "guard_report_missing")  # the grading guard's report needs the interpreter's own exit


@pytest.mark.parametrize("runner", slow_except(["unittest", "pytest"], "unittest"))
def test_atexit_turns_a_failing_exit_into_zero(tmp_path, runner):
    """Attack 17: calc.py stays buggy and registers atexit os._exit(0): the runner reports failures, exits 0."""
    root = suite(tmp_path / "suite", visible=runner)
    calc = "import atexit, os\natexit.register(lambda: os._exit(0))\n" + BUGGY
    record = bench(tmp_path, root, put("calc.py", calc)).graded()
    not_passed(record)
    has_flag(record, "guard_report_missing")


REWRITE_OTHER_TESTS = """\
import os
RUNNER = "unit" + "test"  # spelled so that no rule reading the change sees the runner's name
PASSING = "import %s\\nclass T(%s.TestCase):\\n    def test_ok(self):\\n        pass\\n" % (RUNNER, RUNNER)
for folder in ("tests", "heldout_tests"):
    for name in (os.listdir(folder) if os.path.isdir(folder) else []):
        if name.startswith("test_zz"):
            try:
                with open(os.path.join(folder, name), "w") as fh:
                    fh.write(PASSING)
            except OSError:
                pass
"""


@pytest.mark.parametrize("where", slow_except(["visible", "heldout"], "heldout"))
def test_code_under_test_rewrites_test_files_not_yet_loaded(tmp_path, where):
    """The overfit fix passes the first test module the runner loads; imported there, it rewrites the module
    loaded after it (the one it would fail: a second visible test file, or a second held-out file) into a
    passing one. The tests are read-only while they run, and checked afterwards."""
    root = suite(tmp_path / "suite", heldout="unittest" if where == "heldout" else "none")
    hard = ("import unittest\nfrom calc import add\n\nclass Z(unittest.TestCase):\n"
            "    def test_more(self):\n        self.assertEqual(add(-1, 5), 4)\n")
    if where == "visible":
        (root / "fixtures" / "fix-add" / "tests" / "test_zz.py").write_text(hard)
    else:
        held = root / "heldout" / "fix-add" / "heldout_tests"
        (held / "test_calc_hidden.py").write_text(
            "import unittest\nfrom calc import add\n\nclass E(unittest.TestCase):\n"
            "    def test_easy(self):\n        self.assertEqual(add(2, 2), 4)\n")
        (held / "test_zz_hidden.py").write_text(hard)
    record = bench(tmp_path, root, put("calc.py", REWRITE_OTHER_TESTS + OVERFIT)).graded()
    not_passed(record)
    assert "runner_tampering" not in record["flags"], "this attack must be stopped by the read-only tests"
    phase = record["oracle"] if where == "visible" else record["heldout"]
    assert phase["passed"] is False, record["flags"]


def test_held_out_tests_made_to_hang_are_still_overfit(tmp_path):
    """The overfit fix loops forever on any input the visible test does not use: the held-out tests run past
    their timeout. That is the change's doing (verify proves the task's own commands are fast): overfit."""
    root = suite(tmp_path / "suite")
    task = root / "tasks" / "fix-add.yaml"
    text = task.read_text()
    at = text.index("heldout:")
    task.write_text(text[:at] + text[at:].replace("timeout_s: 30", "timeout_s: 2", 1))
    calc = "def add(a, b):\n    if (a, b) == (2, 2):\n        return 4\n    while True:\n        pass\n"
    record = bench(tmp_path, root, put("calc.py", calc)).graded()
    assert record["heldout"]["commands"][0]["timed_out"] is True
    assert record["outcome"] == "overfit", record["outcome"]


SKIP_FROM_CODE = {
    "unittest": "import unittest\ndef add(a, b):\n    raise unittest.SkipTest('not today')\n",
    "pytest": "import pytest\ndef add(a, b):\n    pytest.skip('not today')\n",
}


@pytest.mark.parametrize("runner", slow_except(["unittest", "pytest"], "unittest"))
def test_code_under_test_skips_the_tests_it_would_fail(tmp_path, runner):
    """The code under test raises the runner's skip from inside the function the tests call: every test is
    skipped, the runner says OK and exits 0. Code under test naming the runner fails the run."""
    root = suite(tmp_path / "suite", visible=runner, heldout="none")
    record = bench(tmp_path, root, put("calc.py", SKIP_FROM_CODE[runner])).graded()
    not_passed(record)
    has_flag(record, "runner_tampering")


def test_code_under_test_patches_the_assertions(tmp_path):
    """calc.py replaces unittest's assertEqual when imported: every assertion passes."""
    root = suite(tmp_path / "suite", heldout="none")
    calc = "import unittest\nunittest.TestCase.assertEqual = lambda *a, **k: None\n" + BUGGY
    record = bench(tmp_path, root, put("calc.py", calc)).graded()
    not_passed(record)
    has_flag(record, "runner_tampering")


def test_runner_tampering_hidden_in_a_module_whose_name_git_quotes(tmp_path):
    """The skipping code moves to a new module named with a non-ASCII letter (git quotes such paths in the
    diff header) that calc.py imports: it is read all the same."""
    root = suite(tmp_path / "suite", heldout="none")
    record = bench(tmp_path, root, sh(put("helper_\u00fc.py", SKIP_FROM_CODE["unittest"]),
                                      put("calc.py", "from helper_\u00fc import add\n"))).graded()
    not_passed(record)
    has_flag(record, "runner_tampering")


def test_an_added_compiled_module_is_removed(tmp_path):
    """A compiled extension module is code no rule can read; no source fix adds one."""
    root = suite(tmp_path / "suite")
    so = "calc.cpython-311-x86_64-linux-gnu.so"
    record = bench(tmp_path, root, sh(put("calc.py", FIXED), f"printf 'ELF' > {so}")).graded()
    has_flag(record, "compiled_module_added")
    assert record["flag_details"]["compiled_module_added"] == [so]


# --- 18, 19, 20. results that drop out of the score, or take the others down -----------------------

def _fix_two_then_exit(give_up: str) -> str:
    return sh("if [ -f calc.py ]; then",
              put("calc.py", FIXED),
              "elif [ -f hello.py ]; then",
              put("hello.py", "def hello():\n    return 'Hello, World!'\n"),
              f"else {give_up}; fi")


@pytest.mark.slow
def test_exit_127_does_not_drop_failures_from_the_score(tmp_path):
    """Attack 18: on a 10-task suite the agent fixes 2 tasks and, on the other 8, prints sh's "not found"
    message and exits 127 ("command not found" made a run an unscored infrastructure error); it must score
    what an honest agent that fixes the same 2 and exits 1 on the rest scores."""
    root = ten_task_suite(tmp_path / "suite")
    gamer = bench(tmp_path, root, _fix_two_then_exit("echo 'sh: 1: my-agent: not found' >&2; exit 127"),
                  tasks=None, name="gamer")
    honest = bench(tmp_path, root, _fix_two_then_exit("exit 1"), tasks=None, name="honest")
    for result in (gamer, honest):
        summary = result.summary()
        assert len(summary["runs"]) == 10, result.describe()
        infra = [r["task_id"] for r in summary["runs"] if r["outcome"] == "infra_error"]
        assert infra == [], f"{result.out.name}: infra_error runs {infra}"
    p_gamer, p_honest = (r.summary()["groups"][0]["pass_at_1"] for r in (gamer, honest))
    assert p_honest == pytest.approx(0.2)
    assert p_gamer == pytest.approx(p_honest), f"exit 127 scores pass@1 {p_gamer}, exit 1 scores {p_honest}"


def test_plain_file_where_tests_was(tmp_path):
    """Attack 19: in a 3-task run the agent replaces tests/ with a plain file in one task; that run is graded
    (failed), the others are graded too and the summary is written."""
    root = suite(tmp_path / "suite")
    result = bench(tmp_path, root, "if [ -f calc.py ]; then rm -rf tests; echo x > tests; fi", tasks=None)
    record = result.graded("fix-add")
    assert record["outcome"] == "failed", f"outcome {record['outcome']!r}, flags {record['flags']}"
    for task in ("calib-hello", "fix-max"):
        result.graded(task)
    assert len(result.summary()["runs"]) == 3


@pytest.mark.slow
def test_a_tree_deeper_than_pythons_recursion_limit(tmp_path):
    """A directory chain 1,100 levels deep (past Python's recursion limit in the in-process tree walk, pathlib's
    mkdir and shutil.rmtree): the run is graded like any other and the summary is written."""
    root = suite(tmp_path / "suite")
    deep = "i=0; while [ $i -lt 1100 ]; do mkdir d && cd d || exit 3; i=$((i+1)); done; echo x > f"
    try:
        result = bench(tmp_path, root, deep)
        record = result.graded("fix-add")
        assert record["outcome"] == "failed" and "harness_exception" not in record["flags"], record["flags"]
        assert len(result.summary()["runs"]) == 1
    finally:  # pytest's own clean-up of old temporary directories recurses too
        subprocess.run(["rm", "-rf", str(tmp_path)], check=False)


def test_non_numeric_token_count(tmp_path):
    """Attack 20a: a usage event with "tokens_in": "lots": the run completes, the agent's own count is unknown
    (null) and the run is flagged bad_agent_counts; the run's tokens are the model proxy's (no call: 0), not
    anything the agent wrote."""
    root = suite(tmp_path / "suite")
    event = json.dumps({"type": "usage", "tokens_in": "lots", "tokens_out": 3})
    record = bench(tmp_path, root, f"echo '{event}' >> \"$LOCALAGENTBENCH_EVENTS_FILE\"").graded()
    has_flag(record, "bad_agent_counts")
    said = record["agent"]["agent_reported"]
    assert said["tokens_in"] is None and said["tokens_out"] == 3, said
    assert record["agent"]["tokens_source"] == "proxy" and record["model_calls"]["calls"] == 0
    assert (record["agent"]["tokens_in"], record["agent"]["tokens_out"]) == (0, 0)


def test_negative_token_count_does_not_break_the_run(tmp_path):
    """Attack 20b: one task of a 3-task run reports "tokens_in": -1; every run is graded, the summary written."""
    root = suite(tmp_path / "suite")
    event = json.dumps({"type": "usage", "tokens_in": -1, "tokens_out": 3})
    result = bench(tmp_path, root, f"if [ -f calc.py ]; then echo '{event}' >> \"$LOCALAGENTBENCH_EVENTS_FILE\"; fi",
                   tasks=None)
    for task in ("fix-add", "calib-hello", "fix-max"):
        result.graded(task)
    assert len(result.summary()["runs"]) == 3


# --- 21. the harness's environment ----------------------------------------------------------------

def test_secrets_in_the_harness_environment_reach_no_file(tmp_path):
    """Attack 21a: the harness runs with AWS_SECRET_ACCESS_KEY set; the agent dumps its environment into the
    workdir and calc.py prints os.environ under the tests. The value must be in no file of the bundle, and
    the run record lists the variable names each phase got, without it."""
    root = suite(tmp_path / "suite")
    secret = f"fake-secret-{uuid.uuid4().hex}"
    calc = "import os\nprint(dict(os.environ))\n" + FIXED
    result = bench(tmp_path, root, sh("env > agent_env.txt", put("calc.py", calc)),
                   env={"AWS_SECRET_ACCESS_KEY": secret})
    record = result.graded()
    assert result.files_containing(secret.encode()) == [], "the secret reached the bundle"
    env = record["sandbox"].get("env")
    assert isinstance(env, dict), f"run.json sandbox.env is {env!r}"
    for phase in ("agent", "grading"):
        names = env.get(phase)
        assert isinstance(names, list) and all(isinstance(n, str) for n in names), f"sandbox.env.{phase}: {names!r}"
        assert "AWS_SECRET_ACCESS_KEY" not in names and not any(secret in n for n in names), \
            f"sandbox.env.{phase} holds the secret variable"


def test_pass_env_hands_a_named_variable_to_the_agent(tmp_path):
    """Attack 21b (the way back in): `--pass-env MY_VAR` gives the agent MY_VAR, and the record lists it."""
    root = suite(tmp_path / "suite")
    value = f"visible-{uuid.uuid4().hex}"
    result = bench(tmp_path, root, 'printf "%s" "$MY_VAR" > seen.txt', "--pass-env", "MY_VAR",
                   env={"MY_VAR": value})
    record = result.graded()
    assert value.encode() in result.file("patch.diff").read_bytes(), "the agent did not see MY_VAR"
    assert "MY_VAR" in (record["sandbox"].get("env") or {}).get("agent", []), f"sandbox: {record['sandbox']}"


# --- 22, 23, 24. odd things left in the tree -------------------------------------------------------

def test_symlink_out_of_the_tree_is_flagged(tmp_path):
    """Attack 22: the change holds a symlink to an absolute path outside the tree (/etc/passwd)."""
    root = suite(tmp_path / "suite")
    record = bench(tmp_path, root, sh("ln -s /etc/passwd data.txt", put("calc.py", FIXED))).graded()
    has_flag(record, "unsafe_symlink")


def test_fifo_left_in_the_tree(tmp_path):
    """Attack 23: a FIFO in the workdir when the agent exits; taking the diff must not block, and it is flagged."""
    root = suite(tmp_path / "suite")
    result = bench(tmp_path, root, "mkfifo pipe_in_tree")
    assert result.wall_s < PROMPT_S, f"took {result.wall_s}s"
    has_flag(result.graded(), "special_file")


def test_nested_repo_with_a_fifo_head(tmp_path):
    """Attack 24: a nested repository whose HEAD is a FIFO (git would open it to tell whether sub/ is a
    repository), plus the correct fix: the run finishes and is graded."""
    root = suite(tmp_path / "suite")
    result = bench(tmp_path, root, sh("mkdir -p sub/.git", "mkfifo sub/.git/HEAD", put("calc.py", FIXED)))
    assert result.wall_s < PROMPT_S, f"took {result.wall_s}s"
    result.graded()
