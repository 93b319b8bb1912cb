"""The tripwire of a jest held-out phase (bench/languages/javascript.py JavaScriptProfile.tripwire): where it goes,
what it is called, how jest's output (its `Tests:` line and the witness's lines of the results jest's CLI returned)
and exit status are judged with it, and forgers in the code under test against it. The judging tests run real
subprocesses printing what jest prints (a real `sh`); the held-out phases run the real jest of the harness's Node
test toolchain on polyglot tasks, as grading runs them but without the sandbox."""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess

import pytest

from attack_helpers import judged_with_tripwire, ran_with_tripwire
from bench import oracle
from bench.languages import javascript
from conftest import REPO, needs_toolchain

SUITE = REPO / "suites" / "polyglot"
PROFILE = javascript.PROFILE
TASK = "javascript-triangle"
COMMAND = "jest --ci --testTimeout=30000 triangle.spec.js"
HELD = (SUITE / "heldout" / TASK / "triangle.spec.js").read_text()
TS_HELD = (REPO / "heldout" / "route-specificity-ts" / "router-heldout.test.ts").read_text()
TITLE = re.compile(r"^\s*(?:test|it)\(\s*'([^']*)'", re.M)


def test_the_tripwire_is_a_test_among_the_file_s_tests_in_their_describe_blocks():
    before = TITLE.findall(HELD)
    places = set()
    for seed in range(30):
        text, reported = PROFILE.tripwire("triangle.spec.js", HELD, "sides equal valid", random.Random(seed))
        name = "sides equal valid"
        after = TITLE.findall(text)
        assert sorted(after) == sorted([*before, name])
        # jest reports it by its describe blocks' titles and its own
        assert reported in {f"Triangle {group} triangle {name}" for group in ("equilateral", "isosceles", "scalene")}
        places.add(after.index(name))
        call = text[text.index(f"test('{name}'"):]
        call = call[:call.index("});") + 3]
        # it calls nothing of the code under test: it expects two different numbers to be equal, through the
        # file's own expect, as its tests fail
        left, right = map(int, re.findall(r"const received = (\d+);\n\s*expect\(received\)\.toBe\((\d+)\);", call)[0])
        assert left != right and "throw" not in call, call
        line = text[:text.index(f"test('{name}'")].rsplit("\n", 1)[1]
        assert line.strip() == "" and len(line) >= 4, repr(line)   # inside a describe block, at its indentation
    assert len(places) >= 4


def test_a_typescript_file_takes_it_typed():
    text, reported = PROFILE.tripwire("heldout/router-heldout.test.ts", TS_HELD, "route wins first",
                                      random.Random(2))
    assert reported.endswith(" route wins first") and "it('route wins first'" in text, reported
    assert "const received: number = " in text


def test_a_file_that_is_not_a_jest_test_file_or_focuses_its_tests_takes_none():
    assert PROFILE.tripwire("triangle.js", HELD, "a_b") is None                         # not a test file
    assert PROFILE.tripwire("triangle.spec.js", HELD.replace("test('no sides", "test.only('no sides"),
                            "a_b") is None                                               # only its .only tests run
    assert PROFILE.tripwire("triangle.spec.js", HELD.replace("describe('scalene", "fdescribe('scalene"),
                            "a_b") is None
    assert PROFILE.tripwire("a.test.js", "import test from 'node:test';\ntest('a', () => {});\n", "a_b") is None
    assert PROFILE.tripwire("a.test.js", "const x = 1;\n", "a_b") is None             # no test in it
    assert PROFILE.tripwire("a.test.js", "describe('d', () => {\n  test('a b', () => {});\n});\n",
                            "a b") is None                                               # the name is taken
    # inside a skipped or table-driven describe there is no place for it
    skipped = "describe.skip('s', () => {\n  test('a', () => {});\n});\n"
    assert PROFILE.tripwire("a.test.js", skipped, "a_b") is None
    table = "describe.each([1, 2])('t %i', (n) => {\n  test('a', () => {});\n});\n"
    assert PROFILE.tripwire("a.test.js", table, "a_b") is None


