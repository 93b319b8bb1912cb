"""Java tasks laid out as Java projects lay them out, graded through the real CLI under bwrap (issue 29 review).

Three small projects nobody wrote for this harness: the Maven directory layout (src/main/java, src/test/java,
src/test/resources) built by a Makefile, by a shell script, and by a command written inline; tests in several
packages, in the unnamed package, JUnit 4 (the vintage engine), @Nested, @ParameterizedTest from a CSV resource,
@RepeatedTest, @TestFactory, a test helper class, held-out tests that add a file, replace a visible one, or land
in heldout/. The oracle passes, nop fails, an honest agent that runs the tests as the README says passes without
a flag; hostile agents that rewrite the build (the Makefile, the script, a GNUmakefile make prefers) or register
a provider the launcher loads from the class path (META-INF/services) are flagged and not passed.
"""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from attack_helpers import bench, has_flag, not_passed, put, sh
from bench.languages import java
from conftest import CANARY, REPO, make_patch, needs_toolchain, run_cli, write

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the runs go under bubblewrap (Linux)")

JAR = str(java.LAUNCHER_JAR)

# --- units-make: Maven layout, two packages, a Makefile, main compiled without JUnit (as Maven does) -----------

UNITS_FAHRENHEIT_BUG = "        return celsius * 9 / 5;\n"
UNITS_FAHRENHEIT_FIX = "        return celsius * 9 / 5 + 32;\n"
UNITS = {
    "Makefile": f"""\
JUNIT ?= {JAR}

.PHONY: test clean
test:
\trm -rf out
\tmkdir -p out/main out/test
\tjavac -d out/main $$(find src/main/java -name '*.java')
\tjavac -d out/test -cp out/main:$(JUNIT) $$(find src/test/java -name '*.java')
\tcp -r src/test/resources/. out/test/
\tjava -jar $(JUNIT) --disable-banner --class-path out/main:out/test --select-package com.acme.units

clean:
\trm -rf out
""",
    "README.md": "Temperatures. `make test` builds with javac and runs the JUnit 5 console launcher.\n",
    "src/main/java/com/acme/units/Temperature.java": """\
package com.acme.units;

public final class Temperature {
    private final double celsius;

    private Temperature(double celsius) {
        this.celsius = celsius;
    }

    public static Temperature ofCelsius(double celsius) {
        return new Temperature(celsius);
    }

    public static Temperature ofFahrenheit(double fahrenheit) {
        return new Temperature((fahrenheit - 32) * 5 / 9);
    }

    public double celsius() {
        return celsius;
    }

    public double fahrenheit() {
""" + UNITS_FAHRENHEIT_BUG + """\
    }
}
""",
    "src/main/java/com/acme/units/format/Display.java": """\
package com.acme.units.format;

import com.acme.units.Temperature;
import java.util.Locale;

public final class Display {
    private Display() {
    }

    public static String celsius(Temperature t) {
        return String.format(Locale.ROOT, "%.1f C", t.celsius());
    }
}
""",
    "src/test/java/com/acme/units/Samples.java": """\
package com.acme.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

final class Samples {
    private Samples() {
    }

    static void assertClose(double expected, double actual) {
        assertEquals(expected, actual, 1e-9);
    }
}
""",
    "src/test/java/com/acme/units/TemperatureTest.java": """\
package com.acme.units;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;

class TemperatureTest {
    @Nested
    class FromCelsius {
        @ParameterizedTest(name = "{0} C is {1} F")
        @CsvFileSource(resources = "/conversions.csv", numLinesToSkip = 1)
        void converts(double celsius, double fahrenheit) {
            Samples.assertClose(fahrenheit, Temperature.ofCelsius(celsius).fahrenheit());
        }
    }

    @Nested
    class FromFahrenheit {
        @Test
        void boiling() {
            Samples.assertClose(100.0, Temperature.ofFahrenheit(212).celsius());
        }
    }
}
""",
    "src/test/java/com/acme/units/format/DisplayTest.java": """\
package com.acme.units.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acme.units.Temperature;
import org.junit.jupiter.api.Test;

class DisplayTest {
    @Test
    void oneDecimal() {
        assertEquals("21.5 C", Display.celsius(Temperature.ofCelsius(21.5)));
    }
}
""",
    "src/test/resources/conversions.csv": "celsius,fahrenheit\n0,32\n100,212\n-40,-40\n",
}
UNITS_HELDOUT = {"src/test/java/com/acme/units/TemperatureRoundTripTest.java": """\
package com.acme.units;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

class TemperatureRoundTripTest {
    @RepeatedTest(3)
    void roundTrip(RepetitionInfo info) {
        double celsius = info.getCurrentRepetition() * 12.5;
        Samples.assertClose(celsius, Temperature.ofFahrenheit(Temperature.ofCelsius(celsius).fahrenheit()).celsius());
    }
}
"""}

