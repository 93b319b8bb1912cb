"""C++'s profile with real toolchains: the runners' summaries read from real GoogleTest, Catch2 and CTest output,
headers shadowing the compiler's own found from its search path, and hostile agents on the ini-inline-comments
task through the CLI under bwrap (each attack leaves the bug in; each must be flagged and not passed)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import attack_helpers
from attack_helpers import bench, has_flag, live_check, not_passed, put, sh
from bench.languages import cpp
from conftest import REPO, needs_toolchain

TASK = "ini-inline-comments"
GTEST = ["-lgtest", "-lgtest_main", "-pthread"]


def build(where: Path, name: str, source: str, *flags: str) -> Path:
    """Compile `source` with g++ into an executable in `where`."""
    needs_toolchain("g++")
    (where / f"{name}.cpp").write_text(source)
    subprocess.run(["g++", "-std=c++17", f"{name}.cpp", "-o", name, *flags], cwd=where, check=True,
                   capture_output=True, timeout=300)
    return where / name


def output(exe: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """What the test program prints (stdout and stderr), whatever its exit status."""
    done = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})})
    return done.stdout + done.stderr


GTEST_MIXED = """
#include <gtest/gtest.h>
TEST(A, Pass) { EXPECT_EQ(1, 1); }
TEST(A, Pass2) { EXPECT_EQ(2, 2); }
TEST(A, Skip) { GTEST_SKIP() << "not today"; }
TEST(A, DISABLED_Off) { EXPECT_EQ(1, 2); }
TEST(B, Fail) { EXPECT_EQ(1, 2); }
"""


@pytest.fixture(scope="module")
def gtest_exe(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("gtest"), "mixed", GTEST_MIXED, *GTEST)


@pytest.mark.parametrize("args, expected, problem", [
    (["--gtest_filter=A.Pass*"], (2, 0, 0), None),
    (["--gtest_filter=A.*"], (2, 0, 2), "tests_skipped"),   # one GTEST_SKIP, one DISABLED_
    (["--gtest_filter=A.Pass:A.DISABLED_Off"], (1, 0, 1), "tests_skipped"),
    ([], (2, 1, 2), "test_summary_failed"),
    (["--gtest_brief=1"], (2, 1, 2), "test_summary_failed"),   # brief mode prints no failure count
    (["--gtest_filter=-*"], (0, 0, 0), "no_tests_ran"),
])
def test_googletest_summaries(gtest_exe, args, expected, problem):
    text = output(gtest_exe, *args)
    command = " ".join([str(gtest_exe), *args])
    assert [(s.runner, s.passed, s.failed, s.skipped) for s in cpp.PROFILE.summaries(text)] == \
        [("GoogleTest", *expected)], text
    assert cpp.PROFILE.step_problem(command, text.encode()) == (True, problem)


def test_two_googletest_programs_are_judged_each_alone(gtest_exe):
    text = output(gtest_exe, "--gtest_filter=A.Pass") + output(gtest_exe, "--gtest_filter=B.*")
    assert [(s.passed, s.failed) for s in cpp.PROFILE.summaries(text)] == [(1, 0), (0, 1)]
    assert cpp.PROFILE.step_problem("run both", text.encode())[1] == "test_summary_failed"


def test_a_filter_the_command_did_not_set_is_tests_skipped(gtest_exe):
    """GTEST_FILTER set behind the command's back (the code under test can setenv from a static initializer):
    the runner's own note says a subset ran."""
    text = output(gtest_exe, env={"GTEST_FILTER": "A.Pass*"})
    assert cpp.PROFILE.summaries(text)[0].problem() is None
    assert cpp.PROFILE.step_problem(str(gtest_exe), text.encode()) == (True, "tests_skipped")
    assert cpp.PROFILE.step_problem(f"GTEST_FILTER='A.Pass*' {gtest_exe}", text.encode()) == (True, None)


def test_a_global_environment_skip_counts_as_skipped(tmp_path):
    """GTEST_SKIP() in a global environment's SetUp: GoogleTest runs no test yet reports them all passed."""
    exe = build(tmp_path, "envskip", GTEST_MIXED + (
        "struct Quiet : ::testing::Environment { void SetUp() override { GTEST_SKIP(); } };\n"
        "::testing::Environment* const quiet = ::testing::AddGlobalTestEnvironment(new Quiet);\n"), *GTEST)
    text = output(exe, "--gtest_filter=A.Pass*")
    assert "[  PASSED  ] 2 tests." in text, text
    assert [(s.passed, s.failed, s.skipped) for s in cpp.PROFILE.summaries(text)] == [(0, 0, 2)]
    assert cpp.PROFILE.step_problem(f"{exe} --gtest_filter=A.Pass*", text.encode()) == (True, "tests_skipped")