def test_strings_comments_regexes_and_templates_do_not_hide_or_fake_a_test():
    text = ("const s = 'test(\"x\", () => {})';\n// test('y', () => {});\nconst r = /test\\(/;\n"
            "const t = `${'}'} test('z')`;\ndescribe('d', () => {\n  it('real', () => {});\n});\n")
    for seed in range(10):
        planted, reported = PROFILE.tripwire("a.test.js", text, "c_d", random.Random(seed))
        assert reported == "d c_d" and planted.index("it('c_d'") > planted.index("describe('d'"), planted


def test_the_tripwire_name_is_shaped_like_the_tests_own():
    titles = TITLE.findall(HELD)
    assert PROFILE.tripwire_names(HELD) == titles
    names = {oracle.tripwire_name(titles, [HELD]) for _ in range(40)}
    assert len(names) > 30 and not names & set(titles)
    words = {w for title in titles for w in re.findall(r"[a-z]+", title)}
    shapes = {re.sub(r"[a-z]+", "a", t) for t in titles}
    assert all(re.sub(r"[a-z]+", "a", n) in shapes for n in names), names
    assert sum(set(re.findall(r"[a-z]+", n)) <= words for n in names) > 20, (names, words)


TRIP = "sides equal valid"


def jest_output(failed: bool = True, other_failed: bool = False, witness: str | None = None,
                titles: dict | None = None) -> str:
    """What `jest --ci` prints (its `Tests:` line, the witness's count and titles lines) for two tests and the
    tripwire."""
    n_failed = int(failed) + int(other_failed)
    out = ["FAIL ./triangle.spec.js" if n_failed else "PASS ./triangle.spec.js"]
    if n_failed:
        out += ["", f"  ● Triangle › {TRIP}", "", "    expected 41 to be 97", ""]
    out += ["Test Suites: 1 failed, 1 total" if n_failed else "Test Suites: 1 passed, 1 total",
            f"Tests:       {n_failed} failed, {3 - n_failed} passed, 3 total" if n_failed
            else "Tests:       3 passed, 3 total", ""]
    out.append(witness or f"# localagentbench jest: tests 3, pass {3 - n_failed}, fail {n_failed}, skipped 0, "
                          "todo 0, broken 0")
    if titles is None:
        titles = {"failed": ([TRIP] if failed else []) + (["all sides are equal"] if other_failed else []),
                  "passed": (["all sides are equal"] if not other_failed else []) + ["no sides are equal"]
                  + ([] if failed else [TRIP])}
    out.append(f"# localagentbench jest titles: {json.dumps(titles)}")
    return "\n".join([*out, ""])


def judge(tmp_path, output: str, exit_code: int) -> oracle.Step:
    return judged_with_tripwire(tmp_path, output, exit_code, "javascript", "triangle.spec.js", TRIP)


def test_the_tripwire_failing_alone_with_jests_exit_passes(tmp_path):
    step = judge(tmp_path, jest_output(), 1)
    assert step.tripwire == "failed" and step.tripwire_failed and step.passed, (step.summary, step.note)


@pytest.mark.parametrize("case", ["another-failure", "exit-2", "no-titles-line", "witness-counts-no-failure",
                                  "unfinished"])
def test_a_nonzero_exit_the_tripwire_does_not_explain_fails(tmp_path, case):
    output, code = jest_output(), 1
    if case == "another-failure":
        output = jest_output(other_failed=True)
    elif case == "exit-2":
        code = 2
    elif case == "no-titles-line":
        output = output.split("# localagentbench jest titles")[0]
    elif case == "witness-counts-no-failure":
        output = jest_output(witness="# localagentbench jest: tests 3, pass 3, fail 0, skipped 0, todo 0, broken 0")
    elif case == "unfinished":
        output = jest_output(witness="# localagentbench jest: unfinished 1")
    step = judge(tmp_path, output, code)
    assert not step.passed and not step.tripwire_failed, (case, step.summary, step.note)
    if case == "another-failure":
        assert step.summary is None


