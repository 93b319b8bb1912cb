"""The language registry and the rules every profile shares (bench/languages/__init__.py, base.py), and what
grading does with them whatever the language: protection by language, the summary a phase must show, build
output left out of a change."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from attack_helpers import bench, has_flag, not_passed, put, sh
from bench import languages
from bench.common import rules
from bench.exec import git as bgit
from bench.languages.base import Summary, combined
from bench.oracle import Step, require_summary
from conftest import CANARY, REPO, write


@pytest.mark.parametrize("spelling, name", [("Go", "go"), ("golang", "go"), (" RUST ", "rust"), ("rs", "rust"),
                                            ("js", "javascript"), ("TypeScript", "javascript"), ("ts", "javascript"),
                                            ("c++", "cpp"), ("Java", "java"), (None, "python"), ("py", "python")])
def test_a_task_language_selects_its_profile_whatever_the_spelling(spelling, name):
    assert languages.canonical(spelling) == name
    assert languages.profile_of(spelling).name == name


def test_a_language_no_profile_knows_protects_every_profiles_files_and_needs_no_summary():
    unknown = languages.profile_of("cobol")
    assert languages.canonical("cobol") is None and not unknown.requires_summary
    for path in ("x_test.go", "tests/a.rs", "src/a.test.js", "src/test/java/A.java", "t/b_test.cpp", "test_a.py"):
        assert unknown.is_test_path(path), path
    for path in ("go.mod", "Cargo.toml", "package.json", "pom.xml", "CMakeLists.txt", "node_modules/x/y.js"):
        assert unknown.is_config(path), path


TEST_FILES = {  # language -> (test files, files that are not tests), written here from the list
    "go": (["x_test.go", "pkg/a/b_test.go", "pkg/testdata/in.txt"], ["main.go", "pkg/test.go", "tests/x.go"]),
    "rust": (["tests/it.rs", "crates/a/tests/x.rs"], ["src/lib.rs", "src/test.rs", "build.rs"]),
    "javascript": (["a.test.js", "src/b.spec.ts", "src/__tests__/c.js", "test/d.js", "e.test.mjs"],
                   ["src/index.js", "src/testing.js", "jest.config.js"]),
    "java": (["src/test/java/com/x/AT.java", "mod/src/test/resources/a.txt", "FooTest.java"],
             ["src/main/java/com/x/A.java", "src/main/java/com/x/Testing.java"]),
    "cpp": (["tests/a_test.cpp", "test/main.cc", "src/ring_test.cc", "test_ring.cpp"],
            ["src/ring.cpp", "include/ring.hpp", "CMakeLists.txt"]),
}


@pytest.mark.parametrize("language", sorted(TEST_FILES))
def test_each_language_names_its_test_files(language):
    tests, others = TEST_FILES[language]
    assert [p for p in tests if not rules.is_test_path(p, language)] == []
    assert [p for p in others if rules.is_test_path(p, language)] == []


CONFIG = {"go": ["go.mod", "go.sum", "go.work", "vendor/m/x.go"],
          "rust": ["Cargo.toml", "Cargo.lock", "build.rs", ".cargo/config.toml", "rust-toolchain.toml"],
          "javascript": ["package.json", "package-lock.json", "jest.config.js", "babel.config.cjs", ".npmrc",
                         "node_modules/left-pad/index.js", "tsconfig.json"],
          "java": ["pom.xml", "build.gradle.kts", "settings.gradle", ".mvn/wrapper/x.properties"],
          "cpp": ["CMakeLists.txt", "cmake/Find.cmake", "Makefile", "meson.build", "sub/CMakeLists.txt"]}


@pytest.mark.parametrize("language", sorted(CONFIG))
def test_each_language_protects_its_build_and_test_configuration_and_pythons(language):
    assert [p for p in CONFIG[language] if not rules.is_test_config(p, language)] == []
    assert rules.is_test_config("pytest.ini", language) and rules.is_test_config("sub/conftest.py", language)
    assert not rules.is_test_config("go.mod", "python") and not rules.is_test_config("Cargo.toml", "go")


@pytest.mark.parametrize("language, path, directory", [
    ("python", "a/tests/b/test_x.py", "a/tests"), ("python", "pkg/test_x.py", None),
    ("java", "src/test/java/com/x/AT.java", "src/test"), ("javascript", "node_modules/a/b/c.js", "node_modules"),
    ("go", "vendor/example.com/m/m.go", "vendor"), ("rust", "tests/common/mod.rs", "tests"),
    ("cpp", "src/ring_test.cpp", None)])
def test_grading_mounts_the_outermost_wholly_protected_directory(language, path, directory):
    assert languages.profile_of(language).guard_dir(path) == directory


@pytest.mark.parametrize("summaries, flag", [
    ([Summary("r", 3, 0)], None), ([Summary("r", 3, 1)], "test_summary_failed"),
    ([Summary("r", 3, 0, 1)], "tests_skipped"), ([Summary("r", 0, 0)], "no_tests_ran"),
    ([Summary("r", 2, 0), Summary("r", 0, 0, 2)], "tests_skipped"), ([], None)])
def test_the_worst_summary_of_a_command_wins(summaries, flag):
    assert combined(summaries) == flag


def _step(exit_code=0, recognised=False, summary=None):
    return Step("cmd", 10, exit_code, False, 0.1, b"", recognised=recognised, summary=summary)


def test_a_phase_of_a_language_that_needs_a_summary_fails_when_no_command_printed_one():
    steps = [_step(), _step()]
    require_summary(steps, "go")
    assert steps[-1].summary == "no_tests_ran" and "go test" in steps[-1].note
    proved = [_step(), _step(recognised=True)]
    require_summary(proved, "go")
    assert [s.summary for s in proved] == [None, None]
    python = [_step()]
    require_summary(python, "python")   # Python judges an unrecognised command by its exit status
    assert python[0].summary is None


def test_rusts_toolchain_comes_first_on_path_in_the_sandboxes(tmp_path):
    env = languages.sandbox_env("rust", tmp_path, "/usr/bin")
    assert env["CARGO_HOME"].startswith(str(tmp_path)) and env["CARGO_NET_OFFLINE"] == "true"
    assert env["PATH"].endswith("/usr/bin")
    assert languages.sandbox_env("python", tmp_path, "/usr/bin") == {"PATH": "/usr/bin"}


def test_the_languages_build_output_at_the_root_is_left_out_of_the_change_and_nothing_else(tmp_path):
    work = tmp_path / "work"
    write(work / "src" / "lib.rs", "pub fn f() {}\n")
    sha = bgit.init_single_commit(work)
    assert sha
    write(work / "target" / "debug" / "big.bin", "x" * 1000)
    write(work / "src" / "target" / "mod.rs", "pub fn g() {}\n")   # a module named target: source
    write(work / "src" / "lib.rs", "pub fn f() { }\n")
    out, scratch = tmp_path / "patch.diff", tmp_path / "scratch"
    taken = bgit.snapshot_diff(work / ".git", work, scratch, out, 1 << 20, excludes=rules.build_excludes("rust"))
    assert sorted(p for _, p in taken.files) == ["src/lib.rs", "src/target/mod.rs"]
    again = bgit.snapshot_diff(work / ".git", work, tmp_path / "scratch2", tmp_path / "p2.diff", 1 << 20,
                               excludes=rules.build_excludes("python"))
    assert "target/debug/big.bin" in [p for _, p in again.files]


GO_TASK = f"""# LocalAgentBench canary GUID {CANARY}
id: go-silent
title: a Go task whose command prints no runner summary
difficulty: easy
category: bugfix
language: go
canary: {CANARY}
prompt: |
  Fix it.
