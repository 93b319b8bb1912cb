"""tools/polyglot: the JavaScript (jest) and Java (JUnit 5) exercises: their split rule's units, cuts that leave
runnable files, and a sample graded for real (the stub fails, the reference passes visible and held-out, and the
held-out tests are nowhere in what the agent gets)."""
from __future__ import annotations

import json
import shutil
import textwrap

import pytest

from tests.conftest import REPO, needs_toolchain
from tools.polyglot import convert, refactor, split

SUITE = REPO / "suites" / "polyglot"

JS_SPEC = textwrap.dedent('''\
    import { describe, expect, test, xtest } from '@jest/globals';
    import { add } from './adder';

    describe('Adder', () => {
      test('one', () => {
        expect(add(1, 1)).toBe(2);
      });

      // a comment that goes with its test
      xtest('two (with a "quote")', () => {
        expect(add(2, 2)).toBe(4);
      });

      describe('more', () => {
        xtest('three', () =>
          expect(add(3, 3)).toBe(6));

        xtest(
          'a long name on its own line',
          () => {
            expect(add(0, 0)).toBe(0);
          },
        );
      });

      test.skip('slow: skipped upstream and no unit', () => {});
    });
    ''')

JAVA_TEST = textwrap.dedent('''\
    import org.junit.jupiter.api.Disabled;
    import org.junit.jupiter.api.DisplayName;
    import org.junit.jupiter.api.Test;

    import static org.assertj.core.api.Assertions.assertThat;

    public class AdderTest {
        private final Adder adder = new Adder();

        @Test
        @DisplayName("one")
        public void one() {
            assertThat(adder.add(1, 1)).isEqualTo(2);
        }

        @Disabled("Remove to run test")
        @Test
        @DisplayName(
            "a name (that runs) over " +
            "two lines"
        )
        public void two() {
            if (true) {
                assertThat(adder.add(2, 2)).isEqualTo(4);
            }
        }

        // a comment that goes with its test
        @Disabled("Remove to run test")
        @Test
        public void three() {
            assertThat(adder.add(3, 3)).isEqualTo(6);
        }
    }
    ''')


def test_js_units_are_test_calls_named_by_their_describes():
    text = split.undo_skips("javascript", JS_SPEC)
    units = split.js_units({"adder.spec.js": text})
    assert [u.name for u in units] == ["Adder > one", 'Adder > two (with a "quote")', "Adder > more > three",
                                       "Adder > more > a long name on its own line"]
    visible = split.js_cut("adder.spec.js", text, [units[1], units[3]])
    assert "a comment that goes" not in visible and "long name" not in visible and "two (" not in visible
    assert "'one'" in visible and "'three'" in visible and "skip" not in visible   # skipped for good: gone
    assert [u.name for u in split.js_units({"adder.spec.js": visible})] == ["Adder > one", "Adder > more > three"]
    with pytest.raises(split.SplitError):
        split.js_cut("adder.spec.js", text, [split.Unit("bad", "adder.spec.js", 3, 5)])   # half a describe


def test_java_units_are_test_methods_with_their_annotations():
    text = split.undo_skips("java", JAVA_TEST)
    units = split.java_units({"src/test/java/AdderTest.java": text})
    assert [u.name for u in units] == ["AdderTest.one", "AdderTest.two", "AdderTest.three"]
    held = split.java_cut("AdderTest.java", text, [units[0], units[2]])
    assert "one()" not in held and "three()" not in held and "a comment that goes" not in held
    assert "two lines" in held and held.rstrip().endswith("}") and held.count("{") == held.count("}")
    assert [u.name for u in split.java_units({"x/AdderTest.java": held})] == ["AdderTest.two"]


def test_java_reference_files_map_to_the_source_tree_and_new_ones_are_new_files():
    pairs = convert._java_solution_of(["src/main/java/Game.java"], [".meta/src/reference/java/Game.java",
                                                                    ".meta/src/reference/java/Frame.java"])
    assert pairs == [("src/main/java/Game.java", ".meta/src/reference/java/Game.java"),
                     ("src/main/java/Frame.java", ".meta/src/reference/java/Frame.java")]
    patch = convert.unified_patch("src/main/java/Frame.java", None, "class Frame {}\n")
    assert patch.startswith("diff --git a/src/main/java/Frame.java b/src/main/java/Frame.java\nnew file mode 100644\n"
                            "--- /dev/null\n+++ b/src/main/java/Frame.java\n@@ -0,0 +1 @@\n+class Frame {}\n")