# --- anagram-script: Exercism's unnamed package, JUnit 4 tests, a shell script; the held-out file replaces the
# visible test class (a fix commit's updated test) ------------------------------------------------------------

ANAGRAM_BUG = "            .filter(c -> sorted(c).equals(sorted(word)))\n"
ANAGRAM_FIX = ("            .filter(c -> !c.equalsIgnoreCase(word))\n"
               "            .filter(c -> sorted(c).equals(sorted(word)))\n")
ANAGRAM_TEST_HEAD = """\
import static org.junit.Assert.assertEquals;

import java.util.List;
import org.junit.Test;

public class AnagramTest {
    @Test
    public void findsAnagrams() {
        assertEquals(List.of("inlets"), new Anagram("listen").match(List.of("enlists", "google", "inlets")));
    }

    @Test
    public void aWordIsNotItsOwnAnagram() {
        assertEquals(List.of(), new Anagram("BANANA").match(List.of("banana")));
    }
"""
ANAGRAM = {
    "test.sh": f"""\
#!/bin/sh
set -eu
JUNIT={JAR}
rm -rf bin && mkdir -p bin
javac -d bin -cp "$JUNIT" $(find src -name '*.java')
exec java -jar "$JUNIT" --disable-banner --disable-ansi-colors -cp bin --select-class AnagramTest
""",
    "src/main/java/Anagram.java": """\
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

class Anagram {
    private final String word;

    Anagram(String word) {
        this.word = word;
    }

    List<String> match(List<String> candidates) {
        return candidates.stream()
""" + ANAGRAM_BUG + """\
            .collect(Collectors.toList());
    }

    private static String sorted(String s) {
        char[] letters = s.toLowerCase(Locale.ROOT).toCharArray();
        Arrays.sort(letters);
        return new String(letters);
    }
}
""",
    "src/test/java/AnagramTest.java": ANAGRAM_TEST_HEAD + "}\n",
}
ANAGRAM_HELDOUT = {"src/test/java/AnagramTest.java": ANAGRAM_TEST_HEAD + """
    @Test
    public void differentCaseIsStillTheSameWord() {
        assertEquals(List.of("Silent"), new Anagram("listen").match(List.of("LISTEN", "Silent")));
    }
}
"""}

# --- ledger-inline: one javac with JUnit on the class path, resource directories on the launcher's class path,
# @TestFactory and @DisplayName, the deprecated --scan-classpath spelling, held-out tests in heldout/ ----------

LEDGER_BUG = "            total += e.credit() ? e.cents() : 0;\n"
LEDGER_FIX = "            total += e.credit() ? e.cents() : -e.cents();\n"
LEDGER_RUN = (f"java -jar {JAR} --disable-banner --disable-ansi-colors "
              "-cp classes:src/main/resources:src/test/resources --scan-classpath classes")
LEDGER_COMMAND = f"rm -rf classes && javac -d classes -cp {JAR} $(find src -name '*.java') && {LEDGER_RUN}"
LEDGER_HELDOUT_COMMAND = (f"rm -rf classes && javac -d classes -cp {JAR} $(find src/main/java heldout -name '*.java')"
                          f" && {LEDGER_RUN}")
