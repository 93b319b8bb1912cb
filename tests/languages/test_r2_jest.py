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


@pytest.mark.parametrize("where", ["--maxWorkers=2", "--runInBand"])
def test_a_received_value_claiming_to_be_an_asymmetric_matcher_fails(tmp_path, where):
    """Code under test returning values that carry an `asymmetricMatch` method returning true: jest's equality asked
    the received value whether it matches, so every toEqual and toStrictEqual on them passed (live without the
    witness). Only matchers jest's expect made at a test file's call are matchers now."""
    root = ts_project(tmp_path / "p", ASYMMETRIC)
    code, out = run(root, f"jest --ci {where}", witness=False)
    assert code == 0 and "Tests:       2 passed, 2 total" in out, f"the attack is not live:\n{out}"
    code, out = run(root, f"jest --ci {where}")
    assert code != 0 and verdict(out) == "test_summary_failed" and "Tests:       2 failed, 2 total" in out, out


YES = "const yes = (x: any) => Object.defineProperty(x, 'asymmetricMatch', { value: () => true });\n"
E = "(globalThis as any).expect"
# Each: the code under test (src/f.ts, exporting f) and a test of it that fails honestly.
FORGED_MATCHERS = {
    # a Proxy answering `asymmetricMatch` for the object behind it
    "proxy": ("export const f = (x: any) => new Proxy(x, { get: (t, k) => (k === 'asymmetricMatch' ? () => true "
              ": t[k]) });\n", "expect(f({ x: 9 })).toEqual({ x: 3 })"),
    # a getter, read anew at each check
    "getter": ("export const f = (x: any) => Object.defineProperty(x, 'asymmetricMatch', "
               "{ get: () => () => true });\n", "expect(f([9])).toEqual([3])"),
    # a matcher jest made, minted by the code under test through the test file's global
    "minted-anything": (f"export const f = (x: any) => {E}.anything();\n", "expect(f(9)).toEqual(3)"),
    "minted-not": (f"export const f = (x: any) => {E}.not.stringContaining('zz');\n", "expect(f(9)).toEqual(3)"),
    "minted-custom": (f"{E}.extend({{ anyOld: () => ({{ pass: true, message: () => '' }}) }});\n"
                      f"export const f = (x: any) => {E}.anyOld();\n", "expect(f(9)).toEqual(3)"),
    # minted where no frame of the code under test is on the stack (a promise's reaction), and through a built-in
    "minted-by-promise": (f"let m: any;\nPromise.resolve().then({E}.anything).then((v: any) => {{ m = v; }});\n"
                          "export const f = (x: any) => m;\n",
                          "await new Promise((r) => setTimeout(r, 20)); expect(f(9)).toEqual('nine')"),
    "minted-by-map": (f"export const f = (x: any) => [x].map({E}.anything)[0];\n", "expect(f(9)).toEqual(3)"),
    # a mint bound (no frame of its own) that the test itself calls, and one reached through jest.requireActual
    "minted-bound": (f"export const f = {E}.anything.bind(null);\n", "expect(f(9)).toEqual(3)"),
    "minted-call-bound": (f"export const f = Function.prototype.call.bind({E}.anything);\n",
                          "expect(f(9)).toEqual(3)"),
    "minted-require-actual": ("declare const jest: any;\n"
                              "export const f = jest.requireActual('expect').expect.anything.bind(null);\n",
                              "expect(f(9)).toEqual(3)"),
    "minted-jest-globals": ("declare const require: any;\n"
                            "export const f = require('@jest/globals').expect.anything.bind(null);\n",
                            "expect(f(9)).toEqual(3)"),
    # a subclass of jest's own matcher class, and jest's own class's prototype rewritten
    "subclass": (f"const Any = {E}.any(Number).constructor;\n"
                 "class Yes extends Any { asymmetricMatch() { return true; } }\n"
                 "export const f = (x: any) => new Yes(Number);\n", "expect(f(9)).toEqual('nine')"),
    "prototype": (f"try {{ Object.getPrototypeOf({E}.any(Number)).asymmetricMatch = () => true; }} catch {{}}\n"
                  "export const f = (x: any) => x;\n", "expect(f('nine')).toEqual(expect.any(Number))"),
    "mint-replaced": (f"try {{ {E}.any = {E}.anything; }} catch {{}}\nexport const f = (x: any) => x;\n",
                      "expect(f('nine')).toEqual(expect.any(Number))"),
    # forged items where the received value sits on the other side: inside arrayContaining, objectContaining
    "array-containing": (YES + "export const f = (x: any[]) => x.map(yes);\n",
                         "expect(f([{ a: 9 }])).toEqual(expect.arrayContaining([{ a: 3 }]))"),
    "object-containing": (YES + "export const f = (x: any) => ({ a: yes({ v: x }) });\n",
                          "expect(f(9)).toEqual(expect.objectContaining({ a: { v: 3 } }))"),
    "contain-equal": (YES + "export const f = (x: any[]) => x.map(yes);\n",
                      "expect(f([{ a: 9 }])).toContainEqual({ a: 3 })"),
    "match-object": (YES + "export const f = (x: any) => ({ a: yes({ v: x }) });\n",
                     "expect(f(9)).toMatchObject({ a: { v: 3 } })"),
    "called-with": (YES + "export const f = (cb: any) => cb(yes({ v: 9 }));\n",
                    "const cb = jest.fn(); f(cb); expect(cb).toHaveBeenCalledWith({ v: 3 })"),
    # a custom iterator yielding forged items, compared by jest's iterableEquality
    "iterator": (YES + "export const f = (x: any) => new Set([yes({ v: x })]);\n",
                 "expect(f(9)).toEqual(new Set([{ v: 3 }]))"),
    # an equality tester that says yes to everything: through expect, and pushed onto expect's own list
    "equality-tester": (f"try {{ {E}.addEqualityTesters([() => true]); }} catch {{}}\n"
                        "export const f = (x: any) => x;\n", "expect(f(9)).toEqual(3)"),
    "equality-tester-list": ("try { (globalThis as any)[Symbol.for('$$jest-matchers-object')]"
                             ".customEqualityTesters.push(() => true); } catch {}\n"
                             "export const f = (x: any) => x;\n", "expect(f(9)).toEqual(3)"),
}