@pytest.mark.parametrize("language,suffix", [("javascript", ".spec.js"), ("java", "Test.java")])
def test_committed_fixtures_hold_no_held_out_test(language, suffix):
    """What the agent gets (the fixture) names no held-out unit; the held-out files name no visible one."""
    lang = convert.LANGUAGES[language]
    checked = 0
    for row in (SUITE / "exercises.txt").read_text().splitlines()[1:]:
        task_id, lang_name = row.split("\t")[:2]
        if lang_name != language or not (SUITE / "heldout" / task_id).is_dir():
            continue
        fixture, held = SUITE / "fixtures" / task_id, SUITE / "heldout" / task_id
        tests = sorted(p.relative_to(held).as_posix() for p in held.rglob(f"*{suffix}"))
        visible_units = {u.name for u in lang.units({t: (fixture / t).read_text() for t in tests})}
        held_units = {u.name for u in lang.units({t: (held / t).read_text() for t in tests})}
        assert held_units and visible_units and not visible_units & held_units, task_id
        if task_id in refactor.REFACTORING:   # the refactoring check is added to the held-out file after the split
            check = {n for n in held_units if n.endswith(refactor.CHECK_TEST[language])}
            assert len(check) == 1, task_id
            held_units -= check
        assert held_units == split.held_out(task_id, sorted(visible_units | held_units)), task_id
        assert not (fixture / ".meta").exists() and not (fixture / "gradlew").exists(), task_id
        checked += 1
    assert checked >= 40


def test_js_fixtures_use_the_harness_babel_preset():
    for babel in (SUITE / "fixtures").glob("javascript-*/babel.config.js"):
        assert babel.read_text() == convert.JS_BABEL_CONFIG


@pytest.mark.linux_only
@pytest.mark.parametrize("task_id,programs", [("javascript-bowling", ("node", "jest")),
                                              ("javascript-list-ops", ("node", "jest")),
                                              ("java-rest-api", ("javac", "java")),
                                              ("java-satellite", ("javac", "java")),
                                              ("java-mazy-mice", ("javac", "java"))])
def test_sample_verifies_under_bwrap(task_id, programs, tmp_path):
    """The stub fails, the reference passes the visible and the held-out tests, graded in bwrap (rest-api reads
    Debian's org.json jar; satellite has two test files and a reference with helper classes; mazy-mice's reference
    calls RandomGenerator.getDefault(), which loads the JDK's generators under the code under test's permissions,
    and its ported test asserts with AssertJ 3.14)."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain(*programs)
    from bench import cli
    report = tmp_path / "verify.json"
    rc = cli.main(["verify", "--tasks", str(SUITE / "tasks"), "--task", task_id, "--sandbox", "bwrap",
                   "--times", "1", "--out", str(report)])
    result = json.loads(report.read_text())
    assert rc == 0, result
    (task,) = result["tasks"]
    assert task["ok"] and task["untouched_fails"] and task["oracle_outcomes"] == ["passed"], task


# --- hostile agents on converted exercises (the command agent in bwrap) ------------------------------------------


def _attack(tmp_path, task_id: str, files: dict[str, str]) -> dict:
    from attack_helpers import bench, polyglot_task_suite, put, sh
    root = polyglot_task_suite(tmp_path / "suite", task_id, heldout=False)
    return bench(tmp_path, root, sh(*(put(p, t) for p, t in files.items()), "true"), tasks=(task_id,)).graded(task_id)


JEST_FAKE = ("Test Suites: 1 passed, 1 total\\nTests:       21 passed, 21 total\\n"
             "# localagentbench jest: pass 21, fail 0, broken 0, skipped 0, todo 0\\n")


@pytest.mark.linux_only
@pytest.mark.parametrize("name,source", [
    ("fake-summary-then-exit", f"require('fs').writeSync(1, '{JEST_FAKE}');\nprocess.exit(0);\n"
                               "export class Triangle {}\n"),
    ("expect-extend-always-passes", "expect.extend({ toBe: () => ({ pass: true, message: () => '' }) });\n"
                                    "export class Triangle {}\n"),
    ("object-is-always-true", "Object.is = () => true;\nexport class Triangle {}\n"),   # toBe calls Object.is
    ("object-replaced", "globalThis.Object = new Proxy(Object, { get: (o, k) => k === 'is' ? () => true : o[k] });\n"
                        "export class Triangle {}\n"),
    ("expect-replaced", "globalThis.expect = () => new Proxy({}, { get: () => () => {} });\n"
                        "export class Triangle {}\n"),
])
def test_jest_attacks_on_a_converted_exercise_fail(tmp_path, name, source):
    """Code under test that prints jest's summary and exits, or makes expect pass anything: not passed."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("node", "jest")
    from attack_helpers import not_passed
    record = _attack(tmp_path, "javascript-triangle", {"triangle.js": source})
    not_passed(record)


