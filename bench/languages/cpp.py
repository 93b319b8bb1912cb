"""C and C++: GoogleTest, Catch2 (v2 and v3) and CTest summaries; the build files protected; headers that would
shadow the compiler's own (the test framework's) found from the compiler's search path; precompiled headers and
added programs (which a build may use in place of what it would build) removed.

A file of the change that defines, undefines or pushes a macro named like an identifier of the fixture's test files
(the assertion macros, an in-tree Catch2's internals and include guard) is removed (shadowing).

Gaps (SECURITY.md): code under test is compiled into the test program, so it can print a runner's whole log and
`_exit(0)` (GoogleTest's; a Catch2 log must also report the held-out phase's tripwire failed, which it can do only
by telling the tripwire from the real test cases; a command that builds nothing runs where the held-out sources
cannot be read, hides_heldout, so it cannot read them at run time);
a header under test can still redefine a system-installed framework's internal macros that the tests do not name;
a script a task's command runs is not protected."""
from __future__ import annotations

import bisect
import functools
import itertools
import os
import random
import re
import secrets
import shutil
import stat
import subprocess
import uuid
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from bench.exec import safefs
from bench.languages.base import PLAIN_COMMAND, Library, Profile, Summary, Tool, closing_text, name_shape

_SOURCES = ("cpp", "cc", "cxx", "c")
_PRECOMPILED = (".gch", ".pch")
_MAGIC = (b"\x7fELF", b"!<arch>\n", b"!<thin>\n")
_COMPILERS = ("c++", "g++", "clang++", "cc", "gcc", "clang")

# GoogleTest: one block per test program, from its "N tests from M test suites ran." line (older releases say
# "test cases") to the next program's. --gtest_brief prints no "[  FAILED  ] N tests, listed below" line, so a
# program's failures are also what it ran less what passed or was skipped.
_GTEST_RAN = re.compile(r"^\[=+\] (\d+) tests? from \d+ test (?:suites?|cases?) ran\b", re.M)
_GTEST_PASSED = re.compile(r"^\[  PASSED  \] (\d+) tests?\.", re.M)
_GTEST_FAILED = re.compile(r"^\[  FAILED  \] (\d+) tests?, listed below", re.M)
_GTEST_SKIPPED = re.compile(r"^\[  SKIPPED \] (\d+) tests?(?:,|\.)", re.M)
_GTEST_DISABLED = re.compile(r"^\s*YOU HAVE (\d+) DISABLED TESTS?", re.M)
_GTEST_RUNNING = re.compile(r"^\[=+\] Running \d+ tests? from", re.M)
_GTEST_OK = re.compile(r"^\[       OK \] ", re.M)
_GTEST_FILTER = re.compile(r"^Note: Google Test filter = (.*)$", re.M)
# Sharding (GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX, which code under test can setenv before the runner reads them)
# runs one shard's tests and says so in this note; the summary then counts that shard alone.
_GTEST_SHARD = re.compile(r"^Note: This is test shard \d+ of \d+\.", re.M)
# Catch2: "All tests passed (A assertions in N test cases)", or columns "test cases: N | P passed | F failed |
# S skipped | X failed as expected" (each column only when not zero), or "No tests ran".
_CATCH_ALL = re.compile(r"^All tests passed \(\d+ assertions? in (\d+) test cases?\)", re.M)
_CATCH_COLUMNS = re.compile(r"^test cases: *(\d+)((?: *\| *\d+ [a-z ]+)*)$", re.M | re.I)
_CATCH_NONE = re.compile(r"^No tests ran$", re.M)
# CTest: "X% tests passed, F tests failed out of N", then "The following tests did not run:" listing skipped
# (counted in N) and disabled (not counted) tests; "No tests were found!!!" when none is registered.
_CTEST = re.compile(r"^\d+% tests passed, (\d+) tests? failed out of (\d+)", re.M)
_CTEST_NOT_RUN = re.compile(r"^The following tests did not run:\n((?:[ \t]+\d+ - .*\n?)*)", re.M)
_CTEST_NONE = re.compile(r"^No tests were found!!!", re.M)


