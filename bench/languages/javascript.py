"""JavaScript and TypeScript: `node --test` (TAP or spec reporter, and the witness's count of what each test file
reported) and jest; npm offline with a private cache; the harness's Node test toolchain (jest with babel-jest,
tsc) where `nox -s toolchains` installed it.

`node --test` runs each test file in a process of its own and counts a file that exits 0 as one passing test, and
a file that exits 0 half way (process.exit(0) from the code under test) loses the tests it had not reported,
while its summary still says "fail 0". So every node process of a JavaScript task's sandboxes starts with
node_test_witness.cjs (NODE_OPTIONS=--require): in the runner's process, where no code under test runs, it reads
each test file's own messages and prints one line of what they announced and reported; in the others it freezes
node:assert and node:test. A phase is proved by the runner's summary and, where the runner ran, by that line
(silent test files: no_tests_ran; tests announced but never reported: failed). node also runs the helpers and
fixtures under test/ as test files: one that declares no test (neither its name nor its text says it does) and
ends by running out of work is not silent.

jest is read from its `Tests:` line and, in jest's own process, from the witness's line of the results jest's CLI
returned (`unfinished` when the process ended before they came back: code under test that jest runs in its own
process, --runInBand or a single test file, calling process.exit(0)); both are judged, so a `Tests:` line
printed by the code under test cannot stand for a run that never finished. The line starts a line of its own, and a
jest process whose fd 1 no longer names the output it started with exits 1, so code under test run in band cannot
hide it behind a partial line or a descriptor reopened on /dev/null. Where jest runs test files (its workers, or
its own process), the test files' globals (expect, it, test, describe, their hooks) and the matchers expect has
when a test file loads are locked: code under test cannot make `toBe` always pass through expect.extend, or
replace `expect` or `it`; so are the built-ins' static and prototype methods (an inheriting object may still
shadow one), so `Object.prototype.toString` cannot make every toEqual pass. Only the asymmetric matchers the tests'
`expect` made are matchers to jest's equality (the witness rewrites @jest/expect-utils' check as jest reads it; the
global `expect` read by the code under test is jest's own, whose mints make plain objects): a received value with
an `asymmetricMatch` method of its own is a plain value. Mocks (`__mocks__/`,
which jest uses for a package without being asked) and snapshots (`__snapshots__/`, `*.snap`) are test files.

A command that sets its own NODE_OPTIONS drops the witness; the runners' own summaries are then all there is.

The Node test toolchain (tools/node-toolchain: jest, babel-jest and Babel's env and TypeScript presets, tsc, the
jest and node type declarations, pinned by its package-lock.json) is installed by `npm ci` into toolchain_dir(),
a per-user data directory. The sandboxes mount it read-only, put its node_modules/.bin on PATH and its
node_modules on NODE_PATH, which node's require (so Babel's presets named by a task's babel.config.js) and jest's
resolver search after the project's own node_modules. A task needs jest or tsc when its commands name it.
"""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from bench.languages import base
from bench.languages.base import Profile, Summary, Tool