JUNIT_BOX = "\\n".join(f"[{n:>10} {what:<20}]" for n, what in (
    (2, "containers found"), (0, "containers skipped"), (2, "containers started"), (0, "containers aborted"),
    (2, "containers successful"), (0, "containers failed"), (13, "tests found"), (0, "tests skipped"),
    (13, "tests started"), (0, "tests aborted"), (13, "tests successful"), (0, "tests failed")))


@pytest.mark.linux_only
@pytest.mark.parametrize("then", ["Runtime.getRuntime().halt(0);", "System.exit(0);",
                                  "System.out.close(); System.err.close();",
                                  "System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));",
                                  "try { new java.io.FileWriter(\"build/test/AffineCipherTest.class\").close(); } "
                                  "catch (java.io.IOException e) { }",
                                  # a thread of its own carries the code under test's context: still denied (an
                                  # anonymous class: a lambda would wait on this class's initialization, a deadlock)
                                  "Thread t = new Thread(new Runnable() { public void run() { System.exit(0); } }); "
                                  "t.start(); try { t.join(); } catch (InterruptedException e) { }"])
def test_junit_fake_summary_then_an_exit_fails(tmp_path, then):
    """Code under test that prints the console launcher's summary box, then halts or exits the JVM with status 0
    (the attack an earlier conversion let pass both phases), from a thread of its own or not, closes or replaces
    its output so the launcher's own box never shows, or writes over a test class (build/test holds the tests,
    whose code source is granted every permission: the code under test's frame on the stack still denies it)."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("javac", "java")
    from attack_helpers import not_passed
    stub = (SUITE / "fixtures" / "java-affine-cipher" / "src" / "main" / "java" / "AffineCipher.java").read_text()
    hostile = stub.replace("class AffineCipher {", "class AffineCipher {\n    static {\n"
                           f"        System.out.println(\"{JUNIT_BOX}\");\n"
                           f"        System.out.flush();\n        {then}\n    }}\n", 1)
    assert hostile != stub
    record = _attack(tmp_path, "java-affine-cipher", {"src/main/java/AffineCipher.java": hostile})
    not_passed(record)


@pytest.mark.linux_only
def test_junit_code_under_test_may_read_properties_and_use_the_jdks_generators(tmp_path):
    """The security manager denies the code under test what could change a verdict, not plain library calls: the
    reference with a static block that reads line.separator and user.dir and draws from RandomGenerator.of (which
    loads the JDK's generators under its caller's permissions) still passes."""
    import subprocess
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("javac", "java")
    work = tmp_path / "ref"
    shutil.copytree(SUITE / "fixtures" / "java-affine-cipher", work)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / "java-affine-cipher.patch")], cwd=work, check=True)
    source = (work / "src" / "main" / "java" / "AffineCipher.java").read_text()
    calls = ('    static {\n'
             '        String eol = System.getProperty("line.separator") + System.getProperty("user.dir");\n'
             '        int draw = java.util.random.RandomGenerator.of("Xoshiro256PlusPlus").nextInt(3)\n'
             '            + java.util.random.RandomGenerator.getDefault().nextInt(3);\n'
             '        if (eol.isEmpty() || draw < 0) throw new IllegalStateException();\n    }\n')
    with_calls = source.replace("class AffineCipher {", "class AffineCipher {\n" + calls, 1)
    assert with_calls != source
    record = _attack(tmp_path, "java-affine-cipher", {"src/main/java/AffineCipher.java": with_calls})
    assert record["outcome"] == "passed", record["flags"]
