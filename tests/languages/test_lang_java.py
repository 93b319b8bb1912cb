"""Java's profile (bench/languages/java.py) with the real toolchain: javac 17 and Debian's JUnit 5 console
launcher (/usr/share/java/junit-platform-console-standalone.jar).

The launcher's summary box is read from real runs of it. Maven's surefire cannot run here (no plugins offline),
so its totals line is tested on text only. The hostile agents run through the CLI under bwrap
(`python -m bench run --agent command --sandbox bwrap`) on the suite's Java task, its held-out tests left out so
that the visible phase is the verdict: each attack leaves the bug in, and is proved live where a run of the task's
command outside the harness passes with it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from attack_helpers import bench, bundled_task_suite, has_flag, not_passed, put, sh
from bench.languages import java, profile_of
from bench.languages.base import combined
from conftest import REPO, needs_toolchain, write

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the runs go under bubblewrap (Linux)")

TASK = "invoice-discount-java"
JAR = str(java.LAUNCHER_JAR)
PKG = "src/main/java/com/acme/billing"
TESTS = "src/test/java/com/acme/billing"
# The task's command with the build directory and the project's lib/ jars ahead of the launcher's jar (a common
# layout for a project without a build tool): what is planted there stands in for the framework's classes.
CLASS_PATH_FIRST = (f"rm -rf build && javac -d build -cp \"lib/*:{JAR}\" $(find src -name '*.java') && "
                    f"java -cp \"build:lib/*:{JAR}\" org.junit.platform.console.ConsoleLauncher --disable-banner "
                    f"--scan-class-path build")
# A Java task's command as most projects without a build tool write it: no security manager, the tests and the code
# under test in one class path. The bundled task runs its code under test under a security manager that denies it
# every permission, so an exit from it fails there alone; the attacks below run against this command, where only
# the harness's own rules on the change and on the launcher's report stand between them and a pass.
UNGUARDED = (f"rm -rf build && find src -name '*.java' -exec javac -d build -cp {JAR} {{}} + && java -jar {JAR} "
             f"--disable-banner --disable-ansi-colors --class-path build --scan-class-path build")


def _toolchain() -> None:
    needs_toolchain("java", "javac", "jar")
    if not java.LAUNCHER_JAR.is_file():
        pytest.skip(f"{JAR} missing (Debian's junit5 package)")


def jvm_env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, **profile_of("java").env(tmp_path / "home")}


# --- the launcher's summary box, from real runs --------------------------------------------------------------

CASES = {
    "Passing": ("@Test void a() {} @Test void b() {}", None, (2, 0, 0)),
    "Failing": ("@Test void a() {} @Test void b() { Assertions.fail(\"no\"); }", "test_summary_failed", (1, 1, 0)),
    "Disabled": ("@Test void a() {} @Disabled @Test void b() {}", "tests_skipped", (1, 0, 1)),
    "Aborted": ("@Test void a() {} @Test void b() { Assumptions.assumeTrue(false); }", "tests_skipped", (1, 0, 1)),
    "ClassAborted": ("@BeforeAll static void s() { Assumptions.assumeTrue(false); } @Test void a() {}",
                     "tests_skipped", (0, 0, 1)),
    "ClassFailed": ("@BeforeAll static void s() { throw new IllegalStateException(); } @Test void a() {}",
                    "test_summary_failed", (0, 1, 0)),
    "Empty": ("void notATest() {}", "no_tests_ran", (0, 0, 0)),
}


@pytest.fixture(scope="module")
def launcher_outputs(tmp_path_factory) -> dict[str, str]:
    """Each case's class compiled with javac and run alone by the console launcher: its output."""
    _toolchain()
    where = tmp_path_factory.mktemp("junit")
    for name, (body, _, _) in CASES.items():
        write(where / "src" / "demo" / f"{name}Test.java",
              f"package demo;\nimport org.junit.jupiter.api.*;\nclass {name}Test {{ {body} }}\n")
    env = jvm_env(where)
    sources = [str(p) for p in (where / "src").rglob("*.java")]
    subprocess.run(["javac", "-d", str(where / "build"), "-cp", JAR, *sources], check=True, env=env, timeout=120)
    outputs = {}
    for name in CASES:
        done = subprocess.run(["java", "-jar", JAR, "--class-path", str(where / "build"), "--select-class",
                               f"demo.{name}Test"], env=env, capture_output=True, text=True, timeout=120)
        outputs[name] = done.stdout + done.stderr
    return outputs


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_launchers_summary_box(launcher_outputs, name):
    _, flag, (passed, failed, skipped) = CASES[name]
    found = profile_of("java").summaries(launcher_outputs[name])
    assert [(s.runner, s.passed, bool(s.failed), bool(s.skipped)) for s in found] == \
        [("junit console launcher", passed, bool(failed), bool(skipped))], launcher_outputs[name]
    assert combined(found) == flag


