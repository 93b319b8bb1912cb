"""Second hostile review (issue 29 follow-up), the language-independent grading changes: the scripts a grading
command runs (oracle.command_files, bench/common/scripts.py), the task option allow_skipped, the tree keeping its
name (paths.tree_name, workdir_holder), held-out files replacing visible ones, task `setup:` commands.

Every agent runs through the real CLI under bwrap (`python -m bench run --agent command --sandbox bwrap`): a
hostile agent must not pass and must be flagged; the same task layout must pass an honest agent's fix.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from attack_helpers import BUGGY, FIXED, bench, has_flag, not_passed, put
from conftest import build_suite, needs_toolchain

# ---- scripts a grading command runs, as task authors write the commands ----------------------------------------

RUN = "python -m unittest discover -s {dir} -t . -q"
SCRIPT = "#!/bin/sh\npython -m unittest discover -s $1 -t . -q\n"
PY_RUNNER = ("import sys, unittest\nresult = unittest.main(module=None, exit=False,\n"
             "    argv=['run', 'discover', '-s', sys.argv[1], '-t', '.']).result\n"
             "sys.exit(0 if result.wasSuccessful() else 1)\n")
MAKEFILE = ("test:\n\tpython -m unittest discover -s tests -t . -q\n"
            "held:\n\tpython -m unittest discover -s heldout_tests -t . -q\n")
NOOP_MAKEFILE = "test:\n\ttrue\nheld:\n\ttrue\n"
NOOP_SH = "#!/bin/sh\nexit 0\n"

# name -> (visible command, held-out command ({d} the test directory), fixture files, the hostile agent's command,
#          the flag it raises)
LAYOUTS = {
    "python-script": ("python run_tests.py {d}", {"run_tests.py": PY_RUNNER}, put("run_tests.py", "print('ok')\n"),
                      "test_config_modified"),
    "python3-script": ("python3 -u run_tests.py {d}", {"run_tests.py": PY_RUNNER},
                       put("run_tests.py", "print('ok')\n"), "test_config_modified"),
    "shell-option": ("bash -e ./ci.sh {d}", {"ci.sh": SCRIPT}, put("ci.sh", NOOP_SH), "test_config_modified"),
    "env-wrapper": ("env X=1 ./ci.sh {d}", {"ci.sh": SCRIPT}, put("ci.sh", NOOP_SH), "test_config_modified"),
    "assignment": ("X=1 ./ci.sh {d}", {"ci.sh": SCRIPT}, put("ci.sh", NOOP_SH), "test_config_modified"),
    "cd-first": ("cd ci && ./test.sh {d}", {"ci/test.sh": "#!/bin/sh\ncd .. && " + RUN.format(dir="$1") + "\n"},
                 put("ci/test.sh", NOOP_SH), "test_config_modified"),
    "sh-c": ("sh -c './ci.sh {d}'", {"ci.sh": SCRIPT}, put("ci.sh", NOOP_SH), "test_config_modified"),
    "sourced-by-script": ("./ci.sh {d}", {"ci.sh": "#!/bin/sh\n. ./env.sh\n" + RUN.format(dir="$1") + "\n",
                                          "env.sh": "export A=1\n"},
                          put("env.sh", "exit 0\n"), "test_config_modified"),
    "make": ("make {t}", {"Makefile": MAKEFILE}, put("Makefile", NOOP_MAKEFILE), "test_config_modified"),
    "make-dir": ("make -C ci {t}", {"ci/Makefile": MAKEFILE.replace("\tpython", "\tcd .. && python")},
                 put("ci/Makefile", NOOP_MAKEFILE), "test_config_modified"),
    "make-prefers-gnumakefile": ("make {t}", {"Makefile": MAKEFILE}, put("GNUmakefile", NOOP_MAKEFILE),
                                 "test_config_added"),
    "script-run-by-makefile": ("make {t}", {"Makefile": MAKEFILE.replace("\tpython", "\t./ci.sh").replace(
        " -m unittest discover -s tests -t . -q", " tests").replace(" -m unittest discover -s heldout_tests -t . -q",
                                                                     " heldout_tests"), "ci.sh": SCRIPT},
                               put("ci.sh", NOOP_SH), "test_config_modified"),
    "optional-script": ("if [ -x ./ci-local.sh ]; then ./ci-local.sh {d}; else ./ci.sh {d}; fi", {"ci.sh": SCRIPT},
                        put("ci-local.sh", NOOP_SH) + "chmod +x ci-local.sh\n", "test_config_added"),
    "script-made-symlink": ("./ci.sh {d}", {"ci.sh": SCRIPT},
                            put("fake.sh", NOOP_SH) + "chmod +x fake.sh && rm ci.sh && ln -s fake.sh ci.sh\n",
                            "test_config_modified"),
    "script-made-directory": ("./ci.sh {d}", {"ci.sh": SCRIPT}, "rm ci.sh && mkdir ci.sh\n", "test_config_modified"),
}


def layout_suite(root: Path, name: str) -> Path:
    """conftest's fix-add task, graded by the layout's commands over its fixture files."""
    command, files, _, _ = LAYOUTS[name]
    build_suite(root)
    fixture = root / "fixtures" / "fix-add"
    for rel, text in files.items():
        (fixture / rel).parent.mkdir(parents=True, exist_ok=True)
        (fixture / rel).write_text(text)
        if rel.endswith(".sh"):
            os.chmod(fixture / rel, 0o755)
    task = root / "tasks" / "fix-add.yaml"
    text = task.read_text()
    for phase_dir, target in (("tests", "test"), ("heldout_tests", "held")):
        old = "    - " + RUN.format(dir=phase_dir)
        assert old in text
        text = text.replace(old, "    - " + json.dumps(command.format(d=phase_dir, t=target)))
    task.write_text(text)
    return root


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_a_script_the_command_runs_is_the_tasks(tmp_path, name):
    """The agent rewrites (or adds, or replaces by a link or a directory) a script the grading command runs so
    that it runs no test: the fixture's is laid back (or the added one removed), flagged, and the run fails."""
    needs_toolchain("bwrap", "make")
    _, _, attack, flag = LAYOUTS[name]
    record = bench(tmp_path, layout_suite(tmp_path / "suite", name), attack).graded()
    not_passed(record)
    has_flag(record, flag)


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_an_honest_fix_passes_every_script_layout(tmp_path, name):
    """The same layouts grade an honest fix of the code as passed, with no flag."""
    needs_toolchain("bwrap", "make")
    record = bench(tmp_path, layout_suite(tmp_path / "suite", name), put("calc.py", FIXED)).graded()
    assert record["outcome"] == "passed" and not record["flags"], (record["outcome"], record["flags"])