@pytest.mark.parametrize("name", sorted(FORGED_MATCHERS))
def test_code_under_test_cannot_forge_or_mint_an_asymmetric_matcher(tmp_path, name):
    """Values posing as matchers wherever jest's equality meets them, matchers jest made but the code under test
    minted, jest's matcher classes subclassed or rewritten, mints replaced, and equality testers that always
    agree: each test fails (each passes without the witness)."""
    source, check = FORGED_MATCHERS[name]
    files = {"src/f.ts": source,
             "a.test.ts": f"import {{ f }} from './src/f';\nit('a', async () => {{ {check}; }});\n"}
    root = ts_project(tmp_path / "p", files)
    code, out = run(root, "jest --ci --runInBand", witness=False)
    assert code == 0 and "Tests:       1 passed, 1 total" in out, f"the attack is not live:\n{out}"
    code, out = run(root, "jest --ci --runInBand")
    assert code != 0 and verdict(out) == "test_summary_failed" and "Tests:       1 failed, 1 total" in out, out


# node's vm compiles a function under any file name: one named like the test file reads `expect` and calls its mint,
# which then take the code under test for the test file (the stack is all the witness reads). The code reaches
# jest's own process through vm (SECURITY.md: in-process forgery in the test file's realm), as in the witness's
# other open gaps.
VM_NAMED = ("declare const require: any;\n"
            "const mint = require('vm').runInThisContext('(g) => g.expect.anything()', "
            "{ filename: __dirname + '/../a.test.ts' });\n"
            "export const f = (x: any) => mint(globalThis);\n")


@pytest.mark.xfail(strict=True, reason="a function node's vm compiled under a test file's name mints a genuine "
                                       "matcher; in-process, open (SECURITY.md)")
def test_a_mint_called_from_code_compiled_under_a_test_file_s_name_is_not_a_matcher(tmp_path):
    files = {"src/f.ts": VM_NAMED,
             "a.test.ts": "import { f } from './src/f';\nit('a', () => expect(f(9)).toEqual(3));\n"}
    root = ts_project(tmp_path / "p", files)
    code, out = run(root, "jest --ci --runInBand")
    assert code != 0 and verdict(out) == "test_summary_failed", out