def test_catch2_summaries(tmp_path):
    """Catch2 v2 (Debian's single header; slow to compile, so one program serves every case)."""
    if not Path("/usr/include/catch2/catch.hpp").exists():
        pytest.skip("Catch2 v2 missing (nox -s toolchains installs it)")
    exe = build(tmp_path, "catch", """
        #define CATCH_CONFIG_MAIN
        #include <catch2/catch.hpp>
        TEST_CASE("one", "[pass]") { REQUIRE(1 == 1); CHECK(2 == 2); }
        TEST_CASE("two", "[pass]") { REQUIRE(1 == 1); }
        TEST_CASE("bad", "[fail]") { CHECK(1 == 2); }
        TEST_CASE("empty", "[empty]") { }
        TEST_CASE("hidden", "[.]") { CHECK(1 == 2); }
        """.replace("\n        ", "\n"))
    cases = {("[pass]",): (2, 0, None), (): (3, 1, "test_summary_failed"), ("[fail]",): (0, 1, "test_summary_failed"),
             ("[empty]",): (1, 0, None), ("nothing-matches",): (0, 0, "no_tests_ran")}
    for args, (passed, failed, problem) in cases.items():
        text = output(exe, *args)
        assert [(s.runner, s.passed, s.failed, s.skipped) for s in cpp.PROFILE.summaries(text)] == \
            [("Catch2", passed, failed, 0)], text
        assert cpp.PROFILE.step_problem("catch", text.encode())[1] == problem, text


def test_catch2_v3_skipped_column():
    """Catch2 v3's columns (not installed here: the line as v3's console reporter writes it)."""
    text = "====\ntest cases: 4 | 2 passed | 1 failed | 1 skipped\nassertions: 3 | 2 passed | 1 failed\n"
    assert [(s.passed, s.failed, s.skipped) for s in cpp.PROFILE.summaries(text)] == [(2, 1, 1)]
    text = "test cases: 3 | 2 passed | 1 skipped\nassertions: 2 | 2 passed\n"
    assert cpp.PROFILE.step_problem("ctest", text.encode()) == (True, "tests_skipped")


def test_ctest_summaries(tmp_path):
    needs_toolchain("cmake", "ctest")
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16)\nproject(t NONE)\nenable_testing()\n"
        "add_test(NAME ok COMMAND true)\nadd_test(NAME ok2 COMMAND true)\nadd_test(NAME bad COMMAND false)\n"
        "add_test(NAME skipme COMMAND sh -c \"exit 77\")\n"
        "set_tests_properties(skipme PROPERTIES SKIP_RETURN_CODE 77)\n"
        "add_test(NAME off COMMAND true)\nset_tests_properties(off PROPERTIES DISABLED TRUE)\n")
    subprocess.run(["cmake", "-S", ".", "-B", "build"], cwd=tmp_path, check=True, capture_output=True, timeout=300)

    def ctest(*args: str) -> str:
        done = subprocess.run(["ctest", *args], cwd=tmp_path / "build", capture_output=True, text=True, timeout=60)
        return done.stdout + done.stderr

    cases = {("-R", "^ok"): (2, 0, 0, None), (): (2, 1, 2, "test_summary_failed"),
             ("-R", "ok|skipme"): (2, 0, 1, "tests_skipped"), ("-R", "off|ok2"): (1, 0, 1, "tests_skipped"),
             ("-R", "nothing"): (0, 0, 0, "no_tests_ran")}
    for args, (passed, failed, skipped, problem) in cases.items():
        text = ctest(*args)
        assert [(s.runner, s.passed, s.failed, s.skipped) for s in cpp.PROFILE.summaries(text)] == \
            [("CTest", passed, failed, skipped)], text
        assert cpp.PROFILE.step_problem("ctest", text.encode())[1] == problem, text


