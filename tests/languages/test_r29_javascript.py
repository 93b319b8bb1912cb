"""Issue 29 follow-up, JavaScript with `node --test`: tasks laid out as node projects are (ESM and CommonJS, tests
beside the sources and under test/ with their helpers, nested suites with hooks, subtests, `npm test`, explicit
files, a shell script, the spec and dot reporters) grade correctly through the CLI under bubblewrap, and hostile
agents on them do not pass.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from attack_helpers import bench, has_flag, not_passed, put, sh
from bench.languages import javascript
from conftest import CANARY, REPO, make_patch, needs_toolchain, write

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the tasks run under bubblewrap (Linux)")

PROFILE = javascript.PROFILE
TASK_YAML = """\
# LocalAgentBench canary GUID {canary}
id: {id}
title: {id}
difficulty: easy
category: bugfix
language: javascript
canary: {canary}
prompt: |
  Fix the bug the tests show.
repo:
  type: fixture
  path: fixtures/{id}
oracle:
  command:
{visible}
  timeout_s: 60
{heldout}solution: solutions/{id}.patch
timeout_s: 300
max_turns: 5
"""


def js_task(root: Path, task_id: str, files: dict[str, str], fix: dict[str, str], visible: list[str],
            heldout: dict[str, str] | None = None, heldout_command: list[str] | None = None,
            into: str = "heldout") -> Path:
    """A JavaScript task in the suite `root`: its fixture (`files`), the reference fix, the visible commands, and
    held-out files landing in heldout/ (or laid over the tree, `into: root`) run by `heldout_command`."""
    fixture = root / "fixtures" / task_id
    for rel, text in files.items():
        write(fixture / rel, text)
    for rel, text in (heldout or {}).items():
        write(root / "heldout" / task_id / rel, text)
    (root / "solutions").mkdir(parents=True, exist_ok=True)
    (root / "solutions" / f"{task_id}.patch").write_bytes(
        make_patch(fixture, {rel: textwrap.dedent(text).lstrip("\n") for rel, text in fix.items()}))
    held = ""
    if heldout:
        held = (f"heldout:\n  path: heldout/{task_id}\n" + ("  into: root\n" if into == "root" else "")
                + "  command:\n" + "".join(f"    - {c}\n" for c in heldout_command or []) + "  timeout_s: 60\n")
    write(root / "tasks" / f"{task_id}.yaml", TASK_YAML.format(
        canary=CANARY, id=task_id, visible="".join(f"    - {c}\n" for c in visible), heldout=held))
    return root


def cli(tmp_path: Path, root: Path, agent: str, task: str, name: str | None = None) -> dict:
    """`python -m bench run --agent AGENT --sandbox bwrap` on one task: its run.json."""
    out = tmp_path / (name or agent)
    argv = [sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(root / "tasks"), "--out", str(out),
            "--sandbox", "bwrap", "--task", task]
    env = {**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache")}
    done = subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=240)
    path = out / "runs" / task / "0" / "run.json"
    assert path.exists(), done.stderr[-3000:]
    return json.loads(path.read_text())


def check(root: Path, task: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bench", "check", "--tasks", str(root / "tasks")], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=120)


# --- Part 1: tasks as node projects lay themselves out ---

# ESM ("type": "module"), `npm test` running `node --test` with no argument (node's discovery): a test beside its
# source with nested suites and hooks, a test under test/ with subtests, and the helpers and fixture data node
# --test also runs (every file under test/) though they declare no test.
SLUG = {
    "package.json": '{"name": "slugs", "version": "1.0.0", "type": "module", "private": true,\n'
                    ' "scripts": {"test": "node --test"}}\n',
    "src/slug.js": """
        import { fold } from './fold.js';
        export function slugify(text, sep = '-') {
          return fold(text).toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join(sep);
        }
        """,
    "src/fold.js": """
        // BUG: drops the accented letters instead of folding them
        export const fold = (text) => text.replace(/[^\\x00-\\x7f]/g, '');
        """,
    "src/slug.test.js": """
        import { describe, it, beforeEach, afterEach } from 'node:test';
        import assert from 'node:assert/strict';
        import { slugify } from './slug.js';

        describe('slugify', () => {
          let sep;
          beforeEach(() => { sep = '-'; });
          afterEach(() => { sep = undefined; });
          describe('ascii', () => {
            it('joins words', () => assert.equal(slugify('Hello  World', sep), 'hello-world'));
            it('custom separator', () => assert.equal(slugify('a b', '_'), 'a_b'));
          });
          describe('accents', () => {
            it('folds them', () => assert.equal(slugify('Crème Brûlée', sep), 'creme-brulee'));
          });
        });
        """,
    "test/helpers/cases.js": """
        export const cases = [['Ärger im Büro', 'arger-im-buro'], ['déjà vu', 'deja-vu']];
        """,
    "test/fixtures/words.mjs": "export default ['naïve', 'café'];\n",
    "test/cases.test.js": """
        import test from 'node:test';
        import assert from 'node:assert/strict';
        import { slugify } from '../src/slug.js';
        import { cases } from './helpers/cases.js';
        import words from './fixtures/words.mjs';

        test('table', async (t) => {
          for (const [input, want] of cases) {
            await t.test(input, () => assert.equal(slugify(input), want));
          }
        });
        test('words', () => assert.deepEqual(words.map((w) => slugify(w)), ['naive', 'cafe']));
        """,
}
SLUG_FIX = {"src/fold.js": "export const fold = (text) => text.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '');\n"}
# the held-out file replaces a visible one (a real fix commit's updated test), laid over the tree
SLUG_HELDOUT = {"test/cases.test.js": SLUG["test/cases.test.js"] + """
        test('more', () => assert.equal(slugify('Ça ira, Ñandú'), 'ca-ira-nandu'));
        """}

# CommonJS and ESM mixed (.cjs and .mjs in one package), tests under test/ named after node's other patterns,
# run with the spec reporter on explicit files; held-out tests in heldout/.
UNITS = {
    "package.json": '{"name": "units", "version": "0.1.0", "private": true, "main": "lib/parse.cjs"}\n',
    "lib/parse.cjs": """
        'use strict';
        const FACTORS = { b: 1, kb: 1000, mb: 1000 * 1000, kib: 1024, mib: 1024 * 1024 };
        function parse(text) {
          const m = /^\\s*(\\d+(?:\\.\\d+)?)\\s*([a-z]+)?\\s*$/i.exec(text);
          if (!m) throw new RangeError(`not a size: ${text}`);
          // BUG: the unit's case matters
          const unit = m[2] || 'b';
          if (!(unit in FACTORS)) throw new RangeError(`unknown unit: ${unit}`);
          return Math.round(Number(m[1]) * FACTORS[unit]);
        }
        module.exports = { parse, FACTORS };
        """,
    "lib/format.mjs": """
        import parseModule from './parse.cjs';
        export function format(bytes) {
          for (const unit of ['mib', 'kib']) {
            if (bytes >= parseModule.FACTORS[unit]) return `${(bytes / parseModule.FACTORS[unit]).toFixed(1)} ${unit}`;
          }
          return `${bytes} b`;
        }
        export const roundTrip = (text) => format(parseModule.parse(text));
        """,
    "test/test-parse.cjs": """
        const test = require('node:test');
        const assert = require('node:assert');
        const { parse } = require('../lib/parse.cjs');
        test.describe('parse', () => {
          test.it('plain bytes', () => assert.strictEqual(parse('12'), 12));
          test.it('upper case units', () => assert.strictEqual(parse('2 KiB'), 2048));
          test.it('rejects junk', () => assert.throws(() => parse('x'), RangeError));
        });
        """,
    "test/format_test.mjs": """
        import { test } from 'node:test';
        import assert from 'node:assert';
        import { roundTrip } from '../lib/format.mjs';
        test('round trip', () => assert.strictEqual(roundTrip('1.5 MiB'), '1.5 mib'));
        """,
}
UNITS_FIX = {"lib/parse.cjs": UNITS["lib/parse.cjs"].replace("const unit = m[2] || 'b';",
                                                             "const unit = (m[2] || 'b').toLowerCase();")}
UNITS_HELDOUT = {"parse-heldout.test.cjs": """
        const { test } = require('node:test');
        const assert = require('node:assert');
        const { parse } = require('../lib/parse.cjs');
        test('MB', () => assert.strictEqual(parse('3MB'), 3000000));
        """}

# tests named test.js and *_test.js beside the sources, run by a shell script through the dot reporter (which
# prints no summary: the witness's line is then the one grading reads) and by a Makefile.
CLAMP = {
    "lib/clamp.js": """
        // BUG: lo and hi swapped
        module.exports = (x, lo, hi) => Math.max(hi, Math.min(lo, x));
        """,
    "lib/test.js": """
        const { test } = require('node:test');
        const assert = require('node:assert');
        const clamp = require('./clamp.js');
        test('inside', () => assert.equal(clamp(5, 0, 10), 5));
        test('below', () => assert.equal(clamp(-1, 0, 10), 0));
        """,
    "lib/clamp_test.js": """
        const { test } = require('node:test');
        const assert = require('node:assert');
        const clamp = require('./clamp.js');
        test('above', () => assert.equal(clamp(11, 0, 10), 10));
        """,
    "scripts/test.sh": "#!/bin/sh\nset -e\ncd \"$(dirname \"$0\")/..\"\nexec node --test --test-reporter=dot lib/\n",
    "Makefile": "test:\n\tnode --test lib/test.js lib/clamp_test.js\n.PHONY: test\n",
}
CLAMP_FIX = {"lib/clamp.js": "module.exports = (x, lo, hi) => Math.min(hi, Math.max(lo, x));\n"}

# mocha's layout run by node: spec files named as no runner names them, handed to `node --test` by a shell glob
SPEC = {
    "package.json": '{"name": "wrap", "version": "1.0.0", "private": true,\n'
                    ' "scripts": {"test": "node --test spec/*.js"}}\n',
    "index.js": """
        // BUG: breaks inside words longer than the width instead of keeping them whole
        module.exports = function wrap(text, width) {
          const lines = [];
          let line = '';
          for (const word of text.split(/\\s+/).filter(Boolean)) {
            if (line && (line + ' ' + word).length > width) { lines.push(line); line = word; }
            else line = line ? line + ' ' + word : word;
          }
          if (line) lines.push(line);
          return lines.map((l) => l.slice(0, width));
        };
        """,
    "spec/wrap.js": """
        const wrap = require('..');
        const { describe, it } = require('node:test');
        const assert = require('node:assert/strict');
        describe('wrap', () => {
          it('breaks between words', () => assert.deepEqual(wrap('aa bb cc', 5), ['aa bb', 'cc']));
          it('keeps long words whole', () => assert.deepEqual(wrap('abcdefgh ij', 4), ['abcdefgh', 'ij']));
        });
        """,
    "spec/edges.js": """
        const { test } = require('node:test');
        const assert = require('node:assert/strict');
        const wrap = require('..');
        test('empty text', () => assert.deepEqual(wrap('', 10), []));
        """,
}
SPEC_FIX = {"index.js": SPEC["index.js"].replace("return lines.map((l) => l.slice(0, width));", "return lines;")
            .replace("// BUG: breaks inside words longer than the width instead of keeping them whole\n", "")}

TASKS = {
    "esm-slug": (SLUG, SLUG_FIX, ["npm test"], SLUG_HELDOUT, ["npm test"], "root"),
    "mixed-units": (UNITS, UNITS_FIX, ["node --test --test-reporter=spec test/test-parse.cjs test/format_test.mjs"],
                    UNITS_HELDOUT, ["node --test heldout/"], "heldout"),
    "clamp-scripts": (CLAMP, CLAMP_FIX, ["sh scripts/test.sh", "make test"], None, None, "heldout"),
    "spec-glob": (SPEC, SPEC_FIX, ["npm test"], None, None, "heldout"),
}


def task_suite(root: Path, task_id: str) -> Path:
    files, fix, visible, heldout, heldout_command, into = TASKS[task_id]
    return js_task(root, task_id, files, fix, visible, heldout, heldout_command, into)


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_a_node_project_grades_correctly(tmp_path, task_id):
    """The oracle agent passes (visible and held-out) with no flag, nop fails, and `check` accepts the task."""
    needs_toolchain("node", "npm", "bwrap", *(["make"] if task_id == "clamp-scripts" else []))
    root = task_suite(tmp_path / "suite", task_id)
    done = check(root, task_id)
    assert done.returncode == 0, done.stdout + done.stderr
    oracle = cli(tmp_path, root, "oracle", task_id)
    assert oracle["outcome"] == "passed" and oracle["flags"] == [], (oracle["outcome"], oracle["flags"])
    nop = cli(tmp_path, root, "nop", task_id)
    assert nop["outcome"] == "failed", (nop["outcome"], nop["flags"])
    assert not {"task_error", "overfit", "tests_modified", "test_config_modified"} & set(nop["flags"]), nop["flags"]


# --- Part 2: hostile agents ---



def live(tmp_path: Path, task_id: str, files: dict[str, str], command: str) -> None:
    """The attack is live: the unfixed fixture with `files` passes `command` outside the harness (node's own
    rules: no witness)."""
    needs_toolchain("node", "npm", "bwrap")
    where = tmp_path / "live"
    for rel, text in TASKS[task_id][0].items():
        write(where / rel, text)
    for rel, text in files.items():
        (where / rel).parent.mkdir(parents=True, exist_ok=True)
        (where / rel).write_text(text)
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), **PROFILE.env(tmp_path / "home")}
    del env["NODE_OPTIONS"], env["npm_config_node_options"]
    done = subprocess.run(command, shell=True, cwd=where, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"the attack is not live (exit {done.returncode}):\n{done.stdout[-3000:]}"


def attack(tmp_path: Path, task_id: str, files: dict[str, str], command: str = "npm test") -> dict:
    """The `command` agent writes `files` into the task's tree (the attack first proved live): its run.json."""
    live(tmp_path, task_id, files, command)
    root = task_suite(tmp_path / "suite", task_id)
    run = bench(tmp_path, root, sh(*(put(path, text) for path, text in files.items()), "true"), tasks=(task_id,))
    return run.graded(task_id)


