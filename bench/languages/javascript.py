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

import json
import random
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from bench.languages import base
from bench.languages.base import PLAIN_COMMAND, Profile, Summary, Tool, closing_text

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


_JEST_TITLES = re.compile(r"^# localagentbench jest titles: (\{.*\})$", re.M)
_JEST_COUNTS = ("jest", "jest (the harness's count of the results jest returned)")   # the counts of a finished run
# jest's options that pick or stop tests by name or outcome, or run none: its exit status no longer says what the
# held-out file's tests did
_JEST_PICKS = re.compile(r"--?(?:t|testNamePattern|bail|b|onlyFailures|f|listTests|watch|watchAll|o|onlyChanged|"
                         r"lastCommit|changedSince|findRelatedTests|shard|passWithNoTests)(?:=|$)")
_KEYWORDS_BEFORE_REGEX = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case",
                          "do", "else", "yield", "await"}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


@dataclass(frozen=True)
class _Token:
    kind: str    # "name", "string", "template", "regex", "number", "punct"
    text: str    # a name or punctuator as written; a string's value
    start: int


def _tokens(text: str) -> list[_Token]:  # noqa: C901 - one pass over the text, a branch per kind of token
    """JavaScript's tokens, enough to find test and describe calls: comments dropped; strings, template literals
    (their `${...}` read as code) and regular expression literals (a `/` where an expression starts) each one token.
    ValueError on a literal or comment that does not end."""
    found: list[_Token] = []
    braces: list[str] = []   # "{" of code, or "`" for a template literal's `${`
    i, n = 0, len(text)

    def template(at: int) -> int:   # from just after a ` or a template's closing }: to just after its end or ${
        j = at
        while j < n:
            if text[j] == "\\":
                j += 2
            elif text[j] == "`":
                return j + 1
            elif text.startswith("${", j):
                braces.append("`")
                return j + 2
            else:
                j += 1
        raise ValueError("template literal does not end")

    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise ValueError("comment does not end")
            i = end + 2
        elif c in "'\"":
            j, value = i + 1, []
            while j < n and text[j] != c:
                if text[j] == "\n":
                    raise ValueError("string does not end")
                if text[j] == "\\" and j + 1 < n:
                    value.append(_ESCAPES.get(text[j + 1], text[j + 1]))
                    j += 2
                else:
                    value.append(text[j])
                    j += 1
            if j >= n:
                raise ValueError("string does not end")
            found.append(_Token("string", "".join(value), i))
            i = j + 1
        elif c == "`":
            found.append(_Token("template", "", i))
            i = template(i + 1)
        elif c == "}" and braces and braces[-1] == "`":
            braces.pop()
            i = template(i + 1)
        elif c == "/":
            last = found[-1] if found else None
            if last is None or (last.kind == "punct" and last.text not in (")", "]", "}")) or \
                    (last.kind == "name" and last.text in _KEYWORDS_BEFORE_REGEX):
                j, in_class = i + 1, False
                while j < n and (in_class or text[j] != "/"):
                    if text[j] == "\n":
                        raise ValueError("regular expression does not end")
                    if text[j] == "\\":
                        j += 1
                    elif text[j] == "[":
                        in_class = True
                    elif text[j] == "]":
                        in_class = False
                    j += 1
                j += 1
                while j < n and (text[j].isalnum() or text[j] == "_"):
                    j += 1
                found.append(_Token("regex", "", i))
                i = j
            else:
                found.append(_Token("punct", c, i))
                i += 1
        elif c.isalpha() or c in "_$":
            j = i
            while j < n and (text[j].isalnum() or text[j] in "_$"):
                j += 1
            found.append(_Token("name", text[i:j], i))
            i = j
        elif c.isdigit():
            j = i
            while j < n and (text[j].isalnum() or text[j] in "._"):
                j += 1
            found.append(_Token("number", text[i:j], i))
            i = j
        else:
            if c == "{":
                braces.append("{")
            elif c == "}" and braces:
                braces.pop()
            found.append(_Token("punct", c, i))
            i += 1
    return found


@dataclass(frozen=True)
class _Test:
    """A jest test call a file declares: its title, its describe blocks' titles, where its line starts, and
    whether a tripwire may go just before it (a plain `test`/`it` directly in a plain describe's callback body,
    or at the top level)."""

    call: str    # test or it
    title: str
    ancestors: tuple[str, ...]
    line: int
    indent: str
    plain: bool