def _blocks(text: str, anchor: re.Pattern) -> list[tuple[re.Match, str]]:
    """Each match of `anchor` with the text from it to the next match (one program's summary)."""
    found = list(anchor.finditer(text))
    return [(m, text[m.start():found[i + 1].start() if i + 1 < len(found) else len(text)])
            for i, m in enumerate(found)]


def _count(pattern: re.Pattern, text: str) -> int:
    found = pattern.search(text)
    return int(found.group(1)) if found else 0


def _filtered(command: str, text: str, pattern: re.Pattern) -> bool:
    """Whether the runner says it ran a subset of the tests that the task's command did not ask for."""
    return any(m.group(1).strip() not in command for m in pattern.finditer(text))


def gtest_summaries(text: str) -> list[Summary]:
    """GoogleTest's summary of each test program in `text`; disabled tests count as skipped, and so do tests it
    counts as passed but never ran (a global environment's GTEST_SKIP() in its SetUp: GoogleTest then reports
    every test passed, while no test printed its "[       OK ]" line)."""
    found, start = [], 0
    for ran, block in _blocks(text, _GTEST_RAN):
        before, start = text[start:ran.start()], ran.end()
        total, passed, skipped = int(ran.group(1)), _count(_GTEST_PASSED, block), _count(_GTEST_SKIPPED, block)
        if _GTEST_RUNNING.search(before):   # not --gtest_brief, which prints no line for a test that passed
            ran_ok = len(_GTEST_OK.findall(before))
            skipped, passed = skipped + max(passed - ran_ok, 0), min(passed, ran_ok)
        failed = max(_count(_GTEST_FAILED, block), total - passed - skipped)
        found.append(Summary("GoogleTest", passed, failed, skipped + _count(_GTEST_DISABLED, block)))
    return found


def catch2_summaries(text: str) -> list[Summary]:
    """Catch2's summary of each test program in `text` (v2 and v3; tests failing as expected count as passed)."""
    found = [Summary("Catch2", int(m.group(1)), 0) for m in _CATCH_ALL.finditer(text)]
    found += [Summary("Catch2", 0, 0) for _ in _CATCH_NONE.finditer(text)]
    for m in _CATCH_COLUMNS.finditer(text):
        columns = {}
        for cell in m.group(2).split("|")[1:]:
            number, _, label = cell.strip().partition(" ")
            columns[label.strip().lower()] = int(number)
        found.append(Summary("Catch2", columns.get("passed", 0) + columns.get("failed as expected", 0),
                             columns.get("failed", 0), columns.get("skipped", 0)))
    return found


def ctest_summaries(text: str) -> list[Summary]:
    """CTest's summary of each run in `text`: tests that did not run (skipped, disabled) count as skipped."""
    found = [Summary("CTest", 0, 0) for _ in _CTEST_NONE.finditer(text)]
    for m, block in _blocks(text, _CTEST):
        failed, total = int(m.group(1)), int(m.group(2))
        listed = _CTEST_NOT_RUN.search(block)
        not_run = [line.strip() for line in listed.group(1).splitlines() if line.strip()] if listed else []
        counted = [line for line in not_run if not line.endswith("(Disabled)")]   # a disabled test is not in N
        found.append(Summary("CTest", max(total - failed - len(counted), 0), failed, len(not_run)))
    return found


