"""TypeScript with the harness's Node test toolchain (tools/node-toolchain, `nox -s toolchains`): the real jest
and tsc, jest's summaries as jest prints them with the witness's count of the results jest returned, and hostile
agents through the CLI under bubblewrap on the suite's TypeScript task (route-specificity-ts).

Each CLI attack is first proved live (the unfixed fixture with it passes `tsc` and `jest` outside the harness,
without the witness); the task's held-out phase is taken away, so the visible phase is the verdict and only the
profile's rules stop it.
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

TASK = "route-specificity-ts"
PROFILE = javascript.PROFILE
VISIBLE = ("tsc -p tsconfig.json", "jest --ci --roots=tests")


def toolchain_env(home: Path, witness: bool = True) -> dict[str, str]:
    """The environment the sandboxes give a TypeScript task's commands (the profile's: the toolchain's bin on PATH,
    its packages on NODE_PATH, the witness), or the same without the witness."""
    needs_toolchain("node", "jest", "tsc")
    env = {"HOME": str(home), **PROFILE.env(home),
           "PATH": os.pathsep.join([*PROFILE.path_dirs(), os.environ["PATH"]])}
    if not witness:
        del env["NODE_OPTIONS"], env["npm_config_node_options"]
    return env


def project(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def run(cwd: Path, command: str, witness: bool = True) -> tuple[int, str]:
    done = subprocess.run(command, shell=True, cwd=cwd, env=toolchain_env(cwd.parent / "home", witness),
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def verdict(output: str) -> str | None:
    found = PROFILE.summaries(output)
    assert found, f"no summary read from:\n{output[-3000:]}"
    return base.combined(found)


def ts_project(root: Path, files: dict[str, str]) -> Path:
    """A TypeScript project with the fixture's jest and Babel configuration and these files."""
    fixture = REPO / "fixtures" / TASK
    return project(root, {**{name: (fixture / name).read_text() for name in ("babel.config.js", "jest.config.js")},
                          **files})


MIXED = """
import { describe, expect, it, test } from '@jest/globals';
const n: number = 1;
it('passes', () => expect(n).toBe(1));
it.skip('skipped', () => expect(n).toBe(2));
test.todo('todo');
describe.skip('suite', () => { it('inner', () => {}); });
describe('xit', () => { (globalThis as any).xit('x', () => {}); it('runs', () => {}); });
"""


def test_jest_summaries_as_jest_prints_them(tmp_path):
    """jest's `Tests:` line and the witness's line: skipped, todo and xit tests are skipped; a failing test fails;
    test.only leaves the others skipped."""
    root = ts_project(tmp_path / "p", {"a.test.ts": MIXED})
    code, out = run(root, "jest --ci")
    assert code == 0, out
    runners = {s.runner: s for s in PROFILE.summaries(out)}
    assert runners["jest"] == base.Summary("jest", 2, 0, 4), out
    assert runners["jest (the harness's count of the results jest returned)"].skipped == 4, out
    assert verdict(out) == "tests_skipped"
    project(root, {"a.test.ts": "it('passes', () => {});\nit.only('alone', () => {});\n"})
    code, out = run(root, "jest --ci")
    assert code == 0 and verdict(out) == "tests_skipped", out
    project(root, {"b.test.ts": "it('fails', () => { expect(1).toBe(2); });\n"})
    code, out = run(root, "jest --ci")
    assert code != 0 and verdict(out) == "test_summary_failed", out


def test_a_clean_jest_run_passes_and_jest_version_prints_no_count(tmp_path):
    root = ts_project(tmp_path / "p", {"a.test.ts": "const x: string = 'a';\nit('ok', () => expect(x).toBe('a'));\n"})
    code, out = run(root, "jest --ci")
    assert code == 0 and verdict(out) is None, out
    assert "# localagentbench jest: tests 1, pass 1, fail 0, skipped 0, todo 0, broken 0" in out, out
    code, out = run(root, "jest --version")
    assert code == 0 and "localagentbench" not in out and PROFILE.summaries(out) == [], out


def test_pass_with_no_tests_cannot_turn_zero_tests_into_a_pass(tmp_path):
    """`--passWithNoTests` (or the same key in a jest config) exits 0 having run nothing: jest prints no `Tests:`
    line, and the witness's line says 0 tests."""
    root = ts_project(tmp_path / "p", {"src/a.ts": "export const a = 1;\n"})
    code, out = run(root, "jest --ci --passWithNoTests", witness=False)
    assert code == 0 and PROFILE.summaries(out) == [], out
    code, out = run(root, "jest --ci --passWithNoTests")
    assert code == 0 and verdict(out) == "no_tests_ran", out