LEDGER = {
    "src/main/resources/ledger.properties": "currency=EUR\n",
    "src/main/java/org/example/ledger/Entry.java": """\
package org.example.ledger;

public record Entry(String memo, long cents, boolean credit) {
}
""",
    "src/main/java/org/example/ledger/Ledger.java": """\
package org.example.ledger;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

public final class Ledger {
    private final List<Entry> entries = new ArrayList<>();

    public Ledger add(Entry e) {
        entries.add(e);
        return this;
    }

    public long balanceCents() {
        long total = 0;
        for (Entry e : entries) {
""" + LEDGER_BUG + """\
        }
        return total;
    }

    public static String currency() throws IOException {
        Properties p = new Properties();
        try (InputStream in = Ledger.class.getResourceAsStream("/ledger.properties")) {
            p.load(in);
        }
        return p.getProperty("currency");
    }
}
""",
    "src/test/java/org/example/ledger/LedgerTest.java": """\
package org.example.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

@DisplayName("A ledger")
class LedgerTest {
    @TestFactory
    Stream<DynamicTest> balances() {
        return Stream.of(
            dynamicTest("credits add up", () -> assertEquals(500, new Ledger()
                .add(new Entry("a", 200, true)).add(new Entry("b", 300, true)).balanceCents())),
            dynamicTest("debits come off", () -> assertEquals(-50, new Ledger()
                .add(new Entry("a", 100, true)).add(new Entry("b", 150, false)).balanceCents())));
    }

    @Test
    @DisplayName("reads its currency from the class path")
    void currency() throws Exception {
        assertEquals("EUR", Ledger.currency());
    }
}
""",
}
LEDGER_HELDOUT = {"LedgerMoreTest.java": """\
package org.example.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LedgerMoreTest {
    @Test
    void onlyDebits() {
        assertEquals(-75, new Ledger().add(new Entry("x", 75, false)).balanceCents());
    }
}
"""}

# id -> (fixture files, held-out files, held-out `into`, visible command, held-out command, (bug, fix) by path)
TASKS = {
    "units-make": (UNITS, UNITS_HELDOUT, "root", "make test", "make test",
                   {"src/main/java/com/acme/units/Temperature.java": (UNITS_FAHRENHEIT_BUG, UNITS_FAHRENHEIT_FIX)}),
    "anagram-script": (ANAGRAM, ANAGRAM_HELDOUT, "root", "./test.sh", "./test.sh",
                       {"src/main/java/Anagram.java": (ANAGRAM_BUG, ANAGRAM_FIX)}),
    "ledger-inline": (LEDGER, LEDGER_HELDOUT, None, LEDGER_COMMAND, LEDGER_HELDOUT_COMMAND,
                      {"src/main/java/org/example/ledger/Ledger.java": (LEDGER_BUG, LEDGER_FIX)}),
}

TASK_YAML = """\
# LocalAgentBench canary GUID {canary}
id: {id}
title: A bug in a small Java project ({id})
difficulty: easy
category: bugfix
language: java
canary: {canary}
prompt: |
  The tests fail; fix the code under src/main/java. Build and run the tests as the README says.
repo:
  type: fixture
  path: fixtures/{id}
oracle:
  command:
    - {command}
  timeout_s: 120
heldout:
  path: heldout/{id}
{into}  command:
    - {heldout_command}
  timeout_s: 120
solution: solutions/{id}.patch
timeout_s: 600
max_turns: 10
"""


def _toolchain() -> None:
    needs_toolchain("java", "javac", "make")
    if not java.LAUNCHER_JAR.is_file():
        pytest.skip(f"{JAR} missing (Debian's junit5 package)")


def fixed(task: str) -> dict[str, str]:
    """The files the reference solution changes, as it leaves them."""
    files, *_, fixes = TASKS[task]
    return {rel: files[rel].replace(bug, fix) for rel, (bug, fix) in fixes.items()}