TRIVIAL = "require('node:test')('fine', () => {});\n"


def test_a_spec_file_node_runs_by_glob_is_protected(tmp_path):
    """`node --test spec/*.js` runs spec/wrap.js though no runner's naming makes it a test file: it loads
    node:test, so it is the fixture's test, laid back and flagged when the change rewrites it."""
    record = attack(tmp_path, "spec-glob", {"spec/wrap.js": TRIVIAL})
    not_passed(record)
    has_flag(record, "tests_modified")
    assert record["flag_details"]["tests_modified"] == ["spec/wrap.js"], record["flag_details"]


# In a test file's process the code under test can write node:test's own messages (v8-serialised, on the stdout
# the runner reads) and exit 0 before any real test reports: the runner and the witness both count what it wrote.
FORGE_V8 = """
if (process.env.NODE_TEST_CONTEXT === 'child-v8') {
  const v8 = require('node:v8');
  const s = new v8.Serializer();
  s.writeHeader();
  const header = s.releaseBuffer();
  const frame = (item) => {
    const body = v8.serialize(item);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(body.length);
    return Buffer.concat([header, size, body]);
  };
  const data = { name: 'clamps', nesting: 0, testNumber: 1, details: { duration_ms: 1 }, file: process.argv[1] };
  require('node:fs').writeSync(1, frame({ type: 'test:pass', data }));
  process.exit(0);
}
module.exports = (x) => x;
"""