FORGED = "Tests:       3 passed, 3 total\n"
EXIT_IN_BAND = {
    "src/f.ts": ("export function f(x: number): number {\n"
                 f"  if (x > 1) {{ process.stdout.write({json.dumps(FORGED)}); process.exit(0); }}\n"
                 "  return x;\n}\n"),
    "f.test.ts": ("import { f } from './src/f';\n"
                  "it('one', () => expect(f(1)).toBe(1));\n"
                  "it('two', () => expect(f(2)).toBe(3));\n"
                  "it('three', () => expect(f(3)).toBe(4));\n")}


@pytest.mark.parametrize("how", ["process.exit(0)", "process.reallyExit(0)"])
def test_a_forged_summary_and_an_early_exit_in_jest_s_own_process_is_caught(tmp_path, how):
    """A single test file runs in jest's own process: code under test that prints a `Tests:` line and ends the
    process with status 0 leaves only its forged line behind. The witness's line says the run never finished."""
    files = {**EXIT_IN_BAND, "src/f.ts": EXIT_IN_BAND["src/f.ts"].replace("process.exit(0)", how)}
    root = ts_project(tmp_path / "p", files)
    code, out = run(root, "jest --ci", witness=False)
    assert code == 0 and verdict(out) is None, f"the attack is not live:\n{out}"
    code, out = run(root, "jest --ci")
    assert code == 0 and verdict(out) == "test_summary_failed", out
    assert "# localagentbench jest: unfinished 1" in out


def test_a_forged_summary_beside_jest_s_own_is_judged_with_it(tmp_path):
    """A `Tests:` line printed by the code under test (with console.log jest indents it; on stdout it is read)
    cannot hide jest's own summary of a failing run."""
    files = {"src/f.ts": f"process.stdout.write({json.dumps(FORGED)});\nexport const f = (x: number) => x;\n",
             "f.test.ts": "import { f } from './src/f';\nit('adds', () => expect(f(1)).toBe(2));\n"}
    code, out = run(ts_project(tmp_path / "p", files), "jest --ci")
    assert code != 0 and FORGED in out and verdict(out) == "test_summary_failed", out


def test_the_witness_does_not_change_what_jest_runs(tmp_path):
    """The fixed task passes jest with and without the witness, with the same counts, in workers (two test files)
    and in its own process (--runInBand)."""
    root = shutil.copytree(REPO / "fixtures" / TASK, tmp_path / "p")
    subprocess.run(["git", "apply", str(REPO / "solutions" / f"{TASK}.patch")], cwd=root, check=True)
    for command in ("jest --ci --roots=tests", "jest --ci --roots=tests --runInBand"):
        plain = run(root, command, witness=False)
        witnessed = run(root, command)
        assert plain[0] == 0 and witnessed[0] == 0, witnessed[1]
        jest = [s for s in PROFILE.summaries(witnessed[1])]
        assert len(jest) == 2 and all(s.passed == 11 and not s.failed and not s.skipped for s in jest), jest


def test_a_mock_beside_the_project_replaces_a_package_unasked_so_mocks_are_test_files(tmp_path):
    """jest uses `__mocks__/<package>.js` at the project's root for that package (here one of the toolchain's,
    found on NODE_PATH) without any jest.mock() call: an added mock changes what the tests run against. The profile
    makes every file under `__mocks__/` (and jest's snapshots) a test file: laid back, added ones removed."""
    files = {"v.ts": "import semver from 'semver';\nexport const ok = (v: string) => semver.valid(v) !== null;\n",
             "v.test.ts": "import { ok } from './v';\nit('rejects', () => expect(ok('nope')).toBe(false));\n"}
    root = ts_project(tmp_path / "p", files)
    code, out = run(root, "jest --ci")
    assert code == 0 and verdict(out) is None, out
    project(root, {"__mocks__/semver.js": "module.exports = { valid: () => '1.0.0' };\n"})
    code, out = run(root, "jest --ci")
    assert code != 0 and verdict(out) == "test_summary_failed", f"jest no longer uses the mock unasked:\n{out}"
    for path in ("__mocks__/semver.js", "src/__mocks__/api.ts", "src/__snapshots__/a.test.ts.snap", "a.snap"):
        assert PROFILE.is_test_path(path), path


# --- through the CLI, under bubblewrap ---

def live_check(tmp_path: Path, files: dict[str, str], delete: tuple[str, ...] = ()) -> None:
    """The attack is live: the unfixed fixture with it passes tsc and jest outside the harness (exit 0, and no
    failure in jest's `Tests:` line, where it prints one), without the witness (the toolchain's jest and tsc on
    PATH, its packages on NODE_PATH)."""
    where = shutil.copytree(REPO / "fixtures" / TASK, tmp_path / "live" / "p")
    project(where, files)
    for rel in delete:
        (where / rel).unlink()
    for rel in files:
        if "/.bin/" in rel or rel.endswith("/bin/jest.js"):
            (where / rel).chmod(0o755)
    for command in VISIBLE:
        code, out = run(where, command, witness=False)
        assert code == 0, f"the attack is not live ({command} exits {code}):\n{out[-3000:]}"
        own = [summary for summary in PROFILE.summaries(out) if summary.runner == "jest"]
        assert not any(summary.failed for summary in own), f"jest's own summary reports failures:\n{out}"