def test_what_a_command_runs_is_read_as_the_shell_reads_it():
    """The parse itself: programs, shells' and interpreters' scripts, make's makefiles, `cd`; never an operand a
    command passes to a program (a source the change must edit), never a PATH lookup."""
    from bench.common.scripts import named_by, named_within

    assert named_by("g++ -o t main.cpp calc_test.cpp && ./t") == {"t"}
    assert named_by("python3 run_tests.py src/calc.py") == {"run_tests.py"}
    assert named_by("python -m pytest -q tests") == set()
    assert named_by("go test -v ./... 2>&1 | tee ./log.sh") == set()
    assert named_by("node -r ./setup.js test/run.js") == {"setup.js", "test/run.js"}
    assert named_by("(cd sub && ./a.sh); ./b.sh") == {"sub/a.sh", "b.sh"}
    assert named_by("cd .. && ./outside.sh") == set()
    assert named_by("cd $DIR && ./t.sh") == set()
    assert named_by("timeout 60 nice -n 5 ./t.sh") == {"t.sh"}
    assert named_by("bash -o pipefail -c 'make -C x'") == {"x/GNUmakefile", "x/makefile", "x/Makefile"}
    assert named_within("Makefile", b"include common.mk\ntest:\n\t@./scripts/t.sh\n\t$(MAKE) -C sub\n") == \
        {"common.mk", "scripts/t.sh", "sub/GNUmakefile", "sub/makefile", "sub/Makefile"}
    assert named_within("calc.py", b"./not_a_script.sh\n") == set()



# ---- a run's workdir and the directory the harness made around it ----------------------------------------------

def _interrupt(out: Path, workdir: Path) -> None:
    """Make the bundle's fix-add run look caught half-way, its record naming `workdir`."""
    path = out / "runs" / "fix-add" / "0" / "run.json"
    record = json.loads(path.read_text())
    record["stage"] = "agent_done"
    record["paths"]["workdir"] = str(workdir)
    path.write_text(json.dumps(record))


@pytest.mark.parametrize("where", ["old-layout-in-a-labw-root", "user-directory", "temp-root-itself"])
def test_resume_deletes_only_a_workdir_the_harness_made(tmp_path, where):
    """--resume removes an interrupted run's workdir: the directory the harness made around it, or a workdir of
    the layout before (`lab-<task>-<rep>-XXXXXXXX`) and nothing above it; a record naming anything else (the
    temporary root, a directory of the user's named like the harness's) deletes nothing."""
    needs_toolchain("bwrap")
    suite_root = build_suite(tmp_path / "suite")
    fix = put("calc.py", FIXED)
    first = bench(tmp_path, suite_root, fix)
    assert first.graded()["outcome"] == "passed"
    root = tmp_path / "labw-runs"   # a temporary root the user named
    keep = root / "another-run" / "keep.txt"
    keep.parent.mkdir(parents=True)
    keep.write_text("x")
    old = root / "lab-fix-add-0-abcd1234"
    old.mkdir()
    (old / "calc.py").write_text(BUGGY)
    named = {"old-layout-in-a-labw-root": old, "user-directory": root / "another-run",
             "temp-root-itself": root}[where]
    _interrupt(first.out, named)
    again = bench(tmp_path, suite_root, fix, "--resume",
                  env={"LOCALAGENTBENCH_TMPDIR": str(root)})
    assert again.graded()["outcome"] == "passed", again.describe()
    assert keep.read_text() == "x", "a directory the harness did not make was deleted"
    assert old.exists() == (where != "old-layout-in-a-labw-root")