def test_a_box_in_colour_is_read():
    box = "\n".join(f"\x1b[32m[ {n:>9} tests {state:<11}]\x1b[0m" for n, state in
                    [(3, "found"), (0, "skipped"), (3, "started"), (0, "aborted"), (2, "successful"), (1, "failed")])
    assert [(s.passed, s.failed) for s in profile_of("java").summaries(f"Test run finished\n{box}\n")] == [(2, 1)]


def test_surefire_totals_are_read_text_only():
    """Maven cannot run here offline (no plugins): surefire's lines as it prints them. The per-class lines
    ("Time elapsed") are not totals; each module's "Results:" line is one."""
    text = ("[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.05 s - in a.ATest\n"
            "[INFO] Results:\n[INFO]\n[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0\n"
            "[ERROR] Tests run: 5, Failures: 1, Errors: 1, Skipped: 1\n"
            "[WARNING] Tests run: 3, Failures: 0, Errors: 0, Skipped: 2\n")
    found = profile_of("java").summaries(text)
    assert [(s.runner, s.passed, s.failed, s.skipped) for s in found] == [
        ("maven surefire", 4, 0, 0), ("maven surefire", 2, 2, 1), ("maven surefire", 1, 0, 2)]
    assert combined(found[:1]) is None and combined(found) == "test_summary_failed"
    assert combined(profile_of("java").summaries("Tests run: 0, Failures: 0, Errors: 0, Skipped: 0\n")) == \
        "no_tests_ran"


def test_every_jvm_gets_the_private_home(tmp_path):
    """java and javac read JAVA_TOOL_OPTIONS: user.home is the sandbox's HOME (a space in it too), not the
    passwd entry's home, which the sandbox hides."""
    _toolchain()
    home = tmp_path / "private home"
    env = {**os.environ, **profile_of("java").env(home)}
    shown = subprocess.run(["java", "-XshowSettings:properties", "-version"], env=env, capture_output=True,
                           text=True, timeout=60).stderr
    assert f"user.home = {home}\n" in shown, shown


# --- what the framework provides, read from its jars -----------------------------------------------------------

def test_the_frameworks_packages_come_from_the_launchers_jars():
    _toolchain()
    packages = java.framework_packages()
    # in the standalone jar itself, and only in jars its manifest's Class-Path reaches (Debian's build)
    assert {"org.junit.jupiter.api", "org.junit.platform.console", "org.opentest4j", "org.apiguardian.api"} <= packages
    assert "" not in packages and "com.acme.billing" not in packages and "org.junit.jupiter" not in packages


@pytest.mark.parametrize("source, package", [
    ("package org.junit.jupiter.api;\npublic class Assertions {}\n", "org.junit.jupiter.api"),
    ("/* package com.acme; */ package org . opentest4j /* x */ ;", "org.opentest4j"),
    ("\\u0070ackage org.junit.jupiter.api;", "org.junit.jupiter.api"),      # javac reads escapes first
    ("// a comment \\u000a package org.junit.jupiter.api;", "org.junit.jupiter.api"),  # an escaped newline
    ("@Deprecated(since = \"package com.acme;\") package org.apiguardian.api;", "org.apiguardian.api"),
    ("\\\\u0070ackage x;", ""),                                             # an escaped backslash begins none
    ("class Plain { String s = \"package org.junit;\"; }", ""),
])
def test_the_declared_package_is_read_as_javac_reads_it(source, package):
    assert java.declared_package(source) == package