@pytest.mark.xfail(strict=True, reason="in-process forgery: code under test that writes node:test's v8 messages "
                                       "and exits 0 passes (SECURITY.md, JavaScript)")
def test_code_under_test_forging_node_test_messages(tmp_path):
    record = attack(tmp_path, "clamp-scripts", {"lib/clamp.js": FORGE_V8}, command="sh scripts/test.sh && make test")
    not_passed(record)


# the code under test hands the test file a node:test whose functions declare nothing: the file reports no test and
# its process ends as a helper's does
LOADER_HOOK = """
const Module = require('node:module');
const load = Module.prototype.require;
const nothing = () => {};
Module.prototype.require = function (id) {
  return id === 'node:test' ? { describe: nothing, it: nothing, test: nothing } : load.apply(this, arguments);
};
""" + SPEC["index.js"]


def test_a_test_file_made_to_declare_nothing_is_silent(tmp_path):
    """spec/wrap.js, handed a node:test that declares nothing, reports no test (spec/edges.js, which loads node:test
    first, passes); it names node:test, so it is a silent test file (no_tests_ran), not a helper that ended
    without tests."""
    record = attack(tmp_path, "spec-glob", {"index.js": textwrap.dedent(LOADER_HOOK)})
    not_passed(record)
    has_flag(record, "no_tests_ran")


