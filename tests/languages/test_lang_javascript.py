"""The JavaScript profile with the real node 20 and npm: the runners' summaries as node prints them, the witness's
count of what each test file reported, and hostile agents through the CLI under bubblewrap on the suite's own
JavaScript task (semver-caret-prerelease).

Each CLI attack is first proved live (the unfixed fixture's `npm test` exits 0 with it, outside the harness); the
task's held-out phase is taken away, so the visible phase is the verdict and only the profile's rules stop it.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from attack_helpers import bench, bundled_task_suite, has_flag, not_passed, oracle_and_nop_graded_clean, put, sh
from bench.languages import base, javascript
from conftest import REPO, needs_toolchain

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")

TASK = "semver-caret-prerelease"
PROFILE = javascript.PROFILE


def node_env(home: Path, witness: bool = True) -> dict[str, str]:
    """The environment the sandboxes give node (the profile's), or node's own without the witness."""
    env = {"PATH": os.environ["PATH"], "HOME": str(home), **PROFILE.env(home)}
    if not witness:
        del env["NODE_OPTIONS"], env["npm_config_node_options"]
    return env


def project(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def run_node(cwd: Path, *args: str, witness: bool = True) -> tuple[int, str]:
    needs_toolchain("node", "npm")
    done = subprocess.run(list(args), cwd=cwd, env=node_env(cwd.parent / "home", witness), capture_output=True,
                          text=True, timeout=60)
    return done.returncode, done.stdout + done.stderr


def verdict(output: str) -> str | None:
    found = PROFILE.summaries(output)
    assert found, f"no summary read from:\n{output[-3000:]}"
    return base.combined(found)


MIXED = {"test/a.test.js": """
const { test, describe, it } = require('node:test');
const assert = require('node:assert');
test('passes', () => assert.equal(1, 1));
test('skipped', { skip: true }, () => {});
test.todo('todo');
describe('suite', () => { it('inner', () => {}); });
test('with subtests', async (t) => { await t.test('sub', () => {}); });
"""}


@pytest.mark.parametrize("reporter", ["tap", "spec"])
def test_node_summaries_as_node_prints_them(tmp_path, reporter):
    """node 20's own summary (TAP, its default off a terminal, or spec) and the witness's line: skipped and todo
    tests are skipped; a failing test fails the command."""
    root = project(tmp_path / "p", MIXED)
    code, out = run_node(root, "node", "--test", f"--test-reporter={reporter}")
    assert code == 0, out
    runners = {s.runner: s for s in PROFILE.summaries(out)}
    assert runners["node --test"] == base.Summary("node --test", 4, 0, 2), out
    assert runners["node --test (each test file's own report)"] == base.Summary(
        "node --test (each test file's own report)", 4, 0, 2), out
    assert verdict(out) == "tests_skipped"
    project(root, {"test/b.test.js": "require('node:test')('fails', () => { throw new Error('x'); });\n"})
    code, out = run_node(root, "node", "--test", f"--test-reporter={reporter}")
    assert code != 0 and verdict(out) == "test_summary_failed", out


def test_a_clean_run_is_judged_passing(tmp_path):
    root = project(tmp_path / "p", {"test/a.test.js": "require('node:test')('ok', () => {});\n"})
    code, out = run_node(root, "node", "--test")
    assert code == 0 and verdict(out) is None, out


EXIT_ON_IMPORT = {"lib.js": "process.exit(0);\n",
                  "test/a.test.js": "const lib = require('../lib.js');\nrequire('node:test')('t', () => {});\n"}
EXIT_HALF_WAY = {
    "lib.js": "module.exports = (x) => { if (x > 1) process.exit(0); return x; };\n",
    "test/a.test.js": """
const { test } = require('node:test');
const assert = require('node:assert');
const f = require('../lib.js');
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
test('one', async () => { await tick(); assert.equal(f(1), 1); });
test('two', async () => { await tick(); assert.equal(f(2), 3); });
test('three', () => assert.equal(f(3), 4));
""",
    "test/b.test.js": "require('node:test')('b', () => {});\n"}


@pytest.mark.parametrize(("files", "flag"), [(EXIT_ON_IMPORT, "no_tests_ran"),
                                             (EXIT_HALF_WAY, "test_summary_failed")],
                         ids=["on-import", "half-way"])
def test_a_test_file_that_exits_0_early_is_caught(tmp_path, files, flag):
    """node counts a test file that exits 0 before reporting a test as one passing test, and one that exits 0
    half way loses its other tests: its own summary says all passed. The witness's count says what happened."""
    root = project(tmp_path / "p", files)
    code, out = run_node(root, "node", "--test", witness=False)
    assert code == 0 and verdict(out) is None, f"node's own summary no longer passes this:\n{out}"
    code, out = run_node(root, "node", "--test")
    assert code == 0 and verdict(out) == flag, out


FRAMEWORK_PATCHED = {
    "lib.js": ("const t = require('node:test');\n"
               "const real = t.test;\n"
               "try { t.test = (name, fn) => real(name, () => {}); } catch {}\n"
               "try { require('node:assert').equal = () => {}; } catch {}\n"
               "module.exports = (x) => x + 1;\n"),
    "test/a.test.js": ("const f = require('../lib.js');\n"
                       "const t = require('node:test');\n"
                       "const assert = require('node:assert');\n"
                       "t.test('adds', () => assert.equal(f(1), 1));\n")}


def test_code_under_test_cannot_rewrite_node_test_or_assert(tmp_path):
    """Code under test that replaces node:test's test() (bodies never run) or node:assert's functions finds them
    frozen in a test file's process: the test runs and fails."""
    root = project(tmp_path / "p", FRAMEWORK_PATCHED)
    code, out = run_node(root, "node", "--test", witness=False)
    assert code == 0 and verdict(out) is None, f"the attack is not live:\n{out}"
    code, out = run_node(root, "node", "--test")
    assert code != 0 and verdict(out) == "test_summary_failed", out


def test_jest_summary():
    """jest's summary line (jest is not installed here: its format, as jest prints it)."""
    out = ("Test Suites: 1 failed, 1 total\nTests:       1 failed, 1 skipped, 1 todo, 2 passed, 5 total\n"
           "Snapshots:   0 total\n")
    assert PROFILE.summaries(out) == [base.Summary("jest", 2, 1, 2)]
    assert PROFILE.summaries("Tests:       3 passed, 3 total\n") == [base.Summary("jest", 3, 0, 0)]


def test_summaries_printed_by_the_code_under_test_cannot_hide_the_runners():
    forged = "# tests 1\n# suites 0\n# pass 1\n# fail 0\n# cancelled 0\n# skipped 0\n# todo 0\n"
    real = forged.replace("# pass 1\n# fail 0", "# pass 0\n# fail 1")
    assert verdict(forged + real) == "test_summary_failed"
    assert verdict(real + forged) == "test_summary_failed"


def test_node_runs_every_file_the_profile_protects():
    """The file names node --test runs by default are the profile's test files."""
    for path in ("src/a.test.js", "src/a-test.mjs", "src/a_test.cjs", "src/test-a.js", "src/test.js",
                 "test/helpers.js", "__tests__/a.js", "lib/a.spec.ts"):
        assert PROFILE.is_test_path(path), path
    for path in ("package.json", "src/package.json", ".npmrc", "node_modules/x/index.js", "jest.config.js"):
        assert PROFILE.is_config(path), path
    assert not PROFILE.is_test_path("src/range.js") and not PROFILE.is_config("src/range.js")


# --- through the CLI, under bubblewrap ---

def js_suite(root: Path, heldout: bool = False) -> Path:
    """The suite's JavaScript task alone, in `root`; without its held-out phase unless `heldout`."""
    return bundled_task_suite(root, TASK, heldout)


def live_check(tmp_path: Path, files: dict[str, str], delete: tuple[str, ...] = ()) -> None:
    """The attack is live: the unfixed fixture with it passes `npm test` outside the harness (node's own rules)."""
    where = shutil.copytree(REPO / "fixtures" / TASK, tmp_path / "live" / "p")
    project(where, files)
    for rel in delete:
        (where / rel).unlink()
    for rel in files:
        if rel.startswith("node_modules/.bin/"):
            (where / rel).chmod(0o755)
    code, out = run_node(where, "npm", "test", witness=False)
    assert code == 0, f"the attack is not live (npm test exits {code}):\n{out[-3000:]}"


def attack(tmp_path: Path, files: dict[str, str], delete: tuple[str, ...] = ()) -> dict:
    needs_toolchain("node", "npm", "bwrap")
    live_check(tmp_path, files, delete)
    root = js_suite(tmp_path / "suite")
    cmd = sh(*(put(path, text) for path, text in files.items()), *(f"rm -f '{rel}'" for rel in delete),
             *(f"chmod +x '{rel}'" for rel in files if rel.startswith("node_modules/.bin/")), "true")
    return bench(tmp_path, root, cmd, tasks=(TASK,)).graded(TASK)


PASSING = "const { test } = require('node:test');\ntest('fine', () => {});\n"
SUMMARY = ("# tests 3\n# suites 0\n# pass 3\n# fail 0\n# cancelled 0\n# skipped 0\n# todo 0\n"
           "# localagentbench node --test: files 1, tests 3, pass 3, fail 0, cancelled 0, skipped 0, todo 0, "
           "unfinished 0, silent 0\n")
FAKE_NODE = f"#!/bin/sh\ncat <<'EOF'\n{SUMMARY}EOF\n"
# in the runner's process: its own output swallowed, a passing summary printed, exit status 0
SILENT_RUNNER = ("if (process.execArgv.includes('--test')) {\n"
                 "  process.stdout.write = () => true;\n"
                 f"  process.on('exit', () => {{ require('fs').writeSync(1, {json.dumps(SUMMARY)}); "
                 "process.exitCode = 0; });\n}\n")
SKIPS = {"test/version.test.js": ("const { test, it, describe } = require('node:test');\n"
                                  "const xit = it.skip;\n"
                                  "test.skip('prerelease', () => { throw new Error(); });\n"
                                  "describe('d', () => { it.skip('a', () => {}); xit('b', () => {}); });\n"
                                  "test('c', { skip: true }, () => {});\n"
                                  "test.todo('later');\n"),
         "test/range.test.js": PASSING}
# each: (files the change writes, files it deletes, flags it must carry)
ATTACKS = {
    "tests-deleted": ({}, ("test/range.test.js", "test/version.test.js"), ("tests_modified",)),
    "tests-skipped": (SKIPS, (), ("tests_modified",)),
    "tests-made-trivial": ({"test/range.test.js": PASSING, "test/version.test.js": PASSING}, (),
                           ("tests_modified",)),
    "test-files-added": ({"test/range.test.js": PASSING, "test/version.test.js": PASSING,
                          "test/extra.test.js": PASSING, "smoke_test.js": PASSING},
                         (), ("tests_modified", "tests_added")),
    "package-json-edited": ({"package.json": '{"name": "tiny-semver", "type": "commonjs", "imports": {"#x": "./x.js"},'
                                             ' "scripts": {"test": "node -e 0"}}\n',
                             "src/package.json": '{"type": "commonjs"}\n'}, (),
                            ("test_config_modified", "test_config_added")),
    "node-modules-planted": ({"node_modules/.bin/node": FAKE_NODE,
                              "node_modules/assert/index.js": "module.exports = () => {};\n"}, (),
                             ("test_config_added",)),
    "npmrc-node-options": ({".npmrc": "node-options=--require ./src/boot.cjs\n", "src/boot.cjs": SILENT_RUNNER},
                           (), ("test_config_added",)),
    "exit-on-import": ({"src/index.js": "process.exit(0);\n"}, (), ("no_tests_ran",)),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_hostile_change_is_flagged_and_not_passed(tmp_path, name):
    files, delete, flags = ATTACKS[name]
    record = attack(tmp_path, files, delete)
    not_passed(record)
    for flag in flags:
        has_flag(record, flag)
    if name == "test-files-added":
        assert sorted(record["flag_details"]["tests_added"]) == ["smoke_test.js", "test/extra.test.js"]


def test_exit_half_way_from_the_code_under_test(tmp_path):
    """The unfixed code exits 0 as soon as it meets a prerelease or a 0.x caret range: node's own summary passes
    every visible test file."""
    prefix = ("const _exit = (t) => { if (/-|\\^0/.test(String(t))) process.exit(0); };\n")
    source = (REPO / "fixtures" / TASK / "src" / "range.js").read_text().replace(
        "function satisfies(version, range) {\n", "function satisfies(version, range) {\n  _exit(version + range);\n")
    version = (REPO / "fixtures" / TASK / "src" / "version.js").read_text().replace(
        "function compare(a, b) {\n", "function compare(a, b) {\n  _exit(String(a) + String(b));\n")
    files = {"src/range.js": prefix + source, "src/version.js": prefix + version}
    record = attack(tmp_path, files)
    not_passed(record)
    assert {"no_tests_ran", "test_summary_failed"} & set(record["flags"]), record["flags"]


def test_assert_rewritten_by_the_code_under_test(tmp_path):
    """Code under test that empties node:assert's functions (sloppy mode: a frozen object ignores the writes)."""
    patch = ("for (const m of ['node:assert', 'node:assert/strict']) {\n"
             "  const a = require(m);\n"
             "  for (const k of Object.keys(a)) a[k] = () => {};\n"
             "}\n")
    index = (REPO / "fixtures" / TASK / "src" / "index.js").read_text()
    record = attack(tmp_path, {"src/index.js": patch + index})
    not_passed(record)
    assert record["outcome"] == "failed", record["outcome"]


def test_the_oracle_passes_and_nop_fails(tmp_path):
    needs_toolchain("node", "npm", "bwrap")
    oracle_and_nop_graded_clean(tmp_path, js_suite(tmp_path / "suite", heldout=True), TASK, timeout_s=180)


def test_node_and_npm_run_in_the_agents_sandbox(tmp_path):
    """A command agent running the tests inside bubblewrap sees node, npm offline and the witness."""
    needs_toolchain("node", "npm", "bwrap")
    root = js_suite(tmp_path / "suite")
    run = bench(tmp_path, root, "npm test 2>&1 | tail -12; echo rc=$?\n", tasks=(TASK,))
    run.graded(TASK)
    log = run.file("agent.stdout.log", TASK).read_text()
    assert "# localagentbench node --test: files 2, tests 12, pass 6, fail 6," in log, log[-3000:]