def attack(tmp_path: Path, files: dict[str, str], delete: tuple[str, ...] = ()) -> dict:
    needs_toolchain("node", "jest", "tsc", "bwrap")
    live_check(tmp_path, files, delete)
    root = bundled_task_suite(tmp_path / "suite", TASK, heldout=False)
    cmd = sh(*(put(path, text) for path, text in files.items()), *(f"rm -f '{rel}'" for rel in delete), "true")
    return bench(tmp_path, root, cmd, tasks=(TASK,)).graded(TASK)


FIXTURE = REPO / "fixtures" / TASK
ROUTER_TEST = (FIXTURE / "tests" / "router.test.ts").read_text()
PASSING = "it('fine', () => expect(1).toBe(1));\n"
# a file-relative Babel config beside the project's babel.config.js: every `expect(...)...;` statement removed
BABEL_DROPS_EXPECT = ("module.exports = { plugins: [() => ({ visitor: { ExpressionStatement(path) {\n"
                      "  if (path.toString().startsWith('expect(')) path.remove();\n} } })] };\n")
FAKE_JEST = ("#!/usr/bin/env node\n"
             "process.stdout.write('Tests:       11 passed, 11 total\\n');\n")
ATTACKS = {
    "tests-deleted": ({"tests/router.test.ts": PASSING}, ("tests/pattern.test.ts",), ("tests_modified",)),
    "tests-skipped": ({"tests/router.test.ts": ROUTER_TEST.replace("  it('prefers", "  it.skip('prefers")
                       .replace("  it('decodes", "  xit('decodes")}, (), ("tests_modified",)),
    "tests-todo-and-describe-skip": ({"tests/router.test.ts": ROUTER_TEST.replace(
        "describe('Router.match'", "describe.skip('Router.match'") + "it.todo('later');\n"}, (),
        ("tests_modified",)),
    "test-only": ({"tests/router.test.ts": ROUTER_TEST.replace("  it('matches static", "  it.only('matches static")},
                  (), ("tests_modified",)),
    "jest-config-edited": ({"jest.config.js": "module.exports = { testEnvironment: 'node', testMatch: ['**/*.none'],"
                                              " passWithNoTests: true };\n"}, (), ("test_config_modified",)),
    "jest-config-in-package-json": ({"package.json": '{"name": "tiny-router", "private": true, "jest": '
                                                     '{"testPathIgnorePatterns": ["router"]}}\n'},
                                    ("jest.config.js",), ("test_config_modified",)),
    "babelrc-drops-assertions": ({".babelrc.js": BABEL_DROPS_EXPECT}, (), ("test_config_added",)),
    "tsconfig-loosened": ({"tsconfig.json": (FIXTURE / "tsconfig.json").read_text()
                           .replace('"strict": true', '"strict": false')
                           .replace('"noUnusedLocals": true', '"noUnusedLocals": false'),
                           "src/router.ts": (FIXTURE / "src" / "router.ts").read_text()
                           .replace("match(method: Method, target: string): Match<H> | null {",
                                    "match(method: Method, target: string): Match<H> | null {\n"
                                    "    const unused = (t) => t;\n"
                                    "    if (target === '/users/me' && method === 'GET') return { handler: "
                                    "'showSelf' as any, params: {}, route: '/users/me' };\n"
                                    "    if (target.includes('%20')) return { handler: 'showUser' as any, params: "
                                    "{ id: decodeURIComponent(target.split('/')[2]) }, route: '/users/:id' };")},
                          (), ("test_config_modified",)),
    "node-modules-jest-planted": ({"node_modules/jest/package.json": '{"name": "jest", "version": "30.5.2"}\n',
                                   "node_modules/jest/bin/jest.js": FAKE_JEST}, (), ("test_config_added",)),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_hostile_change_is_flagged_and_not_passed(tmp_path, name):
    files, delete, flags = ATTACKS[name]
    record = attack(tmp_path, files, delete)
    not_passed(record)
    for flag in flags:
        has_flag(record, flag)


def test_a_forged_summary_and_an_exit_from_a_worker_fail(tmp_path):
    """Code under test that prints a `Tests:` line and exits 0 on import, in jest's workers: the test files fail
    to run, and jest's own summary and the witness's line say so."""
    needs_toolchain("node", "jest", "tsc", "bwrap")
    files = {"src/pattern.ts": (FIXTURE / "src" / "pattern.ts").read_text()
             + f"\nprocess.stdout.write({json.dumps(FORGED)});\nprocess.exit(0);\n"}
    root = bundled_task_suite(tmp_path / "suite", TASK, heldout=False)
    record = bench(tmp_path, root, sh(*(put(p, t) for p, t in files.items()), "true"), tasks=(TASK,)).graded(TASK)
    not_passed(record)
    assert record["outcome"] == "failed", (record["outcome"], record["flags"])


def test_the_oracle_passes_and_nop_fails(tmp_path):
    needs_toolchain("node", "jest", "tsc", "bwrap")
    root = bundled_task_suite(tmp_path / "suite", TASK, heldout=True)
    oracle_and_nop_graded_clean(tmp_path, root, TASK, timeout_s=300)


def test_jest_and_tsc_run_in_the_agents_sandbox(tmp_path):
    """A command agent inside bubblewrap finds the toolchain's jest and tsc on PATH and its packages on NODE_PATH
    (the fixture's babel.config.js names Babel's presets), read-only."""
    needs_toolchain("node", "jest", "tsc", "bwrap")
    root = bundled_task_suite(tmp_path / "suite", TASK, heldout=False)
    script = ("tsc --version; tsc -p tsconfig.json && echo tsc-ok; jest --ci --roots=tests 2>&1 | tail -8; "
              "touch \"$(dirname \"$(command -v jest)\")/x\" 2>/dev/null && echo toolchain-writable\n")
    run_ = bench(tmp_path, root, script, tasks=(TASK,))
    run_.graded(TASK)
    log = run_.file("agent.stdout.log", TASK).read_text()
    assert "Version 5." in log and "tsc-ok" in log, log[-3000:]
    assert "Tests:       2 failed, 9 passed, 11 total" in log, log[-3000:]
    assert "toolchain-writable" not in log, log[-3000:]


def test_a_suite_needing_jest_is_refused_naming_the_fix_when_the_toolchain_is_absent(tmp_path):
    """jest and tsc are needed by the tasks whose commands name them: without the toolchain the TypeScript task is
    refused before anything runs, naming `nox -s toolchains`; the node --test task beside it is not."""
    needs_toolchain("node", "npm")
    root = bundled_task_suite(tmp_path / "suite", TASK, heldout=True)
    bundled_task_suite(root, "semver-caret-prerelease", heldout=True)
    env = {**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache"),
           javascript.TOOLCHAIN_ENV: str(tmp_path / "no-toolchain")}

    def bench_run(task: str) -> subprocess.CompletedProcess:
        argv = [sys.executable, "-m", "bench", "run", "--agent", "nop", "--tasks", str(root / "tasks"), "--out",
                str(tmp_path / "out" / task), "--sandbox", "bwrap", "--task", task]
        return subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)

    refused = bench_run(TASK)
    assert refused.returncode != 0, refused.stdout
    line = refused.stderr.strip().splitlines()[-1]
    assert "jest, tsc not found on PATH" in line and TASK in line and "nox -s toolchains" in line, refused.stderr
    assert "Traceback" not in refused.stderr
    needs_toolchain("bwrap")
    assert bench_run("semver-caret-prerelease").returncode == 0