@pytest.mark.parametrize("case", ["reported-passed", "missing"])
def test_a_passing_report_the_tripwire_does_not_fail_in_is_flagged(tmp_path, case):
    output = jest_output(failed=False)
    if case == "missing":
        output = output.replace(f', "{TRIP}"', "")
    step = judge(tmp_path, output, 0)
    assert not step.passed and step.summary == "tripwire_passed", (case, step.summary, step.note)
    assert step.tripwire == ("passed" if case == "reported-passed" else None)


def test_a_titles_line_naming_it_passed_anywhere_outweighs_one_naming_it_failed(tmp_path):
    forged = f'# localagentbench jest titles: {json.dumps({"failed": [TRIP], "passed": []})}\n'
    step = judge(tmp_path, forged + jest_output(failed=False), 0)
    assert step.tripwire == "passed" and not step.passed


@pytest.mark.parametrize("commands, takes", [
    ([COMMAND], True), (["jest --ci --roots=heldout"], True), (["tsc -p tsconfig.json", "jest --ci"], True),
    (["npx jest --ci"], False), (["jest --ci -t sides"], False), (["jest --ci --testNamePattern=sides"], False),
    (["jest --ci && true"], False), (["node --test heldout/"], False), (["npm test"], False),
    (["tsc -p tsconfig.json"], False), (["jest --ci --bail"], False)])
def test_only_plain_jest_commands_take_a_tripwire(tmp_path, commands, takes):
    assert PROFILE.tripwire_commands(commands) is takes
    held = [("triangle.spec.js", HELD.encode(), 0o644)]
    (tmp_path / "triangle.spec.js").write_bytes(held[0][1])
    laid, tripwire = oracle.plant_tripwire(held, tmp_path, "javascript", commands=commands)
    assert (tripwire is not None) is takes and (laid != held) is takes


# --- the real jest on a polyglot task ---

def _solved(tmp_path) -> str:
    fixture = tmp_path / "solved"
    shutil.copytree(SUITE / "fixtures" / TASK, fixture)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / f"{TASK}.patch")], cwd=fixture, check=True)
    return (fixture / "triangle.js").read_text()


STUB = (SUITE / "fixtures" / TASK / "triangle.js").read_text()


def held_phase(tmp_path, source: str, rng=None):
    """javascript-triangle's held-out phase as grading runs it, without its sandbox: the fixture with `source` as
    its triangle.js, the held-out spec laid and a tripwire planted (oracle.plant_tripwire), the task's jest command
    run through oracle.run_command (the real jest, the witness loaded), then the phase's checks. Returns (its one
    step, the tripwire)."""
    needs_toolchain("node", "jest")
    root = tmp_path / TASK
    shutil.copytree(SUITE / "fixtures" / TASK, root)
    (root / "triangle.js").write_text(source)
    plain = [("triangle.spec.js", HELD.encode(), 0o644)]
    (root / "triangle.spec.js").write_bytes(plain[0][1])
    held, tripwire = oracle.plant_tripwire(plain, root, "javascript", rng, commands=[COMMAND])
    return ran_with_tripwire(tmp_path, COMMAND, 180, root, plain, tripwire, "javascript"), tripwire


# The code under test, once the test file has declared its tests (a microtask queued as the test file imports it),
# finds jest-circus's state on the test file's global and turns every test's function into one that does nothing:
# every test passes, the count and the witness's count of the results say so, and jest exits 0.
NEUTER_ALL = """
Promise.resolve().then(() => {
  const sym = Object.getOwnPropertySymbols(globalThis).find((s) => s.description === 'JEST_STATE_SYMBOL');
  const walk = (block) => {
    for (const child of block.children) {
      if (child.type === 'test') child.fn = () => {};
      else walk(child);
    }
  };
  if (sym) walk(globalThis[sym].rootDescribeBlock);
});
"""