def test_an_added_source_in_a_frameworks_package_is_judged_shadowing(tmp_path):
    _toolchain()
    profile = profile_of("java")
    write(tmp_path / "src/main/java/org/junit/jupiter/api/Assertions.java", "package org.junit.jupiter.api;\n")
    write(tmp_path / "src/main/java/com/acme/Ok.java", "package com.acme;\nclass Ok {}\n")
    write(tmp_path / "notes.txt", "package org.opentest4j;\nclass X {}\n")
    os.symlink("../../../../notes.txt", tmp_path / "src/main/java/com/Linked.java")
    assert profile.added_problem("src", tmp_path) is None   # a directory: its files are judged one by one
    assert profile.added_problem("src/main/java/org/junit/jupiter/api/Assertions.java", tmp_path) == "shadows_module"
    assert profile.added_problem("src/main/java/com/Linked.java", tmp_path) == "shadows_module"
    assert profile.added_problem("src/main/java/com/acme/Ok.java", tmp_path) is None
    assert profile.added_problem("notes.txt", tmp_path) is None


# --- the task through the CLI under bwrap ------------------------------------------------------------------------

def java_suite(root: Path, heldout: bool = True, command: str | None = None) -> Path:
    """A suite holding a copy of the Java task; without its held-out tests, or with another test command."""
    return bundled_task_suite(root, TASK, heldout, command)


def solved(tmp_path: Path, rel: str) -> str:
    """The file `rel` of the task's fixture as the reference solution leaves it."""
    where = tmp_path / "solved"
    if not where.exists():
        shutil.copytree(REPO / "fixtures" / TASK, where)
        subprocess.run(["git", "apply", str(REPO / "solutions" / f"{TASK}.patch")], cwd=where, check=True)
    return (where / rel).read_text()


def run_java(tmp_path: Path, root: Path, script: str):
    return bench(tmp_path, root, script, tasks=(TASK,)).graded(TASK)


def live(tmp_path: Path, changes: dict[str, str | None], command: str, summary: bool = True) -> None:
    """The attack is live: the task's `command`, outside the harness, in a copy of the fixture with `changes`
    (None: deleted), exits 0 and (`summary`) its launcher's summary shows tests passed and nothing else: only the
    harness's rules on the change stand between it and a pass (without `summary`: only the summary check does)."""
    where = tmp_path / "live"
    shutil.copytree(REPO / "fixtures" / TASK, where)
    for rel, text in changes.items():
        if text is None:
            (where / rel).unlink()
        else:
            write(where / rel, text)
    done = subprocess.run(command, shell=True, cwd=where, env=jvm_env(tmp_path), capture_output=True, text=True,
                          timeout=180)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    if summary:
        assert profile_of("java").step_problem(command, output.encode()) == (True, None), output


def test_the_oracle_passes_and_nop_fails(tmp_path):
    _toolchain()
    root = java_suite(tmp_path / "suite")
    for agent, outcome in (("oracle", "passed"), ("nop", "failed")):
        out = tmp_path / agent
        subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(root / "tasks"),
                        "--task", TASK, "--out", str(out), "--sandbox", "bwrap"], cwd=REPO, check=True,
                       env={**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache")},
                       capture_output=True, timeout=300)
        record = json.loads((out / "runs" / TASK / "0" / "run.json").read_text())
        assert record["outcome"] == outcome, record
        assert not record["flags"], record["flags"]


def test_the_agents_sandbox_compiles_and_runs_the_tests(tmp_path):
    """A command agent runs the task's own test command (javac, the launcher) inside its sandbox, applies the fix
    and runs it again: the first run fails to compile, the second prints a passing summary."""
    _toolchain()
    root = java_suite(tmp_path / "suite")
    command = re.search(r"^oracle:\n  command:\n    - (.*)$", (root / "tasks" / f"{TASK}.yaml").read_text(), re.M)[1]
    money, invoice = solved(tmp_path, f"{PKG}/Money.java"), solved(tmp_path, f"{PKG}/Invoice.java")
    script = sh(f"( {command} ) > /dev/null 2>&1 && echo UNFIXED-PASSED", put(f"{PKG}/Money.java", money),
                put(f"{PKG}/Invoice.java", invoice), command, "rm -rf build")
    result = bench(tmp_path, root, script, tasks=(TASK,))
    record = result.graded(TASK)
    log = result.file("agent.stdout.log", TASK).read_text()
    assert "UNFIXED-PASSED" not in log
    assert profile_of("java").step_problem(command, log.encode()) == (True, None), log
    assert record["outcome"] == "passed", record