HONEST_MATCHERS = {
    "jest.config.js": ("module.exports = { testEnvironment: 'node', testMatch: ['**/*.test.ts'],\n"
                       "  setupFilesAfterEnv: ['<rootDir>/setup.ts'] };\n"),
    "setup.ts": ("expect.extend({ toBeWithin(n: number, lo: number, hi: number) {\n"
                 "  return { pass: n >= lo && n <= hi, message: () => `${n} not in ${lo}..${hi}` }; } });\n"
                 "(globalThis as any).ANY_ID = expect.any(String);\n"),
    "tests/helpers.ts": "export const point = (x: number) => expect.objectContaining({ x: expect.closeTo(x, 1) });\n",
    "src/shapes.ts": ("export const shape = (x: number) => ({ id: `s${x}`, x: x + 0.01, tags: ['a', 'b'], "
                      "at: new Date(0) });\n"
                      "export const visit = (cb: (n: number, s: string) => void) => cb(2, 'two');\n"
                      "export const fail = () => { throw Object.assign(new Error('bad input'), { code: 7 }); };\n"),
    "shapes.test.ts": ("import { shape, visit, fail } from './src/shapes';\nimport { point } from './tests/helpers';\n"
                       "const anyTags = expect.arrayContaining(['b']);\n"
                       "it('uses the matchers of jest on real values', async () => {\n"
                       "  expect(shape(1)).toEqual({ id: expect.stringMatching(/^s/), x: expect.closeTo(1, 1), "
                       "tags: anyTags, at: expect.any(Date) });\n"
                       "  expect(shape(1)).toEqual({ id: (globalThis as any).ANY_ID, x: expect.anything(), "
                       "tags: expect.not.arrayContaining(['z']), at: expect.anything() });\n"
                       "  expect(shape(2)).toMatchObject(point(2));\n"
                       "  expect(shape(3)).toEqual(expect.not.objectContaining({ id: 's4' }));\n"
                       "  expect([shape(1), shape(2)]).toContainEqual(expect.objectContaining({ id: 's2' }));\n"
                       "  expect(shape(5).x).toEqual((expect as any).toBeWithin(4, 6));\n"
                       "  expect({ n: 5 }).toEqual({ n: (expect as any).not.toBeWithin(7, 9) });\n"
                       "  const cb = jest.fn(); visit(cb);\n"
                       "  expect(cb).toHaveBeenCalledWith(expect.any(Number), expect.stringContaining('tw'));\n"
                       "  expect(fail).toThrow(expect.objectContaining({ code: 7 }));\n"
                       "  await Promise.resolve();\n"
                       "  expect([1, 2, 3].map(() => shape(1))).toEqual(expect.arrayOf(expect.objectContaining"
                       "({ id: 's1' })));\n"
                       "  expect(shape(1)).toStrictEqual({ id: 's1', x: expect.any(Number), tags: ['a', 'b'], "
                       "at: new Date(0) });\n"
                       "});\n"
                       "it('adds an equality tester', () => {\n"
                       "  expect.addEqualityTesters([(a: any, b: any) => (typeof a === 'string' && typeof b === "
                       "'string' ? a.toLowerCase() === b.toLowerCase() : undefined)]);\n"
                       "  expect({ s: 'AB' }).toEqual({ s: 'ab' });\n  expect({ s: 'AB' }).not.toEqual({ s: 'ac' });\n"
                       "});\n"
                       "it.each([[1, expect.any(Number)], ['x', expect.any(String)]])('each %p', (v, m) => "
                       "expect(v).toEqual(m));\n"),
    "globals.test.ts": ("import { expect as e, it as i, jest as j } from '@jest/globals';\n"
                        "import { shape } from './src/shapes';\n"
                        "i('mints through @jest/globals', () => {\n"
                        "  e(shape(1)).toEqual(e.objectContaining({ x: e.any(Number), id: e.stringContaining('s') "
                        "}));\n"
                        "  const cb = j.fn(); cb(shape(2)); e(cb).toHaveBeenCalledWith(e.anything());\n});\n"),
}


@pytest.mark.parametrize("where", ["--maxWorkers=2", "--runInBand"])
def test_honest_asymmetric_matchers_still_match_real_values(tmp_path, where):
    """Matchers the tests make (in the test file, a setup file, a helper under tests/, a table of it.each; jest's
    own, expect.not's, and one expect.extend added) still match the real values the code under test returns, on
    either side of toEqual, toMatchObject, toContainEqual, toHaveBeenCalledWith and toThrow, through the global
    `expect` and @jest/globals'; a test file still adds equality testers."""
    root = ts_project(tmp_path / "p", HONEST_MATCHERS)
    code, out = run(root, f"jest --ci {where}")
    assert code == 0 and verdict(out) is None and "Tests:       5 passed, 5 total" in out, out


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