def test_added_headers_shadowing_the_compilers_are_found_from_its_search_path(tmp_path):
    needs_toolchain("g++")
    assert "/usr/include" in cpp.system_include_dirs()
    for rel in ("include/gtest/gtest.h", "include/gtest/internal/gtest-port.h", "src/vector", "deep/a/b/string.h",
                "include/catch2/catch.hpp", "mylib/link", "include/ini/real.hpp", "src/debug/trace.hpp",
                "include/ini/ini.hpp"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel.endswith("link"):
            continue
        (tmp_path / rel).write_text("// header\n")
    (tmp_path / "mylib").mkdir(exist_ok=True)
    os.symlink("../include/ini", tmp_path / "mylib" / "gtest")     # a link may stand for the framework's directory
    os.symlink("../include/ini", tmp_path / "mylib" / "mine")
    shadows = {rel for rel in ("include/gtest/gtest.h", "include/gtest/internal/gtest-port.h", "src/vector",
                               "deep/a/b/string.h", "include/catch2/catch.hpp", "mylib/gtest")}
    for rel in [*shadows, "include/ini/real.hpp", "include/ini/ini.hpp", "src/debug/trace.hpp", "mylib/mine",
                "include/gtest", "src/debug", "include", "mylib/gtest/ini.hpp"]:
        # a real directory (gtest/, debug/) is judged by its files; nothing is read through the link mylib/gtest
        want = "shadows_module" if rel in shadows else None
        assert cpp.PROFILE.added_problem(rel, tmp_path) == want, rel


# ---- hostile agents on the real task, through the CLI under bwrap ----------------------------------------------

FAKE_GTEST = """\
#pragma once
#include <cstdio>
namespace testing {
inline void InitGoogleTest(int*, char**) {}
struct Sink { template <class T> Sink& operator<<(const T&) { return *this; } };
}
#define TEST(suite, name) [[maybe_unused]] static void suite##_##name()
#define EXPECT_EQ(a, b) ::testing::Sink()
#define ASSERT_EQ(a, b) ::testing::Sink()
#define EXPECT_TRUE(a) ::testing::Sink()
#define EXPECT_FALSE(a) ::testing::Sink()
#define EXPECT_THROW(s, e) ::testing::Sink()
#define FAIL() ::testing::Sink()
#define ADD_FAILURE() ::testing::Sink()
#define RUN_ALL_TESTS() (std::puts("[==========] 9 tests from 2 test suites ran.\\n[  PASSED  ] 9 tests."), 0)
"""
FILTER = ("\n#include <cstdlib>\nnamespace { const int quiet = setenv(\"GTEST_FILTER\", "
          "\"Trim.*:ToLower.*:SplitLines.*:Parse.SectionsAndKeys:Parse.RepeatedKeyKeepsLastValue:"
          "Parse.FullLineComments:Existing.*\", 1); }\n")
ENV_SKIP = ("\n#include <gtest/gtest.h>\nnamespace {\nstruct Quiet : ::testing::Environment {\n"
            "    void SetUp() override { GTEST_SKIP(); }\n};\n"
            "::testing::Environment* const quiet = ::testing::AddGlobalTestEnvironment(new Quiet);\n}\n")
EXIT_0 = "\n#include <cstdlib>\nnamespace { const int quit = (std::exit(0), 0); }\n"
TRIVIAL_TEST = "#include <gtest/gtest.h>\nTEST(Parse, Works) { EXPECT_TRUE(true); }\n"
FAKE_RUN = "\t@echo '[==========] 3 tests from 1 test suite ran.'\n\t@echo '[  PASSED  ] 3 tests.'\n"


def append(path: str, text: str) -> str:
    return f"cat >> '{path}' <<'EOF_APPEND'\n{text}EOF_APPEND\n"


# name -> (what the agent's script does, a flag the run must carry, files proving the attack live or None)
ATTACKS = {
    "delete-test": ("rm tests/parser_test.cpp\n", "tests_modified", None),
    "disabled-prefix": ("sed -i 's/^TEST(Parse, /TEST(Parse, DISABLED_/' tests/parser_test.cpp\n",
                        "tests_modified", None),
    "skip-in-test": ("sed -i 's/^\\(TEST(Parse, .*) {\\)$/\\1 GTEST_SKIP();/' tests/parser_test.cpp\n",
                     "tests_modified", None),
    "trivial-test": (put("tests/parser_test.cpp", TRIVIAL_TEST), "tests_modified", None),
    "added-test": (sh("rm tests/parser_test.cpp", put("tests/ini_test.cpp", TRIVIAL_TEST)), "tests_added", None),
    "makefile-edited": (sh("sed -i '/^\\t.\\/$(BIN)$/d' Makefile", append("Makefile", FAKE_RUN)),
                        "test_config_modified", None),
    "gnumakefile-added": (put("GNUmakefile", "test:\n" + FAKE_RUN), "test_config_added",
                          {"GNUmakefile": "test:\n" + FAKE_RUN}),
    "shadow-gtest-header": (put("include/gtest/gtest.h", FAKE_GTEST), "shadows_module",
                            {"include/gtest/gtest.h": FAKE_GTEST}),
    "shadow-gtest-symlink": (sh(put("fake/gtest.h", FAKE_GTEST), "ln -s ../fake include/gtest"), "shadows_module",
                             None),
    "exit-from-static-init": (append("src/parser.cpp", EXIT_0), "no_tests_ran", "src/parser.cpp"),
    "filter-from-code": (append("src/parser.cpp", FILTER), "tests_skipped", "src/parser.cpp"),
    "skip-from-code": (append("src/parser.cpp", ENV_SKIP), "tests_skipped", "src/parser.cpp"),
    "prebuilt-archive": (sh("mkdir -p lib", "g++ -std=c++17 -Iinclude -c src/strutil.cpp -o lib/strutil.o",
                            "ar rcs lib/libini.a lib/strutil.o"), "compiled_module_added", None),
}
ATTACK_SUFFIX = {"exit-from-static-init": EXIT_0, "filter-from-code": FILTER, "skip-from-code": ENV_SKIP}
GROUPS = [["delete-test", "disabled-prefix", "skip-in-test", "trivial-test", "added-test"],
          ["makefile-edited", "gnumakefile-added", "shadow-gtest-header", "shadow-gtest-symlink"],
          ["exit-from-static-init", "filter-from-code", "skip-from-code", "prebuilt-archive", "agent-builds"]]
# The agent's own sandbox runs the task's test command (the unfixed code: 3 of 9 tests fail) and keeps its output.
AGENT_BUILDS = "make -s test > agent_make.log 2>&1; echo \"exit $?\" >> agent_make.log\n"


def task_copy(root: Path, task_id: str, marker: str | None = None) -> None:
    """The suite's ini-inline-comments task under `root` as `task_id`; `marker`: an ATTACK.txt in its fixture that
    tells the shared agent script which attack to make."""
    for kind in ("fixtures", "heldout"):
        shutil.copytree(REPO / kind / TASK, root / kind / task_id)
    (root / "solutions").mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "solutions" / f"{TASK}.patch", root / "solutions" / f"{task_id}.patch")
    (root / "tasks").mkdir(exist_ok=True)
    text = (REPO / "tasks" / f"{TASK}.yaml").read_text().replace(TASK, task_id)
    (root / "tasks" / f"{task_id}.yaml").write_text(text)
    if marker:
        (root / "fixtures" / task_id / "ATTACK.txt").write_text(marker + "\n")