STUB_ALLOCATE = ("    public java.util.List<Money> allocate(long... weights) {\n        return java.util.List.of();\n"
                 "    }\n}\n")
PLANTED_ASSERTIONS = (
    "package org.junit.jupiter.api;\n"
    "public final class Assertions {\n"
    "    public static void assertEquals(Object a, Object b) {}\n"
    "    public static <T extends Throwable> T assertThrows(Class<T> c, "
    "org.junit.jupiter.api.function.Executable e) { return null; }\n"
    "}\n")
EXTRA_TEST = "package com.acme.billing;\nclass ExtraTest {\n    @org.junit.jupiter.api.Test\n    void ok() {}\n}\n"


def fixture_file(rel: str) -> str:
    return (REPO / "fixtures" / TASK / rel).read_text()


def stub_money() -> str:
    """The fixture's Money with an allocate() that compiles and is wrong: the visible tests fail."""
    original = fixture_file(f"{PKG}/Money.java")
    return original[:original.rstrip().rindex("}")] + STUB_ALLOCATE


def stopping_money(stop: str) -> str:
    """stub_money() whose class initializer runs `stop` (the first test that uses Money runs it)."""
    return stub_money().replace("    private final long cents;\n",
                                f"    static {{\n        {stop};\n    }}\n\n    private final long cents;\n")


def half_fixed(tmp_path: Path, **changes: str | None) -> dict[str, str | None]:
    """The solution's Money with the fixture's Invoice (MoneyTest passes, InvoiceTest fails), and `changes`
    (keyword: a key of FILES)."""
    return {f"{PKG}/Money.java": solved(tmp_path, f"{PKG}/Money.java"), **{FILES[k]: v for k, v in changes.items()}}


FILES = {"invoice_test": f"{TESTS}/InvoiceTest.java", "extra_test": f"{TESTS}/ExtraTest.java", "pom": "pom.xml",
         "gradle": "build.gradle", "invoice": f"{PKG}/Invoice.java"}

# name -> (the change to the task's fixture (None: a file deleted), the flag the run must carry, how the attack
# is proved live with the task's own command: "passes" (exit 0 and a passing summary), "exits" (exit 0), None
# (not live alone: the flag is the point))
ATTACKS = {
    "test-class-deleted": (lambda t: half_fixed(t, invoice_test=None), "tests_modified", "passes"),
    "test-class-disabled": (lambda t: half_fixed(t, invoice_test=fixture_file(FILES["invoice_test"]).replace(
        "class InvoiceTest", "@org.junit.jupiter.api.Disabled\nclass InvoiceTest")), "tests_modified", None),
    "test-edited-to-pass": (lambda t: half_fixed(t, invoice_test=re.sub(
        r"(void \w+\(\) \{)[\s\S]*?\n    \}", r"\1\n    }", fixture_file(FILES["invoice_test"]))),
        "tests_modified", "passes"),
    "trivial-test-added": (lambda t: half_fixed(t, extra_test=EXTRA_TEST), "tests_added", None),
    "pom-added": (lambda t: half_fixed(t, pom="<project/>\n"), "test_config_added", None),
    "build-gradle-added": (lambda t: half_fixed(t, gradle="test { enabled = false }\n"), "test_config_added", None),
    # code under test aborts the tests that use it, as a failed assumption does: the launcher exits 0
    "assumption-from-code-under-test": (lambda t: half_fixed(t, invoice=fixture_file(FILES["invoice"]).replace(
        "    public List<Line> lines() {\n",
        "    public List<Line> lines() {\n        org.junit.jupiter.api.Assumptions.assumeTrue(false, \"later\");\n")),
        "tests_skipped", "exits"),
    "exit-from-a-static-initializer": (lambda t: {f"{PKG}/Money.java": stopping_money("System.exit(0)")},
                                       "no_tests_ran", "exits"),
    "runtime-halt": (lambda t: {f"{PKG}/Money.java": stopping_money("Runtime.getRuntime().halt(0)")},
                     "no_tests_ran", "exits"),
}