@functools.cache
def system_include_dirs() -> tuple[str, ...]:
    """The directories the installed C and C++ compilers search for `#include <...>` after the command's own -I
    directories, as each compiler says (`-E -v`): where the test framework's headers are found."""
    found: list[str] = []
    for name in _COMPILERS:
        exe = shutil.which(name)
        if exe is None:
            continue
        lang = "c++" if "+" in name else "c"
        try:
            done = subprocess.run([exe, f"-x{lang}", "-E", "-v", os.devnull], capture_output=True, timeout=60,
                                  stdin=subprocess.DEVNULL, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        listing = done.stderr.decode(errors="replace").split("#include <...> search starts here:", 1)
        if len(listing) < 2:
            continue
        for line in listing[1].split("End of search list.", 1)[0].splitlines():
            where = line.strip().removesuffix(" (framework directory)")
            if where and os.path.isabs(where):
                found.append(os.path.normpath(where))
    return tuple(dict.fromkeys(found))


def _compiled(path: str, dest: Path, st: os.stat_result) -> bool:
    """Whether the added regular file is one the kernel can run (an exec bit: a `#!` script or a binary) or
    compiled code by its own magic number (ELF objects, programs and libraries; `ar` archives)."""
    if not stat.S_ISREG(st.st_mode):
        return False
    if st.st_mode & 0o111:
        return True
    head = safefs.read_capped(dest, path, 8)
    return bool(head) and head[0].startswith(_MAGIC)


# Catch2's console reporter under `-d yes` (`--durations yes`) prints "<seconds> s: <name>" as each test case (and
# section) ends; only a command that asks for it is held to naming its tests.
_CATCH_DURATIONS_ON = re.compile(r"(?:^|\s)(?:-d|--durations)[ =]yes\b")
_CATCH_DURATION = re.compile(r"^\d+\.\d+ s: (.*)$", re.M)
_CATCH_DECL = re.compile(r'^[ \t]*(?:TEST_CASE|SCENARIO)\s*\(\s*((?:"(?:[^"\\\n]|\\.)*"\s*)+)'
                         r'(?:,\s*((?:"(?:[^"\\\n]|\\.)*"\s*)+))?')
_C_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_PP_IF = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b(.*)$")
_RUN_ALL = re.compile(r"^\s*(?:defined\s*\(?\s*EXERCISM_RUN_ALL_TESTS\s*\)?|EXERCISM_RUN_ALL_TESTS)\s*$")


def catch2_declared(text: str) -> list[str]:
    """The Catch2 test cases a file declares that are compiled whatever the build defines: at the top of the file
    or under Exercism's `#if defined(EXERCISM_RUN_ALL_TESTS)` (which every grading command defines); a test case
    under any other preprocessor condition (a benchmark only some builds include) may rightly never run."""
    return [name for _, name, _ in _catch2_cases(text)]


def catch2_tags(text: str) -> list[tuple[str, str]]:
    """(name, tags as written: `[a][b]`, or '') of each test case catch2_declared counts."""
    return [(name, tags) for _, name, tags in _catch2_cases(text)]


def _unquote(literals: str) -> str:
    """The text of C string literals written one after another (`"a" "b"`), as the tests' name or tags."""
    return "".join(_C_LITERAL.findall(literals)).replace('\\"', '"').replace("\\\\", "\\")


def _catch2_cases(text: str) -> list[tuple[int, str, str]]:
    """(the line its declaration begins on, its name, its tags) of each test case catch2_declared counts."""
    found, stack = [], []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        pp = _PP_IF.match(line)
        if pp:
            kind, rest = pp.group(1), pp.group(2)
            if kind in ("if", "ifdef"):
                stack.append(bool(_RUN_ALL.match(rest)))
            elif kind == "ifndef":
                stack.append(False)
            elif kind in ("elif", "else") and stack:
                stack[-1] = False
            elif kind == "endif" and stack:
                stack.pop()
            continue
        # clang-format's `// clang-format off` lines may stand between the macro and its name
        window = "\n".join(re.sub(r"^\s*//.*$", "", x) for x in lines[i:i + 5])
        m = _CATCH_DECL.match(window) if "TEST_CASE" in line or "SCENARIO" in line else None
        if m and all(stack):   # the name: its string literals, which may follow on the next lines, joined
            found.append((i, _unquote(m.group(1)), _unquote(m.group(2) or "")))
    return found


# What a change's file may not do to the tests' macros, read with no lexer to disagree with the compiler's: after
# line splices are removed (with trigraphs read and not: a build may enable them), every place in the text where a
# directive defining, undefining, pushing or popping a macro could be (`#`, or the digraph `%:`, then any
# whitespace and comments, newlines too), comments and literals included. A directive behind `#\<newline>define`,
# `# /* */ undef` or a raw string that only looks like a comment is found; one that only a comment or a literal
# holds is found too, which costs an honest file nothing unless its comment names a framework macro.
_TRIGRAPHS = {"??=": "#", "??/": "\\", "??'": "^", "??(": "[", "??)": "]", "??!": "|", "??<": "{", "??>": "}",
              "??-": "~"}
_SPLICE = re.compile(r"\\[ \t\f\v]*\r?\n")
_HASH = re.compile(r"#|%:")
_SPACE = re.compile(r"\s*")
_KEYWORD = re.compile(r"(define|undef)(?![\w$])")
_NAME = re.compile(r"[A-Za-z_]\w*")
_MACRO_PRAGMA = re.compile(r'(?:push_macro|pop_macro)\s*\(\s*(?:u8|[uUL])?R?\\*"[^A-Za-z_"]*([A-Za-z_]\w*)')
_IDENT = re.compile(rb"[A-Za-z_]\w*")
MAX_SCAN_BYTES = 2 * 1024 * 1024


def _skip_gap(text: str, at: int, closes: list[int]) -> int | None:
    """Past the whitespace (newlines too) and block comments from `at`; None at a comment never closed. `closes`:
    where each `*/` of the text starts, so a run of unclosed comments costs no rescan of the text."""
    while True:
        at = _SPACE.match(text, at).end()
        if not text.startswith("/*", at):
            return at
        i = bisect.bisect_left(closes, at + 2)
        if i == len(closes):
            return None
        at = closes[i] + 2


def _directive_names(text: str) -> set[str]:
    """The names after each `#define` or `#undef` the text could hold (`#` or `%:`, then gaps)."""
    closes = [m.start() for m in re.finditer(r"\*/", text)]
    found = set()
    for hash_ in _HASH.finditer(text):
        at = _skip_gap(text, hash_.end(), closes)
        keyword = _KEYWORD.match(text, at) if at is not None else None
        if keyword is None:
            continue
        at = _skip_gap(text, keyword.end(), closes)
        name = _NAME.match(text, at) if at is not None and at > keyword.end() else None
        if name:
            found.add(name.group(0))
    return found


def macro_names_touched(data: bytes) -> set[str]:
    """Every macro name a C or C++ file could define, undefine, or push and pop (`#pragma push_macro`, `_Pragma`),
    in any branch of its conditionals (which the build's flags choose): a superset of what the compiler reads."""
    found: set[str] = set()
    raw = data.decode("latin-1")
    trigraphs = raw
    for trigraph, char in _TRIGRAPHS.items():
        trigraphs = trigraphs.replace(trigraph, char)
    for text in {raw, trigraphs}:
        text = _SPLICE.sub("", text)
        found |= _directive_names(text) | set(_MACRO_PRAGMA.findall(text))
    return found


def framework_names(tests: list[tuple[str, bytes]]) -> set[bytes]:
    """Every identifier the fixture's C and C++ test files hold (its tests, test/catch.hpp, test/tests-main.cpp):
    the assertion and test macros, Catch2's internal macros and include guard, the names its macros expand to,
    and the names the tests use."""
    return {m.group(0) for _, data in tests for m in _IDENT.finditer(data)}


def _builds(command: str) -> bool:
    """Whether a command runs a compiler or a build tool (any word of it names one: `g++ ...`, `make`, `cmake
    --build`): it may read any source, the tests' too."""
    return any(PurePosixPath(word).name in _BUILDERS for word in _WORDS.findall(command))


_BUILDERS = frozenset((*_COMPILERS, "cpp", "ld", "as", "make", "gmake", "cmake", "ninja", "meson", "bazel", "scons",
                       "c89", "c99", "cc1", "cc1plus", "tcc", "icpx", "icx"))
_WORDS = re.compile(r"[^\s;&|()<>`'\"=]+")
_HEADERS = ("h", "hh", "hpp", "hxx", "inl", "ipp", "tpp")


_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _fresh_uuid(like: str, rng: random.Random) -> str:
    """A random UUID written as `like` is: its version and variant digits kept, its case too."""
    fresh = list(str(uuid.UUID(int=rng.getrandbits(128))))
    fresh[14], fresh[19] = like[14].lower(), like[19].lower()
    text = "".join(fresh)
    return text.upper() if like.isupper() else text


def _c_literal(text: str) -> str:
    """`text` as a C string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# A test case's block in Catch2's console report: its name (wrapped over lines past the console's width) between
# two rules, then what it printed up to the next rule.
_CATCH_FAILURE_BLOCK = re.compile(r"^-{20,}\n((?:(?!-{20,}$).*\n){1,8}?)-{20,}\n((?:(?!-{20,}$|={20,}$).*\n)*)", re.M)
CATCH_NAME_WIDTH = 76   # a test case's name longer than this Catch2's console reporter wraps over lines


def _header_names(header: str, name: str) -> bool:
    """Whether a block's header (the lines between its rules) is the test case `name`: the one line, or for a
    name Catch2 wraps (longer than CATCH_NAME_WIDTH) its lines, which it breaks at its own places, run together."""
    if header == f"{name}\n":
        return True
    return len(name) > CATCH_NAME_WIDTH and re.sub(r"\s+", "", header) == re.sub(r"\s+", "", name)


class CppProfile(Profile):
    """C++'s rules."""

    def hides_heldout(self, command: str, path: str, earlier: Sequence[str] = ()) -> bool:
        """A held-out C or C++ source or header cannot be read by a command that builds nothing after one that
        built (the task's second command, running the program the first built): code under test compiled into
        the test program cannot read the held-out test cases' names from it and print them as passed."""
        return PurePosixPath(path).suffix.lstrip(".") in (*_SOURCES, *_HEADERS) and not _builds(command) \
            and any(_builds(c) for c in earlier)

    def unreported(self, laid, outputs, allow_skipped: bool = False, commands=()) -> list[str]:
        """The Catch2 test cases of the held-out C++ files laid (catch2_declared) that no output names as ended
        (`-d yes`), where every command that runs tests asked Catch2 for its durations (a command that builds
        and names no `-d`, the build before the run, runs none): a summary forged from inside the test program
        (a static constructor printing "All tests passed" and exiting 0) must then also name every held-out test
        case. [] for any other command (GoogleTest, CTest, Catch2 without -d yes)."""
        running = [c for c in commands if _CATCH_DURATIONS_ON.search(c) or not _builds(c)]
        if not running or not all(_CATCH_DURATIONS_ON.search(c) for c in running):
            return []
        declared = {name for rel, data in laid if rel.endswith(tuple(f".{s}" for s in _SOURCES))
                    for name in catch2_declared(data.decode("utf-8", errors="replace"))}
        ended = {m.group(1).rstrip("\r") for out in outputs
                 for m in _CATCH_DURATION.finditer(out.decode("utf-8", errors="replace"))}
        return sorted(declared - ended)

    def tripwire_names(self, text: str) -> list[str]:
        """The Catch2 test cases a C++ source declares (catch2_declared), those whose name holds no backslash
        (an escape the tripwire's literal would have to write as the test's does)."""
        return [name for name in catch2_declared(text) if "\\" not in name]

    def tripwire(self, path: str, text: str, name: str,
                 rng: random.Random | None = None) -> tuple[str, str] | None:
        """A C++ source declaring Catch2 test cases (catch2_declared) with one more, `name`, written just before one
        of those declarations chosen at random, with tags shaped like those of a test case whose name has the
        shape of `name` (base.name_shape; any test case where none has): each UUID among them a fresh random one,
        every other tag as it is, none where it has none. Its body REQUIREs that a volatile number equals another;
        it spans as many lines as lie between two of the file's declarations (one such distance at random).
        None for any other file, or one that already declares that name."""
        if PurePosixPath(path).suffix.lstrip(".") not in _SOURCES:
            return None
        cases = _catch2_cases(text)
        if not cases or name in {n for _, n, _ in cases} or "\n" in name:
            return None
        chooser = rng or secrets.SystemRandom()
        line = chooser.choice(cases)[0]
        alike = [tags for _, n, tags in cases if name_shape(n) == name_shape(name)]
        tags = _UUID.sub(lambda m: _fresh_uuid(m.group(0), chooser), chooser.choice(alike or [t for _, _, t in cases]))
        left = chooser.randrange(1, 1 << 31)
        right = left + chooser.randrange(1, 1 << 16)
        declared = _c_literal(name) + (f", {_c_literal(tags)}" if tags else "")
        # Catch2's registry holds the line each test case is declared on (what code under test can read at run
        # time): the tripwire takes as many lines as the file puts between two of its own declarations, one such
        # distance drawn at random, so the next test case begins as far after it as one does after a real one.
        starts = sorted(at for at, _, _ in cases)
        span = chooser.choice([b - a for a, b in itertools.pairwise(starts)] or [5])
        body = [f"TEST_CASE({declared}) {{", f"    volatile long long left = {left};",
                f"    REQUIRE(left == {right});", "}"]
        body = body if span >= len(body) else [" ".join(x.strip() for x in body)]
        case = "".join(f"{x}\n" for x in body) + "\n" * (span - len(body))
        lines = text.splitlines(keepends=True)
        return "".join([*lines[:line], case, *lines[line:]]), name

    def tripwire_commands(self, commands: Sequence[str]) -> bool:
        """The polyglot suite's shape: every command is one plain program (no shell list, pipe, substitution or
        redirection): a compiler building the test program, or the built program run by its path (`./test-runner
        -d yes`), whose exit status is Catch2's own. A build tool (make, cmake, ctest), a script or a shell line
        between decides the status itself (make exits 2 when the program it ran failed): no tripwire there."""
        def plain(command: str) -> bool:
            words = command.split()
            return bool(PLAIN_COMMAND.fullmatch(command.strip())) and (
                PurePosixPath(words[0]).name in _COMPILERS or (words[0].startswith("./") and not _builds(command)))
        return bool(commands) and all(plain(c) for c in commands) and not all(_builds(c) for c in commands)

    def tripwire_status(self, output: bytes, name: str) -> str | None:
        """'failed' when Catch2's console reporter printed the test case `name`'s failure (its name between two
        rules, then a `FAILED:` assertion before the next test case's), 'passed' when it named it ended (`-d yes`)
        with no failure, None otherwise."""
        text = output.decode("utf-8", errors="replace")
        quoted = re.escape(name)
        for block in _CATCH_FAILURE_BLOCK.finditer(text):
            if _header_names(block.group(1), name) and re.search(r": FAILED:$", block.group(2), re.M):
                return "failed"
        return "passed" if re.search(rf"^\d+\.\d+ s: {quoted}$", text, re.M) else None

    def tripwire_exit(self, exit_code: int | None) -> bool:
        """Catch2 v2 exits with its failed assertions' count (the tripwire's one: 1), v3 with 42."""
        return exit_code in (1, 42)

    def summaries(self, text: str) -> list[Summary]:
        """GoogleTest's, Catch2's and CTest's summaries in a command's output."""
        return [*gtest_summaries(text), *catch2_summaries(text), *ctest_summaries(text)]

    def step_problem(self, command: str, output: bytes, allow_skipped: bool = False) -> tuple[bool, str | None]:
        """The runners' summaries' verdict; a subset of the tests run that the command did not ask for (the
        runner's own "filter" or "shard" note: GoogleTest's, which the code under test can set from a static
        initializer through GTEST_FILTER, GTEST_TOTAL_SHARDS or the flag itself) is tests_skipped."""
        text = closing_text(output)
        found, problem = super().step_problem(command, output, allow_skipped)
        if found and problem is None and (_filtered(command, text, _GTEST_FILTER)
                                          or ("GTEST_TOTAL_SHARDS" not in command and _GTEST_SHARD.search(text))):
            return True, "tests_skipped"
        return found, problem

    def shadowing(self, dest: Path, changed: list[str], tests: list[tuple[str, bytes]]) -> list[str]:
        """The files the change added or modified (any name: `#include` reads any file) that define, undefine or
        push and pop a macro named like an identifier of the fixture's tests or their framework (framework_names):
        `#define REQUIRE(x) CHECK(true)`, `#undef TEST_CASE`, Catch2's include guard defined before catch.hpp, a
        name a Catch2 macro expands to, a name the tests call. Such a file would decide what the tests' own lines
        mean; grading removes it (the build then fails). A file too large to read whole counts as one."""
        names = framework_names(tests)
        found = []
        for path in changed:
            read = safefs.read_capped(dest, path, MAX_SCAN_BYTES)
            if read is None:
                continue
            data, truncated = read
            if truncated or any(name.encode() in names for name in macro_names_touched(data)):
                found.append(path)
        return found

    def added_problem(self, path: str, dest: Path) -> str | None:
        """compiled_module_added for an added precompiled header (GCC reads `X.gch`, a file or a directory of
        them, in place of the header `X` it would include: a compiled framework header or code under test no
        rule can read), or an added file the kernel can run or the linker reads as compiled code (an exec bit,
        ELF or an `ar` archive: a build that finds it newer than its sources runs it in place of the tests it
        would build); shadows_module for an added file (or symlink) whose path, read from any of its ancestor
        directories (any of which a -I flag may name), names a header (or any entry) of the compiler's system
        include directories:
        `include/gtest/gtest.h` is found before the framework's `gtest/gtest.h`. A real directory is judged by
        the files it holds (a directory named like a system one, `debug/`, `net/`, shadows nothing by itself)."""
        st = safefs.lstat(dest, path)
        if st is None:
            return None
        if PurePosixPath(path).name.endswith(_PRECOMPILED) or _compiled(path, dest, st):
            return "compiled_module_added"
        if stat.S_ISDIR(st.st_mode):
            return None
        link = stat.S_ISLNK(st.st_mode)   # a link may stand for a directory: it shadows whatever it is named like
        parts = PurePosixPath(path).parts
        for depth in range(len(parts)):
            tail = os.path.join(*parts[depth:])
            for where in system_include_dirs():
                there = os.path.join(where, tail)
                if os.path.lexists(there) and (link or not os.path.isdir(there)):
                    return "shadows_module"
        return None


PROFILE = CppProfile(
    name="cpp", aliases=("c++", "cxx", "c"),
    test_names=tuple(pattern.format(s) for s in _SOURCES
                     for pattern in ("*_test.{}", "*_tests.{}", "test_*.{}", "*_unittest.{}")),
    test_dirs=("test", "tests"),
    config_names=("CMakeLists.txt", "*.cmake", "CMakePresets.json", "CMakeUserPresets.json", "Makefile",
                  "makefile", "GNUmakefile", "*.mk", "meson.build", "meson_options.txt", "meson.options",
                  "configure", "configure.ac", "Makefile.am", "Makefile.in", "conanfile.*", "vcpkg.json",
                  "CTestTestfile.cmake", "BUILD", "BUILD.bazel", "WORKSPACE", "MODULE.bazel"),
    config_dirs=("cmake",), build_dirs=("build",),
    tools=(Tool("g++", ("g++", "--version")), Tool("cmake", ("cmake", "--version"))),
    libraries=(Library("GoogleTest", "/usr/include/gtest/gtest.h", r"^Version: (\S+)",
                       version_file="/usr/lib/*/pkgconfig/gtest.pc"),
               Library("Catch2", "/usr/include/catch2/catch.hpp", r"Catch v(\d[\w.]*)")),
    runners=("Catch2", "GoogleTest", "CTest"),
)