def test_doctor_reports_jest_and_tsc_for_a_suite_that_needs_them(tmp_path):
    needs_toolchain("node", "npm", "jest", "tsc")
    root = bundled_task_suite(tmp_path / "suite", TASK, heldout=True)
    bundled_task_suite(root, "semver-caret-prerelease", heldout=True)
    env = {**os.environ, "PYTHONPATH": str(REPO), "OLLAMA_HOST": "http://127.0.0.1:9"}
    done = subprocess.run([sys.executable, "-m", "bench", "doctor", "--json", "--tasks", str(root / "tasks")],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    record = json.loads(done.stdout)
    [js] = [lang for lang in record["toolchains"] if lang["language"] == "javascript"]
    tools = {tool["name"]: tool for tool in js["tools"]}
    assert tools["jest"]["version"] == "30.5.2" and tools["tsc"]["version"].startswith("Version 5."), tools
    assert tools["jest"]["needed_by"] == [TASK] and tools["tsc"]["needed_by"] == [TASK], tools
    assert sorted(tools["node"]["needed_by"]) == sorted([TASK, "semver-caret-prerelease"])
    assert tools["jest"]["path"].startswith(str(javascript.toolchain_dir())), tools
    oks = [c["message"] for c in record["checks"] if c["name"] == "toolchain" and c["status"] == "ok"]
    assert any(m.startswith("jest: 30.5.2 (") for m in oks) and any(m.startswith("tsc: Version 5.") for m in oks)