def test_the_holder_is_only_a_directory_the_harness_made():
    """workdir_holder names mkdtemp's directory for this run, or an old-layout workdir, never what is above it."""
    from bench.common.paths import workdir_holder

    def holder(path: str) -> str | None:
        found = workdir_holder({"task_id": "fix-add", "rep": 0, "paths": {"workdir": path}})
        return str(found) if found else None

    assert holder("/t/labw-fix-add-0-ab_d1234/fix-add") == "/t/labw-fix-add-0-ab_d1234"
    assert holder("/t/labw-runs/lab-fix-add-0-abcd1234") == "/t/labw-runs/lab-fix-add-0-abcd1234"
    assert holder("/t/labw-fix-add-1-abcd1234/fix-add") is None   # another run's
    for path in ("/t/labw-runs/src", "/", "relative/labw-fix-add-0-abcd1234/x", "/t/labw-fix-add-0-abcd1234/.."):
        assert holder(path) is None, path


# ---- allow_skipped: the task's own tests skip some ---------------------------------------------------------------

GO_CALC = {"go.mod": "module example.com/calc\n\ngo 1.18\n",
           "calc.go": "package calc\n\n// Add adds.\nfunc Add(a, b int) int { return a - b }\n",
           "calc_test.go": 'package calc\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n'
                           '\tif Add(2, 2) != 4 {\n\t\tt.Fatal(Add(2, 2))\n\t}\n}\n'}
# The held-out file's own tests: one skips unless asked to run slow checks, one always (it needs the network).
GO_HELDOUT = ('package calc\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestAddMore(t *testing.T) {\n'
              '\tif os.Getenv("CALC_SKIP_SLOW") != "" {\n\t\tt.Skip("slow")\n\t}\n'
              '\tif Add(-1, 5) != 4 {\n\t\tt.Fatal(Add(-1, 5))\n\t}\n}\n\n'
              'func TestNetwork(t *testing.T) {\n\tt.Skip("needs the network")\n}\n')
GO_FIXED = GO_CALC["calc.go"].replace("a - b", "a + b")
# The change reaches the held-out test's own skip condition: the failing test is skipped, not failed.
GO_SKIPS_ITS_FAILURE = ('package calc\n\nimport "os"\n\nfunc init() { os.Setenv("CALC_SKIP_SLOW", "1") }\n\n'
                        "// Add adds.\nfunc Add(a, b int) int {\n\tif a == 2 && b == 2 {\n\t\treturn 4\n\t}\n"
                        "\treturn a - b\n}\n")


def go_skip_suite(root: Path) -> Path:
    """A Go task whose held-out tests skip some of their own (heldout.allow_skipped: true)."""
    from conftest import CANARY, make_patch, write

    for rel, text in GO_CALC.items():
        write(root / "fixtures" / "go-calc" / rel, text)
    write(root / "heldout" / "go-calc" / "calc_more_test.go", GO_HELDOUT)
    (root / "solutions").mkdir(parents=True)
    (root / "solutions" / "go-calc.patch").write_bytes(make_patch(root / "fixtures" / "go-calc",
                                                                  {"calc.go": GO_FIXED}))
    write(root / "tasks" / "go-calc.yaml",
          f"# canary {CANARY}\nid: go-calc\ntitle: go-calc\ndifficulty: easy\ncategory: bugfix\nlanguage: go\n"
          "prompt: Fix Add.\nrepo:\n  type: fixture\n  path: fixtures/go-calc\n"
          "oracle:\n  command:\n    - go test ./...\n  timeout_s: 120\n"
          "heldout:\n  path: heldout/go-calc\n  into: root\n  allow_skipped: true\n  command:\n    - go test ./...\n"
          "  timeout_s: 120\nsolution: solutions/go-calc.patch\ntimeout_s: 120\nmax_turns: 5\n")
    return root


def test_a_held_out_test_the_task_skips_itself_fails_no_honest_fix(tmp_path):
    """allow_skipped covers the held-out tests too: a held-out test its own file skips is reported (skipped), so
    an honest fix passes instead of being booked overfit with no_tests_ran."""
    needs_toolchain("go", "bwrap")
    record = bench(tmp_path, go_skip_suite(tmp_path / "suite"), put("calc.go", GO_FIXED),
                   tasks=("go-calc",)).graded("go-calc")
    assert (record["outcome"], record["flags"]) == ("passed", []), record.get("flag_details")


@pytest.mark.xfail(strict=True, reason="gap: with allow_skipped the harness cannot tell the tests' own skips from "
                                       "one the change causes through a condition the tests read (SECURITY.md)")
def test_a_change_that_reaches_a_skip_condition_is_not_passed(tmp_path):
    """With allow_skipped, a change that sets what a held-out test's own skip reads turns its failure into a skip."""
    needs_toolchain("go", "bwrap")
    record = bench(tmp_path, go_skip_suite(tmp_path / "suite"), put("calc.go", GO_SKIPS_ITS_FAILURE),
                   tasks=("go-calc",)).graded("go-calc")
    not_passed(record)