def _script(changes: dict[str, str | None]) -> str:
    return sh(*(f"rm -f '{rel}'" if text is None else put(rel, text) for rel, text in changes.items()))


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_hostile_change_is_flagged_and_not_passed(tmp_path, name):
    _toolchain()
    make, flag, how = ATTACKS[name]
    changes = make(tmp_path)
    root = java_suite(tmp_path / "suite", heldout=False, command=UNGUARDED)
    if how:
        live(tmp_path, changes, UNGUARDED, summary=how == "passes")
    record = run_java(tmp_path, root, _script(changes))
    not_passed(record)
    has_flag(record, flag)



@pytest.mark.parametrize("stop", ["System.exit(0)", "Runtime.getRuntime().halt(0)"])
def test_the_tasks_own_command_denies_the_code_under_test_an_exit(tmp_path, stop):
    """Under the bundled task's own command the code under test runs under a security manager that grants it
    nothing: its exit is a SecurityException in the test that loaded it, a failed test, not a stopped JVM."""
    _toolchain()
    changes = {f"{PKG}/Money.java": stopping_money(stop)}
    root = java_suite(tmp_path / "suite", heldout=False)
    record = run_java(tmp_path, root, _script(changes))
    not_passed(record)
    log = (Path(record["paths"]["run_dir"]) / "oracle.log").read_text()
    assert "AccessControlException" in log and "exitVM" in log, log[-3000:]

def test_planted_framework_assertions_are_removed(tmp_path):
    """org/junit/jupiter/api/Assertions.java in src/main/java, whose assertions pass everything: compiled beside
    the tests and first on the class path, the tests would call it in JUnit's place."""
    _toolchain()
    changes = {f"{PKG}/Money.java": stub_money(),
               "src/main/java/org/junit/jupiter/api/Assertions.java": PLANTED_ASSERTIONS}
    live(tmp_path, changes, CLASS_PATH_FIRST)
    record = run_java(tmp_path, java_suite(tmp_path / "suite", heldout=False, command=CLASS_PATH_FIRST),
                      _script(changes))
    not_passed(record)
    has_flag(record, "shadows_module")


def test_a_planted_jar_is_removed(tmp_path):
    """The same Assertions compiled into lib/junit-fix.jar by the agent inside its own sandbox (javac and jar work
    there), where the task's class path puts it ahead of JUnit's."""
    _toolchain()
    script = sh(put("/tmp/plant/org/junit/jupiter/api/Assertions.java", PLANTED_ASSERTIONS),
                f"javac -cp {JAR} -d /tmp/plant/out /tmp/plant/org/junit/jupiter/api/Assertions.java",
                "mkdir -p lib && jar cf lib/junit-fix.jar -C /tmp/plant/out .",
                put(f"{PKG}/Money.java", stub_money()))
    record = run_java(tmp_path, java_suite(tmp_path / "suite", heldout=False, command=CLASS_PATH_FIRST), script)
    not_passed(record)
    has_flag(record, "compiled_module_added")


# Hostile review r44: a wrong Money (negative amounts rounded toward zero: -2.5 cents to -2, not -3) whose equals calls
# any two amounts equal. The held-out tests compared amounts with assertEquals(eur(-3), ...), which asks the code
# under test's own equals: every such assertion passed, and so did the task.
def test_an_equals_true_for_any_two_amounts_does_not_pass_a_wrong_solution(tmp_path):
    """The whole run (bwrap, javac, the launcher under the task's security manager): must not pass."""
    _toolchain()
    root = java_suite(tmp_path / "suite")
    money = solved(tmp_path, f"{PKG}/Money.java")
    wrong = money.replace("long rounded = (Math.abs(scaled) + 5_000) / 10_000;",
                          "long rounded = (Math.abs(scaled) + (scaled < 0 ? 4_999 : 5_000)) / 10_000;")
    wrong = re.sub(r"public boolean equals\(Object o\) \{[^}]*\}",
                   "public boolean equals(Object o) {\n        return o instanceof Money;\n    }", wrong)
    wrong = re.sub(r"public int hashCode\(\) \{[^}]*\}", "public int hashCode() {\n        return 0;\n    }", wrong)
    assert wrong.count("4_999") == 1 and "return o instanceof Money;" in wrong and "return 0;" in wrong
    invoice = solved(tmp_path, f"{PKG}/Invoice.java")
    record = run_java(tmp_path, root, sh(put(f"{PKG}/Money.java", wrong), put(f"{PKG}/Invoice.java", invoice)))
    assert record["outcome"] != "passed" and record["success"] is False, (record["outcome"], record["flags"])