def test_a_todo_in_the_fixtures_own_tests_is_allowed_only_where_the_task_says_so(tmp_path):
    """A fixture whose own tests hold a test.todo: grading cannot tell it from a skip the change caused, so by
    default the reference solution fails (tests_skipped) and `verify` names the field that says the skips are the
    fixture's own; with `oracle.allow_skipped: true` the oracle passes and nop still fails."""
    needs_toolchain("node", "npm", "bwrap", "make")
    files, fix, visible, *_ = TASKS["clamp-scripts"]
    files = {**files, "lib/clamp_test.js": files["lib/clamp_test.js"] + "test.todo('NaN bounds');\n"}
    root = js_task(tmp_path / "suite", "clamp-scripts", files, fix, visible)
    env = {**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "bench", "verify", "--tasks", str(root / "tasks"), "--task",
                           "clamp-scripts", "--times", "1", "--sandbox", "bwrap"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode != 0
    assert "reported skipped tests (tests_skipped)" in done.stdout + done.stderr
    assert "oracle.allow_skipped: true" in done.stdout + done.stderr, done.stdout + done.stderr
    task_file = root / "tasks" / "clamp-scripts.yaml"
    task_file.write_text(task_file.read_text().replace("  timeout_s: 60\n", "  timeout_s: 60\n  allow_skipped: true\n",
                                                       1))
    oracle = cli(tmp_path, root, "oracle", "clamp-scripts")
    assert oracle["outcome"] == "passed" and "tests_skipped" not in oracle["flags"], (oracle["outcome"],
                                                                                     oracle["flags"])
    assert cli(tmp_path, root, "nop", "clamp-scripts")["outcome"] == "failed"