WITNESS = Path(__file__).resolve().with_name("node_test_witness.cjs")
_SUFFIXES = ("js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# node's own summary, TAP ("# tests 3") or spec ("ℹ tests 3"): node 18 has no "suites" line.
_NODE = re.compile(r"^(?P<mark>#|ℹ) tests (?P<tests>\d+)\n(?:(?P=mark) suites \d+\n)?(?P=mark) pass (?P<pass>\d+)\n"
                   r"(?P=mark) fail (?P<fail>\d+)\n(?P=mark) cancelled (?P<cancelled>\d+)\n"
                   r"(?P=mark) skipped (?P<skipped>\d+)\n(?P=mark) todo (?P<todo>\d+)$", re.M)
_WITNESS = re.compile(r"^# localagentbench node --test: (?P<fields>[a-z]+ \d+(?:, [a-z]+ \d+)*)$", re.M)
_WITNESS_FIELDS = ("files", "tests", "pass", "fail", "cancelled", "skipped", "todo", "unfinished", "silent")
TOOLCHAIN_ENV = "LOCALAGENTBENCH_NODE_TOOLCHAIN"
# Written into the toolchain's directory after `npm ci` finished: the sha256 of the package-lock.json it installed.
LOCK_MARK = ".localagentbench-lock.sha256"


def toolchain_dir() -> Path:
    """Where the harness's Node test toolchain is installed (tools/toolchains.py) and found (the sandboxes):
    $LOCALAGENTBENCH_NODE_TOOLCHAIN, else $XDG_DATA_HOME/localagentbench/node-toolchain (base.toolchain_dir)."""
    return base.toolchain_dir("node-toolchain", TOOLCHAIN_ENV)


def toolchain_modules() -> Path | None:
    """The installed toolchain's node_modules (an `npm ci` that finished: its lock's digest written beside it), or
    None when it is not installed."""
    root = toolchain_dir()
    modules = root / "node_modules"
    return modules if (root / LOCK_MARK).is_file() and (modules / ".bin").is_dir() else None


_JEST_WITNESS = re.compile(r"^# localagentbench jest: (?P<fields>[a-z]+ \d+(?:, [a-z]+ \d+)*)$", re.M)
_JEST = re.compile(r"^Tests:[ \t]+(?P<counts>(?:\d+ [a-z]+, )*)(?P<total>\d+) total$", re.M)
# node:test is reached only by this specifier (node has no bare `test` module): a file naming it declares tests
_NODE_TEST = re.compile(rb"""(['"`])node:test\1""")
_MAX_SOURCE_BYTES = 1 << 20


def _node(found: re.Match) -> Summary:
    n = {k: int(v) for k, v in found.groupdict().items() if k != "mark"}
    return Summary("node --test", n["pass"], n["fail"] + n["cancelled"], n["skipped"] + n["todo"])


def _witness(found: re.Match) -> list[Summary]:
    """The witness's line: silent test files ran no test (no_tests_ran); tests a file announced and never
    reported (it exited half way) count as failed."""
    n = dict.fromkeys(_WITNESS_FIELDS, 0)
    for field in found["fields"].split(", "):
        name, value = field.split(" ")
        n[name] = int(value)
    counted = Summary("node --test (each test file's own report)", n["pass"],
                      n["fail"] + n["cancelled"] + n["unfinished"], n["skipped"] + n["todo"])
    return [counted, Summary("node --test (a test file that reported no test)", 0, 0)] if n["silent"] else [counted]


def _jest_witness(found: re.Match) -> Summary:
    """The witness's line in jest's own process: the results jest's CLI returned, test files that could not run
    counted as failed; or a run that never returned them (the process ended first): failed."""
    n = {name: int(value) for name, value in (field.split(" ") for field in found["fields"].split(", "))}
    if n.get("unfinished"):
        return Summary("jest (the harness's count: the process ended before jest returned its results)", 0, 1)
    return Summary("jest (the harness's count of the results jest returned)", n.get("pass", 0),
                   n.get("fail", 0) + n.get("broken", 0), n.get("skipped", 0) + n.get("todo", 0))


def _jest(found: re.Match) -> Summary:
    n = {word: int(count) for count, word in re.findall(r"(\d+) ([a-z]+)", found["counts"])}
    return Summary("jest", n.get("passed", 0), n.get("failed", 0), n.get("skipped", 0) + n.get("todo", 0))


class JavaScriptProfile(Profile):
    """JavaScript's (and TypeScript's) rules."""

    def env(self, home: Path) -> dict[str, str]:
        """npm offline, its cache private to the run; no update check, no colour codes in the summary; the
        witness in every node process (replacing any NODE_OPTIONS the harness had), npm's scripts included; the
        toolchain's packages on NODE_PATH (only its own: the harness's NODE_PATH never reaches a sandbox)."""
        witness = f'--require "{WITNESS}"'
        modules = toolchain_modules()
        return {**({"NODE_PATH": str(modules)} if modules else {}),
                "npm_config_cache": str(home / ".npm"), "npm_config_offline": "true",
                "npm_config_update_notifier": "false", "npm_config_fund": "false", "npm_config_audit": "false",
                "NO_COLOR": "1", "FORCE_COLOR": "0", "NODE_OPTIONS": witness,
                # npm gives its scripts NODE_OPTIONS from its `node-options` setting, the environment's first
                "npm_config_node_options": witness}

    def path_dirs(self) -> list[str]:
        """The toolchain's node_modules/.bin (jest, tsc), when it is installed."""
        modules = toolchain_modules()
        return [str(modules / ".bin")] if modules else []

    def mounts(self) -> list[Path]:
        """node and npm, the witness the sandboxes' NODE_OPTIONS loads, and the toolchain's directory whole."""
        from bench.exec import sandbox
        modules = toolchain_modules()
        return [*super().mounts(), WITNESS, *(sandbox.mount_set([modules.parent]) if modules else [])]

    def summaries(self, text: str) -> list[Summary]:
        """Every `node --test` summary (TAP or spec reporter), every witness line (node --test's, jest's) and every
        jest summary: each judged alone, so a summary printed by the code under test cannot hide the runner's."""
        text = _ANSI.sub("", text.replace("\r\n", "\n"))
        found = [_node(m) for m in _NODE.finditer(text)]
        for m in _WITNESS.finditer(text):
            found += _witness(m)
        found += [_jest(m) for m in _JEST.finditer(text)]
        return found + [_jest_witness(m) for m in _JEST_WITNESS.finditer(text)]

    def holds_tests(self, path: str, file: Path) -> bool:
        """A fixture's source file that loads node:test is a test file whatever its name: a command that hands
        `node --test` its files (`node --test spec/*.js`) runs it, though node's own names would not."""
        if PurePosixPath(path).suffix.lstrip(".") not in _SUFFIXES:
            return False
        try:
            with file.open("rb") as fh:
                return bool(_NODE_TEST.search(fh.read(_MAX_SOURCE_BYTES)))
        except OSError:
            return False

    def lay_back(self, path: str, pristine: bytes, now: bytes | None) -> bytes | None:
        """Such a file is tests throughout: the fixture's, whole."""
        return pristine


_CONFIG = ("package.json", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml",
           "pnpm-workspace.yaml", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs", "jest.config.*",
           "vitest.config.*", "vite.config.*", "babel.config.*", ".babelrc", ".babelrc.*", "tsconfig*.json",
           "jsconfig.json", ".mocharc*", ".nycrc*", ".swcrc", "ava.config.*", "karma.conf.*", ".node-version",
           ".nvmrc")

# The file names node --test runs by default (node 20: *.test.js, *-test.js, *_test.js, test-*.js, test.js and
# every file under a test/ directory), jest's (*.spec.js, __tests__/), for every JavaScript/TypeScript suffix;
# jest's snapshots.
_TEST_NAMES = (*(pattern.format(suffix) for suffix in _SUFFIXES
                 for pattern in ("*.test.{}", "*.spec.{}", "*-test.{}", "*_test.{}", "test-*.{}", "test.{}")), "*.snap")

PROFILE = JavaScriptProfile(
    name="javascript", aliases=("js", "node", "nodejs", "typescript", "ts"),
    test_names=_TEST_NAMES,
    test_dirs=("__tests__", "test", "tests", "__mocks__", "__snapshots__"),
    config_names=_CONFIG, config_dirs=("node_modules", ".yarn"),
    tools=(Tool("node", ("node", "--version")), Tool("npm", ("npm", "--version")),
           Tool("jest", ("jest", "--version"), named=True), Tool("tsc", ("tsc", "--version"), named=True)),
    runners=("node --test", "jest"),
)