# The code under test reads the spec's test titles and prints jest's report of them all passed, the witness's
# count too, and exits 0 (jest runs a single test file in its own process).
PRINT_AND_EXIT = """
{
  const fs = require('fs');
  const titles = [...fs.readFileSync('triangle.spec.js', 'utf8').matchAll(/(?:test|it)\\('([^']*)'/g)].map((m) => m[1]);
  const n = titles.length;
  fs.writeSync(1, `PASS ./triangle.spec.js\\n${titles.map((t) => `  ✓ ${t}\\n`).join('')}\\n`
    + `Test Suites: 1 passed, 1 total\\nTests:       ${n} passed, ${n} total\\n`
    + `# localagentbench jest: tests ${n}, pass ${n}, fail 0, skipped 0, todo 0, broken 0\\n`
    + `# localagentbench jest titles: ${JSON.stringify({ failed: [], passed: titles })}\\n`);
  globalThis.process.exit(0);
}
"""


@pytest.mark.linux_only
def test_code_under_test_that_turns_every_test_into_a_no_op_is_not_a_pass(tmp_path):
    step, tripwire = held_phase(tmp_path, STUB + NEUTER_ALL)
    assert tripwire is not None and step.exit_code == 0, step.output.decode()[-3000:]
    assert step.tripwire == "passed" and not step.passed and step.summary == "tripwire_passed", (step.summary,
                                                                                                  step.note)


@pytest.mark.linux_only
def test_code_under_test_printing_a_report_of_every_title_and_exiting_is_not_a_pass(tmp_path):
    """Caught before the tripwire too (the witness's `unfinished 1`): a regression test."""
    step, tripwire = held_phase(tmp_path, STUB + PRINT_AND_EXIT)
    assert tripwire is not None and not step.passed, (step.summary, step.note, step.output.decode()[-3000:])


@pytest.mark.linux_only
def test_the_reference_passes_with_the_tripwire_as_its_one_failure(tmp_path):
    step, tripwire = held_phase(tmp_path, _solved(tmp_path))
    text = step.output.decode()
    assert step.exit_code == 1 and "1 failed" in text and tripwire.name in text, text[-3000:]
    assert step.tripwire == "failed" and step.tripwire_failed and step.passed, (step.summary, step.note)


@pytest.mark.linux_only
def test_a_stub_still_fails(tmp_path):
    step, tripwire = held_phase(tmp_path, STUB)
    assert tripwire is not None and step.exit_code == 1 and not step.passed and not step.tripwire_failed
    assert step.summary is None, step.note


# Neuters every test but the one whose body calls nothing the spec imports (no Triangle): that one is left to fail.
BODY_READING_NEUTER = NEUTER_ALL.replace("if (child.type === 'test') child.fn = () => {};",
                                         "if (child.type === 'test' && /Triangle/.test(String(child.fn))) "
                                         "child.fn = () => {};")


@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="known gap (SECURITY.md, JavaScript): code under test that reads the tests can "
                   "tell the tripwire by its body (it calls nothing of the code under test) and let it alone fail")
def test_code_under_test_that_tells_the_tripwire_by_its_body_is_not_a_pass(tmp_path):
    step, tripwire = held_phase(tmp_path, STUB + BODY_READING_NEUTER)
    assert step.tripwire == "failed", step.output.decode()[-3000:]
    assert not step.passed


# A wrong Triangle (no triangle is anything) and, once the test file has declared its tests, every test's function
# wrapped so that a failure of jest's `expect` (an error carrying its matcherResult) is swallowed and any other
# error thrown on: it reads no test's body, yet a tripwire that failed by a thrown Error of its own fails alone.
WRONG = """
export class Triangle {
  constructor(...sides) { this.sides = sides; }
  get isEquilateral() { return false; }
  get isIsosceles() { return false; }
  get isScalene() { return false; }
}
"""
SPARE_ALL_BUT_PLAIN_ERRORS = """
Promise.resolve().then(() => {
  const sym = Object.getOwnPropertySymbols(globalThis).find((s) => s.description === 'JEST_STATE_SYMBOL');
  const spare = (error) => {
    if (!error || !error.matcherResult) throw error;
  };
  const walk = (block) => {
    for (const child of block.children) {
      if (child.type === 'test') {
        const fn = child.fn;
        child.fn = function () {
          try {
            const done = fn.call(this);
            return done && typeof done.then === 'function' ? done.then(undefined, spare) : done;
          } catch (error) {
            return spare(error);
          }
        };
      } else walk(child);
    }
  };
  if (sym) walk(globalThis[sym].rootDescribeBlock);
});
"""