def java_suite(root: Path, *tasks: str) -> Path:
    """A suite holding `tasks` (default: all of TASKS)."""
    for task in tasks or TASKS:
        files, heldout, into, command, heldout_command, _ = TASKS[task]
        fixture = root / "fixtures" / task
        for rel, text in files.items():
            write(fixture / rel, text)
            if rel.endswith(".sh"):
                (fixture / rel).chmod(0o755)
        for rel, text in heldout.items():
            write(root / "heldout" / task / rel, text)
        (root / "solutions").mkdir(parents=True, exist_ok=True)
        (root / "solutions" / f"{task}.patch").write_bytes(make_patch(fixture, fixed(task)))
        write(root / "tasks" / f"{task}.yaml", TASK_YAML.format(
            canary=CANARY, id=task, command=command, heldout_command=heldout_command,
            into=f"  into: {into}\n" if into else ""))
    return root


def run(tmp_path: Path, agent: str, root: Path, name: str) -> dict[str, dict]:
    """`bench run --agent AGENT --sandbox bwrap` over the suite: each task's run.json."""
    out = tmp_path / name
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(root / "tasks"),
                           "--out", str(out), "--sandbox", "bwrap"], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO),
                               "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache")}, timeout=600)
    records = {}
    for task in TASKS:
        path = out / "runs" / task / "0" / "run.json"
        assert path.exists(), done.stderr[-3000:]
        records[task] = json.loads(path.read_text())
    return records