def _jest_tests(text: str) -> tuple[list[_Test], bool]:
    """(every `test`/`it` call with a literal title a jest test file declares, whether the file focuses tests:
    `.only`, `fit`, `fdescribe`, `ftest`); ([], True) for a file the tokenizer cannot read."""
    try:
        tokens = _tokens(text)
    except ValueError:
        return [], True
    # each open bracket: (the bracket, the describe titles where it opens a describe call's arguments, whether that
    # describe and those around it are plain: neither skipped, table-driven nor focused)
    stack: list[tuple[str, tuple[str, ...] | None, bool]] = []
    describes: dict[int, tuple[tuple[str, ...], bool]] = {}   # token index of a describe call's "(" -> its mark
    tests: list[_Test] = []
    focused = False
    for k, tok in enumerate(tokens):
        if tok.kind == "punct" and tok.text in "([{":
            titles, plain = describes.get(k, (None, False))
            stack.append((tok.text, titles, plain))
            continue
        if tok.kind == "punct" and tok.text in ")]}":
            if stack:
                stack.pop()
            continue
        if tok.kind != "name" or (k and tokens[k - 1].kind == "punct" and tokens[k - 1].text == "."):
            continue
        chain, j = [tok.text], k + 1
        while j + 1 < len(tokens) and tokens[j].text == "." and tokens[j + 1].kind == "name":
            chain.append(tokens[j + 1].text)
            j += 2
        if chain[0] in ("fit", "fdescribe", "ftest") or (chain[0] in ("test", "it", "describe") and "only" in chain):
            focused = True
        if chain[0] not in ("test", "it", "describe", "xit", "xtest", "xdescribe") or not (
                j + 1 < len(tokens) and tokens[j].text == "(" and tokens[j + 1].kind == "string"):
            continue
        outer = [entry for entry in stack if entry[1] is not None]
        ancestors = tuple(title for entry in outer for title in entry[1])
        plain = len(chain) == 1 and chain[0] in ("test", "it", "describe") and all(entry[2] for entry in outer)
        if chain[0].endswith("describe"):
            describes[j] = ((tokens[j + 1].text,), plain)
            continue
        # directly in the body of the innermost describe's callback (`() => {`, `function () {`), or at the top
        direct = not stack or (len(stack) >= 2 and stack[-1][0] == "{" and stack[-2] is (outer[-1] if outer else None))
        line = text.rfind("\n", 0, tok.start) + 1
        indent = text[line:tok.start]
        tests.append(_Test(chain[0], tokens[j + 1].text, ancestors, line, indent,
                           plain and direct and not indent.strip()))
    return tests, focused

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

    def tripwire_names(self, text: str) -> list[str]:
        """The titles of the jest tests a file declares (`test('a title', ...)`, `it(...)`); the runner reports each
        after its describe blocks' titles (JavaScriptProfile.tripwire)."""
        return [test.title for test in _jest_tests(text)[0]]

    def tripwire(self, path: str, text: str, name: str,
                 rng: random.Random | None = None) -> tuple[str, str] | None:
        """A jest test file (a test file of the profile, not one of node:test) with a test titled `name` written just
        before one of its plain tests (`test`/`it` directly in the body of a describe that is neither skipped,
        table-driven nor focused, or at the top level) chosen at random, with its call, indentation and quotes,
        whose body expects two different numbers to be equal through the file's own `expect` (typed in TypeScript),
        so it fails as a test of the file fails. Returns it with the name jest
        reports the tripwire by (its describe blocks' titles and `name`, joined by spaces). None for any other
        file, one that focuses tests (`.only`: jest would skip the tripwire) or one the tokenizer cannot read, a
        name over lines, or one a test of the file is already reported by."""
        suffix = PurePosixPath(path).suffix.lstrip(".")
        if suffix not in _SUFFIXES or not self.is_test_path(path) or "\n" in name or _NODE_TEST.search(
                text.encode("utf-8")):
            return None
        tests, focused = _jest_tests(text)
        spots = [test for test in tests if test.plain]
        if focused or not spots:
            return None
        chooser = rng or secrets.SystemRandom()
        spot = chooser.choice(spots)
        reported = " ".join([*spot.ancestors, name])
        if reported in {" ".join([*test.ancestors, test.title]) for test in tests}:
            return None
        left = chooser.randrange(1, 1 << 31)
        right = left + chooser.randrange(1, 1 << 16)
        literal = "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"
        typed = ": number" if suffix in ("ts", "mts", "cts", "tsx") else ""
        at = spot.indent
        # it fails as the file's tests fail, through the file's own `expect` (jest's matcher error, its
        # matcherResult): code under test that lets every failed expectation pass lets it pass too
        body = (f"{at}{spot.call}({literal}, () => {{\n{at}  const received{typed} = {left};\n"
                f"{at}  expect(received).toBe({right});\n{at}}});\n\n")
        return text[:spot.line] + body + text[spot.line:], reported

    def tripwire_commands(self, commands: Sequence[str]) -> bool:
        """Every command is one plain `jest ...` (no shell list, pipe, substitution or redirection; none that picks
        or stops tests by their names or outcome: _JEST_PICKS) or `tsc ...`, and one at least is jest: its exit
        status is jest's."""
        def plain(command: str) -> bool:
            words = command.split()
            return bool(PLAIN_COMMAND.fullmatch(command.strip())) and words[0] in ("jest", "tsc") and not any(
                _JEST_PICKS.match(word) for word in words[1:])
        return bool(commands) and all(plain(c) for c in commands) and any(c.split()[0] == "jest" for c in commands)

    def tripwire_status(self, output: bytes, name: str) -> str | None:
        """From the witness's lines naming jest's results (`# localagentbench jest titles:`): 'passed' when one
        names the test `name` passed or skipped, 'failed' when one names it failed, None otherwise."""
        said = []
        for m in _JEST_TITLES.finditer(output.decode("utf-8", errors="replace")):
            try:
                named = json.loads(m.group(1))
            except ValueError:
                continue
            if isinstance(named, dict):
                said += [kind for kind, names in named.items() if isinstance(names, list) and name in names]
        if "passed" in said or "skipped" in said:
            return "passed"
        return "failed" if "failed" in said else None

    def tripwire_exit(self, exit_code: int | None) -> bool:
        """jest exits 1 when a test failed."""
        return exit_code == 1

    def tripwire_problem(self, command: str, output: bytes, allow_skipped: bool = False) -> tuple[bool, str | None]:
        """As Profile.tripwire_problem, for each count of the finished run (jest's `Tests:` line and the witness's):
        each must count the tripwire's failure, and is then judged without it."""
        found = self.summaries(closing_text(output))
        counts = [s for s in found if s.runner in _JEST_COUNTS]
        if not counts or any(not s.failed for s in counts):
            return bool(found), "tripwire_passed"
        return True, base.combined([replace(s, failed=s.failed - 1) if s.runner in _JEST_COUNTS else s
                                    for s in found], allow_skipped)

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
