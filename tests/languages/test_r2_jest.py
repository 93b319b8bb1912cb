"""Second hostile review of jest grading (issue 29 follow-up): the witness's line in jest's own process, which code
under test run in band shares, and jest tasks laid out as their communities write them, with the real jest and
tsc of the harness's Node test toolchain, through the CLI under bubblewrap.

Each attack is shown live first where it can be: the same project passes outside the harness (or with the witness
as it was), so a contained verdict means the harness stopped it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from test_lang_typescript import run, ts_project

from attack_helpers import bench, bundled_task_suite, has_flag, not_passed, put, sh
from bench.languages import base, javascript
from conftest import REPO, needs_toolchain

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")

PROFILE = javascript.PROFILE
TASK = "route-specificity-ts"
FIXTURE = REPO / "fixtures" / TASK
FORGED = "Tests:       11 passed, 11 total\n"
TESTS = ("import { f } from './src/f';\n"
         "it('one', () => expect(f(1)).toBe(1));\n"
         "it('two', () => expect(f(2)).toBe(3));\n")


def verdict(output: str) -> str | None:
    return base.combined(PROFILE.summaries(output))


def in_band(body: str) -> dict[str, str]:
    """A project whose one test file runs in jest's own process, its code under test running `body` when f(2) is
    called (Node's `require` declared, so tsc accepts it under the fixture's tsconfig)."""
    return {"f.test.ts": TESTS,
            "src/f.ts": ("declare const require: any;\n"
                         "export function f(x: number): number {\n"
                         f"  if (x > 1) {{ {PRELUDE} {body} }}\n"
                         "  return x;\n}\n")}


# fs, the real process, and w(text): written to fd 1 at once (a pipe under the harness is non-blocking, and what
# process.stdout queues is lost at an exit)
PRELUDE = ("const fs = require('fs'); const p = (globalThis as any).process; const w = (t: string) => { "
           "const b = Buffer.from(t); for (let at = 0; at < b.length;) { try { at += fs.writeSync(1, b, at); } "
           "catch (e) { if ((e as any).code !== 'EAGAIN') throw e; } } };")
# the forged summary, then a partial line that the witness's line would continue, then exit 0 past jest's exit hook
PARTIAL_LINE = f"w({json.dumps(FORGED)} + 'x'); p.reallyExit(0);"
# the forged summary, then fd 1 (where the witness writes) reopened on /dev/null, then exit 0
FD_REOPENED = f"w({json.dumps(FORGED)}); fs.closeSync(1); fs.openSync('/dev/null', 'w'); p.exit(0);"


@pytest.mark.parametrize("body", [PARTIAL_LINE, FD_REOPENED], ids=["partial-line", "fd1-reopened"])
def test_code_under_test_in_band_cannot_hide_the_witness_s_line(tmp_path, body):
    """The witness's line starts a line of its own (a partial line left on stdout cannot swallow it), and when
    fd 1 no longer names the output jest started with the process exits 1: the forged `Tests:` line never stands
    alone with status 0."""
    root = ts_project(tmp_path / "p", in_band(body))
    code, out = run(root, "jest --ci")
    assert code != 0 or verdict(out) == "test_summary_failed", f"the forged run stands:\n{out}"


def test_the_witness_still_reports_when_jest_writes_to_dev_null_itself(tmp_path):
    """A command that sends jest's stdout to /dev/null from the start keeps its own status: fd 1 is the file the
    process started with."""
    root = ts_project(tmp_path / "p", {"a.test.ts": "it('ok', () => expect(1).toBe(1));\n"})
    code, out = run(root, "jest --ci >/dev/null")
    assert code == 0 and "Tests:       1 passed, 1 total" in out, out


# --- through the CLI, under bubblewrap ---

IN_BAND_COMMAND = "jest --ci --roots=tests --runInBand"
PATTERN_TS = (FIXTURE / "src" / "pattern.ts").read_text()


def cli_attack(tmp_path: Path, prelude: str) -> dict:
    """The agent appends `prelude` to src/pattern.ts (run when the tests import it) of the TypeScript task, whose
    one grading command runs jest in band (`--runInBand`, as many projects' scripts do)."""
    needs_toolchain("node", "jest", "bwrap")
    root = bundled_task_suite(tmp_path / "suite", TASK, heldout=False)
    task = root / "tasks" / f"{TASK}.yaml"
    text = task.read_text()
    assert "    - tsc -p tsconfig.json\n    - jest --ci --roots=tests\n" in text
    task.write_text(text.replace("    - tsc -p tsconfig.json\n    - jest --ci --roots=tests\n",
                                 f"    - {IN_BAND_COMMAND}\n"))
    cmd = sh(put("src/pattern.ts", PATTERN_TS + "\ndeclare const require: any;\n" + prelude + "\n"), "true")
    return bench(tmp_path, root, cmd, tasks=(TASK,)).graded(TASK)


ON_IMPORT = "{ " + PRELUDE + " %s }"


@pytest.mark.parametrize("body", [PARTIAL_LINE, FD_REOPENED], ids=["partial-line", "fd1-reopened"])
def test_a_forged_in_band_run_hiding_the_witness_s_line_is_not_passed(tmp_path, body):
    record = cli_attack(tmp_path, ON_IMPORT % body)
    not_passed(record)


# 16 MiB (the harness's log limit) of output with the forged summary near the end of what is kept: the runner's
# own closing lines (the witness's `unfinished 1`) fall past the cut
FLOOD = ("const line = '.'.repeat(1023) + '\\n'; const kb = (n: number) => { for (let i = 0; i < n; i++) "
         f"w(line); }}; kb(16 * 1024 - 100); w({json.dumps(FORGED)}); kb(300); "
         "p.reallyExit(0);")


def test_a_forged_summary_kept_before_the_log_is_cut_off_is_not_passed(tmp_path):
    """A grading command's output is kept up to 16 MiB: a summary read from output cut off there proves nothing,
    since the runner's closing lines come after it."""
    record = cli_attack(tmp_path, ON_IMPORT % FLOOD)
    not_passed(record)
    has_flag(record, "no_tests_ran")


# --- code under test turning jest's assertions into no-ops, in its own realm ---

ALWAYS = "const yes = () => ({ pass: true, message: () => '' });\n"
IN_REALM = {
    "expect-extend": ALWAYS + "(globalThis as any).expect.extend({ toBe: yes, toEqual: yes });\n",
    "expect-replaced": ("(globalThis as any).expect = () => new Proxy({}, { get: () => () => undefined });\n"),
    "it-replaced": ("const g = globalThis as any; const real = g.it;\n"
                    "g.it = g.test = (name: string) => real(name, () => undefined);\n"),
}
TWO_FILES = {"a.test.ts": "import { f } from './src/f';\nit('a', () => expect(f(1)).toBe(2));\n",
             "b.test.ts": "import { f } from './src/f';\nit('b', () => expect(f(2)).toEqual(3));\n"}


@pytest.mark.parametrize("name", sorted(IN_REALM))
@pytest.mark.parametrize("where", ["--maxWorkers=2", "--runInBand"])
def test_code_under_test_cannot_replace_expect_its_matchers_or_it(tmp_path, name, where):
    """Code under test imported by a test file, in jest's workers or in band: a built-in matcher replaced through
    expect.extend, or the global `expect` or `it` replaced, fails the test files instead of passing them (live
    without the witness)."""
    files = {**TWO_FILES, "src/f.ts": IN_REALM[name] + "export const f = (x: number) => x;\n"}
    root = ts_project(tmp_path / "p", files)
    code, out = run(root, f"jest --ci {where}", witness=False)
    assert code == 0 and "Tests:       2 passed, 2 total" in out, f"the attack is not live:\n{out}"
    code, out = run(root, f"jest --ci {where}")
    assert code != 0 and verdict(out) == "test_summary_failed", out


# Through the built-ins' prototypes, which the matchers' equality reads: toEqual compares every two values as
# RegExps (their missing `source` and `flags`).
PROTOTYPE_ATTACKS = {
    "object-tostring": "Object.prototype.toString = function () { return '[object RegExp]'; };\n",
}
EQUAL_FILES = {"a.test.ts": "import { f } from './src/f';\nit('a', () => expect(f([1, 2])).toEqual([3]));\n",
               "b.test.ts": ("import { f } from './src/f';\n"
                             "it('b', () => expect(f({ x: 1 })).toStrictEqual({ y: 2 }));\n")}


@pytest.mark.parametrize("name", sorted(PROTOTYPE_ATTACKS))
def test_code_under_test_cannot_replace_a_built_in_prototype_s_method(tmp_path, name):
    """Code under test replacing a method every value inherits makes every toEqual pass without the witness; with
    it the assignment throws, and the test files fail."""
    files = {**EQUAL_FILES, "src/f.ts": PROTOTYPE_ATTACKS[name] + "export const f = (x: any) => x;\n"}
    root = ts_project(tmp_path / "p", files)
    code, out = run(root, "jest --ci --runInBand", witness=False)
    assert code == 0 and "Tests:       2 passed, 2 total" in out, f"the attack is not live:\n{out}"
    code, out = run(root, "jest --ci --runInBand")
    assert code != 0 and verdict(out) == "test_summary_failed", out


ASYMMETRIC = {"src/f.ts": ("export const f = (x: any) => "
                            "Object.defineProperty(x, 'asymmetricMatch', { value: () => true });\n"),
              **{name: text.replace("f([1, 2])", "f([9])").replace("f({ x: 1 })", "f({ x: 9 })")
                 for name, text in EQUAL_FILES.items()}}


@pytest.mark.xfail(strict=True, reason="jest's equals treats any value with an asymmetricMatch method as a matcher, "
                                       "the received value too; open (SECURITY.md)")
def test_a_received_value_claiming_to_be_an_asymmetric_matcher_fails(tmp_path):
    """Code under test returning values that carry an `asymmetricMatch` method returning true: jest's equality asks
    the received value whether it matches, so every toEqual and toStrictEqual on them passes."""
    root = ts_project(tmp_path / "p", ASYMMETRIC)
    code, out = run(root, "jest --ci --runInBand")
    assert code != 0 and verdict(out) == "test_summary_failed", out


INHERITING = {"src/clock.ts": ("export function Clock(this: any, h: number) { this.h = h; }\n"
                               "Clock.prototype.toString = function () { return `h${this.h}`; };\n"
                               "export const o: any = { a: 1 };\no.toString = () => 'o';\n"
                               "(Array.prototype as any).total = function () { return this.length; };\n"),
              "clock.test.ts": ("import { Clock, o } from './src/clock';\n"
                                "it('shadows inherited methods', () => {\n"
                                "  expect(String(new (Clock as any)(3))).toBe('h3');\n"
                                "  expect(String(o)).toBe('o');\n  expect(Object.keys(o)).toEqual(['a', 'toString']);\n"
                                "  expect(([1, 2] as any).total()).toBe(2);\n});\n")}


def test_ordinary_code_still_shadows_an_inherited_method(tmp_path):
    """Assigning a method through an object that inherits it from a built-in prototype (a constructor's prototype,
    an object literal) defines the object's own property, as without the witness; a new prototype method stays
    possible."""
    root = ts_project(tmp_path / "p", INHERITING)
    code, out = run(root, "jest --ci --runInBand")
    assert code == 0 and verdict(out) is None and "Tests:       1 passed, 1 total" in out, out


HONEST = {
    "jest.config.js": ("module.exports = { testEnvironment: 'node', testMatch: ['**/*.test.ts'],\n"
                       "  setupFilesAfterEnv: ['<rootDir>/tests/setup.ts'] };\n"),
    "tests/setup.ts": ("expect.extend({ toBeEven(n: number) {\n"
                       "  return { pass: n % 2 === 0, message: () => `${n} is odd` }; } });\n"),
    "tests/matchers.ts": ("export function toBeWithin(n: number, lo: number, hi: number) {\n"
                          "  return { pass: n >= lo && n <= hi, message: () => `${n} not in ${lo}..${hi}` };\n}\n"),
    "src/sum.ts": "export const sum = (a: number, b: number): number => a + b;\n",
    "tests/sum.test.ts": ("import { describe, expect, it } from '@jest/globals';\n"
                          "import { sum } from '../src/sum';\nimport { toBeWithin } from './matchers';\n"
                          "expect.extend({ toBeWithin });\n"
                          "describe.each([[1, 1, 2], [2, 2, 4]])('sum(%i, %i)', (a, b, total) => {\n"
                          "  it(`is ${total}`, () => { expect(sum(a, b)).toBe(total); "
                          "(expect(sum(a, b)) as any).toBeEven(); });\n});\n"
                          "test.each`\n  a | b | c\n  ${1} | ${2} | ${3}\n`('$a + $b', ({ a, b, c }) => {\n"
                          "  (expect(sum(a, b)) as any).toBeWithin(c, c);\n"
                          "  expect({ s: sum(a, b) }).toMatchInlineSnapshot(`\n"
                          "    {\n      \"s\": 3,\n    }\n  `);\n});\n"),
    "tests/other.test.ts": "import { sum } from '../src/sum';\nit('adds', () => expect(sum(2, 3)).toEqual(5));\n",
}


@pytest.mark.parametrize("where", ["--maxWorkers=2", "--runInBand"])
def test_honest_matchers_setup_files_and_each_tables_still_pass(tmp_path, where):
    """What projects do with jest's globals stays possible: matchers of new names added by a setup file and by a
    test file (from a helper), `@jest/globals`, describe.each / test.each tables and inline snapshots."""
    root = ts_project(tmp_path / "p", HONEST)
    code, out = run(root, f"jest --ci {where}")
    assert code == 0 and verdict(out) is None and "Tests:       4 passed, 4 total" in out, out


LATE_TIMER = {"a.test.ts": ("import { later } from './src/later';\n"
                             "it('schedules work that outlives the file', () => { later(300); expect(1).toBe(1); });\n"
                             "it('waits a little', () => new Promise((r) => setTimeout(r, 50)));\n"),
              "src/later.ts": ("export function later(ms: number): void {\n"
                               "  setTimeout(() => { const n = Promise.name + Function.name;\n"
                               "    if (!(n + String(Error.stackTraceLimit))) throw new Error('x'); }, ms);\n}\n")}


@pytest.mark.parametrize("where", ["--maxWorkers=2", "--runInBand"])
def test_a_timer_that_outlives_its_test_file_does_not_crash_jest(tmp_path, where):
    """Honest code whose timer fires after its test file ended (javascript-promises: the slower callbacks outlive
    each race) and reads a built-in's name: the witness's lock on the built-ins must not hand them to jest's
    teardown, which soft-deleted their `name` into a getter that recursed until jest crashed (exit 1 after every
    test passed)."""
    root = ts_project(tmp_path / "p", LATE_TIMER)
    code, out = run(root, f"jest --ci {where}")
    assert "Maximum call stack" not in out, out
    assert code == 0 and verdict(out) is None and "Tests:       2 passed, 2 total" in out, out


def test_a_matcher_replaced_by_the_code_under_test_is_not_passed_through_the_cli(tmp_path):
    """The TypeScript task with its own commands (tsc, then jest): src/pattern.ts turns toEqual and toBe into
    matchers that always pass."""
    needs_toolchain("node", "jest", "tsc", "bwrap")
    root = bundled_task_suite(tmp_path / "suite", TASK, heldout=False)
    extend = ("\nconst yes = () => ({ pass: true, message: () => '' });\n"
              "(globalThis as any).expect.extend({ toBe: yes, toEqual: yes, toBeNull: yes });\n")
    record = bench(tmp_path, root, sh(put("src/pattern.ts", PATTERN_TS + extend), "true"), tasks=(TASK,)).graded(TASK)
    not_passed(record)