repo:
  type: fixture
  path: fixtures/go-silent
oracle:
  command:
    - sh -c 'echo all good'
  timeout_s: 30
timeout_s: 60
"""


@pytest.mark.linux_only
def test_a_go_task_whose_commands_exit_0_without_a_runner_summary_does_not_pass(tmp_path):
    root = tmp_path / "suite"
    write(root / "fixtures" / "go-silent" / "main.go", "package main\n\nfunc main() {}\n")
    write(root / "tasks" / "go-silent.yaml", GO_TASK)
    done = bench(tmp_path, root, sh(put("note.txt", "hi")), tasks=("go-silent",))
    record = done.graded("go-silent")
    not_passed(record)
    has_flag(record, "no_tests_ran")


def test_a_suite_whose_toolchain_is_missing_is_refused_before_anything_runs(tmp_path):
    root = tmp_path / "suite"
    write(root / "fixtures" / "go-silent" / "main.go", "package main\n\nfunc main() {}\n")
    write(root / "tasks" / "go-silent.yaml", GO_TASK)
    empty = tmp_path / "bin"
    empty.mkdir()
    (empty / "git").symlink_to(shutil.which("git"))
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", "nop", "--tasks", str(root / "tasks"),
                           "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PATH": str(empty), "PYTHONPATH": str(REPO),
                               # the harness's own Go (nox -s toolchains) is found outside PATH: none here
                               "LOCALAGENTBENCH_GO_TOOLCHAIN": str(tmp_path / "no-go")})
    assert done.returncode != 0
    line = done.stderr.strip().splitlines()[-1]
    assert "go not found on PATH" in line and "go-silent" in line and "nox -s toolchains" in line, done.stderr
    assert not (tmp_path / "out" / "runs").exists()


def test_a_task_that_allows_its_own_skips_still_needs_a_test_run_and_no_failure():
    """allow_skipped lifts tests_skipped only: a summary of nothing but skips is still no test run, and a
    failure still fails; without it a skip fails the phase."""
    from bench.languages.base import Summary, combined
    passed_and_skipped, only_skipped, failed = Summary("r", 3, 0, 1), Summary("r", 0, 0, 2), Summary("r", 2, 1, 1)
    assert [s.problem() for s in (passed_and_skipped, only_skipped, failed)] == \
        ["tests_skipped", "tests_skipped", "test_summary_failed"]
    assert [s.problem(allow_skipped=True) for s in (passed_and_skipped, only_skipped, failed)] == \
        [None, "no_tests_ran", "test_summary_failed"]
    assert combined([passed_and_skipped, only_skipped], allow_skipped=True) == "no_tests_ran"
    go = languages.profile_of("go")
    out = (b"=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestB\n    b_test.go:9: later\n"
           b"--- SKIP: TestB (0.00s)\nPASS\nok  \tx\t0.01s\n")
    assert go.step_problem("go test ./...", out) == (True, "tests_skipped")
    assert go.step_problem("go test ./...", out, allow_skipped=True) == (True, None)