@pytest.mark.linux_only
def test_code_under_test_that_spares_only_failed_expectations_is_not_a_pass(tmp_path):
    """The tripwire fails through the test file's own `expect`, as the tests fail: code under test that lets every
    failed expectation pass and any other error fail passes the tripwire too (tripwire_passed)."""
    step, tripwire = held_phase(tmp_path, WRONG + SPARE_ALL_BUT_PLAIN_ERRORS)
    assert tripwire is not None and step.tripwire == "passed", step.output.decode()[-3000:]
    assert not step.passed and step.summary == "tripwire_passed", (step.summary, step.note)


@pytest.mark.linux_only
def test_the_wrong_triangle_alone_fails(tmp_path):
    step, tripwire = held_phase(tmp_path, WRONG)
    assert tripwire is not None and step.exit_code == 1 and not step.passed, step.output.decode()[-3000:]


# The wrong Triangle noting each construction, and every test wrapped so that a failed expectation is swallowed
# only where the test constructed a Triangle: it reads no test's source, and spares the one test that calls nothing
# of the code under test.
CALLS_NOTED = WRONG.replace("constructor(...sides) { this.sides = sides; }",
                            "constructor(...sides) { this.sides = sides; globalThis.labCalled = true; }")
SPARE_WHERE_CALLED = SPARE_ALL_BUT_PLAIN_ERRORS.replace(
    "if (!error || !error.matcherResult) throw error;",
    "if (!error || !error.matcherResult || !globalThis.labCalled) throw error;").replace(
    "          try {\n", "          globalThis.labCalled = false;\n          try {\n")


@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="known gap (SECURITY.md, JavaScript): the tripwire calls nothing of the code "
                   "under test, which code under test that notes its own calls tells at run time, reading no test")
def test_code_under_test_that_spares_failed_expectations_where_it_was_called_is_not_a_pass(tmp_path):
    step, tripwire = held_phase(tmp_path, CALLS_NOTED + SPARE_WHERE_CALLED)
    assert "labCalled = false" in SPARE_WHERE_CALLED and tripwire is not None
    assert not step.passed, (step.tripwire, step.output.decode()[-3000:])


def shape(name: str) -> str:  # written here as well as in base.name_shape, so a change there cannot pass itself
    """Each camel-case word of a name by its case (a, A, Aa), each run of digits as 9, every other character kept."""
    def word(m: re.Match) -> str:
        w = m.group(0)
        return "9" if w.isdigit() else "A" if w.isupper() and len(w) > 1 else "Aa" if w[0].isupper() else "a"
    return re.sub(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", word, name)


JS_HELD = sorted(SUITE.glob("heldout/javascript-*/*.spec.js"))


@pytest.mark.parametrize("path", JS_HELD, ids=lambda p: p.parts[-2])
def test_every_polyglot_spec_takes_a_tripwire_shaped_like_its_tests(path, tmp_path):
    """Every jest held-out file of the polyglot suite: the tripwire goes in, titled in the shape of one of the
    file's test titles and reported by a full name no test of the file has; the planted file still reads as the
    same tests plus the tripwire."""
    text = path.read_text()
    titles = PROFILE.tripwire_names(text)
    full = {" ".join([*t.ancestors, t.title]) for t in javascript._jest_tests(text)[0]}
    assert titles, path
    for seed in range(5):
        laid, tripwire = oracle.plant_tripwire([(path.name, text.encode(), 0o644)], tmp_path, "javascript",
                                               random.Random(seed), commands=[f"jest --ci {path.name}"])
        assert tripwire is not None and tripwire.name not in full, path
        after = javascript._jest_tests(laid[0][1].decode())[0]
        trip = [t for t in after if " ".join([*t.ancestors, t.title]) == tripwire.name]
        assert len(trip) == 1 and len(after) == len(titles) + 1
        assert shape(trip[0].title) in {shape(t) for t in titles}, (trip[0].title, titles[:5])