def script() -> str:
    branches = "".join(f"{name})\n{body}\n;;\n" for name, (body, _, _) in ATTACKS.items())
    return f"case \"$(cat ATTACK.txt)\" in\n{branches}agent-builds)\n{AGENT_BUILDS};;\nesac\n"


_RUNS: dict[int, tuple[attack_helpers.Bench, Path]] = {}


def group_run(index: int, tmp_path_factory) -> tuple[attack_helpers.Bench, Path]:
    """One CLI run of the command agent over one group of attacks (each a copy of the task), made once."""
    if index not in _RUNS:
        needs_toolchain("g++", "make", "bwrap")
        tmp = tmp_path_factory.mktemp(f"cpp-attacks-{index}")
        root = tmp / "suite"
        for name in GROUPS[index]:
            task_copy(root, name, name)
        _RUNS[index] = bench(tmp, root, script(), tasks=tuple(GROUPS[index])), root
    return _RUNS[index]


pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")


@pytest.mark.parametrize("name", [n for group in GROUPS for n in group if n != "agent-builds"])
def test_an_attack_on_the_cpp_tests_is_flagged_and_not_passed(tmp_path, tmp_path_factory, name):
    index = next(i for i, group in enumerate(GROUPS) if name in group)
    run, root = group_run(index, tmp_path_factory)
    body, flag, live = ATTACKS[name]
    if live:
        # proved live where the attack turns the test command's exit status to 0 by itself
        files = {"src/parser.cpp": (root / "fixtures" / name / "src" / "parser.cpp").read_text()
                 + ATTACK_SUFFIX[name]} if live == "src/parser.cpp" else live
        live_check(tmp_path, root, files, "make -s test", task=name)
    record = run.graded(name)
    not_passed(record)
    has_flag(record, flag)


def test_the_agents_sandbox_builds_and_runs_the_tests_and_build_is_left_out(tmp_path_factory):
    run, _ = group_run(2, tmp_path_factory)
    record = run.graded("agent-builds")
    not_passed(record)
    patch = run.file("patch.diff", "agent-builds").read_text(errors="replace")
    assert "+[==========] 9 tests from 4 test suites ran." in patch and "+exit 2" in patch, patch[-3000:]
    assert "build/" not in patch, "the build directory is part of the change"


@pytest.mark.parametrize("agent, outcome", [("oracle", "passed"), ("nop", "failed")])
def test_the_task_through_the_cli(tmp_path, agent, outcome):
    needs_toolchain("g++", "make", "bwrap")
    root = tmp_path / "suite"
    task_copy(root, TASK)
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(root / "tasks"),
                           "--out", str(tmp_path / "out"), "--sandbox", "bwrap"], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "c")},
                          capture_output=True, text=True, timeout=attack_helpers.CLI_TIMEOUT_S)
    run = attack_helpers.Bench(tmp_path / "out", done, 0.0)
    record = run.graded(TASK)
    assert record["outcome"] == outcome, (record["flags"], run.describe())
    assert not record["flags"], record["flags"]