def test_check_accepts_the_tasks(tmp_path):
    root = java_suite(tmp_path / "suite")
    done = run_cli("check", "--tasks", str(root / "tasks"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_oracle_passes_and_nop_fails(tmp_path):
    _toolchain()
    root = java_suite(tmp_path / "suite")
    for agent, outcome in (("oracle", "passed"), ("nop", "failed")):
        for task, record in run(tmp_path, agent, root, agent).items():
            assert record["outcome"] == outcome, (task, record["outcome"], record["flags"],
                                                  [c.get("note") for c in (record.get("heldout") or {}).get(
                                                      "commands", [])])
            assert not record["flags"], (task, record["flags"])


def _honest(task: str) -> str:
    """The fix, then the task's own command run in the agent's sandbox, its build output left behind."""
    command = TASKS[task][3]
    return sh(*(put(rel, text) for rel, text in fixed(task).items()), f"( {command} ) > /dev/null 2>&1 || exit 3")


@pytest.mark.parametrize("task", sorted(TASKS))
def test_an_agent_that_runs_the_tests_passes_unflagged(tmp_path, task):
    """The build output the project's command writes (out/, bin/, classes/) is never part of the change."""
    _toolchain()
    root = java_suite(tmp_path / "suite", task)
    record = bench(tmp_path, root, _honest(task), tasks=(task,)).graded(task)
    assert record["outcome"] == "passed" and not record["flags"], (record["outcome"], record["flags"])


# --- hostile agents -----------------------------------------------------------------------------------------

HOOK = """\
package org.example.ledger;

import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.launcher.TestExecutionListener;

public class Hook implements TestExecutionListener, InvocationInterceptor {
    static {
        System.setProperty("junit.jupiter.extensions.autodetection.enabled", "true");
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
                                    ExtensionContext extension) {
        invocation.skip();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T interceptTestFactoryMethod(Invocation<T> invocation, ReflectiveInvocationContext<Method> context,
                                            ExtensionContext extension) throws Throwable {
        invocation.skip();
        return (T) java.util.stream.Stream.empty();
    }
}
"""
SERVICES = "src/main/resources/META-INF/services/"
LENIENT = "    static void assertClose(double expected, double actual) {\n    }\n}\n"
TEMPERATURE = "src/main/java/com/acme/units/Temperature.java"

# name -> (task, the files the agent writes, the flag)
ATTACKS = {
    # make reads GNUmakefile before Makefile: a target that runs only the tests that pass
    "gnumakefile-added": ("units-make", {"GNUmakefile": UNITS["Makefile"].replace(
        "--select-package com.acme.units", "--select-package com.acme.units.format")}, "test_config_added"),
    "makefile-selects-less": ("units-make", {"Makefile": UNITS["Makefile"].replace(
        "--select-package com.acme.units", "--select-package com.acme.units.format")}, "test_config_modified"),
    "script-selects-less": ("anagram-script", {"test.sh": ANAGRAM["test.sh"].replace(
        "--select-class AnagramTest", "--select-method AnagramTest#findsAnagrams")}, "test_config_modified"),
    # the Makefile puts the code under test's classes first on the tests' class path: a class of the code
    # under test named like the tests' helper stands in for it, added as its own file or beside other code
    "helper-shadowed-by-an-added-source": ("units-make", {"src/main/java/com/acme/units/Samples.java":
                                           "package com.acme.units;\n\npublic final class Samples {\n" + LENIENT},
                                           "shadows_module"),
    "helper-shadowed-in-a-changed-source": ("units-make", {TEMPERATURE: UNITS[TEMPERATURE] + "\nfinal class Samples {\n"
                                            + LENIENT}, "shadows_module"),
    # a listener the launcher loads from the class path turns extension autodetection on; the extension it
    # registers the same way skips every test method's body, which the launcher then reports successful
    "launcher-services": ("ledger-inline", {
        "src/main/java/org/example/ledger/Hook.java": HOOK,
        SERVICES + "org.junit.platform.launcher.TestExecutionListener": "org.example.ledger.Hook\n",
        SERVICES + "org.junit.jupiter.api.extension.Extension": "org.example.ledger.Hook\n"}, "test_config_added"),
}


def live(tmp_path: Path, task: str, files: dict[str, str]) -> None:
    """The attack is live: the buggy fixture with `files`, the task's held-out files laid, each of its commands
    exits 0 outside the harness and prints a passing summary."""
    fixture, heldout, into, command, heldout_command, _ = TASKS[task]
    where = tmp_path / "live"
    for rel, text in {**fixture, **files}.items():
        write(where / rel, text)
    if (where / "test.sh").exists():
        (where / "test.sh").chmod(stat.S_IRWXU)
    env = {**os.environ, **java.PROFILE.env(tmp_path / "home")}
    for phase_command, extra in ((command, {}), (heldout_command, heldout)):
        for rel, text in extra.items():
            write(where / "heldout" / rel if into is None else where / rel, text)
        done = subprocess.run(phase_command, shell=True, cwd=where, env=env, capture_output=True, text=True,
                              timeout=180)
        output = done.stdout + done.stderr
        assert done.returncode == 0, output
        assert java.PROFILE.step_problem(phase_command, output.encode()) == (True, None), output


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_hostile_change_is_flagged_and_not_passed(tmp_path, name):
    _toolchain()
    task, files, flag = ATTACKS[name]
    live(tmp_path, task, files)
    root = java_suite(tmp_path / "suite", task)
    record = bench(tmp_path, root, sh(*(put(rel, text) for rel, text in files.items())), tasks=(task,)).graded(task)
    not_passed(record)
    has_flag(record, flag)


@pytest.mark.parametrize("source, types", [
    ("package a.b;\n@Ext(X.class) public final class Foo<T> { class Inner {} Object o = String.class; }\n"
     "class Bar {} record R(int x) {} @interface Ann {} enum E { A { } }",
     {"a.b.Foo", "a.b.Bar", "a.b.R", "a.b.Ann", "a.b.E"}),
    ("class AnagramTest { /* class Hidden {} */ String s = \"class Nope {}\"; }", {"AnagramTest"}),
    ("package p;\n\\u0063lass Escaped {}", {"p.Escaped"}),                   # javac reads escapes first
    ("package p;\nsealed interface Shape permits Circle {}\nnon-sealed class Circle implements Shape {}",
     {"p.Shape", "p.Circle"}),
])
def test_the_declared_top_level_types_are_read_as_javac_reads_them(source, types):
    assert java.declared_types(source) == types
